"""The files a learner names: a saved game to read, a file to write. One wording for each way
it can fail, whichever front end asked (``liverpool play``, ``liverpool review``, the
``Review`` widget, ``liverpool simulate --out``, ``liverpool serve --db``).

Why a module of its own: each front end used to word a missing file, a folder, a picture
passed for a record or a failed write its own way, and some let the exception escape as a
traceback that lost a match. These functions answer in a sentence and never raise anything
but :class:`~liverpool.RecordError` (reading) or :class:`OSError` (writing, which the caller
words with :func:`write_problem`).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from .errors import RecordError

__all__ = ["read_saved_game", "unwritable", "write_atomically", "write_problem"]


def _quoted(path: str | os.PathLike[str]) -> str:
    return repr(os.fspath(path))


def read_saved_game(path: str | os.PathLike[str]) -> str:
    """The text of the saved game at ``path``.

    Raises :class:`~liverpool.RecordError` naming the file when it is missing, a folder, not
    text (a picture passed by mistake) or unreadable; what the text holds is
    :meth:`Game.from_json <liverpool.Game.from_json>`'s to judge.
    """
    where = _quoted(path)
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"there is no file {where}") from None
    except IsADirectoryError:
        raise RecordError(f"{where} is a folder, not a saved game") from None
    except UnicodeDecodeError:
        raise RecordError(f"{where} is not a saved game (it is not text)") from None
    except OSError as exc:
        raise RecordError(f"cannot read {where}: {exc.strerror or exc}") from None


def unwritable(path: Path) -> str | None:
    """Why a file cannot be written at ``path`` (its folder is missing, or it is a folder, or
    the system refuses it), or ``None``: asked before the work starts, so a match or a run is
    not lost at the end. A file that does not exist yet is made and removed again to ask the
    system (a read-only folder, or ``/proc``, refuses only then). A write can still fail later,
    for reasons no check foresees: see :func:`write_problem`."""
    if path.is_dir():
        return f"cannot write {path}: it is a folder; name a file in it"
    if not path.parent.is_dir():
        return f"cannot write {path}: the folder {path.parent} does not exist"
    if path.exists():  # asked about, not opened: a pipe or a device may block on opening
        return None if os.access(path, os.W_OK) else f"cannot write {path}: it is read-only"
    try:
        with path.open("x", encoding="utf-8"):
            pass
    except FileExistsError:  # made by someone else in the meantime: theirs to keep
        return None
    except FileNotFoundError:  # the folder is there, yet the system says it is not (/proc)
        return f"cannot write {path}: the folder {path.parent} does not take new files"
    except OSError as exc:
        return write_problem(path, exc)
    with contextlib.suppress(OSError):
        path.unlink()
    return None


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a file beside it, so a failed write leaves any
    earlier copy whole. Raises :class:`OSError` (with the partial file removed)."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise


def write_problem(path: Path, exc: OSError) -> str:
    """A failed write of ``path`` in one sentence ("cannot write game.json: No space left on
    device")."""
    return f"cannot write {path}: {exc.strerror or exc}"
