"""One seat at a table played by clicks: what each click means, decided once.

Two tables are played by clicking the same ``table.js``: the notebook's ``CardTable`` widget
and the play site's :class:`~liverpool.site_driver.SiteMatch` (Pyodide, in a Web Worker). Both
draw the one table model (:func:`~liverpool.table_model.build_table`), and both must answer a
click the same way: which action it is, when it is refused and with which sentence, what the
selection, the melds being built and the player's own order of the hand become, when a click
was made on an older table, when a timed buy offer lapses, when auto-pass passes, when the
end-of-deal panel holds the table. Written twice, those answers drift apart; so they live here,
in :class:`TableSession`, and each table is a thin shell around it: the widget copies its state
into traits and runs a timer for :attr:`TableSession.deadline`; the site's worker sends the
model as JSON and asks again at :meth:`TableSession.deadline_in`. This module holds no
pictures, no event loop and no comms, so every click is testable in plain CPython.

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

A hand *index* is the card's position in ``game.hand(seat)`` (the engine's order); the model's
hand lists the cards in display order, each naming its ``index``. Messages go in
:attr:`TableSession.error`; :attr:`TableSession.error_kind` says whether it is a refusal
(``"error"``) or guidance on what to do (``"guide"``).
"""

from __future__ import annotations

import time
import traceback
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .actions import (
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
from .bots import StrongBot
from .cards import Card
from .errors import IllegalAction
from .events import Event
from .game import Game
from .state import Phase
from .table_model import (
    AutoPass,
    ButtonKind,
    DealSummary,
    Hint,
    TableModel,
    addressed,
    auto_pass_due,
    build_table,
    deal_summaries,
    going_down_melds,
    meld_click,
)
from .view import PlayerView

__all__ = [
    "ACTION_KINDS",
    "LOG_LINES",
    "PAUSED",
    "SORT_MODES",
    "STALE",
    "Coach",
    "TableSession",
    "auto_pass_mode",
]

SORT_MODES = ("own", "rank", "suit")
"""How the hand can be shown: the player's own order, by rank, by suit."""

LOG_LINES = 200
"""How many of the latest event lines the model's log keeps."""

ACTION_KINDS = tuple(str(kind) for kind in ButtonKind)
"""The buttons of the action bar, in order (every ``kind`` of ``controls["buttons"]``)."""

STALE = (
    "That click was made on an older picture of the table (it has changed since), so it was "
    "ignored. Look at the table again and click once more."
)
PAUSED = "The deal is over: press Next deal to go on."

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

_WHILE_PAUSED = frozenset({"next_deal", "sort", "clear", "clear_melds", "option", "cancel"})
"""Intents a table paused at a deal's end still takes (none of them is a move)."""

_ANY_VERSION = frozenset({"sort", "clear", "clear_melds", "option", "cancel", "next_deal"})
"""Intents that mean the same whatever the table looked like when they were made (Next deal
means the same on any picture of the panel). Undo is not one: a double click on Undo must take
back one action, not two."""


class Coach(Protocol):
    """What answers the Hint button: a bot that says why (as the bots of :mod:`~liverpool.bots`)."""

    def explain(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]: ...


class _Refused(Exception):
    """A click that does nothing, with the sentence saying why (``guide``: what to do)."""

    def __init__(self, text: str, *, guide: bool = False) -> None:
        super().__init__(text)
        self.guide = guide


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


class TableSession:
    """Seat ``seat`` of ``game`` and what its screen holds, played by :meth:`handle`.

    The screen's state: :attr:`selected` (hand indexes), :attr:`staged` (the melds being built,
    hand indexes each), :attr:`sort_mode`, the player's own order of the hand, a hint, the
    question before going down, :attr:`error` and :attr:`crash`. :meth:`model` is the table
    model of it all. ``coach`` answers Hint (a :class:`~liverpool.bots.StrongBot` unless
    given); ``clock`` is the time source of buy deadlines (seconds); ``interactive=False``
    makes a table to watch only; ``open_hands`` shows every hand; ``pause_at_deal_end`` holds
    the end-of-deal panel up until Next deal; ``auto_pass`` passes buy offers for the seat;
    ``must_build_melds`` keeps Go down off until melds are built with Add meld;
    ``undo_handler`` (a callable), when set, makes the Undo button work.

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
    ) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0 to {game.players - 1}, not {seat!r}")
        self.seat = seat
        self.clock = clock
        self.interactive = interactive
        self.open_hands = open_hands
        self.pause_at_deal_end = pause_at_deal_end
        self.must_build_melds = must_build_melds
        self.undo_handler = undo_handler
        self.log_lines = log_lines
        self.selected: list[int] = []
        self.staged: list[list[int]] = []
        self.sort_mode = "own"
        self.error = ""
        self.error_kind = "error"
        self.crash = ""
        self._auto_pass = auto_pass_mode(auto_pass)
        self._coach = coach
        self._game = game
        self._deals_seen = len(game.deal_scores)
        self._version = 0
        self._order: list[str] = []  # the player's own order of the hand, as card codes
        self._hand_codes: tuple[str, ...] = ()
        self._legal: list[Action] = []
        self._refusals: dict[Action, str] = {}  # the game's why_not answers at this version
        self._hint: Hint | None = None
        self._confirm: list[list[Card]] | None = None  # melds awaiting the player's yes
        self._answer: list[list[Card]] | None = None  # the question the current click answers
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
        self.refresh()

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
            self._coach = StrongBot(0)
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

    def report_crash(self, exc: BaseException) -> None:
        """Show an unexpected error under the table (with the last lines of its traceback)."""
        lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
        self.crash = f"{type(exc).__name__}: {exc}\n\n{''.join(lines[-3:]).strip()}"
        for callback in list(self._crash_listeners):
            callback(self.crash)

    # -- following the game -----------------------------------------------------------------
    def refresh(self, *, clear_selection: bool = False) -> None:
        """Follow the game after it changed: a new version, the legal moves, the hand order,
        the buy deadline, an auto-pass now due. The selection stays while the hand only grew
        (``clear_selection`` puts it and the melds being built back anyway)."""
        g = self._game
        self._version += 1
        self._legal = g.legal_actions() if g.to_act == self.seat else []
        self._refusals = {}
        self._hint = None
        self._confirm = None
        codes = tuple(c.code for c in g.hand(self.seat))
        keep = not clear_selection and codes[: len(self._hand_codes)] == self._hand_codes
        # the player's own order: cards still held keep their places, new ones go last
        left = Counter(codes)
        order: list[str] = []
        for code in [*self._order, *codes]:
            if left[code] > 0:
                order.append(code)
                left[code] -= 1
        self._order = order
        self._hand_codes = codes
        if keep:
            self.selected = [i for i in self.selected if i < len(codes)]
        else:
            self.selected, self.staged = [], []
        self._arm_deadline()
        self.auto_pass_if_due()

    def forget_hand_order(self) -> None:
        """Start the player's own order afresh (a different match is about to be shown)."""
        self._order = []
        self._hand_codes = ()

    def display_order(self) -> list[int]:
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
            events=g.log[-self.log_lines :],
            buy_deadline=self._deadline,
            open_hands={s: g.hand(s) for s in range(g.players)} if self.open_hands else None,
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

    def _deal_end(self) -> DealSummary | None:
        """The last finished deal's summary (found once per deal: it replays the record)."""
        g = self._game
        done = len(g.deal_scores)
        if self._summary is None or self._summary[0] is not g or self._summary[1] != done:
            summaries = deal_summaries(g) if done else ()
            self._summary = (g, done, summaries[-1] if summaries else None)
        return self._summary[2]

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
        return self._act(g.idle_action())

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
            events = g.apply(Pass(), player=self.seat)
        finally:
            self._auto_passing = False
        self.refresh(clear_selection=True)
        for callback in list(self._action_listeners):
            callback(Pass(), events)
        return True

    # -- clicks -----------------------------------------------------------------------------
    def handle(self, intent: object) -> None:
        """Carry out one click (an intent). Never raises: a refusal or an illegal move sets
        :attr:`error`; anything unexpected goes to :meth:`report_crash`."""
        try:
            self._dispatch(intent)
        except _Refused as refused:
            self.say(str(refused), guide=refused.guide)
        except Exception as exc:  # shown under the table, never lost
            self.report_crash(exc)

    def _dispatch(self, intent: object) -> None:
        if not isinstance(intent, Mapping):
            raise _Refused(f"The table received a message it cannot read: {intent!r:.60}")
        kind = intent.get("kind")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise _Refused(f"The table does not know the click {kind!r:.30}.")
        if not self.interactive and kind != "sort":
            raise _Refused("This table is for watching only.", guide=True)
        # any click answers a question put to the player (a yes carries its melds along)
        self._answer, self._confirm = self._confirm, None
        try:
            self.check_deadline()  # a lapsed offer is settled before any click on it
            if self._stale(intent):
                raise _Refused(STALE, guide=True)
            if self.deal_end_pending and kind not in _WHILE_PAUSED:
                raise _Refused(PAUSED, guide=True)
            self.say("")
            handler(self, intent)
        finally:
            self._answer = None

    def _stale(self, intent: Mapping[str, Any]) -> bool:
        """Whether a click was made on an older table and may now mean something else. A card
        click still names the same card while the hand is unchanged where it points."""
        version, kind = intent.get("version"), intent.get("kind")
        if version is None or version == self._version or kind in _ANY_VERSION:
            return False
        if kind == "press" and intent.get("button") == ButtonKind.HINT:
            return False
        index, code = intent.get("index"), intent.get("code")
        same_card = (
            isinstance(index, int)
            and isinstance(code, str)
            and 0 <= index < len(self._hand_codes)
            and self._hand_codes[index] == code
        )
        return not (kind == "click_card" and same_card)

    def _act(self, action: Action) -> bool:
        """Apply ``action`` for this seat: ``True`` when done, else :attr:`error` says why
        (an illegal action changes nothing in the engine)."""
        try:
            events = self._game.apply(action, player=self.seat)
        except IllegalAction as exc:
            self.say(str(exc))
            return False
        self.say("")
        self.refresh(clear_selection=True)
        for callback in list(self._action_listeners):
            callback(action, events)
        return True

    def _index(self, intent: Mapping[str, Any]) -> int:
        index = intent.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            raise _Refused("That click did not name a card of your hand.")
        if not 0 <= index < len(self._game.hand(self.seat)):
            raise _Refused("That card is no longer in your hand.")
        return index

    def _selected_cards(self) -> list[Card]:
        hand = self._game.hand(self.seat)
        return [hand[i] for i in self.selected if 0 <= i < len(hand)]

    def _one_selected(self, what: str) -> Card:
        cards = self._selected_cards()
        if len(cards) != 1:
            first = "Select one card" if not cards else "Select only one card"
            raise _Refused(f"{first} {what}{' first' if not cards else ''}.", guide=True)
        return cards[0]

    def _refuse_if_off(self, kind: ButtonKind) -> None:
        """When button ``kind`` is off, refuse with its sentence (from the engine)."""
        button = self.model().controls.button(kind)
        if not button.enabled:
            raise _Refused(button.why, guide=button.guide)

    # the hand
    def _on_click_card(self, intent: Mapping[str, Any]) -> None:
        index = self._index(intent)
        if index in self.selected:
            self.selected = [i for i in self.selected if i != index]
        elif any(index in group for group in self.staged):
            raise _Refused(
                "That card is already in a meld you are building (put it back to undo).",
                guide=True,
            )
        else:
            self.selected = [*self.selected, index]

    def _on_select_all(self, intent: Mapping[str, Any]) -> None:
        staged = {i for group in self.staged for i in group}
        self.selected = [i for i in self.display_order() if i not in staged]

    def _on_clear(self, intent: Mapping[str, Any]) -> None:
        self.selected = []

    def _on_clear_melds(self, intent: Mapping[str, Any]) -> None:
        self.staged = []

    def _on_sort(self, intent: Mapping[str, Any]) -> None:
        mode = intent.get("mode")
        if mode not in SORT_MODES:
            raise _Refused(f"The hand can be sorted by {', '.join(SORT_MODES)}, not {mode!r:.20}.")
        if mode == "own" and self.sort_mode != "own":
            # what the player sees is the starting point of their own order
            hand = self._game.hand(self.seat)
            self._order = [hand[i].code for i in self.display_order()]
        self.sort_mode = str(mode)

    def _on_move(self, intent: Mapping[str, Any]) -> None:
        index = self._index(intent)
        shown = self.display_order()
        to = intent.get("to")
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < len(shown):
            raise _Refused("A card can be moved only to a place in your hand.")
        hand = self._game.hand(self.seat)
        shown.remove(index)
        shown.insert(to, index)
        self._order = [hand[i].code for i in shown]
        self.sort_mode = "own"

    # the table
    def _on_click_stock(self, intent: Mapping[str, Any]) -> None:
        self._act(DrawStock())

    def _on_click_discard(self, intent: Mapping[str, Any]) -> None:
        """The discard pile: a discard while playing, else taking the top card."""
        if self._game.phase in (Phase.PLAY, Phase.LIVERPOOL_DISCARD):
            self._act(Discard(self._one_selected("to discard")))
        else:
            self._act(TakeDiscard())

    def _on_click_meld(self, intent: Mapping[str, Any]) -> None:
        meld, position = intent.get("meld"), intent.get("position")
        if not isinstance(meld, int) or isinstance(meld, bool):
            raise _Refused("That click did not name a meld on the table.")
        if not isinstance(position, int) or isinstance(position, bool):
            position = None
        cards = self._selected_cards()
        if len(cards) != 1:
            raise _Refused(
                "Select one card of your hand, then click the meld to lay it on (or the wild "
                "card it should replace).",
                guide=True,
            )
        g = self._game
        self._act(meld_click(self._legal, cards[0], meld, position, g.table, g.rules))

    def _on_cancel(self, intent: Mapping[str, Any]) -> None:
        """ "Not yet": the question is taken off the table (any click answers it)."""

    def _on_next_deal(self, intent: Mapping[str, Any]) -> None:
        """Put the end-of-deal panel away: the next deal goes on (the bots move again)."""
        if not self.deal_end_pending:
            return  # a second press (a double click) changes nothing
        self._deals_seen = len(self._game.deal_scores)
        self.refresh()
        for callback in list(self._next_listeners):
            callback()

    def _on_option(self, intent: Mapping[str, Any]) -> None:
        """A switch on the table: ``auto_pass`` with an :class:`AutoPass` value."""
        name, value = intent.get("name"), intent.get("value")
        if name != "auto_pass":
            raise _Refused(f"The table has no option {name!r:.30}.")
        try:
            mode = AutoPass(str(value))
        except ValueError:
            choices = ", ".join(repr(str(m)) for m in AutoPass)
            raise _Refused(f"Auto-pass buys is one of {choices}, not {value!r:.30}.") from None
        self.auto_pass = mode

    def _on_press(self, intent: Mapping[str, Any]) -> None:
        name = intent.get("button")
        if name not in ACTION_KINDS:
            raise _Refused(f"The table has no button {name!r:.30}.")
        button = ButtonKind(str(name))
        if button in _SIMPLE:
            self._act(_SIMPLE[button])
        else:
            _PRESSES[button](self, intent)


# -- the buttons that need more than one action (beside the class: it stays readable) ------


def _press_cut(s: TableSession, intent: Mapping[str, Any]) -> None:
    aim = intent.get("aim")
    if isinstance(aim, str) and aim.strip().isdigit():
        aim = int(aim)
    if not isinstance(aim, int) or isinstance(aim, bool):
        raise _Refused("Say how many cards to lift: a whole number.")
    s._act(Cut(aim))


def _press_add_meld(s: TableSession, intent: Mapping[str, Any]) -> None:
    s._refuse_if_off(ButtonKind.ADD_MELD)
    s.staged = [*s.staged, list(s.selected)]
    s.selected = []


def _press_go_down(s: TableSession, intent: Mapping[str, Any]) -> None:
    """Go down with the melds built (and the selected cards as one more); with none built,
    the table arranges the melds and asks the player to confirm them first."""
    if s.must_build_melds:
        s._refuse_if_off(ButtonKind.GO_DOWN)
    if intent.get("confirm") is True and s._answer:
        s._act(GoDown(s._answer))
        return
    hand = s._game.hand(s.seat)
    groups = [[hand[i] for i in group if 0 <= i < len(hand)] for group in s.staged]
    selected = s._selected_cards()
    melds = going_down_melds(s._game, s.seat, groups, selected)
    if isinstance(melds, str):
        raise _Refused(melds, guide=not groups and not selected)
    if groups or intent.get("confirm") is True:
        s._act(GoDown(melds))
    else:
        s._confirm = melds  # show which melds, and ask


def _press_lay_off(s: TableSession, intent: Mapping[str, Any]) -> None:
    """Lay off on the one meld the selected card fits (click a meld when it fits more)."""
    s._refuse_if_off(ButtonKind.LAY_OFF)
    card = s._selected_cards()[0]
    places = sorted({a.meld for a in s._legal if isinstance(a, LayOff) and a.card == card})
    if len(places) > 1:
        raise _Refused(
            f"The {card} fits {len(places)} melds: click the one to lay it on.", guide=True
        )
    g = s._game
    s._act(meld_click(s._legal, card, places[0], None, g.table, g.rules))


def _press_swap(s: TableSession, intent: Mapping[str, Any]) -> None:
    if not s.model().controls.button(ButtonKind.SWAP).shown:
        # these rules have no swaps: the game says so
        s._act(SwapWild(s._one_selected("to put in place of the wild"), 0, 0))
        return
    s._refuse_if_off(ButtonKind.SWAP)
    card = s._selected_cards()[0]
    swaps = [a for a in s._legal if isinstance(a, SwapWild) and a.card == card]
    if len(swaps) != 1:
        raise _Refused(
            "Click the wild card on the table that your card should replace.", guide=True
        )
    s._act(swaps[0])


def _press_discard(s: TableSession, intent: Mapping[str, Any]) -> None:
    s._act(Discard(s._one_selected("to discard")))


def _press_give(s: TableSession, intent: Mapping[str, Any]) -> None:
    s._act(GiveCard(s._one_selected("to give")))


def _press_hint(s: TableSession, intent: Mapping[str, Any]) -> None:
    g = s._game
    if g.is_over:
        s._hint = Hint("The match is over.")
    elif g.to_act != s.seat:
        deciding = addressed(g.deciding(), g.names[s.seat])
        s._hint = Hint(f"Nothing to decide yet: {deciding}")
    else:
        action, reason = s.coach.explain(g.view(s.seat), s._legal)
        s._hint = Hint.of(action, reason, g.hand(s.seat))


def _press_undo(s: TableSession, intent: Mapping[str, Any]) -> None:
    if s.undo_handler is None:
        raise _Refused(
            "Undo works when playing against bots: start a match with play().", guide=True
        )
    s.undo_handler()


_Handler = Callable[[TableSession, Mapping[str, Any]], None]

_HANDLERS: dict[str, _Handler] = {
    "click_card": TableSession._on_click_card,
    "select_all": TableSession._on_select_all,
    "clear": TableSession._on_clear,
    "clear_melds": TableSession._on_clear_melds,
    "sort": TableSession._on_sort,
    "move": TableSession._on_move,
    "click_stock": TableSession._on_click_stock,
    "click_discard": TableSession._on_click_discard,
    "click_meld": TableSession._on_click_meld,
    "press": TableSession._on_press,
    "cancel": TableSession._on_cancel,
    "next_deal": TableSession._on_next_deal,
    "option": TableSession._on_option,
}

_PRESSES: dict[ButtonKind, _Handler] = {
    ButtonKind.CUT: _press_cut,
    ButtonKind.ADD_MELD: _press_add_meld,
    ButtonKind.GO_DOWN: _press_go_down,
    ButtonKind.LAY_OFF: _press_lay_off,
    ButtonKind.SWAP: _press_swap,
    ButtonKind.DISCARD: _press_discard,
    ButtonKind.GIVE: _press_give,
    ButtonKind.HINT: _press_hint,
    ButtonKind.UNDO: _press_undo,
}
