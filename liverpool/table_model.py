"""One table model: everything a card table shows to one seat, decided once, here.

Three screens draw the card table: the notebook HTML of :mod:`liverpool.render`, the
``CardTable`` widget and the terminal of :mod:`liverpool.terminal`. Each used to phrase the
seats, notes and prompts for itself, and the widget decided which buttons were live and why
not. Now :func:`build_table` turns a :class:`~liverpool.PlayerView` (plus, when there is one,
the :class:`~liverpool.Game` to ask) and what the screen itself holds — the cards selected, the
melds being built, a hint, the log, a buy deadline, open hands — into one frozen
:class:`TableModel`, and every screen only draws it.

What a model promises:

* It holds no card the seat may not see: other hands appear only as counts, unless the caller
  passes ``open_hands`` (teaching). The deal-end summary shows the hands of a *finished* deal,
  as players lay them down for scoring.
* Every rule it states comes from the engine: a disabled button's ``why`` is the refusal of
  :meth:`Game.why_not <liverpool.Game.why_not>` (a buy's comes from
  :meth:`Game.why_not_buy`), and the lay-off and swap targets of the selected card are
  exactly the game's legal actions. The model adds only instructions about the screen itself
  ("Select the one card you want to discard.").
* :meth:`TableModel.to_dict` is plain JSON-ready data (typed by the ``...Dict`` TypedDicts
  below), in four parts that change at different times: ``view`` (the table), ``controls``
  (selection, targets, buttons, hint), ``log`` and ``scores``. A browser is sent only the parts
  that changed, so a click on a card sends the controls, not every card picture again.

The screens' clicks come back as intents (a card, a button, a meld); :func:`meld_click` and
:func:`going_down_melds` turn the two that need judging into actions, again by asking the
engine.

A screen's own options are part of the model too, so that every sentence stays here: the
end-of-deal panel (:class:`DealEnd`: how the deal ended, each hand left with its cards and
points, the score pad, the winners at the end) for a screen that pauses between deals; the
auto-pass switch (:class:`AutoPass`, :func:`auto_pass_due`); the question before going down
with melds the table arranged (:class:`Confirm`); a lesson's ``must_build_melds``; the one
"Waiting for …" line while another player decides (:attr:`Header.waiting`); and which
reasons are guidance about the screen rather than a rule's refusal (:attr:`Button.guide`).
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal, TypedDict

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
from .errors import IllegalAction, quoted
from .events import Event, EventKind, second_person, signed_points
from .melds import Meld, lay_off_ends
from .rules import Contract, GoingDown, MeldKind, Rules, RummyCall, WildSwap, hand_points
from .solver import find_going_down, find_whole_hand
from .state import Phase
from .view import PlayerView
from .words import counted, noun_for

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "AUTO_PASS_LABELS",
    "BUTTON_LABELS",
    "DECK_CHOICES",
    "DECK_OPTION",
    "NOTHING_TO_UNDO",
    "SORT_LABELS",
    "AutoPass",
    "Button",
    "ButtonDict",
    "ButtonKind",
    "CardDict",
    "CardFace",
    "Choice",
    "ChoiceDict",
    "Confirm",
    "ConfirmDict",
    "Controls",
    "ControlsDict",
    "DealEnd",
    "DealEndDict",
    "DealSummary",
    "DealSummaryDict",
    "HandCard",
    "HandCardDict",
    "Header",
    "HeaderDict",
    "Hint",
    "HintDict",
    "IntentKind",
    "LeftoverDict",
    "LeftoverHand",
    "LeftoverView",
    "LeftoverViewDict",
    "MeldDict",
    "MeldGroup",
    "MeldGroupDict",
    "MeldView",
    "Piles",
    "PilesDict",
    "Prompt",
    "PromptDict",
    "PromptKind",
    "ScorePad",
    "ScorePadDict",
    "ScoreRow",
    "ScoreRowDict",
    "Scores",
    "ScoresDict",
    "SeatDict",
    "SeatInfo",
    "SortMode",
    "TableDict",
    "TableModel",
    "TableView",
    "Target",
    "TargetDict",
    "Toggle",
    "ToggleDict",
    "ViewDict",
    "Zone",
    "addressed",
    "as_data",
    "auto_pass_due",
    "build_table",
    "button_for",
    "buy_question",
    "deal_summaries",
    "deck_choice",
    "going_down_melds",
    "hand_positions",
    "meld_click",
    "phrase",
    "points_cell",
    "read_deck_choice",
    "score_pad",
]


# -- the vocabularies ------------------------------------------------------------------------


class ButtonKind(enum.StrEnum):
    """Every button of a table, in the order of the action bar: the one name a front end
    sends back when one is pressed (``{"kind": "press", "button": "discard"}``)."""

    DRAW = "draw"
    TAKE = "take"
    BUY = "buy"
    PASS = "pass"
    CALL_RUMMY = "call_rummy"
    CALL_LIVERPOOL = "call_liverpool"
    CUT = "cut"
    ADD_MELD = "add_meld"
    GO_DOWN = "go_down"
    LAY_OFF = "lay_off"
    SWAP = "swap"
    DISCARD = "discard"
    GIVE = "give"
    GO_OUT = "go_out"
    HINT = "hint"
    UNDO = "undo"

    def __str__(self) -> str:
        return str(self.value)


BUTTON_LABELS: Mapping[ButtonKind, str] = {
    ButtonKind.DRAW: "Draw",
    ButtonKind.TAKE: "Take discard",
    ButtonKind.BUY: "Buy",
    ButtonKind.PASS: "Pass",
    ButtonKind.CALL_RUMMY: "Call rummy",
    ButtonKind.CALL_LIVERPOOL: "Call Liverpool",
    ButtonKind.CUT: "Cut",
    ButtonKind.ADD_MELD: "Add meld",
    ButtonKind.GO_DOWN: "Go down",
    ButtonKind.LAY_OFF: "Lay off",
    ButtonKind.SWAP: "Swap wild",
    ButtonKind.DISCARD: "Discard",
    ButtonKind.GIVE: "Give card",
    ButtonKind.GO_OUT: "Go out",
    ButtonKind.HINT: "Hint",
    ButtonKind.UNDO: "Undo",
}
"""The words on each button."""

_BUTTON_OF_ACTION: Mapping[type, ButtonKind] = {
    DrawStock: ButtonKind.DRAW,
    TakeDiscard: ButtonKind.TAKE,
    Buy: ButtonKind.BUY,
    Pass: ButtonKind.PASS,
    CallRummy: ButtonKind.CALL_RUMMY,
    CallLiverpool: ButtonKind.CALL_LIVERPOOL,
    Cut: ButtonKind.CUT,
    GoDown: ButtonKind.GO_DOWN,
    LayOff: ButtonKind.LAY_OFF,
    SwapWild: ButtonKind.SWAP,
    Discard: ButtonKind.DISCARD,
    GiveCard: ButtonKind.GIVE,
    GoOut: ButtonKind.GO_OUT,
}


def button_for(action: Action) -> ButtonKind:
    """The button that makes ``action`` (a hint lights it up)."""
    return _BUTTON_OF_ACTION[type(action)]


class IntentKind(enum.StrEnum):
    """Every click a table's page reports (an *intent*: ``{"kind": ..., ...}``, each with the
    ``version`` of the table it was made on): the one name the screens dispatch on."""

    CLICK_CARD = "click_card"
    """``index`` [``code``]: select the hand's card ``index``, or put it back if selected."""
    SELECT_ALL = "select_all"
    """Select every card not in a meld being built."""
    CLEAR = "clear"
    """Put the selected cards back."""
    CLEAR_MELDS = "clear_melds"
    """Put the melds being built back in the hand."""
    SORT = "sort"
    """``mode``: show the hand in a :class:`SortMode`."""
    MOVE = "move"
    """``index`` ``to``: put a card at display position ``to`` of the player's own order."""
    CLICK_STOCK = "click_stock"
    """Draw from the stock."""
    CLICK_DISCARD = "click_discard"
    """Take the discard, or discard the selected card while playing."""
    CLICK_MELD = "click_meld"
    """``meld`` [``position``]: lay the selected card off on that meld, or swap it for the wild
    clicked (:func:`meld_click` decides which, and which end of a run)."""
    PRESS = "press"
    """``button`` (a :class:`ButtonKind`; ``aim`` for ``cut``, ``confirm`` for ``go_down``)."""
    CANCEL = "cancel"
    """"Not yet": the question put to the player (:class:`Confirm`) is taken away."""
    NEXT_DEAL = "next_deal"
    """Put the end-of-deal panel away."""
    OPTION = "option"
    """``name`` ``value``: a switch on the table (a :class:`Toggle`)."""


class SortMode(enum.StrEnum):
    """How a seat's hand is shown: the one name its page sends back
    (``{"kind": "sort", "mode": "rank"}``)."""

    OWN = "own"
    """The player's own order: new cards go last, and any card can be moved."""
    RANK = "rank"
    SUIT = "suit"


SORT_LABELS: Mapping[SortMode, str] = {
    SortMode.OWN: "My order",
    SortMode.RANK: "By rank",
    SortMode.SUIT: "By suit",
}
"""The words on each sort button (:attr:`Controls.sorts` sends them to the page)."""


class Zone(enum.StrEnum):
    """Where a card lies on the table (a screen draws each zone at its own size)."""

    HAND = "hand"
    MELD = "meld"
    PILE = "pile"
    OPEN = "open"
    """Another player's hand, shown face up for teaching."""


class PromptKind(enum.StrEnum):
    """A question put to the seat, usually out of turn."""

    BUY = "buy"
    CALL = "call"
    GIVE = "give"
    LIVERPOOL_DISCARD = "liverpool_discard"
    CUT = "cut"


class AutoPass(enum.StrEnum):
    """Which buy offers a table passes for its seat (an ordinary :class:`~liverpool.Pass`,
    played by the table, never by the page)."""

    OFF = "off"
    """Every offer is put to the player."""
    WHEN_DOWN = "when_down"
    """Offers are passed once the player has gone down (rules that let a down player buy
    still offer them, but the bought card and the penalty cards only add to the hand)."""
    ALWAYS = "always"
    """Every offer is passed."""


AUTO_PASS_LABELS: Mapping[AutoPass, str] = {
    AutoPass.OFF: "Off",
    AutoPass.WHEN_DOWN: "Once I am down",
    AutoPass.ALWAYS: "Always",
}
"""The words of each auto-pass setting on the table's switch."""

_AUTO_PASS_HELP = (
    "Auto-pass buys: the table says Pass for you when a discard is offered to buy. "
    "Once you are down, a bought card and its penalty cards only add to your hand."
)


def auto_pass_due(view: PlayerView, mode: AutoPass | str) -> bool:
    """Whether the buy offer put to ``view.seat`` now is one its table passes for it under
    ``mode`` (:class:`AutoPass`)."""
    mode = AutoPass(mode)
    offered = view.phase is Phase.BUY and view.to_act == view.seat and view.offer is not None
    if not offered or mode is AutoPass.OFF:
        return False
    return mode is AutoPass.ALWAYS or view.down[view.seat]


class _Guide(str):
    """A sentence about the screen itself ("Select one card, then ..."), not a rule's refusal:
    a screen shows it as guidance, not as an error (:attr:`Button.guide`)."""

    __slots__ = ()


# -- the model -------------------------------------------------------------------------------
#
# Field names are the keys of the plain data (``to_dict``), which the browser reads as is.


@dataclass(frozen=True, slots=True)
class CardFace:
    """One face-up card as the table shows it: wild or not, and in a meld what it stands for."""

    card: Card
    zone: Zone
    wild: bool = False
    stands_for: str | None = None

    @property
    def label(self) -> str:
        """The card's accessible name (``'wild joker standing for the seven of hearts'``)."""
        from .render import card_label  # drawing words live with the drawing

        return card_label(self.card, wild=self.wild, stands_for=self.stands_for)

    def key(self, four_color: bool = False) -> str:
        """A short name of this face's picture, for a page that is sent each picture once
        (the play site, a room): the card, its zone's size, what it stands for, the deck."""
        four = "/4" if four_color else ""
        return f"{self.card.code}/{self.zone}/{self.stands_for or ''}{four}"


@dataclass(frozen=True, slots=True)
class HandCard:
    """A card of the seat's own hand: ``index`` in the engine's hand, ``pos`` as shown."""

    face: CardFace
    index: int
    pos: int


@dataclass(frozen=True, slots=True)
class Header:
    """The line over the table: the deal, its contract, the dealer, who decides what."""

    rules: str
    deal: int
    deals: int
    contract: str
    contract_text: str
    dealer: str
    phase: Phase
    to_act: int | None
    to_act_name: str | None
    my_turn: bool
    deciding: str
    over: bool
    waiting: str = ""
    """While another player decides, the one line a screen shows instead of each button's
    refusal (``'Waiting for Cleo, who must draw …'``); empty when this seat decides."""
    buys: str = ""
    """``'no buy limit'`` when the rules set none (said once, not on every seat); empty when
    each seat's facts say how many buys it has left."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One player's place: what everyone may know of it."""

    seat: int
    name: str
    title: str
    """The name as the seat's own table heads it (``'Ada (you)'``; ``'You'`` stays ``'You'``)."""
    you: bool
    hand_size: int
    facts: str
    """``'10 cards · 2 buys left · score 0'`` (coins too, where the rules have them; no buys
    part when the rules set no limit: the header's :attr:`Header.buys` says so once)."""
    down: bool
    progress: str
    """``'down ✓'`` or what the contract still asks (``'needs 2 sets'``; ``'need 2 sets'``
    for the seat titled ``'You'``)."""
    buys_left: int | None
    buys: str
    coins: int | None
    score: int
    dealer: bool
    to_act: bool
    winner: bool
    hand: tuple[CardFace, ...] | None = None
    """The hand face up, only when the caller opened it (teaching)."""
    picked_up: tuple[CardFace, ...] = ()
    """The discards this player took or bought this deal and still holds
    (:attr:`~liverpool.PlayerView.picked_up`): everyone saw them go into the hand, so every
    screen may show them, and a player who remembers them knows what the others collect."""
    picked_words: str = "picked up"
    """How every screen heads :attr:`picked_up`: under your own hand, ``'the others saw you
    pick up'`` (what the others know you hold)."""


@dataclass(frozen=True, slots=True)
class MeldView:
    """A meld on the table: its number (``index``, what lay-offs name) and its cards."""

    index: int
    kind: str
    describe: str
    short: str
    cards: tuple[CardFace, ...]


@dataclass(frozen=True, slots=True)
class MeldGroup:
    """The melds one player laid (``owner`` ``None``: loose melds nobody owns)."""

    owner: int | None
    name: str
    title: str
    """The group's heading (the owner's seat title, or ``'Loose melds'``)."""
    down: bool
    progress: str
    buys: str
    melds: tuple[MeldView, ...]


@dataclass(frozen=True, slots=True)
class Piles:
    """The stock (its count) and the discard pile (its size and top card)."""

    stock: int
    discards: int
    top: CardFace | None
    discarder: str | None
    """Who made the top discard (``None`` for the upcard)."""
    price: int | None
    """Extra cards a buy costs, while the top card is offered to buy."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """A question for the seat: buy, call, give a card, discard after Liverpool, cut."""

    kind: PromptKind
    text: str
    buttons: tuple[ButtonKind, ...]
    """The buttons the question offers, first the main one (a card to give or discard is
    selected in the hand, then the action bar's button pressed)."""
    card: CardFace | None = None
    price: int = 0
    seconds: float | None = None
    """How long a buy offer waits (``rules.buy_timer_seconds``)."""
    deadline: float | None = None
    """When the offer lapses (seconds since the epoch): the table, not the page, then plays
    :meth:`Game.idle_action <liverpool.Game.idle_action>`. A page may count down to it."""
    aim: int | None = None
    least: int | None = None
    most: int | None = None


@dataclass(frozen=True, slots=True)
class TableView:
    """The table itself: what changes only when the game (or the hand's order) does."""

    seat: int
    version: int
    """The screen's version of the table (clicks carry it back; stale ones are ignored)."""
    header: Header
    seats: tuple[SeatInfo, ...]
    """This seat first, then the others in turn order."""
    piles: Piles
    melds: tuple[MeldGroup, ...]
    hand: tuple[HandCard, ...]
    """The seat's hand in the order the screen shows it."""
    prompt: Prompt | None
    notes: tuple[str, ...]
    open_hands: bool


@dataclass(frozen=True, slots=True)
class Target:
    """Where the selected card may go: ``lay_off`` on meld ``meld`` (at ``end`` of a run), or
    ``swap`` for the wild at ``position`` of meld ``meld``."""

    kind: Literal[ButtonKind.LAY_OFF, ButtonKind.SWAP]
    meld: int
    end: Literal["low", "high"] | None = None
    position: int | None = None


@dataclass(frozen=True, slots=True)
class Button:
    """One button: ``why`` is the full sentence saying why it is off (empty when on)."""

    kind: ButtonKind
    label: str
    enabled: bool
    why: str = ""
    """Why the button is off, in full ("" when it is on, and for a hidden button)."""
    shown: bool = True
    note: str = ""
    hinted: bool = False
    guide: bool = False
    """``why`` is guidance about the screen ("Select one card, then ..."), not a refusal."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One setting of a :class:`Toggle`."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Toggle:
    """A table option the player switches on the table itself (auto-pass buys): the page
    sends ``{"kind": "option", "name": name, "value": ...}``."""

    name: str
    label: str
    value: str
    choices: tuple[Choice, ...]
    help: str


@dataclass(frozen=True, slots=True)
class Confirm:
    """A press that waits for a yes: ``Go down`` with melds the table arranged, pictured as
    hand indexes (the page sends the press again with ``confirm: true``, or ``cancel``)."""

    button: ButtonKind
    text: str
    melds: tuple[tuple[int, ...], ...]
    describe: tuple[str, ...]
    yes: str
    no: str


@dataclass(frozen=True, slots=True)
class Hint:
    """The coach's move: its reason, the action, and the hand indexes and meld it uses."""

    text: str
    action: str = ""
    button: ButtonKind | None = None
    cards: tuple[int, ...] = ()
    meld: int | None = None
    label: str = "Hint"
    """The word before the sentence ("Hint: Go down now"): a lesson's coach says "Coach"."""

    @classmethod
    def of(cls, action: Action, reason: str, hand: Sequence[Card]) -> Hint:
        """The hint for the coach's ``action`` (with ``reason``), for a seat holding ``hand``."""
        cards: list[Card] = []
        meld: int | None = None
        if isinstance(action, Discard | GiveCard | LayOff | SwapWild):
            cards = [action.card]
        if isinstance(action, GoDown):
            cards = [c for m in action.melds for c in m]
        if isinstance(action, LayOff | SwapWild):
            meld = action.meld
        found = hand_positions(hand, [cards])
        places = tuple(found[0]) if found else ()
        return cls(reason, str(action), button_for(action), places, meld)


_SORTS = tuple(Choice(str(mode), SORT_LABELS[mode]) for mode in SortMode)


@dataclass(frozen=True, slots=True)
class Controls:
    """What the seat is doing: the selection, where it may go, the buttons, the hint."""

    version: int
    selected: tuple[int, ...]
    """Hand indexes (the engine's order)."""
    staged: tuple[tuple[int, ...], ...]
    """The melds being built to go down with, as hand indexes."""
    targets: tuple[Target, ...]
    buttons: tuple[Button, ...]
    """Empty when the model was made from a bare view (there is no game to ask)."""
    hint: Hint | None
    toggles: tuple[Toggle, ...] = ()
    confirm: Confirm | None = None
    sorts: tuple[Choice, ...] = _SORTS
    """The ways the hand can be shown (each a :class:`SortMode` and its words)."""

    def button(self, kind: ButtonKind | str) -> Button:
        """The button ``kind`` (``KeyError`` if this table has none)."""
        for button in self.buttons:
            if button.kind == kind:
                return button
        raise KeyError(kind)


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One finished deal on the score pad."""

    deal: int
    contract: str
    points: tuple[int, ...]
    cells: tuple[str, ...]
    """Each seat's points as the pad writes them: ``+12``, ``0``, ``−50``."""


@dataclass(frozen=True, slots=True)
class ScorePad:
    """The score pad: a row per finished deal and the totals (lower is better)."""

    names: tuple[str, ...]
    rows: tuple[ScoreRow, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LeftoverHand:
    """What one seat held when a deal ended, and what it scored.

    ``score`` is ``hand_points`` plus ``adjustment`` (an exact cut's bonus, a failed going
    down's penalty); the player who went out holds nothing.
    """

    seat: int
    name: str
    cards: tuple[Card, ...]
    card_points: tuple[int, ...]
    hand_points: int
    adjustment: int
    score: int
    total: int
    """The running total after this deal."""


@dataclass(frozen=True, slots=True)
class DealSummary:
    """The end of one deal: who went out, every hand left, the deal's scores and the totals."""

    deal: int
    contract: str
    went_out: int | None
    hands: tuple[LeftoverHand, ...]
    how: str = ""
    """How the deal ended, in the engine's third person (``'Ada went out by discarding the
    J♥.'``, or why it was dead)."""
    last_cards: tuple[Card, ...] = ()
    """The cards the last move played from the hand that went out."""
    table: tuple[Meld, ...] = field(default=(), metadata={"as_data": False})
    """The melds on the table just before the deal's last move (the next deal clears them).
    Not sent as data: the panel pictures them (:attr:`DealEnd.melds`)."""
    laid_last: bool = False
    """Whether that last move laid cards on the table (going out by going down or laying
    off): :attr:`how` says so and :attr:`last_cards` holds them; :attr:`table` is without."""

    @property
    def scores(self) -> tuple[int, ...]:
        """The deal's points, seat by seat (as on the score pad)."""
        return tuple(h.score for h in self.hands)


@dataclass(frozen=True, slots=True)
class LeftoverView:
    """One seat's line of the end-of-deal panel: the cards it was left with, pictured, and
    what they cost."""

    seat: int
    name: str
    went_out: bool
    cards: tuple[CardFace, ...]
    card_points: tuple[int, ...]
    hand_points: int
    adjustment: str
    """An exact cut's bonus or a penalty, in words (``'−50 bonus'``); empty when none."""
    score: str
    """The deal's points as the pad writes them (``'+28'``, ``'0'``)."""
    total: int
    text: str
    """The line in words (``'Ada: 3 cards left, 28 points'``), for screen readers and text."""


@dataclass(frozen=True, slots=True)
class DealEnd:
    """The end-of-deal panel: a table that pauses at a deal's end shows it until the player
    presses its button (``{"kind": "next_deal"}``)."""

    deal: int
    title: str
    how: str
    went_out_with: tuple[CardFace, ...]
    hands: tuple[LeftoverView, ...]
    pad: ScorePad
    over: bool
    banner: str
    standings: tuple[str, ...]
    """At the match's end, each seat's place, best first (``'1. Dev: 87 points'``)."""
    next: str
    """What comes next (``'Next: deal 2 of 7, 1 set + 1 run.'``); empty at the match's end."""
    button: str
    melds: tuple[MeldGroup, ...] = ()
    """The deal's melds, by owner, as they lay before its last move: the panel's "went out by
    discarding the 8♦" can be checked against what was laid down (the view is the next deal's
    by then, its table empty)."""
    melds_title: str = ""
    """The heading of :attr:`melds`: ``'The melds at the deal's end'``, or, when the last move
    laid cards itself, ``'The melds before the last move'``."""


@dataclass(frozen=True, slots=True)
class Scores:
    """The score pad, the last deal's summary (once a deal is over) and the match's winners."""

    pad: ScorePad
    deal_end: DealSummary | None
    winners: tuple[str, ...]
    banner: str
    """``'★ Ada wins the match!'`` once the match is over, else empty."""
    panel: DealEnd | None = None
    """The end-of-deal panel, while the table pauses at the end of a deal."""


@dataclass(frozen=True, slots=True)
class TableModel:
    """Everything one seat's table shows, in four parts that change at different times."""

    view: TableView
    controls: Controls
    log: tuple[str, ...]
    """What happened, each line phrased for this seat."""
    scores: Scores

    def to_dict(self, picture: Callable[[CardFace], str] | None = None) -> TableDict:
        """The model as plain JSON-ready data; ``picture(face)`` draws each card (its SVG,
        say) into the card's ``svg`` field (empty without it)."""
        data: TableDict = as_data(self, picture)
        return data


# -- plain data ------------------------------------------------------------------------------


def as_data(value: Any, picture: Callable[[CardFace], str] | None = None) -> Any:
    """Any part of a model as plain JSON-ready data (``as_data(model.controls)`` is the
    ``controls`` of :meth:`TableModel.to_dict`): a screen that sends the parts separately
    converts only the parts that changed."""
    return _plain(value, picture or _no_picture)


def _no_picture(face: CardFace) -> str:
    del face
    return ""


def _plain(value: Any, picture: Callable[[CardFace], str]) -> Any:
    """``value`` as JSON-ready data: dataclasses as dicts of their fields, tuples as lists,
    enums as their text, a card as its code, a card face with its words and picture. (Types
    are told apart by ``type``, not a chain of ``isinstance``: a model holds thousands of
    values and a click converts its controls.)"""
    kind = type(value)
    if kind in _SCALARS:
        return value
    scalars = _SCALARS
    if kind is tuple or kind is list:
        # Scalars are kept without a call each: most of a model's values are.
        return [v if type(v) in scalars else _plain(v, picture) for v in value]
    if kind is CardFace:
        return _face(value, picture)
    if kind is HandCard:
        face = _face(value.face, picture)
        face["index"], face["pos"] = value.index, value.pos
        return face
    if kind is Card:
        return value.code
    if isinstance(value, enum.Enum):
        return str(value.value)
    out: dict[str, Any] = {}
    for name in _FIELDS.get(kind) or _field_names(kind):
        v = getattr(value, name)
        out[name] = v if type(v) in scalars else _plain(v, picture)
    return out


_SCALARS = frozenset({str, int, float, bool, type(None)})

_FACES: dict[CardFace, tuple[str, str, str]] = {}
"""The words of each card face met so far (a deck has a few hundred faces; a model, dozens)."""


def _face(face: CardFace, picture: Callable[[CardFace], str]) -> dict[str, Any]:
    words = _FACES.get(face)
    if words is None:
        if len(_FACES) >= 20_000:  # pragma: no cover - only many decks of many rules
            _FACES.clear()
        words = _FACES[face] = (face.card.code, str(face.card), face.label)
    return {
        "code": words[0],
        "text": words[1],
        "label": words[2],
        "wild": face.wild,
        "stands_for": face.stands_for,
        "svg": picture(face),
    }


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names (looked up once per class), but those marked
    ``metadata={"as_data": False}``: values the model keeps for its own use."""
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(
            f.name for f in fields(kind) if f.metadata.get("as_data", True)
        )
    return names


class CardDict(TypedDict):
    code: str
    text: str
    label: str
    wild: bool
    stands_for: str | None
    svg: str


class HandCardDict(CardDict):
    index: int
    pos: int


class HeaderDict(TypedDict):
    rules: str
    deal: int
    deals: int
    contract: str
    contract_text: str
    dealer: str
    phase: str
    to_act: int | None
    to_act_name: str | None
    my_turn: bool
    deciding: str
    over: bool
    waiting: str
    buys: str


class SeatDict(TypedDict):
    seat: int
    name: str
    title: str
    you: bool
    hand_size: int
    facts: str
    down: bool
    progress: str
    buys_left: int | None
    buys: str
    coins: int | None
    score: int
    dealer: bool
    to_act: bool
    winner: bool
    hand: list[CardDict] | None
    picked_up: list[CardDict]
    picked_words: str


class MeldDict(TypedDict):
    index: int
    kind: str
    describe: str
    short: str
    cards: list[CardDict]


class MeldGroupDict(TypedDict):
    owner: int | None
    name: str
    title: str
    down: bool
    progress: str
    buys: str
    melds: list[MeldDict]


class PilesDict(TypedDict):
    stock: int
    discards: int
    top: CardDict | None
    discarder: str | None
    price: int | None


class PromptDict(TypedDict):
    kind: str
    text: str
    buttons: list[str]
    card: CardDict | None
    price: int
    seconds: float | None
    deadline: float | None
    aim: int | None
    least: int | None
    most: int | None


class ViewDict(TypedDict):
    """The ``view`` trait of the table widget: :class:`TableView` as data."""

    seat: int
    version: int
    header: HeaderDict
    seats: list[SeatDict]
    piles: PilesDict
    melds: list[MeldGroupDict]
    hand: list[HandCardDict]
    prompt: PromptDict | None
    notes: list[str]
    open_hands: bool


class TargetDict(TypedDict):
    kind: str
    meld: int
    end: str | None
    position: int | None


class ButtonDict(TypedDict):
    kind: str
    label: str
    enabled: bool
    why: str
    shown: bool
    note: str
    hinted: bool
    guide: bool


class ChoiceDict(TypedDict):
    value: str
    label: str


class ToggleDict(TypedDict):
    name: str
    label: str
    value: str
    choices: list[ChoiceDict]
    help: str


class ConfirmDict(TypedDict):
    button: str
    text: str
    melds: list[list[int]]
    describe: list[str]
    yes: str
    no: str


class HintDict(TypedDict):
    text: str
    action: str
    button: str | None
    cards: list[int]
    meld: int | None
    label: str


class ControlsDict(TypedDict):
    """The ``controls`` trait of the table widget: :class:`Controls` as data."""

    version: int
    selected: list[int]
    staged: list[list[int]]
    targets: list[TargetDict]
    buttons: list[ButtonDict]
    hint: HintDict | None
    toggles: list[ToggleDict]
    confirm: ConfirmDict | None
    sorts: list[ChoiceDict]


class ScoreRowDict(TypedDict):
    deal: int
    contract: str
    points: list[int]
    cells: list[str]


class ScorePadDict(TypedDict):
    names: list[str]
    rows: list[ScoreRowDict]
    totals: list[int]


class LeftoverDict(TypedDict):
    seat: int
    name: str
    cards: list[str]
    card_points: list[int]
    hand_points: int
    adjustment: int
    score: int
    total: int


class DealSummaryDict(TypedDict):
    deal: int
    contract: str
    went_out: int | None
    hands: list[LeftoverDict]
    how: str
    last_cards: list[str]
    laid_last: bool


class LeftoverViewDict(TypedDict):
    seat: int
    name: str
    went_out: bool
    cards: list[CardDict]
    card_points: list[int]
    hand_points: int
    adjustment: str
    score: str
    total: int
    text: str


class DealEndDict(TypedDict):
    deal: int
    title: str
    how: str
    went_out_with: list[CardDict]
    hands: list[LeftoverViewDict]
    pad: ScorePadDict
    over: bool
    banner: str
    standings: list[str]
    next: str
    button: str
    melds: list[MeldGroupDict]
    melds_title: str


class ScoresDict(TypedDict):
    """The ``scores`` trait of the table widget: :class:`Scores` as data."""

    pad: ScorePadDict
    deal_end: DealSummaryDict | None
    winners: list[str]
    banner: str
    panel: DealEndDict | None


class TableDict(TypedDict):
    view: ViewDict
    controls: ControlsDict
    log: list[str]
    scores: ScoresDict


# -- words -----------------------------------------------------------------------------------


def phrase(event: Event, seat: int, names: Sequence[str], *, to_seat: bool = False) -> str:
    """The line ``seat`` reads for ``event``: their own secrets included, and addressed to
    them (:func:`addressed`)."""
    return addressed(event.text_for(seat), names[seat], to_seat)


@functools.lru_cache(maxsize=256)
def _short(contract: Contract) -> str:
    """``contract.short()``, worded once per contract (every seat's line says it)."""
    return contract.short()


@functools.lru_cache(maxsize=4096)
def addressed(text: str, name: str, to_seat: bool = False) -> str:
    """An engine line as the player called ``name`` reads it. At a table a person plays at
    (``to_seat``), in the second person whatever their name: "You deal", "your run", "Ben gave
    you a card", "You drew the 7♠". In a picture for watching, by name ("Ada drew the 7♠"),
    except for a player called "You" (the default name), who reads "You deal", not "You
    deals". (Lines are remembered: a table redrawn for every click re-reads the same log.)"""
    return second_person(text, name) if to_seat or name == "You" else text


def points_cell(value: int) -> str:
    """A score-pad cell: leftovers as ``+N``, a bonus as ``−N``, going out as ``0``."""
    return signed_points(value) if value else "0"


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def _count_words(n: int, word: str) -> str:
    amount = _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)
    return f"{amount} {noun_for(n, word)}"


def _buys_text(left: int | None) -> str:
    if left is None:
        return "no buy limit"
    return f"{counted(left, 'buy')} left"


def buy_question(card: Card, price: int, buys_left: int | None) -> str:
    """The buy offer as a question that says what a buy costs, in the words every screen
    uses (the table's prompt, the terminal): ``'Buy the 7♦? You also take a penalty card
    from the stock (2 cards in all). You have 2 buys left.'``"""
    if price:
        extra = "a penalty card" if price == 1 else f"{price} penalty cards"
        cost = f"You also take {extra} from the stock ({price + 1} cards in all)."
    else:
        cost = "It costs no penalty card."
    limit = "" if buys_left is None else f" You have {_buys_text(buys_left)}."
    return f"Buy the {card}? {cost}{limit}"


def hand_positions(
    hand: Sequence[Card], groups: Sequence[Sequence[Card]]
) -> list[list[int]] | None:
    """The positions in ``hand`` of each group of cards (a meld, the cards a hint points at),
    each position used once across all the groups, as a card twice in a hand is two cards;
    ``None`` when the hand does not hold them all (it changed since the groups were chosen)."""
    used: set[int] = set()
    out: list[list[int]] = []
    for group in groups:
        found: list[int] = []
        for card in group:
            i = next((i for i, held in enumerate(hand) if held == card and i not in used), None)
            if i is None:
                return None
            used.add(i)
            found.append(i)
        out.append(found)
    return out


# -- building the model ----------------------------------------------------------------------


def build_table(
    view: PlayerView,
    game: Game | None = None,
    *,
    legal: Sequence[Action] | None = None,
    selected: Sequence[int] = (),
    staged: Sequence[Sequence[int]] = (),
    hand_order: Sequence[int] | None = None,
    hint: Hint | None = None,
    events: Sequence[Event] = (),
    buy_deadline: float | None = None,
    open_hands: Mapping[int, Sequence[Card]] | None = None,
    interactive: bool = True,
    undo: bool | None = None,
    deal_end: DealSummary | None = None,
    version: int = 0,
    refusals: MutableMapping[Action, str] | None = None,
    deal_end_panel: bool = False,
    auto_pass: AutoPass | str | None = None,
    must_build_melds: bool = False,
    confirm: Sequence[Sequence[int]] | None = None,
    four_color: bool | None = None,
    to_seat: bool = False,
) -> TableModel:
    """The table ``view.seat`` sees.

    ``game`` (the game the view was taken from) is asked for the buttons: without it the model
    has none and no targets (a bare view cannot say why a move is refused). ``legal`` is
    ``game.legal_actions()`` when the seat is to act (computed when not given). ``selected``
    and ``staged`` are hand indexes (the engine's order); ``hand_order`` the indexes in the
    order the screen shows them. ``events`` are phrased for the seat into the log.
    ``buy_deadline`` is when a buy offer to this seat lapses. ``undo``: ``None`` for no Undo
    button, else whether there is a move to undo (off, it says :data:`NOTHING_TO_UNDO`).
    ``refusals`` keeps the game's answers (``why_not``) between models of the same moment:
    a screen that redraws for each click on a card passes the same dict until the game
    changes, and each refusal is asked once.

    Options of the screen: ``deal_end_panel`` shows the end-of-deal panel of ``deal_end`` (a
    screen that pauses at each deal's end); ``auto_pass`` (an :class:`AutoPass`) puts the
    auto-pass switch on the table, at that setting (``None``: no switch);
    ``must_build_melds`` keeps Go down off until the player has built melds with Add meld (a
    lesson's choice); ``confirm`` (melds as hand indexes) asks the player to confirm going
    down with the melds the table arranged; ``four_color`` puts the deck switch on the table
    (two colours or four, :data:`DECK_CHOICES`), at that setting (``None``: no switch).
    ``to_seat`` speaks to the seat's player as "you" whatever their name (a table a person
    plays at); without it, the lines name them, as a picture for watching should, unless they
    are called "You" (:func:`addressed`).
    """
    return _Builder(
        view,
        game,
        legal,
        selected=selected,
        staged=staged,
        interactive=interactive,
        refusals=refusals,
        must_build_melds=must_build_melds,
        to_seat=to_seat,
    ).build(
        hand_order=hand_order,
        hint=hint,
        events=events,
        buy_deadline=buy_deadline,
        open_hands=open_hands,
        undo=undo,
        deal_end=deal_end,
        version=version,
        deal_end_panel=deal_end_panel,
        auto_pass=None if auto_pass is None else AutoPass(auto_pass),
        confirm=confirm,
        four_color=four_color,
    )


class _Builder:
    """One model's worth of questions to the view and the game (each refusal asked once)."""

    def __init__(
        self,
        view: PlayerView,
        game: Game | None,
        legal: Sequence[Action] | None,
        *,
        selected: Sequence[int],
        staged: Sequence[Sequence[int]],
        interactive: bool,
        refusals: MutableMapping[Action, str] | None,
        must_build_melds: bool = False,
        to_seat: bool = False,
    ) -> None:
        self.v = view
        self.to_seat = to_seat
        self.must_build = must_build_melds
        self.game = game
        self.seat = view.seat
        self.name = view.names[view.seat]
        mine = view.to_act == view.seat
        if legal is None:
            legal = game.legal_actions() if game is not None and mine else []
        self.legal = list(legal) if mine else []
        hand = view.hand
        self.selected = tuple(i for i in selected if 0 <= i < len(hand))
        self.staged = tuple(tuple(i for i in g if 0 <= i < len(hand)) for g in staged)
        self.sel = [hand[i] for i in self.selected]
        self.interactive = interactive
        self._why: MutableMapping[Action, str] = {} if refusals is None else refusals

    # -- parts that need no game ---------------------------------------------------------------
    def build(
        self,
        *,
        hand_order: Sequence[int] | None,
        hint: Hint | None,
        events: Sequence[Event],
        buy_deadline: float | None,
        open_hands: Mapping[int, Sequence[Card]] | None,
        undo: bool | None,
        deal_end: DealSummary | None,
        version: int,
        deal_end_panel: bool = False,
        auto_pass: AutoPass | None = None,
        confirm: Sequence[Sequence[int]] | None = None,
        four_color: bool | None = None,
    ) -> TableModel:
        v = self.v
        n = v.players
        order = [(self.seat + k) % n for k in range(n)]
        opened = {s: cards for s, cards in (open_hands or {}).items() if s != self.seat}
        pad = score_pad(v)
        winners = tuple(v.names[i] for i in v.winners) if v.is_over else ()
        panel = None
        if deal_end_panel and deal_end is not None:
            panel = _deal_end(self, deal_end, pad, winners, order)
        return TableModel(
            view=TableView(
                seat=self.seat,
                version=version,
                header=self.header(),
                seats=tuple(self.seat_info(s, opened.get(s)) for s in order),
                piles=self.piles(),
                melds=self.melds(order),
                hand=self.hand(hand_order),
                prompt=self.prompt(buy_deadline),
                notes=self.notes(),
                open_hands=bool(opened),
            ),
            controls=Controls(
                version=version,
                selected=self.selected,
                staged=self.staged,
                targets=self.targets() if self.game is not None else (),
                buttons=self.buttons(undo, hint) if self.game is not None else (),
                hint=hint,
                toggles=_toggles(self, auto_pass, four_color),
                confirm=_confirm(self, confirm),
            ),
            log=tuple(phrase(e, self.seat, v.names, to_seat=self.to_seat) for e in events),
            scores=Scores(pad, deal_end, winners, _banner(winners), panel),
        )

    def words(self, text: str) -> str:
        return addressed(text, self.name, self.to_seat)

    def face(self, card: Card, zone: Zone, stands_for: str | None = None) -> CardFace:
        rules = self.v.rules
        return CardFace(card, zone, card.is_joker or rules.is_wild(card), stands_for)

    def progress(self, seat: int) -> str:
        if self.v.down[seat]:
            return "down ✓"
        # the badge follows the seat's title: "Ben needs 2 sets", "You need 2 sets"
        verb = "need" if self.title(seat).lower() == "you" else "needs"
        return f"{verb} {_short(self.v.contract)}"

    def header(self) -> Header:
        v = self.v
        rules = v.rules
        deciding = self.words(v.deciding)
        waiting = ""
        if v.is_over:
            won = " and ".join(v.names[i] for i in v.winners)
            deciding = f"The match is over: {won} won." if won else deciding
        elif v.to_act is not None and v.to_act != self.seat:
            waiting = _waiting_for(v.names[v.to_act], deciding)
        return Header(
            rules=rules.name,
            deal=min(v.deal, rules.deals),
            deals=rules.deals,
            contract=_short(v.contract),
            contract_text=v.contract.describe(),
            dealer=v.names[v.dealer],
            phase=v.phase,
            to_act=v.to_act,
            to_act_name=None if v.to_act is None else v.names[v.to_act],
            my_turn=v.to_act == self.seat,
            deciding=deciding,
            over=v.is_over,
            waiting=waiting,
            buys=_buys_text(None) if rules.buying and all(b is None for b in v.buys_left) else "",
        )

    def title(self, seat: int) -> str:
        name = self.v.names[seat]
        return name if seat != self.seat or name.lower() == "you" else f"{name} (you)"

    def seat_info(self, seat: int, shown: Sequence[Card] | None) -> SeatInfo:
        v = self.v
        size = v.hand_sizes[seat]
        facts = [counted(size, "card")]
        if v.buys_left[seat] is not None:  # no limit is the table's, said once in its header
            facts.append(_buys_text(v.buys_left[seat]))
        if v.coins[seat] is not None:
            facts.append(f"coins: {v.coins[seat]}")
        facts.append(f"score {v.scores[seat]}")
        return SeatInfo(
            seat=seat,
            name=v.names[seat],
            title=self.title(seat),
            you=seat == self.seat,
            hand_size=size,
            facts=" · ".join(facts),
            down=v.down[seat],
            progress=self.progress(seat),
            buys_left=v.buys_left[seat],
            buys=_buys_text(v.buys_left[seat]),
            coins=v.coins[seat],
            score=v.scores[seat],
            dealer=v.dealer == seat,
            to_act=v.to_act == seat and not v.is_over,
            winner=seat in v.winners,
            hand=None if shown is None else tuple(self.face(c, Zone.OPEN) for c in shown),
            picked_up=tuple(self.face(c, Zone.OPEN) for c in v.picked_up[seat])
            if v.picked_up
            else (),
            picked_words="the others saw you pick up" if seat == self.seat else "picked up",
        )

    def piles(self) -> Piles:
        v = self.v
        top = v.discard_top
        offered = v.phase is Phase.BUY and v.offer is not None
        return Piles(
            stock=v.stock_size,
            discards=len(v.discard_pile),
            top=None if top is None else self.face(top, Zone.PILE),
            discarder=None if v.discarder is None else v.names[v.discarder],
            price=v.price if offered else None,
        )

    def melds(
        self, order: Sequence[int], table: Sequence[Meld] | None = None
    ) -> tuple[MeldGroup, ...]:
        """The melds of the view's table by owner, in ``order`` (loose melds last), or those of
        ``table``, a finished deal's: their owners were down, and need no progress or buys."""
        v = self.v
        now = table is None
        melds = v.table if table is None else table
        groups = []
        for owner in [*order, None]:
            mine = [(k, m) for k, m in enumerate(melds) if m.owner == owner]
            if not mine and (owner is None or not now):  # a finished deal: owners who laid
                continue
            groups.append(
                MeldGroup(
                    owner=owner,
                    name="Loose melds" if owner is None else v.names[owner],
                    title="Loose melds" if owner is None else self.title(owner),
                    down=owner is not None and (v.down[owner] if now else True),
                    progress="" if owner is None or not now else self.progress(owner),
                    buys="" if owner is None or not now else _buys_text(v.buys_left[owner]),
                    melds=tuple(self.meld(k, m) for k, m in mine),
                )
            )
        return tuple(groups)

    def meld(self, k: int, meld: Meld) -> MeldView:
        rules = self.v.rules
        wilds = set(meld.wild_positions(rules))
        described = meld.describe(rules)
        return MeldView(
            index=k,
            kind=str(meld.kind),
            describe=described,
            # the cards carry their own "= 7♥" captions, so the short form leaves them out
            short=described.split(" (", 1)[0],
            cards=tuple(
                CardFace(c, Zone.MELD, j in wilds, meld.stands_for(j) if j in wilds else None)
                for j, c in enumerate(meld.cards)
            ),
        )

    def hand(self, hand_order: Sequence[int] | None) -> tuple[HandCard, ...]:
        hand = self.v.hand
        order = list(range(len(hand))) if hand_order is None else list(hand_order)
        return tuple(HandCard(self.face(hand[i], Zone.HAND), i, pos) for pos, i in enumerate(order))

    def notes(self) -> tuple[str, ...]:
        v = self.v
        notes = []
        taken = v.taken_discard
        if taken is not None and v.phase is Phase.PLAY and taken in v.hand:
            notes.append(f"You took the {taken}: you may not discard it.")
        if v.pending_wild is not None:
            notes.append(f"Lay the freed {v.pending_wild} on the table before your turn ends.")
        return tuple(notes)

    def prompt(self, deadline: float | None) -> Prompt | None:
        """The question put to this seat now (buy, call, give, Liverpool discard, cut)."""
        v = self.v
        if v.to_act != self.seat:
            return None
        rules = v.rules
        top = v.discard_top
        if v.phase is Phase.BUY and v.offer is not None:
            return Prompt(
                PromptKind.BUY,
                buy_question(v.offer, v.price, v.buys_left[self.seat]),
                (ButtonKind.BUY, ButtonKind.PASS),
                self.face(v.offer, Zone.PILE),
                price=v.price,
                seconds=rules.buy_timer_seconds,
                deadline=deadline if rules.buy_timer_seconds else None,
            )
        if v.phase is Phase.RUMMY_CALL and top is not None:
            who = v.names[v.discarder] if v.discarder is not None else "The last player"
            calls = [
                b
                for b, action in (
                    (ButtonKind.CALL_RUMMY, CallRummy()),
                    (ButtonKind.CALL_LIVERPOOL, CallLiverpool()),
                )
                if action in self.legal
            ]
            return Prompt(
                PromptKind.CALL,
                self.words(f"{who}'s {top} could have been played on the table. Call, or pass?"),
                (*calls, ButtonKind.PASS),
                self.face(top, Zone.PILE),
            )
        if v.phase is Phase.GIVE_CARD:
            return Prompt(PromptKind.GIVE, second_person(v.deciding, self.name), (ButtonKind.GIVE,))
        if v.phase is Phase.LIVERPOOL_DISCARD:
            return Prompt(
                PromptKind.LIVERPOOL_DISCARD,
                "Select a card and discard it.",
                (ButtonKind.DISCARD,),
            )
        if v.phase is Phase.CUT:
            cuts = [a.aim for a in self.legal if isinstance(a, Cut)]
            aim = rules.cut_target(v.players, v.deal)
            return Prompt(
                PromptKind.CUT,
                f"Cut the cards. Lift exactly {aim} (the deal and the upcard) to take "
                f"{rules.exact_cut_bonus} points off your score; a cut lands within a few "
                "cards of your aim.",
                (ButtonKind.CUT,),
                aim=aim,
                least=min(cuts) if cuts else 1,
                most=max(cuts) if cuts else aim,
            )
        return None

    # -- parts that ask the game ----------------------------------------------------------------
    def why(self, action: Action) -> str:
        """The engine's refusal of ``action`` by this seat ("" when it would be accepted)."""
        if action not in self._why:
            assert self.game is not None
            self._why[action] = self.game.why_not(action, self.seat) or ""
        return self._why[action]

    def of(self, kind: type) -> list[Action]:
        return [a for a in self.legal if isinstance(a, kind)]

    def targets(self) -> tuple[Target, ...]:
        """Where the one selected card may go now: exactly the game's legal lay-offs and
        swaps of that card."""
        if len(self.sel) != 1:
            return ()
        card = self.sel[0]
        out: list[Target] = []
        for a in self.legal:
            if isinstance(a, LayOff) and a.card == card:
                out.append(Target(ButtonKind.LAY_OFF, a.meld, end=a.end))
            elif isinstance(a, SwapWild) and a.card == card:
                out.append(Target(ButtonKind.SWAP, a.meld, position=a.position))
        return tuple(out)

    def buttons(self, undo: bool | None, hint: Hint | None) -> tuple[Button, ...]:
        """Every button. A button these rules or this moment never use is hidden (``shown``
        false) unless the game would take its action now; a hidden button is off and, since
        nobody reads it, its refusal is not asked."""
        v = self.v
        rules = v.rules
        hinted = hint.button if hint is not None else None
        out: list[Button] = []

        def put(
            kind: ButtonKind,
            why: Callable[[], str],
            used: bool = True,
            note: str = "",
            legal: bool = False,
        ) -> None:
            shown = (used or legal) and (not v.is_over or kind is ButtonKind.UNDO)
            if not shown:
                out.append(Button(kind, BUTTON_LABELS[kind], False, "", False))
                return
            reason = "This table is for watching only." if not self.interactive else why()
            out.append(
                Button(
                    kind,
                    BUTTON_LABELS[kind],
                    not reason,
                    str(reason),
                    True,
                    note,
                    kind == hinted,
                    isinstance(reason, _Guide),
                )
            )

        def simple(kind: ButtonKind, action: Action, used: bool = True, note: str = "") -> None:
            ok = action in self.legal
            put(kind, lambda: "" if ok else self.why(action), used, note, ok)

        extra = rules.discard_draw_penalty
        simple(ButtonKind.DRAW, DrawStock())
        simple(ButtonKind.TAKE, TakeDiscard(), note=f"+{extra} from the stock" if extra else "")
        simple(ButtonKind.BUY, Buy(), used=rules.buying)
        simple(ButtonKind.PASS, Pass())
        simple(ButtonKind.CALL_RUMMY, CallRummy(), used=rules.rummy_call is not RummyCall.NONE)
        simple(ButtonKind.CALL_LIVERPOOL, CallLiverpool(), used=rules.liverpool_call)
        cut = bool(self.of(Cut))
        aim = rules.cut_target(v.players, v.deal)
        put(
            ButtonKind.CUT, lambda: "" if cut else self.why(Cut(aim)), v.phase is Phase.CUT, "", cut
        )
        put(ButtonKind.ADD_MELD, self.add_meld_why)
        put(ButtonKind.GO_DOWN, self.go_down_why)
        put(ButtonKind.LAY_OFF, self.lay_off_why)
        swaps = bool(self.of(SwapWild))
        put(ButtonKind.SWAP, self.swap_why, rules.wild_swap is not WildSwap.NONE, "", swaps)
        put(ButtonKind.DISCARD, lambda: self.card_why(Discard, "discard"))
        giving = v.phase is Phase.GIVE_CARD
        put(ButtonKind.GIVE, lambda: self.card_why(GiveCard, "give"), giving)
        out_anytime = any(c.going_down is GoingDown.WHOLE_HAND_ANY_TIME for c in rules.contracts)
        simple(ButtonKind.GO_OUT, GoOut(), used=out_anytime)
        put(ButtonKind.HINT, self.hint_why)
        put(ButtonKind.UNDO, lambda: "" if undo else _Guide(NOTHING_TO_UNDO), undo is not None)
        return tuple(out)

    def hint_why(self) -> str:
        v = self.v
        if v.is_over:
            return "The match is over."
        if v.to_act != self.seat:
            return f"Nothing to decide yet: {self.words(v.deciding)}"
        return ""

    def _a_card(self) -> Card | None:
        """The card a refusal is asked about: the selected one, else any held."""
        if self.sel:
            return self.sel[0]
        return self.v.hand[0] if self.v.hand else None

    def _may_meld(self) -> str:
        """Why this seat may not go down now at all ("" when it may build melds)."""
        v = self.v
        mine = v.to_act == self.seat and v.phase is Phase.PLAY
        if mine and not v.is_down and v.pending_wild is None:
            return ""
        return self.why(GoDown(()))

    def add_meld_why(self) -> str:
        return self._may_meld() or (
            "" if self.sel else _Guide("Select the cards of one meld first.")
        )

    def go_down_why(self) -> str:
        why = self._may_meld()
        if why:
            return why
        if self.must_build and not self.staged:
            return _Guide(
                "Build your melds yourself first: select the cards of each meld and press "
                f"Add meld, then Go down ({self.v.contract.short()})."
            )
        if self.of(GoDown):
            return why
        v = self.v
        found = find_going_down(v.hand, v.rules, v.deal)
        if found is not None:  # the cards are there, but going down with them is refused
            return self.why(GoDown([m.cards for m in found]))
        return f"Your hand does not hold this deal's contract yet: {v.contract.short()}."

    def lay_off_why(self) -> str:
        v = self.v
        card = self._a_card()
        if card is None:
            return self.why(LayOff(Card.joker(), 0))
        offs = self.of(LayOff)
        if not offs:
            # no card of the hand may be laid off now: the engine says why for this one
            fits = [k for k, m in enumerate(v.table) if lay_off_ends(m, card, v.rules)]
            why = self.why(LayOff(card, fits[0] if fits else 0))
            if why:
                return why
        if len(self.sel) != 1:
            return _Guide("Select one card, then click the meld to lay it on.")
        if any(t.kind is ButtonKind.LAY_OFF for t in self.targets()):
            return ""
        for k, meld in enumerate(v.table):
            for end in lay_off_ends(meld, card, v.rules):
                why = self.why(LayOff(card, k, end))
                if why:
                    return why
        return f"The {card} fits no meld on the table."

    def swap_why(self) -> str:
        v = self.v
        card = self._a_card()
        swaps = self.of(SwapWild)
        if card is None or v.to_act != self.seat or v.phase is not Phase.PLAY:
            return self.why(SwapWild(card or Card.joker(), 0, 0))
        if len(self.sel) == 1 and any(t.kind is ButtonKind.SWAP for t in self.targets()):
            return ""
        # the engine's refusal for a wild this card (or, with none selected, any card) replaces
        cards = self.sel[:1] if len(self.sel) == 1 else ([] if swaps else list(v.hand))
        for c in cards:
            for k, meld in enumerate(v.table):
                for pos in meld.wild_positions(v.rules):
                    if meld.can_replace_wild(pos, c, v.rules):
                        why = self.why(SwapWild(c, k, pos))
                        if why:
                            return why
        if not swaps:
            return self.why(SwapWild(card, 0, 0)) or (
                "No card of yours can replace a wild on the table now."
            )
        if len(self.sel) != 1:
            return _Guide("Select the natural card, then click the wild it replaces.")
        return f"The {card} cannot replace a wild on the table."

    def card_why(self, kind: type[Discard] | type[GiveCard], verb: str) -> str:
        """Discard and Give card: one selected card the game accepts."""
        card = self._a_card()
        allowed = {a.card for a in self.of(kind) if isinstance(a, kind)}
        if card is None:
            return self.why(kind(Card.joker()))
        if not allowed:
            return self.why(kind(card))
        if len(self.sel) != 1:
            return _Guide(f"Select the one card you want to {verb}.")
        return "" if card in allowed else self.why(kind(card))


# -- the parts of a screen's own options ------------------------------------------------------


def _toggles(
    b: _Builder, auto_pass: AutoPass | None, four_color: bool | None
) -> tuple[Toggle, ...]:
    """The switches on the table: auto-pass buys, where the rules have buying (for a player),
    and the deck's colours (for a watcher too: a projected table most needs them)."""
    toggles: list[Toggle] = []
    if auto_pass is not None and b.v.rules.buying and b.interactive:
        choices = tuple(Choice(str(mode), AUTO_PASS_LABELS[mode]) for mode in AutoPass)
        toggles.append(
            Toggle("auto_pass", "Auto-pass buys", str(auto_pass), choices, _AUTO_PASS_HELP)
        )
    if four_color is not None:
        value = deck_choice(four_color)
        toggles.append(Toggle(DECK_OPTION, "Deck", value, DECK_CHOICES, _DECK_HELP))
    return tuple(toggles)


DECK_OPTION = "four_color"
"""The name of the deck switch in an ``option`` click."""
DECK_CHOICES = (Choice("two", "Two colours"), Choice("four", "Four colours"))
"""The deck switch's values: suits in red and black, or diamonds blue and clubs green too."""
_DECK_HELP = (
    "Four colours draw diamonds blue and clubs green, so every suit is told apart at a glance "
    "(on a projector too)."
)


def deck_choice(four_color: bool) -> str:
    """The deck switch's value for a deck of four colours or two."""
    return DECK_CHOICES[1].value if four_color else DECK_CHOICES[0].value


def read_deck_choice(value: object) -> bool:
    """Whether a deck switch's ``value`` asks for four colours; :class:`ValueError` in words
    for a value that is neither choice."""
    for four, choice in enumerate(DECK_CHOICES):
        if value == choice.value:
            return bool(four)
    choices = " or ".join(repr(c.value) for c in DECK_CHOICES)
    raise ValueError(f"The deck is {choices}, not {quoted(value, 30)}.")


def _confirm(b: _Builder, melds: Sequence[Sequence[int]] | None) -> Confirm | None:
    """The question before going down with melds the table arranged."""
    if not melds:
        return None
    hand = b.v.hand
    groups = tuple(tuple(i for i in m if 0 <= i < len(hand)) for m in melds)
    describe = tuple(_meld_words(b.v.rules, [hand[i] for i in g]) for g in groups)
    count = _count_words(len(groups), "meld")
    return Confirm(
        ButtonKind.GO_DOWN,
        f"Go down with these {count}? ({b.v.contract.short()}: {'; '.join(describe)})",
        groups,
        describe,
        BUTTON_LABELS[ButtonKind.GO_DOWN],
        "Not yet",
    )


def _meld_words(rules: Rules, cards: Sequence[Card]) -> str:
    """A meld being laid, in words (``'set of sevens'``), as the engine describes it."""
    for kind in MeldKind:
        try:
            return Meld.build(kind, cards, rules).describe(rules)
        except IllegalAction:
            continue
    return " ".join(str(c) for c in cards)


def _deal_end(
    b: _Builder,
    summary: DealSummary,
    pad: ScorePad,
    winners: tuple[str, ...],
    order: Sequence[int],
) -> DealEnd:
    """The end-of-deal panel of ``summary``: each hand left, pictured, with its points, and
    the deal's melds (owners in ``order``)."""
    v = b.v
    rules = v.rules
    over = v.is_over
    hands = []
    for h in summary.hands:
        out = h.seat == summary.went_out
        size = len(h.cards)
        adjust = ""
        if h.adjustment:
            word = "bonus" if h.adjustment < 0 else "penalty"
            adjust = f"{points_cell(h.adjustment)} {word}"
        if out:
            text = f"{b.title(h.seat)} went out: {points_cell(h.score)} points"
        else:
            text = (
                f"{b.title(h.seat)}: {_count_words(size, 'card')} left, "
                f"{counted(h.hand_points, 'point')}"
            )
            if adjust:
                text += f", {adjust}"
        hands.append(
            LeftoverView(
                seat=h.seat,
                name=b.title(h.seat),
                went_out=out,
                cards=tuple(b.face(c, Zone.MELD) for c in h.cards),
                card_points=h.card_points,
                hand_points=h.hand_points,
                adjustment=adjust,
                score=points_cell(h.score),
                total=h.total,
                text=f"{text}; total {h.total}.",
            )
        )
    standings: tuple[str, ...] = ()
    next_text = ""
    if over:
        order = sorted(range(v.players), key=lambda s: (v.scores[s], s))
        standings = tuple(
            f"{place}. {v.names[s]}: {counted(v.scores[s], 'point')}"
            for place, s in enumerate(order, start=1)
        )
    else:
        next_text = f"Next: deal {v.deal} of {rules.deals}, {v.contract.short()}."
    return DealEnd(
        deal=summary.deal,
        title=f"Deal {summary.deal} of {rules.deals} is over",
        how=b.words(summary.how) if summary.how else "",
        went_out_with=tuple(b.face(c, Zone.MELD) for c in summary.last_cards),
        hands=tuple(hands),
        pad=pad,
        over=over,
        banner=_banner(winners),
        standings=standings,
        next=next_text,
        button="See the final table" if over else "Next deal",
        melds=b.melds(order, summary.table),
        melds_title=(
            "The melds before the last move" if summary.laid_last else "The melds at the deal's end"
        ),
    )


NOTHING_TO_UNDO = "There is nothing to undo: you have not made a move yet."
"""Why Undo is off before the player's first decision (a pass the table made for them is not
one: :meth:`~liverpool.table_session.TableSession.last_decision`)."""


def _banner(winners: Sequence[str]) -> str:
    if not winners:
        return ""
    verb = "win" if len(winners) > 1 or winners[0].lower() == "you" else "wins"
    return f"★ {' and '.join(winners)} {verb} the match!"


def score_pad(view: PlayerView) -> ScorePad:
    """The score pad of ``view``: every finished deal and the totals."""
    rules = view.rules
    return ScorePad(
        names=view.names,
        rows=tuple(
            ScoreRow(
                d,
                rules.contract(d).short(),
                tuple(points),
                tuple(points_cell(p) for p in points),
            )
            for d, points in enumerate(view.deal_scores, start=1)
        ),
        totals=view.scores,
    )


# -- the deal-end summary ---------------------------------------------------------------------


def deal_summaries(game: Game) -> tuple[DealSummary, ...]:
    """Every finished deal of ``game``: who went out, what each hand held, what it scored.

    The game does not keep a finished deal's hands (the next deal is dealt at once), so they
    are found by replaying the record: the hands just before the action that ended each deal,
    less the cards that action played. The replay is exact (same seed, same actions).
    """
    replay = game.replay_to(0)
    rules = game.rules
    out: list[DealSummary] = []
    totals = [0] * game.players
    for action, actor in zip(game.actions, game.actors, strict=True):
        deal = replay.deal
        before = [replay.hand(s) for s in range(game.players)]
        table = tuple(replay.table)
        finished = len(replay.deal_scores)
        events = replay.apply(action)
        if len(replay.deal_scores) == finished:
            continue
        scores = replay.deal_scores[finished]
        over = next(e for e in events if e.kind is EventKind.DEAL_OVER)
        went_out = over.player
        held = before[actor]
        before[actor] = _after(held, action)
        played = Counter(held) - Counter(before[actor])
        last: list[Card] = []
        for card in held:
            if played[card] > 0:
                played[card] -= 1
                last.append(card)
        hands = []
        for seat, held in enumerate(before):
            cards = () if seat == went_out else tuple(held)
            points = hand_points(cards, rules)
            totals[seat] += scores[seat]
            hands.append(
                LeftoverHand(
                    seat=seat,
                    name=game.names[seat],
                    cards=cards,
                    card_points=tuple(rules.card_points(c) for c in cards),
                    hand_points=points,
                    adjustment=scores[seat] - points,
                    score=scores[seat],
                    total=totals[seat],
                )
            )
        how = _how_it_ended(action, actor, went_out, game.names, events)
        out.append(
            DealSummary(
                deal,
                rules.contract(deal).short(),
                went_out,
                tuple(hands),
                how,
                tuple(last) if went_out == actor else (),
                table,
                laid_last=went_out == actor and not isinstance(action, Discard),
            )
        )
    return tuple(out)


def _how_it_ended(
    action: Action, actor: int, went_out: int | None, names: Sequence[str], events: list[Event]
) -> str:
    """How a deal ended, in the third person: who went out and with what move."""
    if went_out is None:
        dead = next((e for e in events if e.kind is EventKind.DEAD_DEAL), None)
        return dead.text if dead is not None else "The deal ended with nobody out."
    name = names[went_out]
    if went_out != actor:
        return f"{name} went out."
    if isinstance(action, Discard):
        return f"{name} went out by discarding the {action.card}."
    if isinstance(action, LayOff):
        return f"{name} went out by laying off the {action.card}."
    if isinstance(action, SwapWild):
        return f"{name} went out by putting the {action.card} in place of a wild."
    if isinstance(action, GoDown):
        return f"{name} went out by going down with every card."
    if isinstance(action, GoOut):
        return f"{name} went out with the whole hand at once."
    return f"{name} went out."


def _after(hand: list[Card], action: Action) -> list[Card]:
    """``hand`` less the cards ``action`` plays from it."""
    if isinstance(action, GoOut):
        return []
    played: list[Card] = []
    if isinstance(action, Discard | LayOff):
        played = [action.card]
    elif isinstance(action, GoDown):
        played = [c for m in action.melds for c in m]
    rest = list(hand)
    for card in played:
        if card in rest:
            rest.remove(card)
    return rest


# -- turning clicks into actions ---------------------------------------------------------------


def meld_click(
    legal: Sequence[Action],
    card: Card,
    meld: int,
    position: int | None,
    table: Sequence[Meld],
    rules: Rules,
) -> Action:
    """What a click on meld ``meld`` (on its card at ``position``; ``None`` for the meld as a
    whole) means with ``card`` selected: the swap of that wild when the game allows it, else a
    lay-off (at the end of a run nearer the click when the card fits both). The action may
    still be refused: a click on a wild where the card lays off nowhere asks for the swap, so
    the game's refusal names the swap rule."""
    if position is not None and SwapWild(card, meld, position) in legal:
        return SwapWild(card, meld, position)
    ends = [a.end for a in legal if isinstance(a, LayOff) and a.card == card and a.meld == meld]
    shown = table[meld] if 0 <= meld < len(table) else None
    if shown is None:
        return LayOff(card, meld)
    if not ends and position is not None and position in shown.wild_positions(rules):
        return SwapWild(card, meld, position)
    if len(ends) == 1:
        return LayOff(card, meld, ends[0])
    if len(ends) > 1:
        low = position is not None and position < len(shown.cards) / 2
        return LayOff(card, meld, "low" if low else "high")
    return LayOff(card, meld)


def going_down_melds(
    game: Game, seat: int, groups: Sequence[Sequence[Card]], selected: Sequence[Card]
) -> list[list[Card]] | str:
    """The melds a Go down press means, or what to do instead (in words).

    Melds being built (``groups``) go down with the selected cards as one more meld. With none
    built, the selected cards go down as the contract, arranged by the solver (all of them, or
    the contract among them); with nothing selected, the game's own arrangement of the hand.
    An arrangement is used only if the game would lay it as the contract.
    """
    if groups:
        short = _short_of_contract(game.rules, game.contract, groups, selected)
        if short:
            return short
        return [list(g) for g in groups] + ([list(selected)] if selected else [])
    legal = game.legal_actions() if game.to_act == seat else []
    found = [[list(m) for m in a.melds] for a in legal if isinstance(a, GoDown)]
    rules, deal = game.rules, game.deal
    if not selected:
        if found:
            return found[0]
        return (
            "Select the cards you want to go down with (each meld, then Add meld; or all "
            f"of them at once). This deal's contract: {game.contract.short()}."
        )
    solved = (
        find_whole_hand(selected, rules, deal),
        find_going_down(selected, rules, deal),
        find_going_down(selected, rules, deal, extend=False),
    )
    options = [[list(m.cards) for m in melds] for melds in solved if melds] + found
    pool = Counter(selected)
    for option in options:
        fits = not Counter(c for m in option for c in m) - pool
        if fits and _lays_contract(game, seat, option):
            return option
    if len(game.contract.requirements) == 1:
        return [list(selected)]
    return (
        f"The selected cards do not hold this deal's contract ({game.contract.short()}). "
        "Select each meld and press Add meld, or select cards that hold the whole contract."
    )


def _short_of_contract(
    rules: Rules, contract: Contract, groups: Sequence[Sequence[Card]], selected: Sequence[Card]
) -> str:
    """What to do next when the melds built (and the selection, as one more) are fewer than
    the contract asks for (``""`` when they are not): ``'You have 1 of 2 melds ready: select
    the cards of the other set and press Add meld, then Go down.'``"""
    need = len(contract.requirements)
    melds = [list(g) for g in groups] + ([list(selected)] if selected else [])
    if len(melds) >= need:
        return ""
    kinds = [_meld_kind(rules, m) for m in melds]
    missing = Counter(r.kind for r in contract.requirements)
    missing.subtract(k for k in kinds if k is not None)
    left = [kind for kind in MeldKind for _ in range(max(0, missing[kind]))]
    ready = f"You have {len(melds)} of {need} melds ready"
    if None in kinds or len(left) != need - len(melds):  # a group is no meld: name no kind
        what = f"the cards of {counted(need - len(melds), 'more meld')}"
    elif len(left) == 1:
        kind = left[0]
        many = contract.count(kind)
        what = f"the cards of the {'' if many == 1 else 'other ' if many == 2 else 'last '}{kind}"
    else:
        what = (
            "the cards of each meld still missing ("
            + " + ".join(
                f"{n} {kind}{'s' if n > 1 else ''}" for kind in MeldKind if (n := left.count(kind))
            )
            + ")"
        )
    return _Guide(f"{ready}: select {what} and press Add meld, then Go down.")


def _meld_kind(rules: Rules, cards: Sequence[Card]) -> MeldKind | None:
    """Which kind of meld ``cards`` make (``None``: none)."""
    for kind in MeldKind:
        try:
            Meld.build(kind, cards, rules)
        except IllegalAction:
            continue
        return kind
    return None


def _lays_contract(game: Game, seat: int, melds: list[list[Card]]) -> bool:
    """Whether the game would lay ``melds`` as the contract (under rules that charge a failed
    attempt a penalty, a wrong one is accepted, and penalised: that is not laying it)."""
    try:
        events = game.copy().apply(GoDown(melds), player=seat)
    except IllegalAction:
        return False
    return not any(e.kind is EventKind.FAILED_GO_DOWN for e in events)


def _waiting_for(name: str, deciding: str) -> str:
    """'Waiting for Ben, who must draw …' rather than 'Waiting for Ben: Ben must draw …'."""
    if deciding.startswith(name + " "):
        return f"Waiting for {name}, who {deciding[len(name) + 1 :]}"
    return f"Waiting for {name}: {deciding}"
