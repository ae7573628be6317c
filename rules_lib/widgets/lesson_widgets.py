"""Guided first hands: the frame every game's lesson shares.

:class:`LessonPanel` holds the step counter and its bar, the prompt, the
answer to the learner's last move, and at the end a **Play a real hand**
button that puts the game's full widget below the lesson.  Each game's
guided hand (``<game>_lesson.py``, e.g. :class:`~rules_lib.widgets.
tien_len_lesson.TienLenFirstHand`) is a :class:`GuidedHand` (a
:class:`GuidedTurns` for a turn-based game) that adds its own table and
buttons.  The lesson and its checks are :mod:`rules_lib.lesson`; the
widgets only lay them out and wire the buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import ipywidgets as widgets

from ..render import message_html

__all__ = ["Guided", "GuidedHand", "GuidedTurns", "LessonPanel", "wrap"]


class _Prompted(Protocol):
    @property
    def prompt(self) -> str: ...


class Guided(Protocol):
    """What the panel reads of a lesson (a turn-based :class:`~rules_lib.lesson.Lesson`
    or a :class:`~rules_lib.setting.lesson.SettingLesson`): its steps' prompts and
    its closing words."""

    @property
    def steps(self) -> Sequence[_Prompted]: ...

    @property
    def closing(self) -> str: ...

    def __len__(self) -> int: ...


class LessonPanel(widgets.VBox):  # type: ignore[misc]
    """Progress, prompt and answers of a guided hand; the real game at the end.

    ``real_game`` makes the game's full widget when the learner asks for it.
    """

    def __init__(self, lesson: Guided, real_game: Callable[[], widgets.Widget]) -> None:
        self.lesson = lesson
        self._real_game = real_game
        self.progress = widgets.IntProgress(
            value=0,
            min=0,
            max=len(lesson),
            description="",
            layout=widgets.Layout(width="calc(100% - 1rem)", max_width="22rem"),
        )
        self.progress.add_class("rl-lesson-bar")
        self.counter = widgets.HTML()
        self.prompt = widgets.HTML()
        self.prompt.add_class("rl-lesson-prompt")
        self.answer = widgets.HTML()
        self.answer.add_class("rl-lesson-answer")
        self.real_button = widgets.Button(
            description="Play a real hand",
            button_style="success",
            tooltip="thirteen cards each, against three bots",
            layout=widgets.Layout(width="12rem", display="none"),
            _dom_classes=("rl-lesson-real",),
        )
        self.real_button.on_click(lambda _b: self.show_real_game())
        self.again_button = widgets.Button(
            description="Start the lesson again",
            layout=widgets.Layout(width="14rem", display="none"),
        )
        self.again_button.add_class("rl-lesson-again")
        self.real = widgets.VBox()
        super().__init__([self.counter, self.progress, self.prompt, self.answer])
        self.add_class("rl-lesson")

    def show_step(self, index: int) -> None:
        """Say step ``index`` (from 0) and how far the lesson has come."""
        self.progress.value = index
        self.counter.value = (
            f"<p class='rl-lesson-count' style='margin:.2rem 0'><b>Step {index + 1} of "
            f"{len(self.lesson)}</b></p>"
        )
        self.prompt.value = _prompt_html(self.lesson.steps[index].prompt)

    def say(self, text: str, kind: str = "info") -> None:
        self.answer.value = message_html(text, kind) if text else ""

    def finish(self, text: str) -> None:
        """The last step is done: say so, and offer the real game."""
        self.progress.value = len(self.lesson)
        self.counter.value = (
            "<p class='rl-lesson-count' style='margin:.2rem 0'><b>Lesson done: "
            f"{len(self.lesson)} of {len(self.lesson)} steps</b></p>"
        )
        self.prompt.value = _prompt_html(self.lesson.closing)
        self.say(text)
        self.real_button.layout.display = None
        self.again_button.layout.display = None

    def show_real_game(self) -> None:
        """Put the game's full widget below the lesson (made once)."""
        if not self.real.children:
            self.real.children = (self._real_game(),)
        self.real_button.layout.display = "none"


def _prompt_html(text: str) -> str:
    return (
        "<p role='status' style='font-size:1.05rem;line-height:1.45;margin:.3rem 0;"
        f"padding:.5rem .75rem;border-left:4px solid #2e7d32;background:#f1f8f1'>{text}</p>"
    )


def small_button(description: str, tooltip: str, **style: str) -> widgets.Button:
    """A small button of a lesson, its size a Layout of its own made with it.  (A
    Layout made at import would be a widget the live page's Python made before it
    could tell the page, so the buttons sharing it would never be drawn there.)"""
    return widgets.Button(
        description=description, tooltip=tooltip, layout=widgets.Layout(width="6.5rem"), **style
    )


def wrap() -> widgets.Layout:
    """The layout of a row of buttons that wraps on a narrow screen."""
    return widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px")


class GuidedHand(widgets.VBox):  # type: ignore[misc]
    """A guided first hand: the lesson's panel, the game's own widgets and buttons,
    then **Play a real hand** and **Start the lesson again**, and the real game.

    A game's guided hand makes ``self.lesson``, ``self.panel`` (a
    :class:`LessonPanel`) and its own widgets, then calls :meth:`_lay_out`; it
    says where the lesson starts (:meth:`_start`) and draws the position
    (:meth:`_redraw`); :meth:`_next_step` moves on once a step is done.
    """

    lesson: Guided
    panel: LessonPanel
    step: int

    def _lay_out(
        self,
        buttons: Mapping[str, widgets.Button],
        above: Sequence[widgets.Widget],
        below: Sequence[widgets.Widget],
        css_class: str,
        *,
        first: Sequence[widgets.Widget] = (),
    ) -> None:
        """Lay the lesson out, top down: ``first``, the panel, ``above``, the
        ``buttons`` in a row that wraps (each with the class ``rl-lesson-<name>``),
        ``below``, the panel's last buttons and the real game; then start."""
        for name, button in buttons.items():
            button.add_class(f"rl-lesson-{name}")
        self.buttons = widgets.HBox(list(buttons.values()), layout=wrap())
        self.panel.again_button.on_click(lambda _b: self.restart())
        last = widgets.HBox([self.panel.real_button, self.panel.again_button], layout=wrap())
        super().__init__(
            [*first, self.panel, *above, self.buttons, *below, last, self.panel.real],
            layout=widgets.Layout(width="100%", max_width="44rem"),
        )
        self.add_class(css_class)
        self.restart()

    def restart(self) -> None:
        """Back to the first step."""
        self.step = 0
        self._start()
        self.panel.real_button.layout.display = "none"
        self.panel.again_button.layout.display = "none"
        self.panel.say("")
        self._redraw()

    def _show_step(self, *buttons: widgets.Button) -> bool:
        """Say the current step (unless the lesson is over) and let ``buttons``
        be pressed while it lasts; True once the lesson is over."""
        over = self.step >= len(self.lesson)
        if not over:
            self.panel.show_step(self.step)
        for button in buttons:
            button.disabled = over
        return over

    def _next_step(self, message: str) -> None:
        """The step is done: on to the next one, or to the end, saying ``message``."""
        self.step += 1
        self._redraw()
        if self.step == len(self.lesson):
            self.panel.finish(message)
        else:
            self.panel.say(message)

    def _start(self) -> None:
        """Set the position of the first step."""
        raise NotImplementedError

    def _redraw(self) -> None:
        """Draw the position and the step."""
        raise NotImplementedError


class _Verdict(Protocol):
    @property
    def done(self) -> bool: ...
    @property
    def message(self) -> str: ...
    @property
    def state(self) -> Any: ...


class _TurnLesson(Guided, Protocol):
    @property
    def start(self) -> Any: ...
    def check(self, state: Any, index: int, move: Any) -> _Verdict: ...
    def accepted(self, index: int) -> tuple[Any, ...]: ...


class GuidedTurns(GuidedHand):
    """A guided hand of a turn-based game (a :class:`~rules_lib.lesson.Lesson`):
    ``state`` is the position, and each of the learner's moves is checked."""

    lesson: _TurnLesson
    state: Any

    def _start(self) -> None:
        self.state = self.lesson.start

    def _play(self, move: object) -> bool | None:
        """The learner's move: done (on to the next step: True), or explained,
        and nothing changes (False); ``None`` once the lesson is over."""
        if self.step >= len(self.lesson):
            return None
        verdict = self.lesson.check(self.state, self.step, move)
        if not verdict.done:
            self.panel.say(verdict.message, "error")
            return False
        self.state = verdict.state
        self._next_step(verdict.message)
        return True
