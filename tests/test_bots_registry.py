"""The bot registry (``liverpool.bots.registry``): opponents by seat and the coach that answers
Hint. One game seed must give the same coach, and so the same advice, on every screen."""

from __future__ import annotations

import pytest

import liverpool as lp
from liverpool.actions import Action
from liverpool.bots import StrongBot, coach, for_seats, seat_seed
from liverpool.bots.registry import COACH_SEAT
from liverpool.site_driver import SiteMatch
from liverpool.table_session import Coach
from liverpool.terminal import TerminalGame, make_bots


def positions(seed: int, steps: int = 240) -> list[tuple[lp.PlayerView, list[Action]]]:
    """Seat 0's decisions in a basic-bot game: what a coach would be asked for a hint."""
    game = lp.Game("house", 4, seed=seed)
    bots = for_seats("basic", range(4), seed)
    asked = []
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        if seat == 0:
            asked.append((game.view(0), game.legal_actions()))
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()), player=seat)
    return asked


def advice(bot: Coach, asked: list[tuple[lp.PlayerView, list[Action]]]) -> list[object]:
    return [bot.explain(view, legal) for view, legal in asked]


def test_the_coach_is_a_strong_bot_seeded_apart_from_every_opponent() -> None:
    made = coach(7)
    assert isinstance(made, StrongBot) and made.seed == seat_seed(7, COACH_SEAT)
    opponents = list(for_seats("strong", range(8), 7).values())
    assert all(isinstance(bot, StrongBot) for bot in opponents)
    assert made.seed not in {bot.seed for bot in opponents if isinstance(bot, StrongBot)}
    assert isinstance(coach(7, "Expert"), lp.bots.ExpertBot)
    with pytest.raises(lp.LiverpoolError, match=r"cannot coach.*basic, strong, expert"):
        coach(7, "random")
    with pytest.raises(lp.LiverpoolError, match="no bot called"):
        coach(7, "grandmaster")


def test_the_coachs_seed_changes_its_advice() -> None:
    """Why every screen must agree on the seed: the strong coach samples the unseen cards."""
    asked = positions(seed=21)
    assert advice(coach(21), asked) == advice(coach(21), asked)
    assert any(advice(coach(other), asked) != advice(coach(21), asked) for other in range(1, 6))


def test_the_terminal_the_site_and_the_notebook_table_give_the_same_hints() -> None:
    seed = 21
    asked = positions(seed)
    want = advice(coach(seed), asked)
    terminal = TerminalGame(lp.Game("house", 4, seed=seed), 0, make_bots("basic", [1, 2, 3], seed))
    assert advice(terminal.coach, asked) == want
    site = SiteMatch(lp.Game("house", 4, seed=seed), pace=0)
    assert advice(site.coach, asked) == want
    pytest.importorskip("ipywidgets")
    from liverpool_widgets.play import MatchTable

    notebook = MatchTable(lp.Game("house", 4, seed=seed), pace=0)
    assert advice(notebook.table.coach, asked) == want
