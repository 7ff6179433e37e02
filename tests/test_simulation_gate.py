"""The simulation gate: random matches under every preset and player count finish and replay.

Each match is played by ``RandomBot`` seats (random play reaches every corner of the rules)
from a fixed seed and must

* end (``MATCH_OVER`` within a generous number of actions) without any exception, always
  offering at least one legal action;
* keep the cards adding up to the shoe after every action;
* score every deal, with totals that are the sums of the deal scores and the lowest total
  winning (ties share);
* replay from its saved record to the same ``state_key()`` and the same event texts.

``make test`` runs one match per preset at its fewest and its most players (about 30-60 s on
a 2-core machine). The ``slow`` test runs three matches at every allowed player count
(``pytest -m slow tests/test_simulation_gate.py``); ``benchmarks/simulation_gate.py`` runs as
many as you like and prints matches and steps per second. A failure names the preset, the
player count and the seed; reproduce it with::

    lp.play_match(preset, [lp.bots.RandomBot(seed * 100 + i) for i in range(n)], seed=seed)
"""

from __future__ import annotations

import pytest

import liverpool as lp

STEP_CAP = 200_000
"""More actions than this means the match never ends (random matches take under 10,000)."""


def run_gate_match(rules: lp.Rules, players: int, seed: int) -> lp.Game:
    """Play one checked random match; returns the finished game."""
    bots = [lp.bots.RandomBot(seed * 100 + seat) for seat in range(players)]
    game = lp.Game(rules, players, seed)
    shoe = len(rules.build_shoe(players))
    steps = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None, "nobody is to act but the match is not over"
        legal = game.legal_actions()
        assert legal, f"no legal action in phase {game.phase.value}, deal {game.deal}"
        game.apply(bots[seat].act(game.view(seat), legal))
        steps += 1
        assert game.total_cards() == shoe, f"after action {steps} the cards do not add up"
        assert steps < STEP_CAP, f"the match has not ended after {STEP_CAP} actions"
    assert game.to_act is None
    assert len(game.deal_scores) == rules.deals
    totals = [sum(row[i] for row in game.deal_scores) for i in range(players)]
    assert game.scores == totals
    assert game.winners == [i for i, t in enumerate(totals) if t == min(totals)]
    replayed = lp.Game.from_json(game.to_json())
    assert replayed.state_key() == game.state_key(), "the replay reached another state"
    assert [e.text for e in replayed.log] == [e.text for e in game.log]
    return game


def _cells(counts: str) -> list[tuple[str, int]]:
    cells = []
    for name, rules in lp.PRESETS.items():
        if counts == "ends":
            players = sorted({rules.min_players, rules.max_players})
        else:
            players = list(range(rules.min_players, rules.max_players + 1))
        cells.extend((name, n) for n in players)
    return cells


@pytest.mark.parametrize(("preset", "players"), _cells("ends"))
def test_gate_fewest_and_most_players(preset: str, players: int) -> None:
    game = run_gate_match(lp.PRESETS[preset], players, seed=1)
    assert game.is_over


@pytest.mark.slow
@pytest.mark.parametrize("seed", [100, 101, 102])
@pytest.mark.parametrize(("preset", "players"), _cells("all"))
def test_gate_every_player_count(preset: str, players: int, seed: int) -> None:
    game = run_gate_match(lp.PRESETS[preset], players, seed=seed)
    assert game.is_over


def test_gate_covers_every_preset_and_both_ends() -> None:
    cells = _cells("ends")
    assert {name for name, _ in cells} == set(lp.PRESETS)
    assert ("online", 2) in cells and ("house", 8) in cells
    assert len(_cells("all")) == sum(r.max_players - r.min_players + 1 for r in lp.PRESETS.values())
