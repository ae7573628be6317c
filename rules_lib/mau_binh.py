"""Mậu Binh: settling arranged hands against the dealer (docs/GAMES.md §2a).

Every house rule is a field of :class:`MauBinhRules`; :data:`PRESETS` names
the source's reading and the common variant.

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

from .arrange import ROWS, Arrangement, Row, Special, arrangement_specials, find_specials
from .errors import DuplicateCardError
from .rules_base import RulesBase

__all__ = [
    "PRESETS",
    "MauBinhRules",
    "Outcome",
    "Settlement",
    "instant_win",
    "is_misset",
    "settle",
    "settle_table",
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

    >>> MauBinhRules().with_options(dealer_wins_ties=False).dealer_wins_ties
    False
    >>> MauBinhRules().with_options(tie_goes_to="player")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: Mậu Binh has no rule option 'tie_goes_to'; its options are: straight_flush_and_quads_instant, instant_win_order, dealer_wins_ties, settle_with, strict_row_order, instant_wins_when_misset, both_misset, six_pairs_exactly, ace_low_front_straight
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


PRESETS: dict[str, MauBinhRules] = {
    "source": MauBinhRules(),
    "poker categories": MauBinhRules(straight_flush_and_quads_instant=False),
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
    """One player's result against one opponent, and why."""

    outcome: Outcome
    reason: str
    rows: tuple[Outcome, ...] = ()


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
            beaten = f", which beats {who}'s {theirs.label}" if theirs else ""
            return Settlement(Outcome.WIN, f"instant win: {mine.label}{beaten}")  # type: ignore[union-attr]
        beaten = f", which beats the player's {mine.label}" if mine else ""
        return Settlement(Outcome.LOSS, f"{who} has an instant win: {theirs.label}{beaten}")  # type: ignore[union-attr]
    strict = rules.strict_row_order
    if player.is_misset(strict) and opponent.is_misset(strict):
        if opponent_is_dealer and rules.both_misset == "dealer wins":
            return Settlement(Outcome.LOSS, "both hands are misset: the dealer wins")
        return Settlement(Outcome.TIE, "both hands are misset: a tie")
    if player.is_misset(strict):
        return Settlement(Outcome.LOSS, f"the player's hand is {player.misset_reason(strict)}")
    if opponent.is_misset(strict):
        return Settlement(Outcome.WIN, f"{who}'s hand is {opponent.misset_reason(strict)}")
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
    words = {Outcome.WIN: "wins", Outcome.LOSS: "loses", Outcome.TIE: "ties"}
    detail = ", ".join(f"{row.value} {words[o]}" for row, o in zip(ROWS, rows, strict=True))
    if dealer_edge and any(a == b for a, b in zip(player.values(), opponent.values(), strict=True)):
        detail += " (a tie with the dealer counts as a loss)"
    outcome = Outcome.WIN if wins > losses else Outcome.LOSS if losses > wins else Outcome.TIE
    verb = {Outcome.WIN: "won", Outcome.LOSS: "lost", Outcome.TIE: "tied"}[outcome]
    return Settlement(
        outcome, f"{verb} {max(wins, losses)} of 3 rows against {who}: {detail}", tuple(rows)
    )


def settle_table(
    hands: Sequence[Arrangement],
    rules: MauBinhRules = MauBinhRules(),
    *,
    dealer: int = 0,
) -> list[int]:
    """Units won or lost by each seat at one table (a win is +1, a loss -1).

    With ``settle_with="dealer"`` each other seat settles only with the
    dealer, who takes the opposite of each result.

    >>> hands = [Arrangement.parse(t) for t in (
    ...     "Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c",
    ...     "Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c",
    ... )]
    >>> settle_table(hands)
    [-1, 1]
    """
    names = [f"seat {i}" for i in range(len(hands))]
    _check_disjoint(hands, names)
    totals = [0] * len(hands)
    for i in range(len(hands)):
        for j in range(i + 1, len(hands)):
            involves_dealer = dealer in (i, j)
            if rules.settle_with == "dealer" and not involves_dealer:
                continue
            if involves_dealer:
                player, other = (j, i) if i == dealer else (i, j)
                result = settle(hands[player], hands[other], rules).outcome
            else:
                player, other = i, j
                result = settle(hands[i], hands[j], rules, opponent_is_dealer=False).outcome
            totals[player] += int(result)
            totals[other] -= int(result)
    return totals


def rows_of(arr: Arrangement) -> dict[Row, str]:
    """Each row's value in words (for tables)."""
    return {row: str(v) for row, v in zip(ROWS, arr.values(), strict=True)}
