"""The live runtime's own files, compiled at build time for the browser's Python.

Playing the widgets live (``tools/live/``) needs Pyodide, the standard library and
seven wheels (rules_lib, ipywidgets, anywidget and what they import).  Pyodide's
``python_stdlib.zip`` and the wheels hold source only, so a reader's browser used to
compile every module it imported on every first visit: about half of the seconds
before the widgets were live.  The build now does it once, with the book's own
Pyodide run by Node (``compile_pyc.mjs``: the bytecode of the browser's CPython,
whatever Python runs the build), and writes beside Pyodide:

* ``live-site-<hash>.tar.gz``: the wheels' files as site-packages holds them, each
  module compiled in its place (``module.pyc``, no source: Python loads it as it
  is), less what the browser never reads (a wheel's data folder, anywidget's
  front-end bundles, tests); the worker unpacks it straight into Pyodide's file
  system, one fetch for all seven;
* ``python_stdlib-<hash>.zip``: Pyodide's standard library where every module the
  live widgets import (found by importing them all in that Pyodide) is compiled and
  the others stay source (the file grows by a tenth, not by double);
* ``live.json``: those names, the packages, and a key that changes whenever any of
  them does (the worker keys its memory snapshot with it).

JupyterLite's notebook route keeps Pyodide's own files.  The result is cached in
``_vendor_lite/.cache/live/`` under a hash of everything it is made from.

Run by hand (after ``make build``)::

    python tools/lite/live_bundle.py _build/html/lite/static/pyodide
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
BRIDGE = HERE.parent / "live" / "page_bridge.py"
NODE_SCRIPT = HERE / "compile_pyc.mjs"
MANIFEST = "live.json"
WARM_UP = "rules_lib.widgets"  # what the worker imports before its memory snapshot
CACHE = HERE.parents[1] / "_vendor_lite" / ".cache" / "live"  # the build's own cache

# Run inside Pyodide (compile_pyc.mjs), in /bundle: config.json names the wheels.
COMPILE = r"""
import gzip, io, json, os, py_compile, sys, tarfile, tempfile, zipfile, compileall

config = json.load(open("config.json"))
SITE = next(p for p in sys.path if p.endswith("site-packages"))
STDLIB = next(p for p in sys.path if p.endswith(".zip"))
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH

# 1. The wheels, unpacked into site-packages as the worker will, less what the
# browser's Python never reads (a wheel's data folder, front-end bundles, tests);
# each module compiled in its place (module.pyc, the source dropped) with the path
# the browser's Python gives it.
def kept(name):
    parts = name.split("/")
    return not (
        parts[0].endswith(".data")
        or parts[:2] in (["anywidget", "labextension"], ["anywidget", "nbextension"])
        or "tests" in parts[1:-1]
    )

for wheel in config["wheels"]:
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(SITE, [n for n in archive.namelist() if kept(n)])
if not compileall.compile_dir(SITE, quiet=1, legacy=True, invalidation_mode=UNCHECKED):
    raise SystemExit("a module of the wheels does not compile")
for folder, _dirs, files in os.walk(SITE):
    for name in files:
        if name.endswith(".py") and name + "c" in files:
            os.remove(os.path.join(folder, name))
names = sorted(
    os.path.relpath(os.path.join(folder, name), SITE)
    for folder, _dirs, files in os.walk(SITE)
    for name in files
)
packed = io.BytesIO()
with gzip.GzipFile(fileobj=packed, mode="wb", mtime=0, compresslevel=9) as gz:
    with tarfile.open(fileobj=gz, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name in names:
            data = open(os.path.join(SITE, name), "rb").read()
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tar.addfile(info, io.BytesIO(data))
open("live-site.tar.gz", "wb").write(packed.getvalue())

# 2. Which modules of the standard library the live widgets import: Python's start,
# then every widget module, as the worker imports them before its snapshot.
sys.path.insert(0, "/bundle")
import page_bridge
page_bridge.warm_up(config["warm_up"])
prefix = STDLIB + "/"
used = sorted(
    spec.origin[len(prefix):]
    for spec in (getattr(m, "__spec__", None) for m in list(sys.modules.values()))
    if spec is not None and isinstance(spec.origin, str) and spec.origin.startswith(prefix)
)

# 3. The standard library with those modules compiled (sourceless: zipimport finds
# module.pyc before module.py), everything else as Pyodide ships it.
compiled = 0
with zipfile.ZipFile(config["stdlib"]) as source, zipfile.ZipFile(
    "python_stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9
) as target, tempfile.TemporaryDirectory() as tmp:
    for info in source.infolist():
        data = source.read(info)
        if info.filename in used:
            path = os.path.join(tmp, "module.py")
            open(path, "wb").write(data)
            pyc = py_compile.compile(
                path, cfile=path + "c", dfile=prefix + info.filename, doraise=True,
                invalidation_mode=UNCHECKED,
            )
            entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(entry, open(pyc, "rb").read())
            compiled += 1
        else:
            target.writestr(info, data)
json.dump(
    {
        "python": sys.version.split()[0],
        "site_packages": SITE,
        "site_files": len(names),
        "site_compiled": sum(n.endswith(".pyc") for n in names),
        "stdlib_compiled": compiled,
    },
    open("report.json", "w"),
)
"""


class BundleError(RuntimeError):
    """The live runtime's files cannot be made."""


def log(message: str) -> None:
    print(f"[live_bundle] {message}", flush=True)


def wheels_for(lock: dict[str, object], wanted: Sequence[str], skip: Sequence[str]) -> list[str]:
    """The file names of the wheels ``wanted`` needs (their dependencies' closure in
    ``lock``), less the packages in ``skip`` (page_bridge.py stands in for them).

    >>> lock = {"packages": {
    ...     "a": {"file_name": "a.whl", "depends": ["b", "ipython"]},
    ...     "b": {"file_name": "b.whl", "depends": []},
    ...     "ipython": {"file_name": "ipython.whl", "depends": ["b"]}}}
    >>> wheels_for(lock, ["a"], ["ipython"])
    ['b.whl', 'a.whl']
    """
    packages: dict[str, dict[str, object]] = lock["packages"]  # type: ignore[assignment]
    seen: set[str] = set()
    files: list[str] = []

    def visit(name: str) -> None:
        if name in seen or name in skip:
            return
        seen.add(name)
        if name not in packages:
            raise BundleError(f"the book's Pyodide has no package {name}")
        for dep in packages[name].get("depends", []):  # type: ignore[attr-defined]
            visit(dep)
        files.append(str(packages[name]["file_name"]))

    for name in wanted:
        visit(name)
    return files


def _digest(*parts: bytes) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(hashlib.sha256(part).digest())
    return hasher.hexdigest()


def build(
    pyodide_dir: Path,
    wanted: Sequence[str],
    skip: Sequence[str],
    cache: Path | None = None,
) -> dict[str, object]:
    """Write the live runtime's files into ``pyodide_dir`` (see the module's doc);
    returns what ``live.json`` says."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheels = [pyodide_dir / name for name in wheels_for(lock, wanted, skip)]
    stdlib = pyodide_dir / "python_stdlib.zip"
    inputs = [
        (pyodide_dir / "pyodide.asm.wasm").read_bytes(),
        stdlib.read_bytes(),
        *(w.read_bytes() for w in wheels),
        BRIDGE.read_bytes(),
        COMPILE.encode(),
        WARM_UP.encode(),
    ]
    key = _digest(*inputs)
    cached = (cache or CACHE) / key[:20]
    outputs = ("live-site.tar.gz", "python_stdlib.zip", "report.json")
    if not all((cached / name).is_file() for name in outputs):
        _compile(pyodide_dir, wheels, stdlib, cached)
    report = json.loads((cached / "report.json").read_text(encoding="utf-8"))
    site = f"live-site-{key[:12]}.tar.gz"
    stdlib_name = f"python_stdlib-{key[:12]}.zip"
    for old in [*pyodide_dir.glob("live-site-*.tar.gz"), *pyodide_dir.glob("python_stdlib-*.zip")]:
        old.unlink()
    shutil.copy2(cached / "live-site.tar.gz", pyodide_dir / site)
    shutil.copy2(cached / "python_stdlib.zip", pyodide_dir / stdlib_name)
    manifest: dict[str, object] = {
        "key": key[:40],
        "site": site,
        "stdlib": stdlib_name,
        "packages": sorted(w.name for w in wheels),
        "warm_up": WARM_UP,
        **report,
    }
    (pyodide_dir / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    size = (pyodide_dir / site).stat().st_size + (pyodide_dir / stdlib_name).stat().st_size
    log(
        f"{report['site_compiled']} modules of {len(wheels)} wheels and "
        f"{report['stdlib_compiled']} of the standard library compiled for Python "
        f"{report['python']} ({size / 1e6:.1f} MB)"
    )
    return manifest


def _compile(pyodide_dir: Path, wheels: list[Path], stdlib: Path, cached: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise BundleError("Node is needed to compile the live runtime's modules (npm's node)")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for wheel in wheels:
            shutil.copy2(wheel, work / wheel.name)
        shutil.copy2(stdlib, work / "stdlib.zip")
        shutil.copy2(BRIDGE, work / "page_bridge.py")
        config = {"wheels": [w.name for w in wheels], "stdlib": "stdlib.zip", "warm_up": WARM_UP}
        (work / "config.json").write_text(json.dumps(config), encoding="utf-8")
        (work / "compile.py").write_text(COMPILE, encoding="utf-8")
        log(f"compiling {len(wheels)} wheels and the standard library with Pyodide in Node")
        done = subprocess.run(
            [node, str(NODE_SCRIPT), str(pyodide_dir), str(work)], capture_output=True, text=True
        )
        if done.returncode != 0:
            raise BundleError(
                f"compiling in Pyodide failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}"
            )
        cached.mkdir(parents=True, exist_ok=True)
        for name in ("live-site.tar.gz", "python_stdlib.zip", "report.json"):
            shutil.copy2(work / name, cached / name)


def main() -> None:
    sys.path.insert(0, str(HERE))
    from thirteen_lite import LIVE_PACKAGES, LIVE_STAND_INS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pyodide_dir", type=Path)
    parser.add_argument("--cache", type=Path, help=f"default {CACHE.relative_to(HERE.parents[1])}")
    args = parser.parse_args()
    try:
        build(args.pyodide_dir, LIVE_PACKAGES, LIVE_STAND_INS, args.cache)
    except BundleError as error:
        sys.exit(f"live_bundle: {error}")


if __name__ == "__main__":
    main()
