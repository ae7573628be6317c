"""What the rummy games of the library share: where a rank sits in a run, and
the candidate runs of their exact melders.

A run (Three-Thirteen) or sequence (Indian Rummy) is cards of one suit in
consecutive *places*: the ace is place 1 (below the two) and, where aces are
high, place 14 too (above the king); the other ranks are their number.

>>> place_options(Rank.ACE, ace_high=True), place_options(Rank.SEVEN, ace_high=True)
((1, 14), (7,))
>>> rank_at(14), rank_at(1), low_place(Rank.ACE), low_place(Rank.KING)
(<Rank.ACE: 14>, <Rank.ACE: 14>, 1, 13)

Both melders treat wild cards as a *count*: they search the natural cards of a
hand as a bitmask, and a candidate meld is a *core* (its natural cards, as a
bitmask) with the number of wild cards it needs.  :func:`run_cores` lists the
run cores; each game adds its own sets and rules (Three-Thirteen allows sets
of one suit, Indian Rummy caps sets and asks for a pure sequence).

A position made by hand (each game's ``from_hands``) names its cards as texts,
one per place (each hand, the discard pile, the stock…); :func:`split_named_cards`
reads them all against the game's pack.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import AnyCard, Cards, Rank, parse_cards
from .errors import NotationError

__all__ = ["low_place", "place_options", "rank_at", "run_cores", "split_named_cards"]

#: The most natural cards a run core holds: a run of 6 or more natural cards
#: splits into two runs of 3 or more that need no more wild cards.
MAX_RUN_NATURALS = 5


def place_options(rank: Rank, ace_high: bool) -> tuple[int, ...]:
    """The places a rank may take in a run: ace 1 (and 14 if aces are high), else 2..13."""
    if rank is Rank.ACE:
        return (1, 14) if ace_high else (1,)
    return (int(rank),)


def rank_at(place: int) -> Rank:
    """The rank at a place of a run (1 and 14 are both the ace)."""
    return Rank.ACE if place in (1, 14) else Rank(place)


def low_place(rank: Rank) -> int:
    """The lowest place of a rank: 1 for the ace, else its number."""
    return 1 if rank is Rank.ACE else int(rank)


def run_cores(keys: tuple[tuple[int, int], ...], n_wild: int, ace_high: bool) -> dict[int, int]:
    """Candidate run cores: bitmask of natural cards -> the fewest wild cards it needs.

    ``keys`` are (low place, suit index) of the natural cards (index ``i`` is
    bit ``i``).  A core holds 2 to :data:`MAX_RUN_NATURALS` cards of one suit
    at different places; it needs a wild card for each gap, and enough to
    reach 3 cards.  A core needing ``2k`` wild cards or more for its ``k``
    natural cards is left out (each natural card with two wild cards does as
    well), as is one needing more than ``n_wild``.

    With 5♠ 6♠ 8♠ 8♥ and one wild card: 5♠ 6♠ (bits 0, 1) and 6♠ 8♠ (bits 1,
    2) need one, 5♠ 6♠ 8♠ (bits 0 to 2) one for the 7♠; 5♠ 8♠ would need two:

    >>> keys = ((5, 0), (6, 0), (8, 0), (8, 1))
    >>> sorted(run_cores(keys, n_wild=1, ace_high=False).items())
    [(3, 1), (6, 1), (7, 1)]
    """
    cores: dict[int, int] = {}
    for suit in range(4):
        placed = sorted(
            (p, i)
            for i, (place, s) in enumerate(keys)
            if s == suit
            for p in ((1, 14) if place == 1 and ace_high else (place,))
        )
        count = len(placed)
        for a in range(count):
            first, i0 = placed[a]
            stack = [(a, 1 << i0, first, 1)]
            while stack:
                last, mask, last_place, k = stack.pop()
                for b in range(last + 1, count):
                    place, i = placed[b]
                    if place == last_place or mask >> i & 1:
                        continue
                    span = place - first + 1
                    k2 = k + 1
                    if span - k2 > n_wild:
                        break
                    grown = mask | 1 << i
                    need = max(span, 3) - k2
                    if need <= n_wild and need < 2 * k2 and need < cores.get(grown, 99):
                        cores[grown] = need
                    if k2 < MAX_RUN_NATURALS:
                        stack.append((b, grown, place, k2))
    return cores


def split_named_cards(
    texts: Sequence[str], pack: Sequence[AnyCard], decks: int, jokers: bool, pack_word: str
) -> list[Cards]:
    """The cards each text names, read together (so that a card named twice is the
    second deck's copy), every one of them checked to be in ``pack``.

    >>> from rules_lib.cards import standard_deck
    >>> [str(c) for c in split_named_cards(["7s 8h", "", "7s"], standard_deck(2), 2, False, "deck")]
    ['7♠ 8♥', '', '7♠']
    >>> split_named_cards(["RJ"], standard_deck(), 1, True, "pack")
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: RJ is not in this game's pack
    """
    counts = [len(parse_cards(t, decks=decks)) for t in texts]
    every = list(parse_cards(" ".join(texts), decks=decks, jokers=jokers))
    strangers = [c for c in every if c not in pack]
    if strangers:
        raise NotationError(f"{Cards(strangers)} is not in this game's {pack_word}")
    parts: list[Cards] = []
    for count in counts:
        parts.append(Cards(every[:count]))
        every = every[count:]
    return parts
