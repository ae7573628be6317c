"""The card widget (rules_lib.widgets.card_table): rows of cards, selection kept
in the front end and read by Python, moves asked for by a drop or "Move here",
lit and disabled cards, face-down hands that reveal nothing, and clear errors."""

from __future__ import annotations

import pytest

from rules_lib.cards import parse_cards
from rules_lib.errors import NotationError, RulesError
from rules_lib.widgets.arrange_widgets import ArrangeHand
from rules_lib.widgets.card_table import BACK, CardTable, card_codes


def test_the_front_end_finds_its_script_and_style():
    table = CardTable("As")
    assert "export default" in str(table._esm) and "render" in str(table._esm)
    assert ".rl-card-button" in str(table._css)


def test_each_card_is_drawn_with_the_librarys_own_svg_and_named_in_words():
    table = CardTable("Qh 10s")
    assert table.rows[0]["cards"] == ["Q♥", "10♠"]
    assert table.faces["Q♥"].startswith("<svg") and "queen of hearts" in table.faces["Q♥"]
    assert table.names == {"Q♥": "queen of hearts", "10♠": "ten of spades"}


def test_two_copies_of_a_card_get_two_codes():
    cards = parse_cards("7h 7h 8h", decks=2)
    assert card_codes(cards) == ["7♥", "7♥#2", "8♥"]
    table = CardTable(cards)
    table.selected = ["7♥#2"]
    assert [str(c) for c in table.selected_cards] == ["7♥"]
    assert table.faces["7♥#2"] == table.faces["7♥"]


def test_a_selection_made_in_the_browser_is_read_in_table_order():
    table = CardTable("As Kd Qh")
    table.selected = ["Q♥", "A♠"]  # as the front end sends it
    assert [str(c) for c in table.selected_cards] == ["Q♥", "A♠"]
    table.click("Kd")
    assert [str(c) for c in table.selected_cards] == ["A♠", "K♦", "Q♥"]
    table.click("Kd")
    assert [str(c) for c in table.selected_cards] == ["A♠", "Q♥"]


def test_single_selection_keeps_one_card():
    table = CardTable("As Kd Qh", single=True)
    table.click("As")
    table.click("Qh")
    assert [str(c) for c in table.selected_cards] == ["Q♥"]


def test_a_disabled_card_cannot_be_selected():
    table = CardTable("As Kd")
    table.disable(parse_cards("Kd"))
    table.click("Kd")
    assert table.selected == [] and table.disabled == ["K♦"]


def test_lit_cards_are_named_by_code_and_dropped_when_the_cards_change():
    table = CardTable("As Kd")
    table.light(parse_cards("As"))
    assert table.lit == ["A♠"]
    table.show("Kd 2c")
    assert table.lit == [] and table.selected == []


def test_a_face_down_hand_sends_no_card_to_the_browser():
    table = CardTable("As Kd Qh", face_down=True)
    assert table.rows[0]["cards"] == [f"{BACK}0", f"{BACK}1", f"{BACK}2"]
    assert set(table.faces) == {BACK} and table.names == {} and table.cards == ()


def test_a_drop_on_a_row_asks_python_to_move_the_cards():
    table = CardTable()
    table.set_rows({"back": "As Ks", "front": "2c"}, targets=True)
    asked = []
    table.on_move(lambda cards, row: asked.append(([str(c) for c in cards], row)))
    table._message(table, {"event": "move", "cards": ["A♠"], "to": "front"}, [])
    assert asked == [(["A♠"], "front")]


def test_a_move_to_an_unknown_row_is_a_rules_error_naming_the_rows():
    table = CardTable()
    table.set_rows({"back": "As", "front": "2c"}, targets=True)
    with pytest.raises(RulesError, match="no row 'middle'"):
        table.request_move(["A♠"], "middle")
    with pytest.raises(RulesError, match="the rows are: back, front"):
        table.row_cards("middle")


def test_a_mistyped_card_is_a_notation_error():
    with pytest.raises(NotationError, match="'Z' is not a rank"):
        CardTable("As Zz")
    with pytest.raises(RulesError, match="not on this table"):
        CardTable("As").click("Kd")


def test_arrange_by_drag_moves_the_dropped_cards_to_the_row():
    hand = ArrangeHand(seed=7)
    first = hand.table.rows[0]["cards"][0]
    before = [r["cards"] for r in hand.table.rows]
    hand.table._message(hand.table, {"event": "move", "cards": [first], "to": "front"}, [])
    after = {r["name"]: r["cards"] for r in hand.table.rows}
    assert first in after["front"] and first not in after["back"]
    assert sum(len(c) for c in before) == sum(len(c) for c in after.values()) == 13


def test_arrange_move_here_with_nothing_selected_says_so():
    hand = ArrangeHand(seed=7)
    hand.table._message(hand.table, {"event": "move", "cards": [], "to": "front"}, [])
    assert "Select one or more cards first" in hand.status.value


def test_arrange_selection_then_move_here_uses_the_selection():
    hand = ArrangeHand(seed=7)
    codes = hand.table.rows[0]["cards"][:2]
    hand.table.selected = codes
    hand.move_selected(_front())
    front = {r["name"]: r["cards"] for r in hand.table.rows}["front"]
    assert set(codes) <= set(front) and hand.table.selected == []


def _front():
    from rules_lib.setting import Row

    return Row("front")


def test_sorting_by_rank_or_suit_keeps_the_selection_and_outlives_a_redraw():
    table = CardTable("2c As 5h Kc", sortable=True)
    table.click("5h")
    table.sort_by = "rank"  # as the sort button sends it
    assert table.rows[0]["cards"] == ["2♣", "5♥", "K♣", "A♠"]
    assert [str(c) for c in table.selected_cards] == ["5♥"]
    table.sort_by = "suit"
    assert table.rows[0]["cards"] == ["A♠", "5♥", "2♣", "K♣"]
    table.show("3d 3s")  # the game redraws its hand: the reader's order stays
    assert table.rows[0]["cards"] == ["3♠", "3♦"]


def test_sorting_uses_the_games_rank_order():
    from rules_lib.tien_len.rules import RANK_POS

    table = CardTable("2c 3s Ah", rank_key=lambda card: RANK_POS[card.rank], sort_by="rank")
    assert table.rows[0]["cards"] == ["3♠", "A♥", "2♣"]  # in Tiến Lên the two is highest
