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

    def __repr__(self) -> str:
        """``Rank.QUEEN``, which can be pasted back (a meld's or a verdict's repr holds it),
        rather than the default ``<Rank.QUEEN: 12>``."""
        return f"Rank.{self.name}"

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

    def __repr__(self) -> str:
        """``Suit.HEARTS``, which can be pasted back (a run's ``Meld`` repr holds it), rather
        than the default ``<Suit.HEARTS: 'H'>``."""
        return f"Suit.{self.name}"

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
@dataclass(frozen=True, slots=True, eq=False, init=False)
class Card:
    """One playing card: a rank and a suit, or a joker (both ``None``).

    Cards are values: two ``7♥`` from different decks are equal and hash alike. Whether a card is
    *wild* depends on the rules in play, so ask :meth:`Rules.is_wild <liverpool.Rules.is_wild>`.

    ``Card(rank, suit)`` takes a :class:`Rank` (or its number 1-13, or its letter ``'Q'``) and a
    :class:`Suit` (or its letter or sign in any case, ``'h'``, ``'♥'``); ``Card()`` is the
    joker. Card text such as ``'QS'`` is read by :meth:`parse`. Anything else is refused with a
    :class:`~liverpool.CardParseError` that says what to write.

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

    def __new__(cls, rank: Rank | int | str | None = None, suit: Suit | str | None = None) -> Card:
        # The one finished card is returned (and __init__ does nothing): a Rank and a Suit find
        # it with one dict look-up; anything else is read, or refused, by _card_key first.
        try:
            card = _INTERNED.get((rank, suit))
        except TypeError:  # an unhashable argument (a list): _card_key says why it is no card
            card = None
        if card is None:
            key = _card_key(rank, suit)
            card = _INTERNED.get(key)
            if card is None:  # only while this module builds its table of cards
                card = object.__new__(cls)
                _finish(card, key[0], key[1])
        return card

    def __init__(
        self, rank: Rank | int | str | None = None, suit: Suit | str | None = None
    ) -> None:
        """Nothing to do: :meth:`__new__` returned the one finished card, checked and filled in
        (a generated ``__init__`` would write the fields again on every ``Card(...)``)."""

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
    def of(cls, rank: Rank | int | str, suit: Suit | str) -> Card:
        """The card of ``rank`` and ``suit``, from a table of ready-made cards (fast); anything
        else is read, or refused, as ``Card(rank, suit)`` reads it (``Card.of(7, 'h')``)."""
        try:
            return _CARD_TABLE[rank, suit]  # a Rank equals and hashes as its number
        except (KeyError, TypeError):
            return cls(rank, suit)

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
        upper = text.strip().replace("\ufe0f", "").upper()
        if upper in _JOKER_TOKENS:
            return JOKER
        suit = _SUIT_BY_CHAR.get(upper[-1:])
        rank = _RANK_BY_TEXT.get(upper[:-1])
        if suit is not None and rank is not None:
            return cls(rank, suit)
        # Not a card as it stands. A separator at either end ('7H,', copied from a list) is
        # what lp.parse_cards skips too; anything else is explained.
        pieces = [t for t in _SEPARATORS.split(upper) if t]
        if len(pieces) == 1 and pieces[0] != upper:
            return cls.parse(pieces[0])
        raise CardParseError(_explain_bad_token(text, upper, rank, suit, len(pieces)))

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


def _finish(card: Card, rank: Rank | None, suit: Suit | None) -> None:
    """Fill in a new card's fields: once per kind of card, while the module loads."""
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "suit", suit)
    # A small int hash, the same in every process: sets of cards then iterate in the same
    # order everywhere (string-based enum hashes change with PYTHONHASHSEED), which keeps
    # bots and simulations reproducible across processes and machines; it is also fast.
    if rank is None or suit is None:
        code, text, order = 0, "🃏", (99, 99)  # every event names cards: text made once
    else:
        code = int(rank) * 4 + _SUIT_ORDER[suit]
        text, order = rank.symbol + suit.symbol, (int(rank), _SUIT_ORDER[suit])
    object.__setattr__(card, "index", code)
    object.__setattr__(card, "_text", text)
    object.__setattr__(card, "_order", order)


def _card_key(rank: object, suit: object) -> tuple[Rank | None, Suit | None]:
    """The rank and suit ``Card(rank, suit)`` was given, read as a :class:`Rank` and a
    :class:`Suit` (a number, a letter, a suit's sign), or a :class:`~liverpool.CardParseError`
    that says what to write instead (card text goes to ``Card.parse``)."""
    if rank is None and suit is None:
        return None, None
    if suit is None and isinstance(rank, str):  # Card("QS"): card text
        try:
            card = Card.parse(rank)
        except CardParseError:
            instead = "lp.Card.parse('QS') reads card text such as 'QS'"
        else:
            instead = f"write lp.Card.parse({rank!r}) (or lp.Card({card.rank!r}, {card.suit!r}))"
        raise CardParseError(
            f"lp.Card takes a rank and a suit, not card text {quoted(rank)}: {instead}"
        )
    if rank is None or suit is None:
        has, lacks = ("a rank", "suit") if suit is None else ("a suit", "rank")
        raise CardParseError(
            f"lp.Card({quoted(rank)}{'' if suit is None else ', ' + quoted(suit)}) has {has} "
            f"but no {lacks}: a card has "
            "both, as in lp.Card(Rank.SEVEN, Suit.HEARTS) or lp.Card(7, 'H'), or neither for a "
            "joker (lp.Card.joker())"
        )
    return _rank_given(rank), _suit_given(suit)


def _rank_given(rank: object) -> Rank:
    if isinstance(rank, Rank):
        return rank
    found: Rank | None = None
    if isinstance(rank, int) and not isinstance(rank, bool) and 1 <= rank <= 13:
        found = Rank(rank)
    elif isinstance(rank, str):
        word = rank.strip().upper()
        found = _RANK_BY_TEXT.get(word) or Rank.__members__.get(word)
    if found is None:
        raise CardParseError(
            f"{quoted(rank)} is not a rank: give a number from 1 (ace) to 13 (king), a letter "
            "A 2-9 10 T J Q K, or a Rank such as Rank.QUEEN"
        )
    return found


def _suit_given(suit: object) -> Suit:
    if isinstance(suit, Suit):
        return suit
    found: Suit | None = None
    if isinstance(suit, str):
        word = suit.strip().replace("\ufe0f", "").upper()
        found = _SUIT_BY_CHAR.get(word) or Suit.__members__.get(word)
    if found is None:
        raise CardParseError(
            f"{quoted(suit)} is not a suit: give a letter S H D C (any case), a sign ♠ ♥ ♦ ♣, "
            "or a Suit such as Suit.HEARTS"
        )
    return found


_INTERNED: dict[tuple[object, object], Card] = {}
JOKER = Card(None, None)
_CARD_TABLE: dict[tuple[object, object], Card] = {
    (int(r), s): Card(r, s) for r in Rank for s in Suit
}
_INTERNED[None, None] = JOKER
_INTERNED.update(((c.rank, c.suit), c) for c in _CARD_TABLE.values())


def _explain_bad_token(
    text: str, upper: str, rank: Rank | None, suit: Suit | None, pieces: int
) -> str:
    """Say which part of a bad card token is wrong, quoting it (``upper`` is the token trimmed
    and in capitals, ``pieces`` how many tokens lp.parse_cards would read from it)."""
    if pieces > 1:
        return (
            f"{quoted(text)} is several cards where one card is wanted "
            "(lp.parse_cards reads several)"
        )
    flipped = _RANK_BY_TEXT.get(upper[1:]), _SUIT_BY_CHAR.get(upper[:1])
    if not pieces:
        why = "it is empty" if not upper else "it holds no card, only separators"
    elif upper in _RANK_BY_TEXT:  # "10", "Q": a rank alone
        why = f"it has no suit: add one, as in {upper}H or {upper}♠"
    elif flipped[0] is not None and flipped[1] is not None:  # "SQ", "♠Q": the suit first
        card = Card(flipped[0], flipped[1])
        # Written as they wrote the suit: 'QS' for "SQ", 'Q♠' for "♠Q" (never both, which an
        # ASCII terminal would show as 'QS' or 'QS').
        why = f"the rank comes first: {card.code if upper[0].isascii() else str(card)!r}"
    elif len(upper) == 1:
        why = "a card needs a rank and a suit"
    elif suit is None and rank is None:
        why = (
            f"{quoted(text.strip()[:-1], 20)} is not a rank (use A 2-9 10 T J Q K) and "
            f"{upper[-1]!r} is not a suit (use S H D C or ♠ ♥ ♦ ♣)"
        )
    elif suit is None:
        why = f"{upper[-1]!r} is not a suit (use S H D C or ♠ ♥ ♦ ♣)"
    else:
        ace = "an ace is A; " if upper[:-1] in ("1", "14") else ""
        why = f"{quoted(text.strip()[:-1], 20)} is not a rank ({ace}use A 2-9 10 T J Q K)"
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
    same cards. For the shoe a rule set deals to a table, ask the rules:
    ``rules.build_shoe(players)``.
    """
    if not isinstance(decks, int) or not isinstance(jokers, int):
        # (``lp.build_shoe(rules, 4)`` is an easy slip for ``rules.build_shoe(4)``)
        raise TypeError(
            "build_shoe(decks, jokers) takes two whole numbers, not "
            f"{type(decks).__name__} and {type(jokers).__name__}; "
            "for the shoe of a rule set, call rules.build_shoe(players)"
        )
    if decks < 1 or jokers < 0:
        raise ValueError("a shoe needs at least one deck and no negative number of jokers")
    shoe: list[Card] = []
    for _ in range(decks):
        shoe.extend(standard_deck())
    return shoe + [JOKER] * jokers
