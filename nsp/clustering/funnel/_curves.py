"""Exhaustive search over the deterministic mappings of the privacy funnel, threshold curves.

:func:`brute_force_deterministic` gives (I(X;Y), I(S;Y)) of every partition of X (Bell(|X|)
of them), :func:`funnel_curve` sweeps a greedy algorithm over its threshold, and the envelopes
read the best value reached at a given disclosure off a cloud or a curve of points.

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE ITW 2014, doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.special import xlogy

from nsp import info
from nsp._algorithms import check_algorithm
from nsp._validation import Base, check_choice, check_frame, check_int, log_base
from nsp.clustering.funnel._greedy import _ALGORITHMS, Algorithm, _run_sweep
from nsp.clustering.funnel._measures import _finite_array, _joint, _unnormalized_entropy

__all__ = [
    "set_partition_labels",
    "brute_force_deterministic",
    "funnel_curve",
    "constrained_envelope",
    "lower_envelope",
    "upper_envelope",
]

#: The most memory an exhaustive enumeration may ask for (bytes).
MEMORY_LIMIT: int = 2**31


def _bell(n: int, cap: int | None = None) -> int:
    """Return the Bell number B(n) (Bell triangle), or the first row value past ``cap``."""
    row = [1]
    for _ in range(n - 1):
        nxt = [row[-1]]
        for v in row:
            nxt.append(nxt[-1] + v)
        row = nxt
        if cap is not None and row[-1] > cap:
            return row[-1]  # a lower bound on B(n), already too large
    return row[-1]


def _check_memory(what: str, n: int, per_partition: int) -> None:
    """Refuse an enumeration of the Bell(n) partitions needing ``per_partition`` bytes each."""
    bell = _bell(n, cap=MEMORY_LIMIT // max(per_partition, 1))
    if bell * per_partition > MEMORY_LIMIT:
        raise ValueError(
            f"{what} over the partitions of {n} letters (Bell({n}) >= {bell:,}) would need "
            f"more than {MEMORY_LIMIT / 2**30:g} GiB; use a smaller alphabet"
        )


def _check_brute_force_size(n: int, max_n: int, n_s: int = 1) -> None:
    max_n = check_int("max_n", max_n, low=1)
    if n > max_n:
        raise ValueError(f"p_sx has {n} letters of X; brute force is limited to max_n = {max_n}")
    _check_memory("brute force", n, 8 * n * (n + n_s))


def set_partition_labels(n: int) -> NDArray[np.intp]:
    """All set partitions of ``{0..n-1}`` as restricted-growth label rows (Bell(n) × n).

    Row ``r`` labels element ``x`` with ``rows[r, x]``; labels appear in order of first
    occurrence, so each partition appears exactly once.

    Parameters
    ----------
    n : int
        Number of elements, ``>= 1``.

    Returns
    -------
    numpy.ndarray, shape (Bell(n), n)
        One restricted-growth label row per set partition.

    Raises
    ------
    ValueError
        If ``n`` is not an integer ``>= 1`` or the rows would not fit in memory.

    See Also
    --------
    brute_force_deterministic : Every partition's point.

    Examples
    --------
    >>> set_partition_labels(3)
    array([[0, 0, 0],
           [0, 0, 1],
           [0, 1, 0],
           [0, 1, 1],
           [0, 1, 2]])
    >>> [len(set_partition_labels(n)) for n in range(1, 9)]
    [1, 2, 5, 15, 52, 203, 877, 4140]
    """
    n = check_int("n", n, low=1)
    _check_memory("set_partition_labels", n, 3 * 8 * n)  # rows, rows[idx], stack
    rows = np.zeros((1, 1), dtype=np.intp)
    top = np.zeros(1, dtype=np.intp)  # largest label used so far
    for _ in range(1, n):
        reps = top + 2
        idx = np.repeat(np.arange(rows.shape[0]), reps)
        offs = np.arange(reps.sum()) - np.repeat(np.cumsum(reps) - reps, reps)
        rows = np.column_stack([rows[idx], offs])
        top = np.maximum(top[idx], offs)
    return rows


def brute_force_deterministic(p_sx: ArrayLike, *, base: Base = 2, max_n: int = 10) -> pd.DataFrame:
    """(I(X;Y), I(S;Y)) of every deterministic mapping, i.e. every partition of X.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf; ``n_x <= max_n`` (Bell(10) = 115,975 partitions).
    base : float or {"e", "nats", "bits"}
        Logarithm base.
    max_n : int
        Refuse larger alphabets.

    Returns
    -------
    pandas.DataFrame
        Columns ``labels`` (tuple), ``n_Y``, ``utility``, ``leakage``, one row per partition.

    Raises
    ------
    ValueError
        If ``p_sx`` is not a 2-D pmf, ``max_n`` is not an integer ``>= 1``, X has more than
        ``max_n`` letters, or the enumeration would need more than :data:`MEMORY_LIMIT` bytes.

    See Also
    --------
    set_partition_labels : The partitions it enumerates.
    lower_envelope : The best leakage at each disclosure.

    References
    ----------
    .. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to the
       privacy funnel", IEEE ITW 2014, Fig. 1.

    Examples
    --------
    The worked example E4: five partitions of three letters.

    >>> bf = brute_force_deterministic([[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]])
    >>> bf[["n_Y", "utility", "leakage"]].round(6).to_numpy()
    array([[1.      , 0.      , 0.      ],
           [2.      , 0.881291, 0.108108],
           [2.      , 0.881291, 0.017286],
           [2.      , 0.970951, 0.181496],
           [3.      , 1.570951, 0.197768]])
    """
    p = _joint(p_sx)
    n = p.shape[1]
    _check_brute_force_size(n, max_n, p.shape[0])
    lab = set_partition_labels(n)
    lb = log_base(base)
    onehot = np.zeros((lab.shape[0], n, n))
    onehot[np.arange(lab.shape[0])[:, None], np.arange(n)[None, :], lab] = 1.0
    p_sy = np.einsum("sx,bxy->bsy", p, onehot)
    p_y = p_sy.sum(axis=1)
    # batched over all Bell(n) mappings (one nsp.info call per mapping would take ~50 us,
    # 6 s at n = 10): I(X;Y) = H(Y) and I(S;Y) = H(S) - H(S|Y), with
    # H(S|Y) = sum_y h_u(P(S, y)); tests check every column against nsp.info
    h_y = -xlogy(p_y, p_y).sum(axis=1)
    h_s_given_y = _unnormalized_entropy(np.swapaxes(p_sy, 1, 2)).sum(axis=1)
    i_sy = info.entropy(p.sum(axis=1), base=math.e) - h_s_given_y
    return pd.DataFrame(
        {
            "labels": [tuple(int(v) for v in row) for row in lab],
            "n_Y": lab.max(axis=1) + 1,
            "utility": np.maximum(h_y, 0.0) / lb,
            "leakage": np.maximum(i_sy, 0.0) / lb,
        }
    )


def funnel_curve(
    p_sx: ArrayLike,
    algorithm: Algorithm = "greedy_privacy_funnel",
    grid: int | ArrayLike = 201,
    *,
    base: Base = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
) -> pd.DataFrame:
    """Sweep a greedy algorithm over its threshold.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    algorithm : {"greedy_privacy_funnel", "greedy_information_bottleneck", \
"greedy_max_leakage", "greedy_ratio_funnel"}
        The greedy algorithm (the paper's numbers ``"algorithm1"``, ``"algorithm2"``,
        ``"algorithm2_prime"`` and the short keys ``"alg1"``, ``"alg2"``, ``"alg2prime"``,
        ``"ratio"`` are aliases, :mod:`nsp._algorithms`; the ``algorithm`` column records the
        function's name). Algorithms 1 and 2′ and the ratio greedy sweep R
        over ``[0, H(X)]``; Algorithm 2 sweeps Δ over ``[0, I(S;X)]``.
    grid : int or array_like
        Number of evenly spaced thresholds (``np.linspace``), or the thresholds themselves.
    base, tol, tie_tol
        As in :func:`nsp.clustering.funnel.greedy_privacy_funnel`.

    Returns
    -------
    pandas.DataFrame
        Columns ``algorithm`` (the descriptive name, aliases resolved), ``param``, ``utility``,
        ``leakage``, ``n_Y`` in sweep order (the order in which the points of a curve are joined).

    See Also
    --------
    greedy_privacy_funnel : One run at one threshold.
    lower_envelope : The envelope of the curve's points.
    nsp.papers.privacy_funnel.fig1_curves : The curves of the paper's Fig. 1.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Section IV and Fig. 1.

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> curve = funnel_curve(p, "greedy_privacy_funnel", 3)
    >>> curve[["param", "utility", "leakage"]].round(12).to_numpy().tolist()
    [[0.0, 0.0, 0.0], [1.0, 1.0, 0.0], [2.0, 2.0, 1.0]]
    """
    alg = check_algorithm(algorithm, "funnel")
    p = _joint(p_sx)
    if np.ndim(grid) == 0:
        n_grid = check_int("grid", grid, low=1)
        if _ALGORITHMS[alg][1] == "X":
            top = info.entropy(p.sum(axis=0), base=base)
        else:
            top = info.mutual_information(p, 0, 1, base=base)
        params = np.linspace(0.0, top, n_grid)
    else:
        try:
            params = _finite_array("grid", grid).ravel()
        except ValueError:
            raise ValueError(f"grid must hold finite thresholds; got {grid!r}") from None
        if params.size == 0 or np.ndim(grid) != 1:
            raise ValueError(
                f"grid must be a count or a non-empty 1-D array of thresholds; got {grid!r}"
            )
    values = [float(t) for t in params]
    runs = _run_sweep(
        p, values, alg, base=base, tol=tol, tie_tol=tie_tol, return_trace=False, name="grid"
    )  # every threshold at once, sharing the merges they have in common
    rows = [
        (alg, t, res.utility, res.leakage, res.n_outputs)
        for t, res in zip(values, runs, strict=True)
    ]
    return pd.DataFrame(rows, columns=["algorithm", "param", "utility", "leakage", "n_Y"])


def constrained_envelope(
    df: pd.DataFrame,
    xs: ArrayLike,
    *,
    value: str = "leakage",
    constraint: str = "utility",
    sense: Literal["min", "max"] = "min",
    side: Literal["at_least", "at_most"] = "at_least",
) -> NDArray[np.float64]:
    """Return the best ``value`` over the points of ``df`` whose ``constraint`` is beyond each x.

    For each ``x``: ``min`` (or ``max``) of ``df[value]`` over the rows with
    ``df[constraint] >= x`` (``side="at_least"``) or ``<= x`` (``"at_most"``), with a slack of
    ``1e-12``; NaN where no row qualifies. Every point being an achievable mapping, this reads
    an exact optimum off a brute-force cloud, or a monotone envelope off a greedy curve.

    Parameters
    ----------
    df : pandas.DataFrame
        The points, with columns ``value`` and ``constraint``.
    xs : array_like, shape (n,)
        Thresholds of the constraint (finite).
    value, constraint : str
        Column names (default: ``leakage``, I(S;Y), at a given ``utility``, I(X;Y)).
    sense : {"min", "max"}
        Minimize or maximize ``value``.
    side : {"at_least", "at_most"}
        Whether ``x`` is a lower or an upper bound on ``constraint``.

    Returns
    -------
    numpy.ndarray
        One value per threshold.

    Raises
    ------
    ValueError
        If ``df`` lacks a column or holds NaN in one, ``xs`` is not 1-D or holds a non-finite
        value, or an option is unknown.

    See Also
    --------
    lower_envelope : The least leakage at utility at least x.
    upper_envelope : The most leakage at utility at most x.

    Examples
    --------
    >>> df = pd.DataFrame({"utility": [0, 1, 2], "leakage": [0, .5, .4]})
    >>> constrained_envelope(df, [0, 1.5], sense="max").tolist()
    [0.5, 0.4]
    >>> constrained_envelope(df, [0.5], value="utility", constraint="leakage").tolist()
    [1.0]
    """
    check_choice("sense", sense, ("min", "max"))
    check_choice("side", side, ("at_least", "at_most"))
    check_frame("df", df)
    for name, col in (("value", value), ("constraint", constraint)):
        if col not in df.columns:
            raise ValueError(f"df must have the {name} column {col!r}; it has {list(df.columns)}")
    x = df[constraint].to_numpy(float)
    y = df[value].to_numpy(float)
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError(f"df must hold finite {constraint!r} and {value!r} (found NaN or inf)")
    if np.ndim(xs) != 1:
        raise ValueError(f"xs must be a 1-D array of thresholds; got shape {np.shape(xs)}")
    q = np.atleast_1d(_finite_array("xs", xs))
    if side == "at_least":
        ok = x[None, :] >= q[:, None] - 1e-12
    else:
        ok = x[None, :] <= q[:, None] + 1e-12
    if sense == "min":
        vals = np.where(ok, y[None, :], np.inf).min(axis=1)
    else:
        vals = np.where(ok, y[None, :], -np.inf).max(axis=1)
    return np.where(np.isinf(vals), np.nan, vals)


def lower_envelope(df: pd.DataFrame, xs: ArrayLike) -> NDArray[np.float64]:
    """``min {leakage : utility >= x}`` over the points of ``df`` (NaN where none), for each x.

    Every point is a feasible mapping, so this is an achievable non-decreasing lower curve
    (:func:`constrained_envelope` with its defaults).

    Parameters
    ----------
    df : pandas.DataFrame
        Points with columns ``utility`` and ``leakage``.
    xs : array_like, shape (n,)
        Disclosure levels (finite).

    Returns
    -------
    numpy.ndarray
        One value per level.

    See Also
    --------
    upper_envelope : The most leakage at utility at most x.
    constrained_envelope : The general envelope both are made of.

    References
    ----------
    .. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to the
       privacy funnel", IEEE ITW 2014, Fig. 1 (the minimum of I(S;Y) at a given I(X;Y)).

    Examples
    --------
    >>> df = pd.DataFrame({"utility": [0, 1, 2], "leakage": [0, .5, .4]})
    >>> lower_envelope(df, [0, 1.5, 3]).tolist()
    [0.0, 0.4, nan]
    """
    return constrained_envelope(df, xs)


def upper_envelope(df: pd.DataFrame, xs: ArrayLike) -> NDArray[np.float64]:
    """``max {leakage : utility <= x}`` over the points of ``df`` (NaN where none), for each x.

    Parameters
    ----------
    df : pandas.DataFrame
        Points with columns ``utility`` and ``leakage``.
    xs : array_like, shape (n,)
        Disclosure levels (finite).

    Returns
    -------
    numpy.ndarray
        One value per level.

    See Also
    --------
    lower_envelope : The least leakage at utility at least x.
    constrained_envelope : The general envelope both are made of.

    References
    ----------
    .. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to the
       privacy funnel", IEEE ITW 2014, Fig. 1 (the maximum of I(S;Y) at a given I(X;Y)).

    Examples
    --------
    >>> df = pd.DataFrame({"utility": [0, 1, 2], "leakage": [0, .5, .4]})
    >>> upper_envelope(df, [0.5, 2]).tolist()
    [0.0, 0.5]
    """
    return constrained_envelope(df, xs, sense="max", side="at_most")
