"""Full 11-round games of Three-Thirteen between bots (docs/GAMES.md §4 and §6).

After every move: every card of the deck is in exactly one place; the bot
chose a legal action from its own seat's observation; the game ends; and the
seed plus the list of moves replays it exactly.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_lib.engine import RandomBot, check_conservation, playout, replay
from rules_lib.three_thirteen import (
    PRESETS,
    ROUNDS,
    Action,
    GreedyBot,
    Move,
    ThreeThirteenState,
    WaryBot,
    best_melds,
    new_game,
)

GAMES = [
    # (seed, players, bots, rules preset)
    (1, 2, ("random", "random"), "source"),
    (2, 3, ("random", "random", "random"), "source"),
    (3, 4, ("random", "greedy", "random", "wary"), "natural in every meld"),
    (4, 2, ("greedy", "wary"), "source"),
    (5, 3, ("wary", "greedy", "wary"), "variations"),
    (6, 4, ("greedy", "greedy", "wary", "wary"), "source"),
    (7, 5, ("greedy", "random", "wary", "greedy", "random"), "variations"),
]


def make_bot(name: str) -> Any:
    return {"random": RandomBot, "greedy": GreedyBot, "wary": WaryBot}[name]()


class Checker:
    """Checks each move before it is applied (``playout``'s ``on_move`` hook)."""

    def __init__(self) -> None:
        self.moves = 0
        self.rounds_seen: set[int] = set()

    def __call__(self, state: ThreeThirteenState, action: Action) -> None:
        check_conservation(state.zones(), state.deck())
        assert action in state.legal_actions(), (str(state), str(action))
        seat = state.current_player()
        assert len(state.hands[seat]) == state.cards_dealt + (
            action.move not in (Move.DRAW, Move.TAKE)
        )
        self.moves += 1
        self.rounds_seen.add(state.round_number)


@pytest.mark.parametrize(("seed", "players", "names", "preset"), GAMES)
def test_full_game_conserves_cards_plays_legally_ends_and_replays(seed, players, names, preset):
    rules = PRESETS[preset]
    start = new_game(seed=seed, players=players, rules=rules)
    checker = Checker()
    bots = [make_bot(n) for n in names]
    final = playout(start, bots, random.Random(seed), on_move=checker)

    assert final.is_terminal() and final.legal_actions() == []
    check_conservation(final.zones(), final.deck())
    assert checker.rounds_seen == set(range(1, ROUNDS + 1))
    assert len(final.results) == ROUNDS
    assert [r.round_number for r in final.results] == list(range(1, ROUNDS + 1))
    for result in final.results:
        assert len(result.penalties) == players
        # the default turn limit is far above any round that is really played
        assert not result.turn_limit_reached and result.turns < (rules.turn_limit or 0) / 2
        if result.went_out is not None:
            assert result.penalties[result.went_out] == 0
        for melds, penalty in zip(result.melds, result.penalties):
            assert (
                best_melds(melds.melded + melds.leftover, result.wild_rank, rules).penalty
                == penalty
            )
    assert final.totals == tuple(sum(r.penalties[s] for r in final.results) for s in range(players))
    assert final.returns() == tuple(-float(t) for t in final.totals)

    again = replay(new_game(seed=seed, players=players, rules=rules), final.moves)
    assert again == final
    assert len(final.moves) == checker.moves


def test_turn_limit_a_full_game_under_a_short_limit_conserves_cards_and_replays():
    rules = PRESETS["source"].with_options(turn_limit=6)
    start = new_game(seed=9, players=3, rules=rules)
    checker = Checker()
    final = playout(start, [RandomBot(), GreedyBot(), WaryBot()], random.Random(9), on_move=checker)
    assert final.is_terminal() and len(final.results) == ROUNDS
    check_conservation(final.zones(), final.deck())
    assert all(r.turns <= 6 for r in final.results)
    assert any(r.turn_limit_reached for r in final.results)
    assert len(final.moves) <= ROUNDS * 2 * 6
    assert replay(new_game(seed=9, players=3, rules=rules), final.moves) == final


def test_the_same_seed_and_bots_play_the_same_game():
    def play() -> ThreeThirteenState:
        return playout(
            new_game(seed=42, players=3), [GreedyBot(), WaryBot(), RandomBot()], random.Random(9)
        )

    assert play() == play()


def test_bots_see_only_their_own_hand():
    class Spy:
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, observation: Any, legal: Any, rng: random.Random) -> Action:
            assert observation.seat == self.seat
            assert not hasattr(observation, "hands") and not hasattr(observation, "stock")
            assert len(observation.hand) == observation.hand_sizes[self.seat]
            return GreedyBot().choose(observation, legal, rng)

    final = playout(new_game(seed=8, players=3), [Spy(0), Spy(1), Spy(2)], random.Random(0))
    assert final.is_terminal()


def test_greedy_and_wary_bots_beat_random_play():
    rng = random.Random(11)
    state = new_game(seed=11, players=3)
    final = playout(state, [GreedyBot(), WaryBot(), RandomBot()], rng)
    assert max(final.totals[:2]) < final.totals[2]
