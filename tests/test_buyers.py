"""``Game.buyers()``: the engine's one answer to who is offered a declined discard, and in what
order. It must be exactly the seats the buy window then asks (seen as ``to_act`` while they
pass), under a clockwise preset and a first-to-call one, and the buying lesson must show the
same order.
"""

from __future__ import annotations

import pytest

import liverpool as lp

# house and online ask the nearest clockwise first; traditional lets the first caller win.
PRESETS = ["house", "online", "traditional"]


def asked_in_turn(game: lp.Game) -> tuple[int, ...]:
    """Decline the discard on a copy of ``game`` and let every seat asked pass: the seats the
    window actually asks, in order."""
    probe = game.copy()
    probe.apply(lp.DrawStock())
    asked: list[int] = []
    while probe.phase is lp.Phase.BUY:
        seat = probe.to_act
        assert seat is not None
        assert probe.buyers() == game.buyers()  # the whole window, those who passed included
        asked.append(seat)
        probe.apply(lp.Pass(), player=seat)
    return tuple(asked)


def draw_decisions(preset: str, seed: int, steps: int = 400) -> list[lp.Game]:
    """Copies of a bot-played game at every draw decision with a discard on the pile."""
    game = lp.Game(preset, 4, seed=seed)
    bots = lp.bots.for_seats("basic", range(4), seed)
    found: list[lp.Game] = []
    for _ in range(steps):
        if game.is_over:
            break
        if game.phase is lp.Phase.DRAW and game.discard_top is not None:
            found.append(game.copy())
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()), player=seat)
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_buyers_are_the_seats_the_window_asks_in_order(preset: str) -> None:
    positions = draw_decisions(preset, seed=11)
    assert len(positions) > 20
    starts = set()
    for game in positions:
        buyers = game.buyers()
        assert asked_in_turn(game) == buyers
        n = game.players
        ahead = [(buyer - game.turn_player) % n for buyer in buyers]
        assert ahead == sorted(ahead) and 0 not in ahead  # clockwise from the player to draw
        assert all(game.why_not_buy(seat) is None for seat in buyers)
        left_out = set(range(n)) - set(buyers)
        assert all(game.why_not_buy(seat) is not None for seat in left_out)
        starts.add(game.turn_player)
    assert starts == {0, 1, 2, 3}  # the order wraps round the table from every seat


def test_no_buyers_when_nothing_is_on_offer() -> None:
    game = lp.Game("house", 4, seed=3)
    game.apply(lp.TakeDiscard())
    assert game.phase is lp.Phase.PLAY and game.buyers() == ()
    no_buying = lp.Game(lp.Rules(buying=False), 4, seed=3)
    assert no_buying.buyers() == ()
    no_buying.apply(lp.DrawStock())
    assert no_buying.phase is lp.Phase.PLAY  # no window opened


def test_clockwise_gives_the_card_to_the_first_asked_who_accepts() -> None:
    game = next(g for g in draw_decisions("house", seed=5) if len(g.buyers()) >= 2)
    first, second = game.buyers()[:2]
    game.apply(lp.DrawStock())
    assert game.to_act == first
    game.apply(lp.Pass(), player=first)
    card = game.discard_top
    game.apply(lp.Buy(), player=second)
    assert game.phase is not lp.Phase.BUY and card in game.hand(second)


def test_first_to_call_still_asks_everyone_in_the_same_order() -> None:
    game = next(g for g in draw_decisions("traditional", seed=5) if len(g.buyers()) >= 2)
    buyers = game.buyers()
    game.apply(lp.DrawStock())
    asked = []
    while game.phase is lp.Phase.BUY:
        seat = game.to_act
        assert seat is not None
        asked.append(seat)
        game.apply(lp.Buy(), player=seat)  # everyone calls: the window still asks each in turn
    assert tuple(asked) == buyers


@pytest.mark.parametrize("preset", ["house", "online", "traditional", "me"])
def test_the_buying_lesson_shows_the_engines_order(preset: str) -> None:
    pytest.importorskip("anywidget")
    from liverpool_widgets.lessons.buying import buy_order, deal_scenario

    for table in ((), ((3, "5H 5D 5S"),)):
        game = deal_scenario(preset, table=table)
        before, _ = buy_order(game)
        assert before == list(game.buyers()) and list(asked_in_turn(game)) == before
        game.apply(lp.DrawStock())  # Ben declines the 7♥
        during, why = buy_order(game)
        assert during == before
        assert set(why) == set(range(game.players)) - set(during)
