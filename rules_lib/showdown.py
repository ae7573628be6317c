"""A showdown: four hands of 13 set as rows, scored under Mậu Binh or Chinese Poker rules.

The arrange-13 widgets deal four hands, let the reader set one and three bots
set the others, then score the deal.  Every decision they show is made here:

* :data:`RULESETS`, the rule sets a reader can pick (label -> game and rules
  object), and :data:`RULESET_KEYS`, their short names for links;
* :func:`bot_arrangement`: how a bot sets its hand;
* :func:`held_specials` and :func:`special_notes`: the special hands the cards
  hold, and what each is worth under the chosen rules;
* :func:`score_showdown`: each seat's points for one deal, with a line saying why;
* :func:`other_hands`: hands for the bots when the reader typed their own cards.

>>> from rules_lib.arrange import deal
>>> game, rules = RULESETS["Chinese Poker (source rules)"]
>>> hands = [bot_arrangement(hand, game, rules) for hand in deal(3)]
>>> points, notes = score_showdown(hands, game, rules, dealer=3)
>>> sum(points), len(notes)
(0, 4)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from typing import Literal, cast

from . import chinese_poker, mau_binh
from .arrange import Arrangement, Special, find_specials
from .cards import AnyCard, Cards, standard_deck
from .chinese_poker import ChinesePokerRules
from .errors import CardCountError, IllegalActionError, UnknownOptionError
from .games import GAMES, GameInfo, PresetInfo, find_game
from .mau_binh import MauBinhRules
from .rules_base import RulesBase
from .strategy import solver_arrangement

__all__ = [
    "RULESETS",
    "RULESET_KEYS",
    "SEAT_NAMES",
    "ArrangeGame",
    "ArrangeRules",
    "bot_arrangement",
    "held_specials",
    "other_hands",
    "score_showdown",
    "special_notes",
]

#: The two games played with hands of 13 set as back, middle and front.
ArrangeGame = Literal["mau_binh", "chinese_poker"]

#: The rules of either game.
ArrangeRules = MauBinhRules | ChinesePokerRules

_ARRANGE_GAMES = tuple(g for g in GAMES if g.kind == "arrangement")


def _ruleset_label(game: GameInfo, preset: PresetInfo) -> str:
    return f"{game.name} ({preset.label})"


#: The rule sets a reader can pick: label -> (game, rules object), from :mod:`rules_lib.games`.
RULESETS: dict[str, tuple[ArrangeGame, ArrangeRules]] = {
    _ruleset_label(g, p): (cast(ArrangeGame, g.key), g.presets[p.name])
    for g in _ARRANGE_GAMES
    for p in g.preset_infos
}

#: Short names of the rule sets, for links (``?rules=mb-source``), from :mod:`rules_lib.games`.
RULESET_KEYS: dict[str, str] = {
    p.link: _ruleset_label(g, p) for g in _ARRANGE_GAMES for p in g.preset_infos
}

#: The seats of a showdown, by number: the reader, then three bots.
SEAT_NAMES = ("you", "Bot A", "Bot B", "Bot C")

_RULES_CLASS: dict[str, type[RulesBase]] = {g.key: g.rules_class for g in _ARRANGE_GAMES}


def _checked(game: str, rules: ArrangeRules) -> ArrangeRules:
    """``rules``, once it is known to be a rules object of ``game``.

    >>> _checked("poker", MauBinhRules())
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: no game 'poker' is played with hands of 13 set in rows; the games are: mau_binh, chinese_poker
    """
    if game not in _RULES_CLASS:
        raise UnknownOptionError(
            f"no game {game!r} is played with hands of 13 set in rows; "
            f"the games are: {', '.join(_RULES_CLASS)}"
        )
    if not isinstance(rules, _RULES_CLASS[game]):
        raise TypeError(f"{type(rules).__name__} are not the rules of {game}")
    return rules


def bot_arrangement(
    cards: str | Iterable[AnyCard], game: ArrangeGame, rules: ArrangeRules
) -> Arrangement:
    """How the bots set a hand: as three straights or three flushes when that
    wins at once in Mậu Binh, otherwise the solver's best arrangement (both
    in order under ``rules``).

    >>> from rules_lib.arrange import deal
    >>> from rules_lib.mau_binh import instant_win
    >>> hand = deal(74)[0]  # it can be set as three straights
    >>> instant_win(bot_arrangement(hand, "mau_binh", MauBinhRules())).label
    'three straights'
    >>> instant_win(bot_arrangement(hand, "chinese_poker", ChinesePokerRules())) is None
    True
    """
    rules = _checked(game, rules)
    return solver_arrangement(cards, find_game(game).name, rules)


def held_specials(cards: str | Iterable[AnyCard], rules: ArrangeRules) -> set[Special]:
    """The special hands the 13 cards hold, counted as ``rules`` count them.

    >>> hand = "2s 2h 3d 3c 4s 4h 5d 5c 6s 6h 6d 6c 9s"  # four pairs and four sixes
    >>> sorted(s.label for s in held_specials(hand, MauBinhRules()))
    ['four of a kind', 'six pairs']
    >>> sorted(s.label for s in held_specials(hand, MauBinhRules(six_pairs_exactly=True)))
    ['four of a kind']
    """
    return find_specials(
        cards,
        six_pairs_exactly=rules.six_pairs_exactly,
        ace_low_front=rules.ace_low_front_straight,
    )


def special_notes(
    specials: Collection[Special], game: ArrangeGame, rules: ArrangeRules
) -> list[str]:
    """What each special hand in ``specials`` is worth under one rule set, in the
    order of :class:`~rules_lib.arrange.Special`.

    >>> special_notes({Special.SIX_PAIRS, Special.DRAGON}, "chinese_poker", ChinesePokerRules())
    ['dragon: 13 points from each opponent, however you set it', 'six pairs: 3 points from each opponent, however you set it']
    >>> special_notes({Special.FOUR_OF_A_KIND}, "mau_binh", MauBinhRules())
    ['four of a kind: wins at once']
    """
    rules = _checked(game, rules)
    notes = []
    for special in (s for s in Special if s in specials):
        name = special.label
        if isinstance(rules, MauBinhRules):
            ordinary = special in (Special.STRAIGHT_FLUSH, Special.FOUR_OF_A_KIND)
            if ordinary and not rules.straight_flush_and_quads_instant:
                notes.append(f"{name}: an ordinary hand under these rules (set it in the back)")
            elif special in (Special.THREE_FLUSHES, Special.THREE_STRAIGHTS):
                notes.append(f"{name}: wins at once, if you set the rows that way")
            elif not rules.instant_wins_when_misset:
                notes.append(f"{name}: wins at once, if the rows are in order")
            else:
                notes.append(f"{name}: wins at once")
        else:
            points = dict(rules.specials).get(special)
            if points and not rules.specials_when_misset:
                notes.append(
                    f"{name}: {points} points from each opponent, if the rows are in order"
                )
            elif points:
                notes.append(f"{name}: {points} points from each opponent, however you set it")
            else:
                notes.append(
                    f"{name}: not special here; a royalty if it wins in the back or middle"
                )
    return notes


def score_showdown(
    hands: Sequence[Arrangement | None],
    game: ArrangeGame,
    rules: ArrangeRules,
    dealer: int,
    names: Sequence[str] = SEAT_NAMES,
    surrenders: Sequence[bool] | None = None,
) -> tuple[list[int], list[str]]:
    """Points of each seat for one deal, and a line of explanation per seat.

    In Mậu Binh each player settles with the dealer (seat ``dealer``), who
    takes the opposite of each result; in Chinese Poker every seat scores
    against every other, each named by ``names``, and the dealer only sets
    the order of declaring specials: the seat on the dealer's left first.

    >>> hands = [Arrangement.parse(text) for text in (
    ...     "Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c",
    ...     "Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c",
    ... )]
    >>> score_showdown(hands, "mau_binh", MauBinhRules(), dealer=1)
    ([-1, 1], ['lost 2 of 3 rows against the dealer: back loses, middle wins, front loses', "the dealer: takes the opposite of each player's result"])
    >>> score_showdown(hands, "chinese_poker", ChinesePokerRules(), dealer=1)[1]
    ['-1 against Bot A', '+1 against you']
    """
    rules = _checked(game, rules)
    gave_up = list(surrenders) if surrenders is not None else [False] * len(hands)
    if isinstance(rules, MauBinhRules):
        if any(gave_up):
            raise IllegalActionError("Mậu Binh has no surrender: every hand is shown")
        shown = [h for h in hands if h is not None]
        if len(shown) != len(hands):
            raise CardCountError("every hand must be shown with its cards")
        pairs = mau_binh.settle_pairs(shown, rules, dealer=dealer)
        totals = [sum(row) for row in pairs]
        notes = []
        for seat, arr in enumerate(shown):
            if rules.settle_with == "everyone":
                notes.append(_everyone_note(seat, shown, pairs, rules, dealer, names))
            elif seat == dealer:
                notes.append("the dealer: takes the opposite of each player's result")
            else:
                notes.append(mau_binh.settle(arr, shown[dealer], rules).reason)
        return totals, notes
    table = chinese_poker.score_table(
        hands, rules, surrenders=gave_up, first_to_declare=(dealer + 1) % len(hands)
    )
    notes = []
    for seat in range(len(hands)):
        parts = []
        for (i, j), result in table.pairs.items():
            if seat in (i, j):
                other = j if seat == i else i
                pts = result.points if seat == i else -result.points
                parts.append(f"{pts:+d} against {names[other]}")
        notes.append(("surrendered: " if gave_up[seat] else "") + ", ".join(parts))
    return list(table.totals), notes


def _everyone_note(
    seat: int,
    hands: Sequence[Arrangement],
    pairs: Sequence[Sequence[int]],
    rules: MauBinhRules,
    dealer: int,
    names: Sequence[str],
) -> str:
    """One seat's line when everyone settles with everyone: a part per opponent."""
    parts = []
    for other in range(len(hands)):
        if other == seat:
            continue
        result = mau_binh.settle(
            hands[seat], hands[other], rules, opponent_is_dealer=other == dealer
        )
        reason = result.reason.replace("the dealer", names[other]).replace(
            "the opponent", names[other]
        )
        units = pairs[seat][other]
        extra = ""
        if units != result.units:
            extra = f" (a sweep of every player: ×{rules.sweep_all_multiplier})"
        shown = f"{units:+d}".replace("-", "−")
        parts.append(f"{shown} against {names[other]}{extra}: {reason}")
    return "; ".join(parts)


def other_hands(mine: Iterable[AnyCard]) -> list[Cards]:
    """Three hands of 13 for the bots from the 39 cards not in ``mine`` (a hand
    the reader typed), the same three every time for the same hand.

    >>> from rules_lib.arrange import deal
    >>> hands = other_hands(deal(5)[0])
    >>> [len(h) for h in hands], len(set(deal(5)[0]).union(*hands))
    ([13, 13, 13], 52)
    """
    taken = set(mine)
    rest = [c for c in standard_deck() if c not in taken]
    random.Random(0).shuffle(rest)
    return [Cards(rest[13 * i : 13 * i + 13]) for i in range(3)]
