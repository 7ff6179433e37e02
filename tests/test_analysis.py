"""contract_distance and analyze_hand: how far a hand is from the contract, and why.

The partial melds chosen for known hands are pinned: bots decide with them (what to keep, what
to discard), so a change in which partial melds the search returns changes how bots play.
Then properties on random hands: a distance of 0 means the hand can go down (the distance is
a quick estimate, so a hand that can go down may still read 1), the partial melds use only the
hand's own cards, and the distance is what they still miss.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest

import liverpool as lp
from liverpool import analysis
from liverpool.analysis import analyze_hand, contract_distance, hand_progress, unseen_counts

KNOWN = [
    ("house", 1, "7H 7C 7S 9D 9H 9S 2C 4D 5S KH QD", 0,
     ["set: 7♠ 7♥ 7♣ (complete)", "set: 9♠ 9♥ 9♦ (complete)"]),
    ("house", 1, "7H 7C 9D 9H 2C 4D 5S KH QD JS 3C", 2,
     ["set: 7♥ 7♣ + 1 more", "set: 9♥ 9♦ + 1 more"]),
    ("house", 2, "5H 6H 7H 8H QS QD JK 2C 4D KH 3S", 0,
     ["set: Q♠ Q♦ (1 wild) (complete)", "run: 5♥ 6♥ 7♥ 8♥ (complete)"]),
    ("house", 3, "5H 6H 8H 9S 10S JS 2C 4D KH 3S QD", 2,
     ["run: 5♥ 6♥ 8♥ + 1 more", "run: 9♠ 10♠ J♠ + 1 more"]),
    ("classic", 4, "7H 7C 2S 9D 9H KS KC 4D 5S AH QD 3C", 2,
     ["set: 7♥ 7♣ (1 wild) (complete)", "set: 9♥ 9♦ + 1 more", "set: K♠ K♣ + 1 more"]),
    ("classic", 7, "AH 2H 3H 4H 5H 6H 8H 9H JH QH KH 2C 4D", 1,
     ["run: A♥ 3♥ 4♥ 5♥ 6♥ 8♥ 9♥ J♥ Q♥ K♥ (2 wilds) + 1 more"]),
    ("florida", 5, "4S 5S 6S 7S JK 10C 10H 3D 8H KC QD", 3,
     ["set: 10♥ 10♣ (1 wild) (complete)", "run: 4♠ 5♠ 6♠ 7♠ + 3 more"]),
    ("i_buy", 5, "9H 9C 9S 2D JK 4H 5C KS QD 3C", 0,
     ["set: 9♠ 9♥ 9♣ (2 wilds) (complete)"]),
    # A set of 4 from one natural and two wilds: one more natural would make it legal, but the
    # search lets only as many wilds in as naturals held (WildLimit.wild_room), so it reads 2.
    ("i_buy", 3, "7H JK JK 4C 9D KS QD 5S 10H 3C", 2, ["set: 3♣ (1 wild) + 2 more"]),
    ("i_buy", 3, "7H 7C JK JK 4C 9D KS QD 5S 10H", 0, ["set: 7♥ 7♣ (2 wilds) (complete)"]),
    ("me", 7, "AS KS QS JS 9D 10D JK 4C 5C 6C 2H 3H", 2,
     ["run: J♠ Q♠ K♠ A♠ (complete)", "run: 4♣ 5♣ 6♣ (1 wild) (complete)",
      "run: 2♥ 3♥ + 2 more"]),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "deal", "text", "distance", "partial"), KNOWN)
def test_known_hands(preset: str, deal: int, text: str, distance: int, partial: list[str]) -> None:
    rules = lp.PRESETS[preset]
    hand = lp.parse_cards(text)
    assert contract_distance(hand, rules, deal) == distance
    found = analyze_hand(hand, rules, deal, exact_outs=False)
    assert found.missing == distance
    assert [p.describe() for p in found.partial] == partial


# The wild limits no preset plays (a run needing two naturals, a run whose wilds may not
# outnumber its naturals, sets and runs limited alike), with wild twos and aces high only.
LIMIT_VARIANTS = {
    f"{s.value}/{r.value}": lp.PRESETS["house"].replace(
        set_wilds=s, run_wilds=r, wild_ranks=frozenset({lp.Rank.TWO}), aces=lp.AceMode.HIGH_ONLY
    )
    for s, r in [
        (lp.WildLimit.NOT_MAJORITY, lp.WildLimit.TWO_NATURALS),
        (lp.WildLimit.TWO_NATURALS, lp.WildLimit.NOT_MAJORITY),
        (lp.WildLimit.NOT_MAJORITY, lp.WildLimit.NOT_ADJACENT),
        (lp.WildLimit.NOT_MAJORITY, lp.WildLimit.ONE_PER_FOUR),
    ]
}


@pytest.mark.parametrize("preset", [*lp.preset_names(), *LIMIT_VARIANTS])
def test_random_hands(preset: str) -> None:
    rules = lp.PRESETS.get(preset) or LIMIT_VARIANTS[preset]
    rng = random.Random(preset)
    shoe = rules.build_shoe(min(8, rules.max_players))
    for _ in range(60):
        deal = rng.randint(1, rules.deals)
        hand = rng.sample(shoe, rng.randint(1, 30))
        found = analyze_hand(hand, rules, deal, exact_outs=False)
        distance = contract_distance(hand, rules, deal)
        if distance == 0:  # never claimed unless the hand can go down
            assert lp.find_going_down(hand, rules, deal, extend=False) is not None
        assert (found.missing == 0) == (found.going_down is not None)
        if found.going_down is None:
            assert found.missing == distance == max(1, sum(p.missing for p in found.partial))
        used = Counter(c for p in found.partial for c in p.cards)
        assert not used - Counter(hand)
        assert sum(p.wilds for p in found.partial) <= sum(rules.is_wild(c) for c in hand)


@pytest.mark.parametrize("preset", lp.preset_names())
def test_hand_progress_is_the_analysis_without_the_table(preset: str) -> None:
    """The quick bots' ``hand_progress`` says what ``analyze_hand`` says of the same hand."""
    rules = lp.PRESETS[preset]
    rng = random.Random(f"progress:{preset}")
    shoe = rules.build_shoe(rules.max_players)
    for _ in range(40):
        deal = rng.randint(1, rules.deals)
        hand = rng.sample(shoe, rng.randint(1, 24))
        progress = hand_progress(hand, rules, deal)
        full = analyze_hand(hand, rules, deal, exact_outs=False)
        assert progress.missing == full.missing
        assert progress.partial == full.partial
        assert progress.going_down == full.going_down
        assert progress.dead_weight == full.dead_weight
        unseen = unseen_counts(hand, rules, rules.min_players)
        assert {c for c, _ in full.outs} == {c for c in progress.wanted if unseen[c] > 0}


def test_unseen_counts_are_fresh_each_time() -> None:
    """The shoe's counts are built once, but a caller that changes its answer changes nothing
    for the next caller."""
    rules = lp.PRESETS["house"]
    first = unseen_counts(lp.parse_cards("7H 7H"), rules, 4)
    assert first[lp.Card.parse("7H")] == 0
    first.clear()
    again = unseen_counts(lp.parse_cards("7H"), rules, 4)
    assert again[lp.Card.parse("7H")] == 1
    assert again[lp.Card.parse("8H")] == 2
    assert sum(again.values()) == len(rules.build_shoe(4)) - 1


def test_the_summary_says_how_many_outs_it_leaves_unnamed() -> None:
    """The summary names six outs and counts the rest, rather than cutting the list silently."""
    far = analyze_hand(lp.parse_cards("3H 5C 7D 9S JH KC 2D 4S 6H 8C"), lp.PRESETS["house"], 4)
    assert len(far.outs) > 6
    assert far.summary().endswith(f" and {len(far.outs) - 6} more.")
    assert far.summary().startswith(f"You need {far.missing} more cards.")
    few = analyze_hand(lp.parse_cards("7H 7C 7S 9D 9S KC"), lp.PRESETS["house"], 1)
    assert 0 < len(few.outs) <= 6 and "more." not in few.summary().split("Outs:")[1]


# -- what a user exploring hands may pass -----------------------------------------------------

HOUSE = lp.PRESETS["house"]
HAND_TEXT = "7H 7C 9H 10H JH QH 3D 4C 5S KD 8S"


def test_every_analysis_function_takes_a_preset_name_and_card_text() -> None:
    """A preset's name and card text give the same answers as a Rules value and cards (as
    ``check_set`` and ``find_going_down`` already allowed)."""
    cards = lp.parse_cards(HAND_TEXT)
    assert contract_distance(HAND_TEXT, "house", 2) == contract_distance(cards, HOUSE, 2)
    assert contract_distance("7H 7C 9H", HOUSE, 1) == contract_distance(
        lp.parse_cards("7H 7C 9H"), HOUSE, 1
    )
    assert contract_distance(("7H", "7C", "9H"), "house", 1) == 3  # a list of card texts
    assert hand_progress(HAND_TEXT, "house", 2) == hand_progress(cards, HOUSE, 2)
    assert unseen_counts("7H 7H", "house", 4) == unseen_counts(lp.parse_cards("7H 7H"), HOUSE, 4)
    by_text = analyze_hand(HAND_TEXT, "house", 2, seen="7S 7D")
    by_cards = analyze_hand(cards, HOUSE, 2, seen=lp.parse_cards("7S 7D"))
    assert by_text == by_cards
    assert by_text.missing == 1  # a set of sevens lacks one card; the run of hearts is done
    # "seen" as text is read as cards, not letter by letter: each 7 seen leaves one fewer.
    assert dict(by_text.outs)[lp.Card.parse("7S")] == 1


def test_lay_offs_and_swaps_take_text_and_a_preset_name() -> None:
    table = lp.find_going_down("7H 7C 7S 9D 9H 9S", HOUSE, 1)
    assert table is not None
    assert analysis.lay_off_options("7D KS", table, "house") == analysis.lay_off_options(
        lp.parse_cards("7D KS"), table, HOUSE
    )
    online = lp.PRESETS["online"]  # where a natural may take a wild's place in a run
    run = lp.Meld.build(lp.MeldKind.RUN, lp.parse_cards("5H 6H JK 8H"), online)
    swaps = analysis.swap_options("7H 9C", [run], "online")
    assert swaps == analysis.swap_options(lp.parse_cards("7H 9C"), [run], online)
    assert [(s.card, s.position, s.wild) for s in swaps] == [
        (lp.Card.parse("7H"), 2, lp.Card.parse("JK"))
    ]


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: contract_distance("7H 7X", HOUSE, 1), lp.CardParseError, "'7X'"),
        (
            lambda: contract_distance([lp.Card.parse("7H"), 7], HOUSE, 1),  # type: ignore[list-item]
            lp.CardParseError,
            "7",
        ),
        (lambda: contract_distance("7H 7C", "nope", 1), lp.RulesError, "nope"),
        (lambda: hand_progress("7H 7C", None, 1), lp.RulesError, "preset name"),  # type: ignore[arg-type]
        (lambda: analyze_hand("7H 7C", "house", 9), lp.RulesError, "deal must be 1 to 7"),
        (lambda: analyze_hand("7H", "house", 1, seen="7Z"), lp.CardParseError, "'7Z'"),
        (lambda: analyze_hand("7H", "house", 1, table="8S 8D 8C"), lp.RulesError, "list of melds"),  # type: ignore[arg-type]
        (lambda: analyze_hand("7H", "house", 1, table=["8S 8D 8C"]), lp.RulesError, "not a meld"),  # type: ignore[list-item]
    ],
)
def test_bad_input_is_refused_in_words(call: object, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=re.escape(words)):
        call()  # type: ignore[operator]


def test_the_summary_says_what_each_wild_stands_for() -> None:
    """Under online rules a 2 is wild: the summary says which card it stands for, as the melds'
    own ``describe(rules)`` does, and the analysis keeps the rules it was made under."""
    found = analyze_hand("7H 7C 2S 9H 10H JH QH 3D 4C 5S KD", "online", 2)
    assert found.rules is lp.PRESETS["online"]
    assert found.summary() == "You can go down now: set of sevens (2♠ as 7); run of ♥ 9-Q."
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.rules = HOUSE  # type: ignore[misc]
