"""Turn steps every phase shares, each written once: dealing, passing the turn, drawing from
the stock (rebuilding it from the discard pile), who may lay off, swap, call or buy, and the end
of a deal (scoring, the next deal, the end of the match).

All are functions of the :class:`~liverpool.phases.context.Context`; the phase modules call them.
``docs/rules.md`` §2 is the turn sequence they follow; §3 "stock runs out" is :func:`take_stock`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..actions import (
    Action,
    Discard,
    DrawStock,
    TakeDiscard,
)
from ..cards import Card, format_cards
from ..events import Event, EventKind, signed_points
from ..melds import Meld, lay_off_ends
from ..rules import (
    LayOffTiming,
    RummyCall,
    WildSwap,
    hand_points,
)
from ..setup import StackedDeal
from ..state import Phase
from ..view import PlayerView
from ..words import counted
from .context import Context


def reset_deal_counters(ctx: Context) -> None:
    s = ctx.state
    n = ctx.players
    s.hands = [[] for _ in range(n)]
    s.picked = [[] for _ in range(n)]
    s.stock = []
    s.discard = []
    s.table = []
    s.down_turn = [None] * n
    s.floating = [False] * n
    s.deal_penalties = [0] * n
    s.buys_deal = [0] * n
    s.reshuffles = 0
    s.deal_turns = 0
    s.taken_discard = None
    s.pending_wild = None
    s.discarder = None
    s.queue = []
    s.accepted = []
    s.offender = None
    s.caller = None
    s.went_out = None
    s.shoe = []


def start_deal(ctx: Context) -> list[Event]:
    s = ctx.state
    reset_deal_counters(ctx)
    shoe = ctx.rules.build_shoe(ctx.players)
    ctx.rng.shuffle(shoe)
    events = [
        Event(
            EventKind.NEW_DEAL,
            f"Deal {s.deal}: {ctx.contract.short()}. {ctx.names[s.dealer]} deals "
            f"{ctx.contract.cards_dealt} cards each.",
            s.dealer,
        )
    ]
    if ctx.rules.exact_cut_bonus:
        s.shoe = shoe
        s.cutter = (s.dealer - 1) % ctx.players
        s.phase = Phase.CUT
        return events
    return events + deal_from(ctx, shoe)


def deal_from(ctx: Context, shoe: list[Card]) -> list[Event]:
    """Deal from ``shoe`` (top card last): one at a time from the dealer's left, then the
    upcard; the rest is the stock."""
    s = ctx.state
    n = ctx.players
    for k in range(n * ctx.contract.cards_dealt):
        s.hands[(s.dealer + 1 + k) % n].append(shoe.pop())
    s.discard = [shoe.pop()]
    s.stock = shoe
    first = (s.dealer + 1) % n
    events = [
        Event(
            EventKind.UPCARD,
            f"The upcard is the {s.discard[-1]}; {ctx.names[first]} plays first.",
            None,
            (s.discard[-1],),
        )
    ]
    begin_turn(ctx, first)
    return events


def pass_turn(ctx: Context, player: int) -> list[Event]:
    """Start ``player``'s turn, unless the deal has run out of turns (then it is dead)."""
    if ctx.state.deal_turns >= ctx.rules.max_turns_per_deal:
        return end_deal(ctx, None, why="turns")
    begin_turn(ctx, player)
    return []


def pick_up(ctx: Context, seat: int, card: Card) -> None:
    """``card`` goes face up into ``seat``'s hand (a discard taken or bought, a freed wild):
    everyone saw it, so every view lists it among the seat's known cards until it is shown."""
    ctx.state.hands[seat].append(card)
    ctx.state.picked[seat].append(card)


def give_up(ctx: Context, seat: int, card: Card) -> None:
    """``card`` leaves ``seat``'s hand face up (melded, laid off, discarded): one known copy
    of it, if the seat had one, is no longer known to be held. Which copy left is not public,
    so the known cards stay a multiset that every seat could keep by watching."""
    ctx.state.hands[seat].remove(card)
    picked = ctx.state.picked[seat]
    if card in picked:
        picked.remove(card)


def begin_turn(ctx: Context, player: int) -> None:
    s = ctx.state
    s.turn_player = player
    s.turn_no += 1
    s.deal_turns += 1
    s.taken_discard = None
    s.pending_wild = None
    s.phase = Phase.DRAW


def after_discard(ctx: Context, player: int, card: Card, events: list[Event]) -> None:
    """A discard was made by ``player`` (not going out): open the call window or pass on."""
    s = ctx.state
    s.discarder = player
    s.taken_discard = None
    s.pending_wild = None
    nxt = ctx.next(player)
    if call_window_opens(ctx, player, card):
        callers = [
            (nxt + k) % ctx.players for k in range(ctx.players) if (nxt + k) % ctx.players != player
        ]
        s.queue = [c for c in callers if may_call(ctx, c)]
        if s.queue:
            s.offender = player
            s.turn_player = nxt
            s.phase = Phase.RUMMY_CALL
            return
    events.extend(pass_turn(ctx, nxt))


def call_window_opens(ctx: Context, player: int, card: Card) -> bool:
    if ctx.rules.rummy_call is RummyCall.NONE and not ctx.rules.liverpool_call:
        return False
    if ctx.state.down_turn[player] is None:
        return False
    return fits_on(ctx, card) is not None


def fits_on(ctx: Context, card: Card) -> Meld | None:
    """The first meld of the table ``card`` could be laid off on, or ``None``."""
    return next((m for m in ctx.state.table if lay_off_ends(m, card, ctx.rules)), None)


def may_call(ctx: Context, seat: int) -> bool:
    if ctx.rules.rummy_call is not RummyCall.NONE:
        return True
    return may_call_liverpool(ctx, seat)


def may_call_liverpool(ctx: Context, seat: int) -> bool:
    # The caller discards a card of their own and must keep one: a call never empties a
    # hand, so nobody goes out out of turn.
    s = ctx.state
    return ctx.rules.liverpool_call and s.down_turn[seat] is not None and len(s.hands[seat]) > 1


def take_stock(ctx: Context, events: list[Event]) -> Card | None:
    """The top stock card, rebuilding the stock from the discard pile when it is empty
    (at most ``max_reshuffles`` times); ``None`` when no card can be drawn."""
    s = ctx.state
    if not s.stock:
        if s.reshuffles >= ctx.rules.max_reshuffles or len(s.discard) < 2:
            return None
        top = s.discard.pop()
        s.stock = s.discard
        s.discard = [top]
        ctx.rng.shuffle(s.stock)
        s.reshuffles += 1
        events.append(
            Event(
                EventKind.RESHUFFLE,
                f"The stock ran out: the discard pile but its top card was shuffled into a "
                f"new stock of {counted(len(s.stock), 'card')} ({s.reshuffles} of "
                f"{ctx.rules.max_reshuffles}).",
            )
        )
    return s.stock.pop()


def draw_cards(ctx: Context, seat: int, count: int, events: list[Event]) -> list[Card] | None:
    drawn: list[Card] = []
    for _ in range(count):
        card = take_stock(ctx, events)
        if card is None:
            ctx.state.hands[seat].extend(drawn)
            return None
        drawn.append(card)
    ctx.state.hands[seat].extend(drawn)
    return drawn


def may_lay_off(ctx: Context, seat: int) -> bool:
    s = ctx.state
    went = s.down_turn[seat]
    if went is None:
        return False
    if s.floating[seat] and not ctx.rules.floaters_lay_off:
        return False
    return ctx.rules.lay_off is LayOffTiming.SAME_TURN or went < s.turn_no


def may_swap(ctx: Context, seat: int) -> bool:
    s = ctx.state
    mode = ctx.rules.wild_swap
    went = s.down_turn[seat]
    if mode is WildSwap.NONE or went is None:
        return False
    if mode is WildSwap.TO_HAND:
        return went < s.turn_no
    if mode is WildSwap.GOING_DOWN_TURN_REMELD:
        return went == s.turn_no
    return may_lay_off(ctx, seat)


def buys_used_up(ctx: Context, seat: int) -> str | None:
    """The limit ``seat`` has reached (match, deal or coins), in words, or ``None``."""
    s = ctx.state
    rules = ctx.rules
    coins = s.coins[seat]
    if coins is not None and coins <= 0:
        return f"You have spent {all_of(rules.buy_coins or 0, 'coin')}: a buy costs one."
    limit = rules.buy_limit(ctx.players)
    if limit is not None and s.buys_match[seat] >= limit:
        return f"You have used {all_of(limit, 'buy')} this match."
    per_deal = rules.max_buys_per_deal
    if per_deal is not None and s.buys_deal[seat] >= per_deal:
        return f"You have used {all_of(per_deal, 'buy')} for this deal."
    return None


def end_deal(ctx: Context, went_out: int | None, why: str = "stock") -> list[Event]:
    s = ctx.state
    n = ctx.players
    points = [
        (0 if seat == went_out else hand_points(s.hands[seat], ctx.rules)) + s.deal_penalties[seat]
        for seat in range(n)
    ]
    for seat in range(n):
        s.scores[seat] += points[seat]
    s.deal_scores.append(points)
    events: list[Event] = []
    if went_out is None:
        cause = (
            f"Deal {s.deal} has lasted {ctx.rules.max_turns_per_deal} turns"
            if why == "turns"
            else "No card can be drawn"
        )
        events.append(
            Event(
                EventKind.DEAD_DEAL,
                f"{cause}: the deal is dead and everyone scores what they hold.",
            )
        )
    pad = ", ".join(f"{ctx.names[i]} {signed_points(p)}" for i, p in enumerate(points))
    events.append(
        Event(
            EventKind.DEAL_OVER,
            f"Deal {s.deal} is over: {pad}.",
            went_out,
            scores=tuple(points),
        )
    )
    s.queue = []
    s.accepted = []
    if s.deal >= ctx.rules.deals:
        best = min(s.scores)
        s.winners = [i for i, v in enumerate(s.scores) if v == best]
        s.phase = Phase.MATCH_OVER
        names = " and ".join(ctx.names[i] for i in s.winners)
        events.append(
            Event(
                EventKind.MATCH_OVER,
                f"The match is over: {names} won{' (a tie)' if len(s.winners) > 1 else ''} "
                f"with {counted(best, 'point')}.",
                scores=tuple(s.scores),
            )
        )
        return events
    s.deal += 1
    s.dealer = ctx.next(s.dealer)
    return events + start_deal(ctx)


def wrong_phase(ctx: Context, action: Action) -> str:
    s = ctx.state
    name = type(action).__name__
    hints = {
        Phase.CUT: "The cards must be cut before the deal.",
        Phase.RUMMY_CALL: "First each player may call on the last discard, or pass.",
        Phase.GIVE_CARD: "Each player now gives the offender one card.",
        Phase.LIVERPOOL_DISCARD: "The Liverpool caller must discard a card now.",
        Phase.DRAW: "You must draw first: take the discard or draw from the stock.",
        Phase.BUY: "The discard is being offered to buy: buy it or pass.",
        Phase.PLAY: f"You have drawn already: {play_moves(ctx)}.",
        Phase.MATCH_OVER: "The match is over.",
    }
    if s.phase is Phase.PLAY and isinstance(action, (DrawStock, TakeDiscard)):
        return "You have already drawn this turn: now play, then discard."
    if s.phase is Phase.DRAW and isinstance(action, Discard):
        return "You must draw before you discard."
    return f"{_ACTION_WORDS.get(name, name)} is not possible now. {hints[s.phase]}"


def play_moves(ctx: Context) -> str:
    """What the turn player may still do after drawing, in words: a player already down, whose
    lay-offs open only next turn, is not told to go down or lay off."""
    seat = ctx.state.turn_player
    if ctx.state.down_turn[seat] is None:
        return "go down, or discard"
    return "lay off, or discard" if may_lay_off(ctx, seat) else "discard"


def deciding_verb(ctx: Context) -> str:
    s = ctx.state
    top = f"the {s.discard[-1]}" if s.discard else "nothing"
    return {
        Phase.CUT: "must cut the cards",
        Phase.RUMMY_CALL: "may call on the last discard",
        Phase.GIVE_CARD: f"must give {ctx.names[s.offender or 0]} a card",
        Phase.LIVERPOOL_DISCARD: "must discard a card after calling Liverpool",
        Phase.DRAW: f"must take {top} or draw from the stock",
        Phase.BUY: f"may buy {top}",
        Phase.PLAY: "must play and discard",
        Phase.MATCH_OVER: "",
    }[s.phase]


def why_not_buy(ctx: Context, seat: int) -> str | None:
    """``None`` if ``seat`` may buy a discard under these rules now, else the sentence
    saying why not (who may buy is decided here only; tables and lessons ask this).

    Whether a discard is on offer right now is not asked: this is about the seat.
    """
    s = ctx.state
    rules = ctx.rules
    ctx.seat(seat)
    if not rules.buying:
        return "These rules have no buying: only the next player may take the discard."
    if seat == s.discarder:
        return "You made this discard, so you may not buy it back."
    if seat == s.turn_player:
        if s.phase is Phase.BUY:
            return "You chose to draw from the stock, so the discard is offered to the others."
        return "You are next to draw: take the discard as your draw instead of buying it."
    if not rules.down_players_may_buy and s.down_turn[seat] is not None:
        return "Players who have gone down may not buy under these rules."
    return buys_used_up(ctx, seat)


def may_buy(ctx: Context, seat: int) -> bool:
    return why_not_buy(ctx, seat) is None


def buyers(ctx: Context) -> tuple[int, ...]:
    """The seats that will be offered the top discard now, in the order they are asked.

    Worked out here only: the engine opens its buy window with it, and tables and lessons show
    it. The order is the same under either buy priority — clockwise from the player to draw,
    skipping every seat :func:`why_not_buy` refuses; the priority only decides who gets the
    card when several accept (the first asked, or the first to call). Empty when no discard is
    on offer (outside the draw and the buy window, or with an empty pile). In the buy window it
    is the whole window, those who have already passed included, since passing does not change
    who may buy.
    """
    s = ctx.state
    if s.phase not in (Phase.DRAW, Phase.BUY) or not s.discard:
        return ()
    n = ctx.players
    clockwise = ((s.turn_player + k) % n for k in range(1, n))
    return tuple(seat for seat in clockwise if may_buy(ctx, seat))


_ACTION_WORDS = {
    "DrawStock": "Drawing from the stock",
    "TakeDiscard": "Taking the discard",
    "Buy": "Buying",
    "Pass": "Passing",
    "GoDown": "Going down",
    "LayOff": "Laying off",
    "SwapWild": "Swapping a wild",
    "Discard": "Discarding",
    "CallRummy": "Calling rummy",
    "CallLiverpool": "Calling Liverpool",
    "GiveCard": "Giving a card",
    "GoOut": "Going out",
    "Cut": "Cutting",
}


def all_of(n: int, noun: str) -> str:
    """``'your 1 buy'``, ``'both of your 2 buys'``, ``'all 3 of your buys'``."""
    if n == 1:
        return f"your 1 {noun}"
    return f"both of your 2 {noun}s" if n == 2 else f"all {n} of your {noun}s"


def drawn_words(drawn: Sequence[Card] | None) -> str:
    """The stock cards drawn, or why there are none (the stock ran out: a dead deal)."""
    return format_cards(drawn) if drawn else "nothing, for the stock ran out"


def begin_match(ctx: Context, stacked: StackedDeal | None, dealer: int) -> list[Event]:
    """The first deal of a match: shuffled and dealt (or cut first), or laid out as stacked."""
    s = ctx.state
    n = ctx.players
    s.scores = [0] * n
    s.buys_match = [0] * n
    s.coins = [ctx.rules.buy_coins] * n
    if stacked is None:
        return start_deal(ctx)
    rest: list[Card] = []
    if stacked.complete:
        shoe = Counter(ctx.rules.build_shoe(n))
        rest = list((shoe - Counter(stacked.named_cards())).elements())
    ctx.rng.shuffle(rest)
    reset_deal_counters(ctx)
    s.hands = [list(h) for h in stacked.hands]
    s.stock = rest + list(reversed(stacked.stock))
    s.discard = [stacked.upcard] if stacked.upcard else []
    s.table = list(stacked.table)
    for meld in stacked.table:
        assert meld.owner is not None
        s.down_turn[meld.owner] = 0  # down before the first turn of the stacked position
    event = Event(EventKind.DEALT, f"Deal {s.deal} is stacked: {ctx.names[dealer]} deals.", dealer)
    begin_turn(ctx, (dealer + 1) % n)
    return [event]


def buys_left(ctx: Context, seat: int) -> int | None:
    """Buys ``seat`` may still make this match (``None``: no limit)."""
    s = ctx.state
    rules = ctx.rules
    limit = rules.buy_limit(ctx.players)
    left: int | None = None if limit is None else limit - s.buys_match[seat]
    if rules.max_buys_per_deal is not None:
        deal_left = rules.max_buys_per_deal - s.buys_deal[seat]
        left = deal_left if left is None else min(left, deal_left)
    coins = s.coins[seat]
    if coins is not None:
        left = coins if left is None else min(left, coins)
    return left


def to_act(ctx: Context) -> int | None:
    """The one seat that must decide now (``None`` once the match is over)."""
    s = ctx.state
    if s.phase in (Phase.RUMMY_CALL, Phase.GIVE_CARD, Phase.BUY):
        return s.queue[0]
    if s.phase is Phase.LIVERPOOL_DISCARD:
        return s.caller
    if s.phase is Phase.CUT:
        return s.cutter
    if s.phase is Phase.MATCH_OVER:
        return None
    return s.turn_player


def deciding(ctx: Context) -> str:
    """One sentence: who decides what now."""
    s = ctx.state
    if s.phase is Phase.MATCH_OVER:
        names = " and ".join(ctx.names[i] for i in s.winners)
        return f"The match is over: {names} won."
    actor = to_act(ctx)
    assert actor is not None
    return f"{ctx.names[actor]} {deciding_verb(ctx)}."


def view(ctx: Context, seat: int) -> PlayerView:
    """What ``seat`` may know now: its own hand and everything public, nothing else."""
    s = ctx.state
    offer = None
    price = 0
    if s.phase in (Phase.DRAW, Phase.BUY) and s.discard:
        offer = s.discard[-1]
        price = ctx.rules.buy_penalty_cards if s.phase is Phase.BUY else 0
    return PlayerView(
        seat=seat,
        names=ctx.names,
        rules=ctx.rules,
        deal=s.deal,
        dealer=s.dealer,
        phase=s.phase,
        to_act=to_act(ctx),
        turn_player=s.turn_player,
        hand=tuple(s.hands[seat]),
        hand_sizes=tuple(len(h) for h in s.hands),
        picked_up=tuple(tuple(p) for p in s.picked),
        table=tuple(s.table),
        discard_pile=tuple(s.discard),
        stock_size=len(s.stock) + len(s.shoe),
        down=tuple(d is not None for d in s.down_turn),
        buys_left=tuple(buys_left(ctx, i) for i in range(ctx.players)),
        coins=tuple(s.coins),
        scores=tuple(s.scores),
        deal_scores=tuple(tuple(d) for d in s.deal_scores),
        is_over=s.phase is Phase.MATCH_OVER,
        winners=tuple(s.winners),
        deciding=deciding(ctx),
        offer=offer,
        price=price,
        taken_discard=s.taken_discard if seat == s.turn_player else None,
        deal_penalties=tuple(s.deal_penalties),
        pending_wild=s.pending_wild if seat == s.turn_player else None,
        may_lay_off=may_lay_off(ctx, seat) if s.phase is Phase.PLAY else False,
        reshuffles=s.reshuffles,
        turn_no=s.turn_no,
        discarder=s.discarder,
    )
