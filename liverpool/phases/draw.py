"""Phases DRAW and BUY: the player whose turn it is takes the discard or draws from the stock;
a declined discard is offered to the players who may buy it, in the rules' order, and the first
to accept takes it with the penalty card(s) (``docs/rules.md`` §2 steps 3–4).
"""

from __future__ import annotations

from ..actions import (
    Action,
    Buy,
    DrawStock,
    GoOut,
    Pass,
    TakeDiscard,
)
from ..cards import Card
from ..errors import IllegalAction
from ..events import Event, EventKind
from ..rules import (
    BuyPriority,
)
from ..state import Phase
from . import play, turns
from .context import Context


def legal_draw(ctx: Context) -> list[Action]:
    actions: list[Action] = [DrawStock()]
    try:
        check_take_discard(ctx)
        actions.append(TakeDiscard())
    except IllegalAction:
        pass
    if play.go_out_melds(ctx, None) is not None:
        actions.append(GoOut())
    return actions


def check_take_discard(ctx: Context) -> None:
    s = ctx.state
    seat = s.turn_player
    if not s.discard:
        raise IllegalAction("The discard pile is empty: draw from the stock.")
    card = s.discard[-1]
    if not s.hands[seat] and not play.lay_off_targets(ctx, seat, card, after_draw=True):
        raise IllegalAction(
            f"Your hand is empty: the {card} could not be played on the table, and a card "
            "taken from the pile may not be discarded in the same turn."
        )
    if (
        s.hands[seat]
        and not ctx.rules.discard_draw_penalty
        and all(c == card for c in s.hands[seat])
        and not may_play_after_taking(ctx, seat, card)
    ):
        raise IllegalAction(
            f"You hold only the {card}: with another {card} from the pile you could not end "
            "your turn, because a card taken from the pile may not be discarded in the same "
            "turn (nor any card equal to it)."
        )


def may_play_after_taking(ctx: Context, seat: int, card: Card) -> bool:
    """Whether ``seat`` would have a legal play after taking ``card`` (tried on a copy; only
    asked when every card in the hand equals it, so nothing else could be discarded)."""
    trial = ctx.copy()
    t = trial.state
    t.discard.pop()
    t.hands[seat].append(card)
    t.taken_discard = card
    t.phase = Phase.PLAY
    return bool(play.legal_play(trial))


def apply_draw(ctx: Context, action: Action) -> list[Event]:
    s = ctx.state
    seat = s.turn_player
    name = ctx.names[seat]
    events: list[Event] = []
    if isinstance(action, GoOut):
        return play.apply_go_out(ctx, action)
    if isinstance(action, TakeDiscard):
        check_take_discard(ctx)
        card = s.discard.pop()
        turns.pick_up(ctx, seat, card)
        s.taken_discard = card
        s.phase = Phase.PLAY
        extra = ctx.rules.discard_draw_penalty
        text = f"{name} took the {card} from the discard pile"
        if extra:
            drawn = turns.draw_cards(ctx, seat, extra, events)
            events.append(
                Event(
                    EventKind.TAKE_DISCARD,
                    text + f" and {extra} extra stock cards.",
                    seat,
                    (card,),
                    tuple(drawn or ()),
                    f"{ctx.names[seat]} took the {card} and drew {turns.drawn_words(drawn)}.",
                )
            )
            if drawn is None:
                return events + turns.end_deal(ctx, None)
        else:
            events.append(Event(EventKind.TAKE_DISCARD, text + ".", seat, (card,)))
        return events
    if isinstance(action, DrawStock):
        queue = turns.buyers(ctx)
        if queue:
            s.queue = list(queue)
            s.accepted = []
            s.phase = Phase.BUY
            events.append(
                Event(
                    EventKind.DECLINE,
                    f"{name} chose the stock over the {s.discard[-1]}, which is offered to buy.",
                    seat,
                    (s.discard[-1],),
                )
            )
            return events
        return events + stock_draw(ctx, seat)
    raise IllegalAction(turns.wrong_phase(ctx, action))


def stock_draw(ctx: Context, seat: int) -> list[Event]:
    s = ctx.state
    events: list[Event] = []
    card = turns.take_stock(ctx, events)
    if card is None:
        return events + turns.end_deal(ctx, None)
    s.hands[seat].append(card)
    s.phase = Phase.PLAY
    events.append(
        Event(
            EventKind.DRAW_STOCK,
            f"{ctx.names[seat]} drew from the stock.",
            seat,
            (),
            (card,),
            f"{ctx.names[seat]} drew the {card}.",
        )
    )
    return events


def legal_buy(ctx: Context) -> list[Action]:
    return [Buy(), Pass()]


def apply_buy(ctx: Context, action: Action) -> list[Event]:
    s = ctx.state
    seat = s.queue[0]
    name = ctx.names[seat]
    card = s.discard[-1]
    events: list[Event] = []
    if isinstance(action, Pass):
        s.queue.pop(0)
        events.append(Event(EventKind.PASS_BUY, f"{name} did not buy the {card}.", seat, (card,)))
    elif isinstance(action, Buy):
        if ctx.rules.buy_priority is BuyPriority.FIRST_TO_CALL:
            s.accepted.append(seat)
            s.queue.pop(0)
            events.append(
                Event(EventKind.CALL_BUY, f"{name} called to buy the {card}.", seat, (card,))
            )
        else:
            return buy(ctx, seat)
    else:
        raise IllegalAction(
            f"You may buy the {card} or pass; {ctx.names[s.turn_player]} then draws."
        )
    if not s.queue:
        if s.accepted:
            order = ctx.rng.sample(s.accepted, len(s.accepted))
            if len(order) > 1:
                events.append(
                    Event(
                        EventKind.FIRST_CALL,
                        f"{ctx.names[order[0]]} called first.",
                        order[0],
                    )
                )
            return events + buy(ctx, order[0])
        events.extend(stock_draw(ctx, s.turn_player))
    return events


def buy(ctx: Context, seat: int) -> list[Event]:
    s = ctx.state
    card = s.discard.pop()
    turns.pick_up(ctx, seat, card)
    s.floating[seat] = False  # a floater who buys holds cards again: no longer floating
    s.buys_match[seat] += 1
    s.buys_deal[seat] += 1
    coins = s.coins[seat]
    if coins is not None:
        s.coins[seat] = coins - 1
    s.queue = []
    s.accepted = []
    events: list[Event] = []
    price = ctx.rules.buy_penalty_cards
    drawn = turns.draw_cards(ctx, seat, price, events)
    what = "a penalty card" if price == 1 else f"{price} penalty cards"
    events.append(
        Event(
            EventKind.BUY,
            f"{ctx.names[seat]} bought the {card} and took {what}.",
            seat,
            (card,),
            tuple(drawn or ()),
            f"{ctx.names[seat]} bought the {card}; {ctx.names[seat]}'s penalty: "
            f"{turns.drawn_words(drawn)}.",
        )
    )
    if drawn is None:
        return events + turns.end_deal(ctx, None)
    return events + stock_draw(ctx, s.turn_player)
