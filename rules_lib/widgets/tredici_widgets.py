"""A game of Tredici against the bot (the chapter's widget and the "tredici" app).

:class:`TrediciGame` keeps a :class:`~rules_lib.engine.Session` (you are seat 0,
the bot seat 1) and redraws from its state after each click:

* your hand as card pictures (a :class:`~rules_lib.widgets.card_table.CardTable`),
  the cards you may play now lit in gold (:meth:`TrediciState.playable`); pressing
  (clicking, tapping, Space or Enter) a card plays it, one step of a
  run at a time; a card that may not be played leaves a message naming the
  rule and changes nothing (a step typed as text, :meth:`TrediciGame.play_text`,
  gets the same words);
* Stop and Draw; "Last card!" and "Thirteen!" (never lit: remembering them
  is part of the game; the bot may catch you, and it sometimes forgets).
  The presets use the book's reading of "last card" (say it before your turn
  ends); a position started with ``last_card_race=True`` also shows "Wait",
  for the steps of the bot's turn in which you may still say it;
* the top of the pile, the stock, the bot's card count, what happens now,
  the bot's moves as a log with pictures, the winner;
* a game number, the rule preset, a link to the game; a hint and a
  "play for me" button that use the bot's own choice.

All the rules live in :mod:`rules_lib.tredici` and the HTML panes are drawn by
:mod:`rules_lib.render.tredici`; this module lays out, wires the buttons and redraws.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as widgets

from ..cards import AnyCard
from ..engine import Bot, Session
from ..errors import NotationError, RulesError, UnknownOptionError
from ..games import find_game
from ..render import message_html
from ..render.tredici import (
    hand_label_html,
    log_html,
    penalty_text,
    status_html,
    table_html,
)
from ..resume import moves_text, replay_text
from ..share import DealLink, make_query
from ..tredici import (
    DRAW,
    LAST_CARD,
    PRESETS,
    STOP,
    THIRTEEN,
    WAIT,
    Action,
    Play,
    TrediciBot,
    TrediciState,
    TurnReport,
    action_words,
    describe_turns,
    new_game,
    parse_action,
)
from ..tredici.bots import search_bot
from ..tredici.explain import read_step
from .card_table import CardTable
from .share_widgets import AppBox, GameControls, ShareLink, UrlSync, follow_game, link_choice

__all__ = ["NAMES", "OPPONENTS", "RULE_CHOICES", "TrediciGame", "tredici_app"]

#: How the two seats are named on screen.
NAMES = ("you", "the bot")

_GAME = find_game("tredici")
#: The rule presets a reader can pick: preset name -> label (from :mod:`rules_lib.games`).
RULE_CHOICES: dict[str, str] = {p.name: p.title for p in _GAME.preset_infos}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


#: Who you play against, link key -> label (from :mod:`rules_lib.games`): the
#: book's bot, or the search bot (rules_lib.search).
OPPONENTS: dict[str, str] = _GAME.opponents


class TrediciGame(widgets.VBox):  # type: ignore[misc]
    """A whole game of Tredici against :class:`~rules_lib.tredici.TrediciBot`.

    >>> game = TrediciGame(seed=3)
    >>> game.state.turn, len(game.hand_table.cards), str(game.state.top)
    (1, 13, 'K♥')
    >>> game.hand_table.lit  # the cards you may play now
    ['A♦', 'Q♦']
    >>> game.press("J♣")  # not playable: a message says why, nothing changes
    >>> print(game.message.value.split(">")[1].removesuffix("</div"))
    You cannot play J♣: the first card must be one rank above or below K♥ (a Q or an A of any suit), or the red joker.
    >>> len(game.state.hands[0])
    13
    >>> game.hand_table.click("A♦")  # a run, one card at a time: now only 2♦ may follow
    >>> game.hand_table.lit
    ['2♦']
    >>> game.press("2♦"); game.press("3♦")  # nothing follows 3♦: the bot answers at once
    >>> [report.text for report in game.reports]
    ['you played A♦ 2♦ 3♦', 'the bot played 2♥ 3♥']
    >>> game.last_button.click()  # ten cards left: a message, no penalty
    >>> "you hold 10 cards" in game.message.value
    True
    >>> game.seed.value = 4
    >>> game.new_button.click()
    >>> game.state.turn, game.share.link
    (1, '?seed=4&rules=source')
    """

    def __init__(
        self,
        seed: int = 1,
        rules: str = "source",
        *,
        catch: float = 0.5,
        remember: float = 0.75,
        against: str = "book",
        sync_address: bool = False,
    ) -> None:
        # the page's address keeps the game so far and the games won (apps only)
        self.address = UrlSync() if sync_address else None
        #: games won this sitting: by you, by the bot (drawn games count for neither)
        self.won = [0, 0]
        self._counted = False
        if rules not in RULE_CHOICES:
            raise UnknownOptionError(
                f"no Tredici rules {rules!r}; choose one of: {', '.join(RULE_CHOICES)}"
            )
        if against not in OPPONENTS:
            raise UnknownOptionError(
                f"no Tredici opponent {against!r}; choose one of: {', '.join(OPPONENTS)}"
            )
        controls = GameControls.make("tredici", seed, rules)
        self.seed, self.new_button, self.rules = controls.seed, controls.new_button, controls.rules
        self.catch = catch
        self.remember = remember
        self.opponent = GameControls.against("tredici", against)
        self.random_button = widgets.Button(
            description="Random game", tooltip="deal a game with a random number"
        )
        self.table = widgets.HTML()
        self.table.add_class("rl-td-table-box")
        self.status = widgets.HTML()
        self.status.add_class("rl-td-status")
        self.message = widgets.HTML()
        self.message.add_class("rl-td-message")
        self.hand_label = widgets.HTML()
        # the class in the widget's first state, not added after: anywidget applies a
        # later update only once its front end has loaded, which may be after the view
        # was drawn (seen with the book's widgets live in place)
        self.hand_table = CardTable(
            label="your hand: press a card to play it",
            single=True,
            toggles=False,
            _dom_classes=("rl-td-hand",),
        )
        self.hand_table.observe(self._card_pressed, names="selected")
        self.stop_button = self._word_button("Stop", "end your turn here", STOP, "rl-td-stop")
        self.draw_button = self._word_button(
            "Draw",
            "draw from the stock (13 cards if you cannot answer a joker)",
            DRAW,
            "rl-td-draw",
        )
        self.last_button = self._word_button(
            "Last card!", "say 'last card' (ultima carta) when one card is left", LAST_CARD
        )
        self.last_button.add_class("rl-td-last")
        self.thirteen_button = self._word_button(
            "Thirteen!", "call 'thirteen' if the bot has one card and forgot 'last card'", THIRTEEN
        )
        self.thirteen_button.add_class("rl-td-thirteen")
        self.wait_button = self._word_button(
            "Wait", "say nothing yet: the bot goes on with its turn", WAIT, "rl-td-wait"
        )
        self.wait_button.layout.display = "none"
        self.hint_button = widgets.Button(
            description="Hint", tooltip="what the bot would do in your place"
        )
        self.hint_button.add_class("rl-td-hint")
        self.auto_button = widgets.Button(
            description="Play for me", tooltip="take the step the bot would take in your place"
        )
        self.auto_button.add_class("rl-td-auto")
        self.turn_log = widgets.HTML()
        self.score = widgets.HTML()
        self.turn_log.add_class("rl-td-log-box")
        self.share = ShareLink()
        self.new_button.on_click(lambda _b: self.new_game(self.seed.value))
        self.random_button.on_click(lambda _b: self.new_game(random.randrange(10**6)))
        self.rules.observe(lambda _c: self.new_game(self.seed.value), names="value")
        self.opponent.observe(lambda _c: self.new_game(self.seed.value), names="value")
        self.hint_button.on_click(lambda _b: self.hint())
        self.auto_button.on_click(lambda _b: self.play_for_me())
        row = widgets.Layout(flex_flow="row wrap", grid_gap="4px")
        help_text = widgets.HTML(
            "<p style='margin:.4rem 0;max-width:40rem;line-height:1.4'>Press a card to play it: "
            "the cards you may play now are lit in gold, one step of a run at a time. "
            "Say <b>Last card!</b> when one card is left, before your turn ends (the book's "
            "reading of the rule). Keys: Tab reaches the cards, the arrow keys move between "
            "them, Space or Enter plays one.</p>"
        )
        super().__init__(
            [
                widgets.HBox([self.seed, self.new_button, self.random_button], layout=row),
                self.rules,
                self.opponent,
                self.table,
                self.status,
                self.message,
                self.hand_label,
                self.hand_table,
                widgets.HBox(
                    [
                        self.stop_button,
                        self.draw_button,
                        self.last_button,
                        self.thirteen_button,
                        self.wait_button,
                    ],
                    layout=row,
                ),
                widgets.HBox([self.hint_button, self.auto_button], layout=row),
                help_text,
                self.turn_log,
                self.score,
                self.share,
                *([self.address] if self.address is not None else []),
            ],
            layout=widgets.Layout(width="100%", max_width="46rem"),
        )
        self.add_class("rl-tredici")
        self._helper = TrediciBot(catch=1.0, remember=1.0)
        self.new_game(seed)

    # -- the game ------------------------------------------------------------

    @property
    def state(self) -> TrediciState:
        return self.session.state

    def new_game(self, seed: int) -> None:
        """Deal game number ``seed`` under the chosen rules; you play first."""
        self.seed.value = seed
        rules = PRESETS[self.rules.value]
        self._start(Session(new_game(seed, rules), {1: self._bot()}, human=0, seed=seed))
        extra = self.opponent.query()
        self.share.update(make_query(seed, _GAME.preset_info(self.rules.value).link, **extra))
        self.redraw()

    def _bot(self) -> Bot[Action]:
        if self.opponent.value == "search":
            return search_bot()
        return TrediciBot(catch=self.catch, remember=self.remember)

    def start_from(self, state: TrediciState) -> None:
        """Play on from a written position (a puzzle, an example); the bot moves first if it is its turn.

        >>> game = TrediciGame()
        >>> game.start_from(TrediciState.from_position(["Qh 5c", "Ad 3c 9s"], pile="Jd"))
        >>> game.hand_table.cards
        (Card.parse('Q♥'), Card.parse('5♣'))
        """
        session = Session(state, {1: self._bot()}, human=0, seed=state.seed)
        self._start(session)
        session.run_bots()
        self._absorb()
        self.redraw()

    def resume(self, moves: str, won: str = "") -> list[str]:
        """Play on from the moves a link holds (after :meth:`new_game`), and
        take back the games won; what cannot be read is named."""
        problems = []
        if won:
            parts = won.split("-")
            if len(parts) == 2 and all(p.isdigit() for p in parts):
                self.won = [int(parts[0]), int(parts[1])]
            else:
                problems.append(f"the games won in the link are two numbers, as 2-1, not {won!r}")
        if moves:
            try:
                state = replay_text(self.session.initial, moves, _read_tredici)
            except RulesError as error:
                problems.append(f"the game in the link: {error}; it starts again")
            else:
                self.session.state = state
                self.session.moves = list(state.moves)
                self.session.run_bots()
                self._absorb()
                self._counted = state.is_terminal()
                self._message = message_html(
                    f"Game no. {self.seed.value} goes on where it was.", "info"
                )
        self.redraw()
        return problems

    def _start(self, session: Session[TrediciState]) -> None:
        self._counted = False
        self.session = session
        self.reports: list[TurnReport] = []
        self._current: TurnReport | None = None
        self._mark: tuple[TrediciState, int] = (self.state, 0)
        self._message = ""

    def act(self, action: Action) -> None:
        """Take ``action`` for you; the bot answers. An illegal one only leaves a message."""
        state = self.state
        if state.is_terminal():
            self._message = message_html(
                f"The game is over ({_capital(state.status(NAMES))}). Press New game to play again.",
                "info",
            )
            self.redraw()
            return
        ruling = state.check(action, NAMES)
        if not ruling.legal:
            self._message = message_html(f"You cannot {action_words(action)}: {ruling.reason}.")
            self.redraw()
            return
        replies = self.session.play(action)
        notes = []
        if action == THIRTEEN:
            notes.append(
                message_html(
                    "Caught! The bot had not said 'last card': it "
                    + penalty_text(state.apply_action(THIRTEEN), state, 1)
                    + ".",
                    "info",
                )
            )
        replayed = state.apply_action(action)
        for seat, reply in replies:
            if seat == 1 and reply == THIRTEEN:
                called = replayed.apply_action(THIRTEEN)
                notes.append(
                    message_html(
                        "The bot called 'thirteen': you had one card and had not said "
                        f"'last card', so you {penalty_text(called, replayed, 0)}."
                    )
                )
            replayed = replayed.apply_action(reply)
        self._message = "".join(notes)
        self._absorb()
        self.redraw()

    def press(self, card: str | AnyCard) -> None:
        """Play ``card`` (a card, or text such as ``"Q♥"`` or ``"Qh"``: see
        :meth:`play_text`), as pressing it does."""
        if isinstance(card, str):
            self.play_text(card)
            return
        held = next((c for c in self.state.hands[0] if c == card or str(c) == str(card)), card)
        self.act(Play(held))

    def play_text(self, text: str) -> None:
        """Take a step typed as text: a card (``Qh``, ``Q♥``) or ``draw``, ``stop``,
        ``last card``, ``thirteen``.

        A step that may not be taken now gets the words the same step taken
        with the cards and buttons gets; a text that cannot be read is named,
        with a step that could be typed instead.  Either way nothing changes.

        >>> game = TrediciGame(seed=3)
        >>> game.play_text("jc")
        >>> print(game.message.value.split(">")[1].removesuffix("</div"))
        You cannot play J♣: the first card must be one rank above or below K♥ (a Q or an A of any suit), or the red joker.
        >>> game.play_text("J")
        >>> print(game.message.value.split(">")[1].removesuffix("</div"))
        “J” is not a card: a card is a rank and a suit, such as 'As', 'A♠' or '10h'. Type a step such as “A♦”.
        """
        if self.state.is_terminal():
            self.act(STOP)  # says the game is over
            return
        try:
            action = read_step(self.state, text)
        except NotationError as error:
            self._message = message_html(str(error))
            self.message.value = self._message  # nothing else changes
            return
        self.act(action)

    def suggestion(self) -> Action | None:
        """The step the bot you play against would take in your place (None when
        it is not your turn); the same position always gets the same answer."""
        state = self.state
        if not self.session.my_turn:
            return None
        if self.opponent.value == "search":
            rng = random.Random(f"{state.seed} {len(state.moves)}")
            return search_bot().choose(state.observation(0), state.legal_actions(), rng)
        return self._helper.choose(state.observation(0), state.legal_actions(), random.Random(0))

    def hint(self) -> None:
        action = self.suggestion()
        if action is None:
            self._message = message_html("The game is over: press New game.", "info")
        else:
            who = "the search bot" if self.opponent.value == "search" else "the bot"
            self._message = message_html(f"Hint: {who} would {action_words(action)}.", "info")
        self.redraw()

    def play_for_me(self) -> None:
        action = self.suggestion()
        if action is None:
            self.hint()
            return
        self.act(action)

    def _absorb(self) -> None:
        """Turn the moves made since the last finished turn into log entries."""
        start, index = self._mark
        moves = self.session.moves[index:]
        self._current = None
        for report in describe_turns(start, moves, NAMES):
            if report.finished:
                self.reports.append(report)
                index += len(report.after.moves) - len(start.moves)
                start = report.after
            else:
                self._current = report
        self._mark = (start, index)

    # -- drawing -------------------------------------------------------------

    def _word_button(
        self, text: str, tip: str, action: Action, css: str | None = None
    ) -> widgets.Button:
        button = widgets.Button(
            description=text, tooltip=tip, layout=widgets.Layout(width="auto", min_width="6.5rem")
        )
        button.on_click(lambda _b: self.act(action))
        if css:
            button.add_class(css)
        return button

    def _card_pressed(self, change: dict[str, object]) -> None:
        """A card of the hand was pressed (selected in the page): play it."""
        chosen = self.hand_table.selected_cards
        if chosen:  # (the redraw shows the hand again, nothing selected)
            self.act(Play(chosen[0]))

    def redraw(self) -> None:
        state = self.state
        mine = state.player == 0 and not state.is_terminal()
        playable = set(state.playable()) if mine else set()
        hand = state.hands[0]
        with self.hand_table.hold_sync():
            self.hand_table.show(hand)
            self.hand_table.light(c for c in hand if c in playable)
            self.hand_table.selectable = not state.is_terminal()
        self.hand_label.value = hand_label_html(state)
        legal = set(state.legal_actions()) if mine else set()
        for button, action in ((self.stop_button, STOP), (self.draw_button, DRAW)):
            button.button_style = "info" if action in legal else ""
        over = state.is_terminal()
        for button in (self.stop_button, self.draw_button, self.hint_button, self.auto_button):
            button.disabled = over
        for button in (self.last_button, self.thirteen_button):
            button.disabled = over or not state.rules.last_card_rule
        racing = state.race_step and state.current_player() == 0
        self.wait_button.layout.display = "" if state.rules.last_card_race else "none"
        self.wait_button.disabled = over or not racing
        self.wait_button.button_style = "info" if racing else ""
        self.table.value = table_html(state, NAMES)
        self.status.value = status_html(state, NAMES, len(self.session.moves))
        self.message.value = self._message
        self.turn_log.value = log_html(self.reports, self._current)
        if over and not self._counted:  # a finished game counts once
            self._counted = True
            if state.winner is not None:
                self.won[state.winner] += 1
        self.score.value = (
            f"<p style='margin:.2rem 0'>Games won this sitting: you {self.won[0]}, "
            f"the bot {self.won[1]}.</p>"
            if sum(self.won)
            else ""
        )
        if self.address is not None:
            extra = self.opponent.query()
            if self.session.moves and not over:
                extra["moves"] = moves_text(self.session.moves)
            if sum(self.won):
                extra["won"] = f"{self.won[0]}-{self.won[1]}"
            link = _GAME.preset_info(self.rules.value).link
            self.address.query = make_query(int(self.seed.value), link, **extra)


def _read_tredici(state: TrediciState, text: str) -> Action:
    return parse_action(text)


def tredici_app(query: str | None = None) -> AppBox:
    """The Tredici app, dealt as its link asks (``?seed=42&rules=house``).

    ``query`` defaults to the query string Voila passes to the kernel.  A bad
    link is named in a visible message and the defaults are used.

    >>> app = tredici_app("seed=42&rules=house")
    >>> app.game.seed.value, app.game.rules.value, app.game.share.link
    (42, 'house', '?seed=42&rules=house')
    >>> "must be a whole number" in tredici_app("seed=x").note.value
    True
    """
    game = TrediciGame(sync_address=True)

    def follow(link: DealLink) -> Sequence[str]:
        problems = list(link.problems)
        against = link_choice(link, "against", OPPONENTS, problems, "opponent")
        menus = [(game.rules, _GAME.links.get(link.rules or "")), (game.opponent, against)]
        follow_game(game.seed, link.seed, menus, lambda: game.new_game(game.seed.value))
        if link.get("moves") or link.get("won"):
            problems.extend(game.resume(link.get("moves") or "", link.get("won") or ""))
        return problems

    return AppBox(query, _GAME.links, follow, [game], game=game)
