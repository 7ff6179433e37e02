"""Rules read against their sources again (docs/rules.md §3, §4): one scenario per point.

* wild swaps come only from another player's meld (E's classic and I Buy, T), any meld online (A);
* a card a preset's shoe does not hold (a joker under ``classic``) is never legal in its melds;
* a buy past a limit is refused naming the limit;
* a seat that does not exist is refused naming the seats, never read from the end of a list.

E's variants inheriting E's Liverpool (rummy call, exact cut, going out) are checked beside the
classic scenarios in ``test_game_melds.py`` and ``test_game_flow.py``, and cell by cell in
``test_rules.py``. Stacked deals are drawn as grids, one column per seat; the last seat deals.
"""

from __future__ import annotations

import pytest

import liverpool as lp
from liverpool import Discard, DrawStock, GoDown, IllegalAction, Pass, Phase, SwapWild

C = lp.parse_cards


def game(rules: str | lp.Rules, hands: list[str], stock: str = "", deal: int = 1) -> lp.Game:
    return lp.Game.from_deal(
        rules, hands=hands, stock=stock, upcard="3C", deal=deal, dealer=len(hands) - 1
    )


def draw(g: lp.Game) -> None:
    g.apply(DrawStock())
    while g.phase is Phase.BUY:
        g.apply(Pass())


def refused(g: lp.Game, action: lp.Action, phrase: str, player: int | None = None) -> str:
    before = g.state_key()
    with pytest.raises(IllegalAction) as info:
        g.apply(action, player)
    message = str(info.value)
    assert phrase.lower() in message.lower(), message
    assert g.state_key() == before
    return message


# -- 1. a wild is taken only from another player's meld --------------------------------------


@pytest.mark.parametrize(
    ("preset", "own"),
    [
        ("house", False),  # no swapping at all
        ("classic", False),  # E: "that other player's laid 2"
        ("online", True),  # A: "a wild sitting in a meld" — any meld
        ("traditional", False),  # T: "джокер другого игрока" (another player's joker)
        ("florida", False),
        ("i_buy", False),  # E: "another player's set of 3-3-Joker"
        ("me", False),
    ],
)
def test_which_presets_let_a_wild_come_from_your_own_meld(preset: str, own: bool) -> None:
    assert lp.PRESETS[preset].swap_own_melds is own


def test_i_buy_refuses_a_wild_from_your_own_set() -> None:
    # I Buy, deal 2 (two sets of 3, seven cards dealt).
    #       Ada      Ben      Cleo
    #   ♠   4 K      9 Q      5 J
    #   ♥   8        8        3 6
    #   ♦   8 K      9 Q      6 10
    #   ♣   8 K      9 Q      A
    #   🃏  🃏
    #   stock (top first): 10♣ 5♦ · upcard 3♣
    g = game(
        "i_buy",
        ["8C 8D JK KC KD KS 8H", "9C 9D 9S QC QD QS 8H", "3H 5S 6D 10D JS AC 6H"],
        stock="10C 5D",
        deal=2,
    )
    draw(g)
    g.apply(GoDown(["8C 8D JK", "KC KD KS"]))
    refused(g, SwapWild("8H", 0, 2), "You may only take a wild from another player's meld.")
    assert not any(isinstance(a, SwapWild) for a in g.legal_actions())
    g.apply(Discard("10C"))
    draw(g)  # Ben draws the 5♦
    g.apply(GoDown(["9C 9D 9S", "QC QD QS"]))
    assert SwapWild("8H", 0, 2) in g.legal_actions()  # Ada's set is another player's


def test_online_still_takes_a_wild_from_your_own_meld() -> None:
    # online, deal 2; a swap opens the turn after going down.
    #       Ada         Ben         Cleo
    #   ♠   2           A 3 10      5 J Q
    #   ♥   5 6 7 8 9   4 K         3 6
    #   ♦   9           5 8 Q       6 10 K
    #   ♣   9 K         6 J         A 8
    #   🃏  🃏
    #   stock (top first): Q♣ 3♦ 5♠ 4♣ · upcard 3♣
    ben, cleo = "3S 4H 6C 8D 10S JC QD KH AS 5D", "3H 5S 6D 8C 10D JS QS KD AC 6H"
    g = game("online", ["9C 9D 2S 5H JK 7H 8H 6H 9H KC", ben, cleo], "QC 3D 5S 4C", deal=2)
    draw(g)
    g.apply(GoDown(["9C 9D 2S", "5H JK 7H 8H"]))
    g.apply(Discard("KC"))
    for card in ("JC", "QS"):
        draw(g)
        g.apply(Discard(card))
    draw(g)
    assert SwapWild("6H", 1, 1) in g.legal_actions()
    g.apply(SwapWild("6H", 1, 1))
    assert lp.Card.parse("JK") in g.hand(0)


@pytest.mark.parametrize("preset", ["classic", "traditional", "i_buy", "online"])
def test_listed_swaps_agree_with_the_owner_rule_over_random_games(preset: str) -> None:
    # Random play reaches many positions with wilds on the table; whenever a swap is listed it
    # must take from another player's meld unless the preset allows your own.
    rules = lp.PRESETS[preset]
    bots = [lp.bots.RandomBot(seed=s) for s in range(4)]
    listed = 0
    for seed in range(6):
        g = lp.Game(rules, 4, seed=seed)
        for _ in range(3000):
            if g.is_over:
                break
            seat = g.to_act
            assert seat is not None
            legal = g.legal_actions()
            for action in legal:
                if isinstance(action, SwapWild):
                    listed += 1
                    owner = g.table[action.meld].owner
                    assert rules.swap_own_melds or owner != seat, (preset, seed, action)
            g.apply(bots[seat].act(g.view(seat), legal))
    assert listed > 0  # the check above really ran


# -- 3. a card the shoe does not hold is never legal in a meld ---------------------------------

JOKERLESS = "this house plays without jokers"


def test_classic_refuses_a_joker_in_every_verdict() -> None:
    classic = lp.PRESETS["classic"]
    assert not classic.has_jokers and lp.PRESETS["house"].has_jokers
    for verdict in (
        lp.check_set(C("7H 7C JK"), classic),
        lp.check_set(C("7H 7C 7D JK"), classic),
        lp.check_run(C("7H 8H JK 10H"), classic),
    ):
        assert not verdict
        assert JOKERLESS in verdict.reason
        assert verdict.code == "no_jokers"
    assert lp.arrange_run(C("7H 8H JK 10H"), classic) is None
    # the same cards with classic's own wild, a 2, are fine
    assert lp.check_set(C("7H 7C 2D"), classic)
    assert lp.arrange_run(C("7H 8H 2S 10H"), classic) is not None
    # the house plays with jokers
    assert lp.check_set(C("7H 7C JK"), lp.PRESETS["house"])


def test_classic_going_down_and_laying_off_never_use_a_joker() -> None:
    classic = lp.PRESETS["classic"]
    # the joker would make the second set; without it the contract is not there
    assert lp.find_going_down(C("7H 7C 7S 8D 8C JK 3D 4S"), classic, 1) is None
    melds = lp.find_going_down(C("7H 7C 7S 8D 8C 2S 3D JK"), classic, 1)
    assert melds is not None
    assert all(not c.is_joker for m in melds for c in m.cards)
    sevens = lp.Meld.build("set", C("7H 7C 7S"), classic)
    run = lp.Meld.build("run", C("7H 8H 9H 10H"), classic)
    joker = lp.Card.parse("JK")
    assert lp.lay_off_ends(sevens, joker, classic) == ()
    assert lp.lay_off_ends(run, joker, classic) == ()
    with pytest.raises(IllegalAction, match="plays without jokers"):
        run.add(joker, "high", classic)
    with pytest.raises(lp.RulesError, match="classic rules play without jokers"):
        game("classic", ["JK 7H 7C", "3S 4S 5S", "6D 7D 8D"])
    # a house of its own that adds jokers to classic's shoe may meld them
    with_jokers = classic.replace(shoe=(lp.ShoeSize(3, 2, 4), lp.ShoeSize(6, 3, 4)))
    assert lp.check_set(C("7H 7C 7D JK"), with_jokers)


# -- 4. a buy past the limit names the limit --------------------------------------------------


def test_a_buy_past_the_per_deal_limit_names_it() -> None:
    # house + max_buys_per_deal=1, 3 players.
    #       Ada          Ben          Cleo
    #   ♠   3 8 K        6 Q          4 J
    #   ♥   4 9 A        3 8 K        6 Q
    #   ♦   5 J          4 9 A        3 8 K
    #   ♣   6 Q          5 J          9 A 5
    #   stock (top first): 7♣ 10♦ 7♦ 10♣ · upcard Q♥
    rules = lp.PRESETS["house"].replace(max_buys_per_deal=1)
    hands = [
        "3S 4H 5D 6C 8S 9H JD QC KS AH",
        "3H 4D 5C 6S 8H 9D JC QS KH AD",
        "3D 4S 5S 6H 8D 9C JS QH KD AC",
    ]
    g = lp.Game.from_deal(rules, hands, "7C 10D 7D 10C 2D 2C 7S", "QH", dealer=2)
    g.apply(DrawStock())  # Ada passes the Q♥
    assert (g.phase, g.to_act) == (Phase.BUY, 1)
    g.apply(lp.Buy())  # Ben buys it: his one buy of this deal
    g.apply(Discard("3S"))
    draw(g)  # Ben passes Ada's 3♠; Cleo does not buy it
    g.apply(Discard("3H"))
    draw(g)  # Cleo passes Ben's 3♥; Ada does not buy it
    g.apply(Discard("3D"))
    g.apply(DrawStock())  # Ada passes Cleo's 3♦: Ben alone could buy it, and is not asked
    assert (g.phase, g.to_act) == (Phase.PLAY, 0)
    message = refused(g, lp.Buy(), "You have used your 1 buy for this deal.", player=1)
    assert message == "You have used your 1 buy for this deal."


def test_why_not_buy_says_who_may_buy_and_why_not() -> None:
    g = lp.Game("online", 4, seed=3)  # online: the discarder, the next player, down players
    assert g.to_act == 1 and g.phase is Phase.DRAW
    assert g.why_not_buy(0) is None  # the dealer may buy the upcard (it has no discarder)
    assert "next to draw" in (g.why_not_buy(1) or "")
    assert g.why_not_buy(2) is None
    with pytest.raises(lp.SeatError):
        g.why_not_buy(4)


# -- 5. a seat that does not exist -------------------------------------------------------------


@pytest.mark.parametrize("seat", [4, 7, -1, -4, True, "1"])
def test_a_seat_that_does_not_exist_is_named_never_read_from_the_end(seat: object) -> None:
    g = lp.Game("house", 4, seed=2)
    before = g.state_key()
    for ask in (g.view, g.hand, g.is_down, g.is_floating, g.buys_left):
        with pytest.raises(lp.SeatError) as info:
            ask(seat)  # type: ignore[arg-type]  # a wrong seat on purpose
        message = str(info.value)
        assert f"no seat {seat!r}" in message
        assert "0 (Ada), 1 (Ben), 2 (Cleo), 3 (Dev)" in message
    with pytest.raises(IllegalAction, match="the seats are 0 \\(Ada\\)"):
        g.apply(DrawStock(), player=seat)  # type: ignore[arg-type]
    assert g.state_key() == before
    assert issubclass(lp.SeatError, IllegalAction)  # one `except IllegalAction` catches it
    assert issubclass(lp.SeatError, ValueError) and not issubclass(lp.SeatError, IndexError)
