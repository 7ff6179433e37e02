"""Classroom rooms: ``liverpool serve``, where a class plays Liverpool together.

One server is the host of every room: it runs the engine, the bots and the clocks (the buy
window, the idle turn), stores every action in SQLite before anyone hears of it, and sends
each seat only what that seat may know. Students play in any browser, on the same card table
front end as the notebook; the teacher makes rooms, runs the lobby and projects the table.

Modules: :mod:`~liverpool_rooms.cli` (the command), :mod:`~liverpool_rooms.server` (the
Starlette application), :mod:`~liverpool_rooms.room` (one room: seats, game, bots, clocks),
:mod:`~liverpool_rooms.store` (the SQLite store), :mod:`~liverpool_rooms.protocol` (the
messages), :mod:`~liverpool_rooms.tables` (the card table's model for each seat),
:mod:`~liverpool_rooms.pages` (the pages), :mod:`~liverpool_rooms.qr` and
:mod:`~liverpool_rooms.notebook` (``join`` and ``host_room``: rooms from a notebook).

The wire protocol is a contract: ``docs/protocol.md``;
``docs/rooms.md`` explains the design. The server imports the engine, never the widgets'
Python code (the pages only read ``table.js`` and ``table.css`` from their folder); ``join``
and ``host_room`` load the notebook's widget when they are called.
"""

from __future__ import annotations

from .notebook import host_room, join

__all__ = ["__version__", "host_room", "join"]

__version__ = "0.1.0"
