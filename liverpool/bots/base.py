"""The bot protocol, and the one refusal every bot gives when it is asked with nothing to
choose from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..errors import IllegalAction
from ..view import PlayerView

__all__ = ["NO_CHOICE", "Bot", "require_choice"]


NO_CHOICE = (
    "No legal action to choose from: it is not this seat's decision. Ask a bot only for the "
    "seat that must decide (game.to_act), with that moment's game.legal_actions()."
)
"""What a bot says when ``legal`` is empty: the caller asked the wrong seat or at the wrong
moment (the game lists no action for a seat that has no decision), which an IndexError from
deep inside a bot would not tell them."""


def require_choice(legal: Sequence[Action]) -> None:
    """Refuse an empty ``legal`` with :class:`~liverpool.IllegalAction` (:data:`NO_CHOICE`).

    Every bot calls this first in ``act`` (and ``explain``), so the mistake is worded once, here,
    for them all; it draws no random number, so a bot's choices are the same with it as
    without it.
    """
    if not legal:
        raise IllegalAction(NO_CHOICE)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions from what its seat may know."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` for ``view.seat``. ``legal`` is never empty when a game asks;
        given an empty one, the package's bots raise :class:`~liverpool.IllegalAction` (see
        :func:`require_choice`, which a bot of your own may call too)."""
        ...
