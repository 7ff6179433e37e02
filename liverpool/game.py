"""The match engine: :class:`Game`, the one mutable object.

A game is a whole match — every deal, every turn and every out-of-turn decision — under one
:class:`~liverpool.Rules` value. It follows the OpenSpiel pattern: a :class:`Phase` says what
kind of decision is pending, :attr:`Game.to_act` is the single seat that must make it, and each
phase has one legal-actions function and one apply function. :meth:`Game.apply` checks
everything before it changes anything, so an illegal action raises
:class:`~liverpool.IllegalAction` in a learner's words and leaves the game exactly as it was.

The turn sequence (``docs/rules.md`` §2): after a discard the rummy/Liverpool call window
(where the rules have one), then the next player's choice of the discard, then the buy window if
they decline, then their turn: go down, lay off, swap wilds, discard or go out. This module holds
dealing, the out-of-turn phases, drawing and buying, and scoring; the player's own turn after
drawing lives in :mod:`liverpool.play_phase`, and the state both work on in
:mod:`liverpool.state`.

All randomness (shuffles, the cut, the calling order of "first to call") comes from the game's
own ``random.Random``, seeded at creation, so a seed plus the actions replays exactly.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .actions import (
    Action,
    Buy,
    CallLiverpool,
    CallRummy,
    Cut,
    Discard,
    DrawStock,
    GiveCard,
    GoOut,
    Pass,
    TakeDiscard,
)
from .cards import Card, distinct, format_cards
from .errors import IllegalAction, RulesError, SeatError
from .events import Event, EventKind
from .melds import Meld, lay_off_ends
from .play_phase import PlayPhase
from .presets import get_rules
from .rules import (
    BuyPriority,
    Contract,
    LayOffTiming,
    Rules,
    RummyCall,
    WildSwap,
    hand_points,
)
from .state import MatchState, Phase
from .view import PlayerView

__all__ = ["CUT_SPREAD", "DEFAULT_NAMES", "Game", "Phase"]

DEFAULT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia", "Hal")
"""Seat names used when a game is given a number of players."""

CUT_SPREAD = 3
"""A cut lands within this many cards of where the cutter aims (drawn from the game's
generator): cutting by feel, so an exact cut is a lucky one."""


class Game(PlayPhase):
    """A whole match of Liverpool under one set of rules.

    ``Game(rules="house", players=4, seed=7)``: ``rules`` is a preset name or a
    :class:`~liverpool.Rules`; ``players`` a count or a list of names; ``seed`` fixes every
    shuffle (``None`` draws one, which is kept so the game still replays exactly); ``dealer``
    is the first dealer (the first dealer is "cut for or chosen": here, chosen).
    """

    def __init__(
        self,
        rules: str | Rules | None = "house",
        players: int | Sequence[str] = 4,
        seed: int | None = None,
        *,
        dealer: int = 0,
    ) -> None:
        self.rules: Rules = get_rules(rules)
        self.names: tuple[str, ...] = _names(players)
        n = len(self.names)
        self.rules.check_players(n)
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RulesError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        self.seed: int = seed
        self.first_dealer: int = dealer
        self.stacked: dict[str, Any] | None = None
        self.actions: list[Action] = []
        self.actors: list[int] = []
        self.log: list[Event] = []
        self._rng = random.Random(seed)
        self._s = MatchState(deal=1, dealer=dealer)
        self._s.scores = [0] * n
        self._s.buys_match = [0] * n
        self._s.coins = [self.rules.buy_coins] * n
        self.log.extend(self._start_deal())

    # -- construction ---------------------------------------------------------------------------
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
    ) -> Game:
        """A game whose current deal is stacked: for lessons, tests and puzzles.

        ``hands[i]`` is seat i's hand; ``stock`` lists the stock top card first; ``upcard``
        starts the discard pile. Player ``(dealer + 1) % n`` starts. With ``complete`` the
        cards of the shoe not named here are shuffled (from ``seed``) under the given stock, so
        the card count always matches the shoe; a card named more often than the shoe holds
        raises :class:`~liverpool.RulesError`. Later deals are shuffled from ``seed``.
        """
        from .cards import parse_cards

        rules_value = get_rules(rules)
        hand_cards = [parse_cards(h) for h in hands]
        stock_cards = parse_cards(stock)
        up = (
            None if upcard is None else (upcard if isinstance(upcard, Card) else Card.parse(upcard))
        )
        game = cls.__new__(cls)
        game.rules = rules_value
        game.names = _names(list(names) if names else len(hand_cards))
        n = len(game.names)
        if len(hand_cards) != n:
            raise RulesError(f"{len(hand_cards)} hands were given for {n} players")
        rules_value.check_players(n)
        if not 1 <= deal <= rules_value.deals:
            raise RulesError(f"deal must be 1 to {rules_value.deals}, not {deal!r}")
        if not 0 <= dealer < n:
            raise RulesError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        game.seed = seed
        game.first_dealer = dealer
        game.actions = []
        game.actors = []
        game.log = []
        game._rng = random.Random(seed)
        named = [c for h in hand_cards for c in h] + stock_cards + ([up] if up else [])
        shoe = Counter(rules_value.build_shoe(n))
        extra = Counter(named) - shoe
        if extra:
            card, _ = next(iter(extra.items()))
            raise RulesError(
                f"the stacked deal names the {card} more often than the shoe for {n} players "
                "holds it"
            )
        rest: list[Card] = list((shoe - Counter(named)).elements()) if complete else []
        game._rng.shuffle(rest)
        game.stacked = {
            "hands": [[c.code for c in h] for h in hand_cards],
            "stock": [c.code for c in stock_cards],
            "upcard": up.code if up else None,
            "deal": deal,
            "dealer": dealer,
            "complete": complete,
        }
        s = MatchState(deal=deal, dealer=dealer)
        s.scores = [0] * n
        s.buys_match = [0] * n
        s.coins = [rules_value.buy_coins] * n
        game._s = s
        game._reset_deal_counters()
        s.hands = [list(h) for h in hand_cards]
        s.stock = list(reversed(stock_cards))
        s.stock = rest + s.stock
        s.discard = [up] if up else []
        game.log.append(
            Event(EventKind.DEALT, f"Deal {deal} is stacked: {game.names[dealer]} deals.", dealer)
        )
        game._begin_turn((dealer + 1) % n)
        return game

    def copy(self) -> Game:
        """An independent copy of this game (its state, history and generator).

        Cards, melds, actions and events are immutable values, so only the containers are
        copied: a copy is cheap even late in a long match.
        """
        other = copy.copy(self)
        other._s = self._s.copy()
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other.actions = list(self.actions)
        other.actors = list(self.actors)
        other.log = list(self.log)
        other.stacked = copy.deepcopy(self.stacked)
        return other

    def why_not(self, action: Action, player: int | None = None) -> str | None:
        """``None`` if ``action`` would be accepted now, else the sentence refusing it.

        The game is not changed (the action is tried and the state restored), so a table can
        ask this for every button it draws.
        """
        saved = (self._s.copy(), self._rng.getstate(), len(self.actions), len(self.log))
        try:
            self.apply(action, player)
        except IllegalAction as exc:
            return str(exc)
        finally:
            self._s, rng_state, n_actions, n_log = saved
            self._rng.setstate(rng_state)
            del self.actions[n_actions:], self.actors[n_actions:], self.log[n_log:]
        return None

    def replay_to(self, steps: int) -> Game:
        """A new game at the moment after the first ``steps`` actions of this one (for undo
        and for stepping through a record)."""
        if not 0 <= steps <= len(self.actions):
            raise ValueError(f"steps must be 0 to {len(self.actions)}, not {steps!r}")
        from .record import fresh_game

        game = fresh_game(self)
        for action in self.actions[:steps]:
            game.apply(action)
        return game

    # -- what anyone may read --------------------------------------------------------------------
    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.names)

    @property
    def deal(self) -> int:
        """The current deal, 1-based (the last deal once the match is over)."""
        return self._s.deal

    @property
    def dealer(self) -> int:
        """The seat dealing the current deal."""
        return self._s.dealer

    @property
    def phase(self) -> Phase:
        """What kind of decision is pending."""
        return self._s.phase

    @property
    def contract(self) -> Contract:
        """The current deal's contract."""
        return self.rules.contract(self._s.deal)

    @property
    def to_act(self) -> int | None:
        """The one seat that must decide now (``None`` once the match is over)."""
        s = self._s
        if s.phase in (Phase.RUMMY_CALL, Phase.GIVE_CARD, Phase.BUY):
            return s.queue[0]
        if s.phase is Phase.LIVERPOOL_DISCARD:
            return s.caller
        if s.phase is Phase.CUT:
            return s.cutter
        if s.phase is Phase.MATCH_OVER:
            return None
        return s.turn_player

    @property
    def turn_player(self) -> int:
        """The seat whose turn it is (out-of-turn deciders aside)."""
        return self._s.turn_player

    def seat(self, seat: object) -> int:
        """``seat`` itself when it is a seat at this table, else :class:`~liverpool.SeatError`
        naming the seats there are (a negative number never reads a seat from the end)."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players:
            return seat
        seats = ", ".join(f"{i} ({name})" for i, name in enumerate(self.names))
        raise SeatError(f"There is no seat {seat!r} at this table; the seats are {seats}.")

    def hand(self, seat: int) -> list[Card]:
        """A copy of seat ``seat``'s hand, in the order the player holds it."""
        return list(self._s.hands[self.seat(seat)])

    @property
    def table(self) -> list[Meld]:
        """The melds on the table, in the order they were laid (``LayOff(meld=k)`` indexes this)."""
        return list(self._s.table)

    @property
    def discard_top(self) -> Card | None:
        """The top card of the discard pile."""
        return self._s.discard[-1] if self._s.discard else None

    @property
    def discard_pile(self) -> list[Card]:
        """The discard pile, bottom card first."""
        return list(self._s.discard)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._s.stock)

    def is_down(self, seat: int) -> bool:
        """Whether ``seat`` has gone down this deal."""
        return self._s.down_turn[self.seat(seat)] is not None

    def is_floating(self, seat: int) -> bool:
        """Whether ``seat`` has an empty hand without having gone out."""
        return self._s.floating[self.seat(seat)]

    @property
    def scores(self) -> list[int]:
        """Match totals so far (lower is better)."""
        return list(self._s.scores)

    @property
    def deal_scores(self) -> list[list[int]]:
        """Each finished deal's points per seat, in order (the score pad)."""
        return [list(d) for d in self._s.deal_scores]

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._s.phase is Phase.MATCH_OVER

    @property
    def winners(self) -> list[int]:
        """The seats with the lowest total once the match is over (ties share the win)."""
        return list(self._s.winners)

    def buys_left(self, seat: int) -> int | None:
        """Buys ``seat`` may still make this match (``None``: no limit)."""
        self.seat(seat)
        limit = self.rules.buy_limit(self.players)
        left: int | None = None if limit is None else limit - self._s.buys_match[seat]
        if self.rules.max_buys_per_deal is not None:
            deal_left = self.rules.max_buys_per_deal - self._s.buys_deal[seat]
            left = deal_left if left is None else min(left, deal_left)
        coins = self._s.coins[seat]
        if coins is not None:
            left = coins if left is None else min(left, coins)
        return left

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the game now, as a comparable value (tests use it to prove
        an illegal action changed nothing)."""
        s = self._s
        return (
            tuple((k, _freeze(v)) for k, v in vars(s).items()),
            self._rng.getstate(),
            len(self.actions),
        )

    def total_cards(self) -> int:
        """Cards in every zone: hands, stock, discard pile, table, and a shoe waiting to be cut."""
        s = self._s
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
        handler = _LEGAL.get(self._s.phase)
        return [] if handler is None else handler(self)

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        """Carry out ``action`` for :attr:`to_act` and return what happened.

        ``player``, when given, must be the seat that is to act (a table passes the clicking
        seat). An illegal action raises :class:`~liverpool.IllegalAction` naming the rule and
        changes nothing.
        """
        s = self._s
        if s.phase is Phase.MATCH_OVER:
            raise IllegalAction("The match is over: no more moves can be made.")
        actor = self.to_act
        assert actor is not None
        if player is not None:
            try:
                self.seat(player)
            except SeatError as exc:
                raise IllegalAction(str(exc)) from None
        if player is not None and player != actor:
            if isinstance(action, Buy):
                refusal = self.why_not_buy(player)
                if refusal:
                    raise IllegalAction(refusal)
            raise IllegalAction(
                f"It is not your turn to act: {self.names[actor]} {self._deciding_verb()}."
            )
        handler = _APPLY[s.phase]
        events = handler(self, action)
        self.actions.append(action)
        self.actors.append(actor)
        self.log.extend(events)
        return events

    def idle_action(self) -> Action:
        """What the table plays for a seat whose timer ran out (``rules.buy_timer_seconds``,
        ``rules.idle_turn_seconds``): silence passes a buy or a call, an idle turn draws from
        the stock and then discards the card just drawn (or, if that may not go, the costliest
        card that may)."""
        legal = self.legal_actions()
        for quiet in (Pass, DrawStock):
            for action in legal:
                if isinstance(action, quiet):
                    return action
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            hand = self._s.hands[self._s.turn_player]
            drawn = hand[-1] if hand else None
            for action in discards:
                if action.card == drawn:
                    return action
            return max(discards, key=lambda a: self.rules.card_points(a.card))
        return legal[0]

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` would be accepted now (the game is left unchanged)."""
        return self.why_not(action) is None

    def view(self, seat: int) -> PlayerView:
        """What seat ``seat`` may know now (no other hand, no stock order)."""
        self.seat(seat)
        s = self._s
        n = self.players
        offer = None
        price = 0
        if s.phase in (Phase.DRAW, Phase.BUY) and s.discard:
            offer = s.discard[-1]
            price = self.rules.buy_penalty_cards if s.phase is Phase.BUY else 0
        return PlayerView(
            seat=seat,
            names=self.names,
            rules=self.rules,
            deal=s.deal,
            dealer=s.dealer,
            phase=s.phase,
            to_act=self.to_act,
            turn_player=s.turn_player,
            hand=tuple(s.hands[seat]),
            hand_sizes=tuple(len(h) for h in s.hands),
            table=tuple(s.table),
            discard_pile=tuple(s.discard),
            stock_size=len(s.stock) + len(s.shoe),
            down=tuple(d is not None for d in s.down_turn),
            buys_left=tuple(self.buys_left(i) for i in range(n)),
            coins=tuple(s.coins),
            scores=tuple(s.scores),
            deal_scores=tuple(tuple(d) for d in s.deal_scores),
            is_over=self.is_over,
            winners=tuple(s.winners),
            deciding=self.deciding(),
            offer=offer,
            price=price,
            taken_discard=s.taken_discard if seat == s.turn_player else None,
            pending_wild=s.pending_wild if seat == s.turn_player else None,
            may_lay_off=self._may_lay_off(seat) if s.phase is Phase.PLAY else False,
            reshuffles=s.reshuffles,
            turn_no=s.turn_no,
            discarder=s.discarder,
        )

    def deciding(self) -> str:
        """One sentence: who decides what now."""
        if self.is_over:
            names = " and ".join(self.names[i] for i in self._s.winners)
            return f"The match is over: {names} won."
        actor = self.to_act
        assert actor is not None
        return f"{self.names[actor]} {self._deciding_verb()}."

    def _deciding_verb(self) -> str:
        s = self._s
        top = f"the {s.discard[-1]}" if s.discard else "nothing"
        return {
            Phase.CUT: "must cut the cards",
            Phase.RUMMY_CALL: "may call on the last discard",
            Phase.GIVE_CARD: f"must give {self.names[s.offender or 0]} a card",
            Phase.LIVERPOOL_DISCARD: "must discard a card after calling Liverpool",
            Phase.DRAW: f"must take {top} or draw from the stock",
            Phase.BUY: f"may buy {top}",
            Phase.PLAY: "must play and discard",
            Phase.MATCH_OVER: "",
        }[s.phase]

    # -- saved games ---------------------------------------------------------------------------
    def to_json(self, *, indent: int | None = None) -> str:
        """The full, versioned record of this match (rules, seed or stacked deal, actions)."""
        from .record import game_to_json

        return game_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Replay a record from :meth:`to_json`; a corrupt or tampered record raises
        :class:`~liverpool.RecordError`."""
        from .record import game_from_json

        return game_from_json(text)

    def __repr__(self) -> str:
        s = self._s
        state = "over" if self.is_over else f"deal {s.deal}, {s.phase.value}"
        return f"<Game {self.rules.name} {self.players} players seed={self.seed}: {state}>"

    def _repr_html_(self) -> str:
        """The table as the seat to act sees it, for a notebook (drawing is imported only now)."""
        from .render import game_html

        return game_html(self)

    # ===========================================================================================
    # Dealing
    # ===========================================================================================
    def _reset_deal_counters(self) -> None:
        s = self._s
        n = self.players
        s.hands = [[] for _ in range(n)]
        s.stock = []
        s.discard = []
        s.table = []
        s.down_turn = [None] * n
        s.floating = [False] * n
        s.deal_penalties = [0] * n
        s.buys_deal = [0] * n
        s.reshuffles = 0
        s.deal_turns = 0
        s.taken_discard = None
        s.pending_wild = None
        s.discarder = None
        s.queue = []
        s.accepted = []
        s.offender = None
        s.caller = None
        s.went_out = None
        s.shoe = []

    def _start_deal(self) -> list[Event]:
        s = self._s
        self._reset_deal_counters()
        shoe = self.rules.build_shoe(self.players)
        self._rng.shuffle(shoe)
        events = [
            Event(
                EventKind.NEW_DEAL,
                f"Deal {s.deal}: {self.contract.short()}. {self.names[s.dealer]} deals "
                f"{self.contract.cards_dealt} cards each.",
                s.dealer,
            )
        ]
        if self.rules.exact_cut_bonus:
            s.shoe = shoe
            s.cutter = (s.dealer - 1) % self.players
            s.phase = Phase.CUT
            return events
        return events + self._deal_from(shoe)

    def _deal_from(self, shoe: list[Card]) -> list[Event]:
        """Deal from ``shoe`` (top card last): one at a time from the dealer's left, then the
        upcard; the rest is the stock."""
        s = self._s
        n = self.players
        for k in range(n * self.contract.cards_dealt):
            s.hands[(s.dealer + 1 + k) % n].append(shoe.pop())
        s.discard = [shoe.pop()]
        s.stock = shoe
        first = (s.dealer + 1) % n
        events = [
            Event(
                EventKind.UPCARD,
                f"The upcard is the {s.discard[-1]}; {self.names[first]} plays first.",
                None,
                (s.discard[-1],),
            )
        ]
        self._begin_turn(first)
        return events

    # ===========================================================================================
    # Turn flow helpers
    # ===========================================================================================
    def _pass_turn(self, player: int) -> list[Event]:
        """Start ``player``'s turn, unless the deal has run out of turns (then it is dead)."""
        if self._s.deal_turns >= self.rules.max_turns_per_deal:
            return self._end_deal(None, why="turns")
        self._begin_turn(player)
        return []

    def _begin_turn(self, player: int) -> None:
        s = self._s
        s.turn_player = player
        s.turn_no += 1
        s.deal_turns += 1
        s.taken_discard = None
        s.pending_wild = None
        s.phase = Phase.DRAW

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _after_discard(self, player: int, card: Card, events: list[Event]) -> None:
        """A discard was made by ``player`` (not going out): open the call window or pass on."""
        s = self._s
        s.discarder = player
        s.taken_discard = None
        s.pending_wild = None
        nxt = self._next(player)
        if self._call_window_opens(player, card):
            callers = [
                (nxt + k) % self.players
                for k in range(self.players)
                if (nxt + k) % self.players != player
            ]
            s.queue = [c for c in callers if self._may_call(c)]
            if s.queue:
                s.offender = player
                s.turn_player = nxt
                s.phase = Phase.RUMMY_CALL
                return
        events.extend(self._pass_turn(nxt))

    def _call_window_opens(self, player: int, card: Card) -> bool:
        if self.rules.rummy_call is RummyCall.NONE and not self.rules.liverpool_call:
            return False
        if self._s.down_turn[player] is None:
            return False
        return any(lay_off_ends(m, card, self.rules) for m in self._s.table)

    def _may_call(self, seat: int) -> bool:
        if self.rules.rummy_call is not RummyCall.NONE:
            return True
        return self._may_call_liverpool(seat)

    def _may_call_liverpool(self, seat: int) -> bool:
        # The caller discards a card of their own and must keep one: a call never empties a
        # hand, so nobody goes out out of turn.
        s = self._s
        return (
            self.rules.liverpool_call and s.down_turn[seat] is not None and len(s.hands[seat]) > 1
        )

    def _take_stock(self, events: list[Event]) -> Card | None:
        """The top stock card, rebuilding the stock from the discard pile when it is empty
        (at most ``max_reshuffles`` times); ``None`` when no card can be drawn."""
        s = self._s
        if not s.stock:
            if s.reshuffles >= self.rules.max_reshuffles or len(s.discard) < 2:
                return None
            top = s.discard.pop()
            s.stock = s.discard
            s.discard = [top]
            self._rng.shuffle(s.stock)
            s.reshuffles += 1
            events.append(
                Event(
                    EventKind.RESHUFFLE,
                    f"The stock ran out: the discard pile but its top card was shuffled into a "
                    f"new stock of {len(s.stock)} cards ({s.reshuffles} of "
                    f"{self.rules.max_reshuffles}).",
                )
            )
        return s.stock.pop()

    def _draw_cards(self, seat: int, count: int, events: list[Event]) -> list[Card] | None:
        drawn: list[Card] = []
        for _ in range(count):
            card = self._take_stock(events)
            if card is None:
                self._s.hands[seat].extend(drawn)
                return None
            drawn.append(card)
        self._s.hands[seat].extend(drawn)
        return drawn

    def _may_lay_off(self, seat: int) -> bool:
        s = self._s
        went = s.down_turn[seat]
        if went is None:
            return False
        if s.floating[seat] and not self.rules.floaters_lay_off:
            return False
        return self.rules.lay_off is LayOffTiming.SAME_TURN or went < s.turn_no

    def _may_swap(self, seat: int) -> bool:
        s = self._s
        mode = self.rules.wild_swap
        went = s.down_turn[seat]
        if mode is WildSwap.NONE or went is None:
            return False
        if mode is WildSwap.TO_HAND:
            return went < s.turn_no
        if mode is WildSwap.GOING_DOWN_TURN_REMELD:
            return went == s.turn_no
        return self._may_lay_off(seat)

    def why_not_buy(self, seat: int) -> str | None:
        """``None`` if ``seat`` may buy a discard under these rules now, else the sentence
        saying why not (who may buy is decided here only; tables and lessons ask this).

        Whether a discard is on offer right now is not asked: this is about the seat.
        """
        s = self._s
        rules = self.rules
        self.seat(seat)
        if not rules.buying:
            return "These rules have no buying: only the next player may take the discard."
        if seat == s.discarder:
            return "You made this discard, so you may not buy it back."
        if seat == s.turn_player:
            if s.phase is Phase.BUY:
                return "You chose to draw from the stock, so the discard is offered to the others."
            return "You are next to draw: take the discard as your draw instead of buying it."
        if not rules.down_players_may_buy and s.down_turn[seat] is not None:
            return "Players who have gone down may not buy under these rules."
        return self._buys_used_up(seat)

    def _buys_used_up(self, seat: int) -> str | None:
        """The limit ``seat`` has reached (match, deal or coins), in words, or ``None``."""
        s = self._s
        rules = self.rules
        coins = s.coins[seat]
        if coins is not None and coins <= 0:
            return f"You have spent {_all_of(rules.buy_coins or 0, 'coin')}: a buy costs one."
        limit = rules.buy_limit(self.players)
        if limit is not None and s.buys_match[seat] >= limit:
            return f"You have used {_all_of(limit, 'buy')} this match."
        per_deal = rules.max_buys_per_deal
        if per_deal is not None and s.buys_deal[seat] >= per_deal:
            return f"You have used {_all_of(per_deal, 'buy')} for this deal."
        return None

    def _may_buy(self, seat: int) -> bool:
        return self.why_not_buy(seat) is None

    # ===========================================================================================
    # Phase: CUT
    # ===========================================================================================
    def _legal_cut(self) -> list[Action]:
        needed = self.rules.cut_target(self.players, self._s.deal)
        size = len(self._s.shoe)
        return [Cut(aim) for aim in range(1, size)] if size > 1 else [Cut(needed)]

    def _apply_cut(self, action: Action) -> list[Event]:
        if not isinstance(action, Cut):
            raise IllegalAction(self._wrong_phase(action))
        s = self._s
        size = len(s.shoe)
        if not isinstance(action.aim, int) or not 1 <= action.aim < size:
            raise IllegalAction(f"A cut lifts between 1 and {size - 1} cards.")
        needed = self.rules.cut_target(self.players, self._s.deal)
        lifted = min(size - 1, max(1, action.aim + self._rng.randint(-CUT_SPREAD, CUT_SPREAD)))
        shoe = s.shoe
        s.shoe = []
        # The cutter lifts the top packet; the dealer deals from it first (top card last).
        shoe = shoe[-lifted:] + shoe[:-lifted]
        name = self.names[s.cutter]
        events: list[Event] = []
        if lifted == needed:
            bonus = self.rules.exact_cut_bonus
            s.deal_penalties[s.cutter] -= bonus
            events.append(
                Event(
                    EventKind.CUT,
                    f"{name} cut exactly {lifted} cards — the deal and the upcard — and takes "
                    f"{bonus} points off.",
                    s.cutter,
                )
            )
        else:
            events.append(Event(EventKind.CUT, f"{name} cut {lifted} cards.", s.cutter))
        return events + self._deal_from(shoe)

    # ===========================================================================================
    # Phase: RUMMY_CALL / GIVE_CARD / LIVERPOOL_DISCARD
    # ===========================================================================================
    def _legal_call(self) -> list[Action]:
        s = self._s
        seat = s.queue[0]
        actions: list[Action] = []
        if self.rules.rummy_call is not RummyCall.NONE:
            actions.append(CallRummy())
        if self._may_call_liverpool(seat):
            actions.append(CallLiverpool())
        return [*actions, Pass()]

    def _apply_call(self, action: Action) -> list[Event]:
        s = self._s
        seat = s.queue[0]
        name = self.names[seat]
        offender = s.offender
        assert offender is not None
        events: list[Event] = []
        if isinstance(action, Pass):
            s.queue.pop(0)
            events.append(Event(EventKind.PASS_CALL, f"{name} does not call.", seat))
            if not s.queue:
                self._end_call_window(events)
            return events
        if isinstance(action, CallRummy):
            if self.rules.rummy_call is RummyCall.NONE:
                raise IllegalAction("These rules have no rummy call.")
            card = s.discard[-1]
            events.append(
                Event(
                    EventKind.CALL_RUMMY,
                    f"{name} called rummy: {self.names[offender]}'s {card} could have been "
                    "played on the table.",
                    seat,
                    (card,),
                )
            )
            if self.rules.rummy_call is RummyCall.TAKE_BACK_PENALTY:
                s.discard.pop()
                s.hands[offender].append(card)
                drawn = self._draw_cards(offender, 1, events)
                events.append(
                    Event(
                        EventKind.TAKE_BACK,
                        f"{self.names[offender]} takes the {card} back and a penalty card.",
                        offender,
                        (card,),
                        tuple(drawn or ()),
                        f"You take the {card} back and draw the "
                        f"{format_cards(drawn or ())} as a penalty.",
                    )
                )
                if drawn is None:
                    return events + self._end_deal(None)
                s.queue = []
                self._end_call_window(events)
                return events
            givers = [
                (offender + k) % self.players
                for k in range(1, self.players)
                if s.hands[(offender + k) % self.players]
            ]
            s.queue = givers
            if givers:
                s.phase = Phase.GIVE_CARD
            else:
                self._end_call_window(events)
            return events
        if isinstance(action, CallLiverpool):
            if not self.rules.liverpool_call:
                raise IllegalAction("These rules have no Liverpool call.")
            if s.down_turn[seat] is None:
                raise IllegalAction("Only a player who has gone down may call Liverpool.")
            if len(s.hands[seat]) < 2:
                raise IllegalAction(
                    "You need two cards or more to call Liverpool: you discard one and keep one."
                )
            s.caller = seat
            s.queue = []
            s.phase = Phase.LIVERPOOL_DISCARD
            events.append(
                Event(
                    EventKind.CALL_LIVERPOOL,
                    f"{name} called Liverpool and may discard a card.",
                    seat,
                )
            )
            return events
        raise IllegalAction(self._wrong_phase(action))

    def _end_call_window(self, events: list[Event]) -> None:
        s = self._s
        s.offender = None
        s.caller = None
        s.queue = []
        events.extend(self._pass_turn(s.turn_player))

    def _legal_give(self) -> list[Action]:
        return [GiveCard(c) for c in distinct(self._s.hands[self._s.queue[0]])]

    def _apply_give(self, action: Action) -> list[Event]:
        s = self._s
        seat = s.queue[0]
        if not isinstance(action, GiveCard):
            raise IllegalAction(
                f"You must give {self.names[s.offender or 0]} one card after the rummy call."
            )
        if action.card not in s.hands[seat]:
            raise IllegalAction(f"You have no {action.card} to give.")
        offender = s.offender
        assert offender is not None
        s.hands[seat].remove(action.card)
        s.hands[offender].append(action.card)
        s.queue.pop(0)
        events = [
            Event(
                EventKind.GIVE_CARD,
                f"{self.names[seat]} gave {self.names[offender]} a card.",
                seat,
                (),
                (action.card,),
                f"{self.names[seat]} gave {self.names[offender]} the {action.card}.",
                also_sees=offender,
            )
        ]
        if not s.queue:
            self._end_call_window(events)
        return events

    def _legal_liverpool_discard(self) -> list[Action]:
        return [Discard(c) for c in distinct(self._s.hands[self._s.caller or 0])]

    def _apply_liverpool_discard(self, action: Action) -> list[Event]:
        s = self._s
        seat = s.caller
        assert seat is not None
        if not isinstance(action, Discard):
            raise IllegalAction("After calling Liverpool you discard one card of your own.")
        if action.card not in s.hands[seat]:
            raise IllegalAction(f"You have no {action.card} to discard.")
        s.hands[seat].remove(action.card)
        s.discard.append(action.card)
        s.discarder = seat
        events = [
            Event(
                EventKind.LIVERPOOL_DISCARD,
                f"{self.names[seat]} discarded the {action.card}.",
                seat,
                (action.card,),
            )
        ]
        self._end_call_window(events)
        return events

    # ===========================================================================================
    # Phase: DRAW and BUY
    # ===========================================================================================
    def _legal_draw(self) -> list[Action]:
        actions: list[Action] = [DrawStock()]
        try:
            self._check_take_discard()
            actions.append(TakeDiscard())
        except IllegalAction:
            pass
        if self._go_out_melds(None) is not None:
            actions.append(GoOut())
        return actions

    def _check_take_discard(self) -> None:
        s = self._s
        seat = s.turn_player
        if not s.discard:
            raise IllegalAction("The discard pile is empty: draw from the stock.")
        card = s.discard[-1]
        if not s.hands[seat] and not self._lay_off_targets(seat, card, after_draw=True):
            raise IllegalAction(
                f"Your hand is empty: the {card} could not be played on the table, and a card "
                "taken from the pile may not be discarded in the same turn."
            )
        if (
            s.hands[seat]
            and not self.rules.discard_draw_penalty
            and all(c == card for c in s.hands[seat])
            and not self._may_play_after_taking(seat, card)
        ):
            raise IllegalAction(
                f"You hold only the {card}: with another {card} from the pile you could not end "
                "your turn, because a card taken from the pile may not be discarded in the same "
                "turn (nor any card equal to it)."
            )

    def _may_play_after_taking(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` would have a legal play after taking ``card`` (tried on a copy; only
        asked when every card in the hand equals it, so nothing else could be discarded)."""
        trial = self.copy()
        t = trial._s
        t.discard.pop()
        t.hands[seat].append(card)
        t.taken_discard = card
        t.phase = Phase.PLAY
        return bool(trial._legal_play())

    def _apply_draw(self, action: Action) -> list[Event]:
        s = self._s
        seat = s.turn_player
        name = self.names[seat]
        events: list[Event] = []
        if isinstance(action, GoOut):
            return self._apply_go_out(action)
        if isinstance(action, TakeDiscard):
            self._check_take_discard()
            card = s.discard.pop()
            s.hands[seat].append(card)
            s.taken_discard = card
            s.phase = Phase.PLAY
            extra = self.rules.discard_draw_penalty
            text = f"{name} took the {card} from the discard pile"
            if extra:
                drawn = self._draw_cards(seat, extra, events)
                events.append(
                    Event(
                        EventKind.TAKE_DISCARD,
                        text + f" and {extra} extra stock cards.",
                        seat,
                        (card,),
                        tuple(drawn or ()),
                        f"You took the {card} and drew {_drawn_words(drawn)}.",
                    )
                )
                if drawn is None:
                    return events + self._end_deal(None)
            else:
                events.append(Event(EventKind.TAKE_DISCARD, text + ".", seat, (card,)))
            return events
        if isinstance(action, DrawStock):
            if self.rules.buying and s.discard:
                s.queue = [
                    (seat + k) % self.players
                    for k in range(1, self.players)
                    if self._may_buy((seat + k) % self.players)
                ]
                if s.queue:
                    s.accepted = []
                    s.phase = Phase.BUY
                    events.append(
                        Event(
                            EventKind.DECLINE,
                            f"{name} passed the {s.discard[-1]}; it is offered to buy.",
                            seat,
                            (s.discard[-1],),
                        )
                    )
                    return events
            return events + self._stock_draw(seat)
        raise IllegalAction(self._wrong_phase(action))

    def _stock_draw(self, seat: int) -> list[Event]:
        s = self._s
        events: list[Event] = []
        card = self._take_stock(events)
        if card is None:
            return events + self._end_deal(None)
        s.hands[seat].append(card)
        s.phase = Phase.PLAY
        events.append(
            Event(
                EventKind.DRAW_STOCK,
                f"{self.names[seat]} drew from the stock.",
                seat,
                (),
                (card,),
                f"You drew the {card}.",
            )
        )
        return events

    def _legal_buy(self) -> list[Action]:
        return [Buy(), Pass()]

    def _apply_buy(self, action: Action) -> list[Event]:
        s = self._s
        seat = s.queue[0]
        name = self.names[seat]
        card = s.discard[-1]
        events: list[Event] = []
        if isinstance(action, Pass):
            s.queue.pop(0)
            events.append(
                Event(EventKind.PASS_BUY, f"{name} did not buy the {card}.", seat, (card,))
            )
        elif isinstance(action, Buy):
            if self.rules.buy_priority is BuyPriority.FIRST_TO_CALL:
                s.accepted.append(seat)
                s.queue.pop(0)
                events.append(
                    Event(EventKind.CALL_BUY, f"{name} calls to buy the {card}.", seat, (card,))
                )
            else:
                return self._buy(seat)
        else:
            raise IllegalAction(
                f"You may buy the {card} or pass; {self.names[s.turn_player]} then draws."
            )
        if not s.queue:
            if s.accepted:
                order = self._rng.sample(s.accepted, len(s.accepted))
                if len(order) > 1:
                    events.append(
                        Event(
                            EventKind.FIRST_CALL,
                            f"{self.names[order[0]]} called first.",
                            order[0],
                        )
                    )
                return events + self._buy(order[0])
            events.extend(self._stock_draw(s.turn_player))
        return events

    def _buy(self, seat: int) -> list[Event]:
        s = self._s
        card = s.discard.pop()
        s.hands[seat].append(card)
        s.floating[seat] = False  # a floater who buys holds cards again: no longer floating
        s.buys_match[seat] += 1
        s.buys_deal[seat] += 1
        coins = s.coins[seat]
        if coins is not None:
            s.coins[seat] = coins - 1
        s.queue = []
        s.accepted = []
        events: list[Event] = []
        price = self.rules.buy_penalty_cards
        drawn = self._draw_cards(seat, price, events)
        what = "a penalty card" if price == 1 else f"{price} penalty cards"
        events.append(
            Event(
                EventKind.BUY,
                f"{self.names[seat]} bought the {card} and took {what}.",
                seat,
                (card,),
                tuple(drawn or ()),
                f"You bought the {card}; your penalty: {_drawn_words(drawn)}.",
            )
        )
        if drawn is None:
            return events + self._end_deal(None)
        return events + self._stock_draw(s.turn_player)

    # ===========================================================================================
    # End of a deal and of the match
    # ===========================================================================================
    def _end_deal(self, went_out: int | None, why: str = "stock") -> list[Event]:
        s = self._s
        n = self.players
        points = [
            (0 if seat == went_out else hand_points(s.hands[seat], self.rules))
            + s.deal_penalties[seat]
            for seat in range(n)
        ]
        for seat in range(n):
            s.scores[seat] += points[seat]
        s.deal_scores.append(points)
        events: list[Event] = []
        if went_out is None:
            cause = (
                f"Deal {s.deal} has lasted {self.rules.max_turns_per_deal} turns"
                if why == "turns"
                else "No card can be drawn"
            )
            events.append(
                Event(
                    EventKind.DEAD_DEAL,
                    f"{cause}: the deal is dead and everyone scores what they hold.",
                )
            )
        pad = ", ".join(f"{self.names[i]} +{p}" for i, p in enumerate(points))
        events.append(
            Event(
                EventKind.DEAL_OVER,
                f"Deal {s.deal} is over: {pad}.",
                went_out,
                scores=tuple(points),
            )
        )
        s.queue = []
        s.accepted = []
        if s.deal >= self.rules.deals:
            best = min(s.scores)
            s.winners = [i for i, v in enumerate(s.scores) if v == best]
            s.phase = Phase.MATCH_OVER
            names = " and ".join(self.names[i] for i in s.winners)
            events.append(
                Event(
                    EventKind.MATCH_OVER,
                    f"The match is over: {names} won{' (a tie)' if len(s.winners) > 1 else ''} "
                    f"with {best} points.",
                    scores=tuple(s.scores),
                )
            )
            return events
        s.deal += 1
        s.dealer = self._next(s.dealer)
        return events + self._start_deal()

    def _wrong_phase(self, action: Action) -> str:
        s = self._s
        name = type(action).__name__
        hints = {
            Phase.CUT: "The cards must be cut before the deal.",
            Phase.RUMMY_CALL: "First each player may call on the last discard, or pass.",
            Phase.GIVE_CARD: "Each player now gives the offender one card.",
            Phase.LIVERPOOL_DISCARD: "The Liverpool caller must discard a card now.",
            Phase.DRAW: "You must draw first: take the discard or draw from the stock.",
            Phase.BUY: "The discard is being offered to buy: buy it or pass.",
            Phase.PLAY: "You have drawn already: go down, lay off, or discard.",
            Phase.MATCH_OVER: "The match is over.",
        }
        if s.phase is Phase.PLAY and isinstance(action, (DrawStock, TakeDiscard)):
            return "You have already drawn this turn: now play, then discard."
        if s.phase is Phase.DRAW and isinstance(action, Discard):
            return "You must draw before you discard."
        return f"{_ACTION_WORDS.get(name, name)} is not possible now. {hints[s.phase]}"


_ACTION_WORDS = {
    "DrawStock": "Drawing from the stock",
    "TakeDiscard": "Taking the discard",
    "Buy": "Buying",
    "Pass": "Passing",
    "GoDown": "Going down",
    "LayOff": "Laying off",
    "SwapWild": "Swapping a wild",
    "Discard": "Discarding",
    "CallRummy": "Calling rummy",
    "CallLiverpool": "Calling Liverpool",
    "GiveCard": "Giving a card",
    "GoOut": "Going out",
    "Cut": "Cutting",
}

_LEGAL = {
    Phase.CUT: Game._legal_cut,
    Phase.RUMMY_CALL: Game._legal_call,
    Phase.GIVE_CARD: Game._legal_give,
    Phase.LIVERPOOL_DISCARD: Game._legal_liverpool_discard,
    Phase.DRAW: Game._legal_draw,
    Phase.BUY: Game._legal_buy,
    Phase.PLAY: Game._legal_play,
}

_APPLY = {
    Phase.CUT: Game._apply_cut,
    Phase.RUMMY_CALL: Game._apply_call,
    Phase.GIVE_CARD: Game._apply_give,
    Phase.LIVERPOOL_DISCARD: Game._apply_liverpool_discard,
    Phase.DRAW: Game._apply_draw,
    Phase.BUY: Game._apply_buy,
    Phase.PLAY: Game._apply_play,
}


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise RulesError(f"players must be a number or a list of names, not {players!r}")
    if isinstance(players, int):
        if not 1 <= players <= len(DEFAULT_NAMES):
            raise RulesError(f"players must be 2 to {len(DEFAULT_NAMES)}, not {players}")
        return DEFAULT_NAMES[:players]
    if isinstance(players, str):
        raise RulesError("players must be a number or a list of names, not one string")
    names = tuple(str(p) for p in players)
    if len(set(names)) != len(names):
        raise RulesError("every player needs a different name")
    return names


def _all_of(n: int, noun: str) -> str:
    """``'your 1 buy'``, ``'both of your 2 buys'``, ``'all 3 of your buys'``."""
    if n == 1:
        return f"your 1 {noun}"
    return f"both of your 2 {noun}s" if n == 2 else f"all {n} of your {noun}s"


def _drawn_words(drawn: Sequence[Card] | None) -> str:
    """The stock cards drawn, or why there are none (the stock ran out: a dead deal)."""
    return format_cards(drawn) if drawn else "nothing, for the stock ran out"


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value
