"""``LayOffTrainer``: a table of melds and a hand; which cards fit where, at which end, and
swapping a wild card under each house's swap rule.

Once you are down you may add single cards to any meld on the table ("laying off"): to a set
any card of its rank, to a run the next card at either end — and the meld must stay within the
house's limits on wild cards. Some houses also let you give the natural card a wild stands for
and take the wild: ``classic``, ``traditional`` and ``i_buy`` only out of another player's meld,
``online`` out of any meld, your own included. Each meld on the trainer's table is either yours
or another player's (``yours`` lists the melds that are yours: by default the first table's
clubs run, and none of a table you give). The answers come from the engine's rule functions
:func:`~liverpool.lay_off_ends` and :func:`~liverpool.can_replace_wild`; a lay-off or a swap
that fits is carried out on the trainer's table, so the melds grow as you play.

A house that plays without jokers (``classic``) never sees one: there the trainer lays that
house's wild 2s where the table and hand have jokers (2♣, then 2♦, 2♥, 2♠), and says so.

Python API (what the buttons call)::

    t = LayOffTrainer(rules="house")
    t.select_card("4H"); t.lay_off(0, "low")     # the 4♥ on the low end of meld 0
    t.where_fits("9H")                            # [(0, 'high')]
    t.select_card("7H"); t.swap(0, 2)             # house: no swapping, and why
    t.set_rules("online"); ...
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TypedDict

import liverpool as lp
from liverpool.melds import End, freed_wild_misplaced, freed_wild_stuck, may_hold_freed_wild

from ._panel import (
    Handler,
    LessonPanel,
    Message,
    MessageKind,
    as_card,
    as_cards,
    as_rules,
    button,
    card_button,
    h,
    meld_picture,
    plain,
    rules_select,
    twos_note,
    wild_words,
    without_jokers,
)

__all__ = [
    "LayOffState",
    "LayOffTrainer",
    "build_table",
    "fits",
    "whose_wilds",
    "without_jokers",
]

TableText = Sequence[Sequence[lp.Card | str] | str]


class LayOffState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    rules: str
    table: list[str]
    yours: list[int]
    hand: str
    selected: str | None
    pending: str | None
    ok: bool | None
    feedback: str


_ENDS: dict[str, End] = {"low": "low", "high": "high"}
"""The ends of a run a click may name."""

DEFAULT_TABLE = ("5H 6H JK 8H", "KS KD JK", "9C 10C JC QC")
DEFAULT_HAND = "4H 9H 7H KC KH 8C 2S JK 3D"
DEFAULT_YOURS = (2,)
"""The melds of the first table that are yours (the clubs run); the others are another
player's."""

YOU, OTHER = 0, 1
"""The owners of the trainer's melds: you, and (every other meld) another player."""


def build_table(
    melds: Sequence[Sequence[lp.Card | str] | str | lp.Meld],
    rules: lp.Rules,
    yours: Collection[int] = (),
) -> list[lp.Meld]:
    """Melds from card texts (a set, or else a run as placed), checked under ``rules``; the
    melds numbered in ``yours`` are yours (owner 0), the others another player's (owner 1).

    Raises :class:`~liverpool.IllegalAction` naming the rule when a meld is not legal there.
    """
    table: list[lp.Meld] = []
    for k, item in enumerate(melds):
        if isinstance(item, lp.Meld):
            cards = list(item.cards)
            kind = item.kind
        else:
            cards = as_cards(item)
            kind = lp.MeldKind.SET if lp.check_set(cards, rules) else lp.MeldKind.RUN
        owner = YOU if k in yours else OTHER
        table.append(lp.Meld.build(kind, cards, rules, owner=owner))
    return table


def fits(
    table: Sequence[lp.Meld], card: lp.Card | str, rules: lp.Rules
) -> list[tuple[int, End | None]]:
    """Where ``card`` may be laid off: (meld number, end) pairs; the end is ``None`` on a set."""
    card = as_card(card)
    return [(k, end) for k, meld in enumerate(table) for end in lp.lay_off_ends(meld, card, rules)]


def whose_wilds(rules: lp.Rules) -> str:
    """Whose melds a wild may be taken from, in words (empty when no wild may be taken)."""
    if rules.wild_swap is lp.WildSwap.NONE:
        return ""
    if rules.swap_own_melds:
        return " From any meld, your own included."
    return " Only from another player's meld, never from your own."


def _place(meld: lp.Meld, end: End | None) -> str:
    if meld.kind is lp.MeldKind.SET:
        return f"the {meld.describe()}"
    return f"the {end} end of the {meld.describe()}"


class LayOffTrainer(LessonPanel):
    """Lay off cards of a hand onto melds on the table, and swap wilds, under one house's rules.

    - ``table``: the melds on the table, a list of card texts (``["5H 6H JK 8H", "KS KD JK"]``),
      or one text for a table of one meld; a run as placed, lowest first.
    - ``hand``: the cards in your hand, as text (``"4H 9H 7H"``) or a list.
    - ``rules``: a preset's name or a :class:`~liverpool.Rules` (default: the house rules).
    - ``yours``: the numbers of the melds that are yours, from 0 (default: the clubs run of the
      first table, and none of a table you give).
    """

    def __init__(
        self,
        table: TableText | str = DEFAULT_TABLE,
        hand: Sequence[lp.Card | str] | str = DEFAULT_HAND,
        rules: lp.Rules | str | None = None,
        yours: Collection[int] | None = None,
    ) -> None:
        super().__init__()
        if isinstance(table, str):  # one meld: read letter by letter, "5" was not a card
            table = [table]
        self._start_table = [as_cards(m) for m in table]
        self._start_hand = as_cards(hand)
        if yours is None:
            yours = DEFAULT_YOURS if tuple(table) == DEFAULT_TABLE else ()
        bad = [k for k in yours if not 0 <= k < len(self._start_table)]
        if bad:
            raise ValueError(
                f"yours names meld {bad[0]}, but the table has melds 0 to "
                f"{len(self._start_table) - 1}"
            )
        self._yours = frozenset(yours)
        self._rules = as_rules(rules)
        self._table: list[lp.Meld] = []
        self._hand: list[lp.Card] = []
        self._selected: int | None = None
        self._pending: lp.Card | None = None
        self.reset()

    # -- the Python API --------------------------------------------------------------------------
    @property
    def table(self) -> list[lp.Meld]:
        return list(self._table)

    @property
    def hand(self) -> list[lp.Card]:
        return list(self._hand)

    @property
    def selected(self) -> lp.Card | None:
        return None if self._selected is None else self._hand[self._selected]

    @property
    def yours(self) -> list[int]:
        """The numbers of the melds that are yours (the others are another player's)."""
        return sorted(self._yours)

    def reset(self) -> str:
        """Start again: the first table and hand (under a house without jokers, its wild 2s
        where the jokers were)."""
        groups, twos = without_jokers([*self._start_table, self._start_hand], self._rules)
        self._table = build_table(groups[:-1], self._rules, self._yours)
        self._hand = groups[-1]
        self._selected = None
        self._pending = None
        self.say(
            None,
            twos_note(self._rules, twos)
            + "Click a card of your hand, then an end of a run, a set, or a wild card to "
            "swap it for.",
        )
        self.redraw()
        return self.feedback

    def set_rules(self, rules: lp.Rules | str) -> str:
        """Start again under other rules."""
        self._rules = as_rules(rules)
        return self.reset()

    def select(self, index: int) -> str:
        """Click hand card ``index`` (click again to unselect)."""
        if not 0 <= index < len(self._hand):
            self.say(None, f"There is no card number {index} in your hand.")
        elif self._selected == index:
            self._selected = None
            self.say(None, "Nothing selected.")
        else:
            self._selected = index
            self.say(None, f"The {self._hand[index]} is selected: now click where it should go.")
        self.redraw()
        return self.feedback

    def select_card(self, card: lp.Card | str) -> str:
        """Select the first copy of ``card`` in the hand."""
        card = as_card(card)
        if card not in self._hand:
            self.say(False, f"You do not hold the {card}.")
            self.redraw()
            return self.feedback
        self._selected = None
        return self.select(self._hand.index(card))

    def where_fits(self, card: lp.Card | str) -> list[tuple[int, End | None]]:
        """Where ``card`` may be laid off on the current table."""
        return fits(self._table, card, self._rules)

    def check_lay_off(
        self, card: lp.Card | str, meld: int, end: End | None = None
    ) -> tuple[bool, str]:
        """Would ``card`` fit on meld ``meld`` (at ``end``)? In words; nothing changes."""
        card = as_card(card)
        target = self._meld(meld)
        if isinstance(target, str):
            return False, target
        ends = lp.lay_off_ends(target, card, self._rules)
        if not ends:
            try:
                target.add(card, end, self._rules)
            except lp.IllegalAction as exc:
                return False, str(exc)
            return False, f"The {card} does not fit the {target.describe()}."  # pragma: no cover
        if target.kind is lp.MeldKind.SET:
            return True, f"The {card} fits {_place(target, None)}."
        if end is None:
            if len(ends) > 1:
                return False, f"The {card} fits at either end of this run: say which end."
            end = ends[0]
        if end not in ends:
            other = " and ".join(str(e) for e in ends)
            why = ""
            if self._rules.is_wild(card):
                placed = (card, *target.cards) if end == "low" else (*target.cards, card)
                verdict = lp.check_run(placed, self._rules)
                why = "" if verdict else f" ({verdict.reason})"
            return False, (
                f"The {card} does not fit at the {end} end of this run{why}; it fits at the "
                f"{other} end."
            )
        return True, f"The {card} fits {_place(target, end)}."

    def lay_off(self, meld: int, end: End | None = None) -> str:
        """Lay the selected card off on meld ``meld`` (at ``end`` of a run)."""
        card = self._need_card("lay off")
        if card is None:
            return self.feedback
        misplaced = 0 <= meld < len(self._table) and freed_wild_misplaced(
            self._pending, card, self._table[meld], self._rules, YOU
        )
        if misplaced:
            self.say(False, misplaced)
            self.redraw()
            return self.feedback
        ok, text = self.check_lay_off(card, meld, end)
        if not ok:
            self.say(False, text)
            self.redraw()
            return self.feedback
        target = self._table[meld]
        ends = lp.lay_off_ends(target, card, self._rules)
        chosen = end if end is not None else ends[0]
        self._table[meld] = target.add(card, chosen, self._rules)
        assert self._selected is not None
        del self._hand[self._selected]
        self._selected = None
        done = ""
        if self._pending is not None and card == self._pending:
            self._pending = None
            done = " The freed wild is back on the table, as the rules ask."
        self.say(True, f"{text[:-1]}: now {self._table[meld].describe(self._rules)}.{done}")
        self.redraw()
        return self.feedback

    def check_swap(self, card: lp.Card | str, meld: int, position: int) -> tuple[bool, str]:
        """May ``card`` take the place of the wild at ``position`` of meld ``meld``? In words."""
        card = as_card(card)
        target = self._meld(meld)
        if isinstance(target, str):
            return False, target
        rules = self._rules
        mode = rules.wild_swap
        verdict = lp.can_replace_wild(target, position, card, rules, by=YOU)
        if not verdict:
            reason = verdict.reason[:1].upper() + verdict.reason[1:]
            return False, f"{reason}."
        if not mode.freed_wild_to_hand:
            grown, freed = target.replace_wild(position, card, rules)
            table = [grown if k == meld else m for k, m in enumerate(self._table)]
            if not self._relay_spots(table, freed):
                return False, freed_wild_stuck(freed, rules)
        return True, f"The {card} may take the place of the {target.cards[position]}."

    def _relay_spots(
        self, table: Sequence[lp.Meld], freed: lp.Card
    ) -> list[tuple[int, End | None]]:
        """Where a freed wild may be laid again: anywhere it fits, or (``i_buy``) only on a
        set of your own."""
        spots = fits(table, freed, self._rules)
        return [(k, end) for k, end in spots if may_hold_freed_wild(table[k], self._rules, YOU)]

    def swap(self, meld: int, position: int) -> str:
        """Give the selected natural card for the wild at ``position`` of meld ``meld``."""
        card = self._need_card("swap")
        if card is None:
            return self.feedback
        if self._pending is not None:
            self.say(False, f"First lay the freed {self._pending} on the table again.")
            self.redraw()
            return self.feedback
        ok, text = self.check_swap(card, meld, position)
        if not ok:
            self.say(False, text)
            self.redraw()
            return self.feedback
        target = self._table[meld]
        stands = target.stands_for(position)
        new_meld, freed = target.replace_wild(position, card, self._rules)
        self._table[meld] = new_meld
        assert self._selected is not None
        del self._hand[self._selected]
        self._hand.append(freed)
        self._selected = None
        mode = self._rules.wild_swap
        if mode.freed_wild_to_hand:
            then = f"the {freed} is now in your hand, a wild to use as you like."
        else:
            self._pending = freed
            where = "on a set of your own" if mode.freed_wild_own_set_only else "on the table"
            then = (
                f"the freed {freed} is in your hand but must be laid {where} again before your "
                "turn ends."
            )
        self.say(
            True, f"Swapped: the {card} now stands where the {freed} stood for {stands}; {then}"
        )
        self.redraw()
        return self.feedback

    def fits_text(self) -> str:
        """For every card in the hand, where it may be laid off (one line each)."""
        lines = []
        for card in dict.fromkeys(self._hand):
            ends: dict[int, list[str]] = {}
            for k, end in self.where_fits(card):
                ends.setdefault(k, []).extend([end] if end else [])
            places = []
            for k, at in ends.items():
                where = "" if not at else (f", {at[0]} end" if len(at) == 1 else ", either end")
                places.append(f"meld {k}{where}")
            lines.append(f"{card}: {'; '.join(places) if places else 'nowhere'}")
        return "\n".join(lines)

    @property
    def state(self) -> LayOffState:
        return {
            "rules": self._rules.name,
            "table": [lp.format_cards(m.cards) for m in self._table],
            "yours": self.yours,
            "hand": lp.format_cards(self._hand),
            "selected": None if self.selected is None else str(self.selected),
            "pending": None if self._pending is None else str(self._pending),
            "ok": self.ok,
            "feedback": self.feedback,
        }

    def __repr__(self) -> str:
        return (
            f"LayOffTrainer(rules={self._rules.name!r}, melds={len(self._table)}, "
            f"hand={lp.format_cards(self._hand)!r})"
        )

    # -- helpers ---------------------------------------------------------------------------------
    def _meld(self, meld: int) -> lp.Meld | str:
        """Meld number ``meld`` of the table, or the sentence saying the table has none."""
        if not 0 <= meld < len(self._table):
            return f"There is no meld number {meld} on the table."
        return self._table[meld]

    def _need_card(self, verb: str) -> lp.Card | None:
        if self._selected is None:
            self.say(None, f"First click the card of your hand you want to {verb}.")
            self.redraw()
            return None
        return self._hand[self._selected]

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.SELECT: self._number_click("index", "a card of your hand", self.select),
            MessageKind.LAY_OFF: self._on_lay_off,
            MessageKind.SWAP: self._on_swap,
            MessageKind.FITS: plain(self._show_fits),
            MessageKind.RESET: plain(self.reset),
        }

    def _on_lay_off(self, message: Message) -> None:
        meld = self._int(message, "meld")
        named = message.get("end") or None
        end = None if named is None else _ENDS.get(named)
        if meld is None or (named is not None and end is None):
            self.say(None, "That click did not name a place on the table.")
            return
        self.lay_off(meld, end)

    def _on_swap(self, message: Message) -> None:
        meld, position = self._int(message, "meld"), self._int(message, "position")
        if meld is None or position is None:
            self.say(None, "That click did not name a wild card on the table.")
            return
        self.swap(meld, position)

    def _show_fits(self) -> None:
        self.say(None, "Where each card of your hand fits:\n" + self.fits_text())

    # -- drawing ---------------------------------------------------------------------------------
    def _meld_box(self, k: int, meld: lp.Meld) -> str:
        rules = self._rules
        if meld.kind is lp.MeldKind.SET:
            places = button("Lay off on this set", MessageKind.LAY_OFF, f"lay-off-{k}", meld=k)
        else:
            places = "".join(
                button(label, MessageKind.LAY_OFF, f"lay-off-{k}-{end}", meld=k, end=end)
                for label, end in (("◀ low end", "low"), ("high end ▶", "high"))
            )
        # A house without swapping draws no Swap buttons: its rule is said above the table,
        # and a learner should not be offered a move the house never allows.
        swaps = "".join(
            button(
                f"Swap for the {meld.cards[j]} (= {meld.stands_for(j)})",
                MessageKind.SWAP,
                f"swap-{k}-{j}",
                meld=k,
                position=j,
            )
            for j in meld.wild_positions(rules)
            if rules.wild_swap is not lp.WildSwap.NONE
        )
        whose = "yours" if meld.owner == YOU else "another player's"
        return (
            f'<div class="lp-meld" data-testid="meld-{k}" data-owner="{h(whose)}">'
            f'<div class="lp-muted">meld {k} · {h(whose)}</div>'
            f'{meld_picture(meld, rules)}<div class="lp-row">{places}{swaps}</div></div>'
        )

    def _render(self) -> str:
        rules = self._rules
        hand = "".join(
            card_button(
                card,
                kind=MessageKind.SELECT,
                index=i,
                testid=f"hand-card-{i}",
                rules=rules,
                selected=i == self._selected,
            )
            for i, card in enumerate(self._hand)
        )
        table = "".join(self._meld_box(k, m) for k, m in enumerate(self._table))
        pending = (
            f'<div class="lp-muted"><b>To do:</b> lay the freed {h(self._pending)} again.</div>'
            if self._pending is not None
            else ""
        )
        body = (
            f'<div class="lp-row">{rules_select(rules)} '
            f'<span class="lp-muted">wild: {h(wild_words(rules))}</span> '
            + button("Where does each card fit?", MessageKind.FITS, "fits")
            + button("Start over", MessageKind.RESET, "reset")
            + "</div>"
            f'<div class="lp-muted">When: {h(rules.lay_off.doc)} Swapping wilds: '
            f"{h(rules.wild_swap.doc)}{h(whose_wilds(rules))}</div>"
            '<div class="lp-muted">The table:</div>'
            f'<div class="lp-row" data-testid="table">{table}</div>'
            f'<div class="lp-muted">Your hand (click a card, then a place on the table):</div>'
            f'<div class="lp-row" data-testid="hand">{hand or "<i>(empty)</i>"}</div>' + pending
        )
        return self._panel("Lay off and swap wilds", body, "lay-off")
