"""Widgets for the chapter "Cards and poker hands".

* :class:`HandExplorer`: type or pick 3 or 5 cards, see the hand's value and why.
* :class:`HandComparer`: two hands side by side, which wins and why.

Typing mistakes are shown as a message under the input; what the reader
typed stays as it was, and the last good picture stays on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import ipywidgets as widgets

from ..cards import RANKS, SUITS, Card, Cards, iter_tokens, parse_cards
from ..errors import RulesError
from ..poker import evaluate, explain_comparison
from ..render import cards_html, hand_value_html, message_html
from .card_table import CardTable

__all__ = ["CardPicker", "HandComparer", "HandExplorer", "toggle_token"]


def toggle_token(text: str, card: Card) -> str:
    """Add ``card`` to a typed card list, or remove it if it is there already.

    Tokens that name other cards (even mistyped ones) are kept as typed.

    >>> toggle_token("As Kd", Card.parse("Kd"))
    'As'
    >>> toggle_token("As xx", Card.parse("2c"))
    'As xx 2♣'
    """
    kept: list[str] = []
    removed = False
    for token in iter_tokens(text):
        try:
            same = parse_cards(token)[0] in (card,)
        except RulesError:
            same = False
        if same and not removed:
            removed = True
            continue
        kept.append(token)
    if not removed:
        kept.append(str(card))
    return " ".join(kept)


def _readable_cards(text: str) -> set[Card]:
    """The cards of ``text`` that can be read (for the picker's toggles)."""
    found: set[Card] = set()
    for token in iter_tokens(text):
        try:
            card = parse_cards(token)[0]
        except RulesError:
            continue
        if isinstance(card, Card):
            found.add(card)
    return found


_PICK_CSS = (
    "<style>.rl-card-picker .rl-card-button.rl-pick{width:clamp(1.9rem,6.6vw,2.6rem)}"
    ".rl-card-picker .rl-table-label{font-size:.85rem;margin:0}"
    ".rl-card-picker .rl-table-cards{gap:.2rem;padding-top:.45rem}</style>"
)


class CardPicker(widgets.VBox):  # type: ignore[misc]
    """The 52 cards in four rows, one per suit; a click, a tap, or Space (after
    Tab and the arrow keys) picks a card or puts it back.

    ``on_toggle(card)`` is called for each card the reader picks or puts back;
    :meth:`show` sets the picked cards without calling it.

    >>> picked = []
    >>> p = CardPicker(picked.append)
    >>> [r["label"] for r in p.table.rows]
    ['♠ spades', '♥ hearts', '♦ diamonds', '♣ clubs']
    >>> p.click(Card.parse("Qh"))  # as the reader's click would
    >>> picked, p.chosen
    ([Card.parse('Q♥')], {Card.parse('Q♥')})
    >>> p.show({Card.parse("2c")})
    >>> picked, p.chosen
    ([Card.parse('Q♥')], {Card.parse('2♣')})
    """

    def __init__(self, on_toggle: Callable[[Card], None]) -> None:
        self._on_toggle = on_toggle
        self._syncing = False
        rows = {suit.plural: [Card(rank, suit) for rank in reversed(RANKS)] for suit in SUITS}
        self._by_code = {str(card): card for cards in rows.values() for card in cards}
        self.table = CardTable(label="pick cards", card_class="rl-pick")
        self.table.set_rows(rows, labels={s.plural: f"{s.symbol} {s.plural}" for s in SUITS})
        self.table.observe(self._changed, names="selected")
        super().__init__([widgets.HTML(_PICK_CSS), self.table], layout=widgets.Layout(width="100%"))
        self.add_class("rl-card-picker")

    @property
    def chosen(self) -> set[Card]:
        """The cards picked now."""
        return {self._by_code[code] for code in self.table.selected if code in self._by_code}

    def click(self, card: Card) -> None:
        """Pick ``card``, or put it back, as a click on it would."""
        self.table.click(card)

    def _changed(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        old, new = list(change["old"]), list(change["new"])
        for code in [c for c in new if c not in old] + [c for c in old if c not in new]:
            if code in self._by_code:
                self._on_toggle(self._by_code[code])

    def show(self, chosen: set[Card]) -> None:
        """Pick exactly the cards of ``chosen`` without calling ``on_toggle``."""
        self._syncing = True
        try:
            self.table.select(chosen)
        finally:
            self._syncing = False


class HandExplorer(widgets.VBox):  # type: ignore[misc]
    """Type or pick 3 or 5 cards and see the hand's value and why.

    >>> w = HandExplorer("As Ad 5c")
    >>> "pair of aces" in w.result.value
    True
    >>> w.text.value = "As Ad Zz"
    >>> "'Zz'" in w.message.value, w.text.value
    (True, 'As Ad Zz')
    """

    def __init__(self, cards: str = "Kd Kc 9s 9h Qc") -> None:
        self.text = widgets.Text(
            value=cards,
            description="Cards",
            placeholder="e.g. As Kd 10h 10c 2s",
            continuous_update=True,
            layout=widgets.Layout(width="calc(100% - 1rem)", max_width="32rem"),
        )
        self.picker = CardPicker(self._toggle)
        self.message = widgets.HTML()
        self.result = widgets.HTML()
        self.text.observe(lambda _change: self.redraw(), names="value")
        help_text = widgets.HTML(
            "<p style='margin:.2rem 0'>Type cards such as <code>As Kd 10h</code> "
            "(or <code>A♠ K♦ 10♥</code>), or open the card picker and press them. A hand has 3 or 5 cards.</p>"
        )
        picker_box = widgets.Accordion(children=[self.picker], titles=("Pick cards",))
        picker_box.selected_index = None
        super().__init__(
            children=[help_text, self.text, picker_box, self.message, self.result],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("rl-hand-explorer")
        self.redraw()

    def _toggle(self, card: Card) -> None:
        self.text.value = toggle_token(self.text.value, card)

    def redraw(self) -> None:
        text = self.text.value
        self.picker.show(_readable_cards(text))
        try:
            hand = parse_cards(text, jokers=False)
        except RulesError as error:
            self.message.value = message_html(str(error))
            return
        if len(hand) in (3, 5):
            try:
                self.result.value = hand_value_html(cast("list[Card]", list(hand)))
            except RulesError as error:
                self.message.value = message_html(str(error))
                return
            self.message.value = ""
            return
        self.result.value = cards_html(hand)
        needed = "3 or 5 cards" if len(hand) < 5 else "at most 5 cards"
        self.message.value = message_html(
            f"{len(hand)} card{'s' * (len(hand) != 1)} so far: a hand has {needed}.", "info"
        )


class HandComparer(widgets.VBox):  # type: ignore[misc]
    """Two hands (3 or 5 cards each): which one wins, and the reason.

    >>> w = HandComparer("Kd Kc 9s 9h Qc", "Kh Ks 9d 9c 7c")
    >>> "kicker queen beats seven" in w.verdict.value
    True
    """

    def __init__(self, first: str = "Kd Kc 9s 9h Qc", second: str = "Kh Ks 9d 9c 7c") -> None:
        layout = widgets.Layout(width="calc(100% - 1rem)", max_width="32rem")
        self.first = widgets.Text(value=first, description="Hand A", layout=layout)
        self.second = widgets.Text(value=second, description="Hand B", layout=layout)
        self.pictures = widgets.HTML()
        self.verdict = widgets.HTML()
        for box in (self.first, self.second):
            box.observe(lambda _change: self.redraw(), names="value")
        super().__init__(
            children=[self.first, self.second, self.verdict, self.pictures],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("rl-hand-comparer")
        self.redraw()

    def redraw(self) -> None:
        hands: list[Cards] = []
        for name, box in (("Hand A", self.first), ("Hand B", self.second)):
            try:
                hands.append(parse_cards(box.value, jokers=False))
                evaluate(hands[-1])
            except RulesError as error:
                self.verdict.value = message_html(f"{name}: {error}")
                return
        a, b = (evaluate(h) for h in hands)
        self.verdict.value = message_html(explain_comparison(a, b), "info")
        first, second = (cast("list[Card]", list(h)) for h in hands)
        self.pictures.value = hand_value_html(first, label="Hand A") + hand_value_html(
            second, label="Hand B"
        )
