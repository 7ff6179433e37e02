"""What a learner sees when they hand a notebook widget something: the forms each widget
accepts (a saved game as text, a path or a Game; one preset name; one meld as text), and, for
what it cannot use, one sentence in the learner's words, raised when the widget is made rather
than later, in a thread or at the first bot move."""

from __future__ import annotations

import inspect
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("anywidget")

import liverpool as lp
from liverpool.setup import bot_names
from liverpool_widgets import CardTable, Replay, Review, play
from liverpool_widgets.lessons import LayOffTrainer, StrategyLab, WildLimits


def _played(actions: int = 12) -> lp.Game:
    game = lp.Game("house", ["Ada", "Ben", "Cleo"], seed=21)
    bots = [lp.bots.BasicBot(i) for i in range(3)]
    for _ in range(actions):
        actor = game.to_act
        assert actor is not None
        game.apply(bots[actor].act(game.view(actor), game.legal_actions()), player=actor)
    return game


# -- Replay takes what Review takes ---------------------------------------------------------------


def test_replay_takes_a_saved_file_a_path_a_game_or_a_table(tmp_path: Path) -> None:
    game = _played()
    path = tmp_path / "match.json"
    path.write_text(game.to_json(), encoding="utf-8")
    for record in (game.to_json(), str(path), path, game, SimpleNamespace(game=game)):
        replay = Replay(record)
        assert replay.steps == 12, record
        replay.go(12)
        assert replay.game.state_key() == game.state_key()


def test_replay_keeps_its_own_copy_of_a_live_game() -> None:
    live = _played()
    replay = Replay(live)
    live.apply(live.legal_actions()[0])
    assert replay.steps == 12


def test_replay_and_review_refuse_the_same_things_naming_themselves(tmp_path: Path) -> None:
    with pytest.raises(lp.RecordError, match=r"^there is no file '.*nope\.json'$"):
        Replay(tmp_path / "nope.json")  # not "the saved game is not valid JSON"
    for widget in (Replay, Review):
        name = widget.__name__
        with pytest.raises(TypeError) as refused:
            widget(42)
        assert str(refused.value) == (
            f"{name} needs a saved game: its JSON text, the path of its file, a Game, or a "
            "table holding one (its .game), not int"
        )
        with pytest.raises(lp.RecordError, match=f"^no saved game was given to {name}: "):
            widget("   ")


def test_replay_takes_its_record_by_the_name_record() -> None:
    assert next(iter(inspect.signature(Replay).parameters)) == "record"
    assert Replay(record=_played(2)).steps == 2


# -- play() and CardTable -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Ben", "ben", "CLEO"])
def test_a_learner_may_share_a_name_with_a_bot(name: str) -> None:
    match = play(name=name, pace=0, seed=1)
    names = match.game.names
    assert names[0] == name
    assert len({n.casefold() for n in names}) == len(names) == 4, names


def test_bots_are_named_ben_cleo_dev_and_never_after_the_learner() -> None:
    assert play(pace=0, seed=1).game.names == ("You", "Ben", "Cleo", "Dev")
    assert bot_names("Dev", 3) == ["Ben", "Cleo", "Eve"]
    assert bot_names("hal", 7) == ["Ben", "Cleo", "Dev", "Eve", "Finn", "Gia", "Ada"]
    assert bot_names("Bot 1", 10)[-2:] == ["Bot 2", "Bot 3"]


def test_game_must_be_a_game_and_a_preset_name_is_pointed_to_rules() -> None:
    with pytest.raises(TypeError) as refused:
        play(game="house")  # type: ignore[arg-type]
    assert str(refused.value) == (
        "game= takes a Game, like lp.Game('house', 4) or lp.Game.from_deal(...), not 'house'; "
        "to play under 'house' rules, use rules='house'"
    )
    with pytest.raises(TypeError) as refused:
        CardTable("house")  # type: ignore[arg-type]
    assert str(refused.value) == (
        "CardTable shows a Game, like lp.Game('house', 4) or lp.Game.from_deal(...), not 'house'"
    )


@pytest.mark.parametrize(
    ("pace", "error"),
    [("fast", TypeError), (True, TypeError), (-1, ValueError), (float("nan"), ValueError)],
)
def test_pace_is_a_number_from_zero_up(pace: object, error: type[Exception]) -> None:
    with pytest.raises(error) as refused:
        play(pace=pace)  # type: ignore[arg-type]
    assert str(refused.value) == (
        f"pace is the seconds a bot takes a move: a number from 0 up (0: at once), not {pace!r}"
    )


def test_pace_set_later_is_checked_too() -> None:
    match = play(pace=0, seed=1)
    match.pace = 1
    assert match.pace == 1.0 and match.pace_slider.value == 1.0
    with pytest.raises(ValueError, match="a number from 0 up"):
        match.pace = -2
    assert match.pace == 1.0


@pytest.mark.parametrize(
    ("rules", "opponents", "said"),
    [
        ("house", 1, "house rules need 2 to 7 opponents (3 to 8 players), not 1"),
        ("house", 8, "house rules need 2 to 7 opponents (3 to 8 players), not 8"),
        ("house", "3", "house rules need 2 to 7 opponents (3 to 8 players), not '3'"),
    ],
)
def test_opponents_out_of_range_are_worded_in_opponents(
    rules: str, opponents: object, said: str
) -> None:
    with pytest.raises(ValueError) as refused:
        play(rules, opponents)  # type: ignore[arg-type]
    assert str(refused.value) == said


def test_every_preset_seats_its_fewest_and_most_opponents() -> None:
    for name, rules in lp.PRESETS.items():
        for opponents in (rules.min_players - 1, rules.max_players - 1):
            assert play(name, opponents, pace=0, seed=1).game.players == opponents + 1


def test_plays_docstring_lists_every_level() -> None:
    doc = play.__doc__ or ""
    for level in lp.bots.LEVELS:
        assert f'``"{level}"``' in doc, level
    assert "second a" in doc  # the expert's thinking time


# -- StrategyLab(trials=...) ----------------------------------------------------------------------


@pytest.mark.parametrize("trials", [0, -5, 2.5, "x", True])
def test_strategy_lab_needs_a_whole_number_of_trials(trials: object) -> None:
    with pytest.raises(ValueError) as refused:
        StrategyLab(trials=trials)
    assert str(refused.value) == f"trials must be a whole number from 1 up, not {trials!r}"


# -- WildLimits and LayOffTrainer -----------------------------------------------------------------


def test_wild_limits_kind_is_set_or_run() -> None:
    with pytest.raises(ValueError) as refused:
        WildLimits(kind="sequence")
    assert str(refused.value) == "kind is 'set' or 'run', not 'sequence'"
    with pytest.raises(ValueError) as refused:
        WildLimits.check("7S 7D JK", kind="sequence")
    assert str(refused.value) == "kind is 'set' or 'run', not 'sequence'"
    assert WildLimits("7S 7D JK", kind="Set").kind is lp.MeldKind.SET


def test_wild_limits_takes_one_preset_by_its_name() -> None:
    w = WildLimits("JK 9H 10H JK", presets="house")
    assert list(w.verdicts()) == ["house"]
    assert list(WildLimits.check("JK 9H 10H JK", presets="classic")) == ["classic"]
    with pytest.raises(lp.RulesError, match=r"^there is no preset called 'nope'; choose one of"):
        WildLimits(presets="nope")


def test_lay_off_trainer_takes_one_meld_as_one_text() -> None:
    one = LayOffTrainer(table="5H 6H JK 8H")
    assert [lp.format_cards(m.cards) for m in one.table] == ["5♥ 6♥ 🃏 8♥"]
    assert one.yours == []


@pytest.mark.parametrize(
    ("widget", "parameters"),
    [
        (WildLimits, ("cards", "kind", "presets")),
        (LayOffTrainer, ("table", "hand", "rules", "yours")),
    ],
)
def test_lesson_docstrings_give_each_parameter_a_line(
    widget: type[object], parameters: tuple[str, ...]
) -> None:
    doc = inspect.getdoc(widget) or ""
    assert tuple(inspect.signature(widget).parameters) == parameters
    for name in parameters:
        assert f"- ``{name}``: " in doc, name


# -- Review and Replay details --------------------------------------------------------------------


@pytest.mark.parametrize("budget", ["x", 2.5, True])
def test_review_checks_its_budget_before_it_starts(budget: object) -> None:
    with pytest.raises(TypeError) as refused:
        Review(_played(), budget=budget)  # type: ignore[arg-type]
    assert str(refused.value) == (
        f"budget is a number of sampled deals a decision (like 16) or a Budget, not {budget!r}"
    )


def test_replay_names_the_seats_there_are() -> None:
    with pytest.raises(lp.SeatError) as refused:
        Replay(_played(), seat=7)
    assert str(refused.value) == (
        "There is no seat 7 at this table; the seats are 0 (Ada), 1 (Ben), 2 (Cleo)."
    )
