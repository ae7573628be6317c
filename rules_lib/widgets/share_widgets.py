"""The controls every app shares: its link (read, shared, and a note when it
could not be used), the deal-number row, and an answer button."""

from __future__ import annotations

import html
import os
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets

from ..games import find_game
from ..render import message_html
from ..share import MAX_SEED, DealLink, app_link, read_query

__all__ = [
    "DealControls",
    "GameControls",
    "ShareLink",
    "app_box",
    "deal_number",
    "read_app_link",
    "rules_menu",
    "wait_for_student",
    "wide_button",
]

_COPY = (
    "const box=this.parentElement.querySelector('input');box.select();"
    "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(box.value);}"
    "else{document.execCommand('copy');}this.textContent='Copied';"
)


class ShareLink(widgets.HTML):  # type: ignore[misc]
    """A link to the current deal, with a button that copies it.

    >>> link = ShareLink()
    >>> link.update("seed=7&rules=cp-source")
    >>> link.link
    '?seed=7&rules=cp-source'
    >>> "Copy link to this deal" in link.value
    True
    """

    def __init__(self) -> None:
        super().__init__()
        self.link = ""
        self.add_class("rl-share")

    def update(self, query: str) -> None:
        self.link = app_link(query)
        safe = html.escape(self.link)
        self.value = (
            "<div style='display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;margin:.3rem 0'>"
            f"<input type='text' readonly value='{safe}' aria-label='link to this deal' "
            "style='flex:1 1 14rem;min-width:0;font-size:.9rem;padding:.2rem'>"
            f'<button type="button" onclick="{_COPY}" '
            "style='padding:.2rem .6rem'>Copy link to this deal</button></div>"
            "<p style='margin:0;font-size:.85rem;color:#555'>Everyone who opens this link "
            "gets the same deal and rules.</p>"
        )


def deal_number(
    value: int, description: str, width: str | None = "12rem", **options: object
) -> widgets.BoundedIntText:
    """The number box of a deal, from 0 to the largest number a link may carry.

    >>> deal_number(42, "Deal no.").max
    1000000000
    """
    if width is not None:
        options["layout"] = widgets.Layout(width=width)
    return widgets.BoundedIntText(
        value=value, min=0, max=MAX_SEED, description=description, **options
    )


def read_app_link(query: str | None, rules: Collection[str] = ()) -> DealLink:
    """An app's link: ``query``, or when it is ``None`` the query string Voila
    hands the kernel (``QUERY_STRING``).

    In a kernel Voila started ahead of time (``make app STUDENTS=30``) the app
    has run up to here before any student asked for it; this waits for the
    student's request, whose link then reaches the kernel.

    >>> read_app_link("seed=7&rules=x", ["y"]).problems
    ("the link asks for rules 'x'; known: y",)
    """
    if query is None:
        wait_for_student()
        query = os.environ.get("QUERY_STRING")
    return read_query(query, rules)


def wait_for_student() -> None:
    """In a preheated Voila kernel, wait until a student opens the app (Voila
    then puts the request's query string in the environment); elsewhere
    (Jupyter, JupyterLite, a kernel Voila started for a request) return at once.

    >>> wait_for_student()  # not in a preheated kernel: returns at once
    """
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    from voila.utils import wait_for_request  # only in a kernel Voila preheated

    # ``make app`` counts the kernels that wait here to say when the class may come
    marker = None
    if os.environ.get("THIRTEEN_WARM_DIR"):
        marker = Path(os.environ["THIRTEEN_WARM_DIR"]) / os.environ.get("VOILA_KERNEL_ID", "kernel")
        marker.touch()
    try:
        wait_for_request()
    finally:
        if marker is not None:
            marker.unlink(missing_ok=True)


def app_box(problems: Sequence[str], *children: widgets.Widget, **named: object) -> widgets.VBox:
    """An app: first a visible note naming what in its link could not be used
    (empty when nothing), then its parts; ``named`` parts become attributes
    (``box.game``) for tests and notebooks.

    >>> box = app_box(["the seed is 'x'"], widgets.HTML("game"), game="the game")
    >>> box.game, "could not be used as given: the seed is 'x'." in box.children[0].value
    ('the game', True)
    """
    note = widgets.HTML(
        message_html("This link could not be used as given: " + "; ".join(problems) + ".")
        if problems
        else ""
    )
    box = widgets.VBox([note, *children])
    for name, part in named.items():
        setattr(box, name, part)
    return box


@dataclass(frozen=True)
class DealControls:
    """The deal-number box with its "Deal" and "New …" buttons and, where a
    widget takes typed cards, the text box and its "Use these cards" button."""

    seed: widgets.BoundedIntText
    deal_button: widgets.Button
    new_button: widgets.Button
    cards_text: widgets.Text
    use_button: widgets.Button

    @classmethod
    def make(cls, seed: int, noun: str, example: str, width: str = "12rem") -> DealControls:
        """Controls for a ``noun`` ("deal", "hand") with the typed-cards
        placeholder ``example``.

        >>> c = DealControls.make(7, "hand", "3 to 14 cards, e.g. 5s 6s 7s")
        >>> c.seed.value, c.seed.description, c.new_button.description
        (7, 'Hand no.', 'New hand')
        """
        return cls(
            deal_number(seed, f"{noun.capitalize()} no.", width=width),
            widgets.Button(description="Deal", tooltip="deal the cards of this number"),
            widgets.Button(description=f"New {noun}", tooltip=f"a new random {noun} number"),
            widgets.Text(
                placeholder=f"or type {example} …",
                layout=widgets.Layout(width="calc(100% - 1rem)", max_width="30rem"),
            ),
            widgets.Button(description="Use these cards"),
        )

    def rows(self) -> list[widgets.HBox]:
        """The controls in two rows that wrap on a phone."""
        wrap = widgets.Layout(flex_flow="row wrap")
        return [
            widgets.HBox([self.seed, self.deal_button, self.new_button], layout=wrap),
            widgets.HBox([self.cards_text, self.use_button], layout=wrap),
        ]


def wide_button(description: str, tooltip: str, style: str = "info") -> widgets.Button:
    """A button as wide as its words (an answer button: "Show the best arrangement").

    >>> wide_button("Compare", "compare").layout.width
    'auto'
    """
    return widgets.Button(
        description=description,
        tooltip=tooltip,
        button_style=style,
        layout=widgets.Layout(width="auto"),
    )


def rules_menu(game: str, value: str, max_width: str = "26rem") -> widgets.Dropdown:
    """The menu of a game's presets, labelled as the registry says.

    >>> menu = rules_menu("tredici", "house")
    >>> menu.value, menu.options[1][0]
    ('house', 'House rules: play the card you drew, draw at will')
    """
    return widgets.Dropdown(
        options=[(p.title, p.name) for p in find_game(game).preset_infos],
        value=value,
        description="Rules",
        layout=widgets.Layout(width="calc(100% - 1rem)", max_width=max_width),
    )


@dataclass(frozen=True)
class GameControls:
    """The row every turn-based game starts with: the game number, "New game"
    and the rules menu."""

    seed: widgets.BoundedIntText
    new_button: widgets.Button
    rules: widgets.Dropdown

    @classmethod
    def make(
        cls, game: str, seed: int, preset: str, label: str = "Game no.", **number: object
    ) -> GameControls:
        """Controls for ``game`` (a registry key) dealt with ``seed`` under ``preset``.

        >>> c = GameControls.make("tien_len", 7, "standard")
        >>> c.seed.value, c.new_button.description, c.rules.value
        (7, 'New game', 'standard')
        """
        return cls(
            deal_number(seed, label, **number),  # type: ignore[arg-type]
            widgets.Button(
                description="New game",
                button_style="primary",
                tooltip="deal the game with this number",
            ),
            rules_menu(game, preset),
        )
