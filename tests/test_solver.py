"""find_going_down: can this hand lay the deal's contract, and with which melds?

Examples per preset (including the whole-hand deals and the must-keep-a-card rule), then
properties: whatever it returns is a legal going-down from this hand, and it finds one exactly
when a brute-force search does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liverpool as lp
from liverpool import (
    Card,
    Contract,
    GoingDown,
    GoingOut,
    MeldKind,
    Requirement,
    Rules,
    WildLimit,
    solver,
)
from liverpool.melds import value_rank
from liverpool.solver import contract_is_met


def R(name: str) -> Rules:
    return lp.PRESETS[name]


def cards(text: str) -> list[Card]:
    return lp.parse_cards(text)


def used_cards(melds: Sequence[lp.Meld]) -> Counter[Card]:
    return Counter(c for m in melds for c in m.cards)


def left_over(hand: Sequence[Card], melds: Sequence[lp.Meld]) -> Counter[Card]:
    return Counter(hand) - used_cards(melds)


def assert_legal_going_down(hand: Sequence[Card], rules: Rules, deal: int, melds: object) -> None:
    """The melds meet the contract, come from the hand, are each legal, and leave what the deal
    says may be left."""
    assert isinstance(melds, list)
    contract = rules.contract(deal)
    assert contract_is_met(melds, contract)
    assert not used_cards(melds) - Counter(hand), "melds use cards the hand does not hold"
    for meld in melds:
        check = lp.check_set if meld.kind is MeldKind.SET else lp.check_run
        assert check(meld.cards, rules), (str(meld), check(meld.cards, rules).reason)
    left = sum(left_over(hand, melds).values())
    leave = contract.going_down.cards_left
    if leave is not None:
        assert left == leave
    elif rules.must_keep_card or (contract.going_out is GoingOut.DISCARD and not rules.floating):
        assert left >= 1


def going_down(preset: str | Rules, deal: int, hand_text: str) -> list[lp.Meld] | None:
    rules = R(preset) if isinstance(preset, str) else preset
    hand = cards(hand_text)
    melds = lp.find_going_down(hand, rules, deal)
    if melds is not None:
        assert_legal_going_down(hand, rules, deal, melds)
    return melds


def shapes(melds: Sequence[lp.Meld]) -> list[tuple[str, int]]:
    return sorted((str(m.kind), len(m.cards)) for m in melds)


# -- house ---------------------------------------------------------------------------------------


def test_house_deal_1_two_sets() -> None:
    # H: "You already hold two kings and three queens. You take the discarded king, table two
    # sets — kings and queens."
    melds = going_down("house", 1, "KS KH KD QS QH QD 5C 9D 3H 7S 4C")
    assert melds is not None
    assert {m.rank for m in melds} == {lp.Rank.KING, lp.Rank.QUEEN}
    assert going_down("house", 1, "KS KH QD QS 5C 9D 3H 7S 4C 8H 10C") is None


def test_house_deal_2_api_example() -> None:
    melds = going_down("house", 2, "7H 7C JK 9H 10H JH QH KS KD KC 3S")
    assert melds is not None
    assert [m.kind for m in melds] == ["set", "run"]  # in the contract's order


def test_house_deal_2_needs_a_run_of_one_suit() -> None:
    assert going_down("house", 2, "7H 7C 7D 9H 10H JC QH KS 4D 5C 3S") is None


def test_house_deal_3_two_runs() -> None:
    melds = going_down("house", 3, "3C 4C 5C 6C 9D 10D JD QD KS 2H AS")
    assert melds is not None
    assert shapes(melds) == [("run", 4), ("run", 4)]


def test_house_runs_need_four_cards() -> None:
    # H: "A three-card sequence is not a run tonight."
    assert going_down("house", 2, "7H 7C 7D QD KD AD 3S 5S 8C 9C 10S") is None
    assert going_down("house", 2, "7H 7C 7D JD QD KD AD 3S 5S 8C 9C") is not None


def test_house_deal_7_three_runs_need_buying() -> None:
    # docs/rules.md: with 10 cards dealt (11 after the draw), three runs (12+ cards) need more cards
    eleven = "3C 4C 5C 6C 9D 10D JD QD 5H 6H 7H"
    assert going_down("house", 7, eleven) is None
    melds = going_down("house", 7, eleven + " 8H 2S")
    assert melds is not None
    assert shapes(melds) == [("run", 4), ("run", 4), ("run", 4)]


def test_house_extends_melds_with_extra_naturals() -> None:
    melds = going_down("house", 1, "KS KH KD KC QS QH QD 5C 9D 3H 7S")
    assert melds is not None
    assert shapes(melds) == [("set", 3), ("set", 4)]  # the fourth king goes down too


def test_house_runs_grow_at_both_ends_and_take_a_high_ace() -> None:
    melds = going_down("house", 3, "5H 6H 7H 8H 9H 10H 4H 3H 9C 10C JC QC KC AC 2D")
    assert melds is not None
    assert [" ".join(str(c) for c in m.cards) for m in melds] == [
        "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥",  # 4♥ then 3♥ join below, 9♥ then 10♥ above
        "9♣ 10♣ J♣ Q♣ K♣ A♣",  # the ace plays high
    ]
    assert melds[1].values == (9, 10, 11, 12, 13, 14)


def test_house_a_run_grows_to_thirteen_cards_and_no_further() -> None:
    hand = "5H 6H 7H 8H 9H 10H 4H 3H 2H AH AH JH QH KH 9C 10C JC QC"
    melds = going_down("house", 3, hand)
    assert melds is not None
    assert [len(m.cards) for m in melds] == [13, 4]
    assert melds[0].values == tuple(range(1, 14))  # the second A♥ would make 14: it stays
    assert sum(left_over(cards(hand), melds).values()) == 1


def test_house_picks_the_core_that_lays_the_most_cards() -> None:
    # The joker completes either the set of 7s (leaving the run 7-10 of hearts, which the Q
    # cannot join) or the run as its J (the three 7s then make the set and the Q joins the run):
    # only the second lays the Q.
    hand = "7H 7C 7S 9H 10H JK QH 8H 3D 4C 5S"
    melds = going_down("house", 2, hand)
    assert melds is not None
    assert [" ".join(str(c) for c in m.cards) for m in melds] == [
        "7♠ 7♥ 7♣",
        "8♥ 9♥ 10♥ 🃏 Q♥",
    ]
    assert sorted(left_over(cards(hand), melds)) == cards("3D 4C 5S")


def test_without_extend_melds_are_minimum_length() -> None:
    hand = cards("KS KH KD KC QS QH QD 5C 9D 3H 7S")
    melds = lp.find_going_down(hand, R("house"), 1, extend=False)
    assert melds is not None
    assert shapes(melds) == [("set", 3), ("set", 3)]
    assert_legal_going_down(hand, R("house"), 1, melds)


# -- classic: wild 2s and the whole-hand deals -----------------------------------------------------


def test_classic_sets_need_two_naturals() -> None:
    assert going_down("classic", 1, "7H 7C 2S 9H 9C 2D 4S 5D KH QC JD") is not None
    assert going_down("classic", 1, "7H 2C 2S 9H 9C 2D 4S 5D KH QC JD") is None


def test_classic_deal_5_whole_hand_but_one() -> None:
    # E: "Fifth - 2 sets & 1 run with only 1 final card immediately discarded"
    hand = "7S 7D 7C 9C 9S 9D 4H 5H 6H 7H KD"
    melds = going_down("classic", 5, hand)
    assert melds is not None
    assert left_over(cards(hand), melds) == Counter(cards("KD"))
    # a twelfth card that fits is laid too: still exactly one card left
    melds = going_down("classic", 5, hand + " 8H")
    assert melds is not None
    assert sum(left_over(cards(hand + " 8H"), melds).values()) == 1
    # two cards that fit nowhere: the contract can be laid, but not with all but one card
    assert going_down("classic", 5, hand + " QC") is None


def test_classic_deal_5_contract_alone_is_not_enough() -> None:
    # exactly the contract, with no card to discard
    assert going_down("classic", 5, "7S 7D 7C 9C 9S 9D 4H 5H 6H 7H") is None


def test_classic_deal_6_whole_hand_no_discard() -> None:
    # E: "Sixth - 1 set & 2 runs with no remaining cards in hand, no final discard (11 cards)"
    hand = "QS QD QC 3C 4C 5C 6C 8D 9D 10D JD"
    melds = going_down("classic", 6, hand)
    assert melds is not None
    assert not left_over(cards(hand), melds)
    assert shapes(melds) == [("run", 4), ("run", 4), ("set", 3)]
    assert going_down("classic", 6, hand + " 7C") is not None  # the extra card fits a run
    assert going_down("classic", 6, hand + " KH") is None  # nowhere to put the king


def test_classic_deal_6_wilds_within_the_limits() -> None:
    hand = "QS QD 2H 3C 4C 2D 6C 8D 9D 10D JD"
    melds = going_down("classic", 6, hand)
    assert melds is not None
    assert not left_over(cards(hand), melds)


def test_classic_deal_7_one_thirteen_card_run() -> None:
    # E: "Seventh - 13 card run with no discard (12 cards-you must buy to complete this round)"
    suit = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    melds = going_down("classic", 7, suit)
    assert melds is not None
    assert shapes(melds) == [("run", 13)]
    # the 2♥ is wild anyway: any 2 can stand in for it
    assert going_down("classic", 7, suit.replace("2H", "2C")) is not None
    # twelve cards cannot make it, and a fourteenth card cannot be placed
    assert going_down("classic", 7, suit.replace(" KH", "")) is None
    assert going_down("classic", 7, suit + " 9S") is None
    # a gap needs a wild: a second wild in one four-card stretch is too many
    assert going_down("classic", 7, suit.replace("4H", "2S")) is None


# -- online: keep a card ---------------------------------------------------------------------------


def test_online_must_keep_a_card() -> None:
    # A: "you must keep one card back to discard"
    exact = "7H 7C 7D 8H 8C 8D"
    assert going_down("online", 1, exact) is None
    assert going_down("house", 1, exact) is not None
    melds = going_down("online", 1, exact + " 8S")
    assert melds is not None
    assert sum(left_over(cards(exact + " 8S"), melds).values()) == 1  # the 8♠ is kept


def test_online_runs_with_wilds_apart() -> None:
    # A: "wild-9-10-wild is a legal run, but 9-10-wild-wild is not"
    assert going_down("online", 2, "JK 9H 10H 2C 5S 5D 5C KD") is not None
    assert going_down("online", 2, "9H 10H 2C JK 5S 5D 5C KD") is not None  # arranged apart
    assert going_down("online", 3, "9H 10H 2C JK 5S 6S 7S 8S KD") is not None  # 🃏 9 10 2
    assert going_down("online", 3, "9H 2C JK QH 5S 6S 7S 8S KD") is None  # 9 🃏 2 Q: side by side


def test_online_deal_7_three_runs_with_a_card_kept() -> None:
    hand = "3C 4C 5C 6C 9D 10D JD QD 5H 6H 7H 8H 9H"
    melds = going_down("online", 7, hand)
    assert melds is not None
    assert len(melds) == 3


def test_online_deal_7_whole_hand_forming_three_runs() -> None:
    # A: "Deal 7 twist: if your whole 12-card hand forms 3 runs, tap Go out any time — no
    # discard needed"; docs/rules.md: must keep a card "yes (except deal-7 3-runs)". Going down
    # still keeps a card; the twist is going out with the whole hand (find_whole_hand).
    rules = R("online")
    assert rules.contract(7).going_down is GoingDown.WHOLE_HAND_ANY_TIME
    hand = cards("3C 4C 5C 6C 9D 10D JD QD 5H 6H 7H 8H")
    assert lp.find_going_down(hand, rules, 7) is None
    whole = lp.find_whole_hand(hand, rules, 7)
    assert whole is not None
    assert contract_is_met(whole, rules.contract(7))
    assert not left_over(hand, whole)
    assert lp.find_whole_hand(cards("3C 4C 5C 6C 9D 10D JD QD 5H 6H 7H 9H"), rules, 7) is None


# -- traditional, florida, i_buy, me ---------------------------------------------------------------


def test_traditional_deal_7_one_run_of_seven() -> None:
    melds = going_down("traditional", 7, "4C 5C 6C 7C 8C 9C 10C KD 2H 3S 3H 7D 9S")
    assert melds is not None
    assert shapes(melds) == [("run", 7)]
    assert going_down("traditional", 7, "4C 5C 6C 7C 8C 9C KD 2H 3S 3H 7D 9S QH") is None
    # a joker fills one gap, and only one in any four in a row
    assert going_down("traditional", 7, "4C 5C JK 7C 8C 9C 10C KD") is not None
    assert going_down("traditional", 7, "4C JK 6C JK 8C 9C 10C KD") is None


def test_traditional_floater_may_lay_the_whole_hand() -> None:
    # T: a hand emptied without a discard floats, so the contract may use every card
    assert going_down("traditional", 1, "7H 7C 7D 8H 8C 8D") is not None


def test_florida_step_8_set_and_run_of_ten() -> None:
    # E: "1 Set of 3 and 1 Run of 10"
    hand = "3H 4H 5H 6H 7H 8H 9H 10H JH QH KS KD KC"
    melds = going_down("florida", 8, hand)
    assert melds is not None
    assert shapes(melds) == [("run", 10), ("set", 3)]
    # 12 cards (11 dealt and a draw) are one short of 13
    assert going_down("florida", 8, hand.replace(" KC", "")) is None


def test_florida_any_number_of_wilds() -> None:
    # E: "A set or a run can contain any number of wild cards"
    hand = "3H JK 5H 2C 2S 8H 9H JK 2D QH KS JK JK"
    melds = going_down("florida", 8, hand)
    assert melds is not None
    assert not left_over(cards(hand), melds)


def test_florida_step_9_three_sets_and_a_run() -> None:
    hand = "4S 4H 4D 8S 8C 8D KS KH KC 5C 6C 7C 10H 9C QD"
    # the run 5-9♣ needs the 8♣, which the set of eights needs too
    assert going_down("florida", 9, hand) is None
    melds = going_down("florida", 9, hand + " 8C")
    assert melds is not None
    assert shapes(melds) == [("run", 5), ("set", 3), ("set", 3), ("set", 3)]


def test_i_buy_deal_1_one_set() -> None:
    # E: "First - 1 set of 3 (6 cards)": six dealt and a draw
    melds = going_down("i_buy", 1, "5H 5C 5D 9S 10S JS KD")
    assert melds is not None
    assert shapes(melds) == [("set", 3)]
    # as in E's Liverpool, the last card may be melded: a hand that is only the set goes down
    # (and out) at once
    assert shapes(going_down("i_buy", 1, "5H 5C 5D") or []) == [("set", 3)]


def test_i_buy_wilds_may_not_outnumber_naturals() -> None:
    assert going_down("i_buy", 1, "5H 2C JK 9S 10S JS KD") is None
    assert going_down("i_buy", 1, "5H 5C JK 9S 10S JS KD") is not None
    assert going_down("i_buy", 3, "5H 5C 2S JK 9S 10S JS KD QH") is not None  # set of 4: 2 + 2
    assert going_down("i_buy", 3, "5H 2C 2S JK 9S 10S JS KD QH") is None


def test_i_buy_deal_8_two_sets_of_six() -> None:
    hand = "6S 6H 6D 6C 2S JK 9S 9H 9D 9C 9S JK KD 4C"
    melds = going_down("i_buy", 8, hand)
    assert melds is not None
    assert shapes(melds) == [("set", 6), ("set", 6)]


def test_me_aces_high_only() -> None:
    assert going_down("me", 3, "AS 2S 3S 4S 9D 10D JD QD KC 5H 7H 8C 6C") is None
    assert going_down("me", 3, "JS QS KS AS 9D 10D JD QD KC 5H 7H 8C 6C") is not None


def test_me_deal_7_three_runs_with_the_whole_hand() -> None:
    # E: "Seventh - 3 runs with no remaining cards in hand, no final discard (12 cards)"
    hand = "JS QS KS AS 5H 6H 7H 8H 9D 10D JD QD KD"
    melds = going_down("me", 7, hand)
    assert melds is not None
    assert not left_over(cards(hand), melds)
    assert going_down("me", 7, hand + " 3C") is None


def test_same_hand_same_answer_whatever_was_asked_before() -> None:
    # Under "classic" the 2s are wild as well as the jokers: which wild goes into the set depends
    # on the order the wilds are held in. Asking about one order first must not change the
    # answer for the other (a remembered answer would, and a simulation would then play
    # differently in a process that had asked other questions before).
    rules = R("classic")
    first = cards("2C JK 7H 7S 9D 9C 9H 4H 5H KD QS")
    second = cards("JK 2C 7H 7S 9D 9C 9H 4H 5H KD QS")
    lp.solver._CACHE.clear()
    fresh = lp.find_going_down(second, rules, 1)
    lp.solver._CACHE.clear()
    lp.find_going_down(first, rules, 1)
    after_other = lp.find_going_down(second, rules, 1)
    assert fresh is not None
    assert after_other == fresh
    assert {c for m in fresh for c in m.cards if rules.is_wild(c)} == {Card.parse("2C")}


# -- properties ------------------------------------------------------------------------------------

JK = Card.joker()


@st.composite
def small_hand(
    draw: st.DrawFn, requirements: Sequence[Requirement] = (), max_size: int = 8
) -> list[Card]:
    """A hand from a narrow window of ranks in one or two suits: pieces of the melds the
    contract asks for (some a card short or long, some cards swapped for wilds) plus loose
    cards, so that melds, near-misses and clashes over the same card are all common."""
    width = draw(st.integers(4, 7))
    start = draw(st.integers(1, 15 - width))
    values = list(range(start, start + width))
    suits = draw(st.lists(st.sampled_from(lp.Suit), min_size=1, max_size=2, unique=True))
    wilds = [JK, Card(lp.Rank.TWO, lp.Suit.CLUBS), Card(lp.Rank.TWO, suits[0])]
    kinds = [r.kind for r in requirements] or [MeldKind.SET, MeldKind.RUN]
    lengths = {r.kind: r.min_length for r in requirements}
    hand: list[Card] = []
    for kind in kinds:
        if not draw(st.integers(0, 2)):
            continue  # no piece of this meld
        length = lengths.get(kind, 4) + draw(st.integers(-1, 1))
        if kind is MeldKind.RUN:
            suit = draw(st.sampled_from(suits))
            highest = min(start + width, 15 - length)
            low = draw(st.integers(min(max(1, start - 2), highest), highest))
            hand += [Card(value_rank(v), suit) for v in range(low, low + length)]
        else:
            rank = value_rank(draw(st.sampled_from(values)))
            hand += [Card(rank, draw(st.sampled_from(lp.Suit))) for _ in range(length)]
    loose = [Card(value_rank(v), s) for v in values for s in suits] + wilds
    hand += draw(st.lists(st.sampled_from(loose), min_size=max(0, 3 - len(hand)), max_size=3))
    for i in draw(st.lists(st.integers(0, len(hand) - 1), max_size=2)):
        hand[i] = draw(st.sampled_from(wilds))
    return list(draw(st.permutations(hand)))[:max_size]


# A house variant with whole-hand deals of at most two melds, so the brute force covers them.
_SET3, _RUN4 = Requirement(MeldKind.SET, 3), Requirement(MeldKind.RUN, 4)
WHOLE_HAND_CONTRACTS = (
    Contract(1, (_SET3, _SET3), 10, GoingDown.WHOLE_HAND_BUT_ONE),
    Contract(2, (_SET3, _RUN4), 10, GoingDown.WHOLE_HAND, GoingOut.NO_DISCARD),
    Contract(3, (_RUN4,), 10, GoingDown.WHOLE_HAND_BUT_ONE),
)


def whole_hand_variant(preset: str) -> Rules:
    return R(preset).replace(contracts=WHOLE_HAND_CONTRACTS)


# (rules, deal): the presets' deals with at most two requirements, and the whole-hand variants
CASES = [
    *[(p, d) for p in ("house", "classic") for d in (1, 2, 3)],
    # online and me keep a card to discard, so two runs (8 cards) need a ninth card: not here
    *[(p, d) for p in ("online", "me") for d in (1, 2)],
    ("traditional", 2),
    ("traditional", 7),
    *[("florida", d) for d in (1, 2, 3)],
    *[("i_buy", d) for d in (1, 2, 3, 5)],
    *[(f"whole:{p}", d) for p in ("house", "classic", "online") for d in (1, 2, 3)],
    *[(f"limits:{pair}", d) for pair in ("nm/2n", "2n/nm", "nm/na", "1n/4") for d in (1, 2, 3)],
]

_LIMITS = {
    "1n": WildLimit.ONE_NATURAL,
    "2n": WildLimit.TWO_NATURALS,
    "nm": WildLimit.NOT_MAJORITY,
    "na": WildLimit.NOT_ADJACENT,
    "4": WildLimit.ONE_PER_FOUR,
}


def limits_variant(name: str) -> Rules:
    """House with the set and run wild limits named ``set/run`` (see ``_LIMITS``), including
    the ones no preset plays, and wild twos: the searches must read each limit as the checks do."""
    set_limit, run_limit = name.split("/")
    return R("house").replace(
        set_wilds=_LIMITS[set_limit],
        run_wilds=_LIMITS[run_limit],
        wild_ranks=frozenset({lp.Rank.TWO}),
    )


def test_a_counting_run_limit_may_need_a_run_longer_than_the_contract() -> None:
    # Two naturals in a run, 2s wild: A-JK-JK-2-5 is a run of five with two naturals (A and 5),
    # but no four of it in a row is legal, so the run the search looks for must be longer.
    melds = going_down(limits_variant("nm/2n"), 2, "3H 3H 3H 5S AS 2S JK JK")
    assert melds is not None
    assert shapes(melds) == [("run", 5), ("set", 3)]


def rules_of(name: str) -> Rules:
    if name.startswith("limits:"):
        return limits_variant(name[7:])
    return whole_hand_variant(name[6:]) if name.startswith("whole:") else R(name)


def brute_force(hand: Sequence[Card], rules: Rules, deal: int) -> bool:
    """Assign each card to one requirement or leave it in hand, every way; check each group."""
    contract = rules.contract(deal)
    reqs = contract.requirements
    leave = contract.going_down.cards_left
    keep = (
        1
        if rules.must_keep_card or (contract.going_out is GoingOut.DISCARD and not rules.floating)
        else 0
    )

    @cache
    def legal(req: Requirement, group: tuple[Card, ...]) -> bool:
        if len(group) < req.min_length:
            return False
        if req.kind is MeldKind.SET:
            return bool(lp.check_set(group, rules))
        return lp.arrange_run(group, rules) is not None

    def group_of(mask: int) -> tuple[Card, ...]:
        return tuple(sorted((hand[i] for i in range(len(hand)) if mask >> i & 1), key=key))

    def search(k: int, free: int) -> bool:
        if k == len(reqs):
            left = bin(free).count("1")
            return left == leave if leave is not None else left >= keep
        sub = free
        while sub:
            if legal(reqs[k], group_of(sub)) and search(k + 1, free & ~sub):
                return True
            sub = (sub - 1) & free
        return False

    return search(0, (1 << len(hand)) - 1)


def key(card: Card) -> tuple[int, int]:
    return card.sort_key()


@pytest.mark.parametrize(("name", "deal"), CASES, ids=[f"{n}-{d}" for n, d in CASES])
@given(data=st.data())
def test_find_going_down_agrees_with_brute_force(name: str, deal: int, data: st.DataObject) -> None:
    rules = rules_of(name)
    hand = data.draw(small_hand(rules.contract(deal).requirements), label="hand")
    melds = lp.find_going_down(hand, rules, deal)
    assert (melds is not None) is brute_force(hand, rules, deal)
    if melds is not None:
        assert_legal_going_down(hand, rules, deal, melds)


@pytest.mark.parametrize("extend", [True, False], ids=["extend", "minimal"])
@given(
    name=st.sampled_from([*lp.PRESETS, "whole:house", "whole:classic"]),
    data=st.data(),
)
def test_find_going_down_result_is_always_a_legal_going_down(
    extend: bool, name: str, data: st.DataObject
) -> None:
    rules = rules_of(name)
    deal = data.draw(st.integers(1, rules.deals), label="deal")
    requirements = rules.contract(deal).requirements
    hand = data.draw(small_hand(requirements, max_size=14), label="hand")
    melds = lp.find_going_down(hand, rules, deal, extend=extend)
    if melds is not None:
        assert_legal_going_down(hand, rules, deal, melds)
        for meld in melds:
            assert meld == lp.Meld.build(meld.kind, meld.cards, rules)  # wilds fixed as placed


@st.composite
def crowded_hand(draw: st.DrawFn) -> list[Card]:
    """Nine to twelve cards from five ranks in two suits and two jokers: most cards could go
    into more than one meld, so cores that meet the contract differ in what they leave."""
    start = draw(st.integers(1, 10))
    suits = draw(st.lists(st.sampled_from(lp.Suit), min_size=2, max_size=2, unique=True))
    window = [Card(value_rank(v), s) for v in range(start, start + 5) for s in suits]
    pool = [*window, *window, JK, JK]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=9, max_size=12, unique=True))
    return [pool[i] for i in picks]


@given(
    name=st.sampled_from(["house", "online", "florida", "limits:nm/2n", "limits:1n/4"]),
    data=st.data(),
)
def test_find_going_down_keeps_the_core_that_lays_the_most_of_those_it_weighs(
    name: str, data: st.DataObject
) -> None:
    """Every way to meet the contract with minimum-length melds, in the search's order, each
    grown with the naturals that fit it. The solver weighs them until one lays every card but
    the one kept to discard, or leaves no natural, or two after the best have done no better:
    of those, the answer leaves the fewest naturals in hand (the most wilds kept breaking a
    tie), and never more than the first."""
    rules = rules_of(name)
    deal = data.draw(st.integers(1, 3), label="deal")
    hand = data.draw(crowded_hand(), label="hand")
    melds = lp.find_going_down(hand, rules, deal)
    facts = solver._deal(rules, deal)
    read = solver._read([c.index for c in hand], facts.plan, facts.wild, facts.jokers, facts.floor)
    keep = facts.keep

    def left(kept: Sequence[Card]) -> tuple[int, int]:
        """(0, 0) when only the cards to keep are left, else (naturals, minus wilds) left."""
        if len(kept) <= keep:
            return (0, 0)
        naturals = sum(1 for c in kept if not rules.is_wild(c))
        return (naturals, naturals - len(kept))

    lefts: list[tuple[int, int]] = []

    def every(core: list[lp.Meld], rest: list[Card]) -> None:
        if len(rest) >= keep and len(lefts) <= solver._WIDEST_CORES:
            _, kept = solver._extend_with_naturals(core, rest, facts.wild, facts.floor, keep)
            lefts.append(left(kept))

    solver._cores(read, rules, every)
    assert (melds is None) is (not lefts)
    if melds is None:
        return
    assert len(hand) - facts.plan.min_cards <= solver._WIDEST_SPARE  # (crowded hands are)
    best, found = lefts[0], 1
    for weighed, this in enumerate(lefts, start=1):
        if this < best:
            best, found = this, weighed
        if this[0] == 0 or weighed - found >= solver._WIDEST_PATIENCE:
            break
        if weighed >= solver._WIDEST_CORES:
            break
    answer = left(list(left_over(hand, melds).elements()))
    assert answer == best
    assert answer <= lefts[0]


def test_brute_force_sanity() -> None:
    # the reference search itself, on hands whose answer is plain
    assert brute_force(cards("7H 7C 7D 8H 8C 8D 9S"), R("online"), 1)
    assert not brute_force(cards("7H 7C 7D 8H 8C 8D"), R("online"), 1)
    assert brute_force(cards("7H 7C 7D 8H 8C 8D"), R("house"), 1)
    assert not brute_force(cards("7H 7C 7D 8H 8C 9D"), R("house"), 1)
    assert brute_force(cards("7H 7C 7D 8H 9H 10H JH"), R("house"), 2)
    assert not brute_force(cards("7H 7C 7D 8H 9H 10H 8C"), whole_hand_variant("house"), 2)
    assert brute_force(cards("7H 7C 7D 7S 8H 9H 10H JH"), whole_hand_variant("house"), 2)
