"""Card codes: each kind of card as a small int, for the searches' packed counts.

Every card carries its code (``Card.index``): 0 is the joker, ``rank * 4 + suit order`` is every
other card, so codes run below :data:`CODES`. The going-down search (``solver``) and the distance
search (``analysis``) both keep a hand's counts packed into one int, a field per code, and read
a suit's run values as bits; these tables are shared so both read the codes the same way.
"""

from __future__ import annotations

from .cards import Card, Rank, Suit
from .melds import ACE_HIGH, value_rank

__all__ = [
    "BY_CODE",
    "CODES",
    "RUN_CARDS",
    "RUN_SUITS",
    "SUIT_BY_CODE",
    "SUIT_CODE",
    "VALUE_BITS",
    "wild_codes",
]

CODES = 56
"""How many card codes there are (codes 1–3 are unused)."""

_NATURALS = {card.index: card for card in (Card.of(r, s) for r in Rank for s in Suit)}

BY_CODE: tuple[Card, ...] = tuple(_NATURALS.get(code, Card.joker()) for code in range(CODES))
"""The card of each code (the joker for 0 and for the unused codes)."""

VALUE_BITS: tuple[int, ...] = tuple(
    0 if code < 4 else (1 << (code // 4)) | ((1 << ACE_HIGH) if code // 4 == 1 else 0)
    for code in range(CODES)
)
"""The run values a natural stands at, as bits of its suit (an ace: 1 and 14)."""

SUIT_CODE: dict[Suit, int] = {suit: Card.of(Rank.ACE, suit).index & 3 for suit in Suit}
"""A suit's code: the low two bits of each of its cards' codes."""

SUIT_BY_CODE: tuple[Suit, ...] = tuple(sorted(Suit, key=SUIT_CODE.__getitem__))
"""The suit of each suit code."""

RUN_SUITS: tuple[int, ...] = tuple(sorted(range(4), key=lambda code: SUIT_BY_CODE[code].value))
"""Suit codes in the order the searches try runs: by the suits' letters (C, D, H, S)."""

RUN_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(BY_CODE[int(value_rank(v)) * 4 + code] for v in range(ACE_HIGH + 1)) for code in range(4)
)
"""``RUN_CARDS[suit code][value]``: the card at a run value, 1-14 (14 is the high ace)."""


def wild_codes(wild_ranks: frozenset[Rank]) -> tuple[bool, ...]:
    """For each card code, whether the card is wild (the joker always is). Remembered per set
    of wild ranks: the searches ask on every hand."""
    found = _WILD_CODES.get(wild_ranks)
    if found is None:
        found = tuple(code < 4 or Rank(code >> 2) in wild_ranks for code in range(CODES))
        _WILD_CODES[wild_ranks] = found
    return found


_WILD_CODES: dict[frozenset[Rank], tuple[bool, ...]] = {}
