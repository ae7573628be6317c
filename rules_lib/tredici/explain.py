"""Tredici told in words: a log of turns for a screen.

:func:`describe_turns` applies a list of actions and tells each player's
turn as one :class:`TurnReport` (the cards played, and a sentence such as
"seat 0 played Q♥ K♥ A♠, then said 'last card'").  What happens *now* and why
a step is illegal are told by the state itself
(:meth:`~.game.TrediciState.status`, :meth:`~.game.TrediciState.check`);
:func:`read_step` reads a step a reader typed, or names what was wrong with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..cards import AnyCard, Cards, Joker, parse_card
from ..errors import NotationError
from .actions import Action, Draw, Play, SayLastCard, Stop, parse_action
from .game import TrediciState

__all__ = ["TurnReport", "describe_turns", "read_step"]


@dataclass(frozen=True)
class TurnReport:
    """One player's turn as it happened, for a log on a screen.

    ``played`` lists the cards put on the pile, in order; ``text`` says in
    words what the player did (past tense, starting with the player's name);
    ``finished`` is False while the player is still in the turn; ``after`` is
    the state after the last action reported.
    """

    seat: int
    turn: int
    played: Cards
    text: str
    finished: bool
    after: TrediciState = field(repr=False)


def describe_turns(
    state: TrediciState,
    actions: Iterable[Action | str],
    names: Sequence[str] = ("seat 0", "seat 1"),
) -> list[TurnReport]:
    """Apply ``actions`` from ``state`` and tell each turn in words.

    The last report is not ``finished`` when the actions stop in the middle
    of a turn.  Illegal actions raise, as :meth:`TrediciState.apply_action` does.

    >>> start = TrediciState.from_position(["Qh Kh As 5d", "Ad 3c 9s"], pile="Jd")
    >>> for report in describe_turns(start, ["Qh", "Kh", "As", "last card", "draw"]):
    ...     print(f"{report.text} ({'over' if report.finished else 'going on'})")
    seat 0 played Q♥ K♥ A♠, then said 'last card' (over)
    seat 1 could not play and drew a card (over)
    >>> [r.text for r in describe_turns(start, "Qh Kh".split(), names=("you", "the bot"))]
    ['you played Q♥ K♥']

    In the race reading the one-card player's "last card" is told inside the
    opponent's turn (a ``wait`` is not told):

    >>> from rules_lib.tredici import TrediciRules, parse_actions
    >>> race = TrediciState.from_position(
    ...     ["Qh Kh 5d", "Qs Js 3c"], pile="Jd", rules=TrediciRules(last_card_race=True)
    ... )
    >>> [r.text for r in describe_turns(race, parse_actions("Qh Kh stop Qs wait Js last card"))]
    ['seat 0 played Q♥ K♥', "seat 1 played Q♠ J♠, then seat 0 said 'last card' in time"]
    """
    reports: list[TurnReport] = []
    events: list[str] = []
    played: list[AnyCard] = []
    run: list[AnyCard] = []
    start = state
    interrupted = False  # the last event was the other player's: name the player on turn again
    named = False  # the first event names its player already (a race step)

    def add(event: str) -> None:
        nonlocal interrupted
        if interrupted:
            event = f"{names[start.player]} {event}"
            interrupted = False
        events.append(event)

    def flush_run() -> None:
        if run:
            add("played " + " ".join(str(c) for c in run))
            run.clear()

    for item in actions:
        action = parse_action(item) if isinstance(item, str) else item
        before = state
        state = state.apply_action(action)
        me, other = before.player, 1 - before.player
        if before.race_step:  # the one-card player's word in the opponent's turn
            if isinstance(action, SayLastCard):
                flush_run()
                named = named or not events
                events.append(f"{names[other]} said 'last card' in time")
                interrupted = True
            continue
        if isinstance(action, Play):
            card = action.card
            played.append(card)
            if isinstance(card, Joker):
                flush_run()
                add(
                    f"played the {card.color.value} joker on {before.run[-1] if before.run else before.top}"
                    f": {names[other]} must follow with a {state.forced_suit}"
                    if state.winner is None
                    else f"played the {card.color.value} joker"
                )
            elif before.forced_suit is not None:
                add(f"followed the joker's suit with {card}")
            else:
                run.append(card)
            if state.winner is not None:
                flush_run()
                add("went out and won")
        else:
            flush_run()
            if isinstance(action, Draw):
                got = len(state.hands[me]) - len(before.hands[me])
                cards = "a card" if got == 1 else f"{got} cards"
                if got == 0:
                    add("had to draw, but there was nothing left to draw")
                elif before.forced_suit is not None:
                    add(f"could not play a {before.forced_suit} and drew {cards}")
                elif before.playable():
                    add(f"chose to draw {cards}")
                else:
                    add(f"could not play and drew {cards}")
            elif isinstance(action, Stop):
                if before.drawn is not None:
                    add("kept the card drawn")
            elif isinstance(action, SayLastCard):
                add("said 'last card'")
            else:
                got = len(state.hands[other]) - len(before.hands[other])
                drew = f"drew {got} card{'s' * (got != 1)}" if got else "there was nothing to draw"
                add(
                    f"called 'thirteen': {names[other]} had not said 'last card' "
                    + ("and " if got else "but ")
                    + drew
                )
            if state.shuffles > before.shuffles:
                add("the pile under its top card was shuffled into a new stock")
        if state.is_terminal() or state.turn != before.turn:
            flush_run()
            reports.append(_report(start, played, events, True, state, names, named))
            events, played, start, interrupted, named = [], [], state, False, False
    flush_run()
    if events:
        reports.append(_report(start, played, events, False, state, names, named))
    return reports


def _report(
    start: TrediciState,
    played: list[AnyCard],
    events: list[str],
    finished: bool,
    after: TrediciState,
    names: Sequence[str],
    named: bool = False,
) -> TurnReport:
    text = ", then ".join(events or ["ended the turn"])
    if not named:
        text = f"{names[start.player]} {text}"
    return TurnReport(start.player, start.turn, Cards(played), text, finished, after)


def read_step(state: TrediciState, text: str) -> Action:
    """The step a reader typed: a card (``Qh``, ``Q♥``, ``play rj``) or a word
    (``draw``, ``stop``, ``last card``, ``thirteen``, ``wait``, or the Italian
    ones), a card matched to the one in the hand of the player to act.

    Whether the step is legal is not judged here
    (:meth:`~.game.TrediciState.check` says why not, as for a card pressed or a
    button).  A text that cannot be read raises
    :class:`~rules_lib.errors.NotationError` naming what was wrong, with a step
    that could be typed now.

    >>> state = TrediciState.from_position(["Qh Kh 5d", "Ad 3c 9s"], pile="Jd")
    >>> read_step(state, "qh"), read_step(state, "Stop!")
    (Play(card=Card.parse('Q♥')), Stop())
    >>> read_step(state, "Zh")
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: “Zh” is not a card: 'Z' is not a rank (use 2-10, J, Q, K, A; T for ten; French R, D, V). Type a step such as “Q♥”.
    >>> read_step(state, "shuffle")
    Traceback (most recent call last):
    ...
    rules_lib.errors.NotationError: “shuffle” is not a step of Tredici: a step is a card to play, or draw, stop, last card or thirteen. Type a step such as “Q♥”.
    """
    try:
        action = parse_action(text)
    except NotationError:
        words = text.split()
        played = bool(words) and words[0].lower() == "play"
        token = " ".join(words[1:] if played else words)
        words_of = "draw, stop, last card, thirteen or wait"
        if not state.rules.last_card_race:
            words_of = "draw, stop, last card or thirteen"
        what = f"“{text.strip()}” is not a step of Tredici: a step is a card to play, or {words_of}"
        if not words:
            what = "Nothing was typed"
        elif played or len(token) <= 3:  # meant as a card
            try:
                parse_card(token)
            except NotationError as error:
                what = f"“{token}” is not a card: {str(error).split(': ', 1)[-1]}"
        raise NotationError(f"{what}. {_try_instead(state)}") from None
    if isinstance(action, Play):
        held = state.hands[state.current_player()]
        return Play(next((c for c in held if str(c) == str(action.card)), action.card))
    return action


def _try_instead(state: TrediciState) -> str:
    """Steps that may be typed now, as examples: a card to play, and a word."""
    legal = state.legal_actions()
    picks = [
        *[a for a in legal if isinstance(a, Play)][:1],
        *[a for a in legal if isinstance(a, (Stop, Draw))][:1],
    ] or legal[:1]
    if not picks:
        return "No step can be taken now."
    return "Type a step such as " + " or ".join(f"“{a}”" for a in picks) + "."
