"""Interactive widgets for the book and the Voila apps (needs ``ipywidgets``).

Widgets stay thin: they build a layout, wire events and redraw from library
functions.  The core library never imports this package.
"""

from .arrange_widgets import ArrangeHand, Showdown
from .poker_widgets import CardPicker, HandComparer, HandExplorer, toggle_token
from .strategy_widgets import AdviceLab
from .three_thirteen_widgets import MeldThisHand, ThreeThirteenGame
from .tien_len_widgets import CanItBeat, TienLenGame
from .tredici_widgets import TrediciGame

__all__ = [
    "AdviceLab",
    "ArrangeHand",
    "CanItBeat",
    "CardPicker",
    "HandComparer",
    "HandExplorer",
    "MeldThisHand",
    "Showdown",
    "ThreeThirteenGame",
    "TienLenGame",
    "TrediciGame",
    "toggle_token",
]
