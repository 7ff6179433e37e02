"""The room protocol against a real server (a subprocess) and real WebSocket clients."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from roomkit import KEY, Client, Script, Server

from liverpool import Game
from liverpool.actions import action_from_dict
from liverpool_rooms.protocol import view_dict


def seated(
    server: Server, clients: list[Client], code: str, names: list[str], table: bool = False
) -> list[Client]:
    """One client per name, each joined (in order, so each takes the next free seat);
    ``table``: they ask for the card table's model too, as the room's page does."""
    players = []
    for name in names:
        c = server.client(code)
        clients.append(c)
        c.send(type="join", name=name, table=table)
        c.wait_type("welcome")
        players.append(c)
    return players


def hosted(server: Server, clients: list[Client], code: str, token: str) -> Client:
    host = server.client(code)
    clients.append(host)
    host.send(type="host", host_token=token)
    host.wait_type("welcome")
    return host


def ada_ben_and_host(
    server: Server, clients: list[Client], seats: list[str], **options: Any
) -> tuple[str, Client, Client, Client]:
    """A room of ``seats`` made with ``options``, Ada and Ben seated in its first free seats and
    the teacher connected as its host: (code, ada, ben, host)."""
    room = server.create_room(rules="house", seats=seats, **options)
    code = room["code"]
    ada, ben = seated(server, clients, code, ["Ada", "Ben"])
    return code, ada, ben, hosted(server, clients, code, room["host_token"])


def play_until(
    players: list[Script],
    others: list[Client],
    done: Any,
    timeout: float,
) -> None:
    """Pump every client and let the scripts answer, until ``done()`` or the time is up."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            last = [p.client.messages[-2:] for p in players]
            raise AssertionError(f"the room did not get there in {timeout} s: {last}")
        for p in players:
            p.client.pump(0.02)
            p.step()
        for c in others:
            c.pump(0.0)


# -- HTTP ---------------------------------------------------------------------------------------


def test_making_a_room_needs_the_teacher_key(server: Server) -> None:
    assert server.request("POST", "/api/rooms", {"rules": "house"})[0] == 401
    assert server.request("POST", "/api/rooms", {"rules": "house"}, token="wrong")[0] == 401
    status, data = server.request(
        "POST", "/api/rooms", {"rules": "house", "seats": ["human", "human", "bot:basic"]}, KEY
    )
    assert status == 201
    assert set(data) >= {"code", "host_token", "join_url"}
    assert data["join_url"].endswith(f"/r/{data['code']}")
    assert data["qr_svg"].startswith("<svg")
    status, problem = server.request("POST", "/api/rooms", {"rules": "nope"}, KEY)
    assert status == 400 and "presets" in problem["error"]
    status, problem = server.request("POST", "/api/rooms", {"seats": ["human"] * 12}, KEY)
    assert status == 400 and "players" in problem["error"]
    status, problem = server.request("POST", "/api/rooms", {"seats": ["bot:wizard"] * 3}, KEY)
    assert status == 400
    # a misspelt clock is refused, not ignored (the room would have had no clock)
    status, problem = server.request("POST", "/api/rooms", {"buy_second": 12}, KEY)
    assert status == 400 and problem["error"] == (
        "A room is made from rules, seats, buy_seconds, idle_turn_seconds, bot_seconds; "
        "not 'buy_second'."
    )
    # an empty body makes the documented default: house rules, two students, two basic bots
    status, made = server.request("POST", "/api/rooms", {}, KEY)
    assert status == 201
    status, lobby = server.request("GET", f"/api/rooms/{made['code']}")
    kinds = [(s["kind"], s.get("level")) for s in lobby["seats"]]
    assert lobby["rules"] == "house" and kinds == [
        ("human", None),
        ("human", None),
        ("bot", "basic"),
        ("bot", "basic"),
    ], lobby
    # JSON nested too deep, or a number too long to read, is refused too, not a server error
    for body in (b"[" * 5000 + b"]" * 5000, b'{"buy_seconds": ' + b"9" * 5000 + b"}"):
        status, problem = server.request("POST", "/api/rooms", body, KEY)
        assert status == 400 and "not JSON" in problem["error"]


def test_public_room_has_no_hand(server: Server, clients: list[Client]) -> None:
    assert server.request("GET", "/api/rooms/ZZZZZ")[0] == 404
    assert server.request("GET", "/api/rooms/not-a-code")[0] == 404
    room = server.create_room(rules="house", seats=["human", "bot:basic", "bot:basic"])
    status, lobby = server.request("GET", f"/api/rooms/{room['code']}")
    assert status == 200 and lobby["status"] == "lobby" and lobby["view"] is None
    (ada,) = seated(server, clients, room["code"], ["Ada"])
    host = hosted(server, clients, room["code"], room["host_token"])
    host.send(type="start")
    ada.wait_for(lambda c: c.state is not None, what="a state")
    status, public = server.request("GET", f"/api/rooms/{room['code']}")
    text = json.dumps(public)
    assert status == 200 and public["status"] == "playing"
    assert "hand" not in public["view"] and '"stock"' not in text
    assert public["view"]["hand_sizes"] == [10, 10, 10]
    assert "host_token" not in text and "token" not in text
    assert server.request("GET", f"/api/rooms/{room['code']}/record")[0] == 409


# -- a whole deal -------------------------------------------------------------------------------


def visible_codes(game: Game, seat: int) -> set[str]:
    """Every card ``seat`` may see now: its hand, the table, the discard pile, the discards
    each player picked up and still holds, and the hands of a finished deal (laid down for
    scoring)."""
    from liverpool.table_model import deal_summaries

    seen = {c.code for c in game.hand(seat)} | {c.code for c in game.discard_pile}
    seen |= {c.code for m in game.table for c in m.cards}
    seen |= {c.code for cards in game.view(seat).picked_up for c in cards}
    if game.deal_scores:
        last = deal_summaries(game)[-1]
        seen |= {c.code for h in last.hands for c in h.cards}
    return seen


def check_private(messages: dict[int, list[dict[str, Any]]], record: str) -> int:
    """Every state a seat received is exactly the engine's view of that seat at that step,
    its log is the seat's own wording, and its card table (when it asked for one) shows no
    other hand and holds no picture of a card the seat may not see. Returns how many
    messages were checked."""
    full = Game.from_json(record)
    game = Game.from_setup(full.setup)
    steps = sorted(
        ((m["seq"], seat, m) for seat, ms in messages.items() for m in ms if m["type"] == "state"),
        key=lambda step: step[:2],
    )
    checked = 0
    for seq, seat, message in steps:
        while len(game.actions) < seq:
            game.apply(full.actions[len(game.actions)])
        assert message["view"] == view_dict(game.view(seat), hand=True)
        assert message["log"] == [e.text_for(seat) for e in game.log[-len(message["log"]) :]]
        table = message.get("table")
        if table is not None:
            for other in table["view"]["seats"]:
                assert other["you"] or other["hand"] is None
            hand = [c["code"] for c in table["view"]["hand"]]
            assert sorted(hand) == sorted(c.code for c in game.hand(seat))
            seen = visible_codes(game, seat)
            for key in message.get("cards", {}):
                assert key.split("/")[0] in seen, (key, seq)
        text = json.dumps(message)
        assert '"stock":[' not in text.replace(" ", "")
        checked += 1
    return checked


def test_a_whole_deal_two_humans_two_bots(server: Server, clients: list[Client]) -> None:
    room = server.create_room(
        rules="house",
        seats=["human", "bot:basic", "human", "bot:basic"],
        bot_seconds=0.01,
        buy_seconds=5,
        idle_turn_seconds=30,
    )
    code = room["code"]
    ada, ben = seated(server, clients, code, ["Ada", "Ben"], table=True)
    assert ada.welcome is not None and ben.welcome is not None
    assert (ada.welcome["seat"], ben.welcome["seat"]) == (0, 2)
    host = hosted(server, clients, code, room["host_token"])
    watcher = server.client(code)
    clients.append(watcher)
    watcher.send(type="watch")
    watcher.wait_type("welcome")
    host.send(type="start")
    scripts = [Script(ada), Script(ben)]
    start = time.monotonic()

    def deal_over() -> bool:
        return any(c.state is not None and c.state["view"]["deal_scores"] for c in (ada, ben))

    play_until(scripts, [host, watcher], deal_over, timeout=90)
    elapsed = time.monotonic() - start
    phases = {m["view"]["phase"] for c in (ada, ben) for m in c.messages if m["type"] == "state"}
    assert "buy" in phases, "no buy window opened in the whole deal"
    human_buy_answers = [a for s in scripts for a in s.sent if a["type"] in ("Buy", "Pass")]
    assert human_buy_answers, "the humans never answered a buy window"
    # A move can cross a bot's on the wire: it is refused as too late, never as a mistake.
    for c in (ada, ben):
        assert all(e.startswith("Too late") for e in c.errors), c.errors
    # The watcher saw the same table without any hand.
    watched = [m for m in watcher.messages if m["type"] == "state"]
    assert watched and all("hand" not in m["view"] and m["legal"] == [] for m in watched)
    status, record = server.request("GET", f"/api/rooms/{code}/record", token=room["host_token"])
    assert status == 200
    text = json.dumps(record)
    replay = Game.from_json(text)
    assert ada.state is not None
    assert replay.deal_scores == ada.state["view"]["deal_scores"][:1] or replay.deal == 2
    checked = check_private({0: ada.messages, 2: ben.messages}, text)
    assert checked > 20
    print(f"deal of {len(replay.actions)} actions in {elapsed:.1f} s, {checked} states checked")


# -- refusals -----------------------------------------------------------------------------------


def test_out_of_turn_and_garbage_get_errors(server: Server, clients: list[Client]) -> None:
    room = server.create_room(
        rules="house", seats=["human", "human", "bot:basic"], bot_seconds=5, idle_turn_seconds=60
    )
    code = room["code"]
    ada, ben = seated(server, clients, code, ["Ada", "Ben"])
    ada.send(type="act", action={"type": "DrawStock"})
    assert "not started" in ada.wait_error()
    ben.send(type="start")
    assert "teacher" in ben.wait_error()
    host = hosted(server, clients, code, room["host_token"])
    host.send(type="start")
    for c in (ada, ben):
        c.wait_for(lambda c: c.state is not None, what="the first state")
    assert ada.state is not None and ben.state is not None
    # Dealer 0: seat 1 (Ben) plays first; Ada may not.
    assert ben.state["view"]["to_act"] == 1 and ada.state["legal"] == []
    ada.send(type="act", action={"type": "DrawStock"})
    assert "not your turn" in ada.wait_error()
    ada.send(type="act", action={"type": "Teleport"})
    assert "no move called" in ada.wait_error()
    ada.send(type="act", action={"type": "Discard", "card": "XX"})
    assert "could not be read" in ada.wait_error()
    # what is wrong with a move is said in a player's words, never in Python's
    ada.send(type="act", action={"type": "Discard"})
    assert ada.wait_error() == "That Discard move could not be read: it needs its card."
    ada.send(type="act", action={"type": "Fly"})
    assert ada.wait_error() == "There is no move called “Fly”."
    ada.send(type="act", action={"type": "LayOff", "card": "5H", "meld": "0"})
    assert "read: a meld's number is a whole number, like 0, not '0'" in ada.wait_error()
    ada.send(type="act", action={"type": "GoDown", "melds": 5})
    assert "read: say the melds as a list of melds" in ada.wait_error()
    ada.send(type="act", action="DrawStock")
    assert "action" in ada.wait_error()
    ben.send(type="act", action={"type": "Discard", "card": ben.state["view"]["hand"][0]})
    assert "draw" in ben.wait_error().lower()
    # The room went on: Ben can still play.
    seq = ben.state["seq"]
    ben.send(type="act", action={"type": "TakeDiscard"})
    ben.wait_for(lambda c: c.state is not None and c.state["seq"] > seq, what="Ben's draw")
    assert ben.state is not None and len(ben.state["view"]["hand"]) == 11


def test_a_forged_token_gets_no_seat(server: Server, clients: list[Client]) -> None:
    room = server.create_room(rules="house", seats=["human", "human", "bot:basic"])
    code = room["code"]
    (ada,) = seated(server, clients, code, ["Ada"])
    assert ada.welcome is not None
    token = ada.welcome["token"]
    mallory = server.client(code)
    clients.append(mallory)
    for forged in (token[:-1] + ("A" if token[-1] != "A" else "B"), "x" * len(token), "  "):
        mallory.send(type="resume", token=forged)
        assert "does not open" in mallory.wait_error() or "token" in mallory.errors[-1]
    mallory.send(type="host", host_token=token)
    assert "host token" in mallory.wait_error()
    mallory.send(type="start")
    assert "teacher" in mallory.wait_error()
    mallory.send(type="act", action={"type": "DrawStock"})
    assert "Join" in mallory.wait_error()
    assert mallory.welcome is None
    # The real token still works, on a second connection.
    again = server.client(code)
    clients.append(again)
    again.send(type="resume", token=token)
    assert again.wait_type("welcome")["seat"] == 0


def test_kick_in_the_lobby_frees_the_seat(server: Server, clients: list[Client]) -> None:
    room = server.create_room(rules="house", seats=["human", "human", "human"])
    code = room["code"]
    ada, ben = seated(server, clients, code, ["Ada", "Ben"])
    assert ben.welcome is not None
    ben_token = ben.welcome["token"]
    host = hosted(server, clients, code, room["host_token"])
    ada.send(type="kick", seat=1)
    assert "teacher" in ada.wait_error()
    host.send(type="kick", seat=1)
    kicked = ben.wait_type("kicked")
    assert "teacher" in kicked["message"]
    ben.wait_for(lambda c: c.closed, what="the kicked connection to close")
    host.wait_for(
        lambda c: c.lobby is not None and not c.lobby["seats"][1]["taken"], what="a free seat"
    )
    # The old token is dead; the seat is free for someone else.
    back = server.client(code)
    clients.append(back)
    back.send(type="resume", token=ben_token)
    assert "does not open" in back.wait_error()
    back.send(type="join", name="Cleo")
    welcome = back.wait_type("welcome")
    assert welcome["seat"] == 1 and welcome["name"] == "Cleo"
    host.send(type="kick", seat=2)
    assert "no player" in host.wait_error()
    # A name already at the table is refused.
    dup = server.client(code)
    clients.append(dup)
    dup.send(type="join", name=" ada ")
    assert dup.wait_error() == "Someone here is already called Ada: choose another name."
    # "You" is what each seat's log calls its own player: no student may take it.
    dup.send(type="join", name="you")
    assert dup.wait_error().startswith("Nobody here may be called you: ")
    # Empty seats become bots; a seat can be made a student's again; then the match starts.
    host.send(type="fill", level="strong")
    host.wait_for(
        lambda c: c.lobby is not None and c.lobby["seats"][2]["kind"] == "bot",
        what="seat 2 to become a bot",
    )
    assert host.lobby is not None and host.lobby["seats"][2]["level"] == "strong"
    host.send(type="set_seat", seat=2, kind="human")
    host.wait_for(lambda c: c.lobby is not None and c.lobby["seats"][2]["kind"] == "human")
    host.send(type="start")
    assert host.wait_error() == "A seat is still empty: wait for a player or fill it with a bot."
    host.send(type="set_seat", seat=2, kind="bot:wizard")
    assert "bot:basic" in host.wait_error()
    host.send(type="set_seat", seat=2, kind="bot:random")
    host.send(type="start")
    back.wait_for(lambda c: c.state is not None, what="the match to start")


def test_names_are_kept_as_text(server: Server, clients: list[Client]) -> None:
    room = server.create_room(rules="house", seats=["human", "bot:basic", "bot:basic"])
    code = room["code"]
    evil = server.client(code)
    clients.append(evil)
    evil.send(type="join", name="<img src=x onerror=alert(1)>\u0000\u202e")
    welcome = evil.wait_type("welcome")
    assert welcome["name"] == "<img src=x onerror=alert(1)>"
    _, public = server.request("GET", f"/api/rooms/{code}")
    assert public["seats"][0]["name"] == "<img src=x onerror=alert(1)>"
    long = server.client(code)
    clients.append(long)
    long.send(type="join", name="x" * 40)
    assert "too long" in long.wait_error()


# -- clocks -------------------------------------------------------------------------------------


def test_buy_window_and_idle_turn_with_short_timers(server: Server, clients: list[Client]) -> None:
    room = server.create_room(
        rules="house",
        seats=["bot:basic", "human", "human", "bot:basic"],
        bot_seconds=0.05,
        buy_seconds=1,
        idle_turn_seconds=3,
    )
    code = room["code"]
    ben, ada = seated(server, clients, code, ["Ben", "Ada"])  # seats 1 and 2
    host = hosted(server, clients, code, room["host_token"])
    host.send(type="start")
    ben.wait_for(lambda c: c.state is not None and c.state["legal"] != [], what="Ben's turn")
    # Ben (first to play) declines the upcard: the buy window opens for Ada first.
    ben.send(type="act", action={"type": "DrawStock"})
    ada.wait_for(
        lambda c: c.state is not None and c.state["view"]["phase"] == "buy",
        what="the buy window",
    )
    opened = time.monotonic()
    assert ada.state is not None
    assert {a["type"] for a in ada.state["legal"]} == {"Buy", "Pass"}
    deadline = ada.state["deadline"]
    assert deadline["kind"] == "buy" and 2 in deadline["seats"]
    assert 0.5 <= deadline["seconds"] <= 1.0
    # Ada stays silent: the server passes for her when the window closes.
    ada.wait_for(
        lambda c: c.state is not None and c.state["view"]["phase"] != "buy",
        timeout=6,
        what="the window to close",
    )
    closed = time.monotonic() - opened
    assert 0.6 <= closed <= 3.0, closed
    assert any("Ada did not buy" in line for line in ada.state["log"])
    # Ben drew and now sits idle: after 3 s the server discards for him.
    ben.wait_for(
        lambda c: c.state is not None and c.state["view"]["phase"] == "play", what="Ben's play"
    )
    assert ben.state is not None and ben.state["deadline"]["kind"] == "turn"
    idle_start = time.monotonic()
    ben.wait_for(
        lambda c: c.state is not None and c.state["view"]["turn_player"] != 1,
        timeout=10,
        what="Ben's idle turn to be played",
    )
    idle = time.monotonic() - idle_start
    assert 1.5 <= idle <= 6.0, idle
    assert ben.state is not None and len(ben.state["view"]["hand"]) == 10
    # Ada's own turn, untouched: drawn and discarded for her.
    ada.wait_for(
        lambda c: c.state is not None and c.state["view"]["turn_player"] == 3,
        timeout=12,
        what="Ada's idle turn to be played",
    )
    assert ada.state is not None and len(ada.state["view"]["hand"]) == 10
    assert not ben.errors and not ada.errors


# -- abuse --------------------------------------------------------------------------------------


def test_oversize_garbage_and_flooding(server: Server, clients: list[Client]) -> None:
    room = server.create_room(rules="house", seats=["human", "bot:basic", "bot:basic"])
    code = room["code"]
    (ada,) = seated(server, clients, code, ["Ada"])
    ada.send_raw("x" * 10_000)
    assert "too long" in ada.wait_error()
    ada.send_raw("{not json")
    assert "not JSON" in ada.wait_error()
    ada.send_raw("[1, 2, 3]")
    assert "object" in ada.wait_error()
    ada.send_raw(b"\x00\x01binary")
    assert "binary" in ada.wait_error()
    ada.send_raw(json.dumps({"type": "join", "name": 7}))
    assert "name" in ada.wait_error()
    ada.send_raw("[" * 3000 + "]" * 3000)
    assert ada.wait_error()
    ada.send(type="kick", seat="all")
    assert ada.wait_error()
    # A flood is refused with one sentence, and the connection keeps working afterwards.
    for _ in range(120):
        ada.send(type="sync")
    ada.wait_for(lambda c: any("too fast" in e for e in c.errors), timeout=10, what="a rate limit")
    assert sum("too fast" in e for e in ada.errors) <= 3
    time.sleep(2.5)
    ada.pump(0.2)
    ada.send(type="sync")
    ada.wait_type("lobby")
    assert not ada.closed
    # Anything larger than the server's frame limit closes that one connection only.
    big = server.client(code)
    clients.append(big)
    big.send_raw("y" * 200_000)
    big.wait_for(lambda c: c.closed, timeout=10, what="the oversized connection to close")
    status, public = server.request("GET", f"/api/rooms/{code}")
    assert status == 200 and public["seats"][0]["name"] == "Ada"


def test_websocket_checks_its_origin(server: Server) -> None:
    host = server.url.split("//", 1)[1].rstrip("/")
    room = server.create_room(rules="house", seats=["human", "bot:basic", "bot:basic"])
    url = f"{server.ws_base}ws/{room['code']}"
    with pytest.raises(Exception, match=r"403|rejected"):
        Client(url, origin="http://evil.example")
    ok = Client(url, origin=f"http://{host}")
    ok.send(type="watch")
    ok.wait_type("welcome")
    ok.close()


def test_actions_round_trip_as_records() -> None:
    # The protocol's action dicts are the saved record's: every legal action reads back.
    game = Game("house", 3, seed=4)
    from liverpool.actions import action_to_dict

    for action in game.legal_actions():
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action


def test_a_seat_freed_during_the_match_is_taken_over(server: Server, clients: list[Client]) -> None:
    code, ada, ben, host = ada_ben_and_host(
        server, clients, ["human", "human", "bot:basic"], bot_seconds=5, idle_turn_seconds=60
    )
    host.send(type="start")
    ben.wait_for(lambda c: c.state is not None, what="Ben's first state")
    assert ben.state is not None and ben.welcome is not None
    hand = ben.state["view"]["hand"]
    host.send(type="set_seat", seat=1, kind="human")
    assert host.wait_error() == "That seat is already Ben's: there is nothing to change."
    host.send(type="kick", seat=1)
    assert ben.wait_type("kicked")["message"] == "The teacher freed your seat."
    # Someone else takes the seat over: the seat keeps its name in the match, and its hand.
    cleo = server.client(code)
    clients.append(cleo)
    cleo.send(type="join", name="Cleo")
    welcome = cleo.wait_type("welcome")
    assert welcome["seat"] == 1 and welcome["name"] == "Ben"
    cleo.wait_for(lambda c: c.state is not None, what="the seat's state")
    assert cleo.state is not None and cleo.state["view"]["hand"] == hand
    old = server.client(code)
    clients.append(old)
    old.send(type="resume", token=ben.welcome["token"])
    assert "does not open" in old.wait_error()
    assert ada.errors == []


def test_a_latecomer_takes_over_a_bot_seat_the_teacher_hands_back(
    server: Server, clients: list[Client]
) -> None:
    # The bot at seat 1 plays first, after a 5-second pause: the teacher frees its seat then.
    code, ada, ben, host = ada_ben_and_host(
        server, clients, ["human", "bot:basic", "human"], bot_seconds=5
    )
    host.send(type="start")
    ada.wait_for(lambda c: c.state is not None, what="Ada's first state")
    host.send(type="set_seat", seat=1, kind="human")
    host.wait_for(
        lambda c: bool(c.lobby and c.lobby["seats"][1]["kind"] == "human"), what="the freed seat"
    )
    assert host.lobby is not None
    seat = host.lobby["seats"][1]
    assert (seat["name"], seat["taken"]) == ("Bot 2", False)
    cleo = server.client(code)
    clients.append(cleo)
    cleo.send(type="join", name="Cleo", seat=1)
    welcome = cleo.wait_type("welcome")
    assert (welcome["seat"], welcome["name"]) == (1, "Bot 2")
    cleo.wait_for(lambda c: bool(c.state and c.state["legal"]), what="the latecomer's turn")
    assert cleo.state is not None and cleo.state["seq"] == 0, "the bot must not have moved"
    cleo.send(type="act", action={"type": "DrawStock"})
    ada.wait_for(lambda c: bool(c.state and c.state["seq"] >= 1), what="the latecomer's move")
    status, data = server.request("GET", f"/api/rooms/{code}")
    assert status == 200 and data["seats"][1]["kind"] == "human"
    host.send(type="set_seat", seat=1, kind="human")
    assert host.wait_error() == "That seat is already Bot 2's: there is nothing to change."
    assert ada.errors == [] and ben.errors == [] and cleo.errors == []


def test_a_bot_takes_over_the_seat_of_a_student_who_left(
    server: Server, clients: list[Client]
) -> None:
    # House rules have no clocks: without this, the room would wait for Ben for ever.
    code, ada, ben, host = ada_ben_and_host(
        server, clients, ["human", "human", "bot:basic"], bot_seconds=0
    )
    host.send(type="fill", level="basic")
    assert host.wait_error() == "Every seat is taken: there is no free seat to fill."
    host.send(type="set_seat", seat=1, kind="human")
    assert host.wait_error() == "That seat is already Ben's: there is nothing to change."
    host.send(type="start")
    ben.wait_for(lambda c: bool(c.state and c.state["legal"]), what="Ben's turn")  # he is first
    assert ben.state is not None
    seq = ben.state["seq"]
    ben.close()  # Ben's phone dies on his turn: the host hands his seat to a bot
    host.send(type="set_seat", seat=1, kind="bot:strong")
    host.wait_for(
        lambda c: bool(c.lobby and c.lobby["seats"][1]["kind"] == "bot"), what="the bot seat"
    )
    assert host.lobby is not None
    seat = host.lobby["seats"][1]
    assert (seat["level"], seat["name"], seat["taken"]) == ("strong", "Ben", True)
    # the bot plays Ben's turn at once, and the next player (the room's own bot) follows
    ada.wait_for(lambda c: bool(c.state and c.state["seq"] >= seq + 2), what="the bot's turn")
    status, data = server.request("GET", f"/api/rooms/{code}")
    assert status == 200 and data["seats"][1]["kind"] == "bot"
    assert ada.errors == [] and len(host.errors) == 2  # the two refusals above, no more
    cleo = server.client(code)
    clients.append(cleo)
    cleo.send(type="join", name="Cleo", seat=1)
    assert cleo.wait_error() == "That seat is not free (a bot plays it): choose another one."


NOT_IDENTIFIED = "Join, come back to your seat, or watch: this screen did not say which."
STUDENT_JS = Path(__file__).resolve().parents[2] / "rooms/liverpool_rooms/static/student.js"


def test_a_screen_still_on_the_join_form_is_closed_and_its_seat_stays_free(
    tmp_path: Path,
) -> None:
    # The server closes a screen that has not said who it is within its minute (here 1 s), so
    # idle sockets cannot fill a room. The student's page knows that sentence, hides it while
    # its form is open and reconnects quietly, keeping the seat picked: that seat must still
    # be free after the close, and a seated player must never be closed so.
    page_knows = re.search(r"const NOT_IDENTIFIED = /(.+)/;", STUDENT_JS.read_text("utf-8"))
    assert page_knows is not None and re.search(page_knows.group(1), NOT_IDENTIFIED)
    server = Server(tmp_path / "rooms.sqlite3", identify_seconds=1)
    opened: list[Client] = []
    try:
        room = server.create_room(rules="house", seats=["human", "human", "bot:basic"])
        code = room["code"]
        ben = server.client(code)
        opened.append(ben)
        ben.send(type="join", name="Ben", seat=0)
        ben.wait_type("welcome")
        form = server.client(code)  # Ada's page, showing the join form
        opened.append(form)
        started = time.monotonic()
        assert form.wait_error(timeout=10) == NOT_IDENTIFIED
        form.wait_for(lambda c: c.closed, timeout=5, what="the silent screen to be closed")
        assert 0.8 <= time.monotonic() - started <= 8
        assert form.lobby is None and form.state is None  # it never counted as a player
        status, data = server.request("GET", f"/api/rooms/{code}")
        assert status == 200 and [s["taken"] for s in data["seats"]] == [True, False, True]
        again = server.client(code)  # the page, connected again: its Join goes through
        opened.append(again)
        again.send(type="join", name="Ada", seat=1)
        assert again.wait_type("welcome")["seat"] == 1
        until = time.monotonic() + 1.5  # Ben, seated for longer than the minute...
        while time.monotonic() < until and not ben.closed:
            ben.pump(until - time.monotonic())
        # ...is still connected and never told off
        assert not ben.closed and ben.errors == []
    finally:
        for c in opened:
            c.close()
        server.stop()


def test_a_silent_connection_is_closed(server: Server, clients: list[Client]) -> None:
    # (The server waits a minute for a connection to say who it is; here it only must not
    # count a silent socket as a player: it gets no lobby and no state.)
    room = server.create_room(rules="house", seats=["human", "bot:basic", "bot:basic"])
    silent = server.client(room["code"])
    clients.append(silent)
    assert silent.pump(0.3) == []
