"""The engine never imports the notebook stack.

``liverpool`` must work with the standard library alone: importing any of its modules, in a
fresh interpreter, must not pull in ipywidgets, anywidget, traitlets or IPython (even when
they are installed, as they are in the dev environment).
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
import textwrap

import liverpool

FORBIDDEN = ("ipywidgets", "anywidget", "traitlets", "IPython")


def _engine_modules() -> list[str]:
    names = ["liverpool"]
    names += sorted(
        info.name for info in pkgutil.walk_packages(liverpool.__path__, prefix="liverpool.")
    )
    return names


def test_engine_modules_are_found() -> None:
    modules = _engine_modules()
    assert "liverpool.cli" in modules
    assert "liverpool.__main__" in modules


def test_no_engine_module_imports_ui_libraries() -> None:
    modules = _engine_modules()
    # One fresh interpreter imports every module in turn and notes, after each import,
    # which forbidden top-level packages have appeared in sys.modules.
    script = textwrap.dedent(
        """
        import importlib, json, sys
        forbidden = {forbidden!r}
        result = {{}}
        for name in {modules!r}:
            importlib.import_module(name)
            loaded = sorted(
                f for f in forbidden
                if f in sys.modules or any(m.startswith(f + ".") for m in sys.modules)
            )
            if loaded:
                result[name] = loaded
        print(json.dumps(result))
        """
    ).format(forbidden=FORBIDDEN, modules=modules)
    proc = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, f"importing the engine failed:\n{proc.stderr}"
    offenders: dict[str, list[str]] = json.loads(proc.stdout.strip().splitlines()[-1])
    if offenders:
        first = next(iter(offenders))
        raise AssertionError(
            f"importing {first} loaded {', '.join(offenders[first])}; the engine must not "
            f"import UI libraries (all offenders: {offenders})"
        )
