"""Mậu Binh for points (the ``home`` preset): each house rule pinned by a test named after it."""

from __future__ import annotations

import random

import pytest

from rules_lib.cards import standard_deck
from rules_lib.errors import RulesError
from rules_lib.mau_binh import (
    PRESETS,
    ROW_BONUS_NAMES,
    Outcome,
    instant_win,
    row_bonus,
    settle,
    settle_pairs,
    settle_table,
    swept_value,
)
from rules_lib.score_sheet import ScoreSheet
from rules_lib.setting import ROWS, Arrangement, Row, Special, deal, more_specials
from rules_lib.showdown import bot_arrangement, score_showdown

HOME = PRESETS["home"]
SOURCE = PRESETS["source"]
BONUS = dict(HOME.row_bonuses)
PLAIN = Arrangement.parse(
    "Jd Js 8h 8s 4d / 7d 7c 6h 6s 2h / Ad 3c 2c"
)  # two pair, two pair, ace high


def arr(text: str) -> Arrangement:
    hand = Arrangement.parse(text)
    assert not hand.is_misset(strict=True), text
    return hand


def test_each_row_is_settled_on_its_own() -> None:
    # the back and the middle lose (the middle to a full house), the front wins: -1 - 2 + 1
    player = arr("Kd Ks Qh Qs 4s / 10d 10c 5h 5s 3h / Ah 9c 6c")
    dealer = arr("Jd Jc Js 2s 2d / 8d 8c 8s 7h 7s / Kh Qc 4c")
    home, source = settle(player, dealer, HOME), settle(player, dealer, SOURCE)
    assert home.rows == (Outcome.LOSS, Outcome.LOSS, Outcome.WIN)
    assert home.units == -1 - BONUS["full house in the middle"] + 1
    assert source.units == -1
    # two rows of three won, but the lost row is a full house in the middle: 1 - 2 + 1
    player2 = arr("Qd Qh Qs 3s 3d / 10d 10c 5h 5s 3h / Ah 9c 2h")
    assert settle(player2, dealer, HOME).units == 1 - BONUS["full house in the middle"] + 1 == 0
    assert settle(player2, dealer, SOURCE).units == 1


def test_winning_all_three_rows_is_doubled() -> None:
    player = arr("As Ad Ah 5c 5d / 10d 10c 10h 6s 6d / Qs Qh 4h")
    weak = arr("Jd Js 9h 9s 4d / 8d 8c 7h 7s 2h / Kd 3c 2c")
    result = settle(player, weak, HOME)
    assert result.swept and result.units == HOME.sweep_multiplier * (1 + 2 + 1)
    assert "all three: ×2" in result.reason
    assert settle(weak, player, HOME).units == -result.units


def test_a_misset_hand_pays_as_if_swept() -> None:
    misset = Arrangement.parse(
        "Kd Ks 9h 9c 4s / 10d 10c 10h 5s 5h / Ah Qc 3d"
    )  # middle above the back
    result = settle(misset, PLAIN, HOME)
    assert result.outcome is Outcome.LOSS and result.units == -swept_value(PLAIN, HOME) == -6
    assert "pays as if swept" in result.reason
    assert settle(misset, PLAIN, SOURCE).units == -1


@pytest.mark.parametrize(
    ("name", "row", "hand", "points"),
    [
        ("trips in front", Row.FRONT, "As Ad 5c 5d 5h / 7d 8d 9h 10c Jc / Qs Qh Qd", 3),
        (
            "full house in the middle",
            Row.MIDDLE,
            "As Ad Ah 5c 5d / 10d 10c 10h 6s 6d / Qs Qh 4h",
            2,
        ),
        ("four of a kind in the back", Row.BACK, "Ks Kd Kh Kc 3s / 10d 10c 5h 6s 8h / Js 9d 2c", 4),
        (
            "four of a kind in the middle",
            Row.MIDDLE,
            "Ks Kd Kh Kc 3s / 9s 9d 9h 9c 4s / Qs Qh 5d",
            8,
        ),
        (
            "straight flush in the back",
            Row.BACK,
            "9d 10d Jd Qd Kd / 10c 10s 5h 5s 3h / Qs Qh 9s",
            5,
        ),
        (
            "straight flush in the middle",
            Row.MIDDLE,
            "9d 10d Jd Qd Kd / 4h 5h 6h 7h 8h / Qs Qh 9s",
            10,
        ),
    ],
)
def test_row_bonuses_by_the_table(name: str, row: Row, hand: str, points: int) -> None:
    player = arr(hand)
    assert instant_win(player, HOME) is None
    assert row_bonus(HOME, row, player) == (points, name) and BONUS[name] == points
    assert all(row_bonus(HOME, r, player)[1] in ("", *ROW_BONUS_NAMES) for r in ROWS)
    assert row_bonus(SOURCE, row, player) == (1, "")  # no bonuses by the source


def test_a_bonus_is_paid_only_when_its_row_wins() -> None:
    trips = arr("As Ad 5c 5d 5h / 7d 8d 9h 10c Jc / Qs Qh Qd")
    higher = arr(
        "2h 2c 2d 9s 9c / Kd Jd 10d 4d 3d / Kh Ks Kc"
    )  # a flush in the middle, bigger trips
    result = settle(trips, higher, HOME)
    assert result.rows == (Outcome.WIN, Outcome.LOSS, Outcome.LOSS)
    assert result.units == 1 - 1 - BONUS["trips in front"]


@pytest.mark.parametrize(
    ("special", "hand"),
    [
        (Special.ONE_SUIT_DRAGON, "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"),
        (Special.THIRTEEN_ONE_COLOUR, "2h 3d 4h 5h 6d 7h 8h 9d 9h Jh Qh Kd Ah"),
        (Special.TWELVE_ONE_COLOUR, "2h 3d 4h 5h 6d 7h 8h 9d 9h Jh Qh Kd As"),
        (Special.FIVE_PAIRS_AND_TRIPS, "2s 2d 4h 4c 6s 6d 8c 8h 10s 10d Qh Qc Qs"),
        (Special.THREE_TRIPS, "2s 2d 2h 5c 5s 5d 8c 8h 8s 10d Jh Qc As"),
    ],
)
def test_more_instant_wins_with_their_payments(special: Special, hand: str) -> None:
    assert special in more_specials(hand)
    set_as = bot_arrangement(hand, "mau_binh", HOME)
    held = instant_win(set_as, HOME)
    assert held is not None and HOME.instant_win_order.index(held) <= HOME.instant_win_order.index(
        special
    )
    assert instant_win(set_as, HOME.with_options(more_instant_wins=False)) != special
    rest = [c for c in standard_deck() if c not in set_as.cards]
    rng = random.Random(1)
    opponent = bot_arrangement(rng.sample(rest, 13), "mau_binh", HOME)
    while instant_win(opponent, HOME) is not None:
        opponent = bot_arrangement(rng.sample(rest, 13), "mau_binh", HOME)
    assert settle(set_as, opponent, HOME).units == HOME.instant_price(held) > 1
    assert settle(set_as, opponent, SOURCE).units in (-1, 0, 1)


def test_each_instant_win_has_its_own_price() -> None:
    prices = dict(HOME.instant_win_points)
    assert prices[Special.ONE_SUIT_DRAGON] > prices[Special.DRAGON] > prices[Special.SIX_PAIRS]
    assert set(prices) == set(HOME.instant_win_order)
    assert SOURCE.instant_price(Special.DRAGON) == 1


def test_straight_flush_and_four_of_a_kind_are_plain_rows_at_home() -> None:
    quads = arr("Ks Kd Kh Kc 3s / 10d 10c 5h 6s 8h / Js 9d 2c")
    assert instant_win(quads, SOURCE) is Special.FOUR_OF_A_KIND
    assert instant_win(quads, HOME) is None
    opponent = arr("Qd 8d 6d 5d 2d / Ad Qs Jh 9s 7h / 10h 4c 3c")
    result = settle(quads, opponent, HOME)
    assert result.rows[0] is Outcome.WIN and result.units > 0


def test_rows_must_be_strictly_stronger_at_home() -> None:
    twins = Arrangement.parse("As Kd 9c 7h 5s / Ah Kc 9d 7s 5h / Qs 3d 2c")
    assert not twins.is_misset(SOURCE.strict_row_order) and twins.is_misset(HOME.strict_row_order)


def test_sweeping_every_other_player_doubles_again() -> None:
    strong = arr("As Ad Ah 5c 5d / 10d 10c 10h 6s 6d / Qs Qh 4h")
    weak = [
        arr("Jd Js 9h 9s 4d / 8d 8c 7h 7s 2h / Kd 3c 2c"),
        arr("Kc Ks Jh Jc 3h / 9d 9c 8h 8s 2d / Qd 6h 4c"),
    ]
    pairs = settle_pairs([strong, *weak], HOME)
    single = settle(strong, weak[0], HOME, opponent_is_dealer=False).units
    assert pairs[0][1] == HOME.sweep_all_multiplier * single
    assert settle_pairs([strong, *weak], HOME.with_options(sweep_all_multiplier=1))[0][1] == single
    assert all(pairs[i][j] == -pairs[j][i] for i in range(3) for j in range(3))


def test_home_tables_add_up_to_zero() -> None:
    rng = random.Random(4)
    for _ in range(20):
        hands = [bot_arrangement(h, "mau_binh", HOME) for h in deal(rng.randrange(10**6))]
        assert sum(settle_table(hands, HOME)) == 0
        totals, notes = score_showdown(hands, "mau_binh", HOME, dealer=0)
        assert totals == settle_table(hands, HOME)
        names = ["you", "Bot A", "Bot B", "Bot C"]
        for seat, note in enumerate(notes):
            assert all(f"against {n}" in note for i, n in enumerate(names) if i != seat)


def test_the_score_sheet_settles_a_home_deal() -> None:
    hands = [bot_arrangement(h, "mau_binh", HOME) for h in deal(9)]
    sheet = ScoreSheet("mb-home", ("An", "Bình", "Chi", "Dũng"))
    sheet = sheet.settle([str(h) for h in hands], dealer=0)
    assert list(sheet.totals) == settle_table(hands, HOME)
    assert "against Bình" in " ".join(sheet.deals[0].notes)


def test_bad_home_options_are_named() -> None:
    with pytest.raises(RulesError, match="no row bonus 'pair in front'"):
        HOME.with_options(row_bonuses=(("pair in front", 1),))
    with pytest.raises(RulesError, match="scoring='rows'"):
        SOURCE.with_options(sweep_multiplier=2)
    with pytest.raises(RulesError, match="sweep_multiplier"):
        HOME.with_options(sweep_multiplier=0)


def test_under_home_rules_the_bots_set_their_hands_for_the_rows() -> None:
    from rules_lib.setting.expected import expected_points, ranked_settings

    majority = SOURCE.with_options(strict_row_order=True)
    differ = 0
    for number in range(1, 40):
        hand = deal(number)[0]
        for_rows = bot_arrangement(hand, "mau_binh", HOME)
        for_majority = bot_arrangement(hand, "mau_binh", majority)
        assert not for_rows.is_misset(strict=True)
        assert (
            expected_points(for_rows, "mau_binh", rules=HOME)
            >= expected_points(for_majority, "mau_binh", rules=HOME) - 1e-9
        )
        differ += for_rows.values() != for_majority.values()
        top = ranked_settings(hand, "mau_binh", HOME)
        assert top[0].points == pytest.approx(
            expected_points(top[0].arrangement, "mau_binh", rules=HOME)
        )
    assert differ > 0  # the rows change some settings


def test_a_misset_hand_is_worth_a_sweep_lost_at_home() -> None:
    from rules_lib.setting.expected import expected_points

    misset = Arrangement.parse("Kd Ks 9h 9c 4s / 10d 10c 10h 5s 5h / Ah Qc 3d")
    assert expected_points(misset, "mau_binh", rules=HOME) < -HOME.sweep_multiplier * 3
    assert expected_points(misset, "mau_binh", rules=SOURCE) == -1.0


# --- the library's readings of points the home rules leave open (docs/GAMES.md §2a) ---

SWEEPER = arr("As Ah Ad Kc Ks / Qs Qh Qd 5c 5s / Js Jh 2d")
SWEPT = [
    arr("10s 10h 9c 9d 3c / 8s 8h 7c 6d 4c / 10d 6s 3h"),
    arr("Kh Kd 7s 7h 2c / 9s 9h 4d 3d 2h / 8d 6h 4s"),
]
MISSET = Arrangement.parse("Ac Qc 10c 8c 7d / Jd 6c 4h 3s 2s / 5h 5d Jc")


def test_a_misset_opponent_is_not_swept_and_keeps_the_sweeper_from_sap_lang() -> None:
    assert MISSET.is_misset(strict=True)
    single = settle(SWEEPER, SWEPT[0], HOME, opponent_is_dealer=False).units
    assert single == HOME.sweep_multiplier * (1 + BONUS["full house in the middle"] + 1)
    with_misset = settle_pairs([SWEEPER, *SWEPT, MISSET], HOME)
    assert with_misset[0][1:] == [single, single, swept_value(SWEEPER, HOME)]
    without = settle_pairs([SWEEPER, *SWEPT], HOME)
    assert without[0][1:] == [HOME.sweep_all_multiplier * single] * 2


def test_sweeping_the_only_opponent_is_not_sap_lang() -> None:
    single = settle(SWEEPER, SWEPT[0], HOME, opponent_is_dealer=False).units
    assert settle_pairs([SWEEPER, SWEPT[0]], HOME)[0][1] == single
    assert settle_pairs([SWEPT[0], SWEEPER], HOME)[1][0] == single


def test_four_of_a_kind_three_of_a_kind_and_three_pairs_are_six_pairs_at_home() -> None:
    hand = Arrangement.parse("2s 2h 2d 2c 3s / 3h 3d 5s 5h 7s / 7h 9s 9h")
    assert Special.FIVE_PAIRS_AND_TRIPS not in more_specials(hand.cards)
    assert instant_win(hand, HOME) is Special.SIX_PAIRS
    assert instant_win(hand, HOME.with_options(six_pairs_exactly=True)) is None


def test_four_of_a_kind_counts_as_a_three_of_a_kind_for_three_of_a_kind_three_times() -> None:
    hand = Arrangement.parse("2s 2h 2d 2c 3s / 3h 3d 5s 5h 5d / 7h 9s 9h")
    assert Special.THREE_TRIPS in more_specials(hand.cards)
    assert instant_win(hand, HOME) is Special.THREE_TRIPS


def test_the_home_instant_wins_count_in_a_misset_hand_by_the_cards_held() -> None:
    twelve_red = Arrangement.parse("2h 3h 5d 6d 8h / Kh Kd 2d 4d 9h / Jh Jd Qs")
    assert twelve_red.is_misset(strict=True)
    assert instant_win(twelve_red, HOME) is Special.TWELVE_ONE_COLOUR
    mixed = arr("Ac Ad 10s 10d 4s / 8s 8d 7c 7h 5c / Qc 6h 3c")
    assert settle(twelve_red, mixed, HOME).units == HOME.instant_price(Special.TWELVE_ONE_COLOUR)
    assert instant_win(twelve_red, HOME.with_options(instant_wins_when_misset=False)) is None


def test_an_instant_win_is_taken_even_when_the_rows_would_pay_more() -> None:
    trips_three_times = arr("Ks Kh Kd Kc 2c / Qs Qh Qd 3s 3h / Js Jh Jd")
    beaten = arr("10s 10h 9c 9d 4c / 8s 8h 7c 6d 5c / Ad 6s 4h")
    taken = settle(trips_three_times, beaten, HOME)
    assert taken.units == HOME.instant_price(Special.THREE_TRIPS) == 6
    order = tuple(s for s in HOME.instant_win_order if s is not Special.THREE_TRIPS)
    as_rows = settle(trips_three_times, beaten, HOME.with_options(instant_win_order=order))
    assert as_rows.swept and as_rows.units == 18 > taken.units
