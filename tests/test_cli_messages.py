"""The command line answers every mistake in one sentence, the same way in every command, and
never loses a match to a failed write or an odd byte (liverpool/cli.py, liverpool/terminal.py,
liverpool/files.py, the ``serve`` options).

Each test is a finding of an audit of the command line as a learner and a teacher meet it:
a save to a path that cannot be written, a picture passed for a saved game, a terminal that
cannot decode a typed letter, "1 cards", a player called Zoë spoken to in two persons, a
question asked twice, ``--ascii`` examples that repeat themselves, a finished match
"resumed", and options the server quietly changed.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_terminal import stacked  # You hold two sets and play first

import liverpool as lp
from liverpool.bots import make
from liverpool.cli import main
from liverpool.files import read_saved_game
from liverpool.record import _digest
from liverpool.terminal import TerminalGame, play
from liverpool.words import counted, sentence


def bots_for(game: lp.Game, human: int) -> dict[int, lp.Bot]:
    return {s: make("basic", s) for s in range(game.players) if s != human}


def play_out(game: lp.Game, until: lp.Phase | None = None) -> lp.Game:
    """Basic bots play every seat until the match ends (or the phase is ``until``)."""
    bots = bots_for(game, -1)
    for _ in range(20_000):
        if game.is_over or game.phase is until:
            return game
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    raise AssertionError("the match did not end")


def terminal(game: lp.Game, human: int, lines: str = "", **kwargs: object) -> TerminalGame:
    return TerminalGame(
        game,
        human,
        bots_for(game, human),
        input=io.StringIO(lines),
        output=io.StringIO(),
        **kwargs,  # type: ignore[arg-type]
    )


# -- files ----------------------------------------------------------------------------------


def test_a_save_that_cannot_be_written_keeps_the_match_in_a_spare_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    target = Path("/proc/no-such-game.json")  # its folder exists; no file can be made in it
    game = lp.Game("house", 4, seed=7)
    out = io.StringIO()
    code = play(seed=7, save=str(target), input=io.StringIO("draw\nquit\n"), output=out)
    said = out.getvalue()
    spare = tmp_path / "liverpool-game-7.json"
    assert code == 1  # the save asked for did not happen: a script must be able to tell
    assert f"Could not save the game: cannot write {target}" in said
    assert f"Saved the game to {spare}; resume it with --load." in said
    assert "Traceback" not in said
    resumed = lp.Game.from_json(spare.read_text(encoding="utf-8"))
    assert resumed.seed == game.seed == 7 and len(resumed.actions) >= 1


def test_play_and_review_word_a_bad_file_the_same_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    picture = tmp_path / "table.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    cases = {
        str(tmp_path / "missing.json"): "there is no file",
        str(picture): "is not a saved game (it is not text)",
        str(tmp_path): "is a folder, not a saved game",
    }
    for path, words in cases.items():
        assert main(["play", "--load", path]) == 2
        from_play = capsys.readouterr().err
        assert main(["review", path]) == 2
        from_review = capsys.readouterr().err
        assert from_play.startswith("liverpool play: ") and words in from_play
        assert from_play.removeprefix("liverpool play: ") == from_review.removeprefix(
            "liverpool review: "
        )
        with pytest.raises(lp.RecordError, match=re.escape(words)):
            read_saved_game(path)


def test_cut_short_json_names_its_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "cut.json"
    bad.write_text('{"format": "liverpool-record", "rules": "ho', encoding="utf-8")
    with pytest.raises(lp.RecordError) as info:
        lp.Game.from_json(read_saved_game(bad))
    message = str(info.value)
    assert re.search(r"Unterminated string at line 1, column \d+$", message), message
    assert "at at" not in message and "starting at" not in message


def test_a_finished_match_loaded_shows_its_result_and_is_not_resumed(tmp_path: Path) -> None:
    game = play_out(lp.Game("house", 3, seed=4))
    saved = tmp_path / "done.json"
    saved.write_text(game.to_json(), encoding="utf-8")
    out = io.StringIO()
    assert play(load=str(saved), input=io.StringIO(""), output=out) == 0
    said = out.getvalue()
    assert "This match is over." in said and "Final standings" in said
    assert "Resuming" not in said and "Commands:" not in said
    assert saved.read_text(encoding="utf-8") == game.to_json()  # nothing written back


# -- the terminal's words -------------------------------------------------------------------


def test_counted_puts_a_count_and_its_noun_together() -> None:
    assert counted(1, "card") == "1 card"
    assert counted(0, "card") == "0 cards"
    assert counted(1, "match", "matches") == "1 match"
    assert counted(3, "match", "matches") == "3 matches"
    assert str(lp.Cut(1)) == "cut about 1 card" and str(lp.Cut(2)) == "cut about 2 cards"
    with pytest.raises(lp.RulesError, match=r"3 names for 1 hand: give one name per hand$"):
        lp.Game.from_deal("house", ["7H 7C 7S"], names=["Ada", "Ben", "Cleo"])


def test_simulate_of_one_match_says_one_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "random", "--players", "3", "--matches", "1", "-q"]) == 0
    said = capsys.readouterr().out
    assert "1 match from seed 0" in said and "1 matches" not in said


def test_a_named_player_is_spoken_to_as_you_and_labelled_by_name() -> None:
    moves = "draw\nx 1\n" + "pass\n" * 40 + "quit\n"
    out = io.StringIO()
    play(seed=3, name="Zoë", input=io.StringIO(moves), output=out)
    said = out.getvalue()
    sentences = [line for line in said.splitlines() if line.startswith((">>", "  Zoë ", "You"))]
    assert any("You may buy" in line for line in said.splitlines())
    for bad in ("Zoë may", "Zoë must", "Zoë did not", "Zoë discarded", "Zoë drew"):
        assert bad not in said, (bad, sentences)
    assert "▶ Zoë" in said or "  Zoë " in said  # the rows of the table still name the seat


def test_a_card_to_give_is_asked_once() -> None:
    ben = "3S 4H 6C 8D 10S JC QD KH AS 5D"
    cleo = "3H 5S 6D 8C 10D JS QS KD AC 6H"
    ada = "7H 7C 7S 9D 9S 9H 7D KC 4D 5C"
    g = lp.Game.from_deal("classic", [ada, ben, cleo], stock="QH 4S", upcard="3C", dealer=2)
    g.apply(lp.DrawStock())
    while g.phase is lp.Phase.BUY:
        g.apply(lp.Pass())
    g.apply(lp.GoDown(["7H 7C 7S", "9D 9S 9H"]))
    g.apply(lp.Discard("7D"))  # could have gone on the sevens: a rummy call
    g.apply(lp.Pass())
    g.apply(lp.CallRummy())
    assert g.phase is lp.Phase.GIVE_CARD and g.to_act == 1
    screen = terminal(g, 1)
    asked = screen._deciding(screen._model())
    assert asked.count("give Ada") == 1, asked


def test_a_cut_is_asked_once() -> None:
    g = play_out(lp.Game("me", 3, seed=1), until=lp.Phase.CUT)
    assert g.to_act is not None
    screen = terminal(g, g.to_act)
    asked = screen._deciding(screen._model())
    assert asked.lower().count("cut the cards") == 1, asked


def test_ascii_card_examples_do_not_repeat_themselves() -> None:
    out = io.StringIO()
    play(seed=1, ascii=True, input=io.StringIO("x ZZ\nquit\n"), output=out)
    said = out.getvalue()
    line = next(line for line in said.splitlines() if line.startswith("Cannot read 'ZZ'"))
    assert "(use S H D C)" in line and "S H D C or S H D C" not in line
    assert line.count("'7H'") == 1 and line.count("'JK'") == 1, line
    assert all(ord(ch) < 128 for ch in said)


def test_long_input_is_not_echoed_back_whole() -> None:
    out = io.StringIO()
    long_card, long_word = "7" * 300 + "Z", "z" * 300
    play(seed=1, input=io.StringIO(f"x {long_card}\n{long_word}\nquit\n"), output=out)
    answers = [
        line for line in out.getvalue().splitlines() if line.startswith(("Cannot read", "'zzz"))
    ]
    assert len(answers) == 2, answers
    assert all("7" * 50 not in line and "z" * 50 not in line for line in answers), answers


def test_input_the_terminal_cannot_decode_is_answered_not_a_traceback() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    proc = subprocess.run(
        [sys.executable, "-m", "liverpool", "play", "--seed", "1", "--name", "Zoë"],
        input="x 7♥é\n\xff\nquit\n".encode(errors="surrogateescape"),
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    assert b"Traceback" not in proc.stderr
    assert b"Cannot read" in proc.stdout and b"Goodbye." in proc.stdout


# -- one wording per mistake ----------------------------------------------------------------


def test_an_unknown_preset_or_level_is_worded_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    said = []
    for argv in (
        ["rules", "nosuch"],
        ["play", "--preset", "nosuch"],
        ["simulate", "--preset", "nosuch"],
    ):
        assert main(argv) == 2
        said.append(capsys.readouterr().err.split(": ", 1)[1])
    assert len(set(said)) == 1 and "there is no preset called 'nosuch'" in said[0]
    said = []
    for argv in (["play", "--level", "nosuch"], ["simulate", "--bots", "nosuch"]):
        assert main(argv) == 2
        said.append(capsys.readouterr().err.split(": ", 1)[1])
    assert len(set(said)) == 1 and "there is no bot called 'nosuch'" in said[0]
    assert main(["play", "--level", "Strong", "--seed", "1"]) == 0  # any case, as simulate


def test_a_player_count_is_refused_in_the_rules_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    for players in ("0", "2", "12"):
        assert main(["play", "--players", players]) == 2
        assert f"house rules are for 3 to 8 players, not {players}" in capsys.readouterr().err
    with pytest.raises(lp.RulesError, match="house rules are for 3 to 8 players, not 9"):
        lp.Game("house", 9)


# -- a hand-edited record -------------------------------------------------------------------


def edited(edit: object) -> str:
    game = lp.Game("house", ["Ada", "Ben", "Cleo"], seed=1)
    game.apply(lp.DrawStock())
    record = json.loads(game.to_json())
    record.pop("digest")
    record.pop("summary", None)
    assert callable(edit)
    edit(record)
    return json.dumps({**record, "digest": _digest(record)})


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda r: r.__setitem__("stacked", {"stock": []}), "its stacked deal has no 'hands'"),
        (lambda r: r["rules"].__setitem__("shoe", [[2, 2]]), "[from this many players, decks"),
        (lambda r: r["rules"].__setitem__("wild_ranks", ["Z"]), "'Z' is not a rank"),
        (
            lambda r: r["rules"]["contracts"][0].__setitem__("going_out", 5),
            "5 is not one of the choices: 'discard_or_meld'",
        ),
        (lambda r: r.__setitem__("players", 9), "house rules are for 3 to 8 players, not 9"),
        (
            lambda r: r["actions"].__setitem__(0, {"type": "Discard", "card": "KS"}),
            "(the game told Ben: “You must draw",
        ),
    ],
)
def test_a_hand_edited_record_is_refused_in_words(edit: object, words: str) -> None:
    with pytest.raises(lp.RecordError) as info:
        lp.Game.from_json(edited(edit))
    message = str(info.value)
    assert words in message, message
    for internal in ("__init__", "Rank", "GoingOut", "KeyError"):
        assert internal not in message, message


# -- serve and simulate ---------------------------------------------------------------------


def serve_args(**given: object) -> argparse.Namespace:
    from liverpool_rooms.cli import build_parser

    args = build_parser().parse_args(["serve"])
    for name, value in given.items():
        setattr(args, name, value)
    return args


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("rate", 0.0, "--rate must be at least 0.1 messages a second, not 0"),
        ("burst", -1.0, "--burst must be at least 1 message, not -1"),
        ("bot_seconds", -1.0, "--bot-seconds must be 0 or more, not -1"),
        ("bot_seconds", float("nan"), "--bot-seconds must be 0 or more, not nan"),
        ("teacher_key", "  ", "--teacher-key is empty"),
        ("port", 70000, "--port must be 0 to 65535, not 70000"),
    ],
)
def test_serve_refuses_values_it_cannot_use(
    option: str, value: object, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from liverpool_rooms.cli import option_problem, serve_main

    assert option_problem(serve_args()) is None
    args = serve_args(**{option: value})
    problem = option_problem(args)
    assert problem is not None and problem.startswith(words), problem
    assert serve_main(args) == 2
    assert capsys.readouterr().err == f"liverpool serve: {problem}\n"


def test_simulate_exits_1_when_the_cluster_cannot_be_reached(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("distributed")
    argv = ["simulate", "--engine", "dask", "--address", "tcp://127.0.0.1:1", "--matches", "1"]
    assert main([*argv, "-q"]) == 1  # the command was right; the run could not go on
    assert "could not connect to a dask scheduler" in capsys.readouterr().err


def answers(game: lp.Game, lines: list[str]) -> list[str]:
    """What the terminal says to each of ``lines`` (the line after its echo)."""
    screen = terminal(game, 0, "".join(line + "\n" for line in lines) + "quit\n")
    screen.run()
    said = screen.output.getvalue().splitlines()  # type: ignore[attr-defined]
    return [
        said[i + 1] for i, line in enumerate(said) if line.startswith("> ") and i + 1 < len(said)
    ]


def test_a_command_out_of_its_moment_is_told_the_moment_not_its_form() -> None:
    """ "cut 0" while a buy is offered: the player needs to hear that it is no time to cut."""
    g = stacked()  # You play first: the draw
    probes: list[lp.Action] = [lp.Cut(1), lp.GiveCard("JK"), lp.LayOff("JK", 0)]
    refusals = [sentence(g.why_not(p, 0) or "") for p in probes]
    assert all("You must draw first" in r for r in refusals), refusals
    said = answers(g.copy(), ["cut 0", "give", "lay 7H"])
    assert said[:3] == refusals, said
    assert said[0].startswith("Cutting is not possible now"), said
    # In the play of the turn the form is the mistake, and is said.
    g.apply(lp.TakeDiscard())
    said = answers(g.copy(), ["discard", "down", "cut 0"])
    assert said[0].startswith("Name one card") and "meld" in said[1].lower(), said
    assert said[2] == sentence(g.why_not(lp.Cut(1), 0) or ""), said


def test_a_loaded_game_refuses_a_new_setup_and_seats_the_player_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--load used to ignore --preset, --players and --seed without a word, and always seated
    the learner at seat 0; now they are refused, and --name says which player to be."""
    game = lp.Game("house", ["Ada", "Ben", "Cleo", "Dev"], seed=4)
    saved = tmp_path / "g.json"
    saved.write_text(game.to_json(), encoding="utf-8")
    assert main(["play", "--load", str(saved), "--players", "5", "--seed", "9"]) == 2
    assert capsys.readouterr().err == (
        "liverpool play: --players and --seed cannot change a saved game: --load resumes it "
        "with its own rules, players and seed\n"
    )
    assert main(["play", "--load", str(saved), "--name", "Zed"]) == 2
    assert capsys.readouterr().err == (
        f"liverpool play: {str(saved)!r} has no player called 'Zed'; its players are Ada, "
        "Ben, Cleo, Dev\n"
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--load", str(saved), "--name", "cleo", "--level", "strong"]) == 0
    out = capsys.readouterr().out
    assert "4 players, you at seat 2 against strong bots" in out
    assert "(A saved game does not keep how its bots played: --level chooses.)" in out
    hand = " ".join(str(c) for c in sorted(game.hand(2), key=lp.Card.sort_key))
    assert re.sub(r"\s+", " ", hand) in re.sub(r"\s+", " ", out)  # Cleo's hand is the one shown
    resumed = lp.Game.from_json(saved.read_text(encoding="utf-8"))
    assert resumed.actions[: len(game.actions)] == game.actions


def test_a_mistyped_option_shows_its_commands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--matchs", "2"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: liverpool simulate ") and "--matches M" in err
    assert err.endswith("liverpool simulate: error: unrecognized arguments: --matchs 2\n")


def test_simulate_refuses_an_empty_bot_list(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bots ""`` (an empty shell variable) used to run the default line-up instead."""
    assert main(["simulate", "--bots", "", "--matches", "1"]) == 2
    assert capsys.readouterr().err == (
        "liverpool simulate: --bots takes bot names separated by commas, e.g. strong,basic; "
        "not ''\n"
    )


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_an_out_file_the_system_refuses_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """/proc is a folder that takes no new file: found at the end of a long run, before now."""
    assert main(["simulate", "--matches", "1", "-q", "--out", "/proc/results.csv"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no match was played
    assert captured.err == (
        "liverpool simulate: cannot write /proc/results.csv: the folder /proc does not take "
        "new files\n"
    )


def test_a_one_match_summary_keeps_its_columns_in_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "basic", "--matches", "1", "-q"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("basic", "0", "1", "2", "3"))]
    assert len(rows) == 5 and all("± " in line for line in rows)
    assert sum(line.endswith("%") and "±    -" in line for line in rows) == 4  # no error to give
    assert len({len(line[: line.index("%")]) for line in rows}) == 1  # the win rates line up
