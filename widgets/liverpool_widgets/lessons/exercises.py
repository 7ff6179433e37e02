"""The closing exercise of each lesson, checked in plain words: ``check_answer(name, answer)``.

``check_answer`` prints one or two sentences a learner can act on ("Not yet: ...") and returns
nothing, so a lesson cell shows only the words. :func:`grade` returns ``(correct, words)`` for
tests. Each exercise is a function registered in :data:`EXERCISES` under a short name; the
answers are judged by the engine, never by comparing text, so every correct answer passes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import liverpool as lp

from .going_down import engine_answer
from .lay_off import DEFAULT_HAND, DEFAULT_TABLE, build_table, fits

__all__ = ["EXERCISES", "check_answer", "grade"]

Grader = Callable[[Any], tuple[bool, str]]

EXERCISES: dict[str, Grader] = {}
"""Exercise name -> grader returning (correct, words)."""


def exercise(name: str) -> Callable[[Grader], Grader]:
    def register(func: Grader) -> Grader:
        EXERCISES[name] = func
        return func

    return register


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


def check_answer(name: str, answer: Any) -> None:
    """Check your answer to exercise ``name`` and print what the engine thinks of it."""
    correct, words = grade(name, answer)
    print(("✓ " if correct else "✗ ") + words)


def _cards(answer: Any) -> list[lp.Card]:
    if isinstance(answer, str):
        return lp.parse_cards(answer)
    return lp.parse_cards(list(answer))


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


@exercise("start")
def _start(answer: Any) -> tuple[bool, str]:
    """Write three cards that make a set under house rules, one of them a joker."""
    cards = _cards(answer)
    house = lp.PRESETS["house"]
    verdict = lp.check_set(cards, house)
    if not verdict:
        return (
            False,
            f"Not yet: {lp.format_cards(cards)} is not a set under house rules: {verdict.reason}.",
        )
    if not any(c.is_joker for c in cards):
        return False, "That is a set, but the exercise asks for one joker among the cards."
    if len(cards) != 3:
        return False, f"That is a set of {len(cards)} cards; the exercise asks for exactly three."
    return (
        True,
        f"Right: {lp.format_cards(cards)} is a set, the joker standing in for the missing card.",
    )


# -- 02 Sets -------------------------------------------------------------------------------------


@exercise("sets")
def _sets(answer: Any) -> tuple[bool, str]:
    """Under classic rules (2s wild), a set of four cards holding as many wild 2s as allowed."""
    cards = _cards(answer)
    classic = lp.PRESETS["classic"]
    if len(cards) != 4:
        return False, f"Not yet: the exercise asks for four cards; you wrote {len(cards)}."
    if any(c.is_joker for c in cards):
        return (
            False,
            "Not yet: classic Liverpool is played without jokers; its wild cards are the 2s.",
        )
    verdict = lp.check_set(cards, classic)
    if not verdict:
        return False, f"Not yet: under classic rules that is not a set: {verdict.reason}."
    wilds = sum(1 for c in cards if classic.is_wild(c))
    if wilds < 2:
        return False, (
            f"That is a legal set, but it holds {wilds} wild 2{'s' if wilds != 1 else ''}; "
            "classic allows more in a set of four. How many naturals must a set keep?"
        )
    return True, (
        f"Right: {lp.format_cards(cards)} holds two naturals and two wild 2s — a classic set "
        "needs at least two natural cards, so two wilds is the most four cards can hold."
    )


# -- 03 Runs -------------------------------------------------------------------------------------

RUNS_CARDS = "KD AD JK JD 10D"


@exercise("runs")
def _runs(answer: Any) -> tuple[bool, str]:
    """Place K♦ A♦ 🃏 J♦ 10♦ as a legal run under house rules, lowest first."""
    cards = _cards(answer)
    house = lp.PRESETS["house"]
    wrong = _same_cards(cards, lp.parse_cards(RUNS_CARDS))
    if wrong:
        return False, f"Not yet: use exactly the five cards given — {wrong}."
    verdict = lp.check_run(cards, house)
    if not verdict:
        return False, f"The cards are right, but not in this order: {verdict.reason}."
    meld = lp.Meld.build("run", cards, house)
    return True, f"Right: a {meld.describe(house)}. The ace plays high, after the king."


# -- 04 Wild cards and their limits --------------------------------------------------------------

WILD_LIMITS_CARDS = "JK 9H 10H JK"


@exercise("wild_limits")
def _wild_limits(answer: Any) -> tuple[bool, str]:
    """Which presets accept the run 🃏 9♥ 10♥ 🃏 (as placed)? A list of preset names."""
    names = [answer] if isinstance(answer, str) else list(answer)
    unknown = [n for n in names if n not in lp.PRESETS]
    if unknown:
        return (
            False,
            f"Not yet: {', '.join(map(repr, unknown))} is no preset; "
            f"the presets are {', '.join(lp.PRESETS)}.",
        )
    cards = lp.parse_cards(WILD_LIMITS_CARDS)
    legal = {n for n, r in lp.PRESETS.items() if lp.check_run(cards, r)}
    chosen = set(names)
    missing = [n for n in lp.PRESETS if n in legal - chosen]
    extra = [n for n in lp.PRESETS if n in chosen - legal]
    if not missing and not extra:
        return True, (
            f"Right: {', '.join(n for n in lp.PRESETS if n in legal)}. Traditional allows at "
            "most one wild in any four cards in a row, and classic plays without jokers."
        )
    parts = []
    if extra:
        reasons = "; ".join(f"{n}: {lp.check_run(cards, lp.PRESETS[n]).reason}" for n in extra)
        parts.append(f"not legal under {reasons}")
    if missing:
        parts.append(
            f"you left out {', '.join(missing)}, which accept{'s' if len(missing) == 1 else ''} it"
        )
    return False, "Not yet: " + "; ".join(parts) + "."


# -- 05 Contracts and going down ----------------------------------------------------------------

GOING_DOWN_HAND = "8S 8D JK 4C 5C 6C 8C KH 3D QS"
GOING_DOWN_DEAL = 2


@exercise("going_down")
def _going_down(answer: Any) -> tuple[bool, str]:
    """Deal 2 (1 set + 1 run), house rules: the melds to go down with from GOING_DOWN_HAND."""
    if isinstance(answer, str):
        return False, 'Not yet: give a list of melds, one string each, e.g. ["8S 8D 8C", "..."].'
    melds = [_cards(m) for m in answer]
    hand = lp.parse_cards(GOING_DOWN_HAND)
    ok, words = engine_answer(hand, lp.PRESETS["house"], GOING_DOWN_DEAL, melds)
    if ok:
        return True, f"Right! {words}"
    return False, f"Not yet. {words}"


# -- 06 Laying off and swapping wilds -----------------------------------------------------------


@exercise("lay_off")
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
