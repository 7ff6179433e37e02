"""The exercises of lessons 02 (the table and the turn) and 10 (your first deal, coached).

Each is a grader registered with :func:`.exercises.exercise` (with its worked solution), so the
lessons check them with the one :func:`~liverpool_widgets.lessons.check`. Imported by
:mod:`.exercises` at its end; keep this module light (no plotting library at import).

Every answer is judged by the engine on a stacked position (:func:`taken_position`,
:func:`go_down_position`), never by comparing text, so every correct answer passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import liverpool as lp

from .exercises import exercise

__all__ = ["SEATING", "go_down_position", "next_deal", "taken_position"]

# -- 02 The table and the turn ------------------------------------------------------------------

TAKEN_HANDS = [
    "3C 3D 8S 8H JC QS KD 5H 6D 10C",  # Ada
    "9H 9D 4S 4C 6H 7S JD QC 2H AS",  # Ben: a pair of nines, a pair of fours
    "5S 5C 10D 10S 3H KS AC 7D 8D 2C",  # Cleo
]
"""The position of exercise ``no_discard``: Ada has thrown the 9♣ and Ben is to draw."""


def taken_position() -> lp.Game:
    """The exercise's position: house deal 1, Ada's turn played (she drew from the stock and
    threw the 9♣), Ben to draw, with the 9♣ on top of the discard pile."""
    game = lp.Game.from_deal(
        "house",
        TAKEN_HANDS,
        "9C 4H 2S",
        "KC",
        dealer=2,
        names=["Ada", "Ben", "Cleo"],
        seed=3,
    )
    game.apply(lp.DrawStock())
    while game.phase is lp.Phase.BUY:
        game.apply(lp.Pass())
    game.apply(lp.Discard(lp.Card.parse("9C")))
    return game


def _one_card(answer: Any) -> lp.Card:
    cards = lp.parse_cards(answer)
    if len(cards) != 1:
        raise lp.CardParseError(f"write one card, like '5D', not {len(cards)} cards")
    return cards[0]


@exercise(
    "no_discard",
    solution=(
        "The 9♣. Ben took it from the discard pile as his draw, and a card taken from the pile "
        "may not go back onto the pile in the same turn (docs/rules.md, §2).\n"
        "Every other card in his hand may be discarded. Had he drawn from the stock instead, "
        "he could have discarded any card, the one he drew included."
    ),
)
def _no_discard(answer: Any) -> tuple[bool, str]:
    """Ben takes the 9♣ from the pile: which card may he not discard now?"""
    try:
        card = _one_card(answer)
    except lp.CardParseError as exc:
        return False, f"Not yet: write one card as text, like '5D'. {exc}"
    game = taken_position()
    game.apply(lp.TakeDiscard())
    ben = game.to_act
    assert ben is not None
    if card not in game.hand(ben):
        return False, f"Not yet: Ben does not hold the {card}; look at his hand and the pile."
    refusal = game.why_not(lp.Discard(card))
    if refusal is None:
        return False, (
            f"Not yet: Ben may discard the {card}. Which card did he just take, and from where?"
        )
    del refusal  # the engine's words are said to the player ("You took ..."); ours name Ben
    return True, (
        f"Right: the {card}. Ben took it from the discard pile this turn, so he may not throw "
        "it back now; any other card may go."
    )


SEATING = ("Ada", "Ben", "Cleo", "Dev")
"""The table of exercise ``next_deal``, clockwise."""


def next_deal(dealer: int) -> tuple[str, str]:
    """(dealer, first player) of the deal after the one ``dealer`` dealt, at :data:`SEATING`:
    the deal moves one seat clockwise (docs/rules.md, §1), and the engine says who starts."""
    following = (dealer + 1) % len(SEATING)
    game = lp.Game.from_deal(
        "house", [""] * len(SEATING), (), None, dealer=following, names=list(SEATING)
    )
    return SEATING[following], SEATING[game.turn_player]


def _names(answer: Any) -> list[str] | None:
    if isinstance(answer, str):
        parts = [p.strip() for p in answer.replace(" and ", ",").split(",")]
    elif isinstance(answer, Sequence):
        parts = [str(p).strip() for p in answer]
    else:
        return None
    return [p for p in parts if p]


@exercise(
    "next_deal",
    solution=(
        "Dev dealt deal 3, so deal 4 is dealt by the next player clockwise: Ada. The player at "
        "the dealer's left plays first: Ben.\n"
        'Answer: ("Ada", "Ben").'
    ),
)
def _next_deal(answer: Any) -> tuple[bool, str]:
    """Dev dealt deal 3: who deals deal 4, and who plays first in it?"""
    names = _names(answer)
    if names is None or len(names) != 2:
        return False, 'Not yet: write two names, the dealer first, like ("Cleo", "Dev").'
    known = {n.lower(): n for n in SEATING}
    strangers = [n for n in names if n.lower() not in known]
    if strangers:
        return False, f"Not yet: nobody called {strangers[0]!r} sits at this table."
    dealer, first = (known[n.lower()] for n in names)
    want_dealer, want_first = next_deal(SEATING.index("Dev"))
    if dealer != want_dealer:
        return False, (
            f"Not yet: {dealer} does not deal deal 4. The deal moves one seat clockwise from "
            "the last dealer."
        )
    if first != want_first:
        return False, (
            f"Not yet: {want_dealer} deals, right — but {first} does not play first. Who sits at "
            "the dealer's left?"
        )
    return (
        True,
        f"Right: {want_dealer} deals deal 4 and {want_first}, at the dealer's left, starts.",
    )


# -- 10 Your first deal, coached ---------------------------------------------------------------

GO_DOWN_HAND = "5S 5H 8C QD QS JK 8H 2C KD 9S"
"""The hand of exercise ``first_go_down`` (house deal 1); the 5♣ upcard is taken."""


def go_down_position() -> lp.Game:
    """The exercise's position: house deal 1, you (seat 0) have just taken the 5♣ upcard."""
    game = lp.Game.from_deal(
        "house",
        [GO_DOWN_HAND, "3H 4H 6D 7D 10S JS AC 9D 4C 6C", "3S 7H 10H JD KS AS 2D 6S 9C 4D"],
        "8D 3C 7C",
        "5C",
        dealer=2,
        names=["You", "Ada", "Ben"],
        seed=4,
    )
    game.apply(lp.TakeDiscard())
    return game


@exercise(
    "first_go_down",
    solution=(
        "Three fives: 5♠ 5♥ 5♣ (the 5♣ you took). For the second set the joker joins a pair: "
        "Q♦ Q♠ JK (or 8♣ 8♥ JK). Under house rules a set needs only one natural card, so a "
        "pair and a joker is a set.\n"
        'Answer: ["5S 5H 5C", "QD QS JK"], or ["5S 5H 5C", "8C 8H JK"]. The joker cannot '
        "join the fives instead: that would leave two pairs and no second set."
    ),
)
def _first_go_down(answer: Any) -> tuple[bool, str]:
    """After taking the 5♣: write the two melds you go down with."""
    if isinstance(answer, str) or not isinstance(answer, Sequence):
        return False, 'Not yet: write a list of two melds, each a string, like ["7H 7C 7D", ...].'
    melds = [lp.parse_cards(m if isinstance(m, str) else list(m)) for m in answer]
    game = go_down_position()
    refusal = game.why_not(lp.GoDown(melds))
    if refusal is not None:
        return False, f"Not yet: {refusal}"
    shown = " and ".join(lp.format_cards(m) for m in melds)
    return True, f"Right: {shown} is deal 1's contract, two sets; you are down."
