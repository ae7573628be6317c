"""Copy every notebook of the book into a folder nbval can run.

nbval runs ``.ipynb`` files only, and the book's pages are MyST text
notebooks (``.md``): each is converted with jupytext; app notebooks
(``.ipynb``) are copied.  Usage: ``python tools/nbval_notebooks.py OUT_DIR``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import jupytext


def book_notebooks(book: Path = Path("book")) -> list[Path]:
    pages = [
        p
        for p in sorted(book.rglob("*.md"))
        if p.read_text(encoding="utf-8").startswith("---\njupytext:")
    ]
    apps = sorted(book.rglob("*.ipynb"))
    return [p for p in pages + apps if ".ipynb_checkpoints" not in p.parts]


def main(out: str) -> None:
    target = Path(out)
    shutil.rmtree(target, ignore_errors=True)
    notebooks = book_notebooks()
    for source in notebooks:
        dest = target / source.relative_to("book").with_suffix(".ipynb")
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix == ".md":
            jupytext.write(jupytext.read(source), dest, fmt="ipynb")
        else:
            shutil.copy(source, dest)
    print(f"{len(notebooks)} notebooks ready for nbval in {target}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "test-output/nbval")
