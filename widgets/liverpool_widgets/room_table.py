"""``RoomTable``: the notebook's card table, played in a classroom room instead of on a local game.

It draws with the very same front end as :class:`~liverpool_widgets.table.CardTable` — the same
``static/table.js`` and ``table.css``, the same traits (``view``, ``controls``, ``log``,
``scores``, ``error`` …) — but the model it shows is made by the room server, which builds each
seat's :func:`liverpool.table_model.build_table` model exactly as it does for a student's
page (``liverpool_rooms.tables``). This widget keeps no game and decides nothing: a ``state``
message from the room goes into the traits (:meth:`RoomTable.show_state`, which puts the card
pictures the server sends once back where the model names them, as the student page's
``room-table.js`` does), and every click of ``table.js`` goes to the room as
``{"type": "table", "intent": {...}}`` through the table's :class:`Link`.

The connection itself (a WebSocket to the room, resumed after a disconnect) is
:mod:`liverpool_rooms.notebook`'s; :func:`liverpool_rooms.join` makes both. Shown in a notebook,
the table comes with one line above it saying whom it is connected as, and the lobby until the
match starts (:attr:`RoomTable.status`, names always escaped).
"""

from __future__ import annotations

import html
import threading
from collections.abc import Mapping
from typing import Any, Protocol

import traitlets

from .table import TableFront

__all__ = ["Link", "RoomTable"]

WATCH_ONLY = "This table is for watching only."


class Link(Protocol):
    """What a :class:`RoomTable` sends its messages through (a room connection)."""

    def send(self, message: dict[str, Any]) -> None:
        """Send one protocol message to the room (or show why it cannot be sent)."""

    def close(self) -> None:
        """Leave the room: close the connection and stop reconnecting."""


class RoomTable(TableFront):
    """One screen of a room — a seat's table, or (``scale`` 1.6, not interactive) the
    projector's — drawn by ``table.js`` from the models the room server sends.

    Made by :func:`liverpool_rooms.join` and :func:`liverpool_rooms.host_room`; tests drive it
    as the page would: :meth:`handle_message` with ``table.js``'s intents, and the traits.
    """

    interactive = traitlets.Bool(False).tag(sync=True)
    """Off until the room's model says this seat may act (and never while watching)."""

    status = traitlets.Unicode("")
    """One line of plain text above the table: connection, seat, lobby (not drawn by table.js)."""
    seq = traitlets.Int(-1)
    """The ``seq`` of the state shown (-1 before the match starts)."""

    def __init__(self, *, scale: float = 1.0, watching: bool = False, **kwargs: Any) -> None:
        # Set before the scale is checked: a table refused there is still closed when it is
        # collected, and close() reads these.
        self.link: Link | None = None
        self._panel: Any = None
        super().__init__(scale=self.check_scale(scale), **kwargs)
        self.watching = watching
        self.code = ""
        self.name = ""
        self.seat: int | None = None
        self.token: str | None = None
        """The seat's token (given in ``welcome``): ``join(..., token=...)`` resumes the seat."""
        self.state: dict[str, Any] | None = None
        """The last ``state`` message, without its table model (``view``, ``legal``, …)."""
        self.lobby: dict[str, Any] | None = None
        """The last ``lobby`` message (the seats, the status, the clocks)."""
        self._pictures: dict[str, str] = {}
        self._lock = threading.RLock()

    # -- what the room sends ------------------------------------------------------------------
    def show_state(self, message: Mapping[str, Any]) -> None:
        """Draw a ``state`` message (its ``table`` model; its ``cards`` are the pictures)."""
        with self._lock:
            cards = message.get("cards")
            if isinstance(cards, dict):
                self._pictures.update({str(k): str(v) for k, v in cards.items()})
            self.state = {k: v for k, v in message.items() if k not in ("table", "cards")}
            table = message.get("table")
            if not isinstance(table, dict):
                return
            seq = message.get("seq")
            with self.hold_sync():
                if isinstance(seq, int) and seq != self.seq:
                    self.error = ""  # a message about an older table no longer applies
                    self.seq = seq
                self.interactive = bool(table.get("interactive")) and not self.watching
                self.sort_mode = str(table.get("sort_mode") or "own")
                self.busy = bool(table.get("busy"))
                self.controls = dict(table.get("controls") or {})
                self.log = [str(line) for line in table.get("log") or []]
                self.scores = dict(self._with_pictures(table.get("scores") or {}))
                self.view = dict(self._with_pictures(table.get("view") or {}))
            self._show_lobby()

    def show_lobby(self, message: Mapping[str, Any]) -> None:
        """Keep a ``lobby`` message (the status line lists the seats until the match starts)."""
        with self._lock:
            self.lobby = dict(message)
            self._show_lobby()

    def show_error(self, text: str, *, guide: bool = False) -> None:
        """Show ``text`` where the table shows its messages (as guidance with ``guide``)."""
        with self._lock:
            kind = "guide" if guide else "error"
            with self.hold_sync():
                if text and self.error_kind != kind:
                    self.error_kind = kind
                self.error = text
            if not self.view and text:
                self.status = text  # before the match, table.js draws no message line

    def _with_pictures(self, value: Any) -> Any:
        """The model with each ``svg`` key replaced by its picture (sent once per connection)."""
        if isinstance(value, list):
            return [self._with_pictures(v) for v in value]
        if isinstance(value, dict):
            return {
                k: (
                    self._pictures.get(v, "")
                    if k == "svg" and isinstance(v, str)
                    else self._with_pictures(v)
                )
                for k, v in value.items()
            }
        return value

    def _show_lobby(self) -> None:
        who = "watching" if self.seat is None else f"{self.name or 'you'}, seat {self.seat}"
        room = f"Room {self.code}" if self.code else "Room"
        lobby = self.lobby
        if lobby is None or lobby.get("status") != "lobby":
            over = lobby is not None and lobby.get("status") == "over"
            self.status = f"{room} · {who}" + (" · the match is over" if over else "")
            return
        seats = []
        for s in lobby.get("seats") or []:
            if s.get("kind") == "bot":
                seats.append(f"{s.get('name')} ({s.get('level')} bot)")
            else:
                seats.append(str(s.get("name") or "free seat"))
        self.status = (
            f"{room} · {who} · waiting for the teacher to start · seats: {', '.join(seats)}"
        )

    # -- what the page sends --------------------------------------------------------------------
    def handle_message(self, content: Any) -> None:
        """One intent from ``table.js`` (tests call this with the same dicts): it goes to the
        room, which answers with a new state or an ``error`` sentence. Never raises."""
        try:
            if not isinstance(content, dict) or not isinstance(content.get("kind"), str):
                self.show_error(f"The table received a message it cannot read: {content!r}")
                return
            if self.watching:
                self.show_error(WATCH_ONLY, guide=True)
                return
            if self.seat is None:
                self.show_error("This table has no seat in the room any more.")
                return
            if self.link is None:
                self.show_error("This table is not connected to a room.")
                return
            self.link.send({"type": "table", "intent": content})
        except Exception as exc:  # shown under the widget, never lost
            self.crash = f"{type(exc).__name__}: {exc}"

    def act(self, action: Mapping[str, Any]) -> None:
        """Play ``action`` (as a saved record writes it, e.g. ``{"type": "DrawStock"}``) for
        this seat, answering the state shown (an ``act`` message)."""
        if self.link is None:
            raise ValueError("This table is not connected to a room.")
        message: dict[str, Any] = {"type": "act", "action": dict(action)}
        if self.seq >= 0:
            message["seq"] = self.seq
        self.link.send(message)

    def close(self) -> None:
        """Leave the room (the seat stays yours: ``join`` again with the same name, or with
        :attr:`token`, to come back), then close the widget."""
        link, self.link = self.link, None
        if link is not None:
            link.close()
        if self._panel is not None:
            self._panel.close()
            self._panel = None
        super().close()

    # -- in a notebook ----------------------------------------------------------------------------
    @property
    def panel(self) -> Any:
        """The table under its status line (an ipywidgets ``VBox``): what a notebook shows."""
        if self._panel is None:
            import ipywidgets as w  # type: ignore[import-untyped]

            line = w.HTML(_status_html(self.status))

            def changed(change: dict[str, Any]) -> None:
                line.value = _status_html(str(change["new"]))

            self.observe(changed, names="status")
            self._panel = w.VBox([line, self])
        return self._panel

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.panel._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        who = "watching" if self.seat is None else f"seat={self.seat}"
        return f"RoomTable(code={self.code!r}, {who}, seq={self.seq})"


def _status_html(text: str) -> str:
    style = "font-size:90%;opacity:.8"
    return f'<div class="lpt-room-status" style="{style}">{html.escape(text)}</div>'
