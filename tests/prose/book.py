"""Reading the book's pages as the prose tests need them.

* :func:`toc_pages`: the pages of ``_toc.yml`` in reading order, with their
  part's caption and title.
* :func:`prose`: a page's text with everything that is not prose blanked out
  (front matter, code cells and code blocks, directive option lines, labels,
  comments), line for line, so that an offset in it gives the page's line.
* :func:`directives`: the directives of a page (admonitions and others) with
  their title, options and body.
* :func:`number`, :func:`ordinal`: figures written in words or digits.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[2]
TOC = ROOT / "_toc.yml"
PAGE_SUFFIXES = (".md", ".ipynb")


@dataclass(frozen=True)
class Page:
    """One page of the table of contents."""

    name: str  # as _toc.yml writes it: "book/tien_len/index"
    caption: str | None  # the caption of its part (None for the root)

    @property
    def path(self) -> Path:
        for suffix in PAGE_SUFFIXES:
            path = ROOT / (self.name + suffix)
            if path.exists():
                return path
        return ROOT / (self.name + ".md")

    @property
    def rel(self) -> str:
        return self.path.relative_to(ROOT).as_posix()

    @property
    def text(self) -> str:
        return _read(self.path)

    @property
    def title(self) -> str:
        """The page's first level-1 heading."""
        match = re.search(r"^# +(.+?)\s*$", prose(self), re.MULTILINE)
        return match.group(1) if match else self.name

    def line(self, offset: int) -> int:
        """The line (from 1) of an offset in :func:`prose`."""
        return prose(self).count("\n", 0, offset) + 1


@cache
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@cache
def toc_pages() -> tuple[Page, ...]:
    """The pages of ``_toc.yml`` in reading order: the root, then every chapter."""
    toc = yaml.safe_load(TOC.read_text(encoding="utf-8"))
    pages = [Page(_strip_suffix(toc["root"]), None)]

    def add(entries: list[dict[str, object]], caption: str | None) -> None:
        for entry in entries:
            if "file" in entry:
                pages.append(Page(_strip_suffix(str(entry["file"])), caption))
            for key in ("sections", "chapters"):
                if key in entry:
                    add(entry[key], caption)  # type: ignore[arg-type]

    for part in toc.get("parts", []):
        add(part.get("chapters", []), part.get("caption"))
    add(toc.get("chapters", []), None)
    return tuple(pages)


def page(name: str) -> Page:
    """The toc page called ``name``."""
    for p in toc_pages():
        if p.name == name:
            return p
    raise KeyError(f"{name} is not a page of _toc.yml")


def _strip_suffix(name: str) -> str:
    for suffix in PAGE_SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def page_name(target: str, start: Page) -> str:
    """The toc-style name of a link target written on ``start`` (relative, or from the root)."""
    base = ROOT if target.startswith("/") else start.path.parent
    path = os.path.normpath(base / target.lstrip("/"))
    return _strip_suffix(Path(path).relative_to(ROOT).as_posix())


# --- prose and directives ----------------------------------------------------------

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,}|:{3,})\s*(?P<info>.*?)\s*$")
#: Directives whose body is code, not prose.
CODE_DIRECTIVES = {"code-cell", "code", "code-block", "sourcecode", "raw", "eval-rst", "math"}
#: Directives whose argument is a title in words.
TITLED_DIRECTIVES = {"admonition", "dropdown", "topic", "sidebar"}


@dataclass
class Directive:
    """A fenced directive: ``name``, its ``title`` (the argument), options and body lines."""

    name: str
    title: str
    line: int  # the line of its opening fence (from 1)
    options: dict[str, str] = field(default_factory=dict)
    body: list[tuple[int, str]] = field(default_factory=list)  # (line, text)


def _scan(text: str) -> tuple[list[str], list[Directive]]:
    """The prose lines of ``text`` (others blanked) and its directives."""
    lines = text.split("\n")
    out = list(lines)
    directives: list[Directive] = []
    stack: list[tuple[str, int, Directive | None]] = []  # fence char, length, directive
    in_options = False
    start = 0
    if lines and lines[0].strip() == "---":  # front matter
        for i in range(1, len(lines)):
            if lines[i].strip() == "---":
                start = i + 1
                break
        for i in range(start):
            out[i] = ""
    for i in range(start, len(lines)):
        line = lines[i]
        top = stack[-1] if stack else None
        code = top is not None and top[2] is None
        match = _FENCE.match(line)
        if match and top is not None:
            fence = match.group("fence")
            if fence[0] == top[0] and len(fence) >= top[1] and not match.group("info"):
                stack.pop()
                out[i] = ""
                in_options = False
                continue
        if code:
            out[i] = ""
            continue
        if match:
            fence, info = match.group("fence"), match.group("info")
            name = re.match(r"\{([\w-]+)\}\s*(.*)$", info)
            if name and name.group(1) not in CODE_DIRECTIVES:
                directive = Directive(name.group(1), name.group(2), i + 1)
                directives.append(directive)
                for _char, _len, outer in stack:
                    if outer is not None:
                        outer.body.append((i + 1, line))
                stack.append((fence[0], len(fence), directive))
                # an admonition's title is prose; other arguments (paths) are not
                out[i] = directive.title if directive.name in TITLED_DIRECTIVES else ""
                in_options = True
                continue
            if fence[0] != ":" or name:  # a code block (a bare ::: is not a fence)
                stack.append((fence[0], len(fence), None))
                out[i] = ""
                continue
        if in_options:
            option = re.match(r"^:([\w-]+):\s*(.*)$", line)
            if option and top is not None and top[2] is not None:
                top[2].options[option.group(1)] = option.group(2)
                out[i] = ""
                continue
            in_options = False
        for _char, _len, enclosing in stack:
            if enclosing is not None:
                enclosing.body.append((i + 1, line))
        if re.match(r"^\s*\([\w-]+\)=\s*$", line) or re.match(r"^\s*%", line):
            out[i] = ""  # a label or a comment
    return out, directives


@cache
def _scanned(p: Page) -> tuple[str, tuple[Directive, ...]]:
    lines, directives = _scan(p.text)
    text = "\n".join(lines)
    text = re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group()), text, flags=re.S)
    return text, tuple(directives)


def prose(p: Page) -> str:
    """The page's prose, line for line (blanked lines keep their place)."""
    return _scanned(p)[0]


def directives(p: Page) -> tuple[Directive, ...]:
    """Every non-code directive of the page, in order (nested ones too)."""
    return _scanned(p)[1]


def labels() -> dict[str, str]:
    """Every ``(label)=`` and ``:name:`` target of the toc pages, and the page defining it."""
    found: dict[str, str] = {}
    for p in toc_pages():
        for match in re.finditer(r"^\s*\(([\w-]+)\)=\s*$", p.text, re.MULTILINE):
            found[match.group(1)] = p.rel
        for d in directives(p):
            if "name" in d.options:
                found[d.options["name"]] = p.rel
    return found


def sentence_at(text: str, start: int, end: int) -> str:
    """The sentence around ``text[start:end]`` (whitespace collapsed)."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    left = max((e for e in ends if e <= start), default=0)
    right = min((e for e in ends if e >= end), default=len(text))
    return " ".join(text[left:right].split())


_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n\s*\n")


# --- figures in words or digits --------------------------------------------------

_UNITS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
WORD_VALUES = {w: i for i, w in enumerate(_UNITS)} | {w: 20 + 10 * i for i, w in enumerate(_TENS)}
_ORDINAL_UNITS = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
]
_ORDINAL_TENS = [
    "twentieth",
    "thirtieth",
    "fortieth",
    "fiftieth",
    "sixtieth",
    "seventieth",
    "eightieth",
    "ninetieth",
]
ORDINAL_VALUES = {w: i for i, w in enumerate(_ORDINAL_UNITS)} | {
    w: 20 + 10 * i for i, w in enumerate(_ORDINAL_TENS)
}


def number(token: str) -> int | None:
    """``"72,072"`` → 72072, ``"eleven"`` → 11, ``"Fifty-four"`` → 54; ``None`` if not a number."""
    word = token.strip().lower()
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d+", word):
        return int(word.replace(",", ""))
    if word in WORD_VALUES:
        return WORD_VALUES[word]
    tens, _, unit = word.partition("-")
    if tens in _TENS and unit in _UNITS[1:10]:
        return WORD_VALUES[tens] + WORD_VALUES[unit]
    return None


def ordinal(token: str) -> int | None:
    """``"eleventh"`` → 11, ``"11th"`` → 11, ``"twenty-first"`` → 21; ``None`` if not an ordinal."""
    word = token.strip().lower()
    match = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", word)
    if match:
        return int(match.group(1))
    if word in ORDINAL_VALUES:
        return ORDINAL_VALUES[word]
    tens, _, unit = word.partition("-")
    if tens in _TENS and unit in _ORDINAL_UNITS[1:10]:
        return WORD_VALUES[tens] + ORDINAL_VALUES[unit]
    return None


def iter_pages(names: tuple[str, ...] | None = None) -> Iterator[Page]:
    """The toc pages, or those named."""
    for p in toc_pages():
        if names is None or p.name in names:
            yield p
