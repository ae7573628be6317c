"""House rules of Three-Thirteen Rummy as data (docs/GAMES.md §4).

Every reading of the source, and every variation it mentions, is a field of
:class:`ThreeThirteenRules`; :data:`PRESETS` names the useful combinations.

>>> from rules_lib.cards import Card, Color, Joker
>>> rules = ThreeThirteenRules()
>>> rules.penalty(Card.parse("As")), rules.penalty(Card.parse("Kd")), rules.penalty(Joker(Color.RED))
(1, 10, 20)
>>> variant = ThreeThirteenRules.preset("variations")
>>> variant.penalty(Card.parse("As")), variant.penalty(Card.parse("Kd"))
(15, 13)
>>> [str(wild_rank(n)) for n in (1, 8, 9, 11)]
['3', '10', 'J', 'K']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import AnyCard, Joker, Rank
from ..errors import RulesError
from ..rules_base import RulesBase, option

__all__ = [
    "PRESETS",
    "ROUNDS",
    "ThreeThirteenRules",
    "cards_dealt",
    "wild_rank",
]

#: The number of rounds: round ``n`` deals ``n + 2`` cards.
ROUNDS = 11


def cards_dealt(round_number: int) -> int:
    """Cards each player is dealt in round ``round_number`` (1..11): 3 up to 13.

    >>> cards_dealt(1), cards_dealt(11)
    (3, 13)
    """
    _check_round(round_number)
    return round_number + 2


def wild_rank(round_number: int) -> Rank:
    """The wild rank of a round: the rank equal to the number of cards dealt.

    Threes in round 1, fours in round 2 … tens in round 8, then jacks, queens
    and kings in rounds 9, 10 and 11.

    >>> wild_rank(1), wild_rank(11)
    (<Rank.THREE: 3>, <Rank.KING: 13>)
    """
    return Rank(cards_dealt(round_number))


def _check_round(round_number: int) -> None:
    if not isinstance(round_number, int) or not 1 <= round_number <= ROUNDS:
        raise RulesError(f"a round is numbered 1 to {ROUNDS}, not {round_number!r}")


@dataclass(frozen=True)
class ThreeThirteenRules(RulesBase, game="three_thirteen"):
    """House rules of Three-Thirteen Rummy.

    * ``ace_high``: ``False`` (the source) — aces are low only, ``A-2-3`` is a
      run and ``Q-K-A`` is not; ``True`` — an ace may also sit above the king
      (``Q-K-A``); a run never wraps round (``K-A-2`` is never a run: the
      source, which names only ``A-K-Q``, is silent on it, and the library has
      no option for runs that turn the corner).
    * ``ace_penalty``: what an unmelded ace costs; ``None`` means the source's
      pairing: 1 when aces are low only, 15 when they are high or low.
    * ``all_wild_melds``: ``True`` — a meld may be made of wild cards only (the
      source says so in one place); ``False`` — every meld needs at least one
      natural card (it says that in another).  A card of the wild rank is
      always wild, so in round 1 ``3♠ 3♥ 3♦`` is an all-wild meld.
    * ``court_values``: penalties of an unmelded J, Q, K: ``(10, 10, 10)``
      (the source) or ``(11, 12, 13)`` (a variation it mentions).
    * ``jokers``: jokers added *per deck* as extra wild cards (0, 1 or 2);
      ``joker_penalty``: what an unmelded joker costs (20 in the source).
    * ``decks``: ``None`` — by the number of players: one deck for two, two
      decks for three or four, and for five or more players enough decks that
      the last round leaves a stock; or a fixed number.
    * ``reshuffles``: when the stock runs out, the discard pile except its top
      card is shuffled (from the game's seed) into a new stock, at most this
      many times a round; when the stock runs out once more, the round ends
      and every hand is scored as it stands.  ``None``: no limit.  (The source
      is silent; the limit ends a round in which everyone draws from the
      stock, but a player who takes the top discard draws nothing from the
      stock, so only ``turn_limit`` keeps every round finite.)
    * ``discard_taken_card``: whether a player who took the top discard may
      discard that same card in the same turn (the source is silent; most
      rummy games forbid it, so the default is ``False``).
    * ``turn_limit``: the most turns a round may last (``None``: no limit).
      When the last of them is over, the round ends and every hand is scored
      as it stands, as when the stock runs out for good (last turns still
      owed after someone went out are lost, as they are then).  The source
      is silent, and nothing else ends a round: taking the top discard draws
      nothing from the stock, so players who keep taking it can go round for
      ever.  The default, 1000, is far above any real round.  A round in which
      every turn draws from the stock ends within ``(1 + reshuffles) ×
      stock`` turns: at most ``2 × 94 = 188`` at the source's tables (two to
      four players; the largest stock is round 1's with three players and two
      decks, 104 - 3 × 3 - 1 cards).  Random players take the discard about
      every other turn, which roughly doubles that: the longest of 3,300
      random rounds of two to four players lasted 392 turns (619 with twelve
      players), and the library's bots went out within 64 (100 with twelve).
      So the default only ends rounds that go round in circles.

    >>> ThreeThirteenRules().with_options(ace_high=True).ace_value
    15
    >>> ThreeThirteenRules().with_options(wilds="deuces")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: Three-Thirteen has no rule option 'wilds'; its options are: ace_high, ace_penalty, all_wild_melds, court_values, jokers, joker_penalty, decks, reshuffles, discard_taken_card, turn_limit
    """

    ace_high: bool = option(False, "Q-K-A is a run")
    ace_penalty: int | None = option(
        None, "what an ace left over costs (None: 1, or 15 when aces are high too)"
    )
    all_wild_melds: bool = option(True, "wild cards alone meld")
    court_values: tuple[int, int, int] = option((10, 10, 10), "what a J, Q, K left over cost")
    jokers: int = option(0, "jokers per deck")
    joker_penalty: int = option(20, "what a joker left over costs")
    decks: int | None = option(None, "decks at the table (None: by the number of players)")
    reshuffles: int | None = option(1, "times a round the discards may become a new stock")
    discard_taken_card: bool = option(False, "the discard just taken may go straight back")
    turn_limit: int | None = option(1000, "turns before a round ends with the hands as they stand")

    def __post_init__(self) -> None:
        if self.ace_penalty is not None and self.ace_penalty < 1:
            raise RulesError(f"an unmelded ace must cost at least 1, not {self.ace_penalty!r}")
        if len(self.court_values) != 3 or min(self.court_values) < 1:
            raise RulesError(
                f"court_values are the penalties of J, Q, K (each at least 1), not {self.court_values!r}"
            )
        if self.jokers not in (0, 1, 2):
            raise RulesError(f"jokers per deck is 0, 1 or 2, not {self.jokers!r}")
        if self.joker_penalty < 0:
            raise RulesError(f"a joker's penalty cannot be negative: {self.joker_penalty!r}")
        if self.decks is not None and self.decks < 1:
            raise RulesError(f"decks must be at least 1 (or None: by players), not {self.decks!r}")
        if self.reshuffles is not None and self.reshuffles < 0:
            raise RulesError(f"reshuffles must be 0 or more (or None), not {self.reshuffles!r}")
        limit = self.turn_limit
        if limit is not None and (
            not isinstance(limit, int) or isinstance(limit, bool) or limit < 1
        ):
            raise RulesError(
                "turn_limit is the most turns a round may last: a whole number, at least 1 "
                f"(or None: no limit), not {limit!r}"
            )

    @property
    def ace_value(self) -> int:
        """What an unmelded ace costs under these rules."""
        if self.ace_penalty is not None:
            return self.ace_penalty
        return 15 if self.ace_high else 1

    @property
    def top_position(self) -> int:
        """The highest place in a run: 13 (king) with aces low, 14 with aces high too."""
        return 14 if self.ace_high else 13

    def penalty(self, card: AnyCard) -> int:
        """What ``card`` costs when it is left unmelded (wild cards at face value).

        >>> from rules_lib.cards import Card
        >>> ThreeThirteenRules().penalty(Card.parse("7h"))
        7
        """
        if isinstance(card, Joker):
            return self.joker_penalty
        return self.rank_value(card.rank)

    def rank_value(self, rank: Rank) -> int:
        """The penalty of an unmelded card of ``rank``."""
        if rank is Rank.ACE:
            return self.ace_value
        if rank >= Rank.JACK:
            return self.court_values[rank - Rank.JACK]
        return int(rank)

    def decks_for(self, players: int) -> int:
        """How many decks a table of ``players`` uses.

        >>> [ThreeThirteenRules().decks_for(p) for p in (2, 3, 4, 6, 8)]
        [1, 2, 2, 2, 3]
        """
        if self.decks is not None:
            return self.decks
        if players <= 2:
            return 1
        # Enough for the last round (13 cards each), the first discard and a
        # stock of at least one more round's worth of draws.
        needed = 13 * players + 1 + players
        return max(2, -(-needed // (52 + 2 * self.jokers)))


PRESETS: dict[str, ThreeThirteenRules] = {
    "source": ThreeThirteenRules(),
    "variations": ThreeThirteenRules(ace_high=True, court_values=(11, 12, 13), jokers=2),
    "natural in every meld": ThreeThirteenRules(all_wild_melds=False),
}
"""Named rule sets: the source's main reading; every variation the source
lists at once (aces high or low costing 15, J 11 Q 12 K 13, two jokers per
deck costing 20); and the other reading of the source's contradiction about
melds of wild cards only."""
