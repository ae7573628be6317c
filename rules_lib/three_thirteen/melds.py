"""Melds of Three-Thirteen and the minimum-penalty melder (docs/GAMES.md §4).

A **set** is three or more cards of one rank; a **run** three or more
consecutive cards of one suit.  Wild cards (the round's wild rank, and
jokers when the rules add them) stand for any card.  A :class:`Meld` records
which cards stand as wild and for what; it prints the way a player would
write it, and reads back:

>>> meld = Meld.parse("5♠ 6♠ 3♥=7♠ 8♠")
>>> meld.kind, [str(card) for card, _ in meld.stand_ins], meld.stands_for(2)
(<MeldKind.RUN: 'run'>, ['3♥'], '7♠')
>>> make_meld(parse_cards("9h 9d 3c"), wild_rank=3)
Meld.parse('9♥ 9♦ 3♣=9')

:func:`best_melds` finds an arrangement of a hand with the **minimum**
penalty (the sum of the cards left unmelded):

>>> result = best_melds("5s 6s 7s 8s 9h 9d 3c Kd", wild_rank=3)
>>> [str(m) for m in result.melds], str(result.leftover), result.penalty
(['5♠ 6♠ 7♠ 8♠', '9♥ 9♦ 3♣=9'], 'K♦', 10)

How it stays fast (the idea, in a few lines).  Wild cards are interchangeable,
so the search handles them as a *count*.  It lists the candidate *cores* —
the natural cards of a meld — with the number of wild cards each needs (a
set of k naturals needs ``3 - k``; a run needs its gaps filled and at least
3 places), then searches the hand as a bitmask: the lowest card left is
either unmelded or in one of the cores that contain it, and results are
memoised on (cards left, wild cards left).  Sets of 6+ and runs of 6+
naturals are never needed as cores: they split into two melds of 3+ that use
no more wild cards.  Wild cards left over join any meld (a set takes any
number; a run can grow up to 13 places), so they cost nothing once one meld
exists.  (In the one case where they cannot — 14 cards, 9 of them wild, all
the naturals in one long run — the run is split in two, which holds them.)
:func:`brute_force_melds` is the slow, obviously correct oracle the tests
compare against: it tries every subset of the hand as a meld.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import combinations, pairwise, product

from ..cards import SUITS, AnyCard, Card, Cards, Joker, Rank, Suit, parse_cards
from ..errors import IllegalActionError, NotationError, RulesError
from ..rummy import low_place, place_options, rank_at, run_cores
from .rules import ThreeThirteenRules

__all__ = [
    "InvalidMeldError",
    "Meld",
    "MeldKind",
    "MeldResult",
    "best_melds",
    "brute_force_melds",
    "hand_penalty",
    "is_meld",
    "is_wild",
    "make_meld",
    "meld_problem",
]

SOURCE_RULES = ThreeThirteenRules()
# Reading a meld as written: aces may be high, melds may be all wild.
_PERMISSIVE = ThreeThirteenRules(ace_high=True, all_wild_melds=True)
# Copies of one card a hand given as text may hold (two decks, or more for big tables).
_MAX_COPIES = 4

WildRank = Rank | int | str | None


class InvalidMeldError(IllegalActionError):
    """Cards that do not form a set or a run (the message says why)."""


class MeldKind(StrEnum):
    """A set (one rank) or a run (one suit, consecutive ranks)."""

    SET = "set"
    RUN = "run"


def as_wild_rank(wild_rank: WildRank) -> Rank | None:
    """Read a wild rank given as a :class:`Rank`, a number (3..13) or text (``"J"``).

    >>> as_wild_rank(11), as_wild_rank("q"), as_wild_rank(None)
    (<Rank.JACK: 11>, <Rank.QUEEN: 12>, None)
    """
    if wild_rank is None or isinstance(wild_rank, Rank):
        return wild_rank
    if isinstance(wild_rank, int) and not isinstance(wild_rank, bool):
        if 2 <= wild_rank <= 14:
            return Rank(wild_rank)
    elif isinstance(wild_rank, str):
        text = wild_rank.strip().upper()
        for rank in Rank:
            if text in (rank.notation, rank.name, rank.word.upper(), rank.plural.upper()):
                return rank
    raise NotationError(f"cannot read the wild rank {wild_rank!r} (use 3-10, J, Q, K, or None)")


def is_wild(card: AnyCard, wild_rank: WildRank) -> bool:
    """Whether ``card`` is wild: a joker, or a card of the wild rank.

    >>> is_wild(Card.parse("3h"), 3), is_wild(Card.parse("4h"), 3), is_wild(parse_cards("RJ")[0], None)
    (True, False, True)
    """
    return isinstance(card, Joker) or card.rank == as_wild_rank(wild_rank)


# Places of ranks in a run, shared with Indian Rummy (see :mod:`rules_lib.rummy`).
_positions = place_options
_rank_at = rank_at
_low_position = low_place


def _display_key(card: AnyCard) -> tuple[int, int, int]:
    if isinstance(card, Joker):
        return (20, 0 if card.color.value == "red" else 1, card.deck)
    return (_low_position(card.rank), SUITS.index(card.suit), card.deck)


# ---------------------------------------------------------------------------
# The meld value type


@dataclass(frozen=True)
class Meld:
    """A set or a run, with the cards that stand as wild.

    * ``cards``: a run from its low end to its high end, each wild card at the
      place it stands for; a set's natural cards first, then its wild cards.
    * ``wild``: for each card, whether it is used as a wild card.
    * ``rank``: a set's rank (``None`` for a meld of wild cards only).
    * ``suit``, ``low``: a run's suit and the place of its first card
      (1 = ace low, 2..13, 14 = ace high).

    ``str`` writes each wild card with what it stands for (``3♥=7♠`` in a run,
    ``3♥=9`` in a set, ``3♥=*`` in a meld of wild cards only).

    >>> Meld.parse("Q♠ K♠ A♠").low, Meld.parse("A♠ 2♠ 3♠").low
    (12, 1)
    >>> Meld.parse("Q♠ K♠ A♠").check(ThreeThirteenRules())
    Traceback (most recent call last):
    ...
    rules_lib.three_thirteen.melds.InvalidMeldError: Q♠ K♠ A♠ is not a meld: aces are low only under these rules, so a run ends at the king
    """

    kind: MeldKind
    cards: Cards
    wild: tuple[bool, ...]
    rank: Rank | None = None
    suit: Suit | None = None
    low: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.cards, Cards):
            object.__setattr__(self, "cards", Cards(self.cards))
        if len(self.wild) != len(self.cards):
            raise NotationError(
                f"a meld of {len(self.cards)} cards needs {len(self.cards)} wild flags, not {len(self.wild)}"
            )

    @property
    def naturals(self) -> Cards:
        """The cards that count as themselves."""
        return Cards(c for c, w in zip(self.cards, self.wild) if not w)

    @property
    def wilds(self) -> Cards:
        """The cards used as wild cards."""
        return Cards(c for c, w in zip(self.cards, self.wild) if w)

    def stands_for(self, index: int) -> str:
        """What the card at ``index`` is: itself, or (if wild) the card or rank it stands for."""
        if not self.wild[index]:
            return str(self.cards[index])
        if self.kind is MeldKind.RUN and self.suit is not None:
            return str(Card(_rank_at(self.low + index), self.suit))
        return self.rank.notation if self.rank is not None else "*"

    @property
    def stand_ins(self) -> tuple[tuple[AnyCard, str], ...]:
        """Each wild card with what it stands for."""
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
            same = Meld.parse(text) == self
        except RulesError:  # a meld built by hand that breaks the rules
            same = False
        if same:
            return f"Meld.parse({text!r})"
        rank = f"Rank.{self.rank.name}" if self.rank is not None else "None"
        suit = f"Suit.{self.suit.name}" if self.suit is not None else "None"
        return (
            f"Meld(kind=MeldKind.{self.kind.name}, cards={self.cards!r}, wild={self.wild!r}, "
            f"rank={rank}, suit={suit}, low={self.low!r})"
        )

    def _repr_html_(self) -> str:
        from ..render import cards_html

        return cards_html(self.cards)

    def problem(
        self, rules: ThreeThirteenRules = SOURCE_RULES, wild_rank: WildRank = None
    ) -> str | None:
        """Why this meld breaks ``rules`` (``None`` if it is valid).

        With ``wild_rank`` given, also checks that exactly the jokers and the
        cards of that rank are the ones used as wild.
        """
        where = f"{self} is not a meld: "
        if len(self.cards) < 3:
            return where + f"a meld needs at least 3 cards, not {len(self.cards)}"
        if not any(not w for w in self.wild) and not rules.all_wild_melds:
            return where + "every meld needs a natural card under these rules"
        if wild_rank is not None:
            rank = as_wild_rank(wild_rank)
            for card, w in zip(self.cards, self.wild):
                if w != is_wild(card, rank):
                    state = "wild" if is_wild(card, rank) else "not wild"
                    wild_text = f"{rank.plural} are" if rank else "no rank is"
                    return where + f"{card} is {state} when {wild_text} wild"
        naturals = self.naturals
        if self.kind is MeldKind.SET:
            if any(c.rank != self.rank for c in naturals):  # type: ignore[union-attr]
                return where + "a set's natural cards must share one rank"
            return None
        if any(isinstance(c, Joker) or c.suit != self.suit for c in naturals):
            return where + "a run's natural cards must share one suit"
        high = self.low + len(self.cards) - 1
        if self.low < 1 or high > 14:
            return where + "a run cannot go below the ace or above the ace high"
        for i, card in enumerate(self.cards):
            if not self.wild[i] and self.low + i not in _positions(card.rank, True):  # type: ignore[union-attr]
                return where + f"{card} is not in its place in the run"
        if high > rules.top_position:
            return where + "aces are low only under these rules, so a run ends at the king"
        return None

    def check(self, rules: ThreeThirteenRules = SOURCE_RULES, wild_rank: WildRank = None) -> None:
        """Raise :class:`InvalidMeldError` unless the meld is valid under ``rules``."""
        problem = self.problem(rules, wild_rank)
        if problem is not None:
            raise InvalidMeldError(problem)

    @classmethod
    def parse(
        cls,
        text: str,
        wild_rank: WildRank = None,
        rules: ThreeThirteenRules | None = None,
    ) -> Meld:
        """Read a meld written card by card, a run from low to high.

        A wild card may say what it stands for: ``3♥=7♠`` (in a run), ``3♥=9``
        (in a set), ``3♥=*`` (a meld of wild cards only).  Jokers, cards of
        ``wild_rank`` and cards with ``=`` are wild.  Without ``=`` notes the
        natural cards decide: one rank makes a set, otherwise a run.  With
        ``rules`` the meld is also checked against them (otherwise aces may be
        high and melds all wild).

        >>> Meld.parse("7s 3h 7d", wild_rank=3)
        Meld.parse('7♠ 3♥=7 7♦')
        >>> Meld.parse("3h 5s 6s", wild_rank=3)
        Meld.parse('3♥=4♠ 5♠ 6♠')
        >>> Meld.parse("7s 8h 9s")
        Traceback (most recent call last):
        ...
        rules_lib.three_thirteen.melds.InvalidMeldError: 7♠ 8♥ 9♠ is not a meld: a set needs one rank (7 8 9) and a run one suit (♠ ♥)
        """
        rank = as_wild_rank(wild_rank)
        tokens = [t for t in text.replace(",", " ").split() if t]
        if not tokens:
            raise NotationError("a meld needs cards; got an empty text")
        card_texts: list[str] = []
        targets: list[str | None] = []
        for token in tokens:
            card_text, _, target = token.partition("=")
            card_texts.append(card_text)
            targets.append(target or None)
        cards = parse_cards(card_texts, decks=_MAX_COPIES)
        wild: list[bool] = []
        for token, card, note in zip(tokens, cards, targets):
            natural_by_rank = not isinstance(card, Joker) and (rank is None or card.rank != rank)
            if note is not None and rank is not None and natural_by_rank:
                raise NotationError(f"{token!r}: {card} is not wild when {rank.plural} are wild")
            wild.append(note is not None or not natural_by_rank)
        naturals = [c for c, w in zip(cards, wild) if not w]
        set_targets = {t for t in targets if t is not None and t != "*" and _is_rank_text(t)}
        run_targets = [
            (i, t)
            for i, t in enumerate(targets)
            if t is not None and t != "*" and not _is_rank_text(t)
        ]
        shown = " ".join(str(c) for c in cards)
        if run_targets and (set_targets or "*" in targets):
            raise NotationError(f"{text!r}: the notes after '=' mix a run and a set")
        if run_targets or (naturals and len({c.rank for c in naturals}) > 1):  # type: ignore[union-attr]
            meld = _parse_run(shown, cards, wild, naturals, run_targets)
        else:
            set_rank = None
            if naturals:
                set_rank = naturals[0].rank  # type: ignore[union-attr]
            for target in set_targets:
                target_rank = as_wild_rank(target)
                if set_rank is None:
                    set_rank = target_rank
                if target_rank != set_rank:
                    raise InvalidMeldError(
                        f"{shown} is not a meld: a wild card cannot stand for {target} in a set of {set_rank.plural}"  # type: ignore[union-attr]
                    )
            meld = Meld(MeldKind.SET, cards, tuple(wild), rank=set_rank)
        meld.check(rules if rules is not None else _PERMISSIVE)
        return meld


def _is_rank_text(text: str) -> bool:
    try:
        as_wild_rank(text)
    except NotationError:
        return False
    return True


def _parse_run(
    shown: str,
    cards: Cards,
    wild: list[bool],
    naturals: list[AnyCard],
    run_targets: list[tuple[int, str]],
) -> Meld:
    where = f"{shown} is not a meld: "
    fixed: list[tuple[int, Card]] = [(i, c) for i, c in enumerate(cards) if not wild[i]]  # type: ignore[misc]
    for i, target in run_targets:
        fixed.append((i, Card.parse(target)))
    suits = {c.suit for _, c in fixed}
    ranks = {c.rank for _, c in fixed}
    if len(suits) > 1:
        if naturals and len(ranks) > 1:
            rank_text = " ".join(r.notation for r in sorted(ranks, key=_low_position))
            suit_text = " ".join(s.symbol for s in SUITS if s in suits)
            raise InvalidMeldError(
                where + f"a set needs one rank ({rank_text}) and a run one suit ({suit_text})"
            )
        raise InvalidMeldError(where + "a run's cards must share one suit")
    suit = fixed[0][1].suit
    size = len(cards)
    lows: set[int] | None = None
    for i, card in fixed:
        options = {p - i for p in _positions(card.rank, True)}
        lows = options if lows is None else lows & options
    fitting = sorted(low for low in (lows or set()) if low >= 1 and low + size - 1 <= 14)
    if not fitting:
        raise InvalidMeldError(
            where + "a run's cards must be written in order, low to high, one place apart"
        )
    return Meld(MeldKind.RUN, cards, tuple(wild), suit=suit, low=fitting[0])


# ---------------------------------------------------------------------------
# Whether some cards form a meld


def _run_layout(
    naturals: Sequence[Card], size: int, ace_high: bool
) -> tuple[int, tuple[int, ...]] | None:
    """(first place, place of each natural) of a run of ``size`` cards, or ``None``."""
    top = 14 if ace_high else 13
    if size > top:
        return None
    best: tuple[int, tuple[int, ...]] | None = None
    for places in product(*(_positions(c.rank, ace_high) for c in naturals)):
        if len(set(places)) != len(places):
            continue
        if max(places) - min(places) + 1 > size:
            continue
        low = min(min(places), top - size + 1)
        if best is None or (max(places) - min(places), low) < (
            max(best[1]) - min(best[1]),
            best[0],
        ):
            best = (low, tuple(places))
    return best


def _why_not(naturals: Sequence[Card], n_wild: int, rules: ThreeThirteenRules) -> str | None:
    """Why ``naturals`` plus ``n_wild`` wild cards cannot form one meld (``None`` if they can)."""
    size = len(naturals) + n_wild
    if size < 3:
        return f"a meld needs at least 3 cards, not {size}"
    if not naturals:
        if rules.all_wild_melds:
            return None
        return "every meld needs a natural card under these rules (all these cards are wild)"
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1:
        return None
    suits = {c.suit for c in naturals}
    if len(suits) > 1:
        rank_text = " ".join(r.notation for r in sorted(ranks, key=_low_position))
        suit_text = " ".join(s.symbol for s in SUITS if s in suits)
        return f"a set needs one rank ({rank_text}) and a run one suit ({suit_text})"
    if _run_layout(naturals, size, rules.ace_high) is not None:
        return None
    if size > rules.top_position:
        return f"a run has at most {rules.top_position} cards, not {size}"
    places = sorted(_low_position(c.rank) for c in naturals)
    for a, b in pairwise(places):
        if a == b:
            return f"a run cannot hold two {_rank_at(a).plural}"
    if not rules.ace_high and Rank.ACE in ranks and _run_layout(naturals, size, True):
        return "aces are low only under these rules, so a run ends at the king"
    span = places[-1] - places[0] + 1
    if rules.ace_high and Rank.ACE in ranks:
        span = min(
            max(p) - min(p) + 1
            for p in product(*(_positions(c.rank, True) for c in naturals))
            if len(set(p)) == len(p)
        )
    return (
        f"the natural cards span {span} places, but {n_wild} wild "
        f"card{'s' if n_wild != 1 else ''} can fill only {len(naturals) + n_wild}"
    )


def make_meld(
    cards: Iterable[AnyCard] | str,
    wild_rank: WildRank,
    rules: ThreeThirteenRules = SOURCE_RULES,
    kind: MeldKind | None = None,
) -> Meld:
    """Lay ``cards`` (in any order) out as a meld, or say why they are not one.

    A run is laid out from its lowest natural card up (wild cards then fill
    the gaps and extend it upwards, downwards only at the king).  When the
    cards make both a set and a run (one natural card and wild cards), a set
    is made unless ``kind`` asks for a run.

    >>> make_meld("8s 6s 3c", wild_rank=3)
    Meld.parse('6♠ 3♣=7♠ 8♠')
    >>> make_meld("Qs 3c Ks", wild_rank=3)
    Meld.parse('3♣=J♠ Q♠ K♠')
    >>> make_meld("7s 3c 3d", wild_rank=3, kind=MeldKind.RUN)
    Meld.parse('7♠ 3♣=8♠ 3♦=9♠')
    >>> make_meld("As Ks Qs", wild_rank=3)
    Traceback (most recent call last):
    ...
    rules_lib.three_thirteen.melds.InvalidMeldError: A♠ K♠ Q♠ is not a meld: aces are low only under these rules, so a run ends at the king
    """
    hand = _as_cards(cards)
    rank = as_wild_rank(wild_rank)
    naturals: list[Card] = [c for c in hand if not is_wild(c, rank)]  # type: ignore[misc]
    wilds = [c for c in hand if is_wild(c, rank)]
    problem = _why_not(naturals, len(wilds), rules)
    if problem is not None:
        raise InvalidMeldError(f"{hand} is not a meld: {problem}")
    ranks = {c.rank for c in naturals}
    if not naturals or (kind is not MeldKind.RUN and len(ranks) == 1):
        return _set_meld(naturals, wilds)
    if kind is MeldKind.SET and len(ranks) > 1:
        raise InvalidMeldError(f"{hand} is not a set: a set's natural cards share one rank")
    layout = _run_layout(naturals, len(hand), rules.ace_high)
    if layout is None or (naturals and len({c.suit for c in naturals}) > 1):
        raise InvalidMeldError(f"{hand} is not a meld: these cards do not make a run")
    return _run_meld(naturals, wilds, layout)


def _set_meld(naturals: Sequence[Card], wilds: Sequence[AnyCard]) -> Meld:
    ordered = sorted(naturals, key=_display_key)
    cards = Cards([*ordered, *wilds])
    rank = ordered[0].rank if ordered else None
    return Meld(MeldKind.SET, cards, (False,) * len(ordered) + (True,) * len(wilds), rank=rank)


def _run_meld(
    naturals: Sequence[Card], wilds: Sequence[AnyCard], layout: tuple[int, tuple[int, ...]]
) -> Meld:
    low, places = layout
    size = len(naturals) + len(wilds)
    slots: list[AnyCard | None] = [None] * size
    for card, place in zip(naturals, places):
        slots[place - low] = card
    spare = iter(wilds)
    flags = []
    for i, slot in enumerate(slots):
        if slot is None:
            slots[i] = next(spare)
            flags.append(True)
        else:
            flags.append(False)
    suit = naturals[0].suit if naturals else None
    return Meld(MeldKind.RUN, Cards(slots), tuple(flags), suit=suit, low=low)  # type: ignore[arg-type]


def meld_problem(
    cards: Iterable[AnyCard] | str, wild_rank: WildRank, rules: ThreeThirteenRules = SOURCE_RULES
) -> str | None:
    """Why ``cards`` are not a meld under ``rules``, or ``None`` if they are one.

    >>> meld_problem("3h 3d 3c", wild_rank=3, rules=ThreeThirteenRules(all_wild_melds=False))
    'every meld needs a natural card under these rules (all these cards are wild)'
    """
    hand = _as_cards(cards)
    rank = as_wild_rank(wild_rank)
    naturals: list[Card] = [c for c in hand if not is_wild(c, rank)]  # type: ignore[misc]
    return _why_not(naturals, len(hand) - len(naturals), rules)


def is_meld(
    cards: Iterable[AnyCard] | str, wild_rank: WildRank, rules: ThreeThirteenRules = SOURCE_RULES
) -> bool:
    """Whether ``cards`` (in any order) form one set or run.

    >>> is_meld("As 2s 3s", None), is_meld("Qs Ks As", None)
    (True, False)
    >>> is_meld("Qs Ks As", None, ThreeThirteenRules(ace_high=True))
    True
    """
    return meld_problem(cards, wild_rank, rules) is None


def _as_cards(cards: Iterable[AnyCard] | str) -> Cards:
    if isinstance(cards, str):
        return parse_cards(cards, decks=_MAX_COPIES)
    return cards if isinstance(cards, Cards) else Cards(cards)


# ---------------------------------------------------------------------------
# The result of melding a hand


@dataclass(frozen=True)
class MeldResult:
    """An arrangement of a hand: its melds, the cards left over and their penalty."""

    melds: tuple[Meld, ...]
    leftover: Cards
    penalty: int

    @property
    def melded(self) -> Cards:
        """Every card that is in a meld."""
        return Cards(c for m in self.melds for c in m.cards)

    @property
    def goes_out(self) -> bool:
        """Whether every card is melded (penalty 0 with nothing left over)."""
        return not self.leftover

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        if self.leftover:
            parts.append(f"left: {self.leftover}")
        return " ".join(parts or ["no cards"]) + f" — penalty {self.penalty}"


# ---------------------------------------------------------------------------
# The fast, exact melder


def _cores(keys: tuple[tuple[int, int], ...], n_wild: int, ace_high: bool) -> dict[int, int]:
    """Candidate meld cores: bitmask of natural cards -> the fewest wild cards it needs.

    ``keys`` are (ace-low place, suit index) of the natural cards.  Sets use
    1..5 naturals of one rank (1 needs two wild cards, 2 need one); runs use
    2..5 naturals of one suit (a single natural is always a set).  A core
    needing ``2k`` wild cards or more for its ``k`` naturals is left out: the
    naturals as ``k`` sets of one natural plus two wild cards do as well.
    """
    cores: dict[int, int] = {}
    by_rank: dict[int, list[int]] = {}
    for i, (place, _suit) in enumerate(keys):
        by_rank.setdefault(place, []).append(i)
    for members in by_rank.values():
        for k in range(1, min(5, len(members)) + 1):
            need = max(0, 3 - k)
            if need > n_wild:
                continue
            for combo in combinations(members, k):
                mask = 0
                for i in combo:
                    mask |= 1 << i
                cores[mask] = need
    for mask, need in run_cores(keys, n_wild, ace_high).items():
        if need < cores.get(mask, 99):
            cores[mask] = need
    return cores


def _bits_value(mask: int, values: tuple[int, ...]) -> int:
    return sum(v for j, v in enumerate(values) if mask >> j & 1)


@lru_cache(maxsize=1 << 16)
def _search(
    keys: tuple[tuple[int, int], ...], n_wild: int, ace_high: bool, values: tuple[int, ...]
) -> tuple[int, tuple[tuple[tuple[int, ...], int], ...]]:
    """(least cost of unmelded naturals, the cores used as (natural indices, wild cards needed)).

    ``keys`` must be sorted; equal keys are identical cards (two decks).
    """
    n = len(keys)
    if n == 0:
        return 0, ()
    if n_wild >= 2 * n:
        return 0, tuple(((i,), 2) for i in range(n))
    cores = _cores(keys, n_wild, ace_high)
    by_low: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for mask, need in cores.items():
        low = (mask & -mask).bit_length() - 1
        value = sum(values[i] for i in range(low, n) if mask >> i & 1)
        by_low[low].append((mask, need, value))
    for options in by_low:
        options.sort(key=lambda option: (-option[2], option[1]))
    # An unmelded card takes its identical copies with it: were a copy melded,
    # the same meld could use this card instead.
    twins = [0] * n
    for i in range(n):
        j = i
        while j < n and keys[j] == keys[i]:
            twins[i] |= 1 << j
            j += 1
    twin_value = [_bits_value(twins[i], values) for i in range(n)]
    stride = 2 * n + 1
    memo: dict[int, int] = {}

    def go(mask: int, w: int) -> int:
        if not mask:
            return 0
        if w >= 2 * mask.bit_count():
            return 0
        key = mask * stride + w
        known = memo.get(key)
        if known is not None:
            return known
        i = (mask & -mask).bit_length() - 1
        here = twins[i] & mask
        best = twin_value[i] if here == twins[i] else _bits_value(here, values)
        best += go(mask & ~here, w)
        if best:
            for core, need, _value in by_low[i]:
                if need <= w and core & mask == core:
                    cost = go(mask ^ core, w - need)
                    if cost < best:
                        best = cost
                        if not best:
                            break
        memo[key] = best
        return best

    total = go((1 << n) - 1, n_wild)
    plan: list[tuple[tuple[int, ...], int]] = []
    mask, w = (1 << n) - 1, n_wild
    while mask:
        if w >= 2 * mask.bit_count():
            plan.extend(((i,), 2) for i in range(n) if mask >> i & 1)
            break
        target = go(mask, w)
        i = (mask & -mask).bit_length() - 1
        for core, need, _value in by_low[i]:
            if need <= w and core & mask == core and go(mask ^ core, w - need) == target:
                plan.append((tuple(j for j in range(n) if core >> j & 1), need))
                mask ^= core
                w -= need
                break
        else:
            mask &= ~twins[i]
    return total, tuple(plan)


def _split(
    hand: Iterable[AnyCard] | str, wild_rank: WildRank, rules: ThreeThirteenRules
) -> tuple[Cards, list[Card], list[AnyCard], Rank | None]:
    cards = _as_cards(hand)
    rank = as_wild_rank(wild_rank)
    naturals: list[Card] = sorted(
        (c for c in cards if not is_wild(c, rank)),  # type: ignore[misc]
        key=_display_key,
    )
    # The costliest wild cards are melded first (cheap ones are left when some must be).
    wilds = sorted(
        (c for c in cards if is_wild(c, rank)), key=lambda c: (-rules.penalty(c), _display_key(c))
    )
    return cards, naturals, wilds, rank


def _search_for(
    naturals: Sequence[Card], n_wild: int, rules: ThreeThirteenRules
) -> tuple[int, tuple[tuple[tuple[int, ...], int], ...]]:
    keys = tuple((_low_position(c.rank), SUITS.index(c.suit)) for c in naturals)
    values = tuple(rules.rank_value(c.rank) for c in naturals)
    return _search(keys, n_wild, rules.ace_high, values)


def hand_penalty(
    hand: Iterable[AnyCard] | str, wild_rank: WildRank, rules: ThreeThirteenRules = SOURCE_RULES
) -> int:
    """The minimum penalty of ``hand`` (what :func:`best_melds` reports, faster).

    >>> hand_penalty("As 2s 3s Kd", wild_rank=None), hand_penalty("As 2s 5c 5d", wild_rank=5)
    (10, 0)
    """
    _cards, naturals, wilds, _rank = _split(hand, wild_rank, rules)
    cost, plan = _search_for(naturals, len(wilds), rules)
    if plan:
        return cost
    if not naturals and len(wilds) >= 3 and rules.all_wild_melds:
        return 0
    return cost + sum(rules.penalty(c) for c in wilds)


def best_melds(
    hand: Iterable[AnyCard] | str, wild_rank: WildRank, rules: ThreeThirteenRules = SOURCE_RULES
) -> MeldResult:
    """An arrangement of ``hand`` into melds with the minimum penalty.

    Works for any hand (the game's are 3 to 14 cards), one or more decks,
    with or without a wild rank (``None``) and jokers.  Among arrangements of
    equal penalty it is one of them, not a chosen one; the penalty is exact.

    >>> best_melds("5s 6s 7s 7h 7d", wild_rank=None).penalty  # 7-7-7 leaves 5 + 6
    11
    >>> str(best_melds("Qs Ks As 2s 3s", wild_rank=None))
    '[A♠ 2♠ 3♠] left: Q♠ K♠ — penalty 20'
    >>> str(best_melds("Qs Ks As 2s 3s", None, ThreeThirteenRules(ace_high=True)))
    '[Q♠ K♠ A♠] left: 2♠ 3♠ — penalty 5'
    >>> str(best_melds("4h 4d RJ 9c", wild_rank=4))
    '[9♣ RJ=9 4♥=9 4♦=9] — penalty 0'
    """
    cards, naturals, wilds, _rank = _split(hand, wild_rank, rules)
    cost, plan = _search_for(naturals, len(wilds), rules)
    if not plan:
        if not naturals and len(wilds) >= 3 and rules.all_wild_melds:
            return MeldResult((_set_meld([], wilds),), Cards(), 0)
        leftover = Cards(sorted(cards, key=_display_key))
        return MeldResult((), leftover, sum(rules.penalty(c) for c in leftover))
    groups = [[naturals[i] for i in indices] for indices, _need in plan]
    melds = _lay_out(groups, [need for _indices, need in plan], wilds, rules)
    used = {i for indices, _need in plan for i in indices}
    leftover = Cards(naturals[i] for i in range(len(naturals)) if i not in used)
    penalty = sum(rules.penalty(c) for c in leftover)
    if penalty != cost:  # pragma: no cover - a bug guard
        raise AssertionError(f"melder disagrees with itself on {cards}: {penalty} != {cost}")
    melds.sort(key=lambda m: _display_key(m.naturals[0]) if m.naturals else (99, 0, 0))
    return MeldResult(tuple(melds), leftover, penalty)


def _core_need(group: Sequence[Card], rules: ThreeThirteenRules) -> int | None:
    """The fewest wild cards that make ``group`` a meld of at least 3 cards."""
    for extra in range(0, 14):
        if _why_not(group, extra, rules) is None:
            return extra
    return None


def _lay_out(
    groups: list[list[Card]], needs: list[int], wilds: list[AnyCard], rules: ThreeThirteenRules
) -> list[Meld]:
    """Melds from cores and their wild cards; spare wild cards join them."""
    spare = len(wilds) - sum(needs)
    sizes = _place_spares(groups, needs, spare, rules)
    if sizes is None:
        # With 14 cards this happens only with one run core, aces low, and at
        # least 9 wild cards: split a core so that a set (which takes any
        # number of wild cards) or two runs hold every wild card.  The split
        # covers the same natural cards, so the penalty does not change.
        groups, sizes = _resplit(groups, needs, len(wilds), rules)

    pool = iter(wilds)
    melds = []
    for group, size in zip(groups, sizes):
        chosen = [next(pool) for _ in range(size - len(group))]
        if len({c.rank for c in group}) == 1:
            melds.append(_set_meld(group, chosen))
        else:
            layout = _run_layout(group, size, rules.ace_high)
            assert layout is not None
            melds.append(_run_meld(group, chosen, layout))
    rest = list(pool)
    if rest:  # wild cards only, as their own meld
        melds.append(_set_meld([], rest))
    return melds


def _gap(a: Card, b: Card) -> int:
    return abs(_low_position(b.rank) - _low_position(a.rank))


def _resplit(
    groups: list[list[Card]], needs: list[int], n_wild: int, rules: ThreeThirteenRules
) -> tuple[list[list[Card]], list[int]]:
    for t, group in enumerate(groups):
        splits: list[list[list[Card]]] = [[[c] for c in group]]
        cuts = sorted(
            range(1, len(group)), key=lambda j: _gap(group[j - 1], group[j]), reverse=True
        )
        splits += [[group[:j], group[j:]] for j in cuts]
        for parts in splits:
            part_needs = [_core_need(p, rules) for p in parts]
            if any(n is None for n in part_needs):
                continue
            new_groups = [*groups[:t], *parts, *groups[t + 1 :]]
            new_needs = [*needs[:t], *(n for n in part_needs if n is not None), *needs[t + 1 :]]
            if sum(new_needs) > n_wild:
                continue
            sizes = _place_spares(new_groups, new_needs, n_wild - sum(new_needs), rules)
            if sizes is not None:
                return new_groups, sizes
    raise AssertionError(  # pragma: no cover - cannot happen with 14 cards or fewer
        f"cannot place every wild card among {len(groups)} melds"
    )


def _place_spares(
    groups: list[list[Card]], needs: list[int], spare: int, rules: ThreeThirteenRules
) -> list[int] | None:
    """The size of each meld once ``spare`` wild cards have joined (``None`` if they cannot).

    A set takes any number; a run grows to at most 13 places (14 with aces
    high); three or more spare wild cards may form their own meld if allowed.
    """
    sizes = [len(g) + n for g, n in zip(groups, needs)]
    if spare == 0:
        return sizes
    for k, group in enumerate(groups):
        if len({c.rank for c in group}) == 1:
            sizes[k] += spare
            return sizes
    for k in range(len(groups)):
        room = min(spare, rules.top_position - sizes[k])
        sizes[k] += room
        spare -= room
    if spare == 0:
        return sizes
    if spare >= 3 and rules.all_wild_melds:
        return sizes  # the rest make a meld of their own
    return None


# ---------------------------------------------------------------------------
# The slow oracle


def brute_force_melds(
    hand: Iterable[AnyCard] | str, wild_rank: WildRank, rules: ThreeThirteenRules = SOURCE_RULES
) -> MeldResult:
    """The minimum-penalty arrangement by trying every subset of the hand as a meld.

    Obviously correct and slow (2ⁿ subsets, then a search over the subsets
    that are melds, each wild card handled one by one): for tests and
    benchmarks, on hands of up to about 12 cards.

    >>> brute_force_melds("5s 6s 7s 7h 7d", wild_rank=None).penalty
    11
    """
    cards = list(_as_cards(hand))
    rank = as_wild_rank(wild_rank)
    n = len(cards)
    costs = [rules.penalty(c) for c in cards]
    wild = [is_wild(c, rank) for c in cards]
    melds_by_low: list[list[int]] = [[] for _ in range(n)]
    for mask in range(1, 1 << n):
        if mask.bit_count() < 3:
            continue
        members = [i for i in range(n) if mask >> i & 1]
        naturals: list[Card] = [cards[i] for i in members if not wild[i]]  # type: ignore[misc]
        if _why_not(naturals, len(members) - len(naturals), rules) is None:
            melds_by_low[members[0]].append(mask)
    memo: dict[int, tuple[int, int]] = {0: (0, -1)}

    def best(mask: int) -> int:
        if mask in memo:
            return memo[mask][0]
        i = (mask & -mask).bit_length() - 1
        choice, cost = -1, costs[i] + best(mask & ~(1 << i))
        for meld in melds_by_low[i]:
            if meld & mask == meld:
                c = best(mask & ~meld)
                if c < cost:
                    choice, cost = meld, c
        memo[mask] = (cost, choice)
        return cost

    mask = (1 << n) - 1
    penalty = best(mask)
    melds: list[Meld] = []
    leftover: list[AnyCard] = []
    while mask:
        _cost, choice = memo[mask]
        if choice == -1:
            i = (mask & -mask).bit_length() - 1
            leftover.append(cards[i])
            mask &= ~(1 << i)
        else:
            melds.append(make_meld([cards[i] for i in range(n) if choice >> i & 1], rank, rules))
            mask &= ~choice
    return MeldResult(tuple(melds), Cards(sorted(leftover, key=_display_key)), penalty)
