"""Every lesson in a real browser: JupyterLab in headless Debian chromium, one test per lesson.

For each ``notebooks/NN_*.ipynb`` (a copy, in the session's JupyterLab): open it, run all
cells, wait until every code cell has run and the kernel is idle, check that the only error
outputs are those of cells tagged ``raises-exception`` (none now: the lessons show a refused
move by its sentence, never a traceback), then make one meaningful interaction with the
lesson's widget by clicking (or typing, or choosing from a menu) and check

* the page: the widget re-rendered with what the interaction should show;
* the kernel: the widget object itself (found by the model id of the cell's widget output, in
  ipywidgets' registry, via ``labdriver.kwidget``) holds the same state, so the click reached
  Python; for the lesson panels the feedback shown equals the ``feedback`` trait;
* no uncaught page error, no crash box under the widget.

One screenshot of the widget per lesson, in the test's ``tmp_path``. The kernel is shut down
and the page closed after each lesson (the ``page`` fixture in conftest.py).

Missing chromium, Playwright or JupyterLab skips these tests with the command that installs
them — except where ``CI`` is set, where it fails the run.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def _words(text: str) -> str:
    return " ".join(text.split())


class Panel:
    """A lesson widget built on ``LessonPanel``: Python renders its whole HTML; every handled
    click re-renders it (``.lp-lesson-root``, whose inner HTML ``lesson_panel.js`` replaces)."""

    def __init__(self, page: Any, testid: str) -> None:
        self.page = page
        self.sel = f'[data-testid="{testid}"]'
        page.wait_for_selector(self.sel)
        self.host = page.locator(f".lp-lesson-root:has({self.sel})")
        self.model_id = ld.widget_model_id(page, self.sel)

    def part(self, testid: str) -> Any:
        return self.page.locator(f'{self.sel} [data-testid="{testid}"]')

    def _changed(self, act: Callable[[], None]) -> None:
        """Do ``act`` and wait until Python's new HTML is on the page, and the kernel idle: a
        handler that draws twice (a menu that redraws, then says why) has drawn its last."""
        handle = self.host.element_handle()
        before = handle.inner_html()
        act()
        self.page.wait_for_function("([el, b]) => el.innerHTML !== b", arg=[handle, before])
        ld.wait_idle(self.page, 30_000)

    def click(self, testid: str) -> None:
        target = self.part(testid)
        target.scroll_into_view_if_needed()
        self._changed(target.click)

    def choose(self, testid: str, value: str) -> None:
        self._changed(lambda: self.part(testid).select_option(value))

    def type_and_click(self, field: str, text: str, testid: str) -> None:
        self.part(field).fill(text)
        self.click(testid)

    def feedback(self) -> str:
        return str(self.part("feedback").inner_text())

    def kernel(self, expr: str = "w.state") -> Any:
        return ld.kwidget(self.page, self.model_id, expr)

    def check_feedback_reached_python(self) -> dict[str, Any]:
        """The feedback shown is the kernel's ``feedback`` trait (after the ✓/✗ mark); its
        ``data-ok`` is the kernel's ``ok``. Returns the kernel's ``state``."""
        state = dict(self.kernel())
        k = self.kernel("{'feedback': w.feedback, 'ok': w.ok, 'crash': w.crash}")
        shown = _words(self.feedback())
        assert _words(re.sub(r"^[✓✗] ", "", shown)) == _words(k["feedback"]), (shown, k)
        data_ok = self.part("feedback").get_attribute("data-ok")
        assert data_ok == ("none" if k["ok"] is None else str(k["ok"]).lower())
        assert k["crash"] == "" and self.part("crash").count() == 0, k["crash"]
        return state

    def screenshot(self, path: Path) -> None:
        _screenshot(self.page, self.page.locator(self.sel), path)


def _screenshot(page: Any, target: Any, path: Path) -> None:
    """``target`` photographed whole: a panel taller than the window gets a taller window."""
    box, size = target.bounding_box(), page.viewport_size
    if box and size and box["height"] > size["height"] - 200:
        page.set_viewport_size({"width": size["width"], "height": int(box["height"]) + 400})
        target.scroll_into_view_if_needed()
    target.screenshot(path=path)


# -- one interaction per lesson -------------------------------------------------------------------
# Each returns what to photograph: the lesson's Panel, or (lesson 09) the table's locator.


def _set_builder(page: Any, clicks: list[int], verdict: str, ok: bool, picked: str) -> Panel:
    p = Panel(page, "set-builder")
    assert p.check_feedback_reached_python()["picked"] == ""
    for i in clicks:
        p.click(f"tray-card-{i}")
        assert p.part(f"tray-card-{i}").count() == 0 or (
            p.part(f"tray-card-{i}").get_attribute("aria-pressed") == "true"
        )
    assert verdict in p.feedback()
    assert p.part("picked").locator('[data-testid^="picked-card-"]').count() == len(clicks)
    state = p.check_feedback_reached_python()
    assert (state["picked"], state["ok"]) == (picked, ok), state
    return p


def lesson_start_here(page: Any) -> Panel:
    """SetBuilder: pick 7♥ 7♣ 🃏 from the tray -> a legal set of sevens."""
    return _set_builder(page, [0, 1, 3], "A legal set of sevens", True, "7♥ 7♣ 🃏")


def _score_pad(page: Any, off_by: int) -> Panel:
    p = Panel(page, "scorepad")
    right = int(p.kernel("w.points"))
    assert p.part("everywhere").count() == 0
    p.type_and_click("points", str(right + off_by), "check")
    state = p.check_feedback_reached_python()
    assert state["answered"] is True and state["ok"] is (off_by == 0), state
    assert state["score"] == [int(off_by == 0), 1]
    assert p.feedback().startswith("✓" if off_by == 0 else "✗")
    assert p.part("everywhere").is_visible()  # the same hand under every preset
    assert p.part("points").input_value() == str(right + off_by)
    return p


def lesson_cards(page: Any) -> Panel:
    """ScorePad (house): type the right count, press Check -> ✓ and the every-preset table."""
    return _score_pad(page, 0)


def lesson_sets(page: Any) -> Panel:
    """SetBuilder: pick 7♥ and K♠ -> they cannot become a set."""
    return _set_builder(page, [0, 8], "cannot become a set", False, "7♥ K♠")


def lesson_runs(page: Any) -> Panel:
    """RunBuilder: pick 9♥ J♥ Q♥ 🃏, then Arrange -> a legal run of ♥ 9-Q, the joker as 10."""
    p = Panel(page, "run-builder")
    for i in (0, 2, 4, 3):
        p.click(f"tray-card-{i}")
    p.click("arrange")
    assert "A legal run of ♥ 9-Q" in p.feedback()
    state = p.check_feedback_reached_python()
    assert state["ok"] is True and state["suggestion"], state
    assert state["picked"] == "9♥ 🃏 J♥ Q♥", state  # arranged: the joker stands for the 10♥
    assert [c.get_attribute("title") for c in p.part("picked").locator("button").all()] == [
        "9♥",
        "🃏",
        "J♥",
        "Q♥",
    ]
    return p


def lesson_wild_limits(page: Any) -> Panel:
    """WildLimits: click the second example -> every preset's verdict row matches the kernel."""
    p = Panel(page, "wild-limits")
    before = p.kernel()["cards"]
    p.click("example-1")
    assert "not under online, traditional" in p.feedback()
    state = p.check_feedback_reached_python()
    assert state["cards"] != before
    rows = p.part("verdicts").locator('[data-testid^="row-"]')
    shown = {
        (rows.nth(i).get_attribute("data-testid") or "")[4:]: rows.nth(i).get_attribute("data-ok")
        for i in range(rows.count())
    }
    expected = {name: str(v == "legal").lower() for name, v in state["verdicts"].items()}
    assert shown == expected and "false" in shown.values() and "true" in shown.values()
    return p


def lesson_going_down(page: Any) -> Panel:
    """GoingDownTrainer: select the 7♥ (kernel's selection), then Show me -> a solution."""
    p = Panel(page, "going-down")
    p.click("hand-card-0")
    assert p.part("hand-card-0").get_attribute("aria-pressed") == "true"
    assert p.kernel()["selected"] == "7♥"
    p.click("show-me")
    assert "One way to go down" in p.feedback()
    assert p.part("solution").is_visible()
    p.check_feedback_reached_python()
    return p


def lesson_laying_off(page: Any) -> Panel:
    """LayOffTrainer: select the 4♥, lay it off at the low end of 5♥ 6♥ 🃏 8♥ -> it fits."""
    p = Panel(page, "lay-off")
    p.click("hand-card-0")
    assert p.kernel()["selected"] == "4♥"
    p.click("lay-off-0-low")
    assert "fits the low end" in p.feedback()
    state = p.check_feedback_reached_python()
    assert state["ok"] is True, state
    return p


def lesson_buying(page: Any) -> Panel:
    """BuyingWalkthrough: Next -> one more step told, the same count in the kernel."""
    p = Panel(page, "buying")
    before = p.kernel()["steps"]
    assert p.part("steps").locator("li").count() == before
    p.click("next")
    state = p.check_feedback_reached_python()
    assert state["steps"] > before, state
    assert p.part("steps").locator("li").count() == state["steps"]
    return p


def lesson_scoring(page: Any) -> Panel:
    """ScorePad (traditional): type a wrong count -> ✗, and the kernel counted a wrong answer."""
    return _score_pad(page, 1)


def lesson_full_game(page: Any) -> Any:
    """play(): buy the upcard offered (hand 10 -> 12 cards), then select a hand card."""
    root = page.locator(".lpt[data-version]").first
    root.locator('[data-testid="prompt-buy"]').wait_for()
    model_id = ld.widget_model_id(page, ".lpt[data-version]")
    probe = (
        "{'hand': len(w.game.hand(0)), 'actions': len(w.game.actions),"
        " 'selected': list(w.table.selected), 'crash': w.table.crash, 'error': w.table.error}"
    )
    before = ld.kwidget(page, model_id, probe)
    assert before["hand"] == 10 and root.locator('[data-testid^="hand-card-"]').count() == 10
    version = int(root.get_attribute("data-version") or 0)
    root.locator('[data-testid="prompt-buy"]').click()
    page.wait_for_function(
        "([el, v]) => Number(el.dataset.version) > v", arg=[root.element_handle(), version]
    )
    root.locator('[data-testid="hand-card-11"]').wait_for()
    after = ld.kwidget(page, model_id, probe)
    assert after["hand"] == 12 and after["actions"] > before["actions"], after
    assert root.locator('[data-testid^="hand-card-"]').count() == 12
    # a card click: Python's selection comes back on the root's data-selected
    root.locator('[data-testid="hand-card-0"]').click()
    page.wait_for_function(
        "(el) => (el.dataset.selected || '').split(',').includes('0')", arg=root.element_handle()
    )
    after = ld.kwidget(page, model_id, probe)
    assert after["selected"] == [0] and (after["crash"], after["error"]) == ("", ""), after
    assert root.locator('[data-testid="crash"]').count() == 0
    return root


def lesson_house_rules(page: Any) -> Panel:
    """RulesCompare: choose classic and florida from the two menus -> rows highlighted as the
    kernel's differences."""
    p = Panel(page, "rules-compare")
    p.choose("left", "classic")
    p.choose("right", "florida")
    state = p.check_feedback_reached_python()
    assert (state["left"], state["right"]) == ("classic", "florida"), state
    assert "classic and florida differ" in p.feedback()
    differs = p.page.locator(f'{p.sel} tr[data-differs="true"]')
    shown = sorted(
        (differs.nth(i).get_attribute("data-testid") or "")[4:] for i in range(differs.count())
    )
    assert shown == sorted(state["differences"]) and shown, (shown, state["differences"])
    return p


def lesson_strategy_lab(page: Any) -> Panel:
    """HandExplorer: open the card grid, click 7♥ -> the hand grows by it and is analysed again
    (the kernel's ``explorer`` is the widget clicked)."""
    p = Panel(page, "hand-explorer")
    before = p.kernel()
    assert p.kernel("w is __import__('__main__').explorer") is True
    cards = p.part("hand").locator('[data-testid^="hand-card-"]')
    n = cards.count()
    p.part("grid").locator("summary").click()
    p.click("add-7H")
    state = p.check_feedback_reached_python()
    assert len(state["hand"].split()) == len(before["hand"].split()) + 1 == n + 1, state
    assert "7♥" in state["hand"] and cards.count() == n + 1
    # the 7♥ completes 4♥ 5♥ 6♥ (🃏) 8♥: one card short before, ready to go down now
    assert (before["missing"], before["can_go_down"]) == (1, False), before
    assert (state["missing"], state["can_go_down"]) == (0, True), state
    assert "can go down" in p.feedback()
    assert "7H" in p.part("hand-text").input_value().split()
    return p


INTERACTIONS: dict[str, Callable[[Any], Any]] = {
    "00_start_here": lesson_start_here,
    "01_cards_decks_and_points": lesson_cards,
    "03_sets": lesson_sets,
    "04_runs": lesson_runs,
    "05_wild_cards_and_their_limits": lesson_wild_limits,
    "06_contracts_and_going_down": lesson_going_down,
    "07_laying_off_and_swapping_wilds": lesson_laying_off,
    "08_buying": lesson_buying,
    "09_going_out_floating_and_scoring": lesson_scoring,
    "11_a_full_game_against_bots": lesson_full_game,
    "12_house_rules_compared": lesson_house_rules,
    "13_strategy_lab": lesson_strategy_lab,
}
"""One interaction per lesson stem. The lessons not named here (the table and the turn, the
coached first deal, the quiz and the reference lessons) have browser tests of their own, or no
widget to click: for them this test opens, runs and checks the page, and photographs it."""


def _raising_cells(name: str) -> int:
    nb = json.loads((NOTEBOOKS / name).read_text())
    return sum(
        "raises-exception" in c.get("metadata", {}).get("tags", [])
        for c in nb["cells"]
        if c["cell_type"] == "code"
    )


def test_every_interaction_has_its_lesson() -> None:
    stems = {name.split(".")[0] for name in LESSONS}
    assert len(LESSONS) >= 15 and LESSONS[0].startswith("00_")
    assert set(INTERACTIONS) <= stems, set(INTERACTIONS) - stems


@pytest.mark.parametrize("name", LESSONS, ids=[n.split(".")[0] for n in LESSONS])
def test_lesson_in_jupyterlab(name: str, lab: ld.Server, page: Any, tmp_path: Path) -> None:
    shutil.copyfile(NOTEBOOKS / name, Path(lab.base) / "notebooks" / name)
    ld.open_page(page, lab, name)
    ld.run_all(page)

    # no error outputs but the ones shown on purpose (cells tagged raises-exception)
    errors = ld.error_outputs(page)
    unexpected = [e for e in errors if "raises-exception" not in e["tags"]]
    assert unexpected == [], unexpected
    assert len(errors) == _raising_cells(name), errors
    assert all(e["ename"] == "IllegalAction" for e in errors), errors
    assert page.locator("text=Error displaying widget").count() == 0

    interact = INTERACTIONS.get(name.split(".")[0])
    path = tmp_path / f"{name.split('.')[0]}.png"
    if interact is None:
        page.screenshot(path=str(path), full_page=True)
        assert page.errors == []
        return
    shot = interact(page)
    if isinstance(shot, Panel):
        shot.screenshot(path)
    else:
        _screenshot(page, shot, path)
    assert page.errors == []
