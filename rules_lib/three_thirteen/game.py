"""The Three-Thirteen engine: 11 rounds in the library's common game shape.

A state is an immutable value.  Each turn is two actions by the same seat:
``draw`` (the top of the stock) or ``take 7♠`` (the top of the discard pile),
then ``discard 9♦`` — or ``go out 9♦`` when every other card melds.  Turns
go clockwise (to the next seat), starting left of the dealer.  A player who
goes out lays their melds face up at once (:attr:`ThreeThirteenState.laid_down`,
seen by every seat); every other player then has exactly one more turn, and the
hands are scored with :func:`~rules_lib.three_thirteen.melds.best_melds`,
and the next round is dealt.  Lowest total after round 11 wins.

>>> state = new_game(seed=7, players=2)
>>> state.round_number, str(state.wild_rank), len(state.hands[0]), state.phase.value
(1, '3', 3, 'draw')
>>> [str(a) for a in state.legal_actions()]
['draw', 'take K♠']
>>> state = state.apply_action(Action.parse("draw"))
>>> state.apply_action(Action.parse("discard As"))
Traceback (most recent call last):
...
rules_lib.errors.IllegalActionError: seat 1 cannot discard A♠: A♠ is not in their hand (2♣ 3♠ 5♠ K♥); legal: discard 2♣, discard 3♠, discard 5♠, discard K♥

Stock exhaustion (the source is silent): when the stock is empty after a
turn, the discard pile except its top card is shuffled into a new stock (the
shuffle comes from the game's seed); after ``rules.reshuffles`` such rebuilds
an empty stock ends the round and every hand is scored as it stands.

A round also ends that way, whatever the stock holds, when its last allowed
turn ends (``rules.turn_limit``, the source is silent too): a player who takes
the top discard draws nothing from the stock, so without it two players who
keep taking could go round for ever.

>>> short = new_game(seed=0, rules=ThreeThirteenRules(turn_limit=2))
>>> for text in ("take", "discard 2h", "take", "discard 6c"):
...     short = short.apply_action(short.parse_action(text))
>>> print(short.results[0])
round 1 (threes wild): it reached the turn limit (2 turns) before anyone went out; seat 0: +20, seat 1: +20
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import Any

from ..cards import (
    AnyCard,
    Card,
    Cards,
    Joker,
    Rank,
    parse_card,
    shuffled,
    standard_deck,
)
from ..engine import LEGAL, TERMINAL, Ruling
from ..errors import CardCountError, IllegalActionError, NotationError, RulesError
from ..rummy import split_named_cards
from .melds import MeldResult, _display_key, best_melds, hand_penalty
from .rules import ROUNDS, ThreeThirteenRules, cards_dealt, wild_rank

__all__ = [
    "DRAW",
    "Action",
    "Move",
    "Phase",
    "RoundResult",
    "ThreeThirteenObservation",
    "ThreeThirteenState",
    "new_game",
]

SOURCE_RULES = ThreeThirteenRules()


class Move(StrEnum):
    """The kinds of action; the value is how a player says it."""

    DRAW = "draw"
    TAKE = "take"
    DISCARD = "discard"
    GO_OUT = "go out"


#: One letter for each kind of action, in a link.
_SHORT = {Move.DRAW: "d", Move.TAKE: "t", Move.DISCARD: "x", Move.GO_OUT: "o"}


class Phase(StrEnum):
    """The two halves of a turn."""

    DRAW = "draw"
    DISCARD = "discard"


_MOVE_WORDS: dict[str, Move] = {
    "draw": Move.DRAW,
    "draw stock": Move.DRAW,
    "draw from stock": Move.DRAW,
    "stock": Move.DRAW,
    "take": Move.TAKE,
    "take discard": Move.TAKE,
    "discard": Move.DISCARD,
    "go out": Move.GO_OUT,
    "out": Move.GO_OUT,
    "go out with": Move.GO_OUT,
}


@dataclass(frozen=True)
class Action:
    """One action: ``draw``, ``take 7♠``, ``discard 9♦`` or ``go out 9♦``.

    ``go out 9♦`` discards the 9♦ and announces going out.  ``take`` names
    the card on top of the discard pile; ``draw`` names none (it is hidden).

    >>> Action.parse("go out 9d"), str(Action.parse("Take 7s"))
    (Action.parse('go out 9♦'), 'take 7♠')
    >>> Action.parse("discard")
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: cannot read action 'discard': say which card, as in 'discard 9♦'
    """

    move: Move
    card: AnyCard | None = None

    def __post_init__(self) -> None:
        if (self.move is Move.DRAW) != (self.card is None):
            what = "draw names no card" if self.move is Move.DRAW else f"{self.move} needs a card"
            raise NotationError(f"cannot make action {self.move.value!r}: {what}")

    def __str__(self) -> str:
        return self.move.value if self.card is None else f"{self.move.value} {self.card}"

    def __repr__(self) -> str:
        if self.card is None or self.card.deck == 0:
            return f"Action.parse({str(self)!r})"
        return f"Action(Move.{self.move.name}, {self.card!r})"

    @property
    def short(self) -> str:
        """The action in a few plain characters, for a link (see :meth:`from_short`).

        >>> [Action.parse(t).short for t in ("draw", "take 7s", "discard 10h", "go out RJ")]
        ['d', 't7s', 'xTh', 'oRJ']
        >>> Action.from_short("xTh")
        Action.parse('discard 10♥')
        """
        letter = _SHORT[self.move]
        if self.card is None:
            return letter
        return letter + (self.card.ascii if isinstance(self.card, Card) else str(self.card))

    @classmethod
    def from_short(cls, text: str) -> Action:
        """The action :attr:`short` wrote (a bad one raises :class:`NotationError`)."""
        move = next((m for m, letter in _SHORT.items() if text[:1] == letter), None)
        if move is None:
            raise NotationError(f"cannot read action {text!r}")
        return cls(move, None if move is Move.DRAW else parse_card(text[1:]))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action as a player writes it (cards of the first deck)."""
        words = text.strip().lower().split()
        for size in (3, 2, 1):
            head = " ".join(words[:size])
            if len(words) >= size and head in _MOVE_WORDS:
                move = _MOVE_WORDS[head]
                rest = words[size:]
                break
        else:
            raise NotationError(
                f"cannot read action {text!r}: say 'draw', 'take 7♠', 'discard 9♦' or 'go out 9♦'"
            )
        if move is Move.DRAW:
            if rest:
                raise NotationError(f"cannot read action {text!r}: 'draw' takes no card")
            return DRAW
        if len(rest) != 1:
            example = f"{move.value} 9♦"
            raise NotationError(f"cannot read action {text!r}: say which card, as in {example!r}")
        return cls(move, parse_card(rest[0]))


#: Drawing the top card of the stock.
DRAW = Action(Move.DRAW)


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: every hand laid out in melds, the penalties and the totals.

    ``turns`` is how many turns the round lasted; ``turn_limit_reached`` says
    that the rules' ``turn_limit`` ended it (see :meth:`ending`).
    """

    round_number: int
    wild_rank: Rank
    dealer: int
    went_out: int | None
    melds: tuple[MeldResult, ...]
    penalties: tuple[int, ...]
    totals: tuple[int, ...]
    turns: int = 0
    turn_limit_reached: bool = False

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Each seat's final hand (melded cards first)."""
        return tuple(Cards([*m.melded, *m.leftover]) for m in self.melds)

    def ending(self, names: Sequence[str]) -> str:
        """How the round ended, in words, with the players' ``names`` (seat order).

        >>> result = new_game(seed=0, rules=ThreeThirteenRules(turn_limit=1))
        >>> for text in ("draw", "discard 2h"):
        ...     result = result.apply_action(result.parse_action(text))
        >>> result.results[0].ending(["you", "Bot A"])
        'it reached the turn limit (1 turn) before anyone went out'
        """
        turns = f"{self.turns} turn{'s' * (self.turns != 1)}"
        if self.turn_limit_reached and self.went_out is not None:
            return (
                f"{names[self.went_out]} went out, but the round reached the turn limit "
                f"({turns}) before everyone else had a last turn"
            )
        if self.turn_limit_reached:
            return f"it reached the turn limit ({turns}) before anyone went out"
        if self.went_out is not None:
            return f"{names[self.went_out]} went out"
        return "the stock ran out"

    def __str__(self) -> str:
        how = self.ending([f"seat {s}" for s in range(len(self.penalties))])
        scores = ", ".join(f"seat {s}: +{p}" for s, p in enumerate(self.penalties))
        return f"round {self.round_number} ({self.wild_rank.plural} wild): {how}; {scores}"


@dataclass(frozen=True)
class ThreeThirteenObservation:
    """What one seat may see: its hand, the discard pile, counts, the public record,
    the melds laid down by a player who went out (``laid_down``), and how many
    turns of the round are over (``turns_played``, for the rules' ``turn_limit``)."""

    seat: int
    num_players: int
    rules: ThreeThirteenRules
    round_number: int
    wild_rank: Rank
    dealer: int
    current_player: int
    phase: Phase
    hand: Cards
    discard_top: AnyCard | None
    discard_size: int
    stock_size: int
    hand_sizes: tuple[int, ...]
    went_out: int | None
    turns_left: int
    totals: tuple[int, ...]
    round_log: tuple[tuple[int, Action], ...]
    results: tuple[RoundResult, ...]
    laid_down: MeldResult | None = None
    turns_played: int = 0

    def taken_by(self, seat: int) -> Cards:
        """The cards ``seat`` took from the discard pile this round (everyone sees them)."""
        return Cards(a.card for s, a in self.round_log if s == seat and a.move is Move.TAKE)  # type: ignore[misc]

    def discarded_by(self, seat: int) -> Cards:
        """The cards ``seat`` discarded this round."""
        return Cards(
            a.card  # type: ignore[misc]
            for s, a in self.round_log
            if s == seat and a.move in (Move.DISCARD, Move.GO_OUT)
        )

    @property
    def taken(self) -> AnyCard | None:
        """The card this seat took from the discard pile this turn, if any."""
        if self.phase is Phase.DISCARD and self.round_log:
            seat, action = self.round_log[-1]
            if seat == self.seat and action.move is Move.TAKE:
                return action.card
        return None


@lru_cache(maxsize=32)
def _deck(decks: int, jokers: int) -> Cards:
    return standard_deck(decks, jokers)


def _subseed(seed: int, *parts: object) -> int:
    """A seed for one chance step of a game, the same on every machine."""
    text = repr((seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def _same_card(a: AnyCard, b: AnyCard) -> bool:
    """Identical cards (of different decks), which no player can tell apart."""
    if isinstance(a, Joker) or isinstance(b, Joker):
        return isinstance(a, Joker) and isinstance(b, Joker) and a.color == b.color
    return a.rank == b.rank and a.suit == b.suit


def _sorted(cards: Sequence[AnyCard]) -> Cards:
    return Cards(sorted(cards, key=_display_key))


#: What every seat sees of a round as the state keeps it (an observation's last fields).
_PUBLIC = ("went_out", "turns_left", "totals", "round_log", "results", "laid_down", "turns_played")


@dataclass(frozen=True)
class ThreeThirteenState:
    """A moment of a game (an immutable value; :meth:`apply_action` returns a new one).

    * ``hands``: each seat's cards, sorted; ``stock`` and ``discard``: the two
      piles, top card **last**.
    * ``player`` and ``phase``: who acts, and whether they draw or discard.
    * ``went_out``, ``turns_left``: who went out this round, and how many of
      the other players' last turns remain; :attr:`laid_down`: the melds they
      laid face up when they went out.
    * ``reshuffles_done``, ``turns_played``: how often the stock was rebuilt
      this round, and how many turns of it are over (for ``rules.reshuffles``
      and ``rules.turn_limit``).
    * ``totals``, ``results``: the penalties so far, and a :class:`RoundResult`
      for each finished round (every hand laid out in melds).
    * ``round_log``: this round's ``(seat, action)`` pairs (public: a ``draw``
      names no card); ``moves``: every action of the game, for :func:`replay`.
    """

    rules: ThreeThirteenRules
    seed: int
    num_players: int
    first_dealer: int
    round_number: int
    hands: tuple[Cards, ...]
    stock: Cards
    discard: Cards
    player: int
    phase: Phase
    went_out: int | None
    turns_left: int
    reshuffles_done: int
    turns_played: int
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    round_log: tuple[tuple[int, Action], ...]
    moves: tuple[Action, ...]

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str],
        discard: str,
        stock: str = "",
        rules: ThreeThirteenRules = SOURCE_RULES,
        *,
        round_number: int = 1,
        seed: int = 0,
    ) -> ThreeThirteenState:
        """A round dealt as given, for lessons, examples and tests.

        ``hands`` are the seats' cards (the round's number each), ``discard``
        the face-up pile (its top card last) and ``stock`` the cards drawn
        from the stock first, in the order they are drawn.  The rest of the
        deck lies under them, shuffled by ``seed``, so every card is still in
        play.  Seat 0 acts first (the last seat dealt), and the rounds that
        follow are dealt from ``seed`` as :func:`new_game` deals them.  The
        state's ``moves`` replay from this state, not from :func:`new_game`.

        >>> state = ThreeThirteenState.from_hands(["7s 8h Kd", "9s Jc Jh"], "2c", "3h 4d")
        >>> state.current_player(), state.dealer, [str(a) for a in state.legal_actions()]
        (0, 1, ['draw', 'take 2♣'])
        >>> str(state.apply_action(DRAW).hands[0]), len(state.stock)
        ('3♥ 7♠ 8♥ K♦', 45)
        >>> ThreeThirteenState.from_hands(["7s 8h", "9s Jc Jh"], "2c")
        Traceback (most recent call last):
        ...
        rules_lib.errors.CardCountError: round 1 deals 3 cards to each player, but seat 0 holds 2: 7♠ 8♥
        """
        players = len(hands)
        if players < 2:
            raise RulesError(f"Three-Thirteen needs at least 2 players, not {players}")
        size = cards_dealt(round_number)
        decks = rules.decks_for(players)
        deck = _deck(decks, rules.jokers)
        parts = split_named_cards([*hands, discard, stock], deck, decks, rules.jokers > 0, "deck")
        *dealt, face_up, drawn = parts
        for seat, hand in enumerate(dealt):
            if len(hand) != size:
                raise CardCountError(
                    f"round {round_number} deals {size} cards to each player, "
                    f"but seat {seat} holds {len(hand)}: {hand}"
                )
        if not face_up:
            raise CardCountError("a round starts with a card face up on the discard pile")
        named = set().union(*parts)
        rest = shuffled(
            [c for c in deck if c not in named], seed=_subseed(seed, "deal", round_number)
        )
        if not rest and not drawn:
            raise CardCountError("no card is left for the stock")
        return _fresh(
            rules,
            seed,
            players,
            (players - round_number) % players,
            round_number=round_number,
            hands=tuple(_sorted(h) for h in dealt),
            stock=Cards([*rest, *reversed(drawn)]),
            discard=face_up,
        )

    # -- the common engine shape ------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or :data:`~rules_lib.engine.TERMINAL` after round 11."""
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def returns(self) -> tuple[float, ...]:
        """Each seat's total penalty, negated (higher is better, as for every engine)."""
        return tuple(-float(t) for t in self.totals)

    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total (several on a tie)."""
        low = min(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == low)

    @cached_property
    def _legal(self) -> tuple[Action, ...]:
        if self.is_terminal():
            return ()
        if self.phase is Phase.DRAW:
            take = (Action(Move.TAKE, self.discard[-1]),) if self.discard else ()
            return (DRAW, *take)
        hand = self.hands[self.player]
        candidates: list[AnyCard] = []
        taken = self._taken
        for card in hand:
            if taken is not None and not self.rules.discard_taken_card and _same_card(card, taken):
                continue
            if any(_same_card(card, c) for c in candidates):
                continue
            candidates.append(card)
        if not candidates:  # a hand of nothing but copies of the taken card (3+ decks)
            candidates.append(hand[0])
        outs: list[Action] = []
        if self.went_out is None:
            whole = hand_penalty(hand, self.wild_rank, self.rules)
            for card in candidates:
                if self.rules.penalty(card) < whole:
                    continue  # were the rest all melded, the hand would cost at most this card
                rest = list(hand)
                rest.remove(card)
                if hand_penalty(rest, self.wild_rank, self.rules) == 0:
                    outs.append(Action(Move.GO_OUT, card))
        return (*outs, *(Action(Move.DISCARD, c) for c in candidates))

    @cached_property
    def _legal_set(self) -> frozenset[Action]:
        return frozenset(self._legal)

    def legal_actions(self) -> list[Action]:
        """Every legal action: ``draw`` and ``take`` first, or going out before discards.

        Of two identical cards (two decks) only one is offered.
        """
        return list(self._legal)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (``check(action).legal``)."""
        return action in self._legal_set

    def apply_action(self, action: Action) -> ThreeThirteenState:
        """The state after ``action``; an illegal action raises and changes nothing."""
        if not isinstance(action, Action) or action not in self._legal_set:
            raise IllegalActionError(str(self.check(action)))
        seat = self.player
        log = (*self.round_log, (seat, action))
        moves = (*self.moves, action)
        hands = list(self.hands)
        if action.move is Move.DRAW:
            hands[seat] = _sorted([*hands[seat], self.stock[-1]])
            return replace(
                self,
                hands=tuple(hands),
                stock=Cards(self.stock[:-1]),
                phase=Phase.DISCARD,
                round_log=log,
                moves=moves,
            )
        card = action.card
        assert card is not None
        if action.move is Move.TAKE:
            hands[seat] = _sorted([*hands[seat], card])
            return replace(
                self,
                hands=tuple(hands),
                discard=Cards(self.discard[:-1]),
                phase=Phase.DISCARD,
                round_log=log,
                moves=moves,
            )
        rest = list(hands[seat])
        rest.remove(card)
        hands[seat] = Cards(rest)
        went_out, turns_left = self.went_out, self.turns_left
        if action.move is Move.GO_OUT:
            went_out, turns_left = seat, self.num_players - 1
        elif went_out is not None:
            turns_left -= 1
        state = replace(
            self,
            hands=tuple(hands),
            discard=Cards([*self.discard, card]),
            player=(seat + 1) % self.num_players,
            phase=Phase.DRAW,
            went_out=went_out,
            turns_left=turns_left,
            turns_played=self.turns_played + 1,
            round_log=log,
            moves=moves,
        )
        if went_out is not None and turns_left == 0:
            return state._end_round()
        limit = self.rules.turn_limit
        if limit is not None and state.turns_played >= limit:
            return state._end_round(turn_limit_reached=True)
        if not state.stock:
            return state._restock()
        return state

    def check(self, action: Action) -> Ruling[Action]:
        """Whether ``action`` is legal now; if not, why, and the legal actions instead.

        >>> state = new_game(seed=7)
        >>> ruling = state.check(Action.parse("discard 2c"))
        >>> ruling.legal, ruling.reason, [str(a) for a in ruling.alternatives]
        (False, 'seat 1 must draw first', ['draw', 'take K♠'])
        """
        if not isinstance(action, Action):
            return Ruling(
                False, f"{action!r} is not a Three-Thirteen action (see Action.parse)", self._legal
            )
        if action in self._legal_set:
            return LEGAL
        if self.is_terminal():
            return Ruling(False, f"{action} is not legal: the game is over")
        return Ruling(False, self._reason(action), self._legal)

    def _reason(self, action: Action) -> str:
        """Why ``action``, not legal now, is not."""
        who = f"seat {self.player}"
        card = action.card
        if self.phase is Phase.DRAW and action.move in (Move.DISCARD, Move.GO_OUT):
            reason = f"{who} must draw first"
        elif self.phase is Phase.DISCARD and action.move in (Move.DRAW, Move.TAKE):
            reason = f"{who} has drawn already and must now discard"
        elif action.move is Move.TAKE:
            top = self.discard[-1] if self.discard else None
            reason = f"{who} cannot take {card}: the top of the discard pile is {top}"
        elif card not in self.hands[self.player]:
            hand = self.hands[self.player]
            if any(_same_card(card, c) for c in hand):  # type: ignore[arg-type]
                reason = f"{who} cannot discard {card} of deck {card.deck}: theirs is another copy"  # type: ignore[union-attr]
            else:
                reason = (
                    f"{who} cannot {action.move.value} {card}: {card} is not in their hand ({hand})"
                )
        elif (taken := self._taken) is not None and _same_card(card, taken):  # type: ignore[arg-type]
            reason = f"{who} cannot discard {card}: it was just taken from the discard pile"
        elif action.move is Move.GO_OUT and self.went_out is not None:
            reason = (
                f"{who} cannot go out: seat {self.went_out} went out already (this is a last turn)"
            )
        elif action.move is Move.GO_OUT:
            rest = list(self.hands[self.player])
            rest.remove(card)  # type: ignore[arg-type]
            left = best_melds(rest, self.wild_rank, self.rules)
            reason = (
                f"{who} cannot go out discarding {card}: {left.leftover} would not meld "
                f"(penalty {left.penalty})"
            )
        else:  # an identical copy of a card the player holds twice
            reason = f"{who} cannot discard that copy of {card}; use the one offered"
        return reason

    def observation(self, seat: int) -> ThreeThirteenObservation:
        """What ``seat`` may see."""
        if not 0 <= seat < self.num_players:
            raise RulesError(f"no seat {seat} at a table of {self.num_players}")
        return ThreeThirteenObservation(
            seat=seat,
            num_players=self.num_players,
            rules=self.rules,
            round_number=self.round_number,
            wild_rank=self.wild_rank,
            dealer=self.dealer,
            current_player=self.player,
            phase=self.phase,
            hand=self.hands[seat],
            discard_top=self.discard[-1] if self.discard else None,
            discard_size=len(self.discard),
            stock_size=len(self.stock),
            hand_sizes=tuple(len(h) for h in self.hands),
            **{name: getattr(self, name) for name in _PUBLIC},
        )

    def zones(self) -> dict[str, Cards]:
        """Where every card is: each seat's hand, the stock and the discard pile."""
        zones = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones["stock"] = self.stock
        zones["discard"] = self.discard
        return zones

    def deck(self) -> Cards:
        """Every card of the game (decks by the number of players, jokers by the rules)."""
        return _deck(self.rules.decks_for(self.num_players), self.rules.jokers)

    # -- facts about the round ------------------------------------------------------

    @property
    def wild_rank(self) -> Rank:
        return wild_rank(self.round_number)

    @property
    def cards_dealt(self) -> int:
        return cards_dealt(self.round_number)

    @property
    def dealer(self) -> int:
        """This round's dealer: the deal passes left each round."""
        return (self.first_dealer + self.round_number - 1) % self.num_players

    @cached_property
    def laid_down(self) -> MeldResult | None:
        """The melds the player who went out this round laid face up (``None`` before).

        Going out, a player shows every card but the one discarded in melds, so
        the others see them during their last turns.
        """
        if self.went_out is None:
            return None
        return best_melds(self.hands[self.went_out], self.wild_rank, self.rules)

    @property
    def _taken(self) -> AnyCard | None:
        if self.phase is Phase.DISCARD and self.round_log:
            _seat, last = self.round_log[-1]
            if last.move is Move.TAKE:
                return last.card
        return None

    def parse_action(self, text: str) -> Action:
        """The legal action a player means by ``text`` (``take`` alone takes the top card).

        Cards are matched by rank and suit, so with two decks either copy's
        name finds the one offered.

        >>> state = new_game(seed=7)
        >>> state.parse_action("take")
        Action.parse('take K♠')
        """
        words = text.strip().lower()
        if words in ("take", "take discard") and self.phase is Phase.DRAW and self.discard:
            words = f"take {self.discard[-1]}"
        wanted = Action.parse(words)
        for action in self._legal:
            if action.move is wanted.move and (
                action.card is None
                or (wanted.card is not None and _same_card(action.card, wanted.card))
            ):
                return action
        raise IllegalActionError(str(self.check(wanted)))

    def __str__(self) -> str:
        if self.is_terminal():
            totals = ", ".join(f"seat {s}: {t}" for s, t in enumerate(self.totals))
            return f"game over after {ROUNDS} rounds; totals {totals}; winner(s) {self.winners()}"
        top = self.discard[-1] if self.discard else "nothing"
        return (
            f"round {self.round_number} ({self.wild_rank.plural} wild), seat {self.player} "
            f"to {self.phase.value}; discard pile shows {top}; stock {len(self.stock)}"
        )

    # -- the end of a round -----------------------------------------------------------

    def _restock(self) -> ThreeThirteenState:
        limit = self.rules.reshuffles
        if len(self.discard) < 2 or (limit is not None and self.reshuffles_done >= limit):
            return self._end_round()
        seed = _subseed(self.seed, "restock", self.round_number, self.reshuffles_done)
        return replace(
            self,
            stock=shuffled(self.discard[:-1], seed=seed),
            discard=Cards(self.discard[-1:]),
            reshuffles_done=self.reshuffles_done + 1,
        )

    def _end_round(self, *, turn_limit_reached: bool = False) -> ThreeThirteenState:
        """Score every hand as it stands and deal the next round (or end the game)."""
        melds = tuple(best_melds(h, self.wild_rank, self.rules) for h in self.hands)
        penalties = tuple(m.penalty for m in melds)
        totals = tuple(t + p for t, p in zip(self.totals, penalties))
        result = RoundResult(
            self.round_number,
            self.wild_rank,
            self.dealer,
            self.went_out,
            melds,
            penalties,
            totals,
            turns=self.turns_played,
            turn_limit_reached=turn_limit_reached,
        )
        done = replace(self, totals=totals, results=(*self.results, result))
        if self.round_number == ROUNDS:
            return replace(done, player=TERMINAL)
        return _deal(done, self.round_number + 1)


#: How every round starts: the player to act draws, nobody has gone out, the
#: stock has not been rebuilt and no turn is played yet.
_ROUND_START: dict[str, Any] = {
    "phase": Phase.DRAW,
    "went_out": None,
    "turns_left": 0,
    "reshuffles_done": 0,
    "turns_played": 0,
    "round_log": (),
}


def _deal(state: ThreeThirteenState, round_number: int) -> ThreeThirteenState:
    """Deal ``round_number``: one card at a time from the dealer's left, then turn one up."""
    players = state.num_players
    dealer = (state.first_dealer + round_number - 1) % players
    order = shuffled(state.deck(), seed=_subseed(state.seed, "deal", round_number))
    size = cards_dealt(round_number)
    hands: list[list[AnyCard]] = [[] for _ in range(players)]
    for k in range(size * players):
        hands[(dealer + 1 + k) % players].append(order[k])
    rest = order[size * players :]
    return replace(
        state,
        round_number=round_number,
        hands=tuple(_sorted(h) for h in hands),
        stock=Cards(reversed(rest[1:])),
        discard=Cards(rest[:1]),
        player=(dealer + 1) % players,
        **_ROUND_START,
    )


#: No cards (a pile before the deal).
_NONE = Cards()


def _fresh(
    rules: ThreeThirteenRules,
    seed: int,
    players: int,
    first_dealer: int,
    *,
    round_number: int = 1,
    hands: tuple[Cards, ...] = (),
    stock: Cards = _NONE,
    discard: Cards = _NONE,
) -> ThreeThirteenState:
    """A game before its first turn: round ``round_number`` dealt as given, no points yet."""
    return ThreeThirteenState(  # the first fields in their order; then no turn, no points yet
        rules,
        seed,
        players,
        first_dealer,
        round_number,
        hands,
        stock,
        discard,
        player=0,
        totals=(0,) * players,
        results=(),
        moves=(),
        **_ROUND_START,
    )


def new_game(
    seed: int = 0,
    players: int = 2,
    rules: ThreeThirteenRules = SOURCE_RULES,
    *,
    first_dealer: int | None = None,
) -> ThreeThirteenState:
    """A new game, round 1 dealt.  The first dealer is drawn from ``seed`` unless given.

    >>> game = new_game(seed=1, players=4)
    >>> len(game.deck()), len(game.stock), game.dealer, game.current_player()
    (104, 91, 1, 2)
    """
    if not isinstance(seed, int):
        raise RulesError(f"a seed is a whole number, not {seed!r}")
    if not isinstance(players, int) or players < 2:
        raise RulesError(f"Three-Thirteen needs at least 2 players, not {players!r}")
    size = len(_deck(rules.decks_for(players), rules.jokers))
    if size < 13 * players + 2:
        raise RulesError(
            f"{size} cards are too few for {players} players: the last round deals 13 each "
            f"and needs a discard and a stock (use more decks)"
        )
    if first_dealer is None:
        first_dealer = _subseed(seed, "first dealer") % players
    if not 0 <= first_dealer < players:
        raise RulesError(f"no seat {first_dealer} at a table of {players}")
    return _deal(_fresh(rules, seed, players, first_dealer), 1)
