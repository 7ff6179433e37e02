"""The exercises of lessons 11-13 (``exercises_table``) and the pictures they ask about.

Each grader is driven with right and wrong answers; the right answers come from the engine (the
coach, the lay-off check, the lab's simulation, the hand analysis), never typed from memory, so
the graders and the worked solutions must agree with the engine.
"""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

import liverpool as lp
from liverpool.actions import TakeDiscard
from liverpool_widgets.lessons import check, grade, solution
from liverpool_widgets.lessons.exercises import NOT_ANSWERED, SOLUTIONS
from liverpool_widgets.lessons.exercises_table import (
    RUMMY_CHOICES,
    TAKE_OR_DRAW_STEP,
    rummy_html,
    score_pad_html,
    take_or_draw_position,
)
from liverpool_widgets.lessons.lay_off import build_table, fits
from liverpool_widgets.lessons.rules_compare import (
    ENGINE_CAPS,
    compare_html,
    rule_fields,
    rules_html,
)

NAMES = ("take_or_draw", "rummy", "hardest_deal", "short_of")


@pytest.mark.parametrize("name", NAMES)
def test_every_exercise_has_a_solution_and_starts_unanswered(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert name in SOLUTIONS
    folded = solution(name)
    assert folded is not None and "<details" in folded._repr_html_()
    check(name, ...)
    assert capsys.readouterr().out.strip() == NOT_ANSWERED


def test_take_or_draw_is_the_lesson_position_and_the_coach_grades_it() -> None:
    bots = lp.bots.for_seats("basic", range(4), game_seed=3)
    result = lp.play_match("house", [bots[s] for s in range(4)], seed=3)
    position = take_or_draw_position()
    assert position.actions == result.game.actions[:TAKE_OR_DRAW_STEP]
    assert position.deciding() == result.game.replay_to(TAKE_OR_DRAW_STEP).deciding()
    coach = lp.bots.make("strong", 0)
    assert isinstance(coach, lp.bots.StrongBot)
    seat = position.to_act
    assert seat is not None
    action, _ = coach.explain(position.view(seat), position.legal_actions())
    right = "take" if isinstance(action, TakeDiscard) else "draw"
    wrong = "draw" if right == "take" else "take"
    ok, words = grade("take_or_draw", right)
    assert ok and words.startswith("Right") and "Then you go down: set of" in words
    assert "Cleo" not in words  # one person throughout: the learner, in Cleo's place
    assert right in SOLUTIONS["take_or_draw"].lower()
    ok, words = grade("take_or_draw", f"I would {wrong}")
    assert not ok and words.startswith("Not yet")
    assert grade("take_or_draw", "take or draw")[0] is False
    assert "one word" in grade("take_or_draw", "pass")[1]


def test_rummy_is_judged_by_where_the_cards_fit() -> None:
    classic = lp.PRESETS["classic"]
    table = build_table(("5H 6H 7H 8H", "KS KD KC", "9C 10C 2C QC"), classic)
    choices = lp.parse_cards(RUMMY_CHOICES)
    playable = [c for c in choices if fits(table, c, classic)]
    assert lp.format_cards(playable) == lp.format_cards(lp.parse_cards("4H KH 2D 8C"))
    assert grade("rummy", " ".join(c.code for c in playable))[0]
    assert grade("rummy", [c.code for c in reversed(playable)])[0]
    ok, words = grade("rummy", "4H KH 8C")
    assert not ok and "2♦" in words
    ok, words = grade("rummy", "4H KH 8C 2D 7S")
    assert not ok and "7♠ fits no meld" in words
    assert "not among Ada's cards" in grade("rummy", "AS")[1]
    assert not any(c.is_joker for c in choices)  # classic has no jokers
    html = rummy_html()
    assert '<img src="data:image/svg+xml;base64,' in html and "<svg" not in html


@pytest.mark.parametrize(("answer", "ok"), [("deal 7", True), (7, True), ("deal 1", False)])
def test_hardest_deal_is_judged_by_the_lab(answer: object, ok: bool) -> None:
    correct, words = grade("hardest_deal", answer)
    assert correct is ok and words.startswith("Right" if ok else "Not yet")


def test_hardest_deal_refuses_deals_not_simulated() -> None:
    assert "pick one of deals 1, 4, 7" in grade("hardest_deal", "deal 9")[1]
    assert "pick one of" in grade("hardest_deal", True)[1]


def test_short_of_follows_the_analysis() -> None:
    assert grade("short_of", 1) == (
        True,
        "Right: 1 card short of 2 runs (run: 3♠ 4♠ 5♠ (1 wild) (complete); "
        "run: 7♥ 8♥ 9♥ + 1 more).",
    )
    assert "only in one meld" in grade("short_of", 0)[1]
    assert "count the joker" in grade("short_of", 2)[1]
    # Typed as text, the number is read as the other number exercises read it.
    assert grade("short_of", "1") == grade("short_of", 1)
    assert grade("short_of", "1 card")[0] is True
    assert "whole number" in grade("short_of", "one")[1]


def test_score_pad_html_marks_who_went_out_and_the_winner() -> None:
    bots = lp.bots.for_seats("basic", range(4), game_seed=3)
    result = lp.play_match("house", [bots[s] for s in range(4)], seed=3)
    html = score_pad_html(result.game)
    assert html.count("<tr") == 1 + 7 + 1
    assert f"{min(result.scores)} ★" in html and html.count("★") == 2  # the cell and the note
    assert "0 · out" in html
    assert score_pad_html(result.game, deals=1).count("<tr") == 3


def test_rules_tables_leave_the_engine_caps_out_and_cut_no_value() -> None:
    assert not set(ENGINE_CAPS) & set(rule_fields())
    house = lp.PRESETS["house"]
    full = rules_html("house")
    for field in rule_fields():
        assert house.describe()[field].replace("&", "&amp;").replace("<", "&lt;") in full
    assert "max turns per deal" not in full
    both = compare_html("house", "classic")
    differ = house.differences(lp.PRESETS["classic"])
    assert both.count("<tr") == 1 + len(differ)
    assert both.count("background:#fff3bf") == len(differ)
    for _, theirs in differ.values():
        assert theirs in both
