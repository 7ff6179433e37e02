"""Card codes: each kind of card as a small int, for the searches' packed counts.

Every card carries its code (``Card._hash``): 0 is the joker, ``rank * 4 + suit order`` is every
other card, so codes run below :data:`CODES`. The going-down search (``solver``) and the distance
search (``analysis``) both keep a hand's counts packed into one int, a field per code, and read
a suit's run values as bits; these tables are shared so both read the codes the same way.
"""

from __future__ import annotations

from .cards import Card, Rank, Suit
from .melds import ACE_HIGH

__all__ = ["BY_CODE", "CODES", "VALUE_BITS"]

CODES = 56
"""How many card codes there are (codes 1–3 are unused)."""

_NATURALS = {card._hash: card for card in (Card.of(r, s) for r in Rank for s in Suit)}

BY_CODE: tuple[Card, ...] = tuple(_NATURALS.get(code, Card.joker()) for code in range(CODES))
"""The card of each code (the joker for 0 and for the unused codes)."""

VALUE_BITS: tuple[int, ...] = tuple(
    0 if code < 4 else (1 << (code // 4)) | ((1 << ACE_HIGH) if code // 4 == 1 else 0)
    for code in range(CODES)
)
"""The run values a natural stands at, as bits of its suit (an ace: 1 and 14)."""
