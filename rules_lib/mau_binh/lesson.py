"""The guided first hand of Mậu Binh: set 13 cards in three steps, then show down.

It teaches, one step each: the strongest hand goes in the back; the middle
must not beat the back, and the front must not beat the middle, so the two
pairs are split, the aces in the middle and the nines in front (the aces in
front would leave a middle of nines weaker than the front: a misset hand,
which loses to the dealer whatever its rows); the front is the last three
cards.  The showdown against the dealer teaches the rest: row against row,
two rows of three win the deal, and a tied row is the dealer's.

>>> FIRST_HAND.steps[0].prompt.split(".")[0]
'Your five hearts make a flush, your strongest poker hand'
>>> settled = FIRST_HAND.showdown(FIRST_HAND.positions()[-1])
>>> settled.points, [a.name for a in settled.against]
(1, ['the dealer'])
"""

from __future__ import annotations

from ..poker import Category
from ..setting.lesson import SettingLesson, SettingStep, in_order, row_holds, row_is
from ..setting.rows import Arrangement, Row
from .rules import PRESETS

__all__ = ["DEALER", "FIRST_HAND", "HAND"]

#: Your thirteen cards.
HAND = "Kh Jh 8h 6h 2h As Ac 9s 9d Qd 7c 4d 3s"

#: The dealer's hand, already set: a straight, a pair of kings, a pair of nines.
DEALER = Arrangement.parse("10c Js Qc Kd Ah / Ks Kc 8c 5d 2c / 9h 9c 3c")

FIRST_HAND = SettingLesson(
    "mau_binh",
    "Your first hand of Mậu Binh",
    HAND,
    (
        SettingStep(
            "Your five hearts make a flush, your strongest poker hand. The back is the "
            "strongest row: tap the five hearts, then Move here (back), then Check.",
            (row_is(Row.BACK, Category.FLUSH),),
            "Kh Jh 8h 6h 2h / / ",
            "A flush is five cards of one suit: put your five hearts in the back.",
            "The back is a flush, king high.",
        ),
        SettingStep(
            "The middle takes five cards, and the front three; the front must not beat the "
            "middle. So split your pairs: the aces go in the middle, with the Q♦, 7♣ and 4♦. "
            "Move them there, then Check.",
            (row_holds(Row.MIDDLE, "As Ac", "the pair of aces"), row_is(Row.MIDDLE, Category.PAIR)),
            "Kh Jh 8h 6h 2h / As Ac Qd 7c 4d / ",
            "Put the aces in the middle with the Q♦, 7♣ and 4♦, and keep the nines for the front.",
            "The middle is a pair of aces: weaker than the flush behind it, as it must be.",
        ),
        SettingStep(
            "The front takes the last three cards: the two nines and the 3♠. A pair of nines "
            "is weaker than the middle's aces, so the hand is in order. Move them, then Check.",
            (row_is(Row.FRONT, Category.PAIR), in_order()),
            "Kh Jh 8h 6h 2h / As Ac Qd 7c 4d / 9s 9d 3s",
            "Every card goes in a row: five in the back, five in the middle, three in the front.",
            "Your hand is set, each row no stronger than the one behind it. "
            "The hands are turned over.",
        ),
    ),
    PRESETS["source"],
    (DEALER,),
    names=("you", "the dealer"),
    dealer=1,
    misset_cost="A misset hand loses to the dealer, whatever its rows.",
    closing="You know enough to play a real hand: thirteen cards each, against three bots, "
    "one of them the dealer.",
)
