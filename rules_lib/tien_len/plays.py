"""Plays (combinations) of Tiến Lên: what they are, what beats what, what a hand can play.

A play is a set of cards of one of six kinds.  The kind does not depend on
the house rules, but *whether* some cards form a play does (sets of pairs,
2s in straights), so :func:`classify` takes the rules:

>>> from rules_lib.tien_len import PRESETS
>>> classify(parse_cards("3s 3h 7c 7d"))
<Kind.PAIRS: 'set of pairs'>
>>> classify(parse_cards("3s 3h 7c 7d"), PRESETS["standard"]) is None
True
>>> Play.parse("5h 5s").beats(Play.parse("4d 4c"))
True

A play must have the shape of the play on the table (same kind, same number
of cards) and a higher top card; the top card compares by rank, then suit:

>>> Play.parse("9h 9c").beats(Play.parse("9s 9d"))  # ♣ < ♦ with the source's suits
False
>>> Play.parse("9h 9c").beats(Play.parse("9s 9d"), PRESETS["standard"])  # ♦ < ♥
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, pairwise, product
from typing import cast

from ..cards import SUITS, AnyCard, Card, Cards, Rank, parse_cards
from ..errors import IllegalActionError, NotationError
from .rules import INSTANT_WIN_KINDS, RANK_POS, TienLenRules

__all__ = [
    "Chop",
    "InstantWin",
    "Kind",
    "Play",
    "beats",
    "bomb_tier",
    "classify",
    "legal_plays",
    "make_play",
    "plain_cards",
    "why_not_a_play",
]

_DEFAULT = TienLenRules()


class Kind(StrEnum):
    """The kinds of play; the value is the name used in messages."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "three of a kind"
    QUAD = "four of a kind"
    STRAIGHT = "straight"
    PAIRS = "set of pairs"

    def __repr__(self) -> str:
        return f"<Kind.{self.name}: {self.value!r}>"


TIEN_LEN_RANKS: tuple[Rank, ...] = tuple(sorted(RANK_POS, key=RANK_POS.__getitem__))
_SAME_RANK = {1: Kind.SINGLE, 2: Kind.PAIR, 3: Kind.TRIPLE, 4: Kind.QUAD}


def plain_cards(cards: Iterable[AnyCard]) -> list[Card]:
    """The cards as a list of :class:`Card`; a joker raises (Tiến Lên has none).

    >>> plain_cards(parse_cards("RJ 3s"))
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: RJ is a joker: Tiến Lên is played without jokers
    """
    out: list[Card] = []
    for c in cards:
        if not isinstance(c, Card):
            raise NotationError(f"{c} is a joker: Tiến Lên is played without jokers")
        out.append(c)
    return out


def _canonical(card: Card) -> tuple[int, int, int]:
    return (RANK_POS[card.rank], SUITS.index(card.suit), card.deck)


@dataclass(frozen=True, slots=True)
class Play:
    """A combination of cards put on the table.

    The cards are kept lowest rank first (suits ♠ ♥ ♦ ♣ within a rank), so
    two plays of the same cards are equal whatever order they were given in.
    ``str`` is what a player writes; ``repr`` reads back in Python.

    >>> play = Play.parse("5d 3s 4h")
    >>> play, str(play), play.kind.value
    (Play(Kind.STRAIGHT, parse_cards('3♠ 4♥ 5♦')), '3♠ 4♥ 5♦', 'straight')
    >>> play.describe()
    'straight 3 to 5 (5♦ high)'
    >>> Play.parse("5d 6d")
    Traceback (most recent call last):
    ...
    rules_lib.errors.IllegalActionError: 5♦ 6♦ is not a play: two cards of different ranks (a pair is two cards of one rank)
    """

    kind: Kind
    cards: Cards

    def __post_init__(self) -> None:
        ordered = sorted(plain_cards(self.cards), key=_canonical)
        if type(self.cards) is not Cards or ordered != list(self.cards):
            object.__setattr__(self, "cards", Cards(ordered))

    @classmethod
    def parse(cls, text: str | Iterable[AnyCard], rules: TienLenRules = _DEFAULT) -> Play:
        """Read a play such as ``"3♠ 3♥"`` and classify it under ``rules``.

        Raises :class:`IllegalActionError` saying why the cards are not a play.
        """
        return make_play(parse_cards(text, decks=2, jokers=False), rules)

    @property
    def plain(self) -> tuple[Card, ...]:
        """The cards, typed as :class:`Card` (a play never holds a joker)."""
        return cast("tuple[Card, ...]", self.cards)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The rank of each card, lowest first."""
        return tuple(c.rank for c in self.plain)

    def __str__(self) -> str:
        return str(self.cards)

    def __repr__(self) -> str:
        return f"Play(Kind.{self.kind.name}, {self.cards!r})"

    def __len__(self) -> int:
        return len(self.cards)

    def high(self, rules: TienLenRules = _DEFAULT) -> Card:
        """The top card, which decides between plays of one shape.

        >>> from rules_lib.tien_len import PRESETS
        >>> Play.parse("7s 7d").high(), Play.parse("7s 7d").high(PRESETS["standard"])
        (Card.parse('7♦'), Card.parse('7♦'))
        >>> Play.parse("7h 7c").high(), Play.parse("7h 7c").high(PRESETS["standard"])
        (Card.parse('7♣'), Card.parse('7♥'))
        """
        return max(self.plain, key=rules.key)

    def high_key(self, rules: TienLenRules = _DEFAULT) -> int:
        keys = rules._keys
        return max(keys[c.code] for c in self.plain)

    @property
    def shape(self) -> tuple[Kind, int]:
        """What a reply must match: the kind and the number of cards."""
        return (self.kind, len(self.cards))

    def beats(self, other: Play, rules: TienLenRules = _DEFAULT) -> bool:
        """Whether this play may be put on ``other`` (see :func:`beats`)."""
        return beats(self, other, rules)

    def describe(self, rules: TienLenRules = _DEFAULT) -> str:
        """The play in words, as the book and error messages say it.

        >>> Play.parse("Qs Qh Kd Kc").describe()
        'set of 2 pairs, Q and K (K♦ high)'
        >>> Play.parse("2h").describe()
        'single 2♥'
        """
        ranks = sorted(set(self.ranks), key=RANK_POS.__getitem__)
        top = self.high(rules)
        if self.kind is Kind.SINGLE:
            return f"single {top}"
        if self.kind in (Kind.PAIR, Kind.TRIPLE, Kind.QUAD):
            return f"{self.kind.value} of {ranks[0].plural} ({top} high)"
        if self.kind is Kind.STRAIGHT:
            return f"straight {ranks[0]} to {ranks[-1]} ({top} high)"
        if len(ranks) >= 3 and _consecutive([RANK_POS[r] for r in ranks]):
            return f"{len(ranks)} consecutive pairs {ranks[0]} to {ranks[-1]} ({top} high)"
        names = ", ".join(str(r) for r in ranks[:-1]) + f" and {ranks[-1]}"
        return f"set of {len(ranks)} pairs, {names} ({top} high)"

    def _repr_html_(self) -> str:
        from ..render import cards_html

        return cards_html(self.cards)


def _consecutive(positions: Sequence[int]) -> bool:
    return all(b == a + 1 for a, b in pairwise(positions))


def classify(cards: Sequence[AnyCard], rules: TienLenRules = _DEFAULT) -> Kind | None:
    """The kind of play the cards make under ``rules``, or ``None``.

    >>> classify(parse_cards("Qs Kh Ad"))
    <Kind.STRAIGHT: 'straight'>
    >>> classify(parse_cards("Ks Ah 2d")) is None  # no 2 in a straight by default
    True
    >>> classify(parse_cards("Ks Ah 2d"), TienLenRules(twos_in_straights=True))
    <Kind.STRAIGHT: 'straight'>
    """
    plain = plain_cards(cards)
    return None if why_not_a_play(plain, rules) else _kind_of(plain)


def _kind_of(cards: Sequence[Card]) -> Kind:
    counts = Counter(c.rank for c in cards)
    if len(counts) == 1:
        return _SAME_RANK[len(cards)]
    if all(n == 1 for n in counts.values()):
        return Kind.STRAIGHT
    return Kind.PAIRS


def why_not_a_play(cards: Sequence[AnyCard], rules: TienLenRules = _DEFAULT) -> str:
    """Why the cards are not a play under ``rules`` (``""`` if they are one).

    >>> from rules_lib.tien_len import PRESETS
    >>> why_not_a_play(parse_cards("3s 4h 6d"))
    'the ranks 3 4 6 are not consecutive (a straight is 3 or more cards in a row)'
    >>> why_not_a_play(parse_cards("3s 3h 5d 5c"), PRESETS["standard"])
    'only 2 pairs (a run of consecutive pairs has at least 3)'
    """
    n = len(cards)
    if n == 0:
        return "no cards"
    counts = Counter(c.rank for c in plain_cards(cards))
    positions = sorted(RANK_POS[r] for r in counts)
    shown = " ".join(str(TIEN_LEN_RANKS[p]) for p in positions)
    if len(counts) == 1:
        if n > 4:
            return f"{n} cards of one rank (four of a kind is the most)"
        return ""
    if n == 2:
        return "two cards of different ranks (a pair is two cards of one rank)"
    if all(k == 1 for k in counts.values()):
        if not _consecutive(positions):
            return f"the ranks {shown} are not consecutive (a straight is 3 or more cards in a row)"
        if positions[-1] > rules.top_sequence_pos:
            return "a straight may not hold a 2 (the ace is the top of a straight)"
        return ""
    if all(k == 2 for k in counts.values()):
        if rules.sets_of_pairs == "any pairs":
            return ""
        if len(counts) < 3:
            return f"only {len(counts)} pairs (a run of consecutive pairs has at least 3)"
        if not _consecutive(positions):
            return f"the pairs {shown} are not of consecutive ranks"
        if positions[-1] > rules.top_sequence_pos:
            return "a run of consecutive pairs may not hold 2s"
        return ""
    sizes = " + ".join(str(counts[TIEN_LEN_RANKS[p]]) for p in positions)
    return f"cards of ranks {shown} grouped {sizes} make no combination"


def make_play(cards: Sequence[AnyCard], rules: TienLenRules = _DEFAULT) -> Play:
    """The play made of ``cards``; raises :class:`IllegalActionError` if they make none."""
    plain = plain_cards(cards)
    reason = why_not_a_play(plain, rules)
    if reason:
        raise IllegalActionError(f"{Cards(plain)} is not a play: {reason}")
    return Play(_kind_of(plain), Cards(plain))


def _is_run_of_pairs(play: Play, rules: TienLenRules) -> bool:
    if play.kind is not Kind.PAIRS:
        return False
    positions = sorted({RANK_POS[r] for r in play.ranks})
    return _consecutive(positions) and positions[-1] <= rules.top_sequence_pos


BOMB_NAMES = {
    1: "three consecutive pairs",
    2: "four of a kind",
    3: "four or more consecutive pairs",
}
"""The bombs by :func:`bomb_tier`, lowest first."""


def bomb_tier(play: Play, rules: TienLenRules = _DEFAULT) -> int:
    """How strong a bomb the play is when chops are on: 0 = not a bomb,
    1 = three consecutive pairs, 2 = four of a kind, 3 = four (or more) consecutive pairs.

    >>> bomb_tier(Play.parse("5s 5h 6d 6c 7s 7h")), bomb_tier(Play.parse("9s 9h 9d 9c"))
    (1, 2)
    """
    if play.kind is Kind.QUAD:
        return 2
    if _is_run_of_pairs(play, rules):
        pairs = len(play.cards) // 2
        return 1 if pairs == 3 else 3 if pairs >= 4 else 0
    return 0


def _twos_tier_needed(table: Play) -> int:
    """The bomb tier that chops the table play (0 if it cannot be chopped)."""
    if all(r is Rank.TWO for r in table.ranks):
        if table.kind is Kind.SINGLE:
            return 1
        if table.kind is Kind.PAIR:
            return 2
    return 0


def beats(play: Play, table: Play, rules: TienLenRules = _DEFAULT) -> bool:
    """Whether ``play`` may be put on ``table``.

    Same shape (kind and number of cards) and a strictly higher top card;
    two identical cards of two decks are equal, so neither beats the other
    (with ``rules.copies_beat`` the copy played later beats the one on the table).
    With ``rules.chops`` bombs also beat 2s and lower bombs.

    >>> from rules_lib.tien_len import PRESETS
    >>> std = PRESETS["standard"]
    >>> bombs = Play.parse("5s 5h 6d 6c 7s 7h")
    >>> beats(bombs, Play.parse("2s")), beats(bombs, Play.parse("2s"), std)
    (False, True)
    >>> beats(Play.parse("9s 9h 9d 9c"), Play.parse("2s 2h"), std)
    True
    >>> first, second = Play.parse(parse_cards("7d", decks=2)), Play.parse(parse_cards("7d 7d", decks=2)[1:])
    >>> beats(second, first), beats(second, first, std.with_options(copies_beat=True))
    (False, True)
    """
    if play.kind is table.kind and len(play.cards) == len(table.cards):
        if rules.copies_beat:
            return play.high_key(rules) >= table.high_key(rules)
        return play.high_key(rules) > table.high_key(rules)
    if rules.chops:
        tier = bomb_tier(play, rules)
        if tier:
            need = _twos_tier_needed(table)
            if need:
                return tier >= need
            other = bomb_tier(table, rules)
            return 0 < other < tier
    return False


# --- legal plays ------------------------------------------------------------------
#
# Generation works on the hand sorted by strength (rules key, then deck), one
# list per rank.  Every combination is built lowest card first, so its last
# card is its top card and candidates are compared with the table by one
# integer before any Play is made.

_CANON: dict[int, int] = {
    Card(r, s).code: RANK_POS[r] * 4 + SUITS.index(s) for r in RANK_POS for s in SUITS
}


def _canon_key(card: Card) -> tuple[int, int]:
    return (_CANON[card.code], card.deck)


def _fast_play(kind: Kind, combo: Sequence[Card]) -> Play:
    """A Play of cards known to form ``kind`` (skips the checks of ``__init__``)."""
    play = object.__new__(Play)
    ordered = combo if len(combo) == 1 else sorted(combo, key=_canon_key)
    object.__setattr__(play, "kind", kind)
    object.__setattr__(play, "cards", Cards(ordered))
    return play


def _distinct(cards: Sequence[Card]) -> list[Card]:
    """One card per (rank, suit): the first copy (hands are sorted with deck 0 first)."""
    seen: set[int] = set()
    out = []
    for c in cards:
        if c.code not in seen:
            seen.add(c.code)
            out.append(c)
    return out


def _rank_sets(cards: Sequence[Card], k: int) -> list[tuple[Card, ...]]:
    """Every way to take ``k`` cards of one rank, identical copies counted once."""
    if k == 1:
        return [(c,) for c in _distinct(cards)]
    if len(cards) == k:
        return [tuple(cards)]
    seen: set[tuple[int, ...]] = set()
    out = []
    for combo in combinations(cards, k):
        codes = tuple(c.code for c in combo)
        if codes not in seen:
            seen.add(codes)
            out.append(combo)
    return out


_Found = list[tuple[int, Kind, tuple[Card, ...]]]


def legal_plays(
    hand: Sequence[AnyCard],
    table: Play | None = None,
    rules: TienLenRules = _DEFAULT,
    *,
    must_contain: Card | None = None,
) -> list[Play]:
    """Every play from ``hand`` that may go on ``table`` (any play if ``None``).

    Identical cards of two decks are interchangeable, so each play is listed
    once.  The list is ordered cheapest first: lowest top card, then fewest cards.
    ``must_contain`` restricts to plays holding that card (the first lead).

    >>> hand = parse_cards("3s 4h 5d 5c 9s")
    >>> [str(p) for p in legal_plays(hand, Play.parse("4d"))]
    ['5♣', '5♦', '9♠']
    >>> [str(p) for p in legal_plays(hand, must_contain=Card.parse("3s"))]
    ['3♠', '3♠ 4♥ 5♣', '3♠ 4♥ 5♦']
    """
    keys = rules._keys
    ordered = sorted(plain_cards(hand), key=lambda c: (keys[c.code], c.deck))
    groups: list[list[Card]] = [[] for _ in range(13)]
    for c in ordered:
        groups[RANK_POS[c.rank]].append(c)
    found: _Found = []
    if table is None:
        for k in (1, 2, 3, 4):
            _same_rank(found, groups, k, keys, -1)
        _straights(found, groups, rules, None, -1)
        _pair_sets(found, groups, rules, None, -1)
    else:
        n = len(table.cards)
        # one deck holds no two cards of one key, so ">= key" is "> key - 1"
        above = table.high_key(rules) - (1 if rules.copies_beat else 0)
        if table.kind in (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.QUAD):
            _same_rank(found, groups, n, keys, above)
        elif table.kind is Kind.STRAIGHT:
            _straights(found, groups, rules, n, above)
        else:
            _pair_sets(found, groups, rules, n // 2, above)
        if rules.chops and (_twos_tier_needed(table) or bomb_tier(table, rules)):
            bombs: _Found = []
            if table.kind is not Kind.QUAD:
                _same_rank(bombs, groups, 4, keys, -1)
            _pair_sets(bombs, groups, rules, None, -1, runs_only=True)
            shape = table.shape
            for high, kind, combo in bombs:
                if (kind, len(combo)) != shape:
                    play = _fast_play(kind, combo)
                    if beats(play, table, rules):
                        found.append((high, kind, combo))
    if must_contain is not None:
        found = [f for f in found if must_contain in f[2]]
    found.sort(key=lambda f: (f[0], len(f[2]), [keys[c.code] for c in f[2]]))
    return [_fast_play(kind, combo) for _, kind, combo in found]


def _same_rank(
    found: _Found, groups: list[list[Card]], k: int, keys: dict[int, int], above: int
) -> None:
    kind = _SAME_RANK[k]
    for cards in groups:
        if len(cards) >= k and keys[cards[-1].code] > above:
            for combo in _rank_sets(cards, k):
                high = keys[combo[-1].code]
                if high > above:
                    found.append((high, kind, combo))


def _straights(
    found: _Found, groups: list[list[Card]], rules: TienLenRules, length: int | None, above: int
) -> None:
    keys = rules._keys
    top = rules.top_sequence_pos
    choices = [_distinct(g) for g in groups]
    for start in range(top + 1):
        end = start
        while end <= top and choices[end]:
            end += 1
        # ranks start .. end-1 are all held
        lengths = range(3, end - start + 1) if length is None else (length,)
        for n in lengths:
            if start + n > end or keys[choices[start + n - 1][-1].code] <= above:
                continue
            for combo in product(*choices[start : start + n]):
                high = keys[combo[-1].code]
                if high > above:
                    found.append((high, Kind.STRAIGHT, combo))


def _pair_sets(
    found: _Found,
    groups: list[list[Card]],
    rules: TienLenRules,
    pairs: int | None,
    above: int,
    *,
    runs_only: bool = False,
) -> None:
    keys = rules._keys
    options = [_rank_sets(g, 2) if len(g) >= 2 else [] for g in groups]
    if rules.sets_of_pairs == "any pairs" and not runs_only:
        held = [i for i, o in enumerate(options) if o]
        sizes = range(2, len(held) + 1) if pairs is None else (pairs,)
        for n in sizes:
            for ranks in combinations(held, n):
                if keys[groups[ranks[-1]][-1].code] <= above:
                    continue
                for combo in product(*(options[i] for i in ranks)):
                    high = keys[combo[-1][-1].code]
                    if high > above:
                        found.append((high, Kind.PAIRS, tuple(c for p in combo for c in p)))
        return
    top = rules.top_sequence_pos
    for start in range(top + 1):
        end = start
        while end <= top and options[end]:
            end += 1
        if runs_only or pairs is None:
            lengths: Sequence[int] = range(3, end - start + 1)
        else:
            lengths = (pairs,) if start + pairs <= end else ()
        for n in lengths:
            if keys[groups[start + n - 1][-1].code] <= above:
                continue
            for combo in product(*options[start : start + n]):
                high = keys[combo[-1][-1].code]
                if high > above:
                    found.append((high, Kind.PAIRS, tuple(c for p in combo for c in p)))


class InstantWin(StrEnum):
    """Hands that win at the deal when ``rules.instant_wins`` is on (highest first).

    The last three count only with ``rules.more_instant_wins`` (four 3s only
    in the first hand).  ``short`` is the name in ``rules.instant_win_points``.
    """

    DRAGON = "a dragon (one card of every rank from 3 to ace)"
    FOUR_TWOS = "four 2s"
    ONE_COLOUR = "thirteen cards of one colour"
    SIX_PAIRS = "six pairs"
    FIVE_PAIRS = "five consecutive pairs"
    FOUR_THREES = "four 3s"

    @property
    def short(self) -> str:
        return INSTANT_WIN_KINDS[list(InstantWin).index(self)]


@dataclass(frozen=True, slots=True)
class Chop:
    """A bomb put on a 2 or on a lower bomb (``rules.chops``).

    In a chain of chops in one trick (a 2 chopped, that bomb chopped in turn,
    …) the record grows: ``chopped`` is the last player chopped, ``plays``
    every play chopped so far (the 2s first) and ``by`` the last bomb.
    """

    chopper: int
    chopped: int
    plays: tuple[Play, ...]
    by: Play | None = None  # unknown when a score sheet is told of the chop
