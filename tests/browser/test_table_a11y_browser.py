"""The card table for a keyboard and screen-reader user, and its questions on small screens,
in headless Debian chromium (Playwright's Python package, never ``playwright install``).

Driven on the static play site (built and served from loopback, as ``test_site_browser``
does: quicker to drive than JupyterLab, and the same ``table.js``) and on a room's student
page. What such a user checks:

- after Draw by keyboard focus is on the card just drawn, never on Undo: a second Enter selects
  that card and takes nothing back; after Discard it stays in the hand; a question just asked
  takes focus in its box, not on its Buy;
- the one polite live region says a bot's move once, and nothing in the table is a
  re-inserted ``role=status``; the reasons of grey buttons are not read in passing;
- Escape in "Go down with these melds?" answers it as its "Not yet" button does;
- the end-of-deal panel's Next deal button is described by the panel's "how" line and the
  learner's own leftover line, and Next deal puts focus on the new hand's first card;
- at 1024×640 with a buy question in the stuck dock, no hand card tabbed to lies under it;
- on a 390×844 phone the buy question is on the screen, on the site and in a room;
- the log is always one Tab stop, a list named as the game log and no second live region;
  the arrow keys, Home and End scroll it, and a redraw keeps focus and the place scrolled to.

Geometry and DOM only, no timing; every wait is bounded.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest
import sitekit as sk
from sitekit import WAIT

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rooms"))
from roomkit import Server

pytestmark = pytest.mark.browser

DEAL_SECONDS = 90
_MOVES = ("btn-draw", "prompt-pass", "btn-discard")
"""What the simple player here clicks first, in order: it never goes down."""


def _key(page: Any, key: str) -> dict[str, Any]:
    """Press ``key`` on the focused element; wait for the answer it makes."""
    before = sk.info(page)["states"]
    page.keyboard.press(key)
    return sk.settle(page, before, drawn=True)


def _deal(page: Any, players: str, seed: str = "7") -> None:
    page.wait_for_selector("body[data-state=ready]", timeout=WAIT)
    sk.deal(page, players, seed, drawn=True)


@contextmanager
def _dealt(chromium: Any, site: str, players: str, **context: Any) -> Iterator[Any]:
    """A page of the site in a new browser context (``context``: its viewport...), nothing
    outside loopback, a match of ``players`` dealt; it asserts no script error at the end."""
    with sk.opened(chromium, site, **context) as page:
        _deal(page, players)
        yield page


def _until_a_buy_question(page: Any) -> None:
    """Play (never going down) until the human is offered a discard to buy."""
    end = time.monotonic() + 30
    while not page.locator('.lpt [data-testid="prompt"][data-kind="buy"]').count():
        assert time.monotonic() < end, "no buy question"
        sk.play_one_move(page, _MOVES, drawn=True)


def _focused(page: Any) -> dict[str, str]:
    found: dict[str, str] = page.evaluate(
        """() => { const a = document.activeElement;
          return {key: (a && a.dataset && a.dataset.focusKey) || '',
                  testid: (a && a.dataset && a.dataset.testid) || '',
                  kind: (a && a.dataset && a.dataset.kind) || '',
                  pressed: (a && a.getAttribute('aria-pressed')) || ''}; }"""
    )
    return found


def _hand_keys(page: Any) -> list[str]:
    keys: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.lpt-hand .lpt-hcard')]"
        ".map((c) => c.dataset.focusKey)"
    )
    return keys


_LISTEN = """() => {
  const live = document.querySelector('[data-testid="announce"]');
  window.__said = [];
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) window.__said.push(n.textContent);
  }).observe(live, {childList: true, subtree: true, characterData: true});
  return live.getAttribute('aria-live');
}"""


def _said(page: Any) -> list[str]:
    said: list[str] = page.evaluate("() => window.__said")
    return said


def _log(page: Any) -> list[str]:
    lines: list[str] = page.locator(".lpt-log-lines li").all_inner_texts()
    return lines


def test_keyboard_play_on_the_site(chromium: Any, site: str, tmp_path: Path) -> None:
    with _dealt(chromium, site, "3", viewport={"width": 1400, "height": 1000}) as page:
        assert page.evaluate(_LISTEN) == "polite"
        end = time.monotonic() + 30
        while not sk.enabled(page, "btn-draw"):
            assert time.monotonic() < end, "the human was never asked to draw"
            assert sk.play_one_move(page, _MOVES, drawn=True), (
                "nothing to click before the first draw"
            )

        # Draw by keyboard: focus goes to the card just drawn, not to Undo
        keys = _hand_keys(page)
        page.locator('[data-testid="btn-draw"]').focus()
        actions = sk.info(page)["info"]["actions"]
        _key(page, "Enter")
        now = _focused(page)
        assert len(_hand_keys(page)) == len(keys) + 1
        assert now["key"] not in keys and now["key"].startswith("card:"), now
        assert now["kind"] != "undo"
        # a second Enter selects that card: nothing is taken back
        drawn = sk.info(page)["info"]["actions"]
        assert drawn > actions
        _key(page, "Enter")
        assert sk.info(page)["info"]["actions"] == drawn
        assert len(_hand_keys(page)) == len(keys) + 1
        assert _focused(page)["key"] == now["key"] and _focused(page)["pressed"] == "true"

        # nothing re-announces itself: no role=status in the table; the grey buttons' reasons
        # are not in reading order; the reason line is read
        assert page.locator(".lpt [role=status]").count() == 0
        assert page.locator(".lpt .lpt-sr:not([hidden])").count() == 0
        assert page.locator('.lpt [data-testid="reason"][aria-hidden]').count() == 0
        # a hand card's name does not say "selected": aria-pressed does
        label = page.locator(f'.lpt-hcard[data-focus-key="{now["key"]}"]').get_attribute(
            "aria-label"
        )
        assert label and "selected" not in label
        # and on screen a selected card carries a tick, not only the focus ring's blue
        tick = page.locator(f'.lpt-hcard[data-focus-key="{now["key"]}"]').evaluate(
            "(el) => getComputedStyle(el, '::after').content"
        )
        assert tick == '"✓"', tick
        # the table's parts are headings a screen reader can jump between
        heads = page.locator('.lpt [role="heading"]').all_inner_texts()
        assert heads[0].startswith("Deal 1 of 7") and "What happened" in heads, heads
        page.screenshot(path=str(tmp_path / "a11y-selected.png"))

        # Discard by keyboard: focus stays in the table, not on Undo; the bots' moves are said
        # once each in the live region
        log_before = _log(page)
        heard = len(_said(page))
        ld.tab_to(page, '[data-testid="btn-discard"]')
        _key(page, "Enter")
        sk.settle(page, 0, drawn=True)
        now = _focused(page)
        assert now["kind"] != "undo" and (
            now["key"].startswith("card:") or now["key"] == "prompt"
        ), now
        assert now["testid"] != "prompt-buy"  # a second Enter buys nothing
        new = _log(page)[len(log_before) :]
        bots = [line for line in new if not line.startswith("You")]
        assert bots, new
        said = _said(page)[heard:]
        for line in bots:  # each new line once (twice if it happened twice)
            assert said.count(line) == new.count(line), (line, said)

        # Go down asked, then Escape: the question goes, nothing was laid
        end = time.monotonic() + DEAL_SECONDS
        moves: list[str] = []
        while not sk.enabled(page, "btn-go_down") and sk.info(page)["info"]["deals_done"] == 0:
            assert time.monotonic() < end and len(moves) < 300, moves[-20:]
            move = sk.play_one_move(page, _MOVES, drawn=True)
            assert move, f"nothing to click: {moves[-20:]}"
            moves.append(move)
        assert sk.enabled(page, "btn-go_down"), "the deal ended before Go down was offered"
        sk.click(page, '.lpt [data-testid="btn-go_down"]', drawn=True)
        page.wait_for_selector('.lpt [data-testid="confirm"]')
        assert _focused(page)["key"] == "confirm:yes"
        # the confirmation's pictures are not read letter by letter: each meld is one picture
        assert page.locator('.lpt-confirm .lpt-staged-card:not([aria-hidden="true"])').count() == 0
        page.screenshot(path=str(tmp_path / "a11y-confirm.png"))
        _key(page, "Escape")
        page.wait_for_selector('.lpt [data-testid="confirm"]', state="detached")
        assert sk.enabled(page, "btn-go_down")  # not gone down: still offered
        assert page.locator('.lpt [data-testid="staged"]').count() == 0

        # to the deal's end without going down
        while sk.info(page)["info"]["deals_done"] == 0:
            assert time.monotonic() < end and len(moves) < 400, moves[-20:]
            move = sk.play_one_move(page, _MOVES, drawn=True)
            assert move, f"nothing to click: {moves[-20:]}"
            moves.append(move)
        page.wait_for_selector('.lpt [data-testid="deal-end"]')
        button = page.locator('.lpt [data-testid="next-deal"]')
        described = (button.get_attribute("aria-describedby") or "").split()
        assert len(described) == 2, described
        how = page.locator(f"#{described[0]}")
        assert how.get_attribute("data-testid") == "deal-end-how"
        assert page.locator(f"#{described[1]}").get_attribute("data-testid") == "leftover-0"
        page.screenshot(path=str(tmp_path / "a11y-deal-end.png"))
        button.focus()
        _key(page, "Enter")
        page.wait_for_selector('.lpt [data-testid="deal-end"]', state="detached")
        first = _hand_keys(page)[0]
        assert _focused(page)["key"] == first
        assert not sk.info(page)["errors"]


FRAMES = "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))"
_UNDER_DOCK = """() => {
  const a = document.activeElement, dock = document.querySelector('.lpt-dock');
  const r = a.getBoundingClientRect(), d = dock.getBoundingClientRect();
  return {bottom: r.bottom, top: r.top, dock: d.top, sticky: getComputedStyle(dock).position,
          key: a.dataset.focusKey || ''};
}"""


def test_a_focused_card_is_not_under_the_stuck_dock(
    chromium: Any, site: str, tmp_path: Path
) -> None:
    """1024×640 with a buy question in the dock (stuck at the screen's bottom): each hand card
    tabbed to is scrolled above it."""
    with _dealt(chromium, site, "4", viewport={"width": 1024, "height": 640}) as page:
        _until_a_buy_question(page)
        # the empty message slot keeps no room while a question is in the dock
        assert page.locator(".lpt-say").evaluate("(e) => e.getBoundingClientRect().height") < 2
        page.evaluate("() => window.scrollTo(0, 0)")
        ld.tab_to(page, ".lpt-hand .lpt-hcard")
        count = len(_hand_keys(page))
        seen = 0
        for i in range(count):
            page.evaluate(FRAMES)  # the focus handler's frame has run
            where = page.evaluate(_UNDER_DOCK)
            assert where["key"].startswith("card:"), where
            if where["sticky"] == "sticky":
                assert where["bottom"] <= where["dock"] + 0.5, (i, where)
                seen += 1
            if i == 0:
                page.screenshot(path=str(tmp_path / "a11y-1024x640-first-card.png"))
            page.keyboard.press("ArrowRight")
        assert seen == count
        page.screenshot(path=str(tmp_path / "a11y-1024x640-last-card.png"))


def _in_view(page: Any, selector: str, height: int) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def _wait_in_view(page: Any, selector: str, height: int) -> None:
    end = time.monotonic() + 5
    while not _in_view(page, selector, height):
        box = page.locator(selector).first.bounding_box()
        assert time.monotonic() < end, f"{selector} is off the screen: {box}"
        page.wait_for_timeout(50)


def test_the_buy_question_is_on_a_phone_screen_on_the_site(
    chromium: Any, site: str, tmp_path: Path
) -> None:
    with _dealt(
        chromium, site, "4", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    ) as page:
        _until_a_buy_question(page)
        _wait_in_view(page, '.lpt [data-testid="prompt-buy"]', 844)
        _wait_in_view(page, '.lpt [data-testid="prompt-pass"]', 844)
        page.screenshot(path=str(tmp_path / "a11y-site-phone-buy.png"))


def test_the_buy_question_is_on_a_phone_screen_in_a_room(chromium: Any, tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.sqlite3")
    problems: list[str] = []
    try:
        room = server.create_room(
            rules="house",
            seats=["human", "bot:basic", "bot:basic"],
            buy_seconds=0,
            idle_turn_seconds=0,
            bot_seconds=0.2,
        )
        context = chromium.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(room["join_url"])
        page.wait_for_selector("#join-box:visible")
        page.fill('[data-testid="name"]', "Pia")
        page.click('[data-testid="join"]')
        page.wait_for_selector('[data-testid="me"]:has-text("Pia")')
        host = server.client(room["code"])
        try:
            host.send(type="host", host_token=room["host_token"])
            host.wait_type("welcome")
            host.send(type="start")
            page.wait_for_selector('[data-testid="hand"] .lpt-hcard')
            end = time.monotonic() + 90
            buy = '[data-testid="prompt"][data-kind="buy"]'
            while not page.locator(buy).count():
                assert time.monotonic() < end, "no buy question in the room"
                for testid in ("btn-draw", "btn-discard"):
                    found = page.locator(f'[data-testid="{testid}"]')
                    if found.count() and found.first.get_attribute("aria-disabled") != "true":
                        found.first.click()
                        break
                else:
                    must = page.locator('[data-testid="deciding"]:has-text("discard")').count()
                    if must and not page.locator('.lpt-hcard[aria-pressed="true"]').count():
                        page.locator('[data-testid="hand"] .lpt-hcard').last.click()
                page.wait_for_timeout(200)
            _wait_in_view(page, '[data-testid="prompt-buy"]', 844)
            page.screenshot(path=str(tmp_path / "a11y-room-phone-buy.png"))
        finally:
            host.close()
        context.close()
    finally:
        server.kill()
    assert not problems, problems


_SCROLL = """() => { const l = document.querySelector('.lpt .lpt-log-lines');
  return {top: l.scrollTop, room: l.scrollHeight - l.clientHeight}; }"""


def _scrolled(page: Any, ok: Any) -> dict[str, float]:
    """The log's scroll place once ``ok(place)`` holds and it has stopped moving (keyboard
    scrolling may be smooth)."""
    end = time.monotonic() + 5
    was: dict[str, float] = {}
    while True:
        place: dict[str, float] = page.evaluate(_SCROLL)
        if ok(place) and place == was:
            return place
        assert time.monotonic() < end, place
        was = place
        page.wait_for_timeout(100)


def test_the_log_is_one_named_tab_stop_that_the_arrows_scroll(
    chromium: Any, site: str, tmp_path: Path
) -> None:
    with _dealt(chromium, site, "4", viewport={"width": 1400, "height": 1000}) as page:
        lines = page.locator(".lpt .lpt-log-lines")
        # a tab stop even before it overflows (not left to the browser), named as the log, a
        # list of its lines, and no second live region (the table has one: "announce")
        assert lines.get_attribute("tabindex") == "0"
        assert lines.get_attribute("role") == "list"
        assert "game log" in (lines.get_attribute("aria-label") or "")
        assert lines.get_attribute("aria-live") is None
        regions = page.evaluate(
            """() => [...document.querySelector('.lpt').parentElement.querySelectorAll(
              '[aria-live]:not([aria-live=off]), [role=log], [role=status]')]
              .map((el) => el.dataset.testid || el.className)"""
        )
        assert regions == ["announce"], regions
        switch = '.lpt [data-testid="toggle-four_color"] [aria-checked="true"]'
        page.locator(switch).focus()
        page.keyboard.press("Tab")
        assert _focused(page)["key"] == "log"
        page.keyboard.press("Shift+Tab")
        assert _focused(page)["key"] == page.locator(switch).get_attribute("data-focus-key")

        # a log that overflows: the arrows, Home and End scroll it
        end = time.monotonic() + 30
        while page.evaluate(_SCROLL)["room"] < 40:
            assert time.monotonic() < end, _log(page)
            assert sk.play_one_move(page, _MOVES, drawn=True)
        _scrolled(page, lambda p: p["top"] >= p["room"] - 4)  # the newest line in view
        lines.focus()
        page.keyboard.press("Home")
        _scrolled(page, lambda p: p["top"] == 0)
        page.keyboard.press("ArrowDown")
        down = _scrolled(page, lambda p: p["top"] > 0)
        assert _focused(page)["key"] == "log"

        # the table drawn again (a move made elsewhere): focus and the place read stay put
        states = sk.info(page)["states"]
        before = len(_log(page))
        move = next((testid for testid in _MOVES if sk.enabled(page, testid)), "")
        assert move, "nothing to press"
        page.evaluate("(t) => document.querySelector(`.lpt [data-testid='${t}']`).click()", move)
        sk.settle(page, states, drawn=True)
        page.evaluate(FRAMES)
        assert len(_log(page)) > before
        assert _focused(page)["key"] == "log"
        assert page.evaluate(_SCROLL)["top"] == down["top"]
        page.keyboard.press("End")
        _scrolled(page, lambda p: p["top"] >= p["room"] - 4)
        page.screenshot(path=str(tmp_path / "a11y-log-focused.png"))
