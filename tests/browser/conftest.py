"""Browser fixtures: the built book served on 127.0.0.1 and Debian's Chromium
driven by Playwright (no browser download: ``executable_path``)."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

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


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def screenshot_dir(output_dir: Path) -> Path:
    folder = output_dir / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
