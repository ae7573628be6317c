"""The controls every app shares: its link (read, shared, and a note when it
could not be used), the deal-number row, the rules and opponents menus, and an
answer button."""

from __future__ import annotations

import html
import os
import sys
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets

from ..games import find_game
from ..render import message_html
from ..share import MAX_SEED, DealLink, app_link, read_query

__all__ = [
    "AppBox",
    "DealControls",
    "GameControls",
    "OpponentsMenu",
    "ShareLink",
    "UrlSync",
    "deal_number",
    "follow_game",
    "follow_page_link",
    "link_choice",
    "other_app_html",
    "preheated",
    "rules_menu",
    "set_controls",
    "wait_for_student",
    "wide_button",
]

# The app page that opens a widget's link, by the module that makes its ShareLink:
# copied from a chapter, the link opens ``<site>/apps/<app>.html?…``.
APP_OF_MODULE = {
    "arrange_widgets": "arrange_13",
    "pyramid_widgets": "pyramid",
    "score_sheet_widgets": "score_sheet",
    "strategy_widgets": "strategy_lab",
    "three_thirteen_widgets": "three_thirteen",
    "tien_len_widgets": "tien_len",
    "tredici_widgets": "tredici",
}

# The whole address of the link in ``box`` (its data-link, data-app), worked out in
# the page, which alone knows where it runs: a link Voila made whole stays as it is;
# a query goes after this page's address on an app page, and after the app's page
# from a chapter (``…/book/…``) or a notebook of the book's JupyterLite (``…/lite/…``).
_WHOLE = (
    "var v=box.getAttribute('data-link'),a=box.getAttribute('data-app'),p=location.pathname;"
    "if(v.charAt(0)==='?'){"
    "if(a&&p.indexOf('/apps/')<0){"
    "var r=p.indexOf('/book/')>=0?p.split('/book/')[0]:p.indexOf('/lite/')>=0?p.split('/lite/')[0]:null;"
    "if(r!==null){p=r+'/apps/'+a+'.html';}}"
    "v=location.origin+p+v;}"
    "box.value=v;box.select();"
)
_SHOW = "var box=this;" + _WHOLE
_COPY = (
    "var box=this.parentElement.querySelector('input');"
    + _WHOLE
    + "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(box.value)"
    ".catch(function(){document.execCommand('copy');});}"
    "else{document.execCommand('copy');}this.textContent='Copied';"
)


class UrlSync(anywidget.AnyWidget):
    """Writes ``query`` into the page's address, so an app's state survives a
    reload (the score sheet, a game's evening); a 15-line ES module shipped
    in the package, nothing fetched."""

    _esm = Path(__file__).parent / "url_sync.js"
    query = traitlets.Unicode("").tag(sync=True)


class ShareLink(widgets.HTML):  # type: ignore[misc]
    """A link to the current deal, with a button that copies it.

    ``link`` is what Python knows of it: the whole address under Voila, else its
    query.  The page makes it whole when the link is copied or its box is focused
    (``_WHOLE``): from a chapter, the address of the app ``app`` (by default the one
    of the module that makes the link, ``APP_OF_MODULE``), which opens the same deal.

    >>> link = ShareLink(app="tredici")
    >>> link.update("seed=7&rules=cp-source")
    >>> link.link
    '?seed=7&rules=cp-source'
    >>> "Copy link to this deal" in link.value and "data-app='tredici'" in link.value
    True
    """

    def __init__(
        self,
        what: str = "deal",
        promise: str = "Everyone who opens this link gets the same deal and rules.",
        app: str | None = None,
    ) -> None:
        super().__init__()
        self.link = ""
        self.what, self.promise = what, promise
        if app is None:  # the app of the widget module that makes this link
            module = sys._getframe(1).f_globals.get("__name__", "")
            app = APP_OF_MODULE.get(module.rpartition(".")[2], "")
        self.app = app
        self.add_class("rl-share")

    def update(self, query: str) -> None:
        self.link = app_link(query)
        safe = html.escape(self.link, quote=True)
        self.value = (
            "<div style='display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;margin:.3rem 0'>"
            f"<input type='text' readonly value='{safe}' data-link='{safe}' "
            f"data-app='{html.escape(self.app, quote=True)}' "
            f"onfocus=\"{html.escape(_SHOW)}\" aria-label='link to this {self.what}' "
            "style='flex:1 1 14rem;min-width:0;font-size:.9rem;padding:.2rem'>"
            f'<button type="button" onclick="{html.escape(_COPY)}" '
            f"style='padding:.2rem .6rem'>Copy link to this {self.what}</button></div>"
            f"<p style='margin:0;font-size:.85rem;color:#555'>{html.escape(self.promise)}</p>"
        )


def other_app_html(app: str, query: str, text: str) -> str:
    """A link that opens another of the book's apps with ``query``, in a new tab.

    Where that app is depends on where the page runs, and only the page knows:
    beside this one under Voila (``…/voila/render/<app>.ipynb``), beside it
    among the serverless pages (``…/apps/<app>.html``), or, from a chapter of
    the static site, under the site's ``apps/``.  The link works that out when
    pressed (by mouse, or Enter from the keyboard).

    >>> out = other_app_html("score_sheet", "rules=mb-source&player=An", "Open the sheet")
    >>> "score_sheet.ipynb" in out and "score_sheet.html" in out and "Open the sheet" in out
    True
    """
    target = (
        "var p=location.pathname;"
        "var u=p.indexOf('/voila/render/')>=0?p.replace(/[^/]*$/,'{app}.ipynb')"
        ":p.indexOf('/apps/')>=0?p.replace(/[^/]*$/,'{app}.html')"
        ":p.split('/book/')[0]+'/apps/{app}.html';"
        "window.open(u+'?{query}','_blank','noopener');return false;"
    ).format(app=app, query=query.replace("'", "%27"))
    return (
        f'<a href="?{html.escape(query)}" target="_blank" rel="noopener" '
        f'onclick="{html.escape(target)}">{html.escape(text)}</a>'
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


def wait_for_student() -> None:
    """In a preheated Voila kernel, wait until a student opens the app (Voila
    then puts the request's query string in the environment); elsewhere
    (Jupyter, JupyterLite, a kernel Voila started for a request) return at once.

    >>> wait_for_student()  # not in a preheated kernel: returns at once
    """
    if not preheated():
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


def preheated() -> bool:
    """Whether this kernel was started by Voila before any student asked for
    its app (``make app STUDENTS=N``).

    >>> preheated()
    False
    """
    return os.environ.get("VOILA_PREHEAT", "False") != "False"


Follow = Callable[[DealLink], Sequence[str]]


class AppBox(widgets.VBox):  # type: ignore[misc]
    """An app: first a visible note naming what in its link could not be used
    (empty when nothing), then its parts; ``named`` parts become attributes
    (``box.game``) for tests and notebooks.

    ``follow`` sets the parts as a link asks (a link's missing parameter
    leaves its control as it is) and returns what it could not use.  The box
    follows ``query`` at once; when ``query`` is ``None``, the query string
    Voila hands the kernel (``QUERY_STRING``).  In a kernel Voila started
    before the class (:func:`preheated`) no student has asked yet: the box
    keeps its parts as made and :meth:`follow_link`, the app notebook's next
    cell, waits for the student.  So the kernel has made and shown every part
    before anyone arrives, and a student's request costs only the changes.

    >>> def follow(link):
    ...     return ["the seed is 'x'"] if link.seed is None else []
    >>> box = AppBox("seed=x", (), follow, [widgets.HTML("game")], game="the game")
    >>> box.game, "could not be used as given: the seed is 'x'." in box.note.value
    ('the game', True)
    >>> box.follow_link("seed=3"); box.note.value
    ''
    """

    def __init__(
        self,
        query: str | None,
        rules: Collection[str],
        follow: Follow,
        children: Sequence[widgets.Widget],
        **named: object,
    ) -> None:
        self.note = widgets.HTML("")
        super().__init__([self.note, *children])
        for name, part in named.items():
            setattr(self, name, part)
        self._rules = rules
        self._follow = follow
        self.waiting = query is None and preheated()
        if not self.waiting:
            self.follow_link(os.environ.get("QUERY_STRING", "") if query is None else query)

    def follow_link(self, query: str | None = None) -> None:
        """Set the app as ``query`` asks.  With no ``query``: in a kernel
        started before the class, wait for the student and follow their link;
        elsewhere nothing (the app followed its link when it was made)."""
        if query is None:
            if not self.waiting:
                return
            wait_for_student()
            self.waiting = False
            query = os.environ.get("QUERY_STRING", "")
        problems = self._follow(read_query(query, self._rules))
        self.note.value = (
            message_html("This link could not be used as given: " + "; ".join(problems) + ".")
            if problems
            else ""
        )


def link_choice(
    link: DealLink, name: str, known: Collection[str], problems: list[str], noun: str
) -> str | None:
    """``link``'s value of ``name`` when it is one of ``known``; ``None`` when
    the link does not say, or says something else (named in ``problems``).

    >>> problems = []
    >>> link_choice(read_query("against=best"), "against", ["book"], problems, "opponent")
    >>> problems
    ["no opponent 'best'; known: book"]
    """
    value = link.get(name)
    if value is not None and value not in known:
        problems.append(f"no {noun} {value!r}; known: {', '.join(known)}")
        return None
    return value


def follow_game(
    seed: widgets.BoundedIntText,
    wanted: int | None,
    settings: Sequence[tuple[widgets.ValueWidget, object]],
    deal: Callable[[], None],
) -> None:
    """Set a game's number box to ``wanted`` and its menus to ``settings``
    (``None``: as they are), then deal: a changed menu deals the game by itself
    (its observer), otherwise ``deal``."""
    set_controls((seed, wanted))
    if not set_controls(*settings):
        deal()


def follow_page_link(shown: object, query: str) -> list[str]:
    """Deal a chapter's game widget as its page's address asks: live in a page opened
    as ``…/tredici/index.html?seed=42&rules=house``, the game with a link to its deal
    (a ``share``) and a number box (its own, or its hand's) deals game 42 under those
    rules, as the app's page would; another widget is left as it is.  Returns what
    the address asked that could not be used (``tools/live/page_bridge.py`` calls it
    for each widget a chapter shows).

    >>> from rules_lib.widgets import TrediciGame, Showdown, HandExplorer
    >>> game = TrediciGame(seed=1)
    >>> follow_page_link(game, "seed=42&rules=house"), game.seed.value, game.rules.value
    ([], 42, 'house')
    >>> game.share.link
    '?seed=42&rules=house'
    >>> follow_page_link(game, "seed=x&rules=poker")[1]
    "the link asks for rules 'poker'; known: source, house, simple"
    >>> showdown = Showdown(seed=1)
    >>> follow_page_link(showdown, "seed=5&rules=mb-source"), showdown.hand.seed.value
    ([], 5)
    >>> showdown.rules.value, "seed=5&rules=mb-source" in showdown.share.link
    ('Mậu Binh (source rules)', True)
    >>> follow_page_link(HandExplorer(), "seed=5")
    []
    """
    part = next(
        (
            p
            for p in (shown, getattr(shown, "hand", None))
            if isinstance(getattr(p, "seed", None), widgets.BoundedIntText)
        ),
        None,
    )
    deal = getattr(part, "deal_button", None) or getattr(part, "new_button", None)
    if not isinstance(getattr(shown, "share", None), ShareLink) or part is None or deal is None:
        return []
    seed: widgets.BoundedIntText = part.seed  # type: ignore[attr-defined]
    menu = getattr(shown, "rules", None)
    choices = _rules_choices(menu)
    link = read_query(query, choices)
    if link.seed is not None or link.rules is not None:
        settings = [(menu, choices.get(link.rules or ""))] if choices else []
        follow_game(seed, link.seed, settings, deal.click)
    return list(link.problems)


def _rules_choices(menu: object) -> dict[str, str]:
    """The rules a link may name for ``menu``, as link key -> menu value: a game's
    presets for its rules menu (:func:`rules_menu`), the rule sets for the arrange
    widgets' menu; nothing for another.

    >>> _rules_choices(rules_menu("tredici", "house"))
    {'source': 'source', 'house': 'house', 'simple': 'simple'}
    """
    if not isinstance(menu, widgets.Dropdown):
        return {}
    from ..games import GAMES
    from ..showdown import RULESET_KEYS

    options = list(menu.options)
    for game in GAMES:
        if options == [(p.title, p.name) for p in game.preset_infos]:
            return {p.link: p.name for p in game.preset_infos}
    if options and set(options) <= set(RULESET_KEYS.values()):
        return {key: name for key, name in RULESET_KEYS.items() if name in options}
    return {}


def set_controls(*settings: tuple[widgets.ValueWidget, object]) -> bool:
    """Set each control to its value (``None``: leave it as it is); whether
    any changed (its observers have then run).

    >>> menu = widgets.Dropdown(options=["a", "b"], value="a")
    >>> set_controls((menu, None)), set_controls((menu, "a")), set_controls((menu, "b"))
    (False, False, True)
    """
    changed = False
    for control, value in settings:
        if value is not None and control.value != value:
            control.value = value
            changed = True
    return changed


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


class OpponentsMenu(widgets.Dropdown):  # type: ignore[misc]
    """The "Against" menu of a game's opponents (its bots, as the registry's
    ``opponents`` label them); each value is the key a link's ``against=``
    carries, and ``None`` chooses the first, the default.  Made by
    :meth:`GameControls.against`.

    >>> menu = OpponentsMenu("tredici")
    >>> menu.value, menu.options[1]
    ('book', ('the search bot (strongest, slower)', 'search'))
    """

    def __init__(self, game: str, value: str | None = None, max_width: str = "26rem") -> None:
        choices = find_game(game).opponents
        super().__init__(
            options=[(label, key) for key, label in choices.items()],
            value=next(iter(choices)) if value is None else value,
            description="Against",
            layout=widgets.Layout(width="calc(100% - 1rem)", max_width=max_width),
        )

    def query(self) -> dict[str, str]:
        """What a link says of the opponents chosen: nothing for the default, the first.

        >>> menu = OpponentsMenu("tien_len")
        >>> menu.query()
        {}
        >>> menu.value = "random"
        >>> menu.query()
        {'against': 'random'}
        """
        return {} if self.value == self.options[0][1] else {"against": self.value}


@dataclass(frozen=True)
class GameControls:
    """The row every turn-based game starts with: the game number, "New game"
    and the rules menu; and, for a game whose registry entry lists its
    ``opponents``, the "Against" menu (:meth:`against`)."""

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

    @staticmethod
    def against(game: str, value: str | None = None, max_width: str = "26rem") -> OpponentsMenu:
        """The "Against" menu of ``game``'s opponents, set to ``value`` (a link
        key; ``None``: the default).

        >>> GameControls.against("tien_len", "search").options[1]
        ('search bots (strongest, slower)', 'search')
        """
        return OpponentsMenu(game, value, max_width)
