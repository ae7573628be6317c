"""The guided first hand of Tredici: three cards for you, four for the bot, six steps.

It teaches, one step each: you draw when no card goes on the top card; a
card one rank above or below the top card, of any suit, may be played; a
run goes on in the suit, one rank at a time; a joker goes on a king of its
colour and makes the other player follow that king's suit or draw 13 cards;
with one card left you say "Last card!" (or the bot may call "thirteen");
and whoever has no cards left wins.

>>> FIRST_HAND.steps[0].prompt.split(".")[0]
'The 10♣ is on top of the pile'
>>> len(FIRST_HAND), FIRST_HAND.positions()[-1].winner
(6, 0)

The bot's replies are the moves the bot itself would make (each is its only
legal move), so the lesson shows the game as it is played.
"""

from __future__ import annotations

from ..cards import Cards, parse_cards
from ..lesson import Lesson, Step
from .actions import Action
from .game import TrediciState
from .rules import DECK, PRESETS

__all__ = ["FIRST_HAND", "HANDS", "NAMES", "PILE", "STOCK", "why_not"]

#: The seats as the lesson speaks of them: the learner, then the bot.
NAMES = ("you", "the bot")

#: The deal of the guided hand: yours, then the bot's.
HANDS = ("Qh Kh RJ", "Js 3c 8d 6s")

#: The play pile at the start: one card, face up.
PILE = "10c"

#: The stock, top first: the 4♥ you draw, then the rest of the deck in order.
_NAMED = parse_cards(" ".join([*HANDS, PILE, "4h"]))
STOCK = Cards([*parse_cards("4h"), *(card for card in DECK if card not in _NAMED)])


def why_not(state: TrediciState, move: Action) -> str:
    """Why a move is not allowed, in the game's own words, naming the learner "you".

    >>> from rules_lib.tredici import parse_action
    >>> why_not(FIRST_HAND.start, parse_action("Qh"))
    'the first card must be one rank above or below 10♣ (a 9 or a J of any suit)'
    >>> why_not(FIRST_HAND.positions()[1], parse_action("stop"))
    'you have not played yet this turn: play a card or draw'
    """
    return state.check(move, NAMES).reason


FIRST_HAND: Lesson[TrediciState] = Lesson(
    "tredici",
    "Your first hand of Tredici",
    TrediciState.from_position(HANDS, PILE, STOCK, rules=PRESETS["source"]),
    (
        Step(
            "The 10♣ is on top of the pile. Your first card must be one rank above or below "
            "it: a 9 or a J, of any suit. You hold neither, so you draw a card: press Draw.",
            ("draw",),
            "None of your cards goes on the 10♣: press Draw.",
            ("Js",),
            "You drew the 4♥, and drawing ended your turn. The bot put its J♠ on the 10♣.",
        ),
        Step(
            "The J♠ is on top. A queen is one rank above a jack, and the suit does not "
            "matter: tap your Q♥ to play it.",
            ("Qh",),
            "Play your Q♥: a queen goes on a jack.",
            (),
            "Your Q♥ is on the pile, and your turn goes on.",
        ),
        Step(
            "After your first card you may add more, as a run: each next card has the suit "
            "of the card before it and is one rank above or below it. Your K♥ follows the "
            "Q♥: tap it.",
            ("Kh",),
            "You may stop here, but your K♥ follows the Q♥ in the run: tap it.",
        ),
        Step(
            "A joker goes only on a king of its own colour. Your joker is red and the K♥ is "
            "red: tap the joker. It ends your run, and the bot must then play a ♥ or draw "
            "13 cards.",
            ("RJ",),
            "You may stop here, but your red joker goes on the red K♥: tap it.",
        ),
        Step(
            "You have one card left, so say it before your turn ends: press Last card! "
            "If you forget, the bot may call “thirteen”, and you draw 13 cards.",
            ("last card",),
            "If you stop without saying it, the bot may call “thirteen” and you draw "
            "13 cards: press Last card!",
            ("draw",),
            "The bot holds no ♥, so it drew 13 cards.",
        ),
        Step(
            "The joker still counts: now you must play a ♥ or draw a card. Any ♥ will do, "
            "whatever its rank. Your last card is the 4♥: tap it.",
            ("4h",),
            "Play your last card, the 4♥.",
            (),
            "Your hand is empty: you won the hand.",
        ),
    ),
    closing="You know enough to play a real hand: thirteen cards each, against the bot.",
    explain=why_not,
)
