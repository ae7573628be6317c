"""rules_lib: the rules of the card games called "Thirteen".

The core (cards, poker values, game engines) never imports drawing or widget
code; pictures live in :mod:`rules_lib.render`, widgets in
:mod:`rules_lib.widgets`.

>>> from rules_lib import parse_cards, evaluate
>>> evaluate(parse_cards("7s 7d 7h 2c 2d")).describe()
'full house, sevens over twos'
"""

from . import cards, errors
from .cards import *  # noqa: F403  (the package exports every card name and every error)
from .errors import *  # noqa: F403
from .poker import Category, HandValue, compare, evaluate, explain_comparison, hand_code

__version__ = "0.1.0"

__all__ = [
    *cards.__all__,
    *errors.__all__,
    "Category",
    "HandValue",
    "compare",
    "evaluate",
    "explain_comparison",
    "hand_code",
]
