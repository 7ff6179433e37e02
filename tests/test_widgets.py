"""The card table, driven from Python by the same messages its front end sends.

Each test builds a ``CardTable`` (or a whole match with ``play(pace=0)``), sends the dicts that
``static/table.js`` sends (``{"kind": ..., "version": ...}``) to ``handle_message``, and checks
the game and the synced traits. Wrong clicks must leave ``game.state_key()`` unchanged and say
why in ``error``; no view may carry another seat's cards unless open hands is on.

Hands are drawn as card rows in comments: seat: cards.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("anywidget")

import liverpool as lp
from liverpool_widgets import CardTable, MatchTable, Replay, play
from liverpool_widgets.play import FIRST_CLASS
from liverpool_widgets.table import ACTION_KINDS, PAUSED, PROJECTOR_SCALE, STALE

STATIC = Path(__file__).resolve().parents[1] / "widgets" / "liverpool_widgets" / "static"


# -- helpers ---------------------------------------------------------------------------------------


def send(table: CardTable, kind: str, **fields: Any) -> None:
    """One intent, as the front end sends it (with the version of the view it shows)."""
    table.handle_message({"kind": kind, "version": table.view["version"], **fields})


def press(table: CardTable, button: str, **fields: Any) -> None:
    """A press on the button ``button`` (a ``ButtonKind``), as the front end sends it."""
    send(table, "press", button=button, **fields)


def button(table: CardTable, kind: str) -> dict[str, Any]:
    """The button ``kind`` as the page receives it."""
    found: list[dict[str, Any]] = [b for b in table.controls["buttons"] if b["kind"] == kind]
    assert len(found) == 1, kind
    return found[0]


def targets(table: CardTable, kind: str) -> list[Any]:
    """Where the one selected card may go: lay-off melds, or (meld, position) wilds to swap."""
    return [
        t["meld"] if kind == "lay_off" else [t["meld"], t["position"]]
        for t in table.controls["targets"]
        if t["kind"] == kind
    ]


def index_of(table: CardTable, code: str, nth: int = 0) -> int:
    """The hand index of the ``nth`` card with ``code`` in the seat's hand."""
    hand = [c.code for c in table.game.hand(table.seat)]
    found = [i for i, c in enumerate(hand) if c == code]
    return found[nth]


def select(table: CardTable, *codes: str) -> None:
    seen: Counter[str] = Counter()
    for code in codes:
        index = index_of(table, code, seen[code])
        assert index not in table.selected, code
        send(table, "click_card", index=index, code=code)
        seen[code] += 1


def go_down(table: CardTable, **fields: Any) -> None:
    """Press Go down; with no melds built the table asks first, and the player says yes."""
    press(table, "go_down", **fields)
    if table.controls["confirm"] is not None:
        press(table, "go_down", confirm=True)


def draw(table: CardTable) -> None:
    """Click Draw; the other seats then decline to buy the card passed over."""
    press(table, "draw")
    assert table.error == "", table.error
    game = table.game
    while game.phase is lp.Phase.BUY:
        game.apply(lp.Pass(), player=game.to_act)
    table.refresh()


def pass_buys(game: lp.Game, seat: int) -> None:
    """Every seat but ``seat`` declines the card offered to buy."""
    while game.phase is lp.Phase.BUY and game.to_act != seat:
        game.apply(lp.Pass(), player=game.to_act)


def codes_in(data: Any) -> Counter[str]:
    """Every card code a view names: ``data-card`` attributes in the SVG and ``code`` fields."""
    text = json.dumps(data, ensure_ascii=False)
    found = Counter(re.findall(r'data-card=\\"([^"\\]+)\\"', text))
    found.update(re.findall(r'"code": "([^"]+)"', text))
    found.pop("back", None)
    return found


def house_deal(**kwargs: Any) -> lp.Game:
    """House rules, 3 players, seat 0 starts (dealer 2), deal 1 (2 sets).

    seat 0: 7♥ 7♣ 7♠ 9♥ 9♦ 9♠ K♣ 2♦ 4♠ 5♣    (two sets, and the 7♦ upcard fits)
    seat 1: K♥ K♥ Q♦ Q♦ 3♣ 3♣ 6♠ 6♠ 8♦ 8♦
    seat 2: J♣ J♣ 10♥ 10♥ 4♦ 4♦ 5♥ 5♥ 2♣ 2♣
    stock:  9♣ A♠ 6♥ 8♣ ...   upcard: 7♦
    """
    return lp.Game.from_deal(
        "house",
        [
            "7H 7C 7S 9H 9D 9S KC 2D 4S 5C",
            "KH KH QD QD 3C 3C 6S 6S 8D 8D",
            "JC JC 10H 10H 4D 4D 5H 5H 2C 2C",
        ],
        stock="9C AS 6H 8C",
        upcard="7D",
        dealer=2,
        **kwargs,
    )


@pytest.fixture
def table() -> CardTable:
    return CardTable(house_deal(), 0)


# -- a turn by clicking ----------------------------------------------------------------------------


def test_take_go_down_lay_off_and_discard_by_clicking(table: CardTable) -> None:
    g = table.game
    assert button(table, "take")["enabled"]
    assert not button(table, "discard")["enabled"]
    press(table, "take")
    assert table.error == ""
    assert "7D" in [c.code for c in g.hand(0)] and g.phase is lp.Phase.PLAY
    # the first meld, then the second with Go down
    select(table, "7H", "7C", "7S")
    assert len(table.selected) == 3
    press(table, "add_meld")
    assert table.staged and table.selected == []
    select(table, "9H", "9D", "9S")
    press(table, "go_down")
    assert table.error == "", table.error
    assert g.is_down(0) and len(g.table) == 2
    assert table.view["melds"][0]["owner"] == 0 and len(table.view["melds"][0]["melds"]) == 2
    # lay the taken 7♦ on the sevens, by clicking the meld
    select(table, "7D")
    assert targets(table, "lay_off") == [0]
    send(table, "click_meld", meld=0)
    assert table.error == "", table.error
    assert len(g.table[0].cards) == 4
    # discard the K♣
    select(table, "KC")
    assert button(table, "discard")["enabled"]
    press(table, "discard")
    assert table.error == ""
    assert g.discard_top == lp.Card.parse("KC") and g.to_act == 1
    assert any("discarded the K♣" in line for line in table.log)


def test_go_down_with_everything_selected_uses_the_engines_arrangement(table: CardTable) -> None:
    draw(table)
    assert table.game.phase is lp.Phase.PLAY
    send(table, "select_all")
    assert len(table.selected) == len(table.game.hand(0))
    go_down(table)
    assert table.error == "", table.error
    assert table.game.is_down(0)


def test_go_down_with_nothing_selected_lays_the_found_contract(table: CardTable) -> None:
    draw(table)
    assert button(table, "go_down")["enabled"]
    go_down(table)
    assert table.error == "" and table.game.is_down(0)


def test_go_down_with_nothing_built_shows_the_melds_and_asks_first(table: CardTable) -> None:
    draw(table)
    key = table.game.state_key()
    press(table, "go_down")
    # nothing is laid yet: the table shows the melds it found (the engine's arrangement)
    assert table.game.state_key() == key and table.error == ""
    confirm = table.controls["confirm"]
    assert confirm["button"] == "go_down" and confirm["yes"] == "Go down"
    hand = table.game.hand(0)
    shown = sorted(sorted(hand[i].code for i in meld) for meld in confirm["melds"])
    assert shown == [["7C", "7H", "7S"], ["9C", "9D", "9H", "9S"]]
    assert confirm["describe"] == ["set of sevens", "set of nines"]
    assert "Go down with these two melds?" in confirm["text"]
    # "Not yet" (or any other click) takes the question away and changes nothing
    send(table, "cancel")
    assert table.controls["confirm"] is None and table.game.state_key() == key
    press(table, "go_down")
    select(table, "KC")
    assert table.controls["confirm"] is None and table.game.state_key() == key
    send(table, "clear")
    # yes: exactly the melds shown go down
    press(table, "go_down")
    press(table, "go_down", confirm=True)
    assert table.error == "" and table.game.is_down(0)
    laid = sorted(sorted(c.code for c in m.cards) for m in table.game.table)
    assert laid == shown


def test_must_build_melds_keeps_go_down_off_until_melds_are_built() -> None:
    table = CardTable(house_deal(), 0, must_build_melds=True)
    draw(table)
    off = button(table, "go_down")
    assert not off["enabled"] and off["guide"]
    assert "Build your melds yourself" in off["why"] and "Add meld" in off["why"]
    key = table.game.state_key()
    press(table, "go_down")
    assert table.error == off["why"] and table.error_kind == "guide"
    assert table.game.state_key() == key
    select(table, "7H", "7C", "7S")
    press(table, "add_meld")
    assert button(table, "go_down")["enabled"]
    select(table, "9H", "9D", "9S")
    press(table, "go_down")  # built by the player: no question, straight down
    assert table.error == "" and table.game.is_down(0)


def test_go_down_with_the_exact_meld_cards_selected(table: CardTable) -> None:
    draw(table)
    select(table, "7H", "7C", "7S", "9H", "9D", "9S")
    go_down(table)
    assert table.error == "" and table.game.is_down(0)
    # only the selected cards are laid: the 9♣ just drawn stays in the hand
    assert sorted(len(m.cards) for m in table.game.table) == [3, 3]
    assert "9C" in [c.code for c in table.game.hand(0)]


def test_go_down_with_cards_that_do_not_hold_the_contract(table: CardTable) -> None:
    draw(table)
    key = table.game.state_key()
    select(table, "7H", "7C", "KC", "2D")
    press(table, "go_down")
    assert "do not hold" in table.error
    assert table.game.state_key() == key


def test_a_staged_wrong_meld_is_refused_by_the_engine(table: CardTable) -> None:
    draw(table)
    key = table.game.state_key()
    select(table, "7H", "7C", "KC")
    press(table, "add_meld")
    select(table, "9H", "9D", "9S")
    press(table, "go_down")
    assert table.error
    assert table.game.state_key() == key
    send(table, "clear_melds")
    assert table.staged == []


def test_draw_from_the_stock_by_clicking(table: CardTable) -> None:
    draw(table)
    assert table.error == ""
    assert "9C" in [c.code for c in table.game.hand(0)]
    assert any("You drew the 9♣" in line for line in table.log)


# -- wrong clicks ----------------------------------------------------------------------------------

WRONG_IN_DRAW = [
    {"kind": "press", "button": "discard"},
    {"kind": "press", "button": "go_down"},
    {"kind": "press", "button": "lay_off"},
    {"kind": "press", "button": "swap"},
    {"kind": "click_meld", "meld": 0},
    {"kind": "click_meld", "meld": 0, "position": 0},
    {"kind": "press", "button": "buy"},
    {"kind": "press", "button": "pass"},
    {"kind": "press", "button": "call_rummy"},
    {"kind": "press", "button": "call_liverpool"},
    {"kind": "press", "button": "give"},
    {"kind": "press", "button": "cut", "aim": 10},
    {"kind": "press", "button": "go_out"},
    {"kind": "press", "button": "add_meld"},
    {"kind": "press", "button": "no such button"},
    {"kind": "move", "index": 0, "to": 99},
    {"kind": "click_card", "index": 42},
    {"kind": "no such click"},
]


@pytest.mark.parametrize(
    "message", WRONG_IN_DRAW, ids=lambda m: "-".join(str(v) for v in m.values())
)
def test_wrong_clicks_change_nothing_and_say_why(table: CardTable, message: dict[str, Any]) -> None:
    select(table, "KC")
    key = table.game.state_key()
    table.handle_message({**message, "version": table.view["version"]})
    assert table.error, message
    assert table.crash == ""
    assert table.game.state_key() == key


def test_discarding_the_taken_card_is_refused_with_the_rule(table: CardTable) -> None:
    press(table, "take")
    select(table, "7D")
    off = button(table, "discard")
    assert not off["enabled"] and "discard pile" in off["why"]
    key = table.game.state_key()
    press(table, "discard")
    assert "may not discard it" in table.error
    assert table.game.state_key() == key


def test_acting_out_of_turn_is_refused(table: CardTable) -> None:
    other = CardTable(table.game, 1)
    key = table.game.state_key()
    press(other, "draw")
    assert "not your turn" in other.error
    assert not button(other, "draw")["enabled"]
    assert button(other, "draw")["why"] == table.game.why_not(lp.DrawStock(), 1)
    assert button(other, "draw")["why"].startswith("It is not your turn to act: Ada must")
    assert table.game.state_key() == key


def test_every_button_has_a_reason_when_disabled(table: CardTable) -> None:
    buttons = table.controls["buttons"]
    assert [b["kind"] for b in buttons] == list(ACTION_KINDS)
    for b in buttons:
        assert b["label"]
        if b["shown"]:
            assert b["enabled"] or b["why"], b["kind"]
        else:
            assert not b["enabled"], b["kind"]  # a hidden button is never live


def test_stale_clicks_are_ignored(table: CardTable) -> None:
    old = table.view["version"]
    press(table, "draw")
    key = table.game.state_key()
    # a double click: the second message carries the version the first one changed
    table.handle_message({"kind": "press", "button": "draw", "version": old})
    assert table.error == STALE
    select(table, "KC")
    table.handle_message({"kind": "press", "button": "discard", "version": old})
    assert table.error == STALE
    assert table.game.state_key() == key


def test_a_selection_click_on_an_old_view_still_works_when_the_hand_is_unchanged() -> None:
    game = house_deal()
    table = CardTable(game, 1)
    old = table.view["version"]
    game.apply(lp.DrawStock(), player=0)  # another seat moves: the hand of seat 1 is the same
    table.refresh()
    table.handle_message({"kind": "click_card", "index": 0, "code": "KH", "version": old})
    assert table.selected == [0] and table.error == ""
    table.handle_message({"kind": "click_card", "index": 1, "code": "QD", "version": old})
    assert table.selected == [0] and table.error == STALE


def test_errors_in_callbacks_are_shown_not_raised(
    table: CardTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the engine broke")

    monkeypatch.setattr(table.game, "apply", broken)
    press(table, "draw")  # must not raise
    assert "RuntimeError: the engine broke" in table.crash


def test_messages_arrive_through_the_widgets_own_channel(table: CardTable) -> None:
    click = {"kind": "press", "button": "draw", "version": table.view["version"]}
    table._handle_custom_msg(click, [])
    assert table.error == ""
    assert table.game.actions == [lp.DrawStock()]


# -- selection, sorting, order ---------------------------------------------------------------------


def test_select_deselect_and_clear(table: CardTable) -> None:
    select(table, "7H", "KC")
    assert sorted(table.selected) == sorted([index_of(table, "7H"), index_of(table, "KC")])
    send(table, "click_card", index=index_of(table, "7H"))
    assert table.selected == [index_of(table, "KC")]
    send(table, "clear")
    assert table.selected == []


def test_sorting_by_rank_suit_and_own_order(table: CardTable) -> None:
    own = [c["code"] for c in table.view["hand"]]
    assert own == [c.code for c in table.game.hand(0)]
    send(table, "sort", mode="rank")
    assert table.sort_mode == "rank"
    ranks = [c["code"] for c in table.view["hand"]]
    assert ranks[:2] == ["2D", "4S"]
    send(table, "sort", mode="suit")
    assert [c["code"] for c in table.view["hand"]] != ranks
    # own order: move the K♣ to the front, then it stays there through a draw
    send(table, "sort", mode="own")
    send(table, "move", index=index_of(table, "KC"), to=0)
    assert table.view["hand"][0]["code"] == "KC"
    draw(table)
    codes = [c["code"] for c in table.view["hand"]]
    assert codes[0] == "KC" and codes[-1] == "9C"
    # every hand entry names its engine index
    for item in table.view["hand"]:
        assert table.game.hand(0)[item["index"]].code == item["code"]


def test_a_card_in_a_meld_being_built_cannot_be_selected_again(table: CardTable) -> None:
    draw(table)
    select(table, "7H", "7C", "7S")
    press(table, "add_meld")
    send(table, "click_card", index=index_of(table, "7H"))
    assert "already in a meld" in table.error


# -- buying ----------------------------------------------------------------------------------------


def test_buy_prompt_and_buy() -> None:
    game = house_deal()
    table = CardTable(game, 0)
    # seat 0 draws and discards the K♣; seat 1 draws and discards an 8♦; seat 2 declines it
    game.apply(lp.DrawStock(), player=0)
    pass_buys(game, 0)
    game.apply(lp.Discard("KC"), player=0)
    game.apply(lp.DrawStock(), player=1)
    pass_buys(game, 1)
    game.apply(lp.Discard("8D"), player=1)
    game.apply(lp.DrawStock(), player=2)
    table.refresh()
    assert game.phase is lp.Phase.BUY and game.to_act == 0
    prompt = table.view["prompt"]
    assert prompt["kind"] == "buy"
    assert prompt["text"] == (
        "Buy the 8♦? You also take a penalty card from the stock (2 cards in all)."
    )
    assert prompt["seconds"] is None  # house rules have no buy timer
    before = len(game.hand(0))
    press(table, "buy")
    assert table.error == ""
    assert len(game.hand(0)) == before + 2 and "8D" in [c.code for c in game.hand(0)]


def test_pass_on_a_buy() -> None:
    game = house_deal()
    table = CardTable(game, 0)
    game.apply(lp.DrawStock(), player=0)
    pass_buys(game, 0)
    game.apply(lp.Discard("KC"), player=0)
    game.apply(lp.DrawStock(), player=1)
    pass_buys(game, 1)
    game.apply(lp.Discard("8D"), player=1)
    game.apply(lp.DrawStock(), player=2)
    table.refresh()
    press(table, "pass")
    assert table.error == "" and game.phase is lp.Phase.PLAY and game.to_act == 2


def _online_buy_offer(clock: Any = None) -> MatchTable:
    """An online match (12 s buy timer) at the moment a buy is offered to seat 0."""
    game = lp.Game("online", ["You", "Ben", "Cleo"], seed=3)
    match = MatchTable(game, pace=0)
    if clock is not None:
        match.table.session.clock = clock
    for _ in range(200):
        if match.game.phase is lp.Phase.BUY and match.game.to_act == 0:
            break
        if match.waiting_for_next_deal:
            match.table.handle_message({"kind": "next_deal"})
            continue
        legal = match.game.legal_actions()
        action = next((a for a in legal if isinstance(a, lp.DrawStock)), None) or legal[0]
        match.game.apply(action, player=0)
        match.run_bots()
    assert match.game.to_act == 0 and match.game.phase is lp.Phase.BUY
    return match


def test_the_online_buy_prompt_has_a_deadline_decided_in_python() -> None:
    now = [1000.0]
    match = _online_buy_offer(lambda: now[0])
    table = match.table
    prompt = table.view["prompt"]
    offered = table.view["version"]
    assert prompt["seconds"] == 12.0
    assert prompt["deadline"] == table.deadline == 1012.0
    assert [b for b in prompt["buttons"]] == ["buy", "pass"]
    # redrawing the same offer keeps its clock
    now[0] = 1005.0
    table.refresh()
    assert table.view["prompt"]["deadline"] == 1012.0
    key = match.game.state_key()
    assert not table.check_deadline() and match.game.state_key() == key
    # the deadline passes: the table plays the engine's idle action (a pass), not the page
    now[0] = 1012.5
    idle = match.game.idle_action()
    assert isinstance(idle, lp.Pass)
    actions = len(match.game.actions)
    assert table.check_deadline()
    assert match.game.actions[actions] == idle and match.game.actors[actions] == 0
    assert table.error == ""
    assert table.view["version"] > offered  # the table was redrawn after the pass
    # the log says the table passed for the learner: they did not choose it
    assert "The table plays for you:" in table.log, table.log[-8:]


def test_a_click_after_the_deadline_finds_the_offer_gone() -> None:
    now = [0.0]
    match = _online_buy_offer(lambda: now[0])
    table = match.table
    version = table.view["version"]
    now[0] = 60.0
    actions = len(match.game.actions)
    offered = match.game.discard_top
    table.handle_message({"kind": "press", "button": "buy", "version": version})
    assert isinstance(match.game.actions[actions], lp.Pass)  # the lapse came first
    assert table.error == f"Time ran out: the {offered} was passed for you."
    # a later click on the same old picture is simply out of date
    table.handle_message({"kind": "press", "button": "buy", "version": version})
    assert table.error == STALE


def test_a_buy_deadline_lapses_on_the_event_loop() -> None:
    async def scenario() -> None:
        match = _online_buy_offer()
        table = match.table
        actions = len(match.game.actions)
        table.session._offer = None  # the offer is made anew, now that a loop runs
        table.session.clock = lambda: 0.0
        with_loop = asyncio.get_running_loop()
        table.refresh()
        assert table._timer is not None
        table._timer.cancel()
        table.session.clock = lambda: 99.0
        with_loop.call_soon(table._timer_fired)
        await asyncio.sleep(0.05)
        assert isinstance(match.game.actions[actions], lp.Pass)

    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as exc:  # re-raised below, in the test's own thread
            errors.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout=60)
    if errors:
        raise errors[0]


# -- swap, call, give, cut, go out -----------------------------------------------------------------


def test_swap_a_wild_then_lay_it_again_classic() -> None:
    """Classic deal 2 (1 set + 1 run; 2s wild): a wild may be taken only out of ANOTHER
    player's run, and the freed 2 must be laid again this turn.

    seat 0: K♠ K♦ K♣ 9♠ 10♠ 2♦ Q♠ 6♥ J♠ 3♦   (the 2♦ will stand for the J♠ in 9-Q♠)
    seat 1: Q♥ Q♦ Q♣ 5♥ 2♣ 7♥ 8♥ 3♠ 10♦ A♦   (the 2♣ will stand for the 6♥ in 5-8♥)
    seat 2: J♣ J♣ 10♥ 10♥ 4♦ 4♦ 5♠ 5♠ 9♣ 9♣
    stock:  A♠ 6♦ 7♣ 9♦   upcard: 8♦
    """
    game = lp.Game.from_deal(
        "classic",
        [
            "KS KD KC 9S 10S 2D QS 6H JS 3D",
            "QH QD QC 5H 2C 7H 8H 3S 10D AD",
            "JC JC 10H 10H 4D 4D 5S 5S 9C 9C",
        ],
        stock="AS 6D 7C 9D",
        upcard="8D",
        deal=2,
        dealer=2,
    )
    table = CardTable(game, 0)
    # round 1: seat 0 draws and throws the A♠; seat 1 goes down (its run holds the 2♣)
    draw(table)
    select(table, "AS")
    press(table, "discard")
    assert table.error == "", table.error
    game.apply(lp.DrawStock(), player=1)
    pass_buys(game, 1)
    game.apply(lp.GoDown([["QH", "QD", "QC"], ["5H", "2C", "7H", "8H"]]), player=1)
    game.apply(lp.Discard("3S"), player=1)
    game.apply(lp.DrawStock(), player=2)
    pass_buys(game, 2)
    game.apply(lp.Discard("4D"), player=2)
    table.refresh()
    # round 2: seat 0 goes down with a run that holds its own 2♦
    draw(table)
    select(table, "KS", "KD", "KC")
    press(table, "add_meld")
    select(table, "9S", "10S", "2D", "QS")
    press(table, "go_down")
    assert table.error == "", table.error
    theirs = next(k for k, m in enumerate(game.table) if m.kind is lp.MeldKind.RUN and m.owner == 1)
    mine = next(k for k, m in enumerate(game.table) if m.kind is lp.MeldKind.RUN and m.owner == 0)
    own_wild = game.table[mine].wild_positions(game.rules)[0]
    # the J♠ stands for seat 0's own 2♦, but a wild never comes out of the swapper's own meld
    select(table, "JS")
    assert targets(table, "swap") == []
    assert button(table, "swap")["why"] == ("You may only take a wild from another player's meld.")
    key = game.state_key()
    send(table, "click_meld", meld=mine, position=own_wild)
    assert table.error == "You may only take a wild from another player's meld."
    assert game.state_key() == key
    send(table, "clear")
    # the 6♥ takes the 2♣ out of seat 1's run
    wild = game.table[theirs].wild_positions(game.rules)[0]
    select(table, "6H")
    assert targets(table, "swap") == [[theirs, wild]]
    send(table, "click_meld", meld=theirs, position=wild)
    assert table.error == "", table.error
    assert lp.format_cards(game.table[theirs].cards) == "5♥ 6♥ 7♥ 8♥"
    assert "Lay the freed 2♣" in " ".join(table.view["notes"])
    # a discard now is refused: the freed wild must be laid first
    select(table, "3D")
    key = game.state_key()
    press(table, "discard")
    assert "freed" in table.error and game.state_key() == key
    send(table, "clear")
    select(table, "2C")
    send(table, "click_meld", meld=theirs, position=len(game.table[theirs].cards) - 1)
    assert table.error == "", table.error
    select(table, "3D")
    press(table, "discard")
    assert table.error == "" and game.to_act == 1


def test_swap_is_refused_under_house_rules(table: CardTable) -> None:
    draw(table)
    go_down(table)
    select(table, "KC")
    key = table.game.state_key()
    press(table, "swap")
    assert table.error == "These rules do not let you take a wild card from the table."
    assert table.game.state_key() == key
    assert not button(table, "swap")["shown"]


def test_call_rummy_and_give_a_card_classic() -> None:
    """Classic deal 1: seat 1 goes down and discards a king that fits the table; seat 2 passes;
    seat 0 (the table) calls rummy, then seat 2 and seat 0 each give seat 1 a card.

    seat 1: K♠ K♦ K♣ Q♠ Q♦ Q♣ K♥ 3♠ 4♠ 5♦
    """
    game = lp.Game.from_deal(
        "classic",
        [
            "7H 7C 9S 9H 10D JS 3C 4D 6S 8C",
            "KS KD KC QS QD QC KH 3S 4S 5D",
            "JC JC 10H 10H 4C 4H 5H 5S 9C 9D",
        ],
        stock="AS 6D 6C",
        upcard="8S",
        dealer=2,
    )
    table = CardTable(game, 0)
    draw(table)
    select(table, "8C")
    press(table, "discard")
    game.apply(lp.DrawStock(), player=1)
    pass_buys(game, 1)
    game.apply(lp.GoDown([["KS", "KD", "KC"], ["QS", "QD", "QC"]]), player=1)
    game.apply(lp.Discard("KH"), player=1)
    game.apply(lp.Pass(), player=2)
    table.refresh()
    assert game.phase is lp.Phase.RUMMY_CALL and game.to_act == 0
    assert table.view["prompt"]["kind"] == "call"
    assert button(table, "call_rummy")["enabled"]
    press(table, "call_rummy")
    assert table.error == "", table.error
    assert game.phase is lp.Phase.GIVE_CARD  # type: ignore[comparison-overlap]
    game.apply(lp.GiveCard("JC"), player=2)
    table.refresh()
    assert game.to_act == 0 and button(table, "give")["shown"]
    assert not button(table, "give")["enabled"]  # nothing selected yet
    select(table, "JS")
    press(table, "give")
    assert table.error == "", table.error
    assert "JS" in [c.code for c in game.hand(1)]


def test_cut_the_cards_classic() -> None:
    game = lp.Game("classic", ["You", "Ben", "Cleo"], seed=5, dealer=1)
    table = CardTable(game, 0)
    assert game.phase is lp.Phase.CUT and game.to_act == 0
    prompt = table.view["prompt"]
    assert prompt["kind"] == "cut" and prompt["aim"] == 31
    key = game.state_key()
    press(table, "cut", aim=0)
    assert "lifts between" in table.error and game.state_key() == key
    press(table, "cut", aim="x")
    assert table.error and game.state_key() == key
    press(table, "cut", aim=prompt["aim"])
    assert table.error == "" and game.phase is lp.Phase.DRAW  # type: ignore[comparison-overlap]


def test_go_out_with_the_whole_hand_online_deal_7() -> None:
    """Online deal 7: three runs with the whole hand, out at any time in your turn.

    seat 0: 3♣ 4♣ 5♣ 6♣ 7♠ 8♠ 9♠ 10♠ 8♦ 9♦ 10♦ J♦
    """
    game = lp.Game.from_deal(
        "online",
        ["3C 4C 5C 6C 7S 8S 9S 10S 8D 9D 10D JD", "KH KH QD QD 3H 3H 6S 6S 8H 8H 4H 4S"],
        stock="AS",
        upcard="KC",
        deal=7,
        dealer=1,
    )
    table = CardTable(game, 0)
    assert button(table, "go_out")["shown"]
    assert button(table, "go_out")["enabled"]
    press(table, "go_out")
    assert table.error == "", table.error
    assert game.is_over
    assert table.scores["winners"] == ["Ada"]
    assert table.scores["pad"]["rows"][0]["cells"][0] == "0"
    assert table.scores["pad"]["rows"][0]["cells"][1].startswith("+")


def test_go_out_refused_when_the_hand_does_not_form_the_contract(table: CardTable) -> None:
    key = table.game.state_key()
    press(table, "go_out")
    assert table.error and table.game.state_key() == key
    assert not button(table, "go_out")["shown"]


# -- what the front end may see --------------------------------------------------------------------


def test_the_view_holds_no_other_hand() -> None:
    # seat 1 holds both K♥ and both Q♦, seat 2 both J♣ and both 10♥: nobody else has them
    game = house_deal()
    for seat in range(3):
        table = CardTable(game, seat)
        seen = codes_in(table.view)
        own = {c.code for c in game.hand(seat)}
        public = own | {"7D"}
        assert set(seen) <= public, set(seen) - public
        for other in range(3):
            if other != seat:
                assert not ({c.code for c in game.hand(other)} - public) & set(seen)


def test_open_hands_shows_every_hand() -> None:
    game = house_deal()
    table = CardTable(game, 0, open_hands=True)
    seen = codes_in(table.view)
    assert {"KH", "QD", "JC", "10H"} <= set(seen)
    assert [c["code"] for c in table.view["seats"][1]["hand"]] == [c.code for c in game.hand(1)]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), seat=st.integers(0, 3))
def test_no_view_during_play_shows_a_hidden_card(seed: int, steps: int, seat: int) -> None:
    game = lp.Game("house", 4, seed=seed)
    bots = [lp.bots.RandomBot(seed + i) for i in range(4)]
    for _ in range(steps):
        if game.is_over:
            break
        actor = game.to_act
        assert actor is not None
        game.apply(bots[actor].act(game.view(actor), game.legal_actions()), player=actor)
    table = CardTable(game, seat)
    visible: Counter[str] = Counter(c.code for c in game.hand(seat))
    for meld in game.table:
        visible.update(c.code for c in meld.cards)
    visible.update(c.code for c in game.discard_pile)
    for cards in game.view(seat).picked_up:  # taken or bought face up: everyone saw them
        visible.update(c.code for c in cards)
    seen = codes_in(table.view)
    assert set(seen) <= set(visible), set(seen) - set(visible)


# -- a whole match: bots, hint, undo, save, resume -------------------------------------------------


def test_play_returns_a_match_at_the_humans_turn() -> None:
    match = play(seed=1, pace=0)
    assert isinstance(match, MatchTable)
    assert match.game.to_act == 0
    assert match.table.view["header"]["my_turn"]
    assert not match.table.busy


def test_a_whole_match_by_clicking_only() -> None:
    """The human clicks what the strong bot suggests, every time, to the end of the match."""
    match = play(seed=2, pace=0, opponents=2)
    table = match.table
    coach = lp.bots.BasicBot(0)
    deals = 0
    for _ in range(3000):
        if table.scores["panel"] is not None:  # the deal is over: the bots wait for the player
            deals += 1
            assert not match.bot_moving and match.waiting_for_next_deal
            send(table, "next_deal")
            continue
        if match.game.is_over:
            break
        game = match.game
        action = coach.act(game.view(0), game.legal_actions())
        for message in _messages_for(table, action):
            table.handle_message(message)
        assert table.error == "", (action, table.error)
        assert table.crash == ""
    assert match.game.is_over
    assert deals == match.game.rules.deals
    assert table.scores["winners"] and table.view["header"]["over"]
    assert len(table.scores["pad"]["rows"]) == match.game.rules.deals


def _messages_for(table: CardTable, action: lp.Action) -> list[dict[str, Any]]:
    """The clicks a person makes for ``action``."""
    v = table.view["version"]
    hand = table.game.hand(table.seat)

    def pick(cards: Any) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"kind": "clear", "version": v}]
        for i in _positions(hand, cards):
            out.append({"kind": "click_card", "index": i, "version": v, "code": hand[i].code})
        return out

    match action:
        case lp.DrawStock():
            return [{"kind": "press", "button": "draw", "version": v}]
        case lp.TakeDiscard():
            return [{"kind": "press", "button": "take", "version": v}]
        case lp.Buy():
            return [{"kind": "press", "button": "buy", "version": v}]
        case lp.Pass():
            return [{"kind": "press", "button": "pass", "version": v}]
        case lp.GoDown(melds=melds):
            out = [{"kind": "clear", "version": v}]
            used: set[int] = set()
            for meld in melds:
                for i in _positions(hand, meld, used):
                    used.add(i)
                    out.append({"kind": "click_card", "index": i, "version": v})
                out.append({"kind": "press", "button": "add_meld", "version": v})
            return [*out, {"kind": "press", "button": "go_down", "version": v}]
        case lp.LayOff(card=card, meld=meld, end=end):
            # a run's end is chosen by clicking its first or last card; a set by its caption
            size = len(table.game.table[meld].cards)
            at = {"low": 0, "high": size - 1, None: None}[end]
            click = {"kind": "click_meld", "meld": meld, "position": at, "version": v}
            return [*pick([card]), click]
        case lp.SwapWild(card=card, meld=meld, position=pos):
            click = {"kind": "click_meld", "meld": meld, "position": pos, "version": v}
            return [*pick([card]), click]
        case lp.Discard(card=card):
            return [*pick([card]), {"kind": "press", "button": "discard", "version": v}]
        case lp.GiveCard(card=card):
            return [*pick([card]), {"kind": "press", "button": "give", "version": v}]
        case lp.GoOut():
            return [{"kind": "press", "button": "go_out", "version": v}]
        case lp.Cut(aim=aim):
            return [{"kind": "press", "button": "cut", "aim": aim, "version": v}]
        case lp.CallRummy():
            return [{"kind": "press", "button": "call_rummy", "version": v}]
        case lp.CallLiverpool():
            return [{"kind": "press", "button": "call_liverpool", "version": v}]
    raise AssertionError(f"no clicks for {action!r}")


def _positions(hand: list[lp.Card], cards: Any, used: set[int] | None = None) -> list[int]:
    taken = set(used or ())
    out = []
    for card in cards:
        i = next(i for i, c in enumerate(hand) if c == card and i not in taken)
        taken.add(i)
        out.append(i)
    return out


def test_hint_names_a_move_and_highlights_its_cards() -> None:
    match = play(seed=1, pace=0)
    table = match.table
    while table.game.phase is lp.Phase.BUY:
        press(table, "pass")
    if table.game.phase is lp.Phase.DRAW:
        press(table, "draw")
    assert table.game.phase is lp.Phase.PLAY and table.game.to_act == 0
    key = table.game.state_key()
    press(table, "hint")
    hint = table.controls["hint"]
    assert hint["text"] and hint["action"]
    assert hint["cards"], hint
    hand = table.game.hand(0)
    assert all(0 <= i < len(hand) for i in hint["cards"])
    assert table.game.state_key() == key  # a hint changes nothing
    # selecting and wrong clicks keep the hint; a move clears it
    send(table, "click_card", index=hint["cards"][0])
    assert table.controls["hint"] == hint
    press(table, "draw")
    assert table.error and table.controls["hint"] == hint


def test_hint_when_it_is_not_your_turn() -> None:
    game = house_deal()
    table = CardTable(game, 1)
    press(table, "hint")
    assert "Nothing to decide yet" in table.controls["hint"]["text"]


def test_undo_takes_back_the_humans_last_action() -> None:
    match = play(seed=4, pace=0)
    table = match.table
    before = match.game.state_key()
    record = match.game.to_json()
    assert table.game.to_act == 0
    if match.game.phase is lp.Phase.BUY:
        press(table, "pass")
    else:
        press(table, "draw")
    assert match.game.state_key() != before
    assert button(table, "undo")["enabled"]
    press(table, "undo")
    assert table.error.startswith("Taken back: you ") and table.error_kind == "guide"
    assert match.game.state_key() == before
    assert match.game.to_json() == record
    assert table.game is match.game


def test_undo_with_nothing_to_undo() -> None:
    match = play(seed=1, pace=0)
    key = match.game.state_key()
    assert not button(match.table, "undo")["enabled"]  # off: only legal actions are on
    press(match.table, "undo")
    assert "nothing to undo" in match.table.error
    assert match.game.state_key() == key


def test_undo_twice_goes_back_two_of_your_actions() -> None:
    match = play(seed=6, pace=0, opponents=2)
    table = match.table
    keys = []
    for _ in range(3):
        keys.append(match.game.state_key())
        action = lp.bots.BasicBot(0).act(match.game.view(0), match.game.legal_actions())
        for message in _messages_for(table, action):
            table.handle_message(message)
        assert table.error == ""
    press(table, "undo")
    assert match.game.state_key() == keys[2]
    press(table, "undo")
    assert match.game.state_key() == keys[1]


def test_undo_goes_back_past_the_passes_the_table_made_for_you() -> None:
    match = play(seed=5, pace=0, auto_pass_buys="always")
    table, coach = match.table, lp.bots.BasicBot(0)
    game = match.game
    chosen = None  # (action count before it, state before it) of your last own decision
    for _ in range(200):
        if match.waiting_for_next_deal or game.is_over:
            break
        mine = [k for k, seat in enumerate(game.actors) if seat == 0]
        if chosen is not None and mine and mine[-1] > chosen[0] and game.to_act == 0:
            break  # the table has since passed an offer for you
        before = (len(game.actions), game.state_key())
        action = coach.act(game.view(0), game.legal_actions())
        for message in _messages_for(table, action):
            table.handle_message(message)
        chosen = before
        game = match.game
    assert chosen is not None
    passed = [k for k, seat in enumerate(game.actors) if seat == 0][-1]
    assert passed > chosen[0] and game.actions[passed] == lp.Pass()
    press(table, "undo")
    assert table.error.startswith("Taken back: you ") and table.error_kind == "guide"
    assert len(match.game.actions) == chosen[0] and match.game.state_key() == chosen[1]


def test_save_and_resume(tmp_path: Path) -> None:
    match = play(seed=3, pace=0)
    for _ in range(6):
        action = lp.bots.BasicBot(0).act(match.game.view(0), match.game.legal_actions())
        for message in _messages_for(match.table, action):
            match.table.handle_message(message)
    path = tmp_path / "match.json"
    text = match.save(path)
    assert path.read_text(encoding="utf-8") == text == match.record.value
    # a new kernel: a new match, then resume
    other = play(seed=99, pace=0)
    other.resume(text)
    assert other.game.to_json() == text
    assert other.game.state_key() == match.game.state_key()
    assert other.table.view["hand"] == match.table.view["hand"]


def test_resume_refuses_a_changed_record_and_keeps_the_game() -> None:
    match = play(seed=3, pace=0)
    key = match.game.state_key()
    text = match.save()
    with pytest.raises(lp.RecordError):
        match.resume(text.replace('"seed": 3', '"seed": 4'))
    assert match.game.state_key() == key
    # through the button: the error is shown, nothing raised
    match.record.value = "not a record"
    match.resume_button.click()
    assert "Could not resume" in match.table.error
    assert match.game.state_key() == key
    # a good record next: the complaint goes with the failure it was about
    match.record.value = text
    match.resume_button.click()
    assert match.table.error == "" and match.status.value.startswith("Resumed")


def test_save_and_resume_buttons() -> None:
    match = play(seed=3, pace=0)
    match.save_button.click()
    assert match.record.value == match.game.to_json()
    other = play(seed=8, pace=0)
    other.record.value = match.record.value
    other.resume_button.click()
    assert other.game.state_key() == match.game.state_key()


def test_bots_move_on_the_event_loop_and_clicks_meanwhile_change_nothing() -> None:
    async def scenario() -> None:
        game = lp.Game("house", ["You", "Ben", "Cleo"], seed=11, dealer=0)
        match = MatchTable(game, pace=0.01)
        table = match.table
        assert game.to_act == 1 and match.bot_moving and table.busy
        key = game.state_key()
        press(table, "draw")  # the bot is moving: refused, in words
        assert "not your turn" in table.error
        assert game.state_key() == key
        for _ in range(500):
            if not match.bot_moving:
                break
            await asyncio.sleep(0.01)
        assert game.to_act == 0 and not table.busy
        assert table.view["header"]["my_turn"]

    # A fresh loop in its own thread: the browser tests' Playwright keeps a loop running in
    # this thread when they run first in the same session.
    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as exc:  # re-raised below, in the test's own thread
            errors.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout=60)
    assert not worker.is_alive(), "the bots never finished moving"
    if errors:
        raise errors[0]


def test_pace_slider_sets_the_pace() -> None:
    match = play(seed=1, pace=0)
    match.pace_slider.value = 1.5
    assert match.pace == 1.5
    match.pace = 0.2
    assert match.pace_slider.value == pytest.approx(0.2)


def test_play_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="level"):
        play(level="genius", pace=0)
    with pytest.raises(ValueError, match="opponents"):
        play(opponents=0, pace=0)


# -- the end of a deal ----------------------------------------------------------------------------


class Scripted:
    """Draws from the stock, never buys, goes down when it can, discards the card it drew."""

    def act(self, view: lp.PlayerView, legal: Sequence[lp.Action]) -> lp.Action:
        kinds = {type(a) for a in legal}
        if lp.DrawStock in kinds:
            return lp.DrawStock()
        if lp.Pass in kinds:
            return lp.Pass()
        downs = [a for a in legal if isinstance(a, lp.GoDown)]
        if downs:
            return downs[0]
        discards = [a for a in legal if isinstance(a, lp.Discard)]
        last = [a for a in discards if a.card == view.hand[-1]]
        return (last or discards or legal)[0]


def _out_next_turn() -> MatchTable:
    """House deal 1 against scripted bots: You go down with sevens and nines on your first
    turn (the 7♦ upcard laid off) and go out by discarding the K♣ (pace 0)."""
    game = lp.Game.from_deal(
        "house",
        [
            "7H 7C 7S 9H 9D 9S 9C KC",
            "2H 3H 5D 6D 8H 10S JS KH AD 6S",
            "2D 3C 5H 6H 8D 10C JC QC AC 4H",
        ],
        stock="QS 4C 10D 6C",
        upcard="7D",
        dealer=2,
        names=["You", "Ada", "Ben"],
        seed=5,
    )
    match = play(game=game, pace=0)
    match.bots = [None, Scripted(), Scripted()]
    return match


def test_a_deal_ends_on_screen_and_the_bots_wait_for_next_deal() -> None:
    match = _out_next_turn()
    table, game = match.table, match.game
    press(table, "take")
    go_down(table)
    select(table, "KC")
    press(table, "discard")  # out
    assert table.error == "" and game.deal == 2 and game.deal_scores[0][0] == 0
    panel = table.scores["panel"]
    assert panel is not None and panel["title"] == "Deal 1 of 7 is over"
    assert panel["how"] == "You went out by discarding the K♣."
    assert [c["code"] for c in panel["went_out_with"]] == ["KC"]
    assert panel["went_out_with"][0]["svg"].startswith("<svg")  # pictured
    ada = panel["hands"][1]
    ada_hand = ["2H", "3H", "5D", "6D", "8H", "10S", "JS", "KH", "AD", "6S"]
    assert [c["code"] for c in ada["cards"]] == ada_hand
    assert all(c["svg"].startswith("<svg") for c in ada["cards"])
    assert sum(ada["card_points"]) == ada["hand_points"] == game.deal_scores[0][1]
    assert ada["score"] == f"+{game.deal_scores[0][1]}" and panel["button"] == "Next deal"
    # the bots wait: deal 2 opens with Ada's turn, yet nothing moves
    assert match.waiting_for_next_deal and game.to_act == 1
    actions = len(game.actions)
    match.run_bots()
    assert len(game.actions) == actions and not match.bot_moving and not table.busy
    # a move meanwhile is refused, calmly; the view (deal 2's table) is not shown meanwhile
    press(table, "draw")
    assert table.error == PAUSED and table.error_kind == "guide"
    assert len(game.actions) == actions
    send(table, "next_deal")
    assert table.scores["panel"] is None and not match.waiting_for_next_deal
    assert len(game.actions) > actions and game.to_act == 0  # the bots played on
    assert table.error == ""
    # a second press (a double click) changes nothing
    version = table.version
    table.handle_message({"kind": "next_deal", "version": version - 1})
    assert table.error == "" and table.version == version


def test_without_the_pause_the_next_deal_follows_at_once() -> None:
    match = _out_next_turn()
    match.table.pause_at_deal_end = False
    press(match.table, "take")
    go_down(match.table)
    select(match.table, "KC")
    press(match.table, "discard")
    assert match.table.scores["panel"] is None and not match.waiting_for_next_deal
    assert match.game.to_act == 0 and len(match.game.actions) > 4
    # a plain CardTable does not pause unless asked to
    assert not CardTable(house_deal(), 0).pause_at_deal_end


def test_undo_and_resume_forget_a_finished_deals_panel() -> None:
    match = _out_next_turn()
    press(match.table, "take")
    go_down(match.table)
    record = match.save()
    select(match.table, "KC")
    press(match.table, "discard")
    assert match.waiting_for_next_deal
    match.resume(match.game.to_json())
    assert not match.waiting_for_next_deal and match.table.scores["panel"] is None
    match.resume(record)
    select(match.table, "KC")
    press(match.table, "discard")
    assert match.waiting_for_next_deal
    assert match.undo() and not match.waiting_for_next_deal and match.game.deal == 1


# -- fewer needless clicks -------------------------------------------------------------------------


def _offer_after_going_down(**options: Any) -> CardTable:
    """House deal: seat 0 goes down and discards; the 8♦ is then offered to seat 0."""
    game = house_deal()
    table = CardTable(game, 0, **options)
    press(table, "take")
    select(table, "7H", "7C", "7S", "7D")
    press(table, "add_meld")
    select(table, "9H", "9D", "9S")
    press(table, "go_down")
    select(table, "KC")
    press(table, "discard")
    game.apply(lp.DrawStock(), player=1)
    pass_buys(game, 1)
    game.apply(lp.Discard("8D"), player=1)
    game.apply(lp.DrawStock(), player=2)
    table.refresh()
    return table


def test_auto_pass_buys_passes_with_an_ordinary_pass() -> None:
    asked = _offer_after_going_down()
    assert asked.game.phase is lp.Phase.BUY and asked.game.to_act == 0  # off: asked
    assert asked.controls["toggles"][0]["value"] == "off"
    for mode in ("when_down", "always", True):
        table = _offer_after_going_down(auto_pass_buys=mode)
        game = table.game
        assert game.phase is lp.Phase.PLAY and game.to_act == 2, mode  # passed for you
        assert game.actions[-1] == lp.Pass() and game.actors[-1] == 0
        assert "You did not buy the 8♦." in table.log
    # the switch on the table: turned on while the offer waits, it passes it at once
    table = _offer_after_going_down()
    heard: list[lp.Action] = []
    table.on_action(lambda action, events: heard.append(action))
    send(table, "option", name="auto_pass", value="when_down")
    assert table.auto_pass_buys == "when_down" and heard == [lp.Pass()]
    assert table.controls["toggles"][0]["value"] == "when_down"
    assert table.game.phase is lp.Phase.PLAY and table.error == ""
    # wrong values are refused in words; the setting stays
    send(table, "option", name="auto_pass", value="sometimes")
    assert "not 'sometimes'" in table.error and table.auto_pass_buys == "when_down"
    send(table, "option", name="volume", value="loud")
    assert "no option 'volume'" in table.error
    with pytest.raises(ValueError, match="auto_pass_buys"):
        CardTable(house_deal(), 0, auto_pass_buys="sometimes")


def test_when_down_does_not_pass_before_going_down() -> None:
    game = house_deal()
    table = CardTable(game, 0, auto_pass_buys="when_down")
    game.apply(lp.DrawStock(), player=0)
    pass_buys(game, 0)
    game.apply(lp.Discard("KC"), player=0)
    game.apply(lp.DrawStock(), player=1)
    pass_buys(game, 1)
    game.apply(lp.Discard("8D"), player=1)
    game.apply(lp.DrawStock(), player=2)
    table.refresh()
    assert game.phase is lp.Phase.BUY and game.to_act == 0  # not down: asked


def test_play_passes_buys_for_you_against_bots() -> None:
    match = play(seed=3, pace=0, auto_pass_buys="always")
    coach = lp.bots.BasicBot(0)
    offers = 0
    for _ in range(400):
        game = match.game
        if match.waiting_for_next_deal or game.is_over or game.deal > 1:
            break
        assert not (game.phase is lp.Phase.BUY and game.to_act == 0), "an offer was put to you"
        action = coach.act(game.view(0), game.legal_actions())
        for message in _messages_for(match.table, action):
            match.table.handle_message(message)
        offers = sum(
            1 for a, s in zip(game.actions, game.actors, strict=True) if s == 0 and a == lp.Pass()
        )
    assert offers > 0


# -- words where they help -------------------------------------------------------------------------


def test_guidance_and_errors_are_told_apart(table: CardTable) -> None:
    send(table, "click_meld", meld=0)
    assert "Select one card" in table.error and table.error_kind == "guide"
    press(table, "take")
    select(table, "7D")
    press(table, "discard")  # the taken card: the engine's rule
    assert table.error == table.game.why_not(lp.Discard("7D"), 0)
    assert table.error_kind == "error"
    send(table, "clear")
    assert table.error == ""


def test_while_a_bot_acts_the_header_says_who_we_wait_for() -> None:
    game = house_deal(names=["You", "Ben", "Cleo"])
    table = CardTable(game, 0)
    assert table.view["header"]["waiting"] == ""
    game.apply(lp.DrawStock(), player=0)
    pass_buys(game, 0)
    game.apply(lp.Discard("KC"), player=0)
    table.refresh()
    assert table.view["header"]["waiting"].startswith("Waiting for Ben, who must")


# -- the screen: scale, projector, Voila -----------------------------------------------------------


def test_the_deck_switch_on_the_table_sets_four_colours_on_a_table_to_watch_too() -> None:
    green = "#137a3a"  # clubs in a four-colour deck
    for interactive in (True, False):
        table = CardTable(house_deal(), 0, interactive=interactive)
        send(table, "option", name="four_color", value="four")
        assert table.error == "" and table.four_color
        assert green in json.dumps(table.view)
        deck = [t for t in table.controls["toggles"] if t["name"] == "four_color"]
        assert deck[0]["value"] == "four"
        table.four_color = False  # from Python: the switch follows
        deck = [t for t in table.controls["toggles"] if t["name"] == "four_color"]
        assert deck[0]["value"] == "two" and green not in json.dumps(table.view)


def test_a_four_colour_deck_can_be_switched_on_at_an_open_table() -> None:
    green, blue = "#137a3a", "#1b5fd1"  # clubs and diamonds in a four-colour deck
    table = CardTable(house_deal(), 0)
    assert not table.four_color
    two = json.dumps(table.view)
    assert green not in two and blue not in two
    table.four_color = True  # every card is drawn again (the page colours its chips to match)
    four = json.dumps(table.view)
    assert green in four and blue in four  # seat 0 holds the 7♣ and the 9♦
    assert table.view == CardTable(house_deal(), 0, four_color=True).view
    assert play(seed=1, pace=0, four_color=True).table.four_color


def test_scale_and_the_projector_shortcut() -> None:
    assert CardTable(house_deal(), 0).scale == 1.0
    assert CardTable(house_deal(), 0, scale=1.25).scale == 1.25
    assert CardTable(house_deal(), 0, projector=True).scale == PROJECTOR_SCALE == 1.6
    assert play(seed=1, pace=0, projector=True).table.scale == 1.6
    assert play(seed=1, pace=0, scale=2).table.scale == 2.0
    with pytest.raises(ValueError, match="scale"):
        CardTable(house_deal(), 0, scale=0)


def test_under_voila_play_puts_the_table_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    assert FIRST_CLASS not in play(seed=1, pace=0)._dom_classes
    assert FIRST_CLASS in play(seed=1, pace=0, first=True)._dom_classes
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    assert FIRST_CLASS in play(seed=1, pace=0)._dom_classes
    assert FIRST_CLASS not in play(seed=1, pace=0, first=False)._dom_classes


def test_play_a_stacked_game() -> None:
    match = play(game=house_deal(names=["You", "Ben", "Cleo"]), pace=0)
    assert match.game.to_act == 0
    assert [c["code"] for c in match.table.view["hand"]][:3] == ["7H", "7C", "7S"]


# -- replay ----------------------------------------------------------------------------------------


def _short_record() -> str:
    game = lp.Game("house", ["Ada", "Ben", "Cleo"], seed=21)
    bots = [lp.bots.BasicBot(i) for i in range(3)]
    for _ in range(40):
        actor = game.to_act
        assert actor is not None
        game.apply(bots[actor].act(game.view(actor), game.legal_actions()), player=actor)
    return game.to_json()


def test_replay_steps_back_and_forth() -> None:
    text = _short_record()
    final = lp.Game.from_json(text)
    replay = Replay(text)
    assert replay.step == 0 and replay.steps == 40
    assert repr(replay) == "Replay(step=0, steps=40)"
    replay.next_button.click()
    replay.next_button.click()
    assert replay.step == 2
    assert replay.game.state_key() == final.replay_to(2).state_key()
    assert replay.events
    replay.last_button.click()
    assert replay.step == 40 and replay.game.state_key() == final.state_key()
    replay.prev_button.click()
    assert replay.step == 39
    assert replay.game.state_key() == final.replay_to(39).state_key()
    replay.slider.value = 10
    assert replay.step == 10
    assert replay.game.state_key() == final.replay_to(10).state_key()
    replay.first_button.click()
    assert replay.step == 0
    assert replay.table.view["version"] > 1
    assert "Step 0 of 40" in replay.caption.value


def test_replay_says_which_moves_the_table_played_for_a_seat() -> None:
    g = lp.Game("house", 3, seed=4)
    g.apply(lp.DrawStock())
    g.apply(g.legal_actions()[-1])
    first = len(g.actions)
    while g.phase is lp.Phase.BUY:
        g.apply(lp.Pass(), automatic=True)  # a buy clock ran out
    replay = Replay(g.to_json())
    replay.go(first + 1)  # the first pass: stepped to
    assert g.actors[first] == 0  # Ada, whose view the replay shows: a replay is watched, so
    said = "The table plays for Ada:"  # it names her (her own table would say "for you")
    assert replay.events[0] == said, replay.events
    replay.go(first)
    replay.go(first + 1)  # and come back to from the step before
    assert replay.events[0] == said
    replay.go(first - 1)
    replay.go(first)  # a move of the player's own says nothing of the sort
    assert not any(e.startswith("The table plays") for e in replay.events)


def test_replay_opens_on_how_the_deal_began() -> None:
    text = _short_record()
    opened = Replay(text)
    assert opened.events and opened.events[0].startswith("Deal 1: 2 sets.")
    assert opened.events[0] in opened.caption.value
    opened.go(3)
    opened.go(0)
    assert opened.events == Replay(text).events  # the same lines as coming back to step 0


def test_replay_is_for_watching_and_shows_hands_only_when_asked() -> None:
    text = _short_record()
    replay = Replay(text)
    replay.go(12)
    key = replay.game.state_key()
    press(replay.table, "draw")
    assert "watching" in replay.table.error and replay.game.state_key() == key
    seen = set(codes_in(replay.table.view))
    other = {c.code for c in replay.game.hand(1)} - {c.code for c in replay.game.hand(0)}
    public = {c.code for m in replay.game.table for c in m.cards}
    public |= {c.code for c in replay.game.discard_pile}
    assert not (other - public) & seen
    opened = Replay(text, open_hands=True)
    opened.go(12)
    assert {c.code for c in opened.game.hand(1)} <= set(codes_in(opened.table.view))
    opened.seat_picker.value = 2
    assert opened.table.seat == 2


def test_replay_refuses_a_corrupt_record() -> None:
    with pytest.raises(lp.RecordError):
        Replay("{}")


# -- reprs and files -------------------------------------------------------------------------------


def test_reprs_are_deterministic(table: CardTable) -> None:
    assert repr(table) == "CardTable(seat=0, deal=1, phase='draw')"
    match = play(seed=1, pace=0)
    assert repr(match) == "MatchTable(rules='house', seat=0, deal=1, phase='buy')"
    for widget in (table, match, Replay(_short_record())):
        bundle = widget._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert data is not None and not re.search(r"0x[0-9a-fA-F]{6,16}", data["text/plain"])


def test_front_end_files_are_shipped() -> None:
    js = (STATIC / "table.js").read_text(encoding="utf-8")
    assert "export default" in js and "render" in js
    for testid in ("hand-card-", "meld-", "discard-top", "stock", "error", "log"):
        assert f'data-testid="{testid}' in js
    assert "`btn-${b.kind}`" in js and "`prompt-${kind}`" in js
    # the buttons, their labels and what a click means come from Python, not from lists here
    assert "BUTTONS" not in js and "HINT_BUTTON" not in js
    assert (STATIC / "table.css").read_text(encoding="utf-8").strip()
    assert str(CardTable._esm) == js
    # keyboard: stable keys to put focus back after a redraw; JupyterLab's shortcuts kept out
    for source in (js, (STATIC / "lesson_panel.js").read_text(encoding="utf-8")):
        assert "data-lm-suppress-shortcuts" in source and "focus(" in source
    assert js.count("data-focus-key=") >= 15


@pytest.mark.parametrize("name", ["table.js", "lesson_panel.js"])
def test_the_front_end_modules_parse(name: str) -> None:
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (the browser tests run the modules)")
    source = (STATIC / name).read_text(encoding="utf-8")
    done = subprocess.run(
        [node, "--input-type=module", "--check"],
        input=source,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_a_double_click_on_undo_takes_back_one_action() -> None:
    match = play(seed=6, pace=0, opponents=2)
    table = match.table
    keys = []
    for _ in range(2):
        keys.append(match.game.state_key())
        action = lp.bots.BasicBot(0).act(match.game.view(0), match.game.legal_actions())
        for message in _messages_for(table, action):
            table.handle_message(message)
    click = {"kind": "press", "button": "undo", "version": table.view["version"]}
    table.handle_message(dict(click))
    table.handle_message(dict(click))
    assert table.error == STALE
    assert match.game.state_key() == keys[1]


def test_a_seat_reads_its_own_lines_in_the_second_person() -> None:
    """The human called "You" reads "You deal", never "You deals" (``second_person``); one
    called Ada reads "You deal." and "You chose the stock over the 7♦" too, as she reads "You
    drew the 9♣" (the lines only she may read); another seat reads "Ada deals."."""
    hands = [
        "7H 7C 7S 9H 9D 9S KC 2D 4S 5C",
        "KH KH QD QD 3C 3C 6S 6S 8D 8D",
        "JC JC 10H 10H 4D 4D 5H 5H 2C 2C",
    ]
    game = lp.Game.from_deal(
        "house", hands, stock="9C AS 6H 8C", upcard="7D", dealer=0, names=["You", "Ben", "Cleo"]
    )
    table = CardTable(game, 0)
    assert any("stacked: you deal." in t for t in table.log), table.log
    assert not any(re.search(r"\bYou (deals|is|has|takes)\b|\bYou's\b", t) for t in table.log)
    # The picture stored with a lesson says so too: "You dealt", as the terminal does.
    assert "· You dealt" in table.picture_html() and "You deals" not in table.picture_html()
    named = lp.Game.from_deal(
        "house", hands, stock="9C AS 6H 8C", upcard="7D", dealer=0, names=["Ada", "Ben", "Cleo"]
    )
    ada, ben = CardTable(named, 0), CardTable(named, 1)
    assert "stacked: you deal." in ada.log[0] and not any("Ada" in t for t in ada.log), ada.log
    assert "Ada deals." in ben.log[0] and not any("Ben" in t for t in ben.log), ben.log
    first = lp.Game.from_deal(
        "house", hands, stock="9C AS 6H 8C", upcard="7D", dealer=2, names=["Ada", "Ben", "Cleo"]
    )
    ada = CardTable(first, 0)  # Ada plays first
    press(ada, "draw")
    assert ada.log[-1] == "You chose the stock over the 7♦, which is offered to buy.", ada.log


def test_disabled_reasons_come_from_the_engine(table: CardTable) -> None:
    """A disabled Discard says the engine's own sentence (``Game.why_not``)."""
    press(table, "take")
    select(table, "7D")
    why = button(table, "discard")["why"]
    assert why == table.game.why_not(lp.Discard(lp.Card.parse("7D")), 0)
    assert why


# -- intents: the page reports clicks, Python decides what they mean --------------------------


def test_clicks_on_the_piles_mean_what_the_phase_makes_them(table: CardTable) -> None:
    send(table, "click_discard")  # in the draw: take it
    assert table.error == "" and table.game.actions == [lp.TakeDiscard()]
    select(table, "KC")
    send(table, "click_discard")  # in play: discard the selected card
    assert table.error == "" and table.game.actions[-1] == lp.Discard("KC")
    other = CardTable(table.game, 1)
    send(other, "click_stock")
    assert other.error == "" and other.game.actions[-1] == lp.DrawStock()


def test_a_click_on_a_meld_with_nothing_selected_says_what_to_do(table: CardTable) -> None:
    press(table, "take")
    go_down(table)
    key = table.game.state_key()
    send(table, "click_meld", meld=0, position=1)
    assert "Select one card" in table.error and table.game.state_key() == key


def test_the_hint_lights_up_its_button() -> None:
    match = play(seed=1, pace=0)
    table = match.table
    press(table, "hint")
    hint = table.controls["hint"]
    assert hint["button"] in ACTION_KINDS
    lit = [b["kind"] for b in table.controls["buttons"] if b["hinted"]]
    assert lit == [hint["button"]]


def test_play_seats_the_same_opponents_as_the_terminal() -> None:
    """``play(seed=7)`` and ``liverpool play --seed 7`` meet the same bots (the registry's)."""
    from liverpool.terminal import make_bots

    for level in ("random", "basic", "strong"):
        match = play(seed=7, level=level, pace=0)
        seats = [s for s in range(match.game.players) if s != 0]
        terminal = make_bots(level, seats, 7)
        assert match.bots[0] is None
        for seat in seats:
            mine, theirs = match.bots[seat], terminal[seat]
            assert type(mine) is type(theirs)
            assert getattr(mine, "seed", None) == getattr(theirs, "seed", None)
            assert getattr(mine, "seed", None) == lp.bots.seat_seed(7, seat)
