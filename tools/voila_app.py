"""Run the book's apps with Voila, the way a teacher would: on 127.0.0.1 by
default, tracebacks hidden, no CDN.

    python tools/voila_app.py [--host H] [--port P] NOTEBOOK_OR_FOLDER

Voila's "lab" template links Font Awesome from a CDN although its bundle
already carries the icons; offline (a classroom without internet, or our
tests, where only 127.0.0.1 answers) the links only fail.  This writes the
template "thirteen" (that template without the two links, with the book's
own widget styles from ``tools/static/thirteen.css`` in their place) into
``.app-data`` and starts Voila with it.  JupyterLab extensions that Voila would otherwise
load and that fail there (jupytext's, JupyterLite's kernel) are turned off.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / ".app-data"

# How long Voila waits for a kernel to start, and for a silent kernel to answer,
# before it gives up on a page.  A class opening the app at once queues kernels
# on few cores, so both are generous; the browser tests derive their limits
# from them (a page that takes longer has failed in Voila itself).
KERNEL_STARTUP_S = 300
IOPUB_S = 120


def write_template() -> Path:
    lab = Path(sys.prefix) / "share/jupyter/voila/templates/lab/index.html.j2"
    lines = lab.read_text(encoding="utf-8").splitlines(keepends=True)
    cdn = [i for i, line in enumerate(lines) if "cdn.jsdelivr.net" in line]
    if len(cdn) != 2:
        raise SystemExit(f"expected 2 CDN links in {lab.name}, found {len(cdn)}")
    # in place of the links: the book's own widget styles (buttons dark enough for
    # their white words, the same as on the book's pages)
    css = (ROOT / "tools/static/thirteen.css").read_text(encoding="utf-8")
    style = f"  <style>{{% raw %}}\n{css}{{% endraw %}}</style>\n"
    kept = [style if i == cdn[0] else line for i, line in enumerate(lines) if i != cdn[1]]
    out = DATA / "voila/templates/thirteen"
    out.mkdir(parents=True, exist_ok=True)
    (out / "index.html.j2").write_text("".join(kept), encoding="utf-8")
    (out / "conf.json").write_text(json.dumps({"base_template": "lab"}), encoding="utf-8")
    return out


def apps_in(target: str) -> list[str]:
    """The app notebooks ``target`` serves (their names without ``.ipynb``)."""
    path = Path(target)
    if path.is_dir():
        return sorted(p.stem for p in path.glob("*.ipynb"))
    return [path.stem]


def pool_options(target: str, students: int, class_apps: Sequence[str] = ()) -> list[str]:
    """Voila's options for ``students`` kernels started ahead of time for each
    app in ``class_apps`` (all the apps of ``target`` when empty): each kernel
    makes and shows its app, then waits for a student's link
    (``rules_lib.widgets.share_widgets.AppBox``).  Voila starts a new kernel
    for the pool each time a student takes one, and
    :mod:`tools.voila_pool` replaces a kernel that dies while it waits.

    >>> pool_options("book/apps", 0)
    []
    >>> opts = pool_options("book/apps", 30, ["tien_len"])
    >>> opts[:2], "index.ipynb" in opts[2], "tien_len" in opts[2]
    (['--preheat_kernel=True', '--pool_size=30'], True, False)
    """
    if students <= 0:
        return []
    known = apps_in(target)
    chosen = list(class_apps) or known
    unknown = [a for a in chosen if a not in known]
    if unknown:
        raise SystemExit(
            f"no app {', '.join(unknown)} in {target}; the apps are: {', '.join(known)}"
        )
    # the apps without a pool: matched by Voila against each notebook's path
    others = [f"{a}.ipynb" for a in known if a not in chosen]
    return [
        "--preheat_kernel=True",
        f"--pool_size={students}",
        f"--VoilaKernelManager.preheat_denylist={others!r}",
        # refill after the arrivals: kernels started at once would slow their pages
        "--VoilaKernelManager.fill_delay=15",
        # a kernel that dies while it waits is replaced (Voila's own pool keeps it)
        "--VoilaConfiguration.multi_kernel_manager_class=tools.voila_pool.SteadyPoolKernelManager",
    ]


def voila_command(
    target: str,
    host: str = "127.0.0.1",
    port: int = 8866,
    cull_minutes: int = 20,
    pool: Sequence[str] = (),
) -> list[str]:
    """The command line that serves ``target`` (a notebook or a folder of them).

    Each open page runs its own Python kernel; a kernel idle for
    ``cull_minutes`` is shut down so a class's abandoned tabs free memory.
    ``pool`` are :func:`pool_options` (kernels started before the class).
    """
    return [
        sys.executable,
        "-m",
        "voila",
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        "--template=thirteen",
        "--show_tracebacks=False",
        # a class opening the app at once queues kernels on few cores: be patient
        f"--VoilaExecutor.startup_timeout={KERNEL_STARTUP_S}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_S}",
        f"--MappingKernelManager.cull_idle_timeout={cull_minutes * 60}",
        "--MappingKernelManager.cull_interval=60",
        # kernels talk to Voila over local sockets named after their connection files:
        # TCP ports chosen for many kernels started at once (a class's pool) can
        # collide, and a kernel that loses the race dies before it answers
        "--KernelManager.transport=ipc",
        # JupyterLab extensions that fail inside Voila (jupytext; the JupyterLite
        # kernel, installed for the static site's live pages)
        "--VoilaConfiguration.extension_denylist="
        "['jupyterlab-jupytext','@jupyterlite/pyodide-kernel-extension']",
        *pool,
        target,
    ]


def voila_env() -> dict[str, str]:
    return dict(os.environ, JUPYTER_PATH=str(DATA))


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(
    target: str, log_path: Path, pool: Sequence[str] = (), warm_dir: Path | None = None
) -> Iterator[tuple[str, int]]:
    """Run Voila on ``target`` (as ``make app`` does) on a free port of
    127.0.0.1 until the block ends; yields its address and process id.

    ``pool`` (:func:`pool_options`) starts kernels ahead of time; each waiting
    kernel leaves a file in ``warm_dir`` (see :func:`warm_kernels`).
    Waits until the server listens (it starts in seconds; only a hang reaches
    ``KERNEL_STARTUP_S``).  No page is asked for, so no kernel is started.
    The server's output goes to ``log_path``.
    """
    write_template()
    port = free_port()
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            voila_command(target, port=port, pool=pool),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=dict(voila_env(), **({"THIRTEEN_WARM_DIR": str(warm_dir)} if warm_dir else {})),
        )
        try:
            deadline = time.monotonic() + KERNEL_STARTUP_S
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=10).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"Voila did not start; see {log_path}") from None
                    time.sleep(0.3)
            yield f"http://127.0.0.1:{port}/", proc.pid
        finally:
            proc.terminate()
            proc.wait(timeout=60)


def warm_kernels(folder: Path) -> int:
    """How many kernels wait for a student now (each leaves a file in ``folder``
    while it waits, see ``rules_lib.widgets.share_widgets.wait_for_student``)."""
    return sum(1 for _ in folder.iterdir()) if folder.is_dir() else 0


def announce_when_warm(
    folder: Path, wanted: int, apps: Sequence[str], students: int, stop: threading.Event
) -> bool:
    """Print one line when ``wanted`` kernels wait for students; False if stopped first.

    >>> import tempfile; d = Path(tempfile.mkdtemp()); (d / "k1").touch()
    >>> announce_when_warm(d, 1, ["tien_len"], 1, threading.Event())
    Ready for the class: 1 kernel is warm for each of tien_len (1 in all).
    True
    """
    while not stop.is_set():
        if warm_kernels(folder) >= wanted:
            kernels = "kernel is" if students == 1 else "kernels are"
            print(
                f"Ready for the class: {students} {kernels} warm for each of "
                f"{', '.join(apps)} ({wanted} in all).",
                flush=True,
            )
            return True
        stop.wait(0.5)
    return False


def _message(msg_type: str, content: dict[str, Any], **metadata: str) -> str:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": "probe"}
    header |= {"username": "", "date": "", "version": "5.3"}
    return json.dumps(
        {
            "header": header,
            "parent_header": {},
            "metadata": metadata,
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


def dealt_seed(link: str, page: str) -> int | None:
    """The deal number the kernel of a Voila ``page`` has dealt: read from its
    widgets as a browser reads them (the widget protocol's ``request_states``
    over the kernel's websocket); ``None`` if it cannot be read."""
    from tornado.httpclient import HTTPClientError
    from tornado.websocket import WebSocketClosedError, websocket_connect

    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page)
    if found is None:
        return None
    host = link.split("//", 1)[1].split("/", 1)[0]

    async def ask() -> dict[str, Any]:
        ws = await websocket_connect(
            f"ws://{host}/api/kernels/{found.group(1)}/channels?session_id={uuid.uuid4().hex}"
        )
        comm = uuid.uuid4().hex
        opened = {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}
        await ws.write_message(_message("comm_open", opened, version="1.0.0"))
        request = {"comm_id": comm, "data": {"method": "request_states"}}
        await ws.write_message(_message("comm_msg", request))
        try:
            while True:
                text = await asyncio.wait_for(ws.read_message(), 60)
                if text is None:
                    return {}
                if isinstance(text, bytes):
                    continue
                data = json.loads(text)["content"].get("data", {})
                if data.get("method") == "update_states":
                    return dict(data["states"])
        finally:
            ws.close()

    try:  # in a thread of its own: the caller may run an event loop (Playwright's)
        with ThreadPoolExecutor(1) as thread:
            states = thread.submit(asyncio.run, ask()).result()
    except (OSError, TimeoutError, HTTPClientError, WebSocketClosedError):
        return None  # the kernel is gone or did not answer
    for model in states.values():
        state = model["state"]
        if state.get("_model_name") == "BoundedIntTextModel" and "no." in state.get(
            "description", ""
        ):
            return int(state["value"])
    return None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("target")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--cull-minutes", type=int, default=20)
    parser.add_argument(
        "--students",
        type=int,
        default=0,
        help="start this many kernels per app before the class arrives (0: none)",
    )
    parser.add_argument(
        "--class-apps",
        default="",
        help="the apps (names, comma-separated) to warm; all of them if empty",
    )
    args = parser.parse_args(argv)
    write_template()
    apps = [a for a in args.class_apps.replace(",", " ").split() if a]
    pool = pool_options(args.target, args.students, apps)
    url = f"http://{args.host}:{args.port}/"
    if Path(args.target).is_dir() and (Path(args.target) / "index.ipynb").exists():
        url += "voila/render/index.ipynb"
    print(f"Serving {args.target}: open {url} (Ctrl-C to stop)", flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(
            f"Listening on {args.host}: anyone on this network can open the apps "
            "(there is no password). Use it on a class network only.",
            flush=True,
        )
    command = voila_command(args.target, args.host, args.port, args.cull_minutes, pool)
    if not pool:
        os.execvpe(sys.executable, command, voila_env())
    warm = apps or apps_in(args.target)
    print(
        f"Starting {args.students} kernels for each of {', '.join(warm)} "
        f"({args.students * len(warm)} in all); a line says when they are ready.",
        flush=True,
    )
    warm_dir = DATA / "warm"
    shutil.rmtree(warm_dir, ignore_errors=True)
    warm_dir.mkdir(parents=True)
    env = dict(voila_env(), THIRTEEN_WARM_DIR=str(warm_dir))
    stop = threading.Event()
    wanted = args.students * len(warm)
    threading.Thread(
        target=announce_when_warm,
        args=(warm_dir, wanted, warm, args.students, stop),
        daemon=True,
    ).start()
    proc = subprocess.Popen(command, env=env)
    # stopped by a signal (a service manager, ``kill``): stop Voila and its kernels too
    signal.signal(signal.SIGTERM, lambda *_: proc.terminate())
    try:
        code = proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        code = proc.wait()
    stop.set()
    sys.exit(code)


if __name__ == "__main__":
    main()
