"""Guided first hands: the frame every game's lesson shares.

:class:`LessonPanel` holds the step counter and its bar, the prompt, the
answer to the learner's last move, and at the end a **Play a real hand**
button that puts the game's full widget below the lesson.  Each game's
guided hand (``<game>_lesson.py``, e.g. :class:`~rules_lib.widgets.
tien_len_lesson.TienLenFirstHand`) adds its own table and buttons.  The
lesson and its checks are :mod:`rules_lib.lesson`; the widgets only lay
them out and wire the buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import ipywidgets as widgets

from ..render import message_html

__all__ = ["Guided", "LessonPanel"]


class _Prompted(Protocol):
    @property
    def prompt(self) -> str: ...


class Guided(Protocol):
    """What the panel reads of a lesson (a turn-based :class:`~rules_lib.lesson.Lesson`
    or a :class:`~rules_lib.setting_lesson.SettingLesson`): its steps' prompts and
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
        )
        self.real_button.add_class("rl-lesson-real")
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
