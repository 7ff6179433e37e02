"""Pictures of widgets, for notebooks that cannot run them.

A widget's output in a saved notebook is only a pointer to a model that lives in a running
kernel. Opened cold (not trusted, not run), JupyterLab cannot draw it and shows its text repr or
"Error displaying widget: model not found"; a static render (``jupyter nbconvert --to html``,
GitHub, nbviewer) shows the text too. So every widget of this package returns from
``_repr_mimebundle_``, beside the widget view,

* ``text/html``: a still picture of its current state — the cards as ``<img>`` elements of
  the engine's own card pictures (``data:image/svg+xml;base64,…``, which the HTML sanitizer of
  an untrusted notebook keeps, where it strips inline ``<svg>``), styled inline, nothing
  clickable, and a caption saying it is a picture;
* ``text/plain``: its deterministic repr, at most :data:`PLAIN_LIMIT` characters.

Where the widget can be drawn (a trusted notebook whose kernel made it, Voila), the front end
prefers the widget view and the picture is not shown. Where it cannot (an untrusted notebook,
a static render), the picture is shown instead of the repr.

Mixins (put first among the bases): :class:`PictureMixin` (say what the picture is in
``_picture_body``), :class:`TablePicture` (``CardTable``: the table as its seat sees it) and
:class:`BoxPicture` (a box of widgets: the pictures of the pictured widgets in it).
:func:`inert_html` turns a lesson panel's HTML into such a picture.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Mapping
from functools import lru_cache
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    import liverpool as lp
    from liverpool.table_model import TableModel

__all__ = [
    "CAPTION",
    "PLAIN_LIMIT",
    "WHITE_GROUND",
    "BoxPicture",
    "PictureMixin",
    "TablePicture",
    "inert_html",
    "picture_frame",
]

PLAIN_LIMIT = 110
"""The longest ``text/plain`` a widget output carries (longer reprs end in "…")."""

CAPTION = "A picture of this widget as it was saved: run the notebook to use it."
"""Said under every picture (the picture is not shown where the widget itself can be)."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

WHITE_GROUND = "background:#fff;padding:1px 6px;border-radius:4px"
"""The ground of muted text straight on the page (a caption, a note under a table, the
review's counts): the light theme's white whatever the theme (on JupyterLab Dark's near-black
the grey did not read), as a small label around the words, not a white bar across a dark page.
A block (``div``, ``p``) needs ``display:inline-block`` beside it to be as wide as its words."""

_STATIC = Path(__file__).resolve().parent / "static"


def picture_frame(body: str) -> str:
    """``body`` (a picture's HTML) with the caption that says it is a picture."""
    return (
        '<div class="lp-picture" style="display:inline-block;max-width:100%">'
        f"{body}"
        f'<div style="display:inline-block;{WHITE_GROUND};color:#5b6673;font-size:12px;'
        'font-style:italic;margin-top:4px">'
        f"{escape(CAPTION)}</div></div>"
    )


def _plain(text: str) -> str:
    return text if len(text) <= PLAIN_LIMIT else text[:PLAIN_LIMIT] + "…"


class PictureMixin:
    """Adds a still picture (``text/html``) and a short ``text/plain`` to a widget's
    ``_repr_mimebundle_``, keeping the widget view. Put it before the widget class among the
    bases; say what the picture is in :meth:`_picture_body`."""

    def _picture_body(self) -> str:
        """The picture of the current state, as HTML without inline ``<svg>``."""
        raise NotImplementedError

    def picture_html(self) -> str:
        """The widget's ``text/html``: :meth:`_picture_body` with its caption."""
        return picture_frame(self._picture_body())

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        base = getattr(super(), "_repr_mimebundle_", None)
        bundle = base(**kwargs) if base is not None else None
        if bundle is None:  # a closed widget shows nothing
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/plain"] = _plain(repr(self))
        try:
            data["text/html"] = self.picture_html()
        except Exception as exc:  # the widget is still shown; only its picture is missing
            warnings.warn(
                f"no picture of {type(self).__name__}: {type(exc).__name__}: {exc}",
                RuntimeWarning,
                stacklevel=2,
            )
            data["text/html"] = picture_frame(f"<pre>{escape(data['text/plain'])}</pre>")
        return data, dict(metadata)


class _Table(Protocol):
    """What :class:`TablePicture` reads of a ``CardTable``."""

    @property
    def game(self) -> lp.Game: ...

    seat: int
    four_color: bool
    open_hands: bool
    model: TableModel | None


class TablePicture(PictureMixin):
    """The picture of a ``CardTable``: the table as its seat sees it, drawn by
    :func:`liverpool.render.table_html` from the table model the widget last drew (the same
    hand order, notes and seats), or from the game if it drew none yet."""

    def _picture_body(self) -> str:
        from liverpool.render import game_html, table_html

        table = cast(_Table, self)
        game, seat = table.game, table.seat
        if table.model is None:
            return game_html(game, seat, open_hands=table.open_hands, four_color=table.four_color)
        return table_html(table.model, game.view(seat), four_color=table.four_color)


class _Box(Protocol):
    children: Iterable[object]


def _pictured(children: Iterable[object]) -> list[PictureMixin]:
    """The pictured widgets among ``children``, looking inside boxes that have no picture."""
    found: list[PictureMixin] = []
    for child in children:
        if isinstance(child, PictureMixin):
            found.append(child)
        else:
            found.extend(_pictured(getattr(child, "children", ())))
    return found


class BoxPicture(PictureMixin):
    """The picture of a box of widgets (an ipywidgets ``VBox`` or ``HBox``): the pictures of
    the pictured widgets in it, one under the other."""

    def _picture_body(self) -> str:
        parts = [child._picture_body() for child in _pictured(cast(_Box, self).children)]
        return "".join(f'<div style="margin-bottom:6px">{p}</div>' for p in parts)


# -- a lesson panel's HTML as a still picture ------------------------------------------------

_VOID = frozenset({"area", "br", "col", "hr", "img", "input", "source", "track", "wbr"})
_KEEP = frozenset(
    {"alt", "src", "title", "width", "height", "class", "role", "colspan", "rowspan", "open"}
)
_CONTROL = "display:inline-block"

_Rule = tuple[str, frozenset[str], tuple[tuple[str, str], ...], str]
"""A stylesheet rule: (tag or "", classes, attribute tests (name, value or ""), declarations)."""


@lru_cache(maxsize=4)
def _stylesheet(path: Path) -> tuple[_Rule, ...]:
    """The rules of a small stylesheet as ``(tag, classes, attribute tests, declarations)``,
    matched on an element by its own compound selector (the last part of each selector; the
    panel's ancestor is always there). Rules with pseudo-classes (``:hover``) are left out."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    rules: list[_Rule] = []
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        decls = [d.strip() for d in body.split(";") if d.strip()]
        kept = []
        for decl in decls:
            name, _, value = decl.partition(":")
            name, value = name.strip(), value.strip()
            if name == "cursor":
                continue  # nothing in a picture is clickable
            lifted = re.fullmatch(r"translateY\((-?[\d.]+px)\)", value)
            if name == "transform" and lifted:  # HTML sanitizers drop transform
                kept.append(f"position:relative;top:{lifted.group(1)}")
                continue
            kept.append(f"{name}:{value}")
        for selector in selectors.split(","):
            selector = selector.strip()
            if not selector or ":" in selector:
                continue
            last = selector.split()[-1]
            m = re.fullmatch(r"([a-z0-9]*)((?:\.[\w-]+)*)((?:\[[^\]]+\])*)", last)
            if m is None:
                continue
            tests = tuple(
                (name, value.strip("\"'"))
                for name, _, value in (
                    t.partition("=") for t in re.findall(r"\[([^\]]+)\]", m.group(3))
                )
            )
            classes = frozenset(c for c in m.group(2).split(".") if c)
            rules.append((m.group(1), classes, tests, ";".join(kept)))
    return tuple(rules)


def _style_for(tag: str, attrs: Mapping[str, str], rules: Iterable[_Rule]) -> str:
    classes = set(attrs.get("class", "").split())
    out = []
    for rule_tag, rule_classes, tests, decls in rules:
        if rule_tag and rule_tag != tag:
            continue
        if not rule_classes <= classes:
            continue
        if not all(
            (name in attrs) if not value else attrs.get(name) == value for name, value in tests
        ):
            continue
        if decls:
            out.append(decls)
    return ";".join(out)


class _Inert(HTMLParser):
    """Rewrites a panel's HTML: styles inline, controls as look-alike text, no ``data-*``."""

    def __init__(self, rules: tuple[_Rule, ...]) -> None:
        super().__init__(convert_charrefs=True)
        self.rules = rules
        self.out: list[str] = []
        self.stack: list[tuple[str, str]] = []  # (tag in the source, tag written)
        self.select: list[tuple[bool, list[str]]] | None = None  # options of an open <select>
        self.option: list[str] | None = None  # text of an open <option>

    # -- writing ---------------------------------------------------------------------------------
    def _open(self, tag: str, attrs: Mapping[str, str], style: str, *, void: bool = False) -> None:
        kept = "".join(
            f' {k}="{escape(v, quote=True)}"' if v else f" {k}"
            for k, v in attrs.items()
            if k in _KEEP or (k.startswith("aria-") and k != "aria-pressed")
        )
        styled = f' style="{escape(style, quote=True)}"' if style else ""
        self.out.append(f"<{tag}{kept}{styled}{'/' if void else ''}>")

    def _style(self, tag: str, attrs: Mapping[str, str], *extra: str) -> str:
        own = attrs.get("style", "")
        return ";".join(s for s in (_style_for(tag, attrs, self.rules), *extra, own) if s)

    # -- the parser's events ---------------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        attrs = {k: v or "" for k, v in attrs_list}
        if self.select is not None:  # inside a <select>: only its options' text matters
            if tag == "option":
                self.option = []
                self.select.append(("selected" in attrs, self.option))
            return
        if tag == "button":
            lifted = "position:relative;top:-8px" if attrs.get("aria-pressed") == "true" else ""
            self._open("span", attrs, self._style(tag, attrs, _CONTROL, lifted))
            self.stack.append((tag, "span"))
        elif tag == "select":
            self._open("span", attrs, self._style(tag, attrs, _CONTROL))
            self.select = []
        elif tag in ("input", "textarea"):
            kind = attrs.get("type", "text")
            if kind == "checkbox":
                self.out.append("☑" if "checked" in attrs else "☐")
            elif kind != "hidden":
                value = attrs.get("value", "")
                shown = escape(value) if value else escape(attrs.get("placeholder", ""))
                self._open("span", attrs, self._style("input", attrs, _CONTROL))
                self.out.append(f"{shown or '&#160;'}</span>")
            if tag == "textarea":
                self.stack.append((tag, ""))
        elif tag in _VOID:
            self._open(tag, attrs, self._style(tag, attrs), void=True)
        else:
            self._open(tag, attrs, self._style(tag, attrs))
            self.stack.append((tag, tag))

    def handle_startendtag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs_list)
        if tag not in _VOID and tag not in ("input", "textarea"):
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.select is not None:
            if tag == "option":
                self.option = None
            elif tag == "select":
                options = [("".join(text).strip(), chosen) for chosen, text in self.select]
                shown = next(
                    (t for t, chosen in options if chosen), options[0][0] if options else ""
                )
                self.out.append(f"{escape(shown)} ▾</span>")
                self.select = None
            return
        if tag in _VOID:
            return
        while self.stack:
            source, written = self.stack.pop()
            if written:
                self.out.append(f"</{written}>")
            if source == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.select is not None:
            if self.option is not None:
                self.option.append(data)
            return
        if self.stack and self.stack[-1][0] == "textarea":
            self._open("span", {}, _CONTROL)
            self.out.append(f"{escape(data, quote=False)}</span>")
            return
        self.out.append(escape(data, quote=False))

    def result(self) -> str:
        self.close()
        while self.stack:
            _, written = self.stack.pop()
            if written:
                self.out.append(f"</{written}>")
        return "".join(self.out)


def inert_html(html: str, stylesheet: Path | None = None) -> str:
    """A panel's HTML as a still picture: the rules of ``stylesheet`` (by default the lesson
    panels' own, ``static/lesson_panel.css``) written inline on each element they match (a
    notebook that is not trusted loads no stylesheet of the widget), buttons, menus and text
    boxes turned into look-alike text (a menu shows its chosen option), and the attributes
    only the live widget needs (``data-*``, ``name``, ``value``…) left out. Cards must already
    be images (:func:`liverpool.render.card_img`): inline ``<svg>`` is not kept by an untrusted
    notebook."""
    rules = _stylesheet(stylesheet or _STATIC / "lesson_panel.css")
    parser = _Inert(rules)
    parser.feed(html)
    return parser.result()
