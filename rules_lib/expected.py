"""The old path of the expected points, kept for the chapters that import it
(and ``python -m rules_lib.expected``, which regenerates
``rules_lib/setting/row_distributions.json``): the objective is
:mod:`rules_lib.setting.expected`, the head-to-head experiment
:func:`rules_lib.strategy.head_to_head`.  Nothing in the library imports
this module.

>>> from rules_lib.expected import RESCORED, head_to_head
>>> RESCORED
40
"""

from .setting import expected
from .setting.expected import *  # noqa: F403  (every name of the objective)
from .setting.expected import main
from .strategy import HeadToHead, head_to_head

__all__ = [*expected.__all__, "HeadToHead", "head_to_head"]

if __name__ == "__main__":  # pragma: no cover - run by hand to regenerate the data
    main()
