"""The ``liverpool`` command line (also ``python -m liverpool``).

Each subcommand is one ``_add_<name>`` function that adds its sub-parser and sets
``handler`` to a function ``(args) -> int``; adding a command (``play``, ``simulate``) is
adding one such function to ``_COMMANDS``. The engine is imported lazily inside the
handlers, so ``liverpool --help`` stays fast and works even if the engine is broken.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

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


def _add_rules(sub: Subparsers) -> None:
    p = sub.add_parser(
        "rules",
        help="list the rule presets, or show one preset's settings",
        description="Without NAME, list the rule presets. With NAME, show that preset's settings.",
    )
    p.add_argument("name", nargs="?", metavar="NAME", help="a preset name, e.g. house")
    p.set_defaults(handler=_cmd_rules)


def _cmd_rules(args: argparse.Namespace) -> int:
    from liverpool import PRESETS

    out: TextIO = sys.stdout
    name: str | None = args.name
    if name is None:
        for preset in PRESETS:
            out.write(f"{preset}\n")
        return 0
    key = name.strip().lower()
    if key not in PRESETS:
        known = ", ".join(PRESETS)
        sys.stderr.write(f"{PROG} rules: no preset called {name!r}; the presets are: {known}\n")
        return 2
    rules: object = PRESETS[key]
    out.write(f"{key}\n")
    if dataclasses.is_dataclass(rules) and not isinstance(rules, type):
        items = [(f.name, getattr(rules, f.name)) for f in dataclasses.fields(rules)]
    else:
        items = sorted(vars(rules).items())
    width = max((len(n) for n, _ in items), default=0)
    for field_name, value in items:
        lines = _format_value(value)
        out.write(f"  {field_name:<{width}}  {lines[0]}\n")
        for line in lines[1:]:
            out.write(f"  {'':<{width}}  {line}".rstrip() + "\n")
    return 0


def _format_value(value: object) -> list[str]:
    """One setting as readable text: one line, or one line per item of a long collection."""
    if isinstance(value, enum.Enum):
        return [value.name]
    if isinstance(value, tuple | list | set | frozenset):
        parts = [" ".join(_format_value(item)) for item in value]
        if isinstance(value, set | frozenset):
            parts.sort()
        if not parts:
            return ["none"]
        joined = ", ".join(parts)
        return [joined] if len(joined) <= 60 else parts
    text = (
        str(value)
        if isinstance(value, str) or type(value).__str__ is not object.__str__
        else repr(value)
    )
    return text.splitlines() or [""]


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
    _add_version,
)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with one sub-parser per command."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Liverpool Rummy: rules, games against bots and simulations.",
    )
    parser.add_argument(
        "-V", "--version", action="version", version=f"%(prog)s {_package_version()}"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for add in _COMMANDS:
        add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
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
