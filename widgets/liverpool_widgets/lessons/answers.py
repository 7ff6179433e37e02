"""Reading a learner's answer: one place that turns what people type into a number.

Every exercise and quiz that asks "how many" reads the answer here, so ``42``, ``"42"``,
``"42 points"`` and ``42.0`` mean the same everywhere, and ``True`` (a bool is an int in
Python) or ``"forty"`` are never taken for a number.
"""

from __future__ import annotations

__all__ = ["whole_number"]

UNITS = ("points", "point", "pts", "cards", "card")
"""Words a learner may write after the number; they are dropped before reading it."""


def whole_number(answer: object) -> int | None:
    """The whole number ``answer`` says (``42``, ``"42"``, ``"42 points"``, ``42.0``), or
    ``None`` when it says none."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return answer
    if isinstance(answer, float):
        return int(answer) if answer.is_integer() else None
    if not isinstance(answer, str):
        return None
    text = answer.strip()
    for unit in UNITS:
        if text.endswith(unit):
            text = text.removesuffix(unit).strip()
            break
    return int(text) if text.lstrip("-").isdigit() else None
