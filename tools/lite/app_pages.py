"""The apps without a server: one page ``apps/<app>.html`` per app of ``book/apps/``.

The page reads its own link (``?seed=42&rules=mb-source``) and runs the app's code
(:func:`make_app_notebooks.lite_code`) in JupyterLite's REPL (``lite/repl/``, the
book's JupyterLite site): Python runs in the reader's browser, the code runs at once
and is not shown.  The link reaches the app function as ``query=QUERY``, where
``QUERY`` is a Python string literal the page writes with ``JSON.stringify`` (a JSON
string is a valid Python string literal: the link is never pasted into the code
raw).  A bad link is named by the app itself, as in Voila.

The REPL fills the page (an iframe of the same site, so the address a teacher
shares stays ``apps/<app>.html?…``); the page hides the REPL's empty prompt cell.

``pages()`` lists what the build writes (``thirteen_lite.py`` calls
:func:`write_pages` after ``jupyter lite build``), ``apps/index.html`` included.
"""

from __future__ import annotations

import html
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tools/, for make_app_notebooks

import make_app_notebooks  # noqa: E402

FOLDER = "apps"  # the pages' folder in the HTML output
REPL = "../lite/repl/index.html"  # from FOLDER to the REPL of the lite site

# JupyterLite 0.8's REPL parameters: the Pyodide kernel, no banner, the code cells'
# input hidden, the code run at once.  No ``toolbar``: the REPL shows its toolbar when
# the parameter is there at all, even as ``toolbar=0``.  The prompt cell goes on top,
# where it is hidden (below): at the bottom, the console scrolls the app's top away.
REPL_PARAMS = {
    "kernel": "python",
    "showBanner": "0",
    "hideCodeInput": "1",
    "promptCellPosition": "top",
    "execute": "1",
}

# The REPL app's own settings (``<lite dir>/repl/jupyter-lite.json``, merged by the
# lite build): JupyterLite 0.8.6's REPL bundle has the CodeMirror commands plugin, which
# needs a notebook tracker the REPL lacks and logs an error at every start.
REPL_CONFIG = {
    "jupyter-lite-schema-version": 0,
    "jupyter-config-data": {
        "disabledExtensions": ["@jupyterlab/codemirror-extension:commands"],
    },
}

# Added to the REPL's document: no prompt cell (empty, as the app's code has run), no
# input area, no prompt numbers (nor their overlay), no status bar; the app from its top (the console
# scrolls its own output to the bottom: the output gets the whole frame and the frame
# around it scrolls instead).
HIDE_CSS = (
    ".jp-CodeConsole-input, .jp-CodeConsole-promptCell, .jp-CodeConsole .jp-InputArea, "
    ".jp-CodeConsole .jp-OutputPrompt, .jp-CodeConsole .jp-InputPrompt, "
    ".jp-CodeConsole .jp-OutputArea-promptOverlay, "  # it would take the clicks on the left
    ".jp-CodeConsole-split > .lm-SplitPanel-handle, "
    ".jp-Notification-Status { display: none !important; }\n"
    ".jp-CodeConsole-split { overflow-y: auto !important; }\n"
    ".jp-CodeConsole-content { top: 0 !important; height: auto !important; "
    "min-height: 100% !important; overflow: visible !important; contain: none !important; }"
)

STYLE = """\
html, body { margin: 0; height: 100%; }
body { display: flex; flex-direction: column; font-family: system-ui, sans-serif; }
header { padding: .3rem .8rem; border-bottom: 1px solid #ccc; font-size: .9rem; color: #333; }
header strong { margin-right: .6rem; color: #000; }
iframe { flex: 1; width: 100%; border: 0; }"""

SCRIPT = """\
(function () {
  var query = window.location.search.replace(/^\\?/, "");
  // the link as a Python string literal: JSON encodes it, never pasted raw
  var code = "QUERY = " + JSON.stringify(query) + "\\n" + CODE;
  var params = new URLSearchParams(PARAMS);
  params.set("code", code);
  var frame = document.getElementById("rl-app");
  frame.addEventListener("load", function () {
    try {
      var style = frame.contentDocument.createElement("style");
      style.textContent = HIDE;
      frame.contentDocument.head.appendChild(style);
    } catch (error) {}  // another origin: the prompt cell stays visible
  });
  frame.src = REPL + "?" + params.toString();
})();"""


def _js(value: object) -> str:
    """``value`` as JavaScript inside a ``<script>`` element (no ``</script>``)."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e")


def repl_address(name: str, query: str = "") -> str:
    """The REPL address a page opens for ``query`` (what the page's script builds).

    >>> from urllib.parse import parse_qs, urlsplit
    >>> params = parse_qs(urlsplit(repl_address("tien_len", 'seed=7"')).query)
    >>> params["code"][0].splitlines()[0], params["execute"]
    ('QUERY = "seed=7\\\\""', ['1'])
    """
    from urllib.parse import urlencode

    code = f"QUERY = {json.dumps(query)}\n{make_app_notebooks.lite_code(name)}"
    return f"{REPL}?{urlencode({**REPL_PARAMS, 'code': code})}"


def app_page(name: str) -> str:
    """The page of one app."""
    text, _code = make_app_notebooks.APPS[name]
    title, _blurb = make_app_notebooks.title_and_blurb(text)
    script = (
        f"var CODE = {_js(make_app_notebooks.lite_code(name))};\n"
        f"var PARAMS = {_js(REPL_PARAMS)};\n"
        f"var REPL = {_js(REPL)};\n"
        f"var HIDE = {_js(HIDE_CSS)};\n" + SCRIPT
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)} (Thirteen)</title>\n"
        '<link rel="icon" href="../_static/favicon.svg">\n'
        f"<style>\n{STYLE}\n</style>\n</head>\n<body>\n"
        f"<header><strong>{html.escape(title)}</strong>"
        "<span>Python runs in your browser: the first start takes 15 to 30 seconds."
        "</span></header>\n"
        f'<iframe id="rl-app" title="{html.escape(title)}"></iframe>\n'
        "<noscript>This app needs JavaScript.</noscript>\n"
        f"<script>\n{script}\n</script>\n</body>\n</html>\n"
    )


def gallery_page() -> str:
    """``apps/index.html``: every app, and an example link for each."""
    items = []
    for name, (text, _code) in make_app_notebooks.APPS.items():
        title, blurb = make_app_notebooks.title_and_blurb(text)
        example = make_app_notebooks.EXAMPLES[name]
        line = f'<li><a href="{name}.html">{html.escape(title)}</a>: {html.escape(blurb)}'
        if example:
            href = html.escape(f"{name}.html{example}")
            line += f' Example: <a href="{href}"><code>{href}</code></a>'
        items.append(line + "</li>")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>Thirteen: the apps</title>\n"
        "<style>body { font-family: system-ui, sans-serif; max-width: 48rem; "
        "margin: 1rem auto; padding: 0 1rem; line-height: 1.4; }</style>\n"
        "</head>\n<body>\n<h1>Thirteen: the apps</h1>\n"
        "<p>Each app runs Python in your browser: nothing to install, nothing sent "
        "anywhere. Add <code>?seed=42</code> to an app's address (and "
        "<code>&amp;rules=…</code> where the app has rules) to give everyone the "
        "same deal.</p>\n<ul>\n" + "\n".join(items) + "\n</ul>\n</body>\n</html>\n"
    )


def pages() -> dict[str, str]:
    """What the build writes in ``apps/``: a page per app, and the list of them."""
    written = {f"{name}.html": app_page(name) for name in make_app_notebooks.APPS}
    written["index.html"] = gallery_page()
    return written


def write_pages(outdir: Path) -> list[Path]:
    """Write :func:`pages` into ``outdir/apps``."""
    folder = outdir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for filename, text in pages().items():
        path = folder / filename
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths
