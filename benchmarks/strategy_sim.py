"""Time the strategy simulation: deals against three solver-set opponents.

Run: ``python benchmarks/strategy_sim.py [--deals N]``.  Prints, side by side
on the same deals, the time of one advice experiment (two settings of one
hand, every deal's three opponents set by the solver) run in one process and
spread over every CPU, and checks that both give identical results.  The
issue's target: 2,000 deals in under 10 s.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence

from rules_lib.strategy import ADVICE, run_experiment


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    settings = ADVICE[0].arrangements()
    run_experiment(settings, deals=10, seed=args.seed)  # build the solver's tables once

    timings = {}
    results = {}
    for name, workers in (("one process", 1), (f"{os.cpu_count()} processes", None)):
        start = time.perf_counter()
        results[name] = run_experiment(settings, deals=args.deals, seed=args.seed, workers=workers)
        timings[name] = time.perf_counter() - start
    first, second = results.values()
    if first != second:
        raise SystemExit("the parallel run disagrees with the serial one")
    print(f"strategy simulation: {args.deals:,} deals, 3 solver opponents each, 2 settings")
    for name, seconds in timings.items():
        per_deal = seconds / args.deals * 1e3
        print(f"  {name:14s} {seconds:6.2f} s   ({per_deal:.2f} ms per deal)")
    print(f"  identical results: yes   target: {args.deals:,} deals under 10 s")


if __name__ == "__main__":
    main()
