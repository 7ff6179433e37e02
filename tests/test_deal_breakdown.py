"""``benchmarks/deal_breakdown.py`` splits a match's scores into its seven deals truly.

``benchmarks/EXPERT.md`` reads where ExpertBot's and StrongBot's points come from off this
series, so each seat's deals must add up to the score the same match gives in the strength
series, and a seat that went out must be counted as down.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from deal_breakdown import play_one, report  # the series' own, not copies
from feed_weights import play_one as strength_match


def test_each_seats_deals_add_up_to_its_match_score() -> None:
    rows = play_one(3, 0, "strong")
    match = strength_match(3, 0, {})  # the same match: same deal, same bots, same seeds
    assert [row.deal for row in rows[::4]] == list(range(1, 8))
    for seat in range(4):
        deals = rows[seat::4]
        name = "Studied" if match.names[seat] == "Tuned" else match.names[seat]
        assert {row.name for row in deals} == {name}
        assert sum(row.points for row in deals) == match.scores[seat]
    went_out = [row for row in rows if row.points == 0]
    assert len(went_out) >= 1
    assert all(row.down for row in went_out)


def test_the_report_has_a_line_for_each_deal_and_bot() -> None:
    lines = report(play_one(0, 0, "strong")).splitlines()
    assert lines[0].split()[:3] == ["deal", "bot", "deals"]
    body = [line.split() for line in lines[1:] if line.strip() and not set(line) <= {"-", " "}]
    assert [(cols[0], cols[1]) for cols in body] == [
        (str(deal), bot) for deal in range(1, 8) for bot in ("Studied", "StrongBot", "BasicBot")
    ]
