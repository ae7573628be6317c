"""The book's readings of its sources: the admonition convention, and the rule
options and presets the chapters name exist in the library.

The convention::

    :::{admonition} The book's reading: <short topic>
    :class: reading
    **The source says** ...

    **The book reads** ...

    **The other reading** is the option ...
    :::
"""

from __future__ import annotations

import ast
import importlib
import re
from dataclasses import fields
from typing import Any

from rules_lib.games import GAMES

from .book import Directive, Page, directives, prose, toc_pages

READING_TITLE = re.compile(r"^The book['’]s reading: \S")
#: The three bold leads, in order, each starting a paragraph.
LEADS = ("**The source says**", "**The book reads**", "**The other reading**")

#: The module of each game's rules and presets, by the folder of its chapter (the game's key).
GAME_MODULES = {g.key: g.rules_class.__module__ for g in GAMES}


def _is_reading(d: Directive) -> bool:
    classes = d.options.get("class", "").split()
    return d.name == "admonition" and (
        "reading" in classes or d.title.lower().replace("’", "'").startswith("the book's reading")
    )


def _paragraph_starts(d: Directive) -> list[tuple[int, str]]:
    """The first line of each paragraph of the directive's body."""
    starts, previous_blank = [], True
    for line, text in d.body:
        if text.strip() and previous_blank:
            starts.append((line, text.strip()))
        previous_blank = not text.strip()
    return starts


def _convention_problems(p: Page, d: Directive) -> list[str]:
    where = f"{p.rel}:{d.line}: reading “{d.title}”"
    problems = []
    if not READING_TITLE.match(d.title):
        problems.append(f"{where}: the title must read “The book's reading: <short topic>”")
    if "reading" not in d.options.get("class", "").split():
        problems.append(f"{where}: needs “:class: reading” right after the title")
    starts = _paragraph_starts(d)
    found = []
    for lead in LEADS:
        lines = [line for line, text in starts if text.startswith(lead)]
        if len(lines) != 1:
            count = "no" if not lines else f"{len(lines)}"
            problems.append(f"{where}: {count} paragraph starting with {lead} (needs one)")
        else:
            found.append(lines[0])
    if len(found) == len(LEADS) and found != sorted(found):
        problems.append(f"{where}: the bold parts must come in the order {', '.join(LEADS)}")
    if starts and not starts[0][1].startswith(LEADS[0]):
        problems.append(f"{where}: the body must begin with {LEADS[0]}")
    return problems


def test_reading_admonitions_follow_the_convention() -> None:
    problems = []
    for p in toc_pages():
        for d in directives(p):
            if _is_reading(d):
                problems += _convention_problems(p, d)
    assert not problems, "\n".join(problems)


def test_the_words_the_books_reading_stand_in_a_reading_admonition() -> None:
    """A reading is always written as the admonition, never as loose prose or another box."""
    problems = []
    for p in toc_pages():
        titles = {d.line for d in directives(p) if _is_reading(d)}
        for number, line in enumerate(p.text.split("\n"), 1):
            opens = re.search(r"^\s*(?:[:`~]{3,}\{[\w-]+\}|#+)\s*The book['’]s reading", line)
            if opens and number not in titles:
                problems.append(f"{p.rel}:{number}: “{line.strip()}” is not a reading admonition")
    assert not problems, "\n".join(problems)


# --- the options and presets a chapter names -----------------------------------------


def _rules_classes() -> dict[str, type]:
    classes = {}
    for module_name in GAME_MODULES.values():
        module = importlib.import_module(module_name)
        for name in dir(module):
            if name.endswith("Rules") and isinstance(getattr(module, name), type):
                classes[name] = getattr(module, name)
    return classes


def _presets(p: Page) -> dict[str, Any] | None:
    parts = p.name.split("/")
    if len(parts) < 3 or parts[1] not in GAME_MODULES:
        return None
    module = importlib.import_module(GAME_MODULES[parts[1]])
    presets: dict[str, Any] | None = getattr(module, "PRESETS", None)
    return presets


RULES_CALL = re.compile(r"`(?P<call>(?P<cls>\w+Rules)\((?P<args>[^`]*)\))`")


def _option_problems(classes: dict[str, type], call: str, cls_name: str) -> list[str]:
    cls = classes.get(cls_name)
    if cls is None:
        return [f"{call}: the library has no class {cls_name}"]
    known = {f.name for f in fields(cls) if f.init}
    try:
        node = ast.parse(call, mode="eval").body
    except SyntaxError:
        return []  # not Python (an abbreviation): nothing to check
    assert isinstance(node, ast.Call)
    problems, literal = [], {}
    for keyword in node.keywords:
        if keyword.arg is None:
            continue
        if keyword.arg not in known:
            problems.append(f"{call}: {cls_name} has no option {keyword.arg!r}")
            continue
        try:
            value = ast.literal_eval(keyword.value)
        except ValueError:
            continue  # a placeholder such as `decks=n`
        if value is not Ellipsis:  # `option=...` names the option only
            literal[keyword.arg] = value
    if not problems and literal:
        try:
            cls(**literal)
        except (ValueError, TypeError) as error:
            problems.append(f"{call}: the library refuses it: {error}")
    return problems


def test_named_rule_options_exist() -> None:
    """Every `SomeRules(option=value)` a chapter writes is an option the library accepts."""
    classes, problems = _rules_classes(), []
    for p in toc_pages():
        text = prose(p)
        for match in RULES_CALL.finditer(text):
            problems += [
                f"{p.rel}:{p.line(match.start())}: {problem}"
                for problem in _option_problems(classes, match.group("call"), match.group("cls"))
            ]
    assert not problems, "\n".join(problems)


PRESET_NAME = re.compile(
    r"[\"`“](?P<a>[^\"`”\n]{1,40})[\"`”]\s+preset\b|\bpreset\s+[\"`“](?P<b>[^\"`”\n]{1,40})[\"`”]"
)


def test_named_presets_exist() -> None:
    """A preset a game's chapter names in quotes is one of the game's PRESETS."""
    problems = []
    for p in toc_pages():
        presets = _presets(p)
        if presets is None:
            continue
        text = prose(p)
        for match in PRESET_NAME.finditer(text):
            name = match.group("a") or match.group("b")
            if name not in presets:
                problems.append(
                    f"{p.rel}:{p.line(match.start())}: no preset {name!r}; "
                    f"the presets are {', '.join(presets)}"
                )
    assert not problems, "\n".join(problems)
