"""Write the notebooks in book/live/ (one per chapter with widgets) that a chapter's
"open them as a notebook" link opens in JupyterLite.

Run from the repository root: ``python tools/lite/make_live_notebooks.py``.
The notebooks are committed; this script keeps them small and uniform.  Python runs
in the reader's browser (Pyodide), with ``rules_lib`` and ``ipywidgets`` already
installed, for a reader who wants to change the code (the chapter's widgets go live
in place without them: ``tools/live/``).

A game's notebook starts with its guided first hand, as the game's first page
(``book/<game>/play.md``) shows it: the words of its section, then the same cell
(:func:`first_hand`); the chapter's other widgets follow.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

from rules_lib.games import GAMES
from rules_lib.showdown import RULESET_KEYS

ROOT = Path(__file__).resolve().parents[2]

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
            f'from rules_lib.widgets import Showdown\n\nShowdown(seed=1, ruleset="{RULESET_KEYS["mb-source"]}")',
            "from rules_lib.widgets import ScoreSheetWidget\n\nScoreSheetWidget()",
        ],
    ),
    "chinese_poker": (
        "# Chinese Poker, live",
        [
            f'from rules_lib.widgets import Showdown\n\nShowdown(seed=42, ruleset="{RULESET_KEYS["cp-source"]}")',
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
    "pyramid": (
        "# Pyramid, live",
        ["from rules_lib.widgets import PyramidGame\n\nPyramidGame(seed=2026)"],
    ),
    "indian_rummy": (
        "# Indian Rummy, live",
        ["from rules_lib.widgets import IndianRummyGame\n\nIndianRummyGame(seed=7, bots=1)"],
    ),
    "strategy_advice": (
        "# Strategy: try your own hand, live",
        ["from rules_lib.widgets import AdviceLab\n\nAdviceLab(deals=500)"],
    ),
}


# The section of a game's first page that holds its guided first hand: its heading
# and words, then the cell that shows the widget (its code shown on request).
FIRST_HAND = re.compile(
    r"^(## Your first .*?)\n+```\{code-cell\} ipython3\n:tags: \[hide-input\]\n\n(.*?)\n```",
    re.MULTILINE | re.DOTALL,
)
# A MyST role, {term}`words <target>` or {doc}`words`: its words in a notebook
ROLE = re.compile(r"\{[a-z-]+\}`([^`<]*?)\s*(?:<[^`>]*>)?`")


def first_hand(game: str) -> tuple[str, str]:
    """The guided first hand of ``game`` as ``book/<game>/play.md`` shows it: the words
    of its section (roles as plain words) and the code of the cell that shows it.

    >>> words, code = first_hand("three_thirteen")
    >>> words.splitlines()[0], "**Go out**" in words, code.splitlines()[-1]
    ('## Your first round, step by step', True, 'ThreeThirteenFirstRound()')
    """
    page = ROOT / "book" / game / "play.md"
    found = FIRST_HAND.search(page.read_text(encoding="utf-8"))
    if found is None or "```" in found.group(1):
        raise ValueError(f"{page.relative_to(ROOT)}: no '## Your first' section with its cell")
    paragraphs = re.split(r"\n\s*\n", ROLE.sub(r"\1", found.group(1)))
    return "\n\n".join(" ".join(p.split()) for p in paragraphs), found.group(2)


def cells(name: str) -> list[tuple[str, str]]:
    """The cells of notebook ``name`` after its title, as (kind, source): a game's guided
    first hand first, then the chapter's widgets."""
    first = []
    if name in {game.key for game in GAMES}:
        words, code = first_hand(name)
        first = [("markdown", words), ("code", code), ("markdown", "## More from the chapter")]
    return first + [("code", code) for code in LIVE[name][1]]


def main() -> None:
    folder = Path("book/live")
    folder.mkdir(parents=True, exist_ok=True)
    for name, (title, _cells) in LIVE.items():
        nb = nbformat.v4.new_notebook()
        # JupyterLite's Pyodide kernel is called "python"
        nb.metadata["kernelspec"] = {
            "display_name": "Python (Pyodide)",
            "language": "python",
            "name": "python",
        }
        nb.metadata["language_info"] = {"name": "python"}
        nb.cells = [nbformat.v4.new_markdown_cell(f"{title}\n\n{HOW}")]
        nb.cells += [
            nbformat.v4.new_markdown_cell(source)
            if kind == "markdown"
            else nbformat.v4.new_code_cell(source)
            for kind, source in cells(name)
        ]
        for i, cell in enumerate(nb.cells):
            cell["id"] = f"{name}-{i}"
        nbformat.write(nb, folder / f"{name}.ipynb")
        print(f"wrote {folder / name}.ipynb")


if __name__ == "__main__":
    main()
