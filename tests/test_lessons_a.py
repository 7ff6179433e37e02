"""The lesson widgets of lessons 03–07 and their exercises, driven from Python.

Each widget is driven the way its front end drives it — ``handle_message({"kind": ...})`` with
the same dicts ``static/lesson_panel.js`` sends — or through its plain Python methods, and the
feedback the learner reads (``feedback``, ``ok``) is checked for legal and illegal picks under
several presets. Every rendered clickable element must reach a handler.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("anywidget")

import liverpool as lp
from liverpool_widgets import lessons
from liverpool_widgets.lessons import (
    GoingDownTrainer,
    LayOffTrainer,
    RunBuilder,
    SetBuilder,
    WildLimits,
    check,
    grade,
    solution,
)
from liverpool_widgets.lessons._panel import LessonPanel
from liverpool_widgets.lessons.exercises import NOT_ANSWERED

STATIC = Path(__file__).resolve().parents[1] / "widgets" / "liverpool_widgets" / "static"


def click(widget: LessonPanel, kind: str, **fields: object) -> None:
    """One click as the front end sends it (data-* attributes arrive as strings)."""
    widget.handle_message({"kind": kind, **{k: str(v) for k, v in fields.items()}})
    assert widget.crash == "", widget.crash


def kinds_in(html: str) -> set[str]:
    return set(re.findall(r'data-action="([a-z_]+)"', html))


def assert_every_click_handled(widget: LessonPanel) -> None:
    handled = widget.handled_kinds()
    for kind in kinds_in(widget.html):
        assert kind in handled, f"{type(widget).__name__} cannot handle {kind!r}"


# -- the shared front end -----------------------------------------------------------------------


def test_front_end_files_exist_and_export_render() -> None:
    js = (STATIC / "lesson_panel.js").read_text()
    assert "export default { render }" in js
    assert "model.send" in js
    assert (STATIC / "lesson_panel.css").read_text().strip()


@pytest.mark.parametrize(
    "widget",
    [SetBuilder, RunBuilder, WildLimits, GoingDownTrainer, LayOffTrainer],
    ids=lambda w: w.__name__,
)
def test_repr_is_deterministic_and_clicks_are_handled(widget: type[LessonPanel]) -> None:
    a, b = widget(), widget()
    assert repr(a) == repr(b)
    assert "0x" not in repr(a)
    assert a.html == b.html
    assert 'data-testid="feedback"' in a.html
    assert_every_click_handled(a)


@pytest.mark.parametrize("message", [None, "text", {"kind": "nonsense"}, {"kind": 3}])
def test_unreadable_messages_never_crash(message: object) -> None:
    b = SetBuilder()
    b.handle_message(message)
    assert b.crash == ""
    assert b.ok is None and b.feedback


def test_a_kind_another_panel_answers_is_answered_in_a_sentence() -> None:
    b = SetBuilder()
    assert b.handled_kinds() >= {"pick", "unpick", "clear", "rules"}
    b.handle_message({"kind": "next"})  # the buying walkthrough's button, not the builder's
    assert b.crash == "" and b.ok is None
    assert b.feedback == "The widget does not know the click 'next'."


# -- SetBuilder ----------------------------------------------------------------------------------


def test_set_builder_house_verdict_updates_per_click() -> None:
    b = SetBuilder("7H 7C KS JK 7S 2D 2C", rules="house")
    assert b.ok is None and "Click cards" in b.feedback
    click(b, "pick", index=0)
    assert b.ok is None and "pick 2 more cards" in b.feedback
    click(b, "pick", index=1)
    assert "pick 1 more card" in b.feedback
    click(b, "pick", index=3)
    assert b.ok is True
    assert b.feedback == "A legal set of sevens: 3 cards, 1 of them wild."
    assert b.state["picked"] == "7♥ 7♣ 🃏"
    click(b, "pick", index=2)  # the K♠ breaks it
    assert b.ok is False
    assert "share one rank" in b.feedback and "sevens and kings" in b.feedback
    click(b, "pick", index=2)  # put it back
    assert b.ok is True
    assert 'aria-pressed="true"' in b.html


def test_set_builder_mixed_ranks_refused_before_three_cards() -> None:
    b = SetBuilder("7H KS JK")
    b.pick(0)
    b.pick(1)
    assert b.ok is False
    assert "cannot become a set" in b.feedback


@pytest.mark.parametrize(
    ("rules", "cards", "ok", "words"),
    [
        ("house", "KS 2D 2C", False, "share one rank"),
        ("classic", "KS 2D 2C", False, "at least two natural cards"),
        ("classic", "KS KD 2C", True, "1 of them wild"),
        ("florida", "KS 2D 2C", True, "2 of them wild"),
        ("i_buy", "KS 2D 2C", False, "may not outnumber"),
        ("i_buy", "KS KD 2C 2H", True, "2 of them wild"),
        ("house", "JK JK JK", False, "may not be all wild"),
    ],
)
def test_set_builder_under_presets(rules: str, cards: str, ok: bool, words: str) -> None:
    b = SetBuilder("KS KD 2D 2C 2H JK JK JK", rules=rules)
    b.pick_cards(cards)
    assert b.ok is ok, b.feedback
    assert words in b.feedback
    assert bool(b.check(cards)) is ok


def test_set_builder_rules_switch_by_message_rejudges() -> None:
    b = SetBuilder("KS 2D 2C")
    b.pick_cards("KS 2D 2C")
    assert b.ok is False
    click(b, "rules", value="florida")
    assert b.ok is True and b.rules.name == "florida"
    click(b, "rules", value="nowhere")
    assert b.rules.name == "florida" and "no rules called" in b.feedback
    click(b, "clear")
    assert b.picked == [] and b.ok is None


def test_set_builder_unpick_and_bad_index() -> None:
    b = SetBuilder("7H 7C 7S")
    b.pick_cards("7H 7C 7S")
    click(b, "unpick", index=1)
    assert b.state["picked"] == "7♥ 7♠"
    click(b, "pick", index=9)
    assert "no card number 9" in b.feedback
    assert b.pick_cards("KS").startswith("The K♠ is not in the tray")


# -- RunBuilder ----------------------------------------------------------------------------------


def test_run_builder_judges_as_placed_and_offers_placement() -> None:
    b = RunBuilder("9H 10H JH JK QH", rules="house")
    for i in (0, 2, 4, 3):  # 9 J Q JK: the joker at the end leaves the gap
        click(b, "pick", index=i)
    assert b.ok is False
    assert "Not a run in this order" in b.feedback
    assert b.state["suggestion"] == "9♥ 🃏 J♥ Q♥"
    assert 'data-action="arrange"' in b.html
    click(b, "arrange")
    assert b.ok is True
    assert b.state["picked"] == "9♥ 🃏 J♥ Q♥"
    assert b.feedback == "A legal run of ♥ 9-Q (🃏 as 10♥)."


@pytest.mark.parametrize(
    ("rules", "cards", "ok", "words"),
    [
        ("online", "JK 9H 10H JK", True, "run of ♥ 8-J"),
        ("online", "9H 10H JK JK", False, "side by side"),
        ("classic", "2C 9H 10H 2D", False, "at most one wild"),
        ("classic", "2C 9H 10H JH", True, "run of ♥ 8-J (2♣ as 8♥)"),
        ("classic", "JK 9H 10H JH", False, "plays without jokers"),
        ("house", "9H 10H JK JK", True, "run of ♥ 9-Q"),
        ("house", "QH KH AH 2H", False, "turn the corner"),
        ("house", "AH 2H 3H 4H", True, "run of ♥ A-4"),
        ("me", "AH 2H 3H 4H", False, "aces are high only"),
        ("house", "9H 10H JH QS", False, "one suit"),
    ],
)
def test_run_builder_under_presets(rules: str, cards: str, ok: bool, words: str) -> None:
    b = RunBuilder("9H 10H JH QH KH AH 2H 3H 4H QS JK JK 2C 2D", rules=rules)
    b.pick_cards(cards)
    assert b.ok is ok, b.feedback
    assert words in b.feedback


def test_run_builder_online_placement_fixes_adjacent_wilds() -> None:
    b = RunBuilder("9H 10H JK JK", rules="online")
    b.pick_cards("9H 10H JK JK")
    assert b.ok is False and "🃏 9♥ 10♥ 🃏" in b.feedback
    b.arrange()
    assert b.ok is True


def test_run_builder_no_order_works() -> None:
    b = RunBuilder("9H JH KH JK")
    b.pick_cards("9H JH KH JK")
    assert b.ok is False
    assert b.suggestion is None
    assert "No order of these cards works" in b.feedback
    assert b.arrange().startswith("These cards cannot be placed")


def test_run_builder_early_feedback() -> None:
    b = RunBuilder("9H 9H 10S")
    b.pick(0)
    assert b.ok is None
    b.pick(1)
    assert b.ok is False and "two nines" in b.feedback


# -- WildLimits ----------------------------------------------------------------------------------


def test_wild_limits_the_lessons_examples() -> None:
    w = WildLimits("JK 9H 10H JK", kind="run")
    assert w.legal_under() == ["house", "online", "florida", "i_buy", "me"]
    assert (
        w.state["verdicts"]["classic"]
        == "this house plays without jokers, so a joker cannot be part of a meld"
    )
    assert (
        w.state["verdicts"]["traditional"]
        == "any four cards in a row of a run may hold at most one wild card"
    )
    w.set_cards("2C 9H 10H 2D")  # classic's own wilds, one at each end
    assert "classic" not in w.legal_under() and "online" in w.legal_under()
    assert (
        w.state["verdicts"]["classic"]
        == "any four cards in a row of a run may hold at most one wild card"
    )
    w.set_cards("9H 10H JK JK")
    assert "online" not in w.legal_under()
    assert w.state["verdicts"]["online"] == "two wild cards may not sit side by side in a run"
    w.set_cards("2H 2C 3C", "set")
    assert w.legal_under() == ["florida"]
    assert "at least two natural cards" in w.state["verdicts"]["classic"]
    assert "share one rank" in w.state["verdicts"]["house"]


def test_wild_limits_by_messages() -> None:
    w = WildLimits()
    click(w, "example", index=1)
    assert w.state["cards"] == "9♥ 10♥ 🃏 🃏"
    assert 'data-testid="row-online" data-ok="false"' in w.html
    click(w, "cards", value="7S 7D JK")
    click(w, "kind", value="set")
    assert w.kind == "set"
    assert w.ok is None and w.feedback.endswith(
        "legal under house, online, traditional, florida, i_buy, me; not under classic. "
        "Read each row for the reason."
    )
    assert 'data-testid="row-classic" data-ok="false"' in w.html
    click(w, "cards", value="7S 7D 7C")
    assert w.ok is True and "every house" in w.feedback
    click(w, "cards", value="7S 11D")
    assert w.ok is False and "could not read" in w.feedback
    click(w, "cards", value="  ")
    assert w.ok is None
    click(w, "kind", value="pair")
    assert "Choose set or run" in w.feedback


def test_wild_limits_table_text_and_static_check() -> None:
    table = WildLimits("2H 2C 3C", kind="set", presets=["classic", "florida"]).table()
    assert table.splitlines()[1].startswith("florida") and table.endswith("legal")
    verdicts = WildLimits.check("JK 9H 10H JK", "run", ["online", "traditional"])
    assert bool(verdicts["online"]) and not verdicts["traditional"]
    with pytest.raises(lp.RulesError):
        WildLimits(presets=["nope"])


def test_wild_limits_notes_houses_without_jokers() -> None:
    assert "plays without jokers" in WildLimits("JK 9H 10H JK").html
    assert "plays without jokers" not in WildLimits("2S 9H 10H 2C").html


# -- a joker under a house without jokers ---------------------------------------------------------

NO_JOKERS = "this house plays without jokers, so a joker cannot be part of a meld"


def test_lesson_widgets_under_classic_refuse_a_joker() -> None:
    """classic shuffles no jokers: every lesson widget refuses one with the engine's sentence."""
    b = SetBuilder("7H 7C JK 2D", rules="classic")
    click(b, "pick", index=2)  # the joker alone: refused at once, not "so far so good"
    assert b.ok is False
    assert b.feedback == f"This cannot become a set: {NO_JOKERS}. Click a card to put it back."
    b.pick_cards("7H 7C JK")
    assert b.ok is False and NO_JOKERS in b.feedback
    b.pick_cards("7H 7C 2D")  # classic's own wild
    assert b.ok is True
    b.pick_cards("7H 7C JK")
    click(b, "rules", value="house")  # the same cards where jokers are wild
    assert b.ok is True
    r = RunBuilder("9H 10H JH JK", rules="classic")
    r.pick_cards("9H 10H JH JK")
    assert r.ok is False and NO_JOKERS in r.feedback
    assert r.suggestion is None
    w = WildLimits("7S 7D JK", kind="set", presets=["classic", "house"])
    assert w.legal_under() == ["house"]
    assert f"✗ {NO_JOKERS}" in w.html
    ok, words = LayOffTrainer(rules="classic").check_lay_off("JK", 2, "high")
    assert not ok and NO_JOKERS in words.lower()


# -- GoingDownTrainer ------------------------------------------------------------------------------

HAND = "7H 7C 7S 9H 10H JK QH KS 3D 4C 5S"


def test_going_down_by_clicks_house() -> None:
    t = GoingDownTrainer(HAND, rules="house", deal=2)
    for i in (0, 1, 2):
        click(t, "select", index=i)
    click(t, "make_meld")
    assert t.ok is True and "set of sevens" in t.feedback
    for i in (6, 4, 3, 5):  # Q 10 9 JK: placed for you
        click(t, "select", index=i)
    click(t, "make_meld")
    assert t.ok is True and "placed in order for you" in t.feedback
    assert t.state["melds"] == ["7♥ 7♣ 7♠", "9♥ 10♥ 🃏 Q♥"]
    click(t, "go_down")
    assert t.ok is True
    assert "You are down" in t.feedback and "Still in your hand: K♠ 3♦ 4♣ 5♠" in t.feedback
    click(t, "take_back", index=1)
    assert t.state["melds"] == ["7♥ 7♣ 7♠"]
    click(t, "go_down")
    assert t.ok is False and "exactly 1 set + 1 run" in t.feedback


def test_going_down_refuses_a_non_meld_at_once() -> None:
    t = GoingDownTrainer(HAND, rules="house", deal=2)
    t.make_meld("7H KS 3D")
    assert t.ok is False and "is not a meld" in t.feedback
    assert t.melds == []
    t.make_meld("7H 7C 7S")
    t.make_meld("7H")
    assert "You do not hold another 7♥" in t.feedback


def test_going_down_wrong_kind_for_contract() -> None:
    t = GoingDownTrainer(HAND, rules="house", deal=3)  # 2 runs
    t.make_meld("7H 7C 7S")
    assert t.ok is False and "has no set" in t.feedback


def test_going_down_exact_contract_and_wild_placement() -> None:
    t = GoingDownTrainer(HAND, rules="house", deal=2)
    ok, words = t.try_melds(["7H 7C 7S", "9H 10H QH JK"])
    assert not ok and "unbroken order" in words
    ok, words = t.try_melds(["7H 7C 7S", "9H 10H JK QH", "3D 4C 5S"])
    assert not ok and "no more and no fewer" in words


def test_going_down_keep_a_card_online() -> None:
    hand = "7H 7C 7S KS KD KH"
    online = GoingDownTrainer(hand, rules="online", deal=1)
    ok, words = online.try_melds(["7H 7C 7S", "KS KD KH"])
    assert not ok and "keep one card to discard" in words
    house = GoingDownTrainer(hand, rules="house", deal=1)
    ok, words = house.try_melds(["7H 7C 7S", "KS KD KH"])
    assert ok and "went out" in words


def test_going_down_whole_hand_classic_deal_6() -> None:
    hand = "7H 7C 7S 7D 4C 5C 6C 7C 9D 10D JD QD KH"  # 10 dealt, 2 bought, 1 drawn
    t = GoingDownTrainer(hand, rules="classic", deal=6)
    ok, words = t.try_melds(["7H 7C 7S 7D", "4C 5C 6C 7C", "9D 10D JD QD"])
    assert not ok and "whole hand" in words
    assert t.solution() is None
    assert "cannot go down" in t.show_me()
    whole = GoingDownTrainer(hand.replace("KH", "KD"), rules="classic", deal=6)
    ok, words = whole.try_melds(["7H 7C 7S 7D", "4C 5C 6C 7C", "9D 10D JD QD KD"])
    assert ok and "went out" in words


def test_going_down_failed_attempt_penalty_traditional() -> None:
    t = GoingDownTrainer(HAND, rules="traditional", deal=2)
    ok, words = t.try_melds(["7H 7C 7S", "9H 10H QH JK"])
    assert not ok and "costs you 50 points" in words


def test_going_down_show_me_and_rules_messages() -> None:
    t = GoingDownTrainer(HAND, rules="house", deal=2)
    click(t, "show_me")
    assert t.feedback == "One way to go down: set of sevens; run of ♥ 9-Q (🃏 as J♥)."
    assert 'data-testid="solution"' in t.html
    click(t, "deal", value=4)
    assert t.deal == 4 and "3 sets" in t.feedback
    click(t, "show_me")
    assert t.ok is False and "lacks" in t.feedback
    click(t, "rules", value="classic")
    assert t.rules.name == "classic"
    assert "wild 2s lie where the jokers were (2♣)" in t.feedback
    ok, words = t.try_melds(["7H 7C 7S"])
    assert not ok and "cannot be dealt" not in words and "3 sets" in words
    click(t, "deal", value=99)
    assert "Choose a deal" in t.feedback
    click(t, "reset")
    assert t.melds == [] and t.ok is None


def test_going_down_without_jokers_deals_a_wild_two_in_the_jokers_place() -> None:
    t = GoingDownTrainer(HAND, rules="classic", deal=2)
    assert lp.Card.parse("2C") in t.hand and not any(c.is_joker for c in t.hand)
    assert t.feedback.startswith("classic plays without jokers, so its wild 2s lie where")
    ok, words = t.try_melds(["7H 7C 7S", "9H 10H 2C QH"])
    assert ok and "You are down" in words
    t.set_rules("house")  # the joker comes back with a house that has one
    assert lp.Card.parse("JK") in t.hand and "wild 2s" not in t.feedback


# -- LayOffTrainer ---------------------------------------------------------------------------------


def test_lay_off_by_clicks_house() -> None:
    t = LayOffTrainer(rules="house")
    assert t.state["table"] == ["5♥ 6♥ 🃏 8♥", "K♠ K♦ 🃏", "9♣ 10♣ J♣ Q♣"]
    click(t, "lay_off", meld=0, end="low")
    assert t.ok is None and "First click the card" in t.feedback
    click(t, "select", index=0)  # 4♥
    click(t, "lay_off", meld=0, end="high")
    assert (
        t.ok is False and "does not fit at the high end" in t.feedback and "low end" in t.feedback
    )
    click(t, "lay_off", meld=0, end="low")
    assert t.ok is True
    assert t.state["table"][0] == "4♥ 5♥ 6♥ 🃏 8♥"
    assert "4♥" not in t.state["hand"]
    t.select_card("3D")
    click(t, "lay_off", meld=1)
    assert t.ok is False and "not a king" in t.feedback


def test_lay_off_where_cards_fit_house_and_classic() -> None:
    house = LayOffTrainer(rules="house")
    assert house.where_fits("KC") == [(1, None), (2, "high")]
    assert house.where_fits("7H") == []
    assert house.where_fits("JK") == [(0, "low"), (0, "high"), (1, None), (2, "low"), (2, "high")]
    # classic plays without jokers: its wild 2s lie where the jokers were
    classic = LayOffTrainer(rules="classic")
    assert classic.state["table"] == ["5♥ 6♥ 2♣ 8♥", "K♠ K♦ 2♦", "9♣ 10♣ J♣ Q♣"]
    assert classic.state["hand"] == "4♥ 9♥ 7♥ K♣ K♥ 8♣ 2♠ 2♥ 3♦"
    assert "plays without jokers" in classic.feedback and "2♣ 2♦ 2♥" in classic.feedback
    assert classic.where_fits("2H") == [(1, None), (2, "low"), (2, "high")]
    assert classic.where_fits("2S") == classic.where_fits("2H")
    assert classic.where_fits("JK") == []
    ok, words = classic.check_lay_off("2H", 0, "low")
    assert not ok and "at most one wild" in words
    ok, words = classic.check_lay_off("JK", 1)
    assert not ok
    assert words == "This house plays without jokers, so a joker cannot be part of a meld."
    ok, words = house.check_lay_off("JK", 0)
    assert not ok and "either end" in words
    click(house, "fits")
    assert "4♥: meld 0, low end" in house.feedback


def test_swap_refused_where_rules_have_none() -> None:
    for rules in ("house", "florida", "me"):
        t = LayOffTrainer(rules=rules)
        t.select_card("7H")
        click(t, "swap", meld=0, position=2)
        assert t.ok is False and "do not let a wild be taken at all" in t.feedback
        # The house's rule is said above the table, and no Swap button offers the move.
        assert "Swap for the" not in t.html and "Swapping wilds:" in t.html
    assert 'data-testid="swap-0-2"' in LayOffTrainer(rules="classic").html


def test_swap_classic_freed_wild_must_be_laid_again() -> None:
    t = LayOffTrainer(rules="classic")  # meld 0, 5♥ 6♥ 2♣ 8♥, is another player's
    assert t.yours == [2] and 'data-owner="another player&#x27;s"' in t.html
    t.select_card("7H")
    click(t, "swap", meld=0, position=2)
    assert t.ok is True and "must be laid on the table again" in t.feedback
    assert t.state["table"][0] == "5♥ 6♥ 7♥ 8♥"
    assert t.state["pending"] == "2♣"
    t.select_card("KH")
    click(t, "swap", meld=1, position=2)
    assert t.ok is False and "First lay the freed" in t.feedback
    t.select(len(t.hand) - 1)  # the freed 2♣, last in the hand
    assert t.selected == lp.Card.parse("2C")
    click(t, "lay_off", meld=2, end="high")
    assert t.ok is True and "back on the table" in t.feedback
    assert t.state["pending"] is None
    assert t.state["table"][2] == "9♣ 10♣ J♣ Q♣ 2♣"


@pytest.mark.parametrize(
    ("rules", "yours", "card", "meld"),
    [("classic", [0], "7H", 0), ("traditional", [0], "7H", 0), ("i_buy", [1], "KH", 1)],
)
def test_swap_only_out_of_another_players_meld(
    rules: str, yours: list[int], card: str, meld: int
) -> None:
    t = LayOffTrainer(rules=rules, yours=yours)
    before = t.state
    assert "Only from another player&#x27;s meld, never from your own." in t.html
    t.select_card(card)
    click(t, "swap", meld=meld, position=2)
    assert t.ok is False
    assert t.feedback == "You may only take a wild from another player's meld."
    assert (t.state["table"], t.state["hand"]) == (before["table"], before["hand"])
    assert t.state["pending"] is None


def test_swap_online_any_meld_your_own_included() -> None:
    t = LayOffTrainer(rules="online", yours=[0, 1])
    assert "From any meld, your own included." in t.html
    t.select_card("7H")
    t.swap(0, 2)
    assert t.ok is True and t.state["table"][0] == "5♥ 6♥ 7♥ 8♥"
    t.select_card("KH")
    t.swap(1, 2)
    assert t.ok is True and t.state["table"][1] == "K♠ K♦ K♥"


def test_lay_off_trainer_whose_melds() -> None:
    assert LayOffTrainer().yours == [2]
    assert LayOffTrainer(table=["9H 10H JK QH"]).yours == []  # a table you give: none yours
    assert LayOffTrainer(yours=[]).yours == []
    with pytest.raises(ValueError, match="yours names meld 3"):
        LayOffTrainer(yours=[3])


def test_swap_online_wild_to_hand_and_wrong_natural() -> None:
    t = LayOffTrainer(rules="online")
    t.select_card("KH")
    t.swap(1, 2)
    assert t.ok is True and "now in your hand" in t.feedback
    assert t.state["pending"] is None
    t.reset()
    t.select_card("KH")
    ok, words = t.check_swap("KH", 0, 2)
    assert not ok and "only the 7♥ can take its place" in words
    ok, words = t.check_swap("7H", 0, 1)
    assert not ok and "no wild card at that place" in words


def test_swap_i_buy_sets_only() -> None:
    t = LayOffTrainer(rules="i_buy")
    ok, words = t.check_swap("7H", 0, 2)
    assert not ok and "from a run" in words
    # no set on the first table is yours, so the freed joker could go nowhere
    t.select_card("KH")
    t.swap(1, 2)
    assert t.ok is False
    assert t.feedback == (
        "The freed 🃏 must be laid on a set of your own this turn; it would fit nowhere."
    )
    assert t.state["table"][1] == "K♠ K♦ 🃏"
    # with a set of your own (the nines), the swap goes, and the joker must go there at once
    t = LayOffTrainer(table=("5H 6H JK 8H", "KS KD JK", "9S 9D 9C"), rules="i_buy", yours=[2])
    t.select_card("KH")
    t.swap(1, 2)
    assert t.ok is True and "on a set of your own" in t.feedback
    assert t.state["pending"] == "🃏"
    t.select_card("JK")
    t.lay_off(0, "low")
    assert t.ok is False
    assert t.feedback == "You must lay the freed 🃏 on a set of your own at once."
    t.select_card("4H")
    t.lay_off(0, "low")
    assert t.ok is False and "on a set of your own at once" in t.feedback
    t.select_card("JK")
    t.lay_off(2)
    assert t.ok is True and "back on the table" in t.feedback
    assert t.state["table"][2] == "9♠ 9♦ 9♣ 🃏" and t.state["pending"] is None


def test_lay_off_rules_switch_resets() -> None:
    t = LayOffTrainer()
    t.select_card("4H")
    t.lay_off(0, "low")
    click(t, "rules", value="online")
    assert t.rules.name == "online"
    assert t.state["table"][0] == "5♥ 6♥ 🃏 8♥"
    assert "From your turn after" in t.html
    with pytest.raises(lp.IllegalAction):
        LayOffTrainer(table=["9H 10H JK JK"], rules="online")


HAND_06 = ("4H", "9H", "7H", "KC", "KH", "8C", "2S", "JK", "3D")


# -- exercises -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "answer"),
    [
        ("start", "QS QD JK JK"),
        ("start", ["7H", "JK", "7C", "JK"]),
        ("sets", "9S 9H 9C 9D JK JK JK"),
        ("sets", "JK 9D JK 9C JK 9H 9S"),
        ("runs", "10D JD JK KD AD"),
        ("wild_limits", "9H JK JK JK JK"),
        ("wild_limits", ["JK", "JK", "JK", "JK", "AS"]),
        ("going_down", ["8S 8D 8C", "4C 5C 6C JK"]),
        ("going_down", ["8C 8S 8D", "JK 4C 5C 6C"]),
        (
            "lay_off",
            {
                "4H": [0],
                "9H": 0,
                "7H": [],
                "KC": [2, 1],
                "KH": [1],
                "8C": [2],
                "2S": None,
                "JK": [0, 1, 2],
                "3D": [],
            },
        ),
    ],
)
def test_exercises_accept_right_answers(name: str, answer: object) -> None:
    ok, words = grade(name, answer)
    assert ok, words


@pytest.mark.parametrize(
    ("name", "answer", "words"),
    [
        ("start", "QS QD KS JK", "not a set"),
        ("start", "QS QD QH JK", "holds 1 joker"),
        ("start", "QS JK JK", "asks for four"),
        ("sets", "9S 9H 9C 9D JK JK", "holds a longer one"),
        ("sets", "9S 9H 9C 9D JK JK JK JK", "not in the hand"),
        ("sets", "9S 9H 4D", "share one rank"),
        ("runs", "KD AD JK JD 10D", "not in this order"),
        ("runs", "10D JD QD KD AD", "you left out 🃏"),
        ("wild_limits", "9H 10H JK JK JK", "holds 3 jokers"),
        ("wild_limits", "JK JK JK JK JK", "natural card"),
        ("wild_limits", "9H JK JK JK", "run of 5 cards"),
        ("going_down", ["8S 8D JK", "4C 5C 6C 8C"], "unbroken order"),
        ("going_down", "8S 8D 8C", "list of melds"),
        ("lay_off", {"4H": [0]}, "you left out"),
        ("lay_off", {card: [] for card in HAND_06}, "the 4♥ fits meld 0"),
        ("lay_off", "4H", "give a dict"),
        ("nope", "", "no exercise called"),
        ("start", "QS 11D", "could not read"),
    ],
)
def test_exercises_explain_wrong_answers(name: str, answer: object, words: str) -> None:
    ok, text = grade(name, answer)
    assert not ok
    assert words in text


def test_check_prints_plain_words(capsys: pytest.CaptureFixture[str]) -> None:
    check("runs", "10D JD JK KD AD")
    check("runs", "AD KD JK JD 10D")
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("✓ Right: a run of ♦ 10-A")
    assert out[1].startswith("✗ Not yet: the cards are right, but not in this order")


# -- the package -----------------------------------------------------------------------------------


def test_lazy_names_of_other_lessons(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(AttributeError):
        lessons.NoSuchWidget  # noqa: B018
    monkeypatch.setitem(lessons._LAZY, "Ghost", ".no_such_module")
    with pytest.raises(ModuleNotFoundError):
        lessons.Ghost  # noqa: B018
    # a missing module never hides the widgets that exist
    assert lessons.SetBuilder is SetBuilder
    for name in lessons.__all__:
        assert getattr(lessons, name) is not None


def test_an_unanswered_exercise_says_so_and_a_solution_stays_folded(
    capsys: pytest.CaptureFixture[str],
) -> None:
    check("runs", ...)
    check("runs", "  ")
    printed = capsys.readouterr().out.splitlines()
    assert printed == [NOT_ANSWERED, NOT_ANSWERED]
    folded = solution("runs")
    assert folded is not None
    html = folded._repr_html_()
    assert html.startswith("<details") and "<details open" not in html
    assert "Show the solution" in html
    assert solution("nope") is None  # a typo is answered as check answers it, in a line
    said = capsys.readouterr().out
    assert said.startswith("✗ There is no solution for 'nope'; the solutions are: ")
    assert "runs" in said and "KeyError" not in said
