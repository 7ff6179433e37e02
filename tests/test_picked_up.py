"""What everyone saw go into a hand: ``PlayerView.picked_up`` lists, for each seat, the cards it
took face up this deal (a discard taken or bought, a freed wild) and has not shown since. A
player with a perfect memory knows this much of the other hands, so every view says the same,
and the evaluator deals those cards back to their seats when it samples the hidden hands."""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest

import liverpool as lp
from liverpool import Phase
from liverpool.evaluate import sample_hidden
from liverpool.render import view_html
from liverpool.table_model import build_table
from liverpool.terminal import TerminalGame

H0 = "3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ A♥"
H1 = "7♠ 7♥ 9♠ 9♥ 9♦ 3♥ 4♦ 5♣ 6♠ K♥"  # takes the upcard 7♦ to go down with 7s and 9s
H2 = "3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣"
H3 = "3♣ 4♠ 5♥ 6♦ 8♣ 9♠ J♥ Q♦ K♣ A♠"
STOCK = "7♣ 10♦ 10♣ 2♦ 2♣ J♣ 8♥"
C = lp.Card.parse


def _known(g: lp.Game) -> list[tuple[tuple[lp.Card, ...], ...]]:
    """``picked_up`` as each seat's view gives it."""
    return [g.view(seat).picked_up for seat in range(g.players)]


def _same_for_everyone(g: lp.Game) -> tuple[tuple[lp.Card, ...], ...]:
    first, *rest = _known(g)
    assert all(other == first for other in rest), "every seat saw the same pickups"
    return first


def test_a_card_taken_or_bought_is_known_to_every_seat_until_it_is_shown() -> None:
    # seat 0 (dealer), seat 1 plays first; upcard 7♦; stock (top first) 7♣ 10♦ 10♣ …
    g = lp.Game.from_deal("house", [H0, H1, H2, H3], STOCK, "7♦")
    assert _same_for_everyone(g) == ((), (), (), ())
    g.apply(lp.TakeDiscard())
    assert _same_for_everyone(g) == ((), (C("7♦"),), (), ())
    g.apply(lp.Discard("K♥"))
    g.apply(lp.DrawStock())  # seat 2 declines the K♥
    assert g.phase is Phase.BUY and g.to_act == 3
    g.apply(lp.Buy())  # seat 3 buys the K♥ and takes the 7♣ as the penalty, face down
    assert _same_for_everyone(g) == ((), (C("7♦"),), (), (C("K♥"),))
    assert Counter(g.hand(3)) == Counter(lp.parse_cards(H3 + " K♥ 7♣"))
    g.apply(lp.Discard("3♦"))
    g.apply(lp.DrawStock())  # seat 3 declines the 3♦
    while g.phase is Phase.BUY:
        g.apply(lp.Pass())
    assert g.phase is Phase.PLAY and g.to_act == 3
    g.apply(lp.Discard("K♥"))  # the bought king goes back face up: no longer known
    assert _same_for_everyone(g) == ((), (C("7♦"),), (), ())
    while g.phase is Phase.BUY:
        g.apply(lp.Pass())
    g.apply(lp.DrawStock())  # seat 0
    while g.phase is Phase.BUY:
        g.apply(lp.Pass())
    g.apply(lp.Discard("3♠"))
    g.apply(lp.DrawStock())  # seat 1 goes down with the 7♦ it took
    while g.phase is Phase.BUY:
        g.apply(lp.Pass())
    g.apply(lp.GoDown([["7♠", "7♥", "7♦"], ["9♠", "9♥", "9♦"]]))
    assert _same_for_everyone(g) == ((), (), (), ())


def test_a_seat_never_sees_its_own_or_another_hand_through_it() -> None:
    # Seat 3's bought K♥ is listed, but not the penalty card under it, nor a king it held.
    g = lp.Game.from_deal("house", [H0, H1, H2, H3], STOCK, "7♦")
    g.apply(lp.DrawStock())  # seat 1 declines the 7♦
    while g.phase is Phase.BUY and g.to_act != 3:
        g.apply(lp.Pass())
    g.apply(lp.Buy())
    assert _same_for_everyone(g)[3] == (C("7♦"),)
    g.apply(lp.Discard("K♥"))
    g.apply(lp.DrawStock())
    while g.phase is Phase.BUY:
        g.apply(lp.Pass())
    g.apply(lp.Discard("K♦"))
    g.apply(lp.DrawStock())  # seat 3 draws; it then shows a 7♦ it was known to hold
    while g.phase is Phase.BUY:  # type: ignore[comparison-overlap]
        g.apply(lp.Pass())
    g.apply(lp.Discard("7♦"))
    assert _same_for_everyone(g)[3] == ()


@pytest.mark.parametrize("preset", ["house", "online", "florida", "i_buy", "me"])
def test_known_cards_are_always_held_and_the_same_in_every_view(preset: str) -> None:
    # Whole deals played by bots that take and buy often: at every step each seat's known
    # cards are among the cards it holds, every view lists the same, and a new deal clears them.
    for seed in range(3):
        g = lp.Game(preset, players=4, seed=seed)
        bots = [lp.bots.make("basic", seed=seed * 10 + s) for s in range(4)]
        deal, steps, seen_any = g.deal, 0, False
        while not g.is_over and g.deal <= 2 and steps < 2_000:
            known = _same_for_everyone(g)
            for seat, cards in enumerate(known):
                assert not Counter(cards) - Counter(g.hand(seat)), (preset, seed, steps, seat)
            seen_any = seen_any or any(known)
            if g.deal != deal:
                assert known == tuple(() for _ in range(4)) or g.view(0).turn_no > 0
                deal = g.deal
            actor = g.to_act
            assert actor is not None
            g.apply(bots[actor].act(g.view(actor), g.legal_actions()))
            steps += 1
        assert seen_any, "the bots took or bought at least one discard"


def test_sampled_hands_hold_the_cards_their_seats_are_known_to_have() -> None:
    g = lp.Game.from_deal("house", [H0, H1, H2, H3], STOCK, "7♦")
    g.apply(lp.TakeDiscard())  # seat 1 takes the 7♦
    g.apply(lp.Discard("K♥"))
    g.apply(lp.DrawStock())
    while g.phase is Phase.BUY and g.to_act != 3:
        g.apply(lp.Pass())
    g.apply(lp.Buy())  # seat 3 buys the K♥
    g.apply(lp.Discard("3♦"))
    view = g.view(0)
    assert view.picked_up == ((), (C("7♦"),), (), (C("K♥"),))
    rng = random.Random(0)
    for _ in range(30):
        hands, stock = sample_hidden(view, rng)
        assert C("7♦") in hands[1] and C("K♥") in hands[3]
        assert [len(h) for h in hands] == list(view.hand_sizes)
        assert len(stock) == view.stock_size
        everything = Counter(view.seen_cards()) + Counter(stock)
        for seat in (1, 2, 3):
            everything += Counter(hands[seat])
        assert everything == Counter(view.rules.build_shoe(4))


def test_every_screen_shows_what_the_others_picked_up() -> None:
    # Ben takes the 7♦ and Dot buys the K♥: Ada's table names both, as cards, in the model, the
    # HTML picture and the terminal; Ben's own table tells him the others saw him take it.
    names = ["Ada", "Ben", "Cy", "Dot"]
    g = lp.Game.from_deal("house", [H0, H1, H2, H3], STOCK, "7♦", names=names)
    g.apply(lp.TakeDiscard())
    g.apply(lp.Discard("K♥"))
    g.apply(lp.DrawStock())
    while g.phase is Phase.BUY and g.to_act != 3:
        g.apply(lp.Pass())
    g.apply(lp.Buy())
    seats = build_table(g.view(0), g).view.seats
    assert [[f.card for f in s.picked_up] for s in seats] == [[], [C("7♦")], [], [C("K♥")]]
    data = build_table(g.view(2), g).to_dict()["view"]["seats"]  # Cy's table: Cy, Dot, Ada, Ben
    assert [[c["code"] for c in s["picked_up"]] for s in data] == [[], ["KH"], [], ["7D"]]

    html = view_html(g.view(0))
    assert 'aria-label="Ben picked up 7♦"' in html and 'aria-label="Dot picked up K♥"' in html
    assert html.count('class="lp-picked"') == 2

    out = io.StringIO()
    TerminalGame(g, 0, {s: lp.bots.RandomBot(s) for s in (1, 2, 3)}, output=out)._draw_table()
    assert "picked up 7♦" in out.getvalue() and "picked up K♥" in out.getvalue()
    assert "saw you" not in out.getvalue()
    mine = view_html(g.view(1))
    assert 'aria-label="the others saw you pick up 7♦"' in mine
    assert 'aria-label="Dot picked up K♥"' in mine and mine.count('class="lp-picked"') == 2
    out = io.StringIO()
    TerminalGame(g, 1, {s: lp.bots.RandomBot(s) for s in (0, 2, 3)}, output=out)._draw_table()
    assert "the others saw you pick up 7♦" in out.getvalue()

    g.apply(lp.Discard("3♦"))
    g.apply(lp.DrawStock())
    while g.phase is Phase.BUY:
        g.apply(lp.Pass())
    g.apply(lp.Discard("K♥"))  # Dot shows the king again: it leaves her row
    seats = build_table(g.view(0), g).view.seats
    assert [[f.card for f in s.picked_up] for s in seats] == [[], [C("7♦")], [], []]
    assert view_html(g.view(0)).count('class="lp-picked"') == 1
