"""The ``liverpool`` command line (also ``python -m liverpool``).

Each subcommand is one ``_add_<name>`` function that adds its sub-parser and sets
``handler`` to a function ``(args) -> int``; adding a command (``play``, ``simulate``) is
adding one such function to ``_COMMANDS``. The engine is imported lazily inside the
handlers, so ``liverpool --help`` stays fast and works even if the engine is broken.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

Handler = Callable[[argparse.Namespace], int]

PROG = "liverpool"


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("liverpool")
    except PackageNotFoundError:
        return "0.0.0+unknown"


# --- rules ---------------------------------------------------------------------------------

_WIDTH = 100  # wrap long values and source lines here, as the rest of the project does


def _add_rules(sub: Subparsers) -> None:
    p = sub.add_parser(
        "rules",
        help="list the rule presets, or show one preset's rules in words",
        description=(
            "Without NAME, list the rule presets with one line each. With NAME, show every rule "
            "of that preset in words; --sources adds, under each rule, the line of the source "
            "text it comes from (docs/rules.md explains them all)."
        ),
        epilog="example: liverpool rules online --sources",
    )
    p.add_argument("name", nargs="?", metavar="NAME", help="a preset name, e.g. house")
    p.add_argument(
        "--sources",
        action="store_true",
        help="under each rule, say where it comes from: a quote, (silent) or an engine rule",
    )
    p.set_defaults(handler=_cmd_rules)


def _cmd_rules(args: argparse.Namespace) -> int:
    from liverpool import PRESETS, RulesError, get_rules
    from liverpool.rules import describe_contract, field_label
    from liverpool.sources import described_fields, preset_summary, rule_sources

    out: TextIO = sys.stdout
    name: str | None = args.name
    if name is None:
        if args.sources:
            sys.stderr.write(f"{PROG} rules: --sources needs a preset NAME\n")
            return 2
        width = max(len(n) for n in PRESETS)
        for preset in PRESETS:
            out.write(f"{preset:<{width}}  {preset_summary(preset)}\n")
        return 0
    try:
        rules = get_rules(name)
    except RulesError as exc:
        sys.stderr.write(f"{PROG} rules: {exc}\n")
        return 2
    words = rules.describe()
    sources = rule_sources(rules) if args.sources else {}
    title = rules.source.splitlines()[0] if rules.source else "rules"
    out.write(f"{rules.name} — {title}\n")
    for field_name in described_fields():
        label = field_label(field_name)
        if field_name == "contracts":
            out.write(f"  {label}:\n")
            for deal in range(1, rules.deals + 1):
                out.write(_wrap(describe_contract(rules.contract(deal)), "    ", "      "))
        else:
            out.write(_wrap(f"{label}: {words[field_name]}", "  ", "      "))
        if field_name in sources:
            out.write(_wrap(f"source: {sources[field_name]}", "      ", "        "))
    if not args.sources:
        out.write(f"\nWhere each rule comes from: {PROG} rules {rules.name} --sources\n")
    return 0


def _wrap(text: str, first: str, rest: str) -> str:
    """``text`` as lines of at most :data:`_WIDTH` columns, never breaking a word."""
    import textwrap

    lines = textwrap.wrap(
        text,
        _WIDTH,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return "".join(line + "\n" for line in lines)


# --- play ----------------------------------------------------------------------------------

_LEVELS = ("random", "basic", "strong", "expert")
"""The bot levels, weakest first: :data:`liverpool.bots.LEVELS`, written out so that building
the parser does not import the engine (a test keeps the two the same)."""


def _add_play(sub: Subparsers) -> None:
    p = sub.add_parser(
        "play",
        help="play a whole match in the terminal against bots",
        description=(
            "Play a whole match of Liverpool in the terminal: you are seat 0 (in a loaded game, "
            "the player --name names), the bots take the other seats. Type 'help' at the "
            "prompt for the commands; cards are written 7H, 10♥, td, JK (or by their number in "
            "your hand)."
        ),
    )
    p.add_argument("--preset", help="the rule preset (default: house)")
    p.add_argument("--players", type=int, help="players, you included (default: 4)")
    p.add_argument(
        "--level",
        default="basic",
        help=f"how the bots play, from weakest to strongest: {', '.join(_LEVELS)} (default: "
        "basic; expert thinks up to about a second on its close decisions)",
    )
    p.add_argument("--seed", type=int, help="fix the shuffles (and the bots)")
    p.add_argument(
        "--name",
        help='your name at the table (default: "You"); with --load, which of the saved '
        "game's players you are (default: the one in seat 0)",
    )
    p.add_argument("--open-hands", action="store_true", help="show the bots' hands")
    p.add_argument(
        "--save",
        metavar="FILE",
        help="write the game's JSON record to FILE at the end and when you quit (should FILE "
        "fail then, the record goes to a spare file, named on the screen, and the exit code is 1)",
    )
    p.add_argument(
        "--load",
        metavar="FILE",
        help="resume a saved game: its rules, players and seed come from the record, the bots "
        "play at --level, and it is saved back to FILE unless --save says otherwise",
    )
    p.add_argument("--ascii", action="store_true", help="write suits as letters (7H, not 7♥)")
    p.set_defaults(handler=_cmd_play)


def _cmd_play(args: argparse.Namespace) -> int:
    from liverpool.files import unwritable
    from liverpool.terminal import play

    def fail(message: str) -> int:
        sys.stderr.write(f"{PROG} play: {message}\n")
        return 2

    # only what was given: play() keeps the defaults, and a loaded game takes none of these
    chosen: dict[str, Any] = {"preset": args.preset, "players": args.players, "seed": args.seed}
    setup = {key: value for key, value in chosen.items() if value is not None}
    if args.load is not None and setup:
        flags = " and ".join(f"--{key}" for key in setup)
        return fail(
            f"{flags} cannot change a saved game: --load resumes it with its own rules, players "
            "and seed"
        )
    problem = unwritable(Path(args.save)) if args.save else None
    if problem:
        return fail(problem)
    return play(
        **setup,
        level=args.level,
        name=args.name,
        open_hands=args.open_hands,
        save=args.save,
        load=args.load,
        ascii=args.ascii,
    )


# --- simulate ------------------------------------------------------------------------------

_LINE_UP = "strong,basic,basic,basic"
"""The bots ``liverpool simulate`` seats when ``--bots`` is left out."""


def _add_simulate(sub: Subparsers) -> None:
    p = sub.add_parser(
        "simulate",
        help="play many matches between bots and print a table of results",
        description=(
            "Play many matches between bots and print, per bot and per seat, the mean match "
            "score (lower is better) and the win rate with a 95% confidence interval. The same "
            "seed gives the same results whatever the engine and the number of workers."
        ),
        epilog=(
            "example: liverpool simulate --preset house --bots strong,basic,basic,basic "
            "--matches 1000 --workers 4 --out results.csv"
        ),
    )
    p.add_argument("--preset", default="house", help="the rule preset (default: house)")
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="players at the table (default: one per named bot, or 4 when fewer bots are "
        "named than the rules allow)",
    )
    p.add_argument(
        "--bots",
        metavar="NAMES",
        help=f"comma-separated bot names by seat, from {', '.join(_LEVELS)}; repeated to fill "
        f"the table (default: {_LINE_UP}; a match with an expert takes about a "
        "minute of CPU)",
    )
    p.add_argument(
        "--matches", type=int, default=100, metavar="M", help="matches to play (default: 100)"
    )
    p.add_argument("--seed", type=int, default=0, help="base seed of the matches (default: 0)")
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="W",
        help="local worker processes (default: 1; --engine dask uses the cluster's workers)",
    )
    p.add_argument(
        "--engine",
        choices=("local", "dask"),
        default="local",
        help="local processes, or an existing dask cluster (needs dask[distributed])",
    )
    p.add_argument("--address", metavar="URL", help="the dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--out", metavar="FILE", help="write one CSV row per match and seat to FILE")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=_cmd_simulate)


def _cmd_simulate(args: argparse.Namespace) -> int:
    import statistics
    import time

    from liverpool import LiverpoolError, get_rules
    from liverpool.bots import bot_level
    from liverpool.files import unwritable, write_problem
    from liverpool.match import (
        SUMMARY_LEGEND,
        RunFailed,
        TextProgress,
        compare_bots,
        format_summary,
        format_verdict,
        run_matches,
        summarize,
        write_csv,
    )
    from liverpool.words import counted

    def fail(message: str, code: int = 2) -> int:
        sys.stderr.write(f"{PROG} simulate: {message}\n")
        return code

    try:
        rules = get_rules(args.preset)
    except LiverpoolError as exc:
        return fail(str(exc))
    given: str | None = args.bots  # None when left out; "" is a mistake to refuse, not a default
    names = [n.strip().lower() for n in (given if given is not None else _LINE_UP).split(",")]
    if not all(names):
        return fail(f"--bots takes bot names separated by commas, e.g. strong,basic; not {given!r}")
    try:
        names = [bot_level(n) for n in names]
    except LiverpoolError as exc:
        return fail(str(exc))
    named = given is not None
    players: int = args.players if args.players is not None else (len(names) if named else 4)
    if args.players is None and len(names) < rules.min_players:  # e.g. --bots basic: fill 4
        players = min(max(4, rules.min_players), rules.max_players)
    try:
        rules.check_players(players)
    except LiverpoolError as exc:
        return fail(str(exc))
    if named and len(names) > players:
        return fail(f"{len(names)} bots were named for {players} players; name one per seat")
    seats = [names[i % len(names)] for i in range(players)]
    if args.matches < 1:
        return fail(f"--matches must be 1 or more, not {args.matches}")
    if args.workers < 1:
        return fail(f"--workers must be 1 or more, not {args.workers}")
    if args.address and args.engine != "dask":
        return fail("--address is only used with --engine dask")
    out: Path | None = Path(args.out) if args.out else None
    problem = unwritable(out) if out is not None else None
    if problem:
        return fail(problem)

    progress = None if args.quiet else TextProgress(sys.stderr)
    start = time.monotonic()
    try:
        outcomes = run_matches(
            rules,
            seats,
            args.matches,
            args.seed,
            workers=args.workers,
            engine=args.engine,
            address=args.address,
            progress=progress,
        )
    except RunFailed as exc:
        return fail(str(exc), 1)
    except LiverpoolError as exc:
        return fail(str(exc))
    finally:
        if progress is not None:
            progress.close()
    elapsed = time.monotonic() - start

    where = f"dask at {args.address}" if args.engine == "dask" else counted(args.workers, "worker")
    played = counted(len(outcomes), "match", "matches")
    sys.stdout.write(
        f"{rules.name} rules, {players} players ({','.join(seats)}), {played} from seed "
        f"{args.seed}; {elapsed:.1f} s on {where}\n\n"
    )
    steps = statistics.fmean(o.steps for o in outcomes) if outcomes else 0.0
    sys.stdout.write(format_summary(summarize(outcomes)) + "\n\n")
    sys.stdout.write(SUMMARY_LEGEND + "\n")
    sys.stdout.write(
        f"A match took {steps:.0f} decisions on average (every draw, buy and play).\n\n"
    )
    sys.stdout.write("Verdict:\n" + format_verdict(compare_bots(outcomes)) + "\n")
    if out is not None:
        try:
            with out.open("w", encoding="utf-8", newline="") as stream:
                rows = write_csv(outcomes, stream)
        except OSError as exc:
            return fail(write_problem(out, exc), 1)
        if not args.quiet:
            sys.stderr.write(f"wrote {counted(rows, 'row')} to {out}\n")
    return 0


# --- review --------------------------------------------------------------------------------


def _add_review(sub: Subparsers) -> None:
    p = sub.add_parser(
        "review",
        help="grade every decision one player made in a saved game",
        description=(
            "Go through every decision one seat made in a saved game (liverpool play --save) "
            "and say what they did, what the review prefers, the expected points lost and a "
            "grade, then the accuracy, the three costliest moments and what to practise. The "
            "review sees only what that seat saw. It plays each choice out over sampled deals, "
            "so it takes a while: about half a second a decision at the default budget. "
            "Grades by expected points lost: good under 2 (or too close to call), inaccuracy 2 "
            "to 6, mistake 6 to 15, blunder 15 or more (docs/review.md says why). A smaller "
            "--budget is quicker but calls more moves too close to call. Ctrl-C stops the "
            "review and prints what it graded so far."
        ),
        epilog=(
            "seats count from 0 (in liverpool play you are seat 0); the progress bar goes to "
            "stderr; a record that cannot be read exits with status 2. "
            "example: liverpool review game.json --seat 0 --budget 16"
        ),
    )
    p.add_argument("record", metavar="RECORD.json", help="a saved game's record")
    p.add_argument("--seat", type=int, default=0, help="the seat to review (default: 0)")
    p.add_argument(
        "--budget",
        type=int,
        default=None,
        metavar="N",
        help="sampled deals per decision at most: more is steadier and slower, in proportion "
        "(default: 48)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the sampled deals (default: 0)")
    p.add_argument(
        "--below-good",
        action="store_true",
        help="list only the decisions graded below good (the summary is unchanged)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(handler=_cmd_review)


def _cmd_review(args: argparse.Namespace) -> int:
    from liverpool import LiverpoolError, RecordError, SeatError
    from liverpool.files import read_saved_game
    from liverpool.match import TextProgress
    from liverpool.review import DEFAULT_BUDGET, format_review, review

    err: TextIO = sys.stderr

    def fail(message: str) -> int:
        err.write(f"{PROG} review: {message}\n")
        return 2

    budget: int = DEFAULT_BUDGET.samples if args.budget is None else args.budget
    if budget < 1:
        return fail(f"--budget must be 1 or more sampled deals, not {budget}")
    try:
        text = read_saved_game(args.record)
    except RecordError as exc:
        return fail(str(exc))
    # the bar of `liverpool simulate`: one redrawn line on a terminal, a line a tenth elsewhere
    label = f"review seat {args.seat}"
    bar = None if args.quiet else TextProgress(err, label=label, unit="decisions")
    stopped: list[bool] = []
    try:
        with _ctrl_c_sets(stopped):
            result = review(
                text, args.seat, budget, progress=bar, seed=args.seed, cancel=lambda: bool(stopped)
            )
    except RecordError as exc:  # corrupt, cut short, or not a saved game at all
        return fail(f"{args.record!r} cannot be reviewed: {exc}")
    except SeatError as exc:  # --seat names no seat of the record
        return fail(_clause(str(exc)))
    except LiverpoolError as exc:
        return fail(str(exc))
    finally:
        if bar is not None:
            bar.close()
    if result.total == 0:
        return fail(
            f"{result.name} (seat {result.seat}) has made no move in this game yet: there is "
            "nothing to review"
        )
    sys.stdout.write(format_review(result, every=not args.below_good) + "\n")
    return 130 if stopped else 0


def _clause(text: str) -> str:
    """An engine sentence ("There is no seat 7 at this table; ...") as the clause the CLI
    writes after "liverpool review: ": lower case and no full stop, as argparse's errors and
    every other error line of this command line are written. Only for sentences that begin
    with a common word (a seat error's "There"), never a player's name."""
    text = text.strip().removesuffix(".")
    return text[:1].lower() + text[1:]


@contextlib.contextmanager
def _ctrl_c_sets(flag: list[bool]) -> Iterator[None]:
    """While inside, the first Ctrl-C appends to ``flag`` rather than stopping the program (a
    long job checks it and stops cleanly, keeping its work); a second one stops at once."""

    def first(signum: int, frame: object) -> None:
        flag.append(True)
        signal.signal(signal.SIGINT, previous)

    try:
        previous = signal.signal(signal.SIGINT, first)
    except ValueError:  # not the main thread: Ctrl-C cannot reach this job anyway
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


# --- serve ---------------------------------------------------------------------------------


def _add_serve(sub: Subparsers) -> None:
    """``liverpool serve``: classroom rooms (the server loads only when the command runs)."""
    try:
        from liverpool_rooms.cli import add_serve
    except ImportError:  # the engine without its rooms package
        return
    add_serve(sub)


# --- version -------------------------------------------------------------------------------


def _add_version(sub: Subparsers) -> None:
    p = sub.add_parser("version", help="print the version", description="Print the version.")
    p.set_defaults(handler=_cmd_version)


def _cmd_version(args: argparse.Namespace) -> int:
    sys.stdout.write(f"{PROG} {_package_version()}\n")
    return 0


# --- the parser ----------------------------------------------------------------------------

_COMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    _add_rules,
    _add_play,
    _add_simulate,
    _add_review,
    _add_serve,
    _add_version,
)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with one sub-parser per command."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Liverpool Rummy: rules, games against bots, simulations and reviews.",
    )
    parser.add_argument(
        "-V", "--version", action="version", version=f"%(prog)s {_package_version()}"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for add in _COMMANDS:
        add(sub)
    for command in sub.choices.values():  # so an error names the command's own usage
        command.set_defaults(command_parser=command)
    return parser


def _command_parser(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> argparse.ArgumentParser:
    """The sub-parser of the command ``args`` holds (``parser`` itself when there is none)."""
    found: argparse.ArgumentParser = getattr(args, "command_parser", parser)
    return found


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # argparse would show the top-level usage; the command's own is the one to read
        _command_parser(parser, args).error(f"unrecognized arguments: {' '.join(extra)}")
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return handler(args)
    except BrokenPipeError:  # e.g. `liverpool rules | head -1`
        return 0
    except KeyboardInterrupt:
        return 130
