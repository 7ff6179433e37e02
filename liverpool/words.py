"""Small pieces of English shared by every line the engine and its front ends write.

Why a module: "1 cards", "a new stock of 1 cards" and "1 matches" came from counts written
out by hand in each place; a count and its noun are now put together once, here.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["counted", "listed", "noun_for", "possessive", "sentence", "with_article"]


def noun_for(n: int, noun: str, plural: str | None = None) -> str:
    """``noun`` as it follows the count ``n``: plural (``plural``, or ``noun`` + "s") unless
    ``n`` is 1."""
    return noun if n == 1 else (plural or noun + "s")


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun``, the noun plural unless ``n`` is 1: ``counted(1, "card")`` is
    ``"1 card"``, ``counted(3, "match", "matches")`` is ``"3 matches"``."""
    return f"{n} {noun_for(n, noun, plural)}"


def with_article(word: str) -> str:
    """``word`` with its indefinite article: "a king", "an ace", "an eight" (the words the
    engine puts it before, ranks and meld kinds, begin with a vowel sound exactly when they
    begin with a vowel)."""
    return f"{'an' if word[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {word}"


def possessive(seat: int, reader: int | None, names: Sequence[str]) -> str:
    """Seat ``seat``'s possessive as seat ``reader`` reads it: "your" for themselves, else the
    name's ("Ben's"), as in "lay the 7♦ on Ben's set of sevens" (``reader`` ``None``: a
    watcher, for whom every seat is a name)."""
    return "your" if seat == reader else f"{names[seat]}'s"


def sentence(text: str) -> str:
    """``text`` as a sentence to show on its own: a capital first letter and a full stop. The
    engine words its reasons as clauses ("the contract is exactly 2 sets: ...") because many
    are quoted inside other lines; a refusal shown alone reads as a sentence."""
    text = text.strip()
    if not text:
        return text
    return text[:1].upper() + text[1:] + ("" if text[-1] in ".!?" else ".")


def listed(names: list[str], conjunction: str = "and", empty: str = "nobody") -> str:
    """``names`` as a sentence lists them: ``"Ada, Ben and Cleo"`` (or ``"... or ..."``), one
    name alone, ``empty`` for none."""
    if not names:
        return empty
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"
