"""The Hungarian heart-disease data of §VII-B: (age, cholesterol) and its counts.

The records (:func:`hungarian_age_chol`), their joint range and empirical pmf
(:func:`hungarian_joint_range`, :func:`hungarian_pmf`), the range with a further attribute
the adversary knows (:func:`hungarian_side_range`) and the counts of §VII-B beside the
paper's (:data:`PAPER_COUNTS`, :func:`dataset_statistics`, table T2).
"""

from __future__ import annotations

import os
from collections.abc import Hashable
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp._validation import check_choice, check_int
from nsp.datasets import joint_counts, load_hungarian_heart
from nsp.uncertain import JointRange, k_anonymity, maximin_information, nonstochastic_leakage

__all__ = [
    "PAPER_COUNTS",
    "dataset_statistics",
    "hungarian_age_chol",
    "hungarian_joint_range",
    "hungarian_pmf",
    "hungarian_side_range",
]


#: §VII-B: patients, ages, cholesterol levels, distinct (age, chol) pairs, pairs seen once.
PAPER_COUNTS: dict[str, float] = {
    "patients": 293,
    "ages": 38,
    "chol_levels": 154,
    "pairs": 281,
    "single_pairs": 269,
}


def hungarian_age_chol(
    *,
    missing: Literal["keep", "drop"] = "keep",
    missing_value: int = -9,
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """Return the (age, chol) columns of the 293 Hungarian records, as int64.

    S = age (sensitive), X = serum cholesterol (released). The paper's counts (38 ages, 154
    cholesterol levels, 281 distinct pairs of which 269 occur once) are reproduced only when
    the 23 missing cholesterol values are kept as one more level; here that level is the
    number ``missing_value`` (``-9``, the sentinel of the raw files), which also enters the
    U2 distortions.

    Parameters
    ----------
    missing : {"keep", "drop"}
        Keep missing cholesterol as the value ``missing_value`` (the paper's counts) or drop
        those 23 records.
    missing_value : int
        The level standing for a missing cholesterol.
    data_home : path, optional
        Passed to :func:`nsp.datasets.load_hungarian_heart`.

    Returns
    -------
    pandas.DataFrame
        Columns ``age`` and ``chol``.

    Examples
    --------
    >>> df = hungarian_age_chol()
    >>> len(df), df.chol.nunique()
    (293, 154)
    """
    missing = check_choice("missing", missing, ("keep", "drop"))  # type: ignore[assignment]
    missing_value = check_int("missing_value", missing_value)
    df = load_hungarian_heart(data_home=data_home)[["age", "chol"]]
    if missing == "keep":
        df = df.assign(chol=df["chol"].fillna(missing_value))
    else:
        df = df.dropna()
    return df.astype({"age": "int64", "chol": "int64"}).reset_index(drop=True)


def hungarian_joint_range(frame: pd.DataFrame | None = None, **kwargs: Any) -> JointRange:
    """Return the joint range ``[[S, X]]`` of (age, chol): sorted ages × sorted cholesterol.

    Parameters
    ----------
    frame : pandas.DataFrame, optional
        Columns ``age`` and ``chol`` (default: :func:`hungarian_age_chol` with ``kwargs``).
    **kwargs
        Passed to :func:`hungarian_age_chol`.

    Returns
    -------
    JointRange
        The x labels are the cholesterol values (numbers), so U2 can use them directly.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §VII-B.
    """
    df = hungarian_age_chol(**kwargs) if frame is None else frame
    return JointRange.from_frame(df, s="age", x="chol")


def hungarian_pmf(frame: pd.DataFrame | None = None, **kwargs: Any) -> NDArray[np.float64]:
    """Return the empirical pmf ``p[s, x]`` of (age, chol), aligned with the joint range.

    Parameters
    ----------
    frame : pandas.DataFrame, optional
        Columns ``age`` and ``chol`` (default: :func:`hungarian_age_chol` with ``kwargs``).
    **kwargs
        Passed to :func:`hungarian_age_chol`.

    Returns
    -------
    numpy.ndarray, shape (n_s, n_x)
        Rows and columns in the order of :func:`hungarian_joint_range`; the counts are
        :func:`nsp.datasets.joint_counts`.
    """
    df = hungarian_age_chol(**kwargs) if frame is None else frame
    r = JointRange.from_frame(df, s="age", x="chol")
    table = joint_counts(df, s="age", x="chol")
    table = table.reindex(index=list(r.s_labels), columns=list(r.x_labels), fill_value=0)
    counts = np.ascontiguousarray(table.to_numpy(dtype=np.float64))
    return counts / counts.sum()


def dataset_statistics(frame: pd.DataFrame | None = None, **kwargs: Any) -> pd.DataFrame:
    """Table T2: the §VII-B counts beside the paper's, plus further facts of the joint range.

    Parameters
    ----------
    frame : pandas.DataFrame, optional
        Columns ``age`` and ``chol`` (default: :func:`hungarian_age_chol` with ``kwargs``).
    **kwargs
        Passed to :func:`hungarian_age_chol`.

    Returns
    -------
    pandas.DataFrame
        Columns ``quantity``, ``paper`` (NaN where the paper prints nothing) and ``ours``.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §VII-B.
    """
    df = hungarian_age_chol(**kwargs) if frame is None else frame
    r = JointRange.from_frame(df, s="age", x="chol")
    pair_counts = df.groupby(["age", "chol"]).size()
    sizes = r.mask.sum(axis=0)
    ours = {
        "patients": len(df),
        "ages": r.n_s,
        "chol_levels": r.n_x,
        "pairs": int(r.mask.sum()),
        "single_pairs": int((pair_counts == 1).sum()),
        "L0(S->X) [bits]": nonstochastic_leakage(r),
        "I*(S;X) [bits]": maximin_information(r),
        "k-anonymity k*": k_anonymity(r),
        "chol values with a single age": int((sizes == 1).sum()),
        "largest |[[S|x]]|": int(sizes.max()),
    }
    paper = dict(PAPER_COUNTS)
    return pd.DataFrame(
        [{"quantity": k, "paper": paper.get(k, np.nan), "ours": v} for k, v in ours.items()]
    )


def hungarian_side_range(
    *,
    attribute: str = "sex",
    missing: Literal["keep", "drop"] = "keep",
    missing_value: int = -9,
    data_home: str | os.PathLike[str] | None = None,
) -> tuple[NDArray[np.bool_], NDArray[np.float64], tuple[Hashable, ...]]:
    """Return the Hungarian range ``[[S, X, A]]``: age, cholesterol and an attribute A.

    S and X are ordered as in :func:`hungarian_joint_range` (sorted ages, sorted
    cholesterol levels); A is an attribute of the same records the adversary is assumed to
    know (default ``"sex"``), sorted. Records with a missing A are dropped.

    Parameters
    ----------
    attribute : str
        A column of :func:`nsp.datasets.load_hungarian_heart` other than age and chol.
    missing, missing_value, data_home
        As in :func:`hungarian_age_chol`.

    Returns
    -------
    mask : numpy.ndarray of bool, shape (n_s, n_x, n_a)
        ``mask[s, x, a]``: some record has that age, cholesterol and attribute value.
    values : numpy.ndarray of float
        The cholesterol level of every x.
    a_labels : tuple
        The values of A.

    Examples
    --------
    >>> mask, values, a_labels = hungarian_side_range()
    >>> mask.shape, a_labels
    ((38, 154, 2), (0, 1))
    """
    missing = check_choice("missing", missing, ("keep", "drop"))  # type: ignore[assignment]
    missing_value = check_int("missing_value", missing_value)
    df = load_hungarian_heart(data_home=data_home)
    if (
        not isinstance(attribute, str)
        or attribute not in df.columns
        or attribute
        in (
            "age",
            "chol",
        )
    ):
        others = [c for c in df.columns if c not in ("age", "chol")]
        raise ValueError(f"attribute must be one of {others}; got {attribute!r}")
    df = df[["age", "chol", attribute]]
    if missing == "keep":
        df = df.assign(chol=df["chol"].fillna(missing_value))
    df = df.dropna()
    ages = np.sort(df["age"].astype("int64").unique())
    chols = np.sort(df["chol"].astype("int64").unique())
    a_vals = sorted(df[attribute].unique().tolist())
    mask = np.zeros((ages.size, chols.size, len(a_vals)), dtype=bool)
    a_index = {v: i for i, v in enumerate(a_vals)}
    mask[
        np.searchsorted(ages, df["age"].astype("int64").to_numpy()),
        np.searchsorted(chols, df["chol"].astype("int64").to_numpy()),
        [a_index[v] for v in df[attribute]],
    ] = True
    return mask, chols.astype(np.float64), tuple(a_vals)
