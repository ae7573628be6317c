"""Guided first hands (rules_lib.lesson): each step checked, a mistake explained, nothing lost."""

from __future__ import annotations

import importlib

import pytest

from rules_lib.cards import Card
from rules_lib.games import GAMES
from rules_lib.lesson import Lesson, LessonError, Step
from rules_lib.tien_len import PRESETS, TienLenState
from rules_lib.tien_len.lesson import FIRST_HAND as TIEN_LEN_FIRST_HAND


def _lessons() -> dict[str, Lesson]:
    """Every game's guided first hand that follows the engine's turn shape."""
    found = {}
    for game in GAMES:
        if game.new_game is None:
            continue  # a game of set hands: tests/unit/test_setting_lesson.py
        try:
            module = importlib.import_module(f"rules_lib.{game.key}.lesson")
        except ModuleNotFoundError:
            continue
        found[game.key] = module.FIRST_HAND
    return found


LESSONS = _lessons()


def test_tien_len_has_a_guided_first_hand() -> None:
    assert "tien_len" in LESSONS


@pytest.mark.parametrize("key", LESSONS)
def test_every_step_of_a_lesson_is_completed_by_its_own_move(key: str) -> None:
    lesson = LESSONS[key]
    positions = lesson.positions()
    for index, state in enumerate(positions[:-1]):
        verdict = lesson.check(state, index, lesson.accepted(index)[0])
        assert verdict.done and verdict.state == positions[index + 1]


@pytest.mark.parametrize("key", LESSONS)
def test_every_other_move_is_refused_and_changes_nothing(key: str) -> None:
    lesson = LESSONS[key]
    for index, state in enumerate(lesson.positions()[:-1]):
        others = [a for a in state.legal_actions() if a not in lesson.accepted(index)]
        for move in others[:20]:
            verdict = lesson.check(state, index, move)
            assert not verdict.done and verdict.state is state
            assert verdict.message.startswith("Not this time") and "Try again" in verdict.message


def test_an_illegal_move_is_refused_with_the_rules_reason() -> None:
    start = TIEN_LEN_FIRST_HAND.start
    verdict = TIEN_LEN_FIRST_HAND.check(start, 0, "9s")
    assert not verdict.done and verdict.state is start
    assert verdict.message == "Not allowed: the first play must hold 3♠. Try again."
    after = TIEN_LEN_FIRST_HAND.positions()[3]  # a pair of 7s on the table
    verdict = TIEN_LEN_FIRST_HAND.check(after, 3, "6c")
    assert "a reply must be a pair too" in verdict.message


def test_a_mistyped_move_is_named() -> None:
    verdict = TIEN_LEN_FIRST_HAND.check(TIEN_LEN_FIRST_HAND.start, 0, "3x")
    assert (
        not verdict.done and verdict.message.startswith("Not allowed:") and "3x" in verdict.message
    )


def test_a_lesson_whose_moves_break_the_rules_is_refused_when_made() -> None:
    start = TienLenState.from_hands(["3s 9h", "4d 9c", "Kd 2s"], PRESETS["source"])
    with pytest.raises(LessonError, match="step 1: '9h' is not legal"):
        Lesson("tien_len", "bad", start, (Step("Lead.", ("9h",), "no"),))
    with pytest.raises(LessonError, match="step 1: '3d'"):
        Lesson("tien_len", "bad", start, (Step("Lead.", ("3s",), "no", ("3d",)),))
    with pytest.raises(LessonError, match="not the learner's turn"):
        Lesson("tien_len", "bad", start, (Step("Lead.", ("3s",), "no"), Step("?", ("pass",), "")))


def test_the_tien_len_first_hand_teaches_lead_single_pass_pair_and_going_out() -> None:
    lesson = TIEN_LEN_FIRST_HAND
    moves = [str(lesson.accepted(i)[0]) for i in range(len(lesson))]
    assert moves == ["3♠", "Q♦", "pass", "9♠ 9♥", "6♣"]
    end = lesson.positions()[-1]
    assert end.finished == (0,) and not end.hands[0]
    assert Card.parse("3s") in lesson.start.hands[0] and lesson.start.current_player() == 0
