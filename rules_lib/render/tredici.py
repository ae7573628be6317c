"""Tredici as HTML: the table, what happens now, the log of turns, your hand's caption.

The game widget sets its panes from these functions; the rules and the words
come from :mod:`rules_lib.tredici`.  Seat names are passed in, the reader first
(seat 0), as :meth:`~rules_lib.tredici.TrediciState.status` takes them.

>>> from rules_lib.tredici import TrediciState
>>> state = TrediciState.from_position(["Qh 5c", "Ad 3c 9s"], pile="Jd")
>>> "The bot: 3 cards" in table_html(state, ("you", "the bot"))
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..tredici import TrediciState, TurnReport
from . import HIGHLIGHT, cards_html

__all__ = [
    "CSS",
    "LOG_TURNS",
    "hand_label_html",
    "log_html",
    "penalty_text",
    "status_html",
    "table_html",
]

#: How many finished turns the log shows (and the turn going on).
LOG_TURNS = 6

#: CSS for the table, the log and the hand; :func:`table_html` and :func:`log_html` include it.
CSS = (
    "<style>"
    ".rl-td-log .rl-cards svg{width:2.1rem}"
    ".rl-td-table{display:flex;flex-wrap:wrap;gap:.2rem 1.1rem;align-items:flex-end}"
    ".rl-td-group{flex:0 0 auto}"
    ".rl-td-group .rl-cards{margin:.1rem 0}"
    ".rl-td-group .rl-cards svg{width:clamp(2.3rem,10vw,3.4rem)}"
    ".rl-td-label{margin:0;font-size:.95rem;line-height:1.3}"
    ".rl-td-entry{display:flex;flex-wrap:wrap;align-items:center;gap:0 .6rem;"
    "border-top:1px solid #ddd;padding:.15rem 0}"
    ".rl-td-entry p{margin:.2rem 0;line-height:1.35}"
    # the cards you may play now are gold, as in the chapter's pictures
    f".rl-td-hand .rl-card-button.rl-playable{{box-shadow:0 0 0 3px {HIGHLIGHT}}}"
    "</style>"
)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def penalty_text(after: TrediciState, before: TrediciState, seat: int) -> str:
    """What a "thirteen" call cost ``seat``, in words: "drew 13 cards", or nothing to draw.

    >>> from rules_lib.tredici import THIRTEEN, TrediciState
    >>> state = TrediciState.from_position(["5c 9d", "Qh"], pile="Jd")  # the bot forgot
    >>> penalty_text(state.apply_action(THIRTEEN), state, 1)
    'draws 13 cards'
    >>> penalty_text(state, state, 0)
    'drew nothing: there was nothing left to draw'
    """
    got = len(after.hands[seat]) - len(before.hands[seat])
    verb = "drew" if seat == 0 else "draws"
    if got == 0:
        return f"{verb} nothing: there was nothing left to draw"
    return f"{verb} {got} card{'s' * (got != 1)}"


def hand_label_html(state: TrediciState) -> str:
    """The caption of your hand: how many cards, and whether you said "last card".

    >>> from rules_lib.tredici import TrediciState
    >>> hand_label_html(TrediciState.from_position(["Qh 5c", "Ad 3c 9s"], pile="Jd"))
    "<p class='rl-td-label' style='margin:.3rem 0 0'><b>Your hand</b>: 2 cards</p>"
    """
    hand = state.hands[0]
    said = " (you said 'last card')" if state.said_last_card[0] and len(hand) == 1 else ""
    return (
        f"<p class='rl-td-label' style='margin:.3rem 0 0'><b>Your hand</b>: "
        f"{len(hand)} card{'s' * (len(hand) != 1)}{html.escape(said)}</p>"
    )


def table_html(state: TrediciState, names: Sequence[str]) -> str:
    """The top of the pile (lit), the stock and the bot's cards, each as a labelled group.

    >>> from rules_lib.tredici import TrediciState
    >>> out = table_html(TrediciState.from_position(["Qh 5c", "Ad 3c 9s"], pile="Jd"), ("you", "the bot"))
    >>> out.count("class='rl-td-group'"), "jack of diamonds, highlighted" in out, "Stock: 48 cards" in out
    (3, True, True)
    """
    bot = len(state.hands[1])
    said = " (said 'last card')" if state.said_last_card[1] and bot == 1 else ""
    groups = [
        ("Pile, top lit", cards_html(state.pile[-4:], highlight=[state.top])),
        (f"Stock: {len(state.stock)} cards", cards_html([], hidden=1)),
        (
            f"{_capital(names[1])}: {bot} card{'s' * (bot != 1)}{said}",
            cards_html([], hidden=1),
        ),
    ]
    return (
        CSS
        + "<div class='rl-td-table'>"
        + "".join(
            f"<div class='rl-td-group' role='group' aria-label='{html.escape(title)}'>"
            f"<p class='rl-td-label'>{html.escape(title)}</p>{row}</div>"
            for title, row in groups
        )
        + "</div>"
    )


def status_html(state: TrediciState, names: Sequence[str], moves: int) -> str:
    """What happens now (or who won), in a box whose ``data-moves`` (the number of
    ``moves`` made) and ``data-over`` tell a test when the page is up to date.

    >>> from rules_lib.tredici import TrediciState
    >>> state = TrediciState.from_position(["Qh 5c", "Ad 3c 9s"], pile="Jd")
    >>> out = status_html(state, ("you", "the bot"), 0)
    >>> "data-moves='0' data-over='0'" in out, "<b>Turn 1.</b> You play a card" in out
    (True, True)
    >>> won = TrediciState.from_position(["Qh", "Ad 3c"], pile="Jd").apply_action("Qh")
    >>> print(status_html(won, ("you", "the bot"), 1))
    <div class='rl-td-state' data-moves='1' data-over='1'><h3 class='rl-td-winner' style='margin:.3rem 0'>You win: no cards left!</h3></div>
    """
    if state.winner is not None:
        text = (
            "You win: no cards left!"
            if state.winner == 0
            else "The bot wins: it has no cards left."
        )
        body = f"<h3 class='rl-td-winner' style='margin:.3rem 0'>{html.escape(text)}</h3>"
    else:
        body = (
            f"<p style='margin:.3rem 0;font-size:1.05rem'><b>Turn {state.turn}.</b> "
            f"{html.escape(_capital(state.status(names)))}.</p>"
        )
    return (
        f"<div class='rl-td-state' data-moves='{moves}' "
        f"data-over='{int(state.is_terminal())}'>{body}</div>"
    )


def log_html(
    reports: Sequence[TurnReport], current: TurnReport | None = None, *, turns: int = LOG_TURNS
) -> str:
    """The last ``turns`` finished turns and the ``current`` one, newest first, with the
    cards played; nothing before the first move.

    >>> from rules_lib.tredici import TrediciState, describe_turns
    >>> start = TrediciState.from_position(["Qh Kh As 5d", "Ad 3c 9s"], pile="Jd")
    >>> *done, going_on = describe_turns(start, ["Qh", "stop", "draw", "Kh"], ("you", "the bot"))
    >>> out = log_html(done, going_on)
    >>> out.count("class='rl-td-entry'"), "<b>Turn 3 (going on):</b> You played K♥." in out
    (3, True)
    >>> out.index("Turn 3") < out.index("Turn 2:</b> The bot could not play")  # newest first
    True
    >>> log_html([])
    ''
    """
    entries: list[TurnReport] = list(reports[-turns:])
    if current is not None:
        entries.append(current)
    if not entries:
        return ""
    out = [
        CSS,
        "<div class='rl-td-log' aria-live='polite'><h4 style='margin:.5rem 0 0'>"
        "What happened (newest first)</h4>",
    ]
    for report in reversed(entries):
        when = f"Turn {report.turn}" + ("" if report.finished else " (going on)")
        out.append(
            "<div class='rl-td-entry'>"
            f"<p><b>{when}:</b> {html.escape(_capital(report.text))}.</p>"
            + (cards_html(report.played) if report.played else "")
            + "</div>"
        )
    out.append("</div>")
    return "".join(out)
