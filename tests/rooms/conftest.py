"""Fixtures of the room tests (the pieces themselves are in ``roomkit``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from roomkit import Client, Server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests that do not stop it."""
    srv = Server(tmp_path_factory.mktemp("rooms") / "rooms.sqlite3")
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def clients() -> Iterator[list[Client]]:
    """Clients a test opens are closed after it."""
    opened: list[Client] = []
    try:
        yield opened
    finally:
        for c in opened:
            c.close()
