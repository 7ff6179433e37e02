"""Nothing from the internet at run time: each page of the project, with every request that
leaves loopback refused.

A classroom may have no internet, and a page that asks a CDN for a stylesheet or a font waits on
the network and logs errors. Every request of the browser context to a host that is not
loopback is aborted and recorded (``labdriver.block_outside``; websockets to such hosts are
recorded too); each test then opens a lesson with a widget and fails if anything was asked of
another host:

* JupyterLab (``/lab/tree/<nb>``), every cell run, the widget drawn;
* Notebook 7 (``/notebooks/<nb>``), the same;
* Voila (the lesson's own ``liverpool`` template, named in its metadata), the widget drawn, and
  no console error about a load that failed.

Lessons: 00 (a lesson panel, ``SetBuilder``) and 09 (``play()``: the card table and ipywidgets
controls, buttons with icons). Each test is bounded by its page timeouts (60 s at most for
any one wait).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import labdriver as ld
import pytest

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
WIDGET_SHOWN = {
    "00_start_here.ipynb": '[data-testid="set-builder"]',
    "11_a_full_game_against_bots.ipynb": ".lpt[data-version] [data-testid=hand]",
}
"""Each lesson opened, with the selector of its drawn widget."""
LESSONS = [pytest.param(name, id=name[:2]) for name in WIDGET_SHOWN]
WAIT = 60_000  # ms: the longest any one wait may take
SETTLE = 1_500  # ms: after the widget is drawn, for late loads (fonts, images)
FAILED_LOAD = ("Failed to load", "net::ERR_", "request failed")


def _server(tmp_path_factory: pytest.TempPathFactory, label: str) -> Iterator[ld.Server]:
    yield from ld.serve_lab(
        tmp_path_factory, label, "--JupyterNotebookApp.expose_app_in_browser=True"
    )


@pytest.fixture(scope="module")
def offline_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ld.Server]:
    """The Jupyter server whose JupyterLab pages are opened."""
    yield from _server(tmp_path_factory, "offline-lab")


@pytest.fixture(scope="module")
def offline_nb7(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ld.Server]:
    """Another server, whose Notebook 7 pages are opened. Not the JupyterLab one: Jupyter
    Server caches static files by name alone, across the apps it serves, and JupyterLab and
    Notebook 7 ship a font under the same hashed name, so once JupyterLab has loaded it, the
    same server answers Notebook 7's request for it with 403 ("not in root static
    directory"), a failed load that is no fault of the lessons."""
    yield from _server(tmp_path_factory, "offline-nb7")


class Offline:
    """A browser context that refuses every request leaving loopback, and one page in it."""

    def __init__(self, chromium: Any) -> None:
        self.context = chromium.new_context(
            viewport={"width": 1300, "height": 1500}, service_workers="block"
        )
        self.outside = ld.block_outside(self.context)
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT)
        self.console = ld.console_errors(self.page)

    def failed_loads(self) -> list[str]:
        return [e for e in self.console if any(f in e for f in FAILED_LOAD)]

    def shown(self, name: str, shot: Path, *, full_page: bool = False) -> None:
        """Wait for lesson ``name``'s widget, give late loads (fonts, images) ``SETTLE`` ms,
        and keep a screenshot at ``shot``."""
        self.page.wait_for_selector(WIDGET_SHOWN[name])
        self.page.wait_for_timeout(SETTLE)
        self.page.screenshot(path=shot, full_page=full_page)

    def check(self) -> None:
        """Nothing was asked of another host, and no load failed."""
        assert self.outside == []
        assert self.failed_loads() == [], self.console

    def close(self) -> None:
        ld.close_notebook(self.page)
        self.context.close()


@pytest.fixture
def offline(chromium: Any) -> Iterator[Offline]:
    o = Offline(chromium)
    try:
        yield o
    finally:
        o.close()


def _serve(server: ld.Server, name: str) -> None:
    shutil.copyfile(NOTEBOOKS / name, Path(server.base) / "notebooks" / name)


@pytest.mark.parametrize("name", LESSONS)
def test_jupyterlab_asks_nothing_of_the_internet(
    name: str, offline_lab: ld.Server, offline: Offline, tmp_path: Path
) -> None:
    _serve(offline_lab, name)
    ld.open_page(offline.page, offline_lab, name, timeout=WAIT)
    ld.run_all(offline.page, timeout=WAIT)
    offline.shown(name, tmp_path / "lab.png")
    offline.check()


@pytest.mark.parametrize("name", LESSONS)
def test_notebook7_asks_nothing_of_the_internet(
    name: str, offline_nb7: ld.Server, offline: Offline, tmp_path: Path
) -> None:
    ld.skip_for(ld.notebook7_missing())
    _serve(offline_nb7, name)
    ld.open_notebook7(offline.page, offline_nb7, name, timeout=WAIT)
    ld.run_all(offline.page, timeout=WAIT)
    offline.shown(name, tmp_path / "notebook7.png")
    offline.check()


@pytest.mark.parametrize("name", LESSONS)
def test_voila_asks_nothing_of_the_internet(
    name: str, tmp_path_factory: pytest.TempPathFactory, offline: Offline, tmp_path: Path
) -> None:
    ld.require(voila=True)
    base = tmp_path_factory.mktemp("offline-voila")
    notebook = base / name
    shutil.copyfile(NOTEBOOKS / name, notebook)
    server = ld.start_voila(notebook, base)
    try:
        offline.page.goto(f"{server.url}/?token={server.token}", timeout=WAIT)
        offline.shown(name, tmp_path / "voila.png", full_page=True)
    finally:
        server.stop()
    offline.check()
