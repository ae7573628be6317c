"""Plots for the book (matplotlib, imported only when a plot is drawn).

Figures are returned as SVG text so a page or a widget can show them
without files; colours come in pairs that stay distinct for colour-blind
readers, and every plot carries a title and labelled axes.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..games import find_game

if TYPE_CHECKING:  # pragma: no cover
    from ..strategy import Estimate, ExperimentResult

__all__ = ["bar_chart_svg", "experiment_svg", "figure_svg", "intervals_svg"]

PALETTE = ("#1f5fa8", "#d9822b", "#3a8f5c", "#8e44ad", "#7f7f7f")


def figure_svg(fig: Any) -> str:
    """The figure as an inline SVG string (no XML header), then closed."""
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    start = text.find("<svg")
    svg = text[start:]
    # scale with the page: a phone shows the whole plot
    return svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)


def _figure(width: float, height: float) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "thirteen"  # stable ids: the same figure, the same text
    return plt.subplots(figsize=(width, height))


def experiment_svg(result: ExperimentResult, game: str, title: str = "") -> str:
    """Points per deal of each arrangement, with 95% confidence intervals."""
    fig, ax = _figure(4.8, 0.9 + 0.7 * len(result.labels))
    labels = list(result.labels)
    for i, label in enumerate(labels):
        est = result.estimate(game, label)
        ax.errorbar(
            [est.mean],
            [i],
            xerr=[[est.mean - est.low], [est.high - est.mean]],
            fmt="o",
            color=PALETTE[i % len(PALETTE)],
            capsize=5,
            markersize=7,
        )
    ax.axvline(0, color="#999999", linewidth=1)
    ax.set_yticks(range(len(labels)), [textwrap.fill(t, 18) for t in labels], fontsize=11)
    ax.invert_yaxis()
    unit = "points" if game == find_game("chinese_poker").name else "units"
    ax.set_xlabel(f"{unit} per deal, 95% CI", fontsize=11)
    ax.set_title(title or f"{game}, {result.deals:,} deals", fontsize=12)
    ax.grid(axis="x", alpha=0.3)
    return figure_svg(fig)


def intervals_svg(rows: Sequence[tuple[str, Estimate]], *, title: str, xlabel: str) -> str:
    """One mean with its 95% confidence interval per row, against a line at 0:
    a row whose interval lies right of the line is clearly above zero."""
    fig, ax = _figure(5.2, 0.9 + 0.55 * len(rows))
    for i, (_label, est) in enumerate(rows):
        colour = PALETTE[0] if est.low > 0 else PALETTE[1] if est.high < 0 else PALETTE[4]
        ax.errorbar(
            [est.mean],
            [i],
            xerr=[[est.mean - est.low], [est.high - est.mean]],
            fmt="o",
            color=colour,
            capsize=5,
            markersize=7,
        )
    ax.axvline(0, color="#999999", linewidth=1)
    ax.set_yticks(range(len(rows)), [textwrap.fill(label, 24) for label, _ in rows], fontsize=10)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel, fontsize=11)
    ax.set_title(title, fontsize=12)
    ax.grid(axis="x", alpha=0.3)
    return figure_svg(fig)


def bar_chart_svg(
    labels: Sequence[str],
    series: dict[str, Sequence[float]],
    *,
    title: str,
    xlabel: str,
    log: bool = False,
    legend: str = "lower right",
) -> str:
    """Horizontal bars, one group per label, one bar per series (e.g. exact vs
    simulated); ``legend`` is where the key goes (a matplotlib location)."""
    fig, ax = _figure(6.0, 0.8 + 0.42 * len(labels) * max(1, len(series)) ** 0.5)
    height = 0.8 / max(1, len(series))
    for k, (name, values) in enumerate(series.items()):
        ax.barh(
            [i + k * height for i in range(len(labels))],
            list(values),
            height=height,
            label=name,
            color=PALETTE[k % len(PALETTE)],
        )
    ax.set_yticks([i + height * (len(series) - 1) / 2 for i in range(len(labels))], list(labels))
    ax.invert_yaxis()
    if log:
        ax.set_xscale("log")
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=11)
    if len(series) > 1:
        ax.legend(loc=legend, fontsize=9)
    ax.grid(axis="x", alpha=0.3)
    return figure_svg(fig)
