# mypy: ignore-errors
"""λ sweeps and Pareto fronts of privacy-utility trade-offs.

The Lagrangian ``𝓛 = privacy − λ·utility`` of Ding & Farokhi's problems (3) and (5) is a
weighted sum of privacy leakage and utility loss; each λ gives a (locally) Pareto-optimal
point and the set over λ is the frontier (§VII-A). Because the merge path of Algorithms 1 and
2 does not depend on λ, a whole sweep is read off one path (:func:`lambda_windows` gives, for
every point of the path, the exact interval of λ that returns it).

Normalized axes (Figs. 7 and 9): privacy ``P(X̂)/P(X)`` (``L0`` or ``I*`` divided by its value
without quantization), utility loss ``1 − U1(X;X̂)/U1(X;X) = 1 − I0(X→X̂)/H0(X)`` for U1 and
``U2(X;X̂)/Û2`` for U2, where ``Û2`` is the minimum of U2 over the points of that curve.
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp.clustering.nonstochastic import (
    ClusteringResult,
    MergePath,
    indistinguishable_l0,
    merge_path,
    start_point,
)

__all__ = [
    "default_lambdas",
    "lambda_windows",
    "lambda_sweep",
    "normalize",
    "pareto_front",
]

Algorithm = Literal["algorithm1", "algorithm2", "indistinguishable_l0"]


def default_lambdas(
    path: MergePath | None = None, *, lo: float = 1e-4, hi: float = 100.0, num: int = 121
) -> NDArray:
    """The λ grid ``[0] + logspace(log10 lo, log10 hi, num)``, plus the path's breakpoints.

    Including the exact breakpoints ``a_t/b_t`` guarantees that every point reachable by some
    λ is in the sweep (spec A24).

    Examples
    --------
    >>> lam = default_lambdas()
    >>> lam.size, lam[0], float(lam[-1])
    (122, np.float64(0.0), 100.0)
    """
    if not (0 < lo < hi) or num < 1:
        raise ValueError(f"need 0 < lo < hi and num >= 1; got lo={lo}, hi={hi}, num={num}")
    grid = np.r_[0.0, np.logspace(math.log10(lo), math.log10(hi), num)]
    if path is not None:
        grid = np.r_[grid, path.breakpoints()]
    return np.unique(grid)


def lambda_windows(path: MergePath) -> pd.DataFrame:
    """For every partition on the path, the interval ``[lam_low, lam_high)`` of λ returning it.

    Step ``t`` is accepted iff ``λ < c_t`` (:meth:`MergePath.thresholds`: ``c_t = a_t/b_t``
    for privacy gain ``a_t`` and utility drop ``b_t``). The run returns index ``T`` iff steps
    ``1..T`` are accepted and step ``T+1`` is not: ``c_{T+1} ≤ λ < min_{t≤T} c_t``.

    Returns
    -------
    pandas.DataFrame
        Columns ``t``, ``lam_low``, ``lam_high``, ``reachable`` (non-empty interval).

    Examples
    --------
    >>> from nsp.clustering.nonstochastic import merge_path
    >>> mask = [[1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0, 0],
    ...         [0, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1]]
    >>> w = lambda_windows(merge_path(mask, algorithm="algorithm2"))
    >>> w[w.reachable].round(4).values.tolist()
    [[0, 0.3219, inf, True], [4, 0.0, 0.3219, True]]
    """
    c = path.thresholds()  # step t is accepted iff λ < c[t]
    n = c.size
    rows = []
    for t in range(n):
        high = float(np.min(c[1 : t + 1])) if t >= 1 else np.inf
        low = float(c[t + 1]) if t + 1 < n else 0.0
        rows.append({"t": t, "lam_low": low, "lam_high": high, "reachable": bool(low < high)})
    return pd.DataFrame(rows)


def _row(
    lam: float, it_t: int, iterations: int, privacy: float, utility: float, partition, source: str
) -> dict:
    return {
        "lam": lam,
        "t": it_t,
        "iterations": iterations,
        "privacy": privacy,
        "utility": utility,
        "n_clusters": len(partition),
        "partition": partition.format(),
        "source": source,
    }


def lambda_sweep(
    r: ArrayLike,
    lambdas: ArrayLike | None = None,
    *,
    algorithm: Algorithm = "algorithm1",
    utility: Literal["U1", "U2"] = "U1",
    values: ArrayLike | None = None,
    distance: Literal["abs", "sq"] = "abs",
    base: float = 2,
    include_path: bool = False,
) -> pd.DataFrame:
    """Run an algorithm for every λ and normalize the outcomes as in Figs. 7 and 9.

    Algorithms 1 and 2 are read off one merge path; the §V-C variant (whose path depends on
    λ) is run once per λ.

    Parameters
    ----------
    r : JointRange or array_like of bool
        The joint range ``mask[s, x]``.
    lambdas : array_like of float, optional
        Default :func:`default_lambdas` of the path (grid plus exact breakpoints).
    algorithm : {"algorithm1", "algorithm2", "indistinguishable_l0"}
    utility, values, distance, base
        As in :func:`nsp.clustering.nonstochastic.algorithm1`.
    include_path : bool
        Also return every iterate of the merge path (``source="path"``); all iterates are
        feasible quantizations. For Algorithms 1 and 2 the path is shared by every λ and its
        rows have ``lam`` = NaN; for ``"indistinguishable_l0"`` each λ has its own path, whose
        rows carry that λ.

    Returns
    -------
    pandas.DataFrame
        One row per λ (``source="sweep"``) and per path iterate: ``lam``, ``t`` (index on the
        path), ``iterations``, ``privacy``, ``utility``, ``n_clusters``, ``partition``,
        ``source``, and the normalized ``privacy_norm`` and ``utility_loss`` (see
        :func:`normalize`; ``Û2`` over all returned rows).

    Examples
    --------
    Fig. 7 (U1): the sweep returns the identity or Example 3's solution, (0.5646, 0):

    >>> mask = [[1, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0, 0],
    ...         [0, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1]]
    >>> df = lambda_sweep(mask, algorithm="algorithm2")
    >>> sorted(set(zip(df.utility_loss.round(4), df.privacy_norm.round(4))))
    [(0.0, 1.0), (0.5646, 0.0)]
    """
    if algorithm not in ("algorithm1", "algorithm2", "indistinguishable_l0"):
        raise ValueError(
            "algorithm must be 'algorithm1', 'algorithm2' or 'indistinguishable_l0'; "
            f"got {algorithm!r}"
        )
    kw = dict(utility=utility, values=values, distance=distance, base=base)
    rows: list[dict] = []
    if algorithm == "indistinguishable_l0":
        lam_arr = default_lambdas() if lambdas is None else np.asarray(lambdas, dtype=float)
        for lam in lam_arr:
            res: ClusteringResult = indistinguishable_l0(r, float(lam), **kw)
            t = res.iterations
            rows.append(_row(float(lam), t, t, res.privacy, res.utility, res.partition, "sweep"))
            if include_path:
                for h in res.history[:-1]:
                    rows.append(
                        _row(float(lam), h.t, h.t, h.privacy, h.utility, h.partition, "path")
                    )
        p0, u0 = start_point(r, **kw)  # the singletons, as in every run's history[0]
    else:
        path = merge_path(r, algorithm=algorithm, **kw)
        lam_arr = default_lambdas(path) if lambdas is None else np.asarray(lambdas, dtype=float)
        for lam in lam_arr:
            t = path.stop_index(float(lam))
            s = path.steps[t]
            rows.append(_row(float(lam), t, t, s.privacy, s.utility, s.partition, "sweep"))
        if include_path:
            for t, s in enumerate(path.steps):
                rows.append(_row(np.nan, t, t, s.privacy, s.utility, s.partition, "path"))
        p0, u0 = path.steps[0].privacy, path.steps[0].utility
    df = pd.DataFrame(rows)
    return normalize(df, utility=utility, privacy_max=p0, utility_max=u0)


def normalize(
    df: pd.DataFrame,
    *,
    utility: Literal["U1", "U2"],
    privacy_max: float,
    utility_max: float,
    u2_hat: float | None = None,
) -> pd.DataFrame:
    """Add ``privacy_norm`` and ``utility_loss`` columns (Figs. 7 and 9 of Ding & Farokhi).

    Parameters
    ----------
    df : pandas.DataFrame
        With columns ``privacy`` and ``utility``.
    utility : {"U1", "U2"}
    privacy_max : float
        Privacy without quantization (``L0(S→X)`` or ``I*(S;X)``); the ratio is 0 when it is 0.
    utility_max : float
        ``U1(X;X) = H0(X)`` (U1; unused for U2).
    u2_hat : float, optional
        ``Û2`` for U2 (default: the minimum of ``df.utility``); pass it to put extra points
        (e.g. a baseline) on the same axis as a curve.

    Returns
    -------
    pandas.DataFrame
        A copy with the two columns added.
    """
    out = df.copy()
    priv = out["privacy"].to_numpy(dtype=float)
    out["privacy_norm"] = priv / privacy_max if privacy_max > 0 else np.zeros_like(priv)
    u = out["utility"].to_numpy(dtype=float)
    if utility == "U1":
        out["utility_loss"] = 1.0 - u / utility_max + 0.0 if utility_max > 0 else np.zeros_like(u)
    elif utility == "U2":
        hat = float(np.min(u)) if u2_hat is None else float(u2_hat)
        out["utility_loss"] = u / hat + 0.0 if hat < 0 else np.zeros_like(u)
    else:
        raise ValueError(f"utility must be 'U1' or 'U2'; got {utility!r}")
    out.attrs["u2_hat"] = float(np.min(u)) if utility == "U2" and u2_hat is None else u2_hat
    return out


def pareto_front(
    df: pd.DataFrame, *, x: str = "utility_loss", y: str = "privacy_norm", tol: float = 1e-12
) -> pd.DataFrame:
    """The non-dominated rows of ``df`` when minimizing both ``x`` and ``y``.

    A row is dominated if another has ``x`` and ``y`` no larger and one strictly smaller
    (beyond ``tol``). Duplicated points are kept once; rows are sorted by ``x``. NaN in
    ``x`` or ``y`` raises ``ValueError`` (it would compare as neither better nor worse).

    Examples
    --------
    >>> d = pd.DataFrame({"utility_loss": [0, 0.2, 0.3, 0.5, 0.5],
    ...                   "privacy_norm": [1, 0.6, 0.7, 0.2, 0.3]})
    >>> pareto_front(d)[["utility_loss", "privacy_norm"]].values.tolist()
    [[0.0, 1.0], [0.2, 0.6], [0.5, 0.2]]
    """
    if df.empty:
        return df.copy()
    bad = df[[x, y]].isna().any()
    if bad.any():
        raise ValueError(
            f"df columns {x!r} and {y!r} must not hold NaN (found in {list(bad[bad].index)}); "
            "drop or fill those rows first"
        )
    d = df.sort_values([x, y], kind="stable").drop_duplicates(subset=[x, y])
    keep = []
    best = np.inf
    for idx, yv in zip(d.index, d[y].to_numpy(dtype=float)):
        if yv < best - tol:
            keep.append(idx)
            best = yv
    return d.loc[keep].reset_index(drop=True)
