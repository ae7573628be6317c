"""A pytest plugin for the nbval run: no verdict from nbval's short clocks,
and no lost output.

* nbval gives a kernel 60 s to start, and after a cell has finished it waits
  only 5 s for each output message.  Both waits are raised to the book
  build's own limit for one cell (``execute.timeout`` in ``_config.yml``),
  so only a hang reaches them.
* nbval reads a cell's output messages only once the cell has finished.  A
  cell that plays a whole game in a widget sends thousands of widget updates
  (3,362 for the Three-Thirteen game in its chapter), and ZeroMQ keeps at most
  1,000 unread messages at each end of the connection: past that the kernel
  drops messages, among them the one that says the cell is done, and nbval
  waits for it in vain.  Whether that happens depends on how fast the machine
  is that day.  The client's output socket here keeps every message instead
  (no high-water mark), as Jupyter's own front ends, which read while a cell
  runs, never need.

Used as ``pytest -p tests.nbval_patience --nbval-lax ...`` (``make nbval``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
import zmq
from jupyter_client.connect import ConnectionFileMixin

CONFIG = Path(__file__).resolve().parent.parent / "_config.yml"


def cell_limit_seconds(config: Path = CONFIG) -> int:
    """The book build's limit for one cell, in seconds."""
    return int(yaml.safe_load(config.read_text(encoding="utf-8"))["execute"]["timeout"])


_connect = ConnectionFileMixin._create_connected_socket


def _connect_keeping_every_output(
    self: ConnectionFileMixin, channel: str, identity: bytes | None = None
) -> zmq.Socket[Any]:
    if channel == "iopub":
        self.context.setsockopt(zmq.RCVHWM, 0)  # for sockets made from now on: no limit
    try:
        return _connect(self, channel, identity)
    finally:
        if channel == "iopub":
            self.context.setsockopt(zmq.RCVHWM, 1000)  # ZeroMQ's default again


def pytest_configure(config: pytest.Config) -> None:
    ConnectionFileMixin._create_connected_socket = _connect_keeping_every_output  # type: ignore[method-assign]
    limit = cell_limit_seconds()
    config.option.nbval_kernel_startup_timeout = limit
    config.option.nbval_cell_timeout = limit


def pytest_collection_modifyitems(items: list[Any]) -> None:
    limit = cell_limit_seconds()
    for item in items:
        if hasattr(item, "output_timeout"):  # nbval's cell items
            item.output_timeout = limit
