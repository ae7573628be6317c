"""The five games as one table, found by one key (the book's landing table reads it).

Like python-chess's variants or OpenSpiel's registered games: each entry holds
the facts the landing page shows, the game's names (its key, its name, the short
name messages use), its presets with the labels menus show and the keys links
carry (``?seed=42&rules=mb-source``), and, loaded when first asked for, its rules
class (whose fields are the options, each with a description), its presets,
``new_game`` (turn-based games) and its bots.  Widgets, apps, links and the
book's option tables read this table instead of keeping copies.

>>> [g.key for g in GAMES]
['mau_binh', 'chinese_poker', 'tien_len', 'three_thirteen', 'tredici']
>>> GAMES[4].deck_size
54
>>> mau_binh = find_game("mau_binh")
>>> [(p.name, p.link) for p in mau_binh.preset_infos]
[('source', 'mb-source'), ('poker categories', 'mb-poker')]
>>> mau_binh.rules_class.__name__, mau_binh.new_game is None
('MauBinhRules', True)
>>> find_game("tredici").preset_for_link("house") == find_game("tredici").presets["house"]
True
>>> sorted(find_game("tien_len").bots)
['greedy', 'heuristic', 'random']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from .errors import UnknownOptionError, UnknownPresetError

if TYPE_CHECKING:
    from .rules_base import RulesBase
    from .showdown import ArrangeGame

__all__ = ["GAMES", "GameInfo", "GameParts", "PresetInfo", "find_game", "game_info"]


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
class GameParts:
    """The code of a game, loaded on first use (so that this table imports no game).

    ``bots`` maps a name to a bot: for a turn-based game a class whose call with
    no arguments makes a player; for the two games of arranged hands the
    function that sets a hand (``bot(cards, game_key, rules)``).
    """

    rules_class: type[RulesBase]
    presets: Mapping[str, RulesBase]
    new_game: Callable[..., Any] | None
    bots: Mapping[str, Callable[..., Any]]


@dataclass(frozen=True)
class GameInfo:
    """One game: facts that do not depend on house rules, its names, its presets
    as menus and links show them, and its code (:class:`GameParts`)."""

    key: str
    name: str
    players: str
    decks: int
    jokers: int
    kind: str
    goal: str
    deck_note: str = ""
    #: The name in messages ("Three-Thirteen has no rule option …"); ``name`` if empty.
    short: str = ""
    preset_infos: tuple[PresetInfo, ...] = ()
    load: Callable[[], GameParts] | None = field(default=None, repr=False, compare=False)

    @property
    def deck(self) -> str:
        """The deck in words, for tables."""
        text = "52 cards" if self.decks == 1 else f"{self.decks} decks of 52"
        if self.jokers:
            text += f" + {self.jokers} jokers"
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

    @property
    def parts(self) -> GameParts:
        if self.load is None:
            raise LookupError(f"{self.name} has no code registered")
        return self.load()

    @property
    def rules_class(self) -> type[RulesBase]:
        """The game's frozen ``*Rules`` class: one field per option."""
        return self.parts.rules_class

    @property
    def presets(self) -> Mapping[str, Any]:
        """The game's named presets: name -> rules object."""
        return self.parts.presets

    @property
    def new_game(self) -> Callable[..., Any] | None:
        """``new_game(seed, …)`` of a turn-based game (``None`` for the games of arranged hands)."""
        return self.parts.new_game

    @property
    def bots(self) -> Mapping[str, Callable[..., Any]]:
        """The game's bots by name."""
        return self.parts.bots

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

    def preset_info(self, name: str) -> PresetInfo:
        """How preset ``name`` is shown and linked.

        >>> find_game("tien_len").preset_info("house")
        Traceback (most recent call last):
        ...
        rules_lib.errors.UnknownPresetError: no Tiến Lên preset 'house'; the presets are: source, standard
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


def _set_hand(cards: Any, game: ArrangeGame, rules: Any) -> Any:
    """The bots' way to set a hand of 13 (:func:`rules_lib.showdown.bot_arrangement`)."""
    from .showdown import bot_arrangement

    return bot_arrangement(cards, game, rules)


@cache
def _mau_binh() -> GameParts:
    from .mau_binh import PRESETS, MauBinhRules

    return GameParts(MauBinhRules, PRESETS, None, {"solver": _set_hand})


@cache
def _chinese_poker() -> GameParts:
    from .chinese_poker import PRESETS, ChinesePokerRules

    return GameParts(ChinesePokerRules, PRESETS, None, {"solver": _set_hand})


@cache
def _tien_len() -> GameParts:
    from .tien_len import BOTS, PRESETS, TienLenRules, new_game

    return GameParts(TienLenRules, PRESETS, new_game, BOTS)


@cache
def _three_thirteen() -> GameParts:
    from .three_thirteen import BOTS, PRESETS, ThreeThirteenRules, new_game

    return GameParts(ThreeThirteenRules, PRESETS, new_game, BOTS)


@cache
def _tredici() -> GameParts:
    from .engine import RandomBot
    from .tredici import PRESETS, TrediciBot, TrediciRules, new_game

    return GameParts(TrediciRules, PRESETS, new_game, {"runs": TrediciBot, "random": RandomBot})


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "mau_binh",
        "Mậu Binh",
        "4",
        1,
        0,
        "arrangement",
        "set 13 cards as three poker hands and beat the dealer's rows",
        preset_infos=(
            PresetInfo("source", "source rules", "mb-source"),
            PresetInfo(
                "poker categories", "straight flush and four of a kind as hands", "mb-poker"
            ),
        ),
        load=_mau_binh,
    ),
    GameInfo(
        "chinese_poker",
        "Chinese Poker",
        "4",
        1,
        0,
        "arrangement",
        "set 13 cards as three poker hands; score points against every other player",
        preset_infos=(
            PresetInfo("source", "source rules", "cp-source"),
            PresetInfo("equal specials cancel", "equal specials cancel", "cp-cancel"),
        ),
        load=_chinese_poker,
    ),
    GameInfo(
        "tien_len",
        "Tiến Lên",
        "4 (also 3, or 5 to 7)",
        1,
        0,
        "shedding",
        "be the first to get rid of all your cards by beating the play on the table",
        "a second deck for 5 or more players",
        preset_infos=(
            PresetInfo("source", "the source's reading", "source"),
            PresetInfo("standard", "common Vietnamese rules", "standard"),
        ),
        load=_tien_len,
    ),
    GameInfo(
        "three_thirteen",
        "Three-Thirteen Rummy",
        "2 to 4",
        1,
        0,
        "rummy",
        "over 11 rounds of 3 to 13 cards, meld sets and runs and keep your penalty low",
        "two decks for 3 or 4 players",
        short="Three-Thirteen",
        preset_infos=(
            PresetInfo("source", "the source's rules", "source"),
            PresetInfo(
                "variations", "variations: aces high or low, J 11 Q 12 K 13, jokers", "variations"
            ),
            PresetInfo("natural in every meld", "a natural card in every meld", "natural"),
        ),
        load=_three_thirteen,
    ),
    GameInfo(
        "tredici",
        "Tredici",
        "2",
        1,
        2,
        "shedding",
        "be the first to empty your hand by playing up or down one rank",
        preset_infos=(
            PresetInfo("source", "source rules", "source"),
            PresetInfo("house", "house rules: play the card you drew, draw at will", "house"),
            PresetInfo("simple", "simple: no 'last card' or 'thirteen'", "simple"),
        ),
        load=_tredici,
    ),
)


def find_game(key: str) -> GameInfo:
    """Look a game up by its key.

    >>> find_game("tredici").players
    '2'
    >>> find_game("poker")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: unknown game 'poker'; the games are: mau_binh, chinese_poker, tien_len, three_thirteen, tredici
    """
    for game in GAMES:
        if game.key == key:
            return game
    known = ", ".join(g.key for g in GAMES)
    raise UnknownOptionError(f"unknown game {key!r}; the games are: {known}")


#: The older name of :func:`find_game`.
game_info = find_game
