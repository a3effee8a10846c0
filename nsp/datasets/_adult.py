"""UCI Adult (Census Income): the 1994 US Census extract of the privacy-funnel experiment.

:func:`load_adult` reads UCI's original files (checksummed, offline); :func:`discretize_adult`
codes age, sex, education and income as small integers and :func:`census_joint` counts the
records per (S, X) cell, in memory or on Dask (``engine="dask"``). UCI's description of
each variable (role, type, description, units, missing values) comes from its web API through
``ucimlrepo``: ``nsp.datasets.uci_metadata("adult")`` (needs the network).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import pandas as pd

from nsp._dask import check_pandas
from nsp._scale import (
    ADULT_ATTRIBUTES,
    AGE_BINNINGS,
    EDUCATION_SCHEMES,
    cell_codes,
    census_counts_dask,
    census_labels,
    check_attributes,
    discretize_dask,
    discretize_rows,
)
from nsp._validation import check_choice

from ._fetching import registered_path
from ._io import read_table

__all__ = [
    "ADULT_ATTRIBUTES",
    "ADULT_COLUMNS",
    "AGE_BINNINGS",
    "EDUCATION_SCHEMES",
    "census_joint",
    "discretize_adult",
    "load_adult",
]

_ENGINES = ("pandas", "dask")

#: The 15 attributes in file order, with UCI's canonical names (as in ``adult.names`` and
#: ``ucimlrepo.fetch_ucirepo(id=2)``).
ADULT_COLUMNS: tuple[str, ...] = (
    "age",
    "workclass",
    "fnlwgt",
    "education",
    "education-num",
    "marital-status",
    "occupation",
    "relationship",
    "race",
    "sex",
    "capital-gain",
    "capital-loss",
    "hours-per-week",
    "native-country",
    "income",
)
_INT_COLUMNS = ("age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week")
_FILES = {"train": "adult.data", "test": "adult.test"}


def _read_split(path: os.PathLike[str] | str, split: str) -> pd.DataFrame:
    kinds = {c: ("int" if c in _INT_COLUMNS else "str") for c in ADULT_COLUMNS}
    frame = read_table(
        path,
        kinds=kinds,
        names=ADULT_COLUMNS,
        header=False,
        skiprows=1 if split == "test" else 0,  # adult.test starts with "|1x3 Cross validator"
        sep=",",
        skipinitialspace=True,
        na_values=("", "?"),
        required=[
            c for c in ADULT_COLUMNS if c not in ("workclass", "occupation", "native-country")
        ],
    )
    frame["income"] = frame["income"].str.rstrip(".")
    frame["split"] = split
    return frame


def load_adult(
    *,
    split: Literal["both", "train", "test"] = "both",
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """Load UCI Adult: ``adult.data`` (train) and/or ``adult.test``, one row per person.

    Parameters
    ----------
    split : {"both", "train", "test"}
        ``"both"`` (default) concatenates train then test: 48,842 rows (the full UCI sample,
        what the privacy-funnel census experiment uses); ``"train"`` 32,561; ``"test"`` 16,281.
    data_home : path, optional
        Data folder root (default ``$NSP_DATA_DIR`` or ``data/``); files are checked against
        their sha256.

    Returns
    -------
    pandas.DataFrame
        Columns (UCI names, file order) and dtypes:

        - ``age``, ``fnlwgt``, ``education-num``, ``capital-gain``, ``capital-loss``,
          ``hours-per-week``: int64;
        - ``workclass``, ``education``, ``marital-status``, ``occupation``,
          ``relationship``, ``race``, ``sex``, ``native-country``: category (values as in
          the files, categories sorted); ``?`` becomes NA (only in workclass, occupation,
          native-country);
        - ``income``: category ``["<=50K", ">50K"]`` (the test file's trailing dot removed);
        - ``split``: category ``["train", "test"]``.

        The index is a RangeIndex. No row is dropped.

    Raises
    ------
    nsp.datasets.DataUnavailableError
        If a file is missing (run ``make data``).
    nsp.datasets.ChecksumError
        If a file differs from the registered version.

    See Also
    --------
    nsp.datasets.uci_metadata : UCI's variable descriptions and processed table (network).

    Examples
    --------
    >>> adult = load_adult()
    >>> adult.shape, adult["income"].value_counts().to_dict()
    ((48842, 16), {'<=50K': 37155, '>50K': 11687})
    """
    if split not in ("both", "train", "test"):
        raise ValueError(f"split must be 'both', 'train' or 'test'; got {split!r}")
    parts = ["train", "test"] if split == "both" else [split]
    frames = [
        _read_split(registered_path("adult", _FILES[s], data_home=data_home), s) for s in parts
    ]
    frame = pd.concat(frames, ignore_index=True)
    for c in ADULT_COLUMNS:
        if c not in _INT_COLUMNS and c != "income":
            frame[c] = frame[c].astype(pd.CategoricalDtype(sorted(frame[c].dropna().unique())))
    frame["income"] = frame["income"].astype(pd.CategoricalDtype(["<=50K", ">50K"]))
    if frame["income"].isna().any():
        raise ValueError("adult: income values other than '<=50K'/'>50K' found")
    frame["split"] = frame["split"].astype(pd.CategoricalDtype(["train", "test"]))
    return frame


def discretize_adult(
    df: Any,
    *,
    age_edges: str | Sequence[int] = "decade",
    education_scheme: str = "4level",
    engine: Literal["pandas", "dask"] = "pandas",
) -> Any:
    """Code Adult's age, sex, education and income as small integers.

    Age → left-closed bins (:data:`AGE_BINNINGS`, default 17, 25, ..., 75, 91: 7 bins),
    education → 4 levels of ``education-num`` (:data:`EDUCATION_SCHEMES`), sex → Female 0,
    Male 1, income → ``<=50K`` 0, ``>50K`` 1 (a trailing ``.``, as in ``adult.test``, is
    ignored).

    Parameters
    ----------
    df : pandas.DataFrame, or with ``engine="dask"`` a Dask DataFrame, path glob or list of paths
        Adult as returned by :func:`load_adult` (``education-num`` or ``education_num``).
    age_edges : str or sequence of int
        A key of :data:`AGE_BINNINGS` or left-closed bin edges (last bin closed).
        ``"quantile"`` needs every age at once: not with ``engine="dask"``.
    education_scheme : str
        A key of :data:`EDUCATION_SCHEMES`.
    engine : {"pandas", "dask"}
        ``"dask"`` returns a lazy Dask frame of the codes (``pip install "nsp-privacy[scale]"``),
        indexed as the records and without ``attrs`` (the pandas engine on no record gives
        them).

    Returns
    -------
    pandas.DataFrame or dask.dataframe.DataFrame
        Integer columns ``age``, ``sex``, ``education``, ``income``, with
        ``attrs["cardinalities"]``, ``attrs["labels"]`` (names of each code) and
        ``attrs["age_edges"]``.

    Raises
    ------
    ValueError
        If a value falls outside the bins or a category is unknown.

    See Also
    --------
    load_adult : The records it codes.
    census_joint : The counts of the coded records.

    Examples
    --------
    >>> df = pd.DataFrame({"age": [17, 30, 90], "sex": ["Male", "Female", "Male"],
    ...                    "education-num": [9, 13, 5], "income": ["<=50K", ">50K", "<=50K"]})
    >>> discretize_adult(df).to_numpy().tolist()
    [[0, 1, 1, 0], [1, 0, 3, 1], [6, 1, 0, 0]]
    """
    engine = check_choice("engine", engine, _ENGINES)  # type: ignore[assignment]
    if engine == "dask":
        return discretize_dask(df, age_edges=age_edges, education_scheme=education_scheme)
    check_pandas(df, "df")
    return discretize_rows(df, age_edges=age_edges, education_scheme=education_scheme)


def census_joint(
    data: Any,
    *,
    age_edges: str | Sequence[int] = "decade",
    education_scheme: str = "4level",
    s_attrs: Sequence[str] = ("age", "income"),
    x_attrs: Sequence[str] = ("age", "sex", "education"),
    engine: Literal["pandas", "dask"] = "pandas",
) -> pd.DataFrame:
    """Count Adult's records per (s, x) cell: the table ``N(s, x)`` of the census experiment.

    The records are coded by :func:`discretize_adult`; S and X are tuples of coded attributes,
    their letters indexed in C order (the last attribute varies fastest: with the defaults
    ``s = 2 age + income`` and ``x = 8 age + 4 sex + education``). ``N / N.sum()`` is the
    plug-in joint pmf ``P_{S,X}``. Both engines give equal counts.

    Parameters
    ----------
    data : pandas.DataFrame, or with ``engine="dask"`` a Dask DataFrame, path glob or list of paths
        Records with the columns ``age``, ``sex``, ``education-num`` (or ``education_num``)
        and ``income``, as :func:`load_adult` returns them (files: Parquet or CSV with a
        header).
    age_edges, education_scheme
        As in :func:`discretize_adult`.
    s_attrs, x_attrs : sequence of str
        The attributes (of :data:`ADULT_ATTRIBUTES`) of S and of X, in index order.
    engine : {"pandas", "dask"}
        ``"pandas"`` counts in memory; ``"dask"`` discretizes and counts each partition on
        Dask (``pip install "nsp-privacy[scale]"``) and adds the counts.

    Returns
    -------
    pandas.DataFrame
        int64 counts, shape ``(n_s, n_x)``, every cell (zeros included); index the labels of
        S's letters (``"17-24|<=50K"``), columns those of X's (``"17-24|F|edu1-8"``), the
        axes named by the attributes joined with ``|``.

    Raises
    ------
    ValueError
        If a column is missing, a value falls outside the bins, there is no record, or an
        option is invalid.

    See Also
    --------
    discretize_adult : The coding of the columns.
    load_adult : The records.
    nsp.papers.privacy_funnel.adult_census_joint : The experiment's pmf.

    Examples
    --------
    >>> df = pd.DataFrame({"age": [20, 30], "sex": ["Male", "Female"],
    ...                    "education-num": [9, 13], "income": ["<=50K", ">50K"]})
    >>> n = census_joint(df)
    >>> n.shape, int(n.to_numpy().sum()), n.columns[0]
    ((14, 56), 2, '17-24|F|edu1-8')
    """
    engine = check_choice("engine", engine, _ENGINES)  # type: ignore[assignment]
    if engine == "dask":
        counts, codes = census_counts_dask(
            data,
            age_edges=age_edges,
            education_scheme=education_scheme,
            s_attrs=s_attrs,
            x_attrs=x_attrs,
        )
        card = codes.attrs["cardinalities"]
        s_attrs, x_attrs = tuple(s_attrs), tuple(x_attrs)
        if counts.sum() == 0:
            raise ValueError("data has no rows")
    else:
        check_pandas(data, "data")
        codes = discretize_rows(data, age_edges=age_edges, education_scheme=education_scheme)
        card = codes.attrs["cardinalities"]
        s_attrs, x_attrs = check_attributes(card, s_attrs, x_attrs)
        n_s = int(np.prod([card[a] for a in s_attrs]))
        n_x = int(np.prod([card[a] for a in x_attrs]))
        cells = cell_codes(codes, card, s_attrs, x_attrs)
        counts = np.bincount(cells, minlength=n_s * n_x).reshape(n_s, n_x).astype(np.int64)
        if counts.sum() == 0:
            raise ValueError("data has no rows")
    labels = codes.attrs["labels"]
    return pd.DataFrame(
        counts,
        index=pd.Index(census_labels(labels, s_attrs, card), name="|".join(s_attrs)),
        columns=pd.Index(census_labels(labels, x_attrs, card), name="|".join(x_attrs)),
    )
