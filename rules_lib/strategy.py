"""Does the advice work? Arrangements of one hand tested against solver opponents.

An experiment fixes your 13 cards and two or more ways to set them. Each
deal gives the other 39 cards at random to three opponents, who set their
hands the way the book's bots do (:func:`solver_arrangement`: by expected
points, unless ``opponents="strength"``). Every one of
your arrangements then meets the *same* three opponents, so the differences
between them are not luck of the deal (common random numbers). The result
per arrangement and per game:

* Chinese Poker: your points per deal against the three (source rules);
* Mậu Binh: your units per deal, each opponent in turn acting as the dealer
  (a tie with the dealer is a loss), and the share of those settlements won.

>>> result = run_experiment(ADVICE[0].arrangements(), deals=20, seed=1)
>>> result.deals, sorted(result.labels) == sorted(ADVICE[0].options)
(20, True)
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from math import sqrt
from multiprocessing import get_context
from statistics import fmean, stdev
from typing import Any

from . import chinese_poker, mau_binh
from .cards import AnyCard, Card, Cards, parse_cards, standard_deck
from .errors import CardCountError, DuplicateCardError, UnknownOptionError
from .games import find_game
from .setting.expected import GAMES as SET_HAND_GAMES
from .setting.expected import OBJECTIVES, expected_best_arrangement
from .setting.game import setting_game
from .setting.rows import Arrangement, deal
from .setting.search import strongest_arrangement

__all__ = [
    "ADVICE",
    "ADVICE_KINDS",
    "GAMES",
    "SOLVERS",
    "Advice",
    "Estimate",
    "ExperimentResult",
    "HeadToHead",
    "head_to_head",
    "home_head_to_head",
    "run_experiment",
    "solver_arrangement",
    "with_solvers",
]

#: The two scorings an experiment reports.
_CP_NAME, _MB_NAME = find_game("chinese_poker").name, find_game("mau_binh").name
GAMES = (_CP_NAME, _MB_NAME)
_KEYS = {_CP_NAME: "chinese_poker", _MB_NAME: "mau_binh"}


def solver_arrangement(
    cards: str | Iterable[AnyCard],
    game: str = _CP_NAME,
    rules: mau_binh.MauBinhRules | chinese_poker.ChinesePokerRules | None = None,
    *,
    objective: str = "expected",
) -> Arrangement:
    """How the book's bots set a hand: the ``set_hand`` of ``game`` (its name,
    "Mậu Binh" or "Chinese Poker").

    The solver's best arrangement for ``game`` by ``objective`` (see
    :func:`~rules_lib.setting.expected.solve`), except in Mậu Binh when the
    cards can be set as three flushes or three straights: that wins at once,
    so the bot sets it that way.  ``rules`` (default: the game's default
    rules) says whether a row may tie the row in front of it and whether
    A-2-3 is a front of three straights.
    """
    hand = parse_cards(cards, jokers=False) if isinstance(cards, str) else Cards(cards)
    key = _KEYS.get(game)
    if key is None:
        raise UnknownOptionError(
            f"no game {game!r} sets hands in rows; choose {' or '.join(_KEYS)}"
        )
    return setting_game(key).set_hand(hand, rules, objective=objective)


#: The solver's settings an experiment shows beside the advice:
#: label -> (the game it sets the hand for, its objective).
SOLVERS: dict[str, tuple[str, str]] = {
    f"the solver, expected points in {_MB_NAME}": (_MB_NAME, "expected"),
    f"the solver, expected points in {_CP_NAME}": (_CP_NAME, "expected"),
    "the solver's old objective, strength": (_CP_NAME, "strength"),
}


def with_solvers(settings: dict[str, Arrangement]) -> dict[str, Arrangement]:
    """``settings`` and, after them, the solver's settings of the same hand (:data:`SOLVERS`).

    >>> labels = list(with_solvers(ADVICE[0].arrangements()))
    >>> labels[2:] == list(SOLVERS)
    True
    """
    hand = next(iter(settings.values())).cards
    return settings | {
        label: solver_arrangement(hand, game, objective=objective)
        for label, (game, objective) in SOLVERS.items()
    }


#: What each kind of advice is called where an experiment is shown.
ADVICE_KINDS = {
    "rule of thumb": "The advice",
    "exception": "The exception",
    "story": "The source's story",
}


@dataclass(frozen=True)
class Advice:
    """A piece of the Mậu Binh source's strategy section as an experiment on one hand.

    ``kind`` says what the source offers: a ``"rule of thumb"`` (what a player
    usually does), an ``"exception"`` to one, or a ``"story"``: the source's
    account of a time when a setting beat one particular hand, which the
    experiment tries against many hands.
    """

    key: str
    title: str
    advice: str
    hand: str
    options: dict[str, str]  # label -> "back / middle / front"; the first is the advice
    kind: str = "rule of thumb"

    @property
    def heading(self) -> str:
        """How the advice is introduced: "The advice", "The exception" or "The source's story"."""
        return ADVICE_KINDS[self.kind]

    def arrangements(self) -> dict[str, Arrangement]:
        out = {label: Arrangement.parse(text) for label, text in self.options.items()}
        cards = set(parse_cards(self.hand))
        for label, arr in out.items():
            if set(arr.cards) != cards:
                raise CardCountError(f"{label!r} does not use the cards of the hand {self.hand}")
        return out


#: The source's strategy section (docs/GAMES.md §2a) as experiments, each with a hand that fits it:
#: four rules of thumb, two exceptions and three stories (a fourth story is the second
#: setting of "five-pairs", the source's alternative to its rule), in the order the
#: chapter shows them (the source begins with the full house of aces and the stories).
ADVICE: tuple[Advice, ...] = (
    Advice(
        "flush-two-pairs",
        "A flush in the back and two pairs",
        "Put both pairs in the middle, to defend it.",
        "Ks 10s 8s 6s 3s 9h 9d 5c 5h Qd 7c 2h 4d",
        {
            "both pairs in the middle": "Ks 10s 8s 6s 3s / 9h 9d 5c 5h Qd / 7c 4d 2h",
            "one pair in the middle, one in front": "Ks 10s 8s 6s 3s / 9h 9d Qd 7c 4d / 5c 5h 2h",
        },
    ),
    Advice(
        "full-house-two-pairs",
        "A full house in the back and two pairs",
        "Put the higher pair in the middle and the other pair in front, to attack.",
        "8s 8h 8d Kc Kd Jh Js 6c 6d Ah 9c 4s 2d",
        {
            "higher pair middle, other pair front": "8s 8h 8d Kc Kd / Jh Js Ah 9c 4s / 6c 6d 2d",
            "both pairs in the middle": "8s 8h 8d Kc Kd / Jh Js 6c 6d Ah / 9c 4s 2d",
        },
    ),
    Advice(
        "low-full-house",
        "The exception: a low full house",
        "With a full house of twos the back is easy to lose, so defend the middle instead.",
        "2s 2h 2d 4c 4d Jh Js 6c 6d Ah 9c 7s 3h",
        {
            "both pairs in the middle": "2s 2h 2d 4c 4d / Jh Js 6c 6d Ah / 9c 7s 3h",
            "higher pair middle, other pair front": "2s 2h 2d 4c 4d / Jh Js Ah 9c 7s / 6c 6d 3h",
        },
        kind="exception",
    ),
    Advice(
        "high-flush",
        "The exception: a high flush",
        "An ace-high flush will likely win the back; split the pairs to win one more row.",
        "As Qs 10s 7s 4s 9h 9d 5c 5h Kd 8c 3h 2d",
        {
            "one pair in the middle, one in front": "As Qs 10s 7s 4s / 9h 9d Kd 8c 3h / 5c 5h 2d",
            "both pairs in the middle": "As Qs 10s 7s 4s / 9h 9d 5c 5h Kd / 8c 3h 2d",
        },
        kind="exception",
    ),
    Advice(
        "five-pairs",
        "Five pairs",
        "Attack: the highest pair in front; the next highest in the back with one "
        "of the two lowest pairs; the rest in the middle. (The other setting is the "
        "source's story of a time it beat a flush in the back, two lower pairs in the "
        "middle and a high card in front.)",
        "Ah Ad Jc Js 9h 9d 6c 6s 3h 3d Kc 8s 4c",
        {
            "attack: highest pair in front": "Jc Js 3h 3d 4c / 9h 9d 6c 6s 8s / Ah Ad Kc",
            "highest and lowest pair in the back": "Ah Ad 3h 3d 4c / Jc Js 9h 9d 8s / 6c 6s Kc",
        },
    ),
    Advice(
        "aces-full-house",
        "A full house of aces and little else",
        "Do not bury a full house of aces in the back when the other rows would be left with "
        "nothing: use its cards to make every row strong.",
        "Ah Ad Ac 9s 9h 8c 7d 6s 5c Kd Jc 3h 2s",
        {
            "every row made strong": "9s 8c 7d 6s 5c / Ah Ad Ac 3h 2s / 9h Kd Jc",
            "the full house of aces in the back": "Ah Ad Ac 9s 9h / Kd Jc 8c 7d 6s / 5c 3h 2s",
        },
    ),
    Advice(
        "three-high-pairs",
        "Three high pairs",
        "One pair in each row, the highest in the back: the source recalls it beating "
        "a full house in the back with a lower pair in the middle and another in front.",
        "Ah Ad Kc Ks Qh Qd 9c 8s 7h 6d 4c 3s 2h",
        {
            "one pair in each row": "Ah Ad 9c 6d 2h / Kc Ks 8s 4c 3s / Qh Qd 7h",
            "two pairs in the back": "Ah Ad Kc Ks 2h / Qh Qd 9c 8s 3s / 7h 6d 4c",
        },
        kind="story",
    ),
    Advice(
        "four-pairs",
        "Four pairs",
        "The two lowest pairs in the back, the highest in the middle, the last in front: "
        "the source recalls it beating the same kind of hand, a full house in the back "
        "with a lower pair in the middle and another in front.",
        "Kh Kd 10c 10s 6h 6d 3c 3s Ah Jd 8c 5s 2h",
        {
            "two lowest pairs in the back": "6h 6d 3c 3s 2h / Kh Kd Ah 8c 5s / 10c 10s Jd",
            "two highest pairs in the back": "Kh Kd 10c 10s 2h / 6h 6d 3c 3s Ah / Jd 8c 5s",
        },
        kind="story",
    ),
    Advice(
        "full-house-high-cards",
        "A full house and two high cards",
        "A full house in the back, and only high cards in the middle and in front: the "
        "source recalls it beating a flush in the back with two pairs in the middle and "
        "a lower high card in front.",
        "7s 7h 7d Kc Kd Ah Qs Jd 9c 6s 4h 3c 2d",
        {
            "full house in the back, high cards above": "7s 7h 7d Kc Kd / Ah 6s 4h 3c 2d / Qs Jd 9c",
            "three sevens in the back, the kings in the middle": (
                "7s 7h 7d 4h 3c / Kc Kd Ah 6s 2d / Qs Jd 9c"
            ),
        },
        kind="story",
    ),
)


@dataclass(frozen=True)
class Estimate:
    """A mean over deals with its 95% confidence interval (normal approximation)."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, samples: Sequence[float]) -> Estimate:
        mean = fmean(samples)
        half = 1.96 * stdev(samples) / sqrt(len(samples)) if len(samples) > 1 else float("inf")
        return cls(mean, mean - half, mean + half)

    def __str__(self) -> str:
        return f"{self.mean:+.2f} (95% CI {self.low:+.2f} to {self.high:+.2f})"


@dataclass(frozen=True)
class ExperimentResult:
    """Per deal and per arrangement: Chinese Poker points, Mậu Binh units and wins."""

    labels: tuple[str, ...]
    points: dict[str, tuple[tuple[int, ...], ...]]  # game -> per deal, per arrangement
    mb_wins: tuple[tuple[int, ...], ...]  # per deal, per arrangement: settlements won of 3
    cancelled: bool = False

    @property
    def deals(self) -> int:
        return len(self.mb_wins)

    def to_json(self) -> dict[str, object]:
        """The result as plain lists (the chapters keep long runs in files)."""
        return {
            "labels": list(self.labels),
            "points": {game: [list(d) for d in deals] for game, deals in self.points.items()},
            "mb_wins": [list(d) for d in self.mb_wins],
            "cancelled": self.cancelled,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ExperimentResult:
        return cls(
            tuple(data["labels"]),
            {game: tuple(tuple(d) for d in deals) for game, deals in data["points"].items()},
            tuple(tuple(d) for d in data["mb_wins"]),
            bool(data["cancelled"]),
        )

    def head(self, deals: int) -> ExperimentResult:
        """The first ``deals`` deals only (a run with fewer deals gives exactly this)."""
        return ExperimentResult(
            self.labels,
            {game: rows[:deals] for game, rows in self.points.items()},
            self.mb_wins[:deals],
            self.cancelled,
        )

    def estimate(self, game: str, label: str) -> Estimate:
        """Mean points (units) per deal of one arrangement."""
        i = self.labels.index(label)
        return Estimate.of([deal[i] for deal in self.points[game]])

    def difference(self, game: str, first: str, second: str) -> Estimate:
        """How much more ``first`` scores than ``second`` per deal (paired)."""
        i, j = self.labels.index(first), self.labels.index(second)
        return Estimate.of([deal[i] - deal[j] for deal in self.points[game]])

    def win_rate(self, label: str) -> Estimate:
        """Share of Mậu Binh settlements won (each opponent as the dealer)."""
        i = self.labels.index(label)
        return Estimate.of([deal[i] / 3 for deal in self.mb_wins])

    def verdict(self, game: str, against: Sequence[str] | None = None) -> str:
        """'holds', 'fails' or 'unclear' for the first (advised) arrangement
        against the others (or those named in ``against``)."""
        others = self.labels[1:] if against is None else against
        diffs = [self.difference(game, self.labels[0], other) for other in others]
        if all(d.low > 0 for d in diffs):
            return "holds"
        if any(d.high < 0 for d in diffs):
            return "fails"
        return "unclear"


_CP_RULES = chinese_poker.PRESETS["source"]
_MB_RULES = mau_binh.PRESETS["source"]


def _deal_results(
    mine: Sequence[Arrangement], rest: Sequence[Card], seed: int, index: int, opponents: str
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """One deal: CP points, MB units and MB wins of each of ``mine``."""
    others = list(rest)
    random.Random(seed * 1_000_003 + index).shuffle(others)
    hands = [Cards(others[13 * k : 13 * k + 13]) for k in range(3)]
    cp_opponents = [solver_arrangement(h, _CP_NAME, objective=opponents) for h in hands]
    mb_opponents = [solver_arrangement(h, _MB_NAME, objective=opponents) for h in hands]
    cp, mb, wins = [], [], []
    for arr in mine:
        cp.append(sum(chinese_poker.score_pair(arr, o, _CP_RULES).points for o in cp_opponents))
        outcomes = [int(mau_binh.settle(arr, o, _MB_RULES).outcome) for o in mb_opponents]
        mb.append(sum(outcomes))
        wins.append(sum(o > 0 for o in outcomes))
    return tuple(cp), tuple(mb), tuple(wins)


def _chunk(
    mine: Sequence[Arrangement], rest: Sequence[Card], seed: int, indices: range, opponents: str
) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    return [_deal_results(mine, rest, seed, i, opponents) for i in indices]


def run_experiment(
    arrangements: dict[str, Arrangement],
    deals: int = 1_000,
    seed: int = 0,
    *,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    workers: int | None = 1,
    chunk: int = 50,
    opponents: str = "expected",
) -> ExperimentResult:
    """Play ``deals`` seeded deals; every arrangement meets the same opponents.

    ``progress(done, total)`` is called after each chunk of deals;
    ``should_stop()`` returning True ends the run early (the result says
    ``cancelled`` and holds the deals played).  ``workers`` > 1 spreads the
    chunks over that many processes (``None``: one per CPU); the results do
    not depend on it, since each deal's cards depend only on ``seed`` and its
    number.  ``opponents`` is the objective the opponents set their hands
    by (see :func:`~rules_lib.setting.expected.solve`).
    """
    if opponents not in OBJECTIVES:
        raise UnknownOptionError(
            f"no objective {opponents!r}; choose one of: {', '.join(OBJECTIVES)}"
        )
    labels = tuple(arrangements)
    mine = [arrangements[label] for label in labels]
    cards = set(mine[0].cards)
    for label, arr in arrangements.items():
        if set(arr.cards) != cards:
            raise DuplicateCardError(f"{label!r} does not use the same 13 cards as {labels[0]!r}")
    rest = [c for c in standard_deck() if isinstance(c, Card) and c not in cards]
    pieces = [range(s, min(s + chunk, deals)) for s in range(0, deals, chunk)]
    done: dict[int, list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]] = {}
    stopped = False
    workers = workers or os.cpu_count() or 1
    if workers > 1 and len(pieces) > 1:
        with ProcessPoolExecutor(workers, mp_context=get_context("fork")) as pool:
            futures = {
                pool.submit(_chunk, mine, rest, seed, piece, opponents): n
                for n, piece in enumerate(pieces)
            }
            for future in as_completed(futures):
                done[futures[future]] = future.result()
                if progress is not None:
                    progress(sum(len(v) for v in done.values()), deals)
                if should_stop is not None and should_stop():
                    stopped = True
                    for f in futures:
                        f.cancel()
                    break
        # keep whole chunks from the start only, so a cancelled run is a prefix
        kept = []
        for n in range(len(pieces)):
            if n not in done:
                break
            kept.append(n)
        rows = [r for n in kept for r in done[n]]
    else:
        rows = []
        for piece in pieces:
            rows += _chunk(mine, rest, seed, piece, opponents)
            if progress is not None:
                progress(len(rows), deals)
            if should_stop is not None and should_stop():
                stopped = len(rows) < deals
                break
    return ExperimentResult(
        labels,
        {_CP_NAME: tuple(r[0] for r in rows), _MB_NAME: tuple(r[1] for r in rows)},
        tuple(r[2] for r in rows),
        cancelled=stopped,
    )


@dataclass(frozen=True)
class HeadToHead:
    """Seat 0 set by the expected-points objective, then by the strength
    objective, against the same three opponents each deal: points per deal."""

    game: str
    opponents: str
    expected: tuple[float, ...]
    strength: tuple[float, ...]

    @property
    def gain(self) -> tuple[float, float, float]:
        """The mean gain per deal of expected points over strength, with its 95% interval."""
        diffs = [a - b for a, b in zip(self.expected, self.strength, strict=True)]
        mean = fmean(diffs)
        half = 1.96 * stdev(diffs) / sqrt(len(diffs))
        return mean, mean - half, mean + half


def head_to_head(game: str, deals: int, seed: int, opponents: str = "strength") -> HeadToHead:
    """Deal four hands ``deals`` times; seat 0 set both ways (common random
    numbers), the three others set by ``opponents`` (``"strength"``, the
    book's bots today, or ``"expected"``).  ``game`` is a key: Mậu Binh: each
    opponent is the dealer in turn, a unit a settlement; Chinese Poker:
    points against the three (source rules, special hands declared).

    >>> duel = head_to_head("chinese_poker", 2, 1)
    >>> len(duel.expected), len(duel.strength)
    (2, 2)
    """
    if game not in SET_HAND_GAMES:
        raise UnknownOptionError(
            f"no expected-points game {game!r}; choose one of: {', '.join(SET_HAND_GAMES)}"
        )
    setters: dict[str, Callable[[Sequence[AnyCard]], Arrangement]] = {
        "strength": strongest_arrangement,
        "expected": partial(expected_best_arrangement, game=game),
    }
    if opponents not in setters:
        raise UnknownOptionError(f"no opponents {opponents!r}; choose strength or expected")
    mine: dict[str, list[float]] = {"expected": [], "strength": []}
    for d in range(deals):
        hands = deal(seed * 1_000_003 + d)
        others = [setters[opponents](h) for h in hands[1:]]
        for name, setter in setters.items():
            arr = setter(hands[0])
            if game == "mau_binh":
                mine[name].append(sum(int(mau_binh.settle(arr, o).outcome) for o in others))
            else:
                mine[name].append(sum(chinese_poker.score_pair(arr, o).points for o in others))
    return HeadToHead(game, opponents, tuple(mine["expected"]), tuple(mine["strength"]))


def home_head_to_head(deal_numbers: Sequence[int]) -> tuple[list[int], list[int]]:
    """Mậu Binh under the ``home`` rules (each row paid, with bonuses): seat 0
    set for the rows it is paid by, and set as for the source's majority,
    against the same three opponents who set for the rows; seat 0's units in
    each deal, both ways.

    >>> minding, not_minding = home_head_to_head([1, 2])
    >>> len(minding), len(not_minding)
    (2, 2)
    """
    home = mau_binh.PRESETS["home"]
    majority = mau_binh.PRESETS["source"].with_options(strict_row_order=home.strict_row_order)
    minding: list[int] = []
    not_minding: list[int] = []
    for number in deal_numbers:
        hands = deal(number)
        table = [solver_arrangement(h, _MB_NAME, home) for h in hands]
        other = solver_arrangement(hands[0], _MB_NAME, majority)
        minding.append(mau_binh.settle_table(table, home)[0])
        not_minding.append(mau_binh.settle_table([other, *table[1:]], home)[0])
    return minding, not_minding
