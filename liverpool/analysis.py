"""Hand analysis: how far a hand is from the contract, what would help, what is dead weight.

This is what the coach explains and what the bots decide with. :func:`contract_distance` is the
number of cards a hand still lacks for the deal's contract (0 means it can go down now);
:func:`analyze_hand` adds the best partial melds, the *outs* (cards that would bring the
contract closer, with how many of each are still unseen), the dead weight, and — given a table —
what can be laid off where and which wild swaps are open.

The distance search is a small branch and bound: for each requirement it picks a partial meld
(a rank's naturals for a set, a window of one suit for a run) from the naturals still free, then
lets the wilds fill the gaps each meld can legally take. It never claims a hand is complete when
it is not: a distance of 0 is confirmed with :func:`~liverpool.find_going_down`.

Every public function here takes a hand as cards or card text (``"7H 7C 9H"``) and the rules
as a :class:`~liverpool.Rules` or a preset's name, as :func:`~liverpool.find_going_down` does.
The engine and the bots pass cards and a :class:`~liverpool.Rules`, which
:func:`~liverpool.cards.as_cards` and :func:`~liverpool.rules.rules_given` let through with one
``isinstance`` check, unread: the bots ask the distance thousands of times a turn.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from ._compile import mypyc_attr
from .cards import Card, CardsGiven, Suit, as_cards
from .codes import BY_CODE, CODES, RUN_CARDS, RUN_SUITS, VALUE_BITS, wild_codes
from .errors import RulesError, quoted
from .melds import ACE_HIGH, Meld, lay_off_ends
from .rules import MeldKind, Requirement, Rules, hand_points, rules_given
from .solver import find_going_down
from .words import counted

_OUTS_SHOWN = 6
"""Outs named in :meth:`HandAnalysis.summary`; the rest are counted ("and 3 more")."""

__all__ = [
    "HandAnalysis",
    "HandProgress",
    "LayOffOption",
    "PartialMeld",
    "SwapOption",
    "analyze_hand",
    "contract_distance",
    "hand_progress",
    "lay_off_options",
    "swap_options",
]


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class PartialMeld:
    """Part of a meld toward one requirement: the naturals held and the cards still missing.

    ``wanted`` lists what would complete it: for a set, one card of its rank per suit (any of
    them helps); for a run, the exact cards of its gaps.
    """

    requirement: Requirement
    cards: tuple[Card, ...]
    missing: int
    wanted: tuple[Card, ...]
    wilds: int = 0

    def describe(self) -> str:
        """The partial meld in words: ``'set of sevens: 7♥ 7♣ + 1 more'``."""
        held = " ".join(str(c) for c in self.cards) or "nothing yet"
        more = f" + {self.missing} more" if self.missing else " (complete)"
        wild = f" ({self.wilds} wild{'s' if self.wilds > 1 else ''})" if self.wilds else ""
        return f"{self.requirement.kind}: {held}{wild}{more}"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class LayOffOption:
    """A card of the hand that fits meld ``meld`` of the table, at ``end``."""

    card: Card
    meld: int
    end: str | None


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class SwapOption:
    """A natural of the hand that can take the place of a wild on the table."""

    card: Card
    meld: int
    position: int
    wild: Card


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """Everything the coach says about a hand for one deal."""

    missing: int
    """Cards still lacking for the contract (0: the hand can go down now)."""
    partial: tuple[PartialMeld, ...]
    """The best partial melds found, one per requirement."""
    going_down: tuple[Meld, ...] | None
    """The melds to go down with, when the hand can."""
    outs: tuple[tuple[Card, int], ...]
    """Cards that would bring the contract closer, with how many are still unseen."""
    dead_weight: tuple[Card, ...]
    """Cards used by no partial meld, highest points first."""
    points: int
    """What the hand would cost if the deal ended now."""
    lay_offs: tuple[LayOffOption, ...] = field(default=())
    swaps: tuple[SwapOption, ...] = field(default=())
    rules: Rules | None = None
    """The rules the hand was analysed under: they say which cards are wild, so the summary
    can say what each wild stands for ("2♠ as 7"), not only what a joker does."""

    def summary(self) -> str:
        """One or two sentences a learner reads."""
        if self.going_down is not None:
            melds = "; ".join(m.describe(self.rules) for m in self.going_down)
            return f"You can go down now: {melds}."
        shown = ", ".join(f"{c} ({n} left)" for c, n in self.outs[:_OUTS_SHOWN])
        more = len(self.outs) - _OUTS_SHOWN
        outs = (shown + (f" and {more} more" if more > 0 else "")) or "none visible"
        return f"You need {counted(self.missing, 'more card')}. Outs: {outs}."


# -- the distance search ------------------------------------------------------------------------

_Candidate = tuple[int, tuple[Card, ...], tuple[Card, ...], int]  # need, used, wanted, wild cap

_Entry = tuple[int, int, int, int, int, _Candidate]
"""A candidate as the search reads it: (order key, need, wilds it can take, need no wild can
fill, the naturals it uses packed like the search's free cards, the candidate)."""

_KEEP = 12  # the cheapest candidates tried per requirement, besides "start from nothing"
_CACHE_LIMIT = 1 << 15  # remembered candidates per requirement shape (cleared when full)

_SET_WANTED = [tuple(Card.of(rank, suit) for suit in Suit) if rank else () for rank in range(14)]
_ORDER_BITS = 6  # a card code fits in six bits, so candidates' used cards pack into one int
_ORDER_KEY = itemgetter(0)
_UNFILLABLE = itemgetter(3)


class _Shape:
    """The candidates of one requirement (kind and length) under one rules value, remembered.

    A rank's set candidates depend only on how many of each suit the hand holds of that rank,
    and a suit's run candidates only on which values of that suit it holds, so they are built
    once and then found by that pattern (an int) instead of being rebuilt card by card for
    every hand. Run candidates are also remembered by window, so that suits holding the same
    window share them.
    """

    __slots__ = ("cache", "fallback", "kind", "length", "limit", "starts", "width", "windows")

    def __init__(self, kind: MeldKind, length: int, rules: Rules, width: int) -> None:
        self.kind, self.length, self.width = kind, length, width
        self.limit = rules.set_wilds if kind is MeldKind.SET else rules.run_wilds
        floor = rules.aces.lowest
        self.starts = range(floor, ACE_HIGH - length + 2)
        # "Start from nothing": every card of the meld missing, all but two (sets) or one
        # (runs) of them fillable by wilds.
        least = 2 if kind is MeldKind.SET else 1
        self.fallback = self._entry(length, (), (), length - least)
        self.cache: dict[int, tuple[_Entry, ...]] = {}
        self.windows: dict[int, tuple[_Entry, ...]] = {}

    def _entry(
        self, need: int, used: tuple[Card, ...], wanted: tuple[Card, ...], cap: int
    ) -> _Entry:
        """A candidate with what the search needs of it. The order key sorts as (need, the
        used cards' sort keys) does: a card's code grows with its sort key, and zeros pad a
        shorter list so it sorts first."""
        key = need
        for i in range(self.length):
            key = key << _ORDER_BITS | (used[i].index if i < len(used) else 0)
        packed = sum(1 << (self.width * card.index) for card in used)
        fill = min(need, cap)
        return (key, need, fill, need - fill, packed, (need, used, wanted, cap))

    @staticmethod
    def _remember(
        cache: dict[int, tuple[_Entry, ...]], key: int, found: tuple[_Entry, ...]
    ) -> tuple[_Entry, ...]:
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = found
        return found

    def candidates(self, free: int, held: list[int], ranks: set[int]) -> list[_Entry]:
        """The cheapest candidates (sorted, stable) and "start from nothing" last."""
        out: list[_Entry] = []
        cache = self.cache
        if self.kind is MeldKind.SET:
            shift = 4 * self.width
            mask = (1 << shift) - 1
            for rank in ranks:
                key = ((free >> (shift * rank)) & mask) << 4 | rank
                found = cache.get(key)
                if found is None:
                    found = self._remember(cache, key, self._set_entries(rank, key >> 4))
                out.extend(found)
        else:
            for suit in RUN_SUITS:
                bits = held[suit]
                if bits:
                    key = bits << 2 | suit
                    found = cache.get(key)
                    if found is None:
                        found = self._remember(cache, key, self._suit_entries(suit, bits))
                    out.extend(found)
        out.sort(key=_ORDER_KEY)
        del out[_KEEP:]
        out.append(self.fallback)
        return out

    def _set_entries(self, rank: int, field: int) -> tuple[_Entry, ...]:
        """A rank's naturals (``field``: the packed counts of its four suits), as a set of
        ``length`` or one card short of it."""
        width = self.width
        count = (1 << (width - 1)) - 1
        cards = [
            BY_CODE[rank * 4 + suit]
            for suit in range(4)
            for _ in range((field >> (width * suit)) & count)
        ]
        length = self.length
        held = min(len(cards), length)
        return tuple(
            self._entry(
                length - n, tuple(cards[:n]), _SET_WANTED[rank], self.limit.wild_room(length, n)
            )
            for n in sorted({held, held - 1})
            if n >= 1
        )

    def _suit_entries(self, suit: int, bits: int) -> tuple[_Entry, ...]:
        """The windows of ``suit`` holding some of the values of bits ``bits``, lowest first."""
        length = self.length
        out: list[_Entry] = []
        for start in self.starts:
            sub = (bits >> start) & ((1 << length) - 1)
            if sub:
                key = (suit << 4 | start) << length | sub
                found = self.windows.get(key)
                if found is None:
                    found = self._remember(self.windows, key, self._run_entries(suit, start, sub))
                out.extend(found)
        return tuple(out)

    def _run_entries(self, suit: int, start: int, sub: int) -> tuple[_Entry, ...]:
        """The window of ``suit`` from value ``start``, holding the values of bits ``sub``."""
        used: list[Card] = []
        wanted: list[Card] = []
        cards = RUN_CARDS[suit]
        for i in range(self.length):
            (used if sub >> i & 1 else wanted).append(cards[start + i])
        if len(used) >= 2 or (self.length <= 4 and used):
            cap = self.limit.wild_room(self.length, len(used))
            return (self._entry(len(wanted), tuple(used), tuple(wanted), cap),)
        return ()


class _Plan:
    """How one rules value searches one list of requirements with one packing width."""

    __slots__ = ("guards", "reqs", "same", "shapes", "start_score")

    def __init__(self, tables: _Tables, requirements: tuple[Requirement, ...], width: int) -> None:
        # Runs first, longest first: they constrain the most.
        self.reqs = sorted(requirements, key=lambda r: (r.kind is not MeldKind.RUN, -r.min_length))
        self.same = [k > 0 and self.reqs[k - 1] == r for k, r in enumerate(self.reqs)]
        self.shapes = [tables.shape(r.kind, r.min_length, width) for r in self.reqs]
        self.start_score = sum(r.min_length for r in self.reqs) + 1
        # Each kind of card's count sits in ``width`` bits whose top bit is a guard: the
        # search tests "are these naturals still free?" with one subtraction.
        self.guards = sum(1 << (width * code + width - 1) for code in range(CODES))


class _Tables:
    """What the distance search remembers for one rules value."""

    __slots__ = ("plans", "rules", "shapes", "wild")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.wild = wild_codes(rules.wild_ranks)
        self.plans: dict[tuple[tuple[Requirement, ...], int], _Plan] = {}
        self.shapes: dict[tuple[MeldKind, int, int], _Shape] = {}

    def plan(self, requirements: tuple[Requirement, ...], width: int) -> _Plan:
        plan = self.plans.get((requirements, width))
        if plan is None:
            plan = self.plans[requirements, width] = _Plan(self, requirements, width)
        return plan

    def shape(self, kind: MeldKind, length: int, width: int) -> _Shape:
        shape = self.shapes.get((kind, length, width))
        if shape is None:
            shape = self.shapes[kind, length, width] = _Shape(kind, length, self.rules, width)
        return shape


def _tables(rules: Rules) -> _Tables:
    """The search tables of ``rules``, by identity (hashing a Rules value is slow)."""
    tables = _TABLES.get(id(rules))
    if tables is None or tables.rules is not rules:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        tables = _TABLES[id(rules)] = _Tables(rules)
    return tables


_TABLES: dict[int, _Tables] = {}


def _best_partial(
    hand: Sequence[Card], rules: Rules, requirements: Sequence[Requirement]
) -> tuple[int, list[tuple[Requirement, _Candidate]]]:
    """The fewest cards missing for the contract, and the partial melds that achieve it.

    Candidates are built once from the whole hand; the search then picks one per requirement
    whose naturals are still free (a branch and bound on the cards missing). The first best
    choice in the search's order is the answer (bots depend on it), so the bounds only cut
    branches that cannot do strictly better than the best found so far.
    """
    tables = _tables(rules)
    wild = tables.wild
    counts: dict[int, int] = {}
    wilds = 0
    for card in hand:
        code = card.index
        if wild[code]:
            wilds += 1
        else:
            counts[code] = counts.get(code, 0) + 1
    # Four bits per kind of card hold up to 7 copies (shoes have 4 decks at most); wider
    # fields only for hands that hold more.
    width = max(4, max(counts.values(), default=0).bit_length() + 1)
    plan = tables.plan(tuple(requirements), width)
    reqs = plan.reqs
    if not reqs:
        return 0, []
    free = plan.guards
    held = [0, 0, 0, 0]  # by suit: bit v set when the hand holds value v (an ace: 1 and 14)
    for code, n in counts.items():
        free += n << (width * code)
        held[code & 3] |= VALUE_BITS[code]
    ranks = {code >> 2 for code in counts}
    levels: list[list[_Entry]] = []
    for k, shape in enumerate(plan.shapes):
        levels.append(levels[-1] if plan.same[k] else shape.candidates(free, held, ranks))
    # The least need (and need no wild can fill) the requirements from k on can have: the
    # lists are sorted by need; "start from nothing" is last and needs the most.
    need_from = [0] * (len(reqs) + 1)
    unfill_from = [0] * (len(reqs) + 1)
    for k in range(len(reqs) - 1, -1, -1):
        need_from[k] = need_from[k + 1] + levels[k][0][1]
        unfill_from[k] = unfill_from[k + 1] + min(map(_UNFILLABLE, levels[k]))
    search = _PartialSearch(plan, levels, need_from, unfill_from, wilds)
    search.search(0, 0, 0, 0, 0, free)
    return search.best_score, search.best


class _PartialSearch:
    """One run of the search of :func:`_best_partial`: what it reads, the best choice so far,
    and the method that recurses over the requirements.

    A class rather than a nested function: a nested function that calls itself holds a
    reference to its own closure cell, a cycle that only the cyclic garbage collector frees, on
    every call.
    """

    __slots__ = (
        "best",
        "best_score",
        "chosen",
        "guards",
        "last",
        "levels",
        "need_from",
        "reqs",
        "same",
        "unfill_from",
        "wilds",
    )

    def __init__(
        self,
        plan: _Plan,
        levels: list[list[_Entry]],
        need_from: list[int],
        unfill_from: list[int],
        wilds: int,
    ) -> None:
        self.reqs = plan.reqs
        self.same = plan.same
        self.guards = plan.guards
        self.levels = levels
        self.need_from = need_from
        self.unfill_from = unfill_from
        self.wilds = wilds
        self.last = len(plan.reqs) - 1
        self.best_score = plan.start_score
        self.best: list[tuple[Requirement, _Candidate]] = []
        self.chosen: list[tuple[Requirement, _Candidate]] = []

    def search(self, k: int, need: int, fill: int, unfill: int, first: int, free: int) -> None:
        """Try each candidate of requirement ``k`` (in search order) from the ``first`` on, the
        ones before it chosen (``chosen``) with the needs given, ``free`` the naturals left."""
        # A choice's score is need - min(wilds, fill) = max(need - wilds, unfill): it is at
        # least the need so far plus the least the rest can need, less the wilds, and at
        # least the need no wild can fill so far plus the least of it the rest can have.
        req = self.reqs[k]
        level = self.levels[k]
        wilds = self.wilds
        guards = self.guards
        chosen = self.chosen
        need_floor = need + self.need_from[k + 1] - wilds
        unfill_floor = unfill + self.unfill_from[k + 1]
        for index in range(first if self.same[k] else 0, len(level)):
            _, n, f, u, used, cand = level[index]
            if need_floor + n >= self.best_score:
                return  # needs only grow along the list: nothing further can do better
            if unfill_floor + u >= self.best_score or (free - used) & guards != guards:
                continue
            if k == self.last:
                score = need + n - min(wilds, fill + f)
                if score < self.best_score:
                    self.best_score, self.best = score, [*chosen, (req, cand)]
            else:
                chosen.append((req, cand))
                self.search(k + 1, need + n, fill + f, unfill + u, index, free - used)
                chosen.pop()
            if self.best_score <= 0:
                return


def _melds(table: object) -> list[Meld]:
    """The table's melds as :attr:`Game.table <liverpool.Game.table>` gives them; anything
    else (card text, a list of cards) is refused in a sentence rather than failing inside."""
    if isinstance(table, (str, Meld)) or not isinstance(table, Iterable):
        raise RulesError(f"table is a list of melds, as game.table gives it; got {quoted(table)}")
    melds = list(table)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise RulesError(
                f"table is a list of melds, as game.table gives it; {quoted(meld)} is not a meld"
            )
    return melds


def contract_distance(hand: CardsGiven, rules: Rules | str, deal: int) -> int:
    """How many more cards the hand needs before it can go down (0: it can go down now).

    ``hand`` is cards or card text, ``rules`` a :class:`Rules` or a preset's name."""
    cards = list(as_cards(hand))
    given = rules_given(rules)
    key = (id(given), deal, tuple(sorted(c.index for c in cards)))
    cached = _DISTANCE_CACHE.get(key)
    if cached is not None and cached[0] is given:
        return cached[1]
    contract = given.contract(deal)
    score, _ = _best_partial(cards, given, contract.requirements)
    if score == 0 and find_going_down(cards, given, deal, extend=False):
        distance = 0
    else:
        distance = max(score, 1)
    if len(_DISTANCE_CACHE) >= 8192:
        _DISTANCE_CACHE.popitem(last=False)
    _DISTANCE_CACHE[key] = (given, distance)
    return distance


# Bots ask the distance of the same hands again and again within a turn (and across samples).
# Oldest out first (an OrderedDict: see solver._CACHE).
_DISTANCE_CACHE: OrderedDict[tuple[object, ...], tuple[Rules, int]] = OrderedDict()


def lay_off_options(
    hand: CardsGiven, table: Sequence[Meld], rules: Rules | str
) -> list[LayOffOption]:
    """Every (card, meld, end) where a card of the hand fits a meld of the table."""
    given = rules_given(rules)
    melds = _melds(table)
    seen: set[Card] = set()
    options: list[LayOffOption] = []
    for card in as_cards(hand):
        if card in seen:
            continue
        seen.add(card)
        for k, meld in enumerate(melds):
            options.extend(LayOffOption(card, k, end) for end in lay_off_ends(meld, card, given))
    return options


def swap_options(hand: CardsGiven, table: Sequence[Meld], rules: Rules | str) -> list[SwapOption]:
    """Every natural of the hand that may replace a wild on the table (timing aside)."""
    given = rules_given(rules)
    options: list[SwapOption] = []
    naturals = sorted({c for c in as_cards(hand) if not given.is_wild(c)}, key=Card.sort_key)
    for k, meld in enumerate(_melds(table)):
        for pos in meld.wild_positions(given):
            for card in naturals:
                if meld.can_replace_wild(pos, card, given):
                    options.append(SwapOption(card, k, pos, meld.cards[pos]))
    return options


def unseen_counts(seen: CardsGiven, rules: Rules | str, players: int) -> Counter[Card]:
    """How many copies of each card are not in ``seen`` (so may be in the stock or other hands)."""
    return _shoe_counts(rules_given(rules), players) - Counter(as_cards(seen))


def _shoe_counts(rules: Rules, players: int) -> Counter[Card]:
    """The copies of each card in the shoe for ``players``, built once per shoe size (the bots
    and the evaluator ask for it at almost every decision). Callers must not change it."""
    size = rules.shoe_size(players)
    key = (size.decks, size.jokers)
    counts = _SHOE_COUNTS.get(key)
    if counts is None:
        counts = _SHOE_COUNTS[key] = Counter(rules.build_shoe(players))
    return counts


_SHOE_COUNTS: dict[tuple[int, int], Counter[Card]] = {}


def analyze_hand(
    hand: CardsGiven,
    rules: Rules | str,
    deal: int,
    *,
    table: Sequence[Meld] = (),
    seen: CardsGiven = (),
    players: int | None = None,
    exact_outs: bool = True,
) -> HandAnalysis:
    """Analyse a hand for ``deal`` under ``rules`` (a :class:`Rules` or a preset's name):
    distance to the contract, partial melds, outs, dead weight, lay-offs and swaps on ``table``.
    ``seen`` lists the cards visible to the player besides the hand (table, discards) so outs
    count only unseen copies. ``hand`` and ``seen`` may be card text (``"7H 7C 9H"``).

    With ``exact_outs`` (the coach's choice) an out is every card whose arrival lowers the
    distance, found by trying each card of the shoe; without it (the bots' quick choice) the
    outs are the cards the best partial melds are waiting for."""
    cards = list(as_cards(hand))
    given = rules_given(rules)
    melds = _melds(table)
    seen_cards = list(as_cards(seen))
    players = players or given.min_players
    progress = hand_progress(cards, given, deal)
    missing = progress.missing
    unseen = unseen_counts([*cards, *seen_cards], given, players)
    if exact_outs and missing:
        wanted = {
            card: None
            for card in sorted(unseen, key=Card.sort_key)
            if contract_distance([*cards, card], given, deal) < missing
        }
    else:
        wanted = dict.fromkeys(progress.wanted)
    outs = tuple(sorted(((c, unseen[c]) for c in wanted if unseen[c] > 0), key=lambda cn: -cn[1]))
    return HandAnalysis(
        missing=missing,
        partial=progress.partial,
        going_down=progress.going_down,
        outs=outs,
        dead_weight=progress.dead_weight,
        points=hand_points(cards, given),
        lay_offs=tuple(lay_off_options(cards, melds, given)),
        swaps=tuple(swap_options(cards, melds, given)),
        rules=given,
    )


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class HandProgress:
    """How far a hand is from its contract: the part of :class:`HandAnalysis` that needs
    neither the table nor the unseen cards (what a quick bot asks at every discard)."""

    missing: int
    """Cards still lacking for the contract (0: the hand can go down now)."""
    partial: tuple[PartialMeld, ...]
    """The best partial melds found, one per requirement."""
    going_down: tuple[Meld, ...] | None
    """The melds to go down with, when the hand can."""
    wanted: tuple[Card, ...]
    """The cards the partial melds are waiting for, first wanted first."""
    dead_weight: tuple[Card, ...]
    """Cards used by no partial meld, highest points first."""


def hand_progress(hand: CardsGiven, rules: Rules | str, deal: int) -> HandProgress:
    """The hand's distance to the contract for ``deal``, its best partial melds, the cards they
    wait for and its dead weight (``hand``: cards or card text; ``rules``: a :class:`Rules` or a
    preset's name)."""
    cards = list(as_cards(hand))
    given = rules_given(rules)
    contract = given.contract(deal)
    melds = find_going_down(cards, given, deal)
    score, chosen = _best_partial(cards, given, contract.requirements)
    missing = 0 if melds is not None else max(score, 1)
    partial: list[PartialMeld] = []
    used: Counter[Card] = Counter()
    wanted: dict[Card, None] = {}
    wild_left = sum(1 for c in cards if given.is_wild(c))
    for req, (need, used_cards, want, cap) in sorted(
        chosen, key=lambda rc: contract.requirements.index(rc[0])
    ):
        wilds = min(need, cap, wild_left)
        wild_left -= wilds
        partial.append(PartialMeld(req, used_cards, need - wilds, want, wilds))
        used.update(used_cards)
        if need - wilds > 0:
            for card in want:
                wanted.setdefault(card, None)
    if missing and any(p.missing for p in partial):
        wanted.setdefault(Card.joker(), None)
        for rank in given.wild_ranks:
            for suit in Suit:
                wanted.setdefault(Card(rank, suit), None)
    spare = Counter(c for c in cards if not given.is_wild(c)) - used
    dead = sorted(spare.elements(), key=lambda c: -given.card_points(c))
    return HandProgress(
        missing=missing,
        partial=tuple(partial),
        going_down=tuple(melds) if melds is not None else None,
        wanted=tuple(wanted),
        dead_weight=tuple(dead),
    )
