"""How long each lesson notebook takes to execute, top to bottom (issue 6: under 30 s each).

Each ``notebooks/NN_*.ipynb`` is read, executed in memory with nbclient in a fresh kernel of
this venv's Python (the stored notebook is never written; nothing lands on disk), and timed:

* **wall**: from starting the kernel to the last cell's reply (kernel start-up included, as a
  learner's "Restart and run all" would see it);
* **cells**: the sum of the cells' own times (each cell from ``execute_input`` to its reply,
  from the timings nbclient records), so the kernel's start-up is left out.

A lesson is under the target when its wall time is below 30 s. Cells tagged
``raises-exception`` may raise (as under nbval); any other error is reported as ``ERROR``.
The total line sums the columns. Times are wall-clock: on a shared 2-core machine other
processes stretch them, so the load average is printed first.

Run it by hand::

    .venv/bin/python benchmarks/lesson_times.py [--only 03 --only 11] [--timeout 300]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TARGET_S = 30.0


def _seconds_in_cells(nb: Any) -> float:
    """Sum of each code cell's ``iopub.execute_input`` → ``shell.execute_reply`` interval."""
    total = 0.0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        timing = cell.get("metadata", {}).get("execution", {})
        start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
        if start and end:
            a = datetime.fromisoformat(start.replace("Z", "+00:00"))
            b = datetime.fromisoformat(end.replace("Z", "+00:00"))
            total += (b - a).total_seconds()
    return total


def _unexpected_errors(nb: Any) -> list[str]:
    """Error outputs of cells not tagged ``raises-exception``, as ``ename: evalue``."""
    found = []
    for cell in nb.cells:
        if cell.cell_type != "code" or "raises-exception" in cell.metadata.get("tags", []):
            continue
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                found.append(f"{out.get('ename')}: {out.get('evalue')}")
    return found


def time_lesson(path: Path, timeout: int) -> tuple[float, float, list[str]]:
    """(wall s, s in cells, unexpected errors) of one in-memory execution of ``path``."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]  # (nbformat is untyped)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        record_timing=True,
        allow_errors=True,  # errors are reported below, not raised mid-run
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.perf_counter()
    client.execute(stderr=subprocess.DEVNULL)  # not the kernel's start-up warnings
    wall = time.perf_counter() - start
    return wall, _seconds_in_cells(nb), _unexpected_errors(nb)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only", action="append", default=[], help="lessons whose name starts with this"
    )
    parser.add_argument("--timeout", type=int, default=300, help="per cell, seconds")
    args = parser.parse_args(argv)

    lessons = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if args.only:
        lessons = [p for p in lessons if any(p.name.startswith(o) for o in args.only)]
    if not lessons:
        print("no lesson notebooks found", file=sys.stderr)
        return 2
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Lesson execution times (nbclient, fresh kernel each; target < {TARGET_S:.0f} s)")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load}\n")
    width = max(len(p.stem) for p in lessons)
    print(f"{'lesson':<{width}}  {'wall s':>7}  {'cells s':>7}  under {TARGET_S:.0f} s")
    total_wall = total_cells = 0.0
    slow: list[str] = []
    failed: list[str] = []
    for path in lessons:
        wall, cells, errors = time_lesson(path, args.timeout)
        total_wall += wall
        total_cells += cells
        under = wall < TARGET_S
        if not under:
            slow.append(path.stem)
        verdict = "yes" if under else "NO"
        if errors:
            failed.append(path.stem)
            verdict += "  ERROR " + "; ".join(errors)[:120]
        print(f"{path.stem:<{width}}  {wall:7.1f}  {cells:7.1f}  {verdict}", flush=True)
    print(
        f"{'total (' + str(len(lessons)) + ' lessons)':<{width}}  {total_wall:7.1f}  "
        f"{total_cells:7.1f}  {len(lessons) - len(slow)}/{len(lessons)} under {TARGET_S:.0f} s"
    )
    if failed:
        print("unexpected errors in: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
