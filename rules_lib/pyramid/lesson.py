"""The guided first game of Pyramid: the last six cards of a pyramid, six steps.

It teaches, one step each: a king goes alone; the stock's top card pairs
with a free card of the pyramid; two free cards of the pyramid that add up
to 13 go together (and a covered card cannot: the mistake a newcomer makes
first); the waste's top card pairs too; turning the stock when nothing
pairs; and the last pair clears the pyramid.

>>> FIRST_GAME.steps[0].prompt.split(":")[0]
'A king counts 13 by itself'
>>> len(FIRST_GAME), FIRST_GAME.positions()[-1].is_won()
(6, True)
>>> print(FIRST_GAME.check(FIRST_GAME.positions()[2], 2, "4c 9c").message)
Not allowed: the 4♣ is covered by the 6♥. Try again.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import Card, Cards, parse_cards
from ..lesson import Lesson, Step
from .game import PyramidState
from .rules import DECK, PRESETS, PYRAMID_SIZE

__all__ = ["FIRST_GAME", "FIRST_HAND", "PYRAMID_LEFT", "STOCK_LEFT", "WASTE_LEFT"]

#: The six cards left at the top of the pyramid, row by row: the Q♦ on top,
#: the 4♣ and the 7♣ under it, then the 6♥, the K♠ and the 9♦.
PYRAMID_LEFT = "Qd 4c 7c 6h Ks 9d"
#: The waste's one card, and the stock from its top card down (the first three).
WASTE_LEFT = "9c"
STOCK_LEFT = "4h 3s As"


def _start() -> PyramidState:
    top = parse_cards(PYRAMID_LEFT)
    waste, stock = parse_cards(WASTE_LEFT), parse_cards(STOCK_LEFT)
    named = {*top, *waste, *stock}
    rest = [c for c in DECK if c not in named]
    # The 22 cards already taken from the pyramid's lower rows, then the stock's
    # first card (the waste), its next three, and the rest of the stock below them.
    layout = Cards([*top, *rest[: PYRAMID_SIZE - len(top)]])
    order = Cards([*waste, *stock, *rest[PYRAMID_SIZE - len(top) :]])
    assert all(isinstance(c, Card) for c in [*layout, *order])
    state = PyramidState(PRESETS["source"], None, layout, order)
    gone = sum(1 << i for i in range(len(top), PYRAMID_SIZE))
    return replace(state, gone=gone, pos=1, progress=True)


FIRST_GAME: Lesson[PyramidState] = Lesson(
    "pyramid",
    "Your first game of Pyramid",
    _start(),
    (
        Step(
            "A king counts 13 by itself: it goes alone. Tap the K♠ to take it.",
            ("Ks",),
            "That pair is fine, but start with the king: tap the K♠.",
            done="The K♠ is gone. Kings never wait: take one as soon as it is free.",
        ),
        Step(
            "The stock's top card plays too. The 4♥ and the 9♦ add up to 13: tap both to take them.",
            ("4h 9d",),
            "Pair the stock's 4♥ with the 9♦: that frees the 7♣.",
            done="With the K♠ and the 9♦ gone, nothing covers the 7♣ any more.",
        ),
        Step(
            "Now two free cards of the pyramid: the 6♥ and the 7♣ make 13. Tap both to take them.",
            ("6h 7c",),
            "Take the 6♥ and the 7♣: they free the 4♣.",
            done="The 4♣ is free now: no card lies on it.",
        ),
        Step(
            "The waste's top card plays as well: the 9♣ and the 4♣ make 13. Tap both to take them.",
            ("4c 9c",),
            "Pair the 4♣ with the 9♣ on the waste.",
            done="Only the Q♦ is left in the pyramid. It needs an ace.",
        ),
        Step(
            "The stock's top card, the 3♠, pairs with nothing you can reach. Press Turn the stock to "
            "put it on the waste and show the next card.",
            ("turn",),
            "Press Turn the stock: the 3♠ goes onto the waste.",
            done="The next card of the stock is the A♠.",
        ),
        Step(
            "An ace counts 1, a queen 12: the A♠ and the Q♦ make 13. Tap both and the "
            "pyramid is clear.",
            ("As Qd",),
            "Take the A♠ and the Q♦.",
            done="The pyramid is clear: you won.",
        ),
    ),
    closing="You know all the moves. A real game starts with all 28 cards: play one.",
)

#: The name every game's lesson module gives its guided first hand.
FIRST_HAND = FIRST_GAME
