"""The room's pieces in one process (no network): a room played by bots and the clock, the
deal-end summaries it keeps, and the store it rebuilds from."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from roomkit import FakeConn, stored_match

from liverpool import Game, get_rules
from liverpool.actions import DrawStock, GoDown, Pass, action_to_dict
from liverpool.table_model import deal_summaries
from liverpool_rooms import tables
from liverpool_rooms.protocol import Bad, clean_name, parse_message
from liverpool_rooms.room import Room, RoomConfig, Seat
from liverpool_rooms.server import Hub, ServerOptions, Unreadable, dispatch
from liverpool_rooms.store import StaleRoom, Store, token_digest


def make_room(tmp_path: Path, seats: list[Seat], **timers: float | None) -> tuple[Store, Room]:
    store = Store(tmp_path / "rooms.sqlite3")
    rules = get_rules("house").replace(**timers)
    config = RoomConfig(rules, 0.0)
    store.create_room("TEST2", config.to_dict(), token_digest("host"), [s.row() for s in seats])
    row = store.load("TEST2")
    assert row is not None
    room = Room(store, row, teacher_key="KEY", state_hook=tables.add_table)
    return store, room


def seat_ada_and_host(room: Room) -> tuple[FakeConn, FakeConn]:
    """Ada seated at ``room`` (its first free seat) and the teacher connected as its host."""
    ada, host = FakeConn(), FakeConn(host=True)
    room.attach(ada)
    room.join(ada, "Ada")
    room.attach(host)
    room.host(host, "host")
    return ada, host


def test_a_match_played_by_the_clock_keeps_exact_deal_summaries(tmp_path: Path) -> None:
    seats = [Seat(0, "human"), Seat(1, "bot", "basic"), Seat(2, "bot", "random")]
    store, room = make_room(tmp_path, seats, buy_timer_seconds=0.01, idle_turn_seconds=0.01)
    ada, host = FakeConn(), FakeConn(host=True)
    room.attach(ada)
    room.join(ada, "Ada")
    room.attach(host)
    room.host(host, "KEY")  # the teacher key works as a host token too
    checked = 0

    async def play() -> None:
        nonlocal checked
        room.start(host)
        seen_deals = 0
        for _ in range(20_000):
            if room.status == "over":
                break
            await asyncio.sleep(0.002)
            game = room.game
            assert game is not None
            if len(game.deal_scores) > seen_deals:
                seen_deals = len(game.deal_scores)
                kept = tables._SUMMARIES[room][2]
                assert kept == deal_summaries(game)[-1]
                checked += 1
        room.stop()

    # Ada never moves: the idle turn and the buy window's silence play every turn for her.
    asyncio.run(asyncio.wait_for(play(), timeout=120))
    assert room.status == "over" and checked == 7
    row = store.load("TEST2")
    assert row is not None and row.status == "over"
    assert {a.how for a in row.actions if a.seat == 0} == {"timer"}
    # Every state Ada was sent holds her own hand only.
    states = [m for m in ada.sent if m["type"] == "state"]
    assert states and all("hand" in m["view"] for m in states)
    replayed = Game.from_json(room.record())
    assert replayed.scores == room.game.scores  # type: ignore[union-attr]
    # the record says those moves were the clock's: a review of Ada grades none of them
    assert {k for k, s in enumerate(replayed.actors) if s == 0} <= set(replayed.automatic)
    # and Ada's log says the table played them, not that she chose them
    last = states[-1]["log"]
    assert "The table plays for Ada:" in last, last
    store.close()


def test_the_store_refuses_a_second_writer_of_the_same_step(tmp_path: Path) -> None:
    seats = [Seat(0, "human"), Seat(1, "bot", "basic"), Seat(2, "bot", "basic")]
    store, room = make_room(tmp_path, seats)
    _ada, host = seat_ada_and_host(room)

    async def one_step() -> None:
        room.start(host)
        room.stop()

    asyncio.run(one_step())
    store.append("TEST2", 1, 1, {"type": "DrawStock"}, "player", over=False)
    with pytest.raises(StaleRoom):
        store.append("TEST2", 1, 1, {"type": "DrawStock"}, "player", over=False)
    with pytest.raises(StaleRoom):
        store.claim_seat("TEST2", 0, "Eve", token_digest("x"))  # Ada holds it
    store.close()


def test_a_bot_handed_a_seat_mid_match_is_rebuilt_alike_after_a_restart(tmp_path: Path) -> None:
    seats = [Seat(0, "human"), Seat(1, "human"), Seat(2, "bot", "basic")]
    store, room = make_room(tmp_path, seats)
    with pytest.raises(StaleRoom):  # only in a match under way
        store.bot_takes_seat("TEST2", 1, "strong")
    ada, ben, host = FakeConn(), FakeConn(), FakeConn(host=True)
    for conn, name in ((ada, "Ada"), (ben, "Ben")):
        room.attach(conn)
        room.join(conn, name)
    room.attach(host)
    room.host(host, "host")

    async def hand_over() -> None:
        room.start(host)
        room.set_seat(host, 1, "bot:strong")
        room.stop()

    asyncio.run(hand_over())
    assert {"type": "kicked", "message": "The teacher freed your seat."} in ben.sent
    row = store.load("TEST2")
    assert row is not None
    assert [(s.kind, s.level, s.name, s.token_hash) for s in row.seats[1:2]] == [
        ("bot", "strong", "Ben", None)
    ]
    again = Room(store, row, teacher_key="KEY")  # a restarted server's copy
    assert type(again.bots[1]) is type(room.bots[1])
    assert getattr(again.bots[1], "seed") == getattr(room.bots[1], "seed")  # noqa: B009
    # Asked twice, the teacher is answered, not left to wonder.
    with pytest.raises(Bad) as refused:
        room.set_seat(host, 1, "bot:strong")
    assert str(refused.value) == "A strong bot already plays that seat: there is nothing to change."
    with pytest.raises(Bad) as refused:  # Ada holds hers: nothing to hand back
        room.set_seat(host, 0, "human")
    assert str(refused.value) == "That seat is already Ada's: there is nothing to change."
    # Once the match is over, no seat changes, and fill says so rather than "no free seat".
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:
        db.execute("UPDATE rooms SET status = 'over' WHERE code = 'TEST2'")
    row = store.load("TEST2")
    assert row is not None
    over, teacher = Room(store, row, teacher_key="KEY"), FakeConn(host=True)
    over.attach(teacher)
    over.host(teacher, "host")
    with pytest.raises(Bad) as refused:
        over.fill(teacher, "basic")
    assert str(refused.value) == "The match is over: seats no longer change."
    with pytest.raises(Bad) as refused:
        over.set_seat(teacher, 0, "bot")
    assert str(refused.value) == "The match is over: seats no longer change."
    store.close()


def test_a_bot_seat_handed_back_mid_match_waits_for_a_latecomer(tmp_path: Path) -> None:
    seats = [Seat(0, "human"), Seat(1, "bot", "basic"), Seat(2, "bot", "basic")]
    store, room = make_room(tmp_path, seats)
    with pytest.raises(StaleRoom):  # only in a match under way
        store.free_bot_seat("TEST2", 1)
    _ada, host = seat_ada_and_host(room)
    cleo = FakeConn()
    before: list[int] = []

    async def hand_back() -> None:
        room.start(host)
        game = room.game
        assert game is not None
        assert game.to_act == 1, "the seat after the dealer starts: the bot's turn"
        room.set_seat(host, 1, "human")  # before the bot's (instant) move runs
        await asyncio.sleep(0.05)  # its move, had it still been scheduled, would have run
        before.append(room.seq)
        room.stop()

    asyncio.run(hand_back())
    assert before == [0], "the freed seat's bot must not move"
    assert 1 not in room.bots and room.seats[1].free
    assert room.lobby()["seats"][1] == {
        "seat": 1, "kind": "human", "level": None, "name": "Bot 2", "taken": False,
        "connected": False,
    }  # fmt: skip
    row = store.load("TEST2")
    assert row is not None
    assert [(s.kind, s.level, s.token_hash) for s in row.seats[1:2]] == [("human", None, None)]
    again = Room(store, row, teacher_key="KEY")  # a restarted server's copy
    assert 1 not in again.bots and again.seats[1].free
    # Asked twice, the teacher is answered.
    with pytest.raises(Bad) as refused:
        room.set_seat(host, 1, "human")
    assert str(refused.value) == (
        "That seat is already free for a student: there is nothing to change."
    )
    # A latecomer takes it over under the seat's name, with its hand, and plays it.
    hand = room.view_of(1).hand
    room.attach(cleo)
    room.join(cleo, "Cleo")
    welcome = next(m for m in cleo.sent if m["type"] == "welcome")
    assert (welcome["seat"], welcome["name"]) == (1, "Bot 2")
    state = next(m for m in cleo.sent if m["type"] == "state")
    assert state["view"]["hand"] == [c.code for c in hand]
    assert state["legal"], "the match waits for the latecomer's move"

    async def latecomer_moves() -> None:
        room.act(cleo, action_to_dict(DrawStock()))
        room.stop()

    asyncio.run(latecomer_moves())
    row = store.load("TEST2")
    assert row is not None
    assert [(a.seat, a.action, a.how) for a in row.actions] == [
        (1, {"type": "DrawStock"}, "player")
    ]
    store.close()


def test_a_bot_still_thinking_when_its_seat_is_handed_back_does_not_move(
    tmp_path: Path,
) -> None:
    seats = [Seat(0, "human"), Seat(1, "bot", "basic"), Seat(2, "bot", "basic")]
    store, room = make_room(tmp_path, seats)
    _ada, host = seat_ada_and_host(room)
    thinking, answer = threading.Event(), threading.Event()

    class Slow:
        """A bot that thinks (in the room's worker thread) until it is let go."""

        def act(self, view: Any, legal: list[Any]) -> Any:
            thinking.set()
            answer.wait(5)
            return legal[0]

    async def hand_back_while_it_thinks() -> None:
        room.start(host)
        room.bots[1] = Slow()  # type: ignore[assignment]
        for _ in range(500):
            if thinking.is_set():
                break
            await asyncio.sleep(0.01)
        assert thinking.is_set(), "the bot never started thinking"
        room.set_seat(host, 1, "human")
        answer.set()
        await asyncio.sleep(0.2)  # time enough for its move to land, were it not dropped
        room.stop()

    with ThreadPoolExecutor(1) as pool:
        room.executor = pool
        asyncio.run(hand_back_while_it_thinks())
    assert room.seq == 0 and room.seats[1].free
    store.close()


DAMAGES = pytest.mark.parametrize(
    ("damage", "why"),
    [
        # a move edited by hand that is not even JSON (it was read before the guard)
        ("UPDATE actions SET action = 'not json' WHERE code = ?", "is not readable JSON"),
        ("UPDATE rooms SET config = '{}' WHERE code = ?", "a saved row lacks 'rules'"),
        ("UPDATE actions SET seat = 7 WHERE code = ?", "There is no seat 7 at this table"),
        ('UPDATE actions SET action = \'{"type": "GoOut"}\' WHERE code = ?', "Going out"),
    ],
    ids=["not JSON", "no rules", "no such seat", "a move no longer legal"],
)
"""A stored room's rows damaged four ways, and the words that name each damage."""


def two_matches(tmp_path: Path) -> tuple[Store, Hub]:
    """A store holding two matches under way, BROKN and FINE2, and a hub on it."""
    store = Store(tmp_path / "rooms.sqlite3", checkpoint_seconds=0)
    for code in ("BROKN", "FINE2"):
        stored_match(store, code)
    return store, Hub(store, ServerOptions(db=store.path, teacher_key="KEY", table_models=False))


def assert_refused_in_words(text: str, why: str) -> None:
    """``text`` refuses room BROKN in the teacher's words, naming the damage by ``why``."""
    assert text.startswith("Room BROKN cannot be opened: its saved game no longer replays (")
    assert why in text and text.endswith("The other rooms are not affected.")


@DAMAGES
def test_a_damaged_room_is_refused_alone_and_the_others_resume(
    tmp_path: Path, damage: str, why: str
) -> None:
    store, hub = two_matches(tmp_path)
    with sqlite3.connect(store.path) as db:
        db.execute(damage, ("BROKN",))

    async def restart() -> int:
        try:
            return hub.resume_all()
        finally:
            hub.close()

    assert asyncio.run(restart()) == 1  # the server starts, with the room that replays
    fine = hub.get("FINE2")
    assert fine is not None and fine.seq == 1
    for _ in range(2):  # asked again (a reload of the page): the same answer, in words
        with pytest.raises(Unreadable) as refused:
            hub.get("BROKN")
        assert_refused_in_words(str(refused.value), why)
    store.close()


@DAMAGES
def test_a_room_damaged_while_it_is_played_is_refused_at_its_reload(
    tmp_path: Path, damage: str, why: str
) -> None:
    # Another writer stores the room's next move, and the room's rows are damaged: the room's
    # own move then fails to store, and its reload finds rows that no longer rebuild.
    store, hub = two_matches(tmp_path)
    ada, teacher = FakeConn(), FakeConn(host=True)

    async def play() -> None:
        try:
            room = hub.get("BROKN")
            assert room is not None and room.game is not None
            room.attach(ada)
            room.resume(ada, "BROKN")  # stored_match's token for Ada is the room's code
            room.attach(teacher)
            room.host(teacher, "host")
            game, seats, seat = room.game, room.seats, room.game.to_act
            assert seat is not None
            move = room.game.legal_actions()[0]
            with sqlite3.connect(store.path) as db:
                db.execute(
                    "INSERT INTO actions (code, n, seat, action, how, at) "
                    "VALUES ('BROKN', 2, ?, ?, 'bot', 0)",
                    (seat, json.dumps(action_to_dict(move))),
                )
                db.execute(damage, ("BROKN",))
            db.close()
            with pytest.raises(Bad):  # the mover's own sentence, not the damaged row's error
                room.apply(seat, move, "bot")
            for conn in (ada, teacher):  # every screen told in the start-up's words, closed
                text = conn.sent[-1]["message"]
                assert conn.sent[-1]["type"] == "error" and conn.closed is not None
                assert conn.closed[0] == 4404 and text == room.unreadable
                assert_refused_in_words(text, why)
            # the cached copy is the one it was, whole, and plays no more
            assert room.game is game and room.seats is seats and room._task is None
            with pytest.raises(Bad) as refused:
                dispatch(room, ada, {"type": "sync"})  # type: ignore[arg-type]
            assert str(refused.value) == text
            for _ in range(2):  # asked for again: refused as a room found so at start-up
                with pytest.raises(Unreadable) as again:
                    hub.get("BROKN")
                assert str(again.value) == text
            # the other room plays on
            fine = hub.get("FINE2")
            assert fine is not None and fine.game is not None and fine.seq == 1
            mover = fine.game.to_act
            assert mover is not None
            fine.apply(mover, fine.game.legal_actions()[0], "bot")
            assert fine.seq == 2 and store.action_count("FINE2") == 2
        finally:
            hub.close()

    asyncio.run(play())
    store.close()


def test_messages_are_read_strictly() -> None:
    assert parse_message('{"type": "watch"}') == {"type": "watch"}
    move = '{"type": "act", "action": {"type": "DrawStock"}'
    assert parse_message(move + ', "seq": 7}')["seq"] == 7
    assert "seq" not in parse_message(move + "}")
    with pytest.raises(Bad, match='"seq" is the whole number of the state it answers'):
        parse_message(move + ', "seq": "7"}')
    for bad in (
        None,
        b"bytes",
        "x" * 5000,
        "nope",
        "[]",
        '{"type": 3}',
        '{"type": "fly"}',
        '{"type": "join"}',
        '{"type": "join", "name": "A", "seat": true}',
        '{"type": "resume", "token": ""}',
        '{"type": "act", "action": []}',
        '{"type": "act", "action": {"type": "DrawStock"}, "seq": "x"}',
        '{"type": "act", "action": {"type": "DrawStock"}, "seq": 1.5}',
        '{"type": "kick", "seat": "2"}',
        '{"type": "reveal", "on": 1}',
        '{"type": "table", "intent": 5}',
        "[" * 5000,
    ):
        with pytest.raises(Bad):
            parse_message(bad)
    assert clean_name("  Ada \t Lovelace\u200b ") == "Ada Lovelace"
    with pytest.raises(Bad):
        clean_name("\u0000\u0001")


def test_refusals_out_of_turn_are_the_engines_own() -> None:
    from liverpool.bots import make
    from liverpool.table_model import build_table

    game = Game("online", 4, seed=11)
    bots = [make("basic", s) for s in range(4)]
    compared = 0
    for _ in range(150):
        if game.is_over:
            break
        for seat in range(game.players):
            if seat == game.to_act:
                continue
            view = game.view(seat)
            asked = build_table(view, game, refusals={}).controls
            quick = build_table(view, game, refusals=tables.NotYourTurn(game, seat)).controls
            assert quick == asked
            compared += 1
        actor = game.to_act
        assert actor is not None
        game.apply(bots[actor].act(game.view(actor), game.legal_actions()))
    assert compared > 300


def test_out_of_turn_refusals_are_shared_by_the_seats_waiting() -> None:
    from liverpool.bots import make
    from liverpool.table_model import build_table

    game = Game("online", 4, seed=5)
    bots = [make("basic", s) for s in range(4)]
    compared = 0
    while True:
        actor = game.to_act
        waiting = [s for s in range(game.players) if s != actor]
        general = tables.NotYourTurn(game, waiting[0]).general
        for seat in waiting:
            asked = build_table(game.view(seat), game, refusals={}).controls
            shared = tables.NotYourTurn(game, seat, general)
            assert build_table(game.view(seat), game, refusals=shared).controls == asked
            compared += 1
        if game.is_over or compared > 600:
            break
        assert actor is not None
        game.apply(bots[actor].act(game.view(actor), game.legal_actions()))
    assert compared > 300


def test_a_shared_part_is_encoded_once_and_the_same() -> None:
    from liverpool_rooms.protocol import Encoded, encode

    part = Encoded({"view": {"seats": [1, "é", None]}, "log": ["<b>"]})
    message = {"type": "state", "seq": 3, "table": part, "cards": {"AS/hand/": "<svg/>"}}
    plain = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    assert encode(message) == plain
    assert encode(dict(message, type="other")) == plain.replace('"state"', '"other"')
    assert encode({"a": [1.5, True]}) == '{"a":[1.5,true]}'


def test_a_seat_table_is_made_again_only_when_its_inputs_change(tmp_path: Path) -> None:
    seats = [Seat(0, "human"), Seat(1, "human"), Seat(2, "bot", "basic")]
    store, room = make_room(tmp_path, seats)
    ada, ben, host = FakeConn(), FakeConn(), FakeConn(host=True)
    for conn in (ada, ben, host):
        room.attach(conn)
    room.join(ada, "Ada")
    room.join(ben, "Ben")
    room.host(host, "KEY")

    def fresh(conn: FakeConn) -> dict[str, Any]:
        """The table a new screen of the same seat, with the same selection, is sent."""
        other = FakeConn()
        other.seat = conn.seat
        session = tables.session_of(other)
        session.sync(room, conn.seat or 0)
        session.selected = list(conn.table.selected)
        session.sort_mode = conn.table.sort_mode
        return tables.seat_table(room, other)[0]

    async def play() -> None:
        room.start(host)
        first, _ = tables.seat_table(room, ada)
        again, none = tables.seat_table(room, ada)
        assert again is first and none == {}
        assert first == fresh(ada)
        ada.table.selected = [0]
        picked, _ = tables.seat_table(room, ada)
        assert picked is not first and picked["controls"]["selected"] == [0]
        assert picked == fresh(ada)
        ada.table.sort_mode = "suit"
        sorted_, _ = tables.seat_table(room, ada)
        assert sorted_ is not picked and sorted_ == fresh(ada)
        game = room.game
        assert game is not None
        actor = game.to_act
        assert actor is not None
        room.apply(actor, game.idle_action(), "timer")
        stepped, _ = tables.seat_table(room, ada)
        assert stepped is not sorted_ and stepped["view"]["version"] == room.seq
        assert stepped == fresh(ada)
        room.stop()

    asyncio.run(play())
    store.close()


def test_lobby_refusals_name_no_number_the_pages_do_not_show(tmp_path: Path) -> None:
    """The pages show seats by name (and a student's as "seat 1" for the first); a refusal
    says "that seat", never the wire's number counted from 0."""
    seats = [Seat(0, "human"), Seat(1, "human"), Seat(2, "human"), Seat(3, "bot", "basic")]
    store, room = make_room(tmp_path, seats)
    ada, cleo, host = FakeConn(), FakeConn(), FakeConn(host=True)
    room.attach(ada)
    room.join(ada, "Ada")
    room.attach(host)
    room.host(host, "host")
    acts: list[Callable[[], object]] = [
        lambda: room.join(ada, "Ada again"),
        lambda: room.start(host),
        lambda: room.kick(host, 2),
        lambda: room.join(cleo, "Cleo", 0),
    ]
    refusals = []
    for act in acts:
        with pytest.raises(Bad) as refused:
            act()
        refusals.append(str(refused.value))
    assert refusals == [
        "You already have a seat in this room.",
        "2 seats are still empty: wait for players or fill them with bots.",
        "That seat has no player to remove.",
        "That seat is not free (a student has it): choose another one.",
    ]
    assert room.seat_names()[3] == "Bot 4"  # the fourth seat, as the pages count
    store.close()


class _StackedRoom:
    """What a seat's table asks of its room, around a stacked game: a student (seat 0) who
    has drawn and holds two sets."""

    def __init__(self) -> None:
        self.game = Game.from_deal(
            "house",
            [
                "7H 7C 7S 9H 9C 9D 2S 4D 6C JH",
                "3C 3D 5H 5S 8C 10D QH QS KH AC",
                "2D 4H 6S 8D 10S JC QD KD AD 3H",
            ],
            stock="KS 4S 5D",
            upcard="8H",
            dealer=2,
            seed=3,
        )
        self.game.apply(DrawStock())
        self.game.apply(Pass(), player=1)  # the others decline the upcard
        self.game.apply(Pass(), player=2)
        self.seq = len(self.game.actions)
        self.window = None
        self.executor = None

    def view_of(self, seat: int) -> Any:
        return self.game.view(seat)

    def legal_for(self, seat: int) -> list[Any]:
        return self.game.legal_actions() if self.game.to_act == seat else []


def test_a_student_is_asked_before_going_down_as_at_play() -> None:
    room: Any = _StackedRoom()
    session = tables.TableSession()

    def click(**intent: Any) -> Any:
        return session.handle(room, 0, {"version": room.seq, **intent})

    def confirm() -> Any:
        return session.build(room, 0).controls.confirm

    assert room.game.phase.value == "play" and room.game.to_act == 0
    # Go down with nothing built: the table arranges the melds and asks first
    assert click(kind="press", button="go_down") is None
    asked = confirm()
    assert asked is not None and sorted(asked.describe) == ["set of nines", "set of sevens"]
    # "Not yet" takes the question away; so does any other click
    assert click(kind="cancel") is None and confirm() is None
    click(kind="press", button="go_down")
    assert click(kind="sort", mode="rank") is None and confirm() is None
    # asked again and answered yes: the move is the arranged melds, for the room to play
    click(kind="press", button="go_down")
    move = click(kind="press", button="go_down", confirm=True)
    assert isinstance(move, GoDown) and len(move.melds) == 2
    assert {c.rank for m in move.melds for c in m} == {7, 9}
