"""Golden transcripts: recorded matches replayed and compared event by event.

``tests/golden/<name>.json`` is a saved record and ``tests/golden/<name>.txt`` the transcript
of every event it produced (``kind: text`` under each action). The transcript is the golden:
any change in what the engine does or says — an event more or less, another order, other
wording — fails here, with the first differing line.

If the change is intended, regenerate the files and read the diff before committing::

    python -m tests.make_golden

(``tests/make_golden.py`` says how the matches are made.)
"""

from __future__ import annotations

import json

import pytest
from make_golden import GOLDEN_DIR, SPECS, Spec, action_line, event_line, setup_game

import liverpool as lp
from liverpool.actions import action_from_dict

HOW = "if the change is intended, run `python -m tests.make_golden` and review the diff"


def _load(spec: Spec) -> tuple[str, list[str]]:
    record = (GOLDEN_DIR / f"{spec.name}.json").read_text(encoding="utf-8").strip()
    lines = (GOLDEN_DIR / f"{spec.name}.txt").read_text(encoding="utf-8").splitlines()
    return record, [line for line in lines if not line.startswith("#")]


def _first_difference(got: list[str], want: list[str]) -> str:
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            return f"line {i + 1}: got {a!r}, golden {b!r}"
    return f"got {len(got)} lines, golden {len(want)}"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_golden_files_exist_and_are_small(spec: Spec) -> None:
    record, lines = _load(spec)
    assert len(record) < 20_000 and len(lines) < 1_000
    assert any(line.startswith("  deal_over: ") for line in lines), "a whole deal is kept"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_replaying_the_record_step_by_step_gives_the_golden_transcript(spec: Spec) -> None:
    """A fresh game from the record's rules and seed; each recorded action applied in turn must
    report exactly the golden events."""
    record, want = _load(spec)
    data = json.loads(record)
    g = setup_game(data)
    got = [event_line(e) for e in g.log]
    for number, raw in enumerate(data["actions"], start=1):
        action = action_from_dict(raw)
        got.append(action_line(number, g, action))
        got.extend(event_line(e) for e in g.apply(action))
        if got != want[: len(got)]:
            pytest.fail(
                f"{spec.name} diverges at action {number}: {_first_difference(got, want)}; {HOW}"
            )
    assert got == want, f"{spec.name}: {_first_difference(got, want)}; {HOW}"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_from_json_reproduces_the_golden_events(spec: Spec) -> None:
    record, want = _load(spec)
    g = lp.Game.from_json(record)
    events = [line for line in want if not line.startswith("> ")]
    got = [event_line(e) for e in g.log]
    assert got == events, f"{spec.name}: {_first_difference(got, events)}; {HOW}"
    assert g.to_json() == record, "the replayed game saves the same record"
    assert g.total_cards() == len(g.rules.build_shoe(g.players))


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_golden_record_matches_its_spec(spec: Spec) -> None:
    data = json.loads(_load(spec)[0])
    assert data["rules"]["name"] == spec.preset
    assert len(data["players"]) == spec.players
    assert data["seed"] == spec.seed
    assert data["rules"] == json.loads(lp.Game(spec.preset, spec.players, 0).to_json())["rules"]
