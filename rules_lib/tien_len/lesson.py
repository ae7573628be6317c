"""The guided first hand of Tiến Lên: five cards each, five steps.

It teaches, one step each: the 3♠ leads; a single beats a lower single; a 2
is beaten only by a higher 2, so you pass; a pair beats a lower pair; the
trick's winner leads anything, and the first player out wins.

>>> FIRST_HAND.steps[0].prompt
'You hold the 3♠, the lowest card, so you lead, and your play must hold it. Tap the 3♠, then Play.'
>>> len(FIRST_HAND), FIRST_HAND.positions()[-1].finished
(5, (0,))
"""

from __future__ import annotations

from typing import Any

from ..lesson import Lesson, Step
from .explain import can_beat, why_not_pass
from .game import Pass, TienLenState
from .rules import PRESETS

__all__ = ["FIRST_HAND", "HANDS"]

#: The deal of the guided hand: yours, then Bot A, B and C in the order of play.
HANDS = (
    "3s 6c 9s 9h Qd",
    "4d 5s 6s 8h 10s",
    "7s 7h 10c As 2c",
    "3d 4c 5d 6h 8d",
)


def why_not(state: TienLenState, move: Any) -> str:
    """Why a move is not allowed, in a learner's words.

    >>> why_not(FIRST_HAND.start, FIRST_HAND.start.parse_action("pass"))
    'you lead this trick, and the leader must play: a trick never starts with a pass'
    """
    if isinstance(move, Pass):
        return why_not_pass(state) or "you cannot pass now"
    ruling = state.check(move)
    if state.table is not None and state.must_contain is None:
        return str(can_beat(move, state.table, state.rules)).removeprefix("No: ")
    return ruling.reason


FIRST_HAND: Lesson[TienLenState] = Lesson(
    "tien_len",
    "Your first hand of Tiến Lên",
    TienLenState.from_hands(HANDS, PRESETS["source"]),
    (
        Step(
            "You hold the 3♠, the lowest card, so you lead, and your play must hold it. "
            "Tap the 3♠, then Play.",
            ("3s",),
            "The first play of the hand must hold the 3♠.",
            ("5s", "10c", "pass"),
            "Bot A beat your 3♠ with the 5♠, Bot B beat that with the 10♣, and Bot C passed.",
        ),
        Step(
            "The 10♣ is on the table. A single card beats a lower single card: play your Q♦.",
            ("Qd",),
            "You may pass, but your Q♦ beats the 10♣: play it to stay in the trick.",
            ("pass", "2c", "pass"),
            "Bot A passed. Bot B put down the 2♣, and Bot C passed.",
        ),
        Step(
            "The 2♣ is on the table. 2s are the highest cards: only a higher 2 beats one, "
            "and you have none. Press Pass.",
            ("pass",),
            "Nothing you hold beats a 2: press Pass.",
            ("pass", "7s 7h", "pass"),
            "Bot A passed too. Everyone passed after Bot B's 2♣, so the trick is "
            "Bot B's: Bot B led a pair of 7s, and Bot C passed.",
        ),
        Step(
            "A pair of 7s is on the table. A pair beats a lower pair: "
            "tap both of your 9s, then Play.",
            ("9s 9h",),
            "You may pass, but your pair of 9s beats the pair of 7s: play it.",
            ("pass", "pass", "pass"),
            "Nobody could beat your pair of 9s: the trick is yours.",
        ),
        Step(
            "The trick is yours, so you lead anything. Your last card is the 6♣: "
            "play it to empty your hand.",
            ("6c",),
            "Play your last card, the 6♣.",
            (),
            "Your hand is empty: you went out first and won the hand.",
        ),
    ),
    closing="You know enough to play a real hand: thirteen cards each, against three bots.",
    explain=why_not,
)
