"""Rooms from a notebook: ``host_room`` runs a server in this process, ``join`` sits at it.

No browser: the widgets are driven on their Python side, as ``table.js`` would drive them
(``handle_message`` with its intents; the traits it draws). Everything listens on 127.0.0.1,
every wait is bounded in time, and every server and connection a test opens is closed by it.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("anywidget")

import liverpool_rooms
from liverpool_rooms import notebook
from liverpool_rooms.notebook import HostedRoom, RoomError, host_room, join
from liverpool_widgets.room_table import RoomTable

WAIT = 15.0


def wait_until(check: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Poll ``check`` every 20 ms, at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def room_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("liverpool-")]


@pytest.fixture
def opened() -> Iterator[list[Any]]:
    """Tables and rooms a test opens: closed and stopped after it, and checked to be gone."""
    things: list[Any] = []
    notebook._TOKENS.clear()
    try:
        yield things
    finally:
        for thing in reversed(things):
            if isinstance(thing, HostedRoom):
                thing.stop()
            else:
                thing.close()
        notebook._TOKENS.clear()
    wait_until(lambda: not room_threads(), "every room thread to end", timeout=20)


def enabled(table: RoomTable) -> set[str]:
    return {b["kind"] for b in table.controls.get("buttons", []) if b["enabled"]}


def test_exported_and_drawn_with_the_card_tables_front_end() -> None:
    from liverpool_widgets.table import CardTable

    assert liverpool_rooms.join is join and liverpool_rooms.host_room is host_room
    assert str(RoomTable._esm) == str(CardTable._esm)  # the same table.js, not a copy
    assert str(RoomTable._css) == str(CardTable._css)
    assert getattr(RoomTable._esm, "_path") == getattr(CardTable._esm, "_path")  # noqa: B009


def test_host_two_joins_play_update_and_resume(opened: list[Any]) -> None:
    room = host_room(
        "house",
        ["human", "human", "bot:basic", "bot:basic"],
        buy_seconds=None,
        idle_turn_seconds=None,
        bot_seconds=0.05,
    )
    opened.append(room)
    assert room.running and room.url.startswith("http://127.0.0.1:")
    assert room.join_url == f"{room.url}r/{room.code}"
    assert "<svg" in room.qr_svg and room.code in room.header_html()
    ada = join(room.url, room.code, "Ada")
    opened.append(ada)
    bo = join(room.url, room.code, "<img src=x onerror=alert(1)>", seat=1)
    opened.append(bo)
    assert (ada.seat, bo.seat) == (0, 1) and ada.token and bo.token
    wait_until(lambda: "waiting for the teacher" in ada.status, "the lobby on Ada's table")
    wait_until(lambda: "waiting for the teacher" in bo.status, "the lobby on the second table")
    wait_until(
        lambda: room.lobby is not None and all(s["taken"] for s in room.lobby["seats"]),
        "both seats in the host's lobby",
    )
    assert "<img" not in room.header_html() and "&lt;img" in room.header_html()
    bundle = bo._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "&lt;img" in bo.panel.children[0].value and "<img" not in bo.panel.children[0].value

    room.start()
    tables = (ada, bo, room.projector)
    wait_until(lambda: all(t.view and t.seq >= 0 for t in tables), "every table's first state")
    assert ada.interactive and bo.interactive and not room.projector.interactive
    assert room.projector.scale == 1.6 and not room.projector.view["hand"]
    assert all(card["svg"].startswith("<svg") for card in ada.view["hand"])

    # whoever is to act plays a legal action by clicking, as table.js sends it
    wait_until(
        lambda: bool(ada.state and ada.state["legal"]) or bool(bo.state and bo.state["legal"]),
        "a human's turn",
    )
    player, other = (ada, bo) if ada.state and ada.state["legal"] else (bo, ada)
    assert player.state is not None
    assert {"type": "DrawStock"} in player.state["legal"] and "draw" in enabled(player)
    seq, view, log = other.seq, other.view, other.log
    # the other one clicks the stock out of turn: the server's sentence, in the message line
    other.handle_message({"kind": "click_stock", "version": other.view["version"]})
    wait_until(lambda: bool(other.error), "the refusal on the other table")
    assert "\n" not in other.error and other.seq == seq
    player.handle_message({"kind": "click_stock", "version": player.view["version"]})
    wait_until(lambda: other.seq > seq, "the other table to update")
    assert other.view != view and len(other.log) > len(log)
    assert other.error == ""  # the newer table took the old refusal away
    if other.state is not None and {"type": "Pass"} in other.state["legal"]:
        # house rules: the discard passed by is offered to buy first; the other one passes
        assert other.view["prompt"] is not None and "pass" in enabled(other)
        seq = player.seq
        other.handle_message({"kind": "press", "button": "pass", "version": other.view["version"]})
        wait_until(lambda: player.seq > seq, "the player's table to update")
    wait_until(lambda: room.projector.seq >= other.seq, "the projector to update")

    # a dropped connection comes back by itself with the seat's token, re-synced
    hand = [c["code"] for c in other.view["hand"]]
    assert other.link is not None
    link: Any = other.link  # the websocket link, with its test hooks (drop, reconnects)
    link.drop()
    wait_until(lambda: link.reconnects == 1 and link.connected, "the table to reconnect")
    wait_until(lambda: other.seq == player.seq, "the resumed table to be re-synced")
    assert sorted(c["code"] for c in other.view["hand"]) == sorted(hand)

    # a closed table comes back to the same seat: by its name in this kernel, or by token
    seat, token, name = other.seat, other.token, other.name
    other.close()
    again = join(room.url, room.code, name)
    opened.append(again)
    assert (again.seat, again.token) == (seat, token)
    wait_until(lambda: bool(again.view), "the resumed table's state")
    assert sorted(c["code"] for c in again.view["hand"]) == sorted(hand)
    again.close()
    by_token = join(room.url, room.code, token=token)
    opened.append(by_token)
    assert by_token.seat == seat
    wait_until(lambda: bool(by_token.view) and by_token.seq >= player.seq, "state by token")

    room.stop()
    assert not room.running and "stopped" in room.header_html()
    by_token.handle_message({"kind": "click_stock"})
    assert by_token.error  # the connection is down: the table says so, nothing raises


def one_line_error(call: Callable[[], object]) -> str:
    with pytest.raises(RoomError) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    text = str(caught.value)
    assert text and "\n" not in text
    error = caught.value
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)
    return text


def test_bad_input_is_refused_clearly(opened: list[Any]) -> None:
    room = host_room(seats=["human", "bot:basic", "bot:basic"], idle_turn_seconds=None)
    opened.append(room)
    assert "not a room server's address" in one_line_error(lambda: join("", room.code, "Ada"))
    assert "not a room server's address" in one_line_error(
        lambda: join("ftp://x", room.code, "Ada")
    )
    assert "is not a room code" in one_line_error(lambda: join(room.url, "12", "Ada"))
    missing = "ZZZZZ" if room.code != "ZZZZZ" else "YYYYY"
    assert f"There is no room {missing}" in one_line_error(
        lambda: join(room.url, missing.lower(), "Ada")
    )
    assert "seat is a seat number" in one_line_error(
        lambda: join(room.url, room.code, "Ada", seat=True)
    )
    assert "Give a name" in one_line_error(lambda: join(room.url, room.code, "  "))
    assert "There is no such seat: this room has 3 seats." in one_line_error(
        lambda: join(room.url, room.code, "Ada", seat=7)
    )
    ada = join(room.url, f" {room.code.lower()} ", "Ada")  # the code as typed, any case
    opened.append(ada)
    assert "Every seat is taken" in one_line_error(lambda: join(room.url, room.code, "Cy"))
    assert "does not open a seat" in one_line_error(
        lambda: join(room.url, room.code, token="forged-token")
    )
    assert "rules is one of the presets" in one_line_error(lambda: host_room("nope"))
    assert "seats is a list" in one_line_error(lambda: host_room(seats="human"))
    room.stop()
    assert "Cannot reach a room server" in one_line_error(lambda: join(room.url, room.code, "Bo"))


def test_a_second_host_room_in_the_same_kernel(opened: list[Any]) -> None:
    first = host_room(seats=3)
    opened.append(first)
    second = host_room(seats=3)
    opened.append(second)
    assert first.running and second.running and first.url != second.url
    first.stop()
    assert not first.running and second.running
    third = host_room(seats=["human", "bot:random", "bot:random"])
    opened.append(third)
    table = third.join("Ada")
    opened.append(table)
    third.start()
    wait_until(lambda: bool(table.view), "a state from the third room")
    assert repr(third).startswith("HostedRoom(") and "running" in repr(third)
    # The teacher hands a bot's seat back to the students, from the notebook as from the page.
    third.set_seat(2, "human")

    def seat_freed() -> bool:
        lobby = third.lobby
        return lobby is not None and lobby["seats"][2]["kind"] == "human"

    wait_until(seat_freed, "the bot's seat handed back")
    assert third.lobby is not None and third.lobby["seats"][2]["taken"] is False


def test_a_removed_player_is_told_and_not_reconnected(opened: list[Any]) -> None:
    room = host_room(seats=["human", "bot:basic", "bot:basic"])
    opened.append(room)
    ada = join(room.url, room.code, "Ada")
    opened.append(ada)
    link, old = ada.link, ada.token
    assert link is not None and old
    room.kick(0)
    wait_until(lambda: ada.seat is None and bool(ada.error), "Ada to hear she was removed")
    assert "teacher" in ada.error
    wait_until(lambda: not link.alive, "Ada's connection to stop")  # type: ignore[attr-defined]
    ada.handle_message({"kind": "click_stock"})
    assert ada.error == "This table has no seat in the room any more."
    again = join(room.url, room.code, "Ada")  # the old token is forgotten: a fresh join
    opened.append(again)
    assert again.seat == 0 and again.token not in (None, old)


@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_a_table_refused_for_its_scale_goes_away_quietly() -> None:
    """A bad ``scale`` is refused in words, and the half-made widget, when collected, closes
    without an error of its own (it once printed an ignored AttributeError)."""
    with pytest.raises(ValueError, match=r"scale must be from 0\.5 to 4, not 5"):
        RoomTable(scale=5)
    gc.collect()
