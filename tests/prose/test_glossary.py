"""Words defined where they are first used (issue 30).

* The glossary page, ``book/glossary.md``, is what ``tools/make_glossary.py``
  writes from the library (``rules_lib.glossary`` and each game's ``GLOSSARY``).
* Every ``{term}`` link of the book names a term of the glossary.
* On each page, the first use of a word of :data:`MUST_LINK` (and of every
  Vietnamese and Italian word of the library's glossaries) is a ``{term}``
  link, and no word is linked twice on a page.  A use is looked for in the
  page's prose (code cells, headings and box titles left out, and the text of
  other links and roles, which cannot hold a link); a word in a table that a
  code cell prints cannot link and is not looked at.
* A code cell whose output is a widget folds its code away (``hide-input``):
  the code stays in the page, which the live runtime needs, and is shown on
  request.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from fnmatch import fnmatch

import jupytext
import pytest

from rules_lib.games import GAMES
from rules_lib.glossary import entries
from tools import make_glossary

from .book import ROOT, TITLED_DIRECTIVES, Page, directives, prose, toc_pages

GLOSSARY_PAGE = "book/glossary"

#: Pages left out of the first-use checks while another change writes them (their
#: names, as _toc.yml writes them); they join the checks once they link their words.
PENDING: set[str] = set()

ARRANGEMENT_PAGES = (
    "book/cards_and_hands",
    "book/mau_binh/*",
    "book/chinese_poker/*",
    "book/strategy/*",
)


@dataclass(frozen=True)
class Word:
    """A word that must link to the glossary at its first use on a page.

    ``targets``: the glossary terms a link to it may name; ``pattern``: how the
    prose writes it; ``pages``: where it is checked (globs of toc names; ``()``:
    every page), where the same letters mean something else on other pages;
    ``code``: the word is written as inline code (a preset's name)."""

    targets: tuple[str, ...]
    pattern: str
    pages: tuple[str, ...] = ()
    code: bool = False
    case: bool = False  # match the case exactly

    def applies_to(self, page: Page) -> bool:
        return not self.pages or any(fnmatch(page.name, glob) for glob in self.pages)

    @property
    def regex(self) -> re.Pattern[str]:
        return re.compile(self.pattern, 0 if self.case else re.IGNORECASE)


TIEN_LEN = ("book/tien_len/*",)
INDIAN_RUMMY = ("book/indian_rummy/*",)

MUST_LINK: tuple[Word, ...] = (
    Word(("trick",), r"\btricks?\b"),
    Word(("lead", "leader"), r"\blead(?:s|ing|ers?)?\b", TIEN_LEN),
    Word(("pass",), r"\bpass(?:es|ed|ing)?\b", TIEN_LEN),
    Word(("chop", "bomb"), r"\bchop(?:s|ped|ping)?\b|\bbombs?\b"),
    Word(("instant win",), r"\binstant(?:ly)? wins?\b"),
    Word(("misset",), r"\bmisset\b"),
    Word(
        ("row", "back", "middle", "front"),
        r"\brows?\b|\b(?:back|middle|front)\b",
        ARRANGEMENT_PAGES,
    ),
    Word(
        ("dealer",), r"\bdealer\b", ("book/mau_binh/*", "book/chinese_poker/*", "book/strategy/*")
    ),
    Word(("showdown",), r"\bshowdowns?\b"),
    Word(("special hand",), r"\bspecial hands?\b"),
    Word(("royalty",), r"\broyalt(?:y|ies)\b"),
    Word(("scoop",), r"\bscoop(?:s|ed)?\b"),
    Word(("sweep",), r"\bsweep(?:s|ing)?\b|\bswept\b"),
    Word(("surrender",), r"\bsurrender(?:s|ed)?\b"),
    Word(("dragon",), r"\bdragons?\b"),
    Word(("frozen",), r"\bfrozen\b"),
    Word(
        ("go out", "going out"),
        r"\b(?:go|goes|going|gone|went) out\b",
        (*TIEN_LEN, "book/three_thirteen/*"),
    ),
    Word(("meld",), r"\bmeld(?:s|ed|ing)?\b"),
    Word(("set",), r"\bsets?\b", ("book/intro", "book/three_thirteen/*", *INDIAN_RUMMY)),
    Word(("run",), r"\bruns?\b(?! out)", ("book/intro", "book/three_thirteen/*", "book/tredici/*")),
    Word(("wild card",), r"\bwild\b(?! joker)", ("book/three_thirteen/*", *INDIAN_RUMMY)),
    Word(("stock",), r"\bstock\b", ("book/three_thirteen/*", "book/tredici/*", *INDIAN_RUMMY)),
    Word(("pure sequence",), r"\bpure\s+sequences?\b", INDIAN_RUMMY),
    Word(("sequence",), r"(?<!pure\s)\bsequences?\b", INDIAN_RUMMY),
    Word(("printed joker",), r"\bprinted jokers?\b", INDIAN_RUMMY),
    Word(("wild joker", "turned card"), r"\bwild joker\b|\bturned card\b", INDIAN_RUMMY),
    Word(
        ("declare", "declaration", "declaring"), r"\bdeclar(?:e|es|ed|ing|ations?)\b", INDIAN_RUMMY
    ),
    Word(("drop",), r"\bdrop(?:s|ped|ping)?\b", INDIAN_RUMMY),
    Word(("pool",), r"\bpools?\b", INDIAN_RUMMY),
    Word(("discard pile",), r"\bdiscard pile\b"),
    Word(("play pile",), r"\bplay pile\b"),
    Word(("last card",), r"[\"“']last card\b", ("book/tredici/*",)),
    Word(("kicker",), r"\bkickers?\b"),
    Word(("preset",), r"\bpresets?\b"),
    Word(("the book's reading", "reading box"), r"\bthe book['’]s reading\b"),
    # each preset's name, written as code
    *(
        Word((name,), rf"`{re.escape(name)}`", code=True, case=True)
        for name in dict.fromkeys(p.name for g in GAMES for p in g.preset_infos)
    ),
)

#: The games' own words (Vietnamese, Italian): each a word to link, but for the
#: games' names, which the pages use everywhere.
GAME_NAMES = {g.name for g in GAMES}
FOREIGN = tuple(
    t
    for e in entries()
    if e.section in ("Vietnamese", "Italian")
    for t in e.terms
    if t not in GAME_NAMES
)

#: ``{term}`text <target>``` or ``{term}`target```.
TERM_ROLE = re.compile(r"\{term\}`(?:(?P<text>[^`<]*?)\s*<(?P<target>[^`>]+)>|(?P<plain>[^`]+))`")
ANY_ROLE = re.compile(r"\{[\w:-]+\}`[^`]*`")
CODE_SPAN = re.compile(r"(?<!`)`[^`\n]+`(?!`)")
MD_LINK = re.compile(r"!?\[[^\]\n]*\]\([^)\n]*\)|<https?://[^>\s]+>")


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


@dataclass(frozen=True)
class Links:
    """A page's ``{term}`` links, and its prose with everything that is no plain use blanked."""

    links: tuple[tuple[int, str], ...]  # (offset, target in lower case)
    words: str  # inline code blanked too
    with_code: str  # inline code kept (preset names)


def _links(p: Page) -> Links:
    text = prose(p)
    lines = text.split("\n")
    titles = {d.line for d in directives(p) if d.name in TITLED_DIRECTIVES or d.title}
    for i, line in enumerate(lines):
        if re.match(r"^\s{0,3}#{1,6}\s", line) or (i + 1) in titles:
            lines[i] = " " * len(line)
    text = "\n".join(lines)
    links = []
    for match in TERM_ROLE.finditer(text):
        target = match.group("target") or match.group("plain")
        links.append((match.start(), target.strip().lower()))
    for pattern in (ANY_ROLE, MD_LINK):
        for match in pattern.finditer(text):
            text = _blank(text, match.start(), match.end())
    words = text
    for match in CODE_SPAN.finditer(text):
        words = _blank(words, match.start(), match.end())
    return Links(tuple(links), words, text)


def _checked_pages() -> list[Page]:
    return [p for p in toc_pages() if p.name != GLOSSARY_PAGE and p.name not in PENDING]


def _foreign_uses(words: str) -> list[tuple[int, str]]:
    """(offset, term) of each use of a game's own word; a longer word wins over a
    shorter one inside it (*chặt heo* over *heo*)."""
    found = []
    for term in FOREIGN:
        for match in re.finditer(rf"(?<!\w){re.escape(term)}(?!\w)", words):
            found.append((match.start(), match.end(), term))
    found.sort(key=lambda m: (m[0], -(m[1] - m[0])))
    uses, end = [], -1
    for start, stop, term in found:
        if start >= end:
            uses.append((start, term))
            end = stop
    return uses


def _first_use_problems(p: Page) -> list[str]:
    page, problems = _links(p), []

    def check(targets: tuple[str, ...], at: int, said: str) -> None:
        linked = [o for o, target in page.links if target in {t.lower() for t in targets}]
        if not linked or linked[0] > at:
            problems.append(
                f"{p.rel}:{p.line(at)}: the first use of “{said}” is not a link: "
                f"write {{term}}`{said} <{targets[0]}>`"
            )

    for word in MUST_LINK:
        if not word.applies_to(p):
            continue
        match = word.regex.search(page.with_code if word.code else page.words)
        if match:
            check(word.targets, match.start(), match.group())
    first: dict[str, int] = {}
    for at, term in _foreign_uses(page.words):
        first.setdefault(term, at)
    for term, at in first.items():
        check((term,), at, term)
    return problems


def test_the_glossary_page_is_written_from_the_library() -> None:
    page = ROOT / f"{GLOSSARY_PAGE}.md"
    assert page.read_text(encoding="utf-8") == make_glossary.render(), (
        f"{page.relative_to(ROOT)} is out of date with the library: run python tools/make_glossary.py"
    )


def test_the_glossary_page_is_in_the_toc() -> None:
    assert GLOSSARY_PAGE in {p.name for p in toc_pages()}


def test_every_word_to_link_is_a_term_of_the_glossary() -> None:
    terms = {t.lower() for e in entries() for t in e.terms}
    missing = [t for w in MUST_LINK for t in w.targets if t.lower() not in terms]
    assert not missing, f"not in the glossary: {missing}"


def test_term_links_name_terms_of_the_glossary() -> None:
    terms, problems = {t.lower() for e in entries() for t in e.terms}, []
    for p in toc_pages():
        for offset, target in _links(p).links:
            if target not in terms:
                problems.append(
                    f"{p.rel}:{p.line(offset)}: {{term}} link to {target!r}: no such term"
                )
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", _checked_pages(), ids=lambda p: p.name)
def test_the_first_use_of_a_word_links_to_the_glossary(page: Page) -> None:
    problems = _first_use_problems(page)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", _checked_pages(), ids=lambda p: p.name)
def test_a_word_links_once_a_page(page: Page) -> None:
    seen: dict[str, int] = {}
    problems = []
    for offset, target in _links(page).links:
        if target in seen:
            problems.append(
                f"{page.rel}:{page.line(offset)}: “{target}” is linked again "
                f"(first at line {page.line(seen[target])}): link only its first use"
            )
        seen.setdefault(target, offset)
    assert not problems, "\n".join(problems)


# --- widget cells ----------------------------------------------------------------------


def _widget_names(cells: list[str]) -> set[str]:
    """The names a page imports from ``rules_lib.widgets``."""
    names = set()
    for source in cells:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "rules_lib.widgets"
            ):
                names |= {alias.asname or alias.name for alias in node.names}
    return names


def _shows_widget(source: str, widgets: set[str]) -> bool:
    """The cell's value is a widget: its last statement calls a widget class."""
    body = ast.parse(source).body
    if not body or not isinstance(body[-1], ast.Expr) or not isinstance(body[-1].value, ast.Call):
        return False
    func = body[-1].value.func
    while isinstance(func, ast.Attribute):
        func = func.value
    return isinstance(func, ast.Name) and func.id in widgets


def test_widget_cells_fold_their_code_away() -> None:
    problems = []
    for p in toc_pages():
        if not p.text.startswith("---\njupytext:"):
            continue
        cells = [c for c in jupytext.reads(p.text, fmt="md:myst").cells if c.cell_type == "code"]
        widgets = _widget_names([c.source for c in cells])
        for cell in cells:
            tags = cell.metadata.get("tags", [])
            if "remove-cell" in tags or not _shows_widget(cell.source, widgets):
                continue
            if "hide-input" not in tags or "remove-input" in tags:
                first = cell.source.strip().splitlines()[-1]
                problems.append(
                    f"{p.rel}: the widget cell “{first}” needs the tag hide-input "
                    f"(not remove-input: the live runtime needs its code), has {tags}"
                )
    assert not problems, "\n".join(problems)
