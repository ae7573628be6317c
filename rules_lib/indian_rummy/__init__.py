"""Indian Rummy, the thirteen-card rummy (docs/GAMES.md §8).

* :mod:`.rules`: :class:`IndianRummyRules` (every house rule as data) and
  :data:`PRESETS`.
* :mod:`.game`: :func:`new_game` and the immutable :class:`IndianRummyState`
  in the library's common engine shape; :class:`Action` and its notation
  (``draw``, ``take 7♠``, ``discard 9♦``, ``drop``, ``declare 9♦ | 3♠ 4♠ 5♠ | …``);
  :class:`DealResult`, each deal on the score sheet.
* :mod:`.bots`: :class:`HeuristicBot`, :func:`compare_bots`, :data:`BOTS`.
* :mod:`.groups`: :class:`Group` (a sequence, pure or not, or a set) and
  :func:`classify`; :func:`check_declaration`; :func:`best_grouping` (exact,
  13 or 14 cards) and :func:`hand_points`.

A whole pool between two bots, checked the way every engine is checked:

>>> import random
>>> from rules_lib.engine import playout, replay, check_conservation
>>> start = new_game(seed=2026, rules=PRESETS["pool 101"])
>>> final = playout(start, [HeuristicBot(), HeuristicBot()], random.Random(0))
>>> final.is_terminal(), len(final.results)
(True, 6)
>>> check_conservation(final.zones(), final.deck())
>>> replay(start, final.moves) == final
True
>>> print(final.results[0])
deal 1 (5♦ turned, fives wild): seat 0 declared; seat 0: 0 (declared), seat 1: 5 (hand counted)
>>> print(final.results[-1])
deal 6 (J♣ turned, jacks wild): seat 0 declared; seat 0: 0 (declared), seat 1: 80 (hand counted)
>>> final.totals, final.winners(), final.returns()
((13, 153), (0,), (1.0, -1.0))
"""

from .bots import BOTS, BotComparison, HeuristicBot, RandomBot, compare_bots, is_hopeless
from .game import (
    DRAW,
    DROP,
    Action,
    DealResult,
    Ending,
    IndianRummyObservation,
    IndianRummyState,
    Move,
    Phase,
    Status,
    is_wild,
    new_game,
)
from .groups import (
    DeclarationCheck,
    DeclarationError,
    Group,
    Grouping,
    GroupKind,
    InvalidGroupError,
    best_grouping,
    brute_force_grouping,
    check_declaration,
    classify,
    hand_points,
    verify_declaration,
)
from .rules import FORMATS, HAND_SIZE, JOKER_TURNED, PRESETS, IndianRummyRules, check_players

__all__ = [
    "BOTS",
    "DRAW",
    "DROP",
    "FORMATS",
    "HAND_SIZE",
    "JOKER_TURNED",
    "PRESETS",
    "Action",
    "BotComparison",
    "DealResult",
    "DeclarationCheck",
    "DeclarationError",
    "Ending",
    "Group",
    "GroupKind",
    "Grouping",
    "HeuristicBot",
    "IndianRummyObservation",
    "IndianRummyRules",
    "IndianRummyState",
    "InvalidGroupError",
    "Move",
    "Phase",
    "RandomBot",
    "Status",
    "best_grouping",
    "brute_force_grouping",
    "check_declaration",
    "check_players",
    "classify",
    "compare_bots",
    "hand_points",
    "is_hopeless",
    "is_wild",
    "new_game",
    "verify_declaration",
]
