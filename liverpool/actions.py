"""The actions a player can take: small frozen values, one class per kind of decision.

Cards may be given as :class:`~liverpool.Card` values or as card text (``LayOff("7H", meld=0)``),
so lessons and the terminal can write actions the way a player says them. Every action turns
into a plain dict and back (:func:`action_to_dict`, :func:`action_from_dict`) for saved games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, Literal, cast

from ._compile import mypyc_attr
from .cards import Card, card_of, format_cards, parse_cards
from .errors import IllegalAction, RecordError, quoted
from .melds import Meld
from .words import counted

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Buy",
    "CallLiverpool",
    "CallRummy",
    "Cut",
    "Discard",
    "DrawStock",
    "GiveCard",
    "GoDown",
    "GoOut",
    "LayOff",
    "Pass",
    "SwapWild",
    "TakeDiscard",
    "action_from_dict",
    "action_to_dict",
]


_MELDS_FORM = 'a list of melds, each card text like "7H 7C 7S" or a list of cards'

MeldGiven = Iterable[Card | str] | str | Meld
"""One meld of a :class:`GoDown` or :class:`GoOut`: card text (``"7H 7C 7S"``), a list of cards
or card text, or a :class:`~liverpool.Meld` (its ``cards``, as :func:`~liverpool.find_going_down`
returns them)."""


def _melds(value: object, action: str) -> tuple[tuple[Card, ...], ...]:
    """The melds of a GoDown or GoOut (``action`` names which, for the hint). A list of another
    shape is refused here, in words, not deep in the rules as a type error. (Empty melds are
    refused by the rules, before a house charges for a failed attempt: a table asks
    ``GoDown(())`` why it may not go down at all.)
    ``value`` is typed ``object`` on purpose: typed as melds, the compiled engine would take the
    checks below as already settled and fail on a number with a TypeError of its own.

    A :class:`~liverpool.Meld` stands for its cards, so the solver's answer plays as it is:
    ``GoDown(find_going_down(hand, rules, deal))`` lays exactly the melds it found.

    A list of texts that each name one card (``GoDown(["7H", "7C", "7S"])``) is the cards of one
    meld given as if each were a meld: the rules would only say "lay 2 melds at once", so the
    form is refused here with how to write it. Only texts are caught: a list of one-card lists
    is a deliberate (if hopeless) attempt, which the terminal, the table and saved records make
    and the rules judge (and a house may charge for) as before."""
    if isinstance(value, (str, Card, Meld)) or not isinstance(value, Iterable):
        raise IllegalAction(f"Say the melds as {_MELDS_FORM}, not {quoted(value)}.")
    given = list(value)
    melds = [m.cards if isinstance(m, Meld) else m for m in given]
    if any(isinstance(m, Card) or not isinstance(m, (str, Iterable)) for m in melds):
        raise IllegalAction(f"Say the melds as {_MELDS_FORM}, not {quoted(value)}.")
    parsed = tuple(tuple(parse_cards(m)) for m in melds)
    if parsed and all(
        isinstance(m, str) and len(p) == 1 for m, p in zip(melds, parsed, strict=True)
    ):
        raise IllegalAction(
            f"Each meld is a list of cards, but {quoted(given)} gives one card per meld: write "
            f'{action}(["7H 7C 7S", "9S 9D 9H"]) (one string or list per meld).'
        )
    return parsed


def _place(value: object, what: str, example: int) -> int:
    """``value`` as a meld's number, a place in a meld or a cut's aim: a whole number, else
    :class:`~liverpool.IllegalAction` saying so (a text ``"0"`` from a form or a message would
    otherwise fail deep inside the rules with a type error)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{what} is a whole number, like {example}, not {quoted(value)}.")
    return value


def _meld_index(value: object) -> int:
    """``value`` as a meld's index in ``g.table``; the meld itself (``g.table[0]``, an easy slip
    when the melds are at hand) is refused with how to say its index instead."""
    if isinstance(value, Meld):
        raise IllegalAction(
            "A meld's number is its index in g.table, counted from 0 (like 0 for g.table[0]), "
            "not the meld itself."
        )
    return _place(value, "A meld's number", 0)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock (declining the discard, which opens the buy window)."""

    def __str__(self) -> str:
        return "draw from the stock"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile as your draw."""

    def __str__(self) -> str:
        return "take the discard"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the offered discard out of turn, paying with penalty card(s) from the stock."""

    def __str__(self) -> str:
        return "buy"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: do not buy, do not call."""

    def __str__(self) -> str:
        return "pass"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class GoDown:
    """Lay the deal's contract, all at once.

    ``melds`` holds one entry per meld of the contract: card text (``"7H 7C 7S"``), a list of
    cards or card text, or a :class:`~liverpool.Meld` (so ``GoDown(find_going_down(hand,
    rules, deal))`` plays the solver's answer). A run's cards are taken as placed, lowest
    first, as :func:`~liverpool.check_run` takes them. The action keeps the cards alone
    (``melds`` is a tuple of card tuples), so records and ``str()`` do not depend on how the
    melds were given.
    """

    melds: tuple[tuple[Card, ...], ...]

    def __init__(self, melds: Iterable[MeldGiven]) -> None:
        object.__setattr__(self, "melds", _melds(melds, "GoDown"))

    def __str__(self) -> str:
        return "go down with " + " | ".join(format_cards(m) for m in self.melds)


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class LayOff:
    """Add one card to a meld on the table.

    ``card``: the card from your hand (a :class:`~liverpool.Card` or card text such as
    ``"7H"``). ``meld``: which meld, as its index in ``g.table`` (``g.table[meld]``), counted
    from 0 as Python counts; the terminal numbers melds from 1 for people, so its ``lay 7H 1``
    is ``LayOff("7H", 0)``. ``end``: ``"low"`` or ``"high"``, the end of a run to add the card
    at, needed only when it could go at either (``None`` lets the game choose, and is all a set
    takes).
    """

    card: Card
    meld: int
    end: Literal["low", "high"] | None = None

    # ``card`` (a Card or card text), ``meld`` and ``end`` are checked here, not by their
    # annotations: the compiled engine would refuse a text "0" or a number for a card with a
    # TypeError in its own words, before the check could say it in ours.
    def __init__(self, card: object, meld: object, end: object = None) -> None:
        if end not in (None, "low", "high"):
            raise IllegalAction(f'The end of a run is "low" or "high", not {quoted(end)}.')
        object.__setattr__(self, "card", card_of(card))
        object.__setattr__(self, "meld", _meld_index(meld))
        object.__setattr__(self, "end", end)

    def __str__(self) -> str:
        where = f" at the {self.end} end" if self.end else ""
        return f"lay off the {self.card} on meld {self.meld}{where}"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class SwapWild:
    """Put a natural card from your hand in place of a wild card on the table.

    ``card``: the natural card (a :class:`~liverpool.Card` or card text). ``meld``: which meld,
    as its index in ``g.table``, counted from 0. ``position``: where the wild sits in that
    meld, as its index in ``g.table[meld].cards`` (lowest first in a run), also counted from
    0. Both count as Python does; the terminal counts melds and places from 1 for people, so
    its ``swap JH 1 3`` is ``SwapWild("JH", 0, 2)``. (``str()`` shows these indexes as they are
    stored, as the saved transcripts do: "place 2 of meld 0" is index 2 of ``g.table[0]``.)
    """

    card: Card
    meld: int
    position: int

    def __init__(self, card: object, meld: object, position: object) -> None:  # (see LayOff)
        object.__setattr__(self, "card", card_of(card))
        object.__setattr__(self, "meld", _meld_index(meld))
        object.__setattr__(self, "position", _place(position, "A place in a meld", 1))

    def __str__(self) -> str:
        return f"swap the {self.card} for the wild at place {self.position} of meld {self.meld}"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` face up, ending your turn (or going out with your last card)."""

    card: Card

    def __init__(self, card: object) -> None:  # a Card or card text (see LayOff)
        object.__setattr__(self, "card", card_of(card))

    def __str__(self) -> str:
        return f"discard the {self.card}"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class CallRummy:
    """Call "rummy" on a down player whose discard could have been played on the table."""

    def __str__(self) -> str:
        return "call rummy"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class CallLiverpool:
    """Call "Liverpool" (a down player, when a down player's discard was playable)."""

    def __str__(self) -> str:
        return "call Liverpool"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class GiveCard:
    """Give ``card`` to the player caught by a rummy call."""

    card: Card

    def __init__(self, card: object) -> None:  # a Card or card text (see LayOff)
        object.__setattr__(self, "card", card_of(card))

    def __str__(self) -> str:
        return f"give the {self.card}"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class GoOut:
    """Go out with the whole hand laid as the contract, no discard (where a deal allows it).

    ``melds`` may say how; when ``None`` the engine finds an arrangement of the hand.
    """

    melds: tuple[tuple[Card, ...], ...] | None = None

    def __init__(self, melds: Iterable[MeldGiven] | None = None) -> None:
        object.__setattr__(self, "melds", None if melds is None else _melds(melds, "GoOut"))

    def __str__(self) -> str:
        return "go out with the whole hand"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Cut:
    """Cut the shoe before the deal, aiming to lift ``aim`` cards (an exact cut earns a bonus)."""

    aim: int

    def __init__(self, aim: object) -> None:  # (checked here: see LayOff)
        object.__setattr__(self, "aim", _place(aim, "A cut's aim", 30))

    def __str__(self) -> str:
        return f"cut about {counted(self.aim, 'card')}"


Action = (
    DrawStock
    | TakeDiscard
    | Buy
    | Pass
    | GoDown
    | LayOff
    | SwapWild
    | Discard
    | CallRummy
    | CallLiverpool
    | GiveCard
    | GoOut
    | Cut
)
"""Any one action."""

ACTION_TYPES: tuple[type[Any], ...] = (
    DrawStock,
    TakeDiscard,
    Buy,
    Pass,
    GoDown,
    LayOff,
    SwapWild,
    Discard,
    CallRummy,
    CallLiverpool,
    GiveCard,
    GoOut,
    Cut,
)
"""Every kind of action (what :meth:`Game.apply <liverpool.Game.apply>` accepts)."""

_CLASSES: dict[str, type[Any]] = {cls.__name__: cls for cls in ACTION_TYPES}


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-ready dict naming the action type and its fields (cards as text)."""
    data: dict[str, Any] = {"type": type(action).__name__}
    for f in fields(action):
        data[f.name] = _encode(getattr(action, f.name))
    return data


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action a dict from :func:`action_to_dict` describes; raises
    :class:`~liverpool.RecordError` if it is not one, its reason after the first ``": "`` in a
    player's words (the rooms show that reason to whoever sent the move)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
        raise RecordError(f"an action in the record is not readable: {quoted(data)}")
    kind = data["type"]
    cls = _CLASSES.get(kind)
    if cls is None:
        raise RecordError(f"the record names an unknown action {quoted(kind)}")
    kwargs = {k: v for k, v in data.items() if k != "type"}
    known = {f.name: f for f in fields(cls)}
    problem = None
    extra = [k for k in kwargs if k not in known]
    missing = [n for n, f in known.items() if n not in kwargs and f.default is MISSING]
    card = kwargs.get("card", "")
    if extra:
        problem = f"it has nothing called {quoted(str(extra[0]))}"
    elif missing:
        problem = f"it needs its {' and '.join(missing)}"
    elif not isinstance(card, str):  # (a compiled engine would say "str object expected")
        problem = f"its card is card text such as '7H', not {quoted(card)}"
    else:
        try:
            return cast(Action, cls(**kwargs))
        except (TypeError, ValueError) as exc:  # every LiverpoolError is a ValueError
            said = str(exc)  # a sentence of its own, here the end of this one
            problem = said[:1].lower() + said[1:]
    raise RecordError(f"the record holds a {kind} move that cannot be read: {problem}")
