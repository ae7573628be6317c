"""Write the book's glossary page, ``book/glossary.md``, from the library.

The words and their meanings live in the library (``rules_lib.glossary``: the
book's words of play, the presets of ``games.toml``, and each game's own
``GLOSSARY``); this tool only lays them out as Sphinx glossaries, one per
section, so that a chapter's ``{term}`` links lead to them.  The page is
committed; ``tests/prose/test_glossary.py`` fails when it is out of date.

Usage: ``python tools/make_glossary.py`` (from the repository's root), or
``python tools/make_glossary.py --check`` to exit 1 when the page is stale.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from rules_lib.glossary import SECTIONS, Entry, entries

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "book" / "glossary.md"

HEAD = """\
% Written by tools/make_glossary.py from the library (rules_lib/glossary.py and each
% game's GLOSSARY): change the words there, then run the tool again.

(glossary)=
# Glossary

The words of the book's games, as the book uses them. In the chapters, the
first time a page uses one of these words it links here.
"""

INTROS = {
    "Words of play": "The book's own words for the play, game by game.",
    "Presets": (
        "Each game's named sets of rules, with the words the Rules menus show "
        "for them. A link to a widget or an app can carry one."
    ),
    "Vietnamese": "The words of Tiến Lên and Mậu Binh tables.",
    "Italian": "Tredici's words, from the Italian translation the book reads.",
}

TITLES = {
    "Words of play": "Words of play",
    "Presets": "Presets",
    "Vietnamese": "Vietnamese words",
    "Italian": "Italian words",
}

_SPECIAL = re.compile(r"([\\`*_\[\]<>|{}])")


def _escape(text: str) -> str:
    """Plain text as Markdown that shows it unchanged."""
    return _SPECIAL.sub(r"\\\1", text)


def _sentence(text: str) -> str:
    """A capital at the start (after any quote) and a full stop at the end."""
    match = re.search(r"[^\W\d_]", text)
    if match and text[: match.start()] in ("", "'", "“"):
        text = text[: match.start()] + text[match.start()].upper() + text[match.end() :]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def _entry(entry: Entry) -> list[str]:
    terms = [f"`{t}`" if entry.section == "Presets" else _escape(t) for t in entry.terms]
    lines = list(terms)
    for i, (games, meaning) in enumerate(entry.meanings):
        if i:
            lines.append("")
        if entry.section == "Presets":  # a preset is the game's: the game first
            text = f"*{_escape(games)}*: {_escape(meaning)}."
        else:
            text = _escape(_sentence(meaning))
            if games:
                text = text.removesuffix(".") + f" *({_escape(games)})*."
        lines.append("  " + text)
    return lines


def render() -> str:
    """The glossary page's text."""
    out = [HEAD]
    for section in SECTIONS:
        out += [f"## {TITLES[section]}", "", INTROS[section], "", "```{glossary}"]
        for i, entry in enumerate(e for e in entries() if e.section == section):
            if i:
                out.append("")
            out += _entry(entry)
        out += ["```", ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE.relative_to(ROOT)} is out of date: run python tools/make_glossary.py")
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}: {len(entries())} entries")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
