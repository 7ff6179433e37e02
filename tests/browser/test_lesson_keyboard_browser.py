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


_SHOWN = """([panel, testid, pressed]) => {
  const el = document.querySelector(`${panel} [data-testid="${testid}"]`);
  const focused = document.activeElement && document.activeElement.dataset.testid;
  const shown = pressed === null || (el && el.getAttribute("aria-pressed") === pressed);
  return !!el && focused === testid && shown;
}"""


def _settles(page: Any, panel: str, testid: str, pressed: str | None = None) -> None:
    """Wait until the panel shows ``testid`` focused (and, given ``pressed``, pressed or not),
    then until the kernel is idle, and check that it still does: every answer to the key has
    been drawn, so the next key cannot land on a control that a late redraw replaces."""
    arg = [panel, testid, pressed]
    page.wait_for_function(_SHOWN, arg=arg, timeout=30_000)
    ld.wait_idle(page, 30_000)
    assert page.evaluate(_SHOWN, arg), (testid, pressed)


def test_a_lesson_card_keeps_focus_through_enter_and_space(lab: ld.Server, page: Any) -> None:
    _open(lab, page, "06_contracts_and_going_down.ipynb")
    panel = '[data-testid="going-down"]'
    page.wait_for_selector(panel)
    host = page.locator(f".lp-lesson-root:has({panel})")
    card = page.locator(f'{panel} [data-testid="hand-card-0"]')
    card.focus()  # a keyboard user has tabbed to the first card
    _settles(page, panel, "hand-card-0", "false")
    for key, pressed in (("Enter", "true"), ("Space", "false"), ("Enter", "true")):
        page.keyboard.press(key)
        _settles(page, panel, "hand-card-0", pressed)
        assert card.get_attribute("aria-pressed") == pressed, key
    # the next card is one Tab away: focus was not thrown out of the panel
    page.keyboard.press("Tab")
    assert page.evaluate("(el) => el.contains(document.activeElement)", host.element_handle())
    assert host.get_attribute("data-lm-suppress-shortcuts") == "true"
    assert page.errors == []


def test_enter_in_a_lesson_box_sends_it_and_keeps_focus(lab: ld.Server, page: Any) -> None:
    _open(lab, page, "01_cards_decks_and_points.ipynb")
    panel = '[data-testid="scorepad"]'
    page.wait_for_selector(panel)
    feedback = page.locator(f'{panel} [data-testid="feedback"]')
    box = page.locator(f'{panel} [data-testid="points"]')
    model_id = ld.widget_model_id(page, panel)
    right = int(ld.kwidget(page, model_id, "w.points"))
    assert feedback.get_attribute("data-ok") == "none"  # nothing checked yet
    box.focus()
    page.keyboard.type(str(right))
    # Enter in the box presses the Check button that reads it; focus stays in the box
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(p) => document.querySelector(`${p} [data-testid=feedback]`).dataset.ok === 'true'",
        arg=panel,
        timeout=30_000,
    )
    _settles(page, panel, "points")
    state = ld.kwidget(page, model_id, "w.state")
    assert state["answered"] is True and state["ok"] is True, state
    assert _focused_testid(page) == "points"
    assert box.input_value() == str(right)
    assert page.errors == []
