# mypy: ignore-errors
"""The privacy funnel: log-loss threat, merge costs and the greedy merging algorithms.

Implements Makhdoumi, Salamatian, Fawaz & Médard, *From the Information Bottleneck to the
Privacy Funnel* (ITW 2014, arXiv:1402.1774). Private data ``S`` and disclosable data ``X`` have
a joint pmf ``p_sx[s, x]`` (axis 0 = S, axis 1 = X); the user releases ``Y`` through a privacy
mapping ``mapping[x, y] = p(y | x)`` (row-stochastic), so that ``S -> X -> Y``.

Contents
--------
Measures (bits by default, ``base=`` on each):
    :func:`privacy_leakage` I(S;Y), :func:`disclosure` I(X;Y), :func:`logloss_distortion`
    H(X|Y), :func:`merge_costs` (Proposition 1), :func:`chain_rule_bounds`.
Inference threat (Section II-B, Lemma 1, Lemma 2, Theorem 1; **nats** for the bounds):
    :class:`LogLoss`, :class:`ZeroOneLoss`, :class:`BrierLoss`, :class:`BayesDecisionCost`,
    :func:`inference_cost_gain` (ΔC), :func:`lemma2_gaps`, :func:`lemma2_bound`,
    :func:`theorem1_bound`.
Greedy algorithms (Section IV-A), all incremental:
    :func:`greedy_privacy_funnel` (Algorithm 1), :func:`greedy_information_bottleneck`
    (Algorithm 2 as printed), :func:`greedy_max_leakage` (Algorithm 2', the reading of Note 1),
    :func:`greedy_naive` (the same algorithms recomputing both mutual informations for every
    candidate pair: the test oracle and the benchmark's baseline).
Exhaustive search and curves:
    :func:`set_partition_labels`, :func:`brute_force_deterministic`, :func:`funnel_curve`,
    :func:`lower_envelope`, :func:`upper_envelope`.

Conventions of the greedy algorithms (spec A9–A12)
--------------------------------------------------
* Output letters are kept in canonical order (sorted by their smallest member); a merged letter
  takes the slot of the smaller of the two and the other is deleted.
* Feasibility uses ``value_after_merge >= threshold - tol`` (``tol`` in ``base`` units).
* **Ties**: every candidate whose score is within ``tie_tol`` (``base`` units) of the best
  score is tied; the first tied pair ``(k, l)``, ``k < l``, in row-major order over the
  current letters wins.
* Letters with ``p(x) = 0`` are left out of the search and mapped to output letter 0.
* Internally everything is in nats; thresholds are converted once, so that the merge sequence
  does not depend on ``base`` (T13).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.special import xlogy

from nsp import info
from nsp._validation import SUM_TOL, as_channel, as_pmf, check_base, log_base
from nsp.clustering.partition import Partition

__all__ = [
    "privacy_leakage",
    "disclosure",
    "logloss_distortion",
    "merge_costs",
    "chain_rule_bounds",
    "mapping_from_partition",
    "Cost",
    "LogLoss",
    "ZeroOneLoss",
    "BrierLoss",
    "BayesDecisionCost",
    "inference_cost_gain",
    "lemma2_gaps",
    "lemma2_bound",
    "theorem1_bound",
    "GreedyResult",
    "greedy_privacy_funnel",
    "greedy_information_bottleneck",
    "greedy_max_leakage",
    "greedy_naive",
    "set_partition_labels",
    "brute_force_deterministic",
    "funnel_curve",
    "lower_envelope",
    "upper_envelope",
]

Algorithm = Literal["alg1", "alg2", "alg2prime"]

_ALGORITHMS: dict[str, tuple[str, str]] = {
    # name: (objective maximized, constrained quantity)
    "alg1": ("dS", "X"),  # max decrease of I(S;Y) s.t. I(X;Y) >= R
    "alg2": ("dX", "S"),  # max decrease of I(X;Y) s.t. I(S;Y) >= Delta
    "alg2prime": ("-dS", "X"),  # min decrease of I(S;Y) s.t. I(X;Y) >= R
}


# ----------------------------------------------------------------------------------------
# Measures
# ----------------------------------------------------------------------------------------
def _joint(p_sx: ArrayLike) -> NDArray[np.float64]:
    return as_pmf(p_sx, name="p_sx", ndim=2)


def _joint_and_mapping(p_sx: ArrayLike, mapping: ArrayLike) -> tuple[NDArray, NDArray]:
    p = _joint(p_sx)
    w = as_channel(mapping, name="mapping")
    if w.shape[0] != p.shape[1]:
        raise ValueError(
            f"mapping must have one row per letter of X: p_sx has {p.shape[1]} columns, "
            f"mapping has {w.shape[0]} rows"
        )
    return p, w


def privacy_leakage(p_sx: ArrayLike, mapping: ArrayLike, *, base: float = 2) -> float:
    """Privacy leakage I(S;Y) of a privacy mapping (the log-loss threat ΔC, Lemma 1).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of the private S (axis 0) and the disclosable X (axis 1).
    mapping : array_like, shape (n_x, n_y)
        Row-stochastic privacy mapping ``p(y | x)``.
    base : float
        Logarithm base (2: bits).

    Returns
    -------
    float
        I(S;Y) with ``p(s, y) = sum_x p(s, x) p(y | x)``.

    Examples
    --------
    E1 of the spec: S is the parity of a uniform X on 4 letters; revealing whether X < 2
    leaks nothing about S.

    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> privacy_leakage(p, [[1, 0], [1, 0], [0, 1], [0, 1]])
    0.0
    >>> privacy_leakage(p, [[1, 0], [0, 1], [1, 0], [0, 1]])
    1.0
    """
    p, w = _joint_and_mapping(p_sx, mapping)
    return info.mutual_information(p @ w, 0, 1, base=base)


def disclosure(p_sx: ArrayLike, mapping: ArrayLike, *, base: float = 2) -> float:
    """Disclosure I(X;Y) of a privacy mapping (Section III-B).

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> round(disclosure(p, [[1, 0], [1, 0], [0, 1], [0, 1]]), 12)
    1.0
    """
    p, w = _joint_and_mapping(p_sx, mapping)
    return info.mutual_information(p.sum(axis=0)[:, None] * w, 0, 1, base=base)


def logloss_distortion(p_sx: ArrayLike, mapping: ArrayLike, *, base: float = 2) -> float:
    """Average log-loss distortion E[-log P(X|Y)] = H(X|Y) (Section III-B).

    ``H(X|Y) <= D`` is the same constraint as ``I(X;Y) >= H(X) - D``.

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> logloss_distortion(p, [[1, 0], [1, 0], [0, 1], [0, 1]])
    1.0
    """
    p, w = _joint_and_mapping(p_sx, mapping)
    return info.conditional_entropy(p.sum(axis=0)[:, None] * w, 0, 1, base=base)


def _unnormalized_entropy(v: NDArray) -> NDArray:
    """``h_u(v) = m log m - sum_t v_t log v_t`` (nats) along the last axis, ``m = sum_t v_t``."""
    m = v.sum(axis=-1)
    return xlogy(m, m) - xlogy(v, v).sum(axis=-1)


def merge_costs(
    p_sx: ArrayLike, mapping: ArrayLike, i: int, j: int, *, base: float = 2
) -> tuple[float, float]:
    """Proposition 1: the decreases of I(S;Y) and I(X;Y) when output letters i and j merge.

    With the printed typo corrected (spec A13),
    ``I(S;Y) - I(S;Y^{i-j}) = p(y_ij) H(P_{S|y_ij}) - p(y_i) H(P_{S|y_i}) - p(y_j) H(P_{S|y_j})``
    where ``P_{S|y_ij} = (p(y_i) P_{S|y_i} + p(y_j) P_{S|y_j}) / p(y_ij)``, and the same for X.
    Both are weighted Jensen–Shannon divergences, hence >= 0 (tiny negative rounding is
    clipped to 0).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    mapping : array_like, shape (n_x, n_y)
        Any row-stochastic mapping (not only deterministic ones).
    i, j : int
        Distinct output letters.
    base : float
        Logarithm base.

    Returns
    -------
    (float, float)
        ``(delta_S, delta_X)``.

    Examples
    --------
    E4 of the spec, pair (1, 2) of the identity mapping:

    >>> p = [[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]]
    >>> [round(v, 6) for v in merge_costs(p, [[1, 0, 0], [0, 1, 0], [0, 0, 1]], 1, 2)]
    [0.016271, 0.6]
    """
    p, w = _joint_and_mapping(p_sx, mapping)
    n_y = w.shape[1]
    for name, v in (("i", i), ("j", j)):
        if not 0 <= int(v) < n_y:
            raise ValueError(f"{name} must be an output letter in 0..{n_y - 1}; got {v}")
    if int(i) == int(j):
        raise ValueError(f"i and j must be distinct output letters; got {i} twice")
    a_s = (p @ w).T  # rows: P(S, Y=y)
    a_x = (p.sum(axis=0)[:, None] * w).T  # rows: P(X, Y=y)
    out = []
    for a in (a_s, a_x):
        h = _unnormalized_entropy
        d = h(a[i] + a[j]) - h(a[i]) - h(a[j])
        out.append(max(float(d), 0.0) / log_base(base))
    return out[0], out[1]


def chain_rule_bounds(p_sx: ArrayLike, i_xy: float | ArrayLike, *, base: float = 2):
    """Bounds on I(S;Y) for any mapping with disclosure ``i_xy`` (spec §5, T7).

    ``max(0, I(X;Y) - H(X|S)) <= I(S;Y) <= min(I(X;Y), I(S;X))``: the lower bound is the
    chain rule ``I(X;Y) = I(S;Y) + I(X;Y|S)`` with ``I(X;Y|S) <= H(X|S)``, the upper one is
    data processing.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    i_xy : float or array_like
        Disclosure value(s), in ``base`` units.
    base : float
        Logarithm base.

    Returns
    -------
    (lower, upper)
        Floats, or arrays shaped like ``i_xy``.

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> [round(v, 12) for v in chain_rule_bounds(p, 1.5)]
    [0.5, 1.0]
    """
    p = _joint(p_sx)
    h_x_given_s = info.conditional_entropy(p, 1, 0, base=base)
    i_sx = info.mutual_information(p, 0, 1, base=base)
    r = np.asarray(i_xy, dtype=float)
    lo = np.maximum(0.0, r - h_x_given_s)
    hi = np.minimum(r, i_sx)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def mapping_from_partition(partition: Partition) -> NDArray[np.float64]:
    """The 0/1 mapping ``P[x, k] = 1`` iff ``x`` is in cluster ``k`` (canonical order).

    Examples
    --------
    >>> mapping_from_partition(Partition([[0, 2], [1]]))
    array([[1., 0.],
           [0., 1.],
           [1., 0.]])
    """
    w = np.zeros((partition.n, len(partition)))
    w[np.arange(partition.n), partition.labels] = 1.0
    return w


# ----------------------------------------------------------------------------------------
# Inference threat: costs, ΔC, Lemma 2, Theorem 1
# ----------------------------------------------------------------------------------------
def _columns(p: ArrayLike, name: str = "p") -> tuple[NDArray, bool]:
    """``p`` as a matrix of pmf columns (validated) and whether it was a single pmf."""
    try:
        arr = np.asarray(p, dtype=float)
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


def _belief_columns(p: ArrayLike, q: ArrayLike) -> tuple[NDArray, NDArray, bool]:
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

    def minimizer(self, p: ArrayLike) -> NDArray:  # pragma: no cover - abstract
        raise NotImplementedError

    def expected_cost(self, p: ArrayLike, q: ArrayLike):  # pragma: no cover - abstract
        raise NotImplementedError

    def optimal_value(self, p: ArrayLike):
        """``c*(p) = min_q E_p C(S, q)``."""
        return self.expected_cost(p, self.minimizer(p))


class LogLoss(Cost):
    """``C(s, q) = -log q(s)`` (Section III-A): ``q* = p`` and ``c*(p) = H(p)`` (Lemma 1).

    Examples
    --------
    >>> LogLoss().optimal_value([0.5, 0.5])
    1.0
    """

    def __init__(self, *, base: float = 2) -> None:
        self.base = check_base(base)
        self.bound = math.inf

    def minimizer(self, p: ArrayLike) -> NDArray:
        return np.asarray(p, dtype=float)

    def expected_cost(self, p: ArrayLike, q: ArrayLike):
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

    def minimizer(self, p: ArrayLike) -> NDArray:
        return np.asarray(p, dtype=float)

    def expected_cost(self, p: ArrayLike, q: ArrayLike):
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

    def minimizer(self, p: ArrayLike) -> NDArray:
        return np.asarray(p, dtype=float)

    def expected_cost(self, p: ArrayLike, q: ArrayLike):
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
            arr = np.asarray(loss, dtype=float)
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

    def minimizer(self, p: ArrayLike) -> NDArray:
        return np.asarray(p, dtype=float)

    def expected_cost(self, p: ArrayLike, q: ArrayLike):
        P, Q, one = _belief_columns(p, q)
        if P.shape[0] != self.loss.shape[0]:
            raise ValueError(
                f"p must have {self.loss.shape[0]} entries (rows of loss); got {P.shape[0]}"
            )
        act = (self.loss.T @ Q).argmin(axis=0)
        val = (P * self.loss[:, act]).sum(axis=0)
        return float(val[0]) if one else val


def _sy(p_sy: ArrayLike) -> tuple[NDArray, NDArray, NDArray, NDArray]:
    p = as_pmf(p_sy, name="p_sy", ndim=2)
    p_s = p.sum(axis=1)
    p_y = p.sum(axis=0)
    keep = p_y > 0
    cond = p[:, keep] / p_y[keep]
    return p, p_s, p_y[keep], cond


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

    Examples
    --------
    E3 of the spec (a binary symmetric channel with crossover 0.2):

    >>> p = [[.4, .1], [.1, .4]]
    >>> round(inference_cost_gain(p, LogLoss()), 6), round(inference_cost_gain(p, ZeroOneLoss()), 6)
    (0.278072, 0.3)
    >>> round(inference_cost_gain(p, BrierLoss()), 6)
    0.18
    """
    _, p_s, p_y, cond = _sy(p_sy)
    c0 = cost.optimal_value(p_s)
    cy = np.asarray(cost.optimal_value(cond), dtype=float)
    return float(c0 - np.dot(p_y, cy))


def lemma2_gaps(p_sy: ArrayLike, cost: Cost) -> NDArray[np.float64]:
    """Lemma 2's left side for every y with p(y) > 0: ``E_{P_{S|y}}[C(S, q0*) - C(S, q_y*)]``.

    Examples
    --------
    With the 0-1 loss the prior guess is s = 0: observing y = 1 corrects it.

    >>> lemma2_gaps([[.4, .1], [.1, .4]], ZeroOneLoss()).round(6)
    array([0. , 0.6])
    """
    _, p_s, _, cond = _sy(p_sy)
    q0 = cost.minimizer(p_s)
    q0_cols = np.repeat(np.asarray(q0, dtype=float)[:, None], cond.shape[1], axis=1)
    return np.asarray(cost.expected_cost(cond, q0_cols), dtype=float) - np.asarray(
        cost.optimal_value(cond), dtype=float
    )


def lemma2_bound(p_sy: ArrayLike, bound: float) -> NDArray[np.float64]:
    """Lemma 2's right side ``2 sqrt(2) L sqrt(D(P_{S|y} || P_S))`` for every y with p(y) > 0.

    The divergence is in **nats** (Pinsker's inequality, spec A6).

    Examples
    --------
    >>> lemma2_bound([[.4, .1], [.1, .4]], 1.0).round(6)
    array([1.241756, 1.241756])
    """
    if not (bound >= 0 and math.isfinite(bound)):
        raise ValueError(f"bound (L = sup|C|) must be finite and >= 0; got {bound}")
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
        ``L = sup |C(s, q)|`` of the cost (``Cost.bound``).

    Examples
    --------
    E3 of the spec: I(S;Y) = 0.192745 nats.

    >>> round(theorem1_bound([[.4, .1], [.1, .4]], 1.0), 6)
    1.241756
    """
    if not (bound >= 0 and math.isfinite(bound)):
        raise ValueError(f"bound (L = sup|C|) must be finite and >= 0; got {bound}")
    p = as_pmf(p_sy, name="p_sy", ndim=2)
    i_nats = max(info.mutual_information(p, 0, 1, base=math.e), 0.0)
    return 2 * math.sqrt(2) * bound * math.sqrt(i_nats)


# ----------------------------------------------------------------------------------------
# Greedy algorithms
# ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GreedyResult:
    """Output of a greedy merging algorithm.

    Attributes
    ----------
    partition : Partition
        The clusters of X (output letters, canonical order). Zero-mass letters of X join
        output letter 0.
    disclosure, leakage : float
        I(X;Y) and I(S;Y) of the output, in ``base`` units (recomputed from the output).
    param : float
        R (Algorithms 1 and 2') or Δ (Algorithm 2), in ``base`` units.
    algorithm : str
        ``"alg1"``, ``"alg2"`` or ``"alg2prime"``.
    base : float
        Logarithm base of every number.
    n_x_effective : int
        Number of letters of X with positive mass (the search space).
    trace : pandas.DataFrame or None
        One row per merge: ``step``, ``i``, ``j`` (smallest members of the merged letters),
        ``I_XY``, ``I_SY``, ``n_Y`` after the merge (when asked for).
    """

    partition: Partition
    disclosure: float
    leakage: float
    param: float
    algorithm: str
    base: float
    n_x_effective: int
    trace: pd.DataFrame | None = None

    @property
    def n_outputs(self) -> int:
        """|Y|."""
        return len(self.partition)

    @property
    def groups(self) -> list[list[int]]:
        """Members of each output letter."""
        return [list(c) for c in self.partition.clusters]

    @property
    def mapping(self) -> NDArray[np.float64]:
        """The 0/1 privacy mapping ``P[x, y]`` (|X| × |Y|)."""
        return mapping_from_partition(self.partition)


def _finite(value: float, name: str, *, nonneg: bool = False) -> float:
    """``float(value)``, which must be finite (and ``>= 0`` with ``nonneg``), else ValueError."""
    rule = "a finite number >= 0" if nonneg else "a finite number"
    try:
        if isinstance(value, (str, bytes)):
            raise TypeError
        v = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be {rule}; got {value!r}") from None
    if not math.isfinite(v) or (nonneg and v < 0):
        raise ValueError(f"{name} must be {rule}; got {value!r}")
    return v


def _prepare(
    p_sx: ArrayLike,
    algorithm: str,
    param: float,
    base: float,
    tol: float,
    tie_tol: float,
    *,
    name: str,
):
    """Validate the inputs of a greedy run (``name``: the threshold argument's name)."""
    if algorithm not in _ALGORITHMS:
        raise ValueError(f"algorithm must be one of {sorted(_ALGORITHMS)}; got {algorithm!r}")
    p = _joint(p_sx)
    lb = log_base(base)
    param = _finite(param, name)
    tol = _finite(tol, "tol", nonneg=True)
    _finite(tie_tol, "tie_tol", nonneg=True)
    p_x = p.sum(axis=0)
    support = np.flatnonzero(p_x > 0)
    a_s = np.ascontiguousarray(p[:, support].T)  # one row per letter: P(S, X=x)
    mass = p_x[support]
    h_x = info.entropy(mass, base=math.e)
    i_sx = info.mutual_information(p, 0, 1, base=math.e)
    _, constraint = _ALGORITHMS[algorithm]
    if constraint == "X" and param * lb > h_x + tol * lb:
        raise ValueError(f"R must be <= H(X) = {h_x / lb:.6g} ({name} = {param:g} is infeasible)")
    if constraint == "S" and param * lb > i_sx + tol * lb:
        raise ValueError(
            f"delta must be <= I(S;X) = {i_sx / lb:.6g} ({name} = {param:g} is infeasible)"
        )
    return p, support, a_s, mass


def _finish(
    p: NDArray,
    support: NDArray,
    slot_of: NDArray,
    algorithm: str,
    param: float,
    base: float,
    trace_rows: list | None,
) -> GreedyResult:
    n_x = p.shape[1]
    labels = np.zeros(n_x, dtype=np.intp)
    labels[support] = support[slot_of]  # label = smallest member (support index -> x)
    if support.size < n_x:
        zero = np.setdiff1d(np.arange(n_x), support)
        labels[zero] = labels[support[0]]  # join output letter 0
    part = Partition.from_labels(labels)
    agg = part.aggregate(p, axis=1)
    lb = log_base(base)
    i_xy = info.entropy(agg.sum(axis=0), base=base)  # deterministic Y: I(X;Y) = H(Y)
    i_sy = info.mutual_information(agg, 0, 1, base=base)
    trace = None
    if trace_rows is not None:
        trace = pd.DataFrame(trace_rows, columns=["step", "i", "j", "I_XY", "I_SY", "n_Y"])
        if len(trace):
            trace[["i", "j"]] = support[trace[["i", "j"]].to_numpy()]
        trace[["I_XY", "I_SY"]] /= lb
    return GreedyResult(
        partition=part,
        disclosure=max(i_xy, 0.0) + 0.0,
        leakage=max(i_sy, 0.0) + 0.0,
        param=float(param),
        algorithm=algorithm,
        base=float(check_base(base)),
        n_x_effective=int(support.size),
        trace=trace,
    )


def _greedy_incremental(
    a_s: NDArray,
    mass: NDArray,
    *,
    algorithm: str,
    thr: float,
    tol: float,
    tie_tol: float,
    max_merges: int | None,
    record: bool,
) -> tuple[NDArray, list | None]:
    """The cached greedy loop (all quantities in nats). Returns ``slot_of`` and the trace.

    State: ``obj[k, l]`` (score maximized) and ``con[k, l]`` (decrease of the constrained
    information) for active slots ``k < l``; for every row ``k`` the best feasible score
    ``best_val[k]`` and its column. A merge changes only the pairs containing the merged
    letter (Proposition 1): one row and one column are recomputed (vectorized). A row whose
    cached best column changed keeps column k if its new score is at least the old best (every
    other column scored at most that); a row whose best disappeared, fell below, or became
    infeasible keeps its old score as an *upper bound* and is recomputed only when that bound
    reaches the best exact score minus ``tie_tol`` (the slack only shrinks, so bounds stay
    valid). The pick (best score, ties, row-major order) is therefore exactly that of the
    naive search. Without the lazy refresh, Algorithm 2 (dX grows with the mass of a letter,
    so the letter just merged is most rows' best partner) recomputed hundreds of rows per
    merge.
    """
    n, _ = a_s.shape
    a_s = a_s.copy()
    mass = mass.astype(float).copy()
    mlm = xlogy(mass, mass)
    hs = mlm - xlogy(a_s, a_s).sum(axis=1)  # p(y) H(S | y), nats
    p_s = a_s.sum(axis=0)
    h_s = -float(xlogy(p_s, p_s).sum())
    act = np.ones(n, dtype=bool)
    slot_of = np.arange(n)
    objective, constraint = _ALGORITHMS[algorithm]

    # initial pair tables
    big = mass[:, None] + mass[None, :]
    big_mlm = xlogy(big, big)
    d_x = big_mlm - mlm[:, None] - mlm[None, :]
    d_s = np.zeros((n, n))
    chunk = max(1, int(2_000_000 // max(1, n * a_s.shape[1])))
    for r0 in range(0, n, chunk):  # only the upper triangle (k < l) is ever read
        r1 = min(n, r0 + chunk)
        b = a_s[r0:r1, None, :] + a_s[None, r0:, :]
        d_s[r0:r1, r0:] = (
            big_mlm[r0:r1, r0:] - xlogy(b, b).sum(axis=-1) - hs[r0:r1, None] - hs[None, r0:]
        )
    del big, big_mlm
    np.maximum(d_s, 0.0, out=d_s)
    np.maximum(d_x, 0.0, out=d_x)
    if objective == "dS":
        obj, con = d_s, d_x
    elif objective == "dX":
        obj, con = d_x, d_s
    else:  # "-dS"
        obj, con = np.negative(d_s, out=d_s), d_x

    def current() -> tuple[float, float]:
        return -float(mlm[act].sum()), h_s - float(hs[act].sum())

    best_val = np.full(n, -np.inf)
    best_col = np.full(n, -1, dtype=np.intp)
    # dirty[r]: row r's cache is out of date and best_val[r] is only an upper bound on its
    # best feasible score (valid because feasible sets only shrink and a changed column's
    # new score is folded into the bound); such a row is recomputed only when that bound
    # could reach the best score (lazy refresh at pick time)
    dirty = np.zeros(n, dtype=bool)

    col_idx = np.arange(n)

    def refresh(rows: NDArray, slack: float) -> None:
        if rows.size == 0:
            return
        ok = (con[rows] <= slack) & act[None, :] & (col_idx[None, :] > rows[:, None])
        vals = np.where(ok, obj[rows], -np.inf)
        idx = vals.argmax(axis=1)
        bv = vals[np.arange(rows.size), idx]
        best_val[rows] = bv
        best_col[rows] = np.where(bv > -np.inf, idx, -1)
        dirty[rows] = False

    i_xy, i_sy = current()
    cur = i_xy if constraint == "X" else i_sy
    upper = np.triu(np.ones((n, n), dtype=bool), k=1)
    vals = np.where(upper & (con <= cur - thr + tol), obj, -np.inf)
    best_col[:] = vals.argmax(axis=1)
    best_val[:] = vals[np.arange(n), best_col]
    best_col[best_val == -np.inf] = -1
    del upper, vals
    trace: list | None = [] if record else None
    n_act, step = n, 0
    while n_act > 1 and (max_merges is None or step < max_merges):
        slack = cur - thr + tol
        # an exact row whose best pair became infeasible keeps its score as an upper bound
        rows = np.flatnonzero(~dirty & (best_col >= 0))
        if rows.size:
            dirty[rows[con[rows, best_col[rows]] > slack]] = True
        # refresh the out-of-date rows whose bound reaches the best exact score (minus
        # tie_tol), until none does: then every out-of-date row scores < top - tie_tol, so it
        # can be neither the best nor tied with it, and the pick below is the eager one's
        while True:
            exact = best_val[~dirty]
            top = float(exact.max()) if exact.size else -np.inf
            redo = np.flatnonzero(dirty & (best_val >= top - tie_tol))
            if redo.size == 0:
                break
            refresh(redo, slack)
        if top == -np.inf:
            break  # stopping rule: no merge keeps the constraint
        k = int(np.argmax(best_val >= top - tie_tol))
        cols = np.flatnonzero(act[k + 1 :]) + k + 1
        ok = (con[k, cols] <= slack) & (obj[k, cols] >= top - tie_tol)
        if not ok.any():  # cannot happen with tie_tol >= 0: row k holds a pair scoring `top`
            raise RuntimeError(f"no allowed merge in row {k} of the greedy search (internal error)")
        l = int(cols[np.argmax(ok)])
        # merge l into k (k < l keeps the slot)
        a_s[k] += a_s[l]
        mass[k] += mass[l]
        act[l] = False
        slot_of[slot_of == l] = k
        mlm[k] = xlogy(mass[k], mass[k])
        hs[k] = mlm[k] - float(xlogy(a_s[k], a_s[k]).sum())
        best_val[l], best_col[l], dirty[l] = -np.inf, -1, False
        n_act -= 1
        step += 1
        i_xy, i_sy = current()
        cur = i_xy if constraint == "X" else i_sy
        if trace is not None:
            trace.append((step, k, l, i_xy, i_sy, n_act))
        # the pairs that involve the merged letter
        others = np.flatnonzero(act)
        others = others[others != k]
        if others.size == 0:
            break
        mo = mass[others] + mass[k]
        mo_mlm = xlogy(mo, mo)
        new_dx = np.maximum(mo_mlm - mlm[others] - mlm[k], 0.0)
        b = a_s[others] + a_s[k]
        new_ds = np.maximum(mo_mlm - xlogy(b, b).sum(axis=1) - hs[others] - hs[k], 0.0)
        if objective == "dS":
            new_obj, new_con = new_ds, new_dx
        elif objective == "dX":
            new_obj, new_con = new_dx, new_ds
        else:
            new_obj, new_con = -new_ds, new_dx
        lo = others < k
        r_lo, r_hi = others[lo], others[~lo]
        obj[r_lo, k], con[r_lo, k] = new_obj[lo], new_con[lo]
        obj[k, r_hi], con[k, r_hi] = new_obj[~lo], new_con[~lo]
        slack = cur - thr + tol
        refresh(np.array([k]), slack)  # row k: every pair is new
        # rows between k and l that lost their best column l (column k is not in them):
        # their old score bounds what is left
        mid = r_hi[r_hi < l]
        dirty[mid[best_col[mid] == l]] = True
        # rows above k: column k changed, column l is gone
        v = np.where(new_con[lo] <= slack, new_obj[lo], -np.inf)  # -inf: infeasible
        bv, bc, dr = best_val[r_lo], best_col[r_lo], dirty[r_lo]
        lost = ~dr & ((bc == k) | (bc == l))
        # an exact row takes column k when it beats the cached best (ties: smaller column);
        # a row that lost its best column takes k if k scores at least the lost score (every
        # other column scored at most that), else it goes out of date with that bound
        take = ~dr & (v > -np.inf) & np.where(lost, v >= bv, (v > bv) | ((v == bv) & (k < bc)))
        stale = lost & ~take
        best_val[r_lo[take]] = v[take]
        best_col[r_lo[take]] = k
        dirty[r_lo[stale]] = True
        # an out-of-date row's bound must cover the new score of column k
        raise_ub = dr & (v > bv)
        best_val[r_lo[raise_ub]] = v[raise_ub]
    return slot_of, trace


def _run(
    p_sx, param, algorithm, *, base, tol, tie_tol, return_trace, max_merges=None, name="param"
) -> GreedyResult:
    p, support, a_s, mass = _prepare(p_sx, algorithm, param, base, tol, tie_tol, name=name)
    lb = log_base(base)
    slot_of, trace = _greedy_incremental(
        a_s,
        mass,
        algorithm=algorithm,
        thr=param * lb,
        tol=tol * lb,
        tie_tol=tie_tol * lb,
        max_merges=max_merges,
        record=return_trace,
    )
    return _finish(p, support, slot_of, algorithm, param, base, trace)


def greedy_privacy_funnel(
    p_sx: ArrayLike,
    r: float,
    *,
    base: float = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    return_trace: bool = False,
    max_merges: int | None = None,
) -> GreedyResult:
    """Algorithm 1 (greedy privacy funnel): minimize I(S;Y) subject to I(X;Y) >= R.

    Starts from ``Y = X`` and, while some merge of two output letters keeps
    ``I(X;Y) >= R``, performs the feasible merge with the largest decrease of I(S;Y)
    (Proposition 1's costs, cached; only the pairs of the merged letter are recomputed).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S (axis 0) and X (axis 1).
    r : float
        Disclosure target R in ``base`` units, ``R <= H(X)``; ``R <= 0`` merges everything.
    base : float
        Logarithm base of R, tol and the outputs.
    tol : float
        Feasibility tolerance (finite, ``>= 0``): a merge is feasible if ``I(X;Y') >= R - tol``.
    tie_tol : float
        Tie tolerance (finite, ``>= 0``): scores within ``tie_tol`` of the best are tied; the
        first pair in row-major order wins.
    return_trace : bool
        Record every merge in ``result.trace``.
    max_merges : int, optional
        Stop after this many merges (for timing and inspection).

    Returns
    -------
    GreedyResult

    Raises
    ------
    ValueError
        If ``p_sx`` is not a 2-D pmf, ``r`` is not finite, ``tol`` or ``tie_tol`` is not a
        finite number ``>= 0``, or ``R > H(X)`` (infeasible, spec A11).

    Examples
    --------
    E1 of the spec (S = parity of a uniform X): perfect privacy at one bit of disclosure.

    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> res = greedy_privacy_funnel(p, 1.0)
    >>> res.groups, res.disclosure, res.leakage
    ([[0, 1], [2, 3]], 1.0, 0.0)
    """
    return _run(
        p_sx,
        r,
        "alg1",
        base=base,
        tol=tol,
        tie_tol=tie_tol,
        return_trace=return_trace,
        max_merges=max_merges,
        name="r",
    )


def greedy_information_bottleneck(
    p_sx: ArrayLike,
    delta: float,
    *,
    base: float = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    return_trace: bool = False,
    max_merges: int | None = None,
) -> GreedyResult:
    """Algorithm 2 as printed (greedy information bottleneck): min I(X;Y) s.t. I(S;Y) >= Δ.

    While some merge keeps ``I(S;Y) >= Δ``, performs the feasible merge with the largest
    decrease of I(X;Y). The paper uses it for the top curve of Fig. 1; Note 1's words
    describe :func:`greedy_max_leakage` instead (spec A7).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    delta : float
        Leakage floor Δ in ``base`` units, ``Δ <= I(S;X)``; ``Δ <= 0`` merges everything.
    base, tol, tie_tol, return_trace, max_merges
        As in :func:`greedy_privacy_funnel`.

    Raises
    ------
    ValueError
        If ``Δ > I(S;X)`` (infeasible), or as in :func:`greedy_privacy_funnel`.

    Examples
    --------
    E1 of the spec: with Δ = 1 the output is Y = S.

    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> res = greedy_information_bottleneck(p, 1.0)
    >>> res.groups, res.disclosure, res.leakage
    ([[0, 2], [1, 3]], 1.0, 1.0)
    """
    return _run(
        p_sx,
        delta,
        "alg2",
        base=base,
        tol=tol,
        tie_tol=tie_tol,
        return_trace=return_trace,
        max_merges=max_merges,
        name="delta",
    )


def greedy_max_leakage(
    p_sx: ArrayLike,
    r: float,
    *,
    base: float = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    return_trace: bool = False,
    max_merges: int | None = None,
) -> GreedyResult:
    """Algorithm 2' (Note 1's reading): a local *maximum* of I(S;Y) subject to I(X;Y) >= R.

    Same loop as Algorithm 1, but among the feasible merges it takes the one with the
    *smallest* decrease of I(S;Y) (the agglomerative IB of Slonim and Tishby). Not printed in
    the paper; the spec (A7) derives it from Note 1.

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> res = greedy_max_leakage(p, 1.0)
    >>> res.groups, res.disclosure, res.leakage
    ([[0, 2], [1, 3]], 1.0, 1.0)
    """
    return _run(
        p_sx,
        r,
        "alg2prime",
        base=base,
        tol=tol,
        tie_tol=tie_tol,
        return_trace=return_trace,
        max_merges=max_merges,
        name="r",
    )


def greedy_naive(
    p_sx: ArrayLike,
    param: float,
    *,
    algorithm: Algorithm = "alg1",
    base: float = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    disclosure_from: Literal["joint", "marginal"] = "joint",
    max_merges: int | None = None,
) -> GreedyResult:
    """The greedy algorithms without caching: I(S;Y') and I(X;Y') recomputed for every pair.

    For every candidate pair of the current output letters the merged mapping's joints are
    formed and both mutual informations are computed from scratch with :mod:`nsp.info`
    (``disclosure_from="joint"``: I(X;Y') from the |X|×|Y'| joint; ``"marginal"``: from the
    marginal of Y', valid as every mapping here is deterministic so I(X;Y') = H(Y')). Same
    rules (feasibility, ties, slots) as the cached versions: the test oracle and the
    benchmark's baseline.

    Examples
    --------
    >>> p = [[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]]
    >>> greedy_naive(p, 0.5).groups == greedy_privacy_funnel(p, 0.5).groups
    True
    """
    p, support, a_s, mass = _prepare(p_sx, algorithm, param, base, tol, tie_tol, name="param")
    if disclosure_from not in ("joint", "marginal"):
        raise ValueError(f"disclosure_from must be 'joint' or 'marginal'; got {disclosure_from!r}")
    lb = log_base(base)
    thr, tol_n, tie_n = param * lb, tol * lb, tie_tol * lb
    objective, constraint = _ALGORITHMS[algorithm]
    q = a_s.T  # S × support
    n = q.shape[1]
    labels = np.arange(n)  # support letter -> current output letter (canonical order)
    e = math.e

    def measures(lab: NDArray, k: int) -> tuple[float, float]:
        if disclosure_from == "joint":
            w = np.zeros((n, k))
            w[np.arange(n), lab] = 1.0
            p_sy = q @ w
            i_xy = info.mutual_information(mass[:, None] * w, 0, 1, base=e)
        else:  # P_SY' = P_SX P_{Y'|X} from the labels, O(|S| |X|)
            p_sy = np.stack([np.bincount(lab, weights=row, minlength=k) for row in q])
            i_xy = info.entropy(p_sy.sum(axis=0), base=e)
        i_sy = info.mutual_information(p_sy, 0, 1, base=e)
        return i_xy, i_sy

    k = n
    step = 0
    while k > 1 and (max_merges is None or step < max_merges):
        cur_xy, cur_sy = measures(labels, k)
        best: list[tuple[float, int, int]] = []
        for a in range(k):
            for b in range(a + 1, k):
                lab = np.where(labels == b, a, labels)
                lab = np.where(lab > b, lab - 1, lab)
                xy, sy = measures(lab, k - 1)
                after = xy if constraint == "X" else sy
                if after < thr - tol_n:
                    continue
                score = {"dS": cur_sy - sy, "dX": cur_xy - xy, "-dS": sy - cur_sy}[objective]
                best.append((score, a, b))
        if not best:
            break
        top = max(s for s, _, _ in best)
        _, a, b = next(t for t in best if t[0] >= top - tie_n)
        labels = np.where(labels == b, a, labels)
        labels = np.where(labels > b, labels - 1, labels)
        k -= 1
        step += 1
    # labels -> slot (smallest member) for _finish
    first = np.full(k, n)
    np.minimum.at(first, labels, np.arange(n))
    return _finish(p, support, first[labels], algorithm, param, base, None)


# ----------------------------------------------------------------------------------------
# Brute force and curves
# ----------------------------------------------------------------------------------------
def set_partition_labels(n: int) -> NDArray[np.intp]:
    """All set partitions of ``{0..n-1}`` as restricted-growth label rows (Bell(n) × n).

    Row ``r`` labels element ``x`` with ``rows[r, x]``; labels appear in order of first
    occurrence, so each partition appears exactly once.

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
    if n < 1:
        raise ValueError(f"n must be >= 1; got {n}")
    rows = np.zeros((1, 1), dtype=np.intp)
    top = np.zeros(1, dtype=np.intp)  # largest label used so far
    for _ in range(1, n):
        reps = top + 2
        idx = np.repeat(np.arange(rows.shape[0]), reps)
        offs = np.arange(reps.sum()) - np.repeat(np.cumsum(reps) - reps, reps)
        rows = np.column_stack([rows[idx], offs])
        top = np.maximum(top[idx], offs)
    return rows


def brute_force_deterministic(p_sx: ArrayLike, *, base: float = 2, max_n: int = 10) -> pd.DataFrame:
    """(I(X;Y), I(S;Y)) of every deterministic mapping, i.e. every partition of X.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf; ``n_x <= max_n`` (Bell(10) = 115,975 partitions).
    base : float
        Logarithm base.
    max_n : int
        Refuse larger alphabets.

    Returns
    -------
    pandas.DataFrame
        Columns ``labels`` (tuple), ``n_Y``, ``I_XY``, ``I_SY``, one row per partition.

    Examples
    --------
    E4 of the spec: five partitions of three letters.

    >>> bf = brute_force_deterministic([[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]])
    >>> bf[["n_Y", "I_XY", "I_SY"]].round(6).to_numpy()
    array([[1.      , 0.      , 0.      ],
           [2.      , 0.881291, 0.108108],
           [2.      , 0.881291, 0.017286],
           [2.      , 0.970951, 0.181496],
           [3.      , 1.570951, 0.197768]])
    """
    p = _joint(p_sx)
    n = p.shape[1]
    if n > max_n:
        raise ValueError(f"p_sx has {n} letters of X; brute force is limited to max_n = {max_n}")
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
            "I_XY": np.maximum(h_y, 0.0) / lb,
            "I_SY": np.maximum(i_sy, 0.0) / lb,
        }
    )


def funnel_curve(
    p_sx: ArrayLike,
    algorithm: Algorithm = "alg1",
    grid: int | ArrayLike = 201,
    *,
    base: float = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
) -> pd.DataFrame:
    """Sweep a greedy algorithm over its threshold (spec §3, "curve generation").

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    algorithm : {"alg1", "alg2", "alg2prime"}
        Algorithm 1 and 2' sweep R over ``[0, H(X)]``; Algorithm 2 sweeps Δ over ``[0, I(S;X)]``.
    grid : int or array_like
        Number of evenly spaced thresholds (``np.linspace``), or the thresholds themselves.
    base, tol, tie_tol
        As in :func:`greedy_privacy_funnel`.

    Returns
    -------
    pandas.DataFrame
        Columns ``algorithm``, ``param``, ``I_XY``, ``I_SY``, ``n_Y`` in sweep order (the
        order in which the paper's curves are joined, spec A8/A17).

    Examples
    --------
    >>> p = [[.25, 0, .25, 0], [0, .25, 0, .25]]
    >>> funnel_curve(p, "alg1", 3)[["param", "I_XY", "I_SY"]].round(12).to_numpy().tolist()
    [[0.0, 0.0, 0.0], [1.0, 1.0, 0.0], [2.0, 2.0, 1.0]]
    """
    if algorithm not in _ALGORITHMS:
        raise ValueError(f"algorithm must be one of {sorted(_ALGORITHMS)}; got {algorithm!r}")
    p = _joint(p_sx)
    if np.ndim(grid) == 0:
        n_grid = int(grid)
        if n_grid < 1:
            raise ValueError(f"grid must be a positive number of points or an array; got {grid}")
        if _ALGORITHMS[algorithm][1] == "X":
            top = info.entropy(p.sum(axis=0), base=base)
        else:
            top = info.mutual_information(p, 0, 1, base=base)
        params = np.linspace(0.0, top, n_grid)
    else:
        params = np.asarray(grid, dtype=float).ravel()
        if not np.all(np.isfinite(params)):
            raise ValueError(f"grid must hold finite thresholds; got {grid!r}")
    rows = []
    for t in params:
        res = _run(
            p,
            float(t),
            algorithm,
            base=base,
            tol=tol,
            tie_tol=tie_tol,
            return_trace=False,
            name="grid",
        )
        rows.append((algorithm, float(t), res.disclosure, res.leakage, res.n_outputs))
    return pd.DataFrame(rows, columns=["algorithm", "param", "I_XY", "I_SY", "n_Y"])


def lower_envelope(df: pd.DataFrame, xs: ArrayLike) -> NDArray[np.float64]:
    """``min {I_SY : I_XY >= x}`` over the points of ``df`` (NaN where none), for each x.

    Every point is a feasible mapping, so this is an achievable non-decreasing lower curve.

    Examples
    --------
    >>> df = pd.DataFrame({"I_XY": [0, 1, 2], "I_SY": [0, .5, .4]})
    >>> lower_envelope(df, [0, 1.5, 3]).tolist()
    [0.0, 0.4, nan]
    """
    x = df["I_XY"].to_numpy(float)
    y = df["I_SY"].to_numpy(float)
    q = np.atleast_1d(np.asarray(xs, dtype=float))
    vals = np.where(x[None, :] >= q[:, None] - 1e-12, y[None, :], np.inf).min(axis=1)
    return np.where(np.isinf(vals), np.nan, vals)


def upper_envelope(df: pd.DataFrame, xs: ArrayLike) -> NDArray[np.float64]:
    """``max {I_SY : I_XY <= x}`` over the points of ``df`` (NaN where none), for each x.

    Examples
    --------
    >>> df = pd.DataFrame({"I_XY": [0, 1, 2], "I_SY": [0, .5, .4]})
    >>> upper_envelope(df, [0.5, 2]).tolist()
    [0.0, 0.5]
    """
    x = df["I_XY"].to_numpy(float)
    y = df["I_SY"].to_numpy(float)
    q = np.atleast_1d(np.asarray(xs, dtype=float))
    vals = np.where(x[None, :] <= q[:, None] + 1e-12, y[None, :], -np.inf).max(axis=1)
    return np.where(np.isinf(vals), np.nan, vals)
