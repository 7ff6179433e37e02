"""Saved games: ``to_json`` / ``from_json`` replay exactly, and corrupt records are refused.

A record is rules + players + seed (or a stacked deal) + actions, with a SHA-256 digest of it
all and a summary of where the game stood. These tests check that

* a record replays to the same ``state_key()`` (every zone, every counter and the random
  generator's state) and the same event texts, mid-deal and after the match, for seeded games,
  stacked deals and a house's own ``Rules``;
* every kind of damage — not JSON, cut short, another format or version, a missing field, a
  changed byte (action, seed, rules, digest), and tampering that keeps the digest right (an
  illegal action, an unknown rules field, a changed summary) — raises ``lp.RecordError`` with
  one readable sentence, and never yields a game whose cards do not add up.

To tamper "well" a test rebuilds the digest over the changed body with ``record._digest``, just
as someone editing a saved file with the engine's source at hand could.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import liverpool as lp
from liverpool.record import FORMAT, VERSION, _digest

# -- helpers ---------------------------------------------------------------------------------------


def play(g: lp.Game, steps: int | None, seed: int = 0) -> lp.Game:
    """Apply ``steps`` random legal actions (all the way to the end when ``None``)."""
    bots = [lp.bots.RandomBot(seed * 100 + i) for i in range(g.players)]
    count = 0
    while not g.is_over and (steps is None or count < steps):
        seat = g.to_act
        assert seat is not None
        g.apply(bots[seat].act(g.view(seat), g.legal_actions()))
        count += 1
    return g


def assert_same_game(a: lp.Game, b: lp.Game) -> None:
    assert b.state_key() == a.state_key()
    assert [e.text for e in b.log] == [e.text for e in a.log]
    assert [e.kind for e in b.log] == [e.kind for e in a.log]
    assert b.actions == a.actions
    assert b.rules == a.rules
    assert b.names == a.names
    assert b.seed == a.seed
    assert b.scores == a.scores and b.deal_scores == a.deal_scores
    for seat in range(a.players):
        assert b.hand(seat) == a.hand(seat)
        assert b.view(seat) == a.view(seat)
    assert b.legal_actions() == a.legal_actions()


def redigest(data: dict[str, Any]) -> str:
    """The record text of ``data`` with its digest rebuilt (tampering the digest cannot see)."""
    body = {k: v for k, v in data.items() if k != "digest"}
    return json.dumps({**body, "digest": _digest(body)})


def refuse(text: Any, *words: str) -> str:
    """``from_json(text)`` must raise RecordError whose message is one sentence naming
    ``words``."""
    with pytest.raises(lp.RecordError) as info:
        lp.Game.from_json(text)
    message = str(info.value)
    assert message and "\n" not in message and "Traceback" not in message
    assert len(message) < 400, message
    for word in words:
        assert word.lower() in message.lower(), (word, message)
    return message


def stacked_lesson() -> lp.Game:
    """A small stacked house deal (3 players) like a lesson would set up."""
    return lp.Game.from_deal(
        "house",
        hands=[
            "7H 7C 7S 8D 8C 8H JK 3C 4C 5C",
            "KH KD QS QC JD JC 9S 9D 4H 5H",
            "AS AD 3H 3D 6S 6C 10H 10C KS QD",
        ],
        stock="9H 2H JS JH 6D",
        upcard="2D",
        deal=1,
        dealer=2,
        seed=31,
        names=["Ann", "Bob", "Cy"],
    )


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    """A mid-deal classic record (cut, buys and several turns) as parsed JSON."""
    g = play(lp.Game("classic", 3, seed=4), 60, seed=4)
    return dict(json.loads(g.to_json()))


# -- round trips -----------------------------------------------------------------------------------

SEEDED = [
    ("house", 4, 1),
    ("classic", 3, 2),
    ("online", 2, 3),
    ("traditional", 5, 4),
    ("florida", 3, 5),
    ("i_buy", 6, 6),
    ("me", 8, 7),
]


@pytest.mark.parametrize("steps", [0, 1, 37, 250])
@pytest.mark.parametrize(("preset", "players", "seed"), SEEDED)
def test_seeded_record_replays_exactly(preset: str, players: int, seed: int, steps: int) -> None:
    g = play(lp.Game(preset, players, seed=seed), steps, seed=seed)
    text = g.to_json()
    again = lp.Game.from_json(text)
    assert_same_game(g, again)
    assert again.to_json() == text, "a replayed game saves the same record"


@pytest.mark.parametrize(("preset", "players", "seed"), [("i_buy", 8, 9), ("house", 3, 10)])
def test_finished_match_replays_exactly(preset: str, players: int, seed: int) -> None:
    g = play(lp.Game(preset, players, seed=seed), None, seed=seed)
    assert g.is_over
    again = lp.Game.from_json(g.to_json(indent=2))
    assert_same_game(g, again)
    assert again.is_over and again.winners == g.winners


def test_replayed_game_plays_on_like_the_original() -> None:
    g = play(lp.Game("traditional", 4, seed=12), 80, seed=12)
    again = lp.Game.from_json(g.to_json())
    play(g, 120, seed=99)
    play(again, 120, seed=99)
    assert_same_game(g, again)


@pytest.mark.parametrize("steps", [0, 3, 40, None])
def test_stacked_deal_record_replays_exactly(steps: int | None) -> None:
    g = play(stacked_lesson(), steps, seed=3)
    text = g.to_json()
    again = lp.Game.from_json(text)
    assert_same_game(g, again)
    assert json.loads(text)["stacked"]["hands"][0][:3] == ["7H", "7C", "7S"]
    if steps is None:
        assert again.is_over


def test_stacked_late_deal_record_replays() -> None:
    rules = lp.PRESETS["online"]
    shoe = rules.build_shoe(3)
    random.Random(8).shuffle(shoe)
    hands = [shoe[i * 12 : (i + 1) * 12] for i in range(3)]
    g = lp.Game.from_deal(rules, hands, shoe[37:50], shoe[36], deal=7, dealer=1, seed=8)
    play(g, 90, seed=8)
    assert_same_game(g, lp.Game.from_json(g.to_json()))


def test_custom_rules_survive_the_record() -> None:
    rules = lp.PRESETS["house"].replace(
        name="our house",
        liverpool_call=True,
        max_buys_per_deal=2,
        peruvian=True,
        buy_penalty_cards=2,
        max_reshuffles=1,
    )
    g = play(lp.Game(rules, ["Mo", "Jo", "Flo", "Bo"], seed=21), 400, seed=21)
    again = lp.Game.from_json(g.to_json())
    assert again.rules == rules
    assert again.rules.name == "our house" and again.names == ("Mo", "Jo", "Flo", "Bo")
    assert again.contract.cards_dealt == 12
    assert_same_game(g, again)


@pytest.mark.parametrize("preset", sorted(lp.PRESETS))
def test_every_preset_round_trips_its_rules_exactly(preset: str) -> None:
    rules = lp.PRESETS[preset]
    g = lp.Game(rules, rules.min_players, seed=1)
    assert lp.Game.from_json(g.to_json()).rules == rules


def test_a_game_without_a_seed_keeps_the_one_it_drew() -> None:
    g = play(lp.Game("house", 4, seed=None), 30)
    assert isinstance(g.seed, int)
    assert_same_game(g, lp.Game.from_json(g.to_json()))


def test_record_is_plain_versioned_json(record: dict[str, Any]) -> None:
    assert record["format"] == FORMAT == "liverpool-record"
    assert record["version"] == VERSION
    assert set(record) >= {"rules", "players", "seed", "dealer", "actions", "digest"}
    assert len(record["digest"]) == 64
    assert all(isinstance(a, dict) and "type" in a for a in record["actions"])


# -- damaged text ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "hello", "{", "[1, 2", "nul", "{'format': 1}"])
def test_text_that_is_not_json_is_refused(text: str) -> None:
    refuse(text, "not valid JSON")


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"format": "liverpool-record", "seed": ' + "9" * 5000 + "}"],
)
def test_json_nested_too_deep_or_a_number_too_long_is_refused(text: str) -> None:
    refuse(text, "nests too deep or holds a number too long")


@pytest.mark.parametrize("seed", [1.5, "abc", True])
def test_a_game_refuses_a_seed_its_record_could_not_replay(seed: Any) -> None:
    with pytest.raises(lp.RulesError, match="a seed is a whole number"):
        lp.Game("house", 4, seed=seed)
    with pytest.raises(lp.RulesError, match="a seed is a whole number"):
        lp.Game.from_deal("house", ["7H", "8H", "9H"], seed=seed)


@pytest.mark.parametrize("value", [None, 42, ["a"], {"format": "liverpool-record"}])
def test_a_value_that_is_not_text_is_refused(value: Any) -> None:
    with pytest.raises(lp.RecordError):
        lp.Game.from_json(value)


@pytest.mark.parametrize("fraction", [0.0001, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999])
def test_a_truncated_record_is_refused(record: dict[str, Any], fraction: float) -> None:
    text = json.dumps(record)
    cut = max(1, int(len(text) * fraction))
    refuse(text[:cut], "not valid JSON")


def test_a_record_cut_after_its_last_brace_but_missing_the_end_is_refused(
    record: dict[str, Any],
) -> None:
    text = json.dumps(record)
    for cut in (len(text) - 1, len(text) - 2, len(text) - 30):
        refuse(text[:cut])


@pytest.mark.parametrize("text", ["[]", "3", '"liverpool"', "null", '{"a": 1}'])
def test_json_that_is_not_a_saved_game_is_refused(text: str) -> None:
    refuse(text, "not a liverpool saved game")


def test_wrong_format_is_refused(record: dict[str, Any]) -> None:
    refuse(json.dumps({**record, "format": "chess-pgn"}), "not a liverpool saved game")
    refuse(redigest({**record, "format": "liverpool-recording"}), "not a liverpool saved game")


@pytest.mark.parametrize("version", [0, 2, 99, "1", None, 1.5])
def test_wrong_version_is_refused(record: dict[str, Any], version: Any) -> None:
    refuse(redigest({**record, "version": version}), "version")


@pytest.mark.parametrize("field", ["rules", "players", "seed", "dealer", "actions", "digest"])
def test_a_missing_field_is_refused(record: dict[str, Any], field: str) -> None:
    data = {k: v for k, v in record.items() if k != field}
    refuse(json.dumps(data), "missing", field)
    if field != "digest":
        refuse(redigest(data), "missing", field)


@pytest.mark.parametrize("field", ["stacked", "summary"])
def test_removing_an_optional_field_breaks_the_digest(record: dict[str, Any], field: str) -> None:
    data = {k: v for k, v in record.items() if k != field}
    refuse(json.dumps(data), "digest")


# -- changed bytes (digest catches them) -----------------------------------------------------------


def test_a_changed_action_is_refused(record: dict[str, Any]) -> None:
    actions = [dict(a) for a in record["actions"]]
    k = next(i for i, a in enumerate(actions) if a["type"] == "Discard")
    actions[k]["card"] = "QS" if actions[k]["card"] != "QS" else "QH"
    refuse(json.dumps({**record, "actions": actions}), "changed", "digest")


def test_a_dropped_or_added_action_is_refused(record: dict[str, Any]) -> None:
    refuse(json.dumps({**record, "actions": record["actions"][:-1]}), "digest")
    refuse(json.dumps({**record, "actions": [*record["actions"], {"type": "Pass"}]}), "digest")


def test_a_changed_seed_is_refused(record: dict[str, Any]) -> None:
    refuse(json.dumps({**record, "seed": record["seed"] + 1}), "digest")


def test_changed_rules_are_refused(record: dict[str, Any]) -> None:
    rules = {**record["rules"], "buy_penalty_cards": 2}
    refuse(json.dumps({**record, "rules": rules}), "digest")
    rules = {**record["rules"], "wild_ranks": []}
    refuse(json.dumps({**record, "rules": rules}), "digest")


def test_changed_players_are_refused(record: dict[str, Any]) -> None:
    refuse(json.dumps({**record, "players": ["Ada", "Ben", "Eve"]}), "digest")


def test_a_changed_byte_anywhere_is_refused(record: dict[str, Any]) -> None:
    text = json.dumps(record, sort_keys=True)
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    for i in random.Random(5).sample(digits, 40):
        digit = str((int(text[i]) + 1) % 10)
        with pytest.raises(lp.RecordError):
            lp.Game.from_json(text[:i] + digit + text[i + 1 :])


def test_a_removed_digest_is_refused(record: dict[str, Any]) -> None:
    data = {k: v for k, v in record.items() if k != "digest"}
    refuse(json.dumps(data), "missing digest")


@pytest.mark.parametrize(
    "alter",
    [
        lambda d: d[:-1] + ("0" if d[-1] != "0" else "1"),
        lambda d: d.upper(),
        lambda d: d[:32],
        lambda d: "",
        lambda d: 0,
        lambda d: None,
    ],
)
def test_an_altered_digest_is_refused(record: dict[str, Any], alter: Callable[[str], Any]) -> None:
    refuse(json.dumps({**record, "digest": alter(record["digest"])}), "digest")


# -- tampering that keeps the digest right (replay catches it) -------------------------------------


def _hand_before(record: dict[str, Any], k: int) -> tuple[lp.Game, list[lp.Card]]:
    """The game of ``record`` replayed up to (not including) action ``k``, and the acting
    hand."""
    data = dict(record)
    data["actions"] = record["actions"][:k]
    data.pop("summary")
    g = lp.Game.from_json(redigest(data))
    seat = g.to_act
    assert seat is not None
    return g, g.hand(seat)


def test_an_action_illegal_at_its_point_is_refused(record: dict[str, Any]) -> None:
    actions = record["actions"]
    k = next(i for i, a in enumerate(actions) if a["type"] == "Discard")
    _, hand = _hand_before(record, k)
    missing = next(c for c in lp.PRESETS["classic"].build_shoe(3) if c not in hand)
    tampered = [*actions[:k], {"type": "Discard", "card": missing.code}, *actions[k + 1 :]]
    message = refuse(redigest({**record, "actions": tampered}), f"action {k + 1}", "illegal")
    assert str(missing) in message


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "Buy"},
        {"type": "CallRummy"},
        {"type": "GiveCard", "card": "7H"},
        {"type": "Cut", "aim": 0},
        {"type": "LayOff", "card": "7H", "meld": 99, "end": None},
    ],
)
def test_an_action_of_the_wrong_kind_is_refused(
    record: dict[str, Any], bad: dict[str, Any]
) -> None:
    actions = record["actions"]
    k = next(i for i, a in enumerate(actions) if a["type"] == "DrawStock")
    tampered = [*actions[:k], bad, *actions[k + 1 :]]
    refuse(redigest({**record, "actions": tampered}), f"action {k + 1}")


def test_an_extra_action_after_the_end_is_refused() -> None:
    g = play(lp.Game("i_buy", 8, seed=9), None, seed=9)
    data = json.loads(g.to_json())
    data["actions"].append({"type": "DrawStock"})
    refuse(redigest(data), f"action {len(data['actions'])}", "over")


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "Teleport"},
        {"kind": "Discard"},
        {"type": "Discard"},
        {"type": "Discard", "card": "XX"},
        {"type": "Discard", "card": "7H", "extra": 1},
        "DrawStock",
        None,
        7,
    ],
)
def test_an_unreadable_action_is_refused(record: dict[str, Any], bad: Any) -> None:
    tampered = [*record["actions"][:3], bad, *record["actions"][4:]]
    refuse(redigest({**record, "actions": tampered}))


def test_a_changed_seed_with_a_rebuilt_digest_is_refused(record: dict[str, Any]) -> None:
    refuse(redigest({**record, "seed": record["seed"] + 1}))


def test_changed_rules_with_a_rebuilt_digest_are_refused(record: dict[str, Any]) -> None:
    rules = {**record["rules"], "buy_penalty_cards": 2}
    refuse(redigest({**record, "rules": rules}))


@pytest.mark.parametrize("name", [[1, 2], {"a": 1}, "", 7])
def test_a_rules_name_that_is_not_a_word_is_refused(record: dict[str, Any], name: Any) -> None:
    rules = {**record["rules"], "name": name}
    refuse(redigest({**record, "rules": rules}), "name must be a word")


def test_an_unknown_rules_field_is_refused(record: dict[str, Any]) -> None:
    rules = {**record["rules"], "sausages": True}
    refuse(json.dumps({**record, "rules": rules}), "digest")
    refuse(redigest({**record, "rules": rules}), "unknown field", "sausages")


@pytest.mark.parametrize(
    ("name", "value"),
    [("set_wilds", "many"), ("min_players", 0), ("card_points", 5), ("shoe", "two decks")],
)
def test_an_impossible_rules_value_is_refused(
    record: dict[str, Any], name: str, value: Any
) -> None:
    rules = {**record["rules"], name: value}
    refuse(redigest({**record, "rules": rules}), "rule")


def test_a_changed_summary_is_refused(record: dict[str, Any]) -> None:
    summary = {**record["summary"], "stock_size": record["summary"]["stock_size"] + 1}
    refuse(redigest({**record, "summary": summary}), "does not reach")
    summary = {**record["summary"], "scores": [1, 0, 0]}
    refuse(redigest({**record, "summary": summary}), "does not reach")


def test_a_stacked_deal_naming_too_many_copies_is_refused() -> None:
    data = json.loads(stacked_lesson().to_json())
    data["stacked"]["hands"][0] = ["7H"] * 10
    refuse(redigest(data), "cannot be set up")


def test_a_stacked_deal_with_a_changed_hand_breaks_the_digest() -> None:
    g = play(stacked_lesson(), 12, seed=1)
    data = json.loads(g.to_json())
    data["stacked"]["hands"][0][0], data["stacked"]["hands"][1][0] = (
        data["stacked"]["hands"][1][0],
        data["stacked"]["hands"][0][0],
    )
    refuse(json.dumps(data), "digest")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rules", []),
        ("rules", "house"),
        ("actions", 5),
        ("actions", {"type": "DrawStock"}),
        ("actions", "DrawStock"),
        ("players", 1),
        ("players", []),
        ("players", "Ada"),
        ("players", 99),
        ("dealer", 7),
        ("dealer", "0"),
        ("seed", [1]),
        ("stacked", 5),
        ("stacked", {"hands": 3}),
        ("stacked", []),
    ],
)
def test_fields_of_the_wrong_shape_are_refused(
    record: dict[str, Any], field: str, value: Any
) -> None:
    refuse(redigest({**record, field: value}))


def test_a_short_stacked_deal_replays_with_its_own_card_count() -> None:
    """``complete=False`` leaves the shoe short on purpose (a puzzle): the record keeps it."""
    g = lp.Game.from_deal(
        "house",
        ["7H 7C 7S 8D 8C 8H 2C 3C 4C 5C", "KH KD QS QC JD JC 9S 9D 4H 5H", "AS AD 3H 3D"],
        "9H 2H JS JH",
        "6D",
        complete=False,
    )
    short = g.total_cards()
    assert short < len(lp.PRESETS["house"].build_shoe(3))
    play(g, 6, seed=2)
    assert g.deal == 1 and g.total_cards() == short
    again = lp.Game.from_json(g.to_json())
    assert_same_game(g, again)
    assert again.total_cards() == short
    play(g, None, seed=2)  # later deals are dealt from the whole shoe
    assert g.total_cards() == len(lp.PRESETS["house"].build_shoe(3))
    assert_same_game(g, lp.Game.from_json(g.to_json()))


# -- fuzz: whatever the damage, a clear refusal or a sound game ----------------------------------


def _mutations(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every value inside ``data`` (dict keys and list indexes)."""
    paths: list[tuple[Any, ...]] = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            paths.extend(_mutations(v, (*path, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data[:12]):
            paths.extend(_mutations(v, (*path, i)))
    return paths


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _set(copy[path[0]], path[1:], value)
    return copy


SMALL_RECORD = json.loads(play(lp.Game("online", 2, seed=17), 30, seed=17).to_json())
SMALL_RECORD.pop("digest")
PATHS = [p for p in _mutations(SMALL_RECORD) if p]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 300),
    st.sampled_from(["", "7H", "JK", "house", "low", "set", "draw", "x"]),
    st.lists(st.integers(0, 5), max_size=3),
    st.just({}),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=JUNK)
def test_a_redigested_damaged_record_is_refused_or_sound(path: tuple[Any, ...], value: Any) -> None:
    data = _set(SMALL_RECORD, path, value)
    try:
        g = lp.Game.from_json(redigest(data))
    except lp.RecordError as exc:
        assert str(exc)
        return
    # Accepted: the change made no difference the replay could see; the game must be sound.
    rules = g.rules
    assert g.total_cards() == len(rules.build_shoe(g.players))
    again = lp.Game.from_json(g.to_json())
    assert again.state_key() == g.state_key()


def test_a_draw_the_table_played_is_marked_when_the_buy_window_closes() -> None:
    # An idle turn passes the upcard; the stock draw that completes it comes only when the
    # last buyer answers, inside that buyer's move. It is still the table's move, not Ben's.
    g = lp.Game("house", 4, seed=3)
    ben = g.to_act
    assert ben is not None and g.idle_action() == lp.DrawStock()
    g.apply(g.idle_action(), automatic=True)
    lines: list[str] = []
    while g.phase is lp.Phase.BUY:
        lines += [e.text for e in g.apply(lp.Pass())]  # the buyers answer themselves
    name = g.names[ben]
    assert lines[-2:] == [f"The table plays for {name}:", f"{name} drew from the stock."]
    assert sum(line.startswith("The table plays") for line in lines) == 1  # not the buyers'
    assert [e.text for e in lp.Game.from_json(g.to_json()).log] == [e.text for e in g.log]


def test_moves_played_for_a_seat_are_kept_by_copies_replays_and_records() -> None:
    g = lp.Game("house", 3, seed=4)
    g.apply(lp.DrawStock())
    g.apply(g.legal_actions()[-1])
    while g.phase is lp.Phase.BUY:
        g.apply(lp.Pass(), automatic=True)  # an auto-pass, or a buy clock that ran out
    marked = g.automatic
    assert marked and all(isinstance(g.actions[k], lp.Pass) for k in marked)
    # the log says so after each of them (a student's absence does not read as a choice)
    said = [e.text for e in g.log if e.kind is lp.EventKind.PLAYED_FOR]
    assert said == [f"The table plays for {g.names[g.actors[k]]}:" for k in marked]
    kinds = [e.kind for e in g.log]
    first = kinds.index(lp.EventKind.PLAYED_FOR)
    assert kinds[first + 1] is lp.EventKind.PASS_BUY
    assert [e.text for e in lp.Game.from_json(g.to_json()).log] == [e.text for e in g.log]
    assert not any(e.kind is lp.EventKind.PLAYED_FOR for e in g.replay_to(2).log)
    assert g.copy().automatic == marked and g.replay_to(2).automatic == ()
    assert g.replay_to(len(g.actions)).automatic == marked
    text = g.to_json()
    assert json.loads(text)["automatic"] == list(marked)
    assert lp.Game.from_json(text).automatic == marked
    # a record with none says nothing of them: it reads, and digests, as before
    plain = lp.Game("house", 3, seed=4)
    plain.apply(lp.DrawStock())
    assert "automatic" not in json.loads(plain.to_json())
    # the numbers are checked like the rest of a record
    for bad in ([len(g.actions)], ["1"], 3):
        data = json.loads(text)
        data["automatic"] = bad
        with pytest.raises(lp.RecordError, match="moves played for a seat are not action"):
            lp.Game.from_json(redigest(data))
