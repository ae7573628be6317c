"""The guided first hand of Chinese Poker (:data:`rules_lib.chinese_poker.lesson.FIRST_HAND`):
set 13 cards in three steps, then score them against three other players,
in the frame every setting lesson shares
(:class:`~rules_lib.widgets.setting_lesson.SettingFirstHand`); at the end,
**Play a real hand** puts a :class:`~rules_lib.widgets.arrange_widgets.Showdown` below.
"""

from __future__ import annotations

from ..chinese_poker.lesson import FIRST_HAND
from .setting_lesson import SettingFirstHand, real_showdown

__all__ = ["ChinesePokerFirstHand"]


class ChinesePokerFirstHand(SettingFirstHand):
    """The guided first hand of Chinese Poker.

    >>> w = ChinesePokerFirstHand()
    >>> w.check_button.click()
    >>> "Not this time: the back has 0 cards" in w.panel.answer.value and w.step == 0
    True
    """

    def __init__(self) -> None:
        super().__init__(FIRST_HAND, lambda: real_showdown("cp-source"))
