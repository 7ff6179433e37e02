"""The room server: a Starlette application (HTTP API, WebSocket, the two pages).

``create_app(db, teacher_key)`` builds it; :mod:`liverpool_rooms.cli` runs it under uvicorn.
The routes (the contract is ``docs/protocol.md``):

==============================  ===============================================================
``POST /api/rooms``             make a room (``Authorization: Bearer <teacher key>``)
``GET /api/rooms``              the rooms on this server, newest first (the teacher key too)
``GET /api/rooms/{code}``       the lobby and the public table (no hand, no stock order)
``GET /api/rooms/{code}/record``  the saved-game record, once the match is over (the host's
                                token or the teacher key as a Bearer token reads it earlier)
``GET /api/rooms/{code}/qr.svg``  the join link as a QR code
``WS /ws/{code}``               the room itself (messages: :mod:`liverpool_rooms.protocol`)
``GET /``                       the teacher's page; ``GET /r/{code}`` a student's page;
                                ``GET /join`` where a student types a room's code
==============================  ===============================================================

Every connection has its own outgoing queue, so one slow phone never holds up the room; a
client whose queue overflows is closed and, like any closed tab, resumes with its token.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import json
import logging
import math
import secrets
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from liverpool import PRESETS, LiverpoolError, get_rules
from liverpool.words import counted

from . import pages
from .protocol import (
    DEFAULT_SEATS,
    MAX_MESSAGE_BYTES,
    Bad,
    RateLimit,
    encode,
    error,
    parse_message,
)
from .qr import qr_svg
from .room import (
    NO_ROOM,
    NOT_IDENTIFIED,
    Room,
    RoomConfig,
    Seat,
    StateHook,
    Unreadable,
    parse_seat_kind,
    rebuilding,
)
from .store import RoomSummary, Store, token_digest
from .tables import table_intent

__all__ = ["CODE_ALPHABET", "Hub", "ServerOptions", "Unreadable", "create_app"]

log = logging.getLogger("liverpool_rooms")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room codes use letters and digits that cannot be mistaken for one another (no O/0, I/1)."""
CODE_LENGTH = 5
MAX_BODY = 16 * 1024
MAX_SECONDS = 3600.0
IDENTIFY_SECONDS = 60.0
"""A connection that neither joins, resumes, hosts nor watches in this time is closed (so idle
sockets cannot fill a room's connections)."""


@dataclass(frozen=True, slots=True)
class ServerOptions:
    """How a server runs (the command line's options)."""

    db: str | Path = "rooms.sqlite3"
    teacher_key: str = ""
    bot_seconds: float = 1.0
    """The bots' pace, unless a room asks for another."""
    rate: float = 20.0
    """Messages a second a connection may send (averaged)..."""
    burst: float = 40.0
    """...and in one burst."""
    durable: bool = False
    """Sync every commit to the disk (``synchronous=FULL``)."""
    bot_threads: int = 2
    table_models: bool = True
    """Send each student the card table's model (``table_model``) beside the view."""
    public_url: str = ""
    """The address students reach this server at, when it listens on every network: join
    links use it when the teacher's page was opened as ``127.0.0.1`` or ``localhost``."""
    loopback_only: bool = False
    """The server listens on this computer alone (``127.0.0.1``, the default of ``liverpool
    serve``): its join links and QR codes work on no phone, and the teacher's page says so
    beside them, with the command that lets the classroom in."""


class Hub:
    """Every room this server holds in memory, loaded from the store when first asked for."""

    def __init__(self, store: Store, options: ServerOptions) -> None:
        self.store = store
        self.options = options
        self.rooms: dict[str, Room] = {}
        self.unreadable: dict[str, str] = {}
        """The rooms that could not be rebuilt (when first read, or when one reloaded after a
        failed write), and why: asked once, they are refused in the same words from then on."""
        self.executor = ThreadPoolExecutor(
            max_workers=max(1, options.bot_threads), thread_name_prefix="liverpool-bot"
        )
        self.state_hook: StateHook | None = None
        if options.table_models:
            from .tables import add_table

            self.state_hook = add_table

    CACHE = 256
    """Rooms kept in memory beyond those being played or watched (memory is a cache)."""

    def get(self, code: str) -> Room | None:
        """The room with this code (``None`` if there is none); :class:`Unreadable` when its
        stored state cannot be rebuilt."""
        room = self.rooms.get(code)
        if room is None:
            if code in self.unreadable:
                raise Unreadable(self.unreadable[code])
            self._evict()
            try:
                # Reading the rows is inside the guard too: a row edited by hand may not even
                # be JSON, and that room alone must be refused.
                with rebuilding(code):
                    row = self.store.load(code)
                    if row is None:
                        return None
                    room = Room(
                        self.store,
                        row,
                        executor=self.executor,
                        teacher_key=self.options.teacher_key,
                        state_hook=self.state_hook,
                        on_unreadable=self._refused,
                    )
            except Unreadable as refusal:
                self.unreadable[code] = str(refusal)
                raise
            self.rooms[code] = room
        return room

    def _refused(self, room: Room, refusal: Unreadable) -> None:
        """``room`` no longer rebuilds from its rows (found when it reloaded): from now on it
        is refused as a room found so at start-up is, and every other room goes on."""
        self.unreadable[room.code] = str(refusal)
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]

    def _evict(self) -> None:
        """Forget idle rooms (no connection, not being played) when there are many: the
        store still holds them, and the next request loads them again."""
        if len(self.rooms) < self.CACHE:
            return
        for code, room in list(self.rooms.items()):
            if not room.conns and room.status != "playing":
                room.stop()
                del self.rooms[code]

    def resume_all(self) -> int:
        """Load every room that is being played and start its clocks again (a room that
        cannot be rebuilt is logged and left out; it does not stop the others)."""
        resumed = 0
        for code in self.store.codes("playing"):
            try:
                room = self.get(code)
            except Unreadable:
                continue
            if room is not None:
                room.schedule()
                resumed += 1
        return resumed

    def new_code(self) -> str:
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms and not self.store.code_taken(code):
                return code
        raise RuntimeError("no free room code found")  # pragma: no cover - 33 million codes

    def create(self, config: RoomConfig, seats: list[Seat]) -> tuple[str, str]:
        """A new room in the lobby: its code and host token."""
        host_token = secrets.token_urlsafe(24)
        code = self.new_code()
        self.store.create_room(
            code, config.to_dict(), token_digest(host_token), [s.row() for s in seats]
        )
        return code, host_token

    def close(self) -> None:
        for room in self.rooms.values():
            room.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)


# -- connections ----------------------------------------------------------------------------------


class Client:
    """One WebSocket client: who it is in the room, and its outgoing queue.

    A state is queued as a *promise* and made when its turn to be sent comes: if the room
    moves on several times while a message waits (a slow phone, a busy server), the client
    gets the newest state once instead of every step built and sent in turn.
    """

    QUEUE = 256
    STATE = "state"

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.host = False
        self.watching = False
        self.wants_table = False
        self.table: Any = None
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue(self.QUEUE)
        self.closing = False
        self._make_state: Callable[[], dict[str, Any] | None] | None = None
        self._state_queued = False

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        self._put(encode(message))

    def send_state(self, make: Callable[[], dict[str, Any] | None]) -> None:
        if self.closing:
            return
        self._make_state = make
        if not self._state_queued:
            self._state_queued = True
            self._put((0, self.STATE))

    def _put(self, item: str | tuple[int, str]) -> None:
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:
            self.close(1013, "too far behind: reconnect to catch up")

    def close(self, code: int, reason: str) -> None:
        if self.closing:
            return
        self.closing = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait((code, reason))
        if self.queue.full():
            # No room for the close itself: drop what waits, the client resumes anyway.
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait((code, reason))

    async def writer(self) -> None:
        while True:
            item = await self.queue.get()
            if item == (0, self.STATE):
                self._state_queued = False
                make = self._make_state
                try:
                    message = None if make is None else make()
                except Exception:  # one screen's state must never stop its messages
                    log.exception("a state could not be made")
                    message = error("The server could not show you the table just now.")
                if message is not None:
                    await self.websocket.send_text(encode(message))
                continue
            if isinstance(item, tuple):
                with contextlib.suppress(Exception):
                    await self.websocket.close(code=item[0], reason=item[1])
                return
            await self.websocket.send_text(item)


def origin_ok(scope_headers: Any) -> bool:
    """A browser's WebSocket must come from a page of this same host (others send no Origin)."""
    origin = scope_headers.get("origin")
    if origin is None:
        return True
    host = scope_headers.get("host", "")
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(host) and netloc.lower() == host.lower()


def normal_code(raw: str) -> str | None:
    """A room code as stored (capitals), or ``None`` when ``raw`` is not one. Spaces and
    dashes are dropped: a code read aloud is often typed "k7q xm" or "K7Q-XM"."""
    code = "".join(ch for ch in raw if not ch.isspace() and ch != "-").upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def room_summary(summary: RoomSummary, join_url: str) -> dict[str, Any]:
    """One room of ``GET /api/rooms``: its code, status, rules, when it was made and last
    changed (seconds since the epoch), its join link, and who sits where (a bot by its name,
    "Bot 3"; a free seat with no name). No token, no card."""
    return {
        "code": summary.code,
        "status": summary.status,
        "rules": summary.rules,
        "created": round(summary.created, 3),
        "updated": round(summary.updated, 3),
        "join_url": join_url,
        "seats": [
            {
                "seat": row.seat,
                "kind": row.kind,
                "level": row.level,
                "name": Seat.of(row).bot_name() if row.kind == "bot" else row.name,
                "taken": row.kind == "bot" or row.token_hash is not None,
            }
            for row in summary.seats
        ],
    }


def dispatch(room: Room, client: Client, data: dict[str, Any]) -> None:
    """Carry out one validated client message (:class:`Bad` for the sentence to send back)."""
    if room.unreadable is not None:  # a message that crossed the room's closing
        raise Bad(room.unreadable)
    kind = data["type"]
    if data.get("table") is True:
        client.wants_table = True
    if kind == "join":
        if client.watching:
            raise Bad("This screen is watching the table; open the join link to play.")
        seat = data.get("seat")
        room.join(client, data["name"], seat if isinstance(seat, int) else None)
    elif kind == "resume":
        if client.watching:
            raise Bad("This screen is watching the table; open the join link to play.")
        room.resume(client, data["token"])
    elif kind == "host":
        room.host(client, data["host_token"])
    elif kind == "watch":
        if client.seat is not None:
            raise Bad("You sit at this table: your screen already shows it.")
        room.watch(client)
    elif kind == "sync":
        if client.seat is None and not client.host and not client.watching:
            raise Bad("Join the room, come back to your seat, or watch, first.")
        client.send(room.lobby())
        room.send_state(client)
    elif kind == "act":
        room.act(client, data["action"], data.get("seq"))
    elif kind == "start":
        room.start(client)
    elif kind == "kick":
        room.kick(client, data["seat"])
    elif kind == "fill":
        room.fill(client, data.get("level", "basic"))
    elif kind == "set_seat":
        room.set_seat(client, data["seat"], data["kind"])
    elif kind == "reveal":
        room.set_reveal(client, data["on"])
    elif kind == "table":
        table_intent(room, client, data["intent"])


# -- the application ------------------------------------------------------------------------------


def _json_error(status: int, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers or None)


def _bearer(request: Request) -> str:
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _seconds(data: dict[str, Any], name: str, default: float | None) -> float | None:
    if name not in data:
        return default
    value = data[name]
    if value is None or value == 0:
        return None
    number = not isinstance(value, bool) and isinstance(value, int | float)
    if not (number and math.isfinite(value) and 0.1 <= value <= MAX_SECONDS):
        # One sentence for every wrong value: it names all that is accepted.
        raise Bad(f"{name} is 0 or null for no clock, or 0.1 to {MAX_SECONDS:.0f} seconds.")
    return float(value)


ROOM_FIELDS = ("rules", "seats", "buy_seconds", "idle_turn_seconds", "bot_seconds")
"""What a ``POST /api/rooms`` body may hold (every one optional)."""

ROOM_EXAMPLE = '{"rules": "house", "seats": ["human", "human", "bot:basic"]}'
"""The body a refusal shows as an example: one the server accepts (house rules seat 3 to 8;
a test makes a room from it)."""

ROOM_LIST = 50
"""How many rooms ``GET /api/rooms`` lists, the most recently changed first."""


def room_request(data: Any, default_bot_seconds: float) -> tuple[RoomConfig, list[Seat]]:
    """A room's configuration from a ``POST /api/rooms`` body (:class:`Bad` if it is wrong)."""
    if not isinstance(data, dict):
        raise Bad(f"Send a JSON object, such as {ROOM_EXAMPLE}.")
    unknown = sorted(str(k) for k in data if k not in ROOM_FIELDS)
    if unknown:  # a misspelt clock would otherwise leave the room quietly without one
        shown = ", ".join(repr(k) if len(k) <= 30 else "(a long name)" for k in unknown[:3])
        raise Bad(f"A room is made from {', '.join(ROOM_FIELDS)}; not {shown}.")
    preset = data.get("rules", "house")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise Bad(f"rules is one of the presets: {', '.join(PRESETS)}.")
    base = get_rules(preset)
    raw_seats = data.get("seats", list(DEFAULT_SEATS))
    if not isinstance(raw_seats, list) or not all(isinstance(s, str) for s in raw_seats):
        raise Bad('seats is a list such as ["human", "human", "bot:basic"].')
    try:
        base.check_players(len(raw_seats))
    except LiverpoolError as exc:
        more = (
            " For a bigger class, make several rooms." if len(raw_seats) > base.max_players else ""
        )
        raise Bad(f"A room's seats: {exc}.{more}") from None
    seats = [Seat(i, *parse_seat_kind(text)) for i, text in enumerate(raw_seats)]
    if not any(s.kind == "human" for s in seats):
        raise Bad("A room needs at least one human seat.")
    rules = base.replace(
        buy_timer_seconds=_seconds(data, "buy_seconds", base.buy_timer_seconds),
        idle_turn_seconds=_seconds(data, "idle_turn_seconds", base.idle_turn_seconds),
    )
    bot_seconds = data.get("bot_seconds", default_bot_seconds)
    if (
        isinstance(bot_seconds, bool)
        or not isinstance(bot_seconds, int | float)
        or not 0 <= bot_seconds <= 30
    ):
        raise Bad("bot_seconds is the bots' pace, 0 to 30 seconds.")
    return RoomConfig(rules, float(bot_seconds)), seats


class SecurityHeaders:
    """Headers every HTTP answer carries: no framing, no sniffing, scripts from here only."""

    CSP = (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
        "form-action 'self'"
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", self.CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"x-frame-options", b"DENY"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"cache-control", b"no-store"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(
    options: ServerOptions, *, on_ready: Callable[[Hub], None] | None = None
) -> Starlette:
    """The room server as an ASGI application (the store is opened at start-up)."""
    holder: dict[str, Hub] = {}

    def hub() -> Hub:
        return holder["hub"]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(options.db, durable=options.durable)
        holder["hub"] = Hub(store, options)
        resumed = hub().resume_all()
        if resumed:
            log.warning("resumed %s from %s", counted(resumed, "room"), options.db)
        # What start-up made (modules, the rooms just replayed) lives as long as the server:
        # out of the collector's sight, so later full collections are shorter.
        gc.collect()
        gc.freeze()
        if on_ready is not None:
            on_ready(hub())
        try:
            yield
        finally:
            hub().close()
            store.close()

    def public_base(request: Request) -> str:
        """Where students reach this server: the address the teacher's page used, unless that
        was this computer's own name and the server listens on the network too."""
        base = str(request.base_url).rstrip("/")
        host = (request.url.hostname or "").lower()
        if options.public_url and host in ("127.0.0.1", "localhost", "::1"):
            return options.public_url.rstrip("/")
        return base

    def join_url(request: Request, code: str) -> str:
        """Room ``code``'s join link as students reach it (what its QR code holds)."""
        return f"{public_base(request)}/r/{code}"

    def is_teacher(token: str) -> bool:
        key = options.teacher_key
        return bool(token) and bool(key) and hmac.compare_digest(token.encode(), key.encode())

    async def create_room(request: Request) -> Response:
        if not is_teacher(_bearer(request)):
            return _json_error(
                401,
                "Making a room needs the teacher key: send it as 'Authorization: Bearer KEY'.",
                **{"WWW-Authenticate": "Bearer"},
            )
        body = await request.body()
        if len(body) > MAX_BODY:
            return _json_error(413, "That request is too large.")
        try:
            data = json.loads(body or b"{}")
        except (ValueError, RecursionError):  # not JSON, nested too deep, or a number too long
            return _json_error(400, "The request is not JSON that a room can read.")
        try:
            config, seats = room_request(data, options.bot_seconds)
        except Bad as exc:
            return _json_error(400, str(exc))
        code, host_token = hub().create(config, seats)
        link = join_url(request, code)
        return JSONResponse(
            {
                "code": code,
                "host_token": host_token,
                "join_url": link,
                "qr_svg": qr_svg(link),
                "reachable": not options.loopback_only,
            },
            status_code=201,
        )

    async def list_rooms(request: Request) -> Response:
        """The rooms on this server, for the teacher's page on any computer (the teacher key
        is its key: the list names the students)."""
        if not is_teacher(_bearer(request)):
            return _json_error(
                401,
                "Listing the rooms needs the teacher key: send it as 'Authorization: Bearer KEY'.",
                **{"WWW-Authenticate": "Bearer"},
            )
        return JSONResponse(
            {
                "rooms": [
                    room_summary(summary, join_url(request, summary.code))
                    for summary in hub().store.summaries(ROOM_LIST)
                ]
            }
        )

    def find(request: Request) -> Room | Response:
        """The room the path names, or the error response (404: none; 409: unreadable)."""
        code = normal_code(str(request.path_params["code"]))
        try:
            room = None if code is None else hub().get(code)
        except Unreadable as exc:
            return _json_error(409, str(exc))
        return _json_error(404, "There is no room with that code.") if room is None else room

    async def get_room(request: Request) -> Response:
        room = find(request)
        if isinstance(room, Response):
            return room
        # The join link as students reach it, so a teacher who opens the room by its code on
        # another computer shows the same link and QR code as the page that made it.
        return JSONResponse({**room.public(), "join_url": join_url(request, room.code)})

    async def get_record(request: Request) -> Response:
        room = find(request)
        if isinstance(room, Response):
            return room
        if room.game is None:
            return _json_error(409, "The match has not started: there is no record yet.")
        token = _bearer(request)
        if room.status != "over" and not (token and room.is_host_token(token)):
            return _json_error(409, "The match is not over yet: its record is ready when it ends.")
        return Response(
            room.record(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="liverpool-{room.code}.json"'},
        )

    async def get_qr(request: Request) -> Response:
        room = find(request)
        if isinstance(room, Response):
            return room
        return Response(qr_svg(join_url(request, room.code)), media_type="image/svg+xml")

    async def teacher_page(request: Request) -> Response:
        return HTMLResponse(pages.teacher_html(loopback_only=options.loopback_only))

    async def join_page(request: Request) -> Response:
        """``/join``: where a student types a room's code (``?code=`` is the form sent), sent
        on to the room's page when the code names one."""
        raw = request.query_params.get("code")
        if raw is None:
            return HTMLResponse(pages.join_html())
        code = normal_code(raw)
        if code is None:
            shown = raw.strip()[:20]
            return HTMLResponse(
                pages.join_html(
                    f"“{shown}” is not a room code: a room code is 5 letters and digits, "
                    "like K7QXM."
                ),
                status_code=400,
            )
        try:
            room = hub().get(code)
        except Unreadable as exc:
            return HTMLResponse(pages.missing_html(str(exc)), status_code=409)
        if room is None:
            return HTMLResponse(
                pages.join_html(
                    f"There is no room {code}: check the code on your teacher's screen."
                ),
                status_code=404,
            )
        return RedirectResponse(f"/r/{code}", status_code=303)

    async def student_page(request: Request) -> Response:
        code = normal_code(str(request.path_params["code"]))
        try:
            room = None if code is None else hub().get(code)
        except Unreadable as exc:
            return HTMLResponse(pages.missing_html(str(exc)), status_code=409)
        if code is None or room is None:
            return HTMLResponse(pages.missing_html(), status_code=404)
        return HTMLResponse(pages.student_html(code))

    async def static_file(request: Request) -> Response:
        found = pages.static_file(str(request.path_params["name"]))
        if found is None:
            return Response("not found", status_code=404, media_type="text/plain")
        body, media_type = found
        return Response(body, media_type=media_type)

    async def room_socket(websocket: WebSocket) -> None:
        if not origin_ok(websocket.headers):
            await websocket.close(code=1008)
            return
        code = normal_code(str(websocket.path_params["code"]))
        try:
            room = None if code is None else hub().get(code)
            missing = "There is no room with that code."
        except Unreadable as exc:
            room, missing = None, str(exc)
        await websocket.accept()
        if room is None:
            await websocket.send_text(json.dumps(error(missing)))
            await websocket.close(code=NO_ROOM)
            return
        client = Client(websocket)
        room.attach(client)  # never refused here: who it is is checked when it says so
        writer = asyncio.get_running_loop().create_task(client.writer())
        limit = RateLimit(options.rate, options.burst)
        try:
            while not client.closing:
                identified = client.seat is not None or client.host or client.watching
                try:
                    message = await asyncio.wait_for(
                        websocket.receive(), timeout=None if identified else IDENTIFY_SECONDS
                    )
                except TimeoutError:
                    client.send(error(NOT_IDENTIFIED))
                    client.close(1008, "no join, resume, host or watch in time")
                    break
                if message["type"] == "websocket.disconnect":
                    break
                if not limit.allow():
                    if limit.refused == 1:
                        client.send(
                            error(
                                "Slow down: you are sending messages too fast (some were not read)."
                            )
                        )
                    if limit.refused > 10 * options.burst:
                        client.close(1008, "too many messages")
                    continue
                text = message.get("text")
                try:
                    data = parse_message(text if text is not None else message.get("bytes"))
                    dispatch(room, client, data)
                except Bad as exc:
                    client.send(error(str(exc)))
        except WebSocketDisconnect:
            pass
        finally:
            room.detach(client)
            client.close(1000, "bye")
            try:
                await asyncio.wait_for(writer, timeout=2.0)
            except (TimeoutError, Exception):
                writer.cancel()

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [
        Route("/", teacher_page),
        Route("/favicon.ico", no_icon),
        Route("/join", join_page),
        Route("/r/{code}", student_page),
        Route("/static/{name}", static_file),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms", list_rooms, methods=["GET"]),
        Route("/api/rooms/{code}", get_room),
        Route("/api/rooms/{code}/record", get_record),
        Route("/api/rooms/{code}/qr.svg", get_qr),
        WebSocketRoute("/ws/{code}", room_socket),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    app.state.started = time.time()
    app.state.max_message = MAX_MESSAGE_BYTES
    return app
