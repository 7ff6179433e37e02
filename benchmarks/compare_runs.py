"""Compare runs: two ``expert_strength.py`` logs of the same seed, match by match.

A change to ExpertBot moves its score by a few points a match, while one match's scores spread
by more than a hundred. Two runs on the same seed deal the same cards in every match ``k``, so
comparing them match by match cancels the luck of the deal. ExpertBot's budgets count playout
actions, not CPU time, so two runs of one version play every match alike, and two versions part
ways only at their first real difference (``expert_strength.py`` says more). This reads two
logs written by ``expert_strength.py --log`` (a partial run will do: only the matches both hold
are compared) and prints, for each run and for the matches in common:

* ExpertBot / StrongBot mean score with its paired 95% interval, and Expert − Strong in points;
* how often the sampling overturned StrongBot's choice, CPU seconds a match, decision p99 and how
  many decisions passed a second;

then the difference between the runs, paired by match: of Expert − Strong, and of ExpertBot's
own score (negative: the first run did better), ± 1.96 standard errors. The intervals are
taken over the pairs of matches that ``expert_strength.py`` deals alike (matches ``2j`` and
``2j + 1``). For example::

    .venv/bin/python benchmarks/compare_runs.py new.jsonl old.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from benchlib import by_pair, interval, mean_ci, pair_means, percentile, ratio_ci, table
from expert_strength import MatchOutcome, read_outcome


def load(path: Path) -> dict[int, MatchOutcome]:
    """The matches of one log by ``k``; a log that holds a match twice (two series in one
    file) or a line that is not a match is refused with the line's number."""
    found: dict[int, MatchOutcome] = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        try:
            match = read_outcome(json.loads(line))
        except (ValueError, TypeError) as exc:
            problem = f"{path}:{number}: not a match of expert_strength.py ({exc})"
            raise SystemExit(problem) from None
        if match.k in found:
            raise SystemExit(f"{path}:{number}: match {match.k} again (one series per file)")
        found[match.k] = match
    return found


def describe(matches: Sequence[MatchOutcome]) -> list[str]:
    """One run's row over the matches in common."""
    per_pair = by_pair(matches, ("ExpertBot", "StrongBot"))
    experts, strongs = per_pair["ExpertBot"], per_pair["StrongBot"]
    diff, half = mean_ci([e - s for e, s in zip(experts, strongs, strict=True)])
    stats: Counter[str] = Counter()
    for m in matches:
        stats.update(dict(m.stats))
    overturned = stats["changed"] / stats["evaluated"] if stats["evaluated"] else 0.0
    every = [ms for m in matches for ms in m.expert_ms]
    cpu = sum(m.cpu_seconds for m in matches) / len(matches)
    return [
        interval(ratio_ci(experts, strongs)),
        f"{diff:+.1f} ± {half:.1f}",
        f"{100 * overturned:.1f}%",
        f"{cpu:.1f}",
        f"{percentile(every, 99):.0f}",
        f"{sum(ms > 1000.0 for ms in every)} of {len(every)}",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path, help="a log of expert_strength.py --log")
    parser.add_argument("second", type=Path, help="another log of the same seed")
    args = parser.parse_args(argv)
    first, second = load(args.first), load(args.second)
    common = sorted(set(first) & set(second))
    if len(common) < 2:
        print(f"the logs hold {len(common)} match(es) in common: nothing to compare")
        return 1
    print(f"{len(common)} matches in common (k {common[0]}..{common[-1]})")
    header = [
        "run",
        "Expert / Strong",
        "Expert − Strong",
        "overturned",
        "CPU s/match",
        "p99 ms",
        "over 1 s",
    ]
    rows = [
        [str(path), *describe([run[k] for k in common])]
        for path, run in ((args.first, first), (args.second, second))
    ]
    print(table([header, *rows]))

    def gap(m: MatchOutcome) -> float:
        return m.mean_score("ExpertBot") - m.mean_score("StrongBot")

    gaps = {k: gap(first[k]) - gap(second[k]) for k in common}
    own = {k: first[k].mean_score("ExpertBot") - second[k].mean_score("ExpertBot") for k in common}
    for label, values in (("Expert − Strong", gaps), ("ExpertBot's own score", own)):
        mean, half = mean_ci(pair_means(values))
        print(f"first − second, paired by match, of {label}: {mean:+.1f} ± {half:.1f} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
