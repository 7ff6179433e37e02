"""The presets against the tables of docs/rules.md §3: one test case per cell.

Each table below is a list of rows ``(preset, expected...)``; the comment on a row quotes the
docs/rules.md cell it checks. Cells the second table leaves empty take the ``classic`` value
for E's variants (florida, i_buy, me: E writes each against its own Liverpool) and the ``house``
value otherwise; they are marked "(classic)" or "(house)" (where the two agree, "(house)").
"""

from __future__ import annotations

import dataclasses
from itertools import product
from typing import Any

import pytest

import liverpool as lp
from liverpool import (
    AceMode,
    BuyPriority,
    GoingDown,
    GoingOut,
    LayOffTiming,
    Rules,
    RulesError,
    RummyCall,
    WildLimit,
    WildSwap,
)

PRESET_NAMES = ["house", "classic", "online", "traditional", "florida", "i_buy", "me"]


def R(name: str) -> Rules:
    return lp.PRESETS[name]


def card(text: str) -> lp.Card:
    return lp.Card.parse(text)


def rows(*table: tuple[Any, ...]) -> list[Any]:
    """Parametrize rows, each named by its preset."""
    return [pytest.param(*row, id=row[0]) for row in table]


def test_the_seven_presets_exist_in_rule_book_order() -> None:
    assert list(lp.PRESETS) == PRESET_NAMES
    assert lp.preset_names() == PRESET_NAMES
    for name, rules in lp.PRESETS.items():
        assert isinstance(rules, Rules)
        assert rules.name == name


# -- players ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "low", "high"),
    rows(
        ("house", 3, 8),  # 3–8 ("two is not this game")
        ("classic", 3, 8),  # 3–8 (silent)
        ("online", 2, 6),  # 2–6
        ("traditional", 3, 8),  # 3–8 (max silent)
        ("florida", 3, 8),  # (house)
        ("i_buy", 3, 8),  # (house)
        ("me", 3, 8),  # (house)
    ),
)
def test_players(preset: str, low: int, high: int) -> None:
    rules = R(preset)
    assert (rules.min_players, rules.max_players) == (low, high)
    for n in range(low, high + 1):
        rules.check_players(n)
    for n in (low - 1, high + 1):
        with pytest.raises(RulesError):
            rules.check_players(n)


# -- decks -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "shoe"),
    rows(
        # (from this many players, decks of 52, jokers)
        ("house", [(3, 2, 4), (6, 3, 4)]),  # 2×52 + 4 jokers; 3×52 + 4 jokers at 6+
        ("classic", [(3, 2, 0), (6, 3, 0)]),  # 2×52 (no jokers); 3×52 at 6+
        ("online", [(2, 2, 4), (5, 3, 6)]),  # 2×52 + 4 jokers; 3×52 + 6 jokers at 5+ (silent)
        ("traditional", [(3, 2, 4), (5, 3, 6)]),  # 2×52 + 4 jokers at 3–4; 3×52 + 6 at 5+
        ("florida", [(3, 2, 4), (5, 3, 6)]),  # 54-card decks: 2 at ≤4, 3 at 5+
        ("i_buy", [(3, 2, 4), (5, 3, 6)]),  # 2 or 3 54-card decks (3 at 5+)
        ("me", [(3, 2, 4), (5, 3, 6)]),  # 54-card decks, as Florida (silent)
    ),
)
def test_decks(preset: str, shoe: list[tuple[int, int, int]]) -> None:
    assert [(s.min_players, s.decks, s.jokers) for s in R(preset).shoe] == shoe


# -- wild cards ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "twos_wild"),
    rows(
        ("house", False),  # jokers
        ("classic", True),  # 2s (there are no jokers in the shoe)
        ("online", True),  # jokers and 2s
        ("traditional", False),  # jokers
        ("florida", True),  # jokers and 2s
        ("i_buy", True),  # jokers and 2s
        ("me", False),  # jokers
    ),
)
def test_wild_cards(preset: str, twos_wild: bool) -> None:
    rules = R(preset)
    assert rules.wild_ranks == (frozenset({lp.Rank.TWO}) if twos_wild else frozenset())
    assert rules.is_wild(card("JK"))
    for two in ("2S", "2H", "2D", "2C"):
        assert rules.is_wild(card(two)) is twos_wild
    for natural in ("AS", "3H", "7D", "10C", "KS"):
        assert not rules.is_wild(card(natural))


# -- cards dealt -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "dealt"),
    rows(
        ("house", [10] * 7),  # 10 ×7
        ("classic", [10] * 7),  # 10 ×7 (12 in the "Peruvian" variant)
        ("online", [10, 10, 10, 10, 12, 12, 12]),  # deal 7 = 12 stated; rest as T
        ("traditional", [10, 10, 10, 10, 12, 12, 12]),  # 10,10,10,10,12,12,12
        ("florida", [11] * 10),  # 11 every deal
        ("i_buy", [6, 7, 8, 9, 10, 11, 12, 13]),  # 6,7,8,...,13 (8 deals)
        ("me", [12] * 7),  # 12 every deal
    ),
)
def test_cards_dealt(preset: str, dealt: list[int]) -> None:
    rules = R(preset)
    assert rules.deals == len(dealt)
    assert [rules.cards_dealt(d) for d in range(1, rules.deals + 1)] == dealt
    assert [rules.contract(d).cards_dealt for d in range(1, rules.deals + 1)] == dealt


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_peruvian_deals_twelve_in_every_deal(preset: str) -> None:
    rules = R(preset).replace(peruvian=True)
    assert rules.peruvian is True
    assert [rules.cards_dealt(d) for d in range(1, rules.deals + 1)] == [12] * rules.deals


def test_a_shoe_too_small_to_deal_every_hand_and_an_upcard_is_refused() -> None:
    # one deck and two jokers: 54 cards; 5 x 10 + 1 = 51 fit, 5 x 12 + 1 (Peruvian) do not
    small = R("house").replace(max_players=5, shoe=(lp.ShoeSize(3, 1, 2),))
    assert small.cut_target(5, 1) == 51
    with pytest.raises(RulesError, match="cannot deal 12 cards to 5 players and turn an upcard"):
        small.replace(peruvian=True)
    with pytest.raises(RulesError, match="cannot deal 10 cards to 6 players and turn an upcard"):
        small.replace(max_players=6)


# -- contracts -------------------------------------------------------------------------------

STANDARD_7 = [
    "Deal 1: 2 sets",
    "Deal 2: 1 set + 1 run",
    "Deal 3: 2 runs",
    "Deal 4: 3 sets",
    "Deal 5: 2 sets + 1 run",
    "Deal 6: 1 set + 2 runs",
    "Deal 7: 3 runs",
]


@pytest.mark.parametrize(
    ("preset", "contracts"),
    rows(
        ("house", STANDARD_7),  # standard 7
        # E's 7: the standard 1–4; 5) 2 sets + 1 run; 6) 1 set + 2 runs; 7) one 13-card run
        ("classic", [*STANDARD_7[:6], "Deal 7: 1 run of 13"]),
        ("online", STANDARD_7),  # standard 7
        ("traditional", [*STANDARD_7[:6], "Deal 7: 1 run of 7"]),  # T's 7: 7) one run of 7+
        (
            "florida",
            [
                "Deal 1: 2 sets",  # 2 sets of 3
                "Deal 2: 1 set + 1 run",  # set of 3 + run of 4
                "Deal 3: 2 runs",  # 2 runs of 4
                "Deal 4: 3 sets",  # 3 sets of 3
                "Deal 5: 1 set of 3 + 1 run of 7",
                "Deal 6: 2 sets of 3 + 1 run of 5",
                "Deal 7: 3 runs",  # 3 runs of 4
                "Deal 8: 1 set of 3 + 1 run of 10",
                "Deal 9: 3 sets of 3 + 1 run of 5",
                "Deal 10: 3 runs of 5",
            ],
        ),
        (
            "i_buy",
            [
                "Deal 1: 1 set",  # set of 3
                "Deal 2: 2 sets",  # 2 sets of 3
                "Deal 3: 1 set of 4",
                "Deal 4: 2 sets of 4",
                "Deal 5: 1 set of 5",
                "Deal 6: 2 sets of 5",
                "Deal 7: 1 set of 6",
                "Deal 8: 2 sets of 6",
            ],
        ),
        ("me", STANDARD_7),  # standard 7; deal 7 = 3 runs
    ),
)
def test_contracts(preset: str, contracts: list[str]) -> None:
    rules = R(preset)
    assert [str(rules.contract(d)) for d in range(1, rules.deals + 1)] == contracts


GOES_OUT = {
    lp.GoingOut.DISCARD_OR_MELD: "go out by discarding or playing the last card",
    lp.GoingOut.DISCARD: "go out only by discarding the last card",
    lp.GoingOut.NO_DISCARD: "no discard to go out: the last card must be played onto the table",
}
WHOLE_HAND = {
    lp.GoingDown.WHOLE_HAND_BUT_ONE: "with the whole hand but one card, discarded at once",
    lp.GoingDown.WHOLE_HAND: "with the whole hand, no discard",
}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_rule_words_say_how_every_deal_is_gone_out_of(preset: str) -> None:
    rules = R(preset)
    words = rules.describe()["contracts"]
    for deal in range(1, rules.deals + 1):
        contract = rules.contract(deal)
        said = WHOLE_HAND.get(contract.going_down, GOES_OUT[contract.going_out])
        assert f"{contract} ({contract.cards_dealt} cards dealt; {said}" in words
        # the card table's line under the contract names only the unusual going-out rules
        assert GOES_OUT[lp.GoingOut.DISCARD_OR_MELD] not in contract.describe()


def test_the_card_tables_contract_line_keeps_to_the_unusual_going_out_rules() -> None:
    house = R("house")
    assert house.contract(1).describe() == "Deal 1: 2 sets (10 cards dealt)"
    assert house.contract(7).describe() == (
        "Deal 7: 3 runs (10 cards dealt; no discard to go out: the last card must be played "
        "onto the table)"
    )
    online_7 = R("online").contract(7).describe()
    assert (
        online_7
        == "Deal 7: 3 runs (12 cards dealt; or out with the whole hand at any time in your turn)"
    )


@pytest.mark.parametrize(
    ("preset", "deal", "requirements"),
    [
        pytest.param("house", 1, [("set", 3), ("set", 3)], id="house-1"),
        pytest.param("house", 7, [("run", 4)] * 3, id="house-7"),
        pytest.param("classic", 7, [("run", 13)], id="classic-7"),
        pytest.param("traditional", 7, [("run", 7)], id="traditional-7"),
        pytest.param("florida", 8, [("set", 3), ("run", 10)], id="florida-8"),
        pytest.param("florida", 9, [("set", 3)] * 3 + [("run", 5)], id="florida-9"),
        pytest.param("i_buy", 8, [("set", 6)] * 2, id="i_buy-8"),
    ],
)
def test_contract_requirements(preset: str, deal: int, requirements: list[Any]) -> None:
    contract = R(preset).contract(deal)
    got = sorted((str(r.kind), r.min_length) for r in contract.requirements)
    assert got == sorted(requirements)
    assert contract.min_cards == sum(n for _, n in requirements)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_contract_of_a_deal_outside_the_match_is_refused(preset: str) -> None:
    rules = R(preset)
    for deal in (0, rules.deals + 1):
        with pytest.raises(RulesError, match=f"1 to {rules.deals}"):
            rules.contract(deal)


# -- going down and going out, per deal --------------------------------------------------------

N, BUT_ONE, WHOLE, ANY_TIME = (
    GoingDown.NORMAL,
    GoingDown.WHOLE_HAND_BUT_ONE,
    GoingDown.WHOLE_HAND,
    GoingDown.WHOLE_HAND_ANY_TIME,
)
D_OR_M, DISCARD, NO_DISCARD = GoingOut.DISCARD_OR_MELD, GoingOut.DISCARD, GoingOut.NO_DISCARD


@pytest.mark.parametrize(
    ("preset", "going_down", "going_out", "floating"),
    rows(
        # discard or meld the last card; deal 7: no discard, last card must be laid off
        ("house", [N] * 7, [D_OR_M] * 6 + [NO_DISCARD], False),
        # discard or meld the last card; deal 5 the contract plus one discard (whole hand but
        # one), deals 6–7 the whole hand, no discard
        ("classic", [N] * 4 + [BUT_ONE, WHOLE, WHOLE], [D_OR_M] * 4 + [DISCARD] + [NO_DISCARD] * 2,
         False),
        # by discard or lay-off; deal 7: if the whole hand forms 3 runs, out any time, no discard
        ("online", [N] * 6 + [ANY_TIME], [D_OR_M] * 7, False),
        # must discard to go out; empty hand without discard = floating
        ("traditional", [N] * 7, [DISCARD] * 7, True),
        # discard the last card; floating as T
        ("florida", [N] * 10, [DISCARD] * 10, True),
        # discard or meld the last card (as classic)
        ("i_buy", [N] * 8, [D_OR_M] * 8, False),
        # discard or meld the last card (as classic); deal 7 whole hand, no discard
        ("me", [N] * 6 + [WHOLE], [D_OR_M] * 6 + [NO_DISCARD], False),
    ),
)  # fmt: skip
def test_going_down_and_going_out(
    preset: str, going_down: list[GoingDown], going_out: list[GoingOut], floating: bool
) -> None:
    rules = R(preset)
    deals = range(1, rules.deals + 1)
    assert [rules.contract(d).going_down for d in deals] == going_down
    assert [rules.contract(d).going_out for d in deals] == going_out
    assert rules.floating is floating


def test_cards_left_by_whole_hand_rules() -> None:
    assert GoingDown.NORMAL.cards_left is None
    assert GoingDown.WHOLE_HAND_BUT_ONE.cards_left == 1
    assert GoingDown.WHOLE_HAND.cards_left == 0
    assert GoingDown.WHOLE_HAND_ANY_TIME.cards_left is None


# -- wild limits -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "limit"),
    rows(
        ("house", WildLimit.ONE_NATURAL),  # ≥1 natural ("may not be all jokers")
        ("classic", WildLimit.TWO_NATURALS),  # ≥2 naturals
        ("online", WildLimit.TWO_NATURALS),  # ≥2 naturals
        ("traditional", WildLimit.TWO_NATURALS),  # ≥2 naturals
        ("florida", WildLimit.ONE_NATURAL),  # none beyond ≥1 natural
        ("i_buy", WildLimit.NOT_MAJORITY),  # wilds may not outnumber naturals in a set
        ("me", WildLimit.ONE_NATURAL),  # none beyond ≥1 natural
    ),
)
def test_set_wild_limit(preset: str, limit: WildLimit) -> None:
    assert R(preset).set_wilds is limit


@pytest.mark.parametrize(
    ("preset", "limit"),
    rows(
        ("house", WildLimit.ONE_NATURAL),  # ≥1 natural (silent)
        ("classic", WildLimit.ONE_PER_FOUR),  # every 4 consecutive cards hold ≤1 wild
        ("online", WildLimit.NOT_ADJACENT),  # no two wilds side by side
        ("traditional", WildLimit.ONE_PER_FOUR),  # every 4 consecutive cards hold ≤1 wild
        ("florida", WildLimit.ONE_NATURAL),  # none beyond ≥1 natural
        ("i_buy", WildLimit.ONE_NATURAL),  # (only sets are limited; runs: house)
        ("me", WildLimit.ONE_NATURAL),  # none beyond ≥1 natural
    ),
)
def test_run_wild_limit(preset: str, limit: WildLimit) -> None:
    assert R(preset).run_wilds is limit


# Each limit is written once, as WildLimit.fewest_naturals and WildLimit.spacing; the meld checks
# and both searches ask only the predicates and numbers below. Hand-written cases for each.

ONE, TWO, FOUR, APART, MAJORITY = (
    WildLimit.ONE_NATURAL,
    WildLimit.TWO_NATURALS,
    WildLimit.ONE_PER_FOUR,
    WildLimit.NOT_ADJACENT,
    WildLimit.NOT_MAJORITY,
)


@pytest.mark.parametrize(
    ("limit", "wilds", "fewest"),
    [
        (ONE, 0, 1),
        (ONE, 5, 1),
        (TWO, 0, 2),
        (TWO, 5, 2),
        (MAJORITY, 0, 1),
        (MAJORITY, 1, 1),
        (MAJORITY, 2, 2),
        (MAJORITY, 5, 5),
        (FOUR, 3, 1),  # the placing limits count only the natural every meld needs
        (APART, 3, 1),
    ],
)
def test_fewest_naturals(limit: WildLimit, wilds: int, fewest: int) -> None:
    assert limit.fewest_naturals(wilds) == fewest


def test_fewest_naturals_never_falls_as_wilds_grow() -> None:
    # the searches stop counting wilds up at the first number refused
    for limit in WildLimit:
        fewest = [limit.fewest_naturals(w) for w in range(20)]
        assert fewest == sorted(fewest)


def test_spacing() -> None:
    assert {limit: limit.spacing for limit in WildLimit} == {
        ONE: 1,
        TWO: 1,
        FOUR: 4,
        APART: 2,
        MAJORITY: 1,
    }


@pytest.mark.parametrize(
    ("limit", "naturals", "wilds", "allowed"),
    [
        (ONE, 1, 5, True),  # "may not be all jokers" is the only limit
        (ONE, 0, 3, False),
        (ONE, 3, 0, True),
        (TWO, 1, 2, False),  # E: "Illegal Example: 2 2♣ 3♣"
        (TWO, 2, 1, True),  # E: "Legal Example: 7 7♣ 2♠"
        (TWO, 2, 4, True),
        (MAJORITY, 1, 2, False),  # E: wilds "cannot be the majority"
        (MAJORITY, 2, 2, True),  # as many wilds as naturals is no majority
        (MAJORITY, 2, 3, False),
        (MAJORITY, 3, 1, True),
        (MAJORITY, 0, 0, False),
    ],
)
def test_allows_set(limit: WildLimit, naturals: int, wilds: int, allowed: bool) -> None:
    assert limit.allows_set(naturals, wilds) is allowed


def _flags(layout: str) -> list[bool]:
    """``'*..*'``: a wild at each star, a natural at each dot, lowest first."""
    return [c == "*" for c in layout]


@pytest.mark.parametrize(
    ("limit", "layout", "allowed"),
    [
        (ONE, "***.**", True),  # E (Florida): "any number of wild cards"
        (ONE, "****", False),  # a natural fixes the suit
        (TWO, "*.*.", True),
        (TWO, "**.*", False),
        (MAJORITY, "*..*", True),
        (MAJORITY, "*.**", False),
        (APART, "*..*", True),  # A: "wild-9-10-wild is a legal run"
        (APART, "..**", False),  # A: "9-10-wild-wild is not"
        (APART, "*.*.*", True),
        (APART, "****", False),
        (FOUR, "..*.", True),  # E: "7 8 2♣ 10"
        (FOUR, "..**.", False),  # E: "Illegal Example: 7 8 2♣ 2 J"
        (FOUR, "*...*", True),  # T: each four in a row holds one wild
        (FOUR, "*..*", False),  # T: "JK 8 9 JK"
        (FOUR, "*...*...*", True),
        (FOUR, "*...*..*.", False),
        (FOUR, "....", True),
    ],
)
def test_allows_run(limit: WildLimit, layout: str, allowed: bool) -> None:
    assert limit.allows_run(_flags(layout)) is allowed


def test_a_run_counts_as_a_set_does() -> None:
    # a run feels a counting limit as a set does, wherever its wilds sit; a placing limit
    # only refuses more
    for limit in WildLimit:
        for length in range(1, 9):
            for flags in product([False, True], repeat=length):
                counted = limit.allows_set(length - sum(flags), sum(flags))
                if limit.spacing == 1:
                    assert limit.allows_run(flags) is counted
                else:
                    assert limit.allows_run(flags) <= counted


@pytest.mark.parametrize(
    ("limit", "lengths"),
    [
        (ONE, {3: 2, 4: 3, 7: 6}),
        (TWO, {3: 1, 4: 2, 7: 5}),
        (MAJORITY, {3: 1, 4: 2, 5: 2, 6: 3}),
        (FOUR, {4: 1, 5: 2, 8: 2, 9: 3, 13: 4}),
        (APART, {4: 2, 5: 3, 8: 4, 13: 7}),
    ],
)
def test_most_wilds(limit: WildLimit, lengths: dict[int, int]) -> None:
    for length, most in lengths.items():
        assert limit.most_wilds(length) == most


@pytest.mark.parametrize("limit", list(WildLimit))
def test_most_wilds_is_the_most_any_legal_run_holds(limit: WildLimit) -> None:
    for length in range(1, 11):
        best = max(
            (sum(flags) for flags in product([False, True], repeat=length)
             if limit.allows_run(flags)),
            default=0,
        )  # fmt: skip
        assert limit.most_wilds(length) == best, length


@pytest.mark.parametrize(
    ("limit", "length", "naturals", "room"),
    [
        (ONE, 4, 1, 3),
        (ONE, 4, 3, 1),
        (TWO, 3, 1, 1),  # one more natural will come: one place is left to a wild
        (TWO, 4, 2, 2),
        (FOUR, 4, 1, 1),
        (FOUR, 8, 2, 2),
        (APART, 5, 2, 3),
        (MAJORITY, 3, 1, 1),
        (MAJORITY, 4, 2, 2),
        # the cautious reading: only the one natural held counts against the wilds (a legal
        # set of 4 holds two wilds, but the distance search lets one in)
        (MAJORITY, 4, 1, 1),
        (MAJORITY, 6, 2, 2),
    ],
)
def test_wild_room(limit: WildLimit, length: int, naturals: int, room: int) -> None:
    assert limit.wild_room(length, naturals) == room


def test_wild_room_never_passes_the_places_left_or_the_most_a_meld_holds() -> None:
    for limit in WildLimit:
        for length in range(3, 14):
            for naturals in range(1, length + 1):
                room = limit.wild_room(length, naturals)
                assert 0 <= room <= min(length - naturals, limit.most_wilds(length))


# -- aces ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "aces"),
    rows(
        ("house", AceMode.LOW_OR_HIGH),  # §1: low or high, never wraps
        ("classic", AceMode.LOW_OR_HIGH),  # "Aces can be low or high"
        ("online", AceMode.LOW_OR_HIGH),  # "Aces play high or low, never wrap"
        ("traditional", AceMode.LOW_OR_HIGH),  # high or low, no turning the corner
        ("florida", AceMode.LOW_OR_HIGH),  # high or low
        ("i_buy", AceMode.LOW_OR_HIGH),  # high or low
        ("me", AceMode.HIGH_ONLY),  # high only
    ),
)
def test_aces(preset: str, aces: AceMode) -> None:
    assert R(preset).aces is aces


# -- laying off ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "timing", "floaters"),
    rows(
        ("house", LayOffTiming.SAME_TURN, True),  # from going-down turn on
        ("classic", LayOffTiming.SAME_TURN, True),  # once down
        ("online", LayOffTiming.NEXT_TURN, True),  # from the turn after going down
        ("traditional", LayOffTiming.SAME_TURN, True),  # once down; floaters too
        ("florida", LayOffTiming.SAME_TURN, True),  # (house)
        ("i_buy", LayOffTiming.SAME_TURN, True),  # (house)
        ("me", LayOffTiming.SAME_TURN, True),  # (house)
    ),
)
def test_lay_off(preset: str, timing: LayOffTiming, floaters: bool) -> None:
    rules = R(preset)
    assert rules.lay_off is timing
    assert rules.floaters_lay_off is floaters


# -- wild swap -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "swap", "kinds"),
    rows(
        ("house", WildSwap.NONE, set()),  # none (silent)
        # when laying off, replace a 2 in a run with the natural; freed 2 melded again
        ("classic", WildSwap.RUN_REMELD, {"run"}),
        # from the turn after going down: the wild goes to your hand; sets and runs
        ("online", WildSwap.TO_HAND, {"set", "run"}),
        # only on the turn you go down; runs; the freed joker melded again that turn
        ("traditional", WildSwap.GOING_DOWN_TURN_REMELD, {"run"}),
        ("florida", WildSwap.NONE, set()),  # none
        # lay a natural on a set holding a wild, take it only to meld it in a set of your own
        ("i_buy", WildSwap.SET_OWN_SET, {"set"}),
        ("me", WildSwap.NONE, set()),  # none
    ),
)
def test_wild_swap(preset: str, swap: WildSwap, kinds: set[str]) -> None:
    rules = R(preset)
    assert rules.wild_swap is swap
    assert {str(k) for k in rules.wild_swap.kinds} == kinds


def test_wild_swap_mode_details() -> None:
    assert WildSwap.TO_HAND.freed_wild_to_hand
    assert not WildSwap.RUN_REMELD.freed_wild_to_hand
    assert not WildSwap.GOING_DOWN_TURN_REMELD.freed_wild_to_hand
    assert WildSwap.SET_OWN_SET.freed_wild_own_set_only
    assert not WildSwap.TO_HAND.freed_wild_own_set_only


# -- buying ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "down_may_buy"),
    rows(
        ("house", True),  # anyone but the discarder; next player first (as the draw)
        ("classic", True),  # same
        ("online", False),  # anyone except discarder, next player, and players already down
        ("traditional", True),  # same as house
        ("florida", True),  # (house)
        ("i_buy", True),  # (house)
        ("me", True),  # (house)
    ),
)
def test_who_may_buy(preset: str, down_may_buy: bool) -> None:
    rules = R(preset)
    assert rules.buying is True
    assert rules.down_players_may_buy is down_may_buy


@pytest.mark.parametrize(
    ("preset", "priority"),
    rows(
        ("house", BuyPriority.CLOCKWISE),  # clockwise from the next player
        ("classic", BuyPriority.CLOCKWISE),  # "nearest to the player about to draw"
        ("online", BuyPriority.CLOCKWISE),  # turn order from the next player
        ("traditional", BuyPriority.FIRST_TO_CALL),  # first to call; option: clockwise
        ("florida", BuyPriority.CLOCKWISE),  # (house)
        ("i_buy", BuyPriority.CLOCKWISE),  # closest clockwise to the discarder first
        ("me", BuyPriority.FIRST_TO_CALL),  # first to call "me" wins (no seat priority)
    ),
)
def test_buy_priority(preset: str, priority: BuyPriority) -> None:
    assert R(preset).buy_priority is priority


@pytest.mark.parametrize(
    ("preset", "penalty", "coins"),
    rows(
        ("house", 1, None),  # discard + 1 stock card
        ("classic", 1, None),  # discard + 1 stock card
        ("online", 1, None),  # discard + 1 stock card
        ("traditional", 1, None),  # discard + 1 stock card
        ("florida", 1, None),  # top card only, + 1 stock card
        ("i_buy", 1, 10),  # 10 coins for the match; a buy costs 1 coin + 1 stock card
        ("me", 1, None),  # + 1 stock card
    ),
)
def test_buy_price(preset: str, penalty: int, coins: int | None) -> None:
    rules = R(preset)
    assert rules.buy_penalty_cards == penalty
    assert rules.buy_coins == coins


@pytest.mark.parametrize(
    ("preset", "limits"),
    rows(
        ("house", {n: None for n in range(3, 9)}),  # none (silent)
        ("classic", {n: None for n in range(3, 9)}),  # none
        # per match per player: 3 (2 players), 2 (3–4), 1 (5–6)
        ("online", {2: 3, 3: 2, 4: 2, 5: 1, 6: 1}),
        ("traditional", {n: None for n in range(3, 9)}),  # none
        ("florida", {n: None for n in range(3, 9)}),  # (house)
        ("i_buy", {n: None for n in range(3, 9)}),  # limited by coins instead
        ("me", {n: None for n in range(3, 9)}),  # (house)
    ),
)
def test_buy_limit(preset: str, limits: dict[int, int | None]) -> None:
    rules = R(preset)
    assert {n: rules.buy_limit(n) for n in limits} == limits
    assert rules.max_buys_per_deal is None  # "off in every preset"


@pytest.mark.parametrize(
    ("preset", "extra"),
    rows(
        ("house", 0),  # normal
        ("classic", 0),  # normal
        ("online", 0),  # normal
        ("traditional", 0),  # normal
        ("florida", 0),  # normal
        ("i_buy", 2),  # drawing the discard costs 2 extra stock cards
        ("me", 0),  # normal
    ),
)
def test_discard_draw_penalty(preset: str, extra: int) -> None:
    assert R(preset).discard_draw_penalty == extra


# -- keeping a card --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "keep"),
    rows(
        ("house", False),  # no
        ("classic", False),  # no (deals 1–4)
        ("online", True),  # yes (except deal-7 3-runs)
        ("traditional", False),  # no
        ("florida", False),  # (house)
        ("i_buy", False),  # (house)
        ("me", False),  # (house)
    ),
)
def test_must_keep_card(preset: str, keep: bool) -> None:
    assert R(preset).must_keep_card is keep


# -- calls, penalties and bonuses --------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "call"),
    rows(
        ("house", RummyCall.NONE),  # none
        # yes: any other player; each other player gives the offender one card of their choice
        ("classic", RummyCall.OTHERS_GIVE_CARD),
        ("online", RummyCall.NONE),  # none
        ("traditional", RummyCall.TAKE_BACK_PENALTY),  # offender takes discard back + 1 card
        ("florida", RummyCall.OTHERS_GIVE_CARD),  # (classic)
        ("i_buy", RummyCall.OTHERS_GIVE_CARD),  # (classic)
        ("me", RummyCall.OTHERS_GIVE_CARD),  # (classic)
    ),
)
def test_rummy_call(preset: str, call: RummyCall) -> None:
    rules = R(preset)
    assert rules.rummy_call is call
    assert rules.liverpool_call is False  # an option any preset may switch on, off by default


@pytest.mark.parametrize(
    ("preset", "penalty"),
    rows(
        ("house", 0),  # —
        ("classic", 0),  # —
        ("online", 0),  # —
        ("traditional", 50),  # +50 points to the player
        ("florida", 0),  # (classic)
        ("i_buy", 0),  # (classic)
        ("me", 0),  # (classic)
    ),
)
def test_failed_going_down_penalty(preset: str, penalty: int) -> None:
    assert R(preset).failed_going_down_penalty == penalty


@pytest.mark.parametrize(
    ("preset", "bonus"),
    rows(
        ("house", 0),  # —
        ("classic", 50),  # −50 to the cutter
        ("online", 0),  # —
        ("traditional", 50),  # −50 to the cutter
        ("florida", 50),  # (classic)
        ("i_buy", 50),  # (classic)
        ("me", 50),  # (classic)
    ),
)
def test_exact_cut_bonus(preset: str, bonus: int) -> None:
    assert R(preset).exact_cut_bonus == bonus


# -- card points -----------------------------------------------------------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def points(text: str) -> dict[str, int]:
    """``"A=15 2=2 JK=20"`` as a dict."""
    return {k: int(v) for k, v in (item.split("=") for item in text.split())}


@pytest.mark.parametrize(
    ("preset", "table"),
    rows(
        # 2–9 face value, 10/J/Q/K 10, A 15, joker 20
        ("house", "A=15 2=2 3=3 4=4 5=5 6=6 7=7 8=8 9=9 10=10 J=10 Q=10 K=10 JK=20"),
        # A and 2 = 25, 3–9 = 5, 10–K = 10 (no jokers in the shoe)
        ("classic", "A=25 2=25 3=5 4=5 5=5 6=5 7=5 8=5 9=5 10=10 J=10 Q=10 K=10"),
        # A 15, 10–K 10, 3–9 5, jokers and 2s 15
        ("online", "A=15 2=15 3=5 4=5 5=5 6=5 7=5 8=5 9=5 10=10 J=10 Q=10 K=10 JK=15"),
        # 2–9 = 5, 10–K = 10, A and joker 15
        ("traditional", "A=15 2=5 3=5 4=5 5=5 6=5 7=5 8=5 9=5 10=10 J=10 Q=10 K=10 JK=15"),
        # A, 2, joker = 15; 10–K = 10; 3–9 = 5
        ("florida", "A=15 2=15 3=5 4=5 5=5 6=5 7=5 8=5 9=5 10=10 J=10 Q=10 K=10 JK=15"),
        # 2s and jokers 25; A 15; 10–K 10; others 5
        ("i_buy", "A=15 2=25 3=5 4=5 5=5 6=5 7=5 8=5 9=5 10=10 J=10 Q=10 K=10 JK=25"),
        # joker 20; A 15; J/Q/K 10; others face value
        ("me", "A=15 2=2 3=3 4=4 5=5 6=6 7=7 8=8 9=9 10=10 J=10 Q=10 K=10 JK=20"),
    ),
)
def test_card_points(preset: str, table: str) -> None:
    rules = R(preset)
    expected = points(table)
    got = {r: rules.card_points(card(r + suit)) for r in RANKS for suit in "SHDC"}
    # every suit scores alike
    assert {r: rules.card_points(card(r + "H")) for r in RANKS} == {r: expected[r] for r in RANKS}
    assert all(got[r] == expected[r] for r in RANKS)
    if "JK" in expected:
        assert rules.card_points(card("JK")) == expected["JK"]


@pytest.mark.parametrize(
    ("preset", "hand", "total"),
    [
        # H: "You still hold a king and a 7. That is 10 + 7 = 17."
        pytest.param("house", "KS 7D", 17, id="house-K7"),
        pytest.param("house", "AS 2H JK", 15 + 2 + 20, id="house-A2JK"),
        # E: "Ace and 2 are 25 points each."
        pytest.param("classic", "AS 2H", 50, id="classic-A2"),
        pytest.param("classic", "3C 9C 10D KH", 5 + 5 + 10 + 10, id="classic-low-high"),
        pytest.param("online", "AS 2H JK 5D QC", 15 + 15 + 15 + 5 + 10, id="online"),
        pytest.param("traditional", "2S 9S AH JK", 5 + 5 + 15 + 15, id="traditional"),
        pytest.param("florida", "AS 2S JK 3H", 15 + 15 + 15 + 5, id="florida"),
        pytest.param("i_buy", "2S JK AH TD 4C", 25 + 25 + 15 + 10 + 5, id="i_buy"),
        pytest.param("me", "JK AH KS 9D 2C", 20 + 15 + 10 + 9 + 2, id="me"),
        pytest.param("house", "", 0, id="empty-hand"),
    ],
)
def test_hand_points(preset: str, hand: str, total: int) -> None:
    assert lp.hand_points(lp.parse_cards(hand), R(preset)) == total


# -- timers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "buy_seconds", "idle_seconds"),
    rows(
        ("house", None, None),  # —
        ("classic", None, None),  # —
        ("online", 12, 90),  # buy decision 12 s; idle turn 90 s → auto draw + auto discard
        ("traditional", None, None),  # —
        ("florida", None, None),  # (house)
        ("i_buy", None, None),  # (house)
        ("me", None, None),  # (house)
    ),
)
def test_timers(preset: str, buy_seconds: float | None, idle_seconds: float | None) -> None:
    rules = R(preset)
    assert rules.buy_timer_seconds == buy_seconds
    assert rules.idle_turn_seconds == idle_seconds


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_max_reshuffles_defaults_to_two(preset: str) -> None:
    # §2 "Stock runs out": rebuilt max_reshuffles times (default 2), then a dead deal
    assert R(preset).max_reshuffles == 2


# -- the Rules value -------------------------------------------------------------------------


def test_default_rules_are_the_house_preset() -> None:
    assert Rules() == lp.PRESETS["house"]
    assert lp.get_rules() == lp.PRESETS["house"]
    assert lp.get_rules(None) is lp.PRESETS["house"]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_preset_lookup_by_name(preset: str) -> None:
    assert lp.get_rules(preset) is lp.PRESETS[preset]
    assert Rules.preset(preset) is lp.PRESETS[preset]


def test_get_rules_passes_a_rules_value_through() -> None:
    custom = Rules().replace(peruvian=True)
    assert lp.get_rules(custom) is custom


@pytest.mark.parametrize("lookup", [lp.get_rules, Rules.preset])
def test_unknown_preset_lists_the_valid_ones(lookup: Any) -> None:
    with pytest.raises(RulesError) as info:
        lookup("canasta")
    message = str(info.value)
    assert "'canasta'" in message
    for name in PRESET_NAMES:
        assert name in message


def test_presets_cannot_be_changed_in_place() -> None:
    with pytest.raises(TypeError):
        lp.PRESETS["house"] = Rules()  # type: ignore[index]


def test_rules_are_frozen() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.peruvian = True  # type: ignore[misc]
    assert rules.peruvian is False


def test_rules_are_hashable() -> None:
    assert hash(Rules()) == hash(lp.PRESETS["house"])
    assert len({*lp.PRESETS.values(), Rules()}) == len(PRESET_NAMES)
    assert {Rules(): "x"}[lp.PRESETS["house"]] == "x"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_preset_repr_round_trips(preset: str) -> None:
    rules = R(preset)
    assert repr(rules) == f"Rules.preset({preset!r})"
    assert eval(repr(rules), {"Rules": Rules}) == rules


@pytest.mark.parametrize(
    "changes",
    [
        {"peruvian": True},
        {"wild_swap": WildSwap.TO_HAND, "liverpool_call": True},
        {"buy_priority": BuyPriority.FIRST_TO_CALL, "max_buys_per_deal": 3},
        {"wild_ranks": frozenset({lp.Rank.TWO}), "run_wilds": WildLimit.NOT_ADJACENT},
        {"buy_timer_seconds": 20.0, "must_keep_card": True},
    ],
    ids=["peruvian", "swap", "buying", "wilds", "timer"],
)
def test_variant_repr_round_trips_with_only_rules_in_scope(changes: dict[str, Any]) -> None:
    rules = Rules().replace(**changes)
    text = repr(rules)
    assert text.startswith("Rules.preset('house').replace(")
    assert eval(text, {"Rules": Rules}) == rules


def test_variant_of_another_preset_repr_round_trips() -> None:
    rules = R("online").replace(wild_swap="none", aces="high_only")
    assert repr(rules).startswith("Rules.preset('online').replace(")
    assert eval(repr(rules), {"Rules": Rules}) == rules


# -- replace ---------------------------------------------------------------------------------


def test_replace_makes_a_new_value_and_keeps_the_old() -> None:
    house = Rules()
    changed = house.replace(peruvian=True)
    assert changed is not house
    assert changed.peruvian is True
    assert house.peruvian is False
    assert changed != house


@pytest.mark.parametrize(
    ("field", "text", "member"),
    [
        ("wild_swap", "to_hand", WildSwap.TO_HAND),
        ("set_wilds", "two_naturals", WildLimit.TWO_NATURALS),
        ("run_wilds", "not_adjacent", WildLimit.NOT_ADJACENT),
        ("aces", "high_only", AceMode.HIGH_ONLY),
        ("lay_off", "next_turn", LayOffTiming.NEXT_TURN),
        ("buy_priority", "first_to_call", BuyPriority.FIRST_TO_CALL),
        ("rummy_call", "take_back_penalty", RummyCall.TAKE_BACK_PENALTY),
    ],
)
def test_enum_fields_accept_value_text(field: str, text: str, member: Any) -> None:
    assert getattr(Rules().replace(**{field: text}), field) is member


@pytest.mark.parametrize(
    ("changes", "field", "allowed"),
    [
        ({"wild_swap": "sideways"}, "wild_swap", ["'none'", "'to_hand'", "'run_remeld'"]),
        ({"aces": "low_only"}, "aces", ["'low_or_high'", "'high_only'"]),
        ({"buy_priority": "loudest"}, "buy_priority", ["'clockwise'", "'first_to_call'"]),
        ({"set_wilds": "not_adjacent"}, "set_wilds", ["ONE_NATURAL", "TWO_NATURALS"]),
        ({"min_players": 1}, "min_players", ["2 to 8"]),
        ({"max_players": 12}, "max_players", ["2 to 8"]),
        ({"max_reshuffles": -1}, "max_reshuffles", ["0 to 100"]),
        ({"buy_penalty_cards": "one"}, "buy_penalty_cards", ["0 to 5"]),
        ({"peruvian": "yes"}, "peruvian", ["True or False"]),
        ({"floating": 1}, "floating", ["True or False"]),
        ({"max_buys_per_deal": -3}, "max_buys_per_deal", ["0 to 100"]),
        ({"buy_timer_seconds": 0}, "buy_timer_seconds", ["positive number"]),
        ({"wild_ranks": [99]}, "wild_ranks", ["1-13"]),
        ({"min_players": 6, "max_players": 4}, "min_players", ["max_players"]),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_replace_validates_and_names_the_field(
    changes: dict[str, Any], field: str, allowed: list[str]
) -> None:
    with pytest.raises(RulesError) as info:
        Rules().replace(**changes)
    message = str(info.value)
    assert field in message
    for text in allowed:
        assert text in message


def test_replace_with_an_unknown_field_lists_the_fields() -> None:
    with pytest.raises(RulesError) as info:
        Rules().replace(jokers_wild=True)
    message = str(info.value)
    assert "'jokers_wild'" in message
    for name in ("peruvian", "wild_swap", "buy_priority", "card_points", "max_reshuffles"):
        assert name in message


def test_classic_without_wild_twos_has_no_wild_at_all_and_is_refused() -> None:
    with pytest.raises(RulesError, match="wild_ranks"):
        R("classic").replace(wild_ranks=())


# -- optional rules (docs/rules.md §3, "Optional rules any preset may switch on") ------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_optional_rules_switch_on(preset: str) -> None:
    base = R(preset)
    assert base.peruvian is False
    assert base.liverpool_call is False
    assert base.max_buys_per_deal is None
    rules = base.replace(peruvian=True, liverpool_call=True, max_buys_per_deal=3)
    assert rules.peruvian is True
    assert rules.liverpool_call is True
    assert rules.max_buys_per_deal == 3
    assert rules.cards_dealt(1) == 12
    # nothing else changed
    assert rules.replace(peruvian=False, liverpool_call=False, max_buys_per_deal=None) == base


@pytest.mark.parametrize("priority", ["first_to_call", "clockwise"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_buy_priority_option(preset: str, priority: str) -> None:
    assert R(preset).replace(buy_priority=priority).buy_priority is BuyPriority(priority)


# -- each preset names its source and marks silent values --------------------------------------


@pytest.mark.parametrize(
    ("preset", "letter", "silent"),
    rows(
        # (preset, source letter, docs/rules.md marks at least one value "(silent)")
        ("house", "H", True),  # run wild limit, wild swap, buy limit, card points
        ("classic", "E", True),  # players
        ("online", "A", True),  # 3×52 + 6 jokers at 5+; cards dealt in deals 1–6
        ("traditional", "T", True),  # max players
        ("florida", "E", True),  # deck count; points of 3–K
        ("i_buy", "E", False),
        ("me", "E", True),  # decks
    ),
)
def test_source_names_its_text_and_marks_silent_values(
    preset: str, letter: str, silent: bool
) -> None:
    source = R(preset).source
    assert f"({letter}" in source
    if silent:
        assert "(silent)" in source


def test_source_does_not_affect_equality() -> None:
    assert Rules() == lp.PRESETS["house"]
    assert Rules().source == ""
    assert lp.PRESETS["house"].source != ""


def test_differences_take_a_preset_name() -> None:
    """Every function taking rules takes a preset's name too, as ``Game("house")`` does."""
    house = lp.PRESETS["house"]
    assert house.differences("online") == house.differences(lp.PRESETS["online"])
    assert "min_players" in house.differences("online")
    assert house.differences("house") == {}
    with pytest.raises(lp.RulesError, match="'onlne'"):
        house.differences("onlne")
    with pytest.raises(lp.RulesError, match="preset name or a Rules value"):
        house.differences(3)  # type: ignore[arg-type]
