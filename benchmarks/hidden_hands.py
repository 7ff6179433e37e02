"""Hidden hands: how far the evaluator's sampled hands are from the real ones.

ExpertBot and the review judge a decision on deals sampled consistently with the player's view
(``liverpool.evaluate.sample_hidden``): each other hand is dealt at random from the unseen cards,
apart from the discards it is known to have picked up. A real hand is not random: its player has
kept, turn after turn, the cards that bring the contract closer. This series measures the gap,
and one model of it.

It plays ``--matches`` four-player house matches of StrongBots. At every draw decision, for each
other player not yet down, it compares the contract distance of that player's real hand with
the mean over ``--samples`` sampled hands of two kinds:

* **uniform**: the evaluator's own samples (:func:`liverpool.evaluate.sample_hidden`);
* **built**: :func:`built_hands`, which deals each such hand from its size plus ``--scale`` times
  the player's turns this deal, cuts it back to its size keeping the naturals of its best
  partial contract and its wilds (the rest at random), and deals again (up to
  :data:`TRIES` times) a hand that could go down, since its player has not.

Figures (reported, no target) are grouped by deals 1-3 and 4-7 and by that player's turns this
deal (estimated from the cards gone from the stock). ``benchmarks/EXPERT.md`` reads them: the
uniform hands are far from the real ones late in a deal, the built ones close, and yet ExpertBot
sampling built hands played no better. About 6 CPU seconds a match::

    .venv-fast/bin/python benchmarks/hidden_hands.py --matches 20 --seed 0
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from benchlib import deal_seed, lp, parse_series, python_line, run_series, series_parser, table

from liverpool.analysis import contract_distance, hand_progress
from liverpool.cards import Card
from liverpool.evaluate import sample_hidden
from liverpool.view import PlayerView

FULL_MATCHES = 20
TRIES = 5
"""Deals of a built hand before settling for one that could go down."""
TURN_GROUPS = ((0, 2), (3, 5), (6, 8), (9, 99))
"""A player's turns this deal, grouped for the report."""

Deal = tuple[list[list[Card]], list[Card]]
"""Every hand (the seat's own as it is) and the stock, as the samplers give them."""


def turns_this_deal(view: PlayerView) -> int:
    """About how many turns each player has had this deal: the cards gone from the stock since
    the deal, shared among the players (penalty cards and reshuffles make it rough)."""
    shoe = len(view.rules.build_shoe(view.players))
    left_at_deal = shoe - view.contract.cards_dealt * view.players - 1
    return max(0, left_at_deal - view.stock_size) // view.players


def _cut(
    view: PlayerView, known: list[Card], cards: list[Card], size: int, rng: random.Random
) -> tuple[list[Card], list[Card]]:
    """``size`` of ``cards`` kept beside the ``known`` ones: the naturals of the best partial
    contract of them all and the wilds first, the rest at random; and the cards not kept."""
    rules = view.rules
    keep: Counter[Card] = Counter()
    for part in hand_progress(known + cards, rules, view.deal).partial:
        keep.update(part.cards)
    keep.subtract(known)
    kept: list[Card] = []
    rest: list[Card] = []
    for card in cards:
        if rules.is_wild(card) or keep[card] > 0:
            keep[card] -= 1
            kept.append(card)
        else:
            rest.append(card)
    rng.shuffle(kept)
    rng.shuffle(rest)
    if len(kept) >= size:
        return kept[:size], kept[size:] + rest
    need = size - len(kept)
    return kept + rest[:need], rest[need:]


def built_hands(view: PlayerView, rng: random.Random, scale: float) -> Deal:
    """Like :func:`~liverpool.evaluate.sample_hidden` (every hand and the stock, the same cards),
    but each other hand not yet down is *built*: dealt from its size plus ``scale`` times the
    turns this deal, cut back as :func:`_cut` keeps, the cards not kept shuffled into the stock."""
    hands, stock = sample_hidden(view, rng)
    pool = list(stock)
    extra = int(scale * turns_this_deal(view))
    for seat, hand in enumerate(hands):
        if seat == view.seat or view.down[seat] or not extra:
            continue
        known = list(view.picked_up[seat]) if view.picked_up else []
        free = list((Counter(hand) - Counter(known)).elements())
        if not free:
            continue
        take = min(extra, len(pool))
        choice: tuple[list[Card], list[Card]] | None = None
        for _ in range(TRIES):
            rng.shuffle(pool)
            kept, spare = _cut(view, known, free + pool[:take], len(free), rng)
            choice = (kept, spare + pool[take:])
            if contract_distance(known + kept, view.rules, view.deal) > 0:
                break
        assert choice is not None
        kept, pool = choice
        hands[seat] = known + kept
    rng.shuffle(pool)
    return hands, pool


@dataclass(frozen=True)
class Sighting:
    """One other player's hand at one draw decision: its real distance and the mean distances
    of the sampled ones."""

    late_deal: bool
    """Deals 4 to 7 (three melds), rather than 1 to 3."""
    turns: int
    real: int
    uniform: float
    built: float


def _mean_distance(view: PlayerView, deals: Sequence[Deal], seat: int) -> float:
    """The mean contract distance of ``seat``'s hand over ``deals``."""
    return sum(contract_distance(hands[seat], view.rules, view.deal) for hands, _ in deals) / len(
        deals
    )


def play_one(k: int, seed: int, samples: int, scale: float) -> list[Sighting]:
    """Match ``k`` of the series (run in a worker process)."""
    match_seed = deal_seed(seed, k)
    game = lp.Game("house", 4, match_seed)
    bots = [lp.bots.StrongBot(match_seed * 100 + i) for i in range(game.players)]
    rng = random.Random(f"hidden-hands:{match_seed}")
    found: list[Sighting] = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        legal = game.legal_actions()
        if any(isinstance(a, lp.DrawStock) for a in legal):
            drawn = [sample_hidden(view, rng) for _ in range(samples)]
            built = [built_hands(view, rng, scale) for _ in range(samples)]
            for other in range(game.players):
                if other == seat or view.down[other]:
                    continue
                found.append(
                    Sighting(
                        view.deal >= 4,
                        turns_this_deal(view),
                        contract_distance(game.hand(other), view.rules, view.deal),
                        _mean_distance(view, drawn, other),
                        _mean_distance(view, built, other),
                    )
                )
        game.apply(bots[seat].act(view, legal))
    return found


def report(rows: Sequence[Sighting]) -> str:
    """The mean distances by deals and turns, real beside sampled."""
    lines = [["deals", "turns", "hands", "real", "uniform", "built"]]
    for late in (False, True):
        for low, high in TURN_GROUPS:
            group = [r for r in rows if r.late_deal == late and low <= r.turns <= high]
            if not group:
                continue
            n = len(group)
            lines.append(
                [
                    "4-7" if late else "1-3",
                    f"{low}-{high}" if high < 99 else f"{low}+",
                    str(n),
                    f"{sum(r.real for r in group) / n:.2f}",
                    f"{sum(r.uniform for r in group) / n:.2f}",
                    f"{sum(r.built for r in group) / n:.2f}",
                ]
            )
    return table(lines, right={2, 3, 4, 5})


def main(argv: Sequence[str] | None = None) -> int:
    parser = series_parser(__doc__.splitlines()[0], FULL_MATCHES)
    parser.add_argument("--samples", type=int, default=4, help="sampled deals of each kind")
    parser.add_argument(
        "--scale", type=float, default=2.0, help="extra cards a built hand is cut from, per turn"
    )
    args = parse_series(parser, argv)
    print(
        f"Hidden hands: {args.matches} house matches of four StrongBots, seed {args.seed}, "
        f"{args.samples} samples of each kind, built with --scale {args.scale}; "
        f"contract distance of the other players' hands not yet down, at draw decisions; "
        f"{python_line()}"
    )
    rows: list[Sighting] = []
    jobs = [(k, args.seed, args.samples, args.scale) for k in range(args.matches)]
    run_series(play_one, jobs, args.workers, rows.extend)
    print()
    print(report(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
