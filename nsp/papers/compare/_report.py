"""The comparison's tables and figures: markdown renderings and the frontier figure.

The analysis they render (frontiers, best methods, winner shares) is in :mod:`nsp.notions`;
these functions turn its frames into the markdown and the figures the notebooks of
``notebooks/compare/`` write beside their CSVs.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

from nsp._atomic import atomic_path
from nsp._validation import as_sequence, check_choice, check_frame, check_int, check_real
from nsp.notions import (
    LEAKAGES,
    METHODS,
    TIE_TOL,
    UTILITIES,
    WIN_KINDS,
    best_methods,
    frontiers,
    winner_shares,
)
from nsp.paths import figure_path

__all__ = [
    "KIND_MARKS",
    "SHORT",
    "frontier_figure",
    "markdown_table",
    "save_markdown",
    "shares_markdown",
]


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


#: How a table names a status that is not a win (and the share rows of the same name).
_OPEN = {"undecided": "undecided", "too_few_records": "too few records"}

#: How a table marks a win by what backs it (an interval-backed win is unmarked).
KIND_MARKS: dict[str, str] = {
    "backed": "",
    "margin_only": " (plug-in margin)",
    "channel_property": " (channel property)",
}


def _short(who: str, status: str = "backed") -> str:
    names = [SHORT.get(w, w) for w in who.split(" = ")] if who else []
    if status not in WIN_KINDS:
        inner = f"{len(names)} methods" if len(names) > 3 else " / ".join(names)
        return f"{_OPEN.get(status, 'undecided')} ({inner})"
    if len(names) > 3:
        return f"tie of {len(names)}{KIND_MARKS[status]}"
    return (" = ".join(names) if names else "none") + KIND_MARKS[status]


def _fmt(x: float) -> str:
    return f"{x:.3g}" if math.isfinite(x) else str(x)


def markdown_table(best: pd.DataFrame, *, min_width: float = 0.01) -> str:
    """Render a best-methods table as markdown: one row per (utility, notion).

    Each row lists the winners (short names, :data:`SHORT`; four or more tied methods as
    "tie of n") in order of increasing utility-loss budget, with the budget range of each
    (``[from, to)``, in the utility's units); a win that no interval backs is marked by
    what it rests on (:data:`KIND_MARKS`: "(plug-in margin)", "(channel property)"); a
    range the data cannot decide (status
    ``"undecided"``) reads "undecided (the methods it cannot separate)", one where the
    sample-size rule refuses every lead (``"too_few_records"``) "too few records (the
    methods the point estimates would name)". Ranges narrower than
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
    | information loss H(X) − I(X;Y) | maximal leakage L(S→Y) | a (plug-in margin) [0, 1) · \
b (plug-in margin) [1, 1] |
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
    ``top`` methods with the largest share of wins (short names, percent of the budget range,
    the kind of win marked as in :func:`markdown_table` when a ``status`` column says it;
    shares under 0.5% are left out), then the share the data cannot decide ("undecided") and
    the share the sample is too small to judge ("too few records").

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
            is_open = sub["method"].isin(list(_OPEN))
            sub = pd.concat([sub[~is_open].head(top), sub[is_open]])
            kinds = sub["status"] if "status" in sub.columns else pd.Series("backed", sub.index)
            cells.append(
                " · ".join(
                    f"{_OPEN.get(str(m)) or _short(str(m), str(k))} {100 * float(v):.0f}%"
                    for m, k, v in zip(sub["method"], kinds, sub["share"], strict=True)
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
                "#661100",
                "#AA4499",
                "#332288",
            ],
            ["o", "s", "D", "v", "^", "<", "P", "X", "*", "h", ">", "p"],
            strict=True,
        ),
        strict=True,
    )
)


#: How each notion's non-finite values read in a panel's notes.
_NONFINITE: dict[str, dict[str, str]] = {
    "ldp_epsilon": {"inf": "ε = ∞ (rows of W with different supports)"},
    "noiseless_epsilon": {"nan": "undefined (not a deterministic map)"},
}


def _names(methods: Sequence[str]) -> str:
    return ", ".join(SHORT.get(m, m) for m in methods)


def _nonfinite_kind(leakage: str, values: np.ndarray) -> str:
    """How a method's non-finite values of ``leakage`` read: ∞, undefined, or both."""
    kinds = _NONFINITE.get(leakage, {})
    if np.all(np.isinf(values)):
        return kinds.get("inf", "∞")
    if np.all(np.isnan(values)):
        return kinds.get("nan", "undefined")
    return "undefined or ∞"


def _panel_notes(frame: pd.DataFrame, leakage: str, utility: str) -> list[str]:
    """Return the notes of a panel: the methods it cannot draw or draws as one point, and why.

    Per method of ``frame`` (its releases with a finite loss): *absent* when no release has a
    finite leakage (∞ or undefined for every release); *one point* when only its one-output
    release (``Y`` constant) is finite; *degenerate* when two releases or more all take one
    finite value (L0 = I* = 0 for every full-support channel). Methods are grouped by reason.
    """
    loss = frame[utility].to_numpy(dtype=float)
    leak = frame[leakage].to_numpy(dtype=float)
    meth = frame["method"].to_numpy()
    outputs = (
        frame["output_hartley_entropy"].to_numpy(dtype=float)
        if "output_hartley_entropy" in frame.columns
        else None
    )
    groups: dict[str, list[str]] = {}  # reason -> methods
    counted: list[str] = []  # per method: how many releases are not finite
    for method in _order(frame):
        rows = np.flatnonzero((meth == method) & np.isfinite(loss))
        if not rows.size:
            continue
        vals = leak[rows]
        finite = np.isfinite(vals)
        if not finite.any():
            reason = f"absent — {_nonfinite_kind(leakage, vals)} for every release"
        elif not finite.all():
            kind = _nonfinite_kind(leakage, vals[~finite])
            one_output = outputs is not None and bool(np.all(outputs[rows[finite]] == 0.0))
            if finite.sum() > 1 or not one_output:
                n_bad = int((~finite).sum())
                counted.append(f"{SHORT.get(method, method)}: {kind} for {n_bad} of {rows.size}")
                continue
            reason = f"one point — {kind} but for its one-output release"
        elif rows.size >= 2 and float(np.ptp(vals)) <= TIE_TOL:
            value = round(float(vals[0]), 9) + 0.0  # rounding noise (3e-16) reads as 0
            reason = f"degenerate — {_fmt(value)} for every release"
        else:
            continue
        groups.setdefault(reason, []).append(method)
    return [f"{reason}: {_names(methods)}" for reason, methods in groups.items()] + counted


#: The least share of the range the funnel's Algorithm 2′ must win under noiseless ε for
#: the panel to explain it.
_ALG2PRIME_SHARE = 0.25


def _alg2prime_note(frame: pd.DataFrame, utility: str) -> str:
    """Say why the funnel's Algorithm 2′, built to leak S, wins under noiseless ε (if it does).

    Returns ``""`` unless it wins at least :data:`_ALG2PRIME_SHARE` of the budget range
    (:func:`nsp.notions.winner_shares`).
    """
    name = METHODS["greedy_max_leakage"]
    if name not in set(frame["method"]):
        return ""
    shares = winner_shares(best_methods(frame, leakage="noiseless_epsilon", utility=utility))
    share = float(shares.loc[shares["method"] == name, "share"].sum())
    if share < _ALG2PRIME_SHARE:
        return ""
    return (
        f"funnel Alg. 2′, built to maximise I(S;Y), wins {share:.0%} of the range: ε = log₂ "
        "(number of outputs) ignores S, so leaking S costs nothing here; only the outputs "
        "spent for the loss count"
    )


def _order(frame: pd.DataFrame) -> list[str]:
    known = list(METHODS.values())
    present = list(dict.fromkeys(frame["method"]))
    return sorted(present, key=lambda m: (known.index(m) if m in known else len(known), m))


def _tidy(x: float, scale: float) -> str:
    """``x`` with four significant digits, 0 when rounding made it tiny against ``scale``."""
    return "0" if abs(x) <= 1e-12 * max(scale, 1.0) else f"{x:,.4g}"


def _figure_notes(frame: pd.DataFrame, utility: str, span: tuple[float, float]) -> list[str]:
    """Return the notes under the legend: the shared axis, the lines, what is missing."""
    lo, hi = (_tidy(v, max(abs(span[0]), abs(span[1]))) for v in span)
    notes = [
        f"Every panel: x = {UTILITIES[utility]}, one range [{lo}, {hi}] for all "
        "panels; y = the panel's notion, each on its own scale. A line is a method's frontier "
        "(least leakage within the budget), dotted where it is continued at its last value; a "
        "ring marks a frontier of one point.",
    ]
    if any(str(c).endswith("_low") for c in frame.columns):
        what = {
            "refit": "of each fitted release's leakage on the population (the method refitted "
            "on every resample; values corrected for the optimism of a release on its own "
            "sample)",
            "split": "of the leakage of releases fitted on part of the records, measured on "
            "the rest",
            "fixed": "with each channel taken as given",
        }.get(str(frame.attrs.get("selection", "fixed")), "")
        notes.append(
            f"Bands: 95 % bootstrap intervals {what} (none for L0, I* and noiseless ε, which "
            "see only the support; widened where a maximum may be tied, as maximal leakage's "
            "and I₁₀'s near zero; LDP ε and C₁ do not depend on the data)."
        )
    notes.append(
        "Strip under each panel: the verdict on every budget (best_methods): won with the "
        "intervals apart, won on plug-in margins only, won on a channel property, undecided, "
        "too few records."
    )
    if utility == "numeric_distortion":
        notes.append(
            "x̂(Y) = E[X|Y] (the MMSE) for every method but the Γ(D) sanitizer, whose estimate "
            "is its own output X̂ (its design distortion, at least its MMSE)."
        )
    absent = [m for m in METHODS.values() if m not in set(frame["method"])]
    if absent:
        notes.append(f"Not run on this X (it has no order): {_names(absent)}.")
    counts = frame.groupby("method", sort=False).size()
    single = [m for m in _order(frame) if counts[m] == 1]
    if single:
        notes.append(f"One release in the sweep: {_names(single)}.")
    return notes


def frontier_figure(
    frame: pd.DataFrame,
    *,
    utility: str,
    leakages: Sequence[str] = tuple(LEAKAGES),
    title: str = "",
    ncols: int = 3,
    unit: str = "bits",
) -> tuple[Figure, pd.DataFrame]:
    """Draw all methods' frontiers for one utility loss, one panel per leakage notion.

    Each method's frontier (:func:`nsp.notions.frontiers`) is a step line (least leakage at
    most that loss) with its releases as markers, continued (dotted) at its last value up to
    the largest loss of the figure, with a ring around a frontier of one point and, when
    ``frame`` carries intervals (:func:`nsp.notions.evaluate_methods` with ``ci``), the band of
    their intervals in the method's colour. Every panel shares one x range, that of every
    release's loss. Under each panel, the methods it cannot draw or draws as one point, and
    why: *absent* (the leakage is ∞ or undefined for every release), *one point* (finite only
    for its one-output release) and *degenerate* (one value for every release, e.g. L0 = I* =
    0 for a full-support channel); under noiseless ε, why the funnel's Algorithm 2′ — built
    to leak S — wins, when it wins a quarter of the range or more. Under the legend, the
    shared axis, the reading of the lines and bands, the methods not run on this ``X`` and
    those with a single release.

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
        The figure and the plotted points (``leakage_notion``, ``utility_kind`` then the
        columns of :func:`nsp.notions.frontiers`, with the intervals).

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "a", "b", "b"], "parameter": "k",
    ...                   "value": [1, 2, 1, 2], "maximal_leakage": [1.0, 0.5, 0.0, 0.0],
    ...                   "information_loss": [0.0, 1.0, 0.5, 2.0]})
    >>> fig, data = frontier_figure(f, utility="information_loss", leakages=["maximal_leakage"])
    >>> len(data), len(fig.axes), fig.axes[0].get_xlim() == (-0.04, 2.04)
    (3, 1, True)
    >>> fig.axes[0].get_xlabel().splitlines()[1]
    'degenerate — 0 for every release: b'
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
    if utility not in frame.columns or "method" not in frame.columns:
        raise ValueError(f"frame has no column {utility!r} or 'method' (use evaluate_methods)")
    ncols = min(int(ncols), len(leaks))
    nrows = math.ceil(len(leaks) / ncols)
    losses = frame[utility].to_numpy(dtype=float)
    losses = losses[np.isfinite(losses)]
    span = (float(losses.min()), float(losses.max())) if losses.size else (0.0, 1.0)
    pad = 0.02 * (span[1] - span[0]) or 0.5
    fig, axes = plt.subplots(
        nrows,
        ncols,
        figsize=(4.3 * ncols, 3.3 * nrows + 1.5),
        squeeze=False,
        sharex=True,
        layout="none",  # laid out below, with room for the legend and the notes
    )
    data = []
    kinds: set[str] = set()
    for ax, leak in zip(axes.flat, leaks, strict=False):
        front = frontiers(frame, leakage=leak, utility=utility)
        for method, grp in front.groupby("method", sort=False):
            _draw_frontier(ax, str(method), grp, span[1])
        best = best_methods(frame, leakage=leak, utility=utility)
        _draw_verdicts(ax, best)
        top = _zoom_top(front, best)
        if top > 0:
            _draw_zoom(ax, front, best, top)
        kinds.update(best["status"].astype(str))
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
        notes = _panel_notes(frame, leak, utility)
        if leak == "noiseless_epsilon":
            notes.append(_alg2prime_note(frame, utility))
        label = "\n".join([UTILITIES[utility]] + [textwrap.fill(n, 78) for n in notes if n])
        ax.set_xlabel(label, fontsize=6.5, multialignment="left", linespacing=1.25)
        ax.xaxis.set_tick_params(labelbottom=True)
        if not front.empty and float(front["leakage"].abs().max()) == 0.0:
            ax.set_ylim(-0.04, 1.0)  # every frontier at 0: show 0 at the bottom, not centred
        ax.set_title(LEAKAGES[leak], fontsize=9)
        ax.set_ylabel(unit, fontsize=8)
        ax.tick_params(labelsize=7)
        data.append(front.assign(leakage_notion=leak, utility_kind=utility))
    axes.flat[0].set_xlim(span[0] - pad, span[1] + pad)
    for ax in list(axes.flat)[len(leaks) :]:
        ax.set_visible(False)
    present = [m for m in _order(frame) if m in set(pd.concat(data)["method"])] if data else []
    legend: list[Line2D | Patch] = [
        Line2D(
            [],
            [],
            color=_STYLE.get(name, ("#555555", "."))[0],
            marker=_STYLE.get(name, ("#555555", "."))[1],
            ms=4,
            lw=1.0,
            label=name,
        )
        for name in present
    ]
    legend += [
        Patch(facecolor=colour, edgecolor="none", label=f"strip: {label}")
        for key, (colour, label) in _VERDICT.items()
        if key in kinds
    ]
    notes = [textwrap.fill(n, 190) for n in _figure_notes(frame, utility, span)]
    n_lines = sum(n.count("\n") + 1 for n in notes)
    height = fig.get_figheight()
    foot = (0.13 * n_lines + 0.1) / height
    leg = (0.17 * math.ceil(len(legend) / 4) + 0.1) / height
    fig.text(0.01, 0.005, "\n".join(notes), fontsize=6.5, va="bottom", ha="left", color="0.25")
    fig.legend(
        handles=legend,
        loc="lower center",
        bbox_to_anchor=(0.5, foot),
        ncol=min(4, max(len(legend), 1)),
        fontsize=7,
        frameon=False,
    )
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout(rect=(0, foot + leg, 1, 1))
    cols = [
        "leakage_notion",
        "utility_kind",
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


#: The colour of each status in the strip under a panel's frontiers.
_VERDICT: dict[str, tuple[str, str]] = {
    "backed": ("#1B7837", "won, intervals apart"),
    "channel_property": ("#7B3294", "won on a channel property"),
    "margin_only": ("#A6DBA0", "won on plug-in margins only"),
    "undecided": ("#BBBBBB", "undecided"),
    "too_few_records": ("#F4A582", "too few records"),
}

#: Height of the verdict strip, in axes fraction.
_STRIP = 0.035

#: A panel gets a zoom when the leakage where budgets are won or undecided stays under this
#: share of its y range.
_ZOOM_SHARE = 0.1


def _draw_verdicts(ax: Axes, best: pd.DataFrame) -> None:
    """Draw a strip along the bottom of the panel: the status of every budget range.

    The y range is extended downwards so that the strip lies under every frontier (a
    frontier at 0 would hide it).
    """
    low, high = ax.get_ylim()
    ax.set_ylim(low - (_STRIP + 0.02) / (1 - _STRIP - 0.02) * (high - low), high)
    start = best["loss_from"].to_numpy(dtype=float)
    end = best["loss_to"].to_numpy(dtype=float)
    for lo, hi, status in zip(start, end, best["status"].astype(str), strict=True):
        width = hi - lo
        if width <= 0:
            continue
        colour = _VERDICT.get(status, ("#BBBBBB", ""))[0]
        ax.add_patch(
            Rectangle(
                (lo, 0.0),
                width,
                _STRIP,
                transform=ax.get_xaxis_transform(),
                facecolor=colour,
                edgecolor="none",
                clip_on=True,
                zorder=0.5,
            )
        )


def _zoom_top(front: pd.DataFrame, best: pd.DataFrame) -> float:
    """Return the leakage a zoom shows (0: none): the small leakages where budgets are decided.

    When some range with intervals that is won or undecided has its least leakage under
    :data:`_ZOOM_SHARE` of the panel's span, the zoom shows the frontiers up to the largest
    interval end of the releases at those small leakages.
    """
    width = (front["leakage_high"] - front["leakage_low"]).to_numpy(dtype=float)
    if front.empty or best.empty or not (np.nan_to_num(width) > 0).any():
        return 0.0  # no interval has a width: nothing to zoom into (a channel's notion)
    span = float(np.nanmax(front[["leakage", "leakage_high"]].to_numpy(dtype=float)))
    limit = _ZOOM_SHARE * span
    decided = best[best["status"].isin(["backed", "undecided"])]
    if span <= 0 or not (decided["leakage_to"].to_numpy(dtype=float) < limit).any():
        return 0.0
    small = front[front["leakage"] <= limit]
    ends = small[["leakage", "leakage_high"]].to_numpy(dtype=float)
    top = float(np.nanmax(ends)) if np.isfinite(ends).any() else 0.0
    return 1.15 * top if top > 0 else 0.0


def _draw_zoom(ax: Axes, front: pd.DataFrame, best: pd.DataFrame, top: float) -> None:
    """Draw an inset of the frontiers at leakages up to ``top``, with bands and verdicts."""
    inner = ax.inset_axes((0.4, 0.3, 0.57, 0.42))
    low = front[front["leakage"] <= top / 1.15]
    lo = float(low["loss"].min())
    hi = float(front["loss"].max())
    for method, grp in front.groupby("method", sort=False):
        _draw_frontier(inner, str(method), grp, hi)
    pad = 0.02 * (hi - lo) or 0.5
    inner.set_xlim(lo - pad, hi + pad)
    inner.set_ylim(-0.02 * top, top)
    _draw_verdicts(inner, best)
    inner.tick_params(labelsize=5.5, length=2)
    inner.set_title(f"zoom: leakage ≤ {top:.2g}", fontsize=6, pad=2)
    ax.indicate_inset_zoom(inner, edgecolor="0.5", lw=0.6)


def _draw_frontier(ax: Axes, method: str, grp: pd.DataFrame, right: float) -> None:
    """One method's frontier: band, steps, markers, a dotted continuation, a ring if alone."""
    colour, marker = _STYLE.get(method, ("#555555", "."))
    loss = grp["loss"].to_numpy(dtype=float)
    leak = grp["leakage"].to_numpy(dtype=float)
    if grp["leakage_low"].notna().any():
        ax.fill_between(
            loss,
            grp["leakage_low"],
            grp["leakage_high"],
            step="post",
            color=colour,
            alpha=0.18,
            lw=0,
        )
    ax.step(loss, leak, where="post", color=colour, lw=1.0, alpha=0.9)
    if loss[-1] < right:
        ax.plot([loss[-1], right], [leak[-1], leak[-1]], color=colour, lw=0.9, ls=":", alpha=0.9)
    ax.plot(loss, leak, ls="none", marker=marker, ms=3.5, color=colour)
    if loss.size == 1:
        ax.plot(loss, leak, ls="none", marker="o", ms=9, mfc="none", mec=colour, mew=1.0)
