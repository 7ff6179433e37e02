"""Every widget's still picture: what a notebook shows where it cannot draw the widget.

``_repr_mimebundle_`` of each lesson widget, of ``CardTable`` and of ``StrategyLab`` holds the
widget view, a ``text/html`` picture of the current state (cards as ``<img>``, styles inline,
nothing clickable, a caption) and a short deterministic ``text/plain``. Drawing the picture
never changes the live widget's own HTML.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

import liverpool as lp
from liverpool.render import table_html
from liverpool_widgets import CardTable
from liverpool_widgets.lessons import (
    BuyingWalkthrough,
    GoingDownTrainer,
    HandExplorer,
    LayOffTrainer,
    RulesCompare,
    RunBuilder,
    ScorePad,
    SetBuilder,
    StrategyLab,
    WildLimits,
)
from liverpool_widgets.picture import (
    CAPTION,
    PLAIN_LIMIT,
    WHITE_GROUND,
    WIDGET_VIEW,
    PictureMixin,
    inert_html,
    picture_frame,
)

IMG = '<img src="data:image/svg+xml;base64,'
STATIC = Path(__file__).resolve().parents[1] / "widgets" / "liverpool_widgets" / "static"

MAKERS: dict[str, Callable[[], Any]] = {
    "SetBuilder": lambda: SetBuilder(tray="7H 7C KS JK 7S 2D 2C", rules="house"),
    "RunBuilder": lambda: RunBuilder(tray="9H 10H JH JK QH KH 2H AH 8S 10C JK", rules="house"),
    "WildLimits": lambda: WildLimits("JK 9H 10H JK", kind="run"),
    "GoingDownTrainer": lambda: GoingDownTrainer(
        "7H 7C 7S 9H 10H JK QH KS 3D 4C 5S", rules="house", deal=2
    ),
    "LayOffTrainer": lambda: LayOffTrainer(
        ["5H 6H JK 8H", "9C 9D 9S"], hand="4H 9H 7H KC", rules="house"
    ),
    "BuyingWalkthrough": lambda: BuyingWalkthrough("house", seat=2),
    "ScorePad": lambda: ScorePad("house", seed=1),
    "RulesCompare": lambda: RulesCompare("house", "online"),
    "HandExplorer": lambda: HandExplorer("KS KD JK 4H 5H 6H 8H 2C 9D QS 3C", rules="house"),
    "StrategyLab": lambda: StrategyLab("levels", rules="house", deals=(1,), trials=2),
    "CardTable": lambda: CardTable(lp.Game("house", 3, seed=1)),
}
WITHOUT_CARDS = {"RulesCompare", "StrategyLab"}


def _bundle(widget: Any) -> dict[str, Any]:
    bundle = widget._repr_mimebundle_()
    data, metadata = bundle
    assert isinstance(metadata, dict)
    return dict(data)


@pytest.fixture(params=sorted(MAKERS))
def widget(request: pytest.FixtureRequest) -> Any:
    return MAKERS[request.param]()


def test_bundle_has_the_view_a_picture_and_short_text(widget: Any) -> None:
    data = _bundle(widget)
    assert set(data) == {WIDGET_VIEW, "text/html", "text/plain"}
    assert data[WIDGET_VIEW]["model_id"] == widget.model_id
    plain = data["text/plain"]
    assert plain == (repr(widget) if len(repr(widget)) <= PLAIN_LIMIT else plain)
    assert len(plain) <= PLAIN_LIMIT + 1 and not re.search(r"0x[0-9a-fA-F]{6,}", plain)
    html = data["text/html"]
    assert html.startswith('<div class="lp-picture"') and CAPTION in html
    assert "<svg" not in html
    if type(widget).__name__ not in WITHOUT_CARDS:
        assert IMG in html
        assert all(alt for alt in re.findall(r'<img [^>]*alt="([^"]*)"', html))


def test_the_picture_is_still_and_clickless(widget: Any) -> None:
    html = _bundle(widget)["text/html"]
    if not isinstance(widget, CardTable):  # the table HTML is a picture already
        for tag in ("<button", "<select", "<input", "<textarea", "data-action", "data-testid"):
            assert tag not in html, tag


def test_the_picture_is_deterministic(widget: Any) -> None:
    again = MAKERS[type(widget).__name__]()
    first = _bundle(widget)
    assert first["text/html"] == _bundle(widget)["text/html"] == _bundle(again)["text/html"]
    assert first["text/plain"] == _bundle(again)["text/plain"]


def test_drawing_the_picture_leaves_the_live_panel_alone() -> None:
    builder = SetBuilder(tray="7H 7C KS JK", rules="house")
    live = builder.html
    _bundle(builder)
    assert builder.html == live == builder._render()
    assert "<svg" in live and IMG not in live


def test_the_picture_follows_the_state() -> None:
    builder = SetBuilder(tray="7H 7C KS JK", rules="house")
    before = _bundle(builder)["text/html"]
    for i in (0, 1, 3):
        builder.handle_message({"kind": "pick", "index": i})
    after = _bundle(builder)["text/html"]
    assert after != before
    assert "A legal set of sevens" in after
    assert after.count(IMG) == before.count(IMG) + 3  # the picked cards, beside the tray
    assert "position:relative;top:-8px" in after  # picked tray cards are raised


def test_the_card_table_picture_is_its_table_html() -> None:
    table = CardTable(lp.Game("house", 3, seed=1))
    assert table.model is not None
    body = table._picture_body()
    assert body == table_html(table.model, table.game.view(table.seat))
    assert body.count('data-card="back"') == 3  # two hidden hands and the stock


def test_a_box_shows_the_pictures_inside_it() -> None:
    lab = StrategyLab("levels", rules="house", deals=(1,), trials=2)
    html = _bundle(lab)["text/html"]
    assert "Strategy lab" in html and html.count('class="lp-picture"') == 1


def test_a_picture_that_fails_is_a_warning_not_a_lost_widget() -> None:
    class Broken(SetBuilder):
        def _picture_body(self) -> str:
            raise RuntimeError("no paint")

    broken = Broken(tray="7H 7C KS", rules="house")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        data = _bundle(broken)
    assert WIDGET_VIEW in data and "Broken(rules=" in data["text/html"]
    assert any("no paint" in str(w.message) for w in caught)


def test_mixin_needs_a_body() -> None:
    with pytest.raises(NotImplementedError):
        PictureMixin()._picture_body()


def test_inert_html_inlines_the_styles_and_stills_the_controls() -> None:
    html = (
        '<div class="lp-lesson" data-testid="x"><h4>Title</h4>'
        '<div class="lp-row"><button type="button" class="lp-btn lp-primary" data-action="go">'
        'Go &amp; see</button><button class="lp-card-btn" aria-pressed="true" title="7♥">'
        '<img src="data:image/svg+xml;base64,AA==" alt="seven of hearts"/></button>'
        '<select data-action="rules"><option value="a">alpha</option>'
        '<option value="b" selected>beta</option></select>'
        '<input type="text" name="n" value="7H 8H"><input type="checkbox" checked></div>'
        '<div class="lp-feedback" data-ok="true">✓ yes &lt;3</div></div>'
    )
    out = inert_html(html)
    assert "data-" not in out and "<button" not in out and "<select" not in out
    assert "<input" not in out and "<option" not in out
    assert "border-radius:10px" in out  # .lp-lesson
    assert "background:#1f6feb" in out  # .lp-btn.lp-primary
    assert "Go &amp; see" in out and "beta ▾" in out and "alpha" not in out
    assert "7H 8H" in out and "☑" in out
    assert "background:#e6f4ea" in out  # .lp-feedback[data-ok="true"]
    assert "✓ yes &lt;3" in out
    assert 'alt="seven of hearts"' in out and "position:relative;top:-8px" in out
    assert "cursor" not in out


def test_the_caption_is_a_white_label_as_wide_as_its_words() -> None:
    """The caption keeps a white ground (its grey reads in a dark theme too) as a label around
    its words (inline-block), not a white bar as wide as the picture."""
    caption = re.search(r'<div style="([^"]*)">' + re.escape(CAPTION), picture_frame("x"))
    assert caption is not None
    style = caption.group(1)
    assert style.startswith("display:inline-block;") and WHITE_GROUND in style


def test_a_panel_picture_looks_as_the_live_panel() -> None:
    """JupyterLab's rendered HTML (where a picture is drawn) styles headings, tables and text
    that the live panel (a widget) leaves alone; the picture undoes that inline: the panel's
    size of text and width, bold headings, the panel's ink in tables, its line height in cells,
    no row stripes. Those rules reach only rendered HTML, so the live panel is unchanged."""
    out = inert_html(
        '<div class="lp-lesson"><h4>T</h4><table><tr><th>a</th></tr><tr><td>b</td></tr></table>'
        "</div>"
    )
    panel = re.search(r'<div class="lp-lesson" style="([^"]*)"', out)
    assert panel is not None
    decls = panel.group(1).split(";")
    assert "font-size:13px" in decls and "width:1006px" in decls
    # the live max-width (980px, content box) gives way to the output's width
    assert decls.index("max-width:100%") > decls.index("max-width:980px")
    assert '<h4 style="margin:0 0 6px 0;font-size:16px;font-weight:700;line-height:1.4"' in out
    table = re.search(r'<table style="([^"]*)"', out)
    assert table is not None and "color:#1b1d22" in table.group(1)
    assert re.search(r'<td style="[^"]*line-height:1.4', out)
    assert re.search(r'<th style="[^"]*line-height:1.4', out)
    assert re.search(r'<tr style="background:transparent"', out)
    # in the stylesheet, each of those rules is for rendered HTML only (the picture's place)
    css = re.sub(r"/\*.*?\*/", "", (STATIC / "lesson_panel.css").read_text(), flags=re.S)
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        if any(d in body for d in ("1006px", "13px", "transparent", "font-weight: 700")):
            for selector in selectors.split(","):
                assert selector.strip().startswith(".jp-RenderedHTMLCommon div.lp-lesson"), selector
