"""Records per combination of values of any columns: the count table of a user's own data.

:func:`cell_counts` counts, in memory or on Dask (``engine="dask"``), how many records take
each observed combination of values of some columns, and refuses (by default) to drop a
record with a missing value silently. :func:`nsp.datasets.joint_counts` is its two-column
table, with missing values dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import pandas as pd

from nsp._dask import check_pandas
from nsp._scale import cell_counts_dask, group_sizes
from nsp._validation import as_sequence, check_choice

__all__ = ["cell_counts", "missing_message"]

_MISSING = ("raise", "drop")


def _columns(columns: object) -> list[str]:
    """``columns`` as a non-empty list of distinct names (one name alone is accepted)."""
    names = [columns] if isinstance(columns, str) else as_sequence("columns", columns)
    if not names:
        raise ValueError("columns must name at least one column")
    for name in names:
        if not isinstance(name, str) or not name:
            raise ValueError(f"columns must be column names (non-empty str); got {name!r}")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"columns must be distinct; {twice} named more than once")
    return names


def missing_message(missing: pd.Series, n_records: int) -> str:
    """Say which columns have missing values, how many, and what to do (the error's text)."""
    bad = missing[missing > 0]
    parts = [f"{col!r} ({int(n):,} of {n_records:,} records)" for col, n in bad.items()]
    return (
        f"the records have missing values in column{'s' if len(parts) > 1 else ''} "
        f"{', '.join(parts)}: drop those records or fill them in first (no record is "
        "dropped silently)"
    )


def cell_counts(
    data: Any,
    columns: str | Sequence[str],
    *,
    missing: Literal["raise", "drop"] = "raise",
    engine: Literal["pandas", "dask"] = "pandas",
) -> pd.Series:
    """Count the records per observed combination of values of ``columns``.

    Only combinations some record takes are listed (no zero), in sorted order (the order of
    the categories for a categorical column). Both engines give equal counts: the Dask engine
    counts each partition with the same kernel and adds the counts, in one pass over the
    records that also counts the missing values.

    Parameters
    ----------
    data : pandas.DataFrame, or with ``engine="dask"`` a Dask DataFrame, path glob or list of paths
        The records (files: Parquet or CSV with a header).
    columns : str or sequence of str
        The columns (distinct).
    missing : {"raise", "drop"}
        What a record with a missing value in one of ``columns`` does: ``"raise"`` (default)
        refuses the data with a ValueError naming each such column and its count of missing
        values; ``"drop"`` leaves the record out of the counts.
    engine : {"pandas", "dask"}
        ``"pandas"`` counts in memory; ``"dask"`` groups and counts on Dask
        (``pip install "nsp-privacy[scale]"``).

    Returns
    -------
    pandas.Series
        int64 counts named ``"count"``, indexed by the combinations: one level per column,
        named by it (a flat index for one column).

    Raises
    ------
    ValueError
        If a column is missing, named twice, a record has a missing value (with
        ``missing="raise"``), or no record is left.

    See Also
    --------
    joint_counts : The table ``N(s, x)`` of two columns.

    Examples
    --------
    >>> df = pd.DataFrame({"age": [30, 30, 40, 30], "smoker": ["no", "yes", "no", "no"]})
    >>> cell_counts(df, ["age", "smoker"]).to_dict()
    {(30, 'no'): 2, (30, 'yes'): 1, (40, 'no'): 1}
    >>> cell_counts(df.assign(age=[30, None, 40, 30]), ["age", "smoker"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the records have missing values in column 'age' (1 of 4 records): drop those ...
    """
    engine = check_choice("engine", engine, ("pandas", "dask"))  # type: ignore[assignment]
    missing = check_choice("missing", missing, _MISSING)  # type: ignore[assignment]
    names = _columns(columns)
    if engine == "dask":
        sizes, n_missing, n_records = cell_counts_dask(data, names, drop_missing=missing == "drop")
    else:
        check_pandas(data, "data")
        absent = [c for c in names if c not in data.columns]
        if absent:
            raise ValueError(f"data must have the columns {names} (missing {absent})")
        frame = data[names]
        n_missing = frame.isna().sum().astype(np.int64)
        n_records = len(frame)
        if missing == "drop":
            frame = frame.dropna()
        sizes = group_sizes(frame, names)
    if missing == "raise" and (n_missing > 0).any():
        raise ValueError(missing_message(n_missing, n_records))
    if int(sizes.sum()) == 0:
        raise ValueError("data has no record" + (" left" if missing == "drop" else ""))
    return sizes
