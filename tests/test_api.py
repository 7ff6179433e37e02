"""The public names of the package, used exactly as its documented examples write them.

Code outside the repository calls these; each block below is one documented example, so a rename
or a changed meaning fails here first.
"""

from __future__ import annotations

import subprocess
import sys

import liverpool as lp


def test_cards_section() -> None:
    cards = lp.parse_cards("7H 7♣ 10h TD js JK 🃏")
    assert [str(c) for c in cards] == ["7♥", "7♣", "10♥", "10♦", "J♠", "🃏", "🃏"]
    queen = lp.Card.parse("QS")
    assert queen.rank is lp.Rank.QUEEN and queen.suit is lp.Suit.SPADES and not queen.is_joker
    assert lp.Rank.ACE == 1 and lp.Rank.KING == 13  # type: ignore[comparison-overlap]
    joker = lp.Card.parse("JOKER")
    assert joker.is_joker and joker.rank is None and joker.suit is None
    assert eval(repr(lp.Card.parse("10H")), {"Card": lp.Card}) == lp.Card.parse("10H")
    assert len({lp.Card.parse("7H"), lp.Card.parse("7h")}) == 1
    try:
        lp.Card.parse("1X")
    except lp.CardParseError as exc:
        assert "'1X'" in str(exc) and "7H" in str(exc)
    else:
        raise AssertionError("bad card text was accepted")


def test_rules_section() -> None:
    assert list(lp.PRESETS) == [
        "house",
        "classic",
        "online",
        "traditional",
        "florida",
        "i_buy",
        "me",
    ]
    rules = lp.PRESETS["house"]
    assert lp.Rules() == rules
    peruvian = rules.replace(peruvian=True)
    assert peruvian.contract(1).cards_dealt == 12 and rules.contract(1).cards_dealt == 10
    assert rules.deals == 7
    assert str(rules.contract(2)) == "Deal 2: 1 set + 1 run"
    assert [r.kind for r in rules.contract(2).requirements] == ["set", "run"]
    assert rules.is_wild(lp.Card.parse("JK")) and not rules.is_wild(lp.Card.parse("2C"))
    assert rules.card_points(lp.Card.parse("KS")) == 10
    assert lp.hand_points(lp.parse_cards("KS 7H"), rules) == 17  # source H: K + 7 = 17


def test_melds_section() -> None:
    online = lp.PRESETS["online"]
    assert lp.check_run(lp.parse_cards("JK 9H 10H 2C"), online)
    verdict = lp.check_run(lp.parse_cards("9H 10H JK 2C"), online)
    assert not verdict and verdict.reason == "two wild cards may not sit side by side in a run"
    assert lp.check_set(lp.parse_cards("7H 7C 7S"), online).reason == ""
    placed = lp.arrange_run(lp.parse_cards("QH 10H JK 9H"), online)
    assert placed is not None and lp.check_run(placed, online)


def test_contracts_section() -> None:
    rules = lp.PRESETS["house"]
    melds = lp.find_going_down(lp.parse_cards("7H 7C 7S 9H 10H JK QH KS 3D 4C 5S"), rules, 2)
    assert melds is not None
    assert sorted(m.kind for m in melds) == ["run", "set"]
    assert all(m.owner is None and m.cards for m in melds)


def test_games_section() -> None:
    g = lp.Game(rules="house", players=4, seed=7)
    assert (g.deal, g.dealer, g.phase, g.to_act) == (1, 0, lp.Phase.DRAW, 1)
    assert len(g.hand(1)) == 10 and g.table == [] and g.discard_top is not None
    assert g.stock_size == 108 - 41 and not g.is_down(1)
    assert lp.DrawStock() in g.legal_actions()
    events = g.apply(lp.DrawStock())
    assert events and all(isinstance(e, lp.Event) for e in events)
    view = g.view(2)
    assert isinstance(view, lp.PlayerView) and view.hand == tuple(g.hand(2))
    assert g.scores == [0, 0, 0, 0] and not g.is_over and g.winners == []
    again = lp.Game.from_json(g.to_json())
    assert again.state_key() == g.state_key()
    named = lp.Game("classic", ["Ada", "Ben", "Cleo"], seed=1)
    assert named.names == ("Ada", "Ben", "Cleo")
    stacked = lp.Game.from_deal(
        "house",
        hands=[
            "KS KD KC QS QD QH 2C 3C 4C 5D",
            "7H 7C 8H 9H 10H JH 5S 6S 7S 8S",
            "2H 3H 4H 5H 6H 7D 8D 9D 10D JD",
            "AS AH AD 2S 3S 4S 5C 6C 7C 8C",
        ],
        stock=["KH", "9C"],
        upcard="QC",
        deal=1,
        dealer=3,
    )
    assert stacked.to_act == 0 and stacked.discard_top == lp.Card.parse("QC")
    stacked.apply(lp.TakeDiscard())
    stacked.apply(lp.GoDown(melds=[["KS", "KD", "KC"], ["QS", "QD", "QH", "QC"]]))
    assert stacked.is_down(0) and len(stacked.table) == 2
    for action in (
        lp.LayOff("KH", meld=0),
        lp.SwapWild("KH", meld=0, position=0),
        lp.Buy(),
        lp.Pass(),
        lp.CallRummy(),
        lp.GoOut(),
        lp.Discard("2C"),
    ):
        assert action == action  # every public action kind builds from card text
    assert lp.LayOff("KH", meld=0, end="low").end == "low"


def test_bots_and_matches_section() -> None:
    bots: list[lp.bots.Bot] = [
        lp.bots.RandomBot(seed=0),
        lp.bots.BasicBot(),
        lp.bots.StrongBot(),
        lp.bots.RandomBot(1),
    ]
    result = lp.play_match("i_buy", bots[:3], seed=0)
    assert isinstance(result, lp.MatchResult) and result.game.is_over
    assert list(result.scores) == result.game.scores
    assert set(result.winners) == {
        i for i, s in enumerate(result.scores) if s == min(result.scores)
    }
    view = lp.Game("house", 4, 3).view(1)
    action = bots[1].act(view, lp.Game("house", 4, 3).legal_actions())
    assert action in lp.Game("house", 4, 3).legal_actions()


def test_command_line_section() -> None:
    for argv in (["play", "--help"], ["simulate", "--help"]):
        done = subprocess.run(
            [sys.executable, "-m", "liverpool", *argv], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
