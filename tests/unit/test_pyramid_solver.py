"""The Pyramid solver against the plain search, one test per rule (rules_lib/pyramid/solver.py).

The plain search (:func:`rules_lib.pyramid.plain.plain_winnable`) follows the
engine's legal moves with no rule of its own; the solver must give the same
answer everywhere, with a winning line that the engine plays to a win, or a
reason.  Each of the solver's rules gets positions made to need it.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_lib.cards import Card, parse_cards
from rules_lib.engine import replay
from rules_lib.pyramid import DECK, PRESETS, PyramidRules, PyramidState, Take, new_game
from rules_lib.pyramid.plain import plain_winnable
from rules_lib.pyramid.rules import COVERED_BY, value
from rules_lib.pyramid.solver import SearchLimitError, Solution, dead_card, solve

#: The presets, and mixtures of their options that no preset has.
RULES: dict[str, PyramidRules] = {
    **PRESETS,
    "every card, no stock and waste pairs": PyramidRules(
        goal="every card", stock_waste_pairs=False
    ),
    "one pass, every card": PyramidRules(passes=1, goal="every card"),
    "one pass, relaxed": PyramidRules(passes=1, relaxed=True),
    "two passes, no stock and waste pairs": PyramidRules(passes=2, stock_waste_pairs=False),
    "no limit, every card, relaxed": PyramidRules(passes=None, goal="every card", relaxed=True),
}


def position(
    pyramid: dict[int, str],
    stock: str = "",
    waste: str = "",
    rules: PyramidRules | None = None,
    pass_number: int = 1,
) -> PyramidState:
    """A position with only these cards left: pyramid places and their cards, the stock
    from its top card down, the waste from its bottom card up."""
    named = {i: cards(card)[0] for i, card in pyramid.items()}
    in_stock, in_waste = cards(stock), cards(waste)
    taken = {*named.values(), *in_stock, *in_waste}
    rest = [card for card in DECK if isinstance(card, Card) and card not in taken]
    layout = [named[i] if i in named else rest.pop() for i in range(28)]
    deal = PyramidState.from_cards(layout, [*in_waste, *in_stock, *rest], rules)
    return replace(
        deal,
        gone=((1 << 28) - 1) & ~sum(1 << i for i in named),
        used=((1 << 24) - 1) & ~((1 << (len(in_waste) + len(in_stock))) - 1),
        pos=len(in_waste),
        pass_number=pass_number,
    )


def cards(text: str) -> list[Card]:
    return [card for card in parse_cards(text) if isinstance(card, Card)] if text else []


def agrees(state: PyramidState, limit: int | None = None) -> bool:
    """The solver's answer, checked against the plain search's, its line or its reason."""
    truth = plain_winnable(state, limit)
    solution = solve(state)
    assert solution.winnable == truth, (state.rules.describe(), state.gone, state.used, state.pos)
    check(state, solution)
    return truth


def check(state: PyramidState, solution: Solution) -> None:
    if solution.winnable:
        assert replay(state, solution.line).is_won()
    else:
        assert solution.reason and not solution.line


def under_every_rule(state: PyramidState) -> dict[str, bool]:
    return {name: agrees(replace(state, rules=rules)) for name, rules in RULES.items()}


# --- the solver and the plain search on positions made by hand -------------------------

HAND_MADE = {
    "a free king and a king on the stock": position({27: "Kc", 26: "5h", 25: "8d"}, "Kd 3s", "10s"),
    "two values all free in the pyramid": position(
        {21: "5h", 22: "8d", 23: "5c", 24: "8s", 15: "3h", 16: "10d"}, "Js 2c"
    ),
    "two fives and one eight": position({21: "5h", 22: "5d", 23: "Qs", 24: "Ah"}, "8c 2d"),
    "two fives and two eights": position({21: "5h", 22: "5d", 23: "Qs", 24: "Ah"}, "8c 8d"),
    "a card under the one card that covers it": position({15: "6d", 21: "7s", 27: "Qh"}, "2c Ac"),
    "stock cards that nest": position({27: "Kh"}, "5h 3c 10d 8s"),
    "stock cards that cross": position({27: "Kh"}, "5h 3c 8s 10d"),
    "stock cards that cross, a ten in the pyramid": position({27: "10h"}, "5h 3c 8s 10d 3d"),
    "an ace under a nine that can never go": position({27: "Qs"}, "2d", "Ah 9c"),
    "an ace under a nine that can go": position({27: "Qs", 26: "4d"}, "2d", "Ah 9c"),
    "a pair of the pyramid frees a card for the stock": position(
        {20: "3d", 26: "6h", 27: "7c"}, "10s 9h 2c"
    ),
    "the waste's top card and the stock's": position({21: "5d", 22: "2h", 15: "Qc"}, "Jd Ac", "8c"),
    "relaxed pairs two rows deep": position(
        {10: "4s", 15: "9c", 21: "Kd", 16: "Jh", 22: "2s", 27: "5c"}, "8d Qh Ad", "Js"
    ),
}


@pytest.mark.parametrize("name", HAND_MADE)
def test_the_solver_agrees_with_the_plain_search_on_positions_made_by_hand(name: str) -> None:
    under_every_rule(HAND_MADE[name])


def test_the_positions_made_by_hand_are_won_under_some_rules_and_lost_under_others() -> None:
    answers = [
        solve(replace(state, rules=rules)).winnable
        for state in HAND_MADE.values()
        for rules in RULES.values()
    ]
    assert 0.3 < sum(answers) / len(answers) < 0.9


def random_small_position(rng: random.Random, rules: PyramidRules) -> PyramidState:
    """Up to 9 pyramid cards and about as many stock and waste cards, most of them
    partners of the pyramid's cards, anywhere in the stock's order, in any pass."""
    deal = new_game(rng.randrange(10**6), rules)
    gone, keep = 0, rng.randint(0, 9)
    while 28 - gone.bit_count() > keep:
        free = [
            i for i in range(28) if not gone >> i & 1 and all(gone >> c & 1 for c in COVERED_BY[i])
        ]
        gone |= 1 << rng.choice(free)
    pv = [value(card) for card in deal.layout]
    sv = [value(card) for card in deal.stock_order]
    left: set[int] = set()
    for i in range(28):
        if not gone >> i & 1 and rng.random() < 0.75:
            partners = [j for j in range(24) if sv[j] + pv[i] == 13 and j not in left]
            if partners:
                left.add(rng.choice(partners))
    while len(left) < 9 and rng.random() < 0.6:
        j = rng.randrange(24)
        left.add(j)
        partners = [k for k in range(24) if sv[k] + sv[j] == 13 and k not in left]
        if partners and rng.random() < 0.7:
            left.add(rng.choice(partners))
    return replace(
        deal,
        gone=gone,
        used=((1 << 24) - 1) & ~sum(1 << j for j in sorted(left)[:11]),
        pos=rng.choice([0, 0, rng.randint(0, 24)]),
        pass_number=rng.randint(1, rules.passes or 4),
        progress=rng.random() < 0.5,
    )


def test_the_solver_agrees_with_the_plain_search_on_random_small_positions() -> None:
    rng = random.Random(32)
    won = [
        agrees(random_small_position(rng, rules)) for rules in RULES.values() for _ in range(100)
    ]
    assert 150 < sum(won) < 800, sum(won)


def late_position(seed: int, rules: PyramidRules) -> PyramidState:
    """A position late in a game: most of the solver's winning line (when there is one)
    then a few random moves, or a random game that takes cards more often than not,
    cut after a random number of moves."""
    rng = random.Random(seed)
    state = new_game(seed, rules)
    line = solve(state).line if rng.random() < 0.6 else ()
    for action in line[: rng.randint(len(line) // 2, len(line))]:
        state = state.apply_action(action)
    for _ in range(rng.randint(0, 6) if line else rng.randint(20, 80)):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        takes = [a for a in legal if isinstance(a, Take)]
        state = state.apply_action(
            rng.choice(takes) if takes and rng.random() < 0.8 else rng.choice(legal)
        )
    return state


@pytest.mark.parametrize("preset", PRESETS)
def test_the_solver_agrees_with_the_plain_search_on_random_late_positions(preset: str) -> None:
    compared = []
    for seed in range(30):
        state = late_position(seed, PRESETS[preset])
        try:
            compared.append(agrees(state, limit=10_000))
        except SearchLimitError:
            continue
    assert len(compared) >= 24
    assert any(compared) or preset == "one pass"
    assert not all(compared)


# --- what the solver says -----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_every_winning_line_replays_to_a_win_and_every_loss_has_a_reason(preset: str) -> None:
    for seed in range(25):
        game = new_game(seed, PRESETS[preset])
        check(game, solve(game))


def test_a_dead_card_is_named_with_the_cards_that_block_it() -> None:
    # the 5♦ at the foot of the left edge lies on every 8 (the eights have fives in the stock)
    state = position(
        {21: "5d", 15: "8c", 10: "8h", 6: "8s", 3: "8d", 1: "Kc", 0: "Qs"}, "5h 5s As 5c"
    )
    expected = "the 5♦ in row 7 can never be taken: every 8 (8♦ 8♠ 8♥ 8♣) lies under it"
    assert dead_card(state) == expected
    assert solve(state).reason == expected
    assert not plain_winnable(state)


def test_under_every_card_a_stock_that_can_never_be_emptied_is_said_so() -> None:
    game = new_game(720, PRESETS["every card"])  # easy under "pyramid"
    solution = solve(game)
    assert solve(replace(game, rules=PRESETS["source"])).winnable
    assert not solution.winnable and solution.positions == 1
    assert "the stock's cards can never all go" in solution.reason


def test_a_search_past_its_limit_says_so() -> None:
    with pytest.raises(SearchLimitError, match="limit of 5 positions"):
        solve(new_game(116, PRESETS["one pass"]), limit=5)


# --- each rule of the solver, on positions that need it ----------------------------------


def test_rule_1_a_free_king_is_taken_at_once() -> None:
    answers = under_every_rule(HAND_MADE["a free king and a king on the stock"])
    assert answers["source"] and not answers["every card, no stock and waste pairs"]


def test_rule_2_two_values_all_free_in_the_pyramid_are_paired_at_once() -> None:
    answers = under_every_rule(HAND_MADE["two values all free in the pyramid"])
    assert answers["source"] and not answers["every card, no stock and waste pairs"]
    # one eight more than there are fives: lost
    odd = position({21: "5h", 22: "8d", 23: "5c", 24: "8s", 25: "8h", 15: "3h", 16: "10d"}, "Js 2c")
    assert not any(under_every_rule(odd).values())


def test_rule_3_cards_that_need_the_stock_need_one_card_each() -> None:
    assert not any(under_every_rule(HAND_MADE["two fives and one eight"]).values())
    assert all(under_every_rule(HAND_MADE["two fives and two eights"]).values())


def test_rule_4_and_5_the_relaxations_never_lose_a_won_position() -> None:
    # one pass: an ace under a nine that nothing can take is out of reach
    buried = under_every_rule(HAND_MADE["an ace under a nine that can never go"])
    assert buried["source"] and not buried["one pass"]
    assert under_every_rule(HAND_MADE["an ace under a nine that can go"])["one pass"]


def test_rule_6_under_every_card_two_stock_cards_pair_only_as_neighbours() -> None:
    nest = under_every_rule(HAND_MADE["stock cards that nest"])
    cross = under_every_rule(HAND_MADE["stock cards that cross"])
    assert nest["every card"] and not cross["every card"] and cross["source"]
    assert not nest["every card, no stock and waste pairs"]
    assert under_every_rule(HAND_MADE["stock cards that cross, a ten in the pyramid"])["every card"]


def test_rule_7_suits_do_not_matter_and_cards_out_of_reach_are_left_out() -> None:
    one = position({27: "Qs"}, "2d", "3c 5s Ah 9c", PRESETS["one pass"])
    other = position({27: "Qh"}, "2s", "4d 6c Ac 9h", PRESETS["one pass"])
    assert agrees(one) == agrees(other) is False
    assert solve(one).positions == solve(other).positions
    for rules in RULES.values():
        agrees(replace(one, rules=rules))


def test_rule_8_a_pair_of_pyramid_cards_is_taken_when_a_move_needs_it() -> None:
    answers = under_every_rule(HAND_MADE["a pair of the pyramid frees a card for the stock"])
    assert answers["one pass"] and not answers["every card"]
    under_every_rule(position({20: "3d", 26: "6h", 27: "7c"}, "9h 10s 2c"))


def test_rule_9_the_waste_top_pairs_as_early_as_it_could() -> None:
    assert all(under_every_rule(HAND_MADE["the waste's top card and the stock's"]).values())
    # the card just turned would pair with a pyramid card free before the turn: the
    # search takes them from the stock instead, and must still find every win
    state = position({21: "5d", 22: "Kh", 15: "6c"}, "8c 9d 7h", "", PRESETS["one pass"])
    assert agrees(state) and agrees(state.apply_action("turn"))
    agrees(position({21: "5d", 15: "6c"}, "9d 8c 7d 4h", "", PRESETS["one pass"]))
    assert not agrees(position({21: "5d", 15: "6c"}, "9d 7d 2s 8c", "", PRESETS["one pass"]))


def test_rule_10_a_position_lost_in_one_pass_is_lost_in_every_later_one() -> None:
    layout = ({20: "3d", 26: "6h", 27: "Qc"}, "10s 9h Ac", "7d")
    first = under_every_rule(position(*layout, pass_number=1))
    last = under_every_rule(position(*layout, pass_number=3))
    assert first["source"] and not last["source"] and last["no limit"]


def test_the_relaxed_rule_pairs_a_card_with_the_one_card_left_on_it() -> None:
    answers = under_every_rule(HAND_MADE["a card under the one card that covers it"])
    assert answers["relaxed"] and answers["one pass, relaxed"] and not answers["source"]
    deep = under_every_rule(HAND_MADE["relaxed pairs two rows deep"])
    assert deep["relaxed"] and not deep["source"]
