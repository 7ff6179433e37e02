"""The exercises of lessons 00, 01, 03, 04 and 05, graded by the one ``check``.

Each grader must accept every correct answer (it judges with the engine, so the order the
learner writes a set in, or where the natural card of a run sits, does not matter), answer a
wrong one with a sentence starting "Not yet", and have a worked solution whose answer it
accepts. The lessons must store each of these exercises unanswered, followed by its folded
solution.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

from hypothesis import given, settings
from hypothesis import strategies as st

import liverpool as lp
from liverpool_widgets.lessons import check, grade, solution
from liverpool_widgets.lessons.exercises import (
    NOT_ANSWERED,
    POINTS_HAND,
    SETS_HAND,
    SOLUTIONS,
)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
MINE = {
    "00_start_here.ipynb": ["start"],
    "01_cards_decks_and_points.ipynb": ["points"],
    "03_sets.ipynb": ["sets"],
    "04_runs.ipynb": ["runs"],
    "05_wild_cards_and_their_limits.ipynb": ["wild_limits"],
}
EXERCISES = [name for names in MINE.values() for name in names]

SOLVED: dict[str, str | int] = {
    "start": "QS QD JK JK",
    "points": 56,
    "sets": "9S 9H 9C 9D JK JK JK",
    "runs": "10D JD JK KD AD",
    "wild_limits": "9H JK JK JK JK",
}
"""The answer each worked solution gives (its text opens with it)."""

WRONG: dict[str, list[object]] = {
    "start": ["7H 7C JK", "7H 7C 7S 7D", "JK JK JK JK", "7H 8H JK JK"],
    "points": [50, "55", "fifty-six"],
    "sets": ["9S 9H JK", "4D 4C JK JK JK", "9S 9S 9H", "KS 4D 4C"],
    "runs": ["AD KD JK JD 10D", "10D JD QD KD AD", "10D JD JK KD"],
    "wild_limits": ["5S 6S 7S 8S 9S", "9H 10H JK JK JK", "JK JK AS JK JK", "9H JK JK JK"],
}


def solved_cards(name: str) -> list[lp.Card]:
    """The cards of a worked solution that is a hand of cards."""
    answer = SOLVED[name]
    assert isinstance(answer, str), answer
    return lp.parse_cards(answer)


settings.register_profile("exercises_a", deadline=None)
settings.load_profile("exercises_a")


@pytest.mark.parametrize("name", EXERCISES)
def test_the_worked_solution_is_right_and_folded(name: str) -> None:
    assert name in SOLUTIONS
    answer = SOLVED[name]
    assert SOLUTIONS[name].startswith(str(answer))
    ok, words = grade(name, answer)
    assert ok, words
    assert words.startswith("Right: ")
    folded = solution(name)
    assert folded is not None
    html = folded._repr_html_()
    assert html.startswith("<details") and "<details open" not in html


@pytest.mark.parametrize(("name", "answer"), [(n, a) for n in WRONG for a in WRONG[n]])
def test_a_wrong_answer_is_told_not_yet(
    name: str, answer: object, capsys: pytest.CaptureFixture[str]
) -> None:
    ok, words = grade(name, answer)
    assert not ok
    assert words.startswith("Not yet"), words
    check(name, answer)
    assert capsys.readouterr().out.startswith("✗ Not yet")


@pytest.mark.parametrize("name", EXERCISES)
def test_unanswered_says_so(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    check(name, ...)
    assert capsys.readouterr().out.strip() == NOT_ANSWERED


@given(st.permutations(solved_cards("start")))
def test_start_any_order_of_a_right_set(cards: list[lp.Card]) -> None:
    assert grade("start", [str(c) for c in cards])[0]


@given(
    rank=st.sampled_from(["A", "2", "5", "9", "10", "Q", "K"]),
    suits=st.lists(st.sampled_from("SHDC"), min_size=2, max_size=2),
    order=st.permutations(range(4)),
)
def test_start_any_rank_with_two_jokers(rank: str, suits: list[str], order: list[int]) -> None:
    cards = [f"{rank}{s}" for s in suits] + ["JK", "JK"]
    assert grade("start", " ".join(cards[i] for i in order))[0]


def test_points_is_the_engines_count_in_any_form() -> None:
    total = lp.hand_points(lp.parse_cards(POINTS_HAND), lp.PRESETS["house"])
    assert total == SOLVED["points"]
    for answer in (total, str(total), f" {total} "):
        assert grade("points", answer)[0]


@given(st.permutations(solved_cards("sets")))
def test_sets_the_longest_set_in_any_order(cards: list[lp.Card]) -> None:
    assert grade("sets", " ".join(str(c) for c in cards))[0]


@given(st.lists(st.sampled_from(lp.parse_cards(SETS_HAND)), min_size=3, max_size=6))
def test_sets_a_shorter_set_is_never_right(cards: list[lp.Card]) -> None:
    ok, words = grade("sets", [str(c) for c in cards])
    assert not ok and words.startswith("Not yet")


@given(
    natural=st.sampled_from(
        [c for c in lp.parse_cards("AS 2S 5H 9H 10D JD KC QC") if not c.is_joker]
    ),
    place=st.integers(0, 4),
)
def test_wild_limits_one_natural_anywhere_the_engine_allows(natural: lp.Card, place: int) -> None:
    cards = [lp.Card.parse("JK")] * 4
    cards.insert(place, natural)
    legal = bool(lp.check_run(cards, lp.PRESETS["house"]))
    ok, words = grade("wild_limits", [str(c) for c in cards])
    assert ok is legal, words


def test_runs_wrong_order_is_explained_as_typing_order() -> None:
    ok, words = grade("runs", "AD KD JK JD 10D")
    assert not ok
    assert "order you type them" in words


CHECK = re.compile(r'(?<![\w.])check\("(\w+)", \.\.\.\)')


@pytest.mark.parametrize("lesson", sorted(MINE))
def test_lesson_stores_its_exercise_unanswered_then_its_solution(lesson: str) -> None:
    cells = json.loads((NOTEBOOKS / lesson).read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) for c in cells]
    found = []
    for number, source in enumerate(sources):
        match = CHECK.search(source)
        if cells[number]["cell_type"] != "code" or not match:
            continue
        name = match.group(1)
        found.append(name)
        shown = "".join("".join(o.get("text", "")) for o in cells[number].get("outputs", []))
        assert NOT_ANSWERED in shown
        after = [
            s
            for c, s in zip(cells[number + 1 :], sources[number + 1 :], strict=True)
            if c["cell_type"] == "code"
        ]
        assert f'solution("{name}")' in after[0]
    assert found == MINE[lesson]
    assert not any("check_answer" in s or "check_points" in s for s in sources)


def test_a_number_is_read_the_same_way_in_every_exercise() -> None:
    from liverpool_widgets.lessons.answers import whole_number

    said: object
    for said in (42, "42", " 42 points", "42 pts", 42.0, "42 cards"):
        assert whole_number(said) == 42, said
    for said in (True, "forty", 42.5, "", None, "4 2"):
        assert whole_number(said) is None, said
