"""Expected points: set a hand for the points it wins against a table of
players who set theirs the same way (issue 17).  This is the objective the
bots set their hands by; the older one, the rows' strengths
(:func:`~rules_lib.setting.search.strongest_arrangement`), stays as the
``"strength"`` of :data:`OBJECTIVES`.

What a row is worth depends on the rows it meets, so the rows opponents set
are summarised by their *distributions*: for back, middle and front, how
often each value comes up when random hands are set by the solver.  From
those, each row value gets a score.  A game says which score its rules pay
by (:class:`Objective`, made by its bots' ``objective(rules)``):

* **the majority of the rows** (against a dealer; a tied row loses): a row's
  chance of beating the dealer's row in its place, ``p``.  The hand wins a
  unit with two rows or more; with the three chances ``p, q, r`` taken as
  independent, that is ``pq + pr + qr - 2pqr``, and the expected points are
  twice that, less 1.  The dealer's rows are not independent, though: a
  strong hand tends to make all three strong.  So the search keeps the best
  :data:`RESCORED` settings by that formula, and scores each again by the
  share of a sample of the dealer's whole settings that it beats in two rows
  or more (:class:`JointRows`); :func:`expected_points` counts the same way.
* **each row on its own** (row by row, a royalty or bonus for a strong row):
  a row's expected points, what it pays times its chance of winning, less
  what the stronger rows it may meet pay, each times its chance.  The three
  add up.

The distributions depend on how everyone sets their hands, so they are found
by fixed-point iteration: start from the strength objective, set many random
hands, measure the rows, build the new objective, and set again, counting the
rows of every round together (fictitious play), until the rows a round sets
stop moving away from the table they answer (:func:`iterate`).
``python -m rules_lib.expected`` does that for each game of set hands and
writes ``row_distributions.json`` beside this module; :func:`load` reads it.

A game is named by its key in :mod:`rules_lib.games` (its objective under
its default rules, or under ``rules``), or given as an :class:`Objective`:

>>> majority = Objective("mau_binh", majority=True)
>>> arr = expected_best_arrangement("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs", majority)
>>> arr.is_misset()
False
>>> -1 <= expected_points(arr, majority) <= 1
True
"""

from __future__ import annotations

import json
import random
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from importlib import resources
from itertools import accumulate
from math import comb
from typing import Any

from ..cards import AnyCard, Card, standard_deck
from ..errors import UnknownOptionError
from ..games import GAMES as REGISTRY
from ..games import find_game
from ..poker import Category
from .rows import ROWS, Arrangement, Row, thirteen
from .search import _strength_tables, best_splits, strongest_arrangement
from .specials import Special

__all__ = [
    "GAMES",
    "OBJECTIVES",
    "RESCORED",
    "WEIGHED",
    "WEIGHED_SAMPLES",
    "JointRows",
    "Objective",
    "RowDistributions",
    "ValuedSetting",
    "expected_best_arrangement",
    "expected_best_arrangements",
    "expected_points",
    "iterate",
    "load",
    "measure",
    "movement",
    "objective_of",
    "random_hands",
    "rank_counts",
    "ranked_settings",
    "row_scores",
    "solve",
    "special_value",
]

#: A whole setting of a sampled hand: its back, middle and front value codes,
#: and how many cards of each rank, 2 to ace, the hand holds (13 digits).
Setting = tuple[int, int, int, str]

#: The games of set hands (their keys in :mod:`rules_lib.games`), each with
#: its rows' distributions in :data:`DATA`.
GAMES: tuple[str, ...] = tuple(g.key for g in REGISTRY if g.kind == "arrangement")
DATA = "row_distributions.json"
#: The objectives a bot sets its hand by: expected points (this module), or
#: the sum of the rows' strengths (:func:`~rules_lib.setting.search.strongest_arrangement`).
OBJECTIVES = ("expected", "strength")
#: Against a dealer's majority of rows, how many of the best settings by
#: independent rows are scored again against whole settings (:class:`JointRows`) ...
RESCORED = 40
#: ... and how many of the best of those again, counting the cards the hand holds,
WEIGHED = 10
#: against this many of the whole settings.
WEIGHED_SAMPLES = 3000


def _no_special(_arr: Arrangement) -> tuple[float, Special] | None:
    return None


def _no_setting(_hand: Sequence[Card]) -> Arrangement | None:
    return None


@dataclass(frozen=True)
class Objective:
    """What a set hand wins against one opponent, as the expected points count
    it; each game's bots say it for its rules (``bots.expected_objective(rules)``,
    the ``objective`` of its :class:`~rules_lib.setting.game.SettingGame`).

    * ``table``: whose rows the opponents set (a key of :data:`DATA`);
    * ``majority``: one unit for winning two rows or more against the dealer,
      a tied row lost; otherwise each row is paid on its own and the rows add up;
    * ``pays``: (row, category, points) a won row of that category pays
      instead of 1, when the rows add up;
    * ``strict``: the rules want each row strictly stronger than the next;
    * ``misset_multiplier``: a misset hand loses every row, paying what the
      rows it meets are worth, times this (when the rows add up);
    * ``special(arrangement)``: what a special hand makes it worth whatever
      its rows meet, and which (``None``: no special decides it);
    * ``special_setting(hand)``: a setting the bots choose for a special hand,
      which the search by rows does not see (``None``: none).

    >>> from rules_lib.poker import HandValue
    >>> trips = HandValue.from_cards("Qs Qh Qd").code
    >>> rows = Objective("any", pays=((Row.FRONT, Category.THREE_OF_A_KIND, 3),))
    >>> rows.pays_for(Row.FRONT, trips), Objective("any").pays_for(Row.FRONT, trips)
    (3, 1)
    """

    table: str
    majority: bool = False
    pays: tuple[tuple[Row, Category, int], ...] = ()
    strict: bool = False
    misset_multiplier: int = 1
    special: Callable[[Arrangement], tuple[float, Special] | None] = field(
        default=_no_special, compare=False
    )
    special_setting: Callable[[Sequence[Card]], Arrangement | None] = field(
        default=_no_setting, compare=False
    )
    _pays: dict[tuple[Row, Category], int] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_pays", {(row, cat): n for row, cat, n in self.pays})

    def pays_for(self, row: Row, code: int) -> int:
        """What ``row`` pays when it wins with a hand of value ``code`` (1 unless ``pays`` says)."""
        return self._pays.get((row, Category(code >> 20)), 1)


def objective_of(game: str | Objective, rules: Any = None) -> Objective:
    """``game`` itself, or the objective of the game with that key under
    ``rules`` (its default rules when ``None``).

    >>> objective_of("tredici")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: no expected-points game 'tredici'; choose one of: mau_binh, chinese_poker
    """
    if isinstance(game, Objective):
        return game
    key = _checked(game)
    info = find_game(key)
    if rules is not None and not isinstance(rules, info.rules_class):
        raise UnknownOptionError(f"{type(rules).__name__} are not the rules of {key}")
    objective: Objective = info.setting.objective(rules)
    return objective


@dataclass(frozen=True)
class RowDistributions:
    """How often each value comes up in each row of hands set by the solver
    (value code -> count, over ``hands`` set hands), with how they were found."""

    back: dict[int, int]
    middle: dict[int, int]
    front: dict[int, int]
    hands: int
    rounds: int = 0
    movement: tuple[float, ...] = ()
    #: whole settings (back, middle, front value codes) of the newest round:
    #: against a dealer's majority of rows, the dealer's three rows are not
    #: independent (a strong hand makes all three strong), so a hand's chance
    #: of winning two rows is counted against these (:class:`JointRows`)
    joint: tuple[Setting, ...] = ()
    cache: dict[str, tuple[dict[int, float], dict[int, float], dict[int, float]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    joint_cache: list[JointRows] = field(default_factory=list, compare=False, repr=False)

    def joint_rows(self) -> JointRows | None:
        """:attr:`joint` ready to count with, or ``None`` without a sample."""
        if not self.joint:
            return None
        if not self.joint_cache:
            self.joint_cache.append(JointRows(self.joint))
        return self.joint_cache[0]

    def of(self, row: Row) -> dict[int, int]:
        return {Row.BACK: self.back, Row.MIDDLE: self.middle, Row.FRONT: self.front}[row]

    def to_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "rounds": self.rounds,
            "movement": list(self.movement),
            **{row.value: {str(k): v for k, v in sorted(self.of(row).items())} for row in ROWS},
            **({"joint": [list(t) for t in self.joint]} if self.joint else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> RowDistributions:
        rows = [{int(k): int(v) for k, v in dict(data[row.value]).items()} for row in ROWS]  # type: ignore[call-overload]
        return cls(
            rows[0],
            rows[1],
            rows[2],
            int(data["hands"]),  # type: ignore[call-overload]
            int(data.get("rounds", 0)),  # type: ignore[call-overload]
            tuple(float(x) for x in data.get("movement", ())),  # type: ignore[attr-defined]
            tuple((int(b), int(m), int(f), str(r)) for b, m, f, r in data.get("joint", ())),  # type: ignore[attr-defined]
        )


class JointRows:
    """A sample of whole settings, for counting how many of them a setting
    beats in at least two rows (a tie loses).

    For each row the samples are sorted by that row's value, and for each
    position a bit mask holds the samples below it; a setting's three masks
    then give, in a few operations on whole numbers, the samples it beats in
    two rows or more.

    The sampled hands come from a whole deck, but a dealer's cards come from
    the 39 a player's hand leaves. :meth:`held_chances` weighs the first
    :data:`WEIGHED_SAMPLES` samples by how much likelier (or less likely)
    their ranks are once the player's cards are gone.

    >>> rows = JointRows([(5, 5, 5, ""), (1, 9, 9, ""), (9, 1, 1, "")])
    >>> rows.majority_chance(6, 6, 6), rows.majority_chance(2, 2, 2)
    (0.6666666666666666, 0.3333333333333333)
    """

    def __init__(self, settings: Sequence[Setting]) -> None:
        self.size = len(settings)
        self.keys: list[list[int]] = []
        self.masks: list[list[int]] = []
        for row in range(3):
            codes = [int(s[row]) for s in settings]
            order = sorted(range(self.size), key=codes.__getitem__)
            masks, mask = [0], 0
            for i in order:
                mask |= 1 << i
                masks.append(mask)
            self.keys.append([codes[i] for i in order])
            self.masks.append(masks)
        self.ranks = [tuple(int(n) for n in s[3]) for s in settings[:WEIGHED_SAMPLES] if s[3]]

    def below(self, row: int, code: int) -> int:
        """The samples whose row ``row`` a row of value ``code`` beats, as bits."""
        return self.masks[row][bisect_left(self.keys[row], code)]

    def beaten(self, back: int, middle: int, front: int) -> int:
        """The samples beaten in two rows or more, as bits."""
        a, b, c = self.below(0, back), self.below(1, middle), self.below(2, front)
        return (a & b) | (a & c) | (b & c)

    def majority_chance(self, back: int, middle: int, front: int) -> float:
        """The share of the samples beaten in two rows or more."""
        return self.beaten(back, middle, front).bit_count() / self.size

    def held_chances(
        self, settings: Sequence[tuple[int, int, int]], held: Sequence[int]
    ) -> list[float]:
        """For each of ``settings`` (value codes), the share of the samples it
        beats in two rows or more when a hand holding ``held`` cards of each
        rank (2 to ace) is out of the deck.

        Each sample counts by the chance of its ranks among the 39 cards left
        against among 52 (for each rank with ``k`` held and ``n`` in the
        sample: C(4-k, n) / C(4, n)).  Samples of the same weight are counted
        together, so a setting takes a few operations on whole numbers for
        each weight.

        >>> rows = JointRows([(5, 5, 5, "2" + "0" * 12), (5, 5, 5, "0" * 13)])
        >>> rows.held_chances([(6, 6, 6)], [2] + [0] * 12)  # the first sample's twos are gone
        [1.0]
        """
        if not self.ranks:
            return [self.majority_chance(*s) for s in settings]
        f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12 = (
            [comb(4 - k, n) / comb(4, n) for n in range(5)] for k in held
        )
        by_weight: dict[float, list[int]] = {}
        for i, (a, b, c, d, e, f, g, h, j, k, m, n, o) in enumerate(self.ranks):
            w = f0[a] * f1[b] * f2[c] * f3[d] * f4[e] * f5[f] * f6[g] * f7[h] * f8[j]
            by_weight.setdefault(w * f9[k] * f10[m] * f11[n] * f12[o], []).append(i)
        masks = []
        size = (len(self.ranks) + 7) // 8
        for w, members in by_weight.items():
            if w > 0:
                bits = bytearray(size)
                for i in members:
                    bits[i >> 3] |= 1 << (i & 7)
                masks.append((w, len(members), int.from_bytes(bits, "little")))
        total = sum(w * n for w, n, _mask in masks)
        if total == 0:  # no sample is possible beside this hand: count them all
            return [self.majority_chance(*s) for s in settings]
        return [
            sum(w * (won & mask).bit_count() for w, _n, mask in masks) / total
            for won in (self.beaten(*s) for s in settings)
        ]


def rank_counts(cards: Iterable[AnyCard]) -> tuple[int, ...]:
    """How many of ``cards`` there are of each rank, 2 to ace.

    >>> from rules_lib.cards import parse_cards
    >>> counts = rank_counts(parse_cards("As Ad 2c"))
    >>> counts[0], counts[-1], len(counts)
    (1, 2, 13)
    """
    counts = Counter(int(c.rank) for c in cards if isinstance(c, Card))
    return tuple(counts[r] for r in range(2, 15))


def measure(
    hands: Iterable[Sequence[AnyCard]], setter: Callable[[Sequence[AnyCard]], Arrangement]
) -> RowDistributions:
    """The rows' distributions when ``setter`` sets each of ``hands``."""
    counts = [Counter[int](), Counter[int](), Counter[int]()]
    settings: list[Setting] = []
    for hand in hands:
        arr = setter(hand)
        b, m, f = (value.code for value in arr.values())
        for row_counts, code in zip(counts, (b, m, f), strict=True):
            row_counts[code] += 1
        settings.append((b, m, f, "".join(map(str, rank_counts(arr.cards)))))
    return RowDistributions(
        dict(counts[0]), dict(counts[1]), dict(counts[2]), len(settings), joint=tuple(settings)
    )


def _win_chance(counts: dict[int, int], codes: Iterable[int]) -> dict[int, float]:
    """For each code: the share of ``counts`` strictly below it (a tie loses)."""
    keys = sorted(counts)
    below = [0, *accumulate(counts[k] for k in keys)]
    total = below[-1]
    return {code: below[bisect_left(keys, code)] / total for code in codes}


def _row_points(
    counts: dict[int, int], codes: Iterable[int], royalty: Callable[[int], int]
) -> dict[int, float]:
    """For each code: the expected points of a row of that value against one
    opponent's row drawn from ``counts``: its royalty when it wins, minus the
    opponent's royalty when it loses, nothing on a tie."""
    keys = sorted(counts)
    below = [0, *accumulate(counts[k] for k in keys)]
    paid = [0, *accumulate(counts[k] * royalty(k) for k in keys)]
    total = below[-1]
    out: dict[int, float] = {}
    for code in codes:
        won = below[bisect_left(keys, code)]
        lost = paid[-1] - paid[bisect_right(keys, code)]
        out[code] = (won * royalty(code) - lost) / total
    return out


def row_scores(
    game: str | Objective, dist: RowDistributions
) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
    """Each row's score of every value code (back, middle, front), see the module's text."""
    objective = objective_of(game)
    key = "majority" if objective.majority else f"rows {objective.pays}"
    cached = dist.cache.get(key)
    if cached is not None:
        return cached
    five, three = _strength_tables()
    if objective.majority:
        scores = (
            _win_chance(dist.back, five),
            _win_chance(dist.middle, five),
            _win_chance(dist.front, three),
        )
    else:

        def points(row: Row, codes: Iterable[int]) -> dict[int, float]:
            return _row_points(dist.of(row), codes, partial(objective.pays_for, row))

        scores = (points(Row.BACK, five), points(Row.MIDDLE, five), points(Row.FRONT, three))
    dist.cache[key] = scores
    return scores


def _checked(game: str) -> str:
    if game not in GAMES:
        raise UnknownOptionError(
            f"no expected-points game {game!r}; choose one of: {', '.join(GAMES)}"
        )
    return game


def expected_best_arrangement(
    cards: str | Iterable[AnyCard],
    game: str | Objective,
    dist: RowDistributions | None = None,
    *,
    strict: bool = False,
    rules: Any = None,
) -> Arrangement:
    """The arrangement of ``cards`` with the most expected points in ``game``
    against opponents whose rows follow ``dist`` (by default the shipped
    distributions, :func:`load`); see :func:`expected_best_arrangements`."""
    return expected_best_arrangements(cards, game, dist, strict=strict, rules=rules)[0][1]


def expected_best_arrangements(
    cards: str | Iterable[AnyCard],
    game: str | Objective,
    dist: RowDistributions | None = None,
    *,
    strict: bool = False,
    keep: int = 1,
    rules: Any = None,
) -> list[tuple[float, Arrangement]]:
    """The ``keep`` arrangements of ``cards`` with the most expected points,
    each with its points (:func:`expected_points`), best first; one for each
    set of row values.

    When each row is paid on its own the points are additive: each row's
    chance of winning times what it pays, less its chance of losing times
    what it meets (a sweep's doubling is left out).

    >>> rows = Objective("chinese_poker")
    >>> top = expected_best_arrangements("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs", rows, keep=4)
    >>> len(top), top[0][0] >= top[1][0] >= top[3][0]
    (4, True)
    """
    objective = objective_of(game, rules)
    table = dist or load(objective.table)
    hand = thirteen(cards)
    back, middle, front = row_scores(objective, table)
    if not objective.majority:
        return best_splits(hand, back, middle, front, strict=strict, keep=keep)
    joint = table.joint_rows()
    found = best_splits(
        hand,
        back,
        middle,
        front,
        majority=True,
        strict=strict,
        keep=keep if joint is None else max(keep, WEIGHED),
        # the best by independent rows, scored again against whole settings ...
        rescore=None if joint is None else joint.majority_chance,
        rescored=RESCORED,
    )
    if joint is not None:  # ... and the best of those again, counting the cards held
        codes = [(b.code, m.code, f.code) for b, m, f in (arr.values() for _, arr in found)]
        chances = joint.held_chances(codes, rank_counts(hand))
        found = sorted(zip(chances, (arr for _, arr in found)), key=lambda t: -t[0])[:keep]
    # the chance of winning the unit, as expected units
    return [(2 * score - 1, arr) for score, arr in found]


def special_value(
    arr: Arrangement, game: str | Objective, rules: Any = None
) -> tuple[float, Special] | None:
    """What a special hand makes ``arr`` worth, whatever its rows meet, and
    which, or ``None`` when no special decides it (the game's objective says).

    >>> six_pairs = Arrangement.parse("2s 2d 4h 4c 6s / 6d 8c 8h 10s 10d / Qh Qc As")
    >>> special_value(six_pairs, Objective("any")) is None  # this objective pays no special
    True
    """
    return objective_of(game, rules).special(arr)


def expected_points(
    arr: Arrangement,
    game: str | Objective,
    dist: RowDistributions | None = None,
    rules: Any = None,
) -> float:
    """The expected points of ``arr`` against one opponent (the dealer, when
    the majority of rows is paid) whose rows follow ``dist``, in ``game``
    under ``rules`` (the game's default rules): a special hand is worth what
    it takes (:func:`special_value`), a misset hand loses."""
    objective = objective_of(game, rules)
    special = objective.special(arr)
    if special is not None:
        return special[0]
    table = dist or load(objective.table)
    back, middle, front = row_scores(objective, table)
    if not objective.majority:
        if arr.is_misset(objective.strict):  # every row lost, paying what the row it meets pays
            return -objective.misset_multiplier * sum(
                n * objective.pays_for(row, code) / sum(table.of(row).values())
                for row in ROWS
                for code, n in table.of(row).items()
            )
        b, m, f = (v.code for v in arr.values())
        return back[b] + middle[m] + front[f]
    if arr.is_misset(objective.strict):
        return -1.0  # a misset hand loses the unit
    b, m, f = (v.code for v in arr.values())
    joint = table.joint_rows()
    if joint is not None:
        return 2 * joint.held_chances([(b, m, f)], rank_counts(arr.cards))[0] - 1
    x, y, z = back[b], middle[m], front[f]
    return 2 * (x * y + x * z + y * z - 2 * x * y * z) - 1


@dataclass(frozen=True)
class ValuedSetting:
    """A setting of a hand with its expected points, and the special hand
    that decides them (if one does)."""

    points: float
    arrangement: Arrangement
    special: Special | None = None


def ranked_settings(
    cards: str | Iterable[AnyCard],
    game: str | Objective,
    rules: Any = None,
    *,
    count: int = 4,
    dist: RowDistributions | None = None,
) -> list[ValuedSetting]:
    """The ``count`` best settings of ``cards`` by expected points
    (:func:`expected_points`, specials included), best first, each with
    points of its own: of settings worth the same (to 0.01), the first found
    stands for all.  The bots' setting for a special hand
    (``Objective.special_setting``), when the cards allow one, comes first.

    >>> top = ranked_settings("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs", Objective("mau_binh", majority=True))
    >>> len(top), len({round(s.points, 2) for s in top})
    (4, 4)
    """
    objective = objective_of(game, rules)
    hand = thirteen(cards)
    weighed = bool((dist or load(objective.table)).joint)
    candidates = [
        arr
        for _, arr in expected_best_arrangements(
            # with whole settings: those the solver weighs, so its best comes first here too
            hand,
            objective,
            dist,
            strict=objective.strict,
            keep=WEIGHED if weighed else 8 * count,
        )
    ]
    special = objective.special_setting(hand)
    if special is not None:  # the bots' setting: an instant win
        candidates.insert(0, special)
    valued = []
    for arr in candidates:
        decided = objective.special(arr)
        valued.append(
            ValuedSetting(
                expected_points(arr, objective, dist), arr, decided[1] if decided else None
            )
        )
    valued.sort(key=lambda v: -v.points)  # stable: the search's order breaks ties
    out: list[ValuedSetting] = []
    for v in valued:
        if all(round(v.points, 2) != round(o.points, 2) for o in out):
            out.append(v)
    return out[:count]


def random_hands(count: int, seed: int) -> list[list[Card]]:
    """``count`` random hands of 13 (each from a fresh shuffled deck)."""
    rng = random.Random(seed)
    deck = [c for c in standard_deck() if isinstance(c, Card)]
    return [rng.sample(deck, 13) for _ in range(count)]


def movement(a: RowDistributions, b: RowDistributions) -> float:
    """How far two distributions are apart: the largest gap between their
    cumulative shares at any value, over the three rows (the Kolmogorov-Smirnov
    distance; 0: the same, 1: nothing in common).  A row's chance of winning
    moves by at most this much.

    >>> d = RowDistributions({1: 1}, {1: 1}, {1: 1}, 1)
    >>> movement(d, d), movement(d, RowDistributions({2: 1}, {1: 1}, {1: 1}, 1))
    (0.0, 1.0)
    """
    worst = 0.0
    for row in ROWS:
        x, y = a.of(row), b.of(row)
        nx, ny = sum(x.values()), sum(y.values())
        fx = fy = 0.0
        for code in sorted(set(x) | set(y)):
            fx += x.get(code, 0) / nx
            fy += y.get(code, 0) / ny
            worst = max(worst, abs(fx - fy))
    return worst


def blend(a: RowDistributions, b: RowDistributions) -> RowDistributions:
    """The rows of both, counted together, and their whole settings."""
    rows = [Counter(a.of(row)) + Counter(b.of(row)) for row in ROWS]
    return RowDistributions(
        dict(rows[0]), dict(rows[1]), dict(rows[2]), a.hands + b.hands, joint=a.joint + b.joint
    )


def iterate(
    game: str | Objective,
    hands: int,
    rounds: int,
    seed: int,
    report: Callable[[str], None] = print,
) -> RowDistributions:
    """Fixed-point iteration (see the module's text), damped as in fictitious
    play: each round sets the same ``hands`` random hands against the current
    table, and the next table counts the rows of every round so far together
    (a table replaced by its own best reply each round went round in circles:
    0.48, 0.20, 0.27 against a dealer's majority).  The whole settings the
    table keeps (against a dealer's majority) are drawn at random from every
    round's, as many as one round sets.  ``movement`` records, for each
    round, how far the rows just set were from the table they answered."""
    objective = objective_of(game)
    rng = random.Random(seed)
    deals = random_hands(hands, seed)
    dist = measure(deals, strongest_arrangement)
    table = dist
    moved: list[float] = []
    for n in range(1, rounds + 1):
        reply = measure(deals, partial(expected_best_arrangement, game=objective, dist=table))
        moved.append(round(movement(table, reply), 5))
        report(f"{objective.table}: round {n}, the rows set were {moved[-1]:.4f} from the table")
        dist = blend(dist, reply)
        # rows that add up need no whole settings
        joint = tuple(rng.sample(dist.joint, hands)) if objective.majority else ()
        table = RowDistributions(
            dist.back, dist.middle, dist.front, dist.hands, n, tuple(moved), joint
        )
    return table


@lru_cache(maxsize=4)
def load(game: str) -> RowDistributions:
    """The shipped distributions of ``game`` (``row_distributions.json``)."""
    g = _checked(game)
    text = resources.files(__package__).joinpath(DATA).read_text(encoding="utf-8")
    return RowDistributions.from_json(json.loads(text)[g])


def main() -> None:  # pragma: no cover - run by hand to regenerate the data
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(
        description="Regenerate rules_lib/setting/row_distributions.json"
    )
    parser.add_argument("--hands", type=int, default=6_000)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--game", choices=GAMES, help="only this game (the other's entry stays)")
    args = parser.parse_args()
    found: dict[str, object] = {
        game: iterate(game, args.hands, args.rounds, args.seed).to_json()
        for game in GAMES
        if args.game in (None, game)
    }
    path = Path(__file__).with_name(DATA)
    out: dict[str, object] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    out.update({"seed": args.seed, **found})
    path.write_text(json.dumps(out) + "\n", encoding="utf-8")


def solve(
    cards: str | Iterable[AnyCard],
    game: str | Objective,
    objective: str = "expected",
    *,
    strict: bool = False,
    rules: Any = None,
) -> Arrangement:
    """The solver's best arrangement of ``cards`` for ``game``, never misset,
    by ``objective``:

    * ``"expected"``: the most expected points against a table of players
      who set their hands the same way (:func:`expected_best_arrangement`);
    * ``"strength"``: the largest sum of the rows' strengths, each row's share
      of all possible rows of its size that it beats
      (:func:`~rules_lib.setting.search.strongest_arrangement`); the same for
      every game.

    Special hands are not part of either objective: a game's bots
    (``set_hand``) set one where its rules pay it.

    >>> hand = "As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs"
    >>> str(solve(hand, Objective("mau_binh", majority=True)))
    '7♦ 6♣ 5♠ 4♥ 3♦ / A♠ A♥ 9♠ 9♥ 2♣ / K♦ K♣ Q♠'
    >>> str(solve(hand, Objective("mau_binh", majority=True), "strength"))
    '7♦ 6♣ 5♠ 4♥ 3♦ / K♦ K♣ 9♠ 9♥ 2♣ / A♠ A♥ Q♠'
    >>> solve(hand, Objective("mau_binh"), "luck")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: no objective 'luck'; choose one of: expected, strength
    """
    if objective == "strength":
        return strongest_arrangement(cards, strict=strict)
    if objective == "expected":
        return expected_best_arrangement(cards, game, strict=strict, rules=rules)
    raise UnknownOptionError(f"no objective {objective!r}; choose one of: {', '.join(OBJECTIVES)}")
