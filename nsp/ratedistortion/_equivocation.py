"""Rate–distortion–equivocation of discrete databases: RDE points, Γ(D), R(D) with E*, R(D, E).

A database is the joint pmf ``p_src[x_r, x_h]`` of its public (revealed) and private (hidden)
attributes. An encoder releases ``Xhat``; its rate is ``I(X_r X_h; Xhat)``, its distortion
``E d(X_r, Xhat)``, its equivocation ``H(X_h | Xhat)`` and its leakage ``H(X_h) - H(X_h | Xhat)``
(Sankar, Rajagopalan & Poor, Prop. 2). The maximal equivocation Γ(D) and the smallest rate
R(D, E) for a required equivocation are convex programs, solved here with a certified gap.

**Where the time of Γ(D) goes.** Profiled on ``nsp.notions.equivocation_sweep`` (7
budgets, 1e-4 bits, Hamming distortion, random 2 x n sources): the budgets at or above the
perfect-privacy distortion are closed forms, and 96 % of the rest is Clarabel's solve of
the exponential-cone program (one variable per encoder entry, ``n^2`` of them, one cone per
``(x_h, xhat)``; its KKT factor couples every input with every output, so an iteration
costs about ``n^3``): 2 s at n = 128, 211 s at n = 512, over 10 minutes at 2,048. At such
loose accuracies on large programs (:func:`_first_order_first`) mirror descent goes first:
an iteration costs ``O(n^2 |X_h|)`` (the gradient, the exponential tilt onto the budget) and
a few hundred of them certify 1e-4 bits with the same Lagrangian bound; the conic program is
built only if they do not. On a Hamming-like distortion (one cheap output per input) the
tilt's Newton steps and the linear bound cost ``O(n)`` each, so an iteration is a handful of
passes over the encoder (about 70 ms at 2 x 2,048, memory-bound), and the perfect-privacy
distortion of two hidden letters is a knapsack (:func:`_perfect_privacy_block`; the LP's
simplex crossover took 280 s there). The sweep then takes 5 s at 2 x 512 and 146 s at
2 x 2,048 (about 1,300 mirror-descent iterations over its 5 solver budgets, nearly the same
count at both sizes).

References
----------
L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013,
arXiv:1102.3751.
"""

from __future__ import annotations

import hashlib
import math
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, cast

import numpy as np
from numpy.typing import ArrayLike, NDArray

from nsp._resources import check_memory, progress
from nsp._results import TupleResult
from nsp._threads import with_few_blas_threads
from nsp._validation import (
    Base,
    as_channel,
    as_pmf,
    as_real_array,
    base_number,
    check_base,
    check_bool,
    check_int,
    check_real,
    check_tol,
    log_base,
    trusted,
)
from nsp.info import conditional_entropy, entropy, mutual_information
from nsp.ratedistortion import _conic, _lifted, _perfect_privacy
from nsp.ratedistortion._rate_distortion import (
    AccuracyWarning,
    _as_distortion,
    rate_distortion_at,
)

# ---------------------------------------------------------------------------------------
# Rate–distortion–equivocation (Sankar, Rajagopalan & Poor 2013, Sec. V)
# ---------------------------------------------------------------------------------------
#
# Discrete databases: ``p_src[x_r, x_h]`` is the joint pmf of the public (revealed) and the
# private (hidden) attributes, each flattened to one axis (an attribute that is both public
# and private, as in Example 1, is ``p_src = np.diag(p)``). ``dist[x_r, xhat]`` is the
# distortion of the revealed attributes. The encoder is
#   * Markov ("census", Remark 3): ``channel[x_r, xhat]`` (it sees the public attributes);
#   * general (Prop. 2): ``channel[x_r, x_h, xhat]`` (it also sees the private ones).


@dataclass(frozen=True)
class RDEPoint:
    """The (rate, distortion, equivocation, leakage) of one encoder (Prop. 2, Thms 1–3).

    Attributes
    ----------
    rate : float
        ``I(X_r X_h; Xhat)`` (eq. (8a)); with side information, ``I(X_r X_h; U | Z)`` (11a) or
        ``I(X_r X_h; Xhat | Z)`` (12a).
    distortion : float
        ``E d(X_r, Xhat)``.
    equivocation : float
        ``H(X_h | Xhat)`` (8b), or ``H(X_h | U, Z)`` (11b), ``H(X_h | Xhat, Z)`` (12b).
    leakage : float
        ``H(X_h) - equivocation`` (eq. (6)).
    base : float
        Logarithm base of the information quantities.
    """

    rate: float
    distortion: float
    equivocation: float
    leakage: float
    base: float = 2.0


@dataclass(frozen=True)
class RateEquivocationPoint(RDEPoint):
    """The (R, D, E, L) point of :func:`rate_given_equivocation` with its certificate.

    Attributes
    ----------
    lower_bound : float
        A certified lower bound on ``R(D, E)``; ``rate - lower_bound`` bounds the error of
        :attr:`rate`.
    """

    lower_bound: float = -math.inf

    @property
    def gap(self) -> float:
        """``rate - lower_bound``: how far :attr:`rate` may be above ``R(D, E)``."""
        return self.rate - self.lower_bound


def _as_source(
    p_src: ArrayLike, *, normalize: bool = False, ndim: int = 2, name: str = "p_src"
) -> NDArray[np.float64]:
    return as_pmf(p_src, name=name, ndim=ndim, normalize=check_bool("normalize", normalize))


@dataclass(frozen=True, eq=False)
class MinRateResult(TupleResult):
    """The minimal-rate encoder at a distortion: its (R, D, E, L) point and its channel.

    Unpacks like the pair ``(point, channel)`` that :func:`min_rate` used to return.

    Attributes
    ----------
    point : RDEPoint
        ``R = R(D)`` and ``E = E*(D) = H(X_h | Xhat)`` of the encoder.
    channel : numpy.ndarray
        The Markov encoder ``W[x_r, xhat]``.
    """

    point: RDEPoint
    channel: NDArray[np.float64] = field(repr=False)

    _tuple_fields: ClassVar[tuple[str, ...]] = ("point", "channel")

    @property
    def rate(self) -> float:
        """``R(D)``."""
        return self.point.rate

    @property
    def equivocation(self) -> float:
        """``E*(D)``, the equivocation of the minimal-rate encoder."""
        return self.point.equivocation


def _encoder_joint(
    p_src: NDArray, channel: ArrayLike, markov: bool, *, name: str = "channel"
) -> NDArray:
    """Joint pmf ``[x_r, x_h, xhat]`` of the source and an encoder."""
    w = as_real_array(channel, name=name)
    n_r, n_h = p_src.shape
    if markov:
        if w.ndim != 2 or w.shape[0] != n_r:
            raise ValueError(
                f"{name} must have shape (n_r={n_r}, n_xhat) for a Markov encoder; got {w.shape}"
            )

        w = as_channel(w, name=name)
        return p_src[:, :, None] * w[:, None, :]
    if w.ndim != 3 or w.shape[:2] != (n_r, n_h):
        raise ValueError(
            f"{name} must have shape (n_r={n_r}, n_h={n_h}, n_xhat) for a general encoder; "
            f"got {w.shape}"
        )

    as_channel(w.reshape(n_r * n_h, -1), name=name)
    return p_src[:, :, None] * w


@with_few_blas_threads
def rde_point(
    p_src: ArrayLike,
    channel: ArrayLike,
    dist: ArrayLike,
    *,
    markov: bool = True,
    base: Base = 2,
    normalize: bool = False,
) -> RDEPoint:
    """Return the (R, D, E, L) point of an encoder (Prop. 2 with eq. (4)–(6) single-letter).

    Parameters
    ----------
    p_src : array_like, shape (n_r, n_h)
        Joint pmf of the public ``X_r`` and private ``X_h`` attributes.
    channel : array_like
        ``W[x_r, xhat]`` (Markov encoder, ``markov=True``) or ``W[x_r, x_h, xhat]``.
    dist : array_like, shape (n_r, n_xhat)
        Distortion ``d(x_r, xhat)``.
    markov : bool, default True
        Encoder sees only ``X_r`` (``channel`` is ``W[x_r, xhat]``) or also ``X_h``.
    base : float or str, default 2
        Logarithm base of the information quantities (2: bits, ``"e"``: nats).
    normalize : bool, default False
        Accept an unnormalized non-negative ``p_src`` (divided by its total).

    Returns
    -------
    RDEPoint
        ``R = I(X_r X_h; Xhat)``, ``D = E d``, ``E = H(X_h | Xhat)``, ``L = I(X_h; Xhat)``.

    See Also
    --------
    si_statistical_point : With statistical side information.
    si_informed_point : With an informed encoder.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Prop. 2, eq.
       (8), with eqs. (4)-(6).

    Examples
    --------
    Example 1 with the reverse water-filling channel at ``D = 0.25`` (normalized pmf): the
    equivocation is Γ(0.25) = 1.374967 bits.

    >>> from nsp.papers.utility_privacy import reverse_waterfill
    >>> from nsp.ratedistortion import hamming_distortion
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> sol = reverse_waterfill(p, 0.25)
    >>> pt = rde_point(np.diag(p), sol.forward, hamming_distortion(8))
    >>> round(pt.distortion, 9), round(pt.equivocation, 6), round(pt.rate, 6)
    (0.25, 1.374967, 0.815336)
    """
    markov = check_bool("markov", markov)
    src = _as_source(p_src, normalize=normalize)
    joint = _encoder_joint(src, channel, markov)
    d = _as_distortion(dist, src.shape[0])
    if d.shape[1] != joint.shape[2]:
        raise ValueError(
            f"dist must have one column per output letter ({joint.shape[2]}); got {d.shape[1]}"
        )
    base_value = base_number(base)
    with trusted():  # the arguments are validated: the measures skip their checks
        rate = mutual_information(joint, (0, 1), 2, base=base)
        eq = conditional_entropy(joint, 1, 2, base=base)
        hh = entropy(src.sum(axis=0), base=base)
    dd = float(np.einsum("rhk,rk->", joint, d))
    return RDEPoint(rate, dd, eq, max(hh - eq, 0.0), base_value)


# --- the convex solver behind Γ(D) and R(D, E) ------------------------------------------


@dataclass(frozen=True)
class _Problem:
    """The solver's view of a source.

    Encoder inputs ``u`` (rows of W) with mass ``pu``, hidden letters ``h`` with the joint
    ``puh[u, h]``, the distortion ``d[u, xhat]`` and the block (side-information value) of
    every input, ``blocks[u]`` (all 0 without side information).
    """

    pu: NDArray[np.float64]
    puh: NDArray[np.float64]
    d: NDArray[np.float64]
    block_rows: tuple[NDArray[np.intp], ...]  # the rows of each block
    cheap: _conic.CheapOutput | None = None  # the structure of ``d`` (Hamming), if any


def _problem(p_src: NDArray, d: NDArray, markov: bool, p_z: NDArray | None = None) -> _Problem:
    """Build the solver's view of the (possibly side-informed) source."""
    if p_z is None:  # p_src[x_r, x_h]
        n_r, n_h = p_src.shape
        if markov:
            puh, du, blocks = p_src, d, np.zeros(n_r, dtype=int)
        else:
            puh = np.zeros((n_r * n_h, n_h))
            puh[np.arange(n_r * n_h), np.tile(np.arange(n_h), n_r)] = p_src.ravel()
            du = np.repeat(d, n_h, axis=0)
            blocks = np.zeros(n_r * n_h, dtype=int)
    else:  # p_z[x_r, x_h, z]: informed encoder, inputs (x_r, z) or (x_r, x_h, z)
        n_r, n_h, n_z = p_z.shape
        if markov:
            puh = np.transpose(p_z, (0, 2, 1)).reshape(n_r * n_z, n_h)
            du = np.repeat(d, n_z, axis=0)
            blocks = np.tile(np.arange(n_z), n_r)
        else:
            n_u = n_r * n_h * n_z
            puh = np.zeros((n_u, n_h))
            h_idx = np.tile(np.repeat(np.arange(n_h), n_z), n_r)
            puh[np.arange(n_u), h_idx] = p_z.ravel()
            du = np.repeat(d, n_h * n_z, axis=0)
            blocks = np.tile(np.arange(n_z), n_r * n_h)
    pu = puh.sum(axis=1)
    keep = pu > 0
    kb = blocks[keep]
    rows = tuple(np.flatnonzero(kb == z) for z in np.unique(kb))
    return _Problem(pu[keep], puh[keep], du[keep], rows, _conic.cheap_output(du[keep]))


def _xlogy_ratio(num: NDArray, den: NDArray) -> NDArray:
    """``ln(num/den)`` where both are positive, 0 elsewhere (the 0 log 0 convention)."""
    out = np.zeros(np.broadcast(num, den).shape)
    mask = (num > 0) & (den > 0)
    num_b, den_b = np.broadcast_to(num, out.shape), np.broadcast_to(den, out.shape)
    out[mask] = np.log(num_b[mask] / den_b[mask])
    return out


def _objective_and_gradient(
    pr: _Problem, w: NDArray, a: float, b: float
) -> tuple[float, float, float, NDArray]:
    """``J = a I(U; Xhat | Z) + b I(H; Xhat | Z)`` (nats), both terms, and ``dJ/dW / p_u``."""
    pu, puh = pr.pu, pr.puh
    one_block = len(pr.block_rows) == 1  # rows in order: views, not copies (n^2 each)
    grad = np.empty_like(w) if one_block else np.zeros_like(w)
    i_h = i_u = 0.0
    for idx in pr.block_rows:  # one block per value of the side information (one without)
        puh_z, w_z = (puh, w) if one_block else (puh[idx], w[idx])
        m = puh_z.T @ w_z  # p(z, h, xhat)
        pzh = puh_z.sum(axis=0)
        qz = m.sum(axis=0)  # p(z, xhat)
        pz = float(pzh.sum())
        # ln p(xhat | h, z) / p(xhat | z) = ln m p(z) / (p(z, h) q(z, xhat))
        lr_h = _xlogy_ratio(m * pz, pzh[:, None] * qz[None, :])
        i_h += float(np.sum(m * lr_h))
        g_z = grad if one_block else np.zeros_like(w_z)
        if b:
            np.matmul(puh_z / pu[idx][:, None], lr_h, out=g_z)
            if b != 1.0:
                g_z *= b
        else:
            g_z[...] = 0.0
        if a:
            lr_u = _xlogy_ratio(w_z, (qz / pz)[None, :])
            i_u += float(np.sum(pu[idx][:, None] * w_z * lr_u))
            g_z += a * lr_u
        if not one_block:
            grad[idx] = g_z
    return a * i_u + b * i_h, i_u, i_h, grad


@dataclass(frozen=True)
class _SolveResult:
    w: NDArray
    value: float
    lower: float
    i_u: float
    i_h: float
    nu: float
    iterations: int


#: Cap on the mirror-descent step of the convex solver, in units of its initial step.
ETA_MAX = 64.0


def _solve(
    pr: _Problem,
    D: float,
    a: float,
    b: float,
    *,
    tol: float,
    max_iter: int,
    w0: NDArray | None = None,
    check_every: int = 10,
) -> _SolveResult:
    """Minimize ``a I(U;Xhat|Z) + b I(H;Xhat|Z)`` over encoders with ``E d <= D`` (nats).

    Mirror descent in the geometry of ``sum_u p(u) KL(W_u)``, in which the objective is
    ``(a + b)``-smooth (step ``1/(a+b)`` decreases it monotonically; with ``a = 1, b = 0`` one
    step is one Blahut–Arimoto iteration at the distortion ``D``), each step projected on the
    distortion constraint by an exponential tilt. The Frank–Wolfe dual gives a certified
    lower bound; stops when ``value - lower <= tol``.
    """
    n_u, n_k = pr.d.shape
    with np.errstate(divide="ignore"):
        logw = np.zeros((n_u, n_k)) if w0 is None else np.log(np.maximum(w0, 1e-300))
    w, logw, nu = _conic.tilt(logw, pr.d, pr.pu, D, 1.0, cheap=pr.cheap)  # start feasible
    lsm = a + b
    eta = 1.0 / lsm
    value, i_u, i_h, g = _objective_and_gradient(pr, w, a, b)
    lower = -math.inf
    it = 0
    while it < max_iter:
        if it % check_every == 0 or it < 5:
            lower = max(
                lower,
                value
                + _conic.lp_lower(pr.pu, pr.d, g, D, nu, cheap=pr.cheap)
                - float(pr.pu @ (w * g).sum(axis=1)),
                0.0,
            )
            if value - lower <= tol:
                break
        step = g * -eta
        step += logw
        w_new, logw_new, nu_new = _conic.tilt(step, pr.d, pr.pu, D, nu * eta, cheap=pr.cheap)
        val_new, iu_new, ih_new, g_new = _objective_and_gradient(pr, w_new, a, b)
        it += 1
        if val_new <= value + 1e-15 or eta <= 1.0 / lsm:
            decreased = val_new <= value + 1e-15
            w, logw, nu = w_new, logw_new, nu_new / eta
            value, i_u, i_h, g = val_new, iu_new, ih_new, g_new
            if decreased and eta < ETA_MAX / lsm:
                eta *= 1.5  # larger steps while they keep decreasing the objective
        else:
            eta = max(eta / 4.0, 1.0 / lsm)
    return _SolveResult(w, value, min(lower, value), i_u, i_h, nu, it)


@dataclass(frozen=True)
class EquivocationResult:
    """The maximal equivocation Γ(D) (eq. (10)) with its optimal encoder and certificate.

    Attributes
    ----------
    gamma : float
        ``H(X_h | Xhat)`` of :attr:`channel`, an achievable equivocation (a certified lower
        bound on Γ(D)).
    upper_bound : float
        A certified upper bound on Γ(D) (from the convex dual); ``upper_bound - gamma``
        bounds the error.
    point : RDEPoint
        The (R, D, E, L) of :attr:`channel`.
    channel : numpy.ndarray
        The encoder: ``W[x_r, xhat]`` (Markov), ``W[x_r, x_h, xhat]`` (general), or with a
        trailing side-information axis before ``xhat`` for the informed encoder (Thm 3).
    iterations : int
        Solver iterations (interior-point, Blahut–Arimoto or mirror-descent; 0 for a closed
        form).
    """

    gamma: float
    upper_bound: float
    point: RDEPoint
    channel: NDArray[np.float64] = field(repr=False)
    iterations: int = 0


def _unflatten(
    pr_w: NDArray, p_full_u: NDArray, d_full: NDArray, shape: tuple[int, ...]
) -> NDArray:
    """Put the solver's rows (inputs with p > 0) back on the full input grid."""
    keep = p_full_u > 0
    w = np.zeros((p_full_u.size, pr_w.shape[1]))
    w[keep] = pr_w
    if not np.all(keep):
        rows = np.flatnonzero(~keep)
        w[rows, d_full[rows].argmin(axis=1)] = 1.0
    return w.reshape(*shape, pr_w.shape[1])


def _perfect_privacy_lp(pr: _Problem) -> tuple[float, NDArray[np.float64]]:
    """``min E d`` over encoders whose output is independent of ``X_h`` (a linear program).

    Independence ``p(xhat | h) = r(xhat)`` for every ``h`` is linear in the encoder, so the
    smallest distortion with zero leakage (Γ(D) = H(X_h)) is the value of an LP, solved by a
    structured interior-point method (:mod:`nsp.ratedistortion._perfect_privacy`). With side
    information, zero leakage is independence given each value ``z`` of it: the LP separates
    into one LP per block, on the block's conditional source (the distortion is the blocks'
    average). Returns the value (the distortion of the returned encoder, within 1e-8 of the
    optimum) and the encoder rows.
    """
    if len(pr.block_rows) == 1:
        return _perfect_privacy_block(pr.pu, pr.puh, pr.d, pr.cheap)
    w = np.zeros(pr.d.shape)
    for rows in pr.block_rows:
        p_b = float(pr.pu[rows].sum())
        cheap = None if pr.cheap is None else replace(pr.cheap, col=pr.cheap.col[rows])
        _, w[rows] = _perfect_privacy_block(
            pr.pu[rows] / p_b, pr.puh[rows] / p_b, pr.d[rows], cheap
        )
    return float(np.sum(pr.pu[:, None] * pr.d * w)), w


def _perfect_privacy_block(
    pu: NDArray, puh: NDArray, d: NDArray, cheap: _conic.CheapOutput | None
) -> tuple[float, NDArray[np.float64]]:
    """Solve the perfect-privacy LP of one block, in closed form when it has one (a knapsack).

    The closed form (two hidden letters, one cheap output per input) is taken from
    :data:`_FIRST_ORDER_FROM` encoder entries on: its value is the LP's, but under ties (the
    Hamming distortion makes whole faces optimal) its vertex may be another optimal encoder
    than the simplex method's, which smaller programs keep returning.
    """
    if cheap is not None and d.size >= _FIRST_ORDER_FROM:
        closed = _perfect_privacy.solve_binary_cheap(
            pu, puh, cheap.col, cheap.a, cheap.b, d.shape[1]
        )
        if closed is not None:
            return closed
    return _perfect_privacy.solve(pu, puh, d)


@with_few_blas_threads
def perfect_privacy_distortion(
    p_src: ArrayLike, dist: ArrayLike, *, markov: bool = True, normalize: bool = False
) -> float:
    """Return the smallest distortion at which nothing leaks.

    That is ``min E d`` subject to ``Xhat`` independent of ``X_h``.

    For ``D`` at or above it, Γ(D) = H(X_h) (the U–P curve is flat); below it, Γ(D) < H(X_h).
    It is at most ``min_xhat E d(X_r, xhat)`` (a constant output) and can be much smaller.

    Solved by a structured interior-point method (the independence rows are eliminated
    output by output, leaving a dense system over the inputs), corrected onto the constraints within
    the optimal face it finds; certified by a Lagrangian lower bound to ``1e-8``, and exact
    to rounding when the face is found (else a simplex crossover takes over).

    Parameters
    ----------
    p_src : array_like, shape (n_r, n_h)
        Joint pmf of the public and private attributes.
    dist : array_like, shape (n_r, n_xhat)
        Distortion ``d(x_r, xhat)`` of the public attributes.
    markov : bool
        Encoder sees only ``X_r`` (``True``) or also ``X_h``.
    normalize : bool
        Accept an unnormalized ``p_src``.

    Returns
    -------
    float
        The smallest ``E d`` over encoders whose output is independent of ``X_h``.

    See Also
    --------
    max_equivocation : Equals ``H(X_h)`` from this distortion on.
    distortion_range : The achievable distortions.

    Examples
    --------
    Remark-4 instance: flipping ``A`` with probability 1/2 costs ``D = 1/2``.

    >>> from nsp.ratedistortion import hamming_distortion
    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> round(perfect_privacy_distortion(p_src, hamming_distortion(4)), 9)
    0.5
    """
    markov = check_bool("markov", markov)
    src = _as_source(p_src, normalize=normalize)
    d = _as_distortion(dist, src.shape[0])
    return _perfect_privacy_lp(_problem(src, d, markov))[0]


@with_few_blas_threads
def max_equivocation(
    p_src: ArrayLike,
    dist: ArrayLike,
    D: float,
    *,
    markov: bool = True,
    tol: float = 1e-7,
    max_iter: int = 20_000,
    init: ArrayLike | None = None,
    base: Base = 2,
    normalize: bool = False,
) -> EquivocationResult:
    """Return the maximal equivocation Γ(D) = max H(X_h | Xhat) s.t. E d(X_r, Xhat) <= D (eq. (10)).

    ``H(X_h | Xhat) = H(X_h) - I(X_h; Xhat)`` and ``I(X_h; Xhat)`` is convex in the encoder,
    so this is a convex program. Special cases are exact: a constant output when it meets
    the budget, the forced encoder at ``D = D_min`` (one best letter per input), the
    perfect-privacy linear program when zero leakage is affordable, and
    ``Γ(D) = H(X) - R(D)`` (certified Blahut–Arimoto) when ``X_h = X_r``. Otherwise a
    primal-dual interior-point method on the program's own structure solves it: the leakage
    is ``max_Q E ln Q(X_h | Xhat) / p(X_h)``, linear in the joint masses
    ``p(x_r) W[x_r, xhat]``, and the log-posteriors ``ln Q`` are kept as variables beside
    the masses, so that Newton's steps stay good while masses vanish; about a dozen
    iterations. Should it stop short, the program is written with one exponential cone per
    ``(x_h, xhat)`` term ``rel_entr(p(x_h, xhat), p(x_h) p(xhat))`` and solved by the
    interior-point solver Clarabel to a loose tolerance; Newton's method on the optimality
    conditions restricted to the encoder's support then polishes it. The optimal encoder
    need not be unique (on the census joint, encoders whose Γ agree to 1e-8 bits differ by
    0.27 in an entry): the interior-point method returns one near the middle of the optimal
    set, with every entry positive but those below 1e-8 (or 1e-6) of their row's largest
    when dropping them leaks less.

    **Certificate** (computed here, not taken from the solver). The encoder is projected to
    exact feasibility (rows on the simplex, then mixed with a less distorting encoder
    until ``E d <= D``) and its equivocation computed directly: that is :attr:`gamma`. For
    the upper bound, ``I(X_h; Xhat) = max_Q E ln Q(X_h | Xhat) / p(X_h)`` is linear in the
    encoder for a fixed ``Q``; with ``Q`` the interior-point method's posteriors (or read from
    the exponential-cone duals, or the polished encoder's own), the minimum of that linear
    function over all
    row-stochastic encoders with ``E d <= D`` is a lower bound on the minimal leakage,
    computed exactly through its one-dimensional dual. Where the polish leaves a gap above
    ``tol``, the solve is repeated with tighter solver tolerances and, as a last resort,
    polished by the first-order mirror-descent solver.

    Parameters
    ----------
    p_src : array_like, shape (n_r, n_h)
        Joint pmf of public and private attributes.
    dist : array_like, shape (n_r, n_xhat)
        Distortion of the public attributes.
    D : float
        Distortion budget, ``>= D_min = sum_r p(r) min_xhat d(r, xhat)``.
    markov : bool
        Encoder sees only ``X_r`` (Remark 3, the census case) or also ``X_h`` (Prop. 2).
    tol : float
        Certified accuracy of Γ (units of ``base``). The value itself usually converges much
        faster than its certificate (near a support change of the optimal encoder the dual
        bound closes slowly), hence the default 1e-7.
    max_iter : int
        Iteration cap of the first-order solver; the interior-point solver uses at most
        ``min(max_iter, 500)`` per solve (the certificate tells how accurate the result is).
    init : array_like, optional
        A starting encoder of the shape of :attr:`EquivocationResult.channel` (each row a pmf
        over the outputs). Given one, the
        first-order solver (mirror descent in the KL geometry, stopped by the same kind of
        certificate) is used from it instead of the interior-point solver; entries near 0
        recover slowly, so an optimum at another ``D`` is usually a poor start.
    base : float or str, default 2
        Logarithm base of the information quantities (2: bits, ``"e"``: nats).
    normalize : bool, default False
        Accept an unnormalized non-negative ``p_src`` (divided by its total).

    Returns
    -------
    EquivocationResult
        Γ(D) with its certified upper bound, its encoder and the encoder's (R, D, E, L).

    Raises
    ------
    ValueError
        If ``D < D_min`` or the inputs are invalid.

    Warns
    -----
    AccuracyWarning
        If the certified gap ``upper_bound - gamma`` is wider than ``tol`` (the result is
        returned with it).

    See Also
    --------
    min_rate : The minimal-rate encoder and its equivocation.
    rate_given_equivocation : The rate needed for an equivocation.
    max_equivocation_informed : With an encoder that sees the side information.
    nsp.papers.utility_privacy.gamma_hamming : The closed form of Example 1.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Prop. 2, eq.
       (10) and Remark 3.

    Examples
    --------
    Remark-4 instance: ``X_r = (A, B)`` uniform on {0,1}², ``X_h = A``; Γ(D) = h(D) for
    ``D <= 1/2``.

    >>> from nsp.ratedistortion import hamming_distortion
    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> res = max_equivocation(p_src, hamming_distortion(4), 0.25)
    >>> round(res.gamma, 6), res.upper_bound - res.gamma < 1e-8
    (0.811278, True)
    """
    markov = check_bool("markov", markov)
    D = check_real("D", D)
    tol = check_tol("tol", tol)
    max_iter = check_int("max_iter", max_iter, low=1)
    src = _as_source(p_src, normalize=normalize)
    d = _as_distortion(dist, src.shape[0])
    check_base(base)
    if init is not None:  # checked here: the solver below runs under trusted()
        init = as_real_array(init, name="init")
        if init.ndim == 0 or init.size % d.shape[1]:
            raise ValueError(
                f"init must be an encoder with {d.shape[1]} outputs per row; got shape {init.shape}"
            )
        as_channel(init.reshape(-1, d.shape[1]), name="init")
    with trusted():
        return _gamma_points(
            src, d, np.array([D]), markov=markov, tol=tol, max_iter=max_iter, init=init, base=base
        )[0]


def _gamma_points(
    src: NDArray,
    d: NDArray,
    grid: NDArray,
    *,
    markov: bool,
    tol: float,
    max_iter: int,
    base: Base,
    init: ArrayLike | None = None,
    show_progress: bool = False,
    warn: str | None = "max_equivocation",
) -> list[EquivocationResult]:
    """Γ(D) at every ``D`` of ``grid``; one conic program for the grid.

    Call it on validated inputs inside :func:`~nsp._validation.trusted` (``init`` too: its
    stochastic rows are checked by the caller; its shape against the encoder's, here).
    """
    d_min = float(src.sum(axis=1) @ d.min(axis=1))
    bad = [float(D) for D in grid if not math.isfinite(D) or D < d_min - 1e-12]
    if bad:
        raise ValueError(
            f"D must be >= D_min = {d_min:.12g} (the smallest achievable distortion); got {bad[0]}"
        )
    lb = log_base(base)
    hh = entropy(src.sum(axis=0), base=base)
    shape = (src.shape[0],) if markov else src.shape
    col = src.sum(axis=1) @ d
    diag = markov and init is None and src.shape[0] == src.shape[1]
    diag = diag and not np.any(src - np.diag(np.diag(src)))
    inst: _Instance | None = None
    used = src.sum(axis=1) > 0
    unique_best = bool(np.all((d[used] <= d[used].min(axis=1, keepdims=True)).sum(axis=1) == 1))
    p_u = src.sum(axis=1) if markov else src.ravel()
    d_u = d if markov else np.repeat(d, src.shape[1], axis=0)
    out = []
    it = progress(grid, desc="Γ(D)") if show_progress else grid
    for D in it:
        D = float(D)
        if D >= col.min():  # a constant output reveals nothing: Γ = H(X_h)
            w = np.zeros((*shape, d.shape[1]))
            w[..., int(col.argmin())] = 1.0  # ties: the first best constant
            pt = rde_point(src, w, d, markov=markov, base=base)
            out.append(EquivocationResult(pt.equivocation, hh, pt, w, 0))
            continue
        if D <= d_min + 1e-14 * max(1.0, d_min) and unique_best:
            # D = D_min with one best letter per input: the encoder is forced, Γ is its value
            w = np.zeros((*shape, d.shape[1]))
            best = d.argmin(axis=1)
            if markov:
                w[np.arange(d.shape[0]), best] = 1.0
            else:
                w[np.arange(d.shape[0]), :, best] = 1.0
            pt = rde_point(src, w, d, markov=markov, base=base)
            out.append(EquivocationResult(pt.equivocation, pt.equivocation, pt, w, 0))
            continue
        if diag:
            # X_h = X_r (Example 1's setting): H(X | Xhat) = H(X) - I(X; Xhat), so
            # Γ(D) = H(X) - R(D) exactly; certified Blahut–Arimoto solves it directly.
            r = rate_distortion_at(
                np.diag(src), d, max(D, d_min), tol=tol, max_iter=max_iter, base=base
            )
            pt = rde_point(src, r.channel, d, base=base)
            upper = max(min(hh - r.lower_bound, hh), pt.equivocation)
            out.append(EquivocationResult(pt.equivocation, upper, pt, r.channel, r.iterations))
            continue
        if inst is None:
            inst = _instance(src, d, markov)
        what = f"Γ(D) of a {src.shape[0]} x {src.shape[1]} source"
        first_order = _first_order_first(inst.pr, tol * lb)
        prog = None
        if init is None and not first_order:  # the memory check comes before solver work
            prog = inst.program("gamma", what)
        pr, pp = inst.pr, inst.perfect_privacy()
        if D >= pp[0]:  # zero leakage is affordable: Γ = H(X_h) exactly
            w = _unflatten(pp[1], p_u, d_u, shape)
            pt = rde_point(src, w, d, markov=markov, base=base)
            out.append(EquivocationResult(pt.equivocation, hh, pt, w, 0))
            continue
        if init is not None:  # a warm start: the first-order solver uses it
            w0 = as_real_array(init, name="init")
            if w0.size != p_u.size * d.shape[1]:
                raise ValueError(
                    f"init must have the shape of the encoder {(*shape, d.shape[1])}; "
                    f"got {np.shape(init)}"
                )
            w0 = as_channel(w0.reshape(-1, d.shape[1]), name="init")
            res = _solve(
                pr, max(D, d_min), 0.0, 1.0, tol=tol * lb, max_iter=max_iter, w0=w0[p_u > 0]
            )
            w_red, lower, iters = res.w, res.lower, res.iterations
        else:
            w_red, lower, iters = _gamma_certified(
                pr,
                prog,
                max(D, d_min),
                tol * lb,
                max_iter,
                build=lambda: inst.program("gamma", what),  # noqa: B023 (called at once)
            )
        w = _unflatten(w_red, p_u, d_u, shape)
        pt = rde_point(src, w, d, markov=markov, base=base)
        upper = min(hh - lower / lb, hh)
        out.append(EquivocationResult(pt.equivocation, max(upper, pt.equivocation), pt, w, iters))
    if warn is not None:  # the public function's name, for its warning
        _warn_gaps(warn, grid, [r.upper_bound - r.gamma for r in out], tol)
    return out


def _warn_gaps(what: str, grid: ArrayLike, gaps: list[float], tol: float) -> None:
    """One :class:`AccuracyWarning` for the points whose certified gap exceeds ``tol``."""
    bad = [(g, float(D)) for g, D in zip(gaps, np.ravel(grid), strict=True) if g > tol]
    if bad:
        gap, D = max(bad)
        where = f"at D={D:.12g}"
        if len(bad) > 1:
            where = f"at {len(bad)} distortions, worst D={D:.12g}"
        warnings.warn(
            f"{what}: the certified gap {gap:.2g} exceeds tol={tol:g} {where} (the "
            "interior-point solves and the first-order polish stopped short of it); each value "
            "is within its gap of the optimum (see upper_bound)",
            AccuracyWarning,
            stacklevel=4,  # the caller of the public function
        )


class _Instance:
    """What the solvers build for one source: the problem, the perfect-privacy LP, programs.

    Kept in a small cache (:func:`_instance`) so that a loop over distortions calling
    :func:`max_equivocation` or :func:`rate_given_equivocation` builds each program and
    solves the LP once (the interior-point solver is reused with a new right-hand side).
    """

    def __init__(self, pr: _Problem) -> None:
        self.pr = pr
        self._pp: tuple[float, NDArray] | None = None
        self._progs: dict[str, _conic.Program] = {}
        #: R(D) points with their (R, D, E*, L): (D, tol, log base) -> (point, RDE point)
        self.min_rates: OrderedDict[tuple[float, float, float], tuple[Any, RDEPoint]] = (
            OrderedDict()
        )

    def perfect_privacy(self) -> tuple[float, NDArray]:
        """``(d_pp, encoder rows)`` of the perfect-privacy LP."""
        if self._pp is None:
            self._pp = _perfect_privacy_lp(self.pr)
        return self._pp

    def program(self, kind: str, what: str) -> _conic.Program:
        """Return the exponential-cone program of ``kind`` (built on first use)."""
        if kind not in self._progs:
            self._progs[kind] = _gamma_program(self.pr, what=what, kind=kind)
        return self._progs[kind]


#: Each thread's cache of sources (their programs hold interior-point solvers that are updated
#: in place, so threads do not share them).
_LOCAL = threading.local()
#: How many sources keep their programs between calls (per thread).
_INSTANCE_CACHE_SIZE = 4
#: How many R(D) points a source keeps for :func:`rate_given_equivocation`.
_MIN_RATE_CACHE_SIZE = 256


def _instances() -> OrderedDict[tuple[Any, ...], _Instance]:
    """Return this thread's cache of :class:`_Instance` (created on first use)."""
    cache = getattr(_LOCAL, "instances", None)
    if cache is None:
        cache = _LOCAL.instances = OrderedDict()
    return cast("OrderedDict[tuple[Any, ...], _Instance]", cache)


def _instance(src: NDArray, d: NDArray, markov: bool, p_z: NDArray | None = None) -> _Instance:
    """Return this thread's cached :class:`_Instance` of a source (keyed by its arrays' bytes)."""
    arrays = (src, d) if p_z is None else (src, d, p_z)
    key = (markov, *((a.shape, hashlib.sha1(a.tobytes()).hexdigest()) for a in arrays))
    cache = _instances()
    inst = cache.get(key)
    if inst is None:
        inst = _Instance(_problem(src, d, markov, p_z=p_z))
        cache[key] = inst
        while len(cache) > _INSTANCE_CACHE_SIZE:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return inst


def _conic_source(pr: _Problem) -> _conic.Source:
    """Return the conic module's view of the solver's problem (blocks as labels)."""
    blk = np.zeros(pr.pu.size, dtype=np.intp)
    for b, rows in enumerate(pr.block_rows):
        blk[rows] = b
    return _conic.Source(pr.pu, pr.puh, pr.d, blk)


def _gamma_program(pr: _Problem, *, what: str, kind: str = "gamma") -> _conic.Program:
    """Build the exponential-cone program of ``pr`` after checking its memory estimate."""
    n_u, n_k = pr.d.shape
    n_b = len(pr.block_rows)
    est = _conic.estimate_bytes(n_u, n_k, pr.puh.shape[1], n_b, rate=kind != "gamma")
    check_memory(est, what=what)
    return _conic.Program(_conic_source(pr), kind)


def _gamma_attempts(tol: float, n_blocks: int) -> list[tuple[float, bool]]:
    """(tolerance, equilibration) of the interior-point attempts for Γ, in order.

    Every solution is polished by Newton's method on its support when its certified gap
    exceeds ``tol`` (:func:`nsp.ratedistortion._conic.gamma`), which usually closes it to
    rounding from a solve at 1e-6: on 280 seeded points (12 to 48 public letters, 2 to 8
    hidden ones, random distortions; 120 of them with side information) every first solve
    at 1e-6 was polished to its tolerance, in about 8 % less time than from 1e-8 (paired
    runs; the solver's last iterations cost more than the polish's extra steps; from 1e-4
    the polish takes longer again). Ruiz equilibration first without side information; with it
    (several blocks) equilibration tends to stall the solver short of 1e-10
    ("AlmostSolved"), so the first solve goes without. Then 1e-8 and tighter solves with
    either scaling (for a polish that starts from a wrong support), and a loose one without
    equilibration as a last resort.
    """
    eq = n_blocks == 1
    order = [(1e-6, eq), (1e-8, eq), (1e-11, eq), (1e-11, not eq), (1e-8, not eq)]
    return list(dict.fromkeys(order))


#: The same for R(D, E), whose solutions are polished by Newton's method: the first solve
#: only needs to come close enough for it (1e-5 takes half the iterations of 1e-8; the polish
#: then takes a few more steps); the tighter ones are for when the polish fails.
_RATE_ATTEMPTS = ((1e-5, True), (1e-8, True), (1e-10, True), (1e-8, False), (1e-10, False))


#: Γ(D) without side information goes to the first-order solver first from this many
#: encoder entries ``|X_r| |Xhat|`` on, when the accuracy asked for is at least
#: :data:`_FIRST_ORDER_TOL` nats (:func:`_first_order_first`).
_FIRST_ORDER_FROM = 1 << 16
#: The tightest certified accuracy (nats) for which the first-order solver goes first.
_FIRST_ORDER_TOL = 1e-5


def _first_order_first(pr: _Problem, tol: float) -> bool:
    """Whether Γ(D) is first tried by the first-order solver (tolerance ``tol`` in nats).

    The exponential-cone program has one variable per encoder entry and its KKT factor
    fills in like a dense ``|X_r| x |Xhat|`` block per iteration: its cost grows like
    ``n^3.3`` for an ``n``-letter alphabet (211 s at 2 x 512). An iteration of mirror descent
    (:func:`_solve`) costs ``O(|X_r| |Xhat| |X_h|)`` and, at a loose accuracy, a few hundred
    of them certify it (the same Lagrangian bound; 20 s for the 5 solver points of the
    sweep at 2 x 512, 3 s on the Hamming distortion). At tight accuracies the interior-point
    solver stays first (mirror descent's certificate closes slowly near a sparse optimum).
    """
    return len(pr.block_rows) == 1 and pr.d.size >= _FIRST_ORDER_FROM and tol >= _FIRST_ORDER_TOL


def _gamma_certified(
    pr: _Problem,
    prog: _conic.Program | None,
    D: float,
    tol: float,
    max_iter: int,
    *,
    build: Callable[[], _conic.Program] | None = None,
) -> tuple[NDArray, float, int]:
    """Minimal leakage (nats) at ``D``: encoder rows, certified lower bound, iterations.

    Without ``prog`` the first-order solver goes first (:func:`_first_order_first`, up to
    ``max_iter`` iterations); if its certificate stays open, ``build()`` makes the program.
    The interior-point solves (:func:`_gamma_solutions`) follow one another while the
    certified gap exceeds ``tol``; as a last resort the first-order solver polishes the best
    encoder.
    """
    best: _conic.Solution | None = None
    iters = 0
    first: _SolveResult | None = None
    if prog is None:
        assert build is not None
        first = _solve(pr, D, 0.0, 1.0, tol=tol, max_iter=max_iter)
        if first.value - first.lower <= tol:
            return first.w, first.lower, first.iterations
        prog = build()
        iters = first.iterations
    for sol in _gamma_solutions(prog, D, tol, max_iter, len(pr.block_rows)):
        iters += sol.iterations
        if best is None or sol.value - sol.lower < best.value - best.lower:
            best = sol
        if first is not None and first.lower > best.lower:  # a bound is a bound
            best = replace(best, lower=min(first.lower, best.value))
        if best.value - best.lower <= tol:
            return best.w, best.lower, iters
    assert best is not None
    res = _solve(pr, D, 0.0, 1.0, tol=tol, max_iter=max_iter, w0=best.w)
    lower = max(res.lower, best.lower, -math.inf if first is None else first.lower)
    if res.value - res.lower < best.value - best.lower:
        return res.w, lower, iters + res.iterations
    return best.w, lower, iters + res.iterations


def _gamma_solutions(
    prog: _conic.Program, D: float, tol: float, max_iter: int, n_blocks: int
) -> Iterator[_conic.Solution]:
    """Certified solutions of the leakage program at ``D``, in the order they are tried.

    First the interior-point method on the program's own structure
    (:func:`nsp.ratedistortion._lifted.gamma`: fewer and cheaper iterations than the
    exponential-cone solver's); then Clarabel on the exponential-cone program, polished by
    Newton's method on the encoder's support, with the settings of :func:`_gamma_attempts`.
    """
    sol = _lifted.gamma(prog, D, tol=tol)
    if sol is not None:
        yield sol
    for t, eq in _gamma_attempts(tol, n_blocks):
        yield _conic.gamma(
            prog, D, tol=t, max_iter=max(50, min(max_iter, 500)), equilibrate=eq, polish_above=tol
        )


@with_few_blas_threads
def min_rate(
    p_src: ArrayLike,
    dist: ArrayLike,
    D: float,
    *,
    tol: float = 1e-10,
    base: Base = 2,
    normalize: bool = False,
) -> MinRateResult:
    """Return ``R(D)`` and ``E* = H(X_h | Xhat)`` of the minimal-rate encoder (eq. (9)).

    The rate-minimizing encoder needs only ``X_r`` (``I(X_r X_h; Xhat) >= I(X_r; Xhat)``), so
    this is Blahut–Arimoto on ``p(x_r)``; the returned channel is ``W[x_r, xhat]`` and its
    equivocation is ``E*`` (when several encoders reach R(D): the Blahut–Arimoto fixed point
    started from a uniform ``q``).

    Parameters
    ----------
    p_src : array_like, shape (n_r, n_h)
        Joint pmf of the public and private attributes.
    dist : array_like, shape (n_r, n_xhat)
        Distortion ``d(x_r, xhat)`` of the public attributes.
    D : float
        Distortion budget, ``>= D_min``.
    tol : float
        Certified accuracy of ``R(D)`` (units of ``base``).
    base : float or str
        Logarithm base (default 2: bits).
    normalize : bool
        Accept an unnormalized ``p_src``.

    Returns
    -------
    MinRateResult
        The encoder's (R, D, E, L) point and its channel; unpacks as ``(point, channel)``.

    See Also
    --------
    max_equivocation : The most equivocation at a distortion.
    rate_distortion_at : The rate ``R(D)`` alone.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, eq. (9).

    Examples
    --------
    Remark-4 instance at ``D = 0.25``: ``R = 2 - h(D) - D log 3``, ``E* = h(2D/3)``.

    >>> from nsp.ratedistortion import hamming_distortion
    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> pt, w = min_rate(p_src, hamming_distortion(4), 0.25)
    >>> round(pt.rate, 6), round(pt.equivocation, 6)
    (0.792481, 0.650022)
    """
    src = _as_source(p_src, normalize=normalize)
    D = check_real("D", D)
    tol = check_tol("tol", tol)
    d = _as_distortion(dist, src.shape[0])
    check_base(base)
    with trusted():
        r = rate_distortion_at(src.sum(axis=1), d, D, tol=tol, base=base)
        return MinRateResult(rde_point(src, r.channel, d, base=base), r.channel)


@with_few_blas_threads
def rate_given_equivocation(
    p_src: ArrayLike,
    dist: ArrayLike,
    D: float,
    E: float,
    *,
    markov: bool = True,
    tol: float = 1e-7,
    max_iter: int = 20_000,
    base: Base = 2,
    normalize: bool = False,
) -> RateEquivocationPoint | None:
    """Return ``R(D, E) = min I(X_r X_h; Xhat)`` s.t. ``E d <= D``, ``H(X_h|Xhat) >= E`` (Fig. 3a).

    A convex program. Up to a size (``n_xhat (n_h + 1) + n_u`` of about 800, with ``n_u``
    the encoder's inputs: 64 × 8 with as many outputs as inputs) a primal-dual
    interior-point method on its own structure solves it first: the rate ``I(U; Xhat)``
    (``U = X_r`` for the Markov encoder, ``(X_r, X_h)`` otherwise) and the leakage, bounded
    by ``H(X_h) - E``, are both maxima over posteriors of functions linear in the encoder,
    and the log-posteriors are kept as variables; about a dozen iterations. Otherwise, or
    should it stop short, it is solved as one exponential-cone program (Clarabel): a
    relative-entropy term per ``(u, xhat)`` for the rate and per ``(x_h, xhat)`` for the
    leakage. At zero leakage (``E = H(X_h)``) the leakage constraint has no interior and is
    replaced by what it means, independence of ``Xhat`` and ``X_h``: the linear equalities
    ``p(xhat | x_h) = p(xhat)``; that program is solved exactly too. When the
    interior-point solution does not certify ``tol`` on its own (it meets the leakage budget
    only to the solver's feasibility tolerance, which near zero leakage is far from enough),
    Newton's method solves the optimality conditions from it: at the optimum the encoder is
    ``W[u, xhat] ∝ p(xhat) exp(-sum_h p(x_h|u) L[x_h, xhat] - nu d[u, xhat])`` with the
    posterior ``p(x_h | xhat) = p(x_h) exp(kappa L[x_h, xhat])``, a small square system in
    ``(p(xhat), L, kappa, nu)`` that meets the budget to rounding.

    **Certificate.** The returned encoder is exactly within the distortion budget and within
    ``1e-9`` of the equivocation requirement; its rate is computed directly. The lower bound
    is Lagrangian: with the variational forms ``I(A; Xhat) = max_Q E ln Q(A | Xhat) / p(A)``
    (the multipliers, ``Q`` and the independence multipliers read from the solver's duals),
    the Lagrangian is linear in the encoder and its minimum over row-stochastic encoders
    with ``E d <= D`` is computed exactly (a one-dimensional concave dual). Any multipliers
    give a valid bound, so the certificate does not rest on the solver's claims.

    Parameters
    ----------
    p_src : array_like, shape (n_r, n_h)
        Joint pmf of the public and private attributes.
    dist : array_like, shape (n_r, n_xhat)
        Distortion ``d(x_r, xhat)`` of the public attributes.
    D : float
        Distortion budget.
    E : float
        Required equivocation ``H(X_h | Xhat)``; ``E >= H(X_h) - 1e-12`` is read as zero
        leakage.
    markov : bool
        Encoder sees only ``X_r`` (``True``) or also ``X_h``.
    tol : float
        Certified accuracy of the rate (units of ``base``), > 0.
    max_iter : int
        Cap on the interior-point iterations of each solve (at most 500 are used).
    base : float or str
        Logarithm base (default 2: bits).
    normalize : bool
        Accept an unnormalized ``p_src``.

    Returns
    -------
    RateEquivocationPoint or None
        The point of a feasible encoder with its certified ``lower_bound`` on ``R(D, E)``;
        ``None`` when ``E > Γ(D)`` (infeasible). For ``E <= E*(D)`` this is ``R(D)`` (the
        Blahut–Arimoto encoder and its certificate).

    Warns
    -----
    AccuracyWarning
        If the certified gap is wider than ``tol``, with the gap, how far ``E`` is below
        Γ(D) and what the solver reported. This happens within about 1e-6 bits of
        Γ(D) < H(X_h), where R(D, E) is infinitely steep and the optimal encoder degenerates
        (the leakage multiplier grows without bound), and rarely elsewhere for the general
        encoder, where Newton's method does not converge; the result carries its gap
        (``rate - lower_bound``).

    See Also
    --------
    max_equivocation : The most equivocation at a distortion.
    rde_point : The point of one encoder.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Theorem 1
       and Fig. 3(a).

    Examples
    --------
    Remark-4 instance at ``D = 0.25``: at ``E = Γ(D) = h(D)`` the rate is ``2 - h(D) - D``;
    at ``D = 1/2`` zero leakage costs ``R(1/2, 1) = 1/2`` bit.

    >>> from nsp.ratedistortion import hamming_distortion
    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> pt = rate_given_equivocation(p_src, hamming_distortion(4), 0.25, 0.811278 - 1e-7)
    >>> round(pt.rate, 4), pt.gap < 1e-7
    (0.9387, True)
    >>> round(rate_given_equivocation(p_src, hamming_distortion(4), 0.5, 1.0).rate, 6)
    0.5
    """
    markov = check_bool("markov", markov)
    D = check_real("D", D)
    E = check_real("E", E)
    tol = check_tol("tol", tol)
    max_iter = check_int("max_iter", max_iter, low=1)
    src = _as_source(p_src, normalize=normalize)
    d = _as_distortion(dist, src.shape[0])
    lb = log_base(base)
    with trusted():  # the arguments are validated
        hh = entropy(src.sum(axis=0), base=base)
        if E > hh + 1e-12:
            return None
        inst = _instance(src, d, markov)
        # R(D) and E*(D): certified Blahut-Arimoto, once per distortion (a slice of the RDE
        # region asks for many E at one D)
        key = (D, min(tol, 1e-10), lb)
        cached = inst.min_rates.get(key)
        if cached is None:
            r = rate_distortion_at(src.sum(axis=1), d, D, tol=min(tol, 1e-10), base=base)
            cached = inst.min_rates[key] = (r, rde_point(src, r.channel, d, base=base))
            while len(inst.min_rates) > _MIN_RATE_CACHE_SIZE:
                inst.min_rates.popitem(last=False)
        r, r0 = cached
        if r0.equivocation >= E:
            return RateEquivocationPoint(*_fields(r0), lower_bound=min(r.lower_bound, r0.rate))
        shape = (src.shape[0],) if markov else src.shape
        p_u = src.sum(axis=1) if markov else src.ravel()
        d_u = d if markov else np.repeat(d, src.shape[1], axis=0)
        zero = E >= hh - 1e-12
        zl = inst.perfect_privacy() if zero else None
        if zl is not None and D < zl[0]:
            return None  # zero leakage is not affordable: E > Γ(D)
        what = f"R(D, E) of a {src.shape[0]} x {src.shape[1]} source"
        prog = inst.program("rate0" if zero else "rate", what)
        T = 0.0 if zero else (hh - E) * lb
        anchor = _GammaAnchor(src, d, D, E, markov=markov, base=base)
        w, lower, note = _rate_certified(prog, D, T, tol * lb, max_iter, zl, anchor)
        if w is None:  # the solver found no encoder: E is above Γ(D), or at it to accuracy
            if anchor.rules_out():
                return None
            w = anchor.rows()[0]
        lower = max(lower, r.lower_bound * lb)
        pt = rde_point(src, _unflatten(w, p_u, d_u, shape), d, markov=markov, base=base)
        out = RateEquivocationPoint(*_fields(pt), lower_bound=min(lower / lb, pt.rate))
        if out.gap > tol:
            warnings.warn(
                f"rate_given_equivocation(D={D:.12g}, E={E:.12g}): the certified gap "
                f"{out.gap:.2g} exceeds tol={tol:g} ({note}); the rate is within its gap of "
                "R(D, E) (see the result's lower_bound)",
                AccuracyWarning,
                stacklevel=2,
            )
        return out


class _GammaAnchor:
    """Γ(D) and its encoder, computed only if :func:`rate_given_equivocation` needs them.

    The rate program usually certifies on its own; Γ is needed to tell an infeasible
    requirement (``E > Γ(D)``) from a solver failure, and its encoder (the least leaky) to
    mix into an encoder that the solver left over the leakage budget.
    """

    def __init__(
        self, src: NDArray, d: NDArray, D: float, E: float, *, markov: bool, base: Base
    ) -> None:
        self.src, self.d, self.D, self.E = src, d, D, E
        self.markov, self.base = markov, base
        self._g: EquivocationResult | None = None

    def result(self) -> EquivocationResult:
        """Γ(D) with its certificate (computed on first use)."""
        if self._g is None:
            self._g = _gamma_points(
                self.src,
                self.d,
                np.array([self.D]),
                markov=self.markov,
                tol=1e-9,
                max_iter=500,
                base=self.base,
                warn=None,
            )[0]
        return self._g

    def rules_out(self) -> bool:
        """Whether the certified upper bound on Γ(D) is below the required equivocation."""
        return self.E > self.result().upper_bound + 1e-12

    def rows(self) -> tuple[NDArray, float]:
        """Return the Γ-optimal encoder's rows (inputs with mass) and its leakage in nats."""
        g = self.result()
        p_u = self.src.sum(axis=1) if self.markov else self.src.ravel()
        hh = entropy(self.src.sum(axis=0), base=self.base)
        return _problem_w(g.channel, self.markov)[p_u > 0], (hh - g.gamma) * log_base(self.base)


def _rate_certified(
    prog: _conic.Program,
    D: float,
    T: float,
    tol: float,
    max_iter: int,
    zl: tuple[float, NDArray] | None,
    anchor: _GammaAnchor,
) -> tuple[NDArray | None, float, str]:
    """Smallest rate (nats) at ``D`` with leakage ``<= T``: encoder rows, lower bound, a note.

    The interior-point method on the program's own structure
    (:func:`nsp.ratedistortion._lifted.rate`, programs of one block up to its size limit)
    usually closes the certificate. Otherwise the exponential-cone program is solved, polished
    by Newton's method on the optimality conditions when its own certificate is short
    (:func:`nsp.ratedistortion._conic.rate`), and repeated with tighter tolerances (and
    without equilibration), stopped as soon as the certificate closes. An encoder over budget (the
    solver's feasibility tolerance) is mixed with one under budget, the best solved so far or
    the Γ-optimal encoder: the leakage is convex, so the mixture meets the budget exactly.
    The lower bound is the best Lagrangian bound of all solves (each is valid whatever the
    solver did). The note says, for a certificate left open, what the solver reported.
    """
    src = prog.src
    lower = -math.inf
    best: tuple[float, NDArray, bool] | None = None  # (rate, encoder, mixed with Γ's)
    anchors: list[tuple[NDArray, float]] = []
    over: list[tuple[NDArray, float]] = []
    slack = T + 1e-13
    margin = 1e-10  # the budget is solved for tightened by this much (grown if need be)
    statuses: list[str] = []
    anchored = False

    def consider(w: NDArray, with_gamma: bool = False) -> None:
        nonlocal best
        if _conic.leakage_nats(src, w) <= slack:
            rate = _conic.rate_nats(src, w)
            if best is None or rate < best[0]:
                best = (rate, w, with_gamma)

    def mix(w_o: NDArray, l_o: float, w_a: NDArray, l_a: float) -> NDArray:
        theta = min(1.0, (l_o - T) / (l_o - l_a) * (1 + 1e-9))
        return (1.0 - theta) * w_o + theta * w_a

    gamma_w: list[NDArray | None] = [None]

    def use_gamma_anchor() -> None:  # the least leaky encoder, to mix with those over budget
        nonlocal anchored
        if not anchored and prog.kind == "rate":
            anchored = True
            w_g, leak_g = anchor.rows()
            gamma_w[0] = w_g
            if leak_g < T:
                anchors.append((w_g, leak_g))
                for w_o, l_o in over:
                    consider(mix(w_o, l_o, w_g, leak_g), with_gamma=True)

    attempts: list[tuple[float, bool, float]] = [(t, e, margin) for t, e in _RATE_ATTEMPTS]
    if prog.kind == "rate":  # the interior-point method on the program's structure first
        lifted = _lifted.rate(prog, D, T, tol=tol, t_solve=T - margin)
        if lifted is not None:  # within the budget T (to rounding)
            statuses.append(lifted.status)
            lower = max(lower, lifted.lower)
            consider(lifted.w)
            anchors.append((lifted.w, lifted.leakage))
            if best is not None and best[0] - lower <= tol:
                attempts = []
    i = 0
    while i < len(attempts):
        t, eq, margin = attempts[i]
        i += 1
        if i == len(attempts) == len(_RATE_ATTEMPTS) and over:
            # still short: solve again for a budget tightened by twice the violation seen
            grow = 2.0 * min(l_o - T for _, l_o in over) + 1e-10
            attempts += [(t_, e_, grow) for t_, e_ in _RATE_ATTEMPTS[1:3]]
        sol = _conic.rate(
            prog,
            D,
            T,
            tol=t,
            max_iter=max(50, min(max_iter, 500)),
            zero_leak=zl,
            equilibrate=eq,
            t_solve=T - margin,
            polish_above=tol,
        )
        if sol is None:
            statuses.append("infeasible")
            if prog.kind == "rate" and anchor.rules_out():
                break  # E is above Γ(D): there is nothing to find
            continue
        statuses.append(sol.status)
        lower = max(lower, sol.lower)
        if sol.leakage <= slack:
            consider(sol.w)
            for w_o, l_o in over:  # earlier solutions over budget, mixed with this one
                consider(mix(w_o, l_o, sol.w, sol.leakage))
            anchors.append((sol.w, sol.leakage))
        else:
            over.append((sol.w, sol.leakage))
            for w_a, l_a in anchors:
                consider(mix(sol.w, sol.leakage, w_a, l_a), with_gamma=w_a is gamma_w[0])
            use_gamma_anchor()
        if best is not None and best[0] - lower <= tol:
            break
    note = f"{len(statuses)} interior-point solves: {', '.join(dict.fromkeys(statuses))}"
    if best is not None and best[0] - lower <= tol:
        return best[1], lower, note
    if prog.kind == "rate0":
        note = (
            "zero leakage (E = H(X_h)), solved with independence constraints: neither the "
            "interior-point solutions nor Newton's method from them closed the certificate; " + note
        )
    elif best is not None and best[2]:
        g = anchor.result()
        note = (
            f"E is {g.gamma - anchor.E:.1g} below Γ(D) = {g.gamma:.12g}, where R(D, E) is "
            "infinitely steep: every interior-point solution exceeded the leakage budget by "
            "more than that margin (its feasibility accuracy), Newton's method found no "
            "interior optimum, and mixing with the least leaking encoder costs the gap; " + note
        )
    else:
        g = anchor.result()
        below = g.gamma - anchor.E
        near = " (near Γ(D) the optimal encoder degenerates)" if below <= 1e-4 else ""
        note = (
            f"E is {below:.1g} below Γ(D) = {g.gamma:.12g}{near}: neither the interior-point "
            "solutions nor Newton's method from them closed the certificate; " + note
        )
    return (None if best is None else best[1]), lower, note


def _fields(pt: RDEPoint) -> tuple[float, float, float, float, float]:
    return pt.rate, pt.distortion, pt.equivocation, pt.leakage, pt.base


def _problem_w(channel: NDArray, markov: bool) -> NDArray:
    return channel if markov else channel.reshape(-1, channel.shape[-1])
