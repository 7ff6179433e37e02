"""``BuyingWalkthrough``: one discard, followed step by step through the buy window.

A stacked deal (the same cards under every preset) puts a discard on the pile: Ada throws the
7♥. Then, one decision per press of **Next**, the walkthrough shows what each house does with
it: the next player's right to take it as the draw, the buy window that opens when they decline,
who may buy and in which order, the penalty card, and the limits on buying. Bots decide every
seat but the learner's; at the learner's seat the walkthrough waits for a click (Take / Draw /
Buy / Pass) and says what happened and what the coach would have done.

Everything the front end does has a Python twin, for tests and notebook cells::

    w = BuyingWalkthrough("house", seat=2)
    w.next()            # Ben, the next player, decides: he draws from the stock ...
    w.choose("buy")     # the learner (Cleo) buys the 7♥ and takes a penalty card
    w.steps             # every explanation so far, in order
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import TypedDict

import liverpool as lp
from liverpool.actions import Action, Buy, Discard, DrawStock, Pass, TakeDiscard
from liverpool.events import EventKind
from liverpool.words import counted, listed, possessive

from ._panel import (
    Handler,
    LessonPanel,
    Message,
    MessageKind,
    as_rules,
    button,
    coach_says,
    h,
    option,
    plain,
    row_svg,
    rules_select,
    text_of,
)

__all__ = [
    "CHOICES",
    "SCENARIO",
    "BuyingState",
    "BuyingWalkthrough",
    "Scenario",
    "buy_order",
    "deal_scenario",
]


class Scenario(TypedDict):
    """A stacked deal and the discard the walkthrough follows."""

    hands: list[str]
    """Each seat's hand, Ada's first."""
    stock: str
    """The stock, top card first."""
    upcard: str
    dealer: int
    discard: str
    """The card Ada throws."""


SCENARIO: Scenario = {
    "hands": [
        "7H 3S 4D 5C 9S JD QH KC 8D 6S",  # Ada, the discarder: she throws the 7♥
        "3H 4H 5D 9C 10S JC QD 6C 8S KH",  # Ben, the next player: no use for a 7
        "7C 7S KS KD 3C 4S 9D 10D QC 6D",  # Cleo: a pair of sevens
        "7D 7S QS QH 3D 5S 8C 10C JS 4C",  # Dev: a pair of sevens too
    ],
    "stock": "AS AC 9H 5H",
    "upcard": "AD",
    "dealer": 3,
    "discard": "7H",
}
"""The stacked deal: no jokers and no 2s, so it is the same deal under every preset."""

_ACTIONS: dict[str, Callable[[], Action]] = {
    "take": TakeDiscard,
    "draw": DrawStock,
    "buy": Buy,
    "pass": Pass,
}

CHOICES = tuple(_ACTIONS)
"""The learner's buttons: take the discard, draw from the stock, buy it, pass on buying."""


class BuyingState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    rules: str
    seat: int | None
    phase: str
    to_act: int | None
    steps: int
    finished: bool
    bought_by: int | None
    hand_sizes: list[int]
    feedback: str
    ok: bool | None


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def deal_scenario(
    rules: lp.Rules | str | None = "house",
    *,
    table: Iterable[tuple[int, str]] = (),
) -> lp.Game:
    """The walkthrough's game under ``rules``: the stacked :data:`SCENARIO` deal, Ada's turn
    played (she draws from the stock, nobody buys the upcard, she throws the 7♥), and Ben, the
    next player, to decide. ``table`` puts melds on the table first, as ``(owner, cards)``
    (:meth:`~liverpool.Game.from_deal`; each owner counts as down)."""
    game = lp.Game.from_deal(
        as_rules(rules),
        SCENARIO["hands"],
        SCENARIO["stock"],
        SCENARIO["upcard"],
        dealer=SCENARIO["dealer"],
        seed=1,
        table=list(table),
    )
    game.apply(DrawStock())
    while game.phase is lp.Phase.BUY:
        game.apply(Pass())
    game.apply(Discard(lp.Card.parse(SCENARIO["discard"])))
    return game


def buy_order(game: lp.Game) -> tuple[list[int], dict[int, str]]:
    """Who may buy the top discard, in the order they are asked, and why each other seat may not.

    The order is the engine's (:meth:`~liverpool.Game.buyers`, the queue its buy window asks);
    the reasons are its own sentences from :meth:`~liverpool.Game.why_not_buy`, each said to
    that seat ("You made this discard, ..."), listed in turn order from the next player. For a
    game whose top discard was just made and whose next player is to draw (or has just declined
    it).
    """
    n = game.players
    nxt = game.turn_player
    turn_order = [(nxt + k) % n for k in range(n)]
    reasons = {seat: game.why_not_buy(seat) for seat in turn_order}
    why = {seat: reason for seat, reason in reasons.items() if reason is not None}
    return list(game.buyers()), why


def _limits(game: lp.Game) -> str:
    rules = game.rules
    parts = []
    limit = rules.buy_limit(game.players)
    if limit is not None:
        parts.append(f"each player may buy {limit} times per match at a table of {game.players}")
    if rules.max_buys_per_deal is not None:
        parts.append(f"at most {rules.max_buys_per_deal} buys per player in each deal")
    if rules.buy_coins is not None:
        parts.append(f"each buy costs a coin, and everyone starts the match with {rules.buy_coins}")
    if not parts:
        return "These rules set no limit on how often a player may buy."
    return "Limits: " + "; ".join(parts) + "."


class BuyingWalkthrough(LessonPanel):
    """One discard followed through the buy window, one decision per press of Next.

    ``BuyingWalkthrough(rules="house", seat=None)``: ``rules`` is a preset name (or Rules);
    ``seat`` is the learner's seat (0 Ada the discarder, 1 Ben the next player, 2 Cleo, 3 Dev),
    or ``None`` to watch the bots decide everything.
    """

    def __init__(self, rules: lp.Rules | str | None = "house", seat: int | None = None) -> None:
        super().__init__()
        self._rules = as_rules(rules)
        self._seat = self._check_seat(seat)
        self._coach = lp.bots.make("basic", 0)
        self.restart()

    # -- the Python API --------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The learner's seat (``None``: bots decide every seat)."""
        return self._seat

    @property
    def game(self) -> lp.Game:
        """The stacked game behind the walkthrough."""
        return self._game

    @property
    def steps(self) -> list[str]:
        """Every explanation so far, first to last."""
        return list(self._steps)

    @property
    def finished(self) -> bool:
        """Whether the discard's story is over (the next player is playing the turn)."""
        return self._game.phase not in (lp.Phase.DRAW, lp.Phase.BUY)

    @property
    def waiting_for_you(self) -> bool:
        """Whether the decision now belongs to the learner's seat."""
        return not self.finished and self._game.to_act == self._seat

    @property
    def discard(self) -> lp.Card:
        return lp.Card.parse(SCENARIO["discard"])

    def restart(self) -> str:
        """Deal again and make the discard; the walkthrough starts over."""
        rules = self._rules
        # Ada's turn, scripted: the walkthrough starts from her discard.
        game = deal_scenario(rules)
        self._game = game
        self._bought_by: int | None = None
        self._buy_cost_before: int | None = None
        self._callers: list[int] = []
        nxt = game.turn_player
        ada = self._subject(0)
        intro = f"{ada} discarded the {self.discard}. "
        if nxt == self._seat:
            intro += (
                "You are the next player, so you have the first right to it: you may take it as "
                "your draw"
            )
        else:
            name = game.names[nxt]
            intro += (
                f"{name}, the next player, has the first right to it: {name} may take it as the "
                "draw"
            )
        if rules.discard_draw_penalty:
            intro += (
                f" — but in these rules taking the discard costs {rules.discard_draw_penalty} "
                "extra stock cards"
            )
        else:
            intro += ", at no extra cost"
        declines = "you decline" if nxt == self._seat else f"{game.names[nxt]} declines"
        intro += f". If {declines}, the {self.discard} is offered to buy."
        if self._seat is not None and self._seat != nxt:
            intro += f" You are {game.names[self._seat]}."
        self._steps = [intro]
        self._prompt()
        self.redraw()
        return self.feedback

    def set_rules(self, rules: lp.Rules | str) -> str:
        """Start over under other rules."""
        self._rules = as_rules(rules)
        return self.restart()

    def set_seat(self, seat: int | None) -> str:
        """Take another seat (``None``: watch only) and start over."""
        self._seat = self._check_seat(seat)
        return self.restart()

    def next(self) -> str:
        """Let the seat whose decision it is decide (a bot), and explain it. At the learner's
        seat nothing happens: the walkthrough waits for :meth:`choose`."""
        if self.finished:
            self.say(None, self._done_text())
        elif self.waiting_for_you:
            self.say(None, "It is your decision: " + self._your_options())
        else:
            seat = self._game.to_act
            assert seat is not None
            action, reason = coach_says(
                self._coach, self._game.view(seat), self._game.legal_actions()
            )
            text = self._apply(seat, action, reason)
            self._steps.append(text)
            self.say(None, text)
            self._prompt(keep=True)
        self.redraw()
        return self.feedback

    def run_to_end(self) -> str:
        """Press Next until the learner must decide or the story is over."""
        while not self.finished and not self.waiting_for_you:
            self.next()
        return self.feedback

    def choose(self, choice: str) -> str:
        """The learner's click: ``"take"``, ``"draw"``, ``"buy"`` or ``"pass"``."""
        kind = _ACTIONS.get(choice)
        if kind is None:
            self.say(False, f"There is no choice {choice!r}: pick one of {', '.join(CHOICES)}.")
            self.redraw()
            return self.feedback
        if self._seat is None:
            self.say(
                False,
                "You are watching: pick a seat first (the Your seat menu), then decide for it.",
            )
            self.redraw()
            return self.feedback
        action = kind()
        game = self._game
        refusal = self._refusal(action)
        if refusal is not None:
            self.say(False, refusal)
            self.redraw()
            return self.feedback
        seat = self._seat
        coach_action, coach_reason = coach_says(self._coach, game.view(seat), game.legal_actions())
        text = self._apply(seat, action, None)
        self._steps.append(text)
        same = type(coach_action) is type(action)
        verdict = "The coach agrees" if same else "The coach would have chosen otherwise"
        # a ✓ only where the coach agrees; a legal choice it would not make gets no mark
        self.say(True if same else None, f"{text}\n{verdict}: {coach_reason}")
        self._prompt(keep=True)
        self.redraw()
        return self.feedback

    def eligible(self) -> list[str]:
        """The names of the players who may buy the discard, in the order they are asked."""
        order, _ = buy_order(self._game)
        return [self._game.names[s] for s in order]

    @property
    def state(self) -> BuyingState:
        """What the learner sees, as plain values (for tests)."""
        g = self._game
        return {
            "rules": self._rules.name,
            "seat": self._seat,
            "phase": g.phase.value,
            "to_act": g.to_act,
            "steps": len(self._steps),
            "finished": self.finished,
            "bought_by": self._bought_by,
            "hand_sizes": [len(g.hand(s)) for s in range(g.players)],
            "feedback": self.feedback,
            "ok": self.ok,
        }

    def __repr__(self) -> str:
        return (
            f"BuyingWalkthrough(rules={self._rules.name!r}, seat={self._seat!r}, "
            f"steps={len(self._steps)}, phase={self._game.phase.value!r})"
        )

    # -- the story -------------------------------------------------------------------------------
    @staticmethod
    def _check_seat(seat: int | None) -> int | None:
        if seat is None:
            return None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise ValueError(f"seat must be 0 to 3 (or None to watch), not {seat!r}")
        return seat

    def _refusal(self, action: Action) -> str | None:
        """Why the learner's seat may not do ``action`` now, in the learner's words."""
        game = self._game
        seat = self._seat
        assert seat is not None
        card = self.discard
        if self.finished:
            return self._done_text()
        order, why = buy_order(game)
        if game.to_act != seat:
            if isinstance(action, Buy) and seat in why:
                return f"You may not buy the {card}: {_lower_first(why[seat])}"
            if isinstance(action, (TakeDiscard, DrawStock)) and seat != game.turn_player:
                return (
                    f"Only the next player, {game.names[game.turn_player]}, takes the {card} "
                    "or draws now; it is not your turn."
                )
            waiting = game.names[game.to_act or 0]
            if isinstance(action, (Buy, Pass)) and game.phase is lp.Phase.DRAW:
                return (
                    f"Not yet: {waiting} decides first whether to take the {card} as the draw. "
                    "Press Next to see what happens."
                )
            if isinstance(action, (Buy, Pass)) and seat in order:
                return (
                    f"Not yet: {waiting} is asked before you. Buyers are asked in turn "
                    "order from the next player. Press Next."
                )
            return f"It is not your decision now: {game.deciding()} Press Next."
        engine = game.why_not(action, player=seat)
        if engine is None:
            return None
        if game.phase is lp.Phase.DRAW and isinstance(action, (Buy, Pass)):
            return (
                f"You are the next player: you do not buy the {card}, you either take it as your "
                "draw (Take) or draw from the stock (Draw)."
            )
        if game.phase is lp.Phase.BUY and isinstance(action, (TakeDiscard, DrawStock)):
            return f"The {card} is being offered to buy: Buy it, or Pass."
        return engine

    # -- who is who in the story: the learner is "you", every other seat is told by name ---------
    def _subject(self, seat: int) -> str:
        """The seat as the subject of a sentence: "You" for the learner, else the name."""
        return "You" if seat == self._seat else self._game.names[seat]

    def _object(self, seat: int) -> str:
        """The seat inside a sentence: "you" for the learner, else the name."""
        return "you" if seat == self._seat else self._game.names[seat]

    def _possessive(self, seat: int) -> str:
        """The seat's possessive: "your" for the learner, else "Ben's"."""
        return possessive(seat, self._seat, self._game.names)

    def _does(self, seat: int, you: str, they: str) -> str:
        """A sentence's subject and verb: "You take" for the learner, "Ben takes" for a bot."""
        return f"{self._subject(seat)} {you if seat == self._seat else they}"

    def _who(self, seats: Iterable[int]) -> str:
        return listed([self._object(s) for s in seats])

    def _apply(self, seat: int, action: Action, reason: str | None) -> str:
        """Play ``action`` for ``seat`` and tell it. ``reason`` is the coach's reason for a bot's
        move (the learner's own move has none: the coach's verdict follows it)."""
        game = self._game
        rules = self._rules
        card = self.discard
        why = _reason_about(game.names[seat], reason) if reason else ""
        size_before = len(game.hand(seat))
        events = game.apply(action, player=seat)
        if isinstance(action, TakeDiscard):
            extra = ""
            if rules.discard_draw_penalty:
                extra = (
                    f" In these rules taking the discard costs {rules.discard_draw_penalty} "
                    f"extra cards from the stock, so {self._possessive(seat)} hand grew by "
                    f"{len(game.hand(seat)) - size_before}."
                )
            whose = "your" if seat == self._seat else "the"
            return (
                f"{self._does(seat, 'take', 'takes')} the {card} as {whose} draw{why}. That is "
                "the next player's right: no buy window opens and nobody else can have it."
                f"{extra}"
            )
        if isinstance(action, DrawStock):
            text = (
                f"{self._does(seat, 'decline', 'declines')} the {card} and "
                f"{'draw' if seat == self._seat else 'draws'} from the stock instead{why}."
            )
            if game.phase is lp.Phase.BUY:
                text += " " + self._window_text()
            else:
                goes_on = "draw and play on" if seat == self._seat else "draws and plays on"
                text += f" Nobody may buy it, so {self._object(seat)} simply {goes_on}."
            return text
        if isinstance(action, Pass):
            because = f", since{why[1:]}" if why.startswith(":") else why
            text = f"{self._does(seat, 'pass', 'passes')}: no buy{because}."
            if game.phase is lp.Phase.BUY:
                text += f" The offer moves on to {self._object(game.to_act or 0)}."
            elif any(e.kind is EventKind.BUY for e in events):
                text += " " + self._bought_text(events)
            else:
                text += (
                    f" Nobody bought the {card}. The window closes and "
                    f"{self._does(game.turn_player, 'draw', 'draws')} from the stock."
                )
            return text
        # a Buy: at once where the nearest buyer wins, or a call where the first to call wins
        if rules.buy_priority is lp.BuyPriority.FIRST_TO_CALL:
            self._callers.append(seat)
            text = f"{self._does(seat, 'call', 'calls')} to buy the {card}{why}."
            if any(e.kind is EventKind.BUY for e in events):
                return text + " " + self._bought_text(events)
            return text + (
                " In these rules the first to call wins, so the others are still asked before "
                "anyone gets the card."
            )
        return f"{self._does(seat, 'buy', 'buys')} the {card}{why}. " + self._bought_text(events)

    def _bought_text(self, events: list[lp.Event]) -> str:
        game = self._game
        buy = next(e for e in events if e.kind is EventKind.BUY)
        buyer = buy.player if buy.player is not None else 0
        self._bought_by = buyer
        card = self.discard
        lead = ""
        if game.rules.buy_priority is lp.BuyPriority.FIRST_TO_CALL:
            callers = self._callers
            if len(callers) > 1:
                both = "both" if len(callers) == 2 else "all"
                lead = (
                    f"{_capital(self._who(callers))} {both} called. At this table nobody is "
                    "faster, so the game's seed draws the calling order. It puts "
                    f"{self._possessive(buyer)} call first: {self._object(buyer)} "
                    f"{'buy' if buyer == self._seat else 'buys'} the {card}. "
                )
            else:
                lead = (
                    f"{self._does(buyer, 'are', 'is')} the only one who called, so "
                    f"{self._object(buyer)} {'buy' if buyer == self._seat else 'buys'} the "
                    f"{card}. "
                )
        price = game.rules.buy_penalty_cards
        penalty = "one penalty card" if price == 1 else f"{price} penalty cards"
        coins = ""
        if game.rules.buy_coins is not None:
            have = "have" if buyer == self._seat else "has"
            coins = (
                f" It also costs a coin: {self._object(buyer)} {have} "
                f"{game.view(buyer).coins[buyer]} left."
            )
        left = game.buys_left(buyer)
        limit = ""
        if left is not None and not game.rules.buy_coins:
            limit = f" {self._does(buyer, 'have', 'has')} {counted(left, 'buy')} left this match."
        return (
            f"{lead}{self._does(buyer, 'get', 'gets')} the {card} plus {penalty} from the "
            f"stock, so {self._possessive(buyer)} hand grows by {1 + price} cards.{coins}{limit} "
            "At most one buy per discard: the window closes. Buying never changes whose turn it "
            f"is: {self._object(game.turn_player)} now "
            f"{'draw' if game.turn_player == self._seat else 'draws'} from the stock."
        )

    def _window_text(self) -> str:
        game = self._game
        order, why = buy_order(game)
        rules = game.rules
        if rules.buy_priority is lp.BuyPriority.FIRST_TO_CALL:
            how = (
                f"Everyone who may buy is asked ({self._who(order)}), and each may call 'buy'. "
                "If more than one calls, the first to call wins."
            )
        else:
            how = (
                f"They are asked in turn order from the next player: {self._who(order)}; the "
                "first who says yes gets it."
            )
        return (
            f"The buy window opens on the {self.discard}. {how} Not asked, in the engine's "
            f"words to each: {self._reasons(why)} "
            f"The price: the card plus {counted(rules.buy_penalty_cards, 'penalty card')} "
            f"from the stock. {_limits(game)}"
        )

    def _reasons(self, why: Mapping[int, str]) -> str:
        """Who may not buy and the engine's words to each: ``Ada: “You made this discard, ...”``
        (the learner's seat marked "(you)")."""
        game = self._game
        return " ".join(
            f"{game.names[s]}{' (you)' if s == self._seat else ''}: “{reason}”"
            for s, reason in why.items()
        )

    def _your_options(self) -> str:
        game = self._game
        card = self.discard
        if game.phase is lp.Phase.DRAW:
            return f"you are the next player. Take the {card} as your draw, or Draw from the stock."
        return f"the {card} is offered to you. Buy it (plus a penalty card), or Pass."

    def _prompt(self, keep: bool = False) -> None:
        """Say what happens next (unless the learner's feedback should stay)."""
        if self.finished:
            text = self._done_text()
        elif self.waiting_for_you:
            text = "Your decision: " + self._your_options()
        else:
            text = f"Press Next: {self._game.deciding()}"
        if keep:
            self.feedback = f"{self.feedback}\n{text}"
        else:
            self.say(None, text)

    def _done_text(self) -> str:
        g = self._game
        if g.turn_player == self._seat:
            who = "you have drawn and play your turn"
        else:
            who = f"{g.names[g.turn_player]} has drawn and plays the turn"
        return (
            f"The story of the {self.discard} is over: {who}. Restart, or pick another house or "
            "seat."
        )

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.NEXT: plain(self.next),
            MessageKind.CHOOSE: text_of("choice", self.choose),
            MessageKind.RESTART: plain(self.restart),
            MessageKind.SEAT: self._on_seat,
        }

    def _on_seat(self, message: Message) -> None:
        value = message.get("value")
        seat = None if value in (None, "", "watch") else self._int(message, "value")
        if seat is not None and not 0 <= seat < 4:
            self.say(None, "Pick a seat from the menu.")
            return
        self.set_seat(seat)

    # -- drawing ---------------------------------------------------------------------------------
    def _render(self) -> str:
        g = self._game
        rules = self._rules
        seat_options = '<option value="watch">watch the bots</option>' + "".join(
            option(i, name, selected=i == self._seat) for i, name in enumerate(g.names)
        )
        controls = (
            f'<div class="lp-row">{rules_select(rules)} <label class="lp-muted">Your seat: '
            f'<select data-action="{MessageKind.SEAT}" data-testid="seat">{seat_options}</select>'
            f"</label> {button('Next', MessageKind.NEXT, 'next', primary=True)} "
            f"{button('Restart', MessageKind.RESTART, 'restart')}</div>"
        )
        choices = "".join(
            button(label, MessageKind.CHOOSE, f"choose-{choice}", choice=choice)
            for choice, label in (
                ("take", "Take it"),
                ("draw", "Draw from stock"),
                ("buy", "Buy"),
                ("pass", "Pass"),
            )
        )
        order, _ = buy_order(g)
        rows = []
        view = g.view(0)
        for s in range(g.players):
            roles = []
            if s == view.discarder:
                roles.append("discarder")
            if s == g.turn_player:
                roles.append("next player")
            if s == self._bought_by:
                roles.append("bought it")
            elif g.phase is lp.Phase.BUY and s in order:
                roles.append("may buy")
            if s == g.to_act and not self.finished:
                roles.append("deciding now")
            left = g.buys_left(s)
            you = " (you)" if s == self._seat else ""
            rows.append(
                f'<tr data-testid="seat-{s}"><td>{h(g.names[s])}{h(you)}</td>'
                f"<td>{len(g.hand(s))}</td><td>{'no limit' if left is None else left}</td>"
                f"<td>{h(', '.join(roles))}</td></tr>"
            )
        table = (
            "<table><tr><th>player</th><th>cards</th><th>buys left</th><th>now</th></tr>"
            + "".join(rows)
            + "</table>"
        )
        top = g.discard_top
        pile = row_svg([top], rules, label=f"discard pile: {top}") if top else ""
        hand = ""
        if self._seat is not None:
            hand = (
                f'<div class="lp-muted">Your hand ({h(g.names[self._seat])}):</div>'
                f'<div class="lp-row" data-testid="your-hand">'
                f"{row_svg(g.hand(self._seat), rules, label='your hand')}</div>"
            )
        steps = "".join(f"<li>{h(text)}</li>" for text in self._steps)
        body = (
            controls
            + f'<div class="lp-row"><div><div class="lp-muted">Discard pile</div>{pile}</div>'
            + f"<div>{table}</div></div>"
            + hand
            + f'<div class="lp-row">{choices}</div>'
            + f'<ol class="lp-muted" data-testid="steps">{steps}</ol>'
        )
        return self._panel(f"Buying the {self.discard}, step by step", body, "buying")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


_DECISIONS = ("Buy ", "Pass", "Draw ", "Take ")
"""How the coach's reasons for a buy or draw decision begin: the decision, then ": " and why."""

_YOU_MAY = re.compile(r"you (?:can|could|may|might|will|would) ", re.IGNORECASE)

_VERB_AFTER_YOU = re.compile(r"\byou(?:'re| are| have| were| do)\b", re.IGNORECASE)


def _reason_about(name: str, reason: str) -> str:
    """The coach's reason for a bot's move, told about that bot rather than to it, as the tail
    of the sentence that says the move: ``"Draw from the stock: the 7♥ does not help your
    contract."`` for Ben becomes ``": the 7♥ does not help Ben's contract"``. The coach speaks
    to the player it advises; narrated, its "you" is the bot. A reason that does not turn
    cleanly (no "decision: why" shape, or a verb that would need changing) is quoted whole, as
    the coach's advice to that bot."""
    head, sep, why = reason.partition(": ")
    if (
        sep
        and head.startswith(_DECISIONS)
        and (
            why.split(" ", 1)[0].lower() in ("it", "the", "your", "a")
            or _YOU_MAY.match(why) is not None
        )
        and not _VERB_AFTER_YOU.search(why)
    ):
        why = re.sub(r"\byour\b", f"{name}'s", why, flags=re.IGNORECASE)
        why = re.sub(r"\byou\b", name, why, flags=re.IGNORECASE)
        return ": " + why.rstrip(".")
    return f" (the coach's advice to {name}: “{reason}”)"
