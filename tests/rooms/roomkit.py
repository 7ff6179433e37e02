"""Pieces the room tests share: a real server in a subprocess, real WebSocket clients and
scripted players.

Everything listens on 127.0.0.1 only, on a free port the server picks (``--port 0``) and
prints; every wait is bounded; every server a test starts is stopped by the test (its whole
process group is killed).

``benchmarks/rooms_load.py`` takes ``choose`` (the scripted human) and ``URL_LINE`` from here,
so its load is played as the tests play a seat; the module needs nothing but the standard
library and websockets (no pytest).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from liverpool import Game, Setup, get_rules
from liverpool.actions import action_to_dict
from liverpool_rooms.room import RoomConfig, Seat
from liverpool_rooms.store import Store, token_digest

KEY = "test-teacher-key"
URL_LINE = re.compile(r"rooms at (http://[^\s]+/)")


class Server:
    """``python -m liverpool_rooms serve --port 0`` in its own process group."""

    def __init__(
        self, db: Path, key: str = KEY, extra: tuple[str, ...] = (), identify_seconds: float = 0
    ) -> None:
        """``identify_seconds``: how long the server lets a screen stay silent before it
        closes it (its own minute unless given; a test of that minute sets a few seconds)."""
        self.db = db
        self.key = key
        self.log = db.with_suffix(".log")
        self._out = self.log.open("ab")
        args = ["serve", "--port", "0", "--db", str(db), "--teacher-key", key, *extra]
        command = [sys.executable, "-m", "liverpool_rooms", *args]
        if identify_seconds:
            command = [
                sys.executable,
                "-c",
                "import sys; import liverpool_rooms.server as s; from liverpool_rooms.cli import "
                f"main; s.IDENTIFY_SECONDS = {identify_seconds!r}; sys.exit(main({args!r}))",
            ]
        self.proc = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=self._out,
            start_new_session=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.url = self._read_url(timeout=20.0)
        self.ws_base = self.url.replace("http://", "ws://")

    def _read_url(self, timeout: float) -> str:
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        lines: list[str] = []
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline().decode()
            if not line:
                break
            lines.append(line)
            found = URL_LINE.search(line)
            if found:
                return found.group(1)
        self.kill()
        raise AssertionError(f"the server printed no URL: {lines!r}")

    # -- HTTP ------------------------------------------------------------------------------
    def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        # bytes go as they are (a test of a damaged body), anything else as JSON
        data = (
            body if isinstance(body, bytes) else None if body is None else json.dumps(body).encode()
        )
        req = urllib.request.Request(self.url + path.lstrip("/"), data=data, method=method)
        if token is not None:
            req.add_header("Authorization", f"Bearer {token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                raw = resp.read().decode()
                status = resp.status
        except urllib.error.HTTPError as exc:
            raw = exc.read().decode()
            status = exc.code
        try:
            return status, json.loads(raw)
        except json.JSONDecodeError:
            return status, raw

    def create_room(self, **body: Any) -> dict[str, Any]:
        status, data = self.request("POST", "/api/rooms", body, token=self.key)
        assert status == 201, data
        return dict(data)

    def client(self, code: str) -> Client:
        return Client(f"{self.ws_base}ws/{code}")

    # -- stopping --------------------------------------------------------------------------
    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self._out.close()

    def stop(self) -> None:
        self.kill(signal.SIGTERM)


class Client:
    """A WebSocket client that keeps every message it got, by type."""

    def __init__(self, url: str, **kwargs: Any) -> None:
        try:  # websockets >= 17 warns unless the plain connection is asked for
            self.ws: ClientConnection = connect(
                url, open_timeout=10, close_timeout=2, legacy=True, **kwargs
            )
        except TypeError:  # pragma: no cover - older websockets
            self.ws = connect(url, open_timeout=10, close_timeout=2, **kwargs)
        self.messages: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.lobby: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self.errors: list[str] = []
        self.closed = False

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps(message))

    def send_raw(self, text: str | bytes) -> None:
        self.ws.send(text)

    def _take(self, raw: str | bytes) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(raw)
        self.messages.append(message)
        kind = message.get("type")
        if kind == "state":
            if self.state is None or message["seq"] >= self.state["seq"]:
                self.state = message
        elif kind == "lobby":
            self.lobby = message
        elif kind == "welcome":
            self.welcome = message
        elif kind == "error":
            self.errors.append(message["message"])
        return message

    def pump(self, timeout: float = 0.0) -> list[dict[str, Any]]:
        """Read what has arrived (waiting up to ``timeout`` for the first message)."""
        got: list[dict[str, Any]] = []
        wait = timeout
        while not self.closed:
            try:
                raw = self.ws.recv(timeout=wait)
            except TimeoutError:
                break
            except ConnectionClosed:
                self.closed = True
                break
            got.append(self._take(raw))
            wait = 0.0
        return got

    def wait_for(
        self, check: Callable[[Client], bool], timeout: float = 10.0, what: str = ""
    ) -> None:
        deadline = time.monotonic() + timeout
        while not check(self):
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                raise AssertionError(
                    f"timed out waiting for {what or check}; last messages: {self.messages[-3:]}"
                )
            self.pump(min(left, 0.5))

    def wait_type(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        start = len(self.messages)
        self.wait_for(
            lambda c: any(m.get("type") == kind for m in c.messages[start:]), timeout, kind
        )
        return next(m for m in self.messages[start:] if m.get("type") == kind)

    def wait_error(self, timeout: float = 10.0) -> str:
        return str(self.wait_type("error", timeout)["message"])

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
        self.closed = True


PREFERENCE = ("GoOut", "GoDown", "LayOff", "Buy", "DrawStock", "Discard", "Pass")


def choose(
    legal: list[dict[str, Any]], view: dict[str, Any], *, buy: bool = True
) -> dict[str, Any]:
    """A simple human: go out or down when it can, lay off, buy when offered (if ``buy``),
    draw from the stock, discard its last card; pass on every call."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    for kind in PREFERENCE:
        if kind == "Buy" and not buy:
            continue
        if kind in by_type:
            if kind == "Discard":
                hand = view.get("hand") or []
                for card in reversed(hand):
                    for action in by_type[kind]:
                        if action["card"] == card:
                            return action
            return by_type[kind][0]
    return legal[0]


class Script:
    """Plays one seat: answers each new decision once."""

    def __init__(self, client: Any, *, buy: bool = True, until: int | None = None) -> None:
        self.client = client
        self.buy = buy
        self.until = until
        """Make no move once the room has this many actions."""
        self.done: set[tuple[int, int]] = set()
        self.sent: list[dict[str, Any]] = []

    def step(self) -> bool:
        """Send a move if this seat has a new decision; whether it sent one."""
        state = self.client.state
        if state is None or not state["legal"]:
            return False
        if self.until is not None and state["seq"] >= self.until:
            return False
        key = (state["seq"], len(state["legal"]))
        if key in self.done:
            return False
        self.done.add(key)
        action = choose(state["legal"], state["view"], buy=self.buy)
        self.sent.append(action)
        self.client.send(type="act", action=action, seq=state["seq"])
        return True


def stored_match(store: Store, code: str) -> None:
    """A room in the store whose match has begun: Ada and two bots, one move made."""
    rules = get_rules("house")
    seats = [Seat(0, "human", name="Ada", token_hash=token_digest(code))]
    seats += [Seat(1, "bot", "basic"), Seat(2, "bot", "basic")]
    rows = [s.row() for s in seats]
    store.create_room(code, RoomConfig(rules, 60.0).to_dict(), token_digest("host"), rows)
    names = ["Ada", "Bot 2", "Bot 3"]
    store.start(code, {"players": names, "seed": 5, "dealer": 0}, rows)
    game = Game.from_setup(Setup.new(rules, names, 5, 0))
    seat, first = game.to_act, game.legal_actions()[0]
    assert seat is not None
    store.append(code, 1, seat, action_to_dict(first), "bot", over=False)


class FakeConn:
    """A connection as a room sees it, with no network: what it was sent (through JSON, as a
    socket would carry it) and how it was closed."""

    def __init__(self, *, host: bool = False, table: bool = True) -> None:
        self.seat: int | None = None
        self.host = host
        self.watching = False
        self.wants_table = table
        self.table: Any = None
        self.sent: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(json.loads(json.dumps(message)))

    def send_state(self, make: Any) -> None:
        message = make()
        if message is not None:
            self.send(message)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)
