"""Count tables of records: Adult's census cells, combinations of any columns; kernels, Dask paths.

The row-level kernels (:func:`discretize_rows`, :func:`cell_codes`, :func:`census_labels`,
:func:`group_sizes`, :func:`finish_table`) are shared by both engines of
:func:`nsp.datasets.census_joint`, :func:`nsp.datasets.discretize_adult`,
:func:`nsp.datasets.cell_counts` and :func:`nsp.datasets.joint_counts`: the pandas engine
applies them to the whole frame, the Dask paths here to each partition, whose per-partition
counts are added by a tree reduction. The counts are integers, so both engines give equal
tables.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp._dask import DaskInput, as_dask_frame, import_dask
from nsp._validation import check_choice, check_frame

__all__ = [
    "ADULT_ATTRIBUTES",
    "AGE_BINNINGS",
    "EDUCATION_SCHEMES",
    "adult_columns",
    "census_counts_dask",
    "census_labels",
    "check_pair",
    "cell_codes",
    "cell_counts_dask",
    "check_attributes",
    "discretize_dask",
    "discretize_rows",
    "finish_table",
    "group_sizes",
    "joint_counts_dask",
    "sort_sizes",
]

#: Age binnings: left-closed edges (the last bin is closed at 90), or ``"quantile"`` for 7
#: equal-frequency bins computed from the data.
AGE_BINNINGS: dict[str, tuple[int, ...] | str] = {
    "decade": (17, 25, 35, 45, 55, 65, 75, 91),  # the default
    "tens": (17, 20, 30, 40, 50, 60, 70, 91),  # edges 20, 30, ..., 70
    "quantile": "quantile",  # 7 equal-frequency bins (pandas.qcut, right-closed)
}

#: Education groupings: left-closed edges on ``education-num`` (1..16) giving 4 levels.
EDUCATION_SCHEMES: dict[str, tuple[int, ...]] = {
    "4level": (1, 9, 10, 13, 17),  # <HS | HS-grad | some college, assoc | >= bachelor's
    "4level_alt": (1, 10, 11, 14, 17),  # <= HS-grad | some college | assoc, bachelor's | graduate
}

#: The coded attributes of Adult, in the order of the codes' columns.
ADULT_ATTRIBUTES: tuple[str, ...] = ("age", "sex", "education", "income")


def _column(df: pd.DataFrame, name: str) -> pd.Series:
    """Return a column by snake_case name, accepting UCI's hyphenated spelling too."""
    for c in (name, name.replace("_", "-")):
        if c in df.columns:
            return df[c]
    raise ValueError(f"df must have a column {name!r} (or {name.replace('_', '-')!r})")


def adult_columns(columns: Sequence[Hashable]) -> list[str]:
    """Return the names in ``columns`` of age, sex, education-num and income (either spelling)."""
    out = []
    for name in ("age", "sex", "education_num", "income"):
        found = [c for c in (name, name.replace("_", "-")) if c in columns]
        if not found:
            raise ValueError(f"data must have a column {name!r} (or {name.replace('_', '-')!r})")
        out.append(str(found[0]))
    return out


def _age_edges(binning: str | Sequence[int]) -> NDArray[np.float64]:
    """Return the edges of an age binning (empty for the data-driven "quantile")."""
    if isinstance(binning, str):
        if binning not in AGE_BINNINGS:
            raise ValueError(
                f"age_edges must be one of {sorted(AGE_BINNINGS)} or a list of edges; "
                f"got {binning!r}"
            )
        binning = AGE_BINNINGS[binning]
    if isinstance(binning, str):  # "quantile": handled by pandas.qcut
        return np.array([])
    raw = np.asarray(binning)
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"age_edges must be a binning name or numeric edges; got {binning!r}")
    edges = raw.astype(float)
    if edges.ndim != 1 or edges.size < 3 or not np.all(np.diff(edges) > 0):
        raise ValueError(f"age_edges must be >= 3 increasing edges; got {binning!r}")
    return edges


def discretize_rows(
    df: pd.DataFrame, *, age_edges: str | Sequence[int] = "decade", education_scheme: str = "4level"
) -> pd.DataFrame:
    """Code Adult's age, sex, education and income of each row (the kernel of both engines).

    See :func:`nsp.datasets.discretize_adult` for the parameters and the result.
    """
    check_frame("df", df)
    education_scheme = check_choice("education_scheme", education_scheme, EDUCATION_SCHEMES)
    age = _column(df, "age").to_numpy(dtype=float)
    if not np.all(np.isfinite(age)):
        raise ValueError("df must hold a finite age on every row (found a missing age)")
    edges = _age_edges(age_edges)
    if edges.size == 0:  # 7 equal-frequency bins, right-closed as pandas.qcut makes them
        age_code, q_edges = pd.qcut(age, 7, labels=False, retbins=True, duplicates="drop")
        edges = np.asarray(q_edges, dtype=float)
        age_labels = [f"({edges[i]:g},{edges[i + 1]:g}]" for i in range(len(edges) - 1)]
    else:
        if np.any(age < edges[0]) or np.any(age >= edges[-1]):
            raise ValueError(f"age values outside the bins [{edges[0]:g}, {edges[-1]:g})")
        age_code = np.searchsorted(edges, age, side="right") - 1
        age_labels = [f"{edges[i]:g}-{edges[i + 1] - 1:g}" for i in range(len(edges) - 1)]
    ed_edges = np.asarray(EDUCATION_SCHEMES[education_scheme], dtype=float)
    edu = _column(df, "education_num").to_numpy(dtype=float)
    if not np.all(edu >= ed_edges[0]) or np.any(edu >= ed_edges[-1]):
        raise ValueError("education_num values outside 1..16")
    edu_code = np.searchsorted(ed_edges, edu, side="right") - 1
    sex = _column(df, "sex").astype(str).str.strip()
    if not sex.isin(["Female", "Male"]).all():
        raise ValueError("sex must be 'Female' or 'Male'")
    income = _column(df, "income").astype(str).str.strip().str.rstrip(".")
    if not income.isin(["<=50K", ">50K"]).all():
        raise ValueError("income must be '<=50K' or '>50K'")
    out = pd.DataFrame(
        {
            "age": age_code.astype(np.int64),
            "sex": (sex == "Male").to_numpy().astype(np.int64),
            "education": edu_code.astype(np.int64),
            "income": (income == ">50K").to_numpy().astype(np.int64),
        }
    )
    ed_labels = [
        f"edu{int(a)}-{int(b) - 1}" for a, b in zip(ed_edges[:-1], ed_edges[1:], strict=True)
    ]
    out.attrs["cardinalities"] = {
        "age": len(age_labels),
        "sex": 2,
        "education": len(ed_labels),
        "income": 2,
    }
    out.attrs["labels"] = {
        "age": age_labels,
        "sex": ["F", "M"],
        "education": ed_labels,
        "income": ["<=50K", ">50K"],
    }
    out.attrs["age_edges"] = edges.tolist()
    return out


def check_attributes(
    card: dict[str, int], s_attrs: Sequence[str], x_attrs: Sequence[str]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(s_attrs, x_attrs)`` as tuples of known attributes, both non-empty."""
    s_attrs, x_attrs = tuple(s_attrs), tuple(x_attrs)
    for a in s_attrs + x_attrs:
        if a not in ADULT_ATTRIBUTES or a not in card:
            raise ValueError(f"attributes must be among {ADULT_ATTRIBUTES}; got {a!r}")
    if not s_attrs or not x_attrs:
        raise ValueError("s_attrs and x_attrs must be non-empty")
    return s_attrs, x_attrs


def cell_codes(
    codes: pd.DataFrame,
    card: dict[str, int],
    s_attrs: tuple[str, ...],
    x_attrs: tuple[str, ...],
) -> NDArray[np.int64]:
    """Return the (s, x) cell of each coded row, ``s · n_x + x`` with s and x in C order."""
    s_shape = tuple(card[a] for a in s_attrs)
    x_shape = tuple(card[a] for a in x_attrs)
    s_idx = np.ravel_multi_index(tuple(codes[a].to_numpy() for a in s_attrs), s_shape)
    x_idx = np.ravel_multi_index(tuple(codes[a].to_numpy() for a in x_attrs), x_shape)
    return np.asarray(s_idx * int(np.prod(x_shape)) + x_idx, dtype=np.int64)


def census_labels(
    labels: dict[str, list[str]], attrs: tuple[str, ...], card: dict[str, int]
) -> list[str]:
    """Return a label per letter of the attributes ``attrs`` in C order (``"17-24|F|edu1-8"``)."""
    shape = tuple(card[a] for a in attrs)
    return [
        "|".join(labels[a][i] for a, i in zip(attrs, idx, strict=True))
        for idx in np.ndindex(*shape)
    ]


#: No record, in Adult's columns: what the Dask engine discretizes for the bins and labels.
_EMPTY_ADULT = pd.DataFrame(
    {"age": pd.Series([], dtype=float), "sex": [], "education-num": [], "income": []}
)


def _partition_codes(part: pd.DataFrame, age_edges: Any, education_scheme: str) -> pd.DataFrame:
    codes = discretize_rows(part, age_edges=age_edges, education_scheme=education_scheme)
    codes.index = part.index  # the codes of a record keep its row label
    codes.attrs.clear()
    return codes


def _partition_cells(
    part: pd.DataFrame,
    age_edges: Any,
    education_scheme: str,
    s_attrs: tuple[str, ...],
    x_attrs: tuple[str, ...],
) -> pd.Series:
    codes = discretize_rows(part, age_edges=age_edges, education_scheme=education_scheme)
    cells = cell_codes(codes, codes.attrs["cardinalities"], s_attrs, x_attrs)
    return pd.Series(cells, dtype=np.int64, name="cell")


def _check_no_quantile(age_edges: str | Sequence[int]) -> None:
    if isinstance(age_edges, str) and isinstance(AGE_BINNINGS.get(age_edges), str):
        raise ValueError(
            f"age_edges={age_edges!r} needs every age at once (equal-frequency bins): compute "
            "the edges first (e.g. from the ages' value counts) and pass them as a list"
        )


def _adult_frame(data: DaskInput) -> Any:
    frame = as_dask_frame(data, columns=None, name="data")
    return frame[adult_columns(list(frame.columns))]


def discretize_dask(
    data: DaskInput, *, age_edges: str | Sequence[int], education_scheme: str
) -> Any:
    """Run the Dask engine of :func:`nsp.datasets.discretize_adult`: a lazy frame of codes."""
    import_dask()
    _check_no_quantile(age_edges)
    discretize_rows(_EMPTY_ADULT, age_edges=age_edges, education_scheme=education_scheme)
    frame = _adult_frame(data)
    meta = pd.DataFrame({a: pd.Series([], dtype=np.int64) for a in ADULT_ATTRIBUTES})
    return frame.map_partitions(_partition_codes, age_edges, education_scheme, meta=meta)


def census_counts_dask(
    data: DaskInput,
    *,
    age_edges: str | Sequence[int],
    education_scheme: str,
    s_attrs: Sequence[str],
    x_attrs: Sequence[str],
) -> tuple[NDArray[np.int64], pd.DataFrame]:
    """Run the Dask engine of :func:`nsp.datasets.census_joint`: the counts, the empty codes.

    Returns the ``(n_s, n_x)`` int64 counts and the codes of no record, whose ``attrs`` hold
    the cardinalities and labels.
    """
    import_dask()
    _check_no_quantile(age_edges)
    # The bins, labels and option checks of the pandas engine, on no record.
    template = discretize_rows(_EMPTY_ADULT, age_edges=age_edges, education_scheme=education_scheme)
    card = template.attrs["cardinalities"]
    s_attrs, x_attrs = check_attributes(card, s_attrs, x_attrs)
    frame = _adult_frame(data)
    n_s = int(np.prod([card[a] for a in s_attrs]))
    n_x = int(np.prod([card[a] for a in x_attrs]))
    meta = pd.Series([], dtype=np.int64, name="cell")
    cells = frame.map_partitions(
        _partition_cells, age_edges, education_scheme, s_attrs, x_attrs, meta=meta
    ).value_counts()
    got = cells.compute()
    flat = np.zeros(n_s * n_x, dtype=np.int64)
    flat[got.index.to_numpy(np.int64)] = got.to_numpy(np.int64)
    return flat.reshape(n_s, n_x), template


def finish_table(sizes: pd.Series, s: str, x: str) -> pd.DataFrame:
    """Return the count table of (s, x) group sizes: int64, sorted rows and columns, named axes."""
    if sizes.sum() == 0:
        raise ValueError("data has no row left (after dropping missing values)")
    table = sizes.unstack(fill_value=0).astype(np.int64)
    table = table.loc[sorted(table.index), sorted(table.columns)]
    table.index.name, table.columns.name = s, x
    return table


def check_pair(s: object, x: object) -> tuple[str, str]:
    """``(s, x)`` if they are two distinct column names."""
    if not isinstance(s, str) or not isinstance(x, str) or s == x:
        raise ValueError(f"s and x must be two distinct column names; got {s!r}, {x!r}")
    return s, x


def joint_counts_dask(data: DaskInput, *, s: str, x: str) -> pd.DataFrame:
    """Run the Dask engine of :func:`nsp.datasets.joint_counts`."""
    s, x = check_pair(s, x)
    sizes, _, _ = cell_counts_dask(data, [s, x], drop_missing=True)
    return finish_table(sizes, s, x)


def group_sizes(frame: pd.DataFrame, columns: Sequence[str]) -> pd.Series:
    """Return the records per observed combination of ``columns`` (the kernel of both engines).

    Rows with a missing value in any of ``columns`` are not counted. The result is int64,
    indexed by the combinations (one level per column), sorted, and named ``"count"``.
    """
    sizes = frame.groupby(list(columns), observed=True, sort=False).size()
    return sort_sizes(sizes)


def sort_sizes(sizes: pd.Series) -> pd.Series:
    """Return group sizes as int64 named ``"count"``, in the sorted order of their index."""
    out = sizes.astype(np.int64).sort_index()
    out.name = "count"
    return out


def cell_counts_dask(
    data: DaskInput, columns: Sequence[str], *, drop_missing: bool
) -> tuple[pd.Series, pd.Series, int]:
    """Run the Dask engine of :func:`nsp.datasets.cell_counts`: one pass over the records.

    Returns the group sizes of :func:`group_sizes`, the number of missing values of each
    column and the number of records, all from the same pass (with ``drop_missing`` the
    missing values are dropped, not counted: zeros, and the records left).
    """
    frame = as_dask_frame(data, columns=list(columns), name="data")
    if drop_missing:
        sizes = sort_sizes(frame.dropna().groupby(list(columns), observed=True).size().compute())
        return sizes, pd.Series(0, index=list(columns), dtype=np.int64), int(sizes.sum())
    dask = import_dask(frames=False)
    sizes, missing, n_records = dask.compute(
        frame.groupby(list(columns), observed=True).size(), frame.isna().sum(), frame.shape[0]
    )
    return sort_sizes(sizes), missing.astype(np.int64), int(n_records)
