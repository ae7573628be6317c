"""The Tiến Lên widgets show what the library computes, and keep what the reader did."""

from __future__ import annotations

import random
from html import escape

import pytest

from rules_lib.cards import Card
from rules_lib.engine import replay
from rules_lib.tien_len import PASS, PRESETS, Pass, can_beat, hint, new_game
from rules_lib.widgets import CanItBeat, TienLenGame
from rules_lib.widgets.tien_len_widgets import SEAT_NAMES, tien_len_app

STANDARD = PRESETS["standard"]


def finish(game: TienLenGame) -> int:
    """Play the hints to the end by pressing the buttons; returns the number of turns."""
    turns = 0
    while not game.state.is_terminal():
        game.hint_button.click()
        (game.pass_button if "Hint: pass" in game.message.value else game.play_button).click()
        turns += 1
        assert turns < 100
    return turns


# -- can it beat? ------------------------------------------------------------------


def test_the_verdict_is_the_librarys_under_the_chosen_preset():
    w = CanItBeat("9s 9d", "9h 9c")
    assert escape(str(can_beat("9h 9c", "9s 9d")), quote=False) in w.verdict.value
    assert "Under common Vietnamese rules the answer is yes" in w.verdict.value
    w.rules.value = "standard"
    assert escape(str(can_beat("9h 9c", "9s 9d", STANDARD)), quote=False) in w.verdict.value
    assert "Under the source's reading the answer is no" in w.verdict.value


def test_no_note_about_the_other_preset_when_both_agree():
    w = CanItBeat("9s 9d", "Js Jd")
    assert "Yes:" in w.verdict.value and "the answer is" not in w.verdict.value


def test_both_plays_are_drawn_with_their_names():
    w = CanItBeat("9s 9d", "Js Jd")
    assert "On the table: pair of nines (9♦ high)" in w.pictures.value
    assert "Your play: pair of jacks (J♦ high)" in w.pictures.value
    assert w.pictures.value.count("<svg") == 4


def test_an_empty_table_means_you_lead():
    w = CanItBeat("", "3s 4h 5d")
    assert "the table is empty" in w.verdict.value and "nothing, you lead" in w.pictures.value


def test_a_typing_mistake_is_named_and_the_text_kept():
    w = CanItBeat("9s 9d", "Js Jd")
    pictures = w.pictures.value
    w.play_text.value = "Js Jx"
    assert "your play:" in w.verdict.value and "'Jx'" in w.verdict.value
    assert w.play_text.value == "Js Jx" and w.pictures.value == pictures
    w.table_text.value = "5d 6d"
    w.play_text.value = "Js Jd"
    assert "on the table: 5♦ 6♦ is not a play" in w.verdict.value


def test_mistakes_in_the_table_are_named_as_the_tables():
    w = CanItBeat("9s 9x", "Js Jd")
    assert "on the table: " in w.verdict.value and "'9x'" in w.verdict.value
    assert "your play" not in w.verdict.value


def test_a_table_that_is_a_play_under_one_preset_only():
    w = CanItBeat("3s 3h 7c 7d", "Js")
    assert "No:" in w.verdict.value and "a reply must be a set of 2 pairs" in w.verdict.value
    assert (
        "Under common Vietnamese rules, on the table: 3♠ 3♥ 7♣ 7♦ is not a play" in w.verdict.value
    )
    w.rules.value = "standard"
    assert "on the table: 3♠ 3♥ 7♣ 7♦ is not a play" in w.verdict.value


def test_picked_cards_go_to_the_chosen_box():
    w = CanItBeat("", "")
    assert "Type or pick" in w.verdict.value
    w.target.value = "table"
    w.picker.click(Card.parse("7d"))
    assert w.table_text.value == "7♦" and w.play_text.value == ""
    assert w.picker.table.selected == ["7♦"]
    w.target.value = "play"
    assert w.picker.chosen == set()  # the picker shows the play's cards
    w.picker.click(Card.parse("7h"))
    assert w.play_text.value == "7♥"
    assert "No:" in w.verdict.value  # ♥ is below ♦ by the source
    w.picker.click(Card.parse("7h"))
    assert w.play_text.value == ""


def test_the_picker_shows_the_typed_cards_in_four_suit_rows():
    w = CanItBeat("", "9h 9c xx")
    table = w.picker.table
    assert [r["label"] for r in table.rows] == ["♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs"]
    assert [len(r["cards"]) for r in table.rows] == [13] * 4
    assert table.rows[0]["cards"][:2] == ["A♠", "K♠"] and table.card_class == "rl-pick"
    assert w.picker.chosen == {Card.parse("9h"), Card.parse("9c")}
    table.selected = ["9♥", "9♣", "A♠"]  # as the front end reports a click on A♠
    assert w.play_text.value == "9h 9c xx A♠"


# -- the game ----------------------------------------------------------------------


def test_the_same_deal_number_deals_the_same_cards():
    a, b = TienLenGame(seed=8), TienLenGame(seed=8)
    assert a.hand == b.hand == list(new_game(seed=8).hands[0])
    assert a.session.moves == b.session.moves
    assert TienLenGame(seed=9).hand != a.hand


def test_the_bots_open_when_they_hold_the_three_of_spades():
    g = TienLenGame(seed=1)
    holder = new_game(seed=1).current_player()
    assert holder != 0 and g.session.my_turn
    assert g.session.log[0] == (holder, g.session.moves[0])
    assert "Bot A held the 3♠ and led" in g.message.value
    assert g.recent.value.count("rl-tl-move") == len(g.session.moves)
    assert "To beat:" in g.table.value


def test_the_widget_plays_the_librarys_game():
    g = TienLenGame(seed=2)
    finish(g)
    assert replay(new_game(seed=2), g.session.moves) == g.state


def test_an_illegal_selection_is_named_and_kept():
    g = TienLenGame(seed=4)  # you hold the 3♠
    g.hand_table.click(g.hand[1])
    g.hand_table.click(g.hand[12])
    chosen = set(g.selected)
    assert chosen == {g.hand[1], g.hand[12]}
    g.play_button.click()
    assert "(your selection is kept)" in g.message.value and 'role="alert"' in g.message.value
    assert g.selected == chosen and g.hand_table.selected == [str(g.hand[1]), str(g.hand[12])]
    assert g.session.moves == []


def test_the_first_play_must_hold_the_three_of_spades():
    g = TienLenGame(seed=4)
    three = g.hand.index(Card.parse("3s"))
    other = next(i for i, c in enumerate(g.hand) if c.rank != Card.parse("3s").rank)
    g.hand_table.click(g.hand[other])
    g.play_button.click()
    assert "must hold the 3♠" in g.message.value
    g.hand_table.click(g.hand[other])
    g.hand_table.click(g.hand[three])
    g.play_button.click()
    assert g.session.moves[0] == g.session.initial.parse_action("3s")


def test_the_leader_cannot_pass():
    g = TienLenGame(seed=4)
    g.pass_button.click()
    assert "You cannot pass" in g.message.value and g.session.moves == []


def test_the_selection_line_says_what_the_cards_make():
    g = TienLenGame(seed=4)
    g.hand_table.click(g.hand[0])
    assert "Selected: <b>3♠</b>, single 3♠" in g.selection.value
    g.hand_table.click(g.hand[12])
    assert "not a play" in g.selection.value
    g.hand_table.selected = []  # as the front end reports
    assert "none selected" in g.selection.value
    g.selected = {g.hand[0]}
    assert "Selected: <b>3♠</b>" in g.selection.value


def test_the_hint_selects_the_heuristic_bots_play_or_says_pass():
    g = TienLenGame(seed=1)
    saw_pass = saw_play = False
    while not g.state.is_terminal() and not (saw_pass and saw_play):
        expected = hint(g.state)
        g.hint_button.click()
        if isinstance(expected, Pass):
            saw_pass = True
            assert "Hint: pass" in g.message.value and not g.selected
            g.pass_button.click()
        else:
            saw_play = True
            assert g.selected == set(expected.cards)
            assert g.hand_table.selected == [str(c) for c in g.hand if c in g.selected]
            moves = len(g.session.moves)
            g.play_button.click()
            assert g.session.moves[moves] == expected
    assert saw_pass and saw_play


def test_passes_and_trick_winners_appear_in_the_log():
    g = TienLenGame(seed=1)
    finish(g)
    assert "passes" in g.recent.value and "wins trick" in g.recent.value
    assert "earlier moves" in g.recent.value


@pytest.mark.parametrize("preset", ["source", "standard"])
@pytest.mark.parametrize("opponents", ["heuristic", "greedy", "random"])
def test_a_game_ends_with_the_standings(preset, opponents):
    g = TienLenGame(seed=3, preset=preset, opponents=opponents)
    finish(g)
    places = g.state.places()
    assert "Final standings" in g.standings.value
    for name in ("You", "Bot A", "Bot B", "Bot C"):
        assert f"<td>{name}</td>" in g.standings.value
    assert "Game over: you finished" in g.message.value
    assert g.play_button.disabled and g.pass_button.disabled and g.hint_button.disabled
    assert g.hand_table.disabled == [str(c) for c in g.hand] and g.hand_table.lit == []
    assert sorted(places) == [1.0, 2.0, 3.0, 4.0]
    assert "place: 1st" in g.seats.value


def test_new_game_after_the_end_deals_the_next_number_and_the_loser_deals():
    g = TienLenGame(seed=3)
    finish(g)
    first = g.state
    assert g.seed.value == 4 and "Next deal, beside Play, for deal no. 4" in g.message.value
    assert g.next_button.layout.display is None  # beside Play, where the player is
    g.next_button.click()
    assert g.session.initial.seed == 4 and g.next_button.layout.display == "none"
    g.new_button.click()
    dealt = new_game(seed=4, dealer=first.next_dealer)
    assert g.hand == list(dealt.hands[0]) and not g.standings.value
    assert g.session.initial == dealt and not g.play_button.disabled


def test_the_evening_keeps_the_score_across_hands():
    g = TienLenGame(seed=3, preset="home")
    finish(g)
    first = g.state
    assert g.evening.totals == first.returns()
    assert "How this hand was paid" in g.score.value and "This evening: 1 hand" in g.score.value
    g.new_button.click()
    assert g.session.initial.current_player() == first.winner  # the winner leads
    assert g.session.initial.must_contain is None
    finish(g)
    assert len(g.evening.hands) == 2 and "This evening: 2 hands" in g.score.value
    totals = [a + b for a, b in zip(first.returns(), g.state.returns(), strict=True)]
    assert list(g.evening.totals) == totals and sum(totals) == 0
    g.restart_button.click()
    assert g.evening.hands == () and not g.score.value


def test_a_hand_and_its_evening_come_back_from_the_address():
    app = tien_len_app("seed=3&rules=home")
    finish(app.game)
    app.game.new_button.click()
    app.game.hint_button.click()
    app.game.play_button.click()
    query = app.game.address.query
    again = tien_len_app(query)
    assert again.game.evening == app.game.evening
    assert again.game.state == app.game.state
    assert again.game.score.value == app.game.score.value


def test_a_bad_evening_in_the_link_is_named_and_the_game_starts_afresh():
    app = tien_len_app("seed=3&rules=home&evening=3.3s-zz")
    assert "the evening in the link: hand 1, move 2" in app.note.value
    assert app.game.evening.hands == ()
    assert app.game.session.initial == new_game(3, rules=PRESETS["home"])


def test_changing_the_rules_or_the_opponents_starts_a_new_game():
    g = TienLenGame(seed=5)
    g.hint_button.click()
    g.play_button.click()
    g.rules.value = "standard"
    assert g.state.rules == STANDARD and g.session.initial == new_game(5, rules=STANDARD)
    assert "common Vietnamese rules" in g.message.value
    g.opponents.value = "random"
    assert type(g.session.bots[1]).__name__ == "RandomBot"
    assert "against=random" in g.share.link


def test_an_instant_win_at_the_deal_ends_the_game_at_once():
    seed = next(s for s in range(500) if new_game(s, rules=STANDARD).instant_win is not None)
    g = TienLenGame(seed=seed, preset="standard")
    _seat, kind = g.state.instant_win
    assert "at the deal with" in g.message.value and str(kind) in g.message.value
    assert "Final standings" in g.standings.value and g.session.moves == []
    assert "(shared)" in g.standings.value


def test_after_the_reader_goes_out_the_bots_play_on_to_the_end():
    for seed in range(1, 30):
        g = TienLenGame(seed=seed)
        finish(g)
        if g.state.finished[0] == 0:
            assert len(g.state.finished) == 4
            assert g.state.finished.index(0) == 0 and "you finished 1st" in g.message.value
            return
    pytest.fail("the hints never won a game in 29 deals")


def test_the_app_reads_its_link_and_names_a_bad_one():
    app = tien_len_app("seed=7&rules=standard")
    assert app.game.seed.value == 7 and app.game.state.rules == STANDARD
    assert app.children[0].value == ""
    bad = tien_len_app("seed=x&rules=house&against=best")
    note = bad.children[0].value
    assert "whole number" in note and "'house'" in note and "'best'" in note
    assert bad.game.seed.value == 1 and bad.game.rules.value == "source"


def test_the_hand_is_one_card_table_with_the_legal_plays_lit():
    g = TienLenGame(seed=4)  # you lead, and your first play must hold the 3♠
    table = g.hand_table
    assert table.card_class == "rl-tl-card" and "rl-tl-hand" in table._dom_classes
    assert table.label == "your hand" and table.cards == tuple(g.hand) and len(g.hand) == 13
    assert table.lit == ["3♠"] and table.disabled == []
    table.click(g.hand[1])  # a card outside every legal play may still be selected
    assert g.selected == {g.hand[1]}
    g = TienLenGame(seed=1)  # a bot led: what you may play is what beats it
    plays = [a for a in g.state.legal_actions() if not isinstance(a, Pass)]
    assert set(g.hand_table.lit) == {str(c) for a in plays for c in a.plain}
    g.hint_button.click()
    assert set(g.hand_table.selected) <= set(g.hand_table.lit) or "Hint: pass" in g.message.value


def test_passing_records_a_pass():
    g = TienLenGame(seed=1)  # a bot led: the reader may pass
    before = len(g.session.moves)
    g.pass_button.click()
    assert g.session.moves[before] == PASS


def test_the_search_bots_are_an_opponent_level_a_link_can_name():
    from rules_lib.search import MonteCarloBot

    app = tien_len_app("seed=4&against=search")
    game = app.game
    assert game.opponents.value == "search" and "against=search" in game.share.link
    assert all(isinstance(bot, MonteCarloBot) for bot in game.session.bots.values())
    before = len(game.session.log)
    game.show_hint()
    game.play()  # the hint is legal; then the three search bots answer
    assert len(game.session.log) > before + 1
    assert game.state.is_terminal() or game.session.my_turn


def test_against_the_search_bots_the_hint_is_the_searchs_choice():
    from rules_lib.tien_len.bots import search_bot

    game = tien_len_app("seed=8&against=search").game
    game.show_hint()
    assert "The search bot tried" in game.message.value
    rng = random.Random(f"8 {len(game.state.history)}")
    best = search_bot().scores(game.state.observation(0), game.state.legal_actions(), rng).best
    if isinstance(best, Pass):
        assert "Hint: pass" in game.message.value and not game.selected
    else:
        assert game.selected == set(best.plain)
    game.show_hint()  # the same position, the same hint
    assert game.selected == (set() if isinstance(best, Pass) else set(best.plain))


def test_a_progress_bar_follows_the_search_bots_and_goes_when_they_are_done():
    game = tien_len_app("seed=4&against=search").game
    named, displays = [], []
    game.thinking.observe(lambda change: named.append(change["new"]), names="description")
    game.thinking.layout.observe(lambda change: displays.append(change["new"]), names="display")
    game.show_hint()
    moved = len(game.session.log)
    game.play()
    replies = game.session.log[moved + 1 :]
    assert replies
    # each bot was named as it started to think, in turn; then the bar went away
    each = [SEAT_NAMES[seat] + " is thinking" for seat, _action in replies]
    thinking = [name for i, name in enumerate(each) if i == 0 or each[i - 1] != name]
    assert named == [*thinking, ""] and displays[0] is None
    assert game.thinking.layout.display == "none"
    # against the heuristic bots, who answer at once, it never shows
    quick = TienLenGame(seed=4)
    quick.thinking.layout.observe(lambda change: displays.append("quick"), names="display")
    quick.show_hint()
    quick.play()
    assert "quick" not in displays and quick.thinking.layout.display == "none"


def test_a_forced_move_is_hinted_without_claiming_a_search():
    game = tien_len_app("seed=4&against=search").game  # you must lead the 3♠, alone
    assert len(game.state.legal_actions()) == 1
    game.show_hint()
    assert "It is the only move the search bot would consider here" in game.message.value
    assert "0 deals" not in game.message.value
