"""Cards to look at in a notebook: the :class:`Hand` value and :func:`show`.

``lp.show("7H 8H JK")`` (or ``lp.Hand(lp.parse_cards("7H 8H JK"))``) is a small frozen value
that a notebook draws as a row of cards. Like every display hook in the engine, it imports the
drawing module (:mod:`liverpool.render`) only when it is drawn, so importing ``liverpool``
stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .cards import Card, parse_cards
from .presets import PRESETS, get_rules
from .rules import Rules

__all__ = ["Hand", "show"]


@dataclass(frozen=True, slots=True, init=False)
class Hand:
    """Some cards in the order given, drawn as an overlapping row in a notebook.

    ``cards`` may be cards or card text (``Hand("7H 8H JK")``). ``rules`` (a
    :class:`~liverpool.Rules` or a preset name) decides which cards are marked wild — jokers
    always are; ``four_color`` draws diamonds blue and clubs green. Iterating, ``len`` and
    indexing work as on the tuple of cards.
    """

    cards: tuple[Card, ...]
    rules: Rules | None
    four_color: bool

    def __init__(
        self,
        cards: Iterable[Card | str] | str = (),
        *,
        rules: Rules | str | None = None,
        four_color: bool = False,
    ) -> None:
        object.__setattr__(self, "cards", tuple(parse_cards(cards)))
        object.__setattr__(self, "rules", None if rules is None else get_rules(rules))
        object.__setattr__(self, "four_color", bool(four_color))

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def __repr__(self) -> str:
        text = " ".join(c.code for c in self.cards)
        options = ""
        if self.rules is not None:
            named = PRESETS.get(self.rules.name) == self.rules
            options += f", rules={self.rules.name!r}" if named else f", rules={self.rules!r}"
        if self.four_color:
            options += ", four_color=True"
        return f"Hand({text!r}{options})"

    def _repr_svg_(self) -> str:
        """The cards drawn in a row (the drawing module is imported only now)."""
        from .render import cards_svg

        return cards_svg(self.cards, rules=self.rules, four_color=self.four_color)

    def _repr_html_(self) -> str:
        """The row as HTML ``<img>`` cards: a notebook opened cold (untrusted, or rendered
        statically) keeps an image with a ``data:`` address, where it strips an inline
        ``<svg>``, and HTML outranks the SVG beside it."""
        from .render import cards_html

        return (
            '<div class="lp-hand">'
            f"{cards_html(self.cards, rules=self.rules, four_color=self.four_color)}</div>"
        )


def show(
    cards: Iterable[Card | str] | str, *, rules: Rules | str | None = None, four_color: bool = False
) -> Hand:
    """Cards as a :class:`Hand` a notebook draws: ``lp.show("7H 8H JK", rules="classic")``."""
    return Hand(cards, rules=rules, four_color=four_color)
