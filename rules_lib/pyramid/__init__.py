"""Pyramid, the patience of thirteens (docs/GAMES.md §6, named in source ``003``).

One player.  28 cards are dealt face up in seven rows, each card partly
covered by two cards of the row below; the other 24 are the stock.  Two free
cards whose values add up to 13 (ace 1, jack 11, queen 12) are taken away
together, a king alone; the stock's cards are turned one at a time onto a
waste pile, and its top card and the waste's can be paired too.  Clearing
the pyramid wins.

* :mod:`.rules`: :class:`PyramidRules`, the options as data, :data:`PRESETS`.
* :mod:`.game`: :func:`new_game` and the immutable :class:`PyramidState`.
* :mod:`.solver`: :func:`solve`, whether a position can still be won, and how.
* :mod:`.bots`: the greedy player, and the player who follows the solver.

>>> import random
>>> from rules_lib.engine import playout, replay, check_conservation, RandomBot
>>> final = playout(new_game(2026), [RandomBot()], random.Random(1))
>>> final.is_terminal()
True
>>> check_conservation(final.zones(), final.deck())
>>> replay(new_game(2026), final.moves) == final
True
"""

from . import bots, game, rules, solver
from .bots import *  # noqa: F403  (each module's __all__ is the package's)
from .game import *  # noqa: F403
from .rules import *  # noqa: F403
from .solver import *  # noqa: F403

__all__ = [*bots.__all__, *game.__all__, *rules.__all__, *solver.__all__]
