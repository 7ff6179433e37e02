"""StrongBot: decides by sampling what it cannot see.

For the decisions that shape a deal — take or draw, buy or pass, which card to discard — it
deals out the unseen cards at random many times (consistent with its :class:`PlayerView`: its
own hand, the table, the discard pile and each player's hand size), and scores each candidate
move across those sampled worlds:

* **drawing**: the contract distance after taking the discard, against the distance after the
  stock card each sampled world puts on top of the stock;
* **buying**: the same, with the penalty card drawn from the sampled stock, weighed against
  the points two more cards risk;
* **discarding**: the distance left, the live outs that remain (cards still unseen that would
  help), the points held, and how often the card would help the next player in the sampled
  worlds (feeding them).

Everything else — going down at once, laying off, swapping, calls — it plays as
:class:`~liverpool.bots.BasicBot` does. Its generator is seeded, so it is reproducible.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..actions import Action, Buy, Discard, DrawStock, GoOut, Pass, TakeDiscard
from ..analysis import analyze_hand, contract_distance
from ..cards import Card
from ..melds import lay_off_ends
from ..rules import RummyCall
from ..view import PlayerView
from .basic import BasicBot, _find, _first, _fits

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

    # -- drawing --------------------------------------------------------------------------------
    def _draw(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        take = _first(legal, TakeDiscard)
        top = view.discard_top
        if take is None or top is None or view.is_down or _first(legal, GoOut):
            return super()._draw(view, legal)
        rules = view.rules
        with_top = contract_distance([*view.hand, top], rules, view.deal)
        stock_avg = self._expected_after_stock(view, 1)
        if with_top < stock_avg - 0.25:
            what = "lets you go down" if with_top == 0 else f"leaves you {with_top} from going down"
            return take, (
                f"Take the {top}: it {what}, better than the stock's {stock_avg:.1f} on average."
            )
        return _find(legal, DrawStock), (
            f"Draw from the stock: on average it leaves you {stock_avg:.1f} cards from going "
            f"down, no worse than the {top} ({with_top})."
        )

    def _expected_after_stock(
        self, view: PlayerView, extra: int, base: Sequence[Card] = ()
    ) -> float:
        """The mean contract distance after adding ``base`` and ``extra`` sampled stock cards."""
        rules = view.rules
        total = 0
        worlds = self._worlds(view)
        for stock, _ in worlds:
            drawn = stock[:extra]
            total += contract_distance([*view.hand, *base, *drawn], rules, view.deal)
        return total / max(1, len(worlds))

    # -- buying ---------------------------------------------------------------------------------
    def _buy(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        card = view.offer
        if card is None or not any(isinstance(a, Buy) for a in legal) or view.is_down:
            return super()._buy(view, legal)
        rules = view.rules
        before = contract_distance(view.hand, rules, view.deal)
        after = self._expected_after_stock(view, rules.buy_penalty_cards, base=[card])
        contract = view.contract
        gain = before - after
        # Two more cards cost points if the deal ends first; the cost grows as the deal ages.
        late = 1.0 - min(1.0, view.stock_size / max(1, 40))
        cost = 0.6 + 1.2 * late + (0.4 if len(view.hand) >= contract.cards_dealt + 4 else 0)
        if contract.min_cards > contract.cards_dealt:
            cost -= 0.5
        coins = view.coins[view.seat]
        if coins is not None and coins <= max(0, rules.deals - view.deal) // 2:
            cost += 0.7
        if gain > cost:
            return _find(legal, Buy), (
                f"Buy the {card}: it brings your contract {gain:.1f} cards closer on average, "
                "worth the penalty card."
            )
        return _find(legal, Pass), f"Pass on the {card}: it gains too little for two more cards."

    # -- discarding -------------------------------------------------------------------------------
    def _discard(self, view: PlayerView, cards: Sequence[Card]) -> tuple[Action, str]:
        if view.is_down:
            return super()._discard(view, cards)
        rules = view.rules
        candidates = self._shortlist(view, cards)
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
            )
            live = sum(n for _, n in analysis.outs)
            feed = self._feeds(view, card, nxt, worlds)
            danger = 0.0
            if view.down[nxt] and _fits(view, card):
                danger = 1.0
            if rules.rummy_call is not RummyCall.NONE and view.is_down and _fits(view, card):
                danger += 2.0
            value = (
                analysis.missing * 10.0
                - min(live, 30) * 0.15
                - rules.card_points(card) * 0.08
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
