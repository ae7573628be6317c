"""A hand of Tiến Lên as an immutable game state (the library's common engine shape).

>>> state = new_game(seed=0)
>>> state.current_player(), str(state.must_contain)
(1, '3♠')
>>> [str(a) for a in state.legal_actions()]
['3♠', '3♠ 4♥ 5♣', '3♠ 4♥ 5♣ 6♦']
>>> after = state.play("3♠ 4♥ 5♣")
>>> after.table, after.current_player()
(Play(Kind.STRAIGHT, parse_cards('3♠ 4♥ 5♣')), 2)
>>> [str(a) for a in after.legal_actions()]
['7♣ 8♦ 9♥', '7♦ 8♦ 9♥', '7♣ 8♦ 9♣', '7♦ 8♦ 9♣', '8♦ 9♥ 10♣', '8♦ 9♣ 10♣', 'pass']
>>> later = after.play("pass")
>>> later.passed, later.current_player()
(frozenset({2}), 3)

The state never changes; an illegal action raises and says what is legal:

>>> later.play("3♥ 3♦")
Traceback (most recent call last):
...
rules_lib.errors.IllegalActionError: pair of threes (3♦ high) does not beat the straight 3 to 5 (5♣ high) on the table; legal: Q♦ K♥ A♠, Q♦ K♦ A♠, pass
>>> later.play("2♠")
Traceback (most recent call last):
...
rules_lib.errors.IllegalActionError: seat 3 does not hold 2♠; it holds 3♥ 3♦ 7♠ 7♥ 9♦ 10♠ 10♥ 10♦ Q♦ K♥ K♦ A♠ 2♣
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..cards import AnyCard, Card, Cards, Rank, Suit, parse_cards, shuffled, standard_deck
from ..engine import LEGAL, TERMINAL, Ruling
from ..errors import IllegalActionError, RulesError
from .plays import Chop, InstantWin, Play, beats, bomb_tier, legal_plays, make_play, plain_cards
from .rules import ACE_POS, RANK_POS, TienLenRules

__all__ = [
    "PASS",
    "Action",
    "Chop",
    "InstantWin",
    "Move",
    "Pass",
    "TienLenObservation",
    "TienLenState",
    "first_dealer",
    "is_chop",
    "new_game",
    "parse_action",
]

_DEFAULT = TienLenRules()
_NO_CARDS = Cards()
_DECKS = {1: standard_deck(1), 2: standard_deck(2)}
MIN_PLAYERS, MAX_PLAYERS = 3, 7


@dataclass(frozen=True, slots=True)
class Pass:
    """The action of not playing on the current trick; write it ``pass``.

    >>> PASS, str(PASS), Pass() == PASS
    (PASS, 'pass', True)
    """

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"


PASS = Pass()

#: What a player does on their turn: put down a play, or pass.
Action = Play | Pass


def parse_action(
    text: str, hand: Sequence[AnyCard], rules: TienLenRules = _DEFAULT, *, who: str = "the hand"
) -> Action:
    """Read what a player wrote (``"pass"`` or cards such as ``"3♠ 3♥"``) against their hand.

    The cards are taken from ``hand``, so with two decks the copy held is used.

    >>> hand = parse_cards("3s 3h 9d")
    >>> parse_action("3h 3s", hand), parse_action(" Pass ", hand)
    (Play(Kind.PAIR, parse_cards('3♠ 3♥')), PASS)
    >>> parse_action("9c", hand)
    Traceback (most recent call last):
    ...
    rules_lib.errors.IllegalActionError: the hand does not hold 9♣; it holds 3♠ 3♥ 9♦
    """
    if text.strip().lower() in ("pass", "p", "-"):
        return PASS
    wanted = plain_cards(parse_cards(text, decks=2, jokers=False))
    pool = sorted(plain_cards(hand), key=lambda c: c.deck)
    cards: list[Card] = []
    for card in wanted:
        match = next(
            (h for h in pool if h.rank is card.rank and h.suit is card.suit),
            None,
        )
        if match is None:
            held = _sorted_hand(plain_cards(hand), rules)
            raise IllegalActionError(f"{who} does not hold {card}; it holds {held}")
        pool.remove(match)
        cards.append(match)
    return make_play(cards, rules)


_MORE = (InstantWin.ONE_COLOUR, InstantWin.FIVE_PAIRS, InstantWin.FOUR_THREES)
_RED = frozenset((Suit.HEARTS, Suit.DIAMONDS))


def instant_win_of(
    hand: Sequence[AnyCard], *, more: bool = False, first_hand: bool = True
) -> InstantWin | None:
    """The highest instant win ``hand`` holds, if any.

    ``more`` adds five consecutive pairs, thirteen cards of one colour and
    (when ``first_hand``) four 3s to the dragon, four 2s and six pairs.

    >>> instant_win_of(parse_cards("3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As 2s"))
    <InstantWin.DRAGON: 'a dragon (one card of every rank from 3 to ace)'>
    >>> instant_win_of(parse_cards("3s 3h 5s 5h 7s 7h 9s 9h Js Jh Ks Kh 2d"))
    <InstantWin.SIX_PAIRS: 'six pairs'>
    >>> five = parse_cards("4s 4h 5s 5h 6s 6h 7s 7h 8s 8h Ks Ad 2d")
    >>> instant_win_of(five), instant_win_of(five, more=True)
    (None, <InstantWin.FIVE_PAIRS: 'five consecutive pairs'>)
    """
    cards = plain_cards(hand)
    counts = Counter(RANK_POS[c.rank] for c in cards)
    found: list[InstantWin] = []
    if all(counts[p] for p in range(ACE_POS + 1)):
        found.append(InstantWin.DRAGON)
    if counts[RANK_POS[Rank.TWO]] >= 4:
        found.append(InstantWin.FOUR_TWOS)
    if sum(n // 2 for n in counts.values()) >= 6:
        found.append(InstantWin.SIX_PAIRS)
    if more:
        if len(cards) == 13 and len({c.suit in _RED for c in cards}) == 1:
            found.append(InstantWin.ONE_COLOUR)
        paired = [counts[p] >= 2 for p in range(ACE_POS + 1)]
        if any(all(paired[p : p + 5]) for p in range(ACE_POS - 3)):
            found.append(InstantWin.FIVE_PAIRS)
        if first_hand and counts[RANK_POS[Rank.THREE]] >= 4:
            found.append(InstantWin.FOUR_THREES)
    order = list(InstantWin)
    return min(found, key=order.index) if found else None


def is_chop(play: Play, table: Play, rules: TienLenRules) -> bool:
    """Whether putting ``play`` on ``table`` chops it: a bomb on a 2 (or pair of 2s) or on a bomb.

    >>> from rules_lib.tien_len import PRESETS
    >>> std = PRESETS["standard"]
    >>> is_chop(Play.parse("5s 5h 6d 6c 7s 7h"), Play.parse("2h"), std)
    True
    >>> is_chop(Play.parse("2h"), Play.parse("2s"), std)
    False
    """
    if not rules.chops or not bomb_tier(play, rules):
        return False
    if bomb_tier(table, rules):
        return True
    return len(table.cards) <= 2 and all(r is Rank.TWO for r in table.ranks)


@dataclass(frozen=True, slots=True)
class Move:
    """One turn of the history: who acted and what they did."""

    seat: int
    action: Action

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.action}"


@dataclass(frozen=True)
class TienLenObservation:
    """What one seat may see: its own hand, the table, the others' card counts, the history."""

    seat: int
    rules: TienLenRules
    hand: Cards
    hand_sizes: tuple[int, ...]
    current_player: int
    table: Play | None
    table_player: int | None
    passed: frozenset[int]
    locked_out: frozenset[int]
    finished: tuple[int, ...]
    must_contain: Card | None
    played: Cards
    history: tuple[Move, ...]
    frozen: tuple[int, ...] = ()
    first_hand: bool = True
    chops: tuple[Chop, ...] = ()

    @property
    def num_players(self) -> int:
        return len(self.hand_sizes)

    @property
    def leading(self) -> bool:
        """Whether the seat to act starts a new trick (may play anything)."""
        return self.table is None


@dataclass(frozen=True)
class TienLenState:
    """A hand of Tiến Lên between deal and finish.  Make one with :func:`new_game`.

    Seats are numbered in the order of play (clockwise).  The cards of each
    hand are kept lowest first in the rules' order.  A trick's winner leads
    the next trick; if they have just gone out, the first seat after them
    that still holds cards leads instead (the source is silent; see also
    ``rules.out_ends_trick``).

    * ``table``: the play to beat, or ``None`` when the seat to act leads;
      ``table_player`` made it.
    * ``passed``: seats that passed since the last play of this trick.
    * ``locked_out``: seats that passed in this trick and may not come back
      (only with ``rules.pass_locks_out``).
    * ``finished``: seats that are out of cards, in the order they went out.
    * ``must_contain``: a card the next play must hold (the 3♠ at the first lead).
    * ``frozen``: seats that had not played a card when the first player went
      out, under ``rules.scoring="points"`` with ``rules.frozen_pays``: they
      stop playing and take the last places.
    * ``first_hand``: whether this is the first hand of a game (the 3♠ lead,
      the four 3s); see ``rules.winner_leads``.
    * ``chops``: the chops so far (:class:`Chop`), a chain of chops as one.
    """

    rules: TienLenRules
    seed: int | None
    num_players: int
    dealer: int
    hands: tuple[Cards, ...]
    out_of_play: Cards
    to_act: int
    table: Play | None = None
    table_player: int | None = None
    passed: frozenset[int] = frozenset()
    locked_out: frozenset[int] = frozenset()
    finished: tuple[int, ...] = ()
    must_contain: Card | None = None
    played: Cards = _NO_CARDS
    history: tuple[Move, ...] = ()
    instant_win: tuple[int, InstantWin] | None = None
    decks: int = 1
    frozen: tuple[int, ...] = ()
    first_hand: bool = True
    chops: tuple[Chop, ...] = ()
    _legal: list[Action] | None = field(default=None, init=False, compare=False, repr=False)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str | Sequence[AnyCard]],
        rules: TienLenRules = _DEFAULT,
        *,
        to_act: int | None = None,
        first_lead: bool = True,
    ) -> TienLenState:
        """A position with the hands given, for examples and tests.

        The holder of the lowest card acts first (unless ``to_act`` says
        otherwise) and, with ``first_lead``, must play it.  Cards of the deck
        that no hand holds are out of play, so the cards are still conserved.
        A card written twice makes it a two-deck game.

        >>> state = TienLenState.from_hands(["3s 9h", "4d 9c", "Kd 2s"])
        >>> state.current_player(), [str(a) for a in state.legal_actions()]
        (0, ['3♠'])
        >>> len(state.out_of_play)
        46
        """
        texts = [h if isinstance(h, str) else " ".join(str(c) for c in h) for h in hands]
        sizes = [len(parse_cards(t, decks=2, jokers=False)) for t in texts]
        every = plain_cards(parse_cards(" ".join(texts), decks=2, jokers=False))
        decks = 2 if any(c.deck for c in every) else 1
        dealt: list[list[Card]] = []
        for size in sizes:
            dealt.append(every[:size])
            every = every[size:]
        held = Counter(c for h in dealt for c in h)
        out = [c for c in plain_cards(standard_deck(decks)) if not held[c]]
        lowest = rules.lowest_card
        holder = next((i for i, h in enumerate(dealt) if lowest in h), None)
        if to_act is None:
            to_act = holder if holder is not None else 0
        if not 0 <= to_act < len(hands):
            raise RulesError(f"seat {to_act} cannot act: the seats are 0 to {len(hands) - 1}")
        if not dealt[to_act]:
            raise RulesError(f"seat {to_act} cannot act: it holds no cards")
        return cls(
            rules=rules,
            seed=None,
            num_players=len(hands),
            dealer=0,
            hands=tuple(_sorted_hand(h, rules) for h in dealt),
            out_of_play=_sorted_hand(out, rules),
            to_act=to_act,
            must_contain=lowest if first_lead and holder == to_act else None,
            decks=decks,
        )

    # --- the common engine shape -------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or :data:`~rules_lib.engine.TERMINAL`."""
        return self.to_act

    def is_terminal(self) -> bool:
        return self.to_act == TERMINAL

    def legal_actions(self) -> list[Action]:
        """Every legal action: plays cheapest first, then ``PASS`` if passing is allowed."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    def _compute_legal(self) -> list[Action]:
        if self.is_terminal():
            return []
        seat = self.to_act
        hand = self.hands[seat]
        rules = self.rules
        plays = legal_plays(hand, self.table, rules, must_contain=self.must_contain)
        if seat in self.locked_out:  # back in only to chop (rules.chop_after_pass)
            plays = [p for p in plays if bomb_tier(p, rules) == 3]
        if rules.no_last_two or rules.no_last_bomb:
            plays = [p for p in plays if not self._barred_last(p, hand)]
        actions: list[Action] = list(plays)
        if self.table is not None or not actions:
            actions.append(PASS)  # a leader with no allowed play gives up the lead
        return actions

    def _barred_last(self, play: Play, hand: Cards) -> bool:
        """Whether ``play`` would empty ``hand`` on a 2 or a bomb when the rules bar it."""
        if len(play.cards) != len(hand):
            return False
        rules = self.rules
        if rules.no_last_two and any(c.rank is Rank.TWO for c in play.plain):
            return True
        return rules.no_last_bomb and bomb_tier(play, rules) > 0

    def _barred_reason(self, play: Play) -> str:
        if any(c.rank is Rank.TWO for c in play.plain) and self.rules.no_last_two:
            return f"{play} would empty the hand on a 2, and these rules do not let a hand go out on a 2"
        return f"{play} would empty the hand on a bomb, and these rules do not let a hand go out on a bomb"

    def apply_action(self, action: Action) -> TienLenState:
        """The state after the seat to act does ``action``.

        Raises :class:`IllegalActionError` (saying what is wrong and what is
        legal) and leaves this state as it was if the action is not legal.
        """
        ruling = self.check(action)
        if not ruling.legal:
            raise IllegalActionError(ruling.text(most=8))
        seat = self.to_act
        if isinstance(action, Pass):
            return self._after_pass(seat)
        return self._after_play(seat, action)

    def returns(self) -> tuple[float, ...]:
        """Each seat's result from its place: +1 for first, -1 for last, evenly between.

        Tied places (``finish="first out"``, instant wins) share the average.
        Under ``rules.scoring="points"`` they are the points each seat wins or
        pays in the hand (:func:`rules_lib.tien_len.points.settle`).
        All zeros while the game is running.
        """
        if not self.is_terminal():
            return (0.0,) * self.num_players
        if self.rules.scoring == "points":
            from .points import settle

            return tuple(float(p) for p in settle(self).points)
        n = self.num_players
        return tuple((n + 1 - 2 * p) / (n - 1) for p in self.places())

    def observation(self, seat: int) -> TienLenObservation:
        """What ``seat`` may see."""
        return TienLenObservation(
            seat=seat,
            rules=self.rules,
            hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            current_player=self.to_act,
            table=self.table,
            table_player=self.table_player,
            passed=self.passed,
            locked_out=self.locked_out,
            finished=self.finished,
            must_contain=self.must_contain,
            played=self.played,
            history=self.history,
            frozen=self.frozen,
            first_hand=self.first_hand,
            chops=self.chops,
        )

    def zones(self) -> dict[str, Cards]:
        """Where every card is: each hand, the played cards, and the cards out of play."""
        zones = {f"hand {i}": h for i, h in enumerate(self.hands)}
        zones["played"] = self.played
        zones["out of play"] = self.out_of_play
        return zones

    def deck(self) -> Cards:
        """Every card the game was made from (two decks with 5 or more players)."""
        return _DECKS[self.decks]

    # --- checking and applying -----------------------------------------------------

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (``check(action).legal``).

        >>> state = TienLenState.from_hands(["3s 9h", "4d 9c"])
        >>> state.is_legal(Play.parse("3s")), state.is_legal(PASS)
        (True, False)
        """
        return self.check(action).legal

    def check(self, action: Action) -> Ruling[Action]:
        """Whether ``action`` is legal now; if not, why, and the legal actions instead.

        >>> state = TienLenState.from_hands(["3s 9h", "4d 9c"])
        >>> ruling = state.check(PASS)
        >>> ruling.legal, ruling.reason, [str(a) for a in ruling.alternatives]
        (False, 'seat 0 leads and may not pass', ['3♠'])
        """
        if self.is_terminal():
            return Ruling(False, f"the game is over; {action} cannot be played")
        seat = self.to_act
        if isinstance(action, Pass):
            if self.table is None and self.legal_actions() != [PASS]:
                return self._illegal(f"seat {seat} leads and may not pass")
            return LEGAL
        if not isinstance(action, Play):
            return self._illegal(
                f"{action!r} is not an action: play a Play or PASS (parse text with state.parse_action)"
            )
        if self._legal is not None and action in self._legal:
            return LEGAL  # the listed actions are legal by construction
        hand = self.hands[seat]
        missing = Counter(action.cards) - Counter(hand)
        if missing:
            shown = " ".join(str(c) for c in missing.elements())
            return self._illegal(f"seat {seat} does not hold {shown}; it holds {hand}")
        try:
            actual = make_play(action.cards, self.rules)
        except IllegalActionError as error:
            return self._illegal(str(error))
        if actual.kind is not action.kind:
            return self._illegal(f"{action} is a {actual.kind.value}, not a {action.kind.value}")
        if self.must_contain is not None and self.must_contain not in action.cards:
            return self._illegal(f"the first play must hold {self.must_contain}")
        if seat in self.locked_out and bomb_tier(actual, self.rules) != 3:
            return self._illegal(
                f"seat {seat} passed in this trick and may come back only to chop "
                "with four consecutive pairs"
            )
        if self._barred_last(actual, hand):
            return self._illegal(self._barred_reason(actual))
        if self.table is not None and not beats(action, self.table, self.rules):
            return self._illegal(
                f"{action.describe(self.rules)} does not beat the "
                f"{self.table.describe(self.rules)} on the table"
            )
        return LEGAL

    def _illegal(self, reason: str) -> Ruling[Action]:
        return Ruling(False, reason, tuple(self.legal_actions()))

    def parse_action(self, text: str) -> Action:
        """Read ``"pass"`` or cards such as ``"3♠ 3♥"`` from the hand of the seat to act."""
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {text!r} cannot be played")
        seat = self.to_act
        return parse_action(text, self.hands[seat], self.rules, who=f"seat {seat}")

    def play(self, text: str) -> TienLenState:
        """:meth:`apply_action` of what a player wrote: ``state.play("3♠ 3♥")``."""
        return self.apply_action(self.parse_action(text))

    def _active(self, hands: Sequence[Cards]) -> list[int]:
        """The seats still playing: holding cards and not frozen."""
        return [i for i, h in enumerate(hands) if h and i not in self.frozen]

    def _next_after(self, seat: int, hands: Sequence[Cards]) -> int:
        """The first seat after ``seat`` (in the order of play) that is still playing."""
        n = self.num_players
        for step in range(1, n + 1):
            s = (seat + step) % n
            if hands[s] and s not in self.frozen:
                return s
        raise RulesError("no seat holds cards")  # pragma: no cover

    def _next_turn(
        self,
        seat: int,
        table_player: int,
        hands: Sequence[Cards],
        locked: frozenset[int],
        table: Play | None = None,
    ) -> int | None:
        """Whose turn follows ``seat`` in this trick, or ``None`` if the trick is over:
        the turn has come back round to the player of the table card.  A seat
        locked out by its pass gets the turn only if it can chop ``table``
        with four consecutive pairs (``rules.chop_after_pass``)."""
        n = self.num_players
        for step in range(1, n + 1):
            s = (seat + step) % n
            if s == table_player:
                return None
            if not hands[s] or s in self.frozen:
                continue
            if s not in locked or self._may_chop_back(hands[s], table):
                return s
        return None  # pragma: no cover

    def _may_chop_back(self, hand: Cards, table: Play | None) -> bool:
        rules = self.rules
        if not rules.chop_after_pass or table is None or len(hand) < 8:
            return False
        return any(
            bomb_tier(p, rules) == 3 and not self._barred_last(p, hand)
            for p in legal_plays(hand, table, rules)
        )

    def _evolve(self, **changes: object) -> TienLenState:
        """A copy with some fields changed (a fast :func:`dataclasses.replace`
        for the engine's own moves, which set only fields it knows)."""
        new = object.__new__(TienLenState)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        fields["_legal"] = None
        return new

    def _after_pass(self, seat: int) -> TienLenState:
        history = (*self.history, Move(seat, PASS))
        if self.table_player is None:  # a leader with no allowed play gives up the lead
            passed = self.passed | {seat}
            leader = self._next_after(seat, self.hands)
            if leader in passed:  # nobody still playing can lead: the hand is over
                return self._evolve(history=history, to_act=TERMINAL, passed=frozenset())
            return self._evolve(to_act=leader, passed=passed, history=history, must_contain=None)
        passed = self.passed | {seat}
        locked = self.locked_out | {seat} if self.rules.pass_locks_out else self.locked_out
        nxt = self._next_turn(seat, self.table_player, self.hands, locked, self.table)
        if nxt is not None:
            return self._evolve(to_act=nxt, passed=passed, locked_out=locked, history=history)
        return self._evolve(history=history)._new_trick(self.table_player)

    def _new_trick(self, winner: int) -> TienLenState:
        """The state after ``winner`` took the trick: the table clears and
        ``winner`` leads (or, if out, the next player with cards)."""
        leader = winner if self.hands[winner] else self._next_after(winner, self.hands)
        return self._evolve(
            to_act=leader,
            table=None,
            table_player=None,
            passed=frozenset(),
            locked_out=frozenset(),
            must_contain=None,
        )

    def _after_play(self, seat: int, play: Play) -> TienLenState:
        kept = list(self.hands[seat])
        for c in play.cards:
            kept.remove(c)
        hands = (*self.hands[:seat], Cards(kept), *self.hands[seat + 1 :])
        moved = self._evolve(
            hands=hands,
            played=Cards((*self.played, *play.cards)),
            history=(*self.history, Move(seat, play)),
        )
        table, victim = self.table, self.table_player
        if table is not None and victim is not None and is_chop(play, table, self.rules):
            last = self.chops[-1] if self.chops else None
            if last is not None and last.by == table and last.chopper == victim:
                chop = Chop(seat, victim, (*last.plays, table), play)
                moved = moved._evolve(chops=(*self.chops[:-1], chop))
            else:
                moved = moved._evolve(chops=(*self.chops, Chop(seat, victim, (table,), play)))
        if not kept:
            moved = moved._evolve(finished=(*self.finished, seat))
            if not self.finished and self.rules.scoring == "points" and self.rules.frozen_pays:
                played = {m.seat for m in self.history if isinstance(m.action, Play)}
                frozen = tuple(s for s in range(self.num_players) if hands[s] and s not in played)
                moved = moved._evolve(frozen=frozen)
            active = moved._active(hands)
            if self.rules.finish == "first out" or len(active) <= 1:
                if self.rules.finish != "first out":
                    moved = moved._evolve(finished=(*moved.finished, *active))
                return moved._evolve(
                    to_act=TERMINAL,
                    table=play,
                    table_player=seat,
                    passed=frozenset(),
                    must_contain=None,
                )
            if self.rules.out_ends_trick:  # nobody may beat the last play: the next player leads
                return moved._new_trick(seat)
        nxt = moved._next_turn(seat, seat, hands, self.locked_out, play)
        if nxt is None:  # everyone else is out of this trick: the player leads again
            return moved._new_trick(seat)
        return moved._evolve(
            to_act=nxt, table=play, table_player=seat, passed=frozenset(), must_contain=None
        )

    # --- results ------------------------------------------------------------------

    def places(self) -> tuple[float, ...]:
        """Each seat's place once the game is over (1 = first out).

        With ``finish="first out"``, and for players who cannot go out (a hand
        of only 2s under ``no_last_two``), the others are placed by the cards
        they still hold, fewest first.  Seats holding as many cards share the
        average place, except in a hand played for points (``scoring="points"``):
        there the order of play from the winner breaks the tie (the nearer to
        the winner's turn ranks higher), so the places are the ones the
        payments use (:func:`rules_lib.tien_len.points.settle`).  The frozen
        share the last places.
        """
        if not self.is_terminal():
            raise RulesError("the game is not over; places are known at the end")
        n = self.num_players
        if self.instant_win is not None:
            winner = self.instant_win[0]
            shared = (2 + n) / 2
            return tuple(1.0 if s == winner else shared for s in range(n))
        result = {s: float(i + 1) for i, s in enumerate(self.finished)}
        rest = [s for s in range(n) if s not in result and s not in self.frozen]
        if self.rules.scoring == "points":  # fewest cards first, ties in the order of play
            start = self.finished[0] if self.finished else 0
            ranked = sorted(rest, key=lambda s: (len(self.hands[s]), (s - start) % n))
            result.update({s: float(len(self.finished) + 1 + i) for i, s in enumerate(ranked)})
        else:  # fewest cards first, ties share the average place
            for s in rest:
                fewer = sum(1 for o in rest if len(self.hands[o]) < len(self.hands[s]))
                same = sum(1 for o in rest if len(self.hands[o]) == len(self.hands[s]))
                result[s] = len(self.finished) + 1 + fewer + (same - 1) / 2
        below = len(result)
        for s in self.frozen:  # the frozen share the last places
            result[s] = below + (len(self.frozen) + 1) / 2
        return tuple(result[s] for s in range(n))

    @property
    def winner(self) -> int | None:
        """The seat that went out first (or won at the deal), once known."""
        if self.instant_win is not None:
            return self.instant_win[0]
        return self.finished[0] if self.finished else None

    @property
    def next_dealer(self) -> int:
        """Who deals the next hand: the loser of this one.

        When several players share the last place (``finish="first out"``, or
        an instant win), ``rules.tied_losers`` decides: the first of them
        clockwise from the winner, or the lowest card when each draws one.
        """
        places = self.places()
        worst = max(places)
        start = self.winner or 0
        tied = [
            s
            for s in ((start + k) % self.num_players for k in range(self.num_players))
            if places[s] == worst
        ]
        if len(tied) == 1 or self.rules.tied_losers == "next after winner":
            return tied[0]
        drawn = self.tie_draw()
        return min(tied, key=lambda seat: self.rules.key(drawn[seat]))

    def tie_draw(self) -> dict[int, Card]:
        """The cards the players tied for last place draw (``tied_losers="draw"``).

        They come from a deck shuffled by the hand's seed (0 for a position made
        by hand), one each, clockwise from the winner.
        """
        places = self.places()
        worst = max(places)
        start = self.winner or 0
        order = ((start + k) % self.num_players for k in range(self.num_players))
        tied = [s for s in order if places[s] == worst]
        deck = plain_cards(shuffled(standard_deck(), _tie_seed(self.seed)))
        return dict(zip(tied, deck))

    @property
    def moves(self) -> tuple[Action, ...]:
        """The actions so far: with the seed, they replay the game."""
        return tuple(m.action for m in self.history)

    def __str__(self) -> str:
        lines = [f"Tiến Lên, {self.num_players} players, {self.rules.name} rules"]
        if self.instant_win is not None:
            lines.append(f"seat {self.instant_win[0]} wins at the deal with {self.instant_win[1]}")
        for i, h in enumerate(self.hands):
            marks = []
            if i == self.to_act:
                marks.append("to act")
            if i in self.finished:
                marks.append(f"out #{self.finished.index(i) + 1}")
            if i in self.passed:
                marks.append("passed")
            if i in self.locked_out:
                marks.append("locked out")
            suffix = f"  ({', '.join(marks)})" if marks else ""
            lines.append(f"seat {i}: {h}{suffix}")
        if self.table is not None:
            lines.append(f"table: {self.table} (seat {self.table_player})")
        if self.is_terminal():
            lines.append("places: " + ", ".join(f"{p:g}" for p in self.places()))
        return "\n".join(lines)


def _tie_seed(seed: int | None) -> int:
    """The seed of the deck drawn from to settle a tie for last place."""
    return int.from_bytes(hashlib.sha256(f"tie {seed or 0}".encode()).digest()[:8], "big")


def _sorted_hand(cards: Sequence[AnyCard], rules: TienLenRules) -> Cards:
    ordered: list[Card] = sorted(plain_cards(cards), key=lambda c: (rules.key(c), c.deck))
    return Cards(ordered)


def first_dealer(seed: int, players: int = 4, rules: TienLenRules = _DEFAULT) -> int:
    """Who deals the first hand: each seat draws a card, the lowest card deals.

    "Lowest" is in the game's own order (3 low … 2 high, then suits), in which
    the source calls the 3♠ the lowest card; so two seats never tie.

    >>> first_dealer(seed=1)  # the seats draw A♥ 4♥ J♥ 7♦
    1
    """
    drawn = plain_cards(shuffled(standard_deck(), seed))[:players]
    return min(range(players), key=lambda seat: rules.key(drawn[seat]))


def new_game(
    seed: int,
    players: int = 4,
    rules: TienLenRules = _DEFAULT,
    *,
    dealer: int = 0,
    previous_winner: int | None = None,
) -> TienLenState:
    """Shuffle with ``seed`` and deal a hand of Tiến Lên.

    Cards go one at a time clockwise, starting left of ``dealer``: 13 each,
    and the holder of the 3♠ leads with a play that holds it.  With 3 players
    each gets 17; the 52nd card goes to the holder of the 3♠ in exchange for
    the 3♠, which leaves play, and that player leads with anything (if the
    52nd card is the 3♠ itself, it leaves play and the holder of the next
    lowest 3 leads, with anything: the 3♥ in the source's suit order, the 3♣
    in the common one).  17-card hands are never checked for instant wins.  With 5 to 7 players a second deck adds 13 random cards
    per extra player, never its 3♠; the rest of that deck is out of play.
    The same seed deals the same cards on every machine.

    With ``rules.few_players_deal="13 each"``, 2 or 3 players get 13 cards
    each, the rest stays out of play, and the holder of the lowest card dealt
    opens with it.  With ``rules.winner_leads``, a hand after the first names
    the last hand's winner as ``previous_winner``: they lead, with anything.

    >>> from rules_lib.tien_len import PRESETS
    >>> home = PRESETS["home"]
    >>> two = new_game(seed=7, players=2, rules=home)
    >>> [len(h) for h in two.hands], len(two.out_of_play), str(two.must_contain)
    ([13, 13], 26, '4♠')
    >>> later = new_game(seed=7, rules=home, dealer=2, previous_winner=1)
    >>> later.to_act, later.must_contain, later.first_hand
    (1, None, False)

    >>> game = new_game(seed=7, players=3)
    >>> [len(h) for h in game.hands], str(game.out_of_play), game.must_contain
    ([17, 17, 17], '3♠', None)
    >>> [len(h) for h in new_game(seed=7, players=6).hands]
    [13, 13, 13, 13, 13, 13]
    >>> new_game(seed=7, players=8)
    Traceback (most recent call last):
    ...
    rules_lib.errors.RulesError: Tiến Lên is for 3 to 7 players, not 8 (a second deck gives at most 3 more hands of 13)
    """
    thirteen = rules.few_players_deal == "13 each"
    fewest = 2 if thirteen else MIN_PLAYERS
    if not isinstance(players, int) or not fewest <= players <= MAX_PLAYERS:
        raise RulesError(
            f"Tiến Lên is for {fewest} to {MAX_PLAYERS} players, not {players!r} "
            "(a second deck gives at most 3 more hands of 13"
            + ("; 2 players need the rule of 13 cards each" if players == 2 else "")
            + ")"
        )
    first_hand = previous_winner is None or not rules.winner_leads
    if not first_hand and not (isinstance(previous_winner, int) and 0 <= previous_winner < players):
        raise RulesError(
            f"the previous winner is a seat from 0 to {players - 1}, not {previous_winner!r}"
        )
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise RulesError(f"the dealer is a seat from 0 to {players - 1}, not {dealer!r}")
    lowest = rules.lowest_card
    out: list[Card] = []
    if players <= 4:
        deck = plain_cards(shuffled(standard_deck(), seed))
    else:
        rng = random.Random(seed)
        second = [Card(c.rank, c.suit, 1) for c in plain_cards(standard_deck()) if c != lowest]
        extra = rng.sample(second, 13 * (players - 4))
        chosen = set(extra)
        out = [c for c in second if c not in chosen] + [Card(lowest.rank, lowest.suit, 1)]
        deck = plain_cards(standard_deck()) + extra
        rng.shuffle(deck)
    per_hand = 17 if players == 3 and not thirteen else 13
    dealt: list[list[Card]] = [[] for _ in range(players)]
    for i in range(per_hand * players):
        dealt[(dealer + 1 + i) % players].append(deck[i])
    if players < 4 and per_hand == 13:
        out = deck[13 * players :]
        lowest = min((c for h in dealt for c in h), key=rules.key)
    must_contain: Card | None = lowest
    if per_hand == 17:
        spare = deck[51]
        must_contain = None
        out = [lowest]
        if spare == lowest:
            leader = next(i for i, h in enumerate(dealt) if rules.second_lowest_card in h)
        else:
            leader = next(i for i, h in enumerate(dealt) if lowest in h)
            dealt[leader].remove(lowest)
            dealt[leader].append(spare)
    else:
        leader = next(i for i, h in enumerate(dealt) if lowest in h)
    if not first_hand:
        assert previous_winner is not None
        leader, must_contain = previous_winner, None
    hands = tuple(_sorted_hand(h, rules) for h in dealt)
    state = TienLenState(
        rules=rules,
        seed=seed,
        decks=2 if players > 4 else 1,
        num_players=players,
        dealer=dealer,
        hands=hands,
        out_of_play=_sorted_hand(out, rules),
        to_act=leader,
        must_contain=must_contain,
        first_hand=first_hand,
    )
    if rules.instant_wins and per_hand == 13:
        more = rules.more_instant_wins
        wins = {
            s: instant_win_of(hands[s], more=more, first_hand=first_hand) for s in range(players)
        }
        found = [
            (list(InstantWin).index(w), k, s)
            for k, s in enumerate((leader + k) % players for k in range(players))
            if (w := wins[s]) is not None
        ]
        if found:
            _, _, seat = min(found)
            kind = wins[seat]
            assert kind is not None
            return replace(state, to_act=TERMINAL, instant_win=(seat, kind), must_contain=None)
    return state
