"""Time whole hands of Tiến Lên and compare the bots.

Run: ``python benchmarks/tien_len_playouts.py [--games N] [--seed S]``.

Prints the time for ``N`` (default 1,000) full four-player hands with four
random bots and with a mixed table (heuristic, greedy, random, random), for
both presets, then the win rates (share of first places, mean finishing
place) of a few line-ups.  Every number depends only on ``--seed``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from rules_lib.engine import Bot, RandomBot, playout
from rules_lib.tien_len import PRESETS, Action, GreedyBot, HeuristicBot, new_game, tournament


def time_games(
    games: int, seed: int, preset: str, bots: Sequence[Bot[Action]]
) -> tuple[float, float]:
    """Seconds for ``games`` hands, and the mean number of moves per hand."""
    rules = PRESETS[preset]
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        final = playout(new_game(rng.randrange(2**32), len(bots), rules), bots, rng)
        moves += len(final.history)
    return time.perf_counter() - start, moves / games


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    lineups: dict[str, list[Bot[Action]]] = {
        "4 random bots": [RandomBot(), RandomBot(), RandomBot(), RandomBot()],
        "heuristic, greedy, 2 random": [HeuristicBot(), GreedyBot(), RandomBot(), RandomBot()],
        "4 heuristic bots": [HeuristicBot(), HeuristicBot(), HeuristicBot(), HeuristicBot()],
    }
    print(f"time for {args.games:,} full four-player hands (target: under 30 s)")
    for preset in PRESETS:
        for label, bots in lineups.items():
            seconds, moves = time_games(args.games, args.seed, preset, bots)
            print(
                f"  {preset:<8} {label:<28} {seconds:6.2f} s"
                f"  ({seconds / args.games * 1e3:5.2f} ms a hand, {moves:5.1f} moves)"
            )

    tables: list[tuple[str, list[Bot[Action]]]] = [
        ("heuristic vs greedy vs random", [HeuristicBot(), GreedyBot(), RandomBot(), RandomBot()]),
        ("heuristic vs 3 greedy", [HeuristicBot(), GreedyBot(), GreedyBot(), GreedyBot()]),
        ("3 players", [HeuristicBot(), GreedyBot(), RandomBot()]),
    ]
    for rules in PRESETS.values():
        for label, bots in tables:
            print()
            print(f"win rates, {label}:")
            print(tournament(bots, args.games, args.seed, rules))


if __name__ == "__main__":
    main()
