"""Make the Voila template "thirteen": Voila's "lab" template without its CDN links.

Voila's lab template links Font Awesome from a CDN although its own bundle
already carries those icons; in a classroom without internet (and in our
tests, where only 127.0.0.1 answers) the links only fail.  This writes a copy
of the installed template with the two links removed, into ``.app-data``
(pass ``JUPYTER_PATH=.app-data`` and ``--template=thirteen`` to Voila).
It stops with an error if the installed Voila no longer has those lines.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(".app-data/voila/templates/thirteen")


def main() -> None:
    lab = Path(sys.prefix) / "share/jupyter/voila/templates/lab/index.html.j2"
    lines = lab.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if "cdn.jsdelivr.net" not in line]
    if len(lines) - len(kept) != 2:
        raise SystemExit(f"expected 2 CDN links in {lab.name}, found {len(lines) - len(kept)}")
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "index.html.j2").write_text("".join(kept), encoding="utf-8")
    (OUT / "conf.json").write_text(json.dumps({"base_template": "lab"}), encoding="utf-8")
    print(f"wrote the Voila template {OUT}")


if __name__ == "__main__":
    main()
