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

import sys
from pathlib import Path

import pytest

import liverpool as lp

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from simulation_gate import check_match  # the gate's checks, written once


def run_gate_match(rules: lp.Rules, players: int, seed: int) -> int:
    """Play one checked random match (:func:`simulation_gate.check_match`: it ends, the cards
    add up after every action, the scores and winners are right, the record replays); returns
    how many actions it took."""
    steps, _play, _replay = check_match(rules, players, seed)
    return steps


def _cells(counts: str) -> list[tuple[str, int]]:
    cells: list[tuple[str, int]] = []
    for name, rules in lp.PRESETS.items():
        if counts == "ends":
            players = sorted({rules.min_players, rules.max_players})
        else:
            players = list(range(rules.min_players, rules.max_players + 1))
        cells.extend((name, n) for n in players)
    return cells


@pytest.mark.parametrize(("preset", "players"), _cells("ends"))
def test_gate_fewest_and_most_players(preset: str, players: int) -> None:
    assert run_gate_match(lp.PRESETS[preset], players, seed=1) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", [100, 101, 102])
@pytest.mark.parametrize(("preset", "players"), _cells("all"))
def test_gate_every_player_count(preset: str, players: int, seed: int) -> None:
    assert run_gate_match(lp.PRESETS[preset], players, seed=seed) > 0


def test_gate_covers_every_preset_and_both_ends() -> None:
    cells = _cells("ends")
    assert {name for name, _ in cells} == set(lp.PRESETS)
    assert ("online", 2) in cells and ("house", 8) in cells
    assert len(_cells("all")) == sum(r.max_players - r.min_players + 1 for r in lp.PRESETS.values())
