"""The frame of the guided first hands of the games played by setting 13 cards
in rows: :class:`~rules_lib.widgets.mau_binh_lesson.MauBinhFirstHand` and
:class:`~rules_lib.widgets.chinese_poker_lesson.ChinesePokerFirstHand`.

Both are a :class:`SettingFirstHand`: the card widget with the hand and the
three rows (tap cards, then a row's **Move here**, or drag them; Tab, the
arrow keys and Space from the keyboard), **Check** for the step, **Show me**
to select what the step asks for, and at the end the showdown, explained row
by row, and **Play a real hand** (a :class:`~rules_lib.widgets.arrange_widgets.Showdown`).
The lesson and its checks are :mod:`rules_lib.setting.lesson`; the widget only
lays them out and wires the buttons.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable

import ipywidgets as widgets

from ..cards import AnyCard, Card, Cards
from ..render import message_html
from ..render.arrange import arrangement_html
from ..setting.game import signed
from ..setting.lesson import Setting, SettingLesson, Settled
from ..setting.rows import ROWS, Row
from ..showdown import RULESET_KEYS
from .card_table import CardTable
from .lesson_widgets import GuidedHand, LessonPanel, small_button

__all__ = ["SettingFirstHand", "real_showdown"]

#: The name of the card widget's row of cards not set yet.
HAND_ROW = "hand"


class SettingFirstHand(GuidedHand):
    """A guided setting of 13 cards, ``lesson``; ``real_game`` makes the game's
    full widget for **Play a real hand**.

    >>> from rules_lib.cards import parse_cards
    >>> from rules_lib.widgets import MauBinhFirstHand
    >>> w = MauBinhFirstHand()
    >>> "Step 1 of 3" in w.panel.counter.value and "flush" in w.panel.prompt.value
    True

    Cards move with a row's **Move here**; **Check** judges the rows.  The aces in
    front and the nines in the middle: a misset hand, named, and nothing changes:

    >>> w.table.select(parse_cards("Kh Jh 8h 6h 2h")); w.move_selected("back")
    >>> w.table.select(parse_cards("As Ac 3s")); w.move_selected("front")
    >>> w.table.select(parse_cards("9s 9d Qd 7c 4d")); w.move_selected("middle")
    >>> w.check_button.click()
    >>> w.step, w.panel.answer.value.count("Misset: the middle (pair of nines")
    (0, 1)

    **Show me** selects the cards the step asks for and names the row; the
    whole lesson, step by step:

    >>> while w.step < len(w.lesson):
    ...     w.show_button.click()
    ...     while w.hint:
    ...         w.move_selected(w.hint)
    ...         w.show_button.click()
    ...     w.check_button.click()
    >>> "Your result: +1" in w.panel.answer.value and "A tie goes to the dealer" in w.results.value
    True
    >>> w.panel.real_button.click()
    >>> type(w.panel.real.children[0]).__name__
    'Showdown'
    """

    lesson: SettingLesson

    def __init__(self, lesson: SettingLesson, real_game: Callable[[], widgets.Widget]) -> None:
        self.lesson = lesson
        # LessonPanel reads a lesson's length, its steps' prompts and its closing,
        # which a SettingLesson has as a turn-based Lesson does
        self.panel = LessonPanel(lesson, real_game)
        self.table = CardTable(
            label="your 13 cards", draggable=True, sortable=True, _dom_classes=("rl-setting",)
        )
        self.table.on_move(lambda cards, row: self.move(cards, row))
        self.check_button = small_button(
            "Check", "check your rows for this step", button_style="success"
        )
        self.show_button = small_button("Show me", "select what this step asks for")
        self.check_button.on_click(lambda _b: self.check())
        self.show_button.on_click(lambda _b: self.show_me())
        self.results = widgets.HTML()
        self._lay_out(
            {"check": self.check_button, "show": self.show_button},
            [self.table],
            [self.results],
            "rl-setting-lesson",
        )

    def _start(self) -> None:
        self.setting: Setting = self.lesson.positions()[0]
        #: the row that **Show me** says to move the selected cards to ('' for none)
        self.hint = ""
        self.results.value = ""

    # -- the learner's actions ------------------------------------------------

    def move(self, cards: Iterable[AnyCard], row: str) -> None:
        """Move ``cards`` to ``row`` (a drop, or a row's **Move here**)."""
        if self.step >= len(self.lesson):
            return
        chosen = [c for c in cards if isinstance(c, Card)]
        if not chosen:
            self.panel.say("Tap the cards to move first, then the row's Move here.", "info")
            return
        self.setting = self.setting.move(chosen, None if row == HAND_ROW else Row(row))
        self.hint = ""
        self.table.select(())
        self.panel.say("")
        self._redraw()

    def move_selected(self, row: str) -> None:
        """Move the selected cards to ``row``, as its **Move here** button does."""
        self.table.request_move(self.table.selected, row)

    def check(self) -> None:
        """Judge the rows at this step: on to the next step, or the mistake explained."""
        if self.step >= len(self.lesson):
            return
        verdict = self.lesson.check(self.setting, self.step)
        if not verdict.done:
            self.panel.say(verdict.message, "error")
            return
        self.hint = ""
        self.table.select(())
        message = verdict.message
        if self.step + 1 == len(self.lesson):  # the hand is set: the showdown
            settled = self.lesson.showdown(self.setting)
            self.results.value = _results_html(settled)
            message = f"{message} {settled.summary}".strip()
        self._next_step(message)

    def show_me(self) -> None:
        """Select the cards the step asks to move next, and say to which row."""
        if self.step >= len(self.lesson):
            return
        found = self.lesson.next_move(self.setting, self.step)
        if found is None:
            self.hint = ""
            self.table.select(())
            self.panel.say("Your rows are ready for this step: press Check.")
            return
        place, cards = found
        self.hint = HAND_ROW if place is None else place.value
        self.table.select(cards)
        self.panel.say(f"Selected: {Cards(cards)}. Now press Move here ({self.hint}).")

    # -- drawing ----------------------------------------------------------------

    def _redraw(self) -> None:
        over = self._show_step(self.check_button, self.show_button)
        setting = self.setting
        n = len(setting.hand)
        labels = {HAND_ROW: f"Your hand: {n} card{'s' * (n != 1)} to set" if n else "Your hand"}
        for row in ROWS:
            value = setting.row_value(row)
            held = len(setting.row(row))
            labels[row.value] = f"{row.value.capitalize()} ({held} of {row.size})" + (
                f": {value}" if value is not None else ""
            )
        with self.table.hold_sync():
            self.table.set_rows(
                {HAND_ROW: setting.hand, **{row.value: setting.row(row) for row in ROWS}},
                labels=labels,
                targets=not over,
                keep_selection=True,
            )
            self.table.disable(setting.cards if over else ())


def _results_html(settled: Settled) -> str:
    """The showdown: each opponent's hand, then the learner's rows against it, line by line."""
    parts = ["<div class='rl-setting-results' role='region' aria-label='the showdown'>"]
    for against in settled.against:
        dealing = against.dealer and "dealer" not in against.name
        title = f"Against {against.name}" + (" (dealer)" if dealing else "")
        parts.append(arrangement_html(against.hand, f"{title}: {signed(against.points)}"))
        items = "".join(f"<li>{html.escape(line)}</li>" for line in against.lines)
        parts.append(f"<ul style='margin:.2rem 0 .6rem;padding-left:1.2rem'>{items}</ul>")
    parts.append(message_html(settled.summary, "info"))
    parts.append("</div>")
    return "".join(parts)


def real_showdown(link: str) -> widgets.Widget:
    """**Play a real hand**: a :class:`~rules_lib.widgets.arrange_widgets.Showdown`
    under the rule set of link key ``link`` (``"mb-source"``)."""
    from .arrange_widgets import Showdown

    return Showdown(seed=42, ruleset=RULESET_KEYS[link])
