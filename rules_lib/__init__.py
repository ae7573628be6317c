"""rules_lib: the rules of the card games called "Thirteen".

The core (cards, poker values, game engines) never imports drawing or widget
code; pictures live in :mod:`rules_lib.render`, widgets in
:mod:`rules_lib.widgets`.

>>> from rules_lib import parse_cards, evaluate
>>> evaluate(parse_cards("7s 7d 7h 2c 2d")).describe()
'full house, sevens over twos'
"""

from .cards import (
    ACE_LOW_ORDER,
    POKER_ORDER,
    TIEN_LEN_ORDER,
    AnyCard,
    Card,
    Cards,
    Color,
    Joker,
    Rank,
    RankOrder,
    Suit,
    parse_card,
    parse_cards,
    shuffled,
    standard_deck,
)
from .errors import (
    CardCountError,
    DuplicateCardError,
    IllegalActionError,
    NotationError,
    RulesError,
    UnknownOptionError,
    UnknownPresetError,
)
from .poker import Category, HandValue, compare, evaluate, explain_comparison, hand_code

__version__ = "0.1.0"

__all__ = [
    "ACE_LOW_ORDER",
    "POKER_ORDER",
    "TIEN_LEN_ORDER",
    "AnyCard",
    "Card",
    "CardCountError",
    "Cards",
    "Category",
    "Color",
    "DuplicateCardError",
    "HandValue",
    "IllegalActionError",
    "Joker",
    "NotationError",
    "Rank",
    "RankOrder",
    "RulesError",
    "Suit",
    "UnknownOptionError",
    "UnknownPresetError",
    "compare",
    "evaluate",
    "explain_comparison",
    "hand_code",
    "parse_card",
    "parse_cards",
    "shuffled",
    "standard_deck",
]
