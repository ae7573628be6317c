"""Three-Thirteen Rummy (docs/GAMES.md §4): rules, melds, the exact melder, the engine, bots.

The melder is checked against :func:`brute_force_melds` (every subset of the
hand tried as a meld) on thousands of random hands of every size from 3 to 14
cards, one and two decks, with and without wild cards and jokers.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from itertools import pairwise

import pytest

from rules_lib.cards import AnyCard, Card, Cards, Color, Joker, Rank, parse_cards, standard_deck
from rules_lib.engine import TERMINAL, check_conservation
from rules_lib.errors import IllegalActionError, NotationError, RulesError, UnknownOptionError
from rules_lib.three_thirteen import (
    DRAW,
    PRESETS,
    ROUNDS,
    Action,
    GreedyBot,
    InvalidMeldError,
    Meld,
    MeldKind,
    Move,
    Phase,
    ThreeThirteenRules,
    ThreeThirteenState,
    WaryBot,
    best_melds,
    brute_force_melds,
    cards_dealt,
    compare_bots,
    hand_penalty,
    is_meld,
    is_wild,
    make_meld,
    meld_problem,
    new_game,
    wild_rank,
)

SOURCE = ThreeThirteenRules()
ACE_HIGH = ThreeThirteenRules(ace_high=True)
NATURAL = ThreeThirteenRules(all_wild_melds=False)
VARIATIONS = PRESETS["variations"]
ALL_RULES = (SOURCE, ACE_HIGH, NATURAL, VARIATIONS, VARIATIONS.with_options(all_wild_melds=False))


# --------------------------------------------------------------------------------
# Rules as data


def test_presets_source_is_the_default_and_variations_change_every_listed_option():
    assert PRESETS["source"] == ThreeThirteenRules()
    v = PRESETS["variations"]
    assert v.ace_high and v.ace_value == 15 and v.court_values == (11, 12, 13) and v.jokers == 2
    assert not PRESETS["natural in every meld"].all_wild_melds
    assert ThreeThirteenRules.preset("variations") is v


def test_unknown_option_or_preset_is_named_in_the_error():
    with pytest.raises(UnknownOptionError, match="'aces'"):
        SOURCE.with_options(aces="high")
    with pytest.raises(UnknownOptionError, match=r"'speed'.*source"):
        ThreeThirteenRules.preset("speed")


def test_bad_option_values_raise():
    with pytest.raises(RulesError):
        ThreeThirteenRules(jokers=3)
    with pytest.raises(RulesError):
        ThreeThirteenRules(court_values=(10, 10))  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        ThreeThirteenRules(ace_penalty=0)


def test_unmelded_cards_cost_ace_1_two_to_ten_face_value_courts_10():
    costs = [
        SOURCE.penalty(Card.parse(t)) for t in ("As", "2s", "5h", "9d", "10c", "Js", "Qh", "Kd")
    ]
    assert costs == [1, 2, 5, 9, 10, 10, 10, 10]


def test_court_values_option_jack_11_queen_12_king_13():
    rules = SOURCE.with_options(court_values=(11, 12, 13))
    assert [rules.penalty(Card.parse(t)) for t in ("Js", "Qs", "Ks")] == [11, 12, 13]


def test_ace_high_or_low_option_makes_an_unmelded_ace_cost_15():
    assert ACE_HIGH.penalty(Card.parse("Ah")) == 15
    assert ACE_HIGH.with_options(ace_penalty=1).penalty(Card.parse("Ah")) == 1


def test_jokers_option_jokers_cost_20():
    assert SOURCE.penalty(Joker(Color.RED)) == 20


def test_round_n_deals_n_plus_2_cards_and_the_wild_rank_is_that_number():
    assert [cards_dealt(n) for n in range(1, 12)] == list(range(3, 14))
    expected = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [wild_rank(n).notation for n in range(1, 12)] == expected
    with pytest.raises(RulesError):
        wild_rank(12)


def test_one_deck_for_two_players_two_decks_for_three_or_four():
    assert [SOURCE.decks_for(p) for p in (2, 3, 4)] == [1, 2, 2]
    assert SOURCE.with_options(decks=3).decks_for(2) == 3
    # more players: enough cards for the last round, a discard and a stock
    for players in range(5, 10):
        decks = SOURCE.decks_for(players)
        assert 52 * decks >= 13 * players + 1 + players


# --------------------------------------------------------------------------------
# Melds


def test_set_is_three_or_more_cards_of_one_rank():
    assert is_meld("7s 7h 7d", None)
    assert is_meld("7s 7h 7d 7c", None)
    assert not is_meld("7s 7h", None)
    assert not is_meld("7s 7h 8d", None)


def test_set_may_hold_identical_cards_with_two_decks():
    assert is_meld(parse_cards("9s 9s 9h", decks=2), None)


def test_run_is_three_or_more_consecutive_cards_of_one_suit():
    assert is_meld("4d 5d 6d", None)
    assert is_meld("8c 9c 10c Jc Qc", None)
    assert not is_meld("4d 5d 6h", None)
    assert not is_meld("4d 5d 7d", None)
    assert "two sixes" in (meld_problem(parse_cards("5d 6d 6d 7d", decks=2), None) or "")


def test_aces_low_only_a23_is_a_run_qka_is_not():
    assert is_meld("As 2s 3s", None)
    assert not is_meld("Qs Ks As", None)
    assert "aces are low only" in (meld_problem("Qs Ks As", None) or "")


def test_ace_high_or_low_option_qka_is_a_run_but_runs_never_wrap():
    assert is_meld("Qs Ks As", None, ACE_HIGH)
    assert is_meld("As 2s 3s", None, ACE_HIGH)
    assert not is_meld("Ks As 2s", None, ACE_HIGH)


def test_wild_cards_stand_for_any_card():
    assert is_meld("7s 3h 9s", 3)  # 3♥ as 8♠
    assert is_meld("7s 7d 3h", 3)  # 3♥ as a seven
    assert is_meld("7s RJ 9s", None)  # jokers are wild
    assert not is_meld("7s 3h 9s", None)  # no wild rank: 3♥ is a natural three
    meld = make_meld("7s 3h 9s", 3)
    assert meld.kind is MeldKind.RUN and meld.stands_for(1) == "8♠"


def test_a_meld_of_wild_cards_only_is_allowed_by_default():
    assert is_meld("3s 3h 3d", 3)
    assert best_melds("3s 3h 3d", 3).penalty == 0


def test_natural_in_every_meld_option_forbids_melds_of_wild_cards_only():
    assert not is_meld("3s 3h 3d", 3, NATURAL)
    assert best_melds("3s 3h 3d", 3, NATURAL).penalty == 9
    assert is_meld("3s 3h 9d", 3, NATURAL)


def test_a_card_belongs_to_one_meld_only():
    # The source's example: 5-6-7-6-6 is either a set of sixes with the 5 and 7
    # left, or a run with two sixes left.
    hand = parse_cards("5s 6s 7s 6h 6d")
    assert best_melds(hand, None).penalty == 12
    assert not any(len(m) == 5 for m in best_melds(hand, None).melds)


def test_meld_notation_round_trips_and_quotes_what_is_wrong():
    for text in ("5♠ 6♠ 3♥=7♠ 8♠", "7♠ 7♦ 3♥=7", "3♠=* 3♥=* RJ=*", "Q♠ K♠ A♠", "RJ=10♦ J♦ Q♦"):
        meld = Meld.parse(text)
        assert str(meld) == text
        assert eval(repr(meld)) == meld
    with pytest.raises(NotationError, match="'5s=6s'"):
        Meld.parse("4s 5s=6s 7s", wild_rank=3)
    with pytest.raises(InvalidMeldError, match="at least 3 cards"):
        make_meld("7s 7h", None)


# --------------------------------------------------------------------------------
# The melder is exact: against the brute-force oracle


def random_hand(
    rng: random.Random, size: int, decks: int, jokers: int, max_wild: int | None, wild: Rank | None
) -> Cards:
    deck = list(standard_deck(decks, jokers))
    while True:
        hand = rng.sample(deck, size)
        if max_wild is None or sum(is_wild(c, wild) for c in hand) <= max_wild:
            return Cards(hand)


def assert_consistent(hand: Sequence[AnyCard], wild: Rank | None, rules: ThreeThirteenRules):
    result = best_melds(hand, wild, rules)
    for meld in result.melds:
        meld.check(rules, wild)
    assert sorted(map(repr, [*result.melded, *result.leftover])) == sorted(map(repr, hand))
    assert result.penalty == sum(rules.penalty(c) for c in result.leftover)
    assert hand_penalty(hand, wild, rules) == result.penalty
    return result


# hands per size (the oracle is exponential, so fewer large hands, with fewer wilds)
ORACLE_PLAN = {
    3: 400,
    4: 400,
    5: 400,
    6: 400,
    7: 350,
    8: 300,
    9: 250,
    10: 200,
    11: 60,
    12: 30,
    13: 12,
    14: 6,
}


@pytest.mark.parametrize("size", sorted(ORACLE_PLAN))
def test_melder_finds_the_minimum_penalty_like_the_brute_force_oracle(size):
    rng = random.Random(1000 + size)
    max_wild = None if size <= 9 else (3 if size <= 11 else 2)
    for _ in range(ORACLE_PLAN[size]):
        rules = rng.choice(ALL_RULES)
        decks = rng.choice((1, 2))
        wild = rng.choice((None, *map(Rank, range(3, 14))))
        hand = random_hand(rng, size, decks, rules.jokers, max_wild, wild)
        fast = assert_consistent(hand, wild, rules)
        slow = brute_force_melds(hand, wild, rules)
        assert fast.penalty == slow.penalty, (str(hand), wild, rules, str(fast), str(slow))


@pytest.mark.parametrize("size", [3, 6, 9])
def test_melder_is_exact_without_any_wild_card(size):
    rng = random.Random(size)
    for _ in range(300):
        rules = rng.choice((SOURCE, ACE_HIGH))
        hand = random_hand(rng, size, rng.choice((1, 2)), 0, None, None)
        assert best_melds(hand, None, rules).penalty == brute_force_melds(hand, None, rules).penalty


def test_melder_is_exact_on_hands_heavy_with_wild_cards():
    rng = random.Random(77)
    deck = list(standard_deck(2, 2))
    wilds = [c for c in deck if isinstance(c, Joker) or c.rank == Rank.SEVEN]
    naturals = [c for c in deck if c not in wilds]
    for _ in range(300):
        rules = rng.choice(ALL_RULES)
        n_wild = rng.randint(1, 6)
        hand = Cards(rng.sample(wilds, n_wild) + rng.sample(naturals, rng.randint(0, 9 - n_wild)))
        if len(hand) < 3:
            continue
        assert_consistent(hand, Rank.SEVEN, rules)
        slow = brute_force_melds(hand, Rank.SEVEN, rules)
        assert best_melds(hand, Rank.SEVEN, rules).penalty == slow.penalty, str(hand)


def test_melder_is_exact_on_runs_of_one_suit_from_two_decks():
    rng = random.Random(5)
    spades = [c for c in standard_deck(2, 2) if isinstance(c, Joker) or c.suit.value == "s"]
    for _ in range(300):
        rules = rng.choice(ALL_RULES)
        hand = Cards(rng.sample(spades, rng.randint(3, 10)))
        wild = rng.choice((None, Rank.FIVE, Rank.KING))
        assert_consistent(hand, wild, rules)
        assert best_melds(hand, wild, rules).penalty == brute_force_melds(hand, wild, rules).penalty


def test_fourteen_cards_of_which_nine_wild_meld_completely_even_through_one_long_run():
    # One core A-2-3…Q-K with 9 wild cards fills 13 places and leaves one wild
    # card over: the melder must split the run so that every wild card has a place.
    hand = parse_cards("As 2s 3s Qs Ks 4h 4d 4c 4s RJ BJ 4h 4d 4c", decks=2)
    for rules in (SOURCE, NATURAL):
        result = assert_consistent(hand, Rank.FOUR, rules)
        assert result.penalty == 0 and not result.leftover


def test_hand_of_only_wild_cards():
    assert best_melds("RJ BJ", None).penalty == 40
    assert best_melds("5s 5h 5d 5c", 5).penalty == 0
    assert best_melds("5s 5h 5d 5c", 5, NATURAL).penalty == 20


def test_a_lone_wild_card_cannot_meld_without_partners():
    assert best_melds("3h 9s Kd", 3).penalty == 3 + 9 + 10
    assert best_melds("3h 9s 9d", 3).penalty == 0


# --------------------------------------------------------------------------------
# The engine


def rigged(
    hands: Sequence[str],
    top: str,
    stock_top: str,
    round_number: int = 1,
    rules: ThreeThirteenRules = SOURCE,
    player: int = 0,
) -> ThreeThirteenState:
    """A state of ``round_number`` with chosen hands and piles; every other card is in the stock."""
    state = new_game(seed=0, players=len(hands), rules=rules, first_dealer=len(hands) - 1)
    held = [parse_cards(h) for h in hands]
    top_card, stock_card = parse_cards(top)[0], parse_cards(stock_top)[0]
    used = {c for h in held for c in h} | {top_card, stock_card}
    rest = [c for c in state.deck() if c not in used]
    return dataclasses.replace(
        state,
        round_number=round_number,
        first_dealer=(player - round_number) % len(hands),
        hands=tuple(held),
        discard=Cards([top_card]),
        stock=Cards([*rest, stock_card]),
        player=player,
    )


def test_round_n_deals_n_plus_2_cards_from_the_left_of_the_dealer():
    state = new_game(seed=3, players=3)
    for round_number in range(1, 4):
        assert all(len(h) == round_number + 2 for h in state.hands)
        assert state.current_player() == (state.dealer + 1) % 3
        check_conservation(state.zones(), state.deck())
        state = state._end_round()


def test_deal_passes_to_the_left_each_round():
    state = new_game(seed=4, players=4)
    dealers = []
    while not state.is_terminal():
        dealers.append(state.dealer)
        state = state._end_round()
    assert len(dealers) == ROUNDS
    assert all(b == (a + 1) % 4 for a, b in pairwise(dealers))


def test_the_top_card_of_the_stock_is_turned_up_to_start_the_discard_pile():
    state = new_game(seed=5, players=2)
    assert len(state.discard) == 1
    assert len(state.stock) == 52 - 2 * 3 - 1


def test_first_dealer_is_random_from_the_seed():
    dealers = {new_game(seed=s, players=4).dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}


def test_same_seed_deals_the_same_cards():
    assert new_game(seed=11, players=3) == new_game(seed=11, players=3)
    assert new_game(seed=11, players=3).hands != new_game(seed=12, players=3).hands


def test_a_turn_is_draw_from_stock_or_discard_then_discard_one():
    state = rigged(["4s 9h Kd", "5c 6c 8d"], top="Jh", stock_top="2d")
    assert [str(a) for a in state.legal_actions()] == ["draw", "take J♥"]
    drawn = state.apply_action(DRAW)
    assert drawn.phase is Phase.DISCARD and Card.parse("2d") in drawn.hands[0]
    after = drawn.apply_action(Action.parse("discard Kd"))
    assert after.current_player() == 1 and after.discard[-1] == Card.parse("Kd")
    assert len(after.hands[0]) == 3


def test_only_the_top_card_of_the_discard_pile_can_be_taken():
    state = rigged(["4s 9h Kd", "5c 6c 8d"], top="Jh", stock_top="2d")
    with pytest.raises(IllegalActionError, match="top of the discard pile is J♥"):
        state.apply_action(Action.parse("take 2d"))


def test_the_card_just_taken_cannot_be_discarded_unless_the_rules_allow():
    state = rigged(["4s 9h Kd", "5c 6c 8d"], top="Jh", stock_top="2d")
    taken = state.apply_action(Action.parse("take Jh"))
    assert Action.parse("discard Jh") not in taken.legal_actions()
    with pytest.raises(IllegalActionError, match="just taken"):
        taken.apply_action(Action.parse("discard Jh"))
    loose = rigged(
        ["4s 9h Kd", "5c 6c 8d"], "Jh", "2d", rules=SOURCE.with_options(discard_taken_card=True)
    )
    assert Action.parse("discard Jh") in loose.apply_action(Action.parse("take Jh")).legal_actions()


def test_illegal_action_raises_says_what_is_legal_and_leaves_the_state_unchanged():
    state = rigged(["4s 9h Kd", "5c 6c 8d"], top="Jh", stock_top="2d")
    before = dataclasses.replace(state)
    with pytest.raises(IllegalActionError, match="must draw first; legal: draw, take J♥"):
        state.apply_action(Action.parse("discard 4s"))
    assert state == before
    drawn = state.apply_action(DRAW)
    with pytest.raises(IllegalActionError, match="not in their hand"):
        drawn.apply_action(Action.parse("discard Qc"))
    with pytest.raises(IllegalActionError, match="would not meld"):
        drawn.apply_action(Action.parse("go out Kd"))
    with pytest.raises(IllegalActionError, match="not a Three-Thirteen action"):
        drawn.apply_action("discard Kd")  # type: ignore[arg-type]


def test_going_out_needs_every_card_but_the_discard_in_melds():
    # Round 1 (threes wild): 4♠ 5♠ 3♥ make a run; after drawing the K♦, go out discarding it.
    state = rigged(["4s 5s 3h", "5c 6c 8d"], top="Jh", stock_top="Kd")
    drawn = state.apply_action(DRAW)
    assert [str(a) for a in drawn.legal_actions()][:1] == ["go out K♦"]
    assert Action.parse("go out 4s") not in drawn.legal_actions()


def test_after_going_out_every_other_player_has_exactly_one_more_turn():
    state = rigged(["4s 5s 3h", "5c 6c 8d", "9s 9d Qh"], top="Jh", stock_top="Kd")
    state = state.apply_action(DRAW).apply_action(Action.parse("go out Kd"))
    assert state.went_out == 0 and state.current_player() == 1
    assert Move.GO_OUT not in {a.move for a in state.apply_action(DRAW).legal_actions()}
    state = state.apply_action(Action.parse("take Kd")).apply_action(Action.parse("discard 8d"))
    assert state.round_number == 1 and state.current_player() == 2
    state = state.apply_action(DRAW)
    state = state.apply_action(state.legal_actions()[-1])
    assert state.round_number == 2  # the round was scored after seat 2's last turn
    result = state.results[0]
    assert result.went_out == 0 and result.penalties[0] == 0
    assert result.penalties[1] == best_melds(result.hands[1], 3).penalty


def test_the_player_who_goes_out_lays_their_melds_down_for_every_seat_to_see():
    state = rigged(["4s 5s 3h", "5c 6c 8d", "9s 9d Qh"], top="Jh", stock_top="Kd")
    assert state.laid_down is None and state.observation(1).laid_down is None
    state = state.apply_action(DRAW).apply_action(Action.parse("go out Kd"))
    laid = state.laid_down
    assert (
        laid is not None and laid.penalty == 0 and [str(m) for m in laid.melds] == ["4♠ 5♠ 3♥=6♠"]
    )
    assert all(state.observation(seat).laid_down == laid for seat in range(3))
    # the melds stay on the table through the others' last turns, and are scored as laid
    state = state.apply_action(DRAW)
    assert state.observation(2).laid_down == laid
    state = state.apply_action(state.legal_actions()[-1]).apply_action(DRAW)
    state = state.apply_action(state.legal_actions()[-1])
    assert state.round_number == 2 and state.laid_down is None
    assert state.results[0].melds[0] == laid


def test_turns_go_clockwise_starting_left_of_the_dealer():
    state = new_game(seed=6, players=4)
    seats = []
    while len(seats) < 8:
        seats.append(state.current_player())
        state = state.apply_action(DRAW)
        state = state.apply_action(next(a for a in state.legal_actions() if a.move is Move.DISCARD))
    first = (state.dealer + 1) % 4
    assert seats == [(first + k) % 4 for k in range(8)]


def test_the_player_who_goes_out_scores_zero_and_others_score_their_unmelded_cards():
    state = rigged(["4s 5s 3h", "5c 6c 8d"], top="Jh", stock_top="Kd")
    state = state.apply_action(DRAW).apply_action(Action.parse("go out Kd"))
    state = state.apply_action(DRAW)
    hand_before_discard = state.hands[1]
    state = state.apply_action(Action(Move.DISCARD, hand_before_discard[-1]))
    result = state.results[-1]
    assert result.penalties[0] == 0
    assert result.penalties[1] == hand_penalty(result.hands[1], 3)
    assert state.totals == result.totals == result.penalties


def test_scores_add_up_over_11_rounds_and_the_lowest_total_wins():
    state = new_game(seed=9, players=3)
    while not state.is_terminal():
        state = state._end_round()
    assert len(state.results) == ROUNDS and state.current_player() == TERMINAL
    assert state.totals == tuple(sum(r.penalties[s] for r in state.results) for s in range(3))
    assert state.winners() == tuple(s for s in range(3) if state.totals[s] == min(state.totals))
    assert state.returns() == tuple(-float(t) for t in state.totals)
    assert state.legal_actions() == []


def test_an_empty_stock_is_rebuilt_from_the_discard_pile_except_its_top_card():
    state = rigged(["4s 9h Kd", "5c 6c 8d"], top="Jh", stock_top="2d")
    discards = Cards([c for c in state.stock[:-1]])
    state = dataclasses.replace(
        state, stock=Cards([state.stock[-1]]), discard=Cards([*discards, Card.parse("Jh")])
    )
    after = state.apply_action(DRAW).apply_action(Action.parse("discard Kd"))
    assert after.reshuffles_done == 1 and after.round_number == 1
    assert list(after.discard) == [Card.parse("Kd")]
    assert sorted(map(repr, after.stock)) == sorted(map(repr, [*discards, Card.parse("Jh")]))
    check_conservation(after.zones(), after.deck())
    # the same seed rebuilds the same stock
    again = state.apply_action(DRAW).apply_action(Action.parse("discard Kd"))
    assert again.stock == after.stock


def test_the_round_ends_when_the_stock_runs_out_after_the_allowed_reshuffles():
    state = rigged(["4s 9h Kd", "5c 6c 8d"], top="Jh", stock_top="2d")
    discards = Cards([c for c in state.stock[:-1]])
    state = dataclasses.replace(
        state,
        stock=Cards([state.stock[-1]]),
        discard=Cards([*discards, Card.parse("Jh")]),
        reshuffles_done=1,
    )
    after = state.apply_action(DRAW).apply_action(Action.parse("discard Kd"))
    assert after.round_number == 2
    assert after.results[0].went_out is None
    assert after.results[0].penalties == (4 + 9 + 2, 5 + 6 + 8)


def always_take(state: ThreeThirteenState) -> ThreeThirteenState:
    """One step of a player who always takes the top discard, else takes the first legal action."""
    legal = state.legal_actions()
    take = [a for a in legal if a.move is Move.TAKE]
    return state.apply_action(take[0] if take else legal[0])


def test_turn_limit_ends_a_round_of_players_who_always_take_the_discard_and_scores_it():
    # the stock never shrinks: 12 steps bring round 1 back to where it started
    state = new_game(seed=0, players=2)
    assert state.rules.turn_limit == 1000
    stock = state.stock
    for _ in range(12):
        state = always_take(state)
    assert state.hands == new_game(seed=0, players=2).hands and state.stock == stock
    assert state.turns_played == 6 and state.observation(1).turns_played == 6
    while state.round_number == 1:
        before = state
        state = always_take(state)
    assert before.turns_played == 999 and before.stock == stock  # the stock never ran out
    result = state.results[0]
    assert result.turn_limit_reached and result.turns == 1000 and result.went_out is None
    assert result.penalties == tuple(hand_penalty(h, 3) for h in result.hands)
    assert state.totals == result.totals == result.penalties
    assert state.turns_played == 0 and state.cards_dealt == 4  # round 2 is dealt
    assert "reached the turn limit (1000 turns) before anyone went out" in str(result)


def test_turn_limit_scores_the_round_as_when_the_stock_runs_out_for_good():
    start = rigged(["4s 9h Kd", "5c 6c 8d"], top="Jh", stock_top="2d")
    discards = Cards(start.stock[:-1])
    out_of_stock = dataclasses.replace(
        start,
        stock=Cards([start.stock[-1]]),
        discard=Cards([*discards, Card.parse("Jh")]),
        reshuffles_done=1,
    )
    at_the_limit = dataclasses.replace(
        start, rules=SOURCE.with_options(turn_limit=8), turns_played=7
    )
    ended = [
        s.apply_action(DRAW).apply_action(Action.parse("discard Kd"))
        for s in (out_of_stock, at_the_limit)
    ]
    by_stock, by_limit = (s.results[0] for s in ended)
    assert by_limit.turn_limit_reached and not by_stock.turn_limit_reached
    assert by_limit.turns == 8 and by_stock.turns == 1
    assert by_limit.went_out is by_stock.went_out is None
    assert by_limit.melds == by_stock.melds and by_limit.penalties == (4 + 9 + 2, 5 + 6 + 8)
    assert by_limit.totals == by_stock.totals and ended[1].round_number == 2
    # one turn earlier the round goes on
    before = dataclasses.replace(at_the_limit, turns_played=6)
    assert before.apply_action(DRAW).apply_action(Action.parse("discard Kd")).round_number == 1


def test_turn_limit_ends_the_round_even_during_the_last_turns_after_going_out():
    # as when the stock runs out during the last turns: the turns still to come are lost
    state = rigged(["4s 5s 3h", "5c 6c 8d", "9s 9d Qh"], top="Jh", stock_top="Kd")
    state = dataclasses.replace(state, rules=SOURCE.with_options(turn_limit=5), turns_played=4)
    state = state.apply_action(DRAW).apply_action(Action.parse("go out Kd"))
    assert state.round_number == 2
    result = state.results[0]
    assert result.went_out == 0 and result.turn_limit_reached and result.penalties[0] == 0
    assert result.penalties[1:] == (5 + 6 + 8, 9 + 9 + 10)
    assert result.ending(["Ana", "Ben", "Cy"]) == (
        "Ana went out, but the round reached the turn limit (5 turns) before everyone else had "
        "a last turn"
    )
    # a limit that falls during the last turns cuts the ones still to come
    for limit, last_turns in ((6, 1), (7, 2)):
        state = rigged(["4s 5s 3h", "5c 6c 8d", "9s 9d Qh"], top="Jh", stock_top="Kd")
        state = dataclasses.replace(
            state, rules=SOURCE.with_options(turn_limit=limit), turns_played=4
        )
        state = state.apply_action(DRAW).apply_action(Action.parse("go out Kd"))
        for _ in range(last_turns):
            state = state.apply_action(DRAW)
            state = state.apply_action(state.legal_actions()[-1])
        assert state.round_number == 2 and state.results[0].turns == limit
        # the last turns all played by the limit's last turn: the round ends as usual
        assert state.results[0].turn_limit_reached == (last_turns < 2)


def test_turn_limit_none_lets_a_round_of_takers_go_on():
    state = new_game(seed=0, players=2, rules=SOURCE.with_options(turn_limit=None))
    for _ in range(2 * 1500):
        state = always_take(state)
    assert state.round_number == 1 and state.turns_played == 1500


def test_turn_limit_must_be_a_whole_number_of_turns_at_least_1_or_none():
    assert ThreeThirteenRules(turn_limit=1).turn_limit == 1
    assert ThreeThirteenRules(turn_limit=None).turn_limit is None
    for bad in (0, -3, 2.5, "100", True):
        with pytest.raises(RulesError, match=r"turn_limit is the most turns a round may last"):
            ThreeThirteenRules(turn_limit=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"not 0$"):  # every RulesError is a ValueError
        SOURCE.with_options(turn_limit=0)


def test_turn_limit_is_listed_among_the_options_when_one_is_unknown():
    with pytest.raises(UnknownOptionError, match=r"options are: .*, turn_limit$"):
        SOURCE.with_options(turns=10)


def test_actions_print_as_a_player_writes_them_and_read_back():
    for text in ("draw", "take 7♠", "discard 10♦", "go out RJ"):
        action = Action.parse(text)
        assert str(action) == text and eval(repr(action)) == action
    assert Action.parse("Out 9d") == Action(Move.GO_OUT, Card.parse("9d"))
    copy = Action(Move.DISCARD, Card.parse("9d", deck=1))
    assert eval(repr(copy)) == copy and str(copy) == "discard 9♦"
    for bad in ("fold", "draw 7s", "take 7x"):
        with pytest.raises(NotationError):
            Action.parse(bad)
    assert hash(Action.parse("take 7s")) == hash(Action(Move.TAKE, Card.parse("7s")))


def test_state_parse_action_matches_either_copy_of_a_two_deck_card():
    state = rigged(["4s 9h Kd", "5c 6c 8d", "2c 2d 2h"], top="Jh", stock_top="3d")
    assert state.parse_action("take") == Action(Move.TAKE, Card.parse("Jh"))
    second_copy = Card.parse("2d", deck=1)
    hands = (Cards([second_copy, *state.hands[0]]), *state.hands[1:])
    drawn = dataclasses.replace(state, hands=hands, phase=Phase.DISCARD)
    assert drawn.parse_action("discard 2d") == Action(Move.DISCARD, second_copy)
    with pytest.raises(IllegalActionError, match="another copy"):
        drawn.apply_action(Action.parse("discard 2d"))
    with pytest.raises(IllegalActionError, match="legal:"):
        drawn.parse_action("discard 3c")


def test_of_two_identical_cards_only_one_discard_is_offered():
    state = new_game(seed=0, players=3)
    deck1 = Card.parse("7s", deck=1)
    state = dataclasses.replace(
        state,
        hands=(Cards([*parse_cards("7s 8h 9c"), deck1]), *state.hands[1:]),
        phase=Phase.DISCARD,
        player=0,
    )
    sevens = [a for a in state.legal_actions() if a.card is not None and a.card.rank == Rank.SEVEN]
    assert len(sevens) == 1


def test_observation_shows_only_the_seats_own_hand():
    state = new_game(seed=2, players=3)
    seen = state.observation(1)
    assert seen.hand == state.hands[1]
    assert seen.hand_sizes == (3, 3, 3) and seen.stock_size == len(state.stock)
    shown = [getattr(seen, f.name) for f in dataclasses.fields(seen)]
    assert state.hands[0] not in shown and state.hands[2] not in shown and state.stock not in shown
    state = state.apply_action(DRAW)
    assert all(a.card is None for s, a in state.observation(2).round_log if a.move is Move.DRAW)
    with pytest.raises(RulesError):
        state.observation(3)


def test_new_game_needs_two_players_and_enough_cards():
    with pytest.raises(RulesError):
        new_game(players=1)
    with pytest.raises(RulesError, match="too few"):
        new_game(players=4, rules=SOURCE.with_options(decks=1))
    assert len(new_game(players=3, rules=VARIATIONS).deck()) == 108


# --------------------------------------------------------------------------------
# Bots


def discard_phase(hand: str, round_number: int, **changes: object) -> ThreeThirteenState:
    """Seat 0 holding ``hand`` after drawing, in ``round_number``."""
    state = rigged([hand, "5c 6c 8d"], top="Jh", stock_top="2d", round_number=round_number)
    return dataclasses.replace(state, phase=Phase.DISCARD, **changes)  # type: ignore[arg-type]


def test_greedy_bot_takes_the_discard_when_it_lowers_its_penalty():
    bot = GreedyBot()
    state = rigged(["9s 10s Kd", "5c 6c 8d"], top="Js", stock_top="2d", round_number=2)
    assert bot.choose(
        state.observation(0), state.legal_actions(), random.Random(0)
    ) == Action.parse("take Js")
    state = rigged(["9s 10s Kd", "5c 6c 8d"], top="Kh", stock_top="2d", round_number=2)
    assert bot.choose(state.observation(0), state.legal_actions(), random.Random(0)) == DRAW


def test_greedy_bot_discards_the_card_that_leaves_the_lowest_penalty():
    state = discard_phase("9s 10s Js Kd", round_number=2)
    action = GreedyBot().choose(state.observation(0), state.legal_actions(), random.Random(0))
    assert action == Action.parse("go out Kd")
    state = discard_phase("8s 9s 2h Kd", round_number=2)
    action = GreedyBot().choose(state.observation(0), state.legal_actions(), random.Random(0))
    assert action == Action.parse("discard Kd")


def test_wary_bot_avoids_feeding_the_next_player():
    # Seat 1 took the 7♥ from the pile.  Greedy sheds the 9♥ (it keeps the
    # cheaper 8♣); the wary bot keeps the 9♥, which seat 1 could use.
    state = discard_phase(
        "2s 3s 4s 9h 8c", round_number=2, round_log=((1, Action.parse("take 7h")),)
    )
    obs = state.observation(0)
    greedy = GreedyBot().choose(obs, state.legal_actions(), random.Random(0))
    wary = WaryBot().choose(obs, state.legal_actions(), random.Random(0))
    assert greedy == Action.parse("discard 9h")
    assert wary == Action.parse("discard 8c")


def test_bots_choose_only_legal_actions_from_what_their_seat_sees():
    rng = random.Random(3)
    state = new_game(seed=3, players=3)
    bots = [GreedyBot(), WaryBot(), GreedyBot()]
    for _ in range(200):
        if state.is_terminal():
            break
        seat = state.current_player()
        action = bots[seat].choose(state.observation(seat), state.legal_actions(), rng)
        assert action in state.legal_actions()
        state = state.apply_action(action)


def test_compare_bots_reports_each_bots_mean_total_and_wins():
    result = compare_bots([GreedyBot(), WaryBot()], games=2, seed=4)
    assert result.names == ("greedy", "wary") and result.games == 2
    assert sum(result.wins) == pytest.approx(2)
    assert "mean total" in str(result)
