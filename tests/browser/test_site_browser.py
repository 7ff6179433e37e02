"""The static play site (``make site``) in Chromium, served from loopback, nothing else allowed.

The module builds the site into a temp folder (``scripts/build_site.py``: the npm ``pyodide``
package from the cache folder — downloaded once with ``npm pack`` — and this checkout's wheel),
serves it from 127.0.0.1 and opens it with every request to any other host aborted and
recorded (``labdriver.block_outside``; the engine's Web Worker's requests are seen too: the
test checks that the WebAssembly runtime was among them). Then, by clicking only: pick the
rules, seats, bots and seed, Deal, and play the whole first deal against the bots (the human
draws, goes down when the table lets it, passes buy offers and discards its last card), see the
end-of-deal panel, go on to deal 2, save the match record as a file and load it back.

The page's ``Content-Security-Policy`` forbids string evaluation, so the test waits with
selectors and ``page.evaluate`` (DevTools) instead of ``wait_for_function``. Each wait is
bounded; the whole test takes about 30-60 s (most of it Pyodide's cold start).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest
import sitekit as sk
from sitekit import WAIT

pytestmark = pytest.mark.browser

DEAL_SECONDS = 60  # the whole first deal, clicked
SEED, PLAYERS = "7", "3"
_MOVES = ("confirm-yes", "btn-draw", "prompt-pass", "btn-go_down", "btn-discard")
"""What the simple player here clicks first, in order: it goes down when the table lets it."""


def _watched_page(context: Any) -> tuple[Any, list[str], list[str]]:
    """A new page of ``context`` with the suite's timeout, and the lists its script errors and
    console errors are gathered in (each test asserts both empty at the end)."""
    page = context.new_page()
    page.set_default_timeout(WAIT)
    return page, ld.page_errors(page), ld.console_errors(page)


def test_the_play_page_deals_and_plays_a_deal_offline(chromium: Any, site: str) -> None:
    context = chromium.new_context(viewport={"width": 1400, "height": 1500}, accept_downloads=True)
    outside = ld.block_outside(context)
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page, errors, console = _watched_page(context)
    try:
        page.goto(site)
        page.wait_for_selector("body[data-state=ready]", timeout=WAIT)
        assert page.locator('[data-testid="lessons-link"]').is_hidden()  # built without them
        assert page.locator('[data-testid="preset"] option').count() >= 5
        assert page.locator('[data-testid="level"] option').count() >= 3
        state = sk.deal(page, PLAYERS, SEED)
        assert state["info"]["seed"] == int(SEED) and state["info"]["players"] == int(PLAYERS)

        clicks: list[str] = []
        end = time.monotonic() + DEAL_SECONDS
        while sk.info(page)["info"]["deals_done"] == 0:
            assert time.monotonic() < end, f"the deal did not end in time: {clicks[-20:]}"
            assert len(clicks) < 400, f"too many clicks: {clicks[-20:]}"
            move = sk.play_one_move(page, _MOVES)
            said = page.locator('[data-testid="error"]').all_inner_texts()
            assert move, f"nothing to click: {said}"
            clicks.append(move)
        assert "btn-discard" in clicks and "btn-draw" in clicks
        page.wait_for_selector('[data-testid="deal-end"]')
        assert page.locator("body").get_attribute("data-state") == "deal-end"
        assert page.locator('[data-testid="deal-end"] [data-testid^="leftover-"]').count() >= 2
        state = sk.click(page, '[data-testid="next-deal"]')
        assert state["info"]["deal"] == 2 and not state["info"]["paused"]

        with page.expect_download() as download:
            page.click('[data-testid="save"]')
        saved = Path(download.value.path())
        record = json.loads(saved.read_text(encoding="utf-8"))
        assert record["format"] == "liverpool-record"
        actions = sk.info(page)["info"]["actions"]
        assert len(record["actions"]) == actions

        before = sk.info(page)["states"]
        page.set_input_files('[data-testid="load"]', str(saved))
        state = sk.settle(page, before)
        assert state["info"]["actions"] == actions and state["info"]["deal"] == 2
        assert not state["errors"]
    finally:
        context.close()
    assert not outside, f"requests left loopback: {outside}"
    assert all(ld.is_loopback(url) for url in requests)
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in requests), requests
    assert any(url.endswith(".whl") for url in requests), requests
    assert not errors, errors
    assert not console, console


def test_the_play_page_links_the_lessons_when_the_site_has_them(
    chromium: Any, built: tuple[str, Path]
) -> None:
    """A site built with ``--lessons`` names them in site.json; the play page then links them
    (the JupyterLite build itself is tested in test_lite_browser, marked slow)."""
    url, out = built
    builder = ld.load_script("build_site")
    manifest = (out / "site.json").read_text(encoding="utf-8")
    builder.name_lessons(out)
    context = chromium.new_context()
    ld.block_outside(context)
    try:
        page = context.new_page()
        page.goto(url)
        link = page.locator('[data-testid="lessons-link"]')
        link.wait_for(state="visible", timeout=WAIT)
        assert link.get_attribute("href") == builder.LESSONS_ENTRY
        assert link.inner_text() == "The lessons"
    finally:
        context.close()
        (out / "site.json").write_text(manifest, encoding="utf-8")


def _box(page: Any, testid: str) -> dict[str, float]:
    box: dict[str, float] = page.evaluate(
        "(id) => { const r = document.querySelector(`[data-testid='${id}']`)"
        ".getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }",
        testid,
    )
    return box


def test_on_a_phone_the_settings_fold_and_questions_come_into_view(
    chromium: Any, site: str
) -> None:
    """At 390×844 (a phone): the page's own seed sentence, the presets in words, the settings
    folded into one line after Deal, the question before going down scrolled into view (on a
    shorter phone, 390×640, where it is drawn above the screen), the melds not capped, and a
    loaded record setting the selectors to its match."""
    height = 844
    context = chromium.new_context(
        viewport={"width": 390, "height": height},
        is_mobile=True,
        has_touch=True,
        accept_downloads=True,
    )
    ld.block_outside(context)
    page, errors, console = _watched_page(context)
    try:
        page.goto(site)
        page.wait_for_selector("body[data-state=ready]", timeout=WAIT)
        house = page.locator('[data-testid="preset"] option[value="house"]').inner_text()
        assert house == "house: House rules (the default; 7 deals, jokers wild)"
        assert page.locator('[data-testid="newcomer"]').is_visible()
        page.select_option('[data-testid="preset"]', "online")
        two = page.locator('[data-testid="players"] option[value="2"]').inner_text()
        assert two == "2 (you + 1 bot)"
        page.select_option('[data-testid="preset"]', "house")
        page.fill('[data-testid="seed"]', "abc")
        page.click('[data-testid="deal"]')
        assert page.locator('[data-testid="site-status"]').inner_text() == (
            "The seed is a whole number (or leave it empty for a random deal)."
        )

        page.select_option('[data-testid="players"]', PLAYERS)
        page.select_option('[data-testid="pace"]', "0")
        page.fill('[data-testid="seed"]', SEED)
        before = sk.info(page)["states"]
        page.click('[data-testid="deal"]')
        sk.settle(page, before, timeout=30)
        summary = page.locator('[data-testid="settings-summary"]')
        assert summary.inner_text() == f"house · {PLAYERS} players · seed {SEED} · change"
        assert page.locator('[data-testid="deal"]').is_hidden()  # folded into one line
        assert page.locator('[data-testid="newcomer"]').is_hidden()
        assert _box(page, "hand")["top"] < height  # the hand begins on the first screen

        moves: list[str] = []
        end = time.monotonic() + DEAL_SECONDS
        while not sk.enabled(page, "btn-go_down"):
            assert time.monotonic() < end and len(moves) < 60, f"no Go down: {moves[-20:]}"
            move = sk.play_one_move(page, _MOVES)
            assert move and move != "btn-go_down", f"nothing to click: {moves[-20:]}"
            moves.append(move)
        # On a shorter phone, scrolled down to the button as a thumb does, the hand (and above
        # it, where the question is drawn) begins above the screen.
        height = 640
        page.set_viewport_size({"width": 390, "height": height})
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        assert _box(page, "hand")["top"] < 0 < _box(page, "btn-go_down")["top"] < height
        sk.click(page, '[data-testid="btn-go_down"]')
        page.wait_for_selector('[data-testid="confirm"]')
        end = time.monotonic() + 5
        while not 0 <= _box(page, "confirm")["top"] < height:
            assert time.monotonic() < end, f"the question is off-screen: {_box(page, 'confirm')}"
            page.wait_for_timeout(50)
        melds = page.locator('[data-testid="table"]')
        assert melds.evaluate("(e) => e.scrollHeight <= e.clientHeight + 1")  # nothing hidden

        with page.expect_download() as download:
            summary.click()
            page.click('[data-testid="save"]')
        saved = Path(download.value.path())
        page.select_option('[data-testid="preset"]', "online")
        page.select_option('[data-testid="players"]', "2")
        page.fill('[data-testid="seed"]', "")
        before = sk.info(page)["states"]
        page.set_input_files('[data-testid="load"]', str(saved))
        sk.settle(page, before)
        chosen = [page.input_value(f'[data-testid="{k}"]') for k in ("preset", "players", "seed")]
        assert chosen == ["house", PLAYERS, SEED]
    finally:
        context.close()
    assert not errors, errors
    assert not console, console
