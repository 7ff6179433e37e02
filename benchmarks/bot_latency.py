"""Bot decision latency: how long each bot's ``act(view, legal)`` takes in real matches.

Plays ``--matches`` whole four-player house matches in this process, seats filled as in
``bot_strength.py`` (StrongBot, BasicBot, RandomBot and a fourth seat that cycles, rotated from
match to match), and times every ``act`` call — only the call: the
view and the legal actions are built before the clock starts. Every decision a bot is asked
for counts, forced ones (a single legal action) included. The engine's memo caches stay as
they are in play (warm within a match, as at a real table).

Prints per bot, and per bot and phase, the decisions, median, p99 (nearest rank), worst and
mean in milliseconds of CPU time (``time.process_time``: other processes on a busy machine do
not inflate it), with the wall-clock p99 beside them. Targets (issue 4): BasicBot p99 ≤ 5 ms,
StrongBot p99 ≤ 250 ms. Match ``k`` is dealt from ``seed + k``; seat ``i``'s bot is seeded
``(seed + k) * 100 + i``. Run it by hand, for example::

    .venv/bin/python benchmarks/bot_latency.py --matches 3 --seed 0
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence

from benchlib import (
    BOT_NAMES,
    Figure,
    lineup,
    load_note,
    lp,
    make_bots,
    print_figures,
    python_line,
    summary_ms,
    table,
    write_json,
)

TARGETS_P99_MS = {"BasicBot": 5.0, "StrongBot": 250.0}

Samples = dict[tuple[str, str], list[tuple[float, float]]]  # (bot, phase) -> (cpu, wall) ms


def play(k: int, seed: int, samples: Samples) -> tuple[int, float]:
    """Play match ``k``, adding each timed decision to ``samples``; returns (steps, seconds)."""
    names = lineup(k)
    bots = make_bots(names, seed + k)
    game = lp.Game("house", 4, seed + k)
    wall, cpu = time.perf_counter, time.process_time
    steps = 0
    start = wall()
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        view = game.view(seat)
        w0, c0 = wall(), cpu()
        action = bots[seat].act(view, legal)
        c1, w1 = cpu(), wall()
        samples[names[seat], view.phase].append(((c1 - c0) * 1000.0, (w1 - w0) * 1000.0))
        game.apply(action)
        steps += 1
    return steps, wall() - start


def _cells(times: Sequence[tuple[float, float]]) -> list[str]:
    cpu = [c for c, _ in times]
    median, p99, worst = summary_ms(cpu)
    wall_p99 = summary_ms([w for _, w in times])[1]
    return [
        str(len(times)),
        f"{median:.3f}",
        f"{p99:.2f}",
        f"{worst:.2f}",
        f"{statistics.fmean(cpu):.3f}",
        f"{wall_p99:.2f}",
    ]


def report(samples: Samples) -> list[Figure]:
    header = ["bot", "phase", "decisions", "median", "p99", "worst", "mean", "wall p99"]
    per_bot: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for (bot, _), times in samples.items():
        per_bot[bot].extend(times)
    rows = [header]
    for bot in BOT_NAMES:
        rows.append([bot, "all", *_cells(per_bot[bot])])
    rows.append([""] * len(header))
    for bot in BOT_NAMES:
        for (name, phase), times in sorted(samples.items()):
            if name == bot:
                rows.append([bot, phase, *_cells(times)])
    print(table(rows, right=set(range(2, len(header)))))
    figures = []
    for bot in reversed(BOT_NAMES):
        median, p99, _ = summary_ms([c for c, _ in per_bot[bot]])
        wall_median, wall_p99, _ = summary_ms([w for _, w in per_bot[bot]])
        figures.append(
            Figure(f"{bot} decision median", f"{median:.3f} ms (wall {wall_median:.3f})")
        )
        target = TARGETS_P99_MS.get(bot)
        measured = f"{p99:.3f} ms (wall {wall_p99:.3f})"
        if target is None:
            figures.append(Figure(f"{bot} decision p99", measured))
        else:
            figures.append(
                Figure(f"{bot} decision p99", measured, f"≤ {target:g} ms", p99 <= target)
            )
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3, help="whole matches (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="first match seed (default 0)")
    parser.add_argument("--json", help="also write the figures to this file (for run_all.py)")
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be at least 1")

    print(
        f"Bot decision latency: {args.matches} house match(es), 4 players, seed {args.seed}; "
        f"CPU ms per act() call (time.process_time), p99 nearest rank; {python_line()}"
    )
    print(load_note())
    samples: Samples = defaultdict(list)
    started = time.perf_counter()
    for k in range(args.matches):
        steps, seconds = play(k, args.seed, samples)
        print(
            f"  match {k + 1} {'/'.join(lineup(k))}: {steps} decisions, {seconds:.1f} s", flush=True
        )
    print()
    figures = report(samples)
    print(f"\ntotal {time.perf_counter() - started:.1f} s")
    print_figures(figures)
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
