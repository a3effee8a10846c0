"""UCI Adult (Census Income): the 1994 US Census extract of the privacy-funnel experiment.

:func:`load_adult` reads UCI's original files (checksummed, offline). UCI's description of
each variable (role, type, description, units, missing values) comes from its web API through
``ucimlrepo``: ``nsp.datasets.uci_metadata("adult")`` (needs the network).
"""

from __future__ import annotations

import os
from typing import Literal

import pandas as pd

from ._fetching import registered_path
from ._io import read_table

__all__ = ["ADULT_COLUMNS", "load_adult"]

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
