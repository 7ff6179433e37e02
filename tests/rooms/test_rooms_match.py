"""A whole match in a room, to its end: the finished match is downloadable as the usual
saved-game record, which ``Game.from_json`` replays to the same result."""

from __future__ import annotations

import json
import time
from pathlib import Path

from roomkit import Client, Script, Server

from liverpool import Game


def test_a_finished_match_downloads_as_a_record(tmp_path: Path, clients: list[Client]) -> None:
    # Bots without a pace and a scripted player send far more than a person can: this
    # server reads up to 1000 messages a second from one connection.
    server = Server(tmp_path / "rooms.sqlite3", extra=("--rate", "1000", "--burst", "1000"))
    try:
        finished_match(server, clients)
    finally:
        for c in clients:
            c.close()
        server.kill()


def finished_match(server: Server, clients: list[Client]) -> None:
    room = server.create_room(
        rules="house",
        seats=["human", "bot:basic", "bot:basic"],
        bot_seconds=0,
        buy_seconds=10,
        idle_turn_seconds=10,
    )
    code = room["code"]
    ada = server.client(code)
    clients.append(ada)
    ada.send(type="join", name="Ada")
    ada.wait_type("welcome")
    host = server.client(code)
    clients.append(host)
    host.send(type="host", host_token=room["host_token"])
    host.wait_type("welcome")
    host.send(type="start")
    script = Script(ada)
    started = time.monotonic()
    while not (ada.state and ada.state["status"] == "over"):
        assert time.monotonic() - started < 120, "the match did not end in 2 minutes"
        ada.pump(0.05)
        script.step()
    assert ada.state is not None
    final = ada.state["view"]
    assert final["is_over"] and len(final["deal_scores"]) == 7 and ada.state["legal"] == []
    status, record = server.request("GET", f"/api/rooms/{code}/record")
    assert status == 200, record
    game = Game.from_json(json.dumps(record))
    assert game.is_over and game.scores == final["scores"] and game.winners == final["winners"]
    assert len(game.actions) == ada.state["seq"]
    status, public = server.request("GET", f"/api/rooms/{code}")
    assert public["status"] == "over"
    # A finished room takes no more moves and no new players.
    ada.send(type="act", action={"type": "DrawStock"})
    assert ada.wait_error()
    late = server.client(code)
    clients.append(late)
    late.send(type="join", name="Late")
    assert "over" in late.wait_error()
    print(f"a whole match of {len(game.actions)} actions in {time.monotonic() - started:.1f} s")
