"""``CardTable``: one seat's view of a Liverpool game, drawn in the browser, played by clicking.

The widget is a thin shell around :class:`liverpool.table_session.TableSession`, the one place
that decides what a click on the table means (the play site's
:class:`~liverpool.site_driver.SiteMatch` is the same session without a widget). Python owns
everything: the session's table model (:func:`liverpool.table_model.build_table`) says what
the table shows, which buttons are live and, for each one that is not, the engine's sentence
why not. The widget sends the model as plain data in four synced traits — ``view`` (the table;
each card carries its SVG, drawn by :mod:`liverpool.render`), ``controls`` (selection, targets,
buttons, hint), ``log`` and ``scores`` — and only the parts that changed travel: a click on a
card sends the controls, not every card picture again. ``static/table.js`` keeps no rules: it
draws those traits and reports each click as an *intent* (listed in
:mod:`liverpool.table_session`); :meth:`CardTable.handle_message` hands it to the session,
which turns it into an action for ``game.apply(action, player=seat)``. An illegal action raises
:class:`~liverpool.IllegalAction` in the engine, which changes nothing: the table shows its
sentence in place (the ``error`` trait; ``error_kind`` says whether it is a refusal,
``"error"``, or guidance, ``"guide"``). Anything else raised while handling a click is caught
and shown under the table (the ``crash`` trait), never lost.

Every view carries a ``version`` that grows with each change of the game. A click made on an
older view (a double click, a click while a bot was moving) is ignored and explained.

A buy offer with a timer (``rules.buy_timer_seconds``) lapses here, in Python: the widget sets
an event-loop timer for the session's deadline, and when it passes the table plays
``game.idle_action()`` (a pass) for the seat. The page may show a countdown to the deadline it
is sent; it decides nothing.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

import liverpool as lp
from liverpool.actions import Action
from liverpool.errors import quoted
from liverpool.render import card_svg
from liverpool.table_model import (
    AutoPass,
    CardFace,
    ControlsDict,
    Hint,
    ScoresDict,
    TableModel,
    ViewDict,
    Zone,
    as_data,
)
from liverpool.table_session import (
    ACTION_KINDS,
    PAUSED,
    SORT_MODES,
    STALE,
    TableSession,
    auto_pass_mode,
)

from .picture import TablePicture

__all__ = [
    "ACTION_KINDS",
    "PAUSED",
    "PROJECTOR_SCALE",
    "STALE",
    "CardTable",
    "TableFront",
    "check_game",
]

_STATIC = Path(__file__).parent / "static"

CARD_WIDTHS = {Zone.HAND: 92, Zone.MELD: 64, Zone.PILE: 84, Zone.OPEN: 52}
"""Pixel width each zone's card pictures are drawn at (the page may scale them)."""

PROJECTOR_SCALE = 1.6
"""The ``scale`` of ``projector=True``: cards and words large enough for a class to read on a
1080p projector."""


def check_game(game: object, needs: str, hint: str = "") -> lp.Game:
    """``game`` itself when it is a :class:`~liverpool.Game`, else a :class:`TypeError` that
    starts with ``needs`` (``"CardTable shows"``) and ends with ``hint``. Asked first, because
    anything else (a preset's name, say) fails deep inside the table with an AttributeError
    about ``.players`` or ``.seed``, which names nothing the learner wrote."""
    if isinstance(game, lp.Game):
        return game
    raise TypeError(
        f"{needs} a Game, like lp.Game('house', 4) or lp.Game.from_deal(...), "
        f"not {quoted(game)}{hint}"
    )


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's running event loop, or ``None`` (a plain script, a test): where there is
    none, what would wait for a timer happens at once or at the next click."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class TableFront(anywidget.AnyWidget):
    """What ``static/table.js`` draws from, and how it is sent clicks: the synced traits of the
    table model and the message hook. :class:`CardTable` (a game in this kernel) and
    :class:`~liverpool_widgets.room_table.RoomTable` (the models a room server sends) fill the
    traits from their own source and answer :meth:`handle_message` their own way; the page and
    its contract are one.
    """

    _esm = _STATIC / "table.js"
    _css = _STATIC / "table.css"

    view = traitlets.Dict().tag(sync=True)
    """:class:`~liverpool.table_model.ViewDict`: the table itself."""
    controls = traitlets.Dict().tag(sync=True)
    """:class:`~liverpool.table_model.ControlsDict`: selection, targets, buttons, hint."""
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """What happened, the latest lines, phrased for the seat shown."""
    scores = traitlets.Dict().tag(sync=True)
    """:class:`~liverpool.table_model.ScoresDict`: score pad, last deal's summary, winners."""
    error = traitlets.Unicode("").tag(sync=True)
    sort_mode = traitlets.Unicode("own").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    crash = traitlets.Unicode("").tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    error_kind = traitlets.Unicode("error").tag(sync=True)
    """``"error"``: ``error`` is a refusal; ``"guide"``: it says what to do (shown as guidance)."""
    scale = traitlets.Float(1.0).tag(sync=True)
    """How large cards and words are drawn (``1.0``; :data:`PROJECTOR_SCALE` for a projector)."""
    four_color = traitlets.Bool(False).tag(sync=True)
    """A four-colour deck (diamonds blue, clubs green): the card pictures, and the words the
    page writes itself (the chips of picked-up cards), so both read alike."""

    @staticmethod
    def check_scale(scale: float) -> float:
        """``scale`` as the ``scale`` trait takes it; a size ``table.js`` cannot lay out is
        refused in a sentence."""
        if not 0.5 <= scale <= 4:
            raise ValueError(f"scale must be from 0.5 to 4, not {scale!r}")
        return float(scale)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_custom_msg)

    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        del widget, buffers
        self.handle_message(content)

    handle_message: Callable[[Any], None]
    """Answer one intent from ``table.js``, never raising: each table defines it its own way
    (:class:`CardTable` hands it to its session, a ``RoomTable`` sends it to the room)."""


class CardTable(TablePicture, TableFront):
    """The table as seat ``seat`` of ``game`` sees it, played by clicking.

    ``CardTable(game, seat=0)``. Options: ``open_hands`` shows every hand face up (teaching);
    ``four_color`` draws a four-colour deck; ``coach`` (a bot with ``explain(view, legal)``;
    default :class:`~liverpool.bots.StrongBot`) answers the Hint button; ``interactive=False``
    makes a table to watch only (the replay); ``clock`` is the time source of buy deadlines
    (seconds, :func:`time.time` by default). ``undo_handler`` (a callable), when set, makes the
    Undo button work (``play()`` sets it).

    ``scale`` draws cards and words larger (``1.6``: a classroom projector; ``projector=True``
    is that); ``pause_at_deal_end`` shows the end-of-deal panel after each deal until the player
    presses Next deal (``play()`` turns it on, and its bots wait); ``auto_pass_buys`` (an
    :class:`~liverpool.table_model.AutoPass`: ``"off"``, ``"when_down"``, ``"always"``; or
    ``True`` for always) passes buy offers for the seat, and the switch on the table changes it;
    ``must_build_melds`` keeps Go down off until the player has built melds with Add meld.
    """

    selected = traitlets.List(traitlets.Int())
    """The selected cards (hand indexes); the page sees them in ``controls``."""
    staged = traitlets.List(traitlets.List(traitlets.Int()))
    """The melds being built to go down with (hand indexes each)."""

    LOG_LINES = 200
    """How many of the latest event lines the ``log`` trait keeps."""

    def __init__(
        self,
        game: lp.Game,
        seat: int = 0,
        *,
        open_hands: bool = False,
        four_color: bool = False,
        coach: Any = None,
        interactive: bool = True,
        clock: Callable[[], float] = time.time,
        scale: float | None = None,
        projector: bool = False,
        pause_at_deal_end: bool = False,
        auto_pass_buys: AutoPass | str | bool = AutoPass.OFF,
        must_build_melds: bool = False,
        **kwargs: Any,
    ) -> None:
        scale = self.check_scale(
            (PROJECTOR_SCALE if projector else 1.0) if scale is None else scale
        )
        # the session first: the trait observers below forward to it
        self.session = TableSession(
            check_game(game, "CardTable shows"),
            seat,
            coach=coach,
            clock=clock,
            interactive=interactive,
            open_hands=open_hands,
            pause_at_deal_end=pause_at_deal_end,
            auto_pass=auto_pass_mode(auto_pass_buys, "auto_pass_buys"),
            must_build_melds=must_build_melds,
            log_lines=self.LOG_LINES,
            four_color=four_color,
        )
        """What the table holds and what its clicks mean (:mod:`liverpool.table_session`)."""
        self._syncing = False
        self._timer: asyncio.TimerHandle | None = None
        self._timer_for: float | None = None  # the deadline the timer was set for
        self.model: TableModel | None = None
        """The model last drawn."""
        super().__init__(interactive=interactive, scale=scale, four_color=four_color, **kwargs)
        self.session.on_crash(self._show_crash)
        self._sync()

    # -- the session behind the table --------------------------------------------------------
    @property
    def game(self) -> lp.Game:
        """The game shown; setting it (undo, resume, replay) redraws the table."""
        return self.session.game

    @game.setter
    def game(self, game: lp.Game) -> None:
        self.session.game = game
        self._sync()

    @property
    def seat(self) -> int:
        """The seat whose view is shown (set it, then :meth:`refresh`, to show another)."""
        return self.session.seat

    @seat.setter
    def seat(self, seat: int) -> None:
        self.session.seat = seat

    @property
    def open_hands(self) -> bool:
        """Whether every hand is shown face up (teaching)."""
        return self.session.open_hands

    @open_hands.setter
    def open_hands(self, value: bool) -> None:
        self.session.open_hands = value
        self._sync()

    @property
    def pause_at_deal_end(self) -> bool:
        """Whether the end-of-deal panel stays up until the player presses Next deal."""
        return self.session.pause_at_deal_end

    @pause_at_deal_end.setter
    def pause_at_deal_end(self, value: bool) -> None:
        self.session.pause_at_deal_end = value
        self._sync()

    @property
    def must_build_melds(self) -> bool:
        """Whether Go down stays off until the player has built melds with Add meld."""
        return self.session.must_build_melds

    @must_build_melds.setter
    def must_build_melds(self, value: bool) -> None:
        self.session.must_build_melds = value
        self._sync()

    @property
    def undo_handler(self) -> Callable[[], object] | None:
        """Called by the Undo button (``play()`` sets it); without it Undo is not shown."""
        return self.session.undo_handler

    @undo_handler.setter
    def undo_handler(self, handler: Callable[[], object] | None) -> None:
        self.session.undo_handler = handler
        self._sync()

    @property
    def deal_end_pending(self) -> bool:
        """Whether the table shows the end-of-deal panel and waits for Next deal."""
        return self.session.deal_end_pending

    @property
    def auto_pass_buys(self) -> AutoPass:
        """Which buy offers the table passes for the seat (the switch on the table sets it)."""
        return self.session.auto_pass

    @auto_pass_buys.setter
    def auto_pass_buys(self, mode: AutoPass | str | bool) -> None:
        self.session.auto_pass = auto_pass_mode(mode, "auto_pass_buys")
        self._sync()

    def on_next_deal(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the player puts the end-of-deal panel away."""
        self.session.on_next_deal(callback)

    def on_action(self, callback: Callable[[Action, list[lp.Event]], None]) -> None:
        """Call ``callback(action, events)`` after each successful action of this seat."""
        self.session.on_action(callback)

    def show_message(self, text: str, *, guide: bool = False) -> None:
        """Show ``text`` where the table shows its messages: as an error, or (``guide``) as
        guidance on what to do."""
        self.session.say(text, guide=guide)
        self._sync()

    def show_hint(self, hint: Hint | None) -> None:
        """Show ``hint`` on the table until the game changes (``None`` takes it away):
        :meth:`TableSession.show_hint <liverpool.table_session.TableSession.show_hint>`."""
        self.session.show_hint(hint)
        self._draw()

    @property
    def version(self) -> int:
        """Grows by one each time the game shown changes; clicks carry the version they saw."""
        return self.session.version

    @property
    def deadline(self) -> float | None:
        """When the buy offer to this seat lapses (by the table's clock), or ``None``."""
        return self.session.deadline

    @property
    def coach(self) -> Any:
        """The bot that answers Hint (a :class:`~liverpool.bots.StrongBot` unless given)."""
        return self.session.coach

    def forget_hand_order(self) -> None:
        """Start the player's own order afresh (a different match is about to be shown)."""
        self.session.forget_hand_order()

    def __repr__(self) -> str:
        g = self.game
        return f"CardTable(seat={self.seat}, deal={g.deal}, phase={g.phase.value!r})"

    # -- drawing ---------------------------------------------------------------------------------
    def refresh(self, *, clear_selection: bool = False) -> None:
        """Redraw everything from the game (call after changing the game from outside);
        ``clear_selection`` also puts back the selected cards and the melds being built."""
        self.session.refresh(clear_selection=clear_selection)
        self._sync()

    def _sync(self) -> None:
        """Copy the session's state into the traits and draw its model (equal traits do not
        sync); then set the buy timer for its deadline."""
        s = self.session
        self._syncing = True
        try:
            with self.hold_sync():  # everything one change makes reaches the page at once
                self.selected = list(s.selected)
                self.staged = [list(group) for group in s.staged]
                self.sort_mode = s.sort_mode
                self.four_color = s.four_color  # the Deck switch on the table sets it
                self.error_kind = s.error_kind
                self.error = s.error
                self._draw()
        finally:
            self._syncing = False
        self._set_timer()

    def _draw(self) -> None:
        """Build the model and send the parts of it that changed."""
        model = self.session.model()
        old, self.model = self.model, model
        with self.hold_sync():  # only the parts that changed are converted, and sent
            if old is None or old.view != model.view:
                view: ViewDict = as_data(model.view, self._picture)
                self.view = _trait(view)
            if old is None or old.controls != model.controls:
                controls: ControlsDict = as_data(model.controls)
                self.controls = _trait(controls)
            if old is None or old.log != model.log:
                self.log = list(model.log)
            if old is None or old.scores != model.scores:
                scores: ScoresDict = as_data(model.scores, self._picture)
                self.scores = _trait(scores)

    def _picture(self, face: CardFace) -> str:
        return card_svg(
            face.card,
            rules=self.game.rules,
            width=CARD_WIDTHS[face.zone],
            four_color=self.four_color,
            stands_for=face.stands_for,
        )

    @traitlets.observe("selected", "staged")
    def _selection_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:  # set from Python: the session follows, and the table is redrawn
            setattr(self.session, change["name"], [*change["new"]])
            self._draw()

    @traitlets.observe("sort_mode")
    def _sort_changed(self, change: dict[str, Any]) -> None:
        if change["new"] not in SORT_MODES:
            self.sort_mode = change["old"] if change["old"] in SORT_MODES else "own"
            return
        if not self._syncing:
            self.session.sort_mode = change["new"]
            self._draw()

    @traitlets.observe("four_color")
    def _four_color_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:  # set from Python: the session (and the Deck switch) follow
            self.session.four_color = change["new"]
        if self.model is not None:  # every card is drawn again in the new colours
            self.model = None
            if not self._syncing:
                self._draw()

    @traitlets.observe("interactive")
    def _interactive_changed(self, change: dict[str, Any]) -> None:
        self.session.interactive = change["new"]
        if self.model is not None:
            self.refresh()

    # -- the buy timer ----------------------------------------------------------------------------
    def _set_timer(self) -> None:
        """Run a timer to the session's buy deadline (once per deadline; none without a running
        event loop, where :meth:`check_deadline` or the next click settles the offer)."""
        deadline = self.session.deadline
        if deadline is not None and deadline == self._timer_for:
            return
        self._cancel_timer()
        loop = running_loop()
        if deadline is not None and loop is not None:
            self._timer_for = deadline
            delay = max(0.0, deadline - self.session.clock())
            self._timer = loop.call_later(delay, self._timer_fired)

    def _cancel_timer(self) -> None:
        self._timer_for = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _timer_fired(self) -> None:
        self._timer = None
        try:
            self.check_deadline()
        except Exception as exc:  # shown under the widget, never lost
            self.report_crash(exc)

    def check_deadline(self, now: float | None = None) -> bool:
        """If the buy offer to this seat has run out of time (at ``now``, by default the
        clock's time), play the engine's idle action for the seat; ``True`` when it did."""
        lapsed = self.session.check_deadline(now)
        self._sync()
        return lapsed

    # -- clicks ------------------------------------------------------------------------------------
    def handle_message(self, content: Any) -> None:
        """Handle one intent from the front end (tests call this with the same dicts).

        Never raises: an illegal move sets ``error``; anything unexpected sets ``crash``.
        """
        try:
            with self.hold_sync():
                self.session.handle(content)
                self._sync()
        except Exception as exc:  # shown under the widget, never lost
            self.report_crash(exc)

    def report_crash(self, exc: BaseException) -> None:
        """Show an unexpected error under the table (with the last lines of its traceback)."""
        self.session.report_crash(exc)

    def _show_crash(self, text: str) -> None:
        self.crash = text


def _trait(data: Mapping[str, object]) -> dict[str, Any]:
    """A part of the model (a TypedDict) as the plain dict a ``Dict`` trait holds."""
    return dict(data)
