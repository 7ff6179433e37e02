"""Saved games: a versioned JSON record that replays a match exactly.

A record is the rules (every field, so a house's own mix survives), the players, the seed or
the stacked deal, and the actions in order — plus a SHA-256 digest of all that and a summary of
where the game stood. Loading re-applies and re-checks every action; anything wrong — bad JSON,
a missing field, an unknown version, a changed byte, an action that is illegal at its point, a
summary that does not match — raises :class:`~liverpool.RecordError` with one clear sentence.
A corrupt record never yields a game.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from typing import Any

from .actions import action_from_dict, action_to_dict
from .cards import Rank
from .errors import IllegalAction, LiverpoolError, RecordError, quoted
from .game import Game
from .rules import (
    CardPoints,
    Contract,
    GoingDown,
    GoingOut,
    MeldKind,
    Requirement,
    Rules,
    ShoeSize,
)
from .setup import Setup

__all__ = [
    "FORMAT",
    "VERSION",
    "game_from_json",
    "game_to_json",
    "rules_from_dict",
    "rules_to_dict",
]

FORMAT = "liverpool-record"
VERSION = 1


# -- rules <-> plain data ------------------------------------------------------------------------


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every field of ``rules`` as JSON-ready data."""
    data: dict[str, Any] = {}
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if f.name == "source":
            continue
        data[f.name] = _plain(value)
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(int(v) for v in value)
    if isinstance(value, ShoeSize):
        return [value.min_players, value.decks, value.jokers]
    if isinstance(value, CardPoints):
        return {"by_rank": list(value.by_rank), "joker": value.joker}
    if isinstance(value, Contract):
        return {
            "deal": value.deal,
            "requirements": [[r.kind.value, r.min_length] for r in value.requirements],
            "cards_dealt": value.cards_dealt,
            "going_down": value.going_down.value,
            "going_out": value.going_out.value,
        }
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """The :class:`Rules` that :func:`rules_to_dict` wrote (validated again)."""
    from .presets import PRESETS

    base = PRESETS.get(str(data.get("name")), PRESETS["house"])
    known = {f.name for f in dataclasses.fields(Rules)}
    values: dict[str, Any] = {}
    for name, raw in data.items():
        if name not in known:
            raise RecordError(f"the record's rules have an unknown field {name!r}")
        values[name] = _field_from_plain(name, raw)
    try:
        rules = dataclasses.replace(base, **values)
    except (LiverpoolError, TypeError, ValueError, KeyError) as exc:
        raise RecordError(f"the record's rules are not valid: {exc}") from None
    return dataclasses.replace(rules, source=base.source if base.name == rules.name else "")


def _field_from_plain(name: str, raw: Any) -> Any:
    try:
        if name == "shoe":
            return tuple(_shoe_size(entry) for entry in raw)
        if name == "wild_ranks":
            return frozenset(_rank(v) for v in raw)
        if name == "card_points":
            return CardPoints(tuple(raw["by_rank"]), raw["joker"])
        if name == "contracts":
            return tuple(
                Contract(
                    deal=c["deal"],
                    requirements=tuple(Requirement(MeldKind(k), n) for k, n in c["requirements"]),
                    cards_dealt=c["cards_dealt"],
                    going_down=GoingDown.from_value(c["going_down"]),
                    going_out=GoingOut.from_value(c["going_out"]),
                )
                for c in raw
            )
        if name == "max_buys_per_match":
            return None if raw is None else tuple((int(a), int(b)) for a, b in raw)
        field_type = {f.name: f for f in dataclasses.fields(Rules)}[name]
        default = getattr(Rules(), field_type.name)
        if isinstance(default, enum.Enum):
            return type(default)(raw)
        return raw
    except (LiverpoolError, TypeError, ValueError, KeyError) as exc:
        raise RecordError(f"the record's rule {name!r} is not readable: {exc}") from None


def _shoe_size(entry: Any) -> ShoeSize:
    if not (isinstance(entry, list) and len(entry) == 3):
        raise ValueError(
            f"each entry is [from this many players, decks, jokers], not {quoted(entry)}"
        )
    return ShoeSize(*entry)


def _rank(value: Any) -> Rank:
    try:
        return Rank(value)
    except ValueError:
        raise ValueError(
            f"{quoted(value)} is not a rank (a rank is a number from 1, the ace, to 13, the king)"
        ) from None


# -- games ---------------------------------------------------------------------------------------


def _body(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules_to_dict(game.rules),
        "players": list(game.names),
        "seed": game.seed,
        "dealer": game.first_dealer,
        "stacked": game.stacked,
        "actions": [action_to_dict(a) for a in game.actions],
        "summary": _summary(game),
        # only when there are some: a record with none reads, and digests, as before
        **({"automatic": list(game.automatic)} if game.automatic else {}),
    }


def _summary(game: Game) -> dict[str, Any]:
    return {
        "deal": game.deal,
        "phase": game.phase.value,
        "to_act": game.to_act,
        "scores": game.scores,
        "hand_sizes": [len(game.hand(i)) for i in range(game.players)],
        "stock_size": game.stock_size,
        "discard_top": game.discard_top.code if game.discard_top else None,
    }


def _digest(body: Mapping[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def game_to_json(game: Game, *, indent: int | None = None) -> str:
    """The record of ``game`` as JSON text."""
    body = _body(game)
    return json.dumps({**body, "digest": _digest(body)}, indent=indent, ensure_ascii=False)


def _shape_problem(data: Mapping[str, Any]) -> str | None:
    """What is wrong with the shape of a record's fields (before anything is replayed)."""

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    players = data["players"]
    if not isinstance(data["rules"], dict):
        return "its rules are not a table of rule values"
    if not whole(players) and not (
        isinstance(players, list) and all(isinstance(p, str) for p in players)
    ):
        return "its players are neither a number nor a list of names"
    if not whole(data["seed"]):
        return f"its seed {data['seed']!r} is not a whole number"
    if not whole(data["dealer"]):
        return f"its dealer {data['dealer']!r} is not a seat number"
    if not isinstance(data["actions"], list):
        return "its actions are not a list"
    stacked = data.get("stacked")
    if stacked is not None and not isinstance(stacked, dict):
        return "its stacked deal is not a table of hands, stock and upcard"
    automatic = data.get("automatic", [])
    if not (
        isinstance(automatic, list)
        and all(whole(k) and 0 <= k < len(data["actions"]) for k in automatic)
    ):
        return "its moves played for a seat are not action numbers"
    return None


def _json_problem(exc: json.JSONDecodeError) -> str:
    """Where the JSON text goes wrong, by line and column ("Unterminated string at line 1,
    column 7"; the parser's own words end in "starting at" for some mistakes)."""
    what = exc.msg.removesuffix(" at").removesuffix(" starting")
    return f"{what} at line {exc.lineno}, column {exc.colno}"


def _setup_problem(exc: Exception) -> str:
    """Why a record's seats, seed, dealer or stacked deal do not set up a game, in words (a
    missing field of a stacked deal raises ``KeyError('hands')``, whose text is only the
    key)."""
    if isinstance(exc, KeyError):
        return f"its stacked deal has no {exc.args[0]!r}"
    return str(exc)


_READ_FIRST = "Game.from_json(open(path).read()) (the Replay and Review widgets take a path)"


def _looks_like_a_path(text: str) -> bool:
    """A short line that is not JSON and names a .json file or one that exists: the slip of
    passing a saved game's path where its text is wanted."""
    name = text.strip()
    if not name or "\n" in name or len(name) > 4096 or name[0] in "{[":
        return False
    return name.endswith(".json") or os.path.isfile(name)


def game_from_json(text: str) -> Game:
    """Replay a record; raises :class:`RecordError` for anything corrupt or tampered with."""

    if not isinstance(text, (str, bytes)):
        hint = f": read the file first, {_READ_FIRST}" if isinstance(text, os.PathLike) else ""
        raise RecordError(f"a saved game is JSON text, not {type(text).__name__}{hint}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        if isinstance(text, str) and _looks_like_a_path(text):
            raise RecordError(
                f"{text.strip()!r} looks like a file's name, not a saved game's text: read the "
                f"file first, {_READ_FIRST}"
            ) from None
        raise RecordError(
            "the saved game is not valid JSON (it may be cut short): "
            + (_json_problem(exc) if isinstance(exc, json.JSONDecodeError) else str(exc))
        ) from None
    except (RecursionError, ValueError):  # lists nested thousands deep; a 5,000-digit number
        raise RecordError(
            "the saved game is not a record liverpool wrote: it nests too deep or holds a "
            "number too long to read"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("this text is not a liverpool saved game")
    if data.get("version") != VERSION:
        raise RecordError(
            f"this saved game has version {data.get('version')!r}; this liverpool reads version "
            f"{VERSION}"
        )
    missing = [
        k for k in ("rules", "players", "seed", "dealer", "actions", "digest") if k not in data
    ]
    if missing:
        raise RecordError(f"the saved game is missing {', '.join(missing)}")
    digest = data.pop("digest")
    if digest != _digest(data):
        raise RecordError(
            "the saved game has been changed since it was saved: its digest does not match"
        )
    problem = _shape_problem(data)
    if problem:
        raise RecordError(f"the saved game is damaged: {problem}")
    rules = rules_from_dict(data["rules"])
    try:
        game = set_up(rules, data["players"], data["seed"], data["dealer"], data.get("stacked"))
    except (LiverpoolError, TypeError, ValueError, KeyError) as exc:
        raise RecordError(f"the saved game cannot be set up: {_setup_problem(exc)}") from None
    shoe = len(rules.build_shoe(len(game.names)))
    # A stacked deal set up without ``complete`` holds fewer cards than the shoe on purpose;
    # its cards must still be conserved, and every later deal uses the whole shoe.
    first_deal, first_count = game.deal, game.total_cards()
    automatic = set(data.get("automatic", []))
    for number, raw in enumerate(data["actions"], start=1):
        action = action_from_dict(raw)
        seat = game.to_act
        try:
            game.apply(action, automatic=number - 1 in automatic)
        except IllegalAction as exc:  # the refusal is worded to the seat that acted: quoted
            told = f": {exc}" if seat is None else f" (the game told {game.names[seat]}: “{exc}”)"
            raise RecordError(
                f"action {number} of the saved game ({action}) is illegal at that point{told}"
            ) from None
        if game.total_cards() != (first_count if game.deal == first_deal else shoe):
            raise RecordError(f"after action {number} the cards no longer add up to the shoe")
    if "summary" in data and data["summary"] != _summary(game):
        raise RecordError("replaying the saved game does not reach the position it recorded")
    return game


def fresh_game(game: Game) -> Game:
    """A new game set up exactly as ``game`` was before its first action (same rules, players,
    seed and first dealer, or the same stacked deal)."""
    return Game.from_setup(game.setup)


def set_up(
    rules: Rules,
    players: int | Sequence[str],
    seed: int,
    dealer: int,
    stacked: Mapping[str, Any] | None,
) -> Game:
    """The game before its first action: seeded, or the stacked deal a record names."""
    return Game.from_setup(Setup.from_record(rules, players, seed, dealer, stacked))
