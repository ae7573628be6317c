"""Card pictures as SVG and HTML, drawn by our own code.

The core library never imports this module; ``Card._repr_svg_`` imports it
only when a notebook asks for a picture.

Each card is an ``<svg>`` with ``role="img"`` and a spoken name
(``aria-label``), so a screen reader says "ace of spades".  Suit symbols are
drawn as paths, not taken from a font, so they look the same on every phone.
Pictures scale with the width of the screen: a row of 13 cards wraps on a
phone instead of overflowing.

Each game's own drawing is a module of this package: the widgets set their
panes from these functions and build no HTML themselves.

* :mod:`rules_lib.render.arrange`: hands of 13 in three rows (Mậu Binh, Chinese Poker);
* :mod:`rules_lib.render.tien_len`: the seats, the table, the log and the standings of Tiến Lên;
* :mod:`rules_lib.render.three_thirteen`: melds, the table, the record and the score sheet;
* :mod:`rules_lib.render.tredici`: the table, what happens now and the log of Tredici;
* :mod:`rules_lib.render.pyramid`: a Pyramid position as one picture, the moves and
  the solver's answer;
* :mod:`rules_lib.render.strategy` and :mod:`rules_lib.render.plots`: the strategy lab's
  tables and plots.

>>> from rules_lib import parse_cards
>>> svg = card_svg(parse_cards("Qh")[0])
>>> 'aria-label="queen of hearts"' in svg and RED in svg
True
"""

from __future__ import annotations

import html
from collections.abc import Collection, Iterable, Sequence

from ..cards import AnyCard, Card, Color, Joker, Suit

__all__ = [
    "BLACK",
    "CARD_CSS",
    "RED",
    "back_svg",
    "captioned",
    "card_svg",
    "cards_html",
    "hand_value_html",
    "markdown_table",
    "message_html",
    "side_by_side",
]

RED = "#c0162c"
BLACK = "#1b1b1b"
HIGHLIGHT = "#e0a200"

# Suit outlines in a 100 x 100 box.
_SUIT_PATH = {
    Suit.HEARTS: "M50 92C22 68 0 48 0 27C0 10 13 0 27 0C39 0 47 8 50 18"
    "C53 8 61 0 73 0C87 0 100 10 100 27C100 48 78 68 50 92Z",
    Suit.DIAMONDS: "M50 0L86 50L50 100L14 50Z",
    Suit.SPADES: "M50 0C62 22 100 38 100 62C100 78 88 87 76 87C66 87 58 81 54 73"
    "C55 85 60 93 68 100L32 100C40 93 45 85 46 73C42 81 34 87 24 87"
    "C12 87 0 78 0 62C0 38 38 22 50 0Z",
    Suit.CLUBS: "M50 3A22 22 0 1 1 49.9 3ZM25 36A22 22 0 1 1 24.9 36Z"
    "M75 36A22 22 0 1 1 74.9 36ZM46 55C46 78 41 91 31 100L69 100C59 91 54 78 54 55Z",
}
_STAR = "M50 0L61 35L98 35L68 57L79 92L50 70L21 92L32 57L2 35L39 35Z"

#: CSS for rows of cards; included once in each HTML row so it works anywhere.
CARD_CSS = (
    ".rl-cards{display:flex;flex-wrap:wrap;gap:.3rem;align-items:flex-end;margin:.25rem 0}"
    ".rl-cards svg{width:clamp(2.4rem,11vw,3.75rem);height:auto;flex:none}"
    ".rl-cards .rl-label{flex-basis:100%;font-size:.95rem;margin:0}"
)


def _suit_glyph(suit: Suit, x: float, y: float, size: float, color: str) -> str:
    scale = size / 100
    return (
        f'<path d="{_SUIT_PATH[suit]}" fill="{color}" '
        f'transform="translate({x:g} {y:g}) scale({scale:g})"/>'
    )


def _frame(label: str, stroke: str, width: float) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 84" width="60" height="84" '
        f'role="img" aria-label="{html.escape(label)}"><title>{html.escape(label)}</title>'
        f'<rect x="1" y="1" width="58" height="82" rx="5" fill="#fff" stroke="{stroke}" '
        f'stroke-width="{width:g}"/>'
    )


def card_svg(card: AnyCard, *, highlight: bool = False, dim: bool = False) -> str:
    """One card as a standalone SVG (60 x 84 user units).

    ``highlight`` draws a gold border (the cards that make a combination);
    ``dim`` greys the card (cards that do not count).
    """
    stroke, width = (HIGHLIGHT, 3.0) if highlight else ("#888", 1.0)
    label = card.name + (", highlighted" if highlight else "")
    parts = [_frame(label, stroke, width)]
    if isinstance(card, Joker):
        color = RED if card.color is Color.RED else BLACK
        parts.append(
            f'<text x="30" y="17" font-family="DejaVu Sans,Arial,sans-serif" font-size="10" '
            f'font-weight="700" text-anchor="middle" fill="{color}">JOKER</text>'
        )
        parts.append(f'<path d="{_STAR}" fill="{color}" transform="translate(14 26) scale(0.32)"/>')
        parts.append(
            f'<text x="30" y="76" font-family="DejaVu Sans,Arial,sans-serif" font-size="8" '
            f'text-anchor="middle" fill="{color}">{card.color.value.upper()}</text>'
        )
    else:
        color = RED if card.color is Color.RED else BLACK
        rank = card.rank.notation
        font = 'font-family="DejaVu Sans,Arial,sans-serif" font-weight="700"'
        fit = ' textLength="13" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ""
        # corner index, top left and (rotated) bottom right
        corner = (
            f'<text x="8.5" y="17" {font} font-size="15" text-anchor="middle"{fit} '
            f'fill="{color}">{rank}</text>' + _suit_glyph(card.suit, 3.5, 20, 10, color)
        )
        parts.append(corner)
        parts.append(f'<g transform="rotate(180 30 42)">{corner}</g>')
        if rank in ("J", "Q", "K"):
            parts.append(
                f'<rect x="16" y="18" width="28" height="48" rx="3" fill="none" '
                f'stroke="{color}" stroke-width="1.2"/>'
            )
            parts.append(
                f'<text x="30" y="45" {font} font-size="22" text-anchor="middle" '
                f'fill="{color}">{rank}</text>'
            )
            parts.append(_suit_glyph(card.suit, 24.5, 50, 11, color))
        else:
            parts.append(_suit_glyph(card.suit, 17, 29, 26, color))
    if dim:
        parts.append('<rect x="1" y="1" width="58" height="82" rx="5" fill="#fff" opacity="0.55"/>')
    parts.append("</svg>")
    return "".join(parts)


def back_svg(label: str = "face-down card") -> str:
    """The back of a card (a hidden card)."""
    return (
        _frame(label, "#888", 1.0)
        + '<rect x="5" y="5" width="50" height="74" rx="3" fill="#1d4e89"/>'
        + '<path d="M5 5L55 79M55 5L5 79" stroke="#5d8fcf" stroke-width="1.5"/>'
        + "</svg>"
    )


def cards_html(
    cards: Iterable[AnyCard],
    *,
    label: str | None = None,
    highlight: Collection[AnyCard] = (),
    dim: Collection[AnyCard] = (),
    hidden: int = 0,
) -> str:
    """A wrapping row of card pictures, with an optional visible caption.

    The row's ``aria-label`` lists the cards in words; ``hidden`` appends that
    many face-down cards.

    >>> from rules_lib import parse_cards
    >>> row = cards_html(parse_cards("As 10d"), label="Two cards")
    >>> "ace of spades, ten of diamonds" in row, row.count("<svg")
    (True, 2)
    """
    items = list(cards)
    names = ", ".join(c.name for c in items)
    if hidden:
        names += (", " if names else "") + f"{hidden} face-down card{'s' * (hidden != 1)}"
    aria = f"{label}: {names}" if label else names or "no cards"
    out = [f"<style>{CARD_CSS}</style>"]
    out.append(f'<div class="rl-cards" role="group" aria-label="{html.escape(aria)}">')
    if label:
        out.append(f'<p class="rl-label" aria-hidden="true">{html.escape(label)}</p>')
    for card in items:
        out.append(card_svg(card, highlight=card in highlight, dim=card in dim))
    out.extend(back_svg() for _ in range(hidden))
    if not items and not hidden:
        out.append('<span class="rl-label">(no cards)</span>')
    out.append("</div>")
    return "".join(out)


def captioned(
    cards: Iterable[AnyCard],
    caption: str,
    highlight: Collection[AnyCard] = (),
    dim: Collection[AnyCard] = (),
) -> str:
    """A row of cards under a caption, as one block as wide as the wider of the two.

    (A caption inside the row would make the block as wide as caption and cards
    together, and blocks side by side would wrap too soon.)  ``highlight`` and
    ``dim`` are passed on to :func:`cards_html`.

    >>> from rules_lib import parse_cards
    >>> block = captioned(parse_cards("5s 6s"), "Ada's run")
    >>> "aria-label='Ada&#x27;s run'" in block, block.count("<svg")
    (True, 2)
    """
    return (
        f"<div role='group' aria-label='{html.escape(caption, quote=True)}' "
        "style='display:flex;flex-direction:column'>"
        f"<p aria-hidden='true' style='margin:.3rem 0 0;font-size:.95rem'>{html.escape(caption)}</p>"
        + cards_html(cards, highlight=highlight, dim=dim)
        + "</div>"
    )


def side_by_side(*parts: str) -> str:
    """Blocks of cards next to each other, wrapping onto more lines on a narrow screen.

    >>> side_by_side("<p>a</p>", "<p>b</p>").count("<p>")
    2
    """
    return (
        "<div style='display:flex;flex-wrap:wrap;column-gap:1.2rem;align-items:flex-end'>"
        + "".join(parts)
        + "</div>"
    )


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table from a header and rows of cells (the book shows it as MyST).

    >>> print(markdown_table(["game", "cards"], [["Tredici", 54]]))
    | game | cards |
    |---|---|
    | Tredici | 54 |
    """
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def message_html(text: str, kind: str = "error") -> str:
    """A visible message box (``kind`` is ``error`` or ``info``) with an ARIA role."""
    colors = {"error": ("#fdecea", "#8a1c1c", "alert"), "info": ("#eef4fb", "#1d3f66", "status")}
    bg, fg, role = colors[kind]
    return (
        f'<div role="{role}" style="background:{bg};color:{fg};border-radius:.4rem;'
        f'padding:.5rem .75rem;margin:.25rem 0;font-size:1rem;line-height:1.4">'
        f"{html.escape(text, quote=False)}</div>"
    )


def hand_value_html(cards: Iterable[Card], *, label: str | None = None) -> str:
    """A 3- or 5-card poker hand: pictures in reading order, the cards that make
    the category highlighted, its value in words, and what decides ties.

    >>> from rules_lib import parse_cards
    >>> out = hand_value_html(parse_cards("9s 9h 9d Kc Ks"))
    >>> "full house, nines over kings" in out
    True
    """
    from ..poker import display_order, evaluate, explain, scoring_cards

    hand = list(cards)
    value = evaluate(hand)
    shown = display_order(hand)
    key = scoring_cards(hand)
    return (
        cards_html(shown, label=label, highlight=key)
        + f'<p style="margin:.2rem 0;font-size:1.05rem"><strong>{html.escape(value.describe())}'
        + "</strong></p>"
        + f'<p style="margin:.2rem 0;font-size:.95rem;max-width:40rem">{html.escape(explain(value))}</p>'
    )
