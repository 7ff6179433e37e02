"""Bots: players that see only a :class:`~liverpool.PlayerView` and the legal actions.

A bot is anything with ``act(view, legal) -> Action``. Bots never get the :class:`Game`, so
they cannot peek at other hands or the stock. Make them by name with :func:`make` (the
registry every front end uses).
"""

from __future__ import annotations

from .base import Bot
from .basic import BasicBot
from .random_bot import RandomBot
from .registry import BOTS, LEVELS, for_seats, make, seat_seed
from .strong import StrongBot

__all__ = [
    "BOTS",
    "LEVELS",
    "BasicBot",
    "Bot",
    "RandomBot",
    "StrongBot",
    "for_seats",
    "make",
    "seat_seed",
]
