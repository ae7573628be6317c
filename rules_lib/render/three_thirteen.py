"""Three-Thirteen Rummy as HTML: melds, arrangements, the table, the record of turns,
how a round ended, the score sheet.

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
from ..three_thirteen import (
    ROUNDS,
    Meld,
    MeldKind,
    MeldResult,
    Phase,
    RoundResult,
    ThreeThirteenState,
    Turn,
    describe,
    standings,
)
from . import captioned, card_svg, cards_html, side_by_side

__all__ = [
    "MINI_CSS",
    "header_html",
    "meld_html",
    "record_html",
    "result_html",
    "round_html",
    "score_sheet_html",
    "standings_html",
    "table_html",
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


def header_html(state: ThreeThirteenState, names: Sequence[str]) -> str:
    """The round, its wild cards and dealer, and what seat 0 does now; at the end, the standings.

    >>> from rules_lib.three_thirteen import new_game
    >>> out = header_html(new_game(seed=5, players=2), ("You", "Bot A"))
    >>> "<b>Round 1 of 11</b>: 3 cards each, threes are wild." in out
    True
    """
    if state.is_terminal():
        return (
            f"<p style='margin:.3rem 0'><b>Game over</b> after {ROUNDS} rounds.</p>"
            + standings_html(state.totals, names)
        )
    if state.went_out is not None:
        turn = f"{names[state.went_out]} went out: this is your last turn of the round."
    elif state.phase is Phase.DRAW:
        turn = "Your turn: draw from the stock or take the top discard."
    else:
        turn = "Select a card to discard, or go out if every other card melds."
    return (
        f"<p style='margin:.3rem 0'><b>Round {state.round_number} of {ROUNDS}</b>: "
        f"{state.cards_dealt} cards each, {state.wild_rank.plural} are wild. "
        f"{html.escape(names[state.dealer])} dealt.</p>"
        f"<p style='margin:.2rem 0'>{html.escape(turn)}</p>"
    )


def record_html(events: Sequence[Turn | RoundResult], names: Sequence[str], last: int = 14) -> str:
    """The record of the game: the ``last`` turns and round ends, newest first, in a
    scrolling box read out as it grows (with :data:`MINI_CSS`).

    >>> out = record_html([], ("You", "Bot A"))
    >>> "class='rl-tt-log' role='log'" in out and "No moves yet." in out
    True
    """
    lines = "".join(turn_html(e, names) for e in reversed(events[-last:]))
    return (
        MINI_CSS + "<div class='rl-tt-log' role='log' aria-live='polite' "
        "style='max-height:16rem;overflow-y:auto;border:1px solid #ddd;padding:.2rem .5rem'>"
        + (lines or "<p>No moves yet.</p>")
        + "</div><p style='margin:.1rem 0;font-size:.85rem;color:#555'>Newest first.</p>"
    )


def round_html(result: RoundResult, names: Sequence[str]) -> str:
    """How a round ended: a heading, why (if the turn limit ended it), then each
    player's hand as melds and cards left over, with its penalty.

    >>> from rules_lib.three_thirteen import new_game
    >>> state = new_game(seed=5, players=2)
    >>> while not state.results:
    ...     state = state.apply_action(state.legal_actions()[0])
    >>> out = round_html(state.results[0], ("You", "Bot A"))
    >>> "How round 1 ended (threes wild)" in out, "Bot A" in out, "penalty" in out
    (True, True, True)
    """
    out = [
        f"<p style='margin:.6rem 0 .1rem;font-weight:bold'>How round {result.round_number} "
        f"ended ({result.wild_rank.plural} wild)</p>"
    ]
    if result.turn_limit_reached:
        ending = result.ending(names[: len(result.melds)])
        out.append(f"<p style='margin:.1rem 0'>{html.escape(ending[:1].upper() + ending[1:])}.</p>")
    for seat, melds in enumerate(result.melds):
        out_note = " (went out)" if result.went_out == seat else ""
        out.append(result_html(melds, f"{names[seat]}{out_note}: penalty {melds.penalty}"))
    return "".join(out)


def table_html(state: ThreeThirteenState, names: Sequence[str]) -> str:
    """The table seen from seat 0: the stock and the top discard, the other players'
    card counts and totals, and the melds of a player who went out (nothing once the
    game is over).

    >>> from rules_lib.three_thirteen import new_game
    >>> out = table_html(new_game(seed=5, players=2), ("You", "Bot A"))
    >>> "Stock: " in out, "<li>Bot A: 3 cards, total 0</li>" in out, "<li>You: total 0</li>" in out
    (True, True, True)
    """
    if state.is_terminal():
        return ""
    top = state.discard[-1] if state.discard else None
    piles = (
        "<div style='display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end'>"
        + cards_html([], label=f"Stock: {len(state.stock)} cards", hidden=1)
        + (cards_html([top], label="Discard pile") if top else "<p>No discard pile.</p>")
        + "</div>"
    )
    others = "".join(
        f"<li>{html.escape(names[s])}: {len(state.hands[s])} cards, total {state.totals[s]}"
        f"{' (went out)' if state.went_out == s else ''}</li>"
        for s in range(1, state.num_players)
    )
    laid = state.laid_down
    shown = ""
    if laid is not None and state.went_out is not None:
        whose = "Your" if state.went_out == 0 else f"{names[state.went_out]}'s"
        shown = result_html(laid, f"{whose} melds, laid down on going out")
    return (
        piles
        + f"<ul style='margin:.2rem 0;padding-left:1.2rem'>{others}"
        + f"<li>You: total {state.totals[0]}</li></ul>"
        + shown
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
