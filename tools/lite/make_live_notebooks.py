"""Write the notebooks in book/live/ (one per chapter with widgets) that a chapter's
"open them as a notebook" link opens in JupyterLite.

Run from the repository root: ``python tools/lite/make_live_notebooks.py``.
The notebooks are committed; this script keeps them small and uniform.  Python runs
in the reader's browser (Pyodide), with ``rules_lib`` and ``ipywidgets`` already
installed, for a reader who wants to change the code (the chapter's widgets go live
in place without them: ``tools/live/``).
"""

from __future__ import annotations

from pathlib import Path

import nbformat

from rules_lib.showdown import RULESET_KEYS

HOW = (
    "Python runs here in your browser (Pyodide): nothing is sent anywhere. "
    "Run the cells with **Run ▸ Run All Cells** (or press Shift+Enter in each cell); "
    "the widgets then answer as you type and click. Edit the code to try your own deals."
)

LIVE = {
    "cards_and_hands": (
        "# Cards and poker hands, live",
        [
            'from rules_lib.widgets import HandExplorer\n\nHandExplorer("Kd Kc 9s 9h Qc")',
            'from rules_lib.widgets import HandComparer\n\nHandComparer("Kd Kc 9s 9h Qc", "Kh Ks 9d 9c 7c")',
        ],
    ),
    "mau_binh": (
        "# Mậu Binh, live",
        [
            "from rules_lib.widgets import ArrangeHand\n\nArrangeHand(seed=1)",
            f"from rules_lib.widgets import Showdown\n\nShowdown(seed=1, ruleset={RULESET_KEYS['mb-source']!r})",
            "from rules_lib.widgets import ScoreSheetWidget\n\nScoreSheetWidget()",
        ],
    ),
    "chinese_poker": (
        "# Chinese Poker, live",
        [
            f"from rules_lib.widgets import Showdown\n\nShowdown(seed=42, ruleset={RULESET_KEYS['cp-source']!r})",
        ],
    ),
    "tien_len": (
        "# Tiến Lên, live",
        [
            'from rules_lib.widgets import CanItBeat\n\nCanItBeat("9s 9d", "9h 9c")',
            "from rules_lib.widgets import TienLenGame\n\nTienLenGame(seed=1)",
        ],
    ),
    "three_thirteen": (
        "# Three-Thirteen Rummy, live",
        [
            "from rules_lib.widgets import MeldThisHand\n\nMeldThisHand(seed=8, round_number=6)",
            "from rules_lib.widgets import ThreeThirteenGame\n\nThreeThirteenGame(seed=13, bots=2)",
        ],
    ),
    "tredici": (
        "# Tredici, live",
        ["from rules_lib.widgets import TrediciGame\n\nTrediciGame(seed=144)"],
    ),
    "strategy_advice": (
        "# Strategy: try your own hand, live",
        ["from rules_lib.widgets import AdviceLab\n\nAdviceLab(deals=500)"],
    ),
}


def main() -> None:
    folder = Path("book/live")
    folder.mkdir(parents=True, exist_ok=True)
    for name, (title, cells) in LIVE.items():
        nb = nbformat.v4.new_notebook()
        # JupyterLite's Pyodide kernel is called "python"
        nb.metadata["kernelspec"] = {
            "display_name": "Python (Pyodide)",
            "language": "python",
            "name": "python",
        }
        nb.metadata["language_info"] = {"name": "python"}
        nb.cells = [nbformat.v4.new_markdown_cell(f"{title}\n\n{HOW}")]
        nb.cells += [nbformat.v4.new_code_cell(code) for code in cells]
        for i, cell in enumerate(nb.cells):
            cell["id"] = f"{name}-{i}"
        nbformat.write(nb, folder / f"{name}.ipynb")
        print(f"wrote {folder / name}.ipynb")


if __name__ == "__main__":
    main()
