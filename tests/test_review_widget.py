"""The ``Review`` widget, driven from Python (no browser): it grades the reviewed seat's
decisions, shows the summary, pictures the costliest moments as that seat saw them (never a
hidden card), moves its progress bar, cancels, and says in words what went wrong."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("ipywidgets")

import liverpool as lp
from liverpool.bots import make
from liverpool.render import card_label
from liverpool.review import Grade
from liverpool_widgets import Review
from liverpool_widgets import review as review_widget

# Late in house deal 1: seats 1 and 2 are down with three cards each. Seat 0 (first to play)
#   seat 0: 7♥ 7♣ 7♦ K♠ K♦ K♣ 4♣ 3♠ Q♥ 5♠   (two sets: it can go down)
#   seat 1: 4♥ 10♠ 6♥   seat 2: 6♣ 2♠ 3♥   seat 3: A♠ A♥ 2♣ 3♣ 4♣ 5♦ 6♦ 7♠ 8♠ 9♥
# draws the 8♦ and throws the Q♥ instead of going down: a deliberate mistake.
SEAT0 = "7H 7C 7D KS KD KC 4C 3S QH 5S"
HIDDEN = ["4H 10S 6H", "6C 2S 3H", "AS AH 2C 3C 4C 5D 6D 7S 8S 9H"]
TABLE = [(1, "QS QC QD"), (1, "JS JC JD"), (2, "5H 5C 5S"), (2, "9S 9C 9D")]


def _game() -> lp.Game:
    game = lp.Game.from_deal("house", [SEAT0, *HIDDEN], "8D", "JC", dealer=3, seed=5, table=TABLE)
    game.apply(lp.DrawStock())
    while game.phase is lp.Phase.BUY:
        game.apply(lp.Pass())
    game.apply(lp.Discard("QH"))
    return game


def test_a_review_shows_the_summary_the_costliest_moment_and_every_decision() -> None:
    widget = Review(_game().to_json(), seat=0, budget=12, wait=True)
    result = widget.result
    assert result is not None and result.complete and widget.done
    assert [d.grade is Grade.GOOD for d in result.decisions] == [True, False]
    assert widget.progress.value == widget.progress.max == 2
    assert widget.progress.bar_style == "success" and widget.cancel_button.disabled
    summary = widget.summary.value
    assert "Accuracy 50%" in summary
    # the grades counted as the terminal counts them, each plural where it is not one
    assert (
        "(1 good · 0 inaccuracies · 1 mistake · 0 blunders)" in summary
        or "(1 good · 0 inaccuracies · 0 mistakes · 1 blunder)" in summary
    )
    assert "points lost on the 1 move below good" in summary
    assert (
        "<a href='06_contracts_and_going_down.ipynb' target='_blank'>"
        "lesson 06 · Contracts and going down</a> teaches it" in summary
    )
    # the costliest moment, pictured as seat 0 saw it after drawing the 8♦
    moments = widget.moments.value
    assert moments.count("lp-review-moment") == 1 and 'class="lp-table" data-seat="0"' in moments
    assert "You chose to discard the Q♥; the review prefers: go down now." in moments
    for own in lp.parse_cards("QH 8D KC"):
        assert card_label(own) in moments
    for hidden in lp.parse_cards("10S 6H 2S 9H"):  # other seats' cards are never drawn
        assert card_label(hidden) not in moments
    rows = widget.decisions.value
    assert rows.count("lp-review-row") == 2 and "draw from the stock" in rows
    bad = result.decisions[1].grade
    assert bad in (Grade.MISTAKE, Grade.BLUNDER)
    assert rows.count("data-grade='good'") == rows.count(f"data-grade='{bad.value}'") == 1
    assert repr(widget) == "Review(seat=0, 2 graded, accuracy 50%)"
    assert "Review of Ada&#x27;s play (seat 0)" in widget.heading.value


def test_a_learner_called_you_reads_review_of_your_play() -> None:
    names = ["You", "Ben", "Cleo", "Dev"]
    game = lp.Game.from_deal(
        "house", [SEAT0, *HIDDEN], "8D", "JC", dealer=3, seed=5, table=TABLE, names=names
    )
    game.apply(lp.DrawStock())
    widget = Review(game.to_json(), seat=0, budget=2, wait=True)
    assert "Review of your play (seat 0)" in widget.heading.value
    assert "You&#x27;s" not in widget.heading.value


def test_a_review_runs_in_the_background_and_cancel_keeps_what_was_graded() -> None:
    bots = [make(level, seat) for seat, level in enumerate(["basic", "strong", "basic", "basic"])]
    match = lp.play_match("house", bots, seed=3)
    widget = Review(SimpleNamespace(game=match.game), seat=0, budget=4)  # as from a MatchTable
    widget.cancel_button.click()  # a whole match has hundreds of decisions: still running
    result = widget.join(timeout=60)
    assert result is not None and not result.complete
    assert widget.progress.bar_style == "warning" and "Stopped" in widget.status.value
    assert "stopped before the end" in widget.summary.value
    assert repr(widget).endswith("cancelled)")


def test_a_review_reads_a_saved_file_and_refuses_bad_input_in_words(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_game().to_json(), encoding="utf-8")
    assert Review(path, budget=2, wait=True).result is not None
    assert Review(str(path), budget=2, wait=True).result is not None
    live = _game()  # a match still going on at its table: the review keeps its own copy
    widget = Review(live, budget=2, wait=True)
    live.apply(live.legal_actions()[0])
    assert len(widget.game.actions) == len(live.actions) - 1
    path.write_text('{"version": 1, "act', encoding="utf-8")
    with pytest.raises(lp.RecordError, match="not valid JSON"):
        Review(path)
    with pytest.raises(lp.RecordError, match="there is no file"):
        Review(tmp_path / "nope.json")
    with pytest.raises(lp.SeatError, match="There is no seat 5"):
        Review(_game(), seat=5)
    with pytest.raises(ValueError, match="at least one sampled deal"):
        Review(_game(), budget=0)
    with pytest.raises(TypeError, match="Review needs a saved game"):
        Review(42)
    with pytest.raises(lp.RecordError, match="no saved game was given"):
        Review("  ")


def test_a_review_with_nothing_graded_says_so_rather_than_100_percent() -> None:
    fresh = lp.Game("house", 3, seed=1)  # no decision made yet
    widget = Review(fresh, wait=True)
    assert widget.result is not None and widget.result.decisions == ()
    assert "No decision was graded" in widget.summary.value
    assert "Accuracy" not in widget.summary.value


def test_a_failure_in_the_review_is_shown_under_the_widget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the sampler fell over")

    monkeypatch.setattr(review_widget, "review", broken)
    widget = Review(_game(), budget=2)
    assert widget.join(timeout=10) is None and widget.done
    assert widget.error == "The review failed: RuntimeError: the sampler fell over"
    assert "the sampler fell over" in widget.status.value
    assert widget.progress.bar_style == "danger" and repr(widget) == "Review(seat=0, failed)"


def test_review_my_play_on_the_match_table_reviews_the_humans_moves() -> None:
    from liverpool_widgets import MatchTable

    match = MatchTable(_game(), pace=0)  # the human (seat 0) has drawn and made a mistake
    assert match.reviewed is None
    match.review_button.click()
    widget = match.reviewed
    assert isinstance(widget, Review) and widget.seat == 0
    assert match.children[-1] is widget  # shown under the table and its controls
    result = widget.join(timeout=120)
    assert result is not None and result.decisions
    # throwing the Q♥ instead of going down is graded below good
    assert any(d.grade is not Grade.GOOD for d in result.decisions)
    # its picture, for a notebook opened cold, is the review as it stands
    assert "Review of" in widget.picture_html() and "<svg" not in widget.picture_html()


def test_review_my_play_before_any_move_says_there_is_nothing_yet() -> None:
    from liverpool_widgets import MatchTable

    game = lp.Game.from_deal("house", [SEAT0, *HIDDEN], "8D", "JC", dealer=3, seed=5, table=TABLE)
    match = MatchTable(game, pace=0)
    assert match.review() is None and match.reviewed is None
    assert "nothing to review yet" in match.table.error
