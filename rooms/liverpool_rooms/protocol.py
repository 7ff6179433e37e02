"""The wire protocol of a room (``docs/protocol.md``).

Every message is one JSON object with a ``"type"``. This module turns the engine's values into
messages — a seat's view, its legal actions, the public table a projector shows — and reads
what clients send, refusing anything malformed with one sentence a learner can read (the room
goes on). It holds no state: :mod:`liverpool_rooms.room` decides, this module only speaks.

Client messages::

    {"type": "join", "name": "Ada"}            a free human seat ("seat": 2 asks for one)
    {"type": "resume", "token": "..."}         the same seat again
    {"type": "host", "host_token": "..."}      the teacher (the teacher key works too)
    {"type": "watch"}                          the public table, no hand
    {"type": "act", "action": {...}}           an action as a saved record writes it
                                               ("seq": the state it answers, optional)
    {"type": "sync"}                           send me the state again
    {"type": "table", "intent": {...}}         a click on the room page's card table
    ("table": true on join, resume, host or watch: send me the card table's model too)
    host only: {"type": "start"}, {"type": "kick", "seat": 2},
               {"type": "fill", "level": "basic"}     every free human seat becomes a bot
               {"type": "set_seat", "seat": 2, "kind": "bot:strong" | "human"}
                                     (mid-match: a seat to a bot, or a bot's seat to students)
               {"type": "reveal", "on": true}         open hands on the host's own screen

Server messages: ``welcome``, ``lobby``, ``state``, ``error``, ``kicked`` (see
:func:`state_message` and ``docs/rooms.md``).
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from liverpool import Card, PlayerView
from liverpool.actions import Action, action_to_dict
from liverpool.events import Event
from liverpool.melds import Meld

__all__ = [
    "MAX_MESSAGE_BYTES",
    "MAX_NAME",
    "Bad",
    "Encoded",
    "RateLimit",
    "clean_name",
    "encode",
    "error",
    "meld_dict",
    "parse_message",
    "view_dict",
]

MAX_MESSAGE_BYTES = 4096
"""The longest client message read (a GoDown with every card of a hand fits many times)."""

MAX_NAME = 32
"""The longest player name, in characters."""

CLIENT_TYPES = frozenset(
    {
        "join",
        "resume",
        "host",
        "watch",
        "act",
        "sync",
        "table",
        "start",
        "kick",
        "fill",
        "set_seat",
        "reveal",
    }
)


class Bad(Exception):
    """A client message that cannot be followed; its text is the sentence sent back."""


_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` with one encoder made
once (``json.dumps`` with options makes a new one for every message)."""


class Encoded(dict[str, Any]):
    """A part of a message that several clients are sent alike (a projector's table): plain
    data like any other, and encoded once (:func:`encode`) however many messages carry it. It
    is not changed once made."""

    __slots__ = ("_text",)

    def text(self) -> str:
        """This part as JSON text (made on the first call)."""
        try:
            return self._text
        except AttributeError:
            self._text: str = _dumps(self)
            return self._text


def encode(message: Mapping[str, Any]) -> str:
    """``message`` as the JSON text sent (compact, UTF-8 kept); an :class:`Encoded` value
    at its top level is put in as encoded before, the text being the same."""
    if not any(type(v) is Encoded for v in message.values()):
        return _dumps(message)
    parts = [
        _dumps(k) + ":" + (v.text() if type(v) is Encoded else _dumps(v))
        for k, v in message.items()
    ]
    return "{" + ",".join(parts) + "}"


def error(message: str) -> dict[str, Any]:
    """The ``error`` message: one sentence for a learner (the room goes on)."""
    return {"type": "error", "message": message}


DEFAULT_SEATS = ("human", "human", "bot:basic", "bot:basic")
"""A room's seats when its request names none: two students and two basic bots."""


# -- reading client messages ---------------------------------------------------------------------


def parse_message(text: str | bytes | None) -> dict[str, Any]:
    """The client message in ``text`` as a dict with a known ``type`` and well-typed fields;
    :class:`Bad` with the sentence to send back otherwise."""
    if text is None or isinstance(text, bytes):
        raise Bad("Messages to a room are JSON text, not binary data.")
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise Bad(f"That message is too long: a room reads at most {MAX_MESSAGE_BYTES} bytes.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, nested too deep, or a number too long
        raise Bad('That message is not JSON: send an object such as {"type": "sync"}.') from None
    if not isinstance(data, dict):
        raise Bad('A message is a JSON object with a "type", such as {"type": "sync"}.')
    kind = data.get("type")
    if "type" not in data:
        raise Bad('A message needs a "type", such as {"type": "sync"}.')
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        known = ", ".join(sorted(CLIENT_TYPES))
        if not isinstance(kind, str):
            raise Bad(f'A message\'s "type" is a word in quotes; a room knows: {known}.')
        shown = repr(kind) if len(kind) <= 20 else "of that type"
        raise Bad(f"A room does not know the message {shown}; it knows: {known}.")
    _check_fields(kind, data)
    return data


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_fields(kind: str, data: Mapping[str, Any]) -> None:
    if kind == "join":
        if not isinstance(data.get("name"), str):
            raise Bad('To join, send your name: {"type": "join", "name": "Ada"}.')
        if "seat" in data and data["seat"] is not None and not _whole(data["seat"]):
            raise Bad("A seat is a whole number, such as 0 or 2.")
    elif kind == "resume":
        token = data.get("token")
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            raise Bad("To come back to your seat, send the token the room gave you.")
    elif kind == "host":
        token = data.get("host_token")
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            raise Bad("To run the room, send its host token (or the teacher key).")
    elif kind == "act":
        if not isinstance(data.get("action"), dict):
            raise Bad(
                'A move is sent as {"type": "act", "action": {"type": "Discard", "card": "5H"}}.'
            )
        if data.get("seq") is not None and not _whole(data["seq"]):
            raise Bad(
                'A move\'s "seq" is the whole number of the state it answers, as the room sent '
                "it (or leave it out)."
            )
    elif kind == "kick":
        if not _whole(data.get("seat")):
            raise Bad('Say which seat to free: {"type": "kick", "seat": 2}.')
    elif kind == "fill":
        if "level" in data and not isinstance(data["level"], str):
            raise Bad('A bot\'s level is a word such as "basic".')
    elif kind == "set_seat":
        if not _whole(data.get("seat")) or not isinstance(data.get("kind"), str):
            raise Bad(
                'Say which seat and what sits there: {"type": "set_seat", "seat": 2, '
                '"kind": "bot:basic"}.'
            )
    elif kind == "table":
        if not isinstance(data.get("intent"), dict):
            raise Bad('A table click is sent as {"type": "table", "intent": {...}}.')
    elif kind == "reveal" and not isinstance(data.get("on"), bool):
        raise Bad('Say whether to open the hands: {"type": "reveal", "on": true}.')


def clean_name(raw: str) -> str:
    """A player's name as the room keeps it: spaces collapsed, control and formatting
    characters removed, at most :data:`MAX_NAME` characters. :class:`Bad` if nothing is left.

    A name is never trusted as markup: every page sets it as text. It is kept as typed
    (``<b>`` stays ``<b>``), so a player sees exactly the name they chose.
    """
    kept = "".join(ch for ch in raw if not unicodedata.category(ch).startswith("C"))
    name = " ".join(kept.split())
    if not name:
        raise Bad("Type a name to join, such as Ada.")
    if len(name) > MAX_NAME:
        raise Bad(f"That name is too long: use at most {MAX_NAME} letters.")
    return name


class RateLimit:
    """A token bucket per connection: ``rate`` messages a second, bursts up to ``burst``.

    :meth:`allow` says whether a message may be read now; messages refused in a row are
    counted, so the connection can be closed when a client does nothing but flood.
    """

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        """Whether one more message may be read now (and spend it)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


# -- the state a seat is sent --------------------------------------------------------------------


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def meld_dict(index: int, meld: Meld) -> dict[str, Any]:
    """A meld on the table as plain data (``index`` is what ``LayOff(meld=...)`` names)."""
    return {
        "index": index,
        "kind": str(meld.kind),
        "owner": meld.owner,
        "cards": _codes(meld.cards),
        "values": list(meld.values),
        "suit": None if meld.suit is None else meld.suit.name,
    }


def view_dict(view: PlayerView, *, hand: bool) -> dict[str, Any]:
    """A :class:`~liverpool.PlayerView` as plain data.

    With ``hand`` it is the seat's own view (its hand, the card it took, a wild it must lay,
    whether it may lay off); without, it is the public table: ``seat`` is ``None`` and nothing
    of anyone's hand is in it — the counts of cards only.
    """
    rules = view.rules
    data: dict[str, Any] = {
        "seat": view.seat if hand else None,
        "names": list(view.names),
        "rules": rules.name,
        "deal": view.deal,
        "deals": rules.deals,
        "contract": str(view.contract),
        "dealer": view.dealer,
        "phase": str(view.phase),
        "to_act": view.to_act,
        "turn_player": view.turn_player,
        "turn_no": view.turn_no,
        "hand_sizes": list(view.hand_sizes),
        "table": [meld_dict(k, m) for k, m in enumerate(view.table)],
        "discard_pile": _codes(view.discard_pile),
        "discard_top": view.discard_top.code if view.discard_top else None,
        "discarder": view.discarder,
        "stock_size": view.stock_size,
        "down": list(view.down),
        "buys_left": list(view.buys_left),
        "coins": list(view.coins),
        "scores": list(view.scores),
        "deal_scores": [list(d) for d in view.deal_scores],
        "is_over": view.is_over,
        "winners": list(view.winners),
        "deciding": view.deciding,
        "offer": view.offer.code if view.offer else None,
        "price": view.price,
        "reshuffles": view.reshuffles,
    }
    if hand:
        data["hand"] = _codes(view.hand)
        data["taken_discard"] = view.taken_discard.code if view.taken_discard else None
        data["pending_wild"] = view.pending_wild.code if view.pending_wild else None
        data["may_lay_off"] = view.may_lay_off
    return data


def legal_dicts(legal: Sequence[Action]) -> list[dict[str, Any]]:
    """Legal actions as a saved record writes them."""
    return [action_to_dict(a) for a in legal]


def log_lines(events: Sequence[Event], seat: int | None) -> list[str]:
    """The log as ``seat`` may read it (``None``: the public lines, no secret card)."""
    if seat is None:
        return [e.text for e in events]
    return [e.text_for(seat) for e in events]


@dataclass(frozen=True, slots=True)
class Deadline:
    """A clock the room is running: ``kind`` ``"buy"`` (the buy window), ``"call"`` or
    ``"turn"`` (the idle turn); ``seats`` are the ones it waits for; ``at`` is when it runs
    out (seconds since the epoch, the server's clock)."""

    kind: str
    seats: tuple[int, ...]
    at: float
    total: float

    def to_dict(self, now: float | None = None) -> dict[str, Any]:
        """As sent: ``seconds`` left when the message was made (clocks differ; count from
        that), ``at`` and ``total`` for the record."""
        left = max(0.0, self.at - (time.time() if now is None else now))
        return {
            "kind": self.kind,
            "seats": list(self.seats),
            "seconds": round(left, 2),
            "total": self.total,
            "at": round(self.at, 3),
        }
