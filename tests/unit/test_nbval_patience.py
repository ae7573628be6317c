"""The nbval plugin of ``make nbval`` keeps every output of a cell that floods them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbformat

from tests.nbval_patience import CONFIG, cell_limit_seconds

FLOOD = (
    "from ipywidgets import IntSlider\n"
    "w = IntSlider(max=8000)\n"
    "for i in range(8000):  # 8,000 widget updates, far past ZeroMQ's 1,000 unread messages\n"
    "    w.value = i\n"
    "print('done')"
)


def test_the_cell_limit_is_the_book_builds_own(tmp_path: Path) -> None:
    assert cell_limit_seconds() == 300
    other = tmp_path / "_config.yml"
    other.write_text("execute:\n  timeout: 42\n", encoding="utf-8")
    assert cell_limit_seconds(other) == 42
    assert CONFIG.name == "_config.yml" and CONFIG.exists()


def test_a_cell_that_floods_widget_updates_passes_under_nbval(tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(FLOOD)]
    nbformat.write(nb, tmp_path / "flood.ipynb")
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "tests.nbval_patience",
            "--nbval-lax",
            "--nbval-current-env",
            str(tmp_path / "flood.ipynb"),
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=cell_limit_seconds() * 2,
    )
    assert "1 passed" in result.stdout, result.stdout[-2000:]
