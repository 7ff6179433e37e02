"""The exercises of lessons 06-09 (contracts, laying off, buying, going out and scoring).

Each is a grader registered with :func:`.exercises.exercise` (with its worked solution), so the
lessons check them with the one :func:`~liverpool_widgets.lessons.check`. Imported by
:mod:`.exercises` at its end; keep this module light (no plotting library at import).

Every exercise here asks about a position the lesson has not printed: a fresh table to lay off
on (07), an ``online`` buy window with a player already down (08), a fresh hand to count (09).
Answers are judged by the engine (``fits``, ``why_not_buy``, ``hand_points``), never by
comparing text, so every correct answer passes whatever its spelling.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import liverpool as lp
from liverpool.words import listed

from .answers import whole_number
from .buying import buy_order
from .exercises import exercise
from .lay_off import build_table, fits
from .scorepad import breakdown

__all__ = [
    "BUY_EXERCISE",
    "LAY_OFF_HAND",
    "LAY_OFF_TABLE",
    "SCORE_HAND",
    "buy_exercise_game",
    "lay_off_table",
]


# -- 07 Laying off: a fresh table ----------------------------------------------------------------

LAY_OFF_TABLE = ("3D 4D 5D 6D", "9C 9H JK", "10S JS JK KS")
"""Meld 0: a run of diamonds; meld 1: a set of nines with a joker; meld 2: a run of spades whose
joker stands for the Q♠ (none of them printed in lesson 07 before its exercise)."""

LAY_OFF_HAND = "2D 7D 9S QS AS 8D JK 4C"
"""The hand whose cards the learner places: some fit one meld, one fits two, one fits all,
some fit nowhere (the Q♠'s place is taken by the joker)."""


def lay_off_table() -> list[lp.Meld]:
    """The exercise's table under house rules, as melds (for the lesson to draw)."""
    return build_table(LAY_OFF_TABLE, lp.PRESETS["house"])


def _card(key: Any) -> lp.Card:
    return key if isinstance(key, lp.Card) else lp.Card.parse(str(key))


def _meld_numbers(value: Any) -> set[int]:
    if value is None:
        return set()
    if isinstance(value, int) and not isinstance(value, bool):
        return {value}
    return {int(m) for m in value}


def _where(numbers: set[int]) -> str:
    if not numbers:
        return "nowhere"
    return " and ".join(f"meld {k}" for k in sorted(numbers))


@exercise(
    "lay_off_where",
    solution="2♦ → meld 0 (below the 3♦); 7♦ → meld 0 (above the 6♦); 9♠ → melds 1 and 2 (a "
    "nine for the set, and the card below the 10♠); Q♠ → nowhere (the joker already stands "
    "for the Q♠); A♠ → meld 2 (high, after the K♠); 8♦ → nowhere (the 7♦ would have to come "
    "first); 🃏 → melds 0, 1 and 2 (a joker fits either end of a run and any set under house "
    "rules); 4♣ → nowhere.\n"
    'As code: {"2D": [0], "7D": [0], "9S": [1, 2], "QS": [], "AS": [2], "8D": [], '
    '"JK": [0, 1, 2], "4C": []}',
)
def _lay_off_where(answer: Any) -> tuple[bool, str]:
    """For each card of LAY_OFF_HAND (house rules, table LAY_OFF_TABLE), the melds it could be
    laid off on: a mapping card text -> list of meld numbers (empty when it fits nowhere)."""
    if not isinstance(answer, Mapping):
        return (
            False,
            'Not yet: give a dict, card -> list of meld numbers, e.g. {"2D": [0], "QS": [], ...}.',
        )
    house = lp.PRESETS["house"]
    table = lay_off_table()
    hand = list(dict.fromkeys(lp.parse_cards(LAY_OFF_HAND)))
    given: dict[lp.Card, set[int]] = {}
    for key, value in answer.items():
        try:
            given[_card(key)] = _meld_numbers(value)
        except (TypeError, ValueError):
            return False, f"Not yet: for the {key} give a list of meld numbers, like [0, 2]."
    strangers = [c for c in given if c not in hand]
    if strangers:
        return False, f"Not yet: {lp.format_cards(strangers)} is not in the hand."
    left_out = [c for c in hand if c not in given]
    if left_out:
        return (
            False,
            f"Not yet: say where every card fits; you left out {lp.format_cards(left_out)}.",
        )
    wrong = []
    for card in hand:
        truth = {k for k, _ in fits(table, card, house)}
        if given[card] != truth:
            wrong.append(f"the {card} fits {_where(truth)}, not {_where(given[card])}")
    if wrong:
        return False, f"Not yet: {'; '.join(wrong)}."
    return True, (
        "Right: every card placed. The 9♠ fits two melds, the joker fits all three, and the "
        "Q♠ fits nowhere because the joker holds its place."
    )


# -- 08 Buying: online, with a player already down -----------------------------------------------

BUY_EXERCISE: dict[str, Any] = {
    "hands": [
        "4S 4D 9C JH",  # Ada: already down (two sets on the table)
        "3H 4H 5D 9C 10S JC QD 6C 8S KH",  # Ben
        "7C 7S KS KD 3C 4S 9D 10D QC 6D",  # Cleo: she throws the 10♦
        "7D 7S QS QH 3D 5S 8C 10C JS 4C",  # Dev: the next player; he draws from the stock
        "5C 5D 8H 8C JD QH 3S 9H 10H AC",  # Eve
    ],
    "table": [(0, "6H 6D 6S"), (0, "KH KC KS")],
    "stock": "AS AC 9H 5H KC KD",
    "upcard": "AD",
    "dealer": 1,
    "discard": "10D",
}
"""Five players under ``online`` rules, deal 1. Ada is already down; Ben dealt, so Cleo plays
first: she draws and throws the 10♦, and Dev, the next player, leaves it."""


def buy_exercise_game(*, declined: bool = True) -> lp.Game:
    """The exercise's game: Cleo has thrown the 10♦; with ``declined`` Dev has drawn from the
    stock (the buy window is open), else Dev is still to decide."""
    s = BUY_EXERCISE
    game = lp.Game.from_deal(
        "online",
        s["hands"],
        s["stock"],
        s["upcard"],
        dealer=s["dealer"],
        seed=3,
        table=s["table"],
    )
    game.apply(lp.DrawStock())
    while game.phase is lp.Phase.BUY:  # nobody buys the upcard
        game.apply(lp.Pass())
    game.apply(lp.Discard(lp.Card.parse(s["discard"])))
    if declined:
        game.apply(lp.DrawStock())
    return game


def _names(answer: Any) -> list[str] | None:
    if isinstance(answer, str):
        return [n for n in re.split(r"[\s,;]+", answer) if n]
    try:
        return [str(n).strip() for n in answer]
    except TypeError:
        return None


@exercise(
    "buy_order_online",
    solution="Eve, then Ben.\n"
    "Under online rules the discarder (Cleo) and the next player (Dev) may never buy, and "
    "neither may anyone already down (Ada). Those left are asked in turn order from the next "
    "player: after Dev comes Eve, then Ada (down, so skipped), then Ben.\n"
    'As code: ["Eve", "Ben"]',
)
def _buy_order_online(answer: Any) -> tuple[bool, str]:
    """Who may buy Cleo's 10♦ in the online exercise game, in the order they are asked: a list
    of names."""
    game = buy_exercise_game()
    given = _names(answer)
    if given is None:
        return False, 'Not yet: give the names in a list, in order, like ["Ben", "Eve"].'
    seats: list[int] = []
    lowered = [n.lower() for n in game.names]
    for name in given:
        if name.lower() not in lowered:
            return False, (
                f"Not yet: there is no player called {name!r}; "
                f"the players are {listed(list(game.names))}."
            )
        seats.append(lowered.index(name.lower()))
    order, why_not = buy_order(game)
    not_allowed = [seat for seat in seats if seat not in order]
    if not_allowed:
        reasons = "; ".join(
            f"{game.names[seat]} may not, the engine says to {game.names[seat]}: “{why_not[seat]}”"
            for seat in dict.fromkeys(not_allowed)
        )
        return False, f"Not yet: {reasons}"
    missing = [game.names[seat] for seat in order if seat not in seats]
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        return False, f"Not yet: {listed(missing)} {verb} allowed to buy too — who else is asked?"
    if seats != order:
        return False, (
            "Not yet: the right players, but not in the order they are asked. Buyers are asked "
            f"in turn order, starting after {game.names[game.turn_player]}, the next player."
        )
    return True, (
        f"Right: {listed([game.names[s] for s in order])}, in that order. Cleo made the "
        "discard, Dev is the next player, and Ada is already down, so none of them may buy "
        "under online rules."
    )


# -- 09 Scoring: a fresh hand --------------------------------------------------------------------

SCORE_HAND = "AS JK 9D 10C 2H QH 5S"
"""Cards left in a hand when another player went out (house rules): an ace, a joker and a 2,
whose values a learner must know (the 2 is no wild under house rules)."""


@exercise(
    "score_hand",
    solution="71 points: A♠ 15 + 🃏 20 + 9♦ 9 + 10♣ 10 + 2♥ 2 + Q♥ 10 + 5♠ 5 = 71.\n"
    "Under house rules an ace is worth 15 and a joker 20; the 2♥ is no wild card there, so it "
    "counts its face value, 2.",
)
def _score_hand(answer: Any) -> tuple[bool, str]:
    """What SCORE_HAND, left in a hand at the end of a house deal, adds to its holder's score."""
    house = lp.PRESETS["house"]
    cards = lp.parse_cards(SCORE_HAND)
    number = whole_number(answer)
    if number is None:
        return False, f"Not yet: answer with a whole number of points, like 42 (not {answer!r})."
    total = lp.hand_points(cards, house)
    if number == total:
        return True, f"Right: {breakdown(cards, house)}."
    special = ", ".join(
        f"{c} = {house.card_points(c)}" for c in cards if c.is_joker or c.rank == lp.Rank.ACE
    )
    return False, (
        f"Not yet: {number} is not what these cards cost under house rules. Count each card "
        f"again; watch the special ones ({special}) and the 2♥, which is no wild card here."
    )
