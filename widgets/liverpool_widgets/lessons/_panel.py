"""The small base every lesson widget shares: one HTML panel, clicks as messages.

Python owns all the state and renders the whole panel as HTML (the cards are SVG drawn by
:mod:`liverpool.render`) into the ``html`` trait; ``static/lesson_panel.js`` puts it on the
page and sends each click back as a :class:`Message`, ``{"kind": ..., **data}``. Every kind a
panel may send is a member of :class:`MessageKind`; each widget declares, in
:meth:`LessonPanel._handlers`, the table of the kinds it answers and the method that answers
each, and :meth:`LessonPanel.handle_message` looks the kind up there (a kind not in the table is
answered in a sentence). Tests call ``handle_message`` with the same dicts, or call the widgets'
plain Python methods. The latest answer to the learner is the ``feedback`` trait (plain text)
with ``ok`` (``True``, ``False`` or ``None`` for "no verdict yet"). Anything unexpected raised
by a click is caught and shown under the panel (the ``crash`` trait).

A notebook that cannot draw the widget (opened cold, not trusted; a static render) shows its
picture instead (:mod:`liverpool_widgets.picture`): the same panel rendered with every card an
``<img>`` (the drawing helpers here, inside :func:`as_images`), styled inline, nothing clickable.
"""

from __future__ import annotations

import contextlib
import enum
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from html import escape
from pathlib import Path
from typing import Any, Literal, Protocol, Required, TypedDict, cast, runtime_checkable

import anywidget
import traitlets

import liverpool as lp
from liverpool.actions import Action
from liverpool.render import card_img, card_svg, cards_html, cards_svg, meld_html, meld_svg

from ..picture import PictureMixin, inert_html

__all__ = [
    "Handler",
    "LessonPanel",
    "Message",
    "MessageKind",
    "as_cards",
    "as_images",
    "as_rules",
    "card_button",
    "cards_row",
    "coach_says",
    "h",
    "rules_select",
    "stripe",
]

_STATIC = Path(__file__).resolve().parent.parent / "static"

CARD_WIDTH = 64


class MessageKind(enum.StrEnum):
    """Every kind of message a lesson panel's front end sends (the ``data-action`` of the
    element clicked or changed). A ``StrEnum``: each member equals its text, which is what the
    page sends, so the panels write ``data-action`` from these members and nothing else."""

    # every panel
    RULES = "rules"
    """A preset picked in the rules menu (``value``: its name)."""
    DEAL = "deal"
    """A deal picked in the deal menu (``value``: its number)."""
    # SetBuilder, RunBuilder
    PICK = "pick"
    """A tray card clicked (``index``: its place in the tray)."""
    UNPICK = "unpick"
    """A picked card clicked, to put it back (``index``: its place among the picked)."""
    ARRANGE = "arrange"
    """"Place them for me": the picked cards put in a legal run order."""
    CLEAR = "clear"
    """Every picked card (or the whole hand) put back."""
    # WildLimits
    CARDS = "cards"
    """Cards typed to be judged (``value``: card text)."""
    KIND = "kind"
    """Judge as a set or a run (``value``: ``"set"`` or ``"run"``)."""
    EXAMPLE = "example"
    """An example button (``index``: which)."""
    # GoingDownTrainer, LayOffTrainer
    SELECT = "select"
    """A hand card clicked (``index``: its place in the hand)."""
    MAKE_MELD = "make_meld"
    """The selected cards made into a meld."""
    TAKE_BACK = "take_back"
    """A meld made taken back (``index``: which)."""
    GO_DOWN = "go_down"
    """Try to go down with the melds made."""
    SHOW_ME = "show_me"
    """Reveal a way to go down."""
    RESET = "reset"
    """Start the exercise over."""
    LAY_OFF = "lay_off"
    """The selected card laid off (``meld``: which; ``end``: ``"low"``/``"high"`` of a run)."""
    SWAP = "swap"
    """The selected card swapped for a wild (``meld``, ``position``: which wild)."""
    FITS = "fits"
    """Where does each card of the hand fit?"""
    # BuyingWalkthrough
    NEXT = "next"
    """The seat whose decision it is decides (a bot)."""
    CHOOSE = "choose"
    """The learner's decision (``choice``: take, draw, buy or pass)."""
    RESTART = "restart"
    """The walkthrough starts over."""
    SEAT = "seat"
    """The learner's seat picked (``value``: a seat number, or ``"watch"``)."""
    # ScorePad, HandExplorer
    ANSWER = "answer"
    """The learner's count of points (``value``)."""
    NEW = "new"
    """Deal another hand."""
    HAND = "hand"
    """A hand typed (``value``: card text)."""
    ADD = "add"
    """A card of the grid added to the hand (``code``: its text)."""
    REMOVE = "remove"
    """A hand card taken out (``index``: its place)."""
    COACH = "coach"
    """The coach bot picked (``value``: its level)."""
    # RulesCompare
    LEFT = "left"
    """The left preset picked (``value``: its name)."""
    RIGHT = "right"
    """The right preset picked (``value``: its name)."""
    ONLY = "only"
    """Show only the rows that differ (or every row again)."""
    EXPLAIN = "explain"
    """A rule's name clicked (``field``: the rule)."""
    # StrategyLab
    EXPERIMENT = "experiment"
    """An experiment picked (``value``: its name)."""
    TRIALS = "trials"
    """Deals per point typed (``value``: a number)."""
    GUESS = "guess"
    """The learner's guess (``value``)."""
    RUN = "run"
    """Run the simulation."""

    def __str__(self) -> str:
        return str(self.value)


class Message(TypedDict, total=False):
    """One message from ``lesson_panel.js``: ``kind`` (a :class:`MessageKind`'s text) and the
    clicked element's other ``data-*`` attributes, every value a string; a changed menu or box
    sends its ``value``. :meth:`LessonPanel.handle_message` turns whole numbers Python callers
    send into text too, so a handler reads strings only."""

    kind: Required[str]
    value: str
    index: str
    meld: str
    end: str
    position: str
    choice: str
    field: str
    code: str


Handler = Callable[[Message], object]
"""What answers one kind of message (its return value, if any, is not used)."""


def plain(action: Callable[[], object]) -> Handler:
    """A handler for a message whose only content is its kind (a button press)."""

    def handler(message: Message) -> object:
        del message
        return action()

    return handler


TextKey = Literal["value", "choice", "field", "code"]
"""The keys of a :class:`Message` whose text a handler passes on as it is (see :func:`text_of`)."""


def text_of(key: TextKey, action: Callable[[str], object]) -> Handler:
    """A handler that passes the message's ``key`` text (empty text when the message has none)
    to ``action``: a typed answer, a typed hand, a clicked rule's name. ``action`` judges the
    text itself, so an empty answer is answered in its own words."""

    def handler(message: Message) -> object:
        return action(message.get(key, ""))

    return handler


def read_message(content: object) -> Message | None:
    """``content`` as a :class:`Message`: a dict with a text ``kind`` (values that are whole
    numbers become their text; other values are dropped), else ``None``."""
    if not isinstance(content, dict) or not isinstance(content.get("kind"), str):
        return None
    fields = {
        str(key): str(value)
        for key, value in content.items()
        if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
    }
    return cast(Message, fields)


@runtime_checkable
class Explains(Protocol):
    """A bot that can say why it chose (every bot of :mod:`liverpool.bots` can)."""

    def explain(self, view: lp.PlayerView, legal: Sequence[Action]) -> tuple[Action, str]: ...


def coach_says(
    bot: lp.bots.Bot, view: lp.PlayerView, legal: Sequence[Action]
) -> tuple[Action, str]:
    """The bot's choice and its reason (a bot that gives none is said to have no reason)."""
    if isinstance(bot, Explains):
        return bot.explain(view, legal)
    return bot.act(view, legal), "The coach gives no reason."


def stripe(number: int) -> str:
    """The background of a table's ``number``-th body row (from 1): JupyterLab's light theme
    stripes (white, grey) set on the row itself, so a lesson's table stays light in a dark
    theme too (there JupyterLab's dark stripes came under our dark text)."""
    return "background:#fff" if number % 2 else "background:#f5f5f5"


def h(text: object) -> str:
    """Text made safe for HTML."""
    return escape(str(text), quote=True)


def as_rules(rules: lp.Rules | str | None) -> lp.Rules:
    """A preset name or a :class:`~liverpool.Rules` (``None`` is the house rules)."""
    return lp.get_rules(rules if rules is not None else "house")


def as_card(card: lp.Card | str) -> lp.Card:
    """A card from its text (``"7H"``), or the card itself (the API takes either)."""
    return card if isinstance(card, lp.Card) else lp.Card.parse(card)


def as_cards(cards: Sequence[lp.Card | str] | str) -> list[lp.Card]:
    """Cards from text (``"7H 7C JK"``) or a list of cards or card texts."""
    return lp.parse_cards(cards)


def rules_name(rules: lp.Rules) -> str:
    """The preset's name, or ``"custom"`` for rules that are no preset."""
    return rules.name if lp.PRESETS.get(rules.name) == rules else f"custom ({rules.name})"


def card_button(
    card: lp.Card,
    *,
    kind: MessageKind,
    index: int,
    testid: str,
    rules: lp.Rules,
    selected: bool = False,
    width: float = CARD_WIDTH,
    stands_for: str | None = None,
) -> str:
    """One card drawn as a button that sends ``{"kind": kind, "index": index}``."""
    draw = card_img if _AS_IMAGES.get() else card_svg
    svg = draw(card, rules=rules, width=width, selected=selected, stands_for=stands_for)
    return (
        f'<button type="button" class="lp-card-btn" data-action="{h(kind)}" data-index="{index}" '
        f'data-testid="{h(testid)}" aria-pressed="{str(selected).lower()}" '
        f'title="{h(card)}">{svg}</button>'
    )


def button(
    label: str,
    kind: MessageKind,
    testid: str,
    *,
    primary: bool = False,
    disabled: bool = False,
    **data: object,
) -> str:
    """A text button that sends ``{"kind": kind, **data}`` (``disabled``: drawn, not pressable)."""
    attrs = "".join(f' data-{h(k)}="{h(v)}"' for k, v in data.items())
    cls = "lp-btn lp-primary" if primary else "lp-btn"
    off = " disabled" if disabled else ""
    return (
        f'<button type="button" class="{cls}" data-action="{h(kind)}" data-testid="{h(testid)}"'
        f"{attrs}{off}>{h(label)}</button>"
    )


def option(value: object, label: object, *, selected: bool) -> str:
    """One choice of a drop-down: the menu sends ``value``; the learner reads ``label``."""
    return f'<option value="{h(value)}"{" selected" if selected else ""}>{h(label)}</option>'


def rules_select(current: lp.Rules, testid: str = "rules") -> str:
    """A drop-down of the presets that sends ``{"kind": "rules", "value": name}``."""
    options = "".join(option(name, name, selected=name == current.name) for name in lp.PRESETS)
    return (
        f'<label class="lp-muted">Rules: <select data-action="{MessageKind.RULES}" '
        f'data-testid="{h(testid)}">'
        f"{options}</select></label>"
    )


_AS_IMAGES: ContextVar[bool] = ContextVar("liverpool_lesson_images", default=False)


@contextlib.contextmanager
def as_images() -> Iterator[None]:
    """Inside, the drawing helpers here (:func:`card_button`, :func:`row_svg`,
    :func:`cards_row`, :func:`meld_picture`) draw each card as an ``<img>`` of the same picture
    instead of an inline ``<svg>`` (for the panel's still picture)."""
    token = _AS_IMAGES.set(True)
    try:
        yield
    finally:
        _AS_IMAGES.reset(token)


def cards_row(
    cards: Sequence[lp.Card],
    rules: lp.Rules,
    *,
    width: float = CARD_WIDTH,
    overlap: float = 0.3,
    label: str | None = None,
) -> str:
    """Cards side by side, each over the one before by ``overlap`` (not clickable)."""
    draw = cards_html if _AS_IMAGES.get() else cards_svg
    return draw(cards, rules=rules, width=width, overlap=overlap, label=label)


def row_svg(cards: Sequence[lp.Card], rules: lp.Rules, *, label: str | None = None) -> str:
    """Cards side by side (not clickable)."""
    return cards_row(cards, rules, label=label)


def meld_picture(meld: lp.Meld, rules: lp.Rules) -> str:
    """A meld with its wilds captioned and its description under it."""
    draw = meld_html if _AS_IMAGES.get() else meld_svg
    return draw(meld, rules=rules, width=CARD_WIDTH)


def jokerless(cards: Sequence[lp.Card], rules: lp.Rules) -> str | None:
    """The engine's refusal when ``cards`` hold a joker and ``rules`` play without jokers (a
    joker is no card of that game), else ``None``."""
    if rules.has_jokers or not any(card.is_joker for card in cards):
        return None
    verdict = lp.check_set([lp.Card.parse("JK")] * 3, rules)
    return None if verdict else verdict.reason


_TWOS = tuple(lp.Card.parse(f"2{suit}") for suit in "CDHS")


def without_jokers(
    groups: Sequence[Sequence[lp.Card]], rules: lp.Rules
) -> tuple[list[list[lp.Card]], list[lp.Card]]:
    """For a house without jokers whose 2s are wild, the same groups of cards with each joker
    replaced by a 2 (2♣, 2♦, 2♥, 2♠, in turn), and the 2s put in; other houses: unchanged."""
    if rules.has_jokers or lp.Rank.TWO not in rules.wild_ranks:
        return [list(g) for g in groups], []
    placed: list[lp.Card] = []
    out: list[list[lp.Card]] = []
    for group in groups:
        row = []
        for card in group:
            if card.is_joker:
                card = _TWOS[len(placed) % len(_TWOS)]
                placed.append(card)
            row.append(card)
        out.append(row)
    return out, placed


def twos_note(rules: lp.Rules, twos: Sequence[lp.Card]) -> str:
    """What a trainer says when :func:`without_jokers` put wild 2s where its jokers were (empty
    when it put none)."""
    if not twos:
        return ""
    return (
        f"{rules.name} plays without jokers, so its wild 2s lie where the jokers were "
        f"({lp.format_cards(twos)}). "
    )


def wild_words(rules: lp.Rules) -> str:
    """Which cards are wild under ``rules``, in words: ``"jokers and 2s"``."""
    names = (["jokers"] if rules.has_jokers else []) + [
        f"{r.symbol}s" for r in sorted(rules.wild_ranks)
    ]
    return " and ".join(names) if names else "none"


class LessonPanel(PictureMixin, anywidget.AnyWidget):
    """Base of the lesson widgets: renders :meth:`_render` into ``html``, dispatches clicks.

    Displayed, it is the widget and, for a notebook that cannot draw the widget, a still
    picture of its current state (:meth:`_picture_body`) and its repr as plain text."""

    _esm = _STATIC / "lesson_panel.js"
    _css = _STATIC / "lesson_panel.css"

    _rules: lp.Rules = lp.PRESETS["house"]

    html = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    ok = traitlets.Bool(None, allow_none=True).tag(sync=True)
    crash = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_custom_msg)

    # -- messages --------------------------------------------------------------------------------
    def _on_custom_msg(self, widget: object, content: object, buffers: object) -> None:
        del widget, buffers
        self.handle_message(content)

    def _handlers(self) -> Mapping[MessageKind, Handler]:
        """The kinds of message this panel answers, each with the method that answers it.

        Every panel answers the rules and deal menus; each widget adds its own kinds
        (``{**super()._handlers(), MessageKind.PICK: self._on_pick, ...}``)."""
        return {MessageKind.RULES: self._on_rules, MessageKind.DEAL: self._on_deal}

    def handled_kinds(self) -> frozenset[MessageKind]:
        """The kinds of message this panel answers (any other is answered with a sentence)."""
        return frozenset(self._handlers())

    def handle_message(self, content: object) -> None:
        """Handle one click from the front end. Never raises: a surprise is shown as ``crash``."""
        try:
            message = read_message(content)
            if message is None:
                if isinstance(content, dict):
                    kind = content.get("kind")
                    self.say(None, f"The widget does not know the click {kind!r}.")
                else:
                    self.say(None, f"The widget received a message it cannot read: {content!r}")
            else:
                handler = self._handler(message["kind"])
                if handler is None:
                    self.say(None, f"The widget does not know the click {message['kind']!r}.")
                else:
                    handler(message)
        except Exception as exc:  # shown under the widget, never lost
            lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
            self.crash = f"{type(exc).__name__}: {exc}\n\n" + "".join(lines[-3:]).strip()
        self.redraw()

    def _handler(self, kind: str) -> Handler | None:
        """The handler of ``kind`` in this panel's table, if it answers that kind."""
        try:
            member = MessageKind(kind)
        except ValueError:
            return None
        return self._handlers().get(member)

    def _on_rules(self, message: Message) -> None:
        name = message.get("value")
        if name is None or name not in lp.PRESETS:
            self.say(
                None, f"There are no rules called {name!r}: pick one of {', '.join(lp.PRESETS)}."
            )
            return
        self.set_rules(name)

    def _on_deal(self, message: Message) -> None:
        deal = self._int(message, "value")
        if deal is None or not 1 <= deal <= self._rules.deals:
            self.say(None, f"Choose a deal from 1 to {self._rules.deals}.")
            return
        self.set_deal(deal)

    # -- the choices every lesson offers (each widget says what changes) -------------------------
    @property
    def rules(self) -> lp.Rules:
        """The rules the panel judges by: the rules menu's choice (:meth:`set_rules`)."""
        return self._rules

    def set_rules(self, rules: lp.Rules | str) -> str:
        """Judge under other rules; returns the feedback."""
        self._rules = as_rules(rules)
        self.redraw()
        return str(self.feedback)

    def set_deal(self, deal: int) -> str:
        """Look at another deal; returns the feedback (widgets without deals keep theirs)."""
        del deal
        return str(self.feedback)

    @staticmethod
    def _int(message: Message, key: str) -> int | None:
        """The whole number a message's ``key`` holds, else ``None``."""
        value = message.get(key)
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value)
        return None

    def _number_click(self, key: str, what: str, action: Callable[[int], object]) -> Handler:
        """A handler for a click that names a whole number in ``key`` (a card's place, a
        choice): it calls ``action`` with the number, which checks its range; a click that
        names none is answered "That click did not name ``what``." (``what``: "a card of the
        hand", "a choice of this question")."""

        def handler(message: Message) -> object:
            number = self._int(message, key)
            if number is None:
                self.say(None, f"That click did not name {what}.")
                return None
            return action(number)

        return handler

    # -- drawing ---------------------------------------------------------------------------------
    def say(self, ok: bool | None, text: str) -> None:
        """Set the feedback shown to the learner."""
        self.ok = ok
        self.feedback = text

    def redraw(self) -> None:
        """Render the panel again from the Python state."""
        self.html = self._render()

    def _render(self) -> str:
        """The panel's HTML; each lesson widget draws its own, around the feedback."""
        return self._feedback_html()

    def _picture_body(self) -> str:
        """The panel as it is now, every card an ``<img>``, as a still picture."""
        with as_images():
            html = self._render()
        return inert_html(html)

    def _feedback_html(self) -> str:
        state = "none" if self.ok is None else str(self.ok).lower()
        mark = "" if self.ok is None else ("✓ " if self.ok else "✗ ")
        crash = (
            f'<div class="lp-crash" data-testid="crash">{h(self.crash)}</div>' if self.crash else ""
        )
        return (
            f'<div class="lp-feedback" role="status" aria-live="polite" data-testid="feedback" '
            f'data-ok="{state}">{h(mark + self.feedback)}</div>{crash}'
        )

    def _panel(self, title: str, body: str, testid: str) -> str:
        return (
            f'<div class="lp-lesson" data-testid="{h(testid)}"><h4>{h(title)}</h4>{body}'
            f"{self._feedback_html()}</div>"
        )
