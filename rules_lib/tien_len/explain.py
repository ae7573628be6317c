"""Tiến Lên explained to a reader: "can it beat?", hints, the trick log, standings.

Plain functions behind the book's widgets (which only lay them out):

* :func:`can_beat` answers "may this play go on that one?" with the reason.
* :func:`play_from_selection` turns the cards a reader selected into a play,
  or says why they cannot be played now.
* :func:`hint` is what the heuristic bot would do in the reader's seat.
* :func:`annotate` replays a game's moves and marks where tricks end.
* :func:`place_labels` names the finishing places ("1st", "2nd–4th (shared)").

>>> print(can_beat("9h 9c", "9s 9d"))
No: both plays are topped by a nine, so the suits decide: ♣ ranks below ♦ (♠ < ♥ < ♣ < ♦).
>>> from rules_lib.tien_len import PRESETS
>>> print(can_beat("9h 9c", "9s 9d", PRESETS["standard"]))
Yes: both plays are topped by a nine, so the suits decide: ♥ ranks above ♦ (♠ < ♣ < ♦ < ♥).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import AnyCard, Card, Cards, Rank, parse_cards
from ..errors import IllegalActionError, NotationError
from .bots import HeuristicBot
from .game import Action, Pass, TienLenState
from .plays import (
    BOMB_NAMES,
    Kind,
    Play,
    beats,
    bomb_tier,
    make_play,
    plain_cards,
    why_not_a_play,
)
from .rules import TienLenRules

__all__ = [
    "LoggedMove",
    "Verdict",
    "annotate",
    "can_beat",
    "describe_action",
    "hint",
    "ordinal",
    "place_labels",
    "play_from_selection",
    "shape_name",
    "why_not_pass",
]

_DEFAULT = TienLenRules()
_BOMB_ORDER = " < ".join(BOMB_NAMES.values())


@dataclass(frozen=True)
class Verdict:
    """The answer to "may ``play`` go on ``table``?" and the reason, in words."""

    legal: bool
    reason: str
    play: Play | None
    table: Play | None

    def __str__(self) -> str:
        return ("Yes: " if self.legal else "No: ") + self.reason


def shape_name(play: Play, rules: TienLenRules = _DEFAULT) -> str:
    """The play's shape (what a reply must match), with an article.

    >>> shape_name(Play.parse("4s 5h 6d 7c")), shape_name(Play.parse("3s 3h 7c 7d"))
    ('a straight of 4 cards', 'a set of 2 pairs')
    """
    n = len(play.cards)
    if play.kind is Kind.SINGLE:
        return "a single card"
    if play.kind is Kind.PAIR:
        return "a pair"
    if play.kind in (Kind.TRIPLE, Kind.QUAD):
        return play.kind.value
    if play.kind is Kind.STRAIGHT:
        return f"a straight of {n} cards"
    if rules.sets_of_pairs == "consecutive":
        return f"a run of {n // 2} consecutive pairs"
    return f"a set of {n // 2} pairs"


def _as_play(cards: Play | str | Sequence[AnyCard], rules: TienLenRules) -> Play | str:
    """The play, or the reason the cards make none (bad notation raises)."""
    if isinstance(cards, Play):
        return cards
    plain = plain_cards(parse_cards(cards, decks=2, jokers=False))
    reason = why_not_a_play(plain, rules)
    return f"{Cards(plain)} is not a play: {reason}" if reason else make_play(plain, rules)


def _is_table_empty(table: Play | str | Sequence[AnyCard] | None) -> bool:
    return table is None or (isinstance(table, str) and not table.strip())


def can_beat(
    play: Play | str | Sequence[AnyCard],
    table: Play | str | Sequence[AnyCard] | None,
    rules: TienLenRules = _DEFAULT,
) -> Verdict:
    """Whether ``play`` may be put on ``table`` under ``rules``, and why.

    ``table`` empty or ``None`` means the player leads.  Badly written cards
    raise :class:`~rules_lib.errors.NotationError`; table cards that make no
    play raise :class:`~rules_lib.errors.IllegalActionError`.  Errors about the
    table's cards start with ``"on the table: "``.

    >>> print(can_beat("Js Jd", "9s 9d"))
    Yes: pair of jacks (J♦ high) beats pair of nines (9♦ high): the same shape, and its top card J♦ outranks 9♦.
    >>> print(can_beat("4s 5h 6d 7c", "8s 9h 10d"))
    No: the table holds a straight of 3 cards, and a reply must be a straight of 3 cards too; yours is a straight of 4 cards.
    >>> print(can_beat("5d 6d", None))
    No: 5♦ 6♦ is not a play: two cards of different ranks (a pair is two cards of one rank)
    >>> from rules_lib.tien_len import PRESETS
    >>> bombs = "5s 5h 6d 6c 7s 7h"
    >>> print(can_beat(bombs, "2h"))
    No: the table holds a single card, and a reply must be a single card too; yours is a set of 3 pairs. Chops (bombs that beat 2s and smaller bombs) are off under these rules.
    >>> print(can_beat(bombs, "2h", PRESETS["standard"]))
    Yes: run of 3 consecutive pairs, 5 to 7 (7♥ high) chops the single 2♥: three consecutive pairs, four of a kind or four or more consecutive pairs beat a single 2.
    """
    mine = _as_play(play, rules)
    if isinstance(mine, str):
        return Verdict(False, mine, None, None)
    if _is_table_empty(table):
        return Verdict(
            True,
            f"the table is empty, so you lead: any play will do ({_said(mine, rules)}).",
            mine,
            None,
        )
    assert table is not None
    try:
        theirs = _as_play(table, rules)
    except NotationError as error:
        raise NotationError(f"on the table: {error}") from None
    if isinstance(theirs, str):
        raise IllegalActionError(f"on the table: {theirs}")
    legal = beats(mine, theirs, rules)
    if mine.shape == theirs.shape:
        return Verdict(legal, _compare_tops(mine, theirs, legal, rules), mine, theirs)
    return Verdict(legal, _other_shape(mine, theirs, legal, rules), mine, theirs)


def _said(play: Play, rules: TienLenRules) -> str:
    """The play as words, with consecutive pairs named as such."""
    text = play.describe(rules)
    if text[0].isdigit() and " consecutive pairs " in text:
        return "run of " + text.replace(" consecutive pairs ", " consecutive pairs, ", 1)
    return text


def _compare_tops(mine: Play, theirs: Play, legal: bool, rules: TienLenRules) -> str:
    a, b = mine.high(rules), theirs.high(rules)
    if a.rank is b.rank:
        if a.suit is b.suit:
            if legal:
                return (
                    f"both plays are topped by {a}, and under these rules a copy of a card "
                    "(two decks, 5 or more players) beats the one on the table."
                )
            return (
                f"both plays are topped by {a}, and identical cards (two decks, 5 or more "
                "players) are equal: neither beats the other."
            )
        word = "above" if legal else "below"
        return (
            f"both plays are topped by a {a.rank.word}, so the suits decide: "
            f"{a.suit.symbol} ranks {word} {b.suit.symbol} ({rules.describe_suits()})."
        )
    if legal:
        return (
            f"{_said(mine, rules)} beats {_said(theirs, rules)}: the same shape, "
            f"and its top card {a} outranks {b}."
        )
    return (
        f"{_said(mine, rules)} does not beat {_said(theirs, rules)}: its top card {a} "
        f"is lower than {b} (ranks run 3 low … K, A, 2 high)."
    )


def _other_shape(mine: Play, theirs: Play, legal: bool, rules: TienLenRules) -> str:
    tier, table_tier = bomb_tier(mine, rules), bomb_tier(theirs, rules)
    twos = all(r is Rank.TWO for r in theirs.ranks) and theirs.kind in (Kind.SINGLE, Kind.PAIR)
    if legal:
        if twos and theirs.kind is Kind.SINGLE:
            why = (
                "three consecutive pairs, four of a kind or four or more consecutive pairs "
                "beat a single 2"
            )
        elif twos:
            why = "four of a kind or four or more consecutive pairs beat a pair of 2s"
        else:
            why = f"among bombs, {_BOMB_ORDER}, so yours is the higher bomb"
        return f"{_said(mine, rules)} chops the {_said(theirs, rules)}: {why}."
    base = (
        f"the table holds {shape_name(theirs, rules)}, and a reply must be "
        f"{shape_name(theirs, rules)} too; yours is {shape_name(mine, rules)}."
    )
    if not tier or not (twos or table_tier):
        return base
    if not rules.chops:
        if beats(mine, theirs, rules.with_options(chops=True)):
            return base + " Chops (bombs that beat 2s and smaller bombs) are off under these rules."
        return base
    if twos:
        return base + (
            f" {BOMB_NAMES[tier].capitalize()} chop only a single 2; a pair of 2s takes "
            f"{BOMB_NAMES[2]} or {BOMB_NAMES[3]}."
        )
    return base + f" Among bombs, {_BOMB_ORDER}: yours is not the higher bomb."


def describe_action(action: Action, rules: TienLenRules = _DEFAULT) -> str:
    """An action in words: ``"passes"`` or what the play is.

    >>> from rules_lib.tien_len import PASS
    >>> describe_action(PASS), describe_action(Play.parse("3s 4h 5d"))
    ('passes', 'plays a straight 3 to 5 (5♦ high)')
    """
    if isinstance(action, Pass):
        return "passes"
    text = _said(action, rules)
    return ("plays " if text.startswith(("three", "four")) else "plays a ") + text


def play_from_selection(state: TienLenState, cards: Iterable[Card]) -> Play:
    """The play the seat to act makes with the cards it selected.

    Raises :class:`~rules_lib.errors.IllegalActionError` saying why they
    cannot be played now: no cards, no combination, the first play without
    the 3♠, or a play that does not beat the table.

    >>> from rules_lib.tien_len import TienLenState
    >>> state = TienLenState.from_hands(["3s 5h 5d", "4d 9c", "8d 2s"])
    >>> play_from_selection(state, [Card.parse("5h"), Card.parse("5d")])
    Traceback (most recent call last):
    ...
    rules_lib.errors.IllegalActionError: the first play of the hand must hold the 3♠
    >>> later = state.play("3s").play("9c")
    >>> play_from_selection(later, [Card.parse("8d")])
    Traceback (most recent call last):
    ...
    rules_lib.errors.IllegalActionError: single 8♦ does not beat single 9♣: its top card 8♦ is lower than 9♣ (ranks run 3 low … K, A, 2 high).
    >>> play_from_selection(later, [Card.parse("2s")])
    Play(Kind.SINGLE, parse_cards('2♠'))
    """
    chosen = list(cards)
    rules = state.rules
    if state.is_terminal():
        raise IllegalActionError("the game is over")
    if not chosen:
        raise IllegalActionError("no cards selected: select the cards to play, or pass")
    reason = why_not_a_play(chosen, rules)
    if reason:
        raise IllegalActionError(f"{Cards(chosen)} is not a play: {reason}")
    play = make_play(chosen, rules)
    if state.must_contain is not None and state.must_contain not in play.cards:
        raise IllegalActionError(f"the first play of the hand must hold the {state.must_contain}")
    if state.table is not None:
        verdict = can_beat(play, state.table, rules)
        if not verdict.legal:
            raise IllegalActionError(verdict.reason)
    ruling = state.check(play)
    if not ruling.legal:
        raise IllegalActionError(ruling.text(most=8))
    return play


def why_not_pass(state: TienLenState) -> str:
    """Why the seat to act may not pass now (``""`` if it may).

    >>> from rules_lib.tien_len import TienLenState
    >>> state = TienLenState.from_hands(["3s 9h", "4d 9c"])
    >>> why_not_pass(state)
    'you lead this trick, and the leader must play: a trick never starts with a pass'
    >>> why_not_pass(state.play("3s"))
    ''
    """
    if state.is_terminal():
        return "the game is over"
    if state.table is None:
        return "you lead this trick, and the leader must play: a trick never starts with a pass"
    return ""


def hint(state: TienLenState) -> Action:
    """What the heuristic bot would do in the seat to act.

    >>> from rules_lib.tien_len import new_game
    >>> str(hint(new_game(seed=3)))
    '3♠ 3♣'
    """
    seat = state.current_player()
    if state.is_terminal():
        raise IllegalActionError("the game is over: there is nothing to play")
    return HeuristicBot().choose(state.observation(seat), state.legal_actions(), random.Random(0))


@dataclass(frozen=True)
class LoggedMove:
    """One move of a game, with what it did to the trick.

    * ``trick``: the number of the trick it belongs to (from 1).
    * ``went_out``: the seat played its last card.
    * ``trick_won_by``: if the move ended the trick, the seat that won it
      (it leads next, or the next seat with cards if it went out).  The
      move that ends the game ends no trick.
    """

    seat: int
    action: Action
    trick: int
    went_out: bool = False
    trick_won_by: int | None = None


def annotate(initial: TienLenState, moves: Sequence[Action]) -> list[LoggedMove]:
    """Replay ``moves`` from ``initial`` and mark where each trick ends.

    >>> from rules_lib.tien_len import TienLenState, PASS
    >>> start = TienLenState.from_hands(["3s 9h", "4d 9c", "Kd 2s"])
    >>> for m in annotate(start, [Play.parse("3s"), Play.parse("4d"), Play.parse("Kd"), PASS, PASS]):
    ...     print(m.trick, m.seat, m.action, m.trick_won_by)
    1 0 3♠ None
    1 1 4♦ None
    1 2 K♦ None
    1 0 pass None
    1 1 pass 2
    """
    out: list[LoggedMove] = []
    state = initial
    trick = 1
    for action in moves:
        seat = state.current_player()
        before_out = set(state.finished)
        table_player = state.table_player
        state = state.apply_action(action)
        went_out = seat in state.finished and seat not in before_out
        won = None
        if state.table is None and not state.is_terminal():
            won = table_player if isinstance(action, Pass) else seat
        out.append(LoggedMove(seat, action, trick, went_out, won))
        if won is not None:
            trick += 1
    return out


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` …

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def place_labels(places: Sequence[float]) -> list[str]:
    """Each seat's place in words; seats that share a place say so.

    >>> place_labels([2.0, 1.0, 4.0, 3.0])
    ['2nd', '1st', '4th', '3rd']
    >>> place_labels([1.0, 3.0, 3.0, 3.0])
    ['1st', '2nd–4th (shared)', '2nd–4th (shared)', '2nd–4th (shared)']
    """
    labels = []
    for p in places:
        k = sum(1 for q in places if q == p)
        if k == 1:
            labels.append(ordinal(round(p)))
        else:
            low, high = round(p - (k - 1) / 2), round(p + (k - 1) / 2)
            labels.append(f"{ordinal(low)}–{ordinal(high)} (shared)")
    return labels
