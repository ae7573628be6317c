"""Tiến Lên as HTML: the seats, the table, the selection, the log of moves, the standings.

The game widget sets its panes from these functions; the rules and the words
come from :mod:`rules_lib.tien_len`.  Seat names are passed in, the reader
first (seat 0).

>>> from rules_lib.tien_len import new_game
>>> state = new_game(seed=4)
>>> "rl-tl-turn" in seats_html(state, ("You", "Bot A", "Bot B", "Bot C"))
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..cards import Card
from ..tien_len import (
    LoggedMove,
    Pass,
    TienLenRules,
    TienLenState,
    describe_action,
    place_labels,
    why_not_a_play,
)
from ..tien_len.explain import ordinal
from ..tien_len.plays import make_play
from . import back_svg, cards_html

__all__ = [
    "CSS",
    "LOG_LENGTH",
    "STEP",
    "evening_html",
    "log_html",
    "seats_html",
    "selection_html",
    "standings_html",
    "table_html",
]

#: Seconds between two moves of the log appearing (their animation delays).
STEP = 0.45
#: How many moves the log shows, the newest last.
LOG_LENGTH = 10

#: CSS for the seats, the log and the standings; include it once on the page.
CSS = """<style>
.rl-tl-seats{display:flex;flex-wrap:wrap;gap:.35rem;margin:.3rem 0}
.rl-tl-seat{flex:1 1 0;min-width:0;max-width:9rem;border:1px solid #bbb;
 border-radius:.45rem;padding:.25rem .35rem;font-size:.9rem;line-height:1.3;background:#fafafa}
.rl-tl-seat.rl-tl-turn{border:2px solid #1f5fa8;background:#eef4fb}
.rl-tl-seat svg{width:.9rem;height:auto;vertical-align:middle;margin-right:.15rem}
.rl-tl-count{white-space:nowrap;font-size:.85rem}
.rl-tl-tag{display:block;font-size:.8rem;color:#555}
.rl-tl-log{margin:.3rem 0;font-size:.95rem}
.rl-tl-log .rl-cards{margin:0;gap:.15rem}
.rl-tl-log .rl-cards svg{width:1.9rem}
.rl-tl-move{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem .5rem;padding:.12rem 0}
.rl-tl-who{font-weight:700;min-width:3.3rem}
.rl-tl-what{color:#444;font-size:.85rem}
.rl-tl-trick{color:#555;font-size:.85rem;border-top:1px dashed #bbb;margin:.15rem 0;padding-top:.1rem}
.rl-tl-standings td,.rl-tl-standings th{padding:.15rem .8rem .15rem 0;text-align:left}
@keyframes rl-tl-in{from{opacity:0;transform:translateY(-.3rem)}to{opacity:1;transform:none}}
.rl-tl-new{animation:rl-tl-in .35s ease-out both}
@media (prefers-reduced-motion:reduce){.rl-tl-new{animation:none}}
</style>"""


def seats_html(state: TienLenState, names: Sequence[str]) -> str:
    """A panel per seat, in the order of play: its name, its cards held, whether it
    is to play, has passed or is out (its place, once the hand is over).

    >>> from rules_lib.tien_len import new_game
    >>> out = seats_html(new_game(seed=4), ("You", "Bot A", "Bot B", "Bot C"))
    >>> out.count("rl-tl-count"), "<b>Bot C</b>" in out, "13 cards" in out
    (4, True, True)
    >>> "rl-tl-turn'><b>You</b>" in out and "to play" in out
    True
    """
    places = state.places() if state.is_terminal() else None
    labels = place_labels(places) if places else None
    panels = []
    for seat, name in enumerate(names):
        count = len(state.hands[seat])
        tags = []
        if labels is not None:
            tags.append(f"place: {labels[seat]}")
        elif seat in state.finished:
            tags.append(f"out, {ordinal(state.finished.index(seat) + 1)}")
        elif seat == state.current_player():
            tags.append("to play")
        if seat in state.locked_out:
            tags.append("passed, out of this trick")
        elif seat in state.passed:
            tags.append("passed")
        turn = " rl-tl-turn" if seat == state.current_player() else ""
        panels.append(
            f"<div class='rl-tl-seat{turn}'><b>{name}</b><br>"
            f"<span class='rl-tl-count'>{back_svg('cards held')}{count} card{'s' * (count != 1)}"
            "</span>"
            + "".join(f"<span class='rl-tl-tag'>{html.escape(t)}</span>" for t in tags)
            + "</div>"
        )
    return (
        "<div class='rl-tl-seats' aria-label='the players, in the order of play'>"
        + "".join(panels)
        + "</div>"
    )


def table_html(state: TienLenState, names: Sequence[str], fresh: bool) -> str:
    """The play to beat, or that the table is empty (nothing once the hand is over).

    ``fresh`` marks it new (``rl-tl-new``), so it appears with the moves that put it there.

    >>> from rules_lib.tien_len import new_game
    >>> names = ("You", "Bot A", "Bot B", "Bot C")
    >>> state = new_game(seed=4)
    >>> "The table is empty" in table_html(state, names, False)
    True
    >>> out = table_html(state.play("3s"), names, True)
    >>> "class='rl-tl-new'" in out, "On the table: your" in out
    (True, True)
    >>> "To beat: Bot A&#x27;s single 6♠" in table_html(state.play("3s").play("6s"), names, False)
    True
    """
    style = " class='rl-tl-new'" if fresh else ""
    if state.is_terminal():
        return ""
    if state.table is None:
        first = (
            f" Your first play must hold the {state.must_contain}." if state.must_contain else ""
        )
        return (
            f"<div{style}><p style='margin:.3rem 0'><b>The table is empty:</b> "
            f"you lead, with any play.{first}</p></div>"
        )
    assert state.table_player is not None
    who = names[state.table_player]
    label = f"To beat: {who}'s {state.table.describe(state.rules)}"
    if state.table_player == 0:
        label = f"On the table: your {state.table.describe(state.rules)}"
    return f"<div{style}>{cards_html(state.table.cards, label=label)}</div>"


def selection_html(chosen: Sequence[Card], held: int, rules: TienLenRules) -> str:
    """What the selected cards of a hand of ``held`` cards make: a play, or why not one.

    >>> from rules_lib.cards import parse_cards
    >>> from rules_lib.tien_len import TienLenRules
    >>> selection_html([], 13, TienLenRules())
    "<p style='margin:.2rem 0'>Your hand: 13 cards; none selected.</p>"
    >>> selection_html(parse_cards("9s 9h"), 13, TienLenRules())
    "<p style='margin:.2rem 0'>Selected: <b>9♠ 9♥</b>, pair of nines (9♥ high)</p>"
    >>> "not a play" in selection_html(parse_cards("3s 9h"), 13, TienLenRules())
    True
    """
    if not chosen:
        return (
            f"<p style='margin:.2rem 0'>Your hand: {held} card{'s' * (held != 1)}; "
            "none selected.</p>"
        )
    reason = why_not_a_play(chosen, rules)
    what = f"not a play ({reason})" if reason else make_play(chosen, rules).describe(rules)
    return (
        f"<p style='margin:.2rem 0'>Selected: <b>{html.escape(' '.join(map(str, chosen)))}</b>, "
        f"{html.escape(what)}</p>"
    )


def _log_line(
    move: LoggedMove, names: Sequence[str], rules: TienLenRules, fresh: bool, delay: float
) -> str:
    """One move of the log (and the end of its trick); a ``fresh`` one appears after ``delay``."""
    name = names[move.seat]
    attrs = f" rl-tl-new' style='animation-delay:{delay:.2f}s'" if fresh else "'"
    if isinstance(move.action, Pass):
        body = "<span>passes</span>"
    else:
        what = describe_action(move.action, rules)[len("plays ") :]
        body = (
            cards_html(move.action.cards) + f"<span class='rl-tl-what'>{html.escape(what)}</span>"
        )
    if move.went_out:
        body += "<span class='rl-tl-what'><b>out of cards!</b></span>"
    line = f"<div class='rl-tl-move{attrs}><span class='rl-tl-who'>{name}</span>{body}</div>"
    if move.trick_won_by is not None:
        winner = names[move.trick_won_by]
        verb = "win" if move.trick_won_by == 0 else "wins"
        line += (
            f"<p class='rl-tl-trick{' rl-tl-new' if fresh else ''}'"
            + (f" style='animation-delay:{delay:.2f}s'" if fresh else "")
            + f">{winner} {verb} trick {move.trick}.</p>"
        )
    return line


def log_html(
    moves: Sequence[LoggedMove],
    names: Sequence[str],
    rules: TienLenRules,
    fresh_from: int,
    *,
    length: int = LOG_LENGTH,
    step: float = STEP,
) -> str:
    """The last ``length`` moves, who won each trick, and how many earlier moves are not shown.

    The moves from index ``fresh_from`` on are new: they appear one after another,
    ``step`` seconds apart (class ``rl-tl-new``).

    >>> from rules_lib.tien_len import PASS, Play, TienLenRules, TienLenState, annotate
    >>> start = TienLenState.from_hands(["3s 9h", "4d 9c", "Kd 2s"])
    >>> moves = annotate(start, [Play.parse("3s"), Play.parse("4d"), Play.parse("Kd"), PASS, PASS])
    >>> out = log_html(moves, ("You", "Bot A", "Bot B"), TienLenRules(), 3)
    >>> out.count("class='rl-tl-move'"), out.count("rl-tl-move rl-tl-new"), "Bot B wins trick 1" in out
    (3, 2, True)
    >>> "No moves yet" in log_html([], ("You",), TienLenRules(), 0)
    True
    """
    start = max(0, len(moves) - length)
    lines = []
    if not moves:
        lines.append("<p class='rl-tl-trick'>No moves yet.</p>")
    elif start:
        lines.append(f"<p class='rl-tl-trick'>… {start} earlier moves</p>")
    new_index = 0
    for index in range(start, len(moves)):
        fresh = index >= fresh_from
        lines.append(_log_line(moves[index], names, rules, fresh, new_index * step))
        if fresh:
            new_index += 1
    return (
        "<div class='rl-tl-log' aria-live='polite'>"
        "<p style='margin:.4rem 0 .1rem'><b>Recent moves</b></p>" + "".join(lines) + "</div>"
    )


def standings_html(state: TienLenState, names: Sequence[str]) -> str:
    """The final standings as a table (place, player, cards left); nothing before the end.

    >>> from rules_lib.tien_len import TienLenState
    >>> names = ("You", "Bot A")
    >>> state = TienLenState.from_hands(["3s", "4d 9c"])
    >>> standings_html(state, names)
    ''
    >>> out = standings_html(state.play("3s"), names)
    >>> "rl-tl-standings" in out, "<td>1st</td><td>You</td><td>0</td>" in out
    (True, True)
    """
    if not state.is_terminal():
        return ""
    places = state.places()
    labels = place_labels(places)
    order = sorted(range(len(places)), key=lambda s: (places[s], s))
    rows = "".join(
        f"<tr><td>{labels[s]}</td><td>{names[s]}</td><td>{len(state.hands[s])}</td></tr>"
        for s in order
    )
    return (
        "<div class='rl-tl-standings'><h4 style='margin:.5rem 0 .2rem'>Final standings</h4>"
        "<table class='rl-table'><tr><th>Place</th><th>Player</th><th>Cards left</th></tr>"
        f"{rows}</table></div>"
    )


def _points(value: float, places: bool) -> str:
    if places:
        return f"{value:+.2f}".replace("-", "−")
    return f"{value:+.0f}".replace("-", "−") if value else "0"


def evening_html(
    hands: Sequence[Sequence[float]], names: Sequence[str], lines: Sequence[str], points: bool
) -> str:
    """The evening so far (each hand's points and the totals), and how the last hand was paid.

    Under scoring by places a hand gives +1 to the first, −1 to the last.

    >>> out = evening_html([(2, -1, 1, -2), (-4, 4, 0, 0)], ("You", "A", "B", "C"),
    ...                    ["you came 4th, A 1st: −2"], True)
    >>> "<td>−2</td><td>+3</td><td>+1</td><td>−2</td>" in out, "You came 4th" in out
    (True, True)
    >>> evening_html([], ("You", "A"), [], True)
    ''
    """
    if not hands and not lines:
        return ""
    parts = []
    if lines:
        items = "".join(f"<li>{html.escape(line[:1].upper() + line[1:])}</li>" for line in lines)
        parts.append(
            "<h4 style='margin:.5rem 0 .2rem'>How this hand was paid</h4>"
            f"<ul class='rl-tl-payments' style='margin:.2rem 0;padding-left:1.2rem'>{items}</ul>"
        )
    if hands:
        head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
        rows = "".join(
            f"<tr><td>{i}</td>"
            + "".join(f"<td>{_points(v, not points)}</td>" for v in hand)
            + "</tr>"
            for i, hand in enumerate(hands, 1)
        )
        totals = [sum(hand[s] for hand in hands) for s in range(len(names))]
        total = "".join(f"<td>{_points(v, not points)}</td>" for v in totals)
        unit = "points" if points else "results by place (+1 first, −1 last)"
        parts.append(
            f"<h4 style='margin:.5rem 0 .2rem'>This evening: {len(hands)} "
            f"hand{'s' if len(hands) > 1 else ''}, {unit}</h4>"
            "<div style='overflow-x:auto'><table class='rl-table rl-tl-evening'>"
            f"<tr><th>Hand</th>{head}</tr>{rows}"
            f"<tr class='rl-total'><th>Total</th>{total}</tr></table></div>"
        )
    return "<div class='rl-tl-score'>" + "".join(parts) + "</div>"
