"""What :meth:`Game.apply <liverpool.Game.apply>` reports: one readable event per happening.

An event's ``text`` is one English line for logs and tables ("Ada bought the 7♥ and took a
penalty card"). Cards only the acting player may see (a stock draw, a penalty card, a card given
after a rummy call) are kept in ``secret`` and named only in ``private_text``; use
:meth:`Event.for_seat` to get what one seat may read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Card

__all__ = ["Event"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind`` is a short stable name (``"buy"``, ``"go_down"``, ``"deal_over"`` ...), ``player``
    the seat it concerns (``None`` for table events), ``cards`` the public cards involved,
    ``secret`` the cards only ``player`` (and ``also_sees``) may know, ``scores`` the deal's
    points for a ``deal_over`` event.
    """

    kind: str
    text: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    secret: tuple[Card, ...] = ()
    private_text: str = ""
    also_sees: int | None = None
    scores: tuple[int, ...] = ()

    def for_seat(self, seat: int) -> Event:
        """This event as ``seat`` may read it: secret cards removed unless they are theirs."""
        if seat == self.player or seat == self.also_sees or not self.secret:
            return self
        return replace(self, secret=(), private_text="")

    def text_for(self, seat: int) -> str:
        """The line ``seat`` reads: their private wording when the secret is theirs."""
        if self.private_text and seat in (self.player, self.also_sees):
            return self.private_text
        return self.text

    def __str__(self) -> str:
        return self.text
