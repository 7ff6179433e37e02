"""The play site's engine side (``liverpool.site_driver``), in CPython: the same JSON messages
the page's Web Worker sends, and the same answers."""

from __future__ import annotations

import json
from typing import Any

import pytest

import liverpool as lp
from liverpool.site_driver import STALE, Session, SiteMatch

# Seat 0 (you) starts; 3 players, deal 1 of the house rules (2 sets).
#   you:  7H 7C 7S  9H 9C 9D  2S 4D 6C JH   -> two sets down after one draw
#   Ben:  3C 3D 5H 5S 8C 10D QH QS KH AC
#   Cleo: 2D 4H 6S 8D 10S JC QD KD AD 3H
HANDS = [
    "7H 7C 7S 9H 9C 9D 2S 4D 6C JH",
    "3C 3D 5H 5S 8C 10D QH QS KH AC",
    "2D 4H 6S 8D 10S JC QD KD AD 3H",
]


def stacked() -> lp.Game:
    return lp.Game.from_deal("house", HANDS, stock="KS 4S 5D", upcard="8H", dealer=2, seed=3)


def drawn(match: SiteMatch) -> None:
    """You draw from the stock; the bots decide on buying the upcard; your turn goes on."""
    intent(match, "click_stock")
    match.run_bots()
    assert match.game.to_act == 0 and match.game.phase is lp.Phase.PLAY


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def intent(match: SiteMatch, kind: str, **fields: Any) -> None:
    match.handle({"kind": kind, "version": match.version, **fields})


def buttons(state: dict[str, Any]) -> dict[str, bool]:
    return {b["kind"]: b["enabled"] for b in state["table"]["controls"]["buttons"] if b["shown"]}


def index_of(match: SiteMatch, code: str) -> int:
    return [c.code for c in match.game.hand(0)].index(code)


def start(session: Session, **fields: Any) -> dict[str, Any]:
    message = {"type": "start", "preset": "house", "level": "basic", "players": 3, "seed": 7}
    return session.handle({**message, "pace": 0, **fields})


def test_hello_lists_the_presets_and_levels() -> None:
    hello = Session().handle({"type": "hello"})
    names = [p["name"] for p in hello["presets"]]
    assert names == lp.preset_names()
    assert hello["levels"] == list(lp.bots.LEVELS)
    house = hello["presets"][names.index("house")]
    assert house["min_players"] == 3 and house["max_players"] == 8


def test_receive_is_json_in_json_out() -> None:
    session = Session()
    answer = json.loads(session.receive(json.dumps({"type": "start", "seed": 5, "players": 3})))
    assert answer["type"] == "state" and answer["info"]["seed"] == 5
    assert json.loads(session.receive("not json"))["type"] == "error"


def test_hello_says_a_few_words_on_each_preset_from_its_rules() -> None:
    presets = {p["name"]: p for p in Session().handle({"type": "hello"})["presets"]}
    assert presets["house"]["title"] == "House rules"
    assert presets["house"]["about"] == "the default; 7 deals, jokers wild"
    assert presets["classic"]["about"] == "7 deals, 2s wild"
    assert presets["online"]["about"].endswith("12 s to buy")
    assert presets["i_buy"]["title"] == "I Buy Sausages" and presets["i_buy"]["deals"] == 8
    assert all(p["title"] and p["about"] for p in presets.values())


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        (
            {"preset": "nowhere"},
            "There are no rules called 'nowhere': choose house, classic, online, traditional, "
            "florida, i_buy or me.",
        ),
        ({"preset": 5}, "There are no rules called 5: choose house, classic, online, "),
        ({"players": 1}, "The house rules are for 3 to 8 players, not 1."),
        ({"players": 9}, "The house rules are for 3 to 8 players, not 9."),
        ({"players": "three"}, "The number of players is a whole number, not 'three'."),
        ({"level": "godlike"}, "There are no 'godlike' bots: choose random, basic, strong or "),
        ({"seed": -4}, "The seed is a whole number of 0 or more, not -4. Leave it empty for "),
        ({"seed": "²"}, "The seed is a whole number of 0 or more, not '²'. Leave it empty for "),
        ({"seed": "1e5"}, "The seed is a whole number of 0 or more, not '1e5'."),
        ({"seed": "9" * 41}, "A seed has at most 40 digits."),
        ({"pace": "fast"}, "The pace is 0 to 10 seconds per bot move, not 'fast'."),
        ({"pace": 99}, "The pace is 0 to 10 seconds per bot move, not 99."),
    ],
)
def test_a_bad_start_says_what_is_wrong_in_a_sentence(fields: dict[str, Any], said: str) -> None:
    answer = start(Session(), **fields)
    assert answer["type"] == "error" and answer["text"].startswith(said)
    assert answer["text"].endswith(".")


def test_missing_or_null_start_fields_take_their_defaults() -> None:
    answer = Session().handle(
        {"type": "start", "preset": None, "level": None, "players": 3, "seed": 4, "pace": None}
    )
    assert answer["type"] == "state"
    assert answer["info"]["rules"] == "house" and answer["info"]["level"] == "basic"


def test_the_seed_is_kept_as_typed_however_long() -> None:
    typed = "12345678901234567890"  # past 2**53: a JavaScript number would lose digits
    answer = start(Session(), seed=typed)
    assert answer["info"]["seed"] == int(typed) and answer["info"]["seed_text"] == typed
    assert start(Session(), seed=" 0042 ")["info"]["seed_text"] == "42"


def test_nothing_but_start_hello_or_load_before_a_match() -> None:
    session = Session()
    assert session.handle({"type": "bot"})["type"] == "error"
    assert session.handle("nonsense")["type"] == "error"
    assert start(session)["type"] == "state"
    assert session.handle({"type": "dance"})["type"] == "error"


def test_a_random_seed_is_drawn_and_shown() -> None:
    answer = start(Session(), seed=None)
    assert isinstance(answer["info"]["seed"], int)


def test_card_pictures_are_sent_once() -> None:
    session = Session()
    first = start(session)
    assert first["cards"] and all(svg.startswith("<svg") for svg in first["cards"].values())
    again = session.handle({"type": "state"})
    assert again["cards"] == {}
    keys = {c["svg"] for c in again["table"]["view"]["hand"]}
    assert keys <= set(first["cards"])


def test_a_whole_deal_by_simple_clicks_then_the_panel_holds_the_bots() -> None:
    session = Session()
    state = start(session)
    for _ in range(500):
        if state["info"]["paused"]:
            break
        version = state["version"]
        live = buttons(state)
        if state["bot_delay"] is not None:
            state = session.handle({"type": "bot"})
            continue
        if state["table"]["controls"].get("confirm"):
            click = {"kind": "press", "button": "go_down", "confirm": True}
        elif live.get("draw"):
            click = {"kind": "click_stock"}
        elif live.get("pass"):
            click = {"kind": "press", "button": "pass"}
        elif live.get("go_down"):
            click = {"kind": "press", "button": "go_down"}
        elif not state["table"]["controls"]["selected"]:
            card = state["table"]["view"]["hand"][-1]
            click = {"kind": "click_card", "index": card["index"], "code": card["code"]}
        else:
            click = {"kind": "click_discard"}
        state = session.handle({"type": "intent", "intent": {**click, "version": version}})
        assert not state["table"]["crash"], state["table"]["crash"]
    assert state["info"]["paused"] and state["info"]["deals_done"] == 1
    assert state["bot_delay"] is None
    assert state["table"]["scores"]["panel"]["title"].startswith("Deal 1")
    refused = session.handle({"type": "intent", "intent": {"kind": "click_stock"}})
    assert "Next deal" in refused["table"]["error"]
    state = session.handle({"type": "intent", "intent": {"kind": "next_deal"}})
    assert not state["info"]["paused"] and state["info"]["deal"] == 2


def test_draw_go_down_with_the_tables_melds_and_discard() -> None:
    match = SiteMatch(stacked(), pace=0)
    drawn(match)
    assert len(match.game.hand(0)) == 11
    intent(match, "press", button="go_down")
    confirm = match.model().controls.confirm
    assert confirm is not None and len(confirm.melds) == 2
    intent(match, "press", button="go_down", confirm=True)
    assert match.game.is_down(0), match.error
    intent(match, "click_card", index=index_of(match, "JH"), code="JH")
    intent(match, "click_discard")
    assert match.error == "" and match.game.to_act != 0
    assert match.bot_delay() is not None
    assert match.run_bots() > 0 and match.game.to_act == 0


def test_any_click_answers_the_question_before_going_down() -> None:
    match = SiteMatch(stacked(), pace=0)
    drawn(match)
    intent(match, "press", button="go_down")
    intent(match, "cancel")
    assert match.model().controls.confirm is None and not match.game.is_down(0)


def test_melds_built_with_add_meld_go_down_at_once() -> None:
    match = SiteMatch(stacked(), pace=0)
    drawn(match)
    for group in (["7H", "7C", "7S"], ["9H", "9C", "9D"]):
        for code in group:
            intent(match, "click_card", index=index_of(match, code), code=code)
        intent(match, "press", button="add_meld")
    assert len(match.staged) == 2 and match.selected == []
    intent(match, "press", button="go_down")
    assert match.game.is_down(0), match.error


def test_refusals_are_sentences_not_exceptions() -> None:
    match = SiteMatch(stacked(), pace=0)
    intent(match, "press", button="discard")
    assert "Select one card" in match.error and match.error_kind == "guide"
    intent(match, "press", button="buy")
    assert match.error and match.error_kind == "error"
    for bad in (None, "x", {"kind": 3}, {"kind": "press", "button": "fly"}, {"kind": "move"}):
        match.handle(bad)
        assert match.error and not match.crash


def test_a_click_on_an_older_table_is_ignored() -> None:
    match = SiteMatch(stacked(), pace=0)
    old = match.version
    intent(match, "click_stock")
    match.handle({"kind": "click_stock", "version": old})
    assert match.error == STALE
    code = match.game.hand(0)[0].code
    match.handle({"kind": "click_card", "index": 0, "code": code, "version": old})
    assert match.selected == [0]  # the same card still: a selection needs no fresh table


def test_sort_and_move_keep_the_players_order() -> None:
    match = SiteMatch(stacked(), pace=0)
    intent(match, "sort", mode="suit")
    hand = match.game.hand(0)
    assert [hand[i] for i in match.display_order()] == sorted(hand, key=lp.Card.suit_sort_key)
    intent(match, "move", index=index_of(match, "JH"), to=0)
    assert match.sort_mode == "own" and match.display_order()[0] == index_of(match, "JH")


def test_undo_takes_back_your_last_move() -> None:
    match = SiteMatch(stacked(), pace=0)
    intent(match, "press", button="undo")
    assert "nothing to undo" in match.error
    intent(match, "click_stock")
    intent(match, "press", button="undo")
    assert len(match.game.actions) == 0 and len(match.game.hand(0)) == 10


def test_hint_names_a_move() -> None:
    match = SiteMatch(stacked(), pace=0)
    intent(match, "press", button="hint")
    hint = match.model().controls.hint
    assert hint is not None and hint.text


def test_save_and_load_a_record() -> None:
    session = Session()
    start(session)
    session.handle({"type": "intent", "intent": {"kind": "click_stock"}})
    saved = session.handle({"type": "save"})
    assert saved["type"] == "record" and saved["name"].endswith(".json")
    record = json.loads(saved["text"])
    assert record["format"] == "liverpool-record"
    loaded = Session().handle({"type": "load", "text": saved["text"], "pace": 0})
    assert loaded["info"]["actions"] == len(record["actions"])
    bad = session.handle({"type": "load", "text": saved["text"].replace('"seed"', '"sead"')})
    assert bad["text"] == "That saved game cannot be loaded. The saved game is missing seed."
    assert session.handle({"type": "state"})["info"]["actions"] == len(record["actions"])


def test_a_loaded_record_tells_the_page_its_settings() -> None:
    session = Session()
    start(session, preset="classic", players=5, seed="12345678901234567890")
    text = session.handle({"type": "save"})["text"]
    info = Session().handle({"type": "load", "text": text, "level": "strong"})["info"]
    assert (info["rules"], info["players"], info["level"]) == ("classic", 5, "strong")
    assert info["seed_text"] == "12345678901234567890"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "That file is empty: it is not a saved Liverpool game."),
        ("PK\x03\x04 a zip file", "That file is not a saved Liverpool game."),
        ('{"format": "something else"}', "That file is not a saved Liverpool game."),
        ("[1, 2, 3]", "That file is not a saved Liverpool game."),
        ('{"format": "liverpool-record", "version": 1, "ru', "That saved game is cut short"),
    ],
)
def test_a_file_that_is_no_record_is_said_so(text: str, said: str) -> None:
    session = Session()
    start(session)
    answer = session.handle({"type": "load", "text": text})
    assert answer["type"] == "error" and answer["text"].startswith(said)
    assert session.handle({"type": "state"})["info"]["seed"] == 7  # the match goes on


def test_a_timed_buy_offer_lapses_into_a_pass() -> None:
    clock = Clock()
    session = Session(clock=clock)
    state = start(session, preset="online", players=3, seed=11)
    for _ in range(300):  # play on (drawing, discarding) until a buy offer reaches you
        if state["deadline_in"] is not None:
            break
        if state["bot_delay"] is not None:
            state = session.handle({"type": "bot"})
            continue
        live = buttons(state)
        if live.get("draw"):
            click: dict[str, Any] = {"kind": "click_stock"}
        elif not state["table"]["controls"]["selected"]:
            card = state["table"]["view"]["hand"][-1]
            click = {"kind": "click_card", "index": card["index"], "code": card["code"]}
        else:
            click = {"kind": "click_discard"}
        state = session.handle({"type": "intent", "intent": {**click, "version": state["version"]}})
    assert state["deadline_in"] == pytest.approx(12.0)
    actions = state["info"]["actions"]
    assert session.handle({"type": "tick"})["info"]["actions"] == actions  # not yet
    wrong = {"kind": "press", "button": "discard", "version": state["version"]}
    assert session.handle({"type": "intent", "intent": wrong})["table"]["error"]
    clock.now += 12.5
    after = session.handle({"type": "tick"})
    assert after["info"]["actions"] > actions and after["deadline_in"] is None
    assert after["table"]["error"] == ""  # the wrong click's words went with the offer


def test_auto_pass_passes_buy_offers() -> None:
    session = Session()
    start(session)
    match = session.match
    assert match is not None
    match.handle({"kind": "option", "name": "auto_pass", "value": "always"})
    assert match.auto_pass == "always"
    match.handle({"kind": "option", "name": "auto_pass", "value": "never"})
    assert "Auto-pass" in match.error
    for _ in range(40):
        match.run_bots()
        assert match.game.phase is not lp.Phase.BUY or match.game.to_act != 0
        if match.game.to_act != 0:
            break
        intent(match, "click_stock")
        intent(match, "click_card", index=0, code=match.game.hand(0)[0].code)
        intent(match, "click_discard")


def test_the_deck_switch_draws_every_card_again_in_four_colours() -> None:
    session = Session()
    start(session)
    match = session.match
    assert match is not None
    two, _ = match.table()
    assert two["four_color"] is False
    match.handle({"kind": "option", "name": "four_color", "value": "four"})
    four, fresh = match.table()
    assert four["four_color"] is True and match.error == ""
    deck = [t for t in four["controls"]["toggles"] if t["name"] == "four_color"]
    assert deck[0]["value"] == "four"
    assert fresh and all(key.endswith("/4") for key in fresh)  # new pictures, not the old ones
    diamonds = [svg for key, svg in fresh.items() if key[1:2] == "D" or key[2:3] == "D"]
    assert diamonds and all("#1b5fd1" in svg for svg in diamonds)  # a blue diamond


def test_a_crashing_bot_is_shown_and_stops_the_bots() -> None:
    class Broken:
        def act(self, view: Any, legal: Any) -> Any:
            raise RuntimeError("the bot fell over")

    session = Session()
    state = start(session, pace=0.5)
    match = session.match
    assert match is not None and state["bot_delay"] is not None
    match.bots = [None, Broken(), Broken()]
    state = session.handle({"type": "bot"})
    assert "the bot fell over" in state["table"]["crash"]
    assert state["bot_delay"] is None


def test_a_press_with_no_button_is_said_in_words() -> None:
    session = Session()
    start(session)
    state = session.handle({"type": "intent", "intent": {"kind": "press"}})
    assert state["table"]["error"] == (
        "That click pressed no button: press one of the table's buttons."
    )
    assert not state["table"]["crash"]


def test_the_pace_can_change_mid_match() -> None:
    session = Session()
    state = start(session, pace=1.0)
    assert state["bot_delay"] in (1.0, pytest.approx(0.35))
    state = session.handle({"type": "pace", "value": 0})
    assert state["bot_delay"] == 0
    assert session.handle({"type": "pace", "value": 99})["type"] == "error"
    fast = session.handle({"type": "pace", "value": "fast"})
    assert fast["text"] == "The pace is 0 to 10 seconds per bot move, not 'fast'."
