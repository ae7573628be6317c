"""The common engine shape: playout, replay, sessions and the conservation check."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from rules_lib import IllegalActionError, RulesError, parse_cards
from rules_lib.engine import (
    LEGAL,
    TERMINAL,
    FirstLegalBot,
    RandomBot,
    Ruling,
    Session,
    check_conservation,
    playout,
    replay,
)


@dataclass(frozen=True)
class Nim:
    """Take 1 or 2 from a pile; whoever takes the last wins."""

    pile: int = 7
    player: int = 0
    num_players: int = 2

    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.player

    def legal_actions(self) -> list[int]:
        return [n for n in (1, 2) if n <= self.pile]

    def apply_action(self, n: int) -> Nim:
        if n not in self.legal_actions():
            raise IllegalActionError(f"cannot take {n} from {self.pile}")
        return Nim(self.pile - n, 1 - self.player)

    def is_terminal(self) -> bool:
        return self.pile == 0

    def returns(self) -> tuple[float, ...]:
        winner = 1 - self.player
        return tuple(1.0 if seat == winner else -1.0 for seat in range(2))

    def observation(self, seat: int) -> int:
        return self.pile


def test_playout_ends_and_bots_only_choose_legal_actions():
    seen = []
    final = playout(
        Nim(), [RandomBot(), RandomBot()], random.Random(1), on_move=lambda s, a: seen.append(a)
    )
    assert final.is_terminal() and sum(seen) == 7
    assert sorted(final.returns()) == [-1.0, 1.0]


def test_playout_refuses_a_game_that_does_not_end():
    with pytest.raises(RulesError, match="did not end within 3 moves"):
        playout(Nim(pile=10), [FirstLegalBot(), FirstLegalBot()], random.Random(0), max_moves=3)


def test_replay_names_the_illegal_move():
    assert replay(Nim(), [2, 2, 2]).pile == 1
    with pytest.raises(IllegalActionError, match="move 2 of the replay: cannot take 2 from 1"):
        replay(Nim(pile=3), [2, 2])


def test_session_runs_the_bots_after_the_readers_move_and_logs_them():
    session = Session(Nim(), {1: FirstLegalBot()}, human=0)
    assert session.my_turn
    replies = session.play(2)
    assert replies == [(1, 1)] and session.state.pile == 4 and session.my_turn
    assert session.log == [(0, 2), (1, 1)]
    assert replay(session.initial, session.moves) == session.state


def test_session_illegal_move_changes_nothing():
    session = Session(Nim(pile=1), {1: FirstLegalBot()})
    with pytest.raises(IllegalActionError):
        session.play(2)
    assert session.state == Nim(pile=1) and session.moves == [] and session.log == []


def test_session_refuses_moves_out_of_turn():
    session = Session(Nim(player=1), {1: FirstLegalBot()})
    with pytest.raises(IllegalActionError, match="not your turn"):
        session.play(1)
    session.run_bots()
    assert session.my_turn and session.state.pile == 6


def test_conservation_catches_a_lost_and_a_created_card():
    deck = parse_cards("As Kd 2c")
    check_conservation({"a": deck[:1], "b": deck[1:]}, deck)
    with pytest.raises(RulesError, match="missing 2♣"):
        check_conservation({"a": deck[:2]}, deck)
    with pytest.raises(RulesError, match="extra K♦"):
        check_conservation({"a": deck, "b": deck[1:2]}, deck)


def test_a_ruling_gives_the_reason_then_the_legal_actions_as_data():
    ruling = Ruling(False, "cannot take 3 from 2", (1, 2))
    assert not ruling.legal and ruling.alternatives == (1, 2)
    assert str(ruling) == "cannot take 3 from 2; legal: 1, 2"
    assert ruling.text(label="legal now", most=1) == "cannot take 3 from 2; legal now: 1 and 1 more"
    assert LEGAL.legal and LEGAL.reason == "" and str(LEGAL) == "legal"
