"""Playing whole matches between bots: :func:`play_match` and its :class:`MatchResult`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bots.base import Bot
from .game import Game
from .rules import Rules

__all__ = ["MatchResult", "play_match"]


@dataclass(frozen=True)
class MatchResult:
    """The outcome of a match: final totals, winning seats (ties share), and the game itself."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    game: Game
    steps: int


def play_match(
    rules: str | Rules | None,
    bots: Sequence[Bot],
    seed: int = 0,
    *,
    names: Sequence[str] | None = None,
    dealer: int = 0,
) -> MatchResult:
    """Play a whole match, one bot per seat, from ``seed``; every bot sees only its own view."""
    game = Game(rules, list(names) if names else len(bots), seed, dealer=dealer)
    steps = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        action = bots[seat].act(game.view(seat), legal)
        game.apply(action)
        steps += 1
    return MatchResult(tuple(game.scores), tuple(game.winners), game, steps)
