"""``GoingDownTrainer``: a hand and a deal; build the contract's melds and try to go down.

Select cards of the hand and press "Make a meld" (the cards are judged at once: a set, a run —
placed for you when the order you clicked is not a run — or neither, and why). When the melds
are ready press "Go down": the engine itself answers, from a real game dealt with this hand
(:meth:`liverpool.Game.from_deal`), so every rule of the preset applies — exactly the
contract's melds, keeping a card to discard where the house says so, the whole hand in the
deals that want it, a penalty for a failed attempt where there is one. "Show me" reveals the
solution :func:`~liverpool.find_going_down` finds (or says the hand cannot go down yet).

Python API (what the buttons call)::

    t = GoingDownTrainer("7H 7C 7S 9H 10H JK QH KS 3D 4C 5S", rules="house", deal=2)
    t.make_meld("7H 7C 7S"); t.make_meld("9H 10H JK QH")
    t.go_down()                 # '✓'-feedback: you are down, and what is left in your hand
    t.try_melds(["7H 7C 7S", "9H 10H QH JK"])   # (False, 'The engine says no: ...')
    t.show_me()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TypedDict

import liverpool as lp
from liverpool.analysis import analyze_hand
from liverpool.events import EventKind
from liverpool.words import counted

from ._panel import (
    Handler,
    LessonPanel,
    Message,
    MessageKind,
    as_cards,
    as_rules,
    button,
    card_button,
    h,
    meld_picture,
    option,
    plain,
    row_svg,
    rules_select,
    twos_note,
    wild_words,
    without_jokers,
)

__all__ = ["GoingDownState", "GoingDownTrainer", "deal_hand", "engine_answer"]


class GoingDownState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    rules: str
    deal: int
    contract: str
    hand: str
    selected: str
    melds: list[str]
    ok: bool | None
    feedback: str


MeldsText = Sequence[Sequence[lp.Card | str] | str]


def deal_hand(hand: Sequence[lp.Card], rules: lp.Rules, deal: int) -> lp.Game:
    """A game in ``deal`` where seat 0 holds ``hand`` after drawing, ready to go down.

    Seat 0 is dealt all but the last card and draws the last one from the stock; the other
    seats hold nothing (they never act). Raises :class:`~liverpool.RulesError` when the shoe of
    these rules cannot hold the hand (a joker under rules without jokers).
    """
    players = max(2, rules.min_players)
    game = lp.Game.from_deal(
        rules,
        hands=[list(hand[:-1])] + [[] for _ in range(players - 1)],
        stock=list(hand[-1:]),
        deal=deal,
        dealer=players - 1,
    )
    game.apply(lp.DrawStock())
    return game


def engine_answer(
    hand: Sequence[lp.Card], rules: lp.Rules, deal: int, melds: Sequence[Sequence[lp.Card]]
) -> tuple[bool, str]:
    """Try to go down with ``melds`` (each a run as placed) from ``hand``: (accepted, words)."""
    try:
        game = deal_hand(hand, rules, deal)
    except lp.RulesError as exc:
        return False, f"This hand cannot be dealt under these rules: {exc}."
    if not melds:
        return False, "Make at least one meld first: select its cards, then press “Make a meld”."
    contract = game.contract
    used = sum(len(m) for m in melds)
    attempts: list[lp.Action] = [lp.GoDown([list(m) for m in melds])]
    if contract.going_down is lp.GoingDown.WHOLE_HAND_ANY_TIME and used == len(hand):
        attempts.insert(0, lp.GoOut([list(m) for m in melds]))
    refusal = ""
    for action in attempts:
        trial = game.copy()
        try:
            events = trial.apply(action)
        except lp.IllegalAction as exc:
            refusal = refusal or str(exc)
            continue
        failed = [e for e in events if e.kind is EventKind.FAILED_GO_DOWN]
        if failed:
            penalty = rules.failed_going_down_penalty
            return False, (
                f"That attempt fails: {_inner_reason(failed[0].text)}. Under these rules a failed "
                f"attempt costs you {penalty} points — check your melds before you try!"
            )
        laid = next(e for e in events if e.kind in (EventKind.GO_DOWN, EventKind.GO_OUT))
        described = laid.text.split(": ", 1)[-1].rstrip(".")
        left = list((Counter(hand) - Counter(laid.cards)).elements())
        if any(e.kind is EventKind.GO_OUT for e in events):
            rest = "Your hand is empty: you went out!"
        elif any(e.kind is EventKind.FLOATING for e in events):
            rest = "Your hand is empty, but you must still go out by discarding: you float."
        else:
            rest = f"Still in your hand: {lp.format_cards(left)}."
        return True, f"You are down with the contract ({contract.short()}): {described}. {rest}"
    return False, f"The engine says no: {_sentence(refusal)}"


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith(".") else text + "."


def _inner_reason(text: str) -> str:
    """The reason inside a failed-attempt event ('... could not (REASON): +50 points.')."""
    if "(" in text and "):" in text:
        return text[text.index("(") + 1 : text.rindex("):")]
    return text.rstrip(".")


class GoingDownTrainer(LessonPanel):
    """Build the melds of a deal's contract from a hand and try to go down; the engine answers."""

    def __init__(
        self,
        hand: Sequence[lp.Card | str] | str = "7H 7C 7S 9H 10H JK QH KS 3D 4C 5S",
        rules: lp.Rules | str | None = None,
        deal: int = 2,
    ) -> None:
        super().__init__()
        self._start = as_cards(hand)
        self._rules = as_rules(rules)
        self._hand, self._twos = self._dealt()
        if not 1 <= deal <= self._rules.deals:
            raise ValueError(
                f"deal must be 1 to {self._rules.deals} under these rules, not {deal!r}"
            )
        self._deal = deal
        self._selected: list[int] = []
        self._melds: list[list[int]] = []
        self._solution: list[lp.Meld] | None = None
        self._shown = False
        self._intro()
        self.redraw()

    # -- the Python API --------------------------------------------------------------------------
    @property
    def hand(self) -> list[lp.Card]:
        return list(self._hand)

    @property
    def deal(self) -> int:
        return self._deal

    @property
    def contract(self) -> lp.Contract:
        return self._rules.contract(self._deal)

    @property
    def melds(self) -> list[list[lp.Card]]:
        """The melds made so far (each as placed)."""
        return [[self._hand[i] for i in meld] for meld in self._melds]

    @property
    def selected(self) -> list[lp.Card]:
        return [self._hand[i] for i in self._selected]

    def select(self, index: int) -> str:
        """Click hand card ``index``: select it, or unselect it."""
        if not 0 <= index < len(self._hand):
            self.say(None, f"There is no card number {index} in the hand.")
        elif any(index in meld for meld in self._melds):
            self.say(
                None, f"The {self._hand[index]} is already in a meld; take that meld back first."
            )
        elif index in self._selected:
            self._selected.remove(index)
            self.say(None, self._selection_words())
        else:
            self._selected.append(index)
            self.say(None, self._selection_words())
        self.redraw()
        return self.feedback

    def make_meld(self, cards: Sequence[lp.Card | str] | str | None = None) -> str:
        """Turn the selected cards (or these ``cards`` of the hand) into a meld, if they are one."""
        if cards is not None:
            picked = self._indexes(as_cards(cards))
            if picked is None:
                self.redraw()
                return self.feedback
            self._selected = picked
        chosen = self.selected
        if not chosen:
            self.say(None, "Select the cards of one meld first, then press “Make a meld”.")
            self.redraw()
            return self.feedback
        placed = self._as_meld(chosen)
        if isinstance(placed, str):
            self.say(False, placed)
            self.redraw()
            return self.feedback
        kind, order = placed
        free = list(self._selected)
        indexes = []
        for card in order:
            spot = next(i for i in free if self._hand[i] == card)
            free.remove(spot)
            indexes.append(spot)
        self._melds.append(indexes)
        self._selected = []
        meld = lp.Meld.build(kind, order, self._rules)
        moved = " (placed in order for you)" if list(order) != chosen else ""
        self.say(
            True,
            f"That is a {meld.describe(self._rules)}{moved}. "
            f"Melds made: {len(self._melds)} of the {len(self.contract.requirements)} "
            f"the contract asks for ({self.contract.short()}).",
        )
        self.redraw()
        return self.feedback

    def take_back(self, position: int) -> str:
        """Undo meld number ``position`` (its cards go back to the hand)."""
        if not 0 <= position < len(self._melds):
            self.say(None, "There is no such meld to take back.")
        else:
            del self._melds[position]
            self.say(None, "Meld taken back.")
        self.redraw()
        return self.feedback

    def try_melds(self, melds: MeldsText) -> tuple[bool, str]:
        """The engine's answer to going down with ``melds`` (card texts; runs as placed). Does
        not change the widget."""
        return engine_answer(self._hand, self._rules, self._deal, [as_cards(m) for m in melds])

    def go_down(self) -> str:
        """Try to go down with the melds made (and the selected cards as one more meld)."""
        melds = self.melds
        if self._selected:
            melds.append(self.selected)
        ok, text = engine_answer(self._hand, self._rules, self._deal, melds)
        self.say(ok, text)
        self.redraw()
        return self.feedback

    def solution(self) -> list[lp.Meld] | None:
        """``find_going_down``'s melds for this hand and deal (``None``: it cannot go down)."""
        return lp.find_going_down(self._hand, self._rules, self._deal)

    def show_me(self) -> str:
        """Reveal a way to go down (the "Show me" button)."""
        self._solution = self.solution()
        self._shown = True
        if self._solution is None:
            analysis = analyze_hand(self._hand, self._rules, self._deal)
            lacking = analysis.missing
            self.say(
                False,
                f"This hand cannot go down in deal {self._deal} ({self.contract.short()}): it "
                f"still lacks {counted(lacking, 'card')} of the contract.",
            )
        else:
            words = "; ".join(m.describe(self._rules) for m in self._solution)
            self.say(None, f"One way to go down: {words}.")
        self.redraw()
        return self.feedback

    def reset(self) -> str:
        """Start over with the same hand."""
        self._selected, self._melds, self._shown, self._solution = [], [], False, None
        self._intro()
        self.redraw()
        return self.feedback

    def set_rules(self, rules: lp.Rules | str, deal: int | None = None) -> str:
        """Play the same hand under other rules (and deal); the melds start afresh."""
        self._rules = as_rules(rules)
        self._hand, self._twos = self._dealt()
        if deal is not None:
            self._deal = deal
        self._deal = min(max(1, self._deal), self._rules.deals)
        self._selected, self._melds, self._shown, self._solution = [], [], False, None
        self._intro()
        self.redraw()
        return self.feedback

    def set_deal(self, deal: int) -> str:
        """Aim for the contract of another deal."""
        return self.set_rules(self._rules, deal)

    @property
    def state(self) -> GoingDownState:
        return {
            "rules": self._rules.name,
            "deal": self._deal,
            "contract": self.contract.short(),
            "hand": lp.format_cards(self._hand),
            "selected": lp.format_cards(self.selected),
            "melds": [lp.format_cards(m) for m in self.melds],
            "ok": self.ok,
            "feedback": self.feedback,
        }

    def __repr__(self) -> str:
        return (
            f"GoingDownTrainer(rules={self._rules.name!r}, deal={self._deal}, "
            f"contract={self.contract.short()!r}, melds={len(self._melds)}, ok={self.ok!r})"
        )

    # -- helpers ---------------------------------------------------------------------------------
    def _dealt(self) -> tuple[list[lp.Card], list[lp.Card]]:
        """The hand as these rules deal it (a house without jokers holds its wild 2s where
        the given hand has jokers), and the 2s put in."""
        groups, twos = without_jokers([self._start], self._rules)
        return groups[0], twos

    def _intro(self) -> None:
        self.say(
            None,
            twos_note(self._rules, self._twos)
            + f"Deal {self._deal} asks for {self.contract.short()}. Select the cards of a meld and "
            "press “Make a meld”; when all are made, press “Go down”.",
        )

    def _selection_words(self) -> str:
        if not self._selected:
            return "Nothing selected."
        return (
            f"Selected: {lp.format_cards(self.selected)}. Press “Make a meld” when it is one meld."
        )

    def _indexes(self, cards: Sequence[lp.Card]) -> list[int] | None:
        taken = {i for meld in self._melds for i in meld}
        chosen: list[int] = []
        for card in cards:
            spot = next(
                (
                    i
                    for i, c in enumerate(self._hand)
                    if c == card and i not in chosen and i not in taken
                ),
                None,
            )
            if spot is None:
                self.say(
                    False, f"You do not hold {'another' if card in self._hand else 'the'} {card}."
                )
                return None
            chosen.append(spot)
        return chosen

    def _contract_words(self) -> str:
        return f"this deal's contract ({self.contract.short()})"

    def _as_meld(self, cards: list[lp.Card]) -> tuple[lp.MeldKind, list[lp.Card]] | str:
        rules = self._rules
        kinds = {r.kind for r in self.contract.requirements}
        as_set = lp.check_set(cards, rules)
        as_run = lp.check_run(cards, rules)
        if as_set and lp.MeldKind.SET in kinds:
            return lp.MeldKind.SET, cards
        if lp.MeldKind.RUN in kinds:
            if as_run:
                return lp.MeldKind.RUN, cards
            placed = lp.arrange_run(cards, rules)
            if placed is not None:
                return lp.MeldKind.RUN, placed
        if as_set:
            return f"{lp.format_cards(cards)} is a set, but {self._contract_words()} has no set."
        if as_run or lp.arrange_run(cards, rules) is not None:
            return f"{lp.format_cards(cards)} is a run, but {self._contract_words()} has no run."
        return (
            f"{lp.format_cards(cards)} is not a meld. As a set: {as_set.reason}. "
            f"As a run: {as_run.reason}."
        )

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.SELECT: self._number_click("index", "a card of the hand", self.select),
            MessageKind.MAKE_MELD: plain(self.make_meld),
            MessageKind.TAKE_BACK: self._on_take_back,
            MessageKind.GO_DOWN: plain(self.go_down),
            MessageKind.SHOW_ME: plain(self.show_me),
            MessageKind.RESET: plain(self.reset),
        }

    def _on_take_back(self, message: Message) -> None:
        position = self._int(message, "index")
        self.take_back(-1 if position is None else position)

    # -- drawing ---------------------------------------------------------------------------------
    def _render(self) -> str:
        rules = self._rules
        in_melds = Counter(i for meld in self._melds for i in meld)
        cards = "".join(
            card_button(
                card,
                kind=MessageKind.SELECT,
                index=i,
                testid=f"hand-card-{i}",
                rules=rules,
                selected=i in self._selected,
            )
            for i, card in enumerate(self._hand)
            if not in_melds[i]
        )
        deals = "".join(
            option(d, rules.contract(d), selected=d == self._deal)
            for d in range(1, rules.deals + 1)
        )
        melds = "".join(
            f'<div class="lp-meld" data-testid="meld-{k}">'
            f"{self._meld_html(m)}<br>"
            f"{button('Take back', MessageKind.TAKE_BACK, f'take-back-{k}', index=k)}</div>"
            for k, m in enumerate(self.melds)
        )
        solution = ""
        if self._shown and self._solution is not None:
            solution = (
                '<div class="lp-muted">One way (find_going_down):</div><div class="lp-row" '
                'data-testid="solution">'
                + "".join(meld_picture(m, rules) for m in self._solution)
                + "</div>"
            )
        body = (
            f'<div class="lp-row">{rules_select(rules)} <label class="lp-muted">Deal: '
            f'<select data-action="{MessageKind.DEAL}" data-testid="deal">{deals}</select></label> '
            f'<span class="lp-muted">wild: {h(wild_words(rules))}</span></div>'
            f'<div class="lp-muted">Your hand (click to select):</div>'
            f'<div class="lp-row" data-testid="hand">{cards or "<i>(all cards in melds)</i>"}</div>'
            '<div class="lp-row">'
            + button("Make a meld", MessageKind.MAKE_MELD, "make-meld")
            + button("Go down", MessageKind.GO_DOWN, "go-down", primary=True)
            + button("Show me", MessageKind.SHOW_ME, "show-me")
            + button("Start over", MessageKind.RESET, "reset")
            + "</div>"
            + (
                f'<div class="lp-muted">Your melds:</div><div class="lp-row">{melds}</div>'
                if melds
                else ""
            )
            + solution
        )
        return self._panel(
            f"Go down: deal {self._deal}, contract {self.contract.short()}", body, "going-down"
        )

    def _meld_html(self, cards: list[lp.Card]) -> str:
        for kind in (lp.MeldKind.SET, lp.MeldKind.RUN):
            if lp.check_meld(cards, kind, self._rules):
                return meld_picture(lp.Meld.build(kind, cards, self._rules), self._rules)
        return row_svg(cards, self._rules)
