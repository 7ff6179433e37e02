"""Build hook: ``LIVERPOOL_COMPILE=1 pip install .`` compiles the engine's hot modules with mypyc.

Hatchling runs this hook for every wheel (``[tool.hatch.build.targets.wheel.hooks.custom]`` in
``pyproject.toml``, which also lists the modules under ``compile``). Without the variable it
does nothing and the wheel is the pure-Python one. With ``LIVERPOOL_COMPILE=1`` it

1. asks the build front end for the compiler (the ``compiler`` requirements: mypy, whose mypyc
   this is, and setuptools, which drives the C compiler), only for this build;
2. copies the ``liverpool`` package into a temporary directory and runs mypyc's own build API
   there (``mypyc.build.mypycify`` and setuptools' ``build_ext --inplace``);
3. adds the extension modules to the wheel beside the ``.py`` files they were compiled from
   (Python imports an extension module before a source file of the same name), plus the one
   shared library that holds their code, ``liverpool__mypyc.<abi>.so`` at the top level; the
   wheel is then tagged for this interpreter and platform.

The compiled modules need nothing at run time but CPython. Nothing is written into the source
tree, so an editable checkout never picks up a stale extension module; an editable install
(``pip install -e .``) is never compiled, since its point is to run the files being edited.

Why not the ``hatch-mypyc`` plugin: it supports a single source root and takes the first of
this wheel's three (``liverpool``, ``widgets/liverpool_widgets``, ``rooms/liverpool_rooms``),
so it builds ``liverpool.solver`` into ``rooms/liverpool/`` and fails; it also compiles in
place, leaving ``.so`` files in the checkout, and renames ``pyproject.toml`` while it runs,
which other processes in a shared working tree then cannot read. It is switched on only by
hatchling's own variables (``HATCH_BUILD_HOOK_ENABLE_MYPYC``), not by ``LIVERPOOL_COMPILE``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "LIVERPOOL_COMPILE"
GROUP = "liverpool"  # the shared library is liverpool__mypyc.<abi>.so

_SETUP = """\
import sys
from mypyc.build import mypycify
from setuptools import setup

setup(
    name="liverpool-compiled",
    ext_modules=mypycify(sys.argv[1:], opt_level="3", group_name="{group}"),
    script_args=["build_ext", "--inplace"],
)
"""


def compile_requested() -> bool:
    """True when ``LIVERPOOL_COMPILE`` asks for the compiled engine (1, true, yes or on)."""
    return os.environ.get(SWITCH, "").strip().lower() in {"1", "true", "yes", "on"}


class CompileHook(BuildHookInterface):
    """Compile ``compile`` (paths relative to the project root) when ``LIVERPOOL_COMPILE=1``."""

    PLUGIN_NAME = "custom"
    _workdir: str | None = None  # the temporary build directory, removed once the wheel is made

    def _setting(self, key: str) -> list[str]:
        value = self.config.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise TypeError(f"option `{key}` of the liverpool compile hook must be a list of text")
        return value

    def dependencies(self) -> list[str]:
        return self._setting("compiler") if compile_requested() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not compile_requested():
            return
        if version == "editable":
            self.app.display_warning(
                f"{SWITCH}: an editable install runs the sources themselves; not compiling"
            )
            return
        modules = self._setting("compile")
        if not modules:
            raise ValueError("the liverpool compile hook lists no modules under `compile`")
        root = Path(self.root)
        workdir = Path(tempfile.mkdtemp(prefix="liverpool-mypyc-"))
        self._workdir = str(workdir)
        shutil.copytree(
            root / "liverpool",
            workdir / "liverpool",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.pyc"),
        )
        self.app.display_info(f"{SWITCH}: compiling {len(modules)} modules with mypyc")
        done = subprocess.run(
            [sys.executable, "-c", _SETUP.format(group=GROUP), *modules],
            cwd=workdir,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"{SWITCH}: mypyc failed:\n{done.stdout}")
        built = {
            str(path): path.relative_to(workdir).as_posix()
            for pattern in ("*.so", "*.pyd")
            for path in workdir.rglob(pattern)
            if path.relative_to(workdir).parts[0] != "build"  # setuptools' intermediate copies
        }
        expected = {Path(m).with_suffix("").as_posix() for m in modules}
        found = {Path(p).as_posix().split(".")[0] for p in built.values()}
        if missing := sorted(expected - found):
            raise RuntimeError(f"{SWITCH}: mypyc built no extension for {missing}")
        build_data["force_include"].update(built)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._workdir is not None:
            shutil.rmtree(self._workdir, ignore_errors=True)
            self._workdir = None
