"""Tredici's guided first hand (rules_lib.tredici.lesson): each test is named after
what a step teaches, and checks it against the rules (docs/GAMES.md §5)."""

from __future__ import annotations

import random

import pytest

from rules_lib.cards import Card, Color, Joker, Suit
from rules_lib.tredici import (
    DRAW,
    LAST_CARD,
    PRESETS,
    STOP,
    THIRTEEN,
    Play,
    TrediciBot,
    TrediciState,
    fits_on,
    follows_in_run,
)
from rules_lib.tredici.lesson import FIRST_HAND, NAMES

LESSON = FIRST_HAND
POSITIONS = LESSON.positions()


def card(text: str) -> Card:
    return Card.parse(text)


def test_the_lesson_is_a_short_hand_under_the_books_rules() -> None:
    assert LESSON.start.rules == PRESETS["source"]
    assert 4 <= len(LESSON) <= 6
    assert [len(h) for h in LESSON.start.hands] == [3, 4] and LESSON.start.current_player() == 0
    moves = [str(LESSON.accepted(i)[0]) for i in range(len(LESSON))]
    assert moves == ["draw", "Q♥", "K♥", "RJ", "last card", "4♥"]


def test_you_draw_when_no_card_of_yours_goes_on_the_top_card() -> None:
    start = POSITIONS[0]
    assert str(start.top) == "10♣" and not start.playable()
    assert start.legal_actions() == (DRAW,)
    after = start.apply_action(DRAW)
    assert card("4h") in after.hands[0] and after.current_player() == 1  # drawing ends the turn


def test_a_card_one_rank_above_or_below_the_top_card_goes_on_it_in_any_suit() -> None:
    state = POSITIONS[1]
    assert str(state.top) == "J♠" and card("Qh") in state.hands[0]
    assert fits_on(state.top, card("Qh")) and card("Qh").suit is not card("Js").suit
    assert state.legal_actions() == (Play(card("Qh")),)


def test_a_run_goes_on_in_the_suit_one_rank_at_a_time() -> None:
    state = POSITIONS[2]
    assert follows_in_run(card("Qh"), card("Kh"))
    assert not follows_in_run(card("Qh"), card("4h"))  # same suit, but not one rank away
    assert set(state.legal_actions()) == {Play(card("Kh")), STOP}
    assert not LESSON.check(state, 2, STOP).done  # stopping is legal, but not this step


def test_a_joker_goes_on_a_king_of_its_colour_and_the_bot_must_follow_its_suit_or_draw() -> None:
    state = POSITIONS[3]
    red = Joker(Color.RED)
    assert set(state.legal_actions()) == {Play(red), STOP}
    played = state.apply_action(Play(red))
    assert (
        played.forced_suit is Suit.HEARTS
        and played.forced_draw == 13 == PRESETS["source"].joker_draw
    )
    answered = LESSON.check(played, 4, LAST_CARD).state  # the bot's answer is its reply
    assert not any(isinstance(c, Card) and c.suit is Suit.HEARTS for c in played.hands[1])
    assert len(answered.hands[1]) == len(played.hands[1]) + 13


def test_with_one_card_left_you_say_last_card_or_the_bot_may_call_thirteen() -> None:
    state = POSITIONS[4]
    assert len(state.hands[0]) == 1 and set(state.legal_actions()) == {LAST_CARD, STOP}
    forgot = state.apply_action(STOP)
    assert THIRTEEN in forgot.legal_actions() and forgot.current_player() == 1
    caught = forgot.apply_action(THIRTEEN)
    assert len(caught.hands[0]) == 1 + 13 == 1 + PRESETS["source"].thirteen_penalty
    said = state.apply_action(LAST_CARD)
    assert said.current_player() == 1 and THIRTEEN not in said.legal_actions()


def test_the_joker_binds_you_too_and_whoever_has_no_cards_left_wins() -> None:
    state = POSITIONS[5]
    assert state.forced_suit is Suit.HEARTS and not fits_on(state.top, card("4h"))
    assert state.legal_actions() == (Play(card("4h")),)  # any ♥, whatever its rank
    end = POSITIONS[-1]
    assert end.winner == 0 and not end.hands[0] and end.returns() == (1.0, -1.0)


def test_the_bots_replies_are_the_moves_the_bot_itself_makes() -> None:
    bot = TrediciBot()
    for index, step in enumerate(LESSON.steps):
        state = POSITIONS[index].apply_action(LESSON.accepted(index)[0])
        for text in step.replies:
            assert state.current_player() == 1
            choice = bot.choose(state.observation(1), state.legal_actions(), random.Random(0))
            assert choice == state.parse_action(text)
            state = state.apply_action(choice)


@pytest.mark.parametrize(
    ("index", "move", "words"),
    [
        (0, "Qh", "the first card must be one rank above or below 10♣ (a 9 or a J of any suit)"),
        (0, "RJ", "a joker goes only on a king of its colour"),
        (2, "RJ", "it cannot follow Q♥ in a run"),
        (3, "draw", "you have started a run: go on with it or stop"),
        (1, "last card", "you hold 4 cards; 'last card' is said with exactly one"),
    ],
)
def test_a_refused_move_is_told_in_the_games_own_words(index: int, move: str, words: str) -> None:
    from rules_lib.tredici import parse_action

    state = POSITIONS[index]
    verdict = LESSON.check(state, index, parse_action(move))
    assert not verdict.done and verdict.state is state
    assert verdict.message.startswith("Not allowed: ") and words in verdict.message
    assert words in state.check(parse_action(move), NAMES).reason


def test_a_move_typed_in_the_games_notation_is_read_against_the_position() -> None:
    verdict = LESSON.check(LESSON.start, 0, "pesca")  # the translation's word for draw
    assert verdict.done
    refused = LESSON.check(LESSON.start, 0, "Qh")
    assert not refused.done and "cannot play Q♥: the first card must be" in refused.message


def test_the_start_is_a_written_position_of_the_whole_deck() -> None:
    start = LESSON.start
    assert isinstance(start, TrediciState) and len(start.pile) == 1
    assert sum(len(z) for z in start.zones().values()) == len(start.deck()) == 54
    assert str(start.stock[0]) == "4♥"  # the card you draw
