"""Setting 13 cards in three rows: what the games of set hands share (docs/GAMES.md §2).

The games of set hands are played the same way: each player sets 13 cards
as a back of five, a middle of five and a front of three, and the rows are
compared with the other players'.  This package is that setting, below the
games; it names none (each game's package builds on it, and the shared code
here finds a game by its key in :mod:`rules_lib.games`):

* :mod:`.rows`: :class:`Row`, :class:`Arrangement` (a set hand, misset or
  not), :class:`Draft` (a hand being set), :func:`deal`;
* :mod:`.specials`: :class:`Special` and the special hands 13 cards hold
  (:func:`find_specials`) or are set as (:func:`arrangement_specials`);
* :mod:`.search`: the 72,072 ways to set a hand, searched
  (:func:`best_splits`, :func:`strongest_arrangement`);
* :mod:`.expected`: the expected points a setting wins, the objective the
  bots set their hands by, and its data ``row_distributions.json``;
* :mod:`.game`: :class:`SettingGame`, what each game of set hands tells the
  shared code (its bots, its objective, its showdown in words);
* :mod:`.lesson`: :class:`SettingLesson`, a guided first setting.

>>> arr = Arrangement.parse("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")
>>> arr.is_misset(), SPLITS
(False, 72072)
"""

from .expected import (
    OBJECTIVES,
    JointRows,
    Objective,
    RowDistributions,
    ValuedSetting,
    expected_best_arrangement,
    expected_best_arrangements,
    expected_points,
    objective_of,
    ranked_settings,
    special_value,
)
from .game import SEAT_NAMES, Against, SettingGame, setting_game, signed
from .lesson import Setting, SettingLesson, SettingStep, Settled, in_order, row_holds, row_is
from .rows import (
    ROW_SIZES,
    ROWS,
    Arrangement,
    Draft,
    Row,
    check_disjoint,
    deal,
    other_hands,
    random_hand,
)
from .search import SPLITS, best_splits, naive_best_arrangement, row_strength, strongest_arrangement
from .specials import (
    SettingRules,
    Special,
    arrangement_specials,
    find_specials,
    held_specials,
    more_specials,
    special_arrangement,
)

__all__ = [
    "OBJECTIVES",
    "ROWS",
    "ROW_SIZES",
    "SEAT_NAMES",
    "SPLITS",
    "Against",
    "Arrangement",
    "Draft",
    "JointRows",
    "Objective",
    "Row",
    "RowDistributions",
    "Setting",
    "SettingGame",
    "SettingLesson",
    "SettingRules",
    "SettingStep",
    "Settled",
    "Special",
    "ValuedSetting",
    "arrangement_specials",
    "best_splits",
    "check_disjoint",
    "deal",
    "expected_best_arrangement",
    "expected_best_arrangements",
    "expected_points",
    "find_specials",
    "held_specials",
    "in_order",
    "more_specials",
    "naive_best_arrangement",
    "objective_of",
    "other_hands",
    "random_hand",
    "ranked_settings",
    "row_holds",
    "row_is",
    "row_strength",
    "setting_game",
    "signed",
    "special_arrangement",
    "special_value",
    "strongest_arrangement",
]
