"""Phases RUMMY_CALL, GIVE_CARD and LIVERPOOL_DISCARD: the window after a down player discards
a card that could have been played (``docs/rules.md`` §2 step 2 and the rummy-call row of §3).

Every other player in turn from the next may call or pass; a rummy call then either makes each
other player give the offender a card (GIVE_CARD) or gives the offender the discard back and a
penalty card; a Liverpool call lets the caller discard a card of their own (LIVERPOOL_DISCARD).
"""

from __future__ import annotations

from ..actions import (
    Action,
    CallLiverpool,
    CallRummy,
    Discard,
    GiveCard,
    Pass,
)
from ..cards import distinct
from ..errors import IllegalAction
from ..events import Event, EventKind
from ..rules import (
    RummyCall,
)
from ..state import Phase
from . import play, turns
from .context import Context


def legal_call(ctx: Context) -> list[Action]:
    s = ctx.state
    seat = s.queue[0]
    actions: list[Action] = []
    if ctx.rules.rummy_call is not RummyCall.NONE:
        actions.append(CallRummy())
    if turns.may_call_liverpool(ctx, seat):
        actions.append(CallLiverpool())
    return [*actions, Pass()]


def apply_call(ctx: Context, action: Action) -> list[Event]:
    s = ctx.state
    seat = s.queue[0]
    name = ctx.names[seat]
    offender = s.offender
    assert offender is not None
    events: list[Event] = []
    if isinstance(action, Pass):
        s.queue.pop(0)
        events.append(Event(EventKind.PASS_CALL, f"{name} does not call.", seat))
        if not s.queue:
            end_call_window(ctx, events)
        return events
    if isinstance(action, CallRummy):
        if ctx.rules.rummy_call is RummyCall.NONE:
            raise IllegalAction("These rules have no rummy call.")
        card = s.discard[-1]
        meld = turns.fits_on(ctx, card)
        assert meld is not None  # the window opened because it fitted
        # "Ada's own set" rather than "their own": Ada reads it as "your own set"
        owner = f"{ctx.names[meld.owner or 0]}'s{' own' if meld.owner == offender else ''}"
        events.append(
            Event(
                EventKind.CALL_RUMMY,
                f"{name} called rummy: {ctx.names[offender]}'s {card} could have been "
                f"played on {owner} {meld.describe(ctx.rules)}.",
                seat,
                (card,),
            )
        )
        if ctx.rules.rummy_call is RummyCall.TAKE_BACK_PENALTY:
            s.discard.pop()
            turns.pick_up(ctx, offender, card)
            drawn = turns.draw_cards(ctx, offender, 1, events)
            events.append(
                Event(
                    EventKind.TAKE_BACK,
                    f"{ctx.names[offender]} takes the {card} back and a penalty card.",
                    offender,
                    (card,),
                    tuple(drawn or ()),
                    f"{ctx.names[offender]} takes the {card} back; {ctx.names[offender]}'s "
                    f"penalty: {turns.drawn_words(drawn)}.",
                )
            )
            if drawn is None:
                return events + turns.end_deal(ctx, None)
            s.queue = []
            end_call_window(ctx, events)
            return events
        givers = [
            (offender + k) % ctx.players
            for k in range(1, ctx.players)
            if s.hands[(offender + k) % ctx.players]
        ]
        s.queue = givers
        if givers:
            s.phase = Phase.GIVE_CARD
        else:
            end_call_window(ctx, events)
        return events
    if isinstance(action, CallLiverpool):
        if not ctx.rules.liverpool_call:
            raise IllegalAction("These rules have no Liverpool call.")
        if s.down_turn[seat] is None:
            raise IllegalAction("Only a player who has gone down may call Liverpool.")
        if len(s.hands[seat]) < 2:
            raise IllegalAction(
                "You need two cards or more to call Liverpool: you discard one and keep one."
            )
        s.caller = seat
        s.queue = []
        s.phase = Phase.LIVERPOOL_DISCARD
        events.append(
            Event(
                EventKind.CALL_LIVERPOOL,
                f"{name} called Liverpool and may discard a card.",
                seat,
            )
        )
        return events
    raise IllegalAction(turns.wrong_phase(ctx, action))


def end_call_window(ctx: Context, events: list[Event]) -> None:
    s = ctx.state
    s.offender = None
    s.caller = None
    s.queue = []
    events.extend(turns.pass_turn(ctx, s.turn_player))


def legal_give(ctx: Context) -> list[Action]:
    return [GiveCard(c) for c in distinct(ctx.state.hands[ctx.state.queue[0]])]


def apply_give(ctx: Context, action: Action) -> list[Event]:
    s = ctx.state
    seat = s.queue[0]
    if not isinstance(action, GiveCard):
        raise IllegalAction(
            f"You must give {ctx.names[s.offender or 0]} one card after the rummy call."
        )
    if action.card not in s.hands[seat]:
        raise IllegalAction(f"You have no {action.card} to give.")
    offender = s.offender
    assert offender is not None
    s.hands[seat].remove(action.card)
    s.hands[offender].append(action.card)
    s.picked[seat].clear()  # given face down: nobody else knows which card left
    s.queue.pop(0)
    events = [
        Event(
            EventKind.GIVE_CARD,
            f"{ctx.names[seat]} gave {ctx.names[offender]} a card.",
            seat,
            (),
            (action.card,),
            f"{ctx.names[seat]} gave {ctx.names[offender]} the {action.card}.",
            also_sees=offender,
        )
    ]
    emptied = play.after_hand_change(ctx, seat, on_turn=False)
    if any(e.kind is EventKind.GO_OUT for e in emptied):
        return events + emptied  # the last card given: the deal is over
    events += emptied
    if not s.queue:
        end_call_window(ctx, events)
    return events


def legal_liverpool_discard(ctx: Context) -> list[Action]:
    return [Discard(c) for c in distinct(ctx.state.hands[ctx.state.caller or 0])]


def apply_liverpool_discard(ctx: Context, action: Action) -> list[Event]:
    s = ctx.state
    seat = s.caller
    assert seat is not None
    if not isinstance(action, Discard):
        raise IllegalAction("After calling Liverpool you discard one card of your own.")
    if action.card not in s.hands[seat]:
        raise IllegalAction(f"You have no {action.card} to discard.")
    turns.give_up(ctx, seat, action.card)
    s.discard.append(action.card)
    s.discarder = seat
    events = [
        Event(
            EventKind.LIVERPOOL_DISCARD,
            f"{ctx.names[seat]} discarded the {action.card}.",
            seat,
            (action.card,),
        )
    ]
    end_call_window(ctx, events)
    return events
