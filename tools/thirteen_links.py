"""The ``{app}`` role: a link from a chapter to an app of the site.

``{app}`tien_len``` links to ``<site>/apps/tien_len.html``, the app that runs
in the reader's browser with no server (``tools/lite/app_pages.py``), with
the app's name as its text; ``{app}`the game <tien_len>``` names it
otherwise, and ``{app}`a deal <tien_len?seed=4>``` adds a link's query.
The build fails on an app that ``book/apps/`` does not hold.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.util.docutils import SphinxRole
from sphinx.util.nodes import split_explicit_title

APPS = Path(__file__).resolve().parents[1] / "book" / "apps"


class AppRole(SphinxRole):
    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        explicit, title, target = split_explicit_title(self.text)
        name, _, query = target.partition("?")
        if not (APPS / f"{name}.ipynb").is_file():
            message = self.inliner.reporter.error(
                f"app: no app {name!r} in book/apps/", line=self.lineno
            )
            return [], [message]
        depth = self.env.docname.count("/")
        uri = "../" * depth + f"apps/{name}.html" + (f"?{query}" if query else "")
        text = title if explicit else f"the {name.replace('_', ' ')} app"
        node = nodes.reference(self.rawtext, text, refuri=uri, classes=["rl-app-link"])
        return [node], []


def setup(app: Any) -> dict[str, Any]:
    app.add_role("app", AppRole())
    return {"parallel_read_safe": True, "parallel_write_safe": True}
