"""The exercises of lessons 14-16: the cumulative quiz of lesson 15, one question a grader.

Each question is a :class:`Question` in :data:`QUESTIONS` and a grader registered with
:func:`.exercises.exercise` under its name (``quiz_1`` …), with its worked solution, so a
lesson checks it with the one :func:`~liverpool_widgets.lessons.check` and the ``Quiz`` widget
asks the very same graders. Every grader judges with the engine under house rules (the rules a
preset holds, a game's own refusal, ``check_set``/``check_run``), never by comparing text with
a stored answer, so the quiz cannot drift from the rules the lessons teach. A question with
choices takes a letter (``"b"``), a choice's number from 1, or the choice's text. Imported by
:mod:`.exercises` at its end; keep this module light (no plotting library at import).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import liverpool as lp

from .answers import whole_number
from .exercises import exercise
from .going_down import engine_answer

__all__ = ["QUESTIONS", "Question", "choice_index"]

HOUSE = lp.PRESETS["house"]


@dataclass(frozen=True, slots=True)
class Question:
    """One quiz question: what it asks, its choices (none: the learner types the answer) and
    how the answer is written for ``check``."""

    name: str
    """The exercise name: ``check(name, answer)``."""
    lesson: str
    """The lesson that teaches it, as ``"NN · Title"``."""
    prompt: str
    choices: tuple[str, ...] = ()
    form: str = ""
    """How to write the answer in a ``check`` cell (shown in the lesson and the widget)."""


QUESTIONS: tuple[Question, ...] = (
    Question(
        "quiz_1",
        "01 · Cards, decks and points",
        "A deal ends with K♠ 7♥ 🃏 A♦ in your hand. How many points do they cost under house "
        "rules?",
        form="a whole number, like 30",
    ),
    Question(
        "quiz_2",
        "03 · Sets",
        "Which of these is a set under house rules?",
        ("7♥ 7♣", "7♥ 8♥ 9♥", "7♥ 7♣ 🃏", "🃏 🃏 🃏"),
        form='a letter, like "a"',
    ),
    Question(
        "quiz_3",
        "04 · Runs",
        "Write a run of clubs, four cards or more, that holds one joker. (Type the cards "
        "lowest first: that is how the engine reads a run you type.)",
        form='cards as text, like "3C 4C 5C 6C"',
    ),
    Question(
        "quiz_4",
        "05 · Wild cards and their limits",
        "Under house rules, is 🃏 🃏 9♥ 10♥ (in that order) a legal run?",
        ("yes", "no"),
        form='"yes" or "no"',
    ),
    Question(
        "quiz_5",
        "06 · Contracts and going down",
        "Under house rules, what is the fewest number of cards that make the contract of deal 6?",
        form="a whole number",
    ),
    Question(
        "quiz_6",
        "06 · Contracts and going down",
        "Deal 2's contract is a set and a run. You have drawn, and your hand is "
        "9♠ 9♦ 9♣ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ K♣ Q♦ (eleven cards). May you go down with the set of nines "
        "and the six-card run 3♥ to 8♥?",
        ("yes: a meld may be longer than the least length", "no: a run must be exactly four"),
        form='a letter, "a" or "b"',
    ),
    Question(
        "quiz_7",
        "02 · The table and the turn",
        "The dealer has dealt. Who plays first?",
        (
            "the dealer",
            "the player on the dealer's left",
            "the player on the dealer's right",
            "whoever holds the most jokers",
        ),
        form='a letter, like "a"',
    ),
    Question(
        "quiz_8",
        "02 · The table and the turn",
        "You took the 4♦, the top card of the discard pile, as your draw. May you discard the "
        "4♦ at the end of this turn?",
        ("yes", "no"),
        form='"yes" or "no"',
    ),
    Question(
        "quiz_9",
        "08 · Buying",
        "It is not your turn and you buy the discard under house rules. How many cards does "
        "your hand grow by?",
        form="a whole number",
    ),
    Question(
        "quiz_10",
        "08 · Buying",
        "It is your turn and you take the top discard as your draw. What does it cost you under "
        "house rules?",
        ("nothing extra: it is your draw", "one card from the stock", "two cards from the stock"),
        form='a letter, "a", "b" or "c"',
    ),
    Question(
        "quiz_11",
        "07 · Laying off and swapping wilds",
        "The run 5♥ 6♥ 7♥ 8♥ is on the table and you are down. Your hand is 4♠ 9♠ 9♥ K♥. Which "
        "card can you lay off on that run?",
        form='one card as text, like "QS"',
    ),
    Question(
        "quiz_12",
        "09 · Going out, floating and scoring",
        "It is deal 7 under house rules and you hold one card. May you go out by discarding it?",
        ("yes", "no: the last card must be played onto a set or run"),
        form='a letter, "a" or "b"',
    ),
    Question(
        "quiz_13",
        "09 · Going out, floating and scoring",
        "Ada goes out. Ben is caught with Q♦ 4♣ 4♠ A♥ 🃏. How many points does Ben add to his "
        "score for the deal (house rules)?",
        form="a whole number",
    ),
)
"""The quiz, in order (lessons 01-11, house rules)."""

BY_NAME = {q.name: q for q in QUESTIONS}


def choice_index(question: Question, answer: Any) -> int | None:
    """Which choice ``answer`` names: a letter (``"b"``), a number from 1, the choice's text
    (or the word before its colon, like ``"yes"``); ``None`` when it names none."""
    if isinstance(answer, bool):
        return None
    n = len(question.choices)
    if isinstance(answer, int):
        return answer - 1 if 1 <= answer <= n else None
    text = str(answer).strip().lower().rstrip(".)")
    if len(text) == 1 and "a" <= text < chr(ord("a") + n):
        return ord(text) - ord("a")
    if text.isdigit() and 1 <= int(text) <= n:
        return int(text) - 1
    for i, choice in enumerate(question.choices):
        full = choice.lower()
        if text in (full, full.split(":")[0].strip()):
            return i
    return _choice_by_cards(question, str(answer))


def _choice_by_cards(question: Question, answer: str) -> int | None:
    """The choice holding the cards ``answer`` writes, in any notation and order ("7H 7C JK"
    names "7♥ 7♣ 🃏"): what the lessons promise a learner may type."""
    try:
        wanted = Counter(lp.parse_cards(answer))
    except lp.CardParseError:
        return None
    for i, choice in enumerate(question.choices):
        try:
            if wanted and Counter(lp.parse_cards(choice)) == wanted:
                return i
        except lp.CardParseError:
            continue
    return None


def _no_choice(question: Question, answer: Any) -> tuple[bool, str]:
    letters = ", ".join(chr(ord("a") + i) for i in range(len(question.choices)))
    return False, f"Not yet: answer with one of the letters {letters} (you gave {answer!r})."


def _choice_grader(
    name: str, right: Callable[[], int], why: Callable[[int], str]
) -> Callable[[Any], tuple[bool, str]]:
    """A grader for a question with choices: ``right()`` asks the engine which choice is
    right; ``why(i)`` says, in a sentence, what the engine makes of choice ``i``."""
    question = BY_NAME[name]

    def grade(answer: Any) -> tuple[bool, str]:
        index = choice_index(question, answer)
        if index is None:
            return _no_choice(question, answer)
        if index == right():
            return True, f"Right: {why(index)}"
        return False, f"Not yet: {why(index)}"

    return grade


def _number_grader(
    right: Callable[[], int], why: Callable[[], str], hint: str
) -> Callable[[Any], tuple[bool, str]]:
    """A grader for a question answered with a number the engine computes; ``hint`` says how
    to count again after a wrong number."""

    def grade(answer: Any) -> tuple[bool, str]:
        number = whole_number(answer)
        if number is None:
            return False, f"Not yet: answer with a whole number, like 30 (you gave {answer!r})."
        if number == right():
            return True, f"Right: {why()}"
        return False, f"Not yet: {number} is not it. Count again: {hint}"

    return grade


def _breakdown(cards: list[lp.Card]) -> str:
    parts = " + ".join(str(HOUSE.card_points(c)) for c in cards)
    return f"{lp.format_cards(cards)} is {parts} = {lp.hand_points(cards, HOUSE)}"


# -- 1 points --------------------------------------------------------------------------------------

Q1_CARDS = lp.parse_cards("KS 7H JK AD")

exercise(
    "quiz_1",
    solution="King 10, seven 7, joker 20, ace 15: 10 + 7 + 20 + 15 = 52 points.\n"
    "Under house rules 2-9 count their face value, 10 to king 10, the ace 15 and the joker 20.",
)(
    _number_grader(
        lambda: lp.hand_points(Q1_CARDS, HOUSE),
        lambda: _breakdown(Q1_CARDS) + " points.",
        "under house rules 2-9 count face value, 10 to king 10, the ace 15 and the joker 20.",
    )
)


# -- 2 sets ----------------------------------------------------------------------------------------


def _q2_cards(i: int) -> list[lp.Card]:
    return lp.parse_cards(BY_NAME["quiz_2"].choices[i].replace("🃏", "JK"))


def _q2_why(i: int) -> str:
    cards = _q2_cards(i)
    verdict = lp.check_set(cards, HOUSE)
    if verdict:
        return f"{lp.format_cards(cards)} is a set: three of a rank, the joker standing in."
    return f"{lp.format_cards(cards)} is not a set: {verdict.reason}."


exercise(
    "quiz_2",
    solution="c) 7♥ 7♣ 🃏: three cards of one rank, the joker standing for a third seven.\n"
    "Two cards are too few, 7♥ 8♥ 9♥ are three ranks, and a set may not be all jokers.",
)(
    _choice_grader(
        "quiz_2",
        lambda: next(i for i in range(4) if lp.check_set(_q2_cards(i), HOUSE)),
        _q2_why,
    )
)


# -- 3 runs ----------------------------------------------------------------------------------------


@exercise(
    "quiz_3",
    solution="For example 5C 6C JK 8C: four clubs in a row, the joker standing for the 7♣. "
    "Any four or more clubs in a row with one joker among them is right (JK 10C JC QC too).\n"
    "An ace may sit below the 2 or above the king, but a run never turns the corner (K-A-2).",
)
def _quiz_3(answer: Any) -> tuple[bool, str]:
    """A run of four or more clubs holding exactly one joker, judged by ``check_run``."""
    cards = lp.parse_cards(answer)
    jokers = sum(c.is_joker for c in cards)
    others = [c for c in cards if not c.is_joker and c.suit is not lp.Suit.CLUBS]
    if others:
        return False, f"Not yet: {lp.format_cards(others)} is not a club; the run is of clubs."
    if jokers != 1:
        return False, f"Not yet: the question asks for one joker; your cards hold {jokers}."
    verdict = lp.check_run(cards, HOUSE)
    if not verdict:
        return False, f"Not yet: {lp.format_cards(cards)} is not a run: {verdict.reason}."
    meld = lp.Meld.build("run", cards, HOUSE)
    return True, f"Right: a {meld.describe(HOUSE)}."


# -- 4 wild limits ---------------------------------------------------------------------------------

Q4_CARDS = lp.parse_cards("JK JK 9H 10H")


def _q4_refused() -> list[str]:
    """The houses with jokers that refuse quiz 4's run (the stricter ones about wilds)."""
    return [
        name
        for name, rules in lp.PRESETS.items()
        if rules.has_jokers and not lp.check_run(Q4_CARDS, rules)
    ]


def _q4_why(i: int) -> str:
    del i
    verdict = lp.check_run(Q4_CARDS, HOUSE)
    if verdict:
        stricter = ", ".join(_q4_refused())
        return (
            "it is legal under house rules, where a meld needs only one natural card; "
            f"stricter houses ({stricter}) refuse it (lesson 05 compares them)."
        )
    return f"under house rules it is not: {verdict.reason}."


exercise(
    "quiz_4",
    solution="a) yes. The house limit is one natural card in a meld and no other limit, so two "
    "jokers standing for the 7♥ and 8♥ are fine.\n"
    "Stricter houses refuse it; lesson 05's panel judges such cards under every house (type "
    "them in).",
)(_choice_grader("quiz_4", lambda: 0 if lp.check_run(Q4_CARDS, HOUSE) else 1, _q4_why))


# -- 5 contract size -------------------------------------------------------------------------------

exercise(
    "quiz_5",
    solution="Deal 6 is a set and two runs: 3 + 4 + 4 = 11 cards at least.\n"
    "A set has three cards or more and a run four or more.",
)(
    _number_grader(
        lambda: HOUSE.contract(6).min_cards,
        lambda: (
            f"deal 6 is {HOUSE.contract(6).short()}: {HOUSE.contract(6).min_cards} cards at least."
        ),
        "a set has three cards or more, a run four or more; add up deal 6's melds.",
    )
)


# -- 6 longer melds --------------------------------------------------------------------------------

Q6_HAND = lp.parse_cards("9S 9D 9C 3H 4H 5H 6H 7H 8H KC QD")
"""Quiz 6's hand after the draw: eleven cards (the Q♦ drawn last)."""
Q6_MELDS = [lp.parse_cards("9S 9D 9C"), lp.parse_cards("3H 4H 5H 6H 7H 8H")]


def _q6_right() -> int:
    ok, _ = engine_answer(Q6_HAND, HOUSE, 2, Q6_MELDS)
    return 0 if ok else 1


def _q6_why(i: int) -> str:
    del i
    ok, words = engine_answer(Q6_HAND, HOUSE, 2, Q6_MELDS)
    if ok:
        return (
            f"the engine lets you go down. {words} A contract gives each meld's least length only."
        )
    return f"the engine refuses. {words}"


exercise(
    "quiz_6",
    solution="a) yes. A contract says the least length of each meld; a run of six is still "
    "a run. You go down with 9 cards and keep the K♣ and the Q♦: one to discard now, the "
    "other for a later turn.",
)(_choice_grader("quiz_6", _q6_right, _q6_why))


# -- 7 who plays first -----------------------------------------------------------------------------


@cache
def _q7_first() -> tuple[int, int, int]:
    """(dealer, first player, players) of a fresh house game."""
    game = lp.Game(HOUSE, ["Ada", "Ben", "Cleo", "Dev"], seed=15, dealer=2)
    return game.dealer, game.turn_player, game.players


def _q7_right() -> int:
    dealer, first, players = _q7_first()
    offsets = {0: 0, 1: 1, players - 1: 2}  # seats go clockwise: dealer + 1 is on the left
    return offsets.get((first - dealer) % players, 3)


def _q7_why(i: int) -> str:
    right = _q7_right()
    if i == right:
        return "the player on the dealer's left plays first, and the deal moves left next time."
    return (
        f"{BY_NAME['quiz_7'].choices[i]} does not start; {BY_NAME['quiz_7'].choices[right]} "
        "does (play goes clockwise)."
    )


exercise(
    "quiz_7",
    solution="b) The player on the dealer's left plays first; play and the deal both move "
    "clockwise, to the left.",
)(_choice_grader("quiz_7", _q7_right, _q7_why))


# -- 8 the card just taken -------------------------------------------------------------------------


Q8_CARD = lp.Card.parse("4D")
"""The card quiz 8 names: the top of the discard pile, taken as the draw."""


@cache
def _q8_refusal() -> str | None:
    """The engine's answer to discarding the card just taken from the pile (the 4♦ the
    question names, stacked as the upcard)."""
    game = lp.Game.from_deal(
        HOUSE,
        [
            "3S 5H 7C 9D JS KH 2C 6S 8H QD",
            "3H 5C 7S 9H JD KC 2S 6D 8C QS",
            "3D 5S 7H 9C JH KS 2H 6C 8D QH",
        ],
        stock="AC",
        upcard=Q8_CARD,
        dealer=2,
        seed=15,
    )
    game.apply(lp.TakeDiscard())
    return game.why_not(lp.Discard(Q8_CARD))


def _q8_why(i: int) -> str:
    del i
    refusal = _q8_refusal()
    if refusal:
        return f'the engine refuses, in its words: "{refusal}"'
    return "the engine lets you discard it."


exercise(
    "quiz_8",
    solution="b) no. A card taken from the discard pile may not go back onto the pile in the "
    "same turn; discard another card.",
)(_choice_grader("quiz_8", lambda: 1 if _q8_refusal() else 0, _q8_why))


# -- 9 the price of a buy --------------------------------------------------------------------------

exercise(
    "quiz_9",
    solution="2: the discard you bought and one penalty card from the stock.",
)(
    _number_grader(
        lambda: 1 + HOUSE.buy_penalty_cards,
        lambda: f"the discard plus {HOUSE.buy_penalty_cards} penalty card from the stock.",
        "a buyer takes the discard and pays with cards from the stock (lesson 08).",
    )
)


# -- 10 taking the discard in turn -----------------------------------------------------------------


def _q10_why(i: int) -> str:
    del i
    extra = HOUSE.discard_draw_penalty
    if extra == 0:
        return "taking the top discard in your turn is your draw, with nothing extra to pay."
    return f"taking the top discard costs {extra} extra stock cards under these rules."


exercise(
    "quiz_10",
    solution="a) nothing extra: in your own turn the top discard is simply your draw. Only a "
    "player who buys it out of turn pays a penalty card.",
)(_choice_grader("quiz_10", lambda: min(HOUSE.discard_draw_penalty, 2), _q10_why))


# -- 11 laying off ---------------------------------------------------------------------------------

Q11_RUN = lp.parse_cards("5H 6H 7H 8H")
Q11_HAND = lp.parse_cards("4S 9S 9H KH")


@exercise(
    "quiz_11",
    solution="9♥: it goes at the high end, after the 8♥. The 4♠ and 9♠ are the wrong suit, and "
    "the K♥ is not next to either end.",
)
def _quiz_11(answer: Any) -> tuple[bool, str]:
    """A card of the hand that ``lay_off_ends`` fits on the run."""
    cards = lp.parse_cards(answer)
    if len(cards) != 1:
        return False, 'Not yet: name one card, like "QS".'
    card = cards[0]
    if card not in Q11_HAND:
        return False, f"Not yet: {card} is not in your hand ({lp.format_cards(Q11_HAND)})."
    meld = lp.Meld.build("run", Q11_RUN, HOUSE)
    ends = lp.lay_off_ends(meld, card, HOUSE)
    if ends:
        return True, f"Right: the {card} fits the {ends[0]} end of 5♥ 6♥ 7♥ 8♥."
    return False, f"Not yet: the {card} fits neither end of 5♥ 6♥ 7♥ 8♥."


# -- 12 going out in deal 7 ------------------------------------------------------------------------


def _q12_right() -> int:
    return 1 if HOUSE.contract(7).going_out is lp.GoingOut.NO_DISCARD else 0


def _q12_why(i: int) -> str:
    del i
    out = HOUSE.contract(7).going_out
    if out is lp.GoingOut.NO_DISCARD:
        return f"in deal 7 {out.doc[0].lower()}{out.doc[1:]}"
    return "in deal 7 you may go out by discarding your last card."


exercise(
    "quiz_12",
    solution="b) no. In deal 7 under house rules you may not discard your last card: it must be "
    "laid off onto a set or run on the table.",
)(_choice_grader("quiz_12", _q12_right, _q12_why))


# -- 13 scoring ------------------------------------------------------------------------------------

Q13_CARDS = lp.parse_cards("QD 4C 4S AH JK")

exercise(
    "quiz_13",
    solution="Queen 10, fours 4 and 4, ace 15, joker 20: 10 + 4 + 4 + 15 + 20 = 53 points. "
    "Ada, who went out, scores 0.",
)(
    _number_grader(
        lambda: lp.hand_points(Q13_CARDS, HOUSE),
        lambda: _breakdown(Q13_CARDS) + " points; Ada, who went out, scores 0.",
        "add the points of every card left in Ben's hand (house values).",
    )
)
