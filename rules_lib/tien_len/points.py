"""Playing Tiến Lên for points: who pays whom at the end of a hand, line by line.

Under ``rules.scoring="points"`` (the ``home`` preset) a finished hand is
settled by :func:`settle`, and the state's ``returns()`` are each seat's total.
Every payment comes from a table of the rules object:

* **places** (``place_points``): the last player pays the first, the
  second-last pays the second, and so on down the table;
* **chops** (``two_points``, ``bomb_points``): a player whose 2 or bomb is
  chopped pays the chopper what it is worth; in a chain of chops in one trick
  the last player chopped pays for the whole chain;
* **cards left** (the same tables): whoever still holds cards when the hand
  ends pays for the 2s and bombs among them (``penalty_to`` says to whom);
* **frozen** (``frozen_pays``): a player who had not played a card when the
  first player went out pays the winner that many times the last place;
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

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..cards import Card, Rank, Suit
from ..errors import RulesError
from .game import Chop, TienLenState
from .plays import Play, bomb_tier, plain_cards
from .rules import ACE_POS, RANK_POS, TienLenRules

__all__ = ["Payment", "Settlement", "bombs_left", "play_value", "settle"]

Reason = Literal["place", "chop", "left", "frozen", "instant"]
_RED = frozenset((Suit.HEARTS, Suit.DIAMONDS))
_BOMB_NAMES = {1: "three consecutive pairs", 2: "four of a kind", 3: "four consecutive pairs"}
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
    return f"{_BOMB_NAMES.get(bomb_tier(play), str(play))} ({play})"


def bombs_left(cards: Sequence[Card], rules: TienLenRules) -> list[tuple[int, list[Card]]]:
    """The bombs among cards left in a hand, as (tier, cards).

    Four of a kind first (not of 2s, which are paid one by one), then each
    run of consecutive pairs of three or more among the other ranks.

    >>> from rules_lib.cards import parse_cards
    >>> [t for t, _ in bombs_left(parse_cards("5s 5h 6s 6h 7s 7h 9s 9h 9d 9c Js"), TienLenRules())]
    [2, 1]
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


def _ranked(state: TienLenState) -> list[int]:
    """The seats still in the hand at its end, best place first (the frozen left out)."""
    places = state.places()
    n = state.num_players
    start = state.winner or 0
    order = [(start + k) % n for k in range(n)]
    return sorted((s for s in order if s not in state.frozen), key=lambda s: places[s])


def settle(state: TienLenState) -> Settlement:
    """Who pays whom for a finished hand, under the state's rules.

    >>> from rules_lib.tien_len import PRESETS, new_game
    >>> from rules_lib.engine import playout, RandomBot
    >>> import random
    >>> final = playout(new_game(seed=3, rules=PRESETS["home"]), [RandomBot()] * 4, random.Random(1))
    >>> settlement = settle(final)
    >>> sum(settlement.points), settlement.points == tuple(int(r) for r in final.returns())
    (0, True)
    """
    if not state.is_terminal():
        raise RulesError("the hand is not over; it is settled at the end")
    rules = state.rules
    n = state.num_players
    payments: list[Payment] = []
    if state.instant_win is not None:
        seat, kind = state.instant_win
        price = rules.instant_win_price(kind.short)
        for other in range(n):
            if other != seat and price:
                payments.append(
                    Payment(other, seat, price, "instant", f"{{payee}} won at the deal with {kind}")
                )
        return Settlement(n, tuple(payments))
    ranked = _ranked(state)
    winner = ranked[0]
    _place_payments(payments, ranked, rules)
    last_points = rules.place_points[0] if rules.place_points else 0
    for seat in state.frozen:
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
    for chop in state.chops:
        _chop_payment(payments, chop, rules)
    places = state.places()
    for seat in range(n):
        if state.hands[seat]:
            payee = winner
            if rules.penalty_to == "next above":
                above = [s for s in range(n) if places[s] < places[seat]]
                payee = max(above, key=lambda s: places[s]) if above else winner
            _left_payments(payments, seat, payee, plain_cards(state.hands[seat]), rules)
    return Settlement(n, tuple(payments))


def _place_payments(payments: list[Payment], ranked: list[int], rules: TienLenRules) -> None:
    k = len(ranked)
    for i, price in enumerate(rules.place_points):
        if i >= k - 1 - i or not price:
            break
        payer, payee = ranked[k - 1 - i], ranked[i]
        what = f"{{payer}} came {_ORDINALS[k - 1 - i]}, {{payee}} {_ORDINALS[i]}"
        payments.append(Payment(payer, payee, price, "place", what))


def _chop_payment(payments: list[Payment], chop: Chop, rules: TienLenRules) -> None:
    price = sum(play_value(p, rules) for p in chop.plays)
    if chop.out or not price:
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
            what = f"{{payer}} kept {_BOMB_NAMES[tier]} to the end ({shown})"
            payments.append(Payment(seat, payee, price, "left", what))
