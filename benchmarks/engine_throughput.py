"""Engine throughput: random-play decisions per second over whole matches, beside OpenSpiel and
RLCard, measured in the same run.

* **liverpool** — house rules, 4 players; a Python loop asks ``game.legal_actions()``, picks one
  uniformly (what ``RandomBot.act`` does) and ``game.apply``-s it until the match is over (all
  seven deals). A decision is one applied action; dealing and shuffling happen inside
  ``apply`` and are timed with it.
* **OpenSpiel** ``gin_rummy`` (``pyspiel.load_game("gin_rummy")``) — a Python loop applies a
  uniformly random legal action until the state is terminal; chance nodes (the deal and each
  stock draw) are sampled from ``state.chance_outcomes()`` and timed, but only the players'
  actions count as decisions.
* **RLCard** ``gin-rummy`` — ``rlcard.make("gin-rummy")``; ``env.reset()`` then ``env.step``
  with a uniformly random key of ``state["legal_actions"]`` until ``env.is_over()``.

Each engine plays whole games for at least ``--seconds`` of CPU time (games are never cut
short: the clock is read after each whole game), in ``--rounds`` slices taken in turn with the
other engines, so a machine whose speed drifts during the run (a shared machine's neighbours
come and go) slows every engine alike. Rates are decisions per CPU second of this process
(``time.process_time``, so other processes on a busy machine do not skew the ratios); the
wall-clock rates are printed beside them. The target (issue 4) is liverpool ≥ 1.0× OpenSpiel. A
comparison package that is not installed prints ``unavailable: <reason>`` instead; ``make
bench`` installs both into ``.venv-bench``. Run it by hand, for example::

    .venv-bench/bin/python benchmarks/engine_throughput.py --seconds 10 --seed 0
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from benchlib import Figure, load_note, lp, print_figures, python_line, table, write_json

TARGET_VS_OPENSPIEL = 1.0
# Each engine first plays one untimed game from this far past the seed: a game played twice
# would find its answers cached the second time.
WARM_UP = 1_000_000


@dataclass(frozen=True)
class Throughput:
    engine: str
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    """Wall time."""
    cpu_seconds: float = 0.0
    """CPU time of this process (``time.process_time``) over the same games."""
    unavailable: str | None = None

    @property
    def rate(self) -> float:
        """Decisions per CPU second (what the targets are judged on)."""
        return self.decisions / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    @property
    def wall_rate(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


@dataclass
class _Engine:
    """One engine under test: how to play game ``k``, and what it has played so far."""

    name: str
    play_one: Callable[[int], int] | None
    unavailable: str | None = None
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    def play_for(self, seconds: float, seed: int) -> None:
        """Play whole games (game ``k`` from ``seed + k``, continuing where the last slice
        stopped) until ``seconds`` of CPU time have passed."""
        assert self.play_one is not None
        start, cpu_start = time.perf_counter(), time.process_time()
        while time.process_time() - cpu_start < seconds:
            self.decisions += self.play_one(seed + self.games)
            self.games += 1
        self.seconds += time.perf_counter() - start
        self.cpu_seconds += time.process_time() - cpu_start

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


def liverpool_engine(seed: int) -> _Engine:
    liverpool_game(seed + WARM_UP)  # untimed, and never one of the timed games
    return _Engine("liverpool house 4p", liverpool_game)


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
    return _Engine(name, play)


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
    return _Engine(name, play)


def figures(results: Sequence[Throughput]) -> list[Figure]:
    ours, spiel, rl = results
    out = [
        Figure(
            "engine decisions/s, liverpool (house, 4p, random)",
            f"{ours.rate:,.0f} (wall {ours.wall_rate:,.0f})",
        )
    ]
    for other, target, met_at in (
        (spiel, f"≥ {TARGET_VS_OPENSPIEL:.1f}×", TARGET_VS_OPENSPIEL),
        (rl, "-", None),
    ):
        label = other.engine.split()[0]
        if other.unavailable:
            out.append(Figure(f"engine decisions/s, {other.engine}", "unavailable"))
            out.append(Figure(f"engine ratio liverpool/{label}", "unavailable", target, None))
            continue
        ratio = ours.rate / other.rate
        wall_ratio = ours.wall_rate / other.wall_rate
        out.append(
            Figure(
                f"engine decisions/s, {other.engine}",
                f"{other.rate:,.0f} (wall {other.wall_rate:,.0f})",
            )
        )
        met = None if met_at is None else ratio >= met_at
        out.append(
            Figure(
                f"engine ratio liverpool/{label}",
                f"{ratio:.3f}× (wall {wall_ratio:.3f}×)",
                target,
                met,
            )
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="time box per engine (default 10)"
    )
    parser.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=5,
        help="slices each engine's time is cut into, taken in turn (default 5)",
    )
    parser.add_argument("--json", help="also write the figures to this file (for run_all.py)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    print(
        f"Engine throughput: random play, whole games, at least {args.seconds:g} CPU s per "
        f"engine in {args.rounds} alternating slices, seed {args.seed}; {python_line()}"
    )
    print(load_note())
    engines = [make(args.seed) for make in (liverpool_engine, openspiel_engine, rlcard_engine)]
    results = timed(engines, args.seconds, args.rounds, args.seed)
    for result in results:
        if result.unavailable:
            print(f"  {result.engine}: unavailable: {result.unavailable}", flush=True)
        else:
            print(f"  {result.engine}: {result.rate:,.0f} decisions per CPU second", flush=True)
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
    print()
    print(table(rows))
    figs = figures(results)
    print_figures(figs)
    write_json(args.json, figs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
