"""JupyterHub serves the apps to many users (deploy/jupyterhub_config.py).

The hub runs on 127.0.0.1 with free ports, its proxy from npm
(``tools/vendor_proxy.sh``), the dummy login and one local Jupyter server per
user, whose first page is the arrange app under Voila's server extension.
Two users log in as a script would (the login form's ``_xsrf`` field and
cookie, then the form), each opens their own app in Chromium and selects a
card; then the hub stops, and with it every user's server and kernel.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from .conftest import ANSWER_MS, PAGE_MS, PageWatch, launcher

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
PROXY = ROOT / "_vendor_test" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
APP = "arrange_13"
USERS = ("ada", "ben")

# Limits only a hang reaches: the hub and its proxy start in seconds, as does a
# user's server; stopping waits for each server to stop its kernels.
START_S = launcher.KERNEL_STARTUP_S
STOP_S = launcher.KERNEL_STARTUP_S


def free_ports(n: int) -> list[int]:
    """``n`` different TCP ports of 127.0.0.1 that nothing listens on now."""
    sockets = [socket.socket() for _ in range(n)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [int(s.getsockname()[1]) for s in sockets]
    finally:
        for s in sockets:
            s.close()


def command_line(process: psutil.Process) -> str:
    """The process's command line; empty once it has ended (a short-lived
    child may end between being listed and being asked)."""
    try:
        return " ".join(process.cmdline())
    except psutil.Error:
        return ""


class Hub:
    """A running hub; ``stop`` ends it and every process it started."""

    def __init__(self, url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
        self.url = url
        self.proc = proc
        self.log = log
        self.family: dict[int, psutil.Process] = {}  # every descendant seen so far

    def remember(self) -> list[psutil.Process]:
        """Note the hub's descendants now (proxy, user servers, their kernels):
        they start sessions of their own, so only this list finds them later."""
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            children = []
        for child in children:
            self.family.setdefault(child.pid, child)
        return children

    def user_servers(self) -> list[psutil.Process]:
        return [p for p in self.remember() if "jupyterhub.singleuser" in command_line(p)]

    def stop(self) -> list[str]:
        """Stop the hub as Ctrl-C would (it stops the user servers and the
        proxy itself); then kill whatever it left.  Returns what had to be killed."""
        self.remember()
        killed: list[str] = []
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=STOP_S)
            except subprocess.TimeoutExpired:
                killed.append(f"the hub {self.proc.pid}")
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        _, alive = psutil.wait_procs(list(self.family.values()), timeout=STOP_S)
        for p in alive:
            try:
                killed.append(f"{p.pid} {' '.join(p.cmdline())[:120]}")
                p.kill()
            except psutil.NoSuchProcess:
                pass
        psutil.wait_procs(alive)
        return killed


@pytest.fixture
def hub(tmp_path: Path, output_dir: Path) -> Iterator[Hub]:
    if not os.access(PROXY, os.X_OK):
        pytest.fail("configurable-http-proxy is missing: run `make test` (tools/vendor_proxy.sh)")
    port, hub_port, api_port = free_ports(3)
    log_path = output_dir / f"jupyterhub-{os.getpid()}.log"
    env = dict(os.environ, THIRTEEN_HUB_DATA=str(tmp_path / "hub"), THIRTEEN_HUB_APP=APP)
    command = [
        sys.executable,
        "-m",
        "jupyterhub",
        "-f",
        str(CONFIG),
        f"--JupyterHub.bind_url=http://127.0.0.1:{port}",
        f"--JupyterHub.hub_bind_url=http://127.0.0.1:{hub_port}",
        f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api_port}",
    ]
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            command,
            cwd=tmp_path,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # our Ctrl-C reaches it only through stop()
        )
        running = Hub(f"http://127.0.0.1:{port}", proc, log_path)
        try:
            deadline = time.monotonic() + START_S
            while True:
                running.remember()
                try:
                    with urllib.request.urlopen(f"{running.url}/hub/health", timeout=10) as r:
                        if r.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"JupyterHub did not start; see {log_path}")
                time.sleep(0.3)
            yield running
        finally:
            running.stop()


def log_in(context, hub_url: str, name: str) -> None:
    """The scripted login: the form's _xsrf field (and its cookie), then the form;
    the browser context keeps the cookies."""
    form = context.request.get(f"{hub_url}/hub/login", timeout=ANSWER_MS)
    assert form.ok, form.status
    xsrf = re.search(r'name="_xsrf"\s+value="([^"]+)"', form.text())
    assert xsrf, "no _xsrf field in the login form"
    answer = context.request.post(
        f"{hub_url}/hub/login",
        form={"username": name, "password": "any", "_xsrf": xsrf.group(1)},
        max_redirects=0,
        timeout=ANSWER_MS,
    )
    assert answer.status == 302, f"login of {name}: {answer.status} {answer.text()[:300]}"


def test_two_users_each_get_their_own_app(browser, hub, screenshot_dir):
    from playwright.sync_api import expect

    started = time.monotonic()
    users = {}
    for name in USERS:
        context = browser.new_context(viewport={"width": 1000, "height": 900})
        log_in(context, hub.url, name)
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(f"{hub.url}/hub/spawn")  # starts the server, then its first page
        users[name] = (context, page, watch)

    for name, (_, page, _) in users.items():
        page.wait_for_url(f"**/user/{name}/voila/render/{APP}.ipynb*", timeout=PAGE_MS)
        page.locator(".rl-card-table .rl-card-button").first.wait_for(
            state="visible", timeout=PAGE_MS
        )
    both_drawn = time.monotonic() - started
    servers = hub.user_servers()
    assert len(servers) == len(USERS), [command_line(p)[:120] for p in servers]

    for name, (context, page, watch) in users.items():
        card = page.locator(".rl-card-table .rl-card-button").first
        assert "rl-selected" not in (card.get_attribute("class") or "")
        card.click()
        expect(card).to_have_class(re.compile(r"\brl-selected\b"))
        # and the user's own kernel answers: the solver's arrangement
        page.get_by_role("button", name="Show the best arrangement").click()
        page.wait_for_function(
            "() => document.querySelector('.rl-arrange').innerText"
            ".includes('best arrangement for the book')",
            timeout=ANSWER_MS,
        )
        page.screenshot(path=str(screenshot_dir / f"jupyterhub-{name}.png"), full_page=True)
        # a user's login does not open anyone else's server
        other = next(n for n in USERS if n != name)
        foreign = context.request.get(
            f"{hub.url}/user/{other}/voila/render/{APP}.ipynb", timeout=ANSWER_MS
        )
        assert foreign.status == 403, f"{name} opened {other}'s app: {foreign.status}"
        watch.check()
        context.close()

    kernels = [p for p in hub.family.values() if "ipykernel" in command_line(p)]
    assert len(kernels) >= len(USERS)
    stopping = time.monotonic()
    killed = hub.stop()
    assert not killed, f"left running after the hub stopped: {killed} (see {hub.log})"
    assert all(not p.is_running() for p in [*servers, *kernels])
    print(
        f"\nJupyterHub: {len(USERS)} users' apps drawn {both_drawn:.1f} s after their logins; "
        f"hub, servers and kernels stopped in {time.monotonic() - stopping:.1f} s"
    )
