"""Tournaments: ``run_matches``, ``summarize`` and ``liverpool simulate``.

The same seed must give the same outcomes in this process, in local worker processes and on
a dask cluster (one started here). Matches use random bots and the quick ``i_buy`` preset with
three players, a few matches each, so the file runs in well under a minute.
"""

from __future__ import annotations

import csv
import io
import math
import os
import pickle
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import FrozenInstanceError, replace
from pathlib import Path
from types import ModuleType

import pytest

import liverpool.match as match_module
from liverpool import PRESETS, LiverpoolError, RulesError
from liverpool.bots import Bot, RandomBot
from liverpool.cli import main
from liverpool.match import (
    BOT_NAMES,
    CSV_FIELDS,
    MatchFailed,
    MatchOutcome,
    SimulationError,
    TextProgress,
    bot_seed,
    compare_bots,
    format_summary,
    format_verdict,
    match_seed,
    match_specs,
    play_match,
    run_matches,
    summarize,
    wilson_interval,
    write_csv,
)

PRESET = "i_buy"
BOTS = ("random", "random", "random")
MATCHES = 3
SEED = 11


@pytest.fixture(scope="module")
def local_outcomes() -> list[MatchOutcome]:
    """The reference run: in this process, one match after another."""
    return run_matches(PRESET, BOTS, MATCHES, SEED)


def _csv_text(outcomes: list[MatchOutcome]) -> str:
    stream = io.StringIO()
    write_csv(outcomes, stream)
    return stream.getvalue()


# --- seeds and outcomes --------------------------------------------------------------------


def test_seeds_are_derived_deterministically() -> None:
    assert match_seed(7, 2) == 7 * 1_000_003 + 2
    # a stable hash, pinned: the same on every machine and Python process
    assert bot_seed(0, 0) == 3733132820334221275
    assert bot_seed(12345, 3) == 13812287894336850407
    assert len({bot_seed(s, seat) for s in range(20) for seat in range(8)}) == 160


def test_outcomes_are_ordered_frozen_and_picklable(local_outcomes: list[MatchOutcome]) -> None:
    assert [o.index for o in local_outcomes] == list(range(MATCHES))
    assert [o.seed for o in local_outcomes] == [match_seed(SEED, i) for i in range(MATCHES)]
    for outcome in local_outcomes:
        assert outcome.bots == BOTS
        assert len(outcome.scores) == len(BOTS)
        best = min(outcome.scores)
        assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == best)
        assert outcome.steps > 0
        assert pickle.loads(pickle.dumps(outcome)) == outcome
    with pytest.raises(FrozenInstanceError):
        local_outcomes[0].steps = 0  # type: ignore[misc]


def test_workers_give_identical_outcomes(local_outcomes: list[MatchOutcome]) -> None:
    assert run_matches(PRESET, BOTS, MATCHES, SEED, workers=2) == local_outcomes


def test_progress_is_called_for_every_match() -> None:
    calls: list[tuple[int, int]] = []
    run_matches(PRESET, BOTS, 1, SEED, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 1), (1, 1)]


# --- summaries -----------------------------------------------------------------------------


def test_wilson_interval() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_summarize_shares_ties_and_groups_by_bot_and_seat() -> None:
    bots = ("strong", "basic", "basic")
    outcomes = [
        MatchOutcome(0, 100, (10, 10, 50), (0, 1), 200, bots),  # a tie: half a win each
        MatchOutcome(1, 101, (30, 20, 40), (1,), 300, bots),
    ]
    rows = {(r.group, r.label): r for r in summarize(outcomes)}
    assert list(rows) == [
        ("bot", "strong"),
        ("bot", "basic"),
        ("seat", "seat 0"),
        ("seat", "seat 1"),
        ("seat", "seat 2"),
    ]
    strong, basic = rows["bot", "strong"], rows["bot", "basic"]
    assert (strong.matches, strong.plays, strong.seats) == (2, 2, (0,))
    assert (basic.matches, basic.plays, basic.seats) == (2, 4, (1, 2))
    assert strong.wins == 0.5 and strong.win_rate == 0.25
    assert basic.wins == 1.5 and basic.win_rate == pytest.approx(1.5 / 4)
    assert strong.mean_score == 20 and basic.mean_score == 30
    assert strong.se_score == pytest.approx(10.0)  # stdev 14.14 / sqrt(2)
    assert strong.mean_steps == 250
    assert (strong.win_low, strong.win_high) == pytest.approx(wilson_interval(0.5, 2))
    assert sum(r.wins for r in summarize(outcomes) if r.group == "seat") == len(outcomes)
    assert rows["seat", "seat 1"].bots == ("basic",)
    table = format_summary(summarize(outcomes))
    assert "strong" in table and "25.0%" in table and "20.0 ± 10.0" in table


def test_summarize_one_match_has_no_standard_error() -> None:
    (row, *_) = summarize([MatchOutcome(0, 1, (5, 9, 9), (0,), 10, ("basic",) * 3)])
    assert row.plays == 3 and not math.isnan(row.se_score)
    (seat0, *_) = (
        r for r in summarize([MatchOutcome(0, 1, (5, 9, 9), (0,), 10, BOTS)]) if r.group == "seat"
    )
    assert math.isnan(seat0.se_score)
    assert "-" in format_summary([seat0])


# --- the progress bar ----------------------------------------------------------------------


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_without_a_tty_prints_a_line_every_tenth() -> None:
    stream, clock = io.StringIO(), _Clock()
    bar = TextProgress(stream, tty=False, clock=clock)
    for done in range(41):
        bar(done, 40)
        clock.now += 0.5
    bar.close()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10
    assert lines[0].startswith("simulate 4/40 ") and "matches/s" in lines[0]
    assert "ETA" in lines[0] and lines[0].endswith("(10%)")
    assert lines[-1].startswith("simulate 40/40 ") and lines[-1].endswith("(100%)")
    assert "\r" not in stream.getvalue()


def test_progress_on_a_tty_redraws_one_line() -> None:
    stream, clock = io.StringIO(), _Clock()
    bar = TextProgress(stream, tty=True, clock=clock)
    for done in range(5):
        bar(done, 4)
        clock.now += 2.0
    bar.close()
    text = stream.getvalue()
    assert text.count("\r") == 5 and text.endswith("\n") and text.count("\n") == 1
    last = text.rstrip("\n").rsplit("\r", 1)[-1]
    assert "4/4" in last and "[" + "#" * 24 + "]" in last and "0.50 matches/s" in last
    assert "1/4 0.50 matches/s ETA 0:06" in text


# --- the command line ----------------------------------------------------------------------


def test_cli_prints_the_table_and_writes_the_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.csv"
    argv = ["simulate", "--preset", PRESET, "--players", "3", "--bots", "random,basic"]
    argv += ["--matches", "2", "--seed", "5", "--out", str(out)]
    assert main(argv) == 0
    captured = capsys.readouterr()
    # the bots were cycled to the player count: random, basic, random
    assert "3 players (random,basic,random)" in captured.out
    assert "s on 1 worker\n" in captured.out  # not "1 worker(s)"
    lines = captured.out.splitlines()
    header = next(line for line in lines if line.startswith("bot "))
    for column in ("seats", "matches", "mean score ± se", "win rate", "95% CI"):
        assert column in header
    random_row = next(line for line in lines if line.startswith("random "))
    assert random_row.split()[1:4] == ["0,2", "2", "4"]  # seats, matches, plays
    assert any(line.startswith("basic ") for line in lines)
    assert any(line.startswith("seat ") for line in lines)
    # the table explains itself and ends with a verdict
    assert "steps" not in header  # the same in every row: said once, in words
    assert "lower is better" in captured.out
    assert "decisions on average" in captured.out
    verdict = captured.out.split("Verdict:\n", 1)[1]
    assert "random" in verdict and "basic" in verdict
    # not a terminal: a progress line per tenth, on stderr
    assert "simulate 2/2" in captured.err and "(100%)" in captured.err
    assert f"wrote 6 rows to {out}" in captured.err

    with out.open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert tuple(rows[0]) == CSV_FIELDS
    assert [(r["match"], r["seat"], r["bot"]) for r in rows] == [
        (str(m), str(s), b) for m in range(2) for s, b in enumerate(("random", "basic", "random"))
    ]
    for m in range(2):
        seat_rows = [r for r in rows if r["match"] == str(m)]
        assert {r["seed"] for r in seat_rows} == {str(match_seed(5, m))}
        scores = [int(r["score"]) for r in seat_rows]
        assert [r["won"] for r in seat_rows] == ["1" if s == min(scores) else "0" for s in scores]


@pytest.mark.parametrize(
    ("argv", "seats"),
    [
        ([], ("strong", "basic", "basic", "basic")),
        (["--players", "3"], ("strong", "basic", "basic")),
        (["--players", "6"], ("strong", "basic", "basic", "basic", "strong", "basic")),
        (["--bots", "basic"], ("basic",) * 4),
        (["--bots", "random,basic"], ("random", "basic", "random", "basic")),
        (["--bots", "Random, BASIC,strong"], ("random", "basic", "strong")),
        (["--preset", "online", "--bots", "strong,basic"], ("strong", "basic")),
        (["--bots", "basic", "--players", "5"], ("basic",) * 5),
    ],
)
def test_cli_seats_the_bots(
    argv: list[str],
    seats: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    seen: list[tuple[str, ...]] = []

    def fake(
        rules: object, bot_names: list[str], matches: int, seed: int, **kw: object
    ) -> list[MatchOutcome]:
        seen.append(tuple(bot_names))
        return [MatchOutcome(0, seed, (0,) * len(bot_names), (0,), 1, tuple(bot_names))]

    monkeypatch.setattr(match_module, "run_matches", fake)
    assert main(["simulate", "--quiet", "--matches", "1", *argv]) == 0
    assert seen == [seats]
    assert f"{len(seats)} players ({','.join(seats)})" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--preset", "nope"], "choose one of: " + ", ".join(PRESETS)),
        (
            ["--bots", "strong,wizard"],
            "no bot called 'wizard'; choose from: " + ", ".join(BOT_NAMES),
        ),
        (["--players", "9"], "house rules are for 3 to 8 players, not 9"),
        (["--preset", "online", "--players", "7"], "online rules are for 2 to 6 players, not 7"),
        (["--bots", "basic,basic,basic,basic", "--players", "3"], "4 bots were named for 3"),
        (["--bots", "basic,,basic"], "--bots takes bot names separated by commas"),
        (["--matches", "0"], "--matches must be 1 or more"),
        (["--workers", "0"], "--workers must be 1 or more"),
        (["--address", "tcp://127.0.0.1:1"], "--address is only used with --engine dask"),
        (["--engine", "dask"], "needs the address of a running scheduler"),
        (["--out", "/no/such/folder/results.csv"], "the folder /no/such/folder does not exist"),
    ],
)
def test_cli_bad_input_is_one_sentence_and_exit_2(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("liverpool simulate: ")
    assert expected in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


def test_cli_bad_input_in_a_fresh_process_has_no_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "liverpool", "simulate", "--bots", "alpha"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr == (
        "liverpool simulate: there is no bot called 'alpha'; choose from: random, basic, strong, "
        "expert\n"
    )


def test_api_rejects_bad_input_before_playing() -> None:
    with pytest.raises(SimulationError, match="choose from: random, basic, strong, expert"):
        match_specs("house", ["basic", "cheater", "basic"], 1)
    with pytest.raises(RulesError, match="3 to 8 players"):
        match_specs("house", ["basic", "basic"], 1)
    with pytest.raises(SimulationError, match="engine"):
        run_matches("house", ["basic"] * 3, 1, engine="ray")
    with pytest.raises(SimulationError, match="workers"):
        run_matches("house", ["basic"] * 3, 1, workers=0)
    assert run_matches("house", ["basic"] * 3, 0) == []


def test_a_failed_match_names_its_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(match_module, "play_match", broken)
    with pytest.raises(MatchFailed, match=rf"match 0 \(seed {match_seed(2, 0)}, .*boom"):
        run_matches(PRESET, BOTS, 1, 2)
    assert main(["simulate", "--preset", PRESET, "--bots", "random", "--players", "3"]) == 1
    assert "failed: RuntimeError: boom" in capsys.readouterr().err


def test_missing_dask_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # makes `import distributed` fail
    with pytest.raises(SimulationError, match=r'pip install "dask\[distributed\]"'):
        run_matches(PRESET, BOTS, 1, engine="dask", address="tcp://127.0.0.1:1")


def test_the_engine_does_not_import_dask() -> None:
    script = (
        "import sys, liverpool, liverpool.match, liverpool.cli\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    assert proc.stdout.strip() == "[]"


# --- a dask cluster ------------------------------------------------------------------------


def _distributed() -> ModuleType:
    try:
        import distributed
    except ImportError:
        message = 'dask is not installed; pip install "dask[distributed]" to test the dask engine'
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return distributed


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    """The scheduler of a two-process local cluster, started here and stopped afterwards."""
    distributed = _distributed()
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def test_dask_engine_gives_identical_outcomes(
    dask_address: str, local_outcomes: list[MatchOutcome]
) -> None:
    outcomes = run_matches(PRESET, BOTS, MATCHES, SEED, engine="dask", address=dask_address)
    assert outcomes == local_outcomes


def test_cli_dask_engine_writes_the_same_csv(
    dask_address: str,
    local_outcomes: list[MatchOutcome],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "dask.csv"
    argv = ["simulate", "--preset", PRESET, "--bots", ",".join(BOTS), "--matches", str(MATCHES)]
    argv += ["--seed", str(SEED), "--engine", "dask", "--address", dask_address]
    argv += ["--out", str(out), "--quiet"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert f"on dask at {dask_address}" in captured.out
    assert format_summary(summarize(local_outcomes)) in captured.out
    assert captured.err == ""
    assert out.read_text() == _csv_text(local_outcomes)


def test_compare_bots_is_paired_and_says_which_differ() -> None:
    bots = ("strong", "basic", "basic", "random")
    # strong beats basic by 20 every match (with the match's own luck shared): significant
    clear = [
        MatchOutcome(i, i, (10 + 9 * i, 30 + 9 * i, 30 + 9 * i, 400), (0,), 9, bots)
        for i in range(6)
    ]
    (strong_basic, strong_random, basic_random) = compare_bots(clear)
    assert (strong_basic.first, strong_basic.second, strong_basic.matches) == ("strong", "basic", 6)
    assert strong_basic.difference == pytest.approx(-20.0)
    assert strong_basic.significant and basic_random.significant and strong_random.significant
    text = format_verdict(compare_bots(clear))
    assert (
        "strong is better than basic: it ends a match 20.0 points lower (better) on average "
        "over 6 matches" in text
    )
    # noise both ways: no verdict either way
    noisy = [
        MatchOutcome(i, i, (20 + (-1) ** i * 15, 20, 20, 400), (0,), 9, bots) for i in range(6)
    ]
    first = compare_bots(noisy)[0]
    assert not first.significant
    verdict = format_verdict([first])
    assert "strong and basic cannot be told apart over 6 matches" in verdict
    # said in words from the first bot's side: lower is better, each end of the interval too
    assert first.difference == pytest.approx(0.0)
    assert "strong ends a match level with basic on average" in verdict
    assert f"(95% CI {abs(first.low):.1f} lower to {abs(first.high):.1f} higher)" in verdict
    # a difference either way reads as lower (better) or higher (worse), never as "-72.2"
    worse = format_verdict([replace(first, difference=72.2, low=-3.5, high=148.0)])
    assert "strong ends a match 72.2 points higher (worse) than basic on average" in worse
    assert "(95% CI 3.5 lower to 148.0 higher)" in worse
    better = format_verdict([replace(first, difference=-72.2, low=-148.0, high=3.5)])
    assert "strong ends a match 72.2 points lower (better) than basic on average" in better
    assert "(95% CI 148.0 lower to 3.5 higher)" in better
    assert "+" not in verdict and " -" not in verdict
    assert "nothing to compare" in format_verdict([])


def test_the_legend_says_who_deals_and_who_plays_first_as_simulate_seats_them() -> None:
    """Simulate deals deal 1 from seat 0 (the game's default dealer), so seat 1 plays first."""
    from liverpool import Game
    from liverpool.match import SUMMARY_LEGEND

    game = Game("house", 4, 0)
    assert (game.dealer, game.to_act) == (0, 1)
    legend = " ".join(SUMMARY_LEGEND.split())
    assert "seat 0 deals first; seat 1 plays first in deal 1" in legend
    assert "seat 0 plays first" not in legend
    assert all(len(line) <= 100 for line in SUMMARY_LEGEND.splitlines())


def test_play_match_takes_bot_names_and_plays_the_match_simulate_plays(
    local_outcomes: list[MatchOutcome],
) -> None:
    seed = match_seed(SEED, 0)
    result = play_match(PRESET, list(BOTS), seed=seed)  # names, made as simulate makes them
    assert result.scores == local_outcomes[0].scores and result.steps == local_outcomes[0].steps
    mixed: list[Bot | str] = [
        RandomBot(bot_seed(seed, 0)),
        "Random",
        " random ",
    ]  # any case; bots and names
    assert play_match(PRESET, mixed, seed=seed).scores == result.scores


def test_play_match_refuses_an_unknown_bot_name_with_the_registrys_words() -> None:
    with pytest.raises(LiverpoolError) as caught:
        play_match("house", ["basic", "cheater", "basic"])
    assert str(caught.value) == (
        "there is no bot called 'cheater'; choose from: random, basic, strong, expert"
    )
