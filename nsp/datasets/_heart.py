"""UCI Heart Disease, Hungarian subset: the data of the agglomerative-clustering experiment.

:func:`load_hungarian_heart` reads UCI's original files (checksummed, offline). UCI's
description of the 14 attributes (role, type, description, units, missing values) comes from its
web API through ``ucimlrepo``: ``nsp.datasets.uci_metadata("heart_disease")`` (needs the
network; the table UCI serves there is the processed Cleveland one, not the Hungarian file).
:func:`joint_counts` counts the records per pair of values of two columns (the (age, chol)
table of the experiment), in memory or on Dask (``engine="dask"``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pandas as pd

from nsp._dask import check_pandas
from nsp._scale import check_pair, finish_table, group_sizes, joint_counts_dask
from nsp._validation import check_choice

from ._fetching import registered_path
from ._io import MalformedFileError, read_table

__all__ = ["HEART_COLUMNS", "HUNGARIAN_RAW_POSITIONS", "joint_counts", "load_hungarian_heart"]

#: The 14 attributes of the processed file, in file order.
HEART_COLUMNS: tuple[str, ...] = (
    "age",
    "sex",
    "cp",
    "trestbps",
    "chol",
    "fbs",
    "restecg",
    "thalach",
    "exang",
    "oldpeak",
    "slope",
    "ca",
    "thal",
    "num",
)

#: 1-based position of each of the 14 attributes among the 76 of a raw ``hungarian.data``
#: record (see ``heart-disease.names``); ``id`` is attribute 1.
HUNGARIAN_RAW_POSITIONS: dict[str, int] = {
    "id": 1,
    "age": 3,
    "sex": 4,
    "cp": 9,
    "trestbps": 10,
    "chol": 12,
    "fbs": 16,
    "restecg": 19,
    "thalach": 32,
    "exang": 38,
    "oldpeak": 40,
    "slope": 41,
    "ca": 44,
    "thal": 51,
    "num": 58,
}
_RAW_FIELDS = 76


def _fix_dtypes(frame: pd.DataFrame) -> pd.DataFrame:
    out = frame.copy()
    for c in HEART_COLUMNS:
        if c == "oldpeak":
            out[c] = out[c].astype("float64")
        elif c == "age":
            out[c] = out[c].astype("int64")
        else:
            out[c] = out[c].astype("Int64")
    return out


def _read_processed(path: Path) -> pd.DataFrame:
    kinds = {c: ("float" if c == "oldpeak" else "int") for c in HEART_COLUMNS}
    frame = read_table(
        path,
        kinds=kinds,
        names=HEART_COLUMNS,
        header=False,
        na_values=("", "?"),
        required=("age", "num"),
    )
    return _fix_dtypes(frame).reset_index(drop=True)


def _is_number(token: str) -> bool:
    try:
        float(token)
    except ValueError:
        return False
    return True


def _read_raw(path: Path) -> pd.DataFrame:
    """Parse ``hungarian.data``: 76 whitespace-separated values per record, the last ``name``."""
    records: list[list[float]] = []
    starts: list[int] = []
    current: list[str] = []
    start = 1
    with open(path, encoding="ascii", errors="replace") as fh:
        for lineno, line in enumerate(fh, start=1):
            for token in line.split():
                if not current:
                    start = lineno
                current.append(token)
                if token != "name":
                    continue
                if len(current) != _RAW_FIELDS:
                    raise MalformedFileError(
                        path, start, f"record has {len(current)} values, expected {_RAW_FIELDS}"
                    )
                try:
                    records.append([float(t) for t in current[:-1]])
                except ValueError:
                    bad = next(t for t in current[:-1] if not _is_number(t))
                    raise MalformedFileError(
                        path, start, f"record holds {bad!r}, not a number"
                    ) from None
                starts.append(start)
                current = []
    if current:
        raise MalformedFileError(
            path, start, f"unterminated record ({len(current)} values, no 'name')"
        )
    if not records:
        raise MalformedFileError(path, None, "no records")
    table = np.asarray(records)
    table[table == -9] = np.nan
    frame = pd.DataFrame({name: table[:, pos - 1] for name, pos in HUNGARIAN_RAW_POSITIONS.items()})
    frame["id"] = frame["id"].astype("int64")
    for c in HEART_COLUMNS:
        if c != "oldpeak":
            x = frame[c].to_numpy()
            bad = ~np.isnan(x) & (x != np.round(x))
            if bad.any():
                i = int(np.argmax(bad))
                raise MalformedFileError(path, starts[i], f"{c} is {x[i]!r}, not an integer")
    frame = frame[["id", *HEART_COLUMNS]]
    frame.insert(1, "line", np.asarray(starts, dtype="int64"))
    return _fix_dtypes(frame)


def load_hungarian_heart(
    *,
    source: Literal["processed", "raw"] = "processed",
    drop_duplicates: bool = True,
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """Load the Hungarian heart-disease records (UCI Heart Disease, Hungarian subset).

    The default reproduces the paper's counts (agglomerative clustering, Sec. VII-B):
    293 patients, 38 distinct ages, 154 distinct cholesterol levels, 281 distinct
    (age, chol) pairs of which 269 occur once. The rule:
    read ``processed.hungarian.data`` (294 rows), drop the one exact duplicate row, and keep
    the 23 patients with unknown cholesterol, counting "unknown" as one more cholesterol level
    (``nunique(dropna=False)``, ``groupby(..., dropna=False)``).

    Parameters
    ----------
    source : {"processed", "raw"}
        ``"processed"`` reads ``processed.hungarian.data`` (14 attributes, ``?`` missing).
        ``"raw"`` parses ``hungarian.data`` (294 records of 76 values, ``-9`` missing) and
        extracts the same 14 attributes, plus the patient ``id`` and the ``line`` where each
        record starts; ``num`` is then the raw diagnosis 0-4 (the processed file has 0/1,
        i.e. ``num > 0``), and ``ca`` keeps a raw value 9 that the processed file has as
        missing. Both give the same (age, chol) pairs and the same counts.
    drop_duplicates : bool
        Drop rows identical on the 14 attributes, keeping the first (one row: two different
        patients, ids 1216 and 1157, with identical attributes). Default True (the paper's 293).
    data_home : path, optional
        Data folder root; files are checked against their sha256.

    Returns
    -------
    pandas.DataFrame
        One row per patient. ``age`` int64 (years, 28-66); ``oldpeak`` float64;
        ``sex, cp, trestbps, chol, fbs, restecg, thalach, exang, slope, ca, thal, num``
        Int64 (nullable; missing values are ``<NA>``, e.g. 23 unknown ``chol``).
        With ``source="raw"`` two int64 columns ``id`` and ``line`` come first.
        The index is a RangeIndex.

    See Also
    --------
    nsp.datasets.uci_metadata : UCI's variable descriptions (network; UCI's table is Cleveland's).

    Examples
    --------
    >>> d = load_hungarian_heart()
    >>> len(d), d["age"].nunique(), d["chol"].nunique(dropna=False)
    (293, 38, 154)
    >>> pairs = d.groupby(["age", "chol"], dropna=False).size()
    >>> len(pairs), int((pairs == 1).sum())
    (281, 269)
    """
    if source == "processed":
        frame = _read_processed(
            registered_path(
                "heart_disease_hungarian", "processed.hungarian.data", data_home=data_home
            )
        )
    elif source == "raw":
        frame = _read_raw(
            registered_path("heart_disease_hungarian", "hungarian.data", data_home=data_home)
        )
    else:
        raise ValueError(f"source must be 'processed' or 'raw'; got {source!r}")
    if drop_duplicates:
        frame = frame.drop_duplicates(subset=list(HEART_COLUMNS), keep="first")
    return frame.reset_index(drop=True)


def joint_counts(
    data: Any, *, s: str, x: str, engine: Literal["pandas", "dask"] = "pandas"
) -> pd.DataFrame:
    """Count table ``N(s, x)`` of two columns: rows the sorted values of ``s``, columns of ``x``.

    The counts behind the agglomerative experiment's (age, chol) joint: rows and columns in
    the order of :meth:`nsp.uncertain.JointRange.from_frame` for sortable values, records with
    a missing ``s`` or ``x`` dropped; ``N / N.sum()`` is the empirical pmf. Both engines give
    equal tables.

    Parameters
    ----------
    data : pandas.DataFrame, or with ``engine="dask"`` a Dask DataFrame, path glob or list of paths
        The records (files: Parquet or CSV with a header).
    s, x : str
        The two columns (distinct).
    engine : {"pandas", "dask"}
        ``"pandas"`` counts in memory; ``"dask"`` groups and counts on Dask
        (``pip install "nsp-privacy[scale]"``).

    Returns
    -------
    pandas.DataFrame
        int64 counts; index the values of ``s`` (named ``s``), columns those of ``x``; only
        values that occur.

    Raises
    ------
    ValueError
        If a column is missing, ``s == x``, or no record is left.

    See Also
    --------
    cell_counts : Counts of any number of columns.
    census_joint : Adult's counts ``N(s, x)``.

    Examples
    --------
    >>> df = pd.DataFrame({"age": [30, 30, 40, 50], "chol": [200, 210, 200, 200]})
    >>> joint_counts(df, s="age", x="chol").to_numpy().tolist()
    [[1, 1], [1, 0], [1, 0]]
    """
    engine = check_choice("engine", engine, ("pandas", "dask"))  # type: ignore[assignment]
    if engine == "dask":
        return joint_counts_dask(data, s=s, x=x)
    s, x = check_pair(s, x)
    check_pandas(data, "data")
    missing = [c for c in (s, x) if c not in data.columns]
    if missing:
        raise ValueError(f"data must have the columns {[s, x]} (missing {missing})")
    return finish_table(group_sizes(data[[s, x]].dropna(), [s, x]), s, x)
