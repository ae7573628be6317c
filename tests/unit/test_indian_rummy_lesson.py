"""The guided first deal of Indian Rummy: its position, each step checked, the
mistake of declaring too soon explained, and its widget played through."""

from __future__ import annotations

import pytest

from rules_lib.cards import Card, Rank
from rules_lib.indian_rummy.game import Action, Move, Phase, Status
from rules_lib.indian_rummy.groups import check_declaration
from rules_lib.indian_rummy.lesson import FIRST_DEAL, declaration, why_wrong
from rules_lib.lesson import lesson_texts


def test_the_deal_is_thirteen_cards_each_nines_wild_one_deck_and_a_joker() -> None:
    start = FIRST_DEAL.start
    assert start.num_players == 2 and all(len(h) == 13 for h in start.hands)
    assert start.wild_rank is Rank.NINE and str(start.discard[-1]) == "2♣"
    assert len(start.deck()) == 53
    assert start.current_player() == 0 and start.phase is Phase.DRAW


def test_every_step_is_completed_by_its_first_accepted_move() -> None:
    state = FIRST_DEAL.start
    for step in range(len(FIRST_DEAL)):
        verdict = FIRST_DEAL.check(state, step, FIRST_DEAL.accepted(step)[0])
        assert verdict.done, step
        state = verdict.state
    assert state.is_terminal()


def test_the_lesson_ends_with_a_right_declaration_and_bot_a_paying_eighty() -> None:
    end = FIRST_DEAL.positions()[-1]
    result = end.results[0]
    assert result.winner == 0 and result.statuses[0] is Status.DECLARED
    assert result.points == (0, 80)
    rules, wild = end.rules, end.wild_rank
    assert sum(rules.points(c, wild) for c in result.hands[1]) == 104  # every card counted
    assert "104 points, cut to 80" in FIRST_DEAL.steps[-1].done


def test_a_legal_move_that_is_not_the_lessons_is_explained_and_changes_nothing() -> None:
    start = FIRST_DEAL.start
    verdict = FIRST_DEAL.check(start, 0, "take 2c")
    assert not verdict.done and verdict.state is start
    assert verdict.message.startswith("Not this time: The 2♣ joins none of your groups")
    drop = FIRST_DEAL.check(start, 0, "drop")
    assert not drop.done and "20 points" in drop.message


def test_a_move_the_rules_forbid_gets_the_rules_reason() -> None:
    verdict = FIRST_DEAL.check(FIRST_DEAL.start, 0, Action.parse("discard Kc"))
    assert verdict.message == (
        "Not allowed: you must draw first: draw from the stock or take the top discard. Try again."
    )


def test_declaring_without_a_pure_sequence_is_wrong_and_the_fault_is_said() -> None:
    after_draw = FIRST_DEAL.positions()[1]
    king = next(c for c in after_draw.hands[0] if c == Card.parse("Kc"))
    early = declaration(after_draw, king)
    check = check_declaration(list(early.groups), after_draw.rules, after_draw.wild_rank)
    assert not check.valid  # the loose cards make no group
    # every card in a group, but no pure sequence: the rule the lesson teaches
    grouped = "10h Jh RJ | 2d 9d 4d 5d | 8h 8d 8c | Ks Kc Kd"
    check = check_declaration(grouped, after_draw.rules, after_draw.wild_rank)
    assert not check.valid and check.fault.startswith("no pure sequence")
    said = why_wrong(after_draw, early)
    assert said.startswith("this declaration would be wrong and cost 80 points: ")
    assert "pure sequence" in said


def test_the_last_steps_declaration_is_right_and_shows_thirteen_cards() -> None:
    before = FIRST_DEAL.positions()[3]
    (action,) = FIRST_DEAL.accepted(3)
    assert action.move is Move.DECLARE and str(action.card) == "3♣" and action.shown == 13
    assert check_declaration(list(action.groups), before.rules, before.wild_rank).valid
    assert why_wrong(before, action) == ""
    assert declaration(before, action.card) == action


def test_the_lessons_words_name_only_cards_of_its_deal() -> None:
    for text in lesson_texts(FIRST_DEAL):
        assert text.strip() and "  " not in text


widgets = pytest.importorskip("ipywidgets")


def test_the_widget_plays_the_lesson_through_with_show_me() -> None:
    from rules_lib.widgets.indian_rummy_lesson import IndianRummyFirstDeal

    w = IndianRummyFirstDeal()
    assert "rl-ir-first" in w._dom_classes
    w.take_button.click()
    assert "Not this time" in w.panel.answer.value and w.step == 0
    w.draw_button.click()
    w.hand_table.press("5s")
    w.declare_button.click()  # declaring too soon: the fault, and the step unchanged
    assert "would be wrong" in w.panel.answer.value and w.step == 1
    while w.step < len(w.lesson):
        w.show_button.click()
        w.move_buttons[w.lesson.accepted(w.step)[0].move].click()
    assert "You declared" in w.panel.answer.value
    assert w.panel.real_button.description == "Play a real game"
    w.panel.real_button.click()
    assert type(w.panel.real.children[0]).__name__ == "IndianRummyGame"
    w.restart()
    assert w.step == 0 and "Step 1 of 4" in w.panel.counter.value
