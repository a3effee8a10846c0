"""The implementation of :mod:`nsp.pareto`: import its names from there."""

from __future__ import annotations

import math
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._algorithms import SweepAlgorithm, check_algorithm
from nsp._validation import (
    Base,
    check_base,
    check_bool,
    check_choice,
    check_frame,
    check_int,
    check_real,
)
from nsp.clustering.nonstochastic import (
    ClusteringResult,
    MergePath,
    merge_path,
    merge_until_connected,
    start_point,
)
from nsp.partition import Partition

__all__ = [
    "default_lambdas",
    "lambda_windows",
    "lambda_sweep",
    "normalize",
    "pareto_front",
]


def default_lambdas(
    path: MergePath | None = None, *, lo: float = 1e-4, hi: float = 100.0, num: int = 121
) -> NDArray[np.float64]:
    """Return the λ grid ``[0] + logspace(log10 lo, log10 hi, num)``, plus the breakpoints.

    Including the exact breakpoints ``a_t/b_t`` of the path guarantees that every point
    reachable by some λ is in the sweep (a log-spaced grid alone can step over a window).

    Parameters
    ----------
    path : MergePath, optional
        A merge path whose breakpoints are added.
    lo, hi : float
        The ends of the log-spaced part, ``0 < lo < hi`` (finite).
    num : int, default 121
        The number of log-spaced values, >= 1.

    Returns
    -------
    ndarray of float
        Sorted, unique.

    See Also
    --------
    lambda_sweep : The sweep over these λ.
    lambda_windows : The exact λ interval of each partition.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §VII-A (the λ swept for
       Figs. 7 and 9).

    Examples
    --------
    >>> lam = default_lambdas()
    >>> lam.size, lam[0], float(lam[-1])
    (122, np.float64(0.0), 100.0)
    """
    lo = check_real("lo", lo, low=0.0, closed="neither")
    hi = check_real("hi", hi, low=0.0, closed="neither")
    num = check_int("num", num, low=1)
    if not lo < hi:
        raise ValueError(f"need 0 < lo < hi; got lo={lo}, hi={hi}")
    if path is not None and not isinstance(path, MergePath):
        raise ValueError(f"path must be a MergePath; got {type(path).__name__}")
    grid = np.r_[0.0, np.logspace(math.log10(lo), math.log10(hi), num)]
    if path is not None:
        grid = np.r_[grid, path.breakpoints()]
    return np.unique(grid)


def lambda_windows(path: MergePath) -> pd.DataFrame:
    """Return, for every partition on the path, the interval ``[lam_low, lam_high)`` of λ.

    Step ``t`` is accepted iff ``λ < c_t`` (:meth:`MergePath.thresholds`: ``c_t = a_t/b_t``
    for leakage drop ``a_t`` and utility drop ``b_t``). The run returns index ``T`` iff steps
    ``1..T`` are accepted and step ``T+1`` is not: ``c_{T+1} ≤ λ < min_{t≤T} c_t``.

    Parameters
    ----------
    path : MergePath
        The merge path of Algorithm 1 or 2 (:func:`nsp.clustering.nonstochastic.merge_path`).

    Returns
    -------
    pandas.DataFrame
        Columns ``t``, ``lam_low``, ``lam_high``, ``reachable`` (non-empty interval).

    See Also
    --------
    nsp.clustering.nonstochastic.merge_path : The path the windows are of.
    default_lambdas : A grid of λ.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, Algorithms 1 and 2 (the
       λ at which each merge stops).

    Examples
    --------
    >>> from nsp.clustering.nonstochastic import merge_path
    >>> from nsp.papers.agglomerative import example1_range
    >>> w = lambda_windows(merge_path(example1_range(), algorithm="merge_across_components"))
    >>> w[w.reachable].round(4).values.tolist()
    [[0, 0.3219, inf, True], [4, 0.0, 0.3219, True]]
    """
    if not isinstance(path, MergePath):
        raise ValueError(f"path must be a MergePath; got {type(path).__name__}")
    c = path.thresholds()  # step t is accepted iff λ < c[t]
    n = c.size
    rows = []
    for t in range(n):
        high = float(np.min(c[1 : t + 1])) if t >= 1 else np.inf
        low = float(c[t + 1]) if t + 1 < n else 0.0
        rows.append({"t": t, "lam_low": low, "lam_high": high, "reachable": bool(low < high)})
    return pd.DataFrame(rows)


def _row(
    lam: float,
    it_t: int,
    iterations: int,
    leakage: float,
    utility: float,
    partition: Partition,
    source: str,
) -> dict[str, Any]:
    """Return one row of a sweep."""
    return {
        "lam": lam,
        "t": it_t,
        "iterations": iterations,
        "leakage": leakage,
        "utility": utility,
        "n_clusters": len(partition),
        "partition": partition.format(),
        "source": source,
    }


def _lambdas(lambdas: ArrayLike) -> NDArray[np.float64]:
    """Return the λ values as floats, checked: a non-empty 1-D array of finite numbers >= 0."""
    arr = np.asarray(lambdas)
    if arr.dtype.kind not in "iuf" or arr.ndim > 1 or arr.size == 0:
        raise ValueError(
            f"lambdas must be a non-empty 1-D array of real numbers >= 0; got {lambdas!r}"
        )
    lam = np.atleast_1d(arr.astype(np.float64))
    if not np.all(np.isfinite(lam)) or np.any(lam < 0):
        raise ValueError("lambdas must be finite and >= 0 (found NaN, inf or a negative value)")
    return lam


def lambda_sweep(
    r: ArrayLike,
    lambdas: ArrayLike | None = None,
    *,
    algorithm: SweepAlgorithm = "merge_by_leakage",
    utility: Literal["U1", "U2"] = "U1",
    values: ArrayLike | None = None,
    distance: Literal["abs", "sq"] = "abs",
    codeword: Literal["centroid", "medoid"] = "centroid",
    base: Base = 2,
    include_path: bool = False,
) -> pd.DataFrame:
    """Run an algorithm for every λ and normalize the outcomes as in Figs. 7 and 9.

    Algorithms 1 and 2 are read off one merge path; the variant of Sec. V-C
    (``"merge_until_connected"``, whose path depends on λ) is run once per λ.

    Parameters
    ----------
    r : JointRange or array_like of bool
        The joint range ``mask[s, x]``.
    lambdas : array_like of float, optional
        Finite values >= 0. Default :func:`default_lambdas` of the path (grid plus exact
        breakpoints).
    algorithm : {"merge_by_leakage", "merge_across_components", "merge_until_connected"}
        Algorithm 1, Algorithm 2 or the variant of Sec. V-C; the paper's numbers
        ``"algorithm1"`` and ``"algorithm2"`` are aliases of the first two.
    utility, values, distance, codeword, base
        As in :func:`nsp.clustering.nonstochastic.merge_by_leakage` (``codeword="medoid"``
        releases the member of each cluster nearest its midrange, under U2).
    include_path : bool, default False
        Also return every iterate of the merge path (``source="path"``); all iterates are
        feasible quantizations. For Algorithms 1 and 2 the path is shared by every λ and its
        rows have ``lam`` = NaN; for ``"merge_until_connected"`` each λ has its own path,
        whose rows carry that λ.

    Returns
    -------
    pandas.DataFrame
        One row per λ (``source="sweep"``) and per path iterate: ``lam``, ``t`` (index on the
        path), ``iterations``, ``leakage``, ``utility``, ``n_clusters``, ``partition``,
        ``source``, and the normalized ``leakage_norm`` and ``loss_norm`` (see
        :func:`normalize`; ``Û2`` over all returned rows).

    See Also
    --------
    default_lambdas : The default grid.
    normalize : The normalized axes it adds.
    pareto_front : The non-dominated points.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Sec. VII-A.

    Examples
    --------
    Fig. 7 (U1): the sweep returns the identity or Example 3's solution, (0.5646, 0):

    >>> from nsp.papers.agglomerative import example1_range
    >>> df = lambda_sweep(example1_range(), algorithm="merge_across_components")
    >>> sorted(set(zip(df.loss_norm.round(4), df.leakage_norm.round(4))))
    [(0.0, 1.0), (0.5646, 0.0)]
    """
    alg = check_algorithm(algorithm, "nonstochastic")
    check_choice("utility", utility, ("U1", "U2"))
    check_choice("distance", distance, ("abs", "sq"))
    check_choice("codeword", codeword, ("centroid", "medoid"))
    check_base(base)
    include_path = check_bool("include_path", include_path)
    lam_given = None if lambdas is None else _lambdas(lambdas)
    kw: dict[str, Any] = dict(
        utility=utility, values=values, distance=distance, codeword=codeword, base=base
    )
    rows: list[dict[str, Any]] = []
    if alg == "merge_until_connected":
        lam_arr = default_lambdas() if lam_given is None else lam_given
        for lam in lam_arr:
            res: ClusteringResult = merge_until_connected(r, float(lam), **kw)
            t = res.iterations
            rows.append(_row(float(lam), t, t, res.leakage, res.utility, res.partition, "sweep"))
            if include_path:
                for h in res.history[:-1]:
                    rows.append(
                        _row(float(lam), h.t, h.t, h.leakage, h.utility, h.partition, "path")
                    )
        p0, u0 = start_point(r, **kw)  # the singletons, as in every run's history[0]
    else:
        path = merge_path(r, algorithm=alg, **kw)  # type: ignore[arg-type]
        lam_arr = default_lambdas(path) if lam_given is None else lam_given
        for lam in lam_arr:
            t = path.stop_index(float(lam))
            s = path.steps[t]
            rows.append(_row(float(lam), t, t, s.leakage, s.utility, s.partition, "sweep"))
        if include_path:
            for t, s in enumerate(path.steps):
                rows.append(_row(np.nan, t, t, s.leakage, s.utility, s.partition, "path"))
        p0, u0 = path.steps[0].leakage, path.steps[0].utility
    df = pd.DataFrame(rows)
    return normalize(df, utility=utility, leakage_max=p0, utility_max=u0)


def normalize(
    df: pd.DataFrame,
    *,
    utility: Literal["U1", "U2"],
    leakage_max: float,
    utility_max: float,
    u2_hat: float | None = None,
) -> pd.DataFrame:
    """Add ``leakage_norm`` and ``loss_norm`` columns (Figs. 7 and 9 of Ding & Farokhi).

    Parameters
    ----------
    df : pandas.DataFrame
        With columns ``leakage`` and ``utility``.
    utility : {"U1", "U2"}
        The utility measure of ``df.utility``.
    leakage_max : float
        Leakage without quantization (``L0(S→X)`` or ``I*(S;X)``, finite, >= 0); the ratio is
        0 when it is 0.
    utility_max : float
        ``U1(X;X) = H0(X)`` (U1, finite, ``> 0`` unless every utility is 0; unused for U2).
    u2_hat : float, optional
        ``Û2`` for U2 (default: the minimum of ``df.utility``); pass it to put extra points
        (e.g. a baseline) on the same axis as a curve.

    Returns
    -------
    pandas.DataFrame
        A copy with the two columns added.

    See Also
    --------
    lambda_sweep : The sweep it normalizes.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Figs. 7 and 9.

    Examples
    --------
    >>> d = pd.DataFrame({"leakage": [2.0, 1.0], "utility": [3.0, 1.5]})
    >>> normalize(d, utility="U1", leakage_max=2.0, utility_max=3.0)[
    ...     ["leakage_norm", "loss_norm"]].values.tolist()
    [[1.0, 0.0], [0.5, 0.5]]
    """
    check_choice("utility", utility, ("U1", "U2"))
    leakage_max = check_real("leakage_max", leakage_max, low=0.0)
    utility_max = check_real("utility_max", utility_max)
    if u2_hat is not None:
        u2_hat = check_real("u2_hat", u2_hat)
    check_frame("df", df)
    for col in ("leakage", "utility"):
        if col not in df.columns:
            raise ValueError(f"df must have a column {col!r}")
    out = df.copy()
    leak = out["leakage"].to_numpy(dtype=float)
    out["leakage_norm"] = leak / leakage_max if leakage_max > 0 else np.zeros_like(leak)
    u = out["utility"].to_numpy(dtype=float)
    if utility == "U1" and (utility_max < 0 or (utility_max == 0 and np.any(u != 0))):
        raise ValueError(
            "utility_max must be U1(X;X) = H0(X) >= 0, and > 0 unless every utility is 0; "
            f"got {utility_max!r}"
        )
    if utility == "U1":
        out["loss_norm"] = 1.0 - u / utility_max + 0.0 if utility_max > 0 else np.zeros_like(u)
    else:
        hat = float(np.min(u)) if u2_hat is None else float(u2_hat)
        out["loss_norm"] = u / hat + 0.0 if hat < 0 else np.zeros_like(u)
    out.attrs["u2_hat"] = float(np.min(u)) if utility == "U2" and u2_hat is None else u2_hat
    return out


def pareto_front(
    df: pd.DataFrame, *, x: str = "loss_norm", y: str = "leakage_norm", tol: float = 1e-12
) -> pd.DataFrame:
    """Return the non-dominated rows of ``df`` when minimizing both ``x`` and ``y``.

    A row is dominated if another has ``x`` and ``y`` no larger and one strictly smaller
    (beyond ``tol``). Duplicated points are kept once; rows are sorted by ``x``.

    Parameters
    ----------
    df : pandas.DataFrame
        The points.
    x, y : str
        The columns to minimize.
    tol : float, default 1e-12
        A point must improve ``y`` by more than ``tol`` to count (finite, >= 0).

    Returns
    -------
    pandas.DataFrame
        The non-dominated rows, index reset.

    Raises
    ------
    ValueError
        If a column is missing or holds NaN (it would compare as neither better nor worse).

    See Also
    --------
    lambda_sweep : Points to filter.
    nsp.notions.frontiers : Each method's frontier.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
       agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020, §VII-A.

    Examples
    --------
    >>> d = pd.DataFrame({"loss_norm": [0, 0.2, 0.3, 0.5, 0.5],
    ...                   "leakage_norm": [1, 0.6, 0.7, 0.2, 0.3]})
    >>> pareto_front(d)[["loss_norm", "leakage_norm"]].values.tolist()
    [[0.0, 1.0], [0.2, 0.6], [0.5, 0.2]]
    """
    tol = check_real("tol", tol, low=0.0)
    check_frame("df", df)
    for name, col in (("x", x), ("y", y)):
        if col not in df.columns:
            raise ValueError(f"{name}={col!r} is not a column of df")
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
    for idx, yv in zip(d.index, d[y].to_numpy(dtype=float), strict=True):
        if yv < best - tol:
            keep.append(idx)
            best = yv
    return d.loc[keep].reset_index(drop=True)
