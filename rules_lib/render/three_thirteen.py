"""Three-Thirteen Rummy as HTML: melds, arrangements, the record of turns, the score sheet.

The chapter and the widgets draw with these functions; the rules they show
come from :mod:`rules_lib.three_thirteen`.

>>> from rules_lib.three_thirteen import Meld
>>> side_by_side(meld_html(Meld.parse("8s 8h 8d"))).count("<svg")
3
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..cards import AnyCard
from ..three_thirteen import Meld, MeldKind, MeldResult, RoundResult, Turn, describe, standings
from . import captioned, card_svg, side_by_side

__all__ = [
    "MINI_CSS",
    "meld_html",
    "result_html",
    "score_sheet_html",
    "standings_html",
    "turn_html",
]

#: CSS for the small cards of :func:`turn_html` (inside ``.rl-tt-log``) and for the
#: tables of :func:`score_sheet_html` and :func:`standings_html`; include it once.
MINI_CSS = (
    "<style>.rl-tt-mini svg{width:1.6rem;height:auto;vertical-align:middle;margin:0 .1rem}"
    ".rl-tt-log p{margin:.15rem 0;line-height:1.9}"
    ".rl-tt-sheet td,.rl-tt-sheet th{padding:.15rem .45rem;text-align:right}"
    ".rl-tt-sheet th:first-child,.rl-tt-sheet td:first-child{text-align:left}</style>"
)


def _mini(card: AnyCard) -> str:
    return f"<span class='rl-tt-mini'>{card_svg(card)}</span>"


def _meld_label(meld: Meld) -> str:
    kind = "Set" if meld.kind is MeldKind.SET else "Run"
    stand = "; ".join(f"{card} stands for {what}" for card, what in meld.stand_ins if what != "*")
    return f"{kind}: {meld}" if not stand else f"{kind} ({stand})"


def meld_html(meld: Meld) -> str:
    """A meld as pictures, its wild cards with a gold border and a caption saying
    what each stands for.

    >>> from rules_lib.three_thirteen import Meld
    >>> out = meld_html(Meld.parse("5s 6s 3h=7s 8s"))
    >>> "Run (3♥ stands for 7♠)" in out and "three of hearts, highlighted" in out
    True
    """
    return captioned(meld.cards, _meld_label(meld), highlight=meld.wilds)


def result_html(result: MeldResult, title: str = "") -> str:
    """An arrangement: each meld, then the cards left over (greyed) and the penalty,
    side by side where the screen is wide enough."""
    head = f"<p style='margin:.4rem 0 .1rem'><b>{html.escape(title)}</b></p>" if title else ""
    parts = [meld_html(m) for m in result.melds]
    if result.leftover:
        parts.append(
            captioned(result.leftover, f"Left over: penalty {result.penalty}", dim=result.leftover)
        )
        return head + side_by_side(*parts)
    return (
        head
        + side_by_side(*parts)
        + "<p style='margin:.1rem 0'>Every card is in a meld: penalty 0.</p>"
    )


def turn_html(event: Turn | RoundResult, names: Sequence[str]) -> str:
    """One line of the game's record: a turn with small card pictures, or a round's end."""
    if isinstance(event, RoundResult):
        return f"<p><b>{html.escape(describe(event, names))}.</b></p>"
    who = html.escape(names[event.seat])
    took = "drew from the stock" if event.took is None else f"took {_mini(event.took)}"
    card = event.discarded.card
    assert card is not None
    if event.went_out:
        return (
            f"<p>{who} {took}, laid down their melds and <b>went out</b>, "
            f"discarding {_mini(card)}</p>"
        )
    return f"<p>{who} {took} and discarded {_mini(card)}</p>"


def score_sheet_html(results: Sequence[RoundResult], names: Sequence[str]) -> str:
    """The score sheet: a row per round played (penalties), then the totals.

    >>> score_sheet_html([], ["You", "Bot A"]).count("<tr")
    2
    """
    heads = "".join(f"<th scope='col'>{html.escape(n)}</th>" for n in names)
    rows = [f"<tr><th scope='col'>Round (wild)</th>{heads}</tr>"]
    for r in results:
        cells = "".join(
            f"<td>{'<b>out</b> ' if r.went_out == s else ''}{p}</td>"
            for s, p in enumerate(r.penalties)
        )
        rows.append(f"<tr><td>{r.round_number} ({r.wild_rank.notation})</td>{cells}</tr>")
    totals = results[-1].totals if results else (0,) * len(names)
    cells = "".join(f"<td><b>{t}</b></td>" for t in totals)
    rows.append(f"<tr style='border-top:2px solid #555'><td><b>Total</b></td>{cells}</tr>")
    return (
        "<table class='rl-tt-sheet' style='border-collapse:collapse;margin:.2rem 0'>"
        + "".join(rows)
        + "</table>"
    )


def standings_html(totals: Sequence[int], names: Sequence[str]) -> str:
    """The final standings as a table: place, player, total (lowest first).

    >>> out = standings_html([41, 12], ["You", "Bot A"])
    >>> out.index("Bot A") < out.index("You"), "Final standings" in out
    (True, True)
    """
    rows = "".join(
        f"<tr><td>{place}</td><td style='text-align:left'>"
        f"{'<b>' if place == 1 else ''}{html.escape(names[seat])}"
        f"{' (winner)</b>' if place == 1 else ''}</td><td>{total}</td></tr>"
        for place, seat, total in standings(totals)
    )
    return (
        "<table class='rl-tt-sheet rl-tt-standings' style='border-collapse:collapse;margin:.2rem 0'>"
        "<caption style='text-align:left;font-weight:bold'>Final standings</caption>"
        "<tr><th scope='col'>Place</th><th scope='col' style='text-align:left'>Player</th>"
        "<th scope='col'>Total</th></tr>"
        f"{rows}</table>"
    )
