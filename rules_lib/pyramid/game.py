"""A game of Pyramid in the library's engine shape: a seeded deal, moves, undo.

One player; the state is an immutable value.  The actions are :class:`Take`
(one king, or two cards whose values add up to 13), :data:`TURN` (the
stock's top card onto the waste) and :data:`AGAIN` (the waste turned over as
a new stock, when the rules allow another pass).

>>> game = new_game(7)
>>> len(game.pyramid), game.stock_top is not None, game.waste_top
(28, True, None)
>>> [str(a) for a in game.legal_actions()][-1]
'turn'
>>> game.apply_action(Take.of("As", "Qh"))
Traceback (most recent call last):
...
rules_lib.errors.IllegalActionError: the Q♥ is not on the table: it is in the stock, under its top card

Where every card is, as every engine tells it:

>>> from rules_lib.engine import check_conservation
>>> check_conservation(game.zones(), game.deck())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from ..cards import Card, Cards, parse_card, shuffled
from ..engine import LEGAL, TERMINAL, Ruling
from ..errors import IllegalActionError, NotationError, RulesError
from .rules import COVERED_BY, DECK, PYRAMID_SIZE, STOCK_SIZE, PyramidRules, position, value

if TYPE_CHECKING:  # pragma: no cover
    from typing import TypeAlias

__all__ = [
    "AGAIN",
    "TURN",
    "Action",
    "PyramidObservation",
    "PyramidState",
    "Step",
    "Take",
    "new_game",
    "parse_action",
]

FULL_PYRAMID = (1 << PYRAMID_SIZE) - 1
FULL_STOCK = (1 << STOCK_SIZE) - 1


class Step(StrEnum):
    """The moves that take no card away."""

    TURN = "turn"
    AGAIN = "again"


#: Turn the stock's top card onto the waste.
TURN = Step.TURN
#: Turn the waste over as a new stock (another pass).
AGAIN = Step.AGAIN


@dataclass(frozen=True)
class Take:
    """Take away one king, or two cards whose values add up to 13.

    >>> str(Take.of("10d", "3s")), str(Take.of("Kc"))
    ('3♠ 10♦', 'K♣')
    """

    cards: tuple[Card, ...]

    @classmethod
    def of(cls, *tokens: str | Card) -> Take:
        """A take from cards or their notation, in a fixed order (lower value first)."""
        cards = [t if isinstance(t, Card) else _card(t) for t in tokens]
        return cls(tuple(sorted(cards, key=lambda c: (value(c), c.index))))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


if TYPE_CHECKING:  # pragma: no cover
    Action: TypeAlias = Take | Step
else:
    Action = Take | Step


def _card(token: str) -> Card:
    card = parse_card(token)
    if not isinstance(card, Card):
        raise NotationError(f"Pyramid is played without jokers, not with {token!r}")
    return card


def _a_card_of(number: int) -> str:
    """A card of that value, in words: "an ace", "a 7", "an 8", "a jack".

    >>> _a_card_of(1), _a_card_of(8), _a_card_of(11)
    ('an ace', 'an 8', 'a jack')
    """
    word = {1: "ace", 11: "jack", 12: "queen"}.get(number, str(number))
    return ("an " if word[0] in "a8" or word == "11" else "a ") + word


def parse_action(text: str) -> Action:
    """Read a move: ``turn``, ``again``, one king (``Kc``) or two cards (``3s 10d``, ``3s+Td``).

    >>> parse_action("3s+Td"), parse_action(" Turn ")
    (Take(cards=(Card.parse('3♠'), Card.parse('10♦'))), <Step.TURN: 'turn'>)
    >>> parse_action("3s 4d 6c")
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: a move takes one king or two cards, not 3 cards ('3s 4d 6c'); or write 'turn' or 'again'
    """
    words = text.strip().lower()
    for step in Step:
        if words == step.value:
            return step
    tokens = [t for t in words.replace("+", " ").replace(",", " ").split() if t]
    if len(tokens) not in (1, 2):
        raise NotationError(
            f"a move takes one king or two cards, not {len(tokens)} cards ({text!r}); "
            "or write 'turn' or 'again'"
        )
    return Take.of(*(_card(t) for t in tokens))


# --- a spot on the table: a pyramid place 0..27, or 28 + the card's place in the stock ---


def _lowest(bits: int) -> int:
    return (bits & -bits).bit_length() - 1


def stock_top_index(used: int, pos: int) -> int:
    """The stock index of the stock's top card (-1 if the stock is empty)."""
    rest = ~used & FULL_STOCK & ~((1 << pos) - 1)
    return _lowest(rest) if rest else -1


def waste_top_index(used: int, pos: int) -> int:
    """The stock index of the waste's top card (-1 if the waste is empty)."""
    rest = ~used & ((1 << pos) - 1)
    return rest.bit_length() - 1 if rest else -1


def is_free(gone: int, index: int) -> bool:
    """Whether pyramid place ``index`` is still there and covered by no card."""
    if gone >> index & 1:
        return False
    return all(gone >> c & 1 for c in COVERED_BY[index])


@dataclass(frozen=True)
class PyramidObservation:
    """What the player sees: the pyramid, the stock's and the waste's top cards, the counts."""

    pyramid: tuple[Card | None, ...]
    stock_top: Card | None
    waste_top: Card | None
    stock_cards: int
    waste_cards: int
    passes_left: int | None
    rules: PyramidRules


@dataclass(frozen=True)
class PyramidState:
    """A position: the deal, which cards are gone, how far the stock is turned, the pass.

    ``gone`` has bit ``i`` set when pyramid place ``i`` is empty; ``used``
    bit ``j`` when the stock's ``j``-th card (in the order of the first pass)
    has been taken away.  ``pos`` is the stock index of the stock's top card
    (24 when the stock is empty): the cards before it that are not used are
    the waste, the last of them on top.  ``progress`` is whether a card was
    taken away in this pass.
    """

    rules: PyramidRules
    seed: int | None
    layout: Cards
    stock_order: Cards
    gone: int = 0
    used: int = 0
    pos: int = 0
    pass_number: int = 1
    progress: bool = False
    moves: tuple[Action, ...] = ()
    _legal: tuple[Action, ...] = field(init=False, repr=False, compare=False, hash=False)

    num_players = 1

    def __post_init__(self) -> None:
        if len(self.layout) != PYRAMID_SIZE or len(self.stock_order) != STOCK_SIZE:
            raise RulesError(
                f"a Pyramid deal is {PYRAMID_SIZE} cards in the pyramid and {STOCK_SIZE} "
                f"in the stock, not {len(self.layout)} and {len(self.stock_order)}"
            )
        object.__setattr__(self, "_legal", tuple(self._legal_actions()))

    @classmethod
    def from_cards(
        cls,
        pyramid: str | Sequence[Card],
        stock: str | Sequence[Card],
        rules: PyramidRules | None = None,
    ) -> PyramidState:
        """A deal from its cards: the pyramid row by row from the top, the stock from its top.

        >>> from rules_lib.cards import standard_deck
        >>> deck = [str(c) for c in standard_deck()]
        >>> state = PyramidState.from_cards(" ".join(deck[:28]), " ".join(deck[28:]))
        >>> str(state.stock_top)
        '9♠'
        """
        from ..cards import parse_cards

        layout = parse_cards(pyramid) if isinstance(pyramid, str) else Cards(pyramid)
        order = parse_cards(stock) if isinstance(stock, str) else Cards(stock)
        if sorted(c.index for c in [*layout, *order] if isinstance(c, Card)) != list(range(52)):
            raise RulesError("a Pyramid deal holds each of the 52 cards once")
        return cls(rules or PyramidRules(), None, layout, order)

    # --- where the cards are -------------------------------------------------------

    @property
    def pyramid(self) -> tuple[Card | None, ...]:
        """The 28 places from the top, ``None`` where the card is gone."""
        return tuple(None if self.gone >> i & 1 else self._card(i) for i in range(PYRAMID_SIZE))

    def _card(self, spot: int) -> Card:
        card = self.layout[spot] if spot < PYRAMID_SIZE else self.stock_order[spot - PYRAMID_SIZE]
        assert isinstance(card, Card)
        return card

    @property
    def stock_top(self) -> Card | None:
        j = stock_top_index(self.used, self.pos)
        return None if j < 0 else self._card(PYRAMID_SIZE + j)

    @property
    def waste_top(self) -> Card | None:
        j = waste_top_index(self.used, self.pos)
        return None if j < 0 else self._card(PYRAMID_SIZE + j)

    def stock(self) -> Cards:
        """The stock from its top card down."""
        return Cards(
            self.stock_order[j] for j in range(self.pos, STOCK_SIZE) if not self.used >> j & 1
        )

    def waste(self) -> Cards:
        """The waste from its bottom card up (the last is its top)."""
        return Cards(self.stock_order[j] for j in range(self.pos) if not self.used >> j & 1)

    def removed(self) -> Cards:
        """The cards taken away, pyramid first."""
        return Cards(
            [self.layout[i] for i in range(PYRAMID_SIZE) if self.gone >> i & 1]
            + [self.stock_order[j] for j in range(STOCK_SIZE) if self.used >> j & 1]
        )

    def zones(self) -> dict[str, Cards]:
        """Where every card is: the pyramid, the stock, the waste and the cards taken away."""
        return {
            "pyramid": Cards(c for c in self.pyramid if c is not None),
            "stock": self.stock(),
            "waste": self.waste(),
            "removed": self.removed(),
        }

    def deck(self) -> Cards:
        return DECK

    def spot_of(self, card: Card) -> int:
        """Where ``card`` was dealt: a pyramid place 0..27 or 28 + its stock index."""
        for i, c in enumerate(self.layout):
            if c == card:
                return i
        for j, c in enumerate(self.stock_order):
            if c == card:
                return PYRAMID_SIZE + j
        raise NotationError(f"{card} is not in this deal")

    def free_spots(self) -> list[int]:
        """The spots whose cards may be taken now: free pyramid places, the two tops."""
        spots = [i for i in range(PYRAMID_SIZE) if is_free(self.gone, i)]
        top = stock_top_index(self.used, self.pos)
        waste = waste_top_index(self.used, self.pos)
        if top >= 0:
            spots.append(PYRAMID_SIZE + top)
        if waste >= 0:
            spots.append(PYRAMID_SIZE + waste)
        return spots

    @property
    def passes_left(self) -> int | None:
        """Passes still allowed after this one (None: no limit)."""
        if self.rules.passes is None:
            return None
        return self.rules.passes - self.pass_number

    # --- the engine's shape -----------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else 0

    def is_won(self) -> bool:
        """Whether the goal is met: the pyramid cleared (or, by the rules, every card)."""
        if self.gone != FULL_PYRAMID:
            return False
        return self.rules.goal == "pyramid" or self.used == FULL_STOCK

    def is_terminal(self) -> bool:
        """Won, or no move left."""
        return not self._legal

    def returns(self) -> tuple[float, ...]:
        """The number of cards taken away (a win under "pyramid" may leave stock cards)."""
        return (float(self.gone.bit_count() + self.used.bit_count()),)

    def legal_actions(self) -> tuple[Action, ...]:
        """Kings first, then pairs, then turn the stock, then go through it again."""
        return self._legal

    def _legal_actions(self) -> list[Action]:
        if self.is_won():
            return []
        actions: list[Action] = []
        spots = self.free_spots()
        pairs: list[tuple[int, int]] = []
        for a_i, a in enumerate(spots):
            if value(self._card(a)) == 13:
                actions.append(Take((self._card(a),)))
            for b in spots[a_i + 1 :]:
                if self._may_pair(a, b):
                    pairs.append((a, b))
        if self.rules.relaxed:
            pairs.extend(self._relaxed_pairs())
        actions.extend(Take.of(self._card(a), self._card(b)) for a, b in pairs)
        if stock_top_index(self.used, self.pos) >= 0:
            actions.append(TURN)
        elif self._may_go_again():
            actions.append(AGAIN)
        return actions

    def _may_pair(self, a: int, b: int) -> bool:
        if value(self._card(a)) + value(self._card(b)) != 13:
            return False
        return not (a >= PYRAMID_SIZE and b >= PYRAMID_SIZE and not self.rules.stock_waste_pairs)

    def _relaxed_pairs(self) -> list[tuple[int, int]]:
        """Pairs of a card and the one card left covering it (the relaxed rule)."""
        pairs = []
        for i in range(PYRAMID_SIZE):
            cover = COVERED_BY[i]
            if self.gone >> i & 1 or not cover:
                continue
            left = [c for c in cover if not self.gone >> c & 1]
            if (
                len(left) == 1
                and is_free(self.gone, left[0])
                and value(self._card(i)) + value(self._card(left[0])) == 13
            ):
                pairs.append((left[0], i))
        return pairs

    def _may_go_again(self) -> bool:
        if not self.waste():
            return False
        if self.rules.passes is None:
            return self.progress
        return self.pass_number < self.rules.passes

    def parse_action(self, text: str) -> Action:
        """Read a move written as a player would (:func:`parse_action`)."""
        return parse_action(text)

    def is_legal(self, action: Action | str) -> bool:
        try:
            parsed = parse_action(action) if isinstance(action, str) else action
        except NotationError:
            return False
        return parsed in self._legal

    def check(self, action: Action | str) -> Ruling[Action]:
        """Whether ``action`` may be taken now; if not, why (naming the cards and the rule).

        >>> game = new_game(7)
        >>> print(game.check("Qs 2s").reason)
        the 2♠ and the Q♠ add up to 14, not 13
        """
        try:
            parsed = parse_action(action) if isinstance(action, str) else action
        except NotationError as error:
            return Ruling(False, str(error), self._legal)
        if parsed in self._legal:
            return LEGAL
        return Ruling(False, self._why_not(parsed), self._legal)

    def _why_not(self, action: Action) -> str:
        if self.is_terminal():
            return "the game is over" + (": you won" if self.is_won() else ": no move is left")
        if action is TURN:
            return "the stock is empty: " + (
                "go through it again" if AGAIN in self._legal else self._no_pass_reason()
            )
        if action is AGAIN:
            if stock_top_index(self.used, self.pos) >= 0:
                return "the stock is not empty yet: turn its cards first"
            if not self.waste():
                return "the waste is empty: there is nothing to go through again"
            return self._no_pass_reason()
        if not isinstance(action, Take) or not action.cards:
            return f"{action!r} is not a move of Pyramid: take cards, turn, or go again"
        for card in action.cards:
            where = self.where(card)
            if where.startswith("not on the table"):
                return f"the {card} is {where}"
        total = sum(value(c) for c in action.cards)
        if len(action.cards) == 1:
            card = action.cards[0]
            if total != 13:
                return (
                    f"only a king goes alone; the {card} counts {total}: "
                    f"pair it with {_a_card_of(13 - total)}"
                )
        elif total != 13:
            first, second = action.cards
            return f"the {first} and the {second} add up to {total}, not 13"
        for card in action.cards:
            covering = self.covering(card)
            others = [b for b in covering if b not in action.cards]
            if others:
                return f"the {card} is covered by the " + " and the ".join(str(b) for b in covering)
            if covering:
                return (
                    f"the {card} is covered by the {covering[0]}: a card may pair with the one "
                    "card left covering it only under the relaxed rule"
                )
        if len(action.cards) == 2 and all(self.spot_of(c) >= PYRAMID_SIZE for c in action.cards):
            return "under these rules the stock's top card and the waste's top card pair only with the pyramid"
        return "that move is not allowed now"  # pragma: no cover

    def _no_pass_reason(self) -> str:
        if self.rules.passes is None:
            return "you went through the stock without taking a card away, so the game is over"
        n = self.rules.passes
        return f"these rules allow {n} pass{'es' if n != 1 else ''} through the stock"

    def where(self, card: Card) -> str:
        """Where ``card`` is now, in words ("in the pyramid", "on top of the waste", ...)."""
        spot = self.spot_of(card)
        if spot < PYRAMID_SIZE:
            if self.gone >> spot & 1:
                return "not on the table: it was taken away"
            row, _ = position(spot)
            return f"in row {row + 1} of the pyramid"
        j = spot - PYRAMID_SIZE
        if self.used >> j & 1:
            return "not on the table: it was taken away"
        if j == stock_top_index(self.used, self.pos):
            return "on top of the stock"
        if j == waste_top_index(self.used, self.pos):
            return "on top of the waste"
        if j >= self.pos:
            return "not on the table: it is in the stock, under its top card"
        return "not on the table: it is in the waste, under its top card"

    def covering(self, card: Card) -> list[Card]:
        """The cards that still cover ``card`` (none for a free card or one not in the pyramid)."""
        spot = self.spot_of(card)
        if spot >= PYRAMID_SIZE:
            return []
        return [self._card(c) for c in COVERED_BY[spot] if not self.gone >> c & 1]

    def apply_action(self, action: Action | str) -> PyramidState:
        """The position after ``action``; an illegal one raises, naming the card and the rule."""
        parsed = parse_action(action) if isinstance(action, str) else action
        if parsed not in self._legal:
            raise IllegalActionError(self._why_not(parsed))
        return self._after(parsed)

    def _after(self, action: Action) -> PyramidState:
        gone, used, pos, number, progress = (
            self.gone,
            self.used,
            self.pos,
            self.pass_number,
            self.progress,
        )
        if action is TURN:
            pos = stock_top_index(used, pos) + 1
        elif action is AGAIN:
            pos, number, progress = 0, number + 1, False
        else:
            assert isinstance(action, Take)
            for card in action.cards:
                spot = self.spot_of(card)
                if spot < PYRAMID_SIZE:
                    gone |= 1 << spot
                else:
                    used |= 1 << (spot - PYRAMID_SIZE)
            progress = True
        top = stock_top_index(used, pos)
        pos = STOCK_SIZE if top < 0 else top
        return replace(
            self,
            gone=gone,
            used=used,
            pos=pos,
            pass_number=number,
            progress=progress,
            moves=(*self.moves, action),
        )

    def undo(self) -> PyramidState:
        """The position before the last move (replayed from the deal)."""
        if not self.moves:
            raise IllegalActionError("there is no move to undo")
        state = replace(self, gone=0, used=0, pos=0, pass_number=1, progress=False, moves=())
        for action in self.moves[:-1]:
            state = state._after(action)
        return state

    def observation(self, seat: int = 0) -> PyramidObservation:
        """What the player sees (never the order of the stock below its top card)."""
        return PyramidObservation(
            pyramid=self.pyramid,
            stock_top=self.stock_top,
            waste_top=self.waste_top,
            stock_cards=len(self.stock()),
            waste_cards=len(self.waste()),
            passes_left=self.passes_left,
            rules=self.rules,
        )

    def status(self) -> str:
        """Where the game stands, in a sentence."""
        left = PYRAMID_SIZE - self.gone.bit_count()
        if self.is_won():
            return "You won: " + (
                "the pyramid is cleared." if self.rules.goal == "pyramid" else "every card is gone."
            )
        if self.is_terminal():
            return f"No move is left: {left} cards stay in the pyramid."
        passes = self.passes_left
        more = (
            "" if passes is None else f", {passes} more pass{'es' if passes != 1 else ''} allowed"
        )
        return (
            f"{left} cards in the pyramid, {len(self.stock())} in the stock, "
            f"{len(self.waste())} in the waste (pass {self.pass_number}{more})."
        )


def new_game(seed: int, rules: PyramidRules | None = None) -> PyramidState:
    """A seeded deal: the first 28 cards of the shuffled deck make the pyramid, row by row
    from the top; the other 24 are the stock, its top card face up.

    >>> game = new_game(2026)
    >>> new_game(2026) == game, len(game.stock()), game.current_player()
    (True, 24, 0)
    """
    deck = shuffled(DECK, seed)
    return PyramidState(
        rules or PyramidRules(), seed, Cards(deck[:PYRAMID_SIZE]), Cards(deck[PYRAMID_SIZE:])
    )
