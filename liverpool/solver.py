"""Searching a hand for the contract: can this hand go down, and with which melds?

:func:`find_going_down` is what a player asks before going down, what the coach shows, and what
bots build on. It is exact for every preset: it honours the wild limits, the ace rule, the
must-keep-a-card rule and the whole-hand deals, and it lays a longer meld only by adding cards
to a legal core (every legal meld holds a legal core of the contract's minimum length, so no
solution is missed).

The search picks one meld per requirement from what is left of the hand — naturals counted by
card, wilds as a number — cheapest in wilds first, then lays the other naturals that fit onto
those melds, keeping the choice of melds that lays the most (for whole-hand deals, every other
card).
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from operator import attrgetter
from typing import Final, Generic, TypeVar

from .cards import Card, CardsGiven, Rank, Suit, as_cards
from .codes import (
    BY_CODE,
    CODES,
    RUN_CARDS,
    RUN_SUITS,
    SUIT_BY_CODE,
    SUIT_CODE,
    VALUE_BITS,
    wild_codes,
)
from .melds import ACE_HIGH, Meld, lay_off_ends
from .rules import Contract, GoingOut, MeldKind, Requirement, Rules, WildLimit, rules_given

__all__ = ["contract_is_met", "find_going_down", "find_whole_hand", "may_empty_hand"]

# Final: compiled, a constant (rules.py stays Python, where each ``MeldKind.SET`` is a look-up).
_SET: Final = MeldKind.SET


def may_empty_hand(rules: Rules, contract: Contract) -> bool:
    """Whether a hand may be emptied without a discard in this deal (going out or floating)."""
    if contract.going_out is GoingOut.DISCARD:
        return rules.floating
    return True


def find_going_down(
    hand: CardsGiven, rules: Rules | str, deal: int, *, extend: bool = True
) -> list[Meld] | None:
    """Melds from ``hand`` that meet the contract of ``deal`` under ``rules``, or ``None``.

    ``hand`` is the hand at the moment of going down (after drawing). The melds are in the
    contract's order; each run is placed lowest first with its wilds fixed. With ``extend`` the
    melds also take every extra natural card that fits them (going down lays as much as it
    can), while keeping a card to discard where the rules need one. Whole-hand deals use the
    whole hand (or all but one card, which is then discarded). The hand may be card text, the
    rules a preset's name.
    """
    return going_down_melds(list(as_cards(hand)), rules_given(rules), deal, extend)


def going_down_melds(
    cards: list[Card], rules: Rules, deal: int, extend: bool = True
) -> list[Meld] | None:
    """:func:`find_going_down` for a hand the engine holds (cards, never text), remembered:
    the rules ask it of every hand they list moves for, so it skips reading the hand again."""
    codes = [c.index for c in cards]
    # The answer depends on the cards and on the order of the wilds (the search places them in
    # hand order, and a 2 and a joker are different cards), so both are in the key: the same
    # hand then gets the same answer whatever was asked before, in every process.
    facts = _deal(rules, deal)
    wild = facts.wild
    key = (id(rules), deal, extend, tuple(sorted(codes)), tuple(c for c in codes if wild[c]))
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is rules:
        return None if cached[1] is None else list(cached[1])
    result = _find_going_down(cards, codes, facts, extend)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.popitem(last=False)
    _CACHE[key] = (rules, None if result is None else tuple(result))
    return result


# Bots and legal_actions ask about the same hand more than once; answers are immutable melds.
# Oldest out first: an OrderedDict, because a dict emptied from the front scans past its
# deleted slots to find the oldest key (microseconds per call once full).
_CACHE: OrderedDict[tuple[object, ...], tuple[Rules, tuple[Meld, ...] | None]] = OrderedDict()
_CACHE_SIZE = 4096


class _Deal:
    """What the searches ask of the rules for one deal, worked out once per rules value and
    deal: :class:`Rules` stays plain Python in the compiled engine (its ``contract`` and
    properties would run as interpreted code), and a game asks the same on every turn."""

    __slots__ = ("deal", "floor", "jokers", "keep", "leave", "plan", "rules", "wild")

    def __init__(self, rules: Rules, deal: int) -> None:
        contract = rules.contract(deal)
        self.rules = rules
        self.deal = deal
        self.leave = contract.going_down.cards_left
        """The cards a whole-hand deal leaves (``None`` when the deal is not one)."""
        self.keep = 1 if (rules.must_keep_card or not may_empty_hand(rules, contract)) else 0
        """The cards going down must leave in hand."""
        self.plan = _plan(contract.requirements)
        self.wild = wild_codes(rules.wild_ranks)
        """For each card code, whether it is wild."""
        self.jokers = rules.has_jokers
        self.floor = rules.aces.lowest
        """The lowest run value."""


def _deal(rules: Rules, deal: int) -> _Deal:
    found = _DEALS.get((id(rules), deal))
    if found is None or found.rules is not rules:
        found = _Deal(rules, deal)
        if len(_DEALS) >= 1000:
            _DEALS.clear()
        _DEALS[id(rules), deal] = found
    return found


_DEALS: dict[tuple[int, int], _Deal] = {}


def _find_going_down(
    hand: list[Card], codes: list[int], facts: _Deal, extend: bool
) -> list[Meld] | None:
    rules = facts.rules
    if facts.leave is not None:
        return find_whole_hand(hand, rules, facts.deal, leave=facts.leave)
    keep = facts.keep
    plan = facts.plan
    if len(hand) - plan.min_cards < keep:
        return None
    read = _read(codes, plan, facts.wild, facts.jokers, facts.floor)
    if not _could_meet(read, rules):
        return None
    # Most solutions use the contract's minimum cards, which the test above allows for; a run
    # a counting wild limit makes longer (see ``_run_piece``) may leave too few to keep.
    if extend:
        most = 1 if len(hand) - plan.min_cards > _WIDEST_SPARE else _WIDEST_CORES
        widest = _Widest(facts.wild, read.floor, keep, most)
        return _cores(read, rules, widest.offer) or widest.melds
    return _cores(read, rules, lambda melds, rest: melds if len(rest) >= keep else None)


class _Widest:
    """The core that, extended with the naturals that fit it, lays the most naturals.

    Two cores meeting the same contract can lay different cards once extended: a set of 7s
    taking the joker and a run 7♥-10♥ leave the Q♥ out, where the three 7s and a run 8♥-Q♥ (the
    joker as J♥) lay it. So the extended cores are weighed in the search's order (fewest wilds
    first) and the best kept. Best of all is one that lays every card but those the player
    must keep (to discard), and the search stops at the first; otherwise the fewest naturals
    left in hand, then the most wilds kept (a wild can still be laid off, a natural left may
    never find a place), then the first found. The search also stops at a core that leaves no
    natural (the wilds it keeps are the player's to lay off later), at the second core in a row
    after the best that does no better (:data:`_WIDEST_PATIENCE`), or after
    :data:`_WIDEST_CORES` cores; and a hand of more than :data:`_WIDEST_SPARE` cards beyond the
    contract's minimum takes the first core, as before.

    Why stop so soon: each core weighed costs a search and a growing, every time a new hand is
    asked about, and a hand full of wilds (or the 30 cards random play buys) has thousands that
    lay the same cards. On the hands of ``benchmarks/solver_choice.py`` the whole search finds
    31 better answers; weighing up to 8 cores past the best kept 30 of them but made random play
    (the engine's throughput benchmark) a third slower. These stops keep 23 at the first core's
    cost: random play as fast within its noise, and ``find_going_down``'s p99 on
    ``hard_hands.txt`` 0.6 ms where the first core alone took 0.4.
    """

    __slots__ = ("best", "cores", "floor", "found", "keep", "melds", "most", "wild")

    def __init__(self, wild: Sequence[bool], floor: int, keep: int, most: int) -> None:
        self.wild = wild
        self.floor = floor
        self.keep = keep
        self.most = most
        """The most cores to weigh."""
        self.best: tuple[int, int] | None = None
        self.melds: list[Meld] | None = None
        """The best extended core so far."""
        self.cores = 0
        self.found = 0
        """The number of cores weighed when the best was found."""

    def offer(self, melds: list[Meld], rest: list[Card]) -> list[Meld] | None:
        """Weigh one core with the cards it leaves: the answer once no better can come."""
        keep = self.keep
        if len(rest) < keep:
            return None
        grown, kept = _extend_with_naturals(melds, rest, self.wild, self.floor, keep)
        if len(kept) <= keep:
            return grown
        wild = self.wild
        naturals = sum(1 for c in kept if not wild[c.index])
        key = (naturals, naturals - len(kept))  # then the more wilds kept
        self.cores += 1
        if self.best is None or key < self.best:
            self.best, self.melds, self.found = key, grown, self.cores
        done = self.cores >= self.most or self.cores - self.found >= _WIDEST_PATIENCE
        return self.melds if not naturals or done else None


_WIDEST_CORES: Final = 64
_WIDEST_PATIENCE: Final = 2
_WIDEST_SPARE: Final = 8


class _Read:
    """A hand read once for the searches (``could_meet`` and ``_cores`` share it): its wilds in
    hand order, its naturals counted by card code and by rank, and the run values each suit
    holds as bits."""

    __slots__ = ("counts", "floor", "free", "held", "levels", "plan", "ranks", "wilds")

    def __init__(
        self,
        plan: _Plan,
        floor: int,
        wilds: list[Card],
        counts: list[int],
        ranks: list[int],
        levels: list[list[int]],
        free: int,
        held: list[int],
    ) -> None:
        self.plan = plan
        self.floor = floor
        """The lowest run value under the rules."""
        self.wilds = wilds
        self.counts = counts
        """Naturals by card code."""
        self.ranks = ranks
        """Naturals by rank."""
        self.levels = levels
        """``levels[j][suit]``: bit v set when the hand holds more than ``j`` naturals of value v
        in that suit (by suit code; an ace sets bits 1 and 14)."""
        self.held = held
        """The codes of the naturals held, each once."""
        self.free = free
        """The naturals packed four bits a card code, at most 7 of a kind (see ``_cores``)."""


def _read(
    codes: Iterable[int], plan: _Plan, wild: Sequence[bool], jokers: bool, floor: int
) -> _Read:
    """One pass over the hand, by card code: every count the quick test and the search need
    (see :class:`_Read`). ``wild`` says which codes are wild, ``jokers`` whether the rules play
    with jokers. There is one object per card, so a wild's code gives back the card."""
    depth = plan.depth
    counts = [0] * CODES
    ranks = [0] * 15
    levels = [[0, 0, 0, 0] for _ in range(depth)]
    wilds = []
    held = []
    free = 0
    for code in codes:
        if wild[code]:
            if code or jokers:  # a joker under a house without them is no card of its game
                wilds.append(BY_CODE[code])
            continue
        n = counts[code] = counts[code] + 1
        if n == 1:
            held.append(code)
        ranks[code >> 2] += 1
        if n <= depth:
            levels[n - 1][code & 3] |= VALUE_BITS[code]
        if n <= 7:
            free += _UNITS[code]
    return _Read(plan, floor, wilds, counts, ranks, levels, free, held)


class _Plan:
    """How the searches walk a contract's requirements, worked out once per requirements object
    (a game asks about the same few contracts all along)."""

    __slots__ = (
        "depth",
        "groups",
        "min_cards",
        "order",
        "positions",
        "repeats",
        "requirements",
        "slots",
    )

    def __init__(self, requirements: Sequence[Requirement]) -> None:
        self.requirements = requirements
        self.min_cards = sum(r.min_length for r in requirements)
        """The fewest cards that make the contract."""
        counted = Counter(requirements)
        self.groups = tuple(counted.items())
        """Identical requirements once each, with how many there are."""
        self.depth = max(counted.values(), default=1)
        """The most identical requirements (how many copies of a natural ``could_meet`` tracks)."""
        # Runs first (they constrain suits), longest first: they prune the search soonest.
        self.order = sorted(range(len(requirements)), key=lambda i: _req_order(requirements[i]))
        """The requirements' indexes in the order the search fills them."""
        self.positions = [self.order.index(i) for i in range(len(requirements))]
        """For each requirement, where the search fills it (melds come out in contract order)."""
        kinds = list(counted)
        self.slots = [kinds.index(requirements[i]) for i in self.order]
        """For each requirement in search order, its group."""
        self.repeats = [k > 0 and self.slots[k - 1] == s for k, s in enumerate(self.slots)]
        """For each requirement in search order, whether the one before it is identical."""


def _plan(requirements: Sequence[Requirement]) -> _Plan:
    found = _PLANS.get(id(requirements))
    if found is None or found.requirements is not requirements:
        found = _Plan(requirements)
        if len(_PLANS) >= 1000:
            _PLANS.clear()
        _PLANS[id(requirements)] = found
    return found


_PLANS: dict[int, _Plan] = {}


def could_meet(hand: Sequence[Card], rules: Rules, requirements: Sequence[Requirement]) -> bool:
    """A fast necessary test: could the wilds in ``hand`` fill the cheapest candidate melds?

    For each requirement it finds the fewest wilds any one candidate meld needs (a rank's
    naturals for a set; a window of one suit for a run), ignoring that two melds may want the
    same natural — so it only ever says "no" when no going-down exists. Most hands are answered
    here, without the exact search; it runs on every turn of every player who is not down, so
    it counts naturals in flat lists by card code and tests run windows as bit masks.
    """
    read = _read(
        [c.index for c in hand],
        _plan(requirements),
        wild_codes(rules.wild_ranks),
        rules.has_jokers,
        rules.aces.lowest,
    )
    return _could_meet(read, rules)


def _could_meet(read: _Read, rules: Rules) -> bool:
    total = 0
    wilds = len(read.wilds)
    for req, count in read.plan.groups:
        needs = (
            _set_needs(req.min_length, count, read.ranks, rules)
            if req.kind is _SET
            else _run_needs(req.min_length, count, read.levels, read.floor)
        )
        if len(needs) < count:
            return False
        needs.sort()
        total += sum(needs[:count])
        if total > wilds:
            return False
    return True


def _set_needs(length: int, count: int, ranks: list[int], rules: Rules) -> list[int]:
    """Wilds each possible set would need: up to ``count`` sets per rank, from the ``count``
    ranks held most. (A set of any other rank needs no fewer wilds than the first set of each
    of those, so the ``count`` cheapest sets, and whether there are ``count``, come out the
    same.)"""
    least, enough = _set_floors(rules)
    # The fewest naturals a set of ``length`` needs is never below ``least``, so one test says
    # both "the rank has a set left" and "its wilds are allowed".
    fewest = enough[length]
    needs = []
    for have in sorted(ranks, reverse=True)[:count]:
        for j in range(count):
            avail = have - j * least  # each set before this one took at least ``least``
            if avail < fewest:
                break
            needs.append(length - min(avail, length))
    return needs


def _set_floors(rules: Rules) -> tuple[int, tuple[int, ...]]:
    """Under the set wild limit of ``rules``: the fewest naturals any set holds, and by length
    (up to 13) the fewest a set of that length needs, the rest of it wild. Tabled once per rules
    value from :meth:`~liverpool.WildLimit.allows_set`, because ``could_meet`` asks on every
    turn."""
    found = _SET_FLOORS.get(id(rules))
    if found is None or found[0] is not rules:
        limit = rules.set_wilds
        enough = tuple(
            next((n for n in range(1, length + 1) if limit.allows_set(n, length - n)), length + 1)
            for length in range(14)
        )
        found = (rules, limit.fewest_naturals(0), enough)
        if len(_SET_FLOORS) >= 64:
            _SET_FLOORS.clear()
        _SET_FLOORS[id(rules)] = found
    return found[1], found[2]


_SET_FLOORS: dict[int, tuple[Rules, int, tuple[int, ...]]] = {}


def _run_needs(length: int, count: int, levels: list[list[int]], floor: int) -> list[int]:
    """Wilds each possible run window would need: up to ``count`` copies per window (a
    window's naturals at each level are one popcount, see ``could_meet``). The levels are
    nested, so a window has a copy at level ``j`` only if it has one at every lower level."""
    needs: list[int] = []
    for suit in range(4):
        for j in range(count):
            mask = levels[j][suit]
            if not mask:
                break
            needs.extend(_window_needs(mask, length, floor))
    return needs


def _window_needs(mask: int, length: int, floor: int) -> tuple[int, ...]:
    """For each run window of ``length`` holding some of the values in ``mask``, the wilds it
    would need. Remembered: a suit's values change rarely from one turn to the next."""
    key = (mask << 4 | length) << 2 | floor  # one int (values below 2**15, length below 16)
    found = _WINDOW_NEEDS.get(key)
    if found is None:
        span = (1 << length) - 1
        held = [
            ((mask >> start) & span).bit_count() for start in range(floor, ACE_HIGH - length + 2)
        ]
        found = tuple(length - n for n in held if n)
        if len(_WINDOW_NEEDS) >= 100_000:
            _WINDOW_NEEDS.clear()
        _WINDOW_NEEDS[key] = found
    return found


_WINDOW_NEEDS: dict[int, tuple[int, ...]] = {}


def find_whole_hand(
    hand: CardsGiven, rules: Rules, deal: int, *, leave: int = 0
) -> list[Meld] | None:
    """Melds meeting the contract of ``deal`` that use the whole hand but ``leave`` cards (the
    hand may be card text)."""
    cards = list(as_cards(hand))
    if not rules.has_jokers:
        # A joker is no card of a house that plays without them: it can only be left over.
        naturals = [c for c in cards if not c.is_joker]
        leave -= len(cards) - len(naturals)
        if leave < 0:
            return None
        cards = naturals
    contract = rules.contract(deal)
    if len(cards) - contract.min_cards < leave:
        return None
    if not _whole_hand_possible(cards, rules, contract, leave):
        return None
    facts = _deal(rules, deal)
    read = _read([c.index for c in cards], facts.plan, facts.wild, facts.jokers, facts.floor)
    if not _could_meet(read, rules):
        return None
    return _cores(
        read,
        rules,
        lambda melds, rest: _absorb(melds, sorted(rest, key=Card.sort_key), leave, rules),
    )


def _whole_hand_possible(
    hand: Sequence[Card], rules: Rules, contract: Contract, leave: int
) -> bool:
    """A quick necessary test for :func:`find_whole_hand`: could the contract's sets (one rank
    each) and runs (one suit each, one natural per value) hold every natural but ``leave``?

    Without it a big hand (random play buys a lot) makes the exact search try tens of thousands
    of cores before saying no.
    """
    sets = contract.count(MeldKind.SET)
    naturals = Counter(c for c in hand if not rules.is_wild(c))
    if any(c.rank is None for c in naturals):
        return True
    for suits in combinations_with_replacement(list(Suit), contract.count(MeldKind.RUN)):
        runs: Counter[Suit | None] = Counter(suits)
        homeless: Counter[Rank | None] = Counter()
        for card, n in naturals.items():
            room = runs[card.suit] * (2 if card.rank is Rank.ACE else 1)
            if n > room:
                homeless[card.rank] += n - room
        worst = sorted(homeless.values(), reverse=True)[sets:]
        if sum(worst) <= leave:
            return True
    return False


# -- the core search ------------------------------------------------------------------------------

_T = TypeVar("_T")


def _cores(
    read: _Read, rules: Rules, accept: Callable[[list[Meld], list[Card]], _T | None]
) -> _T | None:
    """The first answer ``accept`` gives, offered each way to pick one minimum-length meld per
    requirement (the melds, and the cards left over) in a fixed order until it answers.

    Candidate melds are built once from the whole hand (each natural slot may also take a wild);
    the search then takes, per requirement, the candidates whose naturals are still free and
    whose wilds are still in hand. A state known to lead nowhere is remembered and skipped.
    """
    return _CoreSearch(read, rules, accept).search(0, read.wilds, ())


class _CoreSearch(Generic[_T]):
    """One run of the search of :func:`_cores`: its state, and the methods that recurse over it.

    A class rather than nested functions: a nested function that calls itself holds a reference
    to its own closure cell, a cycle that only the cyclic garbage collector frees, on every call.
    """

    __slots__ = (
        "accept",
        "chosen",
        "count",
        "dead",
        "free",
        "kinds",
        "leaves",
        "nodes",
        "plan",
        "read",
        "repeats",
        "table",
    )

    def __init__(
        self, read: _Read, rules: Rules, accept: Callable[[list[Meld], list[Card]], _T | None]
    ) -> None:
        plan = read.plan
        self.read = read
        self.plan = plan
        self.accept = accept
        self.count = len(plan.order)
        self.kinds = [plan.requirements[i].kind for i in plan.order]
        # The naturals still free are packed into one int, four bits per kind of card with the
        # top bit of each field a guard: "does this candidate fit?" is one subtraction, and the
        # state the search remembers is a plain int. Candidates come a layer (a number of
        # wilds) at a time, only as far as the search reaches: most hands that can go down need
        # few wilds.
        made = [_Candidates(req, read, rules) for req, _ in plan.groups]
        self.table = [made[slot] for slot in plan.slots]
        self.repeats = plan.repeats
        self.free = read.free
        self.dead: set[tuple[int, int, tuple[int, ...], int]] = set()
        self.chosen: list[tuple[MeldKind, list[Card], tuple[int, ...]]] = []
        self.nodes = 0
        self.leaves = 0

    def least_wilds(self, k: int) -> int:
        """A lower bound on the wilds the requirements from ``k`` on still need."""
        guards = self.free | _GUARDS
        wilds = len(self.read.wilds)
        total = 0
        for candidates in self.table[k:]:
            need = next(
                (
                    w
                    for w in range(wilds + 1)
                    if any((guards - e[2]) & _GUARDS == _GUARDS for e in candidates.layer(w))
                ),
                None,
            )
            if need is None:
                return 99
            total += need
        return total

    def search(self, k: int, wild_pool: list[Card], last: tuple[int, ...]) -> _T | None:
        """The first answer from requirement ``k`` on (in search order), the requirements
        before it filled by ``chosen`` and the naturals they left counted by ``free``."""
        free = self.free
        chosen = self.chosen
        if k == self.count:
            self.leaves += 1
            read = self.read
            placed: list[Meld] = []
            for at in self.plan.positions:
                kind, cards, key = chosen[at]
                placed.append(_built(kind, cards, key))
            # The naturals left are exactly what ``free`` still counts.
            rest = [
                BY_CODE[code] for code in read.held for _ in range((free >> (_FIELD * code)) & 7)
            ]
            return self.accept(placed, [*rest, *wild_pool])
        state = (k, len(wild_pool), last, free)
        dead = self.dead
        if state in dead:
            return None
        # The bound only cuts branches that hold no solution, so the solutions come in the same
        # order with or without it. Most hands that can go down find one within a few nodes,
        # where the bound would cost more than it saves: it starts after a few nodes.
        # (For the last requirement the loop below is the same test.)
        self.nodes += 1
        if (
            self.nodes > _UNBOUNDED_NODES
            and k < self.count - 1
            and self.least_wilds(k) > len(wild_pool)
        ):
            dead.add(state)
            return None
        before = self.leaves
        kind = self.kinds[k]
        same_as_prev = self.repeats[k]
        candidates = self.table[k]
        guards = free | _GUARDS  # (``self.free`` is back to ``free`` after each candidate)
        for w in range(len(wild_pool) + 1):  # fewest wilds first
            for meld, key, used, _ in candidates.layer(w):
                if same_as_prev and key < last:
                    continue  # identical requirements: take candidates in one order only
                if (guards - used) & _GUARDS != _GUARDS:
                    continue  # a natural it needs is no longer free
                if w:
                    rest_wilds = list(wild_pool)
                    cards = [rest_wilds.pop() if c == _WILD else BY_CODE[c] for c in meld]
                else:
                    rest_wilds, cards = wild_pool, [BY_CODE[c] for c in meld]
                if len(chosen) > k:
                    chosen[k] = (kind, cards, key)
                else:
                    chosen.append((kind, cards, key))
                self.free = free - used
                found = self.search(k + 1, rest_wilds, key)
                self.free = free
                if found is not None:
                    return found
        if self.leaves == before:
            dead.add(state)
        return None


def _built(kind: MeldKind, cards: list[Card], key: tuple[int, ...]) -> Meld:
    """The meld a candidate makes. Candidates are legal by construction and their keys say what
    each place stands for (a set's rank; a run's suit and first value), so this skips the
    checks of :meth:`Meld.build` and gives the same meld."""
    if kind is _SET:
        return Meld(kind, tuple(cards), (key[0],) * len(cards))
    start = key[1]
    return Meld(kind, tuple(cards), tuple(range(start, start + len(cards))), _SUITS[key[0]])


_UNBOUNDED_NODES = 16  # search nodes visited before the wilds bound is applied (see ``_cores``)
_FIELD = 4  # bits per kind of card in a packed count (counts up to 7; the top bit guards)
_GUARDS = sum(8 << (_FIELD * i) for i in range(CODES))
_UNITS = tuple(1 << (_FIELD * code) for code in range(CODES))  # one card of each code, packed


def _req_order(req: Requirement) -> tuple[int, int, int]:
    # Runs first (they constrain suits), longest first: they prune the search soonest.
    return (0 if req.kind is MeldKind.RUN else 1, -req.min_length, 0)


_WILD = -1  # a stand-in code marking "a wild goes here" in a candidate


_Entry = tuple[tuple[int, ...], tuple[int, ...], int, int]
"""A candidate meld: its cards by code (``_WILD`` where a wild goes), a key that orders
candidates of identical requirements, the naturals it uses (packed), and how many wilds it
needs. All ints, so the garbage collector stops tracking the many that are remembered (see
``_shelf``)."""


class _Candidates:
    """The candidate melds of one requirement from the hand's naturals, a layer at a time.

    Layer ``w`` holds the candidates that need exactly ``w`` wilds, in a fixed order (sets by
    rank, then by suits; runs by suit, window and where the wilds sit, naturals before wilds).
    A layer is the concatenation of one piece per rank (sets) or per suit (runs), and a piece
    depends only on that rank's or suit's naturals: pieces are remembered, because from one
    turn to the next a hand changes in a suit or two.
    """

    def __init__(self, req: Requirement, read: _Read, rules: Rules) -> None:
        self.wilds = len(read.wilds)
        self.layers: list[list[_Entry]] = []
        self.length = req.min_length
        self.is_set = req.kind is _SET
        self.pieces: list[tuple[int, ...]]
        if self.is_set:
            self.limit = rules.set_wilds
            # Per rank held, in rank order: the rank and how many of each suit (by suit code).
            counts, ranks = read.counts, read.ranks
            self.pieces = [
                (rank, *counts[rank * 4 : rank * 4 + 4]) for rank in range(1, 14) if ranks[rank]
            ]
            self.floor = 0
        else:
            self.limit = rules.run_wilds
            # Per suit held, in a fixed order: its code and a mask of the run values held.
            masks = read.levels[0]
            self.pieces = [(suit, masks[suit]) for suit in RUN_SUITS if masks[suit]]
            self.floor = read.floor

    def layer(self, w: int) -> list[_Entry]:
        """The candidates needing exactly ``w`` wilds (empty beyond the hand's wilds)."""
        while len(self.layers) <= w:
            n = len(self.layers)
            entries: list[_Entry] = []
            if n <= self.wilds:
                shelf = _shelf((self.is_set, self.length, self.limit, n, self.floor))
                for piece in self.pieces:
                    found = shelf.get(piece)
                    if found is None:
                        # (Called by name, not through a variable: compiled, a direct call.)
                        if self.is_set:
                            found = _set_piece(piece, self.length, self.limit, n)
                        else:
                            found = _run_piece(piece, self.length, self.limit, n, self.floor)
                        shelf[piece] = found
                    entries.extend(found)
            self.layers.append(entries)
        return self.layers[w]


def _shelf(kind: tuple[object, ...]) -> dict[tuple[int, ...], tuple[_Entry, ...]]:
    """The remembered pieces of one kind of layer (sets or runs, length, wild limit, wilds,
    lowest run value), by piece."""
    shelf = _PIECES.get(kind)
    if shelf is None or len(shelf) >= _SHELF_SIZE:
        shelf = _PIECES[kind] = {}
    return shelf


_PIECES: dict[tuple[object, ...], dict[tuple[int, ...], tuple[_Entry, ...]]] = {}
_SHELF_SIZE = 1 << 16  # above the run pieces of a kind (4 suits, 2**13 masks): never emptied


def _set_piece(piece: tuple[int, ...], length: int, limit: WildLimit, w: int) -> tuple[_Entry, ...]:
    """The sets of one rank (the rank, then how many of each suit code) needing exactly ``w``
    wilds."""
    n = length - w
    rank = piece[0]
    cards = [BY_CODE[rank * 4 + s] for s in range(4) for _ in range(piece[1 + s])]
    if n > len(cards) or not limit.allows_set(n, w):
        return ()
    entries: list[_Entry] = []
    # ``cards`` is sorted, so its combinations come out sorted: drop repeats in order.
    for combo in dict.fromkeys(combinations(cards, n)):
        key = (rank, w, *[c.sort_key()[1] for c in combo])
        used = sum(1 << (_FIELD * c.index) for c in combo)
        entries.append(((*[c.index for c in combo], *[_WILD] * w), key, used, w))
    return tuple(entries)


def _run_piece(
    piece: tuple[int, ...], length: int, limit: WildLimit, w: int, floor: int
) -> tuple[_Entry, ...]:
    """The runs of one suit (its code and a mask of the values held) needing exactly ``w``
    wilds: every run of the requirement's length, and the longer runs a counting limit needs.

    Under a limit that counts naturals (two naturals; wilds not outnumbering naturals) a legal
    run may have no legal stretch of the requirement's length (A-W-W-W-5 with two naturals
    needed): then the shortest legal run is longer. Such a run cannot lose an end and stay
    legal, so both its ends are natural and it holds just the naturals ``w`` wilds need: one
    length, ``w + fewest_naturals(w)``, and only those shapes. (A longer run that could lose an
    end is found as the shorter one, the extra card left in hand for the extension.)"""
    suit, mask = piece
    fewest = limit.fewest_naturals(w)
    index = _SUIT_INDEX[SUIT_BY_CODE[suit]]
    row = [card.index if mask >> v & 1 else _WILD for v, card in enumerate(RUN_CARDS[suit])]
    bits = [0 if code == _WILD else 1 << (_FIELD * code) for code in row]
    entries: list[_Entry] = []
    for size in (length,) if w + fewest <= length else (length, w + fewest):
        if size - w < fewest:
            continue  # too few naturals for the wilds, wherever they sit
        longer = size > length
        span = (1 << size) - 1
        for start in range(floor, ACE_HIGH - size + 2):
            held = (mask >> start) & span
            missing = size - held.bit_count()
            if missing > w or missing == size:
                continue
            if longer and not (held & 1 and held >> (size - 1) & 1):
                continue  # an end could go: the shorter run is a candidate already
            slots = row[start : start + size]
            for marks, wild_at in _patterns(size, limit, held, w):
                if longer and (marks[0] or marks[-1]):
                    continue
                placed = tuple([_WILD if m else slots[i] for i, m in enumerate(marks)])
                lent = sum(bits[start : start + size]) - sum(bits[start + i] for i in wild_at)
                entries.append((placed, (index, start, *marks), lent, w))
    return tuple(entries)


def _patterns(
    length: int, limit: WildLimit, held: int, w: int
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Where ``w`` wilds can go in a run window whose held values are the bits of ``held``:
    every empty place, plus some held ones, as the wild limit allows; as (marks, the held
    places given to a wild), naturals before wilds place by place. Remembered: few shapes
    recur."""
    key = (length, limit, held, w)
    found = _PATTERN_CACHE.get(key)
    if found is None:
        present = [i for i in range(length) if held >> i & 1]
        found = []
        for chosen in combinations(present, w - (length - len(present))):
            wild = [not held >> i & 1 or i in chosen for i in range(length)]
            if limit.allows_run(wild):
                found.append((tuple(map(int, wild)), chosen))
        found.sort()
        _PATTERN_CACHE[key] = found
    return found


_PATTERN_CACHE: dict[
    tuple[int, WildLimit, int, int], list[tuple[tuple[int, ...], tuple[int, ...]]]
] = {}


_SUITS = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUITS)}


# -- laying the rest of the hand onto the core ---------------------------------------------------


def _extend_with_naturals(
    melds: list[Meld], rest: list[Card], wild: Sequence[bool], floor: int, keep: int
) -> tuple[list[Meld], list[Card]]:
    """Greedily add extra naturals that fit the melds, keeping ``keep`` cards in hand: the
    longer melds, and the cards still in hand.

    Cards are tried lowest first, each on the first meld it fits (at a run's low end before
    its high end), until a pass adds nothing. A natural keeps any legal meld legal, whatever
    the wild limits (it adds no wild and sits beside no new wild), so fitting is only a
    question of rank, suit and the ends of a run: what :func:`lay_off_ends` answers for a
    natural, without building the longer meld to check it. ``wild`` says which card codes
    are wild, ``floor`` is the lowest run value.
    """
    # A natural's code orders as its sort key does (rank, then suit); wilds are skipped.
    rest = sorted(rest, key=_code_of)
    # What each meld accepts (a set, its rank; a run, its suit's code), its ends and length as
    # they grow, and the cards it gains at each end: each longer meld is built once, at the end.
    kinds: list[bool] = []
    wanted: list[int] = []
    ranks: set[int] = set()
    suits: set[int] = set()
    for m in melds:
        is_set = m.kind is _SET
        kinds.append(is_set)
        if is_set:
            wanted.append(m.values[0])
            ranks.add(m.values[0])
        else:
            wanted.append(SUIT_CODE[m.suit])  # type: ignore[index]
            suits.add(SUIT_CODE[m.suit])  # type: ignore[index]
    lows = [m.values[0] for m in melds]
    highs = [m.values[-1] for m in melds]
    sizes = [len(m.cards) for m in melds]
    below: list[list[Card]] = [[] for _ in melds]  # gained at the low end, nearest first
    above: list[list[Card]] = [[] for _ in melds]  # gained at the high end (or by a set)
    left = len(rest)
    changed = True
    while changed and left > keep:
        changed = False
        kept: list[Card] = []
        for card in rest:
            code = card.index
            rank, suit = code >> 2, code & 3
            if wild[code] or left <= keep or (rank not in ranks and suit not in suits):
                kept.append(card)
                continue
            for i, is_set in enumerate(kinds):
                if is_set:
                    if rank != wanted[i]:
                        continue
                    above[i].append(card)
                else:
                    if suit != wanted[i] or sizes[i] >= 13:
                        continue
                    low, high = lows[i] - 1, highs[i] + 1
                    if rank == low and low >= floor:
                        below[i].append(card)
                        lows[i] = low
                    elif rank == high or (rank == 1 and high == ACE_HIGH):
                        above[i].append(card)
                        highs[i] = high
                    else:
                        continue
                sizes[i] += 1
                left -= 1
                changed = True
                break
            else:
                kept.append(card)
        rest = kept
    grown = list(melds)
    for i, meld in enumerate(melds):
        if below[i] or above[i]:
            cards = (*below[i][::-1], *meld.cards, *above[i])
            if kinds[i]:
                values = (meld.values[0],) * len(cards)
            else:
                values = tuple(range(lows[i], highs[i] + 1))
            grown[i] = Meld(meld.kind, cards, values, meld.suit, meld.owner)
    return grown, rest


_code_of = attrgetter("index")  # a card's code (see liverpool.codes)


def _absorb(melds: list[Meld], rest: list[Card], leave: int, rules: Rules) -> list[Meld] | None:
    """Lay every card of ``rest`` but ``leave`` onto ``melds`` (in any order), or ``None``."""
    homeless = sum(1 for c in rest if not rules.is_wild(c) and not _has_home(c, melds))
    if homeless > leave:
        return None
    return _absorb_from(melds, rest, leave, rules, set())


def _has_home(card: Card, melds: Sequence[Meld]) -> bool:
    """Could this natural ever join one of these melds (a set of its rank, a run of its suit)?"""
    return any(
        (m.kind is MeldKind.SET and m.rank == card.rank)
        or (m.kind is MeldKind.RUN and m.suit == card.suit)
        for m in melds
    )


def _absorb_from(
    melds: list[Meld],
    rest: list[Card],
    leave: int,
    rules: Rules,
    failed: set[tuple[tuple[Card, ...], tuple[Meld, ...]]],
) -> list[Meld] | None:
    if len(rest) == leave:
        return melds
    key = (tuple(rest), tuple(sorted(melds, key=_meld_key)))
    if key in failed:
        return None
    tried: set[Card] = set()
    for idx, card in enumerate(rest):
        if card in tried:
            continue
        tried.add(card)
        others = rest[:idx] + rest[idx + 1 :]
        for m, meld in enumerate(melds):
            for end in lay_off_ends(meld, card, rules):
                grown = [*melds[:m], meld.add(card, end, rules), *melds[m + 1 :]]
                found = _absorb_from(grown, others, leave, rules, failed)
                if found is not None:
                    return found
    failed.add(key)
    return None


def _meld_key(meld: Meld) -> tuple[object, ...]:
    return (meld.kind.value, meld.values, [c.sort_key() for c in meld.cards])


def contract_is_met(melds: Sequence[Meld], contract: Contract) -> bool:
    """Do these melds match the contract's requirements exactly (kinds, count, lengths)?"""
    return _match(list(melds), list(contract.requirements))


def _match(melds: list[Meld], reqs: list[Requirement]) -> bool:
    if len(melds) != len(reqs):
        return False
    if not melds:
        return True
    first = melds[0]
    for j, req in enumerate(reqs):
        if (
            req.kind is first.kind
            and len(first.cards) >= req.min_length
            and _match(melds[1:], reqs[:j] + reqs[j + 1 :])
        ):
            return True
    return False
