"""What a game of set hands tells the shared code: :class:`SettingGame`.

The turn-based games share one engine shape (:mod:`rules_lib.engine`); the
games played by setting 13 cards in rows share this one.  Each such game's
package makes a :class:`SettingGame` of its own functions (its ``SETTING``),
and its table in ``games.toml`` names it (``setting = "module:name"``), so
the shared code (the expected points, the guided first hands, the rule sets
of the widgets) finds a game by its key and names none.

The words a showdown is told in are here too: :func:`row_line` compares one
row, :func:`signed` writes a result.

>>> signed(3), signed(-1), signed(0)
('+3', '−1', '0')
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, cast

from ..games import find_game
from ..poker import HandValue, explain_comparison
from .expected import Objective
from .rows import Arrangement, Row
from .specials import Special

__all__ = ["SEAT_NAMES", "Against", "SettingGame", "row_line", "setting_game", "signed"]

#: The seats of a showdown, by number: the reader, then three bots.
SEAT_NAMES = ("you", "Bot A", "Bot B", "Bot C")


@dataclass(frozen=True)
class Against:
    """The learner's result against one opponent, and why, a line a row (or
    one line when the rows are not compared: a misset hand, a special hand)."""

    name: str
    hand: Arrangement
    points: int
    lines: tuple[str, ...]
    dealer: bool = False


def _surrender_option(rules: Any) -> int:
    """The rules' ``surrender`` option; 0 (no surrender) where they have none."""
    return int(getattr(rules, "surrender", 0))


@dataclass(frozen=True)
class SettingGame:
    """One game of set hands, as the shared code calls it (``rules`` is always
    a rules object of this game; ``None`` where allowed means its default rules):

    * ``set_hand(cards, rules=None, *, objective="expected")``: how its bots
      set a hand (``objective``: one of
      :data:`~rules_lib.setting.expected.OBJECTIVES`);
    * ``objective(rules)``: what a set hand is worth under ``rules``, for the
      expected points (:class:`~rules_lib.setting.expected.Objective`);
    * ``showdown(hands, rules, dealer, names=SEAT_NAMES, surrenders=None)``:
      each seat's points for one deal, and a line per seat saying why;
    * ``against(hands, rules, dealer, names)``: seat 0's result against each
      opponent it settles with, row by row (:class:`Against`);
    * ``special_notes(specials, rules)``: what each special hand is worth;
    * ``expected_unit(rules)``: what the expected points of a setting count
      under ``rules``, in words (``"points a deal against three players …"``);
    * ``dealer_is_banker``: every player settles with the dealer, so a
      lesson's learner is a player and not the dealer, and a showdown names
      the dealer;
    * ``specials_set_win``: a special hand set in the rows (three flushes,
      three straights) wins at once, so the bots set it that way;
    * ``surrender(rules)``: what a hand given up before the showdown pays
      each player under ``rules`` (0: no surrender); by default the rules'
      ``surrender`` option, and 0 for rules that have none.
    """

    key: str
    set_hand: Callable[..., Arrangement]
    objective: Callable[[Any], Objective]
    showdown: Callable[..., tuple[list[int], list[str]]]
    against: Callable[..., list[Against]]
    special_notes: Callable[[Collection[Special], Any], list[str]]
    expected_unit: Callable[[Any], str]
    dealer_is_banker: bool = False
    specials_set_win: bool = False
    surrender: Callable[[Any], int] = _surrender_option


def setting_game(key: str) -> SettingGame:
    """The game of set hands whose registry key is ``key`` (its table's ``setting``).

    >>> setting_game("tredici")
    Traceback (most recent call last):
    ...
    LookupError: Tredici has no setting registered
    """
    return cast(SettingGame, find_game(key).setting)


def signed(points: int) -> str:
    """Points as a result is written: ``+3``, ``−1`` (a true minus sign), ``0``."""
    return f"{points:+d}".replace("-", "−") if points else "0"


def capital(text: str) -> str:
    """``text`` with a capital letter."""
    return text[:1].upper() + text[1:]


def row_line(row: Row, mine: HandValue, theirs: HandValue, name: str) -> str:
    """One row compared, in :func:`~rules_lib.poker.explain_comparison`'s words.

    >>> print(row_line(Row.FRONT, HandValue.from_cards("As Ah 5c"), HandValue.from_cards("Ad Kd 3c"), "the dealer"))
    Your front wins: a pair beats a high card.
    """
    said = explain_comparison(mine, theirs, (f"your {row.value}", f"{name}'s {row.value}"))
    if mine == theirs:
        said = f"{row.value.capitalize()}: {said[:1].lower()}{said[1:]}"
    return capital(said)
