"""The small context every phase works on: the state of the match, its rules, its random
generator and the players' names.

:class:`~liverpool.Game` owns one :class:`Context`; the phase modules
(:mod:`~liverpool.phases.cut`, :mod:`~liverpool.phases.calls`, :mod:`~liverpool.phases.draw`,
:mod:`~liverpool.phases.play`) and the shared turn steps (:mod:`~liverpool.phases.turns`) are
plain functions of it. Nothing here is handed to a player: seats see a
:class:`~liverpool.PlayerView`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import SeatError
from ..rules import Contract, Rules
from ..state import MatchState

__all__ = ["Context"]


@dataclass(slots=True)
class Context:
    """What the rules act on: ``state`` changes through the phase functions only."""

    rules: Rules
    names: tuple[str, ...]
    state: MatchState
    rng: random.Random

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.names)

    @property
    def contract(self) -> Contract:
        """The contract of the current deal."""
        return self.rules.contract(self.state.deal)

    def next(self, seat: int) -> int:
        """The seat clockwise after ``seat``."""
        return (seat + 1) % len(self.names)

    def seat(self, seat: object) -> int:
        """``seat`` itself when it is a seat at this table, else :class:`~liverpool.SeatError`
        naming the seats there are (a negative number never reads a seat from the end)."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names):
            return seat
        seats = ", ".join(f"{i} ({name})" for i, name in enumerate(self.names))
        raise SeatError(f"There is no seat {seat!r} at this table; the seats are {seats}.")

    def copy(self) -> Context:
        """An independent copy: the state's lists are new and the generator is at the same
        point (cards, melds and rules are immutable values and are shared)."""
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return Context(self.rules, self.names, self.state.copy(), rng)
