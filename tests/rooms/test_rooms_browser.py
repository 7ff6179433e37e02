"""The room pages in headless Debian chromium (Playwright's Python package, never
``playwright install``): the teacher makes a room, two students join by the join link, one
closes the page and opens it again (re-synced from its stored token), they play a buy and a
discard, the projector follows, and a name made of HTML shows as text everywhere."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from roomkit import Server

# Chromium is found and started as every browser test starts it (tests/browser/labdriver.py),
# which needs no JupyterLab for that.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
import labdriver as ld

pytestmark = pytest.mark.browser

EVIL = "<img src=x onerror=alert(1)>"


@pytest.fixture
def browser() -> Iterator[Any]:
    if ld.chromium_path() is None:
        pytest.skip("Debian chromium is not installed")
    pytest.importorskip("playwright.sync_api")
    with ld.browser() as b:
        yield b


def wait_cards(page: Any, count: int) -> None:
    """Wait until the page's hand shows ``count`` cards (the pages' CSP forbids eval, so
    waits use locators, not ``wait_for_function``)."""
    from playwright.sync_api import expect

    expect(page.locator('[data-testid="hand"] .lpt-hcard')).to_have_count(count, timeout=15_000)


def hand_codes(page: Any) -> list[str]:
    cards = page.locator('[data-testid="hand"] .lpt-hcard')
    return [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]


def _noted(page: Any, who: str, problems: list[str], dialogs: list[str]) -> Any:
    """``page`` with its script errors noted in ``problems`` and its dialogs (dismissed) in
    ``dialogs``, each under ``who``; a page that must not fail or ask anything is checked by
    asserting both lists empty at the end."""
    page.on("pageerror", lambda e: problems.append(f"{who}: {e}"))

    def dismissed(dialog: Any) -> None:
        dialogs.append(f"{who}: dialog {dialog.message}")
        dialog.dismiss()

    page.on("dialog", dismissed)
    page.set_default_timeout(15_000)
    return page


def test_a_class_plays_in_the_browser(browser: Any, tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.sqlite3")
    problems: list[str] = []
    dialogs: list[str] = []

    def watch(page: Any, who: str) -> Any:
        return _noted(page, who, problems, dialogs)

    started = time.monotonic()
    try:
        # The teacher makes a room: a bot deals, the two students sit at seats 2 and 3 (the pages
        # count seats from 1, as people do; the wire counts them from 0).
        teacher = watch(
            browser.new_context(viewport={"width": 1300, "height": 950}).new_page(), "teacher"
        )
        teacher.goto(server.url)
        teacher.fill("#key", server.key)
        teacher.click('[data-testid="use-key"]')
        teacher.select_option("#preset", "house")
        seats = teacher.locator("#seats select")
        for i, kind in enumerate(["bot:basic", "human", "human", "bot:basic"]):
            seats.nth(i).select_option(kind)
        teacher.fill("#buy-seconds", "30")
        teacher.fill("#idle-seconds", "120")
        teacher.fill("#bot-seconds", "0.2")
        teacher.click('[data-testid="create-room"]')
        teacher.wait_for_selector('[data-testid="qr"] svg')
        code = teacher.text_content('[data-testid="room-code"]')
        join = teacher.get_attribute('[data-testid="join-link"]', "href")
        assert code and join and join.endswith(f"/r/{code}")

        # Two students open the join link: Ben first (seat 2), then the one with an HTML name.
        ben_ctx = browser.new_context(viewport={"width": 1200, "height": 900})
        ben = watch(ben_ctx.new_page(), "ben")
        ben.goto(join)
        ben.fill('[data-testid="name"]', "Ben")
        ben.click('[data-testid="join"]')
        ben.wait_for_selector('[data-testid="me"]:has-text("Ben · seat 2")')
        eve_ctx = browser.new_context(viewport={"width": 1200, "height": 900})
        eve = watch(eve_ctx.new_page(), "eve")
        eve.goto(join)
        eve.fill('[data-testid="name"]', EVIL)
        eve.click('[data-testid="join"]')
        eve.wait_for_selector('[data-testid="me"]:has-text("seat 3")')
        teacher.wait_for_selector('[data-testid="lobby-seat-2"] .rooms-name:has-text("<img")')
        assert teacher.text_content('[data-testid="lobby-seat-2"] .rooms-name') == EVIL

        # The teacher removes Ben (✕, then "Sure?"); Ben's page says so and he joins again.
        teacher.click('[data-testid="kick-1"]')
        teacher.wait_for_selector('[data-testid="kick-1"]:has-text("Sure?")')
        teacher.click('[data-testid="kick-1"]')
        ben.wait_for_selector('[data-testid="page-error"]:has-text("teacher")')
        teacher.wait_for_selector('[data-testid="lobby-seat-1"]:has-text("free seat")')
        ben.wait_for_selector("#join-box:visible")
        ben.fill('[data-testid="name"]', "Ben")
        ben.click('[data-testid="join"]')
        ben.wait_for_selector('[data-testid="me"]:has-text("Ben · seat 2")')
        teacher.wait_for_selector('[data-testid="lobby-seat-1"] .rooms-name:has-text("Ben")')
        teacher.click('[data-testid="start"]')

        for page in (ben, eve):
            wait_cards(page, 10)
        teacher.wait_for_selector('[data-testid="projector"] [data-testid="discard-top"]')

        # Eve closes her page and opens the join link again: her stored token brings her back
        # to seat 3 with the same hand.
        before = hand_codes(eve)
        eve.close()
        eve = watch(eve_ctx.new_page(), "eve again")
        eve.goto(join)
        eve.wait_for_selector('[data-testid="me"]:has-text("seat 3")')
        wait_cards(eve, 10)
        assert hand_codes(eve) == before
        assert eve.locator('[data-testid="join-box"]').count() == 0 or not eve.is_visible(
            "#join-box"
        )

        # Ben plays first and draws from the stock: the upcard is offered, Eve is asked first.
        ben.wait_for_selector('[data-testid="btn-draw"]:not([aria-disabled="true"])')
        offered = ben.get_attribute('[data-testid="discard-top"]', "data-card")
        ben.click('[data-testid="stock"]')
        eve.wait_for_selector('[data-testid="prompt"][data-kind="buy"]')
        assert eve.is_visible('[data-testid="countdown"]')
        eve.click('[data-testid="prompt-buy"]')
        wait_cards(eve, 12)
        assert offered in hand_codes(eve)
        teacher.wait_for_selector(
            '[data-testid="projector"] [data-testid="log"] li:has-text("bought")'
        )

        # Ben, having drawn, selects his last card and discards it.
        wait_cards(ben, 11)
        ben.wait_for_selector('[data-testid="deciding"]:has-text("discard")')
        cards = ben.locator('[data-testid="hand"] .lpt-hcard')
        last = cards.nth(cards.count() - 1)
        thrown = last.get_attribute("data-card")
        last.click()
        ben.wait_for_selector('[data-testid="btn-discard"]:not([aria-disabled="true"])')
        ben.click('[data-testid="btn-discard"]')
        wait_cards(ben, 10)
        # The projector shows the new discard (or a later one, once the bots have moved).
        teacher.wait_for_selector(
            '[data-testid="projector"] [data-testid="log"] li:has-text("Ben discarded")'
        )
        assert thrown

        # The HTML name is text on every screen: no image element was made, no alert ran.
        for page in (teacher, ben, eve):
            assert page.locator('img[src="x"]').count() == 0
        assert ben.locator(f'[data-testid="opponent-2"]:has-text("{EVIL}")').count() == 1
        assert teacher.locator(f'[data-testid="projector"] :text("{EVIL}")').count() >= 1
        # The projector never shows a hand, until the teacher asks for a demonstration.
        assert teacher.locator('[data-testid="projector"] .lpt-open-card').count() == 0
        teacher.check('[data-testid="reveal"]')
        teacher.wait_for_selector('[data-testid="reveal-banner"]:visible')
        teacher.wait_for_selector('[data-testid="projector"] .lpt-open-card')
        assert ben.locator(".lpt-open-card").count() == 0
        # The projector has the Deck switch too: four colours, on that screen only.
        projector = teacher.locator('[data-testid="projector"]')
        projector.locator('[data-testid="toggle-four_color-four"]').click()
        teacher.wait_for_selector('[data-testid="projector"] .lpt.is-four-color')
        assert ben.locator(".lpt.is-four-color").count() == 0
        # A student's choice is his own, and stays with his browser when the page is reloaded.
        ben.click('[data-testid="toggle-four_color-four"]')
        ben.wait_for_selector(".lpt.is-four-color")
        ben.reload()
        ben.wait_for_selector(".lpt.is-four-color")
        # Eve leaves for good: the teacher frees her seat and lets a bot play it.
        assert teacher.is_hidden('[data-testid="start"]')
        teacher.click('[data-testid="kick-2"]')
        teacher.click('[data-testid="kick-2"]:has-text("Sure?")')
        teacher.click('[data-testid="bot-2"]')
        teacher.wait_for_selector('[data-testid="lobby-seat-2"] .rooms-name:has-text("bot)")')
        teacher.screenshot(path=str(tmp_path / "teacher.png"), full_page=True)
        ben.screenshot(path=str(tmp_path / "ben.png"), full_page=True)
        assert not dialogs, dialogs
        assert not problems, problems
    finally:
        server.kill()
    print(f"browser class: {time.monotonic() - started:.1f} s")


def test_a_student_slow_on_the_join_form_keeps_the_seat_chosen(
    browser: Any, tmp_path: Path
) -> None:
    # The server closes a screen that has not joined within its minute (here 2 s): a student
    # still typing a name must not see an error, nor lose the seat picked, nor a Join.
    server = Server(tmp_path / "rooms.sqlite3", identify_seconds=2)
    try:
        room = server.create_room(rules="house", seats=["human", "human", "bot:basic"])
        page = browser.new_context().new_page()
        page.goto(room["join_url"])
        page.wait_for_selector("#join-box:visible")
        page.select_option("#seat", "1")
        page.fill('[data-testid="name"]', "Ada")
        time.sleep(4)  # closed at 2 s, and quietly connected again
        assert page.eval_on_selector("#seat", "e => e.value") == "1"
        assert page.eval_on_selector('[data-testid="name"]', "e => e.value") == "Ada"
        assert not page.is_visible('[data-testid="page-error"]')
        page.click('[data-testid="join"]')
        page.wait_for_selector('[data-testid="me"]:has-text("Ada · seat 2")')
    finally:
        server.kill()


def test_a_student_taking_over_a_freed_seat_is_told_its_name(browser: Any, tmp_path: Path) -> None:
    # A seat the teacher frees mid-match keeps its name (the other screens, the log and the
    # score pad know the player so): the student who takes it over types their own name and
    # must be told, in one sentence, the name they now play under. A name the room only tidied
    # (spaces folded, an invisible joiner dropped) is no news.
    server = Server(tmp_path / "rooms.sqlite3")
    problems: list[str] = []
    opened: list[Any] = []
    notice = '[data-testid="page-error"]'
    try:
        room = server.create_room(rules="house", seats=["human", "human", "bot:basic"])
        code = room["code"]
        ada = browser.new_context().new_page()
        ada.on("pageerror", lambda e: problems.append(f"ada: {e}"))
        ada.goto(room["join_url"])
        ada.fill('[data-testid="name"]', " Ada\u200d   Lee ")
        ada.click('[data-testid="join"]')
        ada.wait_for_selector('[data-testid="me"]:has-text("Ada Lee · seat 1")')
        ben, host = server.client(code), server.client(code)
        opened += [ben, host]
        ben.send(type="join", name="Ben")
        assert ben.wait_type("welcome")["seat"] == 1
        host.send(type="host", host_token=room["host_token"])
        host.wait_type("welcome")
        host.send(type="start")
        wait_cards(ada, 10)
        assert not ada.is_visible(notice)
        # Ben's phone is lost; the teacher frees his seat and Maya takes it over.
        host.send(type="kick", seat=1)
        ben.wait_type("kicked")
        maya = browser.new_context().new_page()
        maya.on("pageerror", lambda e: problems.append(f"maya: {e}"))
        maya.goto(room["join_url"])
        maya.wait_for_selector(
            '#seat option[value="1"]:has-text("Ben\'s, freed")', state="attached"
        )
        assert maya.text_content('#seat option[value="1"]') == "seat 2 (Ben's, freed)"
        maya.fill('[data-testid="name"]', "Maya")
        maya.click('[data-testid="join"]')
        maya.wait_for_selector('[data-testid="me"]:has-text("Ben · seat 2")')
        wait_cards(maya, 10)  # her state has come, and the sentence is still there
        assert maya.is_visible(notice)
        assert maya.text_content(notice) == (
            "You take over seat 2 mid-match, so you play under the name Ben."
        )
        assert not problems, problems
    finally:
        for c in opened:
            c.close()
        server.kill()


def test_teachers_and_students_find_their_way(browser: Any, tmp_path: Path) -> None:
    # The audit's walk through a lesson: a student types the code on `/`, two students share
    # one browser, both lobbies number the seats, the teacher opens the room by its code on
    # another computer, a refusal goes once it no longer applies, a refused click is said
    # once, and an away student's seat goes to a bot in one click.
    server = Server(tmp_path / "rooms.sqlite3")
    problems: list[str] = []

    def opened(context: Any) -> Any:
        return _noted(context.new_page(), "page", problems, problems)

    try:
        # The teacher makes a room on the laptop used to prepare the lesson.
        laptop = opened(browser.new_context())
        laptop.goto(server.url)
        assert laptop.is_visible('[data-testid="join-code"]')  # for a student who came here
        laptop.fill("#key", server.key)
        laptop.click('[data-testid="use-key"]')
        assert not laptop.is_visible('[data-testid="join-code"]')
        laptop.select_option("#preset", "house")
        seats = laptop.locator("#seats select")
        expert = seats.nth(0).locator('option[value="bot:expert"]')
        assert expert.text_content() == "an expert bot"
        for i, kind in enumerate(["human", "human", "human", "bot:expert"]):
            seats.nth(i).select_option(kind)
        laptop.fill("#bot-seconds", "0.3")
        laptop.click('[data-testid="create-room"]')
        laptop.wait_for_selector('[data-testid="qr"] svg')
        code = laptop.text_content('[data-testid="room-code"]')
        assert code
        note = laptop.text_content('[data-testid="reach-note"]') or ""
        assert "Only this computer can open this link" in note
        assert "liverpool serve --host 0.0.0.0" in note
        assert laptop.text_content('[data-testid="join-page"]') == f"{server.url}join"

        # Zoe has no camera: she opens the server's address and types the code.
        lab = browser.new_context()  # one browser profile, shared by two students
        zoe = opened(lab)
        zoe.goto(server.url)
        zoe.fill('[data-testid="join-code"]', code.lower())
        zoe.click('[data-testid="join-go"]')
        zoe.wait_for_url(f"**/r/{code}")
        zoe.wait_for_selector("#join-box:visible")
        zoe.fill('[data-testid="name"]', "Zoe")
        zoe.click('[data-testid="join"]')
        zoe.wait_for_selector('[data-testid="me"]:has-text("Zoe · seat 1")')
        zoe.wait_for_selector('[data-testid="lobby-seat-0"]:has-text("Seat 1 — Zoe")')
        assert zoe.text_content('[data-testid="lobby-seat-1"]') == "Seat 2 — free seat"
        assert zoe.text_content('[data-testid="lobby-seat-3"]') == "Seat 4 — Bot 4 (expert bot)"
        # Yan sits down at the same computer: the link brings back Zoe's seat; he switches.
        yan = opened(lab)
        yan.goto(f"{server.url}r/{code}")
        yan.wait_for_selector('[data-testid="me"]:has-text("Zoe · seat 1")')
        assert yan.text_content('[data-testid="switch"]') == "Not Zoe? Join as someone else"
        yan.click('[data-testid="switch"]')
        yan.wait_for_selector("#join-box:visible")
        assert yan.text_content('[data-testid="me"]') == ""
        yan.fill('[data-testid="name"]', "Yan")
        yan.click('[data-testid="join"]')
        yan.wait_for_selector('[data-testid="me"]:has-text("Yan · seat 2")')

        # In class, on another computer, the teacher opens the room by its code.
        pc = opened(browser.new_context())
        pc.goto(server.url)
        pc.fill("#key", server.key)
        pc.click('[data-testid="use-key"]')
        pc.wait_for_selector(f'[data-testid="my-room-{code}"]')
        pc.fill('[data-testid="open-code"]', code.lower())
        pc.click('[data-testid="open-room"]')
        pc.wait_for_selector('[data-testid="lobby-seat-1"] .rooms-name:has-text("Yan")')
        assert pc.get_attribute('[data-testid="join-link"]', "href") == f"{server.url}r/{code}"
        numbers = pc.locator('[data-testid="lobby"] .rooms-seat-no')
        assert [numbers.nth(i).text_content() for i in range(4)] == [
            "Seat 1",
            "Seat 2",
            "Seat 3",
            "Seat 4",
        ]
        # Start with a seat empty is refused; once the seat is filled the refusal goes.
        error = '[data-testid="host-error"]'
        pc.click('[data-testid="start"]')
        pc.wait_for_selector(f'{error}:has-text("A seat is still empty")')
        pc.click('[data-testid="fill"]')
        pc.wait_for_selector(error, state="hidden")
        pc.click('[data-testid="start"]')
        wait_cards(zoe, 10)
        wait_cards(yan, 10)

        # Zoe clicks the stock while Yan plays first: she is told once, on her table.
        zoe.click('[data-testid="stock"]')
        zoe.wait_for_selector('[data-testid="room-table"] [data-kind="error"]')
        assert zoe.is_hidden('[data-testid="page-error"]')

        # Yan's laptop is shut on his turn: the teacher hands his seat to a bot in one click.
        yan.close()
        pc.wait_for_selector('[data-testid="lobby-seat-1"]:has-text("away")')
        pc.click('[data-testid="bot-1"]')
        pc.wait_for_selector('[data-testid="lobby-seat-1"] .rooms-name:has-text("basic bot")')
        assert pc.text_content('[data-testid="lobby-seat-1"] .rooms-name') == "Yan (basic bot)"
        # Yan is back with another laptop: the teacher hands the seat back, for him to join.
        pc.click('[data-testid="student-1"]')
        pc.wait_for_selector('[data-testid="lobby-seat-1"]:has-text("waiting for a student")')
        assert pc.text_content('[data-testid="lobby-seat-1"] .rooms-name') == "Yan"
        assert not problems, problems
    finally:
        server.kill()
