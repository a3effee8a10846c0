r"""Rate–distortion by Blahut–Arimoto, with certified bounds.

A discrete memoryless source ``p[x]`` is reproduced through a test channel ``W[x, xhat]``
whose average distortion ``sum p W d`` is at most ``D``; the rate–distortion function is

.. math:: R(D) = \\min_{W:\\ \\mathbb E d(X,\\hat X)\\le D} I(X;\\hat X).

For a slope parameter ``beta >= 0`` (nats per unit of distortion), Blahut–Arimoto iterates
on the output pmf ``q``: ``W = q exp(-beta d) / Z`` and ``q <- p W``. Every iterate gives a
*certified* interval on the curve at its own distortion ``D_W`` (Blahut 1972, Thm 8):

.. math:: -\\beta D_W - \\sum_x p(x)\\ln Z(x) - \\ln \\max_{\\hat x} c(\\hat x)
          \\;\\le\\; R(D_W) \\;\\le\\; I(W) \\;\\le\\; -\\beta D_W - \\sum_x p(x)\\ln Z(x),

with ``c(xhat) = sum_x p(x) exp(-beta d(x, xhat)) / Z(x)``, so the gap is ``ln max c`` and
the iteration stops when it is below ``tol``. The lower bound is a supporting line of the
convex curve, so it also bounds ``R`` at every other ``D``.

The iteration is accelerated (SQUAREM) and, when it still converges slowly (a skewed source:
plain Blahut–Arimoto contracts by about ``1 - p_min`` per step), finished by an active-set
Newton method on the output pmf, whose step count does not depend on ``p_min``.

Functions
---------
hamming_distortion
    The 0/1 distortion matrix.
distortion_range
    ``D_min`` (zero-rate-free lower end) and ``D_max`` (smallest ``D`` with ``R = 0``).
blahut_arimoto
    The curve's point of slope ``-beta``.
rate_distortion_at
    The point at a target distortion ``D`` (bracketing and secant steps on ``beta``, then
    time-sharing of the two bracketing channels so that the distortion is exactly ``D``).
rate_distortion_curve
    ``R(D)`` on a grid of ``D`` (a :class:`pandas.DataFrame`).

References
----------
R. E. Blahut, "Computation of channel capacity and rate-distortion functions", IEEE Trans.
Inf. Theory 18(4), 1972.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, cast

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._kernels import channel_information
from nsp._newton import cholesky_step
from nsp._results import TupleResult
from nsp._validation import (
    Base,
    as_grid,
    as_pmf,
    check_base,
    check_bool,
    check_int,
    check_real,
    check_tol,
    is_trusted,
    log_base,
    trusted,
)


class AccuracyWarning(UserWarning):
    """A result whose certified gap is wider than the tolerance asked for.

    The result is still returned, with its certificate (a bound that holds whatever the
    solver did); the warning says how far the certificate is from the tolerance, and why.
    """


@dataclass(frozen=True)
class RateDistortionPoint:
    """A point of the rate–distortion curve with its certificate.

    Attributes
    ----------
    rate : float
        ``I(X; Xhat)`` of :attr:`channel` (an achievable rate at :attr:`distortion`), in
        units of :attr:`base`.
    distortion : float
        ``E d(X, Xhat)`` of :attr:`channel`.
    lower_bound : float
        A certified lower bound on ``R(distortion)`` (from the dual); ``rate - lower_bound``
        bounds the error of :attr:`rate`.
    beta : float
        The slope parameter in nats per unit of distortion (``-dR/dD`` in nats); ``inf`` at
        ``D_min`` and ``0`` at ``D >= D_max``.
    channel : numpy.ndarray
        The test channel ``W[x, xhat] = p(xhat | x)``.
    output_pmf : numpy.ndarray
        ``p(xhat) = sum_x p(x) W[x, xhat]``.
    iterations : int
        Blahut–Arimoto iterations used (summed over all slopes tried).
    base : float
        The logarithm base of :attr:`rate` and :attr:`lower_bound`.
    """

    rate: float
    distortion: float
    lower_bound: float
    beta: float
    channel: NDArray[np.float64] = field(repr=False)
    output_pmf: NDArray[np.float64] = field(repr=False)
    iterations: int
    base: float = 2.0

    @property
    def gap(self) -> float:
        """``rate - lower_bound`` (>= 0 up to rounding): how far :attr:`rate` may be from R(D)."""
        return self.rate - self.lower_bound


#: Largest distortion matrix :func:`hamming_distortion` builds (8 · 10⁸ bytes of float64).
_MAX_ENTRIES = 10**8


def hamming_distortion(m: int, m_hat: int | None = None) -> NDArray[np.float64]:
    """Return the Hamming (0/1) distortion matrix ``d[x, xhat] = [x != xhat]``.

    Parameters
    ----------
    m : int
        Source alphabet size (>= 1).
    m_hat : int, optional
        Reproduction alphabet size (default ``m``); letter ``i`` of both alphabets is the same.

    Returns
    -------
    numpy.ndarray, shape (m, m_hat)
        ``d[x, xhat] = 0`` if ``x == xhat`` else 1.

    See Also
    --------
    distortion_range : The distortions achievable.

    References
    ----------
    .. [1] L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
       information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013, Example 1,
       eq. (13).

    Examples
    --------
    >>> hamming_distortion(3)
    array([[0., 1., 1.],
           [1., 0., 1.],
           [1., 1., 0.]])
    """
    m = check_int("m", m, low=1)
    m_hat = m if m_hat is None else check_int("m_hat", m_hat, low=1)
    if m * m_hat > _MAX_ENTRIES:
        raise ValueError(f"m x m_hat = {m} x {m_hat} entries is more than {_MAX_ENTRIES:.0e}")
    return 1.0 - np.eye(m, m_hat)


def _as_distortion(dist: ArrayLike, n_x: int, *, name: str = "dist") -> NDArray[np.float64]:
    raw = np.asarray(dist)
    if is_trusted():  # validated by the public caller: convert only
        return raw.astype(np.float64, copy=False)
    if raw.dtype.kind not in "biuf":
        raise ValueError(f"{name} must hold real numbers (got dtype {raw.dtype})")
    d = raw.astype(np.float64, copy=False)
    if d.ndim != 2 or d.shape[0] != n_x or d.shape[1] < 1:
        raise ValueError(
            f"{name} must be a matrix with one row per source letter ({n_x}); got shape {d.shape}"
        )
    if not np.all(np.isfinite(d)):
        raise ValueError(f"{name} must be finite")
    if np.any(d < 0):
        raise ValueError(f"{name} must be non-negative (min {d.min():.3g})")
    return d


@dataclass(frozen=True, eq=False)
class DistortionRange(TupleResult):
    """The distortions where ``R(D)`` is finite and positive; unpacks as ``(d_min, d_max)``.

    Attributes
    ----------
    d_min : float
        The smallest achievable distortion, ``sum_x p(x) min_xhat d(x, xhat)``.
    d_max : float
        The smallest distortion with ``R = 0``, ``min_xhat sum_x p(x) d(x, xhat)``.
    """

    d_min: float
    d_max: float

    _tuple_fields: ClassVar[tuple[str, ...]] = ("d_min", "d_max")


def distortion_range(p: ArrayLike, dist: ArrayLike) -> DistortionRange:
    """Return ``(D_min, D_max)``: the least achievable distortion and the least with ``R = 0``.

    ``D_min = sum_x p(x) min_xhat d(x, xhat)`` and ``D_max = min_xhat sum_x p(x) d(x, xhat)``.

    Parameters
    ----------
    p : array_like, shape (m,)
        Source pmf.
    dist : array_like, shape (m, m_hat)
        Distortion matrix ``d[x, xhat] >= 0``.

    Returns
    -------
    DistortionRange
        ``(d_min, d_max)``; unpacks as a pair.

    See Also
    --------
    rate_distortion_at : ``R(D)`` on this range.
    hamming_distortion : The 0/1 distortion.

    Examples
    --------
    >>> tuple(distortion_range([0.5, 0.3, 0.2], hamming_distortion(3)))
    (0.0, 0.5)
    """
    px = as_pmf(p, name="p", ndim=1)
    d = _as_distortion(dist, px.size)
    return DistortionRange(float(px @ d.min(axis=1)), float((px @ d).min()))


#: Blahut–Arimoto iterations before the active-set Newton finish is considered; the observed
#: rate over each further half of it then decides (see :func:`_newton_pays`).
_WARM_ITERATIONS = 40
#: Largest support on which the Newton finish runs (a Cholesky factorization of its size;
#: above ~128 OpenBLAS threads it, which stalls on a machine whose cores are busy).
_NEWTON_MAX_SUPPORT = 120
#: Levenberg–Marquardt ridges (relative to the largest curvature) tried when Newton fails.
_RIDGES = (1e-13, 1e-10, 1e-7, 1e-4, 1e-1, 1e2)


def _objective(px: NDArray, z: NDArray) -> float:
    """``F = -sum_x p(x) ln Z(x)``, the convex objective of the output pmf (``inf`` off-domain)."""
    if z.min() <= 0:
        return math.inf
    return -float(px @ np.log(z))


def _newton_finish(
    px: NDArray, k: NDArray, q: NDArray, *, tol_nats: float, max_steps: int, mv=np.dot
) -> tuple[NDArray, int, bool]:
    """Minimize ``F(q) = -sum_x p(x) ln (K q)(x)`` on the simplex by active-set Newton steps.

    The KKT conditions are ``c(xhat) = 1`` on the support of ``q`` and ``c <= 1`` off it. Each
    step solves the Newton system of ``F`` on the current support under ``sum(q) = 1``
    (Hessian ``K_S^T diag(p / Z^2) K_S`` with a tiny ridge against its null directions,
    Levenberg–Marquardt damping if the step does not descend), takes the largest step that
    keeps ``q >= 0`` (a letter whose mass reaches 0 leaves the support) and, once the
    support's ``c`` are level, admits the letters with ``c > 1``. Newton's rate does not
    depend on how small ``p`` gets, unlike the EM map's (whose contraction factor tends to 1
    as the mass of the source letters that separate two reproductions does). Returns
    ``(q, steps, converged)``; converged means ``ln max c <= tol``.
    """
    support = q > 1e-12 * q.max()
    q = np.where(support, q, 0.0)
    q /= q.sum()
    z = mv(k, q)
    f = _objective(px, z)
    c = mv(k.T, px / z)
    for step in range(max_steps):
        gap = math.log(float(c.max()))
        if gap <= tol_nats:
            return q, step, True
        idx = np.flatnonzero(support)
        cs = c[idx]
        level = float(cs.max() - cs.min()) <= max(1e-3 * gap, 0.5 * tol_nats)
        outside = ~support & (c > 1.0 + 0.25 * tol_nats)
        if outside.any() and (level or idx.size == 1):
            new = np.flatnonzero(outside)
            q = q * (1.0 - 1e-8)
            q[new] += 1e-8 / new.size
            support[new] = True
            z = mv(k, q)
            f = _objective(px, z)
            c = mv(k.T, px / z)
            continue
        if idx.size > _NEWTON_MAX_SUPPORT:
            return q, step, False
        with np.errstate(under="ignore"):
            a = k[:, idx] * (np.sqrt(px) / z)[:, None]
            a[a < 1e-150] = 0.0  # denormal products slow LAPACK down a hundredfold
            hess = a.T @ a
        scale = max(float(hess.diagonal().max()), 1e-300)
        noise = 1e-15 * max(1.0, abs(f))
        qs = q[idx]
        accepted = None
        for ridge in _RIDGES:
            # H is singular when the support's kernel columns are linearly dependent (Z and
            # F do not change along the null directions): a tiny ridge picks the shortest step
            direction = cholesky_step(hess, cs, ridge * scale)
            if direction is None:
                continue
            shrinking = direction < 0
            ratios = qs[shrinking] / -direction[shrinking]
            alpha_max = float(ratios.min()) if ratios.size else math.inf
            alpha = min(1.0, alpha_max)
            for _ in range(40):
                blocked = alpha == alpha_max
                trial = q.copy()
                trial[idx] = np.maximum(qs + alpha * direction, 0.0)
                if blocked:
                    trial[idx[shrinking][np.argmin(ratios)]] = 0.0
                trial /= trial.sum()
                z_t = mv(k, trial)
                f_t = _objective(px, z_t)
                if f_t <= f + noise:
                    accepted = (trial, z_t, f_t)
                    break
                alpha *= 0.5
            if accepted is not None:
                break
        if accepted is None:
            return q, step, False
        q, z, f = accepted
        c = mv(k.T, px / z)
        support &= q > 0
    return q, max_steps, math.log(float(c.max())) <= tol_nats


def _newton_pays(q: NDArray, shape: tuple[int, ...], gap: float, rate: float, tol: float) -> bool:
    """Whether a Newton finish costs less than the iterations still needed at this rate.

    ``rate`` is the observed decrease of ``ln gap`` per iteration (``<= 0``: no progress). A
    Newton step on a support of ``s`` letters costs about ``s^3 + m s^2`` operations, an
    iteration about ``m * m_hat``; the finish runs when ten Newton steps cost less than the
    iterations the current rate predicts.
    """
    s = int(np.count_nonzero(q > 1e-12 * q.max()))
    if s > _NEWTON_MAX_SUPPORT:
        return False
    if rate <= 0:
        return True
    remaining = math.log(gap / tol) / rate
    return remaining * shape[0] * shape[1] > 10.0 * (s**3 + shape[0] * s**2)


def _ba_run(
    px: NDArray[np.float64],
    d: NDArray[np.float64],
    beta: float,
    q: NDArray[np.float64],
    *,
    tol_nats: float,
    max_iter: int,
) -> tuple[NDArray[np.float64], dict[str, float], int]:
    """Minimize over the output pmf ``q`` at slope ``beta`` until the certified gap < ``tol_nats``.

    The BA map ``q -> q c(q)`` is an EM step for the mixture weights ``q`` of the convex
    objective ``F(q) = -sum_x p(x) ln sum_xhat q(xhat) K(x, xhat)``; it is accelerated by
    SQUAREM extrapolation (Varadhan & Roland 2008) with a monotonicity safeguard on ``F``.
    Weights below ``1e-250`` are set to 0 (avoids denormals) and revived when the dual
    certificate shows they are needed (``c(xhat) > 1``). When the iteration has not converged
    after :data:`_WARM_ITERATIONS` iterations and its observed rate predicts more work than
    a Newton finish (:func:`_newton_pays`), an active-set Newton method
    (:func:`_newton_finish`) takes over; if it stalls, the accelerated iteration continues
    up to ``max_iter``.
    Returns the final ``q`` (defining the channel), the certificate and the iterations.
    """
    dmin = d.min(axis=1, keepdims=True)
    with np.errstate(under="ignore"):
        k = np.exp(-beta * (d - dmin))
        k[k < 1e-280] = 0.0
    kt = np.ascontiguousarray(k.T)

    # Large matrix-vector products by einsum (single-threaded): a threaded BLAS gemv stalls
    # badly when the machine's cores are shared, and gains little from threads anyway. Small
    # ones go to BLAS (single-threaded at that size), which has less call overhead.
    def mv_einsum(a: NDArray, v: NDArray) -> NDArray:
        return np.einsum("ij,j->i", a, v)

    mv: Callable[[NDArray, NDArray], NDArray] = (
        mv_einsum if k.size > 250_000 else cast("Callable[[NDArray, NDArray], NDArray]", np.dot)
    )

    def step(qq: NDArray) -> tuple[NDArray, NDArray]:
        z = mv(k, qq)
        c = mv(kt, px / z)
        return z, c

    it = 0
    newton_tried = newton_done = False
    checkpoint: tuple[int, float] | None = None
    q = q.copy()
    z, c = step(q)
    f0 = -float(px @ np.log(z))
    while True:
        cmax = float(c.max())
        gap = math.log(cmax)
        if gap <= tol_nats or it >= max_iter:
            break
        if not newton_tried and it >= _WARM_ITERATIONS:
            if checkpoint is None:
                checkpoint = (it, gap)
            elif it >= checkpoint[0] + _WARM_ITERATIONS // 2:
                rate = math.log(checkpoint[1] / gap) / (it - checkpoint[0])
                checkpoint = (it, gap)
                newton_tried = _newton_pays(q, k.shape, gap, rate, tol_nats)
        if newton_tried and not newton_done:
            newton_done = True
            q_n, steps, done = _newton_finish(
                px, k, q, tol_nats=tol_nats, max_steps=min(200, max(max_iter - it, 1)), mv=mv
            )
            it += steps
            z_n = mv(k, q_n)
            if done or _objective(px, z_n) <= f0:
                q, z, f0 = q_n, z_n, _objective(px, z_n)
                c = mv(kt, px / z)
            continue
        dead = (q == 0) & (c > 1.0 + 1e-12)
        if np.any(dead):  # revive weights the certificate asks for
            q[dead] = 1e-8
            q /= q.sum()
            z, c = step(q)
            f0 = -float(px @ np.log(z))
            it += 1
            continue
        q1 = q * c
        q1 /= q1.sum()
        z1, c1 = step(q1)
        q2 = q1 * c1
        q2 /= q2.sum()
        it += 2
        r = q1 - q
        v = q2 - q1 - r
        nv = float(np.sqrt(v @ v))
        alpha = -1.0 if nv == 0 else min(-float(np.sqrt(r @ r)) / nv, -1.0)
        accepted = False
        while alpha < -1.0:
            qe = q - 2 * alpha * r + alpha * alpha * v
            qe[qe < 1e-250] = 0.0
            s = qe.sum()
            if s > 0:
                qe /= s
                ze = mv(k, qe)
                if ze.min() > 0:
                    fe = -float(px @ np.log(ze))
                    if fe <= f0:
                        accepted = True
                        break
            alpha = (alpha - 1.0) / 2.0 if alpha < -1.5 else -1.0
        if accepted:  # qe has no weight below 1e-250 and is normalized; reuse its Z
            q, z, f0 = qe, ze, fe
            c = mv(kt, px / z)
        else:
            q2[q2 < 1e-250] = 0.0
            q = q2 / q2.sum()
            z, c = step(q)
            f0 = -float(px @ np.log(z))
        it += 1
    w = k * q[None, :] / z[:, None]
    dist_w = float(px @ np.einsum("ij,ij->i", w, d))
    upper = -beta * dist_w - float(px @ (np.log(z) - beta * dmin[:, 0]))
    return (
        q,
        {"upper": upper, "lower": upper - gap, "distortion": dist_w, "gap": gap, "cmax": cmax},
        it,
    )


def _channel(k_row_shifted: NDArray[np.float64], q: NDArray[np.float64]) -> NDArray[np.float64]:
    w = k_row_shifted * q[None, :]
    return w / w.sum(axis=1, keepdims=True)


def _prepare(
    p: ArrayLike, dist: ArrayLike, normalize: bool
) -> tuple[NDArray, NDArray, NDArray, NDArray]:
    px_full = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    d_full = _as_distortion(dist, px_full.size)
    keep = px_full > 0
    return px_full, d_full, px_full[keep], d_full[keep]


def _full_channel(w_kept: NDArray, px_full: NDArray, d_full: NDArray) -> NDArray:
    """Channel on all source letters: letters with p = 0 go to their nearest reproduction."""
    w = np.zeros(d_full.shape)
    keep = px_full > 0
    w[keep] = w_kept
    if not np.all(keep):
        rows = np.flatnonzero(~keep)
        w[rows, d_full[rows].argmin(axis=1)] = 1.0
    return w


def blahut_arimoto(
    p: ArrayLike,
    dist: ArrayLike,
    beta: float,
    *,
    tol: float = 1e-10,
    max_iter: int = 100_000,
    q0: ArrayLike | None = None,
    base: Base = 2,
    normalize: bool = False,
) -> RateDistortionPoint:
    """Return the point of slope ``-beta`` (nats per unit distortion) of the rate–distortion curve.

    Parameters
    ----------
    p : array_like, shape (m,)
        Source pmf.
    dist : array_like, shape (m, m_hat)
        Distortion matrix ``d[x, xhat] >= 0``.
    beta : float
        Slope parameter ``>= 0`` in nats per unit distortion.
    tol : float
        Stop when the certified gap ``rate - lower_bound`` is below ``tol`` (in units of ``base``).
    max_iter : int
        Iteration cap (the returned gap tells how far from optimal the result is).
    q0 : array_like, optional
        Starting output pmf (default uniform); entries must be positive where the optimum may be.
    base : float
        Logarithm base of the rate (2: bits).
    normalize : bool
        Accept unnormalized ``p``.

    Returns
    -------
    RateDistortionPoint

    See Also
    --------
    rate_distortion_at : The point at a target distortion.
    rate_distortion_curve : The curve on a grid of distortions.

    Examples
    --------
    A uniform binary source with Hamming distortion: ``R(D) = 1 - h(D)`` with
    ``beta = ln((1 - D) / D)``; at ``beta = ln 3``, ``D = 1/4``.

    >>> import math
    >>> pt = blahut_arimoto([0.5, 0.5], hamming_distortion(2), math.log(3))
    >>> round(pt.distortion, 12), round(pt.rate, 9), pt.gap < 1e-10
    (0.25, 0.188721876, True)
    """
    beta = check_real("beta", beta, low=0.0)
    tol = check_tol("tol", tol)
    max_iter = check_int("max_iter", max_iter, low=1)
    px_full, d_full, px, d = _prepare(p, dist, normalize)
    lb = log_base(base)
    if q0 is None:
        q = np.full(d.shape[1], 1.0 / d.shape[1])
    else:
        q = as_pmf(q0, name="q0", ndim=1).copy()
        if q.size != d.shape[1]:
            raise ValueError(
                f"q0 must have one entry per reproduction letter ({d.shape[1]}); got {q.size}"
            )
    q, cert, it = _ba_run(px, d, beta, q, tol_nats=tol * lb, max_iter=max_iter)
    return _point_from(
        px_full,
        d_full,
        px,
        d,
        beta,
        q,
        cert,
        it,
        lb,
        float(base) if not isinstance(base, str) else math.exp(lb),
    )


def _point_from(px_full, d_full, px, d, beta, q, cert, it, lb, base) -> RateDistortionPoint:
    dmin = d.min(axis=1, keepdims=True)
    with np.errstate(under="ignore"):
        k = np.exp(-beta * (d - dmin))
    w = _channel(k, q)
    rate = channel_information(px, w) / lb
    w_full = _full_channel(w, px_full, d_full)
    return RateDistortionPoint(
        rate=rate,
        distortion=cert["distortion"],
        lower_bound=min(cert["lower"] / lb, rate),
        beta=beta,
        channel=w_full,
        output_pmf=px_full @ w_full,
        iterations=it,
        base=base,
    )


def rate_distortion_at(
    p: ArrayLike,
    dist: ArrayLike,
    D: float,
    *,
    tol: float = 1e-10,
    max_iter: int = 20_000,
    q0: ArrayLike | None = None,
    base: Base = 2,
    normalize: bool = False,
) -> RateDistortionPoint:
    """Return ``R(D)`` at a target distortion, with a channel of distortion exactly ``D``.

    The slope ``beta`` is bracketed (doubling from 1) and refined by safeguarded secant steps
    on ``D(beta) = D``, Blahut–Arimoto warm-started from the previous output pmf. The answer
    time-shares the two bracketing channels so that its distortion is ``D``; the rate of this
    mixture is achievable and the two runs' supporting lines give a certified lower bound.
    Stops when ``rate - lower_bound <= tol``.

    Parameters
    ----------
    p, dist : array_like
        Source pmf and distortion matrix, as in :func:`blahut_arimoto`.
    D : float
        Target distortion in ``[D_min, inf)`` (see :func:`distortion_range`). At ``D >= D_max``
        the rate is 0 (a constant reproduction); at ``D = D_min`` the slope is infinite and the
        result is the limit of large ``beta``.
    tol : float
        Certified accuracy of the rate, in units of ``base``.
    max_iter : int
        Cap on the Blahut–Arimoto iterations summed over all slopes. Where ``R`` has a linear
        piece (``D(beta)`` jumps), the slopes at the jump are degenerate and converge slowly;
        the cap then ends the search and :attr:`RateDistortionPoint.gap` reports the
        certified accuracy reached.
    q0 : array_like, optional
        Starting output pmf (default uniform), e.g. the output pmf at a nearby distortion; it
        is mixed with 1e-3 of the uniform pmf so that no letter starts at 0.
    base : float or str, default 2
        Logarithm base of the information quantities (2: bits, ``"e"``: nats).
    normalize : bool, default False
        Accept an unnormalized non-negative ``p`` (divided by its total).

    Returns
    -------
    RateDistortionPoint
        The rate, its certified lower bound, the channel and its distortion ``D``.

    Raises
    ------
    ValueError
        If ``D < D_min`` (no channel achieves it) or the inputs are invalid.

    Warns
    -----
    AccuracyWarning
        If ``max_iter`` ends the search before the certified gap is within ``tol``.

    See Also
    --------
    blahut_arimoto : The point of one slope.
    rate_distortion_curve : The curve on a grid.
    distortion_range : The distortions it accepts.

    Examples
    --------
    Binary source ``p = (0.2, 0.8)`` with Hamming distortion: ``R(D) = h(0.2) - h(D)``.

    >>> pt = rate_distortion_at([0.2, 0.8], hamming_distortion(2), 0.1)
    >>> round(pt.rate, 9), round(pt.distortion, 12)
    (0.252932501, 0.1)
    """
    D = check_real("D", D)
    tol = check_tol("tol", tol)
    max_iter = check_int("max_iter", max_iter, low=1)
    px_full, d_full, px, d = _prepare(p, dist, normalize)
    lb = log_base(base)
    base_f = math.exp(lb)
    d_lo = float(px @ d.min(axis=1))
    col = px @ d
    d_hi = float(col.min())
    if not math.isfinite(D) or D < d_lo - 1e-12:
        raise ValueError(
            f"D must be >= D_min = {d_lo:.12g} (the smallest achievable distortion); got {D}"
        )
    if D >= d_hi:
        j = int(col.argmin())  # ties: the first minimizing reproduction letter
        w = np.zeros(d.shape)
        w[:, j] = 1.0
        w_full = _full_channel(w, px_full, d_full)
        return RateDistortionPoint(0.0, d_hi, 0.0, 0.0, w_full, px_full @ w_full, 0, base_f)
    tol_n = tol * lb
    total_it = 0
    dmin_col = d.min(axis=1, keepdims=True)
    q_start = np.full(d.shape[1], 1.0 / d.shape[1])
    if q0 is not None:
        q_init = as_pmf(q0, name="q0", ndim=1)
        if q_init.size != d.shape[1]:
            raise ValueError(
                f"q0 must have one entry per reproduction letter ({d.shape[1]}); got {q_init.size}"
            )
        q_start = 0.999 * q_init + 0.001 * q_start

    def run(beta: float, q0: NDArray, inner: float) -> tuple:
        nonlocal total_it
        q_new, cert, it = _ba_run(
            px, d, beta, q0, tol_nats=inner, max_iter=max(max_iter - total_it, 1)
        )
        total_it += it
        cert["tight"] = inner <= tol_n / 4
        return (beta, q_new, cert)

    def channel_of(entry) -> NDArray:
        if entry[1] is None:  # the zero-rate constant channel (beta = 0)
            w0 = np.zeros(d.shape)
            w0[:, int(col.argmin())] = 1.0
            return w0
        with np.errstate(under="ignore"):
            return _channel(np.exp(-entry[0] * (d - dmin_col)), entry[1])

    def line_at(entry) -> float:
        # The run's supporting line of slope -beta (nats), evaluated at the target D.
        if entry[1] is None:
            return 0.0
        b, _, c = entry
        return c["lower"] - b * (D - c["distortion"])

    # Bracket beta so that D_W(hi) <= D < D_W(lo), then Illinois regula falsi on
    # D_W(beta) - D. Every run's channel has an exactly computed distortion and a valid
    # supporting line, so the bracket and the certificate stay valid whatever the run's
    # accuracy; the inner accuracy tightens as the bracket closes in on D.
    def inner_tol(f_best: float) -> float:
        assert hi is not None  # called once the bracket is closed
        if lo[1] is not None and hi[0] - lo[0] <= 1e-6 * hi[0]:
            return tol_n / 4  # a jump of D(beta) (a linear piece of R): both ends exact
        return max(tol_n / 4, min(1e-4, 10.0 * (hi[0] * f_best) ** 2))

    lo = (0.0, None, {"distortion": d_hi, "lower": 0.0, "tight": True})
    hi = None
    beta = 1.0
    while hi is None:
        entry = run(beta, q_start, 1e-3)
        q_start = entry[1]
        if entry[2]["distortion"] <= D:
            hi = entry
        else:
            lo = entry
            beta *= 2.0
            if beta > 1e6:  # D is (numerically) D_min: return the large-beta point
                return _warn_if_short(
                    _point_from(px_full, d_full, px, d, lo[0], lo[1], lo[2], total_it, lb, base_f),
                    D,
                    tol,
                )
    fl_scale = fh_scale = 1.0  # Illinois weights of the retained ends
    last = 0  # which end the previous step replaced: -1 lo, +1 hi
    for _ in range(500):
        w_lo, w_hi = channel_of(lo), channel_of(hi)
        d_lo_e, d_hi_e = lo[2]["distortion"], hi[2]["distortion"]
        theta = 1.0 if d_lo_e <= d_hi_e else min(max((D - d_hi_e) / (d_lo_e - d_hi_e), 0.0), 1.0)
        w = theta * w_lo + (1 - theta) * w_hi
        upper = channel_information(px, w)
        lower = max(line_at(hi), line_at(lo), 0.0)
        if (
            upper - lower <= tol_n
            or total_it >= max_iter
            or (
                hi[0] - lo[0] <= 1e-13 * hi[0]
                and hi[2]["tight"]
                and (lo[1] is None or lo[2]["tight"])
            )
        ):
            break
        f_lo, f_hi = d_lo_e - D, d_hi_e - D
        if lo[1] is None:
            b_new, start = 0.5 * hi[0], hi[1]
        else:
            fl, fh = f_lo * fl_scale, f_hi * fh_scale
            b_new = hi[0] - fh * (hi[0] - lo[0]) / (fh - fl) if fl != fh else 0.5 * (lo[0] + hi[0])
            if not lo[0] < b_new < hi[0]:
                b_new = 0.5 * (lo[0] + hi[0])
            start = hi[1] if abs(f_hi) <= abs(f_lo) else lo[1]
        if (
            lo[1] is not None
            and hi[0] - lo[0] <= 1e-6 * hi[0]
            and not (hi[2]["tight"] and lo[2]["tight"])
        ):
            # A loose end may sit on the wrong side of the true root: redo both ends exactly,
            # then step outwards until D is bracketed again.
            ends = [run(e[0], e[1], tol_n / 4) for e in (lo, hi)]
            his = [e for e in ends if e[2]["distortion"] <= D]
            los = [e for e in ends if e[2]["distortion"] > D]
            if his and los:
                lo, hi = max(los, key=lambda e: e[0]), min(his, key=lambda e: e[0])
            elif his:  # both below D: move beta down
                hi = min(his, key=lambda e: e[0])
                step = max(hi[0] - lo[0], 1e-9 * hi[0])
                while True:
                    e = run(max(hi[0] - step, 0.5 * hi[0]), hi[1], tol_n / 4)
                    if e[2]["distortion"] > D:
                        lo = e
                        break
                    hi, step = e, step * 4
            else:  # both above D: move beta up
                lo = max(los, key=lambda e: e[0])
                step = max(hi[0] - lo[0], 1e-9 * lo[0])
                while True:
                    e = run(lo[0] + step, lo[1], tol_n / 4)
                    if e[2]["distortion"] <= D:
                        hi = e
                        break
                    lo, step = e, step * 4
            fl_scale = fh_scale = 1.0
            last = 0
            continue
        f_best = min(abs(f_hi), abs(f_lo)) if lo[1] is not None else abs(f_hi)
        entry = run(b_new, start, inner_tol(f_best))
        if entry[2]["distortion"] <= D:
            hi, fh_scale = entry, 1.0
            fl_scale = fl_scale * 0.5 if last == 1 else 1.0
            last = 1
        else:
            lo, fl_scale = entry, 1.0
            fh_scale = fh_scale * 0.5 if last == -1 else 1.0
            last = -1
    w_full = _full_channel(w, px_full, d_full)
    rate = upper / lb
    if lo[1] is None or lo[2]["distortion"] <= hi[2]["distortion"]:
        beta_est = hi[0]
    else:  # the slope at D, interpolated between the bracketing runs (beta* lies between them)
        t = (D - hi[2]["distortion"]) / (lo[2]["distortion"] - hi[2]["distortion"])
        beta_est = hi[0] + t * (lo[0] - hi[0])
    point = RateDistortionPoint(
        rate=rate,
        distortion=float(px @ np.einsum("ij,ij->i", w, d)),
        lower_bound=min(lower / lb, rate),
        beta=beta_est,
        channel=w_full,
        output_pmf=px_full @ w_full,
        iterations=total_it,
        base=base_f,
    )
    return _warn_if_short(point, D, tol)


def _warn_if_short(point: RateDistortionPoint, D: float, tol: float) -> RateDistortionPoint:
    """Warn (on a public call) when ``point``'s certified gap exceeds ``tol``; return it."""
    if point.gap > tol and not is_trusted():
        warnings.warn(
            f"rate_distortion_at(D={D:.12g}): the certified gap {point.gap:.2g} exceeds "
            f"tol={tol:g} after {point.iterations} Blahut-Arimoto iterations (max_iter); the "
            "rate is within its gap of R(D) (see lower_bound)",
            AccuracyWarning,
            stacklevel=3,
        )
    return point


def rate_distortion_curve(
    p: ArrayLike,
    dist: ArrayLike,
    D_grid: ArrayLike | None = None,
    *,
    n: int = 50,
    tol: float = 1e-9,
    max_iter: int = 20_000,
    base: Base = 2,
    normalize: bool = False,
) -> pd.DataFrame:
    """Return ``R(D)`` on a grid of distortions as a DataFrame.

    Parameters
    ----------
    p, dist : array_like
        Source pmf and distortion matrix.
    D_grid : array_like, optional
        Distortions (each ``>= D_min``); default ``n`` equally spaced points on
        ``[D_min, D_max]``.
    n : int
        Grid size when ``D_grid`` is not given.
    tol : float
        Certified accuracy of each rate.
    max_iter : int
        Iteration cap per point (see :func:`rate_distortion_at`).
    base : float or str, default 2
        Logarithm base of the information quantities (2: bits, ``"e"``: nats).
    normalize : bool, default False
        Accept an unnormalized non-negative ``p`` (divided by its total).

    Returns
    -------
    pandas.DataFrame
        Columns ``D``, ``R``, ``R_lower`` (certified lower bound), ``beta`` (nats), ``iterations``.

    See Also
    --------
    rate_distortion_at : One point.
    utility_privacy_curve : The utility-privacy tradeoff on a grid.

    Examples
    --------
    >>> df = rate_distortion_curve([0.5, 0.5], hamming_distortion(2), [0.0, 0.11, 0.5])
    >>> df["R"].round(6).tolist()
    [1.0, 0.500084, 0.0]
    """
    n = check_int("n", n, low=1, high=1_000_000)
    tol = check_tol("tol", tol)
    max_iter = check_int("max_iter", max_iter, low=1)
    px = as_pmf(p, name="p", ndim=1, normalize=check_bool("normalize", normalize))
    grid = None if D_grid is None else as_grid(D_grid)
    d = _as_distortion(dist, px.size)
    check_base(base)
    rows = []
    with trusted():  # the arguments are validated: nested calls skip their checks
        if grid is None:
            d_min, d_max = distortion_range(px, d)
            grid = np.linspace(d_min, d_max, n)
        for D in grid:
            pt = rate_distortion_at(px, d, float(D), tol=tol, max_iter=max_iter, base=base)
            rows.append((float(D), pt.rate, pt.lower_bound, pt.beta, pt.iterations))
    return pd.DataFrame(rows, columns=["D", "R", "R_lower", "beta", "iterations"])
