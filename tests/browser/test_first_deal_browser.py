"""Lesson 10's coached first deal, played by clicking in JupyterLab (headless chromium).

The notebook ``first_deal.ipynb`` (next to this file) shows ``FirstDeal(pace=0)``: the stacked
house deal of ``liverpool_widgets.lessons.first_deal`` against two scripted opponents, with the
coach line above the table. The test does what the coach line says at every step — each step
a mouse click on an element found by its ``data-testid`` — and checks before each that the
coach asks for it (the line's ``data-step``), and after each that the click reached Python (the
kernel's ``state()``). It opens the opponents' hands with the switch, goes down on the first
turn, passes the buys, lays off on its own and Ada's melds, goes out on the third turn, sees
the deal scored, and asks for the review.

Every wait is bounded (the page's default timeout, 20 s, or the one given).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

import liverpool as lp

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parent / "first_deal.ipynb"


@pytest.fixture
def deal_page(lab: ld.Server, page: Any, request: pytest.FixtureRequest) -> Any:
    """The coached deal (its own copy, so its own kernel) open in JupyterLab, cells run."""
    name = re.sub(r"\W+", "_", request.node.name) + ".ipynb"
    ld.copy_notebook(Path(lab.base) / "notebooks", name, NOTEBOOK)
    ld.open_notebook(page, lab, name)
    page.locator('[data-testid="coach"]').wait_for()
    return page


class Coached:
    """Clicks at the coached table and the checks around them."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.root = page.locator(ld.TABLE).first
        self.coach = page.locator('[data-testid="coach"]').first

    def state(self) -> dict[str, Any]:
        return ld.kstate(self.page)

    def expect(self, step: str) -> None:
        """Wait until the coach line asks for ``step``."""
        self.page.locator(f'[data-testid="coach"][data-step="{step}"]').wait_for()

    def testid(self, name: str) -> Any:
        return self.root.locator(f'[data-testid="{name}"]')

    def version(self) -> int:
        return int(self.root.get_attribute("data-version") or 0)

    def click(self, locator: Any) -> None:
        """Click something that changes the game; wait until a newer table is drawn."""
        before = self.version()
        locator.click()
        self.page.wait_for_function(
            "([el, v]) => Number(el.dataset.version) > v",
            arg=[self.root.element_handle(), before],
        )

    def select(self, *codes: str) -> None:
        """Click each hand card; wait until Python's selection holds it."""
        for code in codes:
            card = self.root.locator(f'[data-testid^="hand-card-"][data-card="{code}"]').first
            index = (card.get_attribute("data-testid") or "").rsplit("-", 1)[-1]
            card.click()
            self.page.wait_for_function(
                "([el, i]) => el.dataset.selected.split(',').includes(i)",
                arg=[self.root.element_handle(), index],
            )

    def meld_with(self, code: str) -> int:
        """The table index of the meld holding ``code`` (the kernel says)."""
        table = self.state()["table"]
        return next(i for i, meld in enumerate(table) if code in meld)

    def lay_off(self, card: str, on: str) -> None:
        """Select ``card`` and click the meld that holds ``on``."""
        self.expect("lay_off")
        assert str(lp.Card.parse(card)) in self.coach.inner_text()
        meld = self.meld_with(on)
        self.select(card)
        self.click(self.testid(f"meld-{meld}-card-0"))
        s = self.state()
        assert card not in s["hand"] and card in s["table"][meld], s


def test_the_coached_first_deal_played_by_clicking(deal_page: Any) -> None:
    page = deal_page
    t = Coached(page)
    s = t.state()
    assert (s["step"], s["actions"], s["phase"], s["to_act"]) == ("take", 0, "draw", 0)
    assert "Take the 7♦" in t.coach.inner_text()

    # the switch shows the opponents' hands (teaching) and hides them again
    switch = page.locator("button.widget-toggle-button", has_text="Show opponents")
    switch.click()
    t.testid("open-hand-1").wait_for()
    assert t.state()["open_hands"]
    switch.click()
    t.testid("open-hand-1").wait_for(state="detached")

    # turn 1: take the 7♦, go down with two sets, discard the K♣
    t.expect("take")
    t.click(t.testid("discard-top"))
    t.expect("go_down")
    assert "7♥ 7♣ 7♦" in t.coach.inner_text()
    t.select("7H", "7C", "7D")
    t.testid("btn-add_meld").click()
    t.testid("staged-0").wait_for()
    t.select("9H", "9D", "9S")
    t.testid("btn-add_meld").click()
    t.testid("staged-1").wait_for()
    t.click(t.testid("btn-go_down"))
    assert t.state()["down"]
    t.expect("discard")
    assert "K♣" in t.coach.inner_text()
    t.select("KC")
    t.click(t.testid("btn-discard"))

    # Ada goes down and throws the 10♦; Ben draws: it is offered to you — the coach says pass
    t.expect("pass")
    assert t.testid("prompt").get_attribute("data-kind") == "buy"
    t.click(t.testid("prompt-pass"))

    # turn 2: draw, lay off three cards (on Ada's melds and your own), discard the J♥
    t.expect("draw")
    t.click(t.testid("stock"))
    t.lay_off("QD", on="QS")
    t.lay_off("4S", on="4H")
    t.lay_off("9C", on="9H")
    t.expect("discard")
    t.select("JH")
    t.click(t.testid("btn-discard"))

    # turn 3: pass the 3♠, draw the 7♠, lay it off, go out with the 5♣
    t.expect("pass")
    t.click(t.testid("prompt-pass"))
    t.expect("draw")
    t.click(t.testid("stock"))
    t.lay_off("7S", on="7H")
    t.expect("go_out")
    t.select("5C")
    t.click(t.testid("btn-discard"))

    # the deal is scored on the table; the coach says so and explains deal 7
    t.expect("scored")
    t.testid("deal-end").wait_for()
    s = t.state()
    assert s["deal_scores"][0] == [0, 16, 75], s
    assert s["error"] == "" and s["crash"] == ""
    said = t.coach.inner_text()
    assert "Review my play" in said and "deal 7" in said and "buy" in said

    # and reviewed: Review my play puts the review under the table
    page.locator("button", has_text="Review my play").click()
    page.get_by_text("Review of your play").wait_for(timeout=30_000)
    assert t.state()["reviewed"]
    assert page.errors == []
