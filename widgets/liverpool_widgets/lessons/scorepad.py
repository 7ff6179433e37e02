"""``ScorePad``: count the points left in a hand, under each house's card values; a quiz.

A hand is shown (dealt from the chosen preset's shoe by a seeded generator, or typed). The
learner types what it costs at the end of a deal; the pad answers at once, right or wrong, with
the card-by-card breakdown. After an answer it also shows what the same hand costs under every
preset. Python twin, for tests and notebook cells::

    pad = ScorePad("house", seed=3)
    pad.hand            # the cards shown
    pad.answer(42)      # 'Right: ...' or 'Not quite: ...' with the breakdown
    pad.new_hand()
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypedDict

import liverpool as lp
from liverpool.rules import describe_value

from ._panel import (
    Handler,
    LessonPanel,
    MessageKind,
    as_cards,
    as_rules,
    button,
    h,
    plain,
    row_svg,
    rules_select,
    text_of,
)
from .answers import whole_number

__all__ = [
    "ScorePad",
    "ScorePadState",
    "breakdown",
    "points_everywhere",
]


class ScorePadState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    rules: str
    hand: str
    answered: bool
    score: tuple[int, int]
    ok: bool | None
    feedback: str


def breakdown(cards: Sequence[lp.Card], rules: lp.Rules) -> str:
    """The sum written out: ``'7♥ 7 + K♠ 10 + 🃏 20 = 37'``."""
    if not cards:
        return "no cards = 0"
    parts = " + ".join(f"{c} {rules.card_points(c)}" for c in cards)
    return f"{parts} = {lp.hand_points(cards, rules)}"


def points_everywhere(cards: Sequence[lp.Card]) -> dict[str, int]:
    """What ``cards`` cost under every preset, by preset name."""
    return {name: lp.hand_points(cards, rules) for name, rules in lp.PRESETS.items()}


def _judge(cards: Sequence[lp.Card], rules: lp.Rules, value: object) -> tuple[bool | None, str]:
    """The verdict on an answer, in the learner's words."""
    number = whole_number(value)
    total = lp.hand_points(cards, rules)
    if number is None:
        return None, f"Type the points as a whole number, like 42 (you typed {str(value)!r})."
    if number == total:
        return True, f"Right: {total} points under {rules.name}. {breakdown(cards, rules)}."
    text = f"Not quite: you said {number}, but under {rules.name} this hand costs {total}."
    others = [name for name, pts in points_everywhere(cards).items() if pts == number]
    if others:
        text += (
            f" ({number} is what it costs under {', '.join(others)}: check the card values "
            "of these rules.)"
        )
    text += f"\nCard by card: {breakdown(cards, rules)}."
    surprising = [
        c for c in dict.fromkeys(cards) if c.is_joker or rules.is_wild(c) or c.rank == lp.Rank.ACE
    ]
    if surprising:
        values = ", ".join(f"{c} = {rules.card_points(c)}" for c in surprising)
        text += f"\nWatch the special cards here: {values}."
    if any(c.is_joker for c in cards) and not rules.has_jokers:
        text += f" ({rules.name} plays without jokers, so a joker is worth nothing here.)"
    return False, text


class ScorePad(LessonPanel):
    """A points quiz: a hand, the learner's count, and at once the verdict with the breakdown.

    ``ScorePad(rules="house", seed=0, size=6, hand=None)``: hands of ``size`` cards are dealt
    from the preset's shoe by a generator seeded with ``seed``; ``hand`` (card text) shows that
    hand first instead.
    """

    def __init__(
        self,
        rules: lp.Rules | str | None = "house",
        seed: int = 0,
        size: int = 6,
        hand: Sequence[lp.Card | str] | str | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(size, int) or not 1 <= size <= 20:
            raise ValueError(f"size must be 1 to 20 cards, not {size!r}")
        self._rules = as_rules(rules)
        self._rng = random.Random(seed)
        self._seed = seed
        self._size = size
        self._answered = False
        self._right = 0
        self._tried = 0
        self._last: int | None = None
        if hand is not None:
            self._hand = as_cards(hand)
        else:
            self._hand = self._deal()
        self._ask()
        self.redraw()

    # -- the Python API --------------------------------------------------------------------------
    @property
    def hand(self) -> list[lp.Card]:
        """The cards shown."""
        return list(self._hand)

    @property
    def points(self) -> int:
        """What the hand costs under the chosen rules (the right answer)."""
        return lp.hand_points(self._hand, self._rules)

    @property
    def score(self) -> tuple[int, int]:
        """(right answers, answers given) since the pad was made."""
        return self._right, self._tried

    def answer(self, value: object) -> str:
        """The learner's count; returns the feedback (also in ``feedback`` and ``ok``)."""
        ok, text = _judge(self._hand, self._rules, value)
        if ok is not None:
            self._tried += 1
            self._right += int(ok)
            self._answered = True
            self._last = whole_number(value)
            text += f"\nScore: {self._right} right of {self._tried}."
            if ok:
                text += " Press New hand for another."
        self.say(ok, text)
        self.redraw()
        return self.feedback

    def new_hand(self) -> str:
        """Deal another hand from the shoe."""
        self._hand = self._deal()
        self._ask()
        self.redraw()
        return self.feedback

    def set_hand(self, cards: Sequence[lp.Card | str] | str) -> str:
        """Show these cards instead (card text like ``"7H KS JK"``)."""
        try:
            self._hand = as_cards(cards)
        except lp.CardParseError as exc:
            self.say(False, f"That is not a hand I can read: {exc}")
            self.redraw()
            return self.feedback
        self._ask()
        self.redraw()
        return self.feedback

    def set_rules(self, rules: lp.Rules | str) -> str:
        """Count the same hand under other rules."""
        self._rules = as_rules(rules)
        self._ask()
        self.redraw()
        return self.feedback

    def breakdown(self) -> str:
        """The sum written out for the current hand and rules."""
        return breakdown(self._hand, self._rules)

    @property
    def state(self) -> ScorePadState:
        """What the learner sees, as plain values (for tests)."""
        return {
            "rules": self._rules.name,
            "hand": lp.format_cards(self._hand),
            "answered": self._answered,
            "score": self.score,
            "ok": self.ok,
            "feedback": self.feedback,
        }

    def __repr__(self) -> str:
        return (
            f"ScorePad(rules={self._rules.name!r}, hand={lp.format_cards(self._hand)!r}, "
            f"score={self._right}/{self._tried})"
        )

    # -- internals -------------------------------------------------------------------------------
    def _deal(self) -> list[lp.Card]:
        shoe = self._rules.build_shoe(self._rules.min_players)
        cards = self._rng.sample(shoe, self._size)
        return sorted(cards, key=lambda c: c.sort_key())

    def _ask(self) -> None:
        self._answered = False
        self._last = None
        self.say(
            None,
            f"How many points does this hand cost under {self._rules.name} rules? Type the "
            "number and press Check.",
        )

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.ANSWER: text_of("value", self.answer),
            MessageKind.NEW: plain(self.new_hand),
            MessageKind.HAND: text_of("value", self.set_hand),
        }

    # -- drawing ---------------------------------------------------------------------------------
    def _render(self) -> str:
        rules = self._rules
        values = h(describe_value(rules.card_points))
        controls = (
            f'<div class="lp-row">{rules_select(rules)} '
            f"{button('New hand', MessageKind.NEW, 'new-hand')}</div>"
            f'<div class="lp-muted" data-testid="values">Card values under {h(rules.name)}: '
            f"{values}</div>"
        )
        hand = (
            f'<div class="lp-row" data-testid="hand">'
            f"{row_svg(self._hand, rules, label='the hand to count')}</div>"
        )
        last = "" if self._last is None else str(self._last)
        answer = (
            '<div class="lp-row"><label>Points: <input type="text" name="points" '
            f'data-testid="points" value="{h(last)}" inputmode="numeric" size="6"></label> '
            f"{button('Check', MessageKind.ANSWER, 'check', primary=True, input='points')}</div>"
        )
        everywhere = ""
        if self._answered:
            cells = "".join(
                f"<tr><td>{h(name)}</td><td>{pts}</td></tr>"
                for name, pts in points_everywhere(self._hand).items()
            )
            everywhere = (
                '<div data-testid="everywhere"><div class="lp-muted">The same hand under every '
                f"house:</div><table><tr><th>rules</th><th>points</th></tr>{cells}</table></div>"
            )
        return self._panel(
            "Score pad: what does this hand cost?",
            controls + hand + answer + everywhere,
            "scorepad",
        )
