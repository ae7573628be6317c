"""The steps of a Tredici turn as values, and their notation.

A turn is made of single steps, so a screen can offer what may come next one
at a time: :class:`Play` (one card on the pile), :class:`Draw`,
:class:`Stop`, :class:`SayLastCard`, :class:`CallThirteen` and
:class:`Wait` (only in the race reading of "last card").  The words are the
constants :data:`DRAW`, :data:`STOP`, :data:`LAST_CARD`, :data:`THIRTEEN` and
:data:`WAIT`; :func:`parse_action` and :func:`parse_actions` read what a
player writes (English or the translation's Italian), and ``str`` of every
action reads back.

>>> [str(a) for a in parse_actions("Qh ultima carta tredici")]
['Q♥', 'last card', 'thirteen']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import AnyCard, parse_card
from ..errors import NotationError

if TYPE_CHECKING:  # pragma: no cover
    from typing import TypeAlias

__all__ = [
    "DRAW",
    "LAST_CARD",
    "STOP",
    "THIRTEEN",
    "WAIT",
    "Action",
    "CallThirteen",
    "Draw",
    "Play",
    "SayLastCard",
    "Stop",
    "Wait",
    "parse_action",
    "parse_actions",
]


@dataclass(frozen=True)
class Play:
    """Put one card on the play pile; ``str`` is the card (``K♥``, ``RJ``).

    >>> from rules_lib.cards import Card, Color, Joker
    >>> Play(Card.parse("Kh")), str(Play(Joker(Color.RED)))
    (Play(card=Card.parse('K♥')), 'RJ')
    """

    card: AnyCard

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True)
class Draw:
    """Draw from the stock: one card, or 13 when you cannot answer a joker."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Stop:
    """End the run (or keep the card you just drew): the turn passes."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class SayLastCard:
    """Say "last card" (ultima carta) when down to one card."""

    def __str__(self) -> str:
        return "last card"


@dataclass(frozen=True)
class CallThirteen:
    """Call "thirteen" (tredici) on an opponent who has not said "last card"."""

    def __str__(self) -> str:
        return "thirteen"


@dataclass(frozen=True)
class Wait:
    """Keep quiet for one step of the opponent's turn (race reading, ``last_card_race``).

    Only the player who holds one card and has not said "last card" takes
    this step, between two steps of the opponent; the opponent goes on.
    """

    def __str__(self) -> str:
        return "wait"


Action: TypeAlias = Play | Draw | Stop | SayLastCard | CallThirteen | Wait

DRAW = Draw()
STOP = Stop()
LAST_CARD = SayLastCard()
THIRTEEN = CallThirteen()
WAIT = Wait()

_WORDS: dict[str, Action] = {
    "draw": DRAW,
    "pesca": DRAW,
    "stop": STOP,
    "end": STOP,
    "end turn": STOP,
    "pass": STOP,
    "basta": STOP,
    "last card": LAST_CARD,
    "ultima carta": LAST_CARD,
    "thirteen": THIRTEEN,
    "tredici": THIRTEEN,
    "13": THIRTEEN,
    "wait": WAIT,
    "aspetta": WAIT,
}


def parse_action(text: str) -> Action:
    """Read one action as a player writes it: a card, ``draw``, ``stop``, ``last card``, ``thirteen``, ``wait``.

    The Italian words (``pesca``, ``basta``, ``ultima carta``, ``tredici``, ``aspetta``) work too,
    and ``str`` of every action reads back.

    >>> parse_action("K♥"), parse_action("play rj"), parse_action("Ultima carta!")
    (Play(card=Card.parse('K♥')), Play(card=Joker(Color.RED)), SayLastCard())
    >>> all(parse_action(str(a)) == a for a in (DRAW, STOP, LAST_CARD, THIRTEEN, WAIT))
    True
    >>> parse_action("shuffle")
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: cannot read action 'shuffle': write a card (Qh, K♥, RJ), draw, stop, last card, thirteen or wait
    """
    words = " ".join(text.replace("!", " ").replace('"', " ").split()).lower()
    if words in _WORDS:
        return _WORDS[words]
    token = words[5:] if words.startswith("play ") else words
    try:
        return Play(parse_card(token))
    except NotationError:
        raise NotationError(
            f"cannot read action {text!r}: write a card (Qh, K♥, RJ), draw, stop, "
            "last card, thirteen or wait"
        ) from None


def parse_actions(text: str) -> list[Action]:
    """Read a list of actions separated by spaces, commas or semicolons.

    Two-word actions (``last card``, ``play K♥``, ``end turn``, ``ultima carta``)
    are read as one.

    >>> [str(a) for a in parse_actions("Q♥ K♥ A♠ stop, draw; last card thirteen")]
    ['Q♥', 'K♥', 'A♠', 'stop', 'draw', 'last card', 'thirteen']
    """
    tokens = [t for t in _TOKEN_SPLIT.split(text.strip()) if t]
    actions: list[Action] = []
    i = 0
    while i < len(tokens):
        pair = f"{tokens[i]} {tokens[i + 1]}".lower() if i + 1 < len(tokens) else ""
        if pair in _WORDS or (pair and tokens[i].lower() == "play"):
            actions.append(parse_action(pair))
            i += 2
        else:
            actions.append(parse_action(tokens[i]))
            i += 1
    return actions


_TOKEN_SPLIT = re.compile(r"[\s,;]+")
