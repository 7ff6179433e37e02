"""``Review``: a coach's review of one player's decisions in a finished game, in the notebook.

``Review(record_or_game, seat=0, budget=...)`` grades every decision of ``seat`` with
:func:`liverpool.review.review` — the same grades, sentences and summary as ``liverpool review``
— and shows them: the summary (accuracy, points lost, what to practise and the lesson that
teaches it), the three costliest moments pictured as the table looked to that seat then, and the
list of graded decisions. Each moment is a small board drawn from the seat's own view (so no
hidden card is ever shown): the contract, one line per other player (progress and cards held,
never a row of card backs), the stock, the discard pile's top card, the melds on the table and
the seat's hand, with the card (or pile, or meld) the decision was about ringed in violet (a
colour the table uses for nothing else: its gold means a wild card or a hint) and said in words
("Ringed: the 2♣ you discarded").

A review plays each choice out over sampled deals and takes about half a second a decision at
the default budget, so it runs in a background thread while a progress bar moves; Cancel stops
it and shows what was graded so far. The kernel stays free meanwhile. Once the review has
finished or stopped, the progress row (bar and Cancel) is hidden: the summary says the rest.
``wait=True`` reviews before the constructor returns (no thread: for scripts and tests), and
:meth:`Review.join` waits for a running review. ``result`` holds the
:class:`liverpool.review.Review` once done.

The record may be a saved game's JSON text, the path of a saved file (``liverpool play --save``,
a room's downloaded record), a :class:`~liverpool.Game`, or anything holding one as ``.game``
(the ``MatchTable`` of :func:`~liverpool_widgets.play` after a deal or a match), read by
:func:`~liverpool_widgets.saved_game.game_of`, as ``Replay`` reads it::

    from liverpool_widgets.review import Review
    Review("game.json", seat=0)
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

import ipywidgets as widgets  # type: ignore[import-untyped]

from liverpool.actions import (
    Buy,
    Discard,
    DrawStock,
    GoDown,
    GoOut,
    LayOff,
    Pass,
    SwapWild,
    TakeDiscard,
)
from liverpool.cards import Card, format_cards
from liverpool.errors import quoted
from liverpool.evaluate import Budget, describe_action
from liverpool.events import second_person
from liverpool.render import card_img, meld_html
from liverpool.review import Decision, Grade, review
from liverpool.review import Review as ReviewResult
from liverpool.state import Phase
from liverpool.table_model import Header, SeatInfo, build_table
from liverpool.view import PlayerView
from liverpool.words import counted, possessive

from .picture import WHITE_GROUND, PictureMixin
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
_MUTED_PAGE = f"{_MUTED};{WHITE_GROUND}"
"""Muted text straight on the page (not on a board): on a label of the light theme's white,
whatever the theme (on JupyterLab Dark's near-black our muted grey did not read). A paragraph
adds ``display:inline-block`` (:data:`_MUTED_LINE`), to be as wide as its words."""
_MUTED_LINE = f"display:inline-block;{_MUTED_PAGE}"


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
        self.status = widgets.HTML(f"<span style='{_MUTED_PAGE}'>Starting…</span>")
        self.cancel_button = widgets.Button(
            description="Cancel", icon="stop", tooltip="stop the review and show what is graded"
        )
        self.cancel_button.on_click(lambda _button: self.cancel())
        self.summary = widgets.Output()
        """The summary (:func:`summary_html`), shown as display data, as a notebook shows a stored
        output, not as an ``HTML`` widget's value: the front end renders display data itself, and
        resolves the link to the lesson against the notebook's own folder and opens it in place
        (a tab of JupyterLab or JupyterLite, a new page of Notebook 7). An ``HTML`` widget's link
        is left to the browser, which resolves it against the page's address: that is the
        notebook's folder in Notebook 7 only (JupyterLite's is ``lab/index.html``, where the
        link finds nothing; JupyterLab's follows the document in front and opens a second
        JupyterLab)."""
        self.summary_html = ""
        """What :attr:`summary` shows (HTML), for the picture and for tests."""
        self.moments = widgets.HTML()
        self.decisions = widgets.HTML()
        self.below_good = widgets.Checkbox(
            value=False,
            description="List only the moves below good",
            indent=False,
            layout=widgets.Layout(display="none", width="auto"),
        )
        """Shortens the list of graded decisions to the moves below good (a whole match has
        a hundred or more); shown once the review has both kinds to tell apart."""
        self.below_good.observe(self._relist, names="value")
        self.progress_row = widgets.HBox([self.progress, self.cancel_button, self.status])
        """The bar, Cancel and the state in words: hidden once the review has finished or
        stopped (on a failure only the words stay, saying what went wrong)."""
        super().__init__(
            [
                self.heading,
                self.progress_row,
                self.summary,
                self.moments,
                self.below_good,
                self.decisions,
            ]
        )
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
            self.status.value = f"<span style='{_MUTED_PAGE}'>Stopping…</span>"

    def _relist(self, change: dict[str, object]) -> None:
        if self.result is not None:
            self.decisions.value = decisions_html(self.result, every=not change["new"])

    def join(self, timeout: float | None = None) -> ReviewResult | None:
        """Wait for a running review (at most ``timeout`` seconds); its result, if done."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.result

    def __repr__(self) -> str:
        if self.result is not None:
            r = self.result
            state = (
                f"{len(r.decisions)} graded, accuracy {100 * r.accuracy:.0f}%"
                if r.decisions
                else "nothing graded"  # an accuracy of 100% over nothing would flatter
            )
            if not r.complete:
                state += ", cancelled"
        else:
            state = "failed" if self.error is not None else "running"
        return f"Review(seat={self.seat}, {state})"

    def _picture_body(self) -> str:
        """What the widget shows now, for a notebook opened cold: the heading and the state,
        then (once done) the summary, the costliest moments and the graded decisions. The state
        is left out where the widget hides it (a finished or stopped review)."""
        shown = [self.heading.value, self.summary_html, self.moments.value, self.decisions.value]
        if self.progress_row.layout.display != "none":
            shown.insert(1, self.status.value)
        return "".join(shown)

    # -- the work (in the review thread, or the caller's with wait=True) -----------------------
    def _tick(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        if not self._cancel.is_set():
            self.status.value = (
                f"<span style='{_MUTED_PAGE}'>{done} of {total} decisions looked at</span>"
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
            self.status.value = (
                f"<span style='color:#cf222e;{WHITE_GROUND}'>{escape(self.error)}</span>"
            )
            self.cancel_button.disabled = True
            # what went wrong stays on screen; the dead bar and button go
            self.progress.layout.display = "none"
            self.cancel_button.layout.display = "none"
            return
        self.result = result
        self.cancel_button.disabled = True
        if result.complete:
            self.progress.bar_style = "success"
            self.progress.value = self.progress.max
            self.status.value = f"<span style='{_MUTED_PAGE}'>Done.</span>"
        else:  # the summary says how far it got
            self.progress.bar_style = "warning"
            self.status.value = f"<span style='{_MUTED_PAGE}'>Stopped.</span>"
        self.summary_html = summary_html(result)
        self.summary.outputs = (
            {
                "output_type": "display_data",
                "data": {"text/html": self.summary_html},
                "metadata": {},
            },
        )
        self.moments.value = moments_html(result)
        self.decisions.value = decisions_html(result)
        if result.count(Grade.GOOD) and len(result.decisions) > result.count(Grade.GOOD):
            self.below_good.layout.display = ""  # a choice only where it hides something
        # the summary says how many decisions were graded and whether the review was stopped:
        # a full bar and a dead Cancel button would only take room
        self.progress_row.layout.display = "none"


# -- HTML ----------------------------------------------------------------------------------------


def _grade_pill(grade: Grade) -> str:
    return (
        f"<span style='background:{GRADE_COLOURS[grade]};color:#fff;border-radius:999px;"
        f"padding:1px 8px;font-size:12px;font-weight:600'>{grade.value}</span>"
    )


LESSONS = Path(__file__).resolve().parents[2] / "notebooks"
"""The lessons of the checkout this package runs from (an installed wheel has none)."""


def lesson_href(lesson: str, here: Path | None = None) -> str | None:
    """The link to a lesson notebook from the notebook the kernel runs beside (``here``, by
    default the working folder, which Jupyter sets to the notebook's own): the lesson's bare
    name among the lessons themselves — so a stored lesson's link works wherever the lessons
    are, GitHub and nbviewer included — else the path to the checkout's lessons from ``here``;
    ``None`` where there is no lesson to link to (the summary then names it unlinked)."""
    here = Path.cwd() if here is None else here
    name = f"{lesson}.ipynb"
    if (here / name).is_file():
        return name
    target = LESSONS / name
    if not target.is_file():
        return None
    try:
        return Path(os.path.relpath(target, here)).as_posix()
    except ValueError:  # on Windows, another drive: no relative path leads there
        return None


def summary_html(result: ReviewResult, here: Path | None = None) -> str:
    """The summary: accuracy, the grades counted, points lost, what to practise (the lesson
    linked from ``here``, see :func:`lesson_href`)."""
    if not result.decisions:  # an accuracy of 100% over nothing would flatter
        return (
            "<div class='lp-review-summary' role='status'>"
            f"<p style='margin:4px 0'>{escape(result.nothing_graded_words())}</p></div>"
        )
    practice = result.practise
    if practice is None:
        practise = escape(result.practise_words())
    else:
        # a link to the lesson: relative, for the front end to resolve against the notebook's
        # folder (live, see Review.summary; stored, as any output's link) and a static render
        # (GitHub, nbviewer) against the notebook's own address
        title = escape(practice.lesson_title)
        practise = escape(practice.sentence())
        href = lesson_href(practice.lesson, here)
        if href is not None:
            link = f"<a href='{escape(href)}' target='_blank'>{title}</a>"
            practise = practise.replace(title, link, 1)
    stopped = "" if result.complete else f"<p><b>{escape(result.stopped_words())}</b></p>"
    return (
        "<div class='lp-review-summary' role='status'>"
        f"{stopped}"
        f"<p style='font-size:16px;margin:4px 0'><b>Accuracy {100 * result.accuracy:.0f}%</b> "
        f"<span style='{_MUTED_PAGE}'>({escape(result.tally(' · '))})</span>; "
        f"{escape(result.lost_words())}.</p>"
        f"<p style='margin:4px 0'>{practise}</p>"
        f"<p style='{_MUTED_LINE};margin:4px 0'>{len(result.decisions)} decisions graded, "
        f"{result.ungraded} not graded (forced moves, calls, moves played for you, or positions "
        f"the review cannot recreate); up to {result.budget.samples} sampled deals per "
        "decision.</p></div>"
    )


def _said(d: Decision) -> str:
    """What was done, what the review prefers and (where the hand shows it) why, for a moment
    whose heading already gives the grade and the points lost (:attr:`Decision.why` would say
    them again)."""
    did = describe_action(d.played, d.view)
    because = f" — {d.because}" if d.because else ""
    return f"You chose to {did}; the review prefers: {d.preference}{because}."


def moments_html(result: ReviewResult) -> str:
    """The three costliest moments, each with the table as the reviewed seat saw it then and
    the card the decision was about ringed and said in words."""
    if not result.costliest:
        return ""
    parts = ["<h4 style='margin:10px 0 4px'>The costliest moments</h4>"]
    for k, d in enumerate(result.costliest, 1):
        parts.append(
            f"<div class='lp-review-moment' data-index='{d.index}' style='margin:8px 0 14px'>"
            f"<p style='margin:2px 0'><b>{k}. Deal {d.deal}, turn {d.turn}</b> ({d.kind}) "
            f"{_grade_pill(d.grade)} {escape(d.lost_text())} over {d.samples} sampled deals</p>"
            f"<p style='margin:2px 0'>{escape(_said(d))}</p>"
            f"{moment_board(d)}</div>"
        )
    return "".join(parts)


# -- a moment's board ----------------------------------------------------------------------------
# Small and light, like the table widget: what the learner needs to judge the decision (the
# contract, the discard pile's top card, the melds on the table, their own hand), one line for
# each other player, and the card the decision was about ringed and said in words. Everything is
# inline <img> and inline style, so the picture shows without a kernel (a lesson stores it as
# text/html), and it is drawn from the seat's own view: no other seat's card is ever in it.

MARK = "#6f42c1"
"""The ring round the card (pile, meld) a decision was about: violet, which the table uses for
nothing else. Not the table's gold (table.css ``--lpt-gold``): on the table and on every card
picture gold means "a wild card" (its frame and badge) or "the hint's move" (the hint's ring),
and a learner who has just played with the hint on would read a gold ring as either. Nor its
blue (focus, a selected card), green (where a card may go) or red (hearts, diamonds, errors).
Solid, with no glow (the hint's ring glows): 6.5:1 against the zones' white and 5.8:1 against
the board's green-grey, which stay light in a dark theme (the board draws its own ground)."""
MARK_FILL = "#f3eefc"
"""The pale violet inside the ring and under its tag (no card colour is near it)."""
MARK_INK = "#4b2a8c"
"""The tag's words: dark violet on :data:`MARK_FILL` (9:1)."""

_INK = "color:#1c2330"
_BOARD = (
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;"
    f"line-height:1.35;box-sizing:border-box;{_INK};background:#eaf4ee;border:1px solid #cfe3d6;"
    "border-radius:10px;padding:8px 10px;display:flex;flex-direction:column;gap:8px;"
    "max-width:100%;margin-top:6px"
)
_ZONE = "background:#ffffff;border:1px solid #d8dee4;border-radius:8px;padding:6px 8px"
_ZONE_TITLE = "font-weight:700;font-size:13px;margin-bottom:3px"
_RING = f"border:3px solid {MARK};border-radius:9px;padding:2px;background:{MARK_FILL}"
_TAG = (
    f"display:inline-block;background:{MARK_FILL};color:{MARK_INK};border:1px solid {MARK};"
    "border-radius:999px;padding:0 7px;font-size:12px;font-weight:700;white-space:nowrap"
)
_HAND_WIDTH = 56
_HAND_OVERLAP = 0.42
_PILE_WIDTH = 56
_MELD_WIDTH = 44


@dataclass(frozen=True)
class Mark:
    """What a decision was about, to ring on its board: cards of the hand, a pile or a meld of
    the table, and the words that say it (never colour alone)."""

    words: str
    """The whole of it, for the caption and the ring's accessible name: ``"the 2♣ you
    discarded"``."""
    tag: str
    """A short tag beside the ringed card or pile: ``"you discarded it"``."""
    hand: tuple[Card, ...] = ()
    pile: str | None = None
    """``"discard"`` (the pile's top card) or ``"stock"``."""
    meld: int | None = None
    """The meld of the table a card was laid on (its index in ``view.table``)."""
    meld_tag: str = ""


def _whose(view: PlayerView, meld: int) -> str:
    """Whose meld ``meld`` of the table is, to the reviewed seat (a loose meld: "your")."""
    owner = view.table[meld].owner
    return possessive(view.seat if owner is None else owner, view.seat, view.names)


def decision_mark(action: object, view: PlayerView) -> Mark | None:
    """What ``action``, played from ``view``, was about (``None`` for an action without a card,
    pile or meld to point at)."""
    top = view.offer or view.discard_top
    if isinstance(action, Discard):
        return Mark(f"the {action.card} you discarded", "you discarded it", hand=(action.card,))
    if isinstance(action, TakeDiscard) and top is not None:
        words = f"the {top} you took from the discard pile"
        return Mark(words, "you took it", pile="discard")
    if isinstance(action, Buy) and top is not None:
        return Mark(f"the {top} you bought", "you bought it", pile="discard")
    if isinstance(action, Pass) and view.phase is Phase.BUY and top is not None:
        return Mark(f"the {top} you let go", "you let it go", pile="discard")
    if isinstance(action, DrawStock):
        if top is not None:
            words = f"the {top} you left on the discard pile to draw from the stock"
            return Mark(words, "you left it", pile="discard")
        return Mark("the stock you drew from", "you drew here", pile="stock")
    if isinstance(action, (LayOff, SwapWild)):
        card, meld = action.card, action.meld
        if not 0 <= meld < len(view.table):
            return Mark(f"the {card} you laid off", "you laid it off", hand=(card,))
        described = f"{_whose(view, meld)} {view.table[meld].describe(view.rules)}"
        if isinstance(action, LayOff):
            words, tag, meld_tag = (
                f"the {card} you laid on {described}",
                "you laid it off",
                f"you laid the {card} here",
            )
        else:
            words, tag, meld_tag = (
                f"the {card} you put in place of a wild in {described}",
                "you swapped it in",
                f"you put the {card} here",
            )
        return Mark(words, tag, hand=(card,), meld=meld, meld_tag=meld_tag)
    if isinstance(action, GoDown):
        cards = tuple(c for m in action.melds for c in m)
        melds = ", ".join(format_cards(m) for m in action.melds)
        return Mark(f"the cards you went down with: {melds}", "you went down", hand=cards)
    if isinstance(action, GoOut):
        if action.melds is None:
            return Mark("your whole hand, which you went out with", "", hand=view.hand)
        cards = tuple(c for m in action.melds for c in m)
        melds = ", ".join(format_cards(m) for m in action.melds)
        return Mark(f"the cards you went out with: {melds}", "", hand=cards)
    return None


def _ringed(inner: str, words: str, *, block: bool = False) -> str:
    """``inner`` in the review's ring (:data:`MARK`), named by ``words`` for a screen reader and
    as a tooltip."""
    column = "display:flex;flex-direction:column;align-items:center;gap:3px"
    shape = column if block else "display:inline-flex"
    return (
        f'<span class="lp-review-mark" data-marked="true" role="group" '
        f'aria-label="{escape(words)}" title="{escape(words)}" '
        f'style="{shape};position:relative;z-index:1;{_RING}">{inner}</span>'
    )


def _tag(text: str, *, below: bool = False) -> str:
    """A short tag for a ringed card: under it in its box, or hanging ``below`` the ring."""
    if not text:
        return ""
    hang = ";position:absolute;left:-3px;top:100%;margin-top:5px" if below else ""
    return f'<span class="lp-review-tag" style="{_TAG}{hang}">▲ {escape(text)}</span>'


def _hand_row(view: PlayerView, mark: Mark | None) -> str:
    """The seat's hand, sorted by rank as the terminal's review shows it, the marked cards in
    the ring (each once: a hand may hold two of a card)."""
    hand = view.hand
    order = sorted(range(len(hand)), key=lambda i: (hand[i].sort_key(), i))
    wanted = list(mark.hand) if mark is not None else []
    marked: set[int] = set()
    for card in wanted:
        i = next((i for i in order if hand[i] == card and i not in marked), None)
        if i is not None:
            marked.add(i)
    single = mark is not None and len(marked) == 1
    step = f"margin-left:-{_HAND_WIDTH * _HAND_OVERLAP:g}px"
    parts = []
    for n, i in enumerate(order):
        img = card_img(hand[i], rules=view.rules, width=_HAND_WIDTH)
        shift = step if n else ""
        if i in marked and mark is not None:
            # shown whole, the next card not over it (so no card's corner is hidden either),
            # its tag hanging under it
            tag = _tag(mark.tag, below=True) if single else ""
            ringed = _ringed(img + tag, mark.words)
            room = f"margin-right:{_HAND_WIDTH * _HAND_OVERLAP + 4:g}px"
            parts.append(f'<span style="display:inline-flex;{shift};{room}">{ringed}</span>')
        else:
            parts.append(f'<span style="display:inline-flex;{shift}">{img}</span>')
    if not parts:
        parts.append(f"<span style='{_MUTED}'>no cards</span>")
    label = f"your hand: {counted(len(hand), 'card')}"
    pad = 28 if single else 3
    return (
        f'<div class="lp-review-hand" data-zone="hand" style="{_ZONE}">'
        f'<div style="{_ZONE_TITLE}">Your hand '
        f'<span style="font-weight:400;color:#57606a">({counted(len(hand), "card")})</span></div>'
        f'<div role="group" aria-label="{escape(label)}" style="display:flex;'
        f'align-items:flex-start;flex-wrap:nowrap;overflow-x:auto;padding:3px 3px {pad}px">'
        f"{''.join(parts)}</div></div>"
    )


def _piles(view: PlayerView, mark: Mark | None) -> str:
    """The stock (its count) and the discard pile's top card."""
    ringed = mark.pile if mark is not None else None
    stock_img = card_img(Card.joker(), face_down=True, width=40) if view.stock_size else ""
    stock = (
        f'<div style="display:flex;flex-direction:column;align-items:center;gap:2px">'
        f"{stock_img}<span style='font-size:13px'>{counted(view.stock_size, 'card')}</span>"
        "</div>"
    )
    if ringed == "stock" and mark is not None:
        stock = _ringed(stock + _tag(mark.tag), mark.words, block=True)
    top = view.discard_top
    if top is not None:
        discard = card_img(top, rules=view.rules, width=_PILE_WIDTH)
    else:
        discard = f"<span style='{_MUTED}'>empty</span>"
    under = f"<span style='{_MUTED}'>{counted(len(view.discard_pile), 'card')}</span>"
    if ringed == "discard" and mark is not None:
        discard = _ringed(discard + _tag(mark.tag), mark.words, block=True)
    stock_label = f"stock: {counted(view.stock_size, 'card')}"
    discard_label = (
        f"discard pile: {counted(len(view.discard_pile), 'card')}, top card {top.name}"
        if top is not None
        else "discard pile: empty"
    )
    price = ""
    if view.phase is Phase.BUY and view.price:
        price = f"<div style='{_MUTED}'>buying costs {counted(view.price, 'extra card')}</div>"
    return (
        f'<div class="lp-review-piles" style="{_ZONE};display:flex;gap:12px;'
        'align-items:flex-start">'
        f'<div class="lp-stock" data-zone="stock" role="group" aria-label="{escape(stock_label)}" '
        f'style="text-align:center"><div style="{_ZONE_TITLE}">Stock</div>{stock}</div>'
        f'<div class="lp-discard" data-zone="discard" role="group" '
        f'aria-label="{escape(discard_label)}" style="text-align:center;display:flex;'
        f'flex-direction:column;align-items:center;gap:2px"><div style="{_ZONE_TITLE}">'
        f"Discard</div>{discard}{under}{price}</div></div>"
    )


def _melds(view: PlayerView, mark: Mark | None) -> str:
    """The melds on the table, grouped by the seat that laid them, the marked one ringed."""
    if not view.table:
        body = f"<div style='{_MUTED};padding:4px 0'>No melds on the table yet.</div>"
    else:
        owners: dict[int, list[int]] = {}
        for i, meld in enumerate(view.table):
            owner = meld.owner if meld.owner is not None else view.seat
            owners.setdefault(owner, []).append(i)
        groups = []
        for owner in sorted(owners, key=lambda s: (s != view.seat, s)):
            who = "Your melds" if owner == view.seat else f"{view.names[owner]}'s melds"
            items = []
            for i in owners[owner]:
                drawn = meld_html(view.table[i], rules=view.rules, width=_MELD_WIDTH)
                if mark is not None and mark.meld == i:
                    drawn = _ringed(drawn + _tag(mark.meld_tag), mark.words, block=True)
                items.append(f'<div class="lp-table-meld" data-meld="{i}">{drawn}</div>')
            groups.append(
                f'<div class="lp-meld-group" data-owner="{owner}">'
                f'<div style="font-size:12px;font-weight:700;color:#57606a">{escape(who)}</div>'
                f'<div style="display:flex;flex-wrap:wrap;gap:4px 12px">{"".join(items)}</div>'
                "</div>"
            )
        body = '<div style="display:flex;flex-wrap:wrap;gap:4px 22px">' + "".join(groups) + "</div>"
    return (
        f'<div class="lp-review-melds" data-zone="table" style="{_ZONE};flex:1;min-width:240px">'
        f'<div style="{_ZONE_TITLE}">Table</div>{body}</div>'
    )


def _others(seats: Sequence[SeatInfo]) -> str:
    """One line for each other player: progress and how many cards they hold (their cards are
    never drawn, not even face down), and the discards everyone saw them pick up."""
    lines = []
    for seat in seats:
        if seat.you:
            continue
        facts = [seat.progress, counted(seat.hand_size, "card")]
        if seat.picked_up:
            picked = " ".join(str(f.card) for f in seat.picked_up)
            facts.append(f"{seat.picked_words} {picked}")
        if seat.dealer:
            facts.append("dealer")
        lines.append(
            f'<li class="lp-review-other" data-seat="{seat.seat}" style="margin:0">'
            f"<b>{escape(seat.name)}</b>: {escape(' · '.join(facts))}</li>"
        )
    return (
        '<ul class="lp-review-others" aria-label="the other players" style="list-style:none;'
        f'margin:0;padding:0;font-size:13px;display:flex;flex-wrap:wrap;gap:2px 18px">'
        f"{''.join(lines)}</ul>"
    )


def _header(h: Header) -> str:
    head = f"Deal {h.deal} of {h.deals} · {h.contract} · {h.dealer} dealt"
    return (
        '<div style="display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;'
        'justify-content:space-between">'
        f'<div style="font-weight:700;font-size:14px">{escape(head)}</div>'
        '<div class="lp-deciding" style="background:#ffffff;border:1px solid #d8dee4;'
        f'border-radius:999px;padding:1px 10px;font-size:13px">{escape(h.deciding)}</div></div>'
    )


def moment_board(d: Decision) -> str:
    """The table as the reviewed seat saw it at decision ``d``, small, with what the decision
    was about ringed (:data:`MARK`) and said in words."""
    view = d.view
    model = build_table(view).view
    mark = decision_mark(d.played, view)
    caption = ""
    if mark is not None:
        swatch = (
            f'<span aria-hidden="true" style="display:inline-block;width:12px;height:12px;'
            f"border:3px solid {MARK};border-radius:4px;background:{MARK_FILL};"
            'vertical-align:-3px;margin-right:6px"></span>'
        )
        caption = (
            f'<div class="lp-review-mark-words" style="font-size:14px">{swatch}'
            f"<b>Ringed:</b> {escape(mark.words)}</div>"
        )
    name = view.names[view.seat]
    seen = "as you saw it" if name == "You" else f"as {name} saw it"
    return (
        f'<div class="lp-review-board" data-seat="{view.seat}" role="group" '
        f'aria-label="{escape(f"The table {seen}, deal {d.deal}, turn {d.turn}")}" '
        f'style="{_BOARD}">'
        f"{_header(model.header)}{caption}{_others(model.seats)}"
        '<div style="display:flex;flex-wrap:wrap;gap:8px;align-items:stretch">'
        f"{_piles(view, mark)}{_melds(view, mark)}</div>"
        f"{_hand_row(view, mark)}</div>"
    )


def _lost_cell(d: Decision) -> str:
    """The "lost" column: "—" for nothing lost, the loss with its ± (the spread of the sampled
    deals, which is what tells a close call from a loss), a close call's in italic and marked."""
    if not d.loss_figure:
        return "<span title='nothing lost'>—</span>"
    if d.close_call:
        return (
            # italic, not grey: the list sits on the page, whose ground a dark theme makes dark
            f"<span style='font-style:italic' title='too close to call: not counted as a loss'>"
            f"{d.loss_figure}?</span>"
        )
    return d.loss_figure


def decisions_html(result: ReviewResult, *, every: bool = True) -> str:
    """Every graded decision (only those below good unless ``every``), one row each: where,
    what was done, what is preferred, the points lost (with their ±), the grade and why."""
    if not result.decisions:
        return f"<p style='{_MUTED_LINE}'>No decision was graded.</p>"
    rows = []
    for d in result.decisions:
        if not every and d.grade is Grade.GOOD:
            continue
        lost = _lost_cell(d)
        rows.append(
            f"<tr class='lp-review-row' data-grade='{d.grade.value}'>"
            f"<td>{d.deal}</td><td>{d.turn}</td><td>{escape(d.kind)}</td>"
            f"<td>{escape(describe_action(d.played, d.view))}</td><td>{escape(d.preference)}</td>"
            f"<td style='text-align:right;white-space:nowrap'>{lost}</td>"
            f"<td>{_grade_pill(d.grade)}</td>"
            f"<td>{escape(d.why)}</td></tr>"
        )
    head = "".join(
        f"<th style='text-align:left;padding-right:8px'>{h}</th>"
        for h in ("deal", "turn", "kind", "you chose to", "preferred", "lost", "grade", "why")
    )
    below = sum(d.grade is not Grade.GOOD for d in result.decisions)
    title = "Every graded decision" if every else "The moves below good"
    return (
        f"<details{' open' if below else ''}><summary><b>{title}</b> "
        f"({len(result.decisions)}, {below} below good)</summary>"
        "<table class='lp-review-decisions' style='border-collapse:collapse;font-size:13px'>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></details>"
    )
