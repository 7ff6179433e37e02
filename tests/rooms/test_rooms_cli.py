"""``liverpool serve`` as a command: what it prints, the key it makes, its options."""

from __future__ import annotations

import argparse
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from roomkit import URL_LINE, Server

from liverpool_rooms.cli import add_serve, banner

SERVE = (sys.executable, "-m", "liverpool_rooms", "serve")


def test_serve_adds_itself_to_any_command_line() -> None:
    parser = argparse.ArgumentParser(prog="liverpool")
    sub = parser.add_subparsers(dest="command")
    add_serve(sub)
    args = parser.parse_args(["serve", "--port", "0", "--db", "x.sqlite3"])
    assert args.port == 0 and args.db == "x.sqlite3" and args.host == "127.0.0.1"
    assert args.teacher_key is None and callable(args.handler)


def test_the_banner_says_the_url_and_warns_on_every_network() -> None:
    local = banner("127.0.0.1", 8765, "KEY", made=True, db="rooms.sqlite3")
    first = local.splitlines()[0]
    assert URL_LINE.search(first) and "http://127.0.0.1:8765/" in first
    assert "teacher key: KEY" in local and "warning" not in local
    given = banner("127.0.0.1", 8765, "KEY", made=False, db="rooms.sqlite3")
    assert "KEY" not in given
    lan = banner("0.0.0.0", 8765, "KEY", made=True, db="rooms.sqlite3")
    assert lan.startswith("warning:") and "every network" in lan
    assert URL_LINE.search(lan) and "http://127.0.0.1:8765/" in lan


def test_without_a_key_the_server_makes_and_prints_one(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [*SERVE, "--port", "0", "--db", str(tmp_path / "r.sqlite3")],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any("teacher key" in x for x in lines):
            lines.append(proc.stdout.readline().decode())
        url = next(m.group(1) for x in lines if (m := URL_LINE.search(x)))
        key = next(x for x in lines if x.startswith("teacher key:")).split()[2]
        assert len(key) >= 12
        # The printed key makes rooms; the URL's port is the one really listened on.
        server = Server.__new__(Server)
        server.url, server.key = url, key
        status, data = server.request("POST", "/api/rooms", {"rules": "house"}, token=key)
        assert status == 201 and data["join_url"].startswith(url.rstrip("/"))
        assert server.request("POST", "/api/rooms", {}, token=key + "x")[0] == 401
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()


def test_a_busy_port_is_reported(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                *SERVE,
                "--port",
                str(port),
                "--db",
                str(tmp_path / "r.sqlite3"),
                "--teacher-key",
                "K",
            ],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert done.returncode == 1 and "cannot listen" in done.stderr


def test_a_store_that_cannot_be_written_is_reported_before_the_server_says_ready(
    tmp_path: Path,
) -> None:
    not_sqlite = tmp_path / "game.json"  # a saved game given as --db by mistake
    not_sqlite.write_text('{"version": 1}', encoding="utf-8")
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE notes (text)")
    for db, words in (
        (tmp_path / "no" / "r.sqlite3", "does not exist"),
        (tmp_path, "a folder"),
        (not_sqlite, "is not a rooms database (not an SQLite file)"),
        (other, "is another program's database"),
    ):
        done = subprocess.run(
            [*SERVE, "--port", "0", "--db", str(db), "--teacher-key", "K"],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr
        assert "rooms at" not in done.stdout  # no "ready" banner for a server that cannot start
