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

from rules_lib.widgets.share_widgets import read_app_link, wait_for_student
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
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "seed=9")
    wait_for_student()  # returns at once
    assert read_app_link(None).seed == 9
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    assert read_app_link(None).seed == 9


def test_in_a_preheated_kernel_the_app_waits_for_its_student(monkeypatch):
    import voila.utils

    asked = []

    def wait_for_request():
        asked.append(True)
        os.environ["QUERY_STRING"] = "seed=31"  # what Voila sets when the student arrives

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setattr(voila.utils, "wait_for_request", wait_for_request)
    assert read_app_link(None).seed == 31 and asked == [True]


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
