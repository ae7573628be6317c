"""A game in a link: its moves as text, played again from its seed.

A game widget writes the moves so far into the page's address
(:class:`rules_lib.widgets.share_widgets.UrlSync`); after a reload, or with
a new kernel, the app deals the same seed and plays the moves again, so the
reader finds the game where it was.  The moves are the actions as the games
write them (``str(action)``), read back by the game's own parser.

>>> from rules_lib.three_thirteen import new_game
>>> state = new_game(seed=5)
>>> moved = state.apply_action(state.legal_actions()[0])
>>> text = moves_text(moved.moves)
>>> text
'draw'
>>> replay_text(new_game(seed=5), text) == moved
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .errors import IllegalActionError, NotationError, RulesError

__all__ = ["SEPARATOR", "moves_text", "replay_text"]

#: Between two moves in a link (no game writes it inside a move).
SEPARATOR = "~"
S = TypeVar("S")


def moves_text(
    moves: Sequence[Any], write: Callable[[Any], str] = str, separator: str = SEPARATOR
) -> str:
    """The moves as one string for a link, each written by ``write`` (``str``)."""
    texts = [write(m) for m in moves]
    if any(separator in t for t in texts):  # pragma: no cover - no game writes one
        raise NotationError(f"a move may not hold {separator!r}")
    return separator.join(texts)


def replay_text(
    state: S, text: str, read: Callable[[S, str], Any] | None = None, separator: str = SEPARATOR
) -> S:
    """The position after the moves :func:`moves_text` wrote, played from ``state``.

    ``read(state, text)`` turns a move's text into an action (by default the
    state's own ``parse_action``).  A move that cannot be read or played
    raises, naming its number.

    >>> from rules_lib.three_thirteen import new_game
    >>> replay_text(new_game(seed=5), "draw~fly")
    Traceback (most recent call last):
    ...
    rules_lib.errors.IllegalActionError: move 2 ('fly'): cannot read action 'fly': ...
    """
    if not text:
        return state
    for number, token in enumerate(text.split(separator), 1):
        try:
            action = read(state, token) if read else state.parse_action(token)  # type: ignore[attr-defined]
            state = state.apply_action(action)  # type: ignore[attr-defined]
        except RulesError as error:
            raise IllegalActionError(f"move {number} ({token!r}): {error}") from None
    return state
