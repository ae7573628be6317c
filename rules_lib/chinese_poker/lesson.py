"""The guided first hand of Chinese Poker: set 13 cards in three steps, then
score them against three other players.

It teaches, one step each: the strongest hand goes in the back; the middle
must not beat the back (a straight under a flush; the other way round the
hand is misset, and a misset hand loses every row); three of a kind is the
strongest front, and a front of three of a kind that wins scores 3 points (a
royalty).  The showdown teaches the rest: every player is scored against
every other, a point a row won, a royalty instead for a strong row, so
losing two rows can still win points.

>>> FIRST_HAND.steps[2].prompt.split(":")[0]
'Three 7s are left'
>>> settled = FIRST_HAND.showdown(FIRST_HAND.positions()[-1])
>>> settled.points, [(a.name, a.points) for a in settled.against]
(3, [('Bot A', 5), ('Bot B', 1), ('Bot C', -3)])
"""

from __future__ import annotations

from ..poker import Category
from ..setting.game import SEAT_NAMES
from ..setting.lesson import SettingLesson, SettingStep, in_order, row_is
from ..setting.rows import Arrangement, Row
from .rules import PRESETS

__all__ = ["FIRST_HAND", "HAND", "OPPONENTS"]

#: Your thirteen cards.
HAND = "As Js 9s 6s 3s 8d 9c 10h Jd Qc 7h 7d 7c"

#: Bot A's, Bot B's and Bot C's hands, already set (Bot C deals).
OPPONENTS = (
    Arrangement.parse("4h 5h 6d 7s 8s / Ac Ad 2s 2d 3h / Kc 9d 6c"),
    Arrangement.parse("10s 10c 10d 5s 5d / 2c 3c 4c 8c Jc / Ks Kd 4d"),
    Arrangement.parse("Ah Kh Jh 9h 8h / 2h 3d 4s 5c 6h / Qs Qh Qd"),
)

FIRST_HAND = SettingLesson(
    "chinese_poker",
    "Your first hand of Chinese Poker",
    HAND,
    (
        SettingStep(
            "Your five spades make a flush, your strongest poker hand, and the back is the "
            "strongest row: tap the five spades, then Move here (back), then Check.",
            (row_is(Row.BACK, Category.FLUSH),),
            "As Js 9s 6s 3s / / ",
            "The back holds your strongest hand: the flush, five spades.",
            "The back is a flush, ace high.",
        ),
        SettingStep(
            "The 8♦, 9♣, 10♥, J♦ and Q♣ make a straight, five ranks in a row. A straight is "
            "weaker than a flush, so it goes in the middle: move it there, then Check.",
            (row_is(Row.MIDDLE, Category.STRAIGHT),),
            "As Js 9s 6s 3s / 8d 9c 10h Jd Qc / ",
            "The middle takes the straight: the 8♦, 9♣, 10♥, J♦ and Q♣.",
            "The middle is a straight, queen high, weaker than the flush behind it.",
        ),
        SettingStep(
            "Three 7s are left: three of a kind, the strongest front there can be. A front of "
            "three of a kind that wins scores 3 points instead of 1. Move them, then Check.",
            (row_is(Row.FRONT, Category.THREE_OF_A_KIND), in_order()),
            "As Js 9s 6s 3s / 8d 9c 10h Jd Qc / 7h 7d 7c",
            "The front takes the three 7s.",
            "Your hand is set, each row weaker than the one behind it. "
            "Everyone turns their hand over.",
        ),
    ),
    PRESETS["source"],
    OPPONENTS,
    names=SEAT_NAMES,
    dealer=3,
    misset_cost="A misset hand loses every row to every player whose hand is in order.",
    closing="You know enough to play a real hand: thirteen cards each, against three bots.",
)
