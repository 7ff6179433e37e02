"""Keyboard navigation of the card table, as a keyboard user checks it, in headless Debian
chromium (Playwright's Python package, never ``playwright install``).

Driven on the static play site (built and served from loopback, as ``test_table_a11y_browser``
does), with a stacked match loaded as a record: six melds on the table (two of each player's;
everyone is down), you to draw, holding the 7♦ that lays off on the sevens. What such a user
checks:

- Tab stops once per meld (a roving tabindex), at the meld's first card, and once per hand
  card (the hand, the thing a learner operates most, keeps a Tab stop per card);
- the arrow keys move along a meld (Home / End to its first card and its caption) and the
  meld remembers where focus was, across Tab and across a redraw;
- Enter on a meld card reached by the arrows sends what a click on that card sends, and lays
  the selected card off; focus stays on the card, not on Undo or the page;
- a switch (a radio group) is one Tab stop, at its checked choice; the arrow keys choose the
  previous / next choice (wrapping) and send what a click on it sends;
- the action bar (a WAI-ARIA toolbar) is one Tab stop: Tab into it lands on the button that
  leads on now (Draw at the start of a turn; the grey Discard whose reason the reason line
  shows while no card is selected; Discard with one card selected; the button the hint rings),
  and Left / Right / Home / End move along all its buttons;
- a grey button (``aria-disabled``, not ``disabled``) is reached by the arrows: focus on it
  shows its reason in the reason line, Enter, Space and a click on it send nothing and change
  nothing, and a redraw leaves focus on it;
- the bar keeps the button arrowed to as its Tab stop across the bots' moves while nothing
  new leads, and moves it to the new lead (Draw) when your turn comes.

Intents are read as the page posts them to the engine's worker (``Worker.postMessage`` is
watched by an init script). Geometry and DOM only, no timing; every wait is bounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sitekit as sk

import liverpool as lp

pytestmark = pytest.mark.browser

MELDS = 6

_WATCH_INTENTS = """(() => {
  const post = Worker.prototype.postMessage;
  window.__intents = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "intent") {
      window.__intents.push(JSON.parse(JSON.stringify(message.intent)));
    }
    return post.call(this, message, ...rest);
  };
})();"""

_FOCUS = """() => {
  const a = document.activeElement;
  const table = document.querySelector('.lpt');
  return {key: (a && a.dataset && a.dataset.focusKey) || '',
          kind: (a && a.dataset && a.dataset.kind) || '',
          inTable: !!(a && table && table.contains(a) && a !== table)};
}"""

_STOPS = """(selector) => [...document.querySelectorAll(selector)].map((el) =>
  [el.dataset.focusKey, el.getAttribute('tabindex')])"""


def _record(tmp_path: Path) -> Path:
    """The stacked match, saved as the site's Save record would: you to draw (the 9♣ next)."""
    game = lp.Game.from_deal(
        "house",
        [
            "7D KC 4S 2C 3D 10H",
            "2H 3H 5H 6D 8H 10S",
            "2D 3C 6H 6S 4D 10C",
        ],
        stock="9C KH 4C",
        upcard="QD",
        dealer=2,
        names=["You", "Ada", "Ben"],
        seed=5,
        table=[
            (0, "7H 7C 7S"),
            (0, "9H 9D 9S"),
            (1, "5D 5C 5S"),
            (1, "QH QC QS"),
            (2, "JD JC JH"),
            (2, "8S 8C 8D"),
        ],
    )
    assert (game.phase.value, game.to_act, len(game.table)) == ("draw", 0, MELDS)
    path = tmp_path / "six-melds.json"
    path.write_text(game.to_json(), encoding="utf-8")
    return path


@contextmanager
def _loaded(
    chromium: Any, site: str, tmp_path: Path, size: tuple[int, int] = (1400, 1100)
) -> Iterator[Any]:
    """A page of the site (``size``: its viewport, width and height) with the stacked match
    loaded, intents watched, nothing outside loopback; it asserts no script error at the end."""
    viewport = {"width": size[0], "height": size[1]}
    with sk.opened(chromium, site, init_script=_WATCH_INTENTS, viewport=viewport) as page:
        page.select_option('[data-testid="pace"]', "0")
        before = sk.info(page)["states"]
        page.set_input_files('[data-testid="load"]', str(_record(tmp_path)))
        sk.settle(page, before, drawn=True)
        page.wait_for_selector(f'.lpt [data-testid="meld-{MELDS - 1}"]')
        assert page.locator(".lpt .lpt-meld").count() == MELDS
        yield page
        assert not sk.info(page)["errors"]


def _focus(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(_FOCUS)
    return found


def _key(page: Any) -> str:
    """The focused element's ``data-focus-key``; it is in the table, and not Undo."""
    now = _focus(page)
    assert now["inTable"] and now["kind"] != "undo", now
    return str(now["key"])


def _press(page: Any, key: str) -> str:
    """Press ``key``; where focus is then."""
    page.keyboard.press(key)
    return _key(page)


def _intents(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("() => window.__intents")
    return found


def _sent(page: Any, since: int) -> list[dict[str, Any]]:
    """The intents sent since the first ``since``, without their version numbers."""
    return [{k: v for k, v in i.items() if k != "version"} for i in _intents(page)[since:]]


def _press_and_settle(page: Any, key: str) -> str:
    """Press ``key``, which sends an intent: wait for the engine's answer to be drawn."""
    before = sk.info(page)["states"]
    page.keyboard.press(key)
    sk.settle(page, before, drawn=True)
    return _key(page)


def _tab_until(page: Any, prefix: str, back: bool = False, limit: int = 60) -> list[str]:
    """Tab (or Shift+Tab) until focus is on an element whose key starts with ``prefix``: the
    keys of every stop on the way, that one last."""
    keys: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        now = _focus(page)
        assert now["inTable"], now
        keys.append(str(now["key"]))
        if keys[-1].startswith(prefix):
            return keys
    raise AssertionError(f"{limit} presses did not reach {prefix!r}: {keys}")


def _stops(page: Any, selector: str) -> dict[str, str | None]:
    """Each element's ``data-focus-key`` and its tabindex attribute."""
    return dict(page.evaluate(_STOPS, selector))


def _meld_stops(page: Any, meld: int) -> dict[str, str | None]:
    return _stops(page, f'.lpt [data-testid="meld-{meld}"] button')


def test_one_tab_stop_per_meld_and_one_per_hand_card(
    chromium: Any, site: str, tmp_path: Path
) -> None:
    with _loaded(chromium, site, tmp_path) as page:
        # from the discard pile to your seat's first button (a sort): one stop per meld, at
        # its first card
        page.locator('.lpt [data-testid="discard-top"]').focus()
        keys = _tab_until(page, "sort:")
        assert keys[:-1] == [f"meld:{m}:0" for m in range(MELDS)], keys
        # each meld is one group named by its meld, its other cards and its caption off the
        # Tab order
        for m in range(MELDS):
            group = page.locator(f'.lpt [data-testid="meld-{m}"]')
            assert group.get_attribute("role") == "group"
            assert (group.get_attribute("aria-label") or "").startswith(f"meld {m + 1}: ")
            stops = _meld_stops(page, m)
            assert [k for k, v in stops.items() if v != "-1"] == [f"meld:{m}:0"], stops
            assert len(stops) == 4, stops  # three cards and the caption
        # and back: Shift+Tab stops at the last meld, then at each meld in turn (the first
        # time the table is entered, each at its first card)
        back = _tab_until(page, "discard", back=True)
        assert back == [*[f"meld:{m}:0" for m in reversed(range(MELDS))], "discard"], back
        # the hand keeps a Tab stop per card (the learner's own cards, what is played most)
        hand = [str(k) for k in _stops(page, ".lpt-hand .lpt-hcard")]
        page.locator(".lpt-hand .lpt-hcard").first.focus()
        assert [_press(page, "Tab") for _ in hand[1:]] == hand[1:]


def test_arrows_move_within_a_meld_and_enter_clicks(
    chromium: Any, site: str, tmp_path: Path
) -> None:
    with _loaded(chromium, site, tmp_path) as page:
        page.locator('.lpt [data-testid="discard-top"]').focus()
        assert _tab_until(page, "meld:2:")[-1] == "meld:2:0"
        # along the meld and its caption, stopping at the ends; Up / Down as Left / Right
        moves = ["ArrowRight", "ArrowDown", "ArrowRight", "ArrowRight", "Home", "ArrowLeft"]
        moves += ["End", "ArrowUp", "ArrowLeft"]
        seen = [_press(page, key) for key in moves]
        assert seen == [
            "meld:2:1",
            "meld:2:2",
            "meld:2",
            "meld:2",
            "meld:2:0",
            "meld:2:0",
            "meld:2",
            "meld:2:2",
            "meld:2:1",
        ], seen
        assert _sent(page, 0) == []  # moving sends nothing
        stops = _meld_stops(page, 2)
        assert [k for k, v in stops.items() if v == "0"] == ["meld:2:1"], stops
        # the meld keeps its place: Tab on to the next meld, and back
        assert _press(page, "Tab") == "meld:3:0"
        assert _press(page, "Shift+Tab") == "meld:2:1"

        # Enter on a meld card sends what a click on it sends: here (nothing selected, no
        # card drawn yet) the table's guide answers both alike
        count = len(_intents(page))
        sk.click(page, '.lpt [data-testid="meld-1-card-1"]', drawn=True)
        clicked = _sent(page, count)
        guide = page.locator('.lpt [data-testid="error"]').inner_text()
        assert clicked == [{"kind": "click_meld", "meld": 1, "position": 1}], clicked
        assert guide.strip(), "the click on a meld card was not answered"
        assert _key(page) == "meld:1:1"  # the clicked card is its meld's Tab stop
        _press(page, "Home")
        assert _press(page, "ArrowRight") == "meld:1:1"
        count = len(_intents(page))
        assert _press_and_settle(page, "Enter") == "meld:1:1"
        assert _sent(page, count) == clicked
        assert page.locator('.lpt [data-testid="error"]').inner_text() == guide

        # the melds keep their Tab stops when the table is drawn again (a card drawn)
        page.evaluate("() => { document.querySelector('[data-testid=meld-2]').__old = 1; }")
        sk.click(page, '.lpt [data-testid="stock"]', drawn=True)
        assert page.evaluate("() => !document.querySelector('[data-testid=meld-2]').__old")
        for meld, stop in ((0, "meld:0:0"), (1, "meld:1:1"), (2, "meld:2:1")):
            stops = _meld_stops(page, meld)
            assert [k for k, v in stops.items() if v == "0"] == [stop], stops

        # select the 7♦, then by keys: to the sevens, along to their last card, Enter
        seven = page.locator('.lpt-hand .lpt-hcard[data-card="7D"]')
        index = seven.get_attribute("data-index") or ""
        sk.click(page, '.lpt-hand .lpt-hcard[data-card="7D"]', drawn=True)
        assert page.locator(".lpt[data-version]").get_attribute("data-selected") == index
        assert _tab_until(page, "meld:2:", back=True)[-1] == "meld:2:1"
        assert _tab_until(page, "meld:0:", back=True)[-1] == "meld:0:0"
        assert _press(page, "ArrowRight") == "meld:0:1"
        assert _press(page, "ArrowRight") == "meld:0:2"
        count = len(_intents(page))
        assert _press_and_settle(page, "Enter") == "meld:0:2"  # not Undo, not the page
        assert _sent(page, count) == [{"kind": "click_meld", "meld": 0, "position": 2}]
        cards = page.locator('.lpt [data-testid="meld-0"] .lpt-mcard')
        assert sorted(cards.evaluate_all("(els) => els.map((e) => e.dataset.card)")) == sorted(
            ["7H", "7C", "7S", "7D"]
        )
        assert page.locator('.lpt-hand .lpt-hcard[data-card="7D"]').count() == 0
        stops = _meld_stops(page, 0)
        assert [k for k, v in stops.items() if v != "-1"] == ["meld:0:2"], stops


def test_arrows_choose_in_a_switch(chromium: Any, site: str, tmp_path: Path) -> None:
    with _loaded(chromium, site, tmp_path) as page:
        choices = ".lpt [data-testid=toggle-auto_pass] [role=radio]"
        # one Tab stop per switch, at its checked choice
        page.locator('.lpt [data-testid="btn-draw"]').focus()
        assert _tab_until(page, "opt:")[-1] == "opt:auto_pass:off"
        assert _stops(page, choices) == {
            "opt:auto_pass:off": "0",
            "opt:auto_pass:when_down": "-1",
            "opt:auto_pass:always": "-1",
        }
        assert _press(page, "Tab") == "opt:four_color:two"
        assert _press(page, "Shift+Tab") == "opt:auto_pass:off"

        # the arrows choose the next / previous choice, wrapping, as a click on it would
        count = len(_intents(page))
        seen: list[str] = []
        for key in ("ArrowRight", "ArrowDown", "ArrowRight", "ArrowLeft", "ArrowUp"):
            seen.append(_press_and_settle(page, key))
            checked = page.locator(f"{choices}[aria-checked=true]").get_attribute("data-focus-key")
            assert checked == seen[-1]
            assert page.locator(f"{choices}.is-on").get_attribute("data-focus-key") == seen[-1]
        values = ["when_down", "always", "off", "always", "when_down"]
        assert seen == [f"opt:auto_pass:{v}" for v in values]
        sent = _sent(page, count)
        assert sent == [{"kind": "option", "name": "auto_pass", "value": v} for v in values]
        stops = _stops(page, choices)
        assert [k for k, v in stops.items() if v == "0"] == ["opt:auto_pass:when_down"], stops
        # Space and a click send the same
        count = len(_intents(page))
        assert _press_and_settle(page, "Space") == "opt:auto_pass:when_down"
        sk.click(page, '.lpt [data-testid="toggle-auto_pass-when_down"]', drawn=True)
        assert _sent(page, count) == [sent[-1], sent[-1]]

        # the deck switch too: its pictures are drawn again, focus stays on the choice
        page.locator('.lpt [data-testid="toggle-four_color-two"]').focus()
        count = len(_intents(page))
        assert _press_and_settle(page, "ArrowLeft") == "opt:four_color:four"
        assert _sent(page, count) == [{"kind": "option", "name": "four_color", "value": "four"}]
        page.wait_for_selector(".lpt.is-four-color")
        deck = _stops(page, ".lpt [data-testid=toggle-four_color] [role=radio]")
        assert deck == {"opt:four_color:two": "-1", "opt:four_color:four": "0"}, deck


def test_enter_on_a_pile_draws_and_puts_focus_on_the_card_drawn(
    chromium: Any, site: str, tmp_path: Path
) -> None:
    with _loaded(chromium, site, tmp_path) as page:
        # the 7♦ selected first (a meld in mind): it stays selected through the draw
        page.locator('.lpt-hand [data-focus-key^="card:7D:"]').focus()
        _press_and_settle(page, "Enter")
        page.locator('.lpt [data-testid="discard-top"]').focus()
        since = len(_intents(page))
        assert _press_and_settle(page, "Enter").startswith("card:QD:")
        # a second Enter selects the card taken; it does not discard the 7♦ (a click on the
        # discard pile once you have drawn means "discard")
        _press_and_settle(page, "Enter")
        sent = _sent(page, since)
        assert [i["kind"] for i in sent] == ["click_discard", "click_card"], sent
        hand = page.locator(".lpt-hand .lpt-hcard")
        assert hand.count() == 7


_BOXES = """() => { const t = document.querySelector('.lpt');
  const box = (sel) => { const el = t.querySelector(sel); if (!el) return null;
    const b = el.getBoundingClientRect();
    return {left: b.left, right: b.right, top: b.top, bottom: b.bottom}; };
  return {piles: box('.lpt-piles'), stock: box('[data-testid="stock"]'),
          melds: box('[data-testid="table"]'), message: box('[data-testid="error"]:not([hidden])'),
          dock: box('.lpt-dock'), height: innerHeight}; }"""
"""Where the piles, the stock, the melds' box, the message shown and the dock are on screen."""


@pytest.mark.parametrize("size", [(390, 844), (1400, 1100)], ids=["phone", "laptop"])
def test_a_refused_pile_says_why_under_the_piles(
    chromium: Any, site: str, tmp_path: Path, size: tuple[int, int]
) -> None:
    """A click (or Enter) on a pile the rules refuse answers next to the pile, on the screen:
    on a phone the melds wrap under the piles, and a message under the whole middle row came
    after every meld, off the screen; a click on a meld still answers under the melds."""
    with _loaded(chromium, site, tmp_path, size) as page:
        sk.click(page, '.lpt [data-testid="stock"]', drawn=True)  # drawn: the piles are done
        stock = page.locator('.lpt [data-testid="stock"]')
        stock.scroll_into_view_if_needed()
        stock.focus()
        assert _press_and_settle(page, "Enter") == "stock"  # focus stays on the pile
        message = page.locator('.lpt [data-testid="error"]')
        assert message.get_attribute("data-kind") == "error"
        assert "already drawn" in message.inner_text()
        at = page.evaluate(_BOXES)
        shown, piles, stock_box = at["message"], at["piles"], at["stock"]
        assert shown is not None, at
        assert 0 <= shown["top"] - piles["bottom"] <= 12, at  # right under the piles
        assert shown["left"] <= stock_box["left"] and shown["right"] >= stock_box["right"], at
        assert shown["top"] < at["melds"]["bottom"], at  # not after every meld
        assert shown["bottom"] <= at["height"], at  # on the screen...
        dock = at["dock"]
        assert shown["bottom"] <= dock["top"] or shown["top"] >= dock["bottom"], at  # ...uncovered
        page.screenshot(path=str(tmp_path / f"pile-refused-{size[0]}.png"))

        # a meld clicked with no card selected: the guide answers under the melds, as before
        sk.click(page, '.lpt [data-testid="meld-0-card-0"]', drawn=True)
        assert message.get_attribute("data-kind") == "guide"
        at = page.evaluate(_BOXES)
        assert at["message"]["top"] >= at["melds"]["bottom"], at


_GREY = """(el) => ({off: el.getAttribute('aria-disabled'), disabled: el.hasAttribute('disabled'),
  tabindex: el.tabIndex, described: el.getAttribute('aria-describedby') || ''})"""


def _table_state(page: Any) -> dict[str, Any]:
    """What a grey button must not change: the hand, the log, the message, the view shown."""
    found: dict[str, Any] = page.evaluate(
        """() => { const t = document.querySelector('.lpt[data-version]');
          const error = t.querySelector('[data-testid="error"]');
          return {hand: [...t.querySelectorAll('.lpt-hand .lpt-hcard')].map((c) => c.dataset.card),
                  selected: t.dataset.selected, version: t.dataset.version,
                  log: [...t.querySelectorAll('.lpt-log-lines li')].map((li) => li.textContent),
                  error: error && !error.hidden ? error.textContent : ''}; }"""
    )
    return found


_BAR = ".lpt .lpt-actions button"


def _bar_stops(page: Any) -> list[str]:
    """The action bar's Tab stops (its buttons whose tabindex is not -1)."""
    return [str(k) for k, v in _stops(page, _BAR).items() if v != "-1"]


def _tab_into_bar(page: Any) -> str:
    """From your last card, Tab into the action bar: the key of the button it lands on."""
    page.locator(".lpt-hand .lpt-hcard").last.focus()
    keys = _tab_until(page, "btn:")
    assert len(keys) == 1, keys  # the bar comes straight after the hand
    return keys[-1]


def test_the_action_bar_is_one_tab_stop(chromium: Any, site: str, tmp_path: Path) -> None:
    with _loaded(chromium, site, tmp_path) as page:
        bar = page.locator(".lpt .lpt-actions")
        assert bar.get_attribute("role") == "toolbar"
        buttons = [str(k) for k in _stops(page, _BAR)]
        assert {"btn:draw", "btn:take", "btn:go_down", "btn:hint", "btn:undo"} <= set(buttons)
        # before focus has been there, the stop is the button that leads on: Draw
        assert _bar_stops(page) == ["btn:draw"], _stops(page, _BAR)
        # from your last card: one Tab into the bar, at Draw, the next one out of it, to the
        # first switch; Shift+Tab back comes to Draw again
        page.locator(".lpt-hand .lpt-hcard").last.focus()
        assert _tab_until(page, "opt:") == ["btn:draw", "opt:auto_pass:off"]
        assert _tab_until(page, "btn:", back=True) == ["btn:draw"]
        hand = [str(k) for k in _stops(page, ".lpt-hand .lpt-hcard")]
        assert _tab_until(page, "card:", back=True) == [hand[-1]]
        # the stop follows focus: a button arrowed to is the bar's one stop
        page.locator('.lpt [data-testid="btn-draw"]').focus()
        assert _press(page, "ArrowRight") == buttons[1]
        assert _bar_stops(page) == [buttons[1]]
        assert _tab_until(page, "opt:") == ["opt:auto_pass:off"]
        assert _tab_until(page, "btn:", back=True) == [buttons[1]]
        assert _sent(page, 0) == []  # moving sends nothing


def test_tab_into_the_bar_lands_on_the_button_that_leads(
    chromium: Any, site: str, tmp_path: Path
) -> None:
    with _loaded(chromium, site, tmp_path) as page:
        reason = page.locator('.lpt [data-testid="reason"]')
        # your turn begins: Draw leads
        assert _tab_into_bar(page) == "btn:draw"
        sk.click(page, '.lpt [data-testid="stock"]', drawn=True)
        # drawn, nothing selected, nothing that plays is on: the reason line says what leads
        # on (Discard: select one card), and Tab lands on that grey Discard, which says it
        line = reason.inner_text()
        assert line.startswith("Discard: "), line
        assert _tab_into_bar(page) == "btn:discard"
        assert _focus(page)["kind"] == "discard"
        assert page.locator('.lpt [data-testid="btn-discard"]').get_attribute("aria-disabled")
        assert reason.inner_text() == line
        # one card selected: the live Discard leads
        sk.click(page, '.lpt-hand .lpt-hcard[data-card="KC"]', drawn=True)
        assert sk.enabled(page, "btn-discard")
        assert _tab_into_bar(page) == "btn:discard"
        # the hint asked (Enter on Hint): focus stays on Hint; once focus has left the bar,
        # the button the hint rings is the bar's stop
        page.locator('.lpt [data-testid="btn-discard"]').focus()
        page.keyboard.press("End")
        assert _focus(page)["key"] == "btn:undo"
        assert _press(page, "ArrowLeft") == "btn:hint"
        _press_and_settle(page, "Enter")
        page.wait_for_selector('.lpt [data-testid="hint"]')
        assert _key(page) == "btn:hint"
        assert _bar_stops(page) == ["btn:hint"]
        hinted = page.locator(f"{_BAR}.is-hinted")
        assert hinted.count() == 1, page.locator('.lpt [data-testid="hint"]').inner_text()
        ringed = hinted.get_attribute("data-focus-key")
        assert (hinted.get_attribute("aria-label") or "").endswith(", hinted")
        assert _tab_into_bar(page) == ringed
        page.screenshot(path=str(tmp_path / "keys-bar-hinted.png"))


def test_the_arrows_reach_a_grey_button_that_shows_why_and_does_nothing(
    chromium: Any, site: str, tmp_path: Path
) -> None:
    with _loaded(chromium, site, tmp_path) as page:
        go_down = page.locator('.lpt [data-testid="btn-go_down"]')
        # off (you are down already), but aria-disabled, not disabled: the arrows reach it
        grey = go_down.evaluate(_GREY)
        assert grey == {
            "off": "true",
            "disabled": False,
            "tabindex": -1,  # not the bar's Tab stop: Draw leads
            "described": grey["described"],
        }
        assert go_down.is_disabled()  # Playwright reads aria-disabled as a button's state
        why = page.locator(f"#{grey['described']}").text_content() or ""
        assert why.strip(), grey
        # Tab into the bar (at Draw), then Right along every button, grey ones too, stopping
        # at the last; Home and End go to the ends; Up and Down move nothing
        buttons = [str(k) for k in _stops(page, _BAR)]
        assert _tab_into_bar(page) == buttons[0] == "btn:draw"
        seen = []
        for _ in buttons:
            page.keyboard.press("ArrowRight")
            seen.append(_focus(page)["key"])
        assert seen == [*buttons[1:], buttons[-1]], seen
        assert _press(page, "Home") == buttons[0]
        page.keyboard.press("End")
        assert _focus(page)["key"] == buttons[-1]
        page.keyboard.press("ArrowLeft")
        for key in ("ArrowUp", "ArrowDown"):
            assert _press(page, key) == buttons[-2]
        assert _sent(page, 0) == []  # moving sends nothing
        _press(page, "Home")
        for _ in range(buttons.index("btn:go_down")):
            page.keyboard.press("ArrowRight")
        assert _focus(page)["kind"] == "go_down"
        assert _bar_stops(page) == ["btn:go_down"]
        # focus shows its reason in full in the line under the buttons
        reason = page.locator('.lpt [data-testid="reason"]')
        assert reason.inner_text() == f"Go down: {why}"

        # Enter, Space and a click on it do nothing: no intent, no answer, no message
        before = _table_state(page)
        states = sk.info(page)["states"]
        count = len(_intents(page))
        page.keyboard.press("Enter")
        page.keyboard.press("Space")
        go_down.click(force=True)  # (Playwright would wait for it to be enabled)
        assert _sent(page, count) == []
        assert sk.info(page)["states"] == states
        assert _table_state(page) == before
        assert _key(page) == "btn:go_down"
        assert reason.inner_text() == f"Go down: {why}"

        # the table drawn again while focus rests there (a draw made elsewhere): focus stays
        # on the grey button, the keyboard user still reading why
        page.evaluate("() => document.querySelector('.lpt [data-testid=\"stock\"]').click()")
        sk.settle(page, states, drawn=True)
        assert len(page.locator(".lpt-hand .lpt-hcard").all()) == len(before["hand"]) + 1
        assert _key(page) == "btn:go_down"
        assert _bar_stops(page) == ["btn:go_down"]  # though Discard leads now
        grey = go_down.evaluate(_GREY)
        assert grey["off"] == "true" and grey["described"], grey
        why = page.locator(f"#{grey['described']}").text_content() or ""
        assert reason.inner_text() == f"Go down: {why}"
        page.screenshot(path=str(tmp_path / "keys-grey-go-down.png"))


_LINE = """(kind) => { const t = document.querySelector('.lpt[data-version]');
  const text = (el) => (el ? el.textContent.replace(/\\s+/g, ' ').trim() : '');
  const line = t.querySelector('.lpt-under > .lpt-reason');
  return {line: text(line), testid: line ? line.dataset.testid : '',
          label: text(t.querySelector(`[data-testid="btn-${kind}"]`)),
          why: text(t.querySelector(`[data-testid="why-${kind}"]`))}; }"""


def _line(page: Any, kind: str = "") -> dict[str, str]:
    """The line under the buttons (its words and test id), and the ``kind`` button's label and
    reason as drawn for a screen reader, read at one moment (a bot may move between reads)."""
    found: dict[str, str] = page.evaluate(_LINE, kind)
    return found


def _says_why(page: Any, kind: str) -> None:
    """Focus is on the grey ``kind`` button while another player decides, and the line under
    the buttons says why it is off: "Hint: Nothing to decide yet: ..."."""
    assert _focus(page)["kind"] == kind
    now = _line(page, kind)
    assert now["why"].startswith(("It is not your turn", "Nothing to decide yet")), now
    assert now["line"] == f"{now['label']}: {now['why']}", now
    assert now["testid"] == "reason", now


def _log_lines(page: Any) -> int:
    return int(page.locator(".lpt-log-lines li").count())


def _until_more_log(page: Any, lines: int, timeout: float = 20.0) -> int:
    """Wait (bounded) until the log has more than ``lines`` lines drawn: a bot has moved."""
    for _ in range(int(timeout / 0.05)):
        now = _log_lines(page)
        if now > lines:
            return now
        page.wait_for_timeout(50)
    raise AssertionError(f"no bot moved: the log kept {lines} lines")


def test_the_bar_keeps_the_button_arrowed_to_while_the_bots_move(
    chromium: Any, site: str, tmp_path: Path
) -> None:
    with _loaded(chromium, site, tmp_path) as page:
        # your turn by mouse: draw the 9♣, discard the K♣; the bots then move one by one,
        # slowly (the site's own "slow" pace)
        sk.click(page, '.lpt [data-testid="stock"]', drawn=True)
        sk.click(page, '.lpt-hand .lpt-hcard[data-card="KC"]', drawn=True)
        page.select_option('[data-testid="pace"]', "1.2")
        lines = _log_lines(page)
        page.locator('.lpt [data-testid="btn-discard"]').click()
        page.mouse.move(0, 0)  # from here on by keyboard (the line follows the pointer too)
        lines = _until_more_log(page, lines)  # your discard is drawn; the bots are to move
        assert "Waiting for" in page.locator('.lpt [data-testid="waiting"]').inner_text()
        # nothing leads while others decide: the stop is the first live button (Undo); arrow
        # to the grey Hint and Tab on out of the bar
        assert _tab_into_bar(page) == "btn:undo"
        assert "Waiting for" in _line(page)["line"]  # Undo is live, with no note to show
        assert _press(page, "ArrowLeft") == "btn:hint"
        assert page.locator('.lpt [data-testid="btn-hint"]').get_attribute("aria-disabled")
        # the grey button says why it is off where it does in every other state, the line
        # under the buttons, though another player decides
        _says_why(page, "hint")
        page.keyboard.press("Home")
        assert _focus(page)["key"] == "btn:draw"
        _says_why(page, "draw")
        assert _press(page, "ArrowRight") == "btn:take"
        _says_why(page, "take")
        page.keyboard.press("End")
        assert _press(page, "ArrowLeft") == "btn:hint"
        assert _press(page, "Tab").startswith("opt:")
        # a bot moves: the table is drawn again, the stop stays on Hint
        lines = _until_more_log(page, lines)
        assert _bar_stops(page) == ["btn:hint"], _stops(page, _BAR)
        assert _press(page, "Shift+Tab") == "btn:hint"
        # and while focus rests on it, the next move leaves focus and the stop there, and the
        # line says why Hint is off now
        _until_more_log(page, lines)
        assert _key(page) == "btn:hint"
        assert _bar_stops(page) == ["btn:hint"]
        _says_why(page, "hint")
        # your turn comes again: something new leads (Draw), and once focus has left the bar
        # the stop is Draw (the same rule as at the start of a turn)
        for _ in range(400):
            if sk.enabled(page, "btn-draw") or sk.enabled(page, "prompt-pass"):
                break
            page.wait_for_timeout(50)
        if sk.enabled(page, "prompt-pass"):  # a discard offered to you on the way: pass
            sk.click(page, '.lpt [data-testid="prompt-pass"]')
            for _ in range(400):
                if sk.enabled(page, "btn-draw"):
                    break
                page.wait_for_timeout(50)
        assert sk.enabled(page, "btn-draw")
        assert _tab_into_bar(page) == "btn:draw"
        assert _bar_stops(page) == ["btn:draw"]
