"""The guided first round of Three-Thirteen (:data:`rules_lib.three_thirteen.lesson.FIRST_HAND`),
played with the full game's buttons: **Draw from stock** or **Take**, then tap a
card and **Discard** or **Go out**; **Show me** selects what the step asks for;
at the end, **Play a real hand** puts the whole game below.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..cards import AnyCard
from ..render.three_thirteen import header_html, record_html, round_html, table_html
from ..three_thirteen import DRAW, Phase, RoundResult, Turn, narrate
from ..three_thirteen.game import Action, Move
from ..three_thirteen.lesson import FIRST_HAND
from ._lite import CLEAR
from .lesson_widgets import GuidedTurns, LessonPanel
from .three_thirteen_widgets import _CardButtons, move_buttons

__all__ = ["ThreeThirteenFirstRound"]


class ThreeThirteenFirstRound(GuidedTurns):
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
        #: The button that makes each kind of move (the full game's).
        self.move_buttons = move_buttons()
        self.draw_button, self.take_button, self.discard_button, self.out_button = (
            self.move_buttons.values()
        )
        self.show_button = widgets.Button(
            description="Show me", tooltip="select what this step asks for"
        )
        self.draw_button.on_click(lambda _b: self.move(DRAW))
        self.take_button.on_click(lambda _b: self.take())
        self.discard_button.on_click(lambda _b: self.play_selected(Move.DISCARD))
        self.out_button.on_click(lambda _b: self.play_selected(Move.GO_OUT))
        self.show_button.on_click(lambda _b: self.show_me())
        self._lay_out(
            {
                **{m.value.replace(" ", "-"): b for m, b in self.move_buttons.items()},
                "show": self.show_button,
            },
            [self.header, self.table, self.hand_table],
            [self.record],
            "rl-tt-lesson",
        )

    @property
    def selected(self) -> list[AnyCard]:
        return list(self.hand_table.selected_cards)

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
        self._play(action)

    def show_me(self) -> None:
        """Select the card the step asks for, and name the button to press."""
        if self.step >= len(self.lesson):
            return
        action: Action = self.lesson.accepted(self.step)[0]
        button = self.move_buttons[action.move].description
        if action.move in (Move.DRAW, Move.TAKE):
            self.panel.say(f"This step asks you to press {button}.")
        else:
            assert action.card is not None
            self.hand_table.select([action.card])
            self.panel.say(f"Selected: {action.card}. Now press {button}.")

    def _redraw(self) -> None:
        state = self.state
        over = self._show_step(self.show_button)
        drawing = not over and state.phase is Phase.DRAW
        discarding = not over and state.phase is Phase.DISCARD
        self.draw_button.disabled = self.take_button.disabled = not drawing
        self.discard_button.disabled = self.out_button.disabled = not discarding
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
