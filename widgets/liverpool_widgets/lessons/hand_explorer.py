"""``HandExplorer``: type or click a hand; see how close it is to going down, and the bot's advice.

For the chosen rules and deal the explorer shows the best way to go down (when there is one),
what is missing otherwise (the best partial melds), the *outs* (cards that would help, with how
many are still unseen), the dead weight, the points the hand would cost, and what the coach bot
would do holding it (with its reason). The advice comes from a real game: a stacked
:meth:`~liverpool.Game.from_deal` where seat 0 has just drawn the last card of this hand, so the
bot sees an ordinary :class:`~liverpool.PlayerView` and the legal actions. Python twin::

    ex = HandExplorer("7H 7C 7S 9H 10H JK QH KS 3D 4C 5S", rules="house", deal=2)
    ex.analysis.missing        # 0: the hand can go down
    ex.advice                  # (GoDown(...), 'Go down now: you hold 1 set + 1 run.')
    ex.add("8H"); ex.remove(0); ex.set_hand("KS KD JK 4H 5H 6H 8H")
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TypedDict

import liverpool as lp
from liverpool.actions import Action, Discard, DrawStock, GoDown, GoOut, LayOff, Pass
from liverpool.analysis import HandAnalysis, analyze_hand
from liverpool.words import counted

from ._panel import (
    Handler,
    LessonPanel,
    Message,
    MessageKind,
    as_card,
    as_rules,
    button,
    card_button,
    coach_says,
    h,
    option,
    plain,
    rules_select,
    text_of,
)

__all__ = ["COACHES", "HandExplorer", "HandExplorerState", "advise"]

COACHES = ("strong", "basic")
"""The bot levels (of :data:`liverpool.bots.LEVELS`) that can give advice."""

DEFAULT_HAND = "7H 7C 9S 9D 9H 4H 5H 6H KS QD 2C"


class HandExplorerState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    rules: str
    deal: int
    hand: str
    missing: int
    can_go_down: bool
    advice: str | None
    """The name of the coach's action (``"Discard"``, ``"GoDown"`` ...), if it gave one."""
    reason: str
    ok: bool | None
    feedback: str


def _coach(name: str) -> lp.bots.Bot:
    """A fresh coach from the bot registry (seed 0, so its advice is the same every time)."""
    if name not in COACHES:
        raise ValueError(f"coach must be one of {', '.join(COACHES)}, not {name!r}")
    return lp.bots.make(name, 0)


def table_size(rules: lp.Rules) -> int:
    """The players the explorer imagines at the table: the fewest the rules allow, at least
    three (the shoe, the coach's deal and the analysis's unseen cards all follow from it)."""
    return max(3, rules.min_players)


def shoe_counts(rules: lp.Rules) -> Counter[lp.Card]:
    """Every card of that table's shoe, with its copies."""
    return Counter(rules.build_shoe(table_size(rules)))


def advise(
    hand: Sequence[lp.Card], rules: lp.Rules, deal: int, coach: str = "strong"
) -> tuple[Action | None, str]:
    """What ``coach`` would do holding ``hand`` on its own turn, having just drawn, in ``deal``.

    Returns ``(action, reason)``, or ``(None, why not)`` when no game can hold this hand (more
    copies of a card than the shoe has, or too few cards).
    """
    hand = list(hand)
    if len(hand) < 2:
        return None, "Give the coach at least two cards to think about."
    players = table_size(rules)
    shoe = shoe_counts(rules)
    rest = sorted((shoe - Counter(hand)).elements(), key=lambda c: (c.sort_key(), c.code))
    random.Random(0).shuffle(rest)
    dealt = rules.cards_dealt(deal)
    others = [rest[i * dealt : (i + 1) * dealt] for i in range(players - 1)]
    upcard = rest[(players - 1) * dealt]
    try:
        game = lp.Game.from_deal(
            rules,
            [hand[:-1], *others],
            stock=[hand[-1]],
            upcard=upcard,
            deal=deal,
            dealer=players - 1,
            seed=0,
        )
    except lp.RulesError as refusal:  # the engine deals no hand its shoe cannot hold
        if not rules.has_jokers and any(card.is_joker for card in hand):
            return None, f"{rules.name} plays without jokers: take the joker out for advice."
        return None, f"No game could deal this hand: {refusal}."
    game.apply(DrawStock())  # seat 0 draws the last card of the hand
    while game.phase is lp.Phase.BUY:
        game.apply(Pass())
    if game.to_act != 0 or game.phase is not lp.Phase.PLAY:
        return None, "The coach could not be seated with this hand."
    return coach_says(_coach(coach), game.view(0), game.legal_actions())


def _action_words(action: Action | None, rules: lp.Rules) -> str:
    if action is None:
        return "no advice"
    if isinstance(action, GoDown):
        return "go down with " + "; ".join(lp.format_cards(m) for m in action.melds)
    if isinstance(action, GoOut):
        return "go out"
    if isinstance(action, Discard):
        return f"discard the {action.card}"
    if isinstance(action, LayOff):
        return f"lay off the {action.card}"
    return str(action)


class HandExplorer(LessonPanel):
    """Type or click a hand; see the best going-down, what is missing, the outs, the coach's advice.

    ``HandExplorer(hand=DEFAULT_HAND, rules="house", deal=1, coach="strong")``.
    """

    RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    SUITS = ("S", "H", "D", "C")

    def __init__(
        self,
        hand: Sequence[lp.Card | str] | str = DEFAULT_HAND,
        rules: lp.Rules | str | None = "house",
        deal: int = 1,
        coach: str = "strong",
    ) -> None:
        super().__init__()
        self._rules = as_rules(rules)
        self._check_deal(deal)
        _coach(coach)
        self._deal = deal
        self._coach_name = coach
        self._hand: list[lp.Card] = lp.parse_cards(hand)
        self._analyse()
        self.redraw()

    # -- the Python API --------------------------------------------------------------------------
    @property
    def deal(self) -> int:
        return self._deal

    @property
    def hand(self) -> list[lp.Card]:
        return list(self._hand)

    @property
    def analysis(self) -> HandAnalysis:
        """The engine's analysis of the hand for this deal."""
        return self._analysis

    @property
    def advice(self) -> tuple[Action | None, str]:
        """The coach's move holding this hand (just drawn, on its own turn) and its reason."""
        return self._advice

    def set_hand(self, cards: Sequence[lp.Card | str] | str) -> str:
        """Explore these cards (text like ``"7H 7C JK"``); bad text is explained, not raised."""
        try:
            hand = lp.parse_cards(cards)
        except lp.CardParseError as exc:
            self.say(False, f"I could not read that hand: {exc}")
            self.redraw()
            return self.feedback
        self._hand = hand
        self._analyse()
        self.redraw()
        return self.feedback

    def add(self, card: lp.Card | str) -> str:
        """Add one card (a click on the card grid)."""
        try:
            value = as_card(card)
        except lp.CardParseError as exc:
            self.say(False, f"I could not read that card: {exc}")
            self.redraw()
            return self.feedback
        if len(self._hand) >= 20:
            self.say(False, "Twenty cards is plenty: take some out before adding more.")
            self.redraw()
            return self.feedback
        beyond = self._beyond_shoe([*self._hand, value])
        if beyond is not None:
            self.say(False, beyond)
            self.redraw()
            return self.feedback
        self._hand.append(value)
        self._analyse()
        self.redraw()
        return self.feedback

    def remove(self, index: int) -> str:
        """Take out the card at ``index`` of the hand (a click on a hand card)."""
        if not 0 <= index < len(self._hand):
            self.say(False, f"There is no card number {index} in the hand.")
        else:
            self._hand.pop(index)
            self._analyse()
        self.redraw()
        return self.feedback

    def clear(self) -> str:
        """Empty the hand."""
        self._hand = []
        self._analyse()
        self.redraw()
        return self.feedback

    def set_rules(self, rules: lp.Rules | str) -> str:
        self._rules = as_rules(rules)
        self._deal = min(self._deal, self._rules.deals)
        self._analyse()
        self.redraw()
        return self.feedback

    def set_deal(self, deal: int) -> str:
        self._check_deal(deal)
        self._deal = deal
        self._analyse()
        self.redraw()
        return self.feedback

    def set_coach(self, coach: str) -> str:
        _coach(coach)
        self._coach_name = coach
        self._analyse()
        self.redraw()
        return self.feedback

    def report(self) -> str:
        """Everything the explorer shows, as plain text (deterministic; for lesson cells)."""
        a = self._analysis
        rules = self._rules
        lines = [
            f"Hand: {lp.format_cards(self._hand)}",
            f"Deal {self._deal} under {rules.name}: {rules.contract(self._deal).short()}",
        ]
        if a.going_down is not None:
            lines.append("Best going down: " + "; ".join(m.describe(rules) for m in a.going_down))
        else:
            lines.append(f"Missing: {counted(a.missing, 'card')}")
        lines.append("Partial melds: " + ("; ".join(p.describe() for p in a.partial) or "none"))
        outs = ", ".join(f"{c} ({n} unseen)" for c, n in a.outs[:8]) or "none"
        lines.append(f"Outs: {outs}")
        lines.append("Dead weight: " + (lp.format_cards(a.dead_weight) or "none"))
        lines.append(f"Points if the deal ended now: {a.points}")
        action, reason = self._advice
        lines.append(f"Coach ({self._coach_name}): {_action_words(action, rules)} — {reason}")
        return "\n".join(lines)

    @property
    def state(self) -> HandExplorerState:
        action, reason = self._advice
        return {
            "rules": self._rules.name,
            "deal": self._deal,
            "hand": lp.format_cards(self._hand),
            "missing": self._analysis.missing,
            "can_go_down": self._analysis.going_down is not None,
            "advice": type(action).__name__ if action is not None else None,
            "reason": reason,
            "ok": self.ok,
            "feedback": self.feedback,
        }

    def __repr__(self) -> str:
        return (
            f"HandExplorer(rules={self._rules.name!r}, deal={self._deal}, "
            f"hand={lp.format_cards(self._hand)!r}, missing={self._analysis.missing})"
        )

    # -- internals -------------------------------------------------------------------------------
    def _check_deal(self, deal: int) -> None:
        if (
            isinstance(deal, bool)
            or not isinstance(deal, int)
            or not 1 <= deal <= self._rules.deals
        ):
            raise ValueError(f"deal must be 1 to {self._rules.deals}, not {deal!r}")

    def _beyond_shoe(self, hand: Sequence[lp.Card]) -> str | None:
        """Why no shoe could deal ``hand`` (a card held more often than the shoe has it), in a
        learner's words, or ``None``."""
        shoe = shoe_counts(self._rules)
        for card, held in Counter(hand).items():
            if held <= shoe[card]:
                continue
            if card.is_joker and not shoe[card]:
                return f"{self._rules.name} plays without jokers: there is no joker to add."
            copies = {1: "once", 2: "twice"}.get(shoe[card], f"{shoe[card]} times")
            return f"The shoe holds the {card} only {copies}, so no hand can hold it {held} times."
        return None

    def _analyse(self) -> None:
        rules = self._rules
        self._analysis = analyze_hand(self._hand, rules, self._deal, players=table_size(rules))
        self._advice = advise(self._hand, rules, self._deal, self._coach_name)
        a = self._analysis
        contract = rules.contract(self._deal).short()
        if not self._hand:
            self.say(None, "The hand is empty: type cards or click them in the grid.")
            return
        reason = self._advice[1]
        coach = f"The {self._coach_name} coach says: {reason}"
        if a.going_down is not None:
            melds = "; ".join(m.describe(rules) for m in a.going_down)
            self.say(True, f"This hand can go down for {contract}: {melds}.\n{coach}")
            return
        partial = "; ".join(p.describe() for p in a.partial)
        outs = ", ".join(f"{c} ({n} left)" for c, n in a.outs[:6]) or "none visible"
        self.say(
            None,
            f"Not yet: {counted(a.missing, 'card')} short of {contract}. "
            f"Best start: {partial}. Outs: {outs}.\n{coach}",
        )

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.HAND: text_of("value", self.set_hand),
            MessageKind.ADD: text_of("code", self.add),
            MessageKind.REMOVE: self._number_click("index", "a card of the hand", self.remove),
            MessageKind.CLEAR: plain(self.clear),
            MessageKind.COACH: self._on_coach,
        }

    def _on_coach(self, message: Message) -> None:
        name = message.get("value")
        if name is None or name not in COACHES:
            self.say(None, f"Pick a coach: {', '.join(COACHES)}.")
            return
        self.set_coach(name)

    # -- drawing ---------------------------------------------------------------------------------
    def _render(self) -> str:
        rules = self._rules
        a = self._analysis
        deals = "".join(
            option(d, f"deal {d}: {rules.contract(d).short()}", selected=d == self._deal)
            for d in range(1, rules.deals + 1)
        )
        coaches = "".join(option(c, f"{c} bot", selected=c == self._coach_name) for c in COACHES)
        controls = (
            f'<div class="lp-row">{rules_select(rules)} '
            f'<select data-action="{MessageKind.DEAL}" data-testid="deal">{deals}</select> '
            '<label class="lp-muted">Coach: '
            f'<select data-action="{MessageKind.COACH}" data-testid="coach">'
            f"{coaches}</select></label></div>"
            '<div class="lp-row"><input type="text" name="hand" data-testid="hand-text" '
            f'value="{h(" ".join(c.code for c in self._hand))}"> '
            f"{button('Explore', MessageKind.HAND, 'explore', primary=True, input='hand')} "
            f"{button('Clear', MessageKind.CLEAR, 'clear')}</div>"
        )
        hand_cards = (
            "".join(
                card_button(
                    c,
                    kind=MessageKind.REMOVE,
                    index=i,
                    testid=f"hand-card-{i}",
                    rules=rules,
                    width=52,
                )
                for i, c in enumerate(self._hand)
            )
            or '<span class="lp-muted">(no cards: click the grid below)</span>'
        )
        hand = (
            '<div class="lp-muted">The hand (click a card to take it out):</div>'
            f'<div class="lp-row" data-testid="hand">{hand_cards}</div>'
        )
        grid_rows = []
        shoe, held = shoe_counts(self._rules), Counter(self._hand)

        def add_button(label: str, code: str) -> str:
            card = lp.Card.parse(code)  # a card the shoe holds no more of cannot be added
            full = held[card] >= shoe[card]
            return button(label, MessageKind.ADD, f"add-{code}", disabled=full, code=code)

        for suit in self.SUITS:
            cells = "".join(add_button(str(lp.Card.parse(r + suit)), r + suit) for r in self.RANKS)
            grid_rows.append(f'<div class="lp-row" style="margin:2px 0">{cells}</div>')
        grid_rows.append(f'<div class="lp-row">{add_button("🃏 joker", "JK")}</div>')
        grid = (
            '<details data-testid="grid"><summary class="lp-muted">Add cards by clicking</summary>'
            + "".join(grid_rows)
            + "</details>"
        )
        facts = []
        if a.going_down is not None:
            facts.append(
                "<li><b>Go down with</b>: "
                + h("; ".join(m.describe(rules) for m in a.going_down))
                + "</li>"
            )
        else:
            facts.append(f"<li><b>Missing</b>: {counted(a.missing, 'card')}</li>")
        facts.append(
            "<li><b>Partial melds</b>: "
            + h("; ".join(p.describe() for p in a.partial) or "none")
            + "</li>"
        )
        outs = ", ".join(f"{c} ({n})" for c, n in a.outs[:10]) or "none"
        facts.append(f"<li><b>Outs</b> (cards still unseen): {h(outs)}</li>")
        facts.append(f"<li><b>Dead weight</b>: {h(lp.format_cards(a.dead_weight) or 'none')}</li>")
        facts.append(f"<li><b>Points if the deal ended now</b>: {a.points}</li>")
        action, reason = self._advice
        facts.append(
            f'<li data-testid="advice"><b>Coach</b>: {h(_action_words(action, rules))} — '
            f"{h(reason)}</li>"
        )
        body = controls + hand + grid + f'<ul data-testid="analysis">{"".join(facts)}</ul>'
        return self._panel("Hand explorer", body, "hand-explorer")
