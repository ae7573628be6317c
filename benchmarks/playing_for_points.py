"""Time what playing for points adds, each beside the part it builds on.

Run: ``python benchmarks/playing_for_points.py [--hands N]``.  Prints the
median and worst time of:

* a Tiến Lên hand's settlement (``settle``) beside a hand's last move
  (``apply_action``, the reference a widget already pays);
* bringing an evening back from a link: every hand played again from its
  seed and moves (``Evening.from_text``), per hand;
* bringing a Three-Thirteen game back from a link (``replay_text``), per
  100 moves, beside dealing a new game;
* setting a Mậu Binh hand for the rows (``home``) beside setting it for the
  majority (the source), on the same hands;
* the score sheet settling a Tiến Lên hand and a Mậu Binh ``home`` deal.

Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from rules_lib.engine import playout
from rules_lib.mau_binh import PRESETS as MAU_BINH
from rules_lib.resume import moves_text, replay_text
from rules_lib.score_sheet import ScoreSheet
from rules_lib.setting import deal
from rules_lib.showdown import bot_arrangement
from rules_lib.three_thirteen import BOTS as THREE_THIRTEEN_BOTS
from rules_lib.three_thirteen import new_game as three_thirteen_game
from rules_lib.three_thirteen.game import Action
from rules_lib.tien_len import PRESETS as TIEN_LEN
from rules_lib.tien_len import HeuristicBot, new_game, settle
from rules_lib.tien_len.evening import Evening
from rules_lib.tien_len.points import HandRecord, record_text

PLAYERS = ("An", "Bình", "Chi", "Dũng")


def timed(work: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        out.append((time.perf_counter() - start) * 1000)
    return out


def line(label: str, ms: Sequence[float]) -> None:
    print(f"{label:58s} median {statistics.median(ms):7.2f} ms   worst {max(ms):7.2f} ms")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args(argv)
    home = TIEN_LEN["home"]
    rng = random.Random(2026)

    finals = [
        playout(new_game(seed, 4, home), [HeuristicBot()] * 4, random.Random(seed))
        for seed in range(args.hands)
    ]
    last_moves = []
    for final in finals:  # the position before the last move, and that move
        before = new_game(final.seed or 0, 4, home)
        for action in final.moves[:-1]:
            before = before.apply_action(action)
        last_moves.append((before, final.moves[-1]) if final.moves else (before, None))
    print(f"Tiến Lên, home rules, {args.hands} hands played by heuristic bots")
    line("  settle a finished hand", [t for f in finals for t in timed(lambda f=f: settle(f), 1)])
    line(
        "  reference: the hand's last move (apply_action)",
        [
            t
            for b, a in last_moves
            if a is not None
            for t in timed(lambda b=b, a=a: b.apply_action(a), 1)
        ],
    )
    evening = Evening(home)
    for seed in range(10):
        hand = evening.deal(seed)
        evening = evening.add(playout(hand, [HeuristicBot()] * 4, random.Random(seed)))
    text = evening.text()
    per_hand = [t / 10 for t in timed(lambda: Evening.from_text(home, text), 20)]
    line(f"  an evening of 10 hands from its link ({len(text)} characters), per hand", per_hand)

    game = three_thirteen_game(seed=5, players=4)
    final = playout(game, [THREE_THIRTEEN_BOTS["wary"]()] * 4, rng)
    moves = moves_text(final.moves, lambda a: a.short)
    count = len(final.moves)
    print(f"Three-Thirteen, 4 wary bots, a whole game of {count} moves ({len(moves)} characters)")

    def read(state: Any, text: str) -> Any:
        return state.parse_action(str(Action.from_short(text)))

    line(
        "  the game from its link, per 100 moves",
        [t * 100 / count for t in timed(lambda: replay_text(game, moves, read), 5)],
    )
    line(
        "  reference: dealing a new game", timed(lambda: three_thirteen_game(seed=6, players=4), 20)
    )

    hands = [deal(n)[0] for n in range(1, args.hands + 1)]
    majority = MAU_BINH["source"].with_options(strict_row_order=True)
    bot_arrangement(hands[0], "mau_binh", MAU_BINH["home"])  # load the tables once
    bot_arrangement(hands[0], "mau_binh", majority)
    print(f"Mậu Binh, {len(hands)} hands set by the bots")
    line(
        "  set for the rows (home)",
        [
            t
            for h in hands
            for t in timed(lambda h=h: bot_arrangement(h, "mau_binh", MAU_BINH["home"]), 1)
        ],
    )
    line(
        "  reference: set for the majority (source, strict order)",
        [t for h in hands for t in timed(lambda h=h: bot_arrangement(h, "mau_binh", majority), 1)],
    )

    sheet = ScoreSheet("tl-home", PLAYERS)
    records = [record_text(HandRecord.from_state(f)) for f in finals[:50]]
    from rules_lib.tien_len.points import record_from_text

    print("Score sheet")
    line(
        "  settle a Tiến Lên hand (read and checked, then paid)",
        [
            t
            for r in records
            for t in timed(lambda r=r: sheet._with_record(record_from_text(r, PLAYERS, home)), 1)
        ],
    )
    mb = ScoreSheet("mb-home", PLAYERS)
    deals = [
        [str(bot_arrangement(h, "mau_binh", MAU_BINH["home"])) for h in deal(n)]
        for n in range(1, 51)
    ]
    line(
        "  settle a Mậu Binh home deal (four hands typed)",
        [t for texts in deals for t in timed(lambda texts=texts: mb.settle(texts, dealer=0), 1)],
    )


if __name__ == "__main__":
    main()
