"""The arrange widgets show the chosen rules' verdicts (the verdicts: tests/unit/test_showdown.py)."""

from __future__ import annotations

import re

import pytest

from rules_lib import UnknownOptionError
from rules_lib.mau_binh import MauBinhRules, instant_win
from rules_lib.setting import Arrangement, Draft, Row, Special, deal
from rules_lib.setting.expected import expected_points, ranked_settings
from rules_lib.showdown import RULESETS, best_arrangement
from rules_lib.widgets.arrange_widgets import ArrangeHand, Showdown


def test_unknown_rule_set_is_named():
    with pytest.raises(UnknownOptionError, match="no rule set 'Poker'"):
        ArrangeHand(ruleset="Poker")


def test_best_button_sets_an_instant_win_under_mau_binh_rules_and_the_solvers_setting_otherwise():
    mb = ArrangeHand(seed=74, ruleset="Mậu Binh (source rules)")  # deal 74 holds three straights
    mb.show_best()
    assert instant_win(mb.current()) is Special.THREE_STRAIGHTS
    assert "Set as three straights: in Mậu Binh that wins at once" in mb.status.value
    cp = ArrangeHand(seed=74, ruleset="Chinese Poker (source rules)")
    cp.show_best()
    best = best_arrangement(deal(74)[0], "chinese_poker")
    assert cp.current().values() == best.values()  # the same rows, maybe of other suits
    assert instant_win(cp.current()) is None and "found among all 72,072" in cp.status.value


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_widget_shows_the_expected_points_of_the_setting_and_of_the_best(ruleset):
    game, rules = RULESETS[ruleset]
    # the dealer; or three players (Chinese Poker, and Mậu Binh played row by row)
    per_deal = 1 if game == "mau_binh" and rules.scoring == "majority" else 3
    w = ArrangeHand(seed=4, ruleset=ruleset)
    w.draft = Draft.from_arrangement(w.ranked()[0].arrangement)
    w.redraw()
    top = ranked_settings(deal(4)[0], game, rules)
    assert (
        f"Your setting: <b>{top[0].points * per_deal:+.2f}</b>, the best there is" in w.points.value
    )
    # every one of the best settings is listed with its points, best first
    listed = [float(x) for x in re.findall(r"<li><b>([+-][0-9.]+)</b>", w.points.value)]
    assert listed == [round(v.points * per_deal, 2) for v in top] and len(listed) == 4
    # another setting: its own points, and what it gives up
    other = top[2].arrangement
    w.draft = Draft.from_arrangement(other)
    w.redraw()
    gap = (top[0].points - expected_points(other, game, rules=rules)) * per_deal
    assert f"gives up <b>{gap:.2f}</b> a deal" in w.points.value


def test_a_special_hand_is_worth_the_same_however_it_is_set_in_chinese_poker():
    dragon = "2s 3d 4h 5c 6s 7d 8c 9h 10s Jd Qh Kc As"
    w = ArrangeHand(cards=dragon, ruleset="Chinese Poker (source rules)")
    assert "Your cards hold dragon: +39.00, however you set them" in w.points.value
    w.draft = Draft.from_arrangement(
        Arrangement.parse("2s 3d 4h 5c 6s / 7d 8c 9h 10s Jd / Qh Kc As")
    )
    w.redraw()
    assert "+39.00, however you set them" in w.points.value


def test_the_points_wait_for_a_finished_setting():
    w = ArrangeHand(seed=3)
    w.move_cards(w.draft.row(Row.BACK)[:2], Row.FRONT)
    assert w.draft.arrangement() is None and w.points.value == ""


def test_showdown_tells_its_hand_when_the_rules_change():
    s = Showdown(seed=1, ruleset="Chinese Poker (source rules)")
    assert "Chinese Poker" in s.hand.status.value
    s.rules.value = "Mậu Binh (source rules)"
    assert s.hand.ruleset == "Mậu Binh (source rules)"
    assert "wins at once" in s.hand.status.value


def test_the_widget_judges_equal_rows_by_the_rules_strictness(monkeypatch):
    twins = Arrangement.parse("Ah Kh 10h 7h 5h / Ac Kc 10c 7c 5c / 6s 4h 2h")
    loose = ArrangeHand(seed=1, ruleset="Mậu Binh (source rules)")
    loose.draft = Draft.from_arrangement(twins)
    loose.redraw()
    assert "back ≥ middle ≥ front" in loose.status.value
    monkeypatch.setitem(RULESETS, "strict rows", ("mau_binh", MauBinhRules(strict_row_order=True)))
    strict = ArrangeHand(seed=1, ruleset="strict rows")
    strict.draft = Draft.from_arrangement(twins)
    strict.redraw()
    assert "only ties the middle" in strict.status.value
    strict.show_best()
    assert not strict.current().is_misset(strict=True)
    assert "back &gt; middle &gt; front" in strict.status.value  # the text, HTML-escaped


def test_under_a_scoring_with_bonuses_the_expected_points_say_they_leave_the_bonus_out():
    w = ArrangeHand(seed=4, ruleset="Chinese Poker (1-6 scoring, surrender)")
    assert "counted a point a row (without the 1-6 bonus)" in w.points.value
    assert (
        "without the"
        not in ArrangeHand(seed=4, ruleset="Chinese Poker (source rules)").points.value
    )


def test_the_showdown_keeps_its_deals_on_a_score_sheet_that_its_link_opens():
    from rules_lib.score_sheet import ScoreSheet

    w = Showdown(seed=3)
    assert w.sheet is None and w.to_sheet.value == ""
    w.show_button.click()
    w.next_button.click()
    w.show_button.click()
    assert w.sheet is not None and len(w.sheet.deals) == 2
    assert list(w.sheet.totals) == w.totals and w.sheet.ruleset == "cp-source"
    assert "Keep these 2 deals on the Game night score sheet" in w.to_sheet.value
    assert ScoreSheet.from_query(w.sheet.to_query())[0] == w.sheet
    w.rules.value = "Chinese Poker (2-4 scoring, surrender)"  # other rules: another sheet
    w.next_button.click()
    w.surrender_button.click()
    assert w.sheet.ruleset == "cp-2-4" and len(w.sheet.deals) == 1
    assert w.sheet.deals[0].hands[0] is None  # the reader surrendered
