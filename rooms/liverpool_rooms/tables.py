"""The card table of a room: the one table model (:mod:`liverpool.table_model`), per seat.

A student's page draws the same ``table.js`` as the notebook's ``CardTable`` widget. As in the
widget, Python decides everything and the page only draws and reports clicks: each seat's
connection holds a :class:`TableSession` (the cards selected, the melds being built, the
player's own order of the hand), the server builds that seat's
:func:`~liverpool.table_model.build_table` model for every ``state`` message, and the page's
clicks come back as table.js's *intents* (``{"type": "table", "intent": {...}}``). An intent
that only selects or sorts cards changes the session; one that is a move is turned into the
action (with the table model's own :func:`~liverpool.table_model.meld_click` and
:func:`~liverpool.table_model.going_down_melds`) and played through the room's ``act`` path —
the same checks, the same store-before-broadcast, the same errors as a client's ``act``.

Card pictures are sent once per connection: the model's ``svg`` fields hold a short key, and
the message's ``cards`` holds the SVG of each key the page has not had yet (a table's model
goes from about 100 KB to a few KB).

A projector (a watcher, or the host's page) gets the public model: the table as seen from no
seat, with no hand at all (seat 0's place is left blank and every seat drawn as an opponent),
the public log, and — only on the host's own screen while ``reveal`` is on — every hand face
up, marked as a demonstration.
"""

from __future__ import annotations

import asyncio
import functools
import weakref
from collections import Counter
from collections.abc import Iterator, MutableMapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from liverpool import Card, Game, Phase, Rules
from liverpool.actions import (
    Action,
    Buy,
    CallLiverpool,
    CallRummy,
    Cut,
    Discard,
    DrawStock,
    GiveCard,
    GoDown,
    GoOut,
    LayOff,
    Pass,
    SwapWild,
    TakeDiscard,
    action_to_dict,
)
from liverpool.table_model import (
    ButtonKind,
    CardFace,
    DealSummary,
    TableModel,
    Zone,
    as_data,
    build_table,
    deal_summaries,
    going_down_melds,
    meld_click,
)

from .protocol import Bad, Encoded

if TYPE_CHECKING:
    from .room import Conn, Room

__all__ = ["CARD_WIDTHS", "TableSession", "add_table", "deal_end", "table_intent"]

CARD_WIDTHS = {Zone.HAND: 92, Zone.MELD: 64, Zone.PILE: 84, Zone.OPEN: 52}
"""Pixel width of each zone's card pictures (as the notebook widget draws them)."""

SORT_MODES = ("own", "rank", "suit")

STALE = (
    "That click was made on an older picture of the table (it has changed since), so it was "
    "ignored. Look at the table again and click once more."
)

_SIMPLE: dict[ButtonKind, Action] = {
    ButtonKind.DRAW: DrawStock(),
    ButtonKind.TAKE: TakeDiscard(),
    ButtonKind.BUY: Buy(),
    ButtonKind.PASS: Pass(),
    ButtonKind.CALL_RUMMY: CallRummy(),
    ButtonKind.CALL_LIVERPOOL: CallLiverpool(),
    ButtonKind.GO_OUT: GoOut(),
}


@functools.lru_cache(maxsize=8192)
def _svg(card: Card, zone: Zone, stands_for: str | None, rules: Rules) -> str:
    from liverpool.render import card_svg

    return card_svg(card, rules=rules, width=CARD_WIDTHS[zone], stands_for=stands_for)


_KEYS: dict[CardFace, str] = {}


def _key(face: CardFace) -> str:
    key = _KEYS.get(face)
    if key is None:
        if len(_KEYS) >= 20_000:  # pragma: no cover - only many decks of many rules
            _KEYS.clear()
        key = _KEYS[face] = f"{face.card.code}/{face.zone}/{face.stands_for or ''}"
    return key


class Pictures:
    """The card pictures one message uses, as keys; :meth:`new` gives the SVG of the keys the
    connection has not been sent yet."""

    def __init__(self, rules: Rules, sent: set[str]) -> None:
        self.rules = rules
        self.sent = sent
        self.used: dict[str, CardFace] = {}

    def __call__(self, face: CardFace) -> str:
        key = _key(face)
        self.used.setdefault(key, face)
        return key

    def new(self) -> dict[str, str]:
        fresh = {
            key: _svg(face.card, face.zone, face.stands_for, self.rules)
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


class TableSession:
    """What one seat's screen holds besides the game: selection, melds being built, order."""

    def __init__(self) -> None:
        self.selected: list[int] = []
        self.staged: list[list[int]] = []
        self.order: list[str] = []
        self.sort_mode = "own"
        self.version = -1
        self.hand_codes: tuple[str, ...] = ()
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
        codes = tuple(c.code for c in room.game.hand(seat))
        keep = codes[: len(self.hand_codes)] == self.hand_codes and self.version >= 0
        left = Counter(codes)
        order: list[str] = []
        for code in [*self.order, *codes]:
            if left[code] > 0:
                order.append(code)
                left[code] -= 1
        self.order = order
        if not keep:
            self.selected, self.staged = [], []
        self.hand_codes = codes
        self.version = room.seq
        self.refusals = {}

    def display_order(self, hand: list[Card]) -> list[int]:
        if self.sort_mode == "rank":
            return sorted(range(len(hand)), key=lambda i: (hand[i].sort_key(), i))
        if self.sort_mode == "suit":
            return sorted(range(len(hand)), key=lambda i: (hand[i].suit_sort_key(), i))
        free = list(range(len(hand)))
        order: list[int] = []
        for code in self.order:
            i = next((i for i in free if hand[i].code == code), None)
            if i is not None:
                free.remove(i)
                order.append(i)
        return order + free

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
            hand_order=self.display_order(game.hand(seat)),
            events=game.log[-LOG_EVENTS:],
            buy_deadline=deadline,
            undo=None,
            deal_end=deal_end(room),
            version=room.seq,
            refusals=self.refusals,
        )
        self.model = model
        return model

    # -- clicks ----------------------------------------------------------------------------
    def handle(self, room: Room, seat: int, intent: dict[str, Any]) -> Action | None:
        """Carry out one click: ``None`` when it only changed the screen, else the move it
        means (for the room to play). :class:`Bad` with the sentence when it is refused."""
        kind = intent.get("kind")
        game = room.game
        if game is None:
            raise Bad("The match has not started yet.")
        self.sync(room, seat)
        version = intent.get("version")
        if (
            version is not None
            and version != room.seq
            and kind not in ("sort", "clear", "clear_melds")
            and not (kind == "click_card" and self._same_card(intent))
        ):
            raise Bad(STALE)
        hand = game.hand(seat)
        if kind == "click_card":
            index = self._index(intent, hand)
            if index in self.selected:
                self.selected.remove(index)
            elif any(index in g for g in self.staged):
                raise Bad("That card is already in a meld you are building (put it back to undo).")
            else:
                self.selected.append(index)
            return None
        if kind == "select_all":
            staged = {i for g in self.staged for i in g}
            self.selected = [i for i in self.display_order(hand) if i not in staged]
            return None
        if kind == "clear":
            self.selected = []
            return None
        if kind == "clear_melds":
            self.staged = []
            return None
        if kind == "sort":
            mode = intent.get("mode")
            if mode not in SORT_MODES:
                raise Bad(f"The hand can be sorted by {', '.join(SORT_MODES)}.")
            if mode == "own" and self.sort_mode != "own":
                self.order = [hand[i].code for i in self.display_order(hand)]
            self.sort_mode = str(mode)
            return None
        if kind == "move":
            index = self._index(intent, hand)
            shown = self.display_order(hand)
            to = intent.get("to")
            if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < len(shown):
                raise Bad("A card can be moved only to a place in your hand.")
            shown.remove(index)
            shown.insert(to, index)
            self.order = [hand[i].code for i in shown]
            self.sort_mode = "own"
            return None
        if kind == "click_stock":
            return DrawStock()
        if kind == "click_discard":
            if game.phase in (Phase.PLAY, Phase.LIVERPOOL_DISCARD):
                return Discard(self._one(hand, "to discard"))
            return TakeDiscard()
        legal = room.legal_for(seat)
        if kind == "click_meld":
            meld, position = intent.get("meld"), intent.get("position")
            if not isinstance(meld, int) or isinstance(meld, bool):
                raise Bad("That click did not name a meld on the table.")
            if not isinstance(position, int) or isinstance(position, bool):
                position = None
            card = self._one(hand, "of your hand, then click the meld to lay it on,")
            return meld_click(legal, card, meld, position, game.table, game.rules)
        if kind == "press":
            return self._press(room, seat, intent, legal, hand)
        raise Bad(f"The table does not know the click {str(kind)[:20]!r}.")

    def _press(
        self,
        room: Room,
        seat: int,
        intent: dict[str, Any],
        legal: list[Action],
        hand: list[Card],
    ) -> Action | None:
        game = room.game
        assert game is not None
        try:
            button = ButtonKind(str(intent.get("button")))
        except ValueError:
            raise Bad("The table has no such button.") from None
        if button in _SIMPLE:
            return _SIMPLE[button]
        if button is ButtonKind.CUT:
            aim = intent.get("aim")
            if isinstance(aim, str) and aim.strip().isdigit():
                aim = int(aim)
            if not isinstance(aim, int) or isinstance(aim, bool):
                raise Bad("Say how many cards to lift: a whole number.")
            return Cut(aim)
        if button is ButtonKind.DISCARD:
            return Discard(self._one(hand, "to discard"))
        if button is ButtonKind.GIVE:
            return GiveCard(self._one(hand, "to give"))
        if button is ButtonKind.ADD_MELD:
            self._refused(room, seat, button)
            self.staged.append(list(self.selected))
            self.selected = []
            return None
        if button is ButtonKind.GO_DOWN:
            groups = [[hand[i] for i in g if 0 <= i < len(hand)] for g in self.staged]
            melds = going_down_melds(game, seat, groups, self._cards(hand))
            if isinstance(melds, str):
                raise Bad(melds)
            return GoDown(melds)
        if button is ButtonKind.LAY_OFF:
            self._refused(room, seat, button)
            card = self._cards(hand)[0]
            places = sorted({a.meld for a in legal if isinstance(a, LayOff) and a.card == card})
            if len(places) > 1:
                raise Bad(f"The {card} fits {len(places)} melds: click the one to lay it on.")
            return meld_click(legal, card, places[0], None, game.table, game.rules)
        if button is ButtonKind.SWAP:
            self._refused(room, seat, button)
            card = self._cards(hand)[0]
            swaps = [a for a in legal if isinstance(a, SwapWild) and a.card == card]
            if len(swaps) != 1:
                raise Bad("Click the wild card on the table that your card should replace.")
            return swaps[0]
        if button is ButtonKind.HINT:
            raise Bad("There are no hints in a room: everyone plays on their own.")
        raise Bad("Undo is for games against bots; a room's moves are final.")

    def _refused(self, room: Room, seat: int, button: ButtonKind) -> None:
        model = self.build(room, seat)
        found = model.controls.button(button)
        if not found.enabled:
            raise Bad(found.why)

    def _cards(self, hand: list[Card]) -> list[Card]:
        return [hand[i] for i in self.selected if 0 <= i < len(hand)]

    def _one(self, hand: list[Card], what: str) -> Card:
        cards = self._cards(hand)
        if len(cards) != 1:
            raise Bad(
                f"Select one card {what} first." if not cards else f"Select only one card {what}."
            )
        return cards[0]

    def _index(self, intent: dict[str, Any], hand: list[Card]) -> int:
        index = intent.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            raise Bad("That click did not name a card of your hand.")
        if not 0 <= index < len(hand):
            raise Bad("That card is no longer in your hand.")
        return index

    def _same_card(self, intent: dict[str, Any]) -> bool:
        index, code = intent.get("index"), intent.get("code")
        return (
            isinstance(index, int)
            and isinstance(code, str)
            and 0 <= index < len(self.hand_codes)
            and self.hand_codes[index] == code
        )


LOG_EVENTS = 60
"""How many of the latest events a table's log shows."""

_SUMMARIES: weakref.WeakKeyDictionary[Room, tuple[Game, int, DealSummary | None]] = (
    weakref.WeakKeyDictionary()
)
_PENDING: weakref.WeakKeyDictionary[Room, int] = weakref.WeakKeyDictionary()
_PUBLIC: weakref.WeakKeyDictionary[Room, tuple[int, dict[str, Any], dict[str, CardFace]]] = (
    weakref.WeakKeyDictionary()
)


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
        if button.get("kind") in (ButtonKind.HINT, ButtonKind.UNDO):
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
        tuple(session.order),
        session.sort_mode,
    )
    if session.data is not None and _same(session.data[0], key):
        return session.data[1], {}
    model = session.build(room, seat)
    pictures = Pictures(room.rules, session.sent)
    data: dict[str, Any] = dict(as_data(model, pictures))
    _hide_hint(data["controls"])
    data["sort_mode"] = session.sort_mode
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
    cached = None if reveal else _PUBLIC.get(room)
    if cached is None or cached[0] != room.seq:
        collect = Pictures(room.rules, set())
        data = _public_model(room, collect, reveal)
        cached = (room.seq, data, collect.used)
        if not reveal:
            _PUBLIC[room] = cached
    _, data, used = cached
    pictures = Pictures(room.rules, session.sent)
    pictures.used = used
    return data, pictures.new()


def _public_model(room: Room, pictures: Pictures, reveal: bool) -> dict[str, Any]:
    game = room.game
    assert game is not None
    view = game.view(0)
    view = replace(view, hand=(), taken_discard=None, pending_wild=None, may_lay_off=False)
    model = build_table(view, None, interactive=False, deal_end=deal_end(room), version=room.seq)
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
    data["sort_mode"] = "own"
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
