"""Widgets for Three-Thirteen Rummy.

* :class:`MeldThisHand`: a numbered or typed hand of one round; select cards
  and make melds yourself, see what is left and what it costs, then compare
  with the melder's best arrangement.
* :class:`ThreeThirteenGame`: a whole game of eleven rounds against one to
  three bots, with the bots' turns told in words and pictures, the melds of
  a player who goes out shown on the table during the last turns, each
  round's hands laid out at its end, a score sheet and the final standings.

The logic lives in :mod:`rules_lib.three_thirteen` (:class:`MeldDraft`,
:func:`narrate`, :func:`suggest`, :func:`standings`) and the pictures of
melds, the table, turns, round ends and score sheets in
:mod:`rules_lib.render.three_thirteen`;
these classes lay out, wire the buttons and redraw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as widgets

from ..cards import AnyCard, Cards, parse_card
from ..engine import Session
from ..errors import NotationError, RulesError
from ..games import find_game
from ..render import card_svg, message_html, side_by_side
from ..render.three_thirteen import (
    MINI_CSS,
    header_html,
    meld_html,
    record_html,
    result_html,
    round_html,
    score_sheet_html,
    table_html,
)
from ..resume import moves_text, replay_text
from ..share import DealLink, make_query
from ..three_thirteen import (
    BOTS,
    DRAW,
    PRESETS,
    ROUNDS,
    MeldDraft,
    Phase,
    RoundResult,
    ThreeThirteenState,
    Turn,
    cards_dealt,
    deal_hand,
    is_wild,
    narrate,
    new_game,
    standings,
    suggest,
    wild_rank,
)
from ..three_thirteen.explain import read_move, why_not
from ..three_thirteen.game import Action, Move
from ..three_thirteen.melds import WildRank
from ._lite import CLEAR
from .card_table import CardTable
from .share_widgets import (
    AppBox,
    DealControls,
    GameControls,
    ShareLink,
    UrlSync,
    rules_menu,
    set_controls,
    wide_button,
)

__all__ = [
    "NAMES",
    "RULE_KEYS",
    "MeldThisHand",
    "ThreeThirteenGame",
    "three_thirteen_app",
]

#: The players' names, by seat: the reader is seat 0.
NAMES = ("You", "Bot A", "Bot B", "Bot C")

_GAME = find_game("three_thirteen")
#: Short names of the rule presets, for links (``?rules=variations``): key -> preset name.
RULE_KEYS: dict[str, str] = _GAME.links
_RULE_OPTIONS = [(p.title, p.name) for p in _GAME.preset_infos]


def _round_label(n: int) -> str:
    return f"Round {n}: {cards_dealt(n)} cards, {wild_rank(n).plural} wild"


class _CardButtons(CardTable):
    """The reader's cards as pictures to select (a :class:`CardTable`).

    Wild cards keep the gold border the book's pictures give them, and their
    names (read aloud, shown as tooltips) say "wild".
    """

    def show_cards(
        self, cards: Sequence[AnyCard], *, wild: WildRank, label: str = "", disabled: bool = False
    ) -> None:
        """Show ``cards``, none selected (with ``disabled``, none can be)."""
        with self.hold_sync():  # one message to the page
            self.set_rows({"hand": cards}, labels={"hand": label})
            codes = self.codes_of(cards)
            wilds = [(code, card) for code, card in zip(codes, cards) if is_wild(card, wild)]
            if wilds:
                faces = dict(self.faces)
                names = dict(self.names)
                for code, card in wilds:
                    faces[code] = faces[code.split("#")[0]] = card_svg(card, highlight=True)
                    names[code] = f"{card.name} (wild)"
                self.faces, self.names = faces, names
            self.selectable = not disabled

    def press(self, text: str) -> None:
        """Press the cards named in ``text``, as a reader would.

        A card named twice presses both copies of a two-deck hand; pressing a
        card already selected (and with no other copy) unselects it.
        """
        for token in text.split():
            wanted = str(parse_card(token))
            matching = [code for code in self.codes_of(self.cards) if code.split("#")[0] == wanted]
            if not matching:
                raise NotationError(f"no card {wanted} in this hand")
            self.click(next((c for c in matching if c not in self.selected), matching[0]))


class MeldThisHand(widgets.VBox):  # type: ignore[misc]
    """Arrange a hand into melds yourself, then compare with the best arrangement.

    >>> w = MeldThisHand(cards="5s 6s 7s 9h 9d 3c Kd", round_number=1)
    >>> w.card_buttons.press("5s 6s 7s")         # select three cards
    >>> w.make_button.click()
    >>> str(w.draft)
    '[5♠ 6♠ 7♠] left: 3♣ 9♥ 9♦ K♦ — penalty 31'
    >>> w.card_buttons.press("3c 9h")            # too few for a meld
    >>> w.make_button.click()
    >>> "needs at least 3 cards" in w.status.value
    True
    >>> w.compare_button.click()
    >>> "the best arrangement leaves 10, 21 fewer" in w.best.value
    True
    """

    def __init__(
        self,
        seed: int = 1,
        round_number: int = 6,
        cards: str | None = None,
        preset: str = "source",
    ) -> None:
        self.round = widgets.Dropdown(
            options=[(_round_label(n), n) for n in range(1, ROUNDS + 1)],
            value=round_number,
            description="Round",
            layout=widgets.Layout(width="calc(100% - 1rem)", max_width="24rem"),
        )
        self.rules = rules_menu("three_thirteen", preset, "30rem")
        dealing = DealControls.make(seed, "hand", "3 to 14 cards, e.g. 5s 6s 7s 9h 9d RJ")
        self.seed, self.deal_button, self.new_button = (
            dealing.seed,
            dealing.deal_button,
            dealing.new_button,
        )
        self.cards_text, self.use_button = dealing.cards_text, dealing.use_button
        self.status = widgets.HTML()
        self.mine = widgets.HTML()
        self.card_buttons = _CardButtons(label="your cards not in a meld")
        self.make_button = widgets.Button(
            description="Make meld",
            button_style="success",
            tooltip="make the selected cards a meld",
        )
        self.undo_button = widgets.Button(description="Undo", tooltip="take back the last meld")
        self.clear_button = widgets.Button(description="Clear", tooltip="take back every meld")
        self.compare_button = wide_button(
            "Compare with the best", "the arrangement with the lowest penalty"
        )
        self.best = widgets.HTML()
        self._message = ""
        self.draft = self._new_draft(seed, round_number, cards, preset)

        self.deal_button.on_click(lambda _b: self.deal(self.seed.value))
        self.new_button.on_click(lambda _b: self.deal(random.randrange(10**6)))
        self.use_button.on_click(lambda _b: self.use_typed())
        self.make_button.on_click(lambda _b: self.make())
        self.undo_button.on_click(lambda _b: self._set(self.draft.undo()))
        self.clear_button.on_click(lambda _b: self._set(self.draft.clear()))
        self.compare_button.on_click(lambda _b: self.compare())
        self.round.observe(lambda _c: self._rules_changed(), names="value")
        self.rules.observe(lambda _c: self._rules_changed(), names="value")

        wrap = widgets.Layout(flex_flow="row wrap", grid_gap="4px")
        help_text = widgets.HTML(
            "<p style='margin:.2rem 0'>Tap or click cards to select them, then <b>Make meld</b>. "
            "Wild cards have a gold border. Keys: Tab reaches the cards, the arrow keys move "
            "between them, Space selects.</p>"
        )
        super().__init__(
            [
                self.round,
                self.rules,
                *dealing.rows(),
                help_text,
                self.mine,
                self.card_buttons,
                widgets.HBox(
                    [self.make_button, self.undo_button, self.clear_button, self.compare_button],
                    layout=wrap,
                ),
                self.status,
                self.best,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("rl-meld-hand")
        self.redraw()

    # -- actions -----------------------------------------------------------

    def _new_draft(self, seed: int, round_number: int, cards: str | None, preset: str) -> MeldDraft:
        rules = PRESETS[preset]
        hand = deal_hand(seed, round_number, rules) if cards is None else cards
        return MeldDraft.of(hand, round_number, rules)

    def deal(self, seed: int) -> None:
        """Deal hand no. ``seed`` for the chosen round."""
        self.seed.value = seed
        self._message = ""
        self._set(self._new_draft(seed, self.round.value, None, self.rules.value))

    def use_typed(self) -> None:
        try:
            draft = MeldDraft.of(self.cards_text.value, self.round.value, PRESETS[self.rules.value])
        except RulesError as error:
            self._message = message_html(f"{error} (your hand below is unchanged)")
            self.redraw()
            return
        self._message = ""
        self._set(draft)

    def _rules_changed(self) -> None:
        self._message = ""
        self._set(MeldDraft.of(self.draft.hand, self.round.value, PRESETS[self.rules.value]))

    def make(self) -> None:
        chosen = list(self.card_buttons.selected_cards)
        if not chosen:
            self._message = message_html("Select three or more cards first.", "info")
            self.redraw()
            return
        problem = self.draft.problem(chosen)
        if problem is not None:
            self._message = message_html(f"{Cards(chosen)} is not a meld: {problem}.")
            self.redraw()
            return
        self._message = ""
        self._set(self.draft.make(chosen))

    def compare(self) -> None:
        best = self.draft.best()
        self.best.value = message_html(self.draft.compare(), "info") + result_html(
            best, "The best arrangement"
        )

    def _set(self, draft: MeldDraft) -> None:
        self.draft = draft
        self.best.value = ""
        self.redraw()

    # -- drawing -----------------------------------------------------------

    def redraw(self) -> None:
        d = self.draft
        melds = (
            side_by_side(*(meld_html(m) for m in d.melds))
            if d.melds
            else "<p style='margin:.2rem 0'>No melds yet.</p>"
        )
        left = d.leftover
        self.mine.value = (
            f"<p style='margin:.3rem 0 .1rem'><b>Your melds</b> ({_round_label(d.round_number)})</p>"
            + melds
        )
        self.card_buttons.show_cards(
            left,
            wild=d.wild_rank,
            label=f"Not in a meld: {len(left)} card{'s' * (len(left) != 1)}, penalty {d.penalty}",
        )
        self.undo_button.disabled = self.clear_button.disabled = not d.melds
        self.status.value = self._message


def move_buttons() -> dict[Move, widgets.Button]:
    """A button for each kind of move of a turn, as the game and its lesson show them."""
    return {
        Move.DRAW: widgets.Button(
            description="Draw from stock",
            tooltip="draw the top card of the stock",
            layout=widgets.Layout(width="auto"),
        ),
        Move.TAKE: widgets.Button(
            description="Take discard",
            tooltip="take the top card of the discard pile",
            layout=widgets.Layout(width="auto"),
        ),
        Move.DISCARD: widgets.Button(
            description="Discard", button_style="warning", tooltip="discard the selected card"
        ),
        Move.GO_OUT: widgets.Button(
            description="Go out",
            button_style="success",
            tooltip="meld every other card and discard the selected one",
        ),
    }


class ThreeThirteenGame(widgets.VBox):  # type: ignore[misc]
    """A whole game of Three-Thirteen against one to three bots.

    >>> g = ThreeThirteenGame(seed=5, bots=1)
    >>> g.state.round_number, g.my_turn
    (1, True)
    >>> g.draw_button.click()                     # draw from the stock
    >>> g.state.phase.value
    'discard'
    >>> g.hand_buttons.click(g.state.hands[0][0])  # select a card …
    >>> g.discard_button.click()                  # … and discard it; the bot replies
    >>> "You drew from the stock and discarded" in g.record.value
    True
    >>> while not g.state.is_terminal():
    ...     g.auto_button.click()                 # "Play my turn" until the end
    >>> "Final standings" in g.message.value and "<td>11 (K)</td>" in g.sheet.value
    True
    """

    def __init__(
        self,
        seed: int = 1,
        bots: int = 1,
        preset: str = "source",
        bot: str = "wary",
        *,
        sync_address: bool = False,
    ) -> None:
        # the page's address keeps the game so far (apps only)
        self.address = UrlSync() if sync_address else None
        controls = GameControls.make("three_thirteen", seed, preset)
        self.seed, self.new_button, self.rules = controls.seed, controls.new_button, controls.rules
        self.bots = widgets.Dropdown(
            options=[("1 bot", 1), ("2 bots", 2), ("3 bots", 3)],
            value=bots,
            description="Against",
            layout=widgets.Layout(width="12rem"),
        )
        self.header = widgets.HTML()
        self.table = widgets.HTML()
        self.hand_buttons = _CardButtons(label="your hand", single=True)
        self.hand_buttons.observe(lambda _c: self._update_buttons(), names="selected")
        self.draw_button, self.take_button, self.discard_button, self.out_button = (
            move_buttons().values()
        )
        self.hint_button = widgets.Button(
            description="Hint", tooltip="what the wary bot would do here"
        )
        self.auto_button = widgets.Button(
            description="Play my turn", tooltip="let the wary bot play this turn for you"
        )
        self.auto_button.layout = widgets.Layout(width="auto")
        self.message = widgets.HTML()
        self.record = widgets.HTML()
        self.last_round = widgets.HTML()
        self.sheet = widgets.HTML()
        self.share = ShareLink()
        self.bot_kind = bot
        self._message = ""
        self._hint = ""

        self.new_button.on_click(lambda _b: self.start(self.seed.value))
        self.draw_button.on_click(lambda _b: self.play(DRAW))
        self.take_button.on_click(lambda _b: self.play_text("take"))
        self.discard_button.on_click(lambda _b: self.play_selected(Move.DISCARD))
        self.out_button.on_click(lambda _b: self.play_selected(Move.GO_OUT))
        self.hint_button.on_click(lambda _b: self.hint())
        self.auto_button.on_click(lambda _b: self.play_turn_for_me())
        self.bots.observe(lambda _c: self._settings_changed(), names="value")
        self.rules.observe(lambda _c: self._settings_changed(), names="value")

        wrap = widgets.Layout(flex_flow="row wrap", grid_gap="4px")
        self._turn_row = widgets.HBox(
            [self.draw_button, self.take_button, self.discard_button, self.out_button],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px"),
        )
        self._help_row = widgets.HBox(
            [self.hint_button, self.auto_button],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px"),
        )
        super().__init__(
            [
                widgets.HBox([self.seed, self.bots, self.new_button], layout=wrap),
                self.rules,
                self.header,
                self.table,
                self.hand_buttons,
                self._turn_row,
                self._help_row,
                self.message,
                widgets.HTML("<p style='margin:.6rem 0 .1rem;font-weight:bold'>What happened</p>"),
                self.record,
                self.last_round,
                widgets.HTML("<p style='margin:.6rem 0 .1rem;font-weight:bold'>Score sheet</p>"),
                self.sheet,
                self.share,
                *([self.address] if self.address is not None else []),
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("rl-tt-game")
        self.start(seed)

    # -- the game ----------------------------------------------------------------

    @property
    def state(self) -> ThreeThirteenState:
        return self.session.state

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[: self.state.num_players]

    @property
    def my_turn(self) -> bool:
        return self.session.my_turn

    def start(self, seed: int) -> None:
        """A new game: number ``seed``, the chosen bots and rules; the bots play until your turn."""
        self.seed.value = seed
        players = self.bots.value + 1
        initial = new_game(seed=seed, players=players, rules=PRESETS[self.rules.value])
        bot_class = BOTS[self.bot_kind]
        self.session = Session(initial, {s: bot_class() for s in range(1, players)}, 0, seed)
        self.events: list[Turn | RoundResult] = narrate(initial, self.session.run_bots())
        self._message = message_html(
            f"Game no. {seed}: you against {self.bots.value} bot{'s' * (self.bots.value > 1)}. "
            f"{NAMES[initial.dealer]} deal{'s' * (initial.dealer != 0)} first.",
            "info",
        )
        self._hint = ""
        self.last_round.value = ""
        link = _GAME.preset_info(self.rules.value).link
        self.share.update(make_query(seed, link, bots=str(self.bots.value)))
        self.redraw()

    def resume(self, moves: str) -> list[str]:
        """Play on from the moves a link holds (after :meth:`start`); a move
        that cannot be played is named, and the game starts again."""
        played: list[tuple[int, Action]] = []

        def read(state: ThreeThirteenState, text: str) -> Action:
            action = state.parse_action(str(Action.from_short(text)))
            played.append((state.current_player(), action))
            return action

        try:
            state = replay_text(self.session.initial, moves, read)
        except RulesError as error:
            return [f"the game in the link: {error}; it starts again"]
        self.session.state = state
        self.session.moves = list(state.moves)
        self.events = narrate(self.session.initial, played)
        self.events.extend(narrate(state, self.session.run_bots()))
        self._message = message_html(f"Game no. {self.seed.value} goes on where it was.", "info")
        self.redraw()
        return []

    def play(self, action: Action) -> None:
        """Play ``action`` for the reader; the bots then play until the reader's turn.

        A move that may not be made now is explained (:func:`why_not`) and changes nothing.
        """
        before = self.state
        if not self.session.my_turn:
            self._refuse("The game is over: press New game to play again.", "info")
            return
        if not before.is_legal(action):
            self._refuse(why_not(before, action, NAMES))
            return
        replies = self.session.play(action)
        self.events.extend(narrate(before, [(0, action), *replies]))
        self._message = self._after(before, action)
        self._hint = ""
        self.redraw()

    def play_text(self, text: str) -> None:
        """Play a move typed as text (``draw``, ``take``, ``discard 9d``, ``go out 9♦``).

        A move that may not be made now gets the words the same move made
        with the cards and buttons gets; a text that cannot be read is named,
        with a move that could be typed instead.  Either way nothing changes.

        >>> g = ThreeThirteenGame(seed=5, bots=1)
        >>> g.play_text("discard 9d")
        >>> print(g.message.value.split(">")[1].removesuffix("</div"))
        You must draw first.
        >>> g.play_text("dicsard 9d")
        >>> print(g.message.value.split(">")[1].removesuffix("</div"))
        “dicsard 9d” is not a move: a move starts with draw, take, discard or go out. Type a move such as “draw” or “take 7♠”.
        """
        if not self.session.my_turn:
            self.play(DRAW)  # says the game is over
            return
        try:
            wanted = read_move(self.state, text)
        except NotationError as error:
            self._refuse(str(error))
            return
        self._attempt(wanted)

    def play_selected(self, move: Move) -> None:
        """Make ``move`` with the card selected in the hand (Discard, Go out)."""
        chosen = self.hand_buttons.selected_cards
        if not chosen:
            self._refuse("Select the card to discard first.", "info")
            return
        self._attempt(Action(move, chosen[0]))

    def _attempt(self, wanted: Action) -> None:
        """Play ``wanted``, its card matched to the hand's own copy; or say why not."""
        action = wanted
        if wanted.card is not None and self.session.my_turn:
            action = self._legal_for(wanted.move, wanted.card) or wanted
        self.play(action)

    def _refuse(self, text: str, kind: str = "error") -> None:
        """Say why nothing was played; nothing else changes (a selected card stays selected)."""
        self._message = message_html(text, kind)
        self.message.value = self._hint + self._message

    def _legal_for(self, move: Move, card: AnyCard) -> Action | None:
        """The legal action of ``move`` with ``card`` or an identical copy of it."""
        for action in self.state.legal_actions():
            if action.move is move and str(action.card) == str(card):
                return action
        return None

    def hint(self) -> None:
        if not self.my_turn:
            return
        action = suggest(self.state, BOTS["wary"]())
        if action.move is Move.DRAW:
            text = "Hint: draw from the stock."
        elif action.move is Move.TAKE:
            text = f"Hint: take the {action.card} from the discard pile."
        elif action.move is Move.GO_OUT:
            text = f"Hint: go out, discarding the {action.card} (it is selected)."
        else:
            text = f"Hint: discard the {action.card} (it is selected)."
        self._hint = message_html(text, "info")
        self.redraw()
        if action.card is not None and action.move in (Move.DISCARD, Move.GO_OUT):
            self.hand_buttons.select([action.card])

    def play_turn_for_me(self) -> None:
        """Let the wary bot play the reader's whole turn (draw and discard)."""
        for _ in range(2):
            if not self.my_turn:
                break
            self.play(suggest(self.state, BOTS["wary"]()))
            if self.state.phase is Phase.DRAW:
                break

    def _after(self, before: ThreeThirteenState, action: Action) -> str:
        """What to tell the reader after their move and the bots' replies."""
        state = self.state
        if action.move is Move.DRAW:
            got = [c for c in state.hands[0] if c not in before.hands[0]]
            return message_html(f"You drew the {got[0]} from the stock." if got else "", "info")
        if action.move is Move.TAKE:
            return message_html(f"You took the {action.card}; now discard another card.", "info")
        parts = []
        if len(state.results) > len(before.results):
            result = state.results[len(before.results)]
            mine = result.penalties[0]
            why = ""
            if result.turn_limit_reached:  # the rules' turn_limit ended it, not the play
                ending = result.ending(NAMES[: state.num_players])
                why = f"{ending}, so every hand is scored as it stands. "
            parts.append(
                f"Round {result.round_number} is over: {why}"
                f"{'Y' if why else 'y'}ou scored {mine} (total {result.totals[0]})."
            )
            self.last_round.value = round_html(result, NAMES)
        if state.is_terminal():
            rows = standings(state.totals)
            places = "; ".join(f"{p}. {NAMES[s]} {t}" for p, s, t in rows)
            winners = [NAMES[s] for p, s, _ in rows if p == 1]
            verdict = "You win!" if winners == ["You"] else f"Winner: {' and '.join(winners)}."
            return message_html(f"{' '.join(parts)} Final standings: {places}. {verdict}", "info")
        if parts:
            parts.append(f"Now {_round_label(state.round_number).lower()}.")
        return message_html(" ".join(parts), "info") if parts else ""

    def _settings_changed(self) -> None:
        self._message = message_html(
            "Press New game to start a game with these settings; this one goes on as it was.",
            "info",
        )
        self.redraw()

    # -- drawing -----------------------------------------------------------------

    def _update_buttons(self) -> None:
        state = self.state
        mine = self.my_turn
        drawing = mine and state.phase is Phase.DRAW
        self.draw_button.disabled = not drawing
        top = state.discard[-1] if state.discard else None
        self.take_button.disabled = not drawing or top is None
        self.take_button.description = (
            f"Take {top}" if drawing and top is not None else "Take discard"
        )
        chosen = self.hand_buttons.selected_cards
        discarding = mine and state.phase is Phase.DISCARD
        self.discard_button.disabled = not discarding or not chosen
        can_out = discarding and any(a.move is Move.GO_OUT for a in state.legal_actions())
        self.out_button.disabled = not can_out or not chosen
        self.hint_button.disabled = self.auto_button.disabled = not mine

    def redraw(self) -> None:
        state = self.state
        names = self.names
        over = state.is_terminal()
        for row in (self._turn_row, self._help_row):
            row.layout.display = "none" if over else CLEAR
        self.header.value = header_html(state, names)
        self.table.value = table_html(state, names)
        hand = () if over else state.hands[0]
        self.hand_buttons.layout.display = "none" if over else CLEAR
        self.hand_buttons.show_cards(
            hand,
            wild=state.wild_rank,
            label=f"Your hand ({len(hand)} cards; wild cards have a gold border)",
            disabled=not (self.my_turn and state.phase is Phase.DISCARD),
        )
        self._update_buttons()
        self.message.value = self._hint + self._message
        self.record.value = record_html(self.events, names)
        self.sheet.value = MINI_CSS + score_sheet_html(state.results, names)
        if self.address is not None:
            link = _GAME.preset_info(self.rules.value).link
            extra = {"bots": str(self.bots.value)}
            if self.session.moves:
                extra["moves"] = moves_text(self.session.moves, lambda a: a.short)
            self.address.query = make_query(int(self.seed.value), link, **extra)


def _read_bots(text: str | None, problems: list[str]) -> int | None:
    if text is None:
        return None
    if text.strip() in ("1", "2", "3"):
        return int(text)
    problems.append(f"the link asks for {text!r} bots; choose 1, 2 or 3")
    return None


def three_thirteen_app(
    query: str | None = None, seed: int = 1, bots: int = 1, preset: str = "source"
) -> AppBox:
    """The Three-Thirteen app: a game as its link asks (``?seed=7&rules=variations&bots=2``),
    then "meld this hand" for practice.

    ``query`` defaults to the query string Voila passes to the kernel.  A bad
    link is named in a visible message and the defaults are used.

    >>> app = three_thirteen_app("seed=7&rules=variations&bots=2")
    >>> app.game.seed.value, app.game.rules.value, app.game.state.num_players
    (7, 'variations', 3)
    >>> "seed=7&rules=variations&bots=2" in app.game.share.link
    True
    >>> "choose 1, 2 or 3" in three_thirteen_app("bots=9").note.value
    True
    """
    game = ThreeThirteenGame(seed=seed, bots=bots, preset=preset, sync_address=True)
    practice = MeldThisHand(seed=seed, preset=preset)

    def follow(link: DealLink) -> Sequence[str]:
        problems = list(link.problems)
        set_controls(
            (game.rules, RULE_KEYS.get(link.rules or "")),
            (game.bots, _read_bots(link.get("bots"), problems)),
        )
        game.start(game.seed.value if link.seed is None else link.seed)
        if link.get("moves"):
            problems.extend(game.resume(link.get("moves") or ""))
        set_controls((practice.rules, game.rules.value))
        practice.deal(game.seed.value)
        return problems

    return AppBox(
        query,
        RULE_KEYS,
        follow,
        [
            widgets.HTML("<h2>Play a game</h2>"),
            game,
            widgets.HTML("<h2>Practice: meld this hand</h2>"),
            practice,
        ],
        game=game,
        practice=practice,
    )
