"""The search bots (rules_lib.search) of Tiến Lên and Tredici: how long a move
takes and how often they win.

Run: ``python benchmarks/search_bots.py [--games N] [--moves M] [--seed S] [--game G]``
(``--game tien_len`` or ``tredici`` for one game only; the two can run side by side;
``--games 0`` for the move times only).

1. **A move**: M positions where the bot has a real choice (two or more
   candidates), taken from games between heuristic bots; the search bot's
   time to choose, beside the heuristic bot's on the same positions (the
   reference, timed in the same run).  Median and 90th percentile, in ms.
2. **Tournaments**, N games each, from seeds S, S+1, …, reproducible:
   * Tiến Lên: one search bot against three heuristic bots (the seats
     rotate each deal; a fair share of first places is 25%), and for the
     reference the same table with a heuristic bot in the search bot's chair;
   * Tredici: the search bot against the book's bot (seats swap each game).

   Each with its 95% Wilson interval.  Writes ``test-output/search_bots.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from tredici_bots import wilson  # beside this script

from rules_lib.engine import Bot, playout
from rules_lib.tien_len import new_game as tien_len_game
from rules_lib.tien_len.bots import HeuristicBot, distinct_plays, tournament
from rules_lib.tien_len.bots import search_bot as tien_len_search
from rules_lib.tredici import PRESETS as TREDICI_PRESETS
from rules_lib.tredici import TrediciBot
from rules_lib.tredici import new_game as tredici_game
from rules_lib.tredici.bots import search_bot as tredici_search

OUT = Path(__file__).resolve().parent.parent / "test-output"


def positions(make: Any, bot: Bot[Any], wanted: int, choice: Any) -> list[Any]:
    """Up to ``wanted`` positions with a real choice, from games of ``bot`` against itself."""
    found: list[Any] = []
    seed = 0
    while len(found) < wanted:
        state = make(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and len(found) < wanted:
            seat = state.current_player()
            legal = state.legal_actions()
            if len(choice(state.observation(seat), legal)) > 1 and rng.random() < 0.2:
                found.append(state)
            state = state.apply_action(bot.choose(state.observation(seat), legal, rng))
        seed += 1
    return found


def move_times(states: list[Any], bot: Bot[Any]) -> list[float]:
    times = []
    for n, state in enumerate(states):
        seat = state.current_player()
        legal = state.legal_actions()
        t0 = time.perf_counter()
        bot.choose(state.observation(seat), legal, random.Random(n))
        times.append((time.perf_counter() - t0) * 1000)
    return times


def beside(
    states: list[Any], search: Bot[Any], name: str, reference: Bot[Any]
) -> dict[str, dict[str, float]]:
    """The search bot's move times on ``states``, beside the reference bot's."""
    return {"search": ms(move_times(states, search)), name: ms(move_times(states, reference))}


def ms(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 2),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 2),
    }


def rate(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {
        "wins": wins,
        "games": games,
        "rate": round(wins / games, 4),
        "95% interval": [round(low, 4), round(high, 4)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=["tien_len", "tredici", "both"], default="both")
    args = parser.parse_args()
    figures: dict[str, Any] = {"games": args.games}
    if args.game != "tredici":
        figures |= tien_len_figures(args)
    if args.game != "tien_len":
        figures |= tredici_figures(args)
    OUT.mkdir(exist_ok=True)
    name = "search_bots.json" if args.game == "both" else f"search_bots_{args.game}.json"
    (OUT / name).write_text(json.dumps(figures, indent=2), encoding="utf-8")
    print(json.dumps(figures, indent=2, ensure_ascii=False))


def tien_len_figures(args: argparse.Namespace) -> dict[str, Any]:
    figures: dict[str, Any] = {}

    states = positions(tien_len_game, HeuristicBot(), args.moves, distinct_plays)
    figures["Tiến Lên move (ms)"] = beside(states, tien_len_search(), "heuristic", HeuristicBot())
    if args.games == 0:  # move times only
        return figures
    t0 = time.perf_counter()
    table = tournament(
        [tien_len_search(), HeuristicBot(), HeuristicBot(), HeuristicBot()],
        games=args.games,
        seed=args.seed,
    )
    reference = tournament([HeuristicBot() for _ in range(4)], games=args.games, seed=args.seed)
    figures["Tiến Lên: search against 3 heuristic"] = {
        "first places": rate(table.standings[0].wins, args.games),
        "mean place": round(table.standings[0].mean_place, 3),
        "reference, heuristic in that chair": rate(reference.standings[0].wins, args.games),
        "seconds": round(time.perf_counter() - t0, 1),
    }

    return figures


def tredici_figures(args: argparse.Namespace) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    states = positions(tredici_game, TrediciBot(), args.moves, lambda _o, legal: legal)
    figures["Tredici move (ms)"] = beside(states, tredici_search(), "book's bot", TrediciBot())

    if args.games == 0:  # move times only
        return figures
    t0 = time.perf_counter()
    wins = draws = 0
    rules = TREDICI_PRESETS["source"]
    for g in range(args.seed, args.seed + args.games):
        seat = g % 2
        bots: list[Bot[Any]] = [tredici_search(), TrediciBot()]
        if seat == 1:
            bots.reverse()
        result = playout(tredici_game(g, rules), bots, random.Random(g)).returns()[seat]
        wins += result > 0
        draws += result == 0
    figures["Tredici: search against the book's bot"] = {
        "wins": rate(wins, args.games),
        "draws": draws,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    return figures


if __name__ == "__main__":
    main()
