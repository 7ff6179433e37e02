"""Lessons 02 (the table and the turn) and 10 (your first deal, coached), driven from Python:
the ``TurnWalk`` steps back and forth through three turns with the engine's own table and
refusal; the coached ``FirstDeal`` tells the learner what to do at every moment, adapts when
the learner does something else, keeps its scripted opponents after Undo, ends scored and
reviewed; the lessons' exercises accept every right answer and explain wrong ones."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

import liverpool as lp
from liverpool_widgets.lessons import FirstDeal, TurnWalk, grade
from liverpool_widgets.lessons.exercises import NOT_ANSWERED, check
from liverpool_widgets.lessons.first_deal import SteadyBot, coach_advice, first_deal_game
from liverpool_widgets.lessons.turn_walk import turn_game

# -- TurnWalk ----------------------------------------------------------------------------------


def test_the_walk_starts_at_the_deal_with_the_upcard_on_the_pile() -> None:
    walk = TurnWalk()
    s = walk.state
    assert (s["step"], s["phase"], s["to_act"], s["discard_top"]) == (0, "draw", 0, "7D")
    assert s["hand_sizes"] == [10, 10, 10]
    assert "dealer" in walk.text and "stock" in walk.text and "upcard" in walk.text
    assert repr(walk) == "TurnWalk(step=1 of 11, 'The deal')"


def test_next_and_back_move_one_step_and_the_table_follows() -> None:
    walk = TurnWalk()
    walk.handle_message({"kind": "next"})
    walk.handle_message({"kind": "next"})
    assert walk.state["title"] == "Ada draws"
    assert (walk.state["phase"], walk.state["discard_top"]) == ("play", None)
    assert walk.state["hand_sizes"][0] == 11
    walk.handle_message({"kind": "take_back"})
    assert walk.step == 1 and walk.state["hand_sizes"][0] == 10
    walk.handle_message({"kind": "restart"})
    assert walk.step == 0
    walk.back()  # nothing before the deal
    assert walk.step == 0
    for _ in range(30):
        walk.next()
    assert walk.step == walk.steps - 1 and "whole walkthrough" in walk.feedback
    assert not walk.crash


def test_the_refusal_shown_is_the_engines_and_the_turns_go_clockwise() -> None:
    walk = TurnWalk()
    titles = [walk.go(i) and walk.title for i in range(walk.steps)]
    refusal_step = titles.index("A card she may not discard")
    walk.go(refusal_step)
    game = turn_game()
    game.apply(lp.TakeDiscard())
    refusal = game.why_not(lp.Discard(lp.Card.parse("7D")))
    assert refusal and refusal in walk.text
    walk.go(titles.index("Ada discards"))
    assert walk.state["discard_top"] == "KC" and walk.game.turn_player == 1
    walk.go(titles.index("Cleo's turn"))
    assert walk.game.turn_player == 0 and walk.state["hand_sizes"] == [10, 10, 10]


def test_the_walk_has_a_still_picture_without_inline_svg() -> None:
    walk = TurnWalk()
    walk.go(3)
    data, _ = walk._repr_mimebundle_()
    html = data["text/html"]
    assert "<svg" not in html and "<img" in html
    assert "Going down? Not yet" in html and "run the notebook" in html
    assert data["text/plain"] == repr(walk)


def test_an_unknown_click_is_answered_in_a_sentence() -> None:
    walk = TurnWalk()
    walk.handle_message({"kind": "no-such-thing"})
    assert "does not know the click" in walk.feedback and not walk.crash


# -- the exercises -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "answer"),
    [
        ("no_discard", "9C"),
        ("no_discard", "9♣"),
        ("no_discard", ["9c"]),
        ("next_deal", ("Ada", "Ben")),
        ("next_deal", "ada and ben"),
        ("first_go_down", ["5S 5H 5C", "QD QS JK"]),
        ("first_go_down", ["5C 5H 5S", "8C 8H JK"]),
        ("first_go_down", ["QD QS JK", "5S 5H 5C"]),
    ],
)
def test_right_answers_pass(name: str, answer: object) -> None:
    ok, words = grade(name, answer)
    assert ok, words
    assert words.startswith("Right")


@pytest.mark.parametrize(
    ("name", "answer", "said"),
    [
        ("no_discard", "9H", "may discard the 9♥"),
        ("no_discard", "5D", "does not hold"),
        ("no_discard", "9C 9H", "one card"),
        ("next_deal", ("Dev", "Ada"), "does not deal deal 4"),
        ("next_deal", ("Ada", "Cleo"), "dealer's left"),
        ("next_deal", ("Ada", "Zed"), "nobody called"),
        ("next_deal", "Ada", "two names"),
        ("first_go_down", ["5S 5H 5C"], "2 sets"),
        ("first_go_down", ["5S 5H 5C", "QD QS"], "at least 3 cards"),
        ("first_go_down", "5S 5H 5C", "list of two melds"),
    ],
)
def test_wrong_answers_are_explained(name: str, answer: object, said: str) -> None:
    ok, words = grade(name, answer)
    assert not ok
    assert words.startswith("Not yet") and said in words, words


def test_unanswered_exercises_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("no_discard", "next_deal", "first_go_down"):
        check(name, ...)
        assert capsys.readouterr().out.strip() == NOT_ANSWERED


# -- FirstDeal -------------------------------------------------------------------------------------


def test_the_coach_starts_by_saying_take_the_upcard() -> None:
    deal = FirstDeal(pace=0)
    assert deal.advice.step == "take" and "7♦" in deal.advice.text
    assert 'data-step="take"' in deal.coach.value and 'data-testid="coach"' in deal.coach.value
    assert repr(deal).startswith("FirstDeal(step='take', MatchTable(")


def test_played_as_coached_the_deal_is_short_scored_and_can_be_reviewed() -> None:
    deal = FirstDeal(pace=0)
    moves = deal.play_as_coached()
    assert moves[0] == "take the 7♦ from the discard pile"
    assert moves[1].startswith("go down with")
    assert moves[-1] == "discard the 5♣, your last card: you are out"
    assert sum(m.startswith("draw") for m in moves) == 2  # out on the third turn
    assert deal.advice.step == "scored" and "deal 7" in deal.advice.text
    assert "buy" in deal.advice.text
    assert deal.game.deal_scores[0] == [0, 16, 75]
    assert deal.match.waiting_for_next_deal
    review = deal.review(budget=2)
    assert review is not None
    result = review.join(60)
    assert result is not None and result.decisions


def test_the_coach_follows_the_learner_who_does_something_else() -> None:
    deal = FirstDeal(pace=0)
    g = deal.game
    g.apply(lp.DrawStock())  # not the coach's advice: the 7♦ stays on the pile
    while g.phase is lp.Phase.BUY:
        g.apply(lp.Pass(), player=g.to_act)
    deal.match.table.refresh()
    assert deal.advice.step == "discard" and "cannot go down yet" in deal.advice.text
    assert deal.advice.action is not None
    assert g.why_not(deal.advice.action) is None


def test_the_coach_says_no_to_a_buy_once_down_and_names_the_card_not_to_throw() -> None:
    g = first_deal_game()
    g.apply(lp.TakeDiscard())
    advice = coach_advice(g)
    assert advice.step == "go_down"
    assert isinstance(advice.action, lp.GoDown)
    g.apply(advice.action)
    advice = coach_advice(g)
    assert advice.step == "discard" and "not the 7♦" in advice.text
    assert isinstance(advice.action, lp.Discard) and advice.action.card == lp.Card.parse("KC")
    g.apply(advice.action)
    bots = SteadyBot()
    while g.to_act != 0:
        seat = g.to_act
        assert seat is not None
        g.apply(bots.act(g.view(seat), g.legal_actions()), player=seat)
    advice = coach_advice(g)
    assert g.phase is lp.Phase.BUY and advice.step == "pass"
    assert "two cards" in advice.text


def test_opponents_stay_scripted_after_undo_and_hands_open_on_the_switch() -> None:
    deal = FirstDeal(pace=0)
    deal.match.game.apply(lp.TakeDiscard())
    deal.match.table.refresh()
    assert deal.match.undo()
    assert all(isinstance(b, SteadyBot) for b in deal.match.bots[1:])
    assert deal.advice.step == "take"
    assert not deal.match.table.open_hands
    deal.open_switch.value = True
    assert deal.match.table.open_hands


def test_the_coached_deal_has_a_still_picture_with_the_coach_line() -> None:
    deal = FirstDeal(pace=0, open_hands=True)
    data, _ = deal._repr_mimebundle_()
    html = data["text/html"]
    assert "<svg" not in html and "<img" in html
    assert "Coach:" in html and "run the notebook" in html
