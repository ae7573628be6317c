"""Compute the figures the chapters show that take too long for a page.

Run from the repository root: ``python tools/long_figures.py --game G [--games N]``.

A tournament of search bots takes minutes to an hour, too long for the
chapters' cells, so this script plays it once and writes every game's result
beside the chapter; the chapter reads the file, and a hidden cell replays the
first games from their seeds and checks that they come out the same.

* Tiến Lên (``book/tien_len/search_bot_games.json``): the search bot against
  three heuristic bots, the seats rotating each deal, deals from
  :func:`rules_lib.tien_len.bots.tournament_seeds`; beside it, on the same
  deals, a heuristic bot in the search bot's chair (the reference).
* Tredici (``book/tredici/search_bot_games.json``): the search bot against
  the book's bot, game ``g`` dealt with seed ``SEED + g``, the seats swapping
  each game.
* The advice (``book/strategy/advice_experiments.json``): each experiment
  of :data:`rules_lib.strategy.ADVICE`, its settings and the solver's
  (:func:`rules_lib.strategy.with_solvers`), ``--games`` deals, the
  opponents setting their hands by expected points and, for comparison, by
  strength; each deal's results.
* Expected points (``book/strategy/expected_points.json``): at a table of
  four, seat 0 set by the expected-points objective and by the strength
  objective against the same three opponents, for each game and each kind of
  opponent (:func:`rules_lib.strategy.head_to_head`); each deal's points.
* Mậu Binh for points (``book/mau_binh/home_settings.json``): under the
  ``home`` rules, seat 0 set for the rows it is paid by and set as for the
  source's majority, against the same three opponents, deals 1 to ``--games``
  (:func:`rules_lib.strategy.home_head_to_head`); each deal's units.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from rules_lib.engine import Bot, playout
from rules_lib.setting.expected import GAMES
from rules_lib.strategy import ADVICE, head_to_head, home_head_to_head, run_experiment, with_solvers
from rules_lib.tien_len.bots import HeuristicBot, tournament_game, tournament_seeds
from rules_lib.tien_len.bots import search_bot as tien_len_search
from rules_lib.tredici import PRESETS, TrediciBot
from rules_lib.tredici import new_game as tredici_game
from rules_lib.tredici.bots import search_bot as tredici_search

ROOT = Path(__file__).resolve().parent.parent
SEED = 2026
FILES = {
    "tien_len": ROOT / "book" / "tien_len" / "search_bot_games.json",
    "tredici": ROOT / "book" / "tredici" / "search_bot_games.json",
    "expected": ROOT / "book" / "strategy" / "expected_points.json",
    "advice": ROOT / "book" / "strategy" / "advice_experiments.json",
    "mau_binh_home": ROOT / "book" / "mau_binh" / "home_settings.json",
}


def tien_len_game(index: int, deal: int, play: int, search: bool) -> float:
    """The place of the bot in chair 0 (the search bot, or a heuristic bot)."""
    first: Bot[Any] = tien_len_search() if search else HeuristicBot()
    bots = [first, HeuristicBot(), HeuristicBot(), HeuristicBot()]
    return tournament_game(bots, index, deal, play)[0]


def tredici_result(index: int) -> float:
    """The search bot's result in game ``index`` (+1 a win, -1 a loss, 0 a draw)."""
    seat = index % 2
    bots: list[Bot[Any]] = [tredici_search(), TrediciBot()]
    if seat == 1:
        bots.reverse()
    game = SEED + index
    final = playout(tredici_game(game, PRESETS["source"]), bots, random.Random(game))
    return float(final.returns()[seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=list(FILES), required=True)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    start = time.monotonic()
    data: dict[str, Any] = {"seed": SEED, "games": args.games}
    if args.game == "tien_len":
        seeds = tournament_seeds(args.games, SEED)
        data["search places"] = []
        data["reference places"] = []
        for g, (deal, play) in enumerate(seeds):
            data["search places"].append(tien_len_game(g, deal, play, search=True))
            data["reference places"].append(tien_len_game(g, deal, play, search=False))
            if g % 50 == 49:
                print(f"{g + 1} deals, {time.monotonic() - start:.0f} s", file=sys.stderr)
    elif args.game == "advice":
        for opponents in ("expected", "strength"):
            runs: dict[str, Any] = {}
            for advice in ADVICE:
                settings = with_solvers(advice.arrangements())
                result = run_experiment(
                    settings, deals=args.games, seed=SEED, workers=None, opponents=opponents
                )
                shown = {label: str(arr) for label, arr in settings.items()}
                runs[advice.key] = {**result.to_json(), "settings": shown}
                print(
                    f"{advice.key}, {opponents}: {time.monotonic() - start:.0f} s", file=sys.stderr
                )
            data[f"opponents by {opponents}"] = runs
    elif args.game == "expected":
        for game in GAMES:
            for opponents in ("strength", "expected"):
                result = head_to_head(game, args.games, SEED, opponents)
                data[f"{game} against {opponents}"] = {
                    "expected": result.expected,
                    "strength": result.strength,
                }
                print(
                    f"{game} against {opponents}: {time.monotonic() - start:.0f} s", file=sys.stderr
                )
    elif args.game == "mau_binh_home":
        minding, not_minding = home_head_to_head(range(1, args.games + 1))
        data["minding the rows"] = minding
        data["set for the majority"] = not_minding
    else:
        data["search results"] = []
        for g in range(args.games):
            data["search results"].append(tredici_result(g))
            if g % 25 == 24:
                print(f"{g + 1} games, {time.monotonic() - start:.0f} s", file=sys.stderr)
    data["seconds"] = round(time.monotonic() - start)
    FILES[args.game].write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {FILES[args.game].relative_to(ROOT)} in {data['seconds']} s")


if __name__ == "__main__":
    main()
