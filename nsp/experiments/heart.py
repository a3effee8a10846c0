"""The Hungarian heart-disease experiment of Ding & Farokhi (§VII-B, Figs. 8–9) and §VI's table.

S = age (sensitive), X = serum cholesterol (released). The paper's counts (38 ages, 154
cholesterol levels, 281 distinct pairs of which 269 occur once) are reproduced only when the
23 missing cholesterol values are kept as one more level (spec A22); here that level is the
number ``missing_value = -9`` (the sentinel of the raw files), which also enters the U2
distortions.

§VI relates the non-stochastic measures to stochastic ones on a pmf ``p(s, x̂)`` (here the
empirical pmf of the records): ``I*`` to the Gács–Körner common information ``K ≤ I*`` and
``L0`` to the Rényi-0 leakage ``max_x̂ D0(p(s|x̂) || p(s))`` (equal to ``L0`` when ``S`` is
uniform, eq. (13)); the Rényi-∞ counterpart is the maximal realizable leakage
``D∞(p(s,x̂) || p(s)p(x̂))``. :func:`renyi_leakage` adds eq. (13)'s uniform-``S`` reweighting to
the general ``max_x̂ D_α`` of :func:`nsp.info.renyi_leakage`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._validation import as_pmf
from nsp.clustering.partition import Partition
from nsp.datasets import load_hungarian_heart
from nsp.info import (
    gacs_korner_common_information,
    max_mutual_information,
    maximal_leakage,
    mutual_information,
)
from nsp.info import renyi_leakage as info_renyi_leakage
from nsp.uncertain import (
    JointRange,
    k_anonymity,
    maximin_information,
    nonstochastic_leakage,
    quantize,
)

__all__ = [
    "PAPER_COUNTS",
    "hungarian_age_chol",
    "hungarian_joint_range",
    "hungarian_pmf",
    "dataset_statistics",
    "renyi_leakage",
    "section6_table",
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
    *, missing: Literal["keep", "drop"] = "keep", missing_value: int = -9, data_home=None
) -> pd.DataFrame:
    """The (age, chol) columns of the 293 Hungarian records, as int64.

    Parameters
    ----------
    missing : {"keep", "drop"}
        Keep missing cholesterol as the value ``missing_value`` (the paper's counts) or drop
        those 23 records.
    missing_value : int
        The level standing for a missing cholesterol.
    data_home : path, optional
        Passed to :func:`nsp.datasets.load_hungarian_heart`.

    Examples
    --------
    >>> df = hungarian_age_chol()
    >>> len(df), df.chol.nunique()
    (293, 154)
    """
    df = load_hungarian_heart(data_home=data_home)[["age", "chol"]]
    if missing == "keep":
        df = df.assign(chol=df["chol"].fillna(missing_value))
    elif missing == "drop":
        df = df.dropna()
    else:
        raise ValueError(f"missing must be 'keep' or 'drop'; got {missing!r}")
    return df.astype({"age": "int64", "chol": "int64"}).reset_index(drop=True)


def hungarian_joint_range(frame: pd.DataFrame | None = None, **kwargs) -> JointRange:
    """The joint range ``[[S, X]]`` of (age, chol): sorted ages × sorted cholesterol values.

    ``frame`` defaults to :func:`hungarian_age_chol` (``kwargs`` are passed to it). The x labels
    are the cholesterol values (numbers), so U2 can use them directly.
    """
    df = hungarian_age_chol(**kwargs) if frame is None else frame
    return JointRange.from_frame(df, s="age", x="chol")


def hungarian_pmf(frame: pd.DataFrame | None = None, **kwargs) -> NDArray[np.float64]:
    """Empirical pmf ``p[s, x]`` of (age, chol), aligned with :func:`hungarian_joint_range`."""
    df = hungarian_age_chol(**kwargs) if frame is None else frame
    r = JointRange.from_frame(df, s="age", x="chol")
    s_idx = {v: i for i, v in enumerate(r.s_labels)}
    x_idx = {v: j for j, v in enumerate(r.x_labels)}
    counts = np.zeros((r.n_s, r.n_x))
    np.add.at(counts, ([s_idx[a] for a in df["age"]], [x_idx[c] for c in df["chol"]]), 1)
    return counts / counts.sum()


def dataset_statistics(frame: pd.DataFrame | None = None, **kwargs) -> pd.DataFrame:
    """Table T2: the §VII-B counts beside the paper's, plus further facts of the joint range."""
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


def renyi_leakage(
    p_sx: ArrayLike, alpha: float, *, base: float = 2, uniform_s: bool = False
) -> float:
    """``max_x D_α(p(s|x) || p(s))`` over the x with ``p(x) > 0`` (Ding & Farokhi §VI, eq. (13)).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf; axis 0 is S.
    alpha : float
        Rényi order in ``[0, inf]`` (0: ``−log Σ_{s: p(s|x)>0} p(s)``;
        inf: ``max log p(s|x)/p(s)``).
    base : float
        Logarithm base.
    uniform_s : bool
        Replace ``p(s)`` by the uniform pmf keeping ``p(x|s)`` (the hypothesis of eq. (13),
        under which the α = 0 value equals ``L0(S → X)``).

    Examples
    --------
    Eq. (13): with uniform S the Rényi-0 leakage is L0 (Example 1: ``log 6``):

    >>> import math
    >>> p = np.zeros((6, 7)); p[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = 1
    >>> round(renyi_leakage(p / p.sum(), 0, uniform_s=True), 6), round(math.log2(6), 6)
    (2.584963, 2.584963)
    """
    p = as_pmf(p_sx, name="p_sx", ndim=2)
    if uniform_s:
        ps = p.sum(axis=1, keepdims=True)
        if np.any(ps == 0):
            raise ValueError("p_sx must give every s a positive mass when uniform_s=True")
        p = p / ps / p.shape[0]
    return info_renyi_leakage(p, alpha, base=base)


def section6_table(
    p_sx: ArrayLike, partitions: Mapping[str, Partition], *, base: float = 2
) -> pd.DataFrame:
    """§VI: non-stochastic measures beside their stochastic counterparts, per quantization.

    Columns: ``I*`` and the Gács–Körner ``K`` (``K ≤ I*``; ``K ≤ I``), the mutual
    information ``I``; ``L0`` beside the Rényi-0 leakage (empirical ``p(s)``, and uniform S
    where eq. (13) makes it equal to ``L0``), the maximal realizable leakage (Rényi-∞,
    ``D∞(p(s,x̂) || p(s)p(x̂))``) and the maximal leakage ``L(S → X̂)``; ``k*``.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of (S, X).
    partitions : mapping of str to Partition
        Named quantizations of X.
    """
    p = as_pmf(p_sx, name="p_sx", ndim=2)
    support = p > 0
    rows = []
    for name, q in partitions.items():
        pq = q.aggregate(p, axis=1, how="sum")
        r = quantize(support, q.labels)
        rows.append(
            {
                "quantization": name,
                "n_clusters": len(q),
                "I* [bits]": maximin_information(r, base=base),
                "K (Gacs-Korner)": gacs_korner_common_information(pq, base=base),
                "I(S;Xhat)": mutual_information(pq, base=base),
                "L0 [bits]": nonstochastic_leakage(r, base=base),
                "max D0 (empirical S)": renyi_leakage(pq, 0, base=base),
                "max D0 (uniform S, eq. 13)": renyi_leakage(pq, 0, base=base, uniform_s=True),
                "max realizable leakage (D_inf)": max_mutual_information(pq, base=base),
                "maximal leakage": maximal_leakage(pq, base=base),
                "k*": k_anonymity(r),
            }
        )
    return pd.DataFrame(rows)
