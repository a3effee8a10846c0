"""Empirical joint pmfs p(s, x) on Dask: count tables of categorical or discretised columns.

The funnel's census experiment (:mod:`nsp.papers.privacy_funnel`) and the agglomerative
experiment (:mod:`nsp.papers.agglomerative`) start from the counts ``N(s, x)`` of a table's
records. Here each partition is discretised by the pandas functions themselves and reduced to
the counts of its (s, x) cells; the per-partition counts are added by a tree reduction. The
count tables are integers, so they equal the pandas ones exactly, and so does ``N / N.sum()``.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from nsp.joint import Joint
from nsp.papers import privacy_funnel as _pf

from ._core import DaskInput, as_dask_frame, import_dask

__all__ = ["census_joint", "joint_counts"]


def _adult_columns(columns: Sequence[Hashable]) -> list[str]:
    out = []
    for name in ("age", "sex", "education_num", "income"):
        found = [c for c in (name, name.replace("_", "-")) if c in columns]
        if not found:
            raise ValueError(f"data must have a column {name!r} (or {name.replace('_', '-')!r})")
        out.append(str(found[0]))
    return out


def _cells(
    part: pd.DataFrame,
    age_edges: Any,
    education_scheme: str,
    s_attrs: tuple[str, ...],
    x_attrs: tuple[str, ...],
) -> pd.Series:
    codes = _pf.discretize_adult(part, age_edges=age_edges, education_scheme=education_scheme)
    card = codes.attrs["cardinalities"]
    s_shape = tuple(card[a] for a in s_attrs)
    x_shape = tuple(card[a] for a in x_attrs)
    s_idx = np.ravel_multi_index(tuple(codes[a].to_numpy() for a in s_attrs), s_shape)
    x_idx = np.ravel_multi_index(tuple(codes[a].to_numpy() for a in x_attrs), x_shape)
    return pd.Series(s_idx * int(np.prod(x_shape)) + x_idx, dtype=np.int64, name="cell")


def census_joint(
    data: DaskInput,
    *,
    age_edges: str | Sequence[int] = "decade",
    education_scheme: str = "4level",
    s_attrs: Sequence[str] = ("age", "income"),
    x_attrs: Sequence[str] = ("age", "sex", "education"),
) -> Joint:
    """Count ``N(s, x)`` of Adult-like records on Dask: discretise, then count the cells.

    Equal to ``privacy_funnel.census_joint(privacy_funnel.discretize_adult(df, ...), ...)`` on
    the records gathered in memory: the same counts (exactly), pmf, labels and attributes.

    Parameters
    ----------
    data : dask.dataframe.DataFrame, path glob or list of paths
        Records with the columns ``age``, ``sex``, ``education-num`` (or ``education_num``) and
        ``income``, as :func:`nsp.datasets.load_adult` returns them (Parquet or CSV files with
        a header).
    age_edges : str or sequence of int
        As in :func:`~nsp.papers.privacy_funnel.discretize_adult`, except ``"quantile"``
        (equal-frequency bins need every age at once: compute the edges first and pass them).
    education_scheme : str
        A key of :data:`~nsp.papers.privacy_funnel.EDUCATION_SCHEMES`.
    s_attrs, x_attrs : sequence of str
        The attributes of S and of X (C order).

    Returns
    -------
    nsp.joint.Joint
        With ``settings`` empty, as :func:`~nsp.papers.privacy_funnel.census_joint` leaves it.

    Raises
    ------
    ValueError
        If a column is missing, a value falls outside the bins (when computed), there is no
        record, or an option is invalid.

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> df = pd.DataFrame({"age": [20, 30, 30], "sex": ["Male", "Female", "Female"],
    ...                    "education-num": [9, 13, 13], "income": ["<=50K", ">50K", ">50K"]})
    >>> census_joint(dd.from_pandas(df, npartitions=2)).n_records
    3
    """
    import_dask()
    s_attrs, x_attrs = tuple(s_attrs), tuple(x_attrs)
    if isinstance(age_edges, str) and isinstance(_pf.AGE_BINNINGS.get(age_edges), str):
        raise ValueError(
            f"age_edges={age_edges!r} needs every age at once (equal-frequency bins): compute "
            "the edges first (e.g. from the ages' value counts) and pass them as a list"
        )
    # The bins, labels and option checks of the pandas path, on no record.
    empty = pd.DataFrame(
        {"age": pd.Series([], dtype=float), "sex": [], "education-num": [], "income": []}
    )
    template = _pf.discretize_adult(empty, age_edges=age_edges, education_scheme=education_scheme)
    card = template.attrs["cardinalities"]
    for a in s_attrs + x_attrs:
        if a not in card:
            raise ValueError(f"attributes must be among {tuple(card)}; got {a!r}")
    if not s_attrs or not x_attrs:
        raise ValueError("s_attrs and x_attrs must be non-empty")
    frame = as_dask_frame(data, columns=None, name="data")
    frame = frame[_adult_columns(list(frame.columns))]
    n_s = int(np.prod([card[a] for a in s_attrs]))
    n_x = int(np.prod([card[a] for a in x_attrs]))
    meta = pd.Series([], dtype=np.int64, name="cell")
    cells = frame.map_partitions(
        _cells, age_edges, education_scheme, s_attrs, x_attrs, meta=meta
    ).value_counts()
    got = cells.compute()
    flat = np.zeros(n_s * n_x, dtype=np.int64)
    flat[got.index.to_numpy(np.int64)] = got.to_numpy(np.int64)
    counts = flat.reshape(n_s, n_x)
    if counts.sum() == 0:
        raise ValueError("data has no rows")
    # Labels as the pandas path writes them: one record per cell through census_joint.
    grid = pd.DataFrame(
        list(itertools.product(*(range(n) for n in card.values()))), columns=list(card)
    )
    grid.attrs.update(template.attrs)
    labelled = _pf.census_joint(grid, s_attrs=s_attrs, x_attrs=x_attrs)
    return dataclasses.replace(
        labelled, counts=counts, p_sx=counts / counts.sum(), n_records=int(counts.sum())
    )


def joint_counts(data: DaskInput, *, s: str, x: str) -> pd.DataFrame:
    """Count table ``N(s, x)`` of two columns on Dask: rows the sorted values of ``s``, columns x.

    The counts behind :func:`nsp.papers.agglomerative.hungarian_pmf`: rows and columns in the
    order of :meth:`nsp.uncertain.JointRange.from_frame` for sortable values, records with a
    missing ``s`` or ``x`` dropped; ``N / N.sum()`` is the empirical pmf.

    Parameters
    ----------
    data : dask.dataframe.DataFrame, path glob or list of paths
        The records (Parquet or CSV files with a header).
    s, x : str
        The two columns (distinct).

    Returns
    -------
    pandas.DataFrame
        int64 counts; index the values of ``s`` (named ``s``), columns those of ``x``; only
        values that occur.

    Raises
    ------
    ValueError
        If a column is missing, ``s == x``, or no record is left.

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> df = pd.DataFrame({"age": [30, 30, 40, 50], "chol": [200, 210, 200, 200]})
    >>> joint_counts(dd.from_pandas(df, npartitions=2), s="age", x="chol").to_numpy().tolist()
    [[1, 1], [1, 0], [1, 0]]
    """
    if not isinstance(s, str) or not isinstance(x, str) or s == x:
        raise ValueError(f"s and x must be two distinct column names; got {s!r}, {x!r}")
    frame = as_dask_frame(data, columns=[s, x], name="data").dropna()
    sizes = frame.groupby([s, x], observed=True).size().compute()
    if sizes.sum() == 0:
        raise ValueError("data has no row left (after dropping missing values)")
    table = sizes.unstack(fill_value=0).astype(np.int64)
    table = table.loc[sorted(table.index), sorted(table.columns)]
    table.index.name, table.columns.name = s, x
    return table
