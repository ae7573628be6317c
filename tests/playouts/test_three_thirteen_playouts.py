"""Full 11-round games of Three-Thirteen between bots (docs/GAMES.md §4 and §6).

The engine contract (conservation, hidden information, illegal actions,
replay, an end) is checked for every game in test_contract.py.  Here: the
bots play whole games legally from their own seat's view; every round is
scored with its best melds; the totals add up; the turn limit ends rounds
that nobody ends.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest

from rules_lib.engine import RandomBot, playout, replay
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
    (3, 4, ("random", "greedy", "random", "wary"), "natural in every meld"),
    (5, 3, ("wary", "greedy", "wary"), "variations"),
    (6, 4, ("greedy", "greedy", "wary", "wary"), "source"),
]


def position(state: ThreeThirteenState) -> tuple[Any, ...]:
    """Where the game stands: every field but the move history (``moves``, ``round_log``)."""
    return tuple(
        getattr(state, f.name) for f in fields(state) if f.name not in ("moves", "round_log")
    )


def make_bot(name: str) -> Any:
    return {"random": RandomBot, "greedy": GreedyBot, "wary": WaryBot}[name]()


class Checker:
    """Checks each move before it is applied (``playout``'s ``on_move`` hook)."""

    def __init__(self) -> None:
        self.moves = 0
        self.rounds_seen: set[int] = set()

    def __call__(self, state: ThreeThirteenState, action: Action) -> None:
        assert state.is_legal(action), (str(state), str(action))
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


def test_a_round_ends_under_any_play() -> None:
    """Players who always take the top discard (and otherwise take the first legal
    action) must still reach the end of the round: no position may come back.

    Taking draws nothing from the stock, so the stock alone never ends such a
    round; the rules' ``turn_limit`` does, after ``2 × turn_limit`` steps."""
    state = new_game(seed=0, players=2)
    seen = {position(state): 0}
    for step in range(1, 100_001):
        legal = state.legal_actions()
        take = [a for a in legal if a.move is Move.TAKE]
        state = state.apply_action(take[0] if take else legal[0])
        if state.round_number > 1:
            assert state.rules.turn_limit is not None and step == 2 * state.rules.turn_limit
            assert state.results[0].turn_limit_reached
            break
        key = position(state)
        assert key not in seen, (
            f"round 1: the position after step {step} is the one after step {seen[key]}, "
            f"by {' '.join(str(m) for m in state.moves[seen[key] :])}"
        )
        seen[key] = step
    assert state.round_number > 1, "round 1 has not ended after 100,000 steps"
