"""The inference threat of the privacy funnel: costs, ΔC, Lemma 2 and Theorem 1.

An analyst with an inference cost ``C(s, q)`` (``q`` a belief on S) gains, on observing Y,
``ΔC = c0* - E_{P_Y}[c*_Y]`` (Section II-B); for the log-loss ``ΔC = I(S;Y)`` (Lemma 1), and
for a bounded cost ``ΔC <= 2 sqrt(2) L sqrt(I(S;Y))`` with I(S;Y) in **nats** (Theorem 1, via
Lemma 2 and Pinsker's inequality).

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE ITW 2014, doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy.special import xlogy

from nsp import info
from nsp._validation import SUM_TOL, Base, as_pmf, check_base, check_real
from nsp.clustering.funnel._measures import _real

__all__ = [
    "Cost",
    "LogLoss",
    "ZeroOneLoss",
    "BrierLoss",
    "BayesDecisionCost",
    "inference_cost_gain",
    "lemma2_gaps",
    "lemma2_bound",
    "theorem1_bound",
]

#: The value of a cost on one pmf (a float) or on a matrix of pmf columns (an array).
CostValue = float | NDArray[np.float64]


def _columns(p: ArrayLike, name: str = "p") -> tuple[NDArray[np.float64], bool]:
    """``p`` as a matrix of pmf columns (validated) and whether it was a single pmf."""
    try:
        arr = np.asarray(_real(name, p), dtype=float)
    except (TypeError, ValueError):
        raise ValueError(
            f"{name} must be a pmf (1-D) or a matrix of pmf columns (2-D) of numbers"
        ) from None
    if arr.ndim == 1:
        return as_pmf(arr, name=name)[:, None], True
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be a pmf (1-D) or a matrix of pmf columns (2-D); got shape {arr.shape}"
        )
    if arr.size == 0:
        as_pmf(arr, name=name)  # raises the shared "must not be empty" message
    if not (arr.min() >= 0 and np.all(np.abs(arr.sum(axis=0) - 1.0) <= SUM_TOL)):
        for j in range(arr.shape[1]):  # name the first offending column
            as_pmf(arr[:, j], name=f"{name}[:, {j}]")
    return arr, False


def _belief_columns(
    p: ArrayLike, q: ArrayLike
) -> tuple[NDArray[np.float64], NDArray[np.float64], bool]:
    """Validate ``p`` (pmf columns) and the beliefs ``q`` (one column, or one per column of p)."""
    P, one = _columns(p)
    Q, _ = _columns(q, "q")
    if Q.shape[0] != P.shape[0] or Q.shape[1] not in (1, P.shape[1]):
        raise ValueError(
            f"q must have the shape of p ({P.shape[0]} entries, 1 or {P.shape[1]} columns); "
            f"got shape {Q.shape}"
        )
    return P, Q, one


class Cost:
    """An inference cost ``C(s, q)`` (``q`` a belief on S) with a closed-form Bayes decision.

    Subclasses define ``minimizer`` (the optimal belief ``q*`` for a pmf ``p`` of S),
    ``expected_cost`` (``E_p C(S, q)``) and ``bound`` (``L = sup |C|``). Every method works
    on one pmf (1-D) or on a matrix whose **columns** are pmfs.
    """

    #: ``L = sup_{s, q} |C(s, q)|`` (``inf`` for the log-loss).
    bound: float = math.inf

    def minimizer(self, p: ArrayLike) -> NDArray[np.float64]:
        """Return the optimal belief ``q*`` for the pmf(s) ``p`` (the Bayes decision).

        Parameters
        ----------
        p : array_like
            A pmf of S, or a matrix whose columns are pmfs.

        Returns
        -------
        numpy.ndarray
            ``q*``, shaped like ``p``.
        """
        return np.asarray(_real("p", p), dtype=float)

    def expected_cost(self, p: ArrayLike, q: ArrayLike) -> CostValue:  # pragma: no cover
        """Return ``E_p C(S, q)``, the expected cost of the belief ``q`` when S ~ ``p``.

        Parameters
        ----------
        p : array_like
            A pmf of S, or a matrix whose columns are pmfs.
        q : array_like
            A belief (one pmf), or one per column of ``p``.

        Returns
        -------
        float or numpy.ndarray
            One value, or one per column of ``p``.
        """
        raise NotImplementedError

    def optimal_value(self, p: ArrayLike) -> CostValue:
        """Return ``c*(p) = min_q E_p C(S, q)``.

        Parameters
        ----------
        p : array_like
            A pmf of S, or a matrix whose columns are pmfs.

        Returns
        -------
        float or numpy.ndarray
            One value, or one per column of ``p``.
        """
        return self.expected_cost(p, self.minimizer(p))


class LogLoss(Cost):
    """``C(s, q) = -log q(s)`` (Section III-A): ``q* = p`` and ``c*(p) = H(p)`` (Lemma 1).

    Parameters
    ----------
    base : float or {"e", "nats", "bits"}
        Logarithm base of the cost (2: bits).

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Section III-A and Lemma 1.

    Examples
    --------
    >>> LogLoss().optimal_value([0.5, 0.5])
    1.0
    """

    def __init__(self, *, base: Base = 2) -> None:
        self.base = check_base(base)
        self.bound = math.inf

    def expected_cost(self, p: ArrayLike, q: ArrayLike) -> CostValue:  # noqa: D102
        P, Q, one = _belief_columns(p, q)
        with np.errstate(divide="ignore"):
            val = -(xlogy(P, np.where(P > 0, Q, 1.0)).sum(axis=0)) + np.where(
                ((P > 0) & (Q <= 0)).any(axis=0), np.inf, 0.0
            )
        val = val / math.log(self.base)
        return float(val[0]) if one else val


class ZeroOneLoss(Cost):
    """0–1 loss of the MAP guess: ``C(s, q) = 1{s != argmax q}`` (first maximum), ``L = 1``.

    ``c*(p) = 1 - max_s p(s)``.

    Examples
    --------
    >>> ZeroOneLoss().optimal_value([0.8, 0.2])
    0.19999999999999996
    """

    bound = 1.0

    def expected_cost(self, p: ArrayLike, q: ArrayLike) -> CostValue:  # noqa: D102
        P, Q, one = _belief_columns(p, q)
        guess = Q.argmax(axis=0)
        val = 1.0 - P[guess, np.arange(P.shape[1])]
        return float(val[0]) if one else val


class BrierLoss(Cost):
    """Brier (quadratic) score ``C(s, q) = sum_t (q(t) - 1{t = s})^2``, ``L = 2``; ``q* = p``.

    ``c*(p) = 1 - sum_s p(s)^2``.

    Examples
    --------
    >>> round(BrierLoss().optimal_value([0.8, 0.2]), 12)
    0.32
    """

    bound = 2.0

    def expected_cost(self, p: ArrayLike, q: ArrayLike) -> CostValue:  # noqa: D102
        P, Q, one = _belief_columns(p, q)
        val = (Q**2).sum(axis=0) - 2 * (P * Q).sum(axis=0) + P.sum(axis=0)
        return float(val[0]) if one else val


class BayesDecisionCost(Cost):
    """``C(s, q) = loss[s, a*(q)]`` with the Bayes act ``a*(q) = argmin_a sum_s q(s) loss[s, a]``.

    Ties between acts go to the first act. ``c*(p) = min_a E_p loss[S, a]`` and
    ``L = max |loss|``.

    Parameters
    ----------
    loss : array_like, shape (n_s, n_actions)
        Finite losses.

    Examples
    --------
    >>> c = BayesDecisionCost([[0, 1], [1, 0]])  # the 0-1 loss
    >>> round(c.optimal_value([0.8, 0.2]), 12), c.bound
    (0.2, 1.0)
    """

    def __init__(self, loss: ArrayLike) -> None:
        try:
            arr = np.asarray(_real("loss", loss), dtype=float)
        except (TypeError, ValueError):
            raise ValueError(
                "loss must be a finite 2-D matrix loss[s, action] (rectangular, of numbers)"
            ) from None
        if arr.ndim != 2 or arr.size == 0 or not np.all(np.isfinite(arr)):
            raise ValueError(
                f"loss must be a finite 2-D matrix loss[s, action]; got shape {arr.shape}"
            )
        self.loss = arr
        self.bound = float(np.abs(arr).max())

    def expected_cost(self, p: ArrayLike, q: ArrayLike) -> CostValue:  # noqa: D102
        P, Q, one = _belief_columns(p, q)
        if P.shape[0] != self.loss.shape[0]:
            raise ValueError(
                f"p must have {self.loss.shape[0]} entries (rows of loss); got {P.shape[0]}"
            )
        act = (self.loss.T @ Q).argmin(axis=0)
        val = (P * self.loss[:, act]).sum(axis=0)
        return float(val[0]) if one else val


def _sy(
    p_sy: ArrayLike,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    p = as_pmf(_real("p_sy", p_sy), name="p_sy", ndim=2)
    p_s = p.sum(axis=1)
    p_y = p.sum(axis=0)
    keep = p_y > 0
    cond = p[:, keep] / p_y[keep]
    return p, p_s, p_y[keep], cond


def _check_cost(cost: object) -> None:
    if not isinstance(cost, Cost):
        raise ValueError(f"cost must be a Cost (e.g. LogLoss()); got {type(cost).__name__}")


def inference_cost_gain(p_sy: ArrayLike, cost: Cost) -> float:
    """Average inference cost gain ``ΔC = c0* - E_{P_Y}[c*_Y]`` (Section II-B).

    Parameters
    ----------
    p_sy : array_like, shape (n_s, n_y)
        Joint pmf of S (axis 0) and the released Y (axis 1).
    cost : Cost
        The analyst's inference cost.

    Returns
    -------
    float
        ΔC >= 0 (in the cost's units; for :class:`LogLoss` it is I(S;Y) in its base).

    Raises
    ------
    ValueError
        If ``p_sy`` is not a 2-D pmf or ``cost`` is not a :class:`Cost`.

    See Also
    --------
    theorem1_bound : Its bound by the leakage ``I(S;Y)``.
    lemma2_gaps : The gain per output letter.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Section II-B and Lemma 1.

    Examples
    --------
    The worked example E3 (a binary symmetric channel with crossover 0.2):

    >>> p = [[.4, .1], [.1, .4]]
    >>> round(inference_cost_gain(p, LogLoss()), 6), round(inference_cost_gain(p, ZeroOneLoss()), 6)
    (0.278072, 0.3)
    >>> round(inference_cost_gain(p, BrierLoss()), 6)
    0.18
    """
    _check_cost(cost)
    _, p_s, p_y, cond = _sy(p_sy)
    c0 = cost.optimal_value(p_s)
    cy = np.asarray(cost.optimal_value(cond), dtype=float)
    return float(c0 - np.dot(p_y, cy))


def lemma2_gaps(p_sy: ArrayLike, cost: Cost) -> NDArray[np.float64]:
    """Lemma 2's left side for every y with p(y) > 0: ``E_{P_{S|y}}[C(S, q0*) - C(S, q_y*)]``.

    Parameters
    ----------
    p_sy : array_like, shape (n_s, n_y)
        Joint pmf of S (axis 0) and the released Y (axis 1).
    cost : Cost
        The analyst's inference cost.

    Returns
    -------
    numpy.ndarray
        One gap per output letter y with ``p(y) > 0``.

    See Also
    --------
    lemma2_bound : Lemma 2's right side.
    inference_cost_gain : Their average over the outputs.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Lemma 2.

    Examples
    --------
    With the 0-1 loss the prior guess is s = 0: observing y = 1 corrects it.

    >>> lemma2_gaps([[.4, .1], [.1, .4]], ZeroOneLoss()).round(6)
    array([0. , 0.6])
    """
    _check_cost(cost)
    _, p_s, _, cond = _sy(p_sy)
    q0 = cost.minimizer(p_s)
    q0_cols = np.repeat(np.asarray(q0, dtype=float)[:, None], cond.shape[1], axis=1)
    return np.asarray(cost.expected_cost(cond, q0_cols), dtype=float) - np.asarray(
        cost.optimal_value(cond), dtype=float
    )


def lemma2_bound(p_sy: ArrayLike, bound: float) -> NDArray[np.float64]:
    """Lemma 2's right side ``2 sqrt(2) L sqrt(D(P_{S|y} || P_S))`` for every y with p(y) > 0.

    The divergence is in **nats** (the proof uses Pinsker's inequality, stated in nats).

    Parameters
    ----------
    p_sy : array_like, shape (n_s, n_y)
        Joint pmf of S and Y.
    bound : float
        ``L = sup |C(s, q)|`` of the cost (``Cost.bound``), finite and ``>= 0``.

    Returns
    -------
    numpy.ndarray
        One bound per output letter y with ``p(y) > 0``.

    See Also
    --------
    lemma2_gaps : Lemma 2's left side.
    theorem1_bound : The bound averaged over the outputs.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Lemma 2.

    Examples
    --------
    >>> lemma2_bound([[.4, .1], [.1, .4]], 1.0).round(6)
    array([1.241756, 1.241756])
    """
    bound = check_real("bound", bound, low=0.0)
    _, p_s, _, cond = _sy(p_sy)
    d = np.array([info.kl_divergence(cond[:, y], p_s, base=math.e) for y in range(cond.shape[1])])
    return 2 * math.sqrt(2) * bound * np.sqrt(np.maximum(d, 0.0))


def theorem1_bound(p_sy: ArrayLike, bound: float) -> float:
    """Theorem 1: ``ΔC <= 2 sqrt(2) L sqrt(I(S;Y))`` with I(S;Y) in **nats**.

    Parameters
    ----------
    p_sy : array_like, shape (n_s, n_y)
        Joint pmf of S and Y.
    bound : float
        ``L = sup |C(s, q)|`` of the cost (``Cost.bound``), finite and ``>= 0``.

    Returns
    -------
    float
        The bound on ΔC, in the cost's units.

    See Also
    --------
    inference_cost_gain : The gain it bounds.
    lemma2_bound : The bound per output letter.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Theorem 1.

    Examples
    --------
    The worked example E3: I(S;Y) = 0.192745 nats.

    >>> round(theorem1_bound([[.4, .1], [.1, .4]], 1.0), 6)
    1.241756
    """
    bound = check_real("bound", bound, low=0.0)
    p = as_pmf(_real("p_sy", p_sy), name="p_sy", ndim=2)
    i_nats = max(info.mutual_information(p, 0, 1, base=math.e), 0.0)
    return 2 * math.sqrt(2) * bound * math.sqrt(i_nats)
