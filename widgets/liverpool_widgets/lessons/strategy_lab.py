"""``StrategyLab``: simulate many deals between bots and plot what happens (matplotlib).

Three experiments, each a set of single deals dealt from seeded shuffles (the same seed gives
the same numbers on every machine):

* ``"going_down"`` — the chance a player has gone down by their N-th turn, one curve per deal
  (four basic bots); with ``hand=`` set, the curve of one starting hand (seat 0 always holds it).
* ``"buying"`` — the value of buying: seat 0 is a basic bot that buys, or one that never buys,
  on the very same deals; compare its points and how often it goes down.
* ``"levels"`` — the random, basic and strong bots at one table (seats rotated each deal).
  The expert bot sits out (:data:`LAB_LEVELS` says why).

Before running, the learner may guess the answer to the experiment's question; the lab says at
once whether the simulation agrees. Python twin::

    lab = StrategyLab("going_down", trials=20, seed=1)
    lab.run()             # fills lab.results; a progress bar moves while it runs
    print(lab.summary())  # the numbers as text (deterministic)
    lab.figure()          # a matplotlib Figure
"""

from __future__ import annotations

import base64
import io
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypedDict, cast

import ipywidgets as widgets  # type: ignore[import-untyped]

import liverpool as lp
from liverpool.actions import Action, Pass
from liverpool.bots import BasicBot, Bot, for_seats, make, seat_seed
from liverpool.errors import quoted
from liverpool.events import EventKind

from ..picture import BoxPicture
from ._panel import (
    Handler,
    LessonPanel,
    Message,
    MessageKind,
    as_rules,
    button,
    h,
    option,
    plain,
    rules_select,
    text_of,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "EXPERIMENTS",
    "LAB_LEVELS",
    "DealStats",
    "NoBuyBot",
    "StrategyLab",
    "bot_levels",
    "buying_value",
    "going_down_curves",
    "play_deal",
]

EXPERIMENTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "going_down": ("Which of these deals is hardest to go down in?", ()),
    "buying": (
        "Does buying help a player (fewer points at the end of the deal)?",
        ("buying helps", "buying hurts"),
    ),
    "levels": (
        "Which bot ends the deals with the fewest points? (The slowest bot, expert, is left "
        "out: one of its matches takes about a minute.)",
        ("random", "basic", "strong"),
    ),
}
"""Each experiment's question for the learner, and the possible guesses (for going down:
one per deal simulated, ``"deal 1"`` …)."""

MAX_TURNS = 12
"""The going-down curves follow each player's first 12 turns."""

Progress = Callable[[int, int], None]


class Outcome(TypedDict):
    """One seat's means over the deals of the buying experiment."""

    points: float
    """Points at the end of the deal."""
    down: float
    """The share of deals it went down in."""
    buys: float
    """Buys per deal."""


class LevelOutcome(TypedDict):
    """One bot level's means over the deals of the levels experiment."""

    points: float
    down: float


Curves = dict[int, list[float]]
"""Per deal, the share of players down by their turn 1, 2, … :data:`MAX_TURNS`."""
BuyingResults = dict[int, dict[str, Outcome]]
"""Per deal, seat 0 as ``"buys"`` and as ``"never buys"``."""
LevelResults = dict[str, LevelOutcome]
"""Per bot level of :data:`LAB_LEVELS`."""

LAB_LEVELS: tuple[str, ...] = EXPERIMENTS["levels"][1]
"""The bot levels the lab compares: the quick ones only. ExpertBot (the registry's ``"expert"``)
plays out each close decision over sampled deals, so one of its matches takes about 30 s of CPU
where the others take well under a second; a lab run must stay a few seconds, so the lab leaves
it out and ``liverpool simulate --bots expert,strong,strong,strong`` measures it instead."""
Results = Curves | BuyingResults | LevelResults


class ProgressBar(Protocol):
    """What the lab uses of an ``ipywidgets.IntProgress`` (ipywidgets has no types)."""

    value: int
    max: int
    bar_style: str
    layout: Any


class LabState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    experiment: str
    rules: str
    deals: tuple[int, ...]
    trials: int
    guess: str | None
    answer: str | None
    progress: tuple[int, int]
    feedback: str
    ok: bool | None


class NoBuyBot(BasicBot):
    """A basic bot that never buys (to measure what buying is worth)."""

    name = "no-buy"

    def _buy(self, view: lp.PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        del view
        if any(isinstance(a, Pass) for a in legal):
            return Pass(), "Never buy."
        return legal[0], "Never buy."

    def __repr__(self) -> str:
        return "NoBuyBot()"


@dataclass
class DealStats:
    """What one simulated deal did, per seat."""

    down_turn: list[int | None]
    """The player's own turn number when they went down (``None``: never)."""
    points: list[int]
    """Points at the end of the deal."""
    buys: list[int] = field(default_factory=list)


def play_deal(
    rules: lp.Rules | str,
    deal: int,
    bots: Sequence[Bot],
    seed: int,
    *,
    hand: Sequence[lp.Card] | None = None,
    max_turns: int | None = None,
) -> DealStats:
    """Play one deal from a seeded shuffle, one bot per seat; seat 0 holds ``hand`` when given.

    With ``max_turns`` the deal is stopped once every player has had that many turns (points
    are then those of the hands at that moment)."""
    value = as_rules(rules)
    players = len(bots)
    shoe = value.build_shoe(players)
    rng = random.Random(seed)
    k = value.cards_dealt(deal)
    hands: list[list[lp.Card]] = []
    if hand is not None:
        for card in hand:
            shoe.remove(card)
        rng.shuffle(shoe)
        hands.append(list(hand))
        players_left = players - 1
    else:
        rng.shuffle(shoe)
        players_left = players
    for _ in range(players_left):
        hands.append(shoe[:k])
        shoe = shoe[k:]
    upcard, stock = shoe[0], shoe[1:]
    game = lp.Game.from_deal(
        value, hands, stock=stock, upcard=upcard, deal=deal, dealer=players - 1, seed=seed
    )
    turns = [0] * players
    down: list[int | None] = [None] * players
    buys = [0] * players
    last: tuple[int, int] | None = None
    while not game.is_over and game.deal == deal:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        key = (view.turn_player, view.turn_no)
        if key != last:
            last = key
            turns[view.turn_player] += 1
            if max_turns is not None and min(turns) > max_turns:
                break
        action = bots[seat].act(view, game.legal_actions())
        events = game.apply(action)
        buys_now = [e.player for e in events if e.kind is EventKind.BUY and e.player is not None]
        for buyer in buys_now:
            buys[buyer] += 1
        if game.is_over or game.deal != deal:
            break
        for s in range(players):
            if down[s] is None and game.is_down(s):
                down[s] = turns[s]
    if game.deal == deal and not game.is_over:
        points = [lp.hand_points(game.hand(s), value) for s in range(players)]
    else:
        points = list(game.deal_scores[-1]) if game.deal_scores else [0] * players
    for s, d in enumerate(down):
        if d is None and points[s] == 0:
            down[s] = turns[s]  # went down and out in one go
    return DealStats(down, points, buys)


def _curve(stats: Sequence[DealStats], seats: Sequence[int] | None = None) -> list[float]:
    """Share of players down by their turn 1..MAX_TURNS."""
    samples = [s.down_turn[seat] for s in stats for seat in (seats or range(len(s.down_turn)))]
    n = len(samples) or 1
    return [
        sum(1 for d in samples if d is not None and d <= t) / n for t in range(1, MAX_TURNS + 1)
    ]


def going_down_curves(
    rules: lp.Rules | str,
    deals: Sequence[int],
    trials: int,
    seed: int = 0,
    *,
    players: int = 4,
    hand: Sequence[lp.Card] | None = None,
    progress: Progress | None = None,
) -> dict[int, list[float]]:
    """For each deal: the share of players down by their own turn 1, 2, … (basic bots).
    With ``hand``, only seat 0 (holding that hand every time) is counted."""
    total, done = len(deals) * trials, 0
    curves: Curves = {}
    for deal in deals:
        stats = []
        for t in range(trials):
            deal_seed = _deal_seed(seed, deal, t)
            bots = _table("basic", players, deal_seed)
            stats.append(play_deal(rules, deal, bots, deal_seed, hand=hand, max_turns=MAX_TURNS))
            done += 1
            if progress:
                progress(done, total)
        curves[deal] = _curve(stats, [0] if hand is not None else None)
    return curves


def buying_value(
    rules: lp.Rules | str,
    deals: Sequence[int],
    trials: int,
    seed: int = 0,
    *,
    players: int = 4,
    progress: Progress | None = None,
) -> BuyingResults:
    """For each deal, seat 0 as a buying basic bot and as a never-buying one, on the same
    shuffles: ``{deal: {"buys": {...}, "never buys": {...}}}`` with mean ``points``, the share
    ``down`` that went down, and mean ``buys``."""
    total, done = len(deals) * trials * 2, 0
    out: BuyingResults = {}
    for deal in deals:
        out[deal] = {}
        for label in ("buys", "never buys"):
            stats = []
            for t in range(trials):
                deal_seed = _deal_seed(seed, deal, t)
                bots = _table("basic", players, deal_seed)
                if label == "never buys":
                    bots[0] = NoBuyBot(seat_seed(deal_seed, 0))
                stats.append(play_deal(rules, deal, bots, deal_seed))
                done += 1
                if progress:
                    progress(done, total)
            out[deal][label] = {
                "points": sum(s.points[0] for s in stats) / trials,
                "down": sum(1 for s in stats if s.down_turn[0] is not None) / trials,
                "buys": sum(s.buys[0] for s in stats) / trials,
            }
    return out


def _deal_seed(seed: int, deal: int, trial: int) -> int:
    """The shuffle of one simulated deal: the same for every experiment and bot."""
    return seed * 10_007 + deal * 1_009 + trial


def _table(level: str, players: int, deal_seed: int) -> list[Bot]:
    """A bot of ``level`` at every seat, from the bot registry (seeded from the deal's seed)."""
    bots = for_seats(level, range(players), deal_seed)
    return [bots[seat] for seat in range(players)]


def bot_levels(
    rules: lp.Rules | str,
    deals: Sequence[int],
    trials: int,
    seed: int = 0,
    *,
    progress: Progress | None = None,
) -> LevelResults:
    """Every bot level of :data:`LAB_LEVELS` at one table (seats rotated each deal), made by
    the bot registry: mean points per deal and the share of deals each went down in."""
    levels = LAB_LEVELS
    points = dict.fromkeys(levels, 0.0)
    down = dict.fromkeys(levels, 0.0)
    total, done = len(deals) * trials, 0
    for deal in deals:
        for t in range(trials):
            deal_seed = _deal_seed(seed, deal, t)
            order = [levels[(i + t) % len(levels)] for i in range(len(levels))]
            bots = [make(name, seat_seed(deal_seed, seat)) for seat, name in enumerate(order)]
            stats = play_deal(rules, deal, bots, deal_seed)
            for seat, name in enumerate(order):
                points[name] += stats.points[seat]
                down[name] += stats.down_turn[seat] is not None
            done += 1
            if progress:
                progress(done, total)
    n = max(1, total)
    return {name: {"points": points[name] / n, "down": down[name] / n} for name in levels}


class _LabPanel(LessonPanel):
    """The lab's controls, feedback and plot (the progress bar sits beside it)."""

    def __init__(self, lab: StrategyLab) -> None:
        self._lab = lab
        super().__init__()

    def _render(self) -> str:
        return self._lab._render()

    @property
    def rules(self) -> lp.Rules:
        """The lab's rules (the panel keeps none of its own)."""
        return self._lab.rules

    def set_rules(self, rules: lp.Rules | str) -> str:
        return self._lab.set_rules(rules)

    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.EXPERIMENT: text_of("value", self._lab.set_experiment),
            MessageKind.TRIALS: self._on_trials,
            MessageKind.GUESS: text_of("value", self._lab.guess),
            MessageKind.RUN: plain(self._lab.run),
        }

    def _on_trials(self, message: Message) -> None:
        value = self._int(message, "value")
        if value is None or not 1 <= value <= 500:
            self.say(None, "Pick between 1 and 500 deals per point.")
            return
        self._lab.trials = value


class StrategyLab(BoxPicture, widgets.VBox):  # type: ignore[misc]
    """Simulate deals between bots, then plot: going down by turn N, the value of buying, bot
    levels compared. ``StrategyLab(experiment="going_down", rules="house", deals=(1, 4, 7),
    trials=20, seed=0, hand=None)``; small defaults keep a run to a few seconds. ``trials``
    (deals simulated per point) is a whole number from 1 up."""

    def __init__(
        self,
        experiment: str = "going_down",
        rules: lp.Rules | str = "house",
        *,
        deals: Sequence[int] = (1, 4, 7),
        trials: int = 20,
        seed: int = 0,
        hand: Sequence[lp.Card | str] | str | None = None,
    ) -> None:
        if experiment not in EXPERIMENTS:
            raise ValueError(
                f"experiment must be one of {', '.join(EXPERIMENTS)}, not {experiment!r}"
            )
        self.experiment = experiment
        self._rules = as_rules(rules)
        self.deals = tuple(deals)
        for d in self.deals:
            if not 1 <= d <= self._rules.deals:
                raise ValueError(f"deal must be 1 to {self._rules.deals}, not {d!r}")
        if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
            # zero trials would still "answer" the question, from no deal at all
            raise ValueError(f"trials must be a whole number from 1 up, not {quoted(trials)}")
        self.trials = trials
        self.seed = seed
        self.hand = None if hand is None else lp.parse_cards(hand)
        self.results: Results | None = None
        self._guess: str | None = None
        self._png = ""
        self.progress: ProgressBar = widgets.IntProgress(
            value=0, min=0, max=1, description="Simulating", bar_style="info"
        )
        self.progress.layout.visibility = "hidden"
        self.panel = _LabPanel(self)
        super().__init__([self.panel, self.progress])
        self.panel.say(None, self._question() + " Pick your guess, then press Run.")
        self.panel.redraw()

    # -- the Python API --------------------------------------------------------------------------
    @property
    def rules(self) -> lp.Rules:
        return self._rules

    @property
    def feedback(self) -> str:
        return str(self.panel.feedback)

    @property
    def ok(self) -> bool | None:
        return self.panel.ok

    def set_experiment(self, experiment: str) -> str:
        if experiment not in EXPERIMENTS:
            self.panel.say(None, f"Pick an experiment: {', '.join(EXPERIMENTS)}.")
        else:
            self.experiment = experiment
            self.results = None
            self._guess = None
            self._png = ""
            self.panel.say(None, self._question() + " Pick your guess, then press Run.")
        self.panel.redraw()
        return self.feedback

    def set_rules(self, rules: lp.Rules | str) -> str:
        self._rules = as_rules(rules)
        self.deals = tuple(d for d in self.deals if d <= self._rules.deals) or (1,)
        self.results = None
        self._png = ""
        self.panel.say(None, f"Rules: {self._rules.name}. Press Run to simulate again.")
        self.panel.redraw()
        return self.feedback

    def guess(self, choice: str) -> str:
        """The learner's guess at the experiment's question (checked when results exist)."""
        choices = self.choices()
        if choice not in choices:
            self.panel.say(None, f"Pick one of: {', '.join(choices)}.")
        else:
            self._guess = choice
            if self.results is None:
                self.panel.say(None, f"Your guess: {choice}. Now press Run to find out.")
            else:
                self._judge()
        self.panel.redraw()
        return self.feedback

    def run(self) -> str:
        """Simulate (the progress bar moves), plot, and check the learner's guess."""
        self.progress.value = 0
        self.progress.layout.visibility = "visible"

        def tick(done: int, total: int) -> None:
            self.progress.max = max(1, total)
            self.progress.value = done

        rules = self._rules
        if self.experiment == "going_down":
            self.results = going_down_curves(
                rules, self.deals, self.trials, self.seed, hand=self.hand, progress=tick
            )
        elif self.experiment == "buying":
            self.results = buying_value(rules, self.deals, self.trials, self.seed, progress=tick)
        else:
            self.results = bot_levels(rules, self.deals, self.trials, self.seed, progress=tick)
        self.progress.bar_style = "success"
        self._png = _png(self.figure())
        self._judge()
        self.panel.redraw()
        return self.feedback

    def choices(self) -> tuple[str, ...]:
        """The guesses the learner may make for this experiment."""
        if self.experiment == "going_down":
            return tuple(f"deal {d}" for d in self.deals)
        return EXPERIMENTS[self.experiment][1]

    def answer(self) -> str | None:
        """The experiment's answer according to the results (``None`` before a run)."""
        r = self.results
        if r is None:
            return None
        choices = self.choices()
        if self.experiment == "going_down":
            curves = cast(Curves, r)
            # hardest: the deal whose curve is lowest on average
            return f"deal {min(curves, key=lambda d: (sum(curves[d]), -d))}"
        if self.experiment == "buying":
            buying = cast(BuyingResults, r)
            with_buy = sum(v["buys"]["points"] for v in buying.values())
            without = sum(v["never buys"]["points"] for v in buying.values())
            return choices[0] if with_buy < without else choices[1]
        levels = cast(LevelResults, r)
        return min(levels, key=lambda name: levels[name]["points"])

    def summary(self) -> str:
        """The results as text (deterministic for a seed; no figure)."""
        r = self.results
        if r is None:
            return "No results yet: call run()."
        name = self._rules.name
        lines: list[str] = []
        if self.experiment == "going_down":
            who = "seat 0 holding the given hand" if self.hand else "all players"
            lines.append(f"Share of {who} down by their turn N ({name}, {self.trials} deals each):")
            lines.append("deal  " + " ".join(f"{t:>4}" for t in range(1, MAX_TURNS + 1)))
            for deal, curve in cast(Curves, r).items():
                lines.append(f"{deal:>4}  " + " ".join(f"{p:4.2f}" for p in curve))
        elif self.experiment == "buying":
            lines.append(f"Seat 0 that buys vs never buys ({name}, {self.trials} deals each):")
            for deal, pair in cast(BuyingResults, r).items():
                for label, v in pair.items():
                    lines.append(
                        f"deal {deal} {label:<10}: {v['points']:6.1f} points, "
                        f"down {100 * v['down']:3.0f}%, {v['buys']:.1f} buys"
                    )
        else:
            lines.append(f"Bots at one table of three ({name}, {self.trials} deals per deal):")
            for level, outcome in cast(LevelResults, r).items():
                points, down = outcome["points"], 100 * outcome["down"]
                lines.append(f"{level:<7}: {points:6.1f} points, down {down:3.0f}%")
            lines.append(
                "(To add the expert bot, run in a terminal: liverpool simulate --bots "
                "expert,strong,strong,strong)"
            )
        lines.append(f"Answer: {self.answer()}.")
        return "\n".join(lines)

    def figure(self) -> Figure:
        """The results as a matplotlib Figure (not attached to pyplot)."""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(6.4, 3.6), dpi=80)
        ax = fig.add_subplot()
        r = self.results
        name = self._rules.name
        if r is None:
            ax.text(0.5, 0.5, "Press Run", ha="center", va="center")
            ax.set_axis_off()
            return fig
        if self.experiment == "going_down":
            turns = list(range(1, MAX_TURNS + 1))
            for deal, curve in cast(Curves, r).items():
                ax.plot(
                    turns,
                    [100 * p for p in curve],
                    marker="o",
                    label=f"deal {deal}: {self._rules.contract(deal).short()}",
                )
            ax.set_xlabel("the player's turn")
            ax.set_ylabel("% down by then")
            ax.set_ylim(0, 100)
            ax.set_title(f"Going down by turn N ({name})")
            ax.legend(fontsize=8)
        elif self.experiment == "buying":
            buying = cast(BuyingResults, r)
            deals = list(buying)
            x = range(len(deals))
            ax.bar(
                [i - 0.2 for i in x],
                [buying[d]["buys"]["points"] for d in deals],
                0.4,
                label="buys",
            )
            ax.bar(
                [i + 0.2 for i in x],
                [buying[d]["never buys"]["points"] for d in deals],
                0.4,
                label="never buys",
            )
            ax.set_xticks(list(x), [f"deal {d}" for d in deals])
            ax.set_ylabel("mean points at the end (lower is better)")
            ax.set_title(f"The value of buying ({name})")
            ax.legend(fontsize=8)
        else:
            levels = cast(LevelResults, r)
            ax.bar(
                list(levels), [levels[k]["points"] for k in levels], color=["#999", "#4a7", "#27c"]
            )
            ax.set_ylabel("mean points per deal (lower is better)")
            ax.set_title(f"Bot levels compared ({name})")
        fig.tight_layout()
        return fig

    @property
    def state(self) -> LabState:
        return {
            "experiment": self.experiment,
            "rules": self._rules.name,
            "deals": self.deals,
            "trials": self.trials,
            "guess": self._guess,
            "answer": self.answer(),
            "progress": (self.progress.value, self.progress.max),
            "feedback": self.feedback,
            "ok": self.ok,
        }

    def __repr__(self) -> str:
        return (
            f"StrategyLab(experiment={self.experiment!r}, rules={self._rules.name!r}, "
            f"deals={self.deals!r}, trials={self.trials}, seed={self.seed}, "
            f"ran={self.results is not None})"
        )

    # -- internals -------------------------------------------------------------------------------
    def _question(self) -> str:
        return EXPERIMENTS[self.experiment][0]

    def _judge(self) -> None:
        answer = self.answer()
        found = f"The simulation says: {answer}."
        if self._guess is None:
            self.panel.say(None, f"{self._question()} {found}")
        elif self._guess == answer:
            self.panel.say(True, f"You guessed {self._guess}, and the simulation agrees. {found}")
        else:
            self.panel.say(
                False,
                f"You guessed {self._guess}, but the simulation disagrees. {found} Look at the "
                "plot: more deals (trials) make the answer surer.",
            )

    def _render(self) -> str:
        question = EXPERIMENTS[self.experiment][0]
        choices = self.choices()
        experiments = "".join(
            option(k, k.replace("_", " "), selected=k == self.experiment) for k in EXPERIMENTS
        )
        guesses = "".join(
            button(
                c,
                MessageKind.GUESS,
                f"guess-{c.replace(' ', '-')}",
                value=c,
                primary=c == self._guess,
            )
            for c in choices
        )
        controls = (
            '<div class="lp-row"><label>Experiment: '
            f'<select data-action="{MessageKind.EXPERIMENT}" data-testid="experiment">'
            f"{experiments}</select></label> {rules_select(self._rules)} "
            '<label class="lp-muted">deals per point: '
            f'<input type="text" data-action="{MessageKind.TRIALS}" data-testid="trials" '
            f'value="{self.trials}" size="4" style="min-width:3em"></label> '
            f"{button('Run', MessageKind.RUN, 'run', primary=True)}</div>"
            f'<div class="lp-row"><span>{h(question)}</span> {guesses}</div>'
        )
        plot = ""
        if self._png:
            plot = (
                f'<img data-testid="plot" alt="{h(self.summary())}" '
                f'src="data:image/png;base64,{self._png}">'
            )
        text = f'<pre data-testid="summary">{h(self.summary())}</pre>' if self.results else ""
        return self.panel._panel("Strategy lab", controls + plot + text, "strategy-lab")


def _png(fig: Figure) -> str:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return base64.b64encode(buf.getvalue()).decode("ascii")
