"""``CardTable``: one seat's view of a Liverpool game, drawn in the browser, played by clicking.

The widget is a thin layer over :class:`liverpool.Game`. Python owns everything: it turns the
seat's :class:`~liverpool.PlayerView` into plain JSON (each card carries its SVG, drawn by
:mod:`liverpool.render`, so the front end only places pictures) and into the state of the action
bar (which buttons are enabled, and for each disabled one why not). The front end
(``static/table.js``) draws that state and sends every click back as a message
``{"kind": ..., "version": ...}``; :meth:`CardTable.handle_message` turns the click into an
action and hands it to ``game.apply(action, player=seat)``. An illegal action raises
:class:`~liverpool.IllegalAction` in the engine, which changes nothing: the table shows its
sentence in place (the ``error`` trait). Anything else raised while handling a click is caught
and shown under the table (the ``crash`` trait), never lost.

Every view carries a ``version`` that grows with each change of the game. A click made on an
older view (a double click, a click while a bot was moving) is ignored and explained.

Messages (``kind`` and its fields; every message may carry ``version``):

* ``select`` / ``deselect`` ``index`` (a hand index, see below), ``select_all``, ``clear``;
  ``sort`` ``mode`` (``"own"``, ``"rank"`` or ``"suit"``); ``move`` ``index`` ``to`` (put a
  card at display position ``to`` of the player's own order)
* ``draw``, ``take``, ``buy``, ``pass``
* ``add_meld`` (the selected cards become one meld to go down with), ``clear_melds``,
  ``go_down`` (the melds built with ``add_meld`` plus the selection; or, with no meld built,
  the selected cards when they hold the contract; or, with nothing selected, the engine's own
  arrangement of the hand)
* ``lay_off`` ``meld`` [``end``] (the one selected card), ``swap`` ``meld`` ``position``
  (the selected card in place of that wild), ``discard`` (the selected card), ``give`` (the
  selected card, after a rummy call), ``call`` ``call`` (``"rummy"`` or ``"liverpool"``),
  ``cut`` ``aim``, ``go_out``
* ``hint``, ``undo``

A hand *index* is the card's position in ``game.hand(seat)`` (the engine's order); the
``view["hand"]`` list is in display order, each entry naming its ``index``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

import liverpool as lp
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
)
from liverpool.events import second_person
from liverpool.render import card_label, card_svg

__all__ = ["ACTION_KINDS", "CardTable"]

_STATIC = Path(__file__).parent / "static"

HAND_WIDTH = 92
"""Pixel width the hand's card pictures are drawn at (the page may scale them)."""
MELD_WIDTH = 64
PILE_WIDTH = 84
OPEN_WIDTH = 52

SORT_MODES = ("own", "rank", "suit")

ACTION_KINDS = (
    "draw",
    "take",
    "buy",
    "pass",
    "add_meld",
    "go_down",
    "lay_off",
    "swap",
    "discard",
    "give",
    "call_rummy",
    "call_liverpool",
    "cut",
    "go_out",
    "hint",
    "undo",
)
"""The buttons of the action bar, in order (the keys of the ``legal`` trait)."""

STALE = (
    "That click was made on an older picture of the table (it has changed since), so it was "
    "ignored. Look at the table again and click once more."
)

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def _count_words(n: int, word: str) -> str:
    amount = _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)
    return f"{amount} {word}{'' if n == 1 else 's'}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _buys_text(left: int | None) -> str:
    if left is None:
        return "no buy limit"
    return f"{_plural(left, 'buy')} left"


def _points(value: int) -> str:
    """A score-pad cell: leftovers as ``+N``, a bonus as ``−N``, going out as ``0``."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"


def _indexes_of(hand: Sequence[lp.Card], cards: Sequence[lp.Card]) -> list[int]:
    """Hand positions holding ``cards`` (each position used once)."""
    used: set[int] = set()
    out: list[int] = []
    for card in cards:
        for i, held in enumerate(hand):
            if i not in used and held == card:
                used.add(i)
                out.append(i)
                break
    return out


def _fits_in(cards: Sequence[lp.Card], pool: Sequence[lp.Card]) -> bool:
    return not (Counter(cards) - Counter(pool))


class CardTable(anywidget.AnyWidget):  # type: ignore[misc]
    """The table as seat ``seat`` of ``game`` sees it, played by clicking.

    ``CardTable(game, seat=0)``. Options: ``open_hands`` shows every hand face up (teaching);
    ``four_color`` draws a four-colour deck; ``coach`` (a bot with ``explain(view, legal)``;
    default :class:`~liverpool.bots.StrongBot`) answers the Hint button; ``interactive=False``
    makes a table to watch only (the replay). ``undo_handler`` (a callable), when set, makes
    the Undo button work (``play()`` sets it).
    """

    _esm = _STATIC / "table.js"
    _css = _STATIC / "table.css"

    view = traitlets.Dict().tag(sync=True)
    legal = traitlets.Dict().tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    staged = traitlets.List(traitlets.List(traitlets.Int())).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    score_pad = traitlets.Dict().tag(sync=True)
    winners = traitlets.List(traitlets.Unicode()).tag(sync=True)
    hint = traitlets.Dict().tag(sync=True)
    sort_mode = traitlets.Unicode("own").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    crash = traitlets.Unicode("").tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)

    LOG_LINES = 200
    """How many of the latest event lines the ``log`` trait keeps."""

    def __init__(
        self,
        game: lp.Game,
        seat: int = 0,
        *,
        open_hands: bool = False,
        four_color: bool = False,
        coach: Any = None,
        interactive: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(interactive=interactive, **kwargs)
        if not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0 to {game.players - 1}, not {seat!r}")
        self._game = game
        self.seat = seat
        self.open_hands = open_hands
        self.four_color = four_color
        self._coach = coach
        self.undo_handler: Callable[[], None] | None = None
        self._listeners: list[Callable[[Action, list[lp.Event]], None]] = []
        self._version = 0
        self._order: list[str] = []  # the player's own order of the hand, as card codes
        self._hand_codes: tuple[str, ...] = ()
        self._legal_actions: list[Action] = []
        self._refreshing = False
        self.on_msg(self._on_custom_msg)
        self.refresh()

    # -- the game behind the table -------------------------------------------------------------
    @property
    def game(self) -> lp.Game:
        """The game shown; setting it (undo, resume, replay) redraws the table."""
        return self._game

    @game.setter
    def game(self, game: lp.Game) -> None:
        self._game = game
        self.refresh()

    @property
    def version(self) -> int:
        """Grows by one each time the game shown changes; clicks carry the version they saw."""
        return self._version

    @property
    def coach(self) -> Any:
        """The bot that answers Hint (a :class:`~liverpool.bots.StrongBot` unless given)."""
        if self._coach is None:
            self._coach = lp.bots.StrongBot(seed=0)
        return self._coach

    def forget_hand_order(self) -> None:
        """Start the player's own order afresh (a different match is about to be shown)."""
        self._order = []
        self._hand_codes = ()

    def on_action(self, callback: Callable[[Action, list[lp.Event]], None]) -> None:
        """Call ``callback(action, events)`` after each successful action of this seat."""
        self._listeners.append(callback)

    def words(self, text: str) -> str:
        """An engine line as this seat's player reads it: when they are called "You" (the
        default name), in the second person ("You deal", "your run"), not "You deals"."""
        if self._game.names[self.seat] == "You":
            return second_person(text, "You")
        return text

    def __repr__(self) -> str:
        g = self._game
        return f"CardTable(seat={self.seat}, deal={g.deal}, phase={g.phase.value!r})"

    # -- turning the game into front-end state --------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the game (call after changing the game from outside)."""
        g = self._game
        self._version += 1
        self._legal_actions = g.legal_actions() if g.to_act == self.seat else []
        hand = g.hand(self.seat)
        codes = tuple(c.code for c in hand)
        keep_selection = codes[: len(self._hand_codes)] == self._hand_codes
        self._sync_order(codes)
        self._hand_codes = codes
        self._refreshing = True
        try:
            with self.hold_sync():
                if not keep_selection:
                    self.selected = []
                    self.staged = []
                else:
                    self.selected = [i for i in self.selected if i < len(hand)]
                self._refresh_traits()
        finally:
            self._refreshing = False

    def _refresh_traits(self) -> None:
        g = self._game
        self.hint = {}
        self.view = self._build_view()
        self.legal = self._build_legal()
        self.log = [self.words(e.text_for(self.seat)) for e in g.log[-self.LOG_LINES :]]
        self.score_pad = self._build_score_pad()
        self.winners = [g.names[i] for i in g.winners] if g.is_over else []

    def _sync_order(self, codes: tuple[str, ...]) -> None:
        """Keep the player's own order: cards still held keep their places, new ones go last."""
        left = Counter(codes)
        order: list[str] = []
        for code in self._order:
            if left[code] > 0:
                order.append(code)
                left[code] -= 1
        for code in codes:
            if left[code] > 0:
                order.append(code)
                left[code] -= 1
        self._order = order

    def _display_order(self) -> list[int]:
        """Hand indexes in the order the hand is shown."""
        hand = self._game.hand(self.seat)
        if self.sort_mode == "rank":
            return sorted(range(len(hand)), key=lambda i: (hand[i].sort_key(), i))
        if self.sort_mode == "suit":
            return sorted(range(len(hand)), key=lambda i: (hand[i].suit_sort_key(), i))
        return _indexes_of(hand, [lp.Card.parse(code) for code in self._order])

    def _card(
        self,
        card: lp.Card,
        *,
        width: float,
        stands_for: str | None = None,
        face_down: bool = False,
    ) -> dict[str, Any]:
        rules = self._game.rules
        wild = not face_down and (card.is_joker or rules.is_wild(card))
        return {
            "code": "back" if face_down else card.code,
            "text": "" if face_down else str(card),
            "label": card_label(card, wild=wild, face_down=face_down, stands_for=stands_for),
            "wild": wild,
            "svg": card_svg(
                card,
                rules=rules,
                width=width,
                four_color=self.four_color,
                stands_for=stands_for,
                face_down=face_down,
            ),
        }

    def _seat_info(self, view: lp.PlayerView, seat: int) -> dict[str, Any]:
        g = self._game
        contract = view.contract.short()
        info: dict[str, Any] = {
            "seat": seat,
            "name": view.names[seat],
            "you": seat == self.seat,
            "hand_size": view.hand_sizes[seat],
            "down": view.down[seat],
            "progress": "down ✓" if view.down[seat] else f"needs {contract}",
            "buys_left": view.buys_left[seat],
            "buys": _buys_text(view.buys_left[seat]),
            "coins": view.coins[seat],
            "score": view.scores[seat],
            "dealer": view.dealer == seat,
            "to_act": view.to_act == seat,
            "winner": seat in view.winners,
        }
        if self.open_hands and seat != self.seat:
            info["hand"] = [self._card(c, width=OPEN_WIDTH) for c in g.hand(seat)]
        return info

    def _build_view(self) -> dict[str, Any]:
        g = self._game
        seat = self.seat
        v = g.view(seat)
        rules = g.rules
        n = v.players
        hand = list(v.hand)
        hand_items = []
        for pos, i in enumerate(self._display_order()):
            item = self._card(hand[i], width=HAND_WIDTH)
            item["index"] = i
            item["pos"] = pos
            hand_items.append(item)
        groups = []
        for owner in [(seat + k) % n for k in range(n)] + [None]:
            melds = [(k, m) for k, m in enumerate(v.table) if m.owner == owner]
            if owner is None and not melds:
                continue
            entry: dict[str, Any] = {
                "owner": owner,
                "name": "Loose melds" if owner is None else v.names[owner],
                "melds": [],
            }
            if owner is not None:
                entry["progress"] = "down ✓" if v.down[owner] else f"needs {v.contract.short()}"
                entry["buys"] = _buys_text(v.buys_left[owner])
                entry["down"] = v.down[owner]
            for k, meld in melds:
                wilds = set(meld.wild_positions(rules))
                cards = []
                for j, card in enumerate(meld.cards):
                    stands = meld.stands_for(j) if j in wilds else None
                    item = self._card(card, width=MELD_WIDTH, stands_for=stands)
                    item["position"] = j
                    item["wild"] = j in wilds
                    cards.append(item)
                entry["melds"].append(
                    {
                        "index": k,
                        "kind": str(meld.kind),
                        "describe": meld.describe(rules),
                        "short": meld.describe(rules).split(" (", 1)[0],
                        "cards": cards,
                    }
                )
            groups.append(entry)
        top = v.discard_top
        contract = v.contract
        deal = min(v.deal, rules.deals)
        notes = []
        if v.taken_discard is not None:
            notes.append(f"You took the {v.taken_discard} from the pile: you may not discard it.")
        if v.pending_wild is not None:
            notes.append(f"Lay the freed {v.pending_wild} on the table before your turn ends.")
        deciding = self.words(v.deciding)
        if v.is_over:
            won = " and ".join(v.names[i] for i in v.winners)
            deciding = f"The match is over: {won} won." if won else deciding
        return {
            "version": self._version,
            "seat": seat,
            "name": v.names[seat],
            "rules": rules.name,
            "deal": deal,
            "deals": rules.deals,
            "contract": contract.short(),
            "contract_text": contract.describe(),
            "dealer": v.names[v.dealer],
            "phase": v.phase,
            "to_act": v.to_act,
            "to_act_name": None if v.to_act is None else v.names[v.to_act],
            "my_turn": v.to_act == seat,
            "turn_player": v.turn_player,
            "deciding": deciding,
            "over": v.is_over,
            "me": self._seat_info(v, seat),
            "opponents": [self._seat_info(v, (seat + k) % n) for k in range(1, n)],
            "hand": hand_items,
            "melds": groups,
            "stock": {"count": v.stock_size},
            "discard": {
                "count": len(v.discard_pile),
                "top": None if top is None else self._card(top, width=PILE_WIDTH),
            },
            "prompt": self._prompt(v),
            "notes": notes,
            "open_hands": self.open_hands,
        }

    def _prompt(self, v: lp.PlayerView) -> dict[str, Any] | None:
        """The question put to this seat out of turn (buy, call, give, cut), if any."""
        g = self._game
        if v.to_act != self.seat:
            return None
        top = v.discard_top
        if v.phase == "buy" and v.offer is not None:
            price = v.price
            cost = _count_words(price, "extra card") if price else "no extra card"
            return {
                "kind": "buy",
                "text": f"Buy the {v.offer} for {cost}?",
                "card": self._card(v.offer, width=PILE_WIDTH),
                "price": price,
                "seconds": g.rules.buy_timer_seconds,
            }
        if v.phase == "call" and top is not None:
            who = v.names[v.discarder] if v.discarder is not None else "The last player"
            return {
                "kind": "call",
                "text": f"{who}'s {top} could be played on the table. Call, or pass?",
                "card": self._card(top, width=PILE_WIDTH),
            }
        if v.phase == "give":
            return {"kind": "give", "text": second_person(v.deciding, v.names[self.seat])}
        if v.phase == "liverpool_discard":
            return {"kind": "liverpool_discard", "text": "Select a card and discard it."}
        if v.phase == "cut":
            cuts = [a.aim for a in self._legal_actions if isinstance(a, Cut)]
            aim = v.rules.cut_target(v.players, v.deal)
            return {
                "kind": "cut",
                "text": (
                    f"Cut the cards. Lift exactly {aim} (the deal and the upcard) to take "
                    f"{g.rules.exact_cut_bonus} points off your score."
                ),
                "aim": aim,
                "min": min(cuts) if cuts else 1,
                "max": max(cuts) if cuts else aim,
            }
        return None

    def _build_score_pad(self) -> dict[str, Any]:
        g = self._game
        rows = [
            {"deal": d, "cells": [_points(p) for p in points]}
            for d, points in enumerate(g.deal_scores, start=1)
        ]
        return {
            "names": list(g.names),
            "rows": rows,
            "totals": list(g.scores),
            "winners": [g.names[i] for i in g.winners] if g.is_over else [],
        }

    # -- the action bar -------------------------------------------------------------------------
    def _legal_of(self, kind: type) -> list[Action]:
        return [a for a in self._legal_actions if isinstance(a, kind)]

    def _selected_cards(self) -> list[lp.Card]:
        hand = self._game.hand(self.seat)
        return [hand[i] for i in self.selected if 0 <= i < len(hand)]

    def _targets(self) -> dict[str, list[int]]:
        """For each hand index, the melds it may be laid on now (from the legal actions)."""
        hand = self._game.hand(self.seat)
        by_card: dict[lp.Card, set[int]] = {}
        for a in self._legal_of(LayOff):
            assert isinstance(a, LayOff)
            by_card.setdefault(a.card, set()).add(a.meld)
        return {str(i): sorted(by_card[c]) for i, c in enumerate(hand) if c in by_card}

    def _swaps(self) -> dict[str, list[list[int]]]:
        """For each hand index, the (meld, position) wilds it may replace now."""
        hand = self._game.hand(self.seat)
        by_card: dict[lp.Card, list[list[int]]] = {}
        for a in self._legal_of(SwapWild):
            assert isinstance(a, SwapWild)
            by_card.setdefault(a.card, []).append([a.meld, a.position])
        return {str(i): by_card[c] for i, c in enumerate(hand) if c in by_card}

    def _swap_refusal(self, card: lp.Card) -> str | None:
        """Why ``card`` may not replace a wild it stands for on the table now, in the engine's
        words (a wild on the player's own meld, say), or ``None`` when it stands for none."""
        g = self._game
        for k, meld in enumerate(g.table):
            for position in meld.wild_positions(g.rules):
                if meld.can_replace_wild(position, card, g.rules):
                    why = g.why_not(SwapWild(card, k, position), self.seat)
                    if why:
                        return why
        return None

    def _build_legal(self) -> dict[str, Any]:
        """Each button: shown, enabled, and why not (a sentence) when disabled."""
        g = self._game
        seat = self.seat
        rules = g.rules
        phase = g.phase.value
        mine = g.to_act == seat
        legal = self._legal_actions
        sel = self._selected_cards()
        out: dict[str, dict[str, Any]] = {}

        def put(kind: str, enabled: bool, why: str = "", shown: bool = True, **extra: Any) -> None:
            out[kind] = {"enabled": bool(enabled), "why": "" if enabled else why, "shown": shown}
            out[kind].update(extra)

        if g.is_over:
            wait = "The match is over."
        elif not self.interactive:
            wait = "This table is for watching only."
        elif not mine:
            wait = f"Wait: {self.words(g.deciding())}"
        else:
            wait = ""
        hints = {
            "cut": "First cut the cards.",
            "call": "First call on the last discard, or pass.",
            "give": "First give a card to the player caught by the call.",
            "liverpool_discard": "First discard a card after your Liverpool call.",
            "draw": "First take the discard or draw from the stock.",
            "buy": "The discard is offered to buy: buy it or pass.",
            "play": "You have drawn already this turn.",
        }
        not_now = wait or hints.get(phase, "Not now.")

        # drawing
        draw_ok = any(isinstance(a, DrawStock) for a in legal)
        put("draw", draw_ok, not_now)
        take_ok = any(isinstance(a, TakeDiscard) for a in legal)
        take_why = not_now
        if mine and phase == "draw" and not take_ok:
            take_why = g.why_not(TakeDiscard(), seat) or "You may not take the discard now."
        extra = rules.discard_draw_penalty
        put("take", take_ok, take_why, note=f"+{extra} from the stock" if extra else "")
        # buying and calling
        buy_ok = any(isinstance(a, Buy) for a in legal)
        put("buy", buy_ok, wait or "No card is offered to you to buy now.", shown=rules.buying)
        pass_ok = any(isinstance(a, Pass) for a in legal)
        put("pass", pass_ok, wait or "There is nothing to pass on now.")
        has_call = rules.rummy_call is not lp.RummyCall.NONE
        put(
            "call_rummy",
            any(isinstance(a, CallRummy) for a in legal),
            wait or "You can call rummy only right after a down player's playable discard.",
            shown=has_call,
        )
        put(
            "call_liverpool",
            any(isinstance(a, CallLiverpool) for a in legal),
            wait or "You can call Liverpool only when a down player's discard was playable.",
            shown=rules.liverpool_call,
        )
        # going down
        down = g.is_down(seat)
        in_play = mine and phase == "play"
        pending = g.view(seat).pending_wild if in_play else None
        if not in_play:
            melds_why = not_now if wait else "You go down in your own turn, after drawing."
        elif down:
            melds_why = "You have gone down already this deal."
        elif pending is not None:
            melds_why = f"First lay the freed {pending} on the table."
        else:
            melds_why = ""
        add_ok = not melds_why and bool(sel)
        put("add_meld", add_ok, melds_why or "Select the cards of one meld first.")
        go_down_ok = not melds_why and bool(self._legal_of(GoDown))
        put(
            "go_down",
            go_down_ok,
            melds_why or f"Your hand does not hold the contract yet: {g.contract.short()}.",
        )
        # laying off and swapping
        targets = self._targets()
        swaps = self._swaps()
        if not in_play:
            off_why = not_now if wait else "You lay off in your own turn, after drawing."
        elif not down:
            off_why = "You can lay off only after you have gone down."
        elif not self._legal_of(LayOff) and not g.view(seat).may_lay_off:
            hand = g.hand(seat)
            off_why = g.why_not(LayOff(hand[0], 0), seat) if g.table and hand else ""
            off_why = off_why or "You may not lay off now."
        elif len(self.selected) != 1:
            off_why = "Select one card, then click the meld to lay it on."
        elif str(self.selected[0]) not in targets:
            off_why = f"The {sel[0]} fits no meld on the table."
        else:
            off_why = ""
        put("lay_off", not off_why, off_why)
        if rules.wild_swap is lp.WildSwap.NONE:
            swap_why = "These rules do not let you take a wild card from the table."
        elif not in_play:
            swap_why = not_now if wait else "You swap wilds in your own turn, after drawing."
        elif (
            len(self.selected) == len(sel) == 1
            and str(self.selected[0]) not in swaps
            and (refusal := self._swap_refusal(sel[0]))
        ):
            swap_why = refusal
        elif not self._legal_of(SwapWild):
            swap_why = "No card of yours can replace a wild on the table now."
        elif len(self.selected) != 1:
            swap_why = "Select the natural card, then click the wild it replaces."
        elif str(self.selected[0]) not in swaps:
            swap_why = f"The {sel[0]} cannot replace a wild on the table."
        else:
            swap_why = ""
        put("swap", not swap_why, swap_why, shown=rules.wild_swap is not lp.WildSwap.NONE)
        # discarding
        discarding = [a for a in legal if isinstance(a, Discard)]
        if not discarding:
            discard_why = not_now if (wait or phase != "play") else ""
            if not discard_why and mine:
                discard_why = "You may not discard now: play the rest of your cards."
        elif len(sel) != 1:
            discard_why = "Select the one card you want to discard."
        elif not any(a.card == sel[0] for a in discarding if isinstance(a, Discard)):
            discard_why = g.why_not(Discard(sel[0]), seat) or f"You may not discard the {sel[0]}."
        else:
            discard_why = ""
        put("discard", not discard_why, discard_why)
        # the out-of-turn chores
        giving = self._legal_of(GiveCard)
        if not giving:
            give_why = wait or "You give a card only after a rummy call."
        elif len(sel) != 1:
            give_why = "Select the one card you want to give."
        else:
            give_why = ""
        put("give", not give_why, give_why, shown=phase == "give")
        cut_ok = bool(self._legal_of(Cut))
        put("cut", cut_ok, wait or "The cards are cut only before a deal.", shown=phase == "cut")
        go_out_ok = bool(self._legal_of(GoOut))
        shown_out = any(c.going_down is lp.GoingDown.WHOLE_HAND_ANY_TIME for c in rules.contracts)
        put(
            "go_out",
            go_out_ok,
            wait or "Your whole hand does not form the contract yet.",
            shown=shown_out,
        )
        # coach and undo
        put("hint", mine and self.interactive, wait or "Nothing to decide now.")
        undo_ok = self.interactive and self.undo_handler is not None
        put(
            "undo",
            undo_ok,
            "Undo works when playing against bots (play())."
            if self.interactive
            else "This table is for watching only.",
            shown=self.undo_handler is not None,
        )
        return {
            "buttons": out,
            "targets": targets,
            "swaps": swaps,
            "version": self._version,
        }

    @traitlets.observe("selected", "staged")
    def _selection_changed(self, change: dict[str, Any]) -> None:
        del change
        if self._refreshing:
            return
        self.legal = self._build_legal()

    @traitlets.observe("sort_mode")
    def _sort_changed(self, change: dict[str, Any]) -> None:
        if change["new"] not in SORT_MODES:
            self.sort_mode = change["old"] if change["old"] in SORT_MODES else "own"
            return
        self.view = self._build_view()

    # -- clicks ------------------------------------------------------------------------------------
    def _on_custom_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        del widget, buffers
        self.handle_message(content)

    def handle_message(self, content: Any) -> None:
        """Handle one message from the front end (tests call this with the same dicts).

        Never raises: an illegal move sets ``error``; anything unexpected sets ``crash``.
        """
        try:
            self._dispatch(content)
        except Exception as exc:  # shown under the widget, never lost
            self.report_crash(exc)

    def report_crash(self, exc: BaseException) -> None:
        """Show an unexpected error under the table (with the last lines of its traceback)."""
        lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
        tail = "".join(lines[-3:]).strip()
        self.crash = f"{type(exc).__name__}: {exc}\n\n{tail}"

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict):
            self.error = f"The table received a message it cannot read: {content!r}"
            return
        kind = content.get("kind")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            self.error = f"The table does not know the click {kind!r}."
            return
        if not self.interactive and kind not in ("sort",):
            self.error = "This table is for watching only."
            return
        version = content.get("version")
        if version is not None and version != self._version and kind not in _ANY_VERSION:
            if kind in ("select", "deselect") and self._same_card(content):
                pass  # the hand has not changed: the click still means the same card
            else:
                self.error = STALE
                return
        with self.hold_sync():  # everything one click changes reaches the page as one message
            handler(self, content)

    def _same_card(self, content: dict[str, Any]) -> bool:
        index, code = content.get("index"), content.get("code")
        return (
            isinstance(index, int)
            and isinstance(code, str)
            and 0 <= index < len(self._hand_codes)
            and self._hand_codes[index] == code
        )

    def _act(self, action: Action) -> bool:
        """Apply ``action`` for this seat: ``True`` when done, else ``error`` says why."""
        try:
            events = self._game.apply(action, player=self.seat)
        except lp.IllegalAction as exc:
            self.error = str(exc)
            return False
        self.error = ""
        with self.hold_sync():
            self.selected = []
            self.staged = []
        self.refresh()
        for callback in list(self._listeners):
            callback(action, events)
        return True

    def _index(self, content: dict[str, Any]) -> int | None:
        index = content.get("index")
        if not isinstance(index, int) or isinstance(index, bool):
            self.error = "That click did not name a card of your hand."
            return None
        if not 0 <= index < len(self._game.hand(self.seat)):
            self.error = "That card is no longer in your hand."
            return None
        return index

    def _one_selected(self, what: str) -> lp.Card | None:
        cards = self._selected_cards()
        if len(cards) != 1:
            self.error = (
                f"Select one card {what} first." if not cards else f"Select only one card {what}."
            )
            return None
        return cards[0]

    # selection and order
    def _on_select(self, content: dict[str, Any]) -> None:
        index = self._index(content)
        if index is None:
            return
        if any(index in group for group in self.staged):
            self.error = "That card is already in a meld you are building (Clear melds to undo)."
            return
        self.error = ""
        if index not in self.selected:
            self.selected = [*self.selected, index]

    def _on_deselect(self, content: dict[str, Any]) -> None:
        index = self._index(content)
        if index is None:
            return
        self.error = ""
        self.selected = [i for i in self.selected if i != index]

    def _on_select_all(self, content: dict[str, Any]) -> None:
        del content
        staged = {i for group in self.staged for i in group}
        self.error = ""
        self.selected = [i for i in self._display_order() if i not in staged]

    def _on_clear(self, content: dict[str, Any]) -> None:
        del content
        self.error = ""
        self.selected = []

    def _on_sort(self, content: dict[str, Any]) -> None:
        mode = content.get("mode")
        if mode not in SORT_MODES:
            self.error = f"The hand can be sorted by {', '.join(SORT_MODES)}, not {mode!r}."
            return
        if mode == "own" and self.sort_mode != "own":
            # keep what the player sees as the starting point of their own order
            hand = self._game.hand(self.seat)
            self._order = [hand[i].code for i in self._display_order()]
        self.error = ""
        if self.sort_mode == mode:
            self.view = self._build_view()
        self.sort_mode = mode

    def _on_move(self, content: dict[str, Any]) -> None:
        index = self._index(content)
        to = content.get("to")
        if index is None:
            return
        shown = self._display_order()
        if not isinstance(to, int) or not 0 <= to < len(shown):
            self.error = "A card can be moved only to a place in your hand."
            return
        hand = self._game.hand(self.seat)
        shown.remove(index)
        shown.insert(to, index)
        self._order = [hand[i].code for i in shown]
        self.error = ""
        if self.sort_mode != "own":
            self.sort_mode = "own"
        else:
            self.view = self._build_view()

    # drawing, buying, calling
    def _on_draw(self, content: dict[str, Any]) -> None:
        del content
        self._act(DrawStock())

    def _on_take(self, content: dict[str, Any]) -> None:
        del content
        self._act(TakeDiscard())

    def _on_buy(self, content: dict[str, Any]) -> None:
        del content
        self._act(Buy())

    def _on_pass(self, content: dict[str, Any]) -> None:
        del content
        self._act(Pass())

    def _on_call(self, content: dict[str, Any]) -> None:
        which = content.get("call", "rummy")
        if which == "liverpool":
            self._act(CallLiverpool())
        elif which == "rummy":
            self._act(CallRummy())
        else:
            self.error = f"There is no call {which!r}: call rummy or Liverpool."

    def _on_cut(self, content: dict[str, Any]) -> None:
        aim = content.get("aim")
        if isinstance(aim, str) and aim.strip().isdigit():
            aim = int(aim)
        if not isinstance(aim, int) or isinstance(aim, bool):
            self.error = "Say how many cards to lift: a whole number."
            return
        self._act(Cut(aim))

    # going down
    def _on_add_meld(self, content: dict[str, Any]) -> None:
        del content
        button = self._build_legal()["buttons"]["add_meld"]
        if not button["enabled"]:
            self.error = button["why"]
            return
        self.error = ""
        with self.hold_sync():
            self.staged = [*self.staged, list(self.selected)]
            self.selected = []

    def _on_clear_melds(self, content: dict[str, Any]) -> None:
        del content
        self.error = ""
        self.staged = []

    def _on_go_down(self, content: dict[str, Any]) -> None:
        del content
        melds = self._going_down_melds()
        if isinstance(melds, str):
            self.error = melds
            return
        self._act(GoDown(melds))

    def _going_down_melds(self) -> list[list[lp.Card]] | str:
        """The melds a Go down click means (see the module docstring), or why none."""
        g = self._game
        hand = g.hand(self.seat)
        groups = [[hand[i] for i in group if 0 <= i < len(hand)] for group in self.staged]
        sel = self._selected_cards()
        if groups:
            return groups + ([sel] if sel else [])
        found = [list(a.melds) for a in self._legal_of(GoDown) if isinstance(a, GoDown)]
        if not sel:
            if found:
                return [list(m) for m in found[0]]
            return (
                "Select the cards you want to go down with (each meld, then Add meld; or all "
                f"of them at once). This deal's contract: {g.contract.short()}."
            )
        for melds in self._arrangements(sel, found):
            if _fits_in([c for m in melds for c in m], sel) and self._lays_contract(melds):
                return melds
        if len(g.contract.requirements) == 1:
            return [sel]
        return (
            f"The selected cards do not hold this deal's contract ({g.contract.short()}). "
            "Select each meld and press Add meld, or select cards that hold the whole contract."
        )

    def _arrangements(
        self, sel: list[lp.Card], found: list[list[Sequence[lp.Card]]]
    ) -> list[list[list[lp.Card]]]:
        g = self._game
        rules, deal = g.rules, g.deal
        relaxed = rules
        with contextlib.suppress(lp.RulesError, TypeError, ValueError):
            relaxed = dataclasses.replace(rules, must_keep_card=False, floating=True)
        options: list[list[lp.Meld] | None] = []
        for r in (rules, relaxed):
            options.append(lp.find_going_down(sel, r, deal))
            options.append(lp.find_going_down(sel, r, deal, extend=False))
        options.append(lp.find_whole_hand(sel, rules, deal))
        out = [[list(m.cards) for m in melds] for melds in options if melds]
        out += [[list(m) for m in melds] for melds in found]
        return out

    def _lays_contract(self, melds: list[list[lp.Card]]) -> bool:
        try:
            events = self._game.copy().apply(GoDown(melds), player=self.seat)
        except lp.IllegalAction:
            return False
        return not any(e.kind == "failed_go_down" for e in events)

    def _on_go_out(self, content: dict[str, Any]) -> None:
        del content
        self._act(GoOut())

    # laying off, swapping, discarding, giving
    def _on_lay_off(self, content: dict[str, Any]) -> None:
        meld = content.get("meld")
        end = content.get("end")
        if meld is None:
            card = self._one_selected("to lay off")
            if card is None:
                return
            places = sorted({a.meld for a in self._legal_of(LayOff) if a.card == card})
            if len(places) != 1:
                self.error = (
                    f"The {card} fits no meld on the table."
                    if not places
                    else f"The {card} fits {len(places)} melds: click the one to lay it on."
                )
                return
            meld = places[0]
        if not isinstance(meld, int) or isinstance(meld, bool):
            self.error = "That click did not name a meld on the table."
            return
        card = self._one_selected("to lay off")
        if card is None:
            return
        if end not in ("low", "high", None):
            end = None
        table = self._game.table
        if 0 <= meld < len(table):
            ends = lp.lay_off_ends(table[meld], card, self._game.rules)
            if len(ends) == 1:
                end = ends[0]
            elif end not in ends and ends:
                end = ends[-1]
        self._act(LayOff(card, meld, end))

    def _on_swap(self, content: dict[str, Any]) -> None:
        meld, position = content.get("meld"), content.get("position")
        if not isinstance(meld, int) or not isinstance(position, int):
            self.error = "Click the wild card on the table that your card should replace."
            return
        card = self._one_selected("to put in place of the wild")
        if card is None:
            return
        self._act(SwapWild(card, meld, position))

    def _on_discard(self, content: dict[str, Any]) -> None:
        del content
        card = self._one_selected("to discard")
        if card is not None:
            self._act(Discard(card))

    def _on_give(self, content: dict[str, Any]) -> None:
        del content
        card = self._one_selected("to give")
        if card is not None:
            self._act(GiveCard(card))

    # coach and undo
    def _on_hint(self, content: dict[str, Any]) -> None:
        del content
        g = self._game
        if g.is_over:
            self.hint = {"text": "The match is over.", "cards": [], "meld": None}
            return
        if g.to_act != self.seat:
            self.hint = {"text": f"Nothing to decide yet: {self.words(g.deciding())}", "cards": []}
            return
        action, reason = self.coach.explain(g.view(self.seat), self._legal_actions)
        hand = g.hand(self.seat)
        cards: list[lp.Card] = []
        meld: int | None = None
        if isinstance(action, (Discard, GiveCard, LayOff, SwapWild)):
            cards = [action.card]
        if isinstance(action, GoDown):
            cards = [c for m in action.melds for c in m]
        if isinstance(action, (LayOff, SwapWild)):
            meld = action.meld
        self.error = ""
        self.hint = {
            "text": reason,
            "action": str(action),
            "kind": type(action).__name__,
            "cards": _indexes_of(hand, cards),
            "meld": meld,
        }

    def _on_undo(self, content: dict[str, Any]) -> None:
        del content
        if self.undo_handler is None:
            self.error = "Undo works when playing against bots: start a match with play()."
            return
        self.undo_handler()


_HANDLERS: dict[str, Callable[[CardTable, dict[str, Any]], None]] = {
    "select": CardTable._on_select,
    "deselect": CardTable._on_deselect,
    "select_all": CardTable._on_select_all,
    "clear": CardTable._on_clear,
    "sort": CardTable._on_sort,
    "move": CardTable._on_move,
    "draw": CardTable._on_draw,
    "take": CardTable._on_take,
    "buy": CardTable._on_buy,
    "pass": CardTable._on_pass,
    "call": CardTable._on_call,
    "cut": CardTable._on_cut,
    "add_meld": CardTable._on_add_meld,
    "clear_melds": CardTable._on_clear_melds,
    "go_down": CardTable._on_go_down,
    "go_out": CardTable._on_go_out,
    "lay_off": CardTable._on_lay_off,
    "swap": CardTable._on_swap,
    "discard": CardTable._on_discard,
    "give": CardTable._on_give,
    "hint": CardTable._on_hint,
    "undo": CardTable._on_undo,
}

# Clicks that mean the same whatever the table looked like when they were made. (Undo is not
# one of them: a double click on Undo must take back one action, not two.)
_ANY_VERSION = frozenset({"sort", "clear", "clear_melds", "hint"})
