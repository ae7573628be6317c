"""Sphinx extension: "Try it live" buttons, and the book's JupyterLite site.

In a chapter (MyST)::

    :::{try-it-live} live/cards_and_hands.ipynb
    :::

draws a "Try it live" button.  Pressing it opens that notebook in JupyterLite inside the
page (an iframe; a link opens it in a tab of its own): Python runs in the reader's
browser with Pyodide, ``rules_lib`` and ``ipywidgets`` already installed.

At the end of an HTML build the extension

1. fills the lite folder (``thirteen_lite_dir``, default ``_vendor_lite``) with
   :mod:`vendor_pyodide`: the Pyodide runtime from npm, pure-Python wheels from PyPI and
   the project's own wheel, built now from the sources, in one ``pyodide-lock.json``;
2. runs ``jupyter lite build`` into ``<outdir>/lite`` with the notebooks the pages name;
3. writes a page per app of ``book/apps/`` in ``<outdir>/apps`` (:mod:`app_pages`): the
   app runs in JupyterLite's REPL, with its link's seed and rules, and no code shown;
4. checks that the site loads Pyodide from itself (never from a CDN).

Nothing else is added to pages without a button: the button's script and style are
added to the pages that have one.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

HERE = Path(__file__).resolve().parent
LITE = "lite"  # folder of the JupyterLite site in the HTML output
ASSETS = {"thirteen_lite.js", "thirteen_lite.css"}
LITE_APPS = ["notebooks", "tree", "repl"]  # repl: the apps of app_pages


class live_notebook(nodes.General, nodes.Element):  # docutils names nodes in lower case
    """A "Try it live" button for one notebook."""


class TryItLive(SphinxDirective):
    """``{try-it-live} path/to/notebook.ipynb``: a button that opens the notebook live."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        rel, path = self.env.relfn2path(self.arguments[0], self.env.docname)
        notebook = Path(path)
        if notebook.suffix != ".ipynb" or not notebook.is_file():
            raise self.error(f"try-it-live: no notebook {rel}")
        self.env.note_dependency(rel)
        notebooks: dict[str, dict[str, str]] = self.env.thirteen_lite_notebooks  # type: ignore[attr-defined]
        notebooks.setdefault(self.env.docname, {})[notebook.name] = str(notebook)
        node = live_notebook()
        node["notebook"] = notebook.name
        return [node]


def _visit_html(self: Any, node: live_notebook) -> None:
    page = self.builder.get_target_uri(self.builder.current_docname)
    src = relative_uri(page, f"{LITE}/notebooks/index.html") + f"?path={node['notebook']}"
    self.body.append(
        '<div class="rl-live">'
        f'<button type="button" class="rl-live-button" aria-expanded="false" data-src="{src}">'
        "Try it live</button> "
        f'<a class="rl-live-tab" href="{src}" target="_blank" rel="noopener">'
        "or open it in a new tab</a>"
        '<p class="rl-live-note">The notebook runs Python in your browser (nothing is sent '
        "anywhere). The first start downloads about 13&nbsp;MB (27&nbsp;MB from a server "
        "that does not compress) and takes ten seconds or so.</p>"
        "</div>"
    )
    raise nodes.SkipNode


def _skip(self: Any, node: live_notebook) -> None:
    raise nodes.SkipNode


def _env_init(app: Sphinx) -> None:
    if not hasattr(app.env, "thirteen_lite_notebooks"):
        app.env.thirteen_lite_notebooks = {}  # type: ignore[attr-defined]


def _env_purge(app: Sphinx, env: Any, docname: str) -> None:
    getattr(env, "thirteen_lite_notebooks", {}).pop(docname, None)


def _env_merge(app: Sphinx, env: Any, docnames: set[str], other: Any) -> None:
    _env_init(app)
    env.thirteen_lite_notebooks.update(getattr(other, "thirteen_lite_notebooks", {}))


def _page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if pagename in getattr(app.env, "thirteen_lite_notebooks", {}):
        app.add_js_file("thirteen_lite.js")
        app.add_css_file("thirteen_lite.css")


def _build_lite(app: Sphinx, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    notebooks: dict[str, str] = {}
    for per_page in getattr(app.env, "thirteen_lite_notebooks", {}).values():
        for name, path in per_page.items():
            if notebooks.get(name, path) != path:
                raise ExtensionError(f"try-it-live: two notebooks named {name}")
            notebooks[name] = path
    if not notebooks:
        return
    for asset in ASSETS:
        shutil.copy2(HERE / asset, Path(app.outdir) / "_static" / asset)

    sys.path.insert(0, str(HERE))
    import app_pages
    import vendor_pyodide

    srcdir = Path(app.srcdir)
    lite_dir = srcdir / app.config.thirteen_lite_dir
    try:
        vendor_pyodide.prepare(lite_dir, project=srcdir)
    except (vendor_pyodide.VendorError, subprocess.CalledProcessError) as err:
        raise ExtensionError(f"cannot vendor Pyodide for the live notebooks: {err}") from err
    (lite_dir / "repl").mkdir(exist_ok=True)
    vendor_pyodide.write_json(lite_dir / "repl" / "jupyter-lite.json", app_pages.REPL_CONFIG)
    contents = lite_dir / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    contents.mkdir(parents=True)
    for name, path in sorted(notebooks.items()):
        shutil.copy2(path, contents / name)

    output = Path(app.outdir) / LITE
    shutil.rmtree(output, ignore_errors=True)
    doit_db = lite_dir / ".jupyterlite.doit.db"  # a stale one can skip the Pyodide tasks
    doit_db.unlink(missing_ok=True)
    command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", "."]
    command += ["--contents", "contents", "--output-dir", str(output)]
    for lite_app in LITE_APPS:
        command += ["--apps", lite_app]
    print(f"[thirteen_lite] jupyter lite build ({', '.join(sorted(notebooks))}) into {LITE}/")
    done = subprocess.run(command, cwd=lite_dir, capture_output=True, text=True)
    doit_db.unlink(missing_ok=True)
    if done.returncode != 0:
        raise ExtensionError(f"jupyter lite build failed:\n{done.stdout[-3000:]}{done.stderr}")
    shutil.rmtree(Path(app.outdir) / app_pages.FOLDER, ignore_errors=True)
    pages = app_pages.write_pages(Path(app.outdir))
    print(f"[thirteen_lite] {len(pages)} app pages in {app_pages.FOLDER}/ (JupyterLite's REPL)")
    _check_site(output, notebooks)


def _check_site(output: Path, notebooks: dict[str, str]) -> None:
    import json

    config = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise ExtensionError(f"the lite site would load Pyodide from {kernel.get('pyodideUrl')}")
    lock = json.loads((output / "static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    for package in lock["packages"].values():
        if "://" in package["file_name"]:
            raise ExtensionError(f"the lite site would fetch {package['file_name']}")
    for name in notebooks:
        if not (output / "files" / name).is_file():
            raise ExtensionError(f"the lite site has no {name}")
    if not (output / "repl" / "index.html").is_file():
        raise ExtensionError("the lite site has no REPL, which the app pages open")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("thirteen_lite_dir", "_vendor_lite", "html")
    app.add_node(
        live_notebook,
        html=(_visit_html, None),
        latex=(_skip, None),
        text=(_skip, None),
        man=(_skip, None),
        texinfo=(_skip, None),
    )
    app.add_directive("try-it-live", TryItLive)
    app.connect("builder-inited", _env_init)
    app.connect("env-purge-doc", _env_purge)
    app.connect("env-merge-info", _env_merge)
    # before other html-page-context handlers, which may replace the page's script list
    app.connect("html-page-context", _page_assets, priority=400)
    app.connect("build-finished", _build_lite)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
