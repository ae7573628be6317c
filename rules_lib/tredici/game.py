"""The Tredici engine: :func:`new_game` and :class:`TrediciState` (docs/GAMES.md §5).

**The action model.**  A turn is made of single steps, so a screen can offer
the cards that may come next, one at a time:

* ``Play(card)`` puts one card on the pile (the first card of the turn, the
  next card of the run, the answer to a joker, or the card just drawn);
* ``STOP`` ends the run (``str``: ``stop``);
* ``DRAW`` draws (one card, or 13 when answering a joker you cannot follow);
* ``LAST_CARD`` says "last card"; ``THIRTEEN`` calls "thirteen";
* ``WAIT`` keeps quiet for one step (only in the race reading of "last
  card", ``last_card_race=True``: see below).

The turn passes by itself when the player has nothing left to do but stop: a
joker was played, no card in hand continues the run, and there is no "last
card" to say.  :meth:`TrediciState.legal_actions` is therefore always short (at
most the hand plus three words), and a bot or a screen picks one step at a time.

>>> game = TrediciState.from_position(["Qh Kh As Ks Qc Jc 5d 9s", "2c 3c 4c"], pile="Jd")
>>> print(game.status())
seat 0 plays a card one rank above or below J♦ (a 10 or a Q of any suit)
>>> [str(a) for a in game.legal_actions()]
['Q♥', 'Q♣']
>>> game = game.apply_action("Qh").apply_action("Kh")
>>> [str(a) for a in game.legal_actions()]  # after a king: any queen or any ace
['A♠', 'Q♣', 'stop']
>>> for card in "As Ks Qc Jc".split():  # the translation's run Q K A K Q J on a jack
...     game = game.apply_action(card)
>>> " ".join(str(a) for a in game.moves), game.current_player()  # no 10♣: the turn passed
('Q♥ K♥ A♠ K♠ Q♣ J♣', 1)

(The translation prints the run as bare ranks, Q K A K Q J; the English
original gives the suits, Q♥ K♥ A♠ K♠ Q♣ J♣, and goes on to 10♣.)

**The calls.**  The source makes "last card" a race: a player down to one
card must say it, and draws 13 cards if the opponent calls "thirteen"
before they remember.  The library's default puts the race into turns (the
book's reading): say "last card" (``LAST_CARD``) after the play that leaves
you one card, before your turn ends; the turn stays open for it.  If your
turn ends without it, the opponent may call "thirteen" (``THIRTEEN``) at any
step of their next turn (``thirteen_window="first action"``: only as its
first action), and you draw 13 cards.  Once that turn is over you are safe;
saying it late is allowed.  One call closes the window, whatever it drew.

>>> late = TrediciState.from_position(["Qh Kh 5d", "Qs Js 3c"], pile="Jd")
>>> late = late.apply_action("Qh").apply_action("Kh")
>>> [str(a) for a in late.legal_actions()]
['last card', 'stop']
>>> late = late.apply_action("stop").apply_action("Qs")  # seat 1 plays first...
>>> [str(a) for a in late.legal_actions()], late.current_player()
(['J♠', 'thirteen', 'stop'], 1)
>>> caught = late.apply_action("thirteen")  # ...then calls
>>> len(caught.hands[0]), caught.current_player()
(14, 1)

The race itself is the option ``last_card_race=True``: the one-card player
may still say "last card" at any step of the opponent's turn, until a
"thirteen" is called.  The opponent acts first; after each of their steps
that leaves the turn with them, the one-card player has a step of their
own, ``LAST_CARD`` or ``WAIT``:

>>> race = TrediciState.from_position(
...     ["Qh Kh 5d", "Qs Js 3c"], pile="Jd", rules=TrediciRules(last_card_race=True)
... )
>>> race = race.apply_action("Qh").apply_action("Kh").apply_action("stop").apply_action("Qs")
>>> [str(a) for a in race.legal_actions()], race.current_player()
(['last card', 'wait'], 0)
>>> saved = race.apply_action("last card")  # in time: no call is possible now
>>> [str(a) for a in saved.legal_actions()], saved.current_player()
(['J♠', 'stop'], 1)

**Where the source is silent or unclear** the library chose, as options or
documented defaults (the book's readings): you must play when you can
(``voluntary_draw``); a drawn card waits for your next turn
(``play_drawn_card``); the card answering a joker starts a normal turn, so a
run may follow it (``answer_starts_run``); "last card" is a matter of turns
(``last_card_race``, ``thirteen_window``); the deal goes one card at a time
and seat 0 (or ``first_player``) starts; a joker turned up at the deal goes to
the bottom of the stock; a draw that even a rebuilt stock cannot cover takes
what there is; a "thirteen" on a player who said "last card" is simply not a
legal action; after 5000 turns the game is a draw (``turn_limit``).  The
source does say how the stock is rebuilt when its last card is taken: the
top card of the play pile stays, the rest is shuffled (here from the game's
seed) into a new stock.

Illegal steps raise and say what would be legal; the state is unchanged:

>>> game.apply_action("5d")
Traceback (most recent call last):
...
rules_lib.errors.IllegalActionError: seat 1 cannot play 5♦: it is not in seat 1's hand; legal now: draw
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import AnyCard, Card, Cards, Color, Joker, Rank, Suit, parse_cards, shuffled
from ..engine import LEGAL, TERMINAL, Ruling
from ..errors import IllegalActionError, NotationError, RulesError
from .actions import (
    DRAW,
    LAST_CARD,
    STOP,
    THIRTEEN,
    WAIT,
    Action,
    CallThirteen,
    Draw,
    Play,
    SayLastCard,
    Stop,
    Wait,
    parse_action,
)
from .rules import DECK, TrediciRules
from .runs import _NEIGHBOURS, _first_rule, _followers, _joker_on, _run_rule, fits_on

__all__ = ["TrediciObservation", "TrediciState", "action_words", "new_game"]

_NO_CARDS = Cards()
_DEFAULT = TrediciRules()

# --- hands, as a screen shows them ---------------------------------------------------

_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}


def _hand_key(card: AnyCard) -> tuple[int, int]:
    """Display order of a hand: by suit (♠ ♥ ♦ ♣), ace low, jokers last."""
    if isinstance(card, Joker):
        return (4, 0 if card.color is Color.RED else 1)
    return (_SUIT_ORDER[card.suit], 1 if card.rank is Rank.ACE else int(card.rank))


def _sorted(cards: Iterable[AnyCard]) -> Cards:
    return Cards(sorted(cards, key=_HAND_KEYS.__getitem__))


_HAND_KEYS = {card: _hand_key(card) for card in DECK}
_CANONICAL: dict[AnyCard, AnyCard] = {card: card for card in DECK}


# --- the state --------------------------------------------------------------------


@dataclass(frozen=True)
class TrediciObservation:
    """What one seat may see: its own hand, the public pile, counts of the rest.

    ``drawn`` is the card the player to act just drew and may play (only shown
    to that player); ``run`` the cards played so far this turn; ``player``,
    ``thirteen_called`` and ``race_step`` as in :class:`TrediciState` (what
    everyone at the table knows).
    """

    seat: int
    to_play: int
    hand: Cards
    opponent_cards: int
    top: AnyCard
    pile: Cards
    stock_cards: int
    run: Cards
    run_open: bool
    drawn: AnyCard | None
    forced_suit: Suit | None
    forced_draw: int
    said_last_card: tuple[bool, bool]
    turn_started: bool
    turn: int
    rules: TrediciRules
    player: int = 0
    thirteen_called: bool = False
    race_step: bool = False


@dataclass(frozen=True)
class TrediciState:
    """A Tredici position (immutable); make one with :func:`new_game`.

    Fields a screen reads: ``hands`` (seat 0, seat 1), ``pile`` (bottom first,
    top last), ``stock`` (top first), ``player`` (to act), ``run`` (cards played
    this turn), ``drawn`` (the drawn card that may be played, house rule),
    ``forced_suit`` / ``forced_draw`` (a joker is pending: the suit to play
    and how many cards a player who cannot must draw), ``said_last_card``,
    ``thirteen_called`` (a "thirteen" was called this turn: no second call),
    ``race_step`` (race reading only: the player *not* on turn, who holds one
    card, may say "last card" or wait; :meth:`current_player` is that
    player, while ``player`` stays the one whose turn it is),
    ``winner`` and ``result`` (why the game ended; empty while it goes on),
    ``moves`` (every action since the deal; not part of equality).
    """

    rules: TrediciRules
    seed: int
    hands: tuple[Cards, Cards]
    stock: Cards
    pile: Cards
    player: int = 0
    run: Cards = _NO_CARDS
    run_open: bool = False
    drawn: AnyCard | None = None
    forced_suit: Suit | None = None
    forced_draw: int = 0
    said_last_card: tuple[bool, bool] = (False, False)
    thirteen_called: bool = False
    race_step: bool = False
    turn_started: bool = False
    turn: int = 1
    shuffles: int = 0
    winner: int | None = None
    result: str = ""
    moves: tuple[Action, ...] = field(default=(), compare=False, repr=False)

    # --- making positions --------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        hands: Sequence[str | Iterable[AnyCard]],
        pile: str | Iterable[AnyCard],
        stock: str | Iterable[AnyCard] | None = None,
        *,
        player: int = 0,
        rules: TrediciRules = _DEFAULT,
        seed: int = 0,
    ) -> TrediciState:
        """A position written by hand (for examples, tests and puzzles).

        ``pile`` lists the play pile bottom first, so its last card is on top.
        Every card of the 54 must be somewhere: when ``stock`` is omitted the
        cards not named form the stock (shuffled with ``seed``); when it is
        given (top first), the cards not named go under the play pile.

        >>> state = TrediciState.from_position(["Qh", "2c 3c"], pile="Jd")
        >>> len(state.stock), str(state.top)
        (50, 'J♦')
        """
        if len(hands) != 2:
            raise RulesError(f"Tredici is for 2 players, got {len(hands)} hands")
        if player not in (0, 1):
            raise RulesError(f"player must be seat 0 or 1, not {player!r}")
        parts = [_as_cards(h) for h in hands] + [_as_cards(pile)]
        parts.append(_as_cards(stock) if stock is not None else Cards())
        named = parse_cards([c for part in parts for c in part])  # raises on a duplicate
        for card in named:
            if card not in _CANONICAL:
                raise RulesError(f"{card!r} is not a card of Tredici's one deck")
        parts = [Cards(_CANONICAL[c] for c in part) for part in parts]
        if not parts[2]:
            raise RulesError("the play pile needs at least one card (its top)")
        if isinstance(parts[2][-1], Joker):
            raise RulesError("the top of the play pile must not be a joker in a written position")
        named_set = set(named)
        rest = [c for c in DECK if c not in named_set]
        if stock is None:
            new_stock, new_pile = shuffled(rest, seed), parts[2]
        else:
            new_stock, new_pile = parts[3], Cards([*rest, *parts[2]])
        hands_sorted = (_sorted(parts[0]), _sorted(parts[1]))
        if not all(hands_sorted):
            raise RulesError("each player needs at least one card in a written position")
        return cls(rules, seed, hands_sorted, new_stock, new_pile, player)

    # --- the common game shape -----------------------------------------------------

    @property
    def num_players(self) -> int:
        return 2

    @property
    def top(self) -> AnyCard:
        """The top card of the play pile."""
        return self.pile[-1]

    def deck(self) -> Cards:
        """Every card of the game (for :func:`~rules_lib.engine.check_conservation`)."""
        return DECK

    def current_player(self) -> int:
        """The seat to act: the player on turn, or in a race step the one-card player."""
        if self.result:
            return TERMINAL
        return 1 - self.player if self.race_step else self.player

    def is_terminal(self) -> bool:
        return bool(self.result)

    def returns(self) -> tuple[float, ...]:
        """+1 for the winner, -1 for the loser; 0 each for a draw or a game in progress."""
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every step the player to act may take: plays first, then words, stop, draw."""
        return self._legal

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` (or its text) may be taken now (``check(action).legal``)."""
        try:
            parsed = parse_action(action) if isinstance(action, str) else action
        except NotationError:
            return False
        return parsed in self._legal

    def check(
        self, action: Action | str, names: Sequence[str] = ("seat 0", "seat 1")
    ) -> Ruling[Action]:
        """Whether ``action`` (or its text) may be taken now; if not, why, in words that
        call the seats ``names``, and the legal steps instead.

        >>> state = TrediciState.from_position(["Qh Kh 5d", "Ad 3c 9s"], pile="Jd")
        >>> state.check("Qh").legal
        True
        >>> ruling = state.check("5d")
        >>> print(ruling.reason)
        the first card must be one rank above or below J♦ (a 10 or a Q of any suit)
        >>> [str(a) for a in ruling.alternatives]
        ['Q♥']
        >>> print(state.check("2c", names=("you", "the bot")).reason)
        it is not in your hand
        >>> print(state.check("thirteen", names=("you", "the bot")).reason)
        the bot holds 3 cards, not one
        """
        try:
            parsed = parse_action(action) if isinstance(action, str) else action
        except NotationError as error:
            return Ruling(False, str(error), self._legal)
        if not isinstance(parsed, _ACTION_TYPES):
            return Ruling(
                False, f"{parsed!r} is not a Tredici action (see parse_action)", self._legal
            )
        if parsed in self._legal:
            return LEGAL
        if self.result:
            return Ruling(False, f"the game is over ({self.status(names)})")
        return Ruling(False, self._reason(parsed, names), self._legal)

    def playable(self) -> Cards:
        """The cards the player to act may put on the pile now (to light up on a screen).

        >>> state = TrediciState.from_position(["Qh Kh As Ks 5d", "2c 3c"], pile="Jd")
        >>> str(state.playable()), str(state.apply_action("Qh").playable())
        ('Q♥', 'K♥')
        """
        return Cards(a.card for a in self._legal if isinstance(a, Play))

    def parse_action(self, text: str) -> Action:
        """The legal action the player to act means by ``text``: a card (``"Qh"``,
        ``"K♥"``, ``"play rj"``) or a word (``"draw"``, ``"stop"``, ``"last card"``,
        ``"thirteen"``, ``"wait"``, or the translation's Italian: ``"pesca"``, …).

        Reading the text is :func:`~.actions.parse_action`'s (a text it cannot
        read raises :class:`~rules_lib.errors.NotationError`); this method also
        holds it against the position: an action that is not legal now raises
        :class:`~rules_lib.errors.IllegalActionError` naming the rule and what is
        legal instead, as :meth:`apply_action` does.  (Guided hands,
        :mod:`rules_lib.lesson`, read their moves with it.)

        >>> state = TrediciState.from_position(["Qh Kh 5d", "Ad 3c 9s"], pile="Jd")
        >>> state.parse_action("q♥"), state.apply_action("Qh").parse_action("basta")
        (Play(card=Card.parse('Q♥')), Stop())
        >>> state.parse_action("5d")
        Traceback (most recent call last):
        ...
        rules_lib.errors.IllegalActionError: seat 0 cannot play 5♦: the first card must be one rank above or below J♦ (a 10 or a Q of any suit); legal now: Q♥
        >>> state.parse_action("Qx")
        Traceback (most recent call last):
        ...
        rules_lib.errors.NotationError: cannot read action 'Qx': write a card (Qh, K♥, RJ), draw, stop, last card, thirteen or wait
        """
        action = parse_action(text)
        for legal in self._legal:
            if legal == action:
                return legal
        raise IllegalActionError(self._why_illegal(action))

    def apply_action(self, action: Action | str) -> TrediciState:
        """The state after ``action`` (an action or its text, such as ``"Qh"`` or ``"draw"``).

        Raises :class:`IllegalActionError`, naming what would be legal, and
        leaves ``self`` unchanged when the action is not legal now.
        """
        parsed = parse_action(action) if isinstance(action, str) else action
        if not isinstance(parsed, _ACTION_TYPES) or parsed not in self._legal:
            raise IllegalActionError(self._why_illegal(parsed))
        return self._apply(parsed)

    def observation(self, seat: int) -> TrediciObservation:
        """What ``seat`` sees (never the opponent's hand or the order of the stock)."""
        return TrediciObservation(
            seat=seat,
            to_play=self.current_player(),
            hand=self.hands[seat],
            opponent_cards=len(self.hands[1 - seat]),
            top=self.top,
            pile=self.pile,
            stock_cards=len(self.stock),
            run=self.run,
            run_open=self.run_open,
            drawn=self.drawn if seat == self.player else None,
            forced_suit=self.forced_suit,
            forced_draw=self.forced_draw,
            said_last_card=self.said_last_card,
            turn_started=self.turn_started,
            turn=self.turn,
            rules=self.rules,
            player=self.player,
            thirteen_called=self.thirteen_called,
            race_step=self.race_step,
        )

    def zones(self) -> dict[str, Cards]:
        """Where every card is: both hands, the stock and the play pile."""
        return {
            "hand 0": self.hands[0],
            "hand 1": self.hands[1],
            "stock": self.stock,
            "pile": self.pile,
        }

    # --- words for a screen ------------------------------------------------------

    def status(self, names: Sequence[str] = ("seat 0", "seat 1")) -> str:
        """What happens now, in a sentence; ``names`` names the seats ("you" reads as "you play").

        >>> state = TrediciState.from_position(["Kh RJ 2c 5s", "3c"], pile="Qh")
        >>> print(state.apply_action("Kh").apply_action("RJ").status())
        seat 1 must play a ♥ (the joker on K♥) or draw 13 cards
        >>> print(state.status(names=("you", "the bot")))
        you play a card one rank above or below Q♥ (a J or a K of any suit)
        """
        if self.winner is not None:
            return f"{_says(names[self.winner], 'wins', 'win')}: no cards left"
        if self.result:
            return self.result
        who = names[self.player]
        if self.race_step:
            return (
                f"{names[1 - self.player]} may say 'last card' now, before "
                f"{names[self.player]} calls 'thirteen', or wait"
            )
        if self.drawn is not None:
            return f"{who} drew {self.drawn} and may play it, or stop"
        if self.run:
            if self.run_open and any(isinstance(a, Play) for a in self._legal):
                return f"{who} may go on with the run from {self.run[-1]}, or stop"
            return f"{_says(who, 'has', 'have')} one card left and may say 'last card', or stop"
        if self.forced_suit is not None:
            count = f"{self.forced_draw} cards" if self.forced_draw != 1 else "1 card"
            return f"{who} must play a {self.forced_suit} (the joker on K{self.forced_suit}) or draw {count}"
        rule = _first_rule(self.top)[len("the first card must be ") :]
        return f"{_says(who, 'plays', 'play')} a card {rule}"

    # --- internals ---------------------------------------------------------------

    @property
    def _legal(self) -> tuple[Action, ...]:
        cached: tuple[Action, ...] | None = self.__dict__.get("_legal_cache")
        if cached is None:
            cached = self.__dict__["_legal_cache"] = self._compute_legal()
        return cached

    def _compute_legal(self) -> tuple[Action, ...]:
        if self.result:
            return ()
        if self.race_step:
            return (LAST_CARD, WAIT)
        me = self.player
        hand = self.hands[me]
        actions: list[Action] = []
        tail: list[Action] = []
        if self.drawn is not None:
            actions.append(Play(self.drawn))
            tail.append(STOP)
        elif self.run:
            if self.run_open:
                last = self.run[-1]
                actions.extend(Play(c) for c in _followers(last, hand))
            tail.append(STOP)
        else:
            plays = [Play(c) for c in self._first_cards()]
            actions.extend(plays)
            if not plays or (self.rules.voluntary_draw and self._drawable > 0):
                tail.append(DRAW)
        if self.rules.last_card_rule:
            if len(hand) == 1 and not self.said_last_card[me]:
                actions.append(LAST_CARD)
            if self._thirteen_open:
                actions.append(THIRTEEN)
        return tuple(actions + tail)

    def _first_cards(self) -> list[AnyCard]:
        hand = self.hands[self.player]
        if self.forced_suit is not None:
            suit = self.forced_suit
            return [c for c in hand if isinstance(c, Card) and c.suit is suit]
        top = self.top
        if not isinstance(top, Card):
            return []
        near = _NEIGHBOURS[top.rank]
        return [c for c in hand if (c.rank in near if isinstance(c, Card) else _joker_on(top, c))]

    @property
    def _drawable(self) -> int:
        return len(self.stock) + len(self.pile) - 1

    @property
    def _thirteen_open(self) -> bool:
        other = 1 - self.player
        return (
            len(self.hands[other]) == 1
            and not self.said_last_card[other]
            and not self.thirteen_called
            and (self.rules.thirteen_window == "turn" or not self.turn_started)
        )

    def _race_due(self, before: TrediciState) -> bool:
        """Whether, after a step of the player on turn, the one-card opponent gets a race step."""
        return (
            self.rules.last_card_race
            and self.rules.last_card_rule
            and not self.result
            and self.turn == before.turn
            and self._thirteen_open
        )

    def _take(self, count: int) -> tuple[list[AnyCard], dict[str, Any]]:
        """Draw ``count`` cards, rebuilding the stock from the pile when it runs out."""
        stock, pile, shuffles = self.stock, self.pile, self.shuffles
        taken: list[AnyCard] = []
        while len(taken) < count:
            if not stock:
                if len(pile) <= 1:
                    break
                stock, pile, shuffles = self._rebuilt(pile, shuffles)
            k = min(count - len(taken), len(stock))
            taken.extend(stock[:k])
            stock = Cards(stock[k:])
        if not stock and len(pile) > 1:  # the source rebuilds as soon as the last card is taken
            stock, pile, shuffles = self._rebuilt(pile, shuffles)
        return taken, {"stock": stock, "pile": pile, "shuffles": shuffles}

    def _rebuilt(self, pile: Cards, shuffles: int) -> tuple[Cards, Cards, int]:
        """Keep the top of the pile; the rest, shuffled (seeded), is the new stock."""
        seed = self.seed * 1_000_003 + shuffles + 1
        return shuffled(pile[:-1], seed), Cards(pile[-1:]), shuffles + 1

    def _evolve(self, action: Action | None, changes: dict[str, Any]) -> TrediciState:
        """A copy with ``changes`` (and ``action`` added to the moves).

        Much faster than :func:`dataclasses.replace`; the copy drops the cached
        legal actions, and fields are only ever set here.
        """
        values = dict(self.__dict__)
        values.pop("_legal_cache", None)
        values.update(changes)
        if action is not None:
            values["moves"] = (*self.moves, action)
        state = object.__new__(TrediciState)
        state.__dict__.update(values)
        return state

    def _apply(self, action: Action) -> TrediciState:
        if self.race_step:  # the one-card player's step in the race reading
            changes: dict[str, Any] = {"race_step": False}
            if isinstance(action, SayLastCard):
                said = [*self.said_last_card]
                said[1 - self.player] = True
                changes["said_last_card"] = (said[0], said[1])
            return self._evolve(action, changes)
        state = self._apply_step(action)
        if state._race_due(self):
            state = state._evolve(None, {"race_step": True})
        return state

    def _apply_step(self, action: Action) -> TrediciState:
        """The state after a step of the player on turn."""
        me = self.player
        said = [*self.said_last_card]
        changes: dict[str, Any]
        if isinstance(action, Play):
            card = action.card
            held = self.hands[me]
            at = -1
            for i, c in enumerate(held):  # by identity first: faster than ==
                if c is card:
                    at = i
                    break
            if at < 0:
                at = held.index(card)
                card = held[at]  # the very object of the deck, not an equal copy
            hand = Cards((*held[:at], *held[at + 1 :]))
            said[me] = False
            changes = {
                "hands": (hand, self.hands[1]) if me == 0 else (self.hands[0], hand),
                "pile": Cards((*self.pile, card)),
                "run": Cards((*self.run, card)),
                "drawn": None,
                "said_last_card": (said[0], said[1]),
                "turn_started": True,
            }
            if not hand:
                changes.update(winner=me, result=f"seat {me} wins: no cards left", run_open=False)
                return self._evolve(action, changes)
            if isinstance(card, Joker):
                king = self.pile[-1] if not self.run else self.run[-1]
                assert isinstance(king, Card)
                changes.update(
                    forced_suit=king.suit, forced_draw=self.rules.joker_draw, run_open=False
                )
            elif self.forced_suit is not None:
                changes.update(
                    forced_suit=None, forced_draw=0, run_open=self.rules.answer_starts_run
                )
            else:
                changes["run_open"] = True
            goes_on = (self.rules.last_card_rule and len(hand) == 1) or (
                changes["run_open"] and _followers(card, hand)
            )
            if not goes_on:  # nothing left but "stop": the turn passes by itself
                self._end_turn(changes)
            return self._evolve(action, changes)
        if isinstance(action, Draw):
            count = self.forced_draw if self.forced_suit is not None else 1
            taken, changes = self._take(count)
            hand = _sorted((*self.hands[me], *taken))
            said[me] = False
            changes.update(
                hands=(hand, self.hands[1]) if me == 0 else (self.hands[0], hand),
                said_last_card=(said[0], said[1]),
                turn_started=True,
            )
            if self.forced_suit is not None:
                changes["forced_draw"] = 1
            if self.rules.play_drawn_card and count == 1 and len(taken) == 1:
                drawn = taken[0]
                fits = (
                    isinstance(drawn, Card) and drawn.suit is self.forced_suit
                    if self.forced_suit is not None
                    else fits_on(self.top, drawn)
                )
                if fits:
                    changes["drawn"] = drawn
                    return self._evolve(action, changes)
            self._end_turn(changes)
            return self._evolve(action, changes)
        if isinstance(action, Stop):
            changes = {}
            self._end_turn(changes)
            return self._evolve(action, changes)
        if isinstance(action, SayLastCard):
            said[me] = True
            changes = {"said_last_card": (said[0], said[1]), "turn_started": True}
            if self.run and not any(isinstance(a, Play) for a in self._legal):
                self._end_turn(changes)  # said after the last card of the run
            return self._evolve(action, changes)
        # CallThirteen: the opponent draws the penalty; the caller's turn goes on.
        # The call closes the window even when there was nothing left to draw.
        other = 1 - me
        taken, changes = self._take(self.rules.thirteen_penalty)
        hand = _sorted((*self.hands[other], *taken))
        said[other] = False
        changes.update(
            hands=(hand, self.hands[1]) if other == 0 else (self.hands[0], hand),
            said_last_card=(said[0], said[1]),
            thirteen_called=True,
            turn_started=True,
        )
        return self._evolve(action, changes)

    def _end_turn(self, changes: dict[str, Any]) -> None:
        """Add to ``changes`` what passing the turn changes (and the turn limit)."""
        changes.update(
            player=1 - self.player,
            run=_NO_CARDS,
            run_open=False,
            drawn=None,
            thirteen_called=False,
            race_step=False,
            turn_started=False,
            turn=self.turn + 1,
        )
        limit = self.rules.turn_limit
        if limit is not None and self.turn >= limit:
            changes["result"] = f"a draw: the turn limit ({limit} turns) was reached"

    def _why_illegal(self, action: Action) -> str:
        """The message of the error an illegal ``action`` raises."""
        ruling = self.check(action)
        if not isinstance(action, _ACTION_TYPES):
            return ruling.text(label="legal now")
        if self.result:
            return f"the game is over ({self.result}); no action is legal"
        who = f"seat {self.current_player()}"
        return f"{who} cannot {action_words(action)}: {ruling.text(label='legal now')}"

    def _reason(self, action: Action, names: Sequence[str]) -> str:
        if self.race_step:
            return (
                f"it is {_possessive(names[self.player])} turn: "
                f"{names[1 - self.player]} may only say 'last card' now, or wait"
            )
        if isinstance(action, Wait):
            return (
                "'wait' is only a step for a player who holds one card during the "
                "opponent's turn (last_card_race=True)"
            )
        me = self.player
        hand = self.hands[me]
        if isinstance(action, Play):
            card = action.card
            if card not in hand:
                return f"it is not in {_possessive(names[me])} hand"
            if self.drawn is not None:
                return f"after drawing you may only play the card you drew ({self.drawn}), or stop"
            if self.run:
                if not self.run_open:
                    last = self.run[-1]
                    if isinstance(last, Joker):
                        return "a joker ends the run"
                    return "the card that answers a joker ends the turn (house rule)"
                return f"it cannot follow {self.run[-1]} in a run: " + _run_rule(self.run[-1], card)
            if self.forced_suit is not None:
                return (
                    f"a joker is pending: play a {self.forced_suit} or draw "
                    f"{self.forced_draw} card{'s' if self.forced_draw != 1 else ''}"
                )
            if isinstance(card, Joker):
                return (
                    f"a joker goes only on a king of its colour (red on ♥ ♦, black on ♠ ♣), "
                    f"not on {self.top}"
                )
            return _first_rule(self.top)
        if isinstance(action, Draw):
            if self.drawn is not None:
                return "you have drawn already: play the drawn card or stop"
            if self.run:
                return "you have started a run: go on with it or stop"
            if self._drawable == 0:
                return "there is nothing left to draw and you can play"
            return "you must play when you can (drawing instead is the house rule voluntary_draw)"
        if isinstance(action, Stop):
            return "you have not played yet this turn: play a card or draw"
        if not self.rules.last_card_rule:
            return "these rules have no 'last card' / 'thirteen' calls (last_card_rule=False)"
        if isinstance(action, SayLastCard):
            if len(hand) != 1:
                return f"you hold {len(hand)} cards; 'last card' is said with exactly one"
            return "you have said it already"
        other = 1 - me
        if len(self.hands[other]) != 1:
            return f"{_says(names[other], 'holds', 'hold')} {len(self.hands[other])} cards, not one"
        if self.said_last_card[other]:
            return f"{names[other]} said 'last card' in time"
        if self.thirteen_called:
            return "'thirteen' has been called already this turn"
        return "'thirteen' must be your first action of the turn (thirteen_window='first action')"

    def __repr__(self) -> str:
        return (
            f"<TrediciState turn {self.turn}, seat {self.player} to act, top {self.top}, "
            f"hands {len(self.hands[0])}+{len(self.hands[1])}, stock {len(self.stock)}"
            f"{', ' + self.result if self.result else ''}>"
        )


_ACTION_TYPES = (Play, Draw, Stop, SayLastCard, CallThirteen, Wait)


def _says(name: str, third: str, second: str) -> str:
    """``name`` and the verb agreeing with it: "seat 1 plays", "you play"."""
    return f"{name} {second if name.lower() == 'you' else third}"


def _possessive(name: str) -> str:
    return "your" if name.lower() == "you" else f"{name}'s"


def action_words(action: Action) -> str:
    """An action as a verb phrase, for messages: ``play K♥``, ``say 'last card'``.

    >>> action_words(DRAW), action_words(SayLastCard())
    ('draw', "say 'last card'")
    """
    if isinstance(action, Play):
        return f"play {action.card}"
    return {
        Draw: "draw",
        Stop: "stop",
        SayLastCard: "say 'last card'",
        CallThirteen: "call 'thirteen'",
        Wait: "wait",
    }[type(action)]


def _as_cards(cards: str | Iterable[AnyCard]) -> Cards:
    return parse_cards(cards) if isinstance(cards, str) else Cards(cards)


def new_game(seed: int, rules: TrediciRules = _DEFAULT, *, first_player: int = 0) -> TrediciState:
    """A seeded deal: 13 cards each (one at a time), one card up, the rest the stock.

    The same seed deals the same cards on every machine.  If the card to turn
    up is a joker it goes to the bottom of the stock and the next is turned
    (the source is silent; a joker cannot start the pile).

    >>> game = new_game(2026)
    >>> len(game.hands[0]), len(game.hands[1]), len(game.pile), len(game.stock)
    (13, 13, 1, 27)
    >>> new_game(2026) == game, game.current_player()
    (True, 0)
    """
    if first_player not in (0, 1):
        raise RulesError(f"first_player must be seat 0 or 1, not {first_player!r}")
    deck = shuffled(DECK, seed)
    n = rules.hand_size
    first, second = _sorted(deck[0 : 2 * n : 2]), _sorted(deck[1 : 2 * n : 2])
    hands = (first, second) if first_player == 0 else (second, first)
    rest = list(deck[2 * n :])
    buried: list[AnyCard] = []
    while isinstance(rest[0], Joker):
        buried.append(rest.pop(0))
    up = rest.pop(0)
    return TrediciState(rules, seed, hands, Cards([*rest, *buried]), Cards([up]), first_player)
