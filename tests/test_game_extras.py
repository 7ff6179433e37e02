"""Game helpers the table and the coach rely on: why_not, is_legal, copy, replay_to, actors,
and the timeout play (idle_action)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

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


# -- the history is read-only; bad arguments are refused in words ------------------------------


def test_the_history_reads_as_a_list_but_cannot_change_the_game() -> None:
    game = _played(steps=30)
    record = game.to_json()
    assert len(game.actions) == len(game.actors) == 30 and len(game.log) > 30
    assert game.actions == list(game.actions) and game.actions[:3] == list(game.actions)[:3]
    assert game.actions[-1] == list(game.actions)[-1] and game.actors[0] == 1  # seat 1 starts
    assert list(reversed(game.actions)) == list(game.actions)[::-1]
    assert game.log[0] in game.log and repr(game.actors) == repr(list(game.actors))
    histories: list[Sequence[object]] = [game.actions, game.actors, game.log]
    for history in histories:
        for change in ("pop", "append", "clear", "extend", "insert", "remove", "sort"):
            assert not hasattr(history, change)
        with pytest.raises(TypeError):
            del history[0]  # type: ignore[attr-defined]
        with pytest.raises(TypeError):
            history[0] = history[0]  # type: ignore[index]
    with pytest.raises(AttributeError):
        game.actions = []  # type: ignore[misc,assignment]
    assert game.to_json() == record
    assert lp.Game.from_json(record).state_key() == game.state_key()


def test_the_history_follows_the_game_and_copies_are_apart() -> None:
    game = lp.Game("house", 4, 1)
    actions = game.actions
    assert actions == [] and len(actions) == 0
    game.apply(lp.DrawStock())
    assert actions == [lp.DrawStock()] and game.actors == [game.turn_player]
    twin = game.copy()
    twin.apply(twin.legal_actions()[0])
    assert len(twin.actions) == 2 and len(game.actions) == 1
    assert twin.actions[:1] == game.actions


def test_replay_to_refuses_what_is_not_a_step() -> None:
    game = _played(steps=10)
    before = game.state_key()
    for bad in ("x", "3", 2.0, True, -1, 11, None):
        with pytest.raises(ValueError, match=r"steps must be 0 to 10, not "):
            game.replay_to(bad)  # type: ignore[arg-type]
    assert game.state_key() == before
    assert game.replay_to(10).state_key() == before


def test_idle_action_after_the_match_says_it_is_over() -> None:
    game = lp.Game("house", 3, 2)
    bots = [RandomBot(seat) for seat in range(3)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    with pytest.raises(lp.IllegalAction, match="The match is over"):
        game.idle_action()


def test_a_seat_may_be_named_by_its_player() -> None:
    game = lp.Game("house", ["Ada", "Ben", "Cleo"], 3)
    assert [game.seat(name) for name in ("Ada", "Ben", "Cleo")] == [0, 1, 2]
    assert game.hand("Ben") == game.hand(1) and game.view("Cleo") == game.view(2)
    assert game.is_down("Ada") is False and game.buys_left("Cleo") == game.buys_left(2)
    assert game.seat(2) == 2  # numbers as before
    for bad in (True, "1", "ada", "Zed", -1, 3, 1.0, None):
        with pytest.raises(lp.SeatError, match=r"the seats are 0 \(Ada\), 1 \(Ben\), 2 \(Cleo\)"):
            game.seat(bad)
    before = game.state_key()
    with pytest.raises(lp.IllegalAction, match="It is not your turn"):
        game.apply(lp.DrawStock(), player="Ada")  # Ben plays first
    assert game.state_key() == before
    game.apply(lp.DrawStock(), player="Ben")
    assert game.actors == [1]


def test_a_name_two_seats_share_is_refused() -> None:
    """Setup refuses two players of one name; a Setup built by hand may still have them."""
    setup = lp.Setup(lp.PRESETS["house"], ("Ada", "Ada", "Ben"), 1)
    game = lp.Game(setup=setup)
    with pytest.raises(lp.SeatError, match="Seats 0 and 1 are both called 'Ada'"):
        game.hand("Ada")
    assert game.seat("Ben") == 2
