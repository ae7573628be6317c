"""Tredici, a two-player "Thirteen" (docs/GAMES.md §5, source ``004``).

The source is an Italian translation of a game invented and published in
English (it credits Alex Olesen, and warns that it has nothing to do with
Tiến Lên, which many Americans call "Thirteen"): not a game from Italy.  The
library keeps the translation's Italian words in :data:`GLOSSARY`.

Two players, 52 cards and a red and a black joker.  Each gets 13 cards, one
card is turned up to start the play pile and the rest is the stock.  On your
turn you play a card one rank above or below the top card (any suit; ranks
are cyclic, A-2-…-K-A) and may go on with a **run**: each further card of the
same suit as the one before and one rank away from it, except that any queen
or ace may follow any king.  A joker goes only on a king of its colour and
forces the opponent to follow that king's suit or draw 13 cards.  Whoever
first has no cards wins.

* :mod:`.rules`: :class:`TrediciRules`, the house rules as data, :data:`PRESETS`,
  the :data:`DECK` of 54 cards and the :data:`GLOSSARY` of Italian words.
* :mod:`.runs`: what may go on what: :func:`is_neighbour`, :func:`fits_on`,
  :func:`follows_in_run`, :func:`verify_run`, :func:`is_run`.
* :mod:`.actions`: the steps of a turn (:class:`Play`, :data:`DRAW`,
  :data:`STOP`, :data:`LAST_CARD`, :data:`THIRTEEN`, :data:`WAIT`) and their
  notation (:func:`parse_action`, :func:`parse_actions`).
* :mod:`.game`: :func:`new_game` and the immutable :class:`TrediciState` in the
  library's common engine shape, with :class:`TrediciObservation`.
* :mod:`.explain`: turns told in words (:func:`describe_turns`, :class:`TurnReport`).
* :mod:`.bots`: :class:`TrediciBot`.

A whole game between the bot and a random player, checked the way every
engine is checked:

>>> import random
>>> from rules_lib.engine import RandomBot, playout, replay, check_conservation
>>> final = playout(new_game(seed=2026), [TrediciBot(), RandomBot()], random.Random(0))
>>> final.is_terminal(), sum(final.returns())
(True, 0.0)
>>> check_conservation(final.zones(), final.deck())
>>> replay(new_game(seed=2026), final.moves) == final
True
"""

from . import actions, bots, explain, game, rules, runs
from .actions import *  # noqa: F403  (each module's __all__ is the package's)
from .bots import *  # noqa: F403
from .explain import *  # noqa: F403
from .game import *  # noqa: F403
from .rules import *  # noqa: F403
from .runs import *  # noqa: F403

__all__ = [
    *actions.__all__,
    *bots.__all__,
    *explain.__all__,
    *game.__all__,
    *rules.__all__,
    *runs.__all__,
]
