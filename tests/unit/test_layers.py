"""The layers do not leak: the core never imports drawing or widget code, drawing never
imports widgets, and the book takes only widgets from ``rules_lib.widgets``."""

from __future__ import annotations

import ast
import importlib
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rules_lib"
WIDGETS, RENDER = "rules_lib.widgets", "rules_lib.render"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[str, str | None]]:
    """Each module a file imports, with the function that imports it (None: at import time)."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, str | None]] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, child.name)
                continue
            if isinstance(child, ast.Import):
                found.extend((alias.name, function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parents = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*parents, base] if base else parents)
                found.append((base, function))
                found.extend((f"{base}.{alias.name}", function) for alias in child.names)
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), None)
    return found


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


CORE = sorted(
    p
    for p in PACKAGE.rglob("*.py")
    if not _inside(_module(p), WIDGETS) and not _inside(_module(p), RENDER)
)


@pytest.mark.parametrize("path", CORE, ids=_module)
def test_the_core_imports_drawing_only_when_a_notebook_asks_for_a_picture(path):
    leaks = [
        (module, function)
        for module, function in _imports(path)
        if (_inside(module, WIDGETS) or _inside(module, RENDER))
        and not (function or "").startswith("_repr_")
    ]
    assert not leaks, f"{_module(path)} imports {leaks} (only a _repr_*_ method may import render)"


@pytest.mark.parametrize("path", sorted((PACKAGE / "render").rglob("*.py")), ids=_module)
def test_drawing_never_imports_widgets(path):
    assert not [m for m, _ in _imports(path) if _inside(m, WIDGETS)]


_WIDGET_IMPORT = re.compile(
    r"^\s*from (rules_lib\.widgets(?:\.\w+)?) import (\([^)]*\)|[^\n]+)", re.MULTILINE
)


def _book_code() -> list[tuple[str, str]]:
    """(file, code) for every code cell of the book's pages, apps and live notebooks."""
    out = []
    for path in sorted((ROOT / "book").rglob("*.md")):
        if "_build" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for cell in re.findall(r"^```\{code-cell\}[^\n]*\n(.*?)^```", text, re.S | re.M):
            out.append((path.relative_to(ROOT).as_posix(), cell))
    for path in sorted((ROOT / "book").rglob("*.ipynb")):
        if "_build" in path.parts or ".ipynb_checkpoints" in path.parts:
            continue
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                source = cell["source"]
                code = "".join(source) if isinstance(source, list) else source
                out.append((path.relative_to(ROOT).as_posix(), code))
    return out


def _is_widget(obj: object, name: str) -> bool:
    """A widget class, or an app function that builds one (``*_app``)."""
    import ipywidgets

    if isinstance(obj, type):
        return issubclass(obj, ipywidgets.Widget)
    return callable(obj) and name.endswith("_app")


def test_the_book_takes_only_widgets_from_the_widgets_package():
    wrong = []
    for where, code in _book_code():
        for module_name, names in _WIDGET_IMPORT.findall(code):
            module = importlib.import_module(module_name)
            listed = re.sub(r"#[^\n]*", "", names).strip("()")
            for name in [part.split()[0] for part in listed.split(",") if part.strip()]:
                if not _is_widget(getattr(module, name, None), name):
                    wrong.append(f"{where}: {name} from {module_name}")
    assert not wrong, "not widgets; import them from the core or rules_lib.render: " + ", ".join(
        wrong
    )
