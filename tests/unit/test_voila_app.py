"""Voila for a class (tools/voila_app.py): kernels started before the class
arrives (``make app STUDENTS=30``) for the chosen apps, a line when they are
warm, and an app that waits for its student's link only in such a kernel."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
from contextlib import redirect_stdout

import pytest

from rules_lib.score_sheet import ScoreSheet
from rules_lib.setting import deal
from rules_lib.showdown import RULESETS, bot_arrangement
from rules_lib.widgets.share_widgets import wait_for_student
from tools.voila_app import announce_when_warm, apps_in, pool_options, voila_command, warm_kernels


def test_no_students_means_no_pool():
    assert pool_options("book/apps", 0) == []
    assert "--preheat_kernel=True" not in voila_command("book/apps")


def test_students_warm_every_app_unless_some_are_chosen():
    every = pool_options("book/apps", 30)
    assert every[:2] == ["--preheat_kernel=True", "--pool_size=30"]
    assert every[2] == "--VoilaKernelManager.preheat_denylist=[]"
    chosen = pool_options("book/apps", 5, ["arrange_13", "tien_len"])
    denied = chosen[2]
    assert "arrange_13" not in denied and "tien_len" not in denied
    assert all(
        f"{a}.ipynb" in denied for a in apps_in("book/apps") if a not in ("arrange_13", "tien_len")
    )
    assert chosen[:2] == ["--preheat_kernel=True", "--pool_size=5"]
    assert all(option in voila_command("book/apps", pool=chosen) for option in chosen)


def test_an_unknown_class_app_is_named_with_the_apps_there_are():
    with pytest.raises(SystemExit, match="no app poker in book/apps; the apps are: arrange_13"):
        pool_options("book/apps", 3, ["poker"])


def test_the_ready_line_comes_when_enough_kernels_wait(tmp_path):
    stop = threading.Event()
    out = io.StringIO()
    (tmp_path / "k1").touch()
    result: list[bool] = []
    with redirect_stdout(out):
        thread = threading.Thread(
            target=lambda: result.append(
                announce_when_warm(tmp_path, 2, ["tien_len", "tredici"], 1, stop)
            )
        )
        thread.start()
        time.sleep(0.7)
        assert "Ready" not in out.getvalue() and warm_kernels(tmp_path) == 1
        (tmp_path / "k2").touch()
        thread.join(10)
    assert result == [True]
    assert out.getvalue() == (
        "Ready for the class: 1 kernel is warm for each of tien_len, tredici (2 in all).\n"
    )


def test_an_app_reads_its_link_at_once_outside_a_preheated_kernel(monkeypatch):
    from rules_lib.widgets.tredici_widgets import tredici_app

    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "seed=9")
    wait_for_student()  # returns at once
    app = tredici_app()
    assert app.game.seed.value == 9 and not app.waiting
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    assert tredici_app().game.seed.value == 9
    app.follow_link()  # nothing to wait for: the link was followed when the app was made
    assert app.game.seed.value == 9


def _student_arrives(monkeypatch, query: str) -> list[bool]:
    """A preheated kernel whose student, when waited for, arrives with ``query``."""
    import voila.utils

    asked: list[bool] = []

    def wait_for_request():
        asked.append(True)
        os.environ["QUERY_STRING"] = query  # what Voila sets when the student arrives

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setattr(voila.utils, "wait_for_request", wait_for_request)
    return asked


def test_in_a_preheated_kernel_the_app_is_made_first_then_waits_for_its_student(monkeypatch):
    from rules_lib.widgets.tredici_widgets import tredici_app

    asked = _student_arrives(monkeypatch, "seed=31")
    app = tredici_app()
    assert app.waiting and asked == [] and app.game.seed.value == 1
    app.follow_link()
    assert asked == [True] and not app.waiting and app.game.seed.value == 31
    assert app.game.share.link == "?seed=31&rules=source"


def _page(widget) -> list[tuple[str, dict]]:
    """Everything a page shows of ``widget``: each widget of its tree in order,
    with its state (model ids, which differ between two makings, left out)."""
    import ipywidgets

    out = []
    state = widget.get_state()
    out.append(
        (
            type(widget).__name__,
            {
                k: v
                for k, v in state.items()
                if k not in ("children", "layout", "style", "tooltip")
                and not (isinstance(v, str) and v.startswith("IPY_MODEL_"))
            },
        )
    )
    for child in getattr(widget, "children", ()):
        if isinstance(child, ipywidgets.Widget):
            out += _page(child)
    return out


def _made_for(name: str, **settings):
    """A game widget made with ``settings`` (what a link asks), not through its app."""
    import importlib

    module, cls = name.rsplit(".", 1)
    return getattr(importlib.import_module(f"rules_lib.widgets.{module}"), cls)(**settings)


def _sheet() -> ScoreSheet:
    """An evening of three deals of Chinese Poker between three players."""
    game, rules = RULESETS["Chinese Poker (source rules)"]
    sheet = ScoreSheet("cp-source", ("An", "Bình", "Chi"))
    for seed in (1, 2, 3):
        sheet = sheet.settle([str(bot_arrangement(h, game, rules)) for h in deal(seed, players=3)])
    return sheet


_SHEET = _sheet()

# (app, link, the app's part, the widget that part must equal, made for the link's settings)
APP_LINKS = [
    (
        "arrange_widgets.showdown_app",
        "seed=42&rules=mb-source",
        "showdown",
        ("arrange_widgets.Showdown", {"seed": 42, "ruleset": "Mậu Binh (source rules)"}),
    ),
    (
        "arrange_widgets.showdown_app",
        "seed=x&rules=nope",
        "showdown",
        ("arrange_widgets.Showdown", {"seed": 1}),
    ),
    (
        "strategy_widgets.lab_app",
        "seed=7&advice=five-pairs&deals=800",
        "lab",
        ("strategy_widgets.AdviceLab", {"seed": 7, "advice": "five-pairs", "deals": 800}),
    ),
    ("strategy_widgets.lab_app", "advice=big&deals=3", "lab", ("strategy_widgets.AdviceLab", {})),
    (
        "tien_len_widgets.tien_len_app",
        "seed=7&rules=standard&against=random",
        "game",
        (
            "tien_len_widgets.TienLenGame",
            {"seed": 7, "preset": "standard", "opponents": "random", "sync_address": True},
        ),
    ),
    (
        "tien_len_widgets.tien_len_app",
        "seed=12",
        "game",
        ("tien_len_widgets.TienLenGame", {"seed": 12, "sync_address": True}),
    ),
    (
        "tien_len_widgets.tien_len_app",
        "against=greedy",
        "game",
        ("tien_len_widgets.TienLenGame", {"opponents": "greedy", "sync_address": True}),
    ),
    (
        "three_thirteen_widgets.three_thirteen_app",
        "seed=7&rules=variations&bots=2",
        "game",
        (
            "three_thirteen_widgets.ThreeThirteenGame",
            {"seed": 7, "bots": 2, "preset": "variations", "sync_address": True},
        ),
    ),
    (
        "three_thirteen_widgets.three_thirteen_app",
        "seed=7&rules=variations&bots=2",
        "practice",
        ("three_thirteen_widgets.MeldThisHand", {"seed": 7, "preset": "variations"}),
    ),
    (
        "three_thirteen_widgets.three_thirteen_app",
        "bots=9",
        "game",
        ("three_thirteen_widgets.ThreeThirteenGame", {"sync_address": True}),
    ),
    (
        "tredici_widgets.tredici_app",
        "seed=144&rules=house",
        "game",
        ("tredici_widgets.TrediciGame", {"seed": 144, "rules": "house", "sync_address": True}),
    ),
    (
        "tredici_widgets.tredici_app",
        "",
        "game",
        ("tredici_widgets.TrediciGame", {"sync_address": True}),
    ),
    (
        "score_sheet_widgets.score_sheet_app",
        _SHEET.to_query(),
        "sheet",
        ("score_sheet_widgets.ScoreSheetWidget", {"sheet": _SHEET, "sync_address": True}),
    ),
    (
        "score_sheet_widgets.score_sheet_app",
        "rules=nope&player=An",
        "sheet",
        ("score_sheet_widgets.ScoreSheetWidget", {"sync_address": True}),
    ),
]


@pytest.mark.parametrize(("app", "query", "part", "expected"), APP_LINKS)
def test_a_preheated_app_shows_its_student_what_a_widget_made_for_the_link_shows(
    monkeypatch, app, query, part, expected
):
    import importlib

    module, function = app.rsplit(".", 1)
    make = getattr(importlib.import_module(f"rules_lib.widgets.{module}"), function)
    _student_arrives(monkeypatch, query)
    warm = make()
    warm.follow_link()
    assert _page(getattr(warm, part)) == _page(_made_for(expected[0], **expected[1]))
    monkeypatch.delenv("VOILA_PREHEAT")  # and the same for a kernel started for the student
    assert _page(make()) == _page(warm)


def test_a_waiting_kernel_is_counted_until_its_student_arrives(monkeypatch, tmp_path):
    import voila.utils

    seen = []
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_KERNEL_ID", "abc")
    monkeypatch.setenv("THIRTEEN_WARM_DIR", str(tmp_path))
    monkeypatch.setattr(
        voila.utils, "wait_for_request", lambda: seen.append(warm_kernels(tmp_path))
    )
    wait_for_student()
    assert seen == [1] and warm_kernels(tmp_path) == 0


def test_an_app_imports_only_its_own_game():
    code = (
        "import sys; from rules_lib.widgets.tien_len_widgets import tien_len_app; "
        "print(sorted(m for m in sys.modules if m.startswith('rules_lib.widgets.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "tien_len_widgets" in out.stdout
    for other in ("tredici_widgets", "three_thirteen_widgets", "strategy_widgets"):
        assert other not in out.stdout
