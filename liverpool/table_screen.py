"""What one seat's screen keeps besides the game, and what a click on it means: decided once.

Two kinds of table are played by clicking the same ``table.js``: the notebook's and the play
site's (:class:`~liverpool.table_session.TableSession`: one player against bots, with undo,
hints, auto-pass and timers) and a seat of a room (``liverpool_rooms.tables.TableSession``:
every seat is asked at once and moves go through the room). Both hold the same screen — the
cards selected, the melds being built, the player's own order of the hand and how it is
sorted — and a click must mean the same on both: the same change of the screen, the same
move, the same refusal in the same words. Written twice, those drifted apart; so both
sessions are a :class:`SeatScreen`, whose :meth:`~SeatScreen.resolve` turns a click into a
change of the screen (``None``) or the :class:`~liverpool.Action` it means, and refuses a
click that does nothing by raising :class:`Refused` with the sentence to show.

What stays with each session is what differs between them: how a move is played (the
engine, or the room's ``act``), which version of the table a click answers, timers, and the
buttons only one of them has (Hint and Undo). The question before going down ("Go down with
these melds?") is the screen's: a student in a room is asked it as a learner at ``play()``.

Nothing here changes a game or draws anything, so every click is testable in plain CPython.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

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
from .cards import Card
from .errors import quoted
from .game import Game
from .state import Phase
from .table_model import (
    Button,
    ButtonKind,
    Controls,
    IntentKind,
    SortMode,
    going_down_melds,
    hand_positions,
    meld_click,
)

__all__ = ["STALE", "Refused", "SeatScreen", "pressed", "read_intent", "require"]

STALE = (
    "That click was made on an older picture of the table (it has changed since), so it was "
    "ignored. Look at the table again and click once more."
)

_ORDERS_KEPT = 64
"""How many of the hands a player held :class:`SeatScreen` remembers the order of (enough to
undo a whole deal's decisions one by one)."""

_ANY_VERSION = frozenset(
    {
        IntentKind.SORT,
        IntentKind.CLEAR,
        IntentKind.CLEAR_MELDS,
        IntentKind.OPTION,
        IntentKind.CANCEL,
        IntentKind.NEXT_DEAL,
    }
)
"""Intents that mean the same whatever the table looked like when they were made (Next deal
means the same on any picture of the panel). Undo is not one: a double click on Undo must take
back one action, not two."""

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

_E = TypeVar("_E", bound=enum.StrEnum)


class Refused(Exception):
    """A click that does nothing, with the sentence saying why (``guide``: the sentence says
    what to do on the screen, rather than which rule refuses)."""

    def __init__(self, text: str, *, guide: bool = False) -> None:
        super().__init__(text)
        self.guide = guide


def _member(kind: type[_E], value: object) -> _E | None:
    """``value`` as a member of ``kind``, or ``None`` when it names none (a page may send
    anything)."""
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    return None


def read_intent(intent: object) -> tuple[IntentKind, Mapping[str, Any]]:
    """A click's kind and fields, or :class:`Refused` when the table cannot read it."""
    if not isinstance(intent, Mapping):
        raise Refused(f"The table received a message it cannot read: {quoted(intent, 60)}")
    raw = intent.get("kind")
    kind = _member(IntentKind, raw)
    if kind is None:
        raise _unknown_click(raw)
    return kind, intent


def _unknown_click(kind: object) -> Refused:
    if kind is None:
        return Refused("That click did not say what it was, so the table cannot act on it.")
    return Refused(f"The table does not know the click {quoted(kind, 30)}.")


def pressed(intent: Mapping[str, Any]) -> ButtonKind:
    """The button a ``press`` names, or :class:`Refused` when the table has none of that name."""
    name = intent.get("button")
    button = _member(ButtonKind, name)
    if button is None:
        raise _no_button(name)
    return button


def _no_button(name: object) -> Refused:
    return Refused(f"The table has no button {name!r:.30}.")


def require(button: Button) -> None:
    """Refuse with ``button``'s own sentence when it is off (the model's ``why``: the engine's
    refusal, or guidance about the screen)."""
    if not button.enabled:
        raise Refused(button.why, guide=button.guide)


@dataclass(frozen=True, slots=True)
class _Click:
    """One click being resolved, and the seat as the click finds it: ``controls`` builds the
    seat's table model's controls (asked only by the presses that need a button's state:
    building a model is the dear part)."""

    intent: Mapping[str, Any]
    game: Game
    seat: int
    legal: Sequence[Action]
    controls: Callable[[], Controls]

    @property
    def hand(self) -> list[Card]:
        return self.game.hand(self.seat)


class SeatScreen:
    """What one seat's screen holds besides the game, and the meaning of a click on it.

    :attr:`selected` are hand indexes (the engine's order of ``game.hand(seat)``);
    :attr:`staged` the melds being built, as hand indexes each; :attr:`order` the player's own
    order of the hand, as card codes; :attr:`sort_mode` how the hand is shown. A session calls
    :meth:`follow` whenever the game changed, and :meth:`resolve` for each click.
    """

    def __init__(self) -> None:
        self.selected: list[int] = []
        self.staged: list[list[int]] = []
        self.order: list[str] = []
        self.hand_codes: tuple[str, ...] = ()
        """The hand (card codes) when the screen last followed the game."""
        self._sort_mode = SortMode.OWN
        self._orders_left: dict[tuple[str, ...], list[str]] = {}
        """The player's own order of each hand they have held, as it was when the hand
        changed: an undo puts a card back where it was, not at the end (:meth:`follow`)."""
        self.must_build_melds = False
        """Go down only with melds built with Add meld (the button's reason says so)."""
        self.confirming: list[list[Card]] | None = None
        """The melds Go down arranged, put to the player as "Go down with these melds?"
        until their next click, which answers it (:meth:`answer`)."""
        self._answered: list[list[Card]] | None = None

    @property
    def sort_mode(self) -> SortMode:
        """How the hand is shown (set with a :class:`SortMode` or its name)."""
        return self._sort_mode

    @sort_mode.setter
    def sort_mode(self, mode: SortMode | str) -> None:
        self._sort_mode = SortMode(mode)

    # -- following the game -----------------------------------------------------------------
    def answer(self) -> None:
        """A click came: it answers the question before going down, if one was put (a yes
        carries its melds to Go down; any other click takes the question away). Call it first
        for every click, those a session takes itself too."""
        self._answered, self.confirming = self.confirming, None

    def confirm_indexes(self, hand: Sequence[Card]) -> list[list[int]] | None:
        """The melds put to the player (:attr:`confirming`) as indexes of ``hand``, each card
        used once; ``None`` when none are, or the hand no longer holds them."""
        return hand_positions(hand, self.confirming) if self.confirming else None

    def follow(self, hand: Sequence[Card], *, clear: bool = False, back: bool = False) -> None:
        """Follow the seat's ``hand`` after the game changed: cards still held keep their
        places in the player's own order and new ones go last; the selection and the melds
        being built stay while the hand only grew (``clear`` puts them back anyway).

        ``back`` says the game was set back (Undo, a replay stepped back): a hand the player
        held before is then shown in the order they had it in, so a laid-off or discarded card
        returns to its place rather than to the end. Going forward never does this: drawing
        and discarding the same card should not undo a rearrangement made meanwhile. A
        question before going down is taken away: the game moved on."""
        self.confirming = None
        codes = tuple(c.code for c in hand)
        if codes != self.hand_codes:
            self._remember_order()
            earlier = self._orders_left.get(codes) if back else None
            if earlier is not None:
                self.order = list(earlier)
        keep = not clear and codes[: len(self.hand_codes)] == self.hand_codes
        left = Counter(codes)
        order: list[str] = []
        for code in [*self.order, *codes]:
            if left[code] > 0:
                order.append(code)
                left[code] -= 1
        self.order = order
        self.hand_codes = codes
        if keep:
            self.selected = [i for i in self.selected if i < len(codes)]
        else:
            self.selected, self.staged = [], []

    def forget_hand_order(self) -> None:
        """Start the player's own order afresh (a different match is about to be shown)."""
        self.order = []
        self.hand_codes = ()
        self._orders_left.clear()

    def _remember_order(self) -> None:
        if not self.hand_codes:
            return
        self._orders_left.pop(self.hand_codes, None)
        self._orders_left[self.hand_codes] = list(self.order)
        while len(self._orders_left) > _ORDERS_KEPT:
            del self._orders_left[next(iter(self._orders_left))]

    def hand_order(self, hand: Sequence[Card]) -> list[int]:
        """Indexes of ``hand`` in the order the screen shows them."""
        if self._sort_mode is SortMode.RANK:
            return sorted(range(len(hand)), key=lambda i: (hand[i].sort_key(), i))
        if self._sort_mode is SortMode.SUIT:
            return sorted(range(len(hand)), key=lambda i: (hand[i].suit_sort_key(), i))
        free = list(range(len(hand)))
        order: list[int] = []
        for code in self.order:
            i = next((i for i in free if hand[i].code == code), None)
            if i is not None:
                free.remove(i)
                order.append(i)
        return order + free

    def stale(self, intent: Mapping[str, Any], version: int) -> bool:
        """Whether a click made on an older table (its ``version`` is not ``version``) may now
        mean something else. A card click still names the same card while the hand is
        unchanged where it points; sorting, clearing and Hint mean the same on any table."""
        made_on, kind = intent.get("version"), _member(IntentKind, intent.get("kind"))
        if made_on is None or made_on == version or kind in _ANY_VERSION:
            return False
        if kind is IntentKind.PRESS and intent.get("button") == ButtonKind.HINT:
            return False
        index, code = intent.get("index"), intent.get("code")
        same_card = (
            isinstance(index, int)
            and isinstance(code, str)
            and 0 <= index < len(self.hand_codes)
            and self.hand_codes[index] == code
        )
        return not (kind is IntentKind.CLICK_CARD and same_card)

    # -- clicks -----------------------------------------------------------------------------
    def resolve(
        self,
        intent: Mapping[str, Any],
        game: Game,
        seat: int,
        legal: Sequence[Action],
        controls: Callable[[], Controls],
    ) -> Action | None:
        """What the click ``intent`` on seat ``seat``'s screen of ``game`` means: ``None`` when
        it changed only the screen, else the action to play (the engine may still refuse it,
        in its own words). :class:`Refused` when it does nothing. ``legal`` are the seat's
        legal actions now; ``controls`` builds its table model's controls."""
        kind, fields = read_intent(intent)
        handler = _HANDLERS.get(kind)
        if handler is None:  # a click this screen leaves to its session
            raise _unknown_click(str(kind))
        return handler(self, _Click(fields, game, seat, legal, controls))

    def selected_cards(self, hand: Sequence[Card]) -> list[Card]:
        """The selected cards of ``hand``."""
        return [hand[i] for i in self.selected if 0 <= i < len(hand)]

    def one_selected(self, hand: Sequence[Card], what: str) -> Card:
        """The one selected card, or guidance to select one ``what`` (``"to discard"``)."""
        cards = self.selected_cards(hand)
        if len(cards) != 1:
            first = "Select one card" if not cards else "Select only one card"
            raise Refused(f"{first} {what}{' first' if not cards else ''}.", guide=True)
        return cards[0]

    def melds_to_go_down(self, game: Game, seat: int) -> list[list[Card]]:
        """The melds Go down means now (:func:`~liverpool.table_model.going_down_melds`: the
        melds being built and the selection), or :class:`Refused` saying what to do."""
        hand = game.hand(seat)
        groups = [[hand[i] for i in group if 0 <= i < len(hand)] for group in self.staged]
        selected = self.selected_cards(hand)
        melds = going_down_melds(game, seat, groups, selected)
        if isinstance(melds, str):
            # with melds built, only "you have 1 of 2 melds ready: ..." is guidance
            short = len(groups) + bool(selected) < len(game.contract.requirements)
            raise Refused(melds, guide=short or (not groups and not selected))
        return melds

    def _index(self, c: _Click) -> int:
        index = c.intent.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            raise Refused("That click did not name a card of your hand.")
        if not 0 <= index < len(c.hand):
            raise Refused("That card is no longer in your hand.")
        return index

    # the hand
    def _on_click_card(self, c: _Click) -> None:
        index = self._index(c)
        if index in self.selected:
            self.selected = [i for i in self.selected if i != index]
        elif any(index in group for group in self.staged):
            raise Refused(
                "That card is already in a meld you are building (put it back to undo).",
                guide=True,
            )
        else:
            self.selected = [*self.selected, index]

    def _on_select_all(self, c: _Click) -> None:
        staged = {i for group in self.staged for i in group}
        self.selected = [i for i in self.hand_order(c.hand) if i not in staged]

    def _on_clear(self, c: _Click) -> None:
        self.selected = []

    def _on_clear_melds(self, c: _Click) -> None:
        self.staged = []

    def _on_sort(self, c: _Click) -> None:
        raw = c.intent.get("mode")
        mode = _member(SortMode, raw)
        if mode is None:
            raise Refused(f"The hand can be sorted by {', '.join(SortMode)}, not {raw!r:.20}.")
        if mode is SortMode.OWN and self._sort_mode is not SortMode.OWN:
            # what the player sees is the starting point of their own order
            hand = c.hand
            self.order = [hand[i].code for i in self.hand_order(hand)]
        self._sort_mode = mode

    def _on_move(self, c: _Click) -> None:
        index = self._index(c)
        hand = c.hand
        shown = self.hand_order(hand)
        to = c.intent.get("to")
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < len(shown):
            raise Refused("A card can be moved only to a place in your hand.")
        shown.remove(index)
        shown.insert(to, index)
        self.order = [hand[i].code for i in shown]
        self._sort_mode = SortMode.OWN

    # the table
    def _on_click_stock(self, c: _Click) -> Action:
        return DrawStock()

    def _on_click_discard(self, c: _Click) -> Action:
        """The discard pile: a discard while playing, else taking the top card."""
        if c.game.phase in (Phase.PLAY, Phase.LIVERPOOL_DISCARD):
            return Discard(self.one_selected(c.hand, "to discard"))
        return TakeDiscard()

    def _on_click_meld(self, c: _Click) -> Action:
        meld, position = c.intent.get("meld"), c.intent.get("position")
        if not isinstance(meld, int) or isinstance(meld, bool):
            raise Refused("That click did not name a meld on the table.")
        if not isinstance(position, int) or isinstance(position, bool):
            position = None
        cards = self.selected_cards(c.hand)
        if len(cards) != 1:
            raise Refused(
                "Select one card of your hand, then click the meld to lay it on (or the wild "
                "card it should replace).",
                guide=True,
            )
        g = c.game
        return meld_click(c.legal, cards[0], meld, position, g.table, g.rules)

    def _on_cancel(self, c: _Click) -> None:
        """ "Not yet": the question before going down is taken away (:meth:`answer` did)."""

    def _on_press(self, c: _Click) -> Action | None:
        button = pressed(c.intent)
        if button in _SIMPLE:
            return _SIMPLE[button]
        press = _PRESSES.get(button)
        if press is None:  # a button this screen leaves to its session
            raise _no_button(str(button))
        return press(self, c)


# -- the buttons that need more than one action (beside the class: it stays readable) ------


def _press_cut(s: SeatScreen, c: _Click) -> Action:
    aim = c.intent.get("aim")
    if isinstance(aim, str) and aim.strip().isdigit():
        aim = int(aim)
    if not isinstance(aim, int) or isinstance(aim, bool):
        raise Refused("Say how many cards to lift: a whole number.")
    return Cut(aim)


def _press_add_meld(s: SeatScreen, c: _Click) -> None:
    require(c.controls().button(ButtonKind.ADD_MELD))
    s.staged = [*s.staged, list(s.selected)]
    s.selected = []


def _press_go_down(s: SeatScreen, c: _Click) -> Action | None:
    """Go down with the melds built (and the selected cards as one more); with none built,
    the table arranges the melds and asks the player to confirm them first (the page sends
    the press again with ``confirm: true``, or ``cancel``)."""
    if s.must_build_melds:
        require(c.controls().button(ButtonKind.GO_DOWN))
    yes = c.intent.get("confirm") is True
    if yes and s._answered:
        return GoDown(s._answered)
    melds = s.melds_to_go_down(c.game, c.seat)
    if s.staged or yes:
        return GoDown(melds)
    s.confirming = melds  # show which melds, and ask
    return None


def _press_lay_off(s: SeatScreen, c: _Click) -> Action:
    """Lay off on the one meld the selected card fits (click a meld when it fits more)."""
    require(c.controls().button(ButtonKind.LAY_OFF))
    card = s.selected_cards(c.hand)[0]
    places = sorted({a.meld for a in c.legal if isinstance(a, LayOff) and a.card == card})
    if len(places) > 1:
        raise Refused(
            f"The {card} fits {len(places)} melds: click the one to lay it on.", guide=True
        )
    g = c.game
    return meld_click(c.legal, card, places[0], None, g.table, g.rules)


def _press_swap(s: SeatScreen, c: _Click) -> Action:
    button = c.controls().button(ButtonKind.SWAP)
    if not button.shown:
        # these rules have no swaps: the game says so
        return SwapWild(s.one_selected(c.hand, "to put in place of the wild"), 0, 0)
    require(button)
    card = s.selected_cards(c.hand)[0]
    swaps = [a for a in c.legal if isinstance(a, SwapWild) and a.card == card]
    if len(swaps) != 1:
        raise Refused("Click the wild card on the table that your card should replace.", guide=True)
    return swaps[0]


def _press_discard(s: SeatScreen, c: _Click) -> Action:
    return Discard(s.one_selected(c.hand, "to discard"))


def _press_give(s: SeatScreen, c: _Click) -> Action:
    return GiveCard(s.one_selected(c.hand, "to give"))


_Handler = Callable[[SeatScreen, _Click], Action | None]

_HANDLERS: dict[IntentKind, _Handler] = {
    IntentKind.CLICK_CARD: SeatScreen._on_click_card,
    IntentKind.SELECT_ALL: SeatScreen._on_select_all,
    IntentKind.CLEAR: SeatScreen._on_clear,
    IntentKind.CLEAR_MELDS: SeatScreen._on_clear_melds,
    IntentKind.SORT: SeatScreen._on_sort,
    IntentKind.MOVE: SeatScreen._on_move,
    IntentKind.CLICK_STOCK: SeatScreen._on_click_stock,
    IntentKind.CLICK_DISCARD: SeatScreen._on_click_discard,
    IntentKind.CLICK_MELD: SeatScreen._on_click_meld,
    IntentKind.PRESS: SeatScreen._on_press,
    IntentKind.CANCEL: SeatScreen._on_cancel,
}
"""The clicks every seat's screen means alike (``next_deal`` and ``option`` are a session's
own)."""

_PRESSES: dict[ButtonKind, _Handler] = {
    ButtonKind.CUT: _press_cut,
    ButtonKind.ADD_MELD: _press_add_meld,
    ButtonKind.GO_DOWN: _press_go_down,
    ButtonKind.LAY_OFF: _press_lay_off,
    ButtonKind.SWAP: _press_swap,
    ButtonKind.DISCARD: _press_discard,
    ButtonKind.GIVE: _press_give,
}
"""The buttons every seat's screen means alike, beside :data:`_SIMPLE` (Hint and Undo are a
session's own)."""
