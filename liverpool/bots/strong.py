"""StrongBot: decides by what the unseen cards can still do for it.

Before it is down, a hand's worth is how soon it can expect to go down. For a hand ``d`` cards
from its contract, with ``w`` unseen cards that would bring it closer (its *outs*, counted over
every card it cannot see, copies included), it expects about ``d · U / (1.3 · w)`` more turns,
where ``U`` is the number of unseen cards and 1.3 the cards a player sees per turn (a stock card
and, now and then, a discard worth taking). The unseen cards are exactly the cards the stock and
the other hands may hold, given its :class:`PlayerView`, so this is the average over every deal
consistent with the view of where the next card comes from — what sampling would only
approximate.

* **Discarding** (not yet down): of the cards whose loss keeps the contract distance lowest, it
  throws the one that leaves the fewest expected turns, a little in favour of high cards, and —
  from hidden hands for the next player sampled consistently with the view — away from cards
  that would help that player.
* **Drawing**: it takes the discard when the card brings its contract closer, or when holding it
  (and throwing its best discard) is worth more than a whole turn's stock draw. A card it passes
  is offered to the other players to buy, so taking every card that helps also keeps it from
  them.
* **Discarding once down**: its leftover cards cost points only if someone else goes out first,
  but each discard goes to the next player. While that player is not down, it throws the card
  least likely to bring their contract closer (from hidden hands sampled as above), weighed
  against the card's points; otherwise its costliest card, as BasicBot does.

Everything else — buying (unless told to buy for outs, :data:`OUTS_BUY_TURNS`), going down at
once, laying off, swapping and calls — it plays as :class:`~liverpool.bots.BasicBot` does:
measured over hundreds of matches, sampled buying rules bought too much or too little and lost
to BasicBot's simple rule. Its generator is seeded, so it is reproducible.

Passing fewer helpful cards to the others — taking every card that helps, and feeding the next
player less once down — barely changes StrongBot's own score but leaves BasicBot about 20 points
a match worse off. Over 400 house matches (seed 0) StrongBot's score went from 96% of BasicBot's
to 82%, and from 97% to 86% over 240 other matches (seed 9000). Part of that is the seat: in
those matches BasicBot always plays just after StrongBot and draws from its discards. Played in
pairs dealt alike, StrongBot and BasicBot trading seats (``benchmarks/bot_strength.py --pairs``),
StrongBot scored 87.9% of BasicBot [82.0%, 93.7%] over 400 matches of seed 0.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action, Buy, Discard, DrawStock, GoOut, Pass, TakeDiscard
from ..analysis import contract_distance, unseen_counts
from ..cards import Card
from ..view import PlayerView
from ..words import counted
from .basic import BasicBot, _buy_restraint, _find, _first, _fits, _unpunished

__all__ = ["StrongBot"]

CARDS_SEEN_PER_TURN = 1.3
"""A stock card each turn, plus a discard worth taking now and then (and buys)."""
POINTS_WEIGHT = 0.05
"""Turns one point in the hand is worth when choosing a discard while nobody is down: a
tie-breaker toward high cards. ExpertBot's judgement weighs points heavier then
(``points_weight``; :data:`liverpool.bots.expert.POINTS_WEIGHT` says why)."""
RACED_POINTS_WEIGHT = POINTS_WEIGHT
"""The same once another player is down, when the deal may end any turn. StrongBot keeps its
tie-breaker; a heavier weight then is one of the experiments ``benchmarks/EXPERT.md``
records (``benchmarks/feed_weights.py --weights '{"raced_points_weight": 0.2}'``)."""
FEED_WEIGHT = 0.5
"""Turns it would give up rather than hand the next player a card that brings them closer."""
DOWN_FEED_POINTS = 40.0
"""Once down: points it would rather keep in hand than hand the next player, not yet down, a
card that surely brings them closer (a card that helps them half the time weighs 20 points)."""
OUTS_BUY_TURNS: float | None = None
"""Buying a card that brings the contract no closer: buy it when it leaves the hand at least this
many expected turns sooner to go down (it adds outs: a second pair, a card next to a run);
``None``, StrongBot's own play, buys only cards that bring the contract closer, as BasicBot
does. ``benchmarks/EXPERT.md`` records what 3 turns scored
(``benchmarks/feed_weights.py --weights '{"outs_buy_turns": 3}'``)."""
DOWN_SAMPLES = 12
"""Hidden hands sampled for the next player when choosing a discard once down (one decision a
turn, so it can afford more than the discard search before going down)."""


@dataclass(frozen=True)
class _Prospect:
    """How a hand stands before going down: its distance, its outs, its expected turns."""

    distance: int
    outs: int
    turns: float


@dataclass(frozen=True)
class _DiscardScore:
    """One card thrown from a hand before going down, as StrongBot weighs it (lower is better).

    ``prospect`` is ``None`` for a card whose loss leaves the contract farther than the best
    choice; its ``value`` is then only its negated points, a tie-breaker among such cards."""

    card: Card
    distance: int
    value: float
    prospect: _Prospect | None


class StrongBot(BasicBot):
    """Plays the odds of the unseen cards: stronger than :class:`BasicBot`, quick enough for a
    table."""

    name = "strong"

    def __init__(
        self,
        seed: int | None = 0,
        *,
        samples: int = 4,
        feed_weight: float = FEED_WEIGHT,
        down_feed_points: float = DOWN_FEED_POINTS,
        down_samples: int = DOWN_SAMPLES,
        raced_points_weight: float = RACED_POINTS_WEIGHT,
        points_weight: float = POINTS_WEIGHT,
        outs_buy_turns: float | None = OUTS_BUY_TURNS,
    ) -> None:
        super().__init__(seed)
        self.samples = samples
        """Hidden hands sampled for the next player when choosing a discard before going down."""
        self.feed_weight = feed_weight
        """See :data:`FEED_WEIGHT`."""
        self.down_feed_points = down_feed_points
        """See :data:`DOWN_FEED_POINTS`."""
        self.down_samples = down_samples
        """See :data:`DOWN_SAMPLES`."""
        self.raced_points_weight = raced_points_weight
        """See :data:`RACED_POINTS_WEIGHT`."""
        self.outs_buy_turns = outs_buy_turns
        """See :data:`OUTS_BUY_TURNS`."""
        self.points_weight = points_weight
        """See :data:`POINTS_WEIGHT`."""
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(seed={self.seed!r}, samples={self.samples}, "
            f"feed_weight={self.feed_weight}, down_feed_points={self.down_feed_points}, "
            f"down_samples={self.down_samples}, "
            f"points_weight={self.points_weight}, raced_points_weight={self.raced_points_weight}, "
            f"outs_buy_turns={self.outs_buy_turns})"
        )

    # -- what the unseen cards can do ------------------------------------------------------------
    @staticmethod
    def _unseen(view: PlayerView) -> Counter[Card]:
        """Every card this seat cannot see, with its copies: the stock and the other hands."""
        return unseen_counts(view.seen_cards(), view.rules, view.players)

    @staticmethod
    def _prospect(view: PlayerView, hand: Sequence[Card], unseen: Counter[Card]) -> _Prospect:
        rules, deal = view.rules, view.deal
        distance = contract_distance(hand, rules, deal)
        if distance == 0:
            return _Prospect(0, 0, 0.0)
        outs = sum(
            n
            for card, n in unseen.items()
            if contract_distance([*hand, card], rules, deal) < distance
        )
        total = max(1, sum(unseen.values()))
        turns = distance * total / (CARDS_SEEN_PER_TURN * max(outs, 0.5))
        return _Prospect(distance, outs, turns)

    def _best_discard(
        self, view: PlayerView, hand: Sequence[Card], unseen: Counter[Card]
    ) -> tuple[Card, _Prospect]:
        """The discard from ``hand`` that leaves the best prospect (naturals before wilds)."""
        rules = view.rules
        naturals = [c for c in dict.fromkeys(hand) if not rules.is_wild(c)]
        scores = self._discard_scores(view, hand, naturals or list(dict.fromkeys(hand)), unseen)
        best = min(
            (s for s in scores if s.prospect is not None),
            key=lambda s: (s.value, s.card.sort_key()),
        )
        assert best.prospect is not None
        return best.card, best.prospect

    def _discard_scores(
        self, view: PlayerView, hand: Sequence[Card], cards: Sequence[Card], unseen: Counter[Card]
    ) -> list[_DiscardScore]:
        """Each of ``cards`` (distinct) thrown from ``hand``, scored as StrongBot ranks discards
        before going down: the contract distance it leaves, and for the cards that leave it
        lowest, the expected turns left, a little in favour of high cards
        (:data:`POINTS_WEIGHT`) and away from cards the next player could use
        (:attr:`feed_weight`). One scoring, shared by its own choice and ExpertBot's ranking."""
        rules, deal = view.rules, view.deal
        rests: dict[Card, list[Card]] = {}
        for card in cards:
            rest = list(hand)
            rest.remove(card)
            rests[card] = rest
        distance = {c: contract_distance(r, rules, deal) for c, r in rests.items()}
        closest = min(distance.values())
        feeds = self._feed_odds(view, [c for c in cards if distance[c] == closest], unseen)
        points_weight = self._points_weight(view)
        scores: list[_DiscardScore] = []
        for card, rest in rests.items():
            points = rules.card_points(card)
            if distance[card] > closest:
                scores.append(_DiscardScore(card, distance[card], -float(points), None))
                continue
            prospect = self._prospect(view, rest, unseen)
            value = (
                prospect.turns - points_weight * points + self.feed_weight * feeds.get(card, 0.0)
            )
            scores.append(_DiscardScore(card, distance[card], value, prospect))
        return scores

    def _points_weight(self, view: PlayerView) -> float:
        """Turns a point in the hand is worth now: :attr:`raced_points_weight` once another
        player is down, when whatever is still in the hand may be counted against it any turn,
        else :attr:`points_weight`."""
        others_down = any(down for seat, down in enumerate(view.down) if seat != view.seat)
        return self.raced_points_weight if others_down else self.points_weight

    def _feed_odds(
        self,
        view: PlayerView,
        cards: Sequence[Card],
        unseen: Counter[Card],
        samples: int | None = None,
    ) -> dict[Card, float]:
        """For each card, how often it would bring the next player's contract closer, over
        ``samples`` hidden hands for that player (default :attr:`samples`) sampled consistently
        with the view (when they are down: whether it plays on the table)."""
        rules, deal = view.rules, view.deal
        nxt = (view.seat + 1) % view.players
        if view.down[nxt]:
            return {c: float(_fits(view, c)) for c in cards}
        count = self.samples if samples is None else samples
        known = self._known_hand(view, nxt)
        pool = list((unseen - Counter(known)).elements()) if known else list(unseen.elements())
        size = min(view.hand_sizes[nxt] - len(known), len(pool))
        odds = dict.fromkeys(cards, 0.0)
        for _ in range(count):
            hand = known + self._rng.sample(pool, size)
            before = contract_distance(hand, rules, deal)
            for card in cards:
                if contract_distance([*hand, card], rules, deal) < before:
                    odds[card] += 1.0 / count
        return odds

    def _known_hand(self, view: PlayerView, seat: int) -> list[Card]:
        """The cards :meth:`_feed_odds` deals ``seat`` before sampling the rest of its hand: none,
        for StrongBot judges by the unseen cards alone (ExpertBot remembers what was picked
        up)."""
        return []

    # -- decisions -------------------------------------------------------------------------------
    def _discard(self, view: PlayerView, cards: Sequence[Card]) -> tuple[Action, str]:
        if view.is_down:
            return self._discard_when_down(view, cards)
        card, prospect = self._best_discard(view, view.hand, self._unseen(view))
        if card not in cards:  # (the card taken from the pile this turn may not go back)
            return super()._discard(view, cards)
        return Discard(card), f"Discard the {card}: without it {_standing(prospect)}."

    def _discard_when_down(self, view: PlayerView, cards: Sequence[Card]) -> tuple[Action, str]:
        """Once down, the card the next player (not yet down) is least likely to need, weighed
        against its points: leftover points are paid only if someone else goes out first, while
        a card that brings that player closer makes them harder to catch."""
        nxt = (view.seat + 1) % view.players
        if view.down[nxt]:
            return super()._discard(view, cards)
        rules = view.rules
        pool = _unpunished(view, list(dict.fromkeys(cards)))
        odds = self._feed_odds(view, pool, self._unseen(view), self.down_samples)
        card = self._down_order(view, pool, odds)[0]
        points, name = rules.card_points(card), view.names[nxt]
        if odds[card] == 0.0:
            why = f"{name}, who is not down yet, seems unable to use it"
        else:
            why = f"it is among your cards least likely to help {name}, who is not down yet"
        return Discard(card), f"Discard the {card} ({counted(points, 'point')}): {why}."

    def _down_order(
        self, view: PlayerView, cards: Sequence[Card], odds: dict[Card, float]
    ) -> list[Card]:
        """``cards`` best first for a discard once down: the chance each brings the next player
        closer, weighed (:attr:`down_feed_points`) against the points it would cost in hand."""
        rules = view.rules
        return sorted(
            cards,
            key=lambda c: (self.down_feed_points * odds[c] - rules.card_points(c), c.sort_key()),
        )

    def _buy(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        """BasicBot's rule for a card that brings the contract closer; with
        :attr:`outs_buy_turns`, also a card that leaves the hand that many turns sooner to go
        down, held back by what holds BasicBot back (a large hand, coins to save)."""
        card, gain = view.offer, self.outs_buy_turns
        if gain is None or card is None or view.is_down or not _first(legal, Buy):
            return super()._buy(view, legal)
        unseen = self._unseen(view)
        now = self._prospect(view, view.hand, unseen)
        after = self._prospect(view, [*view.hand, card], unseen)
        if after.distance < now.distance or after.turns + gain > now.turns:
            return super()._buy(view, legal)
        restraint = _buy_restraint(view, finishes=False)
        if restraint is not None:
            return _find(legal, Pass), restraint
        return _find(legal, Buy), (
            f"Buy the {card}: it brings you no closer yet, but with it {_standing(after)}, "
            f"not {now.outs}."
        )

    def _draw(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        top = view.discard_top
        if view.is_down or top is None or _first(legal, GoOut) or not _first(legal, TakeDiscard):
            return super()._draw(view, legal)
        unseen = self._unseen(view)
        now = self._prospect(view, view.hand, unseen)
        throw, after = self._best_discard(view, [*view.hand, top], unseen)
        # A card that brings the contract closer is taken even when the stock looks as good:
        # passed, it is offered to every other player to buy.
        closer = after.distance < now.distance
        if throw is not top and (closer or after.turns + 1.0 < now.turns):
            if after.distance == 0:
                return _find(legal, TakeDiscard), f"Take the {top}: it lets you go down this turn."
            return _find(legal, TakeDiscard), f"Take the {top}: with it {_standing(after)}."
        return _find(legal, DrawStock), (
            f"Draw from the stock: the {top} is worth less to you than an unseen card."
        )


def _standing(prospect: _Prospect) -> str:
    """How the hand will stand, in a learner's words."""
    if prospect.distance == 0:
        return "you can still go down with what is left"
    return (
        f"you are {counted(prospect.distance, 'card')} from going down, "
        f"with {counted(prospect.outs, 'unseen card')} that would help"
    )
