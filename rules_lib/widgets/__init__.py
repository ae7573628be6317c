"""Interactive widgets for the book and the Voila apps (needs ``ipywidgets``).

Widgets stay thin: they build a layout, wire events and redraw from library
functions.  The core library never imports this package.
"""

from .arrange_widgets import ArrangeHand, Showdown
from .poker_widgets import CardPicker, HandComparer, HandExplorer, toggle_token
from .strategy_widgets import AdviceLab

__all__ = [
    "AdviceLab",
    "ArrangeHand",
    "CardPicker",
    "HandComparer",
    "HandExplorer",
    "Showdown",
    "toggle_token",
]
