"""A search bot for any game of the engine's shape: determinised Monte Carlo.

A card game hides the other hands, so a bot cannot search the game tree
itself.  :class:`MonteCarloBot` searches *worlds* instead: at each decision it
deals the cards it cannot see at random, consistently with everything its
seat has seen (the game's ``determinize``), then, in each world, tries every
candidate action and plays the game out to the end with a fast bot in every
seat (``rollout``).  It picks the action with the best mean result for its
seat.  Every action is tried in the same worlds, with the same random
numbers for the playouts, so the comparison between actions is fair and the
noise that would come from different worlds cancels out.

This is "perfect information Monte Carlo", the simplest of the methods the
literature uses for card games (Ginsberg's GIB for bridge; determinised UCT
and information-set MCTS refine it).  Its known weakness: in each world it
plays as if it could see every card, so it never values hiding or finding
out information.

>>> from rules_lib.tien_len import new_game
>>> from rules_lib.tien_len.bots import search_bot
>>> state = new_game(seed=3)
>>> bot = search_bot(worlds=4)
>>> action = bot.choose(state.observation(3), state.legal_actions(), random.Random(0))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .engine import Bot, GameState

__all__ = ["MonteCarloBot", "Scores", "play_out", "wilson_interval"]

A = TypeVar("A")


def play_out(
    state: GameState[A], bot: Bot[A], rng: random.Random, limit: int | None = None
) -> GameState[A]:
    """``state`` played with ``bot`` in every seat to its end, or for ``limit`` moves."""
    moves = 0
    while not state.is_terminal() and (limit is None or moves < limit):
        seat = state.current_player()
        state = state.apply_action(bot.choose(state.observation(seat), state.legal_actions(), rng))
        moves += 1
    return state


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``wins`` in ``games``, for a
    tournament's figures.

    >>> [round(x, 3) for x in wilson_interval(300, 1000)]
    [0.272, 0.329]
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - half, centre + half)


@dataclass(frozen=True)
class Scores(Generic[A]):
    """What a search found: each candidate action's mean result over the worlds."""

    actions: tuple[A, ...]
    means: tuple[float, ...]
    worlds: int

    @property
    def best(self) -> A:
        return self.actions[max(range(len(self.means)), key=self.means.__getitem__)]


@dataclass
class MonteCarloBot(Generic[A]):
    """Determinised Monte Carlo search (see the module's text).

    * ``determinize(observation, rng)``: a full position the seat cannot tell
      from the real one;
    * ``rollout``: the bot that plays every seat to the end of each world;
    * ``candidates(observation, legal)``: the actions worth trying (by default
      all; a game may merge actions that differ only in ways that cannot
      matter, such as the suits of a pair that nobody can beat);
    * ``worlds``: how many worlds each decision searches;
    * ``horizon`` and ``evaluate(state, seat)``: for a long game, each playout
      stops after ``horizon`` moves and ``evaluate`` scores the position
      reached, on the scale of the game's returns (by default playouts go to
      the end).
    """

    determinize: Callable[[Any, random.Random], GameState[A]]
    rollout: Bot[A]
    worlds: int = 24
    candidates: Callable[[Any, Sequence[A]], Sequence[A]] = field(default=lambda _obs, legal: legal)
    name: str = "search"
    horizon: int | None = None
    evaluate: Callable[[Any, int], float] | None = None

    def scores(self, observation: Any, legal: Sequence[A], rng: random.Random) -> Scores[A]:
        """Each candidate's mean result for the seat of ``observation``."""
        seat = observation.seat
        actions = tuple(self.candidates(observation, legal)) or tuple(legal)
        totals = [0.0] * len(actions)
        if len(actions) > 1:
            for _ in range(self.worlds):
                world = self.determinize(observation, rng)
                playout_seed = rng.randrange(2**32)
                for i, action in enumerate(actions):
                    end = play_out(
                        world.apply_action(action),
                        self.rollout,
                        random.Random(playout_seed),
                        self.horizon,
                    )
                    if end.is_terminal() or self.evaluate is None:
                        totals[i] += end.returns()[seat]
                    else:
                        totals[i] += self.evaluate(end, seat)
        worlds = self.worlds if len(actions) > 1 else 0
        return Scores(actions, tuple(t / max(worlds, 1) for t in totals), worlds)

    def choose(self, observation: Any, legal: Sequence[A], rng: random.Random) -> A:
        return self.scores(observation, legal, rng).best
