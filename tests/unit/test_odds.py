"""Exact odds of 13-card holdings: the known figures, and a simulation that agrees."""

from __future__ import annotations

import random
from math import comb, sqrt

import pytest

from rules_lib import UnknownOptionError, parse_cards, standard_deck
from rules_lib.mau_binh import MauBinhRules
from rules_lib.odds import HANDS_13, HOLDINGS, hands_with, holdings, probability, simulate_holdings
from rules_lib.setting import Special, find_specials


def test_all_13_card_hands_number_635_013_559_600():
    assert HANDS_13 == 635_013_559_600


def test_dragon_is_1_in_9462_4():
    assert round(HANDS_13 / hands_with("dragon"), 1) == 9462.4


def test_six_pairs_exactly_is_1_in_283_3():
    assert round(HANDS_13 / hands_with("six pairs exactly"), 1) == 283.3


def test_at_least_one_four_of_a_kind_is_3_42_percent():
    assert round(probability("four of a kind") * 100, 2) == 3.42


def test_a_straight_flush_somewhere_is_1_68_percent():
    assert round(probability("straight flush") * 100, 2) == 1.68


def test_no_pair_means_a_dragon():
    assert hands_with("pair") + hands_with("dragon") == HANDS_13


def test_four_of_a_kind_by_inclusion_exclusion():
    # an independent count: sum over k quads of (-1)^(k+1) C(13,k) C(52-4k, 13-4k)
    expected = sum((-1) ** (k + 1) * comb(13, k) * comb(52 - 4 * k, 13 - 4 * k) for k in (1, 2, 3))
    assert hands_with("four of a kind") == expected


def test_flush_by_counting_hands_with_at_most_four_of_each_suit():
    at_most_four = sum(
        comb(13, a) * comb(13, b) * comb(13, c) * comb(13, 13 - a - b - c)
        for a in range(5)
        for b in range(5)
        for c in range(5)
        if 0 <= 13 - a - b - c <= 4
    )
    assert hands_with("flush") == HANDS_13 - at_most_four


def test_unknown_holding_is_named():
    with pytest.raises(UnknownOptionError, match="no holding 'seven pairs'"):
        hands_with("seven pairs")


@pytest.mark.parametrize(
    ("cards", "holding"),
    [
        ("2s 3d 4h 5c 6s 7d 8c 9h 10s Jd Qh Kc As", "dragon"),
        ("2s 2d 4h 4c 6s 6d 8c 8h 10s 10d Qh Qc As", "six pairs exactly"),
        ("2s 2d 2h 2c 6s 6d 8c 8h 10s 10d Qh Qc As", "six pairs"),
        ("2s 3s 4s 5s 6s 7d 8c 9h 10s Jd Qh Kc Kd", "straight flush"),
        ("As 2s 3s 4s 5s 7d 8c 9h 10s Jd Qh Kc Kd", "straight flush"),
        ("2s 4s 6s 8s 10s 3d 5d 7d 9d Jd 2c 4c 6c", "three flushes"),
        ("As 2d 3h 4c 5s 5d 6c 7h 8s 9d Qh Kc Ac", "three straights"),
    ],
)
def test_crafted_hands_hold_what_they_were_built_for(cards, holding):
    assert holding in holdings(parse_cards(cards))


def test_holdings_agree_with_the_special_hands_the_games_use():
    rng = random.Random(13)
    deck = list(standard_deck())
    names = {
        Special.DRAGON: "dragon",
        Special.STRAIGHT_FLUSH: "straight flush",
        Special.FOUR_OF_A_KIND: "four of a kind",
        Special.SIX_PAIRS: "six pairs",
        Special.THREE_FLUSHES: "three flushes",
        Special.THREE_STRAIGHTS: "three straights",
    }
    hands = [rng.sample(deck, 13) for _ in range(400)]
    # and some that are special, so each kind is met
    hands += [
        list(parse_cards(c))
        for c in (
            "As 2d 3h 4c 5s 5d 6c 7h 8s 9d Qh Kc Ac",
            "2s 4s 6s 8s 10s 3d 5d 7d 9d Jd 2c 4c 6c",
            "2s 2d 2h 2c 6s 6d 8c 8h 10s 10d Qh Qc As",
        )
    ]
    for hand in hands:
        assert {names[s] for s in find_specials(hand)} == holdings(hand) & set(names.values())


def test_simulation_agrees_with_the_exact_counts():
    deals = 20_000
    seen = simulate_holdings(deals, seed=2026)
    for holding in HOLDINGS:
        p = probability(holding)
        sigma = sqrt(p * (1 - p) / deals)
        assert abs(seen[holding] / deals - p) < 5 * sigma + 1e-4, holding


def test_the_instant_win_order_is_a_convention_not_the_order_of_rarity():
    order = MauBinhRules().instant_win_order
    chance = {s: probability(s.label) for s in order}
    # three straights are rarer than six pairs and three flushes, yet rank below both
    assert (
        chance[Special.THREE_STRAIGHTS] < chance[Special.SIX_PAIRS] < chance[Special.THREE_FLUSHES]
    )
    assert order.index(Special.THREE_STRAIGHTS) > order.index(Special.THREE_FLUSHES)
    assert order.index(Special.THREE_STRAIGHTS) > order.index(Special.SIX_PAIRS)
    assert list(order) != sorted(order, key=chance.get)
