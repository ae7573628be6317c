"""Small Sphinx extension for the book: keep pages free of CDN scripts.

Jupyter Book 1 always loads sphinx-thebe, which adds a script naming a CDN
address (and, in this version, adds it twice: a JavaScript error on every
page).  The book has no Thebe launch button, so those scripts are dropped.
"""

from __future__ import annotations

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


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _drop_thebe)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
