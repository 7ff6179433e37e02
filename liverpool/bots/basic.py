"""BasicBot: sound, fast heuristics for every decision, each with a reason a learner reads.

It plays like a careful beginner who knows the rules well: take a card only when it brings the
contract closer, buy when a card helps and the price is worth it, go down the moment it can,
lay off everything, swap wilds when that sheds a card or gains a wild, call rummy whenever it
may, and discard the card that costs least — dead weight first, highest points first, never a
card the next player (or a rummy call) would punish when another will do.

Every decision comes from :meth:`BasicBot.explain`, which returns the action and one sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from ..actions import (
    Action,
    Buy,
    CallLiverpool,
    CallRummy,
    Cut,
    Discard,
    DrawStock,
    GiveCard,
    GoDown,
    GoOut,
    LayOff,
    Pass,
    SwapWild,
    TakeDiscard,
)
from ..analysis import contract_distance, hand_progress
from ..cards import Card, format_cards
from ..melds import lay_off_ends
from ..rules import RummyCall
from ..state import Phase
from ..view import PlayerView
from ..words import counted, listed
from .base import require_choice

__all__ = ["BasicBot"]


class BasicBot:
    """Heuristic play for every preset; decides in a few milliseconds."""

    name = "basic"

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The chosen action (see :meth:`explain` for why)."""
        return self.explain(view, legal)[0]

    def explain(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        """The chosen action and one sentence saying why.

        Each phase has its own decision method, so a subclass (StrongBot) overrides any one.
        """
        require_choice(legal)  # asked with nothing to choose: say so, not an IndexError
        match view.phase:
            case Phase.CUT:
                return self._cut(view, legal)
            case Phase.RUMMY_CALL:
                return self._call(view, legal)
            case Phase.GIVE_CARD:
                return self._give(view, legal)
            case Phase.LIVERPOOL_DISCARD:
                return self._liverpool_discard(view, legal)
            case Phase.BUY:
                return self._buy(view, legal)
            case Phase.DRAW:
                return self._draw(view, legal)
            case Phase.PLAY:
                return self._play(view, legal)
            case Phase.MATCH_OVER:
                return legal[0], "This is the only sensible move."
            case _:  # a phase added to the engine must be decided here too (mypy checks)
                assert_never(view.phase)

    def __repr__(self) -> str:
        return "BasicBot()"

    # -- out-of-turn decisions ----------------------------------------------------------------
    def _cut(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        needed = view.rules.cut_target(view.players, view.deal)
        for action in legal:
            if isinstance(action, Cut) and action.aim == needed:
                return action, f"Aim for {needed} cards: an exact cut takes points off your score."
        return legal[0], "Cut the cards."

    def _call(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        offender = view.names[view.discarder] if view.discarder is not None else "The discarder"
        top = view.discard_top
        for action in legal:
            if isinstance(action, CallRummy):
                return (
                    action,
                    f"Call rummy: {offender}'s {top} could have been played on the table.",
                )
        for action in legal:
            if isinstance(action, CallLiverpool):
                worst = max(view.hand, key=view.rules.card_points)
                return action, f"Call Liverpool to get rid of your {worst}."
        return _find(legal, Pass), "There is nothing to call."

    def _give(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        card = self._least_useful(view, [a.card for a in legal if isinstance(a, GiveCard)])
        return GiveCard(card), f"Give the {card}: it is the card you need least."

    def _liverpool_discard(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        card = self._least_useful(view, [a.card for a in legal if isinstance(a, Discard)])
        return Discard(card), f"Throw the {card}: it is the card you need least."

    def _buy(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        card = view.offer
        if card is None or not any(isinstance(a, Buy) for a in legal):
            return _find(legal, Pass), "Nothing to buy."
        if view.is_down:
            return _find(legal, Pass), "You are down already: a bought card would only add points."
        rules = view.rules
        before = contract_distance(view.hand, rules, view.deal)
        after = contract_distance([*view.hand, card], rules, view.deal)
        if after >= before:
            return _find(legal, Pass), f"Pass: the {card} does not bring your contract closer."
        restraint = _buy_restraint(view, finishes=after <= 1)
        if restraint is not None:
            return _find(legal, Pass), restraint
        if after <= 3 or _needs_more(view) or before - after >= 2:
            return _find(legal, Buy), (
                f"Buy the {card}: it {_closer(after, ' on your turn')}, worth the penalty card."
            )
        return _find(
            legal, Pass
        ), f"Pass: the {card} helps a little but not enough for the penalty."

    # -- your own turn ----------------------------------------------------------------------------
    def _draw(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        go_out = _first(legal, GoOut)
        if go_out is not None:
            return go_out, "Your whole hand forms the contract: go out now."
        top = view.discard_top
        take = _first(legal, TakeDiscard)
        if take is None or top is None:
            return _find(legal, DrawStock), "Draw from the stock."
        rules = view.rules
        if view.is_down:
            # Down before this turn began, so lay-offs are open this turn under every timing.
            if _fits(view, top):
                return take, f"Take the {top}: you can lay it off on the table."
            return _find(legal, DrawStock), f"Draw from the stock: the {top} does not help you."
        before = contract_distance(view.hand, rules, view.deal)
        after = contract_distance([*view.hand, top], rules, view.deal)
        if after < before:
            return take, f"Take the {top}: it {_closer(after)}."
        return _find(
            legal, DrawStock
        ), f"Draw from the stock: the {top} does not help your contract."

    def _play(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        rules = view.rules
        go_out = _first(legal, GoOut)
        if go_out is not None:
            return go_out, "Your whole hand forms the contract: go out with no discard."
        go_down = _first(legal, GoDown)
        if isinstance(go_down, GoDown):
            # the melds named, not only the contract: the sentence alone (a terminal, a screen
            # reader) says which cards, where a table also rings them
            melds = listed([format_cards(m) for m in go_down.melds])
            return go_down, f"Go down now with {melds}: you hold {view.contract.short()}."
        swaps = [a for a in legal if isinstance(a, SwapWild)]
        if swaps:
            swap = swaps[0]
            meld = view.table[swap.meld]
            return swap, (
                f"Put your {swap.card} in place of the {meld.cards[swap.position]}: you shed a "
                "card and free a wild to play."
            )
        lay_offs = [a for a in legal if isinstance(a, LayOff)]
        if lay_offs:
            pending = view.pending_wild
            if pending is not None:
                lay_offs = [a for a in lay_offs if a.card == pending] or lay_offs
            best = max(lay_offs, key=lambda a: (rules.card_points(a.card), -a.meld))
            owner = view.table[best.meld].owner
            whose = "your" if owner == view.seat else f"{view.names[owner or 0]}'s"
            return best, f"Lay the {best.card} on {whose} {view.table[best.meld].describe(rules)}."
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0], "This is the only move left."
        return self._discard(view, discards)

    def _discard(self, view: PlayerView, cards: Sequence[Card]) -> tuple[Action, str]:
        rules = view.rules
        if view.is_down:
            pool = _unpunished(view, cards)
            card = max(pool, key=lambda c: (rules.card_points(c), not _fits(view, c)))
            return Discard(card), f"Discard the {card}: it is your costliest card left."
        card = self._least_useful(view, cards)
        worth = rules.card_points(card)
        return Discard(card), (
            f"Discard the {card}: it does not help your contract and costs "
            f"{counted(worth, 'point')}."
        )

    def _least_useful(self, view: PlayerView, cards: Sequence[Card]) -> Card:
        """The card whose loss hurts the contract least, then the costliest, then the one that
        helps the table least."""
        rules = view.rules
        progress = hand_progress(view.hand, rules, view.deal)
        dead = [c for c in progress.dead_weight if c in cards]
        if dead:
            pool = dead
        else:
            base = progress.missing
            scored = []
            for card in dict.fromkeys(cards):
                rest = list(view.hand)
                rest.remove(card)
                scored.append((contract_distance(rest, rules, view.deal) - base, card))
            least = min(s for s, _ in scored)
            pool = [c for s, c in scored if s == least]
        non_wild = [c for c in pool if not rules.is_wild(c)] or pool
        return max(non_wild, key=lambda c: (rules.card_points(c), not _fits(view, c), c.sort_key()))


def _needs_more(view: PlayerView) -> bool:
    """Whether this deal's contract needs more cards than were dealt (every buy helps)."""
    return view.contract.min_cards > view.contract.cards_dealt


def _buy_restraint(view: PlayerView, *, finishes: bool) -> str | None:
    """Why a card that would help should still be passed, in a learner's words, or ``None``: a
    hand already large (unless the contract needs more cards than were dealt), or coins to
    save for a card that ``finishes`` a meld."""
    if len(view.hand) >= view.contract.cards_dealt + 5 and not _needs_more(view):
        return "Pass: your hand is already large; more cards cost points."
    coins = view.coins[view.seat]
    if coins is not None and coins <= max(0, view.rules.deals - view.deal) // 2 and not finishes:
        return "Pass: save your coins for a card that finishes a meld."
    return None


def _fits(view: PlayerView, card: Card) -> bool:
    return any(lay_off_ends(m, card, view.rules) for m in view.table)


def _unpunished(view: PlayerView, cards: Sequence[Card]) -> list[Card]:
    """The cards worth considering as a discard once down: where a rummy (or Liverpool) call
    punishes throwing a card that plays on the table, those that do not play, if any."""
    rules = view.rules
    punished = rules.rummy_call is not RummyCall.NONE or rules.liverpool_call
    safe = [c for c in cards if not _fits(view, c)]
    return safe if (safe and punished) else list(cards)


def _first(legal: Sequence[Action], kind: type[Action]) -> Action | None:
    """The first legal action of ``kind``, if any."""
    return next((a for a in legal if isinstance(a, kind)), None)


def _closer(after: int, when: str = "") -> str:
    """What a card that brings the contract closer does, to ``after`` cards short: "lets you
    go down" (``when``: " on your turn", for a card bought out of turn), else "brings you to 2
    cards from going down" (never "to 0 cards")."""
    if after == 0:
        return f"lets you go down{when}"
    return f"brings you to {counted(after, 'card')} from going down"


def _find(legal: Sequence[Action], kind: type[Action]) -> Action:
    """The first legal action of ``kind`` (or the first legal action when there is none)."""
    return _first(legal, kind) or legal[0]
