"""Players of Pyramid: the greedy one a person might be, and the one who follows the solver.

>>> import random
>>> from rules_lib.engine import playout
>>> from rules_lib.pyramid import new_game
>>> final = playout(new_game(3), [GreedyBot()], random.Random(0))
>>> final.is_terminal()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .game import AGAIN, TURN, Action, PyramidObservation, PyramidState, Take
from .rules import value
from .solver import solve

__all__ = ["GreedyBot", "greedy_play", "perfect_play"]


class GreedyBot:
    """Takes a king when it can, else the first pair it sees, else turns the stock.

    It sees only what a player sees, and never looks ahead: the simple way
    most people play.  The engine lists kings first, then pairs, then the
    turn, so the greedy choice is the first legal action.
    """

    name = "greedy"

    def choose(
        self, observation: PyramidObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        kings = [a for a in legal if isinstance(a, Take) and len(a.cards) == 1]
        if kings:
            return kings[0]
        pairs = [a for a in legal if isinstance(a, Take)]
        if pairs:
            return pairs[0]
        return TURN if TURN in legal else AGAIN


def greedy_play(state: PyramidState) -> PyramidState:
    """The end of the game the greedy player plays from ``state``."""
    bot, rng = GreedyBot(), random.Random(0)
    while not state.is_terminal():
        state = state.apply_action(bot.choose(state.observation(), state.legal_actions(), rng))
    return state


def perfect_play(state: PyramidState) -> PyramidState:
    """The end of the game played by the solver's line (as far as the greedy one when lost)."""
    solution = solve(state)
    if not solution.winnable:
        return greedy_play(state)
    for action in solution.line:
        state = state.apply_action(action)
    return state


def _value(action: Action) -> int:  # pragma: no cover - kept for symmetry with other bots
    return sum(value(c) for c in action.cards) if isinstance(action, Take) else 0
