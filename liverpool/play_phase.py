"""A player's own turn after drawing: going down, laying off, swapping wilds, discarding,
going out — and the guard that refuses any move leaving no legal way to end the turn.

:class:`PlayPhase` holds the legal-actions and apply functions of :attr:`Phase.PLAY
<liverpool.state.Phase.PLAY>`; :class:`~liverpool.Game` inherits them. Each action has one
validator (``_lay_off_error``, ``_swap_error``, ``_discard_error``, ``_go_down_error``) that
serves both :meth:`Game.legal_actions <liverpool.Game.legal_actions>` and
:meth:`Game.apply <liverpool.Game.apply>`, so what is listed is exactly what is accepted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import Action, Discard, GoDown, GoOut, LayOff, SwapWild
from .cards import JOKER, Card, Rank, Suit, distinct, format_cards
from .codes import RUN_CARDS, SUIT_CODE
from .errors import IllegalAction
from .events import Event, EventKind
from .melds import (
    ACE_HIGH,
    End,
    Meld,
    arrange_run,
    check_run,
    check_set,
    lay_off_ends,
)
from .rules import (
    Contract,
    GoingDown,
    GoingOut,
    LayOffTiming,
    MeldKind,
    Requirement,
    Rules,
    WildSwap,
)
from .solver import find_going_down, find_whole_hand, may_empty_hand
from .state import MatchState, Phase

__all__ = ["PlayPhase"]


def _discard_of(card: Card) -> Discard:
    """The one ``Discard`` of ``card`` (actions are values; listing them is then cheap)."""
    return _DISCARDS[card.index]


# By the card's small code (see Card.__post_init__): one Discard per card.
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


class PlayPhase:
    """The PLAY phase of :class:`~liverpool.Game` (a mixin: it works on the game's state)."""

    rules: Rules
    names: tuple[str, ...]
    _s: MatchState

    if TYPE_CHECKING:

        @property
        def contract(self) -> Contract: ...

        def _may_lay_off(self, seat: int) -> bool: ...

        def _may_swap(self, seat: int) -> bool: ...

        def _next(self, seat: int) -> int: ...

        def _pass_turn(self, player: int) -> list[Event]: ...

        def _after_discard(self, player: int, card: Card, events: list[Event]) -> None: ...

        def _end_deal(self, went_out: int | None, why: str = "stock") -> list[Event]: ...

        def _wrong_phase(self, action: Action) -> str: ...

    def _legal_play(self) -> list[Action]:
        # The validators below decide legality; this listing only skips the checks that hold by
        # construction (the card is in the hand, the meld exists, the seat may lay off), because
        # it runs on every decision of every simulated match. A property test checks that it
        # lists exactly what the validators accept.
        s = self._s
        seat = s.turn_player
        hand = s.hands[seat]
        cards = distinct(hand)
        actions: list[Action] = []
        if s.down_turn[seat] is None and s.pending_wild is None:
            melds = self._going_down_option(seat)
            if melds is not None:
                actions.append(GoDown([m.cards for m in melds]))
        if self._go_out_melds(None) is not None:
            actions.append(GoOut())
        if self._may_lay_off(seat):
            rules = self.rules
            table = s.table
            everywhere = range(len(table))
            # The melds each natural might extend (by card code), found once per listing rather
            # than by asking every meld about every card.
            room = _room(table)
            for card in cards:
                for k in everywhere if rules.is_wild(card) else room.get(card.index, ()):
                    meld = table[k]
                    for end in lay_off_ends(meld, card, rules):
                        if self._lay_off_fit_error(seat, card, k, meld, end) is None:
                            actions.append(LayOff(card, k, end))
        if self._may_swap(seat) and s.pending_wild is None:
            for k, meld in enumerate(s.table):
                for pos in meld.wild_positions(self.rules):
                    for card in cards:
                        swap = SwapWild(card, k, pos)
                        if self._swap_error(seat, swap) is None:
                            actions.append(swap)
        if s.pending_wild is None and len(hand) > 1:
            taken = s.taken_discard
            discards = _DISCARDS
            actions.extend([discards[c.index] for c in cards if c is not taken])
        else:
            actions.extend(_discard_of(c) for c in cards if self._discard_error(seat, c) is None)
        return actions

    def _going_down_option(self, seat: int) -> list[Meld] | None:
        # The solver's melds are legal and meet the contract by construction (the solver tests
        # check them with check_set/check_run), so only what they leave in hand is checked.
        hand = self._s.hands[seat]
        melds = find_going_down(hand, self.rules, self._s.deal)
        if melds is None:
            return None
        if self._go_down_leftover_error(seat, melds) is not None:
            melds = find_going_down(hand, self.rules, self._s.deal, extend=False)
            if melds is None or self._go_down_leftover_error(seat, melds):
                return None
        return melds

    def _apply_play(self, action: Action) -> list[Event]:
        if isinstance(action, GoDown):
            return self._apply_go_down(action)
        if isinstance(action, LayOff):
            return self._apply_lay_off(action)
        if isinstance(action, SwapWild):
            return self._apply_swap(action)
        if isinstance(action, Discard):
            return self._apply_discard(action)
        if isinstance(action, GoOut):
            return self._apply_go_out(action)
        raise IllegalAction(self._wrong_phase(action))

    # -- going down ------------------------------------------------------------------------------
    def _apply_go_down(self, action: GoDown) -> list[Event]:
        s = self._s
        seat = s.turn_player
        problem = self._go_down_basics(seat, action.melds)
        if problem:
            raise IllegalAction(problem)
        result = self._build_contract(action.melds)
        if isinstance(result, str):
            penalty = self.rules.failed_going_down_penalty
            if penalty:
                s.deal_penalties[seat] += penalty
                return [
                    Event(
                        EventKind.FAILED_GO_DOWN,
                        f"{self.names[seat]} tried to go down and could not ({result}): "
                        f"+{penalty} points.",
                        seat,
                    )
                ]
            raise IllegalAction(result)
        error = self._go_down_leftover_error(seat, result)
        if error:
            raise IllegalAction(error)
        return self._lay_contract(seat, result, EventKind.GO_DOWN)

    def _go_down_error(self, seat: int, melds: Sequence[Sequence[Card]]) -> str | None:
        cards = tuple(tuple(m) for m in melds)
        problem = self._go_down_basics(seat, cards)
        if problem:
            return problem
        result = self._build_contract(cards)
        if isinstance(result, str):
            return result
        return self._go_down_leftover_error(seat, result)

    def _go_down_basics(self, seat: int, melds: Sequence[Sequence[Card]]) -> str | None:
        s = self._s
        if s.down_turn[seat] is not None:
            return "You have already gone down this deal; now you lay off single cards."
        if s.pending_wild is not None:
            return f"First lay the freed {s.pending_wild} on the table."
        used = Counter(c for m in melds for c in m)
        missing = used - Counter(s.hands[seat])
        if missing:
            card = next(iter(missing))
            return f"You do not hold {'another ' if card in s.hands[seat] else 'the '}{card}."
        return None

    def _build_contract(self, melds: Sequence[Sequence[Card]]) -> list[Meld] | str:
        """The melds placed for the contract, or the reason they do not make it."""
        contract = self.contract
        reqs = list(contract.requirements)
        if len(melds) != len(reqs):
            return (
                f"the contract is exactly {contract.short()}: lay {len(reqs)} "
                f"meld{'s' if len(reqs) > 1 else ''} at once, no more and no fewer"
            )
        options: list[list[tuple[MeldKind, tuple[Card, ...]]]] = []
        for cards in melds:
            kinds = self._meld_options(tuple(cards), reqs)
            if isinstance(kinds, str):
                return kinds
            options.append(kinds)
        chosen = _assign(options, reqs)
        if chosen is None:
            return (
                f"those melds do not make the contract {contract.short()} (kinds or lengths "
                "do not match)"
            )
        return [Meld.build(kind, cards, self.rules) for kind, cards in chosen]

    def _meld_options(
        self, cards: tuple[Card, ...], reqs: Sequence[Requirement]
    ) -> list[tuple[MeldKind, tuple[Card, ...]]] | str:
        kinds_wanted = {r.kind for r in reqs}
        options: list[tuple[MeldKind, tuple[Card, ...]]] = []
        reasons: list[str] = []
        if MeldKind.SET in kinds_wanted:
            verdict = check_set(cards, self.rules)
            if verdict:
                options.append((MeldKind.SET, cards))
            else:
                reasons.append(verdict.reason)
        if MeldKind.RUN in kinds_wanted:
            verdict = check_run(cards, self.rules)
            if verdict:
                options.append((MeldKind.RUN, cards))
            else:
                placed = (
                    arrange_run(cards, self.rules)
                    if not any(self.rules.is_wild(c) for c in cards)
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
        naturals = [c for c in cards if not self.rules.is_wild(c)]
        looks_like_run = (
            len({c.suit for c in naturals}) == 1 and len({c.rank for c in naturals}) > 1
        )
        reason = reasons[-1] if (looks_like_run and len(reasons) > 1) else reasons[0]
        return f"{format_cards(cards)} is not a legal meld: {reason}"

    def _go_down_leftover_error(self, seat: int, melds: Sequence[Meld]) -> str | None:
        s = self._s
        contract = self.contract
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
            if left == 0 and self.rules.must_keep_card:
                return "You must keep one card to discard when you go down."
            if left == 0 and not may_empty_hand(self.rules, contract):
                return "You must keep a card to discard: you go out only by discarding."
        if not rest or self._ends_by_discard(rest, s.taken_discard, None):
            return None
        table = [*s.table, *(m.with_owner(seat) for m in melds)]
        lay = self.rules.lay_off is LayOffTiming.SAME_TURN
        if not self._can_finish(seat, rest, table, s.taken_discard, None, lay):
            return self._stuck_reason(rest, s.taken_discard)
        return None

    def _lay_contract(self, seat: int, melds: Sequence[Meld], kind: EventKind) -> list[Event]:
        s = self._s
        for meld in melds:
            for card in meld.cards:
                s.hands[seat].remove(card)
            s.table.append(meld.with_owner(seat))
        s.down_turn[seat] = s.turn_no
        described = "; ".join(m.describe(self.rules) for m in melds)
        verb = "went out with the whole hand" if kind is EventKind.GO_OUT else "went down"
        events = [
            Event(
                kind,
                f"{self.names[seat]} {verb}: {described}.",
                seat,
                tuple(c for m in melds for c in m.cards),
            )
        ]
        return events + self._after_hand_change(seat)

    def _after_hand_change(self, seat: int) -> list[Event]:
        """After cards left the hand without a discard: an empty hand goes out or floats."""
        s = self._s
        if s.hands[seat]:
            return []
        if self.contract.going_out is GoingOut.DISCARD:
            # Floating (the action that emptied the hand was only legal if floating is on).
            s.floating[seat] = True
            events = [
                Event(
                    EventKind.FLOATING,
                    f"{self.names[seat]} has no cards left but has not gone out: floating.",
                    seat,
                )
            ]
            return events + self._pass_turn(self._next(seat))
        return self._go_out(seat)

    # -- going out with the whole hand (the online deal-7 twist) ----------------------------------
    def _go_out_melds(self, action: GoOut | None) -> list[Meld] | None:
        s = self._s
        seat = s.turn_player
        if self.contract.going_down is not GoingDown.WHOLE_HAND_ANY_TIME:
            return None
        if s.down_turn[seat] is not None or s.pending_wild is not None:
            return None
        if s.phase not in (Phase.DRAW, Phase.PLAY):
            return None
        if action is None or action.melds is None:
            return find_whole_hand(s.hands[seat], self.rules, s.deal)
        if self._go_down_basics(seat, action.melds):
            return None
        result = self._build_contract(action.melds)
        if isinstance(result, str):
            return None
        if sum(len(m.cards) for m in result) != len(s.hands[seat]):
            return None
        return result

    def _apply_go_out(self, action: GoOut) -> list[Event]:
        s = self._s
        seat = s.turn_player
        if self.contract.going_down is not GoingDown.WHOLE_HAND_ANY_TIME:
            raise IllegalAction(
                "Going out with the whole hand at any time is not a rule of this deal: go down, "
                "then discard or play your last card."
            )
        if s.down_turn[seat] is not None:
            raise IllegalAction("You have already gone down; go out by playing or discarding.")
        melds = self._go_out_melds(action)
        if melds is None:
            raise IllegalAction(
                f"Your whole hand does not form the contract {self.contract.short()}, so you "
                "cannot go out with it."
            )
        return self._lay_contract(seat, melds, EventKind.GO_OUT)

    # -- laying off ------------------------------------------------------------------------------
    def _lay_off_targets(self, seat: int, card: Card, *, after_draw: bool = False) -> list[int]:
        s = self._s
        if after_draw:
            went = s.down_turn[seat]
            if went is None:
                return []
            allowed = self.rules.lay_off is LayOffTiming.SAME_TURN or went < s.turn_no
            if not allowed or (s.floating[seat] and not self.rules.floaters_lay_off):
                return []
        return [k for k, m in enumerate(s.table) if lay_off_ends(m, card, self.rules)]

    def _lay_off_error(self, seat: int, action: LayOff) -> str | None:
        s = self._s
        rules = self.rules
        if s.down_turn[seat] is None:
            return "You may lay off only after you have gone down with the contract."
        if not self._may_lay_off(seat):
            if not s.hands[seat] or not rules.floaters_lay_off:
                return "A floating player may not lay off under these rules."
            return "Lay-offs open on your turn after the one in which you went down."
        if action.card not in s.hands[seat]:
            return f"You do not hold the {action.card}."
        if not isinstance(action.meld, int) or not 0 <= action.meld < len(s.table):
            return f"There is no meld number {action.meld} on the table."
        meld = s.table[action.meld]
        freed = self._freed_wild_error(seat, action.card, meld)
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
        return self._lay_off_fit_error(seat, action.card, action.meld, meld, end)

    def _freed_wild_error(self, seat: int, card: Card, meld: Meld) -> str | None:
        """A freed wild that must go on one of the player's own sets goes there first."""
        pending = self._s.pending_wild
        if (
            pending is not None
            and self.rules.wild_swap.freed_wild_own_set_only
            and (card != pending or meld.owner != seat or meld.kind != MeldKind.SET)
        ):
            return f"You must lay the freed {pending} on a set of your own at once."
        return None

    def _lay_off_fit_error(
        self, seat: int, card: Card, k: int, meld: Meld, end: End | None
    ) -> str | None:
        """What is wrong with laying ``card`` (held by ``seat``, who may lay off) at ``end`` of
        table meld ``k``, where it fits: the freed-wild obligation, or no way left to end the
        turn."""
        s = self._s
        rules = self.rules
        freed = self._freed_wild_error(seat, card, meld)
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
            if not may_empty_hand(rules, self.contract):
                return "You go out only by discarding: keep a card to discard as your last one."
            return None
        if self._ends_by_discard(hand, s.taken_discard, pending):
            return None
        table = list(s.table)
        table[k] = meld.add(card, end, rules)
        if not self._can_finish(seat, hand, table, s.taken_discard, pending, True):
            return self._stuck_reason(hand, s.taken_discard)
        return None

    def _apply_lay_off(self, action: LayOff) -> list[Event]:
        s = self._s
        seat = s.turn_player
        error = self._lay_off_error(seat, action)
        if error:
            raise IllegalAction(error)
        meld = s.table[action.meld]
        ends = lay_off_ends(meld, action.card, self.rules)
        end = action.end if action.end is not None else ends[0]
        s.table[action.meld] = meld.add(action.card, end, self.rules)
        s.hands[seat].remove(action.card)
        if s.pending_wild is not None and self.rules.is_wild(action.card):
            s.pending_wild = None
        owner = meld.owner
        whose = "their own" if owner == seat else f"{self.names[owner or 0]}'s"
        events = [
            Event(
                EventKind.LAY_OFF,
                f"{self.names[seat]} laid the {action.card} on {whose} "
                f"{s.table[action.meld].describe(self.rules)}.",
                seat,
                (action.card,),
            )
        ]
        return events + self._after_hand_change(seat)

    # -- swapping wilds ----------------------------------------------------------------------------
    def _swap_error(self, seat: int, action: SwapWild) -> str | None:
        s = self._s
        rules = self.rules
        if rules.wild_swap is WildSwap.NONE:
            return "These rules do not let you take a wild card from the table."
        if s.down_turn[seat] is None:
            return "You may swap a wild only after you have gone down."
        if not self._may_swap(seat):
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
        if meld.owner == seat and not rules.swap_own_melds:
            return "You may only take a wild from another player's meld."
        verdict = meld.can_replace_wild(action.position, action.card, rules)
        if not verdict:
            return verdict.reason[:1].upper() + verdict.reason[1:] + "."
        new_meld, freed = meld.replace_wild(action.position, action.card, rules)
        hand = list(s.hands[seat])
        hand.remove(action.card)
        hand.append(freed)
        table = list(s.table)
        table[action.meld] = new_meld
        pending = None if rules.wild_swap.freed_wild_to_hand else freed
        if not self._can_finish(seat, hand, table, s.taken_discard, pending, True):
            if pending is not None:
                where = (
                    "a set of your own"
                    if rules.wild_swap.freed_wild_own_set_only
                    else ("the table")
                )
                return f"The freed {freed} must be laid on {where} this turn; it would fit nowhere."
            return self._stuck_reason(hand, s.taken_discard)
        return None

    def _apply_swap(self, action: SwapWild) -> list[Event]:
        s = self._s
        seat = s.turn_player
        error = self._swap_error(seat, action)
        if error:
            raise IllegalAction(error)
        meld = s.table[action.meld]
        stands = meld.stands_for(action.position)
        new_meld, freed = meld.replace_wild(action.position, action.card, self.rules)
        s.table[action.meld] = new_meld
        s.hands[seat].remove(action.card)
        s.hands[seat].append(freed)
        if not self.rules.wild_swap.freed_wild_to_hand:
            s.pending_wild = freed
        then = (
            "it goes to their hand"
            if self.rules.wild_swap.freed_wild_to_hand
            else "it must be laid again this turn"
        )
        return [
            Event(
                EventKind.SWAP_WILD,
                f"{self.names[seat]} put the {action.card} in place of the {freed} (standing "
                f"for {stands}); {then}.",
                seat,
                (action.card, freed),
            )
        ]

    # -- discarding and going out ----------------------------------------------------------------
    def _discard_error(self, seat: int, card: Card) -> str | None:
        s = self._s
        hand = s.hands[seat]
        if card not in hand:
            return f"You do not hold the {card}."
        if s.pending_wild is not None:
            return f"First lay the freed {s.pending_wild} on the table, then discard."
        if s.taken_discard is not None and card == s.taken_discard:
            return (
                f"You took the {card} from the discard pile this turn, so you may not discard it "
                "now."
            )
        if len(hand) == 1 and self.contract.going_out is GoingOut.NO_DISCARD:
            return (
                f"In deal {s.deal} you may not discard your last card: it must be played onto a "
                "set or run on the table."
            )
        if (
            len(hand) == 1
            and s.floating[seat]
            and self._may_lay_off(seat)
            and self._lay_off_targets(seat, card)
        ):
            return (
                f"A floating player goes out only by discarding a card they cannot play: the "
                f"{card} fits the table, so lay it off."
            )
        return None

    def _apply_discard(self, action: Discard) -> list[Event]:
        s = self._s
        seat = s.turn_player
        error = self._discard_error(seat, action.card)
        if error:
            raise IllegalAction(error)
        s.hands[seat].remove(action.card)
        s.discard.append(action.card)
        events = [
            Event(
                EventKind.DISCARD,
                f"{self.names[seat]} discarded the {action.card}.",
                seat,
                (action.card,),
            )
        ]
        if not s.hands[seat]:
            return events + self._go_out(seat)
        self._after_discard(seat, action.card, events)
        return events

    def _go_out(self, seat: int) -> list[Event]:
        self._s.went_out = seat
        events = [Event(EventKind.GO_OUT, f"{self.names[seat]} went out!", seat)]
        return events + self._end_deal(seat)

    # -- the dead-end guard ----------------------------------------------------------------------
    def _can_finish(
        self,
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
        if self._ends_by_discard(hand, taken, pending):
            return True
        if not may_lay_off:
            return False
        own_set_only = pending is not None and self.rules.wild_swap.freed_wild_own_set_only
        for card in distinct(hand):
            if own_set_only and card != pending:
                continue
            for k, meld in enumerate(table):
                if own_set_only and (meld.owner != seat or meld.kind is not MeldKind.SET):
                    continue
                for end in lay_off_ends(meld, card, self.rules):
                    rest = list(hand)
                    rest.remove(card)
                    still = None if (pending is not None and self.rules.is_wild(card)) else pending
                    if not rest and not may_empty_hand(self.rules, self.contract):
                        continue
                    grown = list(table)
                    grown[k] = meld.add(card, end, self.rules)
                    if self._can_finish(seat, rest, grown, taken, still, True):
                        return True
        return False

    def _ends_by_discard(self, hand: list[Card], taken: Card | None, pending: Card | None) -> bool:
        """Whether a non-empty ``hand`` can simply end the turn with a discard: no freed wild
        waits, the last card is not bound to the table, and some card is not the one taken."""
        if pending is not None:
            return False
        if len(hand) == 1 and self.contract.going_out is GoingOut.NO_DISCARD:
            return False
        return taken is None or any(c is not taken for c in hand)

    def _stuck_reason(self, hand: Sequence[Card], taken: Card | None) -> str:
        if taken is not None and all(c == taken for c in hand):
            return (
                f"That would leave you holding only the {taken} you took from the pile, which "
                "you may not discard this turn."
            )
        if len(hand) == 1 and self.contract.going_out is GoingOut.NO_DISCARD:
            return (
                f"That would leave you one card you may not discard in deal {self._s.deal} and "
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
