"""Pyramid as pictures and words: a position, the moves, the solver's answer.

:func:`position_svg` draws a position as one picture that scales to any width:
the pyramid as seven overlapping rows (a card that is gone leaves a gap), the
stock's and the waste's top cards below it; its text alternative
(:func:`position_text`) says the same row by row.  The chapter shows it as
"one picture" (:func:`position_html`); the game widget
(:mod:`rules_lib.widgets.pyramid_widgets`) sets its panes from the other
functions here.  The rules and their words come from :mod:`rules_lib.pyramid`.

>>> from rules_lib.pyramid import new_game
>>> svg = position_svg(new_game(3))
>>> svg.count('role="img"')  # the picture, its 28 cards, the stock's top card
30
"""

from __future__ import annotations

import html
from collections.abc import Collection, Sequence

from ..cards import Card
from ..pyramid import AGAIN, TURN, Action, PyramidState, Take
from ..pyramid.rules import ROWS, position
from . import card_svg, message_html

__all__ = [
    "line_html",
    "move_words",
    "position_html",
    "position_svg",
    "position_text",
    "status_html",
    "verdict_html",
]

# The picture's grid, in the card's own units (a card is 60 x 84).
_W, _H, _GAP = 60, 84, 4
_STEP_X = _W + _GAP
_STEP_Y = 42  # each row covers the lower half of the row above
_PYRAMID_W = ROWS * _STEP_X - _GAP
_PILES_Y = (ROWS - 1) * _STEP_Y + _H + 26


def _row_words(index: int) -> str:
    return "the top row" if index == 0 else f"row {index + 1}"


def position_text(state: PyramidState) -> str:
    """The position in words, row by row from the top (the picture's text alternative).

    >>> from rules_lib.pyramid.lesson import FIRST_GAME
    >>> print(position_text(FIRST_GAME.start))
    Pyramid, from the top: the top row: queen of diamonds; row 2: four of clubs, seven of clubs; row 3: six of hearts, king of spades, nine of diamonds; rows 4 to 7: gone. Stock: 23 cards, the four of hearts on top. Waste: 1 card, the nine of clubs on top.
    """
    cards = state.pyramid
    rows = [cards[r * (r + 1) // 2 : (r + 1) * (r + 2) // 2] for r in range(ROWS)]
    last = max((r for r, row in enumerate(rows) if any(c is not None for c in row)), default=-1)
    words = [
        f"{_row_words(r)}: " + ", ".join("gone" if c is None else c.name for c in rows[r])
        for r in range(last + 1)
    ]
    if last < 0:
        words = ["every card is gone"]
    elif last == ROWS - 2:
        words.append(f"row {ROWS}: gone")
    elif last < ROWS - 2:
        words.append(f"rows {last + 2} to {ROWS}: gone")
    return (
        "Pyramid, from the top: "
        + "; ".join(words)
        + ". "
        + _pile_words("Stock", len(state.stock()), state.stock_top)
        + " "
        + _pile_words("Waste", len(state.waste()), state.waste_top)
    )


def _pile_words(name: str, count: int, top: Card | None) -> str:
    if top is None:
        return f"{name}: empty."
    return f"{name}: {count} card{'s' * (count != 1)}, the {top.name} on top."


def _placed(svg: str, x: float, y: float) -> str:
    """A card's standalone SVG placed at (x, y) inside a larger picture."""
    return svg.replace("<svg ", f'<svg x="{x:g}" y="{y:g}" ', 1)


def _gap(x: float, y: float) -> str:
    return (
        f'<rect x="{x + 1:g}" y="{y + 1:g}" width="{_W - 2}" height="{_H - 2}" rx="5" '
        'fill="none" stroke="#c9d1c9" stroke-dasharray="4 3"/>'
    )


def position_svg(
    state: PyramidState,
    *,
    highlight: Collection[Card] = (),
    max_width: str = "26rem",
    trim: bool = False,
) -> str:
    """A position as one SVG picture: the pyramid's rows overlapping, a gap where a
    card is gone, the stock's top card and the waste's below; ``highlight`` draws
    cards with a gold border (the cards of a move).  It scales to the width of its
    box, up to ``max_width``; its ``aria-label`` is :func:`position_text`.
    ``trim`` leaves out the empty rows below the last card of the pyramid.

    >>> from rules_lib.pyramid import new_game
    >>> game = new_game(3)
    >>> svg = position_svg(game, highlight=[game.pyramid[27]])
    >>> "highlighted" in svg, svg.count("stroke-dasharray")  # the waste is empty: a gap
    (True, 1)
    """
    parts = []
    rows = ROWS
    if trim:
        rows = 1 + max((position(i)[0] for i, c in enumerate(state.pyramid) if c), default=0)
    piles_y = _PILES_Y - (ROWS - rows) * _STEP_Y
    for index, card in enumerate(state.pyramid):
        r, c = position(index)
        if r >= rows:
            break
        x = (ROWS - 1 - r) * _STEP_X / 2 + c * _STEP_X
        y = r * _STEP_Y
        if card is None:
            parts.append(_gap(x, y))
        else:
            parts.append(_placed(card_svg(card, highlight=card in highlight), x, y))
    middle = _PYRAMID_W / 2
    for name, count, top, x in (
        ("Stock", len(state.stock()), state.stock_top, middle - _STEP_X - _GAP),
        ("Waste", len(state.waste()), state.waste_top, middle + 2 * _GAP),
    ):
        parts.append(
            f'<text x="{x + _W / 2:g}" y="{piles_y - 8}" text-anchor="middle" '
            'font-family="DejaVu Sans,Arial,sans-serif" font-size="13" fill="#1b1b1b">'
            f"{name} ({count})</text>"
        )
        if top is None:
            parts.append(_gap(x, piles_y))
        else:
            parts.append(_placed(card_svg(top, highlight=top in highlight), x, piles_y))
    height = piles_y + _H + 2
    words = html.escape(position_text(state))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {_PYRAMID_W + 4} {height + 2}" '
        f'role="img" aria-label="{words}" class="rl-pyramid-picture" '
        f'style="width:100%;max-width:{max_width};height:auto;display:block">'
        f"<title>{words}</title>" + "".join(parts) + "</svg>"
    )


def position_html(state: PyramidState, caption: str = "", **options: object) -> str:
    """The picture of :func:`position_svg` with a visible caption (a figure).

    >>> from rules_lib.pyramid import new_game
    >>> out = position_html(new_game(3), "A deal")
    >>> out.startswith("<figure") and "<figcaption" in out
    True
    """
    svg = position_svg(state, **options)  # type: ignore[arg-type]
    text = (
        f"<figcaption style='font-size:.95rem;margin:.3rem 0'>{html.escape(caption)}</figcaption>"
        if caption
        else ""
    )
    return f"<figure class='rl-pyramid-figure' style='margin:.5rem 0'>{svg}{text}</figure>"


def move_words(action: Action) -> str:
    """A move in words, as a hint says it.

    >>> move_words(Take.of("9d", "4h")), move_words(Take.of("Ks")), move_words(TURN)
    ('take the 4♥ and the 9♦', 'take the K♠', 'turn the stock')
    >>> move_words(AGAIN)
    'go through the stock again'
    """
    if action is TURN:
        return "turn the stock"
    if action is AGAIN:
        return "go through the stock again"
    assert isinstance(action, Take)
    return "take " + " and ".join(f"the {card}" for card in action.cards)


def line_html(line: Sequence[Action]) -> str:
    """A winning line as a numbered list of moves (turns in a row counted as one step).

    >>> out = line_html([TURN, TURN, Take.of("Ks"), AGAIN])
    >>> [part.split("<")[0] for part in out.split("<li>")[1:]]
    ['turn the stock 2 times', 'take the K♠', 'go through the stock again']
    """
    items: list[str] = []
    i = 0
    while i < len(line):
        action = line[i]
        run = 1
        while action is TURN and i + run < len(line) and line[i + run] is TURN:
            run += 1
        words = move_words(action) + (f" {run} times" if run > 1 else "")
        items.append(f"<li>{html.escape(words)}</li>")
        i += run
    return (
        "<ol class='rl-pyramid-line' style='margin:.3rem 0;padding-left:2rem;line-height:1.45;"
        "max-height:16rem;overflow-y:auto'>" + "".join(items) + "</ol>"
    )


def status_html(state: PyramidState) -> str:
    """Where the game stands, in a sentence (the engine's own words).

    >>> from rules_lib.pyramid import new_game
    >>> status_html(new_game(3)).split(">")[1].split("<")[0]
    '28 cards in the pyramid, 24 in the stock, 0 in the waste (pass 1, 2 more passes allowed).'
    """
    won = state.is_won()
    style = "font-weight:700;color:#1b5e20" if won else ""
    return (
        f"<p class='rl-pyramid-status' style='margin:.3rem 0;{style}'>"
        f"{html.escape(state.status())}</p>"
    )


def verdict_html(text: str, good: bool | None) -> str:
    """The solver's answer in a box: green when the deal can still be won, red when it
    cannot, neutral when the solver could not tell (``good`` is ``None``).

    >>> "#e8f5e9" in verdict_html("Still winnable.", True)
    True
    """
    if good is None:
        return message_html(text, "info").replace("<div", "<div class='rl-pyramid-verdict'", 1)
    bg, fg, edge = ("#e8f5e9", "#1b5e20", "#2e7d32") if good else ("#fdecea", "#8a1c1c", "#c62828")
    return (
        f"<div class='rl-pyramid-verdict' role='status' style='background:{bg};color:{fg};"
        f"border-left:4px solid {edge};border-radius:.3rem;padding:.4rem .7rem;margin:.25rem 0;"
        f"line-height:1.4'>{html.escape(text)}</div>"
    )
