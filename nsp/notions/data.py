"""The two joints on which every method is compared: the census and the Hungarian heart data.

Each is a :class:`ComparisonJoint`: the empirical pmf ``p(s, x)`` (S on axis 0), the labels of
S and X and, where X is ordered, the numeric value of every letter of X (``x_values``), which
the noiseless quantizer, the exponential mechanism, interval k-anonymity, the U2 utility of
Ding & Farokhi and the squared-error distortion need.

* :func:`census_joint` — Adult (both files, 48 842 records), S = income (2 values),
  X = (age decade, sex, education level) (56 letters) as in the census experiment of
  Makhdoumi et al. X has no order (sex is nominal): ``x_values`` is None.
* :func:`heart_joint` — the Hungarian heart data of Ding & Farokhi, S = age, X = serum
  cholesterol (mg/dl), ordered: ``x_values`` are the cholesterol levels.

Both are built by the loaders of :mod:`nsp.papers.privacy_funnel` and
:mod:`nsp.papers.agglomerative`; :func:`make_joint` builds one from any pmf.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._validation import as_pmf, as_real_array, check_choice, check_int

__all__ = [
    "DATASETS",
    "ComparisonJoint",
    "census_joint",
    "comparison_joint",
    "heart_joint",
    "make_joint",
]

#: The names :func:`comparison_joint` accepts.
DATASETS: tuple[str, ...] = ("census", "heart")


@dataclass(frozen=True, eq=False)
class ComparisonJoint:
    """A joint pmf ``p(s, x)`` with its labels: the common input of every compared method.

    Build one with :func:`make_joint` (which validates it), :func:`census_joint` or
    :func:`heart_joint`.

    Attributes
    ----------
    name : str
        Short name (``"census"``, ``"heart"``), used in figure keys.
    p_sx : numpy.ndarray, shape (n_s, n_x)
        The pmf; every value of S and of X has positive mass. Read-only.
    s_name, x_name : str
        What S and X are.
    s_labels, x_labels : tuple of str
        A label per value of S and of X.
    x_values : numpy.ndarray or None
        The numeric value of every letter of X, strictly increasing, when X is ordered; else
        None. Read-only.
    n_records : int
        The number of records behind the empirical pmf (0 when it is not empirical).
    """

    name: str
    p_sx: NDArray[np.float64]
    s_name: str
    x_name: str
    s_labels: tuple[str, ...]
    x_labels: tuple[str, ...]
    x_values: NDArray[np.float64] | None
    n_records: int

    @property
    def n_s(self) -> int:
        """|S|."""
        return int(self.p_sx.shape[0])

    @property
    def n_x(self) -> int:
        """|X|."""
        return int(self.p_sx.shape[1])

    @property
    def ordered(self) -> bool:
        """True when X is ordered (``x_values`` given)."""
        return self.x_values is not None

    @property
    def support(self) -> NDArray[np.bool_]:
        """The joint range ``[[S, X]]`` = the support of ``p(s, x)``, as ``mask[s, x]``."""
        return self.p_sx > 0


def make_joint(
    p_sx: ArrayLike,
    *,
    name: str,
    s_name: str = "S",
    x_name: str = "X",
    s_labels: Sequence[Any] | None = None,
    x_labels: Sequence[Any] | None = None,
    x_values: ArrayLike | None = None,
    n_records: int = 0,
) -> ComparisonJoint:
    """Validate a joint pmf and its labels and return them as a :class:`ComparisonJoint`.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S (axis 0) and X (axis 1), summing to 1; every row and column must have
        positive mass (a value of zero probability is not in the alphabet: drop it first).
    name : str
        Short name of the joint.
    s_name, x_name : str
        What S and X are.
    s_labels, x_labels : sequence, optional
        A label per value (default ``0, 1, …``); stored as text.
    x_values : array_like of float, optional
        Numeric value of every letter of X, strictly increasing (X ordered), or None.
    n_records : int
        Records behind the pmf (``>= 0``).

    Returns
    -------
    ComparisonJoint

    Raises
    ------
    ValueError
        If ``p_sx`` is not a 2-D pmf, a row or column has no mass, a label list has the wrong
        length, or ``x_values`` are not finite and strictly increasing.

    Examples
    --------
    >>> j = make_joint([[0.25, 0.25], [0.5, 0.0]], name="toy", x_values=[1.0, 2.0])
    >>> j.n_s, j.n_x, j.ordered, j.support.tolist()
    (2, 2, True, [[True, True], [True, False]])
    """
    for arg, text in (("name", name), ("s_name", s_name), ("x_name", x_name)):
        if not isinstance(text, str):
            raise ValueError(f"{arg} must be a string; got {text!r} ({type(text).__name__})")
    p = as_pmf(p_sx, name="p_sx", ndim=2).copy()
    if p.size == 0:
        raise ValueError("p_sx must not be empty")
    for axis, what in ((1, "row (value of S)"), (0, "column (value of X)")):
        empty = np.flatnonzero(p.sum(axis=axis) <= 0)
        if empty.size:
            raise ValueError(f"p_sx has a {what} of zero mass at index {int(empty[0])}; drop it")
    n_s, n_x = p.shape
    s_lab = _labels("s_labels", s_labels, n_s)
    x_lab = _labels("x_labels", x_labels, n_x)
    vals: NDArray[np.float64] | None = None
    if x_values is not None:
        vals = as_real_array(x_values, name="x_values", allow_bool=False).astype(float).copy()
        if vals.shape != (n_x,) or not np.all(np.isfinite(vals)):
            raise ValueError(f"x_values must be {n_x} finite numbers; got shape {vals.shape}")
        if np.any(np.diff(vals) <= 0):
            raise ValueError("x_values must be strictly increasing (X in its order)")
        vals.setflags(write=False)
    p.setflags(write=False)
    return ComparisonJoint(
        name=str(name),
        p_sx=p,
        s_name=str(s_name),
        x_name=str(x_name),
        s_labels=s_lab,
        x_labels=x_lab,
        x_values=vals,
        n_records=check_int("n_records", n_records, low=0),
    )


def _labels(name: str, labels: Sequence[Any] | None, n: int) -> tuple[str, ...]:
    if labels is None:
        return tuple(str(i) for i in range(n))
    out = tuple(str(v) for v in labels)
    if len(out) != n:
        raise ValueError(f"{name} must have {n} labels; got {len(out)}")
    return out


def census_joint(*, data_home: str | os.PathLike[str] | None = None) -> ComparisonJoint:
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
    ComparisonJoint
        2 × 56, from 48 842 records.

    Examples
    --------
    >>> j = census_joint()
    >>> j.p_sx.shape, j.n_records, j.s_labels, j.ordered
    ((2, 56), 48842, ('<=50K', '>50K'), False)
    """
    from nsp.papers.privacy_funnel import adult_census_joint

    cj = adult_census_joint(s_attrs=("income",), data_home=data_home)
    keep = np.flatnonzero(cj.p_sx.sum(axis=0) > 0)  # letters no record has are not in [[X]]
    return make_joint(
        cj.p_sx[:, keep],
        name="census",
        s_name="income",
        x_name="age|sex|education",
        s_labels=cj.s_labels,
        x_labels=[cj.x_labels[i] for i in keep],
        n_records=cj.n_records,
    )


def heart_joint(
    *,
    missing: Literal["keep", "drop"] = "drop",
    data_home: str | os.PathLike[str] | None = None,
) -> ComparisonJoint:
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
    ComparisonJoint

    Examples
    --------
    >>> j = heart_joint()
    >>> j.p_sx.shape, j.n_records, j.x_values[:3].tolist()
    ((37, 153), 271, [85.0, 100.0, 117.0])
    >>> heart_joint(missing="keep").p_sx.shape      # the paper's 38 ages, 154 levels
    (38, 154)
    """
    from nsp.papers.agglomerative import hungarian_age_chol, hungarian_joint_range, hungarian_pmf

    missing = check_choice("missing", missing, ("keep", "drop"))  # type: ignore[assignment]
    df = hungarian_age_chol(missing=missing, data_home=data_home)
    r = hungarian_joint_range(df)
    return make_joint(
        hungarian_pmf(df),
        name="heart",
        s_name="age",
        x_name="cholesterol",
        s_labels=r.s_labels,
        x_labels=r.x_labels,
        x_values=np.asarray(r.x_labels, dtype=float),
        n_records=len(df),
    )


def comparison_joint(name: str, **kwargs: Any) -> ComparisonJoint:
    """Return the joint called ``name`` (one of :data:`DATASETS`).

    Parameters
    ----------
    name : {"census", "heart"}
        Which joint.
    **kwargs
        Passed to :func:`census_joint` or :func:`heart_joint`.

    Returns
    -------
    ComparisonJoint

    Examples
    --------
    >>> comparison_joint("heart").x_name
    'cholesterol'
    """
    name = check_choice("name", name, DATASETS)
    return census_joint(**kwargs) if name == "census" else heart_joint(**kwargs)
