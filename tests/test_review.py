"""The review: a deliberately bad move is graded a mistake or worse, the review reads only the
reviewed seat's views, and it reports, cancels and prints as a learner needs."""

from __future__ import annotations

from dataclasses import replace

import pytest

import liverpool as lp
from liverpool import review as review_module
from liverpool.evaluate import Budget
from liverpool.review import (
    BLUNDER_FROM,
    INACCURACY_FROM,
    MISTAKE_FROM,
    NOTHING_GRADED,
    NOTHING_TO_PRACTISE,
    Grade,
    format_decision,
    format_review,
    grade,
    is_close_call,
    review,
)

# Late in house deal 1: seats 1 and 2 are down with three cards each. Seat 0 (first to play)
# holds two sets — sevens and kings — and, after drawing, throws the Q♥ instead of going down.
SEAT0 = "7H 7C 7D KS KD KC 4C 3S QH 5S"
HIDDEN = ["4H 10S 6H", "6C 2S 3H", "AS AH 2C 3C 4C 5D 6D 7S 8S 9H"]
TABLE = [(1, "QS QC QD"), (1, "JS JC JD"), (2, "5H 5C 5S"), (2, "9S 9C 9D")]
BUDGET = Budget(samples=32, min_samples=8)


def _record(hidden: list[str], *, good: bool = False, by_the_clock: bool = False) -> str:
    game = lp.Game.from_deal("house", [SEAT0, *hidden], "8D", "JC", dealer=3, seed=5, table=TABLE)
    game.apply(lp.DrawStock())  # the J♣ does not help: leaving it is plainly right
    while game.phase is lp.Phase.BUY:
        game.apply(lp.Pass())
    if good:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, lp.GoDown)))
    else:  # the deliberate mistake: not going down (or the clock's, for a player who left)
        game.apply(lp.Discard("QH"), automatic=by_the_clock)
    return game.to_json()


def test_a_close_call_leans_towards_a_loss_without_showing_one() -> None:
    assert is_close_call(22.0, 17.5)  # more than one standard error, less than two
    assert not is_close_call(3.1, 4.1)  # inside one standard error: about as good
    assert not is_close_call(INACCURACY_FROM - 0.1, 0.5)  # less than the least card


def test_grades_follow_the_documented_thresholds() -> None:
    assert grade(0.0) is Grade.GOOD
    assert grade(INACCURACY_FROM - 0.1) is Grade.GOOD
    assert grade(INACCURACY_FROM) is Grade.INACCURACY
    assert grade(MISTAKE_FROM) is Grade.MISTAKE
    assert grade(BLUNDER_FROM) is Grade.BLUNDER
    assert grade(MISTAKE_FROM, stderr=MISTAKE_FROM) is Grade.GOOD  # not told apart from noise


def test_a_deliberately_bad_move_is_a_mistake_or_worse() -> None:
    result = review(_record(HIDDEN), 0, BUDGET)
    assert result.complete
    by_move = {d.played: d for d in result.decisions}
    draw = by_move[lp.DrawStock()]
    assert draw.grade is Grade.GOOD and draw.samples == 0  # graded without sampling
    bad = by_move[lp.Discard("QH")]
    assert bad.grade in (Grade.MISTAKE, Grade.BLUNDER), bad
    assert isinstance(bad.preferred, lp.GoDown)
    assert bad.kind == "going down" and bad.lesson == "06_contracts_and_going_down"
    assert bad.loss >= MISTAKE_FROM and bad.why.startswith(bad.grade.value.capitalize())
    assert bad.view.hand and bad.view.seat == 0  # the table as the seat saw it then
    assert result.costliest == (bad,)
    practice = result.practise
    assert practice is not None and practice.lesson == "06_contracts_and_going_down"
    assert result.accuracy == 0.5
    good = review(_record(HIDDEN, good=True), 0, BUDGET)
    assert all(d.grade is Grade.GOOD for d in good.decisions) and good.practise is None


def test_a_move_played_for_the_seat_is_not_graded() -> None:
    result = review(_record(HIDDEN, by_the_clock=True), 0, BUDGET)
    assert [d.played for d in result.decisions] == [lp.DrawStock()]  # the player's own only
    assert result.ungraded == 1 and result.practise is None
    assert "played for you" in format_review(result)


def test_the_review_gives_the_same_grades_when_only_hidden_cards_differ() -> None:
    swapped = [HIDDEN[1], HIDDEN[0], HIDDEN[2]]  # seats 1 and 2 hold each other's cards
    one, two = lp.Game.from_json(_record(HIDDEN)), lp.Game.from_json(_record(swapped))
    assert one.hand(1) != two.hand(1)
    first, second = review(one, 0, BUDGET), review(two, 0, BUDGET)
    assert [(d.played, d.grade, d.loss, d.preferred) for d in first.decisions] == [
        (d.played, d.grade, d.loss, d.preferred) for d in second.decisions
    ]


def test_the_review_asks_the_replayed_game_only_for_the_reviewed_seats_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seats: list[int | str] = []

    class Spy(lp.Game):
        def view(self, seat: int | str) -> lp.PlayerView:
            seats.append(seat)
            return super().view(seat)

        def hand(self, seat: int | str) -> list[lp.Card]:
            raise AssertionError("the review read a hand")

    monkeypatch.setattr(review_module, "Game", Spy)
    result = review(_record(HIDDEN), 0, Budget(samples=4, min_samples=4))
    assert seats and set(seats) == {0}
    assert len(result.decisions) == 2


def test_progress_and_cancel() -> None:
    record = _record(HIDDEN)
    calls: list[tuple[int, int]] = []
    review(record, 0, Budget(samples=4, min_samples=4), progress=lambda *a: calls.append(a))
    assert calls == [(0, 2), (1, 2), (2, 2)]
    stopped = review(record, 0, 4, cancel=lambda: True)
    assert not stopped.complete and stopped.decisions == ()


def test_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(lp.SeatError):
        review(_record(HIDDEN), 7)


def test_format_review_lists_each_decision_and_the_summary() -> None:
    text = format_review(review(_record(HIDDEN), 0, BUDGET))
    assert text.startswith("Review of Ada's play (seat 0), house rules: ")
    assert "you chose to draw from the stock; preferred: the same; nothing lost; good." in text
    assert "you chose to discard the Q♥; preferred: go down now;" in text
    assert "Practise going down" in text
    assert "Your hand: 3♠ 4♣ 5♠ 7♥ 7♣ 7♦ 8♦" in text  # the costliest moment, hand sorted
    assert "every card still in your hand counts against you" in text  # the why
    short = format_review(review(_record(HIDDEN), 0, BUDGET), every=False)
    assert "draw from the stock" not in short and "discard the Q♥" in short


def test_a_review_with_nothing_graded_gives_no_accuracy() -> None:
    stopped = review(_record(HIDDEN), 0, 4, cancel=lambda: True)
    text = format_review(stopped)
    # stopped at once: it says how far it got, not that the seat made no decision
    assert (
        "The review was stopped after 0 of 2 decisions, before it graded any, so there is no "
        "accuracy to give yet." in text
    )
    assert NOTHING_GRADED not in text
    assert "Accuracy" not in text and NOTHING_TO_PRACTISE not in text
    fresh = lp.Game.from_deal("house", [SEAT0, *HIDDEN], "8D", "JC", dealer=3, seed=5, table=TABLE)
    untouched = review(fresh.to_json(), 0, 4)
    assert untouched.complete and untouched.total == 0
    assert NOTHING_GRADED in format_review(untouched)


def test_a_stopped_review_says_how_far_it_got() -> None:
    asked: list[bool] = []

    def after_the_first() -> bool:
        asked.append(True)
        return len(asked) > 1

    result = review(_record(HIDDEN), 0, BUDGET, cancel=after_the_first)
    assert not result.complete and result.looked_at == 1 and result.total == 2
    assert "The review was stopped after 1 of 2 decisions" in format_review(result)


def test_a_close_call_is_good_but_said_apart_from_a_good_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # with the noise allowance made huge, the deliberate mistake cannot be told from the best
    monkeypatch.setattr(review_module, "NOISE_Z", 1_000.0)
    result = review(_record(HIDDEN), 0, BUDGET)
    close = next(d for d in result.decisions if d.samples)
    assert close.grade is Grade.GOOD and close.close_call and close.loss >= INACCURACY_FROM
    assert close.why.startswith("Good, but too close to call: going down now looked ")
    assert "a larger budget may settle it" in close.why
    assert close.preference == "yours, or go down now (too close to call)"
    assert close.lost_text().endswith("points, not counted")
    line = format_decision(close)
    assert "points lost" not in line  # "N points lost; good" would contradict itself
    assert result.lost_words() == "no move below good (1 close call not counted)"
    assert result.accuracy == 1.0 and result.points_lost == 0


def test_a_review_with_every_move_good_says_nothing_was_lost() -> None:
    asked: list[bool] = []

    def after_the_first() -> bool:  # the first decision (drawing from the stock) is good
        asked.append(True)
        return len(asked) > 1

    text = format_review(review(_record(HIDDEN), 0, BUDGET, cancel=after_the_first))
    assert ": 1 decision graded," in text  # not "1 decisions"
    assert (
        "Accuracy 100% (1 good, 0 inaccuracies, 0 mistakes, 0 blunders); no move below good."
        in text
    )
    assert text.endswith(NOTHING_TO_PRACTISE)


def test_a_good_move_that_is_not_the_pick_is_not_shown_as_advice_to_change_it() -> None:
    decisions = review(_record(HIDDEN), 0, BUDGET).decisions
    bad = next(d for d in decisions if d.samples)
    assert bad.preference == "go down now"  # a mistake: the better move is named alone
    assert bad.because == "every card still in your hand counts against you when someone goes out"
    assert bad.because in bad.why
    # The same move, had the sampled deals not told it apart from going down (graded good):
    close = replace(bad, grade=Grade.GOOD, loss=1.0)  # less than the least card: no close call
    assert close.preference == "yours, or go down now (about as good)"
    assert "preferred: yours, or go down now (about as good); 1.0" in format_decision(close)
    draw = next(d for d in decisions if not d.samples)
    assert draw.preference == "the same"
