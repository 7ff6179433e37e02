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
    assert capsys.readouterr().out.split() == list(PRESETS)


def test_rules_name_shows_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "house"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "house"
    assert len(lines) > 1  # at least one setting


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
