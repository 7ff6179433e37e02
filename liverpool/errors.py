"""The few precise errors the engine raises.

Every error is a :class:`ValueError` subclass so that callers who only care that *some* input
was refused can catch one thing, while tests and widgets can tell the kinds apart. Messages are
written for a learner: they quote the bad input and name the rule that refused it.
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "IllegalAction",
    "LiverpoolError",
    "RecordError",
    "RulesError",
    "SeatError",
]


class LiverpoolError(ValueError):
    """Base class of every error raised on purpose by :mod:`liverpool`."""


class CardParseError(LiverpoolError):
    """Card text could not be read; the message quotes the bad token and shows good ones."""


class RulesError(LiverpoolError):
    """A :class:`~liverpool.rules.Rules` value was given a field value it cannot hold.

    The message names the field and the values it accepts; an unknown preset name lists the
    presets that exist.
    """


class IllegalAction(LiverpoolError):
    """An action broke a rule of the game; the game it was offered to is left unchanged."""


class RecordError(LiverpoolError):
    """A saved game record is corrupt, truncated or tampered with, so it was refused."""


class SeatError(IllegalAction):
    """A seat number that is not a seat at this table (``g.view(7)`` with four players, or
    ``-1``); the message names the seats there are.

    It is an :class:`IllegalAction` (docs/rules.md §4, "What bad input gets"): asking about a
    seat that is not there is refused like any other move, so one ``except IllegalAction``
    catches it, while tests and widgets can still tell it apart."""


def quoted(value: object, limit: int = 40) -> str:
    """``value``'s repr for a message, cut to ``limit`` characters: a refusal quotes the bad
    input, but never repeats a page of it back (a 10,000-character token, a huge list). Text is
    cut before it is quoted, so the quote still closes: ``'7777...'``."""
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[: limit - 3] + "...")
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
