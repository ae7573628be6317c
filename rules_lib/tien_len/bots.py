"""Bots for Tiến Lên and a tournament to compare them.

A bot is a plain object with ``choose(observation, legal, rng)``; it sees only
its seat's :class:`~rules_lib.tien_len.game.TienLenObservation` and the legal
actions.

* :class:`~rules_lib.engine.RandomBot`: any legal action, uniformly.
* :class:`GreedyBot`: never passes when it can play; sheds as many cards as it
  can, lowest first.
* :class:`HeuristicBot`: plans its hand as a few combinations, keeps 2s and
  bombs for later, passes rather than break a combination, and turns
  aggressive when someone is about to go out.
* :class:`SearchBot` (:func:`search_bot`): deals the unseen cards at random
  many times and plays each candidate out with heuristic bots
  (:mod:`rules_lib.search`); the strongest, and the slowest.

>>> result = tournament([HeuristicBot(), GreedyBot(), RandomBot(), RandomBot()], games=40, seed=1)
>>> [s.name for s in result.standings]
['heuristic', 'greedy', 'random', 'random #2']
>>> sum(s.wins for s in result.standings)
40
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import AnyCard, Card, standard_deck
from ..engine import Bot, RandomBot
from ..search import MonteCarloBot
from .game import PASS, Action, TienLenObservation, TienLenState, _sorted_hand, new_game
from .plays import Kind, Play, bomb_tier, plain_cards
from .rules import RANK_POS, TWO_POS, TienLenRules

__all__ = [
    "BOTS",
    "GreedyBot",
    "HeuristicBot",
    "RandomBot",
    "SearchBot",
    "Standing",
    "TournamentResult",
    "determinize",
    "distinct_plays",
    "plan_cost",
    "search_bot",
    "tournament",
    "tournament_game",
    "tournament_seeds",
]


_DEFAULT = TienLenRules()


def _high(play: Play, rules: TienLenRules) -> int:
    return play.high_key(rules)


class _PlayOrPass:
    """A bot that passes when it has no play and otherwise picks among its plays."""

    def choose(
        self, observation: TienLenObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        return self.pick(observation, plays) if plays else PASS

    def pick(self, observation: TienLenObservation, plays: list[Play]) -> Action:
        raise NotImplementedError


class GreedyBot(_PlayOrPass):
    """Plays whenever it can: the play with the most cards, and of those the lowest.

    >>> from rules_lib.tien_len import new_game
    >>> state = new_game(seed=3)
    >>> str(GreedyBot().choose(state.observation(3), state.legal_actions(), random.Random(0)))
    '3♠ 3♣ 10♠ 10♥ J♥ J♣ 2♥ 2♣'
    """

    name = "greedy"

    def pick(self, observation: TienLenObservation, plays: list[Play]) -> Action:
        rules = observation.rules
        return min(plays, key=lambda p: (-len(p.cards), _high(p, rules)))


# --- the heuristic bot -------------------------------------------------------------


def _weight(pos: int) -> float:
    """How hard a combination topped by rank ``pos`` is to get rid of (3 → 1.0, 2 → 0.3)."""
    return 0.3 if pos == TWO_POS else 1.0 - pos / 20


def _group_cost(counts: Sequence[int], any_pairs: bool) -> float:
    """Cost of shedding ``counts`` rank by rank (pairs merged into one set if allowed)."""
    cost = 0.0
    pair_tops: list[int] = []
    for pos, n in enumerate(counts):
        if n == 0:
            continue
        if any_pairs and n == 2:
            pair_tops.append(pos)
            continue
        cost += 0.35 if n >= 4 else _weight(pos)  # four of a kind wins its trick
    if pair_tops:
        cost += _weight(pair_tops[-1]) if len(pair_tops) > 1 else _weight(pair_tops[0])
    return cost


def plan_cost(counts: Sequence[int], rules: TienLenRules) -> float:
    """An estimate of how many hard-to-shed combinations a hand is (lower is better).

    ``counts[p]`` is the number of cards held of rank position ``p`` (3 = 0 … 2 = 12).
    The hand is split greedily into straights, then rank groups; each part costs
    more the lower it is.

    >>> from rules_lib.tien_len import TienLenRules
    >>> straight = [1, 1, 1, 1, 1] + [0] * 8
    >>> scattered = [1, 0, 1, 0, 1, 0, 1, 0, 1] + [0] * 4
    >>> plan_cost(straight, TienLenRules()) < plan_cost(scattered, TienLenRules())
    True
    """
    any_pairs = rules.sets_of_pairs == "any pairs"
    best = _group_cost(counts, any_pairs)
    top = rules.top_sequence_pos
    for singles_only in (False, True):
        rest = list(counts)
        cost = 0.0
        while True:
            run_start, run_len, start = 0, 0, None
            for pos in range(top + 2):
                ok = pos <= top and rest[pos] > 0 and (not singles_only or rest[pos] % 2 == 1)
                if ok and start is None:
                    start = pos
                if not ok and start is not None:
                    if pos - start > run_len:
                        run_start, run_len = start, pos - start
                    start = None
            if run_len < 3:
                break
            for pos in range(run_start, run_start + run_len):
                rest[pos] -= 1
            cost += 0.85 * _weight(run_start + run_len - 1)
        best = min(best, cost + _group_cost(rest, any_pairs))
    return best


def _counts(cards: Sequence[AnyCard]) -> list[int]:
    counts = [0] * 13
    for c in plain_cards(cards):
        counts[RANK_POS[c.rank]] += 1
    return counts


class HeuristicBot(_PlayOrPass):
    """Plans ahead: chooses the action that leaves the cheapest hand (see :func:`plan_cost`).

    * Leading, it sheds low combinations first and keeps 2s and bombs.
    * Replying, it plays only if that does not leave a worse hand than passing,
      spending 2s and bombs only when an opponent is close to going out.
    * When the next player holds one card, it avoids leading a low single.
    * Where a hand may not go out on a 2 (``rules.no_last_two``), it spends
      its 2s before the end instead of keeping them (``mind_last_two=False``
      plays as if the rule were not there: the book compares the two).

    >>> from rules_lib.tien_len import new_game
    >>> state = new_game(seed=3)
    >>> str(HeuristicBot().choose(state.observation(3), state.legal_actions(), random.Random(0)))
    '3♠ 3♣'
    """

    name = "heuristic"

    def __init__(
        self, pass_margin: float = 0.25, spend_penalty: float = 0.6, mind_last_two: bool = True
    ) -> None:
        self.pass_margin = pass_margin
        self.spend_penalty = spend_penalty
        self.mind_last_two = mind_last_two

    def pick(self, observation: TienLenObservation, plays: list[Play]) -> Action:
        rules = observation.rules
        hand = observation.hand
        for p in plays:
            if len(p.cards) == len(hand):
                return p  # goes out
        seat = observation.seat
        others = [n for s, n in enumerate(observation.hand_sizes) if s != seat and n > 0]
        danger = min(others) if others else 13
        n = observation.num_players
        nxt = next(
            ((seat + k) % n for k in range(1, n) if observation.hand_sizes[(seat + k) % n] > 0),
            seat,
        )
        next_size = observation.hand_sizes[nxt]
        counts = _counts(hand)
        leading = observation.table is None
        # with no going out on a 2, a 2 kept to the end is a 2 that never leaves
        mind = rules.no_last_two and self.mind_last_two
        stuck_risk = mind and counts[TWO_POS] > 0 and sum(counts) <= 6
        # one candidate per (kind, ranks): the cheapest version (legal is cheapest first)
        seen: set[tuple[object, ...]] = set()
        best: tuple[float, int] | None = None
        choice: Action = plays[0]
        for p in plays:
            ranks = tuple(sorted(RANK_POS[r] for r in p.ranks))
            sig = (p.kind, ranks)
            if sig in seen:
                continue
            seen.add(sig)
            rest = list(counts)
            for pos in ranks:
                rest[pos] -= 1
            score = plan_cost(rest, rules)
            top = ranks[-1]
            spends = top == TWO_POS or (rules.chops and bomb_tier(p, rules) > 0)
            if spends and danger > 2 and sum(rest) > 3 and not stuck_risk:
                score += self.spend_penalty
            if mind and 0 < sum(rest) == rest[TWO_POS]:
                score += 2.0  # only 2s left: a hand that may not go out on a 2 never goes out
            if leading:
                if p.kind is Kind.SINGLE and next_size == 1 and top < TWO_POS:
                    score += 1.0 - top / 24  # a low single lets the next player out
                score += top / 200  # prefer low leads among equals
            else:
                score += top / 100
            key = (score, -len(p.cards))
            if best is None or key < best:
                best, choice = key, p
        table = observation.table
        if table is None or best is None:
            return choice
        pass_score = plan_cost(counts, rules) + self.pass_margin
        if stuck_risk:
            pass_score += 0.5  # a chance to spend a 2 before the end is worth taking
        if danger <= max(2, len(table.cards)):
            pass_score += 1.0  # someone may go out on this trick: contest it
        return PASS if best[0] > pass_score else choice


# --- the search bot ----------------------------------------------------------------


def determinize(observation: TienLenObservation, rng: random.Random) -> TienLenState:
    """A position ``observation``'s seat cannot tell from the real one: the
    cards it has not seen (not in its hand, not played, not set aside by the
    rules of the deal) dealt at random to the other seats, as many as each
    holds, the rest out of play.

    >>> from rules_lib.tien_len import new_game
    >>> state = new_game(seed=5).apply_action(new_game(seed=5).legal_actions()[0])
    >>> world = determinize(state.observation(2), random.Random(1))
    >>> world.observation(2) == state.observation(2), world.hands[0] == state.hands[0]
    (True, False)
    """
    rules = observation.rules
    n = observation.num_players
    # out of play by the rules of the deal (see new_game): with 3 players the
    # lowest card, with 5 to 7 the second deck's lowest card
    low = rules.lowest_card
    seventeen = n == 3 and rules.few_players_deal == "17 each"
    known_out = [low] if seventeen else [Card(low.rank, low.suit, 1)] if n > 4 else []
    seen = Counter([*observation.hand, *observation.played, *known_out])
    deck = standard_deck(2 if n > 4 else 1)
    unseen = [c for c in plain_cards(deck) if not _take(seen, c)]
    rng.shuffle(unseen)
    hands = []
    for seat, size in enumerate(observation.hand_sizes):
        if seat == observation.seat:
            hands.append(observation.hand)
        else:
            hands.append(_sorted_hand(unseen[:size], rules))
            unseen = unseen[size:]
    return TienLenState(
        rules=rules,
        seed=None,
        num_players=observation.num_players,
        dealer=0,
        hands=tuple(hands),
        out_of_play=_sorted_hand([*unseen, *known_out], rules),
        to_act=observation.current_player,
        table=observation.table,
        table_player=observation.table_player,
        passed=observation.passed,
        locked_out=observation.locked_out,
        finished=observation.finished,
        must_contain=observation.must_contain,
        played=observation.played,
        history=observation.history,
        decks=2 if observation.num_players > 4 else 1,
        frozen=observation.frozen,
        first_hand=observation.first_hand,
        chops=observation.chops,
    )


def _take(counts: Counter[Card], card: Card) -> bool:
    if counts[card] > 0:
        counts[card] -= 1
        return True
    return False


def distinct_plays(observation: TienLenObservation, legal: Sequence[Action]) -> list[Action]:
    """The actions worth comparing: one play per kind and ranks (the legal
    list gives the cheapest suits first), and passing.

    >>> from rules_lib.tien_len import new_game
    >>> state = new_game(seed=3)
    >>> len(state.legal_actions()), len(distinct_plays(state.observation(3), state.legal_actions()))
    (17, 9)
    """
    seen: set[tuple[object, ...]] = set()
    out: list[Action] = []
    for action in legal:
        sig: tuple[object, ...] = (
            ("pass",) if not isinstance(action, Play) else (action.kind, tuple(action.ranks))
        )
        if sig not in seen:
            seen.add(sig)
            out.append(action)
    return out


def search_bot(worlds: int = 24) -> MonteCarloBot[Action]:
    """The strongest bot here: determinised Monte Carlo search (:mod:`rules_lib.search`)
    over ``worlds`` deals of the unseen cards, the heuristic bot playing every
    seat to the end of each."""
    return MonteCarloBot(
        determinize=determinize,
        rollout=HeuristicBot(),
        worlds=worlds,
        candidates=distinct_plays,
        name="search",
    )


class SearchBot(MonteCarloBot[Action]):
    """:func:`search_bot` as a class, for menus that make bots by calling their class."""

    def __init__(self, worlds: int = 24) -> None:
        bot = search_bot(worlds)
        super().__init__(bot.determinize, bot.rollout, bot.worlds, bot.candidates, bot.name)


#: The bots by name, for menus and benchmarks.
BOTS: dict[str, type] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}


# --- tournaments ------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """One bot's record in a tournament."""

    name: str
    games: int
    wins: int
    mean_place: float

    @property
    def win_rate(self) -> float:
        """Share of games the bot went out first."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class TournamentResult:
    """Win rates and mean places of the bots of one tournament."""

    standings: tuple[Standing, ...]
    games: int
    players: int
    rules: TienLenRules

    def __str__(self) -> str:
        width = max(len(s.name) for s in self.standings)
        lines = [
            f"{self.games} games, {self.players} players, {self.rules.name} rules "
            f"(a fair share of first places is {1 / self.players:.0%})",
            f"{'bot':<{width}}  {'first':>6}  {'mean place':>10}",
        ]
        for s in self.standings:
            lines.append(f"{s.name:<{width}}  {s.win_rate:>6.1%}  {s.mean_place:>10.2f}")
        return "\n".join(lines)


def _names(bots: Sequence[object]) -> list[str]:
    names: list[str] = []
    for bot in bots:
        base = str(getattr(bot, "name", type(bot).__name__))
        name, k = base, 1
        while name in names:
            k += 1
            name = f"{base} #{k}"
        names.append(name)
    return names


def tournament_game(
    bots: Sequence[Bot[Action]],
    index: int,
    deal_seed: int,
    play_seed: int,
    rules: TienLenRules = _DEFAULT,
) -> tuple[float, ...]:
    """Hand number ``index`` of a tournament: bot ``i`` sits at seat
    ``(i + index) % players``; each bot's finishing place.

    >>> tournament_game([HeuristicBot(), GreedyBot(), RandomBot(), RandomBot()], 0, 7, 8)
    (1.0, 2.0, 4.0, 3.0)
    """
    players = len(bots)
    state = new_game(deal_seed, players, rules)
    play_rng = random.Random(play_seed)
    seat_of = [(i + index) % players for i in range(players)]
    bot_at = {s: bots[i] for i, s in enumerate(seat_of)}
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        action = bot_at[seat].choose(state.observation(seat), legal, play_rng)
        state = state.apply_action(action)
    places = state.places()
    return tuple(places[s] for s in seat_of)


def tournament_seeds(games: int, seed: int) -> list[tuple[int, int]]:
    """The deal and play seeds of each hand of a tournament from ``seed``."""
    rng = random.Random(seed)
    return [(rng.randrange(2**32), rng.randrange(2**32)) for _ in range(games)]


def tournament(
    bots: Sequence[Bot[Action]],
    games: int,
    seed: int,
    rules: TienLenRules = _DEFAULT,
) -> TournamentResult:
    """Play ``games`` hands, one bot per seat, rotating the seats each hand.

    Every hand gets its own deal seed drawn from ``seed``, so the same
    arguments give the same result.  Reports each bot's share of first places
    and its mean finishing place.
    """
    players = len(bots)
    wins = [0] * players
    place_sum = [0.0] * players
    for g, (deal_seed, play_seed) in enumerate(tournament_seeds(games, seed)):
        places = tournament_game(bots, g, deal_seed, play_seed, rules)
        for i in range(players):
            place_sum[i] += places[i]
            wins[i] += places[i] == 1.0
    standings = tuple(
        Standing(name, games, wins[i], place_sum[i] / games if games else 0.0)
        for i, name in enumerate(_names(bots))
    )
    return TournamentResult(standings, games, players, rules)
