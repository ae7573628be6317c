"""Guided first settings: 13 cards set in three rows with prompts, each step checked.

The games of set hands have no turns: each player sets 13 cards as a
back of five, a middle of five and a front of three, then the rows are
compared with the other players'.  :class:`SettingLesson` is the sibling of
:class:`rules_lib.lesson.Lesson` for them, and data like it: a fixed hand,
the opponents' hands already set, and :class:`SettingStep` after step, each
a prompt, the goals that complete it (:class:`Goal`, a predicate on the rows
that says in the library's words what is wrong), a sentence for a mistake,
and the rows that complete it (``accept``, which "Show me" and the tests
use).  The learner's rows are a :class:`Setting`, the cards not set yet and
the three rows, short or over-full while cards move.

:meth:`SettingLesson.check` judges the rows at a step and changes nothing: a
full row stronger than a full row behind it is named in the rules' words
(the hand would be misset), an unmet goal of the step (or of an earlier one)
with its reason and the step's sentence.  After the last step,
:meth:`SettingLesson.showdown` settles the hand against the opponents with
the game's own settlement (its :class:`~rules_lib.setting.game.SettingGame`,
found by the lesson's ``game`` key) and explains it row by row.

>>> from rules_lib.mau_binh import PRESETS
>>> lesson = SettingLesson(
...     "mau_binh", "One step", "Ks Kh 7d 7c 3s 10d 10c 6h 6s 2d As Ah 5c",
...     (SettingStep("Set the hand.", (in_order(),), "Ks Kh 7d 7c 3s / 10d 10c 6h 6s 2d / As Ah 5c",
...                  "Five cards in the back, five in the middle, three in front."),),
...     PRESETS["source"], (Arrangement.parse("Qs Qh 8d 8c 2s / Jd Jc 9h 9s 4d / Ad Kd 3c"),),
...     names=("you", "the dealer"), dealer=1, misset_cost="A misset hand loses.")
>>> start = lesson.positions()[0]
>>> lesson.check(start, 0).message
'Not this time: 13 cards are not set yet; the back has 0 cards; it needs 5; the middle has 0 cards; it needs 5; the front has 0 cards; it needs 3. Five cards in the back, five in the middle, three in front. Try again.'
>>> misset = start.move(parse_cards("7d 7c 5c 3s 2d"), Row.MIDDLE).move(parse_cards("10d 10c 6h"), Row.FRONT)
>>> lesson.check(misset, 0).message
'Misset: the middle (pair of sevens, kickers 5-3-2) is weaker than the front (pair of tens, kickers 6). A misset hand loses. Try again.'
>>> verdict = lesson.check(lesson.accepted(0), 0)
>>> verdict.done, lesson.showdown(verdict.setting).summary
(True, 'Won 2 of 3 rows against the dealer: back wins, middle loses, front wins. Your result: +1.')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..cards import SUITS, AnyCard, Card, Cards, parse_cards
from ..errors import CardCountError, NotationError, RulesError
from ..games import find_game
from ..lesson import LessonError, _sentence
from ..poker import Category, HandValue, _article, evaluate
from .game import Against, capital, setting_game, signed
from .rows import ROWS, Arrangement, Draft, Row
from .specials import SettingRules

__all__ = [
    "Against",
    "Goal",
    "Setting",
    "SettingLesson",
    "SettingStep",
    "SettingVerdict",
    "Settled",
    "in_order",
    "order_reason",
    "row_holds",
    "row_is",
    "setting_lesson_texts",
    "signed",
]


def _key(card: Card) -> tuple[int, int]:
    """High to low, as :meth:`rules_lib.setting.rows.Draft.from_cards` deals a hand."""
    return (-int(card.rank), SUITS.index(card.suit))


def _cards(cards: Iterable[AnyCard]) -> tuple[Card, ...]:
    out = []
    for card in cards:
        if not isinstance(card, Card):
            raise NotationError(f"{card} cannot be set: these games have no jokers")
        out.append(card)
    return tuple(sorted(dict.fromkeys(out), key=_key))


@dataclass(frozen=True)
class Setting:
    """Thirteen cards on their way to three rows: the ``hand`` (cards not set
    yet), then the back, the middle and the front, each kept high to low.

    >>> s = Setting.deal("Kh Jh 8h 6h 2h As Ac 9s 9d Qd 7c 4d 3s")
    >>> s = s.move(parse_cards("Kh Jh 8h 6h 2h"), Row.BACK)
    >>> len(s.hand), str(s.row_value(Row.BACK)), s.row_value(Row.MIDDLE)
    (8, 'flush, king high (K-J-8-6-2)', None)
    >>> s.problems()[:2]
    ['8 cards are not set yet', 'the middle has 0 cards; it needs 5']
    >>> Setting.parse(s.cards, "2h 6h 8h Jh Kh / / ") == s
    True
    """

    hand: tuple[Card, ...]
    back: tuple[Card, ...] = ()
    middle: tuple[Card, ...] = ()
    front: tuple[Card, ...] = ()

    @classmethod
    def deal(cls, cards: str | Iterable[AnyCard]) -> Setting:
        """Thirteen cards, none set yet (checked as a hand of these games)."""
        draft = Draft.from_cards(cards)
        return cls(_cards((*draft.back, *draft.middle, *draft.front)))

    @classmethod
    def parse(cls, cards: str | Iterable[AnyCard], rows: str) -> Setting:
        """The hand ``cards`` with ``rows`` set, written ``"back / middle / front"``
        (a row may be empty); the other cards are not set yet.

        >>> str(Setting.parse("Kh Jh 8h 6h 2h As Ac 9s 9d Qd 7c 4d 3s", "Kh Jh 8h 6h 2h / / "))
        'K♥ J♥ 8♥ 6♥ 2♥ /  /  (not set: A♠ A♣ Q♦ 9♠ 9♦ 7♣ 4♦ 3♠)'
        >>> Setting.parse("Kh Jh 8h 6h 2h As Ac 9s 9d Qd 7c 4d 3s", "Kd / / ")
        Traceback (most recent call last):
        ...
        rules_lib.errors.NotationError: K♦ is not in this hand
        """
        parts = rows.replace("|", "/").split("/")
        if len(parts) != 3:
            raise NotationError(
                f"write the rows as 'back / middle / front' (3 rows), not {len(parts)}: {rows!r}"
            )
        setting = cls.deal(cards)
        for row, part in zip(ROWS, parts, strict=True):
            setting = setting.move(parse_cards(part, jokers=False), row)
        return setting

    def row(self, row: Row | None) -> tuple[Card, ...]:
        """The cards of ``row`` (``None``: the cards not set yet)."""
        return self.hand if row is None else getattr(self, row.value)

    @property
    def cards(self) -> Cards:
        """All thirteen cards, wherever they are."""
        return Cards((*self.hand, *self.back, *self.middle, *self.front))

    def move(self, cards: Iterable[AnyCard], to: Row | None) -> Setting:
        """Move ``cards`` (from wherever they are) to row ``to`` (``None``: back to the hand)."""
        moving = _cards(cards)
        held = set(self.cards)
        for card in moving:
            if card not in held:
                raise NotationError(f"{card} is not in this hand")
        places = (None, *ROWS)
        rows = {p: [c for c in self.row(p) if c not in moving] for p in places}
        rows[to].extend(moving)
        return Setting(*(_cards(rows[p]) for p in places))

    def row_value(self, row: Row) -> HandValue | None:
        """The poker value of ``row`` when it holds its 5 or 3 cards, else ``None``."""
        cards = self.row(row)
        return evaluate(cards) if len(cards) == row.size else None

    def problems(self) -> list[str]:
        """What stops these rows from being a hand set in three rows (the cards
        not set, each row's count)."""
        out = Draft(self.back, self.middle, self.front).problems()
        if self.hand:
            n = len(self.hand)
            out.insert(0, f"{n} card{'s' * (n != 1)} {'is' if n == 1 else 'are'} not set yet")
        return out

    def arrangement(self) -> Arrangement | None:
        """The finished hand, once every card is set and every row has its size."""
        if self.problems():
            return None
        return Arrangement(Cards(self.back), Cards(self.middle), Cards(self.front))

    def __str__(self) -> str:
        rows = " / ".join(str(Cards(self.row(r))) for r in ROWS)
        return rows + (f" (not set: {Cards(self.hand)})" if self.hand else "")


def order_reason(setting: Setting, strict: bool = False) -> str | None:
    """Why the rows set so far make the hand misset: a full row weaker than a
    full row in front of it (the library's words: :meth:`Arrangement.misset_reason`
    once the hand is set).  ``None`` when nothing is out of order yet.

    >>> s = Setting.parse("Kh Jh 8h 6h 2h As Ac 9s 9d Qd 7c 4d 3s", "/ 9s 9d Qd 7c 3s / As Ac 4d")
    >>> order_reason(s)
    'misset: the middle (pair of nines, kickers Q-7-3) is weaker than the front (pair of aces, kickers 4)'
    """
    arr = setting.arrangement()
    if arr is not None:
        return arr.misset_reason(strict)
    values = {row: setting.row_value(row) for row in ROWS}
    for behind, ahead in ((Row.BACK, Row.MIDDLE), (Row.MIDDLE, Row.FRONT), (Row.BACK, Row.FRONT)):
        weaker, stronger = values[behind], values[ahead]
        if weaker is not None and stronger is not None and weaker < stronger:
            return (
                f"misset: the {behind.value} ({weaker}) is weaker than the {ahead.value} "
                f"({stronger})"
            )
    back, middle = values[Row.BACK], values[Row.MIDDLE]
    if strict and back is not None and back == middle:
        return f"misset: the back ({back}) only ties the middle; these rules want it stronger"
    return None


@dataclass(frozen=True)
class Goal:
    """What a step asks of the rows: ``text`` says it ("the back is a flush"),
    ``test(setting, rules)`` says why the rows do not meet it (``None``: they
    do), and ``row`` is the row it is about (``None``: the whole hand)."""

    text: str
    test: Callable[[Setting, SettingRules], str | None] = field(compare=False)
    row: Row | None = None

    def why_not(self, setting: Setting, rules: SettingRules) -> str | None:
        return self.test(setting, rules)


def row_is(row: Row, category: Category) -> Goal:
    """The goal "``row`` is a hand of ``category``" (of its full 5 or 3 cards).

    >>> from types import SimpleNamespace
    >>> rules = SimpleNamespace(strict_row_order=False)
    >>> goal = row_is(Row.BACK, Category.FLUSH)
    >>> goal.text
    'the back is a flush'
    >>> s = Setting.deal("Kh Jh 8h 6h 2h As Ac 9s 9d Qd 7c 4d 3s")
    >>> goal.why_not(s, rules)
    'the back has 0 cards; it needs 5'
    >>> goal.why_not(s.move(parse_cards("Kh Jh 8h 6h 3s"), Row.BACK), rules)
    'the back is high card king, then J-8-6-3, not a flush'
    """
    wanted = _article(category.label)

    def test(setting: Setting, _rules: SettingRules) -> str | None:
        value = setting.row_value(row)
        if value is None:
            n = len(setting.row(row))
            return f"the {row.value} has {n} card{'s' * (n != 1)}; it needs {row.size}"
        if value.category != category:
            return f"the {row.value} is {value}, not {wanted}"
        return None

    return Goal(f"the {row.value} is {wanted}", test, row)


def row_holds(row: Row, cards: str | Iterable[AnyCard], name: str) -> Goal:
    """The goal "``row`` holds ``cards``" (``name`` says them in words), among others.

    >>> from types import SimpleNamespace
    >>> rules = SimpleNamespace(strict_row_order=False)
    >>> goal = row_holds(Row.MIDDLE, "As Ac", "the pair of aces")
    >>> goal.text
    'the middle holds the pair of aces'
    >>> s = Setting.parse("Kh Jh 8h 6h 2h As Ac 9s 9d Qd 7c 4d 3s", "/ As 9s 9d / Ac")
    >>> goal.why_not(s, rules)
    'the pair of aces is not in the middle: A♣ is in the front'
    """
    wanted = _cards(parse_cards(cards, jokers=False) if isinstance(cards, str) else cards)

    def test(setting: Setting, _rules: SettingRules) -> str | None:
        elsewhere = []
        for place in (*ROWS, None):
            if place is row:
                continue
            out = [c for c in wanted if c in setting.row(place)]
            if out:
                where = "not set yet" if place is None else f"in the {place.value}"
                verb = "is" if len(out) == 1 else "are"
                elsewhere.append(f"{Cards(out)} {verb} {where}")
        if elsewhere:
            return f"{name} is not in the {row.value}: {', '.join(elsewhere)}"
        return None

    return Goal(f"the {row.value} holds {name}", test, row)


def in_order() -> Goal:
    """The goal "every card is set and the hand is not misset" (the rules' order
    of the rows: ``strict_row_order`` of the lesson's rules decides ties).

    >>> from types import SimpleNamespace
    >>> rules = SimpleNamespace(strict_row_order=False)
    >>> s = Setting.parse("Kh Jh 8h 6h 2h As Ac 9s 9d Qd 7c 4d 3s",
    ...                   "Kh Jh 8h 6h 2h / 9s 9d Qd 7c 3s / As Ac 4d")
    >>> in_order().why_not(s, rules)
    'misset: the middle (pair of nines, kickers Q-7-3) is weaker than the front (pair of aces, kickers 4)'
    """

    def test(setting: Setting, rules: SettingRules) -> str | None:
        problems = setting.problems()
        if problems:
            return "; ".join(problems)
        return order_reason(setting, rules.strict_row_order)

    return Goal("every card is set and the hand is not misset", test)


@dataclass(frozen=True)
class SettingStep:
    """One step of a guided setting.

    * ``prompt``: what the learner is asked to do;
    * ``goals``: what the rows must be for the step to be done (the earlier
      steps' goals must still hold);
    * ``accept``: rows that complete it, ``"back / middle / front"`` (a row
      may be empty; the cards not written are not set yet);
    * ``mistake``: said after the reason when one of ``goals`` is not met;
    * ``done``: what is said once the step is done (optional).
    """

    prompt: str
    goals: tuple[Goal, ...]
    accept: str
    mistake: str
    done: str = ""


@dataclass(frozen=True)
class SettingVerdict:
    """The answer to the learner's rows at a step: ``done`` (the step is
    complete), what to say, and the rows (unchanged: the learner's own)."""

    done: bool
    message: str
    setting: Setting


@dataclass(frozen=True)
class Settled:
    """A showdown of the learner's hand: every seat's points
    (:func:`~rules_lib.showdown.score_showdown`), its line for each seat, and
    the learner's result against each opponent it settles with."""

    hand: Arrangement
    totals: tuple[int, ...]
    notes: tuple[str, ...]
    against: tuple[Against, ...]

    @property
    def points(self) -> int:
        """The learner's points for the deal."""
        return self.totals[0]

    @property
    def summary(self) -> str:
        """The learner's line of the showdown, then the result."""
        line = re.sub(r"(?<![\w−])-(?=\d)", "−", self.notes[0])
        return f"{capital(_sentence(line))} Your result: {signed(self.points)}."


@dataclass(frozen=True)
class SettingLesson:
    """A guided setting of ``hand`` in ``game`` under ``rules``, shown down
    against ``opponents`` (set hands, seats 1, 2 …; the learner is seat 0,
    ``names`` names every seat, ``dealer`` is a seat number).

    ``misset_cost`` says in a sentence what a misset hand costs in this game
    (it follows the rules' reason when the learner's rows are out of order).
    """

    game: str
    title: str
    hand: str | Sequence[Card]
    steps: tuple[SettingStep, ...]
    rules: SettingRules
    opponents: tuple[Arrangement, ...]
    names: tuple[str, ...]
    dealer: int
    misset_cost: str
    closing: str = ""
    _accepted: tuple[Setting, ...] = field(init=False, repr=False, compare=False)
    _start: Setting = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        where = f"the lesson {self.title!r}"
        try:
            start = Setting.deal(self.hand)
        except RulesError as error:
            raise LessonError(f"{where}: the hand: {error}") from None
        object.__setattr__(self, "_start", start)
        if len(self.names) != len(self.opponents) + 1:
            raise LessonError(
                f"{where}: {len(self.names)} names for {len(self.opponents) + 1} seats"
            )
        if not 0 <= self.dealer <= len(self.opponents):
            raise LessonError(f"{where}: no seat {self.dealer} to deal")
        if setting_game(self.game).dealer_is_banker and self.dealer == 0:
            name = find_game(self.game).name
            raise LessonError(f"{where}: in {name} the learner settles with a dealer, not as one")
        accepted: list[Setting] = []
        before = start
        for number, step in enumerate(self.steps, 1):
            here = f"{where}, step {number}"
            try:
                after = Setting.parse(start.cards, step.accept)
            except RulesError as error:
                raise LessonError(f"{here}: {step.accept!r}: {error}") from None
            accepted.append(after)
            verdict = self.check(after, number - 1)
            if not verdict.done:
                raise LessonError(
                    f"{here}: its own rows {step.accept!r} are refused: {verdict.message}"
                )
            if self.check(before, number - 1).done:
                raise LessonError(f"{here}: the rows before it already complete it")
            before = after
        if not self.steps:
            raise LessonError(f"{where}: no steps")
        object.__setattr__(self, "_accepted", tuple(accepted))
        final = before.arrangement()
        if final is None or final.is_misset(self.rules.strict_row_order):
            raise LessonError(f"{where}: the last step does not set the whole hand in order")
        try:
            settled = self.showdown(final)
        except RulesError as error:
            raise LessonError(f"{where}: the showdown: {error}") from None
        if sum(a.points for a in settled.against) != settled.points:
            raise LessonError(f"{where}: the results against each opponent do not add up")

    def __len__(self) -> int:
        return len(self.steps)

    def positions(self) -> list[Setting]:
        """The rows at the start of each step (none set at first), then at the end."""
        return [self._start, *self._accepted]

    def accepted(self, index: int) -> Setting:
        """The rows that complete step ``index`` (from 0) in the lesson's own way."""
        return self._accepted[index]

    def goals(self, index: int) -> list[tuple[SettingStep, Goal]]:
        """The goals that must hold at step ``index``: its own and the earlier steps'."""
        return [(step, goal) for step in self.steps[: index + 1] for goal in step.goals]

    def check(self, setting: Setting, index: int) -> SettingVerdict:
        """The learner's rows at step ``index``: done, or the first thing wrong."""
        step = self.steps[index]
        reason = order_reason(setting, self.rules.strict_row_order)
        if reason:
            return SettingVerdict(
                False,
                f"{capital(_sentence(reason))} {_sentence(self.misset_cost)} Try again.",
                setting,
            )
        for owner, goal in self.goals(index):
            why = goal.why_not(setting, self.rules)
            if why:
                return SettingVerdict(
                    False,
                    f"Not this time: {_sentence(why)} {_sentence(owner.mistake)} Try again.",
                    setting,
                )
        return SettingVerdict(True, step.done, setting)

    def next_move(self, setting: Setting, index: int) -> tuple[Row | None, tuple[Card, ...]] | None:
        """What "Show me" selects: the first row (back, middle, front, then the
        hand) that lacks cards of the step's own rows, and those cards; ``None``
        when the rows already complete the step."""
        if self.check(setting, index).done:
            return None
        target = self._accepted[index]
        for place in (*ROWS, None):
            missing = tuple(c for c in target.row(place) if c not in setting.row(place))
            if missing:
                return place, missing
        return None  # pragma: no cover (rows equal to the target complete the step)

    def showdown(self, hand: Arrangement | Setting) -> Settled:
        """Settle ``hand`` (set in full) against the opponents, row by row."""
        if isinstance(hand, Setting):
            arr = hand.arrangement()
            if arr is None:
                raise CardCountError(f"the hand is not set yet: {'; '.join(hand.problems())}")
            hand = arr
        hands = [hand, *self.opponents]
        game = setting_game(self.game)
        totals, notes = game.showdown(hands, self.rules, self.dealer, self.names)
        against = game.against(hands, self.rules, self.dealer, self.names)
        return Settled(hand, tuple(totals), tuple(notes), tuple(against))


def setting_lesson_texts(lesson: SettingLesson) -> list[str]:
    """Every sentence the lesson says (for the book's checks of its words)."""
    texts = [lesson.closing, lesson.misset_cost]
    for step in lesson.steps:
        texts += [step.prompt, step.mistake, step.done]
    return [t for t in texts if t]
