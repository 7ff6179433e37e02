"""One room: its seats, its game, its bots and its clocks — the server is the host.

A :class:`Room` is the cached copy of what the :class:`~liverpool_rooms.store.Store` holds.
Every change goes to the database first (an action is committed before anyone hears of it);
if that write fails — another process wrote first, the disk is full — the room is reloaded
from the database and the client told, so memory never runs ahead of the truth. Rows that no
longer rebuild (damaged meanwhile) make the room :class:`Unreadable`, as at start-up: its
screens are told so and closed, and the other rooms go on.

The room runs the table's clocks, never a client:

* **bots** act after ``bot_seconds`` (a pace people can follow; short in tests), thinking in a
  worker thread so a slow bot does not hold up the other rooms;
* **the buy window**: when the player to draw declines the discard, every player who may buy
  is asked at once and has ``rules.buy_timer_seconds`` to answer; answers are applied in the
  rules' order as each player's turn to answer comes, and silence is a pass, decided here;
* **the idle turn**: a turn untouched for ``rules.idle_turn_seconds`` is played by
  :meth:`Game.idle_action <liverpool.Game.idle_action>` — draw, then discard the card drawn —
  and the rest of that turn follows at the bots' pace;
* a rummy call waits ``buy_timer_seconds`` (silence passes); other out-of-turn decisions (a card
  to give, a Liverpool discard, the cut) wait ``idle_turn_seconds``.

A room's timers are the preset's (``online``: 12 s and 90 s) unless the room was made with
others; they are written into the room's :class:`~liverpool.Rules`, so the saved record says
how the match was timed. ``None`` means no clock: that decision waits for its player.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import sqlite3
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from liverpool import Game, IllegalAction, LiverpoolError, Phase, PlayerView, Rules, Setup
from liverpool.actions import Action, Buy, Pass, action_from_dict, action_to_dict
from liverpool.bots import LEVELS, make, seat_seed
from liverpool.bots.base import Bot
from liverpool.record import rules_from_dict, rules_to_dict
from liverpool.words import counted

from .protocol import (
    Bad,
    Deadline,
    clean_name,
    error,
    legal_dicts,
    log_lines,
    view_dict,
)
from .store import RoomRow, SeatRow, StaleRoom, Store, token_digest

__all__ = [
    "LOG_LINES",
    "NOT_IDENTIFIED",
    "NO_ROOM",
    "Conn",
    "Room",
    "RoomConfig",
    "Seat",
    "Unreadable",
    "rebuilding",
]

log = logging.getLogger("liverpool_rooms")

LOG_LINES = 40
"""How many of the latest log lines each state message carries."""

RESERVED_NAMES = frozenset({"you"})
"""Names no student may take: each seat's log says "You" for its own moves, so a player called
You would make the others read their moves as their own."""

MAX_WAITING = 16
"""Screens of one room that have not yet said who they are (join, resume, host or watch).
Anyone may open one, so when more come the oldest is closed: a newcomer is never turned away
at the door, and the teacher's or a student's screen, which says who it is at once, gets in
even while strangers' silent sockets pile up."""

MAX_WATCHERS = 16
"""Projector screens (``watch``) one room shows at once. Watching needs no token, so watchers
have their own cap, checked when a screen asks to watch: they can never fill the places the
teacher and the students need."""

MAX_SCREENS = 8
"""Screens one seat (or the teacher) may have open at once in a room: more than any person
uses (a phone, a laptop, a tab left open), few enough that one token cannot fill a room."""

NOT_IDENTIFIED = "Join, come back to your seat, or watch: this screen did not say which."
"""Sent to a screen closed before it said who it is (too slow, or pushed out by newer ones);
a student's page still on its join form reconnects quietly on reading it."""

NO_ROOM = 4404
"""How a room's socket is closed when there is no such room, or it cannot be opened."""

StateHook = Callable[["Room", "Conn", dict[str, Any]], None]


class Unreadable(Exception):
    """A stored room that cannot be rebuilt (a saved move no longer replays, a damaged row):
    its text says so to whoever asks for that room, while every other room goes on."""


UnreadableHook = Callable[["Room", Unreadable], None]


def _unreadable_detail(exc: Exception) -> str:
    """What went wrong in a stored room, for the teacher who reads the log or the page: the
    engine's own sentence for a move that no longer replays, the damaged part otherwise
    (a bare ``KeyError`` prints only the key)."""
    if isinstance(exc, json.JSONDecodeError):
        return f"a saved row is not readable JSON: {exc.msg} at character {exc.pos}"
    if isinstance(exc, KeyError):
        return f"a saved row lacks {exc.args[0]!r}" if exc.args else "a saved row lacks a field"
    text = str(exc)
    return text if text else type(exc).__name__


@contextlib.contextmanager
def rebuilding(code: str) -> Iterator[None]:
    """Around reading room ``code`` from the store and replaying it (at start-up, or when the
    room reloads after a failed write): whatever a damaged row raises — a row that is not
    JSON or lacks a field, every ``LiverpoolError`` of a move that no longer replays — becomes
    :class:`Unreadable`, worded for the teacher and logged, so that room alone is refused. A
    database error passes unchanged: the database itself (busy, damaged) is every room's
    problem, not this one's."""
    try:
        yield
    except sqlite3.Error:
        raise
    except Exception as exc:
        why = (
            f"Room {code} cannot be opened: its saved game no longer replays "
            f"({_unreadable_detail(exc)}). The other rooms are not affected."
        )
        log.error("%s", why)
        raise Unreadable(why) from None


class Conn(Protocol):
    """What a room needs of one client connection (the server's WebSocket wrapper)."""

    seat: int | None
    host: bool
    watching: bool
    wants_table: bool
    """Whether this screen draws the card table (it is then sent the table's model)."""
    table: Any
    """The screen's own table state (:class:`~liverpool_rooms.tables.TableSession`)."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for this client (never blocks)."""

    def send_state(self, make: Callable[[], dict[str, Any] | None]) -> None:
        """Queue this client's state, made by ``make()`` when its turn to be sent comes (a
        state still waiting is replaced, not repeated)."""

    def close(self, code: int, reason: str) -> None:
        """Close this connection after what is queued."""


@dataclass
class Seat:
    """One seat: ``kind`` ``human`` (a player's name and token digest once taken) or ``bot``."""

    seat: int
    kind: str
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None

    def row(self) -> SeatRow:
        return SeatRow(self.seat, self.kind, self.level, self.name, self.token_hash)

    @classmethod
    def of(cls, row: SeatRow) -> Seat:
        return cls(row.seat, row.kind, row.level, row.name, row.token_hash)

    @property
    def free(self) -> bool:
        """A human seat nobody holds."""
        return self.kind == "human" and self.token_hash is None

    def bot_name(self) -> str:
        """Counted as people count seats ("Bot 3" plays the third seat), as the pages show
        them; the wire and Python count from 0."""
        return f"Bot {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class RoomConfig:
    """How a room plays: its rules (timers included) and the bots' pace."""

    rules: Rules
    bot_seconds: float = 1.0

    def to_dict(self) -> dict[str, Any]:
        return {"rules": rules_to_dict(self.rules), "bot_seconds": self.bot_seconds}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoomConfig:
        return cls(rules_from_dict(data["rules"]), float(data.get("bot_seconds", 1.0)))


def parse_seat_kind(text: str) -> tuple[str, str | None]:
    """``"human"`` or ``"bot:LEVEL"`` (``"bot"`` alone is a basic bot) as (kind, level);
    :class:`Bad` naming the choices otherwise."""
    word = text.strip().lower()
    if word == "human":
        return "human", None
    if word == "bot":
        return "bot", "basic"
    if word.startswith("bot:") and word[4:] in LEVELS:
        return "bot", word[4:]
    choices = ", ".join(["human"] + [f"bot:{lv}" for lv in LEVELS])
    raise Bad(f"A seat is one of {choices}; {text[:20]!r} is not.")


@dataclass
class BuyWindow:
    """The buy window for one declined discard: everyone who may buy, asked at once."""

    opened_at: int
    """The number of actions when it opened (it belongs to that discard)."""
    eligible: tuple[int, ...]
    """The seats that may buy, in the order the rules ask them."""
    deadline: float | None
    answered: set[int] = field(default_factory=set)
    intents: dict[int, Action] = field(default_factory=dict)
    """Answers given before the seat's turn to answer came."""

    def waiting(self) -> list[int]:
        return [s for s in self.eligible if s not in self.answered and s not in self.intents]


class Room:
    """A room, as cached from the store (see the module's docstring)."""

    def __init__(
        self,
        store: Store,
        row: RoomRow,
        *,
        executor: Executor | None = None,
        teacher_key: str = "",
        state_hook: StateHook | None = None,
        on_unreadable: UnreadableHook | None = None,
    ) -> None:
        self.store = store
        self.code = row.code
        self.executor = executor
        self.teacher_key = teacher_key
        self.state_hook = state_hook
        self.on_unreadable = on_unreadable
        """Told when a reload finds the stored room no longer rebuilds (the hub refuses it
        from then on, as at start-up)."""
        self.unreadable: str | None = None
        """Why the room can no longer be opened, once a reload found it so: it plays no more."""
        self.conns: set[Conn] = set()
        self._waiting: dict[Conn, None] = {}
        """The screens that have not yet said who they are, oldest first (:meth:`attach`)."""
        self.reveal = False
        self._public: tuple[Game, int, dict[str, Any], list[str]] | None = None
        self._views_key: tuple[Game, int] | None = None
        self._views: dict[int, PlayerView] = {}
        self._legal: tuple[Game, int, tuple[Action, ...]] | None = None
        self._task: asyncio.Task[None] | None = None
        self._load(row)

    # -- loading -----------------------------------------------------------------------------
    def _load(self, row: RoomRow) -> None:
        """Rebuild everything from the stored rows (the setup plus every action, replayed).

        Everything is made before any of it replaces the cached copy: a row that does not
        rebuild raises with the room as it was, never half replaced."""
        config = RoomConfig.from_dict(row.config)
        seats = [Seat.of(s) for s in row.seats]
        game: Game | None = None
        bots: dict[int, Bot] = {}
        last_at = time.time()
        if row.setup is not None:
            setup = Setup.new(
                config.rules, row.setup["players"], row.setup["seed"], row.setup["dealer"]
            )
            game = Game.from_setup(setup)
            for stored in row.actions:
                played_for = stored.how == "timer"  # the clock's moves, not the player's
                game.apply(
                    action_from_dict(stored.action), player=stored.seat, automatic=played_for
                )
            bots = {
                s.seat: make(s.level or "basic", seat_seed(setup.seed, s.seat))
                for s in seats
                if s.kind == "bot"
            }
            if row.actions:
                # A restarted server gives the decision pending its whole time again.
                last_at = max(row.actions[-1].at, time.time())
        self.config = config
        self.host_hash = row.host_hash
        self.status = row.status
        self.seats = seats
        self.game: Game | None = game
        self.bots: dict[int, Bot] = bots
        self.window: BuyWindow | None = None
        self.auto: tuple[int, int] | None = None
        self.last_at = last_at
        if game is not None:
            self._open_window()

    def reload(self) -> None:
        """Drop the cached copy and read the room again from the database.

        If the stored room no longer rebuilds (a row damaged meanwhile), the room is refused
        as at start-up (:meth:`_refuse`) instead of raising into whoever asked."""
        try:
            with rebuilding(self.code):
                row = self.store.load(self.code)
                if row is None:  # pragma: no cover - rooms are never deleted
                    raise Bad("This room no longer exists.")
                self._load(row)
        except Unreadable as refusal:
            self._refuse(refusal)
            return
        self.broadcast_lobby()
        self.broadcast()
        self.schedule()

    def _refuse(self, refusal: Unreadable) -> None:
        """The stored room no longer rebuilds: its clock stops, every screen is told why (the
        start-up's sentence) and closed, and the hub (``on_unreadable``) refuses the room from
        now on. The cached copy stays whole, but nothing more is played on it."""
        self.unreadable = str(refusal)
        self.stop()
        for conn in list(self.conns):
            conn.send(error(self.unreadable))
            conn.close(NO_ROOM, "the room cannot be opened")
        if self.on_unreadable is not None:
            self.on_unreadable(self, refusal)

    # -- what anyone may read ----------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.config.rules

    @property
    def seq(self) -> int:
        """The number of actions applied: a state with a larger ``seq`` is newer."""
        return 0 if self.game is None else len(self.game.actions)

    def seat_names(self) -> list[str | None]:
        return [s.bot_name() if s.kind == "bot" else s.name for s in self.seats]

    def lobby(self) -> dict[str, Any]:
        """The ``lobby`` message: the seats, who holds them and who is connected (no token)."""
        online = {c.seat for c in self.conns if c.seat is not None}
        names = self.game.names if self.game is not None else self.seat_names()
        return {
            "type": "lobby",
            "code": self.code,
            "status": self.status,
            "rules": self.rules.name,
            "buy_seconds": self.rules.buy_timer_seconds,
            "idle_turn_seconds": self.rules.idle_turn_seconds,
            "bot_seconds": self.config.bot_seconds,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "level": s.level,
                    "name": names[s.seat],
                    "taken": s.kind == "bot" or s.token_hash is not None,
                    "connected": s.kind == "bot" or s.seat in online,
                }
                for s in self.seats
            ],
            "seq": self.seq,
        }

    def public(self) -> dict[str, Any]:
        """The lobby and the public table (``GET /api/rooms/{code}``): no hand, no stock order."""
        data = self.lobby()
        del data["type"]
        data["view"] = None
        data["log"] = []
        if self.game is not None:
            data["view"] = view_dict(self.game.view(self.game.turn_player), hand=False)
            data["log"] = log_lines(self.game.log[-LOG_LINES:], None)
            deadline = self.deadline()
            data["deadline"] = None if deadline is None else deadline.to_dict()
        return data

    def view_of(self, seat: int) -> PlayerView:
        """``game.view(seat)``, made once per step of the game (a seat's state and its table
        both read it)."""
        game = self.game
        assert game is not None
        seq = len(game.actions)
        key = self._views_key
        if key is None or key[0] is not game or key[1] != seq:
            self._views_key, self._views = (game, seq), {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = game.view(seat)
        return view

    def legal_for(self, seat: int) -> list[Action]:
        """What ``seat`` may do now ([] when it has no decision)."""
        game = self.game
        if game is None or game.is_over or self.status != "playing":
            return []
        window = self.window
        if game.phase is Phase.BUY and window is not None:
            if seat in window.eligible and seat not in window.answered:
                return [] if seat in window.intents else [Buy(), Pass()]
            return []
        if game.to_act != seat:
            return []
        seq = len(game.actions)
        cached = self._legal
        if cached is None or cached[0] is not game or cached[1] != seq:
            # Asked for the seat's state, its table and its clicks: the engine once a step.
            cached = self._legal = (game, seq, tuple(game.legal_actions()))
        return list(cached[2])

    def deadline(self) -> Deadline | None:
        """The clock the room is running now, if any."""
        game = self.game
        if game is None or game.is_over or self.status != "playing":
            return None
        seat = game.to_act
        assert seat is not None
        rules = self.rules
        if game.phase is Phase.BUY and self.window is not None:
            humans = tuple(s for s in self.window.waiting() if self.seats[s].kind == "human")
            if self.window.deadline is None or not humans:
                return None
            return Deadline("buy", humans, self.window.deadline, rules.buy_timer_seconds or 0.0)
        if self.seats[seat].kind == "bot":
            return None
        if game.phase is Phase.RUMMY_CALL:
            kind, seconds = "call", rules.buy_timer_seconds
        else:
            kind, seconds = "turn", rules.idle_turn_seconds
        if seconds is None:
            return None
        return Deadline(kind, (seat,), self.last_at + seconds, seconds)

    def _state(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` message of ``seat`` (``None``: the public one, for projectors)."""
        game = self.game
        assert game is not None
        deadline = self.deadline()
        if seat is None:
            # The public view and log are the same for every projector: made once a step.
            cached = self._public
            if cached is None or cached[0] is not game or cached[1] != self.seq:
                view = view_dict(game.view(game.turn_player), hand=False)
                log = log_lines(game.log[-LOG_LINES:], None)
                cached = self._public = (game, self.seq, view, log)
            view, log = cached[2], cached[3]
        else:
            view = view_dict(self.view_of(seat), hand=True)
            log = log_lines(game.log[-LOG_LINES:], seat)
        return {
            "type": "state",
            "seq": self.seq,
            "status": self.status,
            "view": view,
            "legal": legal_dicts(self.legal_for(seat)) if seat is not None else [],
            "deadline": None if deadline is None else deadline.to_dict(),
            "log": log,
        }

    def _finish(self, conn: Conn, message: dict[str, Any]) -> dict[str, Any]:
        """What only this connection gets beside its state: open hands on the host's own
        screen during a demonstration, the card table's model for the room's pages."""
        game = self.game
        assert game is not None
        if conn.host and self.reveal:
            message = dict(message)
            message["open_hands"] = {
                "note": "Every hand is shown: this is a demonstration screen.",
                "hands": [[c.code for c in game.hand(i)] for i in range(game.players)],
            }
        if self.state_hook is not None and conn.wants_table:
            message = dict(message)
            self.state_hook(self, conn, message)
        return message

    def state_for(self, conn: Conn) -> dict[str, Any] | None:
        """The ``state`` message for one connection (``None`` before the match starts)."""
        if self.game is None:
            return None
        return self._finish(conn, self._state(conn.seat))

    # -- telling the clients -----------------------------------------------------------------
    def send_state(self, conn: Conn) -> None:
        """Queue ``conn``'s state: it is made when it is sent (the newest, once)."""
        conn.send_state(lambda: self.state_for(conn))

    def broadcast(self) -> None:
        """Send every connection its own state."""
        if self.game is None:
            return
        for conn in list(self.conns):
            if conn.seat is not None or conn.host or conn.watching:
                self.send_state(conn)

    def broadcast_lobby(self) -> None:
        message = self.lobby()
        for conn in list(self.conns):
            conn.send(message)

    # -- who is who --------------------------------------------------------------------------
    def attach(self, conn: Conn) -> None:
        """A new screen, not yet saying who it is. Nobody is turned away here, before it is
        known who is asking: when :data:`MAX_WAITING` screens already wait, the oldest of them
        is closed instead, and the caps that protect the room are checked when a screen says
        who it is (:meth:`_admit`)."""
        self.conns.add(conn)
        self._waiting[conn] = None
        while len(self._waiting) > MAX_WAITING:
            oldest = next(iter(self._waiting))
            del self._waiting[oldest]
            self.conns.discard(oldest)
            oldest.send(error(NOT_IDENTIFIED))
            oldest.close(1013, "too many screens waiting to say who they are")

    def _admit(
        self, conn: Conn, *, seat: int | None = None, host: bool = False, watch: bool = False
    ) -> None:
        """Let ``conn`` in as what it asks to be (a seat, the host, a projector) if that has
        room (:class:`Bad` saying what to close if not), and stop counting it as waiting.

        Projectors need no token, so they have their own cap (:data:`MAX_WATCHERS`); a seat or
        the teacher, who prove who they are with a token, are limited only to
        :data:`MAX_SCREENS` screens of their own, so strangers can never lock them out."""
        if watch:
            if sum(c.watching for c in self.conns) >= MAX_WATCHERS:
                raise Bad(
                    f"This room already shows {MAX_WATCHERS} projector screens: close one of "
                    "them to open another."
                )
        else:
            same = sum(
                1
                for c in self.conns
                if c is not conn and ((host and c.host) or (seat is not None and c.seat == seat))
            )
            if same >= MAX_SCREENS:
                whose = "The teacher's page" if host else "This seat"
                raise Bad(
                    f"{whose} is open on {MAX_SCREENS} screens already: close one of them first."
                )
        self._waiting.pop(conn, None)

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        self._waiting.pop(conn, None)
        if conn.seat is not None:
            self.broadcast_lobby()

    def _check_unseated(self, conn: Conn) -> None:
        if conn.seat is not None:
            raise Bad("You already have a seat in this room.")

    def join(self, conn: Conn, raw_name: str, want: int | None = None) -> None:
        """Seat a new player: in the lobby a free human seat; in a started match a seat the
        teacher freed (the seat keeps its name). Sends ``welcome`` with the seat's token."""
        self._check_unseated(conn)
        name = clean_name(raw_name)
        if self.status == "over":
            raise Bad("This match is over: ask your teacher for a new room.")
        free = [s for s in self.seats if s.free]
        if want is not None:
            self._check_seat(want)
            free = [s for s in free if s.seat == want]
            if not free:
                held = "a bot plays it" if self.seats[want].kind == "bot" else "a student has it"
                raise Bad(f"That seat is not free ({held}): choose another one.")
        if not free:
            raise Bad("Every seat is taken: ask your teacher for a seat.")
        seat = free[0]
        if self.game is None:
            taken = {
                (s.bot_name() if s.kind == "bot" else (s.name or "")).casefold(): s
                for s in self.seats
            }
            holder = taken.get(name.casefold())
            if holder is not None:
                called = holder.bot_name() if holder.kind == "bot" else holder.name
                raise Bad(f"Someone here is already called {called}: choose another name.")
            if name.casefold().startswith("bot ") and name[4:].strip().isdigit():
                raise Bad("Names like that are kept for the bots: choose another name.")
            if name.casefold() in RESERVED_NAMES:
                raise Bad(
                    f"Nobody here may be called {name}: the table says “you” to each player, "
                    "so the others could not tell your moves from their own. Choose another name."
                )
        else:
            name = self.game.names[seat.seat]
        self._admit(conn, seat=seat.seat)
        token = secrets.token_urlsafe(24)
        digest = token_digest(token)
        try:
            self.store.claim_seat(self.code, seat.seat, name, digest)
        except StaleRoom:
            self.reload()
            raise Bad("That seat was just taken: try again.") from None
        seat.name, seat.token_hash = name, digest
        conn.seat = seat.seat
        conn.send(
            {"type": "welcome", "seat": seat.seat, "token": token, "name": name, "code": self.code}
        )
        self.broadcast_lobby()
        self.send_state(conn)

    def resume(self, conn: Conn, token: str) -> None:
        """The seat whose token this is, again (every seat compared in constant time)."""
        self._check_unseated(conn)
        digest = token_digest(token)
        found: int | None = None
        for s in self.seats:
            if hmac.compare_digest(digest, s.token_hash or "-" * len(digest)) and s.token_hash:
                found = s.seat
        if found is None:
            raise Bad("That token does not open a seat in this room: join with your name.")
        self._admit(conn, seat=found)
        conn.seat = found
        name = self.game.names[found] if self.game is not None else self.seats[found].name
        conn.send(
            {"type": "welcome", "seat": found, "token": token, "name": name, "code": self.code}
        )
        self.broadcast_lobby()
        self.send_state(conn)

    def is_host_token(self, token: str) -> bool:
        """Whether ``token`` is this room's host token or the server's teacher key."""
        ok_host = hmac.compare_digest(token_digest(token), self.host_hash)
        ok_key = bool(self.teacher_key) and hmac.compare_digest(
            token.encode("utf-8", "surrogatepass"), self.teacher_key.encode()
        )
        return ok_host or ok_key

    def host(self, conn: Conn, token: str) -> None:
        if not self.is_host_token(token):
            raise Bad("That is not this room's host token: only the teacher runs the room.")
        self._admit(conn, host=True)
        conn.host = True
        conn.send({"type": "welcome", "seat": conn.seat, "host": True, "code": self.code})
        conn.send(self.lobby())
        self.send_state(conn)

    def watch(self, conn: Conn) -> None:
        self._admit(conn, watch=True)
        conn.watching = True
        conn.send({"type": "welcome", "seat": None, "watch": True, "code": self.code})
        conn.send(self.lobby())
        self.send_state(conn)

    # -- host powers -------------------------------------------------------------------------
    def _check_host(self, conn: Conn) -> None:
        if not conn.host:
            raise Bad("Only the teacher (the room's host) may do that.")

    def _check_seat(self, seat: int) -> None:
        """:class:`Bad` for a seat number the room does not have. The sentence counts the
        seats rather than naming the wire's numbers, which start at 0 where the pages start
        at 1 ("seat 1" is the first)."""
        if not 0 <= seat < len(self.seats):
            raise Bad(f"There is no such seat: this room has {counted(len(self.seats), 'seat')}.")

    def kick(self, conn: Conn, seat: int) -> None:
        """Free a human seat: its token stops working and its screens are told."""
        self._check_host(conn)
        self._check_seat(seat)
        target = self.seats[seat]
        if target.kind != "human" or target.token_hash is None:
            raise Bad("That seat has no player to remove.")
        self.store.release_seat(self.code, seat, keep_name=self.game is not None)
        target.token_hash = None
        if self.game is None:
            target.name = None
        for other in list(self.conns):
            if other.seat == seat:
                other.seat = None
                other.send({"type": "kicked", "message": "The teacher freed your seat."})
                other.close(4001, "removed by the host")
        self.broadcast_lobby()

    def set_seat(self, conn: Conn, seat: int, kind_text: str) -> None:
        """Make a lobby seat human or a bot of some level (a seated player is moved out); in a
        match under way, hand a seat to a bot (:meth:`_bot_takes_seat`) or a bot's seat back
        to the students (:meth:`_free_bot_seat`)."""
        self._check_host(conn)
        self._check_seat(seat)
        kind, level = parse_seat_kind(kind_text)
        if self.status != "lobby":
            if self.status != "playing" or self.game is None:
                raise Bad("The match is over: seats no longer change.")
            if kind == "human":
                self._free_bot_seat(seat)
            else:
                assert level is not None
                self._bot_takes_seat(conn, seat, level)
            return
        target = self.seats[seat]
        if target.kind == "human" and target.token_hash is not None:
            if kind == "human":
                raise Bad(f"That seat is already {target.name}'s: there is nothing to change.")
            self.kick(conn, seat)
        updated = replace(target, kind=kind, level=level, name=None, token_hash=None)
        try:
            self.store.save_seat(self.code, updated.row())
        except StaleRoom:
            self.reload()
            raise Bad("The room changed meanwhile: look again and retry.") from None
        self.seats[seat] = updated
        self.broadcast_lobby()

    def _bot_takes_seat(self, conn: Conn, seat: int, level: str) -> None:
        """A bot plays ``seat`` from now on, so a student who left does not stall the room
        (a room with no clocks would wait for them for ever): made as :meth:`start` makes
        bots, from the match's seed and the seat, and stored, so a restarted server rebuilds
        the same bot. A student still seated there is moved out first; the name stays."""
        target = self.seats[seat]
        if target.kind == "bot" and target.level == level:
            # Nothing would change but the bot's dice, started again: say so instead.
            raise Bad(f"A {level} bot already plays that seat: there is nothing to change.")
        if target.kind == "human" and target.token_hash is not None:
            self.kick(conn, seat)
            target = self.seats[seat]
        try:
            self.store.bot_takes_seat(self.code, seat, level)
        except StaleRoom:
            self.reload()
            raise Bad("The room changed meanwhile: look again and retry.") from None
        self.seats[seat] = replace(target, kind="bot", level=level, token_hash=None)
        assert self.game is not None  # set_seat checked the match is under way
        self.bots[seat] = make(level, seat_seed(self.game.seed, seat))
        self.broadcast_lobby()
        self.broadcast()
        self.schedule()  # its turn now: it plays at once

    def _free_bot_seat(self, seat: int) -> None:
        """A bot's seat in a match under way is free again, for a student who comes late (or
        one who left and is back) to take over, as a seat the teacher freed with ✕ is: its
        name and hand stay, and the match waits at that seat for whoever joins it — or for a
        bot again. A move the bot was still thinking over is dropped: :meth:`schedule` cancels
        it."""
        target = self.seats[seat]
        if target.kind == "human":
            held = f"{target.name}'s" if target.token_hash is not None else "free for a student"
            raise Bad(f"That seat is already {held}: there is nothing to change.")
        try:
            self.store.free_bot_seat(self.code, seat)
        except StaleRoom:
            self.reload()
            raise Bad("The room changed meanwhile: look again and retry.") from None
        self.seats[seat] = replace(target, kind="human", level=None, token_hash=None)
        self.bots.pop(seat, None)
        self.broadcast_lobby()
        self.broadcast()
        self.schedule()  # no bot move any more: the seat's clock, if the rules have one

    def fill(self, conn: Conn, level: str) -> None:
        """Every free human seat becomes a bot of ``level`` (in the lobby, or in a match under
        way: a seat whose student left)."""
        self._check_host(conn)
        if level not in LEVELS:
            raise Bad(f"There is no bot called {level[:20]!r}; choose from {', '.join(LEVELS)}.")
        if self.status == "over":  # said first: "no free seat" would suggest there may be
            raise Bad("The match is over: seats no longer change.")
        free = [s.seat for s in self.seats if s.free]
        if not free:
            raise Bad("Every seat is taken: there is no free seat to fill.")
        for seat in free:
            self.set_seat(conn, seat, f"bot:{level}")

    def set_reveal(self, conn: Conn, on: bool) -> None:
        """Open every hand on the host's own screens (a demonstration), or close them."""
        self._check_host(conn)
        self.reveal = on
        for other in list(self.conns):
            if other.host:
                self.send_state(other)

    def start(self, conn: Conn) -> None:
        """Close the lobby and deal: every seat must be held (or be a bot)."""
        self._check_host(conn)
        if self.status != "lobby":
            raise Bad("The match has already started.")
        empty = sum(s.free for s in self.seats)
        if empty == 1:
            raise Bad("A seat is still empty: wait for a player or fill it with a bot.")
        if empty:
            raise Bad(f"{empty} seats are still empty: wait for players or fill them with bots.")
        names = self.seat_names()
        assert all(names)
        seed = secrets.randbelow(2**32)
        try:
            setup = Setup.new(self.rules, [n or "" for n in names], seed, 0)
        except LiverpoolError as exc:
            raise Bad(str(exc)) from None
        record = {"players": list(setup.names), "seed": seed, "dealer": 0}
        try:
            self.store.start(self.code, record, [s.row() for s in self.seats])
        except StaleRoom:
            self.reload()
            raise Bad("The room changed meanwhile: look again and retry.") from None
        self.status = "playing"
        self.game = Game.from_setup(setup)
        self.bots = {
            s.seat: make(s.level or "basic", seat_seed(seed, s.seat))
            for s in self.seats
            if s.kind == "bot"
        }
        self.last_at = time.time()
        self.broadcast_lobby()
        self.broadcast()
        self.schedule()

    # -- playing -----------------------------------------------------------------------------
    def act(self, conn: Conn, raw: dict[str, Any], raw_seq: object = None) -> None:
        """A player's move (an action as a saved record writes it); ``raw_seq``, when the
        client sends it, is the ``seq`` of the state it was looking at (a move made on a state
        that has since changed is refused as too late, not as a mistake)."""
        seat = conn.seat
        if seat is None:
            raise Bad("Join the room (or come back to your seat) before you play.")
        game = self.game
        if game is None or self.status == "lobby":
            raise Bad("The match has not started yet: wait for your teacher to start it.")
        try:
            action = action_from_dict(raw)
        except LiverpoolError as exc:
            raise Bad(_move_problem(raw, exc)) from None
        window = self.window
        if (
            game.phase is Phase.BUY
            and window is not None
            and seat != game.to_act
            and seat in window.eligible
            and seat not in window.answered
        ):
            if not isinstance(action, Buy | Pass):
                raise Bad("The discard is offered to buy now: buy it or pass.")
            if seat in window.intents:
                raise Bad("You have already answered this offer.")
            if not game.rules.buying:  # pragma: no cover - no window without buying
                raise Bad("These rules have no buying.")
            if isinstance(action, Buy):
                why = game.why_not_buy(seat)
                if why:
                    raise Bad(why)
            window.intents[seat] = action
            self.broadcast()
            return
        try:
            self.apply(seat, action, "player")
        except IllegalAction as exc:
            seen = raw_seq if isinstance(raw_seq, int) and not isinstance(raw_seq, bool) else None
            if seen is not None and seen < self.seq:
                self.send_state(conn)
                raise Bad(f"Too late: the table changed before your move arrived. {exc}") from None
            raise Bad(str(exc)) from None

    def apply(self, seat: int, action: Action, how: str) -> None:
        """Apply, store (committed), then tell everyone and wind the clocks.

        :class:`~liverpool.IllegalAction` if the engine refuses: nothing changes. If the store
        refuses, the room is reloaded from it and the move is reported lost.
        """
        game = self.game
        assert game is not None
        before = game.phase
        game.apply(action, player=seat, automatic=how == "timer")  # a review skips those
        number = len(game.actions)
        try:
            self.last_at = self.store.append(
                self.code, number, seat, action_to_dict(action), how, over=game.is_over
            )
        except (StaleRoom, sqlite3.Error) as exc:
            log.warning("room %s: action %d not stored (%s); reloading", self.code, number, exc)
            self.reload()
            raise Bad("The room changed elsewhere; your table is up to date again.") from None
        if how == "player":
            self.auto = None
        if self.window is not None:
            if before is Phase.BUY:
                self.window.answered.add(seat)
                self.window.intents.pop(seat, None)
            if game.phase is not Phase.BUY:
                self.window = None
        self._open_window()
        if game.is_over:
            self.status = "over"
            self.broadcast_lobby()
        self.broadcast()
        self.schedule()

    def _open_window(self) -> None:
        """Open the buy window for the discard just declined (once per discard)."""
        game = self.game
        assert game is not None
        if game.phase is not Phase.BUY or self.window is not None:
            return
        eligible = game.buyers()
        # After a restart mid-window, the seats asked before the one to answer have answered.
        asked = eligible.index(game.to_act) if game.to_act in eligible else 0
        seconds = self.rules.buy_timer_seconds
        self.window = BuyWindow(
            opened_at=self.seq,
            eligible=eligible,
            deadline=None if seconds is None else self.last_at + seconds,
            answered=set(eligible[:asked]),
        )

    def schedule(self) -> None:
        """Decide what the room waits for now and set the one timer that will act."""
        current = asyncio.current_task()
        if self._task is not None and self._task is not current and not self._task.done():
            self._task.cancel()
        self._task = None
        game = self.game
        if game is None or game.is_over or self.status != "playing":
            return
        seat = game.to_act
        assert seat is not None
        window = self.window
        expected = self.seq
        if game.phase is Phase.BUY and window is not None and seat in window.intents:
            self._later(0.0, expected, self._apply_intent)
        elif self.seats[seat].kind == "bot":
            self._later(self.config.bot_seconds, expected, self._bot_move)
        elif (
            self.auto is not None
            and self.auto == (seat, game.view(seat).turn_no)
            and game.phase not in (Phase.BUY, Phase.RUMMY_CALL)
        ):
            self._later(self.config.bot_seconds, expected, self._idle_move)
        else:
            deadline = self.deadline()
            if deadline is not None:
                self._later(max(0.0, deadline.at - time.time()), expected, self._idle_move)

    def _later(
        self, delay: float, expected: int, step: Callable[[], Coroutine[Any, Any, None]]
    ) -> None:
        async def run() -> None:
            if delay > 0:
                await asyncio.sleep(delay)
            if self.seq != expected or self.game is None:
                return
            try:
                await step()
            except asyncio.CancelledError:
                raise
            except Bad as exc:
                log.warning("room %s: %s", self.code, exc)
            except Exception:  # a bot or a timer must never take the room down
                log.exception("room %s: the %s step failed", self.code, step.__name__)

        self._task = asyncio.get_running_loop().create_task(run())

    async def _apply_intent(self) -> None:
        game, window = self.game, self.window
        assert game is not None and window is not None
        seat = game.to_act
        assert seat is not None
        action = window.intents.pop(seat)
        try:
            self.apply(seat, action, "player")
        except IllegalAction:
            # The offer changed under the answer (a buy no longer allowed): silence passes.
            self.apply(seat, Pass(), "timer")

    async def _bot_move(self) -> None:
        game = self.game
        assert game is not None
        seat = game.to_act
        assert seat is not None
        expected = self.seq
        view, legal = game.view(seat), game.legal_actions()
        bot = self.bots[seat]
        if self.executor is None:
            action = bot.act(view, legal)
        else:
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self.executor, bot.act, view, legal)
        if self.seq != expected or self.game is not game:
            return
        self.apply(seat, action, "bot")

    async def _idle_move(self) -> None:
        game = self.game
        assert game is not None
        seat = game.to_act
        assert seat is not None
        if game.phase not in (Phase.BUY, Phase.RUMMY_CALL):
            self.auto = (seat, game.view(seat).turn_no)
        self.apply(seat, game.idle_action(), "timer")

    def stop(self) -> None:
        """Stop the room's timer (the server is shutting down)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def record(self) -> str:
        """The saved-game record of the match (``Game.from_json`` replays it)."""
        if self.game is None:
            raise Bad("This match has not started: there is no record yet.")
        return self.game.to_json(indent=1)


def _move_problem(raw: dict[str, Any], exc: Exception) -> str:
    kind = raw.get("type")
    if not isinstance(kind, str):
        return 'A move needs a "type", such as "Discard" or "DrawStock".'
    if "unknown action" in str(exc):
        return f"There is no move called “{kind[:30]}”."
    detail = str(exc).split(": ", 1)[-1].rstrip(".")
    return f"That {kind[:30]} move could not be read: {detail}."
