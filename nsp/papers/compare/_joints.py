"""The two joints on which every method is compared: the census and the Hungarian heart data.

Each is an :class:`nsp.joint.Joint`: the empirical pmf ``p(s, x)`` (S on axis 0), the labels of
S and X and, where X is ordered, the numeric value of every letter of X (``x_values``), which
the noiseless quantizer, the exponential mechanism, interval k-anonymity, the U2 utility of
Ding & Farokhi and the squared-error distortion need. Every value of S and of X has positive
mass, as the sweeps of :mod:`nsp.notions` require.
"""

from __future__ import annotations

import os
from typing import Any, Literal

import numpy as np
import pandas as pd

from nsp._validation import check_choice
from nsp.datasets import discretize_adult, load_adult
from nsp.joint import Joint
from nsp.papers.agglomerative import hungarian_age_chol, hungarian_joint_range, hungarian_pmf
from nsp.papers.privacy_funnel import adult_census_joint

__all__ = ["DATASETS", "census_income_joint", "census_table", "comparison_joint", "heart_joint"]

#: The names :func:`comparison_joint` accepts.
DATASETS: tuple[str, ...] = ("census", "heart")


def census_income_joint(*, data_home: str | os.PathLike[str] | None = None) -> Joint:
    """Return the census joint: S = income, X = (age decade, sex, education level) of Adult.

    Built by :func:`nsp.papers.privacy_funnel.adult_census_joint` with its default choices
    (both files, no row dropped, decade age bins, four education levels) except that S is the
    income alone. X is not ordered (sex is nominal), so ``x_values`` is None.

    Parameters
    ----------
    data_home : path, optional
        Where the data are (see :func:`nsp.datasets.load_adult`).

    Returns
    -------
    Joint
        2 × 56, from 48 842 records.

    Examples
    --------
    >>> j = census_income_joint()
    >>> j.p_sx.shape, j.n_records, j.s_labels, j.ordered
    ((2, 56), 48842, ('<=50K', '>50K'), False)
    """
    cj = adult_census_joint(s_attrs=("income",), data_home=data_home)
    keep = np.flatnonzero(cj.p_sx.sum(axis=0) > 0)  # letters no record has are not in [[X]]
    return Joint(
        cj.p_sx[:, keep],
        counts=None if cj.counts is None else cj.counts[:, keep],
        name="census",
        s_name="income",
        x_name="age|sex|education",
        s_labels=cj.s_labels,
        x_labels=[cj.x_labels[i] for i in keep],
        settings=cj.settings,
    )


def census_table(*, data_home: str | os.PathLike[str] | None = None) -> pd.DataFrame:
    """Return the census records as a table: income, age decade, sex and education level.

    The Adult records (:func:`nsp.datasets.load_adult`, both files) coded as
    :func:`census_income_joint` codes them (:func:`nsp.datasets.discretize_adult` with its
    defaults), each column a categorical of the codes' labels in the codes' order, so that
    :func:`nsp.papers.compare.compare_table` with ``secret="income"`` and
    ``public=["age", "sex", "education"]`` counts exactly :func:`census_income_joint`: the
    census as an example of a user's own table.

    Parameters
    ----------
    data_home : path, optional
        Where the data are (see :func:`nsp.datasets.load_adult`).

    Returns
    -------
    pandas.DataFrame
        48 842 rows; columns ``income``, ``age``, ``sex``, ``education`` (categoricals).

    Examples
    --------
    >>> t = census_table()
    >>> t.shape, list(t.columns)
    ((48842, 4), ['income', 'age', 'sex', 'education'])
    >>> list(t.education.cat.categories)
    ['edu1-8', 'edu9-9', 'edu10-12', 'edu13-16']
    """
    codes = discretize_adult(load_adult(data_home=data_home))
    labels = codes.attrs["labels"]
    return pd.DataFrame(
        {
            col: pd.Categorical.from_codes(codes[col].to_numpy(), labels[col])
            for col in ("income", "age", "sex", "education")
        }
    )


def heart_joint(
    *,
    missing: Literal["keep", "drop"] = "drop",
    data_home: str | os.PathLike[str] | None = None,
) -> Joint:
    """Return the Hungarian heart joint: S = age (years), X = serum cholesterol (mg/dl).

    Built by :func:`nsp.papers.agglomerative.hungarian_age_chol` and
    :func:`~nsp.papers.agglomerative.hungarian_pmf`. X is ordered; ``x_values`` are the
    cholesterol levels.

    Parameters
    ----------
    missing : {"drop", "keep"}
        ``"drop"`` (default) drops the records without a cholesterol value; ``"keep"`` keeps
        them as the level −9 (the raw files' sentinel), which reproduces the counts of Ding &
        Farokhi but enters every numeric distortion as a cholesterol of −9 mg/dl.
    data_home : path, optional
        Passed to :func:`nsp.datasets.load_hungarian_heart`.

    Returns
    -------
    Joint

    Examples
    --------
    >>> j = heart_joint()
    >>> j.p_sx.shape, j.n_records, j.x_values[:3].tolist()
    ((37, 153), 271, [85.0, 100.0, 117.0])
    >>> heart_joint(missing="keep").p_sx.shape      # the paper's 38 ages, 154 levels
    (38, 154)
    """
    missing = check_choice("missing", missing, ("keep", "drop"))  # type: ignore[assignment]
    df = hungarian_age_chol(missing=missing, data_home=data_home)
    r = hungarian_joint_range(df)
    return Joint(
        hungarian_pmf(df),
        name="heart",
        s_name="age",
        x_name="cholesterol",
        s_labels=r.s_labels,
        x_labels=r.x_labels,
        x_values=np.asarray(r.x_labels, dtype=float),
        n_records=len(df),
        settings={"missing": missing},
    )


def comparison_joint(name: str, **kwargs: Any) -> Joint:
    """Return the joint called ``name`` (one of :data:`DATASETS`).

    Parameters
    ----------
    name : {"census", "heart"}
        Which joint.
    **kwargs
        Passed to :func:`census_income_joint` or :func:`heart_joint`.

    Returns
    -------
    Joint

    Examples
    --------
    >>> comparison_joint("heart").x_name
    'cholesterol'
    """
    name = check_choice("name", name, DATASETS)
    return census_income_joint(**kwargs) if name == "census" else heart_joint(**kwargs)
