"""Issue 30: every app links back to its rules, and each game's JupyterLite notebook
starts with its guided first hand.

* an app that plays a game (``app`` in ``rules_lib/games.toml``) links, in its Voila
  notebook and in the header of its serverless page, "How to play <game>" (the game's
  first page, ``book/<game>/play.md``) and its rules (``book/<game>/index.md``); the
  other apps link the book's pages about them; every page linked is a page of the book;
* the committed notebooks (``book/apps``, ``book/live``) are what their generators write;
* ``book/live/<game>.ipynb`` shows the guided first hand first, with the cell of the
  game's first page.
"""

from __future__ import annotations

import re
import sys
from importlib import import_module
from pathlib import Path
from urllib.parse import urljoin

import nbformat
import pytest
import yaml  # type: ignore[import-untyped]

from rules_lib.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tools" / "lite")]

import app_pages  # noqa: E402
import make_app_notebooks  # noqa: E402
import make_live_notebooks  # noqa: E402

APPS = [*make_app_notebooks.APPS, "index"]
ANCHOR = re.compile(r'<a href="([^"]*)" target="_blank" rel="noopener">([^<]*)</a>')


def _toc_pages() -> set[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    pages = {toc["root"]}
    for part in toc["parts"]:
        pages |= {chapter["file"] for chapter in part["chapters"]}
    return pages


def _voila_links(name: str) -> list[tuple[str, str]]:
    """(address, words) of the links in app ``name``'s committed Voila notebook."""
    notebook = nbformat.read(ROOT / "book" / "apps" / f"{name}.ipynb", as_version=4)
    return ANCHOR.findall(notebook.cells[0].source)


def _serverless_links(name: str) -> list[tuple[str, str]]:
    """(address from the website's root, words) of the links in the header of
    ``apps/<name>.html``."""
    page = app_pages.pages()[f"{name}.html"]
    nav = re.search(r'<nav aria-label="In the book">(.*?)</nav>', page, re.DOTALL)
    assert nav is not None, name
    return [(urljoin("apps/", href), words) for href, words in ANCHOR.findall(nav.group(1))]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_a_games_app_links_how_to_play_it_and_its_rules(game):
    app = game.app.partition("?")[0]
    play, rules = f"book/{game.key}/play.html", f"book/{game.key}/index.html"
    voila = _voila_links(app)
    serverless = _serverless_links(app)
    local = make_app_notebooks.LOCAL_BOOK
    assert (local + play, f"How to play {game.short_name}") in voila
    assert (play, f"How to play {game.short_name}") in serverless
    shared = [g for g in GAMES if g.app.partition("?")[0] == app]
    words = "Rules" if len(shared) == 1 else f"{game.short_name} rules"
    assert (local + rules, words) in voila and (rules, words) in serverless
    # the first page is the part's first, and says what the link promises
    title = make_app_notebooks.page_title(f"{game.key}/play")
    assert title == f"{game.short_name} in five minutes"


def test_the_arrange_app_links_both_of_its_games():
    words = [w for _href, w in _serverless_links("arrange_13")]
    assert words == [
        "How to play Mậu Binh",
        "Mậu Binh rules",
        "How to play Chinese Poker",
        "Chinese Poker rules",
    ]


@pytest.mark.parametrize("name", APPS)
def test_every_app_links_back_to_pages_of_the_book(name):
    """Each app, the gallery too, links at least one page, in both forms alike, and each
    target is a page the book builds (a file of _toc.yml)."""
    voila = _voila_links(name)
    serverless = _serverless_links(name)
    assert voila, f"{name}: no link to the book in its Voila notebook"
    local = make_app_notebooks.LOCAL_BOOK
    assert [(local + href, words) for href, words in serverless] == voila
    toc = _toc_pages()
    for href, words in serverless:
        assert href.startswith("book/") and href.endswith(".html"), href
        page = href.removesuffix(".html")
        assert page in toc, f"{name}: {words!r} links {href}, not a page of _toc.yml"
        assert (ROOT / f"{page}.md").is_file(), page
        assert words.strip(), href


def test_apps_of_no_game_link_the_pages_about_them():
    pages = {name: [p for _w, p in make_app_notebooks.book_links(name)] for name in APPS}
    assert pages["poker_hands"] == ["cards_and_hands"]
    assert pages["strategy_lab"] == ["strategy/advice"]
    assert pages["index"] == ["teaching/index"]
    assert "mau_binh/points" in pages["score_sheet"] and "tien_len/points" in pages["score_sheet"]
    with pytest.raises(KeyError, match="no pages in GUIDES"):
        make_app_notebooks.book_links("no_such_app")


def test_the_book_address_of_the_voila_notebooks_is_configurable():
    text = make_app_notebooks.notebook_markdown("tredici", "https://example.org/thirteen/")
    assert '<a href="https://example.org/thirteen/book/tredici/play.html"' in text
    assert text.startswith(make_app_notebooks.APPS["tredici"][0])


@pytest.mark.parametrize("name", APPS)
def test_the_committed_app_notebooks_are_what_the_generator_writes(name):
    notebook = nbformat.read(ROOT / "book" / "apps" / f"{name}.ipynb", as_version=4)
    local = make_app_notebooks.LOCAL_BOOK
    assert notebook.cells[0].source == make_app_notebooks.notebook_markdown(name, local), (
        f"book/apps/{name}.ipynb is stale: run python tools/make_app_notebooks.py"
    )
    code = [] if name == "index" else make_app_notebooks.notebook_code(name)
    assert [cell.source for cell in notebook.cells[1:]] == code


@pytest.mark.parametrize("name", make_live_notebooks.LIVE)
def test_the_committed_live_notebooks_are_what_the_generator_writes(name):
    notebook = nbformat.read(ROOT / "book" / "live" / f"{name}.ipynb", as_version=4)
    cells = [(cell.cell_type, cell.source) for cell in notebook.cells[1:]]
    assert cells == make_live_notebooks.cells(name), (
        f"book/live/{name}.ipynb is stale: run python tools/lite/make_live_notebooks.py"
    )


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_a_games_live_notebook_starts_with_its_guided_first_hand(game):
    notebook = nbformat.read(ROOT / "book" / "live" / f"{game.key}.ipynb", as_version=4)
    title, words, first, *rest = notebook.cells
    assert title.cell_type == "markdown" and "Run All Cells" in title.source
    assert words.cell_type == "markdown" and words.source.startswith("## Your first ")
    assert "{" not in words.source  # no MyST role left for the notebook to show raw
    assert first.cell_type == "code"
    # the very cell of the game's first page, which shows its guided first hand
    play = (ROOT / "book" / game.key / "play.md").read_text(encoding="utf-8")
    assert f"```{{code-cell}} ipython3\n:tags: [hide-input]\n\n{first.source}\n```" in play
    widget = first.source.splitlines()[-1].removesuffix("()")
    lesson = import_module(f"rules_lib.widgets.{game.key}_lesson")
    assert hasattr(lesson, widget), f"{widget} is not the lesson of {game.key}"
    # then the rest of the chapter's widgets, as before
    chapter = make_live_notebooks.LIVE[game.key][1]
    assert [cell.source for cell in rest if cell.cell_type == "code"] == chapter
