# mypy: ignore-errors
"""The census experiment of the privacy funnel (Makhdoumi et al. 2014, §IV-B and Fig. 1).

UCI Adult (train + test, 48,842 records) is discretized as the spec fixes (§5, §8), the paper
being silent on the details:

* age → 7 left-closed bins with edges 17, 25, 35, 45, 55, 65, 75, 91 ("decade");
* education → 4 levels by ``education-num``: 1–8 (< HS), 9 (HS-grad), 10–12 (some college /
  associate), 13–16 (bachelor's or more) ("4level");
* sex → Female 0, Male 1; income → ``<=50K`` 0, ``>50K`` 1.

The private ``S = (age, income)`` (14 letters) and the released ``X = (age, sex, education)``
(56 letters) are indexed in C order (``x = 8 age + 4 sex + edu``, ``s = 2 age + income``) and
``P_{S,X}`` is the table of empirical frequencies (no smoothing). The options the paper leaves
open (file, age bins, education grouping, dropping incomplete rows, attribute sets) are
parameters, explored by the sensitivity notebook.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp import info
from nsp.clustering.funnel import chain_rule_bounds, funnel_curve

__all__ = [
    "AGE_BINNINGS",
    "EDUCATION_SCHEMES",
    "CensusJoint",
    "discretize_adult",
    "census_joint",
    "adult_census_joint",
    "fig1_curves",
    "bounds_frame",
]

#: Age binnings: left-closed edges (the last bin is closed at 90), or ``"quantile"`` for 7
#: equal-frequency bins computed from the data.
AGE_BINNINGS: dict[str, tuple[int, ...] | str] = {
    "decade": (17, 25, 35, 45, 55, 65, 75, 91),  # the spec's default (A2)
    "tens": (17, 20, 30, 40, 50, 60, 70, 91),  # edges 20, 30, ..., 70
    "quantile": "quantile",  # 7 equal-frequency bins (pandas.qcut, right-closed)
}

#: Education groupings: left-closed edges on ``education-num`` (1..16) giving 4 levels.
EDUCATION_SCHEMES: dict[str, tuple[int, ...]] = {
    "4level": (1, 9, 10, 13, 17),  # <HS | HS-grad | some college, assoc | >= bachelor's (A3)
    "4level_alt": (1, 10, 11, 14, 17),  # <= HS-grad | some college | assoc, bachelor's | graduate
}

_ATTRS = ("age", "sex", "education", "income")


def _column(df: pd.DataFrame, name: str) -> pd.Series:
    """A column by snake_case name, accepting UCI's hyphenated spelling too."""
    for c in (name, name.replace("_", "-")):
        if c in df.columns:
            return df[c]
    raise ValueError(f"df must have a column {name!r} (or {name.replace('_', '-')!r})")


def _age_edges(binning: str | Sequence[int]) -> NDArray[np.float64]:
    """Fixed bin edges of an age binning, or an empty array for the data-driven "quantile"."""
    if isinstance(binning, str):
        if binning not in AGE_BINNINGS:
            raise ValueError(
                f"age_edges must be one of {sorted(AGE_BINNINGS)} or a list of edges; "
                f"got {binning!r}"
            )
        binning = AGE_BINNINGS[binning]
    if isinstance(binning, str):  # "quantile": handled by pandas.qcut
        return np.array([])
    edges = np.asarray(binning, dtype=float)
    if edges.ndim != 1 or edges.size < 3 or np.any(np.diff(edges) <= 0):
        raise ValueError(f"age_edges must be >= 3 increasing edges; got {binning!r}")
    return edges


def discretize_adult(
    df: pd.DataFrame, *, age_edges: str | Sequence[int] = "decade", education_scheme: str = "4level"
) -> pd.DataFrame:
    """Code Adult's age, sex, education and income as small integers (spec §8).

    Parameters
    ----------
    df : pandas.DataFrame
        Adult as returned by :func:`nsp.datasets.load_adult`.
    age_edges : str or sequence of int
        A key of :data:`AGE_BINNINGS` or left-closed bin edges (last bin closed).
    education_scheme : str
        A key of :data:`EDUCATION_SCHEMES`.

    Returns
    -------
    pandas.DataFrame
        Integer columns ``age``, ``sex``, ``education``, ``income``, with
        ``attrs["cardinalities"]`` and ``attrs["labels"]`` (names of each code).

    Raises
    ------
    ValueError
        If a value falls outside the bins or a category is unknown.

    Examples
    --------
    >>> df = pd.DataFrame({"age": [17, 30, 90], "sex": ["Male", "Female", "Male"],
    ...                    "education-num": [9, 13, 5], "income": ["<=50K", ">50K", "<=50K"]})
    >>> discretize_adult(df).to_numpy().tolist()
    [[0, 1, 1, 0], [1, 0, 3, 1], [6, 1, 0, 0]]
    """
    age = _column(df, "age").to_numpy(dtype=float)
    edges = _age_edges(age_edges)
    if edges.size == 0:  # 7 equal-frequency bins, right-closed as pandas.qcut makes them
        age_code, edges = pd.qcut(age, 7, labels=False, retbins=True, duplicates="drop")
        age_labels = [f"({edges[i]:g},{edges[i + 1]:g}]" for i in range(len(edges) - 1)]
    else:
        if np.any(age < edges[0]) or np.any(age >= edges[-1]):
            raise ValueError(f"age values outside the bins [{edges[0]:g}, {edges[-1]:g})")
        age_code = np.searchsorted(edges, age, side="right") - 1
        age_labels = [f"{edges[i]:g}-{edges[i + 1] - 1:g}" for i in range(len(edges) - 1)]
    if education_scheme not in EDUCATION_SCHEMES:
        raise ValueError(
            f"education_scheme must be one of {sorted(EDUCATION_SCHEMES)}; got {education_scheme!r}"
        )
    ed_edges = np.asarray(EDUCATION_SCHEMES[education_scheme], dtype=float)
    edu = _column(df, "education_num").to_numpy(dtype=float)
    if np.any(edu < ed_edges[0]) or np.any(edu >= ed_edges[-1]):
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
    ed_labels = [f"edu{int(a)}-{int(b) - 1}" for a, b in zip(ed_edges[:-1], ed_edges[1:])]
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


@dataclass(frozen=True)
class CensusJoint:
    """The joint pmf ``p_sx[s, x]`` of the census experiment and its provenance."""

    p_sx: NDArray[np.float64]
    counts: NDArray[np.int64]
    s_attrs: tuple[str, ...]
    x_attrs: tuple[str, ...]
    s_labels: list[str]
    x_labels: list[str]
    settings: dict = field(default_factory=dict)

    @property
    def n_records(self) -> int:
        """Number of records counted."""
        return int(self.counts.sum())

    def summary(self, *, base: float = 2) -> dict[str, float]:
        """N, |S|, |X|, H(X), H(S), I(S;X), H(X|S) (spec E5), in ``base`` units."""
        p = self.p_sx
        return {
            "N": self.n_records,
            "n_S": p.shape[0],
            "n_X": p.shape[1],
            "n_X_nonempty": int((p.sum(0) > 0).sum()),
            "H_X": info.entropy(p.sum(0), base=base),
            "H_S": info.entropy(p.sum(1), base=base),
            "I_SX": info.mutual_information(p, 0, 1, base=base),
            "H_X_given_S": info.conditional_entropy(p, 1, 0, base=base),
        }


def census_joint(
    codes: pd.DataFrame,
    *,
    s_attrs: Sequence[str] = ("age", "income"),
    x_attrs: Sequence[str] = ("age", "sex", "education"),
) -> CensusJoint:
    """Count table ``N(s, x)`` of coded attributes and the plug-in joint ``P_{S,X} = N / N_tot``.

    Parameters
    ----------
    codes : pandas.DataFrame
        Output of :func:`discretize_adult` (integer codes with ``attrs["cardinalities"]``).
    s_attrs, x_attrs : sequence of str
        The attributes of S and of X, in index order (C order: the last varies fastest).

    Returns
    -------
    CensusJoint

    Examples
    --------
    >>> df = pd.DataFrame({"age": [20, 30], "sex": ["Male", "Female"],
    ...                    "education-num": [9, 13], "income": ["<=50K", ">50K"]})
    >>> j = census_joint(discretize_adult(df))
    >>> j.p_sx.shape, j.n_records, j.x_labels[0]
    ((14, 56), 2, '17-24|F|edu1-8')
    """
    card = codes.attrs.get("cardinalities")
    labels = codes.attrs.get("labels")
    if card is None or labels is None:
        raise ValueError("codes must come from discretize_adult (attrs['cardinalities'] missing)")
    s_attrs, x_attrs = tuple(s_attrs), tuple(x_attrs)
    for a in s_attrs + x_attrs:
        if a not in _ATTRS:
            raise ValueError(f"attributes must be among {_ATTRS}; got {a!r}")
    if not s_attrs or not x_attrs:
        raise ValueError("s_attrs and x_attrs must be non-empty")
    s_shape = tuple(card[a] for a in s_attrs)
    x_shape = tuple(card[a] for a in x_attrs)
    s_idx = np.ravel_multi_index(tuple(codes[a].to_numpy() for a in s_attrs), s_shape)
    x_idx = np.ravel_multi_index(tuple(codes[a].to_numpy() for a in x_attrs), x_shape)
    n_s, n_x = int(np.prod(s_shape)), int(np.prod(x_shape))
    counts = np.bincount(s_idx * n_x + x_idx, minlength=n_s * n_x).reshape(n_s, n_x)
    counts = counts.astype(np.int64)
    if counts.sum() == 0:
        raise ValueError("codes has no rows")

    def names(attrs: tuple[str, ...], shape: tuple[int, ...]) -> list[str]:
        return ["|".join(labels[a][i] for a, i in zip(attrs, idx)) for idx in np.ndindex(*shape)]

    return CensusJoint(
        p_sx=counts / counts.sum(),
        counts=counts,
        s_attrs=s_attrs,
        x_attrs=x_attrs,
        s_labels=names(s_attrs, s_shape),
        x_labels=names(x_attrs, x_shape),
    )


def adult_census_joint(
    *,
    split: Literal["both", "train", "test"] = "both",
    drop_incomplete_rows: bool = False,
    age_edges: str | Sequence[int] = "decade",
    education_scheme: str = "4level",
    s_attrs: Sequence[str] = ("age", "income"),
    x_attrs: Sequence[str] = ("age", "sex", "education"),
    data_home: str | os.PathLike[str] | None = None,
) -> CensusJoint:
    """Load Adult with :func:`nsp.datasets.load_adult` and build the experiment's ``P_{S,X}``.

    Defaults are the spec's faithful choices (both files, no row dropped, decade age bins,
    4 education levels, S = (age, income), X = (age, sex, education)).

    Examples
    --------
    >>> j = adult_census_joint()
    >>> s = j.summary()
    >>> s["N"], s["n_X"], round(s["H_X"], 4), round(s["I_SX"], 4), round(s["H_X_given_S"], 4)
    (48842, 56, 5.2279, 2.5407, 2.6872)
    """
    from nsp.datasets import load_adult

    df = load_adult(split=split, data_home=data_home)
    if drop_incomplete_rows:
        df = df.dropna().reset_index(drop=True)
    joint = census_joint(
        discretize_adult(df, age_edges=age_edges, education_scheme=education_scheme),
        s_attrs=s_attrs,
        x_attrs=x_attrs,
    )
    joint.settings.update(
        split=split,
        drop_incomplete_rows=drop_incomplete_rows,
        age_edges=age_edges if isinstance(age_edges, str) else list(age_edges),
        education_scheme=education_scheme,
        s_attrs=list(s_attrs),
        x_attrs=list(x_attrs),
    )
    return joint


def fig1_curves(
    p_sx: NDArray,
    *,
    n_grid: int = 201,
    algorithms: Sequence[str] = ("alg1", "alg2", "alg2prime"),
    base: float = 2,
    tol: float = 1e-12,
) -> pd.DataFrame:
    """The curves of Fig. 1: each algorithm swept over its threshold grid, in sweep order.

    Returns
    -------
    pandas.DataFrame
        Long format: ``algorithm``, ``param``, ``I_XY``, ``I_SY``, ``n_Y``.

    Examples
    --------
    >>> p = np.array([[.25, 0, .25, 0], [0, .25, 0, .25]])
    >>> fig1_curves(p, n_grid=3).groupby("algorithm").size().to_dict()
    {'alg1': 3, 'alg2': 3, 'alg2prime': 3}
    """
    return pd.concat(
        [funnel_curve(p_sx, a, n_grid, base=base, tol=tol) for a in algorithms], ignore_index=True
    )


def bounds_frame(p_sx: NDArray, *, n_points: int = 101, base: float = 2) -> pd.DataFrame:
    """The chain-rule lower bound and the data-processing upper bound on a grid of I(X;Y).

    Examples
    --------
    >>> p = np.array([[.25, 0, .25, 0], [0, .25, 0, .25]])
    >>> bounds_frame(p, n_points=3).round(12).to_numpy().tolist()
    [[0.0, 0.0, 0.0], [1.0, 0.0, 1.0], [2.0, 1.0, 1.0]]
    """
    h_x = info.entropy(np.asarray(p_sx).sum(0), base=base)
    xs = np.linspace(0, h_x, n_points)
    lo, hi = chain_rule_bounds(p_sx, xs, base=base)
    return pd.DataFrame({"I_XY": xs, "lower": lo, "upper": hi})
