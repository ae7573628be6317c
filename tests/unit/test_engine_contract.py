"""The engine contract of every turn-based game (Tiến Lên, Three-Thirteen, Tredici).

Two rules every engine of :mod:`rules_lib.engine` must keep, checked on the
positions of seeded random games:

1. **Every legal action changes the position.**  Apart from the move history,
   the state after a legal action differs from the state before it.  An
   action that changes nothing could be taken for ever: a bot, a widget or a
   reader could loop without the game moving on.
2. **Every game ends within a bound of steps** worked out from the rules
   (each bound's derivation is next to it, below).

The move history is set aside generically: the dataclass fields named like a
history (``history``, ``moves``, ``round_log``: see :data:`HISTORY_FIELD`).
Private fields (caches) are set aside too.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from typing import Any

import pytest

from rules_lib.engine import RandomBot, playout
from rules_lib.three_thirteen import ROUNDS, ThreeThirteenRules
from rules_lib.three_thirteen import new_game as three_thirteen_game
from rules_lib.three_thirteen.game import Move, ThreeThirteenState
from rules_lib.tien_len import PRESETS as TIEN_LEN_PRESETS
from rules_lib.tien_len import TienLenRules, TienLenState
from rules_lib.tien_len import new_game as tien_len_game
from rules_lib.tredici import DECK, THIRTEEN, TrediciRules, TrediciState
from rules_lib.tredici import PRESETS as TREDICI_PRESETS
from rules_lib.tredici import new_game as tredici_game

#: Names of the fields that record what happened rather than where the game stands.
HISTORY_FIELD = re.compile(r"history|moves|(?:^|_)log$")


def history_fields(state: Any) -> tuple[str, ...]:
    """The dataclass fields of ``state`` that hold its move history."""
    return _field_names(type(state))[0]


def without_history(state: Any) -> dict[str, Any]:
    """The position: every dataclass field but the history fields and private caches."""
    return {name: getattr(state, name) for name in _field_names(type(state))[1]}


_FIELD_NAMES: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _field_names(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The history fields of a state class, and its other public fields."""
    if cls not in _FIELD_NAMES:
        assert is_dataclass(cls), f"{cls.__name__} is not a dataclass"
        names = [f.name for f in fields(cls)]
        history = tuple(n for n in names if HISTORY_FIELD.search(n))
        public = tuple(n for n in names if n not in history and not n.startswith("_"))
        _FIELD_NAMES[cls] = (history, public)
    return _FIELD_NAMES[cls]


def unchanging_actions(state: Any) -> list[Any]:
    """The legal actions of ``state`` after which the position is the same."""
    before = without_history(state)
    return [a for a in state.legal_actions() if without_history(state.apply_action(a)) == before]


# --- the tables: a seeded game, and its bound --------------------------------------


@dataclass(frozen=True)
class Table:
    """One game under one set of rules: how to deal it, and its bound of steps."""

    name: str
    deal: Callable[[int], Any]
    bound: Callable[[Any], int]  # from the position at the deal
    seeds: Sequence[int]
    stride: int = 1  # check the actions of every ``stride``-th position (time)

    def __str__(self) -> str:
        return self.name


def tien_len_bound(state: TienLenState) -> int:
    """At most ``players × cards dealt`` steps.

    Every play takes at least one card from a hand, so there are at most as
    many plays as cards dealt.  A pass is only possible while a play is on the
    table (the leader may not pass), and after a play at most ``players - 1``
    passes in a row bring the turn back to its player, who then leads: so at
    most ``players - 1`` passes per play, ``players`` steps per card.
    """
    return state.num_players * sum(len(hand) for hand in state.hands)


def tredici_bound(state: TrediciState) -> int:
    """At most ``turn_limit × 2 × (53 + 4)`` steps.

    The engine ends the game as a draw after ``turn_limit`` turns.  In one
    turn a player makes at most 53 plays (the pile always keeps its top card,
    so a hand holds at most 54 - 1 cards, drawn cards included) and at most one
    each of draw, stop, "last card" and "thirteen" (a call closes the window).
    Under the race reading of "last card" each of those steps may be followed
    by one step of the opponent ("last card" or "wait"): twice as many.
    """
    limit = state.rules.turn_limit
    assert limit is not None, "without a turn limit a Tredici game has no bound"
    return limit * 2 * (len(DECK) - 1 + 4)


def three_thirteen_bound(state: ThreeThirteenState) -> int:
    """At most ``ROUNDS × 2 × turn_limit`` steps.

    The engine ends a round when its ``turn_limit``-th turn is over, if
    nothing ended it before (the others' last turns after someone went out,
    or a stock that ran out for good).  A turn is two steps (draw or take,
    then discard or go out), so a round has at most ``2 × turn_limit`` steps,
    and a game of eleven rounds ``ROUNDS`` times that.  Nothing else gives a
    sure bound: taking the top discard draws nothing from the stock, so
    without the limit players who always take go round for ever
    (:func:`test_three_thirteen_round_ends_under_any_play`).
    """
    limit = state.rules.turn_limit
    assert limit is not None, "without a turn limit a Three-Thirteen round has no bound"
    return ROUNDS * 2 * limit


def _tien_len(players: int, rules: TienLenRules) -> Callable[[int], Any]:
    return lambda seed: tien_len_game(seed, players, rules)


def _three_thirteen(players: int, rules: ThreeThirteenRules) -> Callable[[int], Any]:
    return lambda seed: three_thirteen_game(seed, players, rules)


def _tredici(rules: TrediciRules) -> Callable[[int], Any]:
    return lambda seed: tredici_game(seed, rules)


TABLES: tuple[Table, ...] = (
    Table("tien_len-source-4", _tien_len(4, TIEN_LEN_PRESETS["source"]), tien_len_bound, range(12)),
    Table(
        "tien_len-standard-4", _tien_len(4, TIEN_LEN_PRESETS["standard"]), tien_len_bound, range(12)
    ),
    Table("tien_len-source-3", _tien_len(3, TienLenRules()), tien_len_bound, range(6)),
    Table("tien_len-source-6", _tien_len(6, TienLenRules()), tien_len_bound, range(4)),
    Table(
        "tien_len-first-out-4",
        _tien_len(4, TienLenRules().with_options(finish="first out")),
        tien_len_bound,
        range(6),
    ),
    # a game of Three-Thirteen has thousands of steps: one game, every other position
    Table(
        "three_thirteen-source-2",
        _three_thirteen(2, ThreeThirteenRules()),
        three_thirteen_bound,
        range(1),
        stride=2,
    ),
    Table(
        "three_thirteen-variations-3",
        _three_thirteen(3, ThreeThirteenRules.preset("variations")),
        three_thirteen_bound,
        range(1),
        stride=4,
    ),
    # a short turn limit, so that rounds also end by the limit
    Table(
        "three_thirteen-turn-limit-20",
        _three_thirteen(2, ThreeThirteenRules(turn_limit=20)),
        three_thirteen_bound,
        range(2),
    ),
    *(
        Table(f"tredici-{name}", _tredici(rules), tredici_bound, range(5))
        for name, rules in TREDICI_PRESETS.items()
        if not rules.voluntary_draw
    ),
    # random players under the house rules draw half the time and play on to the
    # turn limit (5000 turns, about 6,700 steps): games with a limit of 1000 turns
    *(
        Table(
            f"tredici-{name}-1000-turns",
            _tredici(rules.with_options(turn_limit=1000)),
            tredici_bound,
            range(2),
        )
        for name, rules in TREDICI_PRESETS.items()
        if rules.voluntary_draw
    ),
    Table(
        "tredici-thirteen-first-action",
        _tredici(TrediciRules().with_options(thirteen_window="first action")),
        tredici_bound,
        range(5),
    ),
    # a short turn limit, so that games also end by the limit
    Table("tredici-turn-limit-30", _tredici(TrediciRules(turn_limit=30)), tredici_bound, range(10)),
)

# The race reading of "last card" is a newer option: test it when the engine has it.
if "last_card_race" in {f.name for f in fields(TrediciRules)}:
    TABLES = (
        *TABLES,
        Table(
            "tredici-last-card-race",
            _tredici(TrediciRules().with_options(last_card_race=True)),
            tredici_bound,
            range(5),
        ),
    )


@cache
def random_game(table: Table, seed: int) -> tuple[Any, ...]:
    """Every position of the seeded random game at ``table``, the deal to the end.

    Stops with :class:`~rules_lib.errors.RulesError` beyond the table's bound.
    """
    first = table.deal(seed)
    seen: list[Any] = []
    last = playout(
        first,
        [RandomBot()] * first.num_players,
        random.Random(seed),
        max_moves=table.bound(first),
        on_move=lambda state, _action: seen.append(state),
    )
    return (*seen, last)


# --- 1. every legal action changes the position --------------------------------------


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_every_legal_action_changes_the_position(table: Table) -> None:
    problems = []
    for seed in table.seeds:
        for step, state in enumerate(random_game(table, seed)):
            if step % table.stride:
                continue
            for action in unchanging_actions(state):
                problems.append(
                    f"seed {seed}, step {step}: {action} leaves the position as it was "
                    f"(only {', '.join(history_fields(state))} changed): {state!r}"
                )
    assert not problems, f"{table}: " + "\n".join(problems[:5])


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_the_history_records_every_action(table: Table) -> None:
    """The fields set aside as history are a history: each action adds to them."""
    state = table.deal(table.seeds[0])
    names = history_fields(state)
    assert names, f"{type(state).__name__} has no field named like a history"
    for state in random_game(table, table.seeds[0])[:50]:
        if state.is_terminal():
            break
        after = state.apply_action(state.legal_actions()[0])
        assert any(getattr(after, n) != getattr(state, n) for n in names), (
            f"{table}: {state.legal_actions()[0]} left {', '.join(names)} unchanged"
        )


def test_thirteen_with_nothing_to_draw_changes_the_position() -> None:
    """A "thirteen" on an opponent who cannot draw (the stock and the pile under
    its top are empty) must not be a step that can be taken again and again."""
    top, lone = DECK[0], DECK[1]
    rest = [c for c in DECK if c not in (top, lone)]
    # seat 1 holds one card and has not said "last card"; every other card is
    # in seat 0's hand, except the top of the pile: nothing is left to draw
    start = TrediciState.from_position([rest, [lone]], pile=[top], stock=[])
    assert THIRTEEN in start.legal_actions()
    frontier, problems = [start], []
    for _depth in range(3):  # follow the calls three steps deep
        following = []
        for state in frontier:
            problems += [f"{a} from {state!r}" for a in unchanging_actions(state)]
            following += [state.apply_action(a) for a in state.legal_actions() if a == THIRTEEN]
        frontier = following
    assert not problems, "a legal step leaves the position as it was: " + "; ".join(problems)


# --- 2. every game ends within its bound ------------------------------------------


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_every_game_ends_within_its_bound(table: Table) -> None:
    for seed in table.seeds:
        positions = random_game(table, seed)  # raises beyond the bound
        bound = table.bound(positions[0])
        assert positions[-1].is_terminal()
        assert len(positions) - 1 <= bound, f"{table}, seed {seed}: {len(positions) - 1} > {bound}"


def test_three_thirteen_round_ends_under_any_play() -> None:
    """Players who always take the top discard (and otherwise take the first legal
    action) must still reach the end of the round: no position may come back.

    Taking draws nothing from the stock, so the stock alone never ends such a
    round; the rules' ``turn_limit`` does, after ``2 × turn_limit`` steps."""
    state = three_thirteen_game(seed=0, players=2)
    seen = {tuple(without_history(state).items()): 0}
    for step in range(1, 100_001):
        legal = state.legal_actions()
        take = [a for a in legal if a.move is Move.TAKE]
        state = state.apply_action(take[0] if take else legal[0])
        if state.round_number > 1:
            assert state.rules.turn_limit is not None and step == 2 * state.rules.turn_limit
            assert state.results[0].turn_limit_reached
            break
        key = tuple(without_history(state).items())
        assert key not in seen, (
            f"round 1: the position after step {step} is the one after step {seen[key]}, "
            f"by {' '.join(str(m) for m in state.moves[seen[key] :])}"
        )
        seen[key] = step
    assert state.round_number > 1, "round 1 has not ended after 100,000 steps"
