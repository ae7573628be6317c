"""Run one stage of ``make test``: print its name, run it, print how long it took.

    python tools/stage.py NAME -- COMMAND [ARG ...]

The time of every stage is also appended to ``test-output/stages.tsv`` (name,
seconds, exit code), so a run's figures can be compared stage by stage.  The
exit code is the command's.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        raise SystemExit(__doc__)
    name, command = argv[0], argv[2:]
    print(f"== {name}", flush=True)
    start = time.monotonic()
    code = subprocess.call(command)
    seconds = time.monotonic() - start
    print(f"== {name}: {'passed' if code == 0 else 'FAILED'} in {seconds:.0f} s", flush=True)
    out = Path("test-output")
    out.mkdir(exist_ok=True)
    with (out / "stages.tsv").open("a", encoding="utf-8") as log:
        log.write(f"{name}\t{seconds:.1f}\t{code}\n")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
