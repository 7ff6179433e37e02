"""The card table of a room: the one table model (:mod:`liverpool.table_model`), per seat.

A student's page draws the same ``table.js`` as the notebook's ``CardTable`` widget. As in the
widget, Python decides everything and the page only draws and reports clicks: each seat's
connection holds a :class:`TableSession` (the cards selected, the melds being built, the
player's own order of the hand), the server builds that seat's
:func:`~liverpool.table_model.build_table` model for every ``state`` message, and the page's
clicks come back as table.js's *intents* (``{"type": "table", "intent": {...}}``). What a
click means is decided by the seat's screen the notebook's table uses too
(:class:`~liverpool.table_screen.SeatScreen`): an intent that only selects or sorts cards
changes the session; one that is a move is turned into the action and played through the
room's ``act`` path — the same checks, the same store-before-broadcast, the same errors as a
client's ``act``.

Card pictures are sent once per connection: the model's ``svg`` fields hold a short key, and
the message's ``cards`` holds the SVG of each key the page has not had yet (a table's model
goes from about 100 KB to a few KB).

A projector (a watcher, or the host's page) gets the public model: the table as seen from no
seat, with no hand at all (seat 0's place is left blank and every seat drawn as an opponent),
the public log, and — only on the host's own screen while ``reveal`` is on — every hand face
up, marked as a demonstration.

Every screen, a projector's too, has the table's Deck switch: each connection chooses two
colours or four (:data:`~liverpool.table_model.DECK_OPTION`), and its pictures are drawn so.
"""

from __future__ import annotations

import asyncio
import functools
import weakref
from collections.abc import Iterator, MutableMapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from liverpool import Card, Game, Phase, Rules
from liverpool.actions import Action, Buy, Pass, action_to_dict
from liverpool.table_model import (
    DECK_OPTION,
    ButtonKind,
    CardFace,
    DealSummary,
    IntentKind,
    SortMode,
    TableModel,
    Zone,
    as_data,
    build_table,
    deal_summaries,
    read_deck_choice,
)
from liverpool.table_screen import STALE, Refused, SeatScreen, pressed, read_intent

from .protocol import Bad, Encoded

if TYPE_CHECKING:
    from .room import Conn, Room

__all__ = ["CARD_WIDTHS", "TableSession", "add_table", "deal_end", "table_intent"]

CARD_WIDTHS = {Zone.HAND: 92, Zone.MELD: 64, Zone.PILE: 84, Zone.OPEN: 52}
"""Pixel width of each zone's card pictures (as the notebook widget draws them)."""

_NOT_IN_A_ROOM: dict[ButtonKind, str] = {
    ButtonKind.HINT: "There are no hints in a room: everyone plays on their own.",
    ButtonKind.UNDO: "Undo is for games against bots; a room's moves are final.",
}
"""The notebook table's buttons a room has not (hidden on its pages), with why not."""


@functools.lru_cache(maxsize=8192)
def _svg(card: Card, zone: Zone, stands_for: str | None, rules: Rules, four_color: bool) -> str:
    from liverpool.render import card_svg

    return card_svg(
        card,
        rules=rules,
        width=CARD_WIDTHS[zone],
        stands_for=stands_for,
        four_color=four_color,
    )


_KEYS: dict[tuple[CardFace, bool], str] = {}


def _key(face: CardFace, four_color: bool) -> str:
    """The face's picture key (a face in four colours is another picture)."""
    key = _KEYS.get((face, four_color))
    if key is None:
        if len(_KEYS) >= 20_000:  # pragma: no cover - only many decks of many rules
            _KEYS.clear()
        key = _KEYS[face, four_color] = face.key(four_color)
    return key


class Pictures:
    """The card pictures one message uses, as keys; :meth:`new` gives the SVG of the keys the
    connection has not been sent yet."""

    def __init__(self, rules: Rules, sent: set[str], four_color: bool = False) -> None:
        self.rules = rules
        self.sent = sent
        self.four_color = four_color
        self.used: dict[str, CardFace] = {}

    def __call__(self, face: CardFace) -> str:
        key = _key(face, self.four_color)
        self.used.setdefault(key, face)
        return key

    def new(self) -> dict[str, str]:
        fresh = {
            key: _svg(face.card, face.zone, face.stands_for, self.rules, self.four_color)
            for key, face in self.used.items()
            if key not in self.sent
        }
        self.sent.update(fresh)
        return fresh


class NotYourTurn(MutableMapping[Action, str]):
    """The engine's refusals for a seat that is not to act, asked once per step of the game
    for the whole room instead of once per button and seat: :meth:`Game.apply
    <liverpool.Game.apply>` refuses every action of a seat out of turn with the same sentence
    (whichever the seat), but a buy, refused with :meth:`Game.why_not_buy
    <liverpool.Game.why_not_buy>`'s when there is one."""

    def __init__(self, game: Game, seat: int, general: str | None = None) -> None:
        if general is None:
            general = game.why_not(Pass(), seat) or ""
        self.general = general
        if game.phase is Phase.MATCH_OVER:
            self.buy = general
        else:
            self.buy = game.why_not_buy(seat) or general
        self.asked: dict[Action, str] = {}

    def __getitem__(self, action: Action) -> str:
        if action in self.asked:
            return self.asked[action]
        return self.buy if isinstance(action, Buy) else self.general

    def __setitem__(self, action: Action, why: str) -> None:
        self.asked[action] = why

    def __delitem__(self, action: Action) -> None:
        del self.asked[action]

    def __contains__(self, action: object) -> bool:
        return True

    def __iter__(self) -> Iterator[Action]:
        return iter(self.asked)

    def __len__(self) -> int:
        return len(self.asked) + 2


class TableSession(SeatScreen):
    """One seat's screen in a room: the :class:`~liverpool.table_screen.SeatScreen` (the
    selection, the melds being built, the hand's order, and what a click means), plus what the
    room adds — the step of the room it follows (``room.seq``), the model built through the
    room (the buy window asks every seat at once), and the card pictures sent."""

    def __init__(self) -> None:
        super().__init__()
        self.four_color = False
        """This screen's deck: two colours or four (its Deck switch)."""
        self.version = -1
        self.refusals: MutableMapping[Action, str] = {}
        self.sent: set[str] = set()
        self.model: TableModel | None = None
        self.data: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        """The inputs of the last model sent and its plain data."""

    # -- keeping up with the game ----------------------------------------------------------
    def sync(self, room: Room, seat: int) -> None:
        """Follow the game: a new step keeps the selection while the hand only grew."""
        if room.seq == self.version:
            return
        assert room.game is not None
        self.follow(room.game.hand(seat))
        self.version = room.seq
        self.refusals = {}

    def build(self, room: Room, seat: int) -> TableModel:
        """This seat's table model now."""
        game = room.game
        assert game is not None
        self.sync(room, seat)
        view = room.view_of(seat)
        legal = room.legal_for(seat)
        deadline = None
        window = room.window
        if game.phase is Phase.BUY and legal and window is not None:
            # The buy window asks everyone at once: the offer is this seat's question now.
            view = replace(view, to_act=seat)
            deadline = window.deadline
        if game.to_act != seat and not self.refusals:
            self.refusals = NotYourTurn(game, seat, _out_of_turn(room, game, seat))
        model = build_table(
            view,
            game,
            legal=legal,
            selected=self.selected,
            staged=self.staged,
            hand_order=self.hand_order(game.hand(seat)),
            events=game.log[-LOG_EVENTS:],
            buy_deadline=deadline,
            undo=None,
            deal_end=deal_end(room),
            version=room.seq,
            refusals=self.refusals,
            four_color=self.four_color,
            confirm=self.confirm_indexes(game.hand(seat)),
            to_seat=True,  # the student's own table: "You passed the K♠", as "You drew the 7♠"
        )
        self.model = model
        return model

    # -- clicks ----------------------------------------------------------------------------
    def handle(self, room: Room, seat: int, intent: dict[str, Any]) -> Action | None:
        """Carry out one click: ``None`` when it only changed the screen, else the move it
        means (for the room to play). :class:`Bad` with the sentence when it is refused."""
        game = room.game
        if game is None:
            raise Bad("The match has not started yet.")
        self.sync(room, seat)
        self.answer()  # any click answers "Go down with these melds?", if it was put
        try:
            if self.stale(intent, room.seq):
                raise Refused(STALE)
            kind, fields = read_intent(intent)
            if kind is IntentKind.PRESS and (why := _NOT_IN_A_ROOM.get(pressed(fields))):
                raise Refused(why)
            return self.resolve(
                fields, game, seat, room.legal_for(seat), lambda: self.build(room, seat).controls
            )
        except Refused as refused:
            raise Bad(str(refused)) from None


LOG_EVENTS = 60
"""How many of the latest events a table's log shows."""

_SUMMARIES: weakref.WeakKeyDictionary[Room, tuple[Game, int, DealSummary | None]] = (
    weakref.WeakKeyDictionary()
)
_PENDING: weakref.WeakKeyDictionary[Room, int] = weakref.WeakKeyDictionary()
_PUBLIC: weakref.WeakKeyDictionary[
    Room, dict[bool, tuple[int, dict[str, Any], dict[str, CardFace]]]
] = weakref.WeakKeyDictionary()
"""The projector's model of each room, one per deck (two colours or four)."""


_OUT_OF_TURN: weakref.WeakKeyDictionary[Room, tuple[Game, int, str]] = weakref.WeakKeyDictionary()


def _out_of_turn(room: Room, game: Game, seat: int) -> str:
    """The engine's sentence refusing a move out of turn, asked once per step of the room (it
    names who is to act, not the seat asking)."""
    seq = len(game.actions)
    cached = _OUT_OF_TURN.get(room)
    if cached is not None and cached[0] is game and cached[1] == seq:
        return cached[2]
    general = game.why_not(Pass(), seat) or ""
    _OUT_OF_TURN[room] = (game, seq, general)
    return general


def deal_end(room: Room) -> DealSummary | None:
    """The last finished deal's summary, for the score pad's deal-end view.

    The game does not keep a finished deal's hands, so
    :func:`~liverpool.table_model.deal_summaries` finds them by replaying the match — up to a
    few hundred milliseconds late in a match. The replay runs on a copy of the game in the
    room's worker thread, never holding up the other rooms; the tables are sent again when
    it is done (until then they show the previous deal's summary, or none)."""
    game = room.game
    assert game is not None
    done = len(game.deal_scores)
    if not done:
        return None
    cached = _SUMMARIES.get(room)
    if cached is not None and cached[0] is game and cached[1] == done:
        return cached[2]
    _summarise(room, game, done)
    cached = _SUMMARIES.get(room)
    return cached[2] if cached is not None and cached[0] is game else None


def _summarise(room: Room, game: Game, done: int) -> None:
    if _PENDING.get(room) == done:
        return
    _PENDING[room] = done
    copy = game.copy()
    if room.executor is None:
        summaries = deal_summaries(copy)
        _SUMMARIES[room] = (game, done, summaries[-1] if summaries else None)
        _PENDING.pop(room, None)
        return
    future = asyncio.get_running_loop().run_in_executor(room.executor, deal_summaries, copy)

    def finished(f: asyncio.Future[tuple[DealSummary, ...]]) -> None:
        if _PENDING.get(room) == done:
            del _PENDING[room]
        if f.cancelled() or f.exception() is not None:
            return
        summaries = f.result()
        _SUMMARIES[room] = (game, done, summaries[-1] if summaries else None)
        if room.game is game:
            room.broadcast()

    future.add_done_callback(finished)


def _hide_hint(controls: dict[str, Any]) -> None:
    for button in controls.get("buttons", []):
        if button.get("kind") in _NOT_IN_A_ROOM:
            button["shown"] = False


def seat_table(room: Room, conn: Conn) -> tuple[dict[str, Any], dict[str, str]]:
    """The model of ``conn``'s seat as plain data, and the card pictures it has not had."""
    session = session_of(conn)
    seat = conn.seat
    assert seat is not None
    game = room.game
    assert game is not None
    # Everything the model is made of: when none of it changed since the last message (a
    # buy answered early, the clock, another screen's click), the same data goes again.
    session.sync(room, seat)
    window = room.window
    key = (
        game,
        room.seq,
        room.status,
        tuple(room.legal_for(seat)),
        None if window is None else window.deadline,
        deal_end(room),
        tuple(session.selected),
        tuple(tuple(g) for g in session.staged),
        session.confirm_indexes(game.hand(seat)),
        tuple(session.order),
        session.sort_mode,
        session.four_color,
    )
    if session.data is not None and _same(session.data[0], key):
        return session.data[1], {}
    model = session.build(room, seat)
    pictures = Pictures(room.rules, session.sent, session.four_color)
    data: dict[str, Any] = dict(as_data(model, pictures))
    _hide_hint(data["controls"])
    data["sort_mode"] = str(session.sort_mode)
    data["four_color"] = session.four_color
    data["interactive"] = room.status == "playing"
    to_act = game.to_act
    data["busy"] = to_act is not None and room.seats[to_act].kind == "bot"
    session.data = (key, data)
    return data, pictures.new()


def _same(old: tuple[Any, ...], new: tuple[Any, ...]) -> bool:
    """The same inputs of a table model (the game and the summary by identity)."""
    return old[0] is new[0] and old[5] is new[5] and old[1:5] == new[1:5] and old[6:] == new[6:]


def public_table(room: Room, conn: Conn) -> tuple[dict[str, Any], dict[str, str]]:
    """The projector's model: every seat as an opponent, no hand, the public log (made once
    per step of the game for every projector of the room, but on a demonstration screen)."""
    session = session_of(conn)
    reveal = conn.host and room.reveal
    four = session.four_color
    shared = _PUBLIC.setdefault(room, {})
    cached = None if reveal else shared.get(four)
    if cached is None or cached[0] != room.seq:
        collect = Pictures(room.rules, set(), four)
        data = _public_model(room, collect, reveal, four)
        cached = (room.seq, data, collect.used)
        if not reveal:
            shared[four] = cached
    _, data, used = cached
    pictures = Pictures(room.rules, session.sent, four)
    pictures.used = used
    return data, pictures.new()


def _public_model(room: Room, pictures: Pictures, reveal: bool, four: bool) -> dict[str, Any]:
    game = room.game
    assert game is not None
    view = game.view(0)
    view = replace(view, hand=(), taken_discard=None, pending_wild=None, may_lay_off=False)
    model = build_table(
        view,
        None,
        interactive=False,
        deal_end=deal_end(room),
        version=room.seq,
        four_color=four,
    )
    data = Encoded(as_data(model, pictures))
    seats = data["view"]["seats"]
    for seat in seats:
        seat["you"] = False
        seat["title"] = seat["name"]
    for group in data["view"]["melds"]:
        group["title"] = group["name"]
    blank = dict(seats[0], seat=-1, name="", title="", hand_size=0, facts="", to_act=False)
    data["view"]["seats"] = [blank, *seats]
    data["view"]["prompt"] = None
    header = data["view"]["header"]
    header["my_turn"] = False
    if not game.is_over:
        header["deciding"] = game.deciding()  # in the third person: nobody is "you" here
    data["log"] = [e.text for e in game.log[-LOG_EVENTS:]]
    data["sort_mode"] = str(SortMode.OWN)
    data["four_color"] = four
    data["interactive"] = False
    data["busy"] = False
    if reveal:
        for seat in seats:
            faces = [
                CardFace(c, Zone.OPEN, c.is_joker or room.rules.is_wild(c))
                for c in game.hand(seat["seat"])
            ]
            seat["hand"] = as_data(tuple(faces), pictures)
        data["view"]["open_hands"] = True
    return data


def session_of(conn: Conn) -> TableSession:
    session: TableSession | None = getattr(conn, "table", None)
    if session is None:
        session = TableSession()
        conn.table = session
    return session


def add_table(room: Room, conn: Conn, message: dict[str, Any]) -> None:
    """Add the table model of ``conn``'s screen to a ``state`` message (for screens that
    asked for it: the room's own pages do)."""
    if not getattr(conn, "wants_table", False) or room.game is None:
        return
    if conn.seat is not None:
        table, cards = seat_table(room, conn)
    else:
        table, cards = public_table(room, conn)
    message["table"] = table
    if cards:
        message["cards"] = cards


def table_intent(room: Room, conn: Conn, intent: Any) -> None:
    """One click on a student's table (see the module's docstring)."""
    if not isinstance(intent, dict):
        raise Bad('A table click is sent as {"type": "table", "intent": {...}}.')
    if intent.get("kind") == IntentKind.OPTION and intent.get("name") == DECK_OPTION:
        _switch_deck(room, conn, intent.get("value"))  # any screen's, a projector's too
        return
    if conn.seat is None:
        raise Bad("Join the room (or come back to your seat) before you play.")
    if room.status != "playing" or room.game is None:
        raise Bad("The match is not being played now.")
    session = session_of(conn)
    action = session.handle(room, conn.seat, intent)
    if action is None:
        room.send_state(conn)
        return
    room.act(conn, action_to_dict(action), intent.get("version"))
    session.selected, session.staged = [], []


def _switch_deck(room: Room, conn: Conn, value: object) -> None:
    """The Deck switch: this screen's cards in two colours or four, drawn again."""
    if room.game is None:
        raise Bad("The match has not started yet.")
    try:
        four = read_deck_choice(value)
    except ValueError as exc:
        raise Bad(str(exc)) from None
    session = session_of(conn)
    session.four_color = four
    session.data = None
    room.send_state(conn)
