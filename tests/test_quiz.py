"""The quiz of lesson 15: its graders (``check("quiz_<n>", ...)``) and the ``Quiz`` widget.

Each grader judges with the engine, so these tests give every question a right answer (and,
where the question allows it, a second right answer written differently) and a wrong one, and
check the words start "Right" / "Not yet". The widget is driven by the same messages its page
sends (``handle_message``) and by its Python methods; its still picture holds no inline SVG.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import liverpool as lp
from liverpool_widgets.lessons import Quiz, check, grade, solution
from liverpool_widgets.lessons.exercises import EXERCISES, NOT_ANSWERED, SOLUTIONS
from liverpool_widgets.lessons.exercises_reference import QUESTIONS, choice_index

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
RIGHT: dict[str, list[Any]] = {
    "quiz_1": [52, "52", "52 points"],
    "quiz_2": ["c", "C", 3, "7♥ 7♣ 🃏"],
    "quiz_3": ["5C 6C JK 8C", "JK 10C JC QC", ["9C", "JK", "JC", "QC", "KC"]],
    "quiz_4": ["a", "yes"],
    "quiz_5": [11],
    "quiz_6": ["a", "yes"],
    "quiz_7": ["b"],
    "quiz_8": ["b", "no"],
    "quiz_9": [2],
    "quiz_10": ["a"],
    "quiz_11": ["9H", "9♥"],
    "quiz_12": ["b", "no"],
    "quiz_13": [53],
}
WRONG: dict[str, list[Any]] = {
    "quiz_1": [51, "x"],
    "quiz_2": ["a", "b", "d", "e"],
    "quiz_3": ["5C 6C 7C 8C", "5C 6C JK 8H", "QC KC AC JK 2C", "5C JK 7C", 4, None],
    "quiz_4": ["no"],
    "quiz_5": [10, 12],
    "quiz_6": ["b"],
    "quiz_7": ["a", "c", "d"],
    "quiz_8": ["yes"],
    "quiz_9": [1, 3],
    "quiz_10": ["b", "c"],
    "quiz_11": ["4S", "KH", "QS", "9H 4S", 9],
    "quiz_12": ["a"],
    "quiz_13": [52],
}


def test_every_question_is_a_registered_exercise_with_a_solution() -> None:
    names = [q.name for q in QUESTIONS]
    assert names == [f"quiz_{n}" for n in range(1, len(QUESTIONS) + 1)]
    assert 10 <= len(QUESTIONS) <= 15
    assert set(names) <= set(EXERCISES) and set(names) <= set(SOLUTIONS)
    assert set(RIGHT) == set(WRONG) == set(names)
    for q in QUESTIONS:
        assert re.fullmatch(r"\d\d · .+", q.lesson), q.lesson
        assert q.form and q.prompt.endswith(("?", ".)")), q


def _examples(text: str, *, letters: bool = True) -> list[Any]:
    """The answers a text shows as examples: its quoted words and its whole numbers (without
    single letters where the text shows their range, as lesson 15's intro does: "a" to "d")."""
    quoted = [w for w in re.findall(r'"([^"]+)"', text) if letters or len(w) > 1]
    return [*quoted, *(int(n) for n in re.findall(r"\b\d+\b", text))]


def test_no_example_gives_an_answer_away() -> None:
    """A learner who copies an example must not be told "Right": neither the example in a
    question's answer form nor those in the lesson's words on how to write answers."""
    intro = "".join(
        "".join(cell["source"])
        for cell in json.loads((NOTEBOOKS / "15_quiz.ipynb").read_text(encoding="utf-8"))["cells"]
        if "Answers are written as" in "".join(cell["source"])
    )
    shared = _examples(" ".join(re.findall(r"`([^`]+)`", intro)), letters=False)
    assert shared, "lesson 15 no longer shows how to write an answer"
    for q in QUESTIONS:
        shown = q.form.partition("like ")[2]  # "yes" or "no" lists the choices, not an example
        for example in [*_examples(shown), *shared]:
            ok, words = grade(q.name, example)
            assert not ok, f"{q.name}: the example {example!r} is its answer ({words})"


@pytest.mark.parametrize("name", list(RIGHT))
def test_right_answers_pass(name: str) -> None:
    for answer in RIGHT[name]:
        ok, words = grade(name, answer)
        assert ok and words.startswith("Right"), (answer, words)


@pytest.mark.parametrize("name", list(WRONG))
def test_wrong_answers_say_not_yet(name: str) -> None:
    for answer in WRONG[name]:
        ok, words = grade(name, answer)
        assert not ok and words.startswith("Not yet"), (answer, words)


def test_check_prints_words_and_unanswered(capsys: pytest.CaptureFixture[str]) -> None:
    check("quiz_1", ...)
    check("quiz_1", 52)
    check("quiz_1", 50)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == NOT_ANSWERED
    assert out[1].startswith("✓ Right") and out[2].startswith("✗ Not yet")
    folded = solution("quiz_1")
    assert folded is not None and "Show the solution" in folded._repr_html_()


def test_choice_index_reads_letters_numbers_and_text() -> None:
    q = next(q for q in QUESTIONS if q.name == "quiz_12")
    assert [choice_index(q, a) for a in ("a", "B", 1, "2", "yes", "no", "z", True)] == [
        0,
        1,
        0,
        1,
        0,
        1,
        None,
        None,
    ]


def test_quiz_widget_wrong_then_right_by_messages() -> None:
    quiz = Quiz()
    assert quiz.state["number"] == 1 and quiz.ok is None and quiz.score == (0, 0)
    assert repr(quiz) == "Quiz(question=1 of 13, score=0 right of 0 answered)"
    quiz.handle_message({"kind": "answer", "value": "51"})
    assert quiz.ok is False and quiz.feedback.startswith("Not yet") and quiz.score == (0, 1)
    quiz.handle_message({"kind": "answer", "value": "52"})
    assert quiz.ok is True and quiz.feedback.startswith("Right") and quiz.score == (1, 1)
    quiz.handle_message({"kind": "next"})
    assert quiz.state["name"] == "quiz_2" and quiz.ok is None
    quiz.handle_message({"kind": "answer"})
    assert quiz.ok is None and "Pick one" in quiz.feedback
    quiz.handle_message({"kind": "choose", "choice": "0"})
    assert quiz.state["chosen"] == 0 and 'data-testid="choice-0" aria-pressed="true"' in quiz.html
    quiz.handle_message({"kind": "answer"})
    assert quiz.ok is False and quiz.state["results"] == {"quiz_1": True, "quiz_2": False}
    quiz.handle_message({"kind": "choose", "choice": 2})
    quiz.handle_message({"kind": "answer"})
    assert quiz.ok is True and quiz.score == (2, 2)
    # going back shows the verdict given there; the marks show ✓ for both
    quiz.handle_message({"kind": "next", "index": "1"})
    assert quiz.number == 1 and quiz.ok is True and "52 points" in quiz.feedback
    assert "1 ✓</button>" in quiz.html and "2 ✓</button>" in quiz.html
    quiz.handle_message({"kind": "restart"})
    assert quiz.score == (0, 0) and quiz.number == 1 and quiz.ok is None
    assert quiz.crash == ""


def test_quiz_widget_bounds_and_unknown_clicks() -> None:
    quiz = Quiz(start=99)
    assert quiz.number == len(QUESTIONS)
    quiz.back()
    assert quiz.number == len(QUESTIONS) - 1
    quiz.go(-3)
    assert quiz.number == 1
    quiz.handle_message({"kind": "pick", "index": "0"})
    assert "does not know the click" in quiz.feedback
    quiz.handle_message({"kind": "choose"})
    assert "did not name a choice" in quiz.feedback
    quiz.answer("")
    assert "Write your answer first" in quiz.feedback and quiz.score == (0, 0)
    last = Quiz(start=len(QUESTIONS))
    right = RIGHT[last.question.name][0]
    assert "last question" in last.answer(right)
    with pytest.raises(ValueError):
        Quiz(questions=[])
    assert quiz.crash == ""


def test_quiz_picture_is_still_and_readable() -> None:
    quiz = Quiz()
    quiz.answer(51)
    data, _ = quiz._repr_mimebundle_()
    html = data["text/html"]
    assert "lp-picture" in html and "<svg" not in html and "data-action" not in html
    assert "Question 1 of 13" in html and "Not yet" in html
    assert data["text/plain"] == repr(quiz)


def test_every_answer_through_the_widget_matches_check() -> None:
    quiz = Quiz()
    for number, question in enumerate(QUESTIONS, start=1):
        quiz.go(number)
        words = quiz.answer(RIGHT[question.name][0])
        assert quiz.ok is True and words.startswith(
            grade(question.name, RIGHT[question.name][0])[1]
        )
    assert quiz.score == (len(QUESTIONS), len(QUESTIONS))


def test_the_engine_answer_reads_as_its_own_sentence() -> None:
    ok, words = grade("quiz_6", "a")
    assert ok and words.startswith("Right: the engine lets you go down. You are down with")


def test_a_choice_of_cards_may_be_answered_with_card_text() -> None:
    """Quiz 2's choices are cards: "7H 7C JK" (or the cards in another order) names the
    choice written "7♥ 7♣ 🃏", as the lessons teach a learner to type cards."""
    q2 = next(q for q in QUESTIONS if q.name == "quiz_2")
    right = q2.choices.index("7♥ 7♣ 🃏")
    for answer in ("7H 7C JK", "jk 7c 7h", "7♥ 7♣ 🃏"):
        assert choice_index(q2, answer) == right, answer
    assert choice_index(q2, "7H 8H") is None  # no choice holds these cards
    assert grade("quiz_2", "7H 7C JK")[0] is True
    assert grade("quiz_2", "7H 7C")[0] is False


def test_the_replies_say_no_more_than_the_question_and_the_rules() -> None:
    # quiz 4: the houses that refuse the run are named, and they do refuse it
    ok, words = grade("quiz_4", "yes")
    assert ok and "stricter houses (online, traditional) refuse it" in words
    assert "side by side" not in words  # traditional's limit is another rule
    for name in ("online", "traditional"):
        assert not lp.check_run(lp.parse_cards("JK JK 9H 10H"), lp.PRESETS[name])
    assert "lesson 05's panel judges such cards under every house" in SOLUTIONS["quiz_4"]
    # quiz 6: the hand has drawn (eleven cards), and the cards kept are those the reply names
    q6 = next(q for q in QUESTIONS if q.name == "quiz_6")
    assert "You have drawn" in q6.prompt and "(eleven cards)" in q6.prompt
    ok, words = grade("quiz_6", "a")
    assert ok and "Still in your hand: K♣ Q♦." in words
    assert "keep the K♣ and the Q♦" in SOLUTIONS["quiz_6"]
    # quiz 8: the reply names the card the question names
    q8 = next(q for q in QUESTIONS if q.name == "quiz_8")
    assert "4♦" in q8.prompt
    ok, words = grade("quiz_8", "no")
    assert ok and "You took the 4♦ from the discard pile" in words
