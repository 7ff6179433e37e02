"""Expert focus: where ExpertBot's sampling finds points, decision kind by decision kind.

ExpertBot settles StrongBot's close decisions by sampling (``liverpool.evaluate.evaluate``), and
treats each kind of decision its own way (``FOCUS`` in ``liverpool/bots/expert.py``): a sampling
budget, how many candidates it compares (``top``, StrongBot's choice first), and the evidence an
alternative needs to be played instead (``min_gain`` points and ``switch_z`` standard errors of
the paired difference). Those settings were chosen from an offline experiment; this script
repeats it, so they can be checked again when the bots or the evaluator change.

**Collect.** Plays ``--matches`` four-player house matches with StrongBot in every seat (match
``m`` dealt from ``seed + m``, seat ``i``'s bot seeded ``(seed + m) * 10 + i``). At seat
``m % 4``, every decision for which ``ExpertBot(0, top=4).candidates`` offers two or more
candidates is evaluated with no racing: every candidate is played on the same ``2 × --samples``
sampled deals (evaluation seed ``(seed + m) * 1000 + k`` for the match's ``k``-th such decision),
and each candidate's cost on each deal is kept with the decision's kind (``decision_kind``). A
decision the evaluator cannot rebuild from the view is skipped. StrongBot plays every move, so
the positions are the ones StrongBot meets. (``top=4`` asks for up to four candidates of every
kind: discards have that many, a take, a buy and going down have two.)

**Analyse.** Each configuration — ``n`` samples (half and all of ``--samples``), ``top`` 2, 3
or 4, and ``(switch_z, min_gain)`` — decides every position the way ``settle`` does, on the
first ``n`` deals of one half of the samples: the best is the lowest mean among the first
``top`` candidates, played instead of StrongBot's choice (candidate 0) when the paired
difference is at least ``min_gain`` and above ``switch_z`` standard errors. The choice is then
judged on the *other* half, which played no part in it: StrongBot's choice's mean cost minus
the chosen candidate's (0 when StrongBot's choice stands). The halves swap and the two are
averaged. Deciding and judging on the same deals would reward chasing noise; on separate deals
a choice gains only what it truly gains, plus noise that averages out.

Figures, in **points per decision** (the evaluator's measure: the seat's points for the deal
minus the other seats' average, each deal played to its end by BasicBots at every seat — not a
match score, and not what ExpertBot gains against real opponents), ± 1.96 standard errors over
the positions:

* every configuration over all positions, with the share of decisions it changes;
* by decision kind, a few configurations and each kind's own ``FOCUS`` setting (on the first
  ``min(budget.samples, --samples)`` deals of a half, ignoring the racing and the step
  cap ExpertBot also uses); the row ``all`` under ``FOCUS`` is ExpertBot's policy as a whole;
* the configuration ``FOCUS`` uses for each kind.

Every configuration is judged on the same positions, so the differences between rows are more
certain than their intervals suggest. A full match holds 70 to 90 such decisions; at the
default ``--samples 48`` (96 deals per candidate) each takes about 2 s of CPU, so a match is
about 3 CPU minutes and the default 8 matches about 25 CPU minutes (13 minutes on two idle
cores). ``--log FILE`` keeps each finished match, so a long run can be stopped (``--seconds``
stops starting new matches) and resumed. Run it by hand, for example::

    .venv/bin/python benchmarks/expert_focus.py --matches 8 --workers 2 --log focus.jsonl
    .venv/bin/python benchmarks/expert_focus.py --matches 1 --samples 4   # a smoke run
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchlib import SeriesLog, load_note, lp, mean_ci, python_line, run_series, table

from liverpool.bots.expert import FOCUS, ExpertBot, Focus, decision_kind
from liverpool.evaluate import Budget, NotEvaluable, describe_action, evaluate

FULL_MATCHES = 8
TOPS = (2, 3, 4)
EVIDENCE = ((1.5, 1.0), (1.0, 0.5), (0.5, 0.0), (0.0, 0.0))
"""The ``(switch_z, min_gain)`` pairs tried: clear evidence down to any difference at all."""


# -- collecting ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """One sampled decision: each candidate's cost (points) on each shared deal."""

    deal: int
    kind: str
    candidates: tuple[str, ...]
    """In words, StrongBot's choice first."""
    costs: tuple[tuple[float, ...], ...]


@dataclass(frozen=True)
class MatchPositions:
    """What one match gave: the positions of its watched seat."""

    match: int
    seat: int
    positions: tuple[Position, ...]
    not_evaluable: int
    cpu_seconds: float
    sampling_seconds: float
    """CPU time in ``evaluate`` (the rest is StrongBot playing the match)."""


def collect(match: int, seed: int, samples: int, deadline: float | None) -> MatchPositions | None:
    """Match ``match`` of the series (run in a worker process); ``None`` when it would start
    after ``deadline`` (``time.time()``)."""
    if deadline is not None and time.time() >= deadline:
        return None
    cpu0 = time.process_time()
    deal_seed = seed + match
    game = lp.Game("house", 4, deal_seed)
    bots = [lp.bots.StrongBot(deal_seed * 10 + i) for i in range(4)]
    watched = match % 4
    expert = ExpertBot(0, top=4)
    budget = Budget(samples=2 * samples, seconds=None, min_samples=2 * samples + 1)
    positions: list[Position] = []
    k = skipped = 0
    sampling = 0.0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        view = game.view(seat)
        if seat == watched:
            cands = expert.candidates(view, legal)
            if len(cands) >= 2:
                k += 1
                try:
                    result = evaluate(view, legal, cands, budget=budget, seed=deal_seed * 1000 + k)
                except NotEvaluable:
                    skipped += 1
                else:
                    sampling += result.cpu_seconds
                    words = tuple(describe_action(a, view) for a in cands)
                    kind = decision_kind(view, legal)
                    positions.append(Position(view.deal, kind, words, result.costs))
        game.apply(bots[seat].act(view, legal))
    return MatchPositions(
        match, watched, tuple(positions), skipped, time.process_time() - cpu0, sampling
    )


def _read(entry: dict[str, Any]) -> MatchPositions:
    """A match read back from a log line (lists back to tuples)."""
    positions = tuple(
        Position(p["deal"], p["kind"], tuple(p["candidates"]), tuple(map(tuple, p["costs"])))
        for p in entry.pop("positions")
    )
    return MatchPositions(positions=positions, **entry)


def collect_all(
    matches: int,
    seed: int,
    samples: int,
    workers: int,
    log: Path | None,
    deadline: float | None,
) -> list[MatchPositions]:
    """Every match of the series that was played or logged, in order; with ``log``, each
    finished match is appended to it as a JSON line, and matches already there (same seed and
    samples) are read back instead of replayed."""
    series = SeriesLog(log, seed=seed, samples=samples)
    known = {found.match: found for found in map(_read, series.entries())}
    done = [known[m] for m in range(matches) if m in known]
    step = max(1, matches // 20)

    def progress(found: MatchPositions | None) -> None:
        if found is None:
            return
        done.append(found)
        series.append(found)
        if len(done) % step == 0 or len(done) == matches:
            print(f"  {len(done)}/{matches} matches", flush=True)

    todo = [(m, seed, samples, deadline) for m in range(matches) if m not in known]
    if known:
        print(f"  {len(done)} match(es) read from {log}", flush=True)
    run_series(collect, todo, workers, progress)
    return sorted(done, key=lambda found: found.match)


# -- analysing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """How a decision is settled: on ``n`` samples, among the first ``top`` candidates, with
    ``switch_z`` standard errors and ``min_gain`` points of evidence to leave StrongBot's
    choice."""

    n: int
    top: int
    switch_z: float
    min_gain: float

    @property
    def label(self) -> str:
        return f"{self.n}/{self.top}/{self.switch_z:.1f}/{self.min_gain:.1f}"

    @classmethod
    def of(cls, focus: Focus, half: int) -> Config:
        """ExpertBot's setting for a kind, on at most ``half`` samples."""
        return cls(min(focus.budget.samples, half), focus.top, focus.switch_z, focus.min_gain)


def decide(costs: Sequence[Sequence[float]], config: Config, start: int) -> int:
    """The candidate ``config`` plays, deciding on the deals ``start .. start + n``: as
    ``liverpool.bots.expert.settle`` does with an unraced evaluation of the first ``top``."""
    window = [c[start : start + config.n] for c in costs[: config.top]]
    means = [statistics.fmean(w) for w in window]
    best = min(range(len(window)), key=lambda k: (means[k], k))
    if best == 0:
        return 0
    diffs = [a - b for a, b in zip(window[0], window[best], strict=True)]
    loss = statistics.fmean(diffs)
    stderr = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return best if loss >= config.min_gain and loss > config.switch_z * stderr else 0


def gain(position: Position, config: Config, half: int) -> tuple[float, float]:
    """Points gained over StrongBot's choice, and the share of halves on which it was left:
    decided on each half, judged on the other, the two averaged."""
    costs = position.costs
    points = changed = 0.0
    for decide_at, judge_at in ((0, half), (half, 0)):
        choice = decide(costs, config, decide_at)
        if choice:
            judged = [statistics.fmean(c[judge_at : judge_at + half]) for c in costs]
            points += judged[0] - judged[choice]
            changed += 1
    return points / 2, changed / 2


def _cell(values: Sequence[float]) -> str:
    """A mean and the half-width of its 95% interval."""
    if not values:
        return "-"
    mean, half = mean_ci(values)
    return f"{mean:+.2f} ± {half:.2f}"


def analyse(positions: Sequence[Position], samples: int) -> None:
    """Print the configuration table, the table by kind and FOCUS's settings."""
    half = samples
    grid = [Config(n, top, z, g) for n in (half // 2, half) for top in TOPS for z, g in EVIDENCE]
    rows = [["samples", "top", "switch_z", "min_gain", "changed", "points gained/decision"]]
    for config in grid:
        results = [gain(p, config, half) for p in positions]
        points = [r[0] for r in results]
        changed = statistics.fmean(r[1] for r in results)
        rows.append(
            [
                str(config.n),
                str(config.top),
                f"{config.switch_z:.1f}",
                f"{config.min_gain:.1f}",
                f"{100 * changed:.0f}%",
                _cell(points),
            ]
        )
    print(
        f"Points gained per decision over StrongBot's choice ({len(positions)} positions; "
        f"decided on n of one half's {half} deals, judged on the other half; ± 95%):"
    )
    print(table(rows))

    shown = [Config(half, 2, 1.5, 1.0), Config(half, 2, 0.0, 0.0)]
    shown += [Config(half, 4, 0.5, 0.0), Config(half, 4, 0.0, 0.0)]
    kinds = [k for k in FOCUS if any(p.kind == k for p in positions)]
    kinds += sorted({p.kind for p in positions} - set(kinds))
    rows = [["kind", "decisions", "candidates", "FOCUS", *(c.label for c in shown)]]
    own: list[float] = []
    for kind in [*kinds, "all"]:
        mine = [p for p in positions if kind in (p.kind, "all")]
        if kind == "all":
            focus_cell = _cell(own)
        elif kind in FOCUS:
            points = [gain(p, Config.of(FOCUS[kind], half), half)[0] for p in mine]
            own += points
            focus_cell = _cell(points)
        else:
            focus_cell = "-"
        rows.append(
            [
                kind,
                str(len(mine)),
                f"{statistics.fmean(len(p.costs) for p in mine):.1f}",
                focus_cell,
                *(_cell([gain(p, c, half)[0] for p in mine]) for c in shown),
            ]
        )
    print()
    print("By decision kind (columns samples/top/switch_z/min_gain; FOCUS: each kind's own):")
    print(table(rows))
    groups: dict[Focus, list[str]] = {}
    for kind, focus in FOCUS.items():
        groups.setdefault(focus, []).append(kind)
    print(
        "FOCUS uses (samples/top/switch_z/min_gain): "
        + "; ".join(
            f"{', '.join(kinds)}: {Config.of(focus, half).label} (up to {focus.budget.samples} "
            f"samples or {focus.budget.seconds} s CPU a decision, raced)"
            for focus, kinds in groups.items()
        )
    )


# -- the run ------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches", type=int, default=FULL_MATCHES, help=f"matches (default {FULL_MATCHES})"
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=48,
        help="half of the deals every candidate plays: N decide, N judge (default 48)",
    )
    parser.add_argument("--seed", type=int, default=7000, help="first match seed (default 7000)")
    parser.add_argument(
        "--workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="worker processes (default 2)",
    )
    parser.add_argument(
        "--log",
        type=Path,
        help="append each finished match to this file (JSON lines) and skip the matches already "
        "there (same seed and samples): a long run can be stopped and resumed",
    )
    parser.add_argument(
        "--seconds", type=float, help="start no new match after this many seconds (wall time)"
    )
    args = parser.parse_args(argv)
    if args.matches < 1 or args.workers < 1:
        parser.error("--matches and --workers must be at least 1")
    if args.samples < 4:
        parser.error("--samples must be at least 4 (half of it is decided on, with an interval)")

    print(
        f"Expert focus: {args.matches} house matches, 4 StrongBots, seed {args.seed}, every "
        f"candidate on {2 * args.samples} shared deals, {args.workers} worker(s); "
        f"{python_line()}; {load_note()}"
    )
    start = time.perf_counter()
    deadline = None if args.seconds is None else time.time() + args.seconds
    found = collect_all(args.matches, args.seed, args.samples, args.workers, args.log, deadline)
    wall = time.perf_counter() - start
    positions = [p for match in found for p in match.positions]
    skipped = sum(match.not_evaluable for match in found)
    cpu = sum(match.cpu_seconds for match in found)
    sampling = sum(match.sampling_seconds for match in found)
    print(
        f"{len(found)} of {args.matches} matches, {len(positions)} positions "
        f"({skipped} not evaluable, skipped); {wall:.0f} s wall, {cpu:.0f} s CPU in the matches, "
        f"{sampling:.0f} s of it sampling ({sampling / max(1, len(positions)):.2f} s a position)"
    )
    if len(found) < args.matches:
        again = "the same --log resumes it" if args.log else "--log would keep what was played"
        print(f"(--seconds stopped the run before {args.matches - len(found)} match(es): {again})")
    if not positions:
        print("no position to analyse")
        return 1
    print()
    analyse(positions, args.samples)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
