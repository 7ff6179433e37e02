"""``Review``: a coach's review of one player's decisions in a finished game, in the notebook.

``Review(record_or_game, seat=0, budget=...)`` grades every decision of ``seat`` with
:func:`liverpool.review.review` — the same grades, sentences and summary as ``liverpool review``
— and shows them: the summary (accuracy, points lost, what to practise and the lesson that
teaches it), the three costliest moments pictured as the table looked to that seat then (drawn
by :func:`liverpool.render.view_html` from the seat's own view, so no hidden card is ever shown),
and the list of graded decisions.

A review plays each choice out over sampled deals and takes about half a second a decision at
the default budget, so it runs in a background thread while a progress bar moves; Cancel stops
it and shows what was graded so far. The kernel stays free meanwhile. ``wait=True`` reviews
before the constructor returns (no thread: for scripts and tests), and :meth:`Review.join`
waits for a running review. ``result`` holds the :class:`liverpool.review.Review` once done.

The record may be a saved game's JSON text, the path of a saved file (``liverpool play --save``,
a room's downloaded record), a :class:`~liverpool.Game`, or anything holding one as ``.game``
(the ``MatchTable`` of :func:`~liverpool_widgets.play` after a deal or a match), read by
:func:`~liverpool_widgets.saved_game.game_of`, as ``Replay`` reads it::

    from liverpool_widgets.review import Review
    Review("game.json", seat=0)
"""

from __future__ import annotations

import threading
from html import escape

import ipywidgets as widgets  # type: ignore[import-untyped]

from liverpool.errors import quoted
from liverpool.evaluate import Budget, describe_action
from liverpool.events import second_person
from liverpool.render import view_html
from liverpool.review import NOTHING_GRADED, Decision, Grade, review
from liverpool.review import Review as ReviewResult

from .picture import PictureMixin
from .saved_game import game_of

__all__ = ["GRADE_COLOURS", "Review"]

GRADE_COLOURS: dict[Grade, str] = {
    Grade.GOOD: "#1a7f37",
    Grade.INACCURACY: "#9a6700",
    Grade.MISTAKE: "#bc4c00",
    Grade.BLUNDER: "#cf222e",
}
"""Each grade's colour in the list (green to red, readable on white and on a projector)."""

_MUTED = "color:#57606a;font-size:13px"


def _checked_budget(budget: object) -> Budget | int | None:
    """``budget`` when a review can use it; checked here, in the constructor, because a bad one
    found in the review's thread would only show as "failed" under the widget."""
    if budget is None or isinstance(budget, Budget):
        return budget
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise TypeError(
            "budget is a number of sampled deals a decision (like 16) or a Budget, "
            f"not {quoted(budget)}"
        )
    if budget < 1:
        raise ValueError(f"a review needs at least one sampled deal a decision, not {budget}")
    return budget


class Review(PictureMixin, widgets.VBox):  # type: ignore[misc]
    """Every decision of one seat graded, with the summary and the costliest moments pictured.

    ``Review(record_or_game, seat=0, budget=None, *, seed=0, wait=False)``: ``budget`` is a
    number of sampled deals per decision or a :class:`~liverpool.evaluate.Budget` (default:
    :data:`liverpool.review.DEFAULT_BUDGET`). A corrupt record raises
    :class:`~liverpool.RecordError`, a seat not at the table :class:`~liverpool.SeatError`, and
    a budget that is neither a whole number from 1 up nor a ``Budget`` a :class:`TypeError` or
    :class:`ValueError`: all at once, before any work starts.
    """

    def __init__(
        self,
        record: object,
        seat: int = 0,
        budget: Budget | int | None = None,
        *,
        seed: int = 0,
        wait: bool = False,
    ) -> None:
        self.game = game_of(record, "Review")
        self.seat = self.game.seat(seat)
        self.budget = _checked_budget(budget)
        self.seed = seed
        self.result: ReviewResult | None = None
        self.error: str | None = None
        """What went wrong in the review, in words (shown under the widget too)."""
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        # A learner seated as "You" reads "Review of your play", not "You's play".
        title = second_person(f"Review of {self.game.names[self.seat]}'s play", "You")
        self.heading = widgets.HTML(
            f"<h4 style='margin:4px 0'>{escape(title)} (seat {self.seat})</h4>"
        )
        self.progress = widgets.IntProgress(
            value=0, min=0, max=1, description="Reviewing", bar_style="info"
        )
        self.status = widgets.HTML(f"<span style='{_MUTED}'>Starting…</span>")
        self.cancel_button = widgets.Button(
            description="Cancel", icon="stop", tooltip="stop the review and show what is graded"
        )
        self.cancel_button.on_click(lambda _button: self.cancel())
        self.summary = widgets.HTML()
        self.moments = widgets.HTML()
        self.decisions = widgets.HTML()
        bar = widgets.HBox([self.progress, self.cancel_button, self.status])
        super().__init__([self.heading, bar, self.summary, self.moments, self.decisions])
        if wait:
            self._run()
        else:
            self._thread = threading.Thread(
                target=self._run, name=f"liverpool-review-seat-{self.seat}", daemon=True
            )
            self._thread.start()

    # -- the Python API ------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """Whether the review has finished (completed, cancelled or failed)."""
        return self.result is not None or self.error is not None

    def cancel(self) -> None:
        """Stop the review: the decisions graded so far are shown."""
        self._cancel.set()
        self.cancel_button.disabled = True
        if not self.done:
            self.status.value = f"<span style='{_MUTED}'>Stopping…</span>"

    def join(self, timeout: float | None = None) -> ReviewResult | None:
        """Wait for a running review (at most ``timeout`` seconds); its result, if done."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.result

    def __repr__(self) -> str:
        if self.result is not None:
            r = self.result
            state = f"{len(r.decisions)} graded, accuracy {100 * r.accuracy:.0f}%"
            if not r.complete:
                state += ", cancelled"
        else:
            state = "failed" if self.error is not None else "running"
        return f"Review(seat={self.seat}, {state})"

    def _picture_body(self) -> str:
        """What the widget shows now, for a notebook opened cold: the heading and the state,
        then (once done) the summary, the costliest moments and the graded decisions."""
        return "".join(
            w.value for w in (self.heading, self.status, self.summary, self.moments, self.decisions)
        )

    # -- the work (in the review thread, or the caller's with wait=True) -----------------------
    def _tick(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        if not self._cancel.is_set():
            self.status.value = (
                f"<span style='{_MUTED}'>{done} of {total} decisions looked at</span>"
            )

    def _run(self) -> None:
        try:
            result = review(
                self.game,
                self.seat,
                self.budget,
                progress=self._tick,
                cancel=self._cancel.is_set,
                seed=self.seed,
            )
        except Exception as exc:  # shown under the widget, never lost in a thread
            self.error = f"The review failed: {type(exc).__name__}: {exc}"
            self.progress.bar_style = "danger"
            self.status.value = f"<span style='color:#cf222e'>{escape(self.error)}</span>"
            self.cancel_button.disabled = True
            return
        self.result = result
        self.cancel_button.disabled = True
        if result.complete:
            self.progress.bar_style = "success"
            self.progress.value = self.progress.max
            self.status.value = f"<span style='{_MUTED}'>Done.</span>"
        else:
            self.progress.bar_style = "warning"
            self.status.value = (
                f"<span style='{_MUTED}'>Stopped: {len(result.decisions)} decisions graded "
                "before Cancel.</span>"
            )
        self.summary.value = summary_html(result)
        self.moments.value = moments_html(result)
        self.decisions.value = decisions_html(result)


# -- HTML ----------------------------------------------------------------------------------------


def _grade_pill(grade: Grade) -> str:
    return (
        f"<span style='background:{GRADE_COLOURS[grade]};color:#fff;border-radius:999px;"
        f"padding:1px 8px;font-size:12px;font-weight:600'>{grade.value}</span>"
    )


def summary_html(result: ReviewResult) -> str:
    """The summary: accuracy, the grades counted, points lost, what to practise."""
    if not result.decisions:  # an accuracy of 100% over nothing would flatter
        stopped = "" if result.complete else "The review was stopped before the end. "
        return (
            "<div class='lp-review-summary' role='status'>"
            f"<p style='margin:4px 0'>{stopped}{escape(NOTHING_GRADED)}</p></div>"
        )
    practice = result.practise
    if practice is None:
        practise = escape(result.practise_words())
    else:
        title = escape(practice.lesson_title)  # a link to the lesson, beside this one
        link = f"<a href='{escape(practice.lesson)}.ipynb' target='_blank'>{title}</a>"
        practise = escape(practice.sentence()).replace(title, link, 1)
    stopped = (
        ""
        if result.complete
        else "<p><b>The review was stopped before the end:</b> this covers part of the game.</p>"
    )
    return (
        "<div class='lp-review-summary' role='status'>"
        f"{stopped}"
        f"<p style='font-size:16px;margin:4px 0'><b>Accuracy {100 * result.accuracy:.0f}%</b> "
        f"<span style='{_MUTED}'>({escape(result.tally(' · '))})</span>; "
        f"{escape(result.lost_words())}.</p>"
        f"<p style='margin:4px 0'>{practise}</p>"
        f"<p style='{_MUTED};margin:4px 0'>{len(result.decisions)} decisions graded, "
        f"{result.ungraded} not graded (forced moves, calls, moves played for you, or positions "
        f"the review cannot recreate); up to {result.budget.samples} sampled deals per "
        "decision.</p></div>"
    )


def _said(d: Decision) -> str:
    did = describe_action(d.played, d.view)
    return f"You chose to {did}; the review prefers: {d.preference}."


def moments_html(result: ReviewResult) -> str:
    """The three costliest moments, each with the table as the reviewed seat saw it then."""
    if not result.costliest:
        return ""
    parts = ["<h4 style='margin:10px 0 4px'>The costliest moments</h4>"]
    for k, d in enumerate(result.costliest, 1):
        parts.append(
            f"<div class='lp-review-moment' data-index='{d.index}' style='margin:8px 0 14px'>"
            f"<p style='margin:2px 0'><b>{k}. Deal {d.deal}, turn {d.turn}</b> ({d.kind}) "
            f"{_grade_pill(d.grade)} {d.loss:.1f} points lost</p>"
            f"<p style='margin:2px 0'>{escape(_said(d))} {escape(d.why)}</p>"
            f"{view_html(d.view)}</div>"
        )
    return "".join(parts)


def decisions_html(result: ReviewResult) -> str:
    """Every graded decision, one row each: where, what was done, what is preferred, the points
    lost, the grade and why."""
    if not result.decisions:
        return f"<p style='{_MUTED}'>No decision was graded.</p>"
    rows = []
    for d in result.decisions:
        lost = "—" if d.samples == 0 else f"{d.loss:.1f}"
        rows.append(
            f"<tr class='lp-review-row' data-grade='{d.grade.value}'>"
            f"<td>{d.deal}</td><td>{d.turn}</td><td>{escape(d.kind)}</td>"
            f"<td>{escape(describe_action(d.played, d.view))}</td><td>{escape(d.preference)}</td>"
            f"<td style='text-align:right'>{lost}</td><td>{_grade_pill(d.grade)}</td>"
            f"<td>{escape(d.why)}</td></tr>"
        )
    head = "".join(
        f"<th style='text-align:left;padding-right:8px'>{h}</th>"
        for h in ("deal", "turn", "kind", "you chose to", "preferred", "lost", "grade", "why")
    )
    below = sum(d.grade is not Grade.GOOD for d in result.decisions)
    return (
        f"<details{' open' if below else ''}><summary><b>Every graded decision</b> "
        f"({len(result.decisions)}, {below} below good)</summary>"
        "<table class='lp-review-decisions' style='border-collapse:collapse;font-size:13px'>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></details>"
    )
