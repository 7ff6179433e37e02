"""The play site's engine side: one match against bots, driven by JSON messages.

``make site`` builds a static folder whose play page runs this package under Pyodide, in a Web
Worker. The page draws the same ``table.js`` as the notebook's ``CardTable`` widget and the
rooms' student page; as there, Python decides everything and the page only draws and reports
clicks. :class:`SiteMatch` is the notebook table's session
(:class:`~liverpool.table_session.TableSession`: the one place that decides what each click
means, so the site and the notebook cannot drift apart) with the bots at the other seats, their
pace, Undo and the match record; it needs no ipywidgets and no event loop.

:class:`Session` is what the worker talks to: one JSON message in, one JSON answer out
(:meth:`Session.receive`), so the worker holds no logic and every step is testable in
CPython. Messages (``type`` and its fields):

* ``hello``: the presets (with their player counts, a title and a few words on each, from
  their rules) and bot levels, for the page's selectors
* ``start`` ``preset`` ``level`` ``players`` ``seed`` (``null``: drawn) [``name`` ``pace``]
* ``intent`` ``intent``: one click on the table (see :mod:`liverpool.table_session`)
* ``bot``: the bot to act moves once (with ``pace`` 0: every bot moves until you must act)
* ``tick``: a timed buy offer may have run out (the worker sends it at ``deadline_in``)
* ``pace`` ``value``: seconds per bot move; ``save``: the match record; ``load`` ``text``

Every answer that shows the table is ``{"type": "state", "table": ..., "cards": ...,
"info": ..., "bot_delay": seconds | null, "deadline_in": seconds | null}``: ``table`` holds the
traits table.js draws; card pictures are sent once each (the model's ``svg`` fields hold a
key, ``cards`` the SVG of each key not sent before), as the rooms do. ``bot_delay`` says when
to send ``bot`` (``null``: the human decides, the deal-end panel is up, or the match is over).
A refused move never raises: its sentence is the table's ``error``; anything unexpected is its
``crash``. A message the page cannot act on answers ``{"type": "error", "text": ...}``, a
sentence for the learner (it is shown as it is). ``info["seed"]`` is the seed as a number and
``info["seed_text"]`` the same in digits (JavaScript's numbers lose digits past 2**53).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from .bots import LEVELS, Bot, coach, for_seats
from .errors import LiverpoolError, RecordError
from .game import DEFAULT_NAMES, Game
from .presets import get_rules, preset_names
from .record import FORMAT
from .render import card_svg
from .rules import Rules
from .setup import bot_names
from .state import Phase
from .table_model import AutoPass, CardFace, Zone, as_data
from .table_session import NOTHING_TO_UNDO, STALE, TableSession
from .words import listed, sentence

__all__ = ["PACE", "QUICK", "STALE", "Session", "SiteMatch"]

CARD_WIDTHS = {Zone.HAND: 92, Zone.MELD: 64, Zone.PILE: 84, Zone.OPEN: 52}
"""Pixel width of each zone's card pictures (as the notebook widget draws them)."""

PACE = 0.6
"""Seconds a bot takes per move, unless the page says otherwise."""

QUICK = 0.35
"""Out-of-turn passes (not buying, not calling) take this share of the pace."""

SEED_DIGITS = 40
"""The longest seed the page may send, in digits."""


class SiteMatch(TableSession):
    """A match against bots, seen and played from seat ``seat``: the notebook table's session
    (every click means what it means there), plus the bots, their pace and the match record.

    ``SiteMatch(game, level="basic")``: the bots (of ``level``, from the bot registry, seeded
    from ``bot_seed``, the game's seed unless given) sit at every other seat, as in the
    notebook's ``play()``; the coach that answers Hint is the registry's for ``bot_seed`` too.
    ``clock`` is the time source of timed buy offers (seconds). The end-of-deal panel holds
    the bots until Next deal; Undo takes back your last move.
    """

    def __init__(
        self,
        game: Game,
        *,
        seat: int = 0,
        level: str = "basic",
        bot_seed: int | None = None,
        pace: float = PACE,
        auto_pass: AutoPass | str = AutoPass.OFF,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.level = level
        self.pace = max(0.0, float(pace))
        self.sent: set[str] = set()
        """The card pictures (keys) the page has been sent."""
        self._bot_seed = game.seed if bot_seed is None else bot_seed
        super().__init__(
            game,
            seat,
            coach=coach(self._bot_seed),
            clock=clock,
            pause_at_deal_end=True,
            auto_pass=auto_pass,
            undo_handler=self.undo,
        )
        self.bots = self._seat_bots()

    def _seat_bots(self) -> list[Bot | None]:
        g = self.game
        others = [s for s in range(g.players) if s != self.seat]
        seated = for_seats(self.level, others, self._bot_seed)
        return [seated.get(s) for s in range(g.players)]

    def _set_game(self, game: Game) -> None:
        self.game = game
        self.bots = self._seat_bots()

    # -- what the page draws ----------------------------------------------------------------
    def table(self) -> tuple[dict[str, Any], dict[str, str]]:
        """What table.js draws (its traits, card pictures as keys) and the new pictures."""
        used: dict[str, CardFace] = {}

        four = self.four_color

        def key(face: CardFace) -> str:
            name = face.key(four)
            used.setdefault(name, face)
            return name

        data: dict[str, Any] = dict(as_data(self.model(), key))
        data.update(
            error=self.error,
            error_kind=self.error_kind,
            sort_mode=self.sort_mode,
            busy=self.bot_delay() is not None,
            crash=self.crash,
            interactive=True,
            four_color=four,
        )
        rules = self.game.rules
        fresh = {
            name: card_svg(
                face.card,
                rules=rules,
                width=CARD_WIDTHS[face.zone],
                four_color=four,
                stands_for=face.stands_for,
            )
            for name, face in used.items()
            if name not in self.sent
        }
        self.sent.update(fresh)
        return data, fresh

    # -- bots -------------------------------------------------------------------------------
    def bot_delay(self) -> float | None:
        """Seconds until the next bot move, or ``None`` when no bot is to move."""
        g = self.game
        if g.is_over or g.to_act is None or g.to_act == self.seat or self.deal_end_pending:
            return None
        if self.crash:
            return None  # a crash stops the bots (it is shown under the table)
        quick = g.phase in (Phase.BUY, Phase.RUMMY_CALL)
        return self.pace * (QUICK if quick else 1.0)

    def bot_step(self) -> bool:
        """The bot to act moves once (``False`` when no bot is to move)."""
        if self.bot_delay() is None:
            return False
        g = self.game
        seat = g.to_act
        assert seat is not None
        bot = self.bots[seat]
        assert bot is not None, f"no bot sits at seat {seat}"
        g.apply(bot.act(g.view(seat), g.legal_actions()), player=seat)
        self.refresh()  # which also passes for you when auto-pass says so
        return True

    def run_bots(self, limit: int = 100_000) -> int:
        """Every bot moves until the human must decide (or the deal or match ends); how many
        moves were made."""
        moves = 0
        while moves < limit and self.bot_step():
            moves += 1
        return moves

    # -- undo and records -------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the human's last decision (and the bot moves after it): the Undo button."""
        last = self.last_decision()
        if last is None:
            self.say(NOTHING_TO_UNDO, guide=True)
            return
        before = self.game
        self._set_game(before.replay_to(last))
        self.say(self.taken_back(before), guide=True)

    def record(self) -> str:
        """The match record (JSON text, :mod:`liverpool.record`)."""
        return self.game.to_json()

    def record_name(self) -> str:
        """A file name for the record."""
        g = self.game
        return f"liverpool-{g.rules.name}-seed{g.seed}-deal{g.deal}-{len(g.actions)}.json"


class Session:
    """The worker's one object: :meth:`receive` takes a JSON message and answers in JSON."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.match: SiteMatch | None = None

    def receive(self, text: str) -> str:
        """One message in, one answer out (both JSON text)."""
        try:
            message = json.loads(text)
        except ValueError:
            return json.dumps({"type": "error", "text": "The message was not JSON."})
        return json.dumps(self.handle(message))

    def handle(self, message: Any) -> dict[str, Any]:
        """One message (a dict) in, its answer (a dict) out; a bad message answers ``error``.
        A bot that fails is a crash: shown under the table, and the bots stop."""
        kind = message.get("type") if isinstance(message, dict) else None
        match = self.match
        try:
            if kind == "hello":
                return self.hello()
            if kind == "start":
                return self.start(message)
            if kind == "load":
                return self.load(message)
            if match is None:
                return _error("Deal first: no match has started.")
            if kind == "pace":
                match.pace = _pace(message.get("value"))
            elif kind == "save":
                return {"type": "record", "text": match.record(), "name": match.record_name()}
        except (LiverpoolError, ValueError) as exc:
            return _error(sentence(str(exc)))
        try:
            if kind == "intent":
                intent = message.get("intent")
                if _presses_nothing(intent):
                    match.say("That click pressed no button: press one of the table's buttons.")
                else:
                    match.handle(intent)
            elif kind == "bot" and match.pace <= 0:
                match.run_bots()
            elif kind == "bot":
                match.bot_step()
            elif kind == "tick":
                if match.check_deadline():  # the offer lapsed: the last click's words are old
                    match.say("")
            elif kind not in ("state", "pace"):
                return _error(f"There is no message {str(kind)[:20]!r}.")
        except Exception as exc:  # shown under the table, never lost
            match.report_crash(exc)
        return self.state()

    def hello(self) -> dict[str, Any]:
        presets = []
        for name in preset_names():
            rules = get_rules(name)
            presets.append(
                {
                    "name": name,
                    "min_players": rules.min_players,
                    "max_players": min(rules.max_players, len(DEFAULT_NAMES)),
                    "buy_timer": rules.buy_timer_seconds,
                    "title": _title(rules),
                    "about": _about(rules),
                    "deals": len(rules.contracts),
                }
            )
        return {
            "type": "hello",
            "presets": presets,
            "levels": list(LEVELS),
            "pace": PACE,
        }

    def start(self, message: Mapping[str, Any]) -> dict[str, Any]:
        rules = _rules(_given(message, "preset", "house"))
        players = _given(message, "players", 4)
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"The number of players is a whole number, not {_shown(players)}.")
        try:
            rules.check_players(players)
        except LiverpoolError:
            raise ValueError(
                f"The {rules.name} rules are for {rules.min_players} to {rules.max_players} "
                f"players, not {players}."
            ) from None
        seed = _seed(message.get("seed"))
        level = _given(message, "level", "basic")
        if level not in LEVELS:
            raise ValueError(
                f"There are no {_shown(level)} bots: choose {listed(list(LEVELS), 'or')}."
            )
        name = str(_given(message, "name", "You") or "You")[:24]
        game = Game(rules, [name, *bot_names(name, players - 1)], seed)
        self.match = SiteMatch(
            game,
            level=level,
            pace=_pace(_given(message, "pace", PACE)),
            clock=self.clock,
        )
        return self.state()

    def load(self, message: Mapping[str, Any]) -> dict[str, Any]:
        text = message.get("text")
        if not isinstance(text, str):
            return _error("A record is loaded as text.")
        level = _given(message, "level", "basic")
        if level not in LEVELS:
            level = "basic"
        pace = _pace(_given(message, "pace", PACE))
        problem = _not_a_record(text)
        if problem:
            return _error(problem)
        try:
            game = Game.from_json(text)
        except RecordError as exc:
            return _error(f"That saved game cannot be loaded. {sentence(str(exc))}")
        self.match = SiteMatch(game, level=level, pace=pace, clock=self.clock)
        return self.state()

    def state(self) -> dict[str, Any]:
        """The table now, as the page draws it."""
        match = self.match
        assert match is not None
        table, cards = match.table()
        g = match.game
        delay = match.bot_delay()
        return {
            "type": "state",
            "table": table,
            "cards": cards,
            "version": match.version,
            "bot_delay": delay,
            "deadline_in": match.deadline_in(),
            "info": {
                "rules": g.rules.name,
                "seed": g.seed,
                "seed_text": str(g.seed),
                "players": g.players,
                "level": match.level,
                "deal": g.deal,
                "actions": len(g.actions),
                "over": g.is_over,
                "paused": match.deal_end_pending,
                "deals_done": len(g.deal_scores),
                "scores": g.scores,
            },
        }


def _given(message: Mapping[str, Any], key: str, default: Any) -> Any:
    """A field of ``message``; missing or ``null``, ``default``."""
    value = message.get(key)
    return default if value is None else value


def _shown(value: Any) -> str:
    """``value`` as a sentence quotes it: text in quotes, anything else as JSON writes it."""
    if isinstance(value, str):
        return repr(value[:30])
    try:
        return json.dumps(value)[:30]
    except (TypeError, ValueError):
        return type(value).__name__


def _rules(preset: Any) -> Rules:
    names = preset_names()
    if isinstance(preset, str):
        try:
            return get_rules(preset)
        except LiverpoolError:
            pass
    raise ValueError(f"There are no rules called {_shown(preset)}: choose {listed(names, 'or')}.")


def _title(rules: Rules) -> str:
    """What the rule book calls ``rules``: ``'House rules'``, ``'Classic Liverpool'``."""
    first = rules.source.strip().splitlines()[0] if rules.source.strip() else rules.name
    return first.split(" (", 1)[0].split(":", 1)[0].strip().rstrip(".") or rules.name


def _about(rules: Rules) -> str:
    """A few words on ``rules`` for a newcomer choosing them, from the rules themselves:
    ``'the default; 7 deals, jokers wild'``."""
    words = [f"{len(rules.contracts)} deals"]
    wild = ["jokers"] if rules.has_jokers else []
    if rules.wild_ranks:
        wild.append(rules.describe()["wild_ranks"])
    if wild:
        words.append(f"{' and '.join(wild)} wild")
    if not rules.buying:
        words.append("no buying")
    elif rules.buy_timer_seconds:
        words.append(f"{rules.buy_timer_seconds:g} s to buy")
    text = ", ".join(words)
    return f"the default; {text}" if rules.name == get_rules().name else text


def _seed(seed: Any) -> int:
    """The seed the page sent (a number, digits, or ``null``/empty: a random one)."""
    if isinstance(seed, str):
        seed = seed.strip()
        if seed.isdecimal() and seed.isascii():
            if len(seed) > SEED_DIGITS:
                raise ValueError(f"A seed has at most {SEED_DIGITS} digits.")
            seed = int(seed)
    if seed is None or seed == "":
        return random.randrange(1, 10**9)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(
            f"The seed is a whole number of 0 or more, not {_shown(seed)}. Leave it empty for "
            "a random deal."
        )
    return seed


def _presses_nothing(intent: Any) -> bool:
    return (
        isinstance(intent, dict)
        and intent.get("kind") == "press"
        and not isinstance(intent.get("button"), str)
    )


def _not_a_record(text: str) -> str:
    """Why ``text`` (a file the learner chose) is no saved game at all, or ``''``."""
    if not text.strip():
        return "That file is empty: it is not a saved Liverpool game."
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        if text.lstrip().startswith('{"format": "liverpool-record"') or FORMAT in text[:200]:
            return "That saved game is cut short (or damaged): load the whole file."
        return "That file is not a saved Liverpool game."
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return "That file is not a saved Liverpool game."
    return ""


def _pace(value: Any) -> float:
    if not isinstance(value, bool) and isinstance(value, (int, float, str)):
        try:
            pace = float(value)
        except ValueError:
            pass
        else:
            if 0 <= pace <= 10:
                return pace
    raise ValueError(f"The pace is 0 to 10 seconds per bot move, not {_shown(value)}.")


def _error(text: str) -> dict[str, Any]:
    return {"type": "error", "text": text}
