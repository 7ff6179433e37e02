"""The card table in a real browser: JupyterLab (and Voila) in headless Debian chromium.

The notebook ``play_stacked.ipynb`` (next to this file) starts ``play()`` on a stacked house
deal against scripted opponents, so every card is known in advance:

    You:  7♥ 7♣ 7♠ 9♥ 9♦ 9♠ K♣ Q♦ 4♠ J♥      upcard 7♦
    Ada:  Q♥ Q♠ Q♣ 4♣ 4♦ 4♥ 2♣ 3♦ 5♠ 6♣      (goes down on her first turn)
    Ben:  nothing to meld                       stock: 9♣ 7♣ 10♦ 4♣ …

Every step is a mouse click on an element found by its ``data-testid``; after each click the
test waits for the table to re-render (the root's ``data-version`` / ``data-selected``, which
``table.js`` stamps from what Python sent), then checks the page and asks the kernel itself
(``state()``, run in the notebook's kernel) that the click reached Python.

Missing chromium, Playwright or JupyterLab skips these tests with the command that installs
them — except where ``CI`` is set, where it fails the run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

pytestmark = pytest.mark.browser

# -- fixtures (``lab``, ``chromium`` and ``page`` are shared, in conftest.py) ---------------------


@pytest.fixture
def table_page(lab: ld.Server, page: Any, request: pytest.FixtureRequest) -> Any:
    """The test notebook (its own copy, so its own kernel) open in JupyterLab, cells run."""
    name = re.sub(r"\W+", "_", request.node.name) + ".ipynb"
    ld.copy_notebook(Path(lab.base) / "notebooks", name)
    ld.open_notebook(page, lab, name)
    return page


# -- helpers ---------------------------------------------------------------------------------------


class Table:
    """Clicks on the table and the checks after them."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.root = page.locator(".lpt[data-version]").first

    def version(self) -> int:
        return int(self.root.get_attribute("data-version") or 0)

    def testid(self, name: str) -> Any:
        return self.root.locator(f'[data-testid="{name}"]')

    def hand_card(self, code: str) -> Any:
        return self.root.locator(f'[data-testid^="hand-card-"][data-card="{code}"]')

    def hand(self) -> list[str]:
        cards = self.root.locator('[data-testid^="hand-card-"]')
        return [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]

    def text(self, name: str) -> str:
        return str(self.testid(name).inner_text())

    def state(self) -> dict[str, Any]:
        return ld.kstate(self.page)

    def select(self, *codes: str) -> None:
        """Click each card, waiting until Python's selection (``data-selected``) holds it."""
        for code in codes:
            card = self.hand_card(code)
            index = (card.get_attribute("data-testid") or "").rsplit("-", 1)[-1]
            card.click()
            self.page.wait_for_function(
                "([el, i]) => el.dataset.selected.split(',').includes(i)",
                arg=[self.root.element_handle(), index],
            )
            assert "is-selected" in (self.hand_card(code).get_attribute("class") or "")
        # the kernel's probe label (written by a Python observer) says the same
        probe = self.page.locator('[data-testid="probe"]')
        assert probe.get_attribute("data-selected") == self.root.get_attribute("data-selected")

    def click(self, locator: Any) -> int:
        """Click something that changes the game: wait for a newer view to be drawn."""
        before = self.version()
        locator.click()
        self.page.wait_for_function(
            "([el, v]) => Number(el.dataset.version) > v",
            arg=[self.root.element_handle(), before],
        )
        return self.version()

    def no_error(self) -> None:
        assert self.testid("error").is_hidden(), self.text("error")


# -- (a) one whole deal by clicking only -----------------------------------------------------------


def test_one_whole_deal_by_clicking_only(table_page: Any, tmp_path: Path) -> None:
    page = table_page
    t = Table(page)
    s = t.state()
    assert (s["actions"], s["phase"], s["to_act"], s["deal"]) == (0, "draw", 0, 1)
    assert "You must take the 7♦ or draw" in t.text("deciding")
    assert t.testid("discard-top").get_attribute("data-card") == "7D"
    assert t.text("stock-count").strip().isdigit()

    # Turn 1: take the 7♦ from the discard pile
    t.click(t.testid("discard-top"))
    s = t.state()
    assert (s["actions"], s["phase"]) == (1, "play")
    assert "7D" in s["hand"] and "7D" in t.hand()
    t.no_error()

    # build two melds: select the sevens, Add meld; the nines, Add meld; Go down
    t.select("7H", "7C", "7S")
    t.testid("btn-add_meld").click()
    t.testid("staged-0").wait_for()
    t.select("9H", "9D", "9S")
    t.testid("btn-add_meld").click()
    t.testid("staged-1").wait_for()
    assert t.state()["actions"] == 1  # building melds is not yet an action
    t.click(t.testid("btn-go_down"))
    s = t.state()
    assert s["down"] and s["table"] == [["7H", "7C", "7S"], ["9H", "9D", "9S"]]
    assert t.testid("meld-0-card-2").get_attribute("data-card") == "7S"
    assert "down ✓" in t.testid("melds-of-0").inner_text()

    # lay off the 7♦ on the sevens: select it, click the meld
    t.select("7D")
    t.click(t.testid("meld-0-card-0"))
    s = t.state()
    assert s["table"][0] == ["7H", "7C", "7S", "7D"] and "7D" not in s["hand"]
    assert t.testid("meld-0-card-3").get_attribute("data-card") == "7D"

    # discard the K♣; the bots move (Ada goes down, discards the 9♣) and offer it to buy
    t.select("KC")
    t.click(t.testid("btn-discard"))
    t.testid("prompt-buy").wait_for()
    s = t.state()
    assert (s["phase"], s["to_act"]) == ("buy", 0)
    assert [sorted(m) for m in s["table"][2:]] == [["4C", "4D", "4H"], ["QC", "QH", "QS"]]
    assert t.testid("prompt").get_attribute("data-kind") == "buy"
    assert "Buy the 9♣ for one extra card?" in t.text("prompt")
    assert "Ada went down" in t.text("log")

    # buy it (and the penalty card, the 7♣)
    t.click(t.testid("prompt-buy"))
    s = t.state()
    assert sorted(s["hand"]) == sorted(["QD", "4S", "JH", "9C", "7C"])
    assert (s["phase"], s["to_act"]) == ("draw", 0)
    assert t.testid("prompt").count() == 0
    assert sorted(t.hand()) == sorted(s["hand"])

    # Turn 2: draw the 4♣ from the stock
    t.click(t.testid("stock"))
    s = t.state()
    assert s["phase"] == "play" and "4C" in s["hand"]

    # lay off everything that fits: the Q♦ on Ada's queens, the 4♠ and 4♣ on her fours, the
    # 9♣ on the nines, the 7♣ on the sevens
    for code, meld in (("QD", 3), ("4S", 2), ("9C", 1), ("7C", 0), ("4C", 2)):
        t.select(code)
        t.click(t.testid(f"meld-{meld}-card-0"))
        s = t.state()
        assert code not in s["hand"] and code in s["table"][meld], (code, s)
        t.no_error()
    assert t.hand() == ["JH"]

    # go out: discard the last card; the deal is over and the score pad appears
    t.select("JH")
    t.click(t.testid("btn-discard"))
    t.testid("score-pad").wait_for()
    s = t.state()
    assert s["deal"] == 2 and s["deal_scores"][0] == [0, 16, 75], s
    pad = t.text("score-pad")
    assert "+16" in pad and "+75" in pad
    assert "You went out!" in t.text("log")
    assert s["error"] == "" and s["crash"] == ""
    assert t.testid("crash").count() == 0
    page.locator(".jp-OutputArea-output").last.screenshot(path=tmp_path / "whole-deal.png")
    assert page.errors == []


# -- (b) a disabled action's reason; a wrong click's message ---------------------------------------


def test_disabled_reason_and_wrong_click_message(table_page: Any, tmp_path: Path) -> None:
    page = table_page
    t = Table(page)
    # before drawing, Discard is disabled and says why, in the engine's words
    first = ld.kexec(page, "print(m.game.why_not(lp.Discard(m.game.hand(0)[0]), 0))").strip()
    assert first == "You must draw before you discard."
    assert t.testid("btn-discard").is_disabled()
    assert t.text("why-discard") == first
    assert t.testid("btn-go_down").is_disabled()
    assert t.text("why-go_down")
    # every reason on the page is the one the kernel's table model holds
    whys = ld.kexec(
        page,
        "print(json.dumps({b.kind.value: b.why for b in m.table.model.controls.buttons"
        " if b.shown and not b.enabled}))",
    )
    for kind, why in json.loads(whys).items():
        assert t.text(f"why-{kind}") == why, kind

    t.click(t.testid("discard-top"))  # take the 7♦
    t.select("7D")
    # the taken card may not be discarded: the button is off, with the engine's own sentence
    rule = ld.kexec(page, "print(m.game.why_not(lp.Discard(lp.Card.parse('7D')), 0))").strip()
    assert rule and rule != "None"
    assert t.testid("btn-discard").is_disabled()
    assert t.text("why-discard") == rule

    # a wrong click: the discard pile, with the 7♦ selected -> the IllegalAction, in place
    before = t.state()
    t.testid("discard-top").click()
    t.testid("error").wait_for(state="visible")
    assert rule in t.text("error")
    after = t.state()
    assert after["error"] == rule
    assert (after["actions"], after["hand"], after["phase"]) == (
        before["actions"],
        before["hand"],
        before["phase"],
    )
    page.locator(".jp-OutputArea-output").last.screenshot(path=tmp_path / "wrong-click.png")
    assert page.errors == []


# -- (d) the same notebook under Voila -------------------------------------------------------------


def test_the_notebook_renders_under_voila(
    chromium: Any, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    ld.require(voila=True)
    base = tmp_path_factory.mktemp("voila")
    notebook = ld.copy_notebook(base, "play_stacked.ipynb")
    server = ld.start_voila(notebook, base)
    context = chromium.new_context(viewport={"width": 1400, "height": 1700})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.url}/?token={server.token}", timeout=60_000)
        page.wait_for_selector('.lpt [data-testid^="hand-card-"]', timeout=60_000)
        root = page.locator(".lpt[data-version]").first
        codes = root.locator('[data-testid^="hand-card-"]')
        assert codes.count() == 10
        assert root.locator('[data-testid="discard-top"]').get_attribute("data-card") == "7D"
        page.screenshot(path=tmp_path / "voila.png", full_page=True)
        assert errors == []
    finally:
        context.close()
        server.stop()
