"""``CardTable``: one seat's view of a Liverpool game, drawn in the browser, played by clicking.

The widget is a thin layer over :class:`liverpool.Game` and the one table model,
:func:`liverpool.table_model.build_table`. Python owns everything: the model says what the
table shows, which buttons are live and, for each one that is not, the engine's sentence why
not. The widget sends the model as plain data in four synced traits — ``view`` (the table; each
card carries its SVG, drawn by :mod:`liverpool.render`), ``controls`` (selection, targets,
buttons, hint), ``log`` and ``scores`` — and only the parts that changed travel: a click on a
card sends the controls, not every card picture again. ``static/table.js`` keeps no rules: it
draws those traits and reports each click as an *intent*; :meth:`CardTable.handle_message`
turns the intent into an action and hands it to ``game.apply(action, player=seat)``. An illegal
action raises :class:`~liverpool.IllegalAction` in the engine, which changes nothing: the table
shows its sentence in place (the ``error`` trait). Anything else raised while handling a click
is caught and shown under the table (the ``crash`` trait), never lost.

Every view carries a ``version`` that grows with each change of the game. A click made on an
older view (a double click, a click while a bot was moving) is ignored and explained.

Intents (``kind`` and its fields; every intent may carry ``version``):

* ``click_card`` ``index`` [``code``]: select the card, or put it back if it was selected
* ``press`` ``button`` (a :class:`~liverpool.table_model.ButtonKind`; ``aim`` for ``cut``)
* ``click_meld`` ``meld`` [``position``]: lay the selected card off on that meld, or swap it
  for the wild clicked; which one, and which end of a run, the table decides with the engine
* ``click_stock`` (draw), ``click_discard`` (take the discard, or discard the selected card)
* ``select_all``, ``clear`` (the selection), ``clear_melds`` (the melds being built);
  ``sort`` ``mode`` (``"own"``, ``"rank"`` or ``"suit"``); ``move`` ``index`` ``to`` (put a
  card at display position ``to`` of the player's own order)
* ``press`` ``go_down`` with nothing built asks first: the model's ``controls.confirm`` shows
  the melds the table arranged; ``press`` ``go_down`` ``confirm: true`` lays them, ``cancel``
  (or any other click) takes the question away
* ``next_deal``: put the end-of-deal panel away (a table made with ``pause_at_deal_end``)
* ``option`` ``name`` ``value``: a switch on the table (``auto_pass``: an ``AutoPass`` value)

Messages go in ``error``; ``error_kind`` says whether it is a refusal (``"error"``) or
guidance on what to do (``"guide"``), which the page shows calmly, next to what was clicked.

A hand *index* is the card's position in ``game.hand(seat)`` (the engine's order); the
``view["hand"]`` list is in display order, each entry naming its ``index``.

A buy offer with a timer (``rules.buy_timer_seconds``) lapses here, in Python: when its
deadline passes the table plays ``game.idle_action()`` (a pass) for the seat. The page may show
a countdown to the deadline it is sent; it decides nothing.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

import liverpool as lp
from liverpool.actions import (
    Action,
    Buy,
    CallLiverpool,
    CallRummy,
    Cut,
    Discard,
    DrawStock,
    GiveCard,
    GoDown,
    GoOut,
    LayOff,
    Pass,
    SwapWild,
    TakeDiscard,
)
from liverpool.render import card_svg
from liverpool.table_model import (
    AutoPass,
    ButtonKind,
    CardFace,
    ControlsDict,
    DealSummary,
    Hint,
    ScoresDict,
    TableModel,
    ViewDict,
    Zone,
    addressed,
    as_data,
    auto_pass_due,
    build_table,
    deal_summaries,
    going_down_melds,
    meld_click,
)

from .picture import TablePicture

__all__ = ["ACTION_KINDS", "PROJECTOR_SCALE", "STALE", "CardTable"]

_STATIC = Path(__file__).parent / "static"

CARD_WIDTHS = {Zone.HAND: 92, Zone.MELD: 64, Zone.PILE: 84, Zone.OPEN: 52}
"""Pixel width each zone's card pictures are drawn at (the page may scale them)."""

SORT_MODES = ("own", "rank", "suit")

PROJECTOR_SCALE = 1.6
"""The ``scale`` of ``projector=True``: cards and words large enough for a class to read on a
1080p projector."""

PAUSED = "The deal is over: press Next deal to go on."

ACTION_KINDS = tuple(str(kind) for kind in ButtonKind)
"""The buttons of the action bar, in order (every ``kind`` of ``controls["buttons"]``)."""

STALE = (
    "That click was made on an older picture of the table (it has changed since), so it was "
    "ignored. Look at the table again and click once more."
)

_SIMPLE: dict[ButtonKind, Action] = {
    ButtonKind.DRAW: DrawStock(),
    ButtonKind.TAKE: TakeDiscard(),
    ButtonKind.BUY: Buy(),
    ButtonKind.PASS: Pass(),
    ButtonKind.CALL_RUMMY: CallRummy(),
    ButtonKind.CALL_LIVERPOOL: CallLiverpool(),
    ButtonKind.GO_OUT: GoOut(),
}
"""Buttons that are one action, whatever is selected."""


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class CardTable(TablePicture, anywidget.AnyWidget):
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

    _esm = _STATIC / "table.js"
    _css = _STATIC / "table.css"

    view = traitlets.Dict().tag(sync=True)
    """:class:`~liverpool.table_model.ViewDict`: the table itself."""
    controls = traitlets.Dict().tag(sync=True)
    """:class:`~liverpool.table_model.ControlsDict`: selection, targets, buttons, hint."""
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """What happened, the latest :attr:`LOG_LINES` lines, phrased for this seat."""
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
        if scale is None:
            scale = PROJECTOR_SCALE if projector else 1.0
        if not 0.5 <= scale <= 4:
            raise ValueError(f"scale must be from 0.5 to 4, not {scale!r}")
        super().__init__(interactive=interactive, scale=float(scale), **kwargs)
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0 to {game.players - 1}, not {seat!r}")
        self.pause_at_deal_end = pause_at_deal_end
        self._auto_pass = _auto_pass_mode(auto_pass_buys)
        self.must_build_melds = must_build_melds
        self._deals_seen = len(game.deal_scores)
        self._confirm: list[list[lp.Card]] | None = None  # melds awaiting the player's yes
        self._answer: list[list[lp.Card]] | None = None  # the question a click answers
        self._next_listeners: list[Callable[[], None]] = []
        self._auto_passing = False
        self._game = game
        self.seat = seat
        self.open_hands = open_hands
        self.four_color = four_color
        self._coach = coach
        self._clock = clock
        self.undo_handler: Callable[[], object] | None = None
        self._listeners: list[Callable[[Action, list[lp.Event]], None]] = []
        self._version = 0
        self._order: list[str] = []  # the player's own order of the hand, as card codes
        self._hand_codes: tuple[str, ...] = ()
        self._legal: list[Action] = []
        self._refusals: dict[Action, str] = {}  # the game's why_not answers at this version
        self._hint: Hint | None = None
        self._deadline: float | None = None
        self._offer: int | None = None  # the action count at which the buy offer was made
        self._timer: asyncio.TimerHandle | None = None
        self._summary: tuple[lp.Game, int, DealSummary | None] | None = None
        self._refreshing = False
        self.model: TableModel | None = None
        """The model last drawn."""
        self.on_msg(self._on_custom_msg)
        self.refresh()

    # -- the game behind the table -------------------------------------------------------------
    @property
    def game(self) -> lp.Game:
        """The game shown; setting it (undo, resume, replay) redraws the table."""
        return self._game

    @game.setter
    def game(self, game: lp.Game) -> None:
        self._game = game
        self._deals_seen = len(game.deal_scores)
        self._confirm = None
        self.refresh()

    @property
    def deal_end_pending(self) -> bool:
        """Whether the table shows the end-of-deal panel and waits for Next deal."""
        return (
            self.pause_at_deal_end
            and self.interactive
            and len(self._game.deal_scores) > self._deals_seen
        )

    @property
    def auto_pass_buys(self) -> AutoPass:
        """Which buy offers the table passes for the seat (the switch on the table sets it)."""
        return self._auto_pass

    @auto_pass_buys.setter
    def auto_pass_buys(self, mode: AutoPass | str | bool) -> None:
        self._auto_pass = _auto_pass_mode(mode)
        self._draw()
        self._auto_pass_if_due()

    def on_next_deal(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the player puts the end-of-deal panel away."""
        self._next_listeners.append(callback)

    def show_message(self, text: str, *, guide: bool = False) -> None:
        """Show ``text`` where the table shows its messages: as an error, or (``guide``) as
        guidance on what to do."""
        self._say(text, guide=guide)

    def _say(self, text: str, *, guide: bool = False) -> None:
        kind = "guide" if guide else "error"
        if text and self.error_kind != kind:
            self.error_kind = kind
        self.error = text

    @property
    def version(self) -> int:
        """Grows by one each time the game shown changes; clicks carry the version they saw."""
        return self._version

    @property
    def deadline(self) -> float | None:
        """When the buy offer to this seat lapses (by :attr:`clock`), or ``None``."""
        return self._deadline

    @property
    def coach(self) -> Any:
        """The bot that answers Hint (a :class:`~liverpool.bots.StrongBot` unless given)."""
        if self._coach is None:
            self._coach = lp.bots.make("strong", 0)
        return self._coach

    def forget_hand_order(self) -> None:
        """Start the player's own order afresh (a different match is about to be shown)."""
        self._order = []
        self._hand_codes = ()

    def on_action(self, callback: Callable[[Action, list[lp.Event]], None]) -> None:
        """Call ``callback(action, events)`` after each successful action of this seat."""
        self._listeners.append(callback)

    def __repr__(self) -> str:
        g = self._game
        return f"CardTable(seat={self.seat}, deal={g.deal}, phase={g.phase.value!r})"

    # -- drawing the model ----------------------------------------------------------------------
    def refresh(self, *, clear_selection: bool = False) -> None:
        """Redraw everything from the game (call after changing the game from outside);
        ``clear_selection`` also puts back the selected cards and the melds being built."""
        g = self._game
        self._version += 1
        self._legal = g.legal_actions() if g.to_act == self.seat else []
        self._refusals = {}
        self._hint = None
        codes = tuple(c.code for c in g.hand(self.seat))
        keep_selection = not clear_selection and codes[: len(self._hand_codes)] == self._hand_codes
        self._sync_order(codes)
        self._hand_codes = codes
        self._confirm = None
        self._arm_deadline()
        self._refreshing = True
        try:
            with self.hold_sync():
                if not keep_selection:
                    self.selected = []
                    self.staged = []
                else:
                    self.selected = [i for i in self.selected if i < len(codes)]
                self._draw()
        finally:
            self._refreshing = False
        self._auto_pass_if_due()

    def _draw(self) -> None:
        """Build the model and send the parts of it that changed (equal traits do not sync)."""
        g = self._game
        hands = {s: g.hand(s) for s in range(g.players)} if self.open_hands else None
        model = build_table(
            g.view(self.seat),
            g,
            legal=self._legal,
            selected=self.selected,
            staged=self.staged,
            hand_order=self._display_order(),
            hint=self._hint,
            events=g.log[-self.LOG_LINES :],
            buy_deadline=self._deadline,
            open_hands=hands,
            interactive=self.interactive,
            undo=None if self.undo_handler is None else self.interactive,
            deal_end=self._deal_end(),
            version=self._version,
            refusals=self._refusals,
            deal_end_panel=self.deal_end_pending,
            auto_pass=self._auto_pass if self.interactive else None,
            must_build_melds=self.must_build_melds,
            confirm=self._confirm_indexes(),
        )
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

    def _confirm_indexes(self) -> list[list[int]] | None:
        """The melds awaiting the player's yes, as hand indexes (each card used once)."""
        if not self._confirm:
            return None
        hand = self._game.hand(self.seat)
        used: set[int] = set()
        out: list[list[int]] = []
        for meld in self._confirm:
            group = []
            for card in meld:
                i = next((i for i, c in enumerate(hand) if c == card and i not in used), None)
                if i is None:
                    return None  # the hand changed: nothing to confirm
                used.add(i)
                group.append(i)
            out.append(group)
        return out

    def _picture(self, face: CardFace) -> str:
        return card_svg(
            face.card,
            rules=self._game.rules,
            width=CARD_WIDTHS[face.zone],
            four_color=self.four_color,
            stands_for=face.stands_for,
        )

    def _deal_end(self) -> DealSummary | None:
        """The last finished deal's summary (found once per deal: it replays the record)."""
        g = self._game
        done = len(g.deal_scores)
        if self._summary is None or self._summary[0] is not g or self._summary[1] != done:
            summaries = deal_summaries(g) if done else ()
            self._summary = (g, done, summaries[-1] if summaries else None)
        return self._summary[2]

    def _sync_order(self, codes: tuple[str, ...]) -> None:
        """Keep the player's own order: cards still held keep their places, new ones go last."""
        left = Counter(codes)
        order: list[str] = []
        for code in [*self._order, *codes]:
            if left[code] > 0:
                order.append(code)
                left[code] -= 1
        self._order = order

    def _display_order(self) -> list[int]:
        """Hand indexes in the order the hand is shown."""
        hand = self._game.hand(self.seat)
        if self.sort_mode == "rank":
            return sorted(range(len(hand)), key=lambda i: (hand[i].sort_key(), i))
        if self.sort_mode == "suit":
            return sorted(range(len(hand)), key=lambda i: (hand[i].suit_sort_key(), i))
        free = list(range(len(hand)))
        order: list[int] = []
        for code in self._order:
            i = next((i for i in free if hand[i].code == code), None)
            if i is not None:
                free.remove(i)
                order.append(i)
        return order + free

    @traitlets.observe("selected", "staged")
    def _selection_changed(self, change: dict[str, Any]) -> None:
        del change
        if not self._refreshing:
            self._draw()

    @traitlets.observe("sort_mode")
    def _sort_changed(self, change: dict[str, Any]) -> None:
        if change["new"] not in SORT_MODES:
            self.sort_mode = change["old"] if change["old"] in SORT_MODES else "own"
            return
        self._draw()

    # -- the buy timer ----------------------------------------------------------------------------
    def _arm_deadline(self) -> None:
        """Start the clock when a timed buy offer reaches this seat; stop it when it is gone."""
        g = self._game
        seconds = g.rules.buy_timer_seconds
        offered = g.phase is lp.Phase.BUY and g.to_act == self.seat and self.interactive
        if not (seconds and offered) or self.deal_end_pending:  # no clock runs behind the panel
            self._offer = self._deadline = None
            self._cancel_timer()
            return
        if self._offer == len(g.actions):
            return  # the same offer, redrawn: its clock runs on
        self._offer = len(g.actions)
        self._deadline = self._clock() + seconds
        self._cancel_timer()
        loop = _running_loop()
        if loop is not None:
            self._timer = loop.call_later(seconds, self._timer_fired)

    def _cancel_timer(self) -> None:
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
        g = self._game
        if self._deadline is None or self._offer != len(g.actions) or g.to_act != self.seat:
            return False
        if (self._clock() if now is None else now) < self._deadline:
            return False
        return self._act(g.idle_action())

    # -- auto-pass ---------------------------------------------------------------------------------
    def _auto_pass_if_due(self) -> bool:
        """Pass the buy offer now put to this seat when the auto-pass setting says so: an
        ordinary Pass, played here (``True`` when it was)."""
        if self._auto_passing or not self.interactive or self.deal_end_pending:
            return False
        g = self._game
        if self._auto_pass is AutoPass.OFF or g.phase is not lp.Phase.BUY or g.to_act != self.seat:
            return False
        if not auto_pass_due(g.view(self.seat), self._auto_pass):
            return False
        self._auto_passing = True
        try:
            events = g.apply(Pass(), player=self.seat)
        finally:
            self._auto_passing = False
        self.refresh(clear_selection=True)
        for callback in list(self._listeners):
            callback(Pass(), events)
        return True

    # -- clicks ------------------------------------------------------------------------------------
    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        del widget, buffers
        self.handle_message(content)

    def handle_message(self, content: Any) -> None:
        """Handle one intent from the front end (tests call this with the same dicts).

        Never raises: an illegal move sets ``error``; anything unexpected sets ``crash``.
        """
        try:
            self._dispatch(content)
        except Exception as exc:  # shown under the widget, never lost
            self.report_crash(exc)

    def report_crash(self, exc: BaseException) -> None:
        """Show an unexpected error under the table (with the last lines of its traceback)."""
        lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
        tail = "".join(lines[-3:]).strip()
        self.crash = f"{type(exc).__name__}: {exc}\n\n{tail}"

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict):
            self._say(f"The table received a message it cannot read: {content!r}")
            return
        kind = content.get("kind")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            self._say(f"The table does not know the click {kind!r}.")
            return
        if not self.interactive and kind != "sort":
            self._say("This table is for watching only.", guide=True)
            return
        # any click answers a question put to the player (a yes carries its melds along)
        self._answer, self._confirm = self._confirm, None
        try:
            self.check_deadline()  # a lapsed offer is settled before any click on it
            if self._stale(content):
                self._say(STALE, guide=True)
                return
            if self.deal_end_pending and kind not in _WHILE_PAUSED:
                self._say(PAUSED, guide=True)
                return
            with self.hold_sync():  # everything one click changes reaches the page at once
                handler(self, content)
        finally:
            answered = self._answer is not None and self._confirm is None
            self._answer = None
            if answered and self.model is not None and self.model.controls.confirm is not None:
                self._draw()  # the question is answered: take it off the table

    def _stale(self, content: dict[str, Any]) -> bool:
        """Whether a click was made on an older view and may now mean something else."""
        version = content.get("version")
        if version is None or version == self._version or _any_version(content):
            return False
        if content.get("kind") == "next_deal":
            return False  # the panel's button means the same on any picture of it
        return not (content.get("kind") == "click_card" and self._same_card(content))

    def _same_card(self, content: dict[str, Any]) -> bool:
        """Whether a card click from an older view still means the same card (the hand is
        unchanged where it points)."""
        index, code = content.get("index"), content.get("code")
        return (
            isinstance(index, int)
            and isinstance(code, str)
            and 0 <= index < len(self._hand_codes)
            and self._hand_codes[index] == code
        )

    def _act(self, action: Action) -> bool:
        """Apply ``action`` for this seat: ``True`` when done, else ``error`` says why."""
        try:
            events = self._game.apply(action, player=self.seat)
        except lp.IllegalAction as exc:
            self._say(str(exc))
            return False
        self._say("")
        self.refresh(clear_selection=True)
        for callback in list(self._listeners):
            callback(action, events)
        return True

    def _index(self, content: dict[str, Any]) -> int | None:
        index = content.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            self._say("That click did not name a card of your hand.")
            return None
        if not 0 <= index < len(self._game.hand(self.seat)):
            self._say("That card is no longer in your hand.")
            return None
        return index

    def _selected_cards(self) -> list[lp.Card]:
        hand = self._game.hand(self.seat)
        return [hand[i] for i in self.selected if 0 <= i < len(hand)]

    def _one_selected(self, what: str) -> lp.Card | None:
        cards = self._selected_cards()
        if len(cards) != 1:
            self._say(
                f"Select one card {what} first." if not cards else f"Select only one card {what}.",
                guide=True,
            )
            return None
        return cards[0]

    # the hand
    def _on_click_card(self, content: dict[str, Any]) -> None:
        index = self._index(content)
        if index is None:
            return
        if index in self.selected:
            self._say("")
            self.selected = [i for i in self.selected if i != index]
            return
        if any(index in group for group in self.staged):
            self._say(
                "That card is already in a meld you are building (put it back to undo).", guide=True
            )
            return
        self._say("")
        self.selected = [*self.selected, index]

    def _on_select_all(self, content: dict[str, Any]) -> None:
        del content
        staged = {i for group in self.staged for i in group}
        self._say("")
        self.selected = [i for i in self._display_order() if i not in staged]

    def _on_clear(self, content: dict[str, Any]) -> None:
        del content
        self._say("")
        self.selected = []

    def _on_clear_melds(self, content: dict[str, Any]) -> None:
        del content
        self._say("")
        self.staged = []

    def _on_sort(self, content: dict[str, Any]) -> None:
        mode = content.get("mode")
        if mode not in SORT_MODES:
            self._say(f"The hand can be sorted by {', '.join(SORT_MODES)}, not {mode!r}.")
            return
        if mode == "own" and self.sort_mode != "own":
            # keep what the player sees as the starting point of their own order
            hand = self._game.hand(self.seat)
            self._order = [hand[i].code for i in self._display_order()]
        self._say("")
        if self.sort_mode == mode:
            self._draw()
        self.sort_mode = mode

    def _on_move(self, content: dict[str, Any]) -> None:
        index = self._index(content)
        to = content.get("to")
        if index is None:
            return
        shown = self._display_order()
        if not isinstance(to, int) or not 0 <= to < len(shown):
            self._say("A card can be moved only to a place in your hand.")
            return
        hand = self._game.hand(self.seat)
        shown.remove(index)
        shown.insert(to, index)
        self._order = [hand[i].code for i in shown]
        self._say("")
        if self.sort_mode != "own":
            self.sort_mode = "own"
        else:
            self._draw()

    # the table
    def _on_click_stock(self, content: dict[str, Any]) -> None:
        del content
        self._act(DrawStock())

    def _on_click_discard(self, content: dict[str, Any]) -> None:
        """The discard pile: a discard while playing, else taking the top card."""
        del content
        if self._game.phase in (lp.Phase.PLAY, lp.Phase.LIVERPOOL_DISCARD):
            self._press(ButtonKind.DISCARD, {})
        else:
            self._act(TakeDiscard())

    def _on_click_meld(self, content: dict[str, Any]) -> None:
        meld, position = content.get("meld"), content.get("position")
        if not isinstance(meld, int) or isinstance(meld, bool):
            self._say("That click did not name a meld on the table.")
            return
        if not isinstance(position, int) or isinstance(position, bool):
            position = None
        cards = self._selected_cards()
        if len(cards) != 1:
            self._say(
                "Select one card of your hand, then click the meld to lay it on (or the wild "
                "card it should replace).",
                guide=True,
            )
            return
        g = self._game
        self._act(meld_click(self._legal, cards[0], meld, position, g.table, g.rules))

    # the buttons
    def _on_press(self, content: dict[str, Any]) -> None:
        name = content.get("button")
        if name not in ACTION_KINDS:
            self._say(f"The table has no button {name!r}.")
            return
        self._press(ButtonKind(name), content)

    def _press(self, button: ButtonKind, content: dict[str, Any]) -> None:
        if button in _SIMPLE:
            self._act(_SIMPLE[button])
            return
        _PRESSES[button](self, content)

    def _press_cut(self, content: dict[str, Any]) -> None:
        aim = content.get("aim")
        if isinstance(aim, str) and aim.strip().isdigit():
            aim = int(aim)
        if not isinstance(aim, int) or isinstance(aim, bool):
            self._say("Say how many cards to lift: a whole number.")
            return
        self._act(Cut(aim))

    def _press_add_meld(self, content: dict[str, Any]) -> None:
        del content
        if self._refused(ButtonKind.ADD_MELD):
            return
        self._say("")
        with self.hold_sync():
            self.staged = [*self.staged, list(self.selected)]
            self.selected = []

    def _press_go_down(self, content: dict[str, Any]) -> None:
        """Go down with the melds built (and the selected cards as one more); with none built,
        the table arranges the melds and asks the player to confirm them first."""
        if self.must_build_melds and self._refused(ButtonKind.GO_DOWN):
            return
        if content.get("confirm") is True and self._answer:
            self._act(GoDown(self._answer))
            return
        hand = self._game.hand(self.seat)
        groups = [[hand[i] for i in group if 0 <= i < len(hand)] for group in self.staged]
        selected = self._selected_cards()
        melds = going_down_melds(self._game, self.seat, groups, selected)
        if isinstance(melds, str):
            self._say(melds, guide=not groups and not selected)
            return
        if groups or content.get("confirm") is True:
            self._act(GoDown(melds))
            return
        self._confirm = melds  # show which melds, and ask
        self._say("")
        self._draw()

    def _on_cancel(self, content: dict[str, Any]) -> None:
        """ "Not yet": the question is taken off the table (any click answers it)."""
        del content
        self._say("")

    def _on_next_deal(self, content: dict[str, Any]) -> None:
        """Put the end-of-deal panel away: the next deal goes on (the bots move again)."""
        del content
        if not self.deal_end_pending:
            return
        self._deals_seen = len(self._game.deal_scores)
        self._say("")
        self.refresh()
        for callback in list(self._next_listeners):
            callback()

    def _on_option(self, content: dict[str, Any]) -> None:
        """A switch on the table: ``auto_pass`` with an :class:`AutoPass` value."""
        name, value = content.get("name"), content.get("value")
        if name != "auto_pass":
            self._say(f"The table has no option {name!r}.")
            return
        try:
            mode = AutoPass(str(value))
        except ValueError:
            choices = ", ".join(repr(str(m)) for m in AutoPass)
            self._say(f"Auto-pass buys is one of {choices}, not {value!r}.")
            return
        self._say("")
        self.auto_pass_buys = mode

    def _refused(self, kind: ButtonKind) -> bool:
        """When button ``kind`` is off, say why (its sentence, from the engine) and ``True``."""
        assert self.model is not None
        button = self.model.controls.button(kind)
        if not button.enabled:
            self._say(button.why, guide=button.guide)
        return not button.enabled

    def _press_lay_off(self, content: dict[str, Any]) -> None:
        """Lay off on the one meld the selected card fits (click a meld when it fits more)."""
        del content
        if self._refused(ButtonKind.LAY_OFF):
            return
        card = self._selected_cards()[0]
        places = sorted({a.meld for a in self._legal if isinstance(a, LayOff) and a.card == card})
        if len(places) > 1:
            self._say(
                f"The {card} fits {len(places)} melds: click the one to lay it on.", guide=True
            )
            return
        g = self._game
        self._act(meld_click(self._legal, card, places[0], None, g.table, g.rules))

    def _press_swap(self, content: dict[str, Any]) -> None:
        del content
        assert self.model is not None
        if not self.model.controls.button(ButtonKind.SWAP).shown:
            card = self._one_selected("to put in place of the wild")
            if card is not None:  # these rules have no swaps: the game says so
                self._act(SwapWild(card, 0, 0))
            return
        if self._refused(ButtonKind.SWAP):
            return
        card = self._selected_cards()[0]
        swaps = [a for a in self._legal if isinstance(a, SwapWild) and a.card == card]
        if len(swaps) == 1:
            self._act(swaps[0])
        else:
            self._say("Click the wild card on the table that your card should replace.", guide=True)

    def _press_discard(self, content: dict[str, Any]) -> None:
        del content
        card = self._one_selected("to discard")
        if card is not None:
            self._act(Discard(card))

    def _press_give(self, content: dict[str, Any]) -> None:
        del content
        card = self._one_selected("to give")
        if card is not None:
            self._act(GiveCard(card))

    def _press_hint(self, content: dict[str, Any]) -> None:
        del content
        g = self._game
        if g.is_over:
            self._hint = Hint("The match is over.")
        elif g.to_act != self.seat:
            deciding = addressed(g.deciding(), g.names[self.seat])
            self._hint = Hint(f"Nothing to decide yet: {deciding}")
        else:
            action, reason = self.coach.explain(g.view(self.seat), self._legal)
            self._hint = Hint.of(action, reason, g.hand(self.seat))
        self._say("")
        self._draw()

    def _press_undo(self, content: dict[str, Any]) -> None:
        del content
        if self.undo_handler is None:
            self._say(
                "Undo works when playing against bots: start a match with play().", guide=True
            )
            return
        self.undo_handler()


_HANDLERS: dict[str, Callable[[CardTable, dict[str, Any]], None]] = {
    "click_card": CardTable._on_click_card,
    "select_all": CardTable._on_select_all,
    "clear": CardTable._on_clear,
    "clear_melds": CardTable._on_clear_melds,
    "sort": CardTable._on_sort,
    "move": CardTable._on_move,
    "click_stock": CardTable._on_click_stock,
    "click_discard": CardTable._on_click_discard,
    "click_meld": CardTable._on_click_meld,
    "press": CardTable._on_press,
    "cancel": CardTable._on_cancel,
    "next_deal": CardTable._on_next_deal,
    "option": CardTable._on_option,
}

_WHILE_PAUSED = frozenset({"next_deal", "sort", "clear", "clear_melds", "option", "cancel"})
"""Intents a table paused at a deal's end still takes (none of them is a move)."""

_PRESSES: dict[ButtonKind, Callable[[CardTable, dict[str, Any]], None]] = {
    ButtonKind.CUT: CardTable._press_cut,
    ButtonKind.ADD_MELD: CardTable._press_add_meld,
    ButtonKind.GO_DOWN: CardTable._press_go_down,
    ButtonKind.LAY_OFF: CardTable._press_lay_off,
    ButtonKind.SWAP: CardTable._press_swap,
    ButtonKind.DISCARD: CardTable._press_discard,
    ButtonKind.GIVE: CardTable._press_give,
    ButtonKind.HINT: CardTable._press_hint,
    ButtonKind.UNDO: CardTable._press_undo,
}


def _auto_pass_mode(mode: AutoPass | str | bool) -> AutoPass:
    if mode is True:
        return AutoPass.ALWAYS
    if mode is False:
        return AutoPass.OFF
    try:
        return AutoPass(str(mode))
    except ValueError:
        choices = ", ".join(repr(str(m)) for m in AutoPass)
        raise ValueError(f"auto_pass_buys must be one of {choices}, not {mode!r}") from None


def _trait(data: Mapping[str, object]) -> dict[str, Any]:
    """A part of the model (a TypedDict) as the plain dict a ``Dict`` trait holds."""
    return dict(data)


def _any_version(content: dict[str, Any]) -> bool:
    """Clicks that mean the same whatever the table looked like when they were made. (Undo is
    not one of them: a double click on Undo must take back one action, not two.)"""
    kind = content.get("kind")
    return kind in ("sort", "clear", "clear_melds", "option", "cancel") or (
        kind == "press" and content.get("button") == ButtonKind.HINT
    )
