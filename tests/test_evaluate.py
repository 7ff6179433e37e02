"""The evaluator: from one seat's view, sampled deals and playouts prefer the plainly right move,
the same seed gives the same estimates, and only the view is used."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

import liverpool as lp
from liverpool.evaluate import (
    Budget,
    NotEvaluable,
    describe_action,
    evaluate,
    rebuild,
    sample_hidden,
)

# House deal 1 (two sets of three). Seat 0 plays first (the dealer is seat 3); the others hold
# cards that make nothing special. The stock's top card is the 8♦.
OTHERS = [
    "AS AH 2C 3C 4C 5D 6D 7S 8S 9S",
    "QS QC JS 10S 8H 6H 5H 4H 3H 2H",
    "3D 5C 6S 8C 9C 10C JD QH 2S 6C",
]
ONE_SET = "7H 7C 7D KS KD 9H 4C 3S QD 5S"  # sevens complete, kings a pair, the rest dead weight
# Late in a deal: seats 1 and 2 are down with three cards each, so the deal ends soon.
LATE = ["4H 10S 6H", "6C 2S 3H", "AS AH 2C 3C 4C 5D 6D 7S 8S 9H"]
LATE_TABLE = [(1, "QS QC QD"), (1, "JS JC JD"), (2, "5H 5C 5S"), (2, "9S 9C 9D")]


def _after_draw(
    hand: str, others: list[str] = OTHERS, table: list[tuple[int, str]] | None = None
) -> lp.Game:
    """Seat 0 has drawn the 8♦ from the stock (nobody bought the upcard, the J♣)."""
    game = lp.Game.from_deal(
        "house", [hand, *others], "8D", "JC", dealer=3, seed=5, table=table or []
    )
    game.apply(lp.DrawStock())
    while game.phase is lp.Phase.BUY:
        game.apply(lp.Pass())
    assert game.phase is lp.Phase.PLAY and game.to_act == 0
    return game


def test_discarding_dead_weight_beats_breaking_a_complete_set() -> None:
    game = _after_draw(ONE_SET)
    view, legal = game.view(0), game.legal_actions()
    result = evaluate(
        view,
        legal,
        [lp.Discard("7H"), lp.Discard("QD")],
        budget=Budget(samples=48, min_samples=48),
        seed=2,
    )
    assert result.best == lp.Discard("QD")
    broken = result.estimate(lp.Discard("7H"))
    assert broken.loss > 2 * broken.loss_stderr > 0
    assert broken.samples == result.samples == 48
    assert result.exact  # the rebuilt position has exactly the legal actions of the real one


def test_going_down_beats_waiting_a_turn() -> None:
    game = _after_draw("7H 7C 7D KS KD KC 4C 3S QH 5S", LATE, LATE_TABLE)
    view, legal = game.view(0), game.legal_actions()
    go_down = next(a for a in legal if isinstance(a, lp.GoDown))
    result = evaluate(
        view,
        legal,
        [go_down, lp.Discard("QH")],
        budget=Budget(samples=32, min_samples=32),
        seed=1,
    )
    assert result.best == go_down
    waiting = result.estimate(lp.Discard("QH"))
    assert waiting.loss > 2 * waiting.loss_stderr > 0


def test_buying_the_card_one_short_beats_passing_under_house_rules() -> None:
    # Seat 0 leaves the K♥ for the stock; seat 1, one king short of two sets, may buy it while
    # seats 2 and 3, down with two cards each, are close to going out.
    hands = [LATE[2], "7H 7C 7D KS KD 3C 4S 8H", "4H 10S", "6C 2S"]
    table = [(2, "QS QC QD"), (2, "JS JC JD"), (3, "5H 5C 5S"), (3, "9S 9C 9D")]
    game = lp.Game.from_deal("house", hands, "8D", "KH", dealer=3, seed=5, table=table)
    game.apply(lp.DrawStock())
    assert game.phase is lp.Phase.BUY and game.to_act == 1
    view, legal = game.view(1), game.legal_actions()
    result = evaluate(view, legal, budget=Budget(samples=48, min_samples=48), seed=2)
    assert result.best == lp.Buy()
    passing = result.estimate(lp.Pass())
    assert passing.loss > passing.loss_stderr > 0


def test_the_same_seed_gives_the_same_estimates() -> None:
    game = _after_draw(ONE_SET)
    view, legal = game.view(0), game.legal_actions()
    cands = [lp.Discard("7H"), lp.Discard("QD"), lp.Discard("KS")]
    budget = Budget(samples=12, min_samples=4)
    one = evaluate(view, legal, cands, budget=budget, seed=9)
    two = evaluate(view, legal, cands, budget=budget, seed=9)
    assert one.estimates == two.estimates and one.costs == two.costs
    other = evaluate(view, legal, cands, budget=budget, seed=10)
    assert other.costs != one.costs


def test_a_steps_budget_counts_actions_so_a_slow_machine_gets_the_same_estimates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``steps`` caps the playout actions: the sampling stops at the same sample on a machine a
    hundred times slower, where that machine reaches a ``seconds`` cap much sooner."""
    game = _after_draw(ONE_SET)
    view, legal = game.view(0), game.legal_actions()
    cands = [lp.Discard("7H"), lp.Discard("QD")]
    by_steps = Budget(samples=200, min_samples=200, steps=2000)
    fast = evaluate(view, legal, cands, budget=by_steps, seed=4)
    assert 2 < fast.samples < 200 and fast.stopped == "budget"
    assert fast.steps <= 2000 + 2 * fast.steps / fast.samples  # no sample begun past the cap
    timed = evaluate(view, legal, cands, budget=Budget(samples=40, min_samples=40, seconds=5))

    clock = iter(range(0, 10**9, 1))  # one CPU second for every look at the clock
    monkeypatch.setattr("liverpool.evaluate.time.process_time", lambda: float(next(clock)))
    slow = evaluate(view, legal, cands, budget=by_steps, seed=4)
    assert slow.estimates == fast.estimates and slow.steps == fast.steps
    slow_timed = evaluate(view, legal, cands, budget=Budget(samples=40, min_samples=40, seconds=5))
    assert slow_timed.samples < timed.samples


def test_common_random_numbers_and_early_stopping() -> None:
    game = _after_draw(ONE_SET)
    view, legal = game.view(0), game.legal_actions()
    # Discarding the same card twice over is one candidate; the race stops early on a clear gap.
    result = evaluate(
        view,
        legal,
        [lp.Discard("QD"), lp.Discard("QD"), lp.Discard("7H")],
        budget=Budget(samples=200, min_samples=6, z=1.0),
        seed=3,
    )
    assert len(result.estimates) == 2
    assert result.stopped == "clear" and result.samples < 200
    mean, se, n = result.difference(lp.Discard("7H"), lp.Discard("QD"))
    assert n == result.estimate(lp.Discard("7H")).samples and mean > 0 and se > 0


class _Recorder:
    """A playout bot that plays like BasicBot and notes the seats it was asked to play."""

    def __init__(self, seed: int, seats: set[int]) -> None:
        self._bot = lp.bots.BasicBot(seed)
        self.seats = seats

    def act(self, view: lp.PlayerView, legal: Sequence[lp.Action]) -> lp.Action:
        self.seats.add(view.seat)
        return self._bot.act(view, legal)


def test_the_deciding_seat_may_play_its_deals_with_its_own_policy() -> None:
    game = _after_draw(ONE_SET)
    view, legal = game.view(0), game.legal_actions()
    cands = [lp.Discard("7H"), lp.Discard("QD")]
    budget = Budget(samples=6, min_samples=6)
    seats: set[int] = set()
    own = evaluate(
        view, legal, cands, budget=budget, seed=4, own_policy=lambda s: _Recorder(s, seats)
    )
    assert seats == {0}  # the other three seats were played by the default policy
    # The default policy given as the seat's own plays the very same deals.
    same = evaluate(view, legal, cands, budget=budget, seed=4, own_policy=lp.bots.BasicBot)
    assert same.costs == evaluate(view, legal, cands, budget=budget, seed=4).costs
    strong = evaluate(view, legal, cands, budget=budget, seed=4, own_policy=lp.bots.StrongBot)
    assert strong.costs != same.costs
    assert (
        strong.costs
        == evaluate(view, legal, cands, budget=budget, seed=4, own_policy=lp.bots.StrongBot).costs
    )
    assert own.samples == 6


def test_only_the_view_is_used() -> None:
    # Two games whose hidden cards differ (seats 1 and 2 swap hands) but look the same to seat 0
    one = lp.Game.from_deal("house", [ONE_SET, *OTHERS], "8D", "JC", dealer=3, seed=5)
    two = lp.Game.from_deal(
        "house", [ONE_SET, OTHERS[1], OTHERS[0], OTHERS[2]], "8D", "JC", dealer=3, seed=6
    )
    assert one.view(0) == two.view(0)
    budget = Budget(samples=6, min_samples=6)
    first = evaluate(one.view(0), one.legal_actions(), budget=budget, seed=4)
    second = evaluate(two.view(0), two.legal_actions(), budget=budget, seed=4)
    assert first.costs == second.costs


def test_sampled_positions_match_the_view_in_every_public_detail() -> None:
    game = _after_draw(ONE_SET)
    view = game.view(0)
    hands, stock = sample_hidden(view, random.Random(0))
    assert hands[0] == list(view.hand)
    assert [len(h) for h in hands] == list(view.hand_sizes) and len(stock) == view.stock_size
    rebuilt = rebuild(view, hands, stock, seed=1).view(0)
    assert rebuilt.hand == view.hand and rebuilt.table == view.table
    assert rebuilt.phase is view.phase and rebuilt.discard_top == view.discard_top


def test_a_decision_after_taking_and_laying_off_the_discard_is_rebuilt() -> None:
    # Seat 0 is down (sevens and kings on the table) and takes the 7♠ to lay it off.
    game = lp.Game.from_deal(
        "house",
        ["4C 3S QD 5S 9H", *OTHERS],
        "8D",
        "7S",
        dealer=3,
        seed=5,
        table=[(0, "7H 7C 7D"), (0, "KS KD KC")],
    )
    game.apply(lp.TakeDiscard())
    game.apply(lp.LayOff("7S", 0))
    view, legal = game.view(0), game.legal_actions()
    assert view.taken_discard == lp.Card.parse("7S") and lp.Card.parse("7S") not in view.hand
    result = evaluate(view, legal, budget=Budget(samples=4, min_samples=4), seed=1)
    assert result.exact and result.samples == 4


def test_what_cannot_be_evaluated_says_so() -> None:
    game = _after_draw(ONE_SET)
    view, legal = game.view(0), game.legal_actions()
    with pytest.raises(ValueError, match="not one of the legal actions"):
        evaluate(view, legal, [lp.Discard("8S")])
    with pytest.raises(NotEvaluable):
        evaluate(game.view(1), legal)  # not seat 1's decision
    single = evaluate(view, legal, [lp.Discard("QD")])
    assert single.stopped == "only" and single.best == lp.Discard("QD")


def test_cancel_stops_before_sampling() -> None:
    game = _after_draw(ONE_SET)
    view, legal = game.view(0), game.legal_actions()
    result = evaluate(view, legal, legal[:2], cancel=lambda: True)
    assert result.stopped == "cancelled" and result.samples == 0


def test_actions_in_words() -> None:
    game = _after_draw(ONE_SET)
    view = game.view(0)
    assert describe_action(lp.Discard("KS"), view) == "discard the K♠"
    assert describe_action(lp.DrawStock(), view) == "draw from the stock"


def test_a_lay_off_names_whose_meld_it_goes_on() -> None:
    game = lp.Game.from_deal(
        "house",
        ["4C 3S QD 5S 7S", *OTHERS],
        "8D",
        "9C",
        dealer=3,
        seed=5,
        table=[(0, "7H 7C 7D"), (1, "KS KD KC")],
    )
    view = game.view(0)
    assert describe_action(lp.LayOff("7S", 0), view) == "lay the 7♠ on your set of sevens"
    ben = view.names[1]
    assert describe_action(lp.LayOff("KH", 1), view) == f"lay the K♥ on {ben}'s set of kings"
    # A meld no one laid (a position built by hand) is "the" meld, never seat 0's.
    loose = dataclasses.replace(view, table=(dataclasses.replace(view.table[1], owner=None),))
    assert describe_action(lp.LayOff("KH", 0), loose) == "lay the K♥ on the set of kings"
