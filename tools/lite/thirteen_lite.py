"""Sphinx extension: widgets live in place, and the book's JupyterLite site.

In a chapter (MyST)::

    :::{try-it-live} live/cards_and_hands.ipynb
    :::

draws a "Play the widgets live" button and an "Open as a notebook" link.  The page's
widgets (each code cell whose output is a widget) get a "Play it live" bar too: either
button brings every widget of the page to life where it stands, with one Pyodide for
the whole page (``tools/live/``: the cells' code goes in the page as JSON).  The link
opens the chapter's notebook (from ``book/live/``) in JupyterLite, for readers who want
to change the code.

At the end of an HTML build the extension

1. fills the lite folder (``thirteen_lite_dir``, default ``_vendor_lite``) with
   :mod:`vendor_pyodide`: the Pyodide runtime from npm, pure-Python wheels from PyPI and
   the project's own wheel, built now from the sources, in one ``pyodide-lock.json``;
2. runs ``jupyter lite build`` into ``<outdir>/lite`` with the notebooks the pages name,
   then writes beside its Pyodide the live runtime's own files (:mod:`live_bundle`: the
   wheels it needs and the standard library, compiled for the browser's Python);
3. writes a page per app of ``book/apps/`` in ``<outdir>/apps`` (:mod:`app_pages`): the
   app runs with the live runtime, with its link's seed and rules, and no code shown;
4. checks that the site loads Pyodide from itself (never from a CDN).

Nothing else is added to pages without a button: the button's script and style are
added to the pages that have one.
"""

from __future__ import annotations

import json
import re
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
LIVE_HERE = HERE.parent / "live"
LITE = "lite"  # folder of the JupyterLite site in the HTML output
ASSETS = {HERE / "thirteen_lite.css"} | {
    LIVE_HERE / name for name in ("thirteen_live.js", "thirteen_live_worker.mjs", "page_bridge.py")
}
# What the live widgets import (with their dependencies from the lock), and the packages
# page_bridge.py stands in for: ipywidgets imports three names of IPython, and
# widgetsnbextension is the classic notebook's front end.
LIVE_PACKAGES = ["rules-lib", "ipywidgets", "anywidget"]
LIVE_STAND_INS = ["ipython", "widgetsnbextension"]
# What deals a chapter's widgets as its page's address asks (?seed=…&rules=…) once live.
LIVE_FOLLOW = "rules_lib.widgets.share_widgets:follow_page_link"
PYODIDE_FROM_STATIC = f"../{LITE}/static/pyodide/"  # the Pyodide folder, from _static/
VIEW_MIME = "application/vnd.jupyter.widget-view+json"
LITE_APPS = ["notebooks", "tree"]  # the chapters' "open them as a notebook"


class live_notebook(nodes.General, nodes.Element):  # docutils names nodes in lower case
    """The page's "Play the widgets live" button and its notebook's link."""


class TryItLive(SphinxDirective):
    """``{try-it-live} path/to/notebook.ipynb``: a button that brings the page's
    widgets to life in place, and a link that opens the notebook in JupyterLite."""

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
        '<button type="button" class="rl-live-page-button">Play the widgets live</button> '
        f'<a class="rl-live-tab" href="{src}" target="_blank" rel="noopener">'
        "or open them as a notebook</a>"
        '<p class="rl-live-note">The widgets above then run on Python in your browser, '
        "where they stand (nothing is sent anywhere): the first start downloads about "
        "8&nbsp;MB and takes a few seconds. The notebook lets you change the code.</p>"
        "</div>"
    )
    raise nodes.SkipNode


def widget_cells(doctree: Any) -> list[dict[str, str]]:
    """The page's widget cells, in order: each code cell whose output is a widget view
    and whose code the page holds (shown, or folded away by the tag ``hide-input``,
    which wraps the input in a toggle), as ``{"model_id": <the saved view's model>,
    "code": <the cell's code>}``."""
    cells = []
    for cell in doctree.findall(nodes.container):
        if "cell" not in cell["classes"] or cell.get("nb_element") != "cell_code":
            continue
        code = None
        model_ids: list[str] = []
        parts = list(cell.findall(nodes.container, include_self=False))
        for part in parts:
            if "cell_input" in part.get("classes", []):
                blocks = list(part.findall(nodes.literal_block))
                code = blocks[0].astext() if blocks else None
            if "cell_output" in part.get("classes", []):
                for raw in part.findall(nodes.raw):
                    for found in re.finditer(
                        rf'<script type="{re.escape(VIEW_MIME)}">(.*?)</script>', raw.astext(), re.S
                    ):
                        model_ids.append(json.loads(found.group(1))["model_id"])
        if code is not None and len(model_ids) == 1:
            cells.append({"model_id": model_ids[0], "code": code})
    return cells


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
    if pagename in getattr(app.env, "thirteen_lite_notebooks", {}) and doctree is not None:
        live = {
            "cells": widget_cells(doctree),
            "pyodide": PYODIDE_FROM_STATIC,  # from _static/, where thirteen_live.js is
            "follow": LIVE_FOLLOW,
        }
        text = json.dumps(live, ensure_ascii=False).replace("<", "\\u003c")
        context["body"] = (
            context.get("body", "")
            + f'<script type="application/json" id="rl-live-cells">{text}</script>'
        )
        app.add_js_file("thirteen_live.js")
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
        shutil.copy2(asset, Path(app.outdir) / "_static" / asset.name)

    sys.path.insert(0, str(HERE))
    import app_pages
    import vendor_pyodide

    srcdir = Path(app.srcdir)
    lite_dir = srcdir / app.config.thirteen_lite_dir
    try:
        vendor_pyodide.prepare(lite_dir, project=srcdir)
    except (vendor_pyodide.VendorError, subprocess.CalledProcessError) as err:
        raise ExtensionError(f"cannot vendor Pyodide for the live notebooks: {err}") from err
    shutil.rmtree(lite_dir / "repl", ignore_errors=True)  # the REPL of earlier builds
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
    import live_bundle

    try:  # the live runtime's files, compiled for the browser's Python (its first visit)
        live_bundle.build(
            output / "static" / "pyodide",
            LIVE_PACKAGES,
            LIVE_STAND_INS,
            lite_dir / ".cache" / "live",
        )
    except live_bundle.BundleError as err:
        raise ExtensionError(f"cannot compile the live runtime: {err}") from err
    shutil.rmtree(Path(app.outdir) / app_pages.FOLDER, ignore_errors=True)
    pages = app_pages.write_pages(Path(app.outdir))
    print(f"[thirteen_lite] {len(pages)} app pages in {app_pages.FOLDER}/ (the live runtime)")
    _check_site(output, notebooks)
    sys.path.insert(0, str(HERE.parent))
    import serve

    before, after = serve.precompress(Path(app.outdir))
    print(
        f"[thirteen_lite] gzip copies: {before / 1e6:.1f} MB of files served as {after / 1e6:.1f} MB"
    )


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
    live = json.loads((output / "static/pyodide/live.json").read_text(encoding="utf-8"))
    for name in (live["site"], live["stdlib"]):
        if not (output / "static/pyodide" / name).is_file():
            raise ExtensionError(f"the live runtime has no {name}")


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
