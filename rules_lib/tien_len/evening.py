"""An evening of Tiến Lên: hand after hand, the score kept, all of it in a link.

Each hand follows from the last: the loser deals, and (``rules.winner_leads``)
the winner leads.  An :class:`Evening` is the hands played so far, each as its
seed and its moves; everything else (the deals, who dealt, the points) is
worked out again by the library, so a link cannot carry a wrong score.

>>> from rules_lib.tien_len import PRESETS
>>> evening = Evening(PRESETS["home"])
>>> hand = evening.deal(7)
>>> hand.dealer, hand.first_hand
(0, True)
>>> from rules_lib.engine import playout, RandomBot
>>> import random
>>> final = playout(hand, [RandomBot()] * 4, random.Random(0))
>>> evening = evening.add(final)
>>> evening.totals == final.returns()
True
>>> nxt = evening.deal(8)
>>> (nxt.dealer, nxt.current_player()) == (final.next_dealer, final.winner)
True
>>> Evening.from_text(PRESETS["home"], evening.text()) == evening
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import resume
from ..cards import spell_ascii
from ..errors import IllegalActionError, NotationError, RulesError
from .game import Action, Pass, TienLenState, new_game
from .rules import TienLenRules

__all__ = ["Evening", "moves_text", "read_moves"]

#: Separators in a link: between the moves of a hand, and between hands.
_MOVE, _HAND = "-", "~"


def moves_text(moves: Sequence[Action]) -> str:
    """The moves of a hand in few characters: ``p`` for a pass, two characters a card.

    >>> from rules_lib.tien_len import PASS, Play
    >>> moves_text([Play.parse("3s 4h 5c"), PASS, Play.parse("10d")])
    '3s4h5c-p-Td'
    """
    return resume.moves_text(moves, _short, _MOVE)


def _short(action: Action) -> str:
    return "p" if isinstance(action, Pass) else "".join(c.ascii for c in action.plain)


def _read(state: TienLenState, text: str) -> Action:
    return state.parse_action("pass" if text == "p" else spell_ascii(text))


def read_moves(state: TienLenState, text: str, *, hand_no: int = 1) -> TienLenState:
    """The position after the moves :func:`moves_text` wrote, played from ``state``.

    A move that cannot be read or is not legal raises, naming the hand and the move.

    >>> from rules_lib.tien_len import new_game
    >>> read_moves(new_game(4), "3s-p").current_player()
    2
    >>> read_moves(new_game(4), "3s-9x")
    Traceback (most recent call last):
    ...
    rules_lib.errors.IllegalActionError: hand 1, move 2 ('9x'): cannot read card 1 '9x': 'x' is not a suit (use s h d c or ♠ ♥ ♦ ♣)
    """
    try:
        return resume.replay_text(state, text, _read, _MOVE)
    except IllegalActionError as error:
        raise IllegalActionError(f"hand {hand_no}, {error}") from None
    for number, token in enumerate(text.split(_MOVE), 1):
        try:
            spelled = (
                "pass"
                if token == "p"
                else " ".join(token[i : i + 2] for i in range(0, len(token), 2))
            )
            state = state.apply_action(state.parse_action(spelled))
        except (NotationError, IllegalActionError) as error:
            raise IllegalActionError(
                f"hand {hand_no}, move {number} ({token!r}): {error}"
            ) from None
    return state


@dataclass(frozen=True)
class Evening:
    """The finished hands of an evening, each as ``(seed, moves)``."""

    rules: TienLenRules
    hands: tuple[tuple[int, str], ...] = ()
    players: int = 4
    _finals: list[TienLenState] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )

    def finals(self) -> list[TienLenState]:
        """Each hand's last position, played again from its seed and moves (once)."""
        if self._finals is None:
            done: list[TienLenState] = []
            for number, (seed, text) in enumerate(self.hands, 1):
                state = read_moves(self._deal(seed, done), text, hand_no=number)
                if not state.is_terminal():
                    raise RulesError(f"hand {number} of the evening is not finished")
                done.append(state)
            object.__setattr__(self, "_finals", done)
            return list(done)
        return list(self._finals)

    def _deal(self, seed: int, before: Sequence[TienLenState]) -> TienLenState:
        if not before:
            return new_game(seed, self.players, self.rules)
        last = before[-1]
        return new_game(
            seed, self.players, self.rules, dealer=last.next_dealer, previous_winner=last.winner
        )

    def deal(self, seed: int) -> TienLenState:
        """The next hand, dealt with ``seed`` by the last hand's loser."""
        return self._deal(seed, self.finals())

    def add(self, final: TienLenState) -> Evening:
        """The evening with one more finished hand."""
        if not final.is_terminal():
            raise RulesError("only a finished hand is added to the evening")
        hand = (final.seed or 0, moves_text(final.moves))
        evening = Evening(self.rules, (*self.hands, hand), self.players)
        object.__setattr__(evening, "_finals", [*self.finals(), final])
        return evening

    def points(self) -> list[tuple[float, ...]]:
        """Each finished hand's returns (points, or results by place)."""
        return [final.returns() for final in self.finals()]

    @property
    def totals(self) -> tuple[float, ...]:
        """Each seat's points (or place results) over the finished hands."""
        sums = [0.0] * self.players
        for returns in self.points():
            for seat, r in enumerate(returns):
                sums[seat] += r
        return tuple(sums)

    def text(self) -> str:
        """The hands for a link: ``seed.moves`` joined by ``~``."""
        return _HAND.join(f"{seed}.{moves}" for seed, moves in self.hands)

    @classmethod
    def from_text(cls, rules: TienLenRules, text: str, players: int = 4) -> Evening:
        """The evening :meth:`text` wrote; every hand is played again, so a bad one raises."""
        hands: list[tuple[int, str]] = []
        for number, part in enumerate(filter(None, text.split(_HAND)), 1):
            seed, _, moves = part.partition(".")
            if not seed.isdigit():
                raise NotationError(f"hand {number} of the evening: {seed!r} is not a deal number")
            hands.append((int(seed), moves))
        evening = cls(rules, tuple(hands), players)
        evening.finals()
        return evening
