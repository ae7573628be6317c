"""Indian Rummy (docs/GAMES.md §8): the engine, its actions and their notation, the
formats (points, pool, deals), the score sheet and the bots.

The groups (sequences, sets, the best grouping, the points of a hand, what makes
a declaration right) are tested in test_indian_rummy_groups.py; here they are
used as the engine uses them.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter

import pytest

from rules_lib.cards import Card, Cards, Color, Joker, Rank, parse_cards
from rules_lib.engine import TERMINAL, check_conservation, playout, replay
from rules_lib.errors import IllegalActionError, NotationError, RulesError
from rules_lib.indian_rummy import (
    DRAW,
    DROP,
    PRESETS,
    Action,
    Ending,
    HeuristicBot,
    IndianRummyRules,
    IndianRummyState,
    Move,
    Phase,
    RandomBot,
    Status,
    compare_bots,
    is_hopeless,
    new_game,
)
from rules_lib.indian_rummy.groups import hand_points

RULES = IndianRummyRules()
#: Seat 0 holds two pure sequences and a set; the 8♣ on the stock makes a fourth
#: group (5♣ 6♣ 7♣ 8♣), and the J♦ is left to finish with.
NEAR = "2s 3s 4s 7h 8h 9h Kd Kc Ks 5c 6c 7c Jd"
OTHER = "Ad 2d 3d 4d 5h 5d 9c 9d Jh Js 6h 6s 8s"
THIRD = "Ac 2c 3c 4c 10s 10d 10c 8d 6d Jc Ah As Qd"
RIGHT = "declare Jd | 2s 3s 4s | 7h 8h 9h | Kd Kc Ks | 5c 6c 7c 8c"
WRONG = "declare Jd | 2s 3s 4s | 7h 8h | 9h Kd Kc Ks | 5c 6c 7c 8c"


def table(*hands: str, discard: str = "3h", stock: str = "8c", wild: str = "Qh", **options):
    """A first deal dealt as given: seat 0 to act, queens wild (the Q♥ turned up)."""
    rules = RULES.with_options(**options)
    return IndianRummyState.from_hands(list(hands), discard, stock, wild, rules)


def play(state: IndianRummyState, *texts: str) -> IndianRummyState:
    for text in texts:
        state = state.apply_action(state.parse_action(text))
    return state


# --------------------------------------------------------------------------------
# The deal


def test_two_players_use_one_deck_and_one_joker():
    state = new_game(seed=1, players=2)
    deck = state.deck()
    assert len(deck) == 53 and sum(isinstance(c, Joker) for c in deck) == 1
    for players in range(3, 7):
        deck = new_game(seed=1, players=players).deck()
        assert len(deck) == 106 and sum(isinstance(c, Joker) for c in deck) == 2


@pytest.mark.parametrize("players", range(2, 7))
def test_each_player_gets_13_cards_a_card_is_turned_up_and_one_starts_the_discard_pile(players):
    state = new_game(seed=players, players=players)
    assert [len(h) for h in state.hands] == [13] * players
    assert state.wild_card is not None and len(state.discard) == 1
    assert len(state.stock) == len(state.deck()) - 13 * players - 2
    assert {2: 25, 3: 65, 4: 52, 5: 39, 6: 26}[players] == len(state.stock)
    check_conservation(state.zones(), state.deck())
    assert state.zones()["wild card"] == Cards([state.wild_card])


def test_the_first_player_sits_left_of_the_dealer():
    for seed in range(6):
        state = new_game(seed=seed, players=4)
        assert state.current_player() == (state.dealer + 1) % 4
    assert new_game(seed=0, players=3, first_dealer=2).current_player() == 0


def test_one_seed_deals_the_same_game():
    assert new_game(seed=5, players=3) == new_game(seed=5, players=3)
    assert new_game(seed=5, players=3) != new_game(seed=6, players=3)


def test_seven_players_or_one_deck_for_four_are_refused():
    with pytest.raises(RulesError, match="2 to 6 players"):
        new_game(seed=0, players=7)
    with pytest.raises(RulesError, match="one deck cannot deal 13 cards to 4 players"):
        new_game(seed=0, players=4, rules=RULES.with_options(decks=1))


# --------------------------------------------------------------------------------
# Wild cards


def test_the_turned_card_makes_its_rank_wild():
    state = new_game(seed=3)
    assert isinstance(state.wild_card, Card) and state.wild_rank is state.wild_card.rank
    # with queens wild the Q♠ fills the set of kings; with aces wild it does not
    queens = table(NEAR.replace("Ks", "Qs"), OTHER)
    done = play(queens, "draw", RIGHT.replace("Ks", "Qs"))
    assert done.results[0].statuses[0] is Status.DECLARED
    aces = table(NEAR.replace("Ks", "Qs"), OTHER, wild="Ac")
    wrong = play(aces, "draw", RIGHT.replace("Ks", "Qs"))
    assert wrong.results[0].statuses[0] is Status.WRONG_DECLARATION


def test_a_turned_joker_makes_aces_wild():
    state = table(NEAR, OTHER, wild="RJ")
    assert state.wild_card == Joker(Color.RED) and state.wild_rank is Rank.ACE
    only = table(NEAR, OTHER, wild="RJ", joker_turned="jokers only")
    assert only.wild_rank is None
    # a deal of new_game that turns up a joker
    seed = next(s for s in range(500) if isinstance(new_game(seed=s).wild_card, Joker))
    assert new_game(seed=seed).wild_rank is Rank.ACE


def test_with_no_wild_card_turned_up_only_the_printed_jokers_are_wild():
    state = new_game(seed=3, rules=PRESETS["printed jokers only"])
    assert state.wild_card is None and state.wild_rank is None
    assert state.zones()["wild card"] == Cards()
    assert len(state.stock) == 53 - 26 - 1


# --------------------------------------------------------------------------------
# A turn


def test_a_turn_is_a_draw_or_a_take_then_a_discard():
    state = table(NEAR, OTHER)
    assert [str(a) for a in state.legal_actions()] == ["draw", "take 3♥", "drop"]
    drawn = state.apply_action(DRAW)
    assert drawn.phase is Phase.DISCARD and len(drawn.hands[0]) == 14
    done = play(drawn, "discard Jd")
    assert done.current_player() == 1 and done.phase is Phase.DRAW
    assert str(done.discard[-1]) == "J♦" and len(done.hands[0]) == 13
    taken = play(done, "take")
    assert str(taken.hands[1]).count("J♦") == 1 and len(taken.discard) == 1


def test_you_must_draw_first():
    ruling = table(NEAR, OTHER).check("discard Jd")
    assert not ruling.legal
    assert ruling.reason == "you must draw first: draw from the stock or take the top discard"
    assert [str(a) for a in ruling.alternatives] == ["draw", "take 3♥", "drop"]


def test_a_card_not_in_your_hand_is_refused_with_the_legal_actions():
    state = table(NEAR, OTHER).apply_action(DRAW)
    before = state
    with pytest.raises(
        IllegalActionError, match=re.escape("the A♠ is not in your hand; legal: declare J♦ | ")
    ):
        state.apply_action(Action.parse("discard As"))
    assert state == before
    assert state.check("take 3h").reason == "you have drawn already: discard a card, or declare"
    assert "only at the start of your turn" in state.check("drop").reason


def test_the_card_just_taken_from_the_discard_pile_may_not_be_discarded():
    state = play(table(NEAR, OTHER), "take")
    assert Action.parse("discard 3h") not in state.legal_actions()
    reason = state.check("discard 3h").reason
    assert reason == "you cannot discard the 3♥ you have just taken from the discard pile"


def later_turn_with_on_top(discard: str, **options) -> IndianRummyState:
    """Seat 0's second turn, the first card of the discard pile brought back on top."""
    state = play(table(NEAR, OTHER, discard=discard, **options), "draw", "discard Jd")
    state = play(state, "draw", "discard 8s")
    return dataclasses.replace(state, discard=Cards([*state.discard[1:], state.discard[0]]))


def test_a_joker_may_be_taken_from_the_discard_pile_only_on_the_first_turn_under_these_rules():
    first = table(NEAR, OTHER, discard="RJ", take_wild_from_discard=False)
    assert Action(Move.TAKE, Joker(Color.RED)) in first.legal_actions()
    later = later_turn_with_on_top("RJ", take_wild_from_discard=False)
    assert [str(a) for a in later.legal_actions()] == ["draw", "drop"]
    assert later.check(Action(Move.TAKE, Joker(Color.RED))).reason == (
        "you cannot take a joker from the discard pile under these rules "
        "(take_wild_from_discard=False), except on your first turn"
    )
    queen = later_turn_with_on_top("Qd", take_wild_from_discard=False)
    assert queen.check("take Qd").reason.startswith("you cannot take the Q♦, a wild card,")
    assert "take RJ" in [str(a) for a in later_turn_with_on_top("RJ").legal_actions()]
    check_conservation(later.zones(), later.deck())


def test_only_one_copy_of_two_identical_cards_is_offered_and_either_name_finds_it():
    state = new_game(seed=11, players=4)
    seat = state.current_player()
    state = state.apply_action(DRAW)
    hand = state.hands[seat]
    faces = Counter((c.rank, c.suit) if isinstance(c, Card) else c.color for c in hand)
    discards = [a for a in state.legal_actions() if a.move is Move.DISCARD]
    assert len(discards) == len(faces)
    for action in discards:
        assert state.parse_action(f"discard {action.card}") == action


# --------------------------------------------------------------------------------
# Declaring


def test_a_right_declaration_wins_the_deal_and_the_others_lose_their_hand_points():
    state = play(table(NEAR, OTHER), "draw")
    declare = state.parse_action(RIGHT)
    assert state.check(declare).legal
    done = state.apply_action(declare)
    assert done.is_terminal() and done.current_player() == TERMINAL
    result = done.results[0]
    lost = hand_points(done.hands[1], RULES, Rank.QUEEN)
    assert result.winner == 0 and result.ending is Ending.DECLARED
    assert result.points == (0, lost) and result.statuses == (Status.DECLARED, Status.COUNTED)
    assert done.returns() == (float(lost), -float(lost))
    assert [str(g) for g in result.declared] == ["2♠ 3♠ 4♠", "7♥ 8♥ 9♥", "K♦ K♣ K♠", "5♣ 6♣ 7♣ 8♣"]
    assert result.groupings[1] is not None and result.groupings[0] is None
    check_conservation(done.zones(), done.deck())


def test_the_right_declarations_are_listed_first_with_the_best_groups():
    state = play(table(NEAR, OTHER), "draw")
    listed = [a for a in state.legal_actions() if a.move is Move.DECLARE]
    assert [str(a.card) for a in listed] == ["J♦"]
    assert state.legal_actions()[0] == listed[0]
    assert Counter(c for g in listed[0].groups for c in g) == Counter(
        c for c in state.hands[0] if str(c) != "J♦"
    )


def test_a_wrong_declaration_costs_80_and_the_deal_goes_on():
    state = play(table(NEAR, OTHER, THIRD), "draw", WRONG)
    assert state.statuses == (Status.WRONG_DECLARATION, Status.PLAYING, Status.PLAYING)
    assert state.current_player() == 1 and not state.is_terminal() and not state.results
    assert len(state.hands[0]) == 13  # kept, out of play
    state = play(state, "draw", "discard 8s", "drop")  # seat 2 drops before drawing
    result = state.results[0]
    assert result.points == (80, 0, 20)
    assert result.statuses == (Status.WRONG_DECLARATION, Status.LAST_IN, Status.FIRST_DROP)
    assert result.winner == 1 and result.ending is Ending.LAST_IN
    assert result.faults[0] and result.why(0).startswith("wrong declaration: ")


def test_with_two_players_a_wrong_declaration_leaves_the_other_the_winner_with_0():
    done = play(table(NEAR, OTHER), "draw", WRONG)
    assert done.is_terminal()
    assert done.results[0].points == (80, 0) and done.results[0].winner == 1
    assert done.returns() == (-80.0, 80.0)


def test_a_declaration_must_show_every_card_of_the_hand():
    state = play(table(NEAR, OTHER), "draw")
    short = "declare Jd | 2s 3s 4s | 7h 8h 9h | Kd Kc Ks | 5c 6c 7c"
    assert state.check(short).reason == (
        "your declaration leaves out 8♣: show all 13 cards but the one you finish with, in groups"
    )
    twice = "declare Jd | 2s 3s 4s | 7h 8h 9h | Kd Kc Ks | 5c 6c 7c 8c 8c"
    assert state.check(twice).reason == "your declaration shows the 8♣ twice; you hold one"
    stranger = "declare Jd | 2s 3s 4s | 7h 8h 9h | Kd Kc Ks | 5c 6c 7c 9c"
    assert state.check(stranger).reason == "the 9♣ of your declaration is not in your hand"


# --------------------------------------------------------------------------------
# Dropping


def test_a_first_drop_costs_20_and_a_middle_drop_40():
    state = table(NEAR, OTHER, THIRD)
    state = play(state, "drop", "draw", "discard 8s", "draw", "discard 8d", "draw", "discard Jh")
    assert state.statuses[0] is Status.FIRST_DROP and state.current_player() == 2
    done = play(state, "drop")
    assert done.results[0].points == (20, 0, 40)
    assert done.results[0].statuses == (Status.FIRST_DROP, Status.LAST_IN, Status.MIDDLE_DROP)
    assert done.returns() == (-20.0, 60.0, -40.0)


def test_pool_201_charges_25_and_50_for_drops():
    rules = PRESETS["pool 201"]
    assert rules.drop_points(first=True) == 25 and rules.drop_points(first=False) == 50


# --------------------------------------------------------------------------------
# The stock and the turn limit


def test_an_empty_stock_is_made_again_from_the_discard_pile_but_its_top_card():
    state = table(NEAR, OTHER)
    state = dataclasses.replace(
        state, stock=state.stock[-1:], discard=Cards([*state.stock[:-1], *state.discard])
    )
    pile = len(state.discard)
    after = play(state, "draw", "discard Jd")
    assert after.restocks == 1 and str(after.discard) == "J♦"
    assert len(after.stock) == pile and after.wild_card == state.wild_card
    check_conservation(after.zones(), after.deck())


def test_the_turn_limit_scores_every_hand_as_it_stands_with_no_winner():
    done = play(table(NEAR, OTHER, turn_limit=2), "draw", "discard Jd", "draw", "discard 8s")
    result = done.results[0]
    assert result.ending is Ending.TURN_LIMIT and result.winner is None
    assert result.statuses == (Status.COUNTED, Status.COUNTED)
    assert result.points == tuple(hand_points(h, RULES, Rank.QUEEN) for h in done.hands)
    assert done.returns() == tuple(-float(p) for p in result.points)
    assert "turn limit (2 turns)" in str(result)


# --------------------------------------------------------------------------------
# Formats


def drop_until(state: IndianRummyState, stop) -> IndianRummyState:
    """Every player but the last drops before drawing, deal after deal, until ``stop``."""
    while not state.is_terminal() and not stop(state):
        state = state.apply_action(DROP)
    return state


def test_a_player_who_reaches_101_leaves_the_pool():
    start = new_game(seed=4, players=3, rules=PRESETS["pool 101"])
    state = drop_until(start, lambda s: any(r.eliminated for r in s.results))
    out = state.results[-1].eliminated
    assert len(out) == 1 and state.totals[out[0]] >= 101
    assert all(t < 101 for s, t in enumerate(state.totals) if s not in out)
    assert state.statuses[out[0]] is Status.OUT_OF_POOL and not state.hands[out[0]]
    assert out[0] not in state.legal_actions() and state.current_player() != out[0]
    check_conservation(state.zones(), state.deck())


def test_a_pool_ends_when_one_player_is_left_below_the_limit():
    final = drop_until(new_game(seed=4, players=3, rules=PRESETS["pool 101"]), lambda s: False)
    assert final.is_terminal()
    inside = [s for s in range(3) if final.totals[s] < 101]
    assert final.winners() == tuple(inside) and len(inside) == 1
    assert final.returns() == tuple(2.0 if s in inside else -1.0 for s in range(3))
    assert sum(len(r.eliminated) for r in final.results) == 2


def test_if_everyone_left_reaches_the_limit_in_one_deal_the_lowest_total_wins():
    rules = PRESETS["pool 101"].with_options(pool_limit=1, turn_limit=1)
    state = new_game(seed=3, rules=rules)
    done = state.apply_action(DRAW)
    done = done.apply_action(next(a for a in done.legal_actions() if a.move is Move.DISCARD))
    assert done.is_terminal() and set(done.results[0].eliminated) == {0, 1}
    low = min(done.totals)
    assert done.winners() == tuple(s for s in (0, 1) if done.totals[s] == low)


def test_a_pool_stopped_by_its_deal_limit_is_won_by_the_lowest_total():
    rules = PRESETS["pool 101"].with_options(deal_limit=1)
    done = new_game(seed=3, players=3, rules=rules).apply_action(DROP).apply_action(DROP)
    assert done.is_terminal() and len(done.results) == 1
    assert done.winners() == (done.results[0].winner,)


def test_the_deal_passes_left_to_the_next_player_still_in_the_pool():
    state = new_game(seed=2, players=3, rules=PRESETS["pool 101"])
    dealers = [state.dealer]
    while not state.is_terminal():
        deal = state.deal_number
        state = state.apply_action(DROP)
        if not state.is_terminal() and state.deal_number != deal:
            inside = state.results[-1].totals
            expected = next(
                (dealers[-1] + k) % 3 for k in (1, 2, 3) if inside[(dealers[-1] + k) % 3] < 101
            )
            assert state.dealer == expected
            dealers.append(state.dealer)
    assert len(dealers) > 3


def test_the_deals_format_plays_two_deals_and_the_lowest_total_wins():
    final = drop_until(new_game(seed=1, players=3, rules=PRESETS["deals"]), lambda s: False)
    assert len(final.results) == 2 and final.is_terminal()
    assert final.totals == tuple(map(sum, zip(*(r.points for r in final.results))))
    assert final.winners() == tuple(s for s in range(3) if final.totals[s] == min(final.totals))
    assert final.returns() == tuple(-float(t) for t in final.totals)


def test_the_points_format_pays_the_winner_the_others_points():
    final = drop_until(new_game(seed=9, players=4), lambda s: False)
    assert len(final.results) == 1 and sum(final.returns()) == 0


# --------------------------------------------------------------------------------
# Notation


@pytest.mark.parametrize(
    "text",
    ["draw", "take 7♠", "discard 10♥", "drop", RIGHT, "declare RJ | 7♥ 7♦ BJ | 2♠ 3♠ 4♠"],
)
def test_actions_print_as_a_player_writes_them_and_read_back(text):
    action = Action.parse(text)
    assert Action.parse(str(action)) == action and Action.from_short(action.short) == action
    assert eval(repr(action), {"Action": Action, "Move": Move}) == action


def test_a_declaration_that_shows_a_card_twice_reads_the_second_as_the_other_decks():
    action = Action.parse("declare 7h | 7h 7d 7c")
    assert [c.deck for c in action.groups[0]] == [1, 0, 0] and action.card.deck == 0


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("discard", "say which card"),
        ("fold", "say 'draw'"),
        ("draw 7s", "takes no card"),
        ("declare 9h", "name the card you finish with"),
        ("discard 1s", "is not a rank"),
    ],
)
def test_bad_notation_is_a_notation_error_saying_what_to_write(text, words):
    with pytest.raises(NotationError, match=words):
        Action.parse(text)
    assert not table(NEAR, OTHER).check(text).legal


# --------------------------------------------------------------------------------
# The engine shape


def test_observation_shows_a_seat_its_hand_and_the_public_piles_only():
    state = play(table(NEAR, OTHER), "draw")
    seen = state.observation(1)
    assert seen.hand == state.hands[1] and seen.hand_sizes == (14, 13)
    assert seen.wild_card == state.wild_card and seen.discard_top == state.discard[-1]
    assert seen.stock_size == len(state.stock) and not hasattr(seen, "stock")
    assert seen.deal_log == ((0, DRAW),) and seen.first_turn
    with pytest.raises(RulesError, match="no seat 2"):
        state.observation(2)


def test_a_game_replays_from_its_seed_and_moves():
    start = new_game(seed=8, players=3, rules=PRESETS["pool 101"])
    final = playout(start, [HeuristicBot(), RandomBot(), HeuristicBot()], random.Random(8))
    assert final.is_terminal() and replay(start, final.moves) == final
    check_conservation(final.zones(), final.deck())


# --------------------------------------------------------------------------------
# Bots


def test_the_heuristic_bot_declares_when_it_can():
    state = play(table(NEAR, OTHER), "draw")
    choice = HeuristicBot().choose(state.observation(0), state.legal_actions(), random.Random(0))
    assert choice.move is Move.DECLARE and str(choice.card) == "J♦"


def test_the_heuristic_bot_takes_a_joker_and_a_card_that_joins_a_group():
    bot = HeuristicBot()
    for discard in ("RJ", "Qd", "10h"):
        state = table(NEAR, OTHER, discard=discard)
        choice = bot.choose(state.observation(0), state.legal_actions(), random.Random(0))
        assert choice.move is Move.TAKE, discard
    state = table(NEAR, OTHER, discard="2h")
    assert bot.choose(state.observation(0), state.legal_actions(), random.Random(0)) == DRAW


def test_the_heuristic_bot_drops_a_hopeless_hand_on_its_first_turn():
    hopeless = "2s 6s 10s Ah 4h 9h Kh 3d 7d Jd 5c 9c Qc"
    assert is_hopeless(parse_cards(hopeless), RULES, None)
    state = table(hopeless, "3s 4s 5s 7s 8s Jh Qh 2d 4d 5d 6c 7c Kc", wild="8d", discard="3c")
    bot = HeuristicBot()
    assert bot.choose(state.observation(0), state.legal_actions(), random.Random(0)) == DROP


def test_the_heuristic_bot_beats_random_play():
    result = compare_bots([HeuristicBot(), RandomBot()], games=10, seed=3)
    assert result.mean_returns[0] > result.mean_returns[1]
    assert "heuristic" in str(result)
