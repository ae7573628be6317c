"""The guided first deal of Indian Rummy: you against one bot, four steps.

Your thirteen cards are near a declaration: a sequence of hearts held
together by the printed joker, a sequence of diamonds with a wild nine in it,
a set of eights, two spades that wait for the 7♠, and a loose king.
One idea a step: a turn starts with a card from the stock when the top
discard fits nothing; it ends by throwing away the loose card that would
cost most; the discard that makes a *pure* sequence (one with no wild card)
is worth taking; and with every card but one in groups, you declare.  The
mistake the lesson explains is declaring too soon: without a pure sequence
a declaration is wrong, and costs 80 points (:func:`why_wrong`).

>>> FIRST_DEAL.steps[0].accept, len(FIRST_DEAL)
(('draw',), 4)
>>> end = FIRST_DEAL.positions()[-1].results[0]
>>> end.winner, end.points
(0, (0, 80))
"""

from __future__ import annotations

from ..cards import AnyCard, Cards
from ..lesson import Lesson, Step
from .game import Action, IndianRummyState, Move, Phase
from .groups import best_grouping, check_declaration
from .rules import PRESETS

__all__ = [
    "DISCARD",
    "FIRST_DEAL",
    "FIRST_HAND",
    "HANDS",
    "NAMES",
    "STOCK",
    "WILD_CARD",
    "declaration",
    "why_not",
    "why_wrong",
]

#: The players, by seat: the learner plays first.
NAMES = ("you", "Bot A")

#: The deal: your thirteen cards, then Bot A's (one deck and its joker for two).
HANDS = (
    "5s 6s 10h Jh 9d 8h 8d 8c 2d 4d 5d RJ Kc",
    "As Ks 10s 4h 7h Qh Ah 3h Jd Kd 4c 6c Jc",
)
#: The card face up on the discard pile.
DISCARD = "2c"
#: The cards drawn from the stock, in the order they are drawn.
STOCK = "3c 7s"
#: The card turned up after the deal: every nine is wild.
WILD_CARD = "9c"


def declaration(state: IndianRummyState, finish: AnyCard) -> Action:
    """The declaration that finishes with ``finish`` and shows the other cards of
    the player's hand in their best groups (as the apps group a hand for you).

    >>> state = FIRST_DEAL.positions()[3]
    >>> print(declaration(state, next(c for c in state.hands[0] if str(c) == "3♣")))
    declare 3♣ | 5♠ 6♠ 7♠ | 10♥ J♥ RJ | 2♦ 9♦ 4♦ 5♦ | 8♥ 8♦ 8♣
    """
    rest = list(state.hands[state.player])
    rest.remove(finish)
    grouping = best_grouping(Cards(rest), state.rules, state.wild_rank)
    groups = [g.cards for g in grouping.groups]
    if grouping.ungrouped:
        groups.append(Cards(grouping.ungrouped))
    return Action(Move.DECLARE, finish, tuple(Cards(g) for g in groups))


def why_wrong(state: IndianRummyState, action: Action) -> str:
    """Why a declaration would be wrong ("" when it is right, or not a declaration):
    first, when the cards hold no pure sequence, that; then the fault that
    :func:`~rules_lib.indian_rummy.groups.check_declaration` finds in the groups shown.

    >>> early = FIRST_DEAL.positions()[1]
    >>> print(why_wrong(early, declaration(early, early.hands[0][-1])))
    this declaration would be wrong and cost 80 points: you hold no pure sequence (one with no wild card standing in), and every declaration needs one; the check also finds that 5♠ 6♠ 2♦ 4♦ 5♦ 3♣ K♣ mixes suits and ranks: a sequence is all one suit, a set all one rank
    """
    if action.move is not Move.DECLARE or action.card is None:
        return ""
    hand = state.hands[state.player]
    verdict = check_declaration(list(action.groups), state.rules, state.wild_rank, hand=hand)
    if verdict.valid:
        return ""
    rest = list(hand)
    rest.remove(action.card)
    said = f"this declaration would be wrong and cost {state.rules.wrong_declaration} points: "
    fault = verdict.fault.rstrip(".")
    if best_grouping(Cards(rest), state.rules, state.wild_rank).has_pure:
        return said + fault
    if fault.startswith("no pure sequence"):
        return said + fault + "; every declaration needs one"
    return (
        said + "you hold no pure sequence (one with no wild card standing in), and every "
        f"declaration needs one; the check also finds that {fault}"
    )


def why_not(state: IndianRummyState, action: Action) -> str:
    """Why a move is not allowed, in words addressed to the learner.

    >>> start = FIRST_DEAL.start
    >>> why_not(start, Action.parse("discard Kc"))
    'you must draw first: draw from the stock or take the top discard'
    """
    ruling = state.check(action)
    return "" if ruling.legal else ruling.reason


def _start() -> IndianRummyState:
    return IndianRummyState.from_hands(HANDS, DISCARD, STOCK, WILD_CARD, PRESETS["source"], seed=1)


def _last_step_declaration() -> str:
    """The declaration the last step asks for, grouped as :func:`declaration` groups it."""
    state = _start()
    for text in ("draw", "discard Kc", "draw", "discard 7s", "take 7s"):
        state = state.apply_action(state.parse_action(text))
    assert state.phase is Phase.DISCARD
    finish = next(c for c in state.hands[0] if str(c) == "3♣")
    return str(declaration(state, finish))


FIRST_DEAL: Lesson[IndianRummyState] = Lesson(
    "indian_rummy",
    "Your first deal of Indian Rummy",
    _start(),
    (
        Step(
            "Nines are wild this deal (the 9♣ turned up), as the joker is. Start your "
            "turn with a card: the 2♣ fits none of your groups, so press Draw from stock.",
            ("draw",),
            "The 2♣ joins none of your groups, and your hand is close to a declaration: "
            "keep it (a drop now would cost 20 points) and draw from the stock.",
            (),
            "You drew the 3♣. It fits nothing either.",
        ),
        Step(
            "A turn ends with one card thrown onto the discard pile. The K♣ and the 3♣ are "
            "loose; left in your hand when someone declares, they would cost 10 and 3 "
            "points. Tap the K♣, then Discard.",
            ("discard Kc",),
            "Throw away a loose card, and the costliest: the K♣ would cost 10 points, the "
            "3♣ only 3, and every other card is in a group.",
            ("draw", "discard 7s"),
            "Bot A drew from the stock and threw away the 7♠.",
        ),
        Step(
            "Your two sequences both lean on a wild card, and a declaration needs one pure "
            "sequence, with no wild card in it. The 7♠ makes 5♠ 6♠ 7♠: press Take 7♠.",
            ("take 7s",),
            "The 7♠ turns your 5♠ 6♠ into a pure sequence: take it, rather than a card "
            "you cannot see.",
            (),
            "You took the 7♠: 5♠ 6♠ 7♠ is a pure sequence.",
        ),
        Step(
            "Every card but the 3♣ is in a group now: tap the 3♣, then Declare. The 3♣ "
            "goes on the discard pile and your groups are shown.",
            (_last_step_declaration(),),
            "Finish with the 3♣, the one card in no group: any other card would break a group.",
            (),
            "You declared and won the deal: you lose nothing. Bot A has no pure sequence, "
            "so every one of its cards counts: 104 points, cut to 80, the most one deal "
            "can cost.",
        ),
    ),
    closing="That was one deal. A real game deals all 52 cards and the joker to you and "
    "a bot, with a new wild joker each deal; the bot may declare first.",
    explain=why_not,
)

#: The name every game's lesson module gives its guided first hand (tests/unit/test_lesson.py).
FIRST_HAND = FIRST_DEAL
