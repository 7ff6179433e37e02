"""The static play site's figures: its size, its cold load, and a bot's move in the browser.

Builds the site (``scripts/build_site.py``) into a temp folder, serves it from 127.0.0.1 and
opens it in headless Debian chromium as the browser tests do (``tests/browser/labdriver.py``),
with every request to another host aborted (the figures would be wrong, and the site broken,
if one were needed). Reported:

* **size**: every file of the site, by part (Pyodide's core, the wheel, the page), as stored
  and as gzip would send it;
* **cold load**, in a fresh browser context each time (no cache): navigation to *Deal
  enabled* (Pyodide started, the wheel unpacked, ``liverpool.site_driver`` imported; with the
  worker's own split) and to the *first interactive table* (Deal pressed at once: the first
  table model built and drawn);
* **a bot's move** in the browser (Pyodide in a Web Worker, the site's own runtime) against
  CPython here, the same Python code and the same games: the move alone (``bot.act`` and
  ``apply``), and the worker's whole answer to a ``bot`` message at a non-zero pace (the move,
  the seat's table model, its JSON) — what the page waits for between two bot moves.

A benchmark, not a test: nothing is asserted. Run it by hand::

    .venv/bin/python benchmarks/site_figures.py [--loads 3] [--games 2]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import labdriver as ld  # noqa: E402

BENCH = """
import json, statistics, time
import liverpool as lp
from liverpool.site_driver import Session

def _ms(xs):
    xs = sorted(xs)
    return {"n": len(xs), "median": 1e3 * statistics.median(xs),
            "p95": 1e3 * xs[int(0.95 * (len(xs) - 1))], "mean": 1e3 * statistics.fmean(xs)}

def bot_moves(level, games, cap=400):
    times = []
    for g in range(games):
        seed = 100 + g
        game = lp.Game("house", 3, seed=seed)
        bots = lp.bots.for_seats(level, range(3), seed)
        for _ in range(cap):
            if game.is_over:
                break
            seat = game.to_act
            t = time.perf_counter()
            game.apply(bots[seat].act(game.view(seat), game.legal_actions()), player=seat)
            times.append(time.perf_counter() - t)
    return _ms(times)

def bot_messages(level, games, cap=120):
    times = []
    for g in range(games):
        session = Session()
        session.handle({"type": "start", "preset": "house", "level": level, "players": 3,
                        "seed": 100 + g, "pace": 0.5})
        match = session.match
        match.auto_pass = "always"  # the human seat passes buys; it never moves otherwise
        for _ in range(cap):
            if match.bot_delay() is None:
                break
            t = time.perf_counter()
            session.receive('{"type": "bot"}')
            times.append(time.perf_counter() - t)
    return _ms(times)

def run(games):
    return {"basic_move": bot_moves("basic", games), "strong_move": bot_moves("strong", games),
            "basic_message": bot_messages("basic", games)}
"""

WORKER = """
import { loadPyodide } from "./pyodide/pyodide.mjs";
onmessage = async (event) => {
  const manifest = await (await fetch("./site.json")).json();
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  const wheel = await (await fetch(`./${manifest.wheel}`)).arrayBuffer();
  const purelib = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  py.unpackArchive(wheel, "wheel", { extractDir: purelib });
  py.runPython(event.data.code);
  postMessage(py.runPython(`json.dumps(run(${event.data.games}))`));
};
"""

RUN_WORKER = """async (games) => {
  const code = await (await fetch("bench-code.py")).text();
  const worker = new Worker("bench-worker.js", { type: "module" });
  const answer = await new Promise((resolve, reject) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage({ code, games });
  });
  worker.terminate();
  return answer;
}"""


def sizes(site: Path) -> list[tuple[str, int, int]]:
    """(part, bytes, gzip bytes) for Pyodide's core, the wheel, the page, and all."""
    parts: dict[str, list[int]] = {"pyodide core": [0, 0], "wheel": [0, 0], "page": [0, 0]}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        if path.name.startswith("bench-"):
            continue
        data = path.read_bytes()
        part = "pyodide core" if path.parent.name == "pyodide" else "page"
        part = "wheel" if path.suffix == ".whl" else part
        parts[part][0] += len(data)
        parts[part][1] += len(gzip.compress(data, 6))
    rows = [(name, raw, packed) for name, (raw, packed) in parts.items()]
    rows.append(("all", sum(r[1] for r in rows), sum(r[2] for r in rows)))
    return rows


def cold_load(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1400, "height": 1500})
    outside = ld.block_outside(context)
    page = context.new_page()
    page.set_default_timeout(120_000)
    try:
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_selector("body[data-state=ready]")
        ready = time.perf_counter() - start
        page.click('[data-testid="deal"]')
        page.wait_for_selector('.lpt [data-testid="hand"] [data-testid^="hand-card-"]')
        table = time.perf_counter() - start
        timings = page.evaluate("() => liverpoolSite.timings")
    finally:
        context.close()
    if outside:
        raise SystemExit(f"the site asked other hosts: {outside}")
    return {"ready_ms": 1e3 * ready, "table_ms": 1e3 * table, **timings}


def in_browser(browser: Any, url: str, site: Path, games: int) -> dict[str, Any]:
    (site / "bench-worker.js").write_text(WORKER, encoding="utf-8")
    (site / "bench-code.py").write_text(BENCH, encoding="utf-8")
    context = browser.new_context()
    outside = ld.block_outside(context)
    page = context.new_page()
    page.set_default_timeout(600_000)
    try:
        page.goto(url)
        answer = json.loads(page.evaluate(RUN_WORKER, games))
    finally:
        context.close()
    if outside:
        raise SystemExit(f"the benchmark asked other hosts: {outside}")
    result: dict[str, Any] = answer
    return result


def in_cpython(games: int) -> dict[str, Any]:
    scope: dict[str, Any] = {}
    exec(BENCH, scope)
    result: dict[str, Any] = scope["run"](games)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="cold loads to time")
    parser.add_argument("--games", type=int, default=2, help="bot-only games per figure")
    args = parser.parse_args()
    why = ld.missing()
    if why:
        print(f"site_figures: {why}")
        return 1
    builder = ld.load_script("build_site")
    with tempfile.TemporaryDirectory() as tmp:
        site = builder.build(Path(tmp) / "site")
        print("Play site (scripts/build_site.py), Pyodide", builder.PYODIDE_VERSION)
        print(f"\n{'part':<14}{'bytes':>12}{'gzip':>12}")
        for name, raw, packed in sizes(site):
            print(f"{name:<14}{raw / 1e6:>10.2f} MB{packed / 1e6:>9.2f} MB")
        with builder.serving(site) as url, ld.browser() as browser:
            loads = [cold_load(browser, url) for _ in range(args.loads)]
            print(f"\ncold load, {args.loads} fresh contexts (median; min-max), ms:")
            for key, label in [
                ("pyodide_ms", "  worker: loadPyodide"),
                ("wheel_ms", "  worker: fetch + unpack wheel"),
                ("import_ms", "  worker: import site_driver"),
                ("ready_ms", "navigation -> Deal enabled"),
                ("table_ms", "navigation -> first interactive table"),
            ]:
                xs = [load[key] for load in loads]
                print(f"{label:<40}{statistics.median(xs):>8.0f}   ({min(xs):.0f}-{max(xs):.0f})")
            browser_figures = in_browser(browser, url, site, args.games)
    cpython = in_cpython(args.games)
    print(f"\nbot moves, house rules, 3 bots, {args.games} games (ms per move):")
    print(f"{'':<36}{'CPython mean/p95':>18}{'browser mean/p95':>18}{'ratio':>8}")
    for key, label in [
        ("basic_move", "basic bot: act + apply"),
        ("strong_move", "strong bot: act + apply"),
        ("basic_message", "basic: worker 'bot' answer"),
    ]:
        c, b = cpython[key], browser_figures[key]
        ratio = b["mean"] / c["mean"] if c["mean"] else float("nan")
        print(
            f"{label:<36}{c['mean']:>9.2f}/{c['p95']:<8.2f}{b['mean']:>9.2f}/{b['p95']:<8.2f}"
            f"{ratio:>7.1f}x"
        )
    print(f"\n(CPython {sys.version.split()[0]}; browser: Debian chromium, headless; the worker's")
    print(" clock ticks in 0.1 ms steps, so means are compared, not medians)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
