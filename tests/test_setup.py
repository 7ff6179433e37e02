"""Every game is built from one frozen Setup: shuffled, stacked (with melds already on the
table), copied, replayed and saved all go through it."""

from __future__ import annotations

import dataclasses

import pytest

import liverpool as lp
from liverpool import Discard, DrawStock, LayOff, Pass, Phase


def test_a_shuffled_game_is_its_setup() -> None:
    g = lp.Game("classic", ["Ann", "Bo", "Cy"], seed=11, dealer=2)
    assert g.setup == lp.Setup.new("classic", ["Ann", "Bo", "Cy"], 11, 2)
    assert (g.rules.name, g.names, g.seed, g.first_dealer, g.stacked) == (
        "classic",
        ("Ann", "Bo", "Cy"),
        11,
        2,
        None,
    )
    again = lp.Game.from_setup(g.setup)
    assert again.state_key() == g.state_key()
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.setup.seed = 12  # type: ignore[misc]


def test_a_stacked_deal_with_melds_already_down() -> None:
    # house, deal 1: Ben (seat 1) is already down with two sets; Ada plays first.
    #       Ada          Ben        Cleo
    #   ♠   3 8 K        7          4 J
    #   ♥   4 9 A        K          6 Q
    #   ♦   5 J 7        9          3 8 K
    #   ♣   6 Q          (table)    9 A 5
    #   table: Ben's 7♥ 7♣ 7♠ and 9♠ 9♥ 9♣ · stock (top first): 2♦ 2♣ · upcard: 10♦
    g = lp.Game.from_deal(
        "house",
        ["3S 4H 5D 6C 8S 9H JD QC KS AH 7D", "KH 9D", "4S 6H 3D 9C JS QH 8D AC KD 5C"],
        "2D 2C",
        "10D",
        dealer=2,
        table=[(1, "7H 7C 7S"), (1, "9S 9H 9C")],
    )
    assert g.is_down(1) and not g.is_down(0) and not g.is_down(2)
    assert [m.owner for m in g.table] == [1, 1]
    assert g.total_cards() == len(g.rules.build_shoe(3))
    g.apply(DrawStock())
    while g.phase is Phase.BUY:
        g.apply(Pass())
    g.apply(Discard("7D"))  # Ada is not down: she may not lay off the 7♦
    g.apply(DrawStock())
    while g.phase is Phase.BUY:  # type: ignore[comparison-overlap]
        g.apply(Pass())
    g.apply(LayOff("9D", 1))  # Ben, down before this turn, lays off at once
    assert len(g.table[1].cards) == 4
    saved = lp.Game.from_json(g.to_json())  # the stacked table survives a saved record
    assert saved.state_key() == g.state_key()
    assert saved.setup == g.setup


def test_a_stacked_meld_that_is_no_meld_is_refused() -> None:
    with pytest.raises(lp.RulesError, match=r"neither a set .* nor a run"):
        lp.Game.from_deal("house", ["3S", "4S", "5S"], table=[(0, "7H 8C 9S")])
    with pytest.raises(lp.RulesError, match="owner must be a seat"):
        lp.Game.from_deal("house", ["3S", "4S", "5S"], table=[(5, "7H 7C 7S")])


def test_copy_and_replay_go_through_the_setup() -> None:
    g = lp.Game("house", 3, seed=5)
    bots = [lp.bots.make("basic", s) for s in range(3)]
    for _ in range(40):
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].act(g.view(seat), g.legal_actions()))
    twin = g.copy()
    assert twin.setup is g.setup and twin.state_key() == g.state_key()
    twin.apply(twin.legal_actions()[0])
    assert twin.state_key() != g.state_key()  # independent
    assert g.replay_to(len(g.actions)).state_key() == g.state_key()
    assert g.replay_to(0).state_key() == lp.Game.from_setup(g.setup).state_key()


# -- a stacked deal given the wrong shape ----------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        # One string for all hands would be read letter by letter ("cannot read '7'").
        ({"hands": "7H 7C"}, 'hands is a list, one hand per seat, e.g. ["7H 7C …", "…"]'),
        ({"hands": 7}, "hands is a list, one hand per seat"),
        # A meld's cards alone, without its owner, once failed as "too many values to unpack".
        (
            {"hands": ["3S", "4S", "5S"], "table": ["8S 8D 8C"]},
            "each table meld is (owner seat, cards), e.g. (1, \"8S 8D 8C\"); got '8S 8D 8C'",
        ),
        ({"hands": ["3S", "4S", "5S"], "table": [(1,)]}, "each table meld is (owner seat, cards)"),
        ({"hands": ["3S", "4S", "5S"], "table": "8S 8D 8C"}, "table is a list of melds"),
        ({"hands": ["3S", "4S", "5S"], "names": "Ada"}, "names is a list, one name per seat"),
        ({"hands": ["3S", "4S", "5S"], "names": ["A", "B"]}, "2 names for 3 hands"),
        ({"hands": ["3S", "4S", "5S"], "upcard": ["7H"]}, "expected card text"),
    ],
)
def test_a_stacked_deal_of_the_wrong_shape_is_refused_in_words(
    kwargs: dict[str, object], words: str
) -> None:
    error = lp.CardParseError if "upcard" in kwargs else lp.RulesError
    with pytest.raises(error) as refused:
        lp.Game.from_deal("house", **kwargs)  # type: ignore[arg-type]
    assert words in str(refused.value)


def test_a_joker_where_the_rules_have_none_says_so() -> None:
    with pytest.raises(lp.RulesError) as refused:
        lp.Game.from_deal("classic", ["JK 7C", "3D 4D", "5S"])
    assert (
        str(refused.value)
        == "classic rules play without jokers, so a stacked deal cannot name the 🃏"
    )
    # A card named more often than the shoe holds it is still said so.
    with pytest.raises(lp.RulesError, match="names the 7♥ more often than the shoe for 3"):
        lp.Game.from_deal("classic", ["7H 7H", "7H", "5S"])


def test_a_table_meld_may_be_a_meld_of_a_game() -> None:
    """``game.table``'s melds carry their owner, so they stand for (owner, cards) pairs."""
    first = lp.Game.from_deal("house", ["3S", "4S", "5S"], table=[(1, "8S 8D 8C")])
    again = lp.Game.from_deal("house", ["3S", "4S", "5S"], table=first.table)
    assert again.table == first.table and again.is_down(1)
