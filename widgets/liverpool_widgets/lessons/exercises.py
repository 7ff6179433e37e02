"""Every lesson's exercises, checked in plain words by one function: ``check(name, answer)``.

A lesson stores each exercise unanswered: its cell reads ``check("sets", ...)``, and the stored
output says "Not answered yet", so a learner opening the lesson sees a question, not an answer.
The learner puts an answer in place of the ``...`` and runs the cell; ``check`` prints one or
two sentences to act on ("✓ Right: …" or "✗ Not yet: …") and returns nothing, so the cell
shows only the words. :func:`grade` returns ``(correct, words)`` for tests.

``solution(name)`` shows the worked solution folded away (an HTML ``<details>``): it stays
hidden, even in a stored lesson opened cold, until the learner clicks "Show the solution".

Each exercise is a grader registered in :data:`EXERCISES` under a short name, with its solution
in :data:`SOLUTIONS`; answers are judged by the engine, never by comparing text, so every
correct answer passes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any

import liverpool as lp
from liverpool.errors import quoted
from liverpool.words import counted

from ..picture import WHITE_GROUND
from .answers import whole_number
from .going_down import engine_answer
from .lay_off import DEFAULT_HAND, DEFAULT_TABLE, build_table, fits

__all__ = ["EXERCISES", "NOT_ANSWERED", "SOLUTIONS", "Solution", "check", "grade", "solution"]

Grader = Callable[[Any], tuple[bool, str]]

EXERCISES: dict[str, Grader] = {}
"""Exercise name -> grader returning (correct, words)."""

SOLUTIONS: dict[str, str] = {}
"""Exercise name -> its worked solution, in plain sentences (a line break starts a paragraph)."""

NOT_ANSWERED = "… Not answered yet: put your answer in place of the ... and run the cell again."
"""What ``check`` says to an exercise not answered yet (how every lesson stores its exercises)."""


def exercise(name: str, solution: str = "") -> Callable[[Grader], Grader]:
    """Register a grader under ``name``, with the worked ``solution`` that :func:`solution`
    shows."""

    def register(func: Grader) -> Grader:
        EXERCISES[name] = func
        if solution:
            SOLUTIONS[name] = solution
        return func

    return register


def _unanswered(answer: Any) -> bool:
    return answer is ... or answer is None or (isinstance(answer, str) and not answer.strip())


class Solution:
    """A worked solution, folded away until the learner opens it (see :func:`solution`)."""

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text

    def __repr__(self) -> str:
        return f"Solution of {self.name!r} (folded: open it to read)"

    def _repr_html_(self) -> str:
        paragraphs = "".join(
            f"<p style='margin:4px 0'>{escape(line)}</p>" for line in self.text.splitlines() if line
        )
        return (
            "<details class='lp-solution'>"
            # an inline list-item: a white label as wide as its words, with its triangle
            f"<summary style='display:inline list-item;{WHITE_GROUND};cursor:pointer;"
            f"color:#0b5cad'>Show the solution</summary>{paragraphs}</details>"
        )


def grade(name: str, answer: Any) -> tuple[bool, str]:
    """``(correct, words)`` for ``answer`` to exercise ``name``."""
    grader = EXERCISES.get(name)
    if grader is None:
        return (
            False,
            f"There is no exercise called {name!r}; the exercises are: {', '.join(EXERCISES)}.",
        )
    try:
        return grader(answer)
    except lp.CardParseError as exc:
        return False, f"Not yet: I could not read your cards. {exc}"


def check(name: str, answer: Any = ...) -> None:
    """Check your answer to exercise ``name`` and print what the engine thinks of it (or, with
    no answer yet, that it is not answered)."""
    if name in EXERCISES and _unanswered(answer):
        print(NOT_ANSWERED)
        return
    correct, words = grade(name, answer)
    print(("✓ " if correct else "✗ ") + words)


def solution(name: str) -> Solution | None:
    """The worked solution of exercise ``name``, folded until opened. A name with no solution
    (a typo, most likely) is answered as :func:`check` answers it, with a printed line naming
    the solutions there are, and ``None``: a lesson's cell shows the line, not a traceback."""
    text = SOLUTIONS.get(name)
    if text is None:
        known = ", ".join(SOLUTIONS) or "none yet"
        print(f"✗ There is no solution for {quoted(name)}; the solutions are: {known}.")
        return None
    return Solution(name, text)


def _same_cards(given: Iterable[lp.Card], wanted: Iterable[lp.Card]) -> str | None:
    given_count, wanted_count = Counter(given), Counter(wanted)
    missing = wanted_count - given_count
    extra = given_count - wanted_count
    if missing:
        return f"you left out {lp.format_cards(list(missing.elements()))}"
    if extra:
        verb = "is" if sum(extra.values()) == 1 else "are"
        return f"{lp.format_cards(list(extra.elements()))} {verb} not among the cards given"
    return None


# -- 00 Start here -----------------------------------------------------------------------------


@exercise(
    "start",
    solution="QS QD JK JK (any rank will do: 7H 7C JK JK, KS KS JK JK, ...).\n"
    "A set is three or more cards of one rank, and under house rules a joker may stand in for "
    "any of them. Two jokers and two natural queens make four queens; the set is legal because "
    "it still holds a natural card to say which rank it is.",
)
def _start(answer: Any) -> tuple[bool, str]:
    """A set of four cards under house rules, two of them jokers: the learner has seen a set
    with one joker, so this asks them to stretch both the length and the number of wilds."""
    cards = lp.parse_cards(answer)
    house = lp.PRESETS["house"]
    verdict = lp.check_set(cards, house)
    if not verdict:
        return (
            False,
            f"Not yet: {lp.format_cards(cards)} is not a set under house rules: {verdict.reason}.",
        )
    jokers = sum(1 for c in cards if c.is_joker)
    if len(cards) != 4:
        return False, f"Not yet: that is a set of {len(cards)} cards; the exercise asks for four."
    if jokers != 2:
        held = counted(jokers, "joker")
        return False, f"Not yet: that set holds {held}; the exercise asks for two."
    return (
        True,
        f"Right: {lp.format_cards(cards)} is a set of four, the two jokers standing in for "
        "two more cards of its rank.",
    )


# -- 01 Cards, decks and points ------------------------------------------------------------------

POINTS_HAND = "AC 9D JK QH 2S"


@exercise(
    "points",
    solution="56 points: A♣ 15 + 9♦ 9 + 🃏 20 + Q♥ 10 + 2♠ 2 = 56.\n"
    "Under house rules an ace costs 15, a joker 20, a 10, jack, queen or king 10, and every "
    "other card its number (the 2s are not wild in this house, so a 2 costs just 2).",
)
def _points(answer: Any) -> tuple[bool, str]:
    """What A♣ 9♦ 🃏 Q♥ 2♠ costs under house rules: a number. A hand the lesson never prices,
    so the learner counts it from the point values rather than copying a total."""
    house = lp.PRESETS["house"]
    hand = lp.parse_cards(POINTS_HAND)
    total = lp.hand_points(hand, house)
    given = whole_number(answer)
    if given is None:
        return False, f"Not yet: write the total as a number, such as 40; you wrote {answer!r}."
    if given == total:
        parts = " + ".join(f"{c} {house.card_points(c)}" for c in hand)
        return True, f"Right: {parts} = {total}."
    return False, (
        f"Not yet: {given} is not what {lp.format_cards(hand)} costs under house rules. Count "
        "each card: an ace is worth 15, a joker 20, 10–K 10, and the others their number."
    )


# -- 03 Sets -------------------------------------------------------------------------------------

SETS_HAND = "9S 9H JK 4D 9C JK KS 9D JK 4C"


@exercise(
    "sets",
    solution="9S 9H 9C 9D JK JK JK: seven cards, the four nines and the three jokers.\n"
    "A set is three or more cards of one rank, with no upper limit, and under house rules "
    "a set needs only one natural card: every joker of the hand can join the nines. "
    "4♦ 4♣ and K♠ are of other ranks, so they stay out.",
)
def _sets(answer: Any) -> tuple[bool, str]:
    """The longest set under house rules from SETS_HAND: teaches that a set has no upper
    length and that house rules let every joker join (only one natural is required)."""
    cards = lp.parse_cards(answer)
    house = lp.PRESETS["house"]
    hand = lp.parse_cards(SETS_HAND)
    extra = Counter(cards) - Counter(hand)
    if extra:
        return False, (
            f"Not yet: {lp.format_cards(list(extra.elements()))} "
            f"{'is' if sum(extra.values()) == 1 else 'are'} not in the hand "
            f"{lp.format_cards(hand)}."
        )
    verdict = lp.check_set(cards, house)
    if not verdict:
        return False, f"Not yet: under house rules that is not a set: {verdict.reason}."
    longest = max(
        len([c for c in hand if c.is_joker or c.rank == rank])
        for rank in {c.rank for c in hand if not c.is_joker}
    )
    if len(cards) < longest:
        return False, (
            f"Not yet: that is a legal set of {len(cards)}, but the hand holds a longer one. "
            "A set is three or more cards: could more cards of that rank, or more jokers, join it?"
        )
    return True, (
        f"Right: {lp.format_cards(cards)} — {len(cards)} cards, the longest set in the hand. "
        "A set has no upper limit, and house rules let every joker join one natural card."
    )


# -- 04 Runs -------------------------------------------------------------------------------------

RUNS_CARDS = "KD AD JK JD 10D"


@exercise(
    "runs",
    solution="10D JD JK KD AD: typed lowest first (the order in which the engine reads a run "
    "you type), the joker stands for the Q♦ between the J♦ and the K♦, and the ace plays high, "
    "after the king.\n"
    "A run never turns the corner: K♦ A♦ 2♦ is not a run, so the ace cannot go low here.",
)
def _runs(answer: Any) -> tuple[bool, str]:
    """Type K♦ A♦ 🃏 J♦ 10♦ as one run under house rules, in the order the engine reads a typed
    run (lowest card first): where the joker goes and whether the ace is high are the test."""
    cards = lp.parse_cards(answer)
    house = lp.PRESETS["house"]
    wrong = _same_cards(cards, lp.parse_cards(RUNS_CARDS))
    if wrong:
        return False, f"Not yet: use exactly the five cards given — {wrong}."
    verdict = lp.check_run(cards, house)
    if not verdict:
        return False, (
            "Not yet: the cards are right, but not in this order (the engine reads the cards "
            f"in the order you type them, lowest first): {verdict.reason}."
        )
    meld = lp.Meld.build("run", cards, house)
    return True, f"Right: a {meld.describe(house)}. The ace plays high, after the king."


# -- 05 Wild cards and their limits --------------------------------------------------------------

WILD_LIMITS_LENGTH = 5


@exercise(
    "wild_limits",
    solution="9H JK JK JK JK, for example (or JK JK JK JK 9H, AS JK JK JK JK, ...): one "
    "natural card and four jokers.\n"
    "The house's only limit on wild cards is that every meld keeps at least one natural card, "
    "which gives a run its suit. So five cards may hold four jokers — and four is also every "
    "joker in the house's shoe.",
)
def _wild_limits(answer: Any) -> tuple[bool, str]:
    """A run of five cards under house rules holding as many jokers as the house allows: the
    learner must apply the house's one limit (at least one natural) to a run, which the lesson
    shows only for sets."""
    cards = lp.parse_cards(answer)
    house = lp.PRESETS["house"]
    if len(cards) != WILD_LIMITS_LENGTH:
        return False, (
            f"Not yet: the exercise asks for a run of {WILD_LIMITS_LENGTH} cards; "
            f"you wrote {len(cards)}."
        )
    verdict = lp.check_run(cards, house)
    if not verdict:
        return False, f"Not yet: under house rules that is not a run: {verdict.reason}."
    wilds = sum(1 for c in cards if house.is_wild(c))
    if wilds < WILD_LIMITS_LENGTH - 1:
        return False, (
            f"Not yet: that is a legal run, but it holds {counted(wilds, 'joker')}; "
            "the house allows more. What is the house's only limit on wild cards?"
        )
    meld = lp.Meld.build("run", cards, house)
    return True, (
        f"Right: a {meld.describe(house)}. The house asks only for one natural card in a meld, "
        "so four of the five cards may be jokers."
    )


# -- 05 Contracts and going down ----------------------------------------------------------------

GOING_DOWN_HAND = "8S 8D JK 4C 5C 6C 8C KH 3D QS 9H"
"""Ten cards dealt and one drawn: the hand as it stands when the player may go down."""
GOING_DOWN_DEAL = 2


@exercise(
    "going_down",
    solution='["8S 8D 8C", "4C 5C 6C JK"]: the set of eights and the run of clubs 4-7, the joker '
    "standing for the 7♣ (the run is typed lowest first, which is how the engine reads it).\n"
    "The joker is needed in the run: 4♣ 5♣ 6♣ is one card short of a run of four, and the "
    "8♣ cannot join it without a 7♣. So the eights take the 8♣, and K♥ Q♠ 9♥ 3♦ stay in your "
    "hand, one of them to discard. (8♠ 8♦ 🃏 as the set would leave the run three cards long.)",
)
def _going_down(answer: Any) -> tuple[bool, str]:
    """Deal 2 (1 set + 1 run), house rules: the melds to go down with from GOING_DOWN_HAND."""
    if isinstance(answer, str):
        return False, 'Not yet: give a list of melds, one string each, e.g. ["8S 8D 8C", "..."].'
    melds = [lp.parse_cards(m) for m in answer]
    hand = lp.parse_cards(GOING_DOWN_HAND)
    ok, words = engine_answer(hand, lp.PRESETS["house"], GOING_DOWN_DEAL, melds)
    if ok:
        return True, f"Right! {words}"
    return False, f"Not yet. {words}"


# -- 06 Laying off and swapping wilds -----------------------------------------------------------


@exercise(
    "lay_off",
    solution='{"4H": [0], "9H": [0], "7H": [], "KC": [1, 2], "KH": [1], "8C": [2], "2S": [], '
    '"JK": [0, 1, 2], "3D": []}\n'
    "The 4♥ and 9♥ extend the hearts run at its two ends; the 7♥ fits nowhere, as the joker "
    "already stands for it. A king fits the set of kings, and the K♣ also goes after the Q♣; "
    "the 8♣ goes below the 9♣. Under house rules the 2♠ is no wild, so it fits nowhere, and "
    "the joker fits all three melds.",
)
def _lay_off(answer: Any) -> tuple[bool, str]:
    """For each card of the trainer's first hand (house rules), the melds it fits: a mapping
    card text -> list of meld numbers (empty when it fits nowhere)."""
    if not isinstance(answer, Mapping):
        return False, 'Not yet: give a dict, card -> list of meld numbers, e.g. {"4H": [0], ...}.'
    house = lp.PRESETS["house"]
    table = build_table(DEFAULT_TABLE, house)
    hand = list(dict.fromkeys(lp.parse_cards(DEFAULT_HAND)))
    given: dict[lp.Card, set[int]] = {}
    for key, value in answer.items():
        card = key if isinstance(key, lp.Card) else lp.Card.parse(str(key))
        melds = [value] if isinstance(value, int) else list(value or [])
        given[card] = {int(m) for m in melds}
    left_out = [c for c in hand if c not in given]
    if left_out:
        return (
            False,
            "Not yet: say where each card of the hand fits; "
            f"you left out {lp.format_cards(left_out)}.",
        )
    wrong = []
    for card in hand:
        truth = {k for k, _ in fits(table, card, house)}
        if given[card] != truth:
            where = ", ".join(f"meld {k}" for k in sorted(truth)) or "nowhere"
            wrong.append(f"the {card} fits {where}")
    if wrong:
        return False, f"Not yet: {'; '.join(wrong)}."
    return True, (
        "Right: every card placed. Notice the joker fits both runs and the set — a wild can "
        "always be laid off while the house's limits allow."
    )


# The exercises of the other lessons live in modules of their own and register themselves with
# ``exercise`` above (imported last: they import it from here).
from . import (  # noqa: E402
    exercises_play,
    exercises_reference,
    exercises_table,
    exercises_turn,
)

del exercises_play, exercises_reference, exercises_table, exercises_turn
