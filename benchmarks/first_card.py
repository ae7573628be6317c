"""How far a newcomer on a phone reads before the first card they can play.

Run: ``python benchmarks/first_card.py [SITE]`` after ``make build`` (SITE:
the built site, ``_build/html`` by default).  The built site
is served on 127.0.0.1; Chromium opens each game's first page (the first page
of its part in ``_toc.yml``) at 390 x 844 with touch and, as the reference
measured in the same run, the part's page of the full game (the first later
page with a game widget: what a reader reached before the first pages).  For each
page it prints the phone screens (of 844 px) above the first card of a game
widget (``.rl-card-button``), the words of prose above it, and the page's
height in screens.  It also counts the taps from the home page to the first
page (its link in the home page's list of games: one tap).  It asserts
nothing: the browser tests check the path works.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "_build" / "html"
PHONE = {"width": 390, "height": 844}
sys.path.insert(0, str(ROOT))

# the words of the page above the first playable card: the prose of the main
# article, without code, widgets' own text, or the theme's chrome
WORDS_ABOVE = """(card) => {
  const article = document.querySelector("article") || document.body;
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  let words = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    const parent = node.parentElement;
    if (!parent || parent.closest(".cell_input, .widget-subarea, .jupyter-widgets, script, style, .rl-live"))
      continue;
    if (!parent.offsetParent) continue;
    words += node.textContent.split(/\\s+/).filter((w) => /\\w/.test(w)).length;
  }
  return words;
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


# the cards of a game widget or of a guided hand (not a picture, not a card picker)
GAME_CARDS = ", ".join(
    f"{w} .rl-card-button"
    for w in (
        ".rl-lesson-game",
        ".rl-tl-lesson",
        ".rl-tien-len",
        ".rl-arrange",
        ".rl-tt-game",
        ".rl-tredici",
        ".rl-setting-lesson",
        ".rl-tt-lesson",
        ".rl-td-lesson",
    )
)


def parts() -> dict[str, list[str]]:
    """Each game's pages in reading order, from the table of contents."""
    from rules_lib.games import GAMES

    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    found: dict[str, list[str]] = {}
    for part in toc["parts"]:
        for game in GAMES:
            if part["caption"] in (game.name, game.short) and game.key not in found:
                found[game.key] = [c["file"] for c in part["chapters"]]
    return found


def measure(page: Any, url: str) -> dict[str, float]:
    page.goto(url, wait_until="load")
    page.wait_for_timeout(300)  # the widgets' saved pictures draw after load
    height = page.evaluate("document.documentElement.scrollHeight")
    cards = page.locator(GAME_CARDS)
    visible = [i for i in range(cards.count()) if cards.nth(i).is_visible()]
    if not visible:
        return {"screens": float("nan"), "words": float("nan"), "page": height / PHONE["height"]}
    card = cards.nth(visible[0])
    top = card.evaluate("(el) => el.getBoundingClientRect().top + window.scrollY")
    words = card.evaluate(WORDS_ABOVE)
    return {"screens": top / PHONE["height"], "words": words, "page": height / PHONE["height"]}


def main() -> None:
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        page = context.new_page()
        page.goto(f"{base}/book/intro.html", wait_until="load")
        home_links = page.eval_on_selector_all("article a", "(as) => as.map((a) => a.href)")
        for key, files in parts().items():
            first = files[0]
            linked = any(h.split("#")[0].endswith(f"{first}.html") for h in home_links)
            after = measure(page, f"{base}/{first}.html")
            before, full = after, first
            for later in files[1:]:  # the page of the full game
                before, full = measure(page, f"{base}/{later}.html"), later
                if before["screens"] == before["screens"]:  # not nan: it has a game widget
                    break
            rows.append((key, first, linked, after, (full, before)))
        browser.close()
    server.shutdown()
    print(
        f"{'game':16} {'first page':28} {'1 tap':>5}  first card at (screens, words) / page screens"
    )
    for key, first, linked, after, (full, before) in rows:
        print(
            f"{key:16} {first:28} {'yes' if linked else 'no':>5}  "
            f"{after['screens']:5.1f} screens, {after['words']:5.0f} words / {after['page']:5.1f}"
            f"   (the full game, {full}: {before['screens']:5.1f} screens, "
            f"{before['words']:5.0f} words / {before['page']:5.1f})"
        )


if __name__ == "__main__":
    main()
