"""Sets and runs: pure checks, placed melds, and what fits where.

These are the rule functions every other part calls — the game to validate a going-down, a
lay-off or a wild swap; the solver to search hands; the lessons to explain a verdict. They take
the :class:`~liverpool.Rules` in play and never change anything.

A run is judged *as placed*, lowest card first, and each wild stands for the rank of its
position; :func:`arrange_run` finds a placement when you only have the cards. Internally a run
position has a *value* from 1 (ace low) to 14 (ace high).

Every public function here takes a card as a :class:`~liverpool.Card` or card text (``"JH"``),
and the rules as a :class:`~liverpool.Rules` or a preset's name (``"house"``), as a learner
writes them. A :class:`Card` and a :class:`Rules` pass with one ``type(x) is`` test each, so the
searches, which ask these questions millions of times, pay nothing for it. (Not ``isinstance``:
compiled, that would narrow the other branch to text, and ``rules=None`` would be refused with
mypyc's TypeError before :func:`~liverpool.rules.rules_given` could say it in words.)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from ._compile import mypyc_attr
from .cards import Card, CardsGiven, Rank, Suit, as_cards, card_of
from .errors import IllegalAction, RulesError, quoted
from .rules import AceMode, MeldKind, Rules, WildLimit, rules_given
from .words import sentence, with_article

__all__ = [
    "End",
    "Meld",
    "Verdict",
    "VerdictCode",
    "arrange_run",
    "can_replace_wild",
    "check_meld",
    "check_run",
    "check_set",
    "freed_wild_misplaced",
    "freed_wild_stuck",
    "lay_off_ends",
    "may_hold_freed_wild",
    "value_rank",
]

End = Literal["low", "high"]
"""Which end of a run a card is laid off at."""

ACE_HIGH = 14


class VerdictCode(enum.StrEnum):
    """Which rule a :class:`Verdict` found broken: a short stable name, for tests and widgets.

    A ``StrEnum``: each member equals its text (``VerdictCode.WILDS_ADJACENT ==
    "wilds_adjacent"``), which is what widgets, lessons and older code compare. The sentence a
    player reads is the verdict's ``reason``; this only names the rule.
    """

    LEGAL = ""
    """Nothing is broken: the meld is legal, or the wild may be swapped (the only falsy code)."""
    TOO_SHORT = "too_short"
    """Fewer cards than a set (3) or a run (4) needs."""
    NO_JOKERS = "no_jokers"
    """A joker under rules whose shoe holds none: it is no card of that game."""
    NO_NATURAL = "no_natural"
    """Only wild cards: no natural fixes the set's rank or the run's suit."""
    MIXED_RANKS = "mixed_ranks"
    """The naturals of a set are of more than one rank."""
    TWO_NATURALS = "two_naturals"
    """Fewer than two naturals where the wild limit is ``WildLimit.TWO_NATURALS``."""
    WILD_MAJORITY = "wild_majority"
    """More wilds than naturals where the wild limit is ``WildLimit.NOT_MAJORITY``."""
    MIXED_SUITS = "mixed_suits"
    """The naturals of a run are of more than one suit."""
    TOO_LONG = "too_long"
    """A run of more than 13 cards: the ace plays low or high, never both."""
    NOT_IN_SEQUENCE = "not_in_sequence"
    """The naturals of a run, as placed, do not each sit at their own rank's place."""
    TURNS_CORNER = "turns_corner"
    """A run that goes round the corner, king to ace to two."""
    ACE_HIGH_ONLY = "ace_high_only"
    """An ace below the 2 where aces are high only (``AceMode.HIGH_ONLY``)."""
    PAST_ACE = "past_ace"
    """A wild placed above a high ace, where it would stand for no card."""
    BELOW_ACE = "below_ace"
    """A wild placed below a low ace, where it would stand for no card."""
    WILDS_ADJACENT = "wilds_adjacent"
    """Two wilds side by side in a run where the wild limit is ``WildLimit.NOT_ADJACENT``."""
    WILDS_IN_FOUR = "wilds_in_four"
    """Two wilds within four cards in a row of a run (``WildLimit.ONE_PER_FOUR``)."""
    NO_SWAP = "no_swap"
    """The rules let no wild be taken from this kind of meld (``Rules.wild_swap``)."""
    NOT_WILD = "not_wild"
    """The place named in a swap holds no wild card (or is not in the meld)."""
    OWN_MELD = "own_meld"
    """The wild sits in the swapper's own meld, and the rules take wilds only from others'."""
    SWAP_WITH_WILD = "swap_with_wild"
    """A wild offered to take a wild's place: only a natural can."""
    WRONG_NATURAL = "wrong_natural"
    """A natural that is not the card the wild stands for."""

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"VerdictCode.{self.name}"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "is this a legal meld?": truthy when legal.

    ``reason`` is ``""`` when legal, else one plain sentence naming the rule broken; ``code``
    names that rule (a :class:`VerdictCode`, equal to its text: ``"wilds_adjacent"``), for tests
    and widgets; it is :attr:`VerdictCode.LEGAL`, the empty text, when legal.
    """

    ok: bool
    reason: str = ""
    code: VerdictCode = VerdictCode.LEGAL
    kind: MeldKind | None = None
    cards: tuple[Card, ...] = ()

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return f"legal {self.kind or 'meld'}" if self.ok else self.reason

    def _repr_html_(self) -> str:
        """The cards and the reason, for a notebook (the drawing module is imported only now)."""
        from .render import verdict_html

        return verdict_html(self)


def _fail(code: VerdictCode, reason: str, kind: MeldKind, cards: Sequence[Card]) -> Verdict:
    return Verdict(False, reason, code, kind, tuple(cards))


def value_rank(value: int) -> Rank:
    """The rank at a run position value (1 is the low ace, 14 the high ace; 0, which no place
    has, reads as an ace too, so that tables indexed by value need no hole)."""
    if not 0 <= value <= ACE_HIGH:
        raise IllegalAction(
            f"A run's places have values from 1 (the ace below the 2) to 14 (the ace above the "
            f"king); there is none of value {quoted(value)}."
        )
    return _VALUE_RANK[value]


# Index 0 is unused; 1-13 are the ranks; 14 is the high ace.
_VALUE_RANK: tuple[Rank, ...] = (Rank.ACE, *Rank, Rank.ACE)


def _value_symbol(value: int, suit: Suit | None) -> str:
    rank = _VALUE_RANK[value]
    return rank.symbol + (suit.symbol if suit else "")


# -- sets -------------------------------------------------------------------------------------


def check_set(cards: CardsGiven, rules: Rules | str) -> Verdict:
    """Is this a legal set (book) under ``rules`` (a :class:`Rules` or a preset's name)? Order
    does not matter. The cards may be given as card text (``"7H 7C 7S"``)."""
    return _check_set(as_cards(cards), rules_given(rules))


def _check_set(cards: tuple[Card, ...], rules: Rules) -> Verdict:
    kind = MeldKind.SET
    if len(cards) < 3:
        return _fail(
            VerdictCode.TOO_SHORT,
            f"a set needs at least 3 cards; this has {len(cards)}",
            kind,
            cards,
        )
    naturals = [c for c in cards if not rules.is_wild(c)]
    wilds = len(cards) - len(naturals)
    if wilds and not rules.has_jokers and any(c.rank is None for c in cards):
        return _jokerless(kind, cards)
    if not naturals:
        return _no_natural(kind, cards)
    ranks = sorted({c.rank for c in naturals if c.rank is not None})
    if len(ranks) > 1:
        names = " and ".join(r.plural for r in ranks[:2])
        return _fail(
            VerdictCode.MIXED_RANKS,
            f"all the natural cards of a set must share one rank; this has {names}",
            kind,
            cards,
        )
    if not rules.set_wilds.allows_set(len(naturals), wilds):
        return _limit_broken(rules.set_wilds, kind, cards)
    return Verdict(True, kind=kind, cards=cards)


def _jokerless(kind: MeldKind, cards: Sequence[Card]) -> Verdict:
    """A joker under rules whose shoe holds none: it is no card of this game."""
    return _fail(
        VerdictCode.NO_JOKERS,
        "this house plays without jokers, so a joker cannot be part of a meld",
        kind,
        cards,
    )


def _no_natural(kind: MeldKind, cards: Sequence[Card]) -> Verdict:
    """All wild cards: nothing says which rank (set) or suit (run) the meld is."""
    fixes = "rank" if kind is MeldKind.SET else "suit"
    return _fail(
        VerdictCode.NO_NATURAL,
        f"a {kind} may not be all wild cards: it needs a natural card to fix its {fixes}",
        kind,
        cards,
    )


# What breaking each wild limit is called, and the sentence that says so. Whether a meld breaks
# it is the limit's own business (WildLimit.allows_set, WildLimit.allows_run).
_LIMIT_BROKEN: dict[WildLimit, tuple[VerdictCode, str]] = {
    WildLimit.TWO_NATURALS: (
        VerdictCode.TWO_NATURALS,
        "a {kind} needs at least two natural cards under these rules",
    ),
    WildLimit.NOT_MAJORITY: (
        VerdictCode.WILD_MAJORITY,
        "wild cards may not outnumber the natural cards in a {kind}",
    ),
    WildLimit.NOT_ADJACENT: (
        VerdictCode.WILDS_ADJACENT,
        "two wild cards may not sit side by side in a run",
    ),
    WildLimit.ONE_PER_FOUR: (
        VerdictCode.WILDS_IN_FOUR,
        "any four cards in a row of a run may hold at most one wild card",
    ),
}


def _limit_broken(limit: WildLimit, kind: MeldKind, cards: Sequence[Card]) -> Verdict:
    """The verdict on a meld (holding a natural) that its wild limit refuses. ``ONE_NATURAL``
    asks only for the natural every meld needs, so it never refuses one."""
    if limit not in _LIMIT_BROKEN:
        return _no_natural(kind, cards)
    code, reason = _LIMIT_BROKEN[limit]
    return _fail(code, reason.format(kind=kind), kind, cards)


# -- runs -------------------------------------------------------------------------------------


def _ace_values(rules: Rules) -> tuple[int, ...]:
    return rules.aces.ace_values


def _natural_values(card: Card, rules: Rules) -> tuple[int, ...]:
    assert card.rank is not None
    return _ace_values(rules) if card.rank is Rank.ACE else (int(card.rank),)


def check_run(cards: CardsGiven, rules: Rules | str) -> Verdict:
    """Is this a legal run under ``rules`` (or a preset's name), with the cards as placed,
    lowest first?

    Each wild stands for the rank at its position. Aces play low or high as the rules allow,
    and a run never turns the corner (K-A-2). The cards may be given as card text.
    """
    placed = as_cards(cards)
    layout = _run_layout(placed, rules_given(rules))
    return layout if isinstance(layout, Verdict) else Verdict(True, kind=MeldKind.RUN, cards=placed)


def _run_layout(cards: tuple[Card, ...], rules: Rules) -> Verdict | tuple[int, Suit]:
    """The start value and suit of a placed run, or the verdict saying why it is not one."""
    kind = MeldKind.RUN
    if len(cards) < 4:
        return _fail(
            VerdictCode.TOO_SHORT,
            f"a run needs at least 4 cards; this has {len(cards)}",
            kind,
            cards,
        )
    naturals = [(i, c) for i, c in enumerate(cards) if not rules.is_wild(c)]
    if len(naturals) < len(cards) and not rules.has_jokers and any(c.rank is None for c in cards):
        return _jokerless(kind, cards)
    if not naturals:
        return _no_natural(kind, cards)
    suits = {c.suit for _, c in naturals}
    if len(suits) > 1:
        return _fail(
            VerdictCode.MIXED_SUITS,
            "all the natural cards of a run must be of one suit; this "
            f"mixes {' and '.join(sorted(s.symbol for s in suits if s))}",
            kind,
            cards,
        )
    suit = naturals[0][1].suit
    assert suit is not None
    if len(cards) > 13:
        return _fail(
            VerdictCode.TOO_LONG,
            "a run can hold at most 13 cards: an ace plays low or high, never both",
            kind,
            cards,
        )
    starts = _consistent_starts(naturals, rules)
    if not starts:
        return _sequence_failure(naturals, rules, cards)
    n = len(cards)
    floor = rules.aces.lowest
    fitting = [s for s in starts if s >= floor and s + n - 1 <= ACE_HIGH]
    if not fitting:
        s = min(starts)
        if s + n - 1 > ACE_HIGH:
            return _fail(
                VerdictCode.PAST_ACE,
                "a run cannot go past the ace: a wild at the top would stand for no card",
                kind,
                cards,
            )
        if rules.aces is AceMode.HIGH_ONLY and s == 1:
            return _fail(
                VerdictCode.ACE_HIGH_ONLY,
                "aces are high only under these rules, so a run may "
                "not start with an ace below the 2",
                kind,
                cards,
            )
        return _fail(
            VerdictCode.BELOW_ACE,
            "a run cannot go below the ace: a wild at the bottom would stand for no card",
            kind,
            cards,
        )
    if not rules.run_wilds.allows_run([rules.is_wild(c) for c in cards]):
        return _limit_broken(rules.run_wilds, kind, cards)
    return fitting[0], suit


def _consistent_starts(naturals: Sequence[tuple[int, Card]], rules: Rules) -> list[int]:
    """Start values for which every natural sits at its own rank, lowest first."""
    common: set[int] | None = None
    for i, card in naturals:
        options = {v - i for v in _natural_values(card, rules)}
        common = options if common is None else common & options
    return sorted(common or ())


def _sequence_failure(
    naturals: Sequence[tuple[int, Card]], rules: Rules, cards: Sequence[Card]
) -> Verdict:
    """Explain why the naturals of a run cannot sit in one unbroken sequence."""
    kind = MeldKind.RUN
    cyclic: set[int] | None = None
    for i, card in naturals:
        assert card.rank is not None
        options = {(int(card.rank) - i) % 13}
        cyclic = options if cyclic is None else cyclic & options
    if rules.aces is AceMode.HIGH_ONLY:
        low_rules = rules.replace(aces=AceMode.LOW_OR_HIGH)
        if _consistent_starts(naturals, low_rules):
            return _fail(
                VerdictCode.ACE_HIGH_ONLY,
                "aces are high only under these rules, so A-2-3-4 is not a run",
                kind,
                cards,
            )
    if cyclic:
        return _fail(
            VerdictCode.TURNS_CORNER,
            "a run may not turn the corner: K-A-2 is not a run",
            kind,
            cards,
        )
    return _fail(
        VerdictCode.NOT_IN_SEQUENCE,
        "the cards of a run must follow one another in unbroken "
        "order, lowest first, with a wild standing in for each missing card",
        kind,
        cards,
    )


def check_meld(cards: CardsGiven, kind: MeldKind | str, rules: Rules | str) -> Verdict:
    """:func:`check_set` or :func:`check_run`, by ``kind`` (``"set"`` or ``"run"``, in any
    case); another word is refused with a :class:`~liverpool.RulesError`."""
    if _kind_given(kind) is MeldKind.SET:
        return check_set(cards, rules)
    return check_run(cards, rules)


def _kind_given(kind: object) -> MeldKind:
    """``kind`` as a :class:`MeldKind`: ``"Set"`` and ``" run"`` are read as a learner means
    them; another word is refused in a sentence, not with the enum's own ValueError."""
    if isinstance(kind, MeldKind):
        return kind
    word = kind.strip().lower() if isinstance(kind, str) else None
    if word == "set":
        return MeldKind.SET
    if word == "run":
        return MeldKind.RUN
    also = " (a book is what liverpool calls a set)" if word == "book" else ""
    raise RulesError(f"a meld is a 'set' or a 'run', not {quoted(kind)}{also}")


def arrange_run(cards: CardsGiven, rules: Rules | str) -> list[Card] | None:
    """A legal placement of these cards as a run (lowest first), or ``None`` if there is none.

    Naturals go in rank order, wilds fill the gaps, and any wilds left over go at the ends, in
    the first arrangement the wild limits accept. The cards may be given as card text, the
    rules as a preset's name.
    """
    return _arrange_run(as_cards(cards), rules_given(rules))


def _arrange_run(cards: tuple[Card, ...], rules: Rules) -> list[Card] | None:
    wilds = [c for c in cards if rules.is_wild(c)]
    naturals = [c for c in cards if not rules.is_wild(c)]
    if len(cards) < 4 or not naturals or len({c.suit for c in naturals}) > 1:
        return None
    if len({c.rank for c in naturals}) < len(naturals):
        return None
    aces = [c for c in naturals if c.rank is Rank.ACE]
    for ace_value in _ace_values(rules) if aces else (0,):
        placed = _place_run(naturals, wilds, ace_value, rules)
        if placed is not None:
            return placed
    return None


def _place_run(
    naturals: list[Card], wilds: list[Card], ace_value: int, rules: Rules
) -> list[Card] | None:
    def value(c: Card) -> int:
        assert c.rank is not None
        return ace_value if c.rank is Rank.ACE else int(c.rank)

    ordered = sorted(naturals, key=value)
    values = [value(c) for c in ordered]
    gaps = sum(b - a - 1 for a, b in pairwise(values))
    spare = len(wilds) - gaps
    if spare < 0:
        return None
    for below in range(spare + 1):
        above = spare - below
        if values[0] - below < 1 or values[-1] + above > ACE_HIGH:
            continue
        pool = list(wilds)
        placed = [pool.pop() for _ in range(below)]
        for prev, card in zip([None, *values], ordered, strict=False):
            if prev is not None:
                placed.extend(pool.pop() for _ in range(value(card) - prev - 1))
            placed.append(card)
        placed.extend(pool.pop() for _ in range(above))
        if check_run(placed, rules):
            return placed
    return None


# -- placed melds -------------------------------------------------------------------------------


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table (or proposed): its kind, cards as placed, and what each stands for.

    ``values[i]`` is the rank value position ``i`` stands for (1-14; 14 is a high ace) — for a
    wild this is what it was fixed to when placed. ``suit`` is the run's suit (``None`` for a
    set). ``owner`` is the seat that laid it (``None`` for a meld not on a table).
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    values: tuple[int, ...]
    suit: Suit | None = None
    owner: int | None = None

    @classmethod
    def build(
        cls,
        kind: MeldKind | str,
        cards: CardsGiven,
        rules: Rules | str,
        owner: int | None = None,
    ) -> Meld:
        """Check ``cards`` (cards, or card text) as a meld of ``kind`` (``"set"`` or ``"run"``;
        a run as placed) under ``rules`` (or a preset's name) and fix what wilds stand for.

        Raises :class:`~liverpool.IllegalAction` with the verdict's reason when it is not legal,
        and :class:`~liverpool.RulesError` for a kind that is neither a set nor a run.
        """
        kind = _kind_given(kind)
        rules = rules if type(rules) is Rules else rules_given(rules)
        placed = as_cards(cards)
        if kind is MeldKind.SET:
            verdict = _check_set(placed, rules)
            if not verdict:
                raise IllegalAction(sentence(verdict.reason))
            rank = next(c.rank for c in placed if not rules.is_wild(c))
            assert rank is not None
            return cls(kind, placed, (int(rank),) * len(placed), None, owner)
        layout = _run_layout(placed, rules)
        if isinstance(layout, Verdict):
            raise IllegalAction(sentence(layout.reason))
        start, suit = layout
        return cls(kind, placed, tuple(range(start, start + len(placed))), suit, owner)

    @property
    def rank(self) -> Rank:
        """The rank of a set (for a run, the rank of its lowest position)."""
        return _VALUE_RANK[self.values[0]]

    @property
    def low(self) -> int:
        """The value of the lowest position."""
        return self.values[0]

    @property
    def high(self) -> int:
        """The value of the highest position."""
        return self.values[-1]

    def wild_positions(self, rules: Rules | str) -> list[int]:
        """Positions holding a wild card under ``rules`` (a :class:`Rules` or a preset's name)."""
        given = rules_given(rules)
        return [i for i, c in enumerate(self.cards) if given.is_wild(c)]

    def _as(self, position: int) -> str:
        """What a wild stands for, in a meld's description: "itself" for a 2 in its own place
        in a run (a wild all the same), not "2♠ as 2♠"."""
        value = self.stands_for(position)
        return "itself" if value == str(self.cards[position]) else value

    def stands_for(self, position: int) -> str:
        """What the card at ``position`` stands for: ``'7♥'`` in a run, ``'7'`` in a set.

        A place the meld does not have is refused with :class:`~liverpool.IllegalAction`
        naming the places it has (counted from 0; negative places count from the end)."""
        try:
            value = self.values[position]
        except IndexError:
            raise self._no_place(position) from None
        return _value_symbol(value, self.suit)

    def natural_for(self, position: int) -> Card | None:
        """The natural card a position stands for in a run; ``None`` in a set (any suit)."""
        try:
            value = self.values[position]
        except IndexError:
            raise self._no_place(position) from None
        if self.suit is None:
            return None
        return Card.of(_VALUE_RANK[value], self.suit)

    def _no_place(self, position: int) -> IllegalAction:
        """The refusal of a place this meld does not have (asked of ``stands_for``)."""
        n = len(self.cards)
        return IllegalAction(
            f"This {self.kind} has {n} cards, at places 0 to {n - 1}: there is no place "
            f"{quoted(position)}."
        )

    def describe(self, rules: Rules | str | None = None) -> str:
        """The meld in words: ``'run of ♥ 5-8 (🃏 as 7♥)'`` or ``'set of sevens'``. ``rules``
        (a :class:`Rules` or a preset's name) says which cards are wild; without it only the
        jokers are."""
        wilds = (
            self.wild_positions(rules)
            if rules
            else [i for i, c in enumerate(self.cards) if c.is_joker]
        )
        notes = ", ".join(f"{self.cards[i]} as {self._as(i)}" for i in wilds)
        if self.kind is MeldKind.SET:
            text = f"set of {self.rank.plural}"
        else:
            assert self.suit is not None
            text = (
                f"run of {self.suit.symbol} {_value_symbol(self.low, None)}-"
                f"{_value_symbol(self.high, None)}"
            )
        return text + (f" ({notes})" if notes else "")

    def with_owner(self, owner: int) -> Meld:
        """The same meld laid by ``owner``."""
        return Meld(self.kind, self.cards, self.values, self.suit, owner)

    # -- laying off ----------------------------------------------------------------------------
    def lay_off_ends(self, card: Card | str, rules: Rules | str) -> tuple[End | None, ...]:
        """Where ``card`` (or card text) may be laid off here under ``rules`` (or a preset's
        name): ``(None,)`` for a set, run ends, or ``()``."""
        return lay_off_ends(self, card, rules)

    def add(self, card: Card | str, end: End | None, rules: Rules | str) -> Meld:
        """This meld with ``card`` (or card text) laid off at ``end`` under ``rules`` (or a
        preset's name); raises :class:`IllegalAction` if it does not fit there."""
        card = card if type(card) is Card else card_of(card)
        rules = rules if type(rules) is Rules else rules_given(rules)
        ends = lay_off_ends(self, card, rules)
        if not ends:
            raise IllegalAction(sentence(_why_not_fit(self, card, rules)))
        if self.kind is MeldKind.SET:
            return Meld(
                self.kind, (*self.cards, card), (*self.values, self.values[0]), None, self.owner
            )
        if end is None:
            if len(ends) > 1:
                raise IllegalAction(
                    f"The {card} fits at either end of this run: say which end, low or high"
                )
            end = ends[0]
        if end not in ends:
            if end not in ("low", "high"):
                raise IllegalAction(
                    f"A run's ends are 'low' and 'high' (or None, where the card fits at only "
                    f"one), not {quoted(end)}"
                )
            raise IllegalAction(f"The {card} does not fit at the {end} end of this run")
        if end == "low":
            return Meld(
                self.kind, (card, *self.cards), (self.low - 1, *self.values), self.suit, self.owner
            )
        return Meld(
            self.kind, (*self.cards, card), (*self.values, self.high + 1), self.suit, self.owner
        )

    # -- swapping wilds ------------------------------------------------------------------------
    def can_replace_wild(
        self, position: int, card: Card | str, rules: Rules | str, *, by: int | None = None
    ) -> Verdict:
        """Can the natural ``card`` (or card text) take the place of the wild at ``position``
        under ``rules`` (or a preset's name), swapped by seat ``by`` when given?"""
        return can_replace_wild(self, position, card, rules, by=by)

    def replace_wild(
        self, position: int, card: Card | str, rules: Rules | str
    ) -> tuple[Meld, Card]:
        """This meld with ``card`` (or card text) at ``position``, and the wild it freed;
        raises :class:`IllegalAction` with the reason when the swap is not allowed."""
        card = card if type(card) is Card else card_of(card)
        verdict = can_replace_wild(self, position, card, rules)
        if not verdict:
            raise IllegalAction(sentence(verdict.reason))
        cards = list(self.cards)
        freed = cards[position]
        cards[position] = card
        return Meld(self.kind, tuple(cards), self.values, self.suit, self.owner), freed

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def _repr_svg_(self) -> str:
        """The meld drawn for a notebook, wilds captioned (the drawing module is imported only
        now)."""
        from .render import meld_svg

        return meld_svg(self)

    def _repr_html_(self) -> str:
        """The meld as HTML ``<img>`` cards, which a notebook opened cold still shows (see
        :meth:`liverpool.Hand._repr_html_`)."""
        from .render import meld_html

        return meld_html(self)


def may_fit(meld: Meld, card: Card) -> bool:
    """Might the natural ``card`` extend ``meld``: its rank for a set, the next card of its suit
    at either end for a run? Wild limits, the ace rule and wild ranks are not considered, so
    this only rules cards out quickly (searches ask it first); :func:`lay_off_ends` decides."""
    values = meld.values
    if meld.kind is MeldKind.SET:
        return card.rank == values[0]
    if card.suit is not meld.suit or card.rank is None:
        return False
    v = int(card.rank)
    return v == values[0] - 1 or v == values[-1] + 1 or (v == 1 and values[-1] == ACE_HIGH - 1)


def lay_off_ends(meld: Meld, card: Card | str, rules: Rules | str) -> tuple[End | None, ...]:
    """Can ``card`` (or card text) be laid off on ``meld`` under ``rules`` (or a preset's name),
    and at which end?

    A set answers ``(None,)`` when the card fits; a run answers the ends it fits at, ``("low",)``,
    ``("high",)`` or both (a wild at a run with room at each end); ``()`` means it does not fit.
    The meld must stay legal under the wild limits.
    """
    # The searches' path: one type test each, never a parse or a look-up.
    card = card if type(card) is Card else card_of(card)
    rules = rules if type(rules) is Rules else rules_given(rules)
    wild = rules.is_wild(card)
    if not wild and not may_fit(meld, card):
        return ()  # the quick test: most cards asked about fit nowhere
    if meld.kind is MeldKind.SET:
        return (None,) if _check_set((*meld.cards, card), rules) else ()
    ends: list[End] = []
    if len(meld.cards) >= 13 or (card.rank is None and not rules.has_jokers):
        return ()
    floor = rules.aces.lowest
    for end, value in (("low", meld.low - 1), ("high", meld.high + 1)):
        if not floor <= value <= ACE_HIGH:
            continue
        if not wild and (card.suit != meld.suit or card.rank != _VALUE_RANK[value]):
            continue
        cards = (card, *meld.cards) if end == "low" else (*meld.cards, card)
        if rules.run_wilds.allows_run([rules.is_wild(c) for c in cards]):
            ends.append(end)  # type: ignore[arg-type]
    return tuple(ends)


def _why_not_fit(meld: Meld, card: Card, rules: Rules) -> str:
    if meld.kind is MeldKind.SET:
        if not rules.is_wild(card) and card.rank != meld.rank:
            return (
                f"the {card} is not {with_article(meld.rank.word)}, so it does not fit a set of "
                f"{meld.rank.plural}"
            )
        verdict = _check_set((*meld.cards, card), rules)
        return verdict.reason or f"the {card} does not fit this set"
    if len(meld.cards) >= 13:
        return "this run already holds 13 cards: nothing more fits"
    if card.rank is None and not rules.has_jokers:
        return _jokerless(meld.kind, meld.cards).reason
    if not rules.is_wild(card) and card.suit != meld.suit:
        assert meld.suit is not None
        return (
            f"the {card} is not a {meld.suit.word[:-1]}, so it does not fit a run of "
            f"{meld.suit.word}"
        )
    if card.rank is Rank.ACE and meld.low == 2 and rules.aces is AceMode.HIGH_ONLY:
        return "aces are high only under these rules, so no ace fits below the 2"
    low = "nothing" if meld.low <= rules.aces.lowest else _value_symbol(meld.low - 1, meld.suit)
    high = "nothing" if meld.high >= ACE_HIGH else _value_symbol(meld.high + 1, meld.suit)
    if rules.is_wild(card):
        broken = "a wild at either end of this run would break the limit on wild cards"
        for cards in ((card, *meld.cards), (*meld.cards, card)):
            if not rules.run_wilds.allows_run([rules.is_wild(c) for c in cards]):
                return f"{broken}: {_limit_broken(rules.run_wilds, meld.kind, cards).reason}"
        return broken
    return f"only the {low} or the {high} fits this run, not the {card}".replace(
        "the nothing or the ", "the "
    ).replace(" or the nothing", "")


def can_replace_wild(
    meld: Meld, position: int, card: Card | str, rules: Rules | str, *, by: int | None = None
) -> Verdict:
    """Can the natural ``card`` (or card text) replace the wild at ``position`` of ``meld``
    under ``rules`` (or a preset's name)?

    It must be the natural the wild stands for (in a set, any card of the set's rank), and the
    rules' wild-swap mode must allow swaps in this kind of meld. ``by`` is the swapping seat,
    when known: unless the rules let a wild come from the swapper's own melds
    (``swap_own_melds``), a meld laid by ``by`` is refused. Timing (which turn) is the game's
    business.
    """
    card = card if type(card) is Card else card_of(card)
    rules = rules if type(rules) is Rules else rules_given(rules)
    kind = meld.kind
    cards = meld.cards
    if meld.kind not in rules.wild_swap.kinds:
        where = "at all" if not rules.wild_swap.kinds else f"from a {meld.kind}"
        return _fail(
            VerdictCode.NO_SWAP, f"these rules do not let a wild be taken {where}", kind, cards
        )
    if by is not None and meld.owner == by and not rules.swap_own_melds:
        return _fail(
            VerdictCode.OWN_MELD,
            "you may only take a wild from another player's meld",
            kind,
            cards,
        )
    if not 0 <= position < len(cards) or not rules.is_wild(cards[position]):
        return _fail(
            VerdictCode.NOT_WILD, "there is no wild card at that place in the meld", kind, cards
        )
    if rules.is_wild(card):
        return _fail(
            VerdictCode.SWAP_WITH_WILD, "only a natural card can take a wild's place", kind, cards
        )
    wanted = meld.natural_for(position)
    if wanted is None:
        if card.rank != meld.rank:
            return _fail(
                VerdictCode.WRONG_NATURAL,
                f"the wild stands for {with_article(meld.rank.word)}; "
                f"the {card} cannot take its place",
                kind,
                cards,
            )
    elif card != wanted:
        return _fail(
            VerdictCode.WRONG_NATURAL,
            f"the wild stands for the {wanted}; only the {wanted} can "
            f"take its place, not the {card}",
            kind,
            cards,
        )
    return Verdict(True, kind=kind, cards=cards)


def may_hold_freed_wild(meld: Meld, rules: Rules | str, swapper: int | None) -> bool:
    """May the wild ``swapper`` just freed be laid on ``meld``? Anywhere it fits, unless the
    rules bind it to a set of the swapper's own (I Buy: "lay it down within a set of your own").
    Whether it fits is :func:`lay_off_ends`'s question."""
    rules = rules if type(rules) is Rules else rules_given(rules)
    if not rules.wild_swap.freed_wild_own_set_only:
        return True
    return meld.owner == swapper and meld.kind is MeldKind.SET


def freed_wild_misplaced(
    pending: Card | str | None,
    card: Card | str,
    meld: Meld,
    rules: Rules | str,
    swapper: int | None,
) -> str | None:
    """Why laying ``card`` on ``meld`` breaks the freed-wild obligation, or ``None``.

    Under rules that bind a freed wild to a set of the swapper's own (I Buy), the wild freed by
    a swap (``pending``) must be the next card laid, and on such a set. The engine and the
    lay-off lesson ask this one function, so the rule and its sentence live once.
    """
    pending = pending if pending is None or type(pending) is Card else card_of(pending)
    card = card if type(card) is Card else card_of(card)
    rules = rules if type(rules) is Rules else rules_given(rules)
    if (
        pending is not None
        and rules.wild_swap.freed_wild_own_set_only
        and (card != pending or not may_hold_freed_wild(meld, rules, swapper))
    ):
        return f"You must lay the freed {pending} on a set of your own at once."
    return None


def freed_wild_stuck(freed: Card | str, rules: Rules | str) -> str:
    """The refusal of a swap whose freed wild could be laid nowhere this turn (the rules that
    do not hand it to the swapper ask it back on the table at once)."""
    freed = freed if type(freed) is Card else card_of(freed)
    rules = rules if type(rules) is Rules else rules_given(rules)
    where = "a set of your own" if rules.wild_swap.freed_wild_own_set_only else "the table"
    return f"The freed {freed} must be laid on {where} this turn; it would fit nowhere."
