"""A whole match at one table: ``play()`` against bots, and ``Replay`` of any saved match.

``play()`` returns a :class:`MatchTable`: a :class:`~liverpool_widgets.CardTable` for the human
seat, with bots in the other seats, a pace slider, Save and Resume. Bots move one action at a
time at a readable pace, driven by the kernel's own event loop (``loop.call_later``): nothing
runs in another thread, so a click and a bot move can never interleave. With ``pace=0``, or
where no event loop is running (a plain script, a test), the bots move at once, before the
call that let them move returns.

Undo takes back the human's last action: the match is replayed from its start up to just
before that action (the engine replays exactly: same seed, same actions, same cards).

At the end of each deal the table shows the end-of-deal panel (who went out and with what,
every hand left with its points, the score pad) and the bots wait until the player presses
Next deal; at the end of the match the panel names the winners.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

import liverpool as lp
from liverpool.actions import Action
from liverpool.errors import quoted
from liverpool.setup import bot_names
from liverpool.table_model import AutoPass, phrase
from liverpool.table_session import NOTHING_TO_UNDO
from liverpool.words import counted

from .picture import BoxPicture
from .review import Review
from .saved_game import game_of
from .table import CardTable, check_game, running_loop

__all__ = [
    "LEVELS",
    "MatchTable",
    "Replay",
    "check_opponents",
    "check_pace",
    "play",
]

LEVELS = lp.bots.LEVELS
"""The bot levels ``play(level=...)`` accepts (the bot registry's)."""

QUICK = 0.35
"""Out-of-turn passes (not buying, not calling) take this share of the pace."""


def under_voila() -> bool:
    """Whether this kernel runs a Voila app (Voila puts its addresses in the kernel's
    environment)."""
    return any(name in os.environ for name in ("VOILA_KERNEL_ID", "VOILA_BASE_URL"))


FIRST_CLASS = "lp-table-first"
"""The class that puts a match's cell first on a Voila page (see ``static/table.css``)."""


def check_pace(pace: object) -> float:
    """``pace`` as the seconds a bot takes a move: a number from 0 up (0: at once). Asked when
    it is given, because a text would fail only at the first bot move, with a comparison
    error, and a negative number would be taken silently as 0."""
    wanted = "pace is the seconds a bot takes a move: a number from 0 up (0: at once)"
    if isinstance(pace, bool) or not isinstance(pace, int | float):
        raise TypeError(f"{wanted}, not {quoted(pace)}")
    if not 0 <= pace < math.inf:
        raise ValueError(f"{wanted}, not {pace!r}")
    return float(pace)


def check_opponents(opponents: object, rules: lp.Rules) -> int:
    """``opponents`` when ``rules`` seat that many bots beside the learner. Worded in
    opponents, the number the learner gave (the rules count players, the learner included)."""
    low, high = rules.min_players - 1, rules.max_players - 1
    if isinstance(opponents, int) and not isinstance(opponents, bool) and low <= opponents <= high:
        return opponents
    raise ValueError(
        f"{rules.name} rules need {low} to {high} opponents ({rules.min_players} to "
        f"{rules.max_players} players), not {quoted(opponents)}"
    )


class MatchTable(BoxPicture, widgets.VBox):  # type: ignore[misc]
    """A match against bots: the human's :class:`CardTable`, a pace slider, Save and Resume.

    Usually made by :func:`play`. ``table`` is the CardTable, ``game`` the match, ``bots`` the
    bot of each seat (``None`` at the human's), made by the bot registry
    (:func:`liverpool.bots.for_seats`) from ``bot_seed`` (the game's seed unless given): the
    same opponents as ``liverpool play --seed`` with that seed, and the same coach
    (:func:`liverpool.bots.coach`) answering Hint.
    """

    pace = traitlets.Float(0.6)

    def __init__(
        self,
        game: lp.Game,
        *,
        seat: int = 0,
        level: str = "basic",
        pace: float = 0.6,
        open_hands: bool = False,
        four_color: bool = False,
        bot_seed: int | None = None,
        scale: float | None = None,
        projector: bool = False,
        auto_pass_buys: AutoPass | str | bool = AutoPass.OFF,
        must_build_melds: bool = False,
        pause_at_deal_end: bool = True,
        first: bool | None = None,
    ) -> None:
        game = check_game(game, "MatchTable plays")
        pace = check_pace(pace)
        self.seat = seat
        self.level = level
        self._bot_seed = game.seed if bot_seed is None else bot_seed
        self._timer: asyncio.TimerHandle | None = None
        self._game = game
        self.bots: list[lp.bots.Bot | None] = []
        self._make_bots()
        self.table = CardTable(
            game,
            seat,
            open_hands=open_hands,
            four_color=four_color,
            coach=lp.bots.coach(self._bot_seed),
            scale=scale,
            projector=projector,
            pause_at_deal_end=pause_at_deal_end,
            auto_pass_buys=auto_pass_buys,
            must_build_melds=must_build_melds,
        )
        self.table.undo_handler = self.undo
        self.table.on_action(self._after_human)
        self.table.on_next_deal(self._advance)
        self.pace_slider = widgets.FloatSlider(
            value=pace,
            min=0.0,
            max=3.0,
            step=0.1,
            description="Bot pace",
            readout_format=".1f",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="320px"),
        )
        self.pace_slider.observe(self._slider_moved, names="value")
        self.record = widgets.Textarea(
            placeholder="Save puts the match record here; paste a record and press Resume.",
            layout=widgets.Layout(width="100%", height="5em"),
        )
        self.save_button = widgets.Button(description="Save", icon="download")
        self.resume_button = widgets.Button(description="Resume", icon="upload")
        self.review_button = widgets.Button(
            description="Review my play",
            icon="graduation-cap",
            tooltip="grade each of your decisions so far (it takes a while; the match goes on)",
        )
        self.save_button.on_click(self._on_save)
        self.resume_button.on_click(self._on_resume)
        self.review_button.on_click(lambda _button: self.review())
        self.status = widgets.HTML()
        self.reviewed: Review | None = None
        """The last review asked for with Review my play (shown under the table)."""
        controls = widgets.HBox(
            [
                self.pace_slider,
                self.save_button,
                self.resume_button,
                self.review_button,
                self.status,
            ],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        super().__init__(
            [self.table, controls, self.record],
            layout=widgets.Layout(width="100%"),
        )
        if under_voila() if first is None else first:
            self.add_class(FIRST_CLASS)
        self.pace = pace
        self._advance()

    # -- the match --------------------------------------------------------------------------------
    @property
    def game(self) -> lp.Game:
        """The match being played."""
        return self._game

    def _set_game(self, game: lp.Game) -> None:
        self._cancel()
        self._game = game
        self._make_bots()
        self.table.game = game

    def _make_bots(self) -> None:
        n = self._game.players
        if not 0 <= self.seat < n:
            raise ValueError(f"seat {self.seat} is not at a table of {n} players")
        others = [s for s in range(n) if s != self.seat]
        seated = lp.bots.for_seats(self.level, others, self._bot_seed)
        self.bots = [seated.get(s) for s in range(n)]

    def __repr__(self) -> str:
        g = self._game
        return (
            f"MatchTable(rules={g.rules.name!r}, seat={self.seat}, deal={g.deal}, "
            f"phase={g.phase.value!r})"
        )

    # -- bots -------------------------------------------------------------------------------------
    @traitlets.validate("pace")
    def _pace_valid(self, proposal: dict[str, Any]) -> float:
        return check_pace(proposal["value"])

    @traitlets.observe("pace")
    def _pace_set(self, change: dict[str, Any]) -> None:
        value = float(change["new"])
        if self.pace_slider.value != value:
            self.pace_slider.value = min(value, self.pace_slider.max)

    def _slider_moved(self, change: dict[str, Any]) -> None:
        self.pace = float(change["new"])

    @property
    def bot_moving(self) -> bool:
        """Whether a bot move is scheduled (the human waits)."""
        return self._timer is not None

    @property
    def waiting_for_next_deal(self) -> bool:
        """Whether the end-of-deal panel is up and the bots wait for Next deal."""
        return self.table.deal_end_pending

    def _after_human(self, action: Action, events: list[lp.Event]) -> None:
        del action, events
        self._advance()

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _advance(self) -> None:
        """Let the bots move until the human must decide (at the pace, or at once)."""
        if self._timer is not None:
            return
        g = self._game
        if g.is_over or g.to_act == self.seat or self.table.deal_end_pending:
            self.table.busy = False
            return
        loop = running_loop()
        if self.pace <= 0 or loop is None:
            self.run_bots()
            return
        self.table.busy = True
        quick = g.phase in (lp.Phase.BUY, lp.Phase.RUMMY_CALL)
        delay = self.pace * (QUICK if quick else 1.0)
        self._timer = loop.call_later(delay, self._step)

    def _step(self) -> None:
        self._timer = None
        try:
            moved = self._bot_move()
            if moved:
                self.table.refresh()
        except Exception as exc:  # shown under the table; the bots stop
            self.table.busy = False
            self.table.report_crash(exc)
            return
        self._advance()

    def _bot_move(self) -> bool:
        g = self._game
        seat = g.to_act
        if seat is None or seat == self.seat or self.table.deal_end_pending:
            return False
        bot = self.bots[seat]
        assert bot is not None, f"no bot sits at seat {seat}"
        action = bot.act(g.view(seat), g.legal_actions())
        g.apply(action, player=seat)
        return True

    def run_bots(self, limit: int = 100_000) -> None:
        """Let every bot move at once until the human must decide or the match ends."""
        self._cancel()
        try:
            for _ in range(limit):
                if not self._bot_move():
                    break
        except Exception as exc:
            self.table.report_crash(exc)
        self.table.busy = False
        self.table.refresh()

    # -- undo, save, resume -----------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back the human's last decision (and the bot moves after it; not a buy offer
        the table passed for them: :meth:`~liverpool.table_session.TableSession.last_decision`)."""
        self._cancel()
        last = self.table.session.last_decision()
        if last is None:
            self.table.show_message(NOTHING_TO_UNDO, guide=True)
            self._advance()
            return False
        before = self._game
        self._set_game(before.replay_to(last))
        self.table.show_message(self.table.session.taken_back(before), guide=True)
        self._advance()
        return True

    def save(self, path: str | Path | None = None) -> str:
        """The match record (JSON text); also written to ``path`` when given, and shown in the
        record box."""
        text = self._game.to_json()
        self.record.value = text
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        self.status.value = f"Saved after {counted(len(self._game.actions), 'action')}."
        return text

    def resume(self, record_text: str) -> None:
        """Go on with the match a record holds (raises :class:`~liverpool.RecordError` for a
        corrupt or changed record, leaving the current match as it was)."""
        game = lp.Game.from_json(record_text)
        if not 0 <= self.seat < game.players:
            raise lp.RecordError(f"the record has no seat {self.seat} for you to sit at")
        self.table.forget_hand_order()
        self._set_game(game)
        self.table.show_message("")  # a failed Resume's complaint no longer holds
        replayed = counted(len(game.actions), "action")
        self.status.value = f"Resumed: deal {game.deal}, {replayed} replayed."
        self._advance()

    def _on_save(self, button: Any) -> None:
        del button
        with self._shown_errors():
            self.save()

    def _on_resume(self, button: Any) -> None:
        del button
        with self._shown_errors():
            text = self.record.value.strip()
            if not text:
                self.table.show_message(
                    "Paste a saved record into the box first, then press Resume.", guide=True
                )
                return
            try:
                self.resume(text)
            except lp.RecordError as exc:
                self.table.show_message(f"Could not resume: {exc}")

    def review(self, budget: int | None = None) -> Review | None:
        """Review the human's decisions so far (:class:`~liverpool_widgets.review.Review`, in a
        thread) and show it under the table, in place of an earlier one. Before the human's
        first move there is nothing to review: the table says so."""
        if self.seat not in self._game.actors:
            self.table.show_message(
                "There is nothing to review yet: make a move first, then press Review my play.",
                guide=True,
            )
            return None
        if self.reviewed is not None:
            self.reviewed.cancel()
        self.reviewed = Review(self._game, seat=self.seat, budget=budget)
        box: Any = self  # ipywidgets is untyped: its children are whatever it holds
        box.children = [*box.children[:3], self.reviewed]
        return self.reviewed

    @contextlib.contextmanager
    def _shown_errors(self) -> Any:
        try:
            yield
        except Exception as exc:
            self.table.report_crash(exc)


def play(
    rules: str | lp.Rules = "house",
    opponents: int = 3,
    level: str = "basic",
    seed: int | None = None,
    open_hands: bool = False,
    *,
    pace: float = 0.6,
    name: str = "You",
    game: lp.Game | None = None,
    four_color: bool = False,
    scale: float | None = None,
    projector: bool = False,
    auto_pass_buys: AutoPass | str | bool = AutoPass.OFF,
    must_build_melds: bool = False,
    pause_at_deal_end: bool = True,
    first: bool | None = None,
) -> MatchTable:
    """A whole match against ``opponents`` bots of ``level``, played by clicking. You sit at
    seat 0, as ``name``; the bots are Ben, Cleo, Dev, ... (never your name).

    ``level`` is ``"random"``, ``"basic"``, ``"strong"`` or ``"expert"`` (the strongest: it
    plays its close decisions out over sampled deals, so it thinks up to about a second a
    move, on top of ``pace``). ``opponents`` may be as many as the rules seat beside you
    (house: 2 to 7). ``seed`` fixes every shuffle (``None`` draws one); ``open_hands`` shows
    every hand; ``pace`` is the seconds a bot takes per move (a number from ``0``, at once;
    a slider changes it); ``game`` plays an existing :class:`~liverpool.Game` (a stacked
    deal, say) instead of a new one, and then ``rules``, ``opponents`` and ``name`` are its.

    ``scale`` draws the table larger (``projector=True``: large enough for a class on a 1080p
    projector); ``auto_pass_buys`` (``"off"``, ``"when_down"``, ``"always"``) passes buy offers
    for you (a switch on the table changes it); ``must_build_melds`` makes you build each meld
    with Add meld before Go down; ``pause_at_deal_end=False`` goes on to the next deal without
    the end-of-deal panel. ``first`` puts the table above everything else on the page (by
    default only under Voila, where a lesson's earlier printouts would push it down).
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(map(repr, LEVELS))}, not {level!r}")
    if game is None:
        if not isinstance(name, str):
            raise TypeError(f"name is the name you play under, like 'Ada', not {quoted(name)}")
        count = check_opponents(opponents, lp.get_rules(rules))
        game = lp.Game(rules, [name, *bot_names(name, count)], seed)
    else:
        preset = isinstance(game, str)  # play(game="house") meant the rules
        check_game(
            game,
            "game= takes",
            f"; to play under {game!r} rules, use rules={game!r}" if preset else "",
        )
    return MatchTable(
        game,
        level=level,
        pace=pace,
        open_hands=open_hands,
        four_color=four_color,
        scale=scale,
        projector=projector,
        auto_pass_buys=auto_pass_buys,
        must_build_melds=must_build_melds,
        pause_at_deal_end=pause_at_deal_end,
        first=first,
    )


class Replay(BoxPicture, widgets.VBox):  # type: ignore[misc]
    """Step back and forth through a saved match (for teachers).

    ``Replay(record, open_hands=False, seat=0)`` takes the match as ``Review`` does: a saved
    game's JSON text, the path of its file, a :class:`~liverpool.Game`, or a table holding one
    (:func:`~liverpool_widgets.saved_game.game_of`). It checks the record (a missing file or a
    corrupt record raises :class:`~liverpool.RecordError`, a seat not at the table
    :class:`~liverpool.SeatError`), then shows the table as ``seat`` saw it after each step,
    with what happened at that step. First, previous, next and last buttons and a slider move
    through the steps; :meth:`go` does the same from code.
    """

    def __init__(self, record: object, open_hands: bool = False, *, seat: int = 0) -> None:
        final = game_of(record, "Replay")
        seat = final.seat(seat)
        self._final = final
        self._actions: Sequence[Action] = list(final.actions)
        self._actors: Sequence[int] = list(final.actors)
        self._automatic = frozenset(final.automatic)  # played for a seat: the log says so
        self._game = final.replay_to(0)
        self._step = 0
        self._texts: list[str] = []
        self.table = CardTable(self._game, seat, open_hands=open_hands, interactive=False)
        n = len(self._actions)
        self.first_button = widgets.Button(description="First", icon="fast-backward")
        self.prev_button = widgets.Button(description="Back", icon="step-backward")
        self.next_button = widgets.Button(description="Next", icon="step-forward")
        self.last_button = widgets.Button(description="Last", icon="fast-forward")
        self.slider = widgets.IntSlider(
            value=0, min=0, max=n, description="Step", layout=widgets.Layout(width="420px")
        )
        self.seat_picker = widgets.Dropdown(
            options=[(f"{name}'s view", i) for i, name in enumerate(final.names)],
            value=seat,
            layout=widgets.Layout(width="180px"),
        )
        self.caption = widgets.HTML()
        self.first_button.on_click(lambda b: self._guarded(0))
        self.prev_button.on_click(lambda b: self._guarded(self._step - 1))
        self.next_button.on_click(lambda b: self._guarded(self._step + 1))
        self.last_button.on_click(lambda b: self._guarded(len(self._actions)))
        self.slider.observe(lambda c: self._guarded(c["new"]), names="value")
        self.seat_picker.observe(self._seat_changed, names="value")
        bar = widgets.HBox(
            [
                self.first_button,
                self.prev_button,
                self.next_button,
                self.last_button,
                self.slider,
                self.seat_picker,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__([bar, self.caption, self.table])
        self._texts = [self._text(e) for e in self._game.log]  # step 0: how the deal began
        self._show()

    @property
    def step(self) -> int:
        """How many actions of the record have been played on the table shown."""
        return self._step

    @property
    def steps(self) -> int:
        """The number of actions in the record."""
        return len(self._actions)

    @property
    def game(self) -> lp.Game:
        """The match as it stood after :attr:`step` actions."""
        return self._game

    @property
    def events(self) -> list[str]:
        """What happened at the current step, as the seat shown reads it."""
        return list(self._texts)

    def __repr__(self) -> str:
        return f"Replay(step={self._step}, steps={self.steps})"

    def go(self, step: int) -> None:
        """Show the table after ``step`` actions (clamped to the record)."""
        step = max(0, min(int(step), self.steps))
        if step < self._step:
            self._game = self._final.replay_to(0)
            self._step = 0
        texts: list[str] = []
        while self._step < step:
            before = len(self._game.log)
            self._play(self._game, self._step)
            self._step += 1
            texts = [self._text(e) for e in self._game.log[before:]]
        if step == 0:
            texts = [self._text(e) for e in self._game.log]
        elif not texts and step > 0:
            texts = self._step_texts(step)
        self._texts = texts
        self.table.game = self._game
        self._show()

    def _step_texts(self, step: int) -> list[str]:
        """The events of action ``step`` (replaying it on a copy of the step before)."""
        game = self._final.replay_to(step - 1)
        before = len(game.log)
        self._play(game, step - 1)
        return [self._text(e) for e in game.log[before:]]

    def _play(self, game: lp.Game, k: int) -> None:
        """Play the record's action ``k`` on ``game``, as it was played (by its player, or for
        them: :attr:`Game.automatic <liverpool.Game.automatic>`)."""
        game.apply(self._actions[k], automatic=k in self._automatic)

    def _text(self, event: lp.Event) -> str:
        return phrase(event, self.table.seat, self._final.names)

    def _guarded(self, step: int) -> None:
        try:
            self.go(step)
        except Exception as exc:
            self.table.report_crash(exc)

    def _seat_changed(self, change: dict[str, Any]) -> None:
        self.table.forget_hand_order()
        self.table.seat = int(change["new"])
        self.table.refresh()
        self._texts = self._texts_at(self._step)
        self._show()

    def _texts_at(self, step: int) -> list[str]:
        if step == 0:
            return [self._text(e) for e in self._game.log]
        return self._step_texts(step)

    def _show(self) -> None:
        from html import escape

        if self.slider.value != self._step:
            self.slider.value = self._step
        action = self._actions[self._step - 1] if self._step else None
        head = f"Step {self._step} of {self.steps}"
        if action is not None:
            who = self._final.names[self._actors[self._step - 1]]
            head += f" — {escape(who)}: {escape(str(action))}"
        lines = "".join(f"<li>{escape(t)}</li>" for t in self._texts)
        self.caption.value = (
            f'<div class="lp-replay-caption" data-testid="replay-caption">'
            f"<b>{head}</b><ul style='margin:2px 0 0 1em;padding:0'>{lines}</ul></div>"
        )
        self.first_button.disabled = self.prev_button.disabled = self._step == 0
        self.next_button.disabled = self.last_button.disabled = self._step == self.steps
