"""The guided first deal of Indian Rummy (:data:`rules_lib.indian_rummy.lesson.FIRST_DEAL`):
**Draw from stock** or **Take**, then tap a card and **Discard** or **Declare**
(the other cards shown in their best groups); **Show me** selects what the step
asks for; at the end, **Play a real game** puts the whole game below.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ..cards import AnyCard, Rank
from ..indian_rummy.game import DRAW, Action, Move, Phase, is_wild
from ..indian_rummy.groups import classify
from ..indian_rummy.lesson import FIRST_DEAL, NAMES, declaration, why_wrong
from ..render import captioned, side_by_side
from ._lite import CLEAR
from .lesson_widgets import GuidedTurns, LessonPanel
from .three_thirteen_widgets import _CardButtons

__all__ = ["IndianRummyFirstDeal"]


def _buttons() -> dict[Move, widgets.Button]:
    """A button for each kind of move the lesson asks for."""
    return {
        Move.DRAW: widgets.Button(
            description="Draw from stock",
            tooltip="draw the top card of the stock",
            layout=widgets.Layout(width="auto"),
        ),
        Move.TAKE: widgets.Button(
            description="Take discard",
            tooltip="take the top card of the discard pile",
            layout=widgets.Layout(width="auto"),
        ),
        Move.DISCARD: widgets.Button(
            description="Discard", button_style="warning", tooltip="discard the selected card"
        ),
        Move.DECLARE: widgets.Button(
            description="Declare",
            button_style="success",
            tooltip="finish with the selected card and show the others in groups",
        ),
    }


def _wilds(cards: Sequence[AnyCard], wild: Rank | None) -> list[AnyCard]:
    return [c for c in cards if is_wild(c, wild)]


def _did(action: Action) -> str:
    """What a player did, in words (a draw names no card: it is hidden)."""
    if action.move is Move.DRAW:
        return "drew from the stock"
    if action.move is Move.TAKE:
        return f"took the {action.card}"
    if action.move is Move.DISCARD:
        return f"threw away the {action.card}"
    if action.move is Move.DROP:
        return "dropped"
    return f"declared, finishing with the {action.card}"


class IndianRummyFirstDeal(GuidedTurns):
    """The guided first deal of Indian Rummy.

    >>> from rules_lib.cards import Card
    >>> w = IndianRummyFirstDeal()
    >>> "Step 1 of 4" in w.panel.counter.value and "Draw from stock" in w.panel.prompt.value
    True

    A legal move that is not the lesson's is explained, and nothing changes:

    >>> w.take_button.click()
    >>> "Not this time" in w.panel.answer.value and w.step == 0
    True
    >>> w.draw_button.click()
    >>> w.step, "You drew the 3♣" in w.panel.answer.value
    (1, True)

    Declaring too soon is explained with the fault that makes it wrong:

    >>> w.hand_table.press("Kc")
    >>> w.declare_button.click()
    >>> "no pure sequence" in w.panel.answer.value, w.step
    (True, 1)

    **Show me** selects what the step asks for; the whole lesson, step by step:

    >>> while w.step < len(w.lesson):
    ...     w.show_button.click()
    ...     w.move_buttons[w.lesson.accepted(w.step)[0].move].click()
    >>> "You declared" in w.panel.answer.value and "Bot A: 80" in w.table.value
    True
    >>> w.panel.real_button.description
    'Play a real game'
    """

    #: The players' names as the table shows them, by seat.
    names = ("You", "Bot A")

    def __init__(self) -> None:
        self.lesson = FIRST_DEAL
        self.panel = LessonPanel(self.lesson, self._real_game)
        self.panel.real_button.description = "Play a real game"
        self.panel.real_button.tooltip = "a whole deal of 13 cards each, against a bot"
        self.table = widgets.HTML()
        self.hand_table = _CardButtons(label="your hand", single=True, card_class="rl-ir-card")
        #: The button that makes each kind of move.
        self.move_buttons = _buttons()
        self.draw_button, self.take_button, self.discard_button, self.declare_button = (
            self.move_buttons.values()
        )
        self.show_button = widgets.Button(
            description="Show me", tooltip="select what this step asks for"
        )
        self.draw_button.on_click(lambda _b: self.move(DRAW))
        self.take_button.on_click(lambda _b: self.take())
        self.discard_button.on_click(lambda _b: self.play_selected(Move.DISCARD))
        self.declare_button.on_click(lambda _b: self.play_selected(Move.DECLARE))
        self.show_button.on_click(lambda _b: self.show_me())
        self._lay_out(
            {
                **{m.value: b for m, b in self.move_buttons.items()},
                "show": self.show_button,
            },
            [self.table, self.hand_table],
            [],
            "rl-ir-first",
        )

    @property
    def selected(self) -> list[AnyCard]:
        return list(self.hand_table.selected_cards)

    def take(self) -> None:
        """Take the top card of the discard pile."""
        if self.state.discard and self.state.phase is Phase.DRAW:
            self.move(Action(Move.TAKE, self.state.discard[-1]))

    def play_selected(self, move: Move) -> None:
        """Discard the selected card, or declare finishing with it."""
        chosen = self.hand_table.selected_cards
        if not chosen:
            button = self.move_buttons[move].description
            self.panel.say(f"Tap the card to throw away first, then {button}.", "error")
            return
        if move is Move.DECLARE:
            if self.state.phase is not Phase.DISCARD:
                self.move(Action(Move.DISCARD, chosen[0]))  # refused: draw first
                return
            action = declaration(self.state, chosen[0])
            wrong = why_wrong(self.state, action)
            if wrong and action not in self.lesson.accepted(self.step):
                self.panel.say(f"Not this time: {wrong}. Try again.", "error")
                return
            self.move(action)
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
        self.discard_button.disabled = self.declare_button.disabled = not discarding
        top = state.discard[-1] if state.discard else None
        self.take_button.description = f"Take {top}" if drawing and top else "Take discard"
        if over:
            self.table.value = self._result_html()
            self.hand_table.layout.display = "none"
            return
        self.table.value = self._table_html()
        self.hand_table.layout.display = CLEAR
        hand = state.hands[0]
        self.hand_table.show_cards(
            hand,
            wild=state.wild_rank,
            label=f"Your hand ({len(hand)} cards, wild ones ringed in gold)",
            disabled=not discarding,
        )

    def _table_html(self) -> str:
        state = self.state
        wild = state.wild_card
        # two pictures side by side (they fit a phone's width), the counts in words
        parts = [
            captioned([wild], f"Wild joker: {wild.rank.plural} wild" if wild else "Wild joker"),
            captioned(state.discard[-1:], "Discard pile") if state.discard else "",
        ]
        counts = (
            f"<p style='margin:.2rem 0'>Stock: {len(state.stock)} cards face down · "
            f"{self.names[1]}: {len(state.hands[1])} cards</p>"
        )
        log = "; ".join(f"{NAMES[seat]} {_did(action)}" for seat, action in state.deal_log)
        said = f"<p style='margin:.2rem 0'>So far: {html.escape(log)}.</p>" if log else ""
        return side_by_side(*(p for p in parts if p)) + counts + said

    def _result_html(self) -> str:
        result = self.state.results[0]
        rules, wild = self.state.rules, result.wild_rank
        shown = [
            captioned(
                g, classify(g, rules, wild).kind.value.capitalize(), highlight=_wilds(g, wild)
            )
            for g in result.declared
        ]
        lines = "".join(
            f"<li>{self.names[s]}: {result.points[s]} ({html.escape(result.why(s))})</li>"
            for s in range(len(result.points))
        )
        return (
            "<p style='margin:.2rem 0'><b>Your declaration</b></p>"
            + side_by_side(*shown)
            + captioned(result.hands[1], f"{self.names[1]}'s hand: no group")
            + f"<ul style='margin:.3rem 0'>{lines}</ul>"
        )

    def _real_game(self) -> widgets.Widget:
        try:
            from .indian_rummy_widgets import IndianRummyGame
        except ImportError:  # the game's widget is not there yet
            return widgets.HTML("<p>The whole game opens in the Indian Rummy app.</p>")
        return IndianRummyGame(seed=1)
