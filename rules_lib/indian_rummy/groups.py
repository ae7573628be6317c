"""Groups of Indian Rummy, declarations, and the best grouping of a hand (docs/GAMES.md §8).

A **sequence** is three or more cards of one suit in consecutive ranks: the
ace below the two (``A 2 3``) or, with ``ace_high``, above the king
(``Q K A``), never round the corner (``K A 2``).  A **pure** sequence has no
wild card standing in for another card.  A **set** is three or four cards of
one rank, each of a different suit.  Wild cards (the printed jokers and every
card of the wild rank) stand in for missing cards.  A :class:`Group` prints
the way a player writes it, each wild card with what it stands for, and reads
back:

>>> group = Group.parse("4♥ 5♥ RJ=6♥")
>>> group.kind, str(group), group.is_pure
(<GroupKind.SEQUENCE: 'sequence'>, '4♥ 5♥ RJ=6♥', False)
>>> classify("9d 9s 3c", wild_rank=Rank.THREE)
Group.parse('9♠ 9♦ 3♣=9', wild_rank=Rank.THREE)
>>> classify("4s 5s 6s", wild_rank=Rank.FIVE).kind  # the wild 5♠ in its own place
<GroupKind.PURE_SEQUENCE: 'pure sequence'>
>>> classify("Ks As 2s")
Traceback (most recent call last):
...
rules_lib.indian_rummy.groups.InvalidGroupError: K♠ A♠ 2♠ is not a sequence: a sequence does not turn the corner from king to ace to two

A **declaration** shows all 13 cards in groups, with two sequences or more,
one of them pure at least:

>>> check_declaration("3s 4s 5s | 7h 8h RJ | 9c 9d 9h | Qs Qh Qd Qc").valid
True
>>> check_declaration("3s 4s RJ | 7h 8h 9h BJ | 9c 9d 9s | Qs Qh Qd").fault
'no pure sequence: the 3♠ 4♠ RJ sequence needs the joker'

:func:`best_grouping` lays a hand out in the groups that leave the fewest
points (a loser's count: with two sequences, one pure, the cards left
ungrouped; without them, every card, or every card but a pure sequence's);
a hand of 14 cards first gives up the card it is best to discard:

>>> print(best_grouping("2s 3s 4s 6h 7h RJ 9c 9d Kd Kc 5c Ah Qh"))
[2♠ 3♠ 4♠] [Q♥ RJ=K♥ A♥] left: 6♥ 7♥ 9♦ K♦ 5♣ 9♣ K♣ — 56 points
>>> print(best_grouping("2s 3s 4s 6h 7h RJ 9c 9d Kd Kc 5c Ah Qh 9h"))
[2♠ 3♠ 4♠] [Q♥ RJ=K♥ A♥] [9♥ 9♦ 9♣] left: 6♥ 7♥ K♦ 5♣ — 28 points; discard K♣

How it stays fast (the idea of the Three-Thirteen melder, see
:mod:`rules_lib.rummy`).  Wild cards are interchangeable, so the search holds
them as a *count*; it lists the candidate *cores* (the natural cards of a
group, with the wild cards each needs), then searches the natural cards as a
bitmask: the lowest card left is either ungrouped (with its twin from the
other deck), discarded (14 cards), or in one of the cores that hold it;
results are memoised on (cards left, wild cards left, a sequence still
needed, a discard still owed).  Only the pure sequence needs its wild cards
by name (a wild card in its own place keeps it pure), so it is chosen first,
among the runs of 3 to 5 cards the hand holds (a longer one splits into two
sequences); every other group is any valid sequence or set.  Points are
counted as ``32 × points + cards left``, so that among the groupings with the
fewest points the search finds one that leaves the fewest cards (a
declaration, when there is one).  :func:`brute_force_grouping` is the slow,
obviously correct oracle the tests compare it with.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations

from ..cards import SUITS, AnyCard, Card, Cards, Joker, Rank, Suit, parse_cards
from ..errors import CardCountError, IllegalActionError, NotationError, RulesError
from ..rummy import low_place, place_options, rank_at, run_cores
from .rules import HAND_SIZE, IndianRummyRules

__all__ = [
    "DeclarationCheck",
    "DeclarationError",
    "Group",
    "GroupKind",
    "Grouping",
    "InvalidGroupError",
    "best_grouping",
    "brute_force_grouping",
    "check_declaration",
    "classify",
    "hand_points",
    "verify_declaration",
]

SOURCE_RULES = IndianRummyRules()
#: Cards of one face a text may show: two decks (more are reported, not refused).
_READ_COPIES = 4
_SPLIT = re.compile(r"[\s,;]+")

WildRank = Rank | int | str | None
#: What a wild card stands for, as written after ``=``: a card (sequence), a rank (set), ``*``.
Target = Card | Rank | str | None


class InvalidGroupError(IllegalActionError):
    """Cards that are neither a sequence nor a set (the message says why)."""


class DeclarationError(IllegalActionError):
    """A declaration that breaks a rule (the message names the first one)."""


class GroupKind(StrEnum):
    """A pure sequence, a sequence with wild cards standing in, or a set."""

    PURE_SEQUENCE = "pure sequence"
    SEQUENCE = "sequence"
    SET = "set"

    @property
    def is_sequence(self) -> bool:
        """Whether it counts towards the two sequences a declaration needs."""
        return self is not GroupKind.SET


def _as_rank(wild_rank: WildRank) -> Rank | None:
    """Read a wild rank given as a :class:`Rank`, a number (2..14) or text (``"J"``)."""
    if wild_rank is None or isinstance(wild_rank, Rank):
        return wild_rank
    if isinstance(wild_rank, int) and not isinstance(wild_rank, bool):
        if 2 <= wild_rank <= 14:
            return Rank(wild_rank)
    elif isinstance(wild_rank, str):
        rank = _rank_text(wild_rank)
        if rank is not None:
            return rank
    raise NotationError(
        f"cannot read the wild rank {wild_rank!r} (use 2-10, J, Q, K, A, or None: jokers only)"
    )


def _rank_text(text: str) -> Rank | None:
    word = text.strip().upper()
    for rank in Rank:
        if word in (rank.notation, rank.name, rank.plural.upper()) or (
            word == "T" and rank is Rank.TEN
        ):
            return rank
    return None


def _is_wild(card: AnyCard, wild_rank: Rank | None) -> bool:
    return isinstance(card, Joker) or card.rank is wild_rank


def _top(rules: IndianRummyRules) -> int:
    """The highest place of a sequence: 14 (the ace above the king) or 13."""
    return 14 if rules.ace_high else 13


def _face(card: AnyCard) -> tuple[object, ...]:
    return ("joker", card.color) if isinstance(card, Joker) else (card.rank, card.suit)


def _hand_key(card: AnyCard) -> tuple[int, int, int]:
    """The order a hand is shown in: by suit (♠ ♥ ♦ ♣), low to high, jokers last."""
    if isinstance(card, Joker):
        return (len(SUITS), 0 if card.color.value == "red" else 1, card.deck)
    return (SUITS.index(card.suit), int(card.rank), card.deck)


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


# ---------------------------------------------------------------------------
# The group value type


@dataclass(frozen=True)
class Group:
    """A sequence or a set, with the wild cards that stand in and what for.

    * ``cards``: a sequence from its low end to its high end, each card at its
      place; a set's natural cards (♠ ♥ ♦ ♣), then its wild cards.
    * ``wild``: for each card, whether it stands in for another card (a wild
      card of the wild rank in its own place does not: ``5♠`` in
      ``4♠ 5♠ 6♠`` when fives are wild).
    * ``wild_rank``: the rank that was wild (``None``: only the jokers).
    * ``rank``: a set's rank; ``suit``, ``low``: a sequence's suit and the
      place of its first card (1 = the ace low, 2..13, 14 = the ace high).
      A group of wild cards only has none of them.

    ``str`` writes each wild card that stands in with what it stands for
    (``RJ=7♠`` in a sequence, ``RJ=9`` in a set, ``RJ=*`` in a group of wild
    cards only); :meth:`parse` reads it back.

    >>> group = Group.parse("Qs Ks RJ")
    >>> str(group), group.low, group.stands_for(2), group.is_sequence
    ('Q♠ K♠ RJ=A♠', 12, 'A♠', True)
    >>> Group.parse("7s 7h BJ=7 RJ").kind
    <GroupKind.SET: 'set'>
    """

    kind: GroupKind
    cards: Cards
    wild: tuple[bool, ...]
    wild_rank: Rank | None = None
    rank: Rank | None = None
    suit: Suit | None = None
    low: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.cards, Cards):
            object.__setattr__(self, "cards", Cards(self.cards))
        if len(self.wild) != len(self.cards):
            raise NotationError(
                f"a group of {len(self.cards)} cards needs {len(self.cards)} wild flags, "
                f"not {len(self.wild)}"
            )

    @property
    def is_sequence(self) -> bool:
        """Whether it counts as a sequence (pure or not; a group of wild cards only does)."""
        return self.kind.is_sequence

    @property
    def is_pure(self) -> bool:
        """Whether it is a pure sequence."""
        return self.kind is GroupKind.PURE_SEQUENCE

    @property
    def wild_cards(self) -> Cards:
        """The jokers and cards of the wild rank in the group (standing in or not)."""
        return Cards(c for c in self.cards if _is_wild(c, self.wild_rank))

    def stands_for(self, index: int) -> str:
        """What the card at ``index`` is: itself, or (if it stands in) a card, a rank or ``*``."""
        if not self.wild[index]:
            return str(self.cards[index])
        if self.suit is not None:
            return str(Card(rank_at(self.low + index), self.suit))
        return self.rank.notation if self.rank is not None else "*"

    @property
    def stand_ins(self) -> tuple[tuple[AnyCard, str], ...]:
        """Each card that stands in, with what it stands for."""
        return tuple((c, self.stands_for(i)) for i, c in enumerate(self.cards) if self.wild[i])

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(
            f"{card}={self.stands_for(i)}" if self.wild[i] else str(card)
            for i, card in enumerate(self.cards)
        )

    def __repr__(self) -> str:
        text = str(self)
        try:
            same = Group.parse(text, wild_rank=self.wild_rank) == self
        except RulesError:  # a group read under other rules, or built by hand
            same = False
        wild_rank = f"Rank.{self.wild_rank.name}" if self.wild_rank is not None else "None"
        if same:
            extra = f", wild_rank={wild_rank}" if self.wild_rank is not None else ""
            return f"Group.parse({text!r}{extra})"
        rank = f"Rank.{self.rank.name}" if self.rank is not None else "None"
        suit = f"Suit.{self.suit.name}" if self.suit is not None else "None"
        return (
            f"Group(kind=GroupKind.{self.kind.name}, cards={self.cards!r}, wild={self.wild!r}, "
            f"wild_rank={wild_rank}, rank={rank}, suit={suit}, low={self.low!r})"
        )

    def _repr_html_(self) -> str:
        from ..render import cards_html

        return cards_html(self.cards)

    @classmethod
    def parse(
        cls, text: str, wild_rank: WildRank = None, rules: IndianRummyRules = SOURCE_RULES
    ) -> Group:
        """Read a group written card by card (in any order), checked against ``rules``.

        A wild card may say what it stands for: ``RJ=7♠`` (in a sequence),
        ``RJ=7`` (in a set), ``RJ=*`` (in a group of wild cards only);
        without a note the cards decide, a sequence before a set.

        >>> Group.parse("8s RJ 6s")
        Group.parse('6♠ RJ=7♠ 8♠')
        >>> Group.parse("7s 8s 7h=9s", wild_rank=7)
        Group.parse('7♠ 8♠ 7♥=9♠', wild_rank=Rank.SEVEN)
        >>> Group.parse("7s 8s 9h=10s")
        Traceback (most recent call last):
        ...
        rules_lib.errors.NotationError: 9♥=10s: the 9♥ is not wild when only the jokers are, so it stands only for itself
        """
        return classify(text, rules, wild_rank)


def _read_text(text: str) -> tuple[list[AnyCard], list[str | None]]:
    """Cards and the notes after their ``=``, from a group written as text."""
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    texts, notes = [], []
    for token in tokens:
        card_text, equals, note = token.partition("=")
        texts.append(card_text)
        notes.append(note if equals else None)
    return list(parse_cards(texts, decks=_READ_COPIES)), notes


def _target(card: AnyCard, note: str | None, wild_rank: Rank | None) -> Target:
    """What ``card`` is written to stand for (``None``: itself, or not said)."""
    if note is None:
        return None
    text = note.strip()
    target: Target
    if text == "*":
        target = "*"
    else:
        target = _rank_text(text)
        if target is None:
            try:
                target = Card.parse(text)
            except NotationError:
                raise NotationError(
                    f"{card}={note}: after '=' write the card a wild card stands for (7♠), "
                    "its rank in a set (7), or * in a group of wild cards only"
                ) from None
    if isinstance(target, Card) and _face(target) == _face(card):
        return None  # a card standing for itself
    if not _is_wild(card, wild_rank):
        wild = "only the jokers are" if wild_rank is None else f"{wild_rank.plural} are"
        raise NotationError(
            f"{card}={note}: the {card} is not wild when {wild}, so it stands only for itself"
        )
    return target


def classify(
    cards: Iterable[AnyCard] | str | Group,
    rules: IndianRummyRules = SOURCE_RULES,
    wild_rank: WildRank = None,
    *,
    kind: GroupKind | None = None,
) -> Group:
    """The group ``cards`` make (in any order), or :class:`InvalidGroupError` saying why not.

    When the cards can be read more than one way the best reading is made: a
    pure sequence before a sequence, a sequence before a set (one natural card
    and two jokers), each wild card of the wild rank in its own place when it
    can be.  ``kind`` asks for a reading; text may carry notes (``RJ=7♠``).

    >>> classify("7d 8d 10d")
    Traceback (most recent call last):
    ...
    rules_lib.indian_rummy.groups.InvalidGroupError: 7♦ 8♦ 10♦ is not a sequence: the 9♦ is missing and no joker stands in
    >>> classify("7s 7h 7s")
    Traceback (most recent call last):
    ...
    rules_lib.indian_rummy.groups.InvalidGroupError: 7♠ 7♥ 7♠ is not a set: it has two 7♠
    >>> classify("7s RJ BJ"), classify("7s RJ BJ", kind=GroupKind.SET)
    (Group.parse('7♠ RJ=8♠ BJ=9♠'), Group.parse('7♠ RJ=7 BJ=7'))
    """
    rank = _as_rank(wild_rank)
    if isinstance(cards, str):
        items, notes = _read_text(cards)
    elif isinstance(cards, Group):
        items = list(cards.cards)
        notes = [cards.stands_for(i) if cards.wild[i] else None for i in range(len(items))]
    else:
        items = list(cards)
        notes = [None] * len(items)
    targets = [_target(c, note, rank) for c, note in zip(items, notes)]
    found = _read(items, targets, rules, rank, kind)
    if isinstance(found, str):
        raise InvalidGroupError(found)
    return found


def _read(
    items: list[AnyCard],
    targets: list[Target],
    rules: IndianRummyRules,
    wild_rank: Rank | None,
    kind: GroupKind | None,
) -> Group | str:
    """The best reading of ``items`` as a group, or why there is none."""
    shown = " ".join(str(c) for c in items)
    if len(items) < 3:
        return f"{shown or 'no cards'} is not a group: a sequence or a set needs at least 3 cards, not {len(items)}"
    wild = [_is_wild(c, wild_rank) for c in items]
    if all(wild):
        return _read_all_wild(items, targets, rules, wild_rank, kind)
    if kind is not GroupKind.SET:
        sequence = _read_sequence(items, targets, wild, rules, wild_rank)
        if sequence is not None and (kind is not GroupKind.PURE_SEQUENCE or sequence.is_pure):
            return sequence
    if kind is None or kind is GroupKind.SET:
        group = _read_set(items, targets, wild, rules, wild_rank)
        if group is not None:
            return group
    return _why_not(items, targets, wild, rules, wild_rank, kind)


def _read_all_wild(
    items: list[AnyCard],
    targets: list[Target],
    rules: IndianRummyRules,
    wild_rank: Rank | None,
    kind: GroupKind | None,
) -> Group | str:
    shown = " ".join(str(c) for c in items)
    if not rules.all_wild_groups:
        return f"{shown} is not a group: under these rules a group needs a card that is not wild"
    for card, target in zip(items, targets):
        if target not in (None, "*"):
            raise NotationError(
                f"{shown}: in a group of wild cards only each card stands for any card; "
                f"write {card} or {card}=*"
            )
    if kind is GroupKind.PURE_SEQUENCE:
        return f"{shown} is not a pure sequence: all its cards are wild"
    as_set = kind is GroupKind.SET
    most = rules.max_set_size if as_set else _top(rules)
    if len(items) > most:
        what = "set" if as_set else "sequence"
        return f"{shown} is not a {what}: a {what} holds at most {most} cards"
    ordered = sorted(items, key=_hand_key)
    group_kind = GroupKind.SET if as_set else GroupKind.SEQUENCE
    return Group(group_kind, Cards(ordered), (True,) * len(items), wild_rank)


def _read_sequence(
    items: list[AnyCard],
    targets: list[Target],
    wild: list[bool],
    rules: IndianRummyRules,
    wild_rank: Rank | None,
) -> Group | None:
    """The best layout of ``items`` as a sequence (``None`` if there is none).

    Best: pure, then the most wild cards of the wild rank in their own
    place, then starting at the lowest card in place (wild cards extend a
    sequence upwards, downwards only at the top).
    """
    size = len(items)
    top = _top(rules)
    if size > top:
        return None
    naturals = [i for i in range(size) if not wild[i]]
    first = items[naturals[0]]
    assert isinstance(first, Card)
    suit = first.suit
    if any(isinstance(c, Card) and c.suit is not suit for c in (items[i] for i in naturals)):
        return None
    for target in targets:
        if target is not None and not (isinstance(target, Card) and target.suit is suit):
            return None
    free_wild = [i for i in range(size) if wild[i] and targets[i] is None]
    best: tuple[tuple[bool, int, int], int, list[int], list[bool]] | None = None
    ace_high = rules.ace_high
    for low in range(1, top - size + 2):
        slots: list[int | None] = [None] * size
        fits = True
        for i in naturals:
            fits = _put(slots, i, _rank_of(items[i]), low, ace_high)
            if not fits:
                break
        for i, target in enumerate(targets):
            if fits and isinstance(target, Card):
                fits = _put(slots, i, target.rank, low, ace_high)
        if not fits:
            continue
        in_place = [
            i
            for i in free_wild
            if isinstance(items[i], Card)
            and items[i].suit is suit  # type: ignore[union-attr]
            and _put(slots, i, _rank_of(items[i]), low, ace_high)
        ]
        rest = iter(i for i in free_wild if i not in in_place)
        order: list[int] = []
        stand: list[bool] = []
        for slot in slots:
            order.append(next(rest) if slot is None else slot)
            stand.append(slot is None or targets[slot] is not None)
        pure = not any(stand) and (rules.wild_in_place_is_pure or not in_place)
        anchor = min(k for k in range(size) if not stand[k])
        key = (not pure, -len(in_place), anchor)
        if best is None or key < best[0]:
            best = (key, low, order, stand)
    if best is None:
        return None
    key, low, order, stand = best
    kind = GroupKind.SEQUENCE if key[0] else GroupKind.PURE_SEQUENCE
    return Group(kind, Cards(items[i] for i in order), tuple(stand), wild_rank, suit=suit, low=low)


def _rank_of(card: AnyCard) -> Rank:
    assert isinstance(card, Card)
    return card.rank


def _put(slots: list[int | None], index: int, rank: Rank, low: int, ace_high: bool) -> bool:
    """Put card ``index`` of ``rank`` in its free place of the sequence starting at ``low``."""
    for place in place_options(rank, ace_high):
        k = place - low
        if 0 <= k < len(slots) and slots[k] is None:
            slots[k] = index
            return True
    return False


def _read_set(
    items: list[AnyCard],
    targets: list[Target],
    wild: list[bool],
    rules: IndianRummyRules,
    wild_rank: Rank | None,
) -> Group | None:
    naturals = [c for c, w in zip(items, wild) if not w and isinstance(c, Card)]
    rank = naturals[0].rank
    if any(c.rank is not rank for c in naturals):
        return None
    if len({c.suit for c in naturals}) < len(naturals) or len(items) > rules.max_set_size:
        return None
    if any(t is not None and t is not rank for t in targets):
        return None
    ordered = sorted(naturals, key=_hand_key)
    wilds = [c for c, w in zip(items, wild) if w]
    flags = (False,) * len(ordered) + (True,) * len(wilds)
    return Group(GroupKind.SET, Cards([*ordered, *wilds]), flags, wild_rank, rank=rank)


def _why_not(
    items: list[AnyCard],
    targets: list[Target],
    wild: list[bool],
    rules: IndianRummyRules,
    wild_rank: Rank | None,
    kind: GroupKind | None,
) -> str:
    """Why ``items`` (with natural cards among them) make no group of ``kind``."""
    shown = " ".join(str(c) for c in items)
    size = len(items)
    naturals = [c for c, w in zip(items, wild) if not w and isinstance(c, Card)]
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    rank_notes = [(c, t) for c, t in zip(items, targets) if isinstance(t, Rank) or t == "*"]
    card_notes = [(c, t) for c, t in zip(items, targets) if isinstance(t, Card)]
    if kind is GroupKind.PURE_SEQUENCE:
        sequence = _read_sequence(items, targets, wild, rules, wild_rank)
        if sequence is not None:
            return f"{shown} is not a pure sequence: it needs {_impure_names(sequence, rules)}"
    as_set = kind is GroupKind.SET or (
        kind is None and len(ranks) == 1 and (len(naturals) >= 2 or bool(rank_notes))
    )
    if as_set:
        where = f"{shown} is not a set: "
        if len(ranks) > 1:
            ranks_text = " ".join(r.notation for r in sorted(ranks))
            return where + f"a set is of one rank, and these are {ranks_text}"
        rank = naturals[0].rank
        repeat = _repeat(naturals)
        if repeat is not None:
            return where + f"it has two {repeat}"
        if size > rules.max_set_size:
            return where + f"a set holds at most {rules.max_set_size} cards"
        for card, target in [*card_notes, *rank_notes]:
            if isinstance(target, Rank) and target is not rank:
                return (
                    where + f"the {card} cannot stand for a {target.word} in a set of {rank.plural}"
                )
            if target is not None:
                return (
                    where
                    + f"in a set a wild card stands for the rank (write {card}={rank.notation})"
                )
        return where + "its cards do not make a set"  # pragma: no cover - every case is above
    if len(suits) > 1:
        if len(ranks) > 1:
            return f"{shown} mixes suits and ranks: a sequence is all one suit, a set all one rank"
        symbols = " ".join(s.symbol for s in SUITS if s in suits)
        return f"{shown} is not a sequence: it mixes suits ({symbols})"
    where = f"{shown} is not a sequence: "
    suit = naturals[0].suit
    repeat = _repeat(naturals)
    if repeat is not None:
        return where + f"it has two {repeat}"
    if rank_notes:
        card = rank_notes[0][0]
        return where + f"in a sequence a wild card stands for a card, as in {card}=9{suit}"
    for card, target in card_notes:
        if isinstance(target, Card) and target.suit is not suit:
            return (
                where + f"the {card} cannot stand for the {target} in a sequence of {suit.plural}"
            )
    top = _top(rules)
    if size > top:
        return where + f"a sequence holds at most {top} cards"
    if _span(naturals, True)[0] > size and _turns_corner(naturals, size):
        return where + "a sequence does not turn the corner from king to ace to two"
    span, places = _span(naturals, rules.ace_high)
    if _span(naturals, True)[0] <= size < span:
        return where + "under these rules an ace is low only (A 2 3): a sequence ends at the king"
    if span > size:
        missing = [
            str(Card(rank_at(p), suit))
            for p in range(min(places), max(places) + 1)
            if p not in places
        ]
        what = f"the {_and(missing)} {'is' if len(missing) == 1 else 'are'} missing"
        return where + what + _stand_in_text(items, wild, wild_rank)
    notes = " ".join(f"{c}={t}" for c, t in card_notes)
    return where + f"the wild cards cannot stand where they are written ({notes})"


def _stand_in_text(items: list[AnyCard], wild: list[bool], wild_rank: Rank | None) -> str:
    """How many wild cards stand in, for a sequence with missing cards."""
    count = sum(wild)
    if not count:
        return (
            " and no joker stands in"
            if wild_rank is None
            else " and no joker or wild card stands in"
        )
    jokers = all(isinstance(c, Joker) for c, w in zip(items, wild) if w)
    noun = "joker" if jokers else "wild card"
    if count == 1:
        return f" and only one {noun} stands in"
    return f" and only {count} {noun}s stand in"


def _repeat(cards: Sequence[Card]) -> Card | None:
    """The first card whose face is repeated (two decks), if any."""
    seen: set[tuple[object, ...]] = set()
    for card in cards:
        if _face(card) in seen:
            return card
        seen.add(_face(card))
    return None


def _span(naturals: Sequence[Card], ace_high: bool) -> tuple[int, set[int]]:
    """The fewest places the cards of one suit cover in a sequence, and those places."""
    best: tuple[int, set[int]] | None = None
    aces = [c for c in naturals if c.rank is Rank.ACE]
    others = {low_place(c.rank) for c in naturals if c.rank is not Rank.ACE}
    for ace_place in place_options(Rank.ACE, ace_high) if aces else (0,):
        places = others | ({ace_place} if aces else set())
        span = max(places) - min(places) + 1
        if best is None or span < best[0]:
            best = (span, places)
    assert best is not None
    return best


def _turns_corner(naturals: Sequence[Card], size: int) -> bool:
    """Whether the cards would fit ``size`` places if a sequence could go K A 2."""
    cycle = [(low_place(c.rank) - 1) % 13 for c in naturals]
    return any(all((c - start) % 13 < size for c in cycle) for start in range(13))


def _impure_names(group: Group, rules: IndianRummyRules) -> str:
    """The wild cards that make a sequence impure, in words: "the joker", "the wild 5♦"."""
    cards = [
        c
        for i, c in enumerate(group.cards)
        if group.wild[i] or (not rules.wild_in_place_is_pure and _is_wild(c, group.wild_rank))
    ]
    jokers = sum(isinstance(c, Joker) for c in cards)
    words = ["the joker"] if jokers == 1 else ["the jokers"] if jokers else []
    words += [f"the wild {c}" for c in cards if not isinstance(c, Joker)]
    return _and(words) if words else "nothing wild"


# ---------------------------------------------------------------------------
# Declarations


@dataclass(frozen=True)
class DeclarationCheck:
    """Whether a declaration is right; if not, the first rule it breaks (``fault``).

    ``groups`` are the groups as read (when every one of them is a group).
    It is true when the declaration is right.
    """

    valid: bool
    fault: str = ""
    groups: tuple[Group, ...] = field(default=(), repr=False)

    def __bool__(self) -> bool:
        return self.valid


GroupsInput = str | Iterable[str | Group | Iterable[AnyCard]]


def _read_groups(groups: GroupsInput) -> list[tuple[list[AnyCard], list[str | None]]]:
    """Each group's cards and notes; text groups are read together (a second copy
    of a card is the second deck's)."""
    parts: list[str | Group | Iterable[AnyCard]]
    parts = list(groups.split("|")) if isinstance(groups, str) else list(groups)
    words = [[t for t in _SPLIT.split(p.strip()) if t] if isinstance(p, str) else [] for p in parts]
    split = [t.partition("=") for w in words for t in w]
    cards = parse_cards([card for card, _, _ in split], decks=_READ_COPIES)
    notes = [note if equals else None for _, equals, note in split]
    read: list[tuple[list[AnyCard], list[str | None]]] = []
    start = 0
    for part, tokens in zip(parts, words):
        if isinstance(part, str):
            if not tokens:
                raise NotationError(
                    "a declaration has an empty group (two '|' with no cards between)"
                )
            end = start + len(tokens)
            read.append((list(cards[start:end]), notes[start:end]))
            start = end
        elif isinstance(part, Group):
            stands = [part.stands_for(i) if part.wild[i] else None for i in range(len(part))]
            read.append((list(part.cards), stands))
        else:
            members: list[AnyCard] = list(part)
            read.append((members, [None] * len(members)))
    return read


def check_declaration(
    groups: GroupsInput,
    rules: IndianRummyRules = SOURCE_RULES,
    wild_rank: WildRank = None,
    hand: Iterable[AnyCard] | str | None = None,
) -> DeclarationCheck:
    """Whether ``groups`` are a right declaration, and if not the first rule broken.

    ``groups``: text (``"3s 4s 5s | 7h 7d 7c | …"``) or one entry per group
    (text, a :class:`Group` or cards).  With ``hand`` (the 13 cards declared)
    the groups must show those cards.  The rules, in the order they are
    checked: all 13 cards in groups; each card in the hand; no card shown
    more often than it is held (two decks hold two of each); each group a
    sequence or a set; a pure sequence; a second sequence.

    >>> check_declaration("3s 4s 5s | 7h 8h RJ | 9c 9d 9h | Qs Qh Qd").fault
    'a declaration shows all 13 cards in groups; these groups hold 12'
    >>> check_declaration("3s 4s 5s | 7h 8h 10h | 9c 9d 9h | Qs Qh Qd Qc").fault
    '7♥ 8♥ 10♥ is not a sequence: the 9♥ is missing and no joker stands in'
    >>> check_declaration("3s 4s 5s | 7h 7d 7c | 9c 9d 9h | Qs Qh Qd Qc").fault
    'only one sequence: a declaration needs two, one of them pure'
    """
    rank = _as_rank(wild_rank)
    parts = _read_groups(groups)
    shown = [c for cards, _ in parts for c in cards]
    held = None if hand is None else _hand_cards(hand, limit=None)
    if len(shown) != HAND_SIZE:
        fault = (
            f"a declaration shows all {HAND_SIZE} cards in groups; these groups hold {len(shown)}"
        )
        if held is not None:
            missing = Counter(map(_face, held)) - Counter(map(_face, shown))
            left = []
            for card in held:
                if missing[_face(card)] > 0:
                    left.append(str(card))
                    missing[_face(card)] -= 1
            if left and len(shown) < HAND_SIZE:
                fault += f": the {_and(left)} {'is' if len(left) == 1 else 'are'} left out"
        return DeclarationCheck(False, fault)
    shown_count = Counter(map(_face, shown))
    if held is not None:
        held_count = Counter(map(_face, held))
        for card in shown:
            if not held_count[_face(card)]:
                return DeclarationCheck(False, f"the {card} is not in the hand")
        for card in shown:
            times, has = shown_count[_face(card)], held_count[_face(card)]
            if times > has:
                holds = "one" if has == 1 else str(has)
                return DeclarationCheck(
                    False, f"the {card} is shown {_times(times)}, and the hand holds {holds}"
                )
    else:
        for card in shown:
            times = shown_count[_face(card)]
            if times > 2:
                return DeclarationCheck(
                    False, f"the {card} is shown {_times(times)}; two decks hold only two"
                )
    read: list[Group] = []
    for cards, notes in parts:
        targets = [_target(c, note, rank) for c, note in zip(cards, notes)]
        found = _read(cards, targets, rules, rank, None)
        if isinstance(found, str):
            return DeclarationCheck(False, found)
        read.append(found)
    sequences = [g for g in read if g.is_sequence]
    fault = ""
    if not any(g.is_pure for g in read):
        if not sequences:
            fault = "no sequence: a declaration needs two, one of them pure"
        else:
            first = sequences[0]
            fault = (
                f"no pure sequence: the {first.cards} sequence needs {_impure_names(first, rules)}"
            )
    elif len(sequences) < 2:
        fault = "only one sequence: a declaration needs two, one of them pure"
    return DeclarationCheck(not fault, fault, tuple(read))


def verify_declaration(
    groups: GroupsInput,
    rules: IndianRummyRules = SOURCE_RULES,
    wild_rank: WildRank = None,
    hand: Iterable[AnyCard] | str | None = None,
) -> tuple[Group, ...]:
    """The groups of a right declaration; :class:`DeclarationError` (the first fault) otherwise.

    >>> verify_declaration("3s 4s 5s | 7h 8h RJ | 9c 9d 9h | Qs Qh Qd")
    Traceback (most recent call last):
    ...
    rules_lib.indian_rummy.groups.DeclarationError: a declaration shows all 13 cards in groups; these groups hold 12
    """
    check = check_declaration(groups, rules, wild_rank, hand)
    if not check.valid:
        raise DeclarationError(check.fault)
    return check.groups


# ---------------------------------------------------------------------------
# A grouping of a hand


@dataclass(frozen=True)
class Grouping:
    """A hand laid out in groups: the groups, the cards left ungrouped, the points
    the hand counts, and (for 14 cards) the card discarded first.

    ``points`` follow the rules' count: with two sequences, one of them pure,
    the ungrouped cards' points; without, ``rules.lacking_sequences``; at most
    ``rules.max_points``.
    """

    groups: tuple[Group, ...]
    ungrouped: Cards
    points: int
    discard: AnyCard | None = None

    @property
    def cards(self) -> Cards:
        """The cards grouped and ungrouped (not the discard)."""
        return Cards([*(c for g in self.groups for c in g.cards), *self.ungrouped])

    @property
    def sequences(self) -> int:
        """How many of the groups count as sequences (pure or not)."""
        return sum(g.is_sequence for g in self.groups)

    @property
    def has_pure(self) -> bool:
        """Whether a group is a pure sequence."""
        return any(g.is_pure for g in self.groups)

    @property
    def has_sequences(self) -> bool:
        """Whether it has the two sequences, one of them pure, that make the ungrouped cards count alone."""
        return self.has_pure and self.sequences >= 2

    @property
    def is_declaration(self) -> bool:
        """Whether it is a right declaration: 13 cards, all in groups, two sequences, one pure."""
        return not self.ungrouped and self.has_sequences and len(self.cards) == HAND_SIZE

    def __str__(self) -> str:
        parts = [f"[{g}]" for g in self.groups]
        if self.ungrouped:
            parts.append(f"left: {self.ungrouped}")
        text = " ".join(parts or ["no cards"])
        text += f" — {self.points} point{'' if self.points == 1 else 's'}"
        return text + (f"; discard {self.discard}" if self.discard is not None else "")


def _hand_cards(hand: Iterable[AnyCard] | str, limit: int | None = HAND_SIZE + 1) -> list[AnyCard]:
    cards = list(parse_cards(hand, decks=2)) if isinstance(hand, str) else list(hand)
    if limit is not None and len(cards) > limit:
        raise CardCountError(
            f"a hand holds {HAND_SIZE} cards, or {HAND_SIZE + 1} after drawing, not {len(cards)}"
        )
    return cards


# ---------------------------------------------------------------------------
# The fast, exact search

_SCALE = 32  # cost = points * _SCALE + cards left ungrouped (at most 14)
_INF = 1 << 40
_SEQ = 1  # a sequence is still needed
_DISC = 2  # a natural card is still to be discarded


@dataclass(frozen=True)
class _Pure:
    """A candidate pure sequence: its natural cards (bitmask), the wild cards in
    their own place in it, and its points."""

    mask: int
    in_place: tuple[AnyCard, ...]
    points: int


@dataclass(frozen=True)
class _Met:
    """The best grouping with the sequences: its pure sequence, then the search
    state of the other cards (and whether a wild card is discarded)."""

    pure: _Pure
    mask: int
    wild: int
    flags: int
    wild_discard: bool


@dataclass(frozen=True)
class _Lacking:
    """The best count without the sequences: the pure sequence kept (under "pure
    kept"), the discard (a natural card's index or ``"wild"``), the points spared."""

    pure: _Pure | None
    discard: int | str | None
    spared: int


class _Search:
    """The exact search over one hand (see the module's docstring)."""

    def __init__(self, cards: Sequence[AnyCard], rules: IndianRummyRules, wild_rank: Rank | None):
        self.rules = rules
        self.wild_rank = wild_rank
        self.fourteen = len(cards) > HAND_SIZE
        self.naturals: list[Card] = sorted(
            (c for c in cards if isinstance(c, Card) and c.rank is not wild_rank),
            key=lambda c: (low_place(c.rank), SUITS.index(c.suit), c.deck),
        )
        self.wilds = [c for c in cards if _is_wild(c, wild_rank)]
        n = len(self.naturals)
        self.points = [rules.points(c, wild_rank) for c in self.naturals]
        values = [p * _SCALE + 1 for p in self.points]
        self.values = values
        keys = tuple((low_place(c.rank), SUITS.index(c.suit)) for c in self.naturals)
        n_wild = len(self.wilds)
        by_low: list[list[tuple[int, int, bool]]] = [[] for _ in range(n)]
        for mask, (need, is_sequence) in self._cores(keys, n_wild).items():
            by_low[(mask & -mask).bit_length() - 1].append((mask, need, is_sequence))
        for options in by_low:
            options.sort(key=lambda o: (-sum(values[j] for j in range(n) if o[0] >> j & 1), o[1]))
        self.by_low = by_low
        # An ungrouped card takes its twin (the other deck's copy) with it: were
        # the twin grouped, the same group could hold this card instead.
        twins = [0] * n
        for i in range(n):
            j = i
            while j < n and keys[j] == keys[i]:
                twins[i] |= 1 << j
                j += 1
        self.twins = twins
        self.memo: dict[int, int] = {}

    def _cores(self, keys: tuple[tuple[int, int], ...], n_wild: int) -> dict[int, tuple[int, bool]]:
        """Candidate groups: bitmask of natural cards -> (wild cards needed, is a sequence).

        Sets: 2 to 4 natural cards of one rank and different suits (at most
        ``max_set_size``).  One natural card with two wild cards is always a
        sequence.  Sequences: :func:`rules_lib.rummy.run_cores`.
        """
        cores: dict[int, tuple[int, bool]] = {}
        by_rank: dict[int, list[int]] = {}
        for i, (place, _suit) in enumerate(keys):
            by_rank.setdefault(place, []).append(i)
        most = min(4, self.rules.max_set_size)
        for members in by_rank.values():
            for k in range(2, min(most, len(members)) + 1):
                need = max(0, 3 - k)
                if need > n_wild:
                    continue
                for combo in combinations(members, k):
                    if len({keys[i][1] for i in combo}) == k:
                        cores[sum(1 << i for i in combo)] = (need, False)
        if n_wild >= 2:
            for i in range(len(keys)):
                cores[1 << i] = (2, True)
        for mask, need in run_cores(keys, n_wild, self.rules.ace_high).items():
            cores[mask] = (need, True)
        return cores

    def go(self, mask: int, w: int, flags: int) -> int:
        """The least cost of the natural cards ``mask`` with ``w`` wild cards (see ``_SEQ``, ``_DISC``)."""
        if not mask:
            if flags & _DISC:
                return _INF
            if flags & _SEQ and not (self.rules.all_wild_groups and w >= 3):
                return _INF
            return 0
        count = mask.bit_count()
        if flags & _DISC:
            if count >= 2 and w >= 2 * (count - 1):
                return 0
        elif w >= 2 * count:
            return 0
        key = mask << 7 | w << 2 | flags
        known = self.memo.get(key)
        if known is not None:
            return known
        low = mask & -mask
        i = low.bit_length() - 1
        here = self.twins[i] & mask
        cost = self.values[i] if here == low else self._value(here)
        best = cost + self.go(mask & ~here, w, flags)
        if best and flags & _DISC:
            best = min(best, self.go(mask ^ low, w, flags ^ _DISC))
        if best:
            for core, need, is_sequence in self.by_low[i]:
                if need <= w and core & mask == core:
                    cost = self.go(mask ^ core, w - need, flags & ~_SEQ if is_sequence else flags)
                    if cost < best:
                        best = cost
                        if not best:
                            break
        self.memo[key] = best
        return best

    def _value(self, mask: int) -> int:
        return sum(v for j, v in enumerate(self.values) if mask >> j & 1)

    def pure_sequences(self) -> list[_Pure]:
        """Every pure sequence of 3 to 5 cards the hand holds (one copy of each card)."""
        rules, wild_rank = self.rules, self.wild_rank
        first: dict[tuple[int, int], int] = {}
        for i, natural in enumerate(self.naturals):
            first.setdefault((low_place(natural.rank), SUITS.index(natural.suit)), i)
        in_place: dict[tuple[object, ...], AnyCard] = {}
        if rules.wild_in_place_is_pure:
            for wild in self.wilds:
                if isinstance(wild, Card):
                    in_place.setdefault(_face(wild), wild)
        top = _top(rules)
        found: list[_Pure] = []
        for s, suit in enumerate(SUITS):
            slot: list[tuple[int, AnyCard | None] | None] = [None] * (top + 1)
            for place in range(1, top + 1):
                rank = rank_at(place)
                if rank is wild_rank:
                    own = in_place.get((rank, suit))
                    slot[place] = None if own is None else (-1, own)
                else:
                    index = first.get((low_place(rank), s))
                    slot[place] = None if index is None else (index, None)
            for start in range(1, top - 1):
                mask, points = 0, 0
                wilds: list[AnyCard] = []
                for place in range(start, min(start + 5, top + 1)):
                    here = slot[place]
                    if here is None:
                        break
                    i, card = here
                    if card is None:
                        mask |= 1 << i
                        points += self.points[i]
                    else:
                        wilds.append(card)
                    if place - start >= 2:
                        found.append(_Pure(mask, tuple(wilds), points))
        return found

    def solve(self) -> tuple[int, _Met | None, _Lacking | None]:
        """The points before the cap, and how the best grouping is found: with the
        sequences (:class:`_Met`), or without them (:class:`_Lacking`)."""
        n, n_wild = len(self.naturals), len(self.wilds)
        full = (1 << n) - 1
        pures = self.pure_sequences()
        best, met = _INF, None
        for pure in pures:
            mask, w = full ^ pure.mask, n_wild - len(pure.in_place)
            flags = _SEQ | _DISC if self.fourteen else _SEQ
            cost = self.go(mask, w, flags)
            if cost < best:
                best, met = cost, _Met(pure, mask, w, flags, False)
            if self.fourteen and w and best:  # discard a wild card instead
                cost = self.go(mask, w - 1, _SEQ)
                if cost < best:
                    best, met = cost, _Met(pure, mask, w - 1, _SEQ, True)
            if not best:
                break
        total = sum(self.points)
        lacking = self._lacking(pures)
        if met is not None and best // _SCALE <= total - lacking.spared:
            return best // _SCALE, met, None
        return total - lacking.spared, None, lacking

    def _lacking(self, pures: list[_Pure]) -> _Lacking:
        """Without the sequences: the pure sequence (under "pure kept") and the discard
        (14 cards) that spare the most points."""
        options: list[_Pure | None] = [None]
        if self.rules.lacking_sequences == "pure kept":
            options += pures
        best: _Lacking | None = None
        for pure in options:
            spared = pure.points if pure is not None else 0
            discard: int | str | None = None
            if self.fourteen:
                taken = pure.mask if pure is not None else 0
                free = [i for i in range(len(self.naturals)) if not taken >> i & 1]
                costliest = max(free, key=lambda i: (self.points[i], -i)) if free else None
                spare_wild = len(self.wilds) > (len(pure.in_place) if pure is not None else 0)
                if costliest is not None and (self.points[costliest] or not spare_wild):
                    discard = costliest
                    spared += self.points[costliest]
                else:
                    discard = "wild"
            if best is None or spared > best.spared:
                best = _Lacking(pure, discard, spared)
        assert best is not None
        return best

    # -- laying the groups out

    def grouping(self) -> Grouping:
        """The best grouping of the hand."""
        points, met, lacking = self.solve()
        if met is not None:
            plan = self.plan(met.mask, met.wild, met.flags)
            return self.lay_out(met.pure, plan, met.wild_discard, points, meets=True)
        assert lacking is not None
        # Among the discards that spare as many points, the one whose other cards group best.
        n, n_wild = len(self.naturals), len(self.wilds)
        pure = lacking.pure
        best: tuple[int, int | str | None, int, int] | None = None
        for discard in self._discards_like(lacking):
            taken = pure.mask if pure is not None else 0
            if isinstance(discard, int):
                taken |= 1 << discard
            w = n_wild - (len(pure.in_place) if pure is not None else 0) - (discard == "wild")
            cost = self.go(((1 << n) - 1) ^ taken, w, 0)
            if best is None or cost < best[0]:
                best = (cost, discard, taken, w)
        assert best is not None
        _cost, discard, taken, w = best
        cores, _none, _all_wild, ungrouped = self.plan(((1 << n) - 1) ^ taken, w, 0)
        natural = discard if isinstance(discard, int) else None
        plan = (cores, natural, False, ungrouped)
        return self.lay_out(pure, plan, discard == "wild", points, meets=False)

    def _discards_like(self, lacking: _Lacking) -> list[int | str | None]:
        """The discards that spare as many points as ``lacking.discard`` (one per face)."""
        if not isinstance(lacking.discard, int):
            return [lacking.discard]
        taken = lacking.pure.mask if lacking.pure is not None else 0
        most = self.points[lacking.discard]
        seen: set[tuple[int, int]] = set()
        options: list[int | str | None] = []
        for i, card in enumerate(self.naturals):
            key = (low_place(card.rank), SUITS.index(card.suit))
            if not taken >> i & 1 and self.points[i] == most and key not in seen:
                seen.add(key)
                options.append(i)
        return options

    def plan(
        self, mask: int, w: int, flags: int
    ) -> tuple[list[tuple[int, int, bool]], int | None, bool, int]:
        """The cores of a best grouping of ``mask`` (as :meth:`go` found it): the cores
        (bitmask, wild cards needed, is a sequence), the natural card discarded, whether
        a group of wild cards only is the sequence needed, and the ungrouped cards."""
        cores: list[tuple[int, int, bool]] = []
        discard: int | None = None
        ungrouped = 0
        while mask:
            count = mask.bit_count()
            if (flags & _DISC and count >= 2 and w >= 2 * (count - 1)) or (
                not flags & _DISC and w >= 2 * count
            ):
                if flags & _DISC:
                    discard = max(_bits(mask), key=lambda j: (self.points[j], j))
                    mask ^= 1 << discard
                    flags ^= _DISC
                cores += [(1 << j, 2, True) for j in _bits(mask)]
                return cores, discard, False, ungrouped
            target = self.go(mask, w, flags)
            low = mask & -mask
            i = low.bit_length() - 1
            here = self.twins[i] & mask
            if self._value(here) + self.go(mask & ~here, w, flags) == target:
                ungrouped |= here
                mask &= ~here
                continue
            if flags & _DISC and self.go(mask ^ low, w, flags ^ _DISC) == target:
                discard, mask, flags = i, mask ^ low, flags ^ _DISC
                continue
            for core, need, is_sequence in self.by_low[i]:
                after = flags & ~_SEQ if is_sequence else flags
                if (
                    need <= w
                    and core & mask == core
                    and self.go(mask ^ core, w - need, after) == target
                ):
                    cores.append((core, need, is_sequence))
                    mask, w, flags = mask ^ core, w - need, after
                    break
            else:  # pragma: no cover - a bug guard
                raise AssertionError("the grouping search cannot retrace its best grouping")
        return cores, discard, bool(flags & _SEQ), ungrouped

    def lay_out(
        self,
        pure: _Pure | None,
        plan: tuple[list[tuple[int, int, bool]], int | None, bool, int],
        wild_discard: bool,
        points: int,
        *,
        meets: bool,
    ) -> Grouping:
        """Groups from the pure sequence and the cores, with their wild cards."""
        rules, wild_rank = self.rules, self.wild_rank
        cores, natural_discard, all_wild, ungrouped_mask = plan
        used = {id(c) for c in pure.in_place} if pure is not None else set()
        pool = [c for c in self.wilds if id(c) not in used]
        discard: AnyCard | None = None
        if natural_discard is not None:
            discard = self.naturals[natural_discard]
        elif wild_discard:  # a card of the wild rank rather than a printed joker
            discard = next((c for c in reversed(pool) if isinstance(c, Card)), pool[-1])
            pool.remove(discard)
        members: list[list[AnyCard]] = []
        sequences: list[bool] = []
        if pure is not None:
            members.append([*(self.naturals[j] for j in _bits(pure.mask)), *pure.in_place])
            sequences.append(True)
        for core, need, is_sequence in cores:
            cards: list[AnyCard] = [self.naturals[j] for j in _bits(core)]
            suit = cards[0].suit  # type: ignore[union-attr]
            # a wild card of the core's suit may stand in its own place
            pool.sort(key=lambda c: not (is_sequence and isinstance(c, Card) and c.suit is suit))
            cards += pool[:need]
            del pool[:need]
            members.append(cards)
            sequences.append(is_sequence)
        if all_wild:
            members.append(pool[:])
            sequences.append(True)
            pool.clear()
        first_other = 1 if pure is not None else 0
        for k in sorted(range(first_other, len(members)), key=lambda k: not sequences[k]):
            room = (_top(rules) if sequences[k] else rules.max_set_size) - len(members[k])
            take = min(room, len(pool))
            members[k] += pool[:take]
            del pool[:take]
        if len(pool) >= 3 and rules.all_wild_groups:
            members.append(pool[:])
            sequences.append(True)
            pool.clear()
        if meets and pool:  # pragma: no cover - a bug guard
            raise AssertionError(f"wild cards left over in a grouping with its sequences: {pool}")
        groups = [classify(cards, rules, wild_rank) for cards in members]
        if pure is not None and not groups[0].is_pure:  # pragma: no cover - a bug guard
            raise AssertionError(f"{groups[0]} was chosen as a pure sequence")
        groups.sort(key=_group_order)
        loose = [self.naturals[j] for j in _bits(ungrouped_mask)] + pool
        grouping = Grouping(
            tuple(groups),
            Cards(sorted(loose, key=_hand_key)),
            min(points, rules.max_points),
            discard,
        )
        if grouping.has_sequences != meets:  # pragma: no cover - a bug guard
            raise AssertionError(f"the grouping {grouping} does not have the sequences it should")
        return grouping


def _bits(mask: int) -> list[int]:
    return [j for j in range(mask.bit_length()) if mask >> j & 1]


def _group_order(group: Group) -> tuple[int, tuple[int, int, int]]:
    order = {GroupKind.PURE_SEQUENCE: 0, GroupKind.SEQUENCE: 1, GroupKind.SET: 2}[group.kind]
    naturals = [c for i, c in enumerate(group.cards) if not group.wild[i]]
    return order, _hand_key(naturals[0] if naturals else group.cards[0])


def best_grouping(
    hand: Iterable[AnyCard] | str,
    rules: IndianRummyRules = SOURCE_RULES,
    wild_rank: WildRank = None,
) -> Grouping:
    """A grouping of ``hand`` with the fewest points (exact), as the loser's count takes it.

    A hand of 13 cards (or fewer) is grouped whole.  A hand of 14 (a player
    who has drawn) is grouped after discarding one card: the card whose
    discard leaves the fewest points, returned as ``discard``.  Among
    groupings of equal points it is one that leaves the fewest cards
    ungrouped: a declaration when the hand has one.  The cards in the
    grouping are the hand's own objects.

    >>> grouping = best_grouping("As 2s 3s 5h 6h 7h 8h 9d 10d BJ Kc Kd Kh")
    >>> print(grouping)
    [A♠ 2♠ 3♠] [5♥ 6♥ 7♥ 8♥] [9♦ 10♦ BJ=J♦] [K♥ K♦ K♣] — 0 points
    >>> grouping.is_declaration, grouping.sequences, grouping.has_pure
    (True, 3, True)
    >>> print(best_grouping("4h 5h RJ 7c 7d 7s 9s 10s Qs Jd Qd Ad 2c"))  # no pure sequence: 91, at most 80
    [J♦ Q♦ RJ=K♦ A♦] [7♠ 7♦ 7♣] left: 9♠ 10♠ Q♠ 4♥ 5♥ 2♣ — 80 points
    """
    rank = _as_rank(wild_rank)
    return _Search(_hand_cards(hand), rules, rank).grouping()


def hand_points(
    hand: Iterable[AnyCard] | str,
    rules: IndianRummyRules = SOURCE_RULES,
    wild_rank: WildRank = None,
) -> int:
    """The points ``hand`` counts (what :func:`best_grouping` reports, without laying it out).

    >>> hand_points("As 2s 3s 5h 6h 7h 9d 10d BJ Kc Kd Qc 4c")  # 9♦ 10♦ 4♣ Q♣ left
    33
    >>> hand_points("As 2s 3s Kd")  # one sequence only: every card counts
    25
    """
    rank = _as_rank(wild_rank)
    points, _how, _lacking = _Search(_hand_cards(hand), rules, rank).solve()
    return min(points, rules.max_points)


# ---------------------------------------------------------------------------
# The slow oracle


def _oracle_kind(
    cards: Sequence[AnyCard], rules: IndianRummyRules, wild_rank: Rank | None
) -> GroupKind | None:
    """The best kind of group ``cards`` make, straight from the rules (``None``: none)."""
    size = len(cards)
    top = _top(rules)
    if size < 3:
        return None
    jokers = [c for c in cards if isinstance(c, Joker)]
    in_rank = [c for c in cards if isinstance(c, Card) and c.rank is wild_rank]
    naturals = [c for c in cards if isinstance(c, Card) and c.rank is not wild_rank]
    if not naturals:
        return GroupKind.SEQUENCE if rules.all_wild_groups and size <= top else None
    have: Counter[tuple[object, ...]] = Counter(map(_face, naturals))
    found = None
    if len({c.suit for c in naturals}) == 1 and size <= top:
        suit = naturals[0].suit
        for low in range(1, top - size + 2):
            wanted: Counter[tuple[object, ...]] = Counter(
                (rank_at(p), suit) for p in range(low, low + size)
            )
            if any(have[face] > wanted[face] for face in have):
                continue
            found = GroupKind.SEQUENCE
            in_place = rules.wild_in_place_is_pure or not in_rank
            if not jokers and in_place and have + Counter(map(_face, in_rank)) == wanted:
                return GroupKind.PURE_SEQUENCE
    if found is not None:
        return found
    one_rank = len({c.rank for c in naturals}) == 1
    if one_rank and len({c.suit for c in naturals}) == len(naturals) and size <= rules.max_set_size:
        return GroupKind.SET
    return None


def brute_force_grouping(
    hand: Iterable[AnyCard] | str,
    rules: IndianRummyRules = SOURCE_RULES,
    wild_rank: WildRank = None,
) -> Grouping:
    """A grouping with the fewest points, by trying every way to group the hand.

    Obviously correct and slow: it lists every set of cards of the hand that
    is a group (straight from the rules), then tries every partition into
    such groups, the lowest card first (ungrouped, or in each group that
    holds it), for every discard of a 14-card hand; for tests and benchmarks.

    >>> brute_force_grouping("As 2s 3s 5h 6h 7h 9d 10d BJ Kc Kd Qc 4c").points
    33
    """
    rank = _as_rank(wild_rank)
    cards = _hand_cards(hand)
    size = len(cards)
    found: list[tuple[int, GroupKind]] = []

    def extend(start: int, members: list[int], ranks: set[Rank], suits: set[Suit]) -> None:
        if len(members) >= 3:
            kind = _oracle_kind([cards[j] for j in members], rules, rank)
            if kind is not None:
                found.append((sum(1 << j for j in members), kind))
        for j in range(start, size):
            card = cards[j]
            if isinstance(card, Card) and card.rank is not rank:
                more_ranks, more_suits = ranks | {card.rank}, suits | {card.suit}
                if len(more_ranks) > 1 and len(more_suits) > 1:
                    continue  # neither one rank nor one suit: no larger group either
                if any(_face(cards[m]) == _face(card) for m in members):
                    continue  # a card twice: no larger group either
                extend(j + 1, [*members, j], more_ranks, more_suits)
            else:
                extend(j + 1, [*members, j], ranks, suits)

    extend(0, [], set(), set())
    return _oracle(cards, found, rules, rank)


def _oracle(
    cards: list[AnyCard],
    found: list[tuple[int, GroupKind]],
    rules: IndianRummyRules,
    rank: Rank | None,
) -> Grouping:
    """The best grouping of ``cards`` by trying every partition into the groups ``found``."""
    size = len(cards)
    owe = size > HAND_SIZE  # a card to discard
    points = [rules.points(c, rank) for c in cards]
    by_low: list[list[tuple[int, GroupKind]]] = [[] for _ in range(size)]
    for mask, kind in found:
        by_low[(mask & -mask).bit_length() - 1].append((mask, kind))
    memo: dict[tuple[int, int, bool, bool], tuple[int, int, int]] = {}
    none = (_INF, _INF, 0)
    ungroup, discard = -1, -2

    def best(mask: int, need: int, pure: bool, owe: bool) -> tuple[int, int, int]:
        """(points, cards) left ungrouped at best, with ``need`` sequences, a pure one
        (``pure``) and a discard (``owe``) still to find; and the lowest card's fate."""
        if not mask:
            return (0, 0, ungroup) if not need and not pure and not owe else none
        key = (mask, need, pure, owe)
        if key in memo:
            return memo[key]
        i = (mask & -mask).bit_length() - 1
        rest = best(mask & ~(1 << i), need, pure, owe)
        answer = (rest[0] + points[i], rest[1] + 1, ungroup) if rest[0] < _INF else none
        if owe:
            rest = best(mask & ~(1 << i), need, pure, False)
            if rest[:2] < answer[:2]:
                answer = (rest[0], rest[1], discard)
        for group, kind in by_low[i]:
            if group & mask == group:
                rest = best(
                    mask ^ group,
                    max(0, need - kind.is_sequence),
                    pure and kind is not GroupKind.PURE_SEQUENCE,
                    owe,
                )
                if rest[:2] < answer[:2]:
                    answer = (rest[0], rest[1], group)
        memo[key] = answer
        return answer

    full = (1 << size) - 1
    total = sum(points)
    # Without the sequences every card counts but the discard (the costliest), and
    # under "pure kept" but a pure sequence's.
    spared, kept, dropped = -1, 0, 0
    pures = [g for g, kind in found if kind is GroupKind.PURE_SEQUENCE]
    for sequence in [0, *pures] if rules.lacking_sequences == "pure kept" else [0]:
        for d in range(size) if owe else [-1]:
            if d >= 0 and sequence >> d & 1:
                continue
            here = sum(points[j] for j in _bits(sequence)) + (points[d] if d >= 0 else 0)
            if here > spared:
                spared, kept, dropped = here, sequence, (1 << d if d >= 0 else 0)
    met = best(full, 2, True, owe)
    meets = met[0] < _INF and met[0] <= total - spared
    groups: list[Group] = []
    loose: list[AnyCard] = []
    thrown: AnyCard | None = None
    if meets:
        mask, need, pure = full, 2, True
    else:  # the pure sequence kept, then the others grouped as best they can
        if kept:
            groups.append(classify([cards[j] for j in _bits(kept)], rules, rank))
        if dropped:
            thrown = cards[dropped.bit_length() - 1]
        mask, need, pure, owe = full & ~kept & ~dropped, 0, False, False
    while mask:
        choice = best(mask, need, pure, owe)[2]
        i = (mask & -mask).bit_length() - 1
        if choice == ungroup:
            loose.append(cards[i])
            mask &= ~(1 << i)
        elif choice == discard:
            thrown = cards[i]
            mask, owe = mask & ~(1 << i), False
        else:
            group = classify([cards[j] for j in _bits(choice)], rules, rank)
            groups.append(group)
            need, pure = max(0, need - group.is_sequence), pure and not group.is_pure
            mask ^= choice
    score = met[0] if meets else total - spared
    return Grouping(
        tuple(sorted(groups, key=_group_order)),
        Cards(sorted(loose, key=_hand_key)),
        min(score, rules.max_points),
        thrown,
    )
