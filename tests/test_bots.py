"""Bots: they see only their own view, pick legal actions, and explain themselves."""

from __future__ import annotations

import pytest

import liverpool as lp
from liverpool.bots import BasicBot, RandomBot, StrongBot

# seat 0 (first to play, dealer is seat 3):  K♠ K♦ K♣ 7♥ 7♣ 9♥ 10♥ J♥ 3♠ 4♦
# seats 1 and 2 swap their hands between the two games; the stock's top cards swap with them.
SEAT0 = "KS KD KC 7H 7C 9H 10H JH 3S 4D"
A = "AS AH 2C 3C 4C 5D 6D 7D 8S 9S"
B = "QS QD QC JS 10S 8H 6H 5H 4H 3H"
C = "3D 5S 6S 7S 8C 9C 10C JD QH 2S"


def _game(first: str, second: str, stock: str) -> lp.Game:
    return lp.Game.from_deal("house", [SEAT0, first, second, C], stock, "7S", dealer=3)


@pytest.mark.parametrize("make", [BasicBot, StrongBot, RandomBot])
def test_games_differing_only_in_hidden_cards_give_the_same_view_and_decision(make: type) -> None:
    one = _game(A, B, "8D KH 2D")
    two = _game(B, A, "2D KH 8D")
    assert one.hand(1) != two.hand(1)  # the hidden cards really differ
    for game in (one, two):
        assert game.to_act == 0
    view_one, view_two = one.view(0), two.view(0)
    assert view_one == view_two
    decisions = []
    for game, view in ((one, view_one), (two, view_two)):
        bot = make(7)
        decisions.append(bot.act(view, game.legal_actions()))
        game.apply(decisions[-1])
    assert decisions[0] == decisions[1]
    # and after the first move, the next decision of seat 0 still cannot tell them apart
    assert one.view(0).hand == two.view(0).hand


@pytest.mark.parametrize("preset", ["house", "online", "i_buy"])
@pytest.mark.parametrize("make", [BasicBot, StrongBot])
def test_bots_only_choose_legal_actions_and_give_a_reason(preset: str, make: type) -> None:
    game = lp.Game(preset, 3, seed=4)
    bots = [make(seat) for seat in range(3)]
    for _ in range(120):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        action, reason = bots[seat].explain(game.view(seat), legal)
        assert action in legal
        assert reason and reason[0].isupper() and reason.endswith("."), reason
        game.apply(action)


def test_basic_bot_goes_down_when_it_can_and_says_why() -> None:
    game = _game(A, B, "KH 8D 2D")
    game.apply(lp.TakeDiscard())  # seat 0 takes the 7♠: two sets (kings and sevens)
    action, reason = BasicBot().explain(game.view(0), game.legal_actions())
    assert isinstance(action, lp.GoDown)
    # it names the melds, not only the contract: a sentence read alone says which cards
    melds = " and ".join(lp.format_cards(m) for m in action.melds)
    assert reason == f"Go down now with {melds}: you hold 2 sets.", reason


def test_strong_bot_is_reproducible_from_its_seed() -> None:
    def decisions() -> list[lp.Action]:
        game = lp.Game("house", 3, seed=11)
        bots = [StrongBot(seat) for seat in range(3)]
        chosen = []
        for _ in range(150):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            chosen.append(bots[seat].act(game.view(seat), game.legal_actions()))
            game.apply(chosen[-1])
        return chosen

    assert decisions() == decisions()


def test_strong_bot_throws_dead_weight_and_counts_the_unseen_cards_that_help() -> None:
    # Deal 2 (a set and a run): kings with a joker make the set, 4♥ 5♥ 6♥ wait for the run.
    # Seat 0 draws the Q♠ from the stock; whatever it throws must be a card neither meld uses.
    game = lp.Game.from_deal(
        "house",
        ["KS KD JK 4H 5H 6H 8H 2C 9D 3C", A, B, C],
        "QS",
        "7S",
        deal=2,
        dealer=3,
    )
    game.apply(lp.DrawStock())
    while game.to_act != 0:  # the others may buy the 7♠ first: they pass
        game.apply(lp.Pass())
    action, reason = StrongBot(0).explain(game.view(0), game.legal_actions())
    assert isinstance(action, lp.Discard)
    assert str(action.card) in {"Q♠", "9♦", "8♥", "3♣", "2♣"}
    assert "1 card from going down" in reason and "unseen cards that would help" in reason


def test_strong_bot_takes_a_discard_that_brings_its_contract_closer() -> None:
    # Deal 1 (two sets): the upcard 7♠ pairs the 7♥, so the hand is 2 cards from going down
    # instead of 3. Passed, the card would be offered to the others to buy.
    game = lp.Game.from_deal(
        "house", ["KS KD 7H 9C 3S 4D 5C JH 10D 2S", A, B, C], "8D KH 2D", "7S", dealer=3
    )
    action, reason = StrongBot(0).explain(game.view(0), game.legal_actions())
    assert isinstance(action, lp.TakeDiscard)
    assert reason.startswith("Take the 7♠") and "2 cards from going down" in reason


def test_strong_bot_may_buy_a_card_for_its_outs() -> None:
    # Deal 3 (two runs): the 6♠ brings the hand no closer, but it adds cards that would help
    # (a second way to build a run). StrongBot buys only closer cards; with outs_buy_turns it
    # buys a card that leaves it that many expected turns sooner to go down.
    game = lp.Game.from_deal(
        "house", ["7H 7S QC 5H AD JH AC 8H 10C 6H", A, B, C], "8S KC 2D", "6S", deal=3, dealer=2
    )
    game.apply(lp.DrawStock())  # seat 3 draws; the upcard is offered to seat 0 first
    view, legal = game.view(0), game.legal_actions()
    assert view.offer == lp.Card.parse("6S") and lp.Buy() in legal
    assert isinstance(StrongBot(0).act(view, legal), lp.Pass)
    action, reason = StrongBot(0, outs_buy_turns=3).explain(view, legal)
    assert isinstance(action, lp.Buy)
    assert reason.startswith("Buy the 6♠: it brings you no closer yet")
    assert isinstance(StrongBot(0, outs_buy_turns=30).act(view, legal), lp.Pass)


def test_strong_bot_once_down_discards_with_the_next_player_in_mind() -> None:
    # Play StrongBots until one that is down discards while the next player is not down: its
    # reason names that player, and the card is one it may legally throw.
    game = lp.Game("house", 4, seed=3)
    bots = [StrongBot(seat) for seat in range(4)]
    seen = 0
    for _ in range(3000):
        if game.is_over or seen >= 3:
            break
        seat = game.to_act
        assert seat is not None
        view, legal = game.view(seat), game.legal_actions()
        action, reason = bots[seat].explain(view, legal)
        nxt = (seat + 1) % 4
        down_discard = (
            view.phase is lp.Phase.PLAY and isinstance(action, lp.Discard) and view.is_down
        )
        if down_discard and not view.down[nxt]:
            assert view.names[nxt] in reason and "not down yet" in reason, reason
            seen += 1
        assert action in legal
        game.apply(action)
    assert seen >= 1


def test_a_buy_that_completes_the_contract_says_so_not_zero_cards_from_going_down() -> None:
    # Deal 1 (two sets): Cleo holds three sevens and two kings; Ada declines the K♥ upcard.
    hands = [
        "3H 4H 6D 7D 10S JS AC 9D 4C 6C",
        "3S 7H 10H JD QS AS 2D 6S 9C 4D",
        "7H 7C 7S KS KD 3C 4D 5H 8S 9D",
        "2H 3D 5S 6H 8C 9S JH QH AD 10C",
    ]
    game = lp.Game.from_deal("house", hands, "8D 3C 7C 2S", "KH", dealer=3)
    game.apply(lp.DrawStock())
    while game.to_act != 2:  # Ben passes on the K♥
        game.apply(lp.Pass())
    action, reason = BasicBot(0).explain(game.view(2), game.legal_actions())
    assert isinstance(action, lp.Buy)
    assert reason == "Buy the K♥: it lets you go down on your turn, worth the penalty card."


def test_require_choice_refuses_an_empty_choice_in_words() -> None:
    from liverpool.bots.base import NO_CHOICE, require_choice

    require_choice([lp.Pass()])  # something to choose from: nothing to say
    with pytest.raises(lp.IllegalAction) as caught:
        require_choice([])
    assert str(caught.value) == NO_CHOICE
    assert "No legal action to choose from: it is not this seat's decision." in NO_CHOICE


@pytest.mark.parametrize("make", [RandomBot, BasicBot, StrongBot, lp.bots.ExpertBot])
def test_a_bot_asked_with_no_legal_action_says_it_is_not_its_decision(make: type) -> None:
    game = lp.Game("house", 3, seed=1)
    bot = make(0)
    view = game.view(1)  # seat 1 has no decision: seat 0 acts first
    for ask in (bot.act, bot.explain):
        with pytest.raises(lp.IllegalAction, match="it is not this seat's decision"):
            ask(view, [])
    assert bot.act(game.view(0), game.legal_actions()) in game.legal_actions()  # still plays
