"""Mậu Binh: settling arranged hands against the dealer (docs/GAMES.md §2a).

Every house rule is a field of :class:`~.rules.MauBinhRules`; :func:`settle`
settles one player with another, :func:`settle_pairs` and :func:`settle_table`
a whole table.

>>> dealer = Arrangement.parse("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c")
>>> player = Arrangement.parse("Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c")
>>> settle(player, dealer).outcome
<Outcome.WIN: 1>
>>> settle(player, dealer).reason
'won 2 of 3 rows against the dealer: back wins, middle loses, front wins'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from ..setting.rows import ROWS, Arrangement, Row, check_disjoint
from ..setting.specials import Special, arrangement_specials, find_specials, more_specials
from .rules import BONUS_KEYS, MauBinhRules

__all__ = [
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

_DEFAULT = MauBinhRules()


class Outcome(IntEnum):
    """A player's result against the dealer (or another player)."""

    LOSS = -1
    TIE = 0
    WIN = 1


def instant_win(arr: Arrangement, rules: MauBinhRules = _DEFAULT) -> Special | None:
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


def is_misset(arr: Arrangement, rules: MauBinhRules = _DEFAULT) -> bool:
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


def row_bonus(rules: MauBinhRules, row: Row, arr: Arrangement) -> tuple[int, str]:
    """What ``row`` of ``arr`` pays when it wins, and the bonus's name ('' for 1).

    >>> from rules_lib.mau_binh import PRESETS
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

    >>> from rules_lib.mau_binh import PRESETS
    >>> home = PRESETS["home"]
    >>> swept_value(Arrangement.parse("9s 9h 9d 4c 4s / 8s 8h 8d 2c 2s / Qs Qh Qd"), home)
    12
    """
    return rules.sweep_multiplier * sum(row_bonus(rules, row, arr)[0] for row in ROWS)


def settle(
    player: Arrangement,
    opponent: Arrangement,
    rules: MauBinhRules = _DEFAULT,
    *,
    opponent_is_dealer: bool = True,
) -> Settlement:
    """Settle ``player`` against ``opponent`` (the dealer, unless told otherwise).

    Instant wins come first, then misset hands (which lose outright; two
    misset hands tie, or go to the dealer with ``both_misset="dealer wins"``),
    then the rows are compared one by one.

    Under the ``home`` rules each row is paid on its own, with its bonus:

    >>> from rules_lib.mau_binh import PRESETS
    >>> home = PRESETS["home"]
    >>> player = Arrangement.parse("As Ad Ah 5c 5d / 10d 10c 10h 6s 6d / Qs Qh 4h")
    >>> dealer = Arrangement.parse("Jd Js 9h 9s 4d / 8d 8c 7h 7s 2h / Kd 3c 2c")
    >>> result = settle(player, dealer, home)
    >>> result.units, result.reason
    (8, 'won 3 of 3 rows against the dealer: back +1, middle +2 (full house in the middle), front +1; all three: ×2')
    """
    check_disjoint((player, opponent), ("the player", "the opponent"))
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
    for misset, other, whose, outcome in (
        (player, opponent, "the player's", Outcome.LOSS),
        (opponent, player, f"{who}'s", Outcome.WIN),
    ):
        if misset.is_misset(strict):  # it loses outright, or pays as if swept
            units = outcome * (swept_value(other, rules) if rules.misset_as_swept else 1)
            paid = " and pays as if swept" if rules.misset_as_swept else ""
            reason = f"{whose} hand is {misset.misset_reason(strict)}{paid}{_units(units, rules)}"
            return Settlement(outcome, reason, units=units)
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
    rules: MauBinhRules = _DEFAULT,
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
    rules: MauBinhRules = _DEFAULT,
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
    check_disjoint(hands, names)
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
