"""The room pages' shared script (``static/common.js``) run by Node, without a browser: when
the error box empties itself, and what a clock says on each screen. Skipped where Node is not
installed (the browser tests cover the pages whole)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

COMMON = Path(__file__).resolve().parents[2] / "rooms/liverpool_rooms/static/common.js"

# A page with only the elements common.js touches, then the steps of each case; every step's
# result is the error box as a reader sees it ("" when it is hidden).
HARNESS = """
const elements = {};
globalThis.document = {
  getElementById: (id) => (elements[id] ??= { textContent: "", hidden: true }),
};
const m = await import(process.argv[1]);
const box = () => (elements.error.hidden ? "" : elements.error.textContent);
const seats = (...taken) =>
  taken.map((t, i) => ({ seat: i, kind: "human", level: null, taken: t }));
const lobby = (status, seq, ...taken) => ({ type: "lobby", status, seq, seats: seats(...taken) });
const state = (status, seq) => ({ type: "state", status, seq });
const out = {};
const run = (name, steps) => {
  m.showError("");
  out[name] = steps.map((step) => {
    if (typeof step === "string") m.showError(step);
    else if (step.notice) m.showError(step.notice, { untilSeen: true });
    else m.roomMoved(step);
    return box();
  });
};
run("start refused, then fill, then start", [
  lobby("lobby", 0, true, false),
  "A seat is still empty: wait for a player or fill it with a bot.",
  lobby("lobby", 0, true, false),
  lobby("lobby", 0, true, true),
]);
run("start refused, then the match starts", [
  lobby("lobby", 0, true, false),
  "A seat is still empty",
  lobby("playing", 0, true, true),
]);
run("a refusal lasts until the next move", [
  state("playing", 5),
  "It is not your turn to act",
  state("playing", 5),
  state("playing", 6),
]);
run("a notice is seen with its state, and goes at the next move", [
  { notice: "You take over seat 2 mid-match, so you play under the name Ben." },
  lobby("playing", 7, true, true),
  state("playing", 7),
  state("playing", 8),
]);
const names = ["Ada", "Ben", "Cleo"];
out.clocks = [
  m.clockText({ kind: "buy", seats: [0, 1] }, names, null, 12),
  m.clockText({ kind: "buy", seats: [1] }, names, 1, 12),
  m.clockText({ kind: "call", seats: [2] }, names, null, 3),
  m.clockText({ kind: "turn", seats: [2] }, names, null, 80),
  m.clockText({ kind: "turn", seats: [2] }, names, 2, 80),
];
out.seats = [m.seatLabel(0), m.seatTitle(2)];
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    done = subprocess.run(
        [node, "--input-type=module", "-e", HARNESS, COMMON.as_uri()],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


EMPTY = "A seat is still empty: wait for a player or fill it with a bot."


def test_the_error_box_empties_once_the_room_moves_on(results: dict[str, Any]) -> None:
    # The teacher pressed Start with a seat empty: Fill answers it, and so does the start.
    assert results["start refused, then fill, then start"] == ["", EMPTY, EMPTY, ""]
    assert results["start refused, then the match starts"] == [
        "",
        "A seat is still empty",
        "",
    ]
    # A refused move stays while the table is the same (a re-sent state), not after a move.
    refusal = "It is not your turn to act"
    assert results["a refusal lasts until the next move"] == ["", refusal, refusal, ""]
    # The notice of a seat taken over comes before its lobby and state: it stays through them.
    notice = "You take over seat 2 mid-match, so you play under the name Ben."
    assert results["a notice is seen with its state, and goes at the next move"] == [
        notice,
        notice,
        notice,
        "",
    ]


def test_every_clock_says_whose_decision_it_is(results: dict[str, Any]) -> None:
    assert results["clocks"] == [
        "Buy window: 12 s for Ada and Ben to answer (silence passes)",
        "Buy window: 12 s for you to answer (silence passes)",
        "3 s for Cleo to call or pass",
        "Cleo's turn is played automatically in 80 s",
        "Your turn is played automatically in 80 s",
    ]
    assert results["seats"] == ["seat 1", "Seat 3"]
