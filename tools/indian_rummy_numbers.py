"""The numbers of Indian Rummy a player wonders about, for ``book/indian_rummy/numbers.md``.

Run from the repository root:
``python tools/indian_rummy_numbers.py [--hands N] [--deals M] [--minutes T]``.

Two tables of the same two-player deals (``new_game(seed, players=2)`` under the
``source`` preset, seeds 0, 1, 2, ...), each about the 13 cards of the player who
acts first:

* ``hands``: for each deal, whether the hand holds a pure sequence (three
  natural cards of one suit in a row: ``1`` or ``0``), whether it holds a wild
  card or a joker, the points of its best grouping if someone declared at
  once (:func:`rules_lib.indian_rummy.groups.hand_points`), and whether the
  heuristic bot would drop it (:func:`rules_lib.indian_rummy.bots.is_hopeless`).
* ``drops``: for each deal, that player's result when it plays the deal out
  with the heuristic bot's play but never drops (the winner takes the other's
  points, the loser loses its own), against a heuristic bot.  A first drop
  would have cost 20, so the drop saves ``-20 - result`` points; the chapter
  averages that by the hand's strength.

The file ``book/indian_rummy/numbers.json`` holds one entry per deal in each
table; the run can be stopped and started again, and goes on from the deals
already in the file (it writes every 100 deals).  A hidden cell of the chapter
recomputes some entries and checks that they come out the same.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_lib.engine import playout  # noqa: E402
from rules_lib.indian_rummy import PRESETS  # noqa: E402
from rules_lib.indian_rummy.bots import HeuristicBot, has_pure_sequence, is_hopeless  # noqa: E402
from rules_lib.indian_rummy.game import Move, is_wild, new_game  # noqa: E402
from rules_lib.indian_rummy.groups import hand_points  # noqa: E402

OUT = ROOT / "book" / "indian_rummy" / "numbers.json"
RULES = PRESETS["source"]


class NeverDrops(HeuristicBot):
    """The heuristic bot's play, but it never drops."""

    name = "never drops"

    def choose(self, observation: Any, legal: Any, rng: random.Random) -> Any:
        return super().choose(observation, [a for a in legal if a.move is not Move.DROP], rng)


def hand_entry(seed: int) -> list[int]:
    """[pure sequence, wild card or joker, points, hopeless] of the first player's
    dealt hand (hopeless: the heuristic bot would drop it, :func:`is_hopeless`)."""
    state = new_game(seed, players=2, rules=RULES)
    hand = state.hands[state.current_player()]
    wild = state.wild_rank
    return [
        int(has_pure_sequence(hand, wild, RULES.ace_high)),
        int(any(is_wild(c, wild) for c in hand)),
        hand_points(hand, RULES, wild),
        int(is_hopeless(hand, RULES, wild)),
    ]


def drop_entry(seed: int) -> float:
    """The first player's result when it plays the deal out instead of dropping."""
    state = new_game(seed, players=2, rules=RULES)
    first = state.current_player()
    bots: list[Any] = [HeuristicBot(), HeuristicBot()]
    bots[first] = NeverDrops()
    end = playout(state, bots, random.Random(seed))
    return end.returns()[first]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000)
    parser.add_argument("--deals", type=int, default=2_000)
    parser.add_argument("--minutes", type=float, default=60.0, help="stop after this long")
    args = parser.parse_args()
    data: dict[str, list[Any]] = json.loads(OUT.read_text()) if OUT.exists() else {}
    hands = data.setdefault("hands", [])
    drops = data.setdefault("drops", [])
    stop = time.perf_counter() + 60 * args.minutes
    start = time.perf_counter()
    for seed in range(len(hands), args.hands):
        hands.append(hand_entry(seed))
        if (seed + 1) % 500 == 0 or seed + 1 == args.hands:
            OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
            print(f"hands: {seed + 1}, {time.perf_counter() - start:.0f} s", flush=True)
    for seed in range(len(drops), args.deals):
        if time.perf_counter() > stop:
            break
        drops.append(drop_entry(seed))
        if (seed + 1) % 100 == 0 or seed + 1 == args.deals:
            OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
            print(f"drops: {seed + 1}, {time.perf_counter() - start:.0f} s", flush=True)
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
