"""Time our 5-card evaluator against treys on the same random hands.

Run: ``python benchmarks/poker_eval.py [--hands N] [--repeat R]``.
Prints hands per second for each evaluator (median of R runs) and the ratio.
Both evaluators get the same hands, each in its own integer card encoding,
converted before timing; a check that both order the hands the same way runs
first, so the figures compare evaluators that agree.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable, Sequence

from treys import Card as TreysCard
from treys import Evaluator

from rules_lib import standard_deck
from rules_lib.cards import Card
from rules_lib.poker import code5, evaluate


def _treys_int(card: Card) -> int:
    rank = "T" if card.rank.notation == "10" else card.rank.notation
    return TreysCard.new(rank + card.suit.value)


def _time(fn: Callable[[], object], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    deck = list(standard_deck())
    hands = [rng.sample(deck, 5) for _ in range(args.hands)]
    ours = [tuple(c.code for c in h) for h in hands]
    theirs = [[_treys_int(c) for c in h] for h in hands]
    ev = Evaluator()

    # Agreement first: treys ranks 1 (best) .. 7462, we rank by larger code.
    sample = range(min(20_000, len(hands)))
    by_ours = sorted(sample, key=lambda i: code5(*ours[i]))
    treys_rank = [ev._five(theirs[i]) for i in by_ours]
    if not all(a >= b for a, b in itertools.pairwise(treys_rank)):
        raise SystemExit("the two evaluators order the hands differently")

    def run_ours() -> None:
        f = code5
        for h in ours:
            f(*h)

    def run_treys_inner() -> None:
        f = ev._five
        for h in theirs:
            f(h)

    def run_treys_public() -> None:
        f = ev.evaluate
        for h in theirs:
            f([], h)

    def run_ours_public() -> None:
        for h in hands:
            evaluate(h)

    n = len(hands)
    rows = [
        ("rules_lib code5 (ints)", _time(run_ours, args.repeat)),
        ("treys Evaluator._five (ints)", _time(run_treys_inner, args.repeat)),
        ("treys Evaluator.evaluate (ints)", _time(run_treys_public, args.repeat)),
        ("rules_lib evaluate (Card objects)", _time(run_ours_public, args.repeat)),
    ]
    print(f"{n:,} random 5-card hands, median of {args.repeat} runs")
    for name, seconds in rows:
        print(f"  {name:36s} {n / seconds / 1e6:6.2f} M hands/s  {seconds / n * 1e9:7.0f} ns/hand")
    print(f"ratio rules_lib code5 / treys _five:    {rows[1][1] / rows[0][1]:.2f}x as fast")
    print(f"ratio rules_lib code5 / treys evaluate: {rows[2][1] / rows[0][1]:.2f}x as fast")


if __name__ == "__main__":
    main()
