"""A review of every decision one player made in a saved game, as a coach would give it.

``review(record, seat)`` replays the record and, at each decision of ``seat``, takes only what
that seat could see — ``game.view(seat)`` and the legal actions — and asks
:func:`liverpool.evaluate.evaluate` to compare what the player did with the best alternatives
(the moves ExpertBot would consider). Each decision gets the move the evaluator prefers, the
**expected points lost** (the played move's expected cost minus the preferred one's, paired over
the same sampled deals; the cost is the seat's points for the deal minus the others' average),
a grade and one sentence. No other hand is ever read: the samples are drawn from the view alone,
so two games whose hidden cards differ but whose views of this seat are the same get the same
review.

Grades (``docs/review.md`` explains them for a learner):

=============  ================================================================================
good           under :data:`INACCURACY_FROM` points lost, or not told apart from the best move
               (a loss no larger than :data:`NOISE_Z` standard errors: a *close call* when
               the estimate is :data:`INACCURACY_FROM` or more and above one standard error)
inaccuracy     :data:`INACCURACY_FROM` to :data:`MISTAKE_FROM` points lost
mistake        :data:`MISTAKE_FROM` to :data:`BLUNDER_FROM` points lost
blunder        :data:`BLUNDER_FROM` points or more
=============  ================================================================================

Not every decision is sampled. Forced ones (a single legal action), cuts and calls are not
graded. Passing on a discard (or leaving it for the stock) when it would not bring the contract
closer, and laying off when ExpertBot would lay off too, are graded good without sampling: they
are the plain right move and sampling them would only spend the budget.

The summary gives the accuracy (the share of graded decisions that are good), the points lost
on the moves below good (close calls are counted apart, not as losses), the three costliest
moments (each with the seat's :class:`~liverpool.PlayerView` then, to draw the table as it was)
and what to practise: the kind of decision that lost the most points, and the lesson notebook
that teaches it (:data:`LESSONS`).
"""

from __future__ import annotations

import enum
import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

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
from .analysis import contract_distance
from .bots.basic import _fits
from .bots.expert import ExpertBot, gerund
from .cards import format_cards
from .evaluate import (
    EVALUATED_PHASES,
    Budget,
    Evaluation,
    Measure,
    NotEvaluable,
    describe_action,
    evaluate,
)
from .events import second_person
from .game import Game
from .state import Phase
from .view import PlayerView
from .words import counted

__all__ = [
    "BLUNDER_FROM",
    "DEFAULT_BUDGET",
    "INACCURACY_FROM",
    "LESSONS",
    "MISTAKE_FROM",
    "NOISE_Z",
    "NOTHING_GRADED",
    "NOTHING_TO_PRACTISE",
    "Decision",
    "Grade",
    "Practice",
    "Review",
    "format_decision",
    "format_review",
    "grade",
    "is_close_call",
    "review",
    "review_candidates",
]

INACCURACY_FROM = 2.0
"""Points lost from which a move is an inaccuracy (below it, good)."""
MISTAKE_FROM = 6.0
"""Points lost from which a move is a mistake."""
BLUNDER_FROM = 15.0
"""Points lost from which a move is a blunder."""
NOISE_Z = 2.0
"""A loss within this many standard errors of zero is not told apart from the best: good."""
NOTHING_TO_PRACTISE = "Nothing to practise: every graded move was good."
"""The summary's last line when no decision was graded below good."""

NOTHING_GRADED = (
    "No decision was graded: this seat has made none that the review grades (forced moves, "
    "cuts, calls and moves played for it are not graded), so there is no accuracy to give yet."
)
"""What a review with no graded decision says in place of an accuracy of 100%."""
REVIEW_DISCARDS = 3
"""The best discards (StrongBot's ranking) compared with the card the player threw."""

DEFAULT_BUDGET = Budget(samples=48, seconds=None, min_samples=12, batch=2, z=2.0, tolerance=0.5)
"""Per sampled decision: up to 48 shared sampled deals, no time cap (so a review is the same on
every machine)."""

LESSONS = {
    "buying": "08_buying",
    "going down": "06_contracts_and_going_down",
    "laying off": "07_laying_off_and_swapping_wilds",
    "discarding": "13_strategy_lab",
    "drawing": "13_strategy_lab",
}
"""The lesson notebook (in ``notebooks/``) that teaches each kind of decision."""


class Grade(enum.StrEnum):
    """How good a decision was (see the module docstring for the thresholds)."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def is_close_call(loss: float, stderr: float) -> bool:
    """Whether a move graded good lost enough to matter (:data:`INACCURACY_FROM` points or more)
    by an estimate more than one standard error from zero, yet within :data:`NOISE_Z` of them:
    the samples lean towards a loss without showing one. A smaller estimate, or one inside a
    single standard error, is a move about as good as the best."""
    return loss >= INACCURACY_FROM and loss > stderr


def grade(loss: float, stderr: float = 0.0) -> Grade:
    """The grade of a move that lost ``loss`` points on average (± ``stderr``)."""
    if loss < INACCURACY_FROM or loss <= NOISE_Z * stderr:
        return Grade.GOOD
    if loss < MISTAKE_FROM:
        return Grade.INACCURACY
    if loss < BLUNDER_FROM:
        return Grade.MISTAKE
    return Grade.BLUNDER


@dataclass(frozen=True)
class Decision:
    """One graded decision of the reviewed seat."""

    index: int
    """Its place in the record's actions (0-based)."""
    deal: int
    turn: int
    """The turn of the deal (1 is the first player's first turn)."""
    kind: str
    """``buying``, ``going down``, ``laying off``, ``discarding`` or ``drawing``."""
    view: PlayerView
    """What the seat saw then (draw the table from it)."""
    played: Action
    preferred: Action
    loss: float
    """Expected points lost by the played move against the preferred one (0 when they agree)."""
    loss_stderr: float
    grade: Grade
    why: str
    """One sentence for the learner."""
    samples: int
    """Sampled deals the loss rests on (0: graded without sampling, the plain right move)."""
    evaluation: Evaluation | None = field(default=None, repr=False, compare=False)

    @property
    def lesson(self) -> str:
        """The lesson notebook that teaches this kind of decision."""
        return LESSONS[self.kind]

    @property
    def close_call(self) -> bool:
        """Graded good only because the sampled deals disagree too much to call its estimated
        loss a loss, though it leans that way (:func:`is_close_call`): a larger budget may
        decide it. Said apart from a plainly good move, so that "23.6 lost, good" never stands
        unexplained beside "21.9 lost, blunder"."""
        return self.grade is Grade.GOOD and is_close_call(self.loss, self.loss_stderr)

    @property
    def because(self) -> str:
        """What in the position makes the preferred move better, as a clause ("the 10♣ was
        helping your contract and the 5♦ was not"); "" for a good move or when no plain reason
        can be read off the hand. :attr:`why` says it too; a picture that already shows the
        grade and the points lost needs only this."""
        if self.grade is Grade.GOOD:
            return ""
        return _because(self.view, self.played, self.preferred)

    @property
    def loss_figure(self) -> str:
        """The expected points lost with their spread, "6.2 ± 1.8" ("" when nothing was lost:
        the move preferred, or graded without sampling)."""
        if self.samples == 0 or self.loss == 0:
            return ""
        finite = math.isfinite(self.loss_stderr) and self.loss_stderr > 0
        return f"{self.loss:.1f}" + (f" ± {self.loss_stderr:.1f}" if finite else "")

    def lost_text(self) -> str:
        """The expected points lost as the terminal and the widget print them: "nothing lost",
        "6.2 ± 1.8 points lost", or for a close call "22.0 ± 17.5 points, not counted"."""
        if not self.loss_figure:
            return "nothing lost"
        if self.close_call:
            return f"{self.loss_figure} points, not counted"
        return f"{self.loss_figure} points lost"

    @property
    def preference(self) -> str:
        """What the review prefers, in the learner's words: ``"the same"`` when it agrees.

        A good move that is not the evaluator's pick was not told apart from it (or lost less
        than the least card), so naming the pick alone would read as advice to change a move
        that was fine; both are named instead: ``"yours, or discard the K♣ (about as good)"``,
        or ``"(too close to call)"`` for a :attr:`close_call`.
        """
        if self.preferred == self.played:
            return "the same"
        other = describe_action(self.preferred, self.view)
        if self.close_call:
            return f"yours, or {other} (too close to call)"
        if self.grade is Grade.GOOD:
            return f"yours, or {other} (about as good)"
        return other


@dataclass(frozen=True)
class Practice:
    """What to practise: the kind of decision that lost the most points, and its lesson."""

    kind: str
    lesson: str
    decisions: int
    points: float

    @property
    def lesson_title(self) -> str:
        """The lesson as the lessons' own list names it ("lesson 08 · Buying"), not as a path:
        a learner looks for a number and a title."""
        number, words = self.lesson.split("_", 1)
        return f"lesson {number} · {words.replace('_', ' ').capitalize()}"

    def sentence(self) -> str:
        """What to practise, and where, in one sentence for the learner."""
        return (
            f"Practise {self.kind}: {counted(self.decisions, 'decision')} of that kind lost "
            f"{self.points:.1f} points; {self.lesson_title} teaches it."
        )


@dataclass(frozen=True)
class Review:
    """Every graded decision of one seat, and the summary."""

    seat: int
    name: str
    rules: str
    decisions: tuple[Decision, ...]
    ungraded: int
    """Decisions of the seat not graded: forced, cuts and calls, moves played for the seat (a
    clock that ran out, an auto-pass: :attr:`Game.automatic <liverpool.Game.automatic>`), or
    not rebuildable."""
    budget: Budget
    complete: bool
    """False when the review was cancelled before the last decision."""
    total: int | None = None
    """Every decision of the seat in the record, graded or not (``None``: not counted)."""

    @property
    def looked_at(self) -> int:
        """The decisions the review went through: graded or not, up to where it stopped."""
        return len(self.decisions) + self.ungraded

    @property
    def _how_far(self) -> str:
        """ "The review was stopped after 21 of 99 decisions"."""
        of = f" of {self.total}" if self.total is not None else ""
        return f"The review was stopped after {self.looked_at}{of} decisions"

    def stopped_words(self) -> str:
        """Where a stopped review got to, for the learner: "The review was stopped after 21 of
        99 decisions: what follows covers part of the game." ("" for a complete review)."""
        if self.complete:
            return ""
        return f"{self._how_far}: what follows covers part of the game."

    def nothing_graded_words(self) -> str:
        """Why there is no accuracy to give: the review was stopped before it graded any
        decision (and how far it got), or the seat made none that the review grades
        (:data:`NOTHING_GRADED`)."""
        if not self.complete:
            return f"{self._how_far}, before it graded any, so there is no accuracy to give yet."
        return NOTHING_GRADED

    @property
    def close_calls(self) -> int:
        """Good moves the sampled deals could not tell from a better-looking one
        (:attr:`Decision.close_call`)."""
        return sum(d.close_call for d in self.decisions)

    @property
    def accuracy(self) -> float:
        """The share of graded decisions that were good (1.0 when none was graded)."""
        if not self.decisions:
            return 1.0
        return sum(d.grade is Grade.GOOD for d in self.decisions) / len(self.decisions)

    @property
    def points_lost(self) -> float:
        """Expected points lost over the decisions graded below good. A good move's estimated
        loss is left out: it is within the noise of the sampled deals (and the best of several
        noisy estimates always looks a little better than the rest), so summing those would
        charge a careful player for the sampler's luck."""
        return sum(d.loss for d in self.decisions if d.grade is not Grade.GOOD)

    def count(self, which: Grade) -> int:
        """How many graded decisions got the grade ``which``."""
        return sum(d.grade is which for d in self.decisions)

    def tally(self, separator: str = ", ") -> str:
        """Every grade counted, in English: "12 good, 0 inaccuracies, 1 mistake, 0 blunders"
        (the terminal and the widget say it alike, each with its own separator)."""
        return separator.join(_counted(self.count(g), g) for g in Grade)

    def lost_words(self) -> str:
        """The points lost, said as a learner reads them: "no move below good", or "23.5
        points lost on the 3 moves below good"."""
        below = len(self.decisions) - self.count(Grade.GOOD)
        if below == 0:
            said = "no move below good"
        else:
            said = f"{self.points_lost:.1f} points lost on the {counted(below, 'move')} below good"
        if self.close_calls:
            said += f" ({counted(self.close_calls, 'close call')} not counted)"
        return said

    def practise_words(self) -> str:
        """What to practise, in one sentence (or that nothing needs it)."""
        practice = self.practise
        return practice.sentence() if practice else NOTHING_TO_PRACTISE

    @property
    def costliest(self) -> tuple[Decision, ...]:
        """The three decisions that lost the most points (only those below good)."""
        bad = [d for d in self.decisions if d.grade is not Grade.GOOD]
        return tuple(sorted(bad, key=lambda d: (-d.loss, d.index))[:3])

    @property
    def practise(self) -> Practice | None:
        """The kind of decision that lost the most points, below good (``None``: all good)."""
        points: dict[str, float] = defaultdict(float)
        counts: dict[str, int] = defaultdict(int)
        for d in self.decisions:
            if d.grade is not Grade.GOOD:
                points[d.kind] += d.loss
                counts[d.kind] += 1
        if not points:
            return None
        kind = max(points, key=lambda k: (points[k], k))
        return Practice(kind, LESSONS[kind], counts[kind], points[kind])


# -- the review --------------------------------------------------------------------------------


def review(
    record: str | Game,
    seat: int,
    budget: Budget | int | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    seed: int = 0,
    measure: Measure = "relative",
) -> Review:
    """Review every decision ``seat`` made in ``record`` (a saved game's JSON text, or a
    :class:`~liverpool.Game`).

    ``budget`` is a :class:`~liverpool.evaluate.Budget` or a number of samples per decision
    (default :data:`DEFAULT_BUDGET`). ``progress(done, total)`` is called once with ``done=0``
    before the first decision of the seat (so a bar can start its clock and show the total),
    then after each one; ``cancel()`` returning true stops the review early (``complete`` is
    then false).
    A corrupt record raises :class:`~liverpool.RecordError`; a seat that is not at the table,
    :class:`~liverpool.SeatError`.
    """
    game = Game.from_json(record) if isinstance(record, str) else record
    seat = game.seat(seat)
    plan = _budget(budget)
    moments = _moments(game, seat)
    played_for = set(game.automatic)  # not the player's choice: nothing to grade
    decisions: list[Decision] = []
    ungraded = 0
    complete = True
    if progress is not None:
        progress(0, len(moments))
    for done, (index, turn, view, legal, played) in enumerate(moments):
        if cancel is not None and cancel():
            complete = False
            break
        decision = (
            None
            if index in played_for
            else _judge(index, turn, view, legal, played, plan, seed, measure, cancel)
        )
        if decision is None:
            ungraded += 1
        elif decision.evaluation is not None and decision.evaluation.stopped == "cancelled":
            complete = False
            break
        else:
            decisions.append(decision)
        if progress is not None:
            progress(done + 1, len(moments))
    return Review(
        seat,
        game.names[seat],
        game.rules.name,
        tuple(decisions),
        ungraded,
        plan,
        complete,
        len(moments),
    )


def _budget(budget: Budget | int | None) -> Budget:
    if budget is None:
        return DEFAULT_BUDGET
    if isinstance(budget, Budget):
        return budget
    samples = int(budget)
    return Budget(
        samples=samples,
        seconds=None,
        min_samples=min(DEFAULT_BUDGET.min_samples, max(2, samples)),
        batch=DEFAULT_BUDGET.batch,
        z=DEFAULT_BUDGET.z,
        tolerance=DEFAULT_BUDGET.tolerance,
    )


def _moments(game: Game, seat: int) -> list[tuple[int, int, PlayerView, list[Action], Action]]:
    """Each decision of ``seat``: its index, the turn of the deal, the seat's view, the legal
    actions and the move made.

    The record is replayed from its setup, and only ``view(seat)`` and the legal actions at the
    seat's own decisions (they depend on that seat's cards and the public table alone) are taken.
    """
    replay = Game.from_setup(game.setup)
    moments: list[tuple[int, int, PlayerView, list[Action], Action]] = []
    deal, first = 0, 0
    for index, (action, actor) in enumerate(zip(game.actions, game.actors, strict=True)):
        if replay.deal != deal:  # a new deal: number its turns from 1
            view = replay.view(seat)
            deal, first = replay.deal, view.turn_no - (0 if view.phase is Phase.CUT else 1)
        if actor == seat:
            view = replay.view(seat)
            moments.append((index, view.turn_no - first, view, replay.legal_actions(), action))
        replay.apply(action)
    return moments


def _judge(
    index: int,
    turn: int,
    view: PlayerView,
    legal: Sequence[Action],
    played: Action,
    budget: Budget,
    seed: int,
    measure: Measure,
    cancel: Callable[[], bool] | None,
) -> Decision | None:
    """The graded decision (``None``: not graded)."""
    if len(legal) < 2 or view.phase not in EVALUATED_PHASES:
        return None
    plain = _plainly_right(view, legal, played)
    if plain is not None:
        return _decision(index, turn, view, legal, played, played, 0.0, 0.0, 0, None, plain)
    candidates = review_candidates(view, legal, played, seed=seed * 1_000_003 + index)
    if len(candidates) < 2:
        return None
    try:
        result = evaluate(
            view,
            legal,
            candidates,
            budget=budget,
            seed=seed * 1_000_003 + index,
            measure=measure,
            cancel=cancel,
            keep=(played,),
        )
    except NotEvaluable:
        return None
    if result.stopped == "cancelled":
        return _decision(index, turn, view, legal, played, played, 0.0, 0.0, 0, result)
    mine = result.estimate(played)
    loss = max(0.0, mine.loss) if played != result.best else 0.0
    se = mine.loss_stderr if played != result.best else 0.0
    count = mine.samples
    return _decision(index, turn, view, legal, played, result.best, loss, se, count, result)


def _decision(
    index: int,
    turn: int,
    view: PlayerView,
    legal: Sequence[Action],
    played: Action,
    preferred: Action,
    loss: float,
    se: float,
    samples: int,
    result: Evaluation | None,
    plain: str = "",
) -> Decision:
    kind = _kind(view, legal, played, preferred)
    which = grade(loss, se if math.isfinite(se) else 0.0)
    if plain:
        why = f"Good: {plain}."
    else:
        why = _why(view, played, preferred, loss, se, samples, which, result)
    return Decision(
        index,
        view.deal,
        turn,
        kind,
        view,
        played,
        preferred,
        loss,
        se,
        which,
        why,
        samples,
        result,
    )


def review_candidates(
    view: PlayerView, legal: Sequence[Action], played: Action, *, seed: int = 0
) -> list[Action]:
    """The moves compared with ``played``: going down or out, ExpertBot's best lay-off, its
    best discards (StrongBot's ranking), taking or leaving the discard, buying or passing."""
    coach = ExpertBot(seed)
    found: list[Action] = [played]
    if view.phase in (Phase.DRAW, Phase.BUY):
        found += [a for a in legal if isinstance(a, (TakeDiscard, DrawStock, Buy, Pass, GoOut))]
        return list(dict.fromkeys(found))
    found += [a for a in legal if isinstance(a, (GoOut, GoDown))][:1]
    lay = [a for a in legal if isinstance(a, (LayOff, SwapWild))]
    if lay:
        strong = coach.strong_choice(view, legal)
        found.append(strong if isinstance(strong, (LayOff, SwapWild)) else lay[0])
    discards = [a.card for a in legal if isinstance(a, Discard)]
    found += [Discard(c) for c in coach.ranked_discards(view, discards)[:REVIEW_DISCARDS]]
    return list(dict.fromkeys(found))


def _plainly_right(view: PlayerView, legal: Sequence[Action], played: Action) -> str | None:
    """Why the move is good without sampling (``None``: it must be sampled): leaving a discard
    that would not bring the contract closer (or, once down, that cannot be laid off), and
    laying off when StrongBot would."""
    top = view.offer if view.phase is Phase.BUY else view.discard_top
    leaving = (view.phase is Phase.BUY and isinstance(played, Pass)) or (
        view.phase is Phase.DRAW and isinstance(played, DrawStock)
    )
    did = gerund(describe_action(played, view))
    if leaving and top is not None and not any(isinstance(a, GoOut) for a in legal):
        if view.is_down:
            if view.phase is Phase.BUY:
                return f"once you are down, buying only adds cards to your hand, so {did} was right"
            if not _fits(view, top):
                return f"the {top} plays nowhere on the table, so {did} was right"
            return None
        if view.rules.is_wild(top):
            return None
        rules, deal = view.rules, view.deal
        if contract_distance([*view.hand, top], rules, deal) >= contract_distance(
            view.hand, rules, deal
        ):
            return f"the {top} would not bring your contract closer, so {did} was right"
        return None
    if isinstance(played, (LayOff, SwapWild)) and view.pending_wild is None:
        if any(isinstance(a, (GoDown, GoOut)) for a in legal):
            return None
        strong = ExpertBot(0).strong_choice(view, legal)
        if isinstance(strong, (LayOff, SwapWild)):
            return f"{did} takes its points out of your hand at no cost"
    return None


def _kind(view: PlayerView, legal: Sequence[Action], played: Action, preferred: Action) -> str:
    if view.phase is Phase.BUY:
        return "buying"
    if any(isinstance(a, (GoDown, GoOut)) for a in legal):
        return "going down"
    if view.phase is Phase.DRAW:
        return "drawing"
    if isinstance(played, (LayOff, SwapWild)) or isinstance(preferred, (LayOff, SwapWild)):
        return "laying off"
    return "discarding"


def _why(
    view: PlayerView,
    played: Action,
    preferred: Action,
    loss: float,
    se: float,
    samples: int,
    which: Grade,
    result: Evaluation | None,
) -> str:
    did = gerund(describe_action(played, view))
    if samples == 0 or result is None:
        return f"Good: {did} was the plain right move here."
    deals = f"over {samples} sampled deal{'s' if samples != 1 else ''}"
    if played == preferred:
        tried = len(result.estimates)
        return f"Good: {did} was the best of the {tried} moves tried {deals}."
    better = gerund(describe_action(preferred, view))
    if which is Grade.GOOD and is_close_call(loss, se):
        return (
            f"Good, but too close to call: {better} looked {loss:.1f} ± {se:.1f} points better "
            f"than {did} {deals}, too uncertain to count as a loss (a larger budget may settle "
            "it)."
        )
    if which is Grade.GOOD:
        return f"Good: {did} did about as well as {better} {deals}."
    because = _because(view, played, preferred)
    return (
        f"{which.value.capitalize()}: {better} would have cost {loss:.1f} points less on "
        f"average than {did}, {deals}{'; ' + because if because else ''}."
    )


def _because(view: PlayerView, played: Action, preferred: Action) -> str:
    """A clause saying what, in the position, makes the preferred move better ("" when no plain
    reason can be read off the hand)."""
    rules, deal, hand = view.rules, view.deal, list(view.hand)
    top = view.offer if view.phase is Phase.BUY else view.discard_top
    if isinstance(preferred, (GoDown, GoOut)) and not isinstance(played, (GoDown, GoOut)):
        return "every card still in your hand counts against you when someone goes out"
    helps = top is not None and contract_distance([*hand, top], rules, deal) < contract_distance(
        hand, rules, deal
    )
    if isinstance(preferred, (Buy, TakeDiscard)) and isinstance(played, (Pass, DrawStock)):
        return f"the {top} brings your contract closer" if helps else ""
    if isinstance(played, Buy) and isinstance(preferred, Pass):
        return "a bought card comes with an extra card from the stock, more points to hold"
    if isinstance(played, TakeDiscard) and isinstance(preferred, DrawStock) and not helps:
        return f"the {top} does not bring your contract closer"
    if isinstance(played, Discard) and isinstance(preferred, Discard):
        thrown, kept = played.card, preferred.card
        without_thrown, without_kept = list(hand), list(hand)
        without_thrown.remove(thrown)
        without_kept.remove(kept)
        if view.is_down:
            if rules.card_points(kept) > rules.card_points(thrown):
                return f"the {kept} is worth more points to be caught holding"
            return ""
        if contract_distance(without_thrown, rules, deal) > contract_distance(
            without_kept, rules, deal
        ):
            return f"the {thrown} was helping your contract and the {kept} was not"
        if rules.card_points(kept) > rules.card_points(thrown):
            return f"the {kept} is worth more points to be caught holding"
    return ""


# -- words for a terminal --------------------------------------------------------------------


def format_decision(d: Decision) -> str:
    """One graded decision as two lines of text: where it was, what the player did, what the
    review prefers, the expected points lost and the grade; then the sentence why."""
    did = describe_action(d.played, d.view)
    return (
        f"Deal {d.deal}, turn {d.turn} ({d.kind}): you chose to {did}; preferred: {d.preference}; "
        f"{d.lost_text()}; {d.grade.value}.\n    {d.why}"
    )


def format_review(result: Review, *, every: bool = True) -> str:
    """The review as text: each graded decision (only those below good unless ``every``),
    then the summary: the accuracy, the three costliest moments with the table as the seat saw
    it, and what to practise."""
    b = result.budget
    lines = [
        # "Review of your play" for a player called You (the default name), as the widget says
        second_person(f"Review of {result.name}'s play (seat {result.seat}), ", "You")
        + f"{result.rules} rules: "
        f"{counted(len(result.decisions), 'decision')} graded, {result.ungraded} not graded "
        "(forced, calls, played for you, or positions the review cannot recreate); up to "
        f"{b.samples} sampled deals per decision.",
    ]
    lines.append("")
    if not result.decisions:
        lines.append(result.nothing_graded_words())
        return "\n".join(lines)
    if not result.complete:
        lines[-1:-1] = [result.stopped_words()]
    shown = [d for d in result.decisions if every or d.grade is not Grade.GOOD]
    lines.extend(format_decision(d) for d in shown)
    if not shown:
        lines.append("Every graded decision was good.")
    lines.append("")
    accuracy = f"Accuracy {100 * result.accuracy:.0f}%"
    lines.append(f"{accuracy} ({result.tally()}); {result.lost_words()}.")
    if result.costliest:
        lines.append("")
        lines.append("The costliest moments:")
        for k, d in enumerate(result.costliest, 1):
            lines.append(f"{k}. Deal {d.deal}, turn {d.turn} ({d.kind}, {d.grade.value}): {d.why}")
            lines.extend("   " + line for line in _table_lines(d.view))
    lines.append("")
    lines.append(result.practise_words())
    return "\n".join(lines)


def _counted(n: int, which: Grade) -> str:
    if which is Grade.GOOD:
        return f"{n} {which.value}"
    return counted(n, which.value, "inaccuracies" if which is Grade.INACCURACY else None)


def _table_lines(view: PlayerView) -> list[str]:
    rules = view.rules
    lines = [f"Your hand: {format_cards(sorted(view.hand))}"]  # sorted, as the table shows it
    top = view.offer or view.discard_top
    lines.append(
        f"Top discard: {top if top else 'none'}; stock: {counted(view.stock_size, 'card')}"
    )
    for meld in view.table:
        owner = meld.owner if meld.owner is not None else view.seat
        who = "you" if owner == view.seat else view.names[owner]
        lines.append(f"On the table ({who}): {meld.describe(rules)}, {format_cards(meld.cards)}")
    sizes = ", ".join(
        f"{name} {size}"
        for s, (name, size) in enumerate(zip(view.names, view.hand_sizes, strict=True))
        if s != view.seat
    )
    lines.append(f"Cards held by the others: {sizes}")
    return lines
