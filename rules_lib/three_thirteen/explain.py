"""The reader at the table: practice hands, melds made by hand, turns told in words.

Everything a Three-Thirteen widget needs that is worth testing lives here as
plain functions and values, so the widgets only lay out and redraw.

* :func:`deal_hand`: a numbered practice hand for one round.
* :class:`MeldDraft`: the melds a reader has made from a hand so far, and
  what the cards left over cost; compared with :func:`~.melds.best_melds`.
* :func:`narrate`: a run of moves told as turns (:class:`Turn`) and the
  rounds they ended (:class:`~.game.RoundResult`); :func:`describe` says
  each in words.
* :func:`suggest`: what a bot would do in the reader's seat (a hint);
  :func:`why_not`: why a move is illegal, addressed by name;
  :func:`read_move`: a move typed as text, or what was wrong with it.
* :func:`standings`: places by total, ties sharing a place.

>>> draft = MeldDraft.of("5s 6s 7s 9h 9d 3c Kd", round_number=1)
>>> draft = draft.make("5s 6s 7s").make("9h 9d 3c")
>>> str(draft), draft.penalty
('[5♠ 6♠ 7♠] [9♥ 9♦ 3♣=9] left: K♦ — penalty 10', 10)
>>> draft.compare()
'Your melds leave 10 points; the best arrangement leaves 10: you found it.'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import AnyCard, Cards, Rank, parse_card, parse_cards, shuffled, standard_deck
from ..errors import CardCountError, IllegalActionError, NotationError
from .game import _MOVE_WORDS, Action, Move, Phase, RoundResult, ThreeThirteenState, _subseed
from .melds import (
    _MAX_COPIES,
    InvalidMeldError,
    Meld,
    MeldResult,
    _display_key,
    best_melds,
    make_meld,
    meld_problem,
)
from .rules import ThreeThirteenRules, cards_dealt, wild_rank

__all__ = [
    "MeldDraft",
    "Turn",
    "deal_hand",
    "describe",
    "narrate",
    "read_move",
    "standings",
    "suggest",
    "why_not",
]

SOURCE_RULES = ThreeThirteenRules()

#: The fewest and most cards a practice hand may hold (a hand after drawing in round 11 is 14).
HAND_SIZES = (3, 14)


def deal_hand(
    seed: int, round_number: int, rules: ThreeThirteenRules = SOURCE_RULES, decks: int = 1
) -> Cards:
    """The hand of ``round_number``'s size dealt from a deck shuffled by ``seed``, sorted.

    The same number deals the same hand on every machine; jokers join the
    deck when ``rules`` add them.

    >>> str(deal_hand(42, 1)), len(deal_hand(42, 11))
    ('4♣ J♦ K♥', 13)
    """
    deck = standard_deck(decks, rules.jokers)
    order = shuffled(deck, seed=_subseed(seed, "practice", round_number))
    return Cards(sorted(order[: cards_dealt(round_number)], key=_display_key))


def _remove(cards: Sequence[AnyCard], taken: Iterable[AnyCard]) -> Cards:
    rest = list(cards)
    for card in taken:
        rest.remove(card)
    return Cards(rest)


@dataclass(frozen=True)
class MeldDraft:
    """A hand, a round's wild rank and the melds a reader has made from it so far.

    Each method returns a new draft; the draft itself never changes.

    >>> draft = MeldDraft.of("Qs Ks As 2s 3s", round_number=1)
    >>> draft.make("Qs Ks As")
    Traceback (most recent call last):
    ...
    rules_lib.three_thirteen.melds.InvalidMeldError: Q♠ K♠ A♠ is not a meld: aces are low only under these rules, so a run ends at the king
    >>> draft.make("As 2s 3s").undo() == draft
    True
    """

    hand: Cards
    round_number: int
    rules: ThreeThirteenRules = SOURCE_RULES
    melds: tuple[Meld, ...] = ()
    _best: list[MeldResult] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def of(
        cls,
        cards: Iterable[AnyCard] | str,
        round_number: int,
        rules: ThreeThirteenRules = SOURCE_RULES,
    ) -> MeldDraft:
        """A draft of ``cards`` (typed text or cards; two copies of a card are allowed).

        >>> MeldDraft.of("As Kd", round_number=3)
        Traceback (most recent call last):
        ...
        rules_lib.errors.CardCountError: a hand to meld has 3 to 14 cards, not 2
        """
        if isinstance(cards, str):
            hand = parse_cards(cards, decks=_MAX_COPIES)
        else:
            hand = cards if isinstance(cards, Cards) else Cards(cards)
        low, high = HAND_SIZES
        if not low <= len(hand) <= high:
            raise CardCountError(f"a hand to meld has {low} to {high} cards, not {len(hand)}")
        wild_rank(round_number)  # checks the round
        return cls(Cards(sorted(hand, key=_display_key)), round_number, rules)

    @property
    def wild_rank(self) -> Rank:
        return wild_rank(self.round_number)

    @property
    def leftover(self) -> Cards:
        """The cards in no meld yet, in the hand's order."""
        return _remove(self.hand, (c for m in self.melds for c in m.cards))

    @property
    def penalty(self) -> int:
        """What the cards left over cost under the rules (wild cards at face value)."""
        return sum(self.rules.penalty(c) for c in self.leftover)

    def _cards(self, cards: Iterable[AnyCard] | str) -> Cards:
        """The reader's cards, matched to the hand's own copies (a typed ``As`` is any A♠)."""
        wanted = parse_cards(cards, decks=_MAX_COPIES) if isinstance(cards, str) else list(cards)
        free = list(self.leftover)
        chosen = []
        for card in wanted:
            match = next((c for c in free if c == card), None)
            if match is None:
                match = next((c for c in free if _same(c, card)), None)
            if match is None:
                raise InvalidMeldError(
                    f"{card} is not among the cards left to meld ({self.leftover})"
                )
            free.remove(match)
            chosen.append(match)
        return Cards(chosen)

    def problem(self, cards: Iterable[AnyCard] | str) -> str | None:
        """Why ``cards`` cannot be made a meld now (``None`` if they can)."""
        try:
            chosen = self._cards(cards)
        except InvalidMeldError as error:
            return str(error)
        return meld_problem(chosen, self.wild_rank, self.rules)

    def make(self, cards: Iterable[AnyCard] | str) -> MeldDraft:
        """The draft with ``cards`` laid out as one more meld (raises why not)."""
        chosen = self._cards(cards)
        meld = make_meld(chosen, self.wild_rank, self.rules)
        return MeldDraft(self.hand, self.round_number, self.rules, (*self.melds, meld), self._best)

    def undo(self) -> MeldDraft:
        """The draft without its last meld."""
        return MeldDraft(self.hand, self.round_number, self.rules, self.melds[:-1], self._best)

    def clear(self) -> MeldDraft:
        """The draft with no melds."""
        return MeldDraft(self.hand, self.round_number, self.rules, (), self._best)

    @property
    def result(self) -> MeldResult:
        """The draft as an arrangement: its melds, the cards left over and their penalty."""
        return MeldResult(self.melds, self.leftover, self.penalty)

    def best(self) -> MeldResult:
        """The minimum-penalty arrangement of the whole hand (computed once)."""
        if not self._best:
            self._best.append(best_melds(self.hand, self.wild_rank, self.rules))
        return self._best[0]

    def complete(self) -> MeldResult:
        """The melds made so far, then the melder's best arrangement of the cards left.

        This is the best a hand can do once some melds are chosen: the draft's
        melds stay, and only the rest is searched.

        >>> draft = MeldDraft.of("6s 6h 6d 7d 8d 4s 5s 10c Kc 2h", round_number=8)
        >>> str(draft.make("6s 6h 6d").complete())
        '[6♠ 6♥ 6♦] [7♦ 8♦ 10♣=9♦] left: 2♥ 4♠ 5♠ K♣ — penalty 21'
        """
        rest = best_melds(self.leftover, self.wild_rank, self.rules)
        return MeldResult((*self.melds, *rest.melds), rest.leftover, rest.penalty)

    def compare(self) -> str:
        """The reader's penalty against the best one, in a sentence."""
        best = self.best().penalty
        mine = self.penalty
        head = (
            f"Your melds leave {mine} point{'s' * (mine != 1)}; the best arrangement leaves {best}"
        )
        if mine == best:
            return head + ": you found it."
        return head + f", {mine - best} fewer."

    def __str__(self) -> str:
        return str(self.result)


def _same(a: AnyCard, b: AnyCard) -> bool:
    return str(a) == str(b)


# ---------------------------------------------------------------------------
# Turns told in words


@dataclass(frozen=True)
class Turn:
    """One player's turn: what they drew (``draw`` or ``take X``) and discarded.

    >>> t = Turn(round_number=2, seat=1, drew=Action.parse("take 7s"), discarded=Action.parse("go out 9d"))
    >>> t.took, str(t.discarded.card), t.went_out
    (Card.parse('7♠'), '9♦', True)
    """

    round_number: int
    seat: int
    drew: Action
    discarded: Action

    @property
    def took(self) -> AnyCard | None:
        """The card taken from the discard pile (``None``: drawn from the stock)."""
        return self.drew.card if self.drew.move is Move.TAKE else None

    @property
    def went_out(self) -> bool:
        return self.discarded.move is Move.GO_OUT

    def describe(self, names: Sequence[str]) -> str:
        """The turn in words: ``Bot A took 7♠, laid down their melds and went out, discarding 9♦``."""
        who = names[self.seat]
        got = "drew from the stock" if self.took is None else f"took {self.took}"
        if self.went_out:
            return (
                f"{who} {got}, laid down their melds and went out, discarding {self.discarded.card}"
            )
        return f"{who} {got} and discarded {self.discarded.card}"


def narrate(
    state: ThreeThirteenState, moves: Sequence[tuple[int, Action]]
) -> list[Turn | RoundResult]:
    """``moves`` (seat, action) played from ``state``, told as turns and finished rounds.

    When ``state`` is half-way through a turn, the turn's draw is read from
    its record, so a turn is always told whole.

    >>> from rules_lib.three_thirteen import new_game, GreedyBot
    >>> state = new_game(seed=7)
    >>> moves, s, rng = [], state, random.Random(0)
    >>> for _ in range(6):
    ...     action = GreedyBot().choose(s.observation(s.player), s.legal_actions(), rng)
    ...     moves.append((s.player, action))
    ...     s = s.apply_action(action)
    >>> for event in narrate(state, moves):
    ...     print(describe(event, ["you", "Bot A"]))
    Bot A took K♠, laid down their melds and went out, discarding 2♣
    you took 2♣ and discarded J♣
    Round 1 (threes wild) is over: Bot A went out; you +11, Bot A +0
    you took J♠ and discarded 8♦
    """
    told: list[Turn | RoundResult] = []
    drew: Action | None = None
    if state.phase is Phase.DISCARD and state.round_log:
        drew = state.round_log[-1][1]
    for seat, action in moves:
        round_number, done = state.round_number, len(state.results)
        state = state.apply_action(action)
        if action.move in (Move.DRAW, Move.TAKE):
            drew = action
            continue
        if drew is None:  # pragma: no cover - a discard always follows a draw
            raise IllegalActionError(f"seat {seat} discarded without drawing")
        told.append(Turn(round_number, seat, drew, action))
        drew = None
        told.extend(state.results[done:])
    return told


def describe(event: Turn | RoundResult, names: Sequence[str]) -> str:
    """A turn or the end of a round in words, with the players' ``names`` (seat order)."""
    if isinstance(event, Turn):
        return event.describe(names)
    how = event.ending(names)
    scores = ", ".join(f"{n} +{p}" for n, p in zip(names, event.penalties))
    return f"Round {event.round_number} ({event.wild_rank.plural} wild) is over: {how}; {scores}"


def why_not(state: ThreeThirteenState, action: Action, names: Sequence[str]) -> str:
    """Why ``action`` is not legal now, in words addressed to the players by name.

    >>> from rules_lib.three_thirteen import new_game
    >>> why_not(new_game(seed=7), Action.parse("discard 2c"), ["you", "Bot A"])
    'Bot A must draw first.'
    >>> drawn = new_game(seed=7).apply_action(Action.parse("take K♠"))
    >>> why_not(drawn, Action.parse("draw"), ["Bot A", "you"])
    'You have drawn already and must now discard.'
    """
    reason = state.check(action).reason
    for seat in reversed(range(len(names))):
        name = names[seat]
        if name.lower() == "you":  # "you have", "your hand", not "you has", "their hand"
            reason = reason.replace(f"seat {seat} has ", "you have ")
            reason = reason.replace(f"seat {seat} ", "you ").replace(" their hand", " your hand")
        reason = reason.replace(f"seat {seat} ", f"{name} ")
    return reason[:1].upper() + reason[1:] + "."


def read_move(state: ThreeThirteenState, text: str) -> Action:
    """The move a reader typed (``draw``, ``take 7♠``, ``discard 9d``, ``go out 9♦``),
    read for the player to move: ``take`` alone takes the top of the discard pile.

    Whether the move is legal is not judged here (:func:`why_not` says why not,
    as for a move made with the buttons).  A text that cannot be read raises
    :class:`~rules_lib.errors.NotationError` naming what was wrong, with a move
    that could be typed now.

    >>> from rules_lib.three_thirteen import new_game
    >>> state = new_game(seed=7)
    >>> read_move(state, "take"), read_move(state, "Discard 2c")
    (Action.parse('take K♠'), Action.parse('discard 2♣'))
    >>> read_move(state, "discard 2z")
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: “2z” is not a card: 'z' is not a suit (use s h d c or ♠ ♥ ♦ ♣). Type a move such as “draw” or “take K♠”.
    """
    words = text.replace(",", " ").split()
    lowered = [w.lower() for w in words]
    for size in (3, 2, 1):
        if len(words) >= size and " ".join(lowered[:size]) in _MOVE_WORDS:
            move, rest = _MOVE_WORDS[" ".join(lowered[:size])], words[size:]
            break
    else:
        what = (
            "Nothing was typed"
            if not words
            else f"“{text.strip()}” is not a move: a move starts with draw, take, discard or go out"
        )
        raise NotationError(f"{what}. {_try_instead(state)}")
    if move is Move.DRAW:
        if rest:
            raise NotationError(
                f"“draw” takes no card: the stock's top card is hidden. {_try_instead(state)}"
            )
        return Action(Move.DRAW)
    if move is Move.TAKE and not rest and state.discard:
        return Action(Move.TAKE, state.discard[-1])
    if len(rest) != 1:
        which = "Say which card" if not rest else f"Name one card, not {len(rest)},"
        raise NotationError(f"{which} to {move.value}. {_try_instead(state, move)}")
    try:
        card = parse_card(rest[0])
    except NotationError as error:
        why = str(error).split(": ", 1)[-1]
        raise NotationError(
            f"“{rest[0]}” is not a card: {why}. {_try_instead(state, move)}"
        ) from None
    return Action(move, card)


def _try_instead(state: ThreeThirteenState, move: Move | None = None) -> str:
    """Moves that may be typed now, as examples: of the kind ``move`` if it is
    legal now, else one of each kind that is."""
    legal = state.legal_actions()
    same = [a for a in legal if a.move is move]
    kinds = dict.fromkeys(a.move for a in legal)
    picks = same[:1] or [next(a for a in legal if a.move is k) for k in kinds]
    if not picks:
        return "No move can be made now."
    return "Type a move such as " + " or ".join(f"“{a}”" for a in picks) + "."


def suggest(state: ThreeThirteenState, bot: Any = None, seed: int = 0) -> Action:
    """What ``bot`` (a :class:`~.bots.WaryBot` unless given) would play in the current seat.

    >>> from rules_lib.three_thirteen import new_game
    >>> str(suggest(new_game(seed=7)))
    'take K♠'
    """
    if bot is None:
        from .bots import WaryBot

        bot = WaryBot()
    seat = state.current_player()
    action: Action = bot.choose(state.observation(seat), state.legal_actions(), random.Random(seed))
    return action


def standings(totals: Sequence[int]) -> list[tuple[int, int, int]]:
    """(place, seat, total) from the lowest total up; equal totals share a place.

    >>> standings([41, 12, 41, 30])
    [(1, 1, 12), (2, 3, 30), (3, 0, 41), (3, 2, 41)]
    """
    order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
    rows: list[tuple[int, int, int]] = []
    for i, seat in enumerate(order):
        place = rows[-1][0] if rows and totals[seat] == rows[-1][2] else i + 1
        rows.append((place, seat, totals[seat]))
    return rows
