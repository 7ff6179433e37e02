"""``liverpool.events.second_person``: engine lines about the human read as "you"."""

from __future__ import annotations

import pytest

from liverpool.events import second_person


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Deal 1 is stacked: You deals.", "Deal 1 is stacked: You deal."),
        ("You's run of hearts", "Your run of hearts"),
        ("Ada laid the 7♦ on You's set.", "Ada laid the 7♦ on your set."),
        ("Ada gave You a card.", "Ada gave you a card."),
        (
            "You laid the 7♦ on their own set of sevens.",
            "You laid the 7♦ on your own set of sevens.",
        ),
        ("You is deciding whether to buy.", "You are deciding whether to buy."),
        ("You has gone down.", "You have gone down."),
        ("Ben drew a card.", "Ben drew a card."),  # other players are left alone
        ("Youssef deals.", "Youssef deals."),  # whole words only
    ],
)
def test_second_person_for_the_default_name(line: str, expected: str) -> None:
    assert second_person(line, "You") == expected


def test_second_person_for_any_name() -> None:
    assert second_person("Ada deals. Ben gave Ada a card.", "Ada") == (
        "You deal. Ben gave you a card."
    )
    assert second_person("Ada's set of sevens", "Ada") == "Your set of sevens"
    assert second_person("Adam deals.", "Ada") == "Adam deals."
    assert second_person("Ada deals.", "") == "Ada deals."
