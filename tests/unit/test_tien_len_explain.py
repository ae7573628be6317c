"""rules_lib.tien_len.explain: the verdicts, hints and logs the reader sees agree with the engine."""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest

from rules_lib.cards import Card, parse_cards
from rules_lib.engine import RandomBot, playout
from rules_lib.errors import IllegalActionError, NotationError
from rules_lib.tien_len import (
    PASS,
    PRESETS,
    HeuristicBot,
    Play,
    TienLenState,
    annotate,
    beats,
    can_beat,
    hint,
    legal_plays,
    new_game,
    place_labels,
    play_from_selection,
    why_not_pass,
)
from rules_lib.tien_len.plays import make_play, why_not_a_play

SOURCE, STANDARD = PRESETS["source"], PRESETS["standard"]


def test_a_reply_of_another_shape_is_refused_and_the_shape_is_named():
    verdict = can_beat("4s 5h 6d 7c", "8s 9h 10d")
    assert not verdict.legal
    assert "a reply must be a straight of 3 cards" in verdict.reason
    assert "yours is a straight of 4 cards" in verdict.reason


def test_equal_ranks_are_decided_by_the_suit_order_of_the_preset():
    assert not can_beat("9h 9c", "9s 9d", SOURCE).legal
    assert "♣ ranks below ♦ (♠ < ♥ < ♣ < ♦)" in can_beat("9h 9c", "9s 9d", SOURCE).reason
    assert can_beat("9h 9c", "9s 9d", STANDARD).legal
    assert "♥ ranks above ♦ (♠ < ♣ < ♦ < ♥)" in can_beat("9h 9c", "9s 9d", STANDARD).reason


def test_a_higher_rank_wins_whatever_the_suits():
    verdict = can_beat("10s", "9d")
    assert verdict.legal and "10♠ outranks 9♦" in verdict.reason
    verdict = can_beat("As", "2s")
    assert not verdict.legal and "lower than 2♠" in verdict.reason


def test_identical_cards_of_two_decks_do_not_beat_each_other():
    verdict = can_beat("8s", "8s")
    assert not verdict.legal and "identical cards" in verdict.reason
    verdict = can_beat("8s", "8s", SOURCE.with_options(copies_beat=True))
    assert verdict.legal and "a copy of a card" in verdict.reason


def test_an_empty_table_means_the_player_leads_with_any_play():
    for table in (None, "", "   "):
        verdict = can_beat("3s 4h 5d", table)
        assert verdict.legal and verdict.table is None and "you lead" in verdict.reason


def test_cards_that_make_no_play_are_refused_with_the_reason():
    verdict = can_beat("5d 6d", "4s")
    assert not verdict.legal and verdict.play is None
    assert (
        verdict.reason
        == "5♦ 6♦ is not a play: two cards of different ranks (a pair is two cards of one rank)"
    )
    assert str(verdict).startswith("No: ")


def test_sets_of_pairs_are_plays_only_under_the_reading_that_allows_them():
    assert can_beat("3s 3h 7c 7d", "").legal
    assert "only 2 pairs" in can_beat("3s 3h 7c 7d", "", STANDARD).reason


def test_table_cards_that_make_no_play_raise_and_say_so():
    with pytest.raises(IllegalActionError, match=r"^on the table: 5♦ 6♦ is not a play"):
        can_beat("9s", "5d 6d")


def test_badly_written_cards_raise_a_notation_error():
    with pytest.raises(NotationError, match="'9x'"):
        can_beat("9h 9x", "9s 9d")


def test_chops_beat_a_single_two_only_under_the_common_rules():
    bombs = "5s 5h 6d 6c 7s 7h"
    off = can_beat(bombs, "2h", SOURCE)
    assert not off.legal and "Chops" in off.reason and "off under these rules" in off.reason
    on = can_beat(bombs, "2h", STANDARD)
    assert on.legal and "chops the single 2♥" in on.reason


def test_a_pair_of_twos_takes_four_of_a_kind_or_four_consecutive_pairs():
    assert can_beat("9s 9h 9d 9c", "2s 2h", STANDARD).legal
    assert can_beat("5s 5h 6d 6c 7s 7h 8s 8h", "2s 2h", STANDARD).legal
    three_pairs = can_beat("5s 5h 6d 6c 7s 7h", "2s 2h", STANDARD)
    assert not three_pairs.legal and "chop only a single 2" in three_pairs.reason


def test_bombs_rank_three_pairs_below_four_of_a_kind_below_four_pairs():
    assert can_beat("9s 9h 9d 9c", "5s 5h 6d 6c 7s 7h", STANDARD).legal
    assert can_beat("5s 5h 6d 6c 7s 7h 8s 8h", "9s 9h 9d 9c", STANDARD).legal
    lower = can_beat("5s 5h 6d 6c 7s 7h", "9s 9h 9d 9c", STANDARD)
    assert not lower.legal and "not the higher bomb" in lower.reason


def test_no_chop_note_when_chops_would_not_help():
    verdict = can_beat("5s 5h 6d 6c 7s 7h", "9s 9h 9d 9c", SOURCE)
    assert not verdict.legal and "Chops" not in verdict.reason


@pytest.mark.parametrize("rules", [SOURCE, STANDARD], ids=["source", "standard"])
def test_the_verdict_agrees_with_the_beat_relation_on_random_plays(rules):
    rng = random.Random(5)
    deck = list(new_game(seed=1).deck())
    checked = 0
    for _ in range(30):
        hand = rng.sample(deck, 13)
        plays = legal_plays(hand, None, rules)
        for a, b in rng.sample(list(combinations(plays, 2)), min(40, len(plays) * 2)):
            for mine, table in ((a, b), (b, a)):
                verdict = can_beat(mine, table, rules)
                assert verdict.legal is beats(mine, table, rules), (mine, table)
                assert verdict.reason
                checked += 1
    assert checked > 1000


def test_a_selection_is_refused_with_the_reason():
    state = TienLenState.from_hands(["3s 5h 5d 9c", "4d 9s", "8d 2s"])
    with pytest.raises(IllegalActionError, match="no cards selected"):
        play_from_selection(state, [])
    with pytest.raises(IllegalActionError, match="5♥ 9♣ is not a play"):
        play_from_selection(state, parse_cards("5h 9c"))
    with pytest.raises(IllegalActionError, match="must hold the 3♠"):
        play_from_selection(state, parse_cards("5h 5d"))
    later = state.play("3s").play("9s")
    with pytest.raises(IllegalActionError, match="8♦ is lower than 9♠"):
        play_from_selection(later, parse_cards("8d"))


def test_a_selection_is_accepted_exactly_when_the_engine_accepts_it():
    rng = random.Random(3)
    state = new_game(seed=3)
    bot = HeuristicBot()
    tried = 0
    while not state.is_terminal() and tried < 400:
        hand = list(state.hands[state.current_player()])
        for _ in range(6):
            chosen = rng.sample(hand, rng.randint(1, min(4, len(hand))))
            engine_ok = not why_not_a_play(chosen, state.rules) and state.is_legal(
                make_play(chosen, state.rules)
            )
            try:
                play_from_selection(state, chosen)
                ok = True
            except IllegalActionError:
                ok = False
            assert ok is engine_ok, (state.table, chosen)
            tried += 1
        seat = state.current_player()
        state = state.apply_action(bot.choose(state.observation(seat), state.legal_actions(), rng))
    assert tried > 100


def test_only_the_leader_may_not_pass():
    state = TienLenState.from_hands(["3s 9h", "4d 9c"])
    assert "never starts with a pass" in why_not_pass(state)
    assert why_not_pass(state.play("3s")) == ""


def test_the_hint_is_the_heuristic_bots_legal_choice():
    state = new_game(seed=3)
    for _ in range(20):
        action = hint(state)
        assert action in state.legal_actions()
        assert action == HeuristicBot().choose(
            state.observation(state.current_player()), state.legal_actions(), random.Random(9)
        )
        state = state.apply_action(action)


def test_no_hint_once_the_game_is_over():
    final = playout(new_game(seed=2), [RandomBot()] * 4, random.Random(0))
    with pytest.raises(IllegalActionError, match="game is over"):
        hint(final)


@pytest.mark.parametrize("rules", [SOURCE, STANDARD], ids=["source", "standard"])
def test_the_log_marks_each_trick_and_its_winner_leads_the_next(rules):
    for seed in range(20):
        start = new_game(seed, rules=rules)
        if start.is_terminal():
            continue
        final = playout(start, [RandomBot()] * 4, random.Random(seed))
        log = annotate(start, final.moves)
        assert [m.action for m in log] == list(final.moves)
        assert [m.seat for m in log] == [m.seat for m in final.history]
        assert sum(m.went_out for m in log) == len(
            [s for s in final.finished if not final.hands[s]]
        )
        for move, following in pairwise(log):
            if move.trick_won_by is None:
                assert following.trick == move.trick
            else:
                assert following.trick == move.trick + 1
                assert following.action is not PASS  # a trick starts with a play
                if not final.hands[move.trick_won_by] and following.seat != move.trick_won_by:
                    continue  # the winner went out: the next seat with cards leads
                assert following.seat == move.trick_won_by
        assert log[-1].trick_won_by is None  # the last move ends the game, not a trick


def test_place_labels_name_shared_places():
    assert place_labels([1.0, 2.0, 3.0, 4.0]) == ["1st", "2nd", "3rd", "4th"]
    assert place_labels([1.0, 3.5, 2.0, 3.5]) == [
        "1st",
        "3rd–4th (shared)",
        "2nd",
        "3rd–4th (shared)",
    ]


def test_a_play_object_and_text_give_the_same_verdict():
    assert can_beat(Play.parse("Js Jd"), Play.parse("9s 9d")) == can_beat("Js Jd", "9s 9d")
    assert can_beat(parse_cards("Js Jd"), "9s 9d").legal
    assert Card.parse("Jd") in can_beat("Js Jd", "9s 9d").play.cards
