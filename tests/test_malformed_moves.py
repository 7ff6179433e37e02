"""A move that is not well formed is refused in a player's words, and the game is untouched.

A learner typing at a notebook, a form sending text, or a room message can all hand the engine
something that is not quite a move: the kind of move without its brackets, a meld's number as
text, an empty list of melds. Each must raise :class:`~liverpool.IllegalAction` (or
:class:`~liverpool.CardParseError` for card text) saying what a move looks like, never a
``TypeError`` from deep inside the rules, and never count as a failed attempt to go down.
"""

from __future__ import annotations

from typing import Any

import pytest

import liverpool as lp
from liverpool.actions import action_from_dict


def _game() -> lp.Game:
    game = lp.Game("traditional", 4, seed=11)
    game.apply(game.legal_actions()[0])  # past the cut, where the traditional rules have one
    return game


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (None, "None is not a move: make moves such as lp.DrawStock()"),
        (5, "5 is not a move"),
        ("draw", "'draw' is not a move"),
        (
            lp.DrawStock,
            "lp.DrawStock is a kind of move, not a move: make one by calling it: lp.DrawStock",
        ),
    ],
)
def test_something_that_is_not_a_move_is_refused_and_changes_nothing(
    value: Any, words: str
) -> None:
    game = _game()
    before = (game.state_key(), game.to_json(), len(game.log))
    with pytest.raises(lp.IllegalAction, match=words.replace("(", r"\(").replace(")", r"\)")):
        game.apply(value)
    assert game.why_not(value) is not None
    assert (game.state_key(), game.to_json(), len(game.log)) == before


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: lp.LayOff("5H", "0"), "A meld's number is a whole number, like 0, not '0'."),
        (lambda: lp.LayOff("5H", 0, "middle"), 'The end of a run is "low" or "high"'),
        (lambda: lp.SwapWild("6H", 0, "1"), "A place in a meld is a whole number, like 1"),
        (lambda: lp.SwapWild("6H", 0, None), "not None"),
        (lambda: lp.SwapWild("6H", True, 1), "not True"),
        (lambda: lp.Cut("thirty"), "A cut's aim is a whole number, like 30"),
        (lambda: lp.GoDown(5), "Say the melds as a list of melds"),  # type: ignore[arg-type]
        (lambda: lp.GoDown("7H 7C 7S"), "Say the melds as a list of melds"),
        (lambda: lp.GoDown([lp.Card.parse("7H")]), "Say the melds as a list of melds"),  # type: ignore[list-item]
        (lambda: lp.GoOut(7), "Say the melds as a list of melds"),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_move_is_refused_when_it_is_made(make: Any, words: str) -> None:
    with pytest.raises(lp.IllegalAction, match=words.replace("(", r"\(")):
        make()


@pytest.mark.parametrize("melds", [[], [[]], ["7H 7C 7S", ""]])
def test_empty_melds_are_a_slip_not_a_failed_attempt_the_house_charges_for(melds: Any) -> None:
    game = _game()  # traditional: a failed attempt to go down costs 50 points
    assert game.rules.failed_going_down_penalty == 50
    while game.phase is not lp.Phase.PLAY:
        game.apply(next(a for a in game.legal_actions() if not isinstance(a, lp.Buy)))
    before = (game.state_key(), game.to_json(), len(game.log))
    with pytest.raises(lp.IllegalAction, match="Say the melds you go down with"):
        game.apply(lp.GoDown(melds))
    assert (game.state_key(), game.to_json(), len(game.log)) == before
    # a real attempt that misses the contract is still charged, as the house says
    hand = game.hand(game.turn_player)
    game.apply(lp.GoDown([hand[:3], hand[3:6]]))  # two "sets" that are not sets
    assert game.log[-1].kind is lp.EventKind.FAILED_GO_DOWN and "+50 points" in game.log[-1].text


def test_well_formed_moves_are_made_as_before() -> None:
    assert lp.LayOff("5H", 0, "low").meld == 0 and lp.SwapWild("6H", 2, 1).position == 1
    assert lp.GoDown([["7H", "7C", "7S"], "9D 9H 9S"]).melds[1][0] == lp.Card.parse("9D")
    assert lp.GoOut().melds is None and lp.Cut(30).aim == 30


@pytest.mark.parametrize("value", [None, 7, lp.Card.parse("7H")])
def test_card_text_that_is_not_text_or_a_list_is_a_card_parse_error(value: Any) -> None:
    with pytest.raises(lp.CardParseError, match="expected card text such as '7H 7C 7S'"):
        lp.parse_cards(value)


@pytest.mark.parametrize(
    "make",
    [
        lambda: lp.Discard(7),
        lambda: lp.Discard(None),
        lambda: lp.LayOff(["5H"], 0),
        lambda: lp.SwapWild(5.0, 0, 1),
    ],
)
def test_a_move_whose_card_is_not_a_card_says_so_in_every_build(make: Any) -> None:
    # The compiled engine once answered these with a TypeError about its own types.
    with pytest.raises(lp.CardParseError, match="expected card text such as '7H'"):
        make()


def test_the_meld_and_hand_checks_read_card_text_as_the_moves_do() -> None:
    house = lp.PRESETS["house"]
    assert lp.check_set("7H 7C 7S", house) and lp.check_set(["7H", "7C", "JK"], house)
    assert lp.check_run("9H 10H JH QH", house)
    assert lp.check_run("9H 10H JH QS", house).reason.startswith("all the natural cards")
    assert [str(c) for c in lp.arrange_run("QH 9H JH 10H", house) or []] == [
        "9♥",
        "10♥",
        "J♥",
        "Q♥",
    ]
    assert lp.hand_points("AS KD 🃏", house) == lp.hand_points(lp.parse_cards("AS KD JK"), house)
    melds = lp.find_going_down("7H 7C 7S 9D 9H 9S 4C", house, deal=1)
    assert melds is not None and [m.kind for m in melds] == [lp.MeldKind.SET, lp.MeldKind.SET]


@pytest.mark.parametrize("call", [lp.check_set, lp.check_run, lp.hand_points])
def test_the_meld_and_hand_checks_refuse_what_is_not_cards_in_words(call: Any) -> None:
    with pytest.raises(lp.CardParseError, match="cannot read 'XX' as a card"):
        call("7H XX 7S", lp.PRESETS["house"])
    with pytest.raises(lp.CardParseError, match="expected card text"):
        call([7, 7, 7], lp.PRESETS["house"])
    with pytest.raises(lp.CardParseError, match="expected card text"):
        call(None, lp.PRESETS["house"])


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"type": "Discard"}, "it needs its card"),
        ({"type": "SwapWild", "card": "6H"}, "it needs its meld and position"),
        ({"type": "DrawStock", "extra": 1}, "it has nothing called 'extra'"),
        ({"type": "GoDown", "melds": 5}, "say the melds as a list of melds"),
        ({"type": "LayOff", "card": "5H", "meld": "0"}, "a meld's number is a whole number"),
        ({"type": "Discard", "card": 7}, "its card is card text such as '7H', not 7"),
    ],
)
def test_a_move_read_from_a_record_or_a_room_says_what_is_wrong(
    data: dict[str, Any], reason: str
) -> None:
    with pytest.raises(lp.RecordError) as info:
        action_from_dict(data)
    message = str(info.value)
    assert message.startswith(f"the record holds a {data['type']} move that cannot be read: ")
    # the rooms show the words after the first ": " to the player who sent the move
    assert message.split(": ", 1)[1].startswith(reason)
    assert "__init__" not in message and "positional argument" not in message


@pytest.mark.parametrize(
    "make",
    [
        lambda: lp.parse_cards("5H" * 600),
        lambda: lp.parse_cards("  " + "Z" * 900),
        lambda: lp.GoDown([[["7H"] * 500]]),  # type: ignore[list-item]  # one "card" is a list
    ],
)
def test_a_huge_bad_card_is_quoted_cut_short(make: Any) -> None:
    with pytest.raises(lp.LiverpoolError) as info:
        make()
    assert len(str(info.value)) < 300  # the refusal quotes the start, not a page of it
