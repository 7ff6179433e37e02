"""Feed weights: a StrongBot that weighs feeding the next player differently, against StrongBot.

StrongBot weighs what a discard could do for the next player (``liverpool/bots/strong.py``:
``FEED_WEIGHT``, ``DOWN_FEED_POINTS``, judged from ``samples`` and ``DOWN_SAMPLES`` sampled
hands), and ExpertBot ranks its candidates, and plays every decision it does not sample, as
StrongBot does. This series tries other weights without any sampled playout, so a weight can be
tried in minutes where an ExpertBot series takes hours. The default, :data:`TRIED`, is the one
recorded in ``benchmarks/EXPERT.md``.

Plays ``--matches`` whole four-player house matches seating the tuned StrongBot ("Tuned"),
StrongBot and two BasicBots, in ExpertBot's seats of ``expert_strength.py``: pairs of matches
dealt alike, Tuned and StrongBot trading seats, so Tuned discards to StrongBot in half the
matches and StrongBot to Tuned in the other half (seats rotated). Matches ``2j`` and ``2j + 1``
are dealt from ``seed + j``; seat ``i``'s bot is seeded ``(seed + j) * 100 + i``. ``--weights``
tries other values (JSON keyword arguments of ``StrongBot``, e.g. ``'{"feed_weight": 1.0}'``, or
``'{"raced_points_weight": 0.2}'`` for the points a hand holds once another player is down, or
``'{"points_weight": 0.3}'`` for the points it holds before anyone is, ExpertBot's weight);
``--weights '{}'`` seats StrongBot itself as Tuned: each pair then plays the same match twice,
names swapped, and Tuned scores exactly 100% of StrongBot.

Figures (reported, no target): the mean match score of each bot and Tuned / StrongBot, paired
per match, with a delta-method 95% interval. A match takes about 1.7 CPU seconds (1.3 with the
compiled engine), so the default 600 matches take about 9 minutes on 2 workers. Run it by
hand, for example::

    .venv/bin/python benchmarks/feed_weights.py --matches 600 --seed 5000
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from benchlib import (
    SCORE_HEADER,
    Figure,
    MatchScores,
    bot_scores,
    by_pair,
    deal_seed,
    finish_series,
    interval,
    lp,
    paired,
    parse_series,
    python_line,
    run_series,
    series_parser,
    table,
)
from expert_strength import lineup

FULL_MATCHES = 600
NAMES = ("Tuned", "StrongBot", "BasicBot")


TRIED: dict[str, Any] = {
    "samples": 16,
    "feed_weight": 1.5,
    "down_feed_points": 80.0,
    "down_samples": 24,
}
"""The weights tried by default (StrongBot keyword arguments)."""


@dataclass(frozen=True)
class MatchOutcome(MatchScores):
    cpu_seconds: float


def play_one(k: int, seed: int, weights: dict[str, Any]) -> MatchOutcome:
    """Match ``k`` of the series (run in a worker process)."""
    names = tuple("Tuned" if name == "ExpertBot" else name for name in lineup(k))
    bots: list[lp.bots.Bot] = []
    for i, name in enumerate(names):
        bot_seed = deal_seed(seed, k) * 100 + i
        if name == "Tuned":
            bots.append(lp.bots.StrongBot(bot_seed, **weights))
        else:
            bots.append(getattr(lp.bots, name)(bot_seed))
    return play_match(k, names, bots, lp.Game("house", 4, deal_seed(seed, k)))


def play_match(
    k: int, names: tuple[str, ...], bots: Sequence[lp.bots.Bot], game: lp.Game
) -> MatchOutcome:
    """Match ``k`` played to the end by ``bots`` (seat by seat, named ``names``) on ``game``."""
    cpu0 = time.process_time()
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    return MatchOutcome(
        k, names, tuple(game.scores), tuple(game.winners), time.process_time() - cpu0
    )


def report(outcomes: Sequence[MatchOutcome], names: Sequence[str] = NAMES) -> list[Figure]:
    """Print each bot's scores and ``names[0]`` against StrongBot, paired; the figures."""
    n, studied = len(outcomes), names[0]
    _, scores = bot_scores(outcomes, names)
    print(table([list(SCORE_HEADER), *(score.row() for score in scores)]))
    print()
    tuned = paired(by_pair(outcomes, names), studied, "StrongBot", matches=n)
    print(f"{tuned.ratio_line()} (paired)")
    print(tuned.difference_line())
    figure = Figure(f"{studied}/StrongBot mean score ({n} matches)", interval(tuned.ratio))
    return [*(score.mean_figure(n) for score in scores), figure]


def main(argv: Sequence[str] | None = None) -> int:
    parser = series_parser(__doc__.splitlines()[0], FULL_MATCHES)
    parser.set_defaults(seed=5000)
    parser.add_argument(
        "--weights",
        type=json.loads,
        default=None,
        help="StrongBot keyword arguments as JSON (default: TRIED)",
    )
    args = parse_series(parser, argv)
    weights = TRIED if args.weights is None else args.weights
    print(
        f"Feed weights: {args.matches} house matches, 4 players (Tuned, Strong, Basic, Basic; "
        f"pairs dealt alike, Tuned and Strong swapped, seats rotated), seed {args.seed}, "
        f"{args.workers} worker(s); Tuned is "
        f"StrongBot(**{json.dumps(weights)}); {python_line()}"
    )
    return play_series(play_one, [(k, args.seed, weights) for k in range(args.matches)], args)


def play_series(
    play: Callable[..., MatchOutcome],
    jobs: Sequence[tuple[Any, ...]],
    args: argparse.Namespace,
    names: Sequence[str] = NAMES,
) -> int:
    """Play ``play(*job)`` for every job on ``args.workers`` workers, then print the scores and
    ``names[0]`` against StrongBot (:func:`report`) and the time the matches took."""
    outcomes: list[MatchOutcome] = []
    run_series(play, jobs, args.workers, outcomes.append)
    outcomes.sort(key=lambda o: o.k)
    print()
    figures = report(outcomes, names)
    cpu = sum(o.cpu_seconds for o in outcomes)
    print(f"time: {cpu:.0f} s CPU in the matches, {cpu / len(outcomes):.2f} s a match")
    finish_series(figures, len(jobs), len(jobs), args.json)  # (no target to fall short of)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
