"""Rooms from a notebook: :func:`join` a room as a seat, :func:`host_room` to run one.

``join(url, code, name)`` opens the room's WebSocket from the kernel and returns a
:class:`~liverpool_widgets.room_table.RoomTable`: the notebook's own card table (the same
``table.js`` and ``table.css`` as ``CardTable``), drawn from the table model the server builds
for that seat — the model a student's page gets — with every click sent back as the page sends
it (``{"type": "table", "intent": ...}``). The connection lives in a background thread (the
``websockets`` library's synchronous client), so it keeps working between cells and in plain
Python; when it drops, it comes back with the seat's token (``resume``) and the table is
re-synced — hand, table, everything. Server errors appear in the table's message line.

``host_room(preset, seats)`` starts the room server (the same Starlette app and uvicorn as
``liverpool serve``) in a background thread on ``127.0.0.1`` and a free port (``lan=True``:
every network, for phones), makes a room with ``POST /api/rooms`` and the teacher key, and
returns a :class:`HostedRoom`: the room code, the join link and its QR code, the lobby with
Fill and Start, and the projector view (the host's connection, drawn by the same ``table.js``
at projector size). ``HostedRoom.stop()`` stops the server.

This module imports neither ``ipywidgets`` nor ``anywidget`` itself: the widget class lives
with the other widgets (``liverpool_widgets.room_table``) and is imported when a table is made.
"""

from __future__ import annotations

import contextlib
import gc
import html
import json
import secrets
import shutil
import socket
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import quote, urlsplit

from liverpool import LiverpoolError

from .protocol import DEFAULT_SEATS

if TYPE_CHECKING:
    from websockets.sync.client import ClientConnection

    from liverpool_widgets.room_table import RoomTable

__all__ = ["HostedRoom", "RoomError", "RoomLink", "RoomServer", "host_room", "join"]

TIMEOUT = 10.0
"""Seconds to wait for the server at each step of joining (connecting, the first answer)."""

BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds between attempts to reconnect (the last one repeats until the table is closed)."""

PRESET: Literal["preset"] = "preset"
"""``buy_seconds="preset"``: the clock the rules preset gives (``None``: no clock)."""

_TOKENS: dict[tuple[str, str, str], str] = {}
"""The seat tokens this kernel was given, by (server, room, name): joining again with the same
name resumes the seat, as a student's browser does with its stored token."""

_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""Room servers are on this computer or the classroom network: never through a proxy."""


class RoomError(LiverpoolError):
    """A room cannot be joined or hosted; the message says why, in one sentence."""


# -- addresses ----------------------------------------------------------------------------------


def _base_url(url: str) -> str:
    """``http://host:port`` of a server address (a join link or a page of it will do)."""
    if not isinstance(url, str) or not url.strip():
        raise RoomError(f"{url!r} is not a room server's address: give it as http://HOST:PORT/.")
    text = url.strip()
    if "://" not in text:
        text = "http://" + text
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - a bad port raises here
    except ValueError:
        raise RoomError(
            f"{url!r} is not a room server's address: give it as http://HOST:PORT/."
        ) from None
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    if scheme not in ("http", "https") or not parts.hostname:
        raise RoomError(f"{url!r} is not a room server's address: give it as http://HOST:PORT/.")
    return f"{scheme}://{parts.netloc}"


def _room_code(code: object) -> str:
    from .server import normal_code

    found = normal_code(code) if isinstance(code, str) else None
    if found is None:
        raise RoomError(
            f"{code!r} is not a room code: a room code is 5 letters and digits, like K7QXM."
        )
    return found


def _http(
    method: str, url: str, body: Any = None, token: str | None = None, timeout: float = TIMEOUT
) -> tuple[int, Any]:
    """One request to a room server: its status and its JSON (``OSError`` if unreachable)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with _NO_PROXY.open(request, timeout=timeout) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, None


def _check_room(base: str, code: str) -> dict[str, Any]:
    """The room's public page (``GET /api/rooms/{code}``), or the reason it cannot be joined."""
    try:
        status, data = _http("GET", f"{base}/api/rooms/{quote(code)}")
    except (OSError, urllib.error.URLError):
        raise RoomError(
            f"Cannot reach a room server at {base}: is `liverpool serve` running there?"
        ) from None
    if status == 404 and isinstance(data, dict) and "error" in data:
        raise RoomError(
            f"There is no room {code} at {base}: check the code on the teacher's screen."
        )
    if status != 200 or not isinstance(data, dict) or "seats" not in data:
        raise RoomError(f"{base} does not answer like a room server (HTTP {status}).")
    return data


def _connect(ws_url: str, timeout: float) -> ClientConnection:
    """A WebSocket client connection (no proxy; no Origin, as scripts and notebooks send)."""
    from websockets.sync.client import connect

    options: dict[str, Any] = {
        "open_timeout": timeout,
        "close_timeout": 2,
        "max_size": 8 * 1024 * 1024,
    }
    try:  # websockets >= 15: no proxy, and the plain connection (not the reconnecting one)
        ws: ClientConnection = connect(ws_url, proxy=None, legacy=True, **options)
    except TypeError:  # pragma: no cover - older websockets
        ws = connect(ws_url, **options)
    return ws


# -- one connection to a room ---------------------------------------------------------------------


class RoomLink:
    """One screen's WebSocket to a room, read in a background thread.

    ``hello`` is the first message (``join``, ``resume``, ``host`` or ``watch``, with
    ``"table": true``); :meth:`open` sends it and waits for ``welcome`` (raising
    :class:`RoomError` with the server's sentence when it refuses). Afterwards every ``state``,
    ``lobby`` and ``error`` goes to the table; ``listener`` (if given) hears every message too.
    When the connection drops, the thread reconnects (waiting :data:`BACKOFF` between tries)
    and sends ``resume`` with the seat's token (``host``/``watch`` again for those screens):
    the server answers with the lobby and the whole state. :meth:`close` ends it.
    """

    def __init__(
        self,
        table: RoomTable,
        ws_url: str,
        hello: dict[str, Any],
        *,
        key: tuple[str, str, str] | None = None,
        listener: Callable[[dict[str, Any]], None] | None = None,
        timeout: float = TIMEOUT,
    ) -> None:
        self.table = table
        self.ws_url = ws_url
        self.hello = dict(hello, table=True)
        self.key = key
        self.listener = listener
        self.timeout = timeout
        self.connected = False
        self.reconnects = 0
        """How many times the connection came back after dropping."""
        self._ws: ClientConnection | None = None
        self._closing = threading.Event()
        self._gone = False  # the seat was taken away: nothing to resume
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    # -- opening ------------------------------------------------------------------------------
    def open(self) -> None:
        """Connect, say hello and wait for ``welcome``; then read in the background."""
        self._ws = self._handshake(self.hello)
        self.connected = True
        self.table.link = self
        self._thread = threading.Thread(
            target=self._run, name=f"liverpool-room-{self.table.code}", daemon=True
        )
        self._thread.start()

    def _handshake(self, hello: dict[str, Any]) -> ClientConnection:
        try:
            ws = _connect(self.ws_url, self.timeout)
        except Exception:
            raise RoomError(
                f"Cannot connect to the room at {self.ws_url}: is its server still running?"
            ) from None
        try:
            ws.send(json.dumps(hello))
            deadline = time.monotonic() + self.timeout
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise RoomError("The room server did not answer in time: try again.")
                message = json.loads(ws.recv(timeout=left))
                kind = message.get("type") if isinstance(message, dict) else None
                if kind == "error":
                    raise RoomError(str(message.get("message")))
                if kind == "welcome":
                    self._welcome(message)
                    return ws
        except RoomError:
            ws.close()
            raise
        except TimeoutError:
            ws.close()
            raise RoomError("The room server did not answer in time: try again.") from None
        except Exception:
            ws.close()
            raise RoomError(
                f"The room at {self.ws_url} closed the connection before letting this table in."
            ) from None

    def _welcome(self, message: dict[str, Any]) -> None:
        table = self.table
        table.code = str(message.get("code") or table.code)
        seat = message.get("seat")
        table.seat = seat if isinstance(seat, int) else None
        token = message.get("token")
        if isinstance(token, str):
            table.token = token
            self.hello = {"type": "resume", "token": token, "table": True}
            if self.key is not None:
                _TOKENS[self.key] = token
        if isinstance(message.get("name"), str):
            table.name = message["name"]

    # -- reading ----------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._closing.is_set():
            ws = self._ws
            if ws is not None:
                self._read(ws)
            self.connected = False
            if self._closing.is_set() or self._gone:
                return
            if not self._reconnect():
                return

    def _read(self, ws: ClientConnection) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            for raw in ws:
                try:
                    message = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(message, dict):
                    self._dispatch(message)
        except ConnectionClosed:
            pass
        except Exception as exc:  # shown under the table, never lost
            self.table.crash = f"{type(exc).__name__}: {exc}"

    def _dispatch(self, message: dict[str, Any]) -> None:
        table = self.table
        kind = message.get("type")
        if kind == "state":
            table.show_state(message)
        elif kind == "lobby":
            table.show_lobby(message)
        elif kind == "error":
            table.show_error(str(message.get("message", "")))
        elif kind == "kicked":
            self._gone = True
            self._forget()
            table.seat = None
            table.show_error(str(message.get("message", "")))
            table.status = f"Room {table.code} · {message.get('message', '')}"
        elif kind == "welcome":
            self._welcome(message)
        if self.listener is not None:
            self.listener(message)

    def _forget(self) -> None:
        self.table.token = None
        if self.key is not None:
            _TOKENS.pop(self.key, None)

    def _reconnect(self) -> bool:
        """Connect again until it works (``True``), the table is closed or the seat is gone."""
        table = self.table
        tries = 0
        while not self._closing.is_set():
            table.status = f"Room {table.code} · the connection was lost: reconnecting…"
            if self._closing.wait(BACKOFF[min(tries, len(BACKOFF) - 1)]):
                return False
            tries += 1
            try:
                ws = self._handshake(self.hello)
            except RoomError as exc:
                if "token" in str(exc) or "host token" in str(exc):
                    self._gone = True  # the seat was given away meanwhile
                    self._forget()
                    table.show_error(str(exc))
                    table.status = f"Room {table.code} · {exc}"
                    return False
                continue
            with self._lock:
                if self._closing.is_set():
                    ws.close()
                    return False
                self._ws = ws
                self.connected = True
            self.reconnects += 1
            return True
        return False

    # -- writing ----------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Send one message; when the connection is down, the table says so."""
        from websockets.exceptions import ConnectionClosed

        with self._lock:
            ws = self._ws if self.connected else None
            if ws is not None:
                try:
                    ws.send(json.dumps(message))
                    return
                except ConnectionClosed:
                    pass
        if self._gone:
            self.table.show_error("This table has no seat in the room any more.")
        elif self._closing.is_set():
            self.table.show_error("This table has left the room.")
        else:
            self.table.show_error(
                "The connection to the room is down: it is coming back, try again in a moment."
            )

    def drop(self) -> None:
        """Close the connection as a network failure would (the thread resumes the seat)."""
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(OSError):
                ws.socket.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        """Close the connection and stop reconnecting (waits a few seconds for the thread)."""
        self._closing.set()
        with self._lock:
            ws, self.connected = self._ws, False
        if ws is not None:
            with contextlib.suppress(Exception):
                ws.close()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    @property
    def alive(self) -> bool:
        """Whether the reading thread still runs."""
        return self._thread is not None and self._thread.is_alive()


def _ws_url(base: str, code: str) -> str:
    scheme = "wss" if base.startswith("https:") else "ws"
    return f"{scheme}://{base.split('://', 1)[1]}/ws/{quote(code)}"


def _new_table(*, scale: float = 1.0, watching: bool = False) -> RoomTable:
    try:
        from liverpool_widgets.room_table import RoomTable
    except ImportError as exc:
        raise RoomError(
            f"A room's table needs the widgets extra ({exc.name} is missing): "
            "pip install 'liverpool[widgets,rooms]'"
        ) from None
    return RoomTable(scale=scale, watching=watching)


# -- join ---------------------------------------------------------------------------------------


def join(
    url: str,
    code: str,
    name: str = "",
    *,
    seat: int | None = None,
    token: str | None = None,
    timeout: float = TIMEOUT,
) -> RoomTable:
    """Sit at room ``code`` of the server at ``url`` as ``name``: the card table, connected.

    ``seat`` asks for one seat (any free one by default). Joining again in the same kernel with
    the same name comes back to the same seat (the token is kept), as does ``token=`` (the
    table's :attr:`~liverpool_widgets.room_table.RoomTable.token`) from anywhere. Raises
    :class:`RoomError` (a ``ValueError``) with one sentence when the address, the code or the
    seat cannot be used. ``table.close()`` leaves the room (the seat stays yours).
    """
    base = _base_url(url)
    room = _room_code(code)
    if not isinstance(name, str):
        raise RoomError(f"A name is text, like 'Ada', not {name!r}.")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise RoomError(f"seat is a seat number, like 1, not {seat!r}.")
    _check_room(base, room)
    key = (base, room, name.strip().casefold()) if name.strip() else None
    kept = token if token is not None else (_TOKENS.get(key) if key is not None else None)
    if kept is None and not name.strip():
        raise RoomError("Give a name to sit down with, like join(url, code, 'Ada').")
    hellos: list[dict[str, Any]] = []
    if kept is not None:
        hellos.append({"type": "resume", "token": kept})
    if token is None and name.strip():
        hellos.append({"type": "join", "name": name, "seat": seat})
    for i, hello in enumerate(hellos):
        table = _new_table()
        table.code, table.name = room, name.strip()
        link = RoomLink(table, _ws_url(base, room), hello, key=key, timeout=timeout)
        try:
            link.open()
        except RoomError:
            table.close()
            if i + 1 < len(hellos):  # a kept token no longer works: join afresh
                if key is not None:
                    _TOKENS.pop(key, None)
                continue
            raise
        return table
    raise AssertionError("unreachable")  # pragma: no cover


# -- the server in a thread -----------------------------------------------------------------------


class RoomServer:
    """The room server (``liverpool serve``'s app under uvicorn) in a background thread."""

    def __init__(
        self,
        *,
        port: int = 0,
        lan: bool = False,
        db: str | Path | None = None,
        teacher_key: str | None = None,
        bot_seconds: float = 1.0,
    ) -> None:
        if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
            raise RoomError(f"port must be 0 to 65535 (0 or None: a free one), not {port!r}.")
        self.host = "0.0.0.0" if lan else "127.0.0.1"
        self.port = port
        self.teacher_key = teacher_key or secrets.token_urlsafe(12)
        self._tmp: str | None = None
        if db is None:
            self._tmp = tempfile.mkdtemp(prefix="liverpool-rooms-")
            db = Path(self._tmp) / "rooms.sqlite3"
        self.db = Path(db)
        self.bot_seconds = bot_seconds
        self.url = ""
        """``http://127.0.0.1:PORT`` (this computer's own address of the server)."""
        self.public_url = ""
        """The address phones use when ``lan`` (empty otherwise)."""
        self._server: Any = None
        self._thread: threading.Thread | None = None

    def start(self, timeout: float = 20.0) -> None:
        try:
            import uvicorn

            from .cli import _lan_address, _url, listen, server_config
            from .server import ServerOptions
        except ImportError as exc:
            raise RoomError(
                f"Hosting a room needs the rooms extra ({exc.name} is missing): "
                "pip install 'liverpool[rooms]'"
            ) from None
        try:
            sock = listen(self.host, self.port)
        except OSError as exc:
            raise RoomError(
                f"Cannot listen on {self.host}:{self.port} ({exc.strerror}): "
                "leave port out to take a free one."
            ) from None
        self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        lan = _lan_address() if self.host == "0.0.0.0" else None
        self.public_url = _url(lan, self.port).rstrip("/") if lan else ""
        options = ServerOptions(
            db=self.db,
            teacher_key=self.teacher_key,
            bot_seconds=max(0.0, self.bot_seconds),
            public_url=self.public_url,
            loopback_only=self.host == "127.0.0.1",
        )
        # As `liverpool serve` runs it, without touching the kernel's logging.
        server = uvicorn.Server(server_config(options, shutdown_seconds=2, own_logging=False))
        self._server = server
        self._thread = threading.Thread(
            target=server.run,
            kwargs={"sockets": [sock]},
            name=f"liverpool-serve-{self.port}",
            daemon=True,
        )
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise RoomError(f"The room server did not start on {self.url}.")
            time.sleep(0.02)
        # The app freezes what exists at start-up out of the collector's reach (good for a
        # server process); in a kernel that would be everything the notebook made so far.
        gc.unfreeze()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self, timeout: float = 15.0) -> None:
        """Stop the server (its connections are closed) and wait for its thread."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=timeout)
            if self._thread.is_alive() and self._server is not None:
                self._server.force_exit = True
                self._thread.join(timeout=5)
        if self._tmp is not None and not self.running:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None


# -- host_room ----------------------------------------------------------------------------------


class HostedRoom:
    """A room this kernel hosts: its server, its code and join link, the projector view.

    Shown in a notebook: the code, the link and its QR code, the lobby with Fill and Start, and
    the projector (:attr:`projector`, the host's screen: the public table at projector size).
    :meth:`start`, :meth:`fill`, :meth:`kick`, :meth:`set_seat` and :meth:`reveal` do what
    the teacher's page does; :meth:`stop` stops the server. :attr:`teacher_key` opens the
    teacher's page at :attr:`url` in a browser too (it is never shown on the projected widget).
    """

    def __init__(self, server: RoomServer, room: dict[str, Any], projector: RoomTable) -> None:
        self.server = server
        self.url = server.url + "/"
        """The server's address on this computer: ``join(room.url, room.code, name)``."""
        self.teacher_key = server.teacher_key
        self.code = str(room["code"])
        self.join_url = str(room["join_url"])
        self.host_token = str(room["host_token"])
        self.qr_svg = str(room.get("qr_svg") or "")
        self.projector = projector
        self.lobby: dict[str, Any] | None = None
        self.message = ""
        """The room's last answer to the host (an error sentence), shown above the lobby."""
        self._link: RoomLink | None = None
        self._widget: Any = None
        self._header: Any = None

    # -- the host's powers --------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        if self._link is None:
            raise RoomError("This room's server has been stopped.")
        self.message = ""
        self._link.send(message)
        self._redraw()

    def start(self) -> None:
        """Close the lobby and deal (every seat must be held, or be a bot)."""
        self._send({"type": "start"})

    def fill(self, level: str = "basic") -> None:
        """Make every free seat a bot of ``level`` (``random``, ``basic``, ``strong``): in the
        lobby, or during the match for a seat whose student left (after :meth:`kick`)."""
        self._send({"type": "fill", "level": level})

    def kick(self, seat: int) -> None:
        """Remove the player at ``seat`` (the seat is free again: in the lobby for another
        student; during the match for a student to take over, or :meth:`fill` for a bot)."""
        self._send({"type": "kick", "seat": seat})

    def set_seat(self, seat: int, kind: str) -> None:
        """Make ``seat`` (counted from 0) ``"human"`` or ``"bot:LEVEL"``: in the lobby, a seat
        for a student or a bot; during the match, a seat handed to a bot, or a bot's seat handed
        back to the students, for a latecomer to take over under the seat's name."""
        self._send({"type": "set_seat", "seat": seat, "kind": kind})

    def reveal(self, on: bool = True) -> None:
        """Open every hand on this projector only, for a demonstration (marked as such)."""
        self._send({"type": "reveal", "on": on})

    def join(self, name: str, *, seat: int | None = None) -> RoomTable:
        """Sit at this room as ``name`` from this kernel (a demonstration seat)."""
        return join(self.url, self.code, name, seat=seat)

    def stop(self) -> None:
        """Close the projector and stop the server (students' pages say they lost it)."""
        link, self._link = self._link, None
        if link is not None:
            link.close()
        self.server.stop()
        self.message = "The room's server has been stopped."
        self._redraw()

    @property
    def running(self) -> bool:
        return self.server.running

    # -- what the host hears ---------------------------------------------------------------------
    def _heard(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "lobby":
            self.lobby = message
        elif kind == "error":
            self.message = str(message.get("message", ""))
        elif kind != "state":
            return
        self._redraw()

    # -- in a notebook ----------------------------------------------------------------------------
    def header_html(self) -> str:
        """The code, the join link, the QR code and the lobby, as HTML (names escaped)."""
        seats = []
        status = "lobby"
        if self.lobby is not None:
            status = str(self.lobby.get("status", "lobby"))
            for s in self.lobby.get("seats") or []:
                if s.get("kind") == "bot":
                    who = f"{s.get('name')} ({s.get('level')} bot)"
                else:
                    who = str(s.get("name") or "free seat")
                    if s.get("taken") and not s.get("connected"):
                        who += " · away"
                seats.append(f"<li>seat {int(s.get('seat', 0))}: {html.escape(who)}</li>")
        state = {
            "lobby": "waiting for players",
            "playing": "playing",
            "over": "the match is over",
        }.get(status, status)
        if not self.running:
            state = "stopped"
        link = html.escape(self.join_url)
        note = f'<p style="color:#a00">{html.escape(self.message)}</p>' if self.message else ""
        return (
            '<div style="display:flex;gap:24px;align-items:flex-start">'
            f'<div style="width:180px">{self.qr_svg}</div><div>'
            f'<div style="font-size:40px;font-weight:bold;letter-spacing:4px">{self.code}</div>'
            f'<p>Join at <a href="{link}" target="_blank">{link}</a> ({state})</p>'
            f"{note}<ul>{''.join(seats)}</ul></div></div>"
        )

    def _redraw(self) -> None:
        if self._header is not None:
            self._header.value = self.header_html()

    @property
    def widget(self) -> Any:
        """The room's panel (an ipywidgets ``VBox``): what a notebook shows."""
        if self._widget is None:
            import ipywidgets as w  # type: ignore[import-untyped]

            self._header = w.HTML(self.header_html())
            fill = w.Button(description="Fill free seats with bots")
            start = w.Button(description="Start", button_style="primary")
            fill.on_click(lambda _: self.fill())
            start.on_click(lambda _: self.start())
            self._widget = w.VBox([self._header, w.HBox([fill, start]), self.projector.panel])
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"HostedRoom(code={self.code!r}, url={self.url!r}, {state})"


def host_room(
    preset: str = "house",
    seats: int | Sequence[str] = DEFAULT_SEATS,
    *,
    buy_seconds: float | Literal["preset"] | None = PRESET,
    idle_turn_seconds: float | Literal["preset"] | None = PRESET,
    bot_seconds: float = 1.0,
    port: int | None = None,
    lan: bool = False,
    db: str | Path | None = None,
    teacher_key: str | None = None,
) -> HostedRoom:
    """Start a room server in this kernel and make one room on it; returns its panel.

    ``seats``: a list such as ``["human", "human", "bot:basic", "bot:strong"]``, or a number of
    human seats. ``buy_seconds``/``idle_turn_seconds``: the clocks (the preset's by default;
    ``None``: no clock). The server listens on ``127.0.0.1`` and a free port (``port`` picks
    one); ``lan=True`` listens on every network so phones in the classroom can join (anyone
    on that network can then open the room). ``db``: the SQLite file (default: a temporary
    one, removed by :meth:`HostedRoom.stop`). Raises :class:`RoomError` with the server's
    sentence when the room cannot be made.
    """
    if isinstance(seats, int) and not isinstance(seats, bool):
        seat_list = ["human"] * seats
    elif isinstance(seats, (list, tuple)) and all(isinstance(s, str) for s in seats):
        seat_list = list(seats)
    else:
        raise RoomError(
            f'seats is a list such as ["human", "human", "bot:basic"], or a number, not {seats!r}.'
        )
    body: dict[str, Any] = {"rules": preset, "seats": seat_list, "bot_seconds": bot_seconds}
    if buy_seconds != PRESET:
        body["buy_seconds"] = buy_seconds
    if idle_turn_seconds != PRESET:
        body["idle_turn_seconds"] = idle_turn_seconds
    server = RoomServer(
        port=0 if port is None else port,
        lan=lan,
        db=db,
        teacher_key=teacher_key,
        bot_seconds=bot_seconds,
    )
    server.start()
    try:
        # The same path as the teacher's page: POST /api/rooms with the teacher key.
        status, room = _http("POST", f"{server.url}/api/rooms", body, token=server.teacher_key)
        if status != 201 or not isinstance(room, dict):
            why = room.get("error") if isinstance(room, dict) else f"HTTP {status}"
            raise RoomError(str(why))
        projector = _new_table(scale=1.6, watching=True)
        projector.code = str(room["code"])
        hosted = HostedRoom(server, room, projector)
        link = RoomLink(
            projector,
            _ws_url(server.url, hosted.code),
            {"type": "host", "host_token": hosted.host_token},
            listener=hosted._heard,
        )
        link.open()
        hosted._link = link
    except BaseException:
        server.stop()
        raise
    return hosted
