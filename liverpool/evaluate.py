"""Judging a decision the way a player must make it: from one seat's view, by playing it out.

:func:`evaluate` estimates, for each candidate action of a decision, its **expected cost in
points**: this deal's points for the deciding seat minus the average of the other seats' points
for the deal (the deal's score pad line, penalties included), so lower is better and going out
while the others are caught with full hands is strongly negative. It is what a learner reads off
the score pad after the deal: how far behind (or ahead of) the table the deal left them.

It sees only the seat's :class:`~liverpool.PlayerView` and the legal actions, never the game:

1. **Determinization.** Each sample deals the cards the seat cannot see (every card of the shoe
   that is not in its hand, on the table or in the discard pile, copies included) at random into
   the other hands, at their known sizes (each first holding the discards it is known to have
   picked up), and into the stock, in a random order. The position is
   then rebuilt with :meth:`Game.from_deal <liverpool.Game.from_deal>` (the table's melds with
   their owners, the top discard, the hands, the stock) and brought to the very decision with
   public moves: a draw from the stock or the discard for a decision after drawing, the declined
   discard and the passes of buyers ahead for a buy, the going down itself when the seat went
   down this turn. The rebuilt position is checked against the view (phase, who acts, the hand,
   hand sizes, table, top discard, stock size, who is down, the offer, the card taken this turn)
   and its legal actions against the given ones; a decision that cannot be rebuilt raises
   :class:`NotEvaluable`.
2. **Playouts.** Each candidate is applied to a copy of the same rebuilt position and the deal is
   played to its end by fast policies (:class:`~liverpool.bots.BasicBot` at every seat, the
   deciding seat included, by default; ``own_policy`` gives the deciding seat a policy of its
   own, so its rest of the deal is played closer to how it really plays).
3. **Variance reduction.** Every candidate is played on the *same* samples with the *same*
   generator state (common random numbers), so the luck of a sample cancels in the paired
   differences. After ``min_samples`` samples, every ``batch`` samples, a candidate whose paired
   difference from the current best is above zero by ``z`` standard errors is dropped (it is
   clearly worse), and so is one whose difference is within ``tolerance`` points of zero by
   ``z`` standard errors (it makes no real difference); sampling stops when one candidate is
   left, when the budget is spent, or when ``cancel()`` says so.

What the rebuild cannot reproduce from public constructors (the seat's view holds these, but
``Game.from_deal`` has no argument for them): the discard pile below its top card (it matters
only when the stock runs out and the pile is shuffled into a new stock; after the seat took the
discard this turn the rebuilt pile is empty until it discards), the reshuffles and turns
already used this deal, match totals, buys and coins already spent (under presets with a buy
limit the sampled players may buy more than they could), who is floating, and a freed wild that
must still be laid (such a decision raises :class:`NotEvaluable`). Hidden hands are sampled
uniformly, except for what every player saw go into them: the discards a player took or bought
and has not shown since (``PlayerView.picked_up``) are dealt back to that player first. So a
sampled hand is farther from its contract than the real one, which its player has been building
(late in deals 4 to 7 about four cards short, where real hands are one or two:
``benchmarks/hidden_hands.py``); hands built to be as close made ExpertBot no measurably
better (``benchmarks/EXPERT.md``), so the samples stay uniform.

Everything is seeded: the same view, legal actions, candidates, budget and seed give the same
estimates, unless a ``seconds`` budget cuts the sampling short (a ``steps`` budget does not
spoil this: it counts the actions played, which the seed decides).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .actions import (
    Action,
    Buy,
    Discard,
    DrawStock,
    GoDown,
    GoOut,
    LayOff,
    Pass,
    SwapWild,
    TakeDiscard,
)
from .analysis import unseen_counts
from .bots.base import Bot
from .bots.basic import BasicBot
from .cards import Card
from .errors import IllegalAction, LiverpoolError
from .game import Game
from .melds import End, Meld
from .rules import MeldKind
from .state import Phase
from .view import PlayerView
from .words import possessive

__all__ = [
    "EVALUATED_PHASES",
    "Budget",
    "Estimate",
    "Evaluation",
    "Measure",
    "NotEvaluable",
    "Policy",
    "SeatSplit",
    "describe_action",
    "evaluate",
    "rebuild",
    "sample_hidden",
]

Measure = Literal["relative", "own"]
"""``"relative"`` (default): the seat's points for the deal minus the others' average;
``"own"``: the seat's points alone."""

EVALUATED_PHASES = frozenset({Phase.DRAW, Phase.BUY, Phase.PLAY})
"""The decisions :func:`evaluate` can rebuild (cuts and calls are not evaluated)."""

Policy = Callable[[int], Bot]
"""Makes the bot that plays every seat in a playout, from a seed."""


@dataclass(frozen=True, slots=True)
class SeatSplit:
    """A playout bot that plays ``seat`` with ``own`` and every other seat with ``others``: the
    deciding seat may play its rest of the deal better than the cheap policy used for the
    others, whose time is spent on every seat's turn."""

    seat: int
    own: Bot
    others: Bot

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The seat's own bot's choice for its seat, the other bot's for the rest."""
        return (self.own if view.seat == self.seat else self.others).act(view, legal)


MAX_PLAYOUT_STEPS = 20_000
"""A playout that has not finished the deal after this many actions is a bug, not a game."""


class NotEvaluable(LiverpoolError):
    """The decision cannot be evaluated from this view (a phase that is not evaluated, or a
    position the public constructors cannot rebuild); the message says why."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much sampling one decision gets.

    ``samples`` caps the samples (each plays every remaining candidate once). ``steps`` caps the
    work: the actions played in all the playouts together, a measure of CPU time that every
    machine counts alike, so a capped result still depends on the seed alone. ``seconds`` caps
    the CPU time itself (``time.process_time``), which makes the result depend on the machine's
    speed and load. ``None``: no such cap. No sample is begun that would, at the average pace
    so far, end past a cap. The racing rule: after ``min_samples`` samples, every ``batch``
    samples, drop the candidates that are worse than the best by ``z`` standard errors, or that
    are within ``tolerance`` points of it by ``z`` standard errors.
    """

    samples: int = 64
    seconds: float | None = None
    steps: int | None = None
    min_samples: int = 10
    batch: int = 2
    z: float = 2.0
    tolerance: float = 0.5

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError(f"a budget needs at least one sample, not {self.samples}")
        if self.min_samples < 2 or self.batch < 1:
            raise ValueError("min_samples must be 2 or more and batch 1 or more")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")
        if self.steps is not None and self.steps < 1:
            raise ValueError(f"steps must be 1 or more, not {self.steps}")


@dataclass(frozen=True, slots=True)
class Estimate:
    """One candidate's expected cost (points; lower is better) over its ``samples`` samples.

    ``loss`` is the mean paired difference from the best candidate over the samples both played
    (0 for the best itself), ``loss_stderr`` its standard error.
    """

    action: Action
    mean: float
    stderr: float
    samples: int
    loss: float = 0.0
    loss_stderr: float = 0.0


@dataclass(frozen=True)
class Evaluation:
    """The estimates of one decision's candidates (in the order given) and how sampling went.

    ``stopped`` is ``"clear"`` (one candidate left), ``"budget"`` (samples or seconds spent),
    ``"cancelled"`` or ``"only"`` (a single candidate: nothing to sample).
    """

    seat: int
    estimates: tuple[Estimate, ...]
    best: Action
    samples: int
    stopped: str
    cpu_seconds: float
    measure: Measure
    exact: bool
    """Whether the rebuilt position's legal actions are exactly the given ones (if not, they
    include every candidate, but the rebuild is only close)."""
    costs: tuple[tuple[float, ...], ...] = field(repr=False, default=())
    """Each candidate's cost on each sample it played (the samples are shared)."""
    steps: int = 0
    """The actions played in all the playouts (what a ``steps`` budget counts)."""

    def estimate(self, action: Action) -> Estimate:
        """The estimate of ``action`` (``KeyError`` if it was not a candidate)."""
        for est in self.estimates:
            if est.action == action:
                return est
        raise KeyError(action)

    def ranked(self) -> list[Estimate]:
        """The estimates, best first (by paired loss, then mean)."""
        return sorted(self.estimates, key=lambda e: (e.action != self.best, e.loss, e.mean))

    def difference(self, a: Action, b: Action) -> tuple[float, float, int]:
        """Mean, standard error and count of the paired differences cost(a) - cost(b) over the
        samples both played."""
        actions = [e.action for e in self.estimates]
        xs, ys = self.costs[actions.index(a)], self.costs[actions.index(b)]
        return _paired(xs, ys)


def evaluate(
    view: PlayerView,
    legal: Sequence[Action],
    candidates: Sequence[Action] | None = None,
    *,
    budget: Budget | None = None,
    seed: int = 0,
    measure: Measure = "relative",
    policy: Policy | None = None,
    own_policy: Policy | None = None,
    cancel: Callable[[], bool] | None = None,
    keep: Sequence[Action] = (),
) -> Evaluation:
    """Estimate each candidate's expected cost for ``view.seat`` (see the module docstring).

    ``candidates`` default to every legal action (repeats are dropped; each must be legal).
    Candidates in ``keep`` are never dropped by the racing rule: they are sampled to the end
    of the budget unless every other candidate is dropped (a review keeps the move played, so
    its loss rests on every sample). ``policy`` makes the playout bot of every seat from a seed
    (default :class:`~liverpool.bots.BasicBot`); ``own_policy``, when given, makes the deciding
    seat's instead (see :class:`SeatSplit`). Raises :class:`NotEvaluable` when the decision
    cannot be rebuilt from the view.
    """
    budget = budget or Budget()
    cands = list(dict.fromkeys(candidates if candidates is not None else legal))
    if not cands:
        raise ValueError("there is no candidate to evaluate")
    legal_set = set(legal)
    stray = [a for a in cands if a not in legal_set]
    if stray:
        raise ValueError(f"{stray[0]} is not one of the legal actions")
    if view.phase not in EVALUATED_PHASES or view.to_act != view.seat:
        raise NotEvaluable(f"a {view.phase} decision is not evaluated by sampling")
    start = time.process_time()
    if len(cands) == 1:
        only = Estimate(cands[0], math.nan, math.nan, 0)
        return Evaluation(view.seat, (only,), cands[0], 0, "only", 0.0, measure, True, ((),))
    make_bot = policy or BasicBot
    kept = {k for k, a in enumerate(cands) if a in set(keep)}
    costs: list[list[float]] = [[] for _ in cands]
    alive = list(range(len(cands)))
    plan: _Plan | None = None
    stopped = "budget"
    n = steps = 0
    while n < budget.samples:
        if cancel is not None and cancel():
            stopped = "cancelled"
            break
        now = time.process_time()
        if budget.seconds is not None and n and now - start + (now - start) / n > budget.seconds:
            break  # another sample (as long as the average one) would pass the cap
        if budget.steps is not None and n and steps + steps / n > budget.steps:
            break  # the same rule, counted in actions played
        rng = random.Random(f"liverpool-evaluate:{seed}:{n}")
        hands, stock = sample_hidden(view, rng)
        game_seed = rng.randrange(2**32)
        if plan is None:
            plan = _find_plan(view, legal, cands, hands, stock, game_seed)
        base = rebuild(
            view, hands, stock, game_seed, replay_down=plan.replay_down, relay=plan.relay
        )
        for k in alive:
            game = base.copy()
            try:
                game.apply(cands[k])
            except IllegalAction as exc:  # the rebuilt position is not close enough after all
                raise NotEvaluable(f"{cands[k]} is refused in a sampled position: {exc}") from None
            bot = make_bot(game_seed)  # a fresh policy per candidate: the same luck for each
            if own_policy is not None:
                bot = SeatSplit(view.seat, own_policy(game_seed), bot)
            cost, played = _playout(game, view.seat, view.deal, bot, measure)
            costs[k].append(cost)
            steps += played
        n += 1
        if (
            len(alive) > 1
            and n >= budget.min_samples
            and (n - budget.min_samples) % budget.batch == 0
        ):
            alive = _race(alive, costs, n, budget, kept)
        if len(alive) == 1:
            stopped = "clear"
            break
    if n == 0 or plan is None:  # cancelled before the first sample
        unknown = tuple(Estimate(a, math.nan, math.inf, 0) for a in cands)
        empty = tuple(() for _ in cands)
        elapsed = time.process_time() - start
        return Evaluation(view.seat, unknown, cands[0], 0, stopped, elapsed, measure, False, empty)
    best = min(alive, key=lambda k: (statistics.fmean(costs[k]), k))
    estimates = []
    for k, action in enumerate(cands):
        xs = costs[k]
        mean = statistics.fmean(xs)
        se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
        loss, loss_se, _ = _paired(xs, costs[best]) if k != best else (0.0, 0.0, len(xs))
        estimates.append(Estimate(action, mean, se, len(xs), loss, loss_se))
    return Evaluation(
        view.seat,
        tuple(estimates),
        cands[best],
        n,
        stopped,
        time.process_time() - start,
        measure,
        plan.exact,
        tuple(tuple(c) for c in costs),
        steps,
    )


# -- sampling and rebuilding ---------------------------------------------------------------------


def sample_hidden(view: PlayerView, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """One deal of the unseen cards consistent with ``view``: every seat's hand (the seat's own
    as it is, the others at their sizes, each holding the cards it is known to have picked up)
    and the stock, top card first.

    Known pickups are dealt back to their seats before the rest is shuffled out: a player who
    took two 7s from the pile is building 7s, and a playout that forgets it would feed them a
    third for free."""
    unseen = unseen_counts(view.seen_cards(), view.rules, view.players)
    known: list[Counter[Card]] = [Counter() for _ in view.hand_sizes]
    for seat, cards in enumerate(view.picked_up):
        if seat != view.seat:
            known[seat] = Counter(cards)
    unseen.subtract(sum(known, Counter()))
    if min(unseen.values(), default=0) < 0:
        raise NotEvaluable("a card known to be held by another seat is not among the unseen")
    pool = list(unseen.elements())
    others = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
    others -= sum(k.total() for k in known)
    if len(pool) != others + view.stock_size:
        raise NotEvaluable(
            f"{len(pool)} cards are unseen but the other hands and the stock hold "
            f"{others + view.stock_size}"
        )
    rng.shuffle(pool)
    hands: list[list[Card]] = []
    k = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            held = list(known[seat].elements())
            free = size - len(held)
            hands.append(held + pool[k : k + free])
            k += free
    return hands, pool[k:]


def rebuild(
    view: PlayerView,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    seed: int,
    *,
    replay_down: bool = False,
    relay: tuple[int, End | None] | None = None,
) -> Game:
    """A game at ``view``'s decision whose hidden cards are ``hands`` (the seat's own as in the
    view) and ``stock`` (top first), built with public constructors only.

    Two ways back for a decision after drawing, by a seat that is down: ``replay_down`` stacks
    the table without the seat's melds and lays them with a ``GoDown`` after the draw (as when
    it went down this turn); ``relay=(k, end)`` stacks meld ``k`` without the card taken from the
    pile this turn and lays it off there again at ``end`` (as when it took the discard to lay it
    off). Raises :class:`NotEvaluable` when the moves that lead to the decision are refused.
    """
    seat, n = view.seat, view.players
    turn = view.turn_player
    hands = [list(h) for h in hands]
    table = list(view.table)
    top = view.discard_top
    stock = list(stock)
    lead: list[Action] = []
    if view.phase is Phase.PLAY:
        if seat != turn:
            raise NotEvaluable("a decision after drawing belongs to the player whose turn it is")
        taken = view.taken_discard
        mine = [m for m in table if m.owner == seat] if replay_down else []
        if replay_down and (not mine or len(mine) != len(view.contract.requirements)):
            raise NotEvaluable("the seat's melds are not its contract alone")
        hand = list(view.hand) + [c for m in mine for c in m.cards]
        if relay is not None:
            k, end = relay
            if taken is None or not 0 <= k < len(table):
                raise NotEvaluable("there is no card taken this turn to lay off again")
            table[k] = _without(table[k], taken, end, view)
            hand.append(taken)
        if taken is not None and taken in hand:
            hand.remove(taken)
            drawn = _pop_last(hand, view.rules.discard_draw_penalty, taken)
            stock = drawn + stock
            top = taken
            lead.append(TakeDiscard())
        else:
            stock = _pop_last(hand, 1, None) + stock
            lead.append(DrawStock())
        hands[seat] = hand
        if mine:
            lead.append(GoDown([m.cards for m in mine]))
        if relay is not None and taken is not None:
            lead.append(LayOff(taken, relay[0], relay[1]))
        mine_ids = {id(m) for m in mine}
        table = [m for m in table if id(m) not in mine_ids]
    elif view.phase is Phase.BUY:
        lead.append(DrawStock())
    elif view.phase is Phase.DRAW:
        if seat != turn:
            raise NotEvaluable("a draw belongs to the player whose turn it is")
    else:
        raise NotEvaluable(f"a {view.phase} decision is not evaluated by sampling")
    try:
        game = Game.from_deal(
            view.rules,
            hands,
            stock,
            top,
            deal=view.deal,
            dealer=(turn - 1) % n,
            seed=seed,
            names=view.names,
            complete=False,
            table=[(m.owner if m.owner is not None else seat, m.cards) for m in table],
        )
        for action in lead:
            game.apply(action)
            while game.phase is Phase.BUY and game.to_act != seat:
                game.apply(Pass())
    except (IllegalAction, LiverpoolError) as exc:
        raise NotEvaluable(f"the position cannot be rebuilt: {exc}") from None
    return game


def _without(meld: Meld, card: Card, end: End | None, view: PlayerView) -> Meld:
    """``meld`` before ``card`` was laid off at ``end`` (a set: its last card)."""
    cards = list(meld.cards)
    at = 0 if end == "low" else len(cards) - 1
    if cards[at] is not card:
        raise NotEvaluable(f"the {card} is not at that end of the meld")
    del cards[at]
    try:
        return Meld.build(meld.kind, cards, view.rules, owner=meld.owner)
    except IllegalAction as exc:
        raise NotEvaluable(f"the meld without the {card} is not a meld: {exc}") from None


def _routes(view: PlayerView) -> list[tuple[bool, tuple[int, End | None] | None]]:
    """The ways back to a decision worth trying (``replay_down``, ``relay``), likeliest first."""
    routes: list[tuple[bool, tuple[int, End | None] | None]] = [(False, None)]
    if view.phase is not Phase.PLAY or not view.is_down:
        return routes
    routes.append((True, None))
    taken = view.taken_discard
    if taken is not None and taken not in view.hand:
        for k, meld in enumerate(view.table):
            ends: list[End | None] = [None] if meld.kind is MeldKind.SET else ["low", "high"]
            for end in ends:
                at = 0 if end == "low" else -1
                if meld.cards[at] is taken:
                    routes += [(False, (k, end)), (True, (k, end))]
    return routes


def _pop_last(hand: list[Card], count: int, avoid: Card | None) -> list[Card]:
    """Take ``count`` cards off the end of ``hand`` (the cards drawn last), skipping ``avoid``."""
    drawn: list[Card] = []
    for card in reversed(list(hand)):
        if len(drawn) == count:
            break
        if card is not avoid:
            drawn.append(card)
    if len(drawn) < count:
        raise NotEvaluable("the hand is too small for the cards drawn this turn")
    for card in drawn:
        hand.remove(card)
    drawn.reverse()
    return drawn


@dataclass(frozen=True, slots=True)
class _Plan:
    replay_down: bool
    relay: tuple[int, End | None] | None
    exact: bool


def _find_plan(
    view: PlayerView,
    legal: Sequence[Action],
    cands: Sequence[Action],
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    seed: int,
) -> _Plan:
    """How to rebuild this decision: the first way whose view matches ``view`` and whose legal
    actions are exactly ``legal``, else the first that matches and allows every candidate."""
    close: _Plan | None = None
    why = "no way to rebuild it was found"
    for replay_down, relay in _routes(view):
        try:
            game = rebuild(view, hands, stock, seed, replay_down=replay_down, relay=relay)
        except NotEvaluable as exc:
            why = str(exc)
            continue
        problem = _mismatch(view, game.view(view.seat))
        if problem:
            why = f"the rebuilt position differs in {problem}"
            continue
        rebuilt = set(game.legal_actions())
        if rebuilt == set(legal):
            return _Plan(replay_down, relay, True)
        if close is None and all(a in rebuilt for a in cands):
            close = _Plan(replay_down, relay, False)
        why = "the rebuilt position allows different actions"
    if close is not None:
        return close
    raise NotEvaluable(f"this decision cannot be rebuilt from the view: {why}")


_MATCHED = (
    "phase",
    "to_act",
    "turn_player",
    "deal",
    "hand_sizes",
    "table",
    "stock_size",
    "down",
    "offer",
    "price",
    "taken_discard",
    "pending_wild",
    "may_lay_off",
    "discard_top",
)


def _mismatch(want: PlayerView, got: PlayerView) -> str | None:
    if Counter(want.hand) != Counter(got.hand):
        return "the hand"
    for name in _MATCHED:
        if name == "discard_top" and want.taken_discard is not None:
            continue  # rebuilt by taking the stacked upcard: the pile under it is empty
        if getattr(want, name) != getattr(got, name):
            return name.replace("_", " ")
    return None


# -- playouts and racing ------------------------------------------------------------------------


def _playout(game: Game, seat: int, deal: int, bot: Bot, measure: Measure) -> tuple[float, int]:
    """Play the deal to its end with ``bot`` at every seat; the cost for ``seat`` and the
    number of actions played."""
    steps = 0
    while not game.is_over and game.deal == deal:
        actor = game.to_act
        assert actor is not None
        game.apply(bot.act(game.view(actor), game.legal_actions()))
        steps += 1
        if steps > MAX_PLAYOUT_STEPS:
            raise RuntimeError("a playout did not finish its deal")
    points = game.deal_scores[0]
    if measure == "own":
        return float(points[seat]), steps
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - statistics.fmean(others), steps


def _paired(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, int]:
    m = min(len(xs), len(ys))
    diffs = [x - y for x, y in zip(xs[:m], ys[:m], strict=True)]
    if not diffs:
        return math.nan, math.inf, 0
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(m) if m > 1 else math.inf
    return mean, se, m


def _race(
    alive: list[int],
    costs: Sequence[Sequence[float]],
    n: int,
    budget: Budget,
    kept: set[int],
) -> list[int]:
    """The candidates still worth sampling after ``n`` shared samples (those in ``kept``
    stay while any other does)."""
    best = min(alive, key=lambda k: (statistics.fmean(costs[k][:n]), k))
    keep = [best]
    for k in alive:
        if k == best:
            continue
        if k in kept:
            keep.append(k)
            continue
        mean, se, _ = _paired(costs[k][:n], costs[best][:n])
        worse = mean - budget.z * se > 0
        same = abs(mean) + budget.z * se < budget.tolerance
        if not (worse or same):
            keep.append(k)
    return sorted(keep)


# -- words ----------------------------------------------------------------------------------------


def describe_action(action: Action, view: PlayerView) -> str:
    """The action in a learner's words, as a verb phrase: ``'discard the K♣'``, ``'take the 7♥'``,
    ``'draw from the stock'``, ``'buy the 7♥'``, ``'go down'``."""
    top = view.offer or view.discard_top
    if isinstance(action, TakeDiscard):
        return f"take the {top}" if top else "take the discard"
    if isinstance(action, DrawStock):
        return "draw from the stock"
    if isinstance(action, Buy):
        return f"buy the {top}" if top else "buy"
    if isinstance(action, Pass):
        return f"let the {top} go" if view.phase is Phase.BUY and top else "pass"
    if isinstance(action, Discard):
        return f"discard the {action.card}"
    if isinstance(action, GoDown):
        return "go down now"
    if isinstance(action, GoOut):
        return "go out with the whole hand"
    if isinstance(action, LayOff):
        if 0 <= action.meld < len(view.table):
            meld = view.table[action.meld]
            owner = meld.owner
            whose = "the" if owner is None else possessive(owner, view.seat, view.names)
            return f"lay the {action.card} on {whose} {meld.describe(view.rules)}"
        return f"lay off the {action.card}"
    if isinstance(action, SwapWild):
        return f"put your {action.card} in place of a wild on the table"
    return str(action)
