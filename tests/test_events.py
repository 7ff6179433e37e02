"""``liverpool.events.second_person``: engine lines about the human read as "you"."""

from __future__ import annotations

import pytest

import liverpool as lp
from liverpool.events import second_person, signed_points


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Deal 1 is stacked: You deals.", "Deal 1 is stacked: you deal."),
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
        # mid-sentence (after a colon too) the subject is "you"; a new sentence starts "You"
        ("The upcard is the 6♦; You plays first.", "The upcard is the 6♦; you play first."),
        ("Ben passed, and You takes it.", "Ben passed, and you take it."),
        ("The table plays for Ben: You is deciding.", "The table plays for Ben: you are deciding."),
        ("Ada called rummy: You's 5♦ fitted.", "Ada called rummy: your 5♦ fitted."),
        ("Ben passed. You's turn.", "Ben passed. Your turn."),
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


def test_a_negative_deal_score_reads_with_a_minus_sign() -> None:
    assert [signed_points(p) for p in (45, 0, -50)] == ["+45", "+0", "−50"]
    # classic takes 50 points off an exact cut: some deal of this match ends below zero
    game = lp.play_match("classic", [lp.bots.BasicBot()] * 3, seed=3).game
    over = [e.text for e in game.log if e.kind == "deal_over"]
    assert any(" −50" in line for line in over)
    assert not any("+-" in line for line in over)


def test_an_events_repr_is_short_and_pastes_back() -> None:
    from liverpool.cards import Card
    from liverpool.events import Event, EventKind

    game = lp.Game("house", 3, seed=1)
    for _ in range(40):  # a few moves of the first deal (the first legal move each time)
        game.apply(game.legal_actions()[0])
    drawn = next(e for e in game.log if e.kind is EventKind.DRAW_STOCK)
    shown = repr(drawn)
    # the kind and the text first, then only fields that say something: no "also_sees=None"
    assert shown.startswith("Event(EventKind.DRAW_STOCK, ") and "also_sees" not in shown
    assert "scores=" not in shown and "secret=(Card.parse(" in shown
    for event in game.log:
        assert eval(repr(event), {"Event": Event, "EventKind": EventKind, "Card": Card}) == event
