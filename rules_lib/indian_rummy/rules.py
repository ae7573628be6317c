"""House rules of Indian Rummy, the thirteen-card rummy, as data (docs/GAMES.md §8).

The source (seed ``003``) names the game in passing: thirteen cards each, "a
standard deck of cards along with Jokers", two players or more.  Everything
else is the common rules of the game as it is played in India and on its
apps; every point on which tables differ is a field of
:class:`IndianRummyRules`, and :data:`PRESETS` names the useful combinations.

>>> from rules_lib.cards import Card, Color, Joker, Rank
>>> rules = IndianRummyRules()
>>> rules.points(Card.parse("As")), rules.points(Card.parse("Kd")), rules.points(Card.parse("7h"))
(10, 10, 7)
>>> rules.points(Joker(Color.RED)), rules.points(Card.parse("5c"), wild_rank=Rank.FIVE)
(0, 0)
>>> [rules.decks_for(p) for p in (2, 3, 6)], rules.jokers_for(2), rules.jokers_for(4)
([1, 2, 2], 1, 2)
>>> rules.drop_points(first=True), rules.drop_points(first=False), rules.wrong_declaration
(20, 40, 80)
>>> IndianRummyRules.preset("pool 201").pool_limit, IndianRummyRules.preset("pool 201").first_drop
(201, 25)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import AnyCard, Joker, Rank
from ..errors import RulesError
from ..rules_base import RulesBase, option

__all__ = ["FORMATS", "HAND_SIZE", "JOKER_TURNED", "PRESETS", "IndianRummyRules", "check_players"]

#: Cards dealt to each player; a player who has drawn holds one more.
HAND_SIZE = 13
#: The ways of playing a game: one deal for points, a pool, a fixed number of deals.
FORMATS = ("points", "pool", "deals")
#: What is wild when the card turned up is a printed joker: the aces, or only
#: the printed jokers.
JOKER_TURNED = ("aces", "jokers only")


def check_players(players: int) -> None:
    """Indian Rummy seats 2 to 6 players at one table."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
        raise RulesError(f"Indian Rummy is for 2 to 6 players at one table, not {players!r}")


@dataclass(frozen=True)
class IndianRummyRules(RulesBase, game="indian_rummy"):
    """House rules of Indian Rummy.

    * Players (an argument of ``new_game``, not an option): 2 to 6 at one
      table (the common rules stop at six; seven or more play at two tables).
    * ``decks``: ``None`` — by the number of players: one deck for two, two
      decks for three to six; or a fixed number (1 or 2).
      ``jokers_per_deck``: printed jokers shuffled in with each deck (1: one
      for two players, two above).
    * ``wild_card``: ``True`` — after the deal a card is turned up from the
      stock and every card of its rank (in every suit, both decks) is wild,
      as the printed jokers are; ``False`` — only the printed jokers are wild.
      ``joker_turned``: what is wild when that turned card is itself a printed
      joker: ``"aces"`` (most apps) or ``"jokers only"``.
    * ``ace_high``: an ace may sit above the king (``Q-K-A``) as well as
      below the two (``A-2-3``); a sequence never wraps round (``K-A-2``).
    * ``wild_in_place_is_pure``: a wild card standing for *itself* (the 5♠
      in ``4♠ 5♠ 6♠`` when fives are wild) keeps a sequence pure.
    * ``max_set_size``: a set holds three or four cards of one rank, each of
      a different suit (two decks cannot give a set two 7♠); with jokers in
      it, it is still at most this many cards.
    * ``all_wild_groups``: a group made of wild cards and jokers only counts
      as a (not pure) sequence or set.
    * ``first_drop`` / ``middle_drop``: what dropping costs before one's
      first draw, and later; ``wrong_declaration``: what a declaration that
      breaks a rule costs; ``max_points``: no one loses more in one deal.
    * ``card_points``: what an ace, and each of J, Q, K, cost when left
      ungrouped (10 each); other cards their number, wild cards and jokers 0.
    * ``lacking_sequences``: how a loser without the two sequences (one of
      them pure) counts: ``"all cards"`` — every card of the hand, grouped or
      not; ``"pure kept"`` — the cards of a pure sequence are not counted,
      every other card is.
    * ``take_wild_from_discard``: a wild card or joker on the discard pile
      may be taken (``False``: only the stock may be drawn from then, except
      on a player's first turn).
    * ``format``: ``"points"`` (one deal; the winner takes the others'
      points), ``"pool"`` (deals until one player is left below
      ``pool_limit``: a player who reaches it is out) or ``"deals"``
      (``deals`` deals; the lowest total wins).
    * ``deal_limit``: the most deals a pool may last before the lowest total
      wins (``None``: no limit); a pool nearly always ends long before.
    * ``turn_limit``: the most turns a deal may last before it is scored as
      it stands (``None``: no limit); the stock, when it runs out, is made
      again from the discard pile but its top card.

    >>> IndianRummyRules().with_options(jokers=3)
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: Indian Rummy has no rule option 'jokers'; its options are: decks, jokers_per_deck, wild_card, joker_turned, ace_high, wild_in_place_is_pure, max_set_size, all_wild_groups, first_drop, middle_drop, wrong_declaration, max_points, card_points, lacking_sequences, take_wild_from_discard, format, pool_limit, deals, deal_limit, turn_limit
    """

    decks: int | None = option(None, "decks (None: one for two players, two above)")
    jokers_per_deck: int = option(1, "printed jokers per deck")
    wild_card: bool = option(True, "a card turned up after the deal makes its rank wild")
    joker_turned: str = option("aces", "what is wild when the turned card is a joker")
    ace_high: bool = option(True, "Q-K-A is a sequence as well as A-2-3")
    wild_in_place_is_pure: bool = option(
        True, "a wild card standing for itself keeps a sequence pure"
    )
    max_set_size: int = option(4, "the most cards in a set")
    all_wild_groups: bool = option(True, "wild cards and jokers alone make a group")
    first_drop: int = option(20, "points for dropping before one's first draw")
    middle_drop: int = option(40, "points for dropping later")
    wrong_declaration: int = option(80, "points for a declaration that breaks a rule")
    max_points: int = option(80, "the most points a player loses in one deal")
    card_points: tuple[int, int] = option((10, 10), "what an ace, and a J, Q or K, cost")
    lacking_sequences: str = option("all cards", "what counts without two sequences, one pure")
    take_wild_from_discard: bool = option(True, "a wild card on the discard pile may be taken")
    format: str = option("points", "points (one deal), pool or deals")
    pool_limit: int = option(101, "in a pool, the total that puts a player out")
    deals: int = option(2, "deals in the deals format")
    deal_limit: int | None = option(100, "in a pool, deals before the lowest total wins")
    turn_limit: int | None = option(1000, "turns before a deal is scored as it stands")

    def __post_init__(self) -> None:
        if self.decks is not None and self.decks not in (1, 2):
            raise RulesError(f"decks is 1 or 2 (or None: by players), not {self.decks!r}")
        if self.jokers_per_deck not in (0, 1, 2):
            raise RulesError(f"jokers_per_deck is 0, 1 or 2, not {self.jokers_per_deck!r}")
        if self.joker_turned not in JOKER_TURNED:
            raise RulesError(
                f"joker_turned is one of {', '.join(JOKER_TURNED)}, not {self.joker_turned!r}"
            )
        if self.max_set_size not in (3, 4, 5, 6, 7, 8):
            raise RulesError(f"max_set_size is 3 to 8, not {self.max_set_size!r}")
        for name in ("first_drop", "middle_drop", "wrong_declaration", "max_points"):
            if getattr(self, name) < 0:
                raise RulesError(f"{name} cannot be negative: {getattr(self, name)!r}")
        if len(self.card_points) != 2 or min(self.card_points) < 0:
            raise RulesError(
                f"card_points are what an ace and a court card cost, not {self.card_points!r}"
            )
        if self.lacking_sequences not in ("all cards", "pure kept"):
            raise RulesError(
                f"lacking_sequences is 'all cards' or 'pure kept', not {self.lacking_sequences!r}"
            )
        if self.format not in FORMATS:
            raise RulesError(f"format is one of {', '.join(FORMATS)}, not {self.format!r}")
        if self.pool_limit < 1 or self.deals < 1:
            raise RulesError("pool_limit and deals must be at least 1")
        for name, what in (("turn_limit", "turns a deal"), ("deal_limit", "deals a pool")):
            limit = getattr(self, name)
            if limit is not None and (
                not isinstance(limit, int) or isinstance(limit, bool) or limit < 1
            ):
                raise RulesError(
                    f"{name} is the most {what} may last: a whole number, at least 1 "
                    f"(or None: no limit), not {limit!r}"
                )

    def decks_for(self, players: int) -> int:
        """How many decks a table of ``players`` uses (2 to 6 players).

        One deck deals 13 cards to at most three players with a stock left.
        """
        check_players(players)
        if self.decks is not None:
            if 13 * players + 2 > 52 * self.decks:
                raise RulesError(f"one deck cannot deal 13 cards to {players} players")
            return self.decks
        return 1 if players <= 2 else 2

    def jokers_for(self, players: int) -> int:
        """How many printed jokers are in the pack for ``players``."""
        return self.jokers_per_deck * self.decks_for(players)

    def wild_rank_for(self, turned: AnyCard | None) -> Rank | None:
        """The rank made wild by the card turned up (``None``: only jokers are wild).

        >>> from rules_lib.cards import Card, Color, Joker
        >>> rules = IndianRummyRules()
        >>> rules.wild_rank_for(Card.parse("9h")), rules.wild_rank_for(Joker(Color.RED))
        (<Rank.NINE: 9>, <Rank.ACE: 14>)
        >>> rules.with_options(joker_turned="jokers only").wild_rank_for(Joker(Color.RED)) is None
        True
        """
        if not self.wild_card or turned is None:
            return None
        if isinstance(turned, Joker):
            return Rank.ACE if self.joker_turned == "aces" else None
        return turned.rank

    def points(self, card: AnyCard, wild_rank: Rank | None = None) -> int:
        """What ``card`` costs when it is left ungrouped (wild cards and jokers 0)."""
        if isinstance(card, Joker) or card.rank is wild_rank:
            return 0
        if card.rank is Rank.ACE:
            return self.card_points[0]
        if card.rank >= Rank.JACK:
            return self.card_points[1]
        return int(card.rank)

    def drop_points(self, *, first: bool) -> int:
        """What dropping costs: before one's first draw, or later."""
        return self.first_drop if first else self.middle_drop


PRESETS: dict[str, IndianRummyRules] = {
    "source": IndianRummyRules(),
    "pool 101": IndianRummyRules(format="pool", pool_limit=101),
    "pool 201": IndianRummyRules(format="pool", pool_limit=201, first_drop=25, middle_drop=50),
    "deals": IndianRummyRules(format="deals", deals=2),
    "printed jokers only": IndianRummyRules(wild_card=False),
}
"""Named rule sets: ``"source"``, one deal for points (the book's reading of
the common rules); a pool to 101 and one to 201 (drops 25 and 50, as most apps charge
there); two deals; and a table that turns up no wild card."""
