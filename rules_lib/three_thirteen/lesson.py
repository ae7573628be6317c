"""The guided first round of Three-Thirteen: three cards each, threes wild, four steps.

You against Bot A, one idea a step: a turn starts with one more card, from
the stock when the top discard fits nothing (and you draw a 3, wild this
round); it ends by throwing away a loose card, the one that would cost most
if the round ended now; the discard that a wild card turns into a run is
worth taking; and when every card but one melds, you go out.  The last
answer says what Bot A's leftover cards cost it.

>>> FIRST_HAND.steps[0].accept, len(FIRST_HAND)
(('draw',), 4)
>>> end = FIRST_HAND.positions()[-1].results[0]
>>> end.went_out, end.penalties
(0, (0, 24))
"""

from __future__ import annotations

from ..lesson import Lesson, Step
from .explain import why_not as say_why_not
from .game import Action, ThreeThirteenState
from .rules import PRESETS

__all__ = ["DISCARD", "FIRST_HAND", "HANDS", "NAMES", "STOCK", "why_not"]

#: The players, by seat: the learner deals second, so they play first.
NAMES = ("you", "Bot A")

#: The deal of the guided round: yours, then Bot A's (round 1: three cards each).
HANDS = ("7s 8h Kd", "9s Jc Jh")
#: The face-up card of the discard pile.
DISCARD = "2c"
#: The cards drawn from the stock, in the order they are drawn.
STOCK = "3h 4d 10c"


def why_not(state: ThreeThirteenState, move: Action) -> str:
    """Why a move is not allowed, in words addressed to the learner.

    >>> start = FIRST_HAND.start
    >>> why_not(start, Action.parse("discard Kd"))
    'you must draw first'
    >>> why_not(start.apply_action(start.parse_action("draw")), Action.parse("take 2c"))
    'you have drawn already and must now discard'
    >>> why_not(start, Action.parse("take 9s"))
    'you cannot take 9♠: the top of the discard pile is 2♣'
    """
    text = say_why_not(state, move, NAMES).removesuffix(".")
    if text.startswith("You "):
        text = "you " + text[len("You ") :]
    return text.replace("you has ", "you have ").replace("in their hand", "in your hand")


FIRST_HAND: Lesson[ThreeThirteenState] = Lesson(
    "three_thirteen",
    "Your first round of Three-Thirteen",
    ThreeThirteenState.from_hands(HANDS, DISCARD, STOCK, PRESETS["source"]),
    (
        Step(
            "A turn starts with one more card: the top of the face-down stock, "
            "or the 2♣ on the discard pile. "
            "The 2♣ fits with none of your cards: press Draw from stock.",
            ("draw",),
            "The 2♣ makes nothing with your 7♠, 8♥ or K♦: draw from the stock instead.",
            (),
            "You drew the 3♥. Threes are wild this round: a 3 can stand in for "
            "any card a meld lacks.",
        ),
        Step(
            "A turn ends by throwing one card onto the discard pile. Keep the wild 3♥. "
            "A card still in your hand when the round ends costs its value, and a king "
            "costs 10: tap the K♦, then Discard.",
            ("discard Kd",),
            "Keep the wild 3♥, and let the K♦ go: left in your hand at the end, "
            "it would cost 10 points, more than the 7♠ or the 8♥.",
            ("draw", "discard 9s"),
            "Bot A drew from the stock and threw away the 9♠.",
        ),
        Step(
            "The 9♠ is on the discard pile. With your 7♠, and the 3♥ standing in for "
            "the 8♠, it makes a run of spades: 7, 8, 9. Press Take 9♠.",
            ("take",),
            "The 9♠ completes a run with your 7♠ and the wild 3♥: take it, rather "
            "than a card you cannot see.",
            (),
            "You took the 9♠: 7♠, 3♥ (as the 8♠), 9♠ is a run.",
        ),
        Step(
            "Every card but the 8♥ is in a meld now, so you can go out: tap the 8♥, "
            "then Go out. Your meld is laid face up and the 8♥ goes on the discard pile.",
            ("go out 8h",),
            "Every card but the 8♥ melds, so do not just discard it: tap the 8♥ and press Go out.",
            ("draw", "discard 10c"),
            "You went out! Bot A had one last turn: it drew the 10♣ and threw it away. "
            "Its J♥, J♣ and 4♦ make no meld, so they cost Bot A 10 + 10 + 4 = 24 points. "
            "Every card of yours melded: you score 0.",
        ),
    ),
    closing="That was one round. A real game has eleven, from three cards each up to "
    "thirteen, with a new wild rank every round; the lowest total wins.",
    explain=why_not,
)
