"""The lesson widgets by keyboard, in JupyterLab in headless Debian chromium.

A lesson panel (``static/lesson_panel.js``) replaces its whole HTML after every message; focus
must come back to the same control after each redraw, or a keyboard user is thrown back to
the top of the page at every key. Checked on two lessons: the going-down trainer (a card
selected and put back with Enter and Space) and the score pad (a number typed and sent with
Enter: focus stays in the box).

Missing chromium, Playwright or JupyterLab skips these tests with the command that installs
them — except where ``CI`` is set, where it fails the run.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _open(lab: ld.Server, page: Any, lesson: str) -> None:
    shutil.copyfile(NOTEBOOKS / lesson, Path(lab.base) / "notebooks" / lesson)
    ld.open_page(page, lab, lesson)
    ld.run_all(page)


def _focused_testid(page: Any) -> str:
    return str(
        page.evaluate(
            "() => (document.activeElement && document.activeElement.dataset.testid) || ''"
        )
    )


def _redrawn(page: Any, host: Any, act: Any) -> None:
    before = host.inner_html()
    act()
    page.wait_for_function("([el, b]) => el.innerHTML !== b", arg=[host.element_handle(), before])


def test_a_lesson_card_keeps_focus_through_enter_and_space(lab: ld.Server, page: Any) -> None:
    _open(lab, page, "06_contracts_and_going_down.ipynb")
    panel = '[data-testid="going-down"]'
    page.wait_for_selector(panel)
    host = page.locator(f".lp-lesson-root:has({panel})")
    card = page.locator(f'{panel} [data-testid="hand-card-0"]')
    card.focus()  # a keyboard user has tabbed to the first card
    for key, pressed in (("Enter", "true"), ("Space", "false"), ("Enter", "true")):
        _redrawn(page, host, lambda key=key: page.keyboard.press(key))
        assert card.get_attribute("aria-pressed") == pressed, key
        assert _focused_testid(page) == "hand-card-0", key
    # the next card is one Tab away: focus was not thrown out of the panel
    page.keyboard.press("Tab")
    assert page.evaluate("(el) => el.contains(document.activeElement)", host.element_handle())
    assert host.get_attribute("data-lm-suppress-shortcuts") == "true"
    assert page.errors == []


def test_enter_in_a_lesson_box_sends_it_and_keeps_focus(lab: ld.Server, page: Any) -> None:
    _open(lab, page, "01_cards_decks_and_points.ipynb")
    panel = '[data-testid="scorepad"]'
    page.wait_for_selector(panel)
    host = page.locator(f".lp-lesson-root:has({panel})")
    box = page.locator(f'{panel} [data-testid="points"]')
    model_id = ld.widget_model_id(page, panel)
    right = int(ld.kwidget(page, model_id, "w.points"))
    box.focus()
    page.keyboard.type(str(right))
    # Enter in the box presses the Check button that reads it; focus stays in the box
    _redrawn(page, host, lambda: page.keyboard.press("Enter"))
    state = ld.kwidget(page, model_id, "w.state")
    assert state["answered"] is True and state["ok"] is True, state
    assert _focused_testid(page) == "points"
    assert box.input_value() == str(right)
    assert page.errors == []
