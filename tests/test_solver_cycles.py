"""The searches leave no garbage cycles (issue 19).

A recursive nested function holds a reference to its own closure cell, so each call of a search
written that way left a reference cycle that only the cyclic garbage collector could free (a
quarter of the compiled engine's time went to it). These tests run the searches with the
collector off and check that a collection afterwards finds nothing to free.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

import liverpool as lp
from liverpool import Card, Rules
from liverpool.analysis import analyze_hand, contract_distance
from liverpool.solver import find_going_down, find_whole_hand

PRESETS = ["house", "classic", "me"]


def _hands(rules: Rules, seed: int, count: int = 40) -> list[tuple[list[Card], int]]:
    """Random hands of every deal, some bigger than dealt (as after buys), with their deal."""
    rng = random.Random(seed)
    shoe = rules.build_shoe(4)
    hands = []
    for i in range(count):
        deal = 1 + i % rules.deals
        size = rules.cards_dealt(deal) + rng.randrange(1, 8)
        hands.append((rng.sample(shoe, size), deal))
    return hands


@contextmanager
def _collector_off() -> Iterator[list[int]]:
    """Collect what is already garbage, then run the block with the collector off; yield a list
    that receives how many objects a collection after the block found unreachable."""
    found: list[int] = []
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield found
        found.append(gc.collect())
    finally:
        if was_enabled:
            gc.enable()


def _check(
    rules: Rules,
    ask: Callable[[list[Card], int], object],
    hands: list[tuple[list[Card], int]] | None = None,
) -> list[object]:
    """``ask`` about each hand (by default random ones) with the collector off: no cycles."""
    # Warm up on other hands first: the first calls build per-rules tables and import lazily.
    for hand, deal in _hands(rules, seed=1, count=10):
        ask(hand, deal)
    if hands is None:
        hands = _hands(rules, seed=2)
    with _collector_off() as found:
        answers = [ask(hand, deal) for hand, deal in hands]
    assert found == [0]
    return answers


@pytest.mark.parametrize("preset", PRESETS)
def test_find_going_down_leaves_no_cycles(preset: str) -> None:
    rules = lp.PRESETS[preset]
    answers = _check(rules, lambda hand, deal: find_going_down(hand, rules, deal))
    assert any(a is not None for a in answers)  # the search itself ran, not only the quick test
    _check(rules, lambda hand, deal: find_going_down(hand, rules, deal, extend=False))


def test_find_whole_hand_leaves_no_cycles() -> None:
    rules = lp.PRESETS["classic"]
    # Hands that can go down, cut to their melds and one more card: most use the whole hand.
    hands = []
    for hand, deal in _hands(rules, seed=3, count=60):
        melds = find_going_down(hand, rules, deal)
        if melds is not None:
            whole = [card for meld in melds for card in meld.cards]
            extra = list(hand)
            for card in whole:
                extra.remove(card)
            hands.append(([*whole, *extra[:1]], deal))
    answers = _check(rules, lambda hand, deal: find_whole_hand(hand, rules, deal, leave=1), hands)
    assert any(a is not None for a in answers)


@pytest.mark.parametrize("preset", PRESETS)
def test_analysis_leaves_no_cycles(preset: str) -> None:
    rules = lp.PRESETS[preset]
    _check(rules, lambda hand, deal: contract_distance(hand, rules, deal))
    _check(rules, lambda hand, deal: analyze_hand(hand, rules, deal, exact_outs=False))
    few = _hands(rules, seed=4, count=8)
    _check(rules, lambda hand, deal: analyze_hand(hand[:12], rules, deal), few)
