"""The review's "what to practise" link opens its lesson, in headless Debian chromium.

The review (``liverpool_widgets.Review``) ends its summary with the lesson that teaches what
lost the most points: "lesson 06 · Contracts and going down teaches it", a link relative to
the notebook (the lessons sit side by side). A link in an ``HTML`` widget is left to the
browser, which resolves it against the page's address, and that is not the notebook's folder
everywhere: JupyterLite's is ``lab/index.html`` (the link finds nothing), JupyterLab's follows
the document in front (the link opened a second JupyterLab in a new browser tab). The summary
is shown as display data instead, which the front end renders itself, resolving the link
against the notebook's folder and opening it in place. Here, with the reviewing notebook in a
folder of its own beside a copy of lesson 06:

* in JupyterLab the link points into the notebook's folder, and a click opens lesson 06 as a
  tab of the same JupyterLab (no new browser page);
* in Notebook 7 a click opens lesson 06 in a new page, at its own address.

(JupyterLite: ``test_lite_browser.py``, marked slow.)
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
FOLDER = "lessons"
LESSON = "06_contracts_and_going_down.ipynb"
REVIEWING = f"{FOLDER}/review_link.ipynb"

# Late in house deal 1 seat 0 draws the 8♦ and throws the Q♥ instead of going down (as in
# tests/test_review_widget.py): the review says to practise going down, lesson 06.
_CODE = """import liverpool as lp
from liverpool_widgets import Review
game = lp.Game.from_deal(
    "house",
    ["7H 7C 7D KS KD KC 4C 3S QH 5S", "4H 10S 6H", "6C 2S 3H", "AS AH 2C 3C 4C 5D 6D 7S 8S 9H"],
    "8D", "JC", dealer=3, seed=5,
    table=[(1, "QS QC QD"), (1, "JS JC JD"), (2, "5H 5C 5S"), (2, "9S 9C 9D")],
)
game.apply(lp.DrawStock())
while game.phase is lp.Phase.BUY:
    game.apply(lp.Pass())
game.apply(lp.Discard("QH"))
Review(game, seat=0, budget=12, wait=True)"""

_LINK = ".lp-review-summary a"
_CURRENT = """() => { const w = window.jupyterapp.shell.currentWidget;
  return w && w.context ? w.context.path : ''; }"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ld.Server]:
    """A Jupyter server with JupyterLab and Notebook 7 pages, serving ``lessons/`` with the
    reviewing notebook and lesson 06 in it."""
    # (serve_lab yields once: its server stops when the loop goes on, after the module's tests)
    for found in ld.serve_lab(
        tmp_path_factory, "review-lab", "--JupyterNotebookApp.expose_app_in_browser=True"
    ):
        folder = Path(found.base) / "notebooks" / FOLDER
        folder.mkdir()
        shutil.copyfile(NOTEBOOKS / LESSON, folder / LESSON)
        kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
        cell = {"cell_type": "code", "execution_count": None, "id": "review", "source": _CODE}
        notebook: dict[str, Any] = {
            "nbformat": 4,
            "nbformat_minor": 5,
            "metadata": {"kernelspec": kernel},
            "cells": [{**cell, "metadata": {}, "outputs": []}],
        }
        (folder / "review_link.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
        yield found


def _reviewed(page: Any) -> Any:
    """Run the open notebook (its review); the practise link, once drawn."""
    ld.run_all(page)
    link = page.locator(_LINK).first
    link.wait_for()
    assert link.inner_text() == "lesson 06 · Contracts and going down"
    return link


def test_in_jupyterlab_the_practise_link_opens_the_lesson_in_a_tab(
    server: ld.Server, page: Any
) -> None:
    ld.open_page(page, server, REVIEWING)
    link = _reviewed(page)
    # resolved against the notebook's folder (the page's address is the notebook's only while
    # it is the document in front)
    href = link.evaluate("(a) => a.href")
    assert f"/{FOLDER}/{LESSON}" in href and "/lab/" not in href, href
    pages = len(page.context.pages)
    link.click()
    page.wait_for_function(f"() => ({_CURRENT})() === {json.dumps(f'{FOLDER}/{LESSON}')}")
    assert len(page.context.pages) == pages  # a tab of this JupyterLab, not a second one
    assert page.errors == []


def test_in_notebook_7_the_practise_link_opens_the_lesson(server: ld.Server, page: Any) -> None:
    ld.open_notebook7(page, server, REVIEWING)
    link = _reviewed(page)
    with page.context.expect_page() as opened:
        link.click()
    lesson = opened.value
    lesson.wait_for_load_state()
    assert lesson.url.split("?")[0].endswith(f"/notebooks/{FOLDER}/{LESSON}"), lesson.url
    lesson.close()
    # (no check of page errors: Notebook 7 logs its own on kernel connect, "reading 'schema'")
