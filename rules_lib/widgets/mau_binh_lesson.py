"""The guided first hand of Mậu Binh (:data:`rules_lib.mau_binh.lesson.FIRST_HAND`):
set 13 cards in three steps, then show down against the dealer, in the frame
every setting lesson shares (:class:`~rules_lib.widgets.setting_lesson.SettingFirstHand`);
at the end, **Play a real hand** puts a
:class:`~rules_lib.widgets.arrange_widgets.Showdown` below.
"""

from __future__ import annotations

from ..mau_binh.lesson import FIRST_HAND
from .setting_lesson import SettingFirstHand, real_showdown

__all__ = ["MauBinhFirstHand"]


class MauBinhFirstHand(SettingFirstHand):
    """The guided first hand of Mậu Binh (see :class:`SettingFirstHand`).

    >>> w = MauBinhFirstHand()
    >>> w.lesson.title, len(w.lesson)
    ('Your first hand of Mậu Binh', 3)
    """

    def __init__(self) -> None:
        super().__init__(FIRST_HAND, lambda: real_showdown("mb-source"))
