"""The Three-Thirteen widgets, clicked as a reader would (no browser needed)."""

from __future__ import annotations

import html
import re

import pytest

from rules_lib.three_thirteen import PRESETS, best_melds, cards_dealt, deal_hand, new_game
from rules_lib.three_thirteen.game import Action, Move, Phase
from rules_lib.widgets import MeldThisHand, ThreeThirteenGame
from rules_lib.widgets.three_thirteen_widgets import three_thirteen_app

# -- meld this hand -------------------------------------------------------------


def test_a_dealt_hand_has_the_rounds_size_and_its_number():
    w = MeldThisHand(seed=8, round_number=6)
    assert w.draft.hand == deal_hand(8, 6)
    w.round.value = 11
    assert len(w.draft.hand) == 8  # changing the round keeps the cards, changes what is wild
    w.seed.value = 9
    w.deal_button.click()
    assert w.draft.hand == deal_hand(9, 11) and len(w.draft.hand) == cards_dealt(11)


def test_making_a_meld_shows_it_and_takes_its_cards_from_the_hand():
    w = MeldThisHand(cards="5s 6s 7s 9h 9d 3c Kd", round_number=1)
    w.card_buttons.press("9h 9d 3c")
    assert [str(c) for c in w.card_buttons.selected_cards] == ["3♣", "9♥", "9♦"]
    w.make_button.click()
    assert "Set (3♣ stands for 9)" in w.mine.value
    assert [str(c) for c in w.card_buttons.cards] == ["5♠", "6♠", "7♠", "K♦"]
    assert w.card_buttons.selected_cards == ()
    assert "penalty 28" in w.card_buttons.rows[0]["label"]


def test_wild_cards_keep_a_gold_border_and_say_wild():
    w = MeldThisHand(cards="3s 3s 7h 9d", round_number=1)  # threes are wild; two decks
    assert w.card_buttons.names == {
        "3♠": "three of spades (wild)",
        "3♠#2": "three of spades (wild)",
        "7♥": "seven of hearts",
        "9♦": "nine of diamonds",
    }
    gold = w.card_buttons.faces
    assert "#e0a200" in gold["3♠"] and "#e0a200" in gold["3♠#2"]
    assert "#e0a200" not in gold["7♥"]
    w.card_buttons.press("3s 3s")  # both copies
    assert w.card_buttons.selected == ["3♠", "3♠#2"]


def test_an_invalid_meld_is_explained_and_nothing_changes():
    w = MeldThisHand(cards="7s 8h 9s Kd", round_number=2)
    w.card_buttons.press("7s 8h 9s")
    w.make_button.click()
    assert 'role="alert"' in w.status.value and "a run one suit" in w.status.value
    assert w.draft.melds == ()


def test_make_meld_with_nothing_selected_asks_for_cards():
    w = MeldThisHand(seed=1)
    w.make_button.click()
    assert "Select three or more cards" in w.status.value


def test_undo_and_clear():
    w = MeldThisHand(cards="5s 6s 7s 9h 9d 9c Kd", round_number=1)
    assert w.undo_button.disabled and w.clear_button.disabled
    w.card_buttons.press("5s 6s 7s")
    w.make_button.click()
    w.card_buttons.press("9h 9d 9c")
    w.make_button.click()
    assert len(w.draft.melds) == 2
    w.undo_button.click()
    assert len(w.draft.melds) == 1
    w.clear_button.click()
    assert w.draft.melds == () and w.clear_button.disabled


def test_compare_shows_the_best_arrangement_and_its_penalty():
    w = MeldThisHand(cards="10c 4s 5s 6s 6h 6d 7d 8d Kc 2h", round_number=8)
    w.card_buttons.press("6s 6h 6d")
    w.make_button.click()
    w.compare_button.click()
    best = best_melds(w.draft.hand, 10)
    assert f"the best arrangement leaves {best.penalty}" in w.best.value
    assert "The best arrangement" in w.best.value and "Left over: penalty 18" in w.best.value


def test_a_typed_hand_with_a_mistake_is_named_and_the_hand_kept():
    w = MeldThisHand(seed=3, round_number=4)
    before = w.draft.hand
    w.cards_text.value = "As Kd Qx"
    w.use_button.click()
    assert "'Qx'" in w.status.value and w.draft.hand == before
    w.cards_text.value = "9c 9c 9d RJ"
    w.use_button.click()
    assert len(w.draft.hand) == 4 and w.draft.best().penalty == 0  # two decks and a joker


def test_the_rules_dropdown_changes_what_melds():
    w = MeldThisHand(cards="Qs Ks As 2h", round_number=1)
    w.card_buttons.press("Qs Ks As")
    w.make_button.click()
    assert "aces are low only" in w.status.value
    w.rules.value = "variations"
    w.card_buttons.press("Qs Ks As")
    w.make_button.click()
    assert len(w.draft.melds) == 1 and w.draft.rules == PRESETS["variations"]


# -- a whole game ------------------------------------------------------------------


def test_a_new_game_waits_for_the_readers_first_move():
    g = ThreeThirteenGame(seed=5, bots=3)
    assert g.my_turn and g.state.phase is Phase.DRAW and g.state.num_players == 4
    assert not g.draw_button.disabled and g.discard_button.disabled and g.out_button.disabled
    assert g.take_button.description == f"Take {g.state.discard[-1]}"
    assert not g.hand_buttons.selectable and g.hand_buttons.cards == g.state.hands[0]
    g.draw_button.click()
    assert g.hand_buttons.selectable and g.hand_buttons.single


def test_the_same_number_deals_the_same_game():
    a = ThreeThirteenGame(seed=21, bots=2)
    b = ThreeThirteenGame(seed=4, bots=2)
    b.seed.value = 21
    b.new_button.click()
    assert a.state == b.state


def test_taking_the_discard_then_throwing_it_back_is_refused_visibly():
    g = ThreeThirteenGame(seed=5, bots=1)
    top = g.state.discard[-1]
    g.take_button.click()
    g.hand_buttons.press(str(top))
    g.discard_button.click()
    assert "just taken from the discard pile" in g.message.value
    assert 'role="alert"' in g.message.value
    assert g.state.phase is Phase.DISCARD and g.my_turn  # nothing changed


# -- moves typed as text ------------------------------------------------------------


def _seen(g: ThreeThirteenGame) -> tuple[object, ...]:
    """Everything of the game widget a reader sees or plays on, but the message."""
    buttons = (g.draw_button, g.take_button, g.discard_button, g.out_button, g.hint_button)
    return (
        g.state,
        list(g.session.moves),
        list(g.events),
        g.hand_buttons.cards,
        list(g.hand_buttons.selected),
        g.hand_buttons.selectable,
        g.header.value,
        g.table.value,
        g.record.value,
        g.sheet.value,
        g.share.link,
        [(b.description, b.disabled) for b in buttons],
    )


def _said(g: ThreeThirteenGame) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", g.message.value))


def _examples(message: str) -> list[str]:
    """The moves a message offers to type instead (“…” after "such as")."""
    return re.findall(r"“([^”]+)”", message.split("such as", 1)[1])


def test_a_typed_move_back_to_the_discard_pile_gets_the_words_of_the_tapped_one():
    tapped = ThreeThirteenGame(seed=5, bots=1)
    top = tapped.state.discard[-1]
    tapped.take_button.click()
    tapped.hand_buttons.press(str(top))
    tapped.discard_button.click()
    typed = ThreeThirteenGame(seed=5, bots=1)
    typed.play_text("take")
    typed.play_text(f"discard {top.ascii}")  # as typed on a keyboard: "discard 7s"
    taken_back = f"You cannot discard {top}: it was just taken from the discard pile."
    assert _said(typed) == _said(tapped) == taken_back
    assert 'role="alert"' in typed.message.value
    assert "seat" not in _said(typed) and "legal:" not in _said(typed)


def test_a_typed_go_out_that_does_not_meld_gets_the_words_of_the_tapped_one():
    for seed in range(40):
        tapped = ThreeThirteenGame(seed=seed, bots=1)
        tapped.draw_button.click()
        outs = {str(a.card) for a in tapped.state.legal_actions() if a.move is Move.GO_OUT}
        wrong = [c for c in tapped.state.hands[0] if str(c) not in outs]
        if outs and wrong:  # Go out is offered, but not with this card
            break
    else:
        raise AssertionError("no game among 40 lets the reader go out with one card only")
    tapped.hand_buttons.press(str(wrong[0]))
    assert not tapped.out_button.disabled
    tapped.out_button.click()
    typed = ThreeThirteenGame(seed=seed, bots=1)
    typed.play_text("draw")
    typed.play_text(f"go out {wrong[0]}")
    assert _said(typed) == _said(tapped)
    assert _said(typed).startswith(f"You cannot go out discarding {wrong[0]}:")
    assert typed.state == tapped.state and not typed.state.results  # neither went out


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("fold", "“fold” is not a move: a move starts with draw, take, discard or go out."),
        ("discard 5z", "“5z” is not a card: 'z' is not a suit (use s h d c or ♠ ♥ ♦ ♣)."),
        ("discard 1s", "“1s” is not a card: '1' is not a rank"),
        ("draw 5h", "“draw” takes no card: the stock's top card is hidden."),
        ("discard", "Say which card to discard."),
        ("discard 5s 6s", "Name one card, not 2, to discard."),
        ("", "Nothing was typed."),
        ("discard 2s", "You must draw first."),  # readable, but not now
        ("take 2c", "You cannot take 2♣: the top of the discard pile is"),
    ],
)
def test_a_bad_typed_move_is_named_and_nothing_changes(text, what):
    g = ThreeThirteenGame(seed=5, bots=1)
    g.hand_buttons.selected = []
    before = _seen(g)
    g.play_text(text)
    assert _said(g).startswith(what) and 'role="alert"' in g.message.value
    assert _seen(g) == before
    if "such as" in _said(g):  # the moves offered instead can be played now
        examples = _examples(_said(g))
        assert examples and all(g.state.is_legal(g.state.parse_action(e)) for e in examples)


def test_after_drawing_a_bad_typed_move_offers_a_discard_and_keeps_the_selection():
    g = ThreeThirteenGame(seed=5, bots=1)
    g.draw_button.click()
    g.hand_buttons.press(str(g.state.hands[0][1]))
    before = _seen(g)
    g.play_text("discard Zs")
    assert _seen(g) == before  # the card selected stays selected
    examples = _examples(_said(g))
    assert examples and all(e.startswith(("discard ", "go out ")) for e in examples)
    g.play_text(examples[-1])  # the example, typed, is played
    assert len(g.session.moves) > len(before[1])


def test_a_typed_card_is_read_in_any_case_and_either_spelling():
    g = ThreeThirteenGame(seed=5, bots=1)
    g.play_text("Draw")
    card = g.state.hands[0][0]
    g.play_text(f"DISCARD {card.ascii.lower()}")
    assert g.session.moves[1] == Action(Move.DISCARD, card)


def test_selecting_a_card_in_the_page_enables_discard():
    g = ThreeThirteenGame(seed=5, bots=1)
    g.draw_button.click()
    assert g.discard_button.disabled
    g.hand_buttons.selected = [g.hand_buttons.codes_of(g.state.hands[0][:1])[0]]  # a click
    assert not g.discard_button.disabled
    g.hand_buttons.click(g.state.hands[0][1])  # one card at a time: the other is let go
    assert g.hand_buttons.selected_cards == (g.state.hands[0][1],)
    g.hand_buttons.selected = []
    assert g.discard_button.disabled


def test_discard_without_a_selection_asks_for_one():
    g = ThreeThirteenGame(seed=5, bots=1)
    g.draw_button.click()
    assert g.discard_button.disabled
    g.play_selected(Move.DISCARD)
    assert "Select the card to discard first" in g.message.value


def test_go_out_is_offered_only_when_the_rest_melds():
    offered = 0
    for seed in range(40):
        g = ThreeThirteenGame(seed=seed, bots=1)
        g.draw_button.click()
        outs = [a for a in g.state.legal_actions() if a.move is Move.GO_OUT]
        g.hand_buttons.press(str(outs[0].card if outs else g.state.hands[0][0]))
        assert g.out_button.disabled == (not outs)
        if outs:
            offered += 1
            g.out_button.click()
            assert g.state.results[0].went_out == 0 and g.state.results[0].penalties[0] == 0
    assert offered > 0, "no game among 40 let the reader go out on the first turn"


def test_a_bot_that_goes_out_shows_its_melds_on_the_table_during_the_last_turn():
    g = ThreeThirteenGame(seed=5, bots=2)
    while g.state.went_out in (None, 0) and not g.state.is_terminal():
        g.auto_button.click()
    out = g.state.went_out
    assert out is not None
    name = ("You", "Bot A", "Bot B")[out]
    assert g.my_turn and f"{name} went out: this is your last turn" in g.header.value
    assert f"{name}&#x27;s melds, laid down on going out" in g.table.value
    assert "Every card is in a meld: penalty 0." in g.table.value
    assert f"{name} drew" in g.record.value or f"{name} took" in g.record.value
    assert "laid down their melds and <b>went out</b>" in g.record.value


def test_the_bots_turns_are_told_with_pictures():
    g = ThreeThirteenGame(seed=5, bots=2)
    g.auto_button.click()
    assert "Bot A" in g.record.value and "Bot B" in g.record.value
    assert 'role="img"' in g.record.value


def test_a_hint_names_a_legal_move_and_selects_its_card():
    g = ThreeThirteenGame(seed=5, bots=1)
    g.draw_button.click()
    g.hint_button.click()
    assert "Hint:" in g.message.value
    chosen = g.hand_buttons.selected_cards
    assert len(chosen) == 1 and str(chosen[0]) in g.message.value
    assert not g.discard_button.disabled


def test_a_whole_game_with_three_bots_ends_with_standings_and_a_full_score_sheet():
    g = ThreeThirteenGame(seed=2, bots=3)
    rounds_seen = set()
    while not g.state.is_terminal():
        g.auto_button.click()
        if "How round" in g.last_round.value:
            rounds_seen.add(g.state.results[-1].round_number)
    assert len(g.state.results) == 11
    assert "Final standings" in g.message.value
    for n in range(1, 12):
        assert f"<td>{n} (" in g.sheet.value
    for total in g.state.totals:
        assert f"<b>{total}</b>" in g.sheet.value
    assert "Bot C" in g.last_round.value and "How round 11 ended" in g.last_round.value
    assert g.draw_button.disabled and g.auto_button.disabled
    assert g.hand_buttons.layout.display == "none" and g.hand_buttons.cards == ()
    g.draw_button.click()  # a click after the end changes nothing
    assert g.state.is_terminal()


def test_the_share_link_carries_seed_rules_and_bots():
    g = ThreeThirteenGame(seed=3, bots=2, preset="natural in every meld")
    assert g.share.link.endswith("?seed=3&rules=natural&bots=2")
    g.bots.value = 3
    g.new_button.click()
    assert g.share.link.endswith("?seed=3&rules=natural&bots=3")


def test_changing_the_settings_waits_for_new_game():
    g = ThreeThirteenGame(seed=3, bots=1)
    g.rules.value = "variations"
    assert "Press New game" in g.message.value and g.state.rules == PRESETS["source"]
    g.new_button.click()
    assert g.state.rules == PRESETS["variations"]


def test_the_rules_preset_reaches_the_engine():
    g = ThreeThirteenGame(seed=3, bots=1, preset="variations")
    assert g.state.rules == PRESETS["variations"] and len(g.state.deck()) == 54
    assert g.session.initial == new_game(seed=3, players=2, rules=PRESETS["variations"])


def test_the_app_reads_its_link_and_names_bad_values():
    app = three_thirteen_app("seed=12&rules=variations&bots=3")
    assert app.game.seed.value == 12 and app.game.state.num_players == 4
    assert app.practice.rules.value == "variations"
    bad = three_thirteen_app("seed=x&rules=poker&bots=5")
    note = bad.children[0].value
    assert "whole number" in note and "'poker'" in note and "choose 1, 2 or 3" in note
    assert bad.game.seed.value == 1 and bad.game.state.num_players == 2


def test_a_round_ended_by_the_turn_limit_is_told_as_such(monkeypatch):
    from rules_lib.widgets import three_thirteen_widgets

    short = PRESETS["source"].with_options(turn_limit=3)
    monkeypatch.setitem(three_thirteen_widgets.PRESETS, "source", short)
    g = ThreeThirteenGame(seed=5, bots=1)
    assert g.state.rules == short
    while not g.state.results:
        g.auto_button.click()
    result = g.state.results[0]
    assert result.turn_limit_reached and result.turns == 3
    told = "it reached the turn limit (3 turns) before anyone went out"
    assert f"Round 1 is over: {told}" in g.message.value
    assert "every hand is scored as it stands. You scored" in g.message.value
    assert told in g.record.value and told.capitalize() in g.last_round.value


def test_a_game_comes_back_from_the_address():
    from rules_lib.widgets.three_thirteen_widgets import three_thirteen_app

    app = three_thirteen_app("seed=5&bots=2")
    for _ in range(4):
        app.game.auto_button.click()
    query = app.game.address.query
    assert "moves=" in query and "bots=2" in query
    again = three_thirteen_app(query)
    assert again.game.state == app.game.state
    assert again.game.record.value == app.game.record.value  # the turns so far are told again
    bad = three_thirteen_app("seed=5&moves=draw~fly")
    assert "move 2 ('fly')" in bad.note.value and not bad.game.state.moves[:0]
