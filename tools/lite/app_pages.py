"""The apps without a server: one page ``apps/<app>.html`` per app of ``book/apps/``.

The page runs the app's code (:func:`make_app_notebooks.lite_code`) with the book's
live runtime (``tools/live/``: one Pyodide in a Web Worker, the widgets drawn by a
widget manager on the page): Python runs in the reader's browser, the code runs at
once and is not shown, and no notebook interface is loaded.  The page reads its own
link (``?seed=42&rules=mb-source``), which reaches the app function as
``query=QUERY``, where ``QUERY`` is a Python string literal the page writes with
``JSON.stringify`` (a JSON string is a valid Python string literal: the link is never
pasted into the code raw).  A bad link is named by the app itself, as in Voila.

Each page's header links back to the book's pages about the app
(:func:`make_app_notebooks.book_links`: a game's first page and its rules), on this
same website (``../book/…``).

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
STATIC = "../_static/"  # from FOLDER to the book's static files
SITE = "../"  # from FOLDER to the website's root, where the book's pages are (book/…)
# The widget JavaScript every widget page of the book loads (``nb_ipywidgets_js`` in
# ``_config.yml``): require.js, where the modules are, the widget manager; then the
# live runtime.
SCRIPTS = (
    "widgets/require.js",
    "widgets/local-config.js",
    "widgets/html-manager/embed-amd.js",
    "thirteen_live.js",
)

STYLE = """\
html, body { margin: 0; }
body { font-family: system-ui, sans-serif; line-height: 1.4; }
header { padding: .4rem .8rem; border-bottom: 1px solid #ccc; font-size: .95rem; color: #333; }
header strong { margin-right: .6rem; color: #000; }
header nav { margin-top: .2rem; }
header nav a { display: inline-block; padding: .2rem 0; }
main { padding: .5rem .8rem 2rem; max-width: 60rem; }"""


def _js(value: object) -> str:
    """``value`` as JSON inside a ``<script>`` element (no ``</script>``)."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")


def live_config(name: str) -> dict[str, object]:
    """What the page gives the live runtime: the app's code, to run at once in
    ``<main id="rl-app">`` with the page's link as ``QUERY``.

    >>> config = live_config("tien_len")
    >>> config["autostart"], config["cells"][0]["target"], config["cells"][0]["query"]
    (True, '#rl-app', True)
    >>> "tien_len_app(query=QUERY)" in config["cells"][0]["code"]
    True
    """
    sys.path.insert(0, str(HERE))
    from thirteen_lite import PYODIDE_FROM_STATIC

    return {
        "cells": [{"target": "#rl-app", "code": make_app_notebooks.lite_code(name), "query": True}],
        "autostart": True,
        "pyodide": PYODIDE_FROM_STATIC,
    }


def app_page(name: str) -> str:
    """The page of one app."""
    text, _code = make_app_notebooks.APPS[name]
    title, _blurb = make_app_notebooks.title_and_blurb(text)
    scripts = "".join(f'<script src="{STATIC}{script}"></script>\n' for script in SCRIPTS)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)} (Thirteen)</title>\n"
        f'<link rel="icon" href="{STATIC}favicon.svg">\n'
        f'<link rel="stylesheet" href="{STATIC}thirteen_lite.css">\n'
        f"<style>\n{STYLE}\n</style>\n{scripts}</head>\n<body>\n"
        f"<header><strong>{html.escape(title)}</strong>"
        "<span>Python runs in your browser: nothing to install, nothing sent anywhere. "
        "The first start takes a few seconds.</span>"
        f"{book_nav(name)}</header>\n"
        f'<main id="rl-app" aria-label="{html.escape(title)}"></main>\n'
        "<noscript>This app needs JavaScript.</noscript>\n"
        f'<script type="application/json" id="rl-live-cells">{_js(live_config(name))}</script>\n'
        "</body>\n</html>\n"
    )


def book_nav(name: str) -> str:
    """The header's links from app ``name`` back to the book's pages about it.

    >>> print(book_nav("three_thirteen"))  # doctest: +NORMALIZE_WHITESPACE
    <nav aria-label="In the book"><strong>In the book:</strong>
    <a href="../book/three_thirteen/play.html" target="_blank" rel="noopener">How to play Three-Thirteen</a> ·
    <a href="../book/three_thirteen/index.html" target="_blank" rel="noopener">Rules</a></nav>
    """
    links = make_app_notebooks.links_html(name, SITE).replace("</a> · <a", "</a> ·\n<a")
    return f'<nav aria-label="In the book"><strong>In the book:</strong>\n{links}</nav>'


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
        "same deal.</p>\n<ul>\n" + "\n".join(items) + "\n</ul>\n"
        f"{book_nav('index')}\n</body>\n</html>\n"
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
