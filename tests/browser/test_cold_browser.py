"""Lessons opened cold in a real browser: JupyterLab, not trusted, not run; and static HTML.

A lesson fresh from the repository is not trusted: JupyterLab shows the richest *safe* format
of each stored output, ``text/html`` through its sanitizer (which strips inline ``<svg>`` and
keeps ``<img src="data:…">``), and never draws a widget. This server keeps no notebook
signatures (``--NotebookNotary.db_file=:memory:``), so no lesson is trusted by an earlier save.
For every lesson (a copy), opened and not run:

* every code cell is untrusted; no output says "model not found" or "Error displaying widget";
* each widget output shows its picture (``text/html``, ``.lp-picture``), not its text repr
  (``SetBuilder(rules=…)``);
* each output that stores card pictures shows them as ``<img>`` elements that the browser
  decodes, each with alt text.

Then, warm: lesson 00 run in the same page shows the live widget in place of its picture
(JupyterLab prefers the widget view where it can draw it). And ``jupyter nbconvert --to html``
of every lesson (GitHub and nbviewer show the same ``text/html``) holds the card pictures and
each widget's picture, never a widget's repr; lesson 00's page, opened with every request that
leaves loopback refused, decodes them all.
"""

from __future__ import annotations

import html as html_lib
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
IMG = '<img src="data:image/svg+xml;base64,'
BROKEN = ("model not found", "Error displaying widget")
STATIC_IMG = re.compile(r'<img\b[^>]*\bsrc="data:image/svg\+xml;base64,')
"""A card picture in nbconvert's HTML (which writes each tag's attributes in its own order)."""


@pytest.fixture(scope="module")
def cold_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ld.Server]:
    """A JupyterLab that trusts no notebook it did not run itself."""
    yield from ld.serve_lab(tmp_path_factory, "cold-lab", "--NotebookNotary.db_file=:memory:")


@pytest.fixture
def cold_page(chromium: Any) -> Iterator[Any]:
    """A fresh page (``page.errors``: uncaught page errors); its kernel is shut down after."""
    with ld.notebook_page(chromium, width=1300, height=1500, timeout=20_000) as page:
        yield page


# Each stored output of the open notebook, with what the page shows for it.
_OUTPUTS = """async () => {
  const text = (v) => Array.isArray(v) ? v.join("") : (v === undefined ? "" : String(v));
  const out = [];
  const cells = window.jupyterapp.shell.currentWidget.content.widgets;
  for (const [n, c] of cells.entries()) {
    if (c.model.type !== "code") continue;
    const area = c.outputArea;
    for (let i = 0; i < area.model.length; i++) {
      const stored = area.model.get(i).toJSON();
      const data = stored.data || {};
      const item = area.widgets[i];
      const node = item ? item.node.querySelector(".jp-OutputArea-output") : null;
      const imgs = node ? [...node.querySelectorAll('img[src^="data:image/svg+xml"]')] : [];
      const decoded = await Promise.all(imgs.map((im) => im.decode().then(() => 1, () => 0)));
      out.push({
        cell: n, index: i, trusted: c.model.trusted, run: c.model.executionCount,
        type: stored.output_type, stored: Object.keys(data),
        stored_img: text(data["text/html"]).includes('<img src="data:image/svg+xml;base64,'),
        plain: text(data["text/plain"]),
        shown: node ? node.getAttribute("data-mime-type") : null,
        text: node ? node.innerText : "",
        imgs: imgs.length, decoded: decoded.reduce((a, b) => a + b, 0),
        alts: imgs.map((im) => im.alt),
        picture: !!(node && node.querySelector(".lp-picture")),
        live: !!(node && node.querySelector(".lp-lesson-root")),
      });
    }
  }
  return out;
}"""


def _outputs(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(_OUTPUTS))


def _check_cold(outs: list[dict[str, Any]]) -> None:
    assert outs, "the lesson shows no stored output"
    assert not any(o["trusted"] for o in outs), "a cell is trusted: the lesson did not open cold"
    for o in outs:
        where = f"cell {o['cell']} output {o['index']}"
        assert not any(b in o["text"] for b in BROKEN), (where, o["text"][:200])
        if WIDGET in o["stored"]:
            assert o["shown"] == "text/html" and o["picture"], (where, o["shown"], o["text"][:200])
            assert o["plain"] not in o["text"], (where, "shows the widget's repr", o["plain"])
        if o["stored_img"]:
            assert o["imgs"] > 0, (where, "stores card pictures, shows none", o["text"][:200])
            assert o["decoded"] == o["imgs"], (where, "a card picture does not decode")
            assert all(o["alts"]), (where, "a card picture has no alt text", o["alts"])


@pytest.mark.parametrize("name", LESSONS, ids=[n[:2] for n in LESSONS])
def test_lesson_opened_cold_shows_pictures(
    name: str, cold_lab: ld.Server, cold_page: Any, tmp_path: Path
) -> None:
    shutil.copyfile(NOTEBOOKS / name, Path(cold_lab.base) / "notebooks" / name)
    ld.open_page(cold_page, cold_lab, name)
    outs = _outputs(cold_page)
    cold_page.screenshot(path=tmp_path / f"{name[:2]}-cold.png")
    _check_cold(outs)
    assert cold_page.errors == []


def test_lesson_00_cold_then_warm(cold_lab: ld.Server, cold_page: Any, tmp_path: Path) -> None:
    """Cold: the verdicts' and the SetBuilder's card pictures as images, the widget's picture.
    Run (its outputs are then trusted): the live widget replaces the picture."""
    name = LESSONS[0]
    assert name.startswith("00_")
    shutil.copyfile(NOTEBOOKS / name, Path(cold_lab.base) / "notebooks" / name)
    ld.open_page(cold_page, cold_lab, name)
    cold = _outputs(cold_page)
    _check_cold(cold)
    assert sum(o["decoded"] for o in cold) >= 10  # the verdicts' cards and the tray's
    assert [o["picture"] for o in cold if WIDGET in o["stored"]] == [True]
    assert all(alt for o in cold for alt in o["alts"])
    cold_page.screenshot(path=tmp_path / "00-cold.png")

    ld.run_all(cold_page)
    cold_page.wait_for_selector('.lp-lesson-root [data-testid="set-builder"]')
    warm = [o for o in _outputs(cold_page) if WIDGET in o["stored"]]
    assert len(warm) == 1 and warm[0]["trusted"], warm
    assert warm[0]["live"] and not warm[0]["picture"], warm[0]
    assert warm[0]["shown"] != "text/html"
    cold_page.screenshot(path=tmp_path / "00-warm.png")
    assert cold_page.errors == []


# -- a static render --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def static_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``jupyter nbconvert --to html`` of every lesson, in one run."""
    nbconvert = shutil.which("jupyter-nbconvert", path=str(ld.BIN)) or shutil.which(
        "jupyter-nbconvert"
    )
    if nbconvert is None:
        pytest.skip("static renders need nbconvert (pip install nbconvert)")
    out = tmp_path_factory.mktemp("static")
    subprocess.run(
        [
            nbconvert,
            "--to",
            "html",
            "--output-dir",
            str(out),
            *(str(NOTEBOOKS / n) for n in LESSONS),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return {name: out / f"{Path(name).stem}.html" for name in LESSONS}


def _stored(name: str) -> tuple[int, list[str]]:
    """How many outputs of lesson ``name`` store card pictures; its widget outputs' reprs."""
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    outs = [o for c in nb["cells"] for o in c.get("outputs", []) if "data" in o]
    text = ["".join(o["data"].get("text/html", "")) for o in outs]
    widgets = ["".join(o["data"]["text/plain"]) for o in outs if WIDGET in o["data"]]
    return sum(IMG in t for t in text), widgets


@pytest.mark.parametrize("name", LESSONS, ids=[n[:2] for n in LESSONS])
def test_static_html_shows_card_and_widget_pictures(
    name: str, static_pages: dict[str, Path]
) -> None:
    page = static_pages[name].read_text(encoding="utf-8")
    with_cards, widgets = _stored(name)
    assert len(STATIC_IMG.findall(page)) >= with_cards
    assert page.count('class="lp-picture"') == len(widgets)
    assert '<script type="application/vnd.jupyter.widget-view+json">' not in page
    for plain in widgets:
        assert plain not in page and html_lib.escape(plain) not in page, plain


def test_static_html_of_lesson_00_decodes_its_pictures(
    static_pages: dict[str, Path], chromium: Any
) -> None:
    page_path = static_pages[LESSONS[0]]
    assert STATIC_IMG.search(page_path.read_text(encoding="utf-8"))
    context = chromium.new_context(viewport={"width": 1200, "height": 1400})
    ld.block_outside(context)  # the page's CDN scripts are not needed to see the pictures
    try:
        page = context.new_page()
        page.goto(page_path.as_uri(), wait_until="load", timeout=60_000)
        found = page.evaluate(
            """async () => {
              const imgs = [...document.querySelectorAll('img[src^="data:image/svg+xml"]')];
              const ok = await Promise.all(imgs.map((i) => i.decode().then(() => 1, () => 0)));
              return {imgs: imgs.length, decoded: ok.reduce((a, b) => a + b, 0),
                      alts: imgs.filter((i) => i.alt).length,
                      pictures: document.querySelectorAll(".lp-picture").length};
            }"""
        )
    finally:
        context.close()
    assert found["imgs"] >= 10 and found["decoded"] == found["imgs"] == found["alts"], found
    assert found["pictures"] == 1, found
