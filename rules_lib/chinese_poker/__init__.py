"""Chinese Poker: 13 cards set as three poker hands, scored against every other
player (docs/GAMES.md §2b).

The setting of 13 cards it shares with Mậu Binh (the rows, the special
hands, the solver and its expected points) is :mod:`rules_lib.setting`; the
game is:

* :mod:`.rules`: :class:`ChinesePokerRules`, the house rules as data, and
  :data:`PRESETS`.
* :mod:`.settlement`: :func:`score_pair` (one hand against another, with the
  reason), :func:`score_table`, :func:`declared_special`.
* :mod:`.explain`: the points of a deal in words, what a special hand is worth.
* :mod:`.bots`: :func:`set_hand`, how a bot sets its hand, and the
  objective it sets it for.
* :mod:`.lesson`: the guided first hand, :data:`~.lesson.FIRST_HAND`.

:data:`SETTING` is what the shared code reads of the game (its table in
``games.toml`` names it).

>>> from rules_lib.setting import deal
>>> hands = [set_hand(hand) for hand in deal(3)]
>>> sum(score_table(hands).totals)
0
"""

from ..setting.game import SettingGame
from .bots import expected_objective, set_hand
from .explain import against, expected_unit, showdown, special_notes
from .rules import PRESETS, SOURCE_ROYALTIES, SOURCE_SPECIALS, ChinesePokerRules
from .settlement import PairScore, TableScore, declared_special, score_pair, score_table

__all__ = [
    "PRESETS",
    "SETTING",
    "SOURCE_ROYALTIES",
    "SOURCE_SPECIALS",
    "ChinesePokerRules",
    "PairScore",
    "TableScore",
    "against",
    "declared_special",
    "expected_objective",
    "expected_unit",
    "score_pair",
    "score_table",
    "set_hand",
    "showdown",
    "special_notes",
]

#: Chinese Poker as the shared code of set hands calls it.
SETTING = SettingGame(
    "chinese_poker", set_hand, expected_objective, showdown, against, special_notes, expected_unit
)
