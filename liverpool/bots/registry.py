"""Every bot by name: the one way the terminal, ``simulate``, ``play()`` and the lessons make
their opponents, so the same seed gives the same opponents everywhere.

``make("strong", seed)`` builds one bot; :func:`seat_seed` turns a game's seed and a seat into
that seat's bot seed (a stable hash, so every process and machine agrees, and unrelated to the
game's own shuffles); :func:`for_seats` seats a whole table; :func:`coach` makes the bot that
answers Hint, so one game gets the same hints on every screen.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from ..errors import LiverpoolError
from .base import Bot
from .basic import BasicBot
from .expert import ExpertBot
from .random_bot import RandomBot
from .strong import StrongBot

__all__ = ["BOTS", "COACH_SEAT", "LEVELS", "coach", "for_seats", "make", "seat_seed"]

BOTS: Mapping[str, Callable[[int], Bot]] = MappingProxyType(
    {"random": RandomBot, "basic": BasicBot, "strong": StrongBot, "expert": ExpertBot}
)
"""Each bot level's name and its maker (``seed -> Bot``), weakest first."""

LEVELS: tuple[str, ...] = tuple(BOTS)
"""The bot names every front end accepts, weakest first."""


def bot_level(name: object) -> str:
    """The level ``name`` names (any case, spaces around ignored), as :data:`LEVELS` spells it.

    An unknown name raises :class:`~liverpool.LiverpoolError` (a ``ValueError``) listing the
    names there are: the one wording of that mistake for ``play``, ``simulate`` and the
    notebook tables.
    """
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in BOTS:
        raise LiverpoolError(f"there is no bot called {name!r}; choose from: {', '.join(LEVELS)}")
    assert isinstance(key, str)
    return key


def make(name: str, seed: int = 0) -> Bot:
    """A fresh bot from its level name (any case) and seed (an unknown name: as
    :func:`bot_level`)."""
    return BOTS[bot_level(name)](seed)


def seat_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game seeded ``game_seed``: a stable hash (not
    Python's per-process ``hash``), so every process and machine agrees."""
    digest = hashlib.blake2b(f"liverpool-bot:{game_seed}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def for_seats(level: str, seats: Iterable[int], game_seed: int) -> dict[int, Bot]:
    """A bot of ``level`` at each of ``seats``, seeded by :func:`seat_seed`."""
    return {seat: make(level, seat_seed(game_seed, seat)) for seat in seats}


COACH_SEAT = -1
"""The seat number the coach's seed is hashed with (:func:`seat_seed`): no real seat, so the
coach never shares a seed, and so a sampling stream, with an opponent at the table."""


def coach(game_seed: int, level: str = "strong") -> BasicBot:
    """The bot that answers Hint in the game seeded ``game_seed``: a ``level`` bot seeded
    ``seat_seed(game_seed, COACH_SEAT)``.

    Every screen (the terminal, the notebook table, the site) makes its coach here, so one game
    asks the same coach and gets the same advice on each: the strong coach samples the unseen
    cards with its own generator, and a seed chosen per screen made its hints differ. The random
    bot cannot coach (it has no reason to give), so it raises
    :class:`~liverpool.LiverpoolError`, as an unknown name does.
    """
    bot = make(level, seat_seed(game_seed, COACH_SEAT))
    if not isinstance(bot, BasicBot):
        able = [
            n
            for n, maker in BOTS.items()
            if isinstance(maker, type) and issubclass(maker, BasicBot)
        ]
        raise LiverpoolError(
            f"the {level} bot cannot coach: it plays at random and has no reason to give; "
            f"choose from: {', '.join(able)}"
        )
    return bot
