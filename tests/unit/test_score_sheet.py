"""Game night (issue 21): the score sheet settles each deal with the library,
keeps the evening, and fits in a link; a bad deal is named and changes nothing."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest

from rules_lib.errors import (
    CardCountError,
    DuplicateCardError,
    IllegalActionError,
    NotationError,
    RulesError,
    UnknownOptionError,
)
from rules_lib.score_sheet import MissetNotDeclaredError, ScoreSheet, compact, from_compact
from rules_lib.setting import Arrangement, deal
from rules_lib.showdown import RULESET_KEYS, RULESETS, bot_arrangement, score_showdown
from rules_lib.widgets.score_sheet_widgets import (
    ScoreSheetWidget,
    running_totals_svg,
    score_sheet_app,
)

PLAYERS = ("An", "Bình", "Chi", "Dung")


def _hands(seed: int, ruleset: str = "mb-source", players: int = 4) -> list[str]:
    game, rules = RULESETS[RULESET_KEYS[ruleset]]
    return [str(bot_arrangement(h, game, rules)) for h in deal(seed, players=players)]


@pytest.mark.parametrize("ruleset", list(RULESET_KEYS))
def test_a_settled_deal_is_what_the_library_scores_and_adds_up_to_zero(ruleset):
    sheet = ScoreSheet(ruleset, PLAYERS)
    for seed in (1, 2, 3):
        sheet = sheet.settle(_hands(seed, ruleset), dealer=seed % 4)
    game, rules = RULESETS[RULESET_KEYS[ruleset]]
    for seed, d in zip((1, 2, 3), sheet.deals, strict=True):
        hands = [Arrangement.parse(t) for t in _hands(seed, ruleset)]
        points, notes = score_showdown(hands, game, rules, seed % 4, PLAYERS)
        assert d.points == tuple(points) and d.notes == tuple(notes) and d.dealer == seed % 4
    assert sheet.unbalanced() == [] and sum(sheet.totals) == 0
    assert sheet.running()[-1] == sheet.totals and len(sheet.running()) == 4


def test_two_or_three_players_keep_a_sheet_too():
    for count in (2, 3):
        players = PLAYERS[:count]
        sheet = ScoreSheet("cp-source", players).settle(_hands(5, "cp-source", count))
        assert len(sheet.totals) == count and sum(sheet.totals) == 0
    with pytest.raises(CardCountError, match="2 to 4 players, not 5"):
        ScoreSheet("mb-source", (*PLAYERS, "Em"))


def test_undo_takes_off_the_last_deal_only():
    sheet = ScoreSheet("mb-source", PLAYERS).settle(_hands(1)).settle(_hands(2), dealer=1)
    assert sheet.undo().deals == sheet.deals[:1] and sheet.undo().undo().deals == ()


def test_a_card_twice_is_named_with_both_players_and_the_sheet_is_unchanged():
    sheet = ScoreSheet("mb-source", PLAYERS).settle(_hands(1))
    hands = _hands(2)
    hands[2] = hands[0]  # Chi typed An's hand
    with pytest.raises(DuplicateCardError, match="is in both An's hand and Chi's"):
        sheet.settle(hands)
    assert len(sheet.deals) == 1  # frozen: the sheet a failed deal leaves is the same


def test_a_wrong_count_or_a_mistyped_card_names_the_player():
    hands = _hands(2)
    hands[1] = "As Kd / Qc"
    with pytest.raises(NotationError, match="Bình's hand"):
        ScoreSheet("mb-source", PLAYERS).settle(hands)
    hands[1] = "As Ks Qs Js 9s / 8d 8c 7h 7s 2c / Ah Qd 5x"
    with pytest.raises(NotationError, match=r"Bình.s hand.*5x"):
        ScoreSheet("mb-source", PLAYERS).settle(hands)
    hands[1] = " "
    with pytest.raises(CardCountError, match="Bình's hand is empty"):
        ScoreSheet("mb-source", PLAYERS).settle(hands)


def test_a_misset_hand_must_be_declared_and_then_loses():
    hands = _hands(3)
    back, middle, front = (part.strip() for part in hands[1].split("/"))
    hands[1] = f"{middle} / {back} / {front}"  # the rows swapped: misset
    sheet = ScoreSheet("mb-source", PLAYERS)
    with pytest.raises(MissetNotDeclaredError, match="Bình's hand is misset"):
        sheet.settle(hands, dealer=0)
    settled = sheet.settle(hands, dealer=0, misset=[False, True, False, False])
    assert settled.deals[0].points[1] == -1 and "misset" in settled.deals[0].notes[1]
    with pytest.raises(MissetNotDeclaredError, match="An's hand is ticked misset, but its rows"):
        sheet.settle(_hands(3), misset=[True])


def test_bad_rules_players_or_dealer_are_named():
    with pytest.raises(UnknownOptionError, match="no rule set 'poker'"):
        ScoreSheet("poker", PLAYERS)
    with pytest.raises(UnknownOptionError, match="the same name"):
        ScoreSheet("mb-source", ("An", "An"))
    with pytest.raises(UnknownOptionError, match="no player number 7"):
        ScoreSheet("mb-source", PLAYERS).settle(_hands(1), dealer=7)


def test_the_sheet_comes_back_whole_from_its_link_and_its_csv_adds_up():
    sheet = ScoreSheet("cp-source", PLAYERS)
    for seed in (4, 5, 6):
        sheet = sheet.settle(_hands(seed, "cp-source"))
    again, problems = ScoreSheet.from_query(sheet.to_query())
    assert again == sheet and problems == []
    rows = list(csv.reader(io.StringIO(sheet.to_csv())))
    assert rows[0] == ["deal", "dealer", *PLAYERS] and len(rows) == 5
    assert [int(x) for x in rows[-1][2:]] == list(sheet.totals)
    assert [sum(int(r[2 + i]) for r in rows[1:4]) for i in range(4)] == list(sheet.totals)


def test_a_bad_link_keeps_the_deals_before_the_bad_one_and_says_what_was_wrong():
    sheet = ScoreSheet("mb-source", PLAYERS).settle(_hands(1)).settle(_hands(2), dealer=1)
    query = sheet.to_query() + "&deal=0.AsAs"
    again, problems = ScoreSheet.from_query(query)
    assert again.deals == sheet.deals and len(problems) == 1 and "deal 3" in problems[0]
    default, problems = ScoreSheet.from_query("rules=poker&player=An")
    assert default.ruleset == "mb-source" and len(problems) == 2


def test_a_compact_hand_reads_back_as_the_same_hand():
    for seed in range(5):
        for hand in deal(seed):
            arr = bot_arrangement(
                hand, "chinese_poker", RULESETS["Chinese Poker (source rules)"][1]
            )
            assert from_compact(compact(arr)) == arr
    with pytest.raises(CardCountError):
        from_compact("AsKd")


def test_the_widget_settles_a_deal_and_a_bad_one_loses_nothing_typed():
    w = ScoreSheetWidget()
    w.fill_from_deal(3)
    typed = [b.value for b in w.hand_boxes]
    w.settle()
    assert w.sheet == ScoreSheet("mb-source", PLAYERS).settle(typed)
    assert "Every deal adds up to zero" in w.table.value and "<polyline" in w.plot.value
    assert "Download the sheet (CSV)" in w.download.value and "deal=" in w.share.link
    assert w.rules.disabled and w.names.disabled  # a started sheet keeps its rules and players
    # a mistake: named, and what was typed stays in the boxes
    w.fill_from_deal(4)
    w.hand_boxes[3].value = w.hand_boxes[0].value
    before = [b.value for b in w.hand_boxes]
    w.settle()
    assert (
        "is in both An's hand and Dung's" in w.message.value
        and "Nothing was added" in w.message.value
    )
    assert [b.value for b in w.hand_boxes] == before and len(w.sheet.deals) == 1
    w.undo()
    assert w.sheet.deals == () and not w.rules.disabled


def test_the_widget_asks_twice_before_a_new_sheet_and_follows_the_setup_until_the_first_deal():
    w = ScoreSheetWidget()
    w.names.value = "An, Bình, Chi"
    w.rules.value = "cp-source"
    assert w.sheet.players == ("An", "Bình", "Chi") and w.sheet.game == "chinese_poker"
    assert w.hand_rows[3].layout.display == "none" and w.dealer.layout.display == "none"
    w.fill_from_deal(2)
    w.settle()
    w.new_sheet()
    assert len(w.sheet.deals) == 1 and "Press New sheet again" in w.message.value
    w.new_sheet()
    assert w.sheet.deals == () and w.sheet.players == ("An", "Bình", "Chi")
    w.names.value = "An, An"
    assert "the same name" in w.message.value and w.sheet.players == ("An", "Bình", "Chi")


def test_the_app_follows_its_link_and_keeps_the_address_in_step():
    sheet = ScoreSheet("mb-source", PLAYERS).settle(_hands(1)).settle(_hands(2), dealer=1)
    app = score_sheet_app(sheet.to_query())
    assert app.sheet.sheet == sheet and app.note.value == ""
    assert app.sheet.address is not None and app.sheet.address.query == sheet.to_query()
    app.sheet.fill_from_deal(3)
    app.sheet.settle()
    assert (
        app.sheet.address.query == app.sheet.sheet.to_query() and "deal=" in app.sheet.address.query
    )
    assert "could not be used" in score_sheet_app(sheet.to_query() + "&deal=x").note.value


def test_the_plot_has_a_line_per_player_once_there_is_a_deal():
    sheet = ScoreSheet("mb-source", PLAYERS)
    assert running_totals_svg(sheet) == ""
    svg = running_totals_svg(sheet.settle(_hands(1)))
    assert svg.count("<polyline") == 4 and all(name in svg for name in PLAYERS)


def test_the_sheet_explains_every_payment_of_every_deal():
    w = ScoreSheetWidget()
    w.fill_from_deal(1)
    w.dealer.value = 3
    w.settle()
    d = w.sheet.deals[0]
    assert "How each deal was settled" in w.table.value
    for name, p, note in zip(w.sheet.players, d.points, d.notes, strict=True):
        assert f"{name} {p:+d}: {html.escape(note)}" in w.table.value


def test_a_player_who_surrenders_shows_no_cards_and_pays_the_price_where_the_rules_allow():
    hands = _hands(5, "cp-2-4")
    sheet = ScoreSheet("cp-2-4", PLAYERS).settle(
        ["", *hands[1:]], surrendered=[True, False, False, False]
    )
    d = sheet.deals[0]
    assert d.hands[0] is None and d.points[0] == -3 * 3 and sum(d.points) == 0
    assert d.notes[0].startswith("surrendered: ")
    assert ScoreSheet.from_query(sheet.to_query())[0] == sheet
    with pytest.raises(IllegalActionError, match="An cannot surrender"):
        ScoreSheet("cp-source", PLAYERS).settle(["", *hands[1:]], surrendered=[True])
    with pytest.raises(IllegalActionError, match="An cannot surrender"):
        ScoreSheet("mb-source", PLAYERS).settle(["", *hands[1:]], surrendered=[True])


def test_the_widget_offers_surrender_only_under_rules_that_have_it():
    w = ScoreSheetWidget()
    assert all(b.layout.display == "none" for b in w.surrender_boxes)
    w.rules.value = "cp-1-6"
    assert all(b.layout.display is None for b in w.surrender_boxes)
    w.fill_from_deal(6)
    w.hand_boxes[2].value = ""
    w.surrender_boxes[2].value = True
    w.settle()
    assert w.sheet.deals[0].hands[2] is None and w.sheet.deals[0].points[2] == -9


def test_the_sheets_link_says_it_brings_the_sheet_back():
    w = ScoreSheetWidget()
    assert (
        "Copy link to this sheet" in w.share.value
        and "brings the whole sheet back" in w.share.value
    )


# --- Tiến Lên on the sheet: a hand told by places, cards left, chops and instant wins ---

TL_PLAYERS = ("An", "Bình", "Chi", "Dũng")


def test_a_tien_len_hand_is_settled_from_places_cards_left_and_chops():
    from rules_lib.tien_len import PRESETS as TL
    from rules_lib.tien_len.points import record_from_table, settle_record

    sheet = ScoreSheet("tl-home", TL_PLAYERS)
    sheet = sheet.settle_hand(["2", "1", "4", "3"], ["", "", "2h 9c", ""], [(1, 0, "2s")])
    record = record_from_table(
        TL_PLAYERS, ["2", "1", "4", "3"], ["", "", "2h 9c", ""], [(1, 0, "2s")]
    )
    assert sheet.deals[0].points == settle_record(record, TL["home"]).points
    assert sum(sheet.totals) == 0
    assert "Bình chopped your 2♠: −1" in sheet.deals[0].notes[0]
    assert ScoreSheet.from_query(sheet.to_query())[0] == sheet


def test_a_tien_len_hand_played_by_the_engine_settles_the_same_on_the_sheet():
    import random

    from rules_lib.engine import RandomBot, playout
    from rules_lib.tien_len import PRESETS as TL
    from rules_lib.tien_len import new_game
    from rules_lib.tien_len.points import HandRecord, record_from_text, record_text

    for seed in range(30):
        final = playout(new_game(seed, 4, TL["home"]), [RandomBot()] * 4, random.Random(seed))
        record = HandRecord.from_state(final)
        again = record_from_text(record_text(record), TL_PLAYERS, TL["home"])
        sheet = ScoreSheet("tl-home", TL_PLAYERS)._with_record(again)
        assert sheet.deals[0].points == tuple(int(r) for r in final.returns()), seed


@pytest.mark.parametrize(
    ("places", "left", "chops", "message"),
    [
        (
            ["1", "1", "3", "4"],
            ["", "", "", "3c"],
            [],
            "An and Bình both came 1st; nobody came 2nd",
        ),
        (["1", "2", "", "4"], ["", "", "", "3c"], [], "Chi has no place"),
        (
            ["2", "1", "3", "4"],
            ["3c", "", "", "3c"],
            [],
            "3♣ is in both An's cards left and Dũng's",
        ),
        (["2", "1", "3", "4"], ["", "9x", "", ""], [], "Bình's cards left"),
        (["1", "2", "3", "4"], ["2h", "", "", ""], [], "An came 1st, so held no cards"),
        (["1", "2", "3", "frozen"], ["", "", "", "3c"], [], "Dũng is frozen, so still held all 13"),
        (["1", "2", "3", "4"], ["", "", "", "3c"], [(1, 1, "2h")], "choose two different players"),
        (["1", "2", "3", "4"], ["", "", "", "3c"], [(1, 0, "9h")], "cannot be chopped"),
        (["1", "2", "3", "4"], ["", "", "", "2h"], [(1, 0, "2h")], "2♥ is in both"),
    ],
)
def test_a_bad_tien_len_hand_is_named_and_the_sheet_keeps_its_deals(places, left, chops, message):
    sheet = ScoreSheet("tl-home", TL_PLAYERS).settle_hand(["1", "2", "3", "4"], ["", "", "", "3c"])
    with pytest.raises(RulesError, match=re.escape(message)):
        sheet.settle_hand(places, left, chops)
    assert len(sheet.deals) == 1


def test_an_instant_win_on_the_sheet_collects_its_price_from_each_player():
    from rules_lib.tien_len import PRESETS as TL
    from rules_lib.tien_len import InstantWin

    sheet = ScoreSheet("tl-home", TL_PLAYERS).settle_hand(
        [""] * 4, [""] * 4, instant=(2, InstantWin.SIX_PAIRS)
    )
    price = TL["home"].instant_win_price("six pairs")
    assert sheet.totals == (-price, -price, 3 * price, -price)
    assert ScoreSheet.from_query(sheet.to_query())[0] == sheet


def test_the_sheet_reads_chops_written_a_line_each():
    from rules_lib.tien_len.points import read_chops

    chops = read_chops("Bình chopped An: 2h\nchi CHOPPED bình: 2h, 5s 5h 6s 6h 7s 7h", TL_PLAYERS)
    assert chops == [(1, 0, "2h"), (2, 1, "2h, 5s 5h 6s 6h 7s 7h")]
    with pytest.raises(RulesError, match="write it as"):
        read_chops("Bình took An's 2h", TL_PLAYERS)


def test_the_score_sheet_widget_keeps_a_tien_len_evening():
    from rules_lib.widgets.score_sheet_widgets import ScoreSheetWidget

    w = ScoreSheetWidget(ScoreSheet("tl-home", TL_PLAYERS))
    assert w.tien_len_box.layout.display is None and w.dealer.layout.display == "none"
    w.fill_from_deal(3)
    typed = [m.value for m in w.place_menus[:4]]
    assert sorted(typed) == ["1", "2", "3", "4"] or "frozen" in typed or w.instant_who.value >= 0
    w.settle()
    assert len(w.sheet.deals) == 1 and sum(w.sheet.totals) == 0
    assert all(m.value == "" for m in w.place_menus)  # ready for the next hand
    for menu, place in zip(w.place_menus, ["1", "1", "3", "4"]):
        menu.value = place
    w.settle()
    assert "both came 1st" in w.message.value and len(w.sheet.deals) == 1
    w.rules.value = "mb-source"  # locked: the sheet holds a deal
    assert w.sheet.ruleset == "tl-home"


def test_cards_can_be_picked_instead_of_typed():
    from rules_lib.cards import Card
    from rules_lib.widgets.score_sheet_widgets import ScoreSheetWidget

    w = ScoreSheetWidget()
    assert w.pick_box.layout.display == "none"
    w.pick_button.value = True
    assert w.pick_box.layout.display is None
    for token in ["As", "Ks", "Qs", "Js", "9s", "8d", "8c", "7h", "7s", "2c", "Ah", "Qd", "5c"]:
        w.picker.click(Card.parse(token))  # as the reader's presses would, in this order
    assert w.hand_boxes[0].value == "A♠ K♠ Q♠ J♠ 9♠ / 8♦ 8♣ 7♥ 7♠ 2♣ / A♥ Q♦ 5♣"
    w.picker.click(Card.parse("5c"))  # pressed again: put back
    assert w.hand_boxes[0].value.endswith("/ A♥ Q♦")
    w.pick_for.value = 1  # the next player: An's cards cannot be picked for Bình
    assert w.picker.chosen == set()
    assert set(w.picker.table.codes_of([Card.parse("As")])) <= set(w.picker.table.disabled)
    w.hand_boxes[1].value = "Kd"
    assert w.picker.chosen == {Card.parse("Kd")}  # typing and picking stay in step
