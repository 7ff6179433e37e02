"""contract_distance and analyze_hand: how far a hand is from the contract, and why.

The partial melds chosen for known hands are pinned: bots decide with them (what to keep, what
to discard), so a change in which partial melds the search returns changes how bots play.
Then properties on random hands: a distance of 0 means the hand can go down (the distance is
a quick estimate, so a hand that can go down may still read 1), the partial melds use only the
hand's own cards, and the distance is what they still miss.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import liverpool as lp
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
