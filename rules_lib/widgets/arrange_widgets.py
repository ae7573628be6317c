"""Widgets for Mậu Binh and Chinese Poker.

* :class:`ArrangeHand`: deal (by number, so a class can share a deal) or type
  13 cards, move cards between back, middle and front with buttons, see each
  row's value, misset and special hands flagged, and the solver's best
  arrangement on request.
* :class:`Showdown`: your arrangement against three solver bots, scored under
  either game's rules, with a running total over deals.

The rule sets, the bots' arrangements, what special hands are worth and the
scoring live in :mod:`rules_lib.showdown`, and what differs between the games
in each game's :class:`~rules_lib.setting.game.SettingGame`; these classes lay
out, wire the buttons and redraw.
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Callable, Iterable, Sequence

import ipywidgets as widgets

from ..cards import AnyCard, Card, parse_cards
from ..errors import RulesError, UnknownOptionError
from ..games import find_game
from ..poker import HandValue
from ..render import cards_html, message_html
from ..score_sheet import ScoreSheet
from ..setting.expected import ValuedSetting, expected_points, ranked_settings
from ..setting.game import setting_game
from ..setting.rows import ROWS, Arrangement, Draft, Row, deal
from ..setting.specials import Special, arrangement_specials
from ..share import DealLink, make_query
from ..showdown import (
    RULESET_KEYS,
    RULESETS,
    SEAT_NAMES,
    bot_arrangement,
    held_specials,
    other_hands,
    score_showdown,
    special_notes,
)
from .card_table import CardTable
from .share_widgets import (
    AppBox,
    DealControls,
    ShareLink,
    other_app_html,
    set_controls,
    wide_button,
)

__all__ = ["ArrangeHand", "Showdown", "showdown_app"]

_KEY_OF = {name: key for key, name in RULESET_KEYS.items()}
#: The players of the score sheet a Showdown keeps.
SHEET_PLAYERS = ("You", "Bot A", "Bot B", "Bot C")


def showdown_app(
    query: str | None = None, seed: int = 1, ruleset: str = "Chinese Poker (source rules)"
) -> AppBox:
    """The arrange-13 app: a Showdown dealt as its link asks (``?seed=42&rules=mb-source``).

    ``query`` defaults to the query string Voila passes to the kernel.  A bad
    link is named in a visible message and the defaults are used.

    >>> app = showdown_app("seed=42&rules=mb-source")
    >>> app.showdown.hand.seed.value, app.showdown.rules.value
    (42, 'Mậu Binh (source rules)')
    >>> "seed=42" in app.showdown.share.link
    True
    >>> "must be a whole number" in showdown_app("seed=x").note.value
    True
    """
    showdown = Showdown(seed=seed, ruleset=ruleset)

    def follow(link: DealLink) -> Sequence[str]:
        set_controls((showdown.rules, RULESET_KEYS.get(link.rules or "")))
        showdown.deal(showdown.hand.seed.value if link.seed is None else link.seed)
        return link.problems

    return AppBox(query, RULESET_KEYS, follow, [showdown], showdown=showdown)


def _value_line(value: HandValue | None) -> str:
    return html.escape(str(value)) if value is not None else "…"


class ArrangeHand(widgets.VBox):  # type: ignore[misc]
    """Set 13 cards as back, middle and front.

    >>> w = ArrangeHand(seed=7)
    >>> w.draft.sizes()
    (5, 5, 3)
    >>> w.best_button.click()
    >>> "best arrangement" in w.status.value and not w.current().is_misset()
    True
    >>> w.cards_text.value = "As Kd"
    >>> w.use_button.click()
    >>> "13" in w.status.value and w.draft.sizes() == (5, 5, 3)
    True
    """

    def __init__(
        self,
        seed: int = 1,
        cards: str | None = None,
        on_change: Callable[[], None] | None = None,
        ruleset: str = "Mậu Binh (source rules)",
    ) -> None:
        if ruleset not in RULESETS:
            raise UnknownOptionError(
                f"no rule set {ruleset!r}; choose one of: {', '.join(RULESETS)}"
            )
        self.ruleset = ruleset
        self._on_change = on_change
        dealing = DealControls.make(seed, "deal", "13 cards, e.g. As Kd 10h", width="13rem")
        self.seed, self.deal_button, self.new_button = (
            dealing.seed,
            dealing.deal_button,
            dealing.new_button,
        )
        self.cards_text, self.use_button = dealing.cards_text, dealing.use_button
        self.best_button = wide_button(
            "Show the best arrangement", "search all 72,072 ways to set the hand"
        )
        self.status = widgets.HTML()
        self.points = widgets.HTML()
        self._ranked: tuple[tuple[frozenset[Card], str], list[ValuedSetting]] | None = None
        self.table = CardTable(label="your 13 cards in three rows", draggable=True)
        self.table.on_move(lambda cards, row: self.move_cards(cards, Row(row)))
        self.draft = Draft.from_cards(deal(seed)[0] if cards is None else cards)
        self._message = ""
        self.deal_button.on_click(lambda _b: self.deal(self.seed.value))
        self.new_button.on_click(lambda _b: self.deal(random.randrange(10**6)))
        self.use_button.on_click(lambda _b: self.use_typed())
        self.best_button.on_click(lambda _b: self.show_best())
        help_text = widgets.HTML(
            "<p style='margin:.2rem 0'>Tap or click cards to select them, then a row's "
            "<b>Move here</b> button; or drag a card to its row. Keys: Tab reaches the cards, "
            "the arrow keys move between them, Space selects.</p>"
        )
        super().__init__(
            [*dealing.rows(), help_text, self.table, self.status, self.points, self.best_button],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("rl-arrange")
        self.redraw()

    # -- actions -----------------------------------------------------------

    def deal(self, seed: int) -> None:
        self.seed.value = seed
        self.draft = Draft.from_cards(deal(seed)[0])
        self._message = ""
        self.redraw()

    def use_typed(self) -> None:
        try:
            cards = parse_cards(self.cards_text.value, count=13, jokers=False)
            draft = Draft.from_cards(cards)
        except RulesError as error:
            self._message = message_html(f"{error} (your hand below is unchanged)")
            self.redraw()
            return
        self.draft = draft
        self._message = ""
        self.redraw()

    @property
    def selected(self) -> set[Card]:
        """The cards selected now."""
        return {c for c in self.table.selected_cards if isinstance(c, Card)}

    def move_selected(self, row: Row) -> None:
        """Move the selected cards to ``row`` (the row's "Move here" button)."""
        self.move_cards(tuple(self.selected), row)

    def move_cards(self, cards: Iterable[AnyCard], row: Row) -> None:
        """Move ``cards`` to ``row`` (a drop, or "Move here" with cards selected)."""
        chosen = [c for c in cards if isinstance(c, Card)]
        if not chosen:
            self._message = message_html("Select one or more cards first.", "info")
        else:
            self.draft = self.draft.move(sorted(chosen, key=lambda c: -int(c.rank)), row)
            self._message = ""
        self.redraw()

    def show_best(self) -> None:
        cards = [c for r in ROWS for c in self.draft.row(r)]
        game, _rules = RULESETS[self.ruleset]
        start = time.perf_counter()
        arr = bot_arrangement(cards, game, _rules)
        ms = (time.perf_counter() - start) * 1000
        text = (
            f"This is the best arrangement for the book's objective (the most points "
            f"expected against players who set their hands the same way), found among "
            f"all 72,072 in {ms:.0f} ms."
        )
        shape = arrangement_specials(arr, ace_low_front=_rules.ace_low_front_straight)
        if setting_game(game).specials_set_win and shape:
            name = min(shape, key=list(Special).index).label
            text = f"Set as {name}: in {find_game(game).name} that wins at once."
        self.draft = Draft.from_arrangement(arr)
        self._message = message_html(text, "info")
        self.redraw()

    def current(self) -> Arrangement:
        arr = self.draft.arrangement()
        if arr is None:
            raise RulesError("; ".join(self.draft.problems()))
        return arr

    # -- drawing -----------------------------------------------------------

    def redraw(self) -> None:
        arr = self.draft.arrangement()
        values = arr.values() if arr else None
        labels = {}
        for i, row in enumerate(ROWS):
            cards = self.draft.row(row)
            value = values[i] if values else None
            done = _value_line(value) if len(cards) == row.size else "…"
            labels[row.value] = f"{row.value.capitalize()} ({len(cards)} of {row.size}): {done}"
        self.table.set_rows(
            {row.value: self.draft.row(row) for row in ROWS}, labels=labels, targets=True
        )
        self.status.value = self._message + self._status_html(arr)
        self.points.value = self._points_html(arr)
        if self._on_change:
            self._on_change()

    def _status_html(self, arr: Arrangement | None) -> str:
        if arr is None:
            return message_html("Not finished: " + "; ".join(self.draft.problems()) + ".", "info")
        out = []
        game, rules = RULESETS[self.ruleset]
        strict = rules.strict_row_order
        reason = arr.misset_reason(strict)
        if reason:
            out.append(message_html(f"This hand is {reason}. A misset hand loses."))
        specials = held_specials(arr.cards, rules)
        if specials:
            notes = "; ".join(special_notes(specials, game, rules))
            out.append(message_html(f"Special ({self.ruleset}): {notes}.", "info"))
        if not out:
            order = "back > middle > front" if strict else "back ≥ middle ≥ front"
            out.append(message_html(f"The rows are in order: {order}.", "info"))
        return "".join(out)

    def ranked(self) -> list[ValuedSetting]:
        """The best settings of the cards now on the table, by expected points
        under the chosen rules (computed once per hand and rule set)."""
        cards = [c for r in ROWS for c in self.draft.row(r)]
        key = (frozenset(cards), self.ruleset)
        if self._ranked is None or self._ranked[0] != key:
            game, rules = RULESETS[self.ruleset]
            self._ranked = (key, ranked_settings(cards, game, rules))
        return self._ranked[1]

    def _points_html(self, arr: Arrangement | None) -> str:
        """Expected points: the reader's setting, the best, and the next three."""
        if arr is None:
            return ""
        game, rules = RULESETS[self.ruleset]
        setting = setting_game(game)
        # the majority of the rows is settled with the dealer alone; rows, with three opponents
        per_deal = 1 if setting.objective(rules).majority else 3
        unit = setting.expected_unit(rules)
        top = self.ranked()
        mine = expected_points(arr, game, rules=rules) * per_deal
        head = f"<p style='margin:.3rem 0 .1rem'><b>Expected points</b>: {unit}</p>"
        if len(top) == 1 and top[0].special is not None:  # every setting is worth the same
            return head + (
                f"<p style='margin:.1rem 0'>Your cards hold {top[0].special.label}: "
                f"{mine:+.2f}, however you set them.</p>"
            )
        best = top[0].points * per_deal
        if mine >= best - 0.005:
            verdict = f"Your setting: <b>{mine:+.2f}</b>, the best there is."
        else:
            verdict = (
                f"Your setting: <b>{mine:+.2f}</b>. The best: {best:+.2f}, so your setting "
                f"gives up <b>{best - mine:.2f}</b> a deal."
            )
        items = []
        for v in top:
            what = f" ({v.special.label})" if v.special else ""
            pictures = "".join(
                cards_html(v.arrangement.row(r), label=f"{r.value.capitalize()}: {value}")
                for r, value in zip(ROWS, v.arrangement.values(), strict=True)
            )
            items.append(f"<li><b>{v.points * per_deal:+.2f}</b>{html.escape(what)}{pictures}</li>")
        listing = (
            "<details><summary>The best settings of these cards</summary>"
            f"<ol style='margin:.2rem 0;padding-left:1.4rem'>{''.join(items)}</ol></details>"
        )
        return head + f"<p style='margin:.1rem 0'>{verdict}</p>" + listing


class Showdown(widgets.VBox):  # type: ignore[misc]
    """Your hand against three bots that set theirs with the solver.

    >>> w = Showdown(seed=3)
    >>> w.show_button.click()
    >>> len(w.results.value) > 0 and sum(w.totals) == 0
    True

    Under rules with a surrender, a weak hand may be given up for its price:

    >>> w = Showdown(seed=3, ruleset="Chinese Poker (2-4 scoring, surrender)")
    >>> w.surrender_button.layout.display is None
    True
    >>> w.surrender_button.click()
    >>> w.totals[0], "surrendered" in w.results.value
    (-9, True)
    """

    def __init__(self, seed: int = 1, ruleset: str = "Chinese Poker (source rules)") -> None:
        self.hand = ArrangeHand(seed=seed, on_change=self._hand_changed, ruleset=ruleset)
        self.hand.deal_button.on_click(lambda _b: self._new_deal())
        self.hand.new_button.on_click(lambda _b: self._new_deal())
        self.rules = widgets.Dropdown(
            options=list(RULESETS),
            value=ruleset,
            description="Rules",
            layout=widgets.Layout(width="calc(100% - 1rem)", max_width="30rem"),
        )
        self.show_button = widgets.Button(description="Show down", button_style="success")
        self.surrender_button = widgets.Button(
            description="Surrender",
            tooltip="give up this hand for the fixed price, before the showdown",
        )
        self.surrender_button.add_class("rl-surrender")
        self.next_button = widgets.Button(description="Next deal")
        self.results = widgets.HTML()
        self.scoreboard = widgets.HTML()
        self.share = ShareLink()
        self.totals = [0, 0, 0, 0]
        self.deals_played = 0
        #: the deals shown down, kept as a game-night score sheet (one rule set)
        self.sheet: ScoreSheet | None = None
        self.to_sheet = widgets.HTML()
        self._shown = False
        self.rules.observe(lambda _c: self._rules_changed(), names="value")
        self.show_button.on_click(lambda _b: self.show())
        self.surrender_button.on_click(lambda _b: self.show(surrender=True))
        self.next_button.on_click(lambda _b: self.next_deal())
        super().__init__(
            [
                self.rules,
                self.hand,
                widgets.HBox(
                    [self.show_button, self.surrender_button, self.next_button],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.results,
                self.scoreboard,
                self.to_sheet,
                self.share,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("rl-showdown")
        self._draw_scoreboard()
        self._update_link()
        self._show_surrender()

    def _update_link(self) -> None:
        self.share.update(
            make_query(self.hand.seed.value, _KEY_OF.get(self.rules.value, "cp-source"))
        )

    def _rules_changed(self) -> None:
        self.hand.ruleset = self.rules.value
        self.hand.redraw()
        self._update_link()
        self._show_surrender()

    def _show_surrender(self) -> None:
        """The Surrender button, where the rules have a surrender."""
        game, rules = RULESETS[self.rules.value]
        allowed = setting_game(game).surrender(rules) > 0
        self.surrender_button.layout.display = None if allowed else "none"

    def _hand_changed(self) -> None:
        if getattr(self, "_shown", False):
            self._shown = False
            self.results.value = ""

    def _new_deal(self) -> None:
        self._shown = False
        self.results.value = ""
        self._update_link()

    def deal(self, seed: int) -> None:
        """Deal number ``seed`` to you (and the bots)."""
        self.hand.deal(seed)
        self._new_deal()

    def next_deal(self) -> None:
        self.deal(self.hand.seed.value + 1)

    def show(self, surrender: bool = False) -> None:
        """Show your hand down against the bots' (or, with ``surrender``, give
        it up for the rules' price) and score the deal."""
        if self._shown:
            self.results.value = (
                message_html("This deal is already scored: press Next deal.", "info")
                + self.results.value
            )
            return
        try:
            mine = self.hand.current()
        except RulesError as error:
            self.results.value = message_html(f"Finish setting your hand first: {error}.")
            return
        game, rules = RULESETS[self.rules.value]
        dealt = deal(self.hand.seed.value)
        # a hand the reader typed: the bots share the other 39 cards
        others = list(dealt[1:]) if set(mine.cards) == set(dealt[0]) else other_hands(mine.cards)
        arrangements = [mine] + [bot_arrangement(h, game, rules) for h in others]
        dealer = 3
        shown: list[Arrangement | None] = [None if surrender else mine, *arrangements[1:]]
        try:
            points, notes = score_showdown(
                shown, game, rules, dealer, surrenders=[surrender, False, False, False]
            )
        except RulesError as error:
            self.results.value = message_html(f"{error}.")
            return
        for seat, p in enumerate(points):
            self.totals[seat] += p
        self.deals_played += 1
        self._shown = True
        self._keep_on_sheet(shown, dealer, surrender)
        rows = []
        for seat, (arr, p, note) in enumerate(zip(arrangements, points, notes, strict=True)):
            dealing = setting_game(game).dealer_is_banker and seat == dealer
            name = SEAT_NAMES[seat] + (" (dealer)" if dealing else "")
            pictures = "".join(
                cards_html(arr.row(r), label=f"{r.value}: {v}")
                for r, v in zip(ROWS, arr.values(), strict=True)
            )
            if seat == 0 and surrender:
                pictures = "<p style='margin:.1rem 0'>(your cards stay face down)</p>"
            rows.append(
                "<div style='border-top:1px solid #ccc;padding:.4rem 0'>"
                f"<h4 style='margin:.2rem 0'>{html.escape(name)}: {p:+d}</h4>"
                f"<p style='margin:.1rem 0'>{html.escape(note)}</p>{pictures}</div>"
            )
        self.results.value = "".join(rows)
        self._draw_scoreboard()

    def _keep_on_sheet(self, shown: list[Arrangement | None], dealer: int, surrender: bool) -> None:
        """Add the deal to the score sheet of these rules (a new one when the
        rules change), and link to the score-sheet app holding it."""
        key = _KEY_OF.get(self.rules.value, "cp-source")
        if self.sheet is None or self.sheet.ruleset != key:
            self.sheet = ScoreSheet(key, SHEET_PLAYERS)
        strict = RULESETS[self.rules.value][1].strict_row_order
        self.sheet = self.sheet.settle(
            [str(a) if a is not None else "" for a in shown],
            dealer=dealer,
            misset=[a is not None and a.is_misset(strict) for a in shown],
            surrendered=[surrender, False, False, False],
        )
        count = len(self.sheet.deals)
        self.to_sheet.value = (
            "<p style='margin:.3rem 0'>"
            + other_app_html(
                "score_sheet",
                self.sheet.to_query(),
                f"Keep {'this deal' if count == 1 else f'these {count} deals'} "
                "on the Game night score sheet",
            )
            + " (opens in a new tab).</p>"
        )

    def _draw_scoreboard(self) -> None:
        cells = "".join(
            f"<td style='padding:.2rem .6rem;text-align:right'>{t:+d}</td>" for t in self.totals
        )
        heads = "".join(f"<th style='padding:.2rem .6rem'>{n}</th>" for n in SEAT_NAMES)
        self.scoreboard.value = (
            f"<p style='margin:.4rem 0 .1rem'><b>Running total</b> after {self.deals_played} "
            f"deal{'s' * (self.deals_played != 1)}</p>"
            f"<table><tr>{heads}</tr><tr>{cells}</tr></table>"
        )
