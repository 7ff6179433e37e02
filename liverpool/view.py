"""What one seat may know: the :class:`PlayerView` that bots, tables and the coach are given.

A view holds the seat's own hand and everything public — the table, the discard pile, how many
cards each player holds, buys and coins left, scores, whose turn it is and what is being
decided — and nothing else: no other hand, no stock order, no random-generator state. Bots are
given only this, so they cannot cheat, and a view is a frozen value, so it can be cached,
compared and sent to a browser.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._compile import mypyc_attr
from .cards import Card
from .melds import Meld
from .rules import Contract, Rules
from .state import Phase

__all__ = ["PlayerView"]


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything seat ``seat`` may know at this moment."""

    seat: int
    names: tuple[str, ...]
    rules: Rules
    deal: int
    dealer: int
    phase: Phase
    """What is being decided (a ``StrEnum``: ``Phase.DRAW == "draw"``, as browsers receive it)."""
    to_act: int | None
    turn_player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Meld, ...]
    discard_pile: tuple[Card, ...]
    """The whole discard pile, bottom first: every card in it was shown face up."""
    stock_size: int
    down: tuple[bool, ...]
    buys_left: tuple[int | None, ...]
    coins: tuple[int | None, ...]
    scores: tuple[int, ...]
    deal_scores: tuple[tuple[int, ...], ...]
    is_over: bool
    winners: tuple[int, ...]
    deciding: str
    """One sentence saying who decides what now."""
    offer: Card | None = None
    """The discard being offered (to the next player or to a buyer), if any."""
    price: int = 0
    """Penalty cards a buy costs now."""
    taken_discard: Card | None = None
    """The card this seat took from the pile this turn (it may not discard it)."""
    deal_penalties: tuple[int, ...] = ()
    """Each seat's points of this deal beyond its hand, added to the score pad when the deal
    ends: a failed attempt to go down (+), an exact cut (−). Public: both were announced."""
    pending_wild: Card | None = None
    """A freed wild this seat must lay on the table before the turn ends."""
    may_lay_off: bool = False
    """Whether this seat may lay off right now (down, and the timing rule allows it)."""
    reshuffles: int = 0
    turn_no: int = 0
    discarder: int | None = None
    """Who made the top discard (``None`` for the upcard)."""
    picked_up: tuple[tuple[Card, ...], ...] = ()
    """For each seat, the cards it took face up this deal (discards taken or bought, freed
    wilds) and has not shown since: what a player with a perfect memory knows of the other
    hands. A card that leaves a hand face up takes one such copy with it; a card given face
    down after a rummy call clears the giver's list, since nobody else saw which it was."""

    @property
    def contract(self) -> Contract:
        """The contract of the current deal."""
        return self.rules.contract(min(self.deal, self.rules.deals))

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.names)

    @property
    def is_down(self) -> bool:
        """Whether this seat has gone down this deal."""
        return self.down[self.seat]

    @property
    def my_turn(self) -> bool:
        """Whether this seat must decide now."""
        return self.to_act == self.seat

    def _repr_html_(self) -> str:
        """The table as this seat sees it, for a notebook (drawing is imported only now)."""
        from .render import view_html

        return view_html(self)

    def seen_cards(self) -> list[Card]:
        """Every card this seat can see: own hand, table and discard pile."""
        seen = list(self.hand) + list(self.discard_pile)
        for meld in self.table:
            seen.extend(meld.cards)
        return seen
