"""The odds of Pyramid: how many random deals can be won, under each preset.

Run from the repository root: ``python tools/pyramid_odds.py [--deals N] [--preset P]``.

For each preset of :data:`rules_lib.pyramid.PRESETS`, deal ``seed`` 0, 1, 2, ...
(:func:`rules_lib.pyramid.new_game`), ask the exact solver whether the deal can
be won (:func:`rules_lib.pyramid.solve`) and play it with the greedy player
(:func:`rules_lib.pyramid.greedy_play`: kings first, then the first pair it
sees, else turn the stock), and write one character per deal and player
(``1`` won, ``0`` lost) to ``book/pyramid/odds.json``, which the chapter reads.
A hidden cell of the chapter solves some of the deals again and checks that
they come out the same.  The run can be stopped and started again: it goes on
from the deals already in the file.  A line per 500 deals shows progress.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_lib.pyramid import PRESETS, greedy_play, new_game, solve  # noqa: E402

OUT = ROOT / "book" / "pyramid" / "odds.json"


def run(preset: str, deals: int, data: dict[str, dict[str, str]]) -> None:
    rules = PRESETS[preset]
    entry = data.setdefault(preset, {"solver": "", "greedy": ""})
    start = time.perf_counter()
    for seed in range(len(entry["solver"]), deals):
        game = new_game(seed, rules)
        entry["solver"] += "1" if solve(game).winnable else "0"
        entry["greedy"] += "1" if greedy_play(game).is_won() else "0"
        if (seed + 1) % 500 == 0 or seed + 1 == deals:
            OUT.write_text(json.dumps(data, indent=0) + "\n")
            won = entry["solver"].count("1")
            print(
                f"{preset}: {seed + 1} deals, {won} winnable, {time.perf_counter() - start:.0f} s",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--preset", choices=list(PRESETS), action="append")
    args = parser.parse_args()
    data = json.loads(OUT.read_text()) if OUT.exists() else {}
    for preset in args.preset or list(PRESETS):
        run(preset, args.deals, data)


if __name__ == "__main__":
    main()
