"""Shared helpers of the benchmark scripts: statistics, figures beside targets, plain tables.

Not a benchmark itself. Each script that reports against a target of issue 4 builds a list of
:class:`Figure` values, prints them with :func:`print_figures`, and with ``--json PATH`` writes
them for ``run_all.py`` to gather into the final table. Standard library only.
"""

from __future__ import annotations

import json
import math
import os
import platform
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

try:
    import liverpool as lp
except ModuleNotFoundError:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))
    import liverpool as lp

__all__ = [
    "BOT_NAMES",
    "ROOT",
    "Figure",
    "figure_table",
    "lineup",
    "load_note",
    "lp",
    "make_bots",
    "mean_ci",
    "percentile",
    "print_figures",
    "python_line",
    "ratio_ci",
    "summary_ms",
    "table",
    "wilson",
    "write_json",
]

Z95 = 1.96


@dataclass(frozen=True)
class Figure:
    """One measured figure and the target it is judged by (``met`` is None: no verdict)."""

    name: str
    measured: str
    target: str = "-"
    met: bool | None = None

    @property
    def verdict(self) -> str:
        return {True: "yes", False: "NO", None: "-"}[self.met]


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0-100) of ``values`` (sorted here)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100.0 * len(ordered)))
    return ordered[rank - 1]


def summary_ms(times_ms: Sequence[float]) -> tuple[float, float, float]:
    """(median, nearest-rank p99, worst) of times in milliseconds."""
    return statistics.median(times_ms), percentile(times_ms, 99), max(times_ms)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95% interval (1.96 standard errors)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, math.inf
    return m, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def wilson(wins: int, n: int) -> tuple[float, float, float]:
    """A proportion and its 95% Wilson score interval: (p, low, high)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def ratio_ci(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float]:
    """mean(xs) / mean(ys) for paired samples, with a 95% delta-method interval.

    Each pair is one match; the residuals ``x - r·y`` carry the pairing, so what the two
    share (a long deal, a hard shuffle) cancels. Returns (ratio, low, high).
    """
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    r = mx / my
    if len(xs) < 2:
        return r, -math.inf, math.inf
    resid = [x - r * y for x, y in zip(xs, ys, strict=True)]
    se = statistics.stdev(resid) / (math.sqrt(len(xs)) * abs(my))
    return r, r - Z95 * se, r + Z95 * se


def table(rows: list[list[str]], right: set[int] | None = None) -> str:
    """Rows as a plain text table, the first row a header; columns in ``right`` right-aligned."""
    right = set(range(1, len(rows[0]))) if right is None else right
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for k, row in enumerate(rows):
        cells = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def figure_table(figures: Sequence[Figure]) -> str:
    """Figures as the table ``figure | measured | target | met?``."""
    rows = [["figure", "measured", "target", "met?"]]
    rows += [[f.name, f.measured, f.target, f.verdict] for f in figures]
    return table(rows, right=set())


def print_figures(figures: Sequence[Figure]) -> None:
    print()
    print(figure_table(figures))


def write_json(path: str | None, figures: Sequence[Figure]) -> None:
    """Write the figures for ``run_all.py`` (nothing when ``path`` is None)."""
    if path:
        Path(path).write_text(json.dumps([asdict(f) for f in figures], indent=1) + "\n")


def python_line() -> str:
    return f"Python {platform.python_version()} on {platform.machine()}"


def load_note() -> str:
    """The machine's load, and what it means for the figures (they are judged on CPU time)."""
    cores = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except OSError:
        return f"{cores} cores; targets are judged on CPU time (wall time beside it)"
    note = f"load average {load:.1f} on {cores} cores"
    if load > cores - 0.5:
        note += ": other processes share the CPU, so wall times run high"
    return note + "; targets are judged on CPU time (process_time), wall time beside it"


# -- the bot line-ups of bot_latency.py and bot_strength.py ----------------------------------

BOT_NAMES = ("StrongBot", "BasicBot", "RandomBot")
_EXTRA = ("BasicBot", "RandomBot", "StrongBot")  # who takes the fourth seat, match by match


def lineup(k: int) -> tuple[str, ...]:
    """The four seats of match ``k``: Strong, Basic, Random and one extra, rotated.

    The extra bot cycles with ``k % 3`` and the rotation with ``k % 4``, so every 12 matches
    hold each (extra, rotation) pair once: every bot sits in every seat equally often, and
    every match holds all three bots (the comparisons are paired within a match).
    """
    base = ["StrongBot", "BasicBot", "RandomBot", _EXTRA[k % 3]]
    r = k % 4
    return tuple(base[-r:] + base[:-r]) if r else tuple(base)


def make_bots(names: Sequence[str], match_seed: int) -> list[lp.bots.Bot]:
    """Fresh bots for one match; seat ``i`` is seeded ``match_seed * 100 + i``."""
    return [getattr(lp.bots, name)(match_seed * 100 + i) for i, name in enumerate(names)]


def cache_clearers() -> list[Callable[[], None]]:
    """What empties every memo cache of the engine: each module-level dict whose name has
    ``CACHE`` in it, and each ``functools`` cache (anything with ``cache_clear``).

    The engine memoises ``find_going_down`` and ``contract_distance`` per hand. A benchmark
    hand is seen for the first time at the table, so each timed call starts cold: these caches
    are emptied (untimed) before every call, whatever caches the engine grows later.
    """
    found: list[Callable[[], None]] = []
    for name, module in list(sys.modules.items()):
        if name == "liverpool" or name.startswith("liverpool."):
            for attr, value in vars(module).items():
                if "CACHE" in attr.upper() and isinstance(value, dict):
                    found.append(value.clear)
                elif callable(getattr(value, "cache_clear", None)):
                    found.append(value.cache_clear)
    return found
