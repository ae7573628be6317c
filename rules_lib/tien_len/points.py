"""Playing Tiến Lên for points: who pays whom at the end of a hand, line by line.

Under ``rules.scoring="points"`` (the ``home`` preset) a finished hand is
settled by :func:`settle`, and the state's ``returns()`` are each seat's total.
Every payment comes from a table of the rules object:

* **places** (``place_points``): the last player pays the first, the
  second-last pays the second, and so on down the table (players left with
  as many cards are placed in the order of play from the winner:
  :meth:`TienLenState.places`);
* **chops** (``two_points``, ``bomb_points``): a player whose 2 or bomb is
  chopped pays the chopper what it is worth; in a chain of chops in one trick
  the last player chopped pays for the whole chain, even one who went out
  with the chopped play;
* **cards left** (the same tables): whoever still holds cards when the hand
  ends pays for the 2s and bombs among them (``penalty_to`` says to whom);
  four of a kind is counted first, then runs of pairs among the rest
  (:func:`bombs_left`);
* **frozen** (``frozen_pays``): a player who had not played a card when the
  first player went out takes one of the last places and, instead of paying
  for that place, pays the winner that many times the last place's price;
* **instant wins** (``instant_win_points``): each other player pays the
  winner; nothing else is paid in that hand.

The payments add up to zero.

>>> from rules_lib.tien_len import PRESETS, TienLenState
>>> home = PRESETS["home"]
>>> state = TienLenState.from_hands(["3s 4s", "2h 8d", "5d 5c 6d 6c 7d 7c 9h", "Kd"], home)
>>> state = state.play("3s").play("2h").play("5c 5d 6c 6d 7c 7d")
>>> [(c.chopper, c.chopped, str(c.by)) for c in state.chops]
[(2, 1, '5♦ 5♣ 6♦ 6♣ 7♦ 7♣')]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from ..cards import Card, Cards, Rank, Suit, parse_cards, spell_ascii
from ..errors import CardCountError, DuplicateCardError, NotationError, RulesError
from .plays import BOMB_NAMES, Chop, InstantWin, Play, bomb_tier, plain_cards
from .rules import ACE_POS, RANK_POS, TienLenRules

__all__ = [
    "HandRecord",
    "Payment",
    "Settlement",
    "bombs_left",
    "chop_lines",
    "play_value",
    "read_chops",
    "record_from_table",
    "record_from_text",
    "record_text",
    "settle",
    "settle_record",
]

Reason = Literal["place", "chop", "left", "frozen", "instant"]
_RED = frozenset((Suit.HEARTS, Suit.DIAMONDS))
_MORE_KINDS = frozenset((InstantWin.ONE_COLOUR, InstantWin.FIVE_PAIRS, InstantWin.FOUR_THREES))
_COUNTS = {4: "four", 5: "five", 6: "six"}


def _bomb_name(tier: int, cards: int) -> str:
    """A bomb's name; a run of five or six pairs is named by its length."""
    if tier == 3:
        return f"{_COUNTS.get(cards // 2, str(cards // 2))} consecutive pairs"
    return BOMB_NAMES[tier]


_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``points``; ``what`` says why, with ``{payer}``,
    ``{payer's}`` and ``{payee}`` standing for the players' names."""

    payer: int
    payee: int
    points: int
    reason: Reason
    what: str

    def text(self, names: Sequence[str], seat: int | None = None) -> str:
        """The payment as a line, seen by ``seat`` ("you") or by nobody in particular.

        >>> p = Payment(1, 0, 2, "chop", "{payee} chopped {payer's} 2♥")
        >>> p.text(["An", "Bình"]), p.text(["An", "Bình"], seat=1), p.text(["An", "Bình"], seat=0)
        ("An chopped Bình's 2♥: Bình pays An 2", 'An chopped your 2♥: −2', "you chopped Bình's 2♥: +2")
        """

        def name(s: int) -> str:
            return "you" if s == seat else names[s]

        def owner(s: int) -> str:
            return "your" if s == seat else f"{names[s]}'s"

        line = (
            self.what.replace("{payer's}", owner(self.payer))
            .replace("{payer}", name(self.payer))
            .replace("{payee}", name(self.payee))
        )
        if seat == self.payer:
            return f"{line}: −{self.points}"
        if seat == self.payee:
            return f"{line}: +{self.points}"
        return f"{line}: {names[self.payer]} pays {names[self.payee]} {self.points}"


@dataclass(frozen=True)
class Settlement:
    """The payments of a finished hand; ``points`` are each seat's total (zero-sum)."""

    num_players: int
    payments: tuple[Payment, ...]

    @property
    def points(self) -> tuple[int, ...]:
        totals = [0] * self.num_players
        for p in self.payments:
            totals[p.payer] -= p.points
            totals[p.payee] += p.points
        return tuple(totals)

    def lines(self, names: Sequence[str] | None = None, seat: int | None = None) -> list[str]:
        """Every payment as a line (``names`` default to "seat 0", "seat 1", …).

        With ``seat``, only the lines that seat pays or collects, in its words.
        """
        names = list(names) if names is not None else [f"seat {s}" for s in range(self.num_players)]
        return [
            p.text(names, seat) for p in self.payments if seat is None or seat in (p.payer, p.payee)
        ]


def _two_value(card: Card, rules: TienLenRules) -> int:
    return rules.two_points[1 if card.suit in _RED else 0]


def play_value(play: Play, rules: TienLenRules) -> int:
    """What a chopped play is worth: its 2s by colour, or the bomb by its kind.

    >>> from rules_lib.tien_len import PRESETS
    >>> home = PRESETS["home"]
    >>> play_value(Play.parse("2s"), home), play_value(Play.parse("2c 2h"), home)
    (1, 3)
    >>> play_value(Play.parse("9s 9h 9d 9c"), home)
    4
    """
    tier = bomb_tier(play, rules)
    if tier:
        return rules.bomb_points[tier - 1]
    return sum(_two_value(c, rules) for c in play.plain if c.rank is Rank.TWO)


def _play_name(play: Play) -> str:
    twos = all(r is Rank.TWO for r in play.ranks)
    if twos:
        return str(play) if len(play.cards) == 1 else f"pair of 2s ({play})"
    tier = bomb_tier(play)
    return f"{_bomb_name(tier, len(play.cards)) if tier else str(play)} ({play})"


def bombs_left(cards: Sequence[Card], rules: TienLenRules) -> list[tuple[int, list[Card]]]:
    """The bombs among cards left in a hand, as (tier, cards).

    Four of a kind first (not of 2s, which are paid one by one), then each
    run of consecutive pairs of three or more among the other ranks.  So
    ``5 5 6 6 6 6 7 7 8 8`` is four of a kind (the 6s) and no run, not four
    consecutive pairs: the book's reading (docs/GAMES.md §3).

    >>> from rules_lib.cards import parse_cards
    >>> [t for t, _ in bombs_left(parse_cards("5s 5h 6s 6h 7s 7h 9s 9h 9d 9c Js"), TienLenRules())]
    [2, 1]
    >>> [t for t, _ in bombs_left(parse_cards("5s 5h 6s 6h 6d 6c 7s 7h 8s 8h"), TienLenRules())]
    [2]
    """
    by_rank: dict[int, list[Card]] = {}
    for c in sorted(plain_cards(cards), key=rules.key):
        by_rank.setdefault(RANK_POS[c.rank], []).append(c)
    found: list[tuple[int, list[Card]]] = []
    for pos in sorted(by_rank):
        if pos <= ACE_POS and len(by_rank[pos]) == 4:
            found.append((2, by_rank.pop(pos)))
    run: list[int] = []
    for pos in [*range(ACE_POS + 1), -1]:
        if pos >= 0 and len(by_rank.get(pos, ())) >= 2:
            run.append(pos)
            continue
        if len(run) >= 3:
            cards_of_run = [c for p in run for c in by_rank[p][:2]]
            found.append((3 if len(run) >= 4 else 1, cards_of_run))
        run = []
    return found


class FinishedHand(Protocol):
    """What a record reads of a hand at its end (a
    :class:`~rules_lib.tien_len.game.TienLenState`; the game settles itself
    with this module, so this module does not import it)."""

    @property
    def rules(self) -> TienLenRules: ...
    @property
    def num_players(self) -> int: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def hands(self) -> tuple[Cards, ...]: ...
    @property
    def frozen(self) -> tuple[int, ...]: ...
    @property
    def chops(self) -> tuple[Chop, ...]: ...
    @property
    def instant_win(self) -> tuple[int, InstantWin] | None: ...
    def is_terminal(self) -> bool: ...
    def places(self) -> tuple[float, ...]: ...


@dataclass(frozen=True)
class HandRecord:
    """What a finished hand leaves for the payments: the places, the cards
    still held, who was frozen, the chops and an instant win.  A finished
    state gives one (:meth:`from_state`); a score sheet builds one from what
    the players tell it.

    * ``ranked``: the seats still in the hand at the end, best place first
      (the frozen left out);
    * ``places``: each seat's place (tied seats share the average);
    * ``left``: each seat's cards at the end.
    """

    ranked: tuple[int, ...]
    places: tuple[float, ...]
    left: tuple[tuple[Card, ...], ...]
    frozen: tuple[int, ...] = ()
    chops: tuple[Chop, ...] = ()
    instant_win: tuple[int, InstantWin] | None = None

    @property
    def num_players(self) -> int:
        return len(self.left)

    @classmethod
    def from_state(cls, state: FinishedHand) -> HandRecord:
        """The record of a finished hand."""
        if not state.is_terminal():
            raise RulesError("the hand is not over; it is settled at the end")
        places = state.places()
        n = state.num_players
        start = state.winner or 0
        order = [(start + k) % n for k in range(n)]
        ranked = sorted((s for s in order if s not in state.frozen), key=lambda s: places[s])
        return cls(
            ranked=tuple(ranked),
            places=places,
            left=tuple(tuple(plain_cards(h)) for h in state.hands),
            frozen=state.frozen,
            chops=state.chops,
            instant_win=state.instant_win,
        )


def settle(state: FinishedHand) -> Settlement:
    """Who pays whom for a finished hand, under the state's rules.

    >>> from rules_lib.tien_len import PRESETS, new_game
    >>> from rules_lib.engine import playout, RandomBot
    >>> import random
    >>> final = playout(new_game(seed=3, rules=PRESETS["home"]), [RandomBot()] * 4, random.Random(1))
    >>> settlement = settle(final)
    >>> sum(settlement.points), settlement.points == tuple(int(r) for r in final.returns())
    (0, True)
    """
    return settle_record(HandRecord.from_state(state), state.rules)


def settle_record(record: HandRecord, rules: TienLenRules) -> Settlement:
    """Who pays whom for a hand as ``record`` tells it, under ``rules``."""
    n = record.num_players
    payments: list[Payment] = []
    if record.instant_win is not None:
        seat, kind = record.instant_win
        price = rules.instant_win_price(kind.short)
        for other in range(n):
            if other != seat and price:
                payments.append(
                    Payment(other, seat, price, "instant", f"{{payee}} won at the deal with {kind}")
                )
        return Settlement(n, tuple(payments))
    ranked = list(record.ranked)
    winner = ranked[0]
    _place_payments(payments, [*ranked, *record.frozen], set(record.frozen), rules)
    last_points = rules.place_points[0] if rules.place_points else 0
    for seat in record.frozen:
        price = rules.frozen_pays * last_points
        if price:
            payments.append(
                Payment(
                    seat,
                    winner,
                    price,
                    "frozen",
                    "{payer} had not played a card when the first player went out (frozen, cóng)",
                )
            )
    for chop in record.chops:
        _chop_payment(payments, chop, rules)
    places = record.places
    for seat in range(n):
        if record.left[seat]:
            payee = winner
            if rules.penalty_to == "next above":
                above = [s for s in range(n) if places[s] < places[seat]]
                payee = max(above, key=lambda s: places[s]) if above else winner
            _left_payments(payments, seat, payee, record.left[seat], rules)
    return Settlement(n, tuple(payments))


def _place_payments(
    payments: list[Payment], ranked: list[int], frozen: set[int], rules: TienLenRules
) -> None:
    """Last pays first, second-last pays second, …; the frozen, in the last
    places, pay the winner their frozen price instead."""
    k = len(ranked)
    for i, price in enumerate(rules.place_points):
        if i >= k - 1 - i or not price:
            break
        payer, payee = ranked[k - 1 - i], ranked[i]
        if payer in frozen:
            continue
        what = f"{{payer}} came {_ORDINALS[k - 1 - i]}, {{payee}} {_ORDINALS[i]}"
        payments.append(Payment(payer, payee, price, "place", what))


def _chop_payment(payments: list[Payment], chop: Chop, rules: TienLenRules) -> None:
    price = sum(play_value(p, rules) for p in chop.plays)
    if not price:
        return
    what = "{payee} chopped {payer's} " + _play_name(chop.plays[-1])
    if len(chop.plays) > 1:
        first = _play_name(chop.plays[0])
        what += (
            f", the last of a chain of chops from the {first} (the last one chopped pays for all)"
        )
    payments.append(Payment(chop.chopped, chop.chopper, price, "chop", what))


def _left_payments(
    payments: list[Payment], seat: int, payee: int, hand: Sequence[Card], rules: TienLenRules
) -> None:
    if payee == seat:
        return
    twos = Counter(c.suit in _RED for c in hand if c.rank is Rank.TWO)
    for red, count in sorted(twos.items()):
        colour = "red" if red else "black"
        each = rules.two_points[1 if red else 0]
        if each:
            shown = " ".join(str(c) for c in hand if c.rank is Rank.TWO and (c.suit in _RED) == red)
            plural = "s" if count > 1 else ""
            payments.append(
                Payment(
                    seat,
                    payee,
                    each * count,
                    "left",
                    f"{{payer}} kept {count} {colour} 2{plural} to the end ({shown})",
                )
            )
    for tier, cards in bombs_left(hand, rules):
        price = rules.bomb_points[tier - 1]
        if price:
            shown = " ".join(str(c) for c in cards)
            what = f"{{payer}} kept {_bomb_name(tier, len(cards))} to the end ({shown})"
            payments.append(Payment(seat, payee, price, "left", what))


def _ordinal_place(text: str) -> str:
    return {"1": "1st", "2": "2nd", "3": "3rd"}.get(text, f"{text}th")


def record_from_table(
    names: Sequence[str],
    places: Sequence[str],
    left: Sequence[str],
    chops: Sequence[tuple[int, int, str]] = (),
    instant: tuple[int, InstantWin] | None = None,
    rules: TienLenRules | None = None,
) -> HandRecord:
    """A hand's record from what the players tell a score sheet.

    * ``places``: each player's place, ``"1"`` to ``"n"``, or ``"frozen"``;
    * ``left``: the cards each still held at the end (``""`` for none);
    * ``chops``: ``(chopper, chopped, what)``, ``what`` the chopped plays of
      a chain in order, separated by commas (``"2h, 5s 5h 6s 6h 7s 7h"``);
    * ``instant``: a player who won at the deal, and with what (then the
      rest is not asked).

    Every mistake raises a :class:`RulesError` naming the player and the card.

    >>> names = ["An", "Bình", "Chi", "Dũng"]
    >>> record = record_from_table(names, ["2", "1", "4", "3"], ["", "", "2h 9c", ""],
    ...                            chops=[(1, 0, "2s")])
    >>> record.ranked, [len(c) for c in record.left]
    ((1, 0, 3, 2), [0, 0, 2, 0])
    >>> record_from_table(names, ["1", "2", "2", "4"], ["", "", "", "3c"])
    Traceback (most recent call last):
    ...
    rules_lib.errors.RulesError: Bình and Chi both came 2nd; nobody came 3rd
    """
    from .rules import TienLenRules as _Rules

    rules = rules or _Rules()
    n = len(names)
    if len(places) != n or len(left) != n:
        raise RulesError(f"give each of the {n} players a place and the cards they held at the end")
    empty: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(n))
    if instant is not None:
        seat, kind = instant
        if not 0 <= seat < n:
            raise RulesError(f"no player number {seat} to win at the deal")
        if kind in _MORE_KINDS and not rules.more_instant_wins:
            raise RulesError(f"{kind} is no instant win under these rules")
        others = [s for s in range(n) if s != seat]
        shared = (2 + n) / 2
        places_of = tuple(1.0 if s == seat else shared for s in range(n))
        return HandRecord((seat, *others), places_of, empty, instant_win=(seat, kind))
    frozen = tuple(s for s, p in enumerate(places) if p.strip().lower() == "frozen")
    if frozen and not (rules.scoring == "points" and rules.frozen_pays):
        raise RulesError(
            f"{names[frozen[0]]} is marked frozen, but these rules have no frozen players"
        )
    placed: dict[int, list[int]] = {}
    for seat, text in enumerate(places):
        if seat in frozen:
            continue
        text = text.strip()
        if not text:
            raise RulesError(
                f"{names[seat]} has no place: choose 1st to {_ordinal_place(str(n))}, or frozen"
            )
        if not text.isdigit() or not 1 <= int(text) <= n:
            raise RulesError(f"{names[seat]}'s place is 1 to {n} or frozen, not {text!r}")
        placed.setdefault(int(text), []).append(seat)
    k = n - len(frozen)
    if k < 1:
        raise RulesError("somebody must have gone out first")
    problems = []
    for place in range(1, k + 1):
        seats = placed.get(place, [])
        if len(seats) > 1:
            problems.append(
                f"{' and '.join(names[s] for s in seats)} both came {_ordinal_place(str(place))}"
            )
        elif not seats:
            problems.append(f"nobody came {_ordinal_place(str(place))}")
    beyond = [p for p in placed if p > k]
    if beyond and not problems:
        problems.append(f"with {len(frozen)} frozen, the places go from 1 to {k}")
    if problems:
        raise RulesError("; ".join(problems))
    ranked = tuple(placed[p][0] for p in range(1, k + 1))
    place_list = [0.0] * n
    for i, seat in enumerate(ranked):
        place_list[seat] = float(i + 1)
    for seat in frozen:
        place_list[seat] = k + (len(frozen) + 1) / 2
    owner: dict[Card, str] = {}

    def claim(cards: Sequence[Card], who: str) -> None:
        for card in cards:
            if card in owner:
                raise DuplicateCardError(
                    f"{card} is in both {owner[card]} and {who}; a deck has one {card}"
                )
            owner[card] = who

    held: list[tuple[Card, ...]] = []
    for seat, text in enumerate(left):
        try:
            cards = tuple(plain_cards(parse_cards(text)))
        except RulesError as error:
            raise type(error)(f"{names[seat]}'s cards left: {error}") from None
        if seat == ranked[0] and cards:
            raise CardCountError(f"{names[seat]} came 1st, so held no cards at the end")
        if seat in frozen and len(cards) != 13:
            raise CardCountError(
                f"{names[seat]} is frozen, so still held all 13 cards; {len(cards)} are typed"
            )
        if len(cards) > 13:
            raise CardCountError(f"{names[seat]} cannot hold {len(cards)} cards; a hand has 13")
        claim(cards, f"{names[seat]}'s cards left")
        held.append(cards)
    made: list[Chop] = []
    for number, (chopper, chopped, what) in enumerate(chops, 1):
        if not (0 <= chopper < n and 0 <= chopped < n) or chopper == chopped:
            raise RulesError(f"chop {number}: choose two different players")
        where = f"chop {number} ({names[chopper]} chopped {names[chopped]})"
        plays: list[Play] = []
        for part in [p for p in what.split(",") if p.strip()]:
            try:
                play = Play.parse(part, rules)
            except RulesError as error:
                raise type(error)(f"{where}: {error}") from None
            twos = all(r is Rank.TWO for r in play.ranks) and len(play.cards) <= 2
            if not (bomb_tier(play, rules) or (twos and not plays)):
                raise RulesError(
                    f"{where}: {play} cannot be chopped; a chop takes a 2, a pair of 2s or a bomb"
                )
            claim(play.plain, where)
            plays.append(play)
        if not plays:
            raise RulesError(f"{where}: say what was chopped, e.g. 2h")
        made.append(Chop(chopper, chopped, tuple(plays)))
    return HandRecord(ranked, tuple(place_list), tuple(held), frozen, tuple(made))


def record_text(record: HandRecord) -> str:
    """A record in few characters, for a link (see :func:`record_from_text`).

    >>> names = ["An", "Bình", "Chi"]
    >>> record = record_from_table(names, ["2", "1", "3"], ["", "", "2h 9c"], [(1, 0, "2s")])
    >>> record_text(record)
    '213.__2h9c.102s'
    >>> record_from_text(record_text(record), names) == record
    True
    """
    n = record.num_players
    if record.instant_win is not None:
        seat, kind = record.instant_win
        return f"w{seat}.{kind.name}"
    places = "".join(
        "f" if s in record.frozen else str(record.ranked.index(s) + 1) for s in range(n)
    )
    left = "_".join("".join(c.ascii for c in cards) for cards in record.left)
    chops = "_".join(
        f"{c.chopper}{c.chopped}" + "-".join("".join(x.ascii for x in p.plain) for p in c.plays)
        for c in record.chops
    )
    return f"{places}.{left}.{chops}"


def record_from_text(
    text: str, names: Sequence[str], rules: TienLenRules | None = None
) -> HandRecord:
    """The record :func:`record_text` wrote (checked again; a bad one raises)."""
    n = len(names)
    if text.startswith("w"):
        seat, _, kind = text[1:].partition(".")
        if not seat.isdigit() or kind not in InstantWin.__members__:
            raise NotationError(f"{text!r} is not an instant win")
        return record_from_table(
            names, [""] * n, [""] * n, instant=(int(seat), InstantWin[kind]), rules=rules
        )
    parts = text.split(".")
    if len(parts) != 3 or len(parts[0]) != n:
        raise NotationError(f"{text!r} is not a hand of {n} players")
    places = ["frozen" if p == "f" else p for p in parts[0]]
    left = [spell_ascii(t) for t in parts[1].split("_")] if parts[1] else [""] * n
    chops = []
    for item in filter(None, parts[2].split("_")):
        if len(item) < 4 or not item[:2].isdigit():
            raise NotationError(f"{item!r} is not a chop")
        chops.append(
            (int(item[0]), int(item[1]), ", ".join(spell_ascii(p) for p in item[2:].split("-")))
        )
    return record_from_table(names, places, left, chops, rules=rules)


def read_chops(text: str, names: Sequence[str]) -> list[tuple[int, int, str]]:
    """Chops written a line each, ``Bình chopped An: 2h`` (a chain: ``Chi
    chopped Bình: 2h, 5s 5h 6s 6h 7s 7h``), as ``(chopper, chopped, what)``.

    >>> read_chops("Bình chopped An: 2h\\nchi chopped bình: 2d, 5s 5h 6s 6h 7s 7h", ["An", "Bình", "Chi"])
    [(1, 0, '2h'), (2, 1, '2d, 5s 5h 6s 6h 7s 7h')]
    >>> read_chops("Bin chopped An: 2h", ["An", "Bình"])
    Traceback (most recent call last):
    ...
    rules_lib.errors.RulesError: chop line 1: no player called 'Bin' (the players: An, Bình)
    """
    found: list[tuple[int, int, str]] = []
    lower = [n.casefold() for n in names]
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        who, sep, what = line.partition(":")
        parts = re.split(r"\s+chopped\s+", who.strip(), maxsplit=1, flags=re.IGNORECASE)
        if not sep or len(parts) != 2:
            raise RulesError(
                f"chop line {number}: write it as 'Bình chopped An: 2h', not {line.strip()!r}"
            )
        seats = []
        for name in (parts[0].strip(), parts[1].strip()):
            if name.casefold() not in lower:
                raise RulesError(
                    f"chop line {number}: no player called {name!r} (the players: {', '.join(names)})"
                )
            seats.append(lower.index(name.casefold()))
        found.append((seats[0], seats[1], what.strip()))
    return found


def chop_lines(record: HandRecord, names: Sequence[str]) -> str:
    """The chops of a record as :func:`read_chops` reads them."""
    return "\n".join(
        f"{names[c.chopper]} chopped {names[c.chopped]}: " + ", ".join(str(p) for p in c.plays)
        for c in record.chops
    )
