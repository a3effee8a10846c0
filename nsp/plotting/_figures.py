"""The implementation of :mod:`nsp.plotting`: import its names from there."""

from __future__ import annotations

import math
import os
import textwrap
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import matplotlib as mpl
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import seaborn as sns
from cycler import cycler
from matplotlib.figure import Figure

from nsp._atomic import atomic_path
from nsp._validation import Base, check_base, check_bool, check_frame
from nsp.paths import figure_path

__all__ = [
    "CSV_SIGNIFICANT_DIGITS",
    "FORMATS",
    "STYLE",
    "certified",
    "mark_stand_in",
    "save_table",
    "savefig",
    "unit_label",
    "use_style",
    "write_csv",
]

#: The project's style sheet.
STYLE: Path = Path(__file__).resolve().parents[1] / "styles" / "nsp.mplstyle"

#: Significant digits a CSV keeps of a float column that names no accuracy of its own.
CSV_SIGNIFICANT_DIGITS: int = 10

#: Formats written by :func:`savefig`; PNG (and the CSV) are committed, PDF/SVG are generated.
FORMATS: tuple[str, ...] = ("png", "pdf", "svg")

# Metadata that would otherwise change from run to run (dates, versions).
_METADATA: dict[str, dict[str, None]] = {
    "png": {"Software": None},
    "pdf": {"Creator": None, "Producer": None, "CreationDate": None},
    "svg": {"Creator": None, "Date": None},
}


def use_style() -> None:
    """Apply the project's style sheet (TrueType fonts, fixed SVG salt) and colour-blind colours.

    The style sheet ``nsp/styles/nsp.mplstyle`` sets everything but the colour cycle, which is
    seaborn's colour-blind palette, ``seaborn.color_palette("colorblind")`` (ten colours after
    Okabe & Ito, 2008), so that matplotlib's ``C0``, ``C1``, ... and seaborn's plots share it.

    See Also
    --------
    savefig : Save a figure.

    Examples
    --------
    >>> use_style()
    >>> import matplotlib as mpl
    >>> mpl.rcParams["svg.hashsalt"], mpl.rcParams["pdf.fonttype"]
    ('nsp', 42)
    >>> mpl.rcParams["axes.prop_cycle"].by_key()["color"][:2]
    ['#0173b2', '#de8f05']
    """
    plt.style.use(STYLE)
    mpl.rcParams["axes.prop_cycle"] = cycler(color=sns.color_palette("colorblind").as_hex())


def _atomic_write(target: Path, write: Callable[[Path], object]) -> None:
    """Call ``write(tmp)`` on a temporary file beside ``target``, then rename it to ``target``."""
    with atomic_path(target) as tmp:
        write(tmp)


def _round_column(values: np.ndarray, fmt: str) -> np.ndarray:
    """Round finite floats through their decimal text (``fmt`` like ``".6f"``); -0 becomes 0."""
    out = values.astype(np.float64, copy=True)
    finite = np.isfinite(out)
    out[finite] = [float(format(v, fmt)) for v in out[finite]]
    return out + 0.0


def certified(
    frame: pd.DataFrame,
    *,
    decimals: Mapping[str, int] | None = None,
    sig: Mapping[str, int] | None = None,
    default_sig: int = CSV_SIGNIFICANT_DIGITS,
) -> pd.DataFrame:
    """Round the float columns of ``frame`` to the digits their computation certifies.

    Digits below a solver's tolerance, or below the last bits of floating-point arithmetic,
    differ from one CPU, BLAS kernel or thread count to another. A figure's numbers are
    rounded here *before* they are plotted and saved, so that the CSV and the picture are the
    same bytes on every machine. Rounding goes through the decimal text of each value (correct
    rounding, the same on every platform); ``-0.0`` becomes ``0.0``; NaN and infinities are
    kept. Integer, boolean and text columns are returned unchanged.

    Parameters
    ----------
    frame : pandas.DataFrame
        The numbers of a figure or table.
    decimals : mapping of str to int, optional
        Columns with an absolute accuracy (a solver's tolerance): the number of decimal places
        to keep, e.g. ``{"gamma": 6}`` for values certified to within 1e-7.
    sig : mapping of str to int, optional
        Columns with a relative accuracy: the number of significant digits to keep.
    default_sig : int
        Significant digits of every other float column: the digits that float64 arithmetic of
        a direct (non-iterative) computation certifies with a wide margin.

    Returns
    -------
    pandas.DataFrame
        A rounded copy.

    Raises
    ------
    ValueError
        If a named column is missing, is not a float column, is named twice, or a digit count
        is out of range. Nothing is rounded then.

    See Also
    --------
    save_table : Save a table.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame(
    ...     {"gamma": [0.71692012345, -1e-12], "rate": [1 / 3, 2 / 3], "n": [1, 2]}
    ... )
    >>> rounded = certified(frame, decimals={"gamma": 6}, sig={"rate": 4})
    >>> rounded["gamma"].tolist(), rounded["rate"].tolist(), rounded["n"].tolist()
    ([0.71692, 0.0], [0.3333, 0.6667], [1, 2])
    """
    check_frame("frame", frame)
    for name, rules in (("decimals", decimals), ("sig", sig)):
        if rules is not None and not isinstance(rules, Mapping):
            raise ValueError(
                f"{name} must be a mapping of column name to int; got {type(rules).__name__}"
            )
    decimals, sig = dict(decimals or {}), dict(sig or {})
    both = sorted(set(decimals) & set(sig))
    if both:
        raise ValueError(f"columns {both} are given both decimals and significant digits")
    for name, rules, low in (("decimals", decimals, 0), ("sig", sig, 1)):
        for col, n in rules.items():
            if col not in frame.columns:
                raise ValueError(f"{name}: no column {col!r}; columns: {list(frame.columns)}")
            if not pd.api.types.is_float_dtype(frame[col]):
                raise ValueError(f"{name}: column {col!r} is {frame[col].dtype}, not float")
            if isinstance(n, bool) or not isinstance(n, int) or not low <= n <= 17:
                raise ValueError(f"{name}[{col!r}] must be an int in [{low}, 17]; got {n!r}")
    if (
        isinstance(default_sig, bool)
        or not isinstance(default_sig, int)
        or not 1 <= default_sig <= 17
    ):
        raise ValueError(f"default_sig must be an int in [1, 17]; got {default_sig!r}")
    out = frame.copy()
    for col in out.columns:
        if not pd.api.types.is_float_dtype(out[col]):
            continue
        fmt = f".{decimals[col]}f" if col in decimals else f".{sig.get(col, default_sig)}g"
        out[col] = _round_column(out[col].to_numpy(), fmt)
    return out


def _variant() -> str:
    """Return the non-default parameters of the run (``NSP_VARIANT``), or ``""``."""
    return os.environ.get("NSP_VARIANT", "").strip()


def _mark_variant(fig: Figure, variant: str) -> None:
    """Write a footnote on a figure made with non-default parameters (once per figure)."""
    if any(t.get_gid() == "nsp-variant" for t in fig.texts):
        return
    fig.text(
        0.995,
        0.005,
        f"Variant, not the paper's setting: {variant}",
        ha="right",
        va="bottom",
        fontsize="x-small",
        color="0.3",
        gid="nsp-variant",
    )


def write_csv(frame: pd.DataFrame, target: Path) -> Path:
    """Write ``frame`` to ``target`` as CSV, atomically.

    No index; float columns pass through :func:`certified` with its defaults (a frame already
    rounded more coarsely keeps its digits), so no CSV carries more than
    ``CSV_SIGNIFICANT_DIGITS`` significant digits; LF line ends.

    Parameters
    ----------
    frame : pandas.DataFrame
        The numbers to write.
    target : pathlib.Path
        The CSV file; its folder must exist.

    Returns
    -------
    pathlib.Path
        ``target``.

    Raises
    ------
    ValueError
        If ``frame`` is not a DataFrame. Nothing is written then.

    See Also
    --------
    save_table : Save a table under ``figures/``.
    """
    check_frame("data", frame, what="a pandas DataFrame of the plotted numbers")
    rounded = certified(frame)
    variant = _variant()
    if not variant:
        _atomic_write(
            target,
            lambda tmp: rounded.to_csv(tmp, index=False, float_format="%.15g", lineterminator="\n"),
        )
        return target

    def write(tmp: Path) -> None:  # a variant's CSV says so on its first line
        with open(tmp, "w", encoding="utf-8", newline="") as fh:
            fh.write(f"# variant, not the paper's setting: {variant}\n")
            rounded.to_csv(fh, index=False, float_format="%.15g", lineterminator="\n")

    _atomic_write(target, write)
    return target


def _stem(key: str | os.PathLike[str]) -> Path:
    """Return the path, without extension, of a figure key (a str) or path (a PathLike)."""
    if isinstance(key, str):
        return figure_path(key)
    stem = Path(key)
    if not stem.name or stem.suffix:
        raise ValueError(f"key must be a path without extension; got {os.fspath(key)!r}")
    return stem


def savefig(
    fig: Figure,
    key: str | os.PathLike[str],
    *,
    data: pd.DataFrame | None = None,
    formats: Iterable[str] = FORMATS,
    close: bool = False,
) -> dict[str, Path]:
    """Save ``fig`` as ``figures/<key>.{png,pdf,svg}`` and its numbers as ``figures/<key>.csv``.

    In a run with non-default notebook parameters (``NSP_VARIANT``, set by ``nsp run``), the
    figure gets a footnote naming them and the CSV a first comment line.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    key : str or os.PathLike
        ``"<paper>/<name>"``, e.g. ``"privacy_funnel/fig1_census"``, in
        :func:`nsp.paths.figures_dir`; or a path without extension anywhere (a
        :class:`pathlib.Path`, e.g. ``Path("out/frontiers")``; its folder must exist), for
        outputs written into a user's folder the same way.
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

    See Also
    --------
    save_table : Save a table without a figure.
    mark_stand_in : Mark a figure made from a stand-in dataset.
    use_style : The style figures are drawn in.

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
    if not isinstance(fig, Figure):
        raise ValueError(f"fig must be a matplotlib Figure; got {type(fig).__name__}")
    if not isinstance(key, str | os.PathLike):
        raise ValueError(f"key must be a string '<paper>/<name>' or a path; got {key!r}")
    close = check_bool("close", close)
    formats = tuple(formats)
    unknown = [f for f in formats if f not in _METADATA]
    if unknown:
        raise ValueError(f"formats must be among {FORMATS}; got {unknown}")
    if data is not None and not isinstance(data, pd.DataFrame):
        raise ValueError(
            f"data must be a pandas DataFrame of the plotted numbers; got {type(data).__name__}"
        )
    stem = _stem(key)  # validates the key before anything is written
    if _variant():
        _mark_variant(fig, _variant())
    written: dict[str, Path] = {}
    with mpl.rc_context({"svg.hashsalt": "nsp"}):
        for fmt in formats:
            target = stem.with_name(f"{stem.name}.{fmt}")

            def write(tmp: Path, fmt: str = fmt) -> None:
                fig.savefig(tmp, format=fmt, metadata=_METADATA[fmt])

            _atomic_write(target, write)
            written[fmt] = target
    if data is not None:
        written["csv"] = write_csv(data, stem.with_name(f"{stem.name}.csv"))
    if close:
        plt.close(fig)
    return written


def save_table(frame: pd.DataFrame, key: str) -> Path:
    """Save a table of results as ``figures/<key>.csv`` (atomically), for tables without a figure.

    The CSV is written as :func:`write_csv` writes it.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table.
    key : str
        ``"<paper>/<name>"``, e.g. ``"agglomerative/table_examples_paper_vs_ours"``.

    Returns
    -------
    pathlib.Path
        The written CSV file.

    See Also
    --------
    savefig : Save a figure and its numbers.
    write_csv : The atomic CSV writer.

    Examples
    --------
    >>> import os, tempfile, pandas as pd
    >>> os.environ["NSP_FIGURES_DIR"] = tempfile.mkdtemp()
    >>> save_table(pd.DataFrame({"eps": [1, 2]}), "demo/table").name
    'table.csv'
    >>> del os.environ["NSP_FIGURES_DIR"]
    """
    check_frame("frame", frame)
    if not isinstance(key, str):
        raise ValueError(f"key must be a string '<paper>/<name>'; got {key!r}")
    return write_csv(frame, figure_path(key, ".csv"))


def unit_label(base: Base) -> str:
    """Return the name of the information unit of a logarithm base, for axis labels.

    Parameters
    ----------
    base : float or {"e", "nats", "bits"}
        A logarithm base, as every measure's ``base=`` takes it.

    Returns
    -------
    str
        ``"bits"`` for base 2, ``"nats"`` for base e, else ``"log base <b>"``.

    See Also
    --------
    use_style : The project's style.

    Examples
    --------
    >>> import math
    >>> unit_label(2), unit_label(math.e), unit_label(10)
    ('bits', 'nats', 'log base 10')
    """
    b = check_base(base)
    return {2.0: "bits", math.e: "nats"}.get(b, f"log base {b:g}")


def mark_stand_in(fig: Figure, text: str) -> None:
    """Write a visible note at the bottom of ``fig`` saying that its data is a stand-in.

    The note is wrapped to the figure's width and, with the constrained layout of the house
    style, room is made for it below the axes.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to mark.
    text : str
        What the data is and what it stands in for, e.g.
        ``"SGSC smart-meter sample (stand-in for Ausgrid 2012-13)"``.

    See Also
    --------
    savefig : Save the figure.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig = plt.figure()
    >>> mark_stand_in(fig, "SGSC sample, stand-in for Ausgrid")
    >>> fig.texts[-1].get_text()
    'Data: SGSC sample, stand-in for Ausgrid'
    >>> plt.close(fig)
    """
    if not isinstance(fig, Figure):
        raise ValueError(f"fig must be a matplotlib Figure; got {type(fig).__name__}")
    if not isinstance(text, str):
        raise ValueError(f"text must be a string; got {text!r} ({type(text).__name__})")
    if not text.strip():
        raise ValueError("text must say what the stand-in data is")
    width_chars = max(40, int(fig.get_figwidth() * 15))
    lines = textwrap.wrap(f"Data: {text}", width=width_chars)
    fig.text(
        0.5,
        0.005,
        "\n".join(lines),
        ha="center",
        va="bottom",
        fontsize=8,
        style="italic",
        color="0.3",
    )
    engine = fig.get_layout_engine()
    if engine is not None and hasattr(engine, "set") and "rect" in engine.get():
        height = 0.012 + 0.03 * len(lines) * 6.4 / max(fig.get_figheight(), 1.0) * 0.6
        # The stub declares LayoutEngine.set() without arguments; at run time it takes keywords,
        # and the engines that have a "rect" parameter (tight, constrained) accept rect=.
        engine.set(rect=(0, height, 1, 1 - height))  # type: ignore[call-arg]
