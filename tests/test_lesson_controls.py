"""Every control a lesson panel draws must reach Python.

``static/lesson_panel.js`` sends a click or a change only for elements marked ``data-action``;
a menu, box or button marked any other way looks alive in the page but does nothing. This test
renders every lesson widget and checks each interactive element carries ``data-action`` — the
bug the lesson browser tests once found, caught here without a browser.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("anywidget")

from liverpool_widgets import lessons

_CONTROL = re.compile(r"<(select|input|button|textarea)\b[^>]*>", re.IGNORECASE)


@pytest.mark.parametrize(
    "name",
    [
        "SetBuilder",
        "RunBuilder",
        "WildLimits",
        "GoingDownTrainer",
        "LayOffTrainer",
        "BuyingWalkthrough",
        "ScorePad",
        "RulesCompare",
        "HandExplorer",
        "StrategyLab",
    ],
)
def test_every_control_of_a_lesson_widget_reaches_python(name: str) -> None:
    widget = getattr(lessons, name)()
    html = getattr(widget, "panel", widget).html  # StrategyLab wraps its panel
    tags = [m.group(0) for m in _CONTROL.finditer(html)]
    assert tags, f"{name} draws no control at all"
    # A box may also be read by a button that names it (data-input="its name").
    read = set(re.findall(r'data-input="([^"]+)"', html))

    def reaches(tag: str) -> bool:
        named = re.search(r'name="([^"]+)"', tag)
        return "data-action" in tag or "disabled" in tag or bool(named and named[1] in read)

    silent = [tag for tag in tags if not reaches(tag)]
    assert not silent, f"{name} has controls the page would never send: {silent[:3]}"
