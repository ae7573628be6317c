"""Time every click of the three game widgets over whole games (Python side).

Run: ``python benchmarks/widget_clicks.py``.  Each game widget is played to
the end by its own buttons; a click includes the bots' replies and the
redraw.  Prints the median, 95th percentile and slowest click per widget,
next to the book's target (well under 100 ms); it asserts nothing.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def _time_game(step: Callable[[], bool]) -> list[float]:
    """Call ``step`` (one click; False when the game is over) until the end."""
    times = []
    while True:
        start = time.perf_counter()
        more = step()
        times.append(time.perf_counter() - start)
        if not more:
            return times


def tien_len(seed: int) -> list[float]:
    from rules_lib.widgets import TienLenGame

    g = TienLenGame(seed=seed)

    def step() -> bool:
        g.hint_button.click()
        (g.pass_button if "Hint: pass" in g.message.value else g.play_button).click()
        return not g.state.is_terminal()

    return _time_game(step)


def three_thirteen(seed: int) -> list[float]:
    from rules_lib.widgets import ThreeThirteenGame

    g = ThreeThirteenGame(seed=seed, bots=3)

    def step() -> bool:
        g.auto_button.click()
        return not g.state.is_terminal()

    return _time_game(step)


def tredici(seed: int) -> list[float]:
    from rules_lib.tredici import LAST_CARD
    from rules_lib.widgets import TrediciGame

    g = TrediciGame(seed=seed)

    def step() -> bool:
        if len(g.state.hands[0]) == 1 and LAST_CARD in g.state.legal_actions():
            g.last_button.click()
        else:
            g.auto_button.click()
        return not g.state.is_terminal()

    return _time_game(step)


def main() -> None:
    print("game widgets, one click = the reader's move + the bots' replies + redraw")
    print(f"  {'widget':16s} {'clicks':>6s} {'median':>9s} {'95th pct':>9s} {'slowest':>9s}")
    for name, play in (
        ("Tiến Lên", tien_len),
        ("Three-Thirteen", three_thirteen),
        ("Tredici", tredici),
    ):
        times = sorted(t for seed in (1, 2, 3) for t in play(seed))
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"  {name:16s} {len(times):6d} {statistics.median(times) * 1e3:7.1f}ms "
            f"{p95 * 1e3:7.1f}ms {times[-1] * 1e3:7.1f}ms"
        )
    print("  target: well under 100 ms a click")


if __name__ == "__main__":
    main()
