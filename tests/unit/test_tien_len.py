"""Unit tests for rules_lib.tien_len (docs/GAMES.md section 3: Tiến Lên), one test per rule."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from itertools import combinations

import pytest

from rules_lib.cards import Card, Cards, Rank, Suit, parse_cards, shuffled, standard_deck
from rules_lib.engine import TERMINAL, Bot, GameState, RandomBot, check_conservation
from rules_lib.errors import IllegalActionError, NotationError, RulesError, UnknownOptionError
from rules_lib.tien_len import (
    PASS,
    PRESETS,
    Action,
    GreedyBot,
    HeuristicBot,
    InstantWin,
    Kind,
    Play,
    TienLenRules,
    TienLenState,
    beats,
    classify,
    first_dealer,
    instant_win_of,
    legal_plays,
    new_game,
    parse_action,
    tournament,
)

SOURCE = PRESETS["source"]
STANDARD = PRESETS["standard"]


def play(text: str, rules: TienLenRules = SOURCE) -> Play:
    return Play.parse(text, rules)


def kind(text: str, rules: TienLenRules = SOURCE) -> Kind | None:
    return classify(parse_cards(text, decks=2), rules)


def strs(actions: object) -> list[str]:
    return [str(a) for a in actions]  # type: ignore[attr-defined]


# --- ranks and suits -------------------------------------------------------------------


def test_two_is_the_highest_rank_and_three_the_lowest() -> None:
    assert play("2s").beats(play("Ad"))
    assert play("As").beats(play("Kd"))
    assert play("4s").beats(play("3d"))
    assert not play("3d").beats(play("2s"))


def test_source_suit_order_diamonds_over_clubs_over_hearts_over_spades() -> None:
    # the source: "If you play a 5 of hearts, a 5 of diamonds or clubs beats you,
    # but a 5 of spades does not."
    assert play("5d").beats(play("5h"))
    assert play("5c").beats(play("5h"))
    assert not play("5s").beats(play("5h"))
    assert play("5d").beats(play("5c"))
    assert SOURCE.describe_suits() == "♠ < ♥ < ♣ < ♦"


def test_standard_suit_order_hearts_over_diamonds_over_clubs_over_spades() -> None:
    assert play("5h", STANDARD).beats(play("5d", STANDARD), STANDARD)
    assert play("5d", STANDARD).beats(play("5c", STANDARD), STANDARD)
    assert play("5c", STANDARD).beats(play("5s", STANDARD), STANDARD)
    assert STANDARD.describe_suits() == "♠ < ♣ < ♦ < ♥"


def test_rank_beats_suit() -> None:
    assert play("6s").beats(play("5d"))
    assert play("6s", STANDARD).beats(play("5h", STANDARD), STANDARD)


def test_lowest_card_is_the_three_of_spades_in_both_presets() -> None:
    for rules in (SOURCE, STANDARD):
        lowest = rules.lowest_card
        assert lowest == Card.parse("3s")
        assert all(rules.key(lowest) < rules.key(c) for c in standard_deck() if c != lowest)  # type: ignore[arg-type]


# --- combinations ----------------------------------------------------------------------


def test_singles_pairs_triples_and_quads_are_cards_of_one_rank() -> None:
    assert kind("7s") is Kind.SINGLE
    assert kind("7s 7d") is Kind.PAIR
    assert kind("7s 7d 7c") is Kind.TRIPLE
    assert kind("7s 7d 7c 7h") is Kind.QUAD
    assert kind("7s 8d") is None
    assert kind("7s 7d 8c") is None


def test_straight_is_three_or_more_consecutive_ranks_of_any_suits() -> None:
    assert kind("3s 4h 5d") is Kind.STRAIGHT
    assert kind("9c 10h Jd Qs Kh As") is Kind.STRAIGHT
    assert kind("3s 4s") is None
    assert kind("3s 4h 6d") is None
    assert kind("3s 3h 4d 5c") is None


def test_straight_may_not_wrap_and_holds_no_two_by_default() -> None:
    assert kind("Qs Kh Ad") is Kind.STRAIGHT
    assert kind("Ks Ah 2d") is None
    assert kind("As 2h 3d") is None
    assert kind("2s 3h 4d") is None
    with_twos = TienLenRules(twos_in_straights=True)
    assert kind("Ks Ah 2d", with_twos) is Kind.STRAIGHT
    assert kind("As 2h 3d", with_twos) is None  # still no wrap


def test_source_sets_of_pairs_are_any_two_or_more_pairs() -> None:
    # the source's own examples: two 3s and two 7s; two 5s, two queens and two kings
    assert kind("3s 3h 7d 7c") is Kind.PAIRS
    assert kind("5s 5h Qd Qc Ks Kh") is Kind.PAIRS
    assert kind("5s 5h 6d 6c 7s 7h") is Kind.PAIRS
    assert kind("5s 5h 6d") is None


def test_standard_sets_of_pairs_are_three_or_more_consecutive_pairs() -> None:
    assert kind("3s 3h 7d 7c", STANDARD) is None
    assert kind("5s 5h Qd Qc Ks Kh", STANDARD) is None
    assert kind("5s 5h 6d 6c", STANDARD) is None
    assert kind("5s 5h 6d 6c 7s 7h", STANDARD) is Kind.PAIRS
    assert kind("Qs Qh Kd Kc As Ah 2s 2h", STANDARD) is None
    assert kind("Ks Kh As Ah 2s 2h", STANDARD.with_options(twos_in_straights=True)) is Kind.PAIRS


def test_not_a_play_says_why() -> None:
    with pytest.raises(IllegalActionError, match="not consecutive"):
        play("3s 4h 6d")
    with pytest.raises(IllegalActionError, match="at least 3"):
        play("3s 3h 4d 4c", STANDARD)
    with pytest.raises(IllegalActionError, match="may not hold a 2"):
        play("Ks Ah 2d")
    with pytest.raises(IllegalActionError, match="make no combination"):
        play("3s 3h 3d 4c 4d")


def test_play_prints_as_a_player_writes_and_reads_back() -> None:
    p = play("5d 3s 4h")
    assert str(p) == "3♠ 4♥ 5♦"
    assert play(str(p)) == p
    assert eval(repr(p), {"Play": Play, "Kind": Kind, "parse_cards": parse_cards}) == p
    two_decks = Play.parse(parse_cards("7d 7d", decks=2))
    assert (
        eval(repr(two_decks), {"Play": Play, "Kind": Kind, "parse_cards": parse_cards}) == two_decks
    )
    assert hash(play("3s 3h")) == hash(play("3h 3s"))


def test_play_describes_itself() -> None:
    assert play("9s 9h 9d 9c").describe() == "four of a kind of nines (9♦ high)"
    assert play("5s 5h 6d 6c 7s 7h").describe() == "3 consecutive pairs 5 to 7 (7♥ high)"
    assert play("3s 3h 7d 7c").describe() == "set of 2 pairs, 3 and 7 (7♦ high)"


def test_jokers_are_not_cards_of_tien_len() -> None:
    with pytest.raises(NotationError, match="joker"):
        play("RJ")


# --- beating the table -----------------------------------------------------------------


def test_a_reply_must_have_the_shape_of_the_play_led() -> None:
    # the source: player 1 lays down the 3 of spades and another 3; player 2 must play
    # a higher pair or pass.
    led = play("3s 3h")
    assert play("4s 4h").beats(led)
    assert not play("9s").beats(led)
    assert not play("4s 4h 4d").beats(led)
    assert not play("3s 4h 5d").beats(play("6s 7h 8d 9c"))
    assert not play("6s 7h 8d 9c").beats(play("3s 4h 5d"))  # a longer straight is another shape
    assert not play("9s 9h Js Jh").beats(play("3s 3h 4d 4c 5s 5h"))


def test_plays_compare_by_their_highest_card_rank_then_suit() -> None:
    assert play("3s 3d").beats(play("3h 3c"))  # 3♦ over 3♣
    assert not play("3h 3c").beats(play("3s 3d"))
    assert play("8s 9s 10h").beats(play("8d 9d 10s"))  # 10♥ over 10♠; lower cards do not count
    assert not play("8d 9d 10s").beats(play("8s 9s 10h"))
    assert play("9s 10s Js").beats(play("8d 9d 10d"))
    assert play("7s 7h 7d").beats(play("6c 6d 6h"))


def test_sets_of_pairs_compare_by_highest_card_when_of_equal_size() -> None:
    assert play("3s 3h 8d 8c").beats(play("6s 6h 7d 7c"))
    assert not play("3s 3h 8d 8c").beats(play("3d 3c 8s 8h 9s 9h"))


def test_identical_cards_of_two_decks_are_equal_and_neither_beats() -> None:
    first, second = parse_cards("7d 7d", decks=2)
    a, b = Play(Kind.SINGLE, parse_cards([first])), Play(Kind.SINGLE, parse_cards([second]))
    assert a != b
    assert not beats(a, b) and not beats(b, a)
    pair_a = Play.parse(parse_cards("7d 7d", decks=2))
    pair_b = play("7c 7d")
    assert not beats(pair_a, pair_b) and not beats(pair_b, pair_a)


def test_copies_beat_option_lets_a_copy_beat_its_twin_from_the_other_deck() -> None:
    rules = SOURCE.with_options(copies_beat=True)
    first, second = parse_cards("7d 7d", decks=2)
    a, b = Play(Kind.SINGLE, parse_cards([first])), Play(Kind.SINGLE, parse_cards([second]))
    assert beats(a, b, rules) and beats(b, a, rules)
    assert not beats(play("7c"), play("7d"), rules)  # a lower card still does not
    # the legal replies agree: the copy is offered on its twin only with the option
    hand = parse_cards("3s 7d 7d 9c", decks=2)[2:3] + parse_cards("4h")
    assert strs(legal_plays(hand, a, rules)) == ["7♦"]
    assert strs(legal_plays(hand, a)) == []
    state = TienLenState.from_hands(["7d 8s", "7d 9h"], rules, to_act=0, first_lead=False)
    state = state.play("7d")
    assert "7♦" in strs(state.legal_actions())
    assert "7♦" not in strs(
        TienLenState.from_hands(["7d 8s", "7d 9h"], to_act=0, first_lead=False)
        .play("7d")
        .legal_actions()
    )


def test_standard_chops_bombs_beat_a_single_two() -> None:
    two = play("2h", STANDARD)
    three_pairs = play("5s 5h 6d 6c 7s 7h", STANDARD)
    quad = play("9s 9h 9d 9c", STANDARD)
    four_pairs = play("5s 5h 6d 6c 7s 7h 8s 8h", STANDARD)
    for bomb in (three_pairs, quad, four_pairs):
        assert beats(bomb, two, STANDARD)
        assert not beats(bomb, two, SOURCE)
    assert not beats(play("5s 5h 6d 6c 7s 7h"), play("2h"), SOURCE.with_options(chops=False))
    assert not beats(quad, play("As", STANDARD), STANDARD)  # only 2s are chopped


def test_standard_chops_four_consecutive_pairs_or_a_quad_beat_a_pair_of_twos() -> None:
    twos = play("2s 2h", STANDARD)
    assert beats(play("5s 5h 6d 6c 7s 7h 8s 8h", STANDARD), twos, STANDARD)
    assert beats(play("9s 9h 9d 9c", STANDARD), twos, STANDARD)
    assert not beats(play("5s 5h 6d 6c 7s 7h", STANDARD), twos, STANDARD)
    assert not beats(play("9s 9h 9d 9c", STANDARD), play("2s 2h 2d", STANDARD), STANDARD)


def test_standard_chops_bomb_ladder_three_pairs_quad_four_pairs() -> None:
    three_pairs = play("5s 5h 6d 6c 7s 7h", STANDARD)
    quad = play("4s 4h 4d 4c", STANDARD)
    four_pairs = play("3s 3h 4d 4c 5s 5h 6s 6h", STANDARD)
    assert beats(quad, three_pairs, STANDARD)
    assert beats(four_pairs, quad, STANDARD)
    assert beats(four_pairs, three_pairs, STANDARD)
    assert not beats(three_pairs, quad, STANDARD)
    assert not beats(quad, four_pairs, STANDARD)
    assert beats(play("8s 8h 9d 9c 10s 10h", STANDARD), three_pairs, STANDARD)  # same shape


def test_chops_with_any_pairs_still_need_consecutive_pairs() -> None:
    rules = SOURCE.with_options(chops=True)
    assert beats(play("5s 5h 6d 6c 7s 7h"), play("2h"), rules)
    assert not beats(play("5s 5h 6d 6c 9s 9h"), play("2h"), rules)


# --- legal plays -----------------------------------------------------------------------


def _identity(p: Play) -> tuple[tuple[Rank, Suit], ...]:
    """A play with two-deck copies made interchangeable."""
    return tuple(sorted((c.rank, c.suit) for c in p.plain))


def _brute_force(
    hand: list[Card], table: Play | None, rules: TienLenRules
) -> set[tuple[tuple[Rank, Suit], ...]]:
    found = set()
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            k = classify(list(cards), rules)
            if k is None:
                continue
            candidate = Play(k, Cards(cards))
            if table is None or beats(candidate, table, rules):
                found.add(_identity(candidate))
    return found


RULE_VARIANTS = [
    SOURCE,
    STANDARD,
    SOURCE.with_options(chops=True, twos_in_straights=True),
    STANDARD.with_options(twos_in_straights=True, suit_order=SOURCE.suit_order),
]


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=["source", "standard", "src+", "std+"])
@pytest.mark.parametrize("decks", [1, 2])
def test_legal_plays_are_exactly_the_subsets_that_form_a_play_and_beat_the_table(
    rules: TienLenRules, decks: int
) -> None:
    rng = random.Random(f"{rules}{decks}")
    deck = [c for c in standard_deck(decks) if isinstance(c, Card)]
    for trial in range(120):
        # dense hands (few ranks) so that pairs, runs of pairs and bombs turn up
        ranks = rng.sample(list(Rank), rng.choice([3, 4, 5, 6]))
        pool = [c for c in deck if c.rank in ranks]
        hand = rng.sample(pool, rng.randint(4, 9))
        table: Play | None = None
        if trial % 4:
            others = [c for c in pool if c not in hand] or pool
            options = [
                Play(k, Cards(cs))
                for n in (1, 2, 3, 4, 6, 8)
                for cs in [rng.sample(others, min(n, len(others))) for _ in range(6)]
                if (k := classify(cs, rules)) is not None
            ]
            if trial % 8 == 1:
                options += [play("2h", rules), play("2s 2d", rules)]
            table = rng.choice(options) if options else None
        got = legal_plays(hand, table, rules)
        assert len(set(map(_identity, got))) == len(got), "a play is listed twice"
        assert all(not (Counter(p.cards) - Counter(hand)) for p in got)
        assert set(map(_identity, got)) == _brute_force(hand, table, rules), (hand, table)


def test_legal_plays_are_listed_cheapest_first() -> None:
    got = legal_plays(parse_cards("3s 3h 4d 5c 9s 2d"))
    highs = [SOURCE.key(p.high()) for p in got]
    assert highs == sorted(highs)
    assert str(got[0]) == "3♠"


def test_first_play_must_contain_the_three_of_spades() -> None:
    for seed in range(20):
        state = new_game(seed)
        assert state.must_contain == Card.parse("3s")
        assert Card.parse("3s") in state.hands[state.current_player()]
        assert all(Card.parse("3s") in a.cards for a in state.legal_actions())  # type: ignore[union-attr]
    state = TienLenState.from_hands(["3s 4s 9h", "5d 6d 9c"])
    with pytest.raises(IllegalActionError, match="must hold 3♠"):
        state.play("9h")
    assert str(state.play("3s").table) == "3♠"


def test_the_leader_may_not_pass() -> None:
    state = TienLenState.from_hands(["3s 4s", "5d 6d"])
    assert PASS not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="leads and may not pass"):
        state.apply_action(PASS)


# --- tricks ----------------------------------------------------------------------------


def test_trick_ends_when_everyone_else_passes_and_its_winner_leads_anything() -> None:
    state = TienLenState.from_hands(["3s 4s 9h", "5d 6d Kc", "7d 8c Qh"])
    state = state.play("3s").play("5d").play("pass").play("pass")
    assert state.table is None and state.current_player() == 1
    assert PASS not in state.legal_actions()
    assert "6♦" in strs(state.legal_actions())


def test_source_a_player_who_passed_may_play_again_in_the_same_trick() -> None:
    state = TienLenState.from_hands(["3s 4s 9h", "5d 6d Kc", "7d 8c Qh"])
    state = state.play("3s").play("pass").play("7d").play("9h")
    # seat 1 passed on the 3♠ but may beat the 9♥ in the same trick
    assert state.current_player() == 1
    assert "K♣" in strs(state.legal_actions())


def test_standard_a_pass_locks_the_player_out_of_the_trick() -> None:
    state = TienLenState.from_hands(["3s 4s 9h", "5d 6d Kc", "7d 8c Qh"], STANDARD)
    state = state.play("3s").play("pass").play("7d").play("9h")
    # seat 1 is locked out: the turn skips it and seat 2 may answer
    assert state.locked_out == frozenset({1})
    assert state.current_player() == 2
    state = state.play("Qh").play("pass")
    assert state.table is None and state.current_player() == 2  # seat 2 won the trick


def test_players_who_are_out_are_skipped_and_the_next_player_leads_after_them() -> None:
    state = TienLenState.from_hands(["3s 4s 9h", "2d", "7d 8c Qh", "5s 6s"])
    state = state.play("3s").play("2d")  # seat 1 goes out with a 2
    assert state.finished == (1,)
    assert state.current_player() == 2
    state = state.play("pass").play("pass").play("pass")
    # nobody beat the last card of seat 1: the next player still in leads
    assert state.table is None and state.current_player() == 2


def test_a_play_that_empties_a_hand_may_still_be_beaten_and_the_trick_goes_on() -> None:
    state = TienLenState.from_hands(["3s 4s 9h", "Kd", "7d 8c Ah", "5s 6s"])
    state = state.play("3s").play("Kd")  # seat 1 goes out with the K♦
    assert state.finished == (1,) and state.table == play("Kd")
    state = state.play("Ah")  # seat 2 beats the last card of seat 1
    assert state.table_player == 2
    state = state.play("pass").play("pass")
    assert state.table is None and state.current_player() == 2  # and wins the trick


def test_out_ends_trick_option_ends_the_trick_at_once_and_the_next_player_leads() -> None:
    rules = SOURCE.with_options(out_ends_trick=True)
    state = TienLenState.from_hands(["3s 4s 9h", "Kd", "7d 8c Ah", "5s 6s"], rules)
    state = state.play("3s").play("Kd")
    assert state.finished == (1,) and state.table is None
    assert state.current_player() == 2 and PASS not in state.legal_actions()
    # the last player in a row of seats: the lead goes round past the empty seats
    last = TienLenState.from_hands(["3s 9h", "4c 5c", "6d 7d", "8s"], rules)
    last = last.play("3s").play("4c").play("6d").play("8s")
    assert last.finished == (3,) and last.table is None and last.current_player() == 0


def test_finishing_order_plays_on_until_one_player_holds_cards() -> None:
    state = TienLenState.from_hands(["3s", "4s 5s", "6s 7s"])
    state = state.play("3s")
    assert state.finished == (0,) and not state.is_terminal()
    state = state.play("4s").play("6s").play("pass").play("7s")
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.finished == (0, 2, 1)
    assert state.places() == (1.0, 3.0, 2.0)
    assert state.returns() == (1.0, -1.0, 0.0)
    assert state.next_dealer == 1


def test_first_out_stops_the_hand_and_the_player_with_most_cards_loses() -> None:
    rules = SOURCE.with_options(finish="first out")
    state = TienLenState.from_hands(["3s", "4s 5s", "6s 7s 8s", "9d"], rules).play("3s")
    assert state.is_terminal()
    assert state.places() == (1.0, 3.0, 4.0, 2.0)
    assert state.next_dealer == 2
    assert sum(state.returns()) == pytest.approx(0.0)
    tied = TienLenState.from_hands(["3s", "4s 5s", "6s 7s"], rules).play("3s")
    assert tied.places() == (1.0, 2.5, 2.5)


# --- deals -----------------------------------------------------------------------------


def test_four_players_get_13_cards_each_dealt_one_at_a_time_left_of_the_dealer() -> None:
    deck = shuffled(standard_deck(), 99)
    for dealer in range(4):
        state = new_game(99, dealer=dealer)
        assert [len(h) for h in state.hands] == [13] * 4
        first = (dealer + 1) % 4
        assert deck[0] in state.hands[first] and deck[4] in state.hands[first]
        assert deck[1] in state.hands[(first + 1) % 4]
        check_conservation(state.zones(), state.deck())


def test_the_first_dealer_is_the_seat_that_draws_the_lowest_card() -> None:
    for seed in range(20):
        drawn = shuffled(standard_deck(), seed)[:4]
        lowest = min(drawn, key=SOURCE.key)  # type: ignore[arg-type]
        assert first_dealer(seed) == drawn.index(lowest)


def test_the_loser_deals_the_next_hand() -> None:
    state = TienLenState.from_hands(["3s", "4s 5s", "6s 7s"]).play("3s").play("4s")
    state = state.play("6s").play("pass").play("7s")
    assert state.places()[state.next_dealer] == 3.0


def test_tied_losers_the_first_after_the_winner_deals_by_default() -> None:
    rules = SOURCE.with_options(finish="first out")
    state = TienLenState.from_hands(["3s 4h 5h", "6s 7s", "9d", "10s Js"], rules)
    state = state.play("3s").play("6s").play("9d")  # seat 2 is out; seats 0 and 3 hold 2 cards
    assert state.is_terminal() and state.winner == 2
    places = state.places()
    tied = [s for s in range(4) if places[s] == max(places)]
    assert tied == [0, 3] and state.next_dealer == 3  # seat 3 comes first after seat 2


def test_tied_losers_draw_option_the_lowest_card_drawn_deals() -> None:
    rules = SOURCE.with_options(finish="first out", tied_losers="draw")
    for seed in range(12):
        start = TienLenState.from_hands(["3s 4h 5h", "6s 7s", "9d", "10s Js"], rules)
        state = dataclasses.replace(start, seed=seed)
        state = state.play("3s").play("6s").play("9d")
        drawn = state.tie_draw()
        assert set(drawn) == {0, 3} and drawn[0] != drawn[3]
        assert state.next_dealer == min(drawn, key=lambda s: rules.key(drawn[s]))
        assert state.tie_draw() == drawn  # the same seed draws the same cards
    dealers = set()
    for seed in range(12):
        state = dataclasses.replace(
            TienLenState.from_hands(["3s 4h 5h", "6s 7s", "9d", "10s Js"], rules), seed=seed
        )
        dealers.add(state.play("3s").play("6s").play("9d").next_dealer)
    assert dealers == {0, 3}


def test_the_same_seed_deals_the_same_cards() -> None:
    assert new_game(5) == new_game(5)
    assert new_game(5).hands != new_game(6).hands
    assert new_game(5, 6) == new_game(5, 6)


def test_three_players_get_17_cards_and_the_52nd_card_replaces_the_three_of_spades() -> None:
    seed = next(s for s in range(100) if shuffled(standard_deck(), s)[51] != Card.parse("3s"))
    spare = shuffled(standard_deck(), seed)[51]
    state = new_game(seed, players=3)
    assert [len(h) for h in state.hands] == [17, 17, 17]
    assert state.out_of_play == parse_cards("3s")
    leader = state.current_player()
    assert spare in state.hands[leader]
    assert state.must_contain is None  # the 3♠ is gone: the leader plays anything
    assert len(state.legal_actions()) > 1 or len(state.hands[leader]) == 1
    check_conservation(state.zones(), state.deck())


def test_three_players_when_the_52nd_card_is_the_three_of_spades_the_three_of_hearts_leads() -> (
    None
):
    seed = next(s for s in range(200) if shuffled(standard_deck(), s)[51] == Card.parse("3s"))
    state = new_game(seed, players=3)
    assert state.out_of_play == parse_cards("3s")
    assert Card.parse("3h") in state.hands[state.current_player()]
    assert state.must_contain is None
    check_conservation(state.zones(), state.deck())


@pytest.mark.parametrize("players", [5, 6, 7])
def test_five_or_more_players_add_13_cards_each_from_a_second_deck_without_its_three_of_spades(
    players: int,
) -> None:
    for seed in range(10):
        state = new_game(seed, players)
        assert [len(h) for h in state.hands] == [13] * players
        in_play = [c for h in state.hands for c in h]
        assert sum(c.deck == 1 for c in in_play) == 13 * (players - 4)
        assert Card(Rank.THREE, Suit.SPADES, 1) not in in_play
        assert Card(Rank.THREE, Suit.SPADES, 1) in state.out_of_play
        assert all(c in in_play for c in standard_deck())  # the whole first deck is dealt
        check_conservation(state.zones(), state.deck())


def test_player_counts_outside_three_to_seven_raise() -> None:
    for players in (1, 2, 8):
        with pytest.raises(RulesError, match="3 to 7 players"):
            new_game(1, players)


# --- instant wins (standard) -----------------------------------------------------------


def test_instant_win_hands_four_twos_dragon_six_pairs() -> None:
    assert instant_win_of(parse_cards("2s 2h 2d 2c 3s 5h 7d 9c Js Kh Ad 4c 6s")) is (
        InstantWin.FOUR_TWOS
    )
    assert instant_win_of(parse_cards("3s 4h 5d 6c 7s 8h 9d 10c Js Qh Kd Ac 3d")) is (
        InstantWin.DRAGON
    )
    assert instant_win_of(parse_cards("3s 3h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc 2s")) is (
        InstantWin.SIX_PAIRS
    )
    assert instant_win_of(parse_cards("3s 3h 5d 5c 7s 7h 9d 9c Js Jh Kd Qc 2s")) is None


def test_standard_instant_wins_end_the_hand_at_the_deal() -> None:
    seed = next(s for s in range(500) if new_game(s, 4, STANDARD).instant_win)
    state = new_game(seed, 4, STANDARD)
    winner, what = state.instant_win  # type: ignore[misc]
    assert instant_win_of(state.hands[winner]) is what
    assert state.is_terminal() and state.legal_actions() == []
    assert state.places()[winner] == 1.0
    assert sum(state.returns()) == pytest.approx(0.0)
    assert not new_game(seed, 4, SOURCE).is_terminal()  # off in the source


def test_instant_wins_are_not_checked_in_the_three_player_deal_of_17_cards() -> None:
    hands = [new_game(s, 3, STANDARD) for s in range(40)]
    assert not any(h.instant_win for h in hands)
    assert any(instant_win_of(h.hands[0]) for h in hands)  # six pairs in 17 cards is common


# --- the state -------------------------------------------------------------------------


def test_the_state_has_the_common_engine_shape_and_prints_a_summary() -> None:
    state = new_game(0)
    assert isinstance(state, GameState)
    assert state.num_players == 4 and state.returns() == (0.0, 0.0, 0.0, 0.0)
    assert str(state).splitlines()[0] == "Tiến Lên, 4 players, source rules"
    assert "(to act)" in str(state).splitlines()[2]
    with pytest.raises(RulesError, match="not over"):
        state.places()


def test_an_illegal_action_raises_says_what_is_legal_and_leaves_the_state_unchanged() -> None:
    state = new_game(0)
    before = (state.hands, state.table, state.to_act, state.history)
    with pytest.raises(
        IllegalActionError, match=r"must hold 3♠; legal: 3♠, 3♠ 4♥ 5♣, 3♠ 4♥ 5♣ 6♦$"
    ):
        state.apply_action(play("Jh Jc"))
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply_action(play("Ks"))
    with pytest.raises(IllegalActionError, match="not an action"):
        state.apply_action("3s")  # type: ignore[arg-type]
    assert (state.hands, state.table, state.to_act, state.history) == before
    assert state == new_game(0)


def test_a_play_that_does_not_beat_the_table_names_both_and_the_legal_replies() -> None:
    state = TienLenState.from_hands(["3s 9h", "5d 6d Kc"], first_lead=False).play("9h")
    with pytest.raises(IllegalActionError) as info:
        state.play("5d")
    assert str(info.value) == "single 5♦ does not beat the single 9♥ on the table; legal: K♣, pass"
    with pytest.raises(IllegalActionError, match="is not a play"):
        state.play("5d 6d")


def test_observation_shows_own_hand_and_only_counts_of_the_others() -> None:
    state = new_game(3)
    seat = state.current_player()
    obs = state.observation(seat)
    assert obs.hand == state.hands[seat]
    assert obs.hand_sizes == (13, 13, 13, 13)
    assert not any(h for h in vars(obs).values() if h in state.hands and h != obs.hand)
    after = state.apply_action(state.legal_actions()[0])
    obs2 = after.observation(0)
    assert obs2.history == after.history and obs2.table == after.table
    assert obs2.current_player == after.current_player()


def test_parse_action_reads_pass_and_cards_and_takes_the_copy_held() -> None:
    hand = parse_cards("7d 7d 9s", decks=2)[1:]  # holds the deck-1 7♦
    action = parse_action("7d", hand)
    assert isinstance(action, Play) and action.plain[0].deck == 1
    assert parse_action("PASS", hand) is PASS
    with pytest.raises(IllegalActionError, match="does not hold 8♣"):
        parse_action("8c", hand)
    with pytest.raises(NotationError):
        parse_action("7x", hand)


def test_every_action_prints_as_text_that_parses_back() -> None:
    state = new_game(11)
    for _ in range(30):
        if state.is_terminal():
            break
        for action in state.legal_actions():
            assert state.parse_action(str(action)) == action
        state = state.apply_action(state.legal_actions()[-1])


def test_conservation_after_moves_and_the_moves_replay() -> None:
    state = new_game(8, 5, STANDARD)
    rng = random.Random(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        state = state.apply_action(legal[rng.randrange(len(legal))])
        check_conservation(state.zones(), state.deck())
    replayed = new_game(8, 5, STANDARD)
    for action in state.moves:
        replayed = replayed.apply_action(action)
    assert replayed == state


def test_rules_options_and_presets() -> None:
    assert TienLenRules() == SOURCE and SOURCE.name == "source" and STANDARD.name == "standard"
    assert TienLenRules.preset("standard") is STANDARD
    assert STANDARD.sets_of_pairs == "consecutive" and STANDARD.pass_locks_out
    assert STANDARD.chops and STANDARD.instant_wins and not STANDARD.twos_in_straights
    assert not SOURCE.chops and not SOURCE.instant_wins and not SOURCE.pass_locks_out
    assert SOURCE.finish == STANDARD.finish == "finishing order"
    assert SOURCE.with_options(chops=True).name == "custom"
    with pytest.raises(UnknownOptionError, match="'bombs'"):
        SOURCE.with_options(bombs=True)
    with pytest.raises(UnknownOptionError, match="'house'"):
        TienLenRules.preset("house")
    with pytest.raises(RulesError, match="suit_order"):
        TienLenRules(suit_order=(Suit.SPADES, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS))
    with pytest.raises(RulesError, match="sets_of_pairs"):
        TienLenRules(sets_of_pairs="some")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="tied_losers"):
        TienLenRules(tied_losers="oldest")  # type: ignore[arg-type]
    for rules in (SOURCE, STANDARD):  # the readings of points the source is silent on
        assert not rules.out_ends_trick and not rules.copies_beat
        assert rules.tied_losers == "next after winner"


# --- bots ------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", [RandomBot(), GreedyBot(), HeuristicBot()], ids=lambda b: b.name)
def test_bots_choose_only_legal_actions(bot: object) -> None:
    rng = random.Random(4)
    for seed in range(15):
        for rules in (SOURCE, STANDARD):
            state = new_game(seed, 3 + seed % 4, rules)
            while not state.is_terminal():
                legal = state.legal_actions()
                action = bot.choose(state.observation(state.current_player()), legal, rng)  # type: ignore[attr-defined]
                assert action in legal
                state = state.apply_action(action)


def test_greedy_bot_sheds_the_most_cards_lowest_first() -> None:
    state = TienLenState.from_hands(["3s 4h 5d 9s 9h", "Kd"], first_lead=False, to_act=0)
    choice = GreedyBot().choose(state.observation(0), state.legal_actions(), random.Random(0))
    assert str(choice) == "3♠ 4♥ 5♦"
    state = TienLenState.from_hands(["3s 4h", "5d 9s 2h"], first_lead=False, to_act=0).play("4h")
    choice = GreedyBot().choose(state.observation(1), state.legal_actions(), random.Random(0))
    assert str(choice) == "5♦"


def test_heuristic_bot_keeps_its_twos_early_and_goes_out_when_it_can() -> None:
    hands = ["3s 4h 9s 10s Ad", "5d 6s 7h 8c 9h 10c Jd Qs 2h 2d", "3d 4d 5h 6h 7c", "3c 4c 5c 6c"]
    state = TienLenState.from_hands(hands, first_lead=False, to_act=0).play("Ad")
    choice = HeuristicBot().choose(state.observation(1), state.legal_actions(), random.Random(0))
    assert choice is PASS  # a 2 would beat the ace, but nobody is close to going out
    hands[2], hands[3] = "3d", "3c"
    state = TienLenState.from_hands(hands, first_lead=False, to_act=0).play("Ad")
    choice = HeuristicBot().choose(state.observation(1), state.legal_actions(), random.Random(0))
    assert str(choice) == "2♥"  # now an opponent holds one card: stop them
    state = TienLenState.from_hands(["3s", "4s 4h", "5d"], first_lead=False, to_act=1)
    choice = HeuristicBot().choose(state.observation(1), state.legal_actions(), random.Random(0))
    assert str(choice) == "4♠ 4♥"


def test_heuristic_bot_wins_more_than_its_share_against_greedy_and_random() -> None:
    result = tournament([HeuristicBot(), GreedyBot(), RandomBot(), RandomBot()], 120, seed=5)
    heuristic, greedy, *randoms = result.standings
    assert heuristic.win_rate > greedy.win_rate > max(r.win_rate for r in randoms)
    assert heuristic.mean_place < greedy.mean_place
    assert "heuristic" in str(result)


def test_tournament_is_reproducible_from_its_seed() -> None:
    bots: list[Bot[Action]] = [GreedyBot(), RandomBot(), RandomBot()]
    assert tournament(bots, 20, seed=3) == tournament(bots, 20, seed=3)
    result = tournament(bots, 20, seed=3, rules=STANDARD)
    assert sum(s.wins for s in result.standings) == 20


def test_five_or_more_consecutive_pairs_chop_as_four_do() -> None:
    """docs/GAMES.md §3: a run of five pairs beats a 2 (and a pair of 2s) like four pairs."""
    std = PRESETS["standard"]
    five = "5s 5h 6s 6h 7s 7h 8s 8h 9s 9h"
    state = TienLenState.from_hands(["2h 3d", five, "4d 4c"], std, to_act=0, first_lead=False)
    assert "5♠ 5♥ 6♠ 6♥ 7♠ 7♥ 8♠ 8♥ 9♠ 9♥" in [str(a) for a in state.play("2h").legal_actions()]
    assert beats(Play.parse(five), Play.parse("2s 2c"), std)
    assert not beats(
        Play.parse(five), Play.parse("3s 3h 4s 4h 5d 5c 6d 6c"), std
    )  # not a lower run of four


def test_with_three_players_the_next_lowest_three_leads_when_the_3s_is_left_over() -> None:
    """docs/GAMES.md §3: the 3♥ in the source's suit order, the 3♣ in the common one."""
    seed = next(s for s in range(500) if shuffled(standard_deck(), s)[51] == Card.parse("3s"))
    for name, three in (("source", "3h"), ("standard", "3c")):
        game = new_game(seed=seed, players=3, rules=PRESETS[name])
        assert Card.parse(three) in game.hands[game.current_player()]
        assert str(game.out_of_play) == "3♠"
