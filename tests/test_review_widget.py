"""The ``Review`` widget, driven from Python (no browser): it grades the reviewed seat's
decisions, shows the summary, pictures the costliest moments as that seat saw them (never a
hidden card), moves its progress bar, cancels, and says in words what went wrong."""

from __future__ import annotations

import os
import re
from html import unescape
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets  # type: ignore[import-untyped]

import liverpool as lp
from liverpool.bots import make
from liverpool.render import card_label, card_svg
from liverpool.review import Decision, Grade
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


def test_a_review_shows_the_summary_the_costliest_moment_and_every_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(review_widget.LESSONS)  # a notebook among the lessons, as Jupyter runs it
    widget = Review(_game().to_json(), seat=0, budget=12, wait=True)
    result = widget.result
    assert result is not None and result.complete and widget.done
    assert [d.grade is Grade.GOOD for d in result.decisions] == [True, False]
    assert widget.progress.value == widget.progress.max == 2
    assert widget.progress.bar_style == "success" and widget.cancel_button.disabled
    summary = widget.summary_html
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
    # shown as display data, as a stored output is (the front end resolves the lesson's link
    # against the notebook's folder), not as an HTML widget's value (left to the page's URL)
    assert isinstance(widget.summary, ipywidgets.Output)
    assert widget.summary.outputs == (
        {"output_type": "display_data", "data": {"text/html": summary}, "metadata": {}},
    )
    # the costliest moment, pictured as seat 0 saw it after drawing the 8♦
    moments = widget.moments.value
    assert moments.count("lp-review-moment") == 1
    assert 'class="lp-review-board" data-seat="0"' in moments
    assert (
        "You chose to discard the Q♥; the review prefers: go down now — every card still in "
        "your hand counts against you when someone goes out." in moments
    )
    # the heading gives the grade and the loss with its spread, once (the sentence does not)
    lost = result.decisions[1].lost_text()
    assert re.fullmatch(r"\d+\.\d ± \d+\.\d points lost", lost), lost
    assert moments.count(lost) == 1 and "would have cost" not in moments
    for own in lp.parse_cards("QH 8D KC"):
        assert card_label(own) in moments
    for hidden in lp.parse_cards("10S 6H 2S 9H"):  # other seats' cards are never drawn
        assert card_label(hidden) not in moments
    # the Q♥ it was about is ringed in the hand and said in words, not by colour alone
    assert _marked(moments) == [("the Q♥ you discarded", ["QH"])]
    assert "<b>Ringed:</b> the Q♥ you discarded" in moments
    assert "▲ you discarded it" in moments
    # trimmed: a line per other player with their count, never a row of card backs
    assert _others(moments) == {"1": "3 cards", "2": "3 cards", "3": "10 cards"}
    assert "lp-backs" not in moments and moments.count('data-card="back"') == 1  # the stock
    # done: the bar and the dead Cancel are gone, here and in the picture
    assert widget.progress_row.layout.display == "none"
    assert "Done." not in widget.picture_html() and "Accuracy 50%" in widget.picture_html()
    rows = widget.decisions.value
    assert rows.count("lp-review-row") == 2 and "draw from the stock" in rows
    assert lost.removesuffix(" points lost") in rows  # the list gives the ± too
    # a good move and one below it: the list can be cut to the moves below good
    assert widget.below_good.layout.display == ""
    widget.below_good.value = True
    assert widget.decisions.value.count("lp-review-row") == 1
    assert "draw from the stock" not in widget.decisions.value
    widget.below_good.value = False
    assert widget.decisions.value == rows
    bad = result.decisions[1].grade
    assert bad in (Grade.MISTAKE, Grade.BLUNDER)
    assert rows.count("data-grade='good'") == rows.count(f"data-grade='{bad.value}'") == 1
    assert repr(widget) == "Review(seat=0, 2 graded, accuracy 50%)"
    assert "Review of Ada&#x27;s play (seat 0)" in widget.heading.value


def _marked(html: str) -> list[tuple[str, list[str]]]:
    """Each ringed thing of ``html``: its accessible name and the cards in it."""
    found = []
    for m in re.finditer(r'data-marked="true" role="group" aria-label="([^"]*)"', html):
        start = m.end()
        depth, i = 1, start
        while depth:  # to the ring's own closing </span>
            nxt = re.compile(r"<span\b|</span>").search(html, i)
            assert nxt is not None
            depth += 1 if nxt.group() != "</span>" else -1
            i = nxt.end()
        cards = re.findall(r'data-card="([^"]+)"', html[start:i])
        found.append((unescape(m.group(1)), cards))
    return found


def _others(html: str) -> dict[str, str]:
    """Each other player's one line: seat -> the count of cards it holds."""
    lines = re.findall(r'class="lp-review-other" data-seat="(\d+)"[^>]*>(.*?)</li>', html)
    return {seat: " ".join(re.findall(r"\d+ cards?\b", line)) for seat, line in lines}


def _decision(view: lp.PlayerView, played: lp.Action) -> Decision:
    return Decision(0, view.deal, 1, "x", view, played, played, 0.0, 0.0, Grade.MISTAKE, "", 0)


def _buy_view() -> lp.PlayerView:
    """Seat 0 asked whether to buy the 4♥ Ben threw."""
    game = lp.Game.from_deal("house", [SEAT0, *HIDDEN], "8D", "JC", dealer=3, seed=5, table=TABLE)
    game.apply(lp.DrawStock())
    while not (game.phase is lp.Phase.BUY and game.to_act == 0):
        legal = game.legal_actions()
        kinds = (lp.Pass, lp.DrawStock, lp.Discard)
        game.apply(next(a for kind in kinds for a in legal if isinstance(a, kind)))
    return game.view(0)


def test_the_lesson_link_finds_the_lessons_from_a_notebook_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lesson = "06_contracts_and_going_down"
    # among the lessons: the bare name, which also works wherever the lessons are copied
    assert review_widget.lesson_href(lesson, review_widget.LESSONS) == f"{lesson}.ipynb"
    # a notebook of the learner's own, elsewhere: the path from it to the checkout's lessons
    mine = tmp_path / "my notebooks"
    mine.mkdir()
    href = review_widget.lesson_href(lesson, mine)
    assert href is not None and href.endswith(f"notebooks/{lesson}.ipynb")
    assert (mine / href).resolve() == (review_widget.LESSONS / f"{lesson}.ipynb").resolve()
    # a copy of the lesson beside the learner's notebook is the one linked
    (mine / f"{lesson}.ipynb").write_text("{}")
    assert review_widget.lesson_href(lesson, mine) == f"{lesson}.ipynb"

    # from another drive (Windows) no relative path leads to the lessons: none is linked
    def other_drive(path: object, start: object = None) -> str:
        raise ValueError("path is on mount 'C:', start on mount 'D:'")

    with monkeypatch.context() as patched:
        patched.setattr(os.path, "relpath", other_drive)
        assert review_widget.lesson_href(lesson, tmp_path) is None
    # with no lessons to be found (an installed wheel), the lesson is named, not linked
    monkeypatch.setattr(review_widget, "LESSONS", tmp_path / "nowhere")
    assert review_widget.lesson_href(lesson, tmp_path) is None
    result = Review(_game().to_json(), seat=0, budget=12, wait=True).result
    assert result is not None
    summary = review_widget.summary_html(result, tmp_path)
    assert "lesson 06 · Contracts and going down teaches it" in summary and "<a " not in summary


def test_each_pictured_moment_rings_what_the_decision_was_about_and_says_it() -> None:
    game = lp.Game.from_deal("house", [SEAT0, *HIDDEN], "8D", "JC", dealer=3, seed=5, table=TABLE)
    draw = game.view(0)  # the J♣ upcard on the pile
    game.apply(lp.DrawStock())
    while game.phase is lp.Phase.BUY:
        game.apply(lp.Pass())
    play = game.view(0)
    down = next(a for a in game.legal_actions() if isinstance(a, lp.GoDown))
    game.apply(down)
    lay = next(a for a in game.legal_actions() if isinstance(a, lp.LayOff) and a.meld == 0)
    buy = _buy_view()
    cases: list[tuple[lp.PlayerView, lp.Action, str, str, list[str]]] = [
        (draw, lp.TakeDiscard(), "the J♣ you took from the discard pile", "discard", ["JC"]),
        (
            draw,
            lp.DrawStock(),
            "the J♣ you left on the discard pile to draw from the stock",
            "discard",
            ["JC"],
        ),
        (buy, lp.Buy(), "the 4♥ you bought", "discard", ["4H"]),
        (buy, lp.Pass(), "the 4♥ you let go", "discard", ["4H"]),
        (play, lp.Discard("5S"), "the 5♠ you discarded", "hand", ["5S"]),
        (
            play,
            down,
            "the cards you went down with: 7♥ 7♣ 7♦, K♠ K♣ K♦",
            "hand",
            ["7H", "7C", "7D", "KS", "KC", "KD"],
        ),
    ]
    for view, action, words, zone, cards in cases:
        board = review_widget.moment_board(_decision(view, action))
        assert f"<b>Ringed:</b> {words}" in board, words
        ringed = _marked(board)
        assert [w for w, _ in ringed] == [words] * len(ringed), words
        assert sorted(c for _, held in ringed for c in held) == sorted(cards), words
        at = board.index('data-marked="true"')  # in the zone it was about
        assert board.rfind('data-zone="', 0, at) == board.rfind(f'data-zone="{zone}"', 0, at)
    # a card laid off: the card in the hand and the meld it went on, both named in words
    board = review_widget.moment_board(_decision(game.view(0), lay))
    words = "the Q♥ you laid on Ben's set of queens"
    assert [w for w, _ in _marked(board)] == [words, words]
    assert "▲ you laid the Q♥ here" in board and "▲ you laid it off" in board
    assert '<div class="lp-table-meld" data-meld="0"><span class="lp-review-mark"' in board


HEX = re.compile(r"#[0-9a-fA-F]{6}\b")
TABLE_CSS = Path(review_widget.__file__).parent / "static" / "table.css"


def _contrast(one: str, two: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_review_rings_in_a_colour_the_table_keeps_for_nothing_else() -> None:
    """The table's gold means a wild card (its frame on every card picture) or the hint's move
    (its ring): the review's mark is a colour of its own, solid, that stands out 3:1 from every
    ground of the board (which keeps its light grounds in a dark theme too)."""
    board = review_widget.moment_board(_decision(_buy_view(), lp.Pass()))
    rings = re.findall(r'class="lp-review-mark"[^>]*style="[^"]*border:3px solid (#\w{6})', board)
    assert len(rings) == 1, board
    ring = rings[0].lower()
    swatch = re.search(r'aria-hidden="true" style="[^"]*border:3px solid (#\w{6})', board)
    assert swatch is not None and swatch.group(1).lower() == ring  # the caption's key
    taken = {c.lower() for c in HEX.findall(TABLE_CSS.read_text(encoding="utf-8"))}
    rules = lp.PRESETS["house"]
    for wild in (lp.Card.joker(), lp.Card.parse("2C")):  # a joker; a deuce, wild in house
        taken |= {c.lower() for c in HEX.findall(card_svg(wild, rules=rules))}
    assert "#e8a317" in taken  # the gold of the hint's ring and of a wild card's frame
    assert ring not in taken
    assert "box-shadow" not in board  # no glow: the hint's ring glows
    grounds = set(re.findall(r"background:(#\w{6})", board))
    assert {"#ffffff", "#eaf4ee"} < grounds, grounds  # the zones, the board, the ring's own
    for ground in grounds:
        assert _contrast(ring, ground) >= 3, ground
    tag = re.search(r'class="lp-review-tag" style="[^"]*background:(#\w{6});color:(#\w{6})', board)
    assert tag is not None and _contrast(tag.group(2), tag.group(1)) >= 4.5  # the tag's words


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
    assert "The review was stopped after " in widget.summary_html  # and how far it got
    assert " of 206 decisions" in widget.summary_html
    assert widget.progress_row.layout.display == "none"  # the summary says it was stopped
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
    assert "No decision was graded" in widget.summary_html
    assert "Accuracy" not in widget.summary_html


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
    # what went wrong stays in sight (and in the picture); the dead bar and Cancel do not
    assert widget.progress_row.layout.display != "none"
    assert widget.progress.layout.display == widget.cancel_button.layout.display == "none"
    assert "the sampler fell over" in widget.picture_html()


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
