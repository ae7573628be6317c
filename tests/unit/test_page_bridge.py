"""The Python half of "live in place" (tools/live/page_bridge.py), run in a fresh
CPython as the page's worker runs it in Pyodide: widgets' comm messages go to a
``post`` function, the page's messages come back through ``receive``.

Each test runs in its own interpreter, as the bridge replaces ``comm``'s hooks
and (where IPython is not imported yet) puts a stand-in ``IPython`` in
``sys.modules``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PRELUDE = """
import json, sys
sys.path.insert(0, {live!r})
import page_bridge
sent = []
page_bridge.install(lambda kind, comm_id, text, buffers: sent.append((kind, comm_id, json.loads(text), len(buffers))))
def opened(model_name):
    return [s for s in sent if s[0] == "comm_open" and s[2]["data"]["state"]["_model_name"] == model_name]
"""


def run(body: str) -> dict:
    """Run ``body`` after the prelude in a fresh interpreter; it prints one JSON line."""
    code = PRELUDE.format(live=str(ROOT / "tools" / "live")) + textwrap.dedent(body)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_widget_cell_opens_its_comms_through_post_and_needs_no_ipython() -> None:
    out = run(
        """
        (model_id,) = page_bridge.run_cell('from rules_lib.widgets import HandExplorer\\n\\nHandExplorer("Kd Kc 9s 9h Qc")')
        opens = [s for s in sent if s[0] == "comm_open"]
        print(json.dumps({
            "model_id": model_id,
            "opened": [s[1] for s in opens],
            "targets": sorted({s[2]["target_name"] for s in opens}),
            "versions": sorted({s[2]["metadata"].get("version", "") for s in opens}),
            "ipython_is_stand_in": not hasattr(sys.modules["IPython"], "__file__"),
        }))
        """
    )
    assert out["model_id"] in out["opened"]  # the shown widget's own comm, opened on the page
    assert out["targets"] == ["jupyter.widget"]
    assert out["versions"] == ["2.1.0"]
    assert out["ipython_is_stand_in"]


def _explorer_answers(typed: str, wanted: str) -> dict[str, object]:
    """Type ``typed`` into a HandExplorer's box from the page: the handler's
    error (empty when none) and whether ``wanted`` is in what comes back."""
    return run(
        f"""
        page_bridge.run_cell('from rules_lib.widgets import HandExplorer\\n\\nHandExplorer("Kd Kc 9s 9h Qc")')
        (text_box,) = [s for s in opened("TextModel")]
        sent.clear()
        error = page_bridge.receive(text_box[1], json.dumps(
            {{"method": "update", "state": {{"value": "{typed}"}}, "buffer_paths": []}}), [])
        html = " ".join(json.dumps(s[2]["data"]) for s in sent if s[0] == "comm_msg")
        print(json.dumps({{"error": error, "found": "{wanted}" in html}}))
        """
    )


def test_a_page_update_reaches_the_widget_and_its_answer_comes_back() -> None:
    out = _explorer_answers("As Ad 5c 5d 5h", "full house, fives over aces")
    assert out == {"error": "", "found": True}


def test_a_mistyped_hand_is_named_by_the_widget_not_raised() -> None:
    out = _explorer_answers("As Ad 5c 5d Xh", "Xh")
    assert out == {"error": "", "found": True}


def test_a_handler_that_raises_gives_its_error_to_the_page() -> None:
    out = run(
        """
        code = "import ipywidgets as w\\nbox = w.Text()\\nbox.observe(lambda change: 1 / 0, 'value')\\nbox"
        (model_id,) = page_bridge.run_cell(code)
        error = page_bridge.receive(model_id, json.dumps(
            {"method": "update", "state": {"value": "x"}, "buffer_paths": []}), [])
        print(json.dumps({"error": error}))
        """
    )
    assert "ZeroDivisionError" in out["error"]


def test_a_message_for_no_widget_is_named() -> None:
    out = run('print(json.dumps({"error": page_bridge.receive("nope", "{}", [])}))')
    assert out["error"] == "no widget with the id nope"


def test_a_cell_that_shows_no_widget_is_refused() -> None:
    out = run(
        """
        try:
            page_bridge.run_cell("x = 1")
        except ValueError as error:
            print(json.dumps({"error": str(error)}))
        """
    )
    assert out["error"] == "this cell shows no widget"


def test_cells_share_one_namespace_as_a_notebook_does() -> None:
    out = run(
        """
        page_bridge.run_cell("import ipywidgets as w\\nlabel = 'shared'\\nw.Label(label)")
        (model_id,) = page_bridge.run_cell("w.Label(label + ' too')")
        (state,) = [s[2]["data"]["state"] for s in sent if s[1] == model_id and s[0] == "comm_open"]
        print(json.dumps({"value": state["value"]}))
        """
    )
    assert out["value"] == "shared too"


def test_what_a_cell_displays_is_shown_in_order_before_its_value() -> None:
    out = run(
        """
        code = (
            "from IPython.display import display\\nimport ipywidgets as w\\n"
            "display(w.Label('one'))\\ndisplay(w.Label('two'))\\nw.Label('three')"
        )
        ids = page_bridge.run_cell(code)
        values = [s[2]["data"]["state"]["value"] for i in ids for s in sent if s[1] == i and s[0] == "comm_open"]
        print(json.dumps({"values": values}))
        """
    )
    assert out["values"] == ["one", "two", "three"]


def test_a_cell_ending_in_display_shows_what_it_displays() -> None:
    out = run(
        """
        code = "from IPython.display import display\\nimport ipywidgets as w\\ndisplay(w.Label('a'), w.Label('b'))"
        ids = page_bridge.run_cell(code)
        values = [s[2]["data"]["state"]["value"] for i in ids for s in sent if s[1] == i and s[0] == "comm_open"]
        print(json.dumps({"values": values}))
        """
    )
    assert out["values"] == ["a", "b"]


def test_warm_up_imports_every_widget_module() -> None:
    out = run(
        """
        left_out = page_bridge.warm_up("rules_lib.widgets")
        import rules_lib.widgets as w
        print(json.dumps({"left_out": left_out,
                          "loaded": all(f"rules_lib.widgets.{m}" in sys.modules
                                        for m in ("card_table", "tien_len_widgets", "tredici_widgets"))}))
        """
    )
    assert out == {"left_out": [], "loaded": True}


def test_warm_up_needs_no_ipython_and_leaves_nothing_out() -> None:
    """In the browser there is no IPython: warm-up, which runs before ``install``,
    puts the stand-in in place first, so every widget module imports."""
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT / 'tools' / 'live')!r})\n"
        "sys.modules['IPython'] = None  # as absent as in the browser: an import fails\n"
        "del sys.modules['IPython']\n"
        "import builtins\n"
        "real_import = builtins.__import__\n"
        "def no_ipython(name, *args, **kwargs):\n"
        "    if name.split('.')[0] == 'IPython' and 'IPython' not in sys.modules:\n"
        "        raise ImportError('no IPython here')\n"
        "    return real_import(name, *args, **kwargs)\n"
        "builtins.__import__ = no_ipython\n"
        "import page_bridge\n"
        "left_out = page_bridge.warm_up('rules_lib.widgets')\n"
        "print(json.dumps({'left_out': left_out, 'stand_in': not hasattr(sys.modules['IPython'], '__file__')}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == {"left_out": [], "stand_in": True}


def test_reseed_gives_every_generator_seeded_at_import_a_fresh_state() -> None:
    """A memory snapshot restores Python's random state as it was when it was taken:
    every visit would deal the same "new" deal.  ``reseed`` (run after every start)
    seeds ``random``'s own generator and a module's own ``random.Random`` afresh."""
    out = run(
        """
        import random, types
        module = types.ModuleType("dealer")
        module.rng = random.Random(1)
        sys.modules["dealer"] = module
        random.seed(1)
        snapshot = (random.getstate(), module.rng.getstate())
        firsts = []
        for _ in range(2):  # two "visits" restored from the same snapshot
            random.setstate(snapshot[0]); module.rng.setstate(snapshot[1])
            seeded = page_bridge.reseed("00ff" * 16)
            firsts.append((random.randrange(10**6), module.rng.randrange(10**6)))
        print(json.dumps({"seeded": seeded, "firsts": firsts}))
        """
    )
    assert out["seeded"] >= 2
    (global_1, own_1), (global_2, own_2) = out["firsts"]
    assert global_1 != global_2 and own_1 != own_2


def test_a_chapter_widget_deals_what_the_page_address_asks() -> None:
    """Live in a page opened as ``…?seed=42&rules=house``, a game with a link to its
    deal deals that game (``follow_link`` with the build's follow function); a link it
    cannot use is named; another widget is left as it is."""
    out = run(
        """
        follow = "rules_lib.widgets.share_widgets:follow_page_link"
        page_bridge.run_cell("from rules_lib.widgets import TrediciGame\\n\\ngame = TrediciGame(seed=144)\\ngame")
        note = page_bridge.follow_link("seed=42&rules=house", follow)
        game = page_bridge._namespace["game"]
        page_bridge.run_cell("from rules_lib.widgets import HandExplorer\\n\\nHandExplorer('Kd Kc 9s 9h Qc')")
        other = page_bridge.follow_link("seed=42&rules=house", follow)
        page_bridge.run_cell("TrediciGame(seed=144)")
        bad = page_bridge.follow_link("rules=poker", follow)
        print(json.dumps({"note": note, "seed": game.seed.value, "rules": game.rules.value,
                          "link": game.share.link, "app": game.share.app, "other": other, "bad": bad}))
        """
    )
    assert out["note"] == "" and out["other"] == ""
    assert (out["seed"], out["rules"], out["link"]) == (42, "house", "?seed=42&rules=house")
    # a copied link opens <site>/apps/tredici.html?seed=42&rules=house
    assert out["app"] == "tredici"
    assert "the link asks for rules 'poker'" in out["bad"]
