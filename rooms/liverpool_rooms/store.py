"""The rooms' truth: an embedded SQLite database (the standard library's :mod:`sqlite3`).

Every room is three kinds of rows:

* ``rooms`` — its code, its status (``lobby``, ``playing``, ``over``), its configuration (the
  whole :class:`~liverpool.Rules` value with the room's timers written into it, and the bots'
  pace), the hash of its host token and, once started, its setup (the players' names, the
  seed, the first dealer: the head of a saved record);
* ``seats`` — one row per seat: human or bot (with its level), the player's name and the hash
  of the seat's token;
* ``actions`` — every applied action, numbered from 1, with the seat that made it and how it
  came (``player``, ``bot``, ``timer``).

A game is its setup plus its actions (:mod:`liverpool.setup`), so a room is rebuilt exactly by
replaying its rows. An action is inserted — and committed — before anyone is told of it; the
``(code, n)`` key makes a second writer of the same step fail instead of forking the game
(what lets several server processes share one database, see ``docs/rooms.md``).

Tokens are never stored, only their SHA-256 digests; :func:`token_digest` makes them and the
caller compares digests with :func:`hmac.compare_digest`.

The database runs in WAL mode. ``durable=False`` (the default) uses ``synchronous=NORMAL``: a
killed server process (``kill -9``) loses nothing, since every commit is already in the
write-ahead log; only a crash of the whole machine may lose the last moments.
``durable=True`` (``synchronous=FULL``) syncs every commit to the disk as well. Checkpoints
(copying the log into the database file, with its disk sync) run in a thread of their own every
second, never in the middle of a move.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "SCHEMA_VERSION",
    "ActionRow",
    "RoomRow",
    "RoomSummary",
    "SeatRow",
    "StaleRoom",
    "Store",
    "database_problem",
    "token_digest",
]

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    created REAL NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'over')),
    config TEXT NOT NULL,
    host_hash TEXT NOT NULL,
    setup TEXT,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES rooms (code),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
    level TEXT,
    name TEXT,
    token_hash TEXT,
    PRIMARY KEY (code, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES rooms (code),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    how TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, n)
) WITHOUT ROWID;
"""


@dataclass(frozen=True, slots=True)
class RoomSummary:
    """A room as a teacher's list shows it (:meth:`Store.summaries`): a seat's
    ``token_hash`` there only says whether it is held (``"held"``), never the digest."""

    code: str
    status: str
    rules: str
    created: float
    updated: float
    seats: tuple[SeatRow, ...]


class StaleRoom(Exception):
    """Another writer changed the room first (its cached copy must be reloaded)."""


def token_digest(token: str) -> str:
    """The SHA-256 digest (hex) under which a token is stored and compared."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of a room as stored."""

    seat: int
    kind: str
    level: str | None
    name: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One applied action as stored."""

    n: int
    seat: int
    action: dict[str, Any]
    how: str
    at: float


@dataclass(frozen=True, slots=True)
class RoomRow:
    """A whole room as stored: enough to rebuild it exactly."""

    code: str
    created: float
    status: str
    config: dict[str, Any]
    host_hash: str
    setup: dict[str, Any] | None
    seats: tuple[SeatRow, ...]
    actions: tuple[ActionRow, ...]


def database_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be this server's database, in a teacher's words, or ``None`` (it
    is one, or there is no file yet). Asked before the server says it is ready: a file that is
    not SQLite, another program's database or rooms of another schema would otherwise fail only
    once the server starts, after its banner."""
    path = Path(path)
    if not path.is_file() or path.stat().st_size == 0:
        return None
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:  # pragma: no cover - is_file() above: only a race
        return f"{path} cannot be opened: {exc}"
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        if not tables:
            return None
        if "meta" not in tables or "rooms" not in tables:
            return f"{path} is another program's database, not a rooms database"
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if row is not None and str(row[0]) != str(SCHEMA_VERSION):
            return (
                f"{path} holds rooms of schema {row[0]}; this server reads schema {SCHEMA_VERSION}"
            )
        return None
    except sqlite3.DatabaseError:
        return f"{path} is not a rooms database (not an SQLite file)"
    finally:
        db.close()


class Store:
    """The database of every room (one connection, used from the server's event loop)."""

    def __init__(
        self, path: str | Path, *, durable: bool = False, checkpoint_seconds: float = 1.0
    ) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if checkpoint_seconds > 0:
            # Copying the log into the database (and syncing it) happens in a thread of its
            # own, so a move never waits for it.
            self._db.execute("PRAGMA wal_autocheckpoint=0")
            self._checkpointer = threading.Thread(
                target=self._checkpoint_loop,
                args=(checkpoint_seconds,),
                name="liverpool-rooms-checkpoint",
                daemon=True,
            )
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        with self._transaction():
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            row = self._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if row is None:
                self._db.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
                )
            elif int(row[0]) != SCHEMA_VERSION:
                raise RuntimeError(
                    f"{self.path} holds rooms of schema {row[0]}; this server reads schema "
                    f"{SCHEMA_VERSION}"
                )
        if self._checkpointer is not None:
            self._checkpointer.start()

    def _checkpoint_loop(self, seconds: float) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            while not self._stop.wait(seconds):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:  # pragma: no cover - busy: the next round catches up
                    continue
        finally:
            db.close()

    def close(self) -> None:
        """Stop the checkpoints and close the database."""
        self._stop.set()
        if self._checkpointer is not None and self._checkpointer.is_alive():
            self._checkpointer.join(timeout=5)
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # -- rooms ---------------------------------------------------------------------------------
    def code_taken(self, code: str) -> bool:
        """Whether a room already has this code."""
        return (
            self._db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is not None
        )

    def create_room(
        self,
        code: str,
        config: dict[str, Any],
        host_hash: str,
        seats: Sequence[SeatRow],
    ) -> None:
        """A new room in the lobby (``sqlite3.IntegrityError`` if the code is taken)."""
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO rooms (code, created, status, config, host_hash, setup, updated) "
                "VALUES (?, ?, 'lobby', ?, ?, NULL, ?)",
                (code, now, json.dumps(config), host_hash, now),
            )
            db.executemany(
                "INSERT INTO seats (code, seat, kind, level, name, token_hash) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(code, s.seat, s.kind, s.level, s.name, s.token_hash) for s in seats],
            )

    def save_seat(self, code: str, seat: SeatRow) -> None:
        """Rewrite one seat in the lobby (its kind, level, player and token); :class:`StaleRoom`
        once the room has started."""
        with self._transaction() as db:
            cur = db.execute(
                "UPDATE seats SET kind = ?, level = ?, name = ?, token_hash = ? "
                "WHERE code = ? AND seat = ? "
                "AND (SELECT status FROM rooms WHERE code = ?) = 'lobby'",
                (seat.kind, seat.level, seat.name, seat.token_hash, code, seat.seat, code),
            )
            if cur.rowcount != 1:
                raise StaleRoom(code)

    def bot_takes_seat(self, code: str, seat: int, level: str) -> None:
        """A bot of ``level`` plays ``seat`` from now on in a match under way (its name stays,
        its token, if any, no longer works); :class:`StaleRoom` unless the room is playing."""
        with self._transaction() as db:
            cur = db.execute(
                "UPDATE seats SET kind = 'bot', level = ?, token_hash = NULL "
                "WHERE code = ? AND seat = ? "
                "AND (SELECT status FROM rooms WHERE code = ?) = 'playing'",
                (level, code, seat, code),
            )
            if cur.rowcount != 1:
                raise StaleRoom(code)

    def free_bot_seat(self, code: str, seat: int) -> None:
        """A bot's seat in a match under way is a free human seat again, for a student to take
        over (its name stays); :class:`StaleRoom` unless the room is playing and a bot holds
        the seat."""
        with self._transaction() as db:
            cur = db.execute(
                "UPDATE seats SET kind = 'human', level = NULL, token_hash = NULL "
                "WHERE code = ? AND seat = ? AND kind = 'bot' "
                "AND (SELECT status FROM rooms WHERE code = ?) = 'playing'",
                (code, seat, code),
            )
            if cur.rowcount != 1:
                raise StaleRoom(code)

    def release_seat(self, code: str, seat: int, *, keep_name: bool) -> None:
        """Take a seat from its player: the token no longer works (in a started match the
        name stays, for whoever takes the seat over)."""
        with self._transaction() as db:
            db.execute(
                "UPDATE seats SET token_hash = NULL, name = CASE WHEN ? THEN name ELSE NULL END "
                "WHERE code = ? AND seat = ?",
                (keep_name, code, seat),
            )

    def claim_seat(self, code: str, seat: int, name: str, token_hash: str) -> None:
        """Give a free human seat to a player: fails (:class:`StaleRoom`) if it was taken."""
        with self._transaction() as db:
            cur = db.execute(
                "UPDATE seats SET name = ?, token_hash = ? "
                "WHERE code = ? AND seat = ? AND kind = 'human' AND token_hash IS NULL",
                (name, token_hash, code, seat),
            )
            if cur.rowcount != 1:
                raise StaleRoom(code)

    def start(self, code: str, setup: dict[str, Any], seats: Sequence[SeatRow]) -> None:
        """The lobby closes: the seats as they are now and the match's setup are fixed."""
        with self._transaction() as db:
            cur = db.execute(
                "UPDATE rooms SET status = 'playing', setup = ?, updated = ? "
                "WHERE code = ? AND status = 'lobby'",
                (json.dumps(setup), time.time(), code),
            )
            if cur.rowcount != 1:
                raise StaleRoom(code)
            db.executemany(
                "UPDATE seats SET kind = ?, level = ?, name = ?, token_hash = ? "
                "WHERE code = ? AND seat = ?",
                [(s.kind, s.level, s.name, s.token_hash, code, s.seat) for s in seats],
            )

    def append(
        self, code: str, n: int, seat: int, action: dict[str, Any], how: str, *, over: bool
    ) -> float:
        """Store action number ``n`` (1-based) of the room, committed before this returns;
        :class:`StaleRoom` if that number is already taken (another writer got there first).
        ``over`` marks the match as finished in the same transaction. Returns its time."""
        now = time.time()
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO actions (code, n, seat, action, how, at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (code, n, seat, json.dumps(action, separators=(",", ":")), how, now),
                )
                db.execute(
                    "UPDATE rooms SET updated = ?, status = ? WHERE code = ?",
                    (now, "over" if over else "playing", code),
                )
        except sqlite3.IntegrityError:
            raise StaleRoom(code) from None
        return now

    def load(self, code: str) -> RoomRow | None:
        """Everything stored about a room (``None`` if there is no such room)."""
        row = self._db.execute(
            "SELECT code, created, status, config, host_hash, setup FROM rooms WHERE code = ?",
            (code,),
        ).fetchone()
        if row is None:
            return None
        seats = tuple(
            SeatRow(*r)
            for r in self._db.execute(
                "SELECT seat, kind, level, name, token_hash FROM seats WHERE code = ? "
                "ORDER BY seat",
                (code,),
            )
        )
        actions = tuple(
            ActionRow(n, seat, json.loads(action), how, at)
            for n, seat, action, how, at in self._db.execute(
                "SELECT n, seat, action, how, at FROM actions WHERE code = ? ORDER BY n",
                (code,),
            )
        )
        return RoomRow(
            code=row[0],
            created=row[1],
            status=row[2],
            config=json.loads(row[3]),
            host_hash=row[4],
            setup=None if row[5] is None else json.loads(row[5]),
            seats=seats,
            actions=actions,
        )

    def action_count(self, code: str) -> int:
        """How many actions the room has stored."""
        row = self._db.execute(
            "SELECT COALESCE(MAX(n), 0) FROM actions WHERE code = ?", (code,)
        ).fetchone()
        return int(row[0])

    def summaries(self, limit: int) -> list[RoomSummary]:
        """The ``limit`` rooms changed most recently, newest first, with their seats (no token
        digest leaves here): what a teacher's list of rooms shows, read without replaying any
        game."""
        rows = self._db.execute(
            "SELECT code, status, config, created, updated FROM rooms "
            "ORDER BY updated DESC, code LIMIT ?",
            (limit,),
        ).fetchall()
        seats: dict[str, list[SeatRow]] = {row[0]: [] for row in rows}
        if seats:
            marks = ",".join("?" * len(seats))
            for code, seat, kind, level, name, held in self._db.execute(
                "SELECT code, seat, kind, level, name, token_hash IS NOT NULL FROM seats "
                f"WHERE code IN ({marks}) ORDER BY code, seat",
                tuple(seats),
            ):
                seats[code].append(SeatRow(seat, kind, level, name, "held" if held else None))
        return [
            RoomSummary(
                code=code,
                status=status,
                rules=str(json.loads(config).get("rules", {}).get("name", "")),
                created=created,
                updated=updated,
                seats=tuple(seats[code]),
            )
            for code, status, config, created, updated in rows
        ]

    def codes(self, status: str | None = None) -> list[str]:
        """The codes of every room (or of those with ``status``), oldest first."""
        if status is None:
            rows = self._db.execute("SELECT code FROM rooms ORDER BY created")
        else:
            rows = self._db.execute(
                "SELECT code FROM rooms WHERE status = ? ORDER BY created", (status,)
            )
        return [r[0] for r in rows]
