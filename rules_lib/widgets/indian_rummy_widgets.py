"""A game of Indian Rummy against one to five bots (the chapter's widget and the
"indian_rummy" app).

:class:`IndianRummyGame` keeps an :class:`~rules_lib.indian_rummy.game.IndianRummyState`
and the reader's arrangement of their hand in groups (:class:`HandGroups`, plain
data), and redraws from them after each press:

* the table: the stock with the wild card face up beside it, the top of the
  discard pile, each player's cards and totals;
* your hand in group rows (a :class:`~rules_lib.widgets.card_table.CardTable`):
  tap cards, then **Make a group**, or drag them (or press a row's "Move here")
  onto a group; **Ungroup** sends the tapped cards (or, with none tapped, every
  card) back to the loose row; each group is labelled by the library
  (:func:`~rules_lib.render.indian_rummy.group_words`: pure sequence, sequence,
  set, or not a group and why);
* **Draw**, **Take**, tap a card then **Discard**, **Drop** (its cost on the
  button), **Declare** with the tapped card as the finishing card (the groups as
  arranged: a wrong declaration shows the rules' fault and costs its points),
  **Check my declaration** (the same check, no penalty), **Show the best
  grouping** (arranges the groups as :func:`~rules_lib.indian_rummy.groups.best_grouping`
  does and says the points), **Play my turn** (the heuristic bot plays it);
* the bots' turns in a short log; at the end of a deal every hand in its groups
  with its points and why, the score sheet of a pool or of several deals, and
  **Next deal**;
* the game number, the rules, the number of bots, and a link to the game.

An illegal press shows the engine's reason and changes nothing.  The rules live
in :mod:`rules_lib.indian_rummy`; the panes are drawn by
:mod:`rules_lib.render.indian_rummy`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from ..cards import AnyCard, Cards
from ..errors import RulesError
from ..games import find_game
from ..indian_rummy.bots import BOTS
from ..indian_rummy.game import (
    DRAW,
    DROP,
    Action,
    IndianRummyState,
    Move,
    Phase,
    Status,
    new_game,
)
from ..indian_rummy.groups import Grouping, best_grouping, check_declaration
from ..indian_rummy.rules import PRESETS
from ..render import message_html
from ..render.indian_rummy import (
    deal_result_html,
    group_words,
    log_html,
    narrate,
    sheet_html,
    table_html,
)
from ..share import DealLink, make_query
from ._lite import CLEAR
from .card_table import CardTable
from .share_widgets import AppBox, GameControls, ShareLink, follow_game

__all__ = ["NAMES", "HandGroups", "IndianRummyGame", "indian_rummy_app"]

#: The players' names, by seat: the reader is seat 0.
NAMES = ("You", "Bot A", "Bot B", "Bot C", "Bot D", "Bot E")
#: The name of the row of cards in no group, and of the empty row a card may be dragged to.
LOOSE = "loose"
NEW_GROUP = "new group"

_GAME = find_game("indian_rummy")
#: Short names of the rule presets, for links (``?rules=pool-101``): key -> preset name.
RULE_KEYS: dict[str, str] = _GAME.links


def _without(cards: Sequence[AnyCard], gone: Sequence[AnyCard]) -> tuple[AnyCard, ...]:
    rest = list(cards)
    for card in gone:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


@dataclass(frozen=True)
class HandGroups:
    """The reader's hand as they arranged it: groups of cards, and the cards in no
    group (``loose``).  Each change returns a new value.

    >>> from rules_lib.cards import parse_cards
    >>> hand = HandGroups.of(parse_cards("3s 4s 5s 7h 7d 7c Kd"))
    >>> hand = hand.make_group(parse_cards("3s 4s 5s"))
    >>> [str(Cards(g)) for g in hand.groups], str(Cards(hand.loose))
    (['3♠ 4♠ 5♠'], '7♥ 7♦ 7♣ K♦')
    >>> hand = hand.make_group(parse_cards("7h 7d")).move(parse_cards("7c"), 1)
    >>> [str(Cards(g)) for g in hand.groups]
    ['3♠ 4♠ 5♠', '7♥ 7♦ 7♣']
    >>> hand = hand.ungroup(parse_cards("4s"))
    >>> [str(Cards(g)) for g in hand.groups], str(Cards(hand.loose))
    (['3♠ 5♠', '7♥ 7♦ 7♣'], 'K♦ 4♠')
    >>> hand = hand.follow(parse_cards("3s 5s 7h 7d 7c Kd 2c"))   # the 4♠ was discarded, the 2♣ drawn
    >>> [str(Cards(g)) for g in hand.groups], str(Cards(hand.loose))
    (['3♠ 5♠', '7♥ 7♦ 7♣'], 'K♦ 2♣')
    >>> [str(g) for g in hand.declaration(parse_cards("Kd")[0])]
    ['3♠ 5♠', '7♥ 7♦ 7♣', '2♣']
    """

    groups: tuple[tuple[AnyCard, ...], ...] = ()
    loose: tuple[AnyCard, ...] = ()

    @classmethod
    def of(cls, hand: Sequence[AnyCard]) -> HandGroups:
        """A hand with every card loose."""
        return cls((), tuple(hand))

    @classmethod
    def from_grouping(cls, grouping: Grouping) -> HandGroups:
        """The groups of a :class:`~rules_lib.indian_rummy.groups.Grouping`; its other cards loose."""
        loose = list(grouping.ungrouped)
        if grouping.discard is not None:
            loose.append(grouping.discard)
        return cls(tuple(tuple(g.cards) for g in grouping.groups), tuple(loose))

    @property
    def cards(self) -> tuple[AnyCard, ...]:
        return (*(c for g in self.groups for c in g), *self.loose)

    def _clean(self, groups: Sequence[Sequence[AnyCard]], loose: Sequence[AnyCard]) -> HandGroups:
        return HandGroups(tuple(tuple(g) for g in groups if g), tuple(loose))

    def _taken_out(
        self, cards: Sequence[AnyCard]
    ) -> tuple[list[tuple[AnyCard, ...]], list[AnyCard]]:
        return [_without(g, cards) for g in self.groups], list(_without(self.loose, cards))

    def make_group(self, cards: Sequence[AnyCard]) -> HandGroups:
        """``cards`` (taken from wherever they are) become a new group, after the others."""
        cards = [c for c in cards if c in self.cards]
        if not cards:
            return self
        groups, loose = self._taken_out(cards)
        return self._clean([*groups, tuple(cards)], loose)

    def ungroup(self, cards: Sequence[AnyCard] = ()) -> HandGroups:
        """``cards`` go back to the loose row (none named: every card)."""
        if not cards:
            return HandGroups((), self.cards)
        cards = [c for c in cards if c in self.cards]
        groups, loose = self._taken_out(cards)
        return self._clean(groups, [*loose, *cards])

    def move(self, cards: Sequence[AnyCard], group: int | None) -> HandGroups:
        """``cards`` join group number ``group`` (from 0; ``None`` or a number past the
        last: the loose row; exactly one past the last: a new group)."""
        cards = [c for c in cards if c in self.cards]
        if group is None or group > len(self.groups):
            return self.ungroup(cards)
        if group == len(self.groups):
            return self.make_group(cards)
        groups, loose = self._taken_out(cards)
        groups[group] = (*groups[group], *cards)
        return self._clean(groups, loose)

    def follow(self, hand: Sequence[AnyCard]) -> HandGroups:
        """The arrangement kept for ``hand`` (after a draw or a discard): a card gone
        leaves its group, a new card joins the loose row."""
        held = list(hand)
        groups = [tuple(c for c in g if c in held) for g in self.groups]
        loose = [c for c in self.loose if c in held]
        new = [c for c in held if c not in self.cards]
        return self._clean(groups, [*loose, *new])

    def declaration(self, finish: AnyCard | None = None) -> tuple[Cards, ...]:
        """The groups to declare with ``finish`` as the finishing card: the groups,
        then the loose cards (but ``finish``) as one more group."""
        groups = [Cards(c for c in g if c != finish) for g in self.groups]
        rest = Cards(c for c in self.loose if c != finish)
        return tuple(g for g in (*groups, rest) if g)


class IndianRummyGame(widgets.VBox):  # type: ignore[misc]
    """A game of Indian Rummy against one to five bots.

    >>> g = IndianRummyGame(seed=7, bots=1)
    >>> g.my_turn, g.state.phase.value, g.drop_button.description
    (True, 'draw', 'Drop (20)')
    >>> g.draw_button.click()
    >>> g.state.phase.value, len(g.state.hands[0])
    ('discard', 14)
    >>> g.hand.select(g.groups.loose[:1]); g.discard_button.click()   # the bot replies
    >>> "Bot A" in g.record.value, g.my_turn
    (True, True)
    >>> g.discard_button.click()                     # nothing tapped: refused, nothing changes
    >>> 'role="alert"' in g.message.value, g.state.phase.value
    (True, 'draw')
    >>> g.share.link
    '?seed=7&rules=source&bots=1'
    """

    def __init__(
        self, seed: int = 1, bots: int = 1, preset: str = "source", bot: str = "heuristic"
    ) -> None:
        if bot not in BOTS:
            raise RulesError(f"no Indian Rummy bot {bot!r}; choose one of: {', '.join(BOTS)}")
        controls = GameControls.make("indian_rummy", seed, preset)
        self.seed, self.new_button, self.rules = controls.seed, controls.new_button, controls.rules
        self.bots = widgets.Dropdown(
            options=[(f"{n} bot{'s' * (n > 1)}", n) for n in range(1, 6)],
            value=bots,
            description="Against",
            layout=widgets.Layout(width="12rem"),
        )
        self.bot_kind = bot
        self.status = widgets.HTML()
        self.status.add_class("rl-ir-status")
        self.table = widgets.HTML()
        self.table.add_class("rl-ir-table")
        self.hand = CardTable(
            label="your hand",
            draggable=True,
            move_words="Move here",
            _dom_classes=("rl-ir-hand",),
        )
        self.hand.on_move(self._moved)
        self.hand.observe(lambda _c: self._update_buttons(), names="selected")

        def button(description: str, tooltip: str, css: str, **style: object) -> widgets.Button:
            made = widgets.Button(
                description=description,
                tooltip=tooltip,
                layout=widgets.Layout(width="auto", min_width="5.5rem"),
                **style,
            )
            made.add_class(css)
            return made

        self.group_button = button(
            "Make a group", "the tapped cards become a group", "rl-ir-group", button_style="info"
        )
        self.ungroup_button = button(
            "Ungroup", "the tapped cards (or all) back to no group", "rl-ir-ungroup"
        )
        self.best_button = button(
            "Show the best grouping", "arrange the groups with the fewest points", "rl-ir-best"
        )
        self.check_button = button(
            "Check my declaration",
            "would declaring now be right? (no penalty)",
            "rl-ir-check",
        )
        self.draw_button = button("Draw", "draw the top card of the stock", "rl-ir-draw")
        self.take_button = button("Take", "take the top card of the discard pile", "rl-ir-take")
        self.discard_button = button(
            "Discard", "discard the tapped card", "rl-ir-discard", button_style="warning"
        )
        self.declare_button = button(
            "Declare",
            "finish with the tapped card and show your groups",
            "rl-ir-declare",
            button_style="success",
        )
        self.drop_button = button(
            "Drop", "leave the deal for a fixed number of points", "rl-ir-drop"
        )
        self.auto_button = button(
            "Play my turn", "let the heuristic bot play this turn for you", "rl-ir-auto"
        )
        self.next_button = button(
            "Next deal", "deal the next deal", "rl-ir-next", button_style="primary"
        )
        self.message = widgets.HTML()
        self.message.add_class("rl-ir-message")
        self.record = widgets.HTML()
        self.record.add_class("rl-ir-log-box")
        self.result = widgets.HTML()
        self.result.add_class("rl-ir-result")
        self.sheet = widgets.HTML()
        self.sheet.add_class("rl-ir-sheet-box")
        self.share = ShareLink(app="indian_rummy")

        self.new_button.on_click(lambda _b: self.start(self.seed.value))
        self.group_button.on_click(lambda _b: self.make_group())
        self.ungroup_button.on_click(lambda _b: self.ungroup())
        self.best_button.on_click(lambda _b: self.show_best())
        self.check_button.on_click(lambda _b: self.check())
        self.draw_button.on_click(lambda _b: self.play(DRAW))
        self.take_button.on_click(lambda _b: self.play_text("take"))
        self.discard_button.on_click(lambda _b: self.play_tapped(Move.DISCARD))
        self.declare_button.on_click(lambda _b: self.play_tapped(Move.DECLARE))
        self.drop_button.on_click(lambda _b: self.play(DROP))
        self.auto_button.on_click(lambda _b: self.play_turn_for_me())
        self.next_button.on_click(lambda _b: self.next_deal())
        self.bots.observe(lambda _c: self.start(self.seed.value), names="value")
        self.rules.observe(lambda _c: self.start(self.seed.value), names="value")

        wrap = widgets.Layout(flex_flow="row wrap", grid_gap="4px")
        self._group_row = widgets.HBox(
            [self.group_button, self.ungroup_button, self.best_button, self.check_button],
            layout=wrap,
        )
        self._turn_row = widgets.HBox(
            [
                self.draw_button,
                self.take_button,
                self.discard_button,
                self.declare_button,
                self.drop_button,
                self.auto_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px"),
        )
        help_text = widgets.HTML(
            "<p style='margin:.4rem 0;max-width:40rem;line-height:1.4'>Draw from the stock or "
            "take the top discard, then tap a card and <b>Discard</b>. Arrange your hand in "
            "groups: tap cards, then <b>Make a group</b> (or drag cards onto a group, or tap "
            "them and press a row's <b>Move here</b>). To declare, tap the card you finish "
            "with and press <b>Declare</b>: every other card must sit in a group, with two "
            "sequences, one of them pure. Keys: Tab reaches the cards, the arrow keys move "
            "between them, Space taps one.</p>"
        )
        super().__init__(
            [
                widgets.HBox([self.seed, self.bots, self.new_button], layout=wrap),
                self.rules,
                self.status,
                self.table,
                self.hand,
                self._group_row,
                self._turn_row,
                self.next_button,
                self.message,
                self.result,
                widgets.HTML("<p style='margin:.6rem 0 .1rem;font-weight:bold'>What happened</p>"),
                self.record,
                self.sheet,
                help_text,
                self.share,
            ],
            layout=widgets.Layout(width="100%", max_width="44rem"),
        )
        self.add_class("rl-ir-game")
        self.start(seed)

    # -- the game ----------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[: self.state.num_players]

    @property
    def my_turn(self) -> bool:
        """Whether the reader acts now (not between two deals)."""
        state = self.state
        return not state.is_terminal() and state.current_player() == 0 and not self.between

    def start(self, seed: int) -> None:
        """A new game: number ``seed``, the chosen bots and rules; the bots play until your turn."""
        self.seed.value = seed
        players = self.bots.value + 1
        rules = PRESETS[self.rules.value]
        self.state = new_game(seed=seed, players=players, rules=rules)
        self.rng = random.Random(seed)
        self._bots = {s: BOTS[self.bot_kind]() for s in range(1, players)}
        self.lines: list[str] = []
        self._turn: list[Action] = []
        self._turn_start = self.state
        self.between = False
        self._seen = 0
        self.groups = HandGroups.of(self.state.hands[0])
        self._message = message_html(
            f"Game no. {seed}: you against {self.bots.value} bot{'s' * (self.bots.value > 1)}. "
            f"{self.names[self.state.dealer]} dealt.",
            "info",
        )
        self.result.value = ""
        self._run_bots()
        self._after_move()
        self.share.update(
            make_query(seed, _GAME.preset_info(self.rules.value).link, bots=str(self.bots.value))
        )
        self.redraw()

    def _apply(self, action: Action) -> None:
        """Apply ``action``; at the end of a turn, tell it in the log (a draw and its discard
        in one sentence)."""
        before = self.state
        if not self._turn:
            self._turn_start = before
        self._turn.append(action)
        self.state = before.apply_action(action)
        state = self.state
        if (
            state.is_terminal()
            or state.phase is Phase.DRAW
            or state.deal_number != before.deal_number
            or state.current_player() != before.current_player()
        ):
            self.lines.extend(narrate(self._turn_start, self._turn, NAMES))
            self._turn = []
        if len(self.state.results) > self._seen and not self.state.is_terminal():
            self.between = True

    def _run_bots(self) -> None:
        """The bots play until the reader's turn, the end of a deal or of the game."""
        while not self.state.is_terminal() and not self.between:
            seat = self.state.current_player()
            if seat == 0:
                break
            state = self.state
            action = self._bots[seat].choose(
                state.observation(seat), state.legal_actions(), self.rng
            )
            self._apply(action)

    def play(self, action: Action) -> None:
        """Play ``action`` for the reader; the bots then play until the reader's turn.

        A move that may not be made now shows the rules' reason and changes nothing.
        """
        if not self.my_turn:
            what = (
                "The game is over: press New game to play again."
                if self.state.is_terminal()
                else "This deal is over: press Next deal."
                if self.between
                else "It is not your turn."
            )
            self._refuse(what, "info")
            return
        before = self.state
        ruling = before.check(action)
        if not ruling.legal:
            self._refuse(f"You cannot {action}: {ruling.reason}.")
            return
        drawn_from_stock = action.move is Move.DRAW
        self._apply(action)
        self._message = ""
        if drawn_from_stock and self.state.deal_number == before.deal_number:
            new = [c for c in self.state.hands[0] if c not in before.hands[0]]
            if new:
                self._message = message_html(f"You drew the {new[0]}.", "info")
        if action.move is Move.DECLARE:
            held = [c for c in before.hands[0] if c != action.card]
            check = check_declaration(action.groups, before.rules, before.wild_rank, held)
            if not check.valid:
                self._message = message_html(
                    f"Wrong declaration: {check.fault}. It costs you "
                    f"{before.rules.wrong_declaration} points, and you are out of this deal."
                )
        elif action.move is Move.DROP:
            cost = before.rules.drop_points(first=not before.drawn[0])
            self._message = message_html(f"You dropped: {cost} points.", "info")
        self._run_bots()
        self._after_move()
        self.redraw()

    def play_text(self, text: str) -> None:
        """Play a move typed as text (``draw``, ``take``, ``discard 9d``, ``drop``).

        >>> g = IndianRummyGame(seed=7, bots=1)
        >>> g.play_text("discard 9d")
        >>> print(g.message.value.split(">")[1].removesuffix("</div"))
        You cannot discard 9♦: you must draw first: draw from the stock or take the top discard.
        """
        if not self.my_turn:
            self.play(DRAW)  # says why not
            return
        try:
            action = self.state.parse_action(text)
        except RulesError as error:
            try:
                said = str(Action.parse(text))
            except RulesError:
                said = text.strip()
            self._refuse(f"You cannot {said}: {_reason(error)}")
            return
        self.play(action)

    def tapped(self) -> AnyCard | None:
        """The one tapped card of the hand, or ``None`` (with the reason shown)."""
        chosen = self.hand.selected_cards
        if len(chosen) != 1:
            self._refuse(
                "Tap one card first: the card to discard, or to finish with."
                if not chosen
                else f"Tap just one card, not {len(chosen)}: the card to discard, or to finish with.",
                "info" if not chosen else "error",
            )
            return None
        return chosen[0]

    def play_tapped(self, move: Move) -> None:
        """Discard the tapped card, or declare with it as the finishing card."""
        if not self.my_turn:
            self.play(DRAW)  # says why not
            return
        if self.state.phase is Phase.DRAW:
            self._refuse("You must draw first: draw from the stock or take the top discard.")
            return
        card = self.tapped()
        if card is None:
            return
        if move is Move.DISCARD:  # either copy of a card held twice (two decks)
            self.play_text(f"discard {card}")
            return
        self.play(Action(Move.DECLARE, card, self.groups.declaration(card)))

    def play_turn_for_me(self) -> None:
        """Let the heuristic bot play the reader's whole turn (draw and discard)."""
        bot = BOTS["heuristic"]()
        for _ in range(2):
            if not self.my_turn:
                break
            state = self.state
            action = bot.choose(state.observation(0), state.legal_actions(), self.rng)
            if action.move is Move.DECLARE:
                self.groups = HandGroups(tuple(tuple(g) for g in action.groups), (action.card,))
            self.play(action)
            if self.state.phase is Phase.DRAW:
                break

    def next_deal(self) -> None:
        """After a deal's end: on to the next deal (the bots play until your turn)."""
        if not self.between:
            return
        self.between = False
        self._seen = len(self.state.results)
        self.groups = HandGroups.of(self.state.hands[0])
        self._message = message_html(f"Deal {self.state.deal_number}.", "info")
        self.result.value = ""
        self._run_bots()
        self._after_move()
        self.redraw()

    def _after_move(self) -> None:
        """Keep the reader's groups for their new hand; say when a deal or the game ended."""
        state = self.state
        if self.between or state.is_terminal():
            result = state.results[-1]
            self.result.value = deal_result_html(result, self.names, state.rules)
            if state.is_terminal():
                winners = [self.names[s] for s in state.winners()]
                verdict = "You win!" if winners == ["You"] else f"Winner: {' and '.join(winners)}."
                extra = f" {verdict} Press New game to play again."
            else:
                extra = " Press Next deal to go on."
            mine = result.points[0]
            self._message += message_html(
                f"Deal {result.deal_number} is over: you scored {mine}.{extra}", "info"
            )
            self.groups = HandGroups.of(())
            return
        self.groups = self.groups.follow(state.hands[0])

    def _refuse(self, text: str, kind: str = "error") -> None:
        """Say why nothing was played; nothing else changes."""
        self._message = message_html(text, kind)
        self.message.value = self._message

    # -- arranging the hand ------------------------------------------------------

    def make_group(self) -> None:
        chosen = self.hand.selected_cards
        if not chosen:
            self._refuse("Tap the cards of the group first, then Make a group.", "info")
            return
        self.groups = self.groups.make_group(chosen)
        self._message = ""
        self.redraw()

    def ungroup(self) -> None:
        self.groups = self.groups.ungroup(self.hand.selected_cards)
        self._message = ""
        self.redraw()

    def _moved(self, cards: tuple[AnyCard, ...], row: str) -> None:
        if not cards:
            self._refuse("Tap the cards to move first, then Move here.", "info")
            return
        if row == LOOSE:
            index = None
        elif row == NEW_GROUP:
            index = len(self.groups.groups)
        else:
            index = int(row.split()[-1]) - 1
        self.groups = self.groups.move(cards, index)
        self._message = ""
        self.redraw()

    def show_best(self) -> None:
        """Arrange the groups as the library's best grouping does, and say its points."""
        state = self.state
        hand = self.groups.cards
        if not hand:
            return
        best = best_grouping(hand, state.rules, state.wild_rank)
        self.groups = HandGroups.from_grouping(best)
        if best.is_declaration and best.discard is not None:
            words = (
                f"The best grouping: you can declare, finishing with the {best.discard} "
                "(tap it, then Declare)."
            )
        elif best.is_declaration:
            words = "The best grouping is a declaration: draw, then finish with your new card."
        else:
            drop = (
                f" once you throw the {best.discard} (it is tapped)"
                if best.discard is not None
                else ""
            )
            words = f"The best grouping leaves {best.points} points{drop}."
        self._message = message_html(words, "info")
        self.redraw()
        if best.discard is not None:
            self.hand.select([best.discard])

    def check(self) -> None:
        """Say whether the groups as arranged make a right declaration (no penalty)."""
        state = self.state
        hand = self.groups.cards
        if not hand:
            return
        if len(hand) > 13:
            finish = self.hand.selected_cards
            loose = self.groups.loose
            if len(finish) == 1:
                card = finish[0]
            elif len(loose) == 1:
                card = loose[0]
            else:
                self._refuse(
                    "Tap the card you would finish with (it goes on the discard pile), "
                    "then Check my declaration.",
                    "info",
                )
                return
            groups = self.groups.declaration(card)
            rest = [c for c in hand if c != card]
        else:
            card = None
            groups = self.groups.declaration()
            rest = list(hand)
        result = check_declaration(groups, state.rules, state.wild_rank, rest)
        finishing = f", finishing with the {card}" if card is not None else ""
        if result.valid:
            self._message = message_html(f"Right: that declaration{finishing} is valid.", "info")
        else:
            self._message = message_html(
                f"Not yet: {result.fault}. (Declared now{finishing}, it would cost "
                f"{state.rules.wrong_declaration} points.)"
            )
        self.message.value = self._message

    # -- drawing -----------------------------------------------------------------

    def _update_buttons(self) -> None:
        state = self.state
        mine = self.my_turn
        drawing = mine and state.phase is Phase.DRAW
        legal = state.legal_actions() if mine else []
        self.draw_button.disabled = not drawing
        take = next((a for a in legal if a.move is Move.TAKE), None)
        self.take_button.disabled = take is None
        self.take_button.description = f"Take {take.card}" if take is not None else "Take"
        chosen = self.hand.selected_cards
        discarding = mine and state.phase is Phase.DISCARD
        self.discard_button.disabled = not discarding or len(chosen) != 1
        self.declare_button.disabled = not discarding or len(chosen) != 1
        self.drop_button.disabled = not drawing
        cost = state.rules.drop_points(first=not state.drawn[0]) if not state.is_terminal() else 0
        self.drop_button.description = f"Drop ({cost})"
        self.auto_button.disabled = not mine
        self.group_button.disabled = not chosen

    def _rows(self) -> None:
        state = self.state
        rows: dict[str, Sequence[AnyCard]] = {}
        labels: dict[str, str] = {}
        for index, group in enumerate(self.groups.groups):
            name = f"group {index + 1}"
            rows[name] = group
            labels[name] = f"Group {index + 1}: {group_words(group, state.rules, state.wild_rank)}"
        rows[NEW_GROUP] = ()
        labels[NEW_GROUP] = "New group: drag cards here, or tap them and Move here"
        loose = self.groups.loose
        rows[LOOSE] = loose
        labels[LOOSE] = f"Not in a group: {len(loose)} card{'s' * (len(loose) != 1)}"
        with self.hand.hold_sync():
            self.hand.set_rows(rows, labels=labels, targets=True)
            wild = [c for c in self.groups.cards if _is_wild(c, state)]
            names = dict(self.hand.names)
            for code, card in zip(self.hand.codes_of(wild), wild):
                names[code] = f"{card.name} (wild)"
            self.hand.names = names
            self.hand.light(wild)

    def redraw(self) -> None:
        state = self.state
        over = state.is_terminal()
        playing = not over and not self.between and bool(self.groups.cards)
        self.status.value = self._status_html()
        self.table.value = "" if over else table_html(state, self.names)
        self.table.layout.display = "none" if over or self.between else CLEAR
        for part in (self.hand, self._group_row):
            part.layout.display = CLEAR if playing else "none"
        self._turn_row.layout.display = "none" if over or self.between else CLEAR
        self.next_button.layout.display = CLEAR if self.between else "none"
        self._rows()
        self._update_buttons()
        self.message.value = self._message
        self.record.value = log_html(self.lines)
        several = state.rules.format != "points"
        self.sheet.value = sheet_html(state.results, self.names, state.rules) if several else ""

    def _status_html(self) -> str:
        state = self.state
        if state.is_terminal():
            return "<p style='margin:.3rem 0'><b>The game is over.</b></p>"
        if self.between:
            return f"<p style='margin:.3rem 0'><b>Deal {self._seen + 1} is over.</b></p>"
        who = state.current_player()
        if state.statuses[0] is not Status.PLAYING:
            doing = f"You are out of this deal ({state.statuses[0].value})."
        elif who == 0 and state.phase is Phase.DRAW:
            doing = "Your turn: draw from the stock or take the top discard (or drop)."
        elif who == 0:
            doing = "Your turn: tap a card and Discard it, or tap your finishing card and Declare."
        else:
            doing = f"{self.names[who]} to play."
        return (
            f"<p style='margin:.3rem 0' role='status'><b>Deal {state.deal_number}.</b> {doing}</p>"
        )


def _is_wild(card: AnyCard, state: IndianRummyState) -> bool:
    from ..indian_rummy.game import is_wild

    return is_wild(card, state.wild_rank)


def _reason(error: Exception) -> str:
    """The engine's reason, without the list of legal actions it appends."""
    text = str(error)
    return text.split("; legal:")[0].rstrip(".") + "."


def _read_bots(text: str | None, problems: list[str]) -> int | None:
    if text is None:
        return None
    if text.strip() in ("1", "2", "3", "4", "5"):
        return int(text)
    problems.append(f"the link asks for {text!r} bots; choose 1 to 5")
    return None


def indian_rummy_app(query: str | None = None) -> AppBox:
    """The Indian Rummy app: a game as its link asks (``?seed=7&rules=pool-101&bots=2``).

    ``query`` defaults to the query string Voila passes to the kernel.  A bad
    link is named in a visible message and the defaults are used.

    >>> app = indian_rummy_app("seed=7&rules=pool-101&bots=2")
    >>> app.game.seed.value, app.game.rules.value, app.game.state.num_players
    (7, 'pool 101', 3)
    >>> "seed=7&rules=pool-101&bots=2" in app.game.share.link
    True
    >>> "choose 1 to 5" in indian_rummy_app("bots=9").note.value
    True
    """
    game = IndianRummyGame()

    def follow(link: DealLink) -> Sequence[str]:
        problems = list(link.problems)
        menus = [
            (game.rules, RULE_KEYS.get(link.rules or "")),
            (game.bots, _read_bots(link.get("bots"), problems)),
        ]
        follow_game(game.seed, link.seed, menus, lambda: game.start(game.seed.value))
        return problems

    return AppBox(query, RULE_KEYS, follow, [game], game=game)
