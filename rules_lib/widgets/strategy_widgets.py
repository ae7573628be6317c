"""The strategy lab: run an advice experiment on any hand, with progress and cancel.

The simulation runs in a background thread so the page stays responsive:
the progress bar moves, **Cancel** stops it after the current chunk of
deals, and the result so far is shown.
"""

from __future__ import annotations

import html
import sys
import threading
import time
from collections.abc import Sequence

import ipywidgets as widgets

from ..errors import RulesError
from ..render import cards_html, message_html
from ..render.strategy import experiment_plots_html, experiment_table_html
from ..setting.rows import ROWS, Arrangement
from ..share import DealLink, make_query
from ..strategy import ADVICE, ExperimentResult, run_experiment, with_solvers
from .share_widgets import AppBox, ShareLink, deal_number, link_choice, set_controls

__all__ = ["AdviceLab", "lab_app"]

# In the reader's browser (JupyterLite's Pyodide) there are no threads: the lab then
# runs while the button waits, and shows no progress.
_THREADS = sys.platform != "emscripten"

_OWN = "(your own hand)"

#: How the opponents may set their hands: objective -> what the menu says.
OPPONENTS = {
    "by expected points (the book's bots)": "expected",
    "by the rows' strength (the old solver)": "strength",
}


class AdviceLab(widgets.VBox):  # type: ignore[misc]
    """Compare two ways to set one hand against many solver-set opponents.

    >>> lab = AdviceLab(deals=40)
    >>> lab.run(block=True)
    >>> lab.result.deals, "95% CI" in lab.table.value
    (40, True)
    >>> lab.setting_a.value = "As Ks / 2c"
    >>> lab.run(block=True)
    >>> "back / middle / front" in lab.status.value
    True
    """

    def __init__(self, advice: str = ADVICE[0].key, deals: int = 500, seed: int = 1) -> None:
        self.choice = widgets.Dropdown(
            options=[(a.title, a.key) for a in ADVICE] + [(_OWN, _OWN)],
            value=advice,
            description="Advice",
            layout=widgets.Layout(width="calc(100% - 1rem)", max_width="34rem"),
        )
        text_layout = widgets.Layout(width="calc(100% - 1rem)", max_width="34rem")
        self.label_a = widgets.Text(description="Setting A", layout=text_layout)
        self.setting_a = widgets.Text(description="cards", layout=text_layout)
        self.label_b = widgets.Text(description="Setting B", layout=text_layout)
        self.setting_b = widgets.Text(description="cards", layout=text_layout)
        self.deals = widgets.BoundedIntText(
            value=deals, min=10, max=20_000, step=100, description="Deals"
        )
        self.seed = deal_number(seed, "Seed", width=None)
        self.opponents = widgets.Dropdown(
            options=list(OPPONENTS.items()),
            value="expected",
            description="Opponents",
            layout=widgets.Layout(width="calc(100% - 1rem)", max_width="34rem"),
        )
        self.run_button = widgets.Button(description="Run", button_style="primary")
        self.cancel_button = widgets.Button(description="Cancel", disabled=True)
        self.progress = widgets.IntProgress(
            value=0, min=0, max=1, description="", layout=widgets.Layout(width="calc(100% - 1rem)")
        )
        self.status = widgets.HTML()
        self.share = ShareLink()
        self.pictures = widgets.HTML()
        self.table = widgets.HTML()
        self.plot = widgets.HTML()
        self.result: ExperimentResult | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.choice.observe(lambda _c: self._load(), names="value")
        for control in (self.choice, self.deals, self.seed, self.opponents):
            control.observe(lambda _c: self._update_link(), names="value")
        self.run_button.on_click(lambda _b: self.run())
        self.cancel_button.on_click(lambda _b: self._stop.set())
        help_text = widgets.HTML(
            "<p style='margin:.2rem 0'>Write each setting as <code>back / middle / front</code>; "
            "both must use the same 13 cards. Each deal gives the other 39 cards to three "
            "opponents who set them with the solver; both settings meet the same opponents, "
            "and so do the solver's own settings of your hand, shown beside them.</p>"
        )
        super().__init__(
            [
                self.choice,
                help_text,
                self.label_a,
                self.setting_a,
                self.label_b,
                self.setting_b,
                widgets.HBox([self.deals, self.seed], layout=widgets.Layout(flex_flow="row wrap")),
                self.opponents,
                widgets.HBox([self.run_button, self.cancel_button]),
                self.progress,
                self.status,
                self.share,
                self.pictures,
                self.table,
                self.plot,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self.add_class("rl-advice-lab")
        self._load()
        self._update_link()

    def _update_link(self) -> None:
        extra = {"deals": str(self.deals.value)}
        if self.opponents.value != "expected":
            extra["opponents"] = self.opponents.value
        if self.choice.value != _OWN:
            extra["advice"] = self.choice.value
        self.share.update(make_query(self.seed.value, **extra))

    def _load(self) -> None:
        if self.choice.value == _OWN:
            return
        advice = next(a for a in ADVICE if a.key == self.choice.value)
        (la, sa), (lb, sb) = list(advice.options.items())[:2]
        self.label_a.value, self.setting_a.value = la, sa
        self.label_b.value, self.setting_b.value = lb, sb
        self.status.value = message_html(f"{advice.heading}: {advice.advice}", "info")
        self.pictures.value = ""

    def _settings(self) -> dict[str, Arrangement]:
        a = Arrangement.parse(self.setting_a.value)
        b = Arrangement.parse(self.setting_b.value)
        names = (self.label_a.value.strip() or "A", self.label_b.value.strip() or "B")
        if names[0] == names[1]:
            names = (names[0] + " (A)", names[1] + " (B)")
        for name, arr in zip(names, (a, b), strict=True):
            if arr.is_misset():
                raise RulesError(f"{name} is {arr.misset_reason()}")
        if set(a.cards) != set(b.cards):
            raise RulesError(f"{names[1]} does not use the same 13 cards as {names[0]}")
        return with_solvers({names[0]: a, names[1]: b})

    def run(self, block: bool = False) -> None:
        """Start the experiment (in a thread unless ``block``)."""
        if self._thread is not None and self._thread.is_alive():
            self.status.value = message_html("Already running: wait, or press Cancel.", "info")
            return
        try:
            settings = self._settings()
        except RulesError as error:
            self.status.value = message_html(f"{error} (nothing was run)")
            return
        self.pictures.value = "".join(
            f"<h4 style='margin:.4rem 0 0'>{html.escape(name)}</h4>"
            + "".join(
                cards_html(arr.row(r), label=str(v))
                for r, v in zip(ROWS, arr.values(), strict=True)
            )
            for name, arr in settings.items()
        )
        self._stop.clear()
        self.progress.max = self.deals.value
        self.progress.value = 0
        self.run_button.disabled = True
        self.cancel_button.disabled = False
        self.status.value = message_html("Running…", "info")
        if block or not _THREADS:
            self._work(settings)
        else:
            self._thread = threading.Thread(target=self._work, args=(settings,), daemon=True)
            self._thread.start()

    def _work(self, settings: dict[str, Arrangement]) -> None:
        start = time.perf_counter()
        try:
            result = run_experiment(
                settings,
                deals=self.deals.value,
                seed=self.seed.value,
                progress=lambda done, _total: setattr(self.progress, "value", done),
                should_stop=self._stop.is_set,
                chunk=25,
                opponents=self.opponents.value,
            )
            self.result = result
            seconds = time.perf_counter() - start
            self.table.value = experiment_table_html(result)
            self.plot.value = experiment_plots_html(result)
            note = (
                "Cancelled: the figures cover the deals played so far. " if result.cancelled else ""
            )
            self.status.value = message_html(
                f"{note}{result.deals:,} deals in {seconds:.1f} s (seed {self.seed.value}).", "info"
            )
        except RulesError as error:  # pragma: no cover - settings are checked first
            self.status.value = message_html(str(error))
        finally:
            self.run_button.disabled = False
            self.cancel_button.disabled = True


def lab_app(query: str | None = None) -> AppBox:
    """The strategy-lab app, set as its link asks
    (``?seed=7&advice=five-pairs&deals=800&opponents=strength``).

    >>> app = lab_app("seed=7&advice=five-pairs&deals=800&opponents=strength")
    >>> app.lab.seed.value, app.lab.choice.value, app.lab.deals.value, app.lab.opponents.value
    (7, 'five-pairs', 800, 'strength')
    >>> "'big'" in lab_app("advice=big").note.value
    True
    """
    lab = AdviceLab()
    keys = [a.key for a in ADVICE]

    def follow(link: DealLink) -> Sequence[str]:
        problems = list(link.problems)
        advice = link_choice(link, "advice", keys, problems, "advice")
        deals = link.get("deals")
        if deals is not None and not (deals.isdigit() and 10 <= int(deals) <= 20_000):
            problems.append(f"deals must be a whole number from 10 to 20,000, not {deals!r}")
            deals = None
        opponents = link_choice(link, "opponents", list(OPPONENTS.values()), problems, "opponents")
        set_controls(
            (lab.opponents, opponents),
            (lab.choice, advice),
            (lab.deals, None if deals is None else int(deals)),
            (lab.seed, link.seed),
        )
        return problems

    return AppBox(query, (), follow, [lab], lab=lab)
