"""``WildLimits``: the same cards judged as a set or a run under every preset, side by side.

Houses agree on what a set and a run are, and disagree on wild cards: which cards are wild
(jokers, 2s, both) and how many a meld may hold. This widget shows one row per preset: what
is wild there, that preset's limit, and the engine's verdict with its reason (a house that
plays without jokers, ``classic``, refuses any joker). Type cards (a run as placed, lowest
first), or click one of the examples::

    w = WildLimits("JK 9H 10H JK", kind="run")
    w.legal_under()          # ['house', 'online', 'florida', 'i_buy', 'me']
    w.table()                # the rows as text, for a notebook cell
    w.set_cards("9H 10H JK JK")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict

import liverpool as lp
from liverpool.errors import quoted

from ._panel import (
    Handler,
    LessonPanel,
    Message,
    MessageKind,
    as_cards,
    button,
    h,
    option,
    row_svg,
    wild_words,
)

__all__ = ["EXAMPLES", "WildLimits", "WildLimitsState", "meld_kind", "preset_names"]


class WildLimitsState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    cards: str
    kind: str
    verdicts: dict[str, str]
    """Each preset's verdict: ``"legal"`` or the reason it is not."""
    feedback: str


EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("wild-9-10-wild", "JK 9H 10H JK", "run"),
    ("9-10-wild-wild", "9H 10H JK JK", "run"),
    ("2♥ 2♣ 3♣", "2H 2C 3C", "set"),
    ("7 7 wild", "7S 7D JK", "set"),
    ("6 wild 8 wild", "6S JK 8S 2S", "run"),
)
"""The example buttons: (label, cards, kind)."""


def meld_kind(kind: object) -> lp.MeldKind:
    """``kind`` as a :class:`~liverpool.MeldKind` (``"set"`` or ``"run"``, any case). Anything
    else is refused in the lesson's words: the enum's own error ("'sequence' is not a valid
    MeldKind") names a Python class the learner never met."""
    if isinstance(kind, lp.MeldKind):
        return kind
    word = kind.strip().lower() if isinstance(kind, str) else None
    if word in tuple(lp.MeldKind):
        return lp.MeldKind(word)
    raise ValueError(f"kind is 'set' or 'run', not {quoted(kind)}")


def preset_names(presets: Sequence[str] | str | None) -> list[str]:
    """The presets to show: every one of ``lp.PRESETS`` for ``None``, and one name alone as a
    list of one (a string is a sequence too, and ``"house"`` was read letter by letter, as a
    preset called 'h'). A wrong name fails now, listing the right ones."""
    if presets is None:
        return list(lp.PRESETS)
    names = [presets] if isinstance(presets, str) else list(presets)
    for name in names:
        lp.get_rules(name)
    return names


def _limit(rules: lp.Rules, kind: lp.MeldKind) -> str:
    limit = rules.set_wilds if kind is lp.MeldKind.SET else rules.run_wilds
    return limit.doc


class WildLimits(LessonPanel):
    """Cards judged under each preset side by side.

    - ``cards``: the cards to judge, as text (``"JK 9H 10H JK"``) or a list; a run as placed.
    - ``kind``: ``"set"`` or ``"run"``, what the cards are judged as.
    - ``presets``: the presets to compare, a list of names or one name (default: every one of
      ``lp.PRESETS``).
    """

    def __init__(
        self,
        cards: Sequence[lp.Card | str] | str = "JK 9H 10H JK",
        kind: lp.MeldKind | str = "run",
        presets: Sequence[str] | str | None = None,
    ) -> None:
        super().__init__()
        self._presets = preset_names(presets)
        self._cards: list[lp.Card] = []
        self._kind = meld_kind(kind)
        self._text = ""
        self.set_cards(cards)

    # -- the Python API --------------------------------------------------------------------------
    @property
    def cards(self) -> list[lp.Card]:
        return list(self._cards)

    @property
    def kind(self) -> lp.MeldKind:
        return self._kind

    @staticmethod
    def check(
        cards: Sequence[lp.Card | str] | str,
        kind: lp.MeldKind | str = "run",
        presets: Sequence[str] | str | None = None,
    ) -> dict[str, lp.Verdict]:
        """The verdict of each preset on ``cards`` as a ``kind`` (a run as placed)."""
        chosen = as_cards(cards)
        meld = meld_kind(kind)
        return {
            name: lp.check_meld(chosen, meld, lp.get_rules(name)) for name in preset_names(presets)
        }

    def verdicts(self) -> dict[str, lp.Verdict]:
        """The verdict of each shown preset on the current cards."""
        return self.check(self._cards, self._kind, self._presets)

    def legal_under(self) -> list[str]:
        """The presets under which the current cards are a legal meld."""
        return [name for name, verdict in self.verdicts().items() if verdict]

    def set_cards(
        self, cards: Sequence[lp.Card | str] | str, kind: lp.MeldKind | str | None = None
    ) -> str:
        """Judge other cards (text or cards; a run as placed). Returns the feedback."""
        if kind is not None:
            self._kind = meld_kind(kind)
        try:
            self._cards = as_cards(cards)
        except lp.CardParseError as exc:
            self.say(False, f"I could not read those cards: {exc}")
            self.redraw()
            return self.feedback
        self._text = lp.format_cards(self._cards)
        self._summarise()
        self.redraw()
        return self.feedback

    def set_kind(self, kind: lp.MeldKind | str) -> str:
        """Judge the same cards as a set or as a run."""
        return self.set_cards(self._cards, kind)

    def table(self) -> str:
        """The rows as text: preset, wild cards, verdict (for printing in a lesson)."""
        lines = []
        for name, verdict in self.verdicts().items():
            rules = lp.PRESETS.get(name) or lp.get_rules(name)
            answer = "legal" if verdict else f"not legal: {verdict.reason}"
            lines.append(f"{name:12} wild: {wild_words(rules):14} {answer}")
        return "\n".join(lines)

    @property
    def state(self) -> WildLimitsState:
        return {
            "cards": lp.format_cards(self._cards),
            "kind": str(self._kind),
            "verdicts": {name: ("legal" if v else v.reason) for name, v in self.verdicts().items()},
            "feedback": self.feedback,
        }

    def __repr__(self) -> str:
        return (
            f"WildLimits(cards={lp.format_cards(self._cards)!r}, kind={str(self._kind)!r}, "
            f"legal_under={self.legal_under()!r})"
        )

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.CARDS: self._on_cards,
            MessageKind.KIND: self._on_kind,
            MessageKind.EXAMPLE: self._on_example,
        }

    def _on_cards(self, message: Message) -> None:
        value = message.get("value")
        if value is None or not value.strip():
            self.say(None, "Type some cards first, for example: JK 9H 10H JK")
            return
        self.set_cards(value)

    def _on_kind(self, message: Message) -> None:
        value = message.get("value")
        if value is None or value not in tuple(lp.MeldKind):
            self.say(None, "Choose set or run.")
            return
        self.set_kind(value)

    def _on_example(self, message: Message) -> None:
        index = self._int(message, "index")
        if index is None or not 0 <= index < len(EXAMPLES):
            self.say(None, "That click did not name an example.")
            return
        _, cards, kind = EXAMPLES[index]
        self.set_cards(cards, kind)

    # -- feedback and drawing ----------------------------------------------------------------------
    def _summarise(self) -> None:
        verdicts = self.verdicts()
        yes = [n for n, v in verdicts.items() if v]
        no = [n for n, v in verdicts.items() if not v]
        what = f"{lp.format_cards(self._cards)} as a {self._kind}"
        if not no:
            self.say(True, f"{what} is legal under every house's rules shown.")
        elif not yes:
            reasons = sorted({verdicts[n].reason for n in no})
            self.say(False, f"{what} is legal under no house's rules: {reasons[0]}.")
        else:
            self.say(
                None,
                f"{what} is legal under {', '.join(yes)}; not under {', '.join(no)}. "
                "Read each row for the reason.",
            )

    def _rows(self, verdicts: Mapping[str, lp.Verdict]) -> str:
        rows = []
        for name, verdict in verdicts.items():
            rules = lp.get_rules(name)
            cls, text = ("lp-yes", "✓ legal") if verdict else ("lp-no", f"✗ {verdict.reason}")
            rows.append(
                f'<tr data-testid="row-{h(name)}" data-ok="{str(bool(verdict)).lower()}">'
                f"<td><b>{h(name)}</b></td><td>{h(wild_words(rules))}</td>"
                f"<td>{h(_limit(rules, self._kind))}</td>"
                f'<td class="{cls}">{h(text)}</td></tr>'
            )
        return "".join(rows)

    def _render(self) -> str:
        examples = " ".join(
            button(label, MessageKind.EXAMPLE, f"example-{i}", index=i)
            for i, (label, _, _) in enumerate(EXAMPLES)
        )
        kind_options = "".join(option(k, k, selected=k is self._kind) for k in lp.MeldKind)
        controls = (
            '<div class="lp-row">'
            f'<input type="text" name="cards" data-action="{MessageKind.CARDS}" '
            'data-testid="cards-input" '
            f'value="{h(self._text)}" aria-label="cards to judge"> '
            f'<select data-action="{MessageKind.KIND}" data-testid="kind" aria-label="set or run">'
            f"{kind_options}</select> "
            + button("Judge", MessageKind.CARDS, "judge", primary=True, input="cards")
            + "</div>"
            f'<div class="lp-row"><span class="lp-muted">Examples:</span> {examples}</div>'
        )
        drawn = row_svg(self._cards, lp.PRESETS["house"])
        picture = f'<div class="lp-row" data-testid="cards">{drawn}</div>'
        table = (
            '<table data-testid="verdicts"><thead><tr><th>rules</th><th>wild</th>'
            f"<th>limit on wilds in a {h(self._kind)}</th><th>verdict</th></tr></thead>"
            f"<tbody>{self._rows(self.verdicts())}</tbody></table>"
        )
        return self._panel(
            "The same cards under every house's rules", controls + picture + table, "wild-limits"
        )
