"""The lessons in JupyterLite (``scripts/build_lite.py``, ``build_site.py --lessons``) in
Chromium, served from loopback with every request to another host aborted and recorded.

Marked ``slow`` (``make test`` skips it; ``pytest -m slow tests/browser/test_lite_browser.py``
runs it): the build installs JupyterLite into a venv in the cache folder and downloads the
kernel's wheels from PyPI the first time (about a minute), and each lesson page starts a
Pyodide kernel (10-20 s).

What it asserts: the JupyterLab page loads, the Pyodide kernel starts, ``import liverpool``
works with no ``%pip install`` (the kernel preloads the wheel from the site's own lock), a
lesson runs top to bottom with no error, its anywidget panel renders and answers a click (a
round trip through the kernel), the full-game lesson draws its card table and its review's
link opens the lesson it names — and no request leaves 127.0.0.1. The service worker
JupyterLite registers is allowed, as for a user; its requests are seen too
(``PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS``, set for this module's own browser). The
strategy lab's plots are the known gap: matplotlib is not in the site (its Pyodide build is on
no registry), asserted as a strict ``xfail``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import labdriver as ld
import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WAIT = 120_000  # ms: a kernel's cold start, with every wheel preloaded, is 10-20 s here
LESSON = "02_the_table_and_the_turn.ipynb"  # prose, HTML tables and a TurnWalk widget
GAME = "11_a_full_game_against_bots.ipynb"  # the card table (anywidget + table.js)


@pytest.fixture(scope="module")
def lite(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The lessons' JupyterLite site, built into a temp folder and served from 127.0.0.1."""
    ld.require()
    builder = ld.load_script("build_lite")
    site = builder.build_site
    cache = ld.require_pyodide(site)
    out = builder.build(tmp_path_factory.mktemp("lite") / "lessons", cache=cache)
    with site.serving(out) as url:
        yield url


@pytest.fixture(scope="module")
def sw_chromium() -> Iterator[Any]:
    """Chromium whose service workers' requests go through the context's routes."""
    ld.require()
    key = "PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"
    old = os.environ.get(key)
    os.environ[key] = "1"
    try:
        with ld.browser() as b:
            yield b
    finally:
        if old is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = old


class Lesson:
    def __init__(self, chromium: Any, url: str, name: str) -> None:
        self.context = chromium.new_context(viewport={"width": 1400, "height": 1000})
        self.outside = ld.block_outside(self.context)
        self.requests: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT)
        self.errors = ld.page_errors(self.page)
        self.console = ld.console_errors(self.page)
        self.page.goto(f"{url}lab/index.html?path={name}")
        ld.wait_idle(self.page, timeout=WAIT)

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def lesson(sw_chromium: Any, lite: str, request: pytest.FixtureRequest) -> Iterator[Lesson]:
    opened = Lesson(sw_chromium, lite, request.param)
    try:
        yield opened
    finally:
        opened.close()


@pytest.mark.parametrize("lesson", [LESSON], indirect=True)
def test_a_lesson_runs_offline_with_its_widget(lesson: Lesson) -> None:
    page = lesson.page
    where = ld.kexec(page, "import liverpool, sys; print(sys.platform, liverpool.__file__)")
    assert where.startswith("emscripten /lib/python3.14/site-packages/liverpool/"), where
    ld.run_all(page, timeout=WAIT)
    assert ld.error_outputs(page) == []
    panel = page.locator(".jp-OutputArea-output", has_text="One turn at a time").first
    panel.wait_for()
    before = panel.inner_text()
    panel.get_by_role("button", name="Next step").click()
    page.wait_for_function(
        "(b) => [...document.querySelectorAll('.jp-OutputArea-output')]"
        ".some((e) => e.innerText.includes('One turn at a time') && e.innerText !== b)",
        arg=before,
    )
    assert "Who starts" in panel.inner_text()
    assert lesson.outside == []
    assert any(u.endswith("/static/pyodide/pyodide.asm.wasm") for u in lesson.requests)
    assert any("/liverpool-" in u and u.endswith(".whl") for u in lesson.requests)
    assert lesson.errors == [] and lesson.console == []


_CURRENT = """() => { const w = window.jupyterapp.shell.currentWidget;
  return w && w.context ? w.context.path : ''; }"""


@pytest.mark.parametrize("lesson", [GAME], indirect=True)
def test_the_game_lesson_draws_its_card_table_offline(lesson: Lesson) -> None:
    page = lesson.page
    ld.run_all(page, timeout=WAIT)
    assert ld.error_outputs(page) == []
    page.locator(".lpt").first.wait_for()
    # the review's "what to practise" link opens its lesson here too: the page's address is
    # lab/index.html, where a link left to the browser found nothing (the summary is display
    # data, whose link JupyterLite resolves against the notebook's folder and opens itself)
    link = page.locator(".lp-review-summary a").first
    number = link.inner_text().split()[1]  # "lesson 08 · Buying"
    link.click()
    page.wait_for_function(f"() => ({_CURRENT})().startsWith('{number}_')")
    assert lesson.outside == []
    assert lesson.errors == []


@pytest.mark.xfail(strict=True, reason="matplotlib's Pyodide build is on no registry here")
@pytest.mark.parametrize("lesson", [LESSON], indirect=True)
def test_matplotlib_for_the_strategy_lab(lesson: Lesson) -> None:
    out = ld.kexec(lesson.page, "import matplotlib; print('ok')")
    assert lesson.outside == []
    assert out.strip() == "ok", out
