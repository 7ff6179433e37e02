"""StrongBot: decides by sampling what it cannot see.

For the decision that shapes a hand most — which card to discard before going down — it deals
out the unseen cards at random many times (consistent with its :class:`PlayerView`: its own
hand, the table, the discard pile and each player's hand size) and scores each short-listed
candidate across those sampled worlds: the contract distance left, the live outs that remain
(cards still unseen that would help), the points held (weighed by how close an opponent is to
going out), and how often the card would help the next player in the sampled worlds.

Everything else — drawing, buying, going down at once, laying off, swapping, calls — it plays
as :class:`~liverpool.bots.BasicBot` does: measured over hundreds of matches, sampled
draw and buy rules bought too little and lost to BasicBot's simple rule (buying is worth a lot
in Liverpool). Its generator is seeded, so it is reproducible.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..actions import Action, Discard
from ..analysis import analyze_hand, contract_distance
from ..cards import Card
from ..melds import lay_off_ends
from ..rules import RummyCall
from ..view import PlayerView
from .basic import BasicBot, _fits

__all__ = ["StrongBot"]


class StrongBot(BasicBot):
    """Sampling-based play: stronger than :class:`BasicBot`, still quick enough for a table."""

    name = "strong"

    def __init__(self, seed: int | None = 0, *, samples: int = 8, width: int = 4) -> None:
        super().__init__(seed)
        self.samples = samples
        self.width = width
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"StrongBot(seed={self.seed!r}, samples={self.samples})"

    # -- sampling the hidden cards -------------------------------------------------------------
    def _unseen(self, view: PlayerView) -> list[Card]:
        shoe = Counter(view.rules.build_shoe(view.players))
        return list((shoe - Counter(view.seen_cards())).elements())

    def _worlds(self, view: PlayerView) -> list[tuple[list[Card], list[list[Card]]]]:
        """Sampled (stock top first, other hands by seat) consistent with the view."""
        unseen = self._unseen(view)
        worlds = []
        for _ in range(self.samples):
            self._rng.shuffle(unseen)
            pos = 0
            hands: list[list[Card]] = []
            for seat, size in enumerate(view.hand_sizes):
                if seat == view.seat:
                    hands.append([])
                    continue
                hands.append(unseen[pos : pos + size])
                pos += size
            worlds.append((unseen[pos:], hands))
        return worlds

    # -- discarding -------------------------------------------------------------------------------
    def _discard(self, view: PlayerView, cards: Sequence[Card]) -> tuple[Action, str]:
        if view.is_down:
            return super()._discard(view, cards)
        rules = view.rules
        threat = _threat(view)
        candidates = self._shortlist(view, cards) if threat < 0.5 else list(dict.fromkeys(cards))
        scored: list[tuple[float, Card, int, int, float]] = []
        worlds = self._worlds(view)
        nxt = (view.seat + 1) % view.players
        for card in candidates:
            rest = list(view.hand)
            rest.remove(card)
            analysis = analyze_hand(
                rest,
                rules,
                view.deal,
                table=(),
                seen=[*view.discard_pile, *(c for m in view.table for c in m.cards), card],
                players=view.players,
                exact_outs=False,
            )
            live = sum(n for _, n in analysis.outs)
            feed = self._feeds(view, card, nxt, worlds)
            danger = 0.0
            if view.down[nxt] and _fits(view, card):
                danger = 1.0
            if rules.rummy_call is not RummyCall.NONE and view.is_down and _fits(view, card):
                danger += 2.0
            value = (
                analysis.missing * 10.0 * (1.0 - 0.5 * threat)
                - min(live, 30) * 0.15
                - rules.card_points(card) * (0.08 + 0.6 * threat)
                + feed * 4.0
                + danger * 3.0
            )
            scored.append((value, card, analysis.missing, live, feed))
        scored.sort(key=lambda s: (s[0], s[1].sort_key()))
        _, card, missing, live, feed = scored[0]
        why = f"it leaves you {missing} from going down with {live} live outs"
        if feed < 0.2:
            why += " and rarely helps the next player"
        return Discard(card), f"Discard the {card}: {why}."

    def _shortlist(self, view: PlayerView, cards: Sequence[Card]) -> list[Card]:
        """The few discards worth sampling: dead weight and the cards whose loss costs least."""
        rules = view.rules
        naturals = list(dict.fromkeys(c for c in cards if not rules.is_wild(c)))
        if not naturals:
            return list(dict.fromkeys(cards))
        base = contract_distance(view.hand, rules, view.deal)
        scored = []
        for card in naturals:
            rest = list(view.hand)
            rest.remove(card)
            scored.append(
                (contract_distance(rest, rules, view.deal) - base, -rules.card_points(card), card)
            )
        scored.sort(key=lambda t: (t[0], t[1], t[2].sort_key()))
        return [c for _, _, c in scored[: self.width]]

    def _feeds(
        self,
        view: PlayerView,
        card: Card,
        nxt: int,
        worlds: Sequence[tuple[list[Card], list[list[Card]]]],
    ) -> float:
        """How often, across sampled worlds, ``card`` brings the next player's contract closer."""
        rules = view.rules
        if view.down[nxt]:
            return 1.0 if any(lay_off_ends(m, card, rules) for m in view.table) else 0.0
        helped = 0
        sample = worlds[: max(2, len(worlds) // 3)]
        for _, hands in sample:
            hand = hands[nxt]
            if contract_distance([*hand, card], rules, view.deal) < contract_distance(
                hand, rules, view.deal
            ):
                helped += 1
        return helped / max(1, len(sample))


def _threat(view: PlayerView) -> float:
    """How close an opponent is to going out, from 0 (nobody down) to 1 (one card left)."""
    worst = 0.0
    for seat, size in enumerate(view.hand_sizes):
        if seat != view.seat and view.down[seat]:
            worst = max(worst, 1.0 / max(1, size))
    return worst
