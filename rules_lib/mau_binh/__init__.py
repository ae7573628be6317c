"""Mậu Binh: 13 cards set as three poker hands, settled against the dealer (docs/GAMES.md §2a).

The setting of 13 cards it shares with Chinese Poker (the rows, the special
hands, the solver and its expected points) is :mod:`rules_lib.setting`; the
game is:

* :mod:`.rules`: :class:`MauBinhRules`, the house rules as data, and :data:`PRESETS`.
* :mod:`.settlement`: :func:`settle` (a player against the dealer, with the
  reason), :func:`settle_pairs`, :func:`settle_table`, :func:`instant_win`.
* :mod:`.explain`: the showdown of a deal in words, what a special hand is worth.
* :mod:`.bots`: :func:`set_hand`, how a bot sets its hand, and the
  objective it sets it for.
* :mod:`.lesson`: the guided first hand, :data:`~.lesson.FIRST_HAND`.

:data:`SETTING` is what the shared code reads of the game (its table in
``games.toml`` names it).

>>> from rules_lib.setting import Arrangement
>>> dealer = Arrangement.parse("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c")
>>> player = set_hand("Ks Kh 7d 7c 3s 10d 10c 6h 6s 2d As Ah 5c")
>>> settle(player, dealer).reason
'won 3 of 3 rows against the dealer: back wins, middle wins, front wins'
"""

from ..setting.game import SettingGame
from .bots import expected_objective, set_hand, special_setting
from .explain import against, expected_unit, rows_of, showdown, special_notes
from .rules import BONUS_KEYS, GLOSSARY, PRESETS, ROW_BONUS_NAMES, MauBinhRules
from .settlement import (
    Outcome,
    Settlement,
    instant_win,
    is_misset,
    row_bonus,
    settle,
    settle_pairs,
    settle_table,
    swept_value,
)

__all__ = [
    "BONUS_KEYS",
    "GLOSSARY",
    "PRESETS",
    "ROW_BONUS_NAMES",
    "SETTING",
    "MauBinhRules",
    "Outcome",
    "Settlement",
    "against",
    "expected_objective",
    "expected_unit",
    "instant_win",
    "is_misset",
    "row_bonus",
    "rows_of",
    "set_hand",
    "settle",
    "settle_pairs",
    "settle_table",
    "showdown",
    "special_notes",
    "special_setting",
    "swept_value",
]

#: Mậu Binh as the shared code of set hands calls it.
SETTING = SettingGame(
    "mau_binh",
    set_hand,
    expected_objective,
    showdown,
    against,
    special_notes,
    expected_unit,
    dealer_is_banker=True,
    specials_set_win=True,
)
