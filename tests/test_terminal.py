"""``liverpool play``: the terminal game (liverpool/terminal.py), driven through text streams.

The main scenario is a stacked house deal 1 (two sets) in which "You" (seat 0) goes down on
the first turn and goes out on the second, against scripted bots that always draw from the
stock, never buy and discard their first card — so every stock card is known::

    You   7H 7C 7S 9D 9C 9S 7D 9H 2S 3S       upcard 9S
    Ada   2H 3H 4H 5H 6H 8H 10H JH QH KH      stock (top first): AH AD AC 7C ...
    Ben   2D 3D 4D 5D 6D 8D 10D JD QD KD
    Cleo  2C 3C 4C 5C 6C 8C 10C JC QC KC

Turn 1: take the 9S, go down 7H 7C 7S | 9D 9C 9S, lay off 7D, 9H and 9S, discard the 3S.
Ada, Ben and Cleo draw AH, AD, AC (You pass on two offers to buy). Turn 2: draw the 7C, lay
it off, discard the 2S: out.
"""

from __future__ import annotations

import io
import itertools
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import liverpool as lp
from liverpool import Phase
from liverpool.cli import main
from liverpool.table_model import CardFace, MeldView, Zone, points_cell
from liverpool.terminal import (
    CommandError,
    HelpOn,
    Meta,
    TerminalGame,
    _meld_rows,
    action_to_command,
    how_to_play,
    make_bots,
    parse_command,
)

HANDS = [
    "7H 7C 7S 9D 9C 9S 7D 9H 2S 3S",
    "2H 3H 4H 5H 6H 8H 10H JH QH KH",
    "2D 3D 4D 5D 6D 8D 10D JD QD KD",
    "2C 3C 4C 5C 6C 8C 10C JC QC KC",
]
STOCK = "AH AD AC 7C"
NAMES = ["You", "Ada", "Ben", "Cleo"]

# The human's whole deal, with the wrong inputs mixed in (each marked).
DEAL_SCRIPT = [
    "discard 9S",  # wrong: must draw first
    "x 7Z",  # wrong: not a card
    "hint",
    "TAKE",
    "discard 9s",  # wrong: the card just taken
    "down 7H 7C | 9D 9C 9S",  # wrong: a set of two
    "frobnicate",  # wrong: no such command
    "down 7H 7C 7S | 9D 9C 9S",
    "lay 7D 1",
    "lay 9♥ 2",
    "lay 1 9",  # wrong: no meld 9
    "lay 9S 2",
    "discard 3S",
    "pass",  # Ben's discard is offered to buy
    "p",  # Cleo's
    "d",
    "lay 7C 1",
    "x 2S",
]
WRONG = {0, 1, 4, 5, 6, 10}


class ScriptBot:
    """Always draws from the stock, never buys or calls, discards its first card."""

    def act(self, view: lp.PlayerView, legal: Sequence[lp.Action]) -> lp.Action:
        for kind in (lp.DrawStock, lp.Pass, lp.Discard):
            for action in legal:
                if isinstance(action, kind):
                    return action
        return legal[0]


class Lines(io.StringIO):
    """An input stream of lines that notes the game's state_key before each read (a StringIO,
    so that it is the ``TextIO`` the terminal takes; only ``readline`` is read)."""

    def __init__(self, lines: Sequence[str] | Callable[[], str | None]) -> None:
        super().__init__()
        self.source: Iterator[str] | Callable[[], str | None] = (
            iter(lines) if not callable(lines) else lines
        )
        self.game: lp.Game | None = None
        self.keys: list[Any] = []
        self.reads = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]  # (typeshed: _IOBase.readline is bytes)
        if self.game is not None:
            self.keys.append(self.game.state_key())
        self.reads += 1
        line = self.source() if callable(self.source) else next(self.source, None)
        return "" if line is None else line + "\n"


def stacked() -> lp.Game:
    return lp.Game.from_deal("house", HANDS, STOCK, "9S", dealer=3, seed=5, names=NAMES)


def run_stacked(lines: Sequence[str], **kwargs: Any) -> tuple[TerminalGame, Lines, str, int]:
    game = stacked()
    inp = Lines(lines)
    inp.game = game
    out = io.StringIO()
    bots = {seat: ScriptBot() for seat in (1, 2, 3)}
    term = TerminalGame(game, 0, bots, input=inp, output=out, **kwargs)
    code = term.run()
    return term, inp, out.getvalue(), code


def test_a_whole_stacked_deal_down_lay_off_discard_out() -> None:
    term, inp, text, code = run_stacked(DEAL_SCRIPT)
    game = term.game
    assert code == 0
    # The human went out in deal 1 and scored nothing; the bots scored their hands.
    assert game.deal_scores[0][0] == 0
    assert all(points > 0 for points in game.deal_scores[0][1:])
    assert game.deal == 2
    # The table was drawn: header, players with cards / down / buys, melds, stock, hand.
    assert "═══ Deal 1 of 7 · 2 sets · Cleo dealt" in text
    assert re.search(r"▶ You\s+10\s+no\s+∞\s+0", text)
    assert re.search(r"Ada\s+10\s+no\s+∞\s+0", text)
    assert "Stock: " in text and "Discard pile: 9♠" in text
    assert "Your hand (10):" in text
    assert re.search(r"Your hand \(10\):\s+1\s+2\s+3", text)
    hand_row = "7♠  7♥  7♣  7♦  9♠  9♥  9♣  9♦"
    assert hand_row in text.replace("2♠  3♠", "").replace("   ", "  ")
    assert ">> You must take the 9♠ or draw from the stock." in text
    assert "Commands: draw · take · hint · help · quit" in text
    # After going down the melds are numbered with owner and description.
    assert re.search(r"1\s+You\s+set of sevens\s+7♥ 7♣ 7♠", text)
    assert re.search(r"2\s+You\s+set of nines\s+9♦ 9♣ 9♠", text)
    assert "lay CARD MELD [low|high]" in text
    # The taken card is flagged while it is in hand (take, down, 7D, 9H), not once laid off.
    assert text.count("You took the 9♠: you may not discard it.") == 4
    # Events, the human's own in their words, the bots' as the human may read them.
    assert "You took the 9♠ from the discard pile." in text
    assert "You laid the 7♦ on your own set of sevens." in text
    assert "Ada drew from the stock." in text
    assert "You drew the 7♣." in text  # the human's own secret card
    during, after = text.split("Deal 1 of 7 is over", 1)
    assert "A♥" not in during  # Ada's stock card stays hidden while the deal is played
    # The end-of-deal panel: how it ended, every hand left with each card's points (sorted as
    # the hand is shown), the deal's points and the totals — the table model's words and
    # numbers. Going out and the deal's end are said there, once each.
    assert "━━━ Deal 1 of 7 is over" in text
    panel = after[: after.index("Score pad")]
    assert "You went out by discarding the 2♠." in panel
    assert "You went out!" not in text and text.count("went out") == 2  # how, and the row
    assert "Deal 1 is over:" not in text  # the panel's own title and rows say it
    assert re.search(r"You\s+0\s+total 0\s+went out", panel)
    ada = "A♥:15 3♥:3 4♥:4 5♥:5 6♥:6 8♥:8 10♥:10 J♥:10 Q♥:10 K♥:10 = 81"
    assert re.search(r"Ada \+81 total 81 " + re.escape(ada), " ".join(panel.split()))
    # on an 80-column screen: a long hand goes on under its own column, its sum never split
    assert all(len(line) <= 80 for line in panel.splitlines())
    assert not any(line.strip().startswith(("=", "81")) for line in panel.splitlines())
    starts = {line.index("total") for line in panel.splitlines() if "total" in line}
    assert len(starts) == 1  # the columns line up, "went out" included
    out_row = next(line for line in panel.splitlines() if line.endswith("went out"))
    ada_row = next(line for line in panel.splitlines() if line.lstrip().startswith("Ada"))
    assert out_row.index("went out") == ada_row.index("A♥:15")
    assert "Next: deal 2 of 7, 1 set + 1 run." in panel
    # The score pad: one column per player, the deal's points as +N (0 for going out), and
    # totals — the same cells as every table's score pad.
    pad = text[text.index("Score pad") :].splitlines()
    assert re.match(r"\s+Deal\s+You\s+Ada\s+Ben\s+Cleo$", pad[1])
    points = game.deal_scores[0]
    assert pad[2].split() == ["1", "2", "sets", "0", *(f"+{p}" for p in points[1:])]
    assert pad[2].split()[3:] == [points_cell(p) for p in points]
    assert pad[3].split() == ["Total", *(str(p) for p in points)]
    # The next deal began; input ran out at its first question: a clean quit.
    assert "━━━ Deal 2 of 7: 1 set + 1 run" in text
    assert text.rstrip().endswith("Goodbye.")
    assert "Traceback" not in text
    assert inp.reads == len(DEAL_SCRIPT) + 1  # every line was read, then the end of input


def test_the_next_deal_waits_for_enter() -> None:
    """With pauses on (a real terminal), the deal's panel and score pad are printed, then the
    game waits for Enter before the next deal; a scripted Enter is an empty line."""
    term, inp, text, code = run_stacked([*DEAL_SCRIPT, "", "quit"], pause_between_deals=True)
    assert code == 0 and term.game.deal == 2
    panel_at = text.index("Deal 1 of 7 is over")
    pause_at = text.index("Press Enter for the next deal (or type quit):")
    next_at = text.index("━━━ Deal 2 of 7: 1 set + 1 run")
    assert panel_at < text.index("Score pad") < pause_at < next_at
    assert inp.reads == len(DEAL_SCRIPT) + 2  # the Enter, then 'quit' at deal 2's question
    # 'quit' at the pause stops there, before deal 2 is played
    _, _, text, code = run_stacked([*DEAL_SCRIPT, "quit"], pause_between_deals=True)
    assert code == 0 and text.rstrip().endswith("Goodbye.")
    assert "Ada plays first" not in text[text.index("Press Enter") :]


def test_wrong_input_is_answered_and_changes_nothing() -> None:
    _, inp, text, _ = run_stacked(DEAL_SCRIPT)
    # The state before each wrong line equals the state before the next line.
    for index in WRONG:
        assert inp.keys[index] == inp.keys[index + 1], DEAL_SCRIPT[index]
    for index in set(range(len(DEAL_SCRIPT))) - WRONG - {2}:
        assert inp.keys[index] != inp.keys[index + 1], DEAL_SCRIPT[index]
    # Each wrong line is answered by the rule in words, then the same prompt again.
    answers = {
        "discard 9S": "You must draw before you discard.",
        "x 7Z": "Cannot read '7Z' as a card: 'Z' is not a suit",
        "discard 9s": "9♠",
        "down 7H 7C | 9D 9C 9S": "",
        "frobnicate": "'frobnicate' is not a command; 'help' lists them.",
        "lay 1 9": "There is no meld 9 on the table: the melds are numbered 1 to 2.",
    }
    for line, answer in answers.items():
        after = text.split(f"> {line}\n", 1)[1].splitlines()
        assert answer in after[0], (line, after[0])
        assert after[0].endswith("."), after[0]
        assert after[1].startswith("Commands: "), (line, after[1])
        assert after[2] == "> " + DEAL_SCRIPT[DEAL_SCRIPT.index(line) + 1]
    assert "Traceback" not in text


def test_illegal_take_back_rule_is_the_engines_sentence() -> None:
    game = stacked()
    game.apply(lp.TakeDiscard())
    with pytest.raises(lp.IllegalAction) as info:
        game.apply(lp.Discard("9S"))
    _, _, text, _ = run_stacked(["take", "discard 9S", "quit"])
    assert str(info.value) in text


def test_hint_prints_the_coach_move_and_its_reason() -> None:
    _, inp, text, _ = run_stacked(["hint", "take", "hint", "quit"])
    hints = re.findall(r"^Hint: (.+?) — (.+)$", text, re.MULTILINE)
    assert len(hints) == 2
    for command, reason in hints:
        parse_command(command)  # the hint is a command the player can type
        assert len(reason) > 10 and reason.endswith((".", "!"))
    assert hints[1][0].startswith("down ")  # the coach goes down with two sets in hand
    assert inp.keys[0] == inp.keys[1]  # a hint changes nothing


def test_help_and_table_commands() -> None:
    _, _, text, _ = run_stacked(["help", "table", "quit"])
    assert "down CARDS | CARDS" in text and "lay CARD MELD" in text
    assert text.count("═══ Deal 1 of 7") == 2
    assert "failed attempt" not in text  # house rules charge nothing for one


def test_help_warns_where_a_failed_attempt_to_go_down_costs_points() -> None:
    game = lp.Game("traditional", 4, seed=3)
    out = io.StringIO()
    bots = {seat: ScriptBot() for seat in (1, 2, 3)}
    TerminalGame(game, 0, bots, input=Lines(["help", "quit"]), output=out).run()
    assert "Under traditional rules a failed attempt to go down costs 50 points" in out.getvalue()


def test_quit_and_end_of_input_exit_cleanly(tmp_path: Path) -> None:
    for lines in (["quit"], ["QUIT"], []):
        _, _, text, code = run_stacked(lines)
        assert code == 0
        assert text.rstrip().endswith("Goodbye.")
    save = tmp_path / "game.json"
    term, _, text, code = run_stacked(["take"], save_path=save)
    assert code == 0
    assert f"Saved the game to {save}" in text
    assert "not saved" not in text
    again = lp.Game.from_json(save.read_text(encoding="utf-8"))
    assert again.state_key() == term.game.state_key()


def test_quitting_an_unsaved_match_says_it_is_gone_and_how_to_keep_the_next() -> None:
    # a Ctrl-D typed by mistake ended the match with a bare "Goodbye."
    for lines in (["take"], ["take", "quit"]):
        _, _, text, code = run_stacked(lines)
        assert code == 0
        assert text.rstrip().endswith(
            "This match was not saved. To stop a match and resume it later, start it with\n"
            "--save FILE.\nGoodbye."
        )


def test_cli_end_of_input_quits_with_zero(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--seed", "3", "--level", "random"]) == 0
    out = capsys.readouterr().out
    assert "Liverpool Rummy — house rules, 4 players, random bots, seed 3." in out
    assert out.rstrip().endswith("Goodbye.")


def test_cli_save_and_load_round_trip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "match.json"
    # Play a few of the human's moves (whatever is first legal), then quit.
    holder: dict[str, lp.Game] = {}
    moves = iter(range(6))

    def next_line() -> str | None:
        game = holder["game"]
        if next(moves, None) is None:
            return "quit"
        return action_to_command(sensible(game))

    game = lp.Game("house", NAMES, seed=11)
    holder["game"] = game
    inp = Lines(next_line)
    out = io.StringIO()
    term = TerminalGame(
        game, 0, make_bots("basic", [1, 2, 3], 11), input=inp, output=out, save_path=save
    )
    assert term.run() == 0
    assert save.exists()
    saved = lp.Game.from_json(save.read_text(encoding="utf-8"))
    assert saved.state_key() == game.state_key()
    assert len(saved.actions) > 6

    # Resume it from the command line and quit at once: the record is written back unchanged.
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--load", str(save), "--level", "basic"]) == 0
    text = capsys.readouterr().out
    assert "Resuming the match: deal 1 of 7." in text
    hand = " ".join(str(c) for c in sorted(game.hand(0), key=lp.Card.sort_key))
    assert re.sub(r"\s+", " ", hand) in re.sub(r"\s+", " ", text)
    again = lp.Game.from_json(save.read_text(encoding="utf-8"))
    assert again.state_key() == game.state_key()

    # A save elsewhere keeps the loaded file as it was.
    other = tmp_path / "other.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO(action_to_command(sensible(game)) + "\nq\n"))
    assert main(["play", "--load", str(save), "--save", str(other)]) == 0
    capsys.readouterr()
    assert len(lp.Game.from_json(other.read_text(encoding="utf-8")).actions) > len(game.actions)
    assert lp.Game.from_json(save.read_text(encoding="utf-8")).state_key() == game.state_key()


def test_cli_load_errors_are_messages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--load", str(tmp_path / "missing.json")]) == 2
    assert "there is no file" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["play", "--load", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["play", "--preset", "nosuch"]) == 2
    assert "nosuch" in capsys.readouterr().err
    assert main(["play", "--players", "2"]) == 2  # house needs 3 to 8
    assert capsys.readouterr().err.startswith("liverpool play: ")


def sensible(game: lp.Game) -> lp.Action:
    """The scripted human: never buys or calls, else the first legal action (which goes
    down, lays off, and discards in the engine's order)."""
    legal = game.legal_actions()
    if game.phase in (Phase.BUY, Phase.RUMMY_CALL):
        return next(a for a in legal if isinstance(a, lp.Pass))
    return legal[0]


@pytest.mark.parametrize("preset", ["house", "classic"])
def test_a_full_match_against_random_bots_reaches_the_winners(preset: str) -> None:
    game = lp.Game(preset, NAMES, seed=21)
    keys: list[Any] = []

    def next_line() -> str | None:
        keys.append(game.state_key())
        if len(keys) > 20_000:
            return None
        return action_to_command(sensible(game))

    out = io.StringIO()
    inp = Lines(next_line)
    term = TerminalGame(
        game, 0, make_bots("random", [1, 2, 3], 21), input=inp, output=out, ascii=True
    )
    assert term.run() == 0
    text = out.getvalue()
    assert game.is_over
    # Every typed command was accepted: each line changed the game.
    assert all(a != b for a, b in itertools.pairwise(keys))
    assert text.count("Score pad") == game.rules.deals
    # the end-of-deal panel after every deal, from the same summary as the widget's
    assert len(re.findall(r"━━━ Deal \d of 7 is over|--- Deal \d of 7 is over", text)) == 7
    assert "Final standings" in text
    winners = " and ".join(game.names[i] for i in game.winners)
    winners = re.sub(r"\bYou\b", "you", winners)
    won = rf"The match is over: {winners} won( \(a tie\))? with {min(game.scores)} points"
    assert len(re.findall(won, text, re.IGNORECASE)) == 1  # the winner is named once
    assert "Winner" not in text
    assert "Goodbye" not in text
    # ascii=True: plain ASCII throughout (suits as letters).
    assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})


# -- parse_command / action_to_command ----------------------------------------------------


EXAMPLES: list[lp.Action] = [
    lp.DrawStock(),
    lp.TakeDiscard(),
    lp.Buy(),
    lp.Pass(),
    lp.GoDown([["7H", "7C", "7S"], ["8H", "9H", "10H", "JK"]]),
    lp.LayOff("7H", 1),
    lp.LayOff("10D", 0, "low"),
    lp.LayOff("AS", 3, "high"),
    lp.SwapWild("5C", 2, 3),
    lp.Discard("QS"),
    lp.CallRummy(),
    lp.CallLiverpool(),
    lp.GiveCard("JK"),
    lp.GoOut(),
    lp.GoOut([["7H", "8H", "9H"], ["2S", "2D", "2C"]]),
    lp.Cut(41),
]


def test_the_examples_cover_every_action_kind() -> None:
    kinds = {type(a) for a in EXAMPLES}
    assert kinds == {
        lp.DrawStock,
        lp.TakeDiscard,
        lp.Buy,
        lp.Pass,
        lp.GoDown,
        lp.LayOff,
        lp.SwapWild,
        lp.Discard,
        lp.CallRummy,
        lp.CallLiverpool,
        lp.GiveCard,
        lp.GoOut,
        lp.Cut,
    }


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: action_to_command(a))
def test_every_action_kind_round_trips(action: lp.Action) -> None:
    assert parse_command(action_to_command(action)) == action


@pytest.mark.parametrize("preset", ["house", "classic", "online", "traditional", "i_buy"])
def test_every_legal_action_of_a_random_match_round_trips(preset: str) -> None:
    game = lp.Game(preset, 4, seed=2)
    bot = lp.bots.RandomBot(seed=2)
    seen: set[type] = set()
    steps = 0
    while not game.is_over and steps < 1500:
        legal = game.legal_actions()
        for action in legal[:200]:
            seen.add(type(action))
            assert parse_command(action_to_command(action)) == action
        game.apply(bot.act(game.view(game.to_act or 0), legal))
        steps += 1
    assert {lp.DrawStock, lp.Discard} <= seen


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("D", lp.DrawStock()),
        ("  take  ", lp.TakeDiscard()),
        ("B", lp.Buy()),
        ("x 10♥", lp.Discard("10H")),
        ("discard td", lp.Discard("10D")),
        (
            "go down 7h 7c 7s / 8h 9h th jh",
            lp.GoDown([["7H", "7C", "7S"], ["8H", "9H", "TH", "JH"]]),
        ),
        ("down 7H,7C,7S|8H 9H 10H *", lp.GoDown([["7H", "7C", "7S"], ["8H", "9H", "10H", "JK"]])),
        ("lay off 7H 2 LOW", lp.LayOff("7H", 1, "low")),
        ("l 🃏 1", lp.LayOff("JK", 0)),
        ("swap 5♣ 3 4", lp.SwapWild("5C", 2, 3)),
        ("go out", lp.GoOut()),
        ("rummy", lp.CallRummy()),
        ("Liverpool", lp.CallLiverpool()),
        ("give joker", lp.GiveCard("JK")),
        ("cut 41", lp.Cut(41)),
        ("hint", Meta.HINT),
        ("?", Meta.HINT),
        ("HELP", Meta.HELP),
        ("look", Meta.TABLE),
        ("q", Meta.QUIT),
    ],
)
def test_parse_command_accepts_the_usual_forms(text: str, expected: object) -> None:
    assert parse_command(text) == expected


def test_cards_by_number_in_the_hand_as_drawn() -> None:
    hand = lp.parse_cards("AS 7H 7C 9D JK")  # no card's rank is a number used below
    assert parse_command("x 2", hand) == lp.Discard("7H")
    assert parse_command("down 2 3 5 | 1", hand) == lp.GoDown([["7H", "7C", "JK"], ["AS"]])
    assert parse_command("lay 4 2", hand) == lp.LayOff("9D", 1)
    with pytest.raises(CommandError, match="numbered 1 to 5"):
        parse_command("x 6", hand)
    for token in ("0", "-1", "1.5"):  # numbers, not cards: never "'5' is not a suit"
        with pytest.raises(CommandError, match=f"There is no card number {token} in your hand"):
            parse_command(f"x {token}", hand)
    with pytest.raises(CommandError, match="name the card"):
        parse_command("x 2")


def test_a_number_that_is_also_a_rank_in_the_hand_is_refused_not_played() -> None:
    # "x 7" with sevens in hand discarded card number 7 (the 9♠ here): a learner who meant
    # "my seven" lost a card; now both readings are named and nothing is played
    take, *wrong, last = ["take", "x 3", "x 7", "down 7S 7H 7 | 9H 9C 9D", "x 13", "x 11"]
    _, inp, text, _ = run_stacked([take, *wrong, last, "quit"])
    for index in range(1, len(wrong) + 1):
        assert inp.keys[index] == inp.keys[index + 1], wrong[index - 1]
    assert after(text, "x 3").strip() == (
        "'3' could mean card number 3 (the 7♠) or your three (3♠); nothing was played. Name "
        "the card you mean: 7♠ for card number 3, or 3♠ for the three."
    )
    assert "or 7♠, 7♥, 7♣ or 7♦ for a seven." in after(text, "x 7")
    assert "'7' could mean card number 7 (the 9♠)" in after(text, "down 7S 7H 7 | 9H 9C 9D")
    assert "numbered 1 to 11 (or name a card by its rank and suit, e.g. 7H)." in text
    assert "You discarded the 9♦." in after(text, "x 11")  # no 11 is a rank: card number 11
    hand = lp.parse_cards("7H 7C 9D")
    assert parse_command("x 1", hand) == lp.Discard("7H")  # card number 1 is a seven anyway
    with pytest.raises(CommandError, match="numbered 1 to 3; for a seven, write 7♥ or 7♣"):
        parse_command("x 7", hand)
    with pytest.raises(CommandError, match=re.escape("1 to 3; for your nine (9♦), write 9♦.")):
        parse_command("x 9", hand)


def test_help_on_a_command_that_takes_a_card_says_how_to_write_one() -> None:
    text = run_game(stacked(), ["help x", "help lay", "help draw", "quit"])
    for line in ("help x", "help lay"):
        assert "x 3 discards card number 3" in after(text, line)
        assert "x 3 is refused" in after(text, line)
    assert "Cards:" not in after(text, "help draw")


@pytest.mark.parametrize(
    ("text", "error", "phrase"),
    [
        ("", CommandError, "Type a command"),
        ("fly", CommandError, "'fly' is not a command"),
        ("draw 7H", CommandError, "takes nothing after it"),
        ("discard", CommandError, "Name one card"),
        ("discard 7H 8H", CommandError, "Name one card"),
        ("x 7Q", lp.CardParseError, "'Q' is not a suit"),
        ("down", CommandError, "melds separated by '|'"),
        ("down 7H 7C 7S |", CommandError, "has no cards"),
        ("lay 7H", CommandError, "a card and a meld number"),
        ("lay 7H 0", CommandError, "not a meld number"),
        ("lay 7H 2 middle", CommandError, "'low' or 'high'"),
        ("swap 7H 2", CommandError, "a place in it"),
        ("cut many", CommandError, "not a number of cards"),
        # a command run into its card, a card with no command, a card split by a space
        ("x7h", CommandError, "Put a space between the command and what follows it: x 7h."),
        ("lay7h 2", CommandError, "what follows it: lay 7h 2."),
        ("7H", CommandError, "'7H' is not a command: to discard the 7♥, write x 7H;"),
        ("3", CommandError, "'3' is not a command: to discard card number 3, write x 3;"),
        ("7h 7c 7s", CommandError, "put one before the cards (down to go down, lay to lay off"),
        ("1.5", CommandError, "'1.5' is not a command; 'help' lists them."),
        ("x 7 h", CommandError, "Write a card as one word, with no space: x 7h."),
        ("give 10 ♥", CommandError, "with no space: give 10♥."),
        ("x 1 2", CommandError, "Name one card"),
        # a number int() cannot read ended the match with a ValueError
        ("lay 7H ²", CommandError, "'²' is not a meld number"),
        ("swap 7H 1 ²", CommandError, "'²' is not a place"),
        ("²", CommandError, "'²' is not a command; 'help' lists them."),
        ("help go frob", CommandError, "There is no command 'go frob'"),
        ("help x 7H", CommandError, "There is no command 'x 7H'"),
    ],
)
def test_parse_command_refuses_with_a_sentence(text: str, error: type, phrase: str) -> None:
    with pytest.raises(error) as info:
        parse_command(text)
    assert phrase in str(info.value)


# -- the installed command ----------------------------------------------------------------


def test_play_help_via_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "liverpool", "play", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    for option in ("--preset", "--players", "--level", "--seed", "--open-hands", "--save"):
        assert option in proc.stdout
    assert "--load" in proc.stdout and "random" in proc.stdout and "strong" in proc.stdout


def test_play_via_subprocess_with_piped_input(tmp_path: Path) -> None:
    save = tmp_path / "piped.json"
    proc = subprocess.run(
        [sys.executable, "-m", "liverpool", "play", "--seed", "4", "--save", str(save)],
        input="hint\nfoo\nquit\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "Hint: " in proc.stdout
    assert "'foo' is not a command" in proc.stdout
    assert lp.Game.from_json(save.read_text(encoding="utf-8")).seed == 4


def test_open_hands_shows_the_bots_cards() -> None:
    _, _, text, _ = run_stacked(["quit"], open_hands=True)
    assert "2♥ 3♥ 4♥ 5♥ 6♥ 8♥ 10♥ J♥ Q♥ K♥" in text
    _, _, text, _ = run_stacked(["quit"])
    assert "2♥ 3♥ 4♥" not in text


# -- what a learner reads (the terminal audit) ------------------------------------------------


def run_game(game: lp.Game, lines: Sequence[str], human: int = 0, **kwargs: Any) -> str:
    """``lines`` typed at ``game`` (scripted bots at the other seats); everything printed."""
    out = io.StringIO()
    inp = Lines(lines)
    inp.game = game
    bots = {seat: ScriptBot() for seat in range(game.players) if seat != human}
    TerminalGame(game, human, bots, input=inp, output=out, **kwargs).run()
    return out.getvalue()


def stacked_under(rules: str | lp.Rules, names: Sequence[str] = NAMES) -> lp.Game:
    return lp.Game.from_deal(rules, HANDS, STOCK, "9S", dealer=3, seed=5, names=names)


def after(text: str, line: str) -> str:
    """What was printed after the command ``line`` was typed (up to the next command)."""
    return text.split(f"> {line}\n", 1)[1].split("\n> ", 1)[0].split("\nCommands: ", 1)[0]


def first_turn_lines() -> list[str]:
    """The stacked deal up to the first offer to buy (Ben's discard, after the human's turn)."""
    return DEAL_SCRIPT[: DEAL_SCRIPT.index("discard 3S") + 1]


@pytest.mark.parametrize(
    ("answer", "bought"), [("yes", True), ("y", True), ("no", False), ("N", False)]
)
def test_the_buy_question_takes_yes_and_no_and_says_what_a_buy_costs(
    answer: str, bought: bool
) -> None:
    game = stacked()
    text = run_game(game, [*first_turn_lines(), answer, "quit"])
    question = after(text, "discard 3S")  # Ada's discard is offered first
    question = " ".join(question[question.index(">> You may buy") :].split())
    assert question == (
        ">> You may buy the 2♥. Buy the 2♥? You also take a penalty card from the stock "
        "(2 cards in all). Answer buy or pass (y/n)."
    )
    assert "Commands: buy (y) · pass (n) · hint · help · quit" in text
    said = after(text, answer)
    assert ("You bought the 2♥" in said) is bought
    assert ("You did not buy the 2♥" in said) is not bought
    assert "is not a command" not in said
    assert (lp.Buy() in game.actions) is bought
    assert (parse_command(answer) == lp.Buy()) is bought


def test_a_down_without_separators_is_a_typing_slip_that_shows_this_deals_example() -> None:
    game = stacked()
    lines = ["take", "down 7H 7C 7S 9D 9C 9S", "down 7H 7C 7S | 9D 9C | 9S", "quit"]
    inp = Lines(lines)
    inp.game = game
    out = io.StringIO()
    TerminalGame(game, 0, {s: ScriptBot() for s in (1, 2, 3)}, input=inp, output=out).run()
    text = out.getvalue()
    one = " ".join(after(text, lines[1]).split())
    assert one.startswith("Those cards are one group with no | between melds")
    assert "this deal's contract is 2 sets: 2 melds at once" in one
    assert "Separate the melds with |, e.g. down 7H 7C 7S | 8H 8C 8S." in one
    three = " ".join(after(text, lines[2]).split())
    assert three.startswith("That is 3 melds, but this deal's contract is 2 sets")
    assert inp.keys[1] == inp.keys[2] == inp.keys[3]  # nothing was played
    # The example follows the deal's contract: a set and a run in deal 2, runs lowest first.
    deal2 = lp.Game.from_deal("house", HANDS, STOCK, "9S", deal=2, dealer=3, seed=5, names=NAMES)
    text = run_game(deal2, ["take", "down 7H 7C 7S 9D 9C 9S", "quit"])
    assert "e.g. down 7H 7C 7S | 3S 4S 5S 6S." in " ".join(text.split())


def test_under_a_failed_attempt_penalty_a_missing_separator_costs_nothing_and_is_warned_of(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = stacked_under("traditional")
    text = run_game(game, ["take", "down 7H 7C 7S 9D 9C 9S", "help", "quit"])
    said = " ".join(after(text, "down 7H 7C 7S 9D 9C 9S").split())
    assert "Separate the melds with |" in said
    assert "no points were added (a failed attempt to go down costs 50 under these rules)" in said
    assert not any(e.kind is lp.EventKind.FAILED_GO_DOWN for e in game.log)
    assert "Under traditional rules a failed attempt to go down costs 50 points" in text
    # the banner says so before the first move
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--preset", "traditional", "--seed", "4"]) == 0
    banner = " ".join(capsys.readouterr().out.split("\n\n", 1)[0].split())
    assert "a 'down' that does not make the contract costs 50 points" in banner
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "4"]) == 0
    assert "costs" not in capsys.readouterr().out.split("\n\n", 1)[0]  # house charges nothing


def test_the_score_column_shows_points_announced_in_this_deal() -> None:
    game = stacked_under("traditional")
    text = run_game(game, ["take", "down 7H 7C | 9D 9C 9S", "quit"])
    assert "You tried to go down and could not" in text and game.scores[0] == 0
    table = text[text.rindex("═══ Deal 1") :]
    assert re.search(r"▶ You\s+11\s+no\s+∞\s+0 \+50", table)
    assert (
        "Not yet in the scores (added when this deal ends): you +50 for a failed attempt to go "
        "down." in table
    )
    # An exact cut's bonus is shown the same way, for whoever cut.
    for seed in range(200):
        cut = lp.Game("classic", NAMES, seed=seed)
        target = cut.rules.cut_target(cut.players, 1)
        events = cut.apply(lp.Cut(target))
        if any("exact cut" in e.text for e in events):
            break
    else:
        pytest.fail("no exact cut in 200 seeds")
    cutter = cut.names[events[0].player or 0]
    cutter = "you" if cutter == "You" else cutter
    out = io.StringIO()
    bots = make_bots("basic", [1, 2, 3], seed)
    human_first = TerminalGame(cut, 0, bots, input=io.StringIO("table\nquit\n"), output=out)
    if cut.to_act != 0:  # the bots play on to the human's first question
        human_first.run()
    text = out.getvalue()
    assert (
        f"Not yet in the scores (added when this deal ends): {cutter} −50 for an exact cut." in text
    )
    assert re.search(r"\s0 −50", text)


def test_a_named_player_reads_one_style_in_tables_and_you_in_sentences() -> None:
    names = ["Zoe", "Ada", "Ben", "Cleo"]
    game = stacked_under("house", names)
    text = run_game(game, [*DEAL_SCRIPT, "quit"])
    assert re.search(r"▶ Zoe \(you\)\s+10\s+no", text)  # the players' table
    assert re.search(r"1\s+Zoe \(you\)\s+set of sevens", text)  # the melds
    assert re.search(r"Zoe \(you\)\s+0\s+total 0\s+went out", text)  # the end of the deal
    assert re.search(r"Deal\s+Zoe \(you\)\s+Ada\s+Ben\s+Cleo", text)  # the score pad
    assert "You took the 9♠ from the discard pile." in text  # sentences: "you"
    assert "You went out by discarding the 2♠." in text
    for bad in ("Zoe took", "Zoe went", "Zoe deal", "Zoe laid", "▶ Zoe  "):
        assert bad not in text


def test_a_seat_called_you_that_is_not_the_reader_is_player_n_after_load_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = lp.Game("house", NAMES, seed=11)  # "You" at seat 0, as a new match saves it
    bots = make_bots("basic", [0, 1, 2, 3], 11)
    while game.deal == 1 or game.to_act != 2 or game.phase is not Phase.DRAW:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    saved = tmp_path / "g.json"
    record = game.to_json()
    saved.write_text(record, encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\ndraw\nx 1\nquit\n"))
    assert main(["play", "--load", str(saved), "--name", "Ben"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"Player 1\s+\d+\s+(yes|no)", text)  # the players' table
    assert re.search(r"Deal\s+Player 1\s+Ada\s+Ben \(you\)\s+Cleo", text)  # the score pad
    assert re.search(r"▶ Ben \(you\)", text)
    assert re.search(r"^  Player 1 (did not buy|passed) the", text, re.MULTILINE)  # its moves
    # "you" is only ever the reader: the bot's passes are not told as the reader's
    assert "You did not buy" not in text  # the reader passed on no offer before quitting
    assert len(re.findall(r"^  You ", text, re.MULTILINE)) == len(
        re.findall(
            r"^  You (chose the stock over the 7♠|drew the|discarded the A♦)", text, re.MULTILINE
        )
    )
    assert lp.Game.from_json(saved.read_text(encoding="utf-8")).names == game.names  # the record


def test_the_rules_command_explains_the_game_from_the_rules_value() -> None:
    text = run_game(stacked(), ["rules", "help", "quit"])
    rules = " ".join(after(text, "rules").split())
    for words in (
        "How to play (house rules):",
        "the lowest total after deal 7 wins",
        "This deal (1 of 7): the contract is 2 sets",
        "A set is 3 or more cards of one rank",
        "a run is 4 or more cards of one suit in a row",
        "Going down: once per deal",
        "e.g. down 7H 7C 7S | 8H 8C 8S",
        "Laying off: once you are down",
        "Going out: the first to be rid of every card",
        "deal 7, 3 runs (10 cards dealt; no discard to go out",
        "liverpool rules house",
    ):
        assert words in rules, words
    assert all(len(line) <= 80 for line in after(text, "rules").splitlines())
    assert "How to play: type rules. Every rule of this match: liverpool rules house" in text
    # built from the rules, not per preset: a house rule of one's own shows up
    strict = lp.PRESETS["house"].replace(failed_going_down_penalty=20, name="ours")
    lines = " ".join(" ".join(how_to_play(strict, 3)).split())
    assert "a failed attempt to go down costs 20 points" in lines
    assert "the contract is 2 runs" in lines and "liverpool rules ours" in lines
    classic = " ".join(" ".join(how_to_play(lp.PRESETS["classic"], 1)).split())
    assert "Wild cards (2s)" in classic and "takes 50 points off the cutter's score" in classic
    assert "rummy call on a playable discard" in classic


def test_the_banner_points_to_help_and_rules(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--preset", "online", "--players", "3", "--seed", "2"]) == 0
    banner = " ".join(capsys.readouterr().out.split("\n\n", 1)[0].split())
    assert "Type 'help' for the commands, 'rules' for how to play." in banner
    assert "Every rule of this match: liverpool rules online" in banner


def test_meld_descriptions_wrap_so_the_cards_stay_on_80_columns() -> None:
    long = "set of fives (" + ", ".join(["🃏 as 5", "2♠ as 5", "2♥ as 5", "2♦ as 5"] * 2) + ")"
    cards = lp.parse_cards("5H 5D JK 2S 2H JK 2D 2C 2C 2H")
    melds = [
        (MeldView(0, "set", long, "set of fives", faces(cards)), "Ada"),
        (MeldView(1, "set", "set of nines", "set of nines", faces("9C 9D 9S")), "Zoe (you)"),
    ]
    rows = _meld_rows(melds, lambda cs: " ".join(str(c) for c in cs))
    assert all(columns(row) <= 80 for row in rows), rows
    first, second = rows[0], next(r for r in rows if "set of nines" in r)
    assert first.endswith("5♥ 5♦ 🃏 2♠ 2♥ 🃏 2♦ 2♣ 2♣ 2♥") and second.endswith("9♣ 9♦ 9♠")
    assert columns(first[: first.index("5♥")]) == columns(second[: second.index("9♣")])
    column = [rows[0].removesuffix("5♥ 5♦ 🃏 2♠ 2♥ 🃏 2♦ 2♣ 2♣ 2♥"), *rows[1:-1]]
    said = " ".join(" ".join(r.split()) for r in column)
    assert "(🃏 as 5, 2♠ as 5, 2♥ as 5, 2♦ as 5, 🃏 as 5, 2♠ as 5, 2♥ as 5, 2♦ as 5)" in said


def faces(cards: str | Sequence[lp.Card]) -> tuple[CardFace, ...]:
    cards = lp.parse_cards(cards) if isinstance(cards, str) else cards
    return tuple(CardFace(c, Zone.MELD, c.is_joker) for c in cards)


def columns(text: str) -> int:
    return len(text) + text.count("🃏")


def test_the_table_header_numbers_the_turns_as_review_does(tmp_path: Path) -> None:
    game = stacked()
    text = run_game(game, ["take", "down 7H 7C 7S | 9D 9C 9S", "quit"])
    assert "═══ Deal 1 of 7 · 2 sets · Cleo dealt · turn 1 ═" in text
    # the human's second turn comes after Ada's, Ben's and Cleo's: turn 5
    text = run_game(stacked(), [*DEAL_SCRIPT[: DEAL_SCRIPT.index("d")], "table", "quit"])
    assert "· turn 5 ═" in after(text, "table")
    # resumed from a record, the count goes on where it was
    game = lp.Game("house", NAMES, seed=11)
    bots = make_bots("basic", [0, 1, 2, 3], 11)
    while game.deal == 1 or game.to_act != 0 or game.phase is not Phase.DRAW:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    playing = run_game(game, ["table", "quit"])
    turn = re.findall(r"· turn (\d+) ═", playing)
    resumed = run_game(lp.Game.from_json(game.to_json()), ["table", "quit"])
    assert turn and re.findall(r"· turn (\d+) ═", resumed) == turn
    view = game.view(0)
    first = next(k for k in range(len(game.actions)) if game.replay_to(k).deal == game.deal)
    start = game.replay_to(first).view(0)
    assert int(turn[0]) == view.turn_no - start.turn_no + (0 if start.phase is Phase.CUT else 1)


def test_help_go_answers_for_go_down_and_go_out() -> None:
    # "help go" said "There is no command 'go'" although go down and go out are commands
    deal2 = lp.Game.from_deal("house", HANDS, STOCK, "9S", deal=2, dealer=3, seed=5, names=NAMES)
    text = run_game(deal2, ["help go", "help lay off", "quit"])
    go = after(text, "help go")
    assert go.startswith("  down CARDS | CARDS  go down")
    assert "e.g. down 7H 7C 7S | 3S 4S 5S 6S" in go  # this deal's contract, as help shows it
    assert "\n  out                 go out with the whole hand" in go
    assert "Cards: 7H 7♥" in go and "lay CARD" not in go and "is no command" not in text
    assert after(text, "help lay off").startswith("  lay CARD MELD")


def test_help_lists_the_short_forms_and_help_on_one_command() -> None:
    text = run_game(stacked(), ["help", "help buy", "help h", "help frobnicate", "quit"])
    full = after(text, "help")
    assert "hint, h, ?" in full and "buy, b, y" in full and "pass, p, n" in full
    assert "rules" in full and "help [COMMAND]" in full
    assert "by the number shown\nabove it in your hand" in full and "as drawn" not in full
    buy = after(text, "help buy").splitlines()
    assert buy[0].startswith("  buy, b, y") and "penalty" in buy[0] + buy[1]
    assert not any(line.lstrip().startswith(("draw", "down", "hint")) for line in buy)
    assert "takes nothing after it" not in text
    assert after(text, "help h").strip().startswith("hint, h, ?")
    assert "There is no command 'frobnicate'; 'help' lists them all." in text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("y", lp.Buy()),
        ("Yes", lp.Buy()),
        ("n", lp.Pass()),
        ("no", lp.Pass()),
        ("rules", Meta.RULES),
        ("help buy", HelpOn("buy")),
        ("help y", HelpOn("buy")),
        ("help go down", HelpOn("down")),
        ("help ?", HelpOn("hint")),
        # the two-word commands: "help go" was "There is no command 'go'"
        ("help go", HelpOn("go")),
        ("Help GO out", HelpOn("out")),
        ("help lay off", HelpOn("lay")),
    ],
)
def test_parse_command_reads_answers_and_help_topics(text: str, expected: object) -> None:
    assert parse_command(text) == expected


def swap_table(
    table: Sequence[tuple[int, str]] = ((0, "5S 5C 5D"), (0, "6S 6C 6D"), (1, "7H JK 9H 10H")),
) -> lp.Game:
    """A deal under way with ``table`` on it (by default you, seat 0, are down)."""
    rules = lp.PRESETS["house"].replace(wild_swap="run_remeld")
    return lp.Game.from_deal(
        rules,
        ["8H 8S 3C 4C KD", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D", "2C 5C 6C 7C 9C"],
        "AH AD AC",
        "9S",
        dealer=3,
        seed=5,
        names=NAMES,
        table=list(table),
    )


def test_swap_says_how_places_count_and_may_leave_the_place_out() -> None:
    game = swap_table()
    text = run_game(game, ["draw", "help swap", "swap 8H 3 1", "swap 8H 3", "quit"])
    assert "places count the meld's cards from the left, from 1" in " ".join(
        after(text, "help swap").split()
    )
    assert after(text, "swap 8H 3 1").strip() == (
        "There is no wild card at place 1 of meld 3: its wild is at place 2 (places count the "
        "meld's cards from the left, from 1)."
    )
    assert "You put the 8♥ in place of the 🃏" in after(text, "swap 8H 3")
    assert [m.cards for m in game.table][2] == tuple(lp.parse_cards("7H 8H 9H 10H"))
    # parse_command fills the place only where the meld has one wild
    table, rules = swap_table().table, swap_table().rules
    assert parse_command("swap 8H 3", table=table, rules=rules) == lp.SwapWild("8H", 2, 1)
    with pytest.raises(CommandError, match="Meld 1 holds no wild card"):
        parse_command("swap 8H 1", table=table, rules=rules)
    two = [lp.Meld.build(lp.MeldKind.RUN, lp.parse_cards("JK 8H 9H JK"), rules)]
    with pytest.raises(CommandError, match=r"2 wild cards, at places 1 and 4 .*swap 8H 1 1"):
        parse_command("swap 8H 1", table=two, rules=rules)


def test_a_swap_or_lay_off_before_going_down_says_to_go_down_first_whatever_the_meld() -> None:
    # "swap 8H 1" by a player not yet down said "Meld 1 holds no wild card to swap" (and "lay
    # 8H 9", that there is no meld 9): the meld was judged before the game's first reason, so
    # the player looked for the wrong mistake
    game = swap_table([(1, "5S 5C 5D"), (1, "6S 6C 6D"), (1, "JK 8C 9C JK")])
    swaps = ["swap 8H 1", "swap 8H 3", "swap 8H 3 2", "swap 8H 9"]
    lays = ["lay 8H 9", "lay 3C 1"]
    text = run_game(game, ["draw", *swaps, *lays, "quit"])
    for line in swaps:
        assert after(text, line).strip() == "You may swap a wild only after you have gone down."
    for line in lays:
        assert after(text, line).strip() == (
            "You may lay off only after you have gone down with the contract."
        )
    assert len(game.hand(0)) == 6  # nothing was played


def test_deal_ends_and_the_match_end_are_each_said_once() -> None:
    game = lp.Game("house", NAMES, seed=21)
    text = run_game(game, [], ascii=True)  # nothing typed: the human quits at once
    assert "Goodbye" in text
    # a whole match: the winner once, the deal's end once per deal (see the full-match test)
    out = io.StringIO()
    game = lp.Game("house", NAMES, seed=21)
    keys: list[Any] = []

    def next_line() -> str | None:
        keys.append(game.state_key())
        return action_to_command(sensible(game))

    TerminalGame(
        game, 0, make_bots("random", [1, 2, 3], 21), input=Lines(next_line), output=out
    ).run()
    text = out.getvalue()
    assert not re.search(r"^  \S+ went out!$", text, re.MULTILINE)
    assert not re.search(r"^  Deal \d is over:", text, re.MULTILINE)
    assert len(re.findall(r"The match is over", text)) == 1 and "Winner" not in text
    panels = re.findall(r"━━━ Deal \d of 7 is over ━+\n((?:  .*\n)+)", text)
    assert len(panels) == 7
    for panel in panels:
        rows = [line for line in panel.splitlines() if "total" in line]
        assert len({line.index("total") for line in rows}) == 1
        assert all(columns(line) <= 80 for line in panel.splitlines())
        # a sum is never split from its "=": "= 105" stays whole
        assert not any(
            line.strip().isdigit() or line.rstrip().endswith("=") for line in panel.splitlines()
        )


def test_resuming_leaves_a_line_before_the_score_pad_and_the_table_explains_the_arrow(
    tmp_path: Path,
) -> None:
    game = lp.Game("house", NAMES, seed=11)
    bots = make_bots("basic", [0, 1, 2, 3], 11)
    while game.deal == 1 or game.to_act != 0:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat), game.legal_actions()))
    text = run_game(lp.Game.from_json(game.to_json()), ["table", "quit"])
    assert "Resuming the match: deal 2 of 7.\n\nScore pad" in text
    assert "Score  (▶ decides now)" in text


def test_a_mistyped_card_in_ascii_names_each_way_to_write_it_once() -> None:
    # the parse error's examples and suit list name glyphs beside their letters: in ASCII the
    # glyphs would become the letters again ("S H D C or S H D C"), so they are dropped
    text = run_game(stacked_under("house"), ["x 7Q", "x 7"], ascii=True)
    said = after(text, "x 7Q")
    assert "'Q' is not a suit (use S H D C)" in said
    assert "for example '7H', '10d', 'TD', 'qs' or a joker 'JK', 'JOKER', '*'" in said
    assert said.isascii()


def classic_cut(players: int = 4) -> tuple[lp.Game, int]:
    """A classic match at its first cut, and the seat that cuts (the human's here)."""
    game = lp.Game("classic", NAMES[:players], seed=4)
    assert game.phase is Phase.CUT and game.to_act is not None
    return game, game.to_act


def test_down_and_out_with_no_cards_show_an_example_of_this_deals_contract() -> None:
    # "down" with no cards said "write down 7H 7C 7S | 8H 9H 10H JH" in every deal, though
    # deal 2 is a set and a run of four, and deal 7 three runs
    deal2 = lp.Game.from_deal("house", HANDS, STOCK, "9S", deal=2, dealer=3, seed=5, names=NAMES)
    lines = ["take", "down", "go down 7H |", "quit"]
    inp = Lines(lines)
    inp.game = deal2
    bots = {seat: ScriptBot() for seat in (1, 2, 3)}
    out = io.StringIO()
    TerminalGame(deal2, 0, bots, input=inp, output=out).run()
    text = out.getvalue()
    example = "down 7H 7C 7S | 3S 4S 5S 6S"
    assert after(text, "down").strip() == (
        f"Name the cards of each meld, melds separated by '|'; write {example}."
    )
    assert after(text, "go down 7H |").strip() == f"One of the melds has no cards; write {example}."
    assert inp.keys[1] == inp.keys[2] == inp.keys[3]  # nothing was played
    deal7 = lp.Game.from_deal("house", HANDS, STOCK, "9S", deal=7, dealer=3, seed=5, names=NAMES)
    text = run_game(deal7, ["take", "out 7H |", "quit"])
    assert after(text, "out 7H |").strip() == (
        "One of the melds has no cards; write out, or out 3S 4S 5S 6S | 3D 4D 5D 6D | 3C 4C 5C 6C."
    )
    # without a game, the examples are the fixed ones
    with pytest.raises(CommandError, match=re.escape("write down 7H 7C 7S | 8H 9H 10H JH.")):
        parse_command("down")


def test_a_cut_out_of_range_is_refused_in_one_sentence_with_the_range() -> None:
    # "cut 0" said "'0' is not a number of cards (a number from 1); write cut 41." and
    # "cut 500" "A cut lifts between 1 and 103 cards.": now both the second
    game, human = classic_cut()
    lines = ["cut 0", "cut 500", "cut -3", "cut many", "cut", "quit"]
    inp = Lines(lines)
    inp.game = game
    bots = {seat: ScriptBot() for seat in range(4) if seat != human}
    out = io.StringIO()
    TerminalGame(game, human, bots, input=inp, output=out).run()
    text = out.getvalue()
    assert "Commands: cut N (1-103) · hint" in text
    for line in ("cut 0", "cut 500", "cut -3"):
        assert after(text, line).strip() == "A cut lifts between 1 and 103 cards.", line
    assert after(text, "cut many").strip() == (
        "'many' is not a number of cards (a number from 1 to 103); write cut 41."
    )
    assert after(text, "cut").strip() == "Say how many cards to cut, from 1 to 103; write cut 41."
    assert len(set(inp.keys)) == 1  # nothing was played
    assert parse_command("cut 0") == lp.Cut(0)  # the game refuses it, with the range
    # the example is the aim the cut question names: 31 with three players, not 41
    game, human = classic_cut(3)
    text = run_game(game, ["cut", "quit"], human=human)
    assert "Lift exactly 31 (the deal and the upcard)" in text
    assert after(text, "cut").strip() == "Say how many cards to cut, from 1 to 103; write cut 31."


def test_a_card_typed_alone_is_answered_as_the_moment_asks() -> None:
    # "7H" alone said "to discard the 7♥, write x 7H" at a buy question, before the draw, at
    # the cut, and when no 7♥ was in the hand
    lines = ["7H", "take", "5S", "12", "7H", *first_turn_lines()[4:], "7H", "7h 7c 7s", ""]
    _, inp, text, _ = run_stacked([*lines, "quit"])
    said = [after(text, line).strip() for line in ("7H", "5S", "12")]
    assert said == [
        "'7H' is not a command: now you can draw or take; 'help' lists the commands.",
        "'5S' is not a command, and you hold no 5♠; 'help' lists the commands.",
        "'12' is not a command, and your cards are numbered 1 to 11, so there is no card "
        "number 12; 'help' lists the commands.",
    ]
    in_play = text.split("> 12\n", 1)[1]
    assert after(in_play, "7H").strip() == (
        "'7H' is not a command: to discard the 7♥, write x 7H; 'help' lists the commands."
    )
    at_buy = text.split("> discard 3S\n", 1)[1]
    assert "Answer buy or pass (y/n)." in at_buy
    for line in ("7H", "7h 7c 7s"):
        assert after(at_buy, line).strip() == (
            f"{line.split()[0]!r} is not a command: answer buy or pass (y/n); 'help' lists the "
            "commands."
        )
    # an empty line gives the prompt of this moment again, not the help
    assert at_buy.split("> \n", 1)[1].splitlines()[0] == (
        "Commands: buy (y) · pass (n) · hint · help · quit"
    )
    wrong = [0, 2, 3, 4, len(lines) - 3, len(lines) - 2, len(lines) - 1]
    for index in wrong:
        assert inp.keys[index] == inp.keys[index + 1], lines[index]
    game, human = classic_cut()
    text = run_game(game, ["7H", "quit"], human=human)
    assert after(text, "7H").strip() == (
        "'7H' is not a command: now you can cut N (1-103); 'help' lists the commands."
    )
