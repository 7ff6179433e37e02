"""Shared helpers of the benchmark scripts: statistics, figures beside targets, plain tables.

Not a benchmark itself. Each script that reports against a target of issue 4 builds a list of
:class:`Figure` values, prints them with :func:`print_figures`, and with ``--json PATH`` writes
them for ``run_all.py`` to gather into the final table. Standard library only.

The strength series (``bot_strength.py``, ``expert_strength.py``) share their options, how
their matches run, and the per-bot table and paired comparisons of their report (the last
part of this module), so both judge bots by one method.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]

try:
    import liverpool as lp
except ModuleNotFoundError:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))
    import liverpool as lp

__all__ = [
    "BOT_NAMES",
    "ROOT",
    "SCORE_HEADER",
    "BotScore",
    "Figure",
    "MatchScores",
    "Paired",
    "SeriesLog",
    "bot_scores",
    "by_pair",
    "deal_seed",
    "figure_table",
    "finish_series",
    "interval",
    "lineup",
    "load_note",
    "lp",
    "make_bots",
    "mean_ci",
    "pair_means",
    "paired",
    "paired_lineup",
    "parse_series",
    "pct",
    "percentile",
    "print_figures",
    "python_line",
    "ratio_ci",
    "run_series",
    "series_parser",
    "summary_ms",
    "table",
    "trade_seats",
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


def trade_seats(names: Sequence[str], k: int, a: str, b: str) -> tuple[str, ...]:
    """The seats of match ``k`` of a series of pairs (:func:`deal_seed`), from the seats its pair
    shares: as they are in the first match, and in the second with ``a`` and ``b`` (the first
    of each by seat) trading seats, so each is dealt the other's cards and plays after the
    other's neighbour."""
    seats = list(names)
    if k % 2:
        i, j = seats.index(a), seats.index(b)
        seats[i], seats[j] = seats[j], seats[i]
    return tuple(seats)


def paired_lineup(k: int) -> tuple[str, ...]:
    """The four seats of match ``k`` of a series of pairs: those :func:`lineup` gives pair
    ``k // 2``, StrongBot and BasicBot trading seats in the second match (in the plain line-up,
    BasicBot always plays just after StrongBot, drawing from its discards)."""
    return trade_seats(lineup(k // 2), k, "StrongBot", "BasicBot")


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


# -- strength series: whole matches between bots, compared match by match --------------------

T = TypeVar("T")


def series_parser(description: str, full_matches: int) -> argparse.ArgumentParser:
    """The options every strength series takes: ``--matches`` (default ``full_matches``, the
    number its targets are stated over), ``--seed`` and ``--workers``. The script adds its
    own, then calls :func:`parse_series`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--matches", type=int, default=full_matches, help=f"matches (default {full_matches})"
    )
    parser.add_argument("--seed", type=int, default=0, help="first match seed (default 0)")
    parser.add_argument(
        "--workers",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="worker processes (default 2)",
    )
    return parser


def parse_series(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """Add ``--json`` (last, after the script's own options), parse ``argv``, and refuse a
    series too short for an interval or a run with no worker."""
    parser.add_argument("--json", help="also write the figures to this file (for run_all.py)")
    args = parser.parse_args(argv)
    if args.matches < 2:
        parser.error("--matches must be at least 2 (the intervals need two)")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    return args


def run_series(
    play: Callable[..., T], jobs: Sequence[tuple[Any, ...]], workers: int, done: Callable[[T], None]
) -> None:
    """``play(*job)`` for every job, here (``workers`` 1) or in ``workers`` processes, handing
    each result to ``done`` as it finishes (in the order they finish). ``play`` and its results
    must pickle: a module-level function and frozen dataclasses."""
    if workers <= 1:
        for job in jobs:
            done(play(*job))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play, *job) for job in jobs]
        for future in as_completed(futures):
            done(future.result())


class SeriesLog:
    """A long series' finished matches, one JSON line each, tagged with what identifies the
    series (``tags``: its seed and settings), so a run can be stopped and resumed: lines with
    other tags are left alone, and a match already logged is read back instead of replayed."""

    def __init__(self, path: Path | None, **tags: Any) -> None:
        self.path = path
        self.tags = tags

    def entries(self) -> list[dict[str, Any]]:
        """The logged matches of this series, each without its tags."""
        if self.path is None or not self.path.exists():
            return []
        found = []
        for line in self.path.read_text().splitlines():
            entry = json.loads(line)
            if all(entry.pop(name, None) == value for name, value in self.tags.items()):
                found.append(entry)
        return found

    def append(self, match: Any) -> None:
        """Log one finished match (a dataclass)."""
        if self.path is not None:
            with self.path.open("a") as stream:
                stream.write(json.dumps({**self.tags, **asdict(match)}) + "\n")


@dataclass(frozen=True)
class MatchScores:
    """One match of a series: who sat in each seat, the final totals, the winning seats.
    Each series extends it with what else it measures."""

    k: int
    names: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def mean_score(self, bot: str) -> float:
        """The bot's final total in this match (the mean of its seats when it holds several)."""
        return statistics.fmean(s for n, s in zip(self.names, self.scores, strict=True) if n == bot)


def pct(x: float) -> str:
    """A share as a percentage with one decimal."""
    return f"{100 * x:.1f}%"


def interval(estimate: tuple[float, float, float]) -> str:
    """A share and its interval, ``(p, low, high)``, as ``p% [low%, high%]``."""
    p, low, high = estimate
    return f"{pct(p)} [{pct(low)}, {pct(high)}]"


SCORE_HEADER = ("bot", "seats", "mean score", "± 95%", "win rate", "95% Wilson")
"""The header of :meth:`BotScore.row`."""


@dataclass(frozen=True)
class BotScore:
    """One bot over a series (scores are penalty points: lower is better)."""

    bot: str
    seats: int
    mean: float
    """The mean over matches of its score in each match (:meth:`MatchScores.mean_score`)."""
    half: float
    """Half the width of the mean's 95% interval."""
    win: tuple[float, float, float]
    """The share of its seats that finished with the lowest total (ties share the win), with
    its 95% Wilson interval."""

    def row(self) -> list[str]:
        """Its row under :data:`SCORE_HEADER`."""
        p, low, high = self.win
        return [
            self.bot,
            str(self.seats),
            f"{self.mean:.1f}",
            f"{self.half:.1f}",
            pct(p),
            f"{pct(low)}-{pct(high)}",
        ]

    def mean_figure(self, n: int) -> Figure:
        return Figure(
            f"{self.bot} mean match score ({n} matches)", f"{self.mean:.1f} ± {self.half:.1f}"
        )


def bot_scores(
    outcomes: Sequence[MatchScores], bots: Sequence[str]
) -> tuple[dict[str, list[float]], list[BotScore]]:
    """Each bot's score in each match (the paired samples of :func:`paired`), and its
    :class:`BotScore`."""
    per_match = {bot: [o.mean_score(bot) for o in outcomes] for bot in bots}
    seats: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    for o in outcomes:
        for i, name in enumerate(o.names):
            seats[name] += 1
            wins[name] += i in o.winners
    scores = [
        BotScore(bot, seats[bot], *mean_ci(per_match[bot]), wilson(wins[bot], seats[bot]))
        for bot in bots
    ]
    return per_match, scores


@dataclass(frozen=True)
class Paired:
    """Bot ``a`` against bot ``b`` in the same matches: what the two share (a long deal, a hard
    shuffle) cancels, so a smaller series tells them apart."""

    a: str
    b: str
    ratio: tuple[float, float, float]
    """mean(a) / mean(b) with its 95% interval (:func:`ratio_ci`)."""
    diff: float
    """The mean per match of ``a``'s score minus ``b``'s, in points."""
    half: float
    """Half the width of that mean's 95% interval."""
    fewer: int
    """The matches (or pairs) in which ``a`` scored less than ``b``."""
    n: int
    """The units compared: matches, or (given ``matches``) pairs of matches dealt alike."""
    matches: int | None = None
    """The matches behind the pairs (``None`` when each unit is a match)."""

    def ratio_line(self) -> str:
        return f"{self.a} / {self.b} mean score: {interval(self.ratio)}"

    def difference_line(self) -> str:
        units = "matches" if self.matches is None else "pairs of matches"
        return (
            f"{self.a} − {self.b} per match: {self.diff:+.1f} ± {self.half:.1f} points; {self.a} "
            f"scored less than {self.b} in {self.fewer} of {self.n} {units}"
        )

    def ratio_figure(self, target: float, *, below_one: bool = True) -> Figure:
        """The ratio judged against ``target``; with ``below_one``, its interval must also lie
        below 100% (``a`` is better beyond doubt)."""
        r, _, high = self.ratio
        return Figure(
            f"{self.a}/{self.b} mean score ({self.n if self.matches is None else self.matches} "
            "matches)",
            interval(self.ratio),
            f"≤ {pct(target)}" + (", CI < 100%" if below_one else ""),
            r <= target and (high < 1.0 or not below_one),
        )


def deal_seed(seed: int, k: int) -> int:
    """The seed match ``k`` of a series of pairs from ``seed`` is dealt from, its seat ``i``
    seeded ``deal_seed * 100 + i``: ``seed + k // 2``, the same for both matches of a pair, so
    the two bots compared, trading seats, are each dealt the other's cards (until the play parts
    the two matches) and the luck of the deal cancels in their comparison."""
    return seed + k // 2


def pair_means(by_k: dict[int, float]) -> list[float]:
    """The mean of each pair of matches' values (``k // 2``, :func:`deal_seed`; a match without
    its partner stands alone), pair by pair: the units an interval is taken over, since the two
    matches of a pair are not independent (what one seat gains from the deal, the other
    loses)."""
    pairs: dict[int, list[float]] = {}
    for k, value in sorted(by_k.items()):
        pairs.setdefault(k // 2, []).append(value)
    return [statistics.fmean(values) for values in pairs.values()]


def by_pair(outcomes: Sequence[MatchScores], bots: Sequence[str]) -> dict[str, list[float]]:
    """Each bot's mean score over each pair of matches (:func:`pair_means`): what
    :func:`paired` compares over (with ``matches``)."""
    return {bot: pair_means({o.k: o.mean_score(bot) for o in outcomes}) for bot in bots}


def paired(
    per_match: dict[str, list[float]], a: str, b: str, *, matches: int | None = None
) -> Paired:
    """``a`` against ``b``, from :func:`bot_scores`' per-match scores, or, given the number of
    ``matches`` behind them, from each pair's mean score (:func:`by_pair`)."""
    xs, ys = per_match[a], per_match[b]
    diff, half = mean_ci([x - y for x, y in zip(xs, ys, strict=True)])
    fewer = sum(x < y for x, y in zip(xs, ys, strict=True))
    return Paired(a, b, ratio_ci(xs, ys), diff, half, fewer, len(xs), matches)


def finish_series(
    figures: Sequence[Figure], matches: int, full_matches: int, json_path: str | None
) -> None:
    """Print the figures (saying when the series was shorter than its targets assume) and
    write them for ``run_all.py``."""
    print_figures(figures)
    if matches < full_matches:
        print(f"(the targets are stated over {full_matches} matches; this run played {matches})")
    write_json(json_path, figures)
