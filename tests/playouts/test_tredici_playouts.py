"""Random playouts of Tredici (docs/GAMES.md section 6: what every engine must guarantee).

About 330 whole games (``make soak``: four times as many) with random legal steps (and the sensible bot), over
the presets and the less common options.  After every move: all 54 cards are
in exactly one zone; the seat to act sees its own hand and only counts of the
rest; the state after a legal move differs from the one before (apart from
the move history), so a bot can never loop in place.  At random moves, a random illegal action must raise and leave the
state as it was.  Every game ends (a win, or the turn limit), a draw that
finds nothing to draw leaves the other player able to play (so a game never
blocks), and replaying a game's seed and moves gives the same final state.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields
from itertools import chain
from typing import Any

import pytest

from rules_lib.engine import Bot, RandomBot, check_conservation, playout, replay
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

# Games per test (about 330 in all); `make soak` plays four times as many.
SOURCE_GAMES = games(100)
VARIANT_GAMES = games(30)
BOT_GAMES = games(150)
REPLAY_GAMES = games(30)

DECK_IDS = frozenset(map(id, DECK))
EVERY_ACTION: list[Action] = [*(Play(c) for c in DECK), DRAW, STOP, LAST_CARD, THIRTEEN, WAIT]


def quick_conservation(state: TrediciState) -> None:
    """Every card object of the deck in exactly one zone (cheap enough for every move)."""
    zones = state.zones().values()
    ids = list(map(id, chain.from_iterable(zones)))
    if len(ids) != 54 or set(ids) != DECK_IDS:
        check_conservation(state.zones(), DECK)  # raises, naming the cards
        raise AssertionError("a card is held twice or replaced by a copy")  # pragma: no cover


def snapshot(state: TrediciState) -> tuple[object, ...]:
    return tuple(getattr(state, f.name) for f in fields(state))


def probe_illegal(state: TrediciState, rng: random.Random) -> None:
    """A random action that is not legal now raises and leaves the state unchanged."""
    legal = state.legal_actions()
    action = rng.choice(EVERY_ACTION)
    while action in legal:
        action = rng.choice(EVERY_ACTION)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="legal now: "):
        state.apply_action(action)
    assert snapshot(state) == before


def play_checked(
    seed: int, rules: TrediciRules, bots: list[Bot[Any]], stats: Counter[str], probe_every: int = 10
) -> TrediciState:
    """One whole game, checking every move; returns the final state."""
    rng = random.Random(seed)
    state = new_game(seed, rules, first_player=seed % 2)
    quick_conservation(state)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal and len(legal) <= len(state.hands[seat]) + 3
        seen = state.observation(seat)
        assert seen.hand == state.hands[seat] and seen.opponent_cards == len(state.hands[1 - seat])
        if rng.randrange(probe_every) == 0:
            probe_illegal(state, rng)
        action = bots[seat].choose(seen, legal, rng)
        after = state.apply_action(action)
        quick_conservation(after)
        assert after != state, f"{action} left the state unchanged"  # history is not compared
        if after.race_step:
            stats["race steps"] += 1
        if isinstance(action, Draw) and len(after.hands[seat]) == len(state.hands[seat]):
            stats["empty draws"] += 1  # nothing to draw: the other player can play
            assert after.is_terminal() or any(isinstance(a, Play) for a in after.legal_actions())
        stats["moves"] += 1
        stats["max legal"] = max(stats["max legal"], len(legal))
        state = after
    check_conservation(state.zones(), DECK)
    stats["wins" if state.winner is not None else "draws"] += 1
    assert (state.winner is not None) == state.result.endswith("no cards left")
    assert sum(state.returns()) == 0.0
    return state


def test_random_games_under_the_source_rules_conserve_cards_accept_only_legal_moves_and_end() -> (
    None
):
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
def test_random_games_under_other_rules_conserve_cards_and_end(
    rules: TrediciRules, sensible: bool
) -> None:
    stats: Counter[str] = Counter()
    for seed in range(VARIANT_GAMES):
        bots: list[Bot[Any]] = [TrediciBot() if sensible else RandomBot(), RandomBot()]
        play_checked(seed, rules, bots, stats)
    assert stats["wins"] + stats["draws"] == VARIANT_GAMES
    assert stats["wins"] >= VARIANT_GAMES // 2
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
        final = play_checked(seed, PRESETS["source"], bots, stats, probe_every=20)
        bot_seat = seed % 2
        wins += final.winner == bot_seat
    assert wins >= 0.7 * BOT_GAMES  # about 80% in the benchmark


def test_replaying_the_seed_and_the_moves_gives_the_same_game() -> None:
    for seed in range(1000, 1000 + REPLAY_GAMES):
        rules = PRESETS["house" if seed % 3 == 0 else "source"].with_options(turn_limit=800)
        start = new_game(seed, rules)
        bots: list[Bot[Any]] = [TrediciBot(catch=0.7), RandomBot()]
        final = playout(start, bots, random.Random(seed))
        again = replay(new_game(seed, rules), final.history)
        assert again == final and again.history == final.history
        if seed % 10 == 0:  # the text a player would write replays too
            assert replay(start, [str(a) for a in final.history]) == final


def test_a_replay_with_a_wrong_move_names_the_move() -> None:
    start = new_game(5)
    final = playout(start, [RandomBot(), RandomBot()], random.Random(5))
    moves = list(final.history)
    wrong = next(a for a in EVERY_ACTION if a not in new_game(5).legal_actions())
    moves[0] = wrong
    with pytest.raises(IllegalActionError, match="move 1 of the replay"):
        replay(start, moves)
