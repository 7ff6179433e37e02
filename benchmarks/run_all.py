"""Run every benchmark and print each figure beside its target in one final table.

What ``make bench`` runs (in ``.venv-bench``, where ``open_spiel`` and ``rlcard`` are installed
for the throughput comparison). Each benchmark runs in its own process, in this order, its
output shown as it goes:

1. ``engine_throughput.py`` — random-play decisions/s: liverpool, pure and compiled (the
   compiled engine from ``.venv-fast``, which ``make bench`` builds), vs OpenSpiel and RLCard;
   then pure and compiled with BasicBots at every seat;
2. ``hand_latency.py`` — ``find_going_down`` and ``analyze_hand`` on the hard-hand corpus;
3. ``bot_latency.py`` — each bot's decision time in real matches;
4. ``bot_strength.py`` — mean scores, win rates and score ratios of the three bots;
5. ``expert_strength.py`` — ExpertBot against StrongBot (paired score ratio) and ExpertBot's
   decision time;
6. ``review_stability.py`` — the review's time per decision and how often a grade survives a
   doubled budget;
7. ``find_going_down.py`` and ``simulation_gate.py`` — quick runs of the older scripts (their
   headline figures are read from their printed tables).

Then the table ``figure | measured | target | met?``. The defaults take about 40-60 minutes on
two idle cores (the 400 bot-strength matches and the 40 expert matches, about half a CPU minute
each, are most of it; the expert target is stated over 400 matches, hours of CPU (see
``benchmarks/README.md``), so run ``--expert-matches 400`` for it on its own time); ``--quick``
is a smoke run of a few minutes whose figures are rough. Every option below overrides one size.
For example::

    .venv-bench/bin/python benchmarks/run_all.py --quick
    make bench ARGS="--strength-matches 100 --seed 3"

The exit status is 1 when a benchmark failed to run; a missed target is reported, not failed.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchlib import Figure, figure_table, load_note, python_line

HERE = Path(__file__).resolve().parent

DEFAULTS = {  # option: (full run, --quick)
    "engine_seconds": (10.0, 3.0),
    "hand_repeat": (3, 1),
    "latency_matches": (3, 1),
    "strength_matches": (400, 12),
    "expert_matches": (40, 2),
    "review_records": (3, 1),
    "fgd_hands": (200, 50),
    "gate_matches": (1, 1),
}


@dataclass
class Outcome:
    name: str
    figures: list[Figure]
    seconds: float
    ok: bool


def run(script: str, args: Sequence[str], json_path: Path | None) -> tuple[int, str, float]:
    """Run one benchmark script, echoing its output; returns (exit code, stdout, seconds)."""
    cmd = [sys.executable, str(HERE / script), *args]
    if json_path is not None:
        cmd += ["--json", str(json_path)]
    print(f"\n{'=' * 100}\n$ {' '.join(cmd[1:])}\n", flush=True)
    start = time.perf_counter()
    lines = []
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, cwd=HERE.parent) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", flush=True)
            lines.append(line)
    return proc.returncode, "".join(lines), time.perf_counter() - start


def run_figures(script: str, args: Sequence[str], tmp: Path) -> Outcome:
    """A benchmark that writes its figures with ``--json``."""
    path = tmp / (Path(script).stem + ".json")
    code, _, seconds = run(script, args, path)
    if code != 0 or not path.exists():
        return Outcome(
            script, [Figure(script, f"failed (exit {code})", "runs", False)], seconds, False
        )
    figures = [Figure(**f) for f in json.loads(path.read_text())]
    return Outcome(script, figures, seconds, True)


def fgd_headline(args: Sequence[str]) -> Outcome:
    """find_going_down.py: the headline line (house deal 7, 12 cards, 4 jokers)."""
    code, out, seconds = run("find_going_down.py", args, None)
    name = "find_going_down.py headline p99 (house deal 7, 4 jokers)"
    for line in out.splitlines():
        if line.startswith("house (12 cards"):
            cells = re.split(r"\s{2,}", line.strip())
            try:
                median, p99 = float(cells[6]), float(cells[7])
            except (IndexError, ValueError):
                break
            measured = f"{p99:.2f} ms wall (median {median:.2f})"
            return Outcome("find_going_down.py", [Figure(name, measured)], seconds, code == 0)
    measured = f"failed (exit {code})" if code else "could not read its table"
    return Outcome("find_going_down.py", [Figure(name, measured)], seconds, code == 0)


def gate_figures(args: Sequence[str]) -> Outcome:
    """simulation_gate.py: the failure count (must be 0) and the play steps/s."""
    code, out, seconds = run("simulation_gate.py", args, None)
    failures = re.search(r"^failures: (\d+)", out, re.MULTILINE)
    rate = re.search(r"^play .*?, ([\d,.]+) steps/s\)", out, re.MULTILINE)
    figures = []
    if failures:
        n = int(failures.group(1))
        figures.append(Figure("simulation gate failed matches", str(n), "0", n == 0))
    else:
        figures.append(
            Figure("simulation gate failed matches", f"failed (exit {code})", "0", False)
        )
    if rate:
        figures.append(
            Figure("simulation gate steps/s (RandomBot, play_match-style)", f"{rate.group(1)} wall")
        )
    return Outcome("simulation_gate.py", figures, seconds, code in (0, 1) and failures is not None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few minutes")
    parser.add_argument("--seed", type=int, default=0, help="seed passed to every benchmark")
    parser.add_argument(
        "--workers", type=int, default=2, help="bot_strength and expert_strength worker processes"
    )
    for option, (full, quick) in DEFAULTS.items():
        parser.add_argument(
            "--" + option.replace("_", "-"),
            type=type(full),
            default=None,
            help=f"default {full} ({quick} with --quick)",
        )
    parser.add_argument(
        "--gate-presets",
        default=None,
        help="presets for simulation_gate.py (default: all; house with --quick)",
    )
    args = parser.parse_args(argv)
    size = {
        option: getattr(args, option) if getattr(args, option) is not None else pair[args.quick]
        for option, pair in DEFAULTS.items()
    }
    gate_presets = args.gate_presets or ("house" if args.quick else None)
    seed = ["--seed", str(args.seed)]

    started = time.perf_counter()
    print(
        f"liverpool benchmarks{' (--quick)' if args.quick else ''}: seed {args.seed}; "
        f"{python_line()}; {load_note()}",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        outcomes = [
            run_figures(
                "engine_throughput.py", ["--seconds", str(size["engine_seconds"]), *seed], tmp
            ),
            run_figures("hand_latency.py", ["--repeat", str(size["hand_repeat"])], tmp),
            run_figures("bot_latency.py", ["--matches", str(size["latency_matches"]), *seed], tmp),
            run_figures(
                "bot_strength.py",
                ["--matches", str(size["strength_matches"]), "--workers", str(args.workers), *seed],
                tmp,
            ),
            run_figures(
                "expert_strength.py",
                ["--matches", str(size["expert_matches"]), "--workers", str(args.workers), *seed],
                tmp,
            ),
            run_figures(
                "review_stability.py",
                [
                    "--records",
                    str(size["review_records"]),
                    "--deals",
                    "1" if args.quick else "2",
                    *seed,
                ],
                tmp,
            ),
            fgd_headline(["--hands", str(size["fgd_hands"]), "--seed", str(7 + args.seed)]),
            gate_figures(
                [
                    "--matches-per-cell",
                    str(size["gate_matches"]),
                    *seed,
                    *(["--presets", gate_presets] if gate_presets else []),
                ]
            ),
        ]
    total = time.perf_counter() - started

    figures = [f for o in outcomes for f in o.figures]
    judged = [f for f in figures if f.met is not None]
    print(f"\n{'=' * 100}")
    print(
        f"liverpool benchmarks{' (--quick: rough figures)' if args.quick else ''}, seed "
        f"{args.seed}; {python_line()}"
    )
    print(load_note())
    print()
    print(figure_table(figures))
    print()
    print(f"targets met: {sum(bool(f.met) for f in judged)} of {len(judged)}")
    if size["strength_matches"] < 400:
        print(
            f"bot strength ran {size['strength_matches']} matches; the targets are stated over 400 "
            "(run without --quick, or --strength-matches 400)"
        )
    if size["expert_matches"] < 400:
        print(
            f"expert strength ran {size['expert_matches']} matches; its target is stated over 400 "
            "(--expert-matches 400: 2 to 4 CPU hours)"
        )
    times = ", ".join(f"{o.name} {o.seconds:.0f} s" for o in outcomes)
    print(f"time: {total:.0f} s in all ({times})")
    return 0 if all(o.ok for o in outcomes) else 1


if __name__ == "__main__":
    raise SystemExit(main())
