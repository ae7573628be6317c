"""What every game's ``*Rules`` class shares: options by name, presets by name.

Each game's house rules are one frozen dataclass that inherits :class:`RulesBase`
and names its game's key in :mod:`rules_lib.games` (``game="tredici"``); each
field is an option, made by :func:`option` with its default and a short
description (``hand_size: int = option(13, "cards dealt to each player")``).

>>> from rules_lib.tredici import TrediciRules
>>> TrediciRules.options()[:2]
('play_drawn_card', 'voluntary_draw')
>>> TrediciRules.option_doc("hand_size")
'cards dealt to each player'
>>> TrediciRules.preset("nightly")
Traceback (most recent call last):
...
rules_lib.errors.UnknownPresetError: no Tredici preset 'nightly'; the presets are: source, house, simple
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, fields, replace
from typing import Any, ClassVar, Self, TypeVar

from .errors import UnknownOptionError, UnknownPresetError
from .games import find_game

__all__ = ["RulesBase", "option"]

_T = TypeVar("_T")


def option(default: _T, doc: str) -> _T:
    """A rule option of a ``*Rules`` dataclass: a field with this default and
    this short description (its metadata's ``doc``, read by
    :meth:`RulesBase.option_doc` and the book's option tables).

    The default is shared by every instance, so it must be immutable (a
    bool, number, string, enum member, ``None`` or a tuple of them).

    >>> from dataclasses import fields
    >>> from rules_lib.tredici import TrediciRules
    >>> [f for f in fields(TrediciRules) if f.name == "hand_size"][0].metadata["doc"]
    'cards dealt to each player'
    """
    return field(default=default, metadata={"doc": doc})


class RulesBase:
    """``with_options`` and ``preset`` for a frozen ``*Rules`` dataclass.

    A subclass says which game it belongs to: ``class TrediciRules(RulesBase,
    game="tredici")``; its presets are the ``PRESETS`` the registry lists.
    """

    #: The game's key in :mod:`rules_lib.games`.
    GAME: ClassVar[str]

    def __init_subclass__(cls, *, game: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.GAME = game

    @classmethod
    def options(cls) -> tuple[str, ...]:
        """The names of the rule options, in the order the class lists them."""
        return tuple(f.name for f in fields(cls) if f.init)  # type: ignore[arg-type]

    @classmethod
    def option_doc(cls, name: str) -> str:
        """The short description of one option (its field's ``doc``)."""
        for f in fields(cls):  # type: ignore[arg-type]
            if f.init and f.name == name:
                return str(f.metadata.get("doc", ""))
        raise cls._unknown_option(name)

    @classmethod
    def _unknown_option(cls, name: str) -> UnknownOptionError:
        return UnknownOptionError(
            f"{find_game(cls.GAME).short_name} has no rule option {name!r}; "
            f"its options are: {', '.join(cls.options())}"
        )

    def with_options(self, **changes: object) -> Self:
        """A copy with some options changed; an unknown option name raises."""
        known = self.options()
        for name in changes:
            if name not in known:
                raise self._unknown_option(name)
        return replace(self, **changes)  # type: ignore[type-var]

    @classmethod
    def presets(cls) -> Mapping[str, Self]:
        """The game's named presets (its module's ``PRESETS``), as the registry lists them."""
        presets: Mapping[str, Self] = find_game(cls.GAME).presets
        return presets

    @classmethod
    def preset(cls, name: str) -> Self:
        """One of the game's presets by name; an unknown name raises :class:`UnknownPresetError`."""
        presets = cls.presets()
        if name not in presets:
            raise UnknownPresetError(
                f"no {find_game(cls.GAME).short_name} preset {name!r}; "
                f"the presets are: {', '.join(presets)}"
            )
        return presets[name]
