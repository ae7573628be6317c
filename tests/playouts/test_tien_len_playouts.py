"""Random playouts of Tiến Lên (docs/GAMES.md section 6: what every engine must guarantee).

Thousands of whole hands with random legal moves, over both presets and 3 to 6
players.  After every move: every card is in exactly one zone; the seat to act
sees only its own hand.  At random moves, a random illegal action must raise
and leave the state as it was.  Every hand ends, and replaying its seed and
moves gives the same final state.
"""

from __future__ import annotations

import random

import pytest

from rules_lib.cards import Card, Cards, standard_deck
from rules_lib.engine import RandomBot, check_conservation, playout, replay
from rules_lib.errors import IllegalActionError
from rules_lib.tien_len import (
    PASS,
    PRESETS,
    Action,
    Kind,
    Play,
    TienLenState,
    make_play,
    new_game,
)
from tests.playouts.scale import games

GAMES_PER_CASE = games(50)  # x 2 presets x 4 table sizes = 400 hands (and 160 below)


def card_ids(cards: object) -> list[tuple[int, int]]:
    return [(c.code, c.deck) for c in cards]  # type: ignore[attr-defined]


def quick_conservation(state: TienLenState, expected: list[tuple[int, int]]) -> None:
    """The check of :func:`check_conservation` on plain integers, cheap enough for every move."""
    held = sorted(i for zone in state.zones().values() for i in card_ids(zone))
    if held != expected:
        check_conservation(state.zones(), state.deck())  # raises, naming the cards
        raise AssertionError("cards not conserved")  # pragma: no cover


def random_illegal_action(state: TienLenState, rng: random.Random) -> Action | None:
    """An action that is not legal now, of one of several kinds of mistake."""
    hand = [c for c in state.hands[state.current_player()] if isinstance(c, Card)]
    legal = set(state.legal_actions())
    choice = rng.randrange(4)
    if choice == 0 and state.table is None:
        return PASS  # the leader may not pass
    if choice == 1:  # a card held by somebody else
        held = set(hand)
        others = [c for c in state.deck() if c not in held and isinstance(c, Card)]
        return Play(Kind.SINGLE, Cards([rng.choice(others)]))
    if choice == 2 and len(hand) >= 2:  # cards that are no combination, or a wrong kind
        cards = rng.sample(hand, rng.randint(2, min(5, len(hand))))
        return Play(Kind.SINGLE, Cards(cards))
    for _ in range(20):  # a real combination from the hand that is not allowed now
        cards = rng.sample(hand, rng.randint(1, min(4, len(hand))))
        try:
            candidate = make_play(cards, state.rules)
        except IllegalActionError:
            continue
        if candidate not in legal and not any(
            isinstance(a, Play) and sorted(map(str, a.cards)) == sorted(map(str, cards))
            for a in legal
        ):
            return candidate
    return None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("preset", ["source", "standard"])
def test_random_playouts_conserve_cards_accept_only_legal_moves_end_and_replay(
    preset: str, players: int
) -> None:
    rules = PRESETS[preset]
    rng = random.Random(f"{preset}-{players}")
    deck_size = len(standard_deck(2 if players > 4 else 1))
    expected = sorted(card_ids(standard_deck(2 if players > 4 else 1)))
    for game in range(GAMES_PER_CASE):
        seed = rng.randrange(2**32)
        start = new_game(seed, players, rules)
        state = start
        moves = 0
        while not state.is_terminal():
            seat = state.current_player()
            assert state.observation(seat).hand == state.hands[seat]
            legal = state.legal_actions()
            assert legal, "a seat to act always has a legal action"
            if moves % 3 == 0:
                bad = random_illegal_action(state, rng)
                if bad is not None:
                    before = (state.hands, state.table, state.to_act, state.history)
                    with pytest.raises(IllegalActionError):
                        state.apply_action(bad)
                    assert (state.hands, state.table, state.to_act, state.history) == before
            action = legal[rng.randrange(len(legal))]
            state = state.apply_action(action)
            moves += 1
            assert moves < 4 * deck_size, "a hand of Tiến Lên must end"
            quick_conservation(state, expected)
            if moves % 16 == 0:
                check_conservation(state.zones(), state.deck())
        check_conservation(state.zones(), state.deck())
        places = sorted(state.places())
        if state.instant_win is None:
            assert places == [float(p) for p in range(1, players + 1)]
        assert sum(state.returns()) == pytest.approx(0.0)
        assert replay(start, state.moves) == state
        if game % 50 == 0:
            assert replay(new_game(seed, players, rules), state.moves) == state


@pytest.mark.parametrize("finish", ["finishing order", "first out"])
@pytest.mark.parametrize(
    "options",
    [
        {"chops": True},
        {"pass_locks_out": True, "twos_in_straights": True},
        {"sets_of_pairs": "consecutive", "instant_wins": True},
    ],
    ids=["chops", "lockout+twos", "consecutive+instant"],
)
def test_house_rule_mixtures_play_out_with_the_engine_loop(
    options: dict[str, object], finish: str
) -> None:
    rules = PRESETS["source"].with_options(finish=finish, **options)
    rng = random.Random(f"{options}{finish}")
    for game in range(games(40)):
        players = 3 + game % 5
        start = new_game(rng.randrange(2**32), players, rules)
        final = playout(start, [RandomBot()] * players, rng)
        check_conservation(final.zones(), final.deck())
        assert final.is_terminal() and final.winner is not None
        if finish == "first out":
            assert len(final.finished) <= 1
        assert replay(start, final.moves) == final
