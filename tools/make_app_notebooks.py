"""Write the Voila app notebooks in book/apps/ (Voila serves .ipynb only).

Run from the repository root: ``python tools/make_app_notebooks.py``.
The notebooks are committed; this script keeps them small and uniform.

The same code runs each app without a server: the book's build writes a page
``apps/<app>.html`` per app that runs :func:`lite_code` with the live runtime (tools/live)
(``tools/lite/app_pages.py``).  In an app's code, ``{query}`` stands for what the
app function is given: nothing in Voila (it reads the link Voila hands the kernel),
``query=QUERY`` in the browser (the page defines ``QUERY`` from its own link).

Every app links back to the book (:func:`book_links`): an app that plays a game (its
``app`` in ``rules_lib/games.toml``) to that game's first page and its rules, the others
to the pages of ``GUIDES``.  The serverless pages link the website they are part of;
Voila serves ``book/apps`` alone and cannot know where the book is, so the notebooks
link the book at ``BOOK_URL``: by default ``http://127.0.0.1:8000/``, the book as
``make book`` serves it on the same computer; to link the book elsewhere (the computer's
address on a class network, or a published copy), write the notebooks again with
``THIRTEEN_BOOK_URL=http://192.168.1.20:8000/ python tools/make_app_notebooks.py``.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import nbformat

from rules_lib.games import GAMES, find_game
from rules_lib.share import make_query

ROOT = Path(__file__).resolve().parent.parent


def _link(game: str, preset: str, seed: int, **extra: str) -> str:
    """An example link to an app: a seed and a preset's key from the table of games."""
    return "?" + make_query(seed, find_game(game).preset_info(preset).link, **extra)


# An example link per app (the query of its address); "" for an app without one.
EXAMPLES = {
    "poker_hands": "",
    "arrange_13": _link("mau_binh", "source", 42),
    "strategy_lab": "?seed=7&advice=five-pairs",
    "tien_len": _link("tien_len", "standard", 7),
    "three_thirteen": _link("three_thirteen", "variations", 7, bots="2"),
    "tredici": _link("tredici", "house", 144),
    "pyramid": _link("pyramid", "one pass", 22),
    "indian_rummy": _link("indian_rummy", "pool 101", 7, bots="2"),
    "score_sheet": "?rules=mb-source&player=An&player=B%C3%ACnh&player=Chi&player=Dung",
}

APPS = {
    "poker_hands": (
        "# Poker hands\n\nType or pick three or five cards to see what the hand is worth "
        "and what breaks a tie; below, put two hands against each other.",
        "from IPython.display import display\n"
        "from ipywidgets import HTML\n\n"
        "from rules_lib.widgets import HandComparer, HandExplorer\n\n"
        'display(HTML("<h2>One hand</h2>"), HandExplorer("Kd Kc 9s 9h Qc"))\n'
        'display(HTML("<h2>Two hands</h2>"), HandComparer("Kd Kc 9s 9h Qc", "Kh Ks 9d 9c 7c"))',
    ),
    "arrange_13": (
        "# Arrange your 13\n\nSet the thirteen cards of a deal as back, middle and front, then "
        "show down against three bots under Mậu Binh or Chinese Poker rules. Give everyone in "
        "a class the same deal number to compare arrangements.",
        "from rules_lib.widgets.arrange_widgets import showdown_app\n\n"
        f"app = showdown_app({{query}})  # a link such as {EXAMPLES['arrange_13']} deals that game\n"
        "app",
    ),
    "strategy_lab": (
        "# Strategy lab\n\nTwo ways to set one hand, tested against many opponents who set "
        "theirs with the solver. Pick a piece of the Mậu Binh source's advice or type your own "
        "settings; the same seed gives everyone the same deals.",
        "from rules_lib.widgets.strategy_widgets import lab_app\n\n"
        f"app = lab_app({{query}})  # a link such as {EXAMPLES['strategy_lab']} sets the experiment\n"
        "app",
    ),
    "tien_len": (
        "# Tiến Lên\n\nPlay a hand of Tiến Lên against three bots: select your cards, then "
        "Play or Pass; Hint shows what a bot of the level you play against would do. Below "
        "the game, check "
        "whether one play beats another, and why.",
        "from IPython.display import display\n"
        "from ipywidgets import HTML\n\n"
        "from rules_lib.widgets import CanItBeat\n"
        "from rules_lib.widgets.tien_len_widgets import tien_len_app\n\n"
        f"app = tien_len_app({{query}})  # a link such as {EXAMPLES['tien_len']} deals that game\n"
        'display(app, HTML("<h2>Can it beat?</h2>"), CanItBeat())',
    ),
    "three_thirteen": (
        "# Three-Thirteen Rummy\n\nPlay all eleven rounds of Three-Thirteen against one to "
        "three bots, with a score sheet; below, practise melding a hand and compare your "
        "melds with the best arrangement.",
        "from rules_lib.widgets.three_thirteen_widgets import three_thirteen_app\n\n"
        "app = three_thirteen_app({query})  # a link such as "
        f"{EXAMPLES['three_thirteen']} deals that game\n"
        "app",
    ),
    "tredici": (
        "# Tredici\n\nA whole game of Tredici, a two-player race invented in English (the name is "
        "the Italian translation's), against the bot: play "
        "runs card by card, draw when you cannot play, and remember to press *Last card!* "
        "(or the bot may call *Thirteen!* and make you draw 13).",
        "from rules_lib.widgets.tredici_widgets import tredici_app\n\n"
        f"app = tredici_app({{query}})  # a link such as {EXAMPLES['tredici']} deals that game\n"
        "app",
    ),
    "pyramid": (
        "# Pyramid\n\nThe patience of thirteens, for one player: tap two cards that add up to "
        "13, or a king, until the pyramid is gone. The book's solver knows whether the deal "
        "can still be won: ask it for a hint, or for the whole solution.",
        "from rules_lib.widgets.pyramid_widgets import pyramid_app\n\n"
        f"app = pyramid_app({{query}})  # a link such as {EXAMPLES['pyramid']} deals that game\n"
        "app",
    ),
    "indian_rummy": (
        "# Indian Rummy\n\nPlay Indian Rummy against one to five bots: a deal for points, a "
        "pool to 101 or 201, or two deals. Arrange your thirteen cards in groups, ask the book "
        "whether your declaration would be right, and declare when two sequences, one of them "
        "pure, hold every card but the one you finish with.",
        "from rules_lib.widgets.indian_rummy_widgets import indian_rummy_app\n\n"
        "app = indian_rummy_app({query})  # a link such as "
        f"{EXAMPLES['indian_rummy']} deals that game\n"
        "app",
    ),
    "score_sheet": (
        "# Game night score sheet\n\nKeep the score of an evening of Mậu Binh, Chinese Poker "
        "or Tiến Lên: type (or pick) each player's hand as they lay it down, or, in Tiến Lên, "
        "the places, the cards left and the chops; the book settles the deal, explains every "
        "payment, adds up the totals and plots the evening. The whole sheet lives in the "
        "page's address, so a reload loses nothing.",
        "from rules_lib.widgets.score_sheet_widgets import score_sheet_app\n\n"
        f"app = score_sheet_app({{query}})  # a link such as {EXAMPLES['score_sheet']} names the players\n"
        "app",
    ),
}


# The book's pages (under ``book/``, without their suffix) that an app playing no one
# game links back to; an app that plays a game links that game's pages instead (its
# table in rules_lib/games.toml names the app), and the gallery ("index") the teachers'.
GUIDES = {
    "poker_hands": ("cards_and_hands",),
    "strategy_lab": ("strategy/advice",),
    "score_sheet": ("mau_binh/points", "chinese_poker/points", "tien_len/points"),
    "index": ("teaching/index",),
}

#: The book as ``make book`` serves it on the computer that runs ``make app``.
LOCAL_BOOK = "http://127.0.0.1:8000/"
#: Where the Voila notebooks find the book's website (see the module's docstring).
BOOK_URL = os.environ.get("THIRTEEN_BOOK_URL", LOCAL_BOOK).rstrip("/") + "/"


def page_title(page: str) -> str:
    """The first heading of the book's page ``book/<page>.md``.

    >>> page_title("teaching/index")
    'Teaching with the apps'
    """
    text = (ROOT / "book" / f"{page}.md").read_text(encoding="utf-8")
    found = re.search(r"^# +(.+?)\s*$", text, re.MULTILINE)
    if found is None:
        raise ValueError(f"book/{page}.md has no title")
    return found.group(1)


def book_links(name: str) -> list[tuple[str, str]]:
    """The book's pages app ``name`` links back to, as (the link's words, the page
    under ``book/`` without its suffix): for each game the app plays (``app`` in
    ``rules_lib/games.toml``), its first page and its rules; else the pages of ``GUIDES``.

    >>> book_links("tien_len")
    [('How to play Tiến Lên', 'tien_len/play'), ('Rules', 'tien_len/index')]
    >>> [words for words, _page in book_links("arrange_13")]
    ['How to play Mậu Binh', 'Mậu Binh rules', 'How to play Chinese Poker', 'Chinese Poker rules']
    >>> book_links("poker_hands")
    [('Cards and poker hands', 'cards_and_hands')]
    """
    games = [g for g in GAMES if g.app.partition("?")[0] == name]
    links = []
    for game in games:
        rules = "Rules" if len(games) == 1 else f"{game.short_name} rules"
        links += [(f"How to play {game.short_name}", f"{game.key}/play")]
        links += [(rules, f"{game.key}/index")]
    if not links and name not in GUIDES:
        raise KeyError(f"app {name!r} plays no game of games.toml and has no pages in GUIDES")
    return links or [(page_title(page), page) for page in GUIDES[name]]


def book_address(page: str, base: str) -> str:
    """The address of the book's page ``page`` on the website at ``base``.

    >>> book_address("tien_len/play", "../")
    '../book/tien_len/play.html'
    """
    return f"{base}book/{page}.html"


def links_html(name: str, base: str) -> str:
    """App ``name``'s links back to the book at ``base``, each opening a tab of its own
    (the app keeps its game where it is)."""
    return " · ".join(
        f'<a href="{html.escape(book_address(page, base))}" target="_blank" rel="noopener">'
        f"{html.escape(words)}</a>"
        for words, page in book_links(name)
    )


def notebook_markdown(name: str, base: str = BOOK_URL) -> str:
    """The markdown cell of app ``name``'s Voila notebook: its text, then its links to
    the book at ``base``."""
    text = gallery() if name == "index" else APPS[name][0]
    return f"{text}\n\n**In the book:** {links_html(name, base)}"


# The app notebook's last cell, for an app that reads a link.  Where Voila started
# the kernel before the class (``make app STUDENTS=N``) the app above was made and
# shown for its default link; this cell waits for the student and follows their
# link, so a student's request costs only what their link changes.  Elsewhere the
# app has followed its link already and this does nothing.
FOLLOW = "app.follow_link()  # a kernel started before the class waits here for its student"


def notebook_code(name: str) -> list[str]:
    """The code cells of an app's Voila notebook: the app reads the link Voila hands the kernel.

    >>> notebook_code("tredici")[-1] == FOLLOW, notebook_code("poker_hands")[-1] == FOLLOW
    (True, False)
    """
    code = APPS[name][1].format(query="")
    return [code, FOLLOW] if "app = " in code else [code]


def lite_code(name: str) -> str:
    """The code an app runs in the browser (the live runtime, tools/live), where ``QUERY`` is
    the page's link, defined by the page before this code (``tools/lite/app_pages.py``).

    >>> lite_code("tredici").splitlines()[-2].startswith("app = tredici_app(query=QUERY)")
    True
    """
    return APPS[name][1].format(query="query=QUERY")


def serverless_address(name: str, query: str = "") -> str:
    """Where an app runs without a server, relative to the book's website.

    >>> serverless_address("tien_len", EXAMPLES["tien_len"])
    'apps/tien_len.html?seed=7&rules=standard'
    """
    return f"apps/{name}.html{query}"


def title_and_blurb(text: str) -> tuple[str, str]:
    """An app's title and the first sentence of its introduction."""
    title = text.splitlines()[0].lstrip("# ").strip()
    blurb = text.split("\n\n", 1)[1].split(". ")[0].rstrip(".") + "."
    return title, blurb


def gallery() -> str:
    """The apps' front page: a link and a line for each app."""
    lines = [
        "# Thirteen: the apps\n",
        "Each app opens in its own tab and runs its own Python: every student can open "
        "the same app. Add `?seed=42` to an app's address (and `&rules=...` where the app "
        "has rules) to give everyone the same deal; the apps that deal cards have a *Copy "
        "link to this deal* control.\n",
    ]
    for name, (text, _code) in APPS.items():
        title, blurb = title_and_blurb(text)
        # each app in a tab of its own; the gallery stays open
        lines.append(f'* <a href="{name}.ipynb" target="_blank">{title}</a>: {blurb}')
    lines += [
        "\n**Without this server.** The book's website runs every app in the browser "
        "itself, with the same links: add the address in the second column to the "
        "website's address. The first start takes a few seconds, a later one less.\n",
        "| app | on the book's website |",
        "|---|---|",
    ]
    for name, (text, _code) in APPS.items():
        title, _blurb = title_and_blurb(text)
        lines.append(f"| {title} | `{serverless_address(name, EXAMPLES[name])}` |")
    return "\n".join(lines)


def main() -> None:
    folder = Path("book/apps")
    folder.mkdir(parents=True, exist_ok=True)
    pages = [(name, notebook_code(name)) for name in APPS]
    for name, cells in [*pages, ("index", [])]:
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {
            "display_name": "Python 3",
            "language": "python",
            "name": "python3",
        }
        nb.metadata["language_info"] = {"name": "python"}
        nb.cells = [nbformat.v4.new_markdown_cell(notebook_markdown(name))]
        nb.cells += [nbformat.v4.new_code_cell(code) for code in cells]
        for i, cell in enumerate(nb.cells):
            cell["id"] = f"{name}-{i}"
        nbformat.write(nb, folder / f"{name}.ipynb")
        print(f"wrote {folder / name}.ipynb")


if __name__ == "__main__":
    main()
