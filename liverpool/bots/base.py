"""The bot protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..view import PlayerView

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions from what its seat may know."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) for ``view.seat``."""
        ...
