"""The lesson widgets of lessons 08–13 (and the score pad of 01/08), driven from Python.

Each widget is exercised through its plain Python API and through ``handle_message`` with the
dicts its front end sends. The feedback must be right for right and wrong answers, legal and
illegal clicks, under several presets; every repr is deterministic (no memory address).
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("anywidget")

import liverpool as lp
from liverpool_widgets.lessons import (
    BuyingWalkthrough,
    HandExplorer,
    RulesCompare,
    ScorePad,
    StrategyLab,
)
from liverpool_widgets.lessons.buying import buy_order, deal_scenario
from liverpool_widgets.lessons.hand_explorer import advise
from liverpool_widgets.lessons.rules_compare import rule_fields
from liverpool_widgets.lessons.scorepad import breakdown
from liverpool_widgets.lessons.strategy_lab import (
    NoBuyBot,
    buying_value,
    going_down_curves,
    play_deal,
)

ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
PRESETS = list(lp.PRESETS)


def no_address(widget: object) -> str:
    text = repr(widget)
    assert not ADDRESS.search(text), text
    return text


# -- BuyingWalkthrough ---------------------------------------------------------------------------
#
#   Ada  (discards 7♥): 7♥ 3♠ 4♦ 5♣ 9♠ J♦ Q♥ K♣ 8♦ 6♠
#   Ben  (next player): 3♥ 4♥ 5♦ 9♣ 10♠ J♣ Q♦ 6♣ 8♠ K♥     no use for a 7
#   Cleo              : 7♣ 7♠ K♠ K♦ 3♣ 4♠ 9♦ 10♦ Q♣ 6♦     a pair of sevens
#   Dev               : 7♦ 7♠ Q♠ Q♥ 3♦ 5♠ 8♣ 10♣ J♠ 4♣     a pair of sevens


@pytest.mark.parametrize("preset", ["house", "classic", "online", "florida", "i_buy"])
def test_walkthrough_clockwise_presets_cleo_buys(preset: str) -> None:
    w = BuyingWalkthrough(preset)
    assert w.game.phase is lp.Phase.DRAW and w.game.discard_top == lp.Card.parse("7H")
    first = w.next()
    assert "Ben declines the 7♥" in first
    assert "buy window opens" in first
    assert w.eligible() == ["Cleo", "Dev"]
    second = w.next()
    assert "Cleo buys the 7♥" in second
    assert "never changes whose turn" in second
    # a bot's reason is told about that bot, not quoted to the learner as "you"
    assert "Cleo buys the 7♥: it " in second
    assert "brings Cleo to 1 card" in second or "lets Cleo go down" in second
    assert "Ben's contract" in first and "your" not in first.split("The buy window")[0]
    assert w.finished
    assert w.state["bought_by"] == 2
    assert w.state["hand_sizes"][2] == 12  # the 7♥ and one penalty card
    assert no_address(w).startswith(f"BuyingWalkthrough(rules={preset!r}")


@pytest.mark.parametrize("preset", ["traditional", "me"])
def test_walkthrough_first_to_call_asks_everyone(preset: str) -> None:
    w = BuyingWalkthrough(preset)
    assert "first to call wins" in w.next()
    assert "Cleo calls to buy" in w.next()  # Cleo calls; Dev is still asked
    assert not w.finished
    last = w.next()
    # both called; the seeded calling order decides, and the story says so once, consistently
    assert "Cleo and Dev both called" in last
    assert "the game's seed draws the calling order" in last
    assert "It puts Dev's call first: Dev buys the 7♥" in last
    assert w.finished and w.state["bought_by"] == 3


def test_walkthrough_online_names_its_limit() -> None:
    w = BuyingWalkthrough("online")
    text = w.next()
    assert "2 times per match" in text
    assert "no limit" in BuyingWalkthrough("house").next()
    assert "Cleo buys the 7♥" in w.next() and "1 buy left this match." in w.feedback


def test_walkthrough_i_buy_taking_costs_extra_cards() -> None:
    w = BuyingWalkthrough("i_buy", seat=1)
    assert "2 extra stock cards" in w.steps[0]
    feedback = w.choose("take")
    assert w.ok is None  # a legal choice the coach would not make: no ✓
    assert feedback.startswith("You take the 7♥ as your draw.")
    assert "your hand grew by 3" in feedback
    assert "The coach would have chosen otherwise" in feedback
    assert w.game.phase is lp.Phase.PLAY


@pytest.mark.parametrize("preset", ["house", "online", "traditional"])
def test_walkthrough_learner_buys_from_dev_seat_only_in_turn(preset: str) -> None:
    w = BuyingWalkthrough(preset, seat=3)
    before = w.game.state_key()
    assert "Not yet" in w.choose("buy")  # Ben has not declined yet
    assert w.ok is False and w.game.state_key() == before
    w.next()  # Ben declines
    if preset == "traditional":
        w.next()  # Cleo calls to buy
    else:
        assert "Not yet: Cleo is asked before you" in w.choose("buy")
        w.next()  # Cleo buys (the bot) ...
        assert w.finished
        return
    assert w.waiting_for_you
    feedback = w.choose("pass")
    assert w.ok is None and feedback.startswith("You pass: no buy.")
    assert "Cleo is the only one who called, so Cleo buys the 7♥" in feedback
    assert "The coach would have chosen otherwise" in feedback  # the bot would buy
    assert "✓" not in w.html
    assert w.finished and w.state["bought_by"] == 2


def test_walkthrough_discarder_may_never_buy() -> None:
    w = BuyingWalkthrough("house", seat=0)
    w.next()
    feedback = w.choose("buy")
    assert w.ok is False
    # the engine's own sentence (Game.why_not_buy), said to the learner
    assert feedback == "You may not buy the 7♥: you made this discard, so you may not buy it back."


def test_walkthrough_next_player_takes_or_draws() -> None:
    w = BuyingWalkthrough("house", seat=1)
    assert w.waiting_for_you
    assert "you either take it as your draw" in w.choose("buy")
    assert w.ok is False
    assert "It is your decision" in w.next()  # Next waits for the learner
    feedback = w.choose("draw")
    assert w.ok is True and "buy window opens" in feedback
    assert feedback.startswith("You decline the 7♥ and draw from the stock instead.")
    assert "The coach agrees" in feedback and "✓" in w.html


def test_walkthrough_tells_the_learners_own_moves_as_you() -> None:
    w = BuyingWalkthrough("house", seat=2)
    assert w.steps[0].endswith("You are Cleo.")
    w.next()  # Ben declines
    assert "asked in turn order from the next player: you and Dev" in w.steps[-1]
    feedback = w.choose("buy")
    assert w.ok is True
    assert feedback.startswith("You buy the 7♥. You get the 7♥ plus one penalty card")
    assert "your hand grows by 2 cards" in feedback
    assert "Cleo buys" not in feedback
    # the next player as the learner: the story speaks to them from the start
    ben = BuyingWalkthrough("house", seat=1)
    assert "You are the next player, so you have the first right to it" in ben.steps[0]


def test_walkthrough_first_to_call_when_the_learner_wins_the_call() -> None:
    w = BuyingWalkthrough("traditional", seat=3)
    w.next()  # Ben declines
    w.next()  # Cleo calls
    feedback = w.choose("buy")
    assert feedback.startswith("You call to buy the 7♥. Cleo and you both called.")
    assert "It puts your call first: you buy the 7♥. You get the 7♥" in feedback
    assert w.state["bought_by"] == 3


def test_a_bots_reason_is_told_about_that_bot() -> None:
    from liverpool_widgets.lessons.buying import _reason_about

    said = "Draw from the stock: the 7♥ does not help your contract."
    assert _reason_about("Ben", said) == ": the 7♥ does not help Ben's contract"
    said = "Take the 7♥: you can lay it off on the table."
    assert _reason_about("Ben", said) == ": Ben can lay it off on the table"
    # what does not turn cleanly is quoted whole, as the coach's advice to that bot
    said = "You are down already: a bought card would only add points."
    assert _reason_about("Dev", said) == f" (the coach's advice to Dev: “{said}”)"
    said = "Pass: save your coins for a card that finishes a meld."
    assert _reason_about("Dev", said) == f" (the coach's advice to Dev: “{said}”)"


def test_walkthrough_messages_and_controls() -> None:
    w = BuyingWalkthrough("house")
    assert "pick a seat first" in w.choose("buy")
    assert "There is no choice" in w.choose("steal")
    w.handle_message({"kind": "rules", "value": "online"})
    assert w.rules.name == "online"
    w.handle_message({"kind": "seat", "value": "2"})
    assert w.seat == 2
    w.handle_message({"kind": "next"})
    assert len(w.steps) == 2
    w.handle_message({"kind": "choose", "choice": "buy"})
    assert w.ok is True and w.state["bought_by"] == 2
    w.handle_message({"kind": "restart"})
    assert len(w.steps) == 1 and not w.finished
    w.handle_message({"kind": "seat", "value": "watch"})
    assert w.seat is None
    assert w.crash == ""
    assert 'data-testid="next"' in w.html and 'data-testid="steps"' in w.html
    with pytest.raises(ValueError):
        BuyingWalkthrough("house", seat=7)


def test_buy_order_is_the_engines_answer_seat_by_seat() -> None:
    game = deal_scenario("house")
    game.apply(lp.DrawStock())  # Ben declines the 7♥
    order, why = buy_order(game)
    assert order == [2, 3]
    assert why == {seat: game.why_not_buy(seat) for seat in (0, 1)}
    assert list(why) == [1, 0]  # in turn order from the next player


@pytest.mark.parametrize(("preset", "order"), [("online", [2]), ("house", [2, 3])])
def test_buy_order_excludes_down_players_where_the_rules_say(preset: str, order: list[int]) -> None:
    # Dev has a set on the table, so he is down before Ada's turn begins
    game = deal_scenario(preset, table=[(3, "5H 5D 5S")])
    assert game.is_down(3)
    game.apply(lp.DrawStock())  # Ben declines the 7♥
    found, why = buy_order(game)
    assert found == order
    if preset == "online":
        assert why[3] == "Players who have gone down may not buy under these rules."
    else:
        assert 3 not in why


# -- ScorePad --------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_scorepad_right_and_wrong_under_every_preset(preset: str) -> None:
    pad = ScorePad(preset, seed=5)
    right = pad.points
    assert right == lp.hand_points(pad.hand, lp.PRESETS[preset])
    feedback = pad.answer(right)
    assert (
        pad.ok is True
        and feedback.startswith("Right")
        and breakdown(pad.hand, pad.rules) in feedback
    )
    feedback = pad.answer(right + 3)
    assert pad.ok is False and feedback.startswith(f"Not quite: you said {right + 3}")
    assert pad.score == (1, 2)
    assert no_address(pad).startswith(f"ScorePad(rules={preset!r}")


def test_scorepad_hints_and_bad_input() -> None:
    pad = ScorePad("house", hand="7H KS 2C AS")
    assert pad.points == 34
    assert "whole number" in pad.answer("thirty")
    assert pad.ok is None and pad.score == (0, 0)
    wrong = pad.answer(65)  # the classic value
    assert "what it costs under classic" in wrong
    assert "A♠ = 15" in wrong  # the special cards are named
    pad.set_rules("classic")
    assert pad.answer("65 points").startswith("Right")
    pad.set_hand("JK 7H")
    assert "plays without jokers" in pad.answer(0 + 1)
    assert "could not read" not in pad.set_hand("7H 8S")
    assert "not a hand I can read" in pad.set_hand("7H 11S")


def test_scorepad_messages() -> None:
    pad = ScorePad("online", seed=2)
    first = pad.hand
    pad.handle_message({"kind": "new"})
    assert pad.hand != first and pad.ok is None
    pad.handle_message({"kind": "answer", "value": str(pad.points)})
    assert pad.ok is True and 'data-testid="everywhere"' in pad.html
    pad.handle_message({"kind": "rules", "value": "florida"})
    assert pad.rules.name == "florida" and pad.ok is None
    pad.handle_message({"kind": "hand", "value": "AS JK"})
    assert pad.points == 30
    assert pad.crash == ""
    assert ScorePad("house", seed=9).hand == ScorePad("house", seed=9).hand


# -- RulesCompare ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("left", "right"), [("house", "online"), ("classic", "traditional"), ("florida", "me")]
)
def test_rules_compare_highlights_exactly_the_differences(left: str, right: str) -> None:
    rc = RulesCompare(left, right)
    diffs = lp.PRESETS[left].differences(lp.PRESETS[right])
    assert rc.differences() == diffs
    assert f"differ in {len(diffs)} rules" in rc.feedback
    for field in rule_fields():
        marked = f'data-testid="row-{field}" data-differs="{str(field in diffs).lower()}"'
        assert marked in rc.html
    rc.show_only_differences()
    assert len(rc.table()) == 1 + len(diffs)
    assert (
        no_address(rc) == f"RulesCompare(left={left!r}, right={right!r}, differences={len(diffs)})"
    )


def test_rules_compare_same_preset_and_explain() -> None:
    rc = RulesCompare("house", "house")
    assert "never differs from itself" in rc.feedback and rc.differences() == {}
    rc.handle_message({"kind": "right", "value": "online"})
    assert rc.right.name == "online"
    text = rc.explain("down players may buy")
    assert "house: yes" in text and "online: no" in text and "(different.)" in text
    assert "In both:" in rc.explain("buy_priority")
    assert "There is no rule called" in rc.explain("cheating")
    assert rc.ok is False
    rc.handle_message({"kind": "explain", "field": "wild_ranks"})
    assert rc.state["explained"] == "wild_ranks"
    rc.handle_message({"kind": "left", "value": "nonsense"})
    assert rc.left.name == "house" and rc.crash == ""
    assert len(rc.table()[0]) == 1 + len(lp.PRESETS)


# -- HandExplorer ----------------------------------------------------------------------------------


def test_hand_explorer_ready_hand_goes_down() -> None:
    ex = HandExplorer("7H 7C 7S 9H 10H JK QH KS 3D 4C 5S", rules="house", deal=2)
    assert ex.analysis.missing == 0 and ex.ok is True
    assert "can go down for 1 set + 1 run" in ex.feedback
    action, reason = ex.advice
    assert isinstance(action, lp.GoDown) and reason.startswith("Go down now")
    assert "Best going down" in ex.report()
    assert no_address(ex).startswith("HandExplorer(rules='house', deal=2")


@pytest.mark.parametrize("coach", ["strong", "basic"])
def test_hand_explorer_short_hand_missing_outs_and_advice(coach: str) -> None:
    ex = HandExplorer("KS KD JK 4H 5H 6H 8H 2C 9D QS 3C", rules="house", deal=2, coach=coach)
    assert ex.analysis.missing == 1 and ex.ok is None
    assert "1 card short of 1 set + 1 run" in ex.feedback
    assert "3♥" in ex.feedback  # an out
    action, reason = ex.advice
    assert isinstance(action, lp.Discard) and action.card in ex.analysis.dead_weight
    assert reason.startswith("Discard")


def test_hand_explorer_clicks_and_presets() -> None:
    ex = HandExplorer("7H 7C 9S 9D", rules="house", deal=1)
    assert ex.analysis.missing == 2
    ex.handle_message({"kind": "add", "code": "7S"})
    ex.handle_message({"kind": "add", "code": "9H"})
    assert ex.analysis.missing == 0 and ex.ok is True
    ex.handle_message({"kind": "remove", "index": "0"})
    assert ex.hand[0] == lp.Card.parse("7C") and ex.analysis.missing == 1
    ex.handle_message({"kind": "hand", "value": "7H 11S"})
    assert ex.ok is False and "could not read" in ex.feedback
    assert ex.hand[0] == lp.Card.parse("7C")  # the hand is kept
    ex.handle_message({"kind": "rules", "value": "classic"})
    ex.handle_message({"kind": "hand", "value": "2C 2D 7S 9D 9H 9S 7C 4H"})
    # classic: 2s are wild, and a set needs two naturals: 7♣ 7♠ + one 2 is a set
    assert ex.analysis.missing == 0
    ex.set_hand("7H 7C JK 9S 9D")
    assert "without jokers" in ex.advice[1] and ex.advice[0] is None
    ex.handle_message({"kind": "deal", "value": "3"})
    assert ex.deal == 3
    ex.handle_message({"kind": "deal", "value": "12"})
    assert ex.deal == 3 and "Choose a deal" in ex.feedback
    ex.handle_message({"kind": "coach", "value": "basic"})
    ex.handle_message({"kind": "clear"})
    assert ex.hand == [] and "empty" in ex.feedback
    assert ex.crash == ""


def test_hand_explorer_adds_no_more_copies_than_the_shoe_holds() -> None:
    ex = HandExplorer("9D 9D 5H 5S 5C KD", rules="house", deal=1)
    assert 'data-testid="add-9D" data-code="9D" disabled' in ex.html  # both copies held
    assert 'data-testid="add-8D" data-code="8D">' in ex.html
    ex.handle_message({"kind": "add", "code": "9D"})
    assert ex.ok is False
    assert ex.feedback == "The shoe holds the 9♦ only twice, so no hand can hold it 3 times."
    assert ex.hand.count(lp.Card.parse("9D")) == 2  # nothing added
    classic = HandExplorer("9D 5H", rules="classic", deal=1)
    assert 'data-testid="add-JK" data-code="JK" disabled' in classic.html
    classic.add("JK")
    assert classic.feedback == "classic plays without jokers: there is no joker to add."
    assert classic.hand == lp.parse_cards("9D 5H")


def test_advise_refuses_impossible_hands() -> None:
    house = lp.PRESETS["house"]
    assert advise(lp.parse_cards("7H 7H 7H"), house, 1)[0] is None
    assert "at least two cards" in advise(lp.parse_cards("7H"), house, 1)[1]


# -- StrategyLab -----------------------------------------------------------------------------------


def test_play_deal_is_seeded_and_counts_turns() -> None:
    bots = [lp.bots.BasicBot(seed=s) for s in range(4)]
    a = play_deal("house", 1, bots, seed=3)
    b = play_deal("house", 1, [lp.bots.BasicBot(seed=s) for s in range(4)], seed=3)
    assert a == b
    assert 0 in a.points  # somebody went out
    assert all(d is None or d >= 1 for d in a.down_turn)


def test_going_down_curves_rise_and_later_deals_are_harder() -> None:
    curves = going_down_curves("house", (1, 7), trials=4, seed=1)
    for curve in curves.values():
        assert all(0 <= p <= 1 for p in curve)
        assert curve == sorted(curve)
    assert sum(curves[1]) > sum(curves[7])


def test_no_buy_bot_never_buys() -> None:
    result = buying_value("house", (1,), trials=3, seed=2)
    assert result[1]["never buys"]["buys"] == 0
    assert getattr(NoBuyBot().explain, "__self__", None) is not None  # a bound method


def test_strategy_lab_guess_feedback_and_progress() -> None:
    lab = StrategyLab("going_down", deals=(1, 4), trials=3, seed=1)
    assert lab.choices() == ("deal 1", "deal 4")
    assert "Pick one of" in lab.guess("deal 9")
    lab.guess("deal 1")
    assert lab.ok is None and "press Run" in lab.feedback
    lab.run()
    assert lab.answer() == "deal 4"
    assert lab.ok is False and "disagrees" in lab.feedback
    assert lab.progress.value == lab.progress.max == 6
    assert lab.guess("deal 4") and lab.ok is True
    assert "Answer: deal 4." in lab.summary()
    assert 'data-testid="plot"' in lab.panel.html
    assert no_address(lab).endswith("ran=True)")


@pytest.mark.parametrize("preset", ["house", "online"])
def test_strategy_lab_buying_and_levels_via_messages(preset: str) -> None:
    lab = StrategyLab("buying", rules=preset, deals=(1,), trials=2, seed=3)
    lab.panel.handle_message({"kind": "guess", "value": "buying helps"})
    lab.panel.handle_message({"kind": "run"})
    assert lab.answer() in ("buying helps", "buying hurts")
    assert lab.ok is (lab.answer() == "buying helps")
    lab.panel.handle_message({"kind": "experiment", "value": "levels"})
    # only the quick levels: an expert match takes about a minute, and the lab says so
    assert lab.results is None and lab.choices() == ("random", "basic", "strong")
    assert "slowest bot, expert, is left out" in lab.feedback
    lab.panel.handle_message({"kind": "trials", "value": "3"})
    lab.panel.handle_message({"kind": "guess", "value": "random"})
    lab.run()
    assert lab.answer() != "random"  # random bots pile up points
    assert "liverpool simulate --bots expert" in lab.summary()
    assert lab.ok is False
    assert lab.panel.crash == ""
    fig = lab.figure()
    assert fig.axes and fig.axes[0].get_title().startswith("Bot levels")
