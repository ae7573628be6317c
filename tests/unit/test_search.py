"""The search bot (rules_lib.search): the worlds it deals are ones its seat
cannot tell from the real game, it only ever plays legal actions, and the same
seed gives the same choice."""

from __future__ import annotations

import random

import pytest

from rules_lib.cards import Card
from rules_lib.engine import RandomBot, check_conservation
from rules_lib.search import MonteCarloBot, play_out
from rules_lib.tien_len import new_game as tien_len_game
from rules_lib.tien_len.bots import HeuristicBot
from rules_lib.tien_len.bots import determinize as tien_len_world
from rules_lib.tien_len.bots import search_bot as tien_len_search
from rules_lib.tien_len.game import TienLenState
from rules_lib.tredici import TrediciBot
from rules_lib.tredici import new_game as tredici_game
from rules_lib.tredici.bots import determinize as tredici_world
from rules_lib.tredici.bots import lead
from rules_lib.tredici.bots import search_bot as tredici_search

GAMES = {
    "tien_len": (lambda seed: tien_len_game(seed, 4), tien_len_world, HeuristicBot),
    "tien_len 3 players": (lambda seed: tien_len_game(seed, 3), tien_len_world, HeuristicBot),
    "tien_len 6 players": (lambda seed: tien_len_game(seed, 6), tien_len_world, HeuristicBot),
    "tredici": (tredici_game, tredici_world, TrediciBot),
}


def _positions(game: str, seeds: range, every: int):
    """Positions along random playouts (a random bot at each seat)."""
    make, _world, _bot = GAMES[game]
    for seed in seeds:
        state = make(seed)
        rng = random.Random(seed)
        moves = 0
        while not state.is_terminal() and moves < 400:
            if moves % every == 0:
                yield state
            state = state.apply_action(RandomBot().choose(None, state.legal_actions(), rng))
            moves += 1


@pytest.mark.parametrize("game", list(GAMES))
def test_a_world_the_search_deals_shows_its_seat_exactly_what_it_saw(game):
    _make, world_of, _bot = GAMES[game]
    rng = random.Random(0)
    checked = 0
    for state in _positions(game, range(6), every=7):
        seat = state.current_player()
        world = world_of(state.observation(seat), rng)
        assert world.observation(seat) == state.observation(seat)
        check_conservation(world.zones(), world.deck())  # every card once, nothing new
        if game.startswith("tien_len") and state.num_players != 4:
            # the card the rules of the deal set aside stays aside (see new_game)
            low = state.rules.lowest_card
            aside = low if state.num_players == 3 else Card(low.rank, low.suit, 1)
            assert aside in state.out_of_play and aside in world.out_of_play
        assert sorted(map(str, world.legal_actions())) == sorted(map(str, state.legal_actions()))
        checked += 1
    assert checked > 30


def test_the_worlds_vary_the_hidden_cards():
    state = tien_len_game(5)
    worlds = {tien_len_world(state.observation(0), random.Random(s)).hands[1] for s in range(5)}
    assert len(worlds) == 5


@pytest.mark.parametrize(
    ("game", "bot"),
    [("tien_len", tien_len_search(worlds=2)), ("tredici", tredici_search(worlds=2, horizon=20))],
)
def test_the_search_bot_plays_only_legal_actions_to_the_end_of_a_game(game, bot):
    make, _world, rollout = GAMES[game]
    for seed in range(2):
        state = make(seed)
        rng = random.Random(seed)
        others = rollout()
        moves = 0
        while not state.is_terminal() and moves < 3000:
            seat = state.current_player()
            player = bot if seat == 0 else others
            action = player.choose(state.observation(seat), state.legal_actions(), rng)
            assert state.is_legal(action)
            state = state.apply_action(action)
            check_conservation(state.zones(), state.deck())
            moves += 1
        assert state.is_terminal()


def test_the_same_seed_gives_the_same_choice():
    state = tien_len_game(9)
    seat = state.current_player()
    bot = tien_len_search(worlds=6)
    first = bot.scores(state.observation(seat), state.legal_actions(), random.Random(4))
    again = bot.scores(state.observation(seat), state.legal_actions(), random.Random(4))
    assert first == again and first.worlds == 6 and len(first.actions) > 1


def test_a_forced_action_is_not_searched():
    state = tien_len_game(9)
    seat = state.current_player()
    legal = state.legal_actions()[:1]
    scores = tien_len_search().scores(state.observation(seat), legal, random.Random(0))
    assert scores.worlds == 0 and scores.best == legal[0]


def test_the_search_takes_the_play_that_goes_out_when_holding_back_loses():
    # seat 0 leads with 3♠ 4♠ 5♠ 2♥: the run and then the 2 go out at once,
    # while a single 3♠ lets seat 1 (one card, a 2♠) go out first
    state = TienLenState.from_hands(["3s 4s 5s 2h", "2s", "6d 7d"], first_lead=True)
    scores = tien_len_search(worlds=4).scores(
        state.observation(0), state.legal_actions(), random.Random(0)
    )
    assert str(scores.best) == "3♠ 4♠ 5♠"
    assert max(scores.means) == 1.0


def test_a_stopped_playout_is_scored_by_the_evaluation():
    state = tredici_game(7)
    bot = tredici_search(worlds=2, horizon=3)
    assert isinstance(bot, MonteCarloBot) and bot.evaluate is lead
    end = play_out(state, TrediciBot(), random.Random(0), limit=3)
    assert not end.is_terminal() and -1 <= lead(end, 0) <= 1
