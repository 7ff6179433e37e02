"""Build the static play site: ``python scripts/build_site.py [--out site]`` (``make site``).

The folder it writes is everything a class needs to play against bots with nothing installed:
publish it on any static host (or open it from a classroom server) and every file the page asks
for comes from the same place.

* ``pyodide/``: the Pyodide core runtime, from the npm registry's ``pyodide`` package
  (:data:`PYODIDE_VERSION`, fetched once with ``npm pack`` into the cache folder; only the five
  files the page loads are copied);
* the ``liverpool`` wheel (``pip wheel --no-deps .``), unpacked in the browser;
* ``index.html``, ``play.js``, ``play.css``, ``engine-worker.js`` (from ``site_src/``) and the
  notebook's own ``table.js`` / ``table.css``, with ``table-host.js`` (the model object a page
  outside Jupyter gives ``table.js``, shared with the room pages); ``site.json`` names the
  wheel.

``--lessons`` also builds ``lessons/`` (and ``site.json`` names it, so the play page links to
it): the lesson notebooks in JupyterLite with the Pyodide
kernel, from the same npm core (``scripts/build_lite.py``; optional, and slower: JupyterLite is
installed into a venv in the cache folder and the kernel's wheels come from PyPI once).

``--serve`` serves the folder from 127.0.0.1 afterwards (with the JavaScript and WebAssembly
content types a browser insists on), for a look before publishing.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "site_src"
STATIC = ROOT / "widgets" / "liverpool_widgets" / "static"

PYODIDE_VERSION = "314.0.8"
"""The npm ``pyodide`` package the site carries (its Python is 3.14)."""
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
    "python_stdlib.zip",
)
"""The core files ``loadPyodide`` fetches when no package is loaded."""
PAGE_FILES = ("index.html", "play.js", "play.css", "engine-worker.js")
TABLE_FILES = ("table.js", "table-host.js", "table.css")

CONTENT_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".css": "text/css",
    ".html": "text/html",
}


def default_cache() -> Path:
    """Where the npm download is kept between builds (``LIVERPOOL_SITE_CACHE`` or
    ``~/.cache/liverpool-site``)."""
    env = os.environ.get("LIVERPOOL_SITE_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "liverpool-site"


def pyodide_tarball(cache: Path, version: str = PYODIDE_VERSION) -> Path:
    """The npm tarball of ``pyodide@version``, downloaded with ``npm pack`` unless cached."""
    tarball = cache / f"pyodide-{version}.tgz"
    if tarball.exists():
        return tarball
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit(
            "build_site: npm is needed once to fetch the pyodide package "
            "(Debian: apt-get install -y npm), or put pyodide-"
            f"{version}.tgz from the npm registry in {cache}"
        )
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        subprocess.run(
            [npm, "pack", f"pyodide@{version}", "--pack-destination", tmp, "--silent"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        got = Path(tmp) / tarball.name
        if not got.exists():
            raise SystemExit(f"build_site: npm pack did not write {got.name}")
        got.replace(tarball)  # complete, or not there at all
    return tarball


def copy_pyodide(tarball: Path, dest: Path) -> None:
    """Copy the core files out of the npm tarball into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            source = tar.extractfile(member)
            if source is None:
                raise SystemExit(f"build_site: {tarball.name} has no file {name}")
            with source, open(dest / name, "wb") as out:
                shutil.copyfileobj(source, out)


def build_wheel(dest: Path) -> Path:
    """``pip wheel --no-deps`` of this checkout, into ``dest``."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "LIVERPOOL_COMPILE"}  # pure Python
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp, str(ROOT)],
            check=True,
            env=env,
        )
        (wheel,) = Path(tmp).glob("liverpool-*.whl")
        return Path(shutil.copy2(wheel, dest / wheel.name))


def _clear(out: Path) -> None:
    if not out.exists():
        return
    if any(out.iterdir()) and not (out / "site.json").exists():
        raise SystemExit(f"build_site: {out} is not empty and is not a built site; not touching it")
    shutil.rmtree(out)


def build(
    out: Path,
    *,
    cache: Path | None = None,
    wheel: Path | None = None,
    version: str = PYODIDE_VERSION,
) -> Path:
    """Write the site into ``out`` (replacing an earlier build there); ``wheel`` uses a wheel
    already built instead of building one. Returns ``out``."""
    tarball = pyodide_tarball(cache or default_cache(), version)
    _clear(out)
    out.mkdir(parents=True)
    copy_pyodide(tarball, out / "pyodide")
    built = Path(shutil.copy2(wheel, out / wheel.name)) if wheel else build_wheel(out)
    for name in PAGE_FILES:
        shutil.copy2(SOURCES / name, out / name)
    for name in TABLE_FILES:
        shutil.copy2(STATIC / name, out / name)
    manifest = {"wheel": built.name, "pyodide": version}
    (out / "site.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return out


def size(folder: Path) -> int:
    """The bytes of every file under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


class _Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.extensions_map = {**self.extensions_map, **CONTENT_TYPES}
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args: object) -> None:
        del format, args  # quiet


class _Server(http.server.ThreadingHTTPServer):
    """The test server, quiet when a browser drops a connection mid-download (a page closed while
    it was still fetching the runtime): nothing is wrong then, and socketserver's default would
    print a traceback into the test log. Any other error is still printed."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # reset, broken pipe, aborted
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def serving(folder: Path, port: int = 0) -> Iterator[str]:
    """Serve ``folder`` from 127.0.0.1 in a thread; yields the site's address."""
    handler = functools.partial(_Handler, directory=str(folder))
    server = _Server(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


LESSONS_ENTRY = "lessons/lab/index.html"
"""Where the lessons open, from the site's folder (JupyterLab in JupyterLite)."""


def name_lessons(out: Path, entry: str = LESSONS_ENTRY) -> None:
    """Name the lessons in ``out``'s ``site.json``, so the play page shows a link to them (a
    site built without them shows none)."""
    path = out / "site.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest["lessons"] = entry
    path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="folder to write")
    parser.add_argument("--cache", type=Path, default=None, help="where the npm download is kept")
    parser.add_argument("--wheel", type=Path, default=None, help="a liverpool wheel already built")
    parser.add_argument("--pyodide-version", default=PYODIDE_VERSION)
    parser.add_argument("--lessons", action="store_true", help="also build lessons/ (JupyterLite)")
    parser.add_argument("--serve", type=int, nargs="?", const=8000, default=None, metavar="PORT")
    args = parser.parse_args(argv)
    out = build(args.out, cache=args.cache, wheel=args.wheel, version=args.pyodide_version)
    if args.lessons:
        import build_lite  # scripts/ is on sys.path when this runs as a script

        wheel = out / json.loads((out / "site.json").read_text(encoding="utf-8"))["wheel"]
        lite = build_lite.build(
            out / "lessons", cache=args.cache, wheel=wheel, version=args.pyodide_version
        )
        name_lessons(out)
        print(f"built {lite}: the lessons, at lessons/lab/index.html")
    print(f"built {out} ({size(out) / 1e6:.1f} MB): open index.html from a static host")
    if args.serve is not None:
        with serving(out, args.serve) as url:
            print(f"serving {out} at {url} (Ctrl-C stops)")
            with contextlib.suppress(KeyboardInterrupt):
                threading.Event().wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
