"""Small Sphinx extension for the book: keep pages free of CDN scripts, and
add the book's own stylesheet (``tools/static/thirteen.css``) and the script
that mends the theme's phone menus (``tools/static/thirteen_site.js``).

Jupyter Book 1 always loads sphinx-thebe, which adds a script naming a CDN
address (and, in this version, adds it twice: a JavaScript error on every
page).  The book has no Thebe launch button, so those scripts are dropped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _drop_thebe(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    kept = []
    for script in scripts:
        body = getattr(script, "attributes", {}).get("body", "") or ""
        name = str(getattr(script, "filename", script) or "")
        if "THEBE_JS_URL" in body or "thebe" in name:
            continue
        kept.append(script)
    context["script_files"] = kept


STATIC = Path(__file__).resolve().parent / "static"


def _add_static(app: Any, config: Any) -> None:
    config.html_static_path = [*config.html_static_path, str(STATIC)]


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _drop_thebe)
    # the book's own styles: the "book's reading" boxes
    app.connect("config-inited", _add_static)
    app.add_css_file("thirteen.css")
    # the theme's phone menus and two accessible names, mended (see the file)
    app.add_js_file("thirteen_site.js")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
