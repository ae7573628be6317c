"""One engine shape for every turn-based game in the library.

Modelled on OpenSpiel: a game makes a seeded initial state; a state says whose
turn it is, which actions are legal, applies one (returning a *new* state, the
old one is never changed), says when the game is over and what each seat got.
Bots, widgets, tests and the book all drive the same loop:

>>> import random
>>> from rules_lib.engine import playout, RandomBot, TERMINAL
>>> from rules_lib import IllegalActionError
>>> class Countdown:  # a toy game: players take 1 or 2 from a pile of 5
...     def __init__(self, pile=5, player=0, moves=()):
...         self.pile, self.player, self.moves = pile, player, moves
...     num_players = 2
...     def current_player(self): return TERMINAL if self.pile == 0 else self.player
...     def legal_actions(self): return [n for n in (1, 2) if n <= self.pile]
...     def apply_action(self, n):
...         if n not in self.legal_actions():
...             raise IllegalActionError(f"cannot take {n}")
...         return Countdown(self.pile - n, 1 - self.player, self.moves + (n,))
...     def is_terminal(self): return self.pile == 0
...     def returns(self): return (1.0, -1.0) if self.player == 1 else (-1.0, 1.0)
...     def observation(self, seat): return self.pile
>>> final = playout(Countdown(), [RandomBot(), RandomBot()], random.Random(3))
>>> final.is_terminal(), sum(final.moves)
(True, 5)

Every engine also lists where each card is (:meth:`GameState.zones`) and
every card it is played with (:meth:`GameState.deck`), so one generic check
(:func:`check_conservation`) proves no card is created or lost; and it keeps
its moves (:attr:`GameState.moves`), which replay the game from its deal.

Every engine checks an action the same way: :meth:`GameState.check` gives a
:class:`Ruling`, whether the action is legal, why not in words, and the legal
actions instead, as data; :meth:`GameState.is_legal` is its yes or no.

>>> ruling = Ruling(False, "seat 1 must draw first", ("draw", "take K♠"))
>>> ruling.legal, ruling.reason, ruling.alternatives
(False, 'seat 1 must draw first', ('draw', 'take K♠'))
>>> print(ruling)
seat 1 must draw first; legal: draw, take K♠
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from .cards import AnyCard
from .errors import IllegalActionError, RulesError

__all__ = [
    "LEGAL",
    "TERMINAL",
    "Bot",
    "FirstLegalBot",
    "GameState",
    "RandomBot",
    "Ruling",
    "Session",
    "check_conservation",
    "playout",
    "replay",
]

#: ``current_player()`` of a finished game.
TERMINAL = -1

A = TypeVar("A", bound=Hashable)
S = TypeVar("S", bound="GameState[Any]")


@dataclass(frozen=True)
class Ruling(Generic[A]):
    """Whether an action may be taken now, and if not, why and what may be instead.

    ``reason`` says in words why the action is illegal (``""`` when it is
    legal); ``alternatives`` are the legal actions, as values a screen or a
    bot can use (empty when the action is legal or nothing is legal).

    >>> Ruling(True).legal, str(Ruling(True))
    (True, 'legal')
    >>> Ruling(False, "the game is over").text()
    'the game is over'
    >>> Ruling(False, "too low", (1, 2, 3)).text(label="legal now", most=2)
    'too low; legal now: 1, 2 and 1 more'
    """

    legal: bool
    reason: str = ""
    alternatives: tuple[A, ...] = ()

    def text(self, label: str = "legal", most: int | None = None) -> str:
        """The reason, then the alternatives (at most ``most`` of them) after ``label``."""
        if self.legal:
            return "legal"
        if not self.alternatives:
            return self.reason
        shown = self.alternatives if most is None else self.alternatives[:most]
        listed = ", ".join(str(a) for a in shown)
        more = len(self.alternatives) - len(shown)
        return f"{self.reason}; {label}: {listed}" + (f" and {more} more" if more else "")

    def __str__(self) -> str:
        return self.text()


#: The ruling on a legal action.
LEGAL: Ruling[Any] = Ruling(True)


@runtime_checkable
class GameState(Protocol[A]):
    """What every game state offers (states are immutable values)."""

    @property
    def num_players(self) -> int: ...

    def current_player(self) -> int:
        """The seat to act, or :data:`TERMINAL` when the game is over."""
        ...

    def legal_actions(self) -> Sequence[A]:
        """Every action the current player may take (empty when terminal)."""
        ...

    def apply_action(self, action: A) -> Self:
        """The state after ``action``; raises :class:`IllegalActionError` and
        leaves ``self`` unchanged when the action is not legal."""
        ...

    def check(self, action: A) -> Ruling[A]:
        """Whether ``action`` is legal now; if not, why, and the legal actions instead."""
        ...

    def is_legal(self, action: A) -> bool:
        """``check(action).legal`` (often faster)."""
        ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]:
        """Each seat's result (meaningful once terminal)."""
        ...

    def observation(self, seat: int) -> Any:
        """What ``seat`` may see: its own cards, public piles, counts of the others'."""
        ...

    def zones(self) -> Mapping[str, Sequence[AnyCard]]:
        """Where every card is: ``hand 0``, ``hand 1``, …, and the game's piles
        (a ``stock`` and any cards ``out of play`` are hidden from every seat)."""
        ...

    def deck(self) -> Sequence[AnyCard]:
        """Every card the game is played with (what :meth:`zones` holds between them)."""
        ...

    @property
    def moves(self) -> Sequence[A]:
        """The actions since the deal: with the initial state they replay the game."""
        ...


class Bot(Protocol[A]):
    """A player: one method, given only its seat's observation and the legal actions."""

    def choose(self, observation: Any, legal: Sequence[A], rng: random.Random) -> A: ...


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, observation: Any, legal: Sequence[A], rng: random.Random) -> A:
        return legal[rng.randrange(len(legal))]


class FirstLegalBot:
    """Always the first legal action (engines list actions cheapest first)."""

    name = "first legal"

    def choose(self, observation: Any, legal: Sequence[A], rng: random.Random) -> A:
        return legal[0]


def playout(
    state: S,
    bots: Sequence[Bot[Any]],
    rng: random.Random,
    *,
    max_moves: int = 100_000,
    on_move: Callable[[S, Any], None] | None = None,
) -> S:
    """Play ``state`` to the end with one bot per seat; returns the final state.

    Each bot sees only ``state.observation(seat)`` and the legal actions.
    ``on_move(state, action)`` is called before each move (for checks and logs).
    """
    moves = 0
    while not state.is_terminal():
        if moves >= max_moves:
            raise RulesError(f"the game did not end within {max_moves} moves")
        seat = state.current_player()
        legal = state.legal_actions()
        if not legal:
            raise RulesError(f"seat {seat} has no legal action in a game that is not over")
        action = bots[seat].choose(state.observation(seat), legal, rng)
        if on_move is not None:
            on_move(state, action)
        state = state.apply_action(action)
        moves += 1
    return state


def replay(state: S, actions: Sequence[Any]) -> S:
    """Apply ``actions`` in order from ``state`` (a game is its seed plus its moves)."""
    for number, action in enumerate(actions, 1):
        try:
            state = state.apply_action(action)
        except IllegalActionError as error:
            raise IllegalActionError(f"move {number} of the replay: {error}") from None
    return state


def check_conservation(zones: Mapping[str, Sequence[AnyCard]], deck: Sequence[AnyCard]) -> None:
    """Raise :class:`RulesError` unless the zones hold exactly the cards of ``deck``.

    >>> from rules_lib import parse_cards
    >>> check_conservation({"hand": parse_cards("As Kd"), "pile": parse_cards("2c")},
    ...                    parse_cards("As Kd 2c"))
    >>> ace = parse_cards("As")[0]
    >>> check_conservation({"hand": [ace, ace]}, parse_cards("As Kd"))
    Traceback (most recent call last):
    ...
    rules_lib.errors.RulesError: cards not conserved: extra A♠; missing K♦
    """
    held: Counter[AnyCard] = Counter()
    for cards in zones.values():
        held.update(cards)
    expected = Counter(deck)
    if held != expected:
        extra = held - expected
        missing = expected - held
        parts = []
        if extra:
            parts.append("extra " + " ".join(str(c) for c in extra.elements()))
        if missing:
            parts.append("missing " + " ".join(str(c) for c in missing.elements()))
        raise RulesError("cards not conserved: " + "; ".join(parts))


class Session(Generic[S]):
    """A game in progress between one reader and bots: the state behind a game widget.

    The reader acts with :meth:`play`; an illegal action raises and changes
    nothing. After each of the reader's moves the bots play until it is the
    reader's turn again (or the game ends); every move lands in :attr:`log`
    so a widget can show what the bots did. :attr:`moves` plus the initial
    state replays the game.
    """

    def __init__(
        self,
        state: S,
        bots: Mapping[int, Bot[Any]],
        human: int = 0,
        seed: int = 0,
    ) -> None:
        self.initial = state
        self.state = state
        self.bots = dict(bots)
        self.human = human
        self.rng = random.Random(seed)
        self.moves: list[Any] = []
        self.log: list[tuple[int, Any]] = []

    @property
    def my_turn(self) -> bool:
        return not self.state.is_terminal() and self.state.current_player() == self.human

    def play(
        self, action: Any, thinking: Callable[[int, int], None] | None = None
    ) -> list[tuple[int, Any]]:
        """Apply the reader's ``action``, then the bots' replies (returned);
        ``thinking`` as in :meth:`run_bots`."""
        if not self.my_turn:
            raise IllegalActionError("it is not your turn")
        self.state = self.state.apply_action(action)
        self.moves.append(action)
        self.log.append((self.human, action))
        return self.run_bots(thinking=thinking)

    def run_bots(
        self, limit: int = 10_000, thinking: Callable[[int, int], None] | None = None
    ) -> list[tuple[int, Any]]:
        """Let the bots move until the reader's turn or the end; returns their moves.

        ``thinking(seat, moved)``, if given, is called as each bot starts to
        choose, with the number of bot moves made so far (a widget shows
        progress with it)."""
        done: list[tuple[int, Any]] = []
        while not self.state.is_terminal() and not self.my_turn:
            if len(done) >= limit:
                raise RulesError(f"the bots made {limit} moves in a row without ending")
            seat = self.state.current_player()
            if thinking is not None:
                thinking(seat, len(done))
            action = self.bots[seat].choose(
                self.state.observation(seat), self.state.legal_actions(), self.rng
            )
            self.state = self.state.apply_action(action)
            self.moves.append(action)
            done.append((seat, action))
        self.log.extend(done)
        return done
