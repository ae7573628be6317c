"""What the widgets change to run in the reader's browser (JupyterLite's Pyodide).

JupyterLite's Pyodide kernel sends a trait set to ``None`` as JavaScript's
``undefined``, which the message to the page then leaves out: a layout or style trait
set back to ``None`` keeps its old value there (a hidden card stays hidden, a lit one
stays lit).  There these values clear the trait instead; elsewhere they are ``None``,
as before.
"""

from __future__ import annotations

import sys

#: Clears a layout or style trait that takes any string (``layout.display``...).
CLEAR: str | None = "" if sys.platform == "emscripten" else None
#: Clears ``style.button_color``: the Jupyter button's own background.
NO_BUTTON_COLOR: str | None = "var(--jp-layout-color2)" if sys.platform == "emscripten" else None
