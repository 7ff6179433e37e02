"""``liverpool play``: a whole match in the terminal, one human against bots.

:class:`TerminalGame` runs a :class:`~liverpool.Game` between one human seat and bots. It
reads commands from an input stream and writes everything to an output stream, so a test can
drive it with :class:`io.StringIO`. Bots move on their own and their moves are printed as the
human may read them (:meth:`Event.text_for <liverpool.Event.text_for>`: the human sees only
their own secret cards). When the human must decide, the table is drawn in text and a prompt
lists the commands that are valid now.

Commands (any case; cards in the notation of :mod:`liverpool.cards` — ``7H``, ``10♥``, ``td``,
``JK`` — or by their number in the hand as drawn)::

    draw | d              take | t             buy | b              pass | p
    down 7H 7C 7S | 8H 9H 10H JH               lay 7H 2 [low|high]  swap 7H 2 3
    discard 7H | x 7H     call                 liverpool            give 7H
    cut 41                out                  hint   help   table   quit

Melds on the table are numbered from 1 (``lay`` and ``swap`` use these numbers), places in a
meld from 1. :func:`parse_command` reads a command line, :func:`action_to_command` writes an
action as the command that makes it.
"""

from __future__ import annotations

import contextlib
import enum
import io
import os
import re
import sys
import tempfile
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal, TextIO

from .actions import (
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
from .bots import LEVELS, BasicBot, bot_level, for_seats
from .bots import coach as make_coach
from .bots.base import Bot
from .cards import JOKER, Card
from .errors import CardParseError, IllegalAction, LiverpoolError, RecordError, quoted
from .events import Event, EventKind, second_person
from .files import read_saved_game, write_atomically, write_problem
from .game import DEFAULT_NAMES, Game, Phase
from .presets import get_rules
from .setup import bot_names
from .table_model import (
    DealEnd,
    PromptKind,
    TableModel,
    build_table,
    deal_summaries,
    phrase,
    score_pad,
)
from .words import counted

__all__ = [
    "LEVELS",
    "CommandError",
    "Meta",
    "TerminalGame",
    "action_to_command",
    "make_bots",
    "parse_command",
    "play",
]


class CommandError(LiverpoolError):
    """A command line could not be read; the message says what was expected."""


class Meta(enum.Enum):
    """Commands that ask the terminal for something rather than make a move."""

    HINT = "hint"
    HELP = "help"
    TABLE = "table"
    QUIT = "quit"


Command = Action | Meta

# -- reading commands -----------------------------------------------------------------------

_WORDS: dict[str, str] = {
    "draw": "draw",
    "d": "draw",
    "stock": "draw",
    "take": "take",
    "t": "take",
    "buy": "buy",
    "b": "buy",
    "pass": "pass",
    "p": "pass",
    "no": "pass",
    "down": "down",
    "lay": "lay",
    "l": "lay",
    "layoff": "lay",
    "swap": "swap",
    "discard": "discard",
    "x": "discard",
    "call": "call",
    "rummy": "call",
    "liverpool": "liverpool",
    "give": "give",
    "cut": "cut",
    "out": "out",
    "hint": "hint",
    "h": "hint",
    "?": "hint",
    "help": "help",
    "table": "table",
    "look": "table",
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
}

_USAGE: dict[str, str] = {
    "draw": "draw",
    "take": "take",
    "buy": "buy",
    "pass": "pass",
    "down": "down 7H 7C 7S | 8H 9H 10H JH",
    "lay": "lay 7H 2 (or lay 7H 2 low / high)",
    "swap": "swap 7H 2 3",
    "discard": "discard 7H",
    "call": "call",
    "liverpool": "liverpool",
    "give": "give 7H",
    "cut": "cut 41",
    "out": "out",
}

_SPLIT = re.compile(r"[\s,;]+")
_MELD_SPLIT = re.compile(r"[|/]")
_NUMBER_LIKE = re.compile(r"[-+]?\d+(?:[.,]\d+)?")


def _tokens(text: str) -> list[str]:
    return [t for t in _SPLIT.split(text.strip()) if t]


def _card(token: str, hand: Sequence[Card]) -> Card:
    """A card from its text, or from its number in ``hand`` (as drawn, counting from 1)."""
    if _NUMBER_LIKE.fullmatch(token):  # "3", and "-1" or "1.5", which are no card either
        if not hand:
            raise CommandError(f"{quoted(token)} is a number; name the card instead, e.g. 7H.")
        if not token.isdigit() or not 1 <= int(token) <= len(hand):
            raise CommandError(
                f"There is no card number {quoted(token)[1:-1]} in your hand: they are numbered 1 "
                f"to {len(hand)}."
            )
        return hand[int(token) - 1]
    return Card.parse(token)


def _number(token: str, what: str, usage: str) -> int:
    if not token.isdigit() or int(token) < 1:
        raise CommandError(f"{quoted(token)} is not a {what} (a number from 1); write {usage}.")
    return int(token)


def _melds(text: str, hand: Sequence[Card], usage: str) -> list[list[Card]]:
    groups = [_tokens(g) for g in _MELD_SPLIT.split(text)]
    if not any(groups):
        raise CommandError(f"Name the cards of each meld, melds separated by '|'; write {usage}.")
    if not all(groups):
        raise CommandError(f"One of the melds has no cards; write {usage}.")
    return [[_card(t, hand) for t in g] for g in groups]


def parse_command(text: str, hand: Sequence[Card] = ()) -> Command:
    """The action (or :class:`Meta` command) a command line asks for.

    ``hand`` is the hand as drawn for the player, so cards may be given by their number in it.
    Raises :class:`CommandError` for an unknown command or missing arguments and
    :class:`~liverpool.CardParseError` for card text that is not a card. Meld and place
    numbers are read from 1 and returned as indexes from 0, as the engine counts.
    """
    words = text.strip().split(None, 1)
    if not words:
        raise CommandError("Type a command; 'help' lists them.")
    head = words[0].lower()
    rest = words[1] if len(words) > 1 else ""
    if head == "go" and rest:  # "go down ...", "go out"
        words = rest.split(None, 1)
        head = words[0].lower()
        rest = words[1] if len(words) > 1 else ""
    verb = _WORDS.get(head)
    if verb is None:
        raise CommandError(f"{quoted(words[0])} is not a command; 'help' lists them.")
    if verb == "lay" and rest.lower().startswith("off"):  # "lay off 7H 2"
        rest = rest[3:]
    usage = _USAGE.get(verb, verb)
    args = _tokens(rest)
    simple: dict[str, Command] = {
        "draw": DrawStock(),
        "take": TakeDiscard(),
        "buy": Buy(),
        "pass": Pass(),
        "call": CallRummy(),
        "liverpool": CallLiverpool(),
        "hint": Meta.HINT,
        "help": Meta.HELP,
        "table": Meta.TABLE,
        "quit": Meta.QUIT,
    }
    if verb in simple:
        if args:
            raise CommandError(f"'{verb}' takes nothing after it; write {usage}.")
        return simple[verb]
    if verb == "down":
        return GoDown(_melds(rest, hand, usage))
    if verb == "out":
        return GoOut(_melds(rest, hand, "out, or out 7H 7C 7S | 8H 9H 10H JH") if args else None)
    if verb in ("discard", "give"):
        if len(args) != 1:
            raise CommandError(f"Name one card; write {usage}.")
        card = _card(args[0], hand)
        return Discard(card) if verb == "discard" else GiveCard(card)
    if verb == "cut":
        if len(args) != 1:
            raise CommandError(f"Say how many cards to cut; write {usage}.")
        return Cut(_number(args[0], "number of cards", usage))
    if verb == "lay":
        if len(args) not in (2, 3):
            raise CommandError(f"Name a card and a meld number; write {usage}.")
        end: Literal["low", "high"] | None = None
        if len(args) == 3:
            word = args[2].lower()
            if word not in ("low", "high"):
                raise CommandError(f"The end of a run is 'low' or 'high', not {quoted(args[2])}.")
            end = "low" if word == "low" else "high"
        card = _card(args[0], hand)
        return LayOff(card, _number(args[1], "meld number", usage) - 1, end)
    # swap
    if len(args) != 3:
        raise CommandError(f"Name a card, a meld number and a place in it; write {usage}.")
    card = _card(args[0], hand)
    meld = _number(args[1], "meld number", usage) - 1
    return SwapWild(card, meld, _number(args[2], "place", usage) - 1)


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def action_to_command(action: Action) -> str:
    """The command line that makes ``action`` (cards in ASCII notation, melds from 1).

    ``parse_command(action_to_command(a)) == a`` for every action.
    """
    if isinstance(action, DrawStock):
        return "draw"
    if isinstance(action, TakeDiscard):
        return "take"
    if isinstance(action, Buy):
        return "buy"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, CallRummy):
        return "call"
    if isinstance(action, CallLiverpool):
        return "liverpool"
    if isinstance(action, GoDown):
        return "down " + " | ".join(_codes(m) for m in action.melds)
    if isinstance(action, GoOut):
        if action.melds is None:
            return "out"
        return "out " + " | ".join(_codes(m) for m in action.melds)
    if isinstance(action, LayOff):
        end = f" {action.end}" if action.end else ""
        return f"lay {action.card.code} {action.meld + 1}{end}"
    if isinstance(action, SwapWild):
        return f"swap {action.card.code} {action.meld + 1} {action.position + 1}"
    if isinstance(action, Discard):
        return f"discard {action.card.code}"
    if isinstance(action, GiveCard):
        return f"give {action.card.code}"
    return f"cut {action.aim}"


# -- drawing text ---------------------------------------------------------------------------

_ASCII = str.maketrans(
    {
        "♠": "S",
        "♥": "H",
        "♦": "D",
        "♣": "C",
        "∞": "-",
        "·": "-",
        "━": "-",
        "═": "=",
        "▶": ">",
        "—": "-",
        "–": "-",
        "…": "...",
        "−": "-",
        "✓": "v",
        "★": "*",
    }
)
_ASCII_DROPS = (" or ♠ ♥ ♦ ♣", ", '7♥'", ", '🃏'")
"""Alternatives that differ from the text beside them only by a glyph (the card examples of
:class:`~liverpool.CardParseError`): dropped in ASCII, where they would repeat it."""
_RED = re.compile(r"(?:10|[2-9AJQK])[♥♦]")
_RULE_WIDTH = 72


def make_bots(level: str, seats: Sequence[int], seed: int) -> dict[int, Bot]:
    """One bot of ``level`` for each seat, from the bot registry (the same opponents as
    ``play()`` and ``simulate`` for the same seed)."""
    return for_seats(level, seats, seed)


class TerminalGame:
    """One human against bots, over text streams.

    ``bots`` gives a bot for every seat but ``human_seat`` (a mapping seat -> bot, or a
    sequence with ``None`` at the human's seat). ``save_path``, when given, receives the
    game's JSON record at the end of the match and when the human quits. ``open_hands`` shows
    the bots' hands; ``ascii`` writes card suits as letters; ``color`` paints red suits.
    ``coach`` answers hint (unless given, the registry's :func:`~liverpool.bots.coach` for the
    game's seed, as on the notebook table). :meth:`run` plays until the match ends or the
    human quits and returns the exit code.
    """

    def __init__(
        self,
        game: Game,
        human_seat: int = 0,
        bots: Mapping[int, Bot] | Sequence[Bot | None] = (),
        *,
        input: TextIO | None = None,
        output: TextIO | None = None,
        save_path: str | Path | None = None,
        open_hands: bool = False,
        ascii: bool = False,
        color: bool = False,
        coach: BasicBot | None = None,
        pause_between_deals: bool | None = None,
    ) -> None:
        self.game = game
        self.human = human_seat
        seats = bots.items() if isinstance(bots, Mapping) else enumerate(bots)
        self.bots: dict[int, Bot] = {s: b for s, b in seats if b is not None}
        missing = [s for s in range(game.players) if s != human_seat and s not in self.bots]
        if not 0 <= human_seat < game.players:
            raise ValueError(f"human_seat must be a seat from 0 to {game.players - 1}")
        if missing:
            raise ValueError(f"no bot was given for seat(s) {missing}")
        self.input: TextIO = input if input is not None else sys.stdin
        self.output: TextIO = output if output is not None else sys.stdout
        self.save_path = Path(save_path) if save_path is not None else None
        self.open_hands = open_hands
        self.ascii = ascii
        self.color = color and not ascii
        self.coach: BasicBot = coach if coach is not None else make_coach(game.seed)
        self._tty = _isatty(self.input)
        self.echo = not self._tty
        self.pause = self._tty if pause_between_deals is None else pause_between_deals
        self._hand: list[Card] = []
        self._full_table = False
        self.failed = 0
        """1 once a save to ``save_path`` failed (the exit code says so)."""
        self.saved_to: Path | None = None
        """Where the record was last written (a spare file when ``save_path`` failed)."""

    # -- output helpers ---------------------------------------------------------------------
    def _text(self, text: str, person: bool = True) -> str:
        """``text`` as this terminal writes it: the human addressed as "you" whatever their
        name (``person``; rows of a table keep the name that labels them), suits as letters
        with ``ascii`` and red with ``color``."""
        if person:
            text = second_person(text, self.game.names[self.human])
        if self.ascii:
            for glyphs in _ASCII_DROPS:  # "S H D C or ♠ ♥ ♦ ♣" would read "S H D C or S H D C"
                text = text.replace(glyphs, "")
            return text.replace("🃏", "JK").translate(_ASCII)
        if self.color:
            text = _RED.sub(lambda m: f"\x1b[31m{m.group(0)}\x1b[0m", text)
        return text

    def say(self, text: str = "", person: bool = True) -> None:
        """Write one line (suits as the display allows; see :meth:`_text`)."""
        self.output.write(self._text(text, person) + "\n")

    def _bold(self, text: str) -> str:
        return f"\x1b[1m{text}\x1b[0m" if self.color else text

    def _c(self, card: Card) -> str:
        return card.code if self.ascii else str(card)

    def _cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self._c(c) for c in cards)

    # -- the match --------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the match ends or the human quits; return the exit code (0)."""
        game = self.game
        try:
            if not game.actions:
                self._show_events(game.log)
            elif game.is_over:  # a finished match loaded: its result, nothing to resume
                self.say("This match is over.")
                self._score_pad()
                self._final()
                return 0
            else:
                self.say(f"Resuming the match: deal {game.deal} of {game.rules.deals}.")
                if game.deal_scores:
                    self._score_pad()
                self._full_table = True
            while not game.is_over:
                seat = game.to_act
                assert seat is not None
                if seat == self.human:
                    if not self._human_move():
                        self._quit()
                        return self.failed
                else:
                    bot = self.bots[seat]
                    action = bot.act(game.view(seat), game.legal_actions())
                    if not self._show_events(game.apply(action)):
                        self._quit()
                        return self.failed
            self._final()
            if self._save():
                self.say(f"Saved the match to {self.saved_to}. See how you played with:")
                self.say(f"  liverpool review {self.saved_to}")
            return self.failed
        except KeyboardInterrupt:
            self.say()
            self._quit()
            return 130

    def _pause(self) -> bool:
        """Between deals at a real terminal: wait for Enter so the score pad can be read."""
        if not self.pause:
            return True
        line = self._read("Press Enter for the next deal (or type quit): ")
        return line is not None and line.strip().lower() not in ("q", "quit", "exit")

    def _quit(self) -> None:
        if self._save():
            self.say(f"Saved the game to {self.saved_to}; resume it with --load.")
        self.say("Goodbye.")

    def _save(self) -> bool:
        """Write the record to ``save_path``; ``True`` once it is written somewhere.

        A write that fails (a full disk, a folder removed during the match) must not lose the
        match: the record goes to a spare file in the current folder or the temporary folder,
        the player is told where, and :attr:`failed` makes the exit code 1."""
        if self.save_path is None:
            return False
        text = self.game.to_json(indent=1)
        spare = f"liverpool-game-{self.game.seed}.json"
        for path in (self.save_path, Path.cwd() / spare, Path(tempfile.gettempdir()) / spare):
            try:
                write_atomically(path, text)
            except OSError as exc:
                if path == self.save_path:
                    self.failed = 1
                    self.say(_sentence(f"Could not save the game: {write_problem(path, exc)}"))
                continue
            self.saved_to = path
            return True
        self.say("No spare file could be written either: this match is not saved.")
        return False

    # -- events -----------------------------------------------------------------------------
    def _show_events(self, events: Sequence[Event]) -> bool:
        """Print what happened; after a deal's score pad, maybe pause. ``False``: the human
        asked to quit at the pause."""
        for event in events:
            if event.kind in (EventKind.NEW_DEAL, EventKind.DEALT):
                self.say()
                title = (
                    f" Deal {self.game.deal} of {self.game.rules.deals}: "
                    f"{self.game.contract.short()} "
                )
                self.say(self._bold(f"{'━' * 3}{title}{'━' * (_RULE_WIDTH - 3 - len(title))}"))
            self.say("  " + phrase(event, self.human, self.game.names))
            if event.kind == EventKind.DEAL_OVER:
                self.say()
                self._deal_end()
                self._score_pad()
                if not self.game.is_over and not self._pause():
                    return False
        return True

    def _deal_end(self) -> None:
        """The end-of-deal panel in text (the table model's :class:`DealEnd`): how the deal
        ended, and every hand left with its cards and points."""
        panel = self._panel()
        if panel is None:
            return
        title = f" {panel.title} "
        self.say(self._bold(f"{'━' * 3}{title}{'━' * max(3, _RULE_WIDTH - 3 - len(title))}"))
        if panel.how:
            self.say("  " + panel.how)
        width = max(8, *(len(h.name) + 2 for h in panel.hands))
        for h in panel.hands:
            head = f"  {h.name.ljust(width)}{h.score:>5}   total {h.total:<5}"
            if h.went_out:
                self.say(head.rstrip() + "   went out", person=False)
                continue
            cards = " ".join(
                f"{self._c(f.card)}:{p}" for f, p in zip(h.cards, h.card_points, strict=True)
            )
            sums = f"= {h.hand_points}" + (f", {h.adjustment}" if h.adjustment else "")
            body = textwrap.wrap(
                f"{cards}  {sums}" if cards else f"no cards {sums}",
                width=max(40, 100 - len(head) - 1),
                break_on_hyphens=False,
            )
            self.say(head + " " + body[0], person=False)
            for line in body[1:]:
                self.say(" " * (len(head) + 1) + line)
        if panel.next:
            self.say("  " + panel.next)
        self.say()

    def _panel(self) -> DealEnd | None:
        """The table model's end-of-deal panel for the deal just finished."""
        game = self.game
        summaries = deal_summaries(game)
        if not summaries:
            return None
        view = game.view(self.human)
        return build_table(
            view, deal_end=summaries[-1], deal_end_panel=True, to_seat=True
        ).scores.panel

    def _score_pad(self) -> None:
        pad = score_pad(self.game.view(self.human))
        names = [n[:10] for n in pad.names]
        width = max(6, *(len(n) + 1 for n in names))
        rules = self.game.rules
        label = 2 + max(len(f"{d}  {rules.contract(d).short()}") for d in range(1, rules.deals + 1))
        self.say(self._bold("Score pad"))
        self.say("  " + "Deal".ljust(label) + "".join(n.rjust(width) for n in names), person=False)
        for row in pad.rows:
            cells = "".join(cell.rjust(width) for cell in row.cells)
            self.say("  " + f"{row.deal}  {row.contract}".ljust(label) + cells)
        self.say("  " + "Total".ljust(label) + "".join(str(t).rjust(width) for t in pad.totals))

    def _final(self) -> None:
        game = self.game
        self.say()
        best = min(game.scores)
        winners = [game.names[i] for i in game.winners]
        order = sorted(range(game.players), key=lambda i: (game.scores[i], i))
        self.say(self._bold("Final standings"))
        for place, seat in enumerate(order, start=1):
            self.say(f"  {place}. {game.names[seat]:<10} {game.scores[seat]:>5}", person=False)
        if len(winners) == 1:
            line = f"Winner: {winners[0]} with {counted(best, 'point')}."
            if game.winners == [self.human]:
                line += " Well played!"
        else:
            line = f"Winners (a tie): {' and '.join(winners)} with {counted(best, 'point')}."
        self.say(self._bold(line))

    # -- the human --------------------------------------------------------------------------
    def _read(self, prompt: str) -> str | None:
        """One line from the input, or ``None`` at the end of input."""
        if self._tty and self.input is sys.stdin and self.output is sys.stdout:
            try:
                return input(self._text(prompt))
            except EOFError:
                self.say()
                return None
        self.output.write(self._text(prompt))
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.say()
            return None
        if self.echo:
            self.output.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")

    def _human_move(self) -> bool:
        """Ask the human until one move is made; ``False`` when they quit (or input ends)."""
        game = self.game
        brief = (Phase.BUY, Phase.RUMMY_CALL, Phase.GIVE_CARD, Phase.CUT)
        if game.phase in brief and not self._full_table:
            self._draw_brief()
        else:
            self._draw_table()
        self._full_table = False
        while True:
            legal = game.legal_actions()
            self.say(self._commands_line(legal))
            line = self._read("> ")
            if line is None:
                return False
            if not line.strip():
                continue
            try:
                command = parse_command(line, self._hand)
            except CommandError as exc:
                self.say(_sentence(self._no_time_for(line, legal) or str(exc)))
                continue
            except CardParseError as exc:  # a card that is no card: said whatever the moment
                self.say(_sentence(str(exc)))
                continue
            if command is Meta.QUIT:
                return False
            if command is Meta.HELP:
                self._help()
                continue
            if command is Meta.TABLE:
                self._draw_table()
                continue
            if command is Meta.HINT:
                self._hint(legal)
                continue
            assert not isinstance(command, Meta)
            try:
                self._check_numbers(command)
                events = game.apply(command, player=self.human)
            except IllegalAction as exc:
                self.say(_sentence(str(exc)))
                continue
            return self._show_events(events)

    def _no_time_for(self, line: str, legal: Sequence[Action]) -> str | None:
        """The game's answer to a mistyped command for a move this moment has no place for
        ("cut 0" while a buy is offered): that the moment is wrong is what the player needs to
        hear, not the command's form. ``None`` when the form is the mistake."""
        words = line.split()
        if words and words[0].lower() == "go":  # "go down", "go out"
            words = words[1:]
        verb = _WORDS.get(words[0].lower()) if words else None
        probe = _PROBES.get(verb or "")
        if probe is None or any(type(a) is type(probe) for a in legal):
            return None
        if verb in _PLAY_VERBS and self.game.phase is Phase.PLAY:  # e.g. no contract held yet
            return None
        return self.game.why_not(probe, self.human)

    def _check_numbers(self, action: Action) -> None:
        """Refuse meld and place numbers that do not exist, counting from 1 as shown."""
        if not isinstance(action, LayOff | SwapWild) or self.game.phase is not Phase.PLAY:
            return
        table = self.game.table
        if not table:
            raise IllegalAction("There are no melds on the table yet.")
        if not 0 <= action.meld < len(table):
            raise IllegalAction(
                f"There is no meld {action.meld + 1} on the table: "
                + (
                    "the only meld is number 1."
                    if len(table) == 1
                    else f"the melds are numbered 1 to {len(table)}."
                )
            )
        if isinstance(action, SwapWild):
            size = len(table[action.meld].cards)
            if not 0 <= action.position < size:
                raise IllegalAction(
                    f"Meld {action.meld + 1} has {size} places: say a place from 1 to {size}."
                )

    def _hint(self, legal: Sequence[Action]) -> None:
        action, reason = self.coach.explain(self.game.view(self.human), legal)
        self.say(f"Hint: {action_to_command(action)} — {reason}")

    def _help(self) -> None:
        for line in _HELP.strip("\n").splitlines():
            self.say(line)
        rules = self.game.rules
        if rules.failed_going_down_penalty:  # a mistyped card number would cost real points
            self.say(
                f"Under {rules.name} rules a failed attempt to go down costs "
                f"{rules.failed_going_down_penalty} points: check your melds first (hint shows "
                "them when you can go down)."
            )

    def _commands_line(self, legal: Sequence[Action]) -> str:
        kinds: list[str] = []
        for action in legal:
            usage = _PROMPT_USAGE[type(action)]
            if isinstance(action, Cut):
                usage = f"cut N (1-{max(a.aim for a in legal if isinstance(a, Cut))})"
            if usage not in kinds:
                kinds.append(usage)
        return "Commands: " + " · ".join(kinds) + " · hint · help · quit"

    # -- drawing the table ------------------------------------------------------------------
    def _model(self) -> TableModel:
        """The table model of the human's seat: the hand as drawn here (sorted, numbered from
        1), the bots' hands too with ``open_hands``."""
        game = self.game
        view = game.view(self.human)
        hand = view.hand
        order = sorted(range(len(hand)), key=lambda i: (hand[i].sort_key(), i))
        opened = None
        if self.open_hands:
            opened = {s: sorted(game.hand(s), key=Card.sort_key) for s in range(game.players)}
        return build_table(view, hand_order=order, open_hands=opened, to_seat=True)

    def _draw_table(self) -> None:
        model = self._model()
        v = model.view
        h = v.header
        self.say()
        head = f" Deal {h.deal} of {h.deals} · {h.contract} · {h.dealer} dealt "
        self.say(self._bold(f"{'═' * 3}{head}{'═' * max(3, _RULE_WIDTH - 3 - len(head))}"))
        note = h.contract_text[h.contract_text.find("(") :] if "(" in h.contract_text else ""
        if note and "cards dealt)" not in note:
            self.say(f"  Contract: {h.contract} {note}")
        seats = sorted(v.seats, key=lambda seat: seat.seat)
        name_width = max(8, *(len(seat.name) + 2 for seat in seats))
        self.say("  " + "Player".ljust(name_width) + "Cards  Down  Buys left  Score")
        for seat in seats:
            buys = "∞" if seat.buys_left is None else seat.buys_left
            row = (
                f"{'▶' if seat.to_act else ' '} {seat.name.ljust(name_width)}"
                f"{seat.hand_size:>5}  {'yes' if seat.down else 'no':<4}  {buys:>9}  "
                f"{seat.score:>5}"
            )
            if seat.coins is not None:
                row += f"  coins {seat.coins}"
            self.say(row.rstrip(), person=False)
            if seat.hand is not None:
                self.say(f"    {' ' * name_width}{self._cards([f.card for f in seat.hand])}")
            if seat.picked_up:  # everyone saw them go in, your own included
                picked = self._cards([f.card for f in seat.picked_up])
                self.say(f"    {' ' * name_width}{seat.picked_words} {picked}", person=False)
        self.say()
        melds = sorted(
            ((m, "" if g.owner is None else g.name) for g in v.melds for m in g.melds),
            key=lambda pair: pair[0].index,
        )
        if melds:
            self.say("  Table")
            owner_width = max(len(owner) for _, owner in melds)
            desc_width = max(_width(m.describe) for m, _ in melds)
            for meld, owner in melds:
                self.say(
                    f"  {meld.index + 1:>3}  {owner.ljust(owner_width)}  "
                    f"{_ljust(meld.describe, desc_width)}  "
                    f"{self._cards([f.card for f in meld.cards])}",
                    person=False,
                )
        else:
            self.say("  Table: no melds yet")
        piles = v.piles
        pile = "empty" if piles.top is None else self._c(piles.top.card)
        if piles.top is not None and piles.discarder is not None and h.phase is Phase.DRAW:
            pile += f", from {piles.discarder}"
        if piles.discards > 1:
            pile += f" ({piles.discards} cards)"
        self.say(f"  Stock: {counted(piles.stock, 'card')}    Discard pile: {pile}")
        self.say()
        self._draw_hand(model)
        for line in v.notes:
            self.say(f"  {line}")
        self.say(self._deciding(model))

    def _draw_brief(self) -> None:
        """An out-of-turn decision (buy, call, give, cut): the hand and the question."""
        model = self._model()
        self.say()
        if model.view.header.phase is not Phase.CUT:
            self._draw_hand(model)
        self.say(self._deciding(model))

    def _draw_hand(self, model: TableModel) -> None:
        cards = [c.face.card for c in model.view.hand]
        self._hand = cards
        label = f"  Your hand ({len(cards)}):"
        per_row = 16
        if not cards:
            self.say(label + " empty")
            return
        for start in range(0, len(cards), per_row):
            chunk = cards[start : start + per_row]
            numbers = "".join(f"{start + i + 1:>4}" for i in range(len(chunk)))
            faces = "".join(self._pad(self._c(c), 4) for c in chunk)
            lead = label if start == 0 else " " * len(label)
            self.say(lead + numbers)
            self.say(" " * len(label) + faces)

    @staticmethod
    def _pad(text: str, width: int) -> str:
        return " " * max(0, width - _width(text)) + text

    @staticmethod
    def _deciding(model: TableModel) -> str:
        """Who decides what, and the question put to the human (the table model's words). A
        card to give or a cut is asked in the prompt's own words, which would repeat the
        header's ("You must give Cleo a card. You must give Cleo a card.")."""
        text = model.view.header.deciding
        prompt = model.view.prompt
        if prompt is not None:
            repeats = prompt.kind in (PromptKind.GIVE, PromptKind.CUT)
            text = prompt.text if repeats else f"{text} {prompt.text}"
        return textwrap.fill(">> " + text, width=100, subsequent_indent="   ")


_PROMPT_USAGE: dict[type, str] = {
    DrawStock: "draw",
    TakeDiscard: "take",
    Buy: "buy",
    Pass: "pass",
    GoDown: "down CARDS | CARDS",
    GoOut: "out",
    LayOff: "lay CARD MELD [low|high]",
    SwapWild: "swap CARD MELD PLACE",
    Discard: "discard CARD",
    CallRummy: "call",
    CallLiverpool: "liverpool",
    GiveCard: "give CARD",
    Cut: "cut N",
}

_PROBES: dict[str, Action] = {
    "cut": Cut(1),
    "discard": Discard(JOKER),
    "give": GiveCard(JOKER),
    "down": GoDown([[JOKER]]),
    "out": GoOut(None),
    "lay": LayOff(JOKER, 0),
    "swap": SwapWild(JOKER, 0, 0),
}
"""A move of each kind a command names with arguments, to ask the game whether this moment takes
that kind at all: out of its moment, the game refuses any move by the moment alone."""
_PLAY_VERBS = frozenset({"down", "out", "lay", "swap"})
"""Kinds of move that the play of a turn may lack although it is their moment."""

_HELP = """
Commands (any case):
  draw, d             draw from the stock (declining the discard)
  take, t             take the top of the discard pile
  buy, b / pass, p    buy the offered discard (with a penalty card), or pass
  down CARDS | CARDS  go down: the melds of the contract, separated by | or /
                      e.g. down 7H 7C 7S | 8H 9H 10H JH   (runs lowest card first)
  lay CARD MELD       lay a card off on a meld of the table (numbered as shown);
                      add low or high when it fits at either end of a run
  swap CARD MELD PLACE
                      put a natural card in place of the wild at PLACE of MELD
  discard CARD, x     discard a card, ending your turn (your last card goes out)
  out                 go out with the whole hand, where the deal allows it
  call / liverpool    call rummy / call Liverpool on the last discard
  give CARD           give a card to the player caught by a rummy call
  cut N               cut the cards, aiming to lift N cards
  hint                ask the coach for a move and why
  table               draw the table again
  quit                stop (the game is saved if you gave --save)
Cards: 7H 7♥ 10h TD qs; a joker is JK or *. You may also give a card by its number
in your hand as drawn, e.g. x 3 discards card number 3.
"""


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal (the joker is two columns wide)."""
    return len(text) + text.count("🃏")


def _ljust(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _forgiving(*streams: TextIO) -> None:
    """Let the terminal's streams replace what their encoding cannot hold (a typed "é" under
    ``PYTHONIOENCODING=ascii``, a player called Zoë) instead of ending the match with a
    traceback: the line then reads as an unknown card or command, and is answered."""
    for stream in streams:
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="replace")


def _can_encode(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


# -- the command-line entry -----------------------------------------------------------------


def play(
    *,
    preset: str = "house",
    players: int = 4,
    level: str = "basic",
    seed: int | None = None,
    name: str | None = None,
    open_hands: bool = False,
    save: str | None = None,
    load: str | None = None,
    ascii: bool = False,
    input: TextIO | None = None,
    output: TextIO | None = None,
    errors: TextIO | None = None,
) -> int:
    """``liverpool play``: set up (or resume) a match and play it; return the exit code.

    A new match seats the human, ``name`` (default "You"), at seat 0. A loaded one keeps its
    own rules, players and seed (``preset``, ``players`` and ``seed`` are not used); ``name``
    then says which of its players the human is (seat 0 when it is not given), and the bots
    play at ``level``, since a saved game does not keep how its bots played.
    """
    out = output if output is not None else sys.stdout
    err = errors if errors is not None else sys.stderr
    inp = input if input is not None else sys.stdin
    human = 0
    _forgiving(inp, out)
    try:
        level = bot_level(level)
        if load is not None:
            text = read_saved_game(load)
            try:
                game = Game.from_json(text)
            except RecordError as exc:
                raise RecordError(f"{load!r} cannot be resumed: {exc}") from None
            if name is not None:
                human = _seat_named(game, name, load)
        else:
            name = "You" if name is None else name
            get_rules(preset).check_players(players)
            game = Game(preset, [name, *bot_names(name, players - 1, DEFAULT_NAMES)], seed)
    except LiverpoolError as exc:
        err.write(f"liverpool play: {exc}\n")
        return 2
    bots = make_bots(level, [s for s in range(game.players) if s != human], game.seed)
    if _isatty(inp):
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())
    use_ascii = ascii or not _can_encode(out, "♠♥♦♣🃏═━▶·∞—")
    color = (
        not use_ascii
        and _isatty(out)
        and "NO_COLOR" not in os.environ
        and os.environ.get("TERM") != "dumb"
    )
    terminal = TerminalGame(
        game,
        human,
        bots,
        input=inp,
        output=out,
        save_path=save if save is not None else load,
        open_hands=open_hands,
        ascii=use_ascii,
        color=color,
    )
    if load is None or not game.is_over:  # a finished match shows its result instead
        who = (
            f"{level} bots, seed {game.seed}"
            if load is None
            else f"you at seat {human} against {level} bots (a saved game does not keep how "
            "its bots played: --level chooses)"
        )
        terminal.say(
            f"Liverpool Rummy — {game.rules.name} rules, {game.players} players, {who}. "
            "Type 'help' for the commands."
        )
    return terminal.run()


def _seat_named(game: Game, name: str, load: str) -> int:
    """The seat of the player called ``name`` in a loaded game (letter case aside), so that a
    learner can resume a game they did not play from seat 0."""
    seats = [s for s, n in enumerate(game.names) if n.casefold() == name.strip().casefold()]
    if len(seats) != 1:
        names = ", ".join(game.names)
        why = "no player" if not seats else "more than one player"
        raise LiverpoolError(f"{load!r} has {why} called {name!r}; its players are {names}")
    return seats[0]
