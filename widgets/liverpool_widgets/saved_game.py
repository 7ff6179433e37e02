"""The game a widget is given, read from whatever a learner holds it as.

``Review`` and ``Replay`` both start from a played match, and a learner may hold one in any of
these forms: the record's JSON text (``MatchTable.save()``, the Save box), the path of its file
(``liverpool play --save``, a room's downloaded record, ``MatchTable.save(path)``), a
:class:`~liverpool.Game`, or anything holding one as ``.game`` (the ``MatchTable`` that
:func:`~liverpool_widgets.play` returns).

Why one function: each widget used to read its own way, and ``Replay`` took the text alone, so
a file's path got "the saved game is not valid JSON (it may be cut short)", which points at the
wrong cause. Read here, both widgets take the same things and word the same mistakes the same
way, naming the widget that asked.
"""

from __future__ import annotations

import os

import liverpool as lp
from liverpool.files import read_saved_game

__all__ = ["game_of"]


def game_of(record: object, widget: str) -> lp.Game:
    """The game ``record`` holds, for the widget named ``widget`` (named in the messages).

    A live game (or a table's) is copied: the match may go on at its table while the widget
    reads it. Text that does not start with ``{`` is a file's path. A missing, unreadable or
    corrupt record raises :class:`~liverpool.RecordError`; anything else, :class:`TypeError`.
    """
    if isinstance(record, lp.Game):
        return record.copy()
    held = getattr(record, "game", None)
    if isinstance(held, lp.Game):
        return held.copy()
    if isinstance(record, str) and not record.strip():
        raise lp.RecordError(
            f"no saved game was given to {widget}: pass a Game, a table, a record's text or "
            "its file's path"
        )
    if isinstance(record, os.PathLike) or (
        isinstance(record, str) and not record.lstrip().startswith("{")
    ):
        return lp.Game.from_json(read_saved_game(record))
    if isinstance(record, str):
        return lp.Game.from_json(record)
    raise TypeError(
        f"{widget} needs a saved game: its JSON text, the path of its file, a Game, or a table "
        f"holding one (its .game), not {type(record).__name__}"
    )
