"""Driving the static play site (``make site``) in a test: its state as the page reports it
(``liverpoolSite``), waiting for the engine's answer to a click or a key, and a simple player's
next click. Shared by the site's and the table's browser tests; the built and
served site is the session's ``built`` fixture (``conftest.py``).

The page's ``Content-Security-Policy`` forbids string evaluation, so waits poll with
``page.evaluate`` (DevTools) rather than ``wait_for_function``; every wait is bounded.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import labdriver as ld

WAIT = 60_000  # ms: the longest any one wait may take (Pyodide's cold start is the longest)

_DRAWN = (
    "() => { const t = document.querySelector('.lpt[data-version]');"
    " return t ? t.dataset.version : ''; }"
)


@contextmanager
def opened(
    chromium: Any, site: str, *, init_script: str | None = None, **context: Any
) -> Iterator[Any]:
    """A page of the site, ready, in a new browser context (``context``: its viewport...) that
    reaches nothing outside loopback, ``init_script`` run before the page's own; it asserts no
    script error once the caller is done."""
    ctx = chromium.new_context(**context)
    ld.block_outside(ctx)
    if init_script is not None:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    page.set_default_timeout(WAIT)
    errors = ld.page_errors(page)
    try:
        page.goto(site)
        page.wait_for_selector("body[data-state=ready]", timeout=WAIT)
        yield page
    finally:
        ctx.close()
    assert not errors, errors


def info(page: Any) -> dict[str, Any]:
    """The page's own account: answers received (``states``), a bot about to move (``busy``),
    the version of the view sent, the match (``info``) and the errors it met."""
    found: dict[str, Any] = page.evaluate(
        "() => ({states: liverpoolSite.states, busy: liverpoolSite.busy,"
        " version: liverpoolSite.version, info: liverpoolSite.info,"
        " errors: liverpoolSite.errors})"
    )
    return found


def settle(page: Any, after: int, timeout: float = 20.0, *, drawn: bool = False) -> dict[str, Any]:
    """Wait for an answer newer than state number ``after`` with no bot about to move (and,
    ``drawn``, for the table to have drawn it)."""
    end = time.monotonic() + timeout
    while True:
        now = info(page)
        shown = not drawn or page.evaluate(_DRAWN) == str(now["version"])
        if now["states"] > after and not now["busy"] and shown:
            return now
        if time.monotonic() > end:
            raise AssertionError(f"the table did not settle: {now}")
        page.wait_for_timeout(40)


def deal(page: Any, players: str, seed: str, *, drawn: bool = False) -> dict[str, Any]:
    """Choose house rules, basic bots, ``players`` seats, no pause between bot moves and
    ``seed``; press Deal and wait until the hand is on the table. The page's state then."""
    page.select_option('[data-testid="preset"]', "house")
    page.select_option('[data-testid="level"]', "basic")
    page.select_option('[data-testid="players"]', players)
    page.select_option('[data-testid="pace"]', "0")
    page.fill('[data-testid="seed"]', seed)
    before = info(page)["states"]
    page.click('[data-testid="deal"]')
    state = settle(page, before, timeout=30, drawn=drawn)
    page.wait_for_selector('.lpt [data-testid="hand"] [data-testid^="hand-card-"]')
    return state


def enabled(page: Any, testid: str) -> bool:
    """Whether the table's ``testid`` is there, visible and on (a grey button is
    ``aria-disabled``: it takes focus but does nothing)."""
    found = page.locator(f'.lpt [data-testid="{testid}"]')
    return (
        bool(found.count())
        and found.first.is_visible()
        and found.first.is_enabled()
        and found.first.get_attribute("aria-disabled") != "true"
    )


def click(page: Any, selector: str, *, drawn: bool = False) -> dict[str, Any]:
    """Click ``selector`` and wait for the answer (:func:`settle`)."""
    before = info(page)["states"]
    page.locator(selector).first.click()
    return settle(page, before, drawn=drawn)


def play_one_move(page: Any, buttons: Sequence[str], *, drawn: bool = False) -> str:
    """One click of a simple player: the first of ``buttons`` that is on, else select the
    hand's last card (to discard it next); what it clicked, or ``""``."""
    for testid in buttons:
        if enabled(page, testid):
            click(page, f'.lpt [data-testid="{testid}"]', drawn=drawn)
            return testid
    if page.locator('.lpt-hcard[aria-pressed="true"]').count() == 0:
        cards = page.locator('.lpt [data-testid="hand"] [data-testid^="hand-card-"]')
        if cards.count():
            click(
                page, '.lpt [data-testid="hand"] [data-testid^="hand-card-"] >> nth=-1', drawn=drawn
            )
            return "card"
    return ""
