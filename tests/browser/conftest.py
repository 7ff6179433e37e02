"""Fixtures shared by the browser tests: one JupyterLab and one chromium for the whole session.

The browser tests' own notebook (``play_stacked.ipynb``) is driven by the tests, not collected
by ``--nbval``. Missing chromium, Playwright or JupyterLab skips every browser test with the
command that installs it (fails instead where ``CI`` is set): see ``labdriver.require``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

collect_ignore = ["play_stacked.ipynb", "keyboard_deal.ipynb", "first_deal.ipynb"]

TIMEOUT = 20_000  # ms, for any one re-render


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ld.Server]:
    """One JupyterLab for the session, serving a temp folder (``lab.base / "notebooks"``) into
    which each test copies the notebooks it opens."""
    yield from ld.serve_lab(tmp_path_factory, "jupyterlab")


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Debian chromium per test module (each test gets its own context).

    Module-scoped, not session-scoped: Playwright's sync API keeps an event loop running in
    this thread while the browser is open, and later tests (the rooms) call ``asyncio.run``
    themselves."""
    ld.require()
    with ld.browser() as b:
        yield b


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    """A fresh page; ``page.errors`` collects uncaught page errors (each test asserts none).
    On teardown the kernel of the notebook open in it (if any) is shut down."""
    with ld.notebook_page(chromium, width=1400, height=1700, timeout=TIMEOUT) as pg:
        yield pg


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The play site, built once for the session into a temp folder (``scripts/build_site.py``)
    and served from 127.0.0.1: its address and folder."""
    ld.require()
    builder = ld.load_script("build_site")
    cache = ld.require_pyodide(builder)
    out = builder.build(tmp_path_factory.mktemp("site") / "site", cache=cache)
    with builder.serving(out) as url:
        yield url, out


@pytest.fixture(scope="session")
def site(built: tuple[str, Path]) -> str:
    """The address of the served play site."""
    return built[0]
