"""Guided first hands: a fixed position played with prompts, each step checked.

A :class:`Lesson` is data, like the rules: a starting position of any game of
the engine's shape, and :class:`Step` after :class:`Step`, each a prompt for
the learner, the moves that complete it, a sentence for a legal move that is
not the lesson's, and the other players' replies.  The library checks the
learner's move (:meth:`Lesson.check`): a move the rules forbid is refused
with the rules' own reason, a legal move that is not the lesson's gets the
step's explanation, and either way nothing changes, so the learner tries
again.  The replies are moves of the lesson too, so a lesson plays out the
same on every machine and its whole line is checked by a test.

Moves are written as the game's own notation (``state.parse_action``), so a
lesson reads as a player would write it:

>>> from rules_lib.tien_len import TienLenState
>>> start = TienLenState.from_hands(["3s 9h", "4d 9c", "Kd 2s"])
>>> lesson = Lesson("tien_len", "Two cards each", start, (
...     Step("Lead the 3♠.", ("3s",), "Your first play must hold the 3♠.", ("4d", "Kd")),
...     Step("Pass: the K♦ is too high.", ("pass",), "Your 9♥ does not beat the K♦."),
... ))
>>> verdict = lesson.check(start, 0, "9h")
>>> verdict.done, verdict.message
(False, 'Not allowed: the first play must hold 3♠. Try again.')
>>> verdict = lesson.check(start, 0, "3s")
>>> verdict.done, [str(m) for m in verdict.replies]
(True, ['4♦', 'K♦'])
>>> lesson.check(verdict.state, 1, "pass").done
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .errors import RulesError

__all__ = ["Lesson", "LessonError", "Step", "Verdict"]


class LessonError(RulesError):
    """A lesson whose moves do not follow the rules (a mistake in the lesson itself)."""


class _Playable(Protocol):
    """A game state that reads its own notation (the engine's shape, plus ``parse_action``)."""

    def parse_action(self, text: str) -> Any: ...

    def apply_action(self, action: Any) -> Any: ...

    def current_player(self) -> int: ...

    def check(self, action: Any) -> Any: ...


S = TypeVar("S", bound=_Playable)


@dataclass(frozen=True)
class Step:
    """One step of a guided hand.

    * ``prompt``: what the learner is asked to do, in a sentence or two;
    * ``accept``: the moves that complete the step, in the game's notation;
    * ``mistake``: what is said of a legal move that is not one of them;
    * ``replies``: the other players' moves that follow, in order;
    * ``done``: what is said once the step is done (optional).
    """

    prompt: str
    accept: tuple[str, ...]
    mistake: str
    replies: tuple[str, ...] = ()
    done: str = ""


@dataclass(frozen=True)
class Verdict(Generic[S]):
    """The answer to a learner's move: ``done`` (the step is complete), what to
    say, the position after it (and after the replies) and the replies made."""

    done: bool
    message: str
    state: S
    replies: tuple[Hashable, ...] = ()


@dataclass(frozen=True)
class Lesson(Generic[S]):
    """A guided hand of ``game`` from ``start``: the learner plays ``seat``."""

    game: str
    title: str
    start: S
    steps: tuple[Step, ...]
    seat: int = 0
    closing: str = ""
    #: the game's own words for why a move is not allowed (else the rules' reason)
    explain: Callable[[Any, Any], str] | None = field(default=None, compare=False)
    _accepted: tuple[tuple[Hashable, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        accepted = []
        state: Any = self.start
        for number, step in enumerate(self.steps, 1):
            where = f"the lesson {self.title!r}, step {number}"
            if state.current_player() != self.seat:
                raise LessonError(f"{where}: it is not the learner's turn")
            moves = tuple(self._parse(state, text, where) for text in step.accept)
            if not moves:
                raise LessonError(f"{where}: no move completes it")
            accepted.append(moves)
            state = state.apply_action(moves[0])
            for text in step.replies:
                state = state.apply_action(self._parse(state, text, where))
            if number < len(self.steps) and state.current_player() != self.seat:
                raise LessonError(f"{where}: after the replies it is not the learner's turn")
        object.__setattr__(self, "_accepted", tuple(accepted))

    @staticmethod
    def _parse(state: Any, text: str, where: str) -> Hashable:
        try:
            move = state.parse_action(text)
        except RulesError as error:
            raise LessonError(f"{where}: {text!r}: {error}") from None
        ruling = state.check(move)
        if not ruling.legal:
            raise LessonError(f"{where}: {text!r} is not legal: {ruling.reason}")
        return move  # type: ignore[no-any-return]

    def __len__(self) -> int:
        return len(self.steps)

    def positions(self) -> list[S]:
        """The position at the start of each step, then the position at the end."""
        found = [self.start]
        state: Any = self.start
        for step, accepted in zip(self.steps, self._accepted):
            state = state.apply_action(accepted[0])
            for text in step.replies:
                state = state.apply_action(state.parse_action(text))
            found.append(state)
        return found

    def accepted(self, index: int) -> tuple[Hashable, ...]:
        """The moves that complete step ``index`` (from 0)."""
        return self._accepted[index]

    def check(self, state: S, index: int, move: Any) -> Verdict[S]:
        """The learner's ``move`` (an action, or its notation) at step ``index``
        in ``state``: refused with the reason, or done with the replies made."""
        step = self.steps[index]
        if isinstance(move, str):
            try:
                move = state.parse_action(move)
            except RulesError as error:
                return Verdict(False, f"Not allowed: {_sentence(str(error))} Try again.", state)
        ruling = state.check(move)
        if not ruling.legal:
            why = self.explain(state, move) if self.explain is not None else ruling.reason
            return Verdict(False, f"Not allowed: {_sentence(why)} Try again.", state)
        if move not in self._accepted[index]:
            return Verdict(False, f"Not this time: {_sentence(step.mistake)} Try again.", state)
        after: Any = state.apply_action(move)
        replies = []
        for text in step.replies:
            reply = after.parse_action(text)
            replies.append(reply)
            after = after.apply_action(reply)
        return Verdict(True, step.done, after, tuple(replies))


def _sentence(text: str) -> str:
    """``text`` ending as a sentence (its first letter is left as it is)."""
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def lesson_texts(lesson: Lesson[Any]) -> Sequence[str]:
    """Every sentence the lesson says (for the book's checks of its words)."""
    texts = [lesson.closing]
    for step in lesson.steps:
        texts += [step.prompt, step.mistake, step.done]
    return [t for t in texts if t]
