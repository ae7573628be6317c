"""Every link of the book leads to a page of the table of contents, a file or a label,
and "the next/previous chapter" is the neighbour in ``_toc.yml`` order."""

from __future__ import annotations

import re

from rules_lib.games import GAMES

from .book import (
    Page,
    directives,
    labels,
    page_name,
    prose,
    sentence_at,
    toc_pages,
)

#: ``{doc}`target``` or ``{doc}`text <target>```.
DOC_ROLE = re.compile(r"\{doc\}`(?:[^`<]*<(?P<target>[^`>]+)>|(?P<plain>[^`]+))`")
#: ``{ref}`label``` or ``{ref}`text <label>``` (also ``numref``).
REF_ROLE = re.compile(r"\{(?:ref|numref)\}`(?:[^`<]*<(?P<target>[^`>]+)>|(?P<plain>[^`]+))`")
#: ``[text](target)`` and ``![alt](target)``.
MD_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?(?P<target>[^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
#: Directives whose argument is a file.
FILE_DIRECTIVES = {"try-it-live", "figure", "image", "include", "literalinclude"}


def _target(match: re.Match[str]) -> str:
    return (match.group("target") or match.group("plain")).strip()


def _toc_names() -> set[str]:
    return {p.name for p in toc_pages()}


def test_doc_links_lead_to_pages_of_the_toc() -> None:
    names, problems = _toc_names(), []
    for p in toc_pages():
        text = prose(p)
        for match in DOC_ROLE.finditer(text):
            target = _target(match)
            if page_name(target, p) not in names:
                problems.append(
                    f"{p.rel}:{p.line(match.start())}: {{doc}} link to {target!r} "
                    f"is no page of _toc.yml"
                )
    assert not problems, "\n".join(problems)


def test_relative_links_lead_to_toc_pages_or_files() -> None:
    names, problems = _toc_names(), []
    for p in toc_pages():
        text = prose(p)
        for match in MD_LINK.finditer(text):
            target = match.group("target")
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("#"):
                continue  # a web address, or an anchor on the same page
            path = target.split("#", 1)[0]
            where = f"{p.rel}:{p.line(match.start())}"
            if path.endswith((".md", ".ipynb")):
                if page_name(path, p) not in names:
                    problems.append(f"{where}: link to {target!r} is no page of _toc.yml")
            elif not (p.path.parent / path).exists():
                problems.append(f"{where}: link to {target!r}: no such file")
    assert not problems, "\n".join(problems)


def test_ref_links_lead_to_labels() -> None:
    known, problems = labels(), []
    for p in toc_pages():
        text = prose(p)
        for match in REF_ROLE.finditer(text):
            label = _target(match)
            if label not in known:
                problems.append(
                    f"{p.rel}:{p.line(match.start())}: {{ref}} to {label!r}: no page of "
                    f"_toc.yml defines ({label})="
                )
    assert not problems, "\n".join(problems)


def test_directive_files_exist() -> None:
    problems = []
    for p in toc_pages():
        for d in directives(p):
            if d.name in FILE_DIRECTIVES and d.title:
                path = d.title.split()[0]
                if (
                    not re.match(r"^[a-z][a-z0-9+.-]*:", path, re.I)
                    and not (p.path.parent / path).exists()
                ):
                    problems.append(f"{p.rel}:{d.line}: {{{d.name}}} {path}: no such file")
    assert not problems, "\n".join(problems)


NEIGHBOUR = re.compile(r"\b(?P<which>next|previous|following|preceding) chapter\b", re.I)


def _names_neighbour(sentence: str, neighbour: Page, start: Page) -> bool:
    """Whether ``sentence`` links ``neighbour`` or names it (its title or its part's caption)."""
    linked = any(
        page_name(_target(m), start) == neighbour.name for m in DOC_ROLE.finditer(sentence)
    )
    named = [neighbour.title]
    if neighbour.caption and neighbour.caption != start.caption:
        named.append(neighbour.caption)
    return linked or any(name.lower() in sentence.lower() for name in named)


def test_next_and_previous_chapter_are_the_toc_neighbours() -> None:
    """A sentence saying "the next chapter" (or previous, following, preceding) links
    or names the chapter that _toc.yml puts there."""
    pages = toc_pages()
    problems = []
    for index, p in enumerate(pages):
        text = prose(p)
        for match in NEIGHBOUR.finditer(text):
            step = 1 if match.group("which").lower() in ("next", "following") else -1
            sentence = sentence_at(text, match.start(), match.end())
            where = f"{p.rel}:{p.line(match.start())}"
            if not 0 <= index + step < len(pages):
                problems.append(f"{where}: “{sentence}”: _toc.yml has no such chapter")
                continue
            neighbour = pages[index + step]
            if not _names_neighbour(sentence, neighbour, p):
                other = pages[index - step] if 0 <= index - step < len(pages) else None
                aside = f"; the other neighbour is {other.name} (“{other.title}”)" if other else ""
                problems.append(
                    f"{where}: “{sentence}”: the {match.group('which').lower()} chapter in "
                    f"_toc.yml is {neighbour.name} (“{neighbour.title}”), which the sentence "
                    f"neither links nor names{aside}"
                )
    assert not problems, "\n".join(problems)


def test_next_and_previous_section_exist() -> None:
    """ "The next section" comes before a heading, "the previous section" after two."""
    problems = []
    for p in toc_pages():
        text = prose(p)
        headings = [m.start() for m in re.finditer(r"^#{2,6} ", text, re.MULTILINE)]
        for match in re.finditer(r"\b(next|previous) section\b", text, re.I):
            before = sum(1 for h in headings if h < match.start())
            after = len(headings) - before
            if match.group(1).lower() == "next" and after == 0:
                problems.append(f"{p.rel}:{p.line(match.start())}: no section follows")
            if match.group(1).lower() == "previous" and before < 2:
                problems.append(f"{p.rel}:{p.line(match.start())}: no section comes before")
    assert not problems, "\n".join(problems)


def _game_pages() -> dict[str, list[Page]]:
    """The toc pages of each library game (its folder is the game's key)."""
    return {g.key: [p for p in toc_pages() if p.name.startswith(f"book/{g.key}/")] for g in GAMES}


def test_every_game_of_the_library_has_a_part_in_the_toc() -> None:
    """(The intro's count of games is checked against the toc in test_figures.)"""
    missing = [key for key, pages in _game_pages().items() if not pages]
    assert not missing, f"_toc.yml has no page for: {', '.join(missing)}"
