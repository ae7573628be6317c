"""Bots for Three-Thirteen, and a simulation that pits them against each other.

Every bot is a plain object with one method, ``choose(observation, legal,
rng)``; it sees only its seat's :class:`~.game.ThreeThirteenObservation`.

* :class:`GreedyBot` uses the melder: it takes the top discard when that
  lowers its best penalty, discards the card whose loss leaves the lowest
  penalty, and goes out as soon as it can.
* :class:`WaryBot` plays the same way but also keeps the cards that make
  partial melds, and avoids discarding what the next player seems to
  collect (judged from the cards they took from the discard pile).

>>> result = compare_bots([GreedyBot(), RandomBot()], games=2, seed=1)
>>> result.names, result.games
(('greedy', 'random'), 2)
>>> result.mean_totals[0] < result.mean_totals[1]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import AnyCard, Card, Joker
from ..engine import Bot, RandomBot, playout
from .game import Action, Move, Phase, ThreeThirteenObservation, new_game
from .melds import _low_position, hand_penalty, is_wild
from .rules import ThreeThirteenRules

__all__ = [
    "BOTS",
    "BotComparison",
    "GreedyBot",
    "RandomBot",
    "WaryBot",
    "compare_bots",
]

SOURCE_RULES = ThreeThirteenRules()


def _without(hand: Sequence[AnyCard], card: AnyCard) -> list[AnyCard]:
    rest = list(hand)
    rest.remove(card)
    return rest


class GreedyBot:
    """Takes the discard if it lowers its best penalty; discards what costs least to lose."""

    name = "greedy"

    def choose(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        obs: ThreeThirteenObservation = observation
        if obs.phase is Phase.DRAW:
            take = next((a for a in legal if a.move is Move.TAKE), None)
            if take is not None and self.wants(obs, take.card):  # type: ignore[arg-type]
                return take
            return next(a for a in legal if a.move is Move.DRAW)
        outs = [a for a in legal if a.move is Move.GO_OUT]
        if outs:  # going out scores 0; discard the costliest card doing so
            return max(outs, key=lambda a: obs.rules.penalty(a.card))  # type: ignore[arg-type]
        discards = [a for a in legal if a.move is Move.DISCARD]
        return min(discards, key=lambda a: self.discard_score(obs, a.card))  # type: ignore[arg-type]

    def penalty(self, obs: ThreeThirteenObservation, cards: Sequence[AnyCard]) -> int:
        return hand_penalty(cards, obs.wild_rank, obs.rules)

    def wants(self, obs: ThreeThirteenObservation, card: AnyCard) -> bool:
        """Whether taking ``card`` (and then discarding the best card) lowers the penalty."""
        now = self.penalty(obs, obs.hand)
        grown = [*obs.hand, card]
        # (the taken card itself may not go straight back)
        return any(self.penalty(obs, _without(grown, out)) < now for out in obs.hand)

    def discard_score(self, obs: ThreeThirteenObservation, card: AnyCard) -> tuple[float, ...]:
        """Lower is a better discard: the penalty left, then keep wild cards, then shed high cards."""
        left = self.penalty(obs, _without(obs.hand, card))
        return (left, is_wild(card, obs.wild_rank), -obs.rules.penalty(card))


class WaryBot(GreedyBot):
    """Greedy, plus two habits of good players.

    * It keeps cards that are one card away from a meld (a pair, or two cards
      of a suit close in rank), unless the melder says otherwise: each such
      partner counts as ``keep_weight`` points of penalty saved.
    * It avoids feeding the next player: a card of the same rank as one they
      took from the discard pile, or of the same suit within two ranks of it,
      counts ``danger_weight`` points against discarding it.
    """

    name = "wary"

    def __init__(self, keep_weight: float = 1.0, danger_weight: float = 2.0) -> None:
        self.keep_weight = keep_weight
        self.danger_weight = danger_weight

    def wants(self, obs: ThreeThirteenObservation, card: AnyCard) -> bool:
        if is_wild(card, obs.wild_rank):
            return True
        return super().wants(obs, card)

    def discard_score(self, obs: ThreeThirteenObservation, card: AnyCard) -> tuple[float, ...]:
        left = self.penalty(obs, _without(obs.hand, card))
        if is_wild(card, obs.wild_rank):
            return (left + 25.0, -obs.rules.penalty(card))
        partners = sum(
            1 for other in obs.hand if other is not card and _partners(card, other, obs.wild_rank)
        )
        score = left + self.keep_weight * partners + self.danger_weight * self.danger(obs, card)
        return (score, -obs.rules.penalty(card))

    def danger(self, obs: ThreeThirteenObservation, card: AnyCard) -> float:
        """How much the next player seems to want ``card`` (0 to 1)."""
        if obs.went_out is not None and obs.turns_left <= 1:
            return 0.0  # nobody plays after this turn
        following = (obs.seat + 1) % obs.num_players
        taken = obs.taken_by(following)
        if any(_partners(card, t, obs.wild_rank) for t in taken):
            shed = obs.discarded_by(following)
            return 0.5 if any(_partners(card, s, obs.wild_rank) for s in shed) else 1.0
        return 0.0


def _partners(a: AnyCard, b: AnyCard, wild_rank: Any) -> bool:
    """Whether two natural cards could be in one meld: same rank, or same suit within two ranks."""
    if (
        isinstance(a, Joker)
        or isinstance(b, Joker)
        or is_wild(a, wild_rank)
        or is_wild(b, wild_rank)
    ):
        return False
    assert isinstance(a, Card) and isinstance(b, Card)
    if a.rank == b.rank:
        return True
    return a.suit == b.suit and abs(_low_position(a.rank) - _low_position(b.rank)) <= 2


#: The bots by name, for widgets and the book.
BOTS: dict[str, type[Any]] = {"random": RandomBot, "greedy": GreedyBot, "wary": WaryBot}


@dataclass(frozen=True)
class BotComparison:
    """Results of :func:`compare_bots`: per bot, its mean total and its wins."""

    names: tuple[str, ...]
    games: int
    mean_totals: tuple[float, ...]
    wins: tuple[float, ...]

    def __str__(self) -> str:
        lines = [f"{self.games} games of 11 rounds; lower totals are better"]
        for name, mean, wins in zip(self.names, self.mean_totals, self.wins):
            lines.append(f"  {name:<10} mean total {mean:6.1f}   wins {wins:g}")
        return "\n".join(lines)


def compare_bots(
    bots: Sequence[Bot[Any]],
    games: int = 20,
    seed: int = 0,
    rules: ThreeThirteenRules = SOURCE_RULES,
) -> BotComparison:
    """Play ``games`` full games, one seat per bot, rotating the seats each game.

    A win shared by ``k`` seats counts ``1/k`` to each.
    """
    count = len(bots)
    names = tuple(getattr(b, "name", type(b).__name__) for b in bots)
    totals = [0.0] * count
    wins = [0.0] * count
    for game in range(games):
        seating = [(seat + game) % count for seat in range(count)]
        state = new_game(seed=seed + game, players=count, rules=rules)
        final = playout(state, [bots[k] for k in seating], random.Random(seed + game))
        winners = final.winners()
        for seat, k in enumerate(seating):
            totals[k] += final.totals[seat]
            if seat in winners:
                wins[k] += 1 / len(winners)
    return BotComparison(names, games, tuple(t / max(games, 1) for t in totals), tuple(wins))
