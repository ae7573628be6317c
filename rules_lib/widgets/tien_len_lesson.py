"""The guided first hand of Tiến Lên (:data:`rules_lib.tien_len.lesson.FIRST_HAND`),
played with the card widget: tap cards, **Play** or **Pass**; **Show me**
selects the cards the step asks for; at the end, **Play a real hand**.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..cards import Card
from ..render import tien_len as tien_len_html
from ..tien_len import annotate
from ..tien_len.lesson import FIRST_HAND
from ..tien_len.plays import plain_cards
from .card_table import CardTable
from .lesson_widgets import GuidedTurns, LessonPanel, small_button

__all__ = ["TienLenFirstHand"]


class TienLenFirstHand(GuidedTurns):
    """The guided first hand of Tiến Lên.

    >>> w = TienLenFirstHand()
    >>> "Step 1 of 5" in w.panel.counter.value and "3♠" in w.panel.prompt.value
    True

    A mistake is explained, nothing changes, and the selection is kept:

    >>> w.hand_table.click(Card.parse("9s")); w.play_button.click()
    >>> "Not allowed" in w.panel.answer.value and w.step == 0 and w.selected == {Card.parse("9s")}
    True

    **Show me** selects what the step asks for; the whole lesson, step by step:

    >>> while w.step < len(w.lesson):
    ...     w.show_button.click()
    ...     (w.play_button if w.selected else w.pass_button).click()
    >>> "went out first" in w.panel.answer.value and w.panel.real_button.layout.display is None
    True
    >>> w.panel.real_button.click()
    >>> type(w.panel.real.children[0]).__name__
    'TienLenGame'
    """

    names = ("You", "Bot A", "Bot B", "Bot C")

    def __init__(self) -> None:
        self.lesson = FIRST_HAND
        self.panel = LessonPanel(self.lesson, self._real_game)
        self.table = widgets.HTML()
        self.moves_log = widgets.HTML()
        self.hand_table = CardTable(
            label="your hand", card_class="rl-tl-card", _dom_classes=("rl-tl-hand",)
        )
        self.play_button = small_button("Play", "play the selected cards", button_style="success")
        self.pass_button = small_button("Pass", "do not play on this trick")
        self.show_button = small_button("Show me", "select what this step asks for")
        self.play_button.on_click(lambda _b: self.play())
        self.pass_button.on_click(lambda _b: self.move("pass"))
        self.show_button.on_click(lambda _b: self.show_me())
        self._lay_out(
            {"play": self.play_button, "pass": self.pass_button, "show": self.show_button},
            [self.table, self.hand_table],
            [self.moves_log],
            "rl-tl-lesson",
            first=[widgets.HTML(tien_len_html.CSS)],
        )

    @property
    def selected(self) -> set[Card]:
        return {c for c in self.hand_table.selected_cards if isinstance(c, Card)}

    def play(self) -> None:
        cards = [c for c in plain_cards(self.state.hands[0]) if c in self.selected]
        if not cards:
            self.panel.say("Tap the cards you want to play first, then Play.", "error")
            return
        self.move(" ".join(c.ascii for c in cards))

    def move(self, text: str) -> None:
        """The learner's move (notation): checked; done, or explained and kept."""
        if self._play(text):
            self.hand_table.select(())

    def show_me(self) -> None:
        """Select the cards the step asks for (or say to pass)."""
        if self.step >= len(self.lesson):
            return
        move = self.lesson.accepted(self.step)[0]
        cards = getattr(move, "plain", None)
        if cards is None:
            self.hand_table.select(())
            self.panel.say("This step asks you to pass: press Pass.")
        else:
            self.hand_table.select(cards)
            self.panel.say(f"Selected: {' '.join(str(c) for c in cards)}. Now press Play.")

    def _redraw(self) -> None:
        over = self._show_step(self.play_button, self.pass_button, self.show_button)
        hand = plain_cards(self.state.hands[0])
        with self.hand_table.hold_sync():
            self.hand_table.show(hand, keep_selection=True)
            self.hand_table.disable(hand if over else ())
        self.table.value = tien_len_html.table_html(self.state, self.names, True)
        moves = annotate(self.lesson.start, self.state.moves)
        self.moves_log.value = tien_len_html.log_html(moves, self.names, self.state.rules, 0)

    def _real_game(self) -> widgets.Widget:
        from .tien_len_widgets import TienLenGame

        return TienLenGame(seed=4)
