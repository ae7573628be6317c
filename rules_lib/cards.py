"""Cards: ranks, suits, jokers, notation and decks.

Every notation has a parse/print pair that round-trips:

>>> card = Card.parse("As")
>>> card
Card.parse('A♠')
>>> str(card), card.name
('A♠', 'ace of spades')
>>> [str(c) for c in parse_cards("10h Td 9♣ R♠ D♦ V♥")]
['10♥', '10♦', '9♣', 'K♠', 'Q♦', 'J♥']

Bad input names the token that could not be read:

>>> parse_cards("As Kx")
Traceback (most recent call last):
...
rules_lib.errors.NotationError: cannot read card 2 'Kx': 'x' is not a suit (use s h d c or ♠ ♥ ♦ ♣)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import TYPE_CHECKING

from .errors import CardCountError, DuplicateCardError, NotationError

if TYPE_CHECKING:  # pragma: no cover
    from typing import TypeAlias

__all__ = [
    "ACE_LOW_ORDER",
    "POKER_ORDER",
    "TIEN_LEN_ORDER",
    "AnyCard",
    "Card",
    "Cards",
    "Color",
    "Joker",
    "Rank",
    "RankOrder",
    "Suit",
    "parse_card",
    "parse_cards",
    "shuffled",
    "spell_ascii",
    "standard_deck",
]


class Color(StrEnum):
    """The colour of a suit or of a joker."""

    RED = "red"
    BLACK = "black"


class Suit(StrEnum):
    """A French suit; its value is the one-letter notation.

    >>> Suit("h").symbol, Suit.HEARTS.color.value
    ('♥', 'red')
    """

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def color(self) -> Color:
        return Color.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Color.BLACK

    @property
    def plural(self) -> str:
        """The English name, as in "ace of spades"."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.symbol


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(IntEnum):
    """A rank; its value is its place in poker order (2 low, ace 14).

    Games that order ranks differently use a :class:`RankOrder`.

    >>> Rank.ACE > Rank.KING, Rank.TEN.notation, Rank.SIX.plural
    (True, '10', 'sixes')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def notation(self) -> str:
        """How a player writes the rank: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_NOTATION[self]

    @property
    def word(self) -> str:
        """The English word: ``two`` … ``ace``."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """The English plural: ``twos``, ``sixes``, ``aces``."""
        return self.word + ("es" if self is Rank.SIX else "s")

    def __str__(self) -> str:
        return self.notation


RANKS: tuple[Rank, ...] = tuple(Rank)
_RANK_NOTATION = {r: str(int(r)) for r in RANKS if r <= 10} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
# Every way a source writes a rank (upper-cased): English letters, "T" for ten,
# the French letters R(oi), D(ame), V(alet), and "1" for an ace is NOT accepted
# (too easily a mistyped ten).
_RANK_TOKENS: dict[str, Rank] = {str(int(r)): r for r in RANKS if r <= 10} | {
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
    "V": Rank.JACK,
    "D": Rank.QUEEN,
    "R": Rank.KING,
}
_SUIT_TOKENS: dict[str, Suit] = {
    "S": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "H": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
_JOKER_TOKENS: dict[str, Color] = {"RJ": Color.RED, "BJ": Color.BLACK}

# Prime per rank (2 -> 2, 3 -> 3, ..., A -> 41): the product of five primes
# identifies a multiset of ranks.  Used by the poker evaluator.
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def _card_code(rank: Rank, suit: Suit) -> int:
    """The integer the fast evaluators work on: rank prime in bits 0-5, suit bit in bits 8-11."""
    return _PRIMES[rank - 2] | (1 << (8 + SUITS.index(suit)))


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card of a French deck.

    ``deck`` tells apart the identical cards of a game played with two decks;
    it takes part in equality, so ``A♠`` of deck 0 and ``A♠`` of deck 1 are
    two different cards (that rank equally in every game).

    >>> Card(Rank.TEN, Suit.DIAMONDS)
    Card.parse('10♦')
    >>> Card.parse("Qh", deck=1)
    Card.parse('Q♥', deck=1)
    >>> Card.parse("Qh") == Card.parse("Qh", deck=1)
    False
    """

    rank: Rank
    suit: Suit
    deck: int = 0
    code: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            object.__setattr__(self, "rank", Rank(self.rank))
        if not isinstance(self.suit, Suit):
            object.__setattr__(self, "suit", Suit(self.suit))
        if not isinstance(self.deck, int) or self.deck < 0:
            raise NotationError(f"deck index must be a whole number >= 0, not {self.deck!r}")
        object.__setattr__(self, "code", _card_code(self.rank, self.suit))

    @classmethod
    def parse(cls, token: str, deck: int = 0) -> Card:
        """Read one card such as ``As``, ``A♠``, ``10h``, ``Th`` or ``Dd`` (French dame)."""
        card = parse_card(token, deck=deck)
        if isinstance(card, Joker):
            raise NotationError(f"{token!r} is a joker, not a card of a suit")
        return card

    @property
    def color(self) -> Color:
        return self.suit.color

    @property
    def name(self) -> str:
        """The English name, for text alternatives: ``ace of spades``."""
        return f"{self.rank.word} of {self.suit.plural}"

    @property
    def index(self) -> int:
        """0..51, rank-major (2♠ = 0 … A♣ = 51); the same for every deck copy."""
        return (self.rank - 2) * 4 + SUITS.index(self.suit)

    @property
    def ascii(self) -> str:
        """Two plain characters (``T`` for ten), which :func:`parse_cards` reads: for links.

        >>> Card.parse("10♥").ascii, Card.parse("As").ascii
        ('Th', 'As')
        """
        return ("T" if self.rank == 10 else self.rank.notation) + self.suit.value

    def __str__(self) -> str:
        return self.rank.notation + self.suit.symbol

    def __repr__(self) -> str:
        extra = f", deck={self.deck}" if self.deck else ""
        return f"Card.parse({str(self)!r}{extra})"

    def _repr_svg_(self) -> str:
        from .render import card_svg

        return card_svg(self)


@dataclass(frozen=True, slots=True)
class Joker:
    """A joker; games with two jokers use one red and one black.

    >>> Joker(Color.RED), str(Joker(Color.BLACK))
    (Joker(Color.RED), 'BJ')
    """

    color: Color
    deck: int = 0

    @property
    def name(self) -> str:
        return f"{self.color.value} joker"

    def __str__(self) -> str:
        return "RJ" if self.color is Color.RED else "BJ"

    def __repr__(self) -> str:
        extra = f", deck={self.deck}" if self.deck else ""
        return f"Joker(Color.{self.color.name}{extra})"

    def _repr_svg_(self) -> str:
        from .render import card_svg

        return card_svg(self)


AnyCard: TypeAlias = Card | Joker


class Cards(tuple[AnyCard, ...]):
    """An immutable sequence of cards that shows itself as pictures in a notebook.

    >>> hand = parse_cards("As Kd")
    >>> str(hand), len(hand)
    ('A♠ K♦', 2)
    """

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        """A form that reads back: two-deck copies keep their deck indices.

        >>> parse_cards("As As Kd", decks=2)
        parse_cards('A♠ A♠ K♦', decks=2)
        >>> Cards([Card.parse("As", deck=1)])
        Cards([Card.parse('A♠', deck=1)])
        """
        seen: dict[tuple[object, ...], int] = {}
        in_order = True
        for card in self:
            key = ("joker", card.color) if isinstance(card, Joker) else (card.rank, card.suit)
            if card.deck != seen.get(key, 0):
                in_order = False
            seen[key] = seen.get(key, 0) + 1
        if not in_order:
            return f"Cards([{', '.join(repr(c) for c in self)}])"
        decks = max(seen.values(), default=1)
        extra = f", decks={decks}" if decks > 1 else ""
        return f"parse_cards({str(self)!r}{extra})"

    def _repr_html_(self) -> str:
        from .render import cards_html

        return cards_html(self)


_SPLIT = re.compile(r"[\s,;]+")


def parse_card(token: str, deck: int = 0) -> AnyCard:
    """Read one card or joker (``RJ``, ``BJ``).

    >>> parse_card("td"), parse_card("RJ")
    (Card.parse('10♦'), Joker(Color.RED))
    >>> parse_card("1s")
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: cannot read card '1s': '1' is not a rank (use 2-10, J, Q, K, A; T for ten; French R, D, V)
    """
    return _parse_token(token, deck, where=f"card {token!r}")


def _parse_token(token: str, deck: int, where: str) -> AnyCard:
    text = token.strip()
    upper = text.upper()
    if upper in _JOKER_TOKENS:
        return Joker(_JOKER_TOKENS[upper], deck)
    if len(text) < 2:
        raise NotationError(
            f"cannot read {where}: a card is a rank and a suit, such as 'As', 'A♠' or '10h'"
        )
    rank_text, suit_text = upper[:-1], upper[-1]
    if rank_text not in _RANK_TOKENS:
        raise NotationError(
            f"cannot read {where}: {text[:-1]!r} is not a rank "
            "(use 2-10, J, Q, K, A; T for ten; French R, D, V)"
        )
    if suit_text not in _SUIT_TOKENS:
        raise NotationError(
            f"cannot read {where}: {text[-1]!r} is not a suit (use s h d c or ♠ ♥ ♦ ♣)"
        )
    return Card(_RANK_TOKENS[rank_text], _SUIT_TOKENS[suit_text], deck)


def spell_ascii(text: str) -> str:
    """Cards written by :attr:`Card.ascii` without spaces, spaced for :func:`parse_cards`.

    >>> spell_ascii("AsTh9d")
    'As Th 9d'
    """
    return " ".join(text[i : i + 2] for i in range(0, len(text), 2))


def parse_cards(
    text: str | Iterable[str | AnyCard],
    *,
    decks: int = 1,
    count: int | None = None,
    jokers: bool = True,
) -> Cards:
    """Read a list of cards written by a person.

    Tokens are separated by spaces, commas or semicolons.  With ``decks=2``
    a card may appear twice; the copies get deck indices 0 and 1.  A card that
    appears more often than there are decks raises :class:`DuplicateCardError`
    naming it; ``count`` checks the number of cards.

    >>> parse_cards("A♠, K♥; 10♦ 9c")
    parse_cards('A♠ K♥ 10♦ 9♣')
    >>> [c.deck for c in parse_cards("As As", decks=2)]
    [0, 1]
    >>> parse_cards("As Kd As")
    Traceback (most recent call last):
    ...
    rules_lib.errors.DuplicateCardError: card 3 'As' repeats card 1 (A♠); a single deck has one A♠
    >>> parse_cards("As Kd", count=5)
    Traceback (most recent call last):
    ...
    rules_lib.errors.CardCountError: expected 5 cards, got 2: A♠ K♦
    """
    if decks < 1:
        raise NotationError(f"decks must be at least 1, not {decks!r}")
    if isinstance(text, str):
        tokens: list[str | AnyCard] = [t for t in _SPLIT.split(text.strip()) if t]
    else:
        tokens = list(text)
    cards: list[AnyCard] = []
    seen: dict[tuple[object, ...], list[int]] = {}
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, str):
            card = _parse_token(token, 0, where=f"card {position} {token!r}")
        else:
            card = token
        if isinstance(card, Joker) and not jokers:
            shown = token if isinstance(token, str) else str(token)
            raise NotationError(f"card {position} {shown!r} is a joker: this game has no jokers")
        identity: tuple[object, ...] = (
            ("joker", card.color) if isinstance(card, Joker) else (card.rank, card.suit)
        )
        earlier = seen.setdefault(identity, [])
        if len(earlier) >= decks:
            shown = token if isinstance(token, str) else str(token)
            copies = (
                "a single deck has one" if decks == 1 else f"{decks} decks have {decks} copies of"
            )
            raise DuplicateCardError(
                f"card {position} {shown!r} repeats card {earlier[0]} ({card}); {copies} {card}"
            )
        copy_index = len(earlier)
        earlier.append(position)
        if isinstance(token, str) or decks > 1:
            if isinstance(card, Joker):
                card = Joker(card.color, copy_index)
            else:
                card = Card(card.rank, card.suit, copy_index)
        cards.append(card)
    result = Cards(cards)
    if count is not None and len(result) != count:
        raise CardCountError(f"expected {count} cards, got {len(result)}: {result}")
    return result


@dataclass(frozen=True)
class RankOrder:
    """The order of ranks in one game, lowest first (rules as data).

    >>> TIEN_LEN_ORDER.beats(Rank.TWO, Rank.ACE), POKER_ORDER.beats(Rank.TWO, Rank.ACE)
    (True, False)
    """

    name: str
    ranks: tuple[Rank, ...]

    def key(self, rank: Rank) -> int:
        """Position of ``rank`` in this order (0 = lowest)."""
        return self.ranks.index(rank)

    def beats(self, a: Rank, b: Rank) -> bool:
        return self.key(a) > self.key(b)

    def sort(self, cards: Iterable[Card], *, reverse: bool = False) -> Cards:
        """Cards sorted by this order, then by suit (♠ ♥ ♦ ♣) for a stable display."""
        ordered: list[Card] = sorted(
            cards, key=lambda c: (self.key(c.rank), -SUITS.index(c.suit)), reverse=reverse
        )
        return Cards(ordered)


POKER_ORDER = RankOrder("poker", RANKS)
ACE_LOW_ORDER = RankOrder("ace low", (Rank.ACE, *RANKS[:-1]))
TIEN_LEN_ORDER = RankOrder("Tiến Lên", (*RANKS[1:], Rank.TWO))


def standard_deck(decks: int = 1, jokers: int = 0) -> Cards:
    """Every card of ``decks`` French decks, plus ``jokers`` jokers per deck (red first).

    >>> len(standard_deck()), len(standard_deck(2)), len(standard_deck(jokers=2))
    (52, 104, 54)
    """
    if decks < 1 or jokers not in (0, 1, 2):
        raise NotationError(f"cannot make {decks} deck(s) with {jokers} joker(s) each")
    cards: list[AnyCard] = []
    for d in range(decks):
        cards.extend(Card(r, s, d) for r in RANKS for s in SUITS)
        cards.extend(Joker(color, d) for color in (Color.RED, Color.BLACK)[:jokers])
    return Cards(cards)


def shuffled(cards: Iterable[AnyCard], seed: int) -> Cards:
    """The cards in a random order that depends only on ``seed``.

    The same seed gives the same order on every machine (``random.Random``
    with an integer seed is specified by Python to be reproducible).

    >>> shuffled(standard_deck(), seed=7) == shuffled(standard_deck(), seed=7)
    True
    """
    if not isinstance(seed, int):
        raise NotationError(f"a seed is a whole number, not {seed!r}")
    order = list(cards)
    random.Random(seed).shuffle(order)
    return Cards(order)


def iter_tokens(text: str) -> Iterator[str]:
    """The tokens of a card list, as :func:`parse_cards` splits it."""
    return (t for t in _SPLIT.split(text.strip()) if t)
