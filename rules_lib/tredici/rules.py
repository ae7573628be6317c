"""House rules of Tredici as data, its deck and its Italian words (docs/GAMES.md §5).

Every point where the source is silent or unclear is a field of
:class:`TrediciRules`, whose defaults are the book's reading; :data:`PRESETS`
names that reading (``"source"``), the usual house rules of draw-and-play
games (``"house"``) and a first game without the calls (``"simple"``).

>>> TrediciRules.preset("simple").last_card_rule
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..cards import Cards, standard_deck
from ..errors import RulesError
from ..rules_base import RulesBase, option

__all__ = ["DECK", "GLOSSARY", "PRESETS", "TrediciRules"]

#: Every card of a Tredici game: 52 cards and a red and a black joker.
DECK: Cards = standard_deck(jokers=2)

GLOSSARY = {
    "Tredici": "'thirteen' in Italian: the translation's name for the game (the English "
    "original calls it Thirteen), and the word you call when the opponent forgot to say "
    "'last card'",
    "ultima carta": "'last card': what you must say when you are down to one card",
    "corsa": "a run: several cards played in one turn.  The first is one rank above or "
    "below the top of the pile, of any suit (when a joker is to be answered: any card of "
    "its king's suit, from which, in the book's reading, a run may go on).  Each further "
    "card is of the suit of the one before and one rank away from it, except that any "
    "queen or ace, of any suit, may follow a king, and a joker may go on a king of its "
    "colour, which ends the run",
    "jolly": "a joker (the machine-translated source also calls it 'burlone', a prankster)",
    "magazzino": "the stock, face down beside the play pile (the source's 'brodo', "
    "broth, is a mistranslation of the English 'stock')",
    "pila di gioco": "the play pile, face up in the middle",
    "seme": "a suit",
}


@dataclass(frozen=True)
class TrediciRules(RulesBase, game="tredici"):
    """House rules of Tredici; the defaults are the book's reading of the source (docs/GAMES.md §5).

    * ``play_drawn_card``: after drawing one card because you could not play,
      you may play it at once if it fits (and go on with a run from it).
      The source only says you draw a card; default False (the book's
      reading): drawing ends your turn.
    * ``voluntary_draw``: you may draw instead of playing even when you could
      play (also when a joker is pending, if there is something to draw).
      The source only says you draw when you cannot play; default False (the
      book's reading): you must play when you can.
    * ``answer_starts_run``: the card that answers a joker (any card of the
      forced suit) starts a normal turn, so a run may follow it.  The source
      is silent; default True.
    * ``last_card_rule``: the "last card" / "thirteen" rule is in force.
    * ``thirteen_window``: when "thirteen" may be called on an opponent who
      ended a turn with one card without saying "last card": ``"turn"`` (at
      any step of your next turn, default) or ``"first action"`` (only as the
      very first thing in it).  One call closes the window, whatever it drew.
    * ``last_card_race``: the source's race.  Default False (the book's
      reading): "last card" must be said before the turn in which you got
      down to one card ends.  True: you may still say it at any step of the
      opponent's turn until they call "thirteen"; after each of their steps
      that leaves the turn with them you get a step, ``LAST_CARD`` or ``WAIT``.
    * ``joker_draw``: cards drawn by a player who cannot answer a joker (13).
    * ``thirteen_penalty``: cards drawn after a successful "thirteen" (13).
    * ``hand_size``: cards dealt to each player (13).
    * ``turn_limit``: the game is a draw after this many turns (None: no
      limit).  Played games end long before the default of 5000 (random
      players: median about 480 turns; sensible bots: about 250); the limit
      only guarantees that every game ends, since nothing in the rules forces
      progress (cards drawn can balance cards played for ever).  A game can
      never *block*:
      when nothing is left to draw, every other card is in the two hands, so
      if one player cannot play the other can (and must).

    >>> TrediciRules().with_options(play_drawn_card=True).play_drawn_card
    True
    >>> TrediciRules().with_options(jokers_wild=True)
    Traceback (most recent call last):
    ...
    rules_lib.errors.UnknownOptionError: Tredici has no rule option 'jokers_wild'; its options are: play_drawn_card, voluntary_draw, answer_starts_run, last_card_rule, thirteen_window, last_card_race, joker_draw, thirteen_penalty, hand_size, turn_limit
    """

    play_drawn_card: bool = option(
        False, "a card you drew because you could not play may go down at once, if it fits"
    )
    voluntary_draw: bool = option(False, "you may draw even when you could play")
    answer_starts_run: bool = option(True, "the card that answers a joker may start a run")
    last_card_rule: bool = option(True, "'last card' must be said, or 'thirteen' costs 13 cards")
    thirteen_window: Literal["turn", "first action"] = option(
        "turn", "when 'thirteen' may be called"
    )
    last_card_race: bool = option(
        False, "'last card' may still be said in the opponent's turn, until 'thirteen' is called"
    )
    joker_draw: int = option(13, "cards drawn by a player who cannot answer a joker")
    thirteen_penalty: int = option(13, "cards drawn after a successful 'thirteen'")
    hand_size: int = option(13, "cards dealt to each player")
    turn_limit: int | None = option(5000, "turns before a game is declared a draw")

    def __post_init__(self) -> None:
        if self.thirteen_window not in ("turn", "first action"):
            raise RulesError(
                f"thirteen_window must be 'turn' or 'first action', not {self.thirteen_window!r}"
            )
        if not 1 <= self.hand_size <= 25:
            raise RulesError(f"hand_size must be 1 to 25 cards, not {self.hand_size!r}")
        for name in ("joker_draw", "thirteen_penalty"):
            if getattr(self, name) < 0:
                raise RulesError(f"{name} must be 0 or more cards, not {getattr(self, name)!r}")
        if self.turn_limit is not None and self.turn_limit < 1:
            raise RulesError(f"turn_limit must be None or at least 1, not {self.turn_limit!r}")


PRESETS: dict[str, TrediciRules] = {
    # The source as the book reads it (docs/GAMES.md §5 defaults).
    "source": TrediciRules(),
    # The usual house rules of draw-and-play games such as Crazy Eights: the
    # drawn card may be played at once, and you may draw instead of playing.
    "house": TrediciRules(play_drawn_card=True, voluntary_draw=True),
    # Without the "last card" / "thirteen" rule: for a first game.
    "simple": TrediciRules(last_card_rule=False),
}
