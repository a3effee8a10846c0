"""The alternating iteration of the information bottleneck, run on the privacy funnel (§III-D).

Section III-D of Makhdoumi et al. asks whether the information bottleneck's alternating
iteration (Tishby, Pereira & Bialek) could solve the privacy funnel: both problems have the
Lagrangian ``L = I(X;Y) − β I(S;Y)``, whose stationary points satisfy the same self-consistent
equations; the bottleneck wants a local minimum of ``L``, the funnel a local maximum. The paper
notes that nothing guarantees the iteration reaches either, and writes a greedy algorithm
instead. :func:`alternating_iteration` runs the iteration so that this can be seen.

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE ITW 2014, arXiv:1402.1774, Section III-D.
.. [2] N. Tishby, F. C. Pereira, W. Bialek, "The information bottleneck method", 1999,
   arXiv:physics/0004057, Theorem 5.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.special import xlogy

from nsp._validation import Base, as_channel, check_base, check_int, check_real, trusted
from nsp.clustering.funnel._measures import _joint, _real, disclosure, privacy_leakage

__all__ = ["AlternatingResult", "alternating_iteration"]


@dataclass(frozen=True)
class AlternatingResult:
    """The outcome of :func:`alternating_iteration`.

    Attributes
    ----------
    mapping : numpy.ndarray, shape (n_x, n_y)
        The last privacy mapping ``p(y | x)``.
    trace : pandas.DataFrame
        One row per iterate, the start first: ``iteration``, ``utility`` I(X;Y),
        ``leakage`` I(S;Y), ``lagrangian`` ``I(X;Y) − β I(S;Y)`` and ``change`` (the largest
        change of ``p(y | x)`` from the previous iterate; NaN at the start).
    beta : float
        The multiplier β.
    converged : bool
        Whether the last change was below ``tol``.
    """

    mapping: NDArray[np.float64]
    trace: pd.DataFrame
    beta: float
    converged: bool


def _kl_rows(p_s_given_x: NDArray[np.float64], p_s_given_y: NDArray[np.float64]) -> NDArray:
    """``D(p(s|x) || p(s|y))`` in nats for every (x, y); ``inf`` where the support is not held."""
    # p_s_given_x: (n_s, n_x), p_s_given_y: (n_s, n_y) -> (n_x, n_y)
    own = xlogy(p_s_given_x, p_s_given_x).sum(axis=0)[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        log_y = np.log(p_s_given_y)
        terms = p_s_given_x[:, :, None] * log_y[:, None, :]
    return own - np.where(p_s_given_x[:, :, None] > 0, terms, 0.0).sum(axis=0)


def alternating_iteration(
    p_sx: ArrayLike,
    *,
    beta: float,
    mapping: ArrayLike | None = None,
    max_iter: int = 500,
    tol: float = 1e-10,
    base: Base = 2,
) -> AlternatingResult:
    """Run the information bottleneck's alternating iteration on ``L = I(X;Y) − β I(S;Y)``.

    From a mapping ``p(y | x)`` each step computes ``p(y) = Σ_x p(x) p(y|x)`` and
    ``p(s | y) = Σ_x p(s, x) p(y|x) / p(y)``, then the new mapping
    ``p(y | x) ∝ p(y) exp(−β D(p(s|x) || p(s|y)))`` (``D`` in nats). These are the stationarity
    conditions of ``L`` on the interior of the simplex, for the privacy funnel ([1]_; a local
    maximum of ``L``) as for the information bottleneck (a local minimum). The iteration is the
    bottleneck's: ``L`` never increases along it ([2]_), so it runs away from the funnel's
    maxima. A deterministic mapping, which is what the funnel's greedy algorithms return, is
    not a fixed point in general: for finite β the update gives ``x`` some mass on every ``y``
    whose ``p(s | y)`` covers the support of ``p(s | x)``.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of the private S (axis 0) and the disclosable X (axis 1).
    beta : float
        The multiplier β, finite and ``> 0``.
    mapping : array_like, shape (n_x, n_y), optional
        The starting privacy mapping (row-stochastic); default the identity (full disclosure).
    max_iter : int
        Most steps, ``1..10**6``.
    tol : float
        Stop when no entry of ``p(y | x)`` changes by more than ``tol``, ``> 0``.
    base : float or {"e", "nats", "bits"}
        Logarithm base of the trace's informations (2: bits); β does not depend on it.

    Returns
    -------
    AlternatingResult
        The last mapping, the trace of every iterate and whether it converged.

    See Also
    --------
    greedy_information_bottleneck : The greedy solution of the same problem.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Section III-D.
    .. [2] Tishby, Pereira, Bialek, 1999, arXiv:physics/0004057, Theorem 5.

    Examples
    --------
    S is the parity of a uniform X on four letters. The funnel's answer at one bit of disclosure
    releases whether X < 2: no leakage, ``L = 1``. The iteration started there falls in one step
    to the trivial mapping (``L = 0``); started from the identity (``L = 2 − β``) it ends at the
    bottleneck's answer, the parity itself: one bit disclosed, one bit leaked, ``L = 1 − β``:

    >>> from nsp.clustering.funnel import mapping_from_partition
    >>> from nsp.partition import Partition
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> start = mapping_from_partition(Partition.from_labels([0, 0, 1, 1]))
    >>> alternating_iteration(p, beta=2.0, mapping=start).trace.lagrangian.round(6).tolist()
    [1.0, 0.0, 0.0]
    >>> res = alternating_iteration(p, beta=2.0)
    >>> res.trace[["utility", "leakage"]].iloc[-1].round(6).tolist(), res.converged
    ([1.0, 1.0], True)
    """
    p = _joint(p_sx)
    beta = check_real("beta", beta, low=0.0, closed="right")
    max_iter = check_int("max_iter", max_iter, low=1, high=10**6)
    tol = check_real("tol", tol, low=0.0, closed="right")
    b = check_base(base)
    n_x = p.shape[1]
    if mapping is None:
        w = np.eye(n_x)
    else:
        w = as_channel(_real("mapping", mapping), name="mapping")
        if w.shape[0] != n_x:
            raise ValueError(
                f"mapping must have one row per letter of X: p_sx has {n_x} columns, "
                f"mapping has {w.shape[0]} rows"
            )
    p_x = p.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_s_given_x = np.where(p_x > 0, p / np.where(p_x > 0, p_x, 1.0), 0.0)
    rows = []

    def record(t: int, w: NDArray[np.float64], change: float) -> None:
        with trusted():
            d, leak = disclosure(p, w, base=b), privacy_leakage(p, w, base=b)
        rows.append(
            {
                "iteration": t,
                "utility": d,
                "leakage": leak,
                "lagrangian": d - beta * leak,
                "change": change,
            }
        )

    record(0, w, float("nan"))
    change = float("inf")
    for t in range(1, max_iter + 1):
        p_y = p_x @ w
        alive = p_y > 0
        with np.errstate(invalid="ignore", divide="ignore"):
            p_s_given_y = np.where(alive, (p @ w) / np.where(alive, p_y, 1.0), 0.0)
        log_new = np.where(alive, np.log(np.where(alive, p_y, 1.0)), -np.inf)[None, :]
        log_new = log_new - beta * _kl_rows(p_s_given_x, p_s_given_y)
        log_new -= log_new.max(axis=1, keepdims=True)
        new = np.exp(log_new)
        new /= new.sum(axis=1, keepdims=True)
        change = float(np.abs(new - w).max())
        w = new
        record(t, w, change)
        if change <= tol:
            break
    return AlternatingResult(
        mapping=w, trace=pd.DataFrame(rows), beta=beta, converged=bool(change <= tol)
    )
