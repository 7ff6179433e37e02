"""Searching a hand for the contract: can this hand go down, and with which melds?

:func:`find_going_down` is what a player asks before going down, what the coach shows, and what
bots build on. It is exact for every preset: it honours the wild limits, the ace rule, the
must-keep-a-card rule and the whole-hand deals, and it lays a longer meld only by adding cards
to a legal core (every legal meld holds a legal core of the contract's minimum length, so no
solution is missed).

The search picks one meld per requirement from what is left of the hand — naturals counted by
card, wilds as a number — cheapest in wilds first, then, for whole-hand deals, lays every other
card onto those melds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement, pairwise

from .cards import Card, Rank, Suit
from .codes import CODES, VALUE_BITS
from .melds import ACE_HIGH, Meld, lay_off_ends, may_fit
from .rules import AceMode, Contract, GoingOut, MeldKind, Requirement, Rules, WildLimit

__all__ = ["contract_is_met", "find_going_down", "find_whole_hand", "may_empty_hand"]


def may_empty_hand(rules: Rules, contract: Contract) -> bool:
    """Whether a hand may be emptied without a discard in this deal (going out or floating)."""
    if contract.going_out is GoingOut.DISCARD:
        return rules.floating
    return True


def find_going_down(
    hand: Iterable[Card], rules: Rules, deal: int, *, extend: bool = True
) -> list[Meld] | None:
    """Melds from ``hand`` that meet the contract of ``deal`` under ``rules``, or ``None``.

    ``hand`` is the hand at the moment of going down (after drawing). The melds are in the
    contract's order; each run is placed lowest first with its wilds fixed. With ``extend`` the
    melds also take every extra natural card that fits them (going down lays as much as it
    can), while keeping a card to discard where the rules need one. Whole-hand deals use the
    whole hand (or all but one card, which is then discarded).
    """
    hand = list(hand)
    key = (id(rules), deal, extend, tuple(sorted(c._hash for c in hand)))
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is rules:
        return None if cached[1] is None else list(cached[1])
    result = _find_going_down(hand, rules, deal, extend)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (rules, None if result is None else tuple(result))
    return result


# Bots and legal_actions ask about the same hand more than once; answers are immutable melds.
_CACHE: dict[tuple[object, ...], tuple[Rules, tuple[Meld, ...] | None]] = {}
_CACHE_SIZE = 4096


def _find_going_down(hand: list[Card], rules: Rules, deal: int, extend: bool) -> list[Meld] | None:
    contract = rules.contract(deal)
    leave = contract.going_down.cards_left
    if leave is not None:
        return find_whole_hand(hand, rules, deal, leave=leave)
    keep = 1 if (rules.must_keep_card or not may_empty_hand(rules, contract)) else 0
    if len(hand) - contract.min_cards < keep:
        return None
    if not could_meet(hand, rules, contract.requirements):
        return None
    for melds, rest in _cores(hand, rules, contract.requirements):
        if len(rest) < keep:
            continue
        if extend:
            melds = _extend_with_naturals(melds, rest, rules, keep)
        return melds
    return None


def could_meet(hand: Sequence[Card], rules: Rules, requirements: Sequence[Requirement]) -> bool:
    """A fast necessary test: could the wilds in ``hand`` fill the cheapest candidate melds?

    For each requirement it finds the fewest wilds any one candidate meld needs (a rank's
    naturals for a set; a window of one suit for a run), ignoring that two melds may want the
    same natural — so it only ever says "no" when no going-down exists. Most hands are answered
    here, without the exact search; it runs on every turn of every player who is not down, so
    it counts naturals in a flat list by card code and tests run windows as bit masks.
    """
    groups = Counter(requirements)
    depth = max(groups.values(), default=1)
    counts = [0] * CODES
    # levels[j][suit]: bit v set when the hand holds more than j naturals of value v in suit
    # (an ace sets bit 1 and bit 14).
    levels = [[0, 0, 0, 0] for _ in range(depth)]
    wilds = 0
    wild_ranks = rules.wild_ranks
    for card in hand:
        if card.rank is None or card.rank in wild_ranks:
            wilds += 1
            continue
        code = card._hash
        n = counts[code] = counts[code] + 1
        if n <= depth:
            levels[n - 1][code & 3] |= VALUE_BITS[code]
    total = 0
    for req, count in groups.items():
        needs = (
            _set_needs(req.min_length, count, counts, rules)
            if req.kind is MeldKind.SET
            else _run_needs(req.min_length, count, levels, rules)
        )
        if len(needs) < count:
            return False
        needs.sort()
        total += sum(needs[:count])
        if total > wilds:
            return False
    return True


def _set_needs(length: int, count: int, counts: list[int], rules: Rules) -> list[int]:
    """Wilds each possible set would need: up to ``count`` sets per rank."""
    least = 2 if rules.set_wilds is WildLimit.TWO_NATURALS else 1
    not_majority = rules.set_wilds is WildLimit.NOT_MAJORITY
    needs = []
    for rank in range(1, 14):
        have = counts[rank * 4] + counts[rank * 4 + 1] + counts[rank * 4 + 2] + counts[rank * 4 + 3]
        for j in range(count):
            avail = have - j * least
            if avail < least:
                break
            w = length - min(avail, length)
            if not_majority and w > min(avail, length):
                break
            needs.append(w)
    return needs


def _run_needs(length: int, count: int, levels: list[list[int]], rules: Rules) -> list[int]:
    """Wilds each possible run window would need: up to ``count`` copies per window (a
    window's naturals at each level are one popcount, see ``could_meet``). The levels are
    nested, so a window has a copy at level ``j`` only if it has one at every lower level."""
    floor = 2 if rules.aces is AceMode.HIGH_ONLY else 1
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
    key = (mask, length, floor)
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


_WINDOW_NEEDS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def find_whole_hand(
    hand: Iterable[Card], rules: Rules, deal: int, *, leave: int = 0
) -> list[Meld] | None:
    """Melds meeting the contract of ``deal`` that use the whole hand but ``leave`` cards."""
    hand = list(hand)
    contract = rules.contract(deal)
    if len(hand) - contract.min_cards < leave:
        return None
    if not _whole_hand_possible(hand, rules, contract, leave):
        return None
    if not could_meet(hand, rules, contract.requirements):
        return None
    for melds, rest in _cores(hand, rules, contract.requirements):
        absorbed = _absorb(list(melds), sorted(rest, key=Card.sort_key), leave, rules)
        if absorbed is not None:
            return absorbed
    return None


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


def _cores(
    hand: Sequence[Card], rules: Rules, requirements: Sequence[Requirement]
) -> Iterator[tuple[list[Meld], list[Card]]]:
    """Every way to pick one minimum-length meld per requirement, with the cards left over.

    Candidate melds are built once from the whole hand (each natural slot may also take a wild);
    the search then takes, per requirement, the candidates whose naturals are still free and
    whose wilds are still in hand. A state known to lead nowhere is remembered and skipped.
    """
    wild_ranks = rules.wild_ranks  # (rules.is_wild, inlined: this runs for every hand)
    wilds = [c for c in hand if c.rank is None or c.rank in wild_ranks]
    naturals = Counter([c for c in hand if not (c.rank is None or c.rank in wild_ranks)])
    order = sorted(range(len(requirements)), key=lambda i: _req_order(requirements[i]))
    reqs = [requirements[i] for i in order]
    # The naturals still free are packed into one int, four bits per kind of card with the top
    # bit of each field a guard: "does this candidate fit?" is one subtraction, and the state
    # the search remembers is a plain int. Candidates come a layer (a number of wilds) at a
    # time, only as far as the search reaches: most hands that can go down need few wilds.
    table: dict[Requirement, _Candidates] = {}
    for req in reqs:
        if req not in table:
            table[req] = _Candidates(req, naturals, len(wilds), rules)
    free = _pack(naturals)
    dead: set[tuple[int, int, tuple[int, ...], int]] = set()

    def fits(used: int) -> bool:
        return ((free | _GUARDS) - used) & _GUARDS == _GUARDS

    def least_wilds(k: int) -> int:
        """A lower bound on the wilds the requirements from ``k`` on still need."""
        total = 0
        for req in reqs[k:]:
            candidates = table[req]
            need = next(
                (w for w in range(len(wilds) + 1) if any(fits(e[2]) for e in candidates.layer(w))),
                None,
            )
            if need is None:
                return 99
            total += need
        return total

    nodes = 0

    def search(
        k: int,
        wild_pool: list[Card],
        chosen: list[tuple[MeldKind, list[Card], tuple[int, ...]]],
        last: tuple[int, ...],
    ) -> Iterator[tuple[list[Meld], list[Card]]]:
        nonlocal free, nodes
        if k == len(reqs):
            placed = [_built(*chosen[order.index(i)]) for i in range(len(reqs))]
            # The naturals left are exactly what ``free`` still counts.
            rest = [c for c in naturals for _ in range((free >> (_FIELD * c._hash)) & 7)]
            yield placed, [*rest, *wild_pool]
            return
        state = (k, len(wild_pool), last, free)
        if state in dead:
            return
        # The bound only cuts branches that hold no solution, so the solutions come in the same
        # order with or without it. Most hands that can go down find one within a few nodes,
        # where the bound would cost more than it saves: it starts after a few nodes.
        # (For the last requirement the loop below is the same test.)
        nodes += 1
        if nodes > _UNBOUNDED_NODES and k < len(reqs) - 1 and least_wilds(k) > len(wild_pool):
            dead.add(state)
            return
        found = False
        req = reqs[k]
        same_as_prev = k > 0 and reqs[k - 1] == req
        for meld, key, used, _ in table[req].up_to(len(wild_pool)):
            if same_as_prev and key < last:
                continue  # identical requirements: take candidates in one order only
            if not fits(used):
                continue
            rest_wilds = list(wild_pool)
            meld_cards = [rest_wilds.pop() if c is _WILD else c for c in meld]
            free -= used
            for result in search(k + 1, rest_wilds, [*chosen, (req.kind, meld_cards, key)], key):
                found = True
                yield result
            free += used
        if not found:
            dead.add(state)

    yield from search(0, wilds, [], ())


def _built(kind: MeldKind, cards: list[Card], key: tuple[int, ...]) -> Meld:
    """The meld a candidate makes. Candidates are legal by construction and their keys say what
    each place stands for (a set's rank; a run's suit and first value), so this skips the
    checks of :meth:`Meld.build` and gives the same meld."""
    if kind is MeldKind.SET:
        return Meld(kind, tuple(cards), (key[0],) * len(cards))
    start = key[1]
    return Meld(kind, tuple(cards), tuple(range(start, start + len(cards))), _SUITS[key[0]])


_UNBOUNDED_NODES = 16  # search nodes visited before the wilds bound is applied (see ``_cores``)
_FIELD = 4  # bits per kind of card in a packed count (counts up to 7; the top bit guards)
_GUARDS = sum(8 << (_FIELD * i) for i in range(CODES))


def _pack(counts: Counter[Card]) -> int:
    """Counts of naturals packed four bits a card kind (see ``_cores``)."""
    return sum(min(n, 7) << (_FIELD * card._hash) for card, n in counts.items())


def _req_order(req: Requirement) -> tuple[int, int, int]:
    # Runs first (they constrain suits), longest first: they prune the search soonest.
    return (0 if req.kind is MeldKind.RUN else 1, -req.min_length, 0)


_WILD = Card.joker()  # a stand-in marking "a wild goes here" while candidates are built


_Entry = tuple[list[Card], tuple[int, ...], int, int]
"""A candidate meld: its cards (``_WILD`` where a wild goes), a key that orders candidates of
identical requirements, the naturals it uses (packed), and how many wilds it needs."""


class _Candidates:
    """The candidate melds of one requirement from the hand's naturals, a layer at a time.

    Layer ``w`` holds the candidates that need exactly ``w`` wilds, in a fixed order (sets by
    rank, then by suits; runs by suit, window and where the wilds sit, naturals before wilds).
    """

    def __init__(self, req: Requirement, naturals: Counter[Card], wilds: int, rules: Rules) -> None:
        self.req = req
        self.wilds = wilds
        self.rules = rules
        self.layers: list[list[_Entry]] = []
        if req.kind is MeldKind.SET:
            by_rank: dict[Rank, list[Card]] = {}
            for card, n in sorted(naturals.items(), key=lambda kv: kv[0]._hash):  # rank, suit
                if n > 0 and card.rank is not None:
                    by_rank.setdefault(card.rank, []).extend([card] * n)
            self.by_rank = by_rank
        else:
            # Per suit (in a fixed order): the natural at each value (an ace at 1 and 14), its
            # packed count, and a mask of the values held.
            rows: dict[Suit, tuple[list[Card | None], list[int], list[int]]] = {}
            for card, n in naturals.items():
                if n > 0 and card.suit is not None and card.rank is not None:
                    row, bits, mask = rows.setdefault(card.suit, ([None] * 15, [0] * 15, [0]))
                    for value in (card.rank, ACE_HIGH) if card.rank is Rank.ACE else (card.rank,):
                        row[value] = card
                        bits[value] = 1 << (_FIELD * card._hash)
                        mask[0] |= 1 << value
            self.rows = [(suit, *rows[suit]) for suit in sorted(rows, key=lambda s: s.value)]
            self.starts = range(
                2 if rules.aces is AceMode.HIGH_ONLY else 1, ACE_HIGH - req.min_length + 2
            )

    def layer(self, w: int) -> list[_Entry]:
        """The candidates needing exactly ``w`` wilds (empty beyond the hand's wilds)."""
        while len(self.layers) <= w:
            n = len(self.layers)
            self.layers.append(
                []
                if n > self.wilds
                else (self._set_layer(n) if self.req.kind is MeldKind.SET else self._run_layer(n))
            )
        return self.layers[w]

    def up_to(self, wilds: int) -> Iterator[_Entry]:
        """Every candidate needing at most ``wilds`` wilds, fewest first."""
        for w in range(wilds + 1):
            yield from self.layer(w)

    def _set_layer(self, w: int) -> list[_Entry]:
        length = self.req.min_length
        limit = self.rules.set_wilds
        least = 2 if limit is WildLimit.TWO_NATURALS else 1
        n = length - w
        if n < least or (limit is WildLimit.NOT_MAJORITY and w > n):
            return []
        entries: list[_Entry] = []
        for rank, cards in self.by_rank.items():
            if n > len(cards):
                continue
            # ``cards`` is sorted, so its combinations come out sorted: drop repeats in order.
            for combo in dict.fromkeys(combinations(cards, n)):
                key = (int(rank), w, *[c.sort_key()[1] for c in combo])
                used = sum(1 << (_FIELD * c._hash) for c in combo)
                entries.append(([*combo, *[_WILD] * w], key, used, w))
        return entries

    def _run_layer(self, w: int) -> list[_Entry]:
        length = self.req.min_length
        limit = self.rules.run_wilds
        if length - w < 1 or not _counts_ok(limit, length - w, w):
            return []
        entries: list[_Entry] = []
        span = (1 << length) - 1
        for suit, row, bits, (mask,) in self.rows:
            index = _SUIT_INDEX[suit]
            for start in self.starts:
                held = (mask >> start) & span
                missing = length - held.bit_count()
                if missing > w or missing == length:
                    continue
                slots = row[start : start + length]
                for marks, wild_at in _patterns(length, limit, held, w):
                    placed = [_WILD if m else card for m, card in zip(marks, slots, strict=True)]
                    lent = sum(bits[start : start + length]) - sum(bits[start + i] for i in wild_at)
                    entries.append((placed, (index, start, *marks), lent, w))  # type: ignore[arg-type]
        return entries


def _patterns(
    length: int, limit: WildLimit, held: int, w: int
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Where ``w`` wilds can go in a run window whose held values are the bits of ``held``:
    every empty place, plus some held ones, within the position limit; as (marks, the held
    places given to a wild), naturals before wilds place by place. Remembered: few shapes
    recur."""
    key = (length, limit, held, w)
    found = _PATTERN_CACHE.get(key)
    if found is None:
        present = [i for i in range(length) if held >> i & 1]
        found = []
        for chosen in combinations(present, w - (length - len(present))):
            marks = tuple(int(not held >> i & 1 or i in chosen) for i in range(length))
            if _pattern_ok(limit, marks):
                found.append((marks, chosen))
        found.sort()
        _PATTERN_CACHE[key] = found
    return found


_PATTERN_CACHE: dict[
    tuple[int, WildLimit, int, int], list[tuple[tuple[int, ...], tuple[int, ...]]]
] = {}


_SUITS = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUITS)}


def _pattern_ok(limit: WildLimit, marks: tuple[int, ...]) -> bool:
    """Do wilds at the marked places of a run keep a position limit?"""
    if limit is WildLimit.NOT_ADJACENT:
        return not any(a and b for a, b in pairwise(marks))
    if limit is WildLimit.ONE_PER_FOUR:
        return all(sum(marks[max(0, i - 3) : i + 1]) <= 1 for i, m in enumerate(marks) if m)
    return True


def _counts_ok(limit: WildLimit, naturals: int, wilds: int) -> bool:
    if limit is WildLimit.TWO_NATURALS:
        return naturals >= 2
    if limit is WildLimit.NOT_MAJORITY:
        return wilds <= naturals
    return True


# -- laying the rest of the hand onto the core ---------------------------------------------------


def _extend_with_naturals(
    melds: list[Meld], rest: list[Card], rules: Rules, keep: int
) -> list[Meld]:
    """Greedily add extra naturals that fit the melds, keeping ``keep`` cards in hand."""
    melds = list(melds)
    rest = sorted(rest, key=Card.sort_key)
    # A natural can only join a set of its rank or a run of its suit: cards matching neither
    # are skipped without asking each meld.
    ranks = {m.rank for m in melds if m.kind is MeldKind.SET}
    suits = {m.suit for m in melds if m.kind is MeldKind.RUN}
    changed = True
    while changed and len(rest) > keep:
        changed = False
        for card in list(rest):
            if rules.is_wild(card) or len(rest) <= keep:
                continue
            if card.rank not in ranks and card.suit not in suits:
                continue
            for i, meld in enumerate(melds):
                if not may_fit(meld, card):
                    continue
                ends = lay_off_ends(meld, card, rules)
                if ends:
                    melds[i] = meld.add(card, ends[0], rules)
                    rest.remove(card)
                    changed = True
                    break
    return melds


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
