"""The engine's shape: each module imports only from its own layer or below, and no class grows
past what a newcomer reads in one sitting.

Layers, lowest first: cards ← rules ← melds ← solver/analysis ← game ← bots ←
match/record/render/terminal. An import inside a function (a display hook such as
``_repr_svg_``, or ``Game.to_json`` reaching the record module) is not a dependency of the
module and is allowed, as python-chess does with ``chess.svg``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "liverpool"

LAYERS: list[set[str]] = [
    {"_compile", "errors", "words", "files", "cards"},
    {"rules", "presets"},
    {"melds"},
    {"codes", "solver", "analysis"},
    {"actions", "events", "state", "view", "setup", "phases", "game"},
    {"bots", "evaluate"},
    {"match", "record", "review", "render", "terminal", "display", "table_model", "sources", "cli"},
    {"table_screen"},
    {"table_session"},
    {"__init__", "__main__", "site_driver"},
]
"""Each module's layer, by its first name below the package (``phases.play`` is ``phases``)."""

MAX_CLASS_LINES = 500


def _layer(top: str) -> int:
    for k, names in enumerate(LAYERS):
        if top in names:
            return k
    raise AssertionError(f"liverpool.{top} has no layer: add it to LAYERS in {__file__}")


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _top(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return parts[0]


def _imports(path: Path) -> set[str]:
    """The package modules ``path`` imports at module level (first name below the package)."""
    depth = len(path.relative_to(PACKAGE).parts) - 1  # 0 for liverpool/x.py
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level:
            if node.level - 1 > depth:
                continue
            here = list(path.relative_to(PACKAGE).parts[:-1])
            base = here[: len(here) - (node.level - 1)]
            target = [*base, *(node.module.split(".") if node.module else [])]
            if target:
                found.add(target[0])
            else:  # "from . import x" at the top of the package
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("liverpool."):
            found.add((node.module or "").split(".")[1])
    return found


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_imports_a_higher_layer(path: Path) -> None:
    mine = _layer(_top(path))
    higher = sorted(name for name in _imports(path) if _layer(name) > mine)
    assert not higher, f"{path.name} (layer {mine}) imports the higher layer(s) {higher}"


def test_the_layer_table_is_real() -> None:
    # the check above can fail: game imports record only inside a method
    assert _layer("record") > _layer("game")
    assert "record" not in _imports(PACKAGE / "game.py")
    assert "game" in _imports(PACKAGE / "record.py")


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_class_is_over_500_lines(path: Path) -> None:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            assert size <= MAX_CLASS_LINES, f"{path.name}: class {node.name} is {size} lines"
