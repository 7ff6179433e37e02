"""Our own SVG playing cards, and HTML for melds, verdicts and the table (standard library only).

Everything here returns text: an ``<svg>`` for cards and melds (``card_svg``, ``cards_svg``,
``meld_svg``), and HTML for the same pictures (``card_img``, ``cards_html``, ``meld_html``), a
verdict or a whole table (``verdict_html``, ``view_html``, ``game_html``). The engine's values
call these from their ``_repr_svg_`` and ``_repr_html_`` methods, importing this module inside
the method, so ``import liverpool`` costs nothing for display. Options are keyword-only::

    from liverpool.render import card_svg, cards_svg, cards_html
    card_svg(Card.parse("10H"), width=120, four_color=True)
    cards_svg(parse_cards("7H 8H JK"), rules=PRESETS["classic"])
    cards_html(parse_cards("7H 8H JK"), rules=PRESETS["classic"])

The HTML never holds an inline ``<svg>``: each card is an ``<img src="data:image/svg+xml;base64,
…">`` of exactly the ``<svg>`` that :func:`card_svg` draws, with the card's name as its ``alt``
text (and the ``data-card`` attribute below). A notebook that is not trusted (opened cold, not
run) strips inline ``<svg>`` from HTML outputs but keeps such images, and static renders
(``jupyter nbconvert --to html``, GitHub, nbviewer) show them too. A row of face-down cards is
one image (``alt``: whose hand and how many), the back drawn once inside it.

Each card is drawn in a 100 x 140 box (scaled to ``width`` pixels) with large corner indices,
a pip layout, suit colours (an optional four-colour deck), a distinct joker, a patterned back,
a gold frame and "W" badge on wild cards, and, in a meld, a caption saying what a wild stands
for. Every card is an ``<svg role="img">`` with an ``aria-label`` (its name: ``"ten of
hearts"``), a ``<title>`` and a ``data-card`` attribute (its code: ``"10H"``; ``"back"`` for a
face-down card). Output is deterministic and well-formed XML: no random ids (no ids at all,
but the fixed one inside a face-down row's image), and no HTML-only entities, so notebook outputs
compare equal run after run.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING

from .cards import Card, CardsGiven, Rank, Suit, as_cards, card_of
from .rules import rules_given
from .words import counted, with_article

if TYPE_CHECKING:
    from .game import Game
    from .melds import Meld, Verdict
    from .rules import Rules
    from .table_model import MeldGroup, Piles, ScorePad, SeatInfo, TableModel
    from .view import PlayerView

__all__ = [
    "DEFAULT_WIDTH",
    "card_img",
    "card_label",
    "card_svg",
    "cards_html",
    "cards_svg",
    "game_html",
    "meld_html",
    "meld_svg",
    "table_html",
    "verdict_html",
    "view_html",
]

DEFAULT_WIDTH = 80
"""A card's width in pixels unless told otherwise (its height is 1.4 times the width)."""

_UW, _UH = 100, 140  # the card's own drawing units
_RATIO = _UH / _UW
_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
_NS = "http://www.w3.org/2000/svg"

# Colours: ink for the two-colour deck, and the four-colour deck (spades black, hearts red,
# diamonds blue, clubs green).
_BLACK = "#1b1d22"
_RED = "#d22630"
_FOUR = {
    Suit.SPADES: _BLACK,
    Suit.HEARTS: _RED,
    Suit.DIAMONDS: "#1b5fd1",
    Suit.CLUBS: "#137a3a",
}
_GOLD = "#e8a317"
_GOLD_DARK = "#9a6700"
_JOKER = "#6b2fd6"
_EDGE = "#b9c0cb"
_SELECT = "#1f6feb"
_BACK = "#1d3f8f"
_BACK_LINE = "#5d7fd0"

# Suit pips drawn as paths in a 100 x 100 box, so no font is needed for the signs.
_PIP_PATHS = {
    Suit.HEARTS: (
        "M50 93C28 74 3 56 3 31C3 15 15 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5"
        "C85 5 97 15 97 31C97 56 72 74 50 93Z"
    ),
    Suit.DIAMONDS: "M50 2C62 20 74 36 90 50C74 64 62 80 50 98C38 80 26 64 10 50C26 36 38 20 50 2Z",
    Suit.SPADES: (
        "M50 3C63 22 95 38 95 62C95 77 84 86 72 86C63 86 57 82 53 75C54 86 59 93 68 97H32"
        "C41 93 46 86 47 75C43 82 37 86 28 86C16 86 5 77 5 62C5 38 37 22 50 3Z"
    ),
    Suit.CLUBS: (
        "M50 4A21 21 0 1 1 49.9 4ZM27 38A21 21 0 1 1 26.9 38ZM73 38A21 21 0 1 1 72.9 38Z"
        "M50 36L66 62L34 62ZM46 58C46 78 42 88 32 97H68C58 88 54 78 54 58Z"
    ),
}

# Pip positions for 2-10 as (column, row): columns 0 1 2 (left, centre, right), rows 0..6 from
# top to bottom; pips below the middle are drawn upside down, as on printed cards.
_PIP_LAYOUT: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0), (1, 6)),
    3: ((1, 0), (1, 3), (1, 6)),
    4: ((0, 0), (2, 0), (0, 6), (2, 6)),
    5: ((0, 0), (2, 0), (1, 3), (0, 6), (2, 6)),
    6: ((0, 0), (2, 0), (0, 3), (2, 3), (0, 6), (2, 6)),
    7: ((0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (0, 6), (2, 6)),
    8: ((0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (1, 4.5), (0, 6), (2, 6)),
    9: ((0, 0), (2, 0), (0, 2), (2, 2), (1, 3), (0, 4), (2, 4), (0, 6), (2, 6)),
    10: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2), (0, 4), (2, 4), (1, 5), (0, 6), (2, 6)),
}
_PIP_COLUMNS = (36.0, 50.0, 64.0)
_PIP_TOP, _PIP_STEP, _PIP_SIZE = 26.0, 14.67, 15.0
_RANK_BY_SYMBOL = {r.symbol: r for r in Rank}
_SUIT_BY_SYMBOL = {s.symbol: s for s in Suit}


# -- small helpers -----------------------------------------------------------------------------


def _n(value: float) -> str:
    """A number for an attribute: at most two decimals, no trailing zeros (deterministic)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attr(text: str) -> str:
    return escape(text, quote=True)


def _text_width(text: str, size: float) -> float:
    """A rough width of bold sans-serif text, enough to size pills and captions."""
    width = 0.0
    for ch in text:
        if ch == " ":
            width += 0.3
        elif ch in "il1.,:;|'!":
            width += 0.34
        elif ch in "mwMW@":
            width += 0.9
        elif ord(ch) > 0x2000:
            width += 1.0
        elif ch.isdigit():
            width += 0.72
        else:
            width += 0.66
    return width * size


def _suit_colour(suit: Suit, four_color: bool) -> str:
    if four_color:
        return _FOUR[suit]
    return _RED if suit.is_red else _BLACK


def _pip(suit: Suit, cx: float, cy: float, size: float, colour: str, *, flip: bool = False) -> str:
    """A suit sign centred on (cx, cy), ``size`` units across."""
    scale = size / 100
    if flip:
        transform = f"translate({_n(cx)} {_n(cy)}) rotate(180) "
        transform += f"translate({_n(-size / 2)} {_n(-size / 2)}) scale({_n(scale)})"
    else:
        transform = f"translate({_n(cx - size / 2)} {_n(cy - size / 2)}) scale({_n(scale)})"
    return f'<path d="{_PIP_PATHS[suit]}" fill="{colour}" transform="{transform}"/>'


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    """The points of a five-pointed star (rounded to two decimals, so always the same text)."""
    points = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        angle = math.pi * k / 5 - math.pi / 2
        points.append(f"{_n(cx + r * math.cos(angle))},{_n(cy + r * math.sin(angle))}")
    return " ".join(points)


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float,
    fill: str,
    weight: int = 700,
    anchor: str = "middle",
    extra: str = "",
) -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-family="{_attr(_FONT)}" font-size="{_n(size)}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}"{extra}>'
        f"{escape(text, quote=False)}</text>"
    )


def _parse_stand(text: str) -> tuple[Rank | None, Suit | None]:
    """Read what a wild stands for, as :meth:`Meld.stands_for` writes it: ``'7♥'`` or ``'7'``."""
    text = text.strip()
    suit = _SUIT_BY_SYMBOL.get(text[-1:]) if text else None
    rank_text = text[:-1] if suit else text
    return _RANK_BY_SYMBOL.get(rank_text), suit


def _stand_words(text: str) -> str:
    rank, suit = _parse_stand(text)
    if rank is None:
        return text
    if suit is None:
        return with_article(rank.word)
    return f"the {rank.word} of {suit.word}"


def _card(card: Card | str) -> Card:
    """A card given to a public function here, or card text (``card_svg("7H")``) read as one."""
    return card if isinstance(card, Card) else card_of(card)


def _rules(rules: Rules | str | None) -> Rules | None:
    """The rules given to a public function here: a :class:`Rules`, a preset's name, or
    ``None`` (then only jokers are taken as wild)."""
    return None if rules is None else rules_given(rules)


def card_label(
    card: Card | str,
    *,
    wild: bool = False,
    face_down: bool = False,
    stands_for: str | None = None,
    selected: bool = False,
) -> str:
    """The accessible name of a drawn card: ``'ten of hearts'``, ``'joker'``, ``'two of clubs
    (wild)'``, ``'wild joker standing for the seven of hearts'``, ``'face-down card'``."""
    card = _card(card)
    if face_down:
        text = "face-down card"
    elif stands_for:
        text = f"wild {card.name} standing for {_stand_words(stands_for)}"
    elif wild and not card.is_joker:
        text = f"{card.name} (wild)"
    else:
        text = card.name
    return text + (", selected" if selected else "")


# -- one card ----------------------------------------------------------------------------------


def _index(card: Card, colour: str) -> list[str]:
    """The corner index (rank over suit) in the top-left corner."""
    assert card.rank is not None and card.suit is not None
    symbol = card.rank.symbol
    extra = ' textLength="23" lengthAdjust="spacingAndGlyphs"' if len(symbol) > 1 else ""
    return [
        _text(14, 30, symbol, size=27, fill=colour, extra=extra),
        _pip(card.suit, 14, 44, 16, colour),
    ]


def _joker_index() -> list[str]:
    parts = [f'<polygon points="{_star(15, 16, 9, 3.8)}" fill="{_JOKER}"/>']
    for k, letter in enumerate("JOKER"):
        parts.append(_text(15, 38 + 12.5 * k, letter, size=13, fill=_JOKER))
    return parts


def _centre(card: Card, colour: str) -> list[str]:
    """The middle of a face-up card: pips, a big ace, a framed court card or the joker."""
    if card.rank is None or card.suit is None:
        return [
            '<circle cx="50" cy="70" r="29" fill="#f1eafe"/>',
            f'<polygon points="{_star(50, 71, 25, 10)}" fill="{_JOKER}" stroke="{_GOLD}" '
            'stroke-width="2" stroke-linejoin="round"/>',
        ]
    rank = int(card.rank)
    if card.rank is Rank.ACE:
        return [_pip(card.suit, 50, 70, 46, colour)]
    if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        return [
            f'<rect x="29" y="15" width="42" height="110" rx="6" fill="{colour}" '
            'fill-opacity="0.07"/>',
            f'<rect x="29" y="15" width="42" height="110" rx="6" fill="none" '
            f'stroke="{colour}" stroke-width="1.5"/>',
            _pip(card.suit, 50, 32, 15, colour),
            _text(50, 87, card.rank.symbol, size=46, fill=colour),
            _pip(card.suit, 50, 108, 15, colour, flip=True),
        ]
    parts = []
    for column, row in _PIP_LAYOUT[rank]:
        cy = _PIP_TOP + row * _PIP_STEP
        parts.append(_pip(card.suit, _PIP_COLUMNS[column], cy, _PIP_SIZE, colour, flip=row > 3))
    return parts


def _stands_pill(stands_for: str, four_color: bool) -> list[str]:
    """The caption on a wild in a meld: ``= 7♥`` in a gold pill along the bottom left."""
    rank, suit = _parse_stand(stands_for)
    size = 19.0
    body = rank.symbol if rank else stands_for
    colour = _suit_colour(suit, four_color) if suit else _BLACK
    # Fixed text lengths keep the layout the same whatever font the browser picks.
    eq_width, body_width = 0.6 * size, 0.64 * size * len(body)
    x_body = 11 + eq_width + 3
    x_pip = x_body + body_width + 3
    right = x_pip + (14 if suit else 0) + 6
    fit = ' lengthAdjust="spacingAndGlyphs" textLength="{}"'
    return [
        f'<rect x="4" y="105" width="{_n(right - 4)}" height="29" rx="9" fill="#fff6d6" '
        f'stroke="{_GOLD}" stroke-width="1.5"/>',
        _text(
            11, 126, "=", size=size, fill=_GOLD_DARK, anchor="start", extra=fit.format(_n(eq_width))
        ),
        _text(
            x_body,
            126,
            body,
            size=size,
            fill=colour,
            anchor="start",
            extra=fit.format(_n(body_width)),
        ),
        *([_pip(suit, x_pip + 7, 119.5, 14, colour)] if suit else []),
    ]


def _back() -> list[str]:
    """A face-down card: a blue lattice in a white border, with a small emblem."""
    x0, y0, x1, y1 = 10.0, 10.0, 90.0, 130.0
    lines = []
    step = 10.0
    c = y0 - x1
    while c <= y1 - x0:
        # y = x + c, clipped to the box
        xa, xb = max(x0, y0 - c), min(x1, y1 - c)
        if xa < xb:
            lines.append(f"M{_n(xa)} {_n(xa + c)}L{_n(xb)} {_n(xb + c)}")
        c += step
    c = x0 + y0
    while c <= x1 + y1:
        # y = c - x, clipped to the box
        xa, xb = max(x0, c - y1), min(x1, c - y0)
        if xa < xb:
            lines.append(f"M{_n(xa)} {_n(c - xa)}L{_n(xb)} {_n(c - xb)}")
        c += step
    pips = [
        _pip(Suit.SPADES, 50, 61, 9, "#ffffff"),
        _pip(Suit.HEARTS, 59, 70, 9, "#ffffff"),
        _pip(Suit.CLUBS, 50, 79, 9, "#ffffff"),
        _pip(Suit.DIAMONDS, 41, 70, 9, "#ffffff"),
    ]
    return [
        f'<rect x="6" y="6" width="88" height="128" rx="6" fill="{_BACK}"/>',
        f'<path d="{"".join(lines)}" stroke="{_BACK_LINE}" stroke-width="1.4" fill="none"/>',
        '<rect x="10" y="10" width="80" height="120" rx="3" fill="none" stroke="#ffffff" '
        'stroke-opacity="0.55" stroke-width="1.2"/>',
        f'<circle cx="50" cy="70" r="19" fill="{_BACK}" stroke="#ffffff" stroke-width="2"/>',
        *pips,
    ]


@lru_cache(maxsize=2048)
def _card_body(
    card: Card,
    wild: bool,
    four_color: bool,
    face_down: bool,
    stands_for: str | None,
    selected: bool,
) -> str:
    """Everything inside one card's 100 x 140 box (the same text for the same card, so it is
    cached: a table draws the same few cards many times)."""
    face = "#fffaf0" if wild and not face_down else "#ffffff"
    parts = [
        f'<rect x="1" y="1" width="98" height="138" rx="9" fill="{face}" stroke="{_EDGE}" '
        'stroke-width="1.5"/>'
    ]
    if face_down:
        parts += _back()
    else:
        if card.suit is None:
            colour = _JOKER
            index = _joker_index()
        else:
            colour = _suit_colour(card.suit, four_color)
            index = _index(card, colour)
        parts += _centre(card, colour)
        parts += index
        parts.append(f'<g transform="rotate(180 50 70)">{"".join(index)}</g>')
        if wild:
            parts.append(
                f'<rect class="lp-wild" x="4" y="4" width="92" height="132" rx="6.5" '
                f'fill="none" stroke="{_GOLD}" stroke-width="3"/>'
            )
            if not card.is_joker:
                parts.append(
                    f'<g class="lp-wild-badge"><circle cx="15" cy="67" r="10" fill="{_GOLD}"/>'
                    + _text(15, 71.5, "W", size=12.5, fill="#3a2600")
                    + "</g>"
                )
        if stands_for:
            parts += _stands_pill(stands_for, four_color)
    if selected:
        parts.append(
            f'<rect class="lp-selected" x="2.5" y="2.5" width="95" height="135" rx="8" '
            f'fill="{_SELECT}" fill-opacity="0.08" stroke="{_SELECT}" stroke-width="5"/>'
        )
    return "".join(parts)


def _card_element(
    card: Card,
    *,
    x: float | None,
    y: float | None,
    width: float,
    rules: Rules | None,
    four_color: bool,
    face_down: bool,
    stands_for: str | None,
    selected: bool,
    label: str | None,
) -> str:
    """One card as an ``<svg>``: standalone when ``x`` is ``None``, else nested at (x, y)."""
    wild, stands_for, name, code = _card_facts(
        card,
        rules=rules,
        face_down=face_down,
        stands_for=stands_for,
        selected=selected,
        label=label,
    )
    where = f'xmlns="{_NS}"' if x is None or y is None else f'x="{_n(x)}" y="{_n(y)}"'
    attrs = (
        f'{where} width="{_n(width)}" height="{_n(width * _RATIO)}" viewBox="0 0 {_UW} {_UH}" '
        f'class="lp-card" role="img" aria-label="{_attr(name)}" '
        f"{_data_attrs(code, wild, stands_for, selected)}"
    )
    body = _card_body(card, wild, four_color, face_down, stands_for, selected)
    return f"<svg {attrs}><title>{escape(name, quote=False)}</title>{body}</svg>"


def _card_facts(
    card: Card,
    *,
    rules: Rules | None,
    face_down: bool,
    stands_for: str | None,
    selected: bool,
    label: str | None,
) -> tuple[bool, str | None, str, str]:
    """A drawn card's ``(wild, stands_for, accessible name, data-card code)``."""
    wild = not face_down and (card.is_joker or (rules is not None and rules.is_wild(card)))
    if face_down:
        stands_for = None
    name = label or card_label(
        card, wild=wild, face_down=face_down, stands_for=stands_for, selected=selected
    )
    return wild, stands_for, name, "back" if face_down else card.code


def _data_attrs(code: str, wild: bool, stands_for: str | None, selected: bool) -> str:
    """The ``data-*`` attributes of a drawn card (the same on its ``<svg>`` and its ``<img>``)."""
    attrs = f'data-card="{code}"'
    if wild:
        attrs += ' data-wild="true"'
    if stands_for:
        attrs += f' data-stands-for="{_attr(stands_for)}"'
    if selected:
        attrs += ' data-selected="true"'
    return attrs


def card_svg(
    card: Card | str,
    *,
    rules: Rules | str | None = None,
    width: float = DEFAULT_WIDTH,
    four_color: bool = False,
    face_down: bool = False,
    stands_for: str | None = None,
    selected: bool = False,
    label: str | None = None,
) -> str:
    """One card as a standalone ``<svg>``, ``width`` pixels wide (1.4 times as tall).

    ``rules`` decides which cards are wild (jokers always are): a wild card gets a gold frame
    and, unless it is a joker, a "W" badge. ``stands_for`` (``'7♥'`` or ``'7'``, as
    :meth:`Meld.stands_for <liverpool.Meld.stands_for>` writes it) adds the caption ``= 7♥``.
    ``face_down`` draws the back, which says nothing about the card. ``selected`` draws a blue
    ring. ``label`` replaces the accessible name (the card's name by default). The card may be
    given as card text (``"10H"``), the rules as a preset's name.
    """
    return _card_element(
        _card(card),
        x=None,
        y=None,
        width=width,
        rules=_rules(rules),
        four_color=four_color,
        face_down=face_down,
        stands_for=stands_for,
        selected=selected,
        label=label,
    )


# -- rows of cards -----------------------------------------------------------------------------


def _slot(x: float | None, y: float | None, width: float, text: str) -> str:
    """An empty place where a card could lie (an empty discard pile, an empty hand):
    standalone when ``x`` is ``None``, else nested at (x, y)."""
    where = f'xmlns="{_NS}"' if x is None or y is None else f'x="{_n(x)}" y="{_n(y)}"'
    return (
        f'<svg {where} width="{_n(width)}" height="{_n(width * _RATIO)}" '
        f'viewBox="0 0 {_UW} {_UH}" role="img" aria-label="{_attr(text)}" class="lp-slot">'
        f"<title>{escape(text, quote=False)}</title>"
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="#ffffff" fill-opacity="0.06" '
        'stroke="#9aa3ad" stroke-width="2" stroke-dasharray="7 5"/>'
        + _text(50, 75, text, size=14, fill="#9aa3ad", weight=600)
        + "</svg>"
    )


def _row(
    cards: Sequence[Card],
    *,
    rules: Rules | None,
    width: float,
    overlap: float,
    four_color: bool,
    face_down: bool,
    selected: Collection[int],
    stands_for: Sequence[str | None] | None,
    empty: str,
    extra_height: float = 0,
) -> tuple[list[str], float, float]:
    """The nested card elements of a row, with the row's width and height in pixels."""
    height = width * _RATIO
    lift = round(height * 0.12, 2) if selected else 0.0
    step = width * (1 - overlap)
    if not cards:
        return [_slot(0, lift, width, empty)], width, height + lift + extra_height
    parts = []
    for i, card in enumerate(cards):
        chosen = i in selected
        parts.append(
            _card_element(
                card,
                x=i * step,
                y=0 if chosen else lift,
                width=width,
                rules=rules,
                four_color=four_color,
                face_down=face_down,
                stands_for=stands_for[i] if stands_for and i < len(stands_for) else None,
                selected=chosen,
                label=None,
            )
        )
    total = step * (len(cards) - 1) + width
    return parts, total, height + lift + extra_height


def _group_svg(
    parts: Sequence[str], width: float, height: float, label: str, cls: str, extra: str = ""
) -> str:
    return (
        f'<svg xmlns="{_NS}" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" role="group" aria-label="{_attr(label)}" '
        f'class="{cls}" style="max-width:100%;height:auto"{extra}>{"".join(parts)}</svg>'
    )


def _row_name(count: int, overlap: float, face_down: bool, label: str | None) -> str:
    """A row's accessible name (``label``, else ``"3 cards"`` or ``"3 cards, face down"``),
    once ``overlap`` is checked: the SVG and the HTML row share both."""
    if not 0 <= overlap < 1:
        raise ValueError(f"overlap must be at least 0 and less than 1, not {overlap!r}")
    cards = counted(count, "card")
    return label or (f"{cards}, face down" if face_down else cards)


def cards_svg(
    cards: CardsGiven,
    *,
    rules: Rules | str | None = None,
    width: float = DEFAULT_WIDTH,
    overlap: float = 0.55,
    four_color: bool = False,
    face_down: bool = False,
    selected: Collection[int] = (),
    stands_for: Sequence[str | None] | None = None,
    label: str | None = None,
) -> str:
    """A row of cards, each overlapping the one before by ``overlap`` of a card's width (0 puts
    them edge to edge; the default leaves each card's index and wild badge in view).

    ``selected`` holds the positions drawn raised and ringed; ``stands_for[i]`` captions a wild
    at position ``i``; ``label`` is the row's accessible name (``"3 cards"`` by default). An
    empty row draws a dashed empty place. Other options are as for :func:`card_svg`; the cards
    may be given as card text (``"7H 8H JK"``).
    """
    cards = as_cards(cards)
    name = _row_name(len(cards), overlap, face_down, label)
    parts, w, h = _row(
        cards,
        rules=_rules(rules),
        width=width,
        overlap=overlap,
        four_color=four_color,
        face_down=face_down,
        selected=selected,
        stands_for=stands_for,
        empty="empty",
    )
    return _group_svg(parts, w, h, name, "lp-cards")


def _wild_positions(meld: Meld, rules: Rules | None) -> list[int]:
    if rules is not None:
        return meld.wild_positions(rules)
    return [i for i, c in enumerate(meld.cards) if c.is_joker]


def meld_svg(
    meld: Meld,
    *,
    rules: Rules | str | None = None,
    width: float = DEFAULT_WIDTH,
    overlap: float = 0.3,
    four_color: bool = False,
    caption: bool = True,
) -> str:
    """A meld's cards in their order, each wild captioned with what it stands for, and under
    them the meld in words (``run of ♥ 5-8``).

    Without ``rules`` only jokers are taken as wild. The row's accessible name is the full
    description, wilds included (``run of ♥ 5-8 (🃏 as 7♥)``).
    """
    rules = _rules(rules)
    wilds = set(_wild_positions(meld, rules))
    stands = [meld.stands_for(i) if i in wilds else None for i in range(len(meld.cards))]
    described = meld.describe(rules)
    # The cards carry their own "= 7♥" captions, so the visible caption leaves the notes out.
    short = described.split(" (", 1)[0]
    size = max(12.0, round(width * 0.19, 1))
    cap_height = size + 10 if caption else 0
    parts, w, h = _row(
        meld.cards,
        rules=rules,
        width=width,
        overlap=overlap,
        four_color=four_color,
        face_down=False,
        selected=(),
        stands_for=stands,
        empty="empty",
        extra_height=cap_height,
    )
    if caption:
        w = max(w, _text_width(short, size) * 0.85 + 4)
        parts.append(
            f'<text class="lp-meld-caption" x="0" y="{_n(h - 5)}" font-family="{_attr(_FONT)}" '
            f'font-size="{_n(size)}" font-weight="600" fill="currentColor">'
            f"{escape(short, quote=False)}</text>"
        )
    return _group_svg(parts, w, h, described, "lp-meld", f' data-kind="{meld.kind}"')


# -- the same pictures as <img> elements, for HTML --------------------------------------------

_DATA_SVG = "data:image/svg+xml;base64,"


@lru_cache(maxsize=1024)
def _data_uri(svg: str) -> str:
    """``svg`` as a ``data:`` URI (cached: a table shows the same few cards again and again)."""
    return _DATA_SVG + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _img(
    svg: str, *, width: float, height: float, alt: str, cls: str, extra: str = "", style: str = ""
) -> str:
    """``svg`` as an ``<img>`` with ``alt`` text (also its tooltip), well-formed XML."""
    styled = f' style="{style}"' if style else ""
    return (
        f'<img src="{_data_uri(svg)}" alt="{_attr(alt)}" title="{_attr(alt)}" '
        f'width="{_n(width)}" height="{_n(height)}" class="{cls}"{extra}{styled}/>'
    )


def _card_img(
    card: Card,
    *,
    width: float,
    rules: Rules | None,
    four_color: bool,
    face_down: bool,
    stands_for: str | None,
    selected: bool,
    label: str | None,
    style: str = "",
) -> str:
    svg = card_svg(
        card,
        rules=rules,
        width=width,
        four_color=four_color,
        face_down=face_down,
        stands_for=stands_for,
        selected=selected,
        label=label,
    )
    wild, stands_for, name, code = _card_facts(
        card,
        rules=rules,
        face_down=face_down,
        stands_for=stands_for,
        selected=selected,
        label=label,
    )
    return _img(
        svg,
        width=width,
        height=width * _RATIO,
        alt=name,
        cls="lp-card",
        extra=" " + _data_attrs(code, wild, stands_for, selected),
        style=style,
    )


def card_img(
    card: Card | str,
    *,
    rules: Rules | str | None = None,
    width: float = DEFAULT_WIDTH,
    four_color: bool = False,
    face_down: bool = False,
    stands_for: str | None = None,
    selected: bool = False,
    label: str | None = None,
) -> str:
    """One card as an HTML ``<img>`` of the very ``<svg>`` :func:`card_svg` draws (same options),
    embedded as ``data:image/svg+xml;base64,…``; its ``alt`` text is the card's accessible name
    and it carries the same ``data-card`` (and ``data-wild``, ``data-stands-for``,
    ``data-selected``) attributes."""
    return _card_img(
        _card(card),
        width=width,
        rules=_rules(rules),
        four_color=four_color,
        face_down=face_down,
        stands_for=stands_for,
        selected=selected,
        label=label,
    )


def _slot_img(width: float, text: str, *, top: float = 0) -> str:
    style = f"margin-top:{_n(top)}px" if top else ""
    return _img(
        _slot(None, None, width, text),
        width=width,
        height=width * _RATIO,
        alt=text,
        cls="lp-slot",
        style=style,
    )


def _row_imgs(
    cards: Sequence[Card],
    *,
    rules: Rules | None,
    width: float,
    overlap: float,
    four_color: bool,
    selected: Collection[int],
    stands_for: Sequence[str | None] | None,
    empty: str,
) -> str:
    """The ``<img>`` of each card of a row, laid out as :func:`_row` places them: each card
    over the one before by ``overlap`` of a width, the selected ones raised."""
    lift = round(width * _RATIO * 0.12, 2) if selected else 0.0
    if not cards:
        return _slot_img(width, empty, top=lift)
    shift = f"margin-left:-{_n(width * overlap)}px" if overlap else ""
    imgs = []
    for i, card in enumerate(cards):
        chosen = i in selected
        style = [shift] if i and shift else []
        if lift and not chosen:
            style.append(f"margin-top:{_n(lift)}px")
        imgs.append(
            _card_img(
                card,
                width=width,
                rules=rules,
                four_color=four_color,
                face_down=False,
                stands_for=stands_for[i] if stands_for and i < len(stands_for) else None,
                selected=chosen,
                label=None,
                style=";".join(style),
            )
        )
    return "".join(imgs)


_ROW_STYLE = "display:inline-flex;align-items:flex-start;vertical-align:top;max-width:100%"


def _group_html(inner: str, label: str, cls: str, extra: str = "") -> str:
    return (
        f'<span class="{cls}" role="group" aria-label="{_attr(label)}"{extra} '
        f'style="{_ROW_STYLE}">{inner}</span>'
    )


def cards_html(
    cards: CardsGiven,
    *,
    rules: Rules | str | None = None,
    width: float = DEFAULT_WIDTH,
    overlap: float = 0.55,
    four_color: bool = False,
    face_down: bool = False,
    selected: Collection[int] = (),
    stands_for: Sequence[str | None] | None = None,
    label: str | None = None,
) -> str:
    """The row :func:`cards_svg` draws (same options), as HTML: a ``<span role="group">`` of one
    :func:`card_img` per card, overlapping and raised as in the SVG. Face-down cards are one
    image of the whole row (its ``alt`` is ``label``, ``"3 cards, face down"`` by default)."""
    cards = as_cards(cards)
    name = _row_name(len(cards), overlap, face_down, label)
    if face_down:
        return _backs_html(len(cards), width=width, overlap=overlap, label=name)
    row = _row_imgs(
        cards,
        rules=_rules(rules),
        width=width,
        overlap=overlap,
        four_color=four_color,
        selected=selected,
        stands_for=stands_for,
        empty="empty",
    )
    return _group_html(row, name, "lp-cards")


def _backs_html(count: int, *, width: float, overlap: float, label: str) -> str:
    """``count`` face-down cards as ONE image (alt: ``label``): the back is drawn once, in
    ``<defs>``, and used ``count`` times, so a table's hidden hands stay small. The cards
    themselves are never touched: nothing in it says what they are."""
    if not count:
        return _group_html(_slot_img(width, "none"), label, "lp-cards")
    height = width * _RATIO
    step = width * (1 - overlap)
    total = step * (count - 1) + width
    body = _card_body(Card.joker(), False, False, True, None, False)
    uses = "".join(
        f'<use href="#back" x="{_n(i * step)}" width="{_n(width)}" height="{_n(height)}"/>'
        for i in range(count)
    )
    svg = (
        f'<svg xmlns="{_NS}" width="{_n(total)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(total)} {_n(height)}"><defs><symbol id="back" '
        f'viewBox="0 0 {_UW} {_UH}">{body}</symbol></defs>{uses}</svg>'
    )
    return _img(
        svg,
        width=total,
        height=height,
        alt=label,
        cls="lp-cards lp-backs",
        extra=f' data-card="back" data-count="{count}"',
    )


def meld_html(
    meld: Meld,
    *,
    rules: Rules | str | None = None,
    width: float = DEFAULT_WIDTH,
    overlap: float = 0.3,
    four_color: bool = False,
    caption: bool = True,
) -> str:
    """The meld :func:`meld_svg` draws (same options), as HTML: its cards' images, each wild
    captioned with what it stands for, and under them the meld in words (``run of ♥ 5-8``).
    The group's accessible name is the full description."""
    rules = _rules(rules)
    wilds = set(_wild_positions(meld, rules))
    stands = [meld.stands_for(i) if i in wilds else None for i in range(len(meld.cards))]
    described = meld.describe(rules)
    row = _row_imgs(
        meld.cards,
        rules=rules,
        width=width,
        overlap=overlap,
        four_color=four_color,
        selected=(),
        stands_for=stands,
        empty="empty",
    )
    words = ""
    if caption:
        short = described.split(" (", 1)[0]
        size = max(12.0, round(width * 0.19, 1))
        words = (
            f'<span class="lp-meld-caption" style="font-family:{_FONT};font-size:{_n(size)}px;'
            f'font-weight:600;line-height:1.2">{escape(short, quote=False)}</span>'
        )
    return (
        f'<span class="lp-meld" role="group" aria-label="{_attr(described)}" '
        f'data-kind="{meld.kind}" style="display:inline-flex;flex-direction:column;gap:3px;'
        f'vertical-align:top"><span style="display:flex;align-items:flex-start">{row}</span>'
        f"{words}</span>"
    )


# -- HTML --------------------------------------------------------------------------------------

_BOX = f"font-family:{_FONT};line-height:1.35;box-sizing:border-box;"


def verdict_html(
    verdict: Verdict,
    *,
    rules: Rules | str | None = None,
    width: float = DEFAULT_WIDTH,
    four_color: bool = False,
) -> str:
    """A verdict shown as its cards and, under them, a green ``✓ legal set`` or a red
    ``✗ <reason>``. With ``rules``, wild cards are marked (and, in a legal run, captioned)."""
    from .melds import Meld
    from .rules import MeldKind

    rules = _rules(rules)
    stands: list[str | None] | None = None
    if verdict.ok and rules is not None and verdict.kind is MeldKind.RUN and verdict.cards:
        meld = Meld.build(verdict.kind, verdict.cards, rules)
        wilds = set(meld.wild_positions(rules))
        stands = [meld.stands_for(i) if i in wilds else None for i in range(len(meld.cards))]
    row = cards_html(
        verdict.cards,
        rules=rules,
        width=width,
        overlap=0.3,
        four_color=four_color,
        stands_for=stands,
    )
    if verdict.ok:
        colour, mark, text = "#157a3b", "✓", str(verdict)
    else:
        colour, mark, text = "#c0262d", "✗", verdict.reason
    code = f' data-code="{_attr(verdict.code)}"' if verdict.code else ""
    return (
        f'<div class="lp-verdict" data-ok="{str(verdict.ok).lower()}"{code} style="{_BOX}'
        'display:inline-flex;flex-direction:column;gap:6px;padding:4px;background:#fff">'
        f"<div>{row}</div>"
        f'<div role="status" style="color:{colour};font-weight:600;font-size:15px">'
        f"{mark} {escape(text, quote=False)}</div></div>"
    )


# The table: a green baize with light text; panels are faintly lighter.
_FELT = "background:linear-gradient(160deg,#1f7a4d,#145a38);color:#f3f7f4"
_PANEL = (
    "background:rgba(255,255,255,0.08);border:1px solid rgba(255,255,255,0.16);"
    "border-radius:10px;padding:8px 10px"
)
_ACTIVE = "border:2px solid #f5c542;box-shadow:0 0 0 3px rgba(245,197,66,0.25)"
_PILL = (
    "display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;"
    "margin-left:6px;vertical-align:middle"
)
_MUTED = "color:#c8dccf;font-size:13px"


def _pill(text: str, background: str, colour: str = "#10221a") -> str:
    return f'<span style="{_PILL};background:{background};color:{colour}">{_h(text)}</span>'


def _h(text: str) -> str:
    return escape(text, quote=False)


def _seen_by(name: str) -> str:
    """The table's accessible name: "as you see it" for the learner called "You" (the
    default), never "as You sees it"."""
    return (
        "Liverpool table as you see it" if name == "You" else f"Liverpool table as {name} sees it"
    )


# The table HTML draws the one table model (liverpool.table_model): the words, the notes and
# what each seat shows are decided there, once, for every screen.


def _seat_head(seat: SeatInfo) -> str:
    badges = ""
    if seat.to_act:
        badges += _pill("▶ to act", "#f5c542")
    if seat.dealer:
        badges += _pill("dealer", "rgba(255,255,255,0.85)")
    if seat.winner:
        badges += _pill("★ winner", "#f5c542")
    if seat.down:
        badges += _pill(seat.progress, "#9fe3b5")
    else:
        badges += _pill(seat.progress, "rgba(255,255,255,0.18)", "#f3f7f4")
    return (
        f'<div style="font-weight:700;font-size:15px">{_h(seat.title)}{badges}</div>'
        f'<div style="{_MUTED}">{_h(seat.facts)}</div>'
    )


def _other_seat(seat: SeatInfo, rules: Rules, four_color: bool) -> str:
    """Another player's place: name, progress, and their hand face down (or open)."""
    if seat.hand is not None:
        row = cards_html(
            [f.card for f in seat.hand],
            rules=rules,
            width=48,
            overlap=0.6,
            four_color=four_color,
            label=f"{seat.name}'s hand, open: {counted(len(seat.hand), 'card')}",
        )
    else:
        row = _backs_html(
            seat.hand_size,
            width=40,
            overlap=0.78,
            label=f"{seat.name}'s hand: {counted(seat.hand_size, 'card')}",
        )
    active = f";{_ACTIVE}" if seat.to_act else ""
    return (
        f'<div class="lp-seat" data-seat="{seat.seat}" data-zone="hand" '
        f'style="{_PANEL}{active};min-width:190px">'
        f"{_seat_head(seat)}"
        f'<div style="margin-top:6px">{row}</div>{_picked_up(seat, rules, four_color)}</div>'
    )


def _picked_up(seat: SeatInfo, rules: Rules, four_color: bool) -> str:
    """The discards a player took or bought and still holds, small: everyone saw them (under
    your own hand: what the others know you hold)."""
    if not seat.picked_up:
        return ""
    cards = [f.card for f in seat.picked_up]
    names = ", ".join(str(c) for c in cards)
    row = cards_html(
        cards,
        rules=rules,
        width=28,
        overlap=0.4,
        four_color=four_color,
        label=f"{'' if seat.you else seat.name + ' '}{seat.picked_words} {names}",
    )
    return (
        f'<div class="lp-picked" style="{_MUTED};margin-top:4px;display:flex;gap:6px;'
        f'align-items:center"><span>{_h(seat.picked_words)}</span>{row}</div>'
    )


def _piles(piles: Piles, rules: Rules, four_color: bool) -> str:
    """The stock (a face-down card and its count) and the discard pile's top card."""
    stock_label = f"stock: {counted(piles.stock, 'card')}"
    if piles.stock:
        stock = card_img(Card.joker(), face_down=True, width=72)
    else:
        stock = _group_html(_slot_img(72, "empty"), stock_label, "lp-cards")
    top = piles.top.card if piles.top is not None else None
    discard_label = (
        f"discard pile: {counted(piles.discards, 'card')}, top card {top.name}"
        if top
        else "discard pile"
    )
    if top is not None:
        discard = card_img(top, rules=rules, width=72, four_color=four_color)
    else:
        discard = _group_html(_slot_img(72, "empty"), "empty", "lp-cards")
    price = ""
    if piles.price is not None:
        price = f'<div style="{_MUTED}">buying costs {counted(piles.price, "extra card")}</div>'
    return (
        f'<div class="lp-piles" style="{_PANEL};display:flex;gap:14px;align-items:flex-start">'
        f'<div class="lp-stock" data-zone="stock" role="group" aria-label="{_attr(stock_label)}" '
        'style="text-align:center">'
        f'<div style="font-weight:700;font-size:13px;margin-bottom:4px">Stock</div>{stock}'
        f'<div style="font-size:20px;font-weight:800" data-count="{piles.stock}">'
        f"{piles.stock}</div></div>"
        f'<div class="lp-discard" data-zone="discard" role="group" '
        f'aria-label="{_attr(discard_label)}" style="text-align:center">'
        f'<div style="font-weight:700;font-size:13px;margin-bottom:4px">Discard</div>{discard}'
        f'<div style="{_MUTED}">{counted(piles.discards, "card")}</div>{price}</div></div>'
    )


def _melds(
    groups: Sequence[MeldGroup], table: Sequence[Meld], rules: Rules, four_color: bool
) -> str:
    """The melds on the table, grouped by the seat that laid them."""
    shown = [g for g in groups if g.melds]
    if not shown:
        body = f'<div style="{_MUTED};padding:8px 0">No melds on the table yet.</div>'
    else:
        parts = []
        for group in shown:
            who = group.name if group.owner is None else f"{group.name}'s melds"
            items = "".join(
                f'<div class="lp-table-meld" data-meld="{m.index}">'
                f"{meld_html(table[m.index], rules=rules, width=64, four_color=four_color)}</div>"
                for m in group.melds
            )
            owner_attr = "" if group.owner is None else f' data-owner="{group.owner}"'
            parts.append(
                f'<div class="lp-meld-group"{owner_attr} style="margin-bottom:6px">'
                f'<div style="font-weight:700;font-size:13px">{_h(who)}</div>'
                f'<div style="display:flex;flex-wrap:wrap;gap:6px 14px">{items}</div></div>'
            )
        body = "".join(parts)
    return (
        f'<div class="lp-melds" data-zone="table" style="{_PANEL};flex:1;min-width:260px">'
        f'<div style="font-weight:700;font-size:13px;margin-bottom:4px">Table</div>{body}</div>'
    )


def _score_pad(pad: ScorePad) -> str:
    """One row per finished deal, one column per player (lower is better)."""
    if not pad.rows:
        return ""
    cell = "padding:2px 10px;text-align:right"
    head = "".join(f'<th style="{cell}">{_h(n)}</th>' for n in pad.names)
    rows = "".join(
        f'<tr><td style="{cell}">deal {row.deal}</td>'
        + "".join(f'<td style="{cell}">{_h(c)}</td>' for c in row.cells)
        + "</tr>"
        for row in pad.rows
    )
    total = "".join(f'<td style="{cell};font-weight:700">{s}</td>' for s in pad.totals)
    return (
        f'<div class="lp-scores" style="{_PANEL}"><table style="border-collapse:collapse;'
        f'font-size:13px;color:inherit"><thead><tr><th style="{cell}"></th>{head}</tr></thead>'
        f'<tbody>{rows}<tr><td style="{cell};font-weight:700">total</td>{total}</tr></tbody>'
        "</table></div>"
    )


def table_html(model: TableModel, view: PlayerView, *, four_color: bool = False) -> str:
    """The table ``model`` describes (built from ``view``, whose melds and rules it draws), as
    one HTML ``<div>``."""
    v = model.view
    rules = view.rules
    me, others = v.seats[0], v.seats[1:]
    h = v.header
    headline = f"Deal {h.deal} of {h.deals} · {h.contract} · {h.dealer} dealt"
    if h.buys:
        headline += f" · {h.buys}"
    note_html = "".join(f'<div style="{_MUTED}">{_h(n)}</div>' for n in v.notes)
    own = cards_html(
        [c.face.card for c in v.hand],
        rules=rules,
        width=DEFAULT_WIDTH,
        overlap=0.5,
        four_color=four_color,
        label=f"your hand: {counted(len(v.hand), 'card')}",
    )
    active = f";{_ACTIVE}" if h.my_turn and not h.over else ""
    mine = (
        f'<div class="lp-seat lp-own" data-seat="{me.seat}" data-zone="hand" '
        f'style="{_PANEL}{active}">'
        f"{_seat_head(me)}"
        f'<div style="margin-top:6px">{own}</div>{note_html}'
        f"{_picked_up(me, rules, four_color)}</div>"
    )
    seats = "".join(_other_seat(seat, rules, four_color) for seat in others)
    return (
        f'<div class="lp-table" data-seat="{me.seat}" role="region" '
        f'aria-label="{_attr(_seen_by(me.name))}" '
        f'style="{_BOX}{_FELT};border-radius:14px;padding:12px 14px;display:flex;'
        'flex-direction:column;gap:10px;max-width:100%">'
        '<div style="display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;'
        'justify-content:space-between">'
        f'<div style="font-weight:700;font-size:15px">{_h(headline)}</div>'
        '<div class="lp-deciding" role="status" style="background:rgba(0,0,0,0.25);'
        f'padding:3px 12px;border-radius:999px;font-size:14px">{_h(h.deciding)}</div></div>'
        f'<div style="display:flex;flex-wrap:wrap;gap:10px">{seats}</div>'
        '<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:stretch">'
        f"{_piles(v.piles, rules, four_color)}"
        f"{_melds(v.melds, view.table, rules, four_color)}</div>"
        f"{mine}{_score_pad(model.scores.pad)}</div>"
    )


def view_html(
    view: PlayerView,
    *,
    open_hands: Mapping[int, Sequence[Card]] | None = None,
    four_color: bool = False,
) -> str:
    """The table as seat ``view.seat`` sees it, as one HTML ``<div>``.

    Other seats' hands are drawn face down (their count only) unless ``open_hands`` maps a seat
    to its cards (teaching with open hands). Shown: the deal and contract, who is to act and
    what is being decided, every seat's progress (down or not), buys left and score, the
    stock with its count, the discard pile's top card, the melds grouped by owner, the seat's
    own hand face up, and the score pad once a deal has been scored. What is shown is the
    table model of :func:`liverpool.table_model.build_table`, which every screen draws.
    """
    from .table_model import build_table

    return table_html(build_table(view, open_hands=open_hands), view, four_color=four_color)


def game_html(
    game: Game, seat: int | None = None, *, open_hands: bool = False, four_color: bool = False
) -> str:
    """The table as ``seat`` sees it (by default the seat to act, or seat 0 once the match is
    over); with ``open_hands`` every hand is shown face up (for teaching)."""
    if seat is None:
        seat = game.to_act if game.to_act is not None else 0
    hands = {i: game.hand(i) for i in range(game.players)} if open_hands else None
    return view_html(game.view(seat), open_hands=hands, four_color=four_color)
