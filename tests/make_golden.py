"""Write the golden records and transcripts in ``tests/golden/`` (``tests/test_golden.py`` reads
them).

Each golden is a match between ``RandomBot`` seats, cut a few actions after its first deal ends
(so the files stay small but hold a whole deal: dealing, draws, buys, melds, the score pad):

* ``<name>.json`` -- the saved record (``Game.to_json()``), the input of the test;
* ``<name>.txt``  -- the transcript: every event the engine reported, as ``kind: text``, under
  the action that caused it. This file *is* the golden: a change in any event, its wording or
  its order shows up as a diff here.

Regenerate (only when a change of behaviour or wording is intended, and read the diff)::

    python -m tests.make_golden          # from the repository root

The record is replayed from its own actions, so the goldens do not depend on how RandomBot
chooses; the bots are only used here, once, to make the actions.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

import liverpool as lp  # noqa: E402
from liverpool.actions import action_from_dict  # noqa: E402
from liverpool.record import rules_from_dict  # noqa: E402

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
EXTRA_ACTIONS = 10
"""Actions kept after the first deal ends (the start of the second deal)."""


@dataclass(frozen=True)
class Spec:
    """One golden match: preset, player count and seed (bots use ``seed * 100 + seat``)."""

    preset: str
    players: int
    seed: int

    @property
    def name(self) -> str:
        return f"{self.preset}-{self.players}p-seed{self.seed}"


SPECS = (
    Spec("house", 4, 6),  # buys, going down, lay-offs, reshuffles, a dead deal
    Spec("classic", 3, 7),  # the cut, rummy calls and given cards, 2s wild
    Spec("online", 2, 2),  # buy limits, wild swaps to the hand, going out
)


def play(spec: Spec) -> lp.Game:
    """The golden match: random play until the first deal is over, then a few more actions."""
    g = lp.Game(spec.preset, spec.players, spec.seed)
    bots = [lp.bots.RandomBot(spec.seed * 100 + i) for i in range(spec.players)]
    after_deal: int | None = None
    while not g.is_over and (after_deal is None or after_deal < EXTRA_ACTIONS):
        seat = g.to_act
        assert seat is not None
        events = g.apply(bots[seat].act(g.view(seat), g.legal_actions()))
        if after_deal is not None:
            after_deal += 1
        elif any(e.kind == "deal_over" for e in events):
            after_deal = 0
    return g


def setup_game(record: dict[str, Any]) -> lp.Game:
    """A fresh game from a (seeded) record's rules, players, seed and dealer -- no actions."""
    return lp.Game(
        rules_from_dict(record["rules"]), record["players"], record["seed"], dealer=record["dealer"]
    )


def event_line(event: lp.Event) -> str:
    return f"  {event.kind}: {event.text}"


def action_line(number: int, game: lp.Game, action: lp.Action) -> str:
    seat = game.to_act
    who = game.names[seat] if seat is not None else "?"
    return f"> {number} {who}: {action}"


def transcript(record_text: str, spec: Spec) -> list[str]:
    """The transcript of a record: replayed action by action from a fresh game."""
    record = json.loads(record_text)
    g = setup_game(record)
    lines = [
        f"# Golden transcript of {spec.name}.json: {spec.preset} rules, {spec.players} players, "
        f"game seed {spec.seed},",
        f"# RandomBot seeds {spec.seed * 100}-{spec.seed * 100 + spec.players - 1}, "
        f"{len(record['actions'])} actions. Regenerate: python -m tests.make_golden",
    ]
    lines.extend(event_line(e) for e in g.log)
    for number, raw in enumerate(record["actions"], start=1):
        action = action_from_dict(raw)
        lines.append(action_line(number, g, action))
        lines.extend(event_line(e) for e in g.apply(action))
    return lines


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for spec in SPECS:
        game = play(spec)
        text = game.to_json()
        (GOLDEN_DIR / f"{spec.name}.json").write_text(text + "\n", encoding="utf-8")
        lines = transcript(text, spec)
        (GOLDEN_DIR / f"{spec.name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{spec.name}: {len(game.actions)} actions, {len(lines)} transcript lines")


if __name__ == "__main__":
    main()
