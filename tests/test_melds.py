"""Sets, runs and placed melds: the sources' legal and illegal examples, every way of failing,
lay-offs, wild swaps, and properties of the checks."""

from __future__ import annotations

import ast
import inspect
import pathlib
from itertools import pairwise, permutations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import liverpool as lp
from liverpool import Card, IllegalAction, Meld, Rules, WildLimit, WildSwap
from liverpool import melds as melds_module
from liverpool.melds import Verdict, VerdictCode, value_rank

PRESET_NAMES = list(lp.PRESETS)


def R(name: str) -> Rules:
    return lp.PRESETS[name]


def cards(text: str) -> list[Card]:
    return lp.parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


JK = Card.joker()


# -- the sources' examples --------------------------------------------------------------------

# (preset, kind, cards as placed, legal?, code when illegal)
EXAMPLES = [
    # E (classic): "Sets must include at least 2 non-wildcards. Legal Example: 7 7♣ 2♠.
    # Illegal Example: 2 2♣ 3♣."
    ("classic", "set", "7H 7C 2S", True, ""),
    ("classic", "set", "2H 2C 3C", False, "two_naturals"),
    # E: "Runs must include at least 3 non-wildcards in an original 4 card grouping.
    # Legal Example: 7 8 2♣ 10. Illegal Example: 7 8 2♣ 2 J."
    ("classic", "run", "7H 8H 2C 10H", True, ""),
    ("classic", "run", "7H 8H 2C 2H JH", False, "wilds_in_four"),
    # T: the same limits with jokers: "7♥7♣Джокер", "7♥8♥Джокер10♥"
    ("traditional", "set", "7H 7C JK", True, ""),
    ("traditional", "set", "7H JK JK", False, "two_naturals"),
    ("traditional", "run", "7H 8H JK 10H", True, ""),
    ("traditional", "run", "7H 8H JK JK JH", False, "wilds_in_four"),
    ("traditional", "run", "JK 8H 9H JK", False, "wilds_in_four"),
    ("traditional", "run", "JK 8H 9H 10H JK", True, ""),  # each four in a row holds one wild
    # A (online): "wild-9-10-wild is a legal run, but 9-10-wild-wild is not"
    ("online", "run", "JK 9H 10H 2C", True, ""),
    ("online", "run", "9H 10H JK 2C", False, "wilds_adjacent"),
    ("online", "run", "9H 10H 2C JK", False, "wilds_adjacent"),
    # A: "A set needs at least 2 natural cards (wilds fill the rest)"
    ("online", "set", "9H 9C JK 2D", True, ""),
    ("online", "set", "9H JK 2D", False, "two_naturals"),
    # H (house): "A set may not be all jokers."
    ("house", "set", "JK JK JK", False, "no_natural"),
    ("house", "set", "7H JK JK", True, ""),
    ("house", "set", "KS KH KD", True, ""),  # "Three kings."
    ("house", "set", "8S 8H 8D 8C", True, ""),  # "Four 8s."
    ("house", "set", "8S 8H", False, "too_short"),  # "A pair is not a set."
    # H: "5-6-7-8 of clubs. 9-10-jack-queen of hearts."
    ("house", "run", "5C 6C 7C 8C", True, ""),
    ("house", "run", "9H 10H JH QH", True, ""),
    # H: "A three-card sequence is not a run tonight."
    ("house", "run", "5C 6C 7C", False, "too_short"),
    # H: "A-2-3 of diamonds can start a run (you still need four cards)."
    ("house", "run", "AD 2D 3D", False, "too_short"),
    ("house", "run", "AD 2D 3D 4D", True, ""),
    # H: "Queen-king-ace of diamonds is a run." — with the four cards a run needs
    ("house", "run", "QD KD AD", False, "too_short"),
    ("house", "run", "JD QD KD AD", True, ""),
    # H: "King-ace-2 is not."
    ("house", "run", "KD AD 2D 3D", False, "turns_corner"),
    # E (Me): "Aces only rank as high."
    ("me", "run", "AS 2S 3S 4S", False, "ace_high_only"),
    ("me", "run", "JS QS KS AS", True, ""),
    # E (I Buy): "Wild cards cannot be the majority in any set."
    ("i_buy", "set", "7H 2C JK", False, "wild_majority"),
    ("i_buy", "set", "7H 7C 2C JK", True, ""),
    ("i_buy", "set", "7H 7C 7D 2C JK JK", True, ""),
    ("i_buy", "set", "7H 7C 2C JK JK", False, "wild_majority"),
    ("i_buy", "set", "3H 3C JK", True, ""),  # "3-3-Joker"
    # E (Florida): "A set or a run can contain any number of wild cards."
    ("florida", "set", "7H 2C JK 2D", True, ""),
    ("florida", "set", "7H 2C JK 2D JK JK", True, ""),
    ("florida", "set", "2C JK 2D", False, "no_natural"),
    ("florida", "run", "JK 2C 7H JK", True, ""),
    ("florida", "run", "JK JK JK 7H JK JK", True, ""),
    # E (Me): "There are no limitations on the use of wild cards."
    ("me", "set", "7H JK JK JK", True, ""),
    ("me", "run", "JK JK 9D JK", True, ""),
]


@pytest.mark.parametrize(
    ("preset", "kind", "text", "legal", "code"),
    [pytest.param(*row, id=f"{row[0]}-{row[1]}-{row[2]}") for row in EXAMPLES],
)
def test_source_examples(preset: str, kind: str, text: str, legal: bool, code: str) -> None:
    rules = R(preset)
    check = lp.check_set if kind == "set" else lp.check_run
    verdict = check(cards(text), rules)
    assert bool(verdict) is legal
    assert verdict.code == code
    assert (verdict.reason == "") is legal
    assert lp.check_meld(cards(text), kind, rules).code == code


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_ace_low_and_ace_high_runs(preset: str) -> None:
    rules = R(preset)
    # E: "A 2 3 4 is allowed, J Q K A is allowed" — except Me, where aces are high only
    assert bool(lp.check_run(cards("AH 2H 3H 4H"), rules)) is (preset != "me")
    assert lp.check_run(cards("JH QH KH AH"), rules)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_turning_the_corner_is_never_a_run(preset: str) -> None:
    rules = R(preset)
    # E: "but K A 2 3 is not"; A: "K-A-2 is not a run"
    verdict = lp.check_run(cards("KH AH 2H 3H"), rules)
    assert not verdict
    assert verdict.code == "turns_corner"
    assert lp.arrange_run(cards("KH AH 2H 3H"), rules) is None
    assert not lp.check_run(cards("QC KC AC 2C"), rules)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_plain_set_and_run_are_legal_everywhere(preset: str) -> None:
    rules = R(preset)
    assert lp.check_set(cards("8S 8H 8D"), rules)
    assert lp.check_run(cards("5C 6C 7C 8C"), rules)
    assert lp.check_run(cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), rules)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_run_as_placed_not_sorted(preset: str) -> None:
    rules = R(preset)
    verdict = lp.check_run(cards("8C 7C 6C 5C"), rules)
    assert not verdict
    assert verdict.code == "not_in_sequence"
    assert lp.arrange_run(cards("8C 7C 6C 5C"), rules) == cards("5C 6C 7C 8C")


# -- every way of failing, with its own sentence ------------------------------------------------

# (code, preset, kind, cards)
FAILURES = [
    ("too_short", "house", "set", "7H 7C"),
    ("too_short", "house", "run", "7H 8H 9H"),
    ("no_natural", "house", "set", "JK JK JK"),
    ("no_natural", "house", "run", "JK JK JK JK"),
    ("mixed_ranks", "house", "set", "7H 7C 8D"),
    ("two_naturals", "classic", "set", "7H 2C 2D"),
    ("wild_majority", "i_buy", "set", "7H 7C JK JK 2C"),
    ("mixed_suits", "house", "run", "5H 6H 7C 8H"),
    ("not_in_sequence", "house", "run", "5H 6H 8H 9H"),
    ("turns_corner", "house", "run", "QH KH AH 2H"),
    ("ace_high_only", "me", "run", "AS 2S 3S 4S"),
    ("too_long", "house", "run", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"),
    ("past_ace", "house", "run", "QH KH AH JK"),
    ("below_ace", "house", "run", "JK AH 2H 3H"),
    ("wilds_adjacent", "online", "run", "9H 10H JK JK"),
    ("wilds_in_four", "classic", "run", "7H 8H 2C 2H JH"),
    ("no_jokers", "classic", "set", "7H 7C JK"),
    ("no_jokers", "classic", "run", "7H 8H JK 10H"),
]
CODES = sorted({code for code, *_ in FAILURES})


@pytest.mark.parametrize(
    ("code", "preset", "kind", "text"),
    [pytest.param(*row, id=f"{row[0]}-{row[2]}") for row in FAILURES],
)
def test_each_failure_has_its_code_and_one_plain_sentence(
    code: str, preset: str, kind: str, text: str
) -> None:
    verdict = lp.check_meld(cards(text), kind, R(preset))
    assert not verdict
    assert verdict.code == code
    assert verdict.reason
    assert "\n" not in verdict.reason
    assert verdict.reason[0].islower() or verdict.reason[0].isdigit()  # reads in a sentence
    assert str(verdict) == verdict.reason
    assert verdict.kind == kind


def test_every_code_is_covered() -> None:
    assert set(CODES) == {
        "too_short",
        "no_jokers",
        "no_natural",
        "mixed_ranks",
        "two_naturals",
        "wild_majority",
        "mixed_suits",
        "not_in_sequence",
        "turns_corner",
        "ace_high_only",
        "too_long",
        "past_ace",
        "below_ace",
        "wilds_adjacent",
        "wilds_in_four",
    }


# (code, preset, meld kind, meld as placed, position of the swap, the card offered); every meld
# is seat 0's and seat 0 offers the swap
SWAP_FAILURES = [
    ("no_swap", "house", "run", "7H 8H JK 10H", 2, "9H"),
    ("not_wild", "online", "run", "7H 8H JK 10H", 0, "7H"),
    ("swap_with_wild", "online", "run", "7H 8H JK 10H", 2, "2S"),
    ("wrong_natural", "online", "run", "7H 8H JK 10H", 2, "9D"),
    ("wrong_natural", "online", "set", "7H 7C JK", 2, "8S"),
    ("own_meld", "traditional", "run", "7H 8H JK 10H", 2, "9H"),  # T: another player's joker
]


def every_failure() -> list[Verdict]:
    """A refused verdict for each row of FAILURES and SWAP_FAILURES."""
    found = [lp.check_meld(cards(text), kind, R(preset)) for _, preset, kind, text in FAILURES]
    for _, preset, kind, text, position, offered in SWAP_FAILURES:
        meld = Meld.build(kind, cards(text), R(preset), owner=0)  # seat 0 offers the swap
        found.append(lp.can_replace_wild(meld, position, card(offered), R(preset), by=0))
    return found


def test_every_verdict_code_is_produced_by_some_check() -> None:
    legal = lp.check_set(cards("7H 7C 7D"), R("house"))
    produced = {verdict.code for verdict in [legal, *every_failure()]}
    assert produced == set(VerdictCode)
    expected = [code for code, *_ in FAILURES] + [code for code, *_ in SWAP_FAILURES]
    assert [v.code for v in every_failure()] == expected


def test_verdict_codes_are_members_equal_to_their_text() -> None:
    for verdict in every_failure():
        assert not verdict
        assert isinstance(verdict.code, VerdictCode)
        assert verdict.code == verdict.code.value == str(verdict.code) == f"{verdict.code}"
        assert VerdictCode(verdict.code.value) is verdict.code
    legal = lp.check_run(cards("5C 6C 7C 8C"), R("house"))
    assert legal.code is VerdictCode.LEGAL
    assert legal.code == "" and not legal.code  # type: ignore[comparison-overlap]  # the only falsy code
    assert all(code for code in VerdictCode if code is not VerdictCode.LEGAL)


def test_each_verdict_code_has_a_one_line_docstring() -> None:
    # a member's docstring is the string just below it (as in rules.MeldKind)
    cls = ast.parse(inspect.getsource(VerdictCode)).body[0]
    assert isinstance(cls, ast.ClassDef)
    docs: dict[str, str] = {}
    for node, after in pairwise(cls.body):
        if isinstance(node, ast.Assign) and isinstance(after, ast.Expr):
            assert isinstance(node.targets[0], ast.Name) and isinstance(after.value, ast.Constant)
            assert isinstance(after.value.value, str)
            docs[node.targets[0].id] = after.value.value
    assert set(docs) == {code.name for code in VerdictCode}
    for name, doc in docs.items():
        assert doc.strip() and "\n" not in doc.strip(), name


# -- the wild limits, as the checks read them -----------------------------------------------------

LIMIT_CODES = {
    WildLimit.TWO_NATURALS: "two_naturals",
    WildLimit.NOT_MAJORITY: "wild_majority",
    WildLimit.NOT_ADJACENT: "wilds_adjacent",
    WildLimit.ONE_PER_FOUR: "wilds_in_four",
}


@pytest.mark.parametrize("limit", list(WildLimit))
def test_run_verdict_is_the_limits_own_answer(limit: WildLimit) -> None:
    # every layout of wilds in runs of 4-7 cards (hearts from the 3 up, jokers as wilds)
    rules = R("house").replace(run_wilds=limit)
    for length in range(4, 8):
        for flags in product([False, True], repeat=length):
            run = [JK if wild else Card(lp.Rank(3 + i), lp.Suit.HEARTS) for i, wild in
                   enumerate(flags)]  # fmt: skip
            verdict = lp.check_run(run, rules)
            assert bool(verdict) is limit.allows_run(flags)
            if all(flags):
                assert verdict.code == "no_natural"
            elif not verdict:
                assert verdict.code == LIMIT_CODES[limit]


@pytest.mark.parametrize("limit", [WildLimit.ONE_NATURAL, WildLimit.TWO_NATURALS,
                                   WildLimit.NOT_MAJORITY])  # fmt: skip
def test_set_verdict_is_the_limits_own_answer(limit: WildLimit) -> None:
    rules = R("house").replace(set_wilds=limit)
    sevens = cards("7H 7C 7D 7S 7H 7C")
    for naturals in range(7):
        for wilds in range(max(0, 3 - naturals), 6):
            verdict = lp.check_set(sevens[:naturals] + [JK] * wilds, rules)
            assert bool(verdict) is limit.allows_set(naturals, wilds)
            if not naturals:
                assert verdict.code == "no_natural"
            elif not verdict:
                assert verdict.code == LIMIT_CODES[limit]


def test_reasons_are_distinct_across_codes() -> None:
    by_code: dict[str, set[str]] = {}
    for code, preset, kind, text in FAILURES:
        by_code.setdefault(code, set()).add(lp.check_meld(cards(text), kind, R(preset)).reason)
    for code, reasons in by_code.items():
        for other, other_reasons in by_code.items():
            if other != code:
                assert not reasons & other_reasons, (code, other)


def test_api_example_reason() -> None:
    verdict = lp.check_run(cards("9H 10H JK JK"), R("online"))
    assert verdict.reason == "two wild cards may not sit side by side in a run"


def test_legal_verdict_is_truthy_with_empty_reason() -> None:
    verdict = lp.check_set(cards("7H 7C 7D"), R("house"))
    assert verdict
    assert verdict.ok
    assert verdict.reason == ""
    assert verdict.code == ""


# -- what a wild stands for -------------------------------------------------------------------


def test_build_fixes_what_each_wild_stands_for_in_a_run() -> None:
    meld = Meld.build("run", cards("7H 8H JK 10H"), R("house"))
    assert meld.kind == "run"
    assert meld.cards == tuple(cards("7H 8H JK 10H"))
    assert meld.stands_for(2) == "9♥"
    assert meld.natural_for(2) == card("9H")
    assert meld.natural_for(0) == card("7H")
    assert meld.wild_positions(R("house")) == [2]
    assert (meld.low, meld.high) == (7, 10)


def test_build_fixes_wilds_at_the_ends() -> None:
    meld = Meld.build("run", cards("JK 9H 10H 2C"), R("online"))
    assert meld.stands_for(0) == "8♥"
    assert meld.stands_for(3) == "J♥"
    assert meld.natural_for(3) == card("JH")


def test_build_with_a_high_ace() -> None:
    meld = Meld.build("run", cards("JK QD KD AD"), R("house"))
    assert meld.natural_for(0) == card("JD")
    assert meld.stands_for(3) == "A♦"
    assert meld.high == 14


def test_build_with_a_low_ace() -> None:
    meld = Meld.build("run", cards("AD JK 3D 4D"), R("house"))
    assert meld.natural_for(1) == card("2D")
    assert meld.low == 1


def test_build_set_wild_stands_for_its_rank() -> None:
    meld = Meld.build("set", cards("7H JK 7C"), R("house"), owner=2)
    assert meld.stands_for(1) == "7"
    assert meld.natural_for(1) is None  # any seven
    assert meld.rank is lp.Rank.SEVEN
    assert meld.owner == 2


def test_classic_two_stands_for_its_place_even_as_its_own_rank() -> None:
    # §1: "a 2 in A-2-3-4 under '2s wild' is a wild"
    rules = R("classic")
    meld = Meld.build("run", cards("AH 2H 3H 4H"), rules)
    assert meld.wild_positions(rules) == [1]
    assert meld.natural_for(1) == card("2H")


def test_build_refuses_an_illegal_meld_with_the_reason() -> None:
    with pytest.raises(IllegalAction, match=r"(?i)two wild cards may not sit side by side"):
        Meld.build("run", cards("9H 10H JK 2C"), R("online"))
    with pytest.raises(IllegalAction, match=r"(?i)may not be all wild"):
        Meld.build("set", cards("JK JK JK"), R("house"))


def test_meld_is_an_immutable_hashable_value() -> None:
    a = Meld.build("set", cards("7H 7C 7D"), R("house"))
    b = Meld.build("set", cards("7H 7C 7D"), R("house"))
    assert a == b
    assert hash(a) == hash(b)
    with pytest.raises(AttributeError):
        a.owner = 1  # type: ignore[misc]


# -- laying off --------------------------------------------------------------------------------


def test_lay_off_on_a_set() -> None:
    rules = R("house")
    meld = Meld.build("set", cards("7H 7C 7D"), rules)
    assert lp.lay_off_ends(meld, card("7S"), rules) == (None,)
    assert lp.lay_off_ends(meld, card("7H"), rules) == (None,)  # a duplicate from another deck
    assert lp.lay_off_ends(meld, card("JK"), rules) == (None,)
    assert lp.lay_off_ends(meld, card("8S"), rules) == ()
    grown = meld.add(card("7S"), None, rules)
    assert len(grown.cards) == 4
    assert lp.check_set(grown.cards, rules)


def test_lay_off_wild_on_a_set_keeps_the_limit() -> None:
    rules = R("i_buy")  # wilds may not outnumber naturals
    meld = Meld.build("set", cards("3H 3C JK"), rules)
    assert lp.lay_off_ends(meld, card("2S"), rules) == (None,)  # 2 naturals, 2 wilds
    grown = meld.add(card("2S"), None, rules)
    assert lp.lay_off_ends(grown, card("JK"), rules) == ()  # 2 naturals, 3 wilds
    assert lp.lay_off_ends(grown, card("3D"), rules) == (None,)
    with pytest.raises(IllegalAction):
        grown.add(card("JK"), None, rules)


def test_a_low_ace_refused_where_aces_are_high_only_says_why() -> None:
    rules = R("me")  # aces high only: nothing goes below the 2
    meld = Meld.build("run", cards("2D 3D 4D 5D"), rules)
    assert lp.lay_off_ends(meld, card("AD"), rules) == ()
    with pytest.raises(IllegalAction, match="Aces are high only under these rules") as ace:
        meld.add(card("AD"), "low", rules)
    assert "6♦" not in str(ace.value)  # not "only the A♦ or the 6♦ fits ..., not the A♦"
    with pytest.raises(IllegalAction, match=r"^Only the 6♦ fits this run, not the 9♦\.$"):
        meld.add(card("9D"), None, rules)
    house = R("house")  # where an ace may go low, it is the card below the 2
    with pytest.raises(IllegalAction, match=r"^Only the A♦ or the 6♦ fits this run"):
        Meld.build("run", cards("2D 3D 4D 5D"), house).add(card("9D"), None, house)


def test_a_meld_says_what_each_wild_stands_for() -> None:
    online = R("online")  # 2s are wild, even in their own place
    assert Meld.build("run", cards("AS 2H 3S 4S"), online).describe(online) == (
        "run of ♠ A-4 (2♥ as 2♠)"
    )
    assert Meld.build("run", cards("AS 2S 3S 4S"), online).describe(online) == (
        "run of ♠ A-4 (2♠ as itself)"  # not "2♠ as 2♠"
    )
    sevens = Meld.build("set", cards("7H 7C JK"), online)
    assert sevens.describe(online) == "set of sevens (🃏 as 7)"


def test_lay_off_on_a_run_at_each_end() -> None:
    rules = R("house")
    meld = Meld.build("run", cards("5H 6H 7H 8H"), rules)
    assert lp.lay_off_ends(meld, card("4H"), rules) == ("low",)
    assert lp.lay_off_ends(meld, card("9H"), rules) == ("high",)
    assert lp.lay_off_ends(meld, card("JK"), rules) == ("low", "high")
    assert lp.lay_off_ends(meld, card("9S"), rules) == ()  # wrong suit
    assert lp.lay_off_ends(meld, card("10H"), rules) == ()  # not next
    assert lp.lay_off_ends(meld, card("6H"), rules) == ()  # already inside


def test_add_on_a_run() -> None:
    rules = R("house")
    meld = Meld.build("run", cards("5H 6H 7H 8H"), rules, owner=1)
    low = meld.add(card("4H"), "low", rules)
    assert low.cards == tuple(cards("4H 5H 6H 7H 8H"))
    assert low.owner == 1
    high = meld.add(card("9H"), None, rules)  # only one end fits: no need to say
    assert high.cards == tuple(cards("5H 6H 7H 8H 9H"))
    wild_high = meld.add(card("JK"), "high", rules)
    assert wild_high.stands_for(4) == "9♥"
    wild_low = meld.add(card("JK"), "low", rules)
    assert wild_low.stands_for(0) == "4♥"
    assert lp.check_run(wild_low.cards, rules)
    with pytest.raises(IllegalAction, match="either end"):
        meld.add(card("JK"), None, rules)
    with pytest.raises(IllegalAction):
        meld.add(card("4H"), "high", rules)
    with pytest.raises(IllegalAction):
        meld.add(card("10H"), None, rules)


def test_lay_off_wild_next_to_a_wild_under_online() -> None:
    rules = R("online")  # no two wilds side by side
    meld = Meld.build("run", cards("JK 9H 10H JH"), rules)
    assert lp.lay_off_ends(meld, card("2C"), rules) == ("high",)  # not beside the joker
    assert lp.lay_off_ends(meld, card("7H"), rules) == ("low",)  # below the joker's 8♥
    assert lp.lay_off_ends(meld, card("8H"), rules) == ()  # the joker is the 8♥
    assert lp.lay_off_ends(meld, card("QH"), rules) == ("high",)


def test_lay_off_wild_keeps_one_in_four_under_classic() -> None:
    rules = R("classic")  # any four in a row hold at most one wild
    meld = Meld.build("run", cards("5H 6H 2C 8H"), rules)
    assert lp.lay_off_ends(meld, card("2S"), rules) == ()
    longer = meld.add(card("9H"), None, rules).add(card("10H"), None, rules)
    assert lp.lay_off_ends(longer, card("2S"), rules) == ("high",)
    assert lp.lay_off_ends(longer, card("4H"), rules) == ("low",)


def test_lay_off_at_the_ace_ends() -> None:
    rules = R("house")
    high = Meld.build("run", cards("JD QD KD AD"), rules)
    assert lp.lay_off_ends(high, card("10D"), rules) == ("low",)
    assert lp.lay_off_ends(high, card("JK"), rules) == ("low",)  # nothing above the ace
    assert lp.lay_off_ends(high, card("2D"), rules) == ()  # no turning the corner
    low = Meld.build("run", cards("AD 2D 3D 4D"), rules)
    assert lp.lay_off_ends(low, card("5D"), rules) == ("high",)
    assert lp.lay_off_ends(low, card("JK"), rules) == ("high",)  # nothing below the ace
    assert lp.lay_off_ends(low, card("KD"), rules) == ()
    # an ace fits above a king
    assert lp.lay_off_ends(Meld.build("run", cards("10S JS QS KS"), rules), card("AS"), rules) == (
        "high",
    )


def test_me_ace_never_laid_below_a_two() -> None:
    rules = R("me")
    meld = Meld.build("run", cards("2S 3S 4S 5S"), rules)
    assert lp.lay_off_ends(meld, card("AS"), rules) == ()
    assert lp.lay_off_ends(meld, card("JK"), rules) == ("high",)


def test_thirteen_card_run_takes_nothing_more() -> None:
    rules = R("house")
    full = Meld.build("run", cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"), rules)
    for extra in ("AH", "JK", "KH", "2H"):
        assert lp.lay_off_ends(full, card(extra), rules) == ()
        with pytest.raises(IllegalAction):
            full.add(card(extra), None, rules)
    # twelve cards, 2 to K: an ace fits at either end, each making 13
    twelve = Meld.build("run", cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"), rules)
    assert lp.lay_off_ends(twelve, card("AH"), rules) == ("low", "high")
    assert lp.check_run(twelve.add(card("AH"), "low", rules).cards, rules)
    assert lp.check_run(twelve.add(card("AH"), "high", rules).cards, rules)


# -- swapping wilds ----------------------------------------------------------------------------

SET_TEXT = "7H 7C JK"  # the joker stands for a seven
RUN_TEXT = "7H 8H JK 10H"  # the joker stands for the 9♥


@pytest.mark.parametrize(
    ("preset", "mode", "set_ok", "run_ok"),
    [
        pytest.param("online", WildSwap.TO_HAND, True, True, id="to_hand"),
        pytest.param("classic", WildSwap.RUN_REMELD, False, True, id="run_remeld"),
        pytest.param(
            "traditional", WildSwap.GOING_DOWN_TURN_REMELD, False, True, id="going_down_turn"
        ),
        pytest.param("i_buy", WildSwap.SET_OWN_SET, True, False, id="set_own_set"),
        pytest.param("house", WildSwap.NONE, False, False, id="none"),
    ],
)
def test_can_replace_wild_per_swap_mode(
    preset: str, mode: WildSwap, set_ok: bool, run_ok: bool
) -> None:
    # the same joker-holding melds under each mode (sets with two naturals satisfy every limit)
    rules = R("house").replace(wild_swap=mode)
    set_meld = Meld.build("set", cards(SET_TEXT), rules)
    run_meld = Meld.build("run", cards(RUN_TEXT), rules)
    set_verdict = lp.can_replace_wild(set_meld, 2, card("7D"), rules)
    run_verdict = lp.can_replace_wild(run_meld, 2, card("9H"), rules)
    assert bool(set_verdict) is set_ok
    assert bool(run_verdict) is run_ok
    if not set_ok:
        assert set_verdict.code == "no_swap"
    if not run_ok:
        assert run_verdict.code == "no_swap"
    # the preset itself plays this mode
    assert R(preset).wild_swap is mode


def test_swap_in_the_presets_own_wilds() -> None:
    classic = R("classic")
    run = Meld.build("run", cards("7H 8H 2C 10H"), classic)
    assert lp.can_replace_wild(run, 2, card("9H"), classic)
    assert not lp.can_replace_wild(run, 2, card("9D"), classic)
    online = R("online")
    wild_set = Meld.build("set", cards("9H 9C 2D"), online)
    assert lp.can_replace_wild(wild_set, 2, card("9S"), online)


@pytest.mark.parametrize("wrong", ["9D", "8H", "10H", "JK", "2S"])
def test_swap_needs_the_natural_the_wild_stands_for(wrong: str) -> None:
    rules = R("online")
    meld = Meld.build("run", cards(RUN_TEXT), rules)
    verdict = lp.can_replace_wild(meld, 2, card(wrong), rules)
    assert not verdict
    assert verdict.code in ("wrong_natural", "swap_with_wild")
    assert verdict.reason


def test_swap_in_a_set_needs_its_rank() -> None:
    rules = R("online")
    meld = Meld.build("set", cards("7H 7C JK"), rules)
    assert lp.can_replace_wild(meld, 2, card("7S"), rules)
    assert lp.can_replace_wild(meld, 2, card("7H"), rules)
    verdict = lp.can_replace_wild(meld, 2, card("8S"), rules)
    assert not verdict
    assert verdict.code == "wrong_natural"


def test_swap_only_where_a_wild_sits() -> None:
    rules = R("online")
    meld = Meld.build("run", cards(RUN_TEXT), rules)
    verdict = lp.can_replace_wild(meld, 0, card("7H"), rules)
    assert not verdict
    assert verdict.code == "not_wild"
    assert not lp.can_replace_wild(meld, 9, card("9H"), rules)


def test_replace_wild_gives_the_meld_and_the_freed_wild() -> None:
    rules = R("online")
    meld = Meld.build("run", cards(RUN_TEXT), rules, owner=0)
    new, freed = meld.replace_wild(2, card("9H"), rules)
    assert new.cards == tuple(cards("7H 8H 9H 10H"))
    assert freed == card("JK")
    assert new.owner == 0
    assert lp.check_run(new.cards, rules)
    with pytest.raises(IllegalAction):
        meld.replace_wild(2, card("9D"), rules)


# -- properties --------------------------------------------------------------------------------

SMALL_PRESETS = st.sampled_from(PRESET_NAMES)


@st.composite
def set_like(draw: st.DrawFn) -> list[Card]:
    """3-6 cards mostly of one or two ranks, with some wilds."""
    ranks = draw(st.lists(st.sampled_from(["A", "2", "7", "8"]), min_size=1, max_size=2))
    pool = [card(r + s) for r in ranks for s in "SHDC"] + [card("JK")]
    return draw(st.lists(st.sampled_from(pool), min_size=3, max_size=6))


@given(SMALL_PRESETS, set_like(), st.randoms(use_true_random=False))
def test_set_verdict_does_not_depend_on_order(preset: str, hand: list[Card], rnd: object) -> None:
    rules = R(preset)
    shuffled = list(hand)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    a, b = lp.check_set(hand, rules), lp.check_set(shuffled, rules)
    assert bool(a) == bool(b)
    assert a.code == b.code


@st.composite
def run_like(draw: st.DrawFn, max_size: int = 8) -> list[Card]:
    """Cards from a window of ranks in one or two suits, with some wilds."""
    start = draw(st.integers(1, 11))
    values = range(start, min(start + 5, 15))
    symbols = ["A" if v in (1, 14) else lp.Rank(v).symbol for v in values]
    suits = draw(st.lists(st.sampled_from("SHDC"), min_size=1, max_size=2, unique=True))
    pool = [card(sym + s) for sym in symbols for s in suits] + [card("JK"), card("2C")]
    return draw(st.lists(st.sampled_from(pool), min_size=3, max_size=max_size))


@given(SMALL_PRESETS, run_like())
def test_arrange_run_returns_a_legal_permutation(preset: str, hand: list[Card]) -> None:
    rules = R(preset)
    placed = lp.arrange_run(hand, rules)
    if placed is not None:
        assert lp.check_run(placed, rules)
        assert sorted(placed, key=Card.sort_key) == sorted(hand, key=Card.sort_key)


@given(SMALL_PRESETS, run_like(max_size=6))
def test_arrange_run_finds_a_placement_whenever_one_exists(preset: str, hand: list[Card]) -> None:
    rules = R(preset)
    legal = any(lp.check_run(p, rules) for p in set(permutations(hand)))
    assert (lp.arrange_run(hand, rules) is not None) is legal


@given(SMALL_PRESETS, run_like())
def test_a_built_run_stands_for_consecutive_cards_of_its_suit(
    preset: str, hand: list[Card]
) -> None:
    rules = R(preset)
    placed = lp.arrange_run(hand, rules)
    if placed is None:
        return
    meld = Meld.build("run", placed, rules)
    assert list(meld.values) == list(range(meld.low, meld.low + len(placed)))
    for i, c in enumerate(placed):
        if not rules.is_wild(c):
            assert meld.natural_for(i) == c


@pytest.mark.parametrize(
    ("table", "words"),
    [("AS AH AD", "The 4♠ is not an ace,"), ("8S 8H 8D", "not an eight,"), ("KS KH KD", "a king")],
)
def test_a_card_that_does_not_fit_a_set_is_refused_in_plain_english(table: str, words: str) -> None:
    house = lp.PRESETS["house"]
    meld = Meld.build("set", lp.parse_cards(table), house)
    with pytest.raises(IllegalAction, match=words):
        meld.add(Card.parse("4S"), None, house)


# -- card text and preset names, as a learner writes them (the audit of melds' public API) ---------


def test_a_wild_swap_reads_card_text_and_a_presets_name() -> None:
    """``m.can_replace_wild(2, "JH", o)`` said "only the J♥ can take its place, not the JH"."""
    online = R("online")
    run = Meld.build("run", "9H 10H JK QH", online)
    assert run.can_replace_wild(2, "JH", online) == run.can_replace_wild(2, card("JH"), online)
    assert run.can_replace_wild(2, "jh", "online").ok
    assert lp.can_replace_wild(run, 2, "J♥", "Online").ok
    assert run.replace_wild(2, "JH", "online") == run.replace_wild(2, card("JH"), online)
    wrong = run.can_replace_wild(2, "JD", online)
    assert wrong.code == "wrong_natural" and "not the J♦" in wrong.reason
    sevens = Meld.build("set", "9H 9C JK", online)  # a set raised AttributeError
    assert sevens.can_replace_wild(2, "9S", online).ok
    assert sevens.replace_wild(2, "9S", "online")[0].cards == tuple(cards("9H 9C 9S"))


def test_building_and_laying_off_read_card_text_and_a_presets_name() -> None:
    house = R("house")
    sevens = Meld.build("set", "7H 7C 7S", "house")
    assert sevens == Meld.build("set", cards("7H 7C 7S"), house)
    assert sevens.add("7D", None, "house") == sevens.add(card("7D"), None, house)
    assert sevens.lay_off_ends("7d", "house") == (None,)
    run = Meld.build("run", "9H 10H JH QH", house)
    assert lp.lay_off_ends(run, "KH", house) == run.lay_off_ends("KH", "house") == ("high",)
    assert run.add("8H", "low", "house").cards[0] == card("8H")
    assert lp.lay_off_ends(run, "KS", "house") == ()
    assert lp.check_meld("7H 7C 7S", "set", "house").ok


def test_the_freed_wild_rules_read_card_text_and_a_presets_name() -> None:
    i_buy = R("i_buy")
    own_set = Meld.build("set", "7H 7C JK", i_buy, owner=0)
    run = Meld.build("run", "9H 10H JH QH", i_buy, owner=0)
    assert melds_module.may_hold_freed_wild(own_set, "i_buy", 0)
    assert not melds_module.may_hold_freed_wild(run, "i_buy", 0)
    assert melds_module.freed_wild_misplaced("JK", "JK", own_set, "i_buy", 0) is None
    assert melds_module.freed_wild_misplaced("JK", "KH", run, "i_buy", 0) == (
        "You must lay the freed 🃏 on a set of your own at once."
    )
    assert "freed 🃏 must be laid on a set of your own" in melds_module.freed_wild_stuck(
        "JK", "i_buy"
    )


def test_every_public_meld_function_takes_card_text_and_a_presets_name() -> None:
    """The audit, kept: each public function or method of melds.py that takes a card takes card
    text too, and each that takes rules takes a preset's name (so none can be added that
    refuses them with an AttributeError). Read from the source, which both builds ship."""
    source = pathlib.Path(lp.__file__).with_name("melds.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    meld = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Meld")
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    functions = [f for f in functions if f.name in melds_module.__all__]
    functions += [n for n in meld.body if isinstance(n, ast.FunctionDef) and n.name[0] != "_"]
    checked = 0
    for function in functions:
        arguments = function.args.args + function.args.kwonlyargs
        for argument in arguments:
            if argument.arg in ("card", "pending", "freed", "rules"):
                assert argument.annotation is not None, (function.name, argument.arg)
                words = ast.unparse(argument.annotation).replace(" ", "").split("|")
                assert "str" in words, (function.name, argument.arg)
                checked += 1
    assert checked >= 20


@pytest.mark.parametrize("kind", ["Set", "SET", " set ", lp.MeldKind.SET])
def test_a_meld_kind_is_read_in_any_case(kind: str) -> None:
    assert Meld.build(kind, "7H 7C 7S", "house").kind is lp.MeldKind.SET
    assert lp.check_meld("7H 7C 7S", kind, "house").ok
    assert Meld.build(kind.upper().replace("SET", "Run"), "7H 8H 9H 10H", "house").suit


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("book", "a meld is a 'set' or a 'run', not 'book' (a book is what liverpool calls a set)"),
        ("sequence", "a meld is a 'set' or a 'run', not 'sequence'"),
        (None, "a meld is a 'set' or a 'run', not None"),
        (3, "a meld is a 'set' or a 'run', not 3"),
    ],
)
def test_a_meld_kind_that_is_no_kind_is_refused_in_words(kind: object, words: str) -> None:
    """``Meld.build("Set", ...)`` raised a bare "'Set' is not a valid MeldKind"."""
    for call in (
        lambda: Meld.build(kind, "7H 7C 7S", "house"),  # type: ignore[arg-type]
        lambda: lp.check_meld("7H 7C 7S", kind, "house"),  # type: ignore[arg-type]
    ):
        with pytest.raises(lp.RulesError) as caught:
            call()
        assert str(caught.value) == words


def test_rules_none_is_refused_as_check_set_refuses_it() -> None:
    run = Meld.build("run", "9H 10H JK QH", "online")
    words = "rules must be a preset name or a Rules value, not None"
    for call in (
        lambda: Meld.build("set", "7H 7C 7S", None),  # type: ignore[arg-type]
        lambda: run.add("KH", "high", None),  # type: ignore[arg-type]
        lambda: lp.lay_off_ends(run, "KH", None),  # type: ignore[arg-type]
        lambda: run.can_replace_wild(2, "JH", None),  # type: ignore[arg-type]
        lambda: lp.check_set("7H 7C 7S", None),  # type: ignore[arg-type]
    ):
        with pytest.raises(lp.RulesError, match=words):
            call()
    with pytest.raises(lp.CardParseError, match="cannot read 'JX' as a card"):
        run.can_replace_wild(2, "JX", "online")
    assert run == Meld.build("run", "9H 10H JK QH", "online")  # nothing changed


def test_a_place_the_meld_does_not_have_is_refused_naming_the_places() -> None:
    """``m.stands_for(9)`` raised IndexError."""
    run = Meld.build("run", "9H 10H JK QH", "online")
    for call in (lambda: run.stands_for(9), lambda: run.natural_for(4), lambda: run.stands_for(-5)):
        with pytest.raises(IllegalAction) as caught:
            call()
        assert "This run has 4 cards, at places 0 to 3: there is no place" in str(caught.value)
    assert run.stands_for(2) == "J♥" and run.stands_for(-1) == "Q♥"
    assert run.natural_for(2) == card("JH")
    sevens = Meld.build("set", "7H 7C JK", "online")
    with pytest.raises(IllegalAction, match="This set has 3 cards, at places 0 to 2"):
        sevens.stands_for(3)
    assert value_rank(14) is lp.Rank.ACE and value_rank(13) is lp.Rank.KING
    with pytest.raises(IllegalAction, match=r"from 1 .* to 14 .*; there is none of value 15"):
        value_rank(15)


def test_a_run_end_that_is_no_end_is_refused_in_words() -> None:
    run = Meld.build("run", "9H 10H JH QH", "house")
    with pytest.raises(IllegalAction, match=r"A run's ends are 'low' and 'high'.*not 'top'"):
        run.add("KH", "top", "house")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="The K♥ does not fit at the low end of this run"):
        run.add("KH", "low", "house")


def test_a_meld_repr_can_be_pasted_back() -> None:
    """A run's repr held ``suit=<Suit.HEARTS: 'H'>``, which is not Python."""
    run = Meld.build("run", "9H 10H JK QH", "online", owner=1)
    assert "suit=Suit.HEARTS" in repr(run)
    names = {"Meld": Meld, "MeldKind": lp.MeldKind, "Card": Card, "Suit": lp.Suit}
    assert eval(repr(run), names) == run
    verdict = lp.check_run("9H 10H JK QH", "online")
    names |= {"Verdict": Verdict, "VerdictCode": VerdictCode}
    assert eval(repr(verdict), names) == verdict
