"""Widgets for Tiến Lên.

* :class:`CanItBeat`: the play on the table and yours (typed, or picked
  card by card), under either preset: may yours go on it, and why.
* :class:`TienLenGame`: a whole hand against three bots.  Your cards are
  a :class:`~rules_lib.widgets.card_table.CardTable` (click or tap to select;
  Tab, the arrow keys and Space work too), the cards of your legal plays lit;
  **Play**, **Pass** and **Hint**; the bots' moves appear one after another
  in a log of the trick; final standings; the same deal number gives the
  same deal.

The rules, the reasons and the hint come from :mod:`rules_lib.tien_len`,
the game's HTML panes from :mod:`rules_lib.render.tien_len`; these classes
only lay them out and wire the buttons.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

import ipywidgets as widgets

from ..cards import Card, parse_cards
from ..engine import Session
from ..errors import RulesError
from ..games import find_game
from ..render import cards_html, message_html
from ..render import tien_len as tien_len_html
from ..share import DealLink, make_query
from ..tien_len import PASS, PRESETS, Pass, Play, TienLenState, explain
from ..tien_len.bots import search_bot
from ..tien_len.evening import Evening, moves_text, read_moves
from ..tien_len.plays import plain_cards
from ..tien_len.points import settle
from .card_table import CardTable
from .poker_widgets import CardPicker, _readable_cards, toggle_token
from .share_widgets import (
    AppBox,
    GameControls,
    ShareLink,
    UrlSync,
    follow_game,
    link_choice,
    rules_menu,
)

__all__ = ["PRESET_LABELS", "SEAT_NAMES", "CanItBeat", "TienLenGame", "tien_len_app"]

_GAME = find_game("tien_len")
#: The presets a reader can pick, as the menus name them (from :mod:`rules_lib.games`).
PRESET_LABELS: dict[str, str] = _GAME.labels
#: Seats in the order of play: the reader, then the bots clockwise.
SEAT_NAMES: tuple[str, ...] = ("You", "Bot A", "Bot B", "Bot C")


class CanItBeat(widgets.VBox):  # type: ignore[misc]
    """May your play go on the play on the table?  Yes or no, and why.

    >>> w = CanItBeat("9s 9d", "9h 9c")
    >>> "No:" in w.verdict.value and "♣ ranks below ♦" in w.verdict.value
    True
    >>> w.rules.value = "standard"
    >>> "Yes:" in w.verdict.value
    True
    >>> w.play_text.value = "4d"
    >>> "a reply must be a pair" in w.verdict.value
    True
    >>> w.picker.click(Card.parse("2h"))  # pick a card for your play
    >>> w.play_text.value
    '4d 2♥'
    >>> w.play_text.value = "9h 9x"
    >>> "'9x'" in w.verdict.value and w.play_text.value == "9h 9x"
    True
    """

    def __init__(self, table: str = "9s 9d", play: str = "9h 9c", preset: str = "source") -> None:
        self.rules = rules_menu("tien_len", preset, "22rem")
        box = widgets.Layout(width="calc(100% - 1rem)", max_width="26rem")
        wide = {"description_width": "6.5rem"}
        self.table_text = widgets.Text(
            value=table,
            description="On the table",
            placeholder="empty: you lead",
            layout=box,
            style=wide,
        )
        self.play_text = widgets.Text(
            value=play, description="Your play", placeholder="e.g. 9h 9c", layout=box, style=wide
        )
        self.target = widgets.ToggleButtons(
            options=[("your play", "play"), ("the table", "table")],
            value="play",
            description="Cards go to",
            style={"description_width": "6.5rem", "button_width": "6.5rem"},
        )
        self.picker = CardPicker(self._picked)
        self.verdict = widgets.HTML()
        self.pictures = widgets.HTML()
        for control in (self.rules, self.table_text, self.play_text, self.target):
            control.observe(lambda _change: self.redraw(), names="value")
        help_text = widgets.HTML(
            "<p style='margin:.2rem 0'>Type the cards on the table and the cards you "
            "would play (such as <code>9h 9c</code> or <code>9♥ 9♣</code>), or open "
            "<b>Pick cards</b> and press them. Leave the table empty to lead.</p>"
        )
        picker_box = widgets.Accordion(
            children=[widgets.VBox([self.target, self.picker])], titles=("Pick cards",)
        )
        picker_box.selected_index = None
        super().__init__(
            [
                help_text,
                self.rules,
                self.table_text,
                self.play_text,
                picker_box,
                self.verdict,
                self.pictures,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("rl-can-it-beat")
        self.redraw()

    def _box(self) -> widgets.Text:
        return self.play_text if self.target.value == "play" else self.table_text

    def _picked(self, card: Card) -> None:
        box = self._box()
        box.value = toggle_token(box.value, card)

    def redraw(self) -> None:
        rules = PRESETS[self.rules.value]
        self.picker.show(_readable_cards(self._box().value))
        if not self.play_text.value.strip():
            self.verdict.value = message_html("Type or pick the cards you would play.", "info")
            return
        try:
            verdict = explain.can_beat(self.play_text.value, self.table_text.value, rules)
        except RulesError as error:
            where = "" if str(error).startswith("on the table") else "your play: "
            self.verdict.value = message_html(where + str(error))
            return
        other_key = "standard" if self.rules.value == "source" else "source"
        text = message_html(str(verdict), "info" if verdict.legal else "error")
        try:
            other = explain.can_beat(
                self.play_text.value, self.table_text.value, PRESETS[other_key]
            )
            if other.legal != verdict.legal:
                word = "yes" if other.legal else "no"
                text += message_html(
                    f"Under {PRESET_LABELS[other_key]} the answer is {word}.", "info"
                )
        except RulesError as error:  # the table is a play under one preset only
            text += message_html(f"Under {PRESET_LABELS[other_key]}, {error}.", "info")
        self.verdict.value = text
        if verdict.table is not None:
            table = cards_html(
                verdict.table.cards, label=f"On the table: {verdict.table.describe(rules)}"
            )
        else:
            table = "<p style='margin:.3rem 0'><b>On the table:</b> nothing, you lead.</p>"
        mine = parse_cards(self.play_text.value, decks=2, jokers=False)
        name = verdict.play.describe(rules) if verdict.play else "not a play"
        self.pictures.value = table + cards_html(mine, label=f"Your play: {name}")


class TienLenGame(widgets.VBox):  # type: ignore[misc]
    """A hand of Tiến Lên against three bots.

    >>> g = TienLenGame(seed=4)  # in deal no. 4 you hold the 3♠, so you lead
    >>> g.session.my_turn, len(g.hand), g.state.table
    (True, 13, None)
    >>> g.pass_button.click()
    >>> "You cannot pass" in g.message.value and g.session.moves == []
    True
    >>> g.hint_button.click()  # the heuristic bot's choice, selected for us
    >>> "Hint: play" in g.message.value and len(g.selected) > 0
    True
    >>> g.play_button.click()
    >>> len(g.session.moves) > 1 and "Bot A" in g.recent.value
    True

    An illegal selection is named and stays selected:

    >>> g = TienLenGame(seed=1)
    >>> first, last = g.hand[0], g.hand[-1]
    >>> g.hand_table.click(first); g.hand_table.click(last)
    >>> g.play_button.click()
    >>> "not a play" in g.message.value and g.selected == {first, last}
    True

    Playing the hints to the end shows the standings:

    >>> g = TienLenGame(seed=1)
    >>> while not g.session.state.is_terminal():
    ...     g.hint_button.click()
    ...     (g.pass_button if "Hint: pass" in g.message.value else g.play_button).click()
    >>> "Final standings" in g.standings.value and g.play_button.disabled
    True
    """

    def __init__(
        self,
        seed: int = 1,
        preset: str = "source",
        opponents: str = "heuristic",
        *,
        sync_address: bool = False,
    ) -> None:
        controls = GameControls.make(
            "tien_len",
            seed,
            preset,
            "Deal no.",
            width="11rem",
            style={"description_width": "4.5rem"},
        )
        self.seed, self.new_button, self.rules = controls.seed, controls.new_button, controls.rules
        self.opponents = GameControls.against("tien_len", opponents, "22rem")
        self.share = ShareLink()
        self.seats = widgets.HTML()
        self.table = widgets.HTML()
        self.message = widgets.HTML()
        self.selection = widgets.HTML()
        self.recent = widgets.HTML()
        self.standings = widgets.HTML()
        self.score = widgets.HTML()
        self.restart_button = widgets.Button(
            description="New evening",
            tooltip="start the score again from zero",
            layout=widgets.Layout(width="8rem"),
        )
        self.restart_button.add_class("rl-tl-restart")
        self.restart_button.on_click(lambda _b: self.new_evening())
        # the page's address keeps the evening (apps only; a chapter's page keeps its own)
        self.address = UrlSync() if sync_address else None
        self.evening = Evening(PRESETS[preset])
        self._counted = False
        # the search bots take a while: a bar shows whose turn it is among them
        self.thinking = widgets.IntProgress(
            value=0,
            min=0,
            max=3,
            description="",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="calc(100% - 1rem)", max_width="22rem", display="none"),
        )
        for part, hook in (
            (self.seats, "seats"),
            (self.table, "table"),
            (self.message, "message"),
            (self.selection, "selection"),
            (self.recent, "log"),
            (self.standings, "standings"),
            (self.score, "score"),
        ):
            part.add_class(f"rl-tl-{hook}-box")
        # the class in the widget's first state (see tredici_widgets: anywidget)
        self.hand_table = CardTable(
            label="your hand", card_class="rl-tl-card", _dom_classes=("rl-tl-hand",)
        )
        self.hand_table.observe(lambda _change: self._draw_selection(), names="selected")
        small = {"layout": widgets.Layout(width="6.5rem")}
        self.play_button = widgets.Button(
            description="Play", button_style="success", tooltip="play the selected cards", **small
        )
        self.pass_button = widgets.Button(
            description="Pass", tooltip="do not play on this trick", **small
        )
        self.hint_button = widgets.Button(
            description="Hint",
            tooltip="select what a bot of the level you play against would play",
            **small,
        )
        # at the end of a hand, next to the buttons the player was using
        self.next_button = widgets.Button(
            description="Next deal",
            button_style="success",
            tooltip="deal the next hand",
            layout=widgets.Layout(width="8rem", display="none"),
        )
        self.next_button.add_class("rl-tl-next")
        self.next_button.on_click(lambda _b: self.new_game())
        self.play_button.add_class("rl-tl-play")
        self.pass_button.add_class("rl-tl-pass")
        self.hint_button.add_class("rl-tl-hint")
        self.new_button.on_click(lambda _b: self.new_game())
        self.play_button.on_click(lambda _b: self.play())
        self.pass_button.on_click(lambda _b: self.pass_turn())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.rules.observe(lambda _c: self.new_evening(), names="value")
        self.opponents.observe(lambda _c: self.new_evening(), names="value")
        self.hand: list[Card] = []
        self._fresh = 0
        help_text = widgets.HTML(
            "<p style='margin:.2rem 0'>Click or tap your cards to select them, then "
            "<b>Play</b>; or <b>Pass</b>. On your turn the cards that are part of a legal "
            "play are outlined in green. <b>Hint</b> selects what a bot of the level you "
            "play against would "
            "play. Keys: Tab reaches your cards, the arrow keys move between them, "
            "Space selects.</p>"
        )
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px")
        super().__init__(
            [
                widgets.HTML(tien_len_html.CSS),
                widgets.HBox([self.seed, self.new_button], layout=wrap),
                self.rules,
                self.opponents,
                self.share,
                self.seats,
                self.table,
                self.message,
                self.thinking,
                help_text,
                self.hand_table,
                self.selection,
                widgets.HBox(
                    [self.play_button, self.pass_button, self.hint_button, self.next_button],
                    layout=wrap,
                ),
                self.recent,
                self.standings,
                self.score,
                self.restart_button,
                *([self.address] if self.address is not None else []),
            ],
            layout=widgets.Layout(width="100%", max_width="44rem"),
        )
        self.add_class("rl-tien-len")
        self.new_game()

    # -- actions -----------------------------------------------------------

    @property
    def state(self) -> TienLenState:
        return self.session.state

    @property
    def selected(self) -> set[Card]:
        """The cards of your hand selected now (set it to select others)."""
        return {c for c in self.hand_table.selected_cards if isinstance(c, Card)}

    @selected.setter
    def selected(self, cards: Iterable[Card]) -> None:
        self.hand_table.select(cards)

    def new_evening(self) -> None:
        """Start the score again from zero, and deal."""
        self.evening = Evening(PRESETS[self.rules.value])
        self.new_game()

    def new_game(self) -> None:
        """Deal the hand numbered in the seed box under the chosen rules.

        The evening goes on: the last hand's loser deals and (under rules
        where the winner leads) its winner leads.
        """
        seed = int(self.seed.value)
        rules = PRESETS[self.rules.value]
        if self.evening.rules != rules:
            self.evening = Evening(rules)
        self._start(self.evening.deal(seed), seed)

    def resume(self, evening: str, moves: str) -> list[str]:
        """Bring back an evening and the hand in play from a link (their texts);
        what cannot be read is returned, and what could be read is kept."""
        problems: list[str] = []
        rules = PRESETS[self.rules.value]
        try:
            self.evening = Evening.from_text(rules, evening)
        except RulesError as error:
            problems.append(f"the evening in the link: {error}")
            self.evening = Evening(rules)
        seed = int(self.seed.value)
        initial = self.evening.deal(seed)
        try:
            state = read_moves(initial, moves)
        except RulesError as error:
            problems.append(f"the hand in the link: {error}; it starts again")
            state = initial
        self._start(initial, seed, state)
        return problems

    def _start(self, initial: TienLenState, seed: int, state: TienLenState | None = None) -> None:
        bot = _GAME.opponent_bot(self.opponents.value)
        self.session = Session(initial, {s: bot() for s in (1, 2, 3)}, human=0, seed=seed)
        if state is not None:  # a hand brought back from a link
            self.session.state = state
            self.session.moves = list(state.moves)
            self.session.log = [(m.seat, m.action) for m in state.history]
        self._fresh = len(self.session.log)
        self._counted = False
        extra = self.opponents.query()
        link = _GAME.preset_info(self.rules.value).link
        self.share.update(make_query(seed, rules=link, **extra))
        self.session.run_bots(thinking=self._thinking_hook())
        self._done_thinking()
        self.selected = set()
        opening = self.state.instant_win
        if state is not None and state.history:
            text = f"Deal no. {seed}, {PRESET_LABELS[self.rules.value]}: the hand goes on."
        elif opening is not None:
            seat, kind = opening
            text = f"{SEAT_NAMES[seat]} {'win' if seat == 0 else 'wins'} at the deal with {kind}."
        else:
            holder = self.session.log[0][0] if self.session.log else 0
            led = (
                f"held the {initial.must_contain} and led"
                if initial.must_contain is not None
                else "won the last hand and led"
            )
            text = (
                f"Deal no. {seed}, {PRESET_LABELS[self.rules.value]}. {SEAT_NAMES[holder]} {led}."
            )
        self._after_moves(text)

    def play(self) -> None:
        """Play the selected cards (an illegal selection is named and kept)."""
        try:
            play = explain.play_from_selection(self.state, self._selected_in_order())
        except RulesError as error:
            self.message.value = message_html(f"{error} (your selection is kept)")
            return
        self._act(play)

    def pass_turn(self) -> None:
        reason = explain.why_not_pass(self.state)
        if reason:
            self.message.value = message_html(f"You cannot pass: {reason}.")
            return
        self._act(PASS)

    def show_hint(self) -> None:
        """Select what a bot of the level you play against would play: the
        heuristic bot's choice, or against the search bots the search's."""
        state = self.state
        if state.is_terminal():
            return
        why = "The heuristic bot would keep its cards for a later trick."
        if self.opponents.value == "search":
            # the same position always gets the same hint
            rng = random.Random(f"{self.seed.value} {len(state.history)}")
            scores = search_bot().scores(state.observation(0), state.legal_actions(), rng)
            action: Play | Pass = scores.best
            best = max(scores.means)
            if scores.worlds == 0:  # a forced move is not searched
                why = "It is the only move the search bot would consider here."
            else:
                scale = (
                    "points for the hand"
                    if state.rules.scoring == "points"
                    else "+1 is first out, −1 last"
                )
                why = (
                    f"The search bot tried {len(scores.actions)} moves in {scores.worlds} "
                    f"deals of the cards you cannot see; this one did best, {best:+.2f} on "
                    f"average ({scale})."
                )
        else:
            action = explain.hint(state)
        if isinstance(action, Pass):
            self.selected = set()
            text = f"Hint: pass. {why}"
        else:
            self.selected = set(action.plain)
            what = explain.describe_action(action, state.rules)[len("plays ") :]
            text = f"Hint: play {what}: {action}. It is selected: press Play."
            if self.opponents.value == "search":
                text += f" {why}"
        self.message.value = message_html(text, "info")

    def _act(self, action: Play | Pass) -> None:
        self._fresh = len(self.session.log) + 1  # the bots' replies appear one by one
        self.session.play(action, thinking=self._thinking_hook())
        self._done_thinking()
        self.selected = set()
        self._after_moves()

    def _thinking_hook(self) -> Callable[[int, int], None] | None:
        """Against the search bots: a callback that shows the progress bar
        as each bot starts to think (the heuristic bots answer at once)."""
        if self.opponents.value != "search":
            return None

        def show(seat: int, moved: int) -> None:
            self.thinking.max = max(3, moved + 1)
            self.thinking.value = moved
            self.thinking.description = f"{SEAT_NAMES[seat]} is thinking"
            self.thinking.layout.display = None

        return show

    def _done_thinking(self) -> None:
        self.thinking.layout.display = "none"
        self.thinking.description = ""
        self.thinking.value = 0

    def _after_moves(self, note: str = "") -> None:
        """Redraw, then say whose turn it is; at the end, how the game went.

        The message is set last, so a page that sees it has every other update.
        """
        if self.state.is_terminal() and not self._counted:
            self.evening = self.evening.add(self.state)
            self._counted = True
        self.redraw()
        self._sync_address()
        bots = self._bots_moves()
        if self.state.is_terminal():
            seed = int(self.seed.value)
            mine = explain.place_labels(self.state.places())[0]
            self.seed.value = seed + 1
            text = (
                f"{note} {bots} Game over: you finished {mine} in deal no. {seed}. "
                f"Press Next deal, beside Play, for deal no. {seed + 1}."
            )
        else:
            text = f"{note} {bots} Your turn."
        self.message.value = message_html(" ".join(text.split()), "info")
        if self.state.is_terminal():  # the buttons in use go grey: focus the next deal
            self.next_button.focus()

    def _bots_moves(self) -> str:
        """What the bots did since your last move, in a sentence.

        >>> TienLenGame(seed=1)._bots_moves()
        'Bot A plays a single 3♠; Bot B plays a single 8♠; Bot C plays a single 9♥.'
        """
        said = [
            f"{SEAT_NAMES[seat]} {explain.describe_action(action, self.state.rules)}"
            for seat, action in self.session.log[self._fresh :]
            if seat != 0
        ]
        return "; ".join(said) + "." if said else ""

    def _sync_address(self) -> None:
        """Write the evening and the hand in play into the page's address (apps only)."""
        if self.address is None:
            return
        extra = self.opponents.query()
        if self.evening.hands:
            extra["evening"] = self.evening.text()
        if self.session.moves and not self._counted:
            extra["moves"] = moves_text(self.session.moves)
        link = _GAME.preset_info(self.rules.value).link
        self.address.query = make_query(int(self.seed.value), rules=link, **extra)

    def _selected_in_order(self) -> list[Card]:
        return [c for c in self.hand if c in self.selected]

    # -- drawing -----------------------------------------------------------

    def redraw(self) -> None:
        over = self.state.is_terminal()
        for button in (self.play_button, self.pass_button, self.hint_button):
            button.disabled = over
        self.next_button.layout.display = None if over else "none"
        self._draw_seats()
        self._draw_table()
        self._draw_hand()
        self._draw_log()
        self._draw_standings()
        self._draw_score()

    def _draw_hand(self) -> None:
        self.hand = plain_cards(self.state.hands[0])
        state = self.state
        over = state.is_terminal()
        with self.hand_table.hold_sync():
            self.hand_table.show(self.hand, keep_selection=True)
            self.hand_table.disable(self.hand if over else ())
            self.hand_table.light(() if over or state.current_player() != 0 else _playable(state))
        self._draw_selection()

    def _draw_selection(self) -> None:
        self.selection.value = tien_len_html.selection_html(
            self._selected_in_order(), len(self.hand), self.state.rules
        )

    def _draw_seats(self) -> None:
        self.seats.value = tien_len_html.seats_html(self.state, SEAT_NAMES)

    def _draw_table(self) -> None:
        fresh = len(self.session.log) > self._fresh
        self.table.value = tien_len_html.table_html(self.state, SEAT_NAMES, fresh)

    def _draw_log(self) -> None:
        moves = explain.annotate(self.session.initial, self.session.moves)
        self.recent.value = tien_len_html.log_html(moves, SEAT_NAMES, self.state.rules, self._fresh)

    def _draw_standings(self) -> None:
        self.standings.value = tien_len_html.standings_html(self.state, SEAT_NAMES)

    def _draw_score(self) -> None:
        state = self.state
        lines = []
        if state.is_terminal() and state.rules.scoring == "points":
            names = [n.lower() if i == 0 else n for i, n in enumerate(SEAT_NAMES)]
            lines = settle(state).lines(names, seat=0)
        self.score.value = tien_len_html.evening_html(
            self.evening.points(), SEAT_NAMES, lines, state.rules.scoring == "points"
        )
        self.restart_button.layout.display = None if self.evening.hands else "none"


def _playable(state: TienLenState) -> set[Card]:
    """The cards of the player to act that are part of at least one legal play.

    >>> from rules_lib.tien_len import new_game
    >>> state = new_game(seed=4)  # you lead, and your first play must hold the 3♠
    >>> _playable(state)  # no pair, triple or straight holds it here
    {Card.parse('3♠')}
    >>> len(_playable(state.play("3s").play("pass").play("pass").play("pass")))
    12
    """
    return {c for action in state.legal_actions() if isinstance(action, Play) for c in action.plain}


def tien_len_app(query: str | None = None, seed: int = 1) -> AppBox:
    """The Tiến Lên app: a game dealt as its link asks (``?seed=7&rules=standard``).

    ``query`` defaults to the query string Voila passes to the kernel; a link
    may also name the opponents (``&against=greedy``).  A bad link is named in
    a visible message and the defaults are used.

    >>> app = tien_len_app("seed=7&rules=standard&against=random")
    >>> app.game.seed.value, app.game.rules.value, app.game.opponents.value
    (7, 'standard', 'random')
    >>> "seed=7" in app.game.share.link
    True
    >>> "'best'" in tien_len_app("against=best").note.value
    True

    The page's address keeps the evening and the hand in play, so a reload
    (or the link) brings them back:

    >>> app = tien_len_app("seed=4&rules=home")
    >>> app.game.hint_button.click(); app.game.play_button.click()
    >>> query = app.game.address.query
    >>> "moves=" in query and "rules=home" in query
    True
    >>> again = tien_len_app(query)
    >>> again.game.state == app.game.state
    True
    >>> "move 1" in tien_len_app("seed=4&rules=home&moves=9x").note.value
    True
    """
    game = TienLenGame(seed=seed, sync_address=True)

    def follow(link: DealLink) -> Sequence[str]:
        problems = list(link.problems)
        against = link_choice(link, "against", _GAME.opponents, problems, "opponents")
        menus = [(game.rules, _GAME.links.get(link.rules or "")), (game.opponents, against)]
        follow_game(game.seed, link.seed, menus, game.new_game)
        evening, moves = link.get("evening", ""), link.get("moves", "")
        if evening or moves:
            problems.extend(game.resume(evening or "", moves or ""))
        return problems

    return AppBox(query, _GAME.links, follow, [game], game=game)
