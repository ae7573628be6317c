"""The poker-hands app under Voila answers a reader, live, in Chromium.

Voila runs on 127.0.0.1 with tracebacks hidden (as a teacher would start it);
the test types a hand, waits for Python's answer, then types a mistake and
checks the message names it while the typed text stays.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def voila_url(output_dir: Path) -> Iterator[str]:
    port = _free_port()
    log = (output_dir / "voila.log").open("w")
    subprocess.run([sys.executable, "tools/voila_template.py"], cwd=ROOT, check=True)
    env = dict(os.environ, JUPYTER_PATH=str(ROOT / ".app-data"))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "voila",
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={port}",
            "--template=thirteen",
            "book/apps/poker_hands.ipynb",
        ],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=2).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"Voila did not start; see {output_dir / 'voila.log'}")
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


def test_poker_app_evaluates_typed_hands_live(browser, voila_url, screenshot_dir):
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    foreign: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def guard(route):
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    page.route("**/*", guard)
    started = time.monotonic()
    page.goto(voila_url)
    explorer = page.locator(".rl-hand-explorer")
    explorer.locator("input[type=text]").wait_for(state="visible", timeout=60_000)
    first_widget = time.monotonic() - started
    assert "two pair, kings and nines" in explorer.inner_text()

    box = explorer.locator("input[type=text]")
    box.fill("As Ad 5c 5d 5h")
    typed = time.monotonic()
    page.wait_for_function(
        "() => document.querySelector('.rl-hand-explorer').innerText.includes('full house, fives over aces')",
        timeout=10_000,
    )
    round_trip = time.monotonic() - typed
    assert explorer.locator(".rl-cards svg[role=img]").count() == 5

    box.fill("As Ad 5c 5d Xh")
    page.wait_for_function(
        "() => document.querySelector('.rl-hand-explorer [role=alert]')?.innerText.includes(\"'Xh'\")",
        timeout=10_000,
    )
    assert box.input_value() == "As Ad 5c 5d Xh"  # nothing the reader typed is lost
    # the last good hand stays on screen
    assert "full house, fives over aces" in explorer.inner_text()

    # the picker adds a card with a click on its button
    box.fill("As Ad 5c")
    page.get_by_text("Pick cards").click()
    page.locator(".rl-pick", has_text="5♦").click()
    page.wait_for_function(
        "() => document.querySelector('.rl-hand-explorer input').value === 'As Ad 5c 5♦'",
        timeout=10_000,
    )
    page.screenshot(path=str(screenshot_dir / "voila-poker_hands.png"), full_page=True)
    print(
        f"\nVoila: first widget {first_widget:.2f} s, typed hand answered in {round_trip * 1000:.0f} ms"
    )
    assert not foreign, f"requests to other hosts: {foreign}"
    assert not errors, f"JavaScript errors: {errors}"
    page.close()
