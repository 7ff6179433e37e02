"""Deal breakdown: where each bot's points come from, deal by deal.

A match score is the sum of seven deals' leftover points, and most of it comes from the deals a
player never goes down in. This series shows where: for each deal of the house match and each
bot, its mean points, how often it went down (or went out at once), its mean points in the deals
it went down in and in those it did not, and how many cards it bought.

Plays ``--matches`` four-player house matches in ``expert_strength.py``'s seats (pairs dealt
alike, seats rotated), with the bot ``--bot`` (a level of the bot registry; default ``strong``)
in ExpertBot's seats, named "Studied", beside StrongBot and two BasicBots. ``--bot strong`` shows
StrongBot's own breakdown from both seats; ``--bot expert`` where ExpertBot gains or loses on
it (about 15 CPU seconds a match on the compiled engine, against 1). Figures are reported, with
no target (``benchmarks/EXPERT.md`` reads them)::

    .venv-fast/bin/python benchmarks/deal_breakdown.py --matches 100 --seed 0
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from benchlib import (
    deal_seed,
    lp,
    make_bots,
    parse_series,
    python_line,
    run_series,
    series_parser,
    table,
)
from expert_strength import lineup

FULL_MATCHES = 100
NAMES = ("Studied", "StrongBot", "BasicBot")


@dataclass(frozen=True)
class SeatDeal:
    """One seat's result in one deal."""

    deal: int
    name: str
    points: int
    down: bool
    """It went down (or went out at once) in this deal."""
    buys: int


def play_one(k: int, seed: int, level: str) -> list[SeatDeal]:
    """Match ``k`` of the series, deal by deal (run in a worker process)."""
    seats = lineup(k)
    names = tuple("Studied" if name == "ExpertBot" else name for name in seats)
    match_seed = deal_seed(seed, k)
    studied = type(lp.bots.make(level)).__name__  # the class make_bots seats, by its name
    bots = make_bots([studied if name == "ExpertBot" else name for name in seats], match_seed)
    game = lp.Game("house", 4, match_seed)
    rows: list[SeatDeal] = []
    deal, down, buys = game.deal, [False] * 4, [0] * 4
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = bots[seat].act(game.view(seat), game.legal_actions())
        buys[seat] += isinstance(action, lp.Buy)
        down[seat] |= isinstance(action, (lp.GoDown, lp.GoOut))
        game.apply(action)
        if game.deal != deal or game.is_over:
            points = game.deal_scores[deal - 1]
            rows.extend(
                SeatDeal(deal, names[i], points[i], down[i], buys[i]) for i in range(game.players)
            )
            deal, down, buys = game.deal, [False] * 4, [0] * 4
    return rows


def _mean(values: Sequence[float]) -> str:
    return f"{sum(values) / len(values):.1f}" if values else "-"


def report(rows: Sequence[SeatDeal]) -> str:
    """The breakdown table: a line for each deal and bot."""
    groups: dict[tuple[int, str], list[SeatDeal]] = defaultdict(list)
    for row in rows:
        groups[row.deal, row.name].append(row)
    lines = [["deal", "bot", "deals", "points", "down", "points if down", "if not", "buys"]]
    for deal, name in sorted(groups, key=lambda key: (key[0], NAMES.index(key[1]))):
        group = groups[deal, name]
        down = [r.points for r in group if r.down]
        lines.append(
            [
                str(deal),
                name,
                str(len(group)),
                _mean([r.points for r in group]),
                f"{len(down) / len(group):.0%}",
                _mean(down),
                _mean([r.points for r in group if not r.down]),
                f"{sum(r.buys for r in group) / len(group):.2f}",
            ]
        )
    return table(lines, right={0, 2, 3, 4, 5, 6, 7})


def main(argv: Sequence[str] | None = None) -> int:
    parser = series_parser(__doc__.splitlines()[0], FULL_MATCHES)
    parser.add_argument(
        "--bot", default="strong", choices=lp.bots.LEVELS, help="the bot in ExpertBot's seats"
    )
    args = parse_series(parser, argv)
    print(
        f"Deal breakdown: {args.matches} house matches, 4 players (Studied = {args.bot}, "
        f"Strong, Basic, Basic; pairs dealt alike, seats rotated), seed {args.seed}, "
        f"{args.workers} worker(s); {python_line()}"
    )
    rows: list[SeatDeal] = []
    run_series(
        play_one, [(k, args.seed, args.bot) for k in range(args.matches)], args.workers, rows.extend
    )
    print()
    print(report(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
