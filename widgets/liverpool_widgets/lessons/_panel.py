"""The small base every lesson widget of lessons 02–06 shares: one HTML panel, clicks as messages.

Python owns all the state and renders the whole panel as HTML (the cards are SVG drawn by
:mod:`liverpool.render`) into the ``html`` trait; ``static/lesson_panel.js`` puts it on the
page and sends each click back as ``{"kind": ..., **data}``. :meth:`LessonPanel.handle_message`
dispatches on ``kind`` to a method ``_on_<kind>``; tests call it with the same dicts, or call
the widgets' plain Python methods. The latest answer to the learner is the ``feedback`` trait
(plain text) with ``ok`` (``True``, ``False`` or ``None`` for "no verdict yet"). Anything
unexpected raised by a click is caught and shown under the panel (the ``crash`` trait).
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets

import liverpool as lp
from liverpool.render import card_svg, cards_svg, meld_svg

__all__ = ["LessonPanel", "as_cards", "as_rules", "card_button", "h", "rules_select"]

_STATIC = Path(__file__).resolve().parent.parent / "static"

CARD_WIDTH = 64


def h(text: object) -> str:
    """Text made safe for HTML."""
    return escape(str(text), quote=True)


def as_rules(rules: lp.Rules | str | None) -> lp.Rules:
    """A preset name or a :class:`~liverpool.Rules` (``None`` is the house rules)."""
    return lp.get_rules(rules if rules is not None else "house")


def as_cards(cards: Sequence[lp.Card | str] | str) -> list[lp.Card]:
    """Cards from text (``"7H 7C JK"``) or a list of cards or card texts."""
    return lp.parse_cards(cards)


def rules_name(rules: lp.Rules) -> str:
    """The preset's name, or ``"custom"`` for rules that are no preset."""
    return rules.name if lp.PRESETS.get(rules.name) == rules else f"custom ({rules.name})"


def card_button(
    card: lp.Card,
    *,
    kind: str,
    index: int,
    testid: str,
    rules: lp.Rules,
    selected: bool = False,
    width: float = CARD_WIDTH,
    stands_for: str | None = None,
) -> str:
    """One card drawn as a button that sends ``{"kind": kind, "index": index}``."""
    svg = card_svg(card, rules=rules, width=width, selected=selected, stands_for=stands_for)
    return (
        f'<button type="button" class="lp-card-btn" data-action="{h(kind)}" data-index="{index}" '
        f'data-testid="{h(testid)}" aria-pressed="{str(selected).lower()}" '
        f'title="{h(card)}">{svg}</button>'
    )


def button(label: str, kind: str, testid: str, *, primary: bool = False, **data: object) -> str:
    """A text button that sends ``{"kind": kind, **data}``."""
    attrs = "".join(f' data-{h(k)}="{h(v)}"' for k, v in data.items())
    cls = "lp-btn lp-primary" if primary else "lp-btn"
    return (
        f'<button type="button" class="{cls}" data-action="{h(kind)}" data-testid="{h(testid)}"'
        f"{attrs}>{h(label)}</button>"
    )


def rules_select(current: lp.Rules, testid: str = "rules") -> str:
    """A drop-down of the presets that sends ``{"kind": "rules", "value": name}``."""
    options = "".join(
        f'<option value="{h(name)}"{" selected" if name == current.name else ""}>{h(name)}</option>'
        for name in lp.PRESETS
    )
    return (
        f'<label class="lp-muted">Rules: <select data-action="rules" data-testid="{h(testid)}">'
        f"{options}</select></label>"
    )


def row_svg(cards: Sequence[lp.Card], rules: lp.Rules, *, label: str | None = None) -> str:
    """Cards side by side (not clickable)."""
    return cards_svg(cards, rules=rules, width=CARD_WIDTH, overlap=0.3, label=label)


def meld_picture(meld: lp.Meld, rules: lp.Rules) -> str:
    """A meld with its wilds captioned and its description under it."""
    return meld_svg(meld, rules=rules, width=CARD_WIDTH)


def jokerless(cards: Sequence[lp.Card], rules: lp.Rules) -> str | None:
    """The engine's refusal when ``cards`` hold a joker and ``rules`` play without jokers (a
    joker is no card of that game), else ``None``."""
    if rules.has_jokers or not any(card.is_joker for card in cards):
        return None
    verdict = lp.check_set([lp.Card.parse("JK")] * 3, rules)
    return None if verdict else verdict.reason


def wild_words(rules: lp.Rules) -> str:
    """Which cards are wild under ``rules``, in words: ``"jokers and 2s"``."""
    names = (["jokers"] if rules.has_jokers else []) + [
        f"{r.symbol}s" for r in sorted(rules.wild_ranks)
    ]
    return " and ".join(names) if names else "none"


class LessonPanel(anywidget.AnyWidget):  # type: ignore[misc]
    """Base of the lesson widgets: renders :meth:`_render` into ``html``, dispatches clicks."""

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
    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        del widget, buffers
        self.handle_message(content)

    def handle_message(self, content: Any) -> None:
        """Handle one click from the front end. Never raises: a surprise is shown as ``crash``."""
        try:
            if not isinstance(content, dict):
                self.say(None, f"The widget received a message it cannot read: {content!r}")
                return
            kind = content.get("kind")
            handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
            if handler is None:
                self.say(None, f"The widget does not know the click {kind!r}.")
                return
            handler(content)
        except Exception as exc:  # shown under the widget, never lost
            lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
            self.crash = f"{type(exc).__name__}: {exc}\n\n" + "".join(lines[-3:]).strip()
        self.redraw()

    def _on_rules(self, content: dict[str, Any]) -> None:
        name = content.get("value")
        if name not in lp.PRESETS:
            self.say(
                None, f"There are no rules called {name!r}: pick one of {', '.join(lp.PRESETS)}."
            )
            return
        self.set_rules(str(name))

    def _on_deal(self, content: dict[str, Any]) -> None:
        deal = self._int(content, "value")
        if deal is None or not 1 <= deal <= self._rules.deals:
            self.say(None, f"Choose a deal from 1 to {self._rules.deals}.")
            return
        self.set_deal(deal)

    # -- the choices every lesson offers (each widget says what changes) -------------------------
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
    def _int(content: dict[str, Any], key: str) -> int | None:
        value = content.get(key)
        if isinstance(value, bool):
            return None
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value)
        return None

    def _card_clicked(self, content: dict[str, Any], whose: str) -> int | None:
        """The card index a click names, or ``None`` after telling the learner it named none
        (``whose``: "the hand", "your hand", "the tray")."""
        index = self._int(content, "index")
        if index is None:
            self.say(None, f"That click did not name a card of {whose}.")
        return index

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
