"""Hands of 13 set as back, middle and front (Mậu Binh and Chinese Poker), as HTML."""

from __future__ import annotations

import html

from ..setting.rows import ROWS, Arrangement
from . import cards_html

__all__ = ["arrangement_html"]


def arrangement_html(arr: Arrangement, title: str = "", points: int | None = None) -> str:
    """A hand as its three rows of cards, each labelled with its value, under a
    small heading: ``title``, then the points the hand scored if given.

    >>> hand = Arrangement.parse("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c")
    >>> out = arrangement_html(hand, "Player", -1)
    >>> "Player: -1</h4>" in out, "Middle: two pair, jacks and nines" in out, out.count("<svg")
    (True, True, 13)
    """
    head = ""
    if title or points is not None:
        score = f": {points:+d}" if points is not None else ""
        head = f"<h4 style='margin:.6rem 0 .1rem'>{html.escape(title)}{score}</h4>"
    return head + "".join(
        cards_html(arr.row(row), label=f"{row.value.capitalize()}: {value}")
        for row, value in zip(ROWS, arr.values(), strict=True)
    )
