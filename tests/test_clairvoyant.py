"""``benchmarks/clairvoyant.py`` bounds what StrongBot's judgement gains from the hidden cards.

``benchmarks/EXPERT.md`` reads issue 17's miss against it, so the Seer must differ from StrongBot
only in what it looks at: seeing nothing it plays StrongBot's very match, and it must look at the
true stock (top card first) and the true hands.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

import liverpool as lp

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from clairvoyant import Seer, hidden_cards, play_one  # the series' own, not copies
from feed_weights import play_one as strength_match


def test_a_seer_that_sees_nothing_plays_strongbots_match() -> None:
    blind = play_one(5, 0, frozenset(), 12)
    strong = strength_match(5, 0, {})  # StrongBot in the Seer's seats: same deal, same seeds
    assert blind.scores == strong.scores
    assert [n.replace("Seer", "Tuned") for n in blind.names] == list(strong.names)


def test_the_seer_sees_the_true_stock_and_hands() -> None:
    game = lp.Game("house", 4, 7)
    hidden = hidden_cards(game)
    seat = game.to_act
    assert seat is not None
    assert hidden.hands == tuple(tuple(game.hand(s)) for s in range(4))
    assert len(hidden.stock) == game.stock_size
    before = Counter(game.hand(seat))
    game.apply(lp.DrawStock())
    while game.phase == lp.Phase.BUY:  # (the upcard is offered to the others first)
        game.apply(lp.Pass())
    assert Counter(game.hand(seat)) - before == Counter([hidden.stock[0]])


def test_the_seer_leaves_a_discard_the_stock_matches() -> None:
    # Two sets: the 9♥ on the pile and the 9♠ on the stock each complete the nines.
    game = lp.Game.from_deal(
        "house", ["7S 7H 7D 9C 9D 2C 4D 5H JC QD", "", "", ""], "9S", "9H", dealer=3
    )
    view, legal = game.view(0), game.legal_actions()
    assert isinstance(lp.bots.StrongBot(0).act(view, legal), lp.TakeDiscard)
    assert isinstance(Seer(0, game).act(view, legal), lp.DrawStock)
    assert isinstance(Seer(0, game, frozenset({"feed"})).act(view, legal), lp.TakeDiscard)


def test_a_sight_it_does_not_know_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown sights"):
        Seer(0, lp.Game("house", 4, 0), frozenset({"minds"}))
