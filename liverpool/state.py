"""The state of a match in progress, and the :class:`Phase` enum of pending decisions.

:class:`MatchState` is the game's own mutable record — hands, stock, discard pile, table,
scores, who is asked what — kept apart from the rules that act on it (the phase modules in
:mod:`liverpool.phases`, through :class:`~liverpool.Game`). It is never handed out: players
see a :class:`~liverpool.PlayerView`.
"""

from __future__ import annotations

import copy
import enum
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

from .cards import Card
from .melds import Meld

__all__ = ["MatchState", "Phase"]


class Phase(enum.StrEnum):
    """What kind of decision the game is waiting for.

    A ``StrEnum``: each member equals its text (``Phase.DRAW == "draw"``), which is what views
    sent to a browser and older code compare, so records and messages stay the same.
    """

    CUT = "cut"
    """The player right of the dealer cuts the shuffled shoe (rules with an exact-cut bonus)."""
    RUMMY_CALL = "call"
    """After a down player's playable discard, each other player may call (or pass) in turn."""
    GIVE_CARD = "give"
    """After a rummy call, each other player in turn gives the offender a card."""
    LIVERPOOL_DISCARD = "liverpool_discard"
    """The player who called "Liverpool" discards one card of their own."""
    DRAW = "draw"
    """The player whose turn it is takes the discard or declines it (drawing from the stock)."""
    BUY = "buy"
    """Players who may buy the declined discard are asked in the rules' order."""
    PLAY = "play"
    """The player has drawn: go down, lay off, swap wilds, then discard or go out."""
    MATCH_OVER = "over"
    """The match has ended."""

    def __str__(self) -> str:
        return str(self.value)


@dataclass
class MatchState:
    """Everything that changes during a match (the game's own copy; never handed out)."""

    deal: int
    dealer: int
    phase: Phase = Phase.DRAW
    turn_player: int = 0
    turn_no: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    picked: list[list[Card]] = field(default_factory=list)  # public pickups still held, per seat
    stock: list[Card] = field(default_factory=list)  # top card last
    discard: list[Card] = field(default_factory=list)  # top card last
    table: list[Meld] = field(default_factory=list)
    down_turn: list[int | None] = field(default_factory=list)
    floating: list[bool] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    deal_scores: list[list[int]] = field(default_factory=list)
    deal_penalties: list[int] = field(default_factory=list)
    buys_match: list[int] = field(default_factory=list)
    buys_deal: list[int] = field(default_factory=list)
    coins: list[int | None] = field(default_factory=list)
    reshuffles: int = 0
    deal_turns: int = 0
    taken_discard: Card | None = None
    pending_wild: Card | None = None
    discarder: int | None = None
    queue: list[int] = field(default_factory=list)
    accepted: list[int] = field(default_factory=list)
    offender: int | None = None
    caller: int | None = None
    cutter: int = 0
    shoe: list[Card] = field(default_factory=list)  # shuffled, waiting for the cut
    went_out: int | None = None
    winners: list[int] = field(default_factory=list)

    def named_values(self) -> Iterator[tuple[str, Any]]:
        """Each field's name and value, in the order declared (what ``vars`` would give; a
        compiled build's class has no ``__dict__``)."""
        return ((f.name, getattr(self, f.name)) for f in fields(self))

    def copy(self) -> MatchState:
        """A copy whose lists are new (the cards and melds in them are immutable values)."""
        other = copy.copy(self)
        for name, value in self.named_values():
            if isinstance(value, list):
                setattr(other, name, [list(v) if isinstance(v, list) else v for v in value])
        return other
