"""The game-night score sheet: type each deal's hands, the library settles it.

:class:`ScoreSheetWidget` lays out a :class:`rules_lib.score_sheet.ScoreSheet`:
the rules and players, a line per player for their hand (and a box to tick
when it is misset), who dealt, **Settle this deal** and **Undo last deal**; then
every deal's points, the totals, a plot of the evening and a CSV download.
The cards can be picked instead of typed.  Under Tiến Lên rules each line
takes the player's place and the cards left, with the chops and an instant
win below.
:func:`score_sheet_app` is the app: the whole sheet lives in the page's
address, so a reload brings it back.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from urllib.parse import quote

import ipywidgets as widgets

from ..cards import Card, parse_card
from ..chinese_poker import ChinesePokerRules
from ..errors import RulesError
from ..render import message_html
from ..render.plots import PALETTE
from ..score_sheet import PLAYERS, SHEET_RULESETS, ScoreSheet
from ..setting.rows import deal
from ..share import DealLink
from ..showdown import bot_arrangement
from ..tien_len import BOTS as TIEN_LEN_BOTS
from ..tien_len import InstantWin, new_game
from ..tien_len.points import HandRecord, chop_lines, read_chops
from .poker_widgets import CardPicker
from .share_widgets import AppBox, ShareLink, UrlSync, deal_number, wide_button

__all__ = ["ScoreSheetWidget", "UrlSync", "running_totals_svg", "score_sheet_app"]

_DEFAULT_PLAYERS = ("An", "Bình", "Chi", "Dung")


def running_totals_svg(sheet: ScoreSheet) -> str:
    """A line per player: their total after each deal (plain SVG, no plotting
    library, so it draws in the reader's browser too).

    >>> "<polyline" in running_totals_svg(ScoreSheet("mb-source", ("An", "Bình")))
    False
    """
    rows = sheet.running()
    if len(rows) < 2:
        return ""
    width, height, pad = 320, 160, 28
    low = min(min(r) for r in rows)
    high = max(max(r) for r in rows)
    span = max(high - low, 1)

    def x(n: int) -> float:
        return pad + (width - 2 * pad) * n / (len(rows) - 1)

    def y(v: int) -> float:
        return pad / 2 + (height - pad) * (high - v) / span

    lines = []
    for seat, name in enumerate(sheet.players):
        colour = PALETTE[seat % len(PALETTE)]
        points = " ".join(f"{x(n):.1f},{y(r[seat]):.1f}" for n, r in enumerate(rows))
        lines.append(
            f"<polyline points='{points}' fill='none' stroke='{colour}' stroke-width='2.5'/>"
            f"<text x='{width - pad + 3}' y='{y(rows[-1][seat]) + 4:.1f}' font-size='11' "
            f"fill='{colour}'>{html.escape(name)}</text>"
        )
    zero = (
        f"<line x1='{pad}' x2='{width - pad}' y1='{y(0):.1f}' y2='{y(0):.1f}' stroke='#999'/>"
        if low <= 0 <= high
        else ""
    )
    axis = (
        f"<text x='{pad}' y='{height - 2}' font-size='11'>deal 0</text>"
        f"<text x='{width - pad}' y='{height - 2}' font-size='11' text-anchor='end'>"
        f"deal {len(rows) - 1}</text>"
    )
    return (
        f"<svg viewBox='0 0 {width + 40} {height}' role='img' style='max-width:100%;height:auto'"
        f" aria-label='running totals after each deal'><title>Running totals after each deal"
        f"</title>{zero}{''.join(lines)}{axis}</svg>"
    )


def _ticks(description: str, width: str) -> list[widgets.Checkbox]:
    """A box to tick for each seat of a sheet."""
    return [
        widgets.Checkbox(
            value=False, description=description, indent=False, layout=widgets.Layout(width=width)
        )
        for _ in range(max(PLAYERS))
    ]


_ARRANGE_HELP = (
    "<p style='margin:.2rem 0'>Type each player's hand as they lay it down: "
    "<code>back / middle / front</code>, e.g. <code>As Ks Qs Js 9s / 8d 8c 7h 7s 2c / "
    "Ah Qd 5c</code>. Tick <b>misset</b> for a hand whose rows are out of order "
    "(and, where the rules allow it, <b>surrendered</b> for a player who gave up). "
    "<b>Fill in a deal</b> types a dealt deal for you, to try the sheet.</p>"
)
_TIEN_LEN_HELP = (
    "<p style='margin:.2rem 0'>At the end of each hand, give each player's place "
    "(or <b>frozen</b>, for a player who had not played a card when the first went out) "
    "and type the cards each still holds, e.g. <code>2h 9c</code>. Write each chop on a "
    "line of its own, <code>Bình chopped An: 2h</code> (a chain: "
    "<code>Chi chopped Bình: 2h, 5s 5h 6s 6h 7s 7h</code>). A hand won at the deal needs "
    "only who won and with what. <b>Fill in a deal</b> plays a hand with the book's bots "
    "and types it in, to try the sheet.</p>"
)
_PLACES = [("place", ""), ("1st", "1"), ("2nd", "2"), ("3rd", "3"), ("4th", "4")]


class ScoreSheetWidget(widgets.VBox):  # type: ignore[misc]
    """A score sheet for Mậu Binh, Chinese Poker or Tiến Lên.

    >>> w = ScoreSheetWidget()
    >>> w.fill_from_deal(3)
    >>> w.settle()
    >>> len(w.sheet.deals), sum(w.sheet.totals)
    (1, 0)
    >>> w.hand_boxes[0].value = "As As"
    >>> w.settle()
    >>> "An's hand" in w.message.value and len(w.sheet.deals) == 1
    True
    """

    def __init__(
        self,
        sheet: ScoreSheet | None = None,
        *,
        sync_address: bool = False,
    ) -> None:
        self.sheet = sheet or ScoreSheet("mb-source", _DEFAULT_PLAYERS)
        layout = widgets.Layout(width="calc(100% - 1rem)", max_width="34rem")
        self.rules = widgets.Dropdown(
            options=[(label, key) for key, label in SHEET_RULESETS.items()],
            value=self.sheet.ruleset,
            description="Rules",
            layout=layout,
        )
        self.names = widgets.Text(
            value=", ".join(self.sheet.players),
            description="Players",
            placeholder="2 to 4 names, with commas",
            layout=layout,
        )
        self.new_button = widgets.Button(
            description="New sheet", tooltip="start a sheet with these rules and players"
        )
        self.hand_boxes = [
            widgets.Text(
                placeholder="back / middle / front, e.g. As Ks Qs Js 9s / …",
                layout=widgets.Layout(flex="1 1 16rem", min_width="0"),
            )
            for _ in range(max(PLAYERS))
        ]
        self.misset_boxes = _ticks("misset", "6rem")
        self.surrender_boxes = _ticks("surrendered", "8rem")
        # Tiến Lên: a place for each player, the chops, an instant win
        self.place_menus = [
            widgets.Dropdown(
                options=_PLACES,
                value="",
                description="Place",
                style={"description_width": "2.6rem"},
                layout=widgets.Layout(width="9.5rem"),
            )
            for _ in range(max(PLAYERS))
        ]
        self.name_labels = [widgets.HTML() for _ in range(max(PLAYERS))]
        self.hand_rows = [
            widgets.HBox(
                [label, place, box, check, gave_up],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center", width="100%"),
            )
            for label, place, box, check, gave_up in zip(
                self.name_labels,
                self.place_menus,
                self.hand_boxes,
                self.misset_boxes,
                self.surrender_boxes,
                strict=True,
            )
        ]
        self.chops_box = widgets.Textarea(
            description="Chops",
            placeholder="one a line: Bình chopped An: 2h",
            rows=2,
            layout=layout,
        )
        self.instant_who = widgets.Dropdown(
            description="Won at the deal",
            layout=widgets.Layout(width="16rem"),
            style={"description_width": "initial"},
        )
        self.instant_kind = widgets.Dropdown(
            options=[(kind.value, kind.name) for kind in InstantWin],
            description="with",
            style={"description_width": "2rem"},
            layout=widgets.Layout(width="18rem"),
        )
        self.tien_len_box = widgets.VBox(
            [
                self.chops_box,
                widgets.HBox(
                    [self.instant_who, self.instant_kind],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
            ]
        )
        # picking cards instead of typing them: for one player at a time
        self.pick_button = widgets.ToggleButton(
            value=False,
            description="Pick cards instead",
            tooltip="show the 52 cards: pressing one adds it to the chosen player's hand",
            layout=widgets.Layout(width="auto"),
        )
        self.pick_for = widgets.Dropdown(
            description="Cards for", layout=widgets.Layout(width="16rem")
        )
        self.picker = CardPicker(self._picked)
        self.pick_box = widgets.VBox(
            [self.pick_for, self.picker], layout=widgets.Layout(display="none", width="100%")
        )
        self.pick_button.observe(lambda _c: self._sync_picker(), names="value")
        self.pick_for.observe(lambda _c: self._sync_picker(), names="value")
        for box in self.hand_boxes:
            box.observe(lambda _c: self._sync_picker(), names="value")
        self.dealer = widgets.Dropdown(description="Dealer", layout=widgets.Layout(width="16rem"))
        self.practice_seed = deal_number(1, "Deal no.", width="11rem")
        self.fill_button = wide_button(
            "Fill in a deal", "type the hands of this deal as the book's bots set them"
        )
        self.settle_button = widgets.Button(description="Settle this deal", button_style="success")
        self.undo_button = widgets.Button(description="Undo last deal")
        self.message = widgets.HTML()
        self.table = widgets.HTML()
        self.plot = widgets.HTML()
        self.download = widgets.HTML()
        self.share = ShareLink(
            "sheet", "Opening this link brings the whole sheet back: its rules, players and deals."
        )
        self.address = UrlSync() if sync_address else None
        self._confirming = False
        self._drawing = False
        self.new_button.on_click(lambda _b: self.new_sheet())
        self.rules.observe(lambda _c: self._apply_setup(), names="value")
        self.names.observe(lambda _c: self._apply_setup(), names="value")
        self.fill_button.on_click(lambda _b: self.fill_from_deal(self.practice_seed.value))
        self.settle_button.on_click(lambda _b: self.settle())
        self.undo_button.on_click(lambda _b: self.undo())
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.help_text = widgets.HTML(_ARRANGE_HELP)
        super().__init__(
            [
                self.rules,
                widgets.HBox([self.names, self.new_button], layout=wrap),
                self.help_text,
                *self.hand_rows,
                self.pick_button,
                self.pick_box,
                self.tien_len_box,
                self.dealer,
                widgets.HBox([self.settle_button, self.undo_button], layout=wrap),
                self.message,
                self.table,
                self.plot,
                self.download,
                widgets.HBox([self.practice_seed, self.fill_button], layout=wrap),
                self.share,
                *([self.address] if self.address is not None else []),
            ],
            layout=widgets.Layout(width="100%", max_width="44rem"),
        )
        self.add_class("rl-score-sheet")
        self.show(self.sheet)

    # -- actions -----------------------------------------------------------

    def new_sheet(self) -> None:
        """Start an empty sheet.  A sheet with deals asks for a second press
        first; with no deals yet, this takes the rules and players typed."""
        if self.sheet.deals and not self._confirming:
            self._confirming = True
            self.message.value = message_html(
                f"The sheet holds {len(self.sheet.deals)} deal(s). Press New sheet again to "
                "start an empty one (copy the link below first to keep this one).",
                "info",
            )
            return
        self._confirming = False
        if self.sheet.deals:
            self.show(ScoreSheet(self.sheet.ruleset, self.sheet.players))
            return
        self._apply_setup()

    def _apply_setup(self) -> None:
        """A sheet with no deals follows the rules and players typed."""
        if self.sheet.deals or self._drawing:
            return
        names = tuple(n.strip() for n in self.names.value.split(",") if n.strip())
        try:
            sheet = ScoreSheet(self.rules.value, names)
        except RulesError as error:
            self.message.value = message_html(f"{error} (the sheet is unchanged)")
            return
        if sheet != self.sheet:
            self.show(sheet)

    def fill_from_deal(self, seed: int) -> None:
        """Type in the hands of deal no. ``seed`` as the book's bots set them
        (in Tiến Lên: as the bots played the hand out)."""
        if self.sheet.game == "tien_len":
            self._fill_tien_len(seed)
            return
        hands = deal(seed, players=len(self.sheet.players))
        for box, check, gave_up, hand in zip(
            self.hand_boxes, self.misset_boxes, self.surrender_boxes, hands, strict=False
        ):
            box.value = str(bot_arrangement(hand, self.sheet.arrange_game, self.sheet.rules))
            check.value = gave_up.value = False
        self.message.value = message_html(
            f"Deal no. {seed} is typed in, as the book's bots set it: press Settle this deal.",
            "info",
        )

    # -- picking cards --------------------------------------------------------

    def _box_cards(self, box: widgets.Text) -> list[Card]:
        """The cards typed in ``box`` so far (what cannot be read yet is left out)."""
        cards: list[Card] = []
        for token in box.value.replace("/", " ").split():
            try:
                card = parse_card(token)
            except RulesError:
                continue
            if isinstance(card, Card) and card not in cards:
                cards.append(card)
        return cards

    def _picked(self, card: Card) -> None:
        """A card of the picker was pressed: add it to the chosen player's hand, or take it out."""
        seat = self.pick_for.value or 0
        box = self.hand_boxes[seat]
        cards = self._box_cards(box)
        if card in cards:
            cards.remove(card)
        else:
            cards.append(card)
        if self.sheet.game == "tien_len":
            box.value = " ".join(str(c) for c in cards)
        else:  # the rows as they fill: back (5) / middle (5) / front (3)
            rows = [cards[:5], cards[5:10], cards[10:]]
            box.value = " / ".join(" ".join(str(c) for c in row) for row in rows if row)

    def _sync_picker(self) -> None:
        """Show the picker for the chosen player: their cards picked, the others' disabled."""
        self.pick_box.layout.display = None if self.pick_button.value else "none"
        if not self.pick_button.value:
            return
        seat = self.pick_for.value or 0
        count = len(self.sheet.players)
        taken = [
            c
            for i, box in enumerate(self.hand_boxes[:count])
            if i != seat
            for c in self._box_cards(box)
        ]
        with self.picker.table.hold_sync():
            self.picker.show(set(self._box_cards(self.hand_boxes[seat])))
            self.picker.table.disable(taken)

    def _fill_tien_len(self, seed: int) -> None:
        import random

        players = len(self.sheet.players)
        rules = self.sheet.tien_len_rules
        state = new_game(seed, players, rules)
        bots = [TIEN_LEN_BOTS["heuristic"]() for _ in range(players)]
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            state = state.apply_action(
                bots[seat].choose(state.observation(seat), state.legal_actions(), rng)
            )
        self._show_record(HandRecord.from_state(state))
        self.message.value = message_html(
            f"Hand no. {seed}, as the book's bots played it, is typed in: press Settle this deal.",
            "info",
        )

    def _show_record(self, record: HandRecord) -> None:
        names = self.sheet.players
        self.instant_who.value = -1 if record.instant_win is None else record.instant_win[0]
        if record.instant_win is not None:
            self.instant_kind.value = record.instant_win[1].name
        for seat, (menu, box) in enumerate(zip(self.place_menus, self.hand_boxes, strict=False)):
            if seat >= len(names):
                break
            if record.instant_win is not None:
                menu.value, box.value = "", ""
                continue
            menu.value = "frozen" if seat in record.frozen else str(record.ranked.index(seat) + 1)
            box.value = " ".join(str(c) for c in record.left[seat])
        self.chops_box.value = chop_lines(record, names)

    def _settle_tien_len(self) -> ScoreSheet:
        count = len(self.sheet.players)
        instant = None
        if self.instant_who.value is not None and self.instant_who.value >= 0:
            instant = (self.instant_who.value, InstantWin[self.instant_kind.value])
        return self.sheet.settle_hand(
            [m.value for m in self.place_menus[:count]],
            [b.value for b in self.hand_boxes[:count]],
            read_chops(self.chops_box.value, self.sheet.players),
            instant,
        )

    def settle(self) -> None:
        """Settle the hands typed in; a bad hand is named and nothing changes."""
        self._confirming = False
        count = len(self.sheet.players)
        try:
            if self.sheet.game == "tien_len":
                sheet = self._settle_tien_len()
            else:
                sheet = self._settle_arranged(count)
        except RulesError as error:
            self.message.value = message_html(f"{error}. Nothing was added to the sheet.")
            return
        for box, check, gave_up, menu in zip(
            self.hand_boxes, self.misset_boxes, self.surrender_boxes, self.place_menus, strict=True
        ):
            box.value, check.value, gave_up.value, menu.value = "", False, False, ""
        self.chops_box.value = ""
        self.instant_who.value = -1
        last = sheet.deals[-1]
        lines = "; ".join(
            f"{name} {p:+d}" for name, p in zip(sheet.players, last.points, strict=True)
        )
        self.show(sheet, message_html(f"Deal {len(sheet.deals)} settled: {lines}.", "info"))

    def _settle_arranged(self, count: int) -> ScoreSheet:
        return self.sheet.settle(
            [b.value for b in self.hand_boxes[:count]],
            dealer=self.dealer.value or 0,
            misset=[c.value for c in self.misset_boxes[:count]],
            surrendered=[c.value for c in self.surrender_boxes[:count]]
            if self._may_surrender()
            else [],
        )

    def undo(self) -> None:
        if not self.sheet.deals:
            self.message.value = message_html("There is no deal to undo.", "info")
            return
        self.show(
            self.sheet.undo(),
            message_html(f"Deal {len(self.sheet.deals)} is taken off the sheet.", "info"),
        )

    # -- drawing -----------------------------------------------------------

    def show(self, sheet: ScoreSheet, message: str = "") -> None:
        """Show ``sheet``: its rules, players, deals, totals, plot and link."""
        self.sheet = sheet
        started = bool(sheet.deals)
        self._drawing = True  # the setup controls follow the sheet, not the other way
        try:
            self.rules.value = sheet.ruleset
            self.names.value = ", ".join(sheet.players)
        finally:
            self._drawing = False
        # a sheet with deals keeps its rules and players: New sheet starts another
        self.rules.disabled = self.names.disabled = started
        count = len(sheet.players)
        for i, (row, label) in enumerate(zip(self.hand_rows, self.name_labels, strict=True)):
            row.layout.display = None if i < count else "none"
            label.value = (
                f"<b style='display:inline-block;min-width:5rem'>"
                f"{html.escape(sheet.players[i])}</b>"
                if i < count
                else ""
            )
        mau_binh = sheet.game == "mau_binh"
        tien_len = sheet.game == "tien_len"
        for gave_up in self.surrender_boxes:
            gave_up.layout.display = None if self._may_surrender() else "none"
        for check in self.misset_boxes:
            check.layout.display = "none" if tien_len else None
        for menu in self.place_menus:
            menu.layout.display = None if tien_len else "none"
            menu.options = [
                *_PLACES[: count + 1],
                *([("frozen", "frozen")] if tien_len and self._frozen_rule() else []),
            ]
        for box in self.hand_boxes:
            box.placeholder = (
                "cards left at the end, e.g. 2h 9c (empty: none)"
                if tien_len
                else "back / middle / front, e.g. As Ks Qs Js 9s / …"
            )
        self.tien_len_box.layout.display = None if tien_len else "none"
        self.instant_who.options = [("nobody", -1), *((n, i) for i, n in enumerate(sheet.players))]
        chosen = self.pick_for.value if self.pick_for.value is not None else 0
        self.pick_for.options = [(n, i) for i, n in enumerate(sheet.players)]
        self.pick_for.value = chosen if chosen < count else 0
        self.instant_who.value = -1
        self.help_text.value = _TIEN_LEN_HELP if tien_len else _ARRANGE_HELP
        self.dealer.options = [(name, i) for i, name in enumerate(sheet.players)]
        self.dealer.value = (sheet.deals[-1].dealer + 1) % count if started else 0
        self.dealer.layout.display = None if mau_binh else "none"
        self.undo_button.disabled = not started
        self.message.value = message
        self.table.value = self._table_html()
        self.plot.value = running_totals_svg(sheet)
        self.download.value = self._download_html()
        query = sheet.to_query()
        self.share.update(query)
        if self.address is not None:
            self.address.query = query

    def _may_surrender(self) -> bool:
        if self.sheet.game == "tien_len":
            return False
        rules = self.sheet.rules
        return isinstance(rules, ChinesePokerRules) and rules.surrender > 0

    def _frozen_rule(self) -> bool:
        rules = self.sheet.tien_len_rules
        return rules.scoring == "points" and rules.frozen_pays > 0

    def _table_html(self) -> str:
        sheet = self.sheet
        if not sheet.deals:
            return "<p>No deals yet.</p>"
        mau_binh = sheet.game == "mau_binh"
        heads = ["Deal", *(["Dealer"] if mau_binh else []), *sheet.players]
        rows = []
        cell = "<td style='padding:.2rem .6rem;text-align:right'>{}</td>"
        for n, d in enumerate(sheet.deals, 1):
            cells = [str(n), *([html.escape(sheet.players[d.dealer])] if mau_binh else [])]
            cells += [f"{p:+d}" for p in d.points]
            rows.append("<tr>" + "".join(cell.format(c) for c in cells) + "</tr>")
        total = ["Total", *([""] if mau_binh else []), *(f"{t:+d}" for t in sheet.totals)]
        rows.append(
            "<tr>"
            + "".join(f"<th style='padding:.2rem .6rem;text-align:right'>{c}</th>" for c in total)
            + "</tr>"
        )
        bad = sheet.unbalanced()
        check = (
            "Every deal adds up to zero: what one player wins, the others lose."
            if not bad
            else f"Deal(s) {', '.join(map(str, bad))} do not add up to zero."
        )
        why = "".join(
            f"<li><b>Deal {n}</b><ul style='margin:0;padding-left:1.2rem'>"
            + "".join(
                f"<li>{html.escape(name)} {p:+d}: {html.escape(note)}</li>"
                for name, p, note in zip(sheet.players, d.points, d.notes, strict=True)
            )
            + "</ul></li>"
            for n, d in reversed(list(enumerate(sheet.deals, 1)))
        )
        return (
            "<div style='overflow-x:auto'><table class='rl-table'><tr>"
            + "".join(
                f"<th style='padding:.2rem .6rem;text-align:right'>{h}</th>"
                for h in map(html.escape, heads)
            )
            + "</tr>"
            + "".join(rows)
            + f"</table></div><p style='margin:.2rem 0'>{check}</p>"
            + "<details><summary>How each deal was settled</summary>"
            + f"<ul style='margin:.2rem 0;padding-left:1.2rem'>{why}</ul></details>"
        )

    def _download_html(self) -> str:
        if not self.sheet.deals:
            return ""
        data = quote(self.sheet.to_csv())
        return (
            f"<a download='score-sheet.csv' href='data:text/csv;charset=utf-8,{data}'>"
            "Download the sheet (CSV)</a>"
        )


def score_sheet_app(query: str | None = None) -> AppBox:
    """The score-sheet app: the sheet its link holds (``?rules=mb-source&player=An&…``).

    >>> app = score_sheet_app("rules=cp-source&player=An&player=Bình&player=Chi")
    >>> app.sheet.sheet.players, app.sheet.sheet.game
    (('An', 'Bình', 'Chi'), 'chinese_poker')
    >>> "no rule set 'poker'" in score_sheet_app("rules=poker").note.value
    True
    """
    widget = ScoreSheetWidget(sync_address=True)

    def follow(link: DealLink) -> Sequence[str]:
        sheet, problems = ScoreSheet.from_query(link.query, widget.sheet)
        widget.show(sheet)
        return problems

    return AppBox(query, (), follow, [widget], sheet=widget)
