"""The old path of the shared setting of 13 cards, kept for the chapters and
the browser tests that import it: the rows, the special hands and the search
are :mod:`rules_lib.setting`, :func:`best_arrangement` is the showdown's
(:mod:`rules_lib.showdown`).  Nothing in the library imports this module.

>>> from rules_lib.arrange import Arrangement, best_arrangement
>>> best_arrangement("As Ah Kd Kc 9s 9h 7d 6c 5s 4h 3d 2c Qs").is_misset()
False
"""

from . import setting
from .setting import *  # noqa: F403  (every name of the shared setting)
from .showdown import best_arrangement

__all__ = [*setting.__all__, "best_arrangement"]
