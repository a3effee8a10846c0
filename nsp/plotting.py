"""One style and one way to save a figure.

Every figure of the project is saved through :func:`savefig`, which writes PNG, PDF and SVG
with fixed metadata (so that saving the same figure twice gives identical bytes) and the CSV
of the numbers the figure plots, all into ``nsp.paths.figures_dir()/<key>``. Files are written
to a temporary name and renamed, so an interrupted run never leaves a half-written figure.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.figure import Figure

from nsp._atomic import atomic_path
from nsp.paths import figure_path

#: The project's style sheet.
STYLE: Path = Path(__file__).resolve().parent / "styles" / "nsp.mplstyle"

#: Formats written by :func:`savefig`; PNG (and the CSV) are committed, PDF/SVG are generated.
FORMATS: tuple[str, ...] = ("png", "pdf", "svg")

# Metadata that would otherwise change from run to run (dates, versions).
_METADATA: dict[str, dict[str, None]] = {
    "png": {"Software": None},
    "pdf": {"Creator": None, "Producer": None, "CreationDate": None},
    "svg": {"Creator": None, "Date": None},
}


def use_style() -> None:
    """Apply the project's style sheet (colour-blind palette, TrueType fonts, fixed SVG salt).

    Examples
    --------
    >>> use_style()
    >>> import matplotlib as mpl
    >>> mpl.rcParams["svg.hashsalt"], mpl.rcParams["pdf.fonttype"]
    ('nsp', 42)
    """
    plt.style.use(STYLE)


def _atomic_write(target: Path, write: "callable[[Path], None]") -> None:
    """Call ``write(tmp)`` on a temporary file beside ``target``, then rename it to ``target``."""
    with atomic_path(target) as tmp:
        write(tmp)


def write_csv(frame: pd.DataFrame, target: Path) -> Path:
    """Write ``frame`` to ``target`` as CSV (no index, 12 significant digits), atomically."""
    if not isinstance(frame, pd.DataFrame):
        raise ValueError(f"data must be a pandas DataFrame of the plotted numbers; got {type(frame).__name__}")
    _atomic_write(target, lambda tmp: frame.to_csv(tmp, index=False, float_format="%.12g", lineterminator="\n"))
    return target


def savefig(
    fig: Figure,
    key: str,
    *,
    data: pd.DataFrame | None = None,
    formats: Iterable[str] = FORMATS,
    close: bool = False,
) -> dict[str, Path]:
    """Save ``fig`` as ``figures/<key>.{png,pdf,svg}`` and its numbers as ``figures/<key>.csv``.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    key : str
        ``"<paper>/<name>"``, e.g. ``"privacy_funnel/fig1_census"``.
    data : pandas.DataFrame, optional
        The numbers the figure plots, saved beside it as CSV. Every figure of the project
        passes it; it is optional only for quick experiments.
    formats : iterable of str
        Any of ``"png"``, ``"pdf"``, ``"svg"``.
    close : bool
        Close the figure after saving.

    Returns
    -------
    dict of str to pathlib.Path
        The written files by format (``"csv"`` included when ``data`` is given).

    Raises
    ------
    ValueError
        If ``key`` is malformed, a format is unknown or ``data`` is not a DataFrame. Nothing is
        written then.

    Examples
    --------
    >>> import os, tempfile, matplotlib.pyplot as plt, pandas as pd
    >>> os.environ["NSP_FIGURES_DIR"] = tempfile.mkdtemp()
    >>> fig, ax = plt.subplots()
    >>> _ = ax.plot([0, 1], [0, 1])
    >>> sorted(savefig(fig, "demo/line", data=pd.DataFrame({"x": [0, 1], "y": [0, 1]}), close=True))
    ['csv', 'pdf', 'png', 'svg']
    >>> del os.environ["NSP_FIGURES_DIR"]
    """
    formats = tuple(formats)
    unknown = [f for f in formats if f not in _METADATA]
    if unknown:
        raise ValueError(f"formats must be among {FORMATS}; got {unknown}")
    if data is not None and not isinstance(data, pd.DataFrame):
        raise ValueError(f"data must be a pandas DataFrame of the plotted numbers; got {type(data).__name__}")
    figure_path(key)  # validates the key before anything is written
    written: dict[str, Path] = {}
    with mpl.rc_context({"svg.hashsalt": "nsp"}):
        for fmt in formats:
            target = figure_path(key, f".{fmt}")
            _atomic_write(target, lambda tmp, fmt=fmt: fig.savefig(tmp, format=fmt, metadata=_METADATA[fmt]))
            written[fmt] = target
    if data is not None:
        written["csv"] = write_csv(data, figure_path(key, ".csv"))
    if close:
        plt.close(fig)
    return written


def save_table(frame: pd.DataFrame, key: str) -> Path:
    """Save a table of results as ``figures/<key>.csv`` (atomically), for tables that have no figure.

    Examples
    --------
    >>> import os, tempfile, pandas as pd
    >>> os.environ["NSP_FIGURES_DIR"] = tempfile.mkdtemp()
    >>> save_table(pd.DataFrame({"eps": [1, 2]}), "demo/table").name
    'table.csv'
    >>> del os.environ["NSP_FIGURES_DIR"]
    """
    return write_csv(frame, figure_path(key, ".csv"))


def unit_label(base: float | str) -> str:
    """The name of the information unit of a logarithm base, for axis labels.

    Examples
    --------
    >>> import math
    >>> unit_label(2), unit_label(math.e), unit_label(10)
    ('bits', 'nats', 'log base 10')
    """
    from nsp._validation import check_base
    import math

    b = check_base(base)
    return {2.0: "bits", math.e: "nats"}.get(b, f"log base {b:g}")


def mark_stand_in(fig: Figure, text: str) -> None:
    """Write a visible note at the bottom of ``fig`` saying that its data is a stand-in.

    The note is wrapped to the figure's width and, with the constrained layout of the house
    style, room is made for it below the axes.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    text : str
        What the data is and what it stands in for, e.g.
        ``"SGSC smart-meter sample (stand-in for Ausgrid 2012-13)"``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig = plt.figure()
    >>> mark_stand_in(fig, "SGSC sample, stand-in for Ausgrid")
    >>> fig.texts[-1].get_text()
    'Data: SGSC sample, stand-in for Ausgrid'
    >>> plt.close(fig)
    """
    import textwrap

    if not text.strip():
        raise ValueError("text must say what the stand-in data is")
    width_chars = max(40, int(fig.get_figwidth() * 15))
    lines = textwrap.wrap(f"Data: {text}", width=width_chars)
    fig.text(0.5, 0.005, "\n".join(lines), ha="center", va="bottom", fontsize=8, style="italic", color="0.3")
    engine = fig.get_layout_engine()
    if engine is not None and hasattr(engine, "set") and "rect" in engine.get():
        height = 0.012 + 0.03 * len(lines) * 6.4 / max(fig.get_figheight(), 1.0) * 0.6
        engine.set(rect=(0, height, 1, 1 - height))
