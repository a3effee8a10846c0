"""One-line facts about a loaded dataset, joined with what the registry says about it."""

from __future__ import annotations

import pandas as pd

from . import _registry as _reg

__all__ = ["describe", "format_columns"]


def format_columns(frame: pd.DataFrame) -> str:
    """Return ``"name (dtype), …"`` for the columns of ``frame``.

    Parameters
    ----------
    frame : pandas.DataFrame
        Any data frame.

    Returns
    -------
    str
        Each column's name and dtype, in column order, separated by commas.

    See Also
    --------
    describe : Summarize a dataset.

    Examples
    --------
    >>> format_columns(pd.DataFrame({"a": [1], "b": ["x"]}).astype({"b": "category"}))
    'a (int64), b (category)'
    """
    return ", ".join(f"{c} ({frame[c].dtype})" for c in frame.columns)


def describe(dataset: str, frame: pd.DataFrame, *, time: str | None = None) -> dict:
    """Summarize a loaded dataset: size, columns, time span, and its registry entry.

    Parameters
    ----------
    dataset : str
        The registry key (``"adult"``, ``"sgsc_smart_meter"``, …).
    frame : pandas.DataFrame
        What a loader returned. Its ``attrs["fidelity"]`` / ``attrs["stand_in_for"]``, when
        present, override the registry's (a user's own file is not a stand-in).
    time : str, optional
        The column holding timestamps, for the time span.

    Returns
    -------
    dict
        ``dataset``, ``title``, ``rows``, ``columns`` (count), ``column_types`` (text),
        ``start``, ``end`` (str or None), ``fidelity``, ``stand_in_for``, ``licence``,
        ``papers``.

    See Also
    --------
    format_columns : The columns, as text.

    Examples
    --------
    >>> frame = pd.DataFrame({"t": pd.to_datetime(["2011-04-18", "2011-04-19"])})
    >>> d = describe("redd", frame, time="t")
    >>> d["rows"], d["start"], d["fidelity"]
    (2, '2011-04-18 00:00:00', 'partial')
    """
    info = _reg.REGISTRY.datasets[dataset]
    start = end = None
    if time is not None and len(frame):
        start, end = str(frame[time].min()), str(frame[time].max())
    return {
        "dataset": dataset,
        "title": info.title,
        "rows": int(len(frame)),
        "columns": int(frame.shape[1]),
        "column_types": format_columns(frame),
        "start": start,
        "end": end,
        "fidelity": frame.attrs.get("fidelity", info.fidelity),
        "stand_in_for": frame.attrs.get("stand_in_for", info.stand_in_for),
        "licence": info.licence_short,
        "papers": ", ".join(info.papers),
    }
