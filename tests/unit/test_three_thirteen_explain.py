"""What the Three-Thirteen widgets rely on: practice hands, melds made by hand,
turns told in words, hints and standings."""

from __future__ import annotations

import random

import pytest

from rules_lib import CardCountError, parse_cards
from rules_lib.engine import playout
from rules_lib.three_thirteen import (
    PRESETS,
    Action,
    GreedyBot,
    InvalidMeldError,
    MeldDraft,
    RoundResult,
    Turn,
    WaryBot,
    best_melds,
    cards_dealt,
    deal_hand,
    describe,
    narrate,
    new_game,
    standings,
    suggest,
)
from rules_lib.three_thirteen.explain import why_not
from rules_lib.three_thirteen.game import Move


def test_a_practice_hand_is_the_same_for_the_same_number_and_round():
    assert deal_hand(42, 5) == deal_hand(42, 5)
    assert deal_hand(42, 5) != deal_hand(43, 5)
    assert [len(deal_hand(1, n)) for n in range(1, 12)] == [cards_dealt(n) for n in range(1, 12)]


def test_practice_hands_hold_jokers_only_when_the_rules_add_them():
    with_jokers = [deal_hand(s, 11, PRESETS["variations"]) for s in range(40)]
    without = [deal_hand(s, 11) for s in range(40)]
    assert any("RJ" in str(h) or "BJ" in str(h) for h in with_jokers)
    assert not any("RJ" in str(h) or "BJ" in str(h) for h in without)


def test_a_meld_takes_its_cards_out_of_the_leftover():
    draft = MeldDraft.of("5s 6s 7s 9h 9d 3c Kd", round_number=1).make("9h 9d 3c")
    assert str(draft.leftover) == "5♠ 6♠ 7♠ K♦"
    assert draft.penalty == 5 + 6 + 7 + 10


def test_a_card_cannot_be_in_two_melds():
    draft = MeldDraft.of("5s 6s 7s 6h 6d", round_number=11).make("5s 6s 7s")
    with pytest.raises(InvalidMeldError, match="not among the cards left"):
        draft.make("6s 6h 6d")
    assert "not among the cards left" in (draft.problem("6s 6h 6d") or "")


def test_an_invalid_group_says_why():
    draft = MeldDraft.of("7s 8h 9s Kd", round_number=2)
    assert draft.problem("7s 8h 9s") == "a set needs one rank (7 8 9) and a run one suit (♠ ♥)"
    assert draft.problem("7s 8h") == "a meld needs at least 3 cards, not 2"


def test_two_identical_cards_may_share_a_set():
    draft = MeldDraft.of(parse_cards("9c 9c 9d Ks", decks=2), round_number=2).make("9c 9c 9d")
    assert draft.penalty == 10 and len(draft.melds[0]) == 3


def test_a_typed_card_matches_either_copy():
    draft = MeldDraft.of("9c 9c 9d 4s", round_number=1)
    assert len(draft.hand) == 4
    assert draft.make("9c 9d 9c").penalty == 4


def test_completing_a_draft_keeps_its_melds_and_melds_the_rest_as_well_as_possible():
    # round 8, tens wild: three sixes first, then the best of the other seven cards
    draft = MeldDraft.of("10c 4s 5s 6s 6h 6d 7d 8d Kc 2h", round_number=8)
    sixes = draft.make("6s 6h 6d")
    done = sixes.complete()
    assert done.melds[0] == sixes.melds[0] and done.penalty == 21
    assert done.penalty == best_melds(sixes.leftover, 10).penalty
    assert sixes.make("4s 5s 10c").penalty == 27 > done.penalty > draft.best().penalty == 18
    assert draft.complete() == draft.best()  # with no melds made, it is the best layout
    for seed in range(30):
        hand = MeldDraft.of(deal_hand(seed, 9), round_number=9)
        assert hand.complete().penalty >= hand.best().penalty


def test_the_round_decides_what_is_wild():
    hand = "5s 6s 8s Kd"
    assert MeldDraft.of(hand, round_number=5).problem("5s 6s 8s") is not None  # sevens wild
    assert MeldDraft.of(hand, round_number=6).problem("5s 6s 8s") is None  # eights wild


def test_undo_and_clear_take_melds_back():
    draft = MeldDraft.of("5s 6s 7s 9h 9d 9c Kd", round_number=1)
    two = draft.make("5s 6s 7s").make("9h 9d 9c")
    assert two.undo().melds == two.melds[:1]
    assert two.clear() == draft and two.clear().penalty == draft.penalty


def test_compare_names_the_gap_to_the_best():
    draft = MeldDraft.of("10c 4s 5s 6s 6h 6d 7d 8d Kc 2h", round_number=8)
    tempting = draft.make("6s 6h 6d").make("4s 5s 10c")
    assert tempting.best() == best_melds(draft.hand, 10)
    assert tempting.compare() == (
        "Your melds leave 27 points; the best arrangement leaves 18, 9 fewer."
    )


def test_a_hand_to_meld_has_three_to_fourteen_cards():
    with pytest.raises(CardCountError):
        MeldDraft.of("As Kd", round_number=1)
    with pytest.raises(CardCountError):
        MeldDraft.of(deal_hand(1, 11) + deal_hand(2, 1), round_number=11)


def _played(seed: int, players: int) -> tuple[list[tuple[int, object]], object]:
    moves = []
    start = new_game(seed=seed, players=players)
    final = playout(
        start,
        [WaryBot(), GreedyBot(), WaryBot()][:players],
        random.Random(seed),
        on_move=lambda s, a: moves.append((s.current_player(), a)),
    )
    return moves, final


@pytest.mark.parametrize("seed", [1, 2])
def test_narrate_tells_every_turn_and_every_round(seed):
    moves, final = _played(seed, 3)
    told = narrate(new_game(seed=seed, players=3), moves)
    turns = [e for e in told if isinstance(e, Turn)]
    assert len(turns) * 2 == len(moves)
    assert [e for e in told if isinstance(e, RoundResult)] == list(final.results)
    for turn in turns:
        assert turn.drew.move in (Move.DRAW, Move.TAKE)
        assert turn.discarded.move in (Move.DISCARD, Move.GO_OUT)


def test_after_going_out_every_other_player_has_one_more_turn():
    moves, _final = _played(1, 3)
    told = narrate(new_game(seed=1, players=3), moves)
    for i, event in enumerate(told):
        if isinstance(event, Turn) and event.went_out:
            last = told[i + 1 : i + 3]
            assert all(isinstance(t, Turn) for t in last)
            assert {t.seat for t in last} == {0, 1, 2} - {event.seat}  # type: ignore[union-attr]
            assert isinstance(told[i + 3], RoundResult)


def test_narrate_starting_half_way_through_a_turn_reads_the_draw():
    state = new_game(seed=7).apply_action(new_game(seed=7).parse_action("draw"))
    action = state.legal_actions()[-1]
    (turn,) = narrate(state, [(state.current_player(), action)])
    assert isinstance(turn, Turn) and turn.took is None and turn.discarded == action


def test_describe_speaks_of_players_by_name():
    _moves, final = _played(1, 3)
    text = describe(final.results[0], ["You", "Bot A", "Bot B"])
    assert text.startswith("Round 1 (threes wild) is over:") and "seat" not in text


def test_describe_tells_a_round_ended_by_the_turn_limit():
    state = new_game(seed=0, rules=PRESETS["source"].with_options(turn_limit=2))
    moves = []
    for text in ("take", "discard 2h", "take", "discard 6c"):
        action = state.parse_action(text)
        moves.append((state.current_player(), action))
        state = state.apply_action(action)
    told = narrate(new_game(seed=0, rules=state.rules), moves)
    assert told[-1] == state.results[0]
    assert describe(told[-1], ["You", "Bot A"]) == (
        "Round 1 (threes wild) is over: it reached the turn limit (2 turns) before anyone "
        "went out; You +20, Bot A +20"
    )


def test_why_not_addresses_the_player_by_name():
    state = new_game(seed=7)
    state = state.apply_action(state.parse_action("take"))
    taken = state.round_log[-1][1].card
    text = why_not(state, Action(Move.DISCARD, taken), ["You", "Bot A"])
    assert text == f"Bot A cannot discard {taken}: it was just taken from the discard pile."


def test_a_hint_is_always_legal():
    state = new_game(seed=3, players=2)
    for _ in range(60):
        action = suggest(state)
        assert state.is_legal(action)
        state = state.apply_action(action)


def test_standings_share_places_on_equal_totals():
    assert standings([20, 20, 5]) == [(1, 2, 5), (2, 0, 20), (2, 1, 20)]
    assert [p for p, _s, _t in standings([7, 7, 7])] == [1, 1, 1]
