"""The expert-strength series seats its bots fairly: every seat, both orders, the same deals.

A player draws from the discards of the player before, and StrongBot (so ExpertBot) throws the
next player fewer helpful cards than BasicBot does, so who sits before whom moves the scores:
StrongBot itself, always seated just before StrongBot (so fed by a BasicBot), scored about 90%
of StrongBot. ``benchmarks/expert_strength.py`` (and ``feed_weights.py``, which borrows its
seats) therefore plays its matches in pairs dealt alike, ExpertBot and StrongBot trading seats;
these tests hold it to that, down to a bot that plays as StrongBot does scoring exactly 100%.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from benchlib import by_pair, deal_seed, paired, paired_lineup  # the series' own, not copies
from benchlib import lineup as plain_lineup
from expert_strength import lineup
from feed_weights import NAMES, play_one

BLOCK = 8
"""Matches after which the seating has come full circle."""


def _before(names: tuple[str, ...], first: str, second: str) -> bool:
    """Whether ``first`` plays just before ``second`` (so discards to them)."""
    return names[(names.index(first) + 1) % len(names)] == second


@pytest.mark.parametrize("start", [0, 8, 392])
def test_every_bot_sits_in_every_seat_equally_often(start: int) -> None:
    seats = Counter(
        (seat, name) for k in range(start, start + BLOCK) for seat, name in enumerate(lineup(k))
    )
    for seat in range(4):
        assert seats[seat, "ExpertBot"] == seats[seat, "StrongBot"] == 2
        assert seats[seat, "BasicBot"] == 4


@pytest.mark.parametrize("start", [0, 8, 392])
def test_expert_discards_to_strong_as_often_as_strong_to_expert(start: int) -> None:
    block = [lineup(k) for k in range(start, start + BLOCK)]
    expert_first = sum(_before(names, "ExpertBot", "StrongBot") for names in block)
    strong_first = sum(_before(names, "StrongBot", "ExpertBot") for names in block)
    assert expert_first == strong_first == BLOCK // 2


@pytest.mark.parametrize("j", [0, 1, 2, 3, 199])
def test_a_pair_is_dealt_alike_with_expert_and_strong_trading_seats(j: int) -> None:
    first, second = lineup(2 * j), lineup(2 * j + 1)
    assert deal_seed(100, 2 * j) == deal_seed(100, 2 * j + 1) == 100 + j
    assert first.index("ExpertBot") == second.index("StrongBot")
    assert first.index("StrongBot") == second.index("ExpertBot")
    assert [i for i, n in enumerate(first) if n == "BasicBot"] == [
        i for i, n in enumerate(second) if n == "BasicBot"
    ]
    assert Counter(first) == {"ExpertBot": 1, "StrongBot": 1, "BasicBot": 2}


def test_strongbot_in_experts_seats_scores_exactly_what_strongbot_scores() -> None:
    # feed_weights.py with no weights seats StrongBot itself as "Tuned": both matches of a pair
    # are then the same match with the names swapped, so the comparison reads exactly 100%
    outcomes = [play_one(k, 7, {}) for k in (0, 1)]
    first, second = outcomes
    assert first.scores == second.scores
    assert first.mean_score("Tuned") == second.mean_score("StrongBot")
    assert first.mean_score("Tuned") != first.mean_score("StrongBot")  # the seats did differ
    control = paired(by_pair(outcomes, NAMES), "Tuned", "StrongBot", matches=2)
    assert control.ratio[0] == pytest.approx(1.0)
    assert control.diff == 0.0


@pytest.mark.parametrize("j", [0, 1, 2, 11, 199])
def test_bot_strength_pairs_trade_strong_and_basic_seats(j: int) -> None:
    # bot_strength.py --pairs: in the plain line-up BasicBot always plays just after StrongBot
    first, second = paired_lineup(2 * j), paired_lineup(2 * j + 1)
    assert first == plain_lineup(j)
    strong, basic = first.index("StrongBot"), first.index("BasicBot")
    assert second[strong] == "BasicBot"
    assert second[basic] == "StrongBot"
    assert [n for i, n in enumerate(first) if i not in (strong, basic)] == [
        n for i, n in enumerate(second) if i not in (strong, basic)
    ]
    assert Counter(first) == Counter(second)
