"""Three-Thirteen Rummy: 11 rounds, 3 to 13 cards, a new wild rank each round (docs/GAMES.md §4).

* :mod:`.rules`: :class:`ThreeThirteenRules` (every house rule as data),
  :data:`PRESETS`, :func:`wild_rank` and :func:`cards_dealt` per round.
* :mod:`.melds`: :class:`Meld` (a set or a run, with its wild cards),
  :func:`make_meld`, :func:`is_meld`, and the exact melder :func:`best_melds`
  (with :func:`hand_penalty`, and the slow oracle :func:`brute_force_melds`).
* :mod:`.game`: :func:`new_game` and the immutable :class:`ThreeThirteenState`
  in the library's common engine shape; :class:`Action` and its notation.
* :mod:`.bots`: :class:`GreedyBot`, :class:`WaryBot`, :func:`compare_bots`.
* :mod:`.explain`: what the widgets need: practice hands (:func:`deal_hand`),
  melds made by hand (:class:`MeldDraft`), turns told in words
  (:func:`narrate`, :func:`describe`, :func:`why_not`), hints (:func:`suggest`),
  :func:`standings`.

A whole game between two bots, checked the way every engine is checked:

>>> import random
>>> from rules_lib.engine import playout, replay, check_conservation
>>> final = playout(new_game(seed=2026), [GreedyBot(), WaryBot()], random.Random(0))
>>> final.is_terminal(), len(final.results)
(True, 11)
>>> check_conservation(final.zones(), final.deck())
>>> replay(new_game(seed=2026), final.moves) == final
True
>>> print(final.results[0])
round 1 (threes wild): seat 1 went out; seat 0: +17, seat 1: +0
>>> print(final.results[0].melds[1])
[8♣ 9♣ 3♦=10♣] — penalty 0
>>> final.totals, final.winners()
((41, 90), (0,))
"""

from .bots import BOTS, BotComparison, GreedyBot, RandomBot, WaryBot, compare_bots
from .explain import (
    MeldDraft,
    Turn,
    deal_hand,
    describe,
    narrate,
    standings,
    suggest,
    why_not,
)
from .game import (
    DRAW,
    Action,
    Move,
    Phase,
    RoundResult,
    ThreeThirteenObservation,
    ThreeThirteenState,
    new_game,
)
from .melds import (
    InvalidMeldError,
    Meld,
    MeldKind,
    MeldResult,
    best_melds,
    brute_force_melds,
    hand_penalty,
    is_meld,
    is_wild,
    make_meld,
    meld_problem,
)
from .rules import PRESETS, ROUNDS, ThreeThirteenRules, cards_dealt, wild_rank

__all__ = [
    "BOTS",
    "DRAW",
    "PRESETS",
    "ROUNDS",
    "Action",
    "BotComparison",
    "GreedyBot",
    "InvalidMeldError",
    "Meld",
    "MeldDraft",
    "MeldKind",
    "MeldResult",
    "Move",
    "Phase",
    "RandomBot",
    "RoundResult",
    "ThreeThirteenObservation",
    "ThreeThirteenRules",
    "ThreeThirteenState",
    "Turn",
    "WaryBot",
    "best_melds",
    "brute_force_melds",
    "cards_dealt",
    "compare_bots",
    "deal_hand",
    "describe",
    "hand_penalty",
    "is_meld",
    "is_wild",
    "make_meld",
    "meld_problem",
    "narrate",
    "new_game",
    "standings",
    "suggest",
    "why_not",
    "wild_rank",
]
