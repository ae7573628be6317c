"""Browser fixtures: the built book served on 127.0.0.1 and Debian's Chromium
driven by Playwright (no browser download: ``executable_path``)."""

from __future__ import annotations

import functools
import http.server
import importlib
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
launcher: Any = importlib.import_module("voila_app")  # tools/voila_app.py, behind `make app`

# Limits that only a hang can reach: no browser test gives a verdict from the clock.
# A Voila page has failed in Voila itself once the server's own limits have passed
# (a kernel start, then a silent kernel); a JupyterLite page boots Python in about
# 10-25 s and gets the same limit.
PAGE_MS = (launcher.KERNEL_STARTUP_S + launcher.IOPUB_S) * 1000
# One answer to a click or a typed hand: Voila's own limit for a silent kernel.
ANSWER_MS = launcher.IOPUB_S * 1000

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    pytest.fail("Debian's chromium is not installed: run `make test`, which installs it")
    raise AssertionError  # unreachable


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site_dir(repo_root: Path) -> Path:
    site = repo_root / "_build" / "html"
    if not (site / "book" / "intro.html").exists():
        pytest.fail("the book is not built: run `make test` (it builds the book before this test)")
    return site


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


serve: Any = importlib.import_module("serve")  # tools/serve.py, behind `make serve`

# Chromium itself resolves no host name but 127.0.0.1: nothing can leave the machine,
# whatever a page, its workers or a service worker ask for.  (Unlike a route, which
# also turns off the browser's HTTP cache, this keeps a second visit's cache.)
OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


class _CountingHandler(serve.Handler):  # type: ignore[misc,name-defined]
    """Serves the site as ``make serve`` does (gzip copies where the build made them)
    and counts the bytes of every file it sends, as sent."""

    served: list[tuple[str, int]]
    lock: threading.Lock

    def log_message(self, format: str, *args: object) -> None:
        pass

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        start = source.tell()
        super().copyfile(source, outputfile)
        with self.lock:
            self.served.append((self.path.split("?")[0], source.tell() - start))


@pytest.fixture(scope="module")
def served_site(site_dir: Path) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """The built site as ``make serve`` serves it, on a port of its own; yields its
    address and the list of (path, bytes sent) that grows as files are served."""
    served: list[tuple[str, int]] = []
    handler = type("Handler", (_CountingHandler,), {"served": served, "lock": threading.Lock()})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site_dir))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", served
    finally:
        server.shutdown()


@pytest.fixture(scope="module")
def offline_browser(browser: Any) -> Iterator[Any]:
    """A second Chromium, from the session's Playwright, that resolves no other host."""
    launcher_ = browser.browser_type
    offline = launcher_.launch(executable_path=chromium_path(), args=OFFLINE_ARGS)
    try:
        yield PatientBrowser(offline)
    finally:
        offline.close()


class PatientBrowser:
    """Chromium whose pages and contexts wait up to ``PAGE_MS`` for a page to
    load (Voila answers only once the page's kernel runs) and ``ANSWER_MS`` for
    anything else: Playwright's own defaults, 30 s for a page or an action and
    5 s for ``expect``, are clocks a slow day can beat."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **kwargs: Any) -> Any:
        context = self._browser.new_context(**kwargs)
        context.set_default_timeout(ANSWER_MS)
        context.set_default_navigation_timeout(PAGE_MS)
        return context

    def new_page(self, **kwargs: Any) -> Any:
        page = self._browser.new_page(**kwargs)
        page.set_default_timeout(ANSWER_MS)
        page.set_default_navigation_timeout(PAGE_MS)
        return page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def browser() -> Iterator[PatientBrowser]:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=ANSWER_MS)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield PatientBrowser(b)
        finally:
            b.close()


@pytest.fixture(scope="session")
def screenshot_dir(output_dir: Path) -> Path:
    folder = output_dir / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class AppURL(str):
    """The address of a running Voila app, and the server's process id."""

    pid: int

    def __new__(cls, url: str, pid: int) -> AppURL:
        self = super().__new__(cls, url)
        self.pid = pid
        return self


@pytest.fixture(scope="session")
def voila_server(output_dir: Path) -> Iterator[AppURL]:
    """One Voila server for every test, serving the whole of ``book/apps`` on
    127.0.0.1 as ``make app`` does (each page still runs its own kernel)."""
    try:
        server = launcher.serving("book/apps", output_dir / f"voila-{os.getpid()}.log")
        with server as (url, pid):
            yield AppURL(url, pid)
    except RuntimeError as error:
        pytest.fail(str(error))


@pytest.fixture
def voila_app(request: pytest.FixtureRequest, voila_server: AppURL) -> AppURL:
    """The address of ``book/apps/<param>.ipynb`` on the shared server (add a
    query such as ``?seed=42`` directly); for "gallery", the server's root."""
    name = request.param
    if name == "gallery":
        return voila_server
    return AppURL(f"{voila_server}voila/render/{name}.ipynb", voila_server.pid)


def block_other_hosts(target: object) -> list[str]:
    """Route every request of a page or browser context: 127.0.0.1 goes through,
    any other host is aborted and listed in the returned list."""
    from urllib.parse import urlparse

    foreign: list[str] = []

    def guard(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        if urlparse(url).hostname in ("127.0.0.1", None):
            route.continue_()  # type: ignore[attr-defined]
        else:
            foreign.append(url)
            route.abort()  # type: ignore[attr-defined]

    target.route("**/*", guard)  # type: ignore[attr-defined]
    return foreign


class PageWatch:
    """Collects JavaScript errors and blocks (and records) requests to other hosts."""

    def __init__(self, page: object, route: bool = True) -> None:
        """``route=False`` records requests to other hosts without routing (a route
        turns the browser's HTTP cache off): for a browser that resolves no other
        host (``offline_browser``), whose cache a second visit needs."""
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))  # type: ignore[attr-defined]
        page.on(  # type: ignore[attr-defined]
            "console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None
        )

        if route:
            self.foreign = block_other_hosts(page)
        else:
            from urllib.parse import urlparse

            self.foreign = []
            page.on(  # type: ignore[attr-defined]
                "request",
                lambda r: (
                    self.foreign.append(r.url)
                    if urlparse(r.url).hostname not in ("127.0.0.1", None)
                    else None
                ),
            )
        self.failed: list[str] = []
        page.on(  # type: ignore[attr-defined]
            "response",
            lambda r: self.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )

    def check(self) -> None:
        assert not self.foreign, f"requests to other hosts: {self.foreign}"
        assert not self.errors, f"JavaScript errors: {self.errors} (failed requests: {self.failed})"


def reopen(browser: Any, page: Any, watch: PageWatch) -> tuple[Any, PageWatch]:
    """Open ``page``'s address again in a new page of the same size, as a reload
    (or the address copied into another tab) would: ``page`` is checked for
    errors and closed first.  Returns the new page and its watch.

    (The page left behind asks Voila to shut its kernel down, which Voila
    refuses with a 403 that page logs; the kernel is culled later: not the
    app's error, and not seen by the watch, which was checked before.)"""
    address, size = page.url, page.viewport_size
    watch.check()
    page.close()
    again = browser.new_page(viewport=size)
    again_watch = PageWatch(again)
    again.goto(address)
    return again, again_watch
