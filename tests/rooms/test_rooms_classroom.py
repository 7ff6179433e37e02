"""What a class meets around the table (the audit of the room server): a join link that only
this computer can open, screens that cannot lock the teacher out, a room opened by its code
from any computer, a code typed by a student, and the sentences people read."""

from __future__ import annotations

import http.client
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from roomkit import KEY, Client, FakeConn, Server

from liverpool import get_rules
from liverpool_rooms import pages
from liverpool_rooms.cli import banner, loopback_only
from liverpool_rooms.protocol import Bad, parse_message
from liverpool_rooms.room import (
    MAX_SCREENS,
    MAX_WAITING,
    MAX_WATCHERS,
    NOT_IDENTIFIED,
    Room,
    RoomConfig,
    Seat,
)
from liverpool_rooms.server import ROOM_EXAMPLE, room_request
from liverpool_rooms.store import Store, token_digest

PHONES = "liverpool serve --host 0.0.0.0"


def get(server: Server, path: str) -> tuple[int, dict[str, str], str]:
    """``GET path`` without following a redirect: the status, the headers, the body."""
    parts = urlsplit(server.url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=10)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read().decode()
    finally:
        conn.close()


# -- finding 1: a loopback server says its links work on this computer only ---------------------


def test_a_loopback_server_says_phones_cannot_open_its_join_link(server: Server) -> None:
    # The default `liverpool serve` listens on 127.0.0.1: the teacher's page says so beside
    # the join link and QR code, with the command that lets phones in.
    status, _, page = get(server, "/")
    assert status == 200
    note = re.search(r'data-testid="reach-note">(.*?)</p>', page, re.S)
    assert note and "Only this computer can open this link" in note.group(1)
    assert f"<code>{PHONES}</code>" in note.group(1)
    room = server.create_room(rules="house", seats=["human", "human", "bot:basic"])
    assert room["reachable"] is False
    # A server listening on the network shows no such note.
    assert "reach-note" not in pages.teacher_html(loopback_only=False)


def test_the_banner_says_how_phones_can_join() -> None:
    assert all(loopback_only(h) for h in ("127.0.0.1", "127.0.1.1", "::1", "localhost"))
    assert not any(loopback_only(h) for h in ("0.0.0.0", "::", "192.168.1.20", "example.org"))
    local = banner("127.0.0.1", 8765, "KEY", made=True, db="rooms.sqlite3")
    assert "only this computer can open these rooms" in local and PHONES in local
    assert PHONES not in banner("0.0.0.0", 8765, "KEY", made=True, db="rooms.sqlite3")


# -- finding 5: strangers' screens never lock out the teacher or a returning student ------------


def lobby_room(tmp_path: Path) -> tuple[Store, Room]:
    store = Store(tmp_path / "rooms.sqlite3")
    seats = [Seat(0, "human"), Seat(1, "human"), Seat(2, "bot", "basic")]
    config = RoomConfig(get_rules("house"), 0.0)
    store.create_room("CAPS2", config.to_dict(), token_digest("host"), [s.row() for s in seats])
    row = store.load("CAPS2")
    assert row is not None
    return store, Room(store, row, teacher_key="KEY")


def test_watchers_and_silent_screens_have_their_own_caps(tmp_path: Path) -> None:
    store, room = lobby_room(tmp_path)
    ada = FakeConn(table=False)
    room.attach(ada)
    room.join(ada, "Ada")
    token = str(ada.sent[0]["token"])
    watchers = [FakeConn(table=False) for _ in range(MAX_WATCHERS)]
    for w in watchers:
        room.attach(w)
        room.watch(w)
    one_more = FakeConn(table=False)
    room.attach(one_more)
    with pytest.raises(Bad, match=f"already shows {MAX_WATCHERS} projector screens"):
        room.watch(one_more)
    # Screens that never say who they are: the oldest is closed when more come.
    silent = [FakeConn(table=False) for _ in range(MAX_WAITING + 3)]
    for s in silent:
        room.attach(s)
    pushed_out = [one_more, *silent[:3]]
    assert all(s.closed and s.closed[0] == 1013 for s in pushed_out)
    assert all(s.sent[-1] == {"type": "error", "message": NOT_IDENTIFIED} for s in pushed_out)
    assert all(s.closed is None for s in [*silent[3:], *watchers, ada])
    # The teacher and Ada's second phone still get in, by their tokens.
    teacher, phone = FakeConn(table=False), FakeConn(table=False)
    for screen in (teacher, phone):
        room.attach(screen)
    room.host(teacher, "KEY")
    room.resume(phone, token)
    assert teacher.sent[0]["type"] == "welcome" and teacher.sent[0]["host"] is True
    assert phone.sent[0] == {
        "type": "welcome",
        "seat": 0,
        "token": token,
        "name": "Ada",
        "code": "CAPS2",
    }
    # One token cannot fill the room: a seat has at most MAX_SCREENS screens.
    for _ in range(MAX_SCREENS - 2):
        extra = FakeConn(table=False)
        room.attach(extra)
        room.resume(extra, token)
    last = FakeConn(table=False)
    room.attach(last)
    with pytest.raises(Bad, match=f"This seat is open on {MAX_SCREENS} screens already"):
        room.resume(last, token)
    store.close()


def test_a_room_full_of_projectors_still_lets_the_teacher_in(
    server: Server, clients: list[Client]
) -> None:
    # As the audit did it: many watchers and silent sockets first, then the teacher.
    room = server.create_room(rules="house", seats=["human", "human", "bot:basic"])
    code = room["code"]
    ada = server.client(code)
    clients.append(ada)
    ada.send(type="join", name="Ada")
    token = ada.wait_type("welcome")["token"]
    for _ in range(MAX_WATCHERS):
        w = server.client(code)
        clients.append(w)
        w.send(type="watch")
        w.wait_type("welcome")
    refused = server.client(code)
    clients.append(refused)
    refused.send(type="watch")
    assert "projector screens" in refused.wait_error()
    for _ in range(MAX_WAITING):
        clients.append(server.client(code))  # connected, silent
    host = server.client(code)
    clients.append(host)
    host.send(type="host", host_token=room["host_token"])
    assert host.wait_type("welcome")["host"] is True
    back = server.client(code)
    clients.append(back)
    back.send(type="resume", token=token)
    assert back.wait_type("welcome")["seat"] == 0


# -- finding 6: the teacher opens any room of the server, from any computer ---------------------


def test_the_teacher_lists_the_rooms_and_opens_one_by_its_code(
    server: Server, clients: list[Client]
) -> None:
    status, data = server.request("GET", "/api/rooms")
    assert status == 401 and "teacher key" in data["error"]
    assert server.request("GET", "/api/rooms", token="wrong")[0] == 401
    older = server.create_room(rules="house", seats=["human", "human", "bot:expert"])
    room = server.create_room(rules="house", seats=["human", "human", "bot:basic"])
    ada = server.client(room["code"])
    clients.append(ada)
    ada.send(type="join", name="Ada")
    ada.wait_type("welcome")
    status, data = server.request("GET", "/api/rooms", token=KEY)
    assert status == 200
    listed = {r["code"]: r for r in data["rooms"]}
    codes = [r["code"] for r in data["rooms"]]
    assert codes.index(room["code"]) < codes.index(older["code"])  # newest first
    mine = listed[room["code"]]
    assert mine["status"] == "lobby" and mine["rules"] == "house"
    assert mine["join_url"] == room["join_url"]
    assert [(s["name"], s["taken"]) for s in mine["seats"]] == [
        ("Ada", True),
        (None, False),
        ("Bot 3", True),
    ]
    assert "token" not in json.dumps(data) and "hash" not in json.dumps(data)
    # Another computer has only the code and the key: the room's page data gives the join
    # link, and the key runs the room as its host.
    status, public = server.request("GET", f"/api/rooms/{room['code'].lower()}")
    assert status == 200 and public["join_url"] == room["join_url"]
    host = server.client(room["code"])
    clients.append(host)
    host.send(type="host", host_token=KEY)
    assert host.wait_type("welcome")["host"] is True


# -- finding 7: a student types a room's code --------------------------------------------------


def test_a_student_types_the_room_code(server: Server) -> None:
    room = server.create_room(rules="house", seats=["human", "human", "bot:basic"])
    code = room["code"]
    for path in ("/", "/join", "/r/ZZZZZ"):  # the teacher's page, its own page, a wrong code
        page = get(server, path)[2]
        assert '<form action="/join" method="get"' in page and 'name="code"' in page, path
    typed = f"{code[:3].lower()} {code[3:].lower()}"  # as read aloud and typed on a phone
    status, headers, _ = get(server, f"/join?code={typed.replace(' ', '+')}")
    assert status == 303 and headers["location"] == f"/r/{code}"
    status, _, page = get(server, "/join?code=ZZZZZ")
    assert status == 404
    assert "There is no room ZZZZZ: check the code on your teacher&#x27;s screen." in page
    status, _, page = get(server, "/join?code=%3Cb%3E")
    assert status == 400 and "“&lt;b&gt;” is not a room code" in page


# -- finding 11: the sentences people read -----------------------------------------------------


def test_refusals_count_seats_from_one_and_give_examples_that_work(
    server: Server, clients: list[Client]
) -> None:
    # The example in the refusal of a body that is not an object makes a room as it is.
    with pytest.raises(Bad) as refused:
        room_request([], 1.0)
    assert ROOM_EXAMPLE in str(refused.value)
    room = server.create_room(**json.loads(ROOM_EXAMPLE))
    for clock, value in (("buy_seconds", 0.01), ("idle_turn_seconds", "soon")):
        status, data = server.request("POST", "/api/rooms", {clock: value}, token=KEY)
        assert status == 400
        assert data["error"] == f"{clock} is 0 or null for no clock, or 0.1 to 3600 seconds."
    with pytest.raises(Bad) as untyped:
        parse_message('{"x": 1}')
    assert str(untyped.value) == 'A message needs a "type", such as {"type": "sync"}.'
    code = room["code"]
    ada = server.client(code)
    clients.append(ada)
    ada.send(type="join", name="Ada", seat=7)
    assert ada.wait_error() == "There is no such seat: this room has 3 seats."
    host = server.client(code)
    clients.append(host)
    host.send(type="host", host_token=room["host_token"])
    host.wait_type("welcome")
    for message in ({"type": "kick", "seat": 3}, {"type": "set_seat", "seat": -1, "kind": "bot"}):
        host.send(**message)
        assert host.wait_error() == "There is no such seat: this room has 3 seats."
    host.send(type="fill", level="basic")
    host.send(type="start")
    host.wait_type("state")
    host.send(type="start")
    assert host.wait_error() == "The match has already started."
