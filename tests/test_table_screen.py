"""One seat's screen (``liverpool.table_screen``): what a click means, decided once for the
notebook's table and a room's seat — the selection, the melds being built, the hand's order,
and which action a click is, or which sentence refuses it."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from test_site_driver import HANDS, stacked  # seat 0 holds two sets (7s and 9s) and starts

import liverpool as lp
from liverpool.table_model import SORT_LABELS, SortMode, build_table
from liverpool.table_screen import STALE, Refused, SeatScreen, read_intent
from liverpool.table_session import TableSession

C = lp.Card.parse


def playing(game: lp.Game) -> lp.Game:
    """Seat 0 draws; the others decline the upcard; seat 0's turn goes on."""
    game.apply(lp.DrawStock(), player=0)
    while game.to_act != 0 or game.phase is not lp.Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game.apply(lp.Pass(), player=seat)
    return game


def click(screen: SeatScreen, game: lp.Game, kind: str, **fields: Any) -> lp.Action | None:
    """Seat 0's screen resolves one click, as both sessions ask it to."""
    legal = game.legal_actions() if game.to_act == 0 else []

    def controls() -> Any:
        model = build_table(
            game.view(0), game, legal=legal, selected=screen.selected, staged=screen.staged
        )
        return model.controls

    return screen.resolve({"kind": kind, **fields}, game, 0, legal, controls)


def index(game: lp.Game, code: str) -> int:
    return [c.code for c in game.hand(0)].index(code)


def select(screen: SeatScreen, game: lp.Game, *codes: str) -> None:
    for code in codes:
        assert click(screen, game, "click_card", index=index(game, code), code=code) is None


def test_a_click_on_a_card_selects_it_and_a_second_puts_it_back() -> None:
    game, screen = stacked(), SeatScreen()
    screen.follow(game.hand(0))
    assert click(screen, game, "click_card", index=3) is None
    assert screen.selected == [3] and screen.selected_cards(game.hand(0)) == [C("9H")]
    click(screen, game, "click_card", index=3)
    assert screen.selected == []
    click(screen, game, "select_all")
    assert sorted(screen.selected) == list(range(10))
    click(screen, game, "clear")
    assert screen.selected == [] and game.actions == []  # only the screen changed


def test_melds_are_built_with_add_meld_and_go_down_together() -> None:
    game, screen = playing(stacked()), SeatScreen()
    screen.follow(game.hand(0))
    select(screen, game, "7H", "7C", "7S")
    assert click(screen, game, "press", button="add_meld") is None
    assert screen.selected == [] and len(screen.staged) == 1
    with pytest.raises(Refused) as refused:
        click(screen, game, "click_card", index=index(game, "7C"))
    assert str(refused.value) == (
        "That card is already in a meld you are building (put it back to undo)."
    )
    assert refused.value.guide
    select(screen, game, "9H", "9C", "9D")
    action = click(screen, game, "press", button="go_down")
    assert isinstance(action, lp.GoDown)
    assert sorted(sorted(c.code for c in meld) for meld in action.melds) == [
        ["7C", "7H", "7S"],
        ["9C", "9D", "9H"],
    ]
    game.apply(action, player=0)
    assert game.is_down(0)
    click(screen, game, "clear_melds")
    assert screen.staged == []


def test_sorting_by_rank_keeps_the_cards_and_own_order_starts_from_what_is_seen() -> None:
    game, screen = stacked(), SeatScreen()
    hand = game.hand(0)
    screen.follow(hand)
    assert screen.hand_order(hand) == list(range(10))  # the dealt order at first
    click(screen, game, "sort", mode="rank")
    shown = [hand[i] for i in screen.hand_order(hand)]
    assert sorted(shown, key=lp.Card.sort_key) == shown and Counter(shown) == Counter(hand)
    assert screen.sort_mode is SortMode.RANK
    click(screen, game, "sort", mode="suit")
    click(screen, game, "sort", mode="own")
    by_suit = sorted(hand, key=lp.Card.suit_sort_key)
    assert [hand[i] for i in screen.hand_order(hand)] == by_suit  # what was seen stays put
    screen.sort_mode = "rank"
    click(screen, game, "move", index=index(game, "JH"), to=0)
    assert screen.hand_order(hand)[0] == index(game, "JH") and str(screen.sort_mode) == "own"
    # a card drawn goes last in the player's own order
    playing(game)
    screen.follow(game.hand(0))
    shown = [game.hand(0)[i] for i in screen.hand_order(game.hand(0))]
    assert shown[0] == C("JH") and shown[-1] == C("KS")


def test_the_selection_stays_while_the_hand_only_grew() -> None:
    game, screen = stacked(), SeatScreen()
    screen.follow(game.hand(0))
    select(screen, game, "2S")
    playing(game)  # seat 0 draws a card
    screen.follow(game.hand(0))
    assert screen.selected == [index(game, "2S")]
    screen.follow(game.hand(0), clear=True)
    assert screen.selected == [] and screen.staged == []


def test_a_click_made_on_an_older_table_is_stale_unless_it_means_the_same() -> None:
    game, screen = stacked(), SeatScreen()
    screen.follow(game.hand(0))
    now = 5
    assert not screen.stale({"kind": "press", "button": "discard", "version": now}, now)
    assert screen.stale({"kind": "press", "button": "discard", "version": now - 1}, now)
    assert screen.stale({"kind": "click_meld", "meld": 0, "version": now - 1}, now)
    # the same card, where it was: a selection needs no fresh table
    same = {"kind": "click_card", "index": 0, "code": "7H", "version": now - 1}
    assert not screen.stale(same, now)
    assert screen.stale(dict(same, code="9H"), now)
    assert not screen.stale({"kind": "sort", "mode": "rank", "version": 0}, now)
    assert not screen.stale({"kind": "press", "button": "hint", "version": 0}, now)
    assert not screen.stale({"kind": "click_stock"}, now)  # no version: nothing to compare
    assert STALE.startswith("That click was made on an older picture of the table")


def test_a_meld_click_lays_off_or_swaps_the_wild_clicked() -> None:
    # online rules: wilds may be swapped out of a run; seat 0 is down with three 7s
    game = lp.Game.from_deal(
        "online",
        ["7D 5C 9H KD 4S", *HANDS[1:]],
        stock="KS 4S 5D",
        upcard="8H",
        dealer=2,
        table=[(0, "7H 7C 7S"), (1, "5D 6D JK 8D")],
    )
    playing(game)
    screen = SeatScreen()
    screen.follow(game.hand(0))
    select(screen, game, "7D")
    assert click(screen, game, "click_meld", meld=0) == lp.LayOff(C("7D"), 0)
    assert click(screen, game, "click_meld", meld=1, position=2) == lp.SwapWild(C("7D"), 1, 2)
    assert click(screen, game, "press", button="lay_off") == lp.LayOff(C("7D"), 0)
    assert click(screen, game, "press", button="swap") == lp.SwapWild(C("7D"), 1, 2)
    game.apply(lp.SwapWild(C("7D"), 1, 2), player=0)
    assert C("JK") in game.hand(0)


@pytest.mark.parametrize(
    ("kind", "fields", "sentence"),
    [
        (
            "click_meld",
            {"meld": 0},
            "Select one card of your hand, then click the meld to lay it on (or the wild card "
            "it should replace).",
        ),
        ("press", {"button": "discard"}, "Select one card to discard first."),
        ("sort", {"mode": "colour"}, "The hand can be sorted by own, rank, suit, not 'colour'."),
        ("move", {"index": 0, "to": 99}, "A card can be moved only to a place in your hand."),
        ("click_card", {"index": 42}, "That card is no longer in your hand."),
        ("press", {"button": "cut", "aim": "some"}, "Say how many cards to lift: a whole number."),
        ("press", {"button": "fly"}, "The table has no button 'fly'."),
        ("teleport", {}, "The table does not know the click 'teleport'."),
    ],
)
def test_a_click_that_does_nothing_is_refused_with_its_sentence(
    kind: str, fields: dict[str, Any], sentence: str
) -> None:
    game, screen = stacked(), SeatScreen()
    screen.follow(game.hand(0))
    with pytest.raises(Refused, match=f"^{re.escape(sentence)}$"):
        click(screen, game, kind, **fields)
    assert game.actions == [] and screen.selected == []


@pytest.mark.parametrize(
    ("intent", "sentence"),
    [
        ({}, "That click did not say what it was, so the table cannot act on it."),
        ({"kind": "x" * 500}, f"The table does not know the click '{'x' * 27}...'."),
        ("x" * 500, f"The table received a message it cannot read: '{'x' * 57}...'"),
    ],
)
def test_an_unreadable_click_is_named_in_a_short_closed_quote(intent: Any, sentence: str) -> None:
    with pytest.raises(Refused) as refused:
        read_intent(intent)
    assert str(refused.value) == sentence


def test_the_notebook_table_shows_the_screens_sentence() -> None:
    session = TableSession(stacked())
    session.handle({"kind": "click_meld", "meld": 0, "version": session.version})
    screen = SeatScreen()
    with pytest.raises(Refused) as refused:
        click(screen, session.game, "click_meld", meld=0)
    assert session.error == str(refused.value) and session.error_kind == "guide"


def test_the_sort_modes_and_their_words_travel_in_the_model() -> None:
    game = stacked()
    sorts = build_table(game.view(0), game).controls.sorts
    assert [c.value for c in sorts] == [str(m) for m in SortMode]
    assert [c.label for c in sorts] == [SORT_LABELS[m] for m in SortMode]
    assert build_table(game.view(0), game).to_dict()["controls"]["sorts"][1] == {
        "value": "rank",
        "label": "By rank",
    }
