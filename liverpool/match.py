"""Playing whole matches between bots: :func:`play_match` and its :class:`MatchResult`;
tournaments of many matches: :func:`run_matches` and :func:`summarize`.

A tournament is a list of :class:`MatchSpec` values (rules, bot names per seat, match seed),
each played by the top-level function :func:`play_spec` into a small picklable
:class:`MatchOutcome`. Match seeds come from the base seed (``seed * 1_000_003 + i``) and each
bot's seed from its match seed and seat, so the outcomes are the same whether the matches run in
this process, in local worker processes, or on a dask cluster. Only the standard library is
imported here; dask is imported inside the function that uses it.
"""

from __future__ import annotations

import importlib
import math
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from .bots.base import Bot
from .bots.registry import LEVELS, bot_level, make
from .errors import LiverpoolError, quoted
from .game import Game
from .presets import get_rules
from .rules import Rules
from .words import counted

__all__ = [
    "BOT_NAMES",
    "CSV_FIELDS",
    "ENGINES",
    "SUMMARY_LEGEND",
    "Comparison",
    "MatchFailed",
    "MatchOutcome",
    "MatchResult",
    "MatchSpec",
    "RunFailed",
    "SimulationError",
    "SummaryRow",
    "TextProgress",
    "bot_seed",
    "compare_bots",
    "format_summary",
    "format_verdict",
    "make_bot",
    "match_seed",
    "match_specs",
    "play_match",
    "play_spec",
    "run_matches",
    "seat_bots",
    "summarize",
    "wilson_interval",
    "write_csv",
]


@dataclass(frozen=True)
class MatchResult:
    """The outcome of a match: final totals, winning seats (ties share), and the game itself."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    game: Game
    steps: int


def play_match(
    rules: str | Rules | None,
    bots: Sequence[Bot | str],
    seed: int = 0,
    *,
    names: Sequence[str] | None = None,
    dealer: int = 0,
) -> MatchResult:
    """Play a whole match, one bot per seat, from ``seed``; every bot sees only its own view.

    A seat may be given a bot or a bot level's name (``"basic"``, any case; see
    :data:`liverpool.bots.LEVELS`), or a mix: ``play_match("house", ["strong", "basic",
    my_bot])``. A name is made by the registry with that seat's seed
    (:func:`~liverpool.bots.seat_seed` of ``seed`` and the seat), as ``liverpool simulate``
    makes its bots, so the same names and seed play the same match there and here. An unknown
    name raises the registry's :class:`~liverpool.LiverpoolError` (a ``ValueError``) listing
    the names there are, before anything is dealt.
    """
    seated = seat_bots(bots, seed)
    game = Game(rules, list(names) if names else len(seated), seed, dealer=dealer)
    steps = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        action = seated[seat].act(game.view(seat), legal)
        game.apply(action)
        steps += 1
    return MatchResult(tuple(game.scores), tuple(game.winners), game, steps)


def seat_bots(bots: Sequence[Bot | str], seed: int) -> list[Bot]:
    """The bot at each seat of a match seeded ``seed``: a bot as given, a level's name made by
    the registry with :func:`bot_seed` (the one way :func:`play_match` and a tournament's
    :func:`play_spec` seat named bots, so a name plays alike in both).

    Anything else raises ``TypeError`` saying what a seat takes; an unknown name, the
    registry's :class:`~liverpool.LiverpoolError`.
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise TypeError(
            "bots must be a list of bots, one per seat, each a bot or a bot's name, such as "
            f"['strong', 'basic', 'basic'] or [lp.bots.StrongBot(), lp.bots.BasicBot()], not "
            f"{quoted(bots)}"
        )
    kind = next((b for b in bots if isinstance(b, type)), None)
    if kind is not None:
        raise TypeError(
            f"{kind.__name__} is a kind of bot, not a bot: make one by calling it, "
            f"{kind.__name__}() (bots must be a list of bots, one per seat)"
        )
    odd = next(
        (b for b in bots if not isinstance(b, str) and not callable(getattr(b, "act", None))), None
    )
    if odd is not None:
        raise TypeError(
            "bots must be a list of bots, one per seat, each a bot or a bot's name, such as "
            f"lp.bots.BasicBot() or 'basic': {quoted(odd)} is neither"
        )
    return [
        make(b, bot_seed(seed, seat)) if isinstance(b, str) else b for seat, b in enumerate(bots)
    ]


# --- tournaments ---------------------------------------------------------------------------

BOT_NAMES: tuple[str, ...] = LEVELS
"""The bot names :func:`make_bot` and :func:`run_matches` accept."""

ENGINES: tuple[str, ...] = ("local", "dask")
"""Where :func:`run_matches` plays: this machine's processes, or a dask cluster."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each finished match (and once with ``done=0``)."""


class SimulationError(LiverpoolError):
    """A tournament could not run: a bad bot name or option, a missing engine, or a failed match.

    The message is one plain sentence naming what was wrong and what is accepted.
    """


class RunFailed(SimulationError):
    """The run started but could not finish: the cluster could not be reached or a worker
    could not play (the command line exits 1, not 2: nothing was wrong with the command)."""


class MatchFailed(RunFailed):
    """A match raised while being played (an engine or bot bug); the message names its seed."""


def make_bot(name: str, seed: int) -> Bot:
    """A fresh bot from its name (see :data:`liverpool.bots.LEVELS`) and seed."""
    from .bots import make

    try:
        return make(name, seed)
    except LiverpoolError as exc:
        raise SimulationError(str(exc)) from None


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` (0-based) of a tournament with base ``seed``."""
    return seed * 1_000_003 + index


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the match with seed ``seed`` (the registry's)."""
    from .bots import seat_seed

    return seat_seed(seed, seat)


@dataclass(frozen=True)
class MatchSpec:
    """One match of a tournament: the rules, a bot name per seat, and the match seed."""

    rules: Rules
    bots: tuple[str, ...]
    seed: int
    index: int = 0


@dataclass(frozen=True)
class MatchOutcome:
    """What a tournament keeps of one match; small, frozen and picklable.

    ``winners`` are the seats with the lowest total (several when tied); ``bots`` is the bot
    name at each seat.
    """

    index: int
    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    steps: int
    bots: tuple[str, ...]

    def win_share(self, seat: int) -> float:
        """1 for a sole winner, 1/k for each of k tied winners, 0 otherwise."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


def _check_bot_names(bot_names: Sequence[str]) -> tuple[str, ...]:
    if isinstance(bot_names, str):
        bot_names = bot_names.split(",")
    try:
        return tuple(bot_level(str(n)) for n in bot_names)
    except LiverpoolError as exc:
        raise SimulationError(str(exc)) from None


def match_specs(
    rules: str | Rules | None, bot_names: Sequence[str], matches: int, seed: int = 0
) -> list[MatchSpec]:
    """The specs of a tournament of ``matches`` matches; one bot name per seat.

    Raises :class:`SimulationError` (or :class:`~liverpool.RulesError` for an unknown preset or
    a player count the rules do not allow) before anything is played.
    """
    value = get_rules(rules)
    names = _check_bot_names(bot_names)
    value.check_players(len(names))
    if not isinstance(matches, int) or matches < 0:
        raise SimulationError(f"the number of matches must be 0 or more, not {matches!r}")
    if not isinstance(seed, int):
        raise SimulationError(f"the seed must be a whole number, not {seed!r}")
    return [MatchSpec(value, names, match_seed(seed, i), i) for i in range(matches)]


def play_spec(spec: MatchSpec) -> MatchOutcome:
    """Play one match of a tournament (a top-level function, so worker processes can run it)."""
    try:
        bots = seat_bots(spec.bots, spec.seed)  # as play_match seats named bots
    except LiverpoolError as exc:  # a bad name: the command's mistake, not a failed match
        raise SimulationError(str(exc)) from None
    try:
        result = play_match(spec.rules, bots, seed=spec.seed)
    except Exception as exc:
        raise MatchFailed(
            f"match {spec.index} (seed {spec.seed}, {spec.rules.name} rules, bots "
            f"{','.join(spec.bots)}) failed: {type(exc).__name__}: {exc}"
        ) from exc
    return MatchOutcome(
        spec.index, spec.seed, result.scores, result.winners, result.steps, spec.bots
    )


def run_matches(
    rules: str | Rules | None,
    bot_names: Sequence[str],
    matches: int,
    seed: int = 0,
    *,
    workers: int = 1,
    engine: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[MatchOutcome]:
    """Play ``matches`` matches, one bot per seat named in ``bot_names``; outcomes by match index.

    ``engine="local"`` plays in this process (``workers=1``) or in ``workers`` spawned
    processes; ``engine="dask"`` connects ``distributed.Client(address)`` to a running cluster
    and maps :func:`play_spec` over it (the workers need ``liverpool`` installed). The outcomes
    are identical for the same arguments whatever the engine and worker count.
    """
    if engine not in ENGINES:
        raise SimulationError(
            f"there is no engine called {engine!r}; choose from: {', '.join(ENGINES)}"
        )
    if not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"the number of workers must be 1 or more, not {workers!r}")
    specs = match_specs(rules, bot_names, matches, seed)
    distributed = _dask_module(address) if engine == "dask" else None
    total = len(specs)
    if progress is not None:
        progress(0, total)
    if not specs:
        return []
    if distributed is not None:
        assert address is not None
        outcomes = _run_dask(distributed, specs, address, progress)
    elif workers == 1 or total == 1:
        outcomes = []
        for spec in specs:
            outcomes.append(play_spec(spec))
            if progress is not None:
                progress(len(outcomes), total)
    else:
        outcomes = _run_processes(specs, min(workers, total), progress)
    outcomes.sort(key=lambda o: o.index)
    return outcomes


def _run_processes(
    specs: list[MatchSpec], workers: int, progress: Progress | None
) -> list[MatchOutcome]:
    import concurrent.futures as cf
    import multiprocessing

    total = len(specs)
    outcomes: list[MatchOutcome] = []
    # spawn: the same on every platform, and safe when the parent process has threads.
    pool = cf.ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet_worker
    )
    try:
        futures = [pool.submit(play_spec, spec) for spec in specs]
        for future in cf.as_completed(futures):
            outcomes.append(future.result())
            if progress is not None:
                progress(len(outcomes), total)
    except cf.process.BrokenProcessPool as exc:
        _stop_pool(pool)
        raise SimulationError(
            "a worker process stopped abruptly (out of memory, killed, or a script that starts "
            "workers without an `if __name__ == '__main__':` guard)"
        ) from exc
    except BaseException:  # a failed match, Ctrl-C: stop the other matches at once
        _stop_pool(pool)
        raise
    pool.shutdown()
    return outcomes


def _quiet_worker() -> None:
    """In a worker process: leave Ctrl-C to the parent, which stops the pool."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_pool(pool: Any) -> None:
    """Cancel pending matches and end the running ones now (their results are not wanted)."""
    pool.shutdown(wait=False, cancel_futures=True)
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if callable(terminate):
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.is_alive():
            process.terminate()


def _dask_module(address: str | None) -> Any:
    """``distributed``, imported only now; a clear error when it or the address is missing."""
    if not address:
        raise SimulationError(
            "the dask engine needs the address of a running scheduler, e.g. tcp://host:8786"
        )
    try:
        return importlib.import_module("distributed")
    except ImportError as exc:
        raise SimulationError(
            'the dask engine needs dask installed: pip install "dask[distributed]"'
        ) from exc


def _run_dask(
    distributed: Any, specs: list[MatchSpec], address: str, progress: Progress | None
) -> list[MatchOutcome]:
    try:
        client = distributed.Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise RunFailed(
            f"could not connect to a dask scheduler at {address} ({type(exc).__name__}: {exc})"
        ) from exc
    total = len(specs)
    outcomes: list[MatchOutcome] = []
    try:
        run = uuid.uuid4().hex[:12]  # fresh keys: never a cached result of another run
        keys = [f"liverpool-match-{run}-{s.index}" for s in specs]
        futures = client.map(play_spec, specs, key=keys, pure=False)
        for future in distributed.as_completed(futures, loop=client.loop):
            try:
                outcome = future.result()
            except SimulationError:
                raise
            except Exception as exc:  # e.g. a worker without liverpool installed
                raise RunFailed(
                    f"a dask worker could not play a match ({type(exc).__name__}: {exc}); "
                    "the workers need the same liverpool installed"
                ) from exc
            outcomes.append(outcome)
            if progress is not None:
                progress(len(outcomes), total)
    finally:
        client.close()
    return outcomes


# --- summaries -----------------------------------------------------------------------------


def wilson_interval(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class SummaryRow:
    """One line of a results table: a bot over all its seats, or one seat.

    ``plays`` counts (match, seat) results: a bot in three seats of 100 matches has 100
    matches and 300 plays. Scores are match totals (lower is better); ``wins`` shares ties.
    """

    group: str  # "bot" or "seat"
    label: str  # the bot name, or "seat N"
    bots: tuple[str, ...]  # the bot names in this row
    seats: tuple[int, ...]  # the seats in this row
    matches: int
    plays: int
    mean_score: float
    se_score: float
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_steps: float


def _row(group: str, label: str, samples: list[tuple[MatchOutcome, int]]) -> SummaryRow:
    scores = [o.scores[seat] for o, seat in samples]
    n = len(scores)
    mean = statistics.fmean(scores) if scores else math.nan
    se = statistics.stdev(scores) / math.sqrt(n) if n >= 2 else math.nan
    wins = sum(o.win_share(seat) for o, seat in samples)
    low, high = wilson_interval(wins, n)
    matches = {o.index: o.steps for o, _ in samples}
    return SummaryRow(
        group=group,
        label=label,
        bots=tuple(sorted({o.bots[seat] for o, seat in samples})),
        seats=tuple(sorted({seat for _, seat in samples})),
        matches=len(matches),
        plays=n,
        mean_score=mean,
        se_score=se,
        wins=wins,
        win_rate=wins / n if n else math.nan,
        win_low=low,
        win_high=high,
        mean_steps=statistics.fmean(matches.values()) if matches else math.nan,
    )


def summarize(outcomes: Sequence[MatchOutcome]) -> list[SummaryRow]:
    """Results per bot (in order of first seat), then per seat.

    Win rates count a tie among k winners as 1/k win each, with a 95% Wilson interval.
    """
    by_bot: dict[str, list[tuple[MatchOutcome, int]]] = {}
    by_seat: dict[int, list[tuple[MatchOutcome, int]]] = {}
    for outcome in outcomes:
        for seat, name in enumerate(outcome.bots):
            by_bot.setdefault(name, []).append((outcome, seat))
            by_seat.setdefault(seat, []).append((outcome, seat))
    rows = [_row("bot", name, samples) for name, samples in by_bot.items()]
    rows += [_row("seat", f"seat {seat}", by_seat[seat]) for seat in sorted(by_seat)]
    return rows


def _seats_text(seats: Sequence[int]) -> str:
    """``0,1,2,3`` as ``0-3``; other seat lists joined with commas."""
    if len(seats) > 2 and list(seats) == list(range(seats[0], seats[-1] + 1)):
        return f"{seats[0]}-{seats[-1]}"
    return ",".join(map(str, seats))


def _num(value: float, digits: int = 1) -> str:
    return "-" if math.isnan(value) else f"{value:.{digits}f}"


def format_summary(rows: Sequence[SummaryRow]) -> str:
    """The rows of :func:`summarize` as a plain-text table: per bot, then per seat."""
    header = ("bot", "seats", "matches", "plays", "mean score ± se", "win rate", "95% CI")
    lines: list[tuple[str, ...]] = []
    # the standard errors right-aligned, so a "-" (one match: no error to give) stays in line
    se_width = max((len(_num(r.se_score)) for r in rows), default=1)
    for group, first in (("bot", "bot"), ("seat", "seat")):
        chosen = [r for r in rows if r.group == group]
        if not chosen:
            continue
        lines.append((first, *header[1:]) if group == "bot" else ("seat", "bot", *header[2:]))
        for r in chosen:
            score = f"{_num(r.mean_score)} ± {_num(r.se_score):>{se_width}}"
            ci = f"{100 * r.win_low:.1f}-{100 * r.win_high:.1f}%"
            rate = "-" if math.isnan(r.win_rate) else f"{100 * r.win_rate:.1f}%"
            label, second = (
                (r.label, _seats_text(r.seats))
                if group == "bot"
                else (r.label.removeprefix("seat "), ",".join(r.bots))
            )
            lines.append(
                (
                    label,
                    second,
                    str(r.matches),
                    str(r.plays),
                    score,
                    rate,
                    ci,
                )
            )
        lines.append(())
    if lines and not lines[-1]:
        lines.pop()
    rows_only = [line for line in lines if line]
    widths = [max(len(line[i]) for line in rows_only) for i in range(len(header))]
    right = {2, 3, 4, 5, 6}
    out = []
    for line in lines:
        if not line:
            out.append("")
            continue
        cells = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(line)
        ]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)


SUMMARY_LEGEND = """\
How to read this (scores are points left in hand, added over a whole match: lower is better):
  seats            the seats a bot sat in, counting from 0 (seat 0 deals first; seat 1
                   plays first in deal 1)
  matches / plays  matches a bot played, and its results counted once per seat it held
  mean score ± se  its average match total, ± one standard error of that average
  win rate         the share of its plays that won the match (a tie shares the win)
  95% CI           the range the true win rate lies in, 95 times out of 100 (Wilson)"""
"""What each column of :func:`format_summary` means, printed under it by ``liverpool simulate``."""


@dataclass(frozen=True)
class Comparison:
    """Two bots compared within the matches where both played: ``difference`` is the mean, over
    those matches, of (``first``'s average score) − (``second``'s), with a 95% interval."""

    first: str
    second: str
    matches: int
    difference: float
    low: float
    high: float

    @property
    def significant(self) -> bool:
        """True when the 95% interval leaves out zero: the two really differ."""
        return self.low > 0 or self.high < 0


def compare_bots(outcomes: Sequence[MatchOutcome]) -> list[Comparison]:
    """Every pair of bot names, compared match by match (paired: the same deals, the same
    seats' luck), in order of first seat. A pair needs two shared matches to have an interval.
    """
    names: list[str] = []
    for o in outcomes:
        names.extend(n for n in o.bots if n not in names)
    found = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            diffs = [
                statistics.fmean(o.scores[k] for k, n in enumerate(o.bots) if n == first)
                - statistics.fmean(o.scores[k] for k, n in enumerate(o.bots) if n == second)
                for o in outcomes
                if first in o.bots and second in o.bots
            ]
            if len(diffs) < 2:
                continue
            mean = statistics.fmean(diffs)
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
            found.append(Comparison(first, second, len(diffs), mean, mean - half, mean + half))
    return found


def format_verdict(comparisons: Sequence[Comparison]) -> str:
    """One line per pair of bots: which ends a match lower (better) and by how much, or that
    this many matches cannot tell them apart."""
    lines = []
    for c in comparisons:
        over = counted(c.matches, "match", "matches")
        if c.significant:
            flip = c.difference > 0  # say it from the side of the bot that scores lower
            better, worse = (c.second, c.first) if flip else (c.first, c.second)
            low, high = sorted((abs(c.low), abs(c.high)))
            lines.append(
                f"{better} is better than {worse}: it ends a match {abs(c.difference):.1f} "
                f"points lower (better) on average over {over} (95% CI {low:.1f} to {high:.1f} "
                "lower)."
            )
        else:
            lines.append(
                f"{c.first} and {c.second} cannot be told apart over {over}: {c.first} ends a "
                f"match {_points_apart(c.difference, c.second)} on average (95% CI "
                f"{_points_apart(c.low)} to {_points_apart(c.high)}); more matches might tell."
            )
    return "\n".join(lines) if lines else "Only one kind of bot played: nothing to compare."


def _points_apart(difference: float, than: str = "") -> str:
    """A score difference in words, from the first bot's side: with ``than`` (the other bot),
    ``'72.2 points lower (better) than basic'``; without, an interval's end: ``'3.5 higher'``."""
    amount = f"{abs(difference):.1f}"
    if amount == "0.0":
        return f"level with {than}" if than else "0.0"
    lower = difference < 0
    if not than:
        return f"{amount} {'lower' if lower else 'higher'}"
    return f"{amount} points {'lower (better)' if lower else 'higher (worse)'} than {than}"


CSV_FIELDS: tuple[str, ...] = ("match", "seed", "seat", "bot", "score", "won")
"""The columns of :func:`write_csv`: one row per match and seat; ``won`` is 1 for every winner
(tied winners each get 1), else 0."""


def write_csv(outcomes: Sequence[MatchOutcome], stream: TextIO) -> int:
    """Write one CSV row per match and seat (columns :data:`CSV_FIELDS`); return the row count."""
    import csv

    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    count = 0
    for o in outcomes:
        for seat, name in enumerate(o.bots):
            writer.writerow((o.index, o.seed, seat, name, o.scores[seat], int(seat in o.winners)))
            count += 1
    return count


def _duration(seconds: float) -> str:
    if not math.isfinite(seconds):
        return "?"
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class TextProgress:
    """A plain-text progress bar for :func:`run_matches` (pass it as ``progress``).

    On a terminal it redraws one line with a carriage return (done/total, a bar, matches per
    second and the time left), at most ten times a second; elsewhere (a log file, a pipe) it
    writes one line at every tenth of the run. Call :meth:`close` at the end. ``unit`` names
    what is counted (``liverpool review`` counts decisions with the same bar).
    """

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        label: str = "simulate",
        unit: str = "matches",
        tty: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
        width: int = 24,
    ) -> None:
        self.stream: TextIO = stream if stream is not None else sys.stderr
        if tty is None:
            isatty = getattr(self.stream, "isatty", None)
            tty = bool(isatty()) if callable(isatty) else False
        self.tty = tty
        self.label = label
        self.unit = unit
        self.width = width
        self._clock = clock
        self._start: float | None = None
        self._last_draw = -math.inf
        self._last_tenth = 0
        self._drawn_width = 0

    def _status(self, done: int, total: int) -> str:
        assert self._start is not None
        elapsed = self._clock() - self._start
        rate = done / elapsed if elapsed > 0 and done else 0.0
        eta = (total - done) / rate if rate else math.inf
        left = f"in {_duration(elapsed)}" if done >= total else f"ETA {_duration(eta)}"
        rate_text = f"{rate:.2f} {self.unit}/s" if rate else f"-- {self.unit}/s"
        return f"{done}/{total} {rate_text} {left}"

    def __call__(self, done: int, total: int) -> None:
        if self._start is None:
            self._start = self._clock()
        if self.tty:
            now = self._clock()
            if done < total and now - self._last_draw < 0.1:
                return
            self._last_draw = now
            filled = self.width * done // total if total else self.width
            bar = "#" * filled + "." * (self.width - filled)
            line = f"{self.label} [{bar}] {self._status(done, total)}"
            # plain text: blank out the rest of a longer previous line with spaces
            self.stream.write("\r" + line.ljust(self._drawn_width))
            self._drawn_width = len(line)
        else:
            tenth = 10 * done // total if total else 10
            if done == 0 or tenth <= self._last_tenth:
                return
            self._last_tenth = tenth
            pct = 100 * done // total if total else 100
            self.stream.write(f"{self.label} {self._status(done, total)} ({pct}%)\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line (on a terminal)."""
        if self.tty and self._drawn_width:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn_width = 0
