"""House rules of Tiến Lên as data (docs/GAMES.md §3).

Every point where the source is silent or where common Vietnamese play
differs is a field of :class:`TienLenRules`; :data:`PRESETS` names the
source's reading (``"source"``, the default) and the common rules
(``"standard"``).

>>> TienLenRules().describe_suits()
'♠ < ♥ < ♣ < ♦'
>>> PRESETS["standard"].describe_suits()
'♠ < ♣ < ♦ < ♥'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..cards import TIEN_LEN_ORDER, Card, Rank, Suit
from ..errors import RulesError
from ..rules_base import RulesBase

__all__ = ["PRESETS", "TienLenRules"]

#: Rank positions in Tiến Lên order: 3 is 0 … ace 11, 2 is 12.
RANK_POS: dict[Rank, int] = {r: i for i, r in enumerate(TIEN_LEN_ORDER.ranks)}
ACE_POS = RANK_POS[Rank.ACE]
TWO_POS = RANK_POS[Rank.TWO]


@dataclass(frozen=True)
class TienLenRules(RulesBase, game="tien_len"):
    """House rules of Tiến Lên.

    * ``suit_order``: the four suits, lowest first; they break ties between
      cards of one rank.  The source: ♠ < ♥ < ♣ < ♦; common play: ♠ < ♣ < ♦ < ♥.
    * ``sets_of_pairs``: ``"any pairs"`` (the source's own examples, 3-3 7-7 or
      5-5 Q-Q K-K: two or more pairs of different ranks) or ``"consecutive"``
      (three or more pairs of consecutive ranks, common play).
    * ``twos_in_straights``: whether a 2 may sit in a straight (or in a run of
      consecutive pairs), as the rank above the ace: Q-K-A-2.  Off in both presets.
    * ``pass_locks_out``: a player who passes may not play again until the
      trick ends (common play); if False (the source, which is silent) a player
      who passed may come back in while the trick goes on.
    * ``chops``: bombs beat 2s: three consecutive pairs, four of a kind or four
      consecutive pairs beat a single 2; four of a kind or four consecutive
      pairs beat a pair of 2s; and among bombs three consecutive pairs < four
      of a kind < four consecutive pairs.
    * ``instant_wins``: a hand of 13 holding four 2s, a dragon (one card of
      every rank from 3 to ace) or six pairs wins at the deal.  (Not checked in
      the 3-player deal of 17 cards, where six pairs would end most hands.)
    * ``finish``: ``"finishing order"`` (play on until one player holds cards;
      places 1st, 2nd, …) or ``"first out"`` (stop when the first player is out;
      the player holding the most cards loses).  The source offers both.
    * ``out_ends_trick``: what happens to a trick when a play empties its
      player's hand (the source is silent).  ``False``: the trick goes on, and
      the others may still beat that play; ``True``: the trick ends at once.
      Either way, a trick won by a player who has gone out is led next by the
      first player after them (clockwise) who still holds cards.
    * ``tied_losers``: who deals the next hand when several players share the
      last place (the source is silent).  ``"next after winner"``: the first
      of them clockwise from the winner; ``"draw"``: each of them draws a card
      (from a deck shuffled by the hand's seed), and the lowest card deals, as
      for the first dealer.
    * ``copies_beat``: with two decks (5 or more players), whether a card may
      beat its identical copy from the other deck (the source is silent).
      ``False``: identical cards are equal, and neither beats the other;
      ``True``: a copy played later beats the one on the table.

    >>> TienLenRules().with_options(pass_locks_out=True).pass_locks_out
    True
    >>> TienLenRules().with_options(bombs=True)
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: Tiến Lên has no rule option 'bombs'; its options are: suit_order, sets_of_pairs, twos_in_straights, pass_locks_out, chops, instant_wins, finish, out_ends_trick, tied_losers, copies_beat
    >>> TienLenRules.preset("standard").chops
    True
    >>> TienLenRules.preset("house")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownPresetError: no Tiến Lên preset 'house'; the presets are: source, standard
    """

    suit_order: tuple[Suit, Suit, Suit, Suit] = field(
        default=(Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS),
        metadata={"doc": "suits, lowest first"},
    )
    sets_of_pairs: Literal["any pairs", "consecutive"] = field(
        default="any pairs", metadata={"doc": "sets of pairs"}
    )
    twos_in_straights: bool = field(default=False, metadata={"doc": "a 2 in a straight"})
    pass_locks_out: bool = field(
        default=False, metadata={"doc": "a pass shuts you out of the trick"}
    )
    chops: bool = field(default=False, metadata={"doc": "chops (bombs beat 2s)"})
    instant_wins: bool = field(default=False, metadata={"doc": "instant wins at the deal"})
    finish: Literal["finishing order", "first out"] = field(
        default="finishing order", metadata={"doc": "after the first player is out"}
    )
    out_ends_trick: bool = field(
        default=False, metadata={"doc": "going out ends the trick at once"}
    )
    tied_losers: Literal["next after winner", "draw"] = field(
        default="next after winner", metadata={"doc": "tie for the most cards: who deals"}
    )
    copies_beat: bool = field(default=False, metadata={"doc": "a card's copy beats it (two decks)"})
    _keys: dict[int, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if sorted(self.suit_order) != sorted(Suit) or len(self.suit_order) != 4:
            raise RulesError(
                f"suit_order must name each of the four suits once, lowest first, not {self.suit_order!r}"
            )
        if self.sets_of_pairs not in ("any pairs", "consecutive"):
            raise RulesError(
                f"sets_of_pairs is 'any pairs' or 'consecutive', not {self.sets_of_pairs!r}"
            )
        if self.finish not in ("finishing order", "first out"):
            raise RulesError(f"finish is 'finishing order' or 'first out', not {self.finish!r}")
        if self.tied_losers not in ("next after winner", "draw"):
            raise RulesError(
                f"tied_losers is 'next after winner' or 'draw', not {self.tied_losers!r}"
            )
        suit_pos = {s: i for i, s in enumerate(self.suit_order)}
        keys = {Card(r, s).code: RANK_POS[r] * 4 + suit_pos[s] for r in Rank for s in Suit}
        object.__setattr__(self, "_keys", keys)

    @property
    def name(self) -> str:
        """The preset's name, or ``"custom"``."""
        for key, rules in PRESETS.items():
            if rules == self:
                return key
        return "custom"

    def key(self, card: Card) -> int:
        """The card's strength: rank first (3 low … 2 high), then suit.

        Identical cards of two decks have the same key (whether one may beat
        the other is the option ``copies_beat``).

        >>> rules = TienLenRules()
        >>> rules.key(Card.parse("2s")) > rules.key(Card.parse("Ad"))
        True
        >>> rules.key(Card.parse("5d")) > rules.key(Card.parse("5c"))
        True
        """
        return self._keys[card.code]

    @property
    def lowest_card(self) -> Card:
        """The lowest card of the deck (3♠ in both presets); its holder leads first."""
        return Card(Rank.THREE, self.suit_order[0])

    @property
    def second_lowest_card(self) -> Card:
        """The next lowest (3♥ with the source's suits): leads in a 3-player game
        when the 3♠ is the card left over after the deal."""
        return Card(Rank.THREE, self.suit_order[1])

    @property
    def top_sequence_pos(self) -> int:
        """The highest rank position a straight may reach (ace, or 2 if allowed)."""
        return TWO_POS if self.twos_in_straights else ACE_POS

    def describe_suits(self) -> str:
        return " < ".join(s.symbol for s in self.suit_order)


PRESETS: dict[str, TienLenRules] = {
    "source": TienLenRules(),
    "standard": TienLenRules(
        suit_order=(Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS),
        sets_of_pairs="consecutive",
        twos_in_straights=False,
        pass_locks_out=True,
        chops=True,
        instant_wins=True,
        finish="finishing order",
        out_ends_trick=False,
        tied_losers="next after winner",
        copies_beat=False,
    ),
}
