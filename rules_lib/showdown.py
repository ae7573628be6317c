"""A showdown: four hands of 13 set as rows, scored under Mậu Binh or Chinese Poker rules.

The games of set hands side by side, each found by its key in
:mod:`rules_lib.games`.  The arrange-13 widgets deal four hands, let the
reader set one and three bots set the others, then score the deal.  Every
decision they show is made by the games (their :class:`~rules_lib.setting.game.SettingGame`);
here they are picked by name:

* :data:`RULESETS`, the rule sets a reader can pick (label -> game and rules
  object), and :data:`RULESET_KEYS`, their short names for links;
* :func:`bot_arrangement`: how a bot sets its hand; :func:`best_arrangement`:
  the solver's best setting;
* :func:`held_specials` and :func:`special_notes`: the special hands the cards
  hold, and what each is worth under the chosen rules;
* :func:`score_showdown`: each seat's points for one deal, with a line saying why;
* :func:`other_hands`: hands for the bots when the reader typed their own cards.

>>> from rules_lib.setting import deal
>>> game, rules = RULESETS["Chinese Poker (source rules)"]
>>> hands = [bot_arrangement(hand, game, rules) for hand in deal(3)]
>>> points, notes = score_showdown(hands, game, rules, dealer=3)
>>> sum(points), len(notes)
(0, 4)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Literal, cast

from .cards import AnyCard
from .chinese_poker import ChinesePokerRules
from .errors import UnknownOptionError
from .games import GAMES, GameInfo, PresetInfo
from .mau_binh import MauBinhRules
from .setting.expected import solve
from .setting.game import SEAT_NAMES, setting_game
from .setting.rows import Arrangement, other_hands
from .setting.specials import Special, held_specials

__all__ = [
    "RULESETS",
    "RULESET_KEYS",
    "SEAT_NAMES",
    "ArrangeGame",
    "ArrangeRules",
    "best_arrangement",
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

_RULES_CLASS: dict[str, type] = {g.key: g.rules_class for g in _ARRANGE_GAMES}


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
    """How the bots set a hand (the game's ``set_hand``): as three straights
    or three flushes when that wins at once in Mậu Binh, otherwise the
    solver's best arrangement (both in order under ``rules``).

    >>> from rules_lib.setting import deal
    >>> from rules_lib.mau_binh import instant_win
    >>> hand = deal(74)[0]  # it can be set as three straights
    >>> instant_win(bot_arrangement(hand, "mau_binh", MauBinhRules())).label
    'three straights'
    >>> instant_win(bot_arrangement(hand, "chinese_poker", ChinesePokerRules())) is None
    True
    """
    rules = _checked(game, rules)
    return setting_game(game).set_hand(cards, rules)


def best_arrangement(
    cards: str | Iterable[AnyCard],
    game: str = "mau_binh",
    *,
    objective: str = "expected",
    strict: bool = False,
    rules: ArrangeRules | None = None,
) -> Arrangement:
    """The solver's best arrangement of ``cards`` for ``game`` (``"mau_binh"``
    or ``"chinese_poker"``), never misset, by ``objective`` (see
    :func:`rules_lib.setting.expected.solve`): ``"expected"`` (the default),
    the most expected points against a table of players who set their hands
    the same way, or ``"strength"``, the largest sum of the rows' strengths.
    Special hands are not part of either objective: :func:`bot_arrangement`
    sets three flushes or three straights when Mậu Binh pays them.

    >>> hand = "As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs"
    >>> str(best_arrangement(hand))
    '7♦ 6♣ 5♠ 4♥ 3♦ / A♠ A♥ 9♠ 9♥ 2♣ / K♦ K♣ Q♠'
    >>> str(best_arrangement(hand, objective="strength"))
    '7♦ 6♣ 5♠ 4♥ 3♦ / K♦ K♣ 9♠ 9♥ 2♣ / A♠ A♥ Q♠'
    >>> best_arrangement(hand, objective="luck")
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: no objective 'luck'; choose one of: expected, strength
    """
    return solve(cards, game, objective, strict=strict, rules=rules)


def special_notes(
    specials: Collection[Special], game: ArrangeGame, rules: ArrangeRules
) -> list[str]:
    """What each special hand in ``specials`` is worth under one rule set, in the
    order of :class:`~rules_lib.setting.specials.Special`.

    >>> special_notes({Special.SIX_PAIRS, Special.DRAGON}, "chinese_poker", ChinesePokerRules())
    ['dragon: 13 points from each opponent, however you set it', 'six pairs: 3 points from each opponent, however you set it']
    >>> special_notes({Special.FOUR_OF_A_KIND}, "mau_binh", MauBinhRules())
    ['four of a kind: wins at once']
    """
    rules = _checked(game, rules)
    return setting_game(game).special_notes(specials, rules)


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
    return setting_game(game).showdown(hands, rules, dealer, names, surrenders)
