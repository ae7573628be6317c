"""The games as one table, found by one key (the book's landing table reads it).

The table is data, ``games.toml`` beside this module: a new game adds one
``[[game]]`` entry there, its own package and its chapter.

Like python-chess's variants or OpenSpiel's registered games: each entry holds
the facts the landing page shows, the game's names (its key, its name, the short
name messages use), its presets with the labels menus show and the keys links
carry (``?seed=42&rules=mb-source``), and, loaded when first asked for, its rules
class (whose fields are the options, each with a description), its presets,
``new_game`` (turn-based games) or ``setting`` (the games of set hands: a
:class:`rules_lib.setting.game.SettingGame`) and its bots.  Widgets, apps, links and the
book's option tables read this table instead of keeping copies.

>>> [g.key for g in GAMES]
['mau_binh', 'chinese_poker', 'tien_len', 'three_thirteen', 'tredici', 'pyramid', 'indian_rummy']
>>> GAMES[4].deck_size
54
>>> mau_binh = find_game("mau_binh")
>>> [(p.name, p.link) for p in mau_binh.preset_infos]
[('source', 'mb-source'), ('poker categories', 'mb-poker'), ('home', 'mb-home')]
>>> mau_binh.rules_class.__name__, mau_binh.new_game is None
('MauBinhRules', True)
>>> find_game("tredici").preset_for_link("house") == find_game("tredici").presets["house"]
True
>>> sorted(find_game("tien_len").bots)
['greedy', 'heuristic', 'random', 'search']
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module, resources
from typing import Any, cast

from .errors import UnknownOptionError, UnknownPresetError

__all__ = ["GAMES", "GameInfo", "OpponentInfo", "PresetInfo", "find_game", "game_info"]


@dataclass(frozen=True)
class PresetInfo:
    """How a preset is shown and linked: its name in the game's ``PRESETS``, the
    words a menu shows (lower case; a menu may capitalise them) and its key in a
    link's ``rules=``."""

    name: str
    label: str
    link: str

    @property
    def title(self) -> str:
        """The label with a capital letter, for a menu that starts with it.

        >>> find_game("tredici").preset_info("house").title
        'House rules: play the card you drew, draw at will'
        """
        return self.label[:1].upper() + self.label[1:]


@dataclass(frozen=True)
class OpponentInfo:
    """Whom a reader may play against, as a widget's "Against" menu shows it: the
    name of one of the game's ``bots``, the words the menu shows and the key a
    link's ``against=`` carries."""

    bot: str
    label: str
    link: str


def _load(ref: str) -> Any:
    """The object a ``"module:name"`` string names, imported now."""
    module, _, name = ref.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class GameInfo:
    """One game: facts that do not depend on house rules, its names, its presets
    as menus and links show them, and where its code is (``"module:name"``
    strings, each imported on first use)."""

    key: str
    name: str
    players: str
    kind: str
    goal: str
    decks: int = 1
    jokers: int = 0
    deck_note: str = ""
    #: The name in messages ("Three-Thirteen has no rule option …"); ``name`` if empty.
    short: str = ""
    #: The book's app that plays the game: ``book/apps/<app>.ipynb``, with a link's query.
    app: str = ""
    preset_infos: tuple[PresetInfo, ...] = ()
    #: Whom the game's widget offers to play against, the default first (none: no choice).
    opponent_infos: tuple[OpponentInfo, ...] = ()
    #: Where the code is: the rules class, the presets mapping, ``new_game`` (turn-based
    #: games) or ``setting`` (games of set hands), and the bots (one mapping, or a
    #: table of name -> ``"module:name"``).
    code: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_table(cls, table: Mapping[str, Any]) -> GameInfo:
        """A game from its ``[[game]]`` table in ``games.toml``."""
        code_keys = ("rules_class", "presets", "new_game", "setting", "bots")
        lists = ("preset_infos", "opponents")
        facts = {k: v for k, v in table.items() if k not in code_keys and k not in lists}
        infos = tuple(PresetInfo(**p) for p in table.get("preset_infos", ()))
        opponents = tuple(OpponentInfo(**o) for o in table.get("opponents", ()))
        code = {k: table[k] for k in code_keys if k in table}
        return cls(**facts, preset_infos=infos, opponent_infos=opponents, code=code)

    @property
    def deck(self) -> str:
        """The deck in words, for tables."""
        text = "52 cards" if self.decks == 1 else f"{self.decks} decks of 52"
        if self.jokers:
            text += f" + {self.jokers} joker{'s' * (self.jokers != 1)}"
        return text + (f" ({self.deck_note})" if self.deck_note else "")

    @property
    def deck_size(self) -> int:
        """Cards in the deck for the usual table (one deck unless ``decks`` says two)."""
        return 52 * self.decks + self.jokers

    @property
    def short_name(self) -> str:
        """The game's name in messages.

        >>> find_game("three_thirteen").short_name, find_game("tien_len").short_name
        ('Three-Thirteen', 'Tiến Lên')
        """
        return self.short or self.name

    def _code(self, part: str) -> Any:
        if part not in self.code:
            raise LookupError(f"{self.name} has no {part.replace('_', ' ')} registered")
        return _code(self.key, part)

    @property
    def rules_class(self) -> type[Any]:
        """The game's frozen ``*Rules`` class: one field per option (it inherits
        :class:`rules_lib.rules_base.RulesBase`, which reads this table)."""
        return cast("type[Any]", self._code("rules_class"))

    @property
    def presets(self) -> Mapping[str, Any]:
        """The game's named presets: name -> rules object."""
        return cast("Mapping[str, Any]", self._code("presets"))

    @property
    def new_game(self) -> Callable[..., Any] | None:
        """``new_game(seed, …)`` of a turn-based game (``None`` for the games of arranged hands)."""
        return self._code("new_game") if "new_game" in self.code else None

    @property
    def setting(self) -> Any:
        """What a game of set hands tells the shared code (a
        :class:`rules_lib.setting.game.SettingGame`; read it with
        :func:`rules_lib.setting.game.setting_game`)."""
        return self._code("setting")

    @property
    def bots(self) -> Mapping[str, Callable[..., Any]]:
        """The game's bots by name: for a turn-based game a class whose call with
        no arguments makes a player; for a game of set hands the function that
        sets a hand (``bot(cards, rules)``)."""
        return cast("Mapping[str, Callable[..., Any]]", self._code("bots"))

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """Each rule option with its description, in the rules class's order.

        >>> find_game("tien_len").options[0]
        ('suit_order', 'suits, lowest first')
        """
        cls = self.rules_class
        return tuple((name, cls.option_doc(name)) for name in cls.options())

    @property
    def labels(self) -> dict[str, str]:
        """Preset name -> the words a menu shows."""
        return {p.name: p.label for p in self.preset_infos}

    @property
    def links(self) -> dict[str, str]:
        """Link key (``rules=``) -> preset name.

        >>> find_game("three_thirteen").links
        {'source': 'source', 'variations': 'variations', 'natural': 'natural in every meld'}
        """
        return {p.link: p.name for p in self.preset_infos}

    @property
    def opponents(self) -> dict[str, str]:
        """Link key (``against=``) -> the words the "Against" menu shows, the default first.

        >>> find_game("tredici").opponents
        {'book': "the book's bot", 'search': 'the search bot (strongest, slower)'}
        """
        return {o.link: o.label for o in self.opponent_infos}

    def opponent_bot(self, link: str) -> Callable[..., Any]:
        """The bot of the opponent whose link key is ``link``.

        >>> find_game("tredici").opponent_bot("book").__name__
        'TrediciBot'
        """
        for o in self.opponent_infos:
            if o.link == link:
                return self.bots[o.bot]
        raise UnknownOptionError(
            f"no {self.short_name} opponent {link!r}; choose one of: {', '.join(self.opponents)}"
        )

    def preset_info(self, name: str) -> PresetInfo:
        """How preset ``name`` is shown and linked.

        >>> find_game("tien_len").preset_info("house")
        Traceback (most recent call last):
        ...
        rules_lib.errors.UnknownPresetError: no Tiến Lên preset 'house'; the presets are: source, standard, home
        """
        for p in self.preset_infos:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.preset_infos)
        raise UnknownPresetError(f"no {self.short_name} preset {name!r}; the presets are: {known}")

    def preset_for_link(self, link: str) -> Any:
        """The rules object a link's ``rules=`` key names."""
        if link not in self.links:
            known = ", ".join(self.links)
            raise UnknownPresetError(
                f"no {self.short_name} rules {link!r} in a link; the keys are: {known}"
            )
        return self.presets[self.links[link]]


def _read_registry() -> tuple[GameInfo, ...]:
    text = resources.files(__package__).joinpath("games.toml").read_text(encoding="utf-8")
    return tuple(GameInfo.from_table(t) for t in tomllib.loads(text)["game"])


#: Every game, in the book's order (from ``games.toml``).
GAMES: tuple[GameInfo, ...] = _read_registry()


@cache
def _code(key: str, part: str) -> Any:
    """Game ``key``'s code ``part`` (each imported on first use, apart, so that a
    module may read the registry while it is itself being imported)."""
    ref = find_game(key).code[part]
    if isinstance(ref, str):
        return _load(ref)
    return {name: _load(r) for name, r in ref.items()}


def find_game(key: str) -> GameInfo:
    """Look a game up by its key.

    >>> find_game("tredici").players
    '2'
    >>> find_game("poker")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: unknown game 'poker'; the games are: mau_binh, chinese_poker, tien_len, three_thirteen, tredici, pyramid, indian_rummy
    """
    for game in GAMES:
        if game.key == key:
            return game
    known = ", ".join(g.key for g in GAMES)
    raise UnknownOptionError(f"unknown game {key!r}; the games are: {known}")


#: The older name of :func:`find_game`.
game_info = find_game
