"""Unit tests for rules_lib.tredici (docs/GAMES.md §5: Tredici, a two-player "Thirteen").

Each test is named after the rule it pins down.  Positions are written by hand
with :meth:`TrediciState.from_position`; expectations come from the source
(``004``) and the spec, not from the library.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

import pytest

from rules_lib.cards import Card, Cards, Color, Joker, Rank, Suit, parse_card, shuffled
from rules_lib.engine import TERMINAL, GameState, check_conservation
from rules_lib.errors import IllegalActionError, NotationError, RulesError, UnknownOptionError
from rules_lib.tredici import (
    DECK,
    DRAW,
    LAST_CARD,
    PRESETS,
    STOP,
    THIRTEEN,
    WAIT,
    CallThirteen,
    Draw,
    Play,
    SayLastCard,
    Stop,
    TrediciBot,
    TrediciRules,
    TrediciState,
    Wait,
    describe_turns,
    fits_on,
    follows_in_run,
    is_neighbour,
    is_run,
    new_game,
    parse_action,
    parse_actions,
    verify_run,
)

# --- helpers -----------------------------------------------------------------------


def position(hands: list[str], pile: str, stock: str | None = None, **kw: object) -> TrediciState:
    return TrediciState.from_position(hands, pile, stock, **kw)  # type: ignore[arg-type]


def steps(state: TrediciState, text: str) -> TrediciState:
    for action in parse_actions(text):
        state = state.apply_action(action)
    return state


def legal(state: TrediciState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def cards(text: str) -> set[str]:
    return set(text.split())


def hand(state: TrediciState, seat: int) -> set[str]:
    return {str(c) for c in state.hands[seat]}


def everything_but(*texts: str) -> str:
    """The cards of the deck not named in ``texts`` (to fill a hand)."""
    named = {str(parse_card(t)) for text in texts for t in text.split()}
    return " ".join(str(c) for c in DECK if str(c) not in named)


# --- the deck and the deal ---------------------------------------------------------


def test_deck_is_52_cards_and_a_red_and_a_black_joker() -> None:
    assert len(DECK) == 54 and len(set(DECK)) == 54
    jokers = [c for c in DECK if isinstance(c, Joker)]
    assert sorted(j.color.value for j in jokers) == ["black", "red"]
    assert Counter(c.suit for c in DECK if isinstance(c, Card)) == {s: 13 for s in Suit}


def test_deal_gives_13_cards_each_one_up_card_and_the_rest_is_the_stock() -> None:
    game = new_game(7)
    assert [len(h) for h in game.hands] == [13, 13]
    assert len(game.pile) == 1 and len(game.stock) == 54 - 26 - 1
    check_conservation(game.zones(), DECK)
    assert game.current_player() == 0 and game.turn == 1


def test_deal_is_one_card_at_a_time_from_the_seeded_shuffle() -> None:
    order = shuffled(DECK, 12)
    game = new_game(12)
    assert set(game.hands[0]) == set(order[0:26:2])
    assert set(game.hands[1]) == set(order[1:26:2])
    assert isinstance(order[26], Card) and game.top == order[26]
    assert game.stock == order[27:]


def test_the_same_seed_deals_the_same_game_and_other_seeds_differ() -> None:
    assert new_game(5) == new_game(5)
    assert new_game(5).hands != new_game(6).hands


def test_first_player_option_decides_who_gets_the_first_card_and_starts() -> None:
    a, b = new_game(3), new_game(3, first_player=1)
    assert b.current_player() == 1 and b.hands == (a.hands[1], a.hands[0])


def test_a_joker_is_never_the_up_card_it_goes_to_the_bottom_of_the_stock() -> None:
    order = shuffled(DECK, 1)
    assert order[26] == Joker(Color.RED)  # seed 1 would turn up the red joker
    game = new_game(1)
    assert game.top == order[27] and isinstance(game.top, Card)
    assert game.stock[-1] == Joker(Color.RED)
    check_conservation(game.zones(), DECK)


def test_hand_size_option_deals_fewer_cards() -> None:
    game = new_game(2, TrediciRules(hand_size=7))
    assert [len(h) for h in game.hands] == [7, 7] and len(game.stock) == 54 - 15


# --- rank order --------------------------------------------------------------------

CYCLE = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@pytest.mark.parametrize("i", range(13))
def test_rank_order_is_cyclic_each_rank_has_two_neighbours(i: int) -> None:
    ranks = {r.notation: r for r in Rank}
    this = ranks[CYCLE[i]]
    expected = {CYCLE[(i - 1) % 13], CYCLE[(i + 1) % 13]}
    assert {r.notation for r in Rank if is_neighbour(this, r)} == expected


def test_ace_goes_on_king_or_two_and_king_or_two_goes_on_ace() -> None:
    ace = Card.parse("As")
    assert fits_on(Card.parse("Kh"), ace) and fits_on(Card.parse("2d"), ace)
    assert fits_on(ace, Card.parse("Kc")) and fits_on(ace, Card.parse("2c"))
    assert not fits_on(ace, Card.parse("Qs")) and not fits_on(ace, Card.parse("3s"))


# --- the first card of a turn ------------------------------------------------------


def test_first_card_is_one_rank_above_or_below_the_top_card_of_any_suit() -> None:
    game = position(["10s Qh Jc 9d Kd 10d", "2c 3c"], pile="Jd")
    assert set(legal(game)) == cards("10♠ Q♥ 10♦")


def test_same_rank_or_two_ranks_away_does_not_fit() -> None:
    game = position(["Jc 9d Kd 2s", "2c 3c"], pile="Jd")
    assert legal(game) == ["draw"]


# --- runs --------------------------------------------------------------------------


def test_run_goes_on_with_the_same_suit_one_rank_above_or_below() -> None:
    game = steps(position(["Qh Jh Kh Ks Jc 10h", "2c 3c"], pile="Jd"), "Qh")
    assert set(legal(game)) == cards("J♥ K♥") | {"stop"}
    game = steps(game, "Jh")
    assert set(legal(game)) == {"10♥", "stop"}  # Q♥ is on the pile: runs go up and down


def test_any_queen_or_ace_of_any_suit_may_follow_any_king_in_a_run() -> None:
    game = steps(position(["Qh Kh Qs Ac Ad Jh 2h", "2c 3c"], pile="Jd"), "Qh Kh")
    assert set(legal(game)) == cards("Q♠ A♣ A♦") | {"stop"}


def test_only_a_king_lets_the_suit_change_in_a_run() -> None:
    game = steps(position(["Qh Kh As Kd 2d", "2c 3c"], pile="Jd"), "Qh Kh As")
    assert game.current_player() == 1  # neither K♦ nor 2♦ may follow A♠
    assert not follows_in_run(Card.parse("As"), Card.parse("Kd"))
    assert not follows_in_run(Card.parse("Qh"), Card.parse("Ks"))


def test_source_example_run_q_k_a_k_q_j_on_a_jack() -> None:
    # The translation: "on a J one could play the run Q K A K Q J" (bare ranks).
    # Two kings are needed, so the suit must change at K→A (a king lets it).
    top = Card.parse("Jd")
    assert is_run(top, "Q♥ K♥ A♠ K♠ Q♠ J♠")
    assert is_run(top, "Q♥ K♥ A♠ K♠ Q♣ J♣")  # and again at K→Q
    game = position(["Qh Kh As Ks Qc Jc 5d 9s", "2c 3c"], pile="Jd")
    game = steps(game, "Q♥, K♥, A♠, K♠, Q♣, J♣")
    assert [str(c) for c in game.pile[-6:]] == ["Q♥", "K♥", "A♠", "K♠", "Q♣", "J♣"]
    assert hand(game, 0) == cards("5♦ 9♠") and game.current_player() == 1


def test_the_english_original_run_goes_on_to_the_ten_of_clubs() -> None:
    # The English original: on J♦, Q♥ K♥ A♠ K♠ Q♣ J♣ 10♣ (the translation stops at the jack).
    assert is_run(Card.parse("Jd"), "Q♥ K♥ A♠ K♠ Q♣ J♣ 10♣")
    game = position(["Qh Kh As Ks Qc Jc 10c 9s", "2c 3c"], pile="Jd")
    game = steps(game, "Q♥ K♥ A♠ K♠ Q♣ J♣")
    assert game.current_player() == 0 and legal(game) == ["10♣", "stop"]
    game = steps(game, "10♣")
    assert hand(game, 0) == {"9♠"} and game.current_player() == 0  # one card left: "last card"?


def test_verify_run_names_the_card_that_breaks_the_run() -> None:
    with pytest.raises(IllegalActionError, match=r"card 3 J♠ cannot follow K♥"):
        verify_run(Card.parse("Jd"), "Qh Kh Js")
    with pytest.raises(IllegalActionError, match=r"card 1 5♥ cannot be played on J♦"):
        verify_run(Card.parse("Jd"), "5h")
    assert not is_run(Card.parse("Jd"), [])


def test_stop_ends_the_run_and_the_turn_passes() -> None:
    game = steps(position(["Qh Kh 5d", "2c 3c"], pile="Jd"), "Qh stop")
    assert game.current_player() == 1 and game.top == Card.parse("Qh")
    assert hand(game, 0) == cards("K♥ 5♦")


def test_the_turn_passes_by_itself_when_no_card_can_follow() -> None:
    game = steps(position(["Qh 5d 6s", "2c 3c"], pile="Jd"), "Qh")
    assert game.current_player() == 1 and game.run == Cards()


def test_stop_is_not_legal_before_playing_a_card() -> None:
    game = position(["Qh 5d", "2c 3c"], pile="Jd")
    with pytest.raises(IllegalActionError, match="you have not played yet this turn"):
        game.apply_action(STOP)


def test_you_cannot_draw_in_the_middle_of_a_run() -> None:
    game = steps(position(["Qh Kh 5d", "2c 3c"], pile="Jd"), "Qh")
    with pytest.raises(IllegalActionError, match="go on with it or stop"):
        game.apply_action(DRAW)


# --- jokers ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("joker", "king", "fits"),
    [
        ("RJ", "Kh", True),
        ("RJ", "Kd", True),
        ("RJ", "Ks", False),
        ("RJ", "Kc", False),
        ("BJ", "Ks", True),
        ("BJ", "Kc", True),
        ("BJ", "Kh", False),
        ("BJ", "Kd", False),
        ("RJ", "Qh", False),
        ("BJ", "As", False),
    ],
)
def test_a_joker_goes_only_on_a_king_of_its_colour(joker: str, king: str, fits: bool) -> None:
    game = position([f"{joker} 5d 6d", "2c 3c"], pile=king)
    assert (joker in legal(game)) is fits
    assert fits_on(Card.parse(king), parse_card(joker)) is fits
    assert follows_in_run(Card.parse(king), parse_card(joker)) is fits
    if not fits:
        with pytest.raises(IllegalActionError, match="only on a king of its colour"):
            game.apply_action(joker)


def test_a_joker_may_end_a_run_on_a_king_of_its_colour_and_ends_the_run() -> None:
    game = steps(position(["Qh Kh RJ As 5d", "2c 3c"], pile="Jd"), "Qh Kh")
    assert "RJ" in legal(game) and "A♠" in legal(game)
    game = steps(game, "RJ")
    assert game.current_player() == 1  # the joker ended the run (A♠ could not follow)
    assert game.forced_suit is Suit.HEARTS
    assert not follows_in_run(Joker(Color.RED), Card.parse("As"))


def test_a_joker_forces_the_opponent_to_play_any_card_of_the_kings_suit() -> None:
    game = steps(position(["Kh RJ 5s 6s", "2h 9h Qc Kd 3s"], pile="Qh"), "Kh RJ")
    assert game.forced_suit is Suit.HEARTS and game.forced_draw == 13
    assert legal(game) == ["2♥", "9♥"]  # any rank, only the suit; no drawing instead
    with pytest.raises(IllegalActionError, match="a joker is pending: play a ♥ or draw 13 cards"):
        game.apply_action("Kd")


def test_a_joker_does_not_answer_a_joker() -> None:
    game = steps(position(["Kd RJ 5s 6s", "BJ 2c"], pile="Qh"), "Kd RJ")
    assert legal(game) == ["draw"]


# A joker on K♥ against a hand with no hearts; the stock (top first) is 13
# diamonds, then 7♠ for seat 0, 8♥ for seat 1, 9♣ for seat 0.
def forced(rules: TrediciRules | None = None) -> TrediciState:
    return TrediciState.from_position(
        ["Kh RJ 5s 6s", "2c 3c 4c"],
        "Qh",
        "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad 7s 8h 9c",
        rules=rules or TrediciRules(),
    )


def test_a_player_who_cannot_follow_the_joker_draws_13_cards() -> None:
    game = steps(forced(), "Kh RJ")
    assert legal(game) == ["draw"]
    game = steps(game, "draw")
    assert len(game.hands[1]) == 3 + 13 and game.current_player() == 0
    assert game.forced_suit is Suit.HEARTS and game.forced_draw == 1
    assert game.top == Joker(Color.RED)


def test_then_the_players_draw_one_card_alternately_until_one_can_play_the_suit() -> None:
    game = steps(forced(), "Kh RJ draw")
    sizes = []
    for _ in range(3):  # seat 0 (no ♥) draws 7♠; seat 1 draws 8♥; seat 0 draws 9♣
        assert legal(game) == ["draw"]
        before = len(game.hands[game.player])
        game = steps(game, "draw")
        sizes.append(len(game.hands[1 - game.player]) - before)
    assert sizes == [1, 1, 1]
    assert game.current_player() == 1 and legal(game) == ["8♥"]
    game = steps(game, "8h")
    assert game.forced_suit is None and game.current_player() == 0
    assert set(legal(game)) == cards("7♠ 9♣")  # normal play resumes on 8♥


def test_the_card_that_answers_a_joker_may_start_a_run() -> None:
    start = position(["Kh RJ 5s 6s", "9h 10h 2c"], pile="Qh")
    game = steps(start, "Kh RJ 9h")
    assert game.current_player() == 1 and "10♥" in legal(game)
    house = TrediciState.from_position(
        ["Kh RJ 5s 6s", "9h 10h 2c"], "Qh", rules=TrediciRules(answer_starts_run=False)
    )
    game = steps(house, "Kh RJ 9h")
    assert game.current_player() == 0


def test_the_joker_draw_option_changes_the_13() -> None:
    game = steps(forced(TrediciRules(joker_draw=5)), "Kh RJ draw")
    assert len(game.hands[1]) == 3 + 5


def test_playing_a_joker_with_one_card_left_keeps_the_turn_for_last_card() -> None:
    game = steps(position(["Kh RJ 5s", "2c 3c"], pile="Qh"), "Kh RJ")
    assert game.current_player() == 0 and legal(game) == ["last card", "stop"]
    game = steps(game, "last card")
    assert game.current_player() == 1 and game.forced_suit is Suit.HEARTS


# --- drawing -----------------------------------------------------------------------


def test_a_player_who_cannot_play_draws_one_card_and_the_turn_ends() -> None:
    game = position(["5c 6c", "9d 9h"], pile="Kc", stock="Qs 2h 3h")
    assert legal(game) == ["draw"]
    game = steps(game, "draw")
    assert hand(game, 0) == cards("5♣ 6♣ Q♠")  # Q♠ would fit on K♣, but the turn is over
    assert game.current_player() == 1 and len(game.stock) == 2


def test_you_must_play_when_you_can() -> None:
    game = position(["Qh 5c", "9d 9h"], pile="Kc")
    assert "draw" not in legal(game)
    with pytest.raises(IllegalActionError, match="you must play when you can"):
        game.apply_action("draw")


def test_voluntary_draw_option_lets_you_draw_instead_of_playing() -> None:
    rules = TrediciRules(voluntary_draw=True)
    game = TrediciState.from_position(["Qh 5c", "9d 9h"], "Kc", rules=rules)
    assert legal(game) == ["Q♥", "draw"]
    assert steps(game, "draw").current_player() == 1


def test_play_drawn_card_option_lets_you_play_the_drawn_card_if_it_fits() -> None:
    rules = TrediciRules(play_drawn_card=True)
    game = TrediciState.from_position(["5c 6c", "9d 9h"], "Kc", "Qs 2h", rules=rules)
    game = steps(game, "draw")
    assert game.current_player() == 0 and game.drawn == Card.parse("Qs")
    assert legal(game) == ["Q♠", "stop"]
    with pytest.raises(IllegalActionError, match=r"only play the card you drew \(Q♠\)"):
        game.apply_action("5c")
    assert steps(game, "Qs").top == Card.parse("Qs")
    assert steps(game, "stop").current_player() == 1


def test_play_drawn_card_option_ends_the_turn_when_the_drawn_card_does_not_fit() -> None:
    rules = TrediciRules(play_drawn_card=True)
    game = TrediciState.from_position(["5c 6c", "9d 9h"], "Kc", "2h Qs", rules=rules)
    game = steps(game, "draw")
    assert game.current_player() == 1 and game.drawn is None


def test_stock_is_rebuilt_from_the_pile_keeping_its_top_card() -> None:
    game = position(["5c", "9d"], pile="2s 3s Kc", stock="2h")
    under = set(game.pile[:-1])
    assert len(under) == 54 - 3 - 1  # the unnamed cards went under the pile
    game = steps(game, "draw")  # takes the last card: the stock is rebuilt at once
    assert game.top == Card.parse("Kc") and len(game.pile) == 1
    assert set(game.stock) == under and game.shuffles == 1
    check_conservation(game.zones(), DECK)


def test_stock_rebuild_is_seeded() -> None:
    def rebuilt(seed: int) -> Cards:
        start = TrediciState.from_position(["5c", "9d"], "2s 3s Kc", "2h", seed=seed)
        return steps(start, "draw").stock

    assert rebuilt(1) == rebuilt(1)
    assert rebuilt(1) != rebuilt(2)
    assert list(rebuilt(1)) != list(position(["5c", "9d"], "2s 3s Kc", "2h").pile[:-1])


def test_a_draw_that_even_the_rebuilt_stock_cannot_cover_takes_what_there_is() -> None:
    named = "Kh RJ 10h Jh Qh Ah 2h 3h 4h 5h 6h 7h 8h 9h"
    game = position(
        ["Kh RJ 10h Jh", everything_but(named)], pile="Qh", stock="Ah 2h 3h 4h 5h 6h 7h 8h 9h"
    )
    game = steps(game, "Kh RJ draw")  # 9 from the stock, then Q♥ K♥ from under the joker
    assert len(game.hands[1]) == 40 + 11
    assert len(game.stock) == 0 and game.pile == Cards([Joker(Color.RED)])
    assert game.forced_suit is Suit.HEARTS and set(legal(game)) == cards("10♥ J♥")
    check_conservation(game.zones(), DECK)


def test_drawing_from_an_empty_stock_and_pile_draws_nothing_and_the_turn_passes() -> None:
    game = position(["5c", everything_but("5c Kc")], pile="Kc", stock="")
    assert len(game.stock) == 0 and len(game.pile) == 1
    game = steps(game, "draw")
    assert hand(game, 0) == {"5♣"} and game.current_player() == 1
    assert any(isinstance(a, Play) for a in game.legal_actions())  # the other can play


# --- "last card" and "thirteen" ---------------------------------------------------


def test_book_reading_last_card_must_be_said_before_your_turn_ends() -> None:
    game = steps(position(["Qh Kh 5d", "2c 3c"], pile="Jd"), "Qh Kh")
    assert game.current_player() == 0 and legal(game) == ["last card", "stop"]
    assert "has one card left" in game.status()
    said = steps(game, "last card")
    assert said.current_player() == 1 and said.said_last_card == (True, False)
    assert "thirteen" not in legal(said)


def test_thirteen_makes_a_player_who_did_not_say_last_card_draw_13() -> None:
    game = steps(position(["Qh Kh 5d", "Ad 3c 9s"], pile="Jd"), "Qh Kh stop")
    assert game.current_player() == 1 and "thirteen" in legal(game)
    called = steps(game, "thirteen")
    assert len(called.hands[0]) == 1 + 13
    assert called.current_player() == 1 and legal(called) == ["A♦"]  # the caller plays on


def test_thirteen_cannot_be_called_on_a_player_with_more_than_one_card() -> None:
    game = steps(position(["Qh 5d 6d", "Ad 3c"], pile="Jd"), "Qh")
    with pytest.raises(IllegalActionError, match="seat 0 holds 2 cards, not one"):
        game.apply_action(THIRTEEN)


def test_last_card_can_only_be_said_with_exactly_one_card() -> None:
    game = position(["Qh 5d", "Ad 3c"], pile="Jd")
    with pytest.raises(IllegalActionError, match="you hold 2 cards"):
        game.apply_action(LAST_CARD)


def test_book_reading_thirteen_may_be_called_at_any_step_of_the_next_turn() -> None:
    game = steps(position(["Qh Kh 5d", "Qs Js 3c"], pile="Jd"), "Qh Kh stop Qs")
    assert "thirteen" in legal(game)


def test_thirteen_window_first_action_option() -> None:
    rules = TrediciRules(thirteen_window="first action")
    game = TrediciState.from_position(["Qh Kh 5d", "Qs Js 3c"], "Jd", rules=rules)
    game = steps(game, "Qh Kh stop")
    assert "thirteen" in legal(game)
    game = steps(game, "Qs")
    assert "thirteen" not in legal(game)
    with pytest.raises(IllegalActionError, match="must be your first action"):
        game.apply_action(THIRTEEN)


def test_a_late_last_card_on_your_own_turn_is_allowed_when_nobody_called() -> None:
    game = steps(position(["Qh Kh 5d", "Ad 3c 9s"], pile="Jd"), "Qh Kh stop Ad")
    assert game.current_player() == 0 and "last card" in legal(game)


def test_last_card_must_be_said_again_after_drawing_back_up() -> None:
    rules = TrediciRules(play_drawn_card=True)
    game = TrediciState.from_position(["Qh Kh 5d", "Ad 3c 9s"], "Jd", "7s 4d", rules=rules)
    game = steps(game, "Qh Kh last card Ad")  # seat 1 plays A♦; seat 0 has 5♦ only
    game = steps(game, "draw")  # 7♠ does not fit on A♦: 2 cards, the call is forgotten
    assert game.said_last_card == (False, False)


def test_without_the_last_card_rule_there_are_no_calls() -> None:
    rules = TrediciRules(last_card_rule=False)
    game = TrediciState.from_position(["Qh Kh 5d", "Ad 3c"], "Jd", rules=rules)
    game = steps(game, "Qh Kh")
    assert game.current_player() == 1 and "thirteen" not in legal(game)
    with pytest.raises(IllegalActionError, match="last_card_rule=False"):
        game.apply_action(THIRTEEN)


def test_the_thirteen_penalty_option() -> None:
    rules = TrediciRules(thirteen_penalty=4)
    game = TrediciState.from_position(["Qh Kh 5d", "Ad 3c 9s"], "Jd", rules=rules)
    assert len(steps(game, "Qh Kh stop thirteen").hands[0]) == 5


# The same position under both readings: Ada (seat 0) ends her turn with one
# card and no word; Bruno (seat 1) plays Q♠ first, J♠ could follow.
def forgot(race: bool) -> TrediciState:
    rules = TrediciRules(last_card_race=race)
    start = TrediciState.from_position(["Qh Kh 5d", "Qs Js 3c"], "Jd", rules=rules)
    return steps(start, "Qh Kh stop Qs")


def test_book_reading_the_one_card_player_cannot_speak_in_the_opponents_turn() -> None:
    game = forgot(race=False)
    assert game.current_player() == 1 and legal(game) == ["J♠", "thirteen", "stop"]
    with pytest.raises(IllegalActionError, match="seat 1 cannot say 'last card'"):
        game.apply_action(LAST_CARD)
    assert len(steps(game, "thirteen").hands[0]) == 1 + 13


def test_race_reading_a_late_last_card_in_the_opponents_turn_beats_thirteen() -> None:
    game = forgot(race=True)
    assert game.current_player() == 0 and game.player == 1 and game.race_step
    assert legal(game) == ["last card", "wait"]
    saved = steps(game, "last card")
    assert saved.said_last_card == (True, False) and saved.current_player() == 1
    assert legal(saved) == ["J♠", "stop"]  # no "thirteen" any more
    assert saved.check("thirteen").reason == "seat 0 said 'last card' in time"


def test_race_reading_a_thirteen_called_first_still_costs_13() -> None:
    rules = TrediciRules(last_card_race=True)
    start = TrediciState.from_position(["Qh Kh 5d", "Qs Js 3c"], "Jd", rules=rules)
    game = steps(start, "Qh Kh stop thirteen")  # Bruno calls before doing anything else
    assert len(game.hands[0]) == 1 + 13 and not game.race_step
    assert game.current_player() == 1 and legal(game) == ["Q♠"]


def test_race_reading_waiting_gives_the_next_step_back_to_the_opponent() -> None:
    game = steps(forgot(race=True), "wait")
    assert game.current_player() == 1 and not game.race_step
    assert legal(game) == ["J♠", "thirteen", "stop"]
    caught = steps(game, "thirteen")
    assert len(caught.hands[0]) == 1 + 13 and not caught.race_step
    again = steps(game, "Js")  # Bruno goes on: Ada has another race step
    assert again.current_player() == 0 and legal(again) == ["last card", "wait"]


def test_race_reading_has_no_race_step_once_the_turn_or_the_game_is_over() -> None:
    rules = TrediciRules(last_card_race=True)
    start = TrediciState.from_position(["Qh Kh 5d", "Qs 3c 9d"], "Jd", rules=rules)
    passed = steps(start, "Qh Kh stop Qs")  # nothing follows Q♠: Bruno's turn passed
    assert passed.current_player() == 0 and not passed.race_step
    assert "last card" in legal(passed)  # said late, on her own turn: allowed
    won = steps(
        TrediciState.from_position(["Qh Kh 5d", "Qs Ks"], "Jd", rules=rules),
        "Qh Kh stop Qs wait Ks",
    )
    assert won.winner == 1 and not won.race_step and won.legal_actions() == ()


def test_race_reading_with_the_first_action_window_has_no_race_step() -> None:
    rules = TrediciRules(last_card_race=True, thirteen_window="first action")
    start = TrediciState.from_position(["Qh Kh 5d", "Qs Js 3c"], "Jd", rules=rules)
    game = steps(start, "Qh Kh stop Qs")  # the call can no longer come: nothing to race
    assert game.current_player() == 1 and not game.race_step
    assert legal(game) == ["J♠", "stop"]


def test_race_step_refuses_everything_but_last_card_and_wait() -> None:
    game = forgot(race=True)
    for action in ("5d", "Js", "draw", "stop", "thirteen"):
        assert game.check(action).reason == (
            "it is seat 1's turn: seat 0 may only say 'last card' now, or wait"
        )
    with pytest.raises(IllegalActionError, match="seat 0 cannot play 5♦"):
        game.apply_action("5d")
    assert (
        game.status(YOU) == "you may say 'last card' now, before the bot calls 'thirteen', or wait"
    )


def test_wait_is_only_a_step_of_the_race_reading() -> None:
    game = forgot(race=False)
    assert WAIT not in game.legal_actions()
    with pytest.raises(IllegalActionError, match=r"last_card_race=True"):
        game.apply_action(WAIT)


def test_a_thirteen_call_closes_the_window_even_when_there_is_nothing_to_draw() -> None:
    # Every card but the top of the pile is in a hand: the call draws nothing.
    for rules in (TrediciRules(), TrediciRules(thirteen_penalty=0)):
        start = TrediciState.from_position(
            ["5d", everything_but("5d Jd")], "Jd", "", player=1, rules=rules
        )
        assert "thirteen" in legal(start)
        called = steps(start, "thirteen")
        assert len(called.hands[0]) == 1 and called != start
        assert called.thirteen_called and "thirteen" not in legal(called)
        assert called.check("thirteen").reason == "'thirteen' has been called already this turn"
        assert called.current_player() == 1


def test_every_legal_action_changes_the_state_apart_from_its_history() -> None:
    # A bot that picks a legal action must never be able to loop on the same state.
    rule_sets = [
        TrediciRules(),
        TrediciRules(last_card_race=True),
        TrediciRules(thirteen_penalty=0, last_card_race=True),
        PRESETS["house"],
    ]
    starts = [new_game(seed, rules) for seed in range(6) for rules in rule_sets]
    starts += [
        TrediciState.from_position(["5d", everything_but("5d Jd")], "Jd", "", player=1),
        TrediciState.from_position(
            ["Qh Kh 5d", everything_but("Qh Kh 5d Jd")], "Jd", "", rules=rule_sets[1]
        ),
    ]
    for number, start in enumerate(starts):
        rng, game = random.Random(number), start
        for _ in range(400):
            if game.is_terminal():
                break
            for action in game.legal_actions():
                assert game.apply_action(action) != game, (number, str(action))
            game = game.apply_action(rng.choice(game.legal_actions()))


# --- the end of the game ----------------------------------------------------------


def test_the_first_player_with_no_cards_wins() -> None:
    game = steps(position(["Qh", "2c 3c"], pile="Jd"), "Qh")
    assert game.is_terminal() and game.winner == 0 and game.returns() == (1.0, -1.0)
    assert game.current_player() == TERMINAL and game.legal_actions() == ()
    assert game.result == "seat 0 wins: no cards left"
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply_action(DRAW)


def test_going_out_with_a_joker_wins_at_once() -> None:
    game = steps(position(["Kh RJ", "2c 3c"], pile="Qh"), "Kh RJ")
    assert game.winner == 0 and game.forced_suit is None


def test_the_second_player_can_win_too() -> None:
    game = steps(position(["5c 6c", "Ad"], pile="Kc", stock="2h 3h"), "draw Ad")
    assert game.winner == 1 and game.returns() == (-1.0, 1.0)


def test_turn_limit_ends_the_game_in_a_draw() -> None:
    rules = TrediciRules(turn_limit=2)
    game = TrediciState.from_position(["5c", "9d"], "Kc", "2h 3h", rules=rules)
    game = steps(game, "draw")
    assert not game.is_terminal()
    game = steps(game, "draw")
    assert game.is_terminal() and game.winner is None and game.returns() == (0.0, 0.0)
    assert "turn limit" in game.result


# --- the common engine shape -------------------------------------------------------


def test_state_has_the_common_game_shape() -> None:
    game = new_game(1)
    assert isinstance(game, GameState) and game.num_players == 2
    assert game.deck() == DECK and hash(game) == hash(new_game(1))


def test_an_illegal_action_raises_names_what_is_legal_and_leaves_the_state_unchanged() -> None:
    game = position(["10s Qh 5d", "2c 3c"], pile="Jd")
    before = [getattr(game, f.name) for f in fields(game)], game.moves
    with pytest.raises(IllegalActionError) as error:
        game.apply_action("5d")
    message = str(error.value)
    assert "seat 0 cannot play 5♦" in message and "a 10 or a Q of any suit" in message
    assert message.endswith("legal now: 10♠, Q♥")
    with pytest.raises(IllegalActionError, match="it is not in seat 0's hand"):
        game.apply_action("Kd")
    assert ([getattr(game, f.name) for f in fields(game)], game.moves) == before


def test_bad_action_text_is_a_notation_error() -> None:
    game = new_game(1)
    with pytest.raises(NotationError, match="cannot read action 'fold'"):
        game.apply_action("fold")
    assert not game.is_legal("fold")


@pytest.mark.parametrize(
    "action",
    [Play(Card.parse("Kh")), Play(Joker(Color.BLACK)), DRAW, STOP, LAST_CARD, THIRTEEN, WAIT],
)
def test_actions_are_hashable_print_as_a_player_writes_and_read_back(action: object) -> None:
    assert parse_action(str(action)) == action
    assert hash(action) == hash(parse_action(str(action)))
    namespace = {
        "Play": Play,
        "Card": Card,
        "Joker": Joker,
        "Color": Color,
        "Draw": Draw,
        "Stop": Stop,
        "SayLastCard": SayLastCard,
        "CallThirteen": CallThirteen,
        "Wait": Wait,
    }
    assert eval(repr(action), namespace) == action


def test_action_text_accepts_italian_words() -> None:
    text = "pesca; basta; ultima carta; tredici; aspetta; play 10h"
    assert [str(a) for a in parse_actions(text)] == [
        "draw",
        "stop",
        "last card",
        "thirteen",
        "wait",
        "10♥",
    ]


def test_observation_shows_only_what_the_seat_may_see() -> None:
    game = new_game(4)
    seen = game.observation(1)
    assert seen.hand == game.hands[1] and seen.opponent_cards == 13
    assert seen.stock_cards == len(game.stock) and seen.top == game.top
    text = repr(seen)
    assert all(repr(c) not in text for c in game.hands[0])
    assert all(repr(c) not in text for c in game.stock)


def test_the_drawn_card_is_shown_only_to_the_player_who_drew_it() -> None:
    rules = TrediciRules(play_drawn_card=True)
    game = TrediciState.from_position(["5c 6c", "9d 9h"], "Kc", "Qs 2h", rules=rules)
    game = steps(game, "draw")
    assert game.observation(0).drawn == Card.parse("Qs") and game.observation(1).drawn is None


def test_moves_list_the_actions_and_replay_to_the_same_state() -> None:
    start = new_game(9)
    game, rng = start, random.Random(9)
    for _ in range(60):
        game = game.apply_action(rng.choice(game.legal_actions()))
    assert len(game.moves) == 60
    again = start
    for action in game.moves:
        again = again.apply_action(str(action))  # the text form is enough
    assert again == game


# --- rules as data -----------------------------------------------------------------


def test_unknown_rule_option_is_named() -> None:
    with pytest.raises(UnknownOptionError, match="no rule option 'wild_twos'"):
        TrediciRules().with_options(wild_twos=True)


def test_presets_are_the_source_the_house_rules_and_the_simple_game() -> None:
    assert PRESETS["source"] == TrediciRules()
    assert TrediciRules.preset("house").play_drawn_card is True
    assert TrediciRules.preset("simple").last_card_rule is False
    with pytest.raises(UnknownOptionError, match="the presets are: source, house, simple"):
        TrediciRules.preset("fast")


@pytest.mark.parametrize(
    "options",
    [{"hand_size": 0}, {"hand_size": 26}, {"joker_draw": -1}, {"turn_limit": 0}],
)
def test_bad_option_values_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        TrediciRules().with_options(**options)


def test_a_bad_thirteen_window_is_rejected() -> None:
    with pytest.raises(RulesError, match="thirteen_window must be"):
        TrediciRules(thirteen_window="never")  # type: ignore[arg-type]


def test_a_written_position_must_be_possible() -> None:
    with pytest.raises(RulesError, match="repeats"):
        position(["Qh Qh", "2c 3c"], pile="Jd")
    with pytest.raises(RulesError, match="must not be a joker"):
        position(["Qh", "2c 3c"], pile="RJ")
    with pytest.raises(RulesError, match="for 2 players"):
        TrediciState.from_position(["Qh", "2c", "3c"], "Jd")
    with pytest.raises(RulesError, match="at least one card"):
        position(["Qh", ""], pile="Jd")


# --- bots --------------------------------------------------------------------------


def bot_turn(state: TrediciState, bot: TrediciBot, seed: int = 0) -> list[str]:
    """The actions ``bot`` takes until its turn ends."""
    rng, seat, done = random.Random(seed), state.player, []
    while not state.is_terminal() and state.player == seat:
        action = bot.choose(state.observation(seat), state.legal_actions(), rng)
        done.append(str(action))
        state = state.apply_action(action)
    return done


def test_bot_plays_the_longest_run() -> None:
    game = position(["Qc Jc Qh Kh As Ks 10s 4d", "2c 3c"], pile="Jd")
    assert bot_turn(game, TrediciBot()) == ["Q♥", "K♥", "A♠", "K♠", "Q♣", "J♣"]


def test_bot_keeps_its_joker_for_a_king_of_its_colour_to_end_a_run() -> None:
    game = position(["Qh Kh RJ Ac 4d", "2c 3c"], pile="Jd")
    assert bot_turn(game, TrediciBot()) == ["Q♥", "K♥", "RJ"]


def test_bot_says_last_card() -> None:
    game = position(["Qh Kh 5d", "2c 3c"], pile="Jd")
    assert bot_turn(game, TrediciBot()) == ["Q♥", "K♥", "last card"]


def test_bot_draws_only_when_it_cannot_play() -> None:
    assert bot_turn(position(["5c 6c", "2c 3c"], pile="Kc"), TrediciBot()) == ["draw"]


@pytest.mark.parametrize(("catch", "expected"), [(1.0, 200), (0.0, 0)])
def test_bot_catches_a_missed_last_card_with_probability_p(catch: float, expected: int) -> None:
    game = steps(position(["Qh Kh 5d", "Ad 3c 9s"], pile="Jd"), "Qh Kh stop")
    bot = TrediciBot(catch=catch)
    calls = sum(bot_turn(game, bot, seed)[0] == "thirteen" for seed in range(200))
    assert calls == expected


def test_bot_catch_probability_is_roughly_p() -> None:
    game = steps(position(["Qh Kh 5d", "Ad 3c 9s"], pile="Jd"), "Qh Kh stop")
    bot = TrediciBot(catch=0.3)
    calls = sum(bot_turn(game, bot, seed)[0] == "thirteen" for seed in range(1000))
    assert 240 <= calls <= 360


@pytest.mark.parametrize(("remember", "expected"), [(1.0, "last card"), (0.0, "wait")])
def test_bot_says_last_card_in_a_race_step_with_probability_remember(
    remember: float, expected: str
) -> None:
    game = forgot(race=True)
    bot = TrediciBot(remember=remember)
    assert str(bot.choose(game.observation(0), game.legal_actions(), random.Random(0))) == expected


def test_bot_probabilities_must_be_probabilities() -> None:
    with pytest.raises(RulesError):
        TrediciBot(catch=1.5)


# --- words for a screen: status, reasons, a log of turns -----------------------------

YOU = ("you", "the bot")


def test_status_speaks_to_you_when_a_seat_is_named_you() -> None:
    game = position(["Qh Kh 5d", "2c 3c"], pile="Jd")
    assert game.status(YOU).startswith("you play a card one rank above or below J♦")
    assert game.status().startswith("seat 0 plays a card")
    late = steps(game, "Qh Kh")
    assert late.status(YOU) == "you have one card left and may say 'last card', or stop"
    assert late.status(("Anna", "Ben")).startswith("Anna has one card left")


def test_status_names_the_winner() -> None:
    won = steps(position(["Qh", "2c 3c"], pile="Jd"), "Qh")
    assert won.status(YOU) == "you win: no cards left"
    assert won.status(("the bot", "you")) == "the bot wins: no cards left"
    assert won.status() == won.result == "seat 0 wins: no cards left"


def test_first_card_rule_uses_an_before_ace_and_eight() -> None:
    assert "(a Q or an A of any suit)" in position(["5c", "2c"], pile="Kh").status()
    assert "(an 8 or a 10 of any suit)" in position(["5c", "2c"], pile="9h").status()


def test_check_passes_a_legal_action_and_names_the_rule_otherwise() -> None:
    game = position(["Qh Kh 5d", "Ad 3c 9s"], pile="Jd")
    assert game.check("Qh").legal
    ruling = game.check(Play(Card.parse("5d")))
    assert [str(a) for a in ruling.alternatives] == ["Q♥"] and not game.is_legal("5d")
    assert ruling.reason == (
        "the first card must be one rank above or below J♦ (a 10 or a Q of any suit)"
    )
    assert game.check("3c", YOU).reason == "it is not in your hand"
    assert game.check("3c").reason == "it is not in seat 0's hand"
    assert game.check("thirteen", YOU).reason == "the bot holds 3 cards, not one"
    assert (
        game.check("stop", YOU).reason == "you have not played yet this turn: play a card or draw"
    )
    said = steps(game, "Qh Kh last card")  # the turn passes once it is said
    assert said.check("thirteen", ("the bot", "you")).reason == "the bot said 'last card' in time"


def test_check_after_the_game_is_over() -> None:
    won = steps(position(["Qh", "2c 3c"], pile="Jd"), "Qh")
    assert won.check("draw", YOU).reason == "the game is over (you win: no cards left)"


def test_describe_turns_tells_runs_draws_and_calls_in_words() -> None:
    start = position(["Qh Kh As 5d", "Ad 3c 9s"], pile="Jd")
    reports = describe_turns(start, parse_actions("Qh Kh As last card draw"), YOU)
    assert [r.text for r in reports] == [
        "you played Q♥ K♥ A♠, then said 'last card'",
        "the bot could not play and drew a card",
    ]
    assert [str(r.played) for r in reports] == ["Q♥ K♥ A♠", ""]
    assert [(r.seat, r.turn, r.finished) for r in reports] == [(0, 1, True), (1, 2, True)]
    assert reports[-1].after == steps(start, "Qh Kh As last card draw")


def test_describe_turns_reports_an_unfinished_turn() -> None:
    start = position(["Qh Kh As 5d", "Ad 3c 9s"], pile="Jd")
    (report,) = describe_turns(start, ["Qh", "Kh"], YOU)
    assert report.text == "you played Q♥ K♥" and not report.finished
    assert describe_turns(start, [], YOU) == []


def test_describe_turns_tells_the_joker_the_forced_draw_and_the_answer() -> None:
    reports = describe_turns(forced(), parse_actions("Kh RJ draw draw draw draw 8h"))
    texts = [r.text for r in reports]
    assert (
        texts[0] == "seat 0 played K♥, then played the red joker on K♥: seat 1 must follow with a ♥"
    )
    assert texts[1] == "seat 1 could not play a ♥ and drew 13 cards"
    assert texts[2] == "seat 0 could not play a ♥ and drew a card"
    assert texts[-1].startswith("seat 1 followed the joker's suit with 8♥")


def test_describe_turns_tells_thirteen_the_stock_rebuild_and_the_win() -> None:
    caught = describe_turns(
        position(["Qh Kh 5d", "Ad 3c 9s"], pile="Jd"), parse_actions("Qh Kh stop thirteen"), YOU
    )
    assert caught[-1].text == (
        "the bot called 'thirteen': you had not said 'last card' and drew 13 cards"
    )
    rebuilt = describe_turns(position(["5c", "9d"], pile="2s 3s Kc", stock="2h"), ["draw"])
    assert rebuilt[0].text == (
        "seat 0 could not play and drew a card, "
        "then the pile under its top card was shuffled into a new stock"
    )
    won = describe_turns(position(["Qh Kh", "2c 3c"], pile="Jd"), ["Qh", "Kh"], YOU)
    assert won[0].text == "you played Q♥ K♥, then went out and won" and won[0].finished
    empty = position(["5d", everything_but("5d Jd")], pile="Jd", stock="", player=1)
    (report,) = describe_turns(empty, ["thirteen"], YOU)
    assert report.text == (
        "the bot called 'thirteen': you had not said 'last card' but there was nothing to draw"
    )


def test_describe_turns_tells_a_late_last_card_in_the_race_reading() -> None:
    game = forgot(race=True)
    reports = describe_turns(game, parse_actions("last card Js"), ("Ada", "Bruno"))
    assert [r.text for r in reports] == ["Ada said 'last card' in time, then Bruno played J♠"]
    assert not reports[0].finished and reports[0].seat == 1


def test_parse_action_reads_the_legal_action_meant_and_names_why_not_otherwise() -> None:
    state = position(["Qh Kh RJ 5d", "Ad 3c 9s"], pile="Jd")
    (queen,) = state.legal_actions()
    assert state.parse_action("play q♥") is queen  # the very action legal now
    run = state.apply_action(queen)
    assert run.parse_action("K♥") == Play(parse_card("Kh"))
    assert run.parse_action("basta") == STOP and run.parse_action("stop!") == STOP
    joker = run.apply_action("Kh").parse_action("rj")
    assert joker == Play(Joker(Color.RED))
    with pytest.raises(IllegalActionError, match="cannot play 5♦: the first card must be one rank"):
        state.parse_action("5d")
    with pytest.raises(IllegalActionError, match="cannot draw: you must play when you can"):
        state.parse_action("draw")
    with pytest.raises(IllegalActionError, match="2♣: it is not in seat 0's hand"):
        state.parse_action("2c")
    with pytest.raises(NotationError, match="cannot read action 'shuffle'"):
        state.parse_action("shuffle")
    assert state.legal_actions() == (queen,) and not state.moves  # nothing changed
