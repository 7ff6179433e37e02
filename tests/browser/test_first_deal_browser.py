"""Lesson 10's coached first deal, played by clicking in JupyterLab (headless chromium).

The notebook ``first_deal.ipynb`` (next to this file) shows ``FirstDeal(pace=0)``: the stacked
house deal of ``liverpool_widgets.lessons.first_deal`` against two scripted opponents, with the
coach's title line above the table and its sentence in the table's hint slot, just above the
buttons. The test does what the coach says at every step — each step a mouse click on an
element found by its ``data-testid`` — and checks before each that the coach asks for it (the
line's ``data-step``) and rings it in gold (``is-hinted``: the discard pile, the cards of a
set and Add meld, the K♣ and Discard), and after each that the click reached Python (the
kernel's ``state()``). It opens the opponents' hands with the switch, goes down on the first
turn, passes the buys, lays off on its own and Ada's melds, goes out on the third turn, sees
the deal scored, and asks for the review. A second test opens the lesson on a 1280×800
screen: the discard pile is ringed at the start, and the coach's sentence is on screen together
with the buttons, right above them.

Every wait is bounded (the page's default timeout, 20 s, or the one given).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

import liverpool as lp

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parent / "first_deal.ipynb"

_RINGED = """(root) => {
  const ringed = (sel) => [...root.querySelectorAll(`${sel}.is-hinted`)];
  return {
    pile: ringed('[data-testid="discard-top"]').length > 0,
    stock: ringed('[data-testid="stock"]').length > 0,
    buttons: ringed(".lpt-btn").map((b) => b.dataset.kind),
    cards: ringed('[data-testid^="hand-card-"]').map((c) => c.dataset.card).sort(),
  };
}"""
"""What the table rings in gold (``is-hinted``): the discard pile, buttons, hand cards."""


@pytest.fixture
def deal_page(lab: ld.Server, page: Any, request: pytest.FixtureRequest) -> Any:
    """The coached deal (its own copy, so its own kernel) open in JupyterLab, cells run."""
    name = re.sub(r"\W+", "_", request.node.name) + ".ipynb"
    ld.copy_notebook(Path(lab.base) / "notebooks", name, NOTEBOOK)
    ld.open_notebook(page, lab, name)
    page.locator('[data-testid="coach"]').wait_for()
    return page


@pytest.fixture
def small_deal_page(lab: ld.Server, chromium: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """The coached deal open in JupyterLab on a laptop's 1280×800 screen."""
    name = re.sub(r"\W+", "_", request.node.name) + ".ipynb"
    ld.copy_notebook(Path(lab.base) / "notebooks", name, NOTEBOOK)
    with ld.notebook_page(chromium, width=1280, height=800) as page:
        ld.open_notebook(page, lab, name)
        page.locator('[data-testid="coach"]').wait_for()
        yield page


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

    def hint(self) -> str:
        """The sentence in the table's hint slot (the coach's, just above the buttons)."""
        return str(self.testid("hint").inner_text())

    def ringed(self) -> dict[str, Any]:
        """What the page rings in gold: the discard pile, the buttons, the hand's cards."""
        return dict(self.root.evaluate(_RINGED))

    def expect_ringed(self, **want: Any) -> None:
        """Wait until the page rings what ``want`` says (``pile``, ``buttons``, ``cards``)."""
        for _ in range(100):
            got = self.ringed()
            if all(got[k] == v for k, v in want.items()):
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"ringed {self.ringed()}, wanted {want}")

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
        self.expect_ringed(cards=[card], buttons=["lay_off"])
        ringed = self.root.locator(".lpt-meld.is-hinted")  # the meld to lay it on
        ringed.locator(f'[data-testid="meld-{meld}-card-0"]').wait_for()
        assert str(lp.Card.parse(card)) in self.hint()
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
    # the coach's whole sentence is the table's hint, and the pile it names is ringed
    assert "Take the 7♦ from the discard pile (click it)" in t.hint()
    t.expect_ringed(pile=True, stock=False, buttons=["take"], cards=[])

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
    assert "press Add meld" in t.hint()
    t.expect_ringed(pile=False, buttons=["add_meld"], cards=["7C", "7D", "7H"])
    t.select("7H", "7C", "7D")
    t.testid("btn-add_meld").click()
    t.testid("staged-0").wait_for()
    t.expect_ringed(buttons=["add_meld"], cards=["9D", "9H", "9S"])
    t.select("9H", "9D", "9S")
    t.testid("btn-add_meld").click()
    t.testid("staged-1").wait_for()
    t.expect_ringed(buttons=["go_down"], cards=[])
    t.click(t.testid("btn-go_down"))
    assert t.state()["down"]
    t.expect("discard")
    assert "K♣" in t.coach.inner_text()
    t.expect_ringed(buttons=["discard"], cards=["KC"])
    assert "K♣" in t.hint() and "press Discard" in t.hint()
    t.select("KC")
    t.click(t.testid("btn-discard"))

    # Ada goes down and throws the 10♦; Ben draws: it is offered to you — the coach says pass
    t.expect("pass")
    assert t.testid("prompt").get_attribute("data-kind") == "buy"
    t.expect_ringed(buttons=["pass"])
    t.click(t.testid("prompt-pass"))

    # turn 2: draw, lay off three cards (on Ada's melds and your own), discard the J♥
    t.expect("draw")
    t.expect_ringed(buttons=["draw"], stock=True)
    assert t.hint().startswith("Coach: Your turn starts with a draw.")
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
    assert t.testid("hint").count() == 0  # the panel covers the buttons: no ring, no hint
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


def test_the_coach_and_the_button_it_names_are_on_a_laptop_screen_together(
    small_deal_page: Any,
) -> None:
    """Lesson 10 at 1280×800: the start of the deal rings the discard pile, and the coach's
    sentence stands just above the buttons, so the learner who has scrolled to the buttons
    reads it there (the title line above the table says where to look)."""
    page = small_deal_page
    t = Coached(page)
    assert t.state()["step"] == "take"
    t.expect_ringed(pile=True, buttons=["take"])
    assert "above the buttons" in t.coach.inner_text()
    take = t.testid("btn-take")
    take.scroll_into_view_if_needed()
    hint = t.testid("hint")
    assert hint.is_visible() and "Take the 7♦ from the discard pile" in t.hint()
    assert ld.in_viewport(page, take) and ld.in_viewport(page, hint), (ld.box(hint), ld.box(take))
    gap = ld.box(take)["y"] - ld.box(hint)["bottom"]
    assert 0 <= gap < 80, (ld.box(hint), ld.box(take))  # right above the buttons

    # the next step moves the ring and the sentence, still together with the buttons
    t.click(t.testid("discard-top"))
    t.expect("go_down")
    t.expect_ringed(pile=False, buttons=["add_meld"], cards=["7C", "7D", "7H"])
    add = t.testid("btn-add_meld")
    add.scroll_into_view_if_needed()
    assert ld.in_viewport(page, add) and ld.in_viewport(page, hint)
    assert "press Add meld" in t.hint()
    assert page.errors == []
