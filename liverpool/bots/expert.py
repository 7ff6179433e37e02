"""ExpertBot: StrongBot's judgement, checked by playing the close decisions out.

Where a decision matters it asks :func:`liverpool.evaluate.evaluate` — sampled deals consistent
with its view, each candidate played to the end of the deal by fast policies, the same samples
for every candidate — to compare StrongBot's own choice with its best alternatives:

* **take or draw**, before it is down, when the top discard would bring its contract closer (or
  StrongBot would take it);
* **buy or pass**, before it is down, when the offered card would bring its contract closer;
* **going down**: go down now, or keep the hand one more turn and throw StrongBot's best discard
  instead;
* **which card to discard**: StrongBot's choice against the next best in its ranking (``top``
  candidates in all).

How hard it looks depends on the kind of decision (:data:`FOCUS`), set by measuring where the
sampled deals find points (``benchmarks/expert_focus.py``: decisions met in StrongBot matches,
each candidate played on 96 shared deals, half of them deciding and the other half judging the
choice, so a choice gains only what it truly gains):

* **a discard before going down** and **buying or passing** gain a few tenths of a point a
  decision over StrongBot (813 discards: +0.24 ± 0.17 at 24 samples; 797 buys: +0.15 ± 0.14),
  more with more samples: these get the full budget;
* **taking or drawing**, **going down now** and **a discard once down** showed no gain on the
  fewer positions measured (70; StrongBot is seldom wrong there): a brief look, so the time goes
  where it pays.

How strong it is, and every idea tried on the way, is recorded in ``benchmarks/EXPERT.md``.
In short: played in pairs of matches dealt alike, ExpertBot and StrongBot trading seats
(``benchmarks/expert_strength.py``), it scored 95.8% of StrongBot's mean score [89.6, 102.1]
over 400 matches of seed 0 and 102.9% [96.8, 109.1] over 400 of seed 5000, where issue 17 asks
for 85%: no better than StrongBot over both. What the sampled deals find, a few tenths of a point
a decision on their own measure, does not carry into match scores, and of the other judgements
tried beneath the sampling (weights against feeding the next player, points held once another
player is down, buying more, a value fitted to how StrongBot's hands ended) only two beat
StrongBot's on both seeds when played alone, by 4% to 7%: buying for outs, and a heavier weight
on points before anyone is down, which ExpertBot keeps. Even StrongBot's judgement shown the
hidden cards it reasons about scores only about 85% of StrongBot (``benchmarks/clairvoyant.py``),
so better guesses at those cards cannot get there on their own. So it keeps StrongBot's
judgement beneath the sampling, with one weight changed, and three choices the record explains:

* before anyone is down it weighs the points in its hand six times as heavily as StrongBot
  (:data:`POINTS_WEIGHT`), so that of two discards leaving its hand as close it throws the
  higher more readily. Alone, StrongBot with that weight scored 93.2% of StrongBot [87.6, 98.7]
  over 400 matches of seed 0 and 95.6% [90.6, 100.6] over 400 of seed 5000 (pairs,
  ``benchmarks/feed_weights.py``); lighter and heavier weights, or the same weight once another
  player is down, did worse. Where this page says "StrongBot's choice", it means StrongBot's
  judgement with this weight;
* it remembers what the others picked up: a discard taken or bought went into a hand face up
  (``PlayerView.picked_up``), so the evaluator deals it back to that hand in every sampled deal,
  and its odds of feeding the next player start from the cards that player is known to hold;
* an alternative replaces StrongBot's choice only when it is cheaper by at least
  :data:`MIN_GAIN` points and :data:`SWITCH_Z` (3) standard errors of the paired difference, so
  that it overturns that choice in about 1% of its sampled decisions. Asking for less evidence
  looked better on the evaluator's own measure and lost real matches; at 1.5 standard errors
  (10% overturned) it scored 97.5% and 102.0% of StrongBot over 400 matches of seeds 0 and
  5000, at 3 95.8% and 102.9% on the same matches (3.1 ± 14.6 points a match better and 1.7 ±
  14.2 worse, paired: within the noise), at less cost;
* every seat of a sampled deal, its own included, is played by BasicBot (StrongBot at its own
  seat agreed with StrongBot more, cost twice as much and scored worse).

Everything else — lay-offs, swaps, calls, cuts, a discard when down with one sensible choice —
it plays as :class:`~liverpool.bots.StrongBot` does, and so it does when a position cannot be
rebuilt from its view (the evaluator says so).

The budget is a number of samples, capped by the work they take: the actions played in all the
playouts of a decision (``Budget.steps``), not its CPU time. A CPU-time cap made a decision cut
short by it (about a fifth of the sampled ones) depend on the machine's load, so the same match
went another way in every run, and two versions of ExpertBot could hardly be compared match by
match. Counted in actions, the cap falls in the same place on every machine: ExpertBot plays
the same match the same way from the same seed, fast machine or slow, pure or compiled engine.
The counts are set from this machine's pace on the pure engine, two matches played at once on
its two cores: about 7,000 to 7,800 playout actions a CPU second in the longest decisions, so a
decision the cap cuts short ends in about 0.8 s. Measured so (``expert_strength.py``, in pairs,
on the compiled engine of ``make fast``, which plays the same matches decision for decision as
the pure one): over the 400 matches of seed 0, a decision p99 of 0.77 s CPU, 7 of its 90,684
decisions over a second (the worst 1.20 s), 24.9 CPU s a match; over the 400 of seed 5000,
0.66 s, 2 of 90,676 over a second (the worst 1.02 s), 24.0 CPU s a match. Before it took the
heavier points weight it measured 0.44 s, a worst of 0.72 s and 15 CPU s a match over the same
seeds; CPU time on this shared machine varies with its load, so compare the two with care.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action, Buy, Discard, DrawStock, GoDown, GoOut, LayOff, SwapWild, TakeDiscard
from ..analysis import contract_distance
from ..cards import Card
from ..evaluate import (
    Budget,
    Evaluation,
    Measure,
    NotEvaluable,
    Policy,
    describe_action,
    evaluate,
)
from ..state import Phase
from ..view import PlayerView
from ..words import counted
from .basic import _first, _fits, _unpunished
from .strong import StrongBot

__all__ = [
    "DEFAULT_BUDGET",
    "FOCUS",
    "MIN_GAIN",
    "SWITCH_Z",
    "ExpertBot",
    "Focus",
    "decision_kind",
    "gerund",
    "reason",
    "settle",
]

DEFAULT_BUDGET = Budget(samples=96, steps=6000, min_samples=8, batch=2, z=2.0, tolerance=1.0)
"""For the decisions that gain most: at most 96 shared samples and 6,000 playout actions (about
0.8 s of CPU time on the pure engine here), candidates dropped once 2 standard errors apart (or
within a point of each other). These decisions gained more with more samples (see the module
docstring); the cap keeps the slowest of them under a second."""
BRIEF_BUDGET = Budget(samples=16, steps=1750, min_samples=6, batch=2, z=2.0, tolerance=1.0)
"""For the decisions where StrongBot is seldom wrong: 16 samples, 1,750 playout actions (about
0.25 s of CPU time)."""
SWITCH_Z = 3.0
"""Standard errors by which an alternative must beat StrongBot's choice to be played instead.
The evaluator stops comparing as soon as two candidates stand 2 standard errors apart, checking
after every pair of samples, so a difference that is only noise crosses that line far more often
than once in twenty; at 1.5 ExpertBot overturned StrongBot's choice in 10% of its sampled
decisions, at 3 in 1%, and played no worse for it (``benchmarks/EXPERT.md``)."""
MIN_GAIN = 1.0
"""Points by which an alternative must beat StrongBot's choice to be played instead."""
POINTS_WEIGHT = 0.3
"""Turns one point in the hand is worth when ExpertBot's judgement ranks discards while nobody
is down; StrongBot's :data:`~liverpool.bots.strong.POINTS_WEIGHT`, 0.05, is only a tie-breaker.
Of the discards that leave the contract as close, an ace goes rather than a queen unless it
leaves the hand more than 1.5 expected turns (5 points × 0.3) farther from going down. A hand
that never gets down pays for every point it holds, and before anyone is down there is time to
shed them at little cost; once another player is down it weighs points as StrongBot does, for
then every turn spent getting down counts. ``benchmarks/EXPERT.md`` records the weights tried."""


@dataclass(frozen=True, slots=True)
class Focus:
    """How ExpertBot treats one kind of decision: its sampling budget, how many candidates it
    compares (StrongBot's choice among them), and the evidence an alternative needs (``min_gain``
    points and ``switch_z`` standard errors) to be played instead of StrongBot's choice."""

    budget: Budget
    top: int
    switch_z: float
    min_gain: float


_CLOSE_LOOK = Focus(DEFAULT_BUDGET, top=2, switch_z=SWITCH_Z, min_gain=MIN_GAIN)
_BRIEF_LOOK = Focus(BRIEF_BUDGET, top=2, switch_z=SWITCH_Z, min_gain=MIN_GAIN)

FOCUS: dict[str, Focus] = {
    "discard": _CLOSE_LOOK,
    "buy": _CLOSE_LOOK,
    "draw": _BRIEF_LOOK,
    "go down": _BRIEF_LOOK,
    "discard when down": _BRIEF_LOOK,
}
"""Each kind of sampled decision and how it is treated (see the module docstring for why)."""


class ExpertBot(StrongBot):
    """StrongBot whose close decisions are settled by sampled playouts."""

    name = "expert"

    def __init__(
        self,
        seed: int | None = 0,
        *,
        budget: Budget | None = None,
        top: int | None = None,
        measure: Measure = "relative",
        own_playout: Policy | None = None,
        points_weight: float = POINTS_WEIGHT,
        switch_z: float | None = None,
    ) -> None:
        super().__init__(seed, points_weight=points_weight)
        self.switch_z = switch_z
        """Standard errors by which an alternative must beat StrongBot's choice to be played
        instead, for every kind of decision (``None``: each kind's own, see :data:`FOCUS`)."""
        self.budget = budget
        """One budget for every kind of decision (``None``: each kind's own, see :data:`FOCUS`)."""
        self.top = top
        """How many candidates to compare at most (``None``: each kind's own, see :data:`FOCUS`)."""
        self.measure: Measure = measure
        self.own_playout = own_playout
        """Who plays its own seat in the sampled deals (``None``: the same fast policy as the
        other seats, :class:`~liverpool.bots.BasicBot`)."""
        self._eval_rng = random.Random(f"expert:{seed}")
        self.stats: Counter[str] = Counter()
        """How its decisions were made: ``evaluated`` (sampled; ``changed`` of them differ from
        StrongBot's choice), ``strong`` (StrongBot's play, unsampled), ``not_evaluable`` (a
        position the evaluator could not rebuild)."""

    def __repr__(self) -> str:
        return (
            f"ExpertBot(seed={self.seed!r}, budget={self.budget!r}, top={self.top}, "
            f"points_weight={self.points_weight}, switch_z={self.switch_z})"
        )

    def explain(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        """The chosen action and one sentence saying why."""
        candidates = self.candidates(view, legal) if len(legal) > 1 else []
        if len(candidates) > 1:
            focus = self.focus(view, legal)
            try:
                result = evaluate(
                    view,
                    legal,
                    candidates,
                    budget=self.budget_for(view, legal),
                    seed=self._eval_rng.randrange(2**63),
                    measure=self.measure,
                    own_policy=self.own_playout,
                )
            except NotEvaluable:
                self.stats["not_evaluable"] += 1
            else:
                self.stats["evaluated"] += 1
                z = focus.switch_z if self.switch_z is None else self.switch_z
                choice = settle(result, candidates[0], z, focus.min_gain)
                if choice != candidates[0]:
                    self.stats["changed"] += 1
                return choice, reason(view, result, choice)
        self.stats["strong"] += 1
        return super().explain(view, legal)

    def _known_hand(self, view: PlayerView, seat: int) -> list[Card]:
        """The discards ``seat`` took or bought and still holds (``PlayerView.picked_up``): a
        player who picked up two 7s is building 7s, and a third one feeds them."""
        return list(view.picked_up[seat]) if view.picked_up else []

    # -- which decisions are worth sampling, and which candidates -------------------------------
    def candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """The actions worth comparing by sampling, StrongBot's choice first (fewer than two:
        StrongBot decides alone)."""
        if view.phase is Phase.DRAW:
            found = self._draw_candidates(view, legal)
        elif view.phase is Phase.BUY:
            found = self._buy_candidates(view, legal)
        elif view.phase is Phase.PLAY:
            found = self._play_candidates(view, legal)
        else:
            found = []
        if len(found) < 2:
            return []
        strong = self.strong_choice(view, legal)
        return list(dict.fromkeys([strong, *found]))[: max(2, self._top(view, legal))]

    def budget_for(self, view: PlayerView, legal: Sequence[Action]) -> Budget:
        """The sampling budget of this decision: :attr:`budget`, else its kind's (see
        :data:`FOCUS`)."""
        return self.budget or self.focus(view, legal).budget

    def focus(self, view: PlayerView, legal: Sequence[Action]) -> Focus:
        """How this decision is treated: its kind's entry in :data:`FOCUS`."""
        return FOCUS[decision_kind(view, legal)]

    def _top(self, view: PlayerView, legal: Sequence[Action]) -> int:
        return self.top if self.top is not None else self.focus(view, legal).top

    def _draw_candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        take, draw = _first(legal, TakeDiscard), _first(legal, DrawStock)
        top = view.discard_top
        if view.is_down or take is None or draw is None or top is None or _first(legal, GoOut):
            return []
        rules, deal = view.rules, view.deal
        helps = contract_distance([*view.hand, top], rules, deal) < contract_distance(
            view.hand, rules, deal
        )
        if helps or rules.is_wild(top) or isinstance(self.strong_choice(view, legal), TakeDiscard):
            return [take, draw]
        return []

    def _buy_candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        buy = _first(legal, Buy)
        card = view.offer
        if buy is None or card is None or view.is_down:
            return []
        rules, deal = view.rules, view.deal
        if contract_distance([*view.hand, card], rules, deal) >= contract_distance(
            view.hand, rules, deal
        ):
            return []
        return [buy, *(a for a in legal if a != buy)]

    def _play_candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        if view.pending_wild is not None or _first(legal, GoOut):
            return []
        if any(isinstance(a, (LayOff, SwapWild)) for a in legal):
            return []
        discards = [a.card for a in legal if isinstance(a, Discard)]
        ranked: list[Action] = [Discard(c) for c in self.ranked_discards(view, discards)]
        go_down = _first(legal, GoDown)
        if go_down is not None:
            return [go_down, *ranked[:1]]
        return ranked[: self._top(view, legal)]

    def strong_choice(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """What StrongBot would play here (no sampling)."""
        return super().explain(view, legal)[0]

    def ranked_discards(self, view: PlayerView, cards: Sequence[Card]) -> list[Card]:
        """The cards that may be discarded, StrongBot's choice first (see
        :class:`~liverpool.bots.StrongBot`): before going down by contract distance left, then
        expected turns to go down, points and what the next player could do with the card; once
        down by points weighed against feeding the next player."""
        rules = view.rules
        choices = list(dict.fromkeys(cards))
        if len(choices) < 2:
            return choices
        unseen = self._unseen(view)
        if view.is_down:
            safe = _unpunished(view, choices)
            nxt = (view.seat + 1) % view.players
            if view.down[nxt]:
                odds = {c: float(_fits(view, c)) for c in safe}
            else:
                odds = self._feed_odds(view, safe, unseen, self.down_samples)
            return self._down_order(view, safe, odds) + [c for c in choices if c not in safe]
        scores = self._discard_scores(view, view.hand, choices, unseen)
        scores.sort(key=lambda s: (s.distance, rules.is_wild(s.card), s.value, s.card.sort_key()))
        return [s.card for s in scores]


def decision_kind(view: PlayerView, legal: Sequence[Action]) -> str:
    """The decision's kind, a key of :data:`FOCUS`: ``"buy"``, ``"draw"`` (take or draw),
    ``"go down"`` (going down is legal), ``"discard"`` (before going down) or ``"discard when
    down"``."""
    if view.phase is Phase.BUY:
        return "buy"
    if view.phase is Phase.DRAW:
        return "draw"
    if _first(legal, GoDown) is not None:
        return "go down"
    return "discard when down" if view.is_down else "discard"


# -- the sentence ----------------------------------------------------------------------------

_GERUNDS = {
    "discard": "discarding",
    "take": "taking",
    "draw": "drawing",
    "buy": "buying",
    "let": "letting",
    "go": "going",
    "lay": "laying",
    "put": "putting",
    "pass": "passing",
}


def gerund(phrase: str) -> str:
    """``'discard the 7♥'`` -> ``'discarding the 7♥'`` (the verb phrases of
    :func:`~liverpool.evaluate.describe_action`)."""
    verb, _, rest = phrase.partition(" ")
    return f"{_GERUNDS.get(verb, verb)} {rest}".strip()


def _runner_up(view: PlayerView, result: Evaluation) -> str:
    """The second choice in words; a discard not chosen reads as keeping that card."""
    ranked = result.ranked()
    second = ranked[1].action
    if isinstance(result.best, Discard) and isinstance(second, Discard):
        return f"discarding the {second.card} instead"
    if isinstance(result.best, GoDown) and isinstance(second, Discard):
        return f"waiting a turn and {gerund(describe_action(second, view))}"
    return gerund(describe_action(second, view))


def settle(
    result: Evaluation,
    incumbent: Action,
    switch_z: float = SWITCH_Z,
    min_gain: float = MIN_GAIN,
) -> Action:
    """The evaluation's best action if it beats ``incumbent`` by ``min_gain`` points and
    ``switch_z`` standard errors (by default: clearly), else ``incumbent``."""
    if result.best == incumbent or result.samples == 0:
        return incumbent
    held = result.estimate(incumbent)
    if held.loss >= min_gain and held.loss > switch_z * held.loss_stderr:
        return result.best
    return incumbent


def reason(view: PlayerView, result: Evaluation, choice: Action | None = None) -> str:
    """One sentence for a learner: the chosen action (default: the evaluation's best) and what
    the sampled deals said."""
    choice = result.best if choice is None else choice
    said = describe_action(choice, view)
    said = said[0].upper() + said[1:]
    if len(result.estimates) < 2 or result.samples == 0:
        return f"{said}: it is the only sensible move."
    if choice != result.best:
        best = result.estimate(result.best)
        mine = result.estimate(choice)
        deals = f"over {counted(mine.samples, 'sampled deal')}"
        other = gerund(describe_action(best.action, view))
        noise = f"{other} looked {mine.loss:.1f} points cheaper, within the noise"
        return f"{said}: {deals} nothing did clearly better ({noise})."
    ranked = result.ranked()
    gap, count = ranked[1].loss, ranked[1].samples
    deals = f"over {counted(count, 'sampled deal')}"
    other = _runner_up(view, result)
    if gap < 0.05:
        return f"{said}: {deals} it did as well as {other}."
    return f"{said}: {deals} it cost {gap:.1f} points less on average than {other}."
