"""One card widget for every game (anywidget): card pictures in named rows.

Python sets the rows of cards, which cards are lit (playable now) or disabled,
and whether the hand is face down; the front end (``card_table.js``) draws the
library's own SVG cards, keeps the selection (a click, a tap, or Space/Enter
after the arrow keys moved the focus: no kernel round trip), and reports a
drop or a "Move here" press as a request that Python answers.  The widget
never decides a rule.

Each card has a code: its text (``"Q♥"``), with ``"#2"`` for a second copy of
the same card (two decks).

>>> t = CardTable("As Kd Qh", label="your hand")
>>> t.cards
(Card.parse('A♠'), Card.parse('K♦'), Card.parse('Q♥'))
>>> t.selected = ["K♦"]
>>> t.selected_cards
(Card.parse('K♦'),)
>>> t.set_rows({"back": "As Ks", "front": "2c"}, targets=True)
>>> [r["name"] for r in t.rows], t.selected_cards
(['back', 'front'], ())
>>> t.row_cards("front")
(Card.parse('2♣'),)

A row may hold empty places (``None``), drawn as gaps, and a class of its own
(``row_class``: ``rl-row-center`` centres its cards on one line, ``rl-row-overlap``
lays the row over most of the one above, as the rows of a pyramid):

>>> king, queen = parse_cards("Kd Qh")
>>> t.set_rows({"top": [king, None, queen]}, row_class={"top": "rl-row-center"})
>>> t.rows[0]["cards"], t.rows[0]["slots"], t.rows[0]["class"]
(['K♦', 'Q♥'], ['K♦', None, 'Q♥'], 'rl-row-center')
>>> CardTable("As Zz")
Traceback (most recent call last):
...
rules_lib.errors.NotationError: cannot read card 2 'Zz': 'Z' is not a rank (use 2-10, J, Q, K, A; T for ten; French R, D, V)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..cards import AnyCard, Card, Cards, Suit, parse_cards
from ..errors import RulesError
from ..render import back_svg, card_svg

__all__ = ["BACK", "CardTable", "card_codes"]

_HERE = Path(__file__).parent
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)  # colours alternate
#: The code of a face-down card (a hidden hand shows only how many cards it holds).
BACK = "??"

CardsLike = str | Iterable[AnyCard]
#: A row of cards that may hold empty places (``None``: a gap where a card was).
SlotsLike = str | Iterable[AnyCard | None]


class UnknownCardError(RulesError):
    """A card code the table does not hold."""


def card_codes(cards: Iterable[AnyCard]) -> list[str]:
    """Codes for cards as they lie: the card's text, ``#2`` on a second copy.

    >>> card_codes(parse_cards("7h 7h 8h", decks=2))
    ['7♥', '7♥#2', '8♥']
    """
    seen: dict[str, int] = {}
    codes = []
    for card in cards:
        text = str(card)
        seen[text] = seen.get(text, 0) + 1
        codes.append(text if seen[text] == 1 else f"{text}#{seen[text]}")
    return codes


def _as_cards(cards: SlotsLike) -> tuple[AnyCard | None, ...]:
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    return tuple(cards)


class CardTable(anywidget.AnyWidget):
    """Cards in named rows, selected by click, tap or keyboard; optional drag
    between rows (``draggable``), a "Move here" button on rows that take cards
    (``targets``), lit and disabled cards, sorting, and face-down hands.

    ``on_move(callback)`` calls ``callback(cards, row_name)`` when the reader
    drops cards on a row or presses its "Move here" button; ``on_sort`` is
    called with ``"rank"`` or ``"suit"`` when a sort button is pressed.
    """

    _esm = _HERE / "card_table.js"
    _css = _HERE / "card_table.css"

    rows = traitlets.List(traitlets.Dict()).tag(sync=True)
    faces = traitlets.Dict().tag(sync=True)
    names = traitlets.Dict().tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    lit = traitlets.List(traitlets.Unicode()).tag(sync=True)
    disabled = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selectable = traitlets.Bool(True).tag(sync=True)
    single = traitlets.Bool(False).tag(sync=True)
    draggable = traitlets.Bool(False).tag(sync=True)
    sortable = traitlets.Bool(False).tag(sync=True)
    sort_by = traitlets.Unicode("").tag(sync=True)
    move_words = traitlets.Unicode("Move here").tag(sync=True)
    label = traitlets.Unicode("cards").tag(sync=True)
    #: True: a card is a toggle (selected or not).  False: pressing a card is an
    #: action (Tredici plays it), so it is announced as a plain button.
    toggles = traitlets.Bool(True).tag(sync=True)
    #: An extra CSS class on every card (a game's own hook, e.g. ``rl-tl-card``).
    card_class = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        cards: CardsLike = (),
        *,
        label: str = "cards",
        face_down: bool = False,
        rank_key: Callable[[Card], int] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(label=label, **options)
        #: How ranks are ordered when the reader sorts by rank (the game's own order;
        #: ace high by default).
        self.rank_key: Callable[[Card], int] = rank_key or (lambda card: int(card.rank))
        self._shown: tuple[dict[str, Any], ...] = ()
        self._cards: dict[str, AnyCard] = {}
        self._move_callbacks: list[Callable[[tuple[AnyCard, ...], str], None]] = []
        self._sort_callbacks: list[Callable[[str], None]] = []
        self.on_msg(self._message)
        self.observe(self._sorted, names="sort_by")
        self.set_rows({"hand": cards}, face_down=face_down)

    # -- what Python sets ----------------------------------------------------

    def set_rows(
        self,
        rows: Mapping[str, SlotsLike],
        *,
        labels: Mapping[str, str] | None = None,
        label_html: Mapping[str, str] | None = None,
        targets: bool | Sequence[str] = False,
        face_down: bool | Sequence[str] = False,
        keep_selection: bool = False,
        row_class: Mapping[str, str] | None = None,
    ) -> None:
        """Show ``rows`` (name -> cards, in order, or sorted as the reader asked
        with the sort buttons; ``None`` for an empty place, shown as a gap).
        ``targets`` names the rows that take cards (True: all); ``face_down``
        the rows shown as backs; ``row_class`` a CSS class for a row."""
        self._shown = (
            dict(rows),
            {
                "labels": labels,
                "label_html": label_html,
                "targets": targets,
                "face_down": face_down,
                "row_class": row_class,
            },
        )
        parsed = {name: self._in_order(_as_cards(cards)) for name, cards in rows.items()}
        codes = card_codes(c for cards in parsed.values() for c in cards if c is not None)
        it = iter(codes)
        table: dict[str, AnyCard] = {}
        out = []
        faces = {BACK: back_svg()}
        names: dict[str, str] = {}
        for name, cards in parsed.items():
            hidden = face_down is True or (not isinstance(face_down, bool) and name in face_down)
            row_codes: list[str] = []
            slots: list[str | None] = []
            for card in cards:
                if card is None:
                    slots.append(None)
                    continue
                code = next(it)
                if hidden:
                    row_codes.append(f"{BACK}{len(row_codes)}")
                    slots.append(row_codes[-1])
                    continue
                table[code] = card
                row_codes.append(code)
                slots.append(code)
                faces.setdefault(code.split("#")[0], card_svg(card))
                names[code] = card.name
            is_target = targets is True or (not isinstance(targets, bool) and name in targets)
            entry: dict[str, Any] = {
                "name": name,
                "label": (labels or {}).get(name, ""),
                "cards": row_codes,
                "target": is_target,
            }
            if label_html and name in label_html:
                entry["label_html"] = label_html[name]
            if len(slots) != len(row_codes):  # empty places: where each card lies
                entry["slots"] = slots
            if row_class and name in row_class:
                entry["class"] = row_class[name]
            out.append(entry)
        # faces are keyed by the card's text; copies share one picture
        faces.update({code: faces[code.split("#")[0]] for code in table})
        kept = [c for c in self.selected if c in table] if keep_selection else []
        self._cards = table
        with self.hold_sync():
            self.faces = faces
            self.names = names
            self.rows = out
            self.selected = kept
            self.lit = [c for c in self.lit if c in table]
            self.disabled = [c for c in self.disabled if c in table]

    def show(
        self, cards: CardsLike, *, face_down: bool = False, keep_selection: bool = False
    ) -> None:
        """Show one row of cards (a hand)."""
        self.set_rows({"hand": cards}, face_down=face_down, keep_selection=keep_selection)

    def codes_of(self, cards: Iterable[AnyCard]) -> list[str]:
        """The codes of ``cards`` in this table (each card once, first copies first)."""
        wanted = list(cards)
        out = []
        for code, card in self._cards.items():
            if card in wanted:
                wanted.remove(card)
                out.append(code)
        return out

    def light(self, cards: Iterable[AnyCard]) -> None:
        """Light ``cards`` (for example the cards that can be played now)."""
        self.lit = self.codes_of(cards)

    def disable(self, cards: Iterable[AnyCard]) -> None:
        """Show ``cards`` dimmed; they cannot be selected."""
        self.disabled = self.codes_of(cards)

    def select(self, cards: Iterable[AnyCard]) -> None:
        """Select ``cards`` (as a click would)."""
        self.selected = self.codes_of(cards)

    # -- what Python reads ---------------------------------------------------

    @property
    def cards(self) -> tuple[AnyCard, ...]:
        """Every face-up card, row by row."""
        return tuple(self._cards.values())

    def row_cards(self, name: str) -> tuple[AnyCard, ...]:
        """The face-up cards of row ``name``."""
        for row in self.rows:
            if row["name"] == name:
                return tuple(self._cards[c] for c in row["cards"] if c in self._cards)
        known = ", ".join(r["name"] for r in self.rows)
        raise UnknownCardError(f"no row {name!r}; the rows are: {known}")

    @property
    def selected_cards(self) -> tuple[AnyCard, ...]:
        """The selected cards, in the order they lie."""
        return tuple(self._cards[c] for c in self.selected if c in self._cards)

    @property
    def selection(self) -> Cards:
        """The selected cards as :class:`~rules_lib.cards.Cards`."""
        return Cards(self.selected_cards)

    def click(self, card: AnyCard | str) -> None:
        """Toggle ``card`` as a click would (for tests and notebooks)."""
        code = card if isinstance(card, str) and card in self._cards else None
        if code is None:
            found = self.codes_of(parse_cards(card) if isinstance(card, str) else [card])
            if not found:
                raise UnknownCardError(f"{card} is not on this table")
            code = found[0]
        if code in self.disabled:
            return
        if code in self.selected:
            self.selected = [c for c in self.selected if c != code]
        elif self.single:
            self.selected = [code]
        else:
            chosen = {*self.selected, code}
            self.selected = [c for c in self._cards if c in chosen]

    # -- requests from the front end ----------------------------------------

    def on_move(self, callback: Callable[[tuple[AnyCard, ...], str], None]) -> None:
        """Call ``callback(cards, row_name)`` when cards are dropped on a row or
        its "Move here" button is pressed (``cards`` may be empty)."""
        self._move_callbacks.append(callback)

    def on_sort(self, callback: Callable[[str], None]) -> None:
        """Call ``callback("rank" | "suit")`` when a sort button is pressed."""
        self._sort_callbacks.append(callback)

    def request_move(self, codes: Sequence[str], row: str) -> None:
        """Do what a drop of ``codes`` on ``row`` does (also for tests)."""
        if row not in {r["name"] for r in self.rows}:
            raise UnknownCardError(f"no row {row!r} to move cards to")
        cards = tuple(self._cards[c] for c in codes if c in self._cards)
        for callback in self._move_callbacks:
            callback(cards, row)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("event") == "move":
            self.request_move(list(content.get("cards", [])), str(content.get("to", "")))
        elif content.get("event") == "select":
            self._selected_by_page([str(c) for c in content.get("cards", [])])

    def _selected_by_page(self, codes: list[str]) -> None:
        """The page's selection, sent as a message at each tap.

        ipywidgets sends a model's trait changes one at a time: while one waits
        for the kernel, later ones wait in the page, but a button's click (another
        model) goes at once.  So a quick tap-then-Play reached Python before the
        second card's ``selected``.  The front end sends each new selection as a
        message too, which travels in order with the click; it is set here as the
        page has it, without being sent back (the page already shows it).

        >>> t = CardTable("9s 9h 2c")
        >>> t._selected_by_page(["9♠", "9♥", "nonsense"])
        >>> t.selected_cards
        (Card.parse('9♠'), Card.parse('9♥'))
        """
        known = [c for c in codes if c in self._cards]
        with self._lock_property(selected=known):
            self.selected = known

    def _in_order(self, cards: tuple[AnyCard | None, ...]) -> tuple[AnyCard | None, ...]:
        if self.sort_by not in ("rank", "suit") or None in cards:
            return cards  # (a row with empty places keeps them where they are)

        def key(card: AnyCard | None) -> tuple[int, int, int]:
            if not isinstance(card, Card):
                return (1, 0, 0)  # jokers last
            rank, suit = self.rank_key(card), _SUIT_ORDER.index(card.suit)
            return (0, rank, suit) if self.sort_by == "rank" else (0, suit, rank)

        return tuple(sorted(cards, key=key))

    def _sorted(self, change: Any) -> None:
        if self._shown:
            rows, options = self._shown
            self.set_rows(rows, keep_selection=True, **options)
        for callback in self._sort_callbacks:
            callback(str(change["new"]))
