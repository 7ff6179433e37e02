"""What does ``liverpool.find_going_down`` cost on hard hands?

Prints, for random hands drawn from a fixed seed, the median, 99th-percentile and worst time
of one ``find_going_down`` call in milliseconds, and how many of the hands could go down.

* The headline case: house rules, deal 7 (three runs), a 12-card hand of 8 naturals drawn from
  a two-deck shoe plus 4 jokers -- the most wilds the house shoe holds, so the widest search.
* Then every preset's last deal, with hands of the deal's size + 1 (a hand just after
  drawing) holding 0 to 4 wild cards (the number drawn uniformly per hand), taken from the
  preset's shoe for 4 players (jokers plus any wild rank, such as 2s).

Each call is timed cold: the engine's memo caches (``find_going_down`` remembers hands it has
seen) are emptied, untimed, before every call, as for a hand first seen at the table. Times are
wall-clock (``time.perf_counter``); on a busy machine other processes stretch them, so the load
average is printed with the table.

Run it by hand, for example::

    .venv/bin/python benchmarks/find_going_down.py --hands 1000 --seed 7

Standard library only; nothing here is asserted, the figures are for people to compare.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from benchlib import cache_clearers, lp, percentile, table

PLAYERS = 4  # every preset seats four; its shoe for four players is the one sampled
MAX_WILDS = 4


@dataclass(frozen=True)
class Case:
    """One benchmark line: which rules and deal, and the hands to time."""

    label: str
    rules: lp.Rules
    deal: int
    hands: list[list[lp.Card]]
    wilds: str


@dataclass(frozen=True)
class Result:
    times_ms: list[float]
    went_down: int


def headline_case(n: int, rng: random.Random) -> Case:
    """House deal 7: 8 naturals from 2×52 plus 4 jokers, shuffled into one 12-card hand."""
    rules = lp.PRESETS["house"]
    naturals = lp.build_shoe(2, 0)
    hands = []
    for _ in range(n):
        hand = rng.sample(naturals, 8) + [lp.Card.joker()] * 4
        rng.shuffle(hand)
        hands.append(hand)
    return Case("house (12 cards, 4 jokers)", rules, 7, hands, "4")


def last_deal_case(name: str, n: int, rng: random.Random) -> Case:
    """The preset's last deal: deal size + 1 cards, 0-4 wilds, from its 4-player shoe."""
    rules = lp.PRESETS[name]
    deal = rules.deals
    size = rules.contract(deal).cards_dealt + 1
    shoe = rules.build_shoe(PLAYERS)
    wild_cards = [c for c in shoe if rules.is_wild(c)]
    natural_cards = [c for c in shoe if not rules.is_wild(c)]
    hands = []
    for _ in range(n):
        w = rng.randint(0, min(MAX_WILDS, len(wild_cards), size))
        hand = rng.sample(wild_cards, w) + rng.sample(natural_cards, size - w)
        rng.shuffle(hand)
        hands.append(hand)
    return Case(name, rules, deal, hands, f"0-{MAX_WILDS}")


def run(case: Case) -> Result:
    """Time one cold call per hand (after a short untimed warm-up)."""
    clearers = cache_clearers()
    for hand in case.hands[:5]:
        lp.find_going_down(hand, case.rules, case.deal)
    gc.collect()
    times: list[float] = []
    went_down = 0
    for hand in case.hands:
        for clear in clearers:
            clear()
        start = time.perf_counter()
        melds = lp.find_going_down(hand, case.rules, case.deal)
        times.append((time.perf_counter() - start) * 1000.0)
        went_down += melds is not None
    return Result(times, went_down)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time liverpool.find_going_down on random hands from a fixed seed."
    )
    parser.add_argument("--hands", type=int, default=1000, help="hands per line (default 1000)")
    parser.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")

    rng = random.Random(args.seed)
    cases = [headline_case(args.hands, rng)]
    cases += [last_deal_case(name, args.hands, rng) for name in lp.PRESETS]

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(
        f"find_going_down: {args.hands} random hands per line, seed {args.seed}; "
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {load}"
    )
    print("wall ms per cold call (time.perf_counter); p99 is the nearest-rank 99th percentile;")
    print("needs: the fewest cards that can make the contract (a shorter hand is refused at once)")
    print()
    header = [
        "rules",
        "deal",
        "contract",
        "needs",
        "cards",
        "wilds",
        "median",
        "p99",
        "worst",
        "went down",
    ]
    rows = [header]
    started = time.perf_counter()
    for i, case in enumerate(cases):
        result = run(case)
        times = sorted(result.times_ms)
        contract = case.rules.contract(case.deal)
        share = 100.0 * result.went_down / len(times)
        rows.append(
            [
                case.label,
                str(case.deal),
                contract.short(),
                f"{contract.min_cards}+",
                str(len(case.hands[0])),
                case.wilds,
                f"{statistics.median(times):.2f}",
                f"{percentile(times, 99):.2f}",
                f"{times[-1]:.2f}",
                f"{result.went_down}/{len(times)} ({share:.1f}%)",
            ]
        )
        if i == 0:
            rows.append([""] * len(header))  # the headline, then the presets
    print(table(rows, right=set(range(1, len(header))) - {2}))
    print()
    print(f"total {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
