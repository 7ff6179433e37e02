"""Game helpers the table and the coach rely on: why_not, is_legal, copy, replay_to, actors,
and the timeout play (idle_action)."""

from __future__ import annotations

import liverpool as lp
from liverpool.bots import RandomBot


def _played(preset: str = "house", steps: int = 200, seed: int = 5) -> lp.Game:
    game = lp.Game(preset, 4, seed)
    bots = [RandomBot(seat) for seat in range(4)]
    for _ in range(steps):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    return game


def test_why_not_answers_without_changing_the_game() -> None:
    game = lp.Game("house", 4, 1)
    before = game.state_key()
    reason = game.why_not(lp.Discard(game.hand(1)[0]))
    assert reason == "You must draw before you discard."
    assert game.why_not(lp.DrawStock()) is None
    assert game.why_not(lp.DrawStock(), player=2) is not None
    assert game.state_key() == before
    assert not game.is_legal(lp.Buy())
    assert game.state_key() == before


def test_copy_is_independent_and_equal() -> None:
    game = _played()
    twin = game.copy()
    assert twin.state_key() == game.state_key()
    seat = twin.to_act
    assert seat is not None
    twin.apply(twin.legal_actions()[0])
    assert twin.state_key() != game.state_key()
    assert len(game.actions) == 200


def test_replay_to_rebuilds_any_earlier_moment() -> None:
    game = _played(steps=120)
    assert len(game.actors) == len(game.actions) == 120
    middle = game.replay_to(60)
    assert len(middle.actions) == 60
    assert middle.actions == game.actions[:60]
    assert middle.actors == game.actors[:60]
    assert game.replay_to(120).state_key() == game.state_key()


def test_idle_action_passes_buys_and_draws_then_discards_the_drawn_card() -> None:
    game = lp.Game.from_deal(
        "online",
        hands=[
            "KS KD 5C 6C 7C 9H 10H JH 3S 4D",
            "AS AH 2C 3C 4C 5D 6D 7D 8S 9S",
            "QS QD QC JS 10S 8H 7H 6H 5H 4H",
            "3H 3D 5S 6S 7S 8C 9C 10C JD QH",
        ],
        stock=["8D", "KC"],
        upcard="KH",
    )
    assert game.idle_action() == lp.DrawStock()
    game.apply(game.idle_action())
    while game.phase is lp.Phase.BUY:
        assert game.idle_action() == lp.Pass()
        game.apply(game.idle_action())
    assert game.phase is lp.Phase.PLAY
    assert game.idle_action() == lp.Discard("8D")
