"""Engine throughput: decisions per second over whole matches, the pure and the compiled engine
beside OpenSpiel and RLCard, measured in the same run.

* **liverpool pure** — the engine as Python source, in this process: house rules, 4 players; a
  Python loop asks ``game.legal_actions()``, picks one uniformly (what ``RandomBot.act`` does)
  and ``game.apply``-s it until the match is over (all seven deals). A decision is one applied
  action; dealing and shuffling happen inside ``apply`` and are timed with it.
* **liverpool compiled** — the same loop over the engine compiled with mypyc (``make fast``:
  ``.venv-fast``, or ``--compiled-python``), in a process of its own that this one drives
  through a pipe (each slice's CPU time is that process's own). ``unavailable`` when there is no
  compiled build.
* **OpenSpiel** ``gin_rummy`` (``pyspiel.load_game("gin_rummy")``) — a Python loop applies a
  uniformly random legal action until the state is terminal; chance nodes (the deal and each
  stock draw) are sampled from ``state.chance_outcomes()`` and timed, but only the players'
  actions count as decisions.
* **RLCard** ``gin-rummy`` — ``rlcard.make("gin-rummy")``; ``env.reset()`` then ``env.step``
  with a uniformly random key of ``state["legal_actions"]`` until ``env.is_over()``.

A second table measures positions users actually meet: BasicBots at every seat (seeded by
``lp.bots.for_seats``, as ``liverpool play`` seats them), each asked ``bot.act(game.view(seat),
legal)``, for the pure and the compiled engine; a decision there includes the bot's thinking.

Each engine plays whole games for at least ``--seconds`` of CPU time (games are never cut
short: the clock is read after each whole game), in ``--rounds`` slices taken in turn with the
other engines, so a machine whose speed drifts during the run (a shared machine's neighbours
come and go) slows every engine alike. Rates are decisions per CPU second of the process that
played them (``time.process_time``, so other processes on a busy machine do not skew the
ratios); the wall-clock rates are printed beside them. Targets (issue 19): compiled ≥ 1.5×
OpenSpiel (1.0× at the least: issue 4's target), and the pure engine not slower than it was
(0.7× OpenSpiel when the compiled engine came). A comparison package that is not installed
prints ``unavailable: <reason>`` instead; ``make bench`` installs both into ``.venv-bench`` and
builds ``.venv-fast``. Run it by hand, for example::

    make fast && .venv-bench/bin/python benchmarks/engine_throughput.py --seconds 10 --seed 0
"""

from __future__ import annotations

import argparse
import functools
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from benchlib import (
    ROOT,
    Figure,
    load_note,
    lp,
    print_figures,
    python_line,
    table,
    write_json,
)

TARGET_COMPILED = 1.5  # compiled liverpool / OpenSpiel, decisions per CPU second (issue 19)
FLOOR_COMPILED = 1.0  # ... at the least (issue 4's target for the engine)
TARGET_PURE = 0.7  # pure liverpool / OpenSpiel: what it was when the compiled engine came
# Each engine first plays one untimed game from this far past the seed: a game played twice
# would find its answers cached the second time.
WARM_UP = 1_000_000
FAST_PYTHON = ROOT / ".venv-fast" / "bin" / "python"
KINDS = ("random", "basic")  # what plays every seat: uniform random choices, or BasicBots


@dataclass(frozen=True)
class Throughput:
    engine: str
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    """Wall time."""
    cpu_seconds: float = 0.0
    """CPU time of the process that played (``time.process_time``) over the same games."""
    unavailable: str | None = None

    @property
    def rate(self) -> float:
        """Decisions per CPU second (what the targets are judged on)."""
        return self.decisions / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    @property
    def wall_rate(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class Slice:
    """What one slice of play did: whole games, their decisions, wall and CPU seconds."""

    games: int
    decisions: int
    seconds: float
    cpu_seconds: float


def play_slice(play_one: Callable[[int], int], seconds: float, first: int) -> Slice:
    """Play whole games ``first``, ``first + 1``, ... until ``seconds`` of this process's CPU
    time have passed; ``play_one(game_seed)`` returns the decisions of one game."""
    start, cpu_start = time.perf_counter(), time.process_time()
    games = decisions = 0
    while time.process_time() - cpu_start < seconds:
        decisions += play_one(first + games)
        games += 1
    return Slice(games, decisions, time.perf_counter() - start, time.process_time() - cpu_start)


@dataclass
class _Engine:
    """One engine under test: how to play a slice from game ``k`` on, and the sum so far."""

    name: str
    play: Callable[[float, int], Slice] | None
    """``play(seconds, first_game_seed)``; None when the engine is unavailable."""
    unavailable: str | None = None
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    close: Callable[[], None] = field(default=lambda: None)

    def play_for(self, seconds: float, seed: int) -> None:
        """Play whole games (game ``k`` from ``seed + k``, continuing where the last slice
        stopped) until ``seconds`` of CPU time have passed."""
        assert self.play is not None
        done = self.play(seconds, seed + self.games)
        self.games += done.games
        self.decisions += done.decisions
        self.seconds += done.seconds
        self.cpu_seconds += done.cpu_seconds

    def result(self) -> Throughput:
        if self.unavailable is not None:
            return Throughput(self.name, unavailable=self.unavailable)
        return Throughput(self.name, self.games, self.decisions, self.seconds, self.cpu_seconds)


def timed(engines: Sequence[_Engine], seconds: float, rounds: int, seed: int) -> list[Throughput]:
    """Each available engine plays about ``seconds`` of CPU time, in ``rounds`` slices taken in
    turn (the order alternating round by round): a machine whose speed drifts while the
    benchmark runs then slows every engine alike, and the ratios stay fair."""
    ready = [e for e in engines if e.unavailable is None]
    for r in range(rounds):
        for engine in ready if r % 2 == 0 else ready[::-1]:
            engine.play_for(seconds / rounds, seed)
    return [e.result() for e in engines]


# -- liverpool -----------------------------------------------------------------------------------


def liverpool_game(seed: int) -> int:
    """One whole house match, 4 players, uniform random legal actions; returns the decisions."""
    game = lp.Game("house", 4, seed)
    rng = random.Random(seed)
    legal_actions, apply, randrange = game.legal_actions, game.apply, rng.randrange
    n = 0
    while not game.is_over:
        legal = legal_actions()
        apply(legal[randrange(len(legal))])
        n += 1
    return n


def basic_game(seed: int) -> int:
    """One whole house match with a BasicBot at each of the 4 seats; returns the decisions."""
    game = lp.Game("house", 4, seed)
    bots = lp.bots.for_seats("basic", range(4), seed)
    n = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        game.apply(bots[seat].act(game.view(seat), legal))
        n += 1
    return n


GAMES: dict[str, Callable[[int], int]] = {"random": liverpool_game, "basic": basic_game}


def build_name(compiled: bool) -> str:
    return "compiled" if compiled else "pure"


def engine_name(kind: str, compiled: bool) -> str:
    seats = "random" if kind == "random" else "4 BasicBots"
    return f"liverpool {build_name(compiled)} (house 4p, {seats})"


def liverpool_engine(kind: str, seed: int) -> _Engine:
    """The engine imported here (the pure source in ``.venv-bench``)."""
    play_one = GAMES[kind]
    play_one(seed + WARM_UP)  # untimed, and never one of the timed games
    return _Engine(engine_name(kind, lp.COMPILED), lambda s, k: play_slice(play_one, s, k))


class Worker:
    """A process of another Python (the compiled engine's venv) running :func:`serve`: it
    warms up, then plays each slice it is sent and answers with what it did."""

    def __init__(self, python: Path, seed: int) -> None:
        self.proc = subprocess.Popen(
            [str(python), str(Path(__file__).resolve()), "--serve", "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        hello = self._read().split(maxsplit=1)
        self.compiled, self.where = hello[0] == "compiled", hello[1]

    def _read(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine process stopped (exit {self.proc.wait()})")
        return line.strip()

    def play(self, kind: str, seconds: float, first: int) -> Slice:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{kind} {seconds!r} {first}\n")
        self.proc.stdin.flush()
        games, decisions, wall, cpu = self._read().split()
        return Slice(int(games), int(decisions), float(wall), float(cpu))

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def serve(seed: int) -> int:
    """The worker side of :class:`Worker`: say which build this is, warm up every kind of game,
    then for each line ``KIND SECONDS FIRST`` play a slice and print ``games decisions wall
    cpu``. Ends at end of input."""
    for kind in KINDS:
        GAMES[kind](seed + WARM_UP)
    print(build_name(lp.COMPILED), lp.solver.__file__, flush=True)
    for line in sys.stdin:
        kind, seconds, first = line.split()
        done = play_slice(GAMES[kind], float(seconds), int(first))
        print(done.games, done.decisions, done.seconds, done.cpu_seconds, flush=True)
    return 0


def compiled_engines(python: Path | None, seed: int) -> list[_Engine]:
    """The compiled engine, one :class:`_Engine` per kind of game, sharing one worker."""
    names = [engine_name(kind, True) for kind in KINDS]
    if python is None or not python.exists():
        why = f"no compiled build at {python or FAST_PYTHON} (make fast builds one)"
        return [_Engine(name, None, why) for name in names]
    try:
        worker = Worker(python, seed)
    except (OSError, RuntimeError) as exc:
        return [_Engine(name, None, f"{python} did not start ({exc})") for name in names]
    if not worker.compiled:
        worker.close()
        why = f"{python} runs the pure engine ({worker.where}); make fast builds a compiled one"
        return [_Engine(name, None, why) for name in names]
    return [
        _Engine(name, functools.partial(worker.play, kind), close=worker.close)
        for kind, name in zip(KINDS, names, strict=True)
    ]


# -- the comparison engines ------------------------------------------------------------------------


def openspiel_engine(seed: int) -> _Engine:
    name = "OpenSpiel gin_rummy"
    try:
        import pyspiel
    except Exception as exc:  # ImportError, or a broken binary
        return _Engine(name, None, f"cannot import pyspiel ({exc})")
    game = pyspiel.load_game("gin_rummy")

    def play(game_seed: int) -> int:
        rng = random.Random(game_seed)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                n += 1
        return n

    play(seed + WARM_UP)
    return _Engine(name, lambda s, k: play_slice(play, s, k))


def rlcard_engine(seed: int) -> _Engine:
    name = "RLCard gin-rummy"
    try:
        import rlcard
    except Exception as exc:
        return _Engine(name, None, f"cannot import rlcard ({exc})")
    try:
        env = rlcard.make("gin-rummy", config={"seed": seed})
    except Exception as exc:
        return _Engine(name, None, f"rlcard.make('gin-rummy') failed ({exc})")

    def play(game_seed: int) -> int:
        rng = random.Random(game_seed)
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            n += 1
        return n

    try:
        play(seed + WARM_UP)
    except Exception as exc:
        return _Engine(name, None, f"a random game failed ({type(exc).__name__}: {exc})")
    return _Engine(name, lambda s, k: play_slice(play, s, k))


# -- figures -------------------------------------------------------------------------------------


def _rate(r: Throughput) -> str:
    return "unavailable" if r.unavailable else f"{r.rate:,.0f} (wall {r.wall_rate:,.0f})"


def _ratio(a: Throughput, b: Throughput) -> float | None:
    if a.unavailable or b.unavailable or not b.rate or not b.wall_rate:
        return None
    return a.rate / b.rate


def _ratio_text(a: Throughput, b: Throughput, note: str = "") -> str:
    ratio = _ratio(a, b)
    if ratio is None:
        return "unavailable"
    return f"{ratio:.3f}× (wall {a.wall_rate / b.wall_rate:.3f}×){note}"


def figures(random_play: Sequence[Throughput], basic: Sequence[Throughput]) -> list[Figure]:
    pure, compiled, spiel, rl = random_play
    out = [
        Figure("engine decisions/s, liverpool pure (house, 4p, random)", _rate(pure)),
        Figure("engine decisions/s, liverpool compiled (house, 4p, random)", _rate(compiled)),
        Figure(f"engine decisions/s, {spiel.engine}", _rate(spiel)),
        Figure(f"engine decisions/s, {rl.engine}", _rate(rl)),
    ]
    r = _ratio(compiled, spiel)
    floor = (
        ""
        if r is None
        else f"; floor {FLOOR_COMPILED:.1f}× {'met' if r >= FLOOR_COMPILED else 'NOT met'}"
    )
    out.append(
        Figure(
            "engine ratio liverpool compiled/OpenSpiel",
            _ratio_text(compiled, spiel, floor),
            f"≥ {TARGET_COMPILED:.1f}× (at least {FLOOR_COMPILED:.1f}×)",
            None if r is None else r >= TARGET_COMPILED,
        )
    )
    r = _ratio(pure, spiel)
    out.append(
        Figure(
            "engine ratio liverpool pure/OpenSpiel",
            _ratio_text(pure, spiel),
            f"≥ {TARGET_PURE:.1f}× (not slower than before)",
            None if r is None else r >= TARGET_PURE,
        )
    )
    out += [
        Figure("engine ratio liverpool compiled/RLCard", _ratio_text(compiled, rl)),
        Figure("engine ratio liverpool pure/RLCard", _ratio_text(pure, rl)),
        Figure("engine ratio liverpool compiled/pure (random)", _ratio_text(compiled, pure)),
    ]
    basic_pure, basic_compiled = basic
    out += [
        Figure("BasicBot decisions/s, liverpool pure (house, 4 BasicBots)", _rate(basic_pure)),
        Figure(
            "BasicBot decisions/s, liverpool compiled (house, 4 BasicBots)", _rate(basic_compiled)
        ),
        Figure("BasicBot ratio liverpool compiled/pure", _ratio_text(basic_compiled, basic_pure)),
    ]
    return out


def print_table(title: str, results: Sequence[Throughput]) -> None:
    rows = [
        [
            "engine",
            "games",
            "decisions",
            "decisions/game",
            "CPU s",
            "wall s",
            "games/CPU s",
            "decisions/CPU s",
            "decisions/wall s",
        ]
    ]
    for r in results:
        if r.unavailable:
            rows.append([r.engine, "unavailable", *[""] * 7])
            continue
        rows.append(
            [
                r.engine,
                str(r.games),
                f"{r.decisions:,}",
                f"{r.decisions / r.games:,.0f}",
                f"{r.cpu_seconds:.1f}",
                f"{r.seconds:.1f}",
                f"{r.games / r.cpu_seconds:,.2f}",
                f"{r.rate:,.0f}",
                f"{r.wall_rate:,.0f}",
            ]
        )
    print(f"\n{title}")
    print(table(rows))


def report(results: Sequence[Throughput]) -> None:
    for result in results:
        if result.unavailable:
            print(f"  {result.engine}: unavailable: {result.unavailable}", flush=True)
        else:
            print(f"  {result.engine}: {result.rate:,.0f} decisions per CPU second", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="time box per engine (default 10)"
    )
    parser.add_argument(
        "--basic-seconds",
        type=float,
        default=None,
        help="time box per engine with BasicBots at every seat (default: --seconds)",
    )
    parser.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=5,
        help="slices each engine's time is cut into, taken in turn (default 5)",
    )
    parser.add_argument(
        "--compiled-python",
        type=Path,
        default=FAST_PYTHON,
        help=f"the Python of the compiled engine's venv (default {FAST_PYTHON.relative_to(ROOT)})",
    )
    parser.add_argument("--json", help="also write the figures to this file (for run_all.py)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return serve(args.seed)
    basic_seconds = args.seconds if args.basic_seconds is None else args.basic_seconds
    if args.seconds <= 0 or basic_seconds <= 0:
        parser.error("--seconds and --basic-seconds must be positive")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    print(
        f"Engine throughput: whole games, at least {args.seconds:g} CPU s per engine with random "
        f"play and {basic_seconds:g} with BasicBots, in {args.rounds} alternating slices, seed "
        f"{args.seed}; {python_line()}"
    )
    print(load_note())
    if lp.COMPILED:
        print(f"note: this Python's liverpool is compiled ({lp.solver.__file__})")
    compiled_random, compiled_basic = compiled_engines(args.compiled_python, args.seed)
    try:
        random_engines = [
            liverpool_engine("random", args.seed),
            compiled_random,
            openspiel_engine(args.seed),
            rlcard_engine(args.seed),
        ]
        random_play = timed(random_engines, args.seconds, args.rounds, args.seed)
        report(random_play)
        basic_engines = [liverpool_engine("basic", args.seed), compiled_basic]
        basic = timed(basic_engines, basic_seconds, args.rounds, args.seed)
        report(basic)
    finally:
        compiled_random.close()
    print_table("Random play (decisions are the players' actions):", random_play)
    print_table("BasicBots at every seat (a decision includes the bot's choice):", basic)
    figs = figures(random_play, basic)
    print_figures(figs)
    write_json(args.json, figs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
