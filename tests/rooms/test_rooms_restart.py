"""A server killed with ``kill -9`` mid-deal and restarted on the same database resumes every
room exactly: no action lost, every hand as it was, every seat back with its token."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

from roomkit import Client, Script, Server, stored_match

from liverpool import Game
from liverpool_rooms.store import Store


def resume(server: Server, code: str, token: str) -> Client:
    c = server.client(code)
    c.send(type="resume", token=token)
    c.wait_type("welcome")
    c.wait_for(lambda c: c.state is not None, what="the state after resuming")
    return c


def record(server: Server, code: str, host_token: str) -> Game:
    status, data = server.request("GET", f"/api/rooms/{code}/record", token=host_token)
    assert status == 200, data
    return Game.from_json(json.dumps(data))


def hand_at(game: Game, steps: int, seat: int) -> list[str]:
    return [c.code for c in game.replay_to(steps).hand(seat)]


def pump_all(clients: list[Client], scripts: list[Script], seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for c in clients:
            c.pump(0.01)
        for s in scripts:
            s.step()


def test_kill_9_mid_deal_then_resume(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    opened: list[Client] = []
    servers: list[Server] = []
    try:
        first = Server(db)
        servers.append(first)
        room = first.create_room(
            rules="house",
            seats=["human", "bot:basic", "human", "bot:basic"],
            bot_seconds=0.0,
            buy_seconds=30,
            idle_turn_seconds=60,
        )
        code, host_token = room["code"], room["host_token"]
        # A second room, still in its lobby, must come back too.
        lobby_room = first.create_room(rules="online", seats=["human", "human"])
        waiting = first.client(lobby_room["code"])
        opened.append(waiting)
        waiting.send(type="join", name="Dev")
        dev_token = waiting.wait_type("welcome")["token"]

        ada, ben = first.client(code), first.client(code)
        opened += [ada, ben]
        for c, name in ((ada, "Ada"), (ben, "Ben")):
            c.send(type="join", name=name)
            c.wait_type("welcome")
        tokens = {0: ada.welcome["token"], 2: ben.welcome["token"]}  # type: ignore[index]
        host = first.client(code)
        opened.append(host)
        host.send(type="host", host_token=host_token)
        host.wait_type("welcome")
        host.send(type="start")
        scripts = [Script(ada, until=20), Script(ben, until=20)]

        # 1. Play 20 actions; then the humans hold their moves, so the room settles where a
        #    human must decide and every client has the same last state.
        deadline = time.monotonic() + 40
        last: tuple[int, ...]
        quiet_since, last = time.monotonic(), (-1, -1)
        now: tuple[int, ...]
        while True:
            assert time.monotonic() < deadline, "the room did not settle after 20 actions"
            pump_all([ada, ben, host], scripts, 0.05)
            now = tuple(c.state["seq"] if c.state else -1 for c in (ada, ben))
            if now != last:
                quiet_since, last = time.monotonic(), now
            settled_now = now[0] == now[1] >= 20 and time.monotonic() - quiet_since > 0.3
            if settled_now and any(c.state and c.state["legal"] for c in (ada, ben)):
                break
        settled = {0: ada.state, 2: ben.state}
        seen_seq = last[0]
        mover = next(c for c in (ada, ben) if c.state and c.state["legal"])
        assert mover.state is not None
        # 2. That human moves and the server is killed at once: the move is stored or not,
        #    never half, and nobody is told of a move that was not stored.
        mover.send(type="act", action=mover.state["legal"][0], seq=seen_seq)
        first.kill()
        for c in opened:
            c.close()
        opened.clear()

        second = Server(db)
        servers.append(second)
        ada2, ben2 = resume(second, code, tokens[0]), resume(second, code, tokens[2])
        opened += [ada2, ben2]
        game = record(second, code, host_token)
        after = len(game.actions)
        assert after >= seen_seq, "an action everyone saw was lost"
        # Every hand the players saw at the settled step is exactly the hand replayed there.
        for seat, state in settled.items():
            assert state is not None
            assert hand_at(game, seen_seq, seat) == state["view"]["hand"]
        # The resumed seats get the room's current truth.
        for seat, c in ((0, ada2), (2, ben2)):
            assert c.state is not None
            replayed = game.replay_to(c.state["seq"])
            assert c.state["view"]["hand"] == [x.code for x in replayed.hand(seat)]
        print(f"killed at step {seen_seq}: {after - seen_seq} move(s) in flight were stored")

        # The lobby room came back with its player.
        dev = second.client(lobby_room["code"])
        opened.append(dev)
        dev.send(type="resume", token=dev_token)
        assert dev.wait_type("welcome")["seat"] == 0

        # 3. Play on (the bots resume by themselves), then kill -9 at a random moment while
        #    bots and humans race; again nothing anyone saw is lost.
        scripts = [Script(ada2), Script(ben2)]
        pump_all([ada2, ben2], scripts, random.uniform(0.5, 1.5))
        seen: dict[int, dict[str, Any]] = {
            0: ada2.state,  # type: ignore[dict-item]
            2: ben2.state,  # type: ignore[dict-item]
        }
        second.kill()
        for c in opened:
            c.close()
        opened.clear()

        third = Server(db)
        servers.append(third)
        game = record(third, code, host_token)
        for seat, state in seen.items():
            assert len(game.actions) >= state["seq"], "an action someone saw was lost"
            assert hand_at(game, state["seq"], seat) == state["view"]["hand"]
        ada3, ben3 = resume(third, code, tokens[0]), resume(third, code, tokens[2])
        opened += [ada3, ben3]
        for seat, c in ((0, ada3), (2, ben3)):
            assert c.state is not None and c.state["seq"] >= seen[seat]["seq"]
        # The game still plays after two crashes.
        before = max(c.state["seq"] for c in (ada3, ben3) if c.state)
        scripts = [Script(ada3), Script(ben3)]
        end = time.monotonic() + 20
        while time.monotonic() < end:
            pump_all([ada3, ben3], scripts, 0.1)
            if any(c.state and c.state["seq"] > before + 5 for c in (ada3, ben3)):
                break
        assert any(c.state and c.state["seq"] > before + 5 for c in (ada3, ben3))
        print(f"after the second kill: {len(game.actions)} actions replayed, play went on")
    finally:
        for c in opened:
            c.close()
        for s in servers:
            s.kill()


def test_a_room_that_no_longer_replays_is_refused_and_the_others_start(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    broken, fine = "BRKN2", "FYNE3"  # two matches under way, as a stopped server left them
    store = Store(db, checkpoint_seconds=0)
    for code in (broken, fine):
        stored_match(store, code)
    store.close()
    with sqlite3.connect(db) as rows:  # the broken room's first move, made impossible
        rows.execute(
            "UPDATE actions SET action = ? WHERE code = ? AND n = 1",
            (json.dumps({"type": "GoOut"}), broken),
        )
    server = Server(db)  # starts, and says which room it could not open
    socket: Client | None = None
    try:
        status, data = server.request("GET", f"/api/rooms/{broken}")
        assert status == 409 and f"Room {broken} cannot be opened" in data["error"]
        assert "The other rooms are not affected" in data["error"]
        status, data = server.request("GET", f"/api/rooms/{fine}")
        assert status == 200 and data["status"] == "playing"
        page_status, page = server.request("GET", f"/r/{broken}")
        assert page_status == 409 and "This room cannot be opened" in page
        socket = server.client(broken)
        assert "cannot be opened" in socket.wait_error()
    finally:
        if socket is not None:
            socket.close()
        server.stop()
    assert f"Room {broken} cannot be opened" in (tmp_path / "rooms.log").read_text()


def play_on(client: Client, script: Script, steps: int) -> None:
    """Pump ``client`` and let ``script`` answer until the room has ``steps`` more actions."""
    assert client.state is not None
    until, deadline = client.state["seq"] + steps, time.monotonic() + 20
    while not (client.state["seq"] >= until):
        assert time.monotonic() < deadline, f"the room did not play on: {client.messages[-2:]}"
        pump_all([client], [script], 0.05)


def test_a_room_damaged_while_it_is_played_is_refused_and_the_others_play(
    tmp_path: Path,
) -> None:
    db = tmp_path / "rooms.sqlite3"
    server = Server(db)
    opened: list[Client] = []
    try:
        # Another room is being played meanwhile: Cleo and two quick bots.
        fine = server.create_room(
            rules="house", seats=["human", "bot:basic", "bot:basic"], bot_seconds=0.05
        )
        cleo, fine_host = server.client(fine["code"]), server.client(fine["code"])
        opened += [cleo, fine_host]
        cleo.send(type="join", name="Cleo")
        cleo.wait_type("welcome")
        fine_host.send(type="host", host_token=fine["host_token"])
        fine_host.wait_type("welcome")
        fine_host.send(type="start")
        cleo.wait_for(lambda c: c.state is not None, what="Cleo's first state")
        script = Script(cleo)
        play_on(cleo, script, 3)

        broken = server.create_room(
            rules="house", seats=["human", "human", "bot:basic"], bot_seconds=30
        )
        code = broken["code"]
        ada, ben, host = server.client(code), server.client(code), server.client(code)
        opened += [ada, ben, host]
        for c, name in ((ada, "Ada"), (ben, "Ben")):
            c.send(type="join", name=name)
            c.wait_type("welcome")
        host.send(type="host", host_token=broken["host_token"])
        host.wait_type("welcome")
        host.send(type="start")
        ben.wait_for(lambda c: bool(c.state and c.state["legal"]), what="Ben's turn")
        assert ben.state is not None and ben.state["seq"] == 0
        move = ben.state["legal"][0]
        # Meanwhile another writer stores Ben's move, and the room's saved rules are damaged.
        rows = sqlite3.connect(db)
        with rows:
            rows.execute(
                "INSERT INTO actions (code, n, seat, action, how, at) VALUES (?, 1, 1, ?, ?, ?)",
                (code, json.dumps(move), "player", time.time()),
            )
            rows.execute("UPDATE rooms SET config = '{}' WHERE code = ?", (code,))
        rows.close()
        ben.send(type="act", action=move, seq=0)  # not stored: the room reloads, and cannot
        why = (
            f"Room {code} cannot be opened: its saved game no longer replays (a saved row lacks "
            "'rules'). The other rooms are not affected."
        )
        for c in (ben, ada, host):  # every screen is told in the teacher's words, and closed
            assert c.wait_error() == why
            c.wait_for(lambda c: c.closed, timeout=5, what="the room's screens to be closed")
        # Asked for again, the room is refused as a room found so at start-up is.
        status, data = server.request("GET", f"/api/rooms/{code}")
        assert status == 409 and data["error"] == why
        page_status, page = server.request("GET", f"/r/{code}")
        assert page_status == 409 and "This room cannot be opened" in page
        again = server.client(code)
        opened.append(again)
        assert again.wait_error() == why
        # The other room plays on.
        play_on(cleo, script, 6)
        assert cleo.errors == [] and not cleo.closed and server.proc.poll() is None
    finally:
        for c in opened:
            c.close()
        server.stop()
    log = (tmp_path / "rooms.log").read_text()
    assert why in log and "Traceback" not in log  # said in words; nothing escaped
