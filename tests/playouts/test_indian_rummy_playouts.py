"""Whole games of Indian Rummy between bots (docs/GAMES.md §8 and §6).

The engine contract (conservation, hidden information, illegal actions,
replay, an end) is checked for every game in test_contract.py with random
players, who drop a third of their turns and so rarely see a stock run out.
Here: pools of 2 to 6 players between the heuristic and random bots, played
legally from each seat's view to their end; every deal's score sheet adds up
(points and why, totals, who left the pool); and players who never drop play
deals on to a stock made again and to the turn limit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from rules_lib.engine import RandomBot, check_conservation, playout, replay
from rules_lib.indian_rummy import (
    PRESETS,
    Action,
    Ending,
    HeuristicBot,
    IndianRummyState,
    Move,
    Status,
    new_game,
)

GAMES = [
    # (seed, bots, rules preset)
    (1, ("heuristic", "random"), "pool 101"),
    (2, ("heuristic", "heuristic", "random"), "pool 101"),
    (3, ("random", "heuristic", "heuristic", "heuristic"), "pool 201"),
    (4, ("heuristic", "random", "heuristic", "random", "heuristic"), "pool 101"),
    (5, ("heuristic",) * 6, "pool 101"),
    (6, ("heuristic", "heuristic", "heuristic"), "deals"),
]


class StayingBot:
    """A random player who never drops nor declares (so deals go on to the turn limit)."""

    name = "staying"

    def choose(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        stay = [a for a in legal if a.move not in (Move.DROP, Move.DECLARE)]
        return stay[rng.randrange(len(stay))]


def make_bot(name: str) -> Any:
    return {"random": RandomBot, "heuristic": HeuristicBot, "staying": StayingBot}[name]()


class Checker:
    """Checks each move before it is applied (``playout``'s ``on_move`` hook)."""

    def __init__(self) -> None:
        self.moves = 0
        self.kinds: set[Move] = set()

    def __call__(self, state: IndianRummyState, action: Action) -> None:
        assert state.is_legal(action), (str(state), str(action))
        seat = state.current_player()
        assert state.statuses[seat] is Status.PLAYING
        drawing = action.move in (Move.DRAW, Move.TAKE, Move.DROP)
        assert len(state.hands[seat]) == 13 + (not drawing)
        self.moves += 1
        self.kinds.add(action.move)


def check_score_sheet(final: IndianRummyState) -> None:
    """Every deal's points and reasons agree, and the totals add up."""
    rules = final.rules
    totals = [0] * final.num_players
    out: set[int] = set()
    for result in final.results:
        for seat, (status, points) in enumerate(zip(result.statuses, result.points)):
            assert status is not Status.PLAYING
            assert (status is Status.OUT_OF_POOL) == (seat in out)
            expected = {
                Status.FIRST_DROP: rules.first_drop,
                Status.MIDDLE_DROP: rules.middle_drop,
                Status.WRONG_DECLARATION: rules.wrong_declaration,
                Status.DECLARED: 0,
                Status.LAST_IN: 0,
                Status.OUT_OF_POOL: 0,
            }.get(status)
            if expected is None:
                assert status is Status.COUNTED and 0 <= points <= rules.max_points
            else:
                assert points == expected, (status, points)
            totals[seat] += points
        assert list(result.totals) == totals
        assert (result.winner is None) == (result.ending in (Ending.TURN_LIMIT, Ending.STOCK_OUT))
        newly = {s for s in range(final.num_players) if totals[s] >= rules.pool_limit} - out
        if rules.format == "pool":
            assert set(result.eliminated) == newly
            out |= newly
    assert list(final.totals) == totals


@pytest.mark.parametrize(("seed", "names", "preset"), GAMES)
def test_whole_games_between_bots_play_legally_end_score_and_replay(seed, names, preset):
    players = len(names)
    start = new_game(seed=seed, players=players, rules=PRESETS[preset])
    checker = Checker()
    final = playout(start, [make_bot(n) for n in names], random.Random(seed), on_move=checker)
    assert final.is_terminal() and final.legal_actions() == []
    check_conservation(final.zones(), final.deck())
    check_score_sheet(final)
    if preset.startswith("pool"):
        assert sum(t < final.rules.pool_limit for t in final.totals) <= 1
    assert final.winners()
    if preset != "deals":  # a pool's stakes, like one deal's points, change hands
        assert abs(sum(final.returns())) < 1e-9
    assert replay(start, final.moves) == final


def test_heuristic_bots_declare_and_win_deals():
    start = new_game(seed=7, players=3, rules=PRESETS["pool 101"])
    final = playout(start, [HeuristicBot() for _ in range(3)], random.Random(7))
    endings = [r.ending for r in final.results]
    assert Ending.DECLARED in endings
    for result in final.results:
        if result.ending is Ending.DECLARED:
            assert result.winner is not None and result.declared
            assert sum(len(g) for g in result.declared) == 13


@pytest.mark.parametrize(("players", "limit"), [(2, 120), (4, 300)])
def test_players_who_never_drop_see_the_stock_made_again_and_the_turn_limit(players, limit):
    rules = PRESETS["source"].with_options(turn_limit=limit)
    start = new_game(seed=players, players=players, rules=rules)
    restocked = []

    def watch(state: IndianRummyState, action: Action) -> None:
        restocked.append(state.restocks)

    bots = [StayingBot() for _ in range(players)]
    final = playout(start, bots, random.Random(players), on_move=watch)
    assert max(restocked) >= 1
    result = final.results[0]
    assert result.ending is Ending.TURN_LIMIT and result.turns == limit
    assert all(s is Status.COUNTED for s in result.statuses)
    check_conservation(final.zones(), final.deck())
    assert replay(start, final.moves) == final
