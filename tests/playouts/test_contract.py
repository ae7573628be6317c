"""The engine contract, checked by random playouts of every turn-based game (docs/GAMES.md §6).

Each row of :data:`CASES` is a game, a preset of its rules and a number of
players, dealt by the game's own ``new_game``.  Seeded games of random legal
moves check what :class:`rules_lib.engine.GameState` promises:

* **conservation**: after every move each card of ``deck()`` is in exactly one
  of ``zones()``;
* **hidden information**: no card a seat's observation shows lies in another
  seat's hand, the stock or the cards out of play (unless the rules make it
  public, :attr:`Case.public`);
* **one vocabulary**: every listed legal action passes ``check`` and
  ``is_legal``; an action ``check`` refuses comes with a reason and the legal
  actions as data, and ``apply_action`` raises with that reason and leaves the
  state as it was (an unlisted action ``check`` accepts, such as the other
  copy of a card of two decks, applies);
* **progress**: every legal action changes the position (not only the move
  history), so a bot can never loop in place, and each move adds one entry to
  ``moves``;
* **an end**: every game ends within a bound of steps worked out from the rules
  (each bound's derivation is next to it);
* **replay**: the seed and ``moves`` give the same final state.

Game-specific checks (places, scores, bots, calls) are in the games' own
playout files beside this one.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field, fields
from typing import Any

import pytest

from rules_lib.cards import AnyCard, Card, Cards, Joker
from rules_lib.engine import GameState, check_conservation, replay
from rules_lib.errors import IllegalActionError
from rules_lib.indian_rummy import PRESETS as INDIAN_RUMMY_PRESETS
from rules_lib.indian_rummy import new_game as indian_rummy_game
from rules_lib.pyramid import PRESETS as PYRAMID_PRESETS
from rules_lib.pyramid import new_game as pyramid_game
from rules_lib.three_thirteen import PRESETS as THREE_THIRTEEN_PRESETS
from rules_lib.three_thirteen import ROUNDS
from rules_lib.three_thirteen import new_game as three_thirteen_game
from rules_lib.tien_len import PRESETS as TIEN_LEN_PRESETS
from rules_lib.tien_len import new_game as tien_len_game
from rules_lib.tredici import DECK as TREDICI_DECK
from rules_lib.tredici import PRESETS as TREDICI_PRESETS
from rules_lib.tredici import new_game as tredici_game
from tests.playouts.scale import games

# --- the bounds of steps --------------------------------------------------------------


def tien_len_bound(state: Any) -> int:
    """At most ``2 × players × cards dealt`` steps.

    Every play takes at least one card from a hand, so there are at most as
    many plays as cards dealt.  After a play at most ``players - 1`` passes in
    a row bring the turn back to its player, who then leads (each seat acts at
    most once before that, a seat that passed and may still chop included).
    A leader passes only when the rules bar its every play (``no_last_two``):
    the lead then goes on, and when it comes back to a seat that passed it the
    hand is over, so at most ``players`` passes more.  So at most
    ``2 × players`` steps per card.
    """
    return int(2 * state.num_players * sum(len(hand) for hand in state.hands))


def three_thirteen_bound(state: Any) -> int:
    """At most ``ROUNDS × 2 × turn_limit`` steps.

    The engine ends a round when its ``turn_limit``-th turn is over, if
    nothing ended it before (the others' last turns after someone went out,
    or a stock that ran out for good).  A turn is two steps (draw or take,
    then discard or go out), so a round has at most ``2 × turn_limit`` steps.
    Nothing else gives a sure bound: taking the top discard draws nothing from
    the stock, so without the limit players who always take go round for ever
    (``test_three_thirteen_playouts.py``).
    """
    limit = state.rules.turn_limit
    assert limit is not None, "without a turn limit a Three-Thirteen round has no bound"
    return int(ROUNDS * 2 * limit)


def tredici_bound(state: Any) -> int:
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
    return int(limit * 2 * (len(TREDICI_DECK) - 1 + 4))


def pyramid_bound(state: Any) -> int:
    """At most ``52 + 27 × 25`` steps.

    At most 52 moves take cards away (kings alone, the rest in pairs).  A pass
    is at most 24 turns and one "again".  With a limit there are at most 9
    passes; without one, a new pass follows only a pass that took a card away,
    so there are at most 1 + 26 passes (26 takes remove 52 cards at the least).
    """
    return 52 + 27 * 25


def indian_rummy_bound(state: Any) -> int:
    """At most ``deals × (2 × turn_limit + players)`` steps.

    A deal ends when its ``turn_limit``-th turn is over, if nothing ended it
    before.  A turn is two steps (draw or take, then discard or declare); a
    drop is one step and no turn, and each player drops at most once a deal.
    So a deal has at most ``2 × turn_limit + players`` steps.  A game is one
    deal (``"points"``), ``rules.deals`` deals (``"deals"``) or, in a pool, at
    most ``rules.deal_limit`` deals.  Without the turn limit a deal has no
    sure end: players who always take the top discard never use up the stock.
    """
    rules = state.rules
    limit = rules.turn_limit
    assert limit is not None, "without a turn limit an Indian Rummy deal has no bound"
    deals = {"points": 1, "deals": rules.deals, "pool": rules.deal_limit}[rules.format]
    assert deals is not None, "without a deal limit a pool has no bound"
    return int(deals * (2 * limit + state.num_players))


def pyramid_public(state: Any) -> Collection[AnyCard]:
    """The stock's top card lies face up."""
    return () if state.stock_top is None else (state.stock_top,)


def tien_len_public(state: Any) -> Collection[AnyCard]:
    """The card the first play must hold (everyone knows the 3♠ leads)."""
    return () if state.must_contain is None else (state.must_contain,)


def nothing_public(state: Any) -> Collection[AnyCard]:
    return ()


# --- the table ------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A game, a preset of its rules (with options) and the players: ``games`` seeded deals."""

    game: str
    preset: str
    players: int
    deal: Callable[[int], Any]
    games: int
    bound: Callable[[Any], int]
    #: check that every legal action changes the position at every ``stride``-th step
    stride: int = 1
    #: cards in hidden zones that the rules make known to every seat
    public: Callable[[Any], Collection[AnyCard]] = nothing_public
    options: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        extra = "".join(f"+{k}={v}" for k, v in self.options.items())
        return f"{self.game}-{self.preset}{extra}-{self.players}p"


def tien_len(preset: str, players: int, n: int, **options: Any) -> Case:
    rules = TIEN_LEN_PRESETS[preset].with_options(**options)
    return Case(
        "tien_len",
        preset,
        players,
        lambda seed: tien_len_game(seed, players, rules),
        games(n),
        tien_len_bound,
        stride=4,
        public=tien_len_public,
        options=options,
    )


def three_thirteen(preset: str, players: int, n: int, stride: int = 8, **options: Any) -> Case:
    rules = THREE_THIRTEEN_PRESETS[preset].with_options(**options)
    return Case(
        "three_thirteen",
        preset,
        players,
        lambda seed: three_thirteen_game(seed, players, rules),
        games(n),
        three_thirteen_bound,
        stride=stride,
        options=options,
    )


def tredici(preset: str, n: int, **options: Any) -> Case:
    rules = TREDICI_PRESETS[preset].with_options(**options)
    return Case(
        "tredici",
        preset,
        2,
        lambda seed: tredici_game(seed, rules, first_player=seed % 2),
        games(n),
        tredici_bound,
        stride=3,
        options=options,
    )


def indian_rummy(preset: str, players: int, n: int, stride: int = 4, **options: Any) -> Case:
    rules = INDIAN_RUMMY_PRESETS[preset].with_options(**options)
    return Case(
        "indian_rummy",
        preset,
        players,
        lambda seed: indian_rummy_game(seed, players, rules),
        games(n),
        indian_rummy_bound,
        stride=stride,
        options=options,
    )


def pyramid(preset: str, n: int, **options: Any) -> Case:
    rules = PYRAMID_PRESETS[preset].with_options(**options)
    return Case(
        "pyramid",
        preset,
        1,
        lambda seed: pyramid_game(seed, rules),
        games(n),
        pyramid_bound,
        public=pyramid_public,
        options=options,
    )


CASES: tuple[Case, ...] = (
    tien_len("source", 3, 40),
    tien_len("source", 4, 40),
    tien_len("standard", 4, 40),
    tien_len("standard", 5, 30),
    tien_len("source", 6, 20),
    tien_len("source", 4, 20, finish="first out", chops=True),
    tien_len("source", 5, 20, pass_locks_out=True, twos_in_straights=True),
    tien_len("source", 4, 20, sets_of_pairs="consecutive", instant_wins=True),
    # playing for points: no going out on a 2, chops after a pass, the frozen
    tien_len("home", 4, 40),
    tien_len("home", 2, 15),
    tien_len("home", 3, 15, no_last_bomb=True),
    tien_len("home", 5, 15),
    three_thirteen("source", 2, 1),
    three_thirteen("natural in every meld", 4, 1),
    three_thirteen("variations", 3, 1),
    # a short turn limit, so that rounds also end by the limit
    three_thirteen("source", 2, 3, stride=2, turn_limit=20),
    tredici("source", 20),
    tredici("simple", 10),
    # random players who may draw instead of playing play on to the turn limit
    tredici("house", 10, turn_limit=300),
    tredici("source", 10, thirteen_window="first action"),
    # the source's race for "last card" in the opponent's turn
    tredici("source", 15, last_card_race=True),
    tredici("source", 10, last_card_race=True, thirteen_penalty=0, hand_size=5),
    # a short turn limit, so that games also end by the limit
    tredici("source", 10, turn_limit=30),
    # a patience: one player, a pyramid, the stock and the waste
    pyramid("source", 30),
    pyramid("one pass", 20),
    pyramid("no limit", 20),
    pyramid("every card", 20, stock_waste_pairs=False),
    pyramid("relaxed", 20),
    # two decks and two jokers from 3 players; pools and deals go on deal after deal
    indian_rummy("source", 2, 30),
    indian_rummy("source", 6, 15),
    indian_rummy("pool 101", 3, 6),
    indian_rummy("pool 201", 5, 3),
    indian_rummy("deals", 4, 8),
    indian_rummy("printed jokers only", 2, 10),
    # one deck and two jokers for three; no wild card from the discard pile after the first turn
    indian_rummy("source", 3, 8, decks=1, jokers_per_deck=2, take_wild_from_discard=False),
    # a short turn limit, so that deals also end by the limit (and a stock made again)
    indian_rummy("pool 101", 2, 4, stride=2, turn_limit=40),
)


# --- the checks -----------------------------------------------------------------------

#: Names of the fields that record what happened rather than where the game stands.
HISTORY_FIELD = re.compile(r"history|moves|(?:^|_)log$")


def snapshot(state: Any) -> tuple[Any, ...]:
    """Every public field of the state, the move history included."""
    return tuple(getattr(state, f.name) for f in fields(state) if not f.name.startswith("_"))


def position(state: Any) -> tuple[Any, ...]:
    """Where the game stands: every public field but the move history."""
    return tuple(
        getattr(state, f.name)
        for f in fields(state)
        if not f.name.startswith("_") and not HISTORY_FIELD.search(f.name)
    )


def shown_cards(observation: Any) -> Iterator[AnyCard]:
    """The cards an observation shows: its cards, piles of cards, and tuples of piles."""
    for f in fields(observation):
        value = getattr(observation, f.name)
        if isinstance(value, (Card, Joker)):
            yield value
        elif isinstance(value, Cards):
            yield from value
        elif isinstance(value, tuple) and value and all(isinstance(v, Cards) for v in value):
            for cards in value:
                yield from cards


def hidden_from(state: Any, seat: int) -> set[AnyCard]:
    """The cards ``seat`` may not see: the other hands, the stock and the cards out of play."""
    hidden: set[AnyCard] = set()
    for name, cards in state.zones().items():
        if name in ("stock", "out of play") or (
            name.startswith("hand ") and name != f"hand {seat}"
        ):
            hidden.update(cards)
    return hidden


def check_hidden_information(case: Case, state: Any, seats: range) -> None:
    public = set(case.public(state))
    for seat in seats:
        observation = state.observation(seat)
        leaked = (set(shown_cards(observation)) & hidden_from(state, seat)) - public
        assert not leaked, f"seat {seat} sees {' '.join(map(str, leaked))} of another zone"
        if hasattr(observation, "hand"):  # (a patience has no hand)
            assert list(observation.hand) == list(state.zones()[f"hand {seat}"])


class NotAnAction:
    """Something that is no action of any game."""

    def __repr__(self) -> str:
        return "NotAnAction()"


def check_illegal(state: Any, action: Any) -> None:
    """``action`` is refused with a reason and the legal actions; applying it raises
    with that reason and changes nothing."""
    legal = state.legal_actions()
    ruling = state.check(action)
    assert not ruling.legal and not state.is_legal(action), action
    assert ruling.reason, f"no reason given for refusing {action}"
    assert list(ruling.alternatives) == list(legal), action
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(action)
    assert ruling.reason in str(error.value)
    assert snapshot(state) == before, f"the refused {action} changed the state"


def play_one(case: Case, seed: int, rng: random.Random) -> Any:
    """One seeded game of random legal moves under every check; returns the final state."""
    start = case.deal(seed)
    assert isinstance(start, GameState), f"{type(start).__name__} is not a GameState"
    deck = start.deck()
    expected = Counter(deck)
    bound = case.bound(start)
    seats = range(start.num_players)
    seen: list[Any] = [NotAnAction()]  # actions legal earlier: mostly illegal later
    state, steps = start, 0
    while not state.is_terminal():
        assert steps < bound, f"{case}, seed {seed}: no end within {bound} steps"
        legal = state.legal_actions()
        assert legal, "a seat to act always has a legal action"
        seat = state.current_player()
        check_hidden_information(case, state, seats if steps % 5 == 0 else range(seat, seat + 1))
        if steps % case.stride == 0:
            here = position(state)
            for action in legal:
                assert position(state.apply_action(action)) != here, (
                    f"{case}, seed {seed}, step {steps}: {action} leaves the position as it was"
                )
        if steps % 4 == 0:
            unlisted = [a for a in rng.sample(seen, min(3, len(seen))) if a not in legal]
            for action in unlisted[:1]:
                if state.check(action).legal:  # an identical copy of a listed card
                    state.apply_action(action)
                else:
                    check_illegal(state, action)
        action = legal[rng.randrange(len(legal))]
        assert state.is_legal(action) and state.check(action).legal
        if len(seen) < 200:
            seen.append(action)
        else:
            seen[rng.randrange(1, 200)] = action
        after = state.apply_action(action)
        assert len(after.moves) == len(state.moves) + 1 and after.moves[-1] == action
        held = Counter(card for cards in after.zones().values() for card in cards)
        if not dict.__eq__(held, expected):  # (a Counter's own == is ten times slower)
            check_conservation(after.zones(), deck)  # raises, naming the cards
        state, steps = after, steps + 1
    check_conservation(state.zones(), deck)
    check_hidden_information(case, state, seats)
    assert not state.legal_actions()
    check_illegal(state, NotAnAction())
    assert len(state.returns()) == start.num_players
    assert replay(case.deal(seed), state.moves) == state
    return state


@pytest.mark.parametrize("case", CASES, ids=str)
def test_random_playouts_keep_the_engine_contract(case: Case) -> None:
    rng = random.Random(str(case))
    for _ in range(case.games):
        play_one(case, rng.randrange(2**32), rng)
