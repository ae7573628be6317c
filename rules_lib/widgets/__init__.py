"""Interactive widgets for the book and the Voila apps (needs ``ipywidgets``
and ``anywidget``).

Widgets stay thin: they build a layout, wire events and redraw from library
functions.  The core library never imports this package.  Each widget's module
is imported when the widget is first asked for, so an app pays only for the
game it shows (``from rules_lib.widgets import TienLenGame`` loads Tiến Lên's
widgets, not the other games').
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .arrange_widgets import ArrangeHand, Showdown
    from .card_table import CardTable
    from .chinese_poker_lesson import ChinesePokerFirstHand
    from .indian_rummy_lesson import IndianRummyFirstDeal
    from .indian_rummy_widgets import IndianRummyGame
    from .lesson_widgets import LessonPanel
    from .mau_binh_lesson import MauBinhFirstHand
    from .poker_widgets import CardPicker, HandComparer, HandExplorer, toggle_token
    from .pyramid_lesson import PyramidFirstGame
    from .pyramid_widgets import PyramidGame
    from .score_sheet_widgets import ScoreSheetWidget
    from .setting_lesson import SettingFirstHand
    from .strategy_widgets import AdviceLab
    from .three_thirteen_lesson import ThreeThirteenFirstRound
    from .three_thirteen_widgets import MeldThisHand, ThreeThirteenGame
    from .tien_len_lesson import TienLenFirstHand
    from .tien_len_widgets import CanItBeat, TienLenGame
    from .tredici_lesson import TrediciFirstHand
    from .tredici_widgets import TrediciGame

#: Each public widget and the module that defines it.
_WHERE = {
    "AdviceLab": "strategy_widgets",
    "ArrangeHand": "arrange_widgets",
    "CanItBeat": "tien_len_widgets",
    "CardPicker": "poker_widgets",
    "CardTable": "card_table",
    "ChinesePokerFirstHand": "chinese_poker_lesson",
    "HandComparer": "poker_widgets",
    "HandExplorer": "poker_widgets",
    "IndianRummyFirstDeal": "indian_rummy_lesson",
    "IndianRummyGame": "indian_rummy_widgets",
    "LessonPanel": "lesson_widgets",
    "MauBinhFirstHand": "mau_binh_lesson",
    "MeldThisHand": "three_thirteen_widgets",
    "PyramidFirstGame": "pyramid_lesson",
    "PyramidGame": "pyramid_widgets",
    "ScoreSheetWidget": "score_sheet_widgets",
    "SettingFirstHand": "setting_lesson",
    "Showdown": "arrange_widgets",
    "ThreeThirteenFirstRound": "three_thirteen_lesson",
    "ThreeThirteenGame": "three_thirteen_widgets",
    "TienLenFirstHand": "tien_len_lesson",
    "TienLenGame": "tien_len_widgets",
    "TrediciFirstHand": "tredici_lesson",
    "TrediciGame": "tredici_widgets",
    "toggle_token": "poker_widgets",
}

__all__ = [
    "AdviceLab",
    "ArrangeHand",
    "CanItBeat",
    "CardPicker",
    "CardTable",
    "ChinesePokerFirstHand",
    "HandComparer",
    "HandExplorer",
    "IndianRummyFirstDeal",
    "IndianRummyGame",
    "LessonPanel",
    "MauBinhFirstHand",
    "MeldThisHand",
    "PyramidFirstGame",
    "PyramidGame",
    "ScoreSheetWidget",
    "SettingFirstHand",
    "Showdown",
    "ThreeThirteenFirstRound",
    "ThreeThirteenGame",
    "TienLenFirstHand",
    "TienLenGame",
    "TrediciFirstHand",
    "TrediciGame",
    "toggle_token",
]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
