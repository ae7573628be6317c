"""Pyramid's rules, one test per rule (docs/GAMES.md §7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_lib import IllegalActionError, RulesError
from rules_lib.cards import Cards, parse_cards
from rules_lib.engine import replay
from rules_lib.pyramid import (
    AGAIN,
    DECK,
    PRESETS,
    TURN,
    PyramidRules,
    PyramidState,
    Take,
    greedy_play,
    new_game,
    parse_action,
    solve,
    value,
)


def deal_with(special: dict[int, str], rules: PyramidRules | None = None) -> PyramidState:
    """A deal with the given cards at the given pyramid places, the rest in deck order."""
    named = parse_cards(" ".join(special.values()))
    rest = iter([c for c in DECK if c not in named])
    layout = Cards(parse_cards(special[i])[0] if i in special else next(rest) for i in range(28))
    return PyramidState.from_cards(layout, Cards(rest), rules)


def test_the_deal_is_28_cards_in_seven_rows_and_a_stock_of_24() -> None:
    game = new_game(11)
    assert len(game.layout) == 28 and len(game.stock()) == 24 and not game.waste()
    assert sorted(c.index for c in [*game.layout, *game.stock_order]) == list(range(52))


def test_an_ace_counts_1_a_jack_11_a_queen_12_a_king_13() -> None:
    assert [value(c) for c in parse_cards("As 2h 10d Jc Qs Kh")] == [1, 2, 10, 11, 12, 13]


def test_two_free_cards_that_add_up_to_13_are_taken_together() -> None:
    game = deal_with({21: "6h", 22: "7c"})
    after = game.apply_action("6h 7c")
    assert after.pyramid[21] is None and after.pyramid[22] is None
    assert after.returns() == (2.0,)


def test_a_pair_that_does_not_add_up_to_13_is_refused_and_nothing_changes() -> None:
    game = deal_with({21: "6h", 22: "8c"})
    with pytest.raises(IllegalActionError, match="add up to 14, not 13"):
        game.apply_action("6h 8c")
    assert game.moves == () and game.gone == 0


def test_a_king_goes_alone_and_no_other_card_does() -> None:
    game = deal_with({21: "Kh", 22: "Qc"})
    assert game.apply_action("Kh").pyramid[21] is None
    assert "pair it with an ace" in game.check("Qc").reason


def test_a_covered_card_cannot_be_taken() -> None:
    game = deal_with({15: "6h", 21: "7c", 22: "Kd"})
    assert game.check("6h 7c").reason == "the 6♥ is covered by the 7♣ and the K♦"


def test_a_card_freed_by_the_two_cards_on_it_can_be_taken() -> None:
    game = deal_with({15: "6h", 21: "Kd", 22: "Ks", 27: "7c"})
    free = game.apply_action("Kd").apply_action("Ks")
    assert free.check("6h 7c").legal


def test_the_stock_top_pairs_with_the_pyramid() -> None:
    game = new_game(7)
    top = game.stock_top
    assert top is not None
    partners = [i for i in game.free_spots() if i < 28 and value(game.layout[i]) + value(top) == 13]
    for i in partners:
        assert game.check(Take.of(game.layout[i], top)).legal


def test_turning_the_stock_puts_its_top_card_on_the_waste() -> None:
    game = new_game(7)
    top = game.stock_top
    after = game.apply_action(TURN)
    assert after.waste_top == top and after.stock_top == game.stock()[1]


def test_with_three_passes_the_waste_comes_back_in_the_same_order_twice() -> None:
    game = new_game(3, PRESETS["source"])
    first = game.stock_top
    for number in (1, 2, 3):
        while TURN in game.legal_actions():
            game = game.apply_action(TURN)
        if number < 3:
            game = game.apply_action(AGAIN)
            assert game.stock_top == first and game.pass_number == number + 1
    assert AGAIN not in game.legal_actions()
    assert "allow 3 passes" in game.check(AGAIN).reason


def test_with_no_limit_a_pass_must_take_a_card_for_another_to_follow() -> None:
    game = new_game(3, PRESETS["no limit"])
    while TURN in game.legal_actions():
        game = game.apply_action(TURN)
    assert AGAIN not in game.legal_actions()
    assert "without taking a card away" in game.check(AGAIN).reason


def test_the_stock_and_the_waste_pair_only_when_the_rules_allow_it() -> None:
    for seed in range(100):
        game = new_game(seed)
        for _ in range(23):
            game = game.apply_action(TURN)
            top, waste = game.stock_top, game.waste_top
            if top and waste and value(top) + value(waste) == 13:
                break
        else:
            continue
        break
    take = Take.of(top, waste)
    assert game.check(take).legal
    off = replace(game, rules=game.rules.with_options(stock_waste_pairs=False))
    assert "pair only with the pyramid" in off.check(take).reason


def test_the_relaxed_rule_lets_a_card_pair_with_the_one_card_left_on_it() -> None:
    special = {15: "6d", 21: "Kh", 22: "7s"}
    strict = deal_with(special).apply_action("Kh")
    relaxed = deal_with(special, PRESETS["relaxed"]).apply_action("Kh")
    assert "only under the relaxed rule" in strict.check("6d 7s").reason
    assert relaxed.check("6d 7s").legal


def test_clearing_the_pyramid_wins_and_under_every_card_the_stock_must_go_too() -> None:
    for seed in range(50):
        game = new_game(seed)
        solution = solve(game)
        won = replay(game, solution.line)
        if solution.winnable and (won.stock() or won.waste()):
            break
    assert won.is_won() and won.is_terminal() and won.pyramid == (None,) * 28
    every = replace(won, rules=PRESETS["every card"])
    assert every.stock() or every.waste()  # cards left: not a win under "every card"
    assert not every.is_won()


def test_undo_gives_back_the_position_before_the_last_move() -> None:
    game = new_game(5)
    after = game.apply_action(TURN).apply_action(TURN)
    assert after.undo() == game.apply_action(TURN)
    with pytest.raises(IllegalActionError, match="no move to undo"):
        game.undo()


def test_bad_input_names_the_problem() -> None:
    game = new_game(5)
    with pytest.raises(RulesError, match="one king or two cards"):
        parse_action("3s 4d 6c")
    with pytest.raises(RulesError, match="not a suit"):
        game.apply_action("3x 10d")
    with pytest.raises(RulesError, match="passes must be 1 to 9"):
        PyramidRules(passes=0)
    with pytest.raises(RulesError, match="has no rule option 'redeals'"):
        PyramidRules().with_options(redeals=2)


def test_the_greedy_player_takes_kings_first_and_ends_every_game() -> None:
    for seed in range(20):
        final = greedy_play(new_game(seed))
        assert final.is_terminal()
        kings_first = [m for m in final.moves[:1]]
        assert all(isinstance(m, (Take, str)) for m in kings_first)
