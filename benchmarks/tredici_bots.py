"""Win rates of the Tredici bots against each other, and how fast games run.

Run: ``python benchmarks/tredici_bots.py [--games N] [--seed S] [--catch P]``.

Each match-up plays N whole games from seeds S, S+1, …; the two bots swap
seats every game (seat 0 plays first), so neither gains from moving first.
For each match-up it prints the first bot's wins, losses and draws (turn
limit), a 95% interval of its win rate, the median and 90th percentile game
length in turns, and the speed in games and moves (single steps) per second
of CPU time (``time.process_time``, so other load on the machine does not skew it).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from rules_lib.engine import Bot, RandomBot, playout
from rules_lib.tredici import PRESETS, TrediciBot, TrediciRules, TrediciState, new_game


def match(
    make_a: Callable[[], Bot[Any]],
    make_b: Callable[[], Bot[Any]],
    games: int,
    seed: int,
    rules: TrediciRules,
) -> tuple[list[int], list[int], int, float]:
    """Results of bot A (+1 win, 0 draw, -1 loss), game lengths, moves, seconds."""
    results: list[int] = []
    turns: list[int] = []
    moves = 0
    start = time.process_time()
    for g in range(seed, seed + games):
        a_seat = g % 2
        bots = [make_a(), make_b()] if a_seat == 0 else [make_b(), make_a()]
        final: TrediciState = playout(new_game(g, rules), bots, random.Random(g))
        results.append(int(final.returns()[a_seat]))
        turns.append(final.turn)
        moves += len(final.moves)
    return results, turns, moves, time.process_time() - start


def wilson(wins: int, n: int) -> tuple[float, float]:
    """95% Wilson interval of a proportion."""
    if n == 0:
        return (0.0, 0.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--catch", type=float, default=0.5, help="the bot's p of calling thirteen")
    args = parser.parse_args(argv)

    def bot(**kw: float) -> Callable[[], Bot[Any]]:
        return lambda: TrediciBot(**{"catch": args.catch, **kw})

    source, house = PRESETS["source"], PRESETS["house"]
    matchups: list[tuple[str, Callable[[], Bot[Any]], Callable[[], Bot[Any]], TrediciRules]] = [
        (f"bot (p={args.catch}) vs random", bot(), RandomBot, source),
        (f"bot (p={args.catch}) vs random, house rules", bot(), RandomBot, house),
        (f"bot (p={args.catch}) vs bot (p={args.catch})", bot(), bot(), source),
        ("bot vs bot that forgets half its calls", bot(), bot(remember=0.5), source),
        (
            "p=1 vs p=0, both forget 30% of calls",
            bot(catch=1, remember=0.7),
            bot(catch=0, remember=0.7),
            source,
        ),
        ("random vs random (speed)", RandomBot, RandomBot, source),
    ]
    print(f"Tredici: {args.games:,} games per match-up from seed {args.seed}, seats alternate")
    header = (
        f"{'match-up':42s} {'wins':>5s} {'losses':>6s} {'draws':>5s} "
        f"{'win rate (95%)':>19s} {'turns med/p90':>13s} {'games/s':>8s} {'moves/s':>8s}"
    )
    print(header)
    print("-" * len(header))
    for name, make_a, make_b, rules in matchups:
        results, turns, moves, seconds = match(make_a, make_b, args.games, args.seed, rules)
        wins, losses = results.count(1), results.count(-1)
        draws = len(results) - wins - losses
        low, high = wilson(wins, len(results))
        turns.sort()
        p90 = turns[int(0.9 * (len(turns) - 1))]
        print(
            f"{name:42s} {wins:5d} {losses:6d} {draws:5d} "
            f"{wins / len(results):6.1%} ({low:5.1%}-{high:5.1%}) "
            f"{statistics.median(turns):6.0f}/{p90:<6d} "
            f"{len(results) / seconds:8.1f} {moves / seconds:8.0f}"
        )


if __name__ == "__main__":
    main()
