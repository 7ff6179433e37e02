"""Hand-analysis latency: ``find_going_down`` and ``analyze_hand`` on a fixed corpus of hard hands.

The corpus (``benchmarks/hard_hands.txt``) is generated once from a fixed seed and kept in the
repository, so every run and every commit times the same hands. It covers every contract of
every preset (ten hands each, 4-player shoes):

* **near** (4 per contract): the contract's melds built from the shoe (a meld sometimes one
  card longer), then 0-2 of their cards taken out and 1-3 replaced by wilds, 4 or more wilds in
  all, and random cards added up to a size between the deal size + 1 and 20;
* **wild** (4): 4 to 8 wilds (as many as the shoe holds) and random naturals, same sizes;
* **random** (2): random cards of the shoe, same sizes.

Each hand is timed cold (the engine's memo caches emptied, untimed, before every call) in CPU
time (``time.process_time``: other processes on a busy machine do not inflate it; wall time is
printed beside it), once per pass for ``--repeat`` passes; a hand's time is the median of its
passes. Timed: ``find_going_down(hand, rules, deal)`` and ``analyze_hand(hand, rules, deal,
players=4)``. Prints the median, p99 (nearest rank) and worst over the hands in milliseconds,
overall, per preset and per kind, and the slowest hands.
Target (issue 4): ``find_going_down`` p99 ≤ 5 ms.

Run it by hand, for example::

    .venv/bin/python benchmarks/hand_latency.py
    .venv/bin/python benchmarks/hand_latency.py --write-corpus   # regenerate the corpus file

``--seed`` other than the corpus file's seed times a corpus generated in memory from that seed.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchlib import (
    Figure,
    cache_clearers,
    load_note,
    lp,
    print_figures,
    python_line,
    summary_ms,
    table,
    write_json,
)

from liverpool.analysis import analyze_hand

CORPUS = Path(__file__).with_name("hard_hands.txt")
CORPUS_SEED = 4
PLAYERS = 4
MAX_CARDS = 20
MIN_WILDS = 4
MAX_WILDS = 8
KINDS = (("near", 4), ("wild", 4), ("random", 2))
TARGET_FGD_P99_MS = 5.0


@dataclass(frozen=True)
class HardHand:
    preset: str
    deal: int
    kind: str
    cards: tuple[lp.Card, ...]

    def line(self) -> str:
        wilds = sum(1 for c in self.cards if lp.PRESETS[self.preset].is_wild(c))
        codes = " ".join(c.code for c in self.cards)
        return f"{self.preset} {self.deal} {self.kind} {len(self.cards)} {wilds} | {codes}"


# -- generating the corpus ----------------------------------------------------------------------


def _take(pool: Counter[lp.Card], card: lp.Card) -> bool:
    if pool[card] > 0:
        pool[card] -= 1
        return True
    return False


def _draw(
    pool: Counter[lp.Card], rng: random.Random, want: Callable[[lp.Card], bool], n: int
) -> list[lp.Card]:
    """``n`` random cards of ``pool`` for which ``want(card)`` holds (fewer if it runs out)."""
    choices = [c for c in sorted(pool.elements(), key=lambda c: c.sort_key()) if want(c)]
    picked = rng.sample(choices, min(n, len(choices)))
    for card in picked:
        pool[card] -= 1
    return picked


def _meld(
    req: lp.Requirement, rules: lp.Rules, pool: Counter[lp.Card], rng: random.Random
) -> list[lp.Card]:
    """Naturals for one requirement, taken from ``pool`` (a card the pool lacks is left out)."""
    length = req.min_length + (1 if rng.random() < 0.3 else 0)
    if req.kind is lp.MeldKind.SET:
        ranks = [r for r in lp.Rank if r not in rules.wild_ranks]
        rank = rng.choice(ranks)
        return _draw(pool, rng, lambda c: c.rank == rank, length)
    length = min(length, 13)
    floor = 2 if rules.aces is lp.AceMode.HIGH_ONLY else 1
    start = rng.randint(floor, 14 - length + 1)
    suit = rng.choice(list(lp.Suit))
    cards = []
    for value in range(start, start + length):
        card = lp.Card.of(lp.Rank.ACE if value == 14 else lp.Rank(value), suit)
        if _take(pool, card):
            cards.append(card)
    return cards


def make_hand(rules: lp.Rules, deal: int, kind: str, rng: random.Random) -> tuple[lp.Card, ...]:
    contract = rules.contract(deal)
    pool = Counter(rules.build_shoe(PLAYERS))
    wild_total = sum(n for c, n in pool.items() if rules.is_wild(c))
    size = rng.randint(contract.cards_dealt + 1, MAX_CARDS)
    hand: list[lp.Card] = []
    if kind == "near":
        for req in contract.requirements:
            hand += _meld(req, rules, pool, rng)
        rng.shuffle(hand)
        missing = rng.choice((0, 1, 1, 2))
        replaced = rng.randint(1, 3)
        del hand[: missing + replaced]
        wilds = max(MIN_WILDS, replaced)
        wilds = rng.randint(min(wilds, wild_total), min(MAX_WILDS, wild_total))
        hand += _draw(pool, rng, rules.is_wild, wilds)
    elif kind == "wild":
        wilds = rng.randint(min(MIN_WILDS, wild_total), min(MAX_WILDS, wild_total))
        hand += _draw(pool, rng, rules.is_wild, wilds)
    size = max(size, min(len(hand), MAX_CARDS))
    if len(hand) > size:  # drop naturals only, so the wilds stay
        naturals = [c for c in hand if not rules.is_wild(c)]
        for card in rng.sample(naturals, len(hand) - size):
            hand.remove(card)
    if kind == "random":
        hand += _draw(pool, rng, lambda c: True, size - len(hand))
    else:
        hand += _draw(pool, rng, lambda c: not rules.is_wild(c), size - len(hand))
    rng.shuffle(hand)
    return tuple(hand)


def generate(seed: int) -> list[HardHand]:
    rng = random.Random(seed)
    hands = []
    for name, rules in lp.PRESETS.items():
        for deal in range(1, rules.deals + 1):
            for kind, count in KINDS:
                for _ in range(count):
                    hands.append(HardHand(name, deal, kind, make_hand(rules, deal, kind, rng)))
    return hands


def write_corpus(path: Path, seed: int, hands: Sequence[HardHand]) -> None:
    header = [
        "# Hard-hand corpus for benchmarks/hand_latency.py; do not edit by hand.",
        f"# Generated by `hand_latency.py --write-corpus --seed {seed}`: {len(hands)} hands,",
        "# every contract of every preset (4-player shoe), up to 20 cards; near, wild: 4+ wilds.",
        "# preset deal kind cards wilds | hand",
        f"seed {seed}",
    ]
    path.write_text("\n".join(header + [h.line() for h in hands]) + "\n")


def read_corpus(path: Path) -> tuple[int, list[HardHand]]:
    seed = None
    hands = []
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("seed "):
            seed = int(line.split()[1])
            continue
        head, _, codes = line.partition("|")
        fields = head.split()
        if len(fields) != 5 or fields[0] not in lp.PRESETS:
            raise ValueError(f"{path.name} line {number}: cannot read {line!r}")
        cards = tuple(lp.parse_cards(codes))
        if len(cards) != int(fields[3]):
            raise ValueError(f"{path.name} line {number}: {len(cards)} cards, not {fields[3]}")
        hands.append(HardHand(fields[0], int(fields[1]), fields[2], cards))
    if seed is None:
        raise ValueError(f"{path.name} names no seed")
    return seed, hands


# -- timing ---------------------------------------------------------------------------------


@dataclass
class Timing:
    hand: HardHand
    fgd_ms: list[float]
    """CPU time of each pass (ms)."""
    analysis_ms: list[float]
    fgd_wall_ms: list[float]
    """Wall time of each pass (ms)."""
    analysis_wall_ms: list[float]
    went_down: bool

    @property
    def fgd(self) -> float:
        """This hand's ``find_going_down`` time: the median of its passes."""
        return statistics.median(self.fgd_ms)

    @property
    def analysis(self) -> float:
        return statistics.median(self.analysis_ms)

    @property
    def fgd_wall(self) -> float:
        return statistics.median(self.fgd_wall_ms)

    @property
    def analysis_wall(self) -> float:
        return statistics.median(self.analysis_wall_ms)


def time_hands(hands: Sequence[HardHand], repeat: int) -> list[Timing]:
    clearers = cache_clearers()

    def cold() -> None:
        for clear in clearers:
            clear()

    for h in hands[:10]:  # warm-up, untimed
        lp.find_going_down(h.cards, lp.PRESETS[h.preset], h.deal)
    timings = [Timing(h, [], [], [], [], False) for h in hands]
    wall, cpu = time.perf_counter, time.process_time
    gc.collect()
    for _ in range(repeat):
        for t in timings:
            h = t.hand
            rules = lp.PRESETS[h.preset]
            cold()
            w0, c0 = wall(), cpu()
            melds = lp.find_going_down(h.cards, rules, h.deal)
            c1, w1 = cpu(), wall()
            t.fgd_ms.append((c1 - c0) * 1000.0)
            t.fgd_wall_ms.append((w1 - w0) * 1000.0)
            cold()
            w0, c0 = wall(), cpu()
            analyze_hand(h.cards, rules, h.deal, players=PLAYERS)
            c1, w1 = cpu(), wall()
            t.analysis_ms.append((c1 - c0) * 1000.0)
            t.analysis_wall_ms.append((w1 - w0) * 1000.0)
            t.went_down = melds is not None
    return timings


def _row(label: str, group: Sequence[Timing]) -> list[str]:
    fgd = summary_ms([t.fgd for t in group])
    ana = summary_ms([t.analysis for t in group])
    down = sum(t.went_down for t in group)
    return [
        label,
        str(len(group)),
        f"{down}",
        *(f"{v:.2f}" for v in fgd),
        *(f"{v:.2f}" for v in ana),
    ]


def report(timings: Sequence[Timing], slowest: int) -> list[Figure]:
    header = [
        "hands",
        "n",
        "down",
        "fgd med",
        "fgd p99",
        "fgd worst",
        "analyze med",
        "analyze p99",
        "analyze worst",
    ]
    rows = [header, _row("all", timings), [""] * len(header)]
    for name in lp.PRESETS:
        rows.append(_row(name, [t for t in timings if t.hand.preset == name]))
    rows.append([""] * len(header))
    for kind, _ in KINDS:
        rows.append(_row(kind, [t for t in timings if t.hand.kind == kind]))
    print(table(rows))
    print()
    print(f"slowest {slowest} hands for find_going_down (ms):")
    worst = sorted(timings, key=lambda t: -t.fgd)[:slowest]
    for t in worst:
        h = t.hand
        contract = lp.PRESETS[h.preset].contract(h.deal).short()
        print(
            f"  {t.fgd:7.2f}  {h.preset} deal {h.deal} ({contract}), {h.kind}, "
            f"{len(h.cards)} cards, {'down' if t.went_down else 'not down'}: "
            f"{' '.join(c.code for c in h.cards)}"
        )
    fgd = summary_ms([t.fgd for t in timings])
    ana = summary_ms([t.analysis for t in timings])
    fgd_wall = summary_ms([t.fgd_wall for t in timings])
    ana_wall = summary_ms([t.analysis_wall for t in timings])
    print()
    print(
        f"wall clock: find_going_down median {fgd_wall[0]:.2f}, p99 {fgd_wall[1]:.2f}, worst "
        f"{fgd_wall[2]:.2f} ms; analyze_hand median {ana_wall[0]:.2f}, p99 {ana_wall[1]:.2f}, "
        f"worst {ana_wall[2]:.2f} ms"
    )

    def ms(i: int, cpu: Sequence[float], wall: Sequence[float]) -> str:
        return f"{cpu[i]:.2f} ms (wall {wall[i]:.2f})"

    return [
        Figure("find_going_down median (hard hands)", ms(0, fgd, fgd_wall)),
        Figure(
            "find_going_down p99 (hard hands)",
            ms(1, fgd, fgd_wall),
            f"≤ {TARGET_FGD_P99_MS:g} ms",
            fgd[1] <= TARGET_FGD_P99_MS,
        ),
        Figure("find_going_down worst (hard hands)", ms(2, fgd, fgd_wall)),
        Figure("analyze_hand median (hard hands)", ms(0, ana, ana_wall)),
        Figure("analyze_hand p99 (hard hands)", ms(1, ana, ana_wall)),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help=f"corpus seed (default: the corpus file's, {CORPUS_SEED}); another seed times a "
        "corpus generated in memory",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="timed passes over the corpus; a hand's time is the median of its passes (default 3)",
    )
    parser.add_argument("--slowest", type=int, default=5, help="slowest hands to list")
    parser.add_argument(
        "--write-corpus",
        action="store_true",
        help=f"regenerate {CORPUS.name} from --seed (default {CORPUS_SEED}) and stop",
    )
    parser.add_argument("--json", help="also write the figures to this file (for run_all.py)")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    if args.write_corpus:
        seed = CORPUS_SEED if args.seed is None else args.seed
        hands = generate(seed)
        write_corpus(CORPUS, seed, hands)
        print(f"wrote {len(hands)} hands to {CORPUS}")
        return 0
    if CORPUS.exists():
        seed, hands = read_corpus(CORPUS)
        source = f"{CORPUS.name} (seed {seed})"
        if args.seed is not None and args.seed != seed:
            seed, hands = args.seed, generate(args.seed)
            source = f"generated in memory from seed {seed}"
    else:
        seed = CORPUS_SEED if args.seed is None else args.seed
        hands = generate(seed)
        source = f"generated in memory from seed {seed} ({CORPUS.name} is missing)"

    sizes = [len(h.cards) for h in hands]
    wild_counts = [sum(1 for c in h.cards if lp.PRESETS[h.preset].is_wild(c)) for h in hands]
    contracts = len({(h.preset, h.deal) for h in hands})
    print(
        f"Hand latency: {len(hands)} hard hands from {source}, {contracts} contracts, "
        f"{min(sizes)}-{max(sizes)} cards, {sum(w >= MIN_WILDS for w in wild_counts)} with "
        f"{MIN_WILDS}+ wilds; {args.repeat} pass(es); {python_line()}"
    )
    print(load_note())
    print(
        "CPU ms per call (time.process_time), cold, each hand's median of its passes; "
        "p99 is the nearest-rank 99th percentile over the hands"
    )
    print()
    started = time.perf_counter()
    timings = time_hands(hands, args.repeat)
    figures = report(timings, args.slowest)
    print(f"\ntotal {time.perf_counter() - started:.1f} s")
    print_figures(figures)
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
