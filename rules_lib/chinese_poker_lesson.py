"""The old path of Chinese Poker's guided first hand, kept for the chapter
that imports it: the lesson is :mod:`rules_lib.chinese_poker.lesson`.
Nothing in the library imports this module."""

from .chinese_poker.lesson import FIRST_HAND, HAND, OPPONENTS

__all__ = ["FIRST_HAND", "HAND", "OPPONENTS"]
