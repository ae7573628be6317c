"""JupyterHub for the book's apps: each user who logs in gets a Jupyter server
of their own whose first page is a Voila app (Voila's Jupyter server extension,
``/user/<name>/voila/render/<app>.ipynb``), with ``book/apps`` as its folder.

As written it is a *local trial* on one machine, from the repository root:

    sh tools/vendor_proxy.sh      # the proxy, configurable-http-proxy, from npm
    .venv/bin/jupyterhub -f deploy/jupyterhub_config.py

then open http://127.0.0.1:8010/ and log in with any name and any password.
See deploy/README.md for the options, Binder and Zero to JupyterHub.

Settings read from the environment (all optional):

* ``THIRTEEN_HUB_APP``: the app users see first: ``index`` (the gallery, the
  default), ``arrange_13``, ``poker_hands``, ... (a notebook of ``book/apps``).
* ``THIRTEEN_HUB_DATA``: the folder for the hub's database, cookie secret,
  proxy pid file and the users' home folders.  By default a new temporary
  folder, removed when the hub stops: a trial forgets everything.

Ports and addresses can be changed on the command line as usual, e.g.
``--JupyterHub.bind_url=http://127.0.0.1:9000``.
"""

from __future__ import annotations

import atexit
import importlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (given by JupyterHub)

ROOT = Path(__file__).resolve().parent.parent
APPS = ROOT / "book" / "apps"

# tools/voila_app.py, behind `make app`: the Voila template "thirteen" (no CDN
# links, the book's widget styles) and the same kernel limits as `make app`
sys.path.insert(0, str(ROOT / "tools"))
launcher = importlib.import_module("voila_app")
launcher.write_template()  # into .app-data/, found through JUPYTER_PATH below

app = os.environ.get("THIRTEEN_HUB_APP", "index")
if not (APPS / f"{app}.ipynb").exists():
    known = ", ".join(sorted(p.stem for p in APPS.glob("*.ipynb")))
    raise SystemExit(f"THIRTEEN_HUB_APP={app}: no such app; the apps are: {known}")

if os.environ.get("THIRTEEN_HUB_DATA"):
    data = Path(os.environ["THIRTEEN_HUB_DATA"]).resolve()
    data.mkdir(parents=True, exist_ok=True)
else:
    data = Path(tempfile.mkdtemp(prefix="thirteen-hub-"))
    atexit.register(shutil.rmtree, data, ignore_errors=True)

# --- The hub and its proxy -------------------------------------------------
# Only this machine can reach a trial.  A school puts the hub behind HTTPS
# (c.JupyterHub.ssl_cert / ssl_key, or a reverse proxy) and listens on its network.
c.JupyterHub.bind_url = "http://127.0.0.1:8010"  # the book itself is on 8000 (make serve)
c.JupyterHub.hub_bind_url = "http://127.0.0.1:8081"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:8001"
# the proxy from npm, pinned and installed inside the repository by tools/vendor_proxy.sh
c.ConfigurableHTTPProxy.command = [
    str(ROOT / "_vendor_test/chp/node_modules/.bin/configurable-http-proxy")
]
c.ConfigurableHTTPProxy.pid_file = str(data / "jupyterhub-proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{data / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(data / "jupyterhub_cookie_secret")
# stopping the hub stops the proxy and every user's server
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True

# --- Who may log in: CHANGE THIS for a school --------------------------------
# "dummy" lets in any name with any password: for a trial on 127.0.0.1 only.
# A school uses its own logins, for example:
#   c.JupyterHub.authenticator_class = "shared-password"  # one class password
#   c.SharedPasswordAuthenticator.user_password = "..."   #   (JupyterHub >= 5.3)
#   c.JupyterHub.authenticator_class = "oauthenticator.GoogleOAuthenticator"  # or
#   "oauthenticator.AzureAdOAuthenticator", "ldapauthenticator.LDAPAuthenticator"
#   (the packages oauthenticator / jupyterhub-ldapauthenticator), with
#   c.Authenticator.allowed_users or allowed_groups, and c.Authenticator.admin_users.
c.JupyterHub.authenticator_class = "dummy"

# --- Where each user's server runs: CHANGE THIS for a school ----------------
# "simple" (SimpleLocalProcessSpawner) runs every user's server as the hub's own
# Unix user, with a home folder in the data folder: a trial only, users are not
# kept apart.  A school uses
#   c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"  # one Unix account per user
#   c.JupyterHub.spawner_class = "dockerspawner.DockerSpawner"             # one container per user
#   c.JupyterHub.spawner_class = "kubespawner.KubeSpawner"                 # Zero to JupyterHub
# and may cap each user: c.Spawner.mem_limit = "1G", c.Spawner.cpu_limit = 1
# (enforced by the container spawners).
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(data / "home" / "{username}")

# --- Each user's server: Voila first ----------------------------------------
# the same Python as the hub (its Jupyter server, Voila's extension, rules_lib)
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(APPS)
c.Spawner.default_url = f"/voila/render/{app}.ipynb"
c.Spawner.environment = {"JUPYTER_PATH": str(launcher.DATA)}  # the template "thirteen"
c.Spawner.args = [
    "--VoilaConfiguration.template=thirteen",
    "--VoilaConfiguration.show_tracebacks=False",
    # JupyterLab extensions that fail inside Voila (as in `make app`)
    "--VoilaConfiguration.extension_denylist="
    "['jupyterlab-jupytext','@jupyterlite/pyodide-kernel-extension']",
    # no MathJax from a CDN: under Jupyter's server, Voila's page loads it from
    # cdnjs.cloudflare.com unless both settings exist and are None (as in `make app`)
    '--ServerApp.tornado_settings={"mathjax_url": None, "mathjax_config": None}',
    f"--VoilaExecutor.startup_timeout={launcher.KERNEL_STARTUP_S}",
    f"--VoilaExecutor.iopub_timeout={launcher.IOPUB_S}",
    # an app left open and idle for 20 minutes gives its memory back
    "--MappingKernelManager.cull_idle_timeout=1200",
    "--MappingKernelManager.cull_interval=60",
]
if os.geteuid() == 0:
    # Jupyter refuses to run as root without this; a trial in a container often is root
    # (a school's spawner runs each user's server as that user, never as root)
    c.Spawner.args.append("--allow-root")
# a user server starts in seconds; a class logging in at once queues on few cores
c.Spawner.start_timeout = launcher.KERNEL_STARTUP_S
c.Spawner.http_timeout = launcher.KERNEL_STARTUP_S
