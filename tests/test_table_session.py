"""The table's clicks decided once (``liverpool.table_session``), without any widget: the
notebook's ``CardTable`` and the play site's ``SiteMatch`` are both shells around it."""

from __future__ import annotations

from typing import Any

from test_site_driver import stacked  # you hold two sets, and seat 0 starts

import liverpool as lp
from liverpool.table_session import PAUSED, STALE, TableSession


def click(session: TableSession, kind: str, **fields: Any) -> None:
    session.handle({"kind": kind, "version": session.version, **fields})


def select(session: TableSession, *codes: str) -> None:
    for code in codes:
        index = [c.code for c in session.game.hand(0)].index(code)
        click(session, "click_card", index=index, code=code)


def test_a_click_on_an_older_table_is_refused_and_changes_nothing() -> None:
    session = TableSession(stacked())
    old = session.version
    click(session, "click_stock")
    assert session.game.actions == [lp.DrawStock()] and session.version > old
    key = session.game.state_key()
    session.handle({"kind": "press", "button": "discard", "version": old})
    assert session.error == STALE and session.error_kind == "guide"
    assert session.game.state_key() == key
    # a card click still naming the same card needs no fresh table
    code = session.game.hand(0)[0].code
    session.handle({"kind": "click_card", "index": 0, "code": code, "version": old})
    assert session.selected == [0] and session.error == ""


def test_go_down_through_intents_asks_first_then_lays_the_melds() -> None:
    heard: list[lp.Action] = []
    session = TableSession(stacked())
    session.on_action(lambda action, events: heard.append(action))
    click(session, "click_stock")
    session.game.apply(lp.Pass(), player=1)  # the others decline the upcard
    session.game.apply(lp.Pass(), player=2)
    session.refresh()
    click(session, "press", button="go_down")
    confirm = session.model().controls.confirm
    assert confirm is not None and len(confirm.melds) == 2 and not session.game.is_down(0)
    click(session, "press", button="go_down", confirm=True)
    assert session.game.is_down(0), session.error
    assert isinstance(heard[-1], lp.GoDown) and len(heard) == 2


def test_melds_built_with_add_meld_go_down_at_once() -> None:
    session = TableSession(stacked(), must_build_melds=True)
    click(session, "click_stock")
    session.game.apply(lp.Pass(), player=1)
    session.game.apply(lp.Pass(), player=2)
    session.refresh()
    click(session, "press", button="go_down")
    assert session.error and not session.game.is_down(0)  # melds must be built first
    for group in (["7H", "7C", "7S"], ["9H", "9C", "9D"]):
        select(session, *group)
        click(session, "press", button="add_meld")
    assert len(session.staged) == 2 and session.selected == []
    click(session, "press", button="go_down")
    assert session.game.is_down(0), session.error


def test_a_refusal_leaves_the_game_unchanged() -> None:
    session = TableSession(stacked())
    key = session.game.state_key()
    click(session, "press", button="buy")  # illegal in the engine: its sentence is shown
    assert session.error and session.error_kind == "error"
    click(session, "press", button="discard")  # nothing selected: guidance
    assert "Select one card" in session.error and session.error_kind == "guide"
    for bad in (None, "x", {"kind": 3}, {"kind": "press", "button": "fly"}, {"kind": "move"}):
        session.handle(bad)
        assert session.error and not session.crash
    assert session.game.state_key() == key and session.game.actions == []


def test_undo_without_a_handler_says_where_it_works_and_with_one_calls_it() -> None:
    session = TableSession(stacked())
    click(session, "press", button="undo")
    assert "play()" in session.error and session.model().controls.button("undo").shown is False
    calls: list[int] = []
    session.undo_handler = lambda: calls.append(1)
    click(session, "press", button="undo")
    assert calls == [1]


def test_the_deal_end_panel_holds_moves_until_next_deal() -> None:
    game = stacked()
    session = TableSession(game, pause_at_deal_end=True)
    nexts: list[int] = []
    session.on_next_deal(lambda: nexts.append(1))
    while len(game.deal_scores) == 0:  # everyone plays the engine's first legal move
        seat = game.to_act
        assert seat is not None
        game.apply(game.legal_actions()[0], player=seat)
    session.refresh()
    assert session.deal_end_pending
    click(session, "click_stock")
    assert session.error == PAUSED
    click(session, "next_deal")
    assert not session.deal_end_pending and nexts == [1]


def test_a_crash_in_a_listener_is_reported_not_raised() -> None:
    crashes: list[str] = []
    session = TableSession(stacked())
    session.on_crash(crashes.append)

    def broken(action: lp.Action, events: list[lp.Event]) -> None:
        raise RuntimeError("the listener fell over")

    session.on_action(broken)
    click(session, "click_stock")
    assert "the listener fell over" in session.crash and crashes == [session.crash]


def test_go_down_with_one_meld_built_of_two_is_guidance_not_a_refusal() -> None:
    session = TableSession(stacked())
    click(session, "click_stock")
    session.game.apply(lp.Pass(), player=1)
    session.game.apply(lp.Pass(), player=2)
    session.refresh()
    select(session, "7H", "7C", "7S")
    click(session, "press", button="add_meld")
    click(session, "press", button="go_down")
    assert session.error_kind == "guide" and not session.game.is_down(0)
    assert session.error.startswith("You have 1 of 2 melds ready: select the cards of the other")


def test_cards_selected_before_drawing_stay_selected_until_cards_leave_the_hand() -> None:
    session = TableSession(stacked())
    select(session, "7H", "7C")
    chosen = list(session.selected)
    click(session, "click_stock")
    assert session.selected == chosen and session.error == ""
    session.game.apply(lp.Pass(), player=1)
    session.game.apply(lp.Pass(), player=2)
    session.refresh()
    assert session.selected == chosen
    click(session, "clear")
    select(session, "JH")
    click(session, "press", button="discard")
    assert session.game.actions[-1] == lp.Discard("JH") and session.selected == []


def test_undo_is_off_until_there_is_a_move_and_then_says_what_it_took_back() -> None:
    session = TableSession(stacked())
    session.undo_handler = lambda: None
    undo = session.model().controls.button("undo")
    assert not undo.enabled and "nothing to undo" in undo.why and undo.guide
    click(session, "click_stock")
    assert session.model().controls.button("undo").enabled
    drawn = session.game
    session.game = drawn.replay_to(0)
    said = session.taken_back(drawn)  # the line the draw wrote (the upcard declined)
    assert said == "Taken back: you chose the stock over the 8♥, which is offered to buy."


def test_behind_the_deal_end_panel_the_log_stops_at_the_deals_end() -> None:
    game = stacked()
    session = TableSession(game, pause_at_deal_end=True)
    while len(game.deal_scores) == 0:
        seat = game.to_act
        assert seat is not None
        game.apply(game.legal_actions()[0], player=seat)
    session.refresh()
    assert session.deal_end_pending and game.deal == 2
    log = session.model().log
    assert not any(line.startswith("Deal 2") for line in log)
    click(session, "next_deal")
    assert any(line.startswith("Deal 2") for line in session.model().log)


def shown(session: TableSession) -> list[str]:
    hand = session.game.hand(0)
    return [hand[i].code for i in session.display_order()]


def test_undo_puts_a_discarded_card_back_in_its_place_in_your_own_order() -> None:
    session = TableSession(stacked())
    click(session, "click_stock")
    session.game.apply(lp.Pass(), player=1)  # the others decline the upcard
    session.game.apply(lp.Pass(), player=2)
    session.refresh()
    hand = session.game.hand(0)
    last = len(hand) - 1  # the drawn card, moved to the front: the player's own order
    click(session, "move", index=last, code=hand[last].code, to=0)
    before = shown(session)
    middle = before[3]
    select(session, middle)
    click(session, "press", button="discard")
    assert middle not in shown(session) and session.game.actions[-1] == lp.Discard(middle)
    after_discard = session.game
    session.game = after_discard.replay_to(len(after_discard.actions) - 1)  # what Undo does
    assert shown(session) == before  # not at the end, and the drawn card still first
    # going forward again, the order is the one the player had then, the card gone
    session.game = after_discard
    assert shown(session) == [code for code in before if code != middle]
