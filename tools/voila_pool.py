"""Voila's pool of kernels started before the class, with one repair.

Voila (0.5) makes its pooling kernel manager as a subclass of the class named
by ``VoilaConfiguration.multi_kernel_manager_class``; ``make app STUDENTS=N``
names :class:`SteadyPoolKernelManager`.  In Voila's own pool a kernel that dies
while it waits for a student (killed, out of memory) stays in the pool: the
server restarts it empty, and the student who is handed it gets a page whose
app never ran.  Here such a kernel leaves the pool, is shut down, and a new
kernel takes its place at once.

The hook is the one public step every pooled kernel goes through,
``start_kernel``: a kernel Voila starts for its pool (``VOILA_PREHEAT=True`` in
its environment) gets a callback for its restart.  The pool itself is Voila's
(``_pools``, ``fill_if_needed``, of the subclass), read as Voila 0.5 keeps it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class SteadyPoolKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Voila's kernel manager, whose pooled kernels are replaced when they die."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._retiring: set[asyncio.Future[None]] = set()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        if kwargs.get("env", {}).get("VOILA_PREHEAT") == "True":
            for event in ("restart", "dead"):
                self.add_restart_callback(
                    kernel_id, lambda kid=kernel_id: self.pooled_kernel_died(kid), event
                )
        return kernel_id

    def pooled_kernel_died(self, kernel_id: str) -> None:
        """Take ``kernel_id`` out of Voila's pool, shut it down and start
        another in its place; nothing when a student has taken it already."""
        pools: dict[str, list[asyncio.Task[dict[str, Any]]]] = getattr(self, "_pools", {})
        for notebook, pool in pools.items():
            for task in pool:
                if not task.done() or task.cancelled() or task.exception() is not None:
                    continue
                if task.result().get("kernel_id") != kernel_id:
                    continue
                pool.remove(task)
                self.log.warning(
                    "A kernel waiting for a student died: %s leaves the pool of %s, "
                    "a new one takes its place",
                    kernel_id,
                    notebook,
                )
                # the kernel's "waiting" mark (see tools/voila_app.warm_kernels)
                warm = os.environ.get("THIRTEEN_WARM_DIR")
                if warm:
                    (Path(warm) / kernel_id).unlink(missing_ok=True)
                self._retiring.add(asyncio.ensure_future(self._retire(kernel_id)))
                self._retiring = {t for t in self._retiring if not t.done()}
                self.fill_if_needed(delay=0, notebook_name=notebook)
                return

    async def _retire(self, kernel_id: str) -> None:
        """Shut down a kernel that left the pool once its restart, which the
        server begins just after this callback, is over: a kernel cannot be shut
        down while it restarts."""
        await asyncio.sleep(1)
        for _ in range(120):
            if kernel_id not in self:
                return  # its restarts failed: the server has removed it already
            if self.get_kernel(kernel_id).ready.done():
                break
            await asyncio.sleep(0.5)
        with contextlib.suppress(KeyError):  # removed meanwhile
            await self.shutdown_kernel(kernel_id, now=True)
