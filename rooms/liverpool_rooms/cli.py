"""``liverpool serve`` (and ``python -m liverpool_rooms serve``): run the room server.

:func:`add_serve` adds the ``serve`` sub-command to any ``argparse`` sub-parsers (the
``liverpool`` command calls it); it imports nothing but ``argparse``, so the engine's command
line stays fast and works without the ``rooms`` extra. :func:`serve_main` loads the server
(Starlette, uvicorn) only when the command runs.

The server prints one line holding its URL (``--port 0`` picks a free port: the line says
which), and the teacher key when it made one.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import math
import secrets
import socket
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import uvicorn

    from .server import ServerOptions

    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]

__all__ = [
    "add_serve",
    "build_parser",
    "listen",
    "loopback_only",
    "main",
    "option_problem",
    "serve_main",
    "server_config",
]

PROG = "liverpool"
DEFAULT_PORT = 8765


def _add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: 127.0.0.1, this computer only; "
        "0.0.0.0 lets phones on the classroom network join)",
    )
    p.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"the port (default: {DEFAULT_PORT}; 0 picks a free one, and the printed URL says it)",
    )
    p.add_argument(
        "--db",
        default="rooms.sqlite3",
        help="the SQLite file holding every room (default: rooms.sqlite3); restart on the same "
        "file and every room goes on where it was",
    )
    p.add_argument(
        "--teacher-key",
        default=None,
        metavar="KEY",
        help="the key that makes rooms and runs them (default: a new key, printed)",
    )
    p.add_argument(
        "--bot-seconds",
        type=float,
        default=1.0,
        metavar="S",
        help="how long a bot waits before it plays, so people can follow (default: 1.0)",
    )
    p.add_argument(
        "--durable",
        action="store_true",
        help="sync every move to the disk (survives a power cut, not only a crash; slower)",
    )
    p.add_argument(
        "--rate",
        type=float,
        default=20.0,
        metavar="N",
        help="messages a second one connection may send, on average (default: 20)",
    )
    p.add_argument(
        "--burst",
        type=float,
        default=40.0,
        metavar="N",
        help="messages one connection may send at once (default: 40)",
    )
    p.add_argument(
        "--no-table-model",
        action="store_true",
        help="send only the protocol's view and legal actions, not the card table's model",
    )


def add_serve(sub: Subparsers) -> argparse.ArgumentParser:
    """Add ``serve`` to ``sub`` (its handler is :func:`serve_main`)."""
    p = sub.add_parser(
        "serve",
        help="run classroom rooms: students play together in their browsers",
        description=(
            "Run the room server. The teacher opens the printed URL, types the teacher key and "
            "makes a room; students open its join link (or scan its QR code), type a name and "
            "play. The server runs the bots and the clocks and stores every move, so a restart "
            "loses nothing."
        ),
        epilog="example: liverpool serve --host 0.0.0.0   (then open the printed URL)",
    )
    _add_arguments(p)
    p.set_defaults(handler=serve_main)
    return p


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``python -m liverpool_rooms``."""
    parser = argparse.ArgumentParser(prog="python -m liverpool_rooms")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    add_serve(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """``python -m liverpool_rooms serve ...``."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    result: int = handler(args)
    return result


def _lan_address() -> str | None:
    """This computer's address on its network (no packet is sent: UDP only picks a route)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address: str = probe.getsockname()[0]
        return None if address.startswith("127.") else address
    except OSError:
        return None
    finally:
        probe.close()


def loopback_only(host: str) -> bool:
    """Whether a server listening on ``host`` can be reached from this computer alone
    (``127.0.0.1``, ``::1``, ``localhost``): then no phone can open its join links."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


LOOPBACK_NOTE = (
    "only this computer can open these rooms: to let students' phones join, stop the server "
    f"and start it again with `{PROG} serve --host 0.0.0.0`"
)
"""The banner's line when the server listens on loopback only (the teacher's page says the
same beside the join link)."""


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def listen(host: str, port: int) -> socket.socket:
    """A TCP socket listening on ``host:port`` (port 0: a free one, which ``getsockname`` names).

    ``liverpool serve`` and a notebook's ``RoomServer`` bind it themselves, before uvicorn runs,
    so that they know the port at once (for the banner and the links) and can say in their own
    words why an address cannot be had. Raises ``OSError`` (the socket closed) in that case.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named outright: asyncio turns Nagle off only on sockets that say so, and
    # with Nagle on, small state messages wait ~40 ms for the client's delayed ACK.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    return sock


def server_config(
    options: ServerOptions, *, shutdown_seconds: int, own_logging: bool = True
) -> uvicorn.Config:
    """How uvicorn runs the rooms app, the same for ``liverpool serve`` and a notebook's
    ``RoomServer``: the sans-I/O websockets protocol, messages of 64 KiB at most, a ping every
    20 s (30 s to answer), no proxy headers and no access log.

    ``shutdown_seconds`` bounds the wait for open connections when the server stops;
    ``own_logging=False`` leaves the process's logging configuration alone (a notebook kernel's
    is not the server's to set). Needs the ``rooms`` extra (uvicorn, Starlette).
    """
    import uvicorn
    from uvicorn.config import LOGGING_CONFIG

    from .server import create_app

    return uvicorn.Config(
        create_app(options),
        log_config=LOGGING_CONFIG if own_logging else None,
        log_level="warning",
        access_log=False,
        ws="websockets-sansio",
        ws_max_size=64 * 1024,
        ws_ping_interval=20.0,
        ws_ping_timeout=30.0,
        lifespan="on",
        proxy_headers=False,
        server_header=False,
        timeout_graceful_shutdown=shutdown_seconds,
    )


def banner(host: str, port: int, key: str, *, made: bool, db: str) -> str:
    """What the server prints when it starts: the line with its URL first (a warning before
    it when it listens on every network), then the teacher key if it made one."""
    lines = []
    local = _url("127.0.0.1", port)
    if host in ("0.0.0.0", "::"):
        lan = _lan_address()
        lines.append(
            "warning: listening on every network this computer is on: anyone on the network "
            "can open these rooms. Use it on a classroom network you trust (the teacher key "
            "still guards making and running rooms)."
        )
        shown = _url(lan, port) if lan else local
        lines.append(f"{PROG} serve: rooms at {shown} (on this computer: {local})")
    else:
        lines.append(f"{PROG} serve: rooms at {_url(host, port)}")
        if loopback_only(host):
            lines.append(LOOPBACK_NOTE)
    if made:
        lines.append(f"teacher key: {key}  (type it on the teacher's page)")
    else:
        lines.append("teacher key: the one given with --teacher-key")
    lines.append(f"rooms are stored in {db}; press Ctrl-C to stop")
    return "".join(line + "\n" for line in lines)


def option_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the options, in one sentence, or ``None``. A value the server cannot
    use is refused here rather than quietly changed: ``--rate 0`` would otherwise become a
    limit nobody asked for, and ``--teacher-key ""`` a random key the teacher does not know."""
    if not 0 <= args.port <= 65535:
        return f"--port must be 0 to 65535, not {args.port}"
    if args.teacher_key is not None and not args.teacher_key.strip():
        return "--teacher-key is empty; give a key, or leave the option out to have one made"
    limits = (
        ("--bot-seconds", args.bot_seconds, 0.0, "0 or more"),
        ("--rate", args.rate, 0.1, "at least 0.1 messages a second"),
        ("--burst", args.burst, 1.0, "at least 1 message"),
    )
    for option, value, least, words in limits:
        if not (math.isfinite(value) and value >= least):
            return f"{option} must be {words}, not {value:g}"
    return None


def serve_main(args: argparse.Namespace) -> int:
    """Run the server until interrupted (Ctrl-C); returns the exit code."""
    problem = option_problem(args)
    if problem:
        sys.stderr.write(f"{PROG} serve: {problem}\n")
        return 2
    try:
        import uvicorn

        from .server import ServerOptions
    except ImportError as exc:
        sys.stderr.write(
            f"{PROG} serve needs the rooms extra ({exc.name} is missing): "
            "pip install 'liverpool[rooms]'\n"
        )
        return 2
    host: str = args.host
    from pathlib import Path

    from liverpool.files import unwritable

    # Checked before "ready" is printed: SQLite would fail only once the server starts.
    problem = unwritable(Path(args.db))
    if problem:
        sys.stderr.write(f"{PROG} serve: --db {problem}\n")
        return 2
    from .store import database_problem

    problem = database_problem(args.db)
    if problem:
        sys.stderr.write(f"{PROG} serve: --db {problem}\n")
        return 2
    key: str = secrets.token_urlsafe(9) if args.teacher_key is None else args.teacher_key
    try:
        sock = listen(host, args.port)
    except OSError as exc:
        sys.stderr.write(f"{PROG} serve: cannot listen on {host}:{args.port}: {exc.strerror}\n")
        return 1
    port = sock.getsockname()[1]
    lan = _lan_address() if host in ("0.0.0.0", "::") else None
    sys.stdout.write(banner(host, port, key, made=args.teacher_key is None, db=args.db))
    sys.stdout.flush()
    options = ServerOptions(
        db=args.db,
        teacher_key=key,
        bot_seconds=args.bot_seconds,
        durable=args.durable,
        table_models=not args.no_table_model,
        public_url=_url(lan, port) if lan else "",
        loopback_only=loopback_only(host),
        rate=args.rate,
        burst=args.burst,
    )
    server = uvicorn.Server(server_config(options, shutdown_seconds=5))
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    return 0
