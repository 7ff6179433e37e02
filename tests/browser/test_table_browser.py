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

The notebook ``keyboard_deal.ipynb`` is a shorter stacked deal (out in two turns) with a page
of printout above the table: it is played with the keyboard alone, and shows under Voila that
``play()`` puts the table first. Layout checks: at 1280×800 the piles, the prompt, the hand
and the buttons are on screen together; at 800 px wide nothing runs off the table's side; the
projector scale draws larger cards.

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


@pytest.fixture
def keyboard_page(lab: ld.Server, page: Any, request: pytest.FixtureRequest) -> Any:
    """The short keyboard deal (its own copy) open in JupyterLab, cells run."""
    name = re.sub(r"\W+", "_", request.node.name) + ".ipynb"
    ld.copy_notebook(Path(lab.base) / "notebooks", name, ld.KEYBOARD_NOTEBOOK)
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
        return self.after(locator.click)

    def after(self, act: Any) -> int:
        """Do ``act()`` (a click, a key) and wait until a newer view is drawn."""
        before = self.version()
        act()
        self.page.wait_for_function(
            "([el, v]) => Number(el.dataset.version) > v",
            arg=[self.root.element_handle(), before],
        )
        return self.version()

    def key(self, keys: str) -> int:
        """Press ``keys`` on the focused element; wait for the newer view it makes."""
        return self.after(lambda: self.page.keyboard.press(keys))

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
    # everyone saw it go into your hand: the table says so under your hand
    assert " ".join(t.text("picked-0").split()) == "the others saw you pick up 7♦"
    t.testid("my-seat").screenshot(path=tmp_path / "picked-up-mine.png")
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
    assert t.testid("picked-0").count() == 0  # shown on the table: no longer a secret kept

    # discard the K♣; the bots move (Ada goes down, discards the 9♣) and offer it to buy
    t.select("KC")
    t.click(t.testid("btn-discard"))
    t.testid("prompt-buy").wait_for()
    s = t.state()
    assert (s["phase"], s["to_act"]) == ("buy", 0)
    assert [sorted(m) for m in s["table"][2:]] == [["4C", "4D", "4H"], ["QC", "QH", "QS"]]
    assert t.testid("prompt").get_attribute("data-kind") == "buy"
    assert "Buy the 9♣? You also take a penalty card from the stock" in t.text("prompt")
    # the question's two answers weigh the same, and are not asked again in the action bar
    assert "lpt-primary" not in (t.testid("prompt-buy").get_attribute("class") or "")
    assert t.testid("btn-buy").count() == 0 and t.testid("btn-pass").count() == 0
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
    # no button that plays is on (only Hint, Undo): the line under them says what leads on
    assert t.text("reason").startswith("Discard: Select")

    # lay off everything that fits: the Q♦ on Ada's queens, the 4♠ and 4♣ on her fours, the
    # 9♣ on the nines, the 7♣ on the sevens
    for code, meld in (("QD", 3), ("4S", 2), ("9C", 1), ("7C", 0), ("4C", 2)):
        t.select(code)
        t.click(t.testid(f"meld-{meld}-card-0"))
        s = t.state()
        assert code not in s["hand"] and code in s["table"][meld], (code, s)
        t.no_error()
    assert t.hand() == ["JH"]

    # go out: discard the last card; the deal is over: the end-of-deal panel, the score pad
    t.select("JH")
    t.click(t.testid("btn-discard"))
    t.testid("deal-end").wait_for()
    s = t.state()
    assert s["deal"] == 2 and s["deal_scores"][0] == [0, 16, 75], s
    # the panel's pad says the scores; the pad beside the log is not shown a second time
    assert t.testid("score-pad").is_hidden()
    pad = t.text("deal-end-pad")
    assert "+16" in pad and "+75" in pad
    assert "You went out!" in t.text("log")
    assert "Deal 2" not in t.text("log")  # the next deal's lines wait for Next deal
    assert s["error"] == "" and s["crash"] == ""
    assert t.testid("crash").count() == 0
    check_deal_end_panel(t)
    page.locator(".jp-OutputArea-output").last.screenshot(path=tmp_path / "whole-deal.png")

    # the bots wait for Next deal (deal 2 opens with Ada's turn; pace 0 would play at once)
    waited = t.state()
    assert waiting(page) and waited["to_act"] == 1
    page.wait_for_timeout(600)
    assert t.state()["actions"] == waited["actions"]
    t.click(t.testid("next-deal"))
    assert t.testid("deal-end").count() == 0
    s = t.state()
    assert not waiting(page) and s["actions"] > waited["actions"] and s["to_act"] == 0
    assert t.text("deciding").startswith("You m")  # must draw, or may buy
    assert page.errors == []


def waiting(page: Any) -> bool:
    """Whether the kernel's match waits for Next deal (its bots do not move)."""
    return bool(json.loads(ld.kexec(page, "print(json.dumps(m.waiting_for_next_deal))")))


def check_deal_end_panel(t: Table) -> None:
    """The end of deal 1 of ``play_stacked.ipynb``: who went out and how, every hand left,
    pictured, with its points, the deal's scores and totals, Next deal."""
    assert t.text("deal-end-how").strip().startswith("You went out by discarding the J♥")
    # You went out: no cards, 0
    assert t.text("leftover-0-score") == "0"
    assert t.testid("leftover-0").locator(".lpt-left-card").count() == 0
    # Ada: 2♣ 3♦ 5♠ 6♣ = 16; Ben: ten cards = 75 — each card a picture with its points
    for seat, score, count in ((1, "+16", 4), (2, "+75", 10)):
        hand = t.testid(f"leftover-{seat}")
        assert t.text(f"leftover-{seat}-score") == score
        cards = hand.locator('[data-testid^="leftover-"][data-card]')
        assert cards.count() == count
        assert cards.first.locator("svg").count() == 1
        points = [int(cards.nth(i).locator(".lpt-left-pts").inner_text()) for i in range(count)]
        assert sum(points) == int(score[1:])
        assert hand.locator(".lpt-left-total").inner_text() == f"= {sum(points)}"
    panel_pad = t.text("deal-end-pad")
    assert "+16" in panel_pad and "+75" in panel_pad and "total" in panel_pad
    assert "Next: deal 2 of 7" in t.text("deal-end")
    assert t.testid("next-deal").is_enabled()
    # while the panel is up the table of the next deal is not shown
    assert t.testid("hand").count() == 0 and t.testid("btn-draw").count() == 0


# -- what the others picked up ---------------------------------------------------------------------

TAKER = """
class Taker(Scripted):
    \"\"\"Takes every discard it may, else plays as Scripted.\"\"\"

    def act(self, view, legal):
        take = [a for a in legal if isinstance(a, lp.TakeDiscard)]
        return take[0] if take else super().act(view, legal)


m.bots = [None, Taker(), Scripted()]
"""


def test_a_discard_another_player_picks_up_shows_in_their_seat(
    table_page: Any, tmp_path: Path
) -> None:
    page = table_page
    t = Table(page)
    ld.kexec(page, TAKER)
    assert t.testid("picked-1").count() == 0
    t.click(t.testid("stock"))  # draw the 9♣, throw the K♣: Ada takes it
    t.select("KC")
    t.click(t.testid("btn-discard"))
    t.testid("picked-1").wait_for()
    chips = t.testid("picked-1").locator("[data-card]")
    assert [chips.nth(i).get_attribute("data-card") for i in range(chips.count())] == ["KC"]
    assert " ".join(t.text("picked-1").split()) == "picked up K♣"
    assert "picked up K♣" in (t.testid("opponent-1").get_attribute("aria-label") or "")
    assert t.testid("picked-2").count() == 0
    colour = "(el) => getComputedStyle(el).color"
    assert chips.nth(0).evaluate(colour) == "rgb(28, 35, 48)"  # clubs in ink, as on the cards
    ld.kexec(page, "m.table.four_color = True")  # a four-colour deck: clubs green, chips too
    page.locator('.is-four-color [data-testid="picked-1"] [data-card="KC"]').wait_for()
    chip = t.testid("picked-1").locator('[data-card="KC"]')
    assert chip.evaluate(colour) == "rgb(19, 122, 58)"
    assert t.state()["crash"] == "" and page.errors == []
    t.testid("opponent-1").screenshot(path=tmp_path / "picked-up.png")


# -- (b) a disabled action's reason; a wrong click's message ---------------------------------------


def test_disabled_reason_and_wrong_click_message(table_page: Any, tmp_path: Path) -> None:
    page = table_page
    t = Table(page)
    # before drawing, Discard is disabled and says why, in the engine's words
    first = ld.kexec(page, "print(m.game.why_not(lp.Discard(m.game.hand(0)[0]), 0))").strip()
    assert first == "You must draw before you discard."
    assert grey(t, "discard")
    assert why(t, "discard") == first
    assert grey(t, "go_down")
    assert why(t, "go_down")
    # every reason on the page is the one the kernel's table model holds, in full: the
    # button's tooltip, and its description for a screen reader
    whys = ld.kexec(
        page,
        "print(json.dumps({b.kind.value: b.why for b in m.table.model.controls.buttons"
        " if b.shown and not b.enabled}))",
    )
    for kind, reason in json.loads(whys).items():
        assert why(t, kind) == reason, kind
        assert t.testid(f"btn-{kind}").get_attribute("title") == reason
    # a reason shows in the line under the buttons when the pointer is over its button
    t.root.locator('.lpt-action[data-kind="discard"]').hover()
    assert t.text("reason") == f"Discard: {first}"
    assert font_px(t.testid("reason")) >= 14

    t.click(t.testid("discard-top"))  # take the 7♦
    t.select("7D")
    # the taken card may not be discarded: the button is off, with the engine's own sentence
    rule = ld.kexec(page, "print(m.game.why_not(lp.Discard(lp.Card.parse('7D')), 0))").strip()
    assert rule and rule != "None"
    assert grey(t, "discard")
    assert t.text("why-discard") == rule

    # a wrong click: the discard pile, with the 7♦ selected -> the IllegalAction, in place:
    # right under the piles, an error (not guidance), on screen
    before = t.state()
    t.testid("discard-top").click()
    t.testid("error").wait_for(state="visible")
    assert rule in t.text("error")
    assert t.testid("error").get_attribute("data-kind") == "error"
    pile, message = ld.box(t.testid("discard-top")), ld.box(t.testid("error"))
    assert 0 <= message["y"] - pile["bottom"] < 120, (pile, message)
    assert ld.in_viewport(page, t.testid("error"))
    after = t.state()
    assert after["error"] == rule
    assert (after["actions"], after["hand"], after["phase"]) == (
        before["actions"],
        before["hand"],
        before["phase"],
    )
    page.locator(".jp-OutputArea-output").last.screenshot(path=tmp_path / "wrong-click.png")

    # Go down with nothing built: the table shows the melds it found and asks first
    t.testid("clear-selection").click()
    page.wait_for_function("(el) => el.dataset.selected === ''", arg=t.root.element_handle())
    t.testid("btn-go_down").click()  # a question, not yet a move: the version stays
    t.testid("confirm").wait_for()
    assert "Go down with these two melds?" in t.text("confirm")
    assert t.testid("confirm").locator(".lpt-staged-card").count() == 7  # 7777 999
    # ... drawn at the table's meld size, so each suit reads clearly before the move
    shown = t.testid("confirm").locator(".lpt-staged-card svg").first.bounding_box()
    hand = t.root.locator(".lpt-hcard svg").first.bounding_box()
    assert shown is not None and hand is not None and shown["width"] >= 0.6 * hand["width"]
    assert not t.state()["down"]
    t.click(t.testid("confirm-yes"))
    assert t.state()["down"] and t.testid("confirm").count() == 0

    # guidance is guidance, not an error: a click on a meld with no card selected says what
    # to do, calmly (not in the error's red), next to the meld
    t.testid("meld-0-card-0").click()
    t.testid("error").wait_for(state="visible")
    assert t.testid("error").get_attribute("data-kind") == "guide"
    assert "Select one card" in t.text("error")
    assert t.testid("error").evaluate("(el) => getComputedStyle(el).color") != ("rgb(179, 38, 30)")
    assert ld.in_viewport(page, t.testid("error"))
    assert page.errors == []


def why(t: Table, kind: str) -> str:
    """The full reason the button ``kind`` is off, as a screen reader is given it."""
    button = t.testid(f"btn-{kind}")
    described = button.get_attribute("aria-describedby")
    assert described, kind
    text = t.root.locator(f"#{described}").text_content() or ""
    assert text == (t.testid(f"why-{kind}").text_content() or "")
    return text


def grey(t: Table, kind: str) -> bool:
    """Whether the button ``kind`` is off as the table draws it: ``aria-disabled``, not
    ``disabled`` (it keeps its Tab stop, so a keyboard user reaches it and its reason), and
    Playwright counts it as disabled."""
    button = t.testid(f"btn-{kind}")
    return (
        button.get_attribute("aria-disabled") == "true"
        and button.get_attribute("disabled") is None
        and bool(button.is_disabled())
    )


def font_px(locator: Any) -> float:
    return float(locator.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)"))


# -- (c) a whole deal by keyboard alone ---------------------------------------------------------


def focus_card(t: Table, code: str) -> None:
    """Move focus along the hand with the arrow keys to the card ``code``."""
    ld.tab_to(t.page, ".lpt-hand .lpt-hcard")
    for _ in range(20):
        if ld.focused_key(t.page).startswith(f"card:{code}:"):
            return
        t.page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys did not reach the {code}")


def key_select(t: Table, code: str) -> None:
    """Select the card ``code`` with Space; focus stays on it through the redraw."""
    focus_card(t, code)
    index = (t.page.evaluate("() => document.activeElement.dataset.index")) or ""
    t.page.keyboard.press("Space")
    t.page.wait_for_function(
        "([el, i]) => el.dataset.selected.split(',').includes(i)",
        arg=[t.root.element_handle(), index],
    )
    assert ld.focused_key(t.page).startswith(f"card:{code}:")


def test_a_whole_deal_by_keyboard_alone(keyboard_page: Any, tmp_path: Path) -> None:
    page = keyboard_page
    t = Table(page)
    assert t.state()["phase"] == "draw" and t.state()["to_act"] == 0
    t.root.focus()  # the keyboard user has tabbed into the table; from here on, keys only
    assert ld.focused_key(page) == ""

    # every control has an accessible name
    names = page.evaluate(
        """(root) => [...root.querySelectorAll("button, input")]
          .filter((e) => !(e.getAttribute("aria-label") || "").trim()).map((e) => e.outerHTML)""",
        t.root.element_handle(),
    )
    assert names == []

    # Draw: Tab to it, Enter (it turns off: focus goes on to a live control, not the page)
    ld.tab_to(page, '[data-testid="btn-draw"]')
    t.key("Enter")
    page.wait_for_function("() => document.activeElement.closest('.lpt') !== null")
    s = t.state()
    assert s["phase"] == "play" and "9S" in s["hand"], s

    # Go down with nothing built: the table asks, focus is on its yes; Enter
    ld.tab_to(page, '[data-testid="btn-go_down"]')
    page.keyboard.press("Enter")  # a question, not yet a move
    t.testid("confirm").wait_for()
    assert ld.focused_key(page) == "confirm:yes"
    t.key("Enter")
    s = t.state()
    assert s["down"] and sorted(len(m) for m in s["table"]) == [4, 5], s

    # the hand by keyboard: arrows move along it; Alt+Left moves the 4♠ in your own order,
    # and focus stays on the 4♠ through the redraw
    focus_card(t, "4S")
    order = t.hand()
    page.keyboard.press("Alt+ArrowLeft")  # the player's own order: not a move of the game
    page.wait_for_function(
        """([el, before]) => [...el.querySelectorAll('[data-testid^="hand-card-"]')]
             .map((c) => c.dataset.card).join() !== before""",
        arg=[t.root.element_handle(), ",".join(order)],
    )
    assert ld.focused_key(page) == "card:4S:0"
    moved = t.hand()
    assert moved != order and sorted(moved) == sorted(order)
    assert moved.index("4S") == order.index("4S") - 1
    key_select(t, "4S")
    ld.tab_to(page, '[data-testid="btn-discard"]')
    t.key("Enter")

    # Ada drew and threw the K♥; Ben drew: the K♥ is offered to you. Focus went to the
    # prompt (the Discard button turned off); Pass by keyboard
    t.testid("prompt-pass").wait_for()
    assert page.evaluate("() => document.activeElement.closest('.lpt-prompt') !== null")
    ld.tab_to(page, '[data-testid="prompt-pass"]')
    t.key("Enter")
    s = t.state()
    assert (s["phase"], s["to_act"]) == ("draw", 0), s

    # Draw the 7♠, lay it off (it fits one meld: the Lay off button), discard the K♣: out
    ld.tab_to(page, '[data-testid="btn-draw"]')
    t.key("Enter")
    assert "7S" in t.state()["hand"]
    key_select(t, "7S")
    ld.tab_to(page, '[data-testid="btn-lay_off"]')
    t.key("Enter")
    assert t.state()["hand"] == ["KC"]
    key_select(t, "KC")
    ld.tab_to(page, '[data-testid="btn-discard"]')
    t.key("Enter")

    # the deal is over: the panel, focus on Next deal, the bots wait
    t.testid("deal-end").wait_for()
    assert ld.focused_key(page) == "next-deal"
    s = t.state()
    assert s["waiting"] and s["deal"] == 2 and s["deal_scores"][0][0] == 0, s
    assert t.testid("leftover-1").locator(".lpt-left-card").count() == 10
    page.locator(".jp-OutputArea-output").last.screenshot(path=tmp_path / "keyboard-deal-end.png")
    t.key("Enter")
    assert not t.state()["waiting"] and t.testid("deal-end").count() == 0
    assert page.errors == []


def test_focus_stays_on_the_same_element_after_enter(keyboard_page: Any) -> None:
    page = keyboard_page
    t = Table(page)
    t.root.focus()
    # a sort button: Enter redraws the hand and the sort bar; focus stays on the button
    ld.tab_to(page, '[data-testid="sort-rank"]')
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(el) => el.querySelector('[data-testid=sort-rank].is-on')", arg=t.root.element_handle()
    )
    assert ld.focused_key(page) == "sort:rank"
    # a card: Space / Enter select and deselect it; focus stays on it each time
    focus_card(t, "KC")
    for _ in range(2):
        before = t.root.get_attribute("data-selected")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "([el, b]) => el.dataset.selected !== b", arg=[t.root.element_handle(), before]
        )
        assert ld.focused_key(page) == "card:KC:0"
    # the auto-pass switch, by keyboard: one Tab stop (its checked choice); the arrows choose
    ld.tab_to(page, '[data-testid^="toggle-auto_pass-"][aria-checked="true"]')
    assert ld.focused_key(page) == "opt:auto_pass:off"
    page.keyboard.press("ArrowLeft")  # wraps round to the last choice
    page.wait_for_function(
        "(el) => el.querySelector('[data-testid=toggle-auto_pass-always]')"
        ".getAttribute('aria-checked') === 'true'",
        arg=t.root.element_handle(),
    )
    assert ld.focused_key(page) == "opt:auto_pass:always"
    assert ld.kexec(page, "print(m.table.auto_pass_buys)").strip() == "always"
    assert page.errors == []


# -- (d) fits the screen; the projector ---------------------------------------------------------


def test_the_table_fits_a_laptop_screen_and_a_narrow_one(table_page: Any, tmp_path: Path) -> None:
    page = table_page
    t = Table(page)
    # bring a buy offer up (the prompt) by the kernel's own clicks: take, go down, lay off,
    # discard; Ada's 9♣ is then offered to you
    ld.kexec(
        page,
        """
t = m.table
def _send(kind, **f):
    t.handle_message({"kind": kind, "version": t.view["version"], **f})
def _sel(*codes):
    for code in codes:
        hand = [c.code for c in m.game.hand(0)]
        _send("click_card", index=next(i for i, c in enumerate(hand) if c == code), code=code)
_send("click_discard")
_sel("7H", "7C", "7S"); _send("press", button="add_meld")
_sel("9H", "9D", "9S"); _send("press", button="go_down")
_sel("7D"); _send("click_meld", meld=0, position=0)
_sel("KC"); _send("press", button="discard")
""",
    )
    t.testid("prompt-buy").wait_for()
    page.set_viewport_size({"width": 1280, "height": 800})
    t.root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    height = ld.box(t.root)["height"]
    for part in ("discard-top", "stock", "prompt", "hand", "btn-draw", "btn-discard", "deciding"):
        assert ld.in_viewport(page, t.testid(part)), (part, ld.box(t.testid(part)), height)
    page.screenshot(path=tmp_path / "laptop-1280x800.png")
    # every word on the table is at least 14 px
    small = t.root.evaluate(
        """(root) => [...root.querySelectorAll("*")].filter((el) =>
             [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
             && el.getClientRects().length
             && parseFloat(getComputedStyle(el).fontSize) < 14)
           .map((el) => `${el.className}: ${getComputedStyle(el).fontSize}`)"""
    )
    assert small == [], small

    page.set_viewport_size({"width": 800, "height": 800})
    page.wait_for_timeout(300)
    wide = ld.overflow(page)
    assert wide["scroll"] <= wide["client"] and wide["out"] == [], wide
    t.root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=tmp_path / "narrow-800.png")
    # the hand wraps: every card inside the table
    right = ld.box(t.root)["right"]
    cards = t.root.locator('[data-testid^="hand-card-"]')
    assert all(ld.box(cards.nth(i))["right"] <= right for i in range(cards.count()))
    assert page.errors == []


def test_the_projector_scale_draws_larger_cards(table_page: Any, tmp_path: Path) -> None:
    page = table_page
    t = Table(page)
    card = t.root.locator('[data-testid^="hand-card-"] svg').first
    small = ld.box(card)
    base = float(t.testid("deciding").evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)"))
    ld.kexec(page, "m.table.scale = 1.6")
    page.wait_for_function(
        "([el, w]) => el.getBoundingClientRect().width > w * 1.3",
        arg=[card.element_handle(), small["width"]],
    )
    large = ld.box(t.root.locator('[data-testid^="hand-card-"] svg').first)
    assert large["width"] == pytest.approx(small["width"] * 1.6, rel=0.05)
    assert large["height"] == pytest.approx(small["height"] * 1.6, rel=0.05)
    words = float(
        t.testid("deciding").evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    )
    assert words == pytest.approx(base * 1.6, rel=0.05)
    # a 1080p screen still holds the projected table without running off its side
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_timeout(300)
    wide = ld.overflow(page)
    assert wide["scroll"] <= wide["client"] and wide["out"] == [], wide
    t.root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=tmp_path / "projector-1080p.png")
    assert page.errors == []


# -- (e) under Voila ------------------------------------------------------------------------------


def _voila_page(chromium: Any, base: Path, notebook: Path) -> tuple[Any, Any, Any, list[str]]:
    server = ld.start_voila(notebook, base)
    context = chromium.new_context(viewport={"width": 1400, "height": 1700})
    page = context.new_page()
    return server, context, page, ld.page_errors(page)


def test_the_notebook_renders_under_voila(
    chromium: Any, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    ld.require(voila=True)
    base = tmp_path_factory.mktemp("voila")
    notebook = ld.copy_notebook(base, "play_stacked.ipynb")
    server, context, page, errors = _voila_page(chromium, base, notebook)
    try:
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


def test_under_voila_the_table_comes_before_the_printout(
    chromium: Any, tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    ld.require(voila=True)
    base = tmp_path_factory.mktemp("voila-first")
    notebook = ld.copy_notebook(base, "keyboard_deal.ipynb", ld.KEYBOARD_NOTEBOOK)
    server, context, page, errors = _voila_page(chromium, base, notebook)
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(f"{server.url}/?token={server.token}", timeout=60_000)
        page.wait_for_selector('.lpt [data-testid^="hand-card-"]', timeout=60_000)
        root = page.locator(".lpt[data-version]").first
        printout = page.get_by_text("1. A lesson's printout").first
        assert ld.box(root)["y"] < ld.box(printout)["y"]
        # on screen as the page opens: the piles, the hand and the buttons
        for part in ("discard-top", "hand", "btn-draw"):
            assert ld.in_viewport(page, root.locator(f'[data-testid="{part}"]')), part
        page.screenshot(path=tmp_path / "voila-first.png")
        assert errors == []
    finally:
        context.close()
        server.stop()
