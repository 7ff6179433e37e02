"""The card table's layout where a learner looks at it: JupyterLab in headless Debian chromium.

What a user checks by eye, as geometry: at 1280×800 the Draw and Discard buttons stay on the
screen (and can be clicked: nothing covers them) after a hint and the question before going
down, and neither moves the hand; at 1920×1080 the table stops growing (its cards stay
laptop-size, so the eye does not cross the screen); on a projector (scale 1.6) at 1080p the log
("What happened") sits beside the hand, its top on the first screen, and with open hands at
1000 px each seat's "10 cards · score 0" sits whole under its wrapped hand; and while the
end-of-deal panel is up, the deal's melds are on it. The notebooks are the stacked deals of
``play_stacked.ipynb`` and ``keyboard_deal.ipynb`` (see ``test_table_browser.py``).

Missing chromium, Playwright or JupyterLab skips these tests with the command that installs
them — except where ``CI`` is set, where it fails the run.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

pytestmark = pytest.mark.browser

CAP_PX = 84 * 15  # table.css: max-width min(100%, 84em) at the root's 15 px font
"""The widest the table grows at scale 1, in CSS pixels."""

_HIT = """(el) => { const b = el.getBoundingClientRect();
  const at = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
  const own = el.closest(".lpt-action") || el;  // a button or its wrapper takes the pointer
  return !!at && own.contains(at); }"""


_LINES = """(el) => { const r = document.createRange(); r.selectNodeContents(el);
  return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; }"""
"""How many lines an element's text takes."""


def opened(lab: ld.Server, page: Any, request: pytest.FixtureRequest, source: Path) -> Any:
    """The notebook ``source`` (its own copy, so its own kernel) open in JupyterLab, cells run;
    the table's root."""
    name = re.sub(r"\W+", "_", request.node.name) + ".ipynb"
    ld.copy_notebook(Path(lab.base) / "notebooks", name, source)
    ld.open_notebook(page, lab, name)
    return page.locator(ld.TABLE).first


def part(root: Any, name: str) -> Any:
    return root.locator(f'[data-testid="{name}"]')


def clickable(page: Any, locator: Any) -> bool:
    """On the screen and not covered: a click at its centre reaches it (the status bar, the
    bottom of the notebook's scrolling area or another part of the table would take it)."""
    return ld.in_viewport(page, locator) and bool(locator.evaluate(_HIT))


def redrawn(page: Any, root: Any, act: Any) -> None:
    """Do ``act()`` and wait until the table draws a newer view."""
    before = int(root.get_attribute("data-version") or 0)
    act()
    page.wait_for_function(
        "([el, v]) => Number(el.dataset.version) > v", arg=[root.element_handle(), before]
    )


def press(page: Any, root: Any, name: str) -> None:
    """Click the enabled control ``name`` (a data-testid) and wait for the newer view."""
    redrawn(page, root, part(root, name).click)


def select(page: Any, root: Any, code: str) -> None:
    """Click the hand's card ``code`` and wait until Python's selection holds it."""
    card = root.locator(f'[data-testid^="hand-card-"][data-card="{code}"]').first
    index = (card.get_attribute("data-testid") or "").rsplit("-", 1)[-1]
    card.click()
    page.wait_for_function(
        "([el, i]) => el.dataset.selected.split(',').includes(i)",
        arg=[root.element_handle(), index],
    )


def test_the_buttons_stay_on_a_laptop_screen_and_messages_do_not_move_the_hand(
    lab: ld.Server, page: Any, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    root = opened(lab, page, request, ld.NOTEBOOK)
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    press(page, root, "discard-top")  # take the 7♦: now to play and discard
    hand = ld.box(part(root, "hand"))
    for name in ("btn-discard", "btn-go_down", "btn-hint"):
        assert clickable(page, part(root, name)), (name, ld.box(part(root, name)))

    # a hint: the buttons stay where they can be clicked; the hand does not move
    part(root, "btn-hint").click()
    part(root, "hint").wait_for()
    page.wait_for_timeout(200)  # one frame for the layout (nothing timed is asserted)
    assert ld.box(part(root, "hand"))["y"] == pytest.approx(hand["y"], abs=1)
    for name in ("hint", "btn-discard", "btn-draw", "btn-go_down"):
        assert clickable(page, part(root, name)), (name, ld.box(part(root, name)))
    page.screenshot(path=tmp_path / "laptop-hint.png")

    # the question before going down: the hand stays under the pointer, and the question's
    # answers and the buttons are on the screen together
    part(root, "btn-go_down").click()
    part(root, "confirm").wait_for()
    page.wait_for_timeout(200)
    assert ld.box(part(root, "hand"))["y"] == pytest.approx(hand["y"], abs=1)
    for name in ("confirm-yes", "confirm-no", "btn-discard", "btn-draw"):
        assert clickable(page, part(root, name)), (name, ld.box(part(root, name)))
    page.screenshot(path=tmp_path / "laptop-confirm.png")
    press(page, root, "confirm-yes")

    # scrolled down to the log, the buttons sit in their place under the hand, covering none
    # of it: every card of the hand can be clicked
    part(root, "log").evaluate("(el) => el.scrollIntoView({block: 'end'})")
    page.wait_for_timeout(200)
    cards = root.locator('[data-testid^="hand-card-"]')
    assert cards.count() > 0
    dock = ld.box(root.locator(".lpt-dock"))
    assert dock["y"] >= ld.box(part(root, "hand"))["bottom"] - 1
    last = cards.nth(cards.count() - 1)
    assert clickable(page, last), ld.box(last)
    assert page.errors == []


def test_on_a_wide_screen_the_table_stops_growing(
    lab: ld.Server, page: Any, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    root = opened(lab, page, request, ld.NOTEBOOK)
    card = ld.box(root.locator('[data-testid^="hand-card-"] svg').first)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function(
        "(el) => el.getBoundingClientRect().width > 1200", arg=root.element_handle()
    )
    width = ld.box(root)["width"]
    assert CAP_PX - 2 <= width <= CAP_PX + 2, width
    # the cards keep their laptop size, and nothing runs off the table's side
    assert ld.box(root.locator('[data-testid^="hand-card-"] svg').first)["width"] == (
        pytest.approx(card["width"], abs=1)
    )
    wide = ld.overflow(page)
    assert wide["scroll"] <= wide["client"] and wide["out"] == [], wide
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=tmp_path / "wide-1920.png")
    # the joker is named by the word in sentences (the engine writes its glyph, 🃏, which at
    # text size is a box or a tiny picture); the card pictures stay pictures
    ld.kexec(page, "m.table.show_hint(lp.table_model.Hint('Lay the 🃏 on the fives (🃏 as 5).'))")
    part(root, "hint").wait_for()
    assert part(root, "hint").inner_text() == "Hint: Lay the Joker on the fives (Joker as 5)."
    assert page.errors == []


def test_on_a_projector_the_log_is_beside_the_hand_on_the_first_screen(
    lab: ld.Server, page: Any, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    root = opened(lab, page, request, ld.NOTEBOOK)
    ld.kexec(page, "m.table.scale = 1.6")
    page.wait_for_selector(".lpt.is-projector")
    page.wait_for_timeout(200)
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    log, hand = ld.box(part(root, "log")), ld.box(part(root, "my-seat"))
    assert 0 <= log["y"] < 1080 - 60, log  # its title and a line on screen
    assert log["x"] >= hand["right"] - 1, (log, hand)  # beside the hand, not under it
    assert clickable(page, part(root, "log").locator(".lpt-box-title"))
    assert clickable(page, part(root, "btn-draw"))
    wide = ld.overflow(page)
    assert wide["scroll"] <= wide["client"] and wide["out"] == [], wide
    page.screenshot(path=tmp_path / "projector-1080p.png")
    # open hands on a narrower screen (as in a notebook's 1200 px column) wrap onto a second row
    # inside their seat's box, never across its left edge
    page.set_viewport_size({"width": 1000, "height": 800})
    ld.kexec(page, "m.table.open_hands = True")
    part(root, "open-hand-2").wait_for()
    page.wait_for_timeout(200)
    for seat in (1, 2):
        box = ld.box(part(root, f"opponent-{seat}"))
        cards = root.locator(f'[data-testid^="open-card-{seat}-"]')
        boxes = [ld.box(cards.nth(i)) for i in range(cards.count())]
        lefts = [b["x"] for b in boxes]
        assert lefts and min(lefts) >= box["x"] - 0.5, (seat, box, lefts)
        # the seat's line ("10 cards · score 0") reads whole: under the wrapped hand, on one
        # line, clear of every card (not squeezed into a narrow column beside them)
        facts = part(root, f"opponent-{seat}").locator(":scope > .lpt-muted")
        line = ld.box(facts)
        assert len({round(b["y"]) for b in boxes}) > 1, (seat, boxes)  # the hand wraps here
        assert facts.evaluate(_LINES) == 1, (seat, line, facts.inner_text())
        assert line["y"] >= ld.box(part(root, f"open-hand-{seat}"))["bottom"] - 0.5, (seat, line)
        for b in boxes:
            apart = line["x"] >= b["right"] or line["right"] <= b["x"]
            assert apart or line["y"] >= b["bottom"] or line["bottom"] <= b["y"], (seat, line, b)
    part(root, "opponent-1").screenshot(path=tmp_path / "projector-open-hand-1000.png")
    assert page.errors == []


def test_the_end_of_deal_panel_shows_the_deals_melds(
    lab: ld.Server, page: Any, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    root = opened(lab, page, request, ld.KEYBOARD_NOTEBOOK)
    # the short deal: draw, go down with the melds the table finds, discard the 4♠; pass on
    # the K♥; draw the 7♠, lay it off on the sevens, discard the K♣: out
    press(page, root, "btn-draw")
    part(root, "btn-go_down").click()
    part(root, "confirm").wait_for()
    press(page, root, "confirm-yes")
    select(page, root, "4S")
    press(page, root, "btn-discard")
    if part(root, "prompt-pass").count():
        press(page, root, "prompt-pass")
    part(root, "btn-draw").wait_for()
    page.wait_for_function(
        "(el) => !el.querySelector('[data-testid=btn-draw]').matches('[aria-disabled=true]')",
        arg=root.element_handle(),
    )
    press(page, root, "btn-draw")
    select(page, root, "7S")
    sevens = root.locator('.lpt-meld:has([data-card="7H"])').first
    press(page, root, f"{sevens.get_attribute('data-testid')}-caption")
    select(page, root, "KC")
    press(page, root, "btn-discard")
    panel = part(root, "deal-end")
    panel.wait_for()
    # the melds laid down this deal are on the panel, read-only: the sevens and the nines
    melds = part(root, "final-melds")
    assert melds.is_visible()
    codes = melds.locator("[data-card]").evaluate_all("(els) => els.map((e) => e.dataset.card)")
    assert {"7H", "7C", "9H", "9D"} <= set(codes), codes
    assert melds.locator("button").count() == 0
    assert "The melds at the deal's end" in melds.inner_text()  # out by a discard
    root.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    assert ld.box(melds)["y"] < 800
    page.screenshot(path=tmp_path / "deal-end.png")
    assert page.errors == []
