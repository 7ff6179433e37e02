"""``liverpool play``: a whole match in the terminal, one human against bots.

:class:`TerminalGame` runs a :class:`~liverpool.Game` between one human seat and bots. It
reads commands from an input stream and writes everything to an output stream, so a test can
drive it with :class:`io.StringIO`. Bots move on their own and their moves are printed as the
human may read them (:meth:`Event.text_for <liverpool.Event.text_for>`: the human sees only
their own secret cards). When the human must decide, the table is drawn in text and a prompt
lists the commands that are valid now.

Commands (any case; cards in the notation of :mod:`liverpool.cards` — ``7H``, ``10♥``, ``td``,
``JK`` — or by the number shown above them in the hand)::

    draw | d              take | t             buy | b | y          pass | p | n
    down 7H 7C 7S | 8H 9H 10H JH               lay 7H 2 [low|high]  swap 7H 2 [3]
    discard 7H | x 7H     call                 liverpool            give 7H
    cut 41                out                  hint | h | ?         rules
    help [COMMAND]        table                quit

Melds on the table are numbered from 1 (``lay`` and ``swap`` use these numbers), places in a
meld from 1, counting its cards from the left. :func:`parse_command` reads a command line,
:func:`action_to_command` writes an action as the command that makes it.
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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
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
from .cards import JOKER, Card, Rank
from .errors import CardParseError, IllegalAction, LiverpoolError, RecordError, quoted
from .events import Event, EventKind, second_person, signed_points
from .files import read_saved_game, write_atomically, write_problem
from .game import DEFAULT_NAMES, Game, Phase
from .melds import Meld
from .presets import get_rules
from .rules import AceMode, BuyPriority, Contract, MeldKind, Rules, RummyCall, WildSwap
from .setup import bot_names
from .table_model import (
    DealEnd,
    MeldView,
    PromptKind,
    ScorePad,
    TableModel,
    addressed,
    build_table,
    buy_question,
    deal_summaries,
    score_pad,
)
from .view import PlayerView
from .words import counted, listed, sentence, with_article

__all__ = [
    "LEVELS",
    "CommandError",
    "HelpOn",
    "Meta",
    "Seating",
    "TerminalGame",
    "action_to_command",
    "contract_example",
    "help_lines",
    "how_to_play",
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
    RULES = "rules"
    TABLE = "table"
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class HelpOn:
    """``help WORD``: the lines of the help about one command (``topic`` is the command's
    own name: ``help y`` and ``help b`` are both ``HelpOn("buy")``; ``help go`` is
    ``HelpOn("go")``, the lines about go down and go out, the two commands it begins)."""

    topic: str


Command = Action | Meta | HelpOn

# -- reading commands -----------------------------------------------------------------------

_WORDS: dict[str, str] = {
    "draw": "draw",
    "d": "draw",
    "stock": "draw",
    "take": "take",
    "t": "take",
    "buy": "buy",
    "b": "buy",
    "yes": "buy",  # the answer to "Buy the 7♦?"
    "y": "buy",
    "pass": "pass",
    "p": "pass",
    "no": "pass",
    "n": "pass",
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
    "rules": "rules",
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
    "swap": "swap 7H 2 3 (or swap 7H 2 when meld 2 holds one wild)",
    "discard": "discard 7H",
    "call": "call",
    "liverpool": "liverpool",
    "give": "give 7H",
    "cut": "cut 41",
    "out": "out, or out 7H 7C 7S | 8H 9H 10H JH",
}
"""How each command is written, with an example; :func:`_usage` fits the examples of
``down``, ``out`` and ``cut`` to the game a line is typed into."""

_SPLIT = re.compile(r"[\s,;]+")
_MELD_SPLIT = re.compile(r"[|/]")
_NUMBER_LIKE = re.compile(r"[-+]?\d+(?:[.,]\d+)?")
_WHOLE = re.compile(r"[-+]?\d+")
"""A whole number as ``int`` reads it (``str.isdigit`` also passes "²", which ``int`` refuses)."""


def _tokens(text: str) -> list[str]:
    return [t for t in _SPLIT.split(text.strip()) if t]


def _read_verb(text: str) -> tuple[str, str | None, str]:
    """The first word of a command line as typed, the command it names (``None`` for none)
    and what follows it. The two-word commands are read here once, for the moves, for
    ``help`` on them and for the terminal's answers: ``go down 7H ...`` and ``go out`` are
    ``down`` and ``out`` (``go`` alone names nothing), ``lay off 7H 2`` is ``lay 7H 2``."""
    words = text.strip().split(None, 1)
    head = words[0] if words else ""
    rest = words[1] if len(words) > 1 else ""
    if head.lower() == "go" and rest:
        words = rest.split(None, 1)
        head = words[0]
        rest = words[1] if len(words) > 1 else ""
    verb = _WORDS.get(head.lower())
    if verb == "lay" and rest.lower().startswith("off"):  # "lay off 7H 2"
        rest = rest[3:]
    return head, verb, rest


def _usage(verb: str, game: Game | None) -> str:
    """How to write ``verb``'s command (:data:`_USAGE`), its example fitted to ``game``: a
    ``down`` (or ``out``) that lays this deal's contract, as ``help`` shows it, and a ``cut``
    at the aim the cut question names, since an example of another deal's melds or another
    table's cut sends a learner to copy the wrong thing."""
    if game is None or verb not in ("down", "out", "cut"):
        return _USAGE.get(verb, verb)
    if verb == "cut":
        return f"cut {_cut_aim(game)}"
    melds = contract_example(game.contract, game.rules.aces).removeprefix("down ")
    return f"down {melds}" if verb == "down" else f"out, or out {melds}"


def _most_cut(legal: Sequence[Action]) -> int | None:
    """The most cards a cut may lift now (``None`` when this is not the moment to cut)."""
    return max((a.aim for a in legal if isinstance(a, Cut)), default=None)


def _cut_aim(game: Game) -> int:
    """The cut to give as an example: this deal's exact cut, the aim the cut question names
    (within what the shoe allows)."""
    aim = game.rules.cut_target(game.players, game.deal)
    most = _most_cut(game.legal_actions())
    return aim if most is None else max(1, min(aim, most))


def _card(token: str, hand: Sequence[Card]) -> Card:
    """A card from its text, or from its number in ``hand`` (as shown, counting from 1).

    A learner who holds the 7♥ and types ``x 7`` may mean "my seven" as easily as "card
    number 7", and a discard cannot be taken back. So a number from 2 to 10 that is also the
    rank of a card in the hand is taken as a card number only when that card has this rank
    (either reading then gives a card of that rank); otherwise the command is refused with
    both cards named, so that the learner types the one they mean. A number out of range says
    how to name a card by its rank and suit, for the same reason.
    """
    if not _NUMBER_LIKE.fullmatch(token):
        return Card.parse(token)
    # "3", and "-1" or "1.5", which are no card either
    if not hand:
        raise CommandError(f"{quoted(token)} is a number; name the card instead, e.g. 7H.")
    value = int(token) if token.isdecimal() else None
    rank = Rank(value) if value is not None and 2 <= value <= 10 else None
    same_rank = [c for c in hand if rank is not None and c.rank == rank]
    choices = _either(same_rank)
    if value is None or not 1 <= value <= len(hand):
        by_rank = (
            f"; for {_rank_phrase(same_rank)}, write {choices}"
            if same_rank
            else " (or name a card by its rank and suit, e.g. 7H)"
        )
        raise CommandError(
            f"There is no card number {quoted(token)[1:-1]} in your hand: they are numbered 1 "
            f"to {len(hand)}{by_rank}."
        )
    card = hand[value - 1]
    if rank is not None and same_rank and card.rank != rank:
        raise CommandError(
            f"{quoted(token)} could mean card number {value} (the {card}) or "
            f"{_rank_phrase(same_rank)}; nothing was played. Name the card you mean: {card} "
            f"for card number {value}, or {choices} for {_rank_phrase(same_rank, named=True)}."
        )
    return card


def _rank_phrase(cards: Sequence[Card], *, named: bool = False) -> str:
    """Cards of one rank from the hand as a learner calls them: "your seven (7♥)" for one
    card ("the seven" once ``named``, after the card), "a seven" for several."""
    word = cards[0].rank.word if cards[0].rank is not None else "joker"
    if len(set(cards)) == 1:
        return f"the {word}" if named else f"your {word} ({cards[0]})"
    return with_article(word)


def _either(cards: Sequence[Card]) -> str:
    """Cards as choices in a sentence: "7♥", "7♥ or 7♣", "7♥, 7♣ or 7♠"."""
    return listed([str(c) for c in dict.fromkeys(cards)], "or")


def _number(token: str, what: str, usage: str) -> int:
    if not token.isdecimal() or int(token) < 1:
        raise CommandError(f"{quoted(token)} is not a {what} (a number from 1); write {usage}.")
    return int(token)


def _melds(text: str, hand: Sequence[Card], usage: str) -> list[list[Card]]:
    groups = [_tokens(g) for g in _MELD_SPLIT.split(text)]
    if not any(groups):
        raise CommandError(f"Name the cards of each meld, melds separated by '|'; write {usage}.")
    if not all(groups):
        raise CommandError(f"One of the melds has no cards; write {usage}.")
    return [[_card(t, hand) for t in g] for g in groups]


_TAKES_CARDS = frozenset({"down", "out", "lay", "swap", "discard", "give"})
"""The commands that cards follow (``help`` on one of them says how to write a card)."""
_TAKES_ARGUMENTS = _TAKES_CARDS | {"cut"}
"""The commands that something follows: cards, or for ``cut`` a number."""


def _is_card_text(token: str) -> bool:
    """Whether ``token`` could name a card: its text, or a number that could be a card's."""
    if token.isdecimal():
        return True
    try:
        Card.parse(token)
    except CardParseError:
        return False
    return True


_CARD_MOVES = (Discard, GiveCard, GoDown, GoOut, LayOff, SwapWild)
"""The kinds of move that name cards: when none is open, cards typed alone are answered with
what the moment asks for instead."""


def _not_a_command(word: str, rest: str, hand: Sequence[Card], legal: Sequence[Action] = ()) -> str:
    """Why ``word`` (followed by ``rest``) starts no command, said the way that helps a
    learner on: a short command run into its card ("x7h") lacks only a space, and a card alone
    ("7H", "3") is most often a discard (or, when a card is to be given, a gift) whose command
    was left out; anything else is pointed to ``help``.

    ``legal`` (this moment's moves, when known) keeps the answer to what can be done now: at
    a buy question, or wherever no move names a card, cards get the moment's own answer (buy
    or pass), never a command that would only be refused; and a card that is not in ``hand``
    is said to be missing rather than offered as a discard."""
    lower = word.lower()
    verbs = sorted((w for w, v in _WORDS.items() if v in _TAKES_ARGUMENTS), key=len, reverse=True)
    for verb in verbs:
        glued = word[len(verb) :]
        if lower.startswith(verb) and glued and _is_card_text(glued):
            typed = " ".join([word[: len(verb)], glued, *rest.split()])
            return f"Put a space between the command and what follows it: {typed}."
    if not _is_card_text(word):
        return f"{quoted(word)} is not a command; 'help' lists them."
    if legal and not any(isinstance(a, _CARD_MOVES) for a in legal):
        return f"{quoted(word)} is not a command: {_what_now(legal)}; 'help' lists the commands."
    if rest:
        return (
            f"{quoted(word)} is not a command: put one before the cards (down to go down, "
            "lay to lay off, x to discard); 'help' lists them."
        )
    number = int(word) if word.isdecimal() else None
    card = Card.parse(word) if number is None else None
    missing = ""
    if hand and card is not None and card not in hand:
        missing = f"you hold no {card}"
    elif hand and number is not None and not 1 <= number <= len(hand):
        missing = f"your cards are numbered 1 to {len(hand)}, so there is no card number {word}"
    if missing:
        return f"{quoted(word)} is not a command, and {missing}; 'help' lists the commands."
    what = f"card number {word}" if card is None else f"the {card}"
    give = any(isinstance(a, GiveCard) for a in legal)
    return (
        f"{quoted(word)} is not a command: to {'give' if give else 'discard'} {what}, write "
        f"{'give' if give else 'x'} {word}; 'help' lists the commands."
    )


def _what_now(legal: Sequence[Action]) -> str:
    """What the player can do at this moment, as a clause: a buy question's own "answer buy
    or pass (y/n)", else the moves of the prompt's line ("now you can draw or take")."""
    if any(isinstance(a, Buy) for a in legal):
        return _BUY_ANSWER
    return "now you can " + listed(_moves_now(legal), "or")


def parse_command(
    text: str,
    hand: Sequence[Card] = (),
    *,
    table: Sequence[Meld] = (),
    rules: Rules | None = None,
    game: Game | None = None,
) -> Command:
    """The action (or :class:`Meta` command, or :class:`HelpOn`) a command line asks for.

    ``hand`` is the hand as shown to the player, so cards may be given by their number in it.
    ``table`` and ``rules`` (the melds on the table and the match's rules) let ``swap CARD
    MELD`` leave out the place when that meld holds one wild card. ``game``, the match the
    line is typed into (its player to act typing), stands for both and fits the refusals to
    the moment: examples of this deal's contract and cut, and for a card typed alone, what
    can be done with it now. Raises :class:`CommandError` for an unknown command or missing
    arguments and :class:`~liverpool.CardParseError` for card text that is not a card. Meld
    and place numbers are read from 1 and returned as indexes from 0, as the engine counts; a
    cut's aim is returned as typed, even out of range, for the game to refuse with the range
    of this shoe.
    """
    if game is not None:
        table, rules = game.table, game.rules
    head, verb, rest = _read_verb(text)
    if not head:
        raise CommandError("Type a command; 'help' lists them.")
    if verb is None:
        legal = game.legal_actions() if game is not None else ()
        raise CommandError(_not_a_command(head, rest, hand, legal))
    usage = _usage(verb, game)
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
        "rules": Meta.RULES,
        "table": Meta.TABLE,
        "quit": Meta.QUIT,
    }
    if verb == "help" and args:  # "help buy", "help y", "help go down", "help lay off"
        about, topic, more = _read_verb(rest)
        if about.lower() == "go" and not more:  # the word that begins go down and go out
            topic = "go"
        if topic is None or more.strip():
            raise CommandError(
                f"There is no command {quoted(rest.strip())}; 'help' lists them all."
            )
        return HelpOn(topic)
    if verb in simple:
        if args:
            raise CommandError(f"'{verb}' takes nothing after it; write {usage}.")
        return simple[verb]
    if verb == "down":
        return GoDown(_melds(rest, hand, usage))
    if verb == "out":
        return GoOut(_melds(rest, hand, usage) if args else None)
    if verb in ("discard", "give"):
        joined = "".join(args)
        if len(args) == 2 and not joined.isdecimal() and _is_card_text(joined):
            raise CommandError(f"Write a card as one word, with no space: {head.lower()} {joined}.")
        if len(args) != 1:
            raise CommandError(f"Name one card; write {usage}.")
        card = _card(args[0], hand)
        return Discard(card) if verb == "discard" else GiveCard(card)
    if verb == "cut":
        most = _most_cut(game.legal_actions()) if game is not None else None
        span = f"from 1 to {most}" if most is not None else "from 1"
        if len(args) != 1:
            raise CommandError(f"Say how many cards to cut, {span}; write {usage}.")
        if not _WHOLE.fullmatch(args[0]):  # "cut 0" and "cut 500" are the game's to refuse
            raise CommandError(
                f"{quoted(args[0])} is not a number of cards (a number {span}); write {usage}."
            )
        return Cut(int(args[0]))
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
    if len(args) not in (2, 3):
        raise CommandError(f"Name a card, a meld number and a place in it; write {usage}.")
    card = _card(args[0], hand)
    meld = _number(args[1], "meld number", usage) - 1
    if len(args) == 3:
        return SwapWild(card, meld, _number(args[2], "place", usage) - 1)
    if game is not None and _closed_before_any_meld(game, SwapWild(card, meld, 0)):
        return SwapWild(card, meld, 0)  # for the game to refuse: no place is asked for
    if rules is None or not 0 <= meld < len(table):
        if rules is not None and table:  # no such meld: the table's numbers say which there are
            return SwapWild(card, meld, 0)
        raise CommandError(f"Name a card, a meld number and a place in it; write {usage}.")
    wilds = table[meld].wild_positions(rules)
    if len(wilds) == 1:
        return SwapWild(card, meld, wilds[0])
    if not wilds:
        raise CommandError(f"Meld {meld + 1} holds no wild card to swap.")
    places = " and ".join(str(w + 1) for w in wilds)
    raise CommandError(
        f"Meld {meld + 1} holds {len(wilds)} wild cards, at places {places} (counting its "
        f"cards from the left, from 1): say which, e.g. swap {args[0]} {meld + 1} {wilds[0] + 1}."
    )


def _closed_before_any_meld(game: Game, action: LayOff | SwapWild) -> bool:
    """Whether the game refuses this lay-off or swap before it looks at any meld: the player
    to act has not gone down (or, for a swap, the rules allow none). Its reason then comes
    first, as the game gives it: a word about a meld's number, places or wilds would send the
    player looking for the wrong mistake."""
    seat = game.to_act
    if isinstance(action, SwapWild) and game.rules.wild_swap is WildSwap.NONE:
        return True
    return seat is None or not game.view(seat).is_down


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
_SCREEN = 80
"""The width the table is drawn for: an 80-column terminal."""
_DESC_LEAST = 20
"""The narrowest the meld-description column gets (longer descriptions wrap)."""


def make_bots(level: str, seats: Sequence[int], seed: int) -> dict[int, Bot]:
    """One bot of ``level`` for each seat, from the bot registry (the same opponents as
    ``play()`` and ``simulate`` for the same seed)."""
    return for_seats(level, seats, seed)


class Seating:
    """How the terminal names the seats of ``game`` for the reader at ``human``.

    :attr:`names` are the players' names as the terminal writes them: a seat literally called
    "You" that is not the reader's (a game saved by someone else, resumed with ``--name``) is
    "Player N" here, so that "you" always means the person at the keyboard (the record keeps
    its names). In tables the reader's own seat reads "Ada (you)" (:meth:`title`); in sentences
    "you" (:meth:`phrase`).
    """

    def __init__(self, game: Game, human: int) -> None:
        self.game = game
        self.human = human
        self.names: tuple[str, ...] = tuple(
            f"Player {s + 1}" if s != human and n.casefold() == "you" else n
            for s, n in enumerate(game.names)
        )
        self._renamed = {
            game.names[s]: name for s, name in enumerate(self.names) if name != game.names[s]
        }

    def rename(self, text: str) -> str:
        """An engine line with the seats renamed as :attr:`names` says (a bot called "You"
        becomes "Player N" before the line is turned to the reader)."""
        for old, new in self._renamed.items():
            text = re.sub(rf"\b{re.escape(old)}\b", new, text)
        return text

    def view(self) -> PlayerView:
        """The reader's view, its players named as :attr:`names`."""
        view = self.game.view(self.human)
        if not self._renamed:
            return view
        return replace(view, names=self.names, deciding=self.rename(view.deciding))

    def phrase(self, event: Event) -> str:
        """The line the reader reads for ``event`` (their own secrets included), as "you"."""
        return addressed(
            self.rename(event.text_for(self.human)), self.names[self.human], to_seat=True
        )

    def title(self, seat: int, width: int | None = None) -> str:
        """A seat as a table heads it: the reader's own as "Ada (you)" (or just "You"), the
        name cut to ``width`` first."""
        name = self.names[seat][:width] if width else self.names[seat]
        if seat != self.human or name.casefold() == "you":
            return name
        return f"{name} (you)"


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
        self.seating = Seating(game, human_seat)
        self.names = self.seating.names
        self._turn_base: tuple[int, int] | None = None
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
            text = second_person(text, self.names[self.human])
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

    def _follow_deal(self) -> None:
        """Note where a new deal's turns start (called before every move: the first moment of
        a deal is seen here; a resumed game's is found once in its record)."""
        game = self.game
        if self._turn_base is None or self._turn_base[0] != game.deal:
            resumed = self._turn_base is None and bool(game.actions)
            first = _first_turn(game) if resumed else _turn_before(game.view(self.human))
            self._turn_base = (game.deal, first)

    def _deal_turn(self) -> int:
        """The turn of the deal, counted from 1 as ``liverpool review`` counts it."""
        self._follow_deal()
        assert self._turn_base is not None
        return self.game.view(self.human).turn_no - self._turn_base[1]

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
                self._final(announce=True)
                return 0
            else:
                self.say(f"Resuming the match: deal {game.deal} of {game.rules.deals}.")
                if game.deal_scores:
                    self.say()
                    self._score_pad()
                self._full_table = True
            while not game.is_over:
                self._follow_deal()
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
        """Stop the match (quit, Ctrl-D, Ctrl-C): saved where ``--save`` says, and otherwise
        say that it is gone, and how to keep the next one, since an end of input typed by
        mistake ends a match that cannot be resumed."""
        if self._save():
            self.say(f"Saved the game to {self.saved_to}; resume it with --load.")
        elif self.save_path is None and self.game.actions:
            note = "This match was not saved. To stop a match and resume it later, start it "
            for line in textwrap.wrap(note + "with --save FILE.", _SCREEN - 1):
                self.say(line)
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
                    self.say(sentence(f"Could not save the game: {write_problem(path, exc)}"))
                continue
            self.saved_to = path
            return True
        self.say("No spare file could be written either: this match is not saved.")
        return False

    # -- events -----------------------------------------------------------------------------
    def _show_events(self, events: Sequence[Event]) -> bool:
        """Print what happened; after a deal's score pad, maybe pause. ``False``: the human
        asked to quit at the pause.

        A deal's end is told once, by the end-of-deal panel (who went out and how, every hand
        left, the points): the events that would say it again first ("Ada went out!", "Deal 1
        is over: …", a dead deal's reason) are left to it."""
        ending = any(e.kind is EventKind.DEAL_OVER for e in events)
        for event in events:
            if event.kind in (EventKind.NEW_DEAL, EventKind.DEALT):
                self.say()
                title = (
                    f" Deal {self.game.deal} of {self.game.rules.deals}: "
                    f"{self.game.contract.short()} "
                )
                self.say(self._bold(f"{'━' * 3}{title}{'━' * (_RULE_WIDTH - 3 - len(title))}"))
            told_by_panel = ending and (
                event.kind in (EventKind.DEAL_OVER, EventKind.DEAD_DEAL)
                or (event.kind is EventKind.GO_OUT and not event.cards)
            )
            if not told_by_panel:
                self.say("  " + self.seating.phrase(event))
            if event.kind == EventKind.DEAL_OVER:
                self.say()
                self._deal_end()
                self._score_pad()
                if not self.game.is_over and not self._pause():
                    return False
        return True

    def _deal_end(self) -> None:
        """The end-of-deal panel in text (the table model's :class:`DealEnd`): how the deal
        ended, and every hand left with its cards (sorted as the hand is shown) and points."""
        panel = self._panel()
        if panel is None:
            return
        title = f" {panel.title} "
        self.say(self._bold(f"{'━' * 3}{title}{'━' * max(3, _RULE_WIDTH - 3 - len(title))}"))
        if panel.how:
            self.say("  " + panel.how)
        for line in _panel_rows(panel, self._c):
            self.say(line, person=False)
        if panel.next:
            self.say("  " + panel.next)
        self.say()

    def _panel(self) -> DealEnd | None:
        """The table model's end-of-deal panel for the deal just finished."""
        game = self.game
        summaries = deal_summaries(game)
        if not summaries:
            return None
        last = replace(summaries[-1], how=self.seating.rename(summaries[-1].how))
        return build_table(
            self.seating.view(), deal_end=last, deal_end_panel=True, to_seat=True
        ).scores.panel

    def _score_pad(self) -> None:
        names = [self.seating.title(seat, 10) for seat in range(self.game.players)]
        self.say(self._bold("Score pad"))
        for line in _pad_rows(score_pad(self.seating.view()), names, self.game.rules):
            self.say(line, person=False)

    def _final(self, *, announce: bool = False) -> None:
        """The final standings; ``announce`` also names the winner (when the match-over line
        was not just printed: a finished match loaded)."""
        self.say()
        self.say(self._bold("Final standings"))
        titles = [self.seating.title(seat) for seat in range(self.game.players)]
        rows = _standings(self.game.scores, self.game.winners, titles)
        for line in rows[:-1] if not announce else rows:
            self.say(line if line.startswith("  ") else self._bold(line), person=False)
        if self.game.winners == [self.human]:
            self.say(self._bold("Well played!"))

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
                command = parse_command(line, self._hand, game=game)
            except CommandError as exc:
                self.say(sentence(self._no_time_for(line, legal) or str(exc)))
                continue
            except CardParseError as exc:  # a card that is no card: said whatever the moment
                self.say(sentence(str(exc)))
                continue
            if command is Meta.QUIT:
                return False
            if command is Meta.HELP:
                self._help()
                continue
            if isinstance(command, HelpOn):
                self._help(command.topic)
                continue
            if command is Meta.RULES:
                self._rules()
                continue
            if command is Meta.TABLE:
                self._draw_table()
                continue
            if command is Meta.HINT:
                self._hint(legal)
                continue
            assert not isinstance(command, Meta)
            try:
                _check_numbers(game, command)
                _check_groups(game, self.human, command)
                events = game.apply(command, player=self.human)
            except IllegalAction as exc:
                self.say(sentence(str(exc)))
                continue
            return self._show_events(events)

    def _no_time_for(self, line: str, legal: Sequence[Action]) -> str | None:
        """The game's answer to a mistyped command for a move this moment has no place for
        ("cut 0" while a buy is offered): that the moment is wrong is what the player needs to
        hear, not the command's form. ``None`` when the form is the mistake."""
        verb = _read_verb(line)[1]
        probe = _PROBES.get(verb or "")
        if probe is None or any(type(a) is type(probe) for a in legal):
            return None
        if verb in _PLAY_VERBS and self.game.phase is Phase.PLAY:  # e.g. no contract held yet
            return None
        return self.game.why_not(probe, self.human)

    def _hint(self, legal: Sequence[Action]) -> None:
        action, reason = self.coach.explain(self.seating.view(), legal)
        self.say(f"Hint: {action_to_command(action)} — {reason}")

    def _help(self, topic: str | None = None) -> None:
        """The commands (or, for ``help buy``, the lines about one command)."""
        for line in help_lines(self.game.rules, self.game.contract, topic):
            self.say(line, person=False)

    def _rules(self) -> None:
        game = self.game
        for line in how_to_play(game.rules, min(game.deal, game.rules.deals)):
            self.say(line, person=False)

    def _commands_line(self, legal: Sequence[Action]) -> str:
        return "Commands: " + " · ".join([*_moves_now(legal), "hint", "help", "quit"])

    # -- drawing the table ------------------------------------------------------------------
    def _model(self) -> TableModel:
        """The table model of the human's seat: the hand as drawn here (sorted, numbered from
        1), the bots' hands too with ``open_hands``."""
        game = self.game
        view = self.seating.view()
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
        if not h.over:
            head += f"· turn {self._deal_turn()} "
        self.say(self._bold(f"{'═' * 3}{head}{'═' * max(3, _RULE_WIDTH - 3 - len(head))}"))
        note = h.contract_text[h.contract_text.find("(") :] if "(" in h.contract_text else ""
        if note and "cards dealt)" not in note:
            self.say(f"  Contract: {h.contract} {note}")
        seats = sorted(v.seats, key=lambda seat: seat.seat)
        titles = {seat.seat: self.seating.title(seat.seat) for seat in seats}
        name_width = max(8, *(len(t) + 2 for t in titles.values()))
        pending = _pending(self.game)
        extra = {s: " " + signed_points(sum(p for p, _ in items)) for s, items in pending.items()}
        extra_width = max((len(e) for e in extra.values()), default=0)
        self.say(
            "  "
            + "Player".ljust(name_width)
            + "Cards  Down  Buys left  Score"
            + " " * extra_width
            + "  (▶ decides now)",
            person=False,
        )
        for seat in seats:
            buys = "∞" if seat.buys_left is None else seat.buys_left
            row = (
                f"{'▶' if seat.to_act else ' '} {titles[seat.seat].ljust(name_width)}"
                f"{seat.hand_size:>5}  {'yes' if seat.down else 'no':<4}  {buys:>9}  "
                f"{seat.score:>5}{extra.get(seat.seat, ''):<{extra_width}}"
            )
            if seat.coins is not None:
                row += f"  coins {seat.coins}"
            self.say(row.rstrip(), person=False)
            if seat.hand is not None:
                self.say(f"    {' ' * name_width}{self._cards([f.card for f in seat.hand])}")
            if seat.picked_up:  # everyone saw them go in, your own included
                picked = self._cards([f.card for f in seat.picked_up])
                self.say(f"    {' ' * name_width}{seat.picked_words} {picked}", person=False)
        if pending:
            self.say(_pending_line(pending, self.names, self.human), person=False)
        self.say()
        melds = sorted(
            (
                (m, "" if g.owner is None else self.seating.title(g.owner))
                for g in v.melds
                for m in g.melds
            ),
            key=lambda pair: pair[0].index,
        )
        if melds:
            self.say("  Table")
            for line in _meld_rows(melds, self._cards):
                self.say(line, person=False)
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

    def _deciding(self, model: TableModel) -> str:
        """Who decides what, and the question put to the human (the table model's words). A
        card to give or a cut is asked in the prompt's own words, which would repeat the
        header's ("You must give Cleo a card. You must give Cleo a card."). A buy is asked as
        a yes-or-no question that says what it costs."""
        text = model.view.header.deciding
        prompt = model.view.prompt
        if prompt is not None and prompt.kind is PromptKind.BUY and prompt.card is not None:
            mine = next(seat for seat in model.view.seats if seat.seat == self.human)
            text = f"{text} {_buy_question(prompt.card.card, prompt.price, mine.buys_left)}"
        elif prompt is not None:
            repeats = prompt.kind in (PromptKind.GIVE, PromptKind.CUT)
            text = prompt.text if repeats else f"{text} {prompt.text}"
        return textwrap.fill(">> " + text, width=_SCREEN - 1, subsequent_indent="   ")


def help_lines(rules: Rules, contract: Contract, topic: str | None = None) -> list[str]:
    """What ``help`` prints for a match under ``rules`` in a deal of ``contract`` (the ``down``
    example is that contract's); with ``topic`` (a command's own name, or ``"go"`` for go down
    and go out), its lines alone."""
    example = contract_example(contract, rules.aces)
    entries = [(topics, text) for topics, text in _HELP if topic is None or topic in topics]
    lines = [] if topic is not None else ["Commands (any case):"]
    for _, text in entries:
        lines += text.format(example=example).splitlines()
    if topic is not None:  # a command that takes a card says how to write one (x 3 too)
        takes_cards = any(_TAKES_CARDS.intersection(topics) for topics, _ in entries)
        return lines + (_HELP_CARDS.splitlines() if takes_cards else [])
    lines += _HELP_CARDS.splitlines()
    if rules.failed_going_down_penalty:  # a mistyped card number would cost real points
        lines += textwrap.wrap(
            f"Under {rules.name} rules a failed attempt to go down costs "
            f"{rules.failed_going_down_penalty} points: check your melds first (hint shows them "
            "when you can go down).",
            _SCREEN - 1,
        )
    lines.append(f"How to play: type rules. Every rule of this match: liverpool rules {rules.name}")
    return lines


def _panel_rows(panel: DealEnd, show: Callable[[Card], str]) -> list[str]:
    """The end-of-deal panel's rows: each hand left, its cards sorted as a hand is shown (each
    written by ``show``) with their points, on an 80-column screen, columns in line."""
    width = max(8, *(len(h.name) + 2 for h in panel.hands))
    score_width = max(5, *(len(h.score) for h in panel.hands))
    total_width = max(5, *(len(str(h.total)) for h in panel.hands))
    rows = []
    for h in panel.hands:
        head = f"  {h.name.ljust(width)}{h.score:>{score_width}}   total {h.total:<{total_width}} "
        if h.went_out:
            rows.append(head + "went out")
            continue
        pairs = sorted(
            zip(h.cards, h.card_points, strict=True), key=lambda pair: pair[0].card.sort_key()
        )
        items = [f"{show(f.card)}:{p}" for f, p in pairs] or ["no cards"]
        # the sum is one item: "= 105, +200 penalty" is never broken across lines
        items.append(f" = {h.hand_points}" + (f", {h.adjustment}" if h.adjustment else ""))
        lines = _fill(items, _SCREEN - len(head))
        rows.append(head + lines[0])
        rows += [" " * len(head) + line for line in lines[1:]]
    return rows


def _pad_rows(pad: ScorePad, names: Sequence[str], rules: Rules) -> list[str]:
    """The score pad's rows under its title: the players (``names``), each deal, the totals."""
    widths = [max(6, len(n) + 2) for n in names]
    label = 2 + max(len(f"{d}  {rules.contract(d).short()}") for d in range(1, rules.deals + 1))

    def cells(values: Sequence[object]) -> str:
        return "".join(str(v).rjust(w) for v, w in zip(values, widths, strict=True))

    rows = ["  " + "Deal".ljust(label) + cells(names)]
    rows += ["  " + f"{r.deal}  {r.contract}".ljust(label) + cells(r.cells) for r in pad.rows]
    rows.append("  " + "Total".ljust(label) + cells(pad.totals))
    return rows


def _meld_rows(
    melds: Sequence[tuple[MeldView, str]], show: Callable[[Sequence[Card]], str]
) -> list[str]:
    """The melds on the table, one row each: number, owner, description, cards (written by
    ``show``). The description column is capped so that the cards stay on an 80-column
    screen; a longer description goes on in the same column on the lines below."""
    owner_width = max(len(owner) for _, owner in melds)
    cards = {m.index: show([f.card for f in m.cards]) for m, _ in melds}
    lead = 2 + 3 + 2 + owner_width + 2
    room = _SCREEN - lead - 2 - max(_width(c) for c in cards.values())
    desc_width = min(max(_width(m.describe) for m, _ in melds), max(_DESC_LEAST, room))
    rows = []
    for meld, owner in melds:
        parts = _wrap_words(meld.describe, desc_width)
        rows.append(
            f"  {meld.index + 1:>3}  {owner.ljust(owner_width)}  "
            f"{_ljust(parts[0], desc_width)}  {cards[meld.index]}"
        )
        rows += [" " * lead + part for part in parts[1:]]
    return rows


def _standings(scores: Sequence[int], winners: Sequence[int], titles: Sequence[str]) -> list[str]:
    """The final standings, best first, then the line naming the winner (or the tied ones)."""
    order = sorted(range(len(scores)), key=lambda i: (scores[i], i))
    width = max(10, *(len(t) for t in titles))
    rows = [f"  {k}. {titles[s]:<{width}} {scores[s]:>5}" for k, s in enumerate(order, start=1)]
    best = counted(min(scores), "point")
    names = [titles[i] for i in winners]
    if len(names) == 1:
        rows.append(f"Winner: {names[0]} with {best}.")
    else:
        rows.append(f"Winners (a tie): {' and '.join(names)} with {best}.")
    return rows


def _check_numbers(game: Game, action: Action) -> None:
    """Refuse meld and place numbers that do not exist, counting from 1 as shown."""
    if not isinstance(action, LayOff | SwapWild) or game.phase is not Phase.PLAY:
        return
    if _closed_before_any_meld(game, action):
        return
    table = game.table
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
        meld = table[action.meld]
        size = len(meld.cards)
        if not 0 <= action.position < size:
            raise IllegalAction(
                f"Meld {action.meld + 1} has {size} places: say a place from 1 to {size} "
                "(counting its cards from the left)."
            )
        rules = game.rules
        wilds = meld.wild_positions(rules)
        if rules.wild_swap is not WildSwap.NONE and action.position not in wilds:
            where = (
                "it holds no wild card"
                if not wilds
                else f"its wild is at place {wilds[0] + 1}"
                if len(wilds) == 1
                else f"its wilds are at places {' and '.join(str(w + 1) for w in wilds)}"
            )
            raise IllegalAction(
                f"There is no wild card at place {action.position + 1} of meld "
                f"{action.meld + 1}: {where} (places count the meld's cards from the left, "
                "from 1)."
            )


def _check_groups(game: Game, seat: int, action: Action) -> None:
    """Refuse a ``down`` whose melds are not as many as the contract asks (one group with
    no ``|``, or a separator too many or too few), before the game sees it: that is a
    typing slip, worth a pointer to ``|``, never a failed attempt (which some rules fine).
    """
    if not isinstance(action, GoDown) or game.phase is not Phase.PLAY:
        return
    if game.is_down(seat):
        return
    contract = game.contract
    wanted = len(contract.requirements)
    given = len(action.melds)
    if given == wanted:
        return
    example = contract_example(contract, game.rules.aces)
    what = (
        "Those cards are one group with no | between melds"
        if given == 1
        else f"That is {counted(given, 'meld')}"
    )
    cost = (
        " Nothing was played and no points were added (a failed attempt to go down costs "
        f"{game.rules.failed_going_down_penalty} under these rules)."
        if game.rules.failed_going_down_penalty
        else " Nothing was played."
    )
    raise IllegalAction(
        f"{what}, but this deal's contract is {contract.short()}: "
        f"{counted(wanted, 'meld')} at once. Separate the melds with |, e.g. {example}." + cost
    )


def _pending(game: Game) -> dict[int, list[tuple[int, str]]]:
    """Each seat's points announced in this deal and not yet on the score pad (a failed
    attempt to go down, an exact cut's bonus): the view's ``deal_penalties``, told apart by
    the deal's failed attempts (each costs the rules' penalty; the rest is the cut)."""
    rules = game.rules
    failed: Counter[int] = Counter()
    for event in reversed(game.log):
        if event.kind in (EventKind.NEW_DEAL, EventKind.DEALT, EventKind.DEAL_OVER):
            break
        if event.kind is EventKind.FAILED_GO_DOWN and event.player is not None:
            failed[event.player] += 1
    pending: dict[int, list[tuple[int, str]]] = {}
    for seat, total in enumerate(game.view(0).deal_penalties):
        charged = failed[seat] * rules.failed_going_down_penalty
        items = [(rules.failed_going_down_penalty, "failed going down")] * failed[seat]
        if total != charged:
            items.append((total - charged, "exact cut"))
        if items:
            pending[seat] = items
    return pending


def _pending_line(
    pending: Mapping[int, Sequence[tuple[int, str]]], names: Sequence[str], human: int
) -> str:
    """Under the players: the points of this deal not yet in the Score column."""
    parts = []
    for seat in sorted(pending):
        items = pending[seat]
        who = "you" if seat == human else names[seat]
        reasons = []
        for reason in dict.fromkeys(r for _, r in items):
            points = [p for p, r in items if r == reason]
            what = (
                "an exact cut"
                if reason == "exact cut"
                else f"{'a' if len(points) == 1 else len(points)} failed "
                f"{'attempt' if len(points) == 1 else 'attempts'} to go down"
            )
            reasons.append(f"{signed_points(sum(points))} for {what}")
        parts.append(f"{who} {', '.join(reasons)}")
    return "  Not yet in the scores (added when this deal ends): " + "; ".join(parts) + "."


def _buy_question(card: Card, price: int, buys_left: int | None) -> str:
    """The buy question (the table's words, :func:`~liverpool.table_model.buy_question`):
    "Buy the 7♦? You also take a penalty card from the stock (2 cards in all). … Answer buy
    or pass (y/n)."""
    return f"{buy_question(card, price, buys_left)} {sentence(_BUY_ANSWER)}"


_BUY_ANSWER = "answer buy or pass (y/n)"
"""How a buy question is answered: asked in these words, and said again in the same words to
a line that does not answer it."""


def _moves_now(legal: Sequence[Action]) -> list[str]:
    """The moves of this moment as the prompt writes them, each kind once ("draw", "buy (y)",
    "cut N (1-107)": a cut with the range of this shoe)."""
    kinds: list[str] = []
    for action in legal:
        usage = _PROMPT_USAGE[type(action)]
        if isinstance(action, Cut):
            usage = f"cut N (1-{_most_cut(legal)})"
        if usage not in kinds:
            kinds.append(usage)
    return kinds


_PROMPT_USAGE: dict[type, str] = {
    DrawStock: "draw",
    TakeDiscard: "take",
    Buy: "buy (y)",
    Pass: "pass (n)",
    GoDown: "down CARDS | CARDS",
    GoOut: "out",
    LayOff: "lay CARD MELD [low|high]",
    SwapWild: "swap CARD MELD [PLACE]",
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

_HELP: tuple[tuple[tuple[str, ...], str], ...] = (
    (("draw",), "  draw, d             draw from the stock (leaving the discard)"),
    (("take",), "  take, t             take the top card of the discard pile"),
    (
        ("buy", "pass"),
        "  buy, b, y           buy the offered discard out of turn: you also take a penalty\n"
        "                      card from the stock\n"
        "  pass, p, n          do not buy it (or do not call on a discard)",
    ),
    (
        ("down", "go"),
        "  down CARDS | CARDS  go down: all the melds of this deal's contract at once,\n"
        "                      separated by | (or /), e.g. {example}\n"
        "                      (runs lowest card first)",
    ),
    (
        ("lay",),
        "  lay CARD MELD       lay a card off on a meld of the table (numbered as shown);\n"
        "                      add low or high when it fits at either end of a run",
    ),
    (
        ("swap",),
        "  swap CARD MELD [PLACE]\n"
        "                      put a natural card in place of the wild at PLACE of MELD;\n"
        "                      places count the meld's cards from the left, from 1 (leave\n"
        "                      PLACE out when the meld holds one wild)",
    ),
    (
        ("discard",),
        "  discard CARD, x     discard a card, ending your turn (your last card goes out)",
    ),
    (("out", "go"), "  out                 go out with the whole hand, where the deal allows it"),
    (
        ("call", "liverpool"),
        "  call / liverpool    call rummy / call Liverpool on the last discard",
    ),
    (("give",), "  give CARD           give a card to the player caught by a rummy call"),
    (("cut",), "  cut N               cut the cards, aiming to lift N cards"),
    (("hint",), "  hint, h, ?          ask the coach for a move and why"),
    (
        ("rules",),
        "  rules               how to play: this deal's contract, sets, runs, going down\n"
        "                      and out, and what is special about these rules",
    ),
    (("table",), "  table               draw the table again"),
    (("help",), "  help [COMMAND]      this list, or the lines about one command (help buy)"),
    (("quit",), "  quit, q             stop (the game is saved if you gave --save)"),
)
"""The lines of ``help``, each under the commands it is about (``help buy`` shows one entry;
``help go``, those of go down and go out).
``{example}`` is this deal's contract as a ``down`` command (:func:`contract_example`)."""

_HELP_CARDS = """\
Cards: 7H 7♥ 10h TD qs; a joker is JK or *. You may also give a card by the number shown
above it in your hand, e.g. x 3 discards card number 3; when you hold a 3 that is not
card number 3, x 3 is refused and asks you to name the card (x 3♥)."""
"""How to write a card, under the full help and under ``help`` on a command that takes one."""


def contract_example(contract: Contract, aces: AceMode = AceMode.LOW_OR_HIGH) -> str:
    """A ``down`` command that lays ``contract`` (``'down 7H 7C 7S | 8H 8C 8S'``): an example
    of its melds, each as long as the contract asks, separated by ``|``."""
    melds: list[str] = []
    set_rank, run_suits = 7, iter("SDCHSDCH")
    for req in contract.requirements:
        if req.kind is MeldKind.SET:
            melds.append(" ".join(f"{set_rank}{'HCSD'[i % 4]}" for i in range(req.min_length)))
            set_rank += 1
            continue
        suit = next(run_suits)
        length = min(req.min_length, 13)
        start = 3 if 3 + length - 1 <= 13 else (1 if aces is AceMode.LOW_OR_HIGH else 15 - length)
        melds.append(" ".join(f"{_RANK_CODES[v]}{suit}" for v in range(start, start + length)))
    return "down " + " | ".join(melds)


_RANK_CODES = {v: {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(v, str(v)) for v in range(1, 15)}


def how_to_play(rules: Rules, deal: int) -> list[str]:
    """What the ``rules`` command prints: deal ``deal``'s contract, what sets and runs are,
    going down, laying off, going out, scoring and buying, then what is notable about these
    rules — every line worded from ``rules`` and the contract, whatever the preset."""
    words = rules.describe()
    contract = rules.contract(deal)
    notes = contract.describe()
    notes = notes[notes.find("(") + 1 : -1] if "(" in notes else ""
    wilds = (["jokers"] if rules.has_jokers else []) + (
        [words["wild_ranks"]] if rules.wild_ranks else []
    )
    paragraphs = [
        f"Goal: {rules.deals} deals. When a deal ends, the cards left in your hand count against "
        f"you ({words['card_points']}); the lowest total after deal {rules.deals} wins.",
        f"This deal ({deal} of {rules.deals}): the contract is {contract.short()}"
        + (f" ({notes})." if notes else "."),
        "A set is 3 or more cards of one rank (7H 7C 7S); a run is 4 or more cards of one suit "
        f"in a row (5H 6H 7H 8H; aces {words['aces']}).",
    ]
    if wilds:
        paragraphs.append(
            f"Wild cards ({' and '.join(wilds)}) stand for any card. In a set: "
            f"{words['set_wilds']}; in a run: {words['run_wilds']}."
        )
    paragraphs += [
        "Going down: once per deal, in your turn, lay the whole contract at once, e.g. "
        f"{contract_example(contract, rules.aces)}. {contract.going_down.doc}",
        "Laying off: once you are down, add cards to any meld on the table "
        f"({words['lay_off']}), e.g. lay 9H 2.",
        "Going out: the first to be rid of every card ends the deal and scores 0. "
        + contract.going_out.doc,
    ]
    special = [
        (d, rules.contract(d).describe())
        for d in range(1, rules.deals + 1)
        if d != deal and not rules.contract(d).describe().endswith("cards dealt)")
    ]
    if special:
        paragraphs.append(
            "Deals with a rule of their own: "
            + "; ".join(f"deal {d}, {text[text.find(':') + 2 :]}" for d, text in special)
            + "."
        )
    if rules.buying:
        paragraphs.append(
            "Buying: when a player leaves the discard, the others may buy it out of turn; a buy "
            f"costs {words['buy_penalty_cards']}."
        )
    lines = [f"How to play ({rules.name} rules):"]
    for text in paragraphs:
        lines += textwrap.wrap(
            text, _SCREEN - 2, initial_indent="  ", subsequent_indent="    ", break_on_hyphens=False
        )
    notable = _notable(rules, words)
    if notable:
        lines.append("  Also under these rules:")
        for text in notable:
            lines += textwrap.wrap(
                text,
                _SCREEN - 2,
                initial_indent="  - ",
                subsequent_indent="    ",
                break_on_hyphens=False,
            )
    lines.append(f"  Every rule, one by one: liverpool rules {rules.name}")
    return lines


def _notable(rules: Rules, words: Mapping[str, str]) -> list[str]:
    """What these rules add to the plain game, one short line each (from the rules' values)."""
    lines = []
    if rules.failed_going_down_penalty:
        lines.append(
            f"a failed attempt to go down costs {rules.failed_going_down_penalty} points: "
            "check your melds first"
        )
    if rules.exact_cut_bonus:
        lines.append(
            f"the cut: lifting exactly the cards dealt and the upcard takes "
            f"{rules.exact_cut_bonus} points off the cutter's score"
        )
    if rules.must_keep_card:
        lines.append("going down must leave you a card to discard")
    if rules.wild_swap is not WildSwap.NONE:
        lines.append(f"swapping a wild out of a meld: {words['wild_swap']} (swap)")
    if rules.buying:
        if rules.buy_priority is BuyPriority.FIRST_TO_CALL:
            lines.append("when several want to buy, the first to call buys")
        if not rules.down_players_may_buy:
            lines.append("players who are down may not buy")
        for key in ("max_buys_per_match", "max_buys_per_deal"):
            if getattr(rules, key) is not None:
                lines.append(f"{key.removeprefix('max_').replace('_', ' ')}: {words[key]}")
        if rules.buy_coins is not None:
            lines.append(f"buy coins: {words['buy_coins']}")
    if rules.discard_draw_penalty:
        lines.append(f"taking the discard as your draw also takes {words['discard_draw_penalty']}")
    if rules.floating:
        lines.append("a hand emptied without going out floats until its player goes out")
    if rules.rummy_call is not RummyCall.NONE:
        lines.append(f"rummy call on a playable discard: {words['rummy_call']} (call)")
    if rules.liverpool_call:
        lines.append("Liverpool call on a playable discard (liverpool)")
    if rules.buy_timer_seconds or rules.idle_turn_seconds:
        lines.append("these rules' clocks are not used here: take your time")
    return lines


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal (the joker is two columns wide)."""
    return len(text) + text.count("🃏")


def _ljust(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _wrap_words(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken between words (a word too long
    for a line of its own is cut with …); jokers count two columns."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while _width(word) > width:
            cut = word
            while _width(cut) > width - 1:
                cut = cut[:-1]
            if line:
                lines.append(line)
                line = ""
            lines.append(cut + "…")
            word = word[len(cut) :]
        if not line:
            line = word
        elif _width(line) + 1 + _width(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line or not lines:
        lines.append(line)
    return lines


def _turn_before(view: PlayerView) -> int:
    """The match's turn count just before the first turn of the deal ``view`` opens (its cut,
    where the deal has one, comes before that turn)."""
    return view.turn_no - (0 if view.phase is Phase.CUT else 1)


def _first_turn(game: Game) -> int:
    """:func:`_turn_before` for the deal ``game`` is in (its record replayed once: a resumed
    game's earlier turns were not watched here)."""
    replay = Game.from_setup(game.setup)
    deal, first = replay.deal, _turn_before(replay.view(0))
    for action in game.actions:
        replay.apply(action)
        if replay.deal != deal:
            deal, first = replay.deal, _turn_before(replay.view(0))
    return first


def _fill(items: Sequence[str], width: int) -> list[str]:
    """``items`` joined by spaces in lines of at most ``width`` columns, never breaking one."""
    lines = [""]
    for item in items:
        joined = f"{lines[-1]} {item}" if lines[-1] else item
        if lines[-1] and _width(joined) > width:
            lines.append(item.lstrip())
        else:
            lines[-1] = joined
    return lines


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
        who = f"{level} bots, seed {game.seed}" if load is None else f"you at seat {human}"
        rules = game.rules
        banner = [f"Liverpool Rummy — {rules.name} rules, {game.players} players, {who}."]
        if load is not None:
            banner[0] = banner[0].removesuffix(".") + f" against {level} bots."
            banner.append("(A saved game does not keep how its bots played: --level chooses.)")
        banner += [
            "Type 'help' for the commands, 'rules' for how to play.",
            f"Every rule of this match: liverpool rules {rules.name}",
        ]
        if rules.failed_going_down_penalty:
            banner.append(
                f"Careful: under {rules.name} rules a 'down' that does not make the contract "
                f"costs {rules.failed_going_down_penalty} points."
            )
        for text in banner:
            for line in textwrap.wrap(text, _SCREEN - 1, break_on_hyphens=False):
                terminal.say(line)
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
