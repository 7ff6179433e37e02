"""Bot strength: mean match score and win rate of StrongBot, BasicBot and RandomBot.

Plays ``--matches`` whole four-player house matches (default 400, the figure of issue 4). Every
match seats all three bots plus a fourth seat that cycles Basic, Random, Strong, and the seats
rotate from match to match, so in every 12 matches each bot sits in every seat equally often.
Match ``k`` is dealt from ``seed + k``; seat ``i``'s bot is seeded ``(seed + k) * 100 + i``, so
the same ``--seed`` and ``--matches`` give the same matches whatever ``--workers``.

Scores are penalty points (lower is better). Figures:

* **mean match score** per bot: in each match the bot's final total (averaged over its seats
  when it holds two), then the mean over matches, ± 1.96 standard errors;
* **win rate** per bot: the share of its seats that finish with the lowest total (ties share
  the win), with a 95% Wilson interval;
* **ratios** BasicBot / RandomBot and StrongBot / BasicBot of the mean scores, compared per
  match (paired: the residuals ``x − r·y`` of each match give a delta-method 95% interval), and
  the paired difference StrongBot − BasicBot.

Targets (issue 4, over 400 matches): BasicBot ≤ 40% of RandomBot; StrongBot ≤ 85% of BasicBot
with the interval excluding 100%. Run it by hand, for example::

    .venv/bin/python benchmarks/bot_strength.py --matches 400 --workers 2 --seed 0
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from benchlib import (
    BOT_NAMES,
    Figure,
    lineup,
    lp,
    make_bots,
    mean_ci,
    print_figures,
    python_line,
    ratio_ci,
    table,
    wilson,
    write_json,
)

TARGET_BASIC_VS_RANDOM = 0.40
TARGET_STRONG_VS_BASIC = 0.85
FULL_MATCHES = 400


@dataclass(frozen=True)
class MatchOutcome:
    k: int
    names: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    steps: int
    seconds: float
    cpu_seconds: float

    def mean_score(self, bot: str) -> float:
        return statistics.fmean(s for n, s in zip(self.names, self.scores, strict=True) if n == bot)


def play_one(k: int, seed: int) -> MatchOutcome:
    """Match ``k`` of the series (run in a worker process)."""
    names = lineup(k)
    start, cpu = time.perf_counter(), time.process_time()
    result = lp.play_match("house", make_bots(names, seed + k), seed + k)
    return MatchOutcome(
        k,
        names,
        result.scores,
        result.winners,
        result.steps,
        time.perf_counter() - start,
        time.process_time() - cpu,
    )


def play_all(matches: int, seed: int, workers: int) -> list[MatchOutcome]:
    done: list[MatchOutcome] = []
    step = max(1, matches // 10)

    def progress(outcome: MatchOutcome) -> None:
        done.append(outcome)
        if len(done) % step == 0 or len(done) == matches:
            print(f"  {len(done)}/{matches} matches", flush=True)

    if workers <= 1:
        for k in range(matches):
            progress(play_one(k, seed))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_one, k, seed) for k in range(matches)]
            for future in as_completed(futures):
                progress(future.result())
    return sorted(done, key=lambda o: o.k)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def report(outcomes: Sequence[MatchOutcome]) -> list[Figure]:
    n = len(outcomes)
    per_match = {bot: [o.mean_score(bot) for o in outcomes] for bot in BOT_NAMES}
    seats: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    by_seat: dict[tuple[str, int], list[int]] = defaultdict(list)
    for o in outcomes:
        for i, (name, score) in enumerate(zip(o.names, o.scores, strict=True)):
            seats[name] += 1
            wins[name] += i in o.winners
            by_seat[name, i].append(score)

    rows = [["bot", "seats", "mean score", "± 95%", "win rate", "95% Wilson", "mean per seat"]]
    figures: list[Figure] = []
    for bot in BOT_NAMES:
        mean, half = mean_ci(per_match[bot])
        p, lo, hi = wilson(wins[bot], seats[bot])
        seat_means = " / ".join(
            f"{statistics.fmean(by_seat[bot, i]):.0f}" if by_seat[bot, i] else "-" for i in range(4)
        )
        rows.append(
            [
                bot,
                str(seats[bot]),
                f"{mean:.1f}",
                f"{half:.1f}",
                _pct(p),
                f"{_pct(lo)}-{_pct(hi)}",
                seat_means,
            ]
        )
        figures.append(Figure(f"{bot} mean match score ({n} matches)", f"{mean:.1f} ± {half:.1f}"))
        figures.append(
            Figure(f"{bot} win rate per seat ({n} matches)", f"{_pct(p)} [{_pct(lo)}, {_pct(hi)}]")
        )
    print(table(rows))
    print("(mean per seat: the bot's mean total in seats 0 / 1 / 2 / 3; seat 0 deals first)")
    print()

    basic_random = ratio_ci(per_match["BasicBot"], per_match["RandomBot"])
    strong_basic = ratio_ci(per_match["StrongBot"], per_match["BasicBot"])
    diff, diff_half = mean_ci(
        [s - b for s, b in zip(per_match["StrongBot"], per_match["BasicBot"], strict=True)]
    )
    better = sum(s < b for s, b in zip(per_match["StrongBot"], per_match["BasicBot"], strict=True))
    print(
        f"BasicBot / RandomBot mean score: {_pct(basic_random[0])} "
        f"[{_pct(basic_random[1])}, {_pct(basic_random[2])}] (paired per match)"
    )
    print(
        f"StrongBot / BasicBot mean score: {_pct(strong_basic[0])} "
        f"[{_pct(strong_basic[1])}, {_pct(strong_basic[2])}] (paired per match)"
    )
    print(
        f"StrongBot − BasicBot per match: {diff:+.1f} ± {diff_half:.1f} points; StrongBot scored "
        f"less than BasicBot in {better} of {n} matches"
    )
    figures.append(
        Figure(
            f"BasicBot/RandomBot mean score ({n} matches)",
            f"{_pct(basic_random[0])} [{_pct(basic_random[1])}, {_pct(basic_random[2])}]",
            f"≤ {_pct(TARGET_BASIC_VS_RANDOM)}",
            basic_random[0] <= TARGET_BASIC_VS_RANDOM,
        )
    )
    figures.append(
        Figure(
            f"StrongBot/BasicBot mean score ({n} matches)",
            f"{_pct(strong_basic[0])} [{_pct(strong_basic[1])}, {_pct(strong_basic[2])}]",
            f"≤ {_pct(TARGET_STRONG_VS_BASIC)}, CI < 100%",
            strong_basic[0] <= TARGET_STRONG_VS_BASIC and strong_basic[2] < 1.0,
        )
    )
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches", type=int, default=FULL_MATCHES, help=f"matches (default {FULL_MATCHES})"
    )
    parser.add_argument("--seed", type=int, default=0, help="first match seed (default 0)")
    parser.add_argument(
        "--workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="worker processes (default 2)",
    )
    parser.add_argument("--json", help="also write the figures to this file (for run_all.py)")
    args = parser.parse_args(argv)
    if args.matches < 2:
        parser.error("--matches must be at least 2 (the intervals need two)")
    if args.workers < 1:
        parser.error("--workers must be at least 1")

    print(
        f"Bot strength: {args.matches} house matches, 4 players, seats rotated, seed "
        f"{args.seed}, {args.workers} worker(s); {python_line()}"
    )
    start = time.perf_counter()
    outcomes = play_all(args.matches, args.seed, args.workers)
    wall = time.perf_counter() - start
    print()
    figures = report(outcomes)
    cpu = sum(o.cpu_seconds for o in outcomes)
    steps = sum(o.steps for o in outcomes)
    print(
        f"time: {wall:.1f} s wall with {args.workers} worker(s); {cpu:.1f} s CPU in the matches "
        f"({cpu / len(outcomes):.2f} s per match, {steps / len(outcomes):,.0f} decisions per "
        "match)"
    )
    figures.append(
        Figure(
            f"bot strength run time ({args.matches} matches, {args.workers} workers)",
            f"{wall:.1f} s wall, {cpu / len(outcomes):.2f} CPU s/match",
        )
    )
    print_figures(figures)
    if args.matches < FULL_MATCHES:
        print(
            f"(the targets are stated over {FULL_MATCHES} matches; this run played {args.matches})"
        )
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
