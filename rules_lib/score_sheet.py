"""A score sheet for an evening of Mậu Binh, Chinese Poker or Tiến Lên (game night).

The players lay their hands down; someone types each hand as
``back / middle / front``, and the library settles the deal under the
chosen rules (:func:`rules_lib.showdown.score_showdown`).  A hand of Tiến
Lên is told by its places, the cards left, the chops and any instant win
(:meth:`ScoreSheet.settle_hand`), and settled by
:func:`rules_lib.tien_len.points.settle_record`.  The sheet keeps
every deal: its hands, who dealt, each player's points and why.  It adds the
running totals, checks that every deal adds up to zero, and writes the whole
evening as CSV or as a link (:meth:`ScoreSheet.to_query`), so a page that
reloads, or a phone that goes to sleep, loses nothing.

>>> sheet = ScoreSheet("mb-source", ("An", "Bình"))
>>> sheet = sheet.settle(["Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c",
...                       "Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c"], dealer=1)
>>> sheet.totals, sheet.deals[0].notes[0]
((1, -1), 'won 2 of 3 rows against the dealer: back wins, middle loses, front wins')
>>> ScoreSheet.from_query(sheet.to_query())[0] == sheet
True
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from .cards import AnyCard, Card, spell_ascii
from .chinese_poker import ChinesePokerRules
from .errors import (
    CardCountError,
    DuplicateCardError,
    IllegalActionError,
    NotationError,
    RulesError,
    UnknownOptionError,
)
from .setting.rows import ROWS, Arrangement
from .showdown import RULESET_KEYS, RULESETS, ArrangeGame, ArrangeRules, score_showdown
from .tien_len import PRESETS as TIEN_LEN_PRESETS
from .tien_len import InstantWin, TienLenRules
from .tien_len.points import (
    HandRecord,
    record_from_table,
    record_from_text,
    record_text,
    settle_record,
)

__all__ = [
    "SHEET_RULESETS",
    "MissetNotDeclaredError",
    "ScoreSheet",
    "SheetDeal",
    "compact",
    "from_compact",
]

#: How many players a sheet can have.
PLAYERS = range(2, 5)
#: The sheet's rule sets: the showdown's, and Tiến Lên played for points.
TIEN_LEN_SHEETS = {"tl-home": "Tiến Lên (home rules, played for points)"}
SHEET_RULESETS: dict[str, str] = {**RULESET_KEYS, **TIEN_LEN_SHEETS}


class MissetNotDeclaredError(RulesError):
    """A hand whose rows are out of order, typed without saying it is misset
    (or a hand said to be misset whose rows are in order)."""


def compact(arr: Arrangement) -> str:
    """A hand in few characters, for a link: rows joined by ``-``, two
    characters a card (``T`` for ten).

    >>> compact(Arrangement.parse("As Kd Qc Jh 10s / 9s 9h 8d 8c 2s / 7d 7c 3h"))
    'AsKdQcJhTs-9s9h8d8c2s-7d7c3h'
    """
    return "-".join("".join(_card_code(c) for c in arr.row(row)) for row in ROWS)


def from_compact(text: str) -> Arrangement:
    """The hand :func:`compact` wrote (a bad one raises a :class:`RulesError`)."""
    rows = text.split("-")
    if len(rows) != 3 or any(len(r) % 2 for r in rows):
        raise CardCountError(f"{text!r} is not a hand of three rows")
    spelled = [spell_ascii(r) for r in rows]
    return Arrangement.parse(" / ".join(spelled))


def _card_code(card: AnyCard) -> str:
    if not isinstance(card, Card):  # an arrangement holds no jokers
        raise NotationError(f"{card} has no place in a hand of 13")
    return card.ascii


@dataclass(frozen=True)
class SheetDeal:
    """One deal on the sheet: each player's hand, who dealt, each player's
    points and the line that explains them."""

    hands: tuple[Arrangement | None, ...]  # None: the player surrendered
    dealer: int
    points: tuple[int, ...]
    notes: tuple[str, ...]
    record: HandRecord | None = None  # a hand of Tiến Lên (then no hands, no dealer)


@dataclass(frozen=True)
class ScoreSheet:
    """The deals of an evening under one rule set (a key of
    :data:`rules_lib.showdown.RULESET_KEYS`, such as ``"mb-source"``) between
    two to four named players.  Each change returns a new sheet."""

    ruleset: str
    players: tuple[str, ...]
    deals: tuple[SheetDeal, ...] = ()

    def __post_init__(self) -> None:
        if self.ruleset not in SHEET_RULESETS:
            known = ", ".join(SHEET_RULESETS)
            raise UnknownOptionError(f"no rule set {self.ruleset!r}; choose one of: {known}")
        if len(self.players) not in PLAYERS:
            raise CardCountError(f"a sheet is for 2 to 4 players, not {len(self.players)}")
        names = [p.strip() for p in self.players]
        if any(not n for n in names):
            raise UnknownOptionError("every player needs a name")
        if len(set(names)) != len(names):
            raise UnknownOptionError("two players have the same name; give each their own")

    @property
    def game(self) -> str:
        """``"mau_binh"``, ``"chinese_poker"`` or ``"tien_len"``."""
        if self.ruleset in TIEN_LEN_SHEETS:
            return "tien_len"
        return RULESETS[RULESET_KEYS[self.ruleset]][0]

    @property
    def arrange_game(self) -> ArrangeGame:
        """The game of a Mậu Binh or Chinese Poker sheet."""
        if self.game == "tien_len":
            raise UnknownOptionError("a Tiến Lên sheet has no hands set in rows")
        return RULESETS[RULESET_KEYS[self.ruleset]][0]

    @property
    def rules(self) -> ArrangeRules:
        """The rules of a Mậu Binh or Chinese Poker sheet."""
        if self.game == "tien_len":
            raise UnknownOptionError("a Tiến Lên sheet has Tiến Lên rules: see tien_len_rules")
        return RULESETS[RULESET_KEYS[self.ruleset]][1]

    @property
    def tien_len_rules(self) -> TienLenRules:
        return TIEN_LEN_PRESETS[self.ruleset.removeprefix("tl-")]

    # -- a deal -------------------------------------------------------------

    def read_hands(
        self,
        texts: Sequence[str],
        misset: Sequence[bool] = (),
        surrendered: Sequence[bool] = (),
    ) -> tuple[Arrangement | None, ...]:
        """Each player's hand from its text, checked: every error names the
        player (and the card); a misset hand must be said to be misset; a
        player who surrendered (where the rules allow it) shows no cards.

        >>> sheet = ScoreSheet("cp-source", ("An", "Bình"))
        >>> sheet.read_hands(["As Kd Qc Jh 10s / 9s 9h 8d 8c 2s / 7d 7c 3h",
        ...                   "As 2d 3c 4h 5s / 6s 6h 6d 8s 8h / Jd Jc 3d"])
        Traceback (most recent call last):
        ...
        rules_lib.errors.DuplicateCardError: A♠ is in both An's hand and Bình's; a deck has one A♠
        """
        if len(texts) != len(self.players):
            raise CardCountError(
                f"this sheet has {len(self.players)} players, not {len(texts)} hands"
            )
        declared = list(misset) + [False] * (len(texts) - len(misset))
        gave_up = list(surrendered) + [False] * (len(texts) - len(surrendered))
        may_surrender = isinstance(self.rules, ChinesePokerRules) and self.rules.surrender > 0
        hands: list[Arrangement | None] = []
        owner: dict[AnyCard, str] = {}
        for name, text, said, quit in zip(self.players, texts, declared, gave_up, strict=True):
            if quit:
                if not may_surrender:
                    raise IllegalActionError(
                        f"{name} cannot surrender: these rules have no surrender"
                    )
                hands.append(None)
                continue
            if not text.strip():
                raise CardCountError(f"{name}'s hand is empty: type it as back / middle / front")
            try:
                arr = Arrangement.parse(text)
            except RulesError as error:
                raise type(error)(f"{name}'s hand: {error}") from None
            for card in arr.cards:
                if card in owner:
                    raise DuplicateCardError(
                        f"{card} is in both {owner[card]}'s hand and {name}'s; a deck has one {card}"
                    )
                owner[card] = name
            reason = arr.misset_reason(self.rules.strict_row_order)
            if reason and not said:
                raise MissetNotDeclaredError(
                    f"{name}'s hand is {reason}: tick misset to settle it that way, "
                    "or set its rows again"
                )
            if said and not reason:
                raise MissetNotDeclaredError(
                    f"{name}'s hand is ticked misset, but its rows are in order"
                )
            hands.append(arr)
        if sum(h is not None for h in hands) < 1:
            raise IllegalActionError("everyone surrendered: there is nothing to settle")
        return tuple(hands)

    def settle(
        self,
        texts: Sequence[str],
        dealer: int = 0,
        misset: Sequence[bool] = (),
        surrendered: Sequence[bool] = (),
    ) -> ScoreSheet:
        """The sheet with one more deal, settled by the library (a bad deal
        raises, naming the problem, and the sheet is unchanged)."""
        if self.game == "tien_len":
            raise IllegalActionError(
                "a hand of Tiến Lên is told by places, cards left and chops: use settle_hand"
            )
        if not 0 <= dealer < len(self.players):
            raise UnknownOptionError(f"no player number {dealer} to deal")
        hands = self.read_hands(texts, misset, surrendered)
        points, notes = score_showdown(
            hands, self.arrange_game, self.rules, dealer, self.players, [h is None for h in hands]
        )
        deal = SheetDeal(hands, dealer, tuple(points), tuple(notes))
        return ScoreSheet(self.ruleset, self.players, (*self.deals, deal))

    def settle_hand(
        self,
        places: Sequence[str],
        left: Sequence[str],
        chops: Sequence[tuple[int, int, str]] = (),
        instant: tuple[int, InstantWin] | None = None,
    ) -> ScoreSheet:
        """A Tiến Lên sheet with one more hand, told by each player's place,
        the cards each still held, the chops and any instant win
        (:func:`rules_lib.tien_len.points.record_from_table`); settled by the
        library, every payment a line.

        >>> sheet = ScoreSheet("tl-home", ("An", "Bình", "Chi", "Dũng"))
        >>> sheet = sheet.settle_hand(["2", "1", "4", "3"], ["", "", "2h 9c", ""], [(1, 0, "2s")])
        >>> sheet.totals
        (0, 5, -4, -1)
        >>> sheet.deals[0].notes[0]
        'Dũng came 3rd, you 2nd: +1; Bình chopped your 2♠: −1'
        >>> ScoreSheet.from_query(sheet.to_query())[0] == sheet
        True
        """
        if self.game != "tien_len":
            raise IllegalActionError("settle_hand is for a Tiến Lên sheet; type the hands instead")
        record = record_from_table(self.players, places, left, chops, instant, self.tien_len_rules)
        return self._with_record(record)

    def _with_record(self, record: HandRecord) -> ScoreSheet:
        settlement = settle_record(record, self.tien_len_rules)
        notes = tuple(
            "; ".join(settlement.lines(self.players, seat=seat)) or "nothing paid or collected"
            for seat in range(len(self.players))
        )
        deal = SheetDeal((), -1, settlement.points, notes, record)
        return ScoreSheet(self.ruleset, self.players, (*self.deals, deal))

    def undo(self) -> ScoreSheet:
        """The sheet without its last deal."""
        return ScoreSheet(self.ruleset, self.players, self.deals[:-1])

    # -- the evening --------------------------------------------------------

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(d.points[i] for d in self.deals) for i in range(len(self.players)))

    def running(self) -> list[tuple[int, ...]]:
        """Each player's total after each deal (the first row: before any)."""
        rows = [tuple(0 for _ in self.players)]
        for d in self.deals:
            rows.append(tuple(t + p for t, p in zip(rows[-1], d.points, strict=True)))
        return rows

    def unbalanced(self) -> list[int]:
        """The numbers (from 1) of the deals whose points do not add up to zero."""
        return [n for n, d in enumerate(self.deals, 1) if sum(d.points) != 0]

    def to_csv(self) -> str:
        """The sheet as CSV: a row per deal (who dealt, each player's points),
        then the totals."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["deal", "dealer", *self.players])
        for n, d in enumerate(self.deals, 1):
            writer.writerow([n, self.players[d.dealer] if d.record is None else "", *d.points])
        writer.writerow(["total", "", *self.totals])
        return out.getvalue()

    def to_query(self) -> str:
        """The whole sheet as a link's query string (see :meth:`from_query`)."""
        params: list[tuple[str, str]] = [("rules", self.ruleset), ("sheet", "1")]
        params += [("player", p) for p in self.players]
        params += [
            (
                "deal",
                record_text(d.record)
                if d.record is not None
                else f"{d.dealer}." + "_".join(compact(h) if h else "" for h in d.hands),
            )
            for d in self.deals
        ]
        return urlencode(params)

    @classmethod
    def from_query(
        cls, query: str | None, default: ScoreSheet | None = None
    ) -> tuple[ScoreSheet, list[str]]:
        """The sheet a link holds, with what could not be read (then the
        deals before the first bad one, or ``default``'s rules and players)."""
        base = default or cls("mb-source", ("An", "Bình", "Chi", "Dung"))
        params = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
        problems: list[str] = []
        ruleset = params.get("rules", [base.ruleset])[-1]
        if ruleset not in SHEET_RULESETS:
            problems.append(f"no rule set {ruleset!r}; known: {', '.join(SHEET_RULESETS)}")
            ruleset = base.ruleset
        players = tuple(params.get("player", base.players))
        try:
            sheet = cls(ruleset, players)
        except RulesError as error:
            problems.append(f"the link's players: {error}")
            sheet = cls(ruleset, base.players)
        for n, text in enumerate(params.get("deal", []), 1):
            try:
                if sheet.game == "tien_len":
                    record = record_from_text(text, sheet.players, sheet.tien_len_rules)
                    sheet = sheet._with_record(record)
                    continue
                dealer_text, _, hands_text = text.partition(".")
                hands = [from_compact(h) if h else None for h in hands_text.split("_")]
                sheet = sheet.settle(
                    [str(h) if h else "" for h in hands],
                    int(dealer_text) if dealer_text.isdigit() else -1,
                    [bool(h and h.is_misset(sheet.rules.strict_row_order)) for h in hands],
                    [h is None for h in hands],
                )
            except RulesError as error:
                problems.append(
                    f"deal {n} in the link could not be read ({error}); it and any after it are left out"
                )
                break
        return sheet, problems
