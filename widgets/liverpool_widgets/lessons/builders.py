"""``SetBuilder`` and ``RunBuilder``: pick cards from a tray and watch the verdict as you click.

Each click on a tray card adds it to (or takes it back from) the meld being built; the engine's
:func:`~liverpool.check_set` / :func:`~liverpool.check_run` judges the cards at once and the
panel says why in plain words. A run is judged *as placed*, in the order you picked the cards
(lowest first); when another order would work, :func:`~liverpool.arrange_run`'s placement is
shown and "Place them for me" puts the cards that way. A drop-down switches the house rules.

Everything the front end does has a Python twin, for tests and for notebook cells::

    b = SetBuilder("7H 7C 7S 2H 2D 2C", rules="classic")
    b.pick(0); b.pick(1); b.pick(4)      # tray positions
    b.feedback                            # 'A legal set of sevens: 3 cards, 1 of them wild.'
    b.check("2H 2C 3C")                   # a Verdict, without touching the tray
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, TypedDict

import liverpool as lp
from liverpool.words import counted

from ._panel import (
    CARD_WIDTH,
    Handler,
    LessonPanel,
    Message,
    MessageKind,
    as_cards,
    as_rules,
    button,
    card_button,
    cards_row,
    h,
    jokerless,
    plain,
    rules_name,
    rules_select,
    wild_words,
)

__all__ = ["BuilderState", "RunBuilder", "RunBuilderState", "SetBuilder"]


class BuilderState(TypedDict):
    """What a builder's learner sees, as plain values (for tests)."""

    rules: str
    tray: str
    picked: str
    ok: bool | None
    feedback: str


class RunBuilderState(BuilderState):
    """A run builder's state, with the legal placement it suggests (``None``: none)."""

    suggestion: str | None


class _Builder(LessonPanel):
    KIND: ClassVar[lp.MeldKind]
    MIN: ClassVar[int]
    TITLE: ClassVar[str]

    def __init__(self, tray: Sequence[lp.Card | str] | str, rules: lp.Rules | str | None = None):
        super().__init__()
        self._tray = as_cards(tray)
        self._rules = as_rules(rules)
        self._picked: list[int] = []
        self._judge()
        self.redraw()

    # -- the Python API --------------------------------------------------------------------------
    @property
    def tray(self) -> list[lp.Card]:
        """The cards to pick from, in tray order."""
        return list(self._tray)

    @property
    def picked(self) -> list[lp.Card]:
        """The cards picked so far, in the order picked (for a run: as placed, lowest first)."""
        return [self._tray[i] for i in self._picked]

    def pick(self, index: int) -> str:
        """Click tray card ``index``: pick it, or put it back if it is picked. Returns the
        feedback."""
        if not 0 <= index < len(self._tray):
            self.say(
                None, f"There is no card number {index} in the tray (0 to {len(self._tray) - 1})."
            )
        else:
            if index in self._picked:
                self._picked.remove(index)
            else:
                self._picked.append(index)
            self._judge()
        self.redraw()
        return self.feedback

    def pick_cards(self, cards: Sequence[lp.Card | str] | str) -> str:
        """Pick exactly these cards from the tray, in this order (as a learner would click)."""
        wanted = as_cards(cards)
        chosen: list[int] = []
        for card in wanted:
            spot = next(
                (i for i, c in enumerate(self._tray) if c == card and i not in chosen), None
            )
            if spot is None:
                self.say(False, f"The {card} is not in the tray (or not that many times).")
                self.redraw()
                return self.feedback
            chosen.append(spot)
        self._picked = chosen
        self._judge()
        self.redraw()
        return self.feedback

    def clear(self) -> str:
        """Put every picked card back."""
        self._picked = []
        self._judge()
        self.redraw()
        return self.feedback

    def set_rules(self, rules: lp.Rules | str) -> str:
        """Judge the same cards under other rules (a preset name or a Rules)."""
        self._rules = as_rules(rules)
        self._judge()
        self.redraw()
        return self.feedback

    def check(self, cards: Sequence[lp.Card | str] | str | None = None) -> lp.Verdict:
        """The engine's verdict on ``cards`` (default: the picked cards) under these rules."""
        chosen = self.picked if cards is None else as_cards(cards)
        return lp.check_meld(chosen, self.KIND, self._rules)

    @property
    def state(self) -> BuilderState:
        """What the learner sees, as plain values (for tests)."""
        return {
            "rules": self._rules.name,
            "tray": lp.format_cards(self._tray),
            "picked": lp.format_cards(self.picked),
            "ok": self.ok,
            "feedback": self.feedback,
        }

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(rules={self._rules.name!r}, "
            f"picked={lp.format_cards(self.picked)!r}, ok={self.ok!r})"
        )

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.PICK: self._number_click("index", "a card of the tray", self.pick),
            MessageKind.UNPICK: self._on_unpick,
            MessageKind.CLEAR: plain(self.clear),
        }

    def _on_unpick(self, message: Message) -> None:
        position = self._int(message, "index")
        if position is None or not 0 <= position < len(self._picked):
            self.say(None, "That click did not name a picked card.")
            return
        self.pick(self._picked[position])

    # -- judging ---------------------------------------------------------------------------------
    def _judge(self) -> None:
        """Judge the picked cards and say so (each builder words a legal meld its own way)."""
        cards = self.picked
        if self._early(cards):
            return
        verdict = lp.check_meld(cards, self.KIND, self._rules)
        self.say(bool(verdict), f"A legal {self.KIND}." if verdict else f"{verdict.reason}.")

    def _mixed_naturals(self, cards: Sequence[lp.Card]) -> str | None:
        """Why these few naturals can never become this kind of meld (``None``: they still can).

        The base knows no early sign; each builder adds its own (mixed ranks, mixed suits).
        """
        del cards
        return None

    def _early(self, cards: Sequence[lp.Card]) -> bool:
        """Feedback for too few cards; True when it was given."""
        if len(cards) >= self.MIN:
            return False
        if not cards:
            self.say(
                None,
                f"Click cards in the tray to build a {self.KIND} "
                f"({self.MIN} or more cards). Wild here: {wild_words(self._rules)}.",
            )
            return True
        mixed = jokerless(cards, self._rules) or self._mixed_naturals(cards)
        if mixed:
            self.say(
                False, f"This cannot become a {self.KIND}: {mixed}. Click a card to put it back."
            )
            return True
        more = self.MIN - len(cards)
        self.say(
            None,
            f"So far so good ({lp.format_cards(cards)}). A {self.KIND} needs at least "
            f"{self.MIN} cards: pick {counted(more, 'more card')}.",
        )
        return True

    # -- drawing ---------------------------------------------------------------------------------
    def _tray_html(self) -> str:
        buttons = [
            card_button(
                card,
                kind=MessageKind.PICK,
                index=i,
                testid=f"tray-card-{i}",
                rules=self._rules,
                selected=i in self._picked,
            )
            for i, card in enumerate(self._tray)
        ]
        return f'<div class="lp-row" data-testid="tray">{"".join(buttons)}</div>'

    def _picked_html(self, stands_for: Sequence[str | None] | None = None) -> str:
        if not self._picked:
            row = '<span class="lp-muted">(nothing picked yet)</span>'
        else:
            row = "".join(
                card_button(
                    card,
                    kind=MessageKind.UNPICK,
                    index=pos,
                    testid=f"picked-card-{pos}",
                    rules=self._rules,
                    stands_for=stands_for[pos] if stands_for else None,
                )
                for pos, card in enumerate(self.picked)
            )
        return f'<div class="lp-row" data-testid="picked">{row}</div>'

    def _controls(self, extra: str = "") -> str:
        return (
            f'<div class="lp-row">{rules_select(self._rules)} '
            f'<span class="lp-muted">wild: {h(wild_words(self._rules))}</span> '
            f"{extra}{button('Clear', MessageKind.CLEAR, 'clear')}</div>"
        )


class SetBuilder(_Builder):
    """Build a set (three or more cards of one rank) from a tray; the verdict updates per click.

    ``SetBuilder(tray="7H 7C 7S JK 2D 2C 9H 7D KS", rules="house")``.
    """

    KIND = lp.MeldKind.SET
    MIN = 3
    TITLE = "Build a set: click cards of the tray"

    def __init__(
        self,
        tray: Sequence[lp.Card | str] | str = "7H 7C 7S JK 2D 2C 9H 7D KS 2S",
        rules: lp.Rules | str | None = None,
    ) -> None:
        super().__init__(tray, rules)

    def _mixed_naturals(self, cards: Sequence[lp.Card]) -> str | None:
        ranks = sorted({c.rank for c in cards if not self._rules.is_wild(c) and c.rank})
        if len(ranks) > 1:
            return (
                "all the natural cards of a set must share one rank; this has "
                f"{ranks[0].plural} and {ranks[1].plural}"
            )
        return None

    def _judge(self) -> None:
        cards = self.picked
        if self._early(cards):
            return
        verdict = lp.check_set(cards, self._rules)
        if verdict:
            wilds = sum(1 for c in cards if self._rules.is_wild(c))
            rank = lp.Meld.build("set", cards, self._rules).rank
            note = f", {wilds} of them wild" if wilds else ", no wilds"
            self.say(True, f"A legal set of {rank.plural}: {counted(len(cards), 'card')}{note}.")
        else:
            self.say(False, f"Not a legal set: {verdict.reason}.")

    def _render(self) -> str:
        body = (
            '<div class="lp-muted">Tray (click to pick or put back):</div>'
            + self._tray_html()
            + '<div class="lp-muted">Your set:</div>'
            + self._picked_html()
            + self._controls()
        )
        return self._panel(self.TITLE, body, "set-builder")


class RunBuilder(_Builder):
    """Build a run (four or more cards of one suit in sequence), placed in the order you click.

    The verdict judges the cards as placed; when they make a run in another order,
    :func:`~liverpool.arrange_run`'s placement is shown and "Place them for me" uses it.
    ``RunBuilder(tray="9H 10H JH JK QH KH 2H 8S 10C JK", rules="house")``.
    """

    KIND = lp.MeldKind.RUN
    MIN = 4
    TITLE = "Build a run: click cards in order, lowest first"

    def __init__(
        self,
        tray: Sequence[lp.Card | str] | str = "9H 10H JH JK QH KH 2H AH 8S 10C JK",
        rules: lp.Rules | str | None = None,
    ) -> None:
        self._suggestion: list[lp.Card] | None = None
        super().__init__(tray, rules)

    @property
    def suggestion(self) -> list[lp.Card] | None:
        """``arrange_run``'s legal placement of the picked cards, when one exists."""
        return None if self._suggestion is None else list(self._suggestion)

    @property
    def state(self) -> RunBuilderState:
        suggestion = None if self._suggestion is None else lp.format_cards(self._suggestion)
        return {**super().state, "suggestion": suggestion}

    def arrange(self) -> str:
        """Put the picked cards in ``arrange_run``'s legal order ("Place them for me")."""
        if self._suggestion is None:
            self.say(False, "These cards cannot be placed as a legal run in any order.")
            self.redraw()
            return self.feedback
        free = list(self._picked)
        order: list[int] = []
        for card in self._suggestion:
            spot = next(i for i in free if self._tray[i] == card)
            free.remove(spot)
            order.append(spot)
        self._picked = order
        self._judge()
        self.redraw()
        return self.feedback

    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {**super()._handlers(), MessageKind.ARRANGE: plain(self.arrange)}

    def _mixed_naturals(self, cards: Sequence[lp.Card]) -> str | None:
        naturals = [c for c in cards if not self._rules.is_wild(c)]
        suits = sorted({c.suit for c in naturals if c.suit}, key=lambda s: s.symbol)
        if len(suits) > 1:
            return (
                "all the natural cards of a run must be of one suit; this mixes "
                f"{suits[0].symbol} and {suits[1].symbol}"
            )
        ranks = [c.rank for c in naturals if c.rank is not None]
        if len(set(ranks)) < len(ranks):
            twice = next(rank for rank in ranks if ranks.count(rank) > 1)
            return f"a run holds each rank once; this has two {twice.plural}"
        return None

    def _judge(self) -> None:
        cards = self.picked
        self._suggestion = lp.arrange_run(cards, self._rules) if len(cards) >= self.MIN else None
        if self._early(cards):
            return
        verdict = lp.check_run(cards, self._rules)
        if verdict:
            meld = lp.Meld.build("run", cards, self._rules)
            self.say(True, f"A legal {meld.describe(self._rules)}.")
        elif self._suggestion is not None:
            self.say(
                False,
                f"Not a run in this order: {verdict.reason}.\nThese cards do make a run placed "
                f"like this: {lp.format_cards(self._suggestion)} (press “Place them for me”).",
            )
        else:
            self.say(False, f"Not a legal run: {verdict.reason}. No order of these cards works.")

    def _render(self) -> str:
        cards = self.picked
        stands: list[str | None] | None = None
        if self.ok:
            meld = lp.Meld.build("run", cards, self._rules)
            wilds = set(meld.wild_positions(self._rules))
            stands = [meld.stands_for(i) if i in wilds else None for i in range(len(cards))]
        suggestion = ""
        if self._suggestion is not None and not self.ok:
            suggestion = (
                '<div class="lp-muted">A legal placement (arrange_run):</div>'
                '<div class="lp-row" data-testid="suggestion">'
                + cards_row(self._suggestion, self._rules, width=CARD_WIDTH * 0.8)
                + "</div>"
            )
        arrange = button("Place them for me", MessageKind.ARRANGE, "arrange") if suggestion else ""
        body = (
            '<div class="lp-muted">Tray (click to pick or put back):</div>'
            + self._tray_html()
            + '<div class="lp-muted">Your run, as placed (lowest first):</div>'
            + self._picked_html(stands)
            + suggestion
            + self._controls(arrange)
        )
        return self._panel(self.TITLE, body, "run-builder")


def describe_rules(rules: lp.Rules) -> str:
    """One line: the preset, its wilds and its limits on wilds in sets and runs."""
    return (
        f"{rules_name(rules)}: wild {wild_words(rules)}; sets: {rules.set_wilds.doc} "
        f"Runs: {rules.run_wilds.doc}"
    )
