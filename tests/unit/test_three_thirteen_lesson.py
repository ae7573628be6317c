"""Three-Thirteen's guided first round: each step teaches what its prompt says.

The generic checks of every lesson (each step done by its own move, every
other move refused and nothing changed) are in ``test_lesson.py``; here the
position is checked against what the prompts and answers tell the learner,
and the widget is pressed as a learner would.
"""

from __future__ import annotations

import pytest

from rules_lib.cards import Card, Joker
from rules_lib.engine import check_conservation
from rules_lib.errors import CardCountError, DuplicateCardError, NotationError
from rules_lib.three_thirteen import (
    DRAW,
    PRESETS,
    Action,
    MeldKind,
    Move,
    ThreeThirteenRules,
    ThreeThirteenState,
    best_melds,
    hand_penalty,
    is_wild,
    new_game,
)
from rules_lib.three_thirteen.lesson import DISCARD, FIRST_HAND, HANDS, STOCK, why_not
from rules_lib.widgets import ThreeThirteenFirstRound

SOURCE = PRESETS["source"]
POSITIONS = FIRST_HAND.positions()


def _moves(index: int) -> list[str]:
    return [str(a) for a in FIRST_HAND.accepted(index)]


# -- the deal -----------------------------------------------------------------


def test_the_first_round_deals_three_cards_each_threes_wild_and_you_play_first() -> None:
    start = FIRST_HAND.start
    assert start.round_number == 1 and str(start.wild_rank) == "3"
    assert [len(h) for h in start.hands] == [3, 3] and start.num_players == 2
    assert start.current_player() == 0 and start.dealer == 1
    assert str(start.discard[-1]) == "2♣"
    check_conservation(start.zones(), start.deck())


# -- one idea a step ------------------------------------------------------------


def test_draw_from_the_stock_when_the_top_discard_makes_no_meld() -> None:
    start = POSITIONS[0]
    assert _moves(0) == ["draw"]
    taken = [*start.hands[0], start.discard[-1]]  # with the 2♣, no card but one melds
    assert all(hand_penalty([c for c in taken if c != out], start.wild_rank) > 0 for out in taken)
    verdict = FIRST_HAND.check(start, 0, "take")
    assert not verdict.done and "2♣ makes nothing" in verdict.message


def test_the_card_drawn_is_a_three_and_threes_are_wild() -> None:
    drawn = set(POSITIONS[1].hands[0]) - set(POSITIONS[0].hands[0])
    assert [str(c) for c in drawn] == ["3♥"]
    assert all(is_wild(c, POSITIONS[1].wild_rank) for c in drawn)
    assert "You drew the 3♥" in FIRST_HAND.steps[0].done


def test_discard_the_loose_card_that_would_cost_most_and_keep_the_wild_one() -> None:
    state = FIRST_HAND.positions()[0].apply_action(DRAW)
    assert _moves(1) == ["discard K♦"]
    naturals = [c for c in state.hands[0] if not is_wild(c, state.wild_rank)]
    costliest = max(naturals, key=SOURCE.penalty)
    assert str(costliest) == "K♦" and SOURCE.penalty(costliest) == 10
    assert best_melds(state.hands[0], state.wild_rank).melds == ()  # every card is loose
    verdict = FIRST_HAND.check(state, 1, "discard 3h")
    assert not verdict.done and "Keep the wild 3♥" in verdict.message


def test_bot_a_throws_away_the_nine_of_spades() -> None:
    after = POSITIONS[2]
    assert str(after.discard[-1]) == "9♠" and after.current_player() == 0


def test_take_the_discard_a_wild_card_turns_into_a_run() -> None:
    state = POSITIONS[2]
    assert _moves(2) == ["take 9♠"]
    taken = state.apply_action(state.parse_action("take"))
    best = best_melds(taken.hands[0], taken.wild_rank)
    (run,) = best.melds
    assert run.kind is MeldKind.RUN and [str(c) for c, _ in run.stand_ins] == ["3♥"]
    assert [what for _, what in run.stand_ins] == ["8♠"]
    assert [str(c) for c in best.leftover] == ["8♥"]
    assert FIRST_HAND.check(state, 2, "draw").message.startswith("Not this time")


def test_go_out_when_every_card_but_one_melds() -> None:
    state = POSITIONS[3]
    assert _moves(3) == ["go out 8♥"]
    outs = [str(a) for a in state.legal_actions() if a.move is Move.GO_OUT]
    assert outs == ["go out 8♥"]
    verdict = FIRST_HAND.check(state, 3, "discard 8h")  # legal, but it does not go out
    assert not verdict.done and "press Go out" in verdict.message


def test_the_round_ends_after_the_other_players_last_turn() -> None:
    out = POSITIONS[3].apply_action(POSITIONS[3].parse_action("go out 8h"))
    assert out.went_out == 0 and out.turns_left == 1 and out.current_player() == 1
    end = POSITIONS[-1]
    assert len(end.results) == 1 and end.round_number == 2


def test_leftover_cards_cost_their_values() -> None:
    result = POSITIONS[-1].results[0]
    assert result.went_out == 0 and result.penalties == (0, 24)
    leftover = result.melds[1].leftover
    assert sorted(str(c) for c in leftover) == ["4♦", "J♣", "J♥"]
    assert [SOURCE.penalty(c) for c in leftover] == [4, 10, 10]
    done = FIRST_HAND.steps[-1].done
    assert "10 + 10 + 4 = 24" in done and "drew the 10♣" in done and "score 0" in done


def test_illegal_moves_are_refused_in_the_learners_words() -> None:
    start = POSITIONS[0]
    verdict = FIRST_HAND.check(start, 0, Action.parse("discard Kd"))
    assert verdict.message == "Not allowed: you must draw first. Try again."
    took = POSITIONS[3]
    nine = Action(Move.DISCARD, Card.parse("9s"))
    assert why_not(took, nine) == "you cannot discard 9♠: it was just taken from the discard pile"
    going = FIRST_HAND.check(took, 3, Action(Move.GO_OUT, Card.parse("7s")))
    assert "you cannot go out discarding 7♠: 3♥ 8♥ 9♠ would not meld" in going.message
    assert why_not(took, Action.parse("discard 5c")).endswith("is not in your hand (3♥ 7♠ 8♥ 9♠)")


# -- a round dealt as given (ThreeThirteenState.from_hands) ----------------------


def test_a_round_dealt_as_given_draws_the_named_stock_cards_first() -> None:
    state = ThreeThirteenState.from_hands(HANDS, DISCARD, STOCK)
    for expected in STOCK.split():
        state = state.apply_action(DRAW)
        assert Card.parse(expected) in state.hands[state.current_player()]
        state = state.apply_action(state.legal_actions()[-1])
    check_conservation(state.zones(), state.deck())


def test_a_round_dealt_as_given_lets_seat_0_play_first_at_any_table() -> None:
    state = ThreeThirteenState.from_hands(
        ["As 2s 4s 5s 6s 7s 8s", "Ah 2h 4h 5h 6h 7h 8h", "As 2d 4d 5d 6d 7d 8d"],
        "Kc Kc",
        round_number=5,
    )
    assert state.current_player() == 0 and state.dealer == 2 and str(state.wild_rank) == "7"
    assert len(state.deck()) == 104 and [str(c) for c in state.discard] == ["K♣", "K♣"]
    check_conservation(state.zones(), state.deck())


def test_a_round_dealt_as_given_plays_on_into_the_next_round_from_its_seed() -> None:
    end = POSITIONS[-1]
    again = FIRST_HAND.positions()[-1]
    assert end == again and len(end.hands[0]) == 4
    other = ThreeThirteenState.from_hands(HANDS, DISCARD, STOCK, seed=1)
    for action in end.moves:
        other = other.apply_action(action)
    assert other.results == end.results and other.hands != end.hands


def test_a_round_dealt_as_given_must_be_a_deal_of_the_game() -> None:
    with pytest.raises(CardCountError, match="seat 1 holds 2: 9♠ J♣"):
        ThreeThirteenState.from_hands(["7s 8h Kd", "9s Jc"], "2c")
    with pytest.raises(DuplicateCardError, match="7♠"):
        ThreeThirteenState.from_hands(["7s 8h Kd", "9s Jc Jh"], "7s")
    with pytest.raises(NotationError, match="joker"):
        ThreeThirteenState.from_hands(["7s 8h RJ", "9s Jc Jh"], "2c")
    with pytest.raises(NotationError, match="BJ is not in this game's deck"):
        ThreeThirteenState.from_hands(
            ["7s 8h BJ", "9s Jc Jh"], "2c", rules=ThreeThirteenRules(jokers=1)
        )
    with pytest.raises(CardCountError, match="face up"):
        ThreeThirteenState.from_hands(["7s 8h Kd", "9s Jc Jh"], "")
    with pytest.raises(CardCountError, match="round 2 deals 4 cards"):
        ThreeThirteenState.from_hands(["7s 8h Kd", "9s Jc Jh"], "2c", round_number=2)


def test_a_round_dealt_as_given_with_jokers_holds_them() -> None:
    rules = ThreeThirteenRules(jokers=2)
    state = ThreeThirteenState.from_hands(["7s 8h RJ", "9s Jc BJ"], "2c", rules=rules)
    assert isinstance(state.hands[0][-1], Joker)
    check_conservation(state.zones(), state.deck())
    assert len(state.deck()) == len(new_game(rules=rules).deck())


# -- the widget, pressed as a learner would ----------------------------------------


def test_the_widget_plays_the_round_with_the_games_buttons() -> None:
    w = ThreeThirteenFirstRound()
    assert not w.draw_button.disabled and w.discard_button.disabled
    assert w.take_button.description == "Take 2♣"
    w.draw_button.click()
    assert w.draw_button.disabled and not w.discard_button.disabled
    w.discard_button.click()  # nothing selected yet
    assert "Tap the card to throw away first" in w.panel.answer.value and w.step == 1
    w.hand_table.click(Card.parse("Kd"))
    w.discard_button.click()
    assert w.step == 2 and "threw away the 9♠" in w.panel.answer.value
    assert "Bot A drew from the stock and discarded" in w.record.value
    assert w.take_button.description == "Take 9♠"
    w.take_button.click()
    w.hand_table.click(Card.parse("9s"))
    w.discard_button.click()
    assert "just taken from the discard pile" in w.panel.answer.value and w.step == 3
    w.show_button.click()
    assert w.selected == [Card.parse("8h")] and "press Go out" in w.panel.answer.value
    w.out_button.click()
    assert w.step == 4 and "Lesson done" in w.panel.counter.value
    assert "How round 1 ended" in w.table.value and w.hand_table.layout.display == "none"
    assert all(b.disabled for b in w.move_buttons.values())


def test_starting_the_lesson_again_deals_the_same_round() -> None:
    w = ThreeThirteenFirstRound()
    while w.step < len(w.lesson):
        w.show_button.click()
        w.move_buttons[w.lesson.accepted(w.step)[0].move].click()
    w.panel.again_button.click()
    assert w.step == 0 and w.state == FIRST_HAND.start and "Step 1 of 4" in w.panel.counter.value
    assert w.panel.real_button.layout.display == "none" and not w.hand_table.layout.display


def test_the_prompts_name_only_cards_in_your_hand_or_on_the_discard_pile() -> None:
    for step, state in zip(FIRST_HAND.steps, POSITIONS):
        here = {str(c) for c in state.hands[0]} | {str(state.discard[-1])}
        named = {str(c) for c in state.deck() if str(c) in step.prompt}
        assert named - here <= {"8♠"}, step.prompt  # the card the wild 3♥ stands for
