"""The comparison's tables and figures: markdown renderings and the frontier figure.

The analysis they render (frontiers, best methods, winner shares) is in :mod:`nsp.notions`;
these functions turn its frames into the markdown and the figures the notebooks of
``notebooks/compare/`` write beside their CSVs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from nsp._atomic import atomic_path
from nsp._validation import as_sequence, check_choice, check_frame, check_int, check_real
from nsp.notions import LEAKAGES, METHODS, UTILITIES, frontiers
from nsp.paths import figure_path

__all__ = ["SHORT", "frontier_figure", "markdown_table", "save_markdown", "shares_markdown"]


#: Short names of the methods for tables.
SHORT: dict[str, str] = dict(
    zip(
        METHODS.values(),
        [
            "D&F Alg. 1",
            "D&F Alg. 2",
            "D&F §V-C",
            "funnel Alg. 1",
            "funnel Alg. 2′",
            "funnel ratio",
            "quantizer",
            "Γ(D) sanitizer",
            "k-RR",
            "exp. mechanism",
            "k-anon. merge-low",
            "k-anon. intervals",
        ],
        strict=True,
    )
)


def _short(who: str, status: str = "won") -> str:
    names = [SHORT.get(w, w) for w in who.split(" = ")] if who else []
    if status != "won":
        inner = f"{len(names)} methods" if len(names) > 3 else " / ".join(names)
        return f"undecided ({inner})"
    if len(names) > 3:
        return f"tie of {len(names)}"
    return " = ".join(names) if names else "none"


def _fmt(x: float) -> str:
    return f"{x:.3g}" if math.isfinite(x) else str(x)


def markdown_table(best: pd.DataFrame, *, min_width: float = 0.01) -> str:
    """Render a best-methods table as markdown: one row per (utility, notion).

    Each row lists the winners (short names, :data:`SHORT`; four or more tied methods as
    "tie of n") in order of increasing utility-loss budget, with the budget range of each
    (``[from, to)``, in the utility's units); a range the data cannot decide (status
    ``"undecided"``) reads "undecided (the methods it cannot separate)". Ranges narrower than
    ``min_width`` times the span of the budgets are left out (their winner is still in the
    CSV of :func:`nsp.notions.best_methods_summary`).

    Parameters
    ----------
    best : pandas.DataFrame
        Output of :func:`nsp.notions.best_methods_summary`.
    min_width : float
        Relative width below which a range is left out (in ``[0, 1)``).

    Returns
    -------
    str
        A markdown table (no trailing newline).

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "b"], "maximal_leakage": [1.0, 0.5],
    ...                   "information_loss": [0.0, 1.0]})
    >>> from nsp.notions import best_methods_summary
    >>> print(markdown_table(best_methods_summary(f, leakages=["maximal_leakage"],
    ...                                           utilities=["information_loss"])))
    | utility loss | leakage notion | best method (budget range of the loss) |
    |---|---|---|
    | information loss H(X) − I(X;Y) | maximal leakage L(S→Y) | a [0, 1) · b [1, 1] |
    """
    check_frame("best", best)
    min_width = check_real("min_width", min_width, low=0.0, high=1.0, closed="left")
    lines = [
        "| utility loss | leakage notion | best method (budget range of the loss) |",
        "|---|---|---|",
    ]
    for (util, leak), grp in best.groupby(["utility_kind", "leakage_notion"], sort=False):
        parts: list[tuple[str, float, float, bool]] = []
        lo = grp["loss_from"].to_numpy(dtype=float)
        hi = grp["loss_to"].to_numpy(dtype=float)
        span = float(hi.max() - lo.min())
        statuses = grp["status"].astype(str).to_numpy()
        for i, who_raw in enumerate(grp["best"].astype(str)):
            closed = i == len(grp) - 1
            if not closed and hi[i] - lo[i] < min_width * span:
                continue
            who = _short(who_raw, statuses[i])
            if parts and parts[-1][0] == who:
                parts[-1] = (who, parts[-1][1], float(hi[i]), closed)
                continue
            parts.append((who, float(lo[i]), float(hi[i]), closed))
        text = [f"{w} [{_fmt(a)}, {_fmt(b)}{']' if c else ')'}" for w, a, b, c in parts]
        util_label = UTILITIES.get(str(util), str(util)).replace("|", "\\|")
        lines.append(f"| {util_label} | {LEAKAGES.get(str(leak), leak)} | {' · '.join(text)} |")
    return "\n".join(lines)


def save_markdown(text: str, key: str) -> Path:
    """Write a markdown rendering beside the figures, as ``figures/<key>.md`` (atomically).

    Parameters
    ----------
    text : str
        The markdown (a trailing newline is added).
    key : str
        ``"<folder>/<name>"``, as for :func:`nsp.plotting.save_table`.

    Returns
    -------
    pathlib.Path
        The written file.

    Examples
    --------
    >>> import os, tempfile
    >>> os.environ["NSP_FIGURES_DIR"] = tempfile.mkdtemp()
    >>> save_markdown("| a |", "demo/table").name
    'table.md'
    >>> del os.environ["NSP_FIGURES_DIR"]
    """
    if not isinstance(text, str):
        raise ValueError(f"text must be a string; got {type(text).__name__}")
    if not isinstance(key, str):
        raise ValueError(f"key must be a string '<folder>/<name>'; got {key!r}")
    target = figure_path(key, ".md")
    with atomic_path(target) as tmp:
        tmp.write_text(text.rstrip("\n") + "\n", encoding="utf-8")
    return target


def shares_markdown(shares: dict[str, pd.DataFrame], *, top: int = 2) -> str:
    """Render winner shares of several (dataset, utility) columns as one markdown table.

    One row per leakage notion; one column per key of ``shares`` (e.g. ``"heart: MMSE"``),
    each a :func:`nsp.notions.winner_shares` frame restricted to one utility. A cell lists the
    ``top`` methods with the largest share of wins the data back (short names, percent of the
    budget range; shares under 0.5% are left out), then the share the data cannot decide
    ("undecided").

    Parameters
    ----------
    shares : dict of str to pandas.DataFrame
        Column title to :func:`nsp.notions.winner_shares` rows of one utility.
    top : int
        Methods per cell (``>= 1``).

    Returns
    -------
    str
        A markdown table (no trailing newline).

    Examples
    --------
    >>> w = pd.DataFrame({"utility_kind": "information_loss",
    ...                   "leakage_notion": "maximal_leakage",
    ...                   "method": ["a", "b", "undecided"], "share": [0.5, 0.25, 0.25]})
    >>> print(shares_markdown({"toy": w}))
    | leakage notion | toy |
    |---|---|
    | maximal leakage L(S→Y) | a 50% · b 25% · undecided 25% |
    """
    top = check_int("top", top, low=1)
    if not isinstance(shares, dict) or not shares:
        raise ValueError("shares must be a non-empty dict of column title to DataFrame")
    titles = list(shares)
    lines = [
        "| leakage notion | " + " | ".join(titles) + " |",
        "|---|" + "---|" * len(titles),
    ]
    for leak, label in LEAKAGES.items():
        cells = []
        for t in titles:
            sub = shares[t][(shares[t]["leakage_notion"] == leak) & (shares[t]["share"] >= 0.005)]
            open_ = sub[sub["method"] == "undecided"]
            sub = pd.concat([sub[sub["method"] != "undecided"].head(top), open_])
            cells.append(
                " · ".join(
                    f"{_short(str(m)) if m != 'undecided' else m} {100 * float(v):.0f}%"
                    for m, v in zip(sub["method"], sub["share"], strict=True)
                )
                or "—"
            )
        if any(c != "—" for c in cells):
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


#: One colour and marker per method, the same in every figure.
_STYLE: dict[str, tuple[str, str]] = dict(
    zip(
        METHODS.values(),
        zip(
            [
                "#0072B2",
                "#56B4E9",
                "#009E73",
                "#D55E00",
                "#E69F00",
                "#CC79A7",
                "#000000",
                "#999999",
                "#882255",
                "#44AA99",
                "#AA4499",
                "#117733",
            ],
            ["o", "s", "D", "v", "^", "<", "P", "X", "*", "h", ">", "p"],
            strict=True,
        ),
        strict=True,
    )
)


def frontier_figure(
    frame: pd.DataFrame,
    *,
    utility: str,
    leakages: Sequence[str] = tuple(LEAKAGES),
    title: str = "",
    ncols: int = 4,
    unit: str = "bits",
) -> tuple[Figure, pd.DataFrame]:
    """Draw all methods' frontiers for one utility loss, one panel per leakage notion.

    Each method's frontier (:func:`nsp.notions.frontiers`) is a step line (least leakage at most
    that loss) with its releases as markers and, when ``frame`` carries intervals
    (:func:`nsp.notions.evaluate_methods` with ``ci``), the band of their intervals in the
    method's colour; a panel without any finite point says so.

    Parameters
    ----------
    frame : pandas.DataFrame
        Output of :func:`nsp.notions.evaluate_methods`.
    utility : str
        A key of :data:`nsp.notions.UTILITIES` (the x axis of every panel).
    leakages : sequence of str
        The notions, one panel each.
    title : str
        Figure title.
    ncols : int
        Panels per row.
    unit : str
        Unit of the leakages (the y label of every panel).

    Returns
    -------
    (matplotlib.figure.Figure, pandas.DataFrame)
        The figure and the plotted points (``leakage_notion`` then the columns of
        :func:`nsp.notions.frontiers`, with the intervals).

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "a"], "parameter": "k", "value": [1, 2],
    ...                   "maximal_leakage": [1.0, 0.5], "information_loss": [0.0, 1.0]})
    >>> fig, data = frontier_figure(f, utility="information_loss", leakages=["maximal_leakage"])
    >>> len(data), len(fig.axes)
    (2, 1)
    """
    check_frame("frame", frame, what="a pandas DataFrame (see nsp.notions.evaluate_methods)")
    check_choice("utility", utility, tuple(UTILITIES))
    leakages = as_sequence("leakages", leakages)
    for i, leak in enumerate(leakages):
        check_choice(f"leakages[{i}]", leak, tuple(LEAKAGES))
    ncols = check_int("ncols", ncols, low=1)
    leaks = [leak for leak in leakages if leak in frame.columns]
    if not leaks:
        raise ValueError("leakages must name at least one column of frame")
    ncols = min(int(ncols), len(leaks))
    nrows = math.ceil(len(leaks) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(3.4 * ncols, 2.9 * nrows + 0.9), squeeze=False)
    data = []
    handles: dict[str, object] = {}
    for ax, leak in zip(axes.flat, leaks, strict=False):
        front = frontiers(frame, leakage=leak, utility=utility)
        for method, grp in front.groupby("method", sort=False):
            colour, marker = _STYLE.get(str(method), ("#555555", "."))
            if grp["leakage_low"].notna().any():
                ax.fill_between(
                    grp["loss"],
                    grp["leakage_low"],
                    grp["leakage_high"],
                    step="post",
                    color=colour,
                    alpha=0.18,
                    lw=0,
                )
            (line,) = ax.step(
                grp["loss"], grp["leakage"], where="post", color=colour, lw=1.0, alpha=0.9
            )
            ax.plot(grp["loss"], grp["leakage"], ls="none", marker=marker, ms=3.5, color=colour)
            handles[str(method)] = line
        if front.empty:
            ax.text(
                0.5,
                0.5,
                "undefined for\nevery method",
                ha="center",
                va="center",
                transform=ax.transAxes,
                color="0.4",
            )
        ax.set_title(LEAKAGES[leak], fontsize=9)
        ax.set_xlabel(UTILITIES[utility], fontsize=8)
        ax.set_ylabel(unit, fontsize=8)
        ax.tick_params(labelsize=7)
        data.append(front.assign(leakage_notion=leak))
    for ax in list(axes.flat)[len(leaks) :]:
        ax.set_visible(False)
    legend = [
        Line2D(
            [],
            [],
            color=_STYLE.get(name, ("#555555", "."))[0],
            marker=_STYLE.get(name, ("#555555", "."))[1],
            ms=4,
            lw=1.0,
            label=name,
        )
        for name in handles
    ]
    fig.legend(
        handles=legend, loc="lower center", ncol=min(4, len(legend)), fontsize=7, frameon=False
    )
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, 0.1 if len(legend) > 4 else 0.06, 1, 1))
    cols = [
        "leakage_notion",
        "method",
        "parameter",
        "value",
        "loss",
        "leakage",
        "leakage_low",
        "leakage_high",
    ]
    out = pd.concat(data, ignore_index=True)[cols] if data else pd.DataFrame(columns=cols)
    return fig, out
