"""``Quiz``: the cumulative quiz of lesson 15, one question at a time, graded in words.

The questions and their graders are the registered exercises ``quiz_1`` … of
:mod:`.exercises_reference`: the widget asks the same graders as ``check("quiz_3", ...)``, so
a question answered in a cell and in the widget gets the same sentence. A question shows its
choices as buttons (click one, then Check) or a text box (type, then Check or Enter); Back and
Next move between questions; the score counts the questions answered right. Python twin, for
tests and notebook cells::

    quiz = Quiz()
    quiz.question.prompt   # the question shown
    quiz.answer("c")       # 'Right: ...' or 'Not yet: ...' (also in ``feedback`` and ``ok``)
    quiz.next()
    quiz.score             # (right, answered)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from ._panel import Handler, LessonPanel, Message, MessageKind, button, h, plain
from .exercises import grade
from .exercises_reference import QUESTIONS, Question, choice_index

__all__ = ["Quiz", "QuizState"]


class QuizState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    number: int
    """The question shown, from 1."""
    name: str
    chosen: int | None
    """The choice picked (from 0), for a question with choices."""
    results: dict[str, bool]
    """The verdict on each question answered so far (the latest answer counts)."""
    score: tuple[int, int]
    ok: bool | None
    feedback: str


class Quiz(LessonPanel):
    """The quiz of lesson 15: ``Quiz(questions=None, start=1)`` (all of :data:`QUESTIONS`,
    starting at question ``start``). Nothing is answered when it is made, so a stored lesson
    shows the first question unanswered."""

    def __init__(self, questions: Sequence[Question] | None = None, start: int = 1) -> None:
        super().__init__()
        self._questions = tuple(QUESTIONS if questions is None else questions)
        if not self._questions:
            raise ValueError("a quiz needs at least one question")
        self._index = 0
        self._chosen: dict[int, int] = {}
        self._typed: dict[int, str] = {}
        self._results: dict[str, bool] = {}
        self._words: dict[int, tuple[bool, str]] = {}
        self.go(start)

    # -- the Python API --------------------------------------------------------------------------
    @property
    def questions(self) -> tuple[Question, ...]:
        return self._questions

    @property
    def number(self) -> int:
        """The question shown, counting from 1."""
        return self._index + 1

    @property
    def question(self) -> Question:
        """The question shown."""
        return self._questions[self._index]

    @property
    def score(self) -> tuple[int, int]:
        """(questions answered right, questions answered)."""
        return sum(self._results.values()), len(self._results)

    def go(self, number: int) -> str:
        """Show question ``number`` (from 1, kept within the quiz); returns the feedback."""
        self._index = min(max(int(number), 1), len(self._questions)) - 1
        said = self._words.get(self._index)
        if said is None:
            self.say(None, self._ask())
        else:
            self.say(*said)
        self.redraw()
        return self.feedback

    def next(self) -> str:
        """Show the next question (the last one stays)."""
        return self.go(self.number + 1)

    def back(self) -> str:
        """Show the question before (the first one stays)."""
        return self.go(self.number - 1)

    def choose(self, index: int) -> str:
        """Pick choice ``index`` (from 0) of the question shown, ready for :meth:`check`."""
        if not 0 <= index < len(self.question.choices):
            self.say(None, "That click did not name a choice of this question.")
        else:
            self._chosen[self._index] = index
            self.say(None, "Press Check when you are sure.")
        self.redraw()
        return self.feedback

    def check(self) -> str:
        """Grade the picked choice (for a question with choices)."""
        chosen = self._chosen.get(self._index)
        if chosen is None:
            self.say(None, "Pick one of the answers first, then press Check.")
            self.redraw()
            return self.feedback
        return self.answer(chosen + 1)

    def answer(self, value: Any) -> str:
        """Answer the question shown: text typed, or a choice (a letter, a number from 1, or
        its text). Returns the feedback, which the grader of ``check`` writes."""
        question = self.question
        if question.choices:
            index = choice_index(question, value)
            if index is not None:
                self._chosen[self._index] = index
        else:
            self._typed[self._index] = str(value)
        if value is ... or str(value).strip() == "":
            self.say(None, f"Write your answer first: {question.form}.")
            self.redraw()
            return self.feedback
        ok, words = grade(question.name, value)
        self._results[question.name] = ok
        right = self.score[0]
        if ok and self.number < len(self._questions):
            words += " Press Next for the next question."
        elif ok:
            words += f" That was the last question: {right} right of {len(self._questions)}."
        self._words[self._index] = (ok, words)
        self.say(ok, words)
        self.redraw()
        return self.feedback

    @property
    def state(self) -> QuizState:
        return {
            "number": self.number,
            "name": self.question.name,
            "chosen": self._chosen.get(self._index),
            "results": dict(self._results),
            "score": self.score,
            "ok": self.ok,
            "feedback": self.feedback,
        }

    def __repr__(self) -> str:
        right, answered = self.score
        return (
            f"Quiz(question={self.number} of {len(self._questions)}, "
            f"score={right} right of {answered} answered)"
        )

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.CHOOSE: self._number_click(
                "choice", "a choice of this question", self.choose
            ),
            MessageKind.ANSWER: self._on_answer,
            MessageKind.NEXT: self._on_next,
            MessageKind.RESTART: plain(self.restart),
        }

    def restart(self) -> str:
        """Forget every answer and show the first question."""
        self._chosen.clear()
        self._typed.clear()
        self._results.clear()
        self._words.clear()
        return self.go(1)

    def _on_answer(self, message: Message) -> None:
        if self.question.choices:
            self.check()
        else:
            self.answer(message.get("value", ""))

    def _on_next(self, message: Message) -> None:
        number = self._int(message, "index")
        if number is None:
            self.next()
        else:
            self.go(number)

    # -- drawing ---------------------------------------------------------------------------------
    def _ask(self) -> str:
        if self.question.choices:
            return "Pick an answer and press Check."
        return f"Type your answer ({self.question.form}) and press Check."

    def _render(self) -> str:
        q = self.question
        n = len(self._questions)
        right, answered = self.score
        head = (
            f'<div class="lp-row lp-muted" data-testid="where">Question {self.number} of {n} · '
            f"taught in {h(q.lesson)}</div>"
            f'<p data-testid="prompt" style="font-size:15px;margin:6px 0">{h(q.prompt)}</p>'
        )
        if q.choices:
            chosen = self._chosen.get(self._index)
            items = "".join(
                f'<button type="button" class="lp-btn" data-action="{MessageKind.CHOOSE}" '
                f'data-choice="{i}" data-testid="choice-{i}" '
                f'aria-pressed="{str(i == chosen).lower()}"'
                + (
                    ' style="background:#dbe9fb;border-color:#1f6feb;font-weight:600"'
                    if i == chosen
                    else ""
                )
                + f">{chr(ord('a') + i)}) {h(choice)}</button>"
                for i, choice in enumerate(q.choices)
            )
            answer = (
                f'<div class="lp-row" data-testid="choices" role="group" '
                f'aria-label="answers">{items}</div>'
                f'<div class="lp-row">{button("Check", MessageKind.ANSWER, "check", primary=True)}'
                "</div>"
            )
        else:
            typed = self._typed.get(self._index, "")
            answer = (
                '<div class="lp-row"><label>Your answer: <input type="text" name="answer" '
                f'data-testid="answer" value="{h(typed)}" placeholder="{h(q.form)}" '
                'aria-label="your answer"></label> '
                f"{button('Check', MessageKind.ANSWER, 'check', primary=True, input='answer')}"
                "</div>"
            )
        marks = "".join(self._mark(i, question) for i, question in enumerate(self._questions))
        nav = (
            '<div class="lp-row">'
            + button("Back", MessageKind.NEXT, "back", index=max(1, self.number - 1))
            + button("Next", MessageKind.NEXT, "next", index=min(n, self.number + 1))
            + button("Start again", MessageKind.RESTART, "restart")
            + f'<span class="lp-muted" data-testid="score">Score: {right} right of {answered} '
            f"answered ({n} questions)</span></div>"
            f'<div class="lp-row" data-testid="marks">{marks}</div>'
        )
        return self._panel("Quiz: lessons 01 to 11, house rules", head + answer + nav, "quiz")

    def _mark(self, index: int, question: Question) -> str:
        """A small button per question: its number, ✓ or ✗ once answered; the one shown framed."""
        result = self._results.get(question.name)
        sign = "" if result is None else (" ✓" if result else " ✗")
        colour = {None: "#ffffff", True: "#e6f4ea", False: "#fdecec"}[result]
        frame = "2px solid #1f6feb" if index == self._index else "1px solid #8a96a3"
        return (
            f'<button type="button" class="lp-btn" data-action="{MessageKind.NEXT}" '
            f'data-index="{index + 1}" data-testid="go-{index + 1}" '
            f'title="question {index + 1}" style="padding:2px 7px;background:{colour};'
            f'border:{frame}">{index + 1}{sign}</button>'
        )
