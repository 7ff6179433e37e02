"""The quiz of lesson 15 in a real browser: JupyterLab in headless Debian chromium.

Open ``notebooks/15_quiz.ipynb`` (a copy, in the session's JupyterLab), run every cell, then
answer by clicking: question 1 (a text box) wrongly, see "Not yet", then rightly, see "Right";
question 2 (choices) the same way. After each answer the feedback shown must be the kernel's
own (the ``Quiz`` object found by its widget's model id), so the click reached Python and the
grader answered. Every wait is bounded (the ``page`` fixture's default timeout, or the one
given). One screenshot of the quiz in the test's ``tmp_path``.

Missing chromium, Playwright or JupyterLab skips this test with the command that installs
them, except where ``CI`` is set, where it fails the run.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "15_quiz.ipynb"
QUIZ = '[data-testid="quiz"]'
WAIT = 20_000  # ms, for one answer to come back from the kernel


def _words(text: str) -> str:
    return " ".join(text.split())


class QuizPage:
    """The quiz widget on the page, and the same widget in the kernel."""

    def __init__(self, page: Any) -> None:
        self.page = page
        page.wait_for_selector(QUIZ, timeout=WAIT)
        page.locator(QUIZ).scroll_into_view_if_needed()
        self.model_id = ld.widget_model_id(page, QUIZ)

    def part(self, testid: str) -> Any:
        return self.page.locator(f'{QUIZ} [data-testid="{testid}"]')

    def click(self, testid: str) -> None:
        """Click and wait until Python has drawn the panel again."""
        root = self.page.locator(f".lp-lesson-root:has({QUIZ})").element_handle()
        before = root.inner_html()
        self.part(testid).click()
        self.page.wait_for_function(
            "([el, b]) => el.innerHTML !== b", arg=[root, before], timeout=WAIT
        )
        ld.wait_idle(self.page, WAIT)  # and drawn its last, should it draw twice

    def feedback(self) -> str:
        return _words(str(self.part("feedback").text_content()))

    def answer_is(self, start: str, ok: bool) -> dict[str, Any]:
        """The feedback shown starts with ``start`` (after its ✓/✗), says ``ok`` in its
        ``data-ok``, and is the kernel's own feedback. Returns the kernel's ``state``."""
        shown = self.feedback()
        assert re.sub(r"^[✓✗] ", "", shown).startswith(start), shown
        assert self.part("feedback").get_attribute("data-ok") == str(ok).lower()
        state = dict(ld.kwidget(self.page, self.model_id, "w.state"))
        assert _words(state["feedback"]) == re.sub(r"^[✓✗] ", "", shown), (state, shown)
        assert state["ok"] is ok, state
        assert ld.kwidget(self.page, self.model_id, "w.crash") == ""
        return state


def test_quiz_wrong_then_right(lab: ld.Server, page: Any, tmp_path: Path) -> None:
    shutil.copyfile(NOTEBOOK, Path(lab.base) / "notebooks" / NOTEBOOK.name)
    ld.open_page(page, lab, NOTEBOOK.name)
    ld.run_all(page)
    assert ld.error_outputs(page) == []
    assert page.locator("text=Error displaying widget").count() == 0

    quiz = QuizPage(page)
    assert "Question 1 of" in str(quiz.part("where").text_content())
    start = ld.kwidget(page, quiz.model_id, "w.state")
    assert start["score"] == [0, 0] and start["ok"] is None, start

    # question 1: typed; first wrongly, then rightly
    quiz.part("answer").fill("51")
    quiz.click("check")
    state = quiz.answer_is("Not yet", ok=False)
    assert state["score"] == [0, 1] and state["name"] == "quiz_1", state
    quiz.part("answer").fill("52")
    quiz.click("check")
    state = quiz.answer_is("Right", ok=True)
    assert state["score"] == [1, 1], state

    # question 2: choices; a wrong one, then the right one
    quiz.click("next")
    assert ld.kwidget(page, quiz.model_id, "w.state")["name"] == "quiz_2"
    quiz.click("choice-0")
    assert quiz.part("choice-0").get_attribute("aria-pressed") == "true"
    quiz.click("check")
    quiz.answer_is("Not yet", ok=False)
    quiz.click("choice-2")
    quiz.click("check")
    state = quiz.answer_is("Right", ok=True)
    assert state["score"] == [2, 2] and state["chosen"] == 2, state
    assert "Score: 2 right of 2 answered" in _words(str(quiz.part("score").text_content()))

    page.locator(QUIZ).screenshot(path=tmp_path / "15_quiz.png")
    assert page.errors == []
