"""Time the best-arrangement search against the naive scan, on the same hands.

Run: ``python benchmarks/arrange_solver.py [--hands N] [--naive M]``.
Prints the median and worst time per hand of ``strongest_arrangement``, the
strength objective (each 5-card and 3-card subset evaluated once, strongest
backs first, with a bound), and of ``naive_best_arrangement`` (every one of
the 72,072 splits built and evaluated from scratch), and checks that both
find arrangements of the same value; then, on the same hands,
``best_arrangement`` with its default objective, expected points
(``rules_lib.setting.expected``), for each game beside it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from rules_lib.setting import naive_best_arrangement, random_hand, strongest_arrangement
from rules_lib.setting.expected import GAMES
from rules_lib.showdown import best_arrangement


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--naive", type=int, default=5, help="hands for the slow naive scan")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    hands = [random_hand(rng) for _ in range(args.hands)]
    strongest_arrangement(hands[0])  # build the fixed split plan once, as a widget would at start
    fast = []
    for hand in hands:
        start = time.perf_counter()
        strongest_arrangement(hand)
        fast.append(time.perf_counter() - start)
    slow = []
    for hand in hands[: args.naive]:
        start = time.perf_counter()
        ref = naive_best_arrangement(hand)
        slow.append(time.perf_counter() - start)
        got = strongest_arrangement(hand)
        if [v.code for v in got.values()] != [v.code for v in ref.values()]:
            raise SystemExit(f"the two searches disagree on {hand}")
    print(f"best arrangement of 13 cards, {len(hands)} random hands (naive scan: {len(slow)})")
    print(
        f"  strongest_arrangement   median {statistics.median(fast) * 1e3:7.2f} ms   worst {max(fast) * 1e3:7.2f} ms"
    )
    print(
        f"  naive_best_arrangement  median {statistics.median(slow) * 1e3:7.1f} ms   worst {max(slow) * 1e3:7.1f} ms"
    )
    print(f"  speed-up (medians): {statistics.median(slow) / statistics.median(fast):.0f}x")
    for game in GAMES:
        best_arrangement(hands[0], game)  # load the tables once, as a widget would
        times = []
        for hand in hands:
            start = time.perf_counter()
            best_arrangement(hand, game)
            times.append(time.perf_counter() - start)
        print(
            f"  expected points, {game:<13} median {statistics.median(times) * 1e3:7.2f} ms   "
            f"worst {max(times) * 1e3:7.2f} ms"
        )


if __name__ == "__main__":
    main()
