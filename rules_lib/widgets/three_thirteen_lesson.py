"""The guided first round of Three-Thirteen (:data:`rules_lib.three_thirteen.lesson.FIRST_HAND`),
played with the full game's buttons: **Draw from stock** or **Take**, then tap a
card and **Discard** or **Go out**; **Show me** selects what the step asks for;
at the end, **Play a real hand** puts the whole game below.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..cards import AnyCard
from ..render.three_thirteen import header_html, record_html, round_html, table_html
from ..three_thirteen import DRAW, Phase, RoundResult, ThreeThirteenState, Turn, narrate
from ..three_thirteen.game import Action, Move
from ..three_thirteen.lesson import FIRST_HAND
from ._lite import CLEAR
from .lesson_widgets import LessonPanel
from .three_thirteen_widgets import _CardButtons

__all__ = ["ThreeThirteenFirstRound"]


class ThreeThirteenFirstRound(widgets.VBox):  # type: ignore[misc]
    """The guided first round of Three-Thirteen.

    >>> from rules_lib.cards import Card
    >>> w = ThreeThirteenFirstRound()
    >>> "Step 1 of 4" in w.panel.counter.value and "Draw from stock" in w.panel.prompt.value
    True

    A legal move that is not the lesson's is explained, and nothing changes:

    >>> w.take_button.click()
    >>> "Not this time" in w.panel.answer.value and w.step == 0
    True
    >>> w.draw_button.click()
    >>> w.step, "You drew the 3♥" in w.panel.answer.value
    (1, True)

    A move the rules forbid gets their reason, and the selection is kept:

    >>> w.hand_table.click(Card.parse("Kd"))
    >>> w.out_button.click()
    >>> "cannot go out discarding K♦" in w.panel.answer.value, w.selected
    (True, [Card.parse('K♦')])

    **Show me** selects what the step asks for; the whole lesson, step by step:

    >>> while w.step < len(w.lesson):
    ...     w.show_button.click()
    ...     w.move_buttons[w.lesson.accepted(w.step)[0].move].click()
    >>> "You went out" in w.panel.answer.value and "Bot A: penalty 24" in w.table.value
    True
    >>> w.panel.real_button.click()
    >>> type(w.panel.real.children[0]).__name__
    'ThreeThirteenGame'
    """

    #: The players' names as the table shows them, by seat.
    names = ("You", "Bot A")

    def __init__(self) -> None:
        self.lesson = FIRST_HAND
        self.panel = LessonPanel(self.lesson, self._real_game)
        self.panel.real_button.tooltip = "eleven rounds, against a bot"
        self.header = widgets.HTML()
        self.table = widgets.HTML()
        self.record = widgets.HTML()
        self.hand_table = _CardButtons(label="your hand", single=True, card_class="rl-tt-card")
        self.draw_button = widgets.Button(
            description="Draw from stock",
            tooltip="draw the top card of the stock",
            layout=widgets.Layout(width="auto"),
        )
        self.take_button = widgets.Button(
            description="Take discard",
            tooltip="take the top card of the discard pile",
            layout=widgets.Layout(width="auto"),
        )
        self.discard_button = widgets.Button(
            description="Discard", button_style="warning", tooltip="discard the selected card"
        )
        self.out_button = widgets.Button(
            description="Go out",
            button_style="success",
            tooltip="meld every other card and discard the selected one",
        )
        self.show_button = widgets.Button(
            description="Show me", tooltip="select what this step asks for"
        )
        #: The button that makes each kind of move.
        self.move_buttons = {
            Move.DRAW: self.draw_button,
            Move.TAKE: self.take_button,
            Move.DISCARD: self.discard_button,
            Move.GO_OUT: self.out_button,
        }
        for move, button in self.move_buttons.items():
            button.add_class(f"rl-lesson-{move.value.replace(' ', '-')}")
        self.show_button.add_class("rl-lesson-show")
        self.draw_button.on_click(lambda _b: self.move(DRAW))
        self.take_button.on_click(lambda _b: self.take())
        self.discard_button.on_click(lambda _b: self.play_selected(Move.DISCARD))
        self.out_button.on_click(lambda _b: self.play_selected(Move.GO_OUT))
        self.show_button.on_click(lambda _b: self.show_me())
        self.panel.again_button.on_click(lambda _b: self.restart())
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px")
        self.buttons = widgets.HBox(
            [
                self.draw_button,
                self.take_button,
                self.discard_button,
                self.out_button,
                self.show_button,
            ],
            layout=wrap,
        )
        super().__init__(
            [
                self.panel,
                self.header,
                self.table,
                self.hand_table,
                self.buttons,
                self.record,
                widgets.HBox([self.panel.real_button, self.panel.again_button], layout=wrap),
                self.panel.real,
            ],
            layout=widgets.Layout(width="100%", max_width="44rem"),
        )
        self.add_class("rl-tt-lesson")
        self.restart()

    @property
    def selected(self) -> list[AnyCard]:
        return list(self.hand_table.selected_cards)

    def restart(self) -> None:
        """Back to the first step."""
        self.step = 0
        self.state: ThreeThirteenState = self.lesson.start
        self.panel.real_button.layout.display = "none"
        self.panel.again_button.layout.display = "none"
        self.panel.say("")
        self._redraw()

    def take(self) -> None:
        """Take the top card of the discard pile."""
        if self.state.discard:
            self.move(Action(Move.TAKE, self.state.discard[-1]))

    def play_selected(self, move: Move) -> None:
        """Discard the selected card, or go out with it."""
        chosen = self.hand_table.selected_cards
        if not chosen:
            button = self.move_buttons[move].description
            self.panel.say(f"Tap the card to throw away first, then {button}.", "error")
            return
        self.move(Action(move, chosen[0]))

    def move(self, action: Action) -> None:
        """The learner's move: checked; done, or explained and kept."""
        if self.step >= len(self.lesson):
            return
        verdict = self.lesson.check(self.state, self.step, action)
        if not verdict.done:
            self.panel.say(verdict.message, "error")
            return
        self.state = verdict.state
        self.step += 1
        self._redraw()
        if self.step == len(self.lesson):
            self.panel.finish(verdict.message)
        else:
            self.panel.say(verdict.message)

    def show_me(self) -> None:
        """Select the card the step asks for, and name the button to press."""
        if self.step >= len(self.lesson):
            return
        action: Action = self.lesson.accepted(self.step)[0]  # type: ignore[assignment]
        button = self.move_buttons[action.move].description
        if action.move in (Move.DRAW, Move.TAKE):
            self.panel.say(f"This step asks you to press {button}.")
        else:
            assert action.card is not None
            self.hand_table.select([action.card])
            self.panel.say(f"Selected: {action.card}. Now press {button}.")

    def _redraw(self) -> None:
        state = self.state
        over = self.step >= len(self.lesson)
        if not over:
            self.panel.show_step(self.step)
        drawing = not over and state.phase is Phase.DRAW
        discarding = not over and state.phase is Phase.DISCARD
        self.draw_button.disabled = self.take_button.disabled = not drawing
        self.discard_button.disabled = self.out_button.disabled = not discarding
        self.show_button.disabled = over
        top = state.discard[-1] if state.discard else None
        self.take_button.description = f"Take {top}" if drawing and top else "Take discard"
        if over:
            self.header.value = ""
            self.table.value = round_html(state.results[0], self.names)
            self.hand_table.layout.display = "none"
        else:
            self.header.value = header_html(state, self.names)
            self.table.value = table_html(state, self.names)
            self.hand_table.layout.display = CLEAR
            hand = state.hands[0]
            self.hand_table.show_cards(
                hand,
                wild=state.wild_rank,
                label=f"Your hand ({len(hand)} cards; wild cards have a gold border)",
                disabled=not discarding,
            )
        self.record.value = record_html(self._events(), self.names)

    def _events(self) -> list[Turn | RoundResult]:
        """The turns played so far (and the end of the round), told in words."""
        start = self.lesson.start
        played: list[tuple[int, Action]] = []
        state = start
        for action in self.state.moves:
            played.append((state.current_player(), action))
            state = state.apply_action(action)
        return narrate(start, played)

    def _real_game(self) -> widgets.Widget:
        from .three_thirteen_widgets import ThreeThirteenGame

        return ThreeThirteenGame(seed=1, bots=1)
