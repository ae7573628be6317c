"""The five games at a glance, as data (the book's landing table reads it).

>>> [g.key for g in GAMES]
['mau_binh', 'chinese_poker', 'tien_len', 'three_thirteen', 'tredici']
>>> GAMES[4].deck_size
54
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GAMES", "GameInfo", "game_info"]


@dataclass(frozen=True)
class GameInfo:
    """Facts about one game that do not depend on house rules."""

    key: str
    name: str
    players: str
    decks: int
    jokers: int
    kind: str
    goal: str
    deck_note: str = ""

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


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "mau_binh",
        "Mậu Binh",
        "4",
        1,
        0,
        "arrangement",
        "set 13 cards as three poker hands and beat the dealer's rows",
    ),
    GameInfo(
        "chinese_poker",
        "Chinese Poker",
        "4",
        1,
        0,
        "arrangement",
        "set 13 cards as three poker hands; score points against every other player",
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
    ),
    GameInfo(
        "tredici",
        "Tredici",
        "2",
        1,
        2,
        "shedding",
        "be the first to empty your hand by playing up or down one rank",
    ),
)


def game_info(key: str) -> GameInfo:
    """Look a game up by its key.

    >>> game_info("tredici").players
    '2'
    """
    for game in GAMES:
        if game.key == key:
            return game
    from .errors import UnknownOptionError

    known = ", ".join(g.key for g in GAMES)
    raise UnknownOptionError(f"unknown game {key!r}; the games are: {known}")
