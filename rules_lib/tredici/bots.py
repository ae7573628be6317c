"""A bot for Tredici.

A bot is a plain object with ``choose(observation, legal, rng)``; it sees only
its seat's :class:`~.game.TrediciObservation` and the legal actions, and picks
one step of the turn at a time.  :class:`TrediciBot` plays the longest run it
can, keeps its jokers for kings and says "last card"; for a random player use
:class:`~rules_lib.engine.RandomBot`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..cards import AnyCard, Card, Cards, Joker
from ..errors import RulesError
from ..search import MonteCarloBot
from .actions import DRAW, LAST_CARD, STOP, THIRTEEN, WAIT, Action, Play
from .game import TrediciObservation, TrediciState, _sorted
from .rules import DECK
from .runs import _followers, fits_on

__all__ = ["SearchBot", "TrediciBot", "determinize", "lead", "search_bot"]


class TrediciBot:
    """Plays the longest run it can, keeps its jokers for kings, says "last card".

    * Each step it searches its hand (depth first) for the best way on from
      the top card and plays that line's first card; it never draws when it
      can play.  A line scores one point per card, ``joker_bonus`` for ending
      on a joker (a joker can only go on a king of its colour, and then the
      opponent must follow suit or draw 13), and loses up to ``openness`` for
      ending on a card the opponent may well answer: the share of its eight
      neighbours (and, on a king, the joker of its colour) that the bot has
      not seen in its hand or on the pile.
    * It says "last card" with probability ``remember`` (default always) at
      each chance: when it gets down to one card, and in the race reading at
      each of its race steps (otherwise it waits).
    * At the start of a turn where "thirteen" may be called, it calls it with
      probability ``catch`` (``p``).

    >>> import random
    >>> from rules_lib.tredici import TrediciState
    >>> state = TrediciState.from_position(["Qh Kh As Ks 5d", "2c 3c"], pile="Jd")
    >>> bot = TrediciBot()
    >>> str(bot.choose(state.observation(0), state.legal_actions(), random.Random(1)))
    'Q♥'
    """

    name = "runs"

    def __init__(
        self,
        catch: float = 0.5,
        remember: float = 1.0,
        joker_bonus: float = 2.0,
        openness: float = 0.7,
        budget: int = 4000,
    ) -> None:
        if not (0.0 <= catch <= 1.0 and 0.0 <= remember <= 1.0):
            raise RulesError(f"probabilities must be in [0, 1], not {catch!r} and {remember!r}")
        self.catch = catch
        self.remember = remember
        self.joker_bonus = joker_bonus
        self.openness = openness
        self.budget = budget
        self._left = budget
        self._seen: frozenset[AnyCard] = frozenset()
        self._risk: dict[AnyCard, float] = {}

    def choose(
        self, observation: TrediciObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if THIRTEEN in legal and not observation.turn_started and rng.random() < self.catch:
            return THIRTEEN
        if LAST_CARD in legal and rng.random() < self.remember:
            return LAST_CARD
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            for word in (DRAW, STOP, WAIT):
                if word in legal:
                    return word
            return legal[0]
        continues = observation.drawn is None and (
            observation.forced_suit is None or observation.rules.answer_starts_run
        )
        hand = tuple(observation.hand)
        self._seen = frozenset((*observation.pile, *hand))
        self._risk = {}
        self._left = self.budget
        best, best_score = plays[0], float("-inf")
        for play in plays:
            rest = tuple(c for c in hand if c != play.card)
            score = 1.0 + self._line(play.card, rest, continues)
            if score > best_score:
                best, best_score = play, score
        return best

    def _line(self, card: AnyCard, hand: tuple[AnyCard, ...], continues: bool) -> float:
        """The best extra score after playing ``card`` with ``hand`` left (depth first)."""
        if isinstance(card, Joker):
            return self.joker_bonus
        best = -self._end_risk(card)  # stopping here
        if not continues or self._left <= 0:
            return best
        for nxt in _followers(card, hand):
            self._left -= 1
            value = 1.0 + self._line(nxt, tuple(c for c in hand if c is not nxt), True)
            best = max(best, value)
        return best

    def _end_risk(self, card: Card) -> float:
        """``openness`` times the share of unseen cards that could go on ``card``."""
        if card not in self._risk:
            answers = _ANSWERS[card]
            unseen = sum(c not in self._seen for c in answers)
            self._risk[card] = self.openness * unseen / len(answers)
        return self._risk[card]


#: For each card, the cards that may be played on it at the start of a turn.
_ANSWERS = {top: tuple(c for c in DECK if fits_on(top, c)) for top in DECK}


# --- the search bot ----------------------------------------------------------------


def determinize(observation: TrediciObservation, rng: random.Random) -> TrediciState:
    """A position ``observation``'s seat cannot tell from the real one: the
    cards it has not seen (not in its hand, not on the pile) dealt at random
    to the opponent's hand and the stock.

    >>> from rules_lib.tredici import new_game
    >>> state = new_game(7)
    >>> world = determinize(state.observation(0), random.Random(1))
    >>> world.observation(0) == state.observation(0), world.hands[1] == state.hands[1]
    (True, False)
    """
    seen = Counter([*observation.hand, *observation.pile])
    if observation.drawn is not None and observation.drawn not in observation.hand:
        seen[observation.drawn] += 1
    unseen: list[AnyCard] = []
    for card in DECK:
        if seen[card] > 0:
            seen[card] -= 1
        else:
            unseen.append(card)
    rng.shuffle(unseen)
    other = _sorted(unseen[: observation.opponent_cards])
    hands = (observation.hand, other) if observation.seat == 0 else (other, observation.hand)
    return TrediciState(
        rules=observation.rules,
        seed=rng.randrange(2**31),
        hands=hands,
        stock=Cards(unseen[observation.opponent_cards :]),
        pile=observation.pile,
        player=observation.player,
        run=observation.run,
        run_open=observation.run_open,
        drawn=observation.drawn,
        forced_suit=observation.forced_suit,
        forced_draw=observation.forced_draw,
        said_last_card=observation.said_last_card,
        thirteen_called=observation.thirteen_called,
        race_step=observation.race_step,
        turn_started=observation.turn_started,
        turn=observation.turn,
    )


def lead(state: TrediciState, seat: int) -> float:
    """How far ``seat`` is ahead in a running game, from -1 to 1: the
    opponent's share of the cards in both hands, less one half, doubled.

    >>> from rules_lib.tredici import new_game
    >>> lead(new_game(7), 0)
    0.0
    """
    mine, theirs = len(state.hands[seat]), len(state.hands[1 - seat])
    return (theirs - mine) / max(mine + theirs, 1)


def search_bot(worlds: int = 16, horizon: int = 60) -> MonteCarloBot[Action]:
    """The strongest bot here: determinised Monte Carlo search (:mod:`rules_lib.search`)
    over ``worlds`` deals of the unseen cards (the opponent's hand and the
    stock), :class:`TrediciBot` playing both seats for ``horizon`` steps in
    each (a whole game runs to hundreds), then :func:`lead` scores the position."""
    return MonteCarloBot(
        determinize=determinize,
        rollout=TrediciBot(),
        worlds=worlds,
        horizon=horizon,
        evaluate=lead,
    )


class SearchBot(MonteCarloBot[Action]):
    """:func:`search_bot` as a class, for menus that make bots by calling their class."""

    def __init__(self, worlds: int = 16, horizon: int = 60) -> None:
        bot = search_bot(worlds, horizon)
        super().__init__(
            bot.determinize,
            bot.rollout,
            bot.worlds,
            bot.candidates,
            bot.name,
            bot.horizon,
            bot.evaluate,
        )
