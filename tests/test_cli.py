"""The ``liverpool`` command line: the installed script, ``python -m liverpool`` and main()."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

from liverpool.cli import main

SUBCOMMANDS = ("rules", "version", "play", "simulate", "review")


def _script() -> str:
    """The installed ``liverpool`` console script of the running environment."""
    name = "liverpool.exe" if sys.platform == "win32" else "liverpool"
    candidate = Path(sysconfig.get_path("scripts")) / name
    if candidate.exists():
        return str(candidate)
    found = shutil.which("liverpool")
    if found is None:
        pytest.fail("the `liverpool` console script is not installed (pip install -e .)")
    return found


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize(
    "command",
    [pytest.param("script", id="liverpool"), pytest.param("module", id="python-m-liverpool")],
)
def test_help_lists_subcommands(command: str) -> None:
    prefix = [_script()] if command == "script" else [sys.executable, "-m", "liverpool"]
    proc = _run(*prefix, "--help")
    assert proc.returncode == 0, proc.stderr
    assert "usage: liverpool" in proc.stdout
    for sub in SUBCOMMANDS:
        assert sub in proc.stdout


def test_script_rules_lists_house() -> None:
    proc = _run(_script(), "rules")
    assert proc.returncode == 0, proc.stderr
    assert "house" in proc.stdout.split()


def test_rules_lists_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    from liverpool import PRESETS

    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESETS)
    for line in lines:  # a name, then a one-line summary naming the source letter
        _name, summary = line.split(maxsplit=1)
        assert summary[:2] in ("H,", "E,", "A,", "T,"), line
        assert len(summary) > 30, line


def test_rules_name_shows_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "house"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("house — House rules (H, ")
    assert "  fewest players: 3" in lines


ONLINE_IN_WORDS = [
    "buys per match: 3 each with 2 players, 2 each with 3–4, 1 each with 5–6",
    "decks and jokers: 2–4 players: 2 decks + 4 jokers; 5–6 players: 3 decks + 6 jokers",
    "wild ranks besides jokers: 2s",
    "wild cards in a run: no two wilds side by side",
    "card points: A and 2: 15, 3–9: 5, 10–K: 10, joker: 15",
    "buys per deal: no limit",
    "time to decide on a buy: 12 seconds",
    "    Deal 1: 2 sets (10 cards dealt; go out by discarding or playing the last card)",
    "    Deal 7: 3 runs (12 cards dealt; go out by discarding or playing the last card; or out "
    "with the whole hand at any time in your turn)",
]

# What a reader must never see: tuples, enum or dataclass reprs, Python's None.
REPRS = [
    r"\(\s*\(?\s*\d+\s*,",  # (2, 3) or ((2, 3), ...)
    r"\b(WildSwap|WildLimit|AceMode|LayOffTiming|BuyPriority|RummyCall|GoingDown|GoingOut"
    r"|MeldKind|Rank)\.[A-Z_]+",
    r"frozenset|ShoeSize\(|CardPoints\(|Contract\(|Requirement\(",
    r"\bNone\b|\bTrue\b|\bFalse\b",
    r"<\w+\.\w+: ",  # <Rank.TWO: 2>
    r"\b[a-z]+_[a-z_]+\b",  # a field or enum value written as an identifier
    r"\b[A-Z]+_[A-Z_]+\b",  # an enum member's name (TWO_NATURALS)
]


def test_rules_online_says_every_rule_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "online"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("online — Online rooms (A, an app's rules screen).\n")
    flat = " ".join(out.split())  # a long line wraps
    for sentence in ONLINE_IN_WORDS:
        assert sentence in out.splitlines() or " ".join(sentence.split()) in flat, sentence
    assert "liverpool rules online --sources" in out


@pytest.mark.parametrize(
    "preset", ["house", "classic", "online", "traditional", "florida", "i_buy", "me"]
)
def test_rules_output_has_no_reprs(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    import re

    assert main(["rules", preset]) == 0
    body = capsys.readouterr().out.splitlines()[1:]  # the title line quotes the source
    for line in body:
        line = line.replace(preset, "PRESET")  # a preset name may hold an underscore
        for pattern in REPRS:
            assert not re.search(pattern, line), f"{pattern!r} in {line!r}"


@pytest.mark.parametrize(
    "preset", ["house", "classic", "online", "traditional", "florida", "i_buy", "me"]
)
def test_rules_sources_names_a_source_under_every_field(
    preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from liverpool.rules import field_label
    from liverpool.sources import LINE_FORMS, described_fields

    assert main(["rules", preset, "--sources"]) == 0
    lines = capsys.readouterr().out.splitlines()[1:]
    blocks: list[tuple[str, list[str]]] = []  # (field line, source lines under it)
    for line in lines:
        if line.startswith("  ") and not line.startswith("   "):
            blocks.append((line, []))
        elif line.startswith("      source: "):
            assert blocks, line
            blocks[-1][1].append(line)
    labels = [line.strip().split(":")[0] for line, _ in blocks]
    assert labels == [field_label(f) for f in described_fields()]
    for line, sources in blocks:
        assert len(sources) == 1, f"{line!r} has {len(sources)} source lines"
        text = sources[0].removeprefix("      source: ")
        assert text.startswith(LINE_FORMS), sources[0]


def test_rules_sources_needs_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--sources"]) == 2
    assert "NAME" in capsys.readouterr().err


def test_rules_accepts_the_names_get_rules_accepts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "I-Buy"]) == 0
    assert capsys.readouterr().out.startswith("i_buy — ")


def test_rules_unknown_name_fails_with_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "no-such-preset"]) == 2
    err = capsys.readouterr().err
    assert "no-such-preset" in err
    assert "house" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["version"]) == 0
    assert capsys.readouterr().out.startswith("liverpool ")


def test_no_command_prints_help_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: liverpool" in capsys.readouterr().err


# -- liverpool review ---------------------------------------------------------------------------

# Late in house deal 1: seats 1 and 2 are down with three cards each. Seat 0 (first to play)
# holds two sets, sevens and kings, draws, and throws the Q♥ instead of going down.
_REVIEWED_HAND = "7H 7C 7D KS KD KC 4C 3S QH 5S"
_HIDDEN = ["4H 10S 6H", "6C 2S 3H", "AS AH 2C 3C 4C 5D 6D 7S 8S 9H"]
_TABLE = [(1, "QS QC QD"), (1, "JS JC JD"), (2, "5H 5C 5S"), (2, "9S 9C 9D")]


def _saved_game(tmp_path: Path) -> Path:
    """A saved record, written as ``liverpool play --save`` writes one (``Game.to_json``)."""
    import liverpool as lp

    game = lp.Game.from_deal(
        "house", [_REVIEWED_HAND, *_HIDDEN], "8D", "JC", dealer=3, seed=5, table=_TABLE
    )
    game.apply(lp.DrawStock())
    while game.phase is lp.Phase.BUY:
        game.apply(lp.Pass())
    game.apply(lp.Discard("QH"))  # the deliberate mistake: not going down
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    return path


def test_review_grades_each_decision_then_sums_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _saved_game(tmp_path)
    assert main(["review", str(path), "--seat", "0", "--budget", "12"]) == 0
    captured = capsys.readouterr()
    out = captured.out
    # each decision: what was done, what the review prefers, the points lost, the grade, why
    assert (
        "Deal 1, turn 1 (drawing): you chose to draw from the stock; preferred: the same; "
        "nothing lost; good." in out
    )
    assert "you chose to discard the Q♥; preferred: go down now;" in out
    bad = next(line for line in out.splitlines() if "discard the Q♥; preferred" in line)
    assert "points lost;" in bad and bad.endswith(("mistake.", "blunder."))
    assert "every card still in your hand counts against you" in out
    # the summary: accuracy, the costliest moments pictured, what to practise
    assert "Accuracy 50% (1 good" in out
    assert "The costliest moments:\n1. Deal 1, turn 1 (going down" in out
    assert "Your hand: 3♠ 4♣ 5♠ 7♥ 7♣ 7♦ 8♦ Q♥ K♠ K♣ K♦" in out  # sorted, as at the table
    assert "lesson 06 · Contracts and going down teaches it." in out
    # the progress bar of `simulate`: off a terminal, plain lines, never a carriage return
    assert "review seat 0 2/2 " in captured.err and "decisions/s" in captured.err
    assert captured.err.endswith("(100%)\n") and "\r" not in captured.err
    assert main(["review", str(path), "--budget", "12", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "there is no file"),
        ('{"version": 1, "actions": [', "cannot be reviewed: the saved game is not valid JSON"),
        ('{"hello": "world"}', "cannot be reviewed: this text is not a liverpool saved game"),
        (b"\xff\xfe\x00", "is not a saved game (it is not text)"),
    ],
)
def test_review_of_a_missing_or_corrupt_record_fails_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | bytes | None, says: str
) -> None:
    path = tmp_path / "game.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("liverpool review: ") and says in err
    assert err.count("\n") == 1


def test_review_bad_arguments_fail_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _saved_game(tmp_path)
    # a seat error reads as every other error line: a lower-case clause, no full stop (it
    # was the engine's sentence, "liverpool review: There is no seat 7 ... 3 (Dev).")
    for seat in ("7", "-1"):
        assert main(["review", str(path), "--seat", seat, "-q"]) == 2
        assert capsys.readouterr().err == (
            f"liverpool review: there is no seat {seat} at this table; the seats are 0 (Ada), "
            "1 (Ben), 2 (Cleo), 3 (Dev)\n"
        )
    assert main(["play", "--load", str(path), "--name", "Zed"]) == 2
    assert capsys.readouterr().err == (
        f"liverpool play: {str(path)!r} has no player called 'Zed'; its players are Ada, Ben, "
        "Cleo, Dev\n"
    )
    assert main(["review", str(path), "--budget", "0"]) == 2
    assert "--budget must be 1 or more" in capsys.readouterr().err


def test_review_of_a_game_with_no_move_yet_says_there_is_nothing_to_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import liverpool as lp

    path = tmp_path / "fresh.json"
    path.write_text(lp.Game("house", ["Ada", "Ben", "Cleo"], seed=3).to_json(), encoding="utf-8")
    assert main(["review", str(path), "--seat", "1", "-q"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "liverpool review: Ben (seat 1) has made no move in this game yet: there is nothing to "
        "review\n"
    )


def test_ctrl_c_stops_a_review_and_prints_what_it_graded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import signal

    import liverpool.review as review_module

    real = review_module.review

    def pressed_at_once(*args: Any, **kwargs: Any) -> review_module.Review:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, as the review starts
        return real(*args, **kwargs)

    monkeypatch.setattr(review_module, "review", pressed_at_once)
    before = signal.getsignal(signal.SIGINT)
    assert main(["review", str(_saved_game(tmp_path)), "-q"]) == 130
    out = capsys.readouterr().out
    assert out.startswith("Review of Ada's play")  # the work so far is kept, not thrown away
    assert "The review was stopped after 0 of 2 decisions, before it graded any" in out
    assert signal.getsignal(signal.SIGINT) is before  # Ctrl-C is the program's own again


def test_review_of_a_cut_record_in_a_fresh_process_has_no_traceback(tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    path.write_text(path.read_text(encoding="utf-8")[:-40], encoding="utf-8")  # cut short
    proc = _run(sys.executable, "-m", "liverpool", "review", str(path))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("liverpool review: ") and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1


def test_every_bot_level_is_offered_to_play_and_simulate() -> None:
    import liverpool as lp
    from liverpool.cli import _LEVELS, build_parser

    assert lp.bots.LEVELS == _LEVELS
    assert build_parser().parse_args(["play", "--level", "expert"]).level == "expert"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--save", "{tmp}/no/such/folder/g.json"], "the folder"),
        (["--save", "{tmp}"], "it is a folder"),
        (["--name", ""], "every player needs a name"),
    ],
)
def test_play_refuses_before_the_game_what_would_fail_at_its_end(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A --save path that cannot be written would lose the whole match when it ends."""
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("liverpool play: ") and words in err and err.count("\n") == 1
