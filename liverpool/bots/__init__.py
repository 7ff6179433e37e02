"""Bots: players that see only a :class:`~liverpool.PlayerView` and the legal actions.

A bot is anything with ``act(view, legal) -> Action``. Bots never get the :class:`Game`, so
they cannot peek at other hands or the stock. Make them by name with :func:`make` (the
registry every front end uses), and the bot that answers Hint with :func:`coach`. From weakest
to strongest: RandomBot, BasicBot, StrongBot and ExpertBot, which settles StrongBot's close
decisions by playing them out over sampled deals (:mod:`liverpool.evaluate`) and takes up to
about a second a decision.
"""

from __future__ import annotations

from .base import Bot
from .basic import BasicBot
from .expert import ExpertBot
from .random_bot import RandomBot
from .registry import BOTS, LEVELS, bot_level, coach, for_seats, make, seat_seed
from .strong import StrongBot

__all__ = [
    "BOTS",
    "LEVELS",
    "BasicBot",
    "Bot",
    "ExpertBot",
    "RandomBot",
    "StrongBot",
    "bot_level",
    "coach",
    "for_seats",
    "make",
    "seat_seed",
]
