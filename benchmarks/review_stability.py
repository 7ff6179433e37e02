"""Review stability: how long ``liverpool.review`` takes per decision, and how often a decision's
grade stays the same when the budget is doubled.

Plays ``--records`` house games of ``--deals`` deals each (game ``k`` seeded ``seed + k``): seat 0
is the "learner" (``--learner``, BasicBot by default: sensible play with real mistakes; RandomBot
makes mostly blunders, which are easy to grade), the other seats are StrongBot, BasicBot and
StrongBot. Each record is reviewed for seat 0 twice: with ``--budget`` samples per decision and
review seed ``seed``, then with twice the budget and review seed ``seed + 1`` — a fresh set of
sampled deals, so the agreement measures the sampling noise, not shared samples (``--same-seed``
reviews both with ``seed``, as a learner re-running ``liverpool review --budget`` would, where
the doubled review contains the first one's samples).

Figures:

* CPU time per graded decision (``time.process_time``), median / p99 / worst, at each budget,
  over the decisions that were sampled (a decision graded good without sampling costs nothing);
* the share of graded decisions whose grade is the same at both budgets, over all graded
  decisions and over the sampled ones alone, and the share whose preferred move is the same;
* the grade changes, as a small table (grade at the budget -> grade at twice the budget).

Run it by hand, for example::

    .venv/bin/python benchmarks/review_stability.py --records 3 --deals 2 --budget 24 --seed 0
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence

from benchlib import Figure, load_note, lp, print_figures, python_line, summary_ms, write_json

from liverpool.evaluate import Budget
from liverpool.review import Review, review


def record(k: int, seed: int, deals: int, learner: str) -> str:
    """Game ``k``: its first ``deals`` deals, seat 0 played by the learner's bot."""
    names = (learner, "strong", "basic", "strong")
    bots = [lp.bots.make(name, (seed + k) * 100 + i) for i, name in enumerate(names)]
    game = lp.Game("house", 4, seed + k)
    while not game.is_over and game.deal <= deals:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    return game.to_json()


def budget(samples: int) -> Budget:
    return Budget(samples=samples, min_samples=min(12, samples), batch=2, z=2.0, tolerance=0.5)


def timed(text: str, samples: int, seed: int) -> tuple[Review, float]:
    start = time.process_time()
    result = review(text, 0, budget(samples), seed=seed)
    return result, time.process_time() - start


def _ms(result: Review) -> list[float]:
    return [
        d.evaluation.cpu_seconds * 1000.0
        for d in result.decisions
        if d.evaluation is not None and d.samples
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=3, help="games reviewed (default 3)")
    parser.add_argument("--deals", type=int, default=2, help="deals per game (default 2)")
    parser.add_argument("--budget", type=int, default=24, help="samples per decision (24)")
    parser.add_argument("--learner", default="basic", help="seat 0's bot (default basic)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    parser.add_argument("--same-seed", action="store_true", help="review both with --seed")
    parser.add_argument("--json", help="also write the figures to this file (for run_all.py)")
    args = parser.parse_args(argv)
    if args.records < 1 or args.deals < 1 or args.budget < 2:
        parser.error("--records and --deals must be 1 or more, --budget 2 or more")

    b1, b2 = args.budget, 2 * args.budget
    print(
        f"Review stability: {args.records} house game(s) of {args.deals} deal(s), seat 0 "
        f"{args.learner}, budgets {b1} and {b2} samples, seed {args.seed}"
        f"{' (same review seed)' if args.same_seed else ''}; {python_line()}; {load_note()}"
    )
    pairs: list[tuple[Review, Review]] = []
    cpu = {b1: 0.0, b2: 0.0}
    for k in range(args.records):
        text = record(k, args.seed, args.deals, args.learner)
        first, t1 = timed(text, b1, args.seed)
        second, t2 = timed(text, b2, args.seed if args.same_seed else args.seed + 1)
        cpu[b1] += t1
        cpu[b2] += t2
        pairs.append((first, second))
        print(
            f"  game {k}: {len(first.decisions)} graded decisions, {t1:.1f} s and {t2:.1f} s CPU; "
            f"accuracy {100 * first.accuracy:.0f}% / {100 * second.accuracy:.0f}%"
        )

    same = same_sampled = sampled = total = same_pref = 0
    changes: Counter[tuple[str, str]] = Counter()
    for first, second in pairs:
        # matched by their place in the record: a decision the sampler could not rebuild in one
        # review (it depends on the first sampled deal) is left out of the comparison
        later = {d.index: d for d in second.decisions}
        for d1 in first.decisions:
            d2 = later.get(d1.index)
            if d2 is None:
                continue
            total += 1
            same += d1.grade is d2.grade
            same_pref += d1.preferred == d2.preferred
            if d1.samples or d2.samples:
                sampled += 1
                same_sampled += d1.grade is d2.grade
            if d1.grade is not d2.grade:
                changes[d1.grade.value, d2.grade.value] += 1

    figures: list[Figure] = []
    print()
    for samples in (b1, b2):
        times = [ms for pair in pairs for ms in _ms(pair[0] if samples == b1 else pair[1])]
        if not times:
            continue
        median, p99, worst = summary_ms(times)
        print(
            f"budget {samples}: {len(times)} sampled decisions, CPU per decision median "
            f"{median:.0f} ms, p99 {p99:.0f} ms, worst {worst:.0f} ms; whole reviews "
            f"{cpu[samples]:.1f} s CPU"
        )
        figures.append(
            Figure(
                f"review CPU per sampled decision, budget {samples}",
                f"median {median:.0f} ms, p99 {p99:.0f} ms ({len(times)} decisions)",
            )
        )
    share = same / total if total else 1.0
    share_sampled = same_sampled / sampled if sampled else 1.0
    print(
        f"grade unchanged when the budget doubles: {same} of {total} graded decisions "
        f"({100 * share:.0f}%); {same_sampled} of {sampled} sampled ones "
        f"({100 * share_sampled:.0f}%); preferred move unchanged: {same_pref} of {total}"
    )
    if changes:
        print("grade changes (budget -> twice the budget):")
        for (a, b), n in sorted(changes.items()):
            print(f"  {a} -> {b}: {n}")
    figures.append(
        Figure(
            f"review grade unchanged at budget {b1} vs {b2} ({total} decisions)",
            f"{100 * share:.0f}% of graded, {100 * share_sampled:.0f}% of sampled ({sampled})",
        )
    )
    print_figures(figures)
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
