"""The layers do not leak: the core never imports drawing or widget code, drawing never
imports widgets, and the book takes only widgets from ``rules_lib.widgets``; no module of
the library imports itself in a circle but the lazy drawing of cards; the shared setting
of 13 cards names no game, the advice experiments sit above the games, and the old module
paths kept for the chapters are imported by nothing in the library."""

from __future__ import annotations

import ast
import importlib
import json
import re
from collections.abc import Iterator
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


# --- the import graph: no circle but the lazy drawing --------------------------------------

#: Every module of the library by its name, with its file.
MODULES = {_module(p): p for p in sorted(PACKAGE.rglob("*.py"))}

#: The one circle the house keeps: cards and hand values draw themselves for a notebook
#: (``_repr_svg_``, ``_repr_html_``), so they import ``rules_lib.render`` inside those
#: methods, and the drawing imports them (python-chess's ``svg`` works the same way).
ALLOWED_CIRCLES = [{"rules_lib.cards", "rules_lib.poker", "rules_lib.render"}]


def _edges(path: Path) -> set[str]:
    """The modules of the library that ``path`` imports: at import time, inside a
    function or under ``TYPE_CHECKING`` (every import counts).  ``from package import
    name`` leads to the submodule ``package.name`` when there is one, else to the package."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parents = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parents, base] if base else parents)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return {m for m in found if m in MODULES and m != module}


GRAPH = {module: _edges(path) for module, path in MODULES.items()}


def _circles(graph: dict[str, set[str]]) -> Iterator[set[str]]:
    """The strongly connected parts of ``graph`` with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(node: str) -> Iterator[set[str]]:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                yield from visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.add(member)
                if member == node:
                    break
            if len(part) > 1:
                yield part

    for node in sorted(graph):
        if node not in index:
            yield from visit(node)


def test_circles_are_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert list(_circles(graph)) == [{"a", "b", "c"}]


def test_the_import_graph_has_no_circle_but_the_lazy_drawing():
    found = list(_circles(GRAPH))
    ties = {
        frozenset(part): [f"{a} -> {b}" for a in sorted(part) for b in sorted(GRAPH[a] & part)]
        for part in found
        if part not in ALLOWED_CIRCLES
    }
    assert not ties, "modules that import each other in a circle: " + "; ".join(
        ", ".join(lines) for lines in ties.values()
    )


def test_the_lazy_drawing_is_the_only_way_back_to_the_drawing():
    back = [
        module
        for module in ("rules_lib.cards", "rules_lib.poker")
        for name, function in _imports(MODULES[module])
        if _inside(name, RENDER) and not (function or "").startswith("_repr_")
    ]
    assert not back


#: The games of set hands, and the modules above them that know them by name.
SET_HAND_GAMES = ("rules_lib.mau_binh", "rules_lib.chinese_poker")
ABOVE_THE_GAMES = ("rules_lib.showdown", "rules_lib.strategy", "rules_lib.score_sheet")
#: The old module paths kept as re-exports for the chapters and the browser tests.
OLD_PATHS = (
    "rules_lib.arrange",
    "rules_lib.expected",
    "rules_lib.mau_binh_lesson",
    "rules_lib.chinese_poker_lesson",
)


def _game_packages() -> list[str]:
    from rules_lib.games import GAMES

    return [f"rules_lib.{g.key}" for g in GAMES]


@pytest.mark.parametrize("module", [m for m in MODULES if _inside(m, "rules_lib.setting")], ids=str)
def test_the_shared_setting_names_no_game(module):
    games = [
        m
        for m in GRAPH[module]
        for place in (*_game_packages(), *ABOVE_THE_GAMES, *OLD_PATHS)
        if _inside(m, place)
    ]
    assert not games, f"{module} imports {games}: the shared setting sits below the games"


@pytest.mark.parametrize(
    "module", [m for g in SET_HAND_GAMES for m in MODULES if _inside(m, g)], ids=str
)
def test_a_game_of_set_hands_builds_on_the_setting_not_on_its_sibling(module):
    own = next(g for g in SET_HAND_GAMES if _inside(module, g))
    wrong = [
        m
        for m in GRAPH[module]
        for place in (*_game_packages(), *ABOVE_THE_GAMES, *OLD_PATHS)
        if _inside(m, place) and not _inside(m, own)
    ]
    assert not wrong, f"{module} imports {wrong}"


def test_nothing_below_the_advice_experiments_imports_them():
    users = {m for m, targets in GRAPH.items() if "rules_lib.strategy" in targets}
    above = {"rules_lib.expected", "rules_lib.render.plots", "rules_lib.render.strategy"}
    assert {m for m in users if not _inside(m, WIDGETS)} <= above


def test_the_old_paths_are_imported_by_nothing_in_the_library():
    users = {m: sorted(GRAPH[m] & set(OLD_PATHS)) for m in GRAPH if GRAPH[m] & set(OLD_PATHS)}
    assert not users


@pytest.mark.parametrize("old", OLD_PATHS)
def test_an_old_path_only_hands_names_on(old):
    tree = ast.parse(MODULES[old].read_text(encoding="utf-8"))
    kinds = {
        type(node).__name__
        for node in tree.body
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
    }
    assert kinds <= {"ImportFrom", "Assign", "If"}, kinds
    module = importlib.import_module(old)
    assert all(hasattr(module, name) for name in module.__all__)
