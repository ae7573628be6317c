"""A pytest plugin for the nbval run: no verdict from nbval's short clocks.

nbval gives a kernel 60 s to start, and after a cell has finished it waits
only 5 s for each output message; on a busy machine a cell that streams many
widget updates can exceed that and fail although nothing is wrong.  Both
waits are raised to the book build's own limit for one cell
(``execute.timeout`` in ``_config.yml``), so only a hang reaches them.

Used as ``pytest -p tests.nbval_patience --nbval-lax ...`` (``make nbval``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

CONFIG = Path(__file__).resolve().parent.parent / "_config.yml"


def cell_limit_seconds(config: Path = CONFIG) -> int:
    """The book build's limit for one cell, in seconds."""
    return int(yaml.safe_load(config.read_text(encoding="utf-8"))["execute"]["timeout"])


def pytest_configure(config: pytest.Config) -> None:
    limit = cell_limit_seconds()
    config.option.nbval_kernel_startup_timeout = limit
    config.option.nbval_cell_timeout = limit


def pytest_collection_modifyitems(items: list[Any]) -> None:
    limit = cell_limit_seconds()
    for item in items:
        if hasattr(item, "output_timeout"):  # nbval's cell items
            item.output_timeout = limit
