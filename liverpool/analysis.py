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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .cards import Card, Rank, Suit
from .melds import ACE_HIGH, Meld, lay_off_ends, value_rank
from .rules import AceMode, MeldKind, Requirement, Rules, WildLimit, hand_points
from .solver import find_going_down

__all__ = [
    "HandAnalysis",
    "LayOffOption",
    "PartialMeld",
    "SwapOption",
    "analyze_hand",
    "contract_distance",
    "lay_off_options",
    "swap_options",
]


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


@dataclass(frozen=True, slots=True)
class LayOffOption:
    """A card of the hand that fits meld ``meld`` of the table, at ``end``."""

    card: Card
    meld: int
    end: str | None


@dataclass(frozen=True, slots=True)
class SwapOption:
    """A natural of the hand that can take the place of a wild on the table."""

    card: Card
    meld: int
    position: int
    wild: Card


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

    def summary(self) -> str:
        """One or two sentences a learner reads."""
        if self.going_down is not None:
            return "You can go down now: " + "; ".join(m.describe() for m in self.going_down) + "."
        outs = ", ".join(f"{c} ({n} left)" for c, n in self.outs[:6]) or "none visible"
        return f"You need {self.missing} more card{'s' if self.missing != 1 else ''}. Outs: {outs}."


# -- the distance search ------------------------------------------------------------------------

_Candidate = tuple[int, tuple[Card, ...], tuple[Card, ...], int]  # need, used, wanted, wild cap


def _wild_cap(limit: WildLimit, length: int, naturals: int) -> int:
    """How many wilds a meld of ``length`` with ``naturals`` naturals can legally hold."""
    if limit is WildLimit.TWO_NATURALS:
        return max(0, length - max(2, naturals)) if naturals >= 1 else length - 2
    if limit is WildLimit.NOT_MAJORITY:
        return min(length - naturals, naturals)
    if limit is WildLimit.ONE_PER_FOUR:
        return (length + 3) // 4
    if limit is WildLimit.NOT_ADJACENT:
        return (length + 1) // 2
    return max(0, length - 1)


def _set_candidates(req: Requirement, pool: Counter[Card], rules: Rules) -> list[_Candidate]:
    by_rank: dict[Rank, list[Card]] = {}
    for card, n in pool.items():
        if n > 0 and card.rank is not None:
            by_rank.setdefault(card.rank, []).extend([card] * n)
    out: list[_Candidate] = []
    length = req.min_length
    for rank, cards in by_rank.items():
        cards.sort(key=Card.sort_key)
        for n in {min(len(cards), length), min(len(cards), length) - 1}:
            if n < 1:
                continue
            used = tuple(cards[:n])
            wanted = tuple(Card.of(rank, s) for s in Suit)
            out.append((length - n, used, wanted, _wild_cap(rules.set_wilds, length, n)))
    return out


def _run_candidates(req: Requirement, pool: Counter[Card], rules: Rules) -> list[_Candidate]:
    out: list[_Candidate] = []
    length = req.min_length
    floor = 2 if rules.aces is AceMode.HIGH_ONLY else 1
    suits = {c.suit for c, n in pool.items() if n > 0 and c.suit is not None}
    for suit in sorted(suits, key=lambda s: s.value):
        for start in range(floor, ACE_HIGH - length + 2):
            used: list[Card] = []
            wanted: list[Card] = []
            for value in range(start, start + length):
                card = Card.of(value_rank(value), suit)
                (used if pool[card] > 0 else wanted).append(card)
            if len(used) >= 2 or (length <= 4 and used):
                cap = _wild_cap(rules.run_wilds, length, len(used))
                out.append((len(wanted), tuple(used), tuple(wanted), cap))
    return out


def _best_partial(
    hand: Sequence[Card], rules: Rules, requirements: Sequence[Requirement]
) -> tuple[int, list[tuple[Requirement, _Candidate]]]:
    """The fewest cards missing for the contract, and the partial melds that achieve it.

    Candidates are built once from the whole hand; the search then picks one per requirement
    whose naturals are still free (a branch and bound on the cards missing).
    """
    full = Counter(c for c in hand if not rules.is_wild(c))
    wilds = sum(1 for c in hand if rules.is_wild(c))
    reqs = sorted(requirements, key=lambda r: (r.kind is not MeldKind.RUN, -r.min_length))
    lists: dict[Requirement, list[_Candidate]] = {}
    for req in reqs:
        if req not in lists:
            cands = (
                _set_candidates(req, full, rules)
                if req.kind is MeldKind.SET
                else _run_candidates(req, full, rules)
            )
            cands.sort(key=lambda c: (c[0], [x.sort_key() for x in c[1]]))
            floor = 2 if req.kind is MeldKind.SET else 1
            lists[req] = [*cands[:12], (req.min_length, (), (), req.min_length - floor)]
    free = dict(full)
    best_score = sum(r.min_length for r in reqs) + 1
    best: list[tuple[Requirement, _Candidate]] = []
    chosen: list[tuple[Requirement, _Candidate]] = []
    # The least any requirement from k on can need (its cheapest candidate), for the bound.
    floor_from = [0] * (len(reqs) + 1)
    for k in range(len(reqs) - 1, -1, -1):
        floor_from[k] = floor_from[k + 1] + lists[reqs[k]][0][0]

    def search(k: int, need: int, fillable: int, first: int) -> None:
        nonlocal best_score, best
        if need + floor_from[k] - wilds >= best_score:
            return
        if k == len(reqs):
            score = need - min(wilds, fillable)
            if score < best_score:
                best_score, best = score, list(chosen)
            return
        req = reqs[k]
        start = first if k > 0 and reqs[k - 1] == req else 0
        for index in range(start, len(lists[req])):
            cand = lists[req][index]
            used = cand[1]
            if any(free.get(c, 0) <= 0 for c in used) or not _available(used, free):
                continue
            for c in used:
                free[c] -= 1
            chosen.append((req, cand))
            search(k + 1, need + cand[0], fillable + min(cand[0], cand[3]), index)
            chosen.pop()
            for c in used:
                free[c] += 1
            if best_score <= 0:
                return

    search(0, 0, 0, 0)
    return best_score, best


def _available(used: Sequence[Card], free: dict[Card, int]) -> bool:
    """Whether ``free`` holds every card of ``used`` (duplicates counted)."""
    if len(used) == len(set(used)):
        return True
    return all(free.get(c, 0) >= n for c, n in Counter(used).items())


def contract_distance(hand: Iterable[Card], rules: Rules, deal: int) -> int:
    """How many more cards the hand needs before it can go down (0: it can go down now)."""
    hand = list(hand)
    key = (id(rules), deal, tuple(sorted(c._hash for c in hand)))
    cached = _DISTANCE_CACHE.get(key)
    if cached is not None and cached[0] is rules:
        return cached[1]
    contract = rules.contract(deal)
    score, _ = _best_partial(hand, rules, contract.requirements)
    if score == 0 and find_going_down(hand, rules, deal, extend=False):
        distance = 0
    else:
        distance = max(score, 1)
    if len(_DISTANCE_CACHE) >= 8192:
        _DISTANCE_CACHE.pop(next(iter(_DISTANCE_CACHE)))
    _DISTANCE_CACHE[key] = (rules, distance)
    return distance


# Bots ask the distance of the same hands again and again within a turn (and across samples).
_DISTANCE_CACHE: dict[tuple[object, ...], tuple[Rules, int]] = {}


def lay_off_options(
    hand: Iterable[Card], table: Sequence[Meld], rules: Rules
) -> list[LayOffOption]:
    """Every (card, meld, end) where a card of the hand fits a meld of the table."""
    seen: set[Card] = set()
    options: list[LayOffOption] = []
    for card in hand:
        if card in seen:
            continue
        seen.add(card)
        for k, meld in enumerate(table):
            options.extend(LayOffOption(card, k, end) for end in lay_off_ends(meld, card, rules))
    return options


def swap_options(hand: Iterable[Card], table: Sequence[Meld], rules: Rules) -> list[SwapOption]:
    """Every natural of the hand that may replace a wild on the table (timing aside)."""
    options: list[SwapOption] = []
    naturals = sorted({c for c in hand if not rules.is_wild(c)}, key=Card.sort_key)
    for k, meld in enumerate(table):
        for pos in meld.wild_positions(rules):
            for card in naturals:
                if meld.can_replace_wild(pos, card, rules):
                    options.append(SwapOption(card, k, pos, meld.cards[pos]))
    return options


def unseen_counts(seen: Iterable[Card], rules: Rules, players: int) -> Counter[Card]:
    """How many copies of each card are not in ``seen`` (so may be in the stock or other hands)."""
    return Counter(rules.build_shoe(players)) - Counter(seen)


def analyze_hand(
    hand: Iterable[Card],
    rules: Rules,
    deal: int,
    *,
    table: Sequence[Meld] = (),
    seen: Iterable[Card] = (),
    players: int | None = None,
    exact_outs: bool = True,
) -> HandAnalysis:
    """Analyse a hand for ``deal``: distance to the contract, partial melds, outs, dead weight,
    lay-offs and swaps on ``table``. ``seen`` lists the cards visible to the player besides the
    hand (table, discards) so outs count only unseen copies.

    With ``exact_outs`` (the coach's choice) an out is every card whose arrival lowers the
    distance, found by trying each card of the shoe; without it (the bots' quick choice) the
    outs are the cards the best partial melds are waiting for."""
    hand = list(hand)
    contract = rules.contract(deal)
    players = players or rules.min_players
    melds = find_going_down(hand, rules, deal)
    score, chosen = _best_partial(hand, rules, contract.requirements)
    missing = 0 if melds is not None else max(score, 1)
    unseen = unseen_counts([*hand, *seen], rules, players)
    partial: list[PartialMeld] = []
    used: Counter[Card] = Counter()
    wanted: dict[Card, None] = {}
    wild_left = sum(1 for c in hand if rules.is_wild(c))
    for req, (need, cards, want, cap) in sorted(
        chosen, key=lambda rc: contract.requirements.index(rc[0])
    ):
        wilds = min(need, cap, wild_left)
        wild_left -= wilds
        partial.append(PartialMeld(req, cards, need - wilds, want, wilds))
        used.update(cards)
        if need - wilds > 0:
            for card in want:
                wanted.setdefault(card, None)
    if missing and any(p.missing for p in partial):
        wanted.setdefault(Card.joker(), None)
        for rank in rules.wild_ranks:
            for suit in Suit:
                wanted.setdefault(Card(rank, suit), None)
    if exact_outs and missing:
        wanted = {
            card: None
            for card in sorted(unseen, key=Card.sort_key)
            if contract_distance([*hand, card], rules, deal) < missing
        }
    outs = tuple(sorted(((c, unseen[c]) for c in wanted if unseen[c] > 0), key=lambda cn: -cn[1]))
    spare = Counter(c for c in hand if not rules.is_wild(c)) - used
    dead = sorted(spare.elements(), key=lambda c: -rules.card_points(c))
    return HandAnalysis(
        missing=missing,
        partial=tuple(partial),
        going_down=tuple(melds) if melds is not None else None,
        outs=outs,
        dead_weight=tuple(dead),
        points=hand_points(hand, rules),
        lay_offs=tuple(lay_off_options(hand, table, rules)),
        swaps=tuple(swap_options(hand, table, rules)),
    )
