"""What :meth:`Game.apply <liverpool.Game.apply>` reports: one readable event per happening.

An event's ``text`` is one English line for logs and tables ("Ada bought the 7♥ and took a
penalty card"). Cards only the acting player may see (a stock draw, a penalty card, a card given
after a rummy call) are kept in ``secret`` and named only in ``private_text``; use
:meth:`Event.for_seat` to get what one seat may read.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, replace

from ._compile import mypyc_attr
from .cards import Card

__all__ = ["Event", "EventKind", "second_person", "signed_points"]


class EventKind(enum.StrEnum):
    """What an :class:`Event` reports. A ``StrEnum``: each member equals its text, which is what
    saved records, room messages and older code compare, so the wire and the files stay the same.
    """

    NEW_DEAL = "new_deal"
    """A deal begins: its contract and who deals."""
    DEALT = "dealt"
    """A stacked deal was laid out (lessons, tests, puzzles)."""
    CUT = "cut"
    """The player right of the dealer cut the shoe (an exact cut takes points off)."""
    UPCARD = "upcard"
    """The upcard starts the discard pile; the player left of the dealer plays first."""
    TAKE_DISCARD = "take_discard"
    """The player whose turn it is took the top discard as their draw."""
    DECLINE = "decline"
    """The player whose turn it is chose the stock over the discard, which is offered to buy
    (the log does not say "passed": Pass is the answer to a buy offer)."""
    DRAW_STOCK = "draw_stock"
    """A card was drawn from the stock (which card only the drawer sees)."""
    PASS_BUY = "pass_buy"
    """A player offered the discard did not buy it."""
    CALL_BUY = "call_buy"
    """A player called to buy (first-to-call rules: the winner is drawn among the callers)."""
    FIRST_CALL = "first_call"
    """Among several who called to buy, this one called first."""
    BUY = "buy"
    """A player bought the discard and took the penalty card(s)."""
    RESHUFFLE = "reshuffle"
    """The stock ran out and the discard pile (but its top card) became a new stock."""
    GO_DOWN = "go_down"
    """A player laid their contract."""
    FAILED_GO_DOWN = "failed_go_down"
    """A going-down attempt that did not make the contract (rules with a penalty for it)."""
    LAY_OFF = "lay_off"
    """A down player added one card to a meld on the table."""
    SWAP_WILD = "swap_wild"
    """A natural took a wild's place in a meld; the wild went to the hand or must be relaid."""
    DISCARD = "discard"
    """A player discarded, ending their turn."""
    PASS_CALL = "pass_call"
    """A player did not call on a playable discard."""
    CALL_RUMMY = "call_rummy"
    """A player called rummy on a down player's playable discard."""
    TAKE_BACK = "take_back"
    """After a rummy call the offender took the discard back and a penalty card."""
    GIVE_CARD = "give_card"
    """After a rummy call a player gave the offender a card (which card only the two see)."""
    CALL_LIVERPOOL = "call_liverpool"
    """A down player called Liverpool and may discard a card of their own."""
    LIVERPOOL_DISCARD = "liverpool_discard"
    """The Liverpool caller's discard."""
    FLOATING = "floating"
    """A hand was emptied without going out: the player floats."""
    GO_OUT = "go_out"
    """A player went out: the deal ends."""
    DEAD_DEAL = "dead_deal"
    """The deal ended with nobody out (no card could be drawn, or too many turns)."""
    DEAL_OVER = "deal_over"
    """The deal's points were added to the score pad (``Event.scores``)."""
    MATCH_OVER = "match_over"
    """The last deal is over: the winners are named."""
    PLAYED_FOR = "played_for"
    """The move reported next is played for its player, not chosen by them (a clock that ran
    out, or their own auto-pass setting: ``Game.apply(..., automatic=True)``), so a log read
    later does not show a student's absence as their choice."""

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        """``EventKind.DISCARD``, which pastes back (an :class:`Event`'s repr holds it), rather
        than the default ``<EventKind.DISCARD: 'discard'>``."""
        return f"EventKind.{self.name}"


@mypyc_attr(acyclic=True)
@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind`` is a short stable name (``"buy"``, ``"go_down"``, ``"deal_over"`` ...), ``player``
    the seat it concerns (``None`` for table events), ``cards`` the public cards involved,
    ``secret`` the cards only ``player`` (and ``also_sees``) may know, ``scores`` the deal's
    points for a ``deal_over`` event.
    """

    kind: EventKind
    text: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    secret: tuple[Card, ...] = ()
    private_text: str = ""
    also_sees: int | None = None
    scores: tuple[int, ...] = ()

    def for_seat(self, seat: int) -> Event:
        """This event as ``seat`` may read it: secret cards removed unless they are theirs."""
        if seat == self.player or seat == self.also_sees or not self.secret:
            return self
        return replace(self, secret=(), private_text="")

    def text_for(self, seat: int) -> str:
        """The line ``seat`` reads: their private wording when the secret is theirs."""
        if self.private_text and seat in (self.player, self.also_sees):
            return self.private_text
        return self.text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        """The kind and the text, then only the fields that say something: a notebook shows the
        events ``apply()`` returns, and with every empty field written out each took about
        190 characters. It pastes back as the same event."""
        extra = (
            ("player", self.player, None),
            ("cards", self.cards, ()),
            ("secret", self.secret, ()),
            ("private_text", self.private_text, ""),
            ("also_sees", self.also_sees, None),
            ("scores", self.scores, ()),
        )
        shown = [f"{name}={value!r}" for name, value, empty in extra if value != empty]
        return f"Event({', '.join([repr(self.kind), repr(self.text), *shown])})"


# Third-person verbs the engine's lines use after a player's name, and their "you" forms.
_YOU_VERBS = {
    "deals": "deal",
    "does": "do",
    "calls": "call",
    "has": "have",
    "is": "are",
    "takes": "take",
    "plays": "play",
    "goes": "go",
    "gets": "get",
    "wins": "win",
    "cuts": "cut",
}


def signed_points(value: int) -> str:
    """A deal's points with their sign, as a score line reads them: leftovers ``+45``, going
    out ``+0``, an exact-cut bonus ``−50`` (a true minus sign, never ``+-50``)."""
    return f"−{-value}" if value < 0 else f"+{value}"


def _you_at(text: str, start: int) -> str:
    """The word for the player at ``start`` of ``text``: "You" where a sentence starts there
    (the line's start, or after ". ", "! " or "? "), else "you", as in "The upcard is the 6♦;
    you play first" and "Ada called rummy: your 5♦ ..." (the engine's lines go on in lower
    case after a colon)."""
    before = text[:start].rstrip()
    return "You" if not before or before[-1] in ".!?" else "you"


def second_person(text: str, name: str = "You") -> str:
    """``text`` (an engine line naming players in the third person) rewritten so that it
    addresses the player called ``name`` as "you".

    The engine writes every line about a seat by its name ("Ada deals.", "Ada's run",
    "Ben gave Ada a card", "Ada laid the 7♦ on their own set"). For the human's own lines a
    table or terminal wants "You deal.", "your run", "Ben gave you a card", "on your own set".
    This is most needed when the human is literally called "You" (the default name), where
    the plain text would read "You deals" and "You's run"::

        >>> second_person("You deals. Ben gave You the 7♥; You's run is long.", "You")
        'You deal. Ben gave you the 7♥; your run is long.'
        >>> second_person("Ada's set of sevens", "Ada")
        'Your set of sevens'

    Names are matched as whole words; text about other players is left alone.
    """
    if not name:
        return text
    who = re.escape(name)
    # "Ada's set" -> "your set" (capitalised at the start of a sentence)
    text = re.sub(
        rf"(^|[.!?]\s+)?\b{who}'s\b",
        lambda m: (m.group(1) + "Your") if m.group(1) is not None else "your",
        text,
    )
    if re.match(rf"\s*{who}\b", text):
        text = text.replace(" their own ", " your own ")
    # "Ada deals" -> "You deal" (the subject); "gave Ada a card" -> "gave you a card"
    text = re.sub(
        rf"\b{who} ({'|'.join(_YOU_VERBS)})\b",
        lambda m: f"{_you_at(m.string, m.start())} {_YOU_VERBS[m.group(1)]}",
        text,
    )
    text = re.sub(rf"(?<=[a-z,;] ){who}\b", "you", text)
    return re.sub(rf"\b{who}\b", "You", text)
