"""``RulesCompare``: every preset's rules in one table, and the differences of two highlighted.

The table has one row per rule (a field of :class:`~liverpool.Rules`, as
:meth:`~liverpool.Rules.describe` writes it) and one column per preset. Two drop-downs pick the
houses to compare: the rows where they differ are highlighted and listed under the table.
Clicking a rule's name explains it (its documentation and both houses' values). Python twin::

    rc = RulesCompare("house", "online")
    rc.differences()          # {'wild_ranks': ('none', '2s'), ...}
    rc.explain("buy_priority")
    rc.set_pair("classic", "traditional")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict

import liverpool as lp
from liverpool.words import counted

from ._panel import (
    Handler,
    LessonPanel,
    Message,
    MessageKind,
    as_rules,
    button,
    h,
    option,
    stripe,
    text_of,
)

__all__ = [
    "ENGINE_CAPS",
    "RulesCompare",
    "RulesCompareState",
    "compare_html",
    "label",
    "rule_fields",
    "rules_html",
]


class RulesCompareState(TypedDict):
    """What the learner sees, as plain values (for tests)."""

    left: str
    right: str
    differences: list[str]
    only_differences: bool
    explained: str | None
    feedback: str


ENGINE_CAPS = ("max_reshuffles", "max_turns_per_deal")
"""Limits the engine sets so that every deal ends (no house plays to them): left out of the
tables, where a learner would read them as rules of the game."""

_SKIP = ("name", "source", *ENGINE_CAPS)


def rule_fields() -> list[str]:
    """The rules shown, in the order of :class:`~liverpool.Rules` (name, source and the
    :data:`ENGINE_CAPS` left out)."""
    return [name for name in lp.Rules.field_docs() if name not in _SKIP]


_CELL = "padding:3px 8px;border:1px solid #d8dee4;vertical-align:top;text-align:left"
_MARK = "background:#fff3bf;font-weight:600"


def _static_table(
    head: Sequence[str], rows: Sequence[tuple[str, Sequence[str], Sequence[bool]]]
) -> str:
    """A plain HTML table: ``rows`` of (rule, cells, which cells to highlight)."""
    top = "".join(f'<th style="{_CELL};background:#eef2f6">{h(x)}</th>' for x in head)
    body = ""
    for number, (rule, cells, marks) in enumerate(rows, start=1):
        tds = "".join(
            f'<td style="{_CELL}{";" + _MARK if marked else ""}">{h(c)}</td>'
            for c, marked in zip(cells, marks, strict=True)
        )
        rule_cell = f'<th style="{_CELL};white-space:nowrap">{h(rule)}</th>'
        body += f'<tr style="{stripe(number)}">{rule_cell}{tds}</tr>'
    return (
        '<table class="lp-rules-table" style="border-collapse:collapse;font-size:13px;'
        'font-family:system-ui,sans-serif;color:#1b1d22;background:#fbfcfd;max-width:980px">'
        f"<thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"
    )


def rules_html(rules: lp.Rules | str = "house") -> str:
    """Every rule of one house as a table: the rule, its value and what it means (the engine's
    caps left out). Whole values, wrapped, never cut: a learner reads each one in full."""
    value = as_rules(rules)
    text = value.describe()
    docs = lp.Rules.field_docs()
    rows = [(label(f), (text[f], docs[f]), (False, False)) for f in rule_fields()]
    return _static_table(("rule", value.name, "what it means"), rows)


def compare_html(*presets: lp.Rules | str, only_differences: bool = True) -> str:
    """Houses side by side, one column each: by default only the rules where they do not all
    agree; each value that differs from the first house's is highlighted. Whole values,
    wrapped, never cut, and the engine's caps left out (see :data:`ENGINE_CAPS`)."""
    houses = [as_rules(p) for p in presets or ("house", "classic")]
    texts = [r.describe() for r in houses]
    rows: list[tuple[str, Sequence[str], Sequence[bool]]] = []
    for field in rule_fields():
        values = [t[field] for t in texts]
        # the houses differ where their values do (as Rules.differences), not where only the
        # words do: "no (no wild is swapped under these rules)" and "no" are the same rule
        raw = [getattr(r, field) for r in houses]
        differs = [k > 0 and v != raw[0] for k, v in enumerate(raw)]
        if only_differences and not any(differs):
            continue
        rows.append((label(field), values, differs))
    return _static_table(("rule", *(r.name for r in houses)), rows)


def label(field: str) -> str:
    """A rule's name as a learner reads it: ``buy_priority`` -> ``buy priority``."""
    return field.replace("_", " ")


class RulesCompare(LessonPanel):
    """Every preset's rules side by side; the differences of two chosen presets highlighted.

    ``RulesCompare(left="house", right="online", only_differences=False)``.
    """

    def __init__(
        self,
        left: lp.Rules | str = "house",
        right: lp.Rules | str = "online",
        *,
        only_differences: bool = False,
    ) -> None:
        super().__init__()
        self._left = as_rules(left)
        self._right = as_rules(right)
        self._only = bool(only_differences)
        self._describe = {name: rules.describe() for name, rules in lp.PRESETS.items()}
        self._explained: str | None = None
        self._summarize()
        self.redraw()

    # -- the Python API --------------------------------------------------------------------------
    @property
    def left(self) -> lp.Rules:
        return self._left

    @property
    def right(self) -> lp.Rules:
        return self._right

    def differences(self) -> dict[str, tuple[str, str]]:
        """The rules where the two presets differ: field -> (left text, right text)."""
        return self._left.differences(self._right)

    def table(self) -> list[tuple[str, ...]]:
        """The table as rows of text: a header (``rule`` and the preset names), then one row per
        rule (only the differing ones when ``only_differences`` is on)."""
        names = list(lp.PRESETS)
        diffs = self.differences()
        rows: list[tuple[str, ...]] = [("rule", *names)]
        for field in rule_fields():
            if self._only and field not in diffs:
                continue
            rows.append((label(field), *(self._describe[n][field] for n in names)))
        return rows

    def set_pair(self, left: lp.Rules | str, right: lp.Rules | str) -> str:
        """Compare two other presets."""
        self._left = as_rules(left)
        self._right = as_rules(right)
        self._explained = None
        self._summarize()
        self.redraw()
        return self.feedback

    def set_left(self, left: lp.Rules | str) -> str:
        return self.set_pair(left, self._right)

    def set_right(self, right: lp.Rules | str) -> str:
        return self.set_pair(self._left, right)

    def show_only_differences(self, only: bool = True) -> str:
        """Show only the rows that differ (or every row again)."""
        self._only = bool(only)
        self._summarize()
        self.redraw()
        return self.feedback

    def explain(self, field: str) -> str:
        """What a rule means, and what the two presets say about it."""
        docs = lp.Rules.field_docs()
        key = field.strip().replace(" ", "_")
        if key not in docs or key in _SKIP:
            self.say(
                False,
                f"There is no rule called {field!r}. The rules are: "
                f"{', '.join(label(f) for f in rule_fields())}.",
            )
        else:
            self._explained = key
            a = self._left.describe()[key]
            b = self._right.describe()[key]
            equal = getattr(self._left, key) == getattr(self._right, key)
            same = "the same in both" if equal else "different"
            text = (
                f"{label(key)}: {docs[key]}\n{self._left.name}: {a}\n{self._right.name}: {b}\n"
                f"({same}.)"
            )
            doc_a = _enum_doc(getattr(self._left, key))
            doc_b = _enum_doc(getattr(self._right, key))
            if doc_a and doc_a == doc_b:
                text += f"\nIn both: {doc_a}"
            else:
                text += "".join(
                    f"\n{name}: {doc}"
                    for name, doc in ((self._left.name, doc_a), (self._right.name, doc_b))
                    if doc
                )
            self.say(None, text)
        self.redraw()
        return self.feedback

    @property
    def state(self) -> RulesCompareState:
        return {
            "left": self._left.name,
            "right": self._right.name,
            "differences": sorted(self.differences()),
            "only_differences": self._only,
            "explained": self._explained,
            "feedback": self.feedback,
        }

    def __repr__(self) -> str:
        return (
            f"RulesCompare(left={self._left.name!r}, right={self._right.name!r}, "
            f"differences={len(self.differences())})"
        )

    # -- internals -------------------------------------------------------------------------------
    def _summarize(self) -> None:
        a, b = self._left.name, self._right.name
        diffs = self.differences()
        if self._left == self._right:
            self.say(
                None,
                f"You picked {a} on both sides: a house never differs from itself. Pick two "
                "different houses.",
            )
            return
        listed = ", ".join(label(f) for f in diffs)
        self.say(
            None,
            f"{a} and {b} differ in {counted(len(diffs), 'rule')} "
            f"(highlighted): {listed}. Click a rule's name to see what it means.",
        )

    # -- clicks ----------------------------------------------------------------------------------
    def _handlers(self) -> Mapping[MessageKind, Handler]:
        return {
            **super()._handlers(),
            MessageKind.LEFT: self._on_left,
            MessageKind.RIGHT: self._on_right,
            MessageKind.ONLY: self._on_only,
            MessageKind.EXPLAIN: text_of("field", self.explain),
        }

    def _preset(self, message: Message) -> str | None:
        """The preset a menu names, or ``None`` after telling the learner it names none."""
        name = message.get("value")
        if name is None or name not in lp.PRESETS:
            self.say(None, f"There are no rules called {name!r}.")
            return None
        return name

    def _on_left(self, message: Message) -> None:
        name = self._preset(message)
        if name is not None:
            self.set_left(name)

    def _on_right(self, message: Message) -> None:
        name = self._preset(message)
        if name is not None:
            self.set_right(name)

    def _on_only(self, message: Message) -> None:
        del message
        self.show_only_differences(not self._only)

    # -- drawing ---------------------------------------------------------------------------------
    def _select(self, kind: MessageKind, current: str) -> str:
        options = "".join(option(n, n, selected=n == current) for n in lp.PRESETS)
        return f'<select data-action="{kind}" data-testid="{kind}">{options}</select>'

    def _render(self) -> str:
        a, b = self._left.name, self._right.name
        diffs = self.differences()
        toggle = "Show every rule" if self._only else "Show only the differences"
        controls = (
            f'<div class="lp-row"><label>Compare {self._select(MessageKind.LEFT, a)}</label> '
            f"<label>with {self._select(MessageKind.RIGHT, b)}</label> "
            f"{button(toggle, MessageKind.ONLY, 'only')}</div>"
        )
        names = list(lp.PRESETS)
        mark = "background:#fff3bf;"
        head = "<tr><th>rule</th>" + "".join(
            f'<th style="{mark if n in (a, b) else ""}">{h(n)}</th>' for n in names
        )
        rows = [head + "</tr>"]
        for field in rule_fields():
            differs = field in diffs
            if self._only and not differs:
                continue
            style = ' style="background:#fff3bf;"' if differs else ""
            cells = "".join(
                f'<td style="font-size:12px;{"font-weight:600;" if differs and n in (a, b) else ""}'
                f'">{h(self._describe[n][field])}</td>'
                for n in names
            )
            rows.append(
                f'<tr data-testid="row-{h(field)}" data-differs="{str(differs).lower()}"{style}>'
                f'<td><a href="#" data-action="{MessageKind.EXPLAIN}" data-field="{h(field)}" '
                f'data-testid="explain-{h(field)}">{h(label(field))}</a></td>{cells}</tr>'
            )
        table = f'<div style="overflow-x:auto"><table>{"".join(rows)}</table></div>'
        listing = "".join(
            f"<li><b>{h(label(f))}</b>: {h(a)} {h(x)} → {h(b)} {h(y)}</li>"
            for f, (x, y) in diffs.items()
        )
        summary = (
            f'<div data-testid="differences"><div class="lp-muted">Where {h(a)} and {h(b)} '
            f"differ:</div><ul>{listing or '<li>nowhere</li>'}</ul></div>"
        )
        return self._panel("House rules compared", controls + table + summary, "rules-compare")


def _enum_doc(value: object) -> str:
    doc = getattr(value, "doc", None)
    return doc if isinstance(doc, str) else ""
