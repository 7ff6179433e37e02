"""The lessons in JupyterLab's dark theme ("JupyterLab Dark"): every text of our widgets reads.

Many learners run JupyterLab dark. Its theme leaks into what we draw: light text inherited from
the theme on a light background we set (a table's cells, a lesson panel's buttons), or a dark
colour we chose for a white page on the theme's near-black. Here, for each text element of the
card table and of the lesson widgets, the WCAG contrast ratio between its computed colour and
its actual background (the nearest ancestors' backgrounds, composed up to the first opaque one)
must be at least 4.5 (3 for large text: 24 px, or 18.66 px bold). Checked:

* the card table of a stacked deal after Run All, with a hint and the buy question showing; its
  sentences colour the suits (♥ ♦ the table's red, ♠ ♣ its ink) and keep their text;
* lesson widgets after Run All (a lesson panel, the folded solution);
* notebooks opened without running them: the stored pictures of the lesson widgets, the score
  pad, the rules tables and the review's summary;
* muted lines straight on the page (a picture's caption, the score pad's note, the review's
  counts, a folded solution) keep a white ground as a label about as wide as their words
  (:data:`GROUND_SLACK`), not a white bar across the dark page;
* the review's ring round what a decision was about is not the table's gold (a wild card, the
  hint) and stands out 3:1 from the board, here and in the light theme.

A JupyterLab of this module's own serves these (the session's ``lab`` fixture has the light
theme): its settings folder holds ``themes.jupyterlab-settings`` with the dark theme, so
neither the user's nor the repository's settings change.

Missing chromium, Playwright or JupyterLab skips these tests with the command that installs
them — except where ``CI`` is set, where it fails the run.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
DARK = "JupyterLab Dark"
BODY_TEXT = 4.5
"""WCAG 2 AA for body text (1.4.3); large text needs 3."""
LARGE_TEXT = 3.0

OURS = ".lp-lesson, .lp-solution, .lp-picture, .lp-score-pad, .lp-rules-table, .lp-review-summary"
"""The lesson widgets' roots, live or stored (our own HTML; the engine's pictures, drawn by
``liverpool.render``, are not among them)."""


@pytest.fixture(scope="module")
def dark_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ld.Server]:
    """A JupyterLab of this module's own whose theme is JupyterLab Dark, serving a temp folder
    (``server.base / "notebooks"``) into which each test copies the notebooks it opens."""
    ld.require()
    base = tmp_path_factory.mktemp("jupyterlab-dark")
    root = base / "notebooks"
    root.mkdir()
    themes = base / "lab-settings" / "@jupyterlab" / "apputils-extension"
    themes.mkdir(parents=True)
    (themes / "themes.jupyterlab-settings").write_text(json.dumps({"theme": DARK}))
    server = ld.start_lab(root, base, "--NotebookNotary.db_file=:memory:")
    try:
        yield server
    finally:
        server.stop()


# -- contrast, as the page computes it ------------------------------------------------------------

_COLOURS = """
  const parse = (c) => {
    const m = c && c.match(/^rgba?\\(([^)]+)\\)$/);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  // the background behind el: its own and its ancestors' colours, composed from the first
  // opaque one up (null under a picture: a gradient or an image)
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage && s.backgroundImage !== "none") return null;
      const c = parse(s.backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255];  // a transparent page is drawn on white
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return bg;
  };
"""
"""The page's colours in JavaScript: ``parse`` a computed colour, lay one ``over`` another,
its relative luminance (``lum``), the colour ``behind`` an element."""

_CONTRAST = (
    "(roots) => {"
    + _COLOURS
    + """
  const out = [];
  const seen = new Set();
  for (const root of roots) {
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (seen.has(el) || el.closest("svg")) continue;
      seen.add(el);
      const text = [...el.childNodes].filter((n) => n.nodeType === 3)
        .map((n) => n.textContent).join("").trim();
      if (!text) continue;
      const s = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // shown text only: not the screen reader's (clipped to 1 px), not a closed <details>
      if (box.width <= 1 || box.height <= 1 || s.visibility === "hidden") continue;
      const bg = behind(el);
      const fg = parse(s.color);
      if (!bg || !fg) continue;
      const ink = over(fg, bg);
      const [a, b] = [lum(ink), lum(bg)];
      const px = parseFloat(s.fontSize), weight = Number(s.fontWeight) || 400;
      out.push({
        text: text.slice(0, 60), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
        large: px >= 24 || (px >= 18.66 && weight >= 700),
        color: s.color, background: `rgb(${bg.map(Math.round).join(", ")})`,
        where: [el.tagName.toLowerCase(),
          ...(typeof el.className === "string" ? el.className.split(" ") : [])].join("."),
      });
    }
  }
  return out;
}"""
)


def contrasts(page: Any, selector: str) -> list[dict[str, Any]]:
    """Every shown text under the elements ``selector`` matches: its contrast ``ratio`` with
    what is behind it, whether it is ``large``, its ``color``, ``background`` and ``where``."""
    roots = page.locator(selector)
    handles = [roots.nth(i).element_handle() for i in range(roots.count())]
    return list(page.evaluate(_CONTRAST, handles))


def unreadable(found: list[dict[str, Any]]) -> list[str]:
    """The texts of ``found`` below WCAG AA, one line each."""
    return [
        f"{t['ratio']:.2f} {t['color']} on {t['background']} ({t['where']}): {t['text']!r}"
        for t in found
        if t["ratio"] < (LARGE_TEXT if t["large"] else BODY_TEXT)
    ]


# -- white grounds on the dark page ---------------------------------------------------------------

GROUND_SLACK = 32
"""How much wider than its text a white ground straight on the dark page may be (px): its
padding and, on a folded solution, the disclosure triangle."""

_GROUNDS = (
    "async (roots) => {"
    + _COLOURS
    + """
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const out = [];
  const seen = new Set();
  for (const root of roots) {
    root.scrollIntoView({block: "start"});  // drawn, whatever the notebook's windowing
    await frame();
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (seen.has(el) || el.closest("svg, table")) continue;
      seen.add(el);
      // a light ground of its own, straight on the dark page (not on a panel or a board)
      const own = parse(getComputedStyle(el).backgroundColor);
      if (!own || own[3] < 1 || lum(own) < 0.9) continue;
      const under = el.parentElement && behind(el.parentElement);
      if (!under || lum(under) > 0.2) continue;
      // a line of text: not a panel, a board or a table (those are as wide as what they hold)
      if (el.querySelector("img, svg, table, canvas, button, input, select, textarea")) continue;
      let left = Infinity, right = -Infinity;
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) {
          if (r.width > 0) { left = Math.min(left, r.left); right = Math.max(right, r.right); }
        }
      }
      if (right <= left) continue;  // no text shown (a closed <details>' paragraphs)
      out.push({
        text: el.textContent.trim().slice(0, 60),
        width: el.getBoundingClientRect().width, textWidth: right - left,
        where: [el.tagName.toLowerCase(),
          ...(typeof el.className === "string" ? el.className.split(" ") : [])].join("."),
      });
    }
  }
  return out;
}"""
)


def white_grounds(page: Any, selector: str = ".jp-OutputArea-output") -> list[dict[str, Any]]:
    """The lines of text under the elements ``selector`` matches (every output, by default)
    that have a white ground of their own straight on the dark page: their ``text``, the
    ground's ``width``, the ``textWidth`` of their text, and ``where``."""
    roots = page.locator(selector)
    handles = [roots.nth(i).element_handle() for i in range(roots.count())]
    return list(page.evaluate(_GROUNDS, handles))


def bars(grounds: list[dict[str, Any]]) -> list[str]:
    """The white grounds of ``grounds`` much wider than their text (a white bar across the dark
    page where a label was meant), one line each."""
    return [
        f"{g['width']:.0f} px for {g['textWidth']:.0f} px of text ({g['where']}): {g['text']!r}"
        for g in grounds
        if g["width"] > g["textWidth"] + GROUND_SLACK
    ]


def assert_dark(page: Any) -> None:
    """The page really is in the dark theme (else the test would prove nothing)."""
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    assert page.evaluate("() => document.body.dataset.jpThemeName") == DARK


def copied(server: ld.Server, name: str, source: Path) -> str:
    shutil.copyfile(source, Path(server.base) / "notebooks" / name)
    return name


def scroll_through(page: Any) -> None:
    """Scroll the notebook from top to bottom, so every cell (JupyterLab draws only those near
    the window) is drawn, then back to the top."""
    page.evaluate(
        """async () => {
          const e = document.querySelector('.jp-WindowedPanel-outer');
          if (!e) return;
          for (let y = 0; y < e.scrollHeight; y += 400) {
            e.scrollTop = y; await new Promise((r) => setTimeout(r, 50));
          }
        }"""
    )


# -- the card table --------------------------------------------------------------------------------

_SUIT = re.compile(r"(?:10|[2-9AJQK])?[♠♥♦♣]")
_SENTENCES = (
    ".lpt-log-lines li, .lpt-hint, .lpt-deciding, .lpt-prompt-text, .lpt-reason, .lpt-error,"
    " .lpt-guide, .lpt-note"
)
"""The table's sentences (the chips and the cards' labels are no sentences)."""


def test_the_table_reads_in_the_dark_theme_and_colours_the_suits_of_its_sentences(
    dark_lab: ld.Server, page: Any
) -> None:
    """The table of a stacked deal in JupyterLab Dark: each text of it reads (≥ 4.5:1 on what
    is behind it), with a hint showing; in its sentences (the log, the hint, the turn's line)
    each suit is a span of the table's red (♥ ♦) or ink (♠ ♣), and the text is unchanged."""
    name = copied(dark_lab, "dark_table.ipynb", ld.KEYBOARD_NOTEBOOK)
    ld.open_notebook(page, dark_lab, name)
    assert_dark(page)
    root = page.locator(ld.TABLE).first
    root.locator('[data-testid="btn-hint"]').click()
    root.locator('[data-testid="hint"]').wait_for()

    found = contrasts(page, ld.TABLE)
    assert len(found) > 20, found
    bad = unreadable(found)
    assert not bad, "text of the table that does not read in the dark theme:\n" + "\n".join(bad)

    suits = root.locator(".lpt-log-lines .lpt-suit, .lpt-hint .lpt-suit, .lpt-deciding .lpt-suit")
    assert suits.count() > 0, "no suit of the table's sentences is coloured"
    colours = root.evaluate(
        """(el) => ({
          red: getComputedStyle(el).getPropertyValue('--lpt-red').trim(),
          spans: [...el.querySelectorAll('.lpt-suit')].map((s) => ({
            text: s.textContent, color: getComputedStyle(s).color,
            red: s.classList.contains('is-red'),
            inAttr: false})),
          ink: getComputedStyle(el).color,
        })"""
    )
    probe = page.evaluate(
        """(c) => { const d = document.createElement('div'); d.style.color = c;
          document.body.appendChild(d); const v = getComputedStyle(d).color; d.remove();
          return v; }""",
        colours["red"],
    )
    for span in colours["spans"]:
        assert _SUIT.fullmatch(span["text"]), span
        red = span["text"][-1] in "♥♦"
        assert span["red"] == red, span
        assert span["color"] == (probe if red else colours["ink"]), span
    # in the sentences no suit is left plain (every glyph is in a span, with its rank)
    plain = root.evaluate(
        """(el) => [...el.querySelectorAll(SENTENCES)].flatMap((s) => {
          const walk = document.createTreeWalker(s, NodeFilter.SHOW_TEXT);
          const out = [];
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            if (/[♠♥♦♣]/u.test(n.textContent) && !n.parentElement.closest('.lpt-suit')) {
              out.push(n.textContent);
            }
          }
          return out;
        })""".replace("SENTENCES", repr(_SENTENCES))
    )
    assert plain == []
    # attributes are not HTML: no span inside an aria-label or a title
    assert not root.evaluate(
        """(el) => [...el.querySelectorAll('[aria-label], [title]')].some((e) => /lpt-suit|<span/
          .test((e.getAttribute('aria-label') || '') + (e.getAttribute('title') || '')))"""
    )
    assert page.errors == []


# -- the lessons -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lesson", ["03_sets.ipynb", "12_house_rules_compared.ipynb"])
def test_lesson_widgets_read_in_the_dark_theme_after_run_all(
    dark_lab: ld.Server, page: Any, lesson: str
) -> None:
    """After Run All in JupyterLab Dark, the lesson panels (their text, buttons, menus, tables,
    feedback) and the folded solution read; the solution's white ground is a label that hugs
    its words, not a bar across the page."""
    name = copied(dark_lab, lesson, NOTEBOOKS / lesson)
    ld.open_page(page, dark_lab, name)
    assert_dark(page)
    ld.run_all(page)
    page.wait_for_selector(".lp-lesson [data-testid]")
    scroll_through(page)
    found = contrasts(page, OURS)
    assert any("lp-btn" in t["where"] for t in found), found
    assert any("summary" in t["where"] for t in found), found
    bad = unreadable(found)
    assert not bad, f"text of {lesson}'s widgets that does not read:\n" + "\n".join(bad)
    grounds = white_grounds(page)
    assert any("solution" in g["text"] for g in grounds), grounds
    wide = bars(grounds)
    assert not wide, f"white bars across {lesson}'s dark page:\n" + "\n".join(wide)
    assert ld.error_outputs(page) == []
    assert page.errors == []


# what a lesson shows where it is opened without running it: each widget's picture (text/html),
# as the code here draws it now (the lessons' stored outputs are as they were last run)
_PICTURES = {
    "a lesson panel with a table": """
from liverpool_widgets.lessons import WildLimits
out = WildLimits("JK 9H 10H JK", kind="run", presets=["house", "online", "traditional"])
""",
    "the rules compared": """
from liverpool_widgets.lessons import RulesCompare
out = RulesCompare("house", "online")
""",
    "the rules tables": """
from IPython.display import HTML
from liverpool_widgets.lessons.rules_compare import compare_html, rules_html
out = HTML(rules_html("house") + compare_html("house", "classic"))
""",
    "the score pad": """
import liverpool as lp
from IPython.display import HTML
from liverpool_widgets.lessons.exercises_table import score_pad_html
game = lp.Game("house", 4, seed=3)
bots = lp.bots.for_seats("basic", range(4), game_seed=3)
while game.deal <= 2:
    game.apply(bots[game.to_act].act(game.view(game.to_act), game.legal_actions()))
out = HTML(score_pad_html(game))
""",
    "a folded solution": """
from liverpool_widgets.lessons import solution
out = solution("wild_limits")
""",
    "the review": """
import liverpool as lp
from liverpool_widgets import Review
learner = lp.Game("house", ["You", "Ben", "Cleo", "Dev"], seed=3)
bots = {0: lp.bots.make("random", 3), **lp.bots.for_seats("basic", [1, 2, 3], game_seed=3)}
while learner.deal == 1:
    seat = learner.to_act
    learner.apply(bots[seat].act(learner.view(seat), learner.legal_actions()), player=seat)
out = Review(learner, seat=0, budget=2, wait=True)
""",
}


def _picture(code: str) -> str:
    """The text/html that ``code`` displays as ``out`` (run here, in the test's process)."""
    formatters: Any = importlib.import_module("IPython.core.formatters")
    space: dict[str, Any] = {}
    exec(code, space)
    data, _ = formatters.format_display_data(space["out"])
    return str(data["text/html"])


def pictures_notebook(path: Path, names: tuple[str, ...] = tuple(_PICTURES)) -> None:
    """A notebook whose cells hold the pictures of :data:`_PICTURES` (those ``names``) as stored
    outputs (not run: a widget's picture is what shows of it where no kernel drew it)."""
    cells: list[dict[str, Any]] = [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": f"picture-{k}",
            "metadata": {},
            "source": f"# {what}{code}",
            "outputs": [
                {
                    "output_type": "display_data",
                    "data": {"text/html": _picture(code)},
                    "metadata": {},
                }
            ],
        }
        for k, (what, code) in enumerate(_PICTURES.items())
        if what in names
    ]
    # a kernel to start (else JupyterLab asks which one); no cell is run
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": kernel}}
    path.write_text(json.dumps({**notebook, "cells": cells}), encoding="utf-8")


def test_stored_pictures_read_in_the_dark_theme(dark_lab: ld.Server, page: Any) -> None:
    """A lesson opened without running it shows its stored pictures (text/html): in
    JupyterLab Dark the pictures of a lesson panel, the rules tables, the score pad, the
    folded solution and the review's summary read, and so do their captions — though
    JupyterLab's own table styles (the theme's text colour, its striped rows) reach into
    them there."""
    name = "dark_pictures.ipynb"
    pictures_notebook(Path(dark_lab.base) / "notebooks" / name)
    ld.open_page(page, dark_lab, name)
    assert_dark(page)
    scroll_through(page)
    for holds in (".lp-picture .lp-lesson table", ".lp-rules-table", ".lp-score-pad"):
        page.wait_for_selector(holds, state="attached")
    page.wait_for_selector(".lp-review-summary", state="attached")
    found = contrasts(page, OURS)
    assert any("caption" in t["text"] or "picture" in t["text"] for t in found), found
    bad = unreadable(found)
    assert not bad, "text of the stored pictures that does not read:\n" + "\n".join(bad)
    assert page.errors == []


def test_white_grounds_hug_their_text_in_the_dark_theme(dark_lab: ld.Server, page: Any) -> None:
    """Muted lines keep a white ground in JupyterLab Dark (their grey reads on white, not on
    the theme's near-black): each picture's caption, the score pad's "Lower is better", the
    review's tally and counts, the folded solution. The ground is a label as wide as its text
    (and a little padding), not a white bar across the dark page."""
    name = "dark_grounds.ipynb"
    pictures_notebook(Path(dark_lab.base) / "notebooks" / name)
    ld.open_page(page, dark_lab, name)
    assert_dark(page)
    page.wait_for_selector(".lp-review-summary", state="attached")
    grounds = white_grounds(page)
    said = " | ".join(g["text"] for g in grounds)
    for line in ("A picture of this widget", "Lower is better", "decisions graded", "solution"):
        assert line in said, grounds
    wide = bars(grounds)
    assert not wide, "white bars across the dark page:\n" + "\n".join(wide)
    assert page.errors == []


# -- the review's mark -----------------------------------------------------------------------------

TABLE_CSS = Path(__file__).resolve().parents[2] / "widgets/liverpool_widgets/static/table.css"

_RINGS = (
    "(els) => {"
    + _COLOURS
    + """
  const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  return els.map((el) => {
    const s = getComputedStyle(el);
    const ring = parse(s.borderTopColor);
    return {ring: s.borderTopColor, style: s.borderTopStyle, shadow: s.boxShadow,
            around: ratio(lum(ring), lum(behind(el.parentElement))),
            inside: ratio(lum(ring), lum(behind(el))), words: el.getAttribute("aria-label")};
  });
}"""
)
"""Each ring of the review (``.lp-review-mark``): its colour and line, and its contrast with
the ground around it and the ground inside it."""


def _rgb(hex_colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_reviews_ring_stands_out_in_either_theme_and_is_not_the_tables_gold(
    theme: str, request: pytest.FixtureRequest, page: Any
) -> None:
    """The review rings the card (pile, meld) a decision was about. Gold on the table means a
    wild card or the hint's move, so the ring is not gold; and it stands out 3:1 (WCAG's
    non-text contrast) from the board around it and the ground inside it, in JupyterLab's
    light theme and in JupyterLab Dark (the board keeps its light grounds there)."""
    server: ld.Server = request.getfixturevalue("dark_lab" if theme == "dark" else "lab")
    name = f"review_ring_{theme}.ipynb"
    pictures_notebook(Path(server.base) / "notebooks" / name, ("the review",))
    ld.open_page(page, server, name)
    if theme == "dark":
        assert_dark(page)
    page.wait_for_selector(".lp-review-mark", state="attached")
    marks = page.locator(".lp-review-mark")
    rings = page.evaluate(_RINGS, [marks.nth(i).element_handle() for i in range(marks.count())])
    assert rings, "the review pictured no moment"
    gold = re.search(r"--lpt-gold:\s*(#[0-9a-fA-F]{6})", TABLE_CSS.read_text(encoding="utf-8"))
    assert gold is not None
    for ring in rings:
        assert ring["ring"] != _rgb(gold.group(1)), ring
        assert ring["style"] == "solid" and ring["shadow"] == "none", ring  # no hint's glow
        assert ring["around"] >= 3 and ring["inside"] >= 3, ring
    assert page.errors == []
