"""The Indian Rummy game widget and its app: the reader's groups (made, moved, undone,
labelled by the library), a declaration checked with its fault shown, the best
grouping, whole deals played to the end, a pool's next deal and score sheet, the
link, and a bad press that changes nothing."""

from __future__ import annotations

import html
import re

from rules_lib.cards import parse_cards
from rules_lib.indian_rummy.game import IndianRummyState, Move, Phase
from rules_lib.indian_rummy.rules import PRESETS
from rules_lib.widgets import IndianRummyGame
from rules_lib.widgets.indian_rummy_widgets import LOOSE, NEW_GROUP, HandGroups, indian_rummy_app


def text(pane_html: str) -> str:
    """The words of an HTML pane."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", pane_html)).split())


def row_names(game: IndianRummyGame) -> list[str]:
    return [r["name"] for r in game.hand.rows]


def label(game: IndianRummyGame, name: str) -> str:
    return next(r["label"] for r in game.hand.rows if r["name"] == name)


def finish_game(game: IndianRummyGame, limit: int = 2000) -> None:
    """Press "Play my turn" (and "Next deal") until the game is over."""
    for _ in range(limit):
        if game.state.is_terminal():
            return
        if game.between:
            game.next_button.click()
        else:
            game.auto_button.click()
    raise AssertionError("the game did not end")


def test_a_new_game_shows_the_table_the_wild_card_and_the_hand_loose() -> None:
    game = IndianRummyGame(seed=3, bots=2)
    assert game.state.num_players == 3 and game.my_turn
    assert "rl-ir-game" in game._dom_classes
    assert row_names(game) == [NEW_GROUP, LOOSE]
    assert len(game.hand.row_cards(LOOSE)) == 13
    words = text(game.table.value)
    assert "Stock:" in words and "Discard pile" in words and "turned up" in words
    assert "Wild card" in words


def test_tapped_cards_make_a_group_labelled_by_the_library_and_ungroup() -> None:
    game = IndianRummyGame(seed=7, bots=1)
    hand = game.state.hands[0]
    game.hand.select(hand[:3])
    game.group_button.click()
    assert row_names(game) == ["group 1", NEW_GROUP, LOOSE]
    assert game.groups.groups[0] == tuple(hand[:3])
    assert label(game, "group 1").startswith("Group 1: ")
    # a drag (or "Move here") of one card onto the new-group row makes a second group
    code = game.hand.codes_of(hand[3:4])
    game.hand.request_move(code, NEW_GROUP)
    assert row_names(game) == ["group 1", "group 2", NEW_GROUP, LOOSE]
    assert "not a group" in label(game, "group 2")
    game.hand.select(hand[:1])
    game.ungroup_button.click()
    assert len(game.groups.groups[0]) == 2 and hand[0] in game.groups.loose
    game.hand.selected = []
    game.ungroup_button.click()  # nothing tapped: every card back to the loose row
    assert game.groups.groups == () and len(game.groups.loose) == 13


def test_a_declaration_with_a_fault_is_checked_without_penalty_then_costs_80() -> None:
    game = IndianRummyGame(seed=7, bots=1)
    game.draw_button.click()
    assert game.state.phase is Phase.DISCARD
    before = game.state
    card = game.groups.loose[0]
    game.hand.select([card])
    game.check_button.click()
    words = text(game.message.value)
    assert words.startswith("Not yet: ") and "80 points" in words
    assert 'role="alert"' in game.message.value
    assert game.state is before  # a check changes nothing
    game.hand.select([card])
    game.declare_button.click()
    words = text(game.message.value)
    assert words.startswith("Wrong declaration: ") and "80 points" in words
    # with two players, the other one wins the deal: it ends, 80 points for the reader
    result = game.state.results[0]
    assert result.points[0] == 80 and "wrong declaration" in result.why(0)
    assert "80 points (wrong declaration" in text(game.result.value)


def test_the_best_grouping_arranges_the_groups_and_says_the_points() -> None:
    game = IndianRummyGame(seed=7, bots=1)
    game.best_button.click()
    words = text(game.message.value)
    assert words.startswith("The best grouping")
    assert sorted(map(str, game.groups.cards)) == sorted(map(str, game.state.hands[0]))
    for index in range(len(game.groups.groups)):
        assert "not a group" not in label(game, f"group {index + 1}")


def test_a_whole_deal_for_points_plays_to_its_end() -> None:
    game = IndianRummyGame(seed=3, bots=2)
    finish_game(game)
    assert game.state.is_terminal() and len(game.state.results) == 1
    words = text(game.result.value)
    assert "Deal 1 is over" in words and "You:" in words and "Bot B:" in words
    assert "Press New game" in text(game.message.value)
    assert game.record.value.count("<p>") >= 2
    assert game._turn_row.layout.display == "none"


def test_a_pool_stops_after_each_deal_until_next_deal_and_keeps_a_score_sheet() -> None:
    game = IndianRummyGame(seed=5, bots=1, preset="pool 101")
    for _ in range(400):
        if game.between:
            break
        game.auto_button.click()
    assert game.between and game.next_button.layout.display != "none"
    deal = game.state.deal_number
    assert "Deal 1" in text(game.sheet.value) and "Total" in text(game.sheet.value)
    game.auto_button.click()  # refused between deals
    assert "Next deal" in text(game.message.value)
    game.next_button.click()
    assert not game.between and game.state.deal_number == deal
    assert game.my_turn or game.state.is_terminal()
    assert len(game.groups.cards) == 13 or game.state.statuses[0].value != "playing"
    finish_game(game)
    assert "(out)" in text(game.sheet.value)


def test_a_bad_press_shows_the_rules_reason_and_changes_nothing() -> None:
    game = IndianRummyGame(seed=7, bots=1)
    before = game.state
    game.play_text("discard 9d")
    assert 'role="alert"' in game.message.value
    assert "you must draw first" in text(game.message.value)
    game.play_text("take 2c")
    assert "not 2♣" in text(game.message.value) or "not" in text(game.message.value)
    game.hand.select(game.state.hands[0][:2])
    game.declare_button.click()
    assert game.state is before
    game.draw_button.click()
    game.hand.select(game.state.hands[0][:2])  # two cards: which to discard?
    game.discard_button.click()
    assert "Tap just one card" in text(game.message.value)
    assert len(game.state.hands[0]) == 14 and game.state.phase is Phase.DISCARD


def test_drop_costs_20_before_drawing() -> None:
    game = IndianRummyGame(seed=7, bots=1)
    assert game.drop_button.description == "Drop (20)"
    game.drop_button.click()
    assert game.state.results[0].points[0] == 20
    assert "You dropped: 20 points." in text(game.message.value)


def test_hand_groups_follow_the_hand_and_declare_the_loose_cards_as_a_group() -> None:
    cards = parse_cards("3s 4s 5s 7h 7d 7c Kd")
    hand = HandGroups.of(cards).make_group(cards[:3]).make_group(cards[3:6])
    assert [str(g) for g in hand.declaration(cards[6])] == ["3♠ 4♠ 5♠", "7♥ 7♦ 7♣"]
    assert hand.move(cards[:1], None).loose[-1] == cards[0]
    assert hand.move(cards[6:], 0).groups[0][-1] == cards[6]


def test_a_right_declaration_from_the_groups_wins_the_deal() -> None:
    state = IndianRummyState.from_hands(
        ["2s 3s 4s 7h 8h 9h Kd Kc Ks 5c 6c Jd Qh", "Ad 2d 3d 4d 5h 5d 9c 9d Th Jh Js Qs Qd"],
        discard="8c",
        stock="7c",
        wild_card="Jc",
    )
    game = IndianRummyGame(seed=1, bots=1)
    game.state = state
    game.groups = HandGroups.of(state.hands[0])
    game.redraw()
    game.draw_button.click()
    game.best_button.click()
    assert game.state.phase is Phase.DISCARD
    chosen = game.hand.selected_cards
    assert len(chosen) == 1
    game.check_button.click()
    assert text(game.message.value).startswith("Right: ")
    game.declare_button.click()
    result = game.state.results[0]
    assert result.winner == 0 and result.points[0] == 0
    assert any(a.move is Move.DECLARE for a in game.state.moves)


def test_the_app_follows_its_link() -> None:
    app = indian_rummy_app("seed=7&rules=pool-201&bots=3")
    assert (app.game.seed.value, app.game.rules.value) == (7, "pool 201")
    assert app.game.state.num_players == 4
    assert app.game.state.rules == PRESETS["pool 201"]
    assert app.game.share.link == "?seed=7&rules=pool-201&bots=3"
    bad = indian_rummy_app("seed=x&rules=poker&bots=9")
    assert "could not be used" in bad.note.value and "choose 1 to 5" in bad.note.value


def test_a_deal_the_bots_end_before_your_first_turn_shows_its_end() -> None:
    game = IndianRummyGame(seed=7, bots=2)  # Bot A declares on its first turn
    assert game.state.is_terminal()
    assert "Deal 1 is over" in text(game.result.value)
    assert "Press New game" in text(game.message.value)
    assert game.hand.layout.display == "none"


def test_a_chapter_page_address_deals_the_linked_game() -> None:
    from rules_lib.widgets.share_widgets import follow_page_link

    game = IndianRummyGame(seed=1)
    assert follow_page_link(game, "seed=42&rules=pool-201") == []
    assert (game.seed.value, game.rules.value, game.state.rules.pool_limit) == (42, "pool 201", 201)
    assert game.share.link == "?seed=42&rules=pool-201&bots=1"


def test_either_copy_of_a_card_held_twice_can_be_discarded() -> None:
    game = IndianRummyGame(seed=3, bots=2)  # two decks: the 8♣ twice after the draw
    game.draw_button.click()
    copies = [c for c in game.state.hands[0] if str(c) == "8♣"]
    assert len(copies) == 2
    game.hand.select(copies[1:])
    game.discard_button.click()
    assert 'role="alert"' not in game.message.value
    assert [str(c) for c in game.state.hands[0]].count("8♣") == 1
