"""Widgets for Tiến Lên.

* :class:`CanItBeat`: the play on the table and yours (typed, or picked
  card by card), under either preset: may yours go on it, and why.
* :class:`TienLenGame`: a whole hand against three bots.  Your cards are
  a :class:`~rules_lib.widgets.card_table.CardTable` (click or tap to select;
  Tab, the arrow keys and Space work too), the cards of your legal plays lit;
  **Play**, **Pass** and **Hint**; the bots' moves appear one after another
  in a log of the trick; final standings; the same deal number gives the
  same deal.

The rules, the reasons and the hint come from :mod:`rules_lib.tien_len`;
these classes only lay them out and wire the buttons.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as widgets

from ..cards import Card, parse_cards
from ..engine import Session
from ..errors import RulesError
from ..games import find_game
from ..render import back_svg, cards_html, message_html
from ..share import make_query
from ..tien_len import (
    BOTS,
    PASS,
    PRESETS,
    LoggedMove,
    Pass,
    Play,
    TienLenState,
    annotate,
    can_beat,
    describe_action,
    hint,
    new_game,
    place_labels,
    play_from_selection,
    why_not_a_play,
    why_not_pass,
)
from ..tien_len.explain import ordinal
from ..tien_len.plays import make_play, plain_cards
from .card_table import CardTable
from .poker_widgets import CardPicker, _readable_cards, toggle_token
from .share_widgets import GameControls, ShareLink, app_box, read_app_link, rules_menu

__all__ = ["PRESET_LABELS", "SEAT_NAMES", "CanItBeat", "TienLenGame", "tien_len_app"]

_GAME = find_game("tien_len")
#: The presets a reader can pick, as the menus name them (from :mod:`rules_lib.games`).
PRESET_LABELS: dict[str, str] = _GAME.labels
#: Seats in the order of play: the reader, then the bots clockwise.
SEAT_NAMES: tuple[str, ...] = ("You", "Bot A", "Bot B", "Bot C")
_OPPONENTS = {"heuristic": "heuristic bots", "greedy": "greedy bots", "random": "random bots"}
_STEP = 0.45  # seconds between two bot moves appearing in the log
_LOG_LENGTH = 10

_CSS = """<style>
.rl-tl-seats{display:flex;flex-wrap:wrap;gap:.35rem;margin:.3rem 0}
.rl-tl-seat{flex:1 1 0;min-width:0;max-width:9rem;border:1px solid #bbb;
 border-radius:.45rem;padding:.25rem .35rem;font-size:.9rem;line-height:1.3;background:#fafafa}
.rl-tl-seat.rl-tl-turn{border:2px solid #1f5fa8;background:#eef4fb}
.rl-tl-seat svg{width:.9rem;height:auto;vertical-align:middle;margin-right:.15rem}
.rl-tl-count{white-space:nowrap;font-size:.85rem}
.rl-tl-tag{display:block;font-size:.8rem;color:#555}
.rl-tl-log{margin:.3rem 0;font-size:.95rem}
.rl-tl-log .rl-cards{margin:0;gap:.15rem}
.rl-tl-log .rl-cards svg{width:1.9rem}
.rl-tl-move{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem .5rem;padding:.12rem 0}
.rl-tl-who{font-weight:700;min-width:3.3rem}
.rl-tl-what{color:#444;font-size:.85rem}
.rl-tl-trick{color:#555;font-size:.85rem;border-top:1px dashed #bbb;margin:.15rem 0;padding-top:.1rem}
.rl-tl-standings td,.rl-tl-standings th{padding:.15rem .8rem .15rem 0;text-align:left}
@keyframes rl-tl-in{from{opacity:0;transform:translateY(-.3rem)}to{opacity:1;transform:none}}
.rl-tl-new{animation:rl-tl-in .35s ease-out both}
@media (prefers-reduced-motion:reduce){.rl-tl-new{animation:none}}
</style>"""


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
            verdict = can_beat(self.play_text.value, self.table_text.value, rules)
        except RulesError as error:
            where = "" if str(error).startswith("on the table") else "your play: "
            self.verdict.value = message_html(where + str(error))
            return
        other_key = "standard" if self.rules.value == "source" else "source"
        text = message_html(str(verdict), "info" if verdict.legal else "error")
        try:
            other = can_beat(self.play_text.value, self.table_text.value, PRESETS[other_key])
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

    def __init__(self, seed: int = 1, preset: str = "source", opponents: str = "heuristic") -> None:
        controls = GameControls.make(
            "tien_len",
            seed,
            preset,
            "Deal no.",
            width="11rem",
            style={"description_width": "4.5rem"},
        )
        self.seed, self.new_button, self.rules = controls.seed, controls.new_button, controls.rules
        self.opponents = widgets.Dropdown(
            options=[(label, key) for key, label in _OPPONENTS.items()],
            value=opponents,
            description="Against",
            layout=widgets.Layout(width="calc(100% - 1rem)", max_width="22rem"),
        )
        self.share = ShareLink()
        self.seats = widgets.HTML()
        self.table = widgets.HTML()
        self.message = widgets.HTML()
        self.selection = widgets.HTML()
        self.recent = widgets.HTML()
        self.standings = widgets.HTML()
        for part, hook in (
            (self.seats, "seats"),
            (self.table, "table"),
            (self.message, "message"),
            (self.selection, "selection"),
            (self.recent, "log"),
            (self.standings, "standings"),
        ):
            part.add_class(f"rl-tl-{hook}-box")
        self.hand_table = CardTable(label="your hand", card_class="rl-tl-card")
        self.hand_table.add_class("rl-tl-hand")
        self.hand_table.observe(lambda _change: self._draw_selection(), names="selected")
        small = {"layout": widgets.Layout(width="6.5rem")}
        self.play_button = widgets.Button(
            description="Play", button_style="success", tooltip="play the selected cards", **small
        )
        self.pass_button = widgets.Button(
            description="Pass", tooltip="do not play on this trick", **small
        )
        self.hint_button = widgets.Button(
            description="Hint", tooltip="select what the heuristic bot would play", **small
        )
        self.play_button.add_class("rl-tl-play")
        self.pass_button.add_class("rl-tl-pass")
        self.hint_button.add_class("rl-tl-hint")
        self.new_button.on_click(lambda _b: self.new_game())
        self.play_button.on_click(lambda _b: self.play())
        self.pass_button.on_click(lambda _b: self.pass_turn())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.rules.observe(lambda _c: self.new_game(), names="value")
        self.opponents.observe(lambda _c: self.new_game(), names="value")
        self.hand: list[Card] = []
        self._fresh = 0
        help_text = widgets.HTML(
            "<p style='margin:.2rem 0'>Click or tap your cards to select them, then "
            "<b>Play</b>; or <b>Pass</b>. On your turn the cards that are part of a legal "
            "play are outlined in green. <b>Hint</b> selects what the heuristic bot would "
            "play. Keys: Tab reaches your cards, the arrow keys move between them, "
            "Space selects.</p>"
        )
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px")
        super().__init__(
            [
                widgets.HTML(_CSS),
                widgets.HBox([self.seed, self.new_button], layout=wrap),
                self.rules,
                self.opponents,
                self.share,
                self.seats,
                self.table,
                self.message,
                help_text,
                self.hand_table,
                self.selection,
                widgets.HBox([self.play_button, self.pass_button, self.hint_button], layout=wrap),
                self.recent,
                self.standings,
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

    def new_game(self) -> None:
        """Deal the hand numbered in the seed box under the chosen rules."""
        seed = int(self.seed.value)
        rules = PRESETS[self.rules.value]
        bot = BOTS[self.opponents.value]
        self.session = Session(
            new_game(seed, 4, rules), {s: bot() for s in (1, 2, 3)}, human=0, seed=seed
        )
        self._fresh = 0
        extra = {} if self.opponents.value == "heuristic" else {"against": self.opponents.value}
        link = _GAME.preset_info(self.rules.value).link
        self.share.update(make_query(seed, rules=link, **extra))
        self.session.run_bots()
        self.selected = set()
        opening = self.state.instant_win
        if opening is not None:
            seat, kind = opening
            text = f"{SEAT_NAMES[seat]} {'win' if seat == 0 else 'wins'} at the deal with {kind}."
        else:
            holder = self.session.log[0][0] if self.session.log else 0
            text = (
                f"Deal no. {seed}, {PRESET_LABELS[self.rules.value]}. "
                f"{SEAT_NAMES[holder]} held the {rules.lowest_card} and led."
            )
        self._after_moves(text)

    def play(self) -> None:
        """Play the selected cards (an illegal selection is named and kept)."""
        try:
            play = play_from_selection(self.state, self._selected_in_order())
        except RulesError as error:
            self.message.value = message_html(f"{error} (your selection is kept)")
            return
        self._act(play)

    def pass_turn(self) -> None:
        reason = why_not_pass(self.state)
        if reason:
            self.message.value = message_html(f"You cannot pass: {reason}.")
            return
        self._act(PASS)

    def show_hint(self) -> None:
        if self.state.is_terminal():
            return
        action = hint(self.state)
        if isinstance(action, Pass):
            self.selected = set()
            text = "Hint: pass. The heuristic bot would keep its cards for a later trick."
        else:
            self.selected = set(action.plain)
            what = describe_action(action, self.state.rules)[len("plays ") :]
            text = f"Hint: play {what}: {action}. It is selected: press Play."
        self.message.value = message_html(text, "info")

    def _act(self, action: Play | Pass) -> None:
        self._fresh = len(self.session.log) + 1  # the bots' replies appear one by one
        self.session.play(action)
        self.selected = set()
        self._after_moves()

    def _after_moves(self, note: str = "") -> None:
        """Redraw, then say whose turn it is; at the end, how the game went.

        The message is set last, so a page that sees it has every other update.
        """
        self.redraw()
        if self.state.is_terminal():
            seed = int(self.seed.value)
            mine = place_labels(self.state.places())[0]
            self.seed.value = seed + 1
            text = (
                f"{note} Game over: you finished {mine} in deal no. {seed}. "
                f"Press New game for the next deal, no. {seed + 1}."
            )
        else:
            text = f"{note} Your turn."
        self.message.value = message_html(text.strip(), "info")

    def _selected_in_order(self) -> list[Card]:
        return [c for c in self.hand if c in self.selected]

    # -- drawing -----------------------------------------------------------

    def redraw(self) -> None:
        over = self.state.is_terminal()
        for button in (self.play_button, self.pass_button, self.hint_button):
            button.disabled = over
        self._draw_seats()
        self._draw_table()
        self._draw_hand()
        self._draw_log()
        self._draw_standings()

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
        chosen = self._selected_in_order()
        if not chosen:
            count = len(self.hand)
            self.selection.value = (
                f"<p style='margin:.2rem 0'>Your hand: {count} card{'s' * (count != 1)}; "
                "none selected.</p>"
            )
            return
        reason = why_not_a_play(chosen, self.state.rules)
        what = (
            f"not a play ({reason})"
            if reason
            else make_play(chosen, self.state.rules).describe(self.state.rules)
        )
        self.selection.value = (
            f"<p style='margin:.2rem 0'>Selected: <b>{html.escape(' '.join(map(str, chosen)))}</b>, "
            f"{html.escape(what)}</p>"
        )

    def _draw_seats(self) -> None:
        state = self.state
        places = state.places() if state.is_terminal() else None
        labels = place_labels(places) if places else None
        panels = []
        for seat, name in enumerate(SEAT_NAMES):
            count = len(state.hands[seat])
            tags = []
            if labels is not None:
                tags.append(f"place: {labels[seat]}")
            elif seat in state.finished:
                tags.append(f"out, {ordinal(state.finished.index(seat) + 1)}")
            elif seat == state.current_player():
                tags.append("to play")
            if seat in state.locked_out:
                tags.append("passed, out of this trick")
            elif seat in state.passed:
                tags.append("passed")
            turn = " rl-tl-turn" if seat == state.current_player() else ""
            panels.append(
                f"<div class='rl-tl-seat{turn}'><b>{name}</b><br>"
                f"<span class='rl-tl-count'>{back_svg('cards held')}{count} card{'s' * (count != 1)}"
                "</span>"
                + "".join(f"<span class='rl-tl-tag'>{html.escape(t)}</span>" for t in tags)
                + "</div>"
            )
        self.seats.value = (
            "<div class='rl-tl-seats' aria-label='the players, in the order of play'>"
            + "".join(panels)
            + "</div>"
        )

    def _draw_table(self) -> None:
        state = self.state
        style = " class='rl-tl-new'" if len(self.session.log) > self._fresh else ""
        if state.is_terminal():
            self.table.value = ""
        elif state.table is None:
            first = (
                f" Your first play must hold the {state.must_contain}."
                if state.must_contain
                else ""
            )
            self.table.value = (
                f"<div{style}><p style='margin:.3rem 0'><b>The table is empty:</b> "
                f"you lead, with any play.{first}</p></div>"
            )
        else:
            assert state.table_player is not None
            who = SEAT_NAMES[state.table_player]
            label = f"To beat: {who}'s {state.table.describe(state.rules)}"
            if state.table_player == 0:
                label = f"On the table: your {state.table.describe(state.rules)}"
            self.table.value = f"<div{style}>{cards_html(state.table.cards, label=label)}</div>"

    def _draw_log(self) -> None:
        moves = annotate(self.session.initial, self.session.moves)
        start = max(0, len(moves) - _LOG_LENGTH)
        lines = []
        if not moves:
            lines.append("<p class='rl-tl-trick'>No moves yet.</p>")
        elif start:
            lines.append(f"<p class='rl-tl-trick'>… {start} earlier moves</p>")
        new_index = 0
        for index in range(start, len(moves)):
            lines.append(self._log_line(moves[index], index, new_index))
            if index >= self._fresh:
                new_index += 1
        self.recent.value = (
            "<div class='rl-tl-log' aria-live='polite'>"
            "<p style='margin:.4rem 0 .1rem'><b>Recent moves</b></p>" + "".join(lines) + "</div>"
        )

    def _log_line(self, move: LoggedMove, index: int, new_index: int) -> str:
        rules = self.state.rules
        name = SEAT_NAMES[move.seat]
        fresh = index >= self._fresh
        attrs = f" rl-tl-new' style='animation-delay:{new_index * _STEP:.2f}s'" if fresh else "'"
        if isinstance(move.action, Pass):
            body = "<span>passes</span>"
        else:
            what = describe_action(move.action, rules)[len("plays ") :]
            body = (
                cards_html(move.action.cards)
                + f"<span class='rl-tl-what'>{html.escape(what)}</span>"
            )
        if move.went_out:
            body += "<span class='rl-tl-what'><b>out of cards!</b></span>"
        line = f"<div class='rl-tl-move{attrs}><span class='rl-tl-who'>{name}</span>{body}</div>"
        if move.trick_won_by is not None:
            winner = SEAT_NAMES[move.trick_won_by]
            verb = "win" if move.trick_won_by == 0 else "wins"
            line += (
                f"<p class='rl-tl-trick{' rl-tl-new' if fresh else ''}'"
                + (f" style='animation-delay:{new_index * _STEP:.2f}s'" if fresh else "")
                + f">{winner} {verb} trick {move.trick}.</p>"
            )
        return line

    def _draw_standings(self) -> None:
        state = self.state
        if not state.is_terminal():
            self.standings.value = ""
            return
        places = state.places()
        labels = place_labels(places)
        order = sorted(range(len(places)), key=lambda s: (places[s], s))
        rows = "".join(
            f"<tr><td>{labels[s]}</td><td>{SEAT_NAMES[s]}</td><td>{len(state.hands[s])}</td></tr>"
            for s in order
        )
        self.standings.value = (
            "<div class='rl-tl-standings'><h4 style='margin:.5rem 0 .2rem'>Final standings</h4>"
            "<table class='rl-table'><tr><th>Place</th><th>Player</th><th>Cards left</th></tr>"
            f"{rows}</table></div>"
        )


def _playable(state: TienLenState) -> set[Card]:
    """The cards of the player to act that are part of at least one legal play.

    >>> state = new_game(seed=4)  # you lead, and your first play must hold the 3♠
    >>> _playable(state)  # no pair, triple or straight holds it here
    {Card.parse('3♠')}
    >>> len(_playable(state.play("3s").play("pass").play("pass").play("pass")))
    12
    """
    return {c for action in state.legal_actions() if isinstance(action, Play) for c in action.plain}


def tien_len_app(query: str | None = None, seed: int = 1) -> widgets.VBox:
    """The Tiến Lên app: a game dealt as its link asks (``?seed=7&rules=standard``).

    ``query`` defaults to the query string Voila passes to the kernel; a link
    may also name the opponents (``&against=greedy``).  A bad link is named in
    a visible message and the defaults are used.

    >>> app = tien_len_app("seed=7&rules=standard&against=random")
    >>> app.game.seed.value, app.game.rules.value, app.game.opponents.value
    (7, 'standard', 'random')
    >>> "seed=7" in app.game.share.link
    True
    >>> "'best'" in tien_len_app("against=best").children[0].value
    True
    """
    link = read_app_link(query, _GAME.links)
    problems = list(link.problems)
    against = link.get("against", "heuristic") or "heuristic"
    if against not in _OPPONENTS:
        problems.append(f"no opponents {against!r}; known: {', '.join(_OPPONENTS)}")
        against = "heuristic"
    game = TienLenGame(
        seed=seed if link.seed is None else link.seed,
        preset="source" if link.rules is None else _GAME.links[link.rules],
        opponents=against,
    )
    return app_box(problems, game, game=game)
