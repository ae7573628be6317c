"""Mậu Binh: settling arranged hands against the dealer (docs/GAMES.md §2a).

Every house rule is a field of :class:`MauBinhRules`; :data:`PRESETS` names
the source's reading (``"source"``), the common variant (``"poker
categories"``) and the home rules played for points (``"home"``,
docs/GAMES.md §2a).

>>> dealer = Arrangement.parse("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c")
>>> player = Arrangement.parse("Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c")
>>> settle(player, dealer).outcome
<Outcome.WIN: 1>
>>> settle(player, dealer).reason
'won 2 of 3 rows against the dealer: back wins, middle loses, front wins'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Literal

from .arrange import (
    ROWS,
    Arrangement,
    Row,
    Special,
    arrangement_specials,
    find_specials,
    more_specials,
)
from .errors import DuplicateCardError, RulesError
from .poker import Category
from .rules_base import RulesBase

__all__ = [
    "PRESETS",
    "ROW_BONUS_NAMES",
    "MauBinhRules",
    "Outcome",
    "Settlement",
    "instant_win",
    "is_misset",
    "row_bonus",
    "settle",
    "settle_pairs",
    "settle_table",
    "swept_value",
]

GLOSSARY = {
    "Mậu Binh": "the game itself (also called Binh Xập Xám, 'thirteen-card binh')",
    "binh lủng": "a misset hand: a row stronger than the row behind it; it loses outright",
    "chi": "a row of the hand: each of the three rows is a chi",
    "sảnh rồng": "the dragon: one card of every rank, 2 to ace",
    "thùng phá sảnh": "straight flush",
    "tứ quý": "four of a kind",
    "cù lũ": "full house",
    "thùng": "flush",
    "sảnh": "straight",
    "xám": "three of a kind",
    "thú": "two pair",
    "đôi": "a pair",
    "mậu thầu": "high card (no combination)",
    "lục phé bôn": "six pairs",
    "ba thùng": "three flushes",
    "ba sảnh": "three straights",
    "ăn chi": "settling row by row: a unit for each row won",
    "sập ba chi": "winning all three rows against a player, who pays double",
    "sập làng": "sweeping every other player at the table",
    "rồng cuốn": "a dragon all of one suit",
    "đồng màu": "twelve or thirteen cards of one colour",
    "năm đôi một sám": "five pairs and a three of a kind",
}


class Outcome(IntEnum):
    """A player's result against the dealer (or another player)."""

    LOSS = -1
    TIE = 0
    WIN = 1


@dataclass(frozen=True)
class MauBinhRules(RulesBase, game="mau_binh"):
    """House rules of Mậu Binh.

    * ``straight_flush_and_quads_instant``: holding a straight flush or a four
      of a kind anywhere in the 13 cards wins at once (the source); if False,
      they are ordinary hand categories above the full house.
    * ``instant_win_order``: how two instant wins at one table compare, highest
      first; equal ones tie, with no edge for the dealer.  The source does not
      rank them; the default is the book's convention, not the order of rarity.
    * ``dealer_wins_ties``: a row that ties the dealer's row counts as a loss
      for the player (the source).
    * ``settle_with``: ``"dealer"`` (each player only against the dealer, the
      usual way) or ``"everyone"`` (every pair of players settles too; between
      two players who are not the dealer, a tied row is just a tie).

    The source is silent or can be read two ways on the next points; the
    defaults are the book's readings:

    * ``strict_row_order``: False (the book's reading) lets a row tie the
      row in front of it (back ≥ middle ≥ front); True wants each row
      strictly stronger, as the source words it, so a tie is misset.
    * ``instant_wins_when_misset``: True (the book's reading) lets the
      dragon, a straight flush, four of a kind and six pairs win however the
      rows are set; False makes a misset hand lose even with one of them.
      Three flushes and three straights always need the rows in order (the
      source says so).
    * ``both_misset``: when the player's and the dealer's hands are both
      misset: ``"tie"`` (the book's reading) or ``"dealer wins"`` (the
      dealer's edge again).  A misset dealer loses to every player whose
      hand is in order, like any misset hand.
    * ``six_pairs_exactly``: False (the book's reading) counts a four of a
      kind as two pairs and a three of a kind as a pair and a single; True
      wants six pairs of six ranks and a single of a seventh.
    * ``ace_low_front_straight``: True (the book's reading) lets A-2-3 be the
      front of three straights, as Q-K-A is; False accepts Q-K-A only.

    Playing for points (the ``home`` preset; the source names no stake, and
    the book's reading settles one unit a result):

    * ``more_instant_wins``: the one-suit dragon, thirteen or twelve cards of
      one colour, five pairs and a three of a kind, and three of a kind three
      times also win at once (where ``instant_win_order`` lists them).  The
      library's readings: they count by the cards held, so even in a misset
      hand (unless ``instant_wins_when_misset`` is False); a four of a kind
      counts as a three of a kind for three of a kind three times; five pairs
      and a three of a kind is exactly that, so four of a kind, three of a
      kind and three pairs are six pairs (``six_pairs_exactly`` decides).
      An instant win is always taken, even where the rows would pay more; a
      table that prefers the rows leaves the hand out of ``instant_win_order``.
    * ``scoring``: ``"majority"`` (one unit to whoever wins more rows, the
      source) or ``"rows"``: each row is settled on its own, a unit a row
      (*ăn chi*), or the row's bonus.
    * ``row_bonuses``: under ``"rows"``, what a won row pays instead of 1 when
      it holds a strong hand, by name (see :data:`ROW_BONUS_NAMES`).
    * ``sweep_multiplier``: winning all three rows against a player
      multiplies what they pay (*sập ba chi*); ``sweep_all_multiplier``
      multiplies it again when a player sweeps every other player (*sập làng*).
      The library's readings: a sweep is three rows compared and won, so a
      misset opponent (who pays as if swept) or one who wins at once is not
      swept, and keeps the sweeper from *sập làng*; with a single opponent
      there is no *sập làng* (it takes two players swept at least).
    * ``misset_as_swept``: a misset hand pays each player whose hand is in
      order as if swept by it (*binh lủng*), instead of one unit.
    * ``instant_win_points``: under ``"rows"``, what an instant win collects
      from each player, by kind (1 for a kind not named).

    >>> MauBinhRules().with_options(dealer_wins_ties=False).dealer_wins_ties
    False
    >>> MauBinhRules().with_options(tie_goes_to="player")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: Mậu Binh has no rule option 'tie_goes_to'; its options are: straight_flush_and_quads_instant, instant_win_order, dealer_wins_ties, settle_with, strict_row_order, instant_wins_when_misset, both_misset, six_pairs_exactly, ace_low_front_straight, more_instant_wins, scoring, row_bonuses, sweep_multiplier, sweep_all_multiplier, misset_as_swept, instant_win_points
    """

    straight_flush_and_quads_instant: bool = field(
        default=True, metadata={"doc": "straight flush and four of a kind win at once"}
    )
    instant_win_order: tuple[Special, ...] = field(
        default=(
            Special.DRAGON,
            Special.STRAIGHT_FLUSH,
            Special.FOUR_OF_A_KIND,
            Special.SIX_PAIRS,
            Special.THREE_FLUSHES,
            Special.THREE_STRAIGHTS,
        ),
        metadata={"doc": "instant wins, highest first"},
    )
    dealer_wins_ties: bool = field(
        default=True, metadata={"doc": "a row tied with the dealer is a loss for the player"}
    )
    settle_with: Literal["dealer", "everyone"] = field(
        default="dealer", metadata={"doc": "who settles with whom"}
    )
    strict_row_order: bool = field(
        default=False, metadata={"doc": "each row strictly stronger than the next (no ties)"}
    )
    instant_wins_when_misset: bool = field(
        default=True,
        metadata={"doc": "dragon, straight flush, four of a kind, six pairs win even misset"},
    )
    both_misset: Literal["tie", "dealer wins"] = field(
        default="tie", metadata={"doc": "two misset hands, player and dealer"}
    )
    six_pairs_exactly: bool = field(
        default=False, metadata={"doc": "six pairs must be six ranks and a single"}
    )
    ace_low_front_straight: bool = field(
        default=True, metadata={"doc": "A-2-3 is a straight in front (Q-K-A always is)"}
    )
    more_instant_wins: bool = field(
        default=False,
        metadata={"doc": "more instant wins: one-suit dragon, one colour, five pairs and trips"},
    )
    scoring: Literal["majority", "rows"] = field(
        default="majority", metadata={"doc": "one unit on the majority of rows, or each row"}
    )
    row_bonuses: tuple[tuple[str, int], ...] = field(
        default=(), metadata={"doc": "what a won row with a strong hand pays instead of 1"}
    )
    sweep_multiplier: int = field(
        default=1, metadata={"doc": "winning all three rows multiplies the payment"}
    )
    sweep_all_multiplier: int = field(
        default=1, metadata={"doc": "sweeping every other player multiplies it again"}
    )
    misset_as_swept: bool = field(default=False, metadata={"doc": "a misset hand pays as if swept"})
    instant_win_points: tuple[tuple[Special, int], ...] = field(
        default=(), metadata={"doc": "what an instant win collects from each player"}
    )

    def __post_init__(self) -> None:
        if self.scoring not in ("majority", "rows"):
            raise RulesError(f"scoring is 'majority' or 'rows', not {self.scoring!r}")
        unknown = [name for name, _ in self.row_bonuses if name not in ROW_BONUS_NAMES]
        if unknown:
            raise RulesError(
                f"no row bonus {unknown[0]!r}; the row bonuses are: {', '.join(ROW_BONUS_NAMES)}"
            )
        for name in ("sweep_multiplier", "sweep_all_multiplier"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 1:
                raise RulesError(f"{name} is a whole number from 1, not {value!r}")
        points = [*(v for _, v in self.row_bonuses), *(v for _, v in self.instant_win_points)]
        if not all(isinstance(v, int) and v >= 1 for v in points):
            raise RulesError("row bonuses and instant-win points are whole numbers from 1")
        if self.scoring == "majority" and (
            self.row_bonuses or self.misset_as_swept or self.sweep_multiplier > 1
        ):
            raise RulesError("row bonuses, sweeps and misset-as-swept need scoring='rows'")

    def instant_price(self, special: Special) -> int:
        """What an instant win collects from each player (1 under the majority scoring)."""
        if self.scoring == "majority":
            return 1
        return dict(self.instant_win_points).get(special, 1)


#: Row bonuses by name: the row and the hand that earn one (``MauBinhRules.row_bonuses``).
BONUS_KEYS: dict[tuple[Row, Category], str] = {
    (Row.FRONT, Category.THREE_OF_A_KIND): "trips in front",
    (Row.MIDDLE, Category.FULL_HOUSE): "full house in the middle",
    (Row.BACK, Category.FOUR_OF_A_KIND): "four of a kind in the back",
    (Row.MIDDLE, Category.FOUR_OF_A_KIND): "four of a kind in the middle",
    (Row.BACK, Category.STRAIGHT_FLUSH): "straight flush in the back",
    (Row.MIDDLE, Category.STRAIGHT_FLUSH): "straight flush in the middle",
}
ROW_BONUS_NAMES: tuple[str, ...] = tuple(BONUS_KEYS.values())

PRESETS: dict[str, MauBinhRules] = {
    "source": MauBinhRules(),
    "poker categories": MauBinhRules(straight_flush_and_quads_instant=False),
    "home": MauBinhRules(
        straight_flush_and_quads_instant=False,
        instant_win_order=(
            Special.ONE_SUIT_DRAGON,
            Special.DRAGON,
            Special.THIRTEEN_ONE_COLOUR,
            Special.TWELVE_ONE_COLOUR,
            Special.FIVE_PAIRS_AND_TRIPS,
            Special.SIX_PAIRS,
            Special.THREE_TRIPS,
            Special.THREE_FLUSHES,
            Special.THREE_STRAIGHTS,
        ),
        dealer_wins_ties=False,
        settle_with="everyone",
        strict_row_order=True,
        more_instant_wins=True,
        scoring="rows",
        row_bonuses=(
            ("trips in front", 3),
            ("full house in the middle", 2),
            ("four of a kind in the back", 4),
            ("four of a kind in the middle", 8),
            ("straight flush in the back", 5),
            ("straight flush in the middle", 10),
        ),
        sweep_multiplier=2,
        sweep_all_multiplier=2,
        misset_as_swept=True,
        instant_win_points=(
            (Special.ONE_SUIT_DRAGON, 26),
            (Special.DRAGON, 13),
            (Special.THIRTEEN_ONE_COLOUR, 10),
            (Special.TWELVE_ONE_COLOUR, 8),
            (Special.FIVE_PAIRS_AND_TRIPS, 8),
            (Special.SIX_PAIRS, 6),
            (Special.THREE_TRIPS, 6),
            (Special.THREE_FLUSHES, 6),
            (Special.THREE_STRAIGHTS, 6),
        ),
    ),
}


def instant_win(arr: Arrangement, rules: MauBinhRules = MauBinhRules()) -> Special | None:
    """The highest instant win the hand holds, or ``None``.

    The dragon, six pairs and (by default) a straight flush or four of a kind
    count wherever the cards are (by default even in a misset hand: the
    option ``instant_wins_when_misset``); three flushes and three straights
    count only when the hand is *set* that way and not misset.

    >>> instant_win(Arrangement.parse("2s 2d 4h 4c 6s / 6d 8c 8h 10s 10d / Qh Qc As"))
    <Special.SIX_PAIRS: 'six pairs'>
    """
    misset = is_misset(arr, rules)
    if misset and not rules.instant_wins_when_misset:
        return None
    held = find_specials(
        arr.cards,
        six_pairs_exactly=rules.six_pairs_exactly,
        ace_low_front=rules.ace_low_front_straight,
    )
    held -= {Special.THREE_FLUSHES, Special.THREE_STRAIGHTS}
    if rules.more_instant_wins:
        held |= more_specials(arr.cards)
    if not misset:
        held |= arrangement_specials(arr, ace_low_front=rules.ace_low_front_straight)
    if not rules.straight_flush_and_quads_instant:
        held -= {Special.STRAIGHT_FLUSH, Special.FOUR_OF_A_KIND}
    for special in rules.instant_win_order:
        if special in held:
            return special
    return None


def is_misset(arr: Arrangement, rules: MauBinhRules = MauBinhRules()) -> bool:
    """Whether ``arr`` is misset under these rules (see ``strict_row_order``).

    >>> twins = Arrangement.parse("As Kd 9c 7h 5s / Ah Kc 9d 7s 5h / Qs 3d 2c")
    >>> is_misset(twins), is_misset(twins, MauBinhRules(strict_row_order=True))
    (False, True)
    """
    return arr.is_misset(rules.strict_row_order)


@dataclass(frozen=True)
class Settlement:
    """One player's result against one opponent, and why.

    ``units`` are what the player wins (or, negative, pays): the outcome's
    one unit under the source's scoring; under ``scoring="rows"`` each row's
    unit or bonus, a sweep multiplied, an instant win's price.
    """

    outcome: Outcome
    reason: str
    rows: tuple[Outcome, ...] = ()
    units: int = 0

    @property
    def swept(self) -> bool:
        """The player won all three rows."""
        return len(self.rows) == 3 and all(o is Outcome.WIN for o in self.rows)


def _check_disjoint(hands: Sequence[Arrangement], names: Sequence[str]) -> None:
    owner: dict[tuple[object, object], str] = {}
    for name, arr in zip(names, hands, strict=True):
        for card in arr.cards:
            key = (card.rank, card.suit)  # type: ignore[union-attr]
            if key in owner:
                raise DuplicateCardError(
                    f"{card} is in the hands of both {owner[key]} and {name}; a deck has one {card}"
                )
            owner[key] = name


def row_bonus(rules: MauBinhRules, row: Row, arr: Arrangement) -> tuple[int, str]:
    """What ``row`` of ``arr`` pays when it wins, and the bonus's name ('' for 1).

    >>> from rules_lib.arrange import Row
    >>> row_bonus(PRESETS["home"], Row.FRONT, Arrangement.parse("As Ad 5c 5d 5h / Kd Kc 10h 6s 6d / Qs Qh Qd"))
    (3, 'trips in front')
    """
    category = arr.values()[ROWS.index(row)].category
    name = BONUS_KEYS.get((row, category))
    bonus = dict(rules.row_bonuses).get(name or "")
    return (bonus, name or "") if bonus else (1, "")


def swept_value(arr: Arrangement, rules: MauBinhRules) -> int:
    """What a player pays ``arr`` when swept by it: each row's unit or bonus,
    times ``rules.sweep_multiplier`` (a misset hand pays this under
    ``misset_as_swept``).

    >>> home = PRESETS["home"]
    >>> swept_value(Arrangement.parse("9s 9h 9d 4c 4s / 8s 8h 8d 2c 2s / Qs Qh Qd"), home)
    12
    """
    return rules.sweep_multiplier * sum(row_bonus(rules, row, arr)[0] for row in ROWS)


def settle(
    player: Arrangement,
    opponent: Arrangement,
    rules: MauBinhRules = MauBinhRules(),
    *,
    opponent_is_dealer: bool = True,
) -> Settlement:
    """Settle ``player`` against ``opponent`` (the dealer, unless told otherwise).

    Instant wins come first, then misset hands (which lose outright; two
    misset hands tie, or go to the dealer with ``both_misset="dealer wins"``),
    then the rows are compared one by one.

    Under the ``home`` rules each row is paid on its own, with its bonus:

    >>> home = PRESETS["home"]
    >>> player = Arrangement.parse("As Ad Ah 5c 5d / 10d 10c 10h 6s 6d / Qs Qh 4h")
    >>> dealer = Arrangement.parse("Jd Js 9h 9s 4d / 8d 8c 7h 7s 2h / Kd 3c 2c")
    >>> result = settle(player, dealer, home)
    >>> result.units, result.reason
    (8, 'won 3 of 3 rows against the dealer: back +1, middle +2 (full house in the middle), front +1; all three: ×2')
    """
    _check_disjoint((player, opponent), ("the player", "the opponent"))
    who = "the dealer" if opponent_is_dealer else "the opponent"
    mine, theirs = instant_win(player, rules), instant_win(opponent, rules)
    if mine or theirs:
        order = rules.instant_win_order
        rank_mine = order.index(mine) if mine else len(order)
        rank_theirs = order.index(theirs) if theirs else len(order)
        if rank_mine == rank_theirs:
            return Settlement(Outcome.TIE, f"both hold {mine.label} (an instant win): a tie")  # type: ignore[union-attr]
        if rank_mine < rank_theirs:
            assert mine is not None
            beaten = f", which beats {who}'s {theirs.label}" if theirs else ""
            price = rules.instant_price(mine)
            return Settlement(
                Outcome.WIN, f"instant win: {mine.label}{beaten}{_units(price, rules)}", units=price
            )
        assert theirs is not None
        beaten = f", which beats the player's {mine.label}" if mine else ""
        price = rules.instant_price(theirs)
        return Settlement(
            Outcome.LOSS,
            f"{who} has an instant win: {theirs.label}{beaten}{_units(-price, rules)}",
            units=-price,
        )
    strict = rules.strict_row_order
    if player.is_misset(strict) and opponent.is_misset(strict):
        if opponent_is_dealer and rules.both_misset == "dealer wins":
            return Settlement(Outcome.LOSS, "both hands are misset: the dealer wins", units=-1)
        return Settlement(Outcome.TIE, "both hands are misset: a tie")
    if player.is_misset(strict):
        price = swept_value(opponent, rules) if rules.misset_as_swept else 1
        paid = " and pays as if swept" if rules.misset_as_swept else ""
        return Settlement(
            Outcome.LOSS,
            f"the player's hand is {player.misset_reason(strict)}{paid}{_units(-price, rules)}",
            units=-price,
        )
    if opponent.is_misset(strict):
        price = swept_value(player, rules) if rules.misset_as_swept else 1
        paid = " and pays as if swept" if rules.misset_as_swept else ""
        return Settlement(
            Outcome.WIN,
            f"{who}'s hand is {opponent.misset_reason(strict)}{paid}{_units(price, rules)}",
            units=price,
        )
    dealer_edge = opponent_is_dealer and rules.dealer_wins_ties
    rows: list[Outcome] = []
    for a, b in zip(player.values(), opponent.values(), strict=True):
        if a > b:
            rows.append(Outcome.WIN)
        elif a < b or dealer_edge:
            rows.append(Outcome.LOSS)
        else:
            rows.append(Outcome.TIE)
    wins, losses = rows.count(Outcome.WIN), rows.count(Outcome.LOSS)
    outcome = Outcome.WIN if wins > losses else Outcome.LOSS if losses > wins else Outcome.TIE
    verb = {Outcome.WIN: "won", Outcome.LOSS: "lost", Outcome.TIE: "tied"}[outcome]
    head = f"{verb} {max(wins, losses)} of 3 rows against {who}"
    if rules.scoring == "rows":
        units, detail = _row_units(player, opponent, rows, rules)
        return Settlement(outcome, f"{head}: {detail}", tuple(rows), units)
    words = {Outcome.WIN: "wins", Outcome.LOSS: "loses", Outcome.TIE: "ties"}
    detail = ", ".join(f"{row.value} {words[o]}" for row, o in zip(ROWS, rows, strict=True))
    if dealer_edge and any(a == b for a, b in zip(player.values(), opponent.values(), strict=True)):
        detail += " (a tie with the dealer counts as a loss)"
    return Settlement(outcome, f"{head}: {detail}", tuple(rows), int(outcome))


def _units(units: int, rules: MauBinhRules) -> str:
    if rules.scoring == "majority":
        return ""
    return f": {units:+d}".replace("-", "−")


def _row_units(
    player: Arrangement, opponent: Arrangement, rows: Sequence[Outcome], rules: MauBinhRules
) -> tuple[int, str]:
    """Each row paid on its own (its unit or bonus), a sweep multiplied; and the words."""
    total, parts = 0, []
    for row, o in zip(ROWS, rows, strict=True):
        if o is Outcome.TIE:
            parts.append(f"{row.value} ties")
            continue
        bonus, name = row_bonus(rules, row, player if o is Outcome.WIN else opponent)
        units = bonus if o is Outcome.WIN else -bonus
        total += units
        why = f" ({name})" if name else ""
        parts.append(f"{row.value} {units:+d}{why}".replace("-", "−"))
    detail = ", ".join(parts)
    if len(set(rows)) == 1 and rows[0] is not Outcome.TIE and rules.sweep_multiplier > 1:
        total *= rules.sweep_multiplier
        detail += f"; all three: ×{rules.sweep_multiplier}"
    return total, detail


def settle_table(
    hands: Sequence[Arrangement],
    rules: MauBinhRules = MauBinhRules(),
    *,
    dealer: int = 0,
) -> list[int]:
    """Units won or lost by each seat at one table (a win is +1, a loss -1).

    With ``settle_with="dealer"`` each other seat settles only with the
    dealer, who takes the opposite of each result.  Under ``scoring="rows"``
    the units are each pair's :attr:`Settlement.units`, and a player who
    sweeps every other player, two at least, collects ``sweep_all_multiplier``
    times (a misset opponent, or one who wins at once, is not swept: see
    :class:`MauBinhRules`).

    >>> hands = [Arrangement.parse(t) for t in (
    ...     "Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c",
    ...     "Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c",
    ... )]
    >>> settle_table(hands)
    [-1, 1]
    """
    return [sum(row) for row in settle_pairs(hands, rules, dealer=dealer)]


def settle_pairs(
    hands: Sequence[Arrangement],
    rules: MauBinhRules = MauBinhRules(),
    *,
    dealer: int = 0,
) -> list[list[int]]:
    """What each seat wins from each other seat: ``pairs[i][j] == -pairs[j][i]``.

    >>> hands = [Arrangement.parse(t) for t in (
    ...     "Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c",
    ...     "Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c",
    ... )]
    >>> settle_pairs(hands)
    [[0, -1], [1, 0]]
    """
    names = [f"seat {i}" for i in range(len(hands))]
    _check_disjoint(hands, names)
    n = len(hands)
    pairs = [[0] * n for _ in range(n)]
    sweeps: dict[int, list[int]] = {}
    settled: dict[int, int] = {}
    for i in range(n):
        for j in range(i + 1, n):
            involves_dealer = dealer in (i, j)
            if rules.settle_with == "dealer" and not involves_dealer:
                continue
            if involves_dealer:
                player, other = (j, i) if i == dealer else (i, j)
                result = settle(hands[player], hands[other], rules)
            else:
                player, other = i, j
                result = settle(hands[i], hands[j], rules, opponent_is_dealer=False)
            pairs[player][other] += result.units
            pairs[other][player] -= result.units
            settled[player] = settled.get(player, 0) + 1
            settled[other] = settled.get(other, 0) + 1
            if result.swept:
                sweeps.setdefault(player, []).append(other)
            elif len(result.rows) == 3 and all(o is Outcome.LOSS for o in result.rows):
                sweeps.setdefault(other, []).append(player)
    if rules.sweep_all_multiplier > 1:
        for seat, swept in sweeps.items():
            if len(swept) >= 2 and len(swept) == settled[seat]:
                for other in swept:
                    pairs[seat][other] *= rules.sweep_all_multiplier
                    pairs[other][seat] *= rules.sweep_all_multiplier
    return pairs


def rows_of(arr: Arrangement) -> dict[Row, str]:
    """Each row's value in words (for tables)."""
    return {row: str(v) for row, v in zip(ROWS, arr.values(), strict=True)}
