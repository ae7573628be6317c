"""The strategy lab runs the library's experiment, with the solver's settings beside the reader's."""

from __future__ import annotations

import html

from rules_lib.strategy import ADVICE, SOLVERS, run_experiment, with_solvers
from rules_lib.widgets.strategy_widgets import AdviceLab, lab_app


def test_the_lab_shows_the_solvers_settings_beside_the_two_it_compares():
    lab = AdviceLab(deals=20, seed=3)
    lab.run(block=True)
    assert lab.result is not None
    assert lab.result.labels[2:] == tuple(SOLVERS)
    expected = run_experiment(with_solvers(ADVICE[0].arrangements()), deals=20, seed=3)
    assert lab.result == expected
    for label in SOLVERS:
        assert html.escape(label) in lab.table.value


def test_the_lab_runs_against_opponents_of_either_objective_and_says_so_in_its_link():
    lab = AdviceLab(deals=20, seed=3)
    lab.opponents.value = "strength"
    assert "opponents=strength" in lab.share.link
    lab.run(block=True)
    against = run_experiment(
        with_solvers(ADVICE[0].arrangements()), deals=20, seed=3, opponents="strength"
    )
    assert lab.result == against
    assert "no opponents 'luck'" in lab_app("opponents=luck").note.value


def test_two_settings_of_different_cards_are_named_and_nothing_runs():
    lab = AdviceLab(deals=20)
    lab.setting_b.value = "Ks 10s 8s 6s 3s / 9h 9d 5c 5h Qd / 7c 4d 2s"
    lab.run(block=True)
    assert lab.result is None
    assert (
        "does not use the same 13 cards" in lab.status.value
        and "nothing was run" in lab.status.value
    )
