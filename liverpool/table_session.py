"""One seat at a table played by clicks: what each click does there, decided once.

Two tables are played by clicking the same ``table.js``: the notebook's ``CardTable`` widget
and the play site's :class:`~liverpool.site_driver.SiteMatch` (Pyodide, in a Web Worker). Both
draw the one table model (:func:`~liverpool.table_model.build_table`), and both must answer a
click the same way. What a click *means* — the selection, the melds being built, the player's
own order of the hand, which action it is and when it is refused in which words — is the
seat's screen, :class:`~liverpool.table_screen.SeatScreen`, shared with the seats of a room.
What it *does* at such a table lives here, in :class:`TableSession`: the action played on the
engine, a click made on an older table, a timed buy offer that lapses, auto-pass, the
end-of-deal panel holding the table, the question before going down, Hint and Undo. Each table
is a thin shell around it: the widget copies its state into traits and runs a timer for
:attr:`TableSession.deadline`; the site's worker sends the model as JSON and asks again at
:meth:`TableSession.deadline_in`. This module holds no pictures, no event loop and no comms,
so every click is testable in plain CPython.

Intents are ``{"kind": ...}`` with a :class:`~liverpool.table_model.IntentKind` and its fields;
every intent may carry ``version``. ``press`` ``go_down`` with nothing built asks first: the
model's ``controls.confirm`` shows the melds the table arranged; ``press`` ``go_down``
``confirm: true`` lays them, ``cancel`` (or any other click) takes the question away.

A hand *index* is the card's position in ``game.hand(seat)`` (the engine's order); the model's
hand lists the cards in display order, each naming its ``index``. Messages go in
:attr:`TableSession.error`; :attr:`TableSession.error_kind` says whether it is a refusal
(``"error"``) or guidance on what to do (``"guide"``).
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .actions import Action, Buy, DrawStock, Pass, TakeDiscard
from .bots import coach
from .errors import IllegalAction, quoted
from .events import Event, EventKind
from .game import Game
from .state import Phase
from .table_model import (
    DECK_OPTION,
    NOTHING_TO_UNDO,
    AutoPass,
    ButtonKind,
    Controls,
    DealSummary,
    Hint,
    IntentKind,
    SortMode,
    TableModel,
    addressed,
    auto_pass_due,
    build_table,
    deal_summaries,
    phrase,
    read_deck_choice,
)
from .table_screen import STALE, Refused, SeatScreen, pressed, read_intent
from .view import PlayerView

__all__ = [
    "ACTION_KINDS",
    "LOG_LINES",
    "NOTHING_TO_UNDO",
    "PAUSED",
    "SORT_MODES",
    "STALE",
    "Coach",
    "TableSession",
    "auto_pass_mode",
]

SORT_MODES = tuple(SortMode)
"""How the hand can be shown (:class:`~liverpool.table_model.SortMode`; the widget checks its
``sort_mode`` trait against this)."""

LOG_LINES = 200
"""How many of the latest event lines the model's log keeps."""

ACTION_KINDS = tuple(str(kind) for kind in ButtonKind)
"""The buttons of the action bar, in order (every ``kind`` of ``controls["buttons"]``)."""

PAUSED = "The deal is over: press Next deal to go on."


_WHILE_PAUSED = frozenset(
    {
        IntentKind.NEXT_DEAL,
        IntentKind.SORT,
        IntentKind.CLEAR,
        IntentKind.CLEAR_MELDS,
        IntentKind.OPTION,
        IntentKind.CANCEL,
    }
)
"""Intents a table paused at a deal's end still takes (none of them is a move)."""

_ONLY_ADDS = (DrawStock, TakeDiscard, Buy, Pass)
"""Actions that take no card out of the seat's hand: the selection stays after them."""

_WHILE_WATCHING = frozenset({IntentKind.SORT, IntentKind.OPTION})
"""Intents a table to watch only takes: how it is shown, not what is played."""


class Coach(Protocol):
    """What answers the Hint button: a bot that says why (as the bots of :mod:`~liverpool.bots`)."""

    def explain(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]: ...


def auto_pass_mode(mode: AutoPass | str | bool, name: str = "auto_pass") -> AutoPass:
    """``mode`` as an :class:`AutoPass` (``True`` is always, ``False`` off); a wrong value
    raises :class:`ValueError` naming the setting (``name``) and the choices."""
    if mode is True:
        return AutoPass.ALWAYS
    if mode is False:
        return AutoPass.OFF
    try:
        return AutoPass(str(mode))
    except ValueError:
        choices = ", ".join(repr(str(m)) for m in AutoPass)
        raise ValueError(f"{name} must be one of {choices}, not {mode!r}") from None


class TableSession(SeatScreen):
    """Seat ``seat`` of ``game`` and what its screen holds, played by :meth:`handle`.

    The screen's state: the :class:`~liverpool.table_screen.SeatScreen` (:attr:`selected`,
    :attr:`staged`, :attr:`sort_mode`, the player's own order of the hand), a hint, the
    question before going down, :attr:`error` and :attr:`crash`. :meth:`model` is the table
    model of it all. ``coach`` answers Hint (unless given, the registry's
    :func:`~liverpool.bots.coach` for the game's seed, as on every other screen); ``clock``
    is the time source of buy deadlines (seconds); ``interactive=False`` makes a table to
    watch only; ``open_hands`` shows every hand; ``pause_at_deal_end`` holds the end-of-deal
    panel up until Next deal; ``auto_pass`` passes buy offers for the seat;
    ``must_build_melds`` keeps Go down off until melds are built with Add meld;
    ``undo_handler`` (a callable), when set, makes the Undo button work; ``four_color`` draws
    a four-colour deck (the Deck switch on the table changes it, on a table to watch too).

    Hooks: :meth:`on_action` (each action applied for the seat), :meth:`on_next_deal` (the
    panel put away), :meth:`on_crash` (an unexpected error, as text). :meth:`refresh` must be
    called after the game changed from outside (a bot moved).
    """

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        *,
        coach: Coach | None = None,
        clock: Callable[[], float] = time.time,
        interactive: bool = True,
        open_hands: bool = False,
        pause_at_deal_end: bool = False,
        auto_pass: AutoPass | str | bool = AutoPass.OFF,
        must_build_melds: bool = False,
        undo_handler: Callable[[], object] | None = None,
        log_lines: int = LOG_LINES,
        four_color: bool = False,
    ) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0 to {game.players - 1}, not {seat!r}")
        super().__init__()
        self.seat = seat
        self.clock = clock
        self.interactive = interactive
        self.open_hands = open_hands
        self.four_color = four_color
        """Whether the cards are drawn in four colours (the screen draws the faces)."""
        self.pause_at_deal_end = pause_at_deal_end
        self.must_build_melds = must_build_melds
        self.undo_handler = undo_handler
        self.log_lines = log_lines
        self.error = ""
        self.error_kind = "error"
        self.crash = ""
        self._auto_pass = auto_pass_mode(auto_pass)
        self._coach = coach
        self._game = game
        self._deals_seen = len(game.deal_scores)
        self._version = 0
        self._legal: list[Action] = []
        self._refusals: dict[Action, str] = {}  # the game's why_not answers at this version
        self._hint: Hint | None = None
        self._offer: int | None = None  # the action count at which the buy offer was made
        self._deadline: float | None = None
        self._summary: tuple[Game, int, DealSummary | None] | None = None
        self._auto_passing = False
        self._action_listeners: list[Callable[[Action, list[Event]], None]] = []
        self._next_listeners: list[Callable[[], None]] = []
        self._crash_listeners: list[Callable[[str], None]] = []
        self.refresh()

    # -- the game ---------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game shown; setting it (undo, resume) starts from its state, panel down."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game = game
        self._deals_seen = len(game.deal_scores)
        self.refresh(back=True)

    def last_decision(self) -> int | None:
        """Where in :attr:`game`'s actions the seat's last own decision is (Undo goes back to
        just before it), or ``None`` when they have made none. A buy offer the table passed for
        them (the auto-pass switch, or time run out) was not their decision: undoing it would
        only see it passed again (:attr:`Game.automatic <liverpool.Game.automatic>`)."""
        g = self._game
        automatic = set(g.automatic)
        for k in range(len(g.actors) - 1, -1, -1):
            if g.actors[k] == self.seat and k not in automatic:
                return k
        return None

    def can_undo(self) -> bool:
        """Whether the seat has a decision of its own to take back (Undo is on)."""
        return self.last_decision() is not None

    def taken_back(self, before: Game) -> str:
        """The line shown after an undo took :attr:`game` back from ``before``: what the
        seat's undone decision was, in the log's words ("Taken back: you discarded the K♣.")."""
        g = self._game
        mine = None  # the last line of the undone action (a draw's is "You drew the K♠")
        for event in before.log[len(g.log) :]:
            if event.player is None:
                continue
            if event.player != self.seat:
                break
            mine = event
        if mine is None:
            return "Taken back: your last move."
        line = phrase(mine, self.seat, g.names, to_seat=True)
        if line.startswith("You "):
            line = "you " + line[4:]
        return f"Taken back: {line}"

    @property
    def version(self) -> int:
        """Grows by one each time the game shown changes; clicks carry the version they saw."""
        return self._version

    @property
    def deal_end_pending(self) -> bool:
        """Whether the end-of-deal panel is up and the table waits for Next deal."""
        return (
            self.pause_at_deal_end
            and self.interactive
            and len(self._game.deal_scores) > self._deals_seen
        )

    @property
    def auto_pass(self) -> AutoPass:
        """Which buy offers the table passes for the seat (the switch on the table sets it)."""
        return self._auto_pass

    @auto_pass.setter
    def auto_pass(self, mode: AutoPass | str | bool) -> None:
        self._auto_pass = auto_pass_mode(mode)
        self.auto_pass_if_due()

    @property
    def coach(self) -> Coach:
        """The bot that answers Hint (made on the first Hint: most games never ask)."""
        if self._coach is None:
            self._coach = coach(self._game.seed)
        return self._coach

    @property
    def deadline(self) -> float | None:
        """When the buy offer to this seat lapses (by :attr:`clock`), or ``None``."""
        return self._deadline

    def deadline_in(self) -> float | None:
        """Seconds until the buy offer to this seat lapses, or ``None``."""
        return None if self._deadline is None else max(0.0, self._deadline - self.clock())

    # -- hooks ------------------------------------------------------------------------------
    def on_action(self, callback: Callable[[Action, list[Event]], None]) -> None:
        """Call ``callback(action, events)`` after each action applied for this seat."""
        self._action_listeners.append(callback)

    def on_next_deal(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the player puts the end-of-deal panel away."""
        self._next_listeners.append(callback)

    def on_crash(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(text)`` with each unexpected error :meth:`report_crash` shows."""
        self._crash_listeners.append(callback)

    def say(self, text: str, *, guide: bool = False) -> None:
        """Show ``text`` as a refusal, or (``guide``) as guidance on what to do."""
        kind = "guide" if guide else "error"
        if text and self.error_kind != kind:
            self.error_kind = kind
        self.error = text

    def show_hint(self, hint: Hint | None) -> None:
        """Show ``hint`` (its sentence above the buttons, what it names ringed in gold) until
        the game changes, as Hint does with the coach's advice; ``None`` takes it away. A
        lesson's own coach uses this to point at what its sentence names."""
        self._hint = hint

    def report_crash(self, exc: BaseException) -> None:
        """Show an unexpected error under the table (with the last lines of its traceback)."""
        lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
        self.crash = f"{type(exc).__name__}: {exc}\n\n{''.join(lines[-3:]).strip()}"
        for callback in list(self._crash_listeners):
            callback(self.crash)

    # -- following the game -----------------------------------------------------------------
    def refresh(self, *, clear_selection: bool = False, back: bool = False) -> None:
        """Follow the game after it changed: a new version, the legal moves, the hand order,
        the buy deadline, an auto-pass now due. The selection stays while the hand only grew
        (``clear_selection`` puts it and the melds being built back anyway); ``back`` says the
        game was set back, so a hand held before returns in its order then (:meth:`follow`)."""
        g = self._game
        self._version += 1
        self._legal = g.legal_actions() if g.to_act == self.seat else []
        self._refusals = {}
        self._hint = None
        self.follow(g.hand(self.seat), clear=clear_selection, back=back)
        self._arm_deadline()
        self.auto_pass_if_due()

    def display_order(self) -> list[int]:
        """Hand indexes in the order the hand is shown."""
        return self.hand_order(self._game.hand(self.seat))

    def model(self) -> TableModel:
        """The seat's table model now."""
        g = self._game
        return build_table(
            g.view(self.seat),
            g,
            legal=self._legal,
            selected=self.selected,
            staged=self.staged,
            hand_order=self.display_order(),
            hint=self._hint,
            # behind the end-of-deal panel, the log stops at the deal's end: the next deal's
            # lines come after Next deal
            events=(_until_deal_end(g.log) if self.deal_end_pending else g.log)[-self.log_lines :],
            buy_deadline=self._deadline,
            open_hands={s: g.hand(s) for s in range(g.players)} if self.open_hands else None,
            interactive=self.interactive,
            to_seat=self.interactive,  # a person plays here: "you"; a table to watch names them
            undo=None if self.undo_handler is None else self.interactive and self.can_undo(),
            deal_end=self._deal_end(),
            version=self._version,
            refusals=self._refusals,
            deal_end_panel=self.deal_end_pending,
            auto_pass=self._auto_pass if self.interactive else None,
            must_build_melds=self.must_build_melds,
            confirm=self.confirm_indexes(g.hand(self.seat)),
            four_color=self.four_color,
        )

    def _deal_end(self) -> DealSummary | None:
        """The last finished deal's summary (found once per deal: it replays the record)."""
        g = self._game
        done = len(g.deal_scores)
        if self._summary is None or self._summary[0] is not g or self._summary[1] != done:
            summaries = deal_summaries(g) if done else ()
            self._summary = (g, done, summaries[-1] if summaries else None)
        return self._summary[2]

    # -- the buy deadline and auto-pass -----------------------------------------------------
    def _arm_deadline(self) -> None:
        """Start the clock when a timed buy offer reaches this seat; stop it when it is gone
        (no clock runs behind the end-of-deal panel)."""
        g = self._game
        seconds = g.rules.buy_timer_seconds
        offered = g.phase is Phase.BUY and g.to_act == self.seat and self.interactive
        if not (seconds and offered) or self.deal_end_pending:
            self._offer = self._deadline = None
        elif self._offer != len(g.actions):  # else the same offer, redrawn: its clock runs on
            self._offer = len(g.actions)
            self._deadline = self.clock() + seconds

    def check_deadline(self, now: float | None = None) -> bool:
        """If the buy offer to this seat has run out of time (at ``now``, by default the
        clock's time), play the engine's idle action for the seat; ``True`` when it did."""
        g = self._game
        if self._deadline is None or self._offer != len(g.actions) or g.to_act != self.seat:
            return False
        if (self.clock() if now is None else now) < self._deadline:
            return False
        return self._act(g.idle_action(), automatic=True)

    def auto_pass_if_due(self) -> bool:
        """Pass the buy offer now put to this seat when the auto-pass setting says so: an
        ordinary Pass, heard by :meth:`on_action` (``True`` when it was played)."""
        if self._auto_passing or not self.interactive or self.deal_end_pending:
            return False
        g = self._game
        if self._auto_pass is AutoPass.OFF or g.phase is not Phase.BUY or g.to_act != self.seat:
            return False
        if not auto_pass_due(g.view(self.seat), self._auto_pass):
            return False
        self._auto_passing = True
        try:
            events = g.apply(Pass(), player=self.seat, automatic=True)
        finally:
            self._auto_passing = False
        self.refresh()  # a pass takes no card: the selection stays
        for callback in list(self._action_listeners):
            callback(Pass(), events)
        return True

    # -- clicks -----------------------------------------------------------------------------
    def handle(self, intent: object) -> None:
        """Carry out one click (an intent). Never raises: a refusal or an illegal move sets
        :attr:`error`; anything unexpected goes to :meth:`report_crash`."""
        try:
            self._dispatch(intent)
        except Refused as refused:
            self.say(str(refused), guide=refused.guide)
        except Exception as exc:  # shown under the table, never lost
            self.report_crash(exc)

    def _dispatch(self, intent: object) -> None:
        kind, fields = read_intent(intent)
        if not self.interactive and kind not in _WHILE_WATCHING:
            raise Refused("This table is for watching only.", guide=True)
        self.answer()  # any click answers a question put to the player
        offer = self._game.discard_top
        lapsed = self.check_deadline()  # a lapsed offer is settled before any click on it
        if self.stale(fields, self._version):
            if lapsed:  # the click was on the offer the clock has just passed
                raise Refused(f"Time ran out: the {offer} was passed for you.", guide=True)
            raise Refused(STALE, guide=True)
        if self.deal_end_pending and kind not in _WHILE_PAUSED:
            raise Refused(PAUSED, guide=True)
        self.say("")
        handler = _OWN.get(kind)
        if handler is None and kind is IntentKind.PRESS:
            handler = _OWN_PRESSES.get(pressed(fields))
        if handler is not None:
            handler(self, fields)
            return
        action = self.resolve(fields, self._game, self.seat, self._legal, self._controls)
        if action is not None:
            self._act(action)

    def _controls(self) -> Controls:
        return self.model().controls

    def _act(self, action: Action, *, automatic: bool = False) -> bool:
        """Apply ``action`` for this seat (``automatic``: played for it, not chosen):
        ``True`` when done, else :attr:`error` says why (an illegal action changes nothing)."""
        try:
            events = self._game.apply(action, player=self.seat, automatic=automatic)
        except IllegalAction as exc:
            self.say(str(exc))
            return False
        self.say("")
        # cards selected before drawing (a meld in mind) stay selected: they are still held
        self.refresh(clear_selection=not isinstance(action, _ONLY_ADDS))
        for callback in list(self._action_listeners):
            callback(action, events)
        return True

    def _on_next_deal(self, intent: Mapping[str, Any]) -> None:
        """Put the end-of-deal panel away: the next deal goes on (the bots move again)."""
        if not self.deal_end_pending:
            return  # a second press (a double click) changes nothing
        self._deals_seen = len(self._game.deal_scores)
        self.refresh()
        for callback in list(self._next_listeners):
            callback()

    def _on_option(self, intent: Mapping[str, Any]) -> None:
        """A switch on the table: ``auto_pass`` with an :class:`AutoPass` value, or the deck's
        colours (:data:`~liverpool.table_model.DECK_OPTION`)."""
        name, value = intent.get("name"), intent.get("value")
        if name == DECK_OPTION:
            try:
                self.four_color = read_deck_choice(value)
            except ValueError as exc:
                raise Refused(str(exc)) from None
            self.refresh()
            return
        if name != "auto_pass":
            raise Refused(f"The table has no option {quoted(name, 30)}.")
        try:
            mode = AutoPass(str(value))
        except ValueError:
            choices = ", ".join(repr(str(m)) for m in AutoPass)
            raise Refused(f"Auto-pass buys is one of {choices}, not {quoted(value, 30)}.") from None
        self.auto_pass = mode


def _until_deal_end(log: Sequence[Event]) -> Sequence[Event]:
    """``log`` up to the last finished deal's end (without the next deal's lines)."""
    over = next(
        (k for k in range(len(log) - 1, -1, -1) if log[k].kind is EventKind.DEAL_OVER), None
    )
    if over is None:
        return log
    start = next((k for k in range(over + 1, len(log)) if log[k].kind is EventKind.NEW_DEAL), None)
    return log if start is None else log[:start]


# -- this table's own buttons (the others mean what they mean on every seat's screen) ------


def _press_hint(s: TableSession, intent: Mapping[str, Any]) -> None:
    g = s._game
    if g.is_over:
        s._hint = Hint("The match is over.")
    elif g.to_act != s.seat:
        deciding = addressed(g.deciding(), g.names[s.seat], to_seat=True)
        s._hint = Hint(f"Nothing to decide yet: {deciding}")
    else:
        action, reason = s.coach.explain(g.view(s.seat), s._legal)
        s._hint = Hint.of(action, reason, g.hand(s.seat))


def _press_undo(s: TableSession, intent: Mapping[str, Any]) -> None:
    if s.undo_handler is None:
        raise Refused(
            "Undo works when playing against bots: start a match with play().", guide=True
        )
    s.undo_handler()


_Handler = Callable[[TableSession, Mapping[str, Any]], None]

_OWN: dict[IntentKind, _Handler] = {
    IntentKind.NEXT_DEAL: TableSession._on_next_deal,
    IntentKind.OPTION: TableSession._on_option,
}
"""The clicks only this table takes (every other click is the seat's screen's)."""

_OWN_PRESSES: dict[ButtonKind, _Handler] = {
    ButtonKind.HINT: _press_hint,
    ButtonKind.UNDO: _press_undo,
}
"""The buttons this table presses its own way: Hint asks the coach, Undo calls the undo
handler."""
