"""``benchmarks/hidden_hands.py`` measures how far sampled hands are from real ones.

``benchmarks/EXPERT.md`` reads its built hands as a model of a player who keeps what helps, so
they must be a true deal of the unseen cards (the same cards as the evaluator's samples, every
hand at its size, the seat's own hand and the known pickups where they are) and must in fact be
closer to the contract than the evaluator's uniform hands late in a deal.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import liverpool as lp
from liverpool.analysis import contract_distance
from liverpool.evaluate import sample_hidden

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from hidden_hands import built_hands, play_one, turns_this_deal  # the series' own


def _late_in_deal_4() -> lp.Game:
    """A match of StrongBots, stopped at a draw with about six turns each gone in deal 4."""
    game = lp.Game("house", 4, 11)
    bots = [lp.bots.StrongBot(i) for i in range(4)]
    while True:
        seat = game.to_act
        assert seat is not None and not game.is_over
        view, legal = game.view(seat), game.legal_actions()
        late = view.deal == 4 and turns_this_deal(view) >= 6
        if late and any(isinstance(a, lp.DrawStock) for a in legal):
            return game
        game.apply(bots[seat].act(view, legal))


def test_turns_this_deal_start_at_nothing_and_grow() -> None:
    game = lp.Game("house", 4, 3)
    assert turns_this_deal(game.view(0)) == 0
    game = _late_in_deal_4()
    view = game.view(game.to_act or 0)
    assert 6 <= turns_this_deal(view) <= 20


def test_built_hands_deal_exactly_the_unseen_cards() -> None:
    game = _late_in_deal_4()
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    for k in range(5):
        uniform = sample_hidden(view, random.Random(k))
        hands, stock = built_hands(view, random.Random(k), 2.0)
        everything = Counter(c for hand in hands for c in hand) + Counter(stock)
        assert everything == Counter(c for h in uniform[0] for c in h) + Counter(uniform[1])
        assert [len(h) for h in hands] == list(view.hand_sizes)
        assert len(stock) == view.stock_size
        assert hands[seat] == list(view.hand)
        for other, picked in enumerate(view.picked_up):
            assert not Counter(picked) - Counter(hands[other])


def test_built_hands_are_closer_than_uniform_ones_late_in_a_deal() -> None:
    game = _late_in_deal_4()
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    others = [s for s in range(4) if s != seat and not view.down[s]]
    assert others

    def mean(built: bool) -> float:
        total = 0
        for k in range(12):
            rng = random.Random(k)
            hands = built_hands(view, rng, 2.0)[0] if built else sample_hidden(view, rng)[0]
            total += sum(contract_distance(hands[s], view.rules, view.deal) for s in others)
        return total / (12 * len(others))

    assert mean(built=True) < mean(built=False) - 0.5


def test_the_series_reports_every_other_hand_not_down() -> None:
    rows = play_one(0, 0, 1, 2.0)
    assert rows
    assert all(r.real >= 0 and r.uniform >= 0 and r.built >= 0 for r in rows)
    assert {r.late_deal for r in rows} == {False, True}
