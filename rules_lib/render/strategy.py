"""The strategy lab's results as HTML: a table of figures per setting with the
verdict, and the plots (matplotlib, only where it is installed)."""

from __future__ import annotations

import html

from ..strategy import GAMES, ExperimentResult
from .plots import experiment_svg

__all__ = ["experiment_plots_html", "experiment_table_html"]


def experiment_plots_html(result: ExperimentResult) -> str:
    """The experiment's plots; none where matplotlib is missing (the reader's browser)."""
    if result.deals < 2:
        return ""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return ""
    return "".join(experiment_svg(result, game) for game in GAMES)


def experiment_table_html(result: ExperimentResult) -> str:
    """The experiment's figures per setting and the verdict, as an HTML table."""
    if result.deals < 2:
        return ""
    rows = []
    for label in result.labels:
        cells = [html.escape(label)]
        cells += [str(result.estimate(game, label)) for game in GAMES]
        rate = result.win_rate(label)
        cells.append(f"{rate.mean:.0%} ({rate.low:.0%}–{rate.high:.0%})")
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = (
        "<tr><th>setting</th><th>Chinese Poker points per deal</th>"
        "<th>Mậu Binh units per deal</th><th>Mậu Binh settlements won</th></tr>"
    )
    first, second = result.labels[:2]
    words = {"holds": "A scores more", "fails": "B scores more", "unclear": "no clear difference"}
    verdicts = "; ".join(
        f"{game}: A − B = {result.difference(game, first, second)}, "
        f"{words[result.verdict(game, [second])]}"
        for game in GAMES
    )
    return (
        "<div style='overflow-x:auto'><table class='rl-table'>"
        f"{head}{''.join(rows)}</table></div>"
        f"<p style='margin:.3rem 0'>{html.escape(verdicts)}</p>"
    )
