"""A learner exploring in a notebook calls the public names the way they read (a preset's name
for ``rules``, card text for a card) and makes mistakes. Each call either does what they meant
or refuses in a sentence: never an AttributeError or "'NoneType' object is not iterable"."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

import pytest

import liverpool as lp

SEVENS = lp.parse_cards("7H 7C 7S")
HOUSE = lp.PRESETS["house"]


def test_a_preset_name_serves_wherever_rules_are_asked_for() -> None:
    online = lp.PRESETS["online"]
    run = lp.parse_cards("JK 9H 10H JK")
    assert lp.check_set(SEVENS, "house") == lp.check_set(SEVENS, HOUSE)
    assert lp.check_run(run, "Online").reason == lp.check_run(run, online).reason
    assert lp.arrange_run("4H 6H JK 7H", "house") == lp.arrange_run("4H 6H JK 7H", HOUSE)
    assert lp.hand_points("AH KS", "house") == lp.hand_points("AH KS", HOUSE) == 25
    hand = "7H 7C 7S 8D 8C 8S 4H"
    assert lp.find_going_down(hand, "house", 1) == lp.find_going_down(hand, HOUSE, 1)
    meld = lp.Meld.build("run", lp.parse_cards("9H 10H JK QH"), HOUSE)
    assert meld.describe("house") == meld.describe(HOUSE) == "run of ♥ 9-Q (🃏 as J♥)"
    assert meld.wild_positions("online") == [2]
    assert lp.analysis.analyze_hand(SEVENS, "house", 1) == lp.analysis.analyze_hand(
        SEVENS, HOUSE, 1
    )


def test_a_hand_sorts_by_rank_then_suit_with_jokers_last() -> None:
    hand = lp.parse_cards("KH 2H JK AS 2S 10D")
    assert sorted(hand) == sorted(hand, key=lp.Card.sort_key)
    assert lp.format_cards(sorted(hand)) == "A♠ 2♠ 2♥ 10♦ K♥ 🃏"
    assert max(hand).is_joker and lp.Card.parse("2S") < lp.Card.parse("2H")
    with pytest.raises(TypeError):
        _ = lp.Card.parse("2S") < 3


def test_card_text_serves_wherever_a_card_is_asked_for() -> None:
    assert HOUSE.is_wild("JK") and not HOUSE.is_wild("7H")
    assert HOUSE.card_points("KH") == HOUSE.score("K♥") == 10
    assert lp.format_cards("7H 7c") == "7♥ 7♣" == lp.format_cards(lp.parse_cards("7H 7C"))


CALLS: dict[str, tuple[Callable[[], Any], type[Exception], str]] = {
    "rules None": (
        lambda: lp.check_set(SEVENS, None),  # type: ignore[arg-type]
        lp.RulesError,
        "rules must be a preset name or a Rules value, not None",
    ),
    "unknown preset": (
        lambda: lp.check_run(SEVENS, "hous"),
        lp.RulesError,
        "there is no preset called 'hous'; choose one of: house, classic",
    ),
    "a number for a card": (
        lambda: HOUSE.is_wild(2),  # type: ignore[arg-type]
        lp.CardParseError,
        "expected card text such as '7H', got 2",
    ),
    "nothing for a card": (
        lambda: HOUSE.card_points(None),  # type: ignore[arg-type]
        lp.CardParseError,
        "got None",
    ),
    "PRESETS in capitals": (
        lambda: lp.PRESETS["House"],
        KeyError,
        "there is no preset called 'House' (did you mean 'house'?); choose one of: house,",
    ),
    "PRESETS unknown": (lambda: lp.PRESETS["nope"], lp.RulesError, "choose one of: house,"),
    "an enum field given None": (
        lambda: HOUSE.replace(set_wilds=None),
        lp.RulesError,
        "set_wilds must be one of 'one_natural', 'two_naturals',",
    ),
    "an enum field given a number": (
        lambda: HOUSE.replace(buy_priority=0),
        lp.RulesError,
        "buy_priority must be one of 'clockwise', 'first_to_call', not 0",
    ),
    "a contract's length as text": (
        lambda: lp.Requirement(lp.MeldKind.SET, "3"),  # type: ignore[arg-type]
        lp.RulesError,
        "a set in a contract must be 3 to 13 cards long, not '3'",
    ),
    "a yes for a deal": (
        lambda: HOUSE.contract(True),
        lp.RulesError,
        "deal must be 1 to 7, not True",
    ),
    "several cards for one": (
        lambda: lp.Card.parse("7H 8H"),
        lp.CardParseError,
        "'7H 8H' is several cards where one card is wanted (lp.parse_cards reads several)",
    ),
    "nothing to format": (
        lambda: lp.format_cards(None),  # type: ignore[arg-type]
        lp.CardParseError,
        "expected card text such as '7H 7C 7S' or a list of cards, got None",
    ),
    "players None": (
        lambda: lp.Game(players=None),  # type: ignore[arg-type]
        lp.RulesError,
        "players must be a number or a list of names, not None",
    ),
    "numbers for names": (
        lambda: lp.Game(players=[1, 2, 3]),  # type: ignore[list-item]
        lp.RulesError,
        "players must be a number or a list of names, not [1, 2, 3]",
    ),
    "numbers for bots": (
        lambda: lp.play_match("house", [1, 2, 3]),  # type: ignore[list-item]
        TypeError,
        "bots must be a list of bots, one per seat",
    ),
    "a kind of bot for a bot": (
        lambda: lp.play_match("house", [lp.bots.BasicBot] * 3),  # type: ignore[list-item]
        TypeError,
        "BasicBot is a kind of bot, not a bot: make one by calling it, BasicBot()",
    ),
    "a saved game's file name for its text": (
        lambda: lp.Game.from_json("my game.json"),
        lp.RecordError,
        "'my game.json' looks like a file's name, not a saved game's text: read the file first",
    ),
    "a saved game's path for its text": (
        lambda: lp.Game.from_json(pathlib.Path("game.json")),  # type: ignore[arg-type]
        lp.RecordError,
        "a saved game is JSON text, not PosixPath: read the file first",
    ),
    "no bots": (
        lambda: lp.play_match("house", None),  # type: ignore[arg-type]
        TypeError,
        "bots must be a list of bots, one per seat",
    ),
}


@pytest.mark.parametrize("name", list(CALLS))
def test_a_mistake_is_refused_in_a_sentence(name: str) -> None:
    call, error, words = CALLS[name]
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)
    assert "WildLimit." not in str(caught.value) and "BuyPriority." not in str(caught.value)


def test_presets_still_reads_as_a_mapping() -> None:
    assert list(lp.PRESETS)[:2] == ["house", "classic"] and len(lp.PRESETS) == 7
    assert "house" in lp.PRESETS and "House" not in lp.PRESETS and ["x"] not in lp.PRESETS  # type: ignore[comparison-overlap]
    assert lp.PRESETS.get("nope") is None and dict(lp.PRESETS)["me"] == lp.get_rules("me")
