"""Bots: players that see only a :class:`~liverpool.PlayerView` and the legal actions.

A bot is anything with ``act(view, legal) -> Action``. Bots never get the :class:`Game`, so
they cannot peek at other hands or the stock.
"""

from __future__ import annotations

from .base import Bot
from .basic import BasicBot
from .random_bot import RandomBot
from .strong import StrongBot

__all__ = ["BasicBot", "Bot", "RandomBot", "StrongBot"]
