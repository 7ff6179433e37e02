"""Before and after: the pure engine of two git revisions, side by side in one run.

A change that reshapes the engine (issue 13 split ``Game`` into phase modules) promises to be no
slower. This script checks such a promise the way ``engine_throughput.py`` checks its targets:
each revision's source is checked out in a temporary git worktree (``git worktree add
--detach``; removed afterwards) and runs in a Python process of its own, and the two processes
play in turn, slice by slice, alternating which goes first, so a shared machine whose speed
drifts slows both alike. Rates are per CPU second of the process that played (``time.
process_time``), so other load on the machine does not skew the ratio.

Three kinds of play, each over seeded four-player house matches that both revisions play with
the same seeds:

* ``random`` — a uniformly random legal action at every step (engine throughput);
* ``basic`` — BasicBot at every seat (``lp.bots.BasicBot``), the bot's decision time recorded;
* ``strong`` — StrongBot at every seat, the first 400 decisions of each match.

The figures are decisions per CPU second, the bots' p50 and p99 decision times, and
after/before. Only names every revision since the engine's first release has (``Game``,
``legal_actions``, ``apply``, ``view``, ``to_act``, ``is_over``, ``lp.bots``) are used. Run::

    .venv/bin/python benchmarks/compare_revisions.py --before 61fcad6 --after HEAD
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("random", "basic", "strong")
STRONG_DECISIONS = 400
"""StrongBot's matches are cut after this many decisions: a whole one takes seconds."""


# -- the worker: one revision's engine ----------------------------------------------------------
def _play(kind: str, seed: int, lp: Any) -> list[float]:
    """One seeded match of ``kind``; the bots' decision times in seconds (for ``random``, a
    zero per decision: only the count matters)."""
    game = lp.Game("house", 4, seed=seed)
    rng = random.Random(seed)
    bots: list[Any] = []
    if kind != "random":
        cls = lp.bots.BasicBot if kind == "basic" else lp.bots.StrongBot
        bots = [cls(seed * 10 + seat) for seat in range(4)]
    times: list[float] = []
    while not game.is_over and (kind != "strong" or len(times) < STRONG_DECISIONS):
        legal = game.legal_actions()
        if kind == "random":
            game.apply(rng.choice(legal))
            times.append(0.0)
            continue
        seat = game.to_act
        start = time.process_time()
        action = bots[seat].act(game.view(seat), legal)
        times.append(time.process_time() - start)
        game.apply(action)
    return times


def serve(source: str) -> int:
    """Import the engine from ``source``, warm up, then for each line ``KIND SECONDS FIRST`` on
    standard input play whole matches for ``SECONDS`` of CPU time (seeds from ``FIRST``) and
    print ``decisions cpu_seconds time time ...``."""
    sys.path.insert(0, source)
    import liverpool as lp

    for kind in KINDS:
        _play(kind, 999_999, lp)
    print(lp.__file__, flush=True)
    for line in sys.stdin:
        kind, seconds, first = line.split()
        start = time.process_time()
        times: list[float] = []
        seed = int(first)
        while time.process_time() - start < float(seconds):
            times += _play(kind, seed, lp)
            seed += 1
        spent = time.process_time() - start
        print(len(times), spent, *(f"{t:.6f}" for t in times if kind != "random"), flush=True)
    return 0


# -- the driver ---------------------------------------------------------------------------------
@dataclass
class Tally:
    decisions: int = 0
    cpu: float = 0.0
    times: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.decisions / self.cpu if self.cpu else 0.0

    def ms(self, q: float) -> str:
        if not self.times:
            return "—"
        ordered = sorted(self.times)
        return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.2f}"


class Engine:
    """A process playing one revision's engine."""

    def __init__(self, source: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(source)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.where = self._read()

    def _read(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine process stopped (exit {self.proc.wait()})")
        return line.strip()

    def play(self, kind: str, seconds: float, first: int, into: Tally) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{kind} {seconds!r} {first}\n")
        self.proc.stdin.flush()
        decisions, cpu, *times = self._read().split()
        into.decisions += int(decisions)
        into.cpu += float(cpu)
        into.times += [float(t) for t in times]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


@contextmanager
def checkout(revision: str) -> Iterator[Path]:
    """The source of ``revision`` (``WORKTREE`` is this checkout as it is now, uncommitted
    changes and all) in a temporary worktree, removed afterwards."""
    if revision == "WORKTREE":
        yield ROOT
        return
    with tempfile.TemporaryDirectory(prefix="liverpool-rev-") as tmp:
        path = Path(tmp) / "src"
        git = ["git", "-C", str(ROOT), "worktree"]
        subprocess.run([*git, "add", "--detach", "-q", str(path), revision], check=True)
        try:
            yield path
        finally:
            subprocess.run([*git, "remove", "--force", str(path)], check=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default="HEAD~1", help="a git revision (default HEAD~1)")
    parser.add_argument(
        "--after", default="WORKTREE", help="a git revision, or WORKTREE (default: as it is now)"
    )
    parser.add_argument("--rounds", type=int, default=4, help="slices per revision and kind")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per slice")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return serve(args.serve)
    with checkout(args.before) as before_src, checkout(args.after) as after_src:
        engines = {"before": Engine(before_src), "after": Engine(after_src)}
        try:
            tallies = {(name, kind): Tally() for name in engines for kind in KINDS}
            for r in range(args.rounds):
                for kind in KINDS:
                    names = list(engines) if r % 2 == 0 else list(engines)[::-1]
                    for name in names:
                        engines[name].play(kind, args.seconds, 1000 * r, tallies[name, kind])
        finally:
            for engine in engines.values():
                engine.close()
    print(f"before = {args.before}, after = {args.after}; {args.rounds} slices of "
          f"{args.seconds:g} CPU s each, alternating")  # fmt: skip
    print(f"{'play':8} {'before /CPU s':>14} {'after /CPU s':>13} {'after/before':>13} "
          f"{'bot p50 ms':>12} {'bot p99 ms':>12}")  # fmt: skip
    for kind in KINDS:
        b, a = tallies["before", kind], tallies["after", kind]
        print(
            f"{kind:8} {b.rate:>14,.0f} {a.rate:>13,.0f} {a.rate / b.rate:>12.3f}× "
            f"{b.ms(0.5) + ' → ' + a.ms(0.5):>12} {b.ms(0.99) + ' → ' + a.ms(0.99):>12}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
