"""Every lesson reads well cold: opened not trusted and not run, or rendered statically.

A notebook that is not trusted (JupyterLab, Notebook 7) shows the richest *safe* format of each
stored output: ``text/html`` run through a sanitizer that strips inline ``<svg>`` (but keeps
``<img src="data:…">``), never a widget (there is no kernel model behind it). A static render
(``jupyter nbconvert --to html``, GitHub, nbviewer) shows the same ``text/html``. So, for each
stored output of every ``notebooks/NN_*.ipynb``:

* an output that shows cards holds them as ``<img src="data:image/svg+xml;base64,…">`` in its
  ``text/html``;
* a widget output is never repr-only: it also holds a ``text/html`` picture of the widget (and
  a short ``text/plain``);
* no ``text/html`` holds ``<svg`` (it would be stripped cold);
* nothing is an error output or a stderr stream, and no output or metadata holds a path of
  the machine that ran it.

"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
IMG = '<img src="data:image/svg+xml;base64,'
MACHINE_PATH = re.compile(r"/(?:work|root|home|tmp)/")
CARD_MARKS = ("data-card=", "lp-card", "<svg")


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _outputs(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for number, cell in enumerate(nb["cells"]):
        for output in cell.get("outputs", []):
            yield number, output


def _shows_cards(data: dict[str, Any]) -> bool:
    return any(
        mark in _text(data.get(kind, ""))
        for kind in ("text/html", "image/svg+xml")
        for mark in CARD_MARKS
    )


def _problems(output: dict[str, Any]) -> list[str]:
    """What would read badly cold in one stored output."""
    kind = output["output_type"]
    if kind == "error":
        return [f"an error output: {output.get('ename')}: {output.get('evalue')}"]
    if kind == "stream":
        return ["a stderr stream"] if output.get("name") == "stderr" else []
    data = output.get("data", {})
    html = _text(data.get("text/html", ""))
    plain = _text(data.get("text/plain", ""))
    found = []
    if WIDGET in data:
        if not html:
            found.append(f"a widget output with no text/html picture (only {plain!r})")
        elif "lp-picture" not in html:
            found.append("a widget output whose text/html is not its picture")
        if len(plain) > 111 or re.search(r"0x[0-9a-fA-F]{6,16}", plain):
            found.append(f"a widget's text/plain is long or holds an address: {plain!r}")
    if "<svg" in html:
        found.append("inline <svg> in text/html (stripped when not trusted)")
    if _shows_cards(data) and IMG not in html:
        found.append("shows cards but holds no <img> card picture in text/html")
    return found


def test_every_lesson_is_here() -> None:
    assert len(LESSONS) >= 15


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem[:2] for p in LESSONS])
def test_lesson_reads_well_cold(path: Path) -> None:
    bad = [f"cell {n}: {problem}" for n, output in _outputs(path) for problem in _problems(output)]
    assert bad == [], f"{path.name}:\n" + "\n".join(bad)


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem[:2] for p in LESSONS])
def test_lesson_holds_no_machine_path(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    stored = json.dumps(
        [nb["metadata"], [c.get("outputs", []) for c in nb["cells"]]], ensure_ascii=False
    )
    found = sorted(set(MACHINE_PATH.findall(stored)))
    assert found == [], f"{path.name} holds machine paths {found}"


def test_widget_and_card_outputs_are_there() -> None:
    """The checks above have something to check: card pictures and widget pictures."""
    outputs = [output for path in LESSONS for _, output in _outputs(path)]
    html = [_text(o.get("data", {}).get("text/html", "")) for o in outputs]
    assert sum(IMG in h for h in html) >= 15
    assert sum(WIDGET in o.get("data", {}) for o in outputs) >= 12


CHECK_CALL = re.compile(r"(?<![\w.])check\(")
"""A cell that checks an exercise (the lessons' one checker, ``check(name, answer)``)."""


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem[:2] for p in LESSONS])
def test_every_exercise_is_stored_unanswered(path: Path) -> None:
    """A learner opening a lesson meets each exercise as a question: its checking cell is stored
    with the answer left out, and says so."""
    from liverpool_widgets.lessons.exercises import NOT_ANSWERED

    nb = json.loads(path.read_text(encoding="utf-8"))
    answered = []
    for number, cell in enumerate(nb["cells"]):
        source = _text(cell.get("source", ""))
        if cell["cell_type"] != "code" or not CHECK_CALL.search(source):
            continue
        shown = "".join(_text(o.get("text", "")) for o in cell.get("outputs", []))
        if NOT_ANSWERED not in shown:
            answered.append(f"cell {number}: {shown.strip()[:80]!r}")
    assert answered == [], f"{path.name} stores answered exercises:\n" + "\n".join(answered)


def test_the_lessons_have_exercises_to_answer() -> None:
    """The check above has something to check."""
    cells = [
        cell
        for path in LESSONS
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
        if cell["cell_type"] == "code" and CHECK_CALL.search(_text(cell.get("source", "")))
    ]
    assert len(cells) >= 15
