"""The errors the library raises.

Every error is a :class:`ValueError`, so code that already catches bad values
keeps working.  The subclasses say *what kind* of thing was wrong, and each
message quotes the offending input.

>>> issubclass(NotationError, ValueError)
True
>>> issubclass(DuplicateCardError, NotationError)
True
"""

from __future__ import annotations

__all__ = [
    "CardCountError",
    "DuplicateCardError",
    "IllegalActionError",
    "NotationError",
    "RulesError",
    "UnknownOptionError",
    "UnknownPresetError",
]


class RulesError(ValueError):
    """Base class of every error raised by :mod:`rules_lib`."""


class NotationError(RulesError):
    """A card or a list of cards is written in a way we cannot read."""


class DuplicateCardError(NotationError):
    """The same card appears twice where only one copy exists."""


class CardCountError(RulesError):
    """A hand has the wrong number of cards for what was asked."""


class IllegalActionError(RulesError):
    """A play or move that the rules of the game do not allow."""


class UnknownOptionError(RulesError):
    """A house-rule option or preset name that the game does not have."""


class UnknownPresetError(UnknownOptionError):
    """A preset name that the game does not have (an unknown option's sibling)."""
