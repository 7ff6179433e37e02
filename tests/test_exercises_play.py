"""The exercises of lessons 06-09: each grader accepts the worked solution and every other right
answer, turns wrong answers down in words, and says "not answered" to a blank."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import liverpool as lp
from liverpool_widgets.lessons import grade, solution
from liverpool_widgets.lessons.buying import buy_order
from liverpool_widgets.lessons.exercises import NOT_ANSWERED, SOLUTIONS, check
from liverpool_widgets.lessons.exercises_play import (
    LAY_OFF_HAND,
    SCORE_HAND,
    buy_exercise_game,
    lay_off_table,
)
from liverpool_widgets.lessons.lay_off import fits

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MINE = {
    "06_contracts_and_going_down.ipynb": ["going_down"],
    "07_laying_off_and_swapping_wilds.ipynb": ["lay_off_where"],
    "08_buying.ipynb": ["buy_order_online"],
    "09_going_out_floating_and_scoring.ipynb": ["score_hand"],
}
NAMES = ["going_down", "lay_off", "lay_off_where", "buy_order_online", "score_hand"]

LAY_OFF_RIGHT = {
    "2D": [0], "7D": [0], "9S": [1, 2], "QS": [], "AS": [2], "8D": [], "JK": [0, 1, 2], "4C": []
}  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_every_exercise_has_a_solution(name: str) -> None:
    assert SOLUTIONS[name]
    folded = solution(name)
    assert folded is not None and "Show the solution" in folded._repr_html_()


@pytest.mark.parametrize("name", NAMES)
def test_a_blank_answer_is_not_answered(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    check(name, ...)
    assert capsys.readouterr().out.strip() == NOT_ANSWERED


def test_going_down_accepts_either_way_to_type_the_run() -> None:
    for melds in (["8S 8D 8C", "4C 5C 6C JK"], ["8C 8D 8S", "JK 4C 5C 6C"]):
        ok, words = grade("going_down", melds)
        assert ok, words
    ok, words = grade("going_down", ["8S 8D JK", "4C 5C 6C 8C"])
    assert not ok and words.startswith("Not yet")


def test_lay_off_where_matches_the_engine() -> None:
    table, house = lay_off_table(), lp.PRESETS["house"]
    truth = {
        str(c): sorted({k for k, _ in fits(table, c, house)}) for c in lp.parse_cards(LAY_OFF_HAND)
    }
    assert {lp.Card.parse(k).__str__(): v for k, v in LAY_OFF_RIGHT.items()} == truth
    assert grade("lay_off_where", LAY_OFF_RIGHT)[0]
    # cards as Card values, meld numbers as any iterable, in any order
    assert grade(
        "lay_off_where", {lp.Card.parse(k): tuple(reversed(v)) for k, v in LAY_OFF_RIGHT.items()}
    )[0]


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ({**LAY_OFF_RIGHT, "QS": [2]}, "the Q♠ fits nowhere"),
        ({k: v for k, v in LAY_OFF_RIGHT.items() if k != "4C"}, "you left out 4♣"),
        ({**LAY_OFF_RIGHT, "KH": []}, "not in the hand"),
        ("2D 0", "give a dict"),
    ],
)
def test_lay_off_where_says_what_is_wrong(answer: object, said: str) -> None:
    ok, words = grade("lay_off_where", answer)
    assert not ok and said in words, words


def test_the_buy_exercise_is_online_with_a_player_down() -> None:
    game = buy_exercise_game()
    assert game.rules.name == "online" and game.is_down(0)
    assert game.phase is lp.Phase.BUY
    order, why_not = buy_order(game)
    assert [game.names[s] for s in order] == ["Eve", "Ben"]
    assert "gone down" in why_not[0]
    # under house rules a player who is down may buy: the exercise tests the online rule
    assert game.rules.down_players_may_buy is False


@pytest.mark.parametrize("answer", [["Eve", "Ben"], "Eve, Ben", ("eve", "BEN")])
def test_buy_order_online_accepts_the_right_order(answer: object) -> None:
    ok, words = grade("buy_order_online", answer)
    assert ok, words


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (["Ben", "Eve"], "not in the order"),
        (["Eve", "Ada", "Ben"], "gone down"),
        (["Eve"], "Ben is allowed"),
        (["Dev", "Eve", "Ben"], "draw from the stock"),
        (["Zed"], "no player called"),
    ],
)
def test_buy_order_online_says_what_is_wrong(answer: object, said: str) -> None:
    ok, words = grade("buy_order_online", answer)
    assert not ok and said in words, words


def test_score_hand_is_judged_by_the_engine() -> None:
    right = lp.hand_points(lp.parse_cards(SCORE_HAND), lp.PRESETS["house"])
    assert right == 71
    for answer in (right, str(right), float(right)):
        assert grade("score_hand", answer)[0]
    ok, words = grade("score_hand", right - 1)
    assert not ok and "🃏 = 20" in words
    ok, words = grade("score_hand", "lots")
    assert not ok and "whole number" in words


@pytest.mark.parametrize("lesson", sorted(MINE))
def test_the_lesson_stores_its_exercises_unanswered(lesson: str) -> None:
    """Each lesson checks its exercise with ``check`` (stored unanswered) and offers the
    solution in the next cell; none uses the older per-lesson checkers."""
    nb = json.loads((NOTEBOOKS / lesson).read_text(encoding="utf-8"))
    sources = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    for name in MINE[lesson]:
        at = sources.index(f'check("{name}", ...)')
        assert sources[at + 1] == f'solution("{name}")'
    old = ("check_answer", "check_points", "check_deal_score", "check_buy_order")
    assert not [s for s in sources if any(o in s for o in old)]
    assert not any("Traceback" in json.dumps(c.get("outputs", [])) for c in nb["cells"])
