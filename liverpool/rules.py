"""The rules of one house: every way the sources differ is a field of :class:`Rules`.

The four source texts (quoted in ``docs/rules.md``) disagree on wild cards, buying, laying off,
going out and scoring. Rather than code that asks "which preset is this?", each difference is a
named, documented field here, and each preset in :mod:`liverpool.presets` is just one value of
:class:`Rules`. A house that plays its own mix builds it with :meth:`Rules.replace`, which
validates every field again.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import and_
from typing import Any, Self

from .cards import Card, CardsGiven, Rank, as_cards, build_shoe, card_of
from .errors import RulesError, quoted
from .words import counted

__all__ = [
    "AceMode",
    "BuyPriority",
    "CardPoints",
    "Contract",
    "GoingDown",
    "GoingOut",
    "LayOffTiming",
    "MeldKind",
    "Requirement",
    "Rules",
    "RummyCall",
    "ShoeSize",
    "WildLimit",
    "WildSwap",
    "hand_points",
    "standard_contracts",
]


class _DocEnum(enum.Enum):
    """An enum whose members carry a docstring, shown by :func:`describe` and the widgets."""

    # ``doc`` has a default only for the type checker: after the class is made, ``BuyPriority(
    # "clockwise")`` looks a member up by value (Enum's own ``__new__``), and without one mypy
    # read that lookup as a call of this constructor missing its ``doc``.
    def __new__(cls, value: str, doc: str = "") -> _DocEnum:
        member = object.__new__(cls)
        member._value_ = value
        member.__doc__ = doc
        return member

    @classmethod
    def from_value(cls, value: object) -> Self:
        """The member whose value text is ``value`` (``ValueError`` if none)."""
        for member in cls:
            if member.value == value:
                return member
        choices = ", ".join(repr(m.value) for m in cls)
        raise ValueError(f"{quoted(value)} is not one of the choices: {choices}")

    @property
    def doc(self) -> str:
        """One sentence saying what this choice means at the table."""
        return self.__doc__ or ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class MeldKind(enum.StrEnum):
    """The two kinds of meld. Members compare equal to their text: ``MeldKind.SET == "set"``."""

    SET = "set"
    """Three or more cards of one rank; suits may mix (a 'book')."""
    RUN = "run"
    """Four or more cards of one suit in unbroken sequence."""

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"MeldKind.{self.name}"


class WildLimit(_DocEnum):
    """How many wild cards a meld may hold. Every meld needs at least one natural card anyway.

    A limit either counts (how many naturals a meld needs beside its wilds:
    :meth:`fewest_naturals`) or places (how far apart a run's wilds must sit: :attr:`spacing`).
    Each limit is written down once, in those two, and everything else here derives from them:
    the meld checks (:mod:`liverpool.melds`) ask :meth:`allows_set` and :meth:`allows_run`, and
    the two searches (:mod:`liverpool.solver`, :mod:`liverpool.analysis`) ask the same questions
    or the numbers below, so no other module decides what a limit allows (the checks only word
    the verdict on a meld one refuses).
    """

    ONE_NATURAL = ("one_natural", "A meld needs at least one natural card; no other limit.")
    TWO_NATURALS = ("two_naturals", "A meld needs at least two natural cards.")
    ONE_PER_FOUR = (
        "one_per_four",
        "Any four cards in a row of a run hold at most one wild card.",
    )
    NOT_ADJACENT = ("not_adjacent", "Two wild cards may not sit side by side in a run.")
    NOT_MAJORITY = ("not_majority", "Wild cards may not outnumber the natural cards.")

    def fewest_naturals(self, wilds: int) -> int:
        """The fewest natural cards a meld holding ``wilds`` wild cards needs: never fewer than
        one, since a natural fixes a set's rank and a run's suit. (Never fewer as ``wilds``
        grows, so the searches may stop counting up at the first number of wilds refused.)"""
        if self is WildLimit.TWO_NATURALS:
            return 2
        if self is WildLimit.NOT_MAJORITY:
            return max(1, wilds)
        return 1

    @property
    def spacing(self) -> int:
        """How many cards in a row of a run may hold one wild card at most: two wilds must sit
        at least this many places apart (2: not side by side; 4: one in any four in a row; 1:
        where wilds sit does not matter). Only runs have places, so only runs feel it."""
        if self is WildLimit.NOT_ADJACENT:
            return 2
        return 4 if self is WildLimit.ONE_PER_FOUR else 1

    def allows_set(self, naturals: int, wilds: int) -> bool:
        """Does a set of ``naturals`` natural cards and ``wilds`` wild cards keep this limit?
        A set's cards have no places, so only the counting matters."""
        return naturals >= self.fewest_naturals(wilds)

    def allows_run(self, wilds: Sequence[bool]) -> bool:
        """Does a run keep this limit with a wild card at each place where ``wilds`` is true,
        lowest first? It needs enough naturals for its wilds, and its wilds :attr:`spacing`
        places apart."""
        count = sum(wilds)
        if len(wilds) - count < self.fewest_naturals(count):
            return False
        # No two wilds ``gap`` places apart, for each gap closer than the spacing (one pass of
        # ``and`` over the places and the places ``gap`` further on).
        return count < 2 or not any(
            any(map(and_, wilds, wilds[gap:])) for gap in range(1, self.spacing)
        )

    def most_wilds(self, length: int) -> int:
        """The most wild cards a legal meld of ``length`` cards can hold (a run's spread out as
        far as :attr:`spacing` asks)."""
        counted = max(
            (w for w in range(length) if length - w >= self.fewest_naturals(w)), default=0
        )
        return min(counted, -(-length // self.spacing))

    def wild_room(self, length: int, naturals: int) -> int:
        """How many of the places a partial meld of ``length`` cards still lacks, beside the
        ``naturals`` natural cards it holds, the distance search (:mod:`liverpool.analysis`)
        lets wilds fill. As many as a legal meld of ``length`` holds (:meth:`most_wilds`), the
        places left over counted as naturals still to come — but only toward the floor every
        meld needs (``fewest_naturals(0)``): wilds that need more naturals beside them (under
        ``NOT_MAJORITY``) must be carried by the naturals held. A cautious reading the search
        has always made; the naturals still to come would let more wilds in."""
        carried = max(naturals, self.fewest_naturals(0))
        room = min(length - naturals, self.most_wilds(length))
        while room and self.fewest_naturals(room) > carried:
            room -= 1
        return room


class AceMode(_DocEnum):
    """Where an ace may sit in a run. No mode lets a run turn the corner (K-A-2)."""

    LOW_OR_HIGH = ("low_or_high", "An ace plays low (A-2-3-4) or high (J-Q-K-A), never both.")
    HIGH_ONLY = ("high_only", "An ace plays high only (J-Q-K-A); A-2-3-4 is not a run.")

    @property
    def lowest(self) -> int:
        """The lowest run value a card may stand at: 1 (a low ace) or, aces high only, 2."""
        return 2 if self is AceMode.HIGH_ONLY else 1

    @property
    def ace_values(self) -> tuple[int, ...]:
        """The run values an ace may stand at (14 is the high ace)."""
        return (14,) if self is AceMode.HIGH_ONLY else (1, 14)


class LayOffTiming(_DocEnum):
    """When a player who has gone down may start adding single cards to melds on the table."""

    SAME_TURN = ("same_turn", "From the turn you go down, straight after going down.")
    NEXT_TURN = ("next_turn", "From your turn after the one in which you went down.")


class WildSwap(_DocEnum):
    """Whether, when and how a natural card may take the place of a wild on the table."""

    NONE = ("none", "Wild cards on the table stay where they are.")
    RUN_REMELD = (
        "run_remeld",
        "Once down, replace a wild in a run with the natural it stands for; the freed wild "
        "must be laid on the table again before your turn ends.",
    )
    TO_HAND = (
        "to_hand",
        "From the turn after you go down, give the natural a wild stands for, in a set or a "
        "run, and take the wild into your hand.",
    )
    GOING_DOWN_TURN_REMELD = (
        "going_down_turn_remeld",
        "Only in the turn you go down, replace a wild in a run with the natural it stands "
        "for; the freed wild must be laid on the table again that turn.",
    )
    SET_OWN_SET = (
        "set_own_set",
        "Once down, lay a natural on a set holding a wild and take the wild, only if you lay "
        "it at once on a set of your own.",
    )

    @property
    def kinds(self) -> frozenset[MeldKind]:
        """The kinds of meld whose wilds may be swapped out."""
        return _SWAP_KINDS[self]

    @property
    def freed_wild_to_hand(self) -> bool:
        """True when the freed wild simply joins the hand; otherwise it must be melded again."""
        return self is WildSwap.TO_HAND

    @property
    def freed_wild_own_set_only(self) -> bool:
        """True when the freed wild may only be laid on one of the swapper's own sets."""
        return self is WildSwap.SET_OWN_SET


_SWAP_KINDS = {
    WildSwap.NONE: frozenset(),
    WildSwap.RUN_REMELD: frozenset({MeldKind.RUN}),
    WildSwap.TO_HAND: frozenset({MeldKind.SET, MeldKind.RUN}),
    WildSwap.GOING_DOWN_TURN_REMELD: frozenset({MeldKind.RUN}),
    WildSwap.SET_OWN_SET: frozenset({MeldKind.SET}),
}


class BuyPriority(_DocEnum):
    """Who gets the discard when several players want to buy it."""

    CLOCKWISE = (
        "clockwise",
        "The buyer nearest clockwise to the player about to draw wins: the players are asked "
        "in turn order from the next player.",
    )
    FIRST_TO_CALL = (
        "first_to_call",
        "The first to call 'buy' wins; against bots the calling order is drawn from the "
        "game's seeded generator.",
    )


class GoingDown(_DocEnum):
    """How much of the hand the contract of a deal must use."""

    NORMAL = ("normal", "Lay the contract; the other cards stay in your hand.")
    WHOLE_HAND_BUT_ONE = (
        "whole_hand_but_one",
        "The contract uses your whole hand but one card, which you then discard to go out.",
    )
    WHOLE_HAND = (
        "whole_hand",
        "The contract uses your whole hand: you go down and out at once, with no discard.",
    )
    WHOLE_HAND_ANY_TIME = (
        "whole_hand_any_time",
        "Go down as usual, or, if your whole hand forms the contract, go out with it at any "
        "time in your turn, with no discard.",
    )

    @property
    def cards_left(self) -> int | None:
        """How many cards going down must leave in hand; ``None`` when it is not fixed."""
        if self is GoingDown.WHOLE_HAND_BUT_ONE:
            return 1
        return 0 if self is GoingDown.WHOLE_HAND else None


class GoingOut(_DocEnum):
    """How the last card may leave the hand to end the deal."""

    DISCARD_OR_MELD = ("discard_or_meld", "Discard your last card or play it onto the table.")
    DISCARD = (
        "discard",
        "You go out only by discarding your last card; a hand emptied any other way is "
        "floating where floating is allowed.",
    )
    NO_DISCARD = (
        "no_discard",
        "You may not discard your last card: it must be played onto a set or run.",
    )


class RummyCall(_DocEnum):
    """What happens when a player who is down discards a card that could have been laid off."""

    NONE = ("none", "No call: a playable discard is simply a discard.")
    OTHERS_GIVE_CARD = (
        "others_give_card",
        "Any other player may call 'rummy'; every other player then gives the offender one "
        "card of their choice.",
    )
    TAKE_BACK_PENALTY = (
        "take_back_penalty",
        "Any other player may call 'rummy'; the offender takes the discard back plus one "
        "penalty card from the stock.",
    )


@dataclass(frozen=True, slots=True)
class ShoeSize:
    """From ``min_players`` players on (until the next entry), the shoe holds these cards."""

    min_players: int
    decks: int
    jokers: int

    def __str__(self) -> str:
        jokers = f" + {self.jokers} jokers" if self.jokers else ""
        return f"{self.min_players}+ players: {self.decks}×52{jokers}"


@dataclass(frozen=True, slots=True)
class CardPoints:
    """What each card left in hand costs at the end of a deal. ``by_rank[0]`` is the ace."""

    by_rank: tuple[int, ...]
    joker: int

    def __post_init__(self) -> None:
        if len(self.by_rank) != 13 or any(p < 0 for p in (*self.by_rank, self.joker)):
            raise RulesError(
                "card_points needs 13 non-negative values, ace to king, and a joker value"
            )

    @classmethod
    def of(cls, *, ace: int, two: int, low: int | None, ten_to_king: int, joker: int) -> CardPoints:
        """Build a table; ``low=None`` scores 3-9 at face value, else each of 3-9 at ``low``."""
        threes_to_nines = [r if low is None else low for r in range(3, 10)]
        return cls((ace, two, *threes_to_nines, *[ten_to_king] * 4), joker)

    def __call__(self, card: Card | str) -> int:
        try:
            return self.joker if card.rank is None else self.by_rank[card.rank - 1]  # type: ignore[union-attr]
        except AttributeError:  # card text ("KH"), read here rather than on every call
            if isinstance(card, Card):
                raise
            return self(card_of(card))

    def __str__(self) -> str:
        names = [r.symbol for r in Rank]
        return ", ".join(f"{n} {p}" for n, p in zip(names, self.by_rank, strict=True)) + (
            f", joker {self.joker}"
        )


@dataclass(frozen=True, slots=True)
class Requirement:
    """One meld a contract asks for: its kind and its minimum length."""

    kind: MeldKind
    min_length: int

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MeldKind):
            raise RulesError(
                f"requirement kind must be MeldKind.SET or MeldKind.RUN, not {quoted(self.kind)}"
            )
        floor = 3 if self.kind is MeldKind.SET else 4
        length = self.min_length
        if isinstance(length, bool) or not isinstance(length, int) or not floor <= length <= 13:
            raise RulesError(
                f"a {self.kind} in a contract must be {floor} to 13 cards long, "
                f"not {quoted(self.min_length)}"
            )

    def __str__(self) -> str:
        return f"{self.kind} of {self.min_length}"


_PLAIN_LENGTH = {MeldKind.SET: 3, MeldKind.RUN: 4}


@dataclass(frozen=True, slots=True)
class Contract:
    """What one deal asks a player to lay down, all at once, and how that deal is gone out of."""

    deal: int
    requirements: tuple[Requirement, ...]
    cards_dealt: int
    going_down: GoingDown = GoingDown.NORMAL
    going_out: GoingOut = GoingOut.DISCARD_OR_MELD

    def __post_init__(self) -> None:
        if not self.requirements:
            raise RulesError(f"the contract of deal {self.deal} asks for no meld")
        if not 1 <= self.cards_dealt <= 20:
            raise RulesError(f"cards_dealt for deal {self.deal} must be 1 to 20")

    @property
    def min_cards(self) -> int:
        """The fewest cards that make this contract."""
        return sum(r.min_length for r in self.requirements)

    def count(self, kind: MeldKind) -> int:
        """How many melds of ``kind`` the contract asks for."""
        return sum(1 for r in self.requirements if r.kind is kind)

    def short(self) -> str:
        """The contract alone, as the rule book says it: ``'1 set + 1 run'``."""
        parts: list[str] = []
        for kind in (MeldKind.SET, MeldKind.RUN):
            reqs = [r for r in self.requirements if r.kind is kind]
            if not reqs:
                continue
            lengths = sorted({r.min_length for r in reqs})
            noun = f"{kind}s" if len(reqs) > 1 else str(kind)
            if lengths == [_PLAIN_LENGTH[kind]] and not self._mixed_lengths():
                parts.append(f"{len(reqs)} {noun}")
            else:
                for length in lengths:
                    n = sum(1 for r in reqs if r.min_length == length)
                    parts.append(f"{n} {kind}{'s' if n > 1 else ''} of {length}")
        return " + ".join(parts)

    def _mixed_lengths(self) -> bool:
        return any(r.min_length != _PLAIN_LENGTH[r.kind] for r in self.requirements)

    def describe(self) -> str:
        """The contract with how the deal is gone down and out of, in one line.

        The usual going-out rule is left unsaid here, as the card table shows this line under
        each deal's contract and only the exceptions are news there; rule tables and
        ``liverpool rules`` say every deal's rule, with :func:`describe_contract`.
        """
        return self._words(usual=False)

    def _words(self, *, usual: bool) -> str:
        """The contract and its notes: the cards dealt, how the last card leaves the hand
        (when the going-down rule does not already say it; if not ``usual``, only when it may
        not be discarded), and a whole-hand way of going down or out."""
        notes = [f"{self.cards_dealt} cards dealt"]
        unusual = self.going_out is GoingOut.NO_DISCARD and self.going_down is GoingDown.NORMAL
        gone_down = self.going_down in (GoingDown.NORMAL, GoingDown.WHOLE_HAND_ANY_TIME)
        if unusual or (usual and gone_down):
            notes.append(_GOING_OUT_WORDS[self.going_out])
        extra = {
            GoingDown.WHOLE_HAND_BUT_ONE: "with the whole hand but one card, discarded at once",
            GoingDown.WHOLE_HAND: "with the whole hand, no discard",
            GoingDown.WHOLE_HAND_ANY_TIME: "or out with the whole hand at any time in your turn",
        }.get(self.going_down)
        if extra:
            notes.append(extra)
        return f"{self} ({'; '.join(notes)})"

    def __str__(self) -> str:
        return f"Deal {self.deal}: {self.short()}"


def _doc(text: str) -> Any:
    """Attach a field's documentation as dataclass metadata (read by :meth:`Rules.describe`)."""
    return {"doc": text}


@dataclass(frozen=True, slots=True)
class Rules:
    """One complete, validated set of rules. Build variants with :meth:`replace`.

    The default value is the ``house`` preset. Every field is documented in its ``metadata``
    (see :meth:`field_docs`) and validated in ``__post_init__``: a bad value raises
    :class:`~liverpool.RulesError` naming the field and the values it accepts.
    """

    name: str = field(default="house", metadata=_doc("The preset this value was built from."))
    min_players: int = field(default=3, metadata=_doc("Fewest players at the table."))
    max_players: int = field(default=8, metadata=_doc("Most players at the table."))
    shoe: tuple[ShoeSize, ...] = field(
        default=(ShoeSize(3, 2, 4), ShoeSize(6, 3, 4)),
        metadata=_doc("Decks of 52 and jokers shuffled together, by number of players."),
    )
    wild_ranks: frozenset[Rank] = field(
        default=frozenset(),
        metadata=_doc("Ranks that are wild besides the jokers (jokers are always wild)."),
    )
    contracts: tuple[Contract, ...] = field(
        default_factory=lambda: standard_contracts((10,) * 7, last_going_out=GoingOut.NO_DISCARD),
        metadata=_doc("One contract per deal, with cards dealt and the going-down/out rule."),
    )
    peruvian: bool = field(
        default=False, metadata=_doc("Peruvian variant: 12 cards dealt in every deal.")
    )
    set_wilds: WildLimit = field(
        default=WildLimit.ONE_NATURAL, metadata=_doc("Limit on wild cards in a set.")
    )
    run_wilds: WildLimit = field(
        default=WildLimit.ONE_NATURAL, metadata=_doc("Limit on wild cards in a run.")
    )
    aces: AceMode = field(default=AceMode.LOW_OR_HIGH, metadata=_doc("Where aces sit in a run."))
    lay_off: LayOffTiming = field(
        default=LayOffTiming.SAME_TURN, metadata=_doc("When a down player may start laying off.")
    )
    floaters_lay_off: bool = field(
        default=True, metadata=_doc("A floating player (empty hand) may still lay off.")
    )
    wild_swap: WildSwap = field(
        default=WildSwap.NONE, metadata=_doc("Whether and how a natural replaces a tabled wild.")
    )
    swap_own_melds: bool = field(
        default=False,
        metadata=_doc(
            "A wild may also be taken from the swapper's own melds (otherwise only from "
            "another player's)."
        ),
    )
    buying: bool = field(default=True, metadata=_doc("Players may buy the discard out of turn."))
    down_players_may_buy: bool = field(
        default=True, metadata=_doc("Players who have gone down may still buy.")
    )
    buy_priority: BuyPriority = field(
        default=BuyPriority.CLOCKWISE, metadata=_doc("Who wins when several players want to buy.")
    )
    buy_penalty_cards: int = field(
        default=1, metadata=_doc("Stock cards a buyer takes with the discard (the price).")
    )
    max_buys_per_match: tuple[tuple[int, int], ...] | None = field(
        default=None,
        metadata=_doc(
            "Buys each player may make in a whole match, which may depend on how many play "
            "(no limit unless set)."
        ),
    )
    max_buys_per_deal: int | None = field(
        default=None, metadata=_doc("Buys each player may make in one deal (no limit unless set).")
    )
    buy_coins: int | None = field(
        default=None,
        metadata=_doc(
            "Coins each player has for the whole match, one spent on each buy (no coins unless "
            "set: buying costs no coin)."
        ),
    )
    discard_draw_penalty: int = field(
        default=0, metadata=_doc("Extra stock cards taken with the discard when drawing it.")
    )
    must_keep_card: bool = field(
        default=False,
        metadata=_doc("Going down must leave at least one card in hand to discard."),
    )
    floating: bool = field(
        default=False,
        metadata=_doc("A player whose hand empties without going out floats until they do."),
    )
    rummy_call: RummyCall = field(
        default=RummyCall.NONE, metadata=_doc("What a playable discard by a down player costs.")
    )
    liverpool_call: bool = field(
        default=False,
        metadata=_doc(
            "When a down player discards a playable card, the first down player to call "
            "'Liverpool' may discard one card of their own."
        ),
    )
    failed_going_down_penalty: int = field(
        default=0, metadata=_doc("Points added to a player whose going-down attempt fails.")
    )
    exact_cut_bonus: int = field(
        default=0,
        metadata=_doc("Points taken off the cutter's score for cutting exactly the cards dealt."),
    )
    card_points: CardPoints = field(
        default=CardPoints.of(ace=15, two=2, low=None, ten_to_king=10, joker=20),
        metadata=_doc("Points each card left in hand costs at the end of a deal."),
    )
    buy_timer_seconds: float | None = field(
        default=None,
        metadata=_doc(
            "Seconds to decide on a buy before silence counts as a pass (no timer unless set)."
        ),
    )
    idle_turn_seconds: float | None = field(
        default=None,
        metadata=_doc("Seconds before an idle turn is played for you (draw and discard)."),
    )
    max_reshuffles: int = field(
        default=2,
        metadata=_doc(
            "Times the discard pile may be shuffled into a new stock before a dead deal."
        ),
    )
    max_turns_per_deal: int = field(
        default=400,
        metadata=_doc(
            "Engine rule: a deal still running after this many turns is dead (everyone scores "
            "what they hold), so a match ends even if players only ever take the discard."
        ),
    )
    source: str = field(
        default="", compare=False, metadata=_doc("Where these rules come from, in words.")
    )

    def __post_init__(self) -> None:
        _validate(self)

    # -- building --------------------------------------------------------------------------
    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed, validated again.

        Unknown field names raise :class:`~liverpool.RulesError` listing the known ones. Enum
        fields also accept their value text (``wild_swap="to_hand"``).
        """
        known = {f.name: f for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - set(known))
        if unknown:
            raise RulesError(
                f"Rules has no field {unknown[0]!r}; the fields are: {', '.join(known)}"
            )
        coerced = {k: _coerce(k, v, getattr(self, k)) for k, v in changes.items()}
        return dataclasses.replace(self, **coerced)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset called ``name``; an unknown name lists the valid ones."""
        from .presets import get_rules

        return get_rules(name)

    # -- questions about the rules --------------------------------------------------------------
    @property
    def deals(self) -> int:
        """How many deals a match has."""
        return len(self.contracts)

    def contract(self, deal: int) -> Contract:
        """The contract of ``deal`` (1-based), with the cards dealt under these rules."""
        if not isinstance(deal, int) or isinstance(deal, bool) or not 1 <= deal <= self.deals:
            raise RulesError(f"deal must be 1 to {self.deals}, not {deal!r}")
        contract = self.contracts[deal - 1]
        if self.peruvian and contract.cards_dealt != 12:
            contract = dataclasses.replace(contract, cards_dealt=12)
        return contract

    def cards_dealt(self, deal: int) -> int:
        """How many cards each player is dealt in ``deal``."""
        return self.contract(deal).cards_dealt

    def cut_target(self, players: int, deal: int) -> int:
        """The cards an exact cut lifts in ``deal`` with ``players`` players: every hand dealt
        plus the upcard (the cutter aims at this; hitting it earns ``exact_cut_bonus``)."""
        return players * self.cards_dealt(deal) + 1

    def is_wild(self, card: Card | str) -> bool:
        """True for a joker or a card of a wild rank. A wild stays wild wherever it sits.
        ``card`` may be card text (``"JK"``); anything else is refused as a card error."""
        try:
            return card.rank is None or card.rank in self.wild_ranks  # type: ignore[union-attr]
        except AttributeError:  # text is read only when it comes: this runs on every meld check
            if isinstance(card, Card):
                raise
            return self.is_wild(card_of(card))

    def score(self, card: Card | str) -> int:
        """Alias of :meth:`card_points`."""
        return self.card_points(card)

    @property
    def has_jokers(self) -> bool:
        """True when the shoe holds jokers at some table size. A house that plays without them
        never accepts one in a meld (a joker under ``classic`` is no card of that game)."""
        return any(size.jokers for size in self.shoe)

    def shoe_size(self, players: int) -> ShoeSize:
        """The decks and jokers used with ``players`` players."""
        self.check_players(players)
        chosen = self.shoe[0]
        for size in self.shoe:
            if players >= size.min_players:
                chosen = size
        return chosen

    def build_shoe(self, players: int) -> list[Card]:
        """Every card of the shoe for ``players`` players, unshuffled."""
        size = self.shoe_size(players)
        return build_shoe(size.decks, size.jokers)

    def check_players(self, players: int) -> None:
        """Raise :class:`~liverpool.RulesError` unless ``players`` may sit at this table."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise RulesError(
                f"{self.name} rules are for {self.min_players} to {self.max_players} players, "
                f"not {players!r}"
            )

    def buy_limit(self, players: int) -> int | None:
        """Buys each player may make in a whole match with ``players`` players (None: no limit)."""
        if self.max_buys_per_match is None:
            return None
        limit: int | None = None
        for min_players, value in self.max_buys_per_match:
            if players >= min_players:
                limit = value
        return limit

    def min_run_length(self) -> int:
        """Runs are four cards or more under every rule book."""
        return 4

    @classmethod
    def field_docs(cls) -> dict[str, str]:
        """Each field's one-line documentation, in declaration order."""
        return {f.name: str(f.metadata.get("doc", "")) for f in dataclasses.fields(cls)}

    def describe(self) -> dict[str, str]:
        """Every field as short words, keyed by field name in declaration order.

        Rule tables, :meth:`differences` and ``liverpool rules`` read this, so a value is
        written the way a player says it ("3–5 players: 2 decks + 4 jokers", "no limit"),
        never as a tuple or an enum. Some fields need the rest of the rules to be said well (a
        player range ends at ``max_players``); the others go through :func:`describe_value`.
        Two different values of a field never read the same, except a joker's points under a
        shoe that holds no joker (left out, as they can never be scored).
        """
        return {f.name: _in_play(self, f.name) for f in dataclasses.fields(self)}

    def differences(self, other: Rules | str) -> dict[str, tuple[str, str]]:
        """The fields where ``other`` (a :class:`Rules` or a preset's name) differs, as text
        pairs (self, other): a field whose value is the same in both is not listed, even where
        one side's words add that the rest of its rules never use it (see :meth:`describe`)."""
        other = rules_given(other)
        mine, theirs = self.describe(), other.describe()
        return {
            k: (mine[k], theirs[k])
            for k in mine
            if k not in ("name", "source")
            and mine[k] != theirs[k]
            and getattr(self, k) != getattr(other, k)
        }

    def __repr__(self) -> str:
        """``Rules.preset('house')``, plus a ``.replace(...)`` of the fields that differ."""
        from .presets import PRESETS

        base = PRESETS.get(self.name, PRESETS["house"])
        changed = [
            f"{f.name}={_repr_field(getattr(self, f.name))}"
            for f in dataclasses.fields(self)
            if f.compare and getattr(self, f.name) != getattr(base, f.name)
        ]
        text = f"Rules.preset({base.name!r})"
        return text + (f".replace({', '.join(changed)})" if changed else "")


def _repr_field(value: Any) -> str:
    """A field value as :meth:`Rules.replace` reads it back with only ``Rules`` in scope: enums
    as their value text, wild ranks as numbers."""
    if isinstance(value, enum.Enum) and not isinstance(value, MeldKind):
        return repr(value.value)
    if isinstance(value, frozenset) and all(isinstance(r, Rank) for r in value):
        return repr(tuple(int(r) for r in sorted(value)))
    return repr(value)


def standard_contracts(
    cards_dealt: tuple[int, ...],
    *,
    last_going_out: GoingOut = GoingOut.DISCARD_OR_MELD,
    going_out: GoingOut = GoingOut.DISCARD_OR_MELD,
) -> tuple[Contract, ...]:
    """The standard seven contracts (2 sets; set + run; 2 runs; 3 sets; 2 sets + run;
    set + 2 runs; 3 runs), with the cards dealt in each deal."""
    s, r = Requirement(MeldKind.SET, 3), Requirement(MeldKind.RUN, 4)
    melds = [(s, s), (s, r), (r, r), (s, s, s), (s, s, r), (s, r, r), (r, r, r)]
    return tuple(
        Contract(
            deal=i + 1,
            requirements=reqs,
            cards_dealt=cards_dealt[i],
            going_out=last_going_out if i == 6 else going_out,
        )
        for i, reqs in enumerate(melds)
    )


def hand_points(cards: CardsGiven, rules: Rules | str) -> int:
    """The points a hand costs at the end of a deal under ``rules`` (cards, or card text; a
    preset's name, or a :class:`Rules`)."""
    points = rules_given(rules).card_points
    return sum(points(c) for c in as_cards(cards))


def rules_given(rules: object) -> Rules:
    """``rules`` as a :class:`Rules`: a preset's name is looked up, as ``Game`` looks it up,
    so that ``check_set(cards, "house")`` works; anything else is refused in a sentence. Typed
    ``object`` (the public functions say ``Rules | str``) so that a compiled caller may pass
    what it was given unnarrowed, and a wrong value reaches this sentence, not a TypeError."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        from .presets import preset_named  # the presets are built from this module

        return preset_named(rules)
    raise RulesError(f"rules must be a preset name or a Rules value, not {quoted(rules)}")


def describe_value(value: Any) -> str:
    """Short words for one field value, without the rest of the rules.

    Used where a value stands alone (a score pad shows ``card_points``); :meth:`Rules.describe`
    words the fields that need context itself. Enums read as a short phrase (their ``doc`` keeps
    the full sentence for tooltips), ``None`` as "none", never a repr.
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return _ENUM_WORDS.get(value, str(value.value).replace("_", " "))
    if isinstance(value, frozenset):
        return ", ".join(r.symbol + "s" for r in sorted(value)) or "none"
    if isinstance(value, CardPoints):
        return _describe_points(value, jokers=True)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, tuple) and value and isinstance(value[0], Contract):
        return "; ".join(c.describe() for c in value)
    if isinstance(value, tuple) and value and isinstance(value[0], ShoeSize):
        return "; ".join(f"from {s.min_players} players: {_describe_shoe_size(s)}" for s in value)
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return "; ".join(f"{b} each from {a} players" for a, b in value)
    return str(value)


def describe_contract(contract: Contract) -> str:
    """One deal's contract in words, always with how it is gone down and out of.

    :meth:`Contract.describe` says only the whole-hand and no-discard deals; this also says the
    usual ones — out by a discard or by playing the last card, or only by a discard (a hand
    emptied otherwise floats, where :attr:`Rules.floating` allows it) — so ``liverpool rules``
    and every rule table state how each deal is gone out of, and no two different contracts
    read the same.
    """
    return contract._words(usual=True)


_GOING_OUT_WORDS: dict[GoingOut, str] = {
    GoingOut.DISCARD_OR_MELD: "go out by discarding or playing the last card",
    GoingOut.DISCARD: "go out only by discarding the last card",
    GoingOut.NO_DISCARD: "no discard to go out: the last card must be played onto the table",
}
"""How the last card may leave the hand, as a contract's note says it."""


def field_label(name: str) -> str:
    """A field's name as a player reads it (``max_buys_per_match`` -> "buys per match").

    The CLI and rule tables print these instead of identifiers; an unknown name just loses its
    underscores.
    """
    return _FIELD_LABELS.get(name, name.replace("_", " "))


_FIELD_LABELS: Mapping[str, str] = {
    "name": "preset",
    "min_players": "fewest players",
    "max_players": "most players",
    "shoe": "decks and jokers",
    "wild_ranks": "wild ranks besides jokers",
    "contracts": "contracts",
    "peruvian": "Peruvian (12 cards every deal)",
    "set_wilds": "wild cards in a set",
    "run_wilds": "wild cards in a run",
    "aces": "aces in a run",
    "lay_off": "laying off opens",
    "floaters_lay_off": "a floater may lay off",
    "wild_swap": "swapping a wild out of a meld",
    "swap_own_melds": "swap from your own melds too",
    "buying": "buying out of turn",
    "down_players_may_buy": "players already down may buy",
    "buy_priority": "when several want to buy",
    "buy_penalty_cards": "a buy costs",
    "max_buys_per_match": "buys per match",
    "max_buys_per_deal": "buys per deal",
    "buy_coins": "buy coins",
    "discard_draw_penalty": "drawing the discard also takes",
    "must_keep_card": "going down must keep a card to discard",
    "floating": "floating (empty hand, not yet out)",
    "rummy_call": "rummy call on a playable discard",
    "liverpool_call": "Liverpool call",
    "failed_going_down_penalty": "failed going-down attempt",
    "exact_cut_bonus": "exact cut",
    "card_points": "card points",
    "buy_timer_seconds": "time to decide on a buy",
    "idle_turn_seconds": "idle turn played for you after",
    "max_reshuffles": "stock rebuilds before a dead deal",
    "max_turns_per_deal": "turns before a dead deal",
    "source": "source",
}

_ENUM_WORDS: Mapping[enum.Enum, str] = {
    WildLimit.ONE_NATURAL: "at least 1 natural",
    WildLimit.TWO_NATURALS: "at least 2 naturals",
    WildLimit.ONE_PER_FOUR: "at most 1 wild in any 4 cards in a row",
    WildLimit.NOT_ADJACENT: "no two wilds side by side",
    WildLimit.NOT_MAJORITY: "wilds may not outnumber naturals",
    AceMode.LOW_OR_HIGH: "low or high, never wrapping",
    AceMode.HIGH_ONLY: "high only",
    LayOffTiming.SAME_TURN: "from the turn you go down",
    LayOffTiming.NEXT_TURN: "from your turn after going down",
    WildSwap.NONE: "never",
    WildSwap.RUN_REMELD: "once down, a wild in a run; meld the wild again that turn",
    WildSwap.TO_HAND: "from your turn after going down, in a set or run; the wild joins your hand",
    WildSwap.GOING_DOWN_TURN_REMELD: (
        "only in the turn you go down, a wild in a run; meld the wild again that turn"
    ),
    WildSwap.SET_OWN_SET: "once down, a wild in a set, laid at once on a set of your own",
    BuyPriority.CLOCKWISE: "nearest clockwise to the player about to draw",
    BuyPriority.FIRST_TO_CALL: "first to call",
    GoingDown.NORMAL: "lay the contract, keep the rest",
    GoingDown.WHOLE_HAND_BUT_ONE: "the whole hand but one card, discarded at once",
    GoingDown.WHOLE_HAND: "the whole hand, no discard",
    GoingDown.WHOLE_HAND_ANY_TIME: "or out with the whole hand at any time in your turn",
    GoingOut.DISCARD_OR_MELD: "discard or play the last card",
    GoingOut.DISCARD: "discard the last card",
    GoingOut.NO_DISCARD: "play the last card onto the table, no discard",
    RummyCall.NONE: "none",
    RummyCall.OTHERS_GIVE_CARD: "each other player gives the offender a card",
    RummyCall.TAKE_BACK_PENALTY: "the offender takes the discard back + 1 stock card",
}


_BUY_FIELDS = frozenset(
    {
        "down_players_may_buy",
        "buy_priority",
        "buy_penalty_cards",
        "max_buys_per_match",
        "max_buys_per_deal",
        "buy_coins",
        "buy_timer_seconds",
    }
)


def _moot(rules: Rules, name: str) -> str | None:
    """Why field ``name`` never comes into play under ``rules`` (a floater's lay-offs where
    nobody floats), or ``None``. A rule table that said "a floater may lay off: yes" for a house
    without floating would teach a rule that house does not have."""
    if name == "floaters_lay_off" and not rules.floating:
        return "nobody floats under these rules"
    if name == "swap_own_melds" and rules.wild_swap is WildSwap.NONE:
        return "no wild is swapped under these rules"
    if name in _BUY_FIELDS and not rules.buying:
        return "there is no buying under these rules"
    return None


def _in_play(rules: Rules, name: str) -> str:
    """Field ``name`` in words, saying so when the rest of the rules never use it (the value
    is still said: two different values never read the same)."""
    words, moot = _describe_field(rules, name), _moot(rules, name)
    return f"{words} ({moot})" if moot else words


def _describe_field(rules: Rules, name: str) -> str:
    """One field of ``rules`` in words, using the other fields where the words need them."""
    value = getattr(rules, name)
    if name == "shoe":
        return _describe_shoe(rules)
    if name == "contracts":
        return "; ".join(describe_contract(rules.contract(d)) for d in range(1, rules.deals + 1))
    if name == "max_buys_per_match":
        return _describe_buy_limits(rules)
    if name == "card_points":
        return _describe_points(rules.card_points, jokers=rules.has_jokers)
    if name == "buy_penalty_cards":
        return f"the discard + {counted(value, 'stock card')}" if value else "the discard alone"
    if name == "discard_draw_penalty":
        return f"{counted(value, 'extra stock card')}" if value else "nothing extra"
    if name == "max_buys_per_deal":
        return "no limit" if value is None else f"{value} each"
    if name == "buy_coins":
        return "none" if value is None else f"{value} each for the match; a buy costs 1"
    if name == "failed_going_down_penalty":
        return f"+{counted(value, 'point')}" if value else "no penalty"
    if name == "exact_cut_bonus":
        return f"−{counted(value, 'point')} to the cutter" if value else "no bonus"
    if name in ("buy_timer_seconds", "idle_turn_seconds"):
        return "no timer" if value is None else f"{describe_value(float(value))} seconds"
    if name == "max_reshuffles":
        return f"at most {value}"
    if name == "max_turns_per_deal":
        return f"{value} turns"
    return describe_value(value)


def _players(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _player_ranges(starts: list[int], rules: Rules) -> list[tuple[int, int] | None]:
    """The player range each entry starting at ``starts[i]`` covers at this table (None when
    the table never has that many players)."""
    ranges: list[tuple[int, int] | None] = []
    for i, start in enumerate(starts):
        low = max(start, rules.min_players)
        high = starts[i + 1] - 1 if i + 1 < len(starts) else rules.max_players
        high = min(high, rules.max_players)
        ranges.append((low, high) if low <= high else None)
    return ranges


def _describe_shoe_size(size: ShoeSize) -> str:
    decks = counted(size.decks, "deck")
    return f"{decks} + {counted(size.jokers, 'joker')}" if size.jokers else f"{decks}, no jokers"


def _describe_shoe(rules: Rules) -> str:
    """``'3–5 players: 2 decks + 4 jokers; 6–8 players: 3 decks + 4 jokers'``."""
    ranges = _player_ranges([s.min_players for s in rules.shoe], rules)
    return "; ".join(
        f"{_players(*span)} players: {_describe_shoe_size(size)}"
        for size, span in zip(rules.shoe, ranges, strict=True)
        if span is not None
    )


def _describe_buy_limits(rules: Rules) -> str:
    """``'3 each with 2 players, 2 each with 3–4, 1 each with 5–6'`` (as A says it)."""
    limits = rules.max_buys_per_match
    if limits is None:
        return "no limit"
    parts: list[str] = []
    if limits[0][0] > rules.min_players:
        parts.append(f"no limit with {_players(rules.min_players, limits[0][0] - 1)}")
    ranges = _player_ranges([start for start, _ in limits], rules)
    for (_, limit), span in zip(limits, ranges, strict=True):
        if span is not None:
            parts.append(f"{limit} each with {_players(*span)}")
    if parts:
        parts[0] += " players"
    return ", ".join(parts)


def _describe_points(points: CardPoints, *, jokers: bool) -> str:
    """``'A: 15, 2–9: face value, 10–K: 10, joker: 20'``: equal neighbours grouped, then runs of
    face-value cards; the joker left out when the shoe holds none."""
    ranks = list(Rank)
    groups: list[tuple[int, int, str]] = []  # (first index, last index, value text)
    i = 0
    while i < len(ranks):
        j = i
        while j + 1 < len(ranks) and points.by_rank[j + 1] == points.by_rank[i]:
            j += 1
        if j > i:
            groups.append((i, j, str(points.by_rank[i])))
        elif 2 <= ranks[i] <= 10 and points.by_rank[i] == ranks[i]:
            if groups and groups[-1][2] == "face value" and groups[-1][1] == i - 1:
                groups[-1] = (groups[-1][0], i, "face value")
            else:
                groups.append((i, i, "face value"))
        else:
            groups.append((i, i, str(points.by_rank[i])))
        i = j + 1
    parts: list[str] = []
    for first, last, text in groups:
        if text == "face value" and first == last:
            text = str(points.by_rank[first])
        a, b = ranks[first].symbol, ranks[last].symbol
        names = a if first == last else f"{a} and {b}" if last == first + 1 else f"{a}–{b}"
        parts.append(f"{names}: {text}")
    if jokers:
        parts.append(f"joker: {points.joker}")
    return ", ".join(parts)


# -- validation ----------------------------------------------------------------------------------

_ENUM_FIELDS: Mapping[str, type[enum.Enum]] = {
    "set_wilds": WildLimit,
    "run_wilds": WildLimit,
    "aces": AceMode,
    "lay_off": LayOffTiming,
    "wild_swap": WildSwap,
    "buy_priority": BuyPriority,
    "rummy_call": RummyCall,
}
_SET_LIMITS = (WildLimit.ONE_NATURAL, WildLimit.TWO_NATURALS, WildLimit.NOT_MAJORITY)
_BOOL_FIELDS = (
    "peruvian",
    "floaters_lay_off",
    "swap_own_melds",
    "buying",
    "down_players_may_buy",
    "must_keep_card",
    "floating",
    "liverpool_call",
)
_INT_FIELDS = {
    "min_players": (2, 8),
    "max_players": (2, 8),
    "buy_penalty_cards": (0, 5),
    "discard_draw_penalty": (0, 5),
    "failed_going_down_penalty": (0, 1000),
    "exact_cut_bonus": (0, 1000),
    "max_reshuffles": (0, 100),
    "max_turns_per_deal": (10, 100_000),
}
_OPTIONAL_INT_FIELDS = {"max_buys_per_deal": (0, 100), "buy_coins": (0, 1000)}
_OPTIONAL_SECONDS = ("buy_timer_seconds", "idle_turn_seconds")


def _coerce(name: str, value: Any, current: Any) -> Any:
    """Let enum fields take their value text, and sets of ranks take any iterable of ranks."""
    kind = _ENUM_FIELDS.get(name)
    if kind is not None and isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
        try:
            return kind[value.upper()]
        except KeyError:
            allowed = ", ".join(repr(m.value) for m in kind)
            raise RulesError(f"{name} must be one of {allowed}, not {value!r}") from None
    if name == "wild_ranks" and not isinstance(value, frozenset) and isinstance(value, Iterable):
        try:
            return frozenset(Rank(v) for v in value)
        except ValueError:
            raise RulesError(f"wild_ranks must hold ranks 1-13, not {value!r}") from None
    if name in ("shoe", "contracts") and isinstance(value, list):
        return tuple(value)
    del current
    return value


def _validate(rules: Rules) -> None:
    if not isinstance(rules.name, str) or not rules.name.strip():
        raise RulesError(f"name must be a word such as 'house', not {quoted(rules.name)}")
    for name, kind in _ENUM_FIELDS.items():
        value = getattr(rules, name)
        if not isinstance(value, kind):
            allowed = ", ".join(repr(m.value) for m in kind)
            raise RulesError(f"{name} must be one of {allowed}, not {quoted(value)}")
    for name in _BOOL_FIELDS:
        if not isinstance(getattr(rules, name), bool):
            raise RulesError(f"{name} must be True or False, not {getattr(rules, name)!r}")
    for name, (low, high) in _INT_FIELDS.items():
        _check_int(name, getattr(rules, name), low, high)
    for name, (low, high) in _OPTIONAL_INT_FIELDS.items():
        if getattr(rules, name) is not None:
            _check_int(name, getattr(rules, name), low, high)
    for name in _OPTIONAL_SECONDS:
        value = getattr(rules, name)
        if value is not None and (
            not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0
        ):
            raise RulesError(f"{name} must be a positive number of seconds or None, not {value!r}")
    if rules.set_wilds not in _SET_LIMITS:
        allowed = ", ".join(f"WildLimit.{m.name}" for m in _SET_LIMITS)
        raise RulesError(f"set_wilds must be one of {allowed}, not {rules.set_wilds!r}")
    if rules.min_players > rules.max_players:
        raise RulesError(
            f"min_players ({rules.min_players}) must not exceed max_players ({rules.max_players})"
        )
    if not isinstance(rules.wild_ranks, frozenset) or not all(
        isinstance(r, Rank) for r in rules.wild_ranks
    ):
        raise RulesError(f"wild_ranks must be a frozenset of Rank, not {rules.wild_ranks!r}")
    if not isinstance(rules.card_points, CardPoints):
        raise RulesError("card_points must be a CardPoints table")
    _validate_shoe(rules)
    _validate_contracts(rules)
    _validate_buy_limits(rules)


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RulesError(f"{name} must be a whole number from {low} to {high}, not {value!r}")


def _validate_shoe(rules: Rules) -> None:
    shoe = rules.shoe
    if not isinstance(shoe, tuple) or not shoe or not all(isinstance(s, ShoeSize) for s in shoe):
        raise RulesError("shoe must be a non-empty tuple of ShoeSize(min_players, decks, jokers)")
    if shoe[0].min_players > rules.min_players:
        raise RulesError(
            f"shoe must say which decks {rules.min_players} players use "
            f"(its first entry starts at {shoe[0].min_players})"
        )
    for size in shoe:
        if not 1 <= size.decks <= 4 or not 0 <= size.jokers <= 12:
            raise RulesError("shoe entries need 1 to 4 decks and 0 to 12 jokers")
    if [s.min_players for s in shoe] != sorted({s.min_players for s in shoe}):
        raise RulesError("shoe entries must be in increasing order of min_players")
    if any(s.jokers == 0 and not rules.wild_ranks for s in shoe):
        raise RulesError("with no jokers in the shoe, wild_ranks must name at least one rank")


def _validate_contracts(rules: Rules) -> None:
    contracts = rules.contracts
    if not isinstance(contracts, tuple) or not contracts:
        raise RulesError("contracts must be a non-empty tuple of Contract, one per deal")
    for number, contract in enumerate(contracts, start=1):
        if not isinstance(contract, Contract):
            raise RulesError(f"contracts[{number - 1}] must be a Contract, not {contract!r}")
        if contract.deal != number:
            raise RulesError(
                f"contracts must be in deal order: entry {number} is for deal {contract.deal}"
            )
    for size in rules.shoe:
        for contract in contracts:
            needed = rules.max_players if size is rules.shoe[-1] else _last_players(rules, size)
            # every hand plus the upcard: what an exact cut lifts, so cut_target counts it
            if rules.cut_target(needed, contract.deal) > 52 * size.decks + size.jokers:
                dealt = rules.cards_dealt(contract.deal)
                raise RulesError(
                    f"{size} cannot deal {dealt} cards to {needed} players and turn an upcard"
                )


def _last_players(rules: Rules, size: ShoeSize) -> int:
    later = [s.min_players for s in rules.shoe if s.min_players > size.min_players]
    return min(later) - 1 if later else rules.max_players


def _validate_buy_limits(rules: Rules) -> None:
    limits = rules.max_buys_per_match
    if limits is None:
        return
    if (
        not isinstance(limits, tuple)
        or not limits
        or not all(
            isinstance(p, tuple) and len(p) == 2 and all(isinstance(x, int) for x in p)
            for p in limits
        )
    ):
        raise RulesError(
            "max_buys_per_match must be None or a tuple of (from_players, limit) pairs, "
            f"not {limits!r}"
        )
