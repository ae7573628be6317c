"""Prepare the JupyterLite folder of the book: Pyodide and every wheel, served by the site.

Usage (from the repository root, any Python >= 3.11 with ``packaging``)::

    python tools/lite/vendor_pyodide.py LITE_DIR --wheel dist/rules_lib-0.1.0-py3-none-any.whl

It fills ``LITE_DIR/static/pyodide/`` with

* the Pyodide runtime from the npm package ``pyodide`` at the version the installed
  ``jupyterlite-pyodide-kernel`` pins (``npm pack``);
* the pure-Python wheels of ``tools/lite/pyodide-wheels.txt`` from PyPI (``pip download``),
  the kernel's own wheels shipped inside ``jupyterlite-pyodide-kernel``, and the wheels
  given with ``--wheel`` (the project's);
* a ``pyodide-lock.json`` that lists exactly those wheels (name, version, file name,
  sha256, import names, dependencies), written here with the standard library.

JupyterLite's own way to re-lock (the ``[lock]`` extra: ``pyodide-lock`` and ``uv``)
needs Python >= 3.12 at build time; this script does the same job for pure-Python
wheels on the project's Python 3.11.  Every dependency of every wheel, read from its
metadata with Pyodide's environment markers, must be one of the wheels: a missing one
stops the script, so the browser never falls back to a CDN.

It also writes ``LITE_DIR/jupyter-lite.json`` (the kernel loads all those packages while
it starts, and never asks PyPI) and ``LITE_DIR/jupyter_lite_config.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

HERE = Path(__file__).resolve().parent
PACKAGE = "rules_lib"  # the project's package, built into a wheel for the browser
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
LABEXTENSIONS = Path("share/jupyter/labextensions")
KERNEL_EXTENSION = LABEXTENSIONS / "@jupyterlite/pyodide-kernel-extension"
# The only front-end extensions of the live site (whatever else the environment has):
# the Pyodide kernel, the ipywidgets manager (from jupyterlab_widgets) and anywidget's
# front end (from the anywidget wheel, the version of the browser's anywidget).
SITE_EXTENSIONS = [
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
]

# The files of the npm package the browser needs (no source maps, types or demos).
RUNTIME_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
]

# Pyodide 314's environment, for the markers of ``Requires-Dist``.
PYODIDE_ENV = {
    "implementation_name": "cpython",
    "implementation_version": "3.14.2",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_python_implementation": "CPython",
    "platform_release": "",
    "platform_system": "Emscripten",
    "platform_version": "",
    "python_full_version": "3.14.2",
    "python_version": "3.14",
    "sys_platform": "emscripten",
    "extra": "",
}

# Requirements deliberately not installed in the browser, with the reason.
NOT_IN_BROWSER = {
    # ipywidgets' front end: the site serves it as a JupyterLite extension.
    "jupyterlab-widgets": "front end only, served as a JupyterLite extension",
}

# Import names the wheels would not tell (none so far).
EXTRA_IMPORTS: dict[str, list[str]] = {}


class VendorError(RuntimeError):
    """Something the browser needs cannot be vendored."""


def log(message: str) -> None:
    print(f"[vendor_pyodide] {message}", flush=True)


def kernel_pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


def kernel_wheels() -> list[Path]:
    """The wheels the Pyodide kernel installs itself (piplite, pyodide-kernel, stand-ins)."""
    for prefix in (Path(sys.prefix), Path(sys.base_prefix)):
        folder = prefix / KERNEL_EXTENSION / "static" / "pypi"
        if folder.is_dir():
            wheels = sorted(folder.glob("*.whl"))
            # two widgetsnbextension stand-ins are shipped: keep the ipywidgets 8 one
            return [w for w in wheels if not w.name.startswith("widgetsnbextension-3.")]
    raise VendorError("jupyterlite-pyodide-kernel is not installed in this environment")


def copy_extensions(dest: Path) -> list[str]:
    """Copy the site's front-end extensions from the environment into ``dest``."""
    shutil.rmtree(dest, ignore_errors=True)
    copied = []
    for name in SITE_EXTENSIONS:
        for prefix in (Path(sys.prefix), Path(sys.base_prefix)):
            source = prefix / LABEXTENSIONS / name
            if (source / "package.json").is_file():
                shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns("*.map"))
                copied.append(f"{dest.name}/{name}")
                break
        else:
            raise VendorError(
                f"the JupyterLab extension {name} is not installed in this environment"
            )
    return copied


def check_front_ends(dest: Path, lock: dict[str, object]) -> None:
    """A front end named like a browser package (anywidget) must be that package's version."""
    packages: dict[str, dict[str, object]] = lock["packages"]  # type: ignore[assignment]
    for name in SITE_EXTENSIONS:
        locked = packages.get(canonicalize_name(name))
        if locked is None:
            continue
        meta = json.loads((dest / name / "package.json").read_text(encoding="utf-8"))
        if meta["version"] != locked["version"]:
            raise VendorError(
                f"the front end of {name} is {meta['version']} but the browser's "
                f"{name} is {locked['version']}: align pyodide-wheels.txt with requirements.txt"
            )


def npm_runtime(version: str, cache: Path, dest: Path) -> None:
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.exists():
        cache.mkdir(parents=True, exist_ok=True)
        log(f"npm pack pyodide@{version}")
        subprocess.run(
            ["npm", "pack", "--silent", f"pyodide@{version}", "--pack-destination", str(cache)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in [*RUNTIME_FILES, "pyodide-lock.json"]:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise VendorError(f"{tgz} has no {name}")
            target = dest / ("npm-pyodide-lock.json" if name == "pyodide-lock.json" else name)
            target.write_bytes(member.read())


def pypi_wheels(requirements: Path, cache: Path) -> list[Path]:
    """Download the pinned wheels (for Python 3.14, pure Python only) unless cached."""
    pins = [
        Requirement(line.split("#")[0].strip())
        for line in requirements.read_text(encoding="utf-8").splitlines()
        if line.split("#")[0].strip()
    ]
    cache.mkdir(parents=True, exist_ok=True)
    found: dict[str, Path] = {}
    for wheel in cache.glob("*.whl"):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        found[f"{name}=={version}"] = wheel
    wanted = []
    for pin in pins:
        (spec,) = pin.specifier
        key = f"{canonicalize_name(pin.name)}=={spec.version}"
        if key not in found:
            wanted.append(str(pin))
    if wanted:
        log(f"pip download {len(wanted)} wheels")
        subprocess.run(
            [
                sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
                "--implementation", "py", "--abi", "none", "--platform", "any",
                "--dest", str(cache), *wanted,
            ],
            check=True,
        )  # fmt: skip
    wheels = []
    for pin in pins:
        (spec,) = pin.specifier
        matches = [
            w
            for w in cache.glob("*.whl")
            if parse_wheel_filename(w.name)[0] == canonicalize_name(pin.name)
            and str(parse_wheel_filename(w.name)[1]) == spec.version
        ]
        if len(matches) != 1 or not matches[0].name.endswith("-none-any.whl"):
            raise VendorError(f"no pure-Python wheel for {pin} in {cache}")
        wheels.append(matches[0])
    return wheels


def project_wheel(project: Path, dest: Path) -> Path:
    """Build the project's wheel from a copy of its sources (no build/ left in the tree)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE", "setup.cfg", "setup.py"):
            if (project / name).is_file():
                shutil.copy2(project / name, src / name)
        shutil.copytree(
            project / PACKAGE,
            src / PACKAGE,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
        built = Path(tmp) / "dist"
        log("pip wheel (the project's own wheel)")
        subprocess.run(
            [
                sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
                "--no-deps", "--wheel-dir", str(built), str(src),
            ],
            check=True,
        )  # fmt: skip
        (wheel,) = built.glob("*.whl")
        dest.mkdir(parents=True, exist_ok=True)
        target = dest / wheel.name
        shutil.copy2(wheel, target)
    return target


def wheel_entry(wheel: Path) -> tuple[dict[str, object], list[Requirement]]:
    """The lock entry of one wheel, and its requirements."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        meta = Parser().parsestr(zf.read(f"{dist_info}/METADATA").decode("utf-8"))
        if f"{dist_info}/top_level.txt" in names:
            tops = zf.read(f"{dist_info}/top_level.txt").decode("utf-8").split()
        else:
            tops = []
            for n in names:
                first = n.split("/")[0]
                if first.endswith((".dist-info", ".data")):
                    continue
                if "/" in n and n.endswith("/__init__.py") and n.count("/") == 1:
                    tops.append(first)
                elif "/" not in n and n.endswith(".py"):
                    tops.append(n[:-3])
    name = canonicalize_name(meta["Name"])
    imports = sorted(
        {t for t in tops if t and not t.startswith("_")} | set(EXTRA_IMPORTS.get(name, []))
    )
    requires = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    entry = {
        "name": name,
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": [],
        "unvendored_tests": False,
    }
    return entry, requires


def runtime_requirements(requires: list[Requirement]) -> list[Requirement]:
    kept = []
    for req in requires:
        if req.marker is None or Marker(str(req.marker)).evaluate(dict(PYODIDE_ENV)):
            kept.append(req)
    return kept


def build_lock(wheels: list[Path], npm_lock: dict[str, object]) -> dict[str, object]:
    packages: dict[str, dict[str, object]] = {}
    requires_of: dict[str, list[Requirement]] = {}
    for wheel in wheels:
        entry, requires = wheel_entry(wheel)
        name = str(entry["name"])
        if name in packages:
            raise VendorError(
                f"two wheels for {name}: {packages[name]['file_name']} and {wheel.name}"
            )
        packages[name] = entry
        requires_of[name] = runtime_requirements(requires)
    problems = []
    for name, requires in requires_of.items():
        depends = []
        for req in requires:
            dep = canonicalize_name(req.name)
            if dep in NOT_IN_BROWSER:
                continue
            if dep not in packages:
                problems.append(f"{name} needs {req}, which is not vendored")
            elif not req.specifier.contains(str(packages[dep]["version"]), prereleases=True):
                problems.append(f"{name} needs {req}, vendored {packages[dep]['version']}")
            depends.append(dep)
        packages[name]["depends"] = sorted(set(depends))
    if problems:
        raise VendorError("the browser's packages are incomplete:\n  " + "\n  ".join(problems))
    return {"info": npm_lock["info"], "packages": dict(sorted(packages.items()))}


def write_json(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def prepare(
    lite_dir: Path,
    *,
    project: Path | None = None,
    wheels: list[Path] | None = None,
    cache: Path | None = None,
) -> Path:
    """Fill ``lite_dir`` (see the module's doc); return the folder of the Pyodide files."""
    cache = cache or lite_dir / ".cache" / "vendor"
    version = kernel_pyodide_version()
    out = lite_dir / "static" / "pyodide"
    shutil.rmtree(out, ignore_errors=True)

    npm_runtime(version, cache / "npm", out)
    npm_lock = json.loads((out / "npm-pyodide-lock.json").read_text(encoding="utf-8"))
    (out / "npm-pyodide-lock.json").unlink()

    found = [*pypi_wheels(HERE / "pyodide-wheels.txt", cache / "pypi"), *kernel_wheels()]
    found += [w.resolve() for w in wheels or []]
    if project is not None:
        found.append(project_wheel(project, cache / "project"))
    lock = build_lock(found, npm_lock)
    for wheel in found:
        shutil.copy2(wheel, out / wheel.name)
    write_json(out / "pyodide-lock.json", lock)

    # Everything the lock lists is loaded while the kernel starts: the reader's first
    # cell finds rules_lib and ipywidgets installed, and the kernel's own
    # ``piplite.install`` calls are skipped (they would look for a package index).
    settings = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": sorted(lock["packages"])},  # type: ignore[call-overload]
    }
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}},
    }
    write_json(lite_dir / "jupyter-lite.json", config)
    # The build takes its front-end extensions from LITE_DIR/labextensions only, not from
    # whatever else the environment has installed (Voila's, jupytext's, ...).
    build_config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": copy_extensions(lite_dir / "labextensions"),
            "no_sourcemaps": True,
        }
    }
    check_front_ends(lite_dir / "labextensions", lock)
    write_json(lite_dir / "jupyter_lite_config.json", build_config)

    size = sum(p.stat().st_size for p in out.iterdir())
    log(f"Pyodide {version} and {len(lock['packages'])} wheels ({size / 1e6:.1f} MB) in {out}")  # type: ignore[arg-type]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lite_dir", type=Path)
    parser.add_argument("--wheel", type=Path, action="append", default=[], help="a wheel to add")
    parser.add_argument("--project", type=Path, help="build this project's wheel and add it")
    parser.add_argument(
        "--cache", type=Path, help="download cache (default LITE_DIR/.cache/vendor)"
    )
    args = parser.parse_args()
    try:
        prepare(args.lite_dir, project=args.project, wheels=args.wheel, cache=args.cache)
    except (VendorError, subprocess.CalledProcessError) as error:
        sys.exit(f"vendor_pyodide: {error}")


if __name__ == "__main__":
    main()
