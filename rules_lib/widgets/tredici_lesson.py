"""The guided first hand of Tredici (:data:`rules_lib.tredici.lesson.FIRST_HAND`),
played as the full game is: tap a card to play it (one card of a run at a
time), or press **Draw**, **Stop** or **Last card!**; **Show me** lights the
card or names the button the step asks for; at the end, **Play a real hand**
puts :class:`~rules_lib.widgets.tredici_widgets.TrediciGame` below.
"""

from __future__ import annotations

from typing import cast

import ipywidgets as widgets

from ..cards import AnyCard, Joker
from ..render.tredici import hand_label_html, log_html, table_html
from ..tredici import DRAW, LAST_CARD, STOP, Action, Play, describe_turns
from ..tredici.lesson import FIRST_HAND, NAMES
from .card_table import CardTable
from .lesson_widgets import GuidedTurns, LessonPanel

__all__ = ["TrediciFirstHand"]


def _card_words(card: AnyCard) -> str:
    """A card as the prompts name it: "the Q♥", "the red joker"."""
    return f"the {card.color.value} joker" if isinstance(card, Joker) else f"the {card}"


class TrediciFirstHand(GuidedTurns):
    """The guided first hand of Tredici.

    >>> w = TrediciFirstHand()
    >>> "Step 1 of 6" in w.panel.counter.value and "press Draw" in w.panel.prompt.value
    True

    A card that may not go on the pile is refused with the rule, and nothing changes:

    >>> w.hand_table.click("Q♥")
    >>> "Not allowed: the first card must be one rank above or below 10♣" in w.panel.answer.value
    True
    >>> w.step, len(w.state.hands[0]), w.hand_table.selected
    (0, 3, [])
    >>> w.draw_button.click()
    >>> w.step, "You drew the 4♥" in w.panel.answer.value
    (1, True)

    A legal move that is not the lesson's is explained, and nothing changes:

    >>> w.hand_table.click("Q♥"); w.stop_button.click()
    >>> w.step, "Not this time" in w.panel.answer.value
    (2, True)

    **Show me** lights the card the step asks for (or names the button):

    >>> w.show_button.click()
    >>> w.hand_table.lit, "Tap the K♥" in w.panel.answer.value
    (['K♥'], True)
    >>> w.hand_table.click("K♥"); w.hand_table.click("RJ")
    >>> w.show_button.click(); "Press Last card!" in w.panel.answer.value
    True
    >>> w.last_button.click(); w.hand_table.click("4♥")
    >>> "you won the hand" in w.panel.answer.value and w.panel.real_button.layout.display is None
    True
    >>> "The bot could not play a ♥ and drew 13 cards" in w.moves_log.value
    True
    >>> w.panel.real_button.click()
    >>> type(w.panel.real.children[0]).__name__
    'TrediciGame'
    """

    def __init__(self) -> None:
        self.lesson = FIRST_HAND
        self.panel = LessonPanel(self.lesson, self._real_game)
        self.panel.real_button.tooltip = "thirteen cards each, against the bot"
        self.table = widgets.HTML()
        self.table.add_class("rl-td-table-box")
        self.hand_label = widgets.HTML()
        self.moves_log = widgets.HTML()
        self.hand_table = CardTable(
            label="your hand: tap a card to play it",
            single=True,
            toggles=False,
            _dom_classes=("rl-td-hand",),
        )
        self.hand_table.observe(self._card_pressed, names="selected")
        small = {"layout": widgets.Layout(width="auto", min_width="6.5rem")}
        self.draw_button = widgets.Button(
            description="Draw", tooltip="draw a card from the stock", **small
        )
        self.stop_button = widgets.Button(description="Stop", tooltip="end your turn here", **small)
        self.last_button = widgets.Button(
            description="Last card!", tooltip="say 'last card' when one card is left", **small
        )
        self.show_button = widgets.Button(
            description="Show me", tooltip="show what this step asks for", **small
        )
        #: The button that takes each of the game's words.
        self.word_buttons: dict[Action, widgets.Button] = {
            DRAW: self.draw_button,
            STOP: self.stop_button,
            LAST_CARD: self.last_button,
        }
        for action, button in self.word_buttons.items():
            button.on_click(lambda _b, action=action: self.move(action))
        self.show_button.on_click(lambda _b: self.show_me())
        self._lay_out(
            {
                **{str(a).replace(" ", "-"): b for a, b in self.word_buttons.items()},
                "show": self.show_button,
            },
            [self.table, self.hand_label, self.hand_table],
            [self.moves_log],
            "rl-td-lesson",
        )

    def move(self, action: Action) -> None:
        """The learner's move: checked; done (the bot replies), or explained and kept."""
        if self._play(action) is False:
            self.hand_table.select(())

    def show_me(self) -> None:
        """Light the card the step asks for, or name its button."""
        if self.step >= len(self.lesson):
            return
        action = cast(Action, self.lesson.accepted(self.step)[0])
        if isinstance(action, Play):
            self.hand_table.light([action.card])
            self.panel.say(f"Tap {_card_words(action.card)}: it is lit in gold.")
        else:
            name = self.word_buttons[action].description
            self.panel.say(f"Press {name}" + ("" if name.endswith("!") else "."))

    def _card_pressed(self, change: dict[str, object]) -> None:
        """A card of the hand was pressed (selected in the page): play it."""
        chosen = self.hand_table.selected_cards
        if chosen:  # (then the selection is cleared, so the card may be pressed again)
            self.move(Play(chosen[0]))

    def _redraw(self) -> None:
        state = self.state
        over = self._show_step(*self.word_buttons.values(), self.show_button)
        legal = set() if over else set(state.legal_actions())
        for action, button in self.word_buttons.items():
            # Draw and Stop are lit when legal, as in the full game ("Last card!" never is)
            button.button_style = "info" if action in legal and action != LAST_CARD else ""
        hand = state.hands[0]
        with self.hand_table.hold_sync():
            self.hand_table.show(hand)
            self.hand_table.light(() if over else state.playable())
            self.hand_table.selectable = not over
        self.hand_label.value = hand_label_html(state)
        self.table.value = table_html(state, NAMES)
        reports = describe_turns(self.lesson.start, state.moves, NAMES)
        going_on = [r for r in reports if not r.finished]  # (only the last may be)
        done = [r for r in reports if r.finished]
        self.moves_log.value = log_html(done, going_on[0] if going_on else None)

    def _real_game(self) -> widgets.Widget:
        from .tredici_widgets import TrediciGame

        return TrediciGame(seed=3)
