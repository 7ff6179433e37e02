"""ExpertBot: in the registry, settles close decisions by sampling and says so in one sentence,
is reproducible from its seed, and falls back on StrongBot elsewhere."""

from __future__ import annotations

import pytest

import liverpool as lp
from liverpool.bots import LEVELS, ExpertBot, StrongBot, for_seats, make
from liverpool.evaluate import Budget

SMALL = Budget(samples=16, min_samples=6)
# Late in house deal 1: seats 1 and 2 are down with three cards each; seat 0 holds two sets.
SEAT0 = "7H 7C 7D KS KD KC 4C 3S QH 5S"
HIDDEN = ["4H 10S 6H", "6C 2S 3H", "AS AH 2C 3C 4C 5D 6D 7S 8S 9H"]
TABLE = [(1, "QS QC QD"), (1, "JS JC JD"), (2, "5H 5C 5S"), (2, "9S 9C 9D")]


def _after_draw(
    hand: str = SEAT0,
    hidden: list[str] = HIDDEN,
    table: list[tuple[int, str]] = TABLE,
    top: str = "JC",
) -> lp.Game:
    game = lp.Game.from_deal("house", [hand, *hidden], "8D", top, dealer=3, seed=5, table=table)
    game.apply(lp.DrawStock())
    while game.phase is lp.Phase.BUY:
        game.apply(lp.Pass())
    return game


def test_expert_is_a_level_of_the_registry() -> None:
    assert LEVELS[-1] == "expert"  # strongest last
    assert isinstance(make("Expert", 3), ExpertBot)
    seated = for_seats("expert", [1, 2], 7)
    assert all(isinstance(bot, ExpertBot) for bot in seated.values())
    assert "expert" in lp.match.BOT_NAMES  # liverpool simulate --bots expert,...


def test_expert_goes_down_and_says_what_the_sampled_deals_showed() -> None:
    game = _after_draw()
    bot = ExpertBot(1, budget=SMALL)
    action, why = bot.explain(game.view(0), game.legal_actions())
    assert isinstance(action, lp.GoDown)
    assert why.startswith("Go down now: over ") and "sampled deals" in why, why
    assert "waiting a turn" in why and why.endswith(".")
    assert bot.stats["evaluated"] == 1


def test_expert_discards_among_strongbots_best_few() -> None:
    game = _after_draw("7H 7C 7D KS KD 9H 4C 3S QD 5S")  # one set short: a discard decision
    view, legal = game.view(0), game.legal_actions()
    bot = ExpertBot(2, budget=SMALL, top=3)
    candidates = bot.candidates(view, legal)
    assert len(candidates) == 3 and all(isinstance(a, lp.Discard) for a in candidates)
    assert candidates[0] == StrongBot(2).act(view, legal)  # StrongBot's own choice first
    assert lp.Discard("7H") not in candidates  # a card of the complete set is not considered
    action, why = bot.explain(view, legal)
    assert action in candidates and why.startswith("Discard the ")


def test_the_same_seed_makes_the_same_decisions() -> None:
    game = _after_draw("7H 7C 7D KS KD 9H 4C 3S QD 5S")
    view, legal = game.view(0), game.legal_actions()
    assert ExpertBot(5, budget=SMALL).explain(view, legal) == ExpertBot(5, budget=SMALL).explain(
        view, legal
    )


def test_its_own_seat_in_the_sampled_deals_may_be_played_by_strongbot() -> None:
    game = _after_draw("7H 7C 7D KS KD 9H 4C 3S QD 5S")
    view, legal = game.view(0), game.legal_actions()
    made: list[int] = []

    def strong(seed: int) -> StrongBot:
        made.append(seed)
        return StrongBot(seed)

    bot = ExpertBot(5, budget=SMALL, own_playout=strong)
    action, _ = bot.explain(view, legal)
    assert made and bot.stats["evaluated"] == 1  # one StrongBot per candidate and sample
    again = ExpertBot(5, budget=SMALL, own_playout=StrongBot).explain(view, legal)
    assert again[0] == action


def test_elsewhere_it_plays_as_strongbot() -> None:
    game = lp.Game.from_deal("house", [SEAT0, *HIDDEN], "8D", "JC", dealer=3, seed=5, table=TABLE)
    game.apply(lp.DrawStock())  # the J♣ is offered to buy; seat 1, down already, is asked first
    assert game.phase is lp.Phase.BUY and game.to_act == 1
    view, legal = game.view(1), game.legal_actions()
    bot = ExpertBot(4, budget=SMALL)
    assert bot.candidates(view, legal) == []
    assert bot.explain(view, legal) == StrongBot(4).explain(view, legal)
    assert bot.stats == {"strong": 1}


@pytest.mark.parametrize("preset", ["house", "online"])
def test_expert_only_chooses_legal_actions_and_gives_a_reason(preset: str) -> None:
    game = lp.Game(preset, 3, seed=4)
    bots = [ExpertBot(seat, budget=Budget(samples=3, min_samples=2)) for seat in range(3)]
    for _ in range(45):
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        action, reason = bots[seat].explain(game.view(seat), legal)
        assert action in legal
        assert reason and reason[0].isupper() and reason.endswith("."), reason
        game.apply(action)
    assert sum(bot.stats["evaluated"] for bot in bots) > 0


@pytest.mark.slow
def test_a_whole_match_with_experts_ends() -> None:
    bots = [ExpertBot(1), StrongBot(2), make("basic", 3), ExpertBot(4)]
    result = lp.play_match("house", bots, seed=8)
    assert result.game.is_over and len(result.scores) == 4


def test_each_kind_of_decision_gets_its_own_look() -> None:
    """A discard before going down gets the full budget; a discard once down, a take and going
    down get a brief look (see ``FOCUS``)."""
    from liverpool.bots.expert import BRIEF_BUDGET, DEFAULT_BUDGET, FOCUS, decision_kind

    game = _after_draw("7H 7C 7D KS KD 9H 4C 3S QD 5S")
    view, legal = game.view(0), game.legal_actions()
    assert decision_kind(view, legal) == "discard"
    bot = ExpertBot(2)
    assert bot.focus(view, legal).budget == DEFAULT_BUDGET
    assert len(bot.candidates(view, legal)) == FOCUS["discard"].top == 2
    down = _after_draw()
    assert decision_kind(down.view(0), down.legal_actions()) == "go down"
    assert bot.focus(down.view(0), down.legal_actions()).budget == BRIEF_BUDGET
    down.apply(bot.act(down.view(0), down.legal_actions()))
    assert down.phase is lp.Phase.PLAY and down.view(0).is_down
    assert decision_kind(down.view(0), down.legal_actions()) == "discard when down"


def test_settle_asks_for_clear_evidence() -> None:
    """An alternative 2 points cheaper at 1 standard error does not replace StrongBot's choice
    (3 standard errors asked); asked for less, it would."""
    from liverpool.bots.expert import FOCUS, settle
    from liverpool.evaluate import Estimate, Evaluation

    keep, alt = lp.Discard("KS"), lp.Discard("9H")
    result = Evaluation(
        0,
        (Estimate(keep, 5.0, 1.0, 20, loss=2.0, loss_stderr=2.0), Estimate(alt, 3.0, 1.0, 20)),
        alt,
        20,
        "budget",
        0.1,
        "relative",
        True,
    )
    focus = FOCUS["discard"]
    assert settle(result, keep, focus.switch_z, focus.min_gain) == keep
    assert settle(result, keep) == keep
    assert settle(result, keep, switch_z=0.5, min_gain=0.0) == alt


def test_a_heavier_weight_against_feeding_keeps_a_king_in_hand() -> None:
    # Down, with a king that would bring the next player closer one time in ten and a five
    # that never would. StrongBot weighs a sure feed at 40 points: 40 × 0.1 − 10 for the king
    # is below 0 − 5 for the five, so it throws the king. Weighed at 80 (the weight
    # benchmarks/feed_weights.py tried), it throws the five and keeps the king's 10 points.
    view = _after_draw().view(0)
    king, five = lp.parse_cards("KS 5D")
    assert (view.rules.card_points(king), view.rules.card_points(five)) == (10, 5)
    odds = {king: 0.1, five: 0.0}
    assert StrongBot(0)._down_order(view, [five, king], odds) == [king, five]
    assert StrongBot(0, down_feed_points=80.0)._down_order(view, [five, king], odds) == [five, king]


def test_it_remembers_the_discards_the_next_player_picked_up() -> None:
    # Seat 1 took the upcard 7♦ and bought the 7♥: everyone saw both go into its hand. Seat 0's
    # 7♣ would give seat 1 three 7s, and ExpertBot, which deals seat 1 its known 7s in every
    # sampled hand, finds that far more often than StrongBot, which samples from the unseen.
    hands = [
        "3♠ 4♥ 5♦ 6♣ 8♠ 9♥ J♦ Q♣ K♠ 7♣",
        "7♠ 2♥ 9♠ 9♥ 10♦ 3♥ 4♦ 5♣ 6♠ K♥",
        "3♦ 4♣ 5♠ 6♥ 8♦ 9♣ J♠ Q♥ K♦ A♣",
        "3♣ 4♠ 5♥ 6♦ 8♣ 9♦ J♥ Q♦ K♣ 7♥",
    ]
    g = lp.Game.from_deal("house", hands, "A♠ 10♣ J♣ 8♥ 2♦ Q♠", "7♦")
    g.apply(lp.TakeDiscard())
    g.apply(lp.Discard("K♥"))
    for card in ("3♦", "7♥"):  # seats 2 and 3 draw and discard
        g.apply(lp.DrawStock())
        while g.phase is lp.Phase.BUY:
            g.apply(lp.Pass())
        g.apply(lp.Discard(card))
    g.apply(lp.DrawStock())  # seat 0 declines the 7♥ and seat 1 buys it
    while g.to_act != 1:
        g.apply(lp.Pass())
    g.apply(lp.Buy())
    view = g.view(0)
    assert view.picked_up[1] == tuple(lp.parse_cards("7♦ 7♥"))
    seven, king = lp.parse_cards("7♣ K♠")
    expert, strong = ExpertBot(seed=3), StrongBot(seed=3)
    knows = expert._feed_odds(view, [seven, king], expert._unseen(view), 400)
    guesses = strong._feed_odds(view, [seven, king], strong._unseen(view), 400)
    assert knows[seven] > guesses[seven] + 0.1
    assert knows[seven] > knows[king]


def test_its_decisions_do_not_depend_on_the_machines_speed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its budgets cap the playout actions, not the CPU time: on a machine that seems a hundred
    times slower, every decision of a whole deal is the same, so a match replays from its
    seed whatever the load (and two versions of ExpertBot can be compared match by match)."""
    from liverpool.bots.expert import FOCUS

    assert all(f.budget.seconds is None and f.budget.steps for f in FOCUS.values())

    def deal(bot: ExpertBot) -> list[lp.Action]:
        game = lp.Game("house", 3, seed=4)
        played: list[lp.Action] = []
        while game.deal == 1 and not game.is_over:
            seat = game.to_act
            assert seat is not None
            action = bot.act(game.view(seat), game.legal_actions())
            game.apply(action)
            played.append(action)
        return played

    budget = Budget(samples=64, steps=300, min_samples=4)
    quick = deal(ExpertBot(6, budget=budget))
    clock = iter(range(0, 10**9, 100))
    monkeypatch.setattr("liverpool.evaluate.time.process_time", lambda: float(next(clock)))
    slow = ExpertBot(6, budget=budget)
    assert deal(slow) == quick
    assert slow.stats["evaluated"] > 0


def _quiet(hand: str) -> lp.Game:
    """Seat 0 holding ``hand`` after its draw, in a deal where nobody is down yet."""
    hidden = [
        "4H 10S 6H 6C 2S 3H 9S 9C 9D JS",
        "AS AH 2C 3C 4C 5D 6D 7S 8S 9H",
        "QS QC QD JD 5H 5C KH KS JC 2H",
    ]
    return _after_draw(hand, hidden, table=[], top="6S")


def test_a_heavier_weight_on_points_once_someone_is_down_throws_an_ace_sooner() -> None:
    """``raced_points_weight`` counts only once another player is down, when the deal may end
    any turn: then a 15-point ace goes before StrongBot's 7; in a quiet deal nothing changes."""
    hand = "3S 4S AD 10D 10C 8C 4D AC 7C QH"
    raced = _after_draw(hand)  # seats 1 and 2 are down
    view, legal = raced.view(0), raced.legal_actions()
    assert StrongBot(2).act(view, legal) == lp.Discard("7C")
    assert StrongBot(2, raced_points_weight=0.2).act(view, legal) == lp.Discard("AC")
    quiet = _quiet(hand)
    view, legal = quiet.view(0), quiet.legal_actions()
    assert not any(view.down)
    heavy = StrongBot(2, raced_points_weight=0.2)
    assert heavy.act(view, legal) == StrongBot(2).act(view, legal)


def test_before_anyone_is_down_its_judgement_sheds_high_cards_sooner() -> None:
    """ExpertBot's judgement weighs a point in hand six times as heavily as StrongBot's while
    nobody is down (``expert.POINTS_WEIGHT``): of two discards that leave the hand as close,
    the 15-point ace goes before StrongBot's queen. Once another player is down it ranks as
    StrongBot does, for then each turn spent getting down counts."""
    from liverpool.bots import strong
    from liverpool.bots.expert import POINTS_WEIGHT

    assert POINTS_WEIGHT > strong.POINTS_WEIGHT  # StrongBot's tie-breaker
    hand = "3S 4S AD 10D 10C 8C 4D AC 7C QH"
    quiet = _quiet(hand)
    view, legal = quiet.view(0), quiet.legal_actions()
    assert StrongBot(2).act(view, legal) == lp.Discard("QH")
    assert ExpertBot(2).candidates(view, legal)[0] == lp.Discard("AC")
    assert StrongBot(2, points_weight=POINTS_WEIGHT).act(view, legal) == lp.Discard("AC")
    raced = _after_draw(hand)  # seats 1 and 2 are down
    view, legal = raced.view(0), raced.legal_actions()
    assert ExpertBot(2).candidates(view, legal)[0] == StrongBot(2).act(view, legal)


def _overturned(switch_z: float | None, decisions: int = 24) -> tuple[int, int]:
    """(sampled, overturned) over seat 0's first ``decisions`` decisions of a match, ExpertBot
    at seat 0 asking ``switch_z`` standard errors, BasicBots elsewhere."""
    game = lp.Game("house", 3, 4)
    expert = ExpertBot(seed=2, switch_z=switch_z)
    others = [make("basic", seed) for seed in range(3)]
    asked = 0
    while asked < decisions and not game.is_over:
        seat = game.to_act
        assert seat is not None
        bot = expert if seat == 0 else others[seat]
        asked += seat == 0
        game.apply(bot.act(game.view(seat), game.legal_actions()))
    return expert.stats["evaluated"], expert.stats["changed"]


def test_switch_z_sets_how_much_evidence_overturns_its_judgement() -> None:
    """Asked for endless evidence it samples as before and never overturns StrongBot's choice;
    asked for none beyond a point's gain, it overturns it where the samples lean the other way."""
    sampled, overturned = _overturned(float("inf"))
    assert sampled > 0 and overturned == 0
    assert repr(ExpertBot(switch_z=3.0)).endswith("switch_z=3.0)")
    sampled, overturned = _overturned(0.0)
    assert sampled > 0 and overturned > 0
