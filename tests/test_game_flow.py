"""Scenario tests of the match flow: dealing, turn order, drawing, buying, stock exhaustion,
scoring (docs/rules.md §2 and the matching cells of the §3 tables), one scenario per rule or cell.

Almost every scenario starts from a stacked deal (``lp.Game.from_deal``) drawn in a comment as
a small card grid. Seats sit clockwise 0, 1, 2 …; the player left of the dealer is seat
``dealer + 1``. "Stock (top first)" lists the cards the stock hands out, in order; with the
default ``complete=True`` the rest of the shoe is shuffled underneath, with ``complete=False``
the stock is exactly what is shown. Hands are sometimes shorter than the deal's size: a lesson
position, where the size does not matter to the rule under test.

Every illegal action goes through :func:`refuse`, which also proves the game did not change
(``state_key``) and that the message is a sentence naming the rule.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable

import pytest

import liverpool as lp
from liverpool import Phase
from liverpool.events import second_person

PRESET_NAMES = ["house", "classic", "online", "traditional", "florida", "i_buy", "me"]

# docs/rules.md §3 "cards dealt per deal" (and the number of deals), written out per preset.
CARDS_DEALT = {
    "house": [10] * 7,
    "classic": [10] * 7,
    "online": [10, 10, 10, 10, 12, 12, 12],
    "traditional": [10, 10, 10, 10, 12, 12, 12],
    "florida": [11] * 10,
    "i_buy": [6, 7, 8, 9, 10, 11, 12, 13],
    "me": [12] * 7,
}

# docs/rules.md §3 "players".
PLAYERS = {
    "house": (3, 8),
    "classic": (3, 8),
    "online": (2, 6),
    "traditional": (3, 8),
    "florida": (3, 8),
    "i_buy": (3, 8),
    "me": (3, 8),
}


def shoe(preset: str, players: int) -> tuple[int, int]:
    """docs/rules.md §3 "decks": (cards in the shoe, jokers among them) for this many players."""
    if preset == "house":  # 2×52 + 4 jokers; 3×52 + 4 jokers at 6+
        return (2 * 52 + 4, 4) if players < 6 else (3 * 52 + 4, 4)
    if preset == "classic":  # 2×52 (no jokers); 3×52 at 6+
        return (2 * 52, 0) if players < 6 else (3 * 52, 0)
    # online: 2×52 + 4, 3×52 + 6 at 5+; traditional: the same; florida, i_buy, me: 54-card
    # decks (2 jokers each), 2 decks at ≤4 players, 3 at 5+.
    return (2 * 52 + 4, 4) if players < 5 else (3 * 52 + 6, 6)


C = lp.parse_cards


def bag(*parts: Iterable[lp.Card] | str) -> Counter[lp.Card]:
    """A multiset of cards, from Card lists and/or card text."""
    out: Counter[lp.Card] = Counter()
    for part in parts:
        out.update(C(part) if isinstance(part, str) else part)
    return out


def refuse(g: lp.Game, action: lp.Action, phrase: str, player: int | None = None) -> str:
    """``action`` must raise IllegalAction naming ``phrase`` in a sentence, changing nothing."""
    before = g.state_key()
    with pytest.raises(lp.IllegalAction) as info:
        g.apply(action, player=player)
    message = str(info.value)
    assert phrase.lower() in message.lower(), message
    assert message[:1].isupper() and message.rstrip().endswith("."), message
    assert g.state_key() == before
    return message


def pass_window(g: lp.Game) -> list[int]:
    """Everyone asked in the open buy window passes; the seats asked, in order."""
    asked: list[int] = []
    while g.phase is Phase.BUY:
        seat = g.to_act
        assert seat is not None
        asked.append(seat)
        g.apply(lp.Pass())
    return asked


def step(g: lp.Game) -> None:
    """A dull player: cut anywhere, decline the discard, never buy, discard the card drawn."""
    seat = g.to_act
    assert seat is not None
    if g.phase is Phase.CUT:
        g.apply(lp.Cut(1))
    elif g.phase is Phase.DRAW:
        g.apply(lp.DrawStock())
    elif g.phase is Phase.BUY:
        g.apply(lp.Pass())
    elif g.phase is Phase.PLAY:
        g.apply(lp.Discard(g.hand(seat)[-1]))
    else:  # pragma: no cover - nobody goes down in these scenarios
        raise AssertionError(f"unexpected phase {g.phase}")


def play_out_deal(g: lp.Game) -> list[int]:
    """Play the current deal with :func:`step` until it ends (by ``max_turns_per_deal``);
    return each seat's leftover points as they stood when it ended."""
    deal = g.deal
    left: list[int] = []
    while g.deal == deal and not g.is_over:
        if g.phase is Phase.PLAY:
            seat = g.turn_player
            card = g.hand(seat)[-1]
            hands = [g.hand(i) for i in range(g.players)]
            hands[seat].remove(card)
            left = [lp.hand_points(h, g.rules) for h in hands]
        step(g)
    return left


def kinds(events: list[lp.Event]) -> list[str]:
    return [e.kind for e in events]


# Four hands with no card in common (a Latin square of 3 4 5 6 8 9 J Q K A over the suits).
H0 = "3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥"
H1 = "3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦"
H2 = "3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣"
H3 = "3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠"
H4 = "7♠ 7♥ 10♠ 10♥ 3♠ 4♥ 5♦ 6♣ 8♠ 9♥"
# The stock and upcard use the 7s, 10s and 2s, so every card's way can be followed.
STOCK = "7♣ 10♦ 7♦ 10♣ 2♦ 2♣ 7♠ 7♥"
UP = "Q♥"


# =============================================================================================
# Dealing (docs/rules.md §1 "Dealer rotates…", §3 players / decks / cards dealt)
# =============================================================================================


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        pytest.param(p, n, id=f"{p}-{n}")
        for p in PRESET_NAMES
        for n in range(PLAYERS[p][0], PLAYERS[p][1] + 1)
    ],
)
def test_first_deal_sizes_by_preset_and_player_count(preset: str, players: int) -> None:
    g = lp.Game(preset, players, seed=players)
    cards, jokers = shoe(preset, players)
    dealt = CARDS_DEALT[preset][0]
    assert g.total_cards() == cards
    assert sum(c.is_joker for c in g.rules.build_shoe(players)) == jokers
    if g.rules.exact_cut_bonus:  # exact-cut presets cut every shuffled deal
        assert g.phase is Phase.CUT
        assert g.to_act == players - 1  # the seat right of dealer 0
        assert all(g.hand(i) == [] for i in range(players))
        g.apply(lp.Cut(players * dealt + 1))
    assert g.phase is Phase.DRAW
    assert g.dealer == 0
    assert g.to_act == 1 % players  # left of the dealer plays first
    assert [len(g.hand(i)) for i in range(players)] == [dealt] * players
    assert len(g.discard_pile) == 1  # the upcard
    assert g.stock_size == cards - players * dealt - 1
    assert g.total_cards() == cards


@pytest.mark.parametrize(
    ("preset", "players"),
    [(p, PLAYERS[p][0] - 1) for p in PRESET_NAMES] + [(p, PLAYERS[p][1] + 1) for p in PRESET_NAMES],
)
def test_player_counts_outside_the_preset_are_refused(preset: str, players: int) -> None:
    with pytest.raises(lp.RulesError) as info:
        lp.Game(preset, players, seed=0)
    if players <= 8:  # nine players are refused by every preset alike
        assert f"{PLAYERS[preset][0]} to {PLAYERS[preset][1]} players" in str(info.value)


@pytest.mark.parametrize(
    ("preset", "n"),
    [
        pytest.param(p, n, id=f"{p}-{n}")
        for p in PRESET_NAMES
        for n in (PLAYERS[p][0], 4, PLAYERS[p][1])
    ],
)
def test_every_deal_has_its_size_the_dealer_rotates_and_the_match_ends(preset: str, n: int) -> None:
    # Each deal is cut short (a dead deal after 10 turns) so the whole match runs quickly.
    rules = lp.PRESETS[preset].replace(max_turns_per_deal=10)
    g = lp.Game(rules, n, seed=11)
    cards, _ = shoe(preset, n)
    sizes = CARDS_DEALT[preset]
    assert rules.deals == len(sizes)
    seen = []
    while not g.is_over:
        d = g.deal
        assert g.dealer == (d - 1) % n  # rotates clockwise every deal
        if rules.exact_cut_bonus:
            assert g.phase is Phase.CUT
            assert g.to_act == (g.dealer - 1) % n  # the cutter sits right of the dealer
            g.apply(lp.Cut(17))
        assert g.phase is Phase.DRAW
        assert g.to_act == (g.dealer + 1) % n  # left of the dealer plays first
        assert [len(g.hand(i)) for i in range(n)] == [sizes[d - 1]] * n
        assert len(g.discard_pile) == 1
        assert g.stock_size == cards - n * sizes[d - 1] - 1
        seen.append(d)
        play_out_deal(g)
    assert seen == list(range(1, len(sizes) + 1))
    assert g.phase is Phase.MATCH_OVER
    assert g.to_act is None
    assert len(g.deal_scores) == len(sizes)
    assert g.scores == [sum(col) for col in zip(*g.deal_scores, strict=True)]
    assert g.winners == [i for i in range(n) if g.scores[i] == min(g.scores)]
    refuse(g, lp.DrawStock(), "match is over")
    assert g.legal_actions() == []


def test_a_deal_lasting_max_turns_per_deal_turns_is_dead() -> None:
    # Engine rule: a deal still running after max_turns_per_deal turns is dead (leftovers).
    rules = lp.PRESETS["house"].replace(max_turns_per_deal=10)
    g = lp.Game(rules, 3, seed=4)
    left = play_out_deal(g)
    assert g.view(0).turn_no == 11  # ten turns in deal 1; deal 2's first turn has begun
    dead = [e for e in g.log if e.kind == "dead_deal"]
    assert len(dead) == 1 and "lasted 10 turns" in dead[0].text
    assert g.deal_scores == [left]
    assert (g.deal, g.dealer, g.to_act) == (2, 1, 2)


def test_peruvian_deals_twelve_cards_every_deal() -> None:
    rules = lp.PRESETS["classic"].replace(peruvian=True, max_turns_per_deal=10)
    g = lp.Game(rules, 3, seed=2)
    for d in range(1, 8):
        assert g.deal == d and g.phase is Phase.CUT
        g.apply(lp.Cut(5))
        assert [len(g.hand(i)) for i in range(3)] == [12, 12, 12]
        assert g.stock_size == 104 - 3 * 12 - 1
        play_out_deal(g)
    assert g.is_over


def test_left_of_the_stacked_dealer_plays_first_and_play_goes_clockwise() -> None:
    # seat 0:          3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1:          3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # seat 3 (dealer): 3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠
    # stock (top first): 7♣ 10♦ 7♦ …   upcard: Q♥
    g = lp.Game.from_deal("house", [H0, H1, H2, H3], STOCK, UP, dealer=3)
    assert (g.dealer, g.phase, g.to_act, g.turn_player) == (3, Phase.DRAW, 0, 0)
    g.apply(lp.TakeDiscard())
    g.apply(lp.Discard("3♠"))
    assert (g.phase, g.to_act) == (Phase.DRAW, 1)
    g.apply(lp.TakeDiscard())
    g.apply(lp.Discard("3♥"))
    assert (g.phase, g.to_act) == (Phase.DRAW, 2)


# =============================================================================================
# Drawing (§2 steps 1, 3, 5 and "a card taken from the discard pile…")
# =============================================================================================


def test_next_player_has_first_right_to_the_discard() -> None:
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # seat 3:          3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠
    # stock (top first): 7♣ 10♦ 7♦ …   upcard: Q♥
    g = lp.Game.from_deal("house", [H0, H1, H2, H3], STOCK, UP)
    stock = g.stock_size
    # Nobody may buy before seat 1 has decided.
    refuse(g, lp.Buy(), "not your turn", player=2)
    refuse(g, lp.Buy(), "You must draw first")
    events = g.apply(lp.TakeDiscard())
    assert kinds(events) == ["take_discard"]
    assert (g.phase, g.to_act) == (Phase.PLAY, 1)
    assert bag(g.hand(1)) == bag(H1, "Q♥")
    assert g.discard_pile == [] and g.stock_size == stock  # no buy window, no stock card
    events = g.apply(lp.Discard("K♥"))
    assert kinds(events) == ["discard"]
    assert (g.phase, g.to_act, g.discard_top) == (Phase.DRAW, 2, lp.Card.parse("K♥"))
    assert g.view(2).offer == lp.Card.parse("K♥")


def test_a_card_taken_from_the_pile_may_not_be_discarded_that_turn() -> None:
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦   (the upcard Q♥ is not in it)
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # stock (top first): 7♣ …   upcard: Q♥
    g = lp.Game.from_deal("house", [H0, H1, H2], STOCK, UP)
    g.apply(lp.TakeDiscard())
    refuse(g, lp.Discard("Q♥"), "may not discard it")
    assert lp.Discard("Q♥") not in g.legal_actions()
    g.apply(lp.Discard("Q♠"))
    assert g.discard_top == lp.Card.parse("Q♠") and g.to_act == 2


def test_drawing_from_the_stock_when_nobody_may_buy_goes_straight_to_play() -> None:
    # The same deal with buying switched off: declining opens no window.
    # seat 1 (first): 3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦    stock (top first): 7♣ …   upcard: Q♥
    g = lp.Game.from_deal(lp.PRESETS["house"].replace(buying=False), [H0, H1, H2, H3], STOCK, UP)
    events = g.apply(lp.DrawStock())
    assert kinds(events) == ["draw_stock"]
    assert (g.phase, g.to_act) == (Phase.PLAY, 1)
    assert bag(g.hand(1)) == bag(H1, "7♣")
    assert g.discard_pile == C("Q♥")


def test_empty_discard_pile_only_the_stock_can_be_drawn() -> None:
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # stock (top first): 7♣ 10♦ …   upcard: none (the pile is empty)
    g = lp.Game.from_deal("house", [H0, H1, H2], STOCK, None)
    refuse(g, lp.TakeDiscard(), "discard pile is empty")
    assert g.legal_actions() == [lp.DrawStock()]
    assert g.view(1).offer is None
    events = g.apply(lp.DrawStock())  # nothing to offer: no buy window
    assert kinds(events) == ["draw_stock"]
    assert (g.phase, g.to_act) == (Phase.PLAY, 1)
    assert bag(g.hand(1)) == bag(H1, "7♣")


def test_i_buy_taking_the_discard_costs_two_extra_stock_cards() -> None:
    # I Buy deal 1 deals 6 cards.
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣
    # stock (top first): 7♣ 10♦ 7♦ …   upcard: Q♥
    hands = ["3♠ 4♥ 5♦ 6♣ 8♠ 9♥", "3♥ 4♦ 5♣ 6♠ 8♥ 9♦", "3♦ 4♣ 5♠ 6♥ 8♦ 9♣"]
    g = lp.Game.from_deal("i_buy", hands, STOCK, UP)
    stock = g.stock_size
    g.apply(lp.TakeDiscard())
    assert bag(g.hand(1)) == bag(hands[1], "Q♥ 7♣ 10♦")
    assert g.stock_size == stock - 2
    assert (g.phase, g.to_act, g.discard_pile) == (Phase.PLAY, 1, [])
    refuse(g, lp.Discard("Q♥"), "may not discard it")
    g.apply(lp.Discard("10♦"))
    assert (g.to_act, g.discard_top) == (2, lp.Card.parse("10♦"))
    # In every other preset the discard is a plain draw (the house: the stock is untouched).
    h = lp.Game.from_deal("house", hands, STOCK, UP)
    stock = h.stock_size
    h.apply(lp.TakeDiscard())
    assert bag(h.hand(1)) == bag(hands[1], "Q♥") and h.stock_size == stock


def test_illegal_turn_actions_change_nothing() -> None:
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # stock (top first): 7♣ 10♦ 7♦ …   upcard: Q♥
    g = lp.Game.from_deal("house", [H0, H1, H2], STOCK, UP)
    # wrong player, in each phase
    msg = refuse(g, lp.DrawStock(), "not your turn", player=2)
    assert "Ben" in msg  # names who must act
    refuse(g, lp.TakeDiscard(), "not your turn", player=0)
    # discarding before drawing, passing when there is nothing to pass on
    refuse(g, lp.Discard("3♥"), "You must draw before you discard")
    refuse(g, lp.Pass(), "not possible now")
    g.apply(lp.DrawStock())
    assert (g.phase, g.to_act) == (Phase.BUY, 2)
    refuse(g, lp.Buy(), "offered to the others", player=1)  # seat 1 declined it
    refuse(g, lp.Buy(), "not your turn", player=0)  # seat 0 may buy, after seat 2
    refuse(g, lp.DrawStock(), "may buy the Q♥ or pass")
    assert pass_window(g) == [2, 0]
    assert g.phase is Phase.PLAY
    # drawing twice
    refuse(g, lp.DrawStock(), "already drawn")
    refuse(g, lp.TakeDiscard(), "already drawn")
    refuse(g, lp.Discard("3♥"), "not your turn", player=0)
    refuse(g, lp.Discard("10♠"), "do not hold")
    g.apply(lp.Discard("3♥"), player=1)  # the right player may name themself
    assert g.to_act == 2


# =============================================================================================
# Buying (§2 step 4; §3 who may buy / priority / price / limit; optional max_buys_per_deal)
# =============================================================================================

FIVE = [H0, H1, H2, H3, H4]


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(lp.PRESETS["house"], id="house"),
        pytest.param(lp.PRESETS["classic"], id="classic"),
        pytest.param(lp.PRESETS["florida"], id="florida"),
        pytest.param(lp.PRESETS["i_buy"], id="i_buy"),
        pytest.param(
            lp.PRESETS["traditional"].replace(buy_priority="clockwise"), id="traditional-clockwise"
        ),
    ],
)
def test_clockwise_buyers_from_the_next_player(rules: lp.Rules) -> None:
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # seat 3:          3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠
    # seat 4:          7♠ 7♥ 10♠ 10♥ 3♠ 4♥ 5♦ 6♣ 8♠ 9♥
    # stock (top first): 7♣ 10♦ 7♦ 10♣ …   upcard: Q♥
    g = lp.Game.from_deal(rules, FIVE, STOCK, UP)
    # The upcard has no discarder: everyone but seat 1 is asked, the dealer last.
    g.apply(lp.DrawStock())
    assert g.view(2).offer == lp.Card.parse("Q♥") and g.view(2).price == 1
    assert pass_window(g) == [2, 3, 4, 0]
    assert bag(g.hand(1)) == bag(H1, "7♣")
    g.apply(lp.Discard("3♥"))
    events = g.apply(lp.DrawStock())  # seat 2 declines the 3♥: the window opens at seat 3
    assert kinds(events) == ["decline"]  # seat 2 has not drawn yet
    assert (g.phase, g.to_act) == (Phase.BUY, 3)
    assert bag(g.hand(2)) == bag(H2)
    # Branch A: nobody buys. Seat 1 (discarder) and seat 2 (drawing) are never asked.
    a = g.copy()
    assert pass_window(a) == [3, 4, 0]
    assert (a.phase, a.to_act) == (Phase.PLAY, 2)
    assert bag(a.hand(2)) == bag(H2, "10♦") and a.discard_top == lp.Card.parse("3♥")
    # Branch B: seat 3 passes, seat 4 buys: the 3♥ plus the top stock card; seat 0 is not
    # asked (one buy per discard); seat 2 then draws the next stock card and keeps the turn.
    g.apply(lp.Pass())
    assert g.to_act == 4
    coins = g.view(4).coins[4]
    events = g.apply(lp.Buy())
    assert kinds(events) == ["buy", "draw_stock"]
    assert bag(g.hand(4)) == bag(H4, "3♥ 10♦")
    assert bag(g.hand(2)) == bag(H2, "7♦")
    assert bag(g.hand(0)) == bag(H0) and bag(g.hand(3)) == bag(H3)
    assert g.discard_pile == C("Q♥")
    assert (g.phase, g.to_act, g.turn_player) == (Phase.PLAY, 2, 2)
    if rules.buy_coins is not None:  # i_buy: the buy cost a coin
        assert coins == 10 and g.view(0).coins == (10, 10, 10, 10, 9)
    g.apply(lp.Discard("3♦"))
    assert (g.phase, g.to_act) == (Phase.DRAW, 3)  # the buyer did not get a turn


@pytest.mark.parametrize("preset", ["traditional", "me"])
def test_first_to_call_asks_everyone_and_draws_the_winner_from_the_seed(preset: str) -> None:
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # seat 3:          3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠
    # stock (top first): 7♣ 10♦ 7♦ …   upcard: Q♥
    # Seat 1 declines the Q♥; seats 2 and 3 call to buy, seat 0 passes.
    def winner(seed: int) -> int:
        g = lp.Game.from_deal(preset, [H0, H1, H2, H3], STOCK, UP, seed=seed)
        g.apply(lp.DrawStock())
        assert (g.phase, g.to_act) == (Phase.BUY, 2)
        g.apply(lp.Buy())
        assert (g.phase, g.to_act) == (Phase.BUY, 3)  # still asking after an acceptance
        g.apply(lp.Buy())
        assert (g.phase, g.to_act) == (Phase.BUY, 0)
        events = g.apply(lp.Pass())
        assert kinds(events) == ["pass_buy", "first_call", "buy", "draw_stock"]
        won = events[1].player
        assert won in (2, 3)
        lost = 5 - won
        assert bag(g.hand(won)) == bag([H0, H1, H2, H3][won], "Q♥ 7♣")
        assert bag(g.hand(lost)) == bag([H0, H1, H2, H3][lost])  # one buy per discard
        assert bag(g.hand(1)) == bag(H1, "10♦")
        assert (g.phase, g.to_act) == (Phase.PLAY, 1)
        return won

    results = {seed: winner(seed) for seed in range(30)}
    assert set(results.values()) == {2, 3}  # not a seat priority
    assert all(winner(seed) == won for seed, won in list(results.items())[:5])  # deterministic


def test_first_to_call_with_one_caller_gives_it_that_caller() -> None:
    # seat 1 (first) declines the Q♥; only seat 0 (the dealer, asked last) calls.
    # stock (top first): 7♣ 10♦ …   upcard: Q♥   (hands as above)
    g = lp.Game.from_deal("me", [H0, H1, H2, H3], STOCK, UP)
    g.apply(lp.DrawStock())
    assert g.to_act == 2
    g.apply(lp.Pass())
    g.apply(lp.Pass())
    events = g.apply(lp.Buy())
    assert kinds(events) == ["call_buy", "buy", "draw_stock"]
    assert bag(g.hand(0)) == bag(H0, "Q♥ 7♣")
    assert bag(g.hand(1)) == bag(H1, "10♦")


def test_online_discarder_next_player_and_down_players_are_never_asked() -> None:
    # Online, 5 players (1 buy each per match).
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  7♠ 7♥ 7♦ 9♠ 9♥ 9♦ 3♥ 4♦ 5♣ 6♠   (goes down: 7s and 9s)
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # seat 3:          3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠
    # seat 4:          7♠ 7♥ 10♠ 10♥ 3♠ 4♥ 5♦ 6♣ 8♠ 9♥
    # stock (top first): 7♣ 10♦ 7♦ 10♣ 2♦ …   upcard: Q♥
    seat1 = "7♠ 7♥ 7♦ 9♠ 9♥ 9♦ 3♥ 4♦ 5♣ 6♠"
    g = lp.Game.from_deal("online", [H0, seat1, H2, H3, H4], STOCK, UP)
    assert [g.buys_left(i) for i in range(5)] == [1] * 5
    g.apply(lp.DrawStock())
    g.apply(lp.Pass())  # seat 2
    assert g.to_act == 3
    g.apply(lp.Buy())  # seat 3 spends its only buy on the upcard
    assert bag(g.hand(3)) == bag(H3, "Q♥ 7♣")
    assert bag(g.hand(1)) == bag(seat1, "10♦")
    assert g.view(0).buys_left == (1, 1, 1, 0, 1)
    g.apply(lp.GoDown([["7♠", "7♥", "7♦"], ["9♠", "9♥", "9♦"]]))
    g.apply(lp.Discard("3♥"))
    assert g.is_down(1) and (g.phase, g.to_act) == (Phase.DRAW, 2)
    g.apply(lp.DrawStock())
    # not 1 (discarder and down), 2 (drawing), 3 (no buys left)
    assert pass_window(g) == [4, 0]
    assert bag(g.hand(2)) == bag(H2, "7♦")
    g.apply(lp.Discard("3♦"))
    g.apply(lp.DrawStock())
    assert pass_window(g) == [4, 0]  # seat 1 is down: never asked
    assert bag(g.hand(3)) == bag(H3, "Q♥ 7♣ 10♣")


def test_house_down_player_may_buy() -> None:
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  7♠ 7♥ 7♦ 9♠ 9♥ 9♦ 3♥ 4♦ 5♣ 6♠   (goes down: 7s and 9s)
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # seat 3:          3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠
    # stock (top first): 7♣ 10♦ 7♦ 10♣ …   upcard: Q♥
    seat1 = "7♠ 7♥ 7♦ 9♠ 9♥ 9♦ 3♥ 4♦ 5♣ 6♠"
    g = lp.Game.from_deal("house", [H0, seat1, H2, H3], STOCK, UP)
    g.apply(lp.DrawStock())
    assert pass_window(g) == [2, 3, 0]
    g.apply(lp.GoDown([["7♠", "7♥", "7♦"], ["9♠", "9♥", "9♦"]]))
    g.apply(lp.Discard("3♥"))
    g.apply(lp.DrawStock())
    assert pass_window(g) == [3, 0]
    g.apply(lp.Discard("3♦"))
    g.apply(lp.DrawStock())  # seat 3 declines the 3♦
    assert g.to_act == 0
    g.apply(lp.Pass())
    assert g.to_act == 1 and g.is_down(1)
    g.apply(lp.Buy())
    assert bag(g.hand(1)) == bag("4♦ 5♣ 6♠ 7♣ 3♦ 7♦")
    assert bag(g.hand(3)) == bag(H3, "10♣")
    assert (g.phase, g.to_act) == (Phase.PLAY, 3)


def test_online_four_players_third_buy_is_refused() -> None:
    # Online, 4 players: 2 buys each per match.
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # seat 3:          3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠
    # stock (top first): 7♣ 10♦ 7♦ 10♣ 2♦ 2♣ 7♠ …   upcard: Q♥
    g = lp.Game.from_deal("online", [H0, H1, H2, H3], STOCK, UP)
    assert [g.buys_left(i) for i in range(4)] == [2] * 4
    g.apply(lp.DrawStock())
    g.apply(lp.Pass())  # seat 2
    g.apply(lp.Buy())  # seat 3, buy 1: Q♥ + 7♣
    g.apply(lp.Discard("3♥"))
    g.apply(lp.DrawStock())  # seat 2 declines the 3♥
    assert g.to_act == 3
    g.apply(lp.Buy())  # seat 3, buy 2: 3♥ + 7♦
    assert bag(g.hand(3)) == bag(H3, "Q♥ 7♣ 3♥ 7♦")
    assert g.view(1).buys_left == (2, 2, 2, 0)
    g.apply(lp.Discard("3♦"))
    g.apply(lp.DrawStock())  # seat 3's own turn: 0, 1 asked
    assert pass_window(g) == [0, 1]
    g.apply(lp.Discard("3♣"))
    g.apply(lp.DrawStock())
    assert pass_window(g) == [1, 2]
    g.apply(lp.Discard("3♠"))
    g.apply(lp.DrawStock())  # seat 1 declines the 3♠: seat 3 would be next after seat 2
    assert (g.phase, g.to_act) == (Phase.BUY, 2)
    # docs/rules.md §4: a buy past the limit is refused naming the limit
    assert g.why_not_buy(3) == "You have used both of your 2 buys this match."
    refuse(g, lp.Buy(), "You have used both of your 2 buys this match", player=3)
    assert pass_window(g) == [2]  # seat 3 is no longer asked
    assert bag(g.hand(3)) == bag(H3, "Q♥ 7♣ 3♥ 7♦ 2♦") - bag("3♣")


def test_online_five_players_get_one_buy() -> None:
    # Online, 5 players: 1 buy each.  (hands as in the clockwise test; upcard Q♥)
    g = lp.Game.from_deal("online", FIVE, STOCK, UP)
    g.apply(lp.DrawStock())
    assert g.to_act == 2
    g.apply(lp.Buy())  # seat 2: Q♥ + 7♣
    assert g.buys_left(2) == 0
    g.apply(lp.Discard("3♥"))  # seat 1 discards; seat 2 is next and draws
    g.apply(lp.DrawStock())
    assert pass_window(g) == [3, 4, 0]
    g.apply(lp.Discard("3♦"))
    g.apply(lp.DrawStock())
    assert pass_window(g) == [4, 0, 1]
    g.apply(lp.Discard("3♣"))
    g.apply(lp.DrawStock())  # seat 4 declines seat 3's 3♣: seat 2 would be asked after 1
    assert pass_window(g) == [0, 1]


def test_online_two_players_get_three_buys_per_match() -> None:
    # With two players the discarder and the next player are everyone: only the upcard (which
    # nobody discarded) can be bought, by the dealer. Deals are cut short after 10 turns.
    rules = lp.PRESETS["online"].replace(max_turns_per_deal=10)
    g = lp.Game(rules, 2, seed=5)
    asked = []
    while not g.is_over:
        if g.phase is Phase.BUY:
            seat = g.to_act
            assert seat is not None
            asked.append((g.deal, seat, g.buys_left(seat)))
            if seat == 0:
                top = g.discard_top
                before = bag(g.hand(0))
                assert top is not None
                g.apply(lp.Buy())
                assert (bag(g.hand(0)) - before)[top] >= 1  # the upcard…
                assert len(g.hand(0)) == sum(before.values()) + 2  # … and one stock card
                continue
        step(g)
    # seat 0 deals deals 1, 3, 5, 7 and buys each upcard until its 3 buys are spent.
    assert asked == [(1, 0, 3), (2, 1, 3), (3, 0, 2), (4, 1, 3), (5, 0, 1), (6, 1, 3)]
    assert g.buys_left(0) == 0 and g.buys_left(1) == 3


def test_i_buy_ten_coins_per_match() -> None:
    # I Buy, 3 players; deal 1 deals 6 cards. Seat 0 buys whenever asked. Deals end after 40
    # turns (engine limit, cut short here) so the match moves on to deal 2.
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣
    # stock: the rest of the shoe, shuffled   upcard: Q♥
    rules = lp.PRESETS["i_buy"].replace(max_turns_per_deal=40)
    hands = ["3♠ 4♥ 5♦ 6♣ 8♠ 9♥", "3♥ 4♦ 5♣ 6♠ 8♥ 9♦", "3♦ 4♣ 5♠ 6♥ 8♦ 9♣"]
    g = lp.Game.from_deal(rules, hands, "", UP)
    assert g.view(1).coins == (10, 10, 10)
    coins_when_asked = []
    skipped = 0
    while g.deal == 1:
        if g.phase is Phase.BUY and g.to_act == 0:
            coins = g.view(0).coins[0]
            assert coins is not None  # these rules count coins
            coins_when_asked.append(coins)
            top, size, stock = g.discard_top, len(g.hand(0)), g.stock_size
            g.apply(lp.Buy())
            assert top is not None and g.hand(0).count(top) >= 1
            assert len(g.hand(0)) == size + 2  # the discard + 1 stock card
            assert g.stock_size == stock - 2  # the penalty card, then the turn player's draw
            assert g.view(0).coins[0] == coins - 1
            continue
        if g.phase is Phase.DRAW and g.to_act == 2 and g.view(2).discarder == 1:
            g.apply(lp.DrawStock())  # seat 2 declines seat 1's discard: only seat 0 may buy
            if g.phase is Phase.PLAY:  # type: ignore[comparison-overlap]
                skipped += 1
            continue
        step(g)
    assert coins_when_asked == list(range(10, 0, -1))
    assert skipped >= 1  # afterwards seat 0 was no longer asked
    # Coins last the whole match: in deal 2 seat 0 is still not asked.
    assert g.view(0).coins == (0, 10, 10)
    assert (g.deal, g.dealer, g.phase, g.to_act) == (2, 1, Phase.CUT, 0)  # E's exact cut
    g.apply(lp.Cut(1))
    assert (g.phase, g.to_act) == (Phase.DRAW, 2)
    assert g.why_not_buy(0) == "You have spent all 10 of your coins: a buy costs one."
    g.apply(lp.DrawStock())
    assert pass_window(g) == [1]


def test_max_buys_per_deal_limits_each_deal_only() -> None:
    # house + max_buys_per_deal=1, 3 players. Seat 0 buys whenever asked.
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # stock (top first): 7♣ 10♦ 7♦ 10♣ 2♦ 2♣ 7♠ 7♥ (rest shuffled)   upcard: Q♥
    rules = lp.PRESETS["house"].replace(max_buys_per_deal=1, max_turns_per_deal=10)
    g = lp.Game.from_deal(rules, [H0, H1, H2], STOCK, UP)
    assert g.buys_left(0) == 1
    g.apply(lp.DrawStock())
    g.apply(lp.Pass())  # seat 2
    assert g.to_act == 0
    g.apply(lp.Buy())
    assert bag(g.hand(0)) == bag(H0, "Q♥ 7♣") and g.buys_left(0) == 0
    g.apply(lp.Discard("3♥"))
    g.apply(lp.DrawStock())  # seat 2 declines the 3♥; seat 0 may not buy again this deal
    assert (g.phase, g.to_act) == (Phase.PLAY, 2)
    assert bag(g.hand(2)) == bag(H2, "7♦")
    play_out_deal(g)
    assert (g.deal, g.to_act) == (2, 2)
    assert g.buys_left(0) == 1  # a new deal, a new allowance
    g.apply(lp.DrawStock())
    assert (g.phase, g.to_act) == (Phase.BUY, 0)


# =============================================================================================
# Stock exhaustion (§2 "Stock runs out")
# =============================================================================================

# Three hands with different leftovers (house points: 2–9 face, 10–K 10, A 15, joker 20).
S0 = "K♠ Q♠ 5♥ 3♣"  # 28
S1 = "A♦ A♣ 9♥ 4♦"  # 43
S2 = "J♥ 8♣ 2♠ 6♦"  # 26


def test_stock_is_rebuilt_from_the_pile_twice_then_the_deal_is_dead() -> None:
    # seat 0 (dealer): K♠ Q♠ 5♥ 3♣
    # seat 1 (first):  A♦ A♣ 9♥ 4♦
    # seat 2:          J♥ 8♣ 2♠ 6♦
    # stock (top first, nothing else): 10♠ 7♦    upcard: 10♠
    # Everyone declines, nobody buys, and each discards the card drawn.
    g = lp.Game.from_deal("house", [S0, S1, S2], "10♠ 7♦", "10♠", complete=False)

    def turn(seat: int, expect_asked: list[int]) -> lp.Card:
        assert (g.phase, g.to_act) == (Phase.DRAW, seat)
        g.apply(lp.DrawStock())
        assert pass_window(g) == expect_asked
        drawn = g.hand(seat)[-1]
        g.apply(lp.Discard(drawn))
        return drawn

    assert turn(1, [2, 0]) == lp.Card.parse("10♠")
    assert turn(2, [0]) == lp.Card.parse("7♦")
    assert g.stock_size == 0 and g.discard_pile == C("10♠ 10♠ 7♦")
    # Seat 0 needs a card: the pile but its top (10♠ 10♠) becomes the stock.
    g.apply(lp.DrawStock())
    assert pass_window(g) == [1]
    assert g.view(0).reshuffles == 1
    assert g.stock_size == 1 and g.discard_pile == C("7♦")
    assert g.hand(0)[-1] == lp.Card.parse("10♠")
    assert "reshuffle" in [e.kind for e in g.log[-3:]]
    g.apply(lp.Discard("10♠"))
    assert turn(1, [2]) == lp.Card.parse("10♠")
    assert g.stock_size == 0 and g.discard_pile == C("7♦ 10♠ 10♠")
    # Second rebuild (7♦ 10♠ under the top 10♠).
    c1 = turn(2, [0])
    assert g.view(0).reshuffles == 2
    c2 = turn(0, [1])
    assert bag([c1, c2]) == bag("7♦ 10♠")
    assert g.stock_size == 0
    # Empty a third time, after max_reshuffles (2) rebuilds: a dead deal.
    g.apply(lp.DrawStock())
    events: list[lp.Event] = []
    while g.phase is Phase.BUY:
        events += g.apply(lp.Pass())
    assert "dead_deal" in kinds(events)
    assert g.deal_scores == [[28, 43, 26]]  # everyone scores the leftovers; nobody went out
    assert g.scores == [28, 43, 26]
    assert (g.deal, g.dealer, g.phase, g.to_act) == (2, 1, Phase.DRAW, 2)


def test_no_reshuffle_allowed_means_dead_at_the_first_empty_stock() -> None:
    # seat 0 (dealer): K♠ Q♠ 5♥ 3♣;  seat 1 (first): A♦ A♣ 9♥ 4♦;  seat 2: J♥ 8♣ 2♠ 6♦
    # stock (top first, nothing else): 7♦    upcard: 10♠
    rules = lp.PRESETS["house"].replace(max_reshuffles=0)
    g = lp.Game.from_deal(rules, [S0, S1, S2], "7♦", "10♠", complete=False)
    g.apply(lp.DrawStock())
    pass_window(g)
    g.apply(lp.Discard("7♦"))
    g.apply(lp.DrawStock())
    events: list[lp.Event] = []
    while g.phase is Phase.BUY:
        events += g.apply(lp.Pass())
    assert "dead_deal" in kinds(events)
    assert g.deal_scores == [[28, 43, 26]]
    assert g.deal == 2


def test_a_buy_that_cannot_be_paid_kills_the_deal() -> None:
    # seat 0 (dealer): K♠ Q♠ 5♥ 3♣;  seat 1 (first): A♦ A♣ 9♥ 4♦;  seat 2: J♥ 8♣ 2♠ 6♦
    # stock: empty    upcard: 10♠   (a one-card pile cannot be rebuilt into a stock)
    g = lp.Game.from_deal("house", [S0, S1, S2], "", "10♠", complete=False)
    g.apply(lp.DrawStock())
    assert g.to_act == 2
    events = g.apply(lp.Buy())  # the 10♠ is taken, but no penalty card can be drawn
    assert "dead_deal" in kinds(events)
    assert g.deal_scores == [[28, 43, 26 + 10]]


# =============================================================================================
# Scoring (§1 "Going out", §3 card points per preset; winners; the end of the match)
# =============================================================================================

# Leftover hands for a dead deal: seat 0 (dealer), seat 1, seat 2 (no jokers in classic).
LEFT = ("A♠ 2♥ 5♦ 9♣ 10♠ K♥ 🃏", "3♣ 4♦ 7♠ 8♥ J♣ Q♦", "A♥ A♣ 2♠ 🃏 6♥")
LEFT_CLASSIC = ("A♠ 2♥ 5♦ 9♣ 10♠ K♥", "3♣ 4♦ 7♠ 8♥ J♣ Q♦", "A♥ A♣ 2♠ 6♥")


@pytest.mark.parametrize(
    ("preset", "hands", "expected"),
    [
        # 2–9 face value, 10/J/Q/K 10, A 15, joker 20
        ("house", LEFT, [15 + 2 + 5 + 9 + 10 + 10 + 20, 3 + 4 + 7 + 8 + 20, 15 + 15 + 2 + 20 + 6]),
        # A and 2 = 25, 3–9 = 5, 10–K = 10
        ("classic", LEFT_CLASSIC, [25 + 25 + 5 + 5 + 10 + 10, 5 * 4 + 20, 25 + 25 + 25 + 5]),
        # A 15, 10–K 10, 3–9 5, jokers and 2s 15
        ("online", LEFT, [15 + 15 + 5 + 5 + 10 + 10 + 15, 5 * 4 + 20, 15 + 15 + 15 + 15 + 5]),
        # 2–9 = 5, 10–K = 10, A and joker 15
        ("traditional", LEFT, [15 + 5 + 5 + 5 + 10 + 10 + 15, 5 * 4 + 20, 15 + 15 + 5 + 15 + 5]),
        # A, 2, joker = 15; 10–K = 10; 3–9 = 5
        ("florida", LEFT, [15 + 15 + 5 + 5 + 10 + 10 + 15, 5 * 4 + 20, 15 + 15 + 15 + 15 + 5]),
        # 2s and jokers 25; A 15; 10–K 10; others 5
        ("i_buy", LEFT, [15 + 25 + 5 + 5 + 10 + 10 + 25, 5 * 4 + 20, 15 + 15 + 25 + 25 + 5]),
        # joker 20; A 15; J/Q/K 10; others face value (10 = 10)
        ("me", LEFT, [15 + 2 + 5 + 9 + 10 + 10 + 20, 3 + 4 + 7 + 8 + 20, 15 + 15 + 2 + 20 + 6]),
    ],
)
def test_dead_deal_scores_leftovers_by_the_preset_card_points(
    preset: str, hands: tuple[str, ...], expected: list[int]
) -> None:
    # seat 0 (dealer), seat 1 (first), seat 2: the hands above
    # stock: empty    upcard: 7♣ (alone: no stock can be rebuilt)
    g = lp.Game.from_deal(preset, list(hands), "", "7♣", complete=False)
    g.apply(lp.DrawStock())
    events: list[lp.Event] = []
    while g.phase is Phase.BUY:
        events += g.apply(lp.Pass())
    assert "dead_deal" in kinds(events)
    assert g.deal_scores == [expected]
    assert g.scores == expected
    assert g.deal == 2 and g.dealer == 1


def test_going_out_scores_zero_others_their_leftovers_and_totals_add_up() -> None:
    # house deal 1 (2 sets), 3 players.
    # seat 0 (dealer): Q♣ Q♠ 5♥ 3♣ 8♥ 9♦ 10♣ J♦ 4♠ 6♠   (= 10+10+5+3+8+9+10+10+4+6 = 75)
    # seat 1 (first):  7♠ 7♥ 7♦ 7♣ 7♠ K♠ K♥ K♦ K♣ K♥
    # seat 2:          A♦ A♣ 9♥ 4♦ 🃏 2♠ 2♣ 6♦ 5♣ 3♥   (= 15+15+9+4+20+2+2+6+5+3 = 81)
    # stock (top first): 4♣ …   upcard: 9♣
    # Seat 1 draws the 4♣, goes down with every 7 and every K, and discards the 4♣: out.
    rules = lp.PRESETS["house"].replace(max_turns_per_deal=10)
    seat0 = "Q♣ Q♠ 5♥ 3♣ 8♥ 9♦ 10♣ J♦ 4♠ 6♠"
    seat1 = "7♠ 7♥ 7♦ 7♣ 7♠ K♠ K♥ K♦ K♣ K♥"
    seat2 = "A♦ A♣ 9♥ 4♦ 🃏 2♠ 2♣ 6♦ 5♣ 3♥"
    g = lp.Game.from_deal(rules, [seat0, seat1, seat2], "4♣", "9♣")
    g.apply(lp.DrawStock())
    assert pass_window(g) == [2, 0]
    g.apply(lp.GoDown([["7♠", "7♥", "7♦", "7♣", "7♠"], ["K♠", "K♥", "K♦", "K♣", "K♥"]]))
    assert g.hand(1) == C("4♣")
    events = g.apply(lp.Discard("4♣"))
    assert kinds(events)[:3] == ["discard", "go_out", "deal_over"]
    assert g.deal_scores == [[75, 0, 81]]
    assert g.scores == [75, 0, 81]
    # Deal 2 (shuffled from the seed) is dealt by seat 1; it is cut short after 10 turns.
    assert (g.deal, g.dealer, g.to_act) == (2, 1, 2)
    left = play_out_deal(g)
    assert g.deal == 3
    assert g.deal_scores == [[75, 0, 81], left]
    assert g.scores == [75 + left[0], left[1], 81 + left[2]]


def test_last_deal_ends_the_match_and_ties_share_the_win() -> None:
    # house deal 7 (the last), 3 players.
    # seat 0 (dealer): K♠ 5♥   (15)
    # seat 1 (first):  Q♦ 5♣   (15)
    # seat 2:          A♠ A♥   (30)
    # stock: empty    upcard: 9♣  → the first draw finds no card: a dead deal, the match ends.
    g = lp.Game.from_deal("house", ["K♠ 5♥", "Q♦ 5♣", "A♠ A♥"], "", "9♣", deal=7, complete=False)
    g.apply(lp.DrawStock())
    events: list[lp.Event] = []
    while g.phase is Phase.BUY:
        events += g.apply(lp.Pass())
    assert kinds(events)[-3:] == ["dead_deal", "deal_over", "match_over"]
    assert g.phase is Phase.MATCH_OVER and g.is_over
    assert g.to_act is None
    assert g.deal == 7
    assert g.scores == [15, 15, 30]
    assert g.winners == [0, 1]
    assert g.view(2).winners == (0, 1) and g.view(2).is_over
    assert g.legal_actions() == []
    refuse(g, lp.DrawStock(), "match is over")
    refuse(g, lp.Pass(), "match is over")


# =============================================================================================
# The cut (classic, traditional and E's variants: exact cut −50 to the cutter)
# =============================================================================================


@pytest.mark.parametrize("preset", ["classic", "traditional"])
def test_the_player_right_of_the_dealer_cuts_before_the_deal(preset: str) -> None:
    g = lp.Game(preset, 4, seed=1, dealer=2)
    cards, _ = shoe(preset, 4)
    assert (g.phase, g.to_act, g.dealer) == (Phase.CUT, 1, 2)
    assert all(g.hand(i) == [] for i in range(4)) and g.stock_size == cards  # the shoe, uncut
    assert g.total_cards() == cards
    assert all(g.view(i).stock_size == g.stock_size for i in range(4))
    refuse(g, lp.DrawStock(), "must be cut")
    refuse(g, lp.Cut(41), "not your turn", player=2)
    refuse(g, lp.Cut(0), f"between 1 and {cards - 1} cards")
    refuse(g, lp.Cut(cards), f"between 1 and {cards - 1} cards")
    events = g.apply(lp.Cut(30))
    assert kinds(events)[0] == "cut"
    assert (g.phase, g.to_act) == (Phase.DRAW, 3)
    assert [len(g.hand(i)) for i in range(4)] == [10] * 4


# E's variants (florida, i_buy, me) inherit E's exact-cut bonus (docs/rules.md §3).
@pytest.mark.parametrize("preset", ["classic", "traditional", "florida", "i_buy", "me"])
def test_an_exact_cut_takes_fifty_points_off_the_cutter(preset: str) -> None:
    # 4 players, dealer 0, cutter seat 3. An exact cut lifts 4 × cards dealt + 1 cards (the
    # deal and the upcard: 41 under classic). The cut lands near the aim (game RNG): find a
    # seed where it is exact and one where it is not; each deal is then cut short after 10
    # turns.
    rules = lp.PRESETS[preset].replace(max_turns_per_deal=10)
    aim = 4 * rules.cards_dealt(1) + 1
    found: dict[bool, int] = {}
    for seed in range(100):
        g = lp.Game(rules, 4, seed=seed)
        text = g.apply(lp.Cut(aim))[0].text
        found.setdefault(f"an exact cut of {aim} cards" in text, seed)
        if len(found) == 2:
            break
    assert set(found) == {True, False}
    for exact, seed in found.items():
        g = lp.Game(rules, 4, seed=seed)
        assert g.to_act == 3
        cut = g.apply(lp.Cut(aim))[0]
        assert cut.player == 3
        assert ("takes 50 points off" in cut.text) == exact
        if exact:  # the verb right after the name, so a player called You reads "You take"
            assert cut.text.startswith(f"{g.names[3]} takes 50 points off: an exact cut")
            assert second_person(cut.text, g.names[3]).startswith("You take 50 points off")
        left = play_out_deal(g)
        bonus = [0, 0, 0, -50] if exact else [0, 0, 0, 0]
        assert g.deal_scores == [[p + b for p, b in zip(left, bonus, strict=True)]]
        # The next deal is cut by the seat right of the new dealer (seat 1): seat 0.
        assert (g.deal, g.dealer, g.phase, g.to_act) == (2, 1, Phase.CUT, 0)


def test_a_stacked_deal_skips_the_cut_but_later_deals_are_cut() -> None:
    # classic, 3 players; seat 0 (dealer): K♠ Q♠ 5♥ 3♣, seat 1 (first): A♦ A♣ 9♥ 4♦,
    # seat 2: J♥ 8♣ 4♠ 6♦; stock: empty; upcard: 7♣ → dead deal at the first draw.
    g = lp.Game.from_deal("classic", [S0, S1, "J♥ 8♣ 4♠ 6♦"], "", "7♣", complete=False)
    assert (g.phase, g.to_act) == (Phase.DRAW, 1)
    g.apply(lp.DrawStock())
    pass_window(g)
    assert (g.deal, g.dealer, g.phase, g.to_act) == (2, 1, Phase.CUT, 0)


# =============================================================================================
# §2 step 2: the rummy call window; §2 floating
# =============================================================================================

SEAT1_DOWN = "7♠ 7♥ 7♦ 9♠ 9♥ 9♦ 4♦ 5♣ 6♠ 8♥"


def _down_and_discard(preset: str, discard: str) -> lp.Game:
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  7♠ 7♥ 7♦ 9♠ 9♥ 9♦ 4♦ 5♣ 6♠ 8♥   (goes down: 7s and 9s)
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # seat 3:          3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠
    # stock (top first): 7♣ 10♦ 7♦ …   upcard: Q♥
    g = lp.Game.from_deal(preset, [H0, SEAT1_DOWN, H2, H3], STOCK, UP)
    g.apply(lp.DrawStock())
    assert pass_window(g) == [2, 3, 0]
    g.apply(lp.GoDown([["7♠", "7♥", "7♦"], ["9♠", "9♥", "9♦"]]))
    g.apply(lp.Discard(discard))
    return g


@pytest.mark.parametrize("preset", ["classic", "traditional"])
def test_rummy_call_window_opens_on_a_playable_discard_until_the_next_turn(preset: str) -> None:
    g = _down_and_discard(preset, "7♣")  # the 7♣ would have fitted the set of sevens
    assert (g.phase, g.to_act) == (Phase.RUMMY_CALL, 2)
    assert lp.CallRummy() in g.legal_actions()
    refuse(g, lp.DrawStock(), "call on the last discard, or pass")
    g.apply(lp.Pass())
    g.apply(lp.Pass())
    assert g.to_act == 0
    g.apply(lp.Pass())
    assert (g.phase, g.to_act, g.discard_top) == (Phase.DRAW, 2, lp.Card.parse("7♣"))


@pytest.mark.parametrize("preset", ["classic", "traditional", "house"])
def test_no_call_window_for_an_unplayable_discard_or_without_a_rummy_call(preset: str) -> None:
    g = _down_and_discard(preset, "8♥")
    assert (g.phase, g.to_act) == (Phase.DRAW, 2)
    if preset == "house":
        h = _down_and_discard(preset, "7♣")  # playable, but the house has no rummy call
        assert (h.phase, h.to_act) == (Phase.DRAW, 2)


def test_traditional_rummy_call_offender_takes_back_the_discard_and_a_stock_card() -> None:
    g = _down_and_discard("traditional", "7♣")
    g.apply(lp.Pass())  # seat 2
    g.apply(lp.CallRummy())  # seat 3
    assert bag(g.hand(1)) == bag("4♦ 5♣ 6♠ 8♥ 7♣ 10♦")
    assert g.discard_pile == C("Q♥")
    assert (g.phase, g.to_act) == (Phase.DRAW, 2)


def test_classic_rummy_call_every_other_player_gives_the_offender_a_card() -> None:
    g = _down_and_discard("classic", "7♣")
    called = g.apply(lp.CallRummy())  # seat 2
    offender = g.names[1]  # the call says where the card would have gone
    assert called[0].text == (
        f"{g.names[2]} called rummy: {offender}'s 7♣ could have been played on {offender}'s "
        "own set of sevens."
    )
    assert (g.phase, g.to_act) == (Phase.GIVE_CARD, 2)
    g.apply(lp.GiveCard("K♦"))
    assert g.to_act == 3
    g.apply(lp.GiveCard("K♣"))
    assert g.to_act == 0
    g.apply(lp.GiveCard("K♠"))
    assert bag(g.hand(1)) == bag("4♦ 5♣ 6♠ 8♥ K♦ K♣ K♠")
    assert g.discard_top == lp.Card.parse("7♣")
    assert (g.phase, g.to_act) == (Phase.DRAW, 2)


def _giving_the_last_card(preset: str) -> tuple[lp.Game, list[lp.Event]]:
    """Ben (seat 1) goes down and throws the 9♠, which fits Ada's nines; Cleo calls rummy and
    gives; Ada, down with one card left, must give it. Her hand is then empty."""
    g = lp.Game.from_deal(
        preset,
        hands=["8♣", "5♣ 5♦ 5♠ 6♣ 6♦ 6♠ 9♠ K♠", "7♠ 7♠ 10♦ 10♦ J♣ J♦ Q♣"],
        stock="K♦ 9♣ 4♦",
        upcard="K♣",
        table=[(0, "9♣ 9♦ 9♥"), (0, "3♥ 3♣ 3♦")],
    )
    g.apply(lp.DrawStock())
    pass_window(g)
    g.apply(lp.GoDown([C("5♣ 5♦ 5♠"), C("6♣ 6♦ 6♠")]))
    g.apply(lp.Discard("9♠"))
    g.apply(lp.CallRummy())  # Cleo
    g.apply(lp.GiveCard("7♠"))
    assert (g.phase, g.to_act, g.legal_actions()) == (Phase.GIVE_CARD, 0, [lp.GiveCard("8♣")])
    return g, g.apply(lp.GiveCard("8♣"))


@pytest.mark.parametrize("preset", ["classic", "me"])
def test_giving_the_last_card_ends_the_deal_where_nobody_floats(preset: str) -> None:
    # docs/rules.md §3.4: the deal lasts "until one player goes out, or has no cards left in
    # their hand" -- so Ada, made to give her last card, has gone out.
    g, events = _giving_the_last_card(preset)
    assert kinds(events)[:3] == ["give_card", "go_out", "deal_over"]
    assert events[2].scores is not None and events[2].scores[0] == 0  # Ada scores nothing
    assert g.deal == 2 and g.scores[0] == 0 and g.scores[1] > 0


def test_giving_the_last_card_floats_where_floating_is_allowed() -> None:
    g, events = _giving_the_last_card("florida")
    assert kinds(events)[:2] == ["give_card", "floating"]
    assert g.is_floating(0) and g.hand(0) == [] and g.deal == 1
    assert (g.phase, g.to_act) == (Phase.DRAW, 2)  # the call is over: Cleo's turn comes


def test_traditional_floating_player_draws_and_goes_out_by_discarding() -> None:
    # traditional deal 1, 3 players.
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 10♥ J♦ Q♣ K♠ A♥   (5·5 + 4·10 + 15 = 80)
    # seat 1 (first):  7♠ 7♥ 7♦ 7♣ 7♠ 9♠ 9♥ 9♦ 9♣ 9♠
    # seat 2:          3♦ 4♦ 5♠ 6♥ 8♦ 10♣ J♠ Q♥ K♦ 4♠   (6·5 + 4·10 = 70)
    # stock (top first): 9♥ 3♣ 4♣ K♣ …   upcard: 2♦
    seat0 = "3♠ 4♥ 5♦ 6♣ 8♠ 10♥ J♦ Q♣ K♠ A♥"
    seat1 = "7♠ 7♥ 7♦ 7♣ 7♠ 9♠ 9♥ 9♦ 9♣ 9♠"
    seat2 = "3♦ 4♦ 5♠ 6♥ 8♦ 10♣ J♠ Q♥ K♦ 4♠"
    g = lp.Game.from_deal("traditional", [seat0, seat1, seat2], "9♥ 3♣ 4♣ K♣", "2♦")
    g.apply(lp.DrawStock())
    pass_window(g)
    events = g.apply(lp.GoDown([C("7♠ 7♥ 7♦ 7♣ 7♠"), C("9♠ 9♥ 9♦ 9♣ 9♠ 9♥")]))
    assert kinds(events)[-1] == "floating"
    assert g.is_floating(1) and g.hand(1) == []
    said = events[-1].text  # the verb right after the name: "You are floating" for a You
    assert said == f"{g.names[1]} is floating: no cards left, but not gone out."
    assert second_person(said, g.names[1]).startswith("You are floating")
    assert (g.phase, g.to_act) == (Phase.DRAW, 2)  # the turn ended without a discard
    g.apply(lp.DrawStock())
    # Branch: the floater (down, so allowed in traditional) buys the 2♦ and holds cards again.
    b = g.copy()
    b.apply(lp.Pass())
    assert b.to_act == 1
    b.apply(lp.Buy())
    assert bag(b.hand(1)) == bag("2♦ 3♣") and not b.is_floating(1)
    assert bag(b.hand(2)) == bag(seat2, "4♣")
    assert pass_window(g) == [0, 1]
    g.apply(lp.Discard("3♣"))
    g.apply(lp.DrawStock())
    pass_window(g)
    g.apply(lp.Discard("4♣"))
    assert (g.phase, g.to_act) == (Phase.DRAW, 1)
    refuse(g, lp.TakeDiscard(), "could not be played")
    g.apply(lp.DrawStock())
    pass_window(g)
    assert g.hand(1) == C("K♣")
    events = g.apply(lp.Discard("K♣"))
    assert "go_out" in kinds(events)
    assert g.deal_scores == [[80, 0, 70]]


# =============================================================================================
# What a seat may know (g.view)
# =============================================================================================


def _cards_in(value: object) -> list[lp.Card]:
    if isinstance(value, lp.Card):
        return [value]
    if isinstance(value, lp.Meld):
        return list(value.cards)
    if isinstance(value, (tuple, list)):
        return [c for v in value for c in _cards_in(v)]
    return []


def _visible(view: lp.PlayerView) -> set[lp.Card]:
    """Every card named anywhere in a view."""
    return {c for f in dataclasses.fields(view) for c in _cards_in(getattr(view, f.name))}


def test_view_shows_own_hand_sizes_offer_and_price_but_no_hidden_card() -> None:
    # seat 0 (dealer): 3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥
    # seat 1 (first):  3♥ 4♦ 5♣ 6♠ 8♥ 9♦ J♣ Q♠ K♥ A♦
    # seat 2:          3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣
    # seat 3:          3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠
    # stock (top first, nothing else): 7♣ 10♦ 7♦    upcard: 7♥
    # (no card appears twice, so each card's whereabouts are known)
    hands = [H0, H1, H2, H3]
    g = lp.Game.from_deal("house", hands, "7♣ 10♦ 7♦", "7♥", complete=False)
    up = lp.Card.parse("7♥")
    stock = set(C("7♣ 10♦ 7♦"))
    fields = [f.name for f in dataclasses.fields(lp.PlayerView)]
    assert [f for f in fields if "stock" in f] == ["stock_size"]
    assert not hasattr(g.view(0), "stock")
    v = g.view(1)
    assert (v.phase, v.to_act, v.offer, v.price) == ("draw", 1, up, 0)
    g.apply(lp.DrawStock())
    # BUY: seat 2 is asked about the 7♥ for one stock card.
    for seat in range(4):
        v = g.view(seat)
        assert v.hand == tuple(g.hand(seat))
        assert v.hand_sizes == (10, 10, 10, 10)
        assert (v.phase, v.to_act, v.offer, v.price) == ("buy", 2, up, 1)
        assert v.stock_size == 3
        assert _visible(v) == set(C(hands[seat])) | {up}  # own hand and the pile, no more
    assert "buy the 7♥" in g.view(2).deciding
    g.apply(lp.Pass())
    g.apply(lp.Buy())  # seat 3: 7♥ + 7♣; then seat 1 draws the 10♦
    v = g.view(0)
    assert v.hand_sizes == (10, 11, 10, 12)
    assert v.stock_size == 1 and v.discard_pile == ()
    assert (v.phase, v.offer, v.price) == ("play", None, 0)
    # the bought 7♥ was shown face up, so every seat knows seat 3 holds it; its 7♣ stays hidden
    assert _visible(v) == set(C(H0)) | {up} and v.picked_up[3] == (up,)
    assert not _visible(v) & stock
    assert _visible(g.view(1)) == set(C(H1)) | set(C("10♦")) | {up}
    assert _visible(g.view(3)) == set(C(H3)) | set(C("7♥ 7♣"))
