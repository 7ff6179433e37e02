"""A learner exploring in a notebook calls the public names the way they read (a preset's name
for ``rules``, card text for a card) and makes mistakes. Each call either does what they meant
or refuses in a sentence: never an AttributeError or "'NoneType' object is not iterable"."""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

import pytest

import liverpool as lp
from liverpool.actions import action_from_dict, action_to_dict

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
    "an unknown bot's name": (
        lambda: lp.play_match("house", ["basic", "cheater", "basic"]),
        lp.LiverpoolError,
        "there is no bot called 'cheater'; choose from: random, basic, strong, expert",
    ),
    "bot names as one text": (
        lambda: lp.play_match("house", "basic"),
        TypeError,
        "each a bot or a bot's name, such as ['strong', 'basic', 'basic']",
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


# -- the solver's answer plays; the cards of one meld are not several melds ------------------


def _ready_to_go_down() -> lp.Game:
    """House deal 2 (a set and a run); seat 0 holds 7♥ 7♣ 7♠ and 9♦ 🃏 J♦ Q♦ and has drawn."""
    g = lp.Game.from_deal(
        "house",
        hands=[
            "7H 7C 7S QD 9D JD JK 4C 5C KS",
            "2S 3S 4S 5S 6S 8S 9S 10S JS QS",
            "2H 3H 4H 5H 6H 8H 9H 10H JH QH",
        ],
        stock="KH KD",
        upcard="AC",
        deal=2,
        dealer=2,
    )
    g.apply(lp.DrawStock())
    while g.phase is lp.Phase.BUY:
        g.apply(lp.Pass())
    return g


def test_the_solvers_melds_go_down_exactly_as_found() -> None:
    g = _ready_to_go_down()
    found = lp.find_going_down(g.hand(0), g.rules, g.deal)
    assert found is not None
    action = lp.GoDown(found)
    # stored as cards, as if the cards had been given: records and str() do not change
    assert action == lp.GoDown([m.cards for m in found])
    assert str(action) == "go down with 7♠ 7♥ 7♣ | 9♦ 🃏 J♦ Q♦"
    assert action_to_dict(action)["melds"] == [["7S", "7H", "7C"], ["9D", "JK", "JD", "QD"]]
    g.apply(action)
    assert [(m.kind, m.cards) for m in g.table] == [(m.kind, m.cards) for m in found]
    assert lp.GoOut(found).melds == action.melds  # GoOut takes melds the same way


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (lambda: lp.GoDown(["7H", "7C", "7S"]), "GoDown"),
        (lambda: lp.GoDown(["7H", "7C", "7S", "9S", "9D", "9H"]), "GoDown"),
        (lambda: lp.GoOut(["7H", "7C", "7S"]), "GoOut"),
    ],
)
def test_the_cards_of_one_meld_given_as_melds_are_refused_with_how_to_write_them(
    make: Callable[[], lp.Action], name: str
) -> None:
    g = _ready_to_go_down()
    before = g.to_json()
    with pytest.raises(lp.IllegalAction) as caught:
        g.apply(make())
    said = str(caught.value)
    assert "gives one card per meld" in said
    assert f'write {name}(["7H 7C 7S", "9S 9D 9H"]) (one string or list per meld)' in said
    assert g.to_json() == before


def test_one_card_melds_given_as_lists_are_still_judged_by_the_rules() -> None:
    # The terminal, the table and saved records give melds as lists: a one-card meld there is
    # an attempt the rules judge (and a house may charge for), so records keep loading.
    assert lp.GoDown([["7H"], ["7C"]]).melds == ((lp.Card.parse("7H"),), (lp.Card.parse("7C"),))
    saved = {"type": "GoDown", "melds": [["7H"], ["7C"]]}
    assert action_to_dict(action_from_dict(saved)) == saved
    g = _ready_to_go_down()
    with pytest.raises(lp.IllegalAction, match="not a legal meld"):
        g.apply(lp.GoDown([["7H"], ["7C"]]))


def test_index_fields_say_what_they_index_and_that_they_count_from_0() -> None:
    # (the compiled engine keeps no class docstrings: make test-fast deselects this test)
    for action in (lp.LayOff, lp.SwapWild):
        doc = " ".join((action.__doc__ or "").split())
        assert "index in ``g.table``" in doc and "counted from 0" in doc
        assert "terminal" in doc  # and that the terminal counts from 1
    assert "``g.table[meld].cards``" in " ".join((lp.SwapWild.__doc__ or "").split())


def test_an_actions_words_keep_the_stored_indexes() -> None:
    # str() keeps the stored numbers, as the saved transcripts show them
    assert str(lp.SwapWild("JH", 0, 2)) == "swap the J♥ for the wild at place 2 of meld 0"
    assert str(lp.LayOff("7H", 1, "low")) == "lay off the 7♥ on meld 1 at the low end"


def test_a_meld_given_for_a_melds_number_says_to_give_its_index() -> None:
    meld = lp.Meld.build("set", lp.parse_cards("7H 7C 7S"), HOUSE)
    for make in (lambda: lp.LayOff("7D", meld), lambda: lp.SwapWild("7D", meld, 0)):
        with pytest.raises(lp.IllegalAction, match=r"its index in g\.table, counted from 0"):
            make()


def test_a_swap_at_a_place_with_no_wild_says_where_the_wild_is() -> None:
    g = lp.Game.from_deal(  # i_buy deal 2: two sets; Ada lays 8♣ 8♦ 🃏, then Ben goes down
        "i_buy",
        hands=["8C 8D JK KC KD KS 4S", "9C 9D 9S QC QD QS 8H", "3H 5S 6D 10D JS AC 6H"],
        stock="10C 5D",
        upcard="7S",
        deal=2,
        dealer=2,
    )
    for action in (lp.DrawStock(), lp.GoDown(["8C 8D JK", "KC KD KS"]), lp.Discard("4S")):
        g.apply(action)
        while g.phase is lp.Phase.BUY:
            g.apply(lp.Pass())
    g.apply(lp.DrawStock())
    while g.phase is lp.Phase.BUY:
        g.apply(lp.Pass())
    g.apply(lp.GoDown(["9C 9D 9S", "QC QD QS"]))
    before = g.to_json()
    for swap, where in [
        (lp.SwapWild("8H", 0, 1), "meld 0 has its wild card, the 🃏, at index 2"),
        (lp.SwapWild("8H", 0, 7), "meld 0 has its wild card, the 🃏, at index 2"),
        (lp.SwapWild("8H", 1, 2), "meld 1 holds no wild card"),
    ]:
        with pytest.raises(lp.IllegalAction) as caught:
            g.apply(swap)
        assert str(caught.value) == (
            f"There is no wild card at that place in the meld: {where} (melds and places "
            "count from 0)."
        )
        assert g.to_json() == before
    g.apply(lp.SwapWild("8H", 0, 2))  # where the message said
    assert lp.format_cards(g.table[0].cards) == "8♣ 8♦ 8♥"
