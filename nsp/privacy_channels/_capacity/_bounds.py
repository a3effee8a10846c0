"""Bounds and searches around the individual channel capacity ``C_1``.

Certified cheap bounds, direct searches over priors, the entropy-constrained capacity and the
balance function (Def. 5), and the max-information capacity over independent priors (Def. 7).

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy.optimize import minimize

from nsp._validation import (
    Base,
    check_base,
    check_int,
    check_real,
    check_seed,
    check_tol,
    trusted,
)
from nsp.privacy_channels._capacity._candidates import (
    individual_mutual_information,
    row_types,
)
from nsp.privacy_channels._capacity._common import (
    _capacity,
    _Unpackable,
)
from nsp.privacy_channels._capacity._exact import individual_channel_capacity
from nsp.privacy_channels._core import PrivacyChannel, as_privacy_channel, dp_epsilon_axis_lines

#: The most random starts of a search (``restarts``), and of all the searches of one call.
_MAX_RESTARTS = 10_000


@dataclass(frozen=True)
class IndividualCapacityBounds(_Unpackable):
    """Certified bounds ``lower <= C_1 <= upper`` on the individual channel capacity.

    Unpacks as ``(lower, upper)``. Not :class:`nsp.channels.CapacityBounds`, the bounds of an
    ordinary channel capacity.

    Attributes
    ----------
    lower, upper : float
        In units of the ``base`` asked for.
    """

    lower: float
    upper: float
    _fields: ClassVar[tuple[str, ...]] = ("lower", "upper")


@dataclass(frozen=True)
class IndividualMaxInformation(_Unpackable):
    """The supremum of Def. 7 and the value at a witness prior; unpacks as ``(supremum, witness)``.

    Attributes
    ----------
    supremum : float
        ``C_1^inf(P_ind)`` in nats (= the dataset DP ε, Proposition 1).
    witness : float
        The max-information at the witness product prior, within ``eta`` of the supremum.
    """

    supremum: float
    witness: float
    _fields: ClassVar[tuple[str, ...]] = ("supremum", "witness")


def individual_capacity_bounds(
    ch: PrivacyChannel | ArrayLike,
    *,
    base: Base = 2,
    tol: float = 1e-10,
    max_pairs: int | None = None,
) -> IndividualCapacityBounds:
    """Return cheap certified bounds on ``C_1``, in units of ``base``.

    Lower: ``max`` over pairs of distinct rows of the two-row capacity (any two datasets
    differ in some individual, who can select both rows). Upper:
    ``min(C(P), log|Y|, max_i log|X_i|)`` with ``C(P)`` the capacity of the full channel.
    ``max_pairs`` limits the lower bound to that many pairs, those farthest apart in total
    variation (still a valid lower bound; default: every pair).

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    base : float or str
        Logarithm base of the result (2: bits).
    tol : float
        Certified width (nats, > 0) of each capacity computation.
    max_pairs : int, optional
        Largest number of row pairs tried for the lower bound (>= 1).

    Returns
    -------
    IndividualCapacityBounds
        ``lower <= C_1 <= upper``; unpacks as ``(lower, upper)``.

    See Also
    --------
    individual_channel_capacity : The exact value.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 3.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> [round(v, 9) for v in individual_capacity_bounds(example1_rr(0.1))]
    [0.531004406, 0.531004406]
    """
    ch = as_privacy_channel(ch)
    b = check_base(base)
    tol = check_tol("tol", tol)
    if max_pairs is not None:
        max_pairs = check_int("max_pairs", max_pairs, low=1)
    types, _ = row_types(ch)
    pairs = list(itertools.combinations(range(len(types)), 2))
    if max_pairs is not None and len(pairs) > max_pairs:
        P = np.array(pairs)
        tv = 0.5 * np.abs(types[P[:, 0]] - types[P[:, 1]]).sum(axis=1)
        pairs = [pairs[j] for j in np.argsort(-tv, kind="stable")[:max_pairs]]
    lo = 0.0
    for a, c in pairs:
        lo = max(lo, _capacity(types[[a, c]], tol)[1])
    up = min(_capacity(types, tol)[2], math.log(ch.k), max(math.log(s) for s in ch.universe.sizes))
    return IndividualCapacityBounds(lo / math.log(b), up / math.log(b))


def _mi_and_grad(p: NDArray[np.float64], P: NDArray[np.float64]):
    """I(X_0; Y) (nats) and its gradient w.r.t. the joint p (P: (s0, rest, k))."""
    joint = p[..., None] * P
    q = joint.sum(axis=1)  # p(x_i, y)
    m = p.sum(axis=1)  # p(x_i)
    s = q.sum(axis=0)  # p(y)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(q > 0, q / (m[:, None] * s[None, :]), 1.0)
        lr = np.log(ratio)
    val = float(np.sum(q * lr))
    grad = np.einsum("arY,aY->ar", P, lr)
    return val, grad


def _softmax(theta: NDArray[np.float64]) -> NDArray[np.float64]:
    z = np.exp(theta - theta.max())
    return z / z.sum()


def _neg_mi_objective(
    theta: NDArray[np.float64], P: NDArray[np.float64]
) -> tuple[float, NDArray[np.float64]]:
    """``-I(X_0; Y)`` (nats) of the prior ``softmax(theta)`` and its gradient in ``theta``.

    ``P`` has shape ``(|X_i|, |X_(i)|, k)`` (individual ``i`` moved first); the objective of
    both searches over priors (:func:`individual_capacity_search` and
    :func:`individual_capacity_entropy_constrained`).
    """
    p = _softmax(theta).reshape(P.shape[:2])
    v, g = _mi_and_grad(p, P)
    g = g.ravel()
    pf = p.ravel()
    return -v, -(pf * (g - pf @ g))


def individual_capacity_search(
    ch: PrivacyChannel | ArrayLike, *, base: Base = 2, restarts: int = 20, seed: int = 0
) -> float:
    """Search directly over joint priors: a lower bound on ``C_1``, independent of Theorem 3.1.

    Maximizes ``max_i I(X_i; Y)`` over ``p(x)`` (softmax parametrization, BFGS with the
    analytic gradient, ``restarts`` Dirichlet(0.3) starts per individual plus a uniform one).
    Validation only: it never exceeds the exact ``C_1`` and usually lands within ``1e-6``.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    base : float or str
        Logarithm base of the result (2: bits).
    restarts : int
        Random starts per individual, in ``[0, 10000]``, besides the uniform one.
    seed : int
        Seed of the random starts.

    Returns
    -------
    float
        The best ``max_i I(X_i; Y)`` found, a lower bound on ``C_1``.

    See Also
    --------
    individual_channel_capacity : The exact value by Theorem 3.1.
    individual_capacity_entropy_constrained : Over priors of entropy at least b.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Def. 3 (checked against Theorem 3.1).

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> round(individual_capacity_search(example1_rr(0.1), restarts=5), 6)
    0.531004
    """
    ch = as_privacy_channel(ch)
    b = check_base(base)
    restarts = check_int("restarts", restarts, low=0, high=_MAX_RESTARTS)
    rng = np.random.default_rng(check_seed(seed))
    best = 0.0
    sizes = ch.universe.sizes
    for i in range(ch.n):
        P = np.moveaxis(ch.array, i, 0).reshape(sizes[i], -1, ch.k)
        starts = [np.zeros(P.shape[0] * P.shape[1])]
        starts += [
            np.log(rng.dirichlet(np.full(starts[0].size, 0.3)) + 1e-300) for _ in range(restarts)
        ]
        for th0 in starts:
            th0 = np.clip(th0, -40, None)
            res = minimize(
                _neg_mi_objective,
                th0,
                args=(P,),
                jac=True,
                method="BFGS",
                options={"maxiter": 400, "gtol": 1e-10},
            )
            best = max(best, -float(res.fun))
    return best / math.log(b)


def individual_capacity_entropy_constrained(
    ch: PrivacyChannel | ArrayLike, b: float, *, base: Base = 2, restarts: int = 30, seed: int = 0
) -> float:
    """Return a heuristic lower bound on ``C_1^b = max_{i, H(X) >= b} I(X_i; Y)`` (Assumption 2.1).

    Theorem 3.1 does not apply under the entropy constraint; this runs SLSQP from
    ``restarts`` random starts (softmax parametrization). ``b`` is in units of ``base``.
    At ``b = log|X|`` the only prior is uniform and the value is exact.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    b : float
        The entropy floor, in ``[0, log |X|]`` (units of ``base``).
    base : float or str
        Logarithm base of the result (2: bits).
    restarts : int
        Random starts per individual, in ``[0, 10000]``, besides the uniform one.
    seed : int
        Seed of the random starts.

    Returns
    -------
    float
        The best value found, a lower bound on ``C_1^b``.

    See Also
    --------
    balance_function : ``C_1 - C_1^b``.
    individual_capacity_search : Without the entropy constraint.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019,
       Assumption 2.1 and Def. 5.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> round(individual_capacity_entropy_constrained(example1_rr(0.1), math.log2(6)), 6)
    0.12508
    """
    ch = as_privacy_channel(ch)
    bb = check_base(base)
    lnb = math.log(bb)
    sizes = ch.universe.sizes
    hmax = math.log(ch.universe.size)
    bn = check_real("b", b) * lnb
    restarts = check_int("restarts", restarts, low=0, high=_MAX_RESTARTS)
    rng_seed = check_seed(seed)
    if not -1e-12 <= bn <= hmax + 1e-9:
        raise ValueError(
            f"b must be in [0, log|X|] = [0, {hmax / lnb:.6g}] (units of base), got {b}"
        )
    if bn >= hmax - 1e-12:
        u = np.full(sizes, 1.0 / ch.universe.size)
        with trusted():  # a validated channel, a uniform prior
            best_u = max(individual_mutual_information(ch, u, i, base=math.e) for i in range(ch.n))
        return best_u / lnb
    rng = np.random.default_rng(rng_seed)
    best = 0.0
    for i in range(ch.n):
        P = np.moveaxis(ch.array, i, 0).reshape(sizes[i], -1, ch.k)

        def hcon(theta):
            p = _softmax(theta)
            pz = p[p > 0]
            return float(-np.sum(pz * np.log(pz))) - bn

        def hjac(theta):
            p = _softmax(theta)
            lg = np.log(np.where(p > 0, p, 1.0))
            g = -(lg + 1.0)
            return p * (g - p @ g)

        size = P.shape[0] * P.shape[1]
        starts = [np.zeros(size)] + [rng.normal(scale=1.5, size=size) for _ in range(restarts)]
        for th0 in starts:
            with np.errstate(all="ignore"):
                res = minimize(
                    _neg_mi_objective,
                    th0,
                    args=(P,),
                    jac=True,
                    method="SLSQP",
                    constraints=[{"type": "ineq", "fun": hcon, "jac": hjac}],
                    options={"maxiter": 500, "ftol": 1e-12},
                )
            if hcon(res.x) >= -1e-9:
                best = max(best, -float(res.fun))
    return best / lnb


def balance_function(
    ch: PrivacyChannel | ArrayLike,
    bs: Sequence[float],
    *,
    base: Base = 2,
    restarts: int = 30,
    seed: int = 0,
) -> pd.DataFrame:
    """Return the balance function ``delta(b) = C_1 - C_1^b`` (Def. 5), a heuristic upper estimate.

    ``C_1`` is exact (Theorem 3.1); ``C_1^b`` is the heuristic lower bound of
    :func:`individual_capacity_entropy_constrained` (computing it is "an open problem" in the
    paper), so ``delta_upper >= delta(b)``.

    Returns a DataFrame with columns ``b, c1, c1_b, delta_upper`` (units of ``base``).

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    bs : sequence of float
        Entropy floors ``b`` (units of ``base``).
    base : float or str
        Logarithm base of the result (2: bits).
    restarts : int
        Random starts of each constrained search, in ``[0, 10000]``; at most 10000 searches
        in all (``len(bs) * (restarts + 1)``).
    seed : int
        Seed of the random starts.

    Returns
    -------
    pandas.DataFrame
        Columns ``b, c1, c1_b, delta_upper`` (units of ``base``).

    See Also
    --------
    individual_capacity_entropy_constrained : ``C_1^b``.
    individual_channel_capacity : ``C_1``.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, Def. 5 and Lemmas 1-2.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> df = balance_function(example1_rr(0.1), [0.0, math.log2(6)], restarts=2)
    >>> df["delta_upper"].round(6).tolist()
    [0.0, 0.405925]
    """
    ch = as_privacy_channel(ch)
    if np.ndim(bs) != 1:
        raise ValueError(f"bs must be a 1-D sequence of entropy levels; got {bs!r}")
    bs = [check_real(f"bs[{j}]", b) for j, b in enumerate(bs)]
    check_base(base)
    restarts = check_int("restarts", restarts, low=0, high=_MAX_RESTARTS)
    if len(bs) * (restarts + 1) > _MAX_RESTARTS:
        raise ValueError(
            f"balance_function would run {len(bs)} x {restarts + 1} searches, more than "
            f"{_MAX_RESTARTS} in all: pass fewer bs or restarts"
        )
    check_seed(seed)
    rows = []
    with trusted():  # the arguments are validated: nested calls skip their checks
        c1 = individual_channel_capacity(ch, base=base).value
        for b in bs:
            cb = individual_capacity_entropy_constrained(
                ch, b, base=base, restarts=restarts, seed=seed
            )
            cb = min(cb, c1)
            rows.append({"b": float(b), "c1": c1, "c1_b": cb, "delta_upper": max(c1 - cb, 0.0)})
    return pd.DataFrame(rows)


def max_information_capacity_ind(
    ch: PrivacyChannel | ArrayLike, *, eta: float = 1e-12
) -> IndividualMaxInformation:
    """Return ``C_1^inf(P_ind)`` of Def. 7 (nats) and the value at a witness prior.

    The supremum equals the dataset DP epsilon (Proposition 1).

    The supremum is approached, not attained: the witness product prior puts
    mass ``1 - eta`` on the denominator record ``x_i'`` and ``eta`` on ``x_i``, the others
    degenerate at the maximizing completion. Returns ``(supremum, witness value)``.

    Parameters
    ----------
    ch : PrivacyChannel or array_like
        The channel (a raw array has its last axis = y).
    eta : float
        Mass in (0, 1) that the witness prior puts on the numerator record.

    Returns
    -------
    IndividualMaxInformation
        Unpacks as ``(supremum, witness)``, both in nats.

    See Also
    --------
    individual_channel_capacity : The mutual-information counterpart ``C_1``.
    nsp.info.max_mutual_information : The max-information of one joint.

    References
    ----------
    .. [1] G. Wu, "Constructing privacy channels from information channels",
       arXiv:1910.09235, 2019, Defs. 6-8 and Proposition 1.

    Examples
    --------
    >>> from nsp.papers.privacy_channels import example1_rr
    >>> sup, wit = max_information_capacity_ind(example1_rr(0.1))
    >>> round(sup, 9), abs(sup - wit) < 1e-6
    (2.197224577, True)
    """
    ch = as_privacy_channel(ch)
    eta = check_real("eta", eta, low=0.0, high=1.0, closed="neither")
    sup = dp_epsilon_axis_lines(ch)
    if sup == 0 or math.isinf(sup):
        return IndividualMaxInformation(sup, sup)
    A = ch.array
    best: tuple[float, tuple[int, tuple[int, ...]]] = (-1.0, (0, ()))
    for i in range(ch.n):
        Ai = np.moveaxis(A, i, 0)  # (s_i, ..., k)
        with np.errstate(divide="ignore"):
            lr = np.log(Ai.max(axis=0)) - np.log(Ai.min(axis=0))
        lr = np.where(Ai.max(axis=0) > 0, lr, -np.inf)
        j = tuple(int(a) for a in np.unravel_index(int(np.argmax(lr)), lr.shape))
        if lr[j] > best[0]:
            best = (float(lr[j]), (i, j))
    i, j = best[1]
    comp, y = j[:-1], j[-1]
    line = np.moveaxis(A, i, 0)[(slice(None),) + tuple(comp) + (y,)]
    hi, lo = int(np.argmax(line)), int(np.argmin(line))
    # product prior: X_i in {hi (eta), lo (1-eta)}, others degenerate at comp
    row_hi = np.moveaxis(A, i, 0)[(hi,) + tuple(comp)]
    row_lo = np.moveaxis(A, i, 0)[(lo,) + tuple(comp)]
    eta = eta * math.exp(-sup)  # keeps the witness within ~eta of the supremum
    py = eta * row_hi + (1 - eta) * row_lo
    wit = float(math.log(row_hi[y] / py[y]))
    return IndividualMaxInformation(sup, wit)
