"""Guided first settings (rules_lib.setting_lesson): Mậu Binh's and Chinese Poker's first
hands, each step checked, a mistake named in the rules' words, the showdown explained."""

from __future__ import annotations

import random

import pytest

from rules_lib.cards import Card, parse_cards
from rules_lib.chinese_poker import PRESETS as CP_PRESETS
from rules_lib.chinese_poker import score_table
from rules_lib.chinese_poker.lesson import FIRST_HAND as CHINESE_POKER
from rules_lib.lesson import LessonError
from rules_lib.mau_binh import PRESETS as MB_PRESETS
from rules_lib.mau_binh import Outcome, settle
from rules_lib.mau_binh.lesson import DEALER
from rules_lib.mau_binh.lesson import FIRST_HAND as MAU_BINH
from rules_lib.poker import Category
from rules_lib.setting import ROWS, Arrangement, Row
from rules_lib.setting.lesson import (
    Setting,
    SettingLesson,
    SettingStep,
    in_order,
    order_reason,
    row_is,
    setting_lesson_texts,
)
from rules_lib.showdown import best_arrangement, score_showdown

LESSONS = {"mau_binh": MAU_BINH, "chinese_poker": CHINESE_POKER}


def _random_setting(lesson: SettingLesson, rng: random.Random) -> Setting:
    """The lesson's hand with each card in a random place (a row, or not set)."""
    setting = lesson.positions()[0]
    for card in setting.cards:
        place = rng.choice([None, *ROWS, *ROWS])  # rows more often, so rows fill up
        setting = setting.move([card], place)
    return setting


def _complete(setting: Setting, rng: random.Random) -> Setting:
    """``setting`` with its short rows filled from the cards not set (at random)."""
    for row in ROWS:
        short = row.size - len(setting.row(row))
        if short > 0:
            setting = setting.move(rng.sample(setting.hand, short), row)
    return setting


# --- every lesson ---------------------------------------------------------------------


@pytest.mark.parametrize("key", LESSONS)
def test_every_step_is_completed_by_its_own_rows(key: str) -> None:
    lesson = LESSONS[key]
    for index in range(len(lesson)):
        verdict = lesson.check(lesson.accepted(index), index)
        assert verdict.done and verdict.setting is lesson.accepted(index)
    final = lesson.positions()[-1].arrangement()
    assert final is not None and not final.is_misset(lesson.rules.strict_row_order)


@pytest.mark.parametrize("key", LESSONS)
def test_every_steps_accepted_setting_is_reachable_by_moving_cards(key: str) -> None:
    """From the rows at the start of each step, the moves "Show me" names reach the
    step's own rows, and the step is not done before a card moves."""
    lesson = LESSONS[key]
    for index, start in enumerate(lesson.positions()[:-1]):
        assert not lesson.check(start, index).done
        setting, moves = start, 0
        while (found := lesson.next_move(setting, index)) is not None:
            place, cards = found
            assert cards and all(c in setting.cards for c in cards)
            setting = setting.move(cards, place)
            moves += 1
            assert moves <= 4, f"step {index + 1}: show me goes round in circles"
        assert lesson.check(setting, index).done
        assert setting == lesson.accepted(index)


@pytest.mark.parametrize("key", LESSONS)
def test_every_mistake_message_names_the_problem_and_changes_nothing(key: str) -> None:
    lesson = LESSONS[key]
    rng = random.Random(30)
    strict = lesson.rules.strict_row_order
    for _ in range(300):
        setting = _random_setting(lesson, rng)
        for index in range(len(lesson)):
            verdict = lesson.check(setting, index)
            if verdict.done:
                continue
            assert verdict.setting is setting and verdict.message.endswith("Try again.")
            reason = order_reason(setting, strict)
            if reason:  # the rules' words: which row is weaker than which
                assert verdict.message.startswith("Misset: the ")
                assert lesson.misset_cost in verdict.message
                rows = [r.value for r in ROWS if f"the {r.value} (" in verdict.message]
                assert len(rows) == 2, verdict.message
                continue
            assert verdict.message.startswith("Not this time: ")
            failed = [
                (step, goal)
                for step, goal in lesson.goals(index)
                if goal.why_not(setting, lesson.rules)
            ]
            step, goal = failed[0]
            why = goal.why_not(setting, lesson.rules)
            assert why is not None and why in verdict.message and step.mistake in verdict.message
            if goal.row is not None:
                assert f"the {goal.row.value}" in why or f"in the {goal.row.value}" in why
            else:
                assert "not set yet" in why or "needs" in why or "misset" in why


@pytest.mark.parametrize("key", LESSONS)
def test_a_row_out_of_order_so_far_is_misset_whatever_the_rest(key: str) -> None:
    """A misset named before the hand is set stays misset however the rest is set."""
    lesson = LESSONS[key]
    rng = random.Random(13)
    strict = lesson.rules.strict_row_order
    found = 0
    for _ in range(400):
        cards = list(lesson.positions()[0].cards)
        rng.shuffle(cards)
        setting = lesson.positions()[0]
        for row in ROWS:  # each row full or short, never over-full
            count = rng.choice([row.size, row.size, rng.randrange(row.size)])
            setting = setting.move(cards[:count], row)
            cards = cards[count:]
        if order_reason(setting, strict) is None:
            continue
        found += 1
        for _ in range(5):
            done = _complete(setting, rng).arrangement()
            assert done is not None and done.is_misset(strict)
    assert found > 20


@pytest.mark.parametrize("key", LESSONS)
def test_the_showdown_is_the_librarys(key: str) -> None:
    lesson = LESSONS[key]
    final = lesson.positions()[-1].arrangement()
    assert final is not None
    settled = lesson.showdown(final)
    hands = [final, *lesson.opponents]
    totals, notes = score_showdown(hands, lesson.game, lesson.rules, lesson.dealer, lesson.names)
    assert list(settled.totals) == totals and list(settled.notes) == notes
    assert sum(a.points for a in settled.against) == settled.points
    for against in settled.against:
        assert len(against.lines) == 3  # no special hand, no misset: three rows compared


@pytest.mark.parametrize("key", LESSONS)
def test_the_lesson_sets_the_hand_as_the_books_solver_does(key: str) -> None:
    lesson = LESSONS[key]
    final = lesson.positions()[-1].arrangement()
    assert final is not None
    assert best_arrangement(final.cards, key, rules=lesson.rules) == final


@pytest.mark.parametrize("key", LESSONS)
def test_every_sentence_of_a_lesson_ends_as_a_sentence(key: str) -> None:
    texts = setting_lesson_texts(LESSONS[key])
    assert texts and all(t.strip() == t and t.endswith((".", "!")) for t in texts)


def test_a_lesson_that_breaks_its_own_rules_is_refused_when_made() -> None:
    hand = "Ks Kh 7d 7c 3s 10d 10c 6h 6s 2d As Ah 5c"
    dealer = (Arrangement.parse("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c"),)
    rules = MB_PRESETS["source"]

    def lesson(*steps: SettingStep, opponents: tuple[Arrangement, ...] = dealer) -> SettingLesson:
        return SettingLesson(
            "mau_binh", "bad", hand, steps, rules, opponents, ("you", "dealer"), 1, "Misset."
        )

    full = "Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c"
    with pytest.raises(LessonError, match="step 1: 'Kd / / ': K♦ is not in this hand"):
        lesson(SettingStep("?", (in_order(),), "Kd / / ", "no"))
    with pytest.raises(LessonError, match=r"step 1: its own rows .* are refused"):
        lesson(SettingStep("?", (row_is(Row.BACK, Category.FLUSH),), full, "no"))
    with pytest.raises(LessonError, match="step 2: the rows before it already complete it"):
        lesson(
            SettingStep("?", (in_order(),), full, "no"), SettingStep("?", (in_order(),), full, "no")
        )
    with pytest.raises(LessonError, match="does not set the whole hand"):
        lesson(SettingStep("?", (row_is(Row.BACK, Category.TWO_PAIR),), "Ks Kh 7d 7c 3s / / ", ""))
    with pytest.raises(LessonError, match=r"the showdown: .*K♠ is in the hands of both"):
        lesson(SettingStep("?", (in_order(),), full, "no"), opponents=(Arrangement.parse(full),))


# --- Mậu Binh -----------------------------------------------------------------------------


def test_mau_binh_the_flush_goes_in_the_back() -> None:
    start = MAU_BINH.positions()[0]
    four_hearts = start.move(parse_cards("Kh Jh 8h 6h 3s"), Row.BACK)
    verdict = MAU_BINH.check(four_hearts, 0)
    assert verdict.message.startswith(
        "Not this time: the back is high card king, then J-8-6-3, not a flush."
    )
    back = MAU_BINH.accepted(0).row_value(Row.BACK)
    assert back is not None and back.category is Category.FLUSH


def test_mau_binh_the_aces_in_front_of_a_middle_pair_of_nines_are_misset() -> None:
    rows = MAU_BINH.accepted(0).move(parse_cards("9s 9d Qd 7c 4d"), Row.MIDDLE)
    rows = rows.move(parse_cards("As Ac 3s"), Row.FRONT)
    verdict = MAU_BINH.check(rows, 1)
    assert not verdict.done
    assert verdict.message == (
        "Misset: the middle (pair of nines, kickers Q-7-4) is weaker than the front "
        "(pair of aces, kickers 3). A misset hand loses to the dealer, whatever its rows. "
        "Try again."
    )


def test_mau_binh_a_misset_hand_loses_to_the_dealer_whatever_its_rows() -> None:
    misset = Arrangement.parse("Kh Jh 8h 6h 2h / 9s 9d Qd 7c 4d / As Ac 3s")
    rows_won = sum(a > b for a, b in zip(misset.values(), DEALER.values(), strict=True))
    assert rows_won == 2  # row by row it would win the deal
    assert settle(misset, DEALER, MAU_BINH.rules).outcome is Outcome.LOSS


def test_mau_binh_the_pairs_are_split_aces_in_the_middle_nines_in_front() -> None:
    two_pair = MAU_BINH.accepted(0).move(parse_cards("As Ac 9s 9d 3s"), Row.MIDDLE)
    verdict = MAU_BINH.check(two_pair, 1)
    assert verdict.message.startswith("Not this time: the middle is two pair, aces and nines")
    final = MAU_BINH.positions()[-1]
    assert {c for c in final.middle if c.rank == Card.parse("As").rank} == set(parse_cards("As Ac"))
    assert str(final.row_value(Row.FRONT)) == "pair of nines, kickers 3"


def test_mau_binh_two_rows_of_three_win_the_deal_and_a_tie_goes_to_the_dealer() -> None:
    final = MAU_BINH.positions()[-1].arrangement()
    assert final is not None
    result = settle(final, DEALER, MAU_BINH.rules)
    assert result.rows == (Outcome.WIN, Outcome.WIN, Outcome.LOSS)
    assert final.values()[2] == DEALER.values()[2]  # the fronts tie, and the dealer takes it
    settled = MAU_BINH.showdown(final)
    assert settled.points == 1 and [a.name for a in settled.against] == ["the dealer"]
    assert "A tie goes to the dealer: the front is the dealer's." in settled.against[0].lines[2]


# --- Chinese Poker ------------------------------------------------------------------------


def test_chinese_poker_a_straight_goes_under_the_flush_never_above_it() -> None:
    start = CHINESE_POKER.positions()[0]
    swapped = start.move(parse_cards("8d 9c 10h Jd Qc"), Row.BACK)
    swapped = swapped.move(parse_cards("As Js 9s 6s 3s"), Row.MIDDLE)
    assert CHINESE_POKER.check(swapped, 1).message.startswith(
        "Misset: the back (straight, queen high) is weaker than the middle (flush, ace high"
    )
    assert CHINESE_POKER.check(CHINESE_POKER.accepted(1), 1).done


def test_chinese_poker_a_misset_hand_loses_every_row_to_every_player() -> None:
    misset = Arrangement.parse("8d 9c 10h Jd Qc / As Js 9s 6s 3s / 7h 7d 7c")
    table = score_table([misset, *CHINESE_POKER.opponents], CP_PRESETS["source"])
    for seat in (1, 2, 3):
        assert all(points < 0 for points in table.pairs[(0, seat)].rows)


def test_chinese_poker_three_of_a_kind_in_front_scores_three() -> None:
    assert CP_PRESETS["source"].royalty(Row.FRONT, Category.THREE_OF_A_KIND) == 3
    settled = CHINESE_POKER.showdown(CHINESE_POKER.positions()[-1])
    fronts = [a.lines[2] for a in settled.against]
    assert fronts[0].endswith("three of a kind in the front scores 3: +3.")
    assert fronts[2].endswith("three of a kind in the front scores 3: −3.")  # Bot C's queens


def test_chinese_poker_every_player_is_scored_and_two_rows_lost_can_still_win() -> None:
    settled = CHINESE_POKER.showdown(CHINESE_POKER.positions()[-1])
    assert sum(settled.totals) == 0 and settled.points == 3
    bot_b = settled.against[1]
    assert bot_b.name == "Bot B" and bot_b.points == 1
    assert [line.split(" wins")[0] for line in bot_b.lines] == [
        "Bot B's back",
        "Bot B's middle",
        "Your front",
    ]
    assert settled.summary == (
        "+5 against Bot A, +1 against Bot B, −3 against Bot C. Your result: +3."
    )


# --- the widgets ---------------------------------------------------------------------------


@pytest.mark.parametrize("key", LESSONS)
def test_the_widget_plays_the_lesson_by_drops_and_starts_again(key: str) -> None:
    from rules_lib.widgets import ChinesePokerFirstHand, MauBinhFirstHand

    w = (MauBinhFirstHand if key == "mau_binh" else ChinesePokerFirstHand)()
    for index in range(len(w.lesson)):
        target = w.lesson.accepted(index)
        for row in ROWS:
            missing = [c for c in target.row(row) if c not in w.setting.row(row)]
            if missing:
                w.table.request_move(w.table.codes_of(missing), row.value)  # a drag and drop
        assert w.step == index
        w.check_button.click()
        assert w.step == index + 1
    assert "Your result" in w.panel.answer.value and w.check_button.disabled
    before = w.setting
    w.table.request_move(w.table.codes_of(before.front[:1]), "back")
    assert w.setting is before  # the lesson is over: the cards stay
    w.panel.again_button.click()
    assert w.step == 0 and len(w.setting.hand) == 13 and w.results.value == ""
    assert "Step 1 of 3" in w.panel.counter.value


@pytest.mark.parametrize(
    ("key", "result", "lines"), [("mau_binh", "+1", 3), ("chinese_poker", "+3", 9)]
)
def test_show_me_leads_the_widget_through_the_whole_lesson(
    key: str, result: str, lines: int
) -> None:
    from rules_lib.widgets import ChinesePokerFirstHand, MauBinhFirstHand

    w = (MauBinhFirstHand if key == "mau_binh" else ChinesePokerFirstHand)()
    while w.step < len(w.lesson):
        w.show_button.click()
        while w.hint:
            w.move_selected(w.hint)
            w.show_button.click()
        w.check_button.click()
    assert f"Your result: {result}" in w.panel.answer.value
    assert w.results.value.count("<li>") == lines  # a line a row, against each opponent


def test_the_widget_says_to_select_cards_before_a_move() -> None:
    from rules_lib.widgets import MauBinhFirstHand

    w = MauBinhFirstHand()
    w.move_selected("back")
    assert "Tap the cards to move first" in w.panel.answer.value
    w.show_button.click()
    assert w.hint == "back" and set(w.table.selected_cards) == set(parse_cards("Kh Jh 8h 6h 2h"))
