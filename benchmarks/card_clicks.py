"""Time the card widget in a served app (Voila, Chromium on 127.0.0.1).

Run: ``python benchmarks/card_clicks.py``.  In the arrange-your-13 app it times
(a) a click on a card until the card shows as selected: the front end alone,
no kernel round trip; and (b) a press of "Move here" until the row shows the
moved cards: the kernel's rules, the redraw and the trip back.  Prints median,
95th percentile and slowest next to the targets (selection at once; a move
≤ 100 ms median); it asserts nothing.  One browser, one kernel: run it on a
quiet machine.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.voila_app import serving  # noqa: E402

ROUNDS = 30

_CLICK_TO_SELECTED = """async (code) => {
  const b = document.querySelector(`.rl-table-row[data-row=back] .rl-card-button[data-code="${code}"]`);
  const t0 = performance.now();
  b.click();
  await new Promise((ok) => {
    const check = () => {
      const now = document.querySelector(`.rl-card-button[data-code="${code}"]`);
      if (now && now.classList.contains('rl-selected')) ok(); else requestAnimationFrame(check);
    };
    check();
  });
  return performance.now() - t0;
}"""

_MOVE = """async ([row, count]) => {
  const t0 = performance.now();
  document.querySelector(`.rl-move-${row}`).click();
  await new Promise((ok) => {
    const check = () => {
      const n = document.querySelectorAll(`.rl-table-row[data-row=${row}] .rl-card-button`).length;
      if (n === count) ok(); else setTimeout(check, 1);
    };
    check();
  });
  return performance.now() - t0;
}"""


def _summary(name: str, ms: list[float], target: str) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return (
        f"{name:<38} median {statistics.median(ms):7.1f} ms   p95 {p95:7.1f} ms   "
        f"max {ms[-1]:7.1f} ms   (n={len(ms)}; target {target})"
    )


def main() -> None:
    from playwright.sync_api import sync_playwright

    log = Path(tempfile.mkdtemp()) / "voila.log"
    with serving("book/apps", log) as (url, _pid), sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--headless", "--no-sandbox", "--disable-gpu"],
        )
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.goto(url + "voila/render/arrange_13.ipynb?seed=42", timeout=600_000)
        page.locator(".rl-card-table .rl-card-button").first.wait_for(timeout=600_000)
        select, move = [], []
        for _ in range(ROUNDS):
            # take one card from the back to the front, then back again
            code = page.evaluate(
                "() => document.querySelector('.rl-table-row[data-row=back] .rl-card-button').dataset.code"
            )
            select.append(page.evaluate(_CLICK_TO_SELECTED, code))
            front = page.locator(".rl-table-row[data-row=front] .rl-card-button").count()
            move.append(page.evaluate(_MOVE, ["front", front + 1]))
            page.evaluate(
                "(c) => [...document.querySelectorAll('.rl-card-button')]"
                ".find((b) => b.dataset.code === c).click()",
                code,
            )
            back = page.locator(".rl-table-row[data-row=back] .rl-card-button").count()
            move.append(page.evaluate(_MOVE, ["back", back + 1]))
        browser.close()
    print("Card widget in Voila (arrange your 13, one browser, one kernel)")
    print(_summary("click a card -> shown selected", select, "at once, no kernel trip"))
    print(_summary("Move here -> row redrawn by the kernel", move, "<= 100 ms median"))


if __name__ == "__main__":
    main()
