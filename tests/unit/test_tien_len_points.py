"""Tiến Lên for points (the ``home`` preset): each house rule pinned by a test named after it."""

from __future__ import annotations

import random

import pytest

from rules_lib.cards import parse_cards
from rules_lib.engine import RandomBot, check_conservation, playout, replay
from rules_lib.errors import IllegalActionError, RulesError
from rules_lib.tien_len import PASS, PRESETS, InstantWin, TienLenState, instant_win_of, new_game
from rules_lib.tien_len.points import bombs_left, settle

HOME = PRESETS["home"]
STANDARD = PRESETS["standard"]
NAMES = ["An", "Bình", "Chi", "Dũng"]


def finish(state: TienLenState) -> TienLenState:
    """Play the first legal action until the hand is over."""
    while not state.is_terminal():
        state = state.apply_action(state.legal_actions()[0])
    return state


def chain_position() -> TienLenState:
    """An plays a 2♥, Bình chops it with three pairs, Chi chops those with four 8s."""
    state = TienLenState.from_hands(
        ["2h Kd", "5s 5c 6s 6c 7s 7c Qd", "8s 8c 8d 8h Jd", "4d"],
        HOME,
        to_act=0,
        first_lead=False,
    )
    return state.play("2h").play("5s 5c 6s 6c 7s 7c").play("8s 8c 8d 8h")


def test_source_and_standard_keep_scoring_by_places() -> None:
    for name in ("source", "standard"):
        final = playout(new_game(11, 4, PRESETS[name]), [RandomBot()] * 4, random.Random(2))
        assert sorted(final.returns()) == [-1.0, pytest.approx(-1 / 3), pytest.approx(1 / 3), 1.0]


def test_home_is_a_preset_of_options_each_described() -> None:
    changed = [
        name for name in HOME.options() if getattr(HOME, name) != getattr(PRESETS["standard"], name)
    ]
    assert changed == [
        "no_last_two",
        "more_instant_wins",
        "chop_after_pass",
        "direction",
        "winner_leads",
        "few_players_deal",
        "scoring",
    ]
    assert all(HOME.option_doc(name) for name in HOME.options())


def test_no_going_out_on_a_2() -> None:
    state = TienLenState.from_hands(["2h", "10s 3c"], HOME, to_act=1, first_lead=False)
    state = state.play("10s")
    assert [str(a) for a in state.legal_actions()] == ["pass"]  # 2♥ would be the last card
    with pytest.raises(IllegalActionError, match="go out on a 2"):
        state.play("2h")
    two = TienLenState.from_hands(["9d 2h", "10s 3c"], HOME, to_act=1, first_lead=False)
    assert "2♥" in [str(a) for a in two.play("10s").legal_actions()]  # the 9♦ stays
    free = HOME.with_options(no_last_two=False)
    state = TienLenState.from_hands(["2h", "10s 3c"], free, to_act=1, first_lead=False)
    assert state.play("10s").play("2h").is_terminal()


def test_no_going_out_on_a_bomb_is_an_option() -> None:
    hands = ["9s 9h 9d 9c", "3s 4d"]
    on = HOME.with_options(no_last_bomb=True)
    assert "9♠ 9♥ 9♦ 9♣" in [
        str(a)
        for a in TienLenState.from_hands(hands, HOME, to_act=0, first_lead=False).legal_actions()
    ]
    legal = [
        str(a)
        for a in TienLenState.from_hands(hands, on, to_act=0, first_lead=False).legal_actions()
    ]
    assert "9♠ 9♥ 9♦ 9♣" not in legal and "9♠ 9♥" in legal


def test_a_leader_whose_every_play_is_barred_gives_up_the_lead() -> None:
    state = TienLenState.from_hands(["2h", "5s 6d", "7c 8c"], HOME, to_act=0, first_lead=False)
    assert state.legal_actions() == [PASS]
    after = state.apply_action(PASS)
    assert after.current_player() == 1 and after.table is None
    with pytest.raises(IllegalActionError, match="may not pass"):
        after.apply_action(PASS)


def test_a_hand_of_only_2s_never_goes_out() -> None:
    final = finish(TienLenState.from_hands(["2h", "2s", "9c 4d"], HOME, to_act=2, first_lead=False))
    assert final.finished == (2,)
    assert final.places() == (2.5, 2.5, 1.0)  # the two stuck hands share the last places
    lines = settle(final).lines(NAMES[:3])
    assert "An kept 1 red 2 to the end (2♥): An pays Chi 2" in lines
    assert "Bình kept 1 black 2 to the end (2♠): Bình pays Chi 1" in lines


@pytest.mark.parametrize(
    ("hand", "kind"),
    [
        ("4s 4h 5s 5h 6s 6h 7s 7h 8s 8h Ks Ad 2d", InstantWin.FIVE_PAIRS),
        ("3s 4s 6c 7c 8s 9s 10c Js Qc Kc Ks As 2s", InstantWin.ONE_COLOUR),
        ("3s 3h 3d 3c 6h 7s 8c 9d 10d Jc Qs Kh 2s", InstantWin.FOUR_THREES),
    ],
)
def test_more_instant_wins_at_the_deal(hand: str, kind: InstantWin) -> None:
    cards = parse_cards(hand)
    assert instant_win_of(cards) is None
    assert instant_win_of(cards, more=True) is kind


def test_four_3s_win_only_in_the_first_hand() -> None:
    cards = parse_cards("3s 3h 3d 3c 6h 7s 8c 9d 10d Jc Qs Kh 2s")
    assert instant_win_of(cards, more=True, first_hand=False) is None


def test_each_instant_win_has_its_own_payment() -> None:
    seed = next(s for s in range(3000) if new_game(s, 4, HOME).instant_win is not None)
    state = new_game(seed, 4, HOME)
    assert state.instant_win is not None
    seat, kind = state.instant_win
    price = HOME.instant_win_price(kind.short)
    assert settle(state).points[seat] == 3 * price
    dearer = HOME.with_options(
        instant_win_points=tuple(
            (k, v * 5 if k == kind.short else v) for k, v in HOME.instant_win_points
        )
    )
    assert settle(new_game(seed, 4, dearer)).points[seat] == 15 * price


def test_a_chopped_2_pays_the_chopper_by_its_colour() -> None:
    for two, colour in (("2h", 1), ("2s", 0)):
        state = TienLenState.from_hands(
            [f"{two} Kd", "5s 5c 6s 6c 7s 7c Qd", "4d 9c"], HOME, to_act=0, first_lead=False
        )
        final = finish(state.play(two).play("5s 5c 6s 6c 7s 7c"))
        chops = [p for p in settle(final).payments if p.reason == "chop"]
        assert [(p.payer, p.payee, p.points) for p in chops] == [(0, 1, HOME.two_points[colour])]


def test_in_a_chain_of_chops_the_last_one_chopped_pays_for_the_chain() -> None:
    final = finish(chain_position())
    chops = [p for p in settle(final).payments if p.reason == "chop"]
    assert [(p.payer, p.payee, p.points) for p in chops] == [
        (1, 2, HOME.two_points[1] + HOME.bomb_points[0])
    ]
    assert (
        settle(final)
        .lines(NAMES, seat=1)[-1]
        .startswith("Chi chopped your three consecutive pairs")
    )


def test_four_consecutive_pairs_may_chop_after_a_pass() -> None:
    hands = ["9h 2h Kd", "3s 3c 4s 4c 5s 5c 6s 6c 9d", "Jd Qc", "8s 8c 9s 9c 10s 10c 3h"]
    state = TienLenState.from_hands(hands, HOME, to_act=0, first_lead=False)
    state = state.play("9h").play("pass").play("Jd").play("pass").play("2h")
    assert state.locked_out == {1, 3}
    assert state.current_player() == 1  # Bình passed, but holds four consecutive pairs
    assert [str(a) for a in state.legal_actions()] == ["3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣", "pass"]
    with pytest.raises(IllegalActionError, match="only to chop"):
        state.play("9d")
    state = state.play("pass")
    assert state.current_player() == 2  # Chi; Dũng's three pairs do not bring him back
    assert state.play("pass").table is None  # and the trick is An's
    off = HOME.with_options(chop_after_pass=False)
    plain = TienLenState.from_hands(hands, off, to_act=0, first_lead=False)
    plain = plain.play("9h").play("pass").play("Jd").play("pass").play("2h")
    assert plain.current_player() == 2


def test_2s_and_bombs_left_in_hand_are_paid_to_the_winner() -> None:
    left = "5s 5h 6s 6h 7s 7h 9s 9h 9d 9c 2h 2c"
    assert [tier for tier, _ in bombs_left(parse_cards(left), HOME)] == [2, 1]
    state = TienLenState.from_hands(["3s 8c", "4d " + left], HOME)
    final = finish(state.play("3s").play("pass"))  # Bình passes; An leads the 8♣, out
    assert final.finished == (0,) and len(final.hands[1]) == 13 and final.frozen == (1,)
    paid = sorted(p.points for p in settle(final).payments if p.reason == "left")
    expected = [HOME.two_points[0], HOME.two_points[1], HOME.bomb_points[0], HOME.bomb_points[1]]
    assert paid == sorted(expected)
    assert all(p.payee == 0 for p in settle(final).payments)


def test_a_frozen_player_pays_double_and_takes_the_last_place() -> None:
    final = finish(chain_position())
    assert final.frozen == (3,)
    assert final.places()[3] == 4.0
    frozen = [p for p in settle(final).payments if p.reason == "frozen"]
    assert [(p.payer, p.payee, p.points) for p in frozen] == [
        (3, 2, HOME.frozen_pays * HOME.place_points[0])
    ]
    never = HOME.with_options(frozen_pays=0)
    state = TienLenState.from_hands(
        ["2h Kd", "5s 5c 6s 6c 7s 7c Qd", "8s 8c 8d 8h Jd", "4d"], never, to_act=0, first_lead=False
    )
    assert finish(state).frozen == ()


def test_places_pay_last_to_first_and_second_last_to_second() -> None:
    final = playout(new_game(4, 4, HOME), [RandomBot()] * 4, random.Random(4))
    assert final.instant_win is None and not final.frozen  # a plain hand of four places
    order = sorted(range(4), key=lambda s: final.places()[s])
    places = [(p.payer, p.payee, p.points) for p in settle(final).payments if p.reason == "place"]
    assert places == [(order[3], order[0], 2), (order[2], order[1], 1)]


def test_penalties_go_to_the_player_just_above_as_an_option() -> None:
    rules = HOME.with_options(penalty_to="next above")
    final = finish(
        TienLenState.from_hands(["2h", "2s", "9c 4d"], rules, to_act=2, first_lead=False)
    )
    left = {(p.payer, p.payee) for p in settle(final).payments if p.reason == "left"}
    assert left == {(0, 2), (1, 2)}  # the two share the last place: Chi is just above both


def test_the_winner_of_the_last_hand_leads_the_next_with_anything() -> None:
    first = new_game(5, 4, HOME)
    later = new_game(5, 4, HOME, dealer=1, previous_winner=2)
    assert first.must_contain is not None and first.first_hand
    assert later.current_player() == 2 and later.must_contain is None and not later.first_hand
    assert PASS not in later.legal_actions()
    with pytest.raises(RulesError, match="previous winner"):
        new_game(5, 4, HOME, previous_winner=4)
    ignored = new_game(5, 4, PRESETS["standard"], previous_winner=2)
    assert ignored.must_contain is not None


@pytest.mark.parametrize("players", [2, 3])
def test_13_cards_each_at_two_or_three_players(players: int) -> None:
    state = next(
        g for g in (new_game(seed, players, HOME) for seed in range(50)) if g.instant_win is None
    )
    assert [len(h) for h in state.hands] == [13] * players
    assert len(state.out_of_play) == 52 - 13 * players
    dealt = [c for h in state.hands for c in h]
    assert state.must_contain == min(dealt, key=HOME.key)
    assert state.must_contain in state.hands[state.current_player()]
    with pytest.raises(RulesError, match="13 cards each"):
        new_game(8, 2, PRESETS["source"])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_home_returns_are_points_that_add_up_to_zero(players: int) -> None:
    rng = random.Random(players)
    for _ in range(25):
        final = playout(new_game(rng.randrange(2**32), players, HOME), [RandomBot()] * players, rng)
        settlement = settle(final)
        assert sum(settlement.points) == 0
        assert final.returns() == tuple(float(p) for p in settlement.points)
        assert all(p.points > 0 and p.payer != p.payee for p in settlement.payments)
        check_conservation(final.zones(), final.deck())
        assert replay(new_game(final.seed or 0, players, HOME), final.moves) == final


def test_the_settlement_speaks_to_each_player() -> None:
    final = finish(chain_position())
    mine = settle(final).lines(NAMES, seat=1)
    assert "Bình" not in " ".join(mine)
    assert any(line.endswith(": −5") for line in mine)
    theirs = settle(final).lines(NAMES, seat=2)
    assert any(line.startswith("you chopped Bình's") and line.endswith(": +5") for line in theirs)


def test_bad_points_tables_are_named() -> None:
    with pytest.raises(RulesError, match="two_points"):
        HOME.with_options(two_points=(1,))
    with pytest.raises(RulesError, match="instant_win_points"):
        HOME.with_options(instant_win_points=(("dragon", 4),))
    with pytest.raises(RulesError, match="scoring"):
        HOME.with_options(scoring="money")
    with pytest.raises(RulesError, match="needs chops"):
        PRESETS["source"].with_options(chop_after_pass=True)
    assert issubclass(RulesError, ValueError)


def test_settling_a_running_hand_is_refused() -> None:
    with pytest.raises(RulesError, match="not over"):
        settle(new_game(1, 4, HOME))


# --- issue 29: the library's rules where no page spoke, each pinned by its name


def test_the_last_player_chopped_pays_for_the_chain_even_after_going_out_with_it() -> None:
    """Bình goes out chopping An's 2♥ with three pairs; Chi chops those with four 8s."""
    state = TienLenState.from_hands(
        ["3s 2h Kd", "4s 5s 5c 6s 6c 7s 7c", "6d 8s 8c 8d 8h Jd", "9d 4d"], HOME
    )
    for move in ["3s", "4s", "6d", "9d", "2h", "5s 5c 6s 6c 7s 7c", "8s 8c 8d 8h"]:
        state = state.play(move)
    final = finish(state)
    assert final.finished[0] == 1  # Bình went out with the chopped play
    chops = [(p.payer, p.payee, p.points) for p in settle(final).payments if p.reason == "chop"]
    assert chops == [(1, 2, HOME.two_points[1] + HOME.bomb_points[0])]


def test_frozen_players_take_the_last_places_and_pay_the_winner_instead_of_their_place() -> None:
    one = TienLenState.from_hands(["3s Kd", "5s 6d", "7s 8d", "4d 9c"], HOME)
    for move in ["3s", "5s", "7s", "pass", "Kd"]:
        one = one.play(move)
    one = finish(one)
    assert one.frozen == (3,) and one.places() == (1.0, 2.0, 3.0, 4.0)
    assert settle(one).points == (4, 1, -1, -4)  # the third still pays the second
    two = TienLenState.from_hands(["3s Kd", "5s 6d", "7s 8d", "4d 9c"], HOME)
    for move in ["3s", "5s", "pass", "pass", "Kd"]:
        two = two.play(move)
    two = finish(two)
    assert two.frozen == (2, 3) and two.places() == (1.0, 2.0, 3.5, 3.5)
    assert settle(two).points == (8, 0, -4, -4)  # the second collects no place payment


def test_for_points_players_with_as_many_cards_are_placed_in_the_order_of_play() -> None:
    """Bình and Chi both end with one 2; the places and the payments use one order."""
    state = TienLenState.from_hands(["3s Kd", "4s 2h", "5s 2c", "6s Ad"], HOME)
    for move in ["3s", "4s", "5s", "6s"]:
        state = state.play(move)
    final = finish(state)
    assert final.finished == (0, 3) and [len(h) for h in final.hands] == [0, 1, 1, 0]
    assert final.places() == (1.0, 3.0, 4.0, 2.0)  # Bình plays before Chi after An
    record_order = sorted(range(4), key=lambda s: final.places()[s])
    places = [(p.payer, p.payee) for p in settle(final).payments if p.reason == "place"]
    assert places == [(record_order[3], record_order[0]), (record_order[2], record_order[1])]
    by_places_rules = HOME.with_options(scoring="places")
    by_places = TienLenState.from_hands(["3s Kd", "4s 2h", "5s 2c", "6s Ad"], by_places_rules)
    for move in ["3s", "4s", "5s", "6s"]:
        by_places = by_places.play(move)
    assert finish(by_places).places() == (1.0, 3.5, 3.5, 2.0)  # without points, they share


def test_four_of_a_kind_is_counted_before_runs_of_pairs_in_cards_left() -> None:
    left = parse_cards("5s 5h 6s 6h 6d 6c 7s 7h 8s 8h")
    assert [(tier, len(cards)) for tier, cards in bombs_left(left, HOME)] == [(2, 4)]


def test_hands_of_17_cards_are_never_checked_for_instant_wins() -> None:
    six_pairs = [
        seed
        for seed in range(300)
        if instant_win_of(new_game(seed, 3, STANDARD).hands[0]) is not None
    ]
    assert six_pairs  # some 17-card hands hold what would win at the deal with 13
    assert all(new_game(seed, 3, STANDARD).instant_win is None for seed in six_pairs)
