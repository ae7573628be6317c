"""What may go on what in Tredici: neighbouring ranks, the first card of a turn, runs.

Ranks are cyclic (A-2-…-10-J-Q-K-A), so every rank has two neighbours.  The
first card of a turn is a neighbour of the top card, of any suit.  Each
further card of a run is of the suit of the card before and a neighbour of
it, except that any queen or any ace may follow a king.  A joker goes only on
a king of its colour, and nothing follows it in the run.

>>> is_run(Card.parse("Jd"), "Qh Kh As Ks Qc Jc")  # the source's run on a jack
True
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from ..cards import AnyCard, Card, Cards, Joker, Rank, parse_cards
from ..errors import IllegalActionError

__all__ = ["fits_on", "follows_in_run", "is_neighbour", "is_run", "verify_run"]


def is_neighbour(a: Rank, b: Rank) -> bool:
    """Whether two ranks are one apart on the cyclic ladder A-2-3-…-10-J-Q-K-A.

    >>> is_neighbour(Rank.ACE, Rank.KING), is_neighbour(Rank.ACE, Rank.TWO)
    (True, True)
    >>> is_neighbour(Rank.QUEEN, Rank.ACE), is_neighbour(Rank.FIVE, Rank.FIVE)
    (False, False)
    """
    return (int(a) - int(b)) % 13 in (1, 12)


def _joker_on(king: AnyCard, joker: Joker) -> bool:
    return isinstance(king, Card) and king.rank is Rank.KING and king.suit.color is joker.color


def fits_on(top: AnyCard, card: AnyCard) -> bool:
    """Whether ``card`` may be the first card of a turn on ``top`` (no joker pending).

    Any card one rank above or below the top card, of any suit; a joker only
    on a king of its colour.

    >>> from rules_lib.cards import parse_card
    >>> top = Card.parse("Kh")
    >>> [fits_on(top, parse_card(t)) for t in ("Qs", "Ac", "Jh", "RJ", "BJ")]
    [True, True, False, True, False]
    """
    if isinstance(card, Joker):
        return _joker_on(top, card)
    return isinstance(top, Card) and is_neighbour(top.rank, card.rank)


def follows_in_run(previous: AnyCard, card: AnyCard) -> bool:
    """Whether ``card`` may follow ``previous`` inside a run.

    Same suit and one rank above or below; after a king, any queen or any ace
    of any suit; a joker on a king of its colour; nothing after a joker.

    >>> from rules_lib.cards import parse_card
    >>> king = Card.parse("K♥")
    >>> [follows_in_run(king, parse_card(t)) for t in ("Q♥", "Q♠", "A♣", "J♥", "RJ")]
    [True, True, True, False, True]
    >>> follows_in_run(Card.parse("A♠"), Card.parse("K♥"))  # only after a king
    False
    """
    if not isinstance(previous, Card):
        return False
    if isinstance(card, Joker):
        return _joker_on(previous, card)
    if previous.rank is Rank.KING and card.rank in (Rank.QUEEN, Rank.ACE):
        return True
    return card.suit is previous.suit and is_neighbour(previous.rank, card.rank)


def verify_run(top: AnyCard, cards: str | Iterable[AnyCard]) -> None:
    """Raise :class:`IllegalActionError` unless ``cards`` may be played as one turn on ``top``.

    >>> verify_run(Card.parse("Jd"), "Qh Kh As Ks Qc Jc")
    >>> verify_run(Card.parse("Jd"), "Qh Kh As Qs")
    Traceback (most recent call last):
    ...
    rules_lib.errors.IllegalActionError: card 4 Q♠ cannot follow A♠ in a run: it must be a ♠ one rank above or below A♠ (K♠ or 2♠)
    """
    run = parse_cards(cards) if isinstance(cards, str) else Cards(cards)
    if not run:
        raise IllegalActionError("a turn's play has at least one card")
    if not fits_on(top, run[0]):
        raise IllegalActionError(f"card 1 {run[0]} cannot be played on {top}: {_first_rule(top)}")
    for number, (previous, card) in enumerate(pairwise(run), start=2):
        if not follows_in_run(previous, card):
            raise IllegalActionError(
                f"card {number} {card} cannot follow {previous} in a run: "
                + _run_rule(previous, card)
            )


def is_run(top: AnyCard, cards: str | Iterable[AnyCard]) -> bool:
    """Whether ``cards`` may be played as one turn on ``top``.

    >>> is_run(Card.parse("Jd"), "Qh Kh As Ks Qc Jc"), is_run(Card.parse("Jd"), "Qh Jh")
    (True, True)
    >>> is_run(Card.parse("Jd"), "Qh Qs")
    False
    """
    try:
        verify_run(top, cards)
    except IllegalActionError:
        return False
    return True


def _neighbour_ranks(rank: Rank) -> tuple[Rank, Rank]:
    order = (Rank.ACE, *[r for r in Rank if r is not Rank.ACE])  # A 2 3 … K
    i = order.index(rank)
    return order[(i - 1) % 13], order[(i + 1) % 13]


_NEIGHBOURS = {rank: frozenset(_neighbour_ranks(rank)) for rank in Rank}


def _first_rule(top: AnyCard) -> str:
    if isinstance(top, Joker):
        return "nothing goes on a joker but the suit it forces"
    rule = f"the first card must be {_one_rank_from(top, same_suit=False)}"
    if top.rank is Rank.KING:
        rule += f", or the {top.suit.color.value} joker"
    return rule


def _one_rank_from(card: Card, *, same_suit: bool) -> str:
    """The cards one rank from ``card`` in words, of its suit or of any suit."""
    low, high = _neighbour_ranks(card.rank)
    if same_suit:
        suit = card.suit
        return f"a {suit} one rank above or below {card} ({low}{suit} or {high}{suit})"
    return (
        f"one rank above or below {card} "
        f"({_article(low)} {low} or {_article(high)} {high} of any suit)"
    )


def _article(rank: Rank) -> str:
    """ "an" before the ranks read with a vowel (an A, an 8), "a" before the others."""
    return "an" if rank in (Rank.ACE, Rank.EIGHT) else "a"


def _run_rule(previous: AnyCard, card: AnyCard) -> str:
    if isinstance(previous, Joker):
        return "a joker ends the run"
    if isinstance(card, Joker):
        return "a joker goes only on a king of its colour (red on ♥ ♦, black on ♠ ♣)"
    rule = f"it must be {_one_rank_from(previous, same_suit=True)}"
    if previous.rank is Rank.KING:
        rule += ", or any queen or ace"
    return rule


def _followers(last: AnyCard, hand: Iterable[AnyCard]) -> list[AnyCard]:
    """The cards of ``hand`` that may follow ``last`` in a run (fast :func:`follows_in_run`)."""
    if not isinstance(last, Card):
        return []
    near, suit = _NEIGHBOURS[last.rank], last.suit
    if last.rank is Rank.KING:
        color = suit.color
        return [
            c
            for c in hand
            if (
                c.rank in _AFTER_KING or (c.suit is suit and c.rank in near)
                if isinstance(c, Card)
                else c.color is color
            )
        ]
    return [c for c in hand if isinstance(c, Card) and c.suit is suit and c.rank in near]


_AFTER_KING = frozenset((Rank.QUEEN, Rank.ACE))
