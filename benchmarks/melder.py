"""Time the Three-Thirteen melder against the brute-force oracle, on the same hands.

Run: ``python benchmarks/melder.py [--hands N] [--oracle M] [--games G]``.

The hands are the hardest the game deals: 14 cards (13 dealt plus the one
drawn) from two decks with two jokers each, a random wild rank from 3 to K.
Prints the median and worst time per hand of ``best_melds`` (the candidate
melds searched as bitmasks, wild cards as a count) and of
``brute_force_melds`` (every subset of the hand tried as a meld), checks that
both find the same penalty, and times whole 11-round games between bots.

Each hand is timed three times with the melder's cache cleared before every
run, and the least of the three is kept (the machine may be busy with other
work; the least is the truest cost of the code).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from rules_lib.cards import Cards, Rank, standard_deck
from rules_lib.engine import playout
from rules_lib.three_thirteen import (
    GreedyBot,
    ThreeThirteenRules,
    WaryBot,
    best_melds,
    brute_force_melds,
    is_wild,
    new_game,
)
from rules_lib.three_thirteen.melds import _search


def least_of(runs: int, call: Callable[..., object], *args: object) -> float:
    """The least time of ``runs`` calls, the melder's cache cleared before each."""
    best = float("inf")
    for _ in range(runs):
        _search.cache_clear()
        start = time.perf_counter()
        call(*args)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--oracle", type=int, default=40, help="hands for the slow oracle")
    parser.add_argument("--games", type=int, default=5, help="bot games to time")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    rules = ThreeThirteenRules(jokers=2)
    deck = list(standard_deck(2, 2))
    hands = [(Cards(rng.sample(deck, 14)), Rank(rng.randint(3, 13))) for _ in range(args.hands)]

    fast = [least_of(3, best_melds, hand, wild, rules) for hand, wild in hands]
    slow = []
    for hand, wild in hands[: args.oracle]:
        start = time.perf_counter()
        reference = brute_force_melds(hand, wild, rules)
        slow.append(time.perf_counter() - start)
        if best_melds(hand, wild, rules).penalty != reference.penalty:
            raise SystemExit(f"the melder and the oracle disagree on {hand} ({wild.plural} wild)")
    wilds = [sum(is_wild(c, w) for c in h) for h, w in hands]

    print(
        f"best melds of 14 cards (two decks + 4 jokers, random wild rank), {len(hands)} hands, "
        f"{statistics.mean(wilds):.1f} wild cards a hand on average (at most {max(wilds)})"
    )
    print(
        f"  best_melds         median {statistics.median(fast) * 1e3:8.3f} ms   "
        f"worst {max(fast) * 1e3:8.3f} ms"
    )
    if slow:
        same = fast[: len(slow)]
        print(
            f"  brute_force_melds  median {statistics.median(slow) * 1e3:8.1f} ms   "
            f"worst {max(slow) * 1e3:8.1f} ms   ({len(slow)} hands, same penalties)"
        )
        print(
            f"  speed-up on those hands (medians): {statistics.median(slow) / statistics.median(same):.0f}x"
        )

    for players in (2, 4):
        times = []
        moves = []
        for game in range(args.games):
            bots = [GreedyBot() if seat % 2 == 0 else WaryBot() for seat in range(players)]
            start = time.perf_counter()
            final = playout(new_game(seed=game, players=players), bots, random.Random(game))
            times.append(time.perf_counter() - start)
            moves.append(len(final.moves))
        print(
            f"a full 11-round game, {players} players (greedy and wary bots): "
            f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s, "
            f"{statistics.mean(moves):.0f} moves on average"
        )


if __name__ == "__main__":
    main()
