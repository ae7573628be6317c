"""Tiến Lên ("Thirteen", "go forward"), the Vietnamese shedding game (docs/GAMES.md §3).

* :mod:`.rules`: :class:`TienLenRules`, the house rules as data, and :data:`PRESETS`.
* :mod:`.plays`: :class:`Play` (a combination), :func:`classify`, :func:`beats`,
  :func:`legal_plays`.
* :mod:`.game`: :func:`new_game` and the immutable :class:`TienLenState`.
* :mod:`.bots`: :class:`GreedyBot`, :class:`HeuristicBot`, :func:`tournament`.
* :mod:`.explain`: :func:`can_beat` (with the reason), :func:`hint`, the trick
  log, the reader's selection as a play (what the widgets show).

A whole hand, played by bots:

>>> import random
>>> from rules_lib.engine import RandomBot, playout, replay, check_conservation
>>> final = playout(new_game(seed=2026), [RandomBot()] * 4, random.Random(0))
>>> final.is_terminal(), len(final.finished), sum(final.returns())
(True, 4, 0.0)
>>> check_conservation(final.zones(), final.deck())
>>> replay(new_game(seed=2026), final.moves) == final
True
"""

from .bots import BOTS, GreedyBot, HeuristicBot, RandomBot, Standing, TournamentResult, tournament
from .explain import (
    LoggedMove,
    Verdict,
    annotate,
    can_beat,
    describe_action,
    hint,
    place_labels,
    play_from_selection,
    shape_name,
    why_not_pass,
)
from .game import (
    PASS,
    Action,
    InstantWin,
    Move,
    Pass,
    TienLenObservation,
    TienLenState,
    first_dealer,
    instant_win_of,
    new_game,
    parse_action,
)
from .plays import Kind, Play, beats, bomb_tier, classify, legal_plays, make_play, why_not_a_play
from .points import Payment, Settlement, settle
from .rules import PRESETS, TienLenRules

__all__ = [
    "BOTS",
    "GLOSSARY",
    "PASS",
    "PRESETS",
    "Action",
    "GreedyBot",
    "HeuristicBot",
    "InstantWin",
    "Kind",
    "LoggedMove",
    "Move",
    "Pass",
    "Payment",
    "Play",
    "RandomBot",
    "Settlement",
    "Standing",
    "TienLenObservation",
    "TienLenRules",
    "TienLenState",
    "TournamentResult",
    "Verdict",
    "annotate",
    "beats",
    "bomb_tier",
    "can_beat",
    "classify",
    "describe_action",
    "first_dealer",
    "hint",
    "instant_win_of",
    "legal_plays",
    "make_play",
    "new_game",
    "parse_action",
    "place_labels",
    "play_from_selection",
    "settle",
    "shape_name",
    "tournament",
    "why_not_a_play",
    "why_not_pass",
]

GLOSSARY = {
    "Tiến Lên": "the game itself: 'go forward', 'advance'",
    "heo": "'pig': a 2, the highest rank",
    "chặt heo": "'chopping the pig': beating a 2 with a bomb",
    "tứ quý": "four of a kind",
    "ba đôi thông": "three consecutive pairs",
    "bốn đôi thông": "four consecutive pairs",
    "sám cô": "three of a kind",
    "sảnh": "a straight",
    "sảnh rồng": "'dragon': a straight from 3 to ace, an instant win",
    "tới trắng": "an instant win at the deal",
    "thối heo": "'rotten pig': a 2 still in hand when the hand ends, which costs points "
    "when playing for points (the book's home rules; not in the source)",
    "chặt chồng": "a chain of chops: the last player chopped pays for all of it",
    "cóng": "'frozen': not one card played when the first player goes out",
    "nhất, nhì, ba, bét": "first, second, third, last",
    "đôi": "a pair",
}
