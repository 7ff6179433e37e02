"""Scenario tests of the table rules: going down, laying off, swapping wilds, rummy and
Liverpool calls, going out and floating (docs/rules.md §1–§3), one stacked deal per rule and per
preset cell of the §3 tables where the presets differ.

Every deal is stacked with ``Game.from_deal``. The hands are drawn above each deal as a small
grid, one row per suit and one column per seat (``🃏`` = jokers), OpenSpiel style; the stock
is listed top card first. The last seat deals, so seat 0 (Ada) always plays first. A few
scenarios reuse one 10-card hand across presets whose deals give out more or fewer cards: the
rule under test does not depend on the hand size.

Every illegal action is checked to raise ``IllegalAction`` whose message names the rule in a
learner's words (a key phrase is asserted) and to leave ``g.state_key()`` exactly as it was.
"""

from __future__ import annotations

from collections import Counter

import pytest

import liverpool as lp
from liverpool import (
    Buy,
    CallLiverpool,
    CallRummy,
    Discard,
    DrawStock,
    GiveCard,
    GoDown,
    GoOut,
    IllegalAction,
    LayOff,
    Pass,
    Phase,
    SwapWild,
    TakeDiscard,
)

# -- helpers ----------------------------------------------------------------------------------


def game(
    rules: str | lp.Rules,
    hands: list[str],
    stock: str = "",
    upcard: str = "3C",
    deal: int = 1,
) -> lp.Game:
    """A stacked deal in which seat 0 plays first (the last seat deals)."""
    return lp.Game.from_deal(
        rules, hands=hands, stock=stock, upcard=upcard, deal=deal, dealer=len(hands) - 1
    )


def refused(g: lp.Game, action: lp.Action, *phrases: str) -> str:
    """``action`` is illegal, says each of ``phrases``, and changes nothing."""
    before = g.state_key()
    actor = g.to_act
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    message = str(info.value)
    for phrase in phrases:
        assert phrase.lower() in message.lower(), message
    assert g.state_key() == before
    assert g.to_act == actor
    return message


def draw(g: lp.Game) -> list[lp.Event]:
    """The player to act draws from the stock; every buyer offered the discard passes."""
    assert g.phase is Phase.DRAW
    events = g.apply(DrawStock())
    while g.phase is Phase.BUY:  # type: ignore[comparison-overlap]
        events += g.apply(Pass())
    assert g.phase is Phase.PLAY  # type: ignore[comparison-overlap]
    return events


def turn(g: lp.Game, discard: str) -> list[lp.Event]:
    """A quiet turn: draw from the stock, discard ``discard``."""
    return draw(g) + g.apply(Discard(discard))


def kinds(events: list[lp.Event]) -> list[str]:
    return [e.kind for e in events]


def same(cards: list[lp.Card] | tuple[lp.Card, ...], text: str) -> bool:
    """The same cards as ``text``, in any order."""
    return Counter(cards) == Counter(lp.parse_cards(text))


def meld_text(meld: lp.Meld) -> str:
    return " ".join(c.code for c in meld.cards)


# Two quiet hands for the other seats: no 2s, no jokers, nothing that fits the melds below.
BEN = "3S 4H 6C 8D 10S JC QD KH AS 5D"
CLEO = "3H 5S 6D 8C 10D JS QS KD AC 6H"

# Ada's usual hand: two sets for deal 1, a spare 7 to lay off, junk to discard.
ADA = "7H 7C 7S 9D 9S 9H 7D KC 4D 5C"
SEVENS, NINES = "7H 7C 7S", "9D 9S 9H"

# Two big sets: the contract of deal 1 can take the whole hand.
BIG = "7H 7C 7S 7D 7H 9D 9S 9H 9C 9D"
BIG_SEVENS, BIG_NINES = "7H 7C 7S 7D 7H", "9D 9S 9H 9C 9D"


# =============================================================================================
# Going down
# =============================================================================================


def test_going_down_only_on_your_turn_after_drawing() -> None:
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 9      4 K      3 6
    #   ♦   4 7 9    5 8 Q    6 10 K
    #   ♣   5 7 K    6 J      A 8
    #   stock (top first): Q♥ · upcard 3♣
    g = game("house", [ADA, BEN, CLEO], stock="QH")
    refused(g, GoDown([SEVENS, NINES]), "must draw first")
    refused_other = g.state_key()
    with pytest.raises(IllegalAction, match="not your turn"):
        g.apply(GoDown([SEVENS, NINES]), player=1)
    assert g.state_key() == refused_other
    draw(g)
    events = g.apply(GoDown([SEVENS, NINES]))
    assert kinds(events) == ["go_down"]
    assert g.is_down(0)
    assert [meld_text(m) for m in g.table] == [SEVENS, NINES]
    assert same(g.hand(0), "7D KC 4D 5C QH")


THREE_SETS = "7H 7C 7S KC KD KS 9C 9D 9S 5C"
SET_AND_RUN = "7H 7C 7S KC KD KS 9H 10H JH 5C"


@pytest.mark.parametrize(
    ("deal", "hand", "melds", "phrase", "good"),
    [
        # too few melds: deal 1 is two sets
        (1, THREE_SETS, ["7H 7C 7S"], "no more and no fewer", ["7H 7C 7S", "KC KD KS"]),
        # too many melds: the third set is an extra meld
        (
            1,
            THREE_SETS,
            ["7H 7C 7S", "KC KD KS", "9C 9D 9S"],
            "no more and no fewer",
            ["7H 7C 7S", "KC KD KS"],
        ),
        # a set of two
        (1, THREE_SETS, ["7H 7C", "KC KD KS"], "at least 3 cards", ["7H 7C 7S", "KC KD KS"]),
        # not a meld at all
        (1, THREE_SETS, ["7H 7C KS", "9C 9D 9S"], "share one rank", ["7H 7C 7S", "9C 9D 9S"]),
        # wrong kind: deal 2 is a set and a run, not two sets
        (
            2,
            SET_AND_RUN,
            ["7H 7C 7S", "KC KD KS"],
            "do not make the contract",
            ["7H 7C 7S", "9H 10H JH QH"],
        ),
        # a run of three
        (
            2,
            SET_AND_RUN,
            ["7H 7C 7S", "9H 10H JH"],
            "at least 4 cards",
            ["7H 7C 7S", "9H 10H JH QH"],
        ),
    ],
    ids=["too-few", "too-many", "set-too-short", "not-a-set", "wrong-kind", "run-too-short"],
)
def test_going_down_is_exactly_the_contract(
    deal: int, hand: str, melds: list[str], phrase: str, good: list[str]
) -> None:
    #            Ada (THREE_SETS)   Ada (SET_AND_RUN)
    #   ♠        7 K 9              7 K
    #   ♥        7                  7 9 10 J
    #   ♦        K 9                K
    #   ♣        7 K 9 5            7 K 5
    #   stock (top first): Q♥ · upcard 3♣
    g = game("house", [hand, BEN, CLEO], stock="QH", deal=deal)
    draw(g)
    said = refused(g, GoDown(melds), phrase)
    assert said[0].isupper() or said[0].isdigit(), said  # a sentence, shown on its own
    assert not g.is_down(0)
    g.apply(GoDown(good))
    assert g.is_down(0)


def test_florida_contract_lengths_are_minimums_per_meld() -> None:
    # Florida step 5 is a set of 3 and a run of 7: a run of 5 is a run, but too short here.
    # hands:
    #       Ada             Ben             Cleo
    #   ♠   7               A 3 10          5 J Q
    #   ♥   7               4 K             3 6 9
    #   ♦   3 4 5 6 7 8 9   5 8 Q           6 10 K
    #   ♣   7 K             6 9 J           A 8
    #   stock (top first): Q♠ · upcard 3♣
    g = game(
        "florida",
        ["7H 7C 7S 3D 4D 5D 6D 7D 8D 9D KC", BEN + " 9C", CLEO + " 9H"],
        stock="QS",
        deal=5,
    )
    draw(g)
    refused(g, GoDown(["7H 7C 7S", "3D 4D 5D 6D 7D"]), "do not make the contract", "run of 7")
    g.apply(GoDown(["7H 7C 7S", "3D 4D 5D 6D 7D 8D 9D"]))
    assert [len(m.cards) for m in g.table] == [3, 7]


def test_going_down_is_all_at_once_and_extra_melds_are_refused() -> None:
    # hands:
    #       Ada       Ben       Cleo
    #   ♠   7 9 K     A 3 10    5 J Q
    #   ♥   7         4 K       3 6
    #   ♦   9 K       5 8 Q     6 10 K
    #   ♣   5 7 9 K   6 J       A 8
    #   stock (top first): Q♥ · upcard 3♣
    g = game("house", [THREE_SETS, BEN, CLEO], stock="QH")
    draw(g)
    g.apply(GoDown(["7H 7C 7S", "KC KD KS"]))
    # The third set may not follow as a meld of its own: once down, single cards only.
    refused(g, GoDown(["9C 9D 9S"]), "already gone down", "single cards")
    assert len(g.table) == 2


def test_going_down_uses_cards_in_hand() -> None:
    # hands:
    #       Ada       Ben       Cleo
    #   ♠   7 9 K     A 3 10    5 J Q
    #   ♥   7         4 K       3 6
    #   ♦   9 K       5 8 Q     6 10 K
    #   ♣   5 7 9 K   6 J       A 8
    #   stock (top first): Q♥ · upcard 3♣
    g = game("house", [THREE_SETS, BEN, CLEO], stock="QH")
    draw(g)
    refused(g, GoDown(["7H 7C 7S", "KC KD KH"]), "do not hold the K♥")
    refused(g, GoDown(["7H 7C 7S 7H", "KC KD KS"]), "do not hold another 7♥")


def test_melds_may_be_longer_than_the_contract_asks() -> None:
    # hands:
    #       Ada              Ben              Cleo
    #   ♠   7                A 3 10           5 J Q
    #   ♥   7 9 10 J Q K A   4 K              3 6
    #   ♦   7                5 8 Q            6 10 K
    #   ♣   7                6 J              A 8
    #   stock (top first): 4♣ · upcard 3♣
    g = game("house", ["7H 7C 7S 7D 9H 10H JH QH KH AH", BEN, CLEO], stock="4C", deal=2)
    draw(g)
    g.apply(GoDown(["7H 7C 7S 7D", "9H 10H JH QH KH AH"]))
    assert [len(m.cards) for m in g.table] == [4, 6]
    assert g.table[1].high == 14  # the ace plays high
    assert same(g.hand(0), "4C")


@pytest.mark.parametrize(
    ("preset", "deal", "outcome"),
    [
        ("house", 1, "go_out"),  # going out by melding the last card
        ("classic", 1, "go_out"),  # no must-keep rule in deals 1-4
        ("online", 1, "keep one card"),  # must keep a card to discard
        ("traditional", 1, "floating"),  # an empty hand without a discard floats
        ("florida", 1, "floating"),
        # E's variants go out as E's Liverpool does where their text is silent: discard or
        # meld the last card (docs/rules.md §3)
        ("i_buy", 2, "go_out"),
        ("me", 1, "go_out"),
    ],
)
def test_going_down_with_the_whole_hand(preset: str, deal: int, outcome: str) -> None:
    # Ada's contract (two sets) takes all eleven cards once she has drawn the 9♠.
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 7 9    4 K      3 6
    #   ♦   7 9 9    5 8 Q    6 10 K
    #   ♣   7 9      6 J      A 8
    #   stock (top first): 9♠ · upcard 3♣
    g = game(preset, [BIG, BEN, CLEO], stock="9S", deal=deal)
    draw(g)
    action = GoDown([BIG_SEVENS, BIG_NINES + " 9S"])
    if outcome in ("go_out", "floating"):
        events = g.apply(action)
        assert outcome in kinds(events)
        assert g.hand(0) == [] or outcome == "go_out"
        if outcome == "go_out":
            assert g.deal_scores[-1][0] == 0
            assert g.deal == deal + 1
        else:
            assert g.is_floating(0)
            assert g.to_act == 1 and g.phase is Phase.DRAW
    else:
        refused(g, action, outcome)
        g.apply(GoDown([BIG_SEVENS, BIG_NINES]))  # keeping the 9♠ is fine
        assert same(g.hand(0), "9S")


def test_classic_deal_5_whole_hand_but_one_then_discard_out() -> None:
    # hands:
    #       Ada         Ben         Cleo
    #   ♠   7 9         A 3 10      5 J Q
    #   ♥   7 9         4 K         3 6
    #   ♦   3 4 5 6 9   5 8 Q       6 10 K
    #   ♣   7           6 J         A 8
    #   stock (top first): 7♦ · upcard 3♣
    g = game("classic", ["7H 7C 7S 9D 9S 9H 3D 4D 5D 6D", BEN, CLEO], stock="7D", deal=5)
    draw(g)
    # The four sevens would use the whole hand: one card must be left to discard.
    refused(g, GoDown(["7H 7C 7S 7D", "9D 9S 9H", "3D 4D 5D 6D"]), "whole hand but one")
    g.apply(GoDown(["7H 7C 7S", "9D 9S 9H", "3D 4D 5D 6D"]))
    assert same(g.hand(0), "7D")
    # The last card is discarded at once, not laid off.
    refused(g, LayOff("7D", 0), "only by discarding")
    events = g.apply(Discard("7D"))
    assert "go_out" in kinds(events) and "deal_over" in kinds(events)
    assert g.deal_scores[-1][0] == 0 and g.deal == 6


@pytest.mark.parametrize(
    ("hand", "drawn", "out"),
    [
        ("7H 7C 7S 3D 4D 5D 6D 9S 10S JS", "QS", True),
        # eleven cards (after a buy): a contract of 3 + 4 + 4 would leave the K♣
        ("7H 7C 7S 3D 4D 5D 6D 9S 10S JS QS", "KC", False),
    ],
)
def test_classic_deal_6_whole_hand_no_discard(hand: str, drawn: str, out: bool) -> None:
    # hands:
    #       Ada (param)   Ben           Cleo
    #   ♠                 A 3 10        5 J Q
    #   ♥                 4 K           3 6
    #   ♦                 5 8 Q         6 10 K
    #   ♣                 6 J           A 8
    #   stock (top first): ‹param› · upcard 3♣
    g = game("classic", [hand, BEN, CLEO], stock=drawn, deal=6)
    draw(g)
    if out:
        events = g.apply(GoDown(["7H 7C 7S", "3D 4D 5D 6D", "9S 10S JS QS"]))
        assert kinds(events)[:3] == ["go_down", "go_out", "deal_over"]
        assert g.deal_scores[-1][0] == 0 and g.deal == 7
    else:
        refused(g, GoDown(["7H 7C 7S", "3D 4D 5D 6D", "9S 10S JS QS"]), "whole hand")
        refused(g, GoDown(["7H 7C 7S", "3D 4D 5D 6D", "9S 10S JS QS KC"]), "not a legal meld")
        g.apply(Discard("KC"))  # not down: she simply plays on
        assert not g.is_down(0) and g.to_act == 1


def test_classic_deal_7_thirteen_card_run_needs_buying() -> None:
    # With 10 cards dealt, a whole suit (13 cards) is only reachable by buying.
    # hands:
    #       Ada                 Ben                 Cleo
    #   ♠   K                   A 3 4 10            5 J Q
    #   ♥   A 2 3 4 5 6 7 8 9   J                   6 K
    #   ♦                       5 8 Q K             6 10
    #   ♣                       6                   A 3 8
    #   stock (top first): 4♣ Q♥ 7♣ · upcard 10♥
    g = game(
        "classic",
        [
            "AH 2H 3H 4H 5H 6H 7H 8H 9H KS",
            "3S 4S 6C 8D 10S JH QD KD AS 5D",
            "3C 5S 6D 8C 10D JS QS KH AC 6H",
        ],
        stock="4C QH 7C",
        upcard="10H",
        deal=7,
    )
    g.apply(TakeDiscard())  # eleven cards: A♥ to 10♥ and the K♠
    refused(g, GoDown(["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"]), "do not make the contract", "run of 13")
    g.apply(Discard("KS"))
    turn(g, "JH")  # Ben
    g.apply(DrawStock())  # Cleo declines the J♥ ...
    assert g.phase is Phase.BUY and g.to_act == 0
    g.apply(Buy())  # ... and Ada buys it, with the Q♥ as her penalty card
    assert same(g.hand(0), "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")
    g.apply(Discard("KH"))  # Cleo
    g.apply(TakeDiscard())  # Ada: thirteen hearts
    events = g.apply(GoDown(["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"]))
    assert "go_out" in kinds(events)
    assert g.is_over and g.deal_scores[-1][0] == 0


@pytest.mark.parametrize(("drawn", "out"), [("AD", True), ("5C", False)])
def test_me_deal_7_three_runs_with_the_whole_hand(drawn: str, out: bool) -> None:
    # Me deals 12; deal 7 is three runs with the whole hand, no discard; aces high only.
    # hands:
    #       Ada        Ben        Cleo
    #   ♠   8 9 10 J   A 3 10     5 7 J Q
    #   ♥   3 4 5 6    4 K        3 6 9
    #   ♦   10 J Q K   5 8 Q      6 10 K
    #   ♣              6 7 9 J    A 8
    #   stock (top first): ‹param› · upcard 3♣
    g = game(
        "me",
        ["3H 4H 5H 6H 8S 9S 10S JS 10D JD QD KD", BEN + " 7C 9C", CLEO + " 7S 9H"],
        stock=drawn,
        deal=7,
    )
    refused(g, GoOut(), "not a rule of this deal")  # no going out before drawing in Me
    draw(g)
    if out:
        events = g.apply(GoDown(["3H 4H 5H 6H", "8S 9S 10S JS", "10D JD QD KD AD"]))
        assert "go_out" in kinds(events)
        assert g.is_over and g.deal_scores[-1][0] == 0
    else:
        refused(g, GoDown(["3H 4H 5H 6H", "8S 9S 10S JS", "10D JD QD KD"]), "whole hand")


def test_house_deal_7_last_card_is_laid_off_not_discarded() -> None:
    # Ada holds 12 cards (she has bought once); the house deal 7 has no discard to go out.
    # hands:
    #       Ada        Ben        Cleo
    #   ♠   8 9 10 J   A 3 10     5 J Q
    #   ♥   3 4 5 6    4 K        3 6
    #   ♦   10 J Q K   5 8 Q      6 10 K
    #   ♣              6 J        A 8
    #   stock (top first): 7♥ · upcard 3♣
    g = game("house", ["3H 4H 5H 6H 8S 9S 10S JS 10D JD QD KD", BEN, CLEO], stock="7H", deal=7)
    draw(g)
    g.apply(GoDown(["3H 4H 5H 6H", "8S 9S 10S JS", "10D JD QD KD"]))
    assert same(g.hand(0), "7H")
    refused(g, Discard("7H"), "may not discard your last card")
    events = g.apply(LayOff("7H", 0))
    assert kinds(events)[:3] == ["lay_off", "go_out", "deal_over"]
    # The run is named as it stood, with the end: not "run of ♥ 3-7", as if it held the 7♥.
    assert events[0].text == "Ada laid the 7♥ at the high end of their own run of ♥ 3-6."
    assert g.is_over and g.deal_scores[-1][0] == 0


def test_house_deal_7_going_down_refused_when_the_last_card_cannot_be_laid_off() -> None:
    # hands:
    #       Ada        Ben        Cleo
    #   ♠   8 9 10 J   A 3 10     5 J Q
    #   ♥   3 4 5 6    4 K        3 6
    #   ♦   10 J Q K   5 8 Q      6 10 K
    #   ♣              6 J        A 8
    #   stock (top first): 5♣ · upcard 3♣
    g = game("house", ["3H 4H 5H 6H 8S 9S 10S JS 10D JD QD KD", BEN, CLEO], stock="5C", deal=7)
    draw(g)
    refused(
        g,
        GoDown(["3H 4H 5H 6H", "8S 9S 10S JS", "10D JD QD KD"]),
        "may not discard in deal 7",
        "cannot play on the table",
    )


def test_traditional_failed_going_down_costs_50_and_the_turn_goes_on() -> None:
    # hands:
    #       Ada       Ben       Cleo
    #   ♠   6 7 9     5 8       4 J Q
    #   ♥   7 9       5 8       3 6
    #   ♦   4 9       5 8       6 10 K
    #   ♣   4 7 K     5 5 8 8   A 10
    #   stock (top first): Q♥ 3♠ · upcard 3♣
    g = game(
        "traditional",
        [
            "7H 7C 7S 9D 9S 9H KC 4D 4C 6S",
            "5C 5D 5H 5S 5C 8C 8D 8H 8S 8C",
            "3H 4S 6D 10D JS QS KD AC 6H 10C",
        ],
        stock="QH 3S",
    )
    draw(g)
    events = g.apply(GoDown(["7H 7C 9D", "9S 9H 7S"]))  # not two sets: a failed attempt
    assert kinds(events) == ["failed_go_down"] and "+50" in events[0].text
    assert g.view(1).deal_penalties == (50, 0, 0)  # announced, so every seat sees it pending
    assert g.phase is Phase.PLAY and g.to_act == 0 and not g.is_down(0)
    # Cards Ada does not hold are still illegal, not a failed attempt; so are cards not parted
    # into the contract's two melds (one group of six): a slip, with nothing to judge.
    refused(g, GoDown(["7H 7C 7S", "9D 9S 9C"]), "do not hold")
    refused(g, GoDown(["7H 7C 7S 9D 9S 9H"]), "lay 2 melds at once")
    g.apply(GoDown([SEVENS, NINES]))  # the turn continues: she may still go down
    g.apply(Discard("KC"))
    draw(g)  # Ben draws the 3♠
    g.apply(GoDown(["5C 5D 5H 5S 5C", "8C 8D 8H 8S 8C"]))
    events = g.apply(Discard("3S"))
    assert "go_out" in kinds(events)
    # Ada: 4♦ 4♣ 6♠ Q♥ = 5 + 5 + 5 + 10, plus 50; Cleo: her ten cards.
    assert g.deal_scores[-1] == [25 + 50, 0, 85]


# =============================================================================================
# Laying off
# =============================================================================================


def test_laying_off_needs_going_down_first() -> None:
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 9      4 K      3 6
    #   ♦   4 7 9    8 Q      6 10 K
    #   ♣   5 7 K    6 9 J    A 8
    #   stock (top first): Q♥ 4♠ · upcard 3♣
    g = game("house", [ADA, "3S 4H 6C 8D 10S JC QD KH AS 9C", CLEO], stock="QH 4S")
    draw(g)
    refused(g, LayOff("7D", 0), "only after you have gone down")
    g.apply(GoDown([SEVENS, NINES]))
    g.apply(Discard("KC"))
    draw(g)  # Ben, not down, holds the 9♣ that fits Ada's nines
    refused(g, LayOff("9C", 1), "only after you have gone down")


@pytest.mark.parametrize(
    ("preset", "same_turn"),
    [("house", True), ("classic", True), ("traditional", True), ("online", False)],
)
def test_lay_off_timing(preset: str, same_turn: bool) -> None:
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 9      4 K      3 6
    #   ♦   4 7 9    5 8 Q    6 10 K
    #   ♣   5 7 K    6 J      A 8
    #   stock (top first): Q♥ 4♠ 10♣ 8♠ · upcard 3♣
    g = game(preset, [ADA, BEN, CLEO], stock="QH 4S 10C 8S")
    draw(g)
    g.apply(GoDown([SEVENS, NINES]))
    if same_turn:
        g.apply(LayOff("7D", 0))
        assert meld_text(g.table[0]) == "7H 7C 7S 7D"
        refused(g, Buy(), "You have drawn already: lay off, or discard.")
        return
    refused(g, LayOff("7D", 0), "on your turn after the one in which you went down")
    # what is left is only the discard: no "go down, lay off" offered in its refusals
    refused(g, Buy(), "You have drawn already: discard.")
    refused(g, GoOut(), "not a rule of this deal: discard or play your last card")
    g.apply(Discard("KC"))
    turn(g, "JC")  # Ben
    turn(g, "QS")  # Cleo
    draw(g)  # Ada's next turn
    g.apply(LayOff("7D", 0))
    assert meld_text(g.table[0]) == "7H 7C 7S 7D"


def test_lay_off_on_any_players_meld() -> None:
    # hands:
    #       Ada        Ben        Cleo
    #   ♠   7 9        4          5 J Q
    #   ♥   7 9        8 10       3 6
    #   ♦   4 7 9      8 10 J     6 10 K
    #   ♣   5 7 K      6 8 9 10   A 8
    #   stock (top first): Q♥ 4♥ · upcard 3♣
    g = game("house", [ADA, "8C 8D 8H 10C 10D 10H 9C 4S 6C JD", CLEO], stock="QH 4H")
    draw(g)
    g.apply(GoDown([SEVENS, NINES]))
    g.apply(Discard("KC"))
    draw(g)  # Ben
    g.apply(GoDown(["8C 8D 8H", "10C 10D 10H"]))
    events = g.apply(LayOff("9C", 1))  # onto Ada's nines
    assert "Ada's" in events[0].text
    assert meld_text(g.table[1]) == "9D 9S 9H 9C"
    assert g.table[1].owner == 0


def test_lay_off_one_card_at_a_time() -> None:
    # Laying several cards is not one action: after going down, no more melds of your own.
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 7 9    4 K      3 6
    #   ♦   7 9 9    5 8 Q    6 10 K
    #   ♣   7 9      6 J      A 8
    #   stock (top first): 7♣ 4♠ 10♣ 9♠ · upcard 3♣
    g = game("online", [BIG, BEN, CLEO], stock="7C 4S 10C 9S")
    draw(g)
    g.apply(GoDown(["7H 7C 7S", "9D 9S 9H"]))
    g.apply(Discard("7C"))
    turn(g, "JC")
    turn(g, "QS")
    draw(g)
    refused(g, GoDown(["7D 7H", "9C 9D"]), "single cards")
    g.apply(LayOff("7D", 0))
    g.apply(LayOff("7H", 0))
    assert meld_text(g.table[0]) == "7H 7C 7S 7D 7H"


RUN_HAND = "KC KD KS 5H 6H 7H 8H 4H 9H JK"


def test_lay_off_at_either_end_of_a_run() -> None:
    # hands:
    #       Ada           Ben           Cleo
    #   ♠   K             A 3 10        5 J Q
    #   ♥   4 5 6 7 8 9   4 K           3 6
    #   ♦   K             5 8 Q         6 10 K
    #   ♣   K             6 J           A 8
    #   🃏  🃏
    #   stock (top first): Q♣ · upcard 3♣
    g = game("house", [RUN_HAND, BEN, CLEO], stock="QC", deal=2)
    draw(g)
    g.apply(GoDown(["KC KD KS", "5H 6H 7H 8H"]))
    refused(g, LayOff("9H", 1, "low"), "does not fit at the low end")
    g.apply(LayOff("4H", 1))  # only the low end fits: no need to say
    g.apply(LayOff("9H", 1, "high"))
    assert meld_text(g.table[1]) == "4H 5H 6H 7H 8H 9H"
    # A wild fits at both ends: the player must say which.
    refused(g, LayOff("JK", 1), "say which end")
    g.apply(LayOff("JK", 1, "low"))
    assert meld_text(g.table[1]) == "JK 4H 5H 6H 7H 8H 9H"
    assert g.table[1].stands_for(0) == "3♥"


def test_a_card_that_does_not_fit_is_refused_with_the_reason() -> None:
    # hands:
    #       Ada          Ben          Cleo
    #   ♠   3 K          A 3 10       5 J Q
    #   ♥   5 6 7 8 10   4 K          3 6
    #   ♦   K            5 8 Q        6 10 K
    #   ♣   Q K          6 J          A 8
    #   stock (top first): 4♦ · upcard 3♣
    g = game("house", ["KC KD KS 5H 6H 7H 8H 10H QC 3S", BEN, CLEO], stock="4D", deal=2)
    draw(g)
    g.apply(GoDown(["KC KD KS", "5H 6H 7H 8H"]))
    refused(g, LayOff("QC", 0), "not a king", "set of kings")
    refused(g, LayOff("10H", 1), "only the 4♥ or the 9♥ fits this run")
    refused(g, LayOff("QC", 1), "not a heart")
    refused(g, LayOff("4D", 1), "not a heart")
    refused(g, LayOff("4H", 1), "do not hold the 4♥")
    refused(g, LayOff("10H", 5), "no meld number 5")


def test_online_lay_off_keeps_wilds_apart() -> None:
    # Online: no two wilds side by side in a run (jokers and 2s are wild).
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   4 K      A 3 10   5 J Q
    #   ♥   6 7 8    4 K      3 6
    #   ♦   K        5 8 Q    6 10 K
    #   ♣   2 10 K   6 J      A 8
    #   🃏  🃏
    #   stock (top first): Q♣ 3♦ 5♠ 9♠ · upcard 3♣
    g = game("online", ["KC KD KS JK 6H 7H 8H 2C 4S 10C", BEN, CLEO], stock="QC 3D 5S 9S", deal=2)
    draw(g)
    g.apply(GoDown(["KC KD KS", "JK 6H 7H 8H"]))  # the joker stands for the 5♥
    g.apply(Discard("10C"))
    turn(g, "JC")
    turn(g, "QS")
    draw(g)
    refused(g, LayOff("2C", 1, "low"), "side by side")
    g.apply(LayOff("2C", 1, "high"))
    assert meld_text(g.table[1]) == "JK 6H 7H 8H 2C"


def test_classic_lay_off_keeps_one_wild_per_four() -> None:
    # Classic: 2s are wild; any four cards in a row of a run hold at most one wild.
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   2 4 9    A 3 10   5 J Q
    #   ♥   5 6 7    4 K      3 6
    #   ♦   2 9      5 8 Q    6 10 K
    #   ♣   2 9      6 J      A 8
    #   stock (top first): Q♣ · upcard 3♣
    g = game("classic", ["9C 9D 9S 5H 6H 7H 2C 2D 2S 4S", BEN, CLEO], stock="QC", deal=2)
    draw(g)
    g.apply(GoDown(["9C 9D 9S", "5H 6H 7H 2C"]))  # the 2♣ stands for the 8♥
    refused(g, LayOff("2D", 1, "high"), "four cards in a row")
    g.apply(LayOff("2D", 1))  # only the low end keeps the limit
    assert meld_text(g.table[1]) == "2D 5H 6H 7H 2C"
    refused(g, LayOff("2S", 1), "four cards in a row")  # fits neither end now
    g.apply(LayOff("2S", 0))  # a set with two naturals takes any wild
    assert meld_text(g.table[0]) == "9C 9D 9S 2S"


def test_house_lay_off_lets_wilds_sit_together() -> None:
    # House: a run needs one natural, nothing more (the silent cell), so jokers may touch.
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   4 9      A 3 10   5 J Q
    #   ♥   5 6 7    4 K      3 6
    #   ♦   9        5 8 Q    6 10 K
    #   ♣   9 10     6 J      A 8
    #   🃏  🃏 🃏
    #   stock (top first): Q♣ · upcard 3♣
    g = game("house", ["9C 9D 9S 5H 6H 7H JK JK 4S 10C", BEN, CLEO], stock="QC", deal=2)
    draw(g)
    g.apply(GoDown(["9C 9D 9S", "5H 6H 7H JK"]))
    g.apply(LayOff("JK", 1, "high"))
    assert meld_text(g.table[1]) == "5H 6H 7H JK JK"


# =============================================================================================
# Swapping wilds
# =============================================================================================


def test_online_swap_wild_to_hand_from_the_next_turn() -> None:
    # hands:
    #       Ada         Ben         Cleo
    #   ♠   2           A 3 10      5 J Q
    #   ♥   5 6 7 8 9   4 K         3 6
    #   ♦   9           5 8 Q       6 10 K
    #   ♣   9 K         6 J         A 8
    #   🃏  🃏
    #   stock (top first): Q♣ 3♦ 5♠ 4♣ · upcard 3♣
    g = game("online", ["9C 9D 2S 5H JK 7H 8H 6H 9H KC", BEN, CLEO], stock="QC 3D 5S 4C", deal=2)
    draw(g)
    g.apply(GoDown(["9C 9D 2S", "5H JK 7H 8H"]))
    refused(g, SwapWild("6H", 1, 1), "on your turn after the one in which you went down")
    g.apply(Discard("KC"))
    turn(g, "JC")
    turn(g, "QS")
    draw(g)  # Ada draws the 4♣
    refused(g, SwapWild("9H", 1, 1), "stands for the 6♥")
    g.apply(SwapWild("6H", 1, 1))  # runs ...
    assert meld_text(g.table[1]) == "5H 6H 7H 8H"
    g.apply(SwapWild("9H", 0, 2))  # ... and sets; the wilds go to Ada's hand
    assert meld_text(g.table[0]) == "9C 9D 9H"
    assert same(g.hand(0), "JK 2S QC 4C")
    g.apply(Discard("QC"))  # nothing has to be melded again
    assert g.to_act == 1


def test_classic_swap_another_players_2_in_a_run_and_remeld_it() -> None:
    # E: "a player may replace that other player's laid 2 from within a run" — never one of
    # their own, and the freed 2 must be melded again before the turn ends.
    # hands:
    #       Ada         Ben         Cleo
    #   ♠   2           3 4 5 6 Q   J K
    #   ♥   5 6 7 8 9   6           3
    #   ♦   9           Q K         4 6 10 K
    #   ♣   2 9 K       J Q         5 8 A
    #   stock (top first): J♦ 10♣ · upcard 3♣
    g = game(
        "classic",
        [
            "9C 9D 2S 5H 2C 7H 8H 6H 9H KC",
            "QC QD QS 3S 4S 5S 6S 6H KD JC",
            "3H 4D 6D 8C 10D JS KS KD AC 5C",
        ],
        stock="JD 10C",
        deal=2,
    )
    draw(g)
    g.apply(GoDown(["9C 9D 2S", "5H 2C 7H 8H"]))
    # Ada holds the 6♥ her own 2♣ stands for, but it is her own run.
    refused(g, SwapWild("6H", 1, 1), "only take a wild from another player's meld")
    assert not [a for a in g.legal_actions() if isinstance(a, SwapWild)]
    g.apply(Discard("KC"))
    draw(g)  # Ben draws the 10♣
    refused(g, SwapWild("6H", 1, 1), "only after you have gone down")
    g.apply(GoDown(["QC QD QS", "3S 4S 5S 6S"]))
    assert SwapWild("6H", 1, 1) in g.legal_actions()
    refused(g, SwapWild("KD", 0, 2), "from a set")  # runs only
    g.apply(SwapWild("6H", 1, 1))  # Ada's run, from Ben's going-down turn: lay-offs are open
    assert meld_text(g.table[1]) == "5H 6H 7H 8H"
    refused(g, Discard("KD"), "first lay the freed 2♣")
    refused(g, Discard("2C"), "first lay the freed 2♣")
    g.apply(LayOff("2C", 3, "high"))  # on Ben's own run, standing for the 7♠
    assert meld_text(g.table[3]) == "3S 4S 5S 6S 2C"
    g.apply(Discard("KD"))
    assert g.to_act == 2


def test_classic_swap_refused_when_the_freed_2_fits_nowhere() -> None:
    # Peruvian deal (12 cards). Ada's runs hold a 2 at each end; Ben's hold a 2 inside: under
    # "any four in a row hold one wild" no wild can be added at any end of any run.
    # hands:
    #       Ada            Ben          Cleo
    #   ♠   2 10 J Q K     3 4 6        5 J Q
    #   ♥   2 9 J Q K      A            3 6
    #   ♦   2              2 3 4 6      5 6 10 K
    #   ♣   2              8 9 10       4 8 A
    #   ♥2 in Ben's hand too · stock (top first): 5♣ 7♣ · upcard 3♣
    rules = lp.PRESETS["classic"].replace(peruvian=True)
    g = game(
        rules,
        [
            "2D JH QH KH 2C 2H JS QS KS 2S 9H 10S",
            "3S 4S 2D 6S 3D 4D 2H 6D AH 9C 10C 8C",
            "3H 5S 6D 8C 10D JS QS KD AC 6H 5D 4C",
        ],
        stock="5C 7C",
        deal=3,
    )
    draw(g)
    g.apply(GoDown(["2D JH QH KH 2C", "2H JS QS KS 2S"]))
    g.apply(Discard("10S"))  # (the 9♥ would fit below the 2♦: a rummy call)
    draw(g)  # Ben draws the 7♣
    g.apply(GoDown(["3S 4S 2D 6S", "3D 4D 2H 6D"]))
    refused(g, SwapWild("AH", 0, 4), "fit nowhere")
    assert not [a for a in g.legal_actions() if isinstance(a, SwapWild)]


def test_traditional_swap_another_players_joker_only_in_the_going_down_turn() -> None:
    # T: "заменить джокер другого игрока в серии" (replace another player's joker in a run),
    # only in the turn you go down, and the freed joker must be laid again that turn.
    # hands:
    #       Ada         Ben           Cleo
    #   ♠               3 4 5 6 Q     J K
    #   ♥   5 6 7 8 9   6 9           3
    #   ♦   9           Q             4 5 6 10 K
    #   ♣   9 K         J Q           8 A
    #   🃏  🃏 🃏
    #   stock (top first): Q♥ 3♦ 5♣ 4♦ 10♥ · upcard 3♣
    g = game(
        "traditional",
        [
            "9C 9D JK 5H JK 7H 8H 6H 9H KC",
            "QC QD QS 3S 4S 5S 6S 6H 9H JC",
            "3H 4D 5D 6D 8C 10D JS KS KD AC",
        ],
        stock="QH 3D 5C 4D 10H",
        deal=2,
    )
    draw(g)
    g.apply(GoDown(["9C 9D JK", "5H JK 7H 8H"]))
    refused(g, SwapWild("6H", 1, 1), "only take a wild from another player's meld")
    g.apply(Discard("KC"))
    draw(g)  # Ben draws the 3♦
    g.apply(GoDown(["QC QD QS", "3S 4S 5S 6S"]))
    refused(g, SwapWild("9H", 0, 2), "from a set")  # runs only
    g.apply(SwapWild("6H", 1, 1))
    refused(g, Discard("JC"), "first lay the freed")
    g.apply(LayOff("JK", 1, "high"))  # the joker now stands for the 9♥ of Ada's run
    assert meld_text(g.table[1]) == "5H 6H 7H 8H JK"
    g.apply(Discard("JC"))
    turn(g, "JS")  # Cleo
    turn(g, "4D")  # Ada
    draw(g)  # Ben, a turn after going down
    refused(g, SwapWild("9H", 1, 4), "only in the turn you go down")


def test_i_buy_swap_from_a_set_onto_a_set_of_your_own() -> None:
    # hands:
    #       Ada    Ben    Cleo
    #   ♠   4 K    9 Q    5 J
    #   ♥          8      3 6
    #   ♦   8 K    9 Q    6 10
    #   ♣   8 K    9 Q    A
    #   🃏  🃏
    #   stock (top first): 10♣ 5♦ · upcard 7♠
    g = game(
        "i_buy",
        ["8C 8D JK KC KD KS 4S", "9C 9D 9S QC QD QS 8H", "3H 5S 6D 10D JS AC 6H"],
        stock="10C 5D",
        upcard="7S",
        deal=2,
    )
    draw(g)
    g.apply(GoDown(["8C 8D JK", "KC KD KS"]))
    g.apply(Discard("4S"))
    draw(g)  # Ben draws the 5♦
    g.apply(GoDown(["9C 9D 9S", "QC QD QS"]))
    refused(g, SwapWild("8H", 1, 2), "no wild card at that place")
    g.apply(SwapWild("8H", 0, 2))
    assert meld_text(g.table[0]) == "8C 8D 8H"
    refused(g, Discard("5D"), "first lay the freed")
    refused(g, LayOff("JK", 1), "set of your own")  # Ada's kings
    g.apply(LayOff("JK", 2))  # Ben's own nines
    assert meld_text(g.table[2]) == "9C 9D 9S JK"
    assert "go_out" in kinds(g.apply(Discard("5D")))


def test_house_has_no_wild_swap() -> None:
    # hands:
    #       Ada       Ben       Cleo
    #   ♠   4 9       A 3 10    5 J Q
    #   ♥   5 6 7 8   4 K       3 6
    #   ♦   9         5 8 Q     6 10 K
    #   ♣   9 K       6 J       A 8
    #   🃏  🃏
    #   stock (top first): Q♣ · upcard 3♣
    g = game("house", ["9C 9D 9S 5H JK 7H 8H 6H KC 4S", BEN, CLEO], stock="QC", deal=2)
    draw(g)
    g.apply(GoDown(["9C 9D 9S", "5H JK 7H 8H"]))
    refused(g, SwapWild("6H", 1, 1), "do not let you take a wild card")


# =============================================================================================
# Rummy and Liverpool calls
# =============================================================================================


@pytest.mark.parametrize(
    ("preset", "deal"),
    # E's variants inherit its Liverpool's rummy call, their own lines being silent (docs/rules.md
    # §3); I Buy's first deal asks for one set, so its second deal is used.
    [("classic", 1), ("florida", 1), ("i_buy", 2), ("me", 1)],
)
def test_rummy_call_each_other_player_gives_a_card(preset: str, deal: int) -> None:
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 9      4 K      3 6
    #   ♦   4 7 9    5 8 Q    6 10 K
    #   ♣   5 7 K    6 J      A 8
    #   stock (top first): Q♥ 4♠ · upcard 3♣
    g = game(preset, [ADA, BEN, CLEO], stock="QH 4S", deal=deal)
    draw(g)
    g.apply(GoDown([SEVENS, NINES]))
    g.apply(Discard("7D"))  # the 7♦ could have gone on her sevens
    assert g.phase is Phase.RUMMY_CALL and g.to_act == 1
    refused(g, DrawStock(), "may call on the last discard, or pass")
    assert CallRummy() in g.legal_actions() and Pass() in g.legal_actions()
    g.apply(Pass())  # Ben does not call ...
    assert g.to_act == 2
    g.apply(CallRummy())  # ... any other player may: Cleo does
    assert g.phase is Phase.GIVE_CARD and g.to_act == 1  # type: ignore[comparison-overlap]
    refused(g, Pass(), "must give Ada one card")
    refused(g, GiveCard("7H"), "no 7♥ to give")
    g.apply(GiveCard("AS"))  # a card of the giver's choice
    assert g.to_act == 2
    g.apply(GiveCard("3H"))
    assert g.phase is Phase.DRAW and g.to_act == 1
    assert same(g.hand(0), "KC 4D 5C QH AS 3H")
    assert g.discard_top == lp.Card.parse("7D")


def test_classic_no_rummy_window_for_a_discard_that_fits_nowhere() -> None:
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 9      4 K      3 6
    #   ♦   4 7 9    8 Q      6 10 K
    #   ♣   5 7 K    6 9 J    A 8
    #   stock (top first): Q♥ 4♠ · upcard 3♣
    g = game("classic", [ADA, "3S 4H 6C 8D 10S JC QD KH AS 9C", CLEO], stock="QH 4S")
    draw(g)
    g.apply(GoDown([SEVENS, NINES]))
    g.apply(Discard("KC"))
    assert g.phase is Phase.DRAW and g.to_act == 1
    # Ben is not down: his 9♣ would fit Ada's nines, yet nobody may call.
    turn(g, "9C")
    assert g.phase is Phase.DRAW and g.to_act == 2


def test_classic_no_rummy_window_when_the_discard_goes_out() -> None:
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 7 9    4 K      3 6
    #   ♦   7 9 9    5 8 Q    6 10 K
    #   ♣   7 9      6 J      A 8
    #   stock (top first): 9♠ · upcard 3♣
    g = game("classic", ["7H 7C 7S 7D 9D 9S 9H 9C 9D 7H", BEN, CLEO], stock="9S")
    draw(g)
    g.apply(GoDown(["7H 7C 7S 7D", "9D 9S 9H 9C 9D"]))
    g.apply(LayOff("9S", 1))
    events = g.apply(Discard("7H"))  # playable, but it is her last card
    assert "go_out" in kinds(events) and g.deal == 2
    assert g.phase is Phase.CUT  # the next deal starts; no call window


def test_traditional_rummy_call_offender_takes_back_with_a_penalty_card() -> None:
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 9      4 K      3 6
    #   ♦   4 7 9    5 8 Q    6 10 K
    #   ♣   5 7 K    6 J      A 8
    #   stock (top first): Q♥ 4♠ · upcard 3♣
    g = game("traditional", [ADA, BEN, CLEO], stock="QH 4S")
    draw(g)
    g.apply(GoDown([SEVENS, NINES]))
    g.apply(Discard("7D"))
    assert g.phase is Phase.RUMMY_CALL and g.to_act == 1
    stock = g.stock_size
    events = g.apply(CallRummy())
    assert "take_back" in kinds(events)
    assert same(g.hand(0), "KC 4D 5C QH 7D 4S")
    assert g.stock_size == stock - 1
    assert g.discard_top == lp.Card.parse("3C")
    assert g.phase is Phase.DRAW and g.to_act == 1  # type: ignore[comparison-overlap]


def test_liverpool_call_only_down_players_then_the_next_player_draws() -> None:
    rules = lp.PRESETS["traditional"].replace(liverpool_call=True)
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   4 K
    #   ♥   7 9      4 K      8 10
    #   ♦   4 7 9    5 8 Q    8 10 J
    #   ♣   5 7 K    6 J      6 8 10
    #   stock (top first): Q♥ 4♥ 3♦ 8♠ · upcard 3♣
    g = game(rules, [ADA, BEN, "8C 8D 8H 10C 10D 10H 4S 6C JD KS"], stock="QH 4H 3D 8S")
    draw(g)
    g.apply(GoDown([SEVENS, NINES]))
    g.apply(Discard("KC"))
    turn(g, "JC")  # Ben stays up
    draw(g)  # Cleo goes down
    g.apply(GoDown(["8C 8D 8H", "10C 10D 10H"]))
    g.apply(Discard("KS"))
    draw(g)  # Ada
    g.apply(Discard("7D"))  # playable on her sevens
    assert g.phase is Phase.RUMMY_CALL and g.to_act == 1
    refused(g, CallLiverpool(), "only a player who has gone down")
    g.apply(Pass())
    assert g.to_act == 2 and CallLiverpool() in g.legal_actions()
    g.apply(CallLiverpool())
    assert g.phase is Phase.LIVERPOOL_DISCARD and g.to_act == 2  # type: ignore[comparison-overlap]
    refused(g, Pass(), "discard one card of your own")
    refused(g, Discard("9H"), "no 9♥ to discard")
    g.apply(Discard("JD"))
    assert g.discard_top == lp.Card.parse("JD")
    assert same(g.hand(2), "4S 6C 3D")
    assert g.phase is Phase.DRAW and g.to_act == 1  # the next player after Ada draws
    g.apply(TakeDiscard())
    assert lp.Card.parse("JD") in g.hand(1)


# =============================================================================================
# Going out and floating
# =============================================================================================


@pytest.mark.parametrize(
    ("preset", "deal", "outcome"),
    [
        ("house", 1, "go_out"),
        ("classic", 1, "go_out"),
        ("traditional", 1, "floating"),
        ("florida", 1, "floating"),
        ("i_buy", 2, "go_out"),  # as E's Liverpool: discard or meld the last card
        ("me", 1, "go_out"),
    ],
)
def test_laying_off_the_last_card(preset: str, deal: int, outcome: str) -> None:
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 7 9    4 K      3 6
    #   ♦   7 9 9    5 8 Q    6 10 K
    #   ♣   7 9      6 J      A 8
    #   stock (top first): 7♣ · upcard 3♣
    g = game(preset, [BIG, BEN, CLEO], stock="7C", deal=deal)
    draw(g)
    g.apply(GoDown([BIG_SEVENS, BIG_NINES]))
    if outcome == "go_out":
        events = g.apply(LayOff("7C", 0))
        assert kinds(events)[:3] == ["lay_off", "go_out", "deal_over"]
        assert g.deal_scores[-1][0] == 0 and g.deal == deal + 1
    elif outcome == "floating":
        events = g.apply(LayOff("7C", 0))
        assert kinds(events)[:2] == ["lay_off", "floating"]
        assert g.is_floating(0) and g.hand(0) == []
        assert g.phase is Phase.DRAW and g.to_act == 1 and g.deal == deal
    else:
        refused(g, LayOff("7C", 0), outcome)
        g.apply(Discard("7C"))  # the way out
        assert g.deal == deal + 1 and g.deal_scores[-1][0] == 0


@pytest.mark.parametrize("preset", ["traditional", "florida"])
def test_a_floater_goes_out_only_with_an_unplayable_stock_card(preset: str) -> None:
    # hands:
    #       Ada       Ben       Cleo
    #   ♠   7 9       A 3 10    5 9 J Q
    #   ♥   7 7 9     4 K       3
    #   ♦   7 9 9     5 8 Q     6 10 K
    #   ♣   7 9       6 J       A 8
    #   stock (top first): 7♣ 4♠ 10♣ J♥ 8♠ 7♠ 5♥ 6♠ K♣ · upcard 3♣
    g = game(
        preset,
        [BIG, BEN, "3H 5S 6D 8C 10D JS QS KD AC 9S"],
        stock="7C 4S 10C JH 8S 7S 5H 6S KC",
    )
    draw(g)
    g.apply(GoDown([BIG_SEVENS, BIG_NINES]))
    g.apply(LayOff("7C", 0))  # floating
    turn(g, "JC")  # Ben
    turn(g, "9S")  # Cleo throws a card that fits Ada's nines
    # A floater may take the discard only to lay it off, never to discard it.
    g.apply(TakeDiscard())
    refused(g, Discard("9S"), "from the discard pile this turn")
    events = g.apply(LayOff("9S", 1))
    assert "floating" in kinds(events) and g.to_act == 1
    turn(g, "QD")  # Ben
    turn(g, "QS")  # Cleo: the Q♠ fits nothing
    refused(g, TakeDiscard(), "hand is empty", "could not be played")
    draw(g)  # Ada draws the 7♠: playable, so she must play it, not throw it
    refused(g, Discard("7S"), "cannot play")
    assert "floating" in kinds(g.apply(LayOff("7S", 0)))
    turn(g, "KH")
    turn(g, "KD")
    draw(g)  # Ada draws the K♣, which fits nothing: she goes out by discarding it
    events = g.apply(Discard("KC"))
    assert "go_out" in kinds(events)
    assert g.deal_scores[-1][0] == 0 and g.deal == 2


@pytest.mark.parametrize("preset", list(lp.PRESETS))
def test_the_card_taken_from_the_pile_is_never_discarded_that_turn(preset: str) -> None:
    # hands:
    #       Ada      Ben      Cleo
    #   ♠   7 9      A 3 10   5 J Q
    #   ♥   7 9      4 K      3 6
    #   ♦   4 7 9    5 8 Q    6 10 K
    #   ♣   5 7 K    6 J      A 8
    #   stock (top first): Q♥ 4♠ 10♣ · upcard 5♠
    g = game(preset, [ADA, BEN, CLEO], stock="QH 4S 10C", upcard="5S")
    g.apply(TakeDiscard())
    refused(g, Discard("5S"), "from the discard pile this turn, so you may not discard it")
    g.apply(Discard("KC"))
    assert g.to_act == 1 and g.phase is Phase.DRAW


ONLINE_7 = "3H 4H 5H 6H 8S 9S 10S JS 10D JD QD KD"
BEN_12 = "3S 4C 6C 8D 10C JC QS KH AS 5D 7C 9H"
CLEO_12 = "3C 5S 6D 8C 10H JH QH KC AC 6S 7D 9C"


def test_online_deal_7_go_out_with_the_whole_hand_before_drawing() -> None:
    # hands:
    #       Ada          Ben          Cleo
    #   ♠   8 9 10 J     A 3 Q        5 6
    #   ♥   3 4 5 6      9 K          10 J Q
    #   ♦   10 J Q K     5 8          6 7
    #   ♣                4 6 7 10 J   3 8 9 K A
    #   stock (top first): 4♦ · upcard 3♣
    g = game("online", [ONLINE_7, BEN_12, CLEO_12], stock="4D", deal=7)
    assert GoOut() in g.legal_actions()
    events = g.apply(GoOut())
    assert "go_out" in kinds(events) and "match_over" in kinds(events)
    assert g.is_over and g.deal_scores[-1][0] == 0 and g.winners == [0]


def test_online_deal_7_go_out_after_drawing_and_with_the_melds_named() -> None:
    # hands:
    #       Ada          Ben          Cleo
    #   ♠   8 9 10 J     A 3 Q        5 6
    #   ♥   3 4 5 6      9 K          10 J Q
    #   ♦   10 J Q K     5 8          6 7
    #   ♣                4 6 7 10 J   3 8 9 K A
    #   stock (top first): 7♥ · upcard 3♣
    g = game("online", [ONLINE_7, BEN_12, CLEO_12], stock="7H", deal=7)
    draw(g)
    whole = ["3H 4H 5H 6H 7H", "8S 9S 10S JS", "10D JD QD KD"]
    # Going down with all of it is the natural first try: the refusal points to Go out.
    refused(g, GoDown(whole), "must keep one card to discard", "go out with it instead")
    refused(g, GoOut(["3H 4H 5H 6H 7H", "8S 9S 10S JS", "10D JD QD"]), "does not form")
    events = g.apply(GoOut(whole))
    assert "go_out" in kinds(events) and g.is_over


def test_online_deal_7_go_out_after_taking_the_discard() -> None:
    # The taken card is melded, not discarded: going out with it is fine.
    # hands:
    #       Ada          Ben          Cleo
    #   ♠   8 9 10 J     A 3 Q        5 6
    #   ♥   3 4 5 6      9 K          10 J Q
    #   ♦   10 J Q K     5 8          6 7
    #   ♣                4 6 7 10 J   3 8 9 K A
    #   stock (top first): (the rest of the shoe) · upcard 7♥
    g = game("online", [ONLINE_7, BEN_12, CLEO_12], upcard="7H", deal=7)
    g.apply(TakeDiscard())
    events = g.apply(GoOut())
    assert "go_out" in kinds(events) and g.is_over


def test_online_deal_7_go_out_refused_unless_the_hand_is_three_runs() -> None:
    # hands:
    #       Ada          Ben          Cleo
    #   ♠   8 9 10 J     A 3 Q        5 6
    #   ♥   3 4 5 6      9 K          10 J Q
    #   ♦   10 J Q K     5 8          6 7
    #   ♣                4 6 7 10 J   3 8 9 K A
    #   stock (top first): 4♦ · upcard 3♣
    g = game("online", [ONLINE_7, BEN_12, CLEO_12], stock="4D", deal=7)
    draw(g)  # the 4♦ fits none of the runs
    refused(g, GoOut(), "does not form the contract")
    g.apply(Discard("4D"))
    # hands:
    #       Ada          Ben          Cleo
    #   ♠   8 9 10 J     A 3 Q        5 6
    #   ♥   3 4 5 6      9 K          10 J Q
    #   ♦   10 J Q       5 8          6 7
    #   ♣   5            4 6 7 10 J   3 8 9 K A
    #   stock (top first): (the rest of the shoe) · upcard 3♣
    g = game("online", ["3H 4H 5H 6H 8S 9S 10S JS 10D JD QD 5C", BEN_12, CLEO_12], deal=7)
    refused(g, GoOut(), "does not form the contract")


def test_online_go_out_with_the_whole_hand_is_a_deal_7_rule_only() -> None:
    # hands:
    #       Ada          Ben          Cleo
    #   ♠   8 9 10 J     A 3 Q        5 6
    #   ♥   3 4 5 6      9 K          10 J Q
    #   ♦   10 J Q K     5 8          6 7
    #   ♣                4 6 7 10 J   3 8 9 K A
    #   stock (top first): 4♦ · upcard 3♣
    g = game("online", [ONLINE_7, BEN_12, CLEO_12], stock="4D", deal=6)
    refused(g, GoOut(), "not a rule of this deal: go down, then discard")
    draw(g)
    refused(g, Buy(), "You have drawn already: go down, or discard.")


# -- the end of a deal ------------------------------------------------------------------------

BEN_POINTS = "AS 2C 3D 9S 10H JC QD KS 5H 6D"


@pytest.mark.parametrize(
    ("preset", "deal", "cleo", "ben_points", "cleo_points"),
    [
        # 2-9 face value, 10-K 10, A 15, joker 20
        ("house", 1, "JK 4C 8D KH AC 10S 3S 6H 5S QC", 80, 91),
        # A and 2 = 25, 3-9 = 5, 10-K = 10 (no jokers in classic)
        ("classic", 1, "2D 4C 8D KH AC 10S 3S 6H 5S QC", 110, 105),
        # A 15, 10-K 10, 3-9 5, jokers and 2s 15
        ("online", 1, "JK 4C 8D KH AC 10S 3S 6H 5S QC", 90, 85),
        # 2-9 = 5, 10-K = 10, A and joker 15
        ("traditional", 1, "JK 4C 8D KH AC 10S 3S 6H 5S QC", 80, 85),
        # A, 2, joker 15; 10-K 10; 3-9 5
        ("florida", 1, "JK 4C 8D KH AC 10S 3S 6H 5S QC", 90, 85),
        # 2s and jokers 25; A 15; 10-K 10; others 5
        ("i_buy", 2, "JK 4C 8D KH AC 10S 3S 6H 5S QC", 100, 95),
        # joker 20; A 15; J/Q/K 10; others face value
        ("me", 1, "JK 4C 8D KH AC 10S 3S 6H 5S QC", 80, 91),
    ],
)
def test_going_out_ends_the_deal_and_scores_leftovers(
    preset: str, deal: int, cleo: str, ben_points: int, cleo_points: int
) -> None:
    # hands:
    #       Ada            Ben            Cleo (param)
    #   ♠   7 9            9 K A
    #   ♥   7 7 9          5 10
    #   ♦   7 9 9          3 6 Q
    #   ♣   7 9            2 J
    #   stock (top first): Q♥ · upcard 3♣
    g = game(preset, [BIG, BEN_POINTS, cleo], stock="QH", deal=deal)
    draw(g)
    g.apply(GoDown([BIG_SEVENS, BIG_NINES]))
    events = g.apply(Discard("QH"))
    assert kinds(events)[:3] == ["discard", "go_out", "deal_over"]
    assert g.deal_scores == [[0, ben_points, cleo_points]]
    assert g.scores == [0, ben_points, cleo_points]
    # The next deal starts: the deal passes left, fresh hands (after the cut, if any).
    rules = lp.PRESETS[preset]
    assert g.deal == deal + 1 and g.dealer == 0
    assert g.table == [] and not g.is_down(0)
    if rules.exact_cut_bonus:
        assert g.phase is Phase.CUT
        g.apply(lp.Cut(30))
    assert g.phase is Phase.DRAW and g.to_act == 1
    dealt = rules.contract(deal + 1).cards_dealt
    assert [len(g.hand(i)) for i in range(3)] == [dealt] * 3


def test_a_wild_laid_off_on_a_run_says_what_it_stands_for_and_where() -> None:
    table = [(0, "7H 7C 7D"), (0, "KS KD KC"), (1, "5D 6D 7D 8D")]
    hands = ["JK 9C 4D", "5S 6S 7S 8S 2D", "3H 4H 5H 6H 7H"]
    g = lp.Game.from_deal("house", hands, "KS", "2C", dealer=2, table=table)
    g.apply(lp.DrawStock())
    while g.phase is lp.Phase.BUY:
        g.apply(lp.Pass())
    events = g.apply(LayOff("JK", 2, "low"))
    assert events[0].text == "Ada laid the 🃏 (as 4♦) at the low end of Ben's run of ♦ 5-8."
