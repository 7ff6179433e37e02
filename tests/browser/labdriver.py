"""Drive JupyterLab and Voila in headless Debian chromium (shared by the browser tests and
``benchmarks/table_latency.py``).

Follows ``TESTING-NOTES.md``: the server runs in its own process group on 127.0.0.1, on a free
port, with a token and ``--allow-root``, its config, runtime, settings and workspace folders in
a temp dir (with JupyterLab's news fetch switched off, or a pop-up covers the page); the
browser is ``/usr/bin/chromium`` driven by Playwright's Python package — never
``playwright install``.

:func:`missing` says what is not installed, in the words of the fix; the tests skip with that
sentence (or fail, where ``CI`` is set).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
NOTEBOOK = HERE / "play_stacked.ipynb"
"""The test notebook: ``play()`` on a stacked house deal against scripted opponents."""
KEYBOARD_NOTEBOOK = HERE / "keyboard_deal.ipynb"
"""A shorter stacked deal (two turns to go out), with a page of printout above the table."""

BIN = Path(sys.executable).parent
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def chromium_path() -> str | None:
    """Debian's chromium, if installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def _tool(name: str) -> str | None:
    local = BIN / name
    return str(local) if local.exists() else shutil.which(name)


def missing(*, voila: bool = False) -> str | None:
    """What the browser tests need and do not find, as the command that installs it."""
    needs: list[str] = []
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        needs.append(
            "the Playwright Python package (pip install playwright, or "
            "pip install -e '.[widgets,dev]'; do not run `playwright install`)"
        )
    if _tool("jupyter-lab") is None:
        needs.append("JupyterLab (pip install -e '.[widgets,dev]')")
    if voila and _tool("voila") is None:
        needs.append("Voila (pip install voila, or pip install -e '.[widgets,dev]')")
    if chromium_path() is None:
        needs.append(
            "Debian's chromium (sudo apt-get update && sudo apt-get install -y chromium; "
            "`make test` does this when it runs as root)"
        )
    if not needs:
        return None
    return "browser tests need " + "; ".join(needs)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, timeout: float = 60.0, proc: subprocess.Popen[Any] | None = None) -> None:
    """Wait until something listens on ``port`` (a GET would run a Voila notebook)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode} before listening")
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listened on port {port} after {timeout:.0f} s")


def jupyter_env(base: Path) -> dict[str, str]:
    """Environment with every JUPYTER_* folder in ``base`` (news fetching off)."""
    settings = base / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(base / "config"),
        JUPYTER_RUNTIME_DIR=str(base / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(base / "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONUNBUFFERED="1",
    )
    return env


class Server:
    """A JupyterLab (or Voila) process in its own process group; :meth:`stop` ends it."""

    def __init__(self, argv: list[str], *, port: int, token: str, base: Path, log: Path) -> None:
        self.port = port
        self.token = token
        self.base = base
        self.log_path = log
        self._log = log.open("w")
        self.proc = subprocess.Popen(
            argv,
            env=jupyter_env(base),
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_tail(self, lines: int = 30) -> str:
        with contextlib.suppress(OSError):
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        return ""

    def _api(self, method: str, path: str) -> Any:
        req = urllib.request.Request(
            f"{self.url}{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(req, timeout=5) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def stop(self) -> None:
        """Shut down its kernels (they run in sessions of their own), then the process group."""
        if self.proc.poll() is None:
            with contextlib.suppress(Exception):
                for kernel in self._api("GET", "/api/kernels") or []:
                    self._api("DELETE", f"/api/kernels/{kernel['id']}")
            for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, sig)
                try:
                    self.proc.wait(wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        self._log.close()


def _started(argv: list[str], *, port: int, token: str, base: Path, log: str) -> Server:
    """The server ``argv`` runs, once it listens on ``port`` (stopped again if it never does)."""
    server = Server(argv, port=port, token=token, base=base, log=base / log)
    try:
        wait_port(port, proc=server.proc)
    except Exception:
        server.stop()
        raise
    return server


def start_lab(root_dir: Path, base: Path, *extra: str) -> Server:
    """JupyterLab serving ``root_dir``, as TESTING-NOTES.md says; returns once it listens.

    ``extra``: more command-line options, e.g. ``--NotebookNotary.db_file=:memory:`` (no
    notebook is trusted by a signature saved earlier) or
    ``--JupyterNotebookApp.expose_app_in_browser=True`` (Notebook 7 pages at
    ``/notebooks/<nb>.ipynb``)."""
    port, token = free_port(), secrets.token_hex(12)
    argv = [
        _tool("jupyter-lab") or "jupyter-lab",
        "--allow-root",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.token={token}",
        f"--ServerApp.root_dir={root_dir}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        *extra,
    ]
    return _started(argv, port=port, token=token, base=base, log="lab.log")


def serve_lab(
    tmp_path_factory: pytest.TempPathFactory, label: str, *extra: str
) -> Iterator[Server]:
    """The body of a JupyterLab fixture: skip (or fail) when something is missing, start one
    serving a new temp folder (``server.base / "notebooks"``, into which each test copies the
    notebooks it opens) with ``extra`` options, yield it, stop it."""
    require()
    base = tmp_path_factory.mktemp(label)
    root = base / "notebooks"
    root.mkdir()
    server = start_lab(root, base, *extra)
    try:
        yield server
    finally:
        server.stop()


def start_voila(notebook: Path, base: Path) -> Server:
    """Voila rendering ``notebook`` as an app; returns once it listens (not after a GET)."""
    port, token = free_port(), secrets.token_hex(12)
    voila = _tool("voila") or "voila"
    argv = [
        voila,
        str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--token={token}",
    ]
    return _started(argv, port=port, token=token, base=base, log="voila.log")


@contextlib.contextmanager
def browser() -> Iterator[Any]:
    """A headless Debian chromium (Playwright's sync API)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


# -- a notebook page in JupyterLab ---------------------------------------------------------------

_KEXEC = """async (code) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  let out = "";
  const f = k.requestExecute({code, store_history: false});
  f.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") out += `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await f.done;
  return out;
}"""


_OPEN = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!(w && w.context && w.context.isReady); }"""
_IDLE = """() => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel;
  return !!k && k.status === 'idle'; }"""


def wait_idle(page: Any, timeout: float = 90_000) -> None:
    """Wait until the notebook the page shows is open and its kernel idle: JupyterLab,
    Notebook 7 and JupyterLite all show it as ``window.jupyterapp``'s current widget."""
    page.wait_for_function(_OPEN, timeout=timeout)
    page.wait_for_function(_IDLE, timeout=timeout)


def open_page(page: Any, server: Server, name: str, timeout: float = 90_000) -> None:
    """Open ``name`` in JupyterLab and wait until its kernel is idle (no cell run yet)."""
    # a workspace of its own, so no tab of an earlier page is restored beside it
    workspace = "".join(ch if ch.isalnum() else "-" for ch in Path(name).stem)
    page.goto(f"{server.url}/lab/workspaces/{workspace}/tree/{name}?reset&token={server.token}")
    wait_idle(page, timeout)


_ALL_RUN = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session?.kernel;
  if (!k || k.status !== "idle") return false;
  return w.content.widgets.every((c) => c.model.type !== "code"
    || (c.model.executionCount !== null && c.model.executionState !== "running"));
}"""


def run_all(page: Any, timeout: float = 90_000) -> None:
    """Run every cell (``notebook:run-all-cells``) and wait until each code cell has run and
    the kernel is idle."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(_ALL_RUN, timeout=timeout)


_ERRORS = """() => {
  const out = [];
  for (const c of window.jupyterapp.shell.currentWidget.content.widgets) {
    if (c.model.type !== "code") continue;
    const tags = c.model.getMetadata("tags") || [];
    for (const o of c.model.outputs.toJSON()) {
      if (o.output_type === "error") out.push({ename: o.ename, evalue: o.evalue, tags});
    }
  }
  return out;
}"""


def error_outputs(page: Any) -> list[dict[str, Any]]:
    """The notebook's error outputs: ``{ename, evalue, tags}`` (the cell's tags) each."""
    return list(page.evaluate(_ERRORS))


def open_notebook(page: Any, server: Server, name: str, timeout: float = 90_000) -> None:
    """Open ``name`` in JupyterLab, wait for its kernel, run every cell, wait for the table."""
    open_page(page, server, name, timeout)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".lpt[data-version] [data-testid=hand]", timeout=timeout)
    # more room for the table
    page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")


def close_notebook(page: Any) -> None:
    """Shut down the open notebook's kernel (its session too); the page may then be closed."""
    with contextlib.suppress(Exception):
        page.evaluate(
            "async () => { const w = window.jupyterapp.shell.currentWidget;"
            " if (w && w.sessionContext) await w.sessionContext.shutdown(); }"
        )


@contextlib.contextmanager
def notebook_page(
    chromium: Any, *, width: int, height: int, timeout: float = 20_000
) -> Iterator[Any]:
    """A page in a browser context of its own, ``width`` × ``height``; ``page.errors`` collects
    its uncaught errors (:func:`page_errors`; each test asserts none). On exit the kernel of
    the notebook open in it (if any) is shut down, so none outlives its test, and the context
    is closed."""
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(timeout)
    page.errors = page_errors(page)
    try:
        yield page
    finally:
        close_notebook(page)
        context.close()


_MODEL_ID = """(selector) => {
  const w = window.jupyterapp.shell.currentWidget;
  for (const c of w.content.widgets) {
    if (c.model.type !== "code" || !c.node.querySelector(selector)) continue;
    for (const o of c.model.outputs.toJSON()) {
      const view = o.data && o.data["application/vnd.jupyter.widget-view+json"];
      if (view) return view.model_id;
    }
  }
  return null;
}"""


def widget_model_id(page: Any, selector: str) -> str:
    """The model id of the widget displayed by the cell whose output holds ``selector``."""
    model_id = page.evaluate(_MODEL_ID, selector)
    if not model_id:
        raise AssertionError(f"no widget output holds {selector!r}")
    return str(model_id)


def kexec(page: Any, code: str) -> str:
    """Run ``code`` in the notebook's kernel (not as a cell) and return what it printed."""
    return str(page.evaluate(_KEXEC, code))


def kstate(page: Any) -> dict[str, Any]:
    """The kernel's own account of the match (``state()`` is defined by the test notebook)."""
    out = kexec(page, "state()")
    try:
        return dict(json.loads(out))
    except ValueError as exc:
        raise AssertionError(f"the kernel did not report its state: {out!r}") from exc


def kwidget(page: Any, model_id: str, expr: str) -> Any:
    """Evaluate ``expr`` in the kernel with ``w`` bound to the widget ``model_id`` (the
    kernel's own object, looked up in ipywidgets' registry); return it decoded from JSON.
    Nothing is added to the notebook's namespace."""
    code = (
        "print(__import__('json').dumps((lambda w: " + expr + ")("
        f"__import__('ipywidgets').widgets.widget._instances[{model_id!r}]), default=str))"
    )
    out = kexec(page, code)
    try:
        return json.loads(out)
    except ValueError as exc:
        raise AssertionError(f"the kernel did not answer {expr!r}: {out!r}") from exc


def skip_for(why: str | None) -> None:
    """Skip the calling test for ``why`` (what is missing, in the words of the fix), or fail it
    where ``CI`` is set: there, a missing piece is a broken set-up, not a reason to test less.
    ``None``: nothing is missing."""
    import pytest

    if why is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI is set, so this is a failure, not a skip: {why}", pytrace=False)
    pytest.skip(why)


def require(*, voila: bool = False) -> None:
    """Skip the calling test with what to install (fail instead where ``CI`` is set)."""
    skip_for(missing(voila=voila))


def load_script(name: str) -> ModuleType:
    """The module ``scripts/<name>.py`` (the site builders), loaded from its file: ``scripts/``
    is no package. ``scripts/`` also goes on ``sys.path``, for the builders that import each
    other (``build_lite`` imports ``build_site``)."""
    folder = str(ROOT / "scripts")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def require_pyodide(build_site: ModuleType) -> Path:
    """The folder ``build_site`` (``scripts/build_site.py``) keeps its downloads in; skips (or
    fails, where ``CI`` is set) when the pyodide package is neither there nor to be fetched
    (``npm pack`` needs npm)."""
    cache: Path = build_site.default_cache()
    cached = (cache / f"pyodide-{build_site.PYODIDE_VERSION}.tgz").exists()
    if not cached and shutil.which("npm") is None:
        skip_for("the site needs npm once to fetch the pyodide package (apt-get install -y npm)")
    return cache


def copy_notebook(dest_dir: Path, name: str, source: Path = NOTEBOOK) -> Path:
    """A copy of the test notebook (or of ``source``) at ``dest_dir / name``."""
    dest = dest_dir / name
    shutil.copyfile(source, dest)
    return dest


# -- the table in a page ---------------------------------------------------------------------------

TABLE = ".lpt[data-version]"
"""The card table's root element (``table.js`` stamps the version it shows)."""

_BOX = """(el) => { const b = el.getBoundingClientRect();
  return {x: b.x, y: b.y, width: b.width, height: b.height, right: b.right, bottom: b.bottom}; }"""


def box(locator: Any) -> dict[str, float]:
    """An element's bounding box in the viewport (``x y width height right bottom``)."""
    return dict(locator.evaluate(_BOX))


def in_viewport(page: Any, locator: Any) -> bool:
    """Whether the element lies wholly inside the page's viewport."""
    b = box(locator)
    size = page.viewport_size
    return (
        b["width"] > 0
        and b["x"] >= 0
        and b["y"] >= 0
        and b["right"] <= size["width"]
        and b["bottom"] <= size["height"]
    )


_OVERFLOW = """(root) => {
  const edge = root.getBoundingClientRect().right + 1;
  const out = [];
  for (const el of root.querySelectorAll("*")) {
    if (el.closest(".lpt-table, .lpt-pad, .lpt-log-lines")) continue;  // scroll areas of their own
    const r = el.getBoundingClientRect();
    if (r.width && r.right > edge) out.push(`${el.tagName}.${el.className} ${Math.round(r.right)}`);
  }
  return {scroll: root.scrollWidth, client: root.clientWidth, out: out.slice(0, 8)};
}"""


def overflow(page: Any) -> dict[str, Any]:
    """The table root's ``scroll`` and ``client`` widths, and elements running past its right
    edge (``out``)."""
    return dict(page.locator(TABLE).first.evaluate(_OVERFLOW))


_TABBABLE = """([root, selector]) => {
  const all = [...root.querySelectorAll("button:not([disabled]), input:not([disabled])")]
    .filter((e) => e.offsetParent !== null);
  const target = root.querySelector(selector);
  const active = document.activeElement;
  const group = target && target.closest("[data-rove]");
  return {at: all.indexOf(active), to: all.indexOf(target),
          within: !!(group && active && group.contains(active)),
          key: active ? (active.dataset.focusKey || "") : ""};
}"""


def focused_key(page: Any) -> str:
    """The ``data-focus-key`` of the element that has focus ("" for none)."""
    return str(
        page.evaluate(
            "() => (document.activeElement && document.activeElement.dataset"
            " && document.activeElement.dataset.focusKey) || ''"
        )
    )


def tab_to(page: Any, selector: str, limit: int = 80) -> None:
    """Move focus to the table's element ``selector`` with the keys a person presses, at most
    ``limit`` presses: Tab / Shift+Tab, and Left / Right once in the group with one Tab stop
    (``data-rove``: a meld, the action bar) that holds it. (In a switch the arrows choose: aim
    only at its checked choice.)"""
    root = page.locator(TABLE).first.element_handle()
    for _ in range(limit):
        where = page.evaluate(_TABBABLE, [root, selector])
        if where["to"] < 0:
            raise AssertionError(f"nothing focusable matches {selector!r} in the table")
        if where["at"] == where["to"]:
            return
        back = 0 <= where["to"] < where["at"]
        if where["within"]:
            page.keyboard.press("ArrowLeft" if back else "ArrowRight")
        else:
            page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{limit} presses of Tab did not reach {selector!r}")


# -- pages that ask nothing of the internet; notebooks opened cold ------------------------------


def notebook7_missing() -> str | None:
    """What the Notebook 7 pages need and do not find, as the command that installs it."""
    try:
        import notebook  # noqa: F401
    except ImportError:
        return "Notebook 7 pages need the notebook package (pip install 'notebook>=7,<8')"
    return None


def is_loopback(url: str) -> bool:
    """Whether a request to ``url`` stays on this machine: a loopback host, or a URL that is no
    network request at all (``data:``, ``blob:``, ``about:``)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https", "ws", "wss"):
        return True
    host = parts.hostname or ""
    return host in ("localhost", "::1") or host.startswith("127.")


def block_outside(context: Any) -> list[str]:
    """Abort every request of ``context`` (a Playwright browser context, before its first
    page) to a host that is not loopback, and record its URL; websockets opened to such hosts
    are recorded too. Returns the list, which grows as pages load."""
    outside: list[str] = []

    def route(r: Any) -> None:
        url = r.request.url
        if is_loopback(url):
            r.fallback()
        else:
            outside.append(url)
            r.abort("blockedbyclient")

    def watch(page: Any) -> None:
        page.on("websocket", lambda ws: None if is_loopback(ws.url) else outside.append(ws.url))

    context.route("**/*", route)
    context.on("page", watch)
    return outside


def page_errors(page: Any) -> list[str]:
    """The page's uncaught errors (exceptions its scripts did not catch), as they come (the
    list returned)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def console_errors(page: Any) -> list[str]:
    """The page's console errors, failed requests and error responses (``HTTP 404: <url>``),
    as they come (the list returned)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("requestfailed", lambda r: errors.append(f"request failed: {r.url} ({r.failure})"))
    page.on(
        "response",
        lambda r: errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None,
    )
    return errors


def open_notebook7(page: Any, server: Server, name: str, timeout: float = 90_000) -> None:
    """Open ``name`` in Notebook 7 (``/notebooks/<name>``; the server needs
    ``--JupyterNotebookApp.expose_app_in_browser=True``) and wait until its kernel is idle."""
    page.goto(f"{server.url}/notebooks/{name}?token={server.token}")
    wait_idle(page, timeout)
