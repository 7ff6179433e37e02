"""RandomBot: uniform over the legal actions, from its own seeded generator.

It plays badly on purpose: random play reaches every corner of the rules, which is what the
simulation gate and the property tests want, and it is the floor the other bots must beat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action
from ..view import PlayerView
from .base import require_choice

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the legal actions; the same seed makes the same choices."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        del view
        require_choice(legal)  # before the draw: an empty choice takes no random number
        return legal[self._rng.randrange(len(legal))]

    def explain(self, view: PlayerView, legal: Sequence[Action]) -> tuple[Action, str]:
        """The action and why: a random bot has no reason but chance."""
        return self.act(view, legal), "Chosen at random."

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"
