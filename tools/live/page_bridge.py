"""Widgets live in place: the Python half of the page's own widget bridge.

A chapter page draws its widgets from the state saved when the book was built.
When the reader asks for them live, ``thirteen_live.js`` starts one Pyodide in a
Web Worker for the whole page; the worker runs this module, then each widget
cell's code.  Every comm message a widget sends goes to the page through the
worker's ``post`` function, and every message the page's widget manager sends
comes back through :func:`receive`: the Jupyter widget protocol, with the worker
in place of a kernel.

It uses the ``comm`` package's own hook (``comm.create_comm`` and
``comm.get_comm_manager`` are meant to be replaced) and, because the page needs
no IPython shell, puts a small stand-in for the three names ``ipywidgets``
imports from ``IPython`` in ``sys.modules`` before ``ipywidgets`` is imported,
so the page loads neither IPython nor its dependencies.

Plain CPython runs it too (``tests/unit/test_page_bridge.py``), with a
``post`` that records the messages.
"""

from __future__ import annotations

import json
import logging
import sys
import traceback
import types
from collections.abc import Callable
from typing import Any

Post = Callable[[str, str, str, list[bytes]], None]

_post: Post | None = None


_displayed: list[Any] = []


def _display(*objects: Any, **kwargs: Any) -> None:
    """The stand-in's ``display``: what a cell displays is shown on the page, in order."""
    _displayed.extend(objects)


def _stand_in_ipython() -> None:
    """Give ``ipywidgets`` the few ``IPython`` names it imports, unless the real
    IPython is already there (a test run, a kernel)."""
    if "IPython" in sys.modules:
        return
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: None  # type: ignore[attr-defined]
    display = types.ModuleType("IPython.display")
    display.display = _display  # type: ignore[attr-defined]
    display.clear_output = lambda *args, **kwargs: None  # type: ignore[attr-defined]
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")

    class InteractiveShell:  # only ever checked with isinstance by ipywidgets
        @classmethod
        def initialized(cls) -> bool:
            return False

    shell.InteractiveShell = InteractiveShell  # type: ignore[attr-defined]
    ipython.display = display  # type: ignore[attr-defined]
    ipython.core = core  # type: ignore[attr-defined]
    core.interactiveshell = shell  # type: ignore[attr-defined]
    sys.modules.update(
        {
            "IPython": ipython,
            "IPython.display": display,
            "IPython.core": core,
            "IPython.core.interactiveshell": shell,
        }
    )


def install(post: Post) -> None:
    """Route every comm through ``post(msg_type, comm_id, json_text, buffers)``,
    where ``json_text`` holds the message's ``data``, ``metadata`` and, for
    ``comm_open``, its ``target_name``."""
    global _post
    _stand_in_ipython()
    import comm
    from comm.base_comm import BaseComm, CommManager

    manager = CommManager()

    class PageComm(BaseComm):
        def publish_msg(
            self,
            msg_type: str,
            data: dict[str, Any] | None = None,
            metadata: dict[str, Any] | None = None,
            buffers: list[Any] | None = None,
            **keys: Any,
        ) -> None:
            message = {"data": data or {}, "metadata": metadata or {}}
            if "target_name" in keys:
                message["target_name"] = keys["target_name"]
            assert _post is not None
            _post(
                msg_type,
                self.comm_id,
                json.dumps(message, default=_jsonable),
                [bytes(b) for b in buffers or []],
            )

    _post = post
    comm.create_comm = PageComm  # type: ignore[assignment]
    comm.get_comm_manager = lambda: manager


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def receive(comm_id: str, json_text: str, buffers: list[Any] | None = None) -> str:
    """A message from the page's widget manager to the comm ``comm_id``; returns
    "" or, when the widget's handler raised, the error's text (the page shows it)."""
    import comm

    target = comm.get_comm_manager().get_comm(comm_id)
    if target is None:
        return f"no widget with the id {comm_id}"
    message = {
        "content": {"comm_id": comm_id, "data": json.loads(json_text)},
        "buffers": [memoryview(_bytes(b)) for b in buffers or []],
        "metadata": {},
        "header": {"msg_type": "comm_msg"},
    }
    # ipywidgets catches a handler's exception and, with no IPython shell, logs it
    # on traitlets' logger: catch that record too
    from traitlets.log import get_logger

    caught = _Caught()
    logger = get_logger()
    logger.addHandler(caught)
    try:
        target.handle_msg(message)
    except Exception:  # the widget's own error, shown on the page
        return traceback.format_exc(limit=-3)
    finally:
        logger.removeHandler(caught)
    return caught.text()


class _Caught(logging.Handler):
    """The errors a widget's handler logged while one message was handled."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.errors: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            self.errors.append(
                "".join(
                    traceback.format_exception(type(error), error, error.__traceback__, limit=-3)
                )
            )

    def text(self) -> str:
        return "\n".join(self.errors)


def _bytes(buffer: Any) -> bytes:
    """A buffer as bytes: Pyodide hands a JavaScript ``Uint8Array`` over as a proxy."""
    return bytes(buffer.to_bytes() if hasattr(buffer, "to_bytes") else buffer)


def warm_up(package: str = "rules_lib") -> list[str]:
    """Import every module of ``package`` that imports here (a module that needs what
    the browser lacks, such as matplotlib, is left out), so that a memory snapshot
    taken now holds them all, compiled: the page's widgets then import nothing from
    source when they start.  Returns the names of the modules left out."""
    import importlib
    import pkgutil

    _stand_in_ipython()  # before ipywidgets is imported
    root = importlib.import_module(package)
    left_out = []
    for info in pkgutil.walk_packages(root.__path__, f"{package}."):
        try:
            importlib.import_module(info.name)
        except ImportError:
            left_out.append(info.name)
    return left_out


def reseed(entropy: str = "") -> int:
    """Seed every random generator seeded at import afresh: ``random``'s own and any
    module-level ``random.Random`` of the modules imported (``SystemRandom`` needs
    none).  A memory snapshot of Python holds their state as it was when it was
    taken, so without this every visit restored from it would deal the same "new"
    deals.  ``entropy`` (hex digits the page's ``crypto.getRandomValues`` gave) is
    mixed with ``os.urandom``; returns how many generators were seeded.

    >>> import random
    >>> state = random.getstate()
    >>> reseed("00ff") >= 1 and random.getstate() != state
    True
    """
    import os
    import random

    def fresh() -> int:
        return int.from_bytes(bytes.fromhex(entropy) + os.urandom(32), "big")

    seen: set[int] = set()
    for module in list(sys.modules.values()):
        for value in list(getattr(module, "__dict__", {}).values()):
            if (
                isinstance(value, random.Random)
                and not isinstance(value, random.SystemRandom)
                and id(value) not in seen
            ):
                seen.add(id(value))
                value.seed(fresh())
    return len(seen)


_namespace: dict[str, Any] = {"__name__": "__main__"}
_shown: list[Any] = []  # what the last cell showed, for follow_link


def run_cell(code: str) -> list[str]:
    """Run a widget cell of the page (as a notebook would) in the page's one
    namespace; return the model ids of the widgets it shows, in order: those it
    passes to ``display()``, then the value of its last expression.  A cell that
    shows no widget raises ``ValueError``."""
    import ast

    tree = ast.parse(code, "<cell>", "exec")
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    _displayed.clear()
    exec(compile(tree, "<cell>", "exec"), _namespace)
    value = None
    if last is not None:  # it may call display() too: what it displays comes first
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), _namespace)
    shown = [*_displayed, value]
    _displayed.clear()
    _shown[:] = shown
    model_ids = [
        m for m in (getattr(value, "model_id", None) for value in shown) if isinstance(m, str)
    ]
    if not model_ids:
        raise ValueError("this cell shows no widget")
    return model_ids


def follow_link(query: str, follow: str) -> str:
    """Set what the last cell showed as the page's address asks (``query``, such as
    ``seed=7&rules=house``), with ``follow`` (``"module:function"``, called with each
    shown object and the query, returning what it could not use); returns that, as
    one sentence, or ""."""
    import importlib

    module, _, name = follow.partition(":")
    function = getattr(importlib.import_module(module), name)
    problems: list[str] = []
    for shown in _shown:
        problems.extend(function(shown, query))
    return "; ".join(dict.fromkeys(problems))
