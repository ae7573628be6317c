"""House rules of Pyramid as data, its layout and its words (docs/GAMES.md §6).

Pyramid is a patience for one player: 28 cards face up in seven rows, each
card (but those of the bottom row) partly covered by two cards of the row
below it, and the other 24 as a stock.  Two uncovered cards whose values add
up to 13 are taken away together (ace 1, jack 11, queen 12); a king (13) goes
alone.

Every point on which players and programs differ is a field of
:class:`PyramidRules`, whose defaults are the book's reading of source
``003``; :data:`PRESETS` names the common versions.

>>> PyramidRules.preset("one pass").passes
1
>>> PyramidRules().with_options(goal="everything")
Traceback (most recent call last):
...
rules_lib.errors.RulesError: goal must be 'pyramid' or 'every card', not 'everything'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..cards import AnyCard, Card, Cards, Rank, standard_deck
from ..errors import RulesError
from ..rules_base import RulesBase, option

__all__ = [
    "COVERED_BY",
    "DECK",
    "PRESETS",
    "PYRAMID_SIZE",
    "ROWS",
    "STOCK_SIZE",
    "PyramidRules",
    "position",
    "value",
]

#: Every card of a game: one deck of 52, no jokers.
DECK: Cards = standard_deck()

#: Rows of the pyramid (1 card at the top, 7 at the bottom), its cards, the stock's.
ROWS = 7
PYRAMID_SIZE = ROWS * (ROWS + 1) // 2
STOCK_SIZE = len(DECK) - PYRAMID_SIZE


def position(index: int) -> tuple[int, int]:
    """The (row, place) of a pyramid index: row 0 is the top card, row 6 the bottom row.

    >>> position(0), position(1), position(2), position(27)
    ((0, 0), (1, 0), (1, 1), (6, 6))
    """
    if not 0 <= index < PYRAMID_SIZE:
        raise RulesError(f"a pyramid place is 0 to {PYRAMID_SIZE - 1}, not {index!r}")
    row = 0
    while (row + 1) * (row + 2) // 2 <= index:
        row += 1
    return row, index - row * (row + 1) // 2


def _covered_by(index: int) -> tuple[int, ...]:
    row, place = position(index)
    if row == ROWS - 1:
        return ()
    below = (row + 1) * (row + 2) // 2 + place
    return (below, below + 1)


#: For each pyramid index, the two indexes of the row below that cover it (none for row 6).
COVERED_BY: tuple[tuple[int, ...], ...] = tuple(_covered_by(i) for i in range(PYRAMID_SIZE))


def value(card: AnyCard) -> int:
    """What a card counts toward 13: ace 1, 2 to 10 their number, jack 11, queen 12, king 13.

    >>> [value(Card.parse(t)) for t in "As 5h 8d Jc Qs Kh".split()]
    [1, 5, 8, 11, 12, 13]
    """
    if not isinstance(card, Card):
        raise RulesError(f"Pyramid is played without jokers, not with {card}")
    return 1 if card.rank is Rank.ACE else int(card.rank)


@dataclass(frozen=True)
class PyramidRules(RulesBase, game="pyramid"):
    """House rules of Pyramid; the defaults are the book's reading of source ``003``.

    * ``passes``: how many times you may go through the stock (1, 3, or
      ``None`` for no limit).  The source is silent; default 3, as in most
      apps (the source is an app's page).  With no limit, going through the
      stock again is allowed only after a pass in which some card was taken
      away (a pass without one brings back the same position), so every
      game ends.
    * ``stock_waste_pairs``: the stock's top card and the waste's top card may
      be paired with each other (default True), not only with the pyramid.
    * ``goal``: ``"pyramid"`` (the source: "get rid of all the cards in the
      Pyramid", default) or ``"every card"`` (the stock and the waste too).
    * ``relaxed``: a card covered by one card only (the other having gone)
      may be paired with that card, when it is itself free (default False).
      The book's meaning of "relaxed"; some programs use the word for other
      easings, such as more passes.
    """

    passes: int | None = option(3, "times you may go through the stock (None: no limit)")
    stock_waste_pairs: bool = option(
        True, "the stock's top card and the waste's top card may pair with each other"
    )
    goal: Literal["pyramid", "every card"] = option("pyramid", "what must be cleared to win")
    relaxed: bool = option(False, "a card may pair with the one card left covering it")

    def __post_init__(self) -> None:
        if self.passes is not None and (
            not isinstance(self.passes, int) or not 1 <= self.passes <= 9
        ):
            raise RulesError(f"passes must be 1 to 9, or None for no limit, not {self.passes!r}")
        if self.goal not in ("pyramid", "every card"):
            raise RulesError(f"goal must be 'pyramid' or 'every card', not {self.goal!r}")

    def describe(self) -> str:
        """The rules in a line.

        >>> PyramidRules().describe()
        'three passes; stock and waste pair; clear the pyramid'
        """
        words = {1: "one pass", 2: "two passes", 3: "three passes"}
        passes = (
            "no limit on passes"
            if self.passes is None
            else words.get(self.passes, f"{self.passes} passes")
        )
        parts = [
            passes,
            "stock and waste pair"
            if self.stock_waste_pairs
            else "stock and waste pair only with the pyramid",
            "clear the pyramid" if self.goal == "pyramid" else "clear every card",
        ]
        if self.relaxed:
            parts.append("relaxed")
        return "; ".join(parts)


PRESETS: dict[str, PyramidRules] = {
    # The book's reading of source 003: clear the pyramid; three passes, as in most apps.
    "source": PyramidRules(),
    # The stock gone through once only, as in the game's old printed rules.
    "one pass": PyramidRules(passes=1),
    # No limit on passes (but a pass must take a card away for another to follow).
    "no limit": PyramidRules(passes=None),
    # Every card must go, the stock and the waste too.
    "every card": PyramidRules(goal="every card"),
    # A card may pair with the one card left covering it.
    "relaxed": PyramidRules(relaxed=True),
}
