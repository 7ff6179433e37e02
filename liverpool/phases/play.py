"""Phase PLAY, a player's own turn after drawing: going down, laying off, swapping wilds,
discarding, going out — and the guard that refuses any move leaving no legal way to end the turn.

Each action has one validator (:func:`lay_off_error`, :func:`swap_error`, :func:`discard_error`,
:func:`go_down_error`) that serves both :func:`legal_play` (what
:meth:`Game.legal_actions <liverpool.Game.legal_actions>` lists) and :func:`apply_play` (what
:meth:`Game.apply <liverpool.Game.apply>` accepts), so what is listed is exactly what is
accepted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..actions import (
    Action,
    Discard,
    GoDown,
    GoOut,
    LayOff,
    SwapWild,
)
from ..cards import JOKER, Card, Rank, Suit, distinct, format_cards
from ..codes import RUN_CARDS, SUIT_CODE
from ..errors import IllegalAction
from ..events import Event, EventKind
from ..melds import (
    ACE_HIGH,
    End,
    Meld,
    VerdictCode,
    arrange_run,
    check_run,
    check_set,
    freed_wild_misplaced,
    freed_wild_stuck,
    lay_off_ends,
    may_hold_freed_wild,
)
from ..rules import (
    GoingDown,
    GoingOut,
    LayOffTiming,
    MeldKind,
    Requirement,
    Rules,
    WildSwap,
)
from ..solver import find_whole_hand, going_down_melds, may_empty_hand
from ..state import Phase
from ..words import sentence
from . import turns
from .context import Context


def _discard_of(card: Card) -> Discard:
    """The one ``Discard`` of ``card`` (actions are values; listing them is then cheap)."""
    return _DISCARDS[card.index]


# By the card's small code (Card.index, filled in once per card): one Discard per card.
_DISCARDS = {c.index: Discard(c) for c in (JOKER, *(Card.of(r, u) for r in Rank for u in Suit))}


_RUN_VALUES = frozenset(range(1, ACE_HIGH + 1))


def _room(table: Sequence[Meld]) -> dict[int, list[int]]:
    """For each natural's card code, the table melds it might extend (in table order): a set
    takes its rank, a run the card just below or above it in its suit. This is what
    :func:`~liverpool.melds.may_fit` says card by card; :func:`lay_off_ends` then decides."""
    room: dict[int, list[int]] = {}
    for k, meld in enumerate(table):
        values = meld.values
        if meld.kind is MeldKind.SET:
            codes = [values[0] * 4 + s for s in range(4)]
        else:
            cards = RUN_CARDS[SUIT_CODE[meld.suit]]  # type: ignore[index]
            ends = {values[0] - 1, values[-1] + 1} & _RUN_VALUES
            codes = [cards[v].index for v in sorted(ends)]
        for code in codes:
            room.setdefault(code, []).append(k)
    return room


def legal_play(ctx: Context) -> list[Action]:
    # The validators below decide legality; this listing only skips the checks that hold by
    # construction (the card is in the hand, the meld exists, the seat may lay off), because
    # it runs on every decision of every simulated match. A property test checks that it
    # lists exactly what the validators accept.
    s = ctx.state
    seat = s.turn_player
    hand = s.hands[seat]
    cards = distinct(hand)
    actions: list[Action] = []
    if s.down_turn[seat] is None and s.pending_wild is None:
        melds = going_down_option(ctx, seat)
        if melds is not None:
            actions.append(GoDown([m.cards for m in melds]))
    if go_out_melds(ctx, None) is not None:
        actions.append(GoOut())
    if turns.may_lay_off(ctx, seat):
        rules = ctx.rules
        table = s.table
        everywhere = range(len(table))
        # The melds each natural might extend (by card code), found once per listing rather
        # than by asking every meld about every card.
        room = _room(table)
        for card in cards:
            for k in everywhere if rules.is_wild(card) else room.get(card.index, ()):
                meld = table[k]
                for end in lay_off_ends(meld, card, rules):
                    if lay_off_fit_error(ctx, seat, card, k, meld, end) is None:
                        actions.append(LayOff(card, k, end))
    if turns.may_swap(ctx, seat) and s.pending_wild is None:
        for k, meld in enumerate(s.table):
            for pos in meld.wild_positions(ctx.rules):
                for card in cards:
                    swap = SwapWild(card, k, pos)
                    if swap_error(ctx, seat, swap) is None:
                        actions.append(swap)
    if s.pending_wild is None and len(hand) > 1:
        taken = s.taken_discard
        discards = _DISCARDS
        actions.extend([discards[c.index] for c in cards if c is not taken])
    else:
        actions.extend(_discard_of(c) for c in cards if discard_error(ctx, seat, c) is None)
    return actions


def going_down_option(ctx: Context, seat: int) -> list[Meld] | None:
    # The solver's melds are legal and meet the contract by construction (the solver tests
    # check them with check_set/check_run), so only what they leave in hand is checked.
    hand = ctx.state.hands[seat]
    melds = going_down_melds(hand, ctx.rules, ctx.state.deal)
    if melds is None:
        return None
    if go_down_leftover_error(ctx, seat, melds) is not None:
        melds = going_down_melds(hand, ctx.rules, ctx.state.deal, extend=False)
        if melds is None or go_down_leftover_error(ctx, seat, melds):
            return None
    return melds


def apply_play(ctx: Context, action: Action) -> list[Event]:
    if isinstance(action, GoDown):
        return apply_go_down(ctx, action)
    if isinstance(action, LayOff):
        return apply_lay_off(ctx, action)
    if isinstance(action, SwapWild):
        return apply_swap(ctx, action)
    if isinstance(action, Discard):
        return apply_discard(ctx, action)
    if isinstance(action, GoOut):
        return apply_go_out(ctx, action)
    raise IllegalAction(turns.wrong_phase(ctx, action))


def apply_go_down(ctx: Context, action: GoDown) -> list[Event]:
    s = ctx.state
    seat = s.turn_player
    problem = go_down_basics(ctx, seat, action.melds)
    if problem:
        raise IllegalAction(problem)
    result = build_contract(ctx, action.melds)
    if isinstance(result, str):
        penalty = ctx.rules.failed_going_down_penalty
        if penalty:
            s.deal_penalties[seat] += penalty
            return [
                Event(
                    EventKind.FAILED_GO_DOWN,
                    f"{ctx.names[seat]} tried to go down and could not ({result}): "
                    f"+{penalty} points.",
                    seat,
                )
            ]
        raise IllegalAction(sentence(result))
    error = go_down_leftover_error(ctx, seat, result)
    if error:
        raise IllegalAction(error)
    return lay_contract(ctx, seat, result, EventKind.GO_DOWN)


def go_down_error(ctx: Context, seat: int, melds: Sequence[Sequence[Card]]) -> str | None:
    cards = tuple(tuple(m) for m in melds)
    problem = go_down_basics(ctx, seat, cards)
    if problem:
        return problem
    result = build_contract(ctx, cards)
    if isinstance(result, str):
        return result
    return go_down_leftover_error(ctx, seat, result)


def go_down_basics(ctx: Context, seat: int, melds: Sequence[Sequence[Card]]) -> str | None:
    s = ctx.state
    if s.down_turn[seat] is not None:
        return "You have already gone down this deal; now you lay off single cards."
    if s.pending_wild is not None:
        return f"First lay the freed {s.pending_wild} on the table."
    if not melds or not all(melds):  # a slip of the hand, not an attempt a house charges for
        return "Say the melds you go down with: each a list of cards from your hand."
    # The wrong number of melds is a slip too (the cards not parted as the contract asks),
    # not melds a house could judge and charge for.
    miscount = meld_count_problem(ctx, melds)
    if miscount:
        return sentence(miscount)
    used = Counter(c for m in melds for c in m)
    missing = used - Counter(s.hands[seat])
    if missing:
        card = next(iter(missing))
        return f"You do not hold {'another ' if card in s.hands[seat] else 'the '}{card}."
    return None


def meld_count_problem(ctx: Context, melds: Sequence[Sequence[Card]]) -> str | None:
    """Why ``melds`` are not as many as the contract's melds, or ``None``."""
    contract = ctx.contract
    wanted = len(contract.requirements)
    if len(melds) == wanted:
        return None
    return (
        f"the contract is exactly {contract.short()}: lay {wanted} "
        f"meld{'s' if wanted > 1 else ''} at once, no more and no fewer"
    )


def build_contract(ctx: Context, melds: Sequence[Sequence[Card]]) -> list[Meld] | str:
    """The melds placed for the contract, or the reason they do not make it."""
    reqs = list(ctx.contract.requirements)
    miscount = meld_count_problem(ctx, melds)
    if miscount:
        return miscount
    options: list[list[tuple[MeldKind, tuple[Card, ...]]]] = []
    for cards in melds:
        kinds = meld_options(ctx, tuple(cards), reqs)
        if isinstance(kinds, str):
            return kinds
        options.append(kinds)
    chosen = _assign(options, reqs)
    if chosen is None:
        return (
            f"those melds do not make the contract {ctx.contract.short()} (kinds or lengths "
            "do not match)"
        )
    return [Meld.build(kind, cards, ctx.rules) for kind, cards in chosen]


def meld_options(
    ctx: Context, cards: tuple[Card, ...], reqs: Sequence[Requirement]
) -> list[tuple[MeldKind, tuple[Card, ...]]] | str:
    kinds_wanted = {r.kind for r in reqs}
    options: list[tuple[MeldKind, tuple[Card, ...]]] = []
    reasons: list[str] = []
    if MeldKind.SET in kinds_wanted:
        verdict = check_set(cards, ctx.rules)
        if verdict:
            options.append((MeldKind.SET, cards))
        else:
            reasons.append(verdict.reason)
    if MeldKind.RUN in kinds_wanted:
        verdict = check_run(cards, ctx.rules)
        if verdict:
            options.append((MeldKind.RUN, cards))
        else:
            placed = (
                arrange_run(cards, ctx.rules)
                if not any(ctx.rules.is_wild(c) for c in cards)
                else None
            )
            if placed is not None:
                options.append((MeldKind.RUN, tuple(placed)))
            else:
                reasons.append(verdict.reason)
    if options:
        return options
    # Explain the kind the cards look like: one suit and several ranks reads as a run,
    # anything else as a set (reasons are in the order set, run).
    naturals = [c for c in cards if not ctx.rules.is_wild(c)]
    looks_like_run = len({c.suit for c in naturals}) == 1 and len({c.rank for c in naturals}) > 1
    reason = reasons[-1] if (looks_like_run and len(reasons) > 1) else reasons[0]
    return f"{format_cards(cards)} is not a legal meld: {reason}"


def go_down_leftover_error(ctx: Context, seat: int, melds: Sequence[Meld]) -> str | None:
    s = ctx.state
    contract = ctx.contract
    rest = list(s.hands[seat])
    for m in melds:
        for card in m.cards:
            rest.remove(card)
    left = len(rest)
    mode = contract.going_down
    if mode is GoingDown.WHOLE_HAND and left:
        return (
            f"In deal {s.deal} the contract must use your whole hand: you would still hold "
            f"{left} card{'s' if left > 1 else ''}."
        )
    if mode is GoingDown.WHOLE_HAND_BUT_ONE and left != 1:
        return (
            f"In deal {s.deal} the contract must use your whole hand but one card, which "
            "you then discard."
        )
    if mode in (GoingDown.NORMAL, GoingDown.WHOLE_HAND_ANY_TIME):
        if left == 0 and ctx.rules.must_keep_card:
            if mode is GoingDown.WHOLE_HAND_ANY_TIME:
                return (
                    "You must keep one card to discard when you go down. Your whole hand "
                    "makes the contract, so go out with it instead (Go out): in this deal "
                    "that needs no discard."
                )
            return "You must keep one card to discard when you go down."
        if left == 0 and not may_empty_hand(ctx.rules, contract):
            return "You must keep a card to discard: you go out only by discarding."
    if not rest or ends_by_discard(ctx, rest, s.taken_discard, None):
        return None
    table = [*s.table, *(m.with_owner(seat) for m in melds)]
    lay = ctx.rules.lay_off is LayOffTiming.SAME_TURN
    if not can_finish(ctx, seat, rest, table, s.taken_discard, None, lay):
        return stuck_reason(ctx, rest, s.taken_discard)
    return None


def lay_contract(ctx: Context, seat: int, melds: Sequence[Meld], kind: EventKind) -> list[Event]:
    s = ctx.state
    for meld in melds:
        for card in meld.cards:
            turns.give_up(ctx, seat, card)
        s.table.append(meld.with_owner(seat))
    s.down_turn[seat] = s.turn_no
    described = "; ".join(m.describe(ctx.rules) for m in melds)
    verb = "went out with the whole hand" if kind is EventKind.GO_OUT else "went down"
    events = [
        Event(
            kind,
            f"{ctx.names[seat]} {verb}: {described}.",
            seat,
            tuple(c for m in melds for c in m.cards),
        )
    ]
    return events + after_hand_change(ctx, seat)


def after_hand_change(ctx: Context, seat: int, *, on_turn: bool = True) -> list[Event]:
    """After cards left the hand without a discard: an empty hand goes out or floats.

    ``on_turn`` is False for a card given away on someone else's turn (after a rummy call):
    an empty hand then ends the deal just the same where nobody floats ("until one player goes
    out, or has no cards left in their hand"), but a floater waits for their own turn."""
    s = ctx.state
    if s.hands[seat]:
        return []
    if ctx.contract.going_out is GoingOut.DISCARD:
        # Floating (the action that emptied the hand was only legal if floating is on).
        s.floating[seat] = True
        events = [
            Event(
                EventKind.FLOATING,
                f"{ctx.names[seat]} is floating: no cards left, but not gone out.",
                seat,
            )
        ]
        return events + (turns.pass_turn(ctx, ctx.next(seat)) if on_turn else [])
    return go_out(ctx, seat)


def go_out_melds(ctx: Context, action: GoOut | None) -> list[Meld] | None:
    s = ctx.state
    seat = s.turn_player
    if ctx.contract.going_down is not GoingDown.WHOLE_HAND_ANY_TIME:
        return None
    if s.down_turn[seat] is not None or s.pending_wild is not None:
        return None
    if s.phase not in (Phase.DRAW, Phase.PLAY):
        return None
    if action is None or action.melds is None:
        return find_whole_hand(s.hands[seat], ctx.rules, s.deal)
    if go_down_basics(ctx, seat, action.melds):
        return None
    result = build_contract(ctx, action.melds)
    if isinstance(result, str):
        return None
    if sum(len(m.cards) for m in result) != len(s.hands[seat]):
        return None
    return result


def apply_go_out(ctx: Context, action: GoOut) -> list[Event]:
    s = ctx.state
    seat = s.turn_player
    if ctx.contract.going_down is not GoingDown.WHOLE_HAND_ANY_TIME:
        then = "" if s.down_turn[seat] is not None else "go down, then "
        raise IllegalAction(
            "Going out with the whole hand at any time is not a rule of this deal: "
            f"{then}discard or play your last card."
        )
    if s.down_turn[seat] is not None:
        raise IllegalAction("You have already gone down; go out by playing or discarding.")
    melds = go_out_melds(ctx, action)
    if melds is None:
        raise IllegalAction(
            f"Your whole hand does not form the contract {ctx.contract.short()}, so you "
            "cannot go out with it."
        )
    return lay_contract(ctx, seat, melds, EventKind.GO_OUT)


def lay_off_targets(ctx: Context, seat: int, card: Card, *, after_draw: bool = False) -> list[int]:
    s = ctx.state
    if after_draw:
        went = s.down_turn[seat]
        if went is None:
            return []
        allowed = ctx.rules.lay_off is LayOffTiming.SAME_TURN or went < s.turn_no
        if not allowed or (s.floating[seat] and not ctx.rules.floaters_lay_off):
            return []
    return [k for k, m in enumerate(s.table) if lay_off_ends(m, card, ctx.rules)]


def lay_off_error(ctx: Context, seat: int, action: LayOff) -> str | None:
    s = ctx.state
    rules = ctx.rules
    if s.down_turn[seat] is None:
        return "You may lay off only after you have gone down with the contract."
    if not turns.may_lay_off(ctx, seat):
        if not s.hands[seat] or not rules.floaters_lay_off:
            return "A floating player may not lay off under these rules."
        return "Lay-offs open on your turn after the one in which you went down."
    if action.card not in s.hands[seat]:
        return f"You do not hold the {action.card}."
    if not isinstance(action.meld, int) or not 0 <= action.meld < len(s.table):
        return f"There is no meld number {action.meld} on the table."
    meld = s.table[action.meld]
    freed = freed_wild_error(ctx, seat, action.card, meld)
    if freed:
        return freed
    ends = lay_off_ends(meld, action.card, rules)
    if not ends:
        try:
            meld.add(action.card, action.end, rules)
        except IllegalAction as exc:
            return str(exc)
        return f"The {action.card} does not fit that meld."
    if meld.kind is MeldKind.RUN:
        if action.end is None and len(ends) > 1:
            return f"The {action.card} fits at either end of this run: say which end."
        if action.end is not None and action.end not in ends:
            why = ""
            if rules.is_wild(action.card):
                placed = (
                    (action.card, *meld.cards)
                    if action.end == "low"
                    else (*meld.cards, action.card)
                )
                verdict = check_run(placed, rules)
                why = "" if verdict else f": {verdict.reason}"
            return f"The {action.card} does not fit at the {action.end} end of this run{why}."
    end = action.end if action.end is not None else ends[0]
    return lay_off_fit_error(ctx, seat, action.card, action.meld, meld, end)


def freed_wild_error(ctx: Context, seat: int, card: Card, meld: Meld) -> str | None:
    """A freed wild that must go on one of the player's own sets goes there first."""
    return freed_wild_misplaced(ctx.state.pending_wild, card, meld, ctx.rules, seat)


def lay_off_fit_error(
    ctx: Context, seat: int, card: Card, k: int, meld: Meld, end: End | None
) -> str | None:
    """What is wrong with laying ``card`` (held by ``seat``, who may lay off) at ``end`` of
    table meld ``k``, where it fits: the freed-wild obligation, or no way left to end the
    turn."""
    s = ctx.state
    rules = ctx.rules
    freed = freed_wild_error(ctx, seat, card, meld)
    if freed:
        return freed
    hand = list(s.hands[seat])
    hand.remove(card)
    pending = s.pending_wild
    if pending is not None and rules.is_wild(card):
        pending = None
    if not hand:
        if pending is not None:
            return f"First lay the freed {pending} on the table."
        if not may_empty_hand(rules, ctx.contract):
            return "You go out only by discarding: keep a card to discard as your last one."
        return None
    if ends_by_discard(ctx, hand, s.taken_discard, pending):
        return None
    table = list(s.table)
    table[k] = meld.add(card, end, rules)
    if not can_finish(ctx, seat, hand, table, s.taken_discard, pending, True):
        return stuck_reason(ctx, hand, s.taken_discard)
    return None


def apply_lay_off(ctx: Context, action: LayOff) -> list[Event]:
    s = ctx.state
    seat = s.turn_player
    error = lay_off_error(ctx, seat, action)
    if error:
        raise IllegalAction(error)
    meld = s.table[action.meld]
    ends = lay_off_ends(meld, action.card, ctx.rules)
    end = action.end if action.end is not None else ends[0]
    s.table[action.meld] = meld.add(action.card, end, ctx.rules)
    turns.give_up(ctx, seat, action.card)
    if s.pending_wild is not None and ctx.rules.is_wild(action.card):
        s.pending_wild = None
    owner = meld.owner
    whose = "their own" if owner == seat else f"{ctx.names[owner or 0]}'s"
    grown = s.table[action.meld]
    if meld.kind is MeldKind.RUN:
        # The run as it stood, and the end: "on Ben's run of ♥ 2-7" read as if it held the 7♥.
        place = 0 if end == "low" else len(grown.cards) - 1
        wild = f" (as {grown.stands_for(place)})" if ctx.rules.is_wild(action.card) else ""
        where = f"{wild} at the {end} end of {whose} {meld.describe(ctx.rules)}"
    else:
        where = f" on {whose} {grown.describe(ctx.rules)}"
    events = [
        Event(
            EventKind.LAY_OFF,
            f"{ctx.names[seat]} laid the {action.card}{where}.",
            seat,
            (action.card,),
        )
    ]
    return events + after_hand_change(ctx, seat)


def swap_error(ctx: Context, seat: int, action: SwapWild) -> str | None:
    s = ctx.state
    rules = ctx.rules
    if rules.wild_swap is WildSwap.NONE:
        return "These rules do not let you take a wild card from the table."
    if s.down_turn[seat] is None:
        return "You may swap a wild only after you have gone down."
    if not turns.may_swap(ctx, seat):
        if rules.wild_swap is WildSwap.TO_HAND:
            return "Swapping wilds opens on your turn after the one in which you went down."
        if rules.wild_swap is WildSwap.GOING_DOWN_TURN_REMELD:
            return "Wilds may be swapped only in the turn you go down."
        return "You may not swap a wild now."
    if s.pending_wild is not None:
        return f"First lay the freed {s.pending_wild} on the table."
    if action.card not in s.hands[seat]:
        return f"You do not hold the {action.card}."
    if not isinstance(action.meld, int) or not 0 <= action.meld < len(s.table):
        return f"There is no meld number {action.meld} on the table."
    meld = s.table[action.meld]
    verdict = meld.can_replace_wild(action.position, action.card, rules, by=seat)
    if verdict.code is VerdictCode.NOT_WILD:
        return sentence(f"{verdict.reason}: {wilds_in(meld, action.meld, rules)}")
    if not verdict:
        return sentence(verdict.reason)
    new_meld, freed = meld.replace_wild(action.position, action.card, rules)
    hand = list(s.hands[seat])
    hand.remove(action.card)
    hand.append(freed)
    table = list(s.table)
    table[action.meld] = new_meld
    pending = None if rules.wild_swap.freed_wild_to_hand else freed
    if not can_finish(ctx, seat, hand, table, s.taken_discard, pending, True):
        if pending is not None:
            return freed_wild_stuck(freed, rules)
        return stuck_reason(ctx, hand, s.taken_discard)
    return None


def wilds_in(meld: Meld, number: int, rules: Rules) -> str:
    """Where table meld ``number``'s wild cards are, as the indexes a :class:`SwapWild` takes
    (from 0, as Python counts; the terminal words its own refusal from 1): a wrong place is
    answered with the right one, not only with "not there"."""
    wilds = meld.wild_positions(rules)
    if not wilds:
        where = "holds no wild card"
    elif len(wilds) == 1:
        where = f"has its wild card, the {meld.cards[wilds[0]]}, at index {wilds[0]}"
    else:
        where = f"has its wild cards at indexes {' and '.join(str(w) for w in wilds)}"
    return f"meld {number} {where} (melds and places count from 0)"


def apply_swap(ctx: Context, action: SwapWild) -> list[Event]:
    s = ctx.state
    seat = s.turn_player
    error = swap_error(ctx, seat, action)
    if error:
        raise IllegalAction(error)
    meld = s.table[action.meld]
    stands = meld.stands_for(action.position)
    new_meld, freed = meld.replace_wild(action.position, action.card, ctx.rules)
    s.table[action.meld] = new_meld
    turns.give_up(ctx, seat, action.card)
    turns.pick_up(ctx, seat, freed)
    if not ctx.rules.wild_swap.freed_wild_to_hand:
        s.pending_wild = freed
    then = (
        f"it goes to {ctx.names[seat]}'s hand"
        if ctx.rules.wild_swap.freed_wild_to_hand
        else "it must be laid again this turn"
    )
    return [
        Event(
            EventKind.SWAP_WILD,
            f"{ctx.names[seat]} put the {action.card} in place of the {freed} (standing "
            f"for {stands}); {then}.",
            seat,
            (action.card, freed),
        )
    ]


def discard_error(ctx: Context, seat: int, card: Card) -> str | None:
    s = ctx.state
    hand = s.hands[seat]
    if card not in hand:
        return f"You do not hold the {card}."
    if s.pending_wild is not None:
        return f"First lay the freed {s.pending_wild} on the table, then discard."
    if s.taken_discard is not None and card == s.taken_discard:
        return (
            f"You took the {card} from the discard pile this turn, so you may not discard it now."
        )
    if len(hand) == 1 and ctx.contract.going_out is GoingOut.NO_DISCARD:
        return (
            f"In deal {s.deal} you may not discard your last card: it must be played onto a "
            "set or run on the table."
        )
    if (
        len(hand) == 1
        and s.floating[seat]
        and turns.may_lay_off(ctx, seat)
        and lay_off_targets(ctx, seat, card)
    ):
        return (
            f"A floating player goes out only by discarding a card they cannot play: the "
            f"{card} fits the table, so lay it off."
        )
    return None


def apply_discard(ctx: Context, action: Discard) -> list[Event]:
    s = ctx.state
    seat = s.turn_player
    error = discard_error(ctx, seat, action.card)
    if error:
        raise IllegalAction(error)
    turns.give_up(ctx, seat, action.card)
    s.discard.append(action.card)
    events = [
        Event(
            EventKind.DISCARD,
            f"{ctx.names[seat]} discarded the {action.card}.",
            seat,
            (action.card,),
        )
    ]
    if not s.hands[seat]:
        return events + go_out(ctx, seat)
    turns.after_discard(ctx, seat, action.card, events)
    return events


def go_out(ctx: Context, seat: int) -> list[Event]:
    ctx.state.went_out = seat
    events = [Event(EventKind.GO_OUT, f"{ctx.names[seat]} went out!", seat)]
    return events + turns.end_deal(ctx, seat)


def can_finish(
    ctx: Context,
    seat: int,
    hand: list[Card],
    table: list[Meld],
    taken: Card | None,
    pending: Card | None,
    may_lay_off: bool,
) -> bool:
    """Could the player, holding ``hand``, still end the turn legally (discard, or lay off
    until they can)? Actions that would leave no way out are refused."""
    if not hand:
        return pending is None
    if ends_by_discard(ctx, hand, taken, pending):
        return True
    if not may_lay_off:
        return False
    own_set_only = pending is not None and ctx.rules.wild_swap.freed_wild_own_set_only
    for card in distinct(hand):
        if own_set_only and card != pending:
            continue
        for k, meld in enumerate(table):
            if own_set_only and not may_hold_freed_wild(meld, ctx.rules, seat):
                continue
            for end in lay_off_ends(meld, card, ctx.rules):
                rest = list(hand)
                rest.remove(card)
                still = None if (pending is not None and ctx.rules.is_wild(card)) else pending
                if not rest and not may_empty_hand(ctx.rules, ctx.contract):
                    continue
                grown = list(table)
                grown[k] = meld.add(card, end, ctx.rules)
                if can_finish(ctx, seat, rest, grown, taken, still, True):
                    return True
    return False


def ends_by_discard(
    ctx: Context, hand: list[Card], taken: Card | None, pending: Card | None
) -> bool:
    """Whether a non-empty ``hand`` can simply end the turn with a discard: no freed wild
    waits, the last card is not bound to the table, and some card is not the one taken."""
    if pending is not None:
        return False
    if len(hand) == 1 and ctx.contract.going_out is GoingOut.NO_DISCARD:
        return False
    return taken is None or any(c is not taken for c in hand)


def stuck_reason(ctx: Context, hand: Sequence[Card], taken: Card | None) -> str:
    if taken is not None and all(c == taken for c in hand):
        return (
            f"That would leave you holding only the {taken} you took from the pile, which "
            "you may not discard this turn."
        )
    if len(hand) == 1 and ctx.contract.going_out is GoingOut.NO_DISCARD:
        return (
            f"That would leave you one card you may not discard in deal {ctx.state.deal} and "
            "cannot play on the table."
        )
    return "That would leave you no legal way to end your turn."


def _assign(
    options: Sequence[Sequence[tuple[MeldKind, tuple[Card, ...]]]], reqs: Sequence[Requirement]
) -> list[tuple[MeldKind, tuple[Card, ...]]] | None:
    """Match each offered meld to a distinct requirement (kind and minimum length)."""
    if not options:
        return []
    for kind, cards in options[0]:
        for j, req in enumerate(reqs):
            if req.kind is kind and len(cards) >= req.min_length:
                rest = _assign(options[1:], [*reqs[:j], *reqs[j + 1 :]])
                if rest is not None:
                    return [(kind, cards), *rest]
    return None
