"""Tredici's own checks on whole random games (docs/GAMES.md section 6).

The engine contract (conservation, hidden information, illegal actions,
progress, replay, an end) is checked for every game in test_contract.py.
Here: the legal steps stay few (the hand plus three words); a draw that finds
nothing to draw leaves the other player able to play (so a game never
blocks); random games end in a win, hardly ever by the turn limit; the race
reading of "last card" gives race steps; the sensible bot beats random play;
the text a player writes replays a game; a replay names a wrong move.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules_lib.engine import Bot, RandomBot, playout, replay
from rules_lib.errors import IllegalActionError
from rules_lib.tredici import (
    DECK,
    DRAW,
    LAST_CARD,
    PRESETS,
    STOP,
    THIRTEEN,
    WAIT,
    Action,
    Draw,
    Play,
    TrediciBot,
    TrediciRules,
    TrediciState,
    new_game,
)
from tests.playouts.scale import games

# Games per test (about 200 in all); `make soak` plays four times as many.
SOURCE_GAMES = games(40)
VARIANT_GAMES = games(16)
BOT_GAMES = games(100)
REPLAY_GAMES = games(10)

EVERY_ACTION: list[Action] = [*(Play(c) for c in DECK), DRAW, STOP, LAST_CARD, THIRTEEN, WAIT]


def play_checked(
    seed: int, rules: TrediciRules, bots: list[Bot[Any]], stats: Counter[str]
) -> TrediciState:
    """One whole game, checking every move; returns the final state."""
    rng = random.Random(seed)
    state = new_game(seed, rules, first_player=seed % 2)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal and len(legal) <= len(state.hands[seat]) + 3
        action = bots[seat].choose(state.observation(seat), legal, rng)
        after = state.apply_action(action)
        if after.race_step:
            stats["race steps"] += 1
        if isinstance(action, Draw) and len(after.hands[seat]) == len(state.hands[seat]):
            stats["empty draws"] += 1  # nothing to draw: the other player can play
            assert after.is_terminal() or any(isinstance(a, Play) for a in after.legal_actions())
        stats["moves"] += 1
        stats["max legal"] = max(stats["max legal"], len(legal))
        state = after
    stats["wins" if state.winner is not None else "draws"] += 1
    assert (state.winner is not None) == state.result.endswith("no cards left")
    assert sum(state.returns()) == 0.0
    return state


def test_random_games_under_the_source_rules_end_in_a_win_with_few_legal_steps() -> None:
    stats: Counter[str] = Counter()
    for seed in range(SOURCE_GAMES):
        play_checked(seed, PRESETS["source"], [RandomBot(), RandomBot()], stats)
    assert stats["wins"] + stats["draws"] == SOURCE_GAMES
    assert stats["draws"] <= 5  # only the 5000-turn limit draws, and hardly ever
    assert stats["max legal"] <= 20


@pytest.mark.parametrize(
    ("rules", "sensible"),
    [
        # Random players who may draw instead of playing hardly ever finish,
        # so the sensible bot takes one seat (it plays drawn cards that fit).
        (PRESETS["house"].with_options(turn_limit=600), True),
        (PRESETS["simple"].with_options(turn_limit=600), False),
        (
            TrediciRules(
                thirteen_window="first action",
                answer_starts_run=False,
                play_drawn_card=True,
                joker_draw=4,
                thirteen_penalty=2,
                hand_size=7,
                turn_limit=600,
            ),
            False,
        ),
        # The source's race for "last card": the one-card player may say it
        # in the opponent's turn until "thirteen" is called.
        (TrediciRules(last_card_race=True, turn_limit=600), False),
        (TrediciRules(last_card_race=True, thirteen_penalty=0, hand_size=5, turn_limit=600), False),
    ],
    ids=["house", "simple", "other-options", "race", "race-no-penalty"],
)
def test_random_games_under_other_rules_end_mostly_in_a_win(
    rules: TrediciRules, sensible: bool
) -> None:
    stats: Counter[str] = Counter()
    count = 2 * VARIANT_GAMES if rules.last_card_race else VARIANT_GAMES  # race steps are rare
    for seed in range(count):
        bots: list[Bot[Any]] = [TrediciBot() if sensible else RandomBot(), RandomBot()]
        play_checked(seed, rules, bots, stats)
    assert stats["wins"] + stats["draws"] == count
    assert stats["wins"] >= count // 2
    assert (stats["race steps"] > 0) is rules.last_card_race


def test_the_turn_limit_ends_games_that_would_go_on() -> None:
    # Random players who may draw instead of playing hardly ever finish: the
    # limit ends those games in a draw after exactly `turn_limit` turns.
    rules = PRESETS["house"].with_options(turn_limit=100)
    ends = [
        playout(new_game(seed, rules), [RandomBot(), RandomBot()], random.Random(seed))
        for seed in range(40)
    ]
    limited = [s for s in ends if s.winner is None]
    assert limited and all(s.turn == 101 and "turn limit" in s.result for s in limited)
    assert all(s.turn <= 101 for s in ends)


def test_the_sensible_bot_plays_only_legal_moves_and_beats_random_play() -> None:
    stats: Counter[str] = Counter()
    wins = 0
    for seed in range(BOT_GAMES):
        bots: list[Bot[Any]] = [TrediciBot(), RandomBot()]
        if seed % 2:
            bots.reverse()
        final = play_checked(seed, PRESETS["source"], bots, stats)
        bot_seat = seed % 2
        wins += final.winner == bot_seat
    assert wins >= 0.7 * BOT_GAMES  # about 80% in the benchmark


def test_replaying_the_seed_and_the_moves_gives_the_same_game() -> None:
    for seed in range(1000, 1000 + REPLAY_GAMES):
        rules = PRESETS["house" if seed % 3 == 0 else "source"].with_options(turn_limit=800)
        start = new_game(seed, rules)
        bots: list[Bot[Any]] = [TrediciBot(catch=0.7), RandomBot()]
        final = playout(start, bots, random.Random(seed))
        again = replay(new_game(seed, rules), final.moves)
        assert again == final and again.moves == final.moves
        if seed % 10 == 0:  # the text a player would write replays too
            assert replay(start, [str(a) for a in final.moves]) == final


def test_a_replay_with_a_wrong_move_names_the_move() -> None:
    start = new_game(5)
    final = playout(start, [RandomBot(), RandomBot()], random.Random(5))
    moves = list(final.moves)
    wrong = next(a for a in EVERY_ACTION if a not in new_game(5).legal_actions())
    moves[0] = wrong
    with pytest.raises(IllegalActionError, match="move 1 of the replay"):
        replay(start, moves)


def test_thirteen_with_nothing_to_draw_changes_the_position() -> None:
    """A "thirteen" on an opponent who cannot draw (the stock and the pile under
    its top are empty) must not be a step that can be taken again and again."""
    top, lone = DECK[0], DECK[1]
    rest = [c for c in DECK if c not in (top, lone)]
    # seat 1 holds one card and has not said "last card"; every other card is
    # in seat 0's hand, except the top of the pile: nothing is left to draw
    start = TrediciState.from_position([rest, [lone]], pile=[top], stock=[])
    assert THIRTEEN in start.legal_actions()
    frontier = [start]
    for _depth in range(3):  # follow the calls three steps deep
        following = []
        for state in frontier:
            for action in state.legal_actions():
                assert state.apply_action(action) != state, f"{action} from {state!r}"
            following += [state.apply_action(a) for a in state.legal_actions() if a == THIRTEEN]
        frontier = following
