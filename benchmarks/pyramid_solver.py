"""Time the exact Pyramid solver on random deals, beside the plain exhaustive search.

Run: ``python benchmarks/pyramid_solver.py [--deals N] [--start S] [--preset P ...]
[--plain M] [--plain-limit L] [--out FILE]`` (``--deals 10000`` for the full run).

For each preset of :data:`rules_lib.pyramid.PRESETS`: ``solve(new_game(seed, rules))``
on deals S, S+1, …, S+N-1 (the issue's targets: median at most 20 ms, slowest at
most 5 s over 10,000 deals), with the share won, the median, 99th percentile and
slowest time (with its seed and the positions it searched), and the peak memory
of that slowest deal, solved again under ``tracemalloc``.  Beside it, as a
reference measured in the same run, the plain search
(:func:`rules_lib.pyramid.plain.plain_winnable`, the engine's moves and nothing
else) on the first M of the same deals, each allowed L positions: how many it
finished, its median on those, the solver's median on the same ones, and
whether every answer agreed.  The machine's load average is printed too:
timings taken while other work runs are slower.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from rules_lib.pyramid import PRESETS, new_game, solve
from rules_lib.pyramid.plain import plain_winnable
from rules_lib.pyramid.solver import SearchLimitError


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def peak_memory(seed: int, preset: str) -> float:
    """The peak of Python allocations while solving one deal, in MB."""
    tracemalloc.start()
    solve(new_game(seed, PRESETS[preset]))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6


@dataclass
class Row:
    """One preset's figures (times in ms, memory in MB)."""

    preset: str
    deals: int
    won: int
    median_ms: float
    p99_ms: float
    max_ms: float
    max_seed: int
    max_positions: int
    peak_mb: float
    plain_tried: int
    plain_finished: int
    plain_median_ms: float
    solver_median_ms_same: float
    agreed: bool


def run_preset(preset: str, seeds: range, plain: int, limit: int) -> Row:
    rules = PRESETS[preset]
    times: list[float] = []
    positions: dict[int, int] = {}
    answers: dict[int, bool] = {}
    for seed in seeds:
        game = new_game(seed, rules)
        start = time.perf_counter()
        solution = solve(game)
        times.append(time.perf_counter() - start)
        positions[seed] = solution.positions
        answers[seed] = solution.winnable
    slowest = max(range(len(times)), key=times.__getitem__)
    slow_seed = seeds[slowest]
    plain_times: list[float] = []
    solver_times: list[float] = []
    agreed = True
    for seed in seeds[:plain]:
        game = new_game(seed, rules)
        start = time.perf_counter()
        try:
            truth = plain_winnable(game, limit)
        except SearchLimitError:
            continue
        plain_times.append(time.perf_counter() - start)
        solver_times.append(times[seed - seeds[0]])
        agreed = agreed and truth == answers[seed]
    return Row(
        preset=preset,
        deals=len(times),
        won=sum(answers.values()),
        median_ms=statistics.median(times) * 1e3,
        p99_ms=percentile(times, 0.99) * 1e3,
        max_ms=times[slowest] * 1e3,
        max_seed=slow_seed,
        max_positions=positions[slow_seed],
        peak_mb=peak_memory(slow_seed, preset),
        plain_tried=min(plain, len(times)),
        plain_finished=len(plain_times),
        plain_median_ms=statistics.median(plain_times) * 1e3 if plain_times else float("nan"),
        solver_median_ms_same=statistics.median(solver_times) * 1e3
        if solver_times
        else float("nan"),
        agreed=agreed,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--preset", action="append", choices=list(PRESETS), help="default: all")
    parser.add_argument("--plain", type=int, default=20, help="deals for the plain search")
    parser.add_argument("--plain-limit", type=int, default=5000, help="its positions per deal")
    parser.add_argument("--out", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)

    seeds = range(args.start, args.start + args.deals)
    load = os.getloadavg()[0]
    print(
        f"Pyramid solver: {args.deals} random deals per preset (seeds {seeds[0]}-{seeds[-1]}); "
        f"the plain search on the first {args.plain}, up to {args.plain_limit:,} positions each"
    )
    print(f"load average at the start: {load:.2f} on {os.cpu_count()} cores")
    print(
        f"{'preset':<11}{'won':>7}{'median':>10}{'p99':>10}{'slowest':>11}{'seed':>7}"
        f"{'positions':>11}{'peak':>9}   plain: finished  median  solver on those"
    )
    rows: list[Row] = []
    for preset in args.preset or list(PRESETS):
        row = run_preset(preset, seeds, args.plain, args.plain_limit)
        rows.append(row)
        plain = (
            f"{row.plain_median_ms:>7.0f}ms{row.solver_median_ms_same:>10.1f}ms"
            if row.plain_finished
            else f"{'-':>9}{'-':>12}"
        )
        print(
            f"{preset:<11}{row.won / row.deals:>7.1%}{row.median_ms:>8.1f}ms"
            f"{row.p99_ms:>8.0f}ms{row.max_ms:>9.0f}ms{row.max_seed:>7}"
            f"{row.max_positions:>11,}{row.peak_mb:>7.2f}MB"
            f"{row.plain_finished:>11}/{row.plain_tried:<4}{plain}"
            f"  agreed: {'yes' if row.agreed else 'NO'}",
            flush=True,
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3
    load_end = os.getloadavg()[0]
    print(f"process peak RSS {rss:.0f} MB; load average at the end: {load_end:.2f}")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(
            json.dumps({"load": [load, load_end], "rows": [asdict(r) for r in rows]}, indent=1)
            + "\n",
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
