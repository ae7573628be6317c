"""The Indian Rummy engine: deals of 13 cards in the library's common game shape.

A state is an immutable value (docs/GAMES.md §8).  After the deal a card is
turned up from the stock and every card of its rank is wild, as the printed
jokers are (:attr:`IndianRummyState.wild_card`, face up under the stock for
the whole deal); the next card starts the discard pile, and the player left of
the dealer begins.  A turn is two actions by the same seat: ``draw`` (the top
of the stock) or ``take 7♠`` (the top of the discard pile), then ``discard
9♦`` — or, instead of discarding, ``declare 9♦ | 3♠ 4♠ 5♠ | …``: the 9♦ goes
on the discard pile and the other 13 cards are shown in groups.  Before
drawing, a player may ``drop`` (leave the deal for a fixed number of points).

>>> state = new_game(seed=7)
>>> state.deal_number, state.current_player(), str(state.wild_card), str(state.wild_rank)
(1, 1, '6♠', '6')
>>> [str(a) for a in state.legal_actions()]
['draw', 'take 10♣', 'drop']
>>> state = state.apply_action(state.parse_action("draw"))
>>> state.apply_action(Action.parse("discard As"))
Traceback (most recent call last):
...
rules_lib.errors.IllegalActionError: the A♠ is not in your hand; legal: discard 3♠, discard 7♠, discard J♠, discard K♠, discard J♥, discard Q♥, discard K♥, discard 4♦, discard 10♦, discard J♦, discard 2♣, discard 6♣, discard Q♣, discard A♣

A declaration carries its groups, as the player arranged them: when they
break a rule the declarer loses ``rules.wrong_declaration`` points and the
deal goes on without them; when they are right the declarer wins the deal
and each other player loses the points of their hand
(:func:`~rules_lib.indian_rummy.groups.hand_points`: their cards laid out in
the best groups they allow, as the apps that group your cards for you do).

Rule choices of the book where the common rules are silent (each stated in
docs/GAMES.md §8):

* The card just taken from the discard pile (or a copy of it from the other
  deck) may not be discarded, nor declared with, in the same turn.
* A player who has dropped or declared wrongly keeps their cards, out of the
  deal; when only one player is left in the deal, that player wins it with 0.
* When the stock runs out, the discard pile but its top card is shuffled (by
  the game's seed) into a new stock; the turned card stays where it is.  A
  deal that reaches ``rules.turn_limit`` turns is scored as it stands: every
  hand in play counted, and no winner.
* A pool ends after ``rules.deal_limit`` deals if it has not ended before, the
  lowest total winning; if every player left reaches the limit in the same
  deal, the lowest of their totals wins.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property, lru_cache

from ..cards import (
    SUITS,
    AnyCard,
    Card,
    Cards,
    Joker,
    Rank,
    parse_card,
    parse_cards,
    shuffled,
    spell_ascii,
    standard_deck,
)
from ..engine import LEGAL, TERMINAL, Ruling
from ..errors import CardCountError, IllegalActionError, NotationError, RulesError
from ..rummy import split_named_cards
from .groups import Grouping, best_grouping, check_declaration, hand_points
from .rules import HAND_SIZE, IndianRummyRules, check_players

__all__ = [
    "DRAW",
    "DROP",
    "Action",
    "DealResult",
    "Ending",
    "IndianRummyObservation",
    "IndianRummyState",
    "Move",
    "Phase",
    "Status",
    "is_wild",
    "new_game",
]

SOURCE_RULES = IndianRummyRules()


class Move(StrEnum):
    """The kinds of action; the value is how a player says it."""

    DRAW = "draw"
    TAKE = "take"
    DISCARD = "discard"
    DROP = "drop"
    DECLARE = "declare"


#: One letter for each kind of action, in a link.
_SHORT = {Move.DRAW: "d", Move.TAKE: "t", Move.DISCARD: "x", Move.DROP: "p", Move.DECLARE: "s"}


class Phase(StrEnum):
    """The two halves of a turn."""

    DRAW = "draw"
    DISCARD = "discard"


class Status(StrEnum):
    """Where a seat stands in a deal, and, once it is over, why it scored what it did."""

    PLAYING = "playing"
    FIRST_DROP = "dropped before drawing"
    MIDDLE_DROP = "dropped after drawing"
    WRONG_DECLARATION = "wrong declaration"
    OUT_OF_POOL = "out of the pool"
    DECLARED = "declared"
    LAST_IN = "the last player in"
    COUNTED = "hand counted"


#: The statuses of a seat that has left the deal and scores a fixed number of points.
_LEFT = (Status.FIRST_DROP, Status.MIDDLE_DROP, Status.WRONG_DECLARATION)


class Ending(StrEnum):
    """How a deal ended."""

    DECLARED = "declared"
    LAST_IN = "last player in"
    TURN_LIMIT = "turn limit"
    STOCK_OUT = "stock ran out"


_MOVE_WORDS: dict[str, Move] = {
    "draw": Move.DRAW,
    "draw stock": Move.DRAW,
    "draw from stock": Move.DRAW,
    "stock": Move.DRAW,
    "take": Move.TAKE,
    "take discard": Move.TAKE,
    "pick": Move.TAKE,
    "discard": Move.DISCARD,
    "drop": Move.DROP,
    "pack": Move.DROP,
    "declare": Move.DECLARE,
    "show": Move.DECLARE,
}


def is_wild(card: AnyCard, wild_rank: Rank | None) -> bool:
    """Whether ``card`` is wild: a printed joker, or a card of the wild rank.

    >>> is_wild(Card.parse("9h"), Rank.NINE), is_wild(Card.parse("9h"), None)
    (True, False)
    """
    return isinstance(card, Joker) or (wild_rank is not None and card.rank is wild_rank)


def _same_card(a: AnyCard, b: AnyCard) -> bool:
    """Identical cards (of different decks), which no player can tell apart."""
    if isinstance(a, Joker) or isinstance(b, Joker):
        return isinstance(a, Joker) and isinstance(b, Joker) and a.color == b.color
    return a.rank == b.rank and a.suit == b.suit


def _face(card: AnyCard) -> tuple[object, ...]:
    """What a player sees of a card (its deck left out)."""
    return ("joker", card.color) if isinstance(card, Joker) else (card.rank, card.suit)


def _display_key(card: AnyCard) -> tuple[int, int, int]:
    """Hands are shown by suit (♠ ♥ ♦ ♣), 2 up to the ace, then the jokers."""
    if isinstance(card, Joker):
        return (len(SUITS), 0 if card.color.value == "red" else 1, card.deck)
    return (SUITS.index(card.suit), int(card.rank), card.deck)


def _sorted(cards: Sequence[AnyCard]) -> Cards:
    return Cards(sorted(cards, key=_display_key))


def _short_cards(cards: Sequence[AnyCard]) -> str:
    return "".join(c.ascii if isinstance(c, Card) else str(c) for c in cards)


def _split_groups(tokens: list[list[str]]) -> list[Cards]:
    """Cards of several groups read together, so that repeated cards get the
    second deck's index (a declaration may show two 7♥ of two decks); what a
    wild card stands for, written after it (``RJ=6♥``), is left to the rules."""
    every = parse_cards([t.partition("=")[0] for group in tokens for t in group], decks=2)
    parts, start = [], 0
    for group in tokens:
        parts.append(Cards(every[start : start + len(group)]))
        start += len(group)
    return parts


@dataclass(frozen=True)
class Action:
    """One action: ``draw``, ``take 7♠``, ``discard 9♦``, ``drop``, or a declaration.

    ``declare 9♦ | 3♠ 4♠ 5♠ | …`` puts the 9♦ on the discard pile ("finish")
    and shows every other card of the hand in ``groups``, as the player
    arranged them (right or wrong).  ``take`` names the card on top of the
    discard pile; ``draw`` names none (it is hidden).  ``pack`` is another
    word for ``drop`` and ``show`` for ``declare``.

    >>> Action.parse("discard 9d"), str(Action.parse("pack"))
    (Action.parse('discard 9♦'), 'drop')
    >>> action = Action.parse("show 9h | 3s 4s 5s | 7h 7d RJ | 6c 7c 8c 9c | Qd Kd Ad")
    >>> str(action)
    'declare 9♥ | 3♠ 4♠ 5♠ | 7♥ 7♦ RJ | 6♣ 7♣ 8♣ 9♣ | Q♦ K♦ A♦'
    >>> len(action.groups), action.shown
    (4, 13)
    >>> str(Action.parse("declare 9h | 4h 5h RJ=6h"))  # a group as the groups print it
    'declare 9♥ | 4♥ 5♥ RJ'
    >>> Action.parse("declare 9h 3s 4s 5s")
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: cannot read action 'declare 9h 3s 4s 5s': name the card you finish with, then each group after a '|', as in 'declare 9♥ | 3♠ 4♠ 5♠ | 7♥ 7♦ RJ | …'
    """

    move: Move
    card: AnyCard | None = None
    groups: tuple[Cards, ...] = ()

    def __post_init__(self) -> None:
        named = self.move in (Move.TAKE, Move.DISCARD, Move.DECLARE)
        if named != (self.card is not None):
            what = f"{self.move} needs a card" if named else f"{self.move} names no card"
            raise NotationError(f"cannot make action {self.move.value!r}: {what}")
        if not isinstance(self.groups, tuple) or not all(isinstance(g, Cards) for g in self.groups):
            groups = tuple(Cards(getattr(g, "cards", g)) for g in self.groups)  # a Group's cards
            object.__setattr__(self, "groups", groups)
        if (self.move is Move.DECLARE) != bool(self.groups):
            what = (
                "a declaration shows its groups"
                if self.move is Move.DECLARE
                else f"{self.move} shows no groups"
            )
            raise NotationError(f"cannot make action {self.move.value!r}: {what}")
        if any(not g for g in self.groups):
            raise NotationError("cannot make a declaration with an empty group")

    @property
    def shown(self) -> int:
        """How many cards a declaration shows in its groups."""
        return sum(len(g) for g in self.groups)

    def __str__(self) -> str:
        if self.card is None:
            return self.move.value
        text = f"{self.move.value} {self.card}"
        return text + "".join(f" | {g}" for g in self.groups)

    def __repr__(self) -> str:
        try:
            same = Action.parse(str(self)) == self
        except NotationError:
            same = False
        if same:
            return f"Action.parse({str(self)!r})"
        groups = f", {self.groups!r}" if self.groups else ""
        return f"Action(Move.{self.move.name}, {self.card!r}{groups})"

    @property
    def short(self) -> str:
        """The action in a few plain characters, for a link (see :meth:`from_short`).

        >>> [Action.parse(t).short for t in ("draw", "take 7s", "discard 10h", "drop")]
        ['d', 't7s', 'xTh', 'p']
        >>> Action.parse("declare Kd | 3s 4s 5s | 7h 7d RJ").short
        'sKd.3s4s5s.7h7dRJ'
        >>> Action.from_short("sKd.3s4s5s.7h7dRJ") == Action.parse("declare Kd | 3s 4s 5s | 7h 7d RJ")
        True
        """
        letter = _SHORT[self.move]
        if self.card is None:
            return letter
        return letter + ".".join(_short_cards(c) for c in ((self.card,), *self.groups))

    @classmethod
    def from_short(cls, text: str) -> Action:
        """The action :attr:`short` wrote (a bad one raises :class:`NotationError`)."""
        move = next((m for m, letter in _SHORT.items() if text[:1] == letter), None)
        if move is None:
            raise NotationError(f"cannot read action {text!r}")
        if move in (Move.DRAW, Move.DROP):
            if text[1:]:
                raise NotationError(f"cannot read action {text!r}")
            return cls(move)
        first, *groups = text[1:].split(".")
        if move is not Move.DECLARE:
            if groups:
                raise NotationError(f"cannot read action {text!r}")
            return cls(move, parse_card(first))
        finish, *parts = _split_groups([spell_ascii(p).split() for p in (first, *groups)])
        if len(finish) != 1:
            raise NotationError(f"cannot read action {text!r}: one card finishes a declaration")
        return cls(move, finish[0], tuple(parts))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action as a player writes it (cards of the first deck, but a card
        a declaration shows twice, which is the second deck's copy)."""
        head, _, tail = text.strip().partition("|")
        words = head.lower().split()
        for size in (3, 2, 1):
            name = " ".join(words[:size])
            if len(words) >= size and name in _MOVE_WORDS:
                move = _MOVE_WORDS[name]
                rest = words[size:]
                break
        else:
            raise NotationError(
                f"cannot read action {text!r}: say 'draw', 'take 7♠', 'discard 9♦', 'drop' "
                "or 'declare 9♦ | 3♠ 4♠ 5♠ | …'"
            )
        if move in (Move.DRAW, Move.DROP):
            if rest or tail:
                raise NotationError(f"cannot read action {text!r}: {move.value!r} takes no card")
            return DRAW if move is Move.DRAW else DROP
        if move is Move.DECLARE:
            groups = [g.split() for g in tail.split("|")] if tail else []
            if len(rest) != 1 or not groups or not all(groups):
                raise NotationError(
                    f"cannot read action {text!r}: name the card you finish with, then each "
                    "group after a '|', as in 'declare 9♥ | 3♠ 4♠ 5♠ | 7♥ 7♦ RJ | …'"
                )
            finish, *parts = _split_groups([rest, *groups])
            return cls(move, finish[0], tuple(parts))
        if len(rest) != 1 or tail:
            example = f"{move.value} 9♦"
            raise NotationError(f"cannot read action {text!r}: say which card, as in {example!r}")
        return cls(move, parse_card(rest[0]))


#: Drawing the top card of the stock.
DRAW = Action(Move.DRAW)
#: Leaving the deal before drawing.
DROP = Action(Move.DROP)


@dataclass(frozen=True)
class DealResult:
    """How a deal ended: who won, what each seat scored and why, and the totals.

    * ``statuses``: why each seat scored what it did (:class:`Status`: declared,
      the last player in, dropped, a wrong declaration, a hand counted, or out
      of the pool and not dealt in); ``points`` what it scored; ``totals`` the
      totals after the deal.
    * ``hands``: each seat's last 13 cards; ``groupings``: a counted hand laid
      out in its best groups (``None`` for the others); ``declared``: the
      groups the winner showed; ``faults``: why a wrong declaration was wrong.
    * ``eliminated``: the seats whose total reached the pool's limit in this deal.
    """

    deal_number: int
    dealer: int
    wild_card: AnyCard | None
    wild_rank: Rank | None
    winner: int | None
    ending: Ending
    statuses: tuple[Status, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    hands: tuple[Cards, ...]
    groupings: tuple[Grouping | None, ...]
    declared: tuple[Cards, ...] = ()
    faults: tuple[str, ...] = ()
    eliminated: tuple[int, ...] = ()
    turns: int = 0

    def how(self, names: Sequence[str]) -> str:
        """How the deal ended, in words, with the players' ``names`` (seat order)."""
        turns = f"{self.turns} turn{'s' * (self.turns != 1)}"
        if self.ending is Ending.DECLARED:
            return f"{names[self.winner]} declared" if self.winner is not None else "declared"
        if self.ending is Ending.LAST_IN and self.winner is not None:
            return f"{names[self.winner]} was the last player in the deal"
        if self.ending is Ending.TURN_LIMIT:
            return f"it reached the turn limit ({turns}) with no declaration"
        return "the stock ran out with nothing to make a new one"

    def why(self, seat: int) -> str:
        """Why ``seat`` scored what it did, in words."""
        status = self.statuses[seat]
        if status is Status.WRONG_DECLARATION and self.faults and self.faults[seat]:
            return f"{status.value}: {self.faults[seat]}"
        return status.value

    def __str__(self) -> str:
        names = [f"seat {s}" for s in range(len(self.points))]
        if self.wild_card is None:
            wild = "only the jokers wild"
        elif self.wild_rank is None:
            wild = f"{self.wild_card} turned, only the jokers wild"
        else:
            wild = f"{self.wild_card} turned, {self.wild_rank.plural} wild"
        scores = ", ".join(
            f"seat {s}: {p} ({self.why(s)})"
            for s, p in enumerate(self.points)
            if self.statuses[s] is not Status.OUT_OF_POOL
        )
        return f"deal {self.deal_number} ({wild}): {self.how(names)}; {scores}"


@dataclass(frozen=True)
class IndianRummyObservation:
    """What one seat may see: its hand, the turned card, the top of the discard
    pile, the sizes of the hidden piles and hands, and the public record (who
    is still in the deal, who has drawn, the deal's actions, the totals)."""

    seat: int
    num_players: int
    rules: IndianRummyRules
    deal_number: int
    dealer: int
    current_player: int
    phase: Phase
    hand: Cards
    wild_card: AnyCard | None
    wild_rank: Rank | None
    discard_top: AnyCard | None
    discard_size: int
    stock_size: int
    hand_sizes: tuple[int, ...]
    statuses: tuple[Status, ...]
    drawn: tuple[bool, ...]
    turns_played: int
    totals: tuple[int, ...]
    deal_log: tuple[tuple[int, Action], ...]
    results: tuple[DealResult, ...]

    @property
    def taken(self) -> AnyCard | None:
        """The card this seat took from the discard pile this turn, if any."""
        if self.phase is Phase.DISCARD and self.deal_log:
            seat, action = self.deal_log[-1]
            if seat == self.seat and action.move is Move.TAKE:
                return action.card
        return None

    @property
    def first_turn(self) -> bool:
        """Whether this seat has not drawn yet in this deal (a drop costs ``first_drop``)."""
        return not self.drawn[self.seat]

    def taken_by(self, seat: int) -> Cards:
        """The cards ``seat`` took from the discard pile this deal (everyone sees them)."""
        return Cards(a.card for s, a in self.deal_log if s == seat and a.move is Move.TAKE)  # type: ignore[misc]

    def discarded_by(self, seat: int) -> Cards:
        """The cards ``seat`` discarded (or finished with) this deal."""
        return Cards(
            a.card  # type: ignore[misc]
            for s, a in self.deal_log
            if s == seat and a.move in (Move.DISCARD, Move.DECLARE)
        )


@lru_cache(maxsize=16)
def _deck(decks: int, jokers_per_deck: int) -> Cards:
    return standard_deck(decks, jokers_per_deck)


def _subseed(seed: int, *parts: object) -> int:
    """A seed for one chance step of a game, the same on every machine."""
    text = repr((seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def _without(cards: Sequence[AnyCard], card: AnyCard) -> list[AnyCard]:
    rest = list(cards)
    rest.remove(card)
    return rest


@dataclass(frozen=True)
class IndianRummyState:
    """A moment of a game (an immutable value; :meth:`apply_action` returns a new one).

    * ``hands``: each seat's cards, sorted by suit; ``stock`` and ``discard``:
      the two piles, top card **last**; ``wild_card``: the card turned up after
      the deal (``None`` when the rules turn none up).
    * ``player`` and ``phase``: who acts, and whether they draw or discard.
    * ``statuses``: who is still playing the deal (:class:`Status`); ``drawn``:
      who has drawn in it (a drop before that costs ``rules.first_drop``).
    * ``turns_played``, ``restocks``: turns over in the deal (for
      ``rules.turn_limit``) and how often its stock was made again.
    * ``totals``, ``results``: points so far, and a :class:`DealResult` for each
      finished deal.
    * ``deal_log``: this deal's ``(seat, action)`` pairs (public: a ``draw``
      names no card); ``moves``: every action of the game, for :func:`replay`.
    """

    rules: IndianRummyRules
    seed: int
    num_players: int
    first_dealer: int
    deal_number: int
    dealer: int
    hands: tuple[Cards, ...]
    stock: Cards
    discard: Cards
    wild_card: AnyCard | None
    player: int
    phase: Phase
    statuses: tuple[Status, ...]
    drawn: tuple[bool, ...]
    turns_played: int
    restocks: int
    totals: tuple[int, ...]
    results: tuple[DealResult, ...]
    deal_log: tuple[tuple[int, Action], ...]
    moves: tuple[Action, ...]

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str],
        discard: str,
        stock: str = "",
        wild_card: str | None = None,
        rules: IndianRummyRules = SOURCE_RULES,
        *,
        seed: int = 0,
    ) -> IndianRummyState:
        """A first deal dealt as given, for lessons, examples and tests.

        ``hands`` are the seats' 13 cards, ``discard`` the face-up pile (its top
        card last), ``stock`` the cards drawn from the stock first, in the order
        they are drawn, and ``wild_card`` the card turned up (``None``: the rules
        turn none up, or it is dealt from ``seed``).  The rest of the pack lies
        under the stock, shuffled by ``seed``, so every card is still in play.
        Seat 0 acts first (the last seat dealt), and the deals that follow are
        dealt from ``seed`` as :func:`new_game` deals them.  The state's
        ``moves`` replay from this state, not from :func:`new_game`.

        >>> state = IndianRummyState.from_hands(
        ...     ["2s 3s 4s 7h 8h 9h Kd Kc Ks 5c 6c Jd Qh", "Ad 2d 3d 4d 5h 5d 9c 9d Th Jh Js Qs Qd"],
        ...     discard="8c", stock="7c", wild_card="Jc")
        >>> state.current_player(), state.dealer, str(state.wild_rank)
        (0, 1, 'J')
        >>> str(state.apply_action(DRAW).hands[0])
        '2♠ 3♠ 4♠ K♠ 7♥ 8♥ 9♥ Q♥ J♦ K♦ 5♣ 6♣ 7♣ K♣'
        """
        players = len(hands)
        check_players(players)
        decks = rules.decks_for(players)
        deck = _deck(decks, rules.jokers_per_deck)
        if wild_card is not None and not rules.wild_card:
            raise RulesError("these rules turn up no wild card (wild_card=False)")
        texts = [*hands, discard, stock, wild_card or ""]
        parts = split_named_cards(texts, deck, decks, rules.jokers_per_deck > 0, "pack")
        *dealt, face_up, drawn, turned = parts
        for seat, hand in enumerate(dealt):
            if len(hand) != HAND_SIZE:
                raise CardCountError(
                    f"a deal gives {HAND_SIZE} cards to each player, "
                    f"but seat {seat} holds {len(hand)}: {hand}"
                )
        if not face_up:
            raise CardCountError("a deal starts with a card face up on the discard pile")
        named = set().union(*parts)
        rest = list(shuffled([c for c in deck if c not in named], seed=_subseed(seed, "deal", 1)))
        if rules.wild_card and not turned:
            turned = Cards(rest[:1])
            rest = rest[1:]
        if not rest and not drawn:
            raise CardCountError("no card is left for the stock")
        state = _fresh(rules, seed, players, players - 1)
        return replace(
            state,
            hands=tuple(_sorted(h) for h in dealt),
            stock=Cards([*rest, *reversed(drawn)]),
            discard=face_up,
            wild_card=turned[0] if turned else None,
            player=0,
        )

    # -- the common engine shape ------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or :data:`~rules_lib.engine.TERMINAL` once the game is over."""
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    @property
    def wild_rank(self) -> Rank | None:
        """The rank the turned card makes wild (``None``: only the printed jokers)."""
        return self.rules.wild_rank_for(self.wild_card)

    @property
    def in_pool(self) -> tuple[bool, ...]:
        """Which seats are still in the game (in a pool, below ``rules.pool_limit``)."""
        if self.rules.format != "pool":
            return (True,) * self.num_players
        return tuple(t < self.rules.pool_limit for t in self.totals)

    def winners(self) -> tuple[int, ...]:
        """The seats ahead: in a pool the one player left below the limit, else
        (or if no one is left, or the pool stopped at ``rules.deal_limit``) the
        lowest total among the players still in (several on a tie)."""
        seats = [s for s, inside in enumerate(self.in_pool) if inside]
        if not seats and self.results:  # everyone left reached the limit in the last deal
            last = self.results[-1].statuses
            seats = [s for s, status in enumerate(last) if status is not Status.OUT_OF_POOL]
        low = min(self.totals[s] for s in seats)
        return tuple(s for s in seats if self.totals[s] == low)

    def returns(self) -> tuple[float, ...]:
        """Each seat's result, higher better (meaningful once terminal).

        * ``"points"``: the deal's winner takes the sum of the others' points,
          each of whom loses theirs (a deal with no winner: each loses theirs).
        * ``"pool"``: every player stakes 1 and the winner takes the pot
          (``players - 1``; the others -1; shared on a tie).
        * ``"deals"``: each seat's total, negated (the lowest total wins).
        """
        players = self.num_players
        if not self.results:
            return (0.0,) * players
        if self.rules.format == "points":
            last = self.results[-1]
            result = [-float(p) for p in last.points]
            if last.winner is not None:
                result[last.winner] = float(sum(last.points))
            return tuple(result)
        if self.rules.format == "pool":
            if not self.is_terminal():
                return (0.0,) * players
            winners = self.winners()
            share = players / len(winners) - 1
            return tuple(share if s in winners else -1.0 for s in range(players))
        return tuple(-float(t) for t in self.totals)

    @cached_property
    def _legal(self) -> tuple[Action, ...]:
        if self.is_terminal():
            return ()
        if self.phase is Phase.DRAW:
            take = () if self._take_problem() else (Action(Move.TAKE, self.discard[-1]),)
            return (DRAW, *take, DROP)
        hand = self.hands[self.player]
        candidates: list[AnyCard] = []
        taken = self._taken
        for card in hand:
            if taken is not None and _same_card(card, taken):
                continue
            if any(_same_card(card, c) for c in candidates):
                continue
            candidates.append(card)
        return (*self._declarations(candidates), *(Action(Move.DISCARD, c) for c in candidates))

    def _declarations(self, candidates: Sequence[AnyCard]) -> list[Action]:
        """A right declaration for each card the player may finish with: its best groups."""
        hand = self.hands[self.player]
        if not best_grouping(hand, self.rules, self.wild_rank).is_declaration:
            return []
        found = []
        for card in candidates:
            grouping = best_grouping(_without(hand, card), self.rules, self.wild_rank)
            if grouping.is_declaration:
                groups = tuple(Cards(g.cards) for g in grouping.groups)
                found.append(Action(Move.DECLARE, card, groups))
        return found

    @cached_property
    def _legal_set(self) -> frozenset[Action]:
        return frozenset(self._legal)

    def legal_actions(self) -> list[Action]:
        """Every listed legal action: ``draw``, ``take``, ``drop``; or the right
        declarations (one grouping each, the best) before the discards.

        Of two identical cards (two decks) only one is offered.  Any other
        declaration of the player's own cards in groups is legal too (see
        :meth:`check`): a wrong one costs ``rules.wrong_declaration``.
        """
        return list(self._legal)

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (``check(action).legal``)."""
        return self.check(action).legal

    def check(self, action: Action | str) -> Ruling[Action]:
        """Whether ``action`` (or its text) is legal now; if not, why, and the
        listed legal actions instead.  A declaration of the player's own cards
        is legal whether its groups are right or not (a wrong one is penalised).

        >>> state = new_game(seed=7)
        >>> ruling = state.check("discard 2c")
        >>> ruling.legal, ruling.reason, [str(a) for a in ruling.alternatives]
        (False, 'you must draw first: draw from the stock or take the top discard', ['draw', 'take 10♣', 'drop'])
        """
        if isinstance(action, str):
            try:
                action = self._resolve(Action.parse(action))
            except NotationError as error:
                return Ruling(False, str(error), self._legal)
        if not isinstance(action, Action):
            return Ruling(
                False, f"{action!r} is not an Indian Rummy action (see Action.parse)", self._legal
            )
        if action in self._legal_set:
            return LEGAL
        if self.is_terminal():
            return Ruling(False, f"{action} is not legal: the game is over")
        reason = self._reason(action)
        if not reason:
            return LEGAL
        return Ruling(False, reason, self._legal)

    def _take_problem(self) -> str:
        """Why the top discard may not be taken now ("" when it may)."""
        if not self.discard:
            return "the discard pile is empty"
        top = self.discard[-1]
        if (
            not self.rules.take_wild_from_discard
            and self.drawn[self.player]
            and is_wild(top, self.wild_rank)
        ):
            what = "a joker" if isinstance(top, Joker) else f"the {top}, a wild card,"
            return (
                f"you cannot take {what} from the discard pile under these rules "
                "(take_wild_from_discard=False), except on your first turn"
            )
        return ""

    def _reason(self, action: Action) -> str:
        """Why ``action``, not listed now, is not legal ("" when it is: a declaration)."""
        card = action.card
        if self.phase is Phase.DRAW:
            if action.move in (Move.DISCARD, Move.DECLARE):
                return "you must draw first: draw from the stock or take the top discard"
            problem = self._take_problem()
            if problem:
                return problem
            return f"the top of the discard pile is {self.discard[-1]}, not {card}"
        if action.move is Move.DROP:
            return "you may drop only at the start of your turn, before you draw"
        if action.move in (Move.DRAW, Move.TAKE):
            return "you have drawn already: discard a card, or declare"
        hand = self.hands[self.player]
        assert card is not None
        if card not in hand:
            return self._not_held(card, hand)
        taken = self._taken
        if taken is not None and _same_card(card, taken):
            verb = "finish with" if action.move is Move.DECLARE else "discard"
            return f"you cannot {verb} the {card} you have just taken from the discard pile"
        if action.move is Move.DISCARD:  # an identical copy of a card the player holds twice
            return f"you cannot discard that copy of the {card}; use the one offered"
        shown = Counter([card, *(c for g in action.groups for c in g)])
        held = Counter(hand)
        for extra in shown - held:
            return self._not_held(extra, hand, declared=True)
        missing = held - shown
        if missing:
            return (
                f"your declaration leaves out {_sorted(list(missing.elements()))}: "
                f"show all {HAND_SIZE} cards but the one you finish with, in groups"
            )
        return ""

    def _not_held(self, card: AnyCard, hand: Cards, *, declared: bool = False) -> str:
        where = " of your declaration" if declared else ""
        copies = [c for c in hand if _same_card(c, card)]
        if declared and len(copies) == 1 and Counter(map(_face, hand))[_face(card)] == 1:
            return f"your declaration shows the {card} twice; you hold one"
        if copies:
            return f"the {card}{where} is the other deck's copy of yours: use the card you hold"
        return f"the {card}{where} is not in your hand"

    def apply_action(self, action: Action | str) -> IndianRummyState:
        """The state after ``action`` (or its text, read by :meth:`parse_action`);
        an illegal action raises and changes nothing."""
        if isinstance(action, str):
            action = self.parse_action(action)
        ruling = self.check(action)
        if not ruling.legal:
            raise IllegalActionError(str(ruling))
        seat = self.player
        log = (*self.deal_log, (seat, action))
        moves = (*self.moves, action)
        hands = list(self.hands)
        drawn = list(self.drawn)
        if action.move in (Move.DRAW, Move.TAKE):
            pile = self.stock if action.move is Move.DRAW else self.discard
            hands[seat] = _sorted([*hands[seat], pile[-1]])
            drawn[seat] = True
            drawing = action.move is Move.DRAW
            return replace(
                self,
                hands=tuple(hands),
                stock=Cards(pile[:-1]) if drawing else self.stock,
                discard=self.discard if drawing else Cards(pile[:-1]),
                phase=Phase.DISCARD,
                drawn=tuple(drawn),
                deal_log=log,
                moves=moves,
            )
        statuses = list(self.statuses)
        if action.move is Move.DROP:
            statuses[seat] = Status.MIDDLE_DROP if self.drawn[seat] else Status.FIRST_DROP
            state = replace(self, statuses=tuple(statuses), deal_log=log, moves=moves)
            return state._next_turn(count=False)
        card = action.card
        assert card is not None
        hands[seat] = Cards(_without(hands[seat], card))
        state = replace(
            self,
            hands=tuple(hands),
            discard=Cards([*self.discard, card]),
            deal_log=log,
            moves=moves,
        )
        if action.move is Move.DECLARE:
            if check_declaration(action.groups, self.rules, self.wild_rank, hands[seat]).valid:
                return state._end_deal(Ending.DECLARED, winner=seat)
            statuses[seat] = Status.WRONG_DECLARATION
            state = replace(state, statuses=tuple(statuses))
        return state._next_turn(count=True)

    def _next_turn(self, *, count: bool) -> IndianRummyState:
        """Pass the turn on (a turn just ended when ``count``), or end the deal."""
        playing = [s for s, status in enumerate(self.statuses) if status is Status.PLAYING]
        if len(playing) == 1:
            return self._end_deal(Ending.LAST_IN, winner=playing[0])
        turns = self.turns_played + count
        state = replace(
            self, player=self._next_playing(self.player), phase=Phase.DRAW, turns_played=turns
        )
        limit = self.rules.turn_limit
        if limit is not None and turns >= limit:
            return state._end_deal(Ending.TURN_LIMIT)
        if not state.stock:
            return state._restock()
        return state

    def _next_playing(self, seat: int) -> int:
        for step in range(1, self.num_players + 1):
            following = (seat + step) % self.num_players
            if self.statuses[following] is Status.PLAYING:
                return following
        raise RulesError("no one is playing this deal")  # pragma: no cover

    def observation(self, seat: int) -> IndianRummyObservation:
        """What ``seat`` may see."""
        if not 0 <= seat < self.num_players:
            raise RulesError(f"no seat {seat} at a table of {self.num_players}")
        return IndianRummyObservation(
            seat=seat,
            num_players=self.num_players,
            rules=self.rules,
            deal_number=self.deal_number,
            dealer=self.dealer,
            current_player=self.player,
            phase=self.phase,
            hand=self.hands[seat],
            wild_card=self.wild_card,
            wild_rank=self.wild_rank,
            discard_top=self.discard[-1] if self.discard else None,
            discard_size=len(self.discard),
            stock_size=len(self.stock),
            hand_sizes=tuple(len(h) for h in self.hands),
            statuses=self.statuses,
            drawn=self.drawn,
            turns_played=self.turns_played,
            totals=self.totals,
            deal_log=self.deal_log,
            results=self.results,
        )

    def zones(self) -> dict[str, Cards]:
        """Where every card is: each seat's hand, the stock, the discard pile and
        the card turned up (face up, under the stock)."""
        zones = {f"hand {s}": h for s, h in enumerate(self.hands)}
        zones["stock"] = self.stock
        zones["discard"] = self.discard
        zones["wild card"] = Cards(() if self.wild_card is None else (self.wild_card,))
        return zones

    def deck(self) -> Cards:
        """Every card of the game: one or two decks by the number of players, with
        ``rules.jokers_per_deck`` printed jokers in each."""
        return _deck(self.rules.decks_for(self.num_players), self.rules.jokers_per_deck)

    @property
    def _taken(self) -> AnyCard | None:
        if self.phase is Phase.DISCARD and self.deal_log:
            _seat, last = self.deal_log[-1]
            if last.move is Move.TAKE:
                return last.card
        return None

    def _resolve(self, wanted: Action) -> Action:
        """``wanted`` with each card replaced by the copy the player holds (or the
        one on the discard pile): no one can tell two decks' copies apart."""
        if self.is_terminal() or wanted.card is None:
            return wanted
        if wanted.move is Move.TAKE:
            top = self.discard[-1] if self.discard else None
            if top is not None and _same_card(top, wanted.card):
                return Action(Move.TAKE, top)
            return wanted
        pool = list(self.hands[self.player])
        taken = self._taken

        def pick(card: AnyCard) -> AnyCard:
            copies = [c for c in pool if _same_card(c, card)]
            if not copies:
                return card
            # finishing or discarding: not the copy just taken, when there is another
            if taken is not None and len(copies) > 1 and wanted.move is not Move.DECLARE:
                copies = [c for c in copies if c != taken] or copies
            chosen = card if card in copies else copies[0]
            pool.remove(chosen)
            return chosen

        if wanted.move is Move.DISCARD:
            offered = [a for a in self._legal if a.move is Move.DISCARD]
            for action in offered:
                if _same_card(action.card, wanted.card):  # type: ignore[arg-type]
                    return action
            return Action(Move.DISCARD, pick(wanted.card))
        # a declaration: the groups first, so that the finish card takes what is left
        groups = tuple(Cards(pick(c) for c in g) for g in wanted.groups)
        return Action(Move.DECLARE, pick(wanted.card), groups)

    def parse_action(self, text: str) -> Action:
        """The legal action a player means by ``text`` (``take`` alone takes the
        top card; cards are matched by rank and suit, so with two decks either
        copy's name finds the one held).

        >>> state = new_game(seed=7)
        >>> state.parse_action("take")
        Action.parse('take 10♣')
        """
        words = text.strip().lower()
        if words in ("take", "take discard", "pick") and self.phase is Phase.DRAW and self.discard:
            words = f"take {self.discard[-1]}"
        wanted = self._resolve(Action.parse(words))
        ruling = self.check(wanted)
        if not ruling.legal:
            raise IllegalActionError(str(ruling))
        return wanted

    def __str__(self) -> str:
        if self.is_terminal():
            totals = ", ".join(f"seat {s}: {t}" for s, t in enumerate(self.totals))
            deals = len(self.results)
            return (
                f"game over after {deals} deal{'s' * (deals != 1)}; totals {totals}; "
                f"winner(s) {self.winners()}"
            )
        top = self.discard[-1] if self.discard else "nothing"
        wild = "no wild rank" if self.wild_rank is None else f"{self.wild_rank.plural} wild"
        return (
            f"deal {self.deal_number} ({wild}), seat {self.player} to {self.phase.value}; "
            f"discard pile shows {top}; stock {len(self.stock)}"
        )

    # -- the end of a deal -------------------------------------------------------

    def _restock(self) -> IndianRummyState:
        if len(self.discard) < 2:
            return self._end_deal(Ending.STOCK_OUT)
        seed = _subseed(self.seed, "restock", self.deal_number, self.restocks)
        return replace(
            self,
            stock=shuffled(self.discard[:-1], seed=seed),
            discard=Cards(self.discard[-1:]),
            restocks=self.restocks + 1,
        )

    def _end_deal(self, ending: Ending, winner: int | None = None) -> IndianRummyState:
        """Score the deal, then deal the next one (or end the game)."""
        rules, wild = self.rules, self.wild_rank
        statuses: list[Status] = []
        points: list[int] = []
        groupings: list[Grouping | None] = []
        faults = [""] * self.num_players
        for seat, status in enumerate(self.statuses):
            grouping = None
            if seat == winner:
                status = Status.DECLARED if ending is Ending.DECLARED else Status.LAST_IN
                score = 0
            elif status is Status.PLAYING:
                status = Status.COUNTED
                grouping = best_grouping(self.hands[seat], rules, wild)
                score = hand_points(self.hands[seat], rules, wild)
            elif status is Status.FIRST_DROP or status is Status.MIDDLE_DROP:
                score = rules.drop_points(first=status is Status.FIRST_DROP)
            elif status is Status.WRONG_DECLARATION:
                score = rules.wrong_declaration
                faults[seat] = self._fault(seat)
            else:
                score = 0
            statuses.append(status)
            points.append(score)
            groupings.append(grouping)
        totals = tuple(t + p for t, p in zip(self.totals, points))
        eliminated: tuple[int, ...] = ()
        if rules.format == "pool":
            limit = rules.pool_limit
            eliminated = tuple(
                s for s, t in enumerate(totals) if t >= limit and self.totals[s] < limit
            )
        declared: tuple[Cards, ...] = ()
        if ending is Ending.DECLARED and winner is not None:
            declared = self.deal_log[-1][1].groups
        result = DealResult(
            deal_number=self.deal_number,
            dealer=self.dealer,
            wild_card=self.wild_card,
            wild_rank=wild,
            winner=winner,
            ending=ending,
            statuses=tuple(statuses),
            points=tuple(points),
            totals=totals,
            hands=self.hands,
            groupings=tuple(groupings),
            declared=declared,
            faults=tuple(faults),
            eliminated=eliminated,
            turns=self.turns_played + (ending is Ending.DECLARED),
        )
        done = replace(self, totals=totals, results=(*self.results, result))
        if done._game_over():
            return replace(done, player=TERMINAL)
        return _deal(done, self.deal_number + 1, done._next_dealer())

    def _fault(self, seat: int) -> str:
        """Why ``seat``'s declaration in this deal was wrong."""
        for who, action in reversed(self.deal_log):
            if who == seat and action.move is Move.DECLARE:
                hand = [c for g in action.groups for c in g]
                return check_declaration(action.groups, self.rules, self.wild_rank, hand).fault
        return ""  # pragma: no cover

    def _game_over(self) -> bool:
        rules = self.rules
        if rules.format == "points":
            return True
        if rules.format == "deals":
            return self.deal_number >= rules.deals
        left = sum(self.in_pool)
        return left <= 1 or (rules.deal_limit is not None and self.deal_number >= rules.deal_limit)

    def _next_dealer(self) -> int:
        """The deal passes left, to the next player still in the game."""
        inside = self.in_pool
        for step in range(1, self.num_players + 1):
            seat = (self.dealer + step) % self.num_players
            if inside[seat]:
                return seat
        return (self.dealer + 1) % self.num_players  # pragma: no cover


def _deal(state: IndianRummyState, deal_number: int, dealer: int) -> IndianRummyState:
    """Deal ``deal_number``: 13 cards to each player in the game, one at a time from
    the dealer's left; turn up the wild card, then the first discard."""
    players = state.num_players
    inside = state.in_pool
    seats = [(dealer + k) % players for k in range(1, players + 1)]
    seats = [s for s in seats if inside[s]]
    order = shuffled(state.deck(), seed=_subseed(state.seed, "deal", deal_number))
    hands: list[list[AnyCard]] = [[] for _ in range(players)]
    for k in range(HAND_SIZE * len(seats)):
        hands[seats[k % len(seats)]].append(order[k])
    rest = order[HAND_SIZE * len(seats) :]
    turned = rest[:1] if state.rules.wild_card else ()
    rest = rest[len(turned) :]
    return replace(
        state,
        deal_number=deal_number,
        dealer=dealer,
        hands=tuple(_sorted(h) for h in hands),
        stock=Cards(reversed(rest[1:])),
        discard=Cards(rest[:1]),
        wild_card=turned[0] if turned else None,
        player=seats[0],
        phase=Phase.DRAW,
        statuses=tuple(Status.PLAYING if inside[s] else Status.OUT_OF_POOL for s in range(players)),
        drawn=(False,) * players,
        turns_played=0,
        restocks=0,
        deal_log=(),
    )


def _fresh(rules: IndianRummyRules, seed: int, players: int, first_dealer: int) -> IndianRummyState:
    """A game before its first deal: every seat in, no points yet."""
    return IndianRummyState(
        rules=rules,
        seed=seed,
        num_players=players,
        first_dealer=first_dealer,
        deal_number=1,
        dealer=first_dealer,
        hands=(Cards(),) * players,
        stock=Cards(),
        discard=Cards(),
        wild_card=None,
        player=0,
        phase=Phase.DRAW,
        statuses=(Status.PLAYING,) * players,
        drawn=(False,) * players,
        turns_played=0,
        restocks=0,
        totals=(0,) * players,
        results=(),
        deal_log=(),
        moves=(),
    )


def new_game(
    seed: int = 0,
    players: int = 2,
    rules: IndianRummyRules = SOURCE_RULES,
    *,
    first_dealer: int | None = None,
) -> IndianRummyState:
    """A new game, its first deal dealt.  The first dealer is drawn from ``seed`` unless given.

    >>> game = new_game(seed=1, players=4)
    >>> len(game.deck()), len(game.stock), game.dealer, game.current_player()
    (106, 52, 1, 2)
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RulesError(f"a seed is a whole number, not {seed!r}")
    check_players(players)
    if first_dealer is None:
        first_dealer = _subseed(seed, "first dealer") % players
    if not 0 <= first_dealer < players:
        raise RulesError(f"no seat {first_dealer} at a table of {players}")
    return _deal(_fresh(rules, seed, players, first_dealer), 1, first_dealer)
