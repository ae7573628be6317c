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
from ..rules_base import RulesBase, option

__all__ = ["PRESETS", "TienLenRules"]

#: Rank positions in Tiến Lên order: 3 is 0 … ace 11, 2 is 12.
RANK_POS: dict[Rank, int] = {r: i for i, r in enumerate(TIEN_LEN_ORDER.ranks)}
ACE_POS = RANK_POS[Rank.ACE]
#: The short names of the instant wins (``game.InstantWin``), highest first.
INSTANT_WIN_KINDS = (
    "dragon",
    "four 2s",
    "one colour",
    "six pairs",
    "five consecutive pairs",
    "four 3s",
)
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
      of a kind < four consecutive pairs.  A run of five or more consecutive
      pairs chops as four do (the book's reading), and beats a lower run of
      its own length only.
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


    House rules for points (all off in ``source`` and ``standard``; on in ``home``):

    * ``no_last_two`` / ``no_last_bomb``: a play that would empty the hand may
      not hold a 2 (or be a bomb).  A leader whose every play is barred gives
      up the lead (passes) and the next player leads; a hand of only 2s can
      never go out.
    * ``more_instant_wins``: with ``instant_wins``, five consecutive pairs,
      thirteen cards of one colour and (in a first hand only) four 3s also win
      at the deal.
    * ``chop_after_pass``: with ``pass_locks_out``, a player who passed may
      still chop a 2 or a bomb with four consecutive pairs when the turn comes
      round (the engine keeps to turns; at a real table it is called out).
    * ``direction``: the way play goes round.  Seats are numbered in the order
      of play, so the engine is the same either way; the widgets seat the
      players accordingly.
    * ``winner_leads``: after the first hand, the winner of the previous hand
      leads with anything (see :func:`~rules_lib.tien_len.new_game`'s
      ``previous_winner``); only the first hand opens with the 3♠.
    * ``few_players_deal``: with 2 or 3 players, ``"17 each"`` (the source, 3
      players only) or ``"13 each"`` (the rest stays out of play; the holder of
      the lowest card dealt opens with it).
    * ``scoring``: ``"places"`` (the returns are +1 … −1 by place) or
      ``"points"``: a hand's returns are its payments
      (:mod:`rules_lib.tien_len.points`), with the tables below.
    * ``place_points``: the last player pays the first the first number, the
      second-last pays the second the next number, and so on.
    * ``two_points`` (black, red) and ``bomb_points`` (three consecutive pairs,
      four of a kind, four or more consecutive pairs): what a 2 or a bomb costs when it
      is chopped, and when it is left in the hand at the end.
    * ``frozen_pays``: a player who has not played a card when the first
      player goes out is *frozen* (*cóng*): out of the hand, placed last, and
      paying the winner this many times the last place's payment instead of a
      place payment; the others settle their places among themselves (0: no
      such rule).
    * ``penalty_to``: who collects for the 2s and bombs left in a hand:
      ``"winner"`` or ``"next above"`` (the player placed just above).
    * ``instant_win_points``: what each other player pays an instant win, by kind.

    >>> TienLenRules().with_options(pass_locks_out=True).pass_locks_out
    True
    >>> TienLenRules().with_options(bombs=True)
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: Tiến Lên has no rule option 'bombs'; its options are: suit_order, sets_of_pairs, twos_in_straights, pass_locks_out, chops, instant_wins, finish, out_ends_trick, tied_losers, copies_beat, no_last_two, no_last_bomb, more_instant_wins, chop_after_pass, direction, winner_leads, few_players_deal, scoring, place_points, two_points, bomb_points, frozen_pays, penalty_to, instant_win_points
    >>> TienLenRules.preset("standard").chops
    True
    >>> TienLenRules.preset("house")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownPresetError: no Tiến Lên preset 'house'; the presets are: source, standard, home
    """

    suit_order: tuple[Suit, Suit, Suit, Suit] = option(
        (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS), "suits, lowest first"
    )
    sets_of_pairs: Literal["any pairs", "consecutive"] = option("any pairs", "sets of pairs")
    twos_in_straights: bool = option(False, "a 2 in a straight")
    pass_locks_out: bool = option(False, "a pass shuts you out of the trick")
    chops: bool = option(False, "chops (bombs beat 2s)")
    instant_wins: bool = option(False, "instant wins at the deal")
    finish: Literal["finishing order", "first out"] = option(
        "finishing order", "after the first player is out"
    )
    out_ends_trick: bool = option(False, "going out ends the trick at once")
    tied_losers: Literal["next after winner", "draw"] = option(
        "next after winner", "tie for the most cards: who deals"
    )
    copies_beat: bool = option(False, "a card's copy beats it (two decks)")
    no_last_two: bool = option(False, "no going out on a 2")
    no_last_bomb: bool = option(False, "no going out on a bomb")
    more_instant_wins: bool = option(
        False, "more instant wins: five consecutive pairs, one colour, four 3s"
    )
    chop_after_pass: bool = option(False, "four consecutive pairs may chop after a pass")
    direction: Literal["clockwise", "counter-clockwise"] = option("clockwise", "direction of play")
    winner_leads: bool = option(False, "the last hand's winner leads the next")
    few_players_deal: Literal["17 each", "13 each"] = option(
        "17 each", "cards each with 2 or 3 players"
    )
    scoring: Literal["places", "points"] = option(
        "places", "a hand scores by places, or by points paid"
    )
    place_points: tuple[int, ...] = option((2, 1), "last pays first, second-last pays second, …")
    two_points: tuple[int, int] = option((1, 2), "a 2 chopped or left in hand: black, red")
    bomb_points: tuple[int, int, int] = option(
        (3, 4, 6), "a bomb chopped or left: three pairs, four of a kind, four pairs"
    )
    frozen_pays: int = option(2, "a frozen player (cóng) pays this many times the last place")
    penalty_to: Literal["winner", "next above"] = option(
        "winner", "who collects for 2s and bombs left in hand"
    )
    instant_win_points: tuple[tuple[str, int], ...] = option(
        (
            ("dragon", 4),
            ("four 2s", 4),
            ("one colour", 4),
            ("six pairs", 4),
            ("five consecutive pairs", 4),
            ("four 3s", 4),
        ),
        "what each other player pays an instant win, by kind",
    )
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
        self._check_points()
        suit_pos = {s: i for i, s in enumerate(self.suit_order)}
        keys = {Card(r, s).code: RANK_POS[r] * 4 + suit_pos[s] for r in Rank for s in Suit}
        object.__setattr__(self, "_keys", keys)

    def _check_points(self) -> None:
        choices = {
            "direction": ("clockwise", "counter-clockwise"),
            "few_players_deal": ("17 each", "13 each"),
            "scoring": ("places", "points"),
            "penalty_to": ("winner", "next above"),
        }
        for name, allowed in choices.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(f"{name} is {' or '.join(map(repr, allowed))}, not {value!r}")
        if self.more_instant_wins and not self.instant_wins:
            raise RulesError("more_instant_wins needs instant_wins on")
        if self.chop_after_pass and not (self.chops and self.pass_locks_out):
            raise RulesError("chop_after_pass needs chops and pass_locks_out on")
        tables = {
            "place_points": (self.place_points, None),
            "two_points": (self.two_points, 2),
            "bomb_points": (self.bomb_points, 3),
        }
        for name, (table, size) in tables.items():
            if (
                not isinstance(table, tuple)
                or (size is not None and len(table) != size)
                or not all(isinstance(v, int) and v >= 0 for v in table)
            ):
                want = f"{size} " if size else ""
                raise RulesError(
                    f"{name} is a tuple of {want}whole numbers of points, not {table!r}"
                )
        if not isinstance(self.frozen_pays, int) or self.frozen_pays < 0:
            raise RulesError(f"frozen_pays is a whole number, not {self.frozen_pays!r}")
        kinds = [k for k, _ in self.instant_win_points]
        if sorted(kinds) != sorted(INSTANT_WIN_KINDS) or not all(
            isinstance(v, int) and v >= 0 for _, v in self.instant_win_points
        ):
            raise RulesError(
                "instant_win_points gives whole numbers of points for each of "
                f"{', '.join(INSTANT_WIN_KINDS)}; not {self.instant_win_points!r}"
            )

    def instant_win_price(self, kind: str) -> int:
        """What each other player pays an instant win of ``kind`` (its short name)."""
        return dict(self.instant_win_points)[kind]

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
        """The next lowest 3 (3♥ with the source's suits, 3♣ with the common
        ones): leads in a 3-player game when the 3♠ is the card left over after
        the deal (the source names the 3♥; the book reads "the next lowest")."""
        return Card(Rank.THREE, self.suit_order[1])

    @property
    def top_sequence_pos(self) -> int:
        """The highest rank position a straight may reach (ace, or 2 if allowed)."""
        return TWO_POS if self.twos_in_straights else ACE_POS

    def describe_suits(self) -> str:
        return " < ".join(s.symbol for s in self.suit_order)


# The common rules: where they differ from the source (the rest as the source reads).
_STANDARD = TienLenRules(
    suit_order=(Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS),
    sets_of_pairs="consecutive",
    pass_locks_out=True,
    chops=True,
    instant_wins=True,
)

PRESETS: dict[str, TienLenRules] = {
    "source": TienLenRules(),
    "standard": _STANDARD,
    # the common rules, played for points
    "home": _STANDARD.with_options(
        no_last_two=True,
        more_instant_wins=True,
        chop_after_pass=True,
        direction="counter-clockwise",
        winner_leads=True,
        few_players_deal="13 each",
        scoring="points",
    ),
}
