"""Cards, their notation, and the multi-deck shoes Liverpool is played with.

A :class:`Card` is a small immutable value. Liverpool is played with two or three decks shuffled
together, so the same card can be held twice; duplicates are simply equal values (there is no
deck id), which is what a player sees on the table too.

Notation (a public contract: other programs write cards this way): a rank ``A 2-9 10 T J Q K``
in any case followed by a suit ``S H D C`` or ``♠ ♥ ♦ ♣``; a joker is ``JK``, ``JOKER``, ``*``
or ``🃏``.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import cast

from ._compile import mypyc_attr
from .errors import CardParseError, quoted

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "build_shoe",
    "distinct",
    "format_cards",
    "parse_cards",
    "standard_deck",
]


class Rank(enum.IntEnum):
    """The thirteen ranks, valued ACE=1 ... KING=13 (an ace may also play high, above the king)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The short index printed in a card's corner: ``A``, ``2`` ... ``10``, ``J``, ``K``."""
        return _RANK_SYMBOLS[self]

    def __str__(self) -> str:
        """As a card writes it (``A``, ``7``, ``K``): ``print(card.rank)`` matches the card, not
        the number an ``int`` would print (``int(rank)`` still gives the value)."""
        return _RANK_SYMBOLS[self]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @property
    def word(self) -> str:
        """The rank in words, as a screen reader says it: ``ace``, ``two`` ... ``king``."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """The rank as a plural, for sentences such as "a set of sevens"."""
        return "sixes" if self is Rank.SIX else self.word + "s"


_RANK_SYMBOLS = {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    **{r: str(int(r)) for r in Rank if 2 <= r <= 10},
}


class Suit(enum.Enum):
    """The four suits. The value is the letter used in card text."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit sign: ``♠ ♥ ♦ ♣``."""
        return _SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        """The suit sign, as a card writes it: ``print(card.suit)`` shows ``♥``, not
        ``Suit.HEARTS`` (the ``repr`` still names the member)."""
        return _SUIT_SYMBOLS[self]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @property
    def word(self) -> str:
        """The suit in words: ``spades``, ``hearts`` ..."""
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red in the usual two-colour deck."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_CHAR = {
    **{s.value: s for s in Suit},
    **{sym: s for s, sym in _SUIT_SYMBOLS.items()},
    # The outlined signs are common in copied text; accept them too.
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_RANK_BY_TEXT = {
    "A": Rank.ACE,
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    **{str(int(r)): r for r in Rank if 2 <= r <= 10},
}
_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
_JOKER_TOKENS = frozenset({"JK", "JOKER", "*", "🃏"})
_EXAMPLES = "for example '7H', '7♥', '10d', 'TD', 'qs' or a joker 'JK', 'JOKER', '*', '🃏'"
_SEPARATORS = re.compile(r"[\s,;]+")


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card: a rank and a suit, or a joker (both ``None``).

    Cards are values: two ``7♥`` from different decks are equal and hash alike. Whether a card is
    *wild* depends on the rules in play, so ask :meth:`Rules.is_wild <liverpool.Rules.is_wild>`.

    There is exactly one object per card (``Card(...)``, :meth:`parse`, :meth:`of`, copying and
    unpickling all return it), so equality is identity: ``in``, ``remove``, ``count`` and dict
    look-ups on hands run at C speed, which is most of what the engine does on every decision.
    """

    rank: Rank | None
    suit: Suit | None
    index: int = field(init=False, repr=False, compare=False)
    """A small whole number for this kind of card, the same in every process and machine: 0 for
    the joker, ``rank * 4 + suit order`` otherwise (below 56). Searches index tables by it, and
    it is the card's hash."""
    _text: str = field(init=False, repr=False, compare=False)
    _order: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __new__(cls, rank: Rank | int | None = None, suit: Suit | str | None = None) -> Card:
        try:
            card = _INTERNED.get((rank, suit))
            if card is None:
                key = (None if rank is None else Rank(rank), None if suit is None else Suit(suit))
                card = _INTERNED.get(key)
        except (TypeError, ValueError):
            card = None  # not a card: __post_init__ says why
        return card if card is not None else object.__new__(cls)

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (a joker)")
        if self.rank is not None and not isinstance(self.rank, Rank):
            object.__setattr__(self, "rank", Rank(self.rank))
        if self.suit is not None and not isinstance(self.suit, Suit):
            object.__setattr__(self, "suit", Suit(self.suit))
        # A small int hash, the same in every process: sets of cards then iterate in the same
        # order everywhere (string-based enum hashes change with PYTHONHASHSEED), which keeps
        # bots and simulations reproducible across processes and machines; it is also fast.
        code = 0 if self.rank is None else int(self.rank) * 4 + _SUIT_ORDER[self.suit]  # type: ignore[index]
        object.__setattr__(self, "index", code)
        # Every event names cards: the text is made once per card, not on every message.
        text = "🃏" if self.rank is None else self.rank.symbol + self.suit.symbol  # type: ignore[union-attr]
        object.__setattr__(self, "_text", text)
        order = (99, 99) if self.rank is None else (int(self.rank), _SUIT_ORDER[self.suit])  # type: ignore[index]
        object.__setattr__(self, "_order", order)

    def __hash__(self) -> int:
        return self.index

    # Equality is the default identity test (one object per card, see the class docstring).

    def __reduce__(self) -> tuple[type[Card], tuple[Rank | None, Suit | None]]:
        # Unpickling (other processes, dask workers) goes through __new__: the same one object.
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit) -> Card:
        """The card of ``rank`` and ``suit``, from a table of ready-made cards (fast)."""
        return _CARD_TABLE[int(rank), suit]

    @classmethod
    def joker(cls) -> Card:
        """The joker (every joker is the same card)."""
        return JOKER

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read one card from text such as ``'QS'``, ``'10♥'``, ``'td'`` or ``'JK'``; a card
        is returned as it is (as :func:`parse_cards` takes cards among card texts).

        Raises :class:`~liverpool.CardParseError` quoting the token when it is not a card.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise _not_card_text(text)
        token = text.strip().replace("\ufe0f", "")
        if not token:
            raise CardParseError(
                f"cannot read {quoted(text)} as a card: it is empty; write a card {_EXAMPLES}"
            )
        if len(token.split()) > 1:
            raise CardParseError(
                f"{quoted(text)} is several cards where one card is wanted "
                "(lp.parse_cards reads several)"
            )
        upper = token.upper()
        if upper in _JOKER_TOKENS:
            return JOKER
        suit = _SUIT_BY_CHAR.get(upper[-1])
        rank = _RANK_BY_TEXT.get(upper[:-1])
        if suit is None or rank is None:
            raise CardParseError(_explain_bad_token(text, upper, rank, suit))
        return cls(rank, suit)

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is None

    @property
    def code(self) -> str:
        """The ASCII notation that :meth:`parse` reads back: ``'10H'``, ``'QS'``, ``'JK'``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.value

    @property
    def name(self) -> str:
        """The card in words, used as its accessible label: ``'ten of hearts'``, ``'joker'``."""
        if self.rank is None or self.suit is None:
            return "joker"
        return f"{self.rank.word} of {self.suit.word}"

    def sort_key(self) -> tuple[int, int]:
        """Order by rank, then suit; jokers last. Used to show a hand sorted by rank."""
        return self._order

    # sorted(hand) is the first thing a learner tries: cards order as sort_key does (rank, then
    # suit, jokers last). Equality stays identity (see the class docstring).
    def __lt__(self, other: object) -> bool:
        return self._order < other._order if isinstance(other, Card) else NotImplemented

    def __le__(self, other: object) -> bool:
        return self._order <= other._order if isinstance(other, Card) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return self._order > other._order if isinstance(other, Card) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return self._order >= other._order if isinstance(other, Card) else NotImplemented

    def suit_sort_key(self) -> tuple[int, int]:
        """Order by suit, then rank; jokers last. Used to show a hand sorted by suit."""
        if self.rank is None or self.suit is None:
            return (99, 99)
        return (_SUIT_ORDER[self.suit], int(self.rank))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_svg_(self) -> str:
        """The card drawn for a notebook (the drawing module is imported only now)."""
        from .render import card_svg

        return card_svg(self)

    def _repr_html_(self) -> str:
        """The card as an HTML ``<img>``, which a notebook opened cold still shows (see
        :meth:`liverpool.Hand._repr_html_`)."""
        from .render import card_img

        return card_img(self)


_INTERNED: dict[tuple[Rank | int | None, Suit | str | None], Card] = {}
JOKER = Card(None, None)
_CARD_TABLE = {(int(r), s): Card(r, s) for r in Rank for s in Suit}
_INTERNED[None, None] = JOKER
_INTERNED.update(((c.rank, c.suit), c) for c in _CARD_TABLE.values())


def _explain_bad_token(text: str, upper: str, rank: Rank | None, suit: Suit | None) -> str:
    """Say which part of a bad card token is wrong, quoting it."""
    if len(upper) == 1:
        why = "a card needs a rank and a suit"
    elif upper in _RANK_BY_TEXT:  # "10", "Q": a rank alone
        why = f"it has no suit: add one, as in {upper}H or {upper}♠"
    elif suit is None:
        why = f"{upper[-1]!r} is not a suit (use S H D C or ♠ ♥ ♦ ♣)"
    else:
        why = f"{quoted(text.strip()[:-1], 20)} is not a rank (use A 2-9 10 T J Q K)"
    return f"cannot read {quoted(text, 20)} as a card: {why}; write a card {_EXAMPLES}"


def _not_card_text(value: object) -> CardParseError:
    return CardParseError(f"expected card text such as '7H', got {quoted(value)}")


#: What a public function accepts as cards: card text, or a sequence of cards or card texts.
CardsGiven = str | Iterable[str | Card]


def parse_cards(text: CardsGiven) -> list[Card]:
    """Read several cards, keeping their order: ``parse_cards("7H 7♣ 10h TD js JK 🃏")``.

    Tokens are separated by spaces, commas or semicolons. An iterable of tokens or cards is
    accepted too, so ``parse_cards(["7H", card])`` works. Raises
    :class:`~liverpool.CardParseError` naming the first bad token.
    """
    if isinstance(text, str):
        tokens: list[str | Card] = [t for t in _SEPARATORS.split(text.strip()) if t]
    elif isinstance(text, Card) or not isinstance(text, Iterable):
        raise CardParseError(
            f"expected card text such as '7H 7C 7S' or a list of cards, got {quoted(text)}"
        )
    else:
        tokens = list(text)
    # (Compiled, an item's type would be checked before the words below could be said.)
    return [card_of(token) for token in cast(list[object], tokens)]


def card_of(value: object) -> Card:
    """``value`` as one card: a :class:`Card` as it is, card text read by :meth:`Card.parse`,
    anything else refused with :class:`~liverpool.CardParseError`. Typed ``object`` so that the
    compiled engine says so in these words too, rather than with a TypeError of its own."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise _not_card_text(value)


def as_cards(value: object) -> tuple[Card, ...]:
    """The cards a public function was given, which may be cards or card text
    (``check_set("7H 7C 7S", rules)``). Cards already given as cards pass through without being
    read again, which keeps the engine's own calls as cheap as before."""
    if isinstance(value, (tuple, list)) and all(isinstance(c, Card) for c in value):
        return tuple(cast(Sequence[Card], value))
    return tuple(parse_cards(cast(CardsGiven, value)))


def distinct(cards: Iterable[Card]) -> list[Card]:
    """Each different card once, in the order first seen (a hand's choices, without repeats)."""
    return list(dict.fromkeys(cards))


def format_cards(cards: CardsGiven) -> str:
    """Cards as short text separated by spaces, e.g. ``'7♥ 7♣ 🃏'``. Card text is read first
    (``format_cards("7H 7C")`` is ``'7♥ 7♣'``, not its letters spaced out)."""
    return " ".join(str(c) for c in as_cards(cards))


def standard_deck(jokers: int = 0) -> list[Card]:
    """One 52-card deck in a fixed order (spades, hearts, diamonds, clubs; ace to king)."""
    deck = [Card.of(rank, suit) for suit in Suit for rank in Rank]
    return deck + [JOKER] * jokers


def build_shoe(decks: int, jokers: int) -> list[Card]:
    """``decks`` 52-card decks plus ``jokers`` jokers, unshuffled, in a fixed order.

    The game shuffles the shoe with its own seeded generator, so the same seed always deals the
    same cards.
    """
    if decks < 1 or jokers < 0:
        raise ValueError("a shoe needs at least one deck and no negative number of jokers")
    shoe: list[Card] = []
    for _ in range(decks):
        shoe.extend(standard_deck())
    return shoe + [JOKER] * jokers
