"""The ``liverpool`` command line: the installed script, ``python -m liverpool`` and main()."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from liverpool.cli import main

SUBCOMMANDS = ("rules", "version", "play", "simulate")


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
    "    Deal 7: 3 runs (12 cards dealt; or out with the whole hand at any time in your turn)",
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
    for sentence in ONLINE_IN_WORDS:
        assert sentence in out.splitlines() or sentence in out, sentence
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
