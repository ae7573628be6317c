"""Tiến Lên's own checks on whole random hands (the engine contract is in test_contract.py).

Every hand places every seat: 1 to n in the finishing order, or the winner
first and the others by the cards they hold (``finish="first out"``), or the
winner at the deal and the rest sharing a place (instant wins); the returns
add up to zero.
"""

from __future__ import annotations

import random

import pytest

from rules_lib.engine import RandomBot, playout
from rules_lib.tien_len import PRESETS, new_game
from tests.playouts.scale import games


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
def test_every_hand_places_every_seat_and_the_returns_add_up_to_zero(
    options: dict[str, object], finish: str
) -> None:
    rules = PRESETS["source"].with_options(finish=finish, **options)
    rng = random.Random(f"{options}{finish}")
    for game in range(games(15)):
        players = 3 + game % 5
        final = playout(
            new_game(rng.randrange(2**32), players, rules), [RandomBot()] * players, rng
        )
        assert final.is_terminal() and final.winner is not None
        places = sorted(final.places())
        if final.instant_win is not None:
            assert places == [1.0] + [(2 + players) / 2] * (players - 1)
        elif finish == "first out":
            assert len(final.finished) == 1 and places[0] == 1.0 and places[1] >= 2.0
        else:
            assert places == [float(p) for p in range(1, players + 1)]
        assert sum(final.returns()) == pytest.approx(0.0)
