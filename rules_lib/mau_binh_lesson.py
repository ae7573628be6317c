"""The old path of Mậu Binh's guided first hand, kept for the chapter that
imports it: the lesson is :mod:`rules_lib.mau_binh.lesson`.  Nothing in the
library imports this module."""

from .mau_binh.lesson import DEALER, FIRST_HAND, HAND

__all__ = ["DEALER", "FIRST_HAND", "HAND"]
