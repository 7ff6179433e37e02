"""The one table model (liverpool/table_model.py): what every screen draws, decided once.

The promises checked here: a disabled button carries the engine's own sentence; the targets of
a selected card are exactly what the engine accepts; a seat's model holds no card that seat may
not see; the deal-end summary adds up to the score pad; the three screens print the model's
words, not their own.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from typing import Any, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import liverpool as lp
from liverpool.render import view_html
from liverpool.table_model import (
    AUTO_PASS_LABELS,
    AutoPass,
    ButtonKind,
    ControlsDict,
    DealEndDict,
    ScoresDict,
    TableDict,
    ViewDict,
    auto_pass_due,
    build_table,
    button_for,
    deal_summaries,
    going_down_melds,
    hand_positions,
    meld_click,
    phrase,
    points_cell,
    read_deck_choice,
)
from liverpool.terminal import TerminalGame

P = lp.parse_cards
C = lp.Card.parse


def house_deal(names: list[str] | None = None) -> lp.Game:
    """House deal 1 (2 sets); seat 0 starts. seat 0: 7♥ 7♣ 7♠ 9♥ 9♦ 9♠ K♣ 2♦ 4♠ 5♣."""
    return lp.Game.from_deal(
        "house",
        [
            "7H 7C 7S 9H 9D 9S KC 2D 4S 5C",
            "KH KH QD QD 3C 3C 6S 6S 8D 8D",
            "JC JC 10H 10H 4D 4D 5H 5H 2C 2C",
        ],
        stock="9C AS 6H 8C",
        upcard="7D",
        dealer=2,
        names=names,
    )


def played(preset: str, seed: int, steps: int, players: int = 4) -> lp.Game:
    """A game ``steps`` decisions into a match of basic bots."""
    game = lp.Game(preset, players, seed=seed)
    bots = [lp.bots.BasicBot(seed + i) for i in range(players)]
    for _ in range(steps):
        if game.is_over:
            break
        actor = game.to_act
        assert actor is not None
        game.apply(bots[actor].act(game.view(actor), game.legal_actions()), player=actor)
    return game


ACTION_OF_BUTTON: dict[ButtonKind, lp.Action] = {
    ButtonKind.DRAW: lp.DrawStock(),
    ButtonKind.TAKE: lp.TakeDiscard(),
    ButtonKind.BUY: lp.Buy(),
    ButtonKind.PASS: lp.Pass(),
    ButtonKind.CALL_RUMMY: lp.CallRummy(),
    ButtonKind.CALL_LIVERPOOL: lp.CallLiverpool(),
    ButtonKind.GO_OUT: lp.GoOut(),
}


# -- buttons: one vocabulary, the engine's sentences ------------------------------------------


def test_a_disabled_discard_before_drawing_carries_the_engines_sentence() -> None:
    game = house_deal()
    model = build_table(game.view(0), game)
    discard = model.controls.button(ButtonKind.DISCARD)
    assert not discard.enabled
    assert discard.why == game.why_not(lp.Discard(game.hand(0)[0]), 0)
    assert discard.why == "You must draw before you discard."
    # the same with a card selected: that card is asked about
    selected = build_table(game.view(0), game, selected=[6])  # the K♣
    assert selected.controls.button("discard").why == game.why_not(lp.Discard("KC"), 0)


def test_the_taken_card_may_not_be_discarded_says_the_engine() -> None:
    game = house_deal()
    game.apply(lp.TakeDiscard())
    taken = game.hand(0).index(C("7D"))
    discard = build_table(game.view(0), game, selected=[taken]).controls.button("discard")
    assert not discard.enabled
    assert discard.why == game.why_not(lp.Discard("7D"), 0)
    other = build_table(game.view(0), game, selected=[0]).controls.button("discard")
    assert other.enabled and other.why == ""


def test_buttons_are_the_one_vocabulary_in_bar_order() -> None:
    game = house_deal()
    model = build_table(game.view(0), game, undo=True)
    assert [b.kind for b in model.controls.buttons] == list(ButtonKind)
    assert all(b.label for b in model.controls.buttons)
    assert model.controls.button("undo").enabled
    for action in (lp.DrawStock(), lp.Discard("7H"), lp.LayOff("7H", 0), lp.Cut(3)):
        assert button_for(action) in ButtonKind
    # a bare view has nothing to ask: no buttons, no targets (render.view_html draws it)
    bare = build_table(game.view(0))
    assert bare.controls.buttons == () and bare.controls.targets == ()


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(["house", "classic", "online", "traditional"]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
    seat=st.integers(0, 3),
)
def test_every_disabled_action_button_says_the_engines_refusal(
    preset: str, seed: int, steps: int, seat: int
) -> None:
    game = played(preset, seed, steps)
    legal = game.legal_actions() if game.to_act == seat else []
    model = build_table(game.view(seat), game)
    for button in model.controls.buttons:
        if not button.shown:  # a hidden button is off and its refusal is not asked
            assert not button.enabled and button.why == "", button
        else:
            assert button.enabled == (button.why == ""), button
        action = ACTION_OF_BUTTON.get(button.kind)
        if action is None:
            continue
        assert button.enabled == (action in legal), button
        if button.shown and not button.enabled:
            assert button.why == game.why_not(action, seat)


# -- targets: exactly what the engine accepts -------------------------------------------------


def _accepted(game: lp.Game, seat: int, card: lp.Card) -> set[tuple[str, int, Any]]:
    """Every lay-off and swap of ``card`` the engine accepts, asked one by one."""
    out: set[tuple[str, int, Any]] = set()
    for k, meld in enumerate(game.table):
        ends = [None] if meld.kind is lp.MeldKind.SET else ["low", "high"]
        for end in ends:
            if game.why_not(lp.LayOff(card, k, end), seat) is None:
                out.add(("lay_off", k, end))
        for position in range(len(meld.cards)):
            if game.why_not(lp.SwapWild(card, k, position), seat) is None:
                out.add(("swap", k, position))
    return out


def _targets(model: Any) -> set[tuple[str, int, Any]]:
    return {
        (str(t.kind), t.meld, t.end if t.kind is ButtonKind.LAY_OFF else t.position)
        for t in model.controls.targets
    }


@settings(max_examples=12, deadline=None)
@given(preset=st.sampled_from(["classic", "online", "house"]), seed=st.integers(0, 5_000))
def test_a_selected_card_lists_exactly_the_melds_the_engine_accepts(preset: str, seed: int) -> None:
    game = lp.Game(preset, 3, seed=seed)
    bots = [lp.bots.BasicBot(seed + i) for i in range(3)]
    checked = 0
    for _ in range(400):
        if game.is_over or checked >= 3:
            break
        seat = game.to_act
        assert seat is not None
        if game.phase is lp.Phase.PLAY and game.is_down(seat) and game.table:
            checked += 1
            hand = game.hand(seat)
            for index, card in enumerate(hand):
                model = build_table(game.view(seat), game, selected=[index])
                assert _targets(model) == _accepted(game, seat, card), card
                lay_off = model.controls.button("lay_off")
                assert lay_off.enabled == any(
                    t.kind is ButtonKind.LAY_OFF for t in model.controls.targets
                )
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()), player=seat)
    assert checked, "no down player was ever asked: the test checked nothing"


def test_a_card_that_fits_nowhere_is_told_so() -> None:
    game = house_deal()
    game.apply(lp.TakeDiscard())
    game.apply(lp.GoDown([P("7H 7C 7S 7D"), P("9H 9D 9S")]))
    # a lay-off opens on the next turn under house rules: the engine says so
    model = build_table(game.view(0), game, selected=[game.hand(0).index(C("KC"))])
    assert model.controls.targets == ()
    why = model.controls.button("lay_off").why
    assert why == game.why_not(lp.LayOff("KC", 0), 0)


# -- clicks on melds ------------------------------------------------------------------------


def test_a_click_on_a_meld_is_resolved_into_the_engines_action() -> None:
    """Classic deal 2 (2s wild): a wild fits both ends of a run, so the click's place decides;
    a natural clicked on another player's wild it stands for is a swap."""
    rules = lp.PRESETS["classic"]
    run = lp.Meld.build(lp.MeldKind.RUN, P("5H 6H 7H 8H"), rules).with_owner(1)
    wild_run = lp.Meld.build(lp.MeldKind.RUN, P("9S 2C JS QS"), rules).with_owner(1)
    table = [run, wild_run]
    two = C("2D")
    legal: list[lp.Action] = [lp.LayOff(two, 0, "low"), lp.LayOff(two, 0, "high")]
    assert meld_click(legal, two, 0, 0, table, rules) == lp.LayOff(two, 0, "low")
    assert meld_click(legal, two, 0, 3, table, rules) == lp.LayOff(two, 0, "high")
    ten = C("10S")
    swap = lp.SwapWild(ten, 1, 1)
    assert meld_click([swap], ten, 1, 1, table, rules) == swap
    # a wild clicked where the card may not swap and lays off nowhere: the swap is asked for,
    # so the engine's refusal names the swap rule
    assert meld_click([], C("KD"), 1, 1, table, rules) == lp.SwapWild(C("KD"), 1, 1)
    assert meld_click([], C("KD"), 0, 2, table, rules) == lp.LayOff(C("KD"), 0)


def test_going_down_with_exactly_the_contract_selected_needs_no_relaxed_rules() -> None:
    game = house_deal()
    game.apply(lp.DrawStock())
    while game.phase is lp.Phase.BUY:
        game.apply(lp.Pass())
    chosen = P("7H 7C 7S 9H 9D 9S")
    melds = going_down_melds(game, 0, [], chosen)
    assert not isinstance(melds, str)
    assert sorted(c.code for m in melds for c in m) == sorted(c.code for c in chosen)
    assert game.why_not(lp.GoDown(melds), 0) is None
    refused = going_down_melds(game, 0, [], P("7H 7C KC 2D"))
    assert isinstance(refused, str) and "do not hold" in refused


# -- what a seat may see ---------------------------------------------------------------------


def _codes(data: Any) -> Counter[str]:
    """Every card code in plain model data (``code`` fields and card lists)."""
    found: Counter[str] = Counter()
    text = json.dumps(data, ensure_ascii=False)
    found.update(re.findall(r'"code": "([^"]+)"', text))
    return found


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200), seat=st.integers(0, 3))
def test_the_model_of_a_view_never_holds_another_seats_hidden_cards(
    seed: int, steps: int, seat: int
) -> None:
    game = played("classic", seed, steps)
    data = build_table(game.view(seat), game, events=game.log).to_dict()
    visible: Counter[str] = Counter(c.code for c in game.hand(seat))
    for meld in game.table:
        visible.update(c.code for c in meld.cards)
    visible.update(c.code for c in game.discard_pile)
    for cards in game.view(seat).picked_up:  # taken or bought face up: everyone saw them
        visible.update(c.code for c in cards)
    prompt = data["view"]["prompt"]
    view = dict(data["view"])
    del view["prompt"]
    seen = _codes([view, data["controls"]])
    assert not seen - visible, seen - visible
    if prompt is not None and prompt["card"] is not None:  # the offer is the pile's top card
        assert prompt["card"] == data["view"]["piles"]["top"]
    for other in range(4):
        assert data["view"]["seats"][(other - seat) % 4]["hand"] is None
    # the log is every event as this seat may read it: no other seat's secret
    assert data["log"] == [phrase(e.for_seat(seat), seat, game.names) for e in game.log]


def test_open_hands_are_shown_only_when_opened() -> None:
    game = house_deal()
    hands = {s: game.hand(s) for s in range(3)}
    model = build_table(game.view(0), game, open_hands=hands)
    assert model.view.open_hands
    assert model.view.seats[0].hand is None  # the seat's own hand is its hand row
    shown = model.view.seats[1].hand
    assert shown is not None and [f.card for f in shown] == game.hand(1)


# -- the deal-end summary -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "seed"), [("house", 2), ("classic", 5), ("online", 1), ("traditional", 3)]
)
def test_the_deal_end_summary_adds_up_to_the_deals_scores(preset: str, seed: int) -> None:
    bots = [lp.bots.BasicBot(seed + i) for i in range(3)]
    game = lp.play_match(preset, bots, seed=seed).game
    rules = game.rules
    summaries = deal_summaries(game)
    assert len(summaries) == len(game.deal_scores) == rules.deals
    totals = [0] * game.players
    bonus_free = rules.exact_cut_bonus == 0 and rules.failed_going_down_penalty == 0
    for number, (summary, scores) in enumerate(
        zip(summaries, game.deal_scores, strict=True), start=1
    ):
        assert summary.deal == number
        assert list(summary.scores) == scores
        if summary.went_out is not None:
            assert summary.hands[summary.went_out].cards == ()
        for hand in summary.hands:
            assert sum(hand.card_points) == hand.hand_points
            assert hand.card_points == tuple(rules.card_points(c) for c in hand.cards)
            assert hand.hand_points + hand.adjustment == hand.score
            if bonus_free:
                assert hand.adjustment == 0, (number, hand)  # the leftovers are exact
            totals[hand.seat] += hand.score
            assert hand.total == totals[hand.seat]
    assert totals == game.scores


def test_the_model_carries_the_last_deals_summary_as_data() -> None:
    game = lp.play_match("house", [lp.bots.BasicBot(i) for i in range(3)], seed=2).game
    last = deal_summaries(game)[-1]
    data = build_table(game.view(0), game, deal_end=last).to_dict()["scores"]
    assert data["deal_end"] is not None
    assert [h["score"] for h in data["deal_end"]["hands"]] == game.deal_scores[-1]
    assert data["pad"]["totals"] == game.scores
    assert data["banner"].endswith("the match!") and data["winners"]


# -- plain data -------------------------------------------------------------------------------


def test_to_dict_is_json_and_has_the_typed_keys() -> None:
    game = house_deal()
    data: TableDict = build_table(game.view(0), game, events=game.log).to_dict(
        lambda face: f"<svg {face.card.code} {face.zone}>"
    )
    assert json.loads(json.dumps(data)) == data
    assert set(data) == set(get_type_hints(TableDict))
    assert set(data["view"]) == set(get_type_hints(ViewDict))
    assert set(data["controls"]) == set(get_type_hints(ControlsDict))
    assert set(data["scores"]) == set(get_type_hints(ScoresDict))
    assert set(data["view"]["header"]) == set(get_type_hints(lp.table_model.HeaderDict))
    first = data["view"]["hand"][0]
    assert first["svg"] == "<svg 7H hand>" and first["index"] == 0 and first["label"]


# -- every screen says the model's words -----------------------------------------------------


def test_notes_and_prompts_are_written_once_for_every_screen() -> None:
    game = house_deal(["You", "Ben", "Cleo"])
    game.apply(lp.TakeDiscard())
    model = build_table(game.view(0), game)
    note = "You took the 7♦: you may not discard it."
    assert model.view.notes == (note,)
    assert note in view_html(game.view(0))
    out = io.StringIO()
    term = TerminalGame(game, 0, {1: lp.bots.RandomBot(1), 2: lp.bots.RandomBot(2)}, output=out)
    term._draw_table()
    assert note in out.getvalue()
    assert model.view.header.deciding in out.getvalue()


def test_the_default_name_you_reads_in_the_second_person() -> None:
    game = house_deal(["You", "Ben", "Cleo"])
    model = build_table(game.view(0), game, events=game.log)
    assert any(line.startswith("Deal 1") for line in model.log)
    assert model.view.header.deciding == "You must take the 7♦ or draw from the stock."
    assert model.view.seats[0].title == "You"
    named = house_deal(["Ada", "Ben", "Cleo"])
    assert build_table(named.view(0), named).view.seats[0].title == "Ada (you)"


# -- the end of a deal, on screen --------------------------------------------------------------


def _out_in_one_turn() -> lp.Game:
    """House deal 1, seat 0 goes down and out on the first turn (the 5♣ left to discard)."""
    game = house_deal(["You", "Ben", "Cleo"])
    game.apply(lp.TakeDiscard())
    game.apply(lp.GoDown([P("7H 7C 7S 7D"), P("9H 9D 9S")]))
    return game


def test_the_deal_end_panel_shows_every_hand_left_with_its_points() -> None:
    game = lp.Game.from_deal(
        "house",
        [
            "7H 7C 7S 9H 9D 9S 7D KC",
            "KH KH QD QD 3C 3C 6S 6S 8D 8D",
            "JC JC 10H 10H 4D 4D 5H 5H 2C 2C",
        ],
        stock="9C AS 6H 8C",
        upcard="9C",
        dealer=2,
        names=["You", "Ben", "Cleo"],
    )
    game.apply(lp.TakeDiscard())
    game.apply(lp.GoDown([P("7H 7C 7S 7D"), P("9H 9D 9S 9C")]))
    game.apply(lp.Discard("KC"))  # out
    assert game.deal == 2 and game.deal_scores[0][0] == 0
    summary = deal_summaries(game)[-1]
    assert summary.how == "You went out by discarding the K♣." and summary.last_cards == (C("KC"),)
    # without the option the model carries the summary, but no panel
    plain = build_table(game.view(0), game, deal_end=summary)
    assert plain.scores.panel is None and plain.scores.deal_end == summary
    model = build_table(game.view(0), game, deal_end=summary, deal_end_panel=True)
    panel = model.scores.panel
    assert panel is not None
    assert panel.title == "Deal 1 of 7 is over" and panel.how == summary.how
    assert [f.card for f in panel.went_out_with] == [C("KC")]
    assert panel.next == "Next: deal 2 of 7, 1 set + 1 run." and panel.button == "Next deal"
    assert not panel.over and panel.standings == () and panel.banner == ""
    you, ben, cleo = panel.hands
    assert you.went_out and you.cards == () and you.score == "0"
    assert you.text == "You went out: 0 points; total 0."
    for line, left in zip((ben, cleo), summary.hands[1:], strict=True):
        assert [f.card for f in line.cards] == list(left.cards)
        assert all(f.zone is lp.table_model.Zone.MELD for f in line.cards)
        assert sum(line.card_points) == line.hand_points == left.hand_points
        assert line.score == points_cell(left.score) and line.total == left.total
        assert line.text.startswith(f"{line.name}: 10 cards left, {line.hand_points} points")
    assert panel.pad == model.scores.pad
    # the deal's melds stay to be seen beside "went out by discarding" (the view is deal 2's)
    assert model.view.melds == () or all(not g.melds for g in model.view.melds)
    assert panel.melds_title == "The melds at the deal's end"
    (mine,) = panel.melds  # only the seat that laid melds
    assert mine.owner == 0 and mine.title.startswith("You") and mine.down
    assert [[f.card for f in m.cards] for m in mine.melds] == [P("7H 7C 7S 7D"), P("9H 9D 9S 9C")]
    # as data: the cards are pictured like every other card of the table
    data: DealEndDict | None = build_table(
        game.view(0), game, deal_end=summary, deal_end_panel=True
    ).to_dict(lambda face: f"<svg {face.card.code}>")["scores"]["panel"]
    assert data is not None and set(data) == set(get_type_hints(DealEndDict))
    assert data["hands"][1]["cards"][0]["svg"] == "<svg KH>"


def test_at_the_end_of_the_match_the_panel_names_the_winners() -> None:
    game = lp.play_match("house", [lp.bots.BasicBot(i) for i in range(3)], seed=2).game
    summaries = deal_summaries(game)
    panel = build_table(game.view(0), game, deal_end=summaries[-1], deal_end_panel=True)
    end = panel.scores.panel
    assert end is not None and end.over and end.next == ""
    assert end.banner == panel.scores.banner and end.banner.endswith("the match!")
    assert end.button == "See the final table"
    best = min(game.scores)
    assert end.standings[0].startswith("1. ") and end.standings[0].endswith(f"{best} points")
    assert len(end.standings) == game.players
    # every deal says how it ended; who went out played the cards it names
    for summary in summaries:
        assert summary.how
        if summary.went_out is not None:
            assert "went out" in summary.how and summary.last_cards


def test_while_another_player_decides_one_waiting_line() -> None:
    game = house_deal(["You", "Ben", "Cleo"])
    mine = build_table(game.view(0), game)
    assert mine.view.header.waiting == ""
    theirs = build_table(game.view(1), game)
    deciding = theirs.view.header.deciding
    assert deciding.startswith("You must")
    assert theirs.view.header.waiting == f"Waiting for You, who {deciding.removeprefix('You ')}"
    game.apply(lp.DrawStock())
    while game.phase is lp.Phase.BUY and game.to_act != 0:
        game.apply(lp.Pass())
    watching = build_table(game.view(2), game)
    assert watching.view.header.waiting.startswith("Waiting for You, who ")


def test_guidance_about_the_screen_is_marked_apart_from_refusals() -> None:
    game = house_deal()
    off = build_table(game.view(0), game).controls.button("discard")
    assert off.why == "You must draw before you discard." and not off.guide  # the engine's rule
    game.apply(lp.TakeDiscard())
    controls = build_table(game.view(0), game).controls
    assert controls.button("discard").why == "Select the one card you want to discard."
    assert controls.button("discard").guide
    assert controls.button("add_meld").guide and controls.button("lay_off").why


def test_the_deck_switch_is_on_every_screen_that_asks_for_it() -> None:
    game = house_deal()
    for interactive in (True, False):  # a projected table to watch most needs it
        model = build_table(game.view(0), game, four_color=True, interactive=interactive)
        (deck,) = model.controls.toggles
        assert (deck.name, deck.label, deck.value) == ("four_color", "Deck", "four")
        assert [c.label for c in deck.choices] == ["Two colours", "Four colours"]
    plain = build_table(game.view(0), game, four_color=False, auto_pass="off")
    assert [(t.name, t.value) for t in plain.controls.toggles] == [
        ("auto_pass", "off"),
        ("four_color", "two"),
    ]
    assert read_deck_choice("four") and not read_deck_choice("two")
    with pytest.raises(ValueError, match=r"The deck is 'two' or 'four', not 'blue'\."):
        read_deck_choice("blue")


def test_the_auto_pass_switch_and_when_it_passes() -> None:
    game = house_deal()
    model = build_table(game.view(0), game, auto_pass=AutoPass.WHEN_DOWN)
    (toggle,) = model.controls.toggles
    assert toggle.name == "auto_pass" and toggle.value == "when_down"
    assert [c.value for c in toggle.choices] == [str(m) for m in AutoPass]
    assert [c.label for c in toggle.choices] == list(AUTO_PASS_LABELS.values())
    assert "Pass for you" in toggle.help
    assert build_table(game.view(0), game).controls.toggles == ()  # not asked for: no switch
    assert (
        build_table(game.view(0), game, auto_pass="off", interactive=False).controls.toggles == ()
    )
    no_buying = lp.Game(lp.PRESETS["house"].replace(buying=False), 3, seed=1)
    assert build_table(no_buying.view(0), no_buying, auto_pass="always").controls.toggles == ()
    # an offer to seat 0: seat 1 draws from the stock, passing the discard
    game = house_deal()
    game.apply(lp.TakeDiscard())
    game.apply(lp.GoDown([P("7H 7C 7S 7D"), P("9H 9D 9S")]))
    game.apply(lp.Discard("KC"))
    for seat in (1, 2):  # seat 1 plays a turn; seat 2 draws from the stock, passing the 8♦
        game.apply(lp.DrawStock(), player=seat)
        while game.phase is lp.Phase.BUY and game.to_act != 0:
            game.apply(lp.Pass())
        if seat == 1:
            game.apply(lp.Discard("8D"), player=1)
    view = game.view(0)
    assert view.phase is lp.Phase.BUY and view.to_act == 0 and view.down[0]
    assert not auto_pass_due(view, "off")
    assert auto_pass_due(view, AutoPass.WHEN_DOWN) and auto_pass_due(view, "always")
    assert not auto_pass_due(game.view(1), "always")  # not seat 1's question


def test_go_down_asks_first_and_a_lesson_can_make_you_build_the_melds() -> None:
    game = house_deal()
    game.apply(lp.TakeDiscard())
    hand = game.hand(0)
    melds = [[hand.index(C(c)) for c in m.split()] for m in ("7H 7C 7S 7D", "9H 9D 9S")]
    q = build_table(game.view(0), game, confirm=melds).controls.confirm
    assert q is not None and q.button is ButtonKind.GO_DOWN
    assert q.melds == tuple(tuple(m) for m in melds)
    assert q.describe == ("set of sevens", "set of nines")
    assert q.text == "Go down with these two melds? (2 sets: set of sevens; set of nines)"
    assert (q.yes, q.no) == ("Go down", "Not yet")
    assert build_table(game.view(0), game).controls.confirm is None
    # must_build_melds: Go down stays off until a meld is built, with that reason as guidance
    go = build_table(game.view(0), game, must_build_melds=True).controls.button("go_down")
    assert not go.enabled and go.guide and "Add meld" in go.why
    built = build_table(game.view(0), game, must_build_melds=True, staged=[melds[0]])
    assert built.controls.button("go_down").enabled
    # not its turn: the engine's refusal comes first
    waiting = build_table(game.view(1), game, must_build_melds=True).controls.button("go_down")
    assert not waiting.guide and waiting.why == game.why_not(lp.GoDown(()), 1)


def test_a_players_own_table_says_you_and_a_picture_to_watch_names_them() -> None:
    """Ada's lines, the secret one included ("drew the 9♣"), are all in one person: "You" at a
    table she plays at (``to_seat``), "Ada" in a picture for watching; a player called "You"
    reads the second person either way."""
    hands = ["7H 7C 7S 9H 9D 9S KC 2D 4S 5C", "KH KH QD QD 3C 3C 6S 6S 8D 8D"]
    hands.append("JC JC 10H 10H 4D 4D 5H 5H 2C 2C")
    for name, watched in (("Ada", "Ada"), ("You", "You")):
        game = lp.Game.from_deal(
            "house", hands, stock="9C AS", upcard="7D", dealer=2, names=[name, "Ben", "Cleo"]
        )
        game.apply(lp.DrawStock())
        while game.phase is lp.Phase.BUY:
            game.apply(lp.Pass())
        view = game.view(0)
        played = build_table(view, game, events=game.log, to_seat=True)
        shown = build_table(view, game, events=game.log)
        assert "You drew the 9♣." in played.log
        assert "You chose the stock over the 7♦" in " ".join(played.log)
        assert not any("Ada" in line for line in played.log), played.log
        assert f"{watched} drew the 9♣." in shown.log, shown.log
        assert f"{watched} chose the stock over the 7♦, which is offered to buy." in shown.log
        assert played.view.header.deciding.startswith("You ")
        assert shown.view.header.deciding.startswith(f"{watched} ")


def test_seat_badges_agree_with_the_title_and_say_each_fact_once() -> None:
    game = house_deal(["You", "Ben", "Cleo"])
    model = build_table(game.view(0), game)
    me, ben = model.view.seats[0], model.view.seats[1]
    assert me.progress == "need 2 sets" and ben.progress == "needs 2 sets"  # "You need"
    assert [g.progress for g in model.view.melds][:2] == ["need 2 sets", "needs 2 sets"]
    named = house_deal(["Ada", "Ben", "Cleo"])
    assert build_table(named.view(0), named).view.seats[0].progress == "needs 2 sets"
    # the house has no buy limit: the header says so once, no seat repeats it
    assert model.view.header.buys == "no buy limit"
    assert all("buy" not in s.facts for s in model.view.seats)
    assert ben.facts == "10 cards · score 0"
    limited = lp.Game.from_deal(
        "online", ["7H 7C 7S 9H 9D 9S KC 2D", "KH KH QD QD 3C 3C 6S 6S"], upcard="7D", dealer=1
    )
    seats = build_table(limited.view(0), limited)
    assert seats.view.header.buys == "" and "left" in seats.view.seats[1].facts


def test_the_buy_question_says_what_a_buy_costs_in_the_terminals_words() -> None:
    from liverpool.table_model import buy_question

    assert buy_question(C("10D"), 1, None) == (
        "Buy the 10♦? You also take a penalty card from the stock (2 cards in all)."
    )
    assert buy_question(C("7H"), 2, 1) == (
        "Buy the 7♥? You also take 2 penalty cards from the stock (3 cards in all). "
        "You have 1 buy left."
    )
    assert buy_question(C("7H"), 0, None) == "Buy the 7♥? It costs no penalty card."


def test_go_down_with_fewer_melds_built_than_the_contract_says_what_to_do_next() -> None:
    game = house_deal(["You", "Ben", "Cleo"])
    game.apply(lp.TakeDiscard())
    said = going_down_melds(game, 0, [P("7H 7C 7S")], [])
    assert said == (
        "You have 1 of 2 melds ready: select the cards of the other set and press Add meld, "
        "then Go down."
    )
    # the selection is one more meld: with it the contract is there
    assert going_down_melds(game, 0, [P("7H 7C 7S")], P("9H 9D 9S")) == [
        P("7H 7C 7S"),
        P("9H 9D 9S"),
    ]


def test_a_deal_ended_by_laying_cards_shows_the_melds_before_that_move() -> None:
    game = lp.play_match("classic", [lp.bots.BasicBot(i) for i in range(3)], seed=1).game
    summary = deal_summaries(game)[0]
    assert summary.laid_last and summary.how == "Ben went out by laying off the 7♥."
    start = next(k for k in range(len(game.actions)) if game.replay_to(k).deal == 2)
    view = game.replay_to(start).view(0)  # deal 2 has begun: its table is empty
    panel = build_table(view, game, deal_end=summary, deal_end_panel=True).scores.panel
    assert panel is not None and panel.melds_title == "The melds before the last move"
    shown = [[f.card for f in m.cards] for g in panel.melds for m in g.melds]
    assert len(shown) == 6 and sorted(map(tuple, shown)) == sorted(
        tuple(m.cards) for m in summary.table
    )
    assert C("7H") in summary.last_cards  # the card laid off is pictured beside "how"


def test_hand_positions_use_each_card_of_the_hand_once_and_refuse_a_card_not_held() -> None:
    hand = P("7H 9C 7H JK 7S")
    # the second 7H of a meld is the hand's second 7H, whichever group asks for it
    assert hand_positions(hand, [P("7H 7S"), P("7H JK")]) == [[0, 4], [2, 3]]
    assert hand_positions(hand, []) == []
    assert hand_positions(hand, [P("7H 7H 7H")]) is None  # only two are held
    assert hand_positions(hand, [P("9C"), P("8D")]) is None
