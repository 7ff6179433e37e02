"""Clairvoyant: how far StrongBot's own judgement gets when it may look at the hidden cards.

Issue 17 asks for an ExpertBot scoring at most 85% of StrongBot. Every honest attempt lands near
100% (``benchmarks/EXPERT.md``). This series asks how much that judgement could gain from
knowing what no player may know, which bounds what better guessing of the hidden cards can buy.
The Seer is a StrongBot that cheats where StrongBot plays the odds:

* ``draw``: it takes the discard or draws as the stock's actual top card would leave its hand
  better (StrongBot compares the discard with an average unseen card);
* ``discards``: the cards it counts as "unseen" when weighing a discard are the top
  ``--horizon`` cards of the stock, the ones the table will actually draw next (StrongBot counts
  every card it cannot see);
* ``feed``: it weighs what a discard would do for the next player against that player's actual
  hand (StrongBot samples hands consistent with its view), before and after going down.

It reads the stock and the hands through :meth:`liverpool.Game.state_key` and
:meth:`liverpool.Game.hand`, so it is a benchmark device, never a bot a learner meets. Everything
else it plays as StrongBot does; with ``--sees ''`` it *is* StrongBot and scores exactly 100%.

Plays ``--matches`` four-player house matches in ``expert_strength.py``'s seats (pairs dealt
alike, the Seer and StrongBot trading seats, seats rotated), the Seer in ExpertBot's seats
beside StrongBot and two BasicBots, and prints the Seer's mean score as a share of StrongBot's,
paired, with its 95% interval. Figures are reported, with no target. A match takes about half a
CPU second on the compiled engine::

    .venv-fast/bin/python benchmarks/clairvoyant.py --matches 400 --seed 0
    .venv-fast/bin/python benchmarks/clairvoyant.py --matches 400 --seed 0 --sees feed
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from benchlib import deal_seed, lp, make_bots, parse_series, python_line, series_parser
from expert_strength import lineup
from feed_weights import MatchOutcome, play_match, play_series

from liverpool.actions import Action
from liverpool.bots.basic import _first
from liverpool.cards import Card

FULL_MATCHES = 400
NAMES = ("Seer", "StrongBot", "BasicBot")
SIGHTS = ("draw", "discards", "feed")
"""What the Seer may look at (module docstring)."""
HORIZON = 12
"""Stock cards the Seer counts as unseen when it weighs a discard: about three rounds' draws."""


@dataclass(frozen=True)
class Hidden:
    """The cards no player may see: the stock (top card first) and every hand."""

    stock: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]


def hidden_cards(game: lp.Game) -> Hidden:
    """What ``game`` hides from its players, now."""
    state = dict(game.state_key()[0])
    stock: Sequence[Card] = state["stock"]  # (top card last)
    return Hidden(tuple(reversed(stock)), tuple(tuple(game.hand(s)) for s in range(game.players)))


class Seer(lp.bots.StrongBot):
    """StrongBot, looking at the hidden cards of ``game`` where ``sights`` allow."""

    name = "seer"

    def __init__(
        self,
        seed: int | None,
        game: lp.Game,
        sights: frozenset[str] = frozenset(SIGHTS),
        horizon: int = HORIZON,
    ) -> None:
        super().__init__(seed)
        unknown = sights - set(SIGHTS)
        if unknown:
            raise ValueError(f"unknown sights {sorted(unknown)}; choose from {SIGHTS}")
        self.game, self.sights, self.horizon = game, sights, horizon

    def _unseen(self, view: lp.PlayerView) -> Counter[Card]:  # type: ignore[override]
        """The next :attr:`horizon` stock cards, when it may look at them."""
        ahead = hidden_cards(self.game).stock[: self.horizon]
        if "discards" in self.sights and ahead:
            return Counter(ahead)
        return super()._unseen(view)

    def _known_hand(self, view: lp.PlayerView, seat: int) -> list[Card]:
        """The next player's whole hand, when it may look at it."""
        return list(hidden_cards(self.game).hands[seat]) if "feed" in self.sights else []

    def _draw(self, view: lp.PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        top, stock = view.discard_top, hidden_cards(self.game).stock
        take, draw = _first(legal, lp.TakeDiscard), _first(legal, lp.DrawStock)
        plain = view.is_down or _first(legal, lp.GoOut) is not None
        if "draw" not in self.sights or plain or None in (top, take, draw) or not stock:
            return super()._draw(view, legal)
        assert top is not None and take is not None and draw is not None
        unseen = self._unseen(view)
        _, with_top = self._best_discard(view, [*view.hand, top], unseen)
        _, with_stock = self._best_discard(view, [*view.hand, stock[0]], unseen)
        if (with_top.distance, with_top.turns) < (with_stock.distance, with_stock.turns):
            return take, f"Take the {top}: the stock's {stock[0]} would help less."
        return draw, f"Draw the {stock[0]} from the stock: it helps as much as the {top}."


def play_one(k: int, seed: int, sights: frozenset[str], horizon: int) -> MatchOutcome:
    """Match ``k`` of the series (run in a worker process)."""
    seats = lineup(k)
    names = tuple("Seer" if name == "ExpertBot" else name for name in seats)
    match_seed = deal_seed(seed, k)
    game = lp.Game("house", 4, match_seed)
    bots = make_bots(["StrongBot" if n == "Seer" else n for n in names], match_seed)
    for i, name in enumerate(names):
        strong = bots[i]
        if name == "Seer" and isinstance(strong, lp.bots.StrongBot):
            bots[i] = Seer(strong.seed, game, sights, horizon)  # (seeded as make_bots seeds it)
    return play_match(k, names, bots, game)


def main(argv: Sequence[str] | None = None) -> int:
    parser = series_parser(__doc__.splitlines()[0], FULL_MATCHES)
    parser.add_argument(
        "--sees",
        default=",".join(SIGHTS),
        help=f"comma-separated sights of {SIGHTS} ('' for none: StrongBot itself)",
    )
    parser.add_argument("--horizon", type=int, default=HORIZON, help="stock cards it counts")
    args = parse_series(parser, argv)
    sights = frozenset(s for s in args.sees.split(",") if s)
    print(
        f"Clairvoyant: {args.matches} house matches, 4 players (Seer, Strong, Basic, Basic; "
        f"pairs dealt alike, Seer and Strong swapped, seats rotated), seed {args.seed}, "
        f"{args.workers} worker(s); the Seer sees {', '.join(sorted(sights)) or 'nothing'} "
        f"(horizon {args.horizon}); {python_line()}"
    )
    jobs = [(k, args.seed, sights, args.horizon) for k in range(args.matches)]
    return play_series(play_one, jobs, args, NAMES)


if __name__ == "__main__":
    raise SystemExit(main())
