"""Bots for Indian Rummy, and a simulation that pits them against each other.

Every bot is a plain object with one method, ``choose(observation, legal,
rng)``; it sees only its seat's :class:`~.game.IndianRummyObservation`.

* :class:`HeuristicBot` plays as a careful beginner is taught to: it keeps
  the cards that are close to a group (two cards of a suit one rank apart or
  with one gap, two cards of a rank), takes the top discard when it joins a
  group of its best grouping, sheds its highest loose card, drops a hopeless
  hand on its first turn, and declares as soon as its best grouping is a
  declaration.
* :class:`~rules_lib.engine.RandomBot` chooses among the listed legal
  actions at random (it drops a third of its turns, and never declares
  wrongly: only right declarations are listed).

>>> result = compare_bots([HeuristicBot(), RandomBot()], games=4, seed=1)
>>> result.names, result.games
(('heuristic', 'random'), 4)
>>> result.mean_returns[0] > result.mean_returns[1]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import AnyCard, Card, Rank
from ..engine import Bot, RandomBot, playout
from .game import Action, IndianRummyObservation, Move, Phase, Status, is_wild, new_game
from .groups import Grouping, best_grouping
from .rules import IndianRummyRules

__all__ = [
    "BOTS",
    "HOPELESS_PAIRS",
    "BotComparison",
    "HeuristicBot",
    "RandomBot",
    "compare_bots",
    "has_pure_sequence",
    "is_hopeless",
    "near_pure_pairs",
]

SOURCE_RULES = IndianRummyRules()


def _order(rank: Rank) -> tuple[int, ...]:
    """The places a rank may take in a sequence (an ace below the two, and above the king)."""
    return (1, 14) if rank is Rank.ACE else (int(rank),)


def _close(a: Card, b: Card, ace_high: bool) -> bool:
    """Two cards of one suit, one rank apart or with one gap (``5♠ 6♠``, ``5♠ 7♠``)."""
    if a.suit != b.suit or a.rank == b.rank:
        return False
    places_a = _order(a.rank) if ace_high else (1 if a.rank is Rank.ACE else int(a.rank),)
    places_b = _order(b.rank) if ace_high else (1 if b.rank is Rank.ACE else int(b.rank),)
    return any(abs(x - y) <= 2 for x in places_a for y in places_b)


def _naturals(cards: Sequence[AnyCard], wild_rank: Rank | None) -> list[Card]:
    return [c for c in cards if isinstance(c, Card) and not is_wild(c, wild_rank)]


def near_pure_pairs(cards: Sequence[AnyCard], wild_rank: Rank | None, ace_high: bool = True) -> int:
    """How many pairs of natural cards of one suit are one rank apart or have one gap
    (each such pair is a pure sequence short of one card).

    >>> from rules_lib.cards import parse_cards
    >>> near_pure_pairs(parse_cards("5s 6s 8s Kh Ah 2c"), wild_rank=None)
    3
    """
    naturals = _naturals(cards, wild_rank)
    return sum(
        1 for i, a in enumerate(naturals) for b in naturals[i + 1 :] if _close(a, b, ace_high)
    )


def _partners(
    card: AnyCard, others: Sequence[AnyCard], wild_rank: Rank | None, ace_high: bool
) -> int:
    """How many of ``others`` could sit in one group with ``card``: a card of its rank
    and another suit (a set in the making), or of its suit one or two ranks away."""
    if not isinstance(card, Card) or is_wild(card, wild_rank):
        return 0
    count = 0
    for other in _naturals(others, wild_rank):
        if other is card:
            continue
        if (other.rank == card.rank and other.suit != card.suit) or _close(card, other, ace_high):
            count += 1
    return count


def has_pure_sequence(
    cards: Sequence[AnyCard], wild_rank: Rank | None, ace_high: bool = True
) -> bool:
    """Whether ``cards`` hold three natural cards of one suit in a row.

    >>> from rules_lib.cards import parse_cards
    >>> has_pure_sequence(parse_cards("Qh Kh Ah 5c"), None), has_pure_sequence(parse_cards("Kh Ah 2h"), None)
    (True, False)
    """
    places: dict[object, set[int]] = {}
    for card in _naturals(cards, wild_rank):
        ranks = _order(card.rank) if ace_high else (1 if card.rank is Rank.ACE else int(card.rank),)
        places.setdefault(card.suit, set()).update(ranks)
    return any(
        p in held and p + 1 in held and p + 2 in held for held in places.values() for p in held
    )


#: The most pairs of cards close to a pure sequence a hopeless hand holds (see :func:`is_hopeless`).
HOPELESS_PAIRS = 5


def is_hopeless(cards: Sequence[AnyCard], rules: IndianRummyRules, wild_rank: Rank | None) -> bool:
    """The :class:`HeuristicBot`'s test for dropping a hand on its first turn: no pure
    sequence, no wild card or joker, and at most :data:`HOPELESS_PAIRS` pairs of
    cards close to a pure sequence (:func:`near_pure_pairs`).

    In 1,500 two-player deals between heuristic bots that never dropped, such
    hands (one in nine) lost 31 points a deal on average: more than the 20 a
    first drop costs.

    >>> from rules_lib.cards import parse_cards
    >>> rules = IndianRummyRules()
    >>> is_hopeless(parse_cards("2s 6s 10s Ah 4h 9h Kh 3d 7d Jd 5c 9c Qc"), rules, None)
    True
    >>> is_hopeless(parse_cards("2s 3s 4s Ah 6h 9h Kh 3d 7d Jd 5c 9c Qc"), rules, None)
    False
    >>> is_hopeless(parse_cards("2s 6s 10s Ah 4h 9h Kh 3d 7d Jd 5c 9c RJ"), rules, None)
    False
    """
    if any(is_wild(c, wild_rank) for c in cards):
        return False
    if near_pure_pairs(cards, wild_rank, rules.ace_high) > HOPELESS_PAIRS:
        return False
    return not has_pure_sequence(cards, wild_rank, rules.ace_high)


def _deadwood(grouping: Grouping, rules: IndianRummyRules, wild_rank: Rank | None) -> int:
    """The points of the cards a grouping leaves loose (not capped, whatever sequences it has)."""
    return sum(rules.points(c, wild_rank) for c in grouping.ungrouped)


class HeuristicBot:
    """Keeps near-sequences and pairs, takes the discard when it joins a group,
    sheds its highest loose card, drops a hopeless hand, declares when it can.

    * **Drop**: on its first turn, a hand that :func:`is_hopeless` says is
      hopeless (no pure sequence, no wild card or joker, at most five pairs of
      cards close to a pure sequence), unless in a pool the drop would put it out.
    * **Take**: a wild card or a joker whenever it may; any other top discard
      when the best grouping of its 13 cards and that card leaves fewer loose
      points than its hand does now.
    * **Discard**: of the loose cards of its best grouping (never a wild card),
      the one whose points, less ``keep_weight`` for each card it could join
      in a group, are highest.
    * **Declare**: whenever a right declaration is among the legal actions.
    """

    name = "heuristic"

    def __init__(self, keep_weight: float = 4.0) -> None:
        self.keep_weight = keep_weight

    def choose(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        obs: IndianRummyObservation = observation
        if obs.phase is Phase.DRAW:
            return self._draw(obs, legal)
        declarations = [a for a in legal if a.move is Move.DECLARE]
        if declarations:  # a right declaration wins the deal; finish with the costliest card
            return max(declarations, key=lambda a: obs.rules.points(a.card, obs.wild_rank))  # type: ignore[arg-type]
        discards = [a for a in legal if a.move is Move.DISCARD]
        return max(discards, key=lambda a: self.discard_score(obs, a.card))  # type: ignore[arg-type]

    def _draw(self, obs: IndianRummyObservation, legal: Sequence[Action]) -> Action:
        drop = next((a for a in legal if a.move is Move.DROP), None)
        if drop is not None and obs.first_turn and self.wants_to_drop(obs):
            return drop
        take = next((a for a in legal if a.move is Move.TAKE), None)
        if take is not None and self.wants(obs, take.card):  # type: ignore[arg-type]
            return take
        return next(a for a in legal if a.move is Move.DRAW)

    def wants_to_drop(self, obs: IndianRummyObservation) -> bool:
        """Whether to drop now (on the first turn): a hopeless hand, and a drop that
        does not end this bot's pool."""
        rules = obs.rules
        if rules.format == "pool" and obs.totals[obs.seat] + rules.first_drop >= rules.pool_limit:
            return False
        return is_hopeless(obs.hand, rules, obs.wild_rank)

    def wants(self, obs: IndianRummyObservation, card: AnyCard) -> bool:
        """Whether to take ``card`` from the discard pile."""
        if is_wild(card, obs.wild_rank):
            return True
        now = best_grouping(obs.hand, obs.rules, obs.wild_rank)
        grown = best_grouping([*obs.hand, card], obs.rules, obs.wild_rank)
        if grown.discard is not None and grown.discard == card:
            return False
        if any(card is c for c in grown.ungrouped):
            return False
        return _deadwood(grown, obs.rules, obs.wild_rank) < _deadwood(now, obs.rules, obs.wild_rank)

    def discard_score(self, obs: IndianRummyObservation, card: AnyCard) -> tuple[float, ...]:
        """Higher is a better discard: loose before grouped, then points less the
        ``keep_weight`` of each partner, then the higher card."""
        grouping = self._grouping(obs)
        loose = list(grouping.ungrouped)
        if grouping.discard is not None:
            loose.append(grouping.discard)
        rules, wild = obs.rules, obs.wild_rank
        if is_wild(card, wild):
            return (-2.0, 0.0, 0.0)
        is_loose = any(card is c for c in loose)
        others = loose if is_loose else list(obs.hand)
        partners = _partners(card, others, wild, rules.ace_high)
        points = rules.points(card, wild)
        return (float(is_loose), points - self.keep_weight * partners, float(points))

    def _grouping(self, obs: IndianRummyObservation) -> Grouping:
        key = (obs.deal_number, obs.turns_played, obs.seat, obs.hand)
        if getattr(self, "_cache_key", None) != key:
            self._cache_key = key
            self._cache = best_grouping(obs.hand, obs.rules, obs.wild_rank)
        return self._cache


#: The bots by name, for widgets and the book.
BOTS: dict[str, type[Any]] = {"heuristic": HeuristicBot, "random": RandomBot}


@dataclass(frozen=True)
class BotComparison:
    """Results of :func:`compare_bots`: per bot, its mean result (``returns``), its
    wins and its mean points a deal."""

    names: tuple[str, ...]
    games: int
    mean_returns: tuple[float, ...]
    wins: tuple[float, ...]
    mean_points: tuple[float, ...]

    def __str__(self) -> str:
        lines = [f"{self.games} games; higher results are better"]
        for name, mean, wins, points in zip(
            self.names, self.mean_returns, self.wins, self.mean_points
        ):
            lines.append(
                f"  {name:<10} mean result {mean:7.1f}   wins {wins:g}   points a deal {points:5.1f}"
            )
        return "\n".join(lines)


def compare_bots(
    bots: Sequence[Bot[Any]],
    games: int = 20,
    seed: int = 0,
    rules: IndianRummyRules = SOURCE_RULES,
) -> BotComparison:
    """Play ``games`` games, one seat per bot, rotating the seats each game.

    A win shared by ``k`` seats counts ``1/k`` to each.
    """
    count = len(bots)
    names = tuple(getattr(b, "name", type(b).__name__) for b in bots)
    results = [0.0] * count
    wins = [0.0] * count
    points = [0.0] * count
    deals = [0] * count
    for game in range(games):
        seating = [(seat + game) % count for seat in range(count)]
        state = new_game(seed=seed + game, players=count, rules=rules)
        final = playout(state, [bots[k] for k in seating], random.Random(seed + game))
        winners = final.winners()
        returns = final.returns()
        for seat, k in enumerate(seating):
            results[k] += returns[seat]
            if seat in winners:
                wins[k] += 1 / len(winners)
            for deal in final.results:
                if deal.statuses[seat] is not Status.OUT_OF_POOL:
                    points[k] += deal.points[seat]
                    deals[k] += 1
    return BotComparison(
        names,
        games,
        tuple(r / max(games, 1) for r in results),
        tuple(wins),
        tuple(p / max(d, 1) for p, d in zip(points, deals)),
    )
