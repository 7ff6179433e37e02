"""The match engine: :class:`Game`, the one mutable object, a facade over the phase modules.

A game is a whole match — every deal, every turn and every out-of-turn decision — under one
:class:`~liverpool.Rules` value. It follows the OpenSpiel pattern: a :class:`Phase` says what
kind of decision is pending, :attr:`Game.to_act` is the single seat that must make it, and each
phase has one legal-actions function and one apply function, found in :data:`PHASES`.
:meth:`Game.apply` checks everything before it changes anything, so an illegal action raises
:class:`~liverpool.IllegalAction` in a learner's words and leaves the game exactly as it was.

Where each rule lives (``docs/rules.md`` §2 is the turn sequence):

* :mod:`liverpool.setup` — the frozen :class:`~liverpool.setup.Setup` every game is built from
  (rules, names, seed, first dealer, a stacked deal);
* :mod:`liverpool.phases.turns` — the steps every phase shares: dealing, passing the turn, the
  stock and its rebuilds, who may lay off, swap, call or buy, the end of a deal and of a match;
* :mod:`liverpool.phases.cut` — the cut before a deal (exact-cut bonus);
* :mod:`liverpool.phases.calls` — the rummy and Liverpool calls after a playable discard;
* :mod:`liverpool.phases.draw` — taking the discard or the stock, and buying;
* :mod:`liverpool.phases.play` — going down, laying off, swapping wilds, discarding, going out;
* :mod:`liverpool.state` — the mutable state they all act on, and the :class:`Phase` enum.

All randomness (shuffles, the cut, the calling order of "first to call") comes from the game's
own ``random.Random``, seeded by its setup, so a setup plus the actions replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

from .actions import ACTION_TYPES, Action, Buy, Discard, DrawStock, Pass
from .cards import Card
from .errors import IllegalAction, SeatError, quoted
from .events import Event, EventKind
from .melds import Meld
from .phases import calls, cut, draw, play, turns
from .phases.context import Context
from .phases.cut import CUT_SPREAD
from .rules import Contract, Rules
from .setup import DEFAULT_NAMES, Setup
from .state import MatchState, Phase
from .view import PlayerView

__all__ = ["CUT_SPREAD", "DEFAULT_NAMES", "PHASES", "Game", "History", "Phase"]

Legal = Callable[[Context], list[Action]]
Apply = Callable[[Context, Action], list[Event]]

PHASES: dict[Phase, tuple[Legal, Apply]] = {
    Phase.CUT: (cut.legal_cut, cut.apply_cut),
    Phase.RUMMY_CALL: (calls.legal_call, calls.apply_call),
    Phase.GIVE_CARD: (calls.legal_give, calls.apply_give),
    Phase.LIVERPOOL_DISCARD: (calls.legal_liverpool_discard, calls.apply_liverpool_discard),
    Phase.DRAW: (draw.legal_draw, draw.apply_draw),
    Phase.BUY: (draw.legal_buy, draw.apply_buy),
    Phase.PLAY: (play.legal_play, play.apply_play),
}
"""Each pending decision's legal-actions and apply functions (none once the match is over)."""

T = TypeVar("T")


class History(Sequence[T]):
    """A read-only view of one of a game's own lists (:attr:`Game.actions`, :attr:`Game.actors`,
    :attr:`Game.log`): it reads as the list does and follows it as the game goes on, but cannot
    change it, so the game changes only through :meth:`Game.apply` (a popped action would
    leave a record that no longer replays).

    A view, not a copy: tables read ``len(game.actions)`` on every redraw, and a copy would
    cost the whole history each time. A slice is a new list; a view compares equal to a list
    (or another view) holding the same items, as the list it replaced did.
    """

    __slots__ = ("_items",)

    def __init__(self, items: list[T]) -> None:
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __reversed__(self) -> Iterator[T]:
        return reversed(self._items)

    def __contains__(self, value: object) -> bool:
        return value in self._items

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self._items == other._items
        if isinstance(other, list):
            return self._items == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it follows a list that grows

    def __repr__(self) -> str:
        return repr(self._items)


class Game:
    """A whole match of Liverpool under one set of rules.

    ``Game(rules="house", players=4, seed=7)``: ``rules`` is a preset name or a
    :class:`~liverpool.Rules`; ``players`` a count or a list of names; ``seed`` fixes every
    shuffle (``None`` draws one, which is kept so the game still replays exactly); ``dealer``
    is the first dealer (the first dealer is "cut for or chosen": here, chosen). ``setup``, when
    given, is the whole :class:`~liverpool.Setup` to start from instead (the other arguments
    are then not used). ``_context`` is internal: :meth:`copy` hands over a state already dealt.
    """

    def __init__(
        self,
        rules: str | Rules | None = "house",
        players: int | Sequence[str] = 4,
        seed: int | None = None,
        *,
        dealer: int = 0,
        setup: Setup | None = None,
        _context: Context | None = None,
    ) -> None:
        setup = setup if setup is not None else Setup.new(rules, players, seed, dealer)
        self.setup: Setup = setup
        """What this match started from; with :attr:`actions` it replays the game exactly."""
        self._actions: list[Action] = []
        self._actors: list[int] = []
        self._log: list[Event] = []
        self._views = (History(self._actions), History(self._actors), History(self._log))
        self._automatic: list[int] = []
        if _context is not None:  # a copy (see :meth:`copy`): the state is given, not dealt
            self._ctx = _context
            return
        state = MatchState(deal=setup.stacked.deal if setup.stacked else 1, dealer=setup.dealer)
        self._ctx = Context(setup.rules, setup.names, state, random.Random(setup.seed))
        self._log.extend(turns.begin_match(self._ctx, setup.stacked, setup.dealer))

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_setup(cls, setup: Setup) -> Game:
        """The game before its first action, as ``setup`` says (every game is built so)."""
        return cls(setup=setup)

    @classmethod
    def from_deal(
        cls,
        rules: str | Rules | None,
        hands: Sequence[Iterable[Card | str] | str],
        stock: Iterable[Card | str] | str = (),
        upcard: Card | str | None = None,
        *,
        deal: int = 1,
        dealer: int = 0,
        seed: int = 0,
        names: Sequence[str] | None = None,
        complete: bool = True,
        table: Iterable[tuple[int, Iterable[Card | str] | str] | Meld] = (),
    ) -> Game:
        """A game whose current deal is stacked: for lessons, tests and puzzles.

        ``hands[i]`` is seat i's hand; ``stock`` lists the stock top card first; ``upcard``
        starts the discard pile; ``table`` lists melds already on the table as ``(owner,
        cards)`` (a set, or a run as placed, lowest first) or as melds of another game's
        :attr:`table`, each owner counting as down. ``hands`` and ``names`` are lists, one
        item per seat (one string is refused rather than read a letter a seat).
        Player ``(dealer + 1) % n`` starts. With ``complete`` the cards of the shoe not named
        here are shuffled (from ``seed``) under the given stock, so the card count always
        matches the shoe; a card named more often than the shoe holds raises
        :class:`~liverpool.RulesError`. Later deals are shuffled from ``seed``.
        """
        return cls.from_setup(
            Setup.stacked_deal(
                rules,
                hands,
                stock,
                upcard,
                deal=deal,
                dealer=dealer,
                seed=seed,
                names=names,
                complete=complete,
                table=table,
            )
        )

    def copy(self) -> Game:
        """An independent copy of this game (same setup, state, history and generator).

        Cards, melds, actions and events are immutable values, so only the containers are
        copied: a copy is cheap even late in a long match.
        """
        other = Game(setup=self.setup, _context=self._ctx.copy())
        other._actions.extend(self._actions)
        other._actors.extend(self._actors)
        other._log.extend(self._log)
        other._automatic.extend(self._automatic)
        return other

    def replay_to(self, steps: int) -> Game:
        """A new game at the moment after the first ``steps`` actions of this one (for undo
        and for stepping through a record). ``steps`` outside 0 to ``len(actions)``, or not a
        whole number, raises :class:`ValueError` saying which are allowed."""
        if (
            not isinstance(steps, int)
            or isinstance(steps, bool)
            or not 0 <= steps <= len(self._actions)
        ):
            raise ValueError(f"steps must be 0 to {len(self._actions)}, not {quoted(steps)}")
        game = Game.from_setup(self.setup)
        automatic = set(self._automatic)
        for k, action in enumerate(self._actions[:steps]):
            game.apply(action, automatic=k in automatic)
        return game

    # -- the history (read-only views: the game changes only through apply) --------------------
    @property
    def actions(self) -> History[Action]:
        """Every action applied so far, in order: with :attr:`setup` it replays the game. A
        read-only view that follows the game (``list(game.actions)`` keeps a copy)."""
        return self._views[0]

    @property
    def actors(self) -> History[int]:
        """The seat that made each action of :attr:`actions` (a read-only view)."""
        return self._views[1]

    @property
    def log(self) -> History[Event]:
        """Everything that happened, in words, from the first deal on (a read-only view)."""
        return self._views[2]

    @property
    def automatic(self) -> tuple[int, ...]:
        """Where in :attr:`actions` a move was played for its seat rather than chosen by its
        player (``apply(..., automatic=True)``): a clock that ran out, a buy offer a table's
        auto-pass passed. A review does not grade them; Undo goes back past them."""
        return tuple(self._automatic)

    # -- the setup --------------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The rules of this match."""
        return self.setup.rules

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self.setup.names

    @property
    def seed(self) -> int:
        """The seed of every shuffle of this match."""
        return self.setup.seed

    @property
    def first_dealer(self) -> int:
        """Who dealt the first deal."""
        return self.setup.dealer

    @property
    def stacked(self) -> dict[str, Any] | None:
        """The stacked deal this match began with, as a saved record holds it (or ``None``)."""
        return self.setup.record()

    # -- what anyone may read --------------------------------------------------------------------
    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.setup.names)

    @property
    def deal(self) -> int:
        """The current deal, 1-based."""
        return self._ctx.state.deal

    @property
    def dealer(self) -> int:
        """The seat dealing the current deal."""
        return self._ctx.state.dealer

    @property
    def phase(self) -> Phase:
        """What kind of decision is pending."""
        return self._ctx.state.phase

    @property
    def contract(self) -> Contract:
        """The current deal's contract."""
        return self._ctx.contract

    @property
    def to_act(self) -> int | None:
        """The one seat that must decide now (``None`` once the match is over)."""
        return turns.to_act(self._ctx)

    @property
    def turn_player(self) -> int:
        """The seat whose turn it is (out-of-turn deciders aside)."""
        return self._ctx.state.turn_player

    def seat(self, seat: object) -> int:
        """The seat number ``seat`` names: a seat number itself, or a player's name
        (``game.seat("Ada")``, looked up exactly as the name was given, so every method that
        takes a seat takes a name too). Anything else raises :class:`~liverpool.SeatError`
        naming the seats there are: a negative number never reads a seat from the end, ``True``
        is not seat 1, and text is never read as a number (``"1"`` is refused unless a player
        is called that). A name two seats share is refused, saying so."""
        if isinstance(seat, str):
            named = [i for i, name in enumerate(self.names) if name == seat]
            if len(named) > 1:
                which = " and ".join(str(i) for i in named)
                raise SeatError(f"Seats {which} are both called {seat!r}: say which by its number.")
            if named:
                return named[0]
        return self._ctx.seat(seat)

    def hand(self, seat: int | str) -> list[Card]:
        """A copy of seat ``seat``'s hand (a seat number or a player's name: see :meth:`seat`),
        in the order the player holds it."""
        return list(self._ctx.state.hands[self.seat(seat)])

    @property
    def table(self) -> list[Meld]:
        """The melds on the table, in the order they were laid (``LayOff(meld=k)`` indexes this)."""
        return list(self._ctx.state.table)

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile."""
        discard = self._ctx.state.discard
        return discard[-1] if discard else None

    @property
    def discard_pile(self) -> list[Card]:
        """The discard pile, bottom card first."""
        return list(self._ctx.state.discard)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock; before the cut, the whole shuffled shoe waiting to be cut
        and dealt (as every seat's :class:`PlayerView` counts it)."""
        s = self._ctx.state
        return len(s.stock) + len(s.shoe)

    def is_down(self, seat: int | str) -> bool:
        """Whether ``seat`` has gone down this deal."""
        return self._ctx.state.down_turn[self.seat(seat)] is not None

    def is_floating(self, seat: int | str) -> bool:
        """Whether ``seat`` has an empty hand without having gone out."""
        return self._ctx.state.floating[self.seat(seat)]

    @property
    def scores(self) -> list[int]:
        """Match totals so far (lower is better)."""
        return list(self._ctx.state.scores)

    @property
    def deal_scores(self) -> list[list[int]]:
        """Each finished deal's points, by seat (the score pad)."""
        return [list(d) for d in self._ctx.state.deal_scores]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._ctx.state.phase is Phase.MATCH_OVER

    @property
    def winners(self) -> list[int]:
        """The seats with the lowest total once the match is over (ties share the win)."""
        return list(self._ctx.state.winners)

    def buys_left(self, seat: int | str) -> int | None:
        """Buys ``seat`` may still make this match (``None``: no limit)."""
        return turns.buys_left(self._ctx, self.seat(seat))

    def why_not_buy(self, seat: int | str) -> str | None:
        """``None`` if ``seat`` may buy a discard under these rules now, else the sentence
        saying why not (who may buy is decided here only; tables and lessons ask this).

        Whether a discard is on offer right now is not asked: this is about the seat.
        """
        return turns.why_not_buy(self._ctx, self.seat(seat))

    def buyers(self) -> tuple[int, ...]:
        """The seats that will be offered the top discard now, in the order they are asked
        (the engine's buy window; tables and lessons show this rather than working it out).

        Clockwise from the player to draw, every seat :meth:`why_not_buy` allows; the rules'
        buy priority keeps this order and decides only who wins when several accept. In the
        buy window it is the whole window, seats that have passed included; empty when no
        discard is on offer.
        """
        return turns.buyers(self._ctx)

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the game now, as a comparable value (tests use it to prove
        an illegal action changed nothing)."""
        return (
            tuple((k, _freeze(v)) for k, v in self._ctx.state.named_values()),
            self._ctx.rng.getstate(),
            len(self._actions),
        )

    def total_cards(self) -> int:
        """Cards in every zone: hands, stock, discard pile, table, and a shoe waiting to be cut."""
        s = self._ctx.state
        return (
            sum(len(h) for h in s.hands)
            + len(s.stock)
            + len(s.discard)
            + sum(len(m.cards) for m in s.table)
            + len(s.shoe)
        )

    # -- the two verbs ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal choice of :attr:`to_act` (for GoDown, LayOff and SwapWild, at least one
        when any exists)."""
        entry = PHASES.get(self._ctx.state.phase)
        return [] if entry is None else entry[0](self._ctx)

    def apply(
        self, action: Action, player: int | str | None = None, *, automatic: bool = False
    ) -> list[Event]:
        """Carry out ``action`` for :attr:`to_act` and return what happened.

        ``player``, when given, must be the seat that is to act (a table passes the clicking
        seat; a player's name will do, as for :meth:`seat`). ``automatic`` marks a move played
        for the seat, not chosen by its player (see :attr:`automatic`). An illegal action raises
        :class:`~liverpool.IllegalAction` naming the rule and changes nothing.
        """
        ctx = self._ctx
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(_not_a_move(action))
        if ctx.state.phase is Phase.MATCH_OVER:
            raise IllegalAction("The match is over: no more moves can be made.")
        actor = self.to_act
        assert actor is not None
        if player is not None:
            player = self.seat(player)  # a SeatError is an IllegalAction naming the seats
            if player != actor:
                refusal = turns.why_not_buy(ctx, player) if isinstance(action, Buy) else None
                raise IllegalAction(
                    refusal
                    or f"It is not your turn to act: {self.names[actor]} "
                    f"{turns.deciding_verb(ctx)}."
                )
        events = self._deferred_draws_marked(PHASES[ctx.state.phase][1](ctx, action), actor)
        if automatic:
            self._automatic.append(len(self._actions))
            events = [_played_for(self.names[actor], actor), *events]
        self._actions.append(action)
        self._actors.append(actor)
        self._log.extend(events)
        return events

    def _deferred_draws_marked(self, events: list[Event], actor: int) -> list[Event]:
        """``events`` with the table's line before a stock draw it played. A turn player who
        passes the discard draws from the stock only once the buy window closes, inside the
        last buyer's move; when the table played that turn (an idle clock), the draw is its
        move too, and a returning player must not read it as their own."""
        if not self._automatic:  # a game nobody's clock ran out in (every bot's game)
            return events
        for i, event in enumerate(events):
            seat = event.player
            if event.kind is not EventKind.DRAW_STOCK or seat is None or seat == actor:
                continue
            opened = max(k for k, who in enumerate(self._actors) if who == seat)
            if opened in self._automatic:
                return [*events[:i], _played_for(self.names[seat], seat), *events[i:]]
        return events

    def why_not(self, action: Action, player: int | str | None = None) -> str | None:
        """``None`` if ``action`` would be accepted now, else the sentence refusing it.

        The game is not changed (the action is tried and the state restored), so a table can
        ask this for every button it draws.
        """
        ctx = self._ctx
        saved = (ctx.state.copy(), ctx.rng.getstate(), len(self._actions), len(self._log))
        try:
            self.apply(action, player)
        except IllegalAction as exc:
            return str(exc)
        finally:
            ctx.state, rng_state, n_actions, n_log = saved
            ctx.rng.setstate(rng_state)
            del self._actions[n_actions:], self._actors[n_actions:], self._log[n_log:]
        return None

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` would be accepted now (the game is left unchanged)."""
        return self.why_not(action) is None

    def idle_action(self) -> Action:
        """What the table plays for a seat whose timer ran out (``rules.buy_timer_seconds``,
        ``rules.idle_turn_seconds``): silence passes a buy or a call, an idle turn draws from
        the stock and then discards the card just drawn (or, if that may not go, the costliest
        card that may). Once the match is over there is no move to play:
        :class:`~liverpool.IllegalAction` says so, as :meth:`apply` would."""
        legal = self.legal_actions()
        if not legal:
            raise IllegalAction(
                "The match is over: no more moves can be made."
                if self.is_over
                else "No move is open now, so there is none to play for the seat."
            )
        for quiet in (Pass, DrawStock):
            for action in legal:
                if isinstance(action, quiet):
                    return action
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            hand = self._ctx.state.hands[self.turn_player]
            drawn = hand[-1] if hand else None
            for action in discards:
                if action.card == drawn:
                    return action
            return max(discards, key=lambda a: self.rules.card_points(a.card))
        return legal[0]

    def view(self, seat: int | str) -> PlayerView:
        """What seat ``seat`` may know now (no other hand, no stock order)."""
        return turns.view(self._ctx, self.seat(seat))

    def deciding(self) -> str:
        """One sentence: who decides what now."""
        return turns.deciding(self._ctx)

    # -- saved games ---------------------------------------------------------------------------
    def to_json(self, *, indent: int | None = None) -> str:
        """The full, versioned record of this match (rules, seed or stacked deal, actions);
        written by :mod:`liverpool.record`, which is imported only when asked."""
        from .record import game_to_json

        return game_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Replay a record from :meth:`to_json`; a corrupt or tampered record raises
        :class:`~liverpool.RecordError` (read by :mod:`liverpool.record`)."""
        from .record import game_from_json

        return game_from_json(text)

    def __repr__(self) -> str:
        s = self._ctx.state
        state = "over" if self.is_over else f"deal {s.deal}, {s.phase.value}"
        return f"<Game {self.rules.name} {self.players} players seed={self.seed}: {state}>"

    def _repr_html_(self) -> str:
        """The table as the seat to act sees it, for a notebook (drawing is imported only now)."""
        from .render import game_html

        return game_html(self)


def _played_for(name: str, seat: int) -> Event:
    """The line before a move the table plays for ``seat`` (``apply(..., automatic=True)``):
    before, because the move's own lines may go on to the next player's draw."""
    return Event(EventKind.PLAYED_FOR, f"The table plays for {name}:", player=seat)


def _not_a_move(value: object) -> str:
    """Why ``value``, given to :meth:`Game.apply`, is not a move: the kind of move itself
    (``lp.DrawStock`` without its brackets) or something else."""
    if isinstance(value, type) and value in ACTION_TYPES:
        name = value.__name__
        return f"lp.{name} is a kind of move, not a move: make one by calling it: lp.{name}(...)."
    return (
        f"{quoted(value)} is not a move: make moves such as lp.DrawStock() or lp.Discard('7H') "
        "(game.legal_actions() lists the moves open now)."
    )


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value
