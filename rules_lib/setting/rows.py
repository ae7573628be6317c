"""Thirteen cards set as three poker hands: the rows (docs/GAMES.md §2).

An :class:`Arrangement` is a back (5 cards), a middle (5) and a front (3).
It is *misset* when the back is weaker than the middle or the middle weaker
than the front (the book's reading: rows of equal strength are allowed; with
``strict=True`` each row must be stronger than the one in front of it, as
both sources word the rule).  A :class:`Draft` is a hand on its way to one,
its rows short or over-full while cards move.

>>> arr = Arrangement.parse("8s 8h 8d 4c 4s / Ks Kd 9c 9h 2d / Ah Qc 6s")
>>> [str(v) for v in arr.values()]
['full house, eights over fours', 'two pair, kings and nines, two kicker', 'high card ace, then Q-6']
>>> arr.is_misset()
False
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from ..cards import SUITS, AnyCard, Card, Cards, Rank, parse_cards, shuffled, standard_deck
from ..errors import CardCountError, DuplicateCardError, NotationError
from ..poker import HandValue, code3, code5

__all__ = [
    "ROWS",
    "ROW_SIZES",
    "Arrangement",
    "Draft",
    "Row",
    "check_disjoint",
    "deal",
    "other_hands",
    "random_hand",
]


class Row(Enum):
    """The three hands of an arrangement, strongest place first."""

    BACK = "back"
    MIDDLE = "middle"
    FRONT = "front"

    @property
    def size(self) -> int:
        return 3 if self is Row.FRONT else 5


ROWS: tuple[Row, ...] = tuple(Row)
ROW_SIZES = {row: row.size for row in ROWS}


def _as_cards(cards: str | Iterable[AnyCard], count: int, what: str) -> tuple[Card, ...]:
    hand = parse_cards(cards, jokers=False) if isinstance(cards, str) else Cards(cards)
    if len(hand) != count:
        raise CardCountError(f"the {what} needs {count} cards, not {len(hand)}: {hand}")
    out: list[Card] = []
    for card in hand:
        if not isinstance(card, Card):
            raise NotationError(f"{card} cannot be in the {what}: these games have no jokers")
        out.append(card)
    return tuple(out)


@dataclass(frozen=True)
class Arrangement:
    """Thirteen cards set as back (5), middle (5) and front (3).

    >>> Arrangement.parse("As Ks Qs Js 10s / 2c 3c 4c 5c 6c / 9h 9d 7s").back
    parse_cards('A♠ K♠ Q♠ J♠ 10♠')
    >>> Arrangement.parse("As Ks / 2c 3c 4c 5c 6c / 9h 9d 7s")
    Traceback (most recent call last):
    ...
    rules_lib.errors.CardCountError: the back needs 5 cards, not 2: A♠ K♠
    """

    back: Cards
    middle: Cards
    front: Cards
    _codes: tuple[int, int, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for row in ROWS:
            cards = _as_cards(getattr(self, row.value), row.size, row.value)
            object.__setattr__(self, row.value, Cards(cards))
        seen: dict[tuple[Rank, object], Row] = {}
        for row in ROWS:
            for card in self.row(row):
                key = (card.rank, card.suit)  # type: ignore[union-attr]
                if key in seen:
                    where = (
                        "twice in the " + row.value
                        if seen[key] is row
                        else (f"in the {seen[key].value} and the {row.value}")
                    )
                    raise DuplicateCardError(f"{card} is {where}; a deck has one {card}")
                seen[key] = row
        # the rows' value codes, computed once (the solver and the scorers read them often)
        object.__setattr__(self, "_codes", tuple(_code(self.row(row)) for row in ROWS))

    @classmethod
    def parse(cls, text: str) -> Arrangement:
        """Read ``"back / middle / front"`` (rows split by ``/`` or ``|``)."""
        parts = [p for p in text.replace("|", "/").split("/")]
        if len(parts) != 3:
            raise NotationError(
                f"write an arrangement as 'back / middle / front' (3 rows), not {len(parts)} "
                f"row(s): {text!r}"
            )
        return cls(*(parse_cards(p, jokers=False) for p in parts))

    @classmethod
    def from_rows(
        cls,
        back: str | Iterable[AnyCard],
        middle: str | Iterable[AnyCard],
        front: str | Iterable[AnyCard],
    ) -> Arrangement:
        return cls(
            *(
                parse_cards(r, jokers=False) if isinstance(r, str) else Cards(r)
                for r in (back, middle, front)
            )
        )

    def row(self, row: Row) -> Cards:
        return getattr(self, row.value)  # type: ignore[no-any-return]

    @property
    def cards(self) -> Cards:
        return Cards((*self.back, *self.middle, *self.front))

    def values(self) -> tuple[HandValue, HandValue, HandValue]:
        """The poker values of back, middle and front."""
        back, middle, front = self._codes
        return HandValue(back), HandValue(middle), HandValue(front)

    def is_misset(self, strict: bool = False) -> bool:
        """True when the rows are out of order (back < middle or middle < front).

        With ``strict`` a row that only ties the row in front of it is out of
        order too (back > middle > front is required).  Only the back and the
        middle can tie: a three-card front never equals a five-card middle.

        >>> twins = Arrangement.parse("As Kd 9c 7h 5s / Ah Kc 9d 7s 5h / Qs 3d 2c")
        >>> twins.is_misset(), twins.is_misset(strict=True)
        (False, True)
        """
        back, middle, front = self._codes
        if strict:
            return not back > middle > front
        return not back >= middle >= front

    def misset_reason(self, strict: bool = False) -> str | None:
        """Why the arrangement is misset, in words (``None`` when it is not).

        >>> Arrangement.parse("2s 3d 4c 5h 7s / As Ad Kc Kd Qs / 9h 8h 6h").misset_reason()
        'misset: the back (high card seven, then 5-4-3-2) is weaker than the middle (two pair, aces and kings, queen kicker)'
        >>> Arrangement.parse("As Kd 9c 7h 5s / Ah Kc 9d 7s 5h / Qs 3d 2c").misset_reason(strict=True)
        'misset: the back (high card ace, then K-9-7-5) only ties the middle; these rules want it stronger'
        """
        back, middle, front = self.values()
        if back < middle:
            return f"misset: the back ({back}) is weaker than the middle ({middle})"
        if middle < front:
            return f"misset: the middle ({middle}) is weaker than the front ({front})"
        if strict and back == middle:
            return f"misset: the back ({back}) only ties the middle; these rules want it stronger"
        return None

    def __str__(self) -> str:
        return f"{self.back} / {self.middle} / {self.front}"


def _code(cards: Sequence[AnyCard]) -> int:
    c = [card.code for card in cards]  # type: ignore[union-attr]
    return code5(*c) if len(c) == 5 else code3(*c)


def deal(seed: int, players: int = 4) -> tuple[Cards, ...]:
    """Deal 13 cards to each of ``players`` (2-4) from a deck shuffled by ``seed``.

    The same seed deals the same hands on every machine; seat 0 is the first.

    >>> hands = deal(7)
    >>> len(hands), {len(h) for h in hands}, len(set().union(*hands))
    (4, {13}, 52)
    """
    if not 2 <= players <= 4:
        raise CardCountError(f"these games are for 2 to 4 players, not {players}")
    deck = shuffled(standard_deck(), seed)
    return tuple(Cards(deck[13 * i : 13 * i + 13]) for i in range(players))


def other_hands(mine: Iterable[AnyCard]) -> list[Cards]:
    """Three hands of 13 for the bots from the 39 cards not in ``mine`` (a hand
    the reader typed), the same three every time for the same hand.

    >>> hands = other_hands(deal(5)[0])
    >>> [len(h) for h in hands], len(set(deal(5)[0]).union(*hands))
    ([13, 13, 13], 52)
    """
    taken = set(mine)
    rest = [c for c in standard_deck() if c not in taken]
    random.Random(0).shuffle(rest)
    return [Cards(rest[13 * i : 13 * i + 13]) for i in range(3)]


def random_hand(rng: random.Random) -> Cards:
    """13 random cards (for simulations and benchmarks)."""
    return Cards(rng.sample(list(standard_deck()), 13))


def thirteen(cards: str | Iterable[AnyCard]) -> tuple[Card, ...]:
    """A hand of these games: 13 cards, no joker (a wrong count raises)."""
    return _as_cards(cards, 13, "hand")


def check_disjoint(hands: Sequence[Arrangement], names: Sequence[str]) -> None:
    """Raise :class:`~rules_lib.errors.DuplicateCardError` naming a card that two
    of ``hands`` (named by ``names``) hold: they are dealt from one deck.

    >>> a = Arrangement.parse("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c")
    >>> check_disjoint([a, a], ["An", "Bình"])
    Traceback (most recent call last):
    ...
    rules_lib.errors.DuplicateCardError: Q♠ is in the hands of both An and Bình; a deck has one Q♠
    """
    owner: dict[tuple[object, object], str] = {}
    for name, arr in zip(names, hands, strict=True):
        for card in arr.cards:
            key = (card.rank, card.suit)  # type: ignore[union-attr]
            if key in owner:
                raise DuplicateCardError(
                    f"{card} is in the hands of both {owner[key]} and {name}; a deck has one {card}"
                )
            owner[key] = name


@dataclass(frozen=True)
class Draft:
    """A hand being set by a player: rows may be over- or under-full for a while.

    Moving cards never loses one; :meth:`arrangement` gives the finished
    :class:`Arrangement` once every row has the right number of cards.

    >>> d = Draft.from_cards("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs")
    >>> d.sizes()
    (5, 5, 3)
    >>> d2 = d.move([Card.parse("2c")], Row.BACK)
    >>> d2.sizes(), d2.problems()
    ((6, 5, 2), ['the back has 6 cards; it needs 5', 'the front has 2 cards; it needs 3'])
    """

    back: tuple[Card, ...]
    middle: tuple[Card, ...]
    front: tuple[Card, ...]

    @classmethod
    def from_cards(cls, cards: str | Iterable[AnyCard]) -> Draft:
        """Start from 13 cards sorted high to low: five to the back, five to the middle, three to the front."""
        hand = sorted(
            thirteen(cards), key=lambda c: (int(c.rank), -SUITS.index(c.suit)), reverse=True
        )
        return cls(tuple(hand[:5]), tuple(hand[5:10]), tuple(hand[10:]))

    @classmethod
    def from_arrangement(cls, arr: Arrangement) -> Draft:
        return cls(*(tuple(arr.row(r)) for r in ROWS))  # type: ignore[arg-type]

    def row(self, row: Row) -> tuple[Card, ...]:
        return getattr(self, row.value)  # type: ignore[no-any-return]

    def sizes(self) -> tuple[int, int, int]:
        return (len(self.back), len(self.middle), len(self.front))

    def move(self, cards: Iterable[Card], to: Row) -> Draft:
        """Move ``cards`` (from wherever they are) to the end of row ``to``."""
        moving = list(dict.fromkeys(cards))  # a card listed twice still moves once
        for card in moving:
            if not any(card in self.row(r) for r in ROWS):
                raise NotationError(f"{card} is not in this hand")
        rows = {r: [c for c in self.row(r) if c not in moving] for r in ROWS}
        rows[to].extend(moving)
        return Draft(*(tuple(rows[r]) for r in ROWS))

    def problems(self) -> list[str]:
        """What stops this draft from being an arrangement (row sizes)."""
        out = []
        for r in ROWS:
            n = len(self.row(r))
            if n != r.size:
                out.append(f"the {r.value} has {n} card{'s' * (n != 1)}; it needs {r.size}")
        return out

    def arrangement(self) -> Arrangement | None:
        if self.problems():
            return None
        return Arrangement(*(Cards(self.row(r)) for r in ROWS))
