"""A game of Pyramid (the chapter's widget and the "pyramid" app).

:class:`PyramidGame` keeps a :class:`~rules_lib.pyramid.PyramidState` and redraws
from it after each tap:

* the pyramid as card pictures in seven overlapping rows (a
  :class:`~rules_lib.widgets.card_table.CardTable`: the bottom row seven cards
  wide at phone width too; a card that is gone leaves a gap), and below it the
  stock's top card and the waste's; the free cards are lit, the covered ones
  cannot be tapped;
* tap two cards that add up to 13, or a king alone, and they are taken; a pair
  the rules refuse leaves the rules' own reason (the card and the rule) and
  changes nothing;
* **Turn the stock**, **Go through again** (only when the rules allow another
  pass), **Undo**;
* the solver's verdict after every move ("still winnable", or why the
  position can no longer be won), **Hint** (a move that keeps the deal
  winnable), **Show me the solution** (the winning line, played a step at a
  time with **Next step**), and a "deal only winnable games" box;
* the deal number, the rules, and a link to the deal.

The solver (:func:`rules_lib.pyramid.solve`) answers most positions in a few
milliseconds but a rare one takes seconds: it is asked with a limit on the
positions it may search (:data:`STAGES`, a bigger search only while the answer
is likely within :data:`BUDGET_S` seconds), a bar shows it thinking, and when it
gives up the widget says so.  All the rules live in :mod:`rules_lib.pyramid`; the
HTML panes are drawn by :mod:`rules_lib.render.pyramid`.
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from ..cards import AnyCard, Card
from ..errors import UnknownOptionError
from ..games import find_game
from ..pyramid import (
    AGAIN,
    PRESETS,
    TURN,
    Action,
    PyramidRules,
    PyramidState,
    SearchLimitError,
    Solution,
    Take,
    dead_card,
    new_game,
    solve,
)
from ..pyramid.rules import ROWS, position, value
from ..render import message_html
from ..render.pyramid import line_html, move_words, status_html, verdict_html
from ..share import MAX_SEED, DealLink, make_query
from .card_table import CardTable
from .share_widgets import AppBox, GameControls, ShareLink, follow_game

__all__ = [
    "BUDGET_S",
    "RULE_CHOICES",
    "STAGES",
    "PyramidGame",
    "Verdict",
    "judge",
    "pyramid_app",
    "pyramid_table",
    "show_position",
]

_GAME = find_game("pyramid")
#: The rule presets a reader can pick: preset name -> label (from :mod:`rules_lib.games`).
RULE_CHOICES: dict[str, str] = {p.name: p.title for p in _GAME.preset_infos}

#: The solver's searches, each a limit on the positions it may look at: the first
#: answers nearly every position at once; a bigger one runs only when the first gave up.
STAGES: tuple[int, ...] = (1_000, 20_000, 200_000)
#: A bigger search is not started when the answer would likely come after this many seconds.
BUDGET_S = 4.0
#: How many deal numbers "deal only winnable games" tries, at most, and for how long.
MAX_TRIES = 200
SEARCH_S = 30.0
#: The name of the row of the stock's and the waste's top cards.
PILES = "stock and waste"


# --- the solver, asked with limits ---------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What the solver said of a position: its :class:`~rules_lib.pyramid.Solution`,
    or ``None`` when it gave up after ``positions`` positions."""

    solution: Solution | None
    positions: int

    @property
    def winnable(self) -> bool | None:
        """True or False; ``None`` when the solver gave up."""
        return None if self.solution is None else self.solution.winnable


def judge(
    state: PyramidState,
    stages: Sequence[int] = STAGES,
    budget: float = BUDGET_S,
    thinking: Callable[[int, int], None] | None = None,
) -> Verdict:
    """Ask the solver about ``state``: a search limited to ``stages[0]`` positions,
    then, if it gave up, a bigger one, as long as the answer is likely to come
    within ``budget`` seconds.  ``thinking(stage, limit)`` is called before each
    search after the first (a widget shows its bar then).

    >>> from rules_lib.pyramid import new_game
    >>> judge(new_game(3)).winnable, judge(new_game(4)).winnable
    (True, False)
    >>> judge(new_game(3), stages=(5,))
    Verdict(solution=None, positions=5)
    """
    started = time.perf_counter()
    for stage, limit in enumerate(stages):
        if thinking is not None and stage > 0:
            thinking(stage, limit)
        began = time.perf_counter()
        try:
            solution = solve(state, limit=limit)
        except SearchLimitError:
            took = time.perf_counter() - began
            last = stage + 1 == len(stages)
            if last or time.perf_counter() - started + took * stages[stage + 1] / limit > budget:
                return Verdict(None, limit)
            continue
        return Verdict(solution, solution.positions)
    raise ValueError("judge needs at least one stage")


def _key(state: PyramidState) -> tuple[int, int, int, int, bool]:
    """A position within one deal (the moves that led to it aside)."""
    return (state.gone, state.used, state.pos, state.pass_number, state.progress)


def _followed(before: Verdict | None, after: PyramidState, action: Action) -> Verdict | None:
    """What is known of the position after ``action`` without a search: the rest of a
    winning line that began with it; a position reached from a lost one is lost too
    (and a card that could never be taken still cannot)."""
    if before is None or before.solution is None:
        return None
    solution = before.solution
    if solution.winnable and solution.line[:1] == (action,):
        return Verdict(Solution(True, solution.line[1:], 0), 0)
    if not solution.winnable:
        return Verdict(Solution(False, (), 0, dead_card(after) or solution.reason), 0)
    return None


def _a_card_of(number: int) -> str:
    word = {1: "ace", 11: "jack", 12: "queen"}.get(number, str(number))
    return ("an " if word in ("ace", "8") else "a ") + word


# --- the table ------------------------------------------------------------------------


def pyramid_table(label: str, css: str = "") -> CardTable:
    """The card widget that shows a Pyramid position (:func:`show_position`)."""
    # the classes in the widget's first state (see TrediciGame's hand)
    return CardTable(label=label, _dom_classes=("rl-pyramid-table", *([css] if css else [])))


def _piles_html(state: PyramidState) -> str:
    """The captions over the stock's and the waste's top cards (one card wide each)."""
    caption = (
        "<span style='width:var(--rl-card);text-align:center;font-size:.85rem;"
        "line-height:1.2'><b>{}</b><br>{}</span>"
    )
    return (
        "<span class='rl-pyramid-piles' style='display:flex;justify-content:center;gap:.25rem'>"
        + caption.format("Stock", len(state.stock()))
        + caption.format("Waste", len(state.waste()))
        + "</span>"
    )


def show_position(
    table: CardTable,
    state: PyramidState,
    *,
    lit: Iterable[Card] | None = None,
    trim: bool = False,
) -> None:
    """Show ``state`` in ``table``: the pyramid in seven centred, overlapping rows (a
    gap where a card is gone), then the stock's and the waste's top cards.  The free
    cards are lit (or ``lit``), the covered ones disabled, each card named with its
    place.  ``trim`` leaves out the empty rows below the last card of the pyramid.

    >>> from rules_lib.pyramid import new_game
    >>> table = pyramid_table("a deal")
    >>> show_position(table, new_game(3))
    >>> [len(row.get("slots", row["cards"])) for row in table.rows]
    [1, 2, 3, 4, 5, 6, 7, 2]
    >>> table.lit  # the free cards: the bottom row, the stock's top card
    ['2♦', '7♥', 'K♠', 'K♣', 'Q♣', 'Q♥', '8♣', 'Q♦']
    >>> len(table.disabled), table.names["8♣"], table.names["6♣"]
    (21, 'eight of clubs, row 7', 'six of clubs, row 3, covered by the A♣ and the 7♦')
    """
    cards = state.pyramid
    last = ROWS - 1
    if trim:
        last = max((position(i)[0] for i, c in enumerate(cards) if c is not None), default=0)
    rows: dict[str, list[Card | None]] = {}
    classes: dict[str, str] = {}
    for r in range(last + 1):
        rows[f"row {r + 1}"] = list(cards[r * (r + 1) // 2 : (r + 1) * (r + 2) // 2])
        classes[f"row {r + 1}"] = "rl-row-center" + (" rl-row-overlap" if r else "")
    rows[PILES] = [state.stock_top, state.waste_top]
    classes[PILES] = "rl-row-center rl-row-piles"
    over = state.is_terminal()
    covered = [c for c in cards if c is not None and state.covering(c)]
    free = [c for c in cards if c is not None and not state.covering(c)]
    free += [c for c in (state.stock_top, state.waste_top) if c is not None]
    with table.hold_sync():
        table.set_rows(
            rows,
            labels={PILES: "the stock and the waste"},
            label_html={PILES: _piles_html(state)},
            row_class=classes,
        )
        names = dict(table.names)
        for index, card in enumerate(cards):
            if card is None:
                continue
            words = f"{card.name}, row {position(index)[0] + 1}"
            above = state.covering(card)
            if above:
                words += ", covered by " + " and ".join(f"the {c}" for c in above)
            names[table.codes_of([card])[0]] = words
        for card, where in ((state.stock_top, "stock"), (state.waste_top, "waste")):
            if card is not None:
                names[table.codes_of([card])[0]] = f"{card.name}, top of the {where}"
        table.names = names
        table.disable(covered)
        table.light(() if over else free if lit is None else lit)
        table.selectable = not over


def taken_cards(table: CardTable) -> Take | None:
    """The move the cards selected in ``table`` make: a king alone (the last one
    tapped, when another card was selected), or two cards; ``None`` while only one
    card that is not a king is selected.

    >>> table = pyramid_table("cards")
    >>> table.show("5h Kd 8c")
    >>> table.click("5h"); print(taken_cards(table))
    None
    >>> table.click("8c"); print(taken_cards(table))
    5♥ 8♣
    >>> table.selected = ["5♥", "K♦"]; print(taken_cards(table))
    K♦
    """
    chosen = [c for c in table.selected_cards if isinstance(c, Card)]
    kings = [c for c in chosen if value(c) == 13]
    if kings:
        return Take.of(kings[0])
    if len(chosen) >= 2:
        return Take.of(*chosen[:2])
    return None


def _thinking_bar() -> tuple[widgets.VBox, widgets.HTML, widgets.IntProgress]:
    words = widgets.HTML()
    bar = widgets.IntProgress(
        value=0,
        min=0,
        max=len(STAGES),
        layout=widgets.Layout(width="calc(100% - 1rem)", max_width="22rem"),
    )
    box = widgets.VBox([words, bar], layout=widgets.Layout(display="none"))
    box.add_class("rl-pyramid-thinking")
    return box, words, bar


def _button(description: str, tooltip: str, css: str, **style: object) -> widgets.Button:
    button = widgets.Button(
        description=description,
        tooltip=tooltip,
        layout=widgets.Layout(width="auto", min_width="6.5rem"),
        **style,
    )
    button.add_class(css)
    return button


# --- the game -------------------------------------------------------------------------


class PyramidGame(widgets.VBox):  # type: ignore[misc]
    """A game of Pyramid: tap two cards that add up to 13, or a king.

    >>> game = PyramidGame(seed=3)
    >>> len(game.table.lit), len(game.table.disabled)  # free cards lit, covered ones not tappable
    (8, 21)
    >>> "can be won" in game.verdict.value
    True
    >>> game.table.click("Q♦"); game.table.click("K♣")  # a king goes alone
    >>> [str(a) for a in game.state.moves]
    ['K♣']
    >>> game.table.click("Q♦"); game.table.click("6♣")  # a covered card cannot be tapped
    >>> game.table.selected_cards
    (Card.parse('Q♦'),)
    >>> print(game.message.value.split(">")[1].removesuffix("</div"))
    The Q♦ counts 12: tap an ace to take them together (tap it again to let it go).
    >>> game.turn_button.click(); game.undo_button.click(); game.state.stock_top
    Card.parse('Q♦')
    >>> game.hint_button.click()
    >>> print(game.message.value.split(">")[1].removesuffix("</div"))
    Hint: take the K♠: a move that keeps the deal winnable.
    >>> game.seed.value = 4
    >>> game.new_button.click()
    >>> "can no longer be won" in game.verdict.value or "cannot be won" in game.verdict.value
    True
    >>> game.share.link
    '?seed=4&rules=source'
    """

    def __init__(
        self,
        seed: int = 1,
        rules: str = "source",
        *,
        winnable_only: bool = False,
        stages: Sequence[int] = STAGES,
        budget: float = BUDGET_S,
    ) -> None:
        if rules not in RULE_CHOICES:
            raise UnknownOptionError(
                f"no Pyramid rules {rules!r}; choose one of: {', '.join(RULE_CHOICES)}"
            )
        #: The solver's limits (:func:`judge`).
        self.stages, self.budget = tuple(stages), budget
        controls = GameControls.make("pyramid", seed, rules, label="Deal no.")
        self.seed, self.new_button, self.rules = controls.seed, controls.new_button, controls.rules
        self.new_button.description = "New deal"
        self.new_button.tooltip = "deal the cards of this number"
        self.random_button = _button(
            "Random deal", "deal the cards of a random number", "rl-pyramid-random"
        )
        self.winnable_only = widgets.Checkbox(
            value=winnable_only,
            description="Deal only winnable games",
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self.winnable_only.add_class("rl-pyramid-winnable")
        self.status = widgets.HTML()
        self.status.add_class("rl-pyramid-status-box")
        self.table = pyramid_table(
            "Pyramid: tap two cards that add up to 13, or a king", "rl-pyramid-game"
        )
        self.table.observe(self._tapped, names="selected")
        self.message = widgets.HTML()
        self.message.add_class("rl-pyramid-message")
        self.turn_button = _button(
            "Turn the stock", "put the stock's top card on the waste", "rl-pyramid-turn"
        )
        self.again_button = _button(
            "Go through again",
            "turn the waste over as a new stock (another pass)",
            "rl-pyramid-again",
            button_style="info",
        )
        self.undo_button = _button("Undo", "take back the last move", "rl-pyramid-undo")
        self.hint_button = _button("Hint", "a move that keeps the deal winnable", "rl-pyramid-hint")
        self.solution_button = _button(
            "Show me the solution", "a winning line from here, if there is one", "rl-pyramid-solve"
        )
        self.next_button = _button(
            "Next step", "play the next move of the solution", "rl-pyramid-next"
        )
        self.thinking, self._thinking_words, self._thinking_bar = _thinking_bar()
        self.verdict = widgets.HTML()
        self.verdict.add_class("rl-pyramid-verdict-box")
        self.solution = widgets.HTML()
        self.solution.add_class("rl-pyramid-solution-box")
        self.share = ShareLink()
        self.turn_button.on_click(lambda _b: self.act(TURN))
        self.again_button.on_click(lambda _b: self.act(AGAIN))
        self.undo_button.on_click(lambda _b: self.undo())
        self.hint_button.on_click(lambda _b: self.hint())
        self.solution_button.on_click(lambda _b: self.show_solution())
        self.next_button.on_click(lambda _b: self.next_step())
        self.new_button.on_click(lambda _b: self.new_game(self.seed.value))
        self.random_button.on_click(lambda _b: self.new_game(random.randrange(10**6)))
        self.rules.observe(lambda _c: self.new_game(self.seed.value), names="value")
        self.winnable_only.observe(self._winnable_changed, names="value")
        row = widgets.Layout(flex_flow="row wrap", grid_gap="4px")
        help_text = widgets.HTML(
            "<p style='margin:.4rem 0;max-width:40rem;line-height:1.4'>Tap two free cards "
            "whose values add up to 13 (an ace counts 1, a jack 11, a queen 12), or a king "
            "alone: they are taken away. The free cards are lit; a card still covered by a "
            "card of the row below cannot be tapped. The stock's and the waste's top cards "
            "pair too. Keys: Tab reaches the cards, the arrow keys move between them, Space "
            "or Enter taps one.</p>"
        )
        super().__init__(
            [
                widgets.HBox([self.seed, self.new_button, self.random_button], layout=row),
                self.rules,
                self.winnable_only,
                self.status,
                self.table,
                self.message,
                widgets.HBox([self.turn_button, self.again_button, self.undo_button], layout=row),
                widgets.HBox(
                    [self.hint_button, self.solution_button, self.next_button], layout=row
                ),
                self.thinking,
                self.verdict,
                self.solution,
                help_text,
                self.share,
            ],
            layout=widgets.Layout(width="100%", max_width="36rem"),
        )
        self.add_class("rl-pyramid")
        self.new_game(seed)

    # -- the game ------------------------------------------------------------

    def new_game(self, seed: int) -> None:
        """Deal number ``seed`` under the chosen rules (with "deal only winnable
        games", the first deal from ``seed`` on that the solver can win)."""
        rules = PRESETS[self.rules.value]
        self._verdicts: dict[tuple[int, int, int, int, bool], Verdict] = {}
        self._message = ""
        if self.winnable_only.value:
            seed, verdict, self._message = self._first_winnable(seed, rules)
            if verdict is not None:
                self._verdicts[_key(new_game(seed, rules))] = verdict
        self.seed.value = seed
        self.state = new_game(seed, rules)
        self._showing_solution = False
        self._lit: list[Card] | None = None
        self.share.update(make_query(seed, _GAME.preset_info(self.rules.value).link))
        self._judge()
        self.redraw()

    def _first_winnable(self, seed: int, rules: PyramidRules) -> tuple[int, Verdict | None, str]:
        """The first deal number from ``seed`` that the solver wins (deals it gives up
        on are passed over), its verdict, and what to say about it."""
        started = time.perf_counter()
        number = seed
        try:
            for tried in range(MAX_TRIES):
                number = (seed + tried) % (MAX_SEED + 1)
                if tried:
                    self._think(
                        f"Looking for a deal that can be won: no. {number} ({tried} tried)…",
                        tried,
                        MAX_TRIES,
                    )
                verdict = judge(new_game(number, rules), self.stages[:2], self.budget / 4)
                if verdict.winnable:
                    if number == seed:
                        return number, verdict, ""
                    which = f"no. {seed}" if tried == 1 else f"nos. {seed} to {number - 1}"
                    note = (
                        f"Deal {which} cannot be won (or the solver could not tell), "
                        f"so no. {number} is dealt: it can be won."
                    )
                    return number, verdict, message_html(note, "info")
                if time.perf_counter() - started > SEARCH_S:
                    break
        finally:
            self._done_thinking()
        note = f"No deal that can be won was found from no. {seed} to no. {number}: deal no. {seed} is dealt."
        return seed, None, message_html(note, "info")

    def _winnable_changed(self, change: dict[str, object]) -> None:
        if change["new"]:
            self.new_game(self.seed.value)

    def act(self, action: Action) -> None:
        """Take ``action``: done, and the solver asked about the position it leaves;
        or refused with the rules' reason, and nothing changes."""
        before = self.state
        ruling = before.check(action)
        if not ruling.legal:
            self._message = message_html(f"You cannot {move_words(action)}: {ruling.reason}.")
            self._lit = None
            self.redraw()
            return
        self.state = before.apply_action(action)
        known = _followed(self._verdicts.get(_key(before)), self.state, action)
        if known is not None:
            self._verdicts.setdefault(_key(self.state), known)
        self._message = ""
        self._lit = None
        self._judge()
        self.redraw()

    def take(self, *cards: str | AnyCard) -> None:
        """Take a king, or two cards (cards, or text such as ``"Qh"``), as tapping them does."""
        self.act(Take.of(*(c if isinstance(c, str | Card) else str(c) for c in cards)))

    def undo(self) -> None:
        """Take back the last move."""
        if not self.state.moves:
            self._message = message_html("There is no move to undo.", "info")
        else:
            self.state = self.state.undo()
            self._message = ""
            self._judge()
        self._lit = None
        self.redraw()

    def _tapped(self, change: dict[str, object]) -> None:
        """A card was tapped (selected in the page): a king or a second card makes a move."""
        move = taken_cards(self.table)
        if move is not None:
            self.act(move)
            return
        chosen = self.table.selected_cards
        if len(chosen) == 1 and isinstance(chosen[0], Card):
            card = chosen[0]
            need = 13 - value(card)
            self.message.value = message_html(
                f"The {card} counts {value(card)}: tap {_a_card_of(need)} to take them together "
                "(tap it again to let it go).",
                "info",
            )

    # -- the solver ----------------------------------------------------------

    def verdict_of(self, state: PyramidState | None = None) -> Verdict:
        """The solver's verdict on ``state`` (the position now), asked once per position."""
        state = self.state if state is None else state
        key = _key(state)
        if key not in self._verdicts:
            try:
                self._verdicts[key] = judge(state, self.stages, self.budget, self._solver_thinks)
            finally:
                self._done_thinking()
        return self._verdicts[key]

    def _judge(self) -> None:
        self.verdict_of()

    def _solver_thinks(self, stage: int, limit: int) -> None:
        self._think(
            f"The solver is thinking: a search of up to {limit:,} positions…",
            stage,
            len(self.stages),
        )

    def _think(self, words: str, done: int, out_of: int) -> None:
        self._thinking_words.value = (
            f"<p role='status' style='margin:.2rem 0'>{html.escape(words)}</p>"
        )
        self._thinking_bar.max = out_of
        self._thinking_bar.value = done
        self.thinking.layout.display = ""

    def _done_thinking(self) -> None:
        self.thinking.layout.display = "none"
        self._thinking_words.value = ""

    def _back_to_winnable(self) -> int:
        """How many moves back the last position the solver knows to be winnable
        was (0: none known)."""
        state, back = self.state, 0
        while state.moves:
            state, back = state.undo(), back + 1
            known = self._verdicts.get(_key(state))
            if known is not None and known.winnable:
                return back
        return 0

    def verdict_words(self) -> tuple[str, bool | None]:
        """The verdict on the position now, in words, and whether it is good news."""
        state, verdict = self.state, self.verdict_of()
        if state.is_won():
            return "You won: " + (
                "the pyramid is cleared."
                if state.rules.goal == "pyramid"
                else "every card is gone."
            ), True
        if verdict.solution is None:
            return (
                f"The solver gave up after {verdict.positions:,} positions: it cannot tell "
                "whether this position can still be won.",
                None,
            )
        if verdict.solution.winnable:
            if not state.moves:
                return "This deal can be won: some order of moves clears it.", True
            return "Still winnable: some order of moves clears it from here.", True
        reason = verdict.solution.reason
        if not state.moves:
            return f"This deal cannot be won: {reason}.", False
        back = self._back_to_winnable()
        undo = (
            f" Undo {back} move{'s' * (back != 1)} to be back where it still could." if back else ""
        )
        return f"This position can no longer be won: {reason}.{undo}", False

    def hint(self) -> None:
        """Say a move that keeps the deal winnable (and light its cards), or why there is none."""
        self._lit = None
        if self.state.is_terminal():
            self._message = message_html(
                "The game is over: " + self.state.status() + " Press New deal, or Undo.", "info"
            )
            self.redraw()
            return
        verdict = self.verdict_of()
        if verdict.solution is None:
            text = (
                f"The solver gave up after {verdict.positions:,} positions, so it has no hint "
                "here: try a pair you can see."
            )
        elif verdict.solution.winnable:
            action = verdict.solution.line[0]
            text = f"Hint: {move_words(action)}: a move that keeps the deal winnable."
            if isinstance(action, Take):
                self._lit = list(action.cards)
        else:
            text = self.verdict_words()[0]
        self._message = message_html(text, "info")
        self.redraw()

    def show_solution(self) -> None:
        """List a winning line from here (played a step at a time with Next step)."""
        self._showing_solution = True
        verdict = self.verdict_of()
        if not (verdict.solution and verdict.solution.winnable) and not self.state.is_won():
            self._message = message_html(self.verdict_words()[0], "info")  # no line: why
        self.redraw()

    def next_step(self) -> None:
        """Play the next move of the solution."""
        verdict = self.verdict_of()
        if verdict.solution is not None and verdict.solution.line:
            self._showing_solution = True
            self.act(verdict.solution.line[0])

    def _solution_html(self) -> str:
        if not self._showing_solution:
            return ""
        if self.state.is_won():
            return ""
        verdict = self.verdict_of()
        if verdict.solution is None or not verdict.solution.winnable:
            return ""  # the verdict says why
        line = verdict.solution.line
        return (
            f"<p style='margin:.3rem 0'><b>A winning line from here</b>, {len(line)} moves "
            "(press <b>Next step</b> to play them one by one):</p>" + line_html(line)
        )

    # -- drawing -------------------------------------------------------------

    def redraw(self) -> None:
        state = self.state
        legal = set(state.legal_actions())
        over = state.is_terminal()
        show_position(self.table, state, lit=self._lit)
        self.turn_button.disabled = TURN not in legal
        self.turn_button.layout.display = "none" if AGAIN in legal else ""
        self.again_button.layout.display = "" if AGAIN in legal else "none"
        self.undo_button.disabled = not state.moves
        self.hint_button.disabled = over
        verdict = self.verdict_of()
        can_step = bool(verdict.solution and verdict.solution.winnable and verdict.solution.line)
        self.solution_button.disabled = over
        self.next_button.layout.display = "" if self._showing_solution and can_step else "none"
        self.status.value = status_html(state)
        self.message.value = self._message
        words, good = self.verdict_words()
        self.verdict.value = verdict_html(words, good)
        self.solution.value = self._solution_html()


def pyramid_app(query: str | None = None) -> AppBox:
    """The Pyramid app, dealt as its link asks (``?seed=42&rules=one-pass``).

    ``query`` defaults to the query string Voila passes to the kernel.  A bad
    link is named in a visible message and the defaults are used.

    >>> app = pyramid_app("seed=42&rules=one-pass")
    >>> app.game.seed.value, app.game.rules.value, app.game.share.link
    (42, 'one pass', '?seed=42&rules=one-pass')
    >>> "must be a whole number" in pyramid_app("seed=x").note.value
    True
    """
    game = PyramidGame()

    def follow(link: DealLink) -> Sequence[str]:
        menus = [(game.rules, _GAME.links.get(link.rules or ""))]
        follow_game(game.seed, link.seed, menus, lambda: game.new_game(game.seed.value))
        return list(link.problems)

    return AppBox(query, _GAME.links, follow, [game], game=game)
