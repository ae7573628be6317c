"""The guided first game of Pyramid (:data:`rules_lib.pyramid.lesson.FIRST_GAME`),
played as the full game is: tap two cards that add up to 13, or a king, and they
are taken; **Turn the stock** turns it; **Show me** lights the cards of the step's
move (or names its button); at the end, **Play a real game** puts
:class:`~rules_lib.widgets.pyramid_widgets.PyramidGame` below.
"""

from __future__ import annotations

from typing import cast

import ipywidgets as widgets

from ..pyramid import TURN, Action, Take
from ..pyramid.lesson import FIRST_GAME
from ..render.pyramid import status_html
from .lesson_widgets import GuidedTurns, LessonPanel
from .pyramid_widgets import pyramid_table, show_position, taken_cards

__all__ = ["PyramidFirstGame"]


class PyramidFirstGame(GuidedTurns):
    """The guided first game of Pyramid.

    >>> w = PyramidFirstGame()
    >>> "Step 1 of 6" in w.panel.counter.value and "K♠" in w.panel.prompt.value
    True
    >>> [row["name"] for row in w.table.rows]  # the rows left, then the stock and the waste
    ['row 1', 'row 2', 'row 3', 'stock and waste']

    A pair the rules refuse is refused with the rule, and nothing changes:

    >>> w.table.click("9♦"); w.table.click("9♣")
    >>> "Not allowed: the 9♦ and the 9♣ add up to 18, not 13" in w.panel.answer.value
    True
    >>> w.step, w.table.selected
    (0, [])

    A legal pair that is not the lesson's is explained, and nothing changes:

    >>> w.table.click("4♥"); w.table.click("9♦")
    >>> w.step, "Not this time" in w.panel.answer.value
    (0, True)
    >>> w.table.click("K♠")
    >>> w.step, "The K♠ is gone" in w.panel.answer.value
    (1, True)

    **Show me** lights the cards of the step's move (or names the button):

    >>> w.show_button.click()
    >>> w.table.lit, "Tap the 4♥ and the 9♦" in w.panel.answer.value
    (['9♦', '4♥'], True)
    >>> w.table.click("4♥"); w.table.click("9♦")
    >>> w.table.click("6♥"); w.table.click("7♣")
    >>> w.table.click("4♣"); w.table.click("9♣")
    >>> w.show_button.click(); "Press Turn the stock" in w.panel.answer.value
    True
    >>> w.turn_button.click(); w.table.click("Q♦"); w.table.click("A♠")
    >>> "you won" in w.panel.answer.value and w.panel.real_button.layout.display is None
    True
    >>> w.panel.real_button.click()
    >>> type(w.panel.real.children[0]).__name__
    'PyramidGame'
    """

    def __init__(self) -> None:
        self.lesson = FIRST_GAME
        self.panel = LessonPanel(self.lesson, self._real_game)
        self.panel.real_button.description = "Play a real game"
        self.panel.real_button.tooltip = "all 52 cards: 28 in the pyramid, 24 in the stock"
        self.status = widgets.HTML()
        self.table = pyramid_table(
            "the lesson's pyramid: tap two cards that add up to 13, or a king", "rl-pyramid-lesson"
        )
        self.table.observe(self._tapped, names="selected")
        small = {"layout": widgets.Layout(width="auto", min_width="6.5rem")}
        self.turn_button = widgets.Button(
            description="Turn the stock", tooltip="put the stock's top card on the waste", **small
        )
        self.show_button = widgets.Button(
            description="Show me", tooltip="show what this step asks for", **small
        )
        self.turn_button.on_click(lambda _b: self.move(TURN))
        self.show_button.on_click(lambda _b: self.show_me())
        self._lay_out(
            {"turn": self.turn_button, "show": self.show_button},
            [self.status, self.table],
            [],
            "rl-pyramid-first",
        )

    def move(self, action: Action) -> None:
        """The learner's move: checked; done, or explained and nothing changes."""
        if self._play(action) is False:
            self.table.select(())

    def show_me(self) -> None:
        """Light the cards of the step's move, or name its button."""
        if self.step >= len(self.lesson):
            return
        action = cast(Action, self.lesson.accepted(self.step)[0])
        if isinstance(action, Take):
            self.table.light(action.cards)
            cards = " and ".join(f"the {card}" for card in action.cards)
            self.panel.say(f"Tap {cards}: {'they are' if len(action.cards) > 1 else 'it is'} lit.")
        else:
            self.panel.say(f"Press {self.turn_button.description}.")

    def _tapped(self, change: dict[str, object]) -> None:
        """A card was tapped (selected in the page): a king or a second card makes a move."""
        move = taken_cards(self.table)
        if move is not None:
            self.move(move)

    def _redraw(self) -> None:
        over = self._show_step(self.turn_button, self.show_button)
        state = self.state
        show_position(self.table, state, trim=True)
        self.turn_button.button_style = "info" if not over and TURN in state.legal_actions() else ""
        self.status.value = status_html(state)

    def _real_game(self) -> widgets.Widget:
        from .pyramid_widgets import PyramidGame

        return PyramidGame(seed=3)
