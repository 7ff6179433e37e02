"""Build the lessons as a JupyterLite site: ``python scripts/build_lite.py [--out site/lessons]``
(or ``scripts/build_site.py --lessons``).

Everything the page and its Pyodide kernel ask for is written into the output folder; nothing is
fetched at run time from a CDN or PyPI:

* ``jupyter lite build`` (:data:`LITE_REQUIREMENTS`, installed once into a build venv in the
  cache folder — never into the project's own venv), with the lesson notebooks of
  ``notebooks/`` as contents and the ipywidgets / anywidget front-end extensions;
* ``static/pyodide/``: the core runtime from the npm ``pyodide`` package (the same tarball the
  play page uses), and beside its ``pyodide-lock.json`` every wheel the kernel and the lessons
  load, each listed in a rewritten lock with its own sha256 (the lock shipped in the npm
  package lists Pyodide's own builds, whose checksums the PyPI wheels do not match, and the
  wheel files themselves are not in the npm package). The pure-Python wheels come from PyPI
  (``pip download``), piplite's bundled kernel wheels from the kernel extension, and the
  ``liverpool`` wheel from this checkout;
* the kernel preloads them (``loadPyodideOptions.packages``), so ``import liverpool`` works in
  the first cell with no ``%pip install``; PyPI fallback is switched off.

What cannot be had offline: Pyodide's compiled packages (``matplotlib``, ``numpy``,
``pillow``, ``kiwisolver``: only on Pyodide's CDN and GitHub releases, not on PyPI or npm), so
the strategy lab's plots (lesson 13) do not run here; see ``docs/site.md``.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_site  # noqa: E402

LITE_VERSION = "0.8.6"
LITE_REQUIREMENTS = (
    f"jupyterlite-core=={LITE_VERSION}",
    f"jupyterlite-pyodide-kernel=={LITE_VERSION}",  # 0.8.7 wants core >=0.8.7
    "jupyterlab_widgets==3.0.17",  # the ipywidgets front end (a federated extension)
    "anywidget==0.11.0",  # its front end, for the table widget
    "jupyter_server",  # jupyter lite build indexes contents with it
)
"""Installed into the build venv (``<cache>/lite-venv-<LITE_VERSION>``)."""

LOCK_ROOTS = ("micropip", "ipython", "jedi", "traitlets", "typing-extensions", "packaging")
"""Packages of Pyodide's lock the kernel and the lessons need (with their lock dependencies)."""

EXTRA_WHEELS = (
    "comm==0.2.3",
    "ipywidgets==8.1.9",
    "anywidget==0.11.0",
    "psygnal==0.16.1",
    "jupyterlab_widgets==3.0.17",
)
"""Run-time wheels that Pyodide's lock does not list (added to it)."""

BUNDLED = ("piplite", "ipykernel", "pyodide_kernel", "widgetsnbextension-4")
"""Wheels that ship inside the kernel extension (``static/pypi``); piplite's stand-ins."""

PRELOAD = (
    "micropip",
    "piplite",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "jedi",
    "ipython",
    "ipywidgets",
    "anywidget",
    "liverpool",
)
"""What the kernel loads from the lock when it starts (``loadPyodideOptions.packages``)."""

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
NOT_OFFLINE = ("matplotlib", "numpy", "pillow", "kiwisolver")
"""Compiled packages whose Pyodide builds no registry here carries."""


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def lite_venv(cache: Path) -> Path:
    """The build venv with :data:`LITE_REQUIREMENTS`, made once; returns its ``bin``."""
    venv = cache / f"lite-venv-{LITE_VERSION}"
    stamp = venv / "liverpool-lite.json"
    want = json.dumps(sorted(LITE_REQUIREMENTS))
    bin_dir = venv / "bin"
    if stamp.exists() and stamp.read_text(encoding="utf-8") == want:
        return bin_dir
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    pip = [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", *LITE_REQUIREMENTS]
    subprocess.run(pip, check=True)
    stamp.write_text(want, encoding="utf-8")
    return bin_dir


def download(bin_dir: Path, specs: list[str], dest: Path) -> list[Path]:
    """``pip download`` pure-Python wheels (``py3-none-any``) for the browser's Python."""
    dest.mkdir(parents=True, exist_ok=True)
    missing = [s for s in specs if not _find(dest, s)]
    if missing:
        command = [str(bin_dir / "python"), "-m", "pip", "download", "--quiet", "--no-deps"]
        command += ["--only-binary=:all:", "--python-version", "3.14", "--implementation", "py"]
        command += ["--abi", "none", "--platform", "any", "-d", str(dest), *missing]
        subprocess.run(command, check=True)
    found = []
    for spec in specs:
        got = _find(dest, spec)
        if got is None:
            raise SystemExit(f"build_lite: pip download gave no wheel for {spec}")
        found.append(got)
    return found


def _find(folder: Path, spec: str) -> Path | None:
    name, _, version = spec.partition("==")
    for wheel in folder.glob("*.whl"):
        parts = wheel.name.split("-")
        if canonical(parts[0]) == canonical(name) and parts[1] == version:
            return wheel
    return None


def _metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """Name, version, unconditional requirement names and top-level imports of ``wheel``."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
    requires = []
    for req in meta.get_all("Requires-Dist") or []:
        head, _, marker = req.partition(";")
        if "extra" in marker or "win32" in marker:
            continue
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", head)
        if match:
            requires.append(canonical(match.group(1)))
    tops = set()
    for n in names:
        top = n.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in n:
            tops.add(top)
        elif top.endswith(".py"):
            tops.add(top[:-3])
    return str(meta["Name"]), str(meta["Version"]), requires, sorted(tops)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def lock_closure(packages: dict[str, Any], roots: tuple[str, ...]) -> list[str]:
    """``roots`` and every lock package they depend on."""
    seen: list[str] = []
    todo = [canonical(r) for r in roots]
    keys = {canonical(k): k for k in packages}
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo.extend(canonical(d) for d in packages[keys[name]]["depends"])
    return [keys[n] for n in seen]


def make_pyodide(
    tarball: Path, bin_dir: Path, wheel: Path, wheel_cache: Path, dest: Path
) -> list[str]:
    """Write ``dest`` (the lite dir's ``static/pyodide``): the npm core, the run-time wheels and
    a lock listing them with their own checksums. Returns the lock names it rewrote or added."""
    build_site.copy_pyodide(tarball, dest)
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages: dict[str, Any] = lock["packages"]
    in_lock = lock_closure(packages, LOCK_ROOTS)
    specs = [f"{packages[n]['name']}=={packages[n]['version']}" for n in in_lock]
    wheels = download(bin_dir, specs + list(EXTRA_WHEELS), wheel_cache)
    bundled_dir = bin_dir.parent / "share/jupyter/labextensions/@jupyterlite"
    bundled_dir = bundled_dir / "pyodide-kernel-extension/static/pypi"
    for prefix in BUNDLED:
        wheels += sorted(bundled_dir.glob(f"{prefix}*.whl"))[-1:]
    wheels.append(wheel)
    keys = {canonical(k): k for k in packages}
    names: list[str] = []
    for path in wheels:
        shutil.copy2(path, dest / path.name)
        name, version, requires, imports = _metadata(path)
        key = keys.get(canonical(name), canonical(name))
        entry = packages.get(key)
        if entry is None:
            entry = {
                "name": canonical(name),
                "install_dir": "site",
                "package_type": "package",
                "imports": imports,
                "tool": {},
                "unvendored_tests": False,
                "depends": requires,
            }
            packages[key] = entry
            keys[canonical(name)] = key
        entry.update(version=version, file_name=path.name, sha256=sha256(path))
        names.append(key)
    for key in names:  # only dependencies the lock can satisfy
        deps = packages[key]["depends"]
        packages[key]["depends"] = [d for d in deps if canonical(d) in keys]
    lock_path.write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    return names


def build(
    out: Path,
    *,
    cache: Path | None = None,
    wheel: Path | None = None,
    version: str = build_site.PYODIDE_VERSION,
) -> Path:
    """Build the lessons' JupyterLite site into ``out`` (replacing it). Returns ``out``."""
    cache = cache or build_site.default_cache()
    tarball = build_site.pyodide_tarball(cache, version)
    bin_dir = lite_venv(cache)
    with tempfile.TemporaryDirectory(prefix="liverpool-lite-") as tmp:
        lite_dir = Path(tmp)
        (lite_dir / "wheel").mkdir()
        built = wheel or build_site.build_wheel(lite_dir / "wheel")
        make_pyodide(
            tarball, bin_dir, built, cache / "lite-wheels", lite_dir / "static" / "pyodide"
        )
        (lite_dir / "pypi").mkdir()  # piplite's index too, for `%pip install liverpool`
        shutil.copy2(built, lite_dir / "pypi" / built.name)
        settings = {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": list(PRELOAD)},
        }
        config = {
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "Liverpool Rummy lessons",
                "exposeAppInBrowser": True,  # window.jupyterapp, for the browser test
                "litePluginSettings": {KERNEL_PLUGIN: settings},
                "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
            },
        }
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1), "utf-8")
        contents = lite_dir / "contents"
        contents.mkdir()
        for nb in sorted(NOTEBOOKS.glob("*.ipynb")):
            shutil.copy2(nb, contents / nb.name)
        if out.exists():
            if any(out.iterdir()) and not (out / "jupyter-lite.json").exists():
                raise SystemExit(f"build_lite: {out} is not empty and is not a JupyterLite site")
            shutil.rmtree(out)
        env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
        env.pop("JUPYTERLITE_PYODIDE_URL", None)
        command = [str(bin_dir / "jupyter"), "lite", "build", "--lite-dir", str(lite_dir)]
        command += ["--contents", str(contents), "--output-dir", str(out.resolve())]
        command += ["--no-sourcemaps"]  # lite_dir/pypi is piplite's well-known folder
        subprocess.run(command, check=True, cwd=lite_dir, env=env)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site" / "lessons")
    parser.add_argument("--cache", type=Path, default=None, help="downloads and the build venv")
    parser.add_argument("--wheel", type=Path, default=None, help="a liverpool wheel already built")
    parser.add_argument("--pyodide-version", default=build_site.PYODIDE_VERSION)
    args = parser.parse_args(argv)
    out = build(args.out, cache=args.cache, wheel=args.wheel, version=args.pyodide_version)
    print(f"built {out} ({build_site.size(out) / 1e6:.1f} MB): open lab/index.html")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
