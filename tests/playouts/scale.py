"""How many games the playouts play.

``make test`` plays a modest number of games per check (about half a minute
in all).  ``make soak`` sets ``PLAYOUT_SCALE`` (default there 4) to run the
same checks over that many times more games.
"""

from __future__ import annotations

import os


def games(n: int) -> int:
    """``n`` games, times ``PLAYOUT_SCALE`` (a whole number, 1 by default)."""
    scale = os.environ.get("PLAYOUT_SCALE", "1")
    if not scale.isdigit() or int(scale) < 1:
        raise ValueError(f"PLAYOUT_SCALE must be a whole number from 1 up, not {scale!r}")
    return n * int(scale)
