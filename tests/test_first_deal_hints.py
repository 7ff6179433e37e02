"""Lesson 10's coach points at the table: its sentence is the table's hint (the slot just
above the buttons) and the gold ``is-hinted`` ring marks what it names — the discard pile, the
cards of a set and Add meld, the K♣ and Discard, the card and the meld to lay it on, Pass. The
tests read what the page receives (the table's ``controls`` trait) and click as a learner does
(``handle_message`` with the page's intents); a learner who follows only the rings plays the
coached deal to the end. Pressing Hint shows the strong bot's hint until the game changes."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("anywidget")

import liverpool as lp
from liverpool.table_model import Hint
from liverpool_widgets.lessons import FirstDeal
from liverpool_widgets.lessons.first_deal import coach_hint


def page_hint(deal: FirstDeal) -> dict[str, Any] | None:
    """The hint as the page has it (the ``controls`` trait)."""
    hint: dict[str, Any] | None = deal.match.table.controls["hint"]
    return hint


def ringed_buttons(deal: FirstDeal) -> list[str]:
    """The buttons the page draws with the gold ring."""
    return [b["kind"] for b in deal.match.table.controls["buttons"] if b["hinted"]]


def ringed_cards(deal: FirstDeal) -> list[str]:
    """The hand's cards the page rings, as codes."""
    hint = page_hint(deal)
    hand = deal.game.hand(0)
    return sorted(hand[i].code for i in hint["cards"]) if hint else []


def click(deal: FirstDeal, kind: str, **fields: Any) -> None:
    """One click of the page's (an intent with the version the page shows); no refusal."""
    table = deal.match.table
    table.handle_message({"kind": kind, "version": table.version, **fields})
    assert table.error == "" and table.crash == "", (table.error, table.crash)


def select(deal: FirstDeal, *codes: str) -> None:
    hand = deal.game.hand(0)
    for code in codes:
        index = next(i for i, c in enumerate(hand) if c.code == code)
        click(deal, "click_card", index=index)


def test_at_the_start_the_discard_pile_and_take_discard_are_ringed_under_the_sentence() -> None:
    deal = FirstDeal(pace=0)
    hint = page_hint(deal)
    assert deal.advice.step == "take"
    assert hint is not None and hint["button"] == "take"  # table.js rings the discard pile
    assert hint["text"] == deal.advice.text and "Take the 7♦" in hint["text"]
    assert hint["label"] == "Coach"  # the slot reads "Coach: Your turn starts with a draw…"
    assert ringed_buttons(deal) == ["take"] and hint["cards"] == []
    # above the table only the step's title, pointing down at the hint
    assert "Take the 7♦ from the discard pile." in deal.coach.value
    assert "above the buttons" in deal.coach.value
    assert "click it" not in deal.coach.value  # the whole sentence is in the table


def test_going_down_rings_each_set_then_add_meld_then_go_down() -> None:
    deal = FirstDeal(pace=0)
    click(deal, "click_discard")
    assert deal.advice.step == "go_down"
    assert "Add meld" in page_hint(deal)["text"]  # type: ignore[index]
    assert ringed_buttons(deal) == ["add_meld"]
    assert ringed_cards(deal) == ["7C", "7D", "7H"]
    select(deal, "7H", "7C", "7D")
    assert ringed_cards(deal) == ["7C", "7D", "7H"]  # a selection moves no ring
    click(deal, "press", button="add_meld")
    assert ringed_buttons(deal) == ["add_meld"] and ringed_cards(deal) == ["9D", "9H", "9S"]
    select(deal, "9H", "9D", "9S")
    click(deal, "press", button="add_meld")
    assert ringed_buttons(deal) == ["go_down"] and ringed_cards(deal) == []
    click(deal, "press", button="go_down")
    assert deal.game.is_down(0)
    # the next step: the K♣ and Discard, and the sentence names the K♣
    assert deal.advice.step == "discard"
    assert ringed_buttons(deal) == ["discard"] and ringed_cards(deal) == ["KC"]
    assert "K♣" in page_hint(deal)["text"]  # type: ignore[index]


def test_a_set_built_first_out_of_order_leaves_the_other_ringed() -> None:
    deal = FirstDeal(pace=0)
    click(deal, "click_discard")
    select(deal, "9H", "9D", "9S")
    click(deal, "press", button="add_meld")
    assert ringed_buttons(deal) == ["add_meld"] and ringed_cards(deal) == ["7C", "7D", "7H"]
    click(deal, "clear_melds")
    assert ringed_cards(deal) == ["7C", "7D", "7H"]  # back to the first set


def test_a_learner_who_follows_only_the_rings_plays_the_coached_deal_to_the_end() -> None:
    deal = FirstDeal(pace=0)
    seen: list[str] = []
    for _ in range(40):
        if deal.advice.step == "scored":
            break
        hint = deal.hint
        assert hint is not None and hint.text == deal.advice.text, deal.advice
        assert page_hint(deal) is not None
        seen.append(deal.advice.step)
        hand = deal.game.hand(0)
        codes = [hand[i].code for i in hint.cards]
        if hint.button == "take":
            click(deal, "click_discard")
        elif hint.button == "draw":
            click(deal, "click_stock")
        elif hint.button == "lay_off":
            assert hint.meld is not None and len(codes) == 1
            select(deal, *codes)
            click(deal, "click_meld", meld=hint.meld)
        else:
            assert hint.button is not None, hint
            select(deal, *codes)
            click(deal, "press", button=str(hint.button))
    assert deal.advice.step == "scored"
    assert seen[:3] == ["take", "go_down", "go_down"] and "lay_off" in seen and "pass" in seen
    assert seen[-1] == "go_out"
    assert deal.game.deal_scores[0] == [0, 16, 75]
    # the end-of-deal panel covers the buttons: no hint; the line above says what comes next
    assert deal.match.waiting_for_next_deal and deal.hint is None and page_hint(deal) is None
    assert "Review my play" in deal.coach.value and "deal 7" in deal.coach.value


def test_each_coached_step_rings_what_its_sentence_names() -> None:
    deal = FirstDeal(pace=0)
    names = {
        "take": ("take", "7♦"),
        "draw": ("draw", "stock"),
        "discard": ("discard", "Discard"),
        "go_out": ("discard", "Discard"),
        "pass": ("pass", "Pass"),
        "lay_off": ("lay_off", "Select the"),
    }
    steps: set[str] = set()
    for _ in range(40):
        advice = deal.advice
        if advice.step == "scored":
            break
        hint = page_hint(deal)
        if advice.step in names:
            button, said = names[advice.step]
            assert hint is not None and hint["button"] == button, (advice, hint)
            assert said in hint["text"]
            action = advice.action
            if isinstance(action, lp.Discard | lp.LayOff):
                assert ringed_cards(deal) == [action.card.code]
                assert str(action.card) in hint["text"]
            if isinstance(action, lp.LayOff):
                assert hint["meld"] == action.meld
                assert str(deal.game.table[action.meld].cards[0]) in hint["text"]
            steps.add(advice.step)
        deal.play_as_coached(limit=1)
    assert steps == set(names)


def test_when_the_learner_does_something_else_the_ring_follows_the_new_advice() -> None:
    deal = FirstDeal(pace=0)
    assert ringed_buttons(deal) == ["take"]
    click(deal, "click_stock")  # not the coach's advice: the 7♦ stays on the pile
    assert deal.advice.step == "discard"
    hint = page_hint(deal)
    assert hint is not None and hint["button"] == "discard" and hint["text"] == deal.advice.text
    assert ringed_buttons(deal) == ["discard"]
    action = deal.advice.action
    assert isinstance(action, lp.Discard) and ringed_cards(deal) == [action.card.code]


def test_while_the_others_play_the_coach_rings_nothing() -> None:
    deal = FirstDeal(pace=0)
    g = deal.game
    for _ in range(3):  # take, go down, discard: straight into the game, then shown
        action = deal.advice.action
        assert action is not None
        g.apply(action)
        deal.match.table.refresh(clear_selection=True)
    assert g.to_act != 0 and deal.advice.step == "wait"
    assert deal.hint is None and page_hint(deal) is None and ringed_buttons(deal) == []
    assert "Watch" in deal.coach.value


def test_the_learners_own_hint_stays_until_the_game_changes() -> None:
    deal = FirstDeal(pace=0)
    coach = deal.hint
    assert coach is not None
    click(deal, "press", button="hint")  # the strong bot's hint
    own = page_hint(deal)
    assert own is not None and own["text"] != deal.advice.text
    select(deal, "KC")
    click(deal, "clear")
    assert page_hint(deal) == own  # clicks that change no game leave it
    click(deal, "click_discard")
    hint = page_hint(deal)
    assert hint is not None and hint["text"] == deal.advice.text  # the coach's again
    assert deal.advice.step == "go_down" and ringed_buttons(deal) == ["add_meld"]


def test_undo_puts_the_first_ring_back() -> None:
    deal = FirstDeal(pace=0)
    click(deal, "click_discard")
    assert ringed_buttons(deal) == ["add_meld"]
    table = deal.match.table
    table.handle_message({"kind": "press", "button": "undo", "version": table.version})
    assert deal.advice.step == "take" and ringed_buttons(deal) == ["take"]
    assert table.error.startswith("Taken back") and table.error_kind == "guide"  # kept


def test_the_open_hands_switch_keeps_the_ring() -> None:
    deal = FirstDeal(pace=0)
    deal.open_switch.value = True
    assert deal.match.table.open_hands and ringed_buttons(deal) == ["take"]


def test_coach_hint_of_a_buy_left_to_the_learner_is_the_sentence_alone() -> None:
    deal = FirstDeal(pace=0)
    g = deal.game
    advice = type(deal.advice)("buy?", "You are offered the 7♦ to buy.", None, "Buy the 7♦?")
    assert coach_hint(g, 0, advice) == Hint("You are offered the 7♦ to buy.", label="Coach")
    for step in ("wait", "scored"):
        assert coach_hint(g, 0, type(advice)(step, "Watch")) is None


def test_at_a_pace_the_ring_waits_for_the_others_and_comes_back_on_the_learners_turn() -> None:
    async def settle(deal: FirstDeal) -> None:
        """Wait while the opponents play (one move per ``pace`` on the running loop)."""
        assert deal.match.bot_moving and deal.advice.step == "wait"
        assert deal.hint is None and ringed_buttons(deal) == []
        for _ in range(500):
            if not deal.match.bot_moving:
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the opponents did not finish")

    async def play() -> None:
        deal = FirstDeal(pace=0.01)
        click(deal, "click_stock")  # the 7♦ is offered to the others: they pass, at a pace
        await settle(deal)
        assert deal.advice.step == "discard"
        action = deal.advice.action
        assert isinstance(action, lp.Discard)
        assert ringed_buttons(deal) == ["discard"] and ringed_cards(deal) == [action.card.code]
        select(deal, action.card.code)
        click(deal, "press", button="discard")
        await settle(deal)
        # Ada's discard is offered to you, not yet down: the buy is yours to weigh, so the
        # sentence shows and nothing is ringed
        assert deal.game.to_act == 0 and deal.advice.step == "buy?", deal.advice
        hint = page_hint(deal)
        assert hint is not None and hint["text"] == deal.advice.text and "Pass" in hint["text"]
        assert hint["button"] is None and ringed_buttons(deal) == []

    asyncio.run(play())
