"""Expected points (rules_lib.setting.expected): each row's score is what the game's own
settlement pays, averaged over the rows opponents set; the solver finds the
arrangement with the most; the shipped distributions are the solver's own
fixed point."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from rules_lib.cards import Cards
from rules_lib.chinese_poker import ChinesePokerRules, score_pair
from rules_lib.errors import UnknownOptionError
from rules_lib.mau_binh import MauBinhRules, Outcome, settle
from rules_lib.setting import Arrangement, Special, deal, find_specials
from rules_lib.setting.expected import (
    GAMES,
    JointRows,
    RowDistributions,
    expected_best_arrangement,
    expected_best_arrangements,
    expected_points,
    load,
    measure,
    movement,
    random_hands,
    rank_counts,
    ranked_settings,
    special_value,
)

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


def test_mau_binh_expected_points_with_whole_settings_are_the_settlements_average():
    dealers = [
        expected_best_arrangement(h, "mau_binh", load("mau_binh")) for h in random_hands(40, 6)
    ]
    dist = measure(dealers, lambda arr: arr)  # each hand's whole setting is kept
    assert dist.joint and len(dist.joint) == 40
    for seed in (11, 12, 13):
        mine = expected_best_arrangement(deal(seed)[0], "mau_binh", dist)
        assert not find_specials(mine.cards)
        held = rank_counts(mine.cards)
        total = weight_sum = 0.0
        for dealer in dealers:  # as settle compares rows: a tie goes to the dealer
            won = sum(v.code > o.code for v, o in zip(mine.values(), dealer.values()))
            # how much likelier the dealer's ranks are once my 13 cards are out of the deck
            weight = math.prod(
                math.comb(4 - k, n) / math.comb(4, n)
                for k, n in zip(held, rank_counts(dealer.cards))
            )
            total += weight * (1 if won >= 2 else -1)
            weight_sum += weight
        assert expected_points(mine, "mau_binh", dist) == pytest.approx(total / weight_sum)


def test_a_dealer_sample_counts_less_the_more_of_my_ranks_it_holds():
    # two samples, the same rows; the first holds four aces, which my two aces make impossible
    rows = JointRows([(5, 5, 5, "0" * 12 + "4"), (9, 9, 9, "1" * 13)])
    assert rows.majority_chance(6, 6, 6) == 0.5
    assert rows.held_chances([(6, 6, 6)], [0] * 12 + [2]) == [0.0]
    assert rows.held_chances([(6, 6, 6)], [0] * 13) == [0.5]


def test_joint_rows_count_the_settings_beaten_in_two_rows_or_more():
    rng = random.Random(4)
    settings = [tuple(rng.randrange(20) for _ in range(3)) for _ in range(300)]
    ranks = ["".join(str(rng.choice((0, 0, 1, 1, 2, 3, 4))) for _ in range(13)) for _ in settings]
    rows = JointRows([(*s, r) for s, r in zip(settings, ranks)])
    for _ in range(50):
        mine = tuple(rng.randrange(20) for _ in range(3))
        beaten = [sum(m > o for m, o in zip(mine, s)) >= 2 for s in settings]
        assert rows.majority_chance(*mine) == sum(beaten) / len(settings)
        # counting the cards of a hand: each sample weighs what its ranks' chance became
        held = [rng.choice((0, 0, 1, 2)) for _ in range(13)]
        weights = [
            math.prod(math.comb(4 - k, int(n)) / math.comb(4, int(n)) for k, n in zip(held, r))
            for r in ranks
        ]
        exact = sum(w for w, b in zip(weights, beaten) if b) / sum(weights)
        assert rows.held_chances([mine], held) == [pytest.approx(exact)]


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
    assert shipped.rounds >= 12 and len(shipped.movement) == shipped.rounds
    # it settles: the rows set move less and less far from the table they answer (not
    # every round: Mậu Binh's whole settings are a fresh sample each round)
    first, last = shipped.movement[:3], shipped.movement[-3:]
    assert max(last) < min(first) and shipped.movement[-1] < shipped.movement[0] / 4
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


def test_an_instant_win_is_worth_the_unit_in_mau_binh_however_the_rows_meet():
    six_pairs = Arrangement.parse("2s 2d 4h 4c 6s / 6d 8c 8h 10s 10d / Qh Qc As")
    assert special_value(six_pairs, "mau_binh") == (1.0, Special.SIX_PAIRS)
    assert expected_points(six_pairs, "mau_binh") == 1.0
    # three flushes count only when set that way
    hand = "2s 4s 6s 8s 10s 3d 5d 7d 9d Jd 2c 4c 6c"
    flushes = Arrangement.parse("3d 5d 7d 9d Jd / 2s 4s 6s 8s 10s / 2c 4c 6c")
    assert expected_points(flushes, "mau_binh") == 1.0
    top = ranked_settings(hand, "mau_binh")
    assert top[0].special is Special.THREE_FLUSHES and top[0].points == 1.0
    assert all(v.special is None and v.points < 1 for v in top[1:])
    # without the instant win the same rows are worth what they win
    assert expected_points(flushes, "mau_binh", rules=MauBinhRules(instant_win_order=())) < 1


def test_a_declared_special_takes_its_points_in_chinese_poker():
    dragon = Arrangement.parse("2s 3d 4h 5c 6s / 7d 8c 9h 10s Jd / Qh Kc As")
    assert special_value(dragon, "chinese_poker") == (13.0, Special.DRAGON)
    top = ranked_settings(dragon.cards, "chinese_poker")
    assert len(top) == 1 and top[0].points == 13.0  # every setting is worth the same
    # a misset hand still declares it under the source's rules, not when told otherwise
    misset = Arrangement.parse("2s 3d 4h 5c 6s / 7d 8c 9h 10s Jd / As Kc Qh")
    strict = ChinesePokerRules(specials_when_misset=False)
    assert misset.is_misset() and expected_points(misset, "chinese_poker") == 13.0
    assert special_value(misset, "chinese_poker", strict) is None
    assert expected_points(misset, "chinese_poker", rules=strict) < 0


@pytest.mark.parametrize("game", GAMES)
def test_the_best_settings_come_best_first_each_with_points_of_its_own(game):
    for seed in range(5):
        hand = deal(seed)[3]
        top = ranked_settings(hand, game)
        points = [v.points for v in top]
        assert points == sorted(points, reverse=True) and len({round(p, 2) for p in points}) == len(
            points
        )
        assert all(expected_points(v.arrangement, game) == v.points for v in top)
        if not find_specials(hand):
            assert top[0].arrangement == expected_best_arrangement(hand, game)
    with pytest.raises(UnknownOptionError, match="are not the rules of mau_binh"):
        ranked_settings(deal(1)[0], "mau_binh", ChinesePokerRules())
