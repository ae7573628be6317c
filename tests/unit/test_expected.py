"""Expected points (rules_lib.expected): each row's score is what the game's own
settlement pays, averaged over the rows opponents set; the solver finds the
arrangement with the most; the shipped distributions are the solver's own
fixed point."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from rules_lib.arrange import Arrangement, deal
from rules_lib.cards import Cards
from rules_lib.chinese_poker import ChinesePokerRules, score_pair
from rules_lib.errors import UnknownOptionError
from rules_lib.expected import (
    GAMES,
    RowDistributions,
    expected_best_arrangement,
    expected_best_arrangements,
    expected_points,
    load,
    measure,
    movement,
    random_hands,
)
from rules_lib.mau_binh import Outcome, settle

# a small table: the dealer's (or opponent's) hands, set as the solver sets them
TABLE = [expected_best_arrangement(h, "mau_binh", load("mau_binh")) for h in random_hands(4, 5)]


def _dist(arrangements: list[Arrangement]) -> RowDistributions:
    """The rows of ``arrangements`` as distributions."""
    counts: list[Counter[int]] = [Counter(), Counter(), Counter()]
    for arr in arrangements:
        for row, value in zip(counts, arr.values(), strict=True):
            row[value.code] += 1
    return RowDistributions(*(dict(c) for c in counts), hands=len(arrangements))


def _opponent_rows(dist: RowDistributions) -> list[tuple[int, int, int]]:
    """Every combination of one back, one middle and one front the distribution
    holds, each as often as the product of the counts (the rows independent)."""
    out = []
    for b, m, f in itertools.product(dist.back.items(), dist.middle.items(), dist.front.items()):
        out += [(b[0], m[0], f[0])] * (b[1] * m[1] * f[1])
    return out


def test_mau_binh_expected_points_are_the_settlements_average_with_ties_lost():
    mine = expected_best_arrangement(deal(11)[0], "mau_binh", _dist(TABLE))
    dist = _dist([*TABLE, mine])  # a dealer whose rows tie each of mine
    combos = _opponent_rows(dist)
    total = 0
    for b, m, f in combos:
        # the dealer's rows as values: settle compares values row by row
        rows = [(v > o) - (v <= o) for v, o in zip((x.code for x in mine.values()), (b, m, f))]
        wins = rows.count(1)
        total += 1 if wins >= 2 else -1
    assert expected_points(mine, "mau_binh", dist) == pytest.approx(total / len(combos))


def test_mau_binh_settle_agrees_a_tied_row_loses():
    # back and middle tie, the front wins: one row won, two lost to the dealer
    a = Arrangement.parse("As Ks Qs Js 9s / 2h 2c 5h 6c 7h / Kc 3d 4h")
    b = Arrangement.parse("Ad Kd Qd Jd 9d / 2d 2s 5d 6s 7d / Tc 8h 3c")
    assert settle(a, b).outcome is Outcome.LOSS


def test_chinese_poker_row_points_are_the_scoring_functions_average():
    rules = ChinesePokerRules()
    table = [
        expected_best_arrangement(h, "chinese_poker", load("chinese_poker"))
        for h in random_hands(5, 8)
    ]
    dist = _dist(table)
    mine = expected_best_arrangement(deal(3)[0], "chinese_poker", dist)
    total = 0
    for other in table:  # each row of each opponent counts once per combination; rows add up
        total += score_pair(mine, other, rules, a_declares=False, b_declares=False).points
    assert expected_points(mine, "chinese_poker", dist) == pytest.approx(total / len(table))
    # a misset hand loses every row and pays the royalty of the row it meets
    misset = Arrangement(mine.middle, mine.back, mine.front)
    assert misset.is_misset()
    paid = [score_pair(misset, o, rules, a_declares=False, b_declares=False).points for o in table]
    assert expected_points(misset, "chinese_poker", dist) == pytest.approx(sum(paid) / len(table))


@pytest.mark.parametrize("game", GAMES)
def test_the_solver_finds_the_arrangements_with_the_most_expected_points(game):
    dist = load(game)
    hand = deal(21)[1]
    best = expected_best_arrangement(hand, game, dist)
    cards = list(hand)
    splits = []
    for back in itertools.combinations(range(13), 5):
        rest = [i for i in range(13) if i not in back]
        for mid in itertools.combinations(rest, 5):
            front = [i for i in rest if i not in mid]
            splits.append(
                Arrangement(*(Cards(cards[i] for i in row) for row in (back, mid, front)))
            )
    by_values = {}
    for a in splits:
        if not a.is_misset():
            by_values[tuple(v.code for v in a.values())] = expected_points(a, game, dist)
    ranked = sorted(by_values.values(), reverse=True)
    assert expected_points(best, game, dist) == pytest.approx(ranked[0])
    # and the next best three, one for each set of row values, with their points
    top = expected_best_arrangements(hand, game, dist, keep=4)
    assert [p for p, _a in top] == pytest.approx(ranked[:4])
    assert [expected_points(a, game, dist) for _p, a in top] == pytest.approx(ranked[:4])


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_distributions_are_the_solvers_fixed_point(game):
    shipped = load(game)
    assert shipped.rounds >= 5 and len(shipped.movement) == shipped.rounds
    assert list(shipped.movement) == sorted(shipped.movement, reverse=True)  # it settles
    fresh = measure(random_hands(1000, 99), lambda h: expected_best_arrangement(h, game, shipped))
    # fresh hands set against the shipped table are as far from it as the last round's
    # were, up to sampling (about 0.04 for 1,000 hands)
    assert movement(fresh, shipped) < shipped.movement[-1] + 0.06


def test_an_unknown_game_is_named():
    with pytest.raises(UnknownOptionError, match="no expected-points game 'poker'"):
        expected_best_arrangement(deal(1)[0], "poker")


def test_the_same_seed_gives_the_same_hands():
    assert random_hands(3, 7) == random_hands(3, 7) != random_hands(3, 8)
    assert random.Random(7).random() == random.Random(7).random()
