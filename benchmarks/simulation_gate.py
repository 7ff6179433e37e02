"""The simulation gate, at scale: random matches over every preset and every player count.

For each preset of ``liverpool.PRESETS`` and each player count it allows, plays
``--matches-per-cell`` whole matches between ``RandomBot`` seats (random play reaches every
corner of the rules) and checks each one:

* the match ends (``MATCH_OVER`` within a generous step cap) and no action raises;
* the cards add up to the shoe after every applied action;
* ``len(deal_scores) == rules.deals``, the totals are the sums of the deal scores, and the
  winners are exactly the seats with the lowest total;
* the saved record replays to the same ``state_key()`` and the same event texts.

It prints every failure (preset, players, seed and the exception text — there must be none),
then a table per cell and a total: matches per second and engine steps (applied actions) per
second, both measured on play alone (legal-action generation, bot choice and ``apply``), and
the replay time apart. Run it by hand, for example::

    .venv/bin/python benchmarks/simulation_gate.py --matches-per-cell 3 --seed 0

Match ``k`` of a cell uses game seed ``seed + k`` and bot seeds ``(seed + k) * 100 + seat``, so
a failure printed here reproduces with::

    lp.play_match(preset, [lp.bots.RandomBot((seed + k) * 100 + i) for i in range(n)], seed + k)

The exit status is 1 when any match failed. Nothing is timed as a pass/fail check.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

try:
    import liverpool as lp
except ModuleNotFoundError:  # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import liverpool as lp

STEP_CAP = 200_000
"""A match that has not ended after this many actions counts as one that never ends (the
longest random matches seen take under 10,000)."""


@dataclass
class Cell:
    """Figures for one preset at one player count."""

    preset: str
    players: int
    matches: int = 0
    failures: int = 0
    steps: int = 0
    play_seconds: float = 0.0
    replay_seconds: float = 0.0
    errors: list[str] = field(default_factory=list)


def check_match(rules: lp.Rules, players: int, seed: int) -> tuple[int, float, float]:
    """Play and check one match; returns (steps, play seconds, replay seconds).

    Raises ``AssertionError`` (or whatever the engine raised) when the match fails the gate.
    """
    bots = [lp.bots.RandomBot((seed * 100) + seat) for seat in range(players)]
    game = lp.Game(rules, players, seed)
    shoe = len(rules.build_shoe(players))
    steps = 0
    start = time.perf_counter()
    while not game.is_over:
        seat = game.to_act
        assert seat is not None, "no seat to act but the match is not over"
        legal = game.legal_actions()
        assert legal, f"no legal action in phase {game.phase.value}"
        game.apply(bots[seat].act(game.view(seat), legal))
        steps += 1
        assert game.total_cards() == shoe, f"cards add up to {game.total_cards()}, not {shoe}"
        assert steps < STEP_CAP, f"the match has not ended after {STEP_CAP} actions"
    play = time.perf_counter() - start
    assert len(game.deal_scores) == rules.deals, "not every deal was scored"
    totals = [sum(d[i] for d in game.deal_scores) for i in range(players)]
    assert game.scores == totals, "the totals are not the sums of the deal scores"
    best = min(game.scores)
    assert game.winners == [i for i, s in enumerate(game.scores) if s == best], "wrong winners"
    start = time.perf_counter()
    replayed = lp.Game.from_json(game.to_json())
    replay = time.perf_counter() - start
    assert replayed.state_key() == game.state_key(), "the replay reached a different state"
    assert [e.text for e in replayed.log] == [e.text for e in game.log], "replay events differ"
    return steps, play, replay


def run(matches_per_cell: int, seed: int, presets: list[str]) -> list[Cell]:
    cells: list[Cell] = []
    for name in presets:
        rules = lp.PRESETS[name]
        for players in range(rules.min_players, rules.max_players + 1):
            cell = Cell(name, players)
            for k in range(matches_per_cell):
                match_seed = seed + k
                try:
                    steps, play, replay = check_match(rules, players, match_seed)
                except Exception as exc:  # every failure is reported, none stops the run
                    cell.failures += 1
                    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
                    cell.errors.append(f"{name} {players}p seed={match_seed}: {text}")
                    print(f"FAIL {cell.errors[-1]}", flush=True)
                    continue
                cell.matches += 1
                cell.steps += steps
                cell.play_seconds += play
                cell.replay_seconds += replay
            print(
                f"  {name:<12} {players} players: {cell.matches} ok, {cell.failures} failed",
                file=sys.stderr,
                flush=True,
            )
            cells.append(cell)
    return cells


def _rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.1f}" if seconds > 0 else "-"


def report(cells: list[Cell], matches_per_cell: int, seed: int, wall: float) -> None:
    print()
    print(
        f"Simulation gate: {matches_per_cell} RandomBot match(es) per preset x player count, "
        f"seed {seed}; Python {platform.python_version()} on {platform.machine()}"
    )
    header = (
        f"{'preset':<12} {'players':>7} {'matches':>7} {'failed':>6} {'steps/match':>11} "
        f"{'matches/s':>9} {'steps/s':>9} {'replay s/match':>14}"
    )
    print(header)
    print("-" * len(header))
    for c in cells:
        per_match = f"{c.steps / c.matches:,.0f}" if c.matches else "-"
        replay_each = f"{c.replay_seconds / c.matches:.3f}" if c.matches else "-"
        print(
            f"{c.preset:<12} {c.players:>7} {c.matches:>7} {c.failures:>6} {per_match:>11} "
            f"{_rate(c.matches, c.play_seconds):>9} {_rate(c.steps, c.play_seconds):>9} "
            f"{replay_each:>14}"
        )
    print("-" * len(header))
    matches = sum(c.matches for c in cells)
    failures = sum(c.failures for c in cells)
    steps = sum(c.steps for c in cells)
    play = sum(c.play_seconds for c in cells)
    replay = sum(c.replay_seconds for c in cells)
    print(
        f"{'all':<12} {'':>7} {matches:>7} {failures:>6} "
        f"{(f'{steps / matches:,.0f}' if matches else '-'):>11} {_rate(matches, play):>9} "
        f"{_rate(steps, play):>9} {(f'{replay / matches:.3f}' if matches else '-'):>14}"
    )
    print()
    print(f"failures: {failures}")
    for c in cells:
        for error in c.errors:
            print(f"  {error}")
    print(
        f"play {play:.1f} s ({_rate(matches, play)} matches/s, {_rate(steps, play)} steps/s); "
        f"replay {replay:.1f} s; wall {wall:.1f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--matches-per-cell", type=int, default=1, help="matches per preset x player count"
    )
    parser.add_argument("--seed", type=int, default=0, help="first game seed of every cell")
    parser.add_argument(
        "--presets",
        default=",".join(lp.PRESETS),
        help="comma-separated preset names (default: all)",
    )
    args = parser.parse_args(argv)
    presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    unknown = [p for p in presets if p not in lp.PRESETS]
    if unknown:
        parser.error(f"unknown preset(s) {', '.join(unknown)}; known: {', '.join(lp.PRESETS)}")
    start = time.perf_counter()
    cells = run(args.matches_per_cell, args.seed, presets)
    report(cells, args.matches_per_cell, args.seed, time.perf_counter() - start)
    return 1 if any(c.failures for c in cells) else 0


if __name__ == "__main__":
    sys.exit(main())
