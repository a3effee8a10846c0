# mypy: ignore-errors
"""Rate–distortion by Blahut–Arimoto, with certified bounds.

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
rde_point, max_equivocation, min_rate, rate_given_equivocation, utility_privacy_curve
    The (R, D, E) of an encoder (Prop. 2), Γ(D) (eq. (10), a convex program solved with a
    certified gap), R(D) with E* (eq. (9)), R(D, E) (Fig. 3a), the U–P curve (Thm 1).
si_statistical_point, si_informed_point, bayes_decoder, binning_exponents, max_equivocation_informed
    Side information (Theorems 2 and 3).
water_level, reverse_waterfill, gamma_hamming, gamma_hamming_curve, sanitize_categorical
    Example 1 (categorical data, Hamming distortion; eqs. (16)–(18)).
gaussian_*
    Example 2 (Gaussian data; cases (i)–(iii)) and a covariance evaluator that checks them.

The rate–distortion–equivocation layer of Sankar, Rajagopalan & Poor (2013) is further down
in this module (the general solvers: RDE points, maximal equivocation, R(D, E), side
information, reverse water-filling, Gaussian closed forms); the paper's own instances and
figure tables are in :mod:`nsp.experiments.utility_privacy`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._validation import as_pmf, log_base

__all__ = [
    "RateDistortionPoint",
    "hamming_distortion",
    "distortion_range",
    "blahut_arimoto",
    "rate_distortion_at",
    "rate_distortion_curve",
    # rate–distortion–equivocation (Sankar, Rajagopalan & Poor 2013)
    "RDEPoint",
    "EquivocationResult",
    "rde_point",
    "max_equivocation",
    "perfect_privacy_distortion",
    "min_rate",
    "rate_given_equivocation",
    "utility_privacy_curve",
    "ReverseWaterfilling",
    "water_level",
    "reverse_waterfill",
    "gamma_hamming",
    "gamma_hamming_curve",
    "sanitize_categorical",
    "bayes_decoder",
    "si_statistical_point",
    "si_informed_point",
    "binning_exponents",
    "max_equivocation_informed",
    "gaussian_rate",
    "gaussian_rate_side_info",
    "gaussian_leakage",
    "gaussian_leakage_side_info",
    "gaussian_test_channel_noise",
    "gaussian_rdl_from_covariance",
]


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


def hamming_distortion(m: int, m_hat: int | None = None) -> NDArray[np.float64]:
    """Return the Hamming (0/1) distortion matrix ``d[x, xhat] = [x != xhat]``.

    Parameters
    ----------
    m : int
        Source alphabet size (>= 1).
    m_hat : int, optional
        Reproduction alphabet size (default ``m``); letter ``i`` of both alphabets is the same.

    Examples
    --------
    >>> hamming_distortion(3)
    array([[0., 1., 1.],
           [1., 0., 1.],
           [1., 1., 0.]])
    """
    m = int(m)
    m_hat = m if m_hat is None else int(m_hat)
    if m < 1 or m_hat < 1:
        raise ValueError(f"m and m_hat must be >= 1; got m={m}, m_hat={m_hat}")
    return 1.0 - np.eye(m, m_hat)


def _as_distortion(dist: ArrayLike, n_x: int, *, name: str = "dist") -> NDArray[np.float64]:
    d = np.asarray(dist, dtype=np.float64)
    if d.ndim != 2 or d.shape[0] != n_x or d.shape[1] < 1:
        raise ValueError(
            f"{name} must be a matrix with one row per source letter ({n_x}); got shape {d.shape}"
        )
    if not np.all(np.isfinite(d)):
        raise ValueError(f"{name} must be finite")
    if np.any(d < 0):
        raise ValueError(f"{name} must be non-negative (min {d.min():.3g})")
    return d


def distortion_range(p: ArrayLike, dist: ArrayLike) -> tuple[float, float]:
    """Return ``(D_min, D_max)``: the smallest achievable distortion and the smallest with ``R = 0``.

    ``D_min = sum_x p(x) min_xhat d(x, xhat)`` and ``D_max = min_xhat sum_x p(x) d(x, xhat)``.

    Examples
    --------
    >>> distortion_range([0.5, 0.3, 0.2], hamming_distortion(3))
    (0.0, 0.5)
    """
    px = as_pmf(p, name="p", ndim=1)
    d = _as_distortion(dist, px.size)
    return float(px @ d.min(axis=1)), float((px @ d).min())


def _ba_run(px, d, beta, q, *, tol_nats, max_iter):
    """Iterate BA on the output pmf ``q`` at slope ``beta`` until the certified gap < ``tol_nats``.

    The BA map ``q -> q c(q)`` is an EM step for the mixture weights ``q`` of the convex
    objective ``F(q) = -sum_x p(x) ln sum_xhat q(xhat) K(x, xhat)``; it is accelerated by
    SQUAREM extrapolation (Varadhan & Roland 2008) with a monotonicity safeguard on ``F``.
    Weights below ``1e-250`` are set to 0 (avoids denormals) and revived when the dual
    certificate shows they are needed (``c(xhat) > 1``).
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
    if k.size > 250_000:

        def mv(a: NDArray, v: NDArray) -> NDArray:
            return np.einsum("ij,j->i", a, v)
    else:
        mv = np.dot

    def step(qq):
        z = mv(k, qq)
        c = mv(kt, px / z)
        return z, c

    it = 0
    q = q.copy()
    z, c = step(q)
    f0 = -float(px @ np.log(z))
    while True:
        cmax = float(c.max())
        gap = math.log(cmax)
        if gap <= tol_nats or it >= max_iter:
            break
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


def _mutual_information_nats(px: NDArray[np.float64], w: NDArray[np.float64]) -> float:
    q = px @ w
    joint = px[:, None] * w
    mask = joint > 0
    ratio = w[mask] / np.broadcast_to(q[None, :], w.shape)[mask]
    return float(np.sum(joint[mask] * np.log(ratio)))


def _channel(k_row_shifted: NDArray[np.float64], q: NDArray[np.float64]) -> NDArray[np.float64]:
    w = k_row_shifted * q[None, :]
    return w / w.sum(axis=1, keepdims=True)


def _prepare(
    p: ArrayLike, dist: ArrayLike, normalize: bool
) -> tuple[NDArray, NDArray, NDArray, NDArray]:
    px_full = as_pmf(p, name="p", ndim=1, normalize=normalize)
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
    base: float = 2,
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

    Examples
    --------
    A uniform binary source with Hamming distortion: ``R(D) = 1 - h(D)`` with
    ``beta = ln((1 - D) / D)``; at ``beta = ln 3``, ``D = 1/4``.

    >>> import math
    >>> pt = blahut_arimoto([0.5, 0.5], hamming_distortion(2), math.log(3))
    >>> round(pt.distortion, 12), round(pt.rate, 9), pt.gap < 1e-10
    (0.25, 0.188721876, True)
    """
    px_full, d_full, px, d = _prepare(p, dist, normalize)
    beta = float(beta)
    if not math.isfinite(beta) or beta < 0:
        raise ValueError(f"beta must be a finite number >= 0; got {beta}")
    if not tol > 0:
        raise ValueError(f"tol must be > 0; got {tol}")
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
    rate = _mutual_information_nats(px, w) / lb
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
    base: float = 2,
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
    q0 : array_like, optional
        Starting output pmf (default uniform), e.g. the output pmf at a nearby distortion; it
        is mixed with 1e-3 of the uniform pmf so that no letter starts at 0.
    max_iter : int
        Cap on the Blahut–Arimoto iterations summed over all slopes. Where ``R`` has a linear
        piece (``D(beta)`` jumps), the slopes at the jump are degenerate and converge slowly;
        the cap then ends the search and :attr:`RateDistortionPoint.gap` reports the
        certified accuracy reached.

    Raises
    ------
    ValueError
        If ``D < D_min`` (no channel achieves it) or the inputs are invalid.

    Examples
    --------
    Binary source ``p = (0.2, 0.8)`` with Hamming distortion: ``R(D) = h(0.2) - h(D)``.

    >>> pt = rate_distortion_at([0.2, 0.8], hamming_distortion(2), 0.1)
    >>> round(pt.rate, 9), round(pt.distortion, 12)
    (0.252932501, 0.1)
    """
    px_full, d_full, px, d = _prepare(p, dist, normalize)
    D = float(D)
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
                return _point_from(
                    px_full, d_full, px, d, lo[0], lo[1], lo[2], total_it, lb, base_f
                )
    fl_scale = fh_scale = 1.0  # Illinois weights of the retained ends
    last = 0  # which end the previous step replaced: -1 lo, +1 hi
    for _ in range(500):
        w_lo, w_hi = channel_of(lo), channel_of(hi)
        d_lo_e, d_hi_e = lo[2]["distortion"], hi[2]["distortion"]
        theta = 1.0 if d_lo_e <= d_hi_e else min(max((D - d_hi_e) / (d_lo_e - d_hi_e), 0.0), 1.0)
        w = theta * w_lo + (1 - theta) * w_hi
        upper = _mutual_information_nats(px, w)
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
    return RateDistortionPoint(
        rate=rate,
        distortion=float(px @ np.einsum("ij,ij->i", w, d)),
        lower_bound=min(lower / lb, rate),
        beta=beta_est,
        channel=w_full,
        output_pmf=px_full @ w_full,
        iterations=total_it,
        base=base_f,
    )


def rate_distortion_curve(
    p: ArrayLike,
    dist: ArrayLike,
    D_grid: ArrayLike | None = None,
    *,
    n: int = 50,
    tol: float = 1e-9,
    max_iter: int = 20_000,
    base: float = 2,
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

    Returns
    -------
    pandas.DataFrame
        Columns ``D``, ``R``, ``R_lower`` (certified lower bound), ``beta`` (nats), ``iterations``.

    Examples
    --------
    >>> df = rate_distortion_curve([0.5, 0.5], hamming_distortion(2), [0.0, 0.11, 0.5])
    >>> df["R"].round(6).tolist()
    [1.0, 0.500084, 0.0]
    """
    px = as_pmf(p, name="p", ndim=1, normalize=normalize)
    if D_grid is None:
        d_min, d_max = distortion_range(px, dist)
        grid = np.linspace(d_min, d_max, int(n))
    else:
        grid = np.asarray(D_grid, dtype=np.float64).ravel()
    rows = []
    for D in grid:
        pt = rate_distortion_at(px, dist, float(D), tol=tol, max_iter=max_iter, base=base)
        rows.append((float(D), pt.rate, pt.lower_bound, pt.beta, pt.iterations))
    return pd.DataFrame(rows, columns=["D", "R", "R_lower", "beta", "iterations"])


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


def _as_source(
    p_src: ArrayLike, *, normalize: bool = False, ndim: int = 2, name: str = "p_src"
) -> NDArray[np.float64]:
    return as_pmf(p_src, name=name, ndim=ndim, normalize=normalize)


def _base_value(base: float | str) -> float:
    return math.exp(log_base(base))


def _encoder_joint(
    p_src: NDArray, channel: ArrayLike, markov: bool, *, name: str = "channel"
) -> NDArray:
    """Joint pmf ``[x_r, x_h, xhat]`` of the source and an encoder."""
    w = np.asarray(channel, dtype=np.float64)
    n_r, n_h = p_src.shape
    if markov:
        if w.ndim != 2 or w.shape[0] != n_r:
            raise ValueError(
                f"{name} must have shape (n_r={n_r}, n_xhat) for a Markov encoder; got {w.shape}"
            )
        from nsp.channels import validate_channel

        w = validate_channel(w, name=name)
        return p_src[:, :, None] * w[:, None, :]
    if w.ndim != 3 or w.shape[:2] != (n_r, n_h):
        raise ValueError(
            f"{name} must have shape (n_r={n_r}, n_h={n_h}, n_xhat) for a general encoder; got {w.shape}"
        )
    from nsp.channels import validate_channel

    validate_channel(w.reshape(n_r * n_h, -1), name=name)
    return p_src[:, :, None] * w


def rde_point(
    p_src: ArrayLike,
    channel: ArrayLike,
    dist: ArrayLike,
    *,
    markov: bool = True,
    base: float | str = 2,
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

    Returns
    -------
    RDEPoint
        ``R = I(X_r X_h; Xhat)``, ``D = E d``, ``E = H(X_h | Xhat)``, ``L = I(X_h; Xhat)``.

    Examples
    --------
    Example 1 with the reverse water-filling channel at ``D = 0.25`` (normalized pmf): the
    equivocation is Γ(0.25) = 1.374967 bits.

    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> sol = reverse_waterfill(p, 0.25)
    >>> pt = rde_point(np.diag(p), sol.forward, hamming_distortion(8))
    >>> round(pt.distortion, 9), round(pt.equivocation, 6), round(pt.rate, 6)
    (0.25, 1.374967, 0.815336)
    """
    from nsp.info import conditional_entropy, entropy, mutual_information

    src = _as_source(p_src, normalize=normalize)
    joint = _encoder_joint(src, channel, markov)
    d = _as_distortion(dist, src.shape[0])
    if d.shape[1] != joint.shape[2]:
        raise ValueError(
            f"dist must have one column per output letter ({joint.shape[2]}); got {d.shape[1]}"
        )
    rate = mutual_information(joint, (0, 1), 2, base=base)
    dd = float(np.einsum("rhk,rk->", joint, d))
    eq = conditional_entropy(joint, 1, 2, base=base)
    hh = entropy(src.sum(axis=0), base=base)
    return RDEPoint(rate, dd, eq, max(hh - eq, 0.0), _base_value(base))


# --- the convex solver behind Γ(D) and R(D, E) ------------------------------------------


@dataclass(frozen=True)
class _Problem:
    """Encoder inputs ``u`` (rows of W) with mass ``pu``, hidden letters ``h`` with the joint
    ``puh[u, h]``, the distortion ``d[u, xhat]`` and the block (side-information value) of
    every input, ``blocks[u]`` (all 0 without side information).
    """

    pu: NDArray[np.float64]
    puh: NDArray[np.float64]
    d: NDArray[np.float64]
    block_rows: tuple[NDArray[np.intp], ...]  # the rows of each block


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
    return _Problem(pu[keep], puh[keep], du[keep], rows)


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
    grad = np.zeros_like(w)
    i_h = i_u = 0.0
    for idx in pr.block_rows:  # one block per value of the side information (one without)
        puh_z, w_z = puh[idx], w[idx]
        m = puh_z.T @ w_z  # p(z, h, xhat)
        pzh = puh_z.sum(axis=0)
        qz = m.sum(axis=0)  # p(z, xhat)
        pz = float(pzh.sum())
        # ln p(xhat | h, z) / p(xhat | z) = ln m p(z) / (p(z, h) q(z, xhat))
        lr_h = _xlogy_ratio(m * pz, pzh[:, None] * qz[None, :])
        i_h += float(np.sum(m * lr_h))
        if b:
            grad[idx] = b * ((puh_z / pu[idx][:, None]) @ lr_h)
        if a:
            lr_u = _xlogy_ratio(w_z, (qz / pz)[None, :])
            i_u += float(np.sum(pu[idx][:, None] * w_z * lr_u))
            grad[idx] += a * lr_u
    return a * i_u + b * i_h, i_u, i_h, grad


def _tilt(
    logv: NDArray, d: NDArray, pu: NDArray, D: float, nu0: float
) -> tuple[NDArray, NDArray, float]:
    """KL projection of the rows ``exp(logv)`` onto ``{sum_u p(u) sum_k W[u,k] d[u,k] <= D}``.

    Returns ``(W, log W, nu)`` with ``W = exp(logv - nu d) / Z`` for the smallest ``nu >= 0``
    whose distortion is at most ``D`` (safeguarded Newton steps on the monotone distortion
    curve, computed in the log domain so that large ``nu`` cannot overflow).
    """

    def at(nu: float) -> tuple[NDArray, NDArray, float, float]:
        lt = logv - nu * d
        lt = lt - lt.max(axis=1, keepdims=True)
        with np.errstate(under="ignore"):
            t = np.exp(lt)
        z = t.sum(axis=1, keepdims=True)
        t /= z
        lt -= np.log(z)
        td = t * d
        mean = td.sum(axis=1)
        var = (td * d).sum(axis=1) - mean**2
        return t, lt, float(pu @ mean), float(pu @ np.maximum(var, 0.0))

    w, lw, dn, var = at(0.0)
    if dn <= D:
        return w, lw, 0.0
    lo, hi = 0.0, math.inf
    nu = max(nu0, 1e-3)
    for _ in range(300):
        w, lw, dn, var = at(nu)
        if abs(dn - D) <= 1e-14 * max(1.0, D):
            break
        if dn > D:
            lo = nu
        else:
            hi = nu
        if math.isfinite(hi) and hi - lo <= 1e-15 * hi:
            break
        step = nu + (dn - D) / var if var > 0 else math.nan
        if math.isfinite(step) and lo < step < hi:
            nu = step
        elif math.isfinite(hi):
            nu = 0.5 * (lo + hi)
        else:
            nu = 2.0 * nu + 1.0
    if dn > D + 1e-13 * max(1.0, D) and math.isfinite(hi):  # land on the feasible side
        w, lw, dn, _ = at(hi)
        nu = hi
    return w, lw, nu


def _lp_lower(pr: _Problem, g: NDArray, D: float, nu_hint: float) -> float:
    """``min_{W feasible} <p_u g, W>`` by its dual ``max_nu phi(nu)``.

    ``phi(nu) = sum_u p(u) min_k (g + nu d)[u, k] - nu D`` is concave and piecewise linear;
    its maximum is found by bisection on the sign of its slope
    ``sum_u p(u) d[u, k*(nu)] - D`` (any ``nu >= 0`` gives a valid bound).
    """
    pu, d = pr.pu, pr.d
    rows = np.arange(d.shape[0])

    def phi_slope(nu: float) -> tuple[float, float]:
        t = g + nu * d
        k = t.argmin(axis=1)
        return float(pu @ t[rows, k]) - nu * D, float(pu @ d[rows, k]) - D

    best, slope = phi_slope(0.0)
    if slope <= 0:  # phi decreases from nu = 0
        return best
    lo, hi = 0.0, max(2.0 * nu_hint, 1.0)
    while True:
        v, sl = phi_slope(hi)
        best = max(best, v)
        if sl < 0 or hi > 1e12:
            break
        lo, hi = hi, 2.0 * hi
    for _ in range(50):
        mid = 0.5 * (lo + hi)
        v, sl = phi_slope(mid)
        best = max(best, v)
        if sl > 0:
            lo = mid
        else:
            hi = mid
    return best


@dataclass(frozen=True)
class _SolveResult:
    w: NDArray
    value: float
    lower: float
    i_u: float
    i_h: float
    nu: float
    iterations: int


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
    w, logw, nu = _tilt(logw, pr.d, pr.pu, D, 1.0)  # start feasible
    lsm = a + b
    eta = 1.0 / lsm
    value, i_u, i_h, g = _objective_and_gradient(pr, w, a, b)
    lower = -math.inf
    it = 0
    while it < max_iter:
        if it % check_every == 0 or it < 5:
            lower = max(
                lower, value + _lp_lower(pr, g, D, nu) - float(pr.pu @ (w * g).sum(axis=1)), 0.0
            )
            if value - lower <= tol:
                break
        w_new, logw_new, nu_new = _tilt(logw - eta * g, pr.d, pr.pu, D, nu * eta)
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
        Mirror-descent iterations.
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
    smallest distortion with zero leakage (Γ(D) = H(X_h)) is the value of an LP (HiGHS).
    Returns the value and the optimal encoder rows.
    """
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix, hstack, identity, kron, vstack

    n_u, n_k = pr.d.shape
    ph = pr.puh.sum(axis=0)
    keep_h = ph > 0
    a_cond = (pr.puh[:, keep_h] / ph[keep_h]).T  # p(u | h), [h, u]
    n_h = a_cond.shape[0]
    # row sums: kron(I_u, 1_k); independence: kron(A, I_k) W - kron(1_h, I_k) r = 0
    rows = hstack([kron(identity(n_u), np.ones((1, n_k))), coo_matrix((n_u, n_k))])
    indep = hstack(
        [kron(coo_matrix(a_cond), identity(n_k)), -kron(np.ones((n_h, 1)), identity(n_k))]
    )
    a_eq = vstack([rows, indep]).tocsr()
    b_eq = np.concatenate([np.ones(n_u), np.zeros(n_h * n_k)])
    c = np.concatenate([(pr.pu[:, None] * pr.d).ravel(), np.zeros(n_k)])
    res = linprog(c, A_eq=a_eq, b_eq=b_eq, bounds=(0, None), method="highs")
    if res.status != 0:  # pragma: no cover - the constant encoder is always feasible
        raise RuntimeError(f"perfect-privacy LP failed: {res.message}")
    w = np.clip(res.x[: n_u * n_k].reshape(n_u, n_k), 0, None)
    w /= w.sum(axis=1, keepdims=True)
    return float(np.sum(pr.pu[:, None] * pr.d * w)), w


def perfect_privacy_distortion(
    p_src: ArrayLike, dist: ArrayLike, *, markov: bool = True, normalize: bool = False
) -> float:
    """The smallest distortion at which nothing leaks: ``min E d`` s.t. ``Xhat`` independent of ``X_h``.

    For ``D`` at or above it, Γ(D) = H(X_h) (the U–P curve is flat); below it, Γ(D) < H(X_h).
    It is at most ``min_xhat E d(X_r, xhat)`` (a constant output) and can be much smaller.

    Examples
    --------
    Remark-4 instance: flipping ``A`` with probability 1/2 costs ``D = 1/2``.

    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> round(perfect_privacy_distortion(p_src, hamming_distortion(4)), 9)
    0.5
    """
    src = _as_source(p_src, normalize=normalize)
    d = _as_distortion(dist, src.shape[0])
    return _perfect_privacy_lp(_problem(src, d, markov))[0]


def max_equivocation(
    p_src: ArrayLike,
    dist: ArrayLike,
    D: float,
    *,
    markov: bool = True,
    tol: float = 1e-7,
    max_iter: int = 20_000,
    init: ArrayLike | None = None,
    base: float | str = 2,
    normalize: bool = False,
) -> EquivocationResult:
    """Return the maximal equivocation Γ(D) = max H(X_h | Xhat) s.t. E d(X_r, Xhat) <= D (eq. (10)).

    ``H(X_h | Xhat) = H(X_h) - I(X_h; Xhat)`` and ``I(X_h; Xhat)`` is convex in the encoder,
    so this is a convex program (spec A4). It is solved by mirror descent with an exact
    projection on the distortion constraint and stopped by a certified duality gap.

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
        Iteration cap (the certificate then tells how accurate the result is).
    init : array_like, optional
        A starting encoder of the shape of :attr:`EquivocationResult.channel` (default:
        uniform). Entries near 0 recover slowly, so an optimum at another ``D`` is usually a
        worse start than the uniform encoder.

    Raises
    ------
    ValueError
        If ``D < D_min`` or the inputs are invalid.

    Examples
    --------
    Remark-4 instance: ``X_r = (A, B)`` uniform on {0,1}², ``X_h = A``; Γ(D) = h(D) for
    ``D <= 1/2``.

    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> res = max_equivocation(p_src, hamming_distortion(4), 0.25)
    >>> round(res.gamma, 6), res.upper_bound - res.gamma < 1e-8
    (0.811278, True)
    """
    from nsp.info import entropy

    src = _as_source(p_src, normalize=normalize)
    d = _as_distortion(dist, src.shape[0])
    D = float(D)
    d_min = float(src.sum(axis=1) @ d.min(axis=1))
    if not math.isfinite(D) or D < d_min - 1e-12:
        raise ValueError(
            f"D must be >= D_min = {d_min:.12g} (the smallest achievable distortion); got {D}"
        )
    lb = log_base(base)
    hh = entropy(src.sum(axis=0), base=base)
    shape = (src.shape[0],) if markov else src.shape
    col = src.sum(axis=1) @ d
    if D >= col.min():  # a constant output reveals nothing: Γ = H(X_h)
        w = np.zeros((*shape, d.shape[1]))
        w[..., int(col.argmin())] = 1.0  # ties: the first best constant
        pt = rde_point(src, w, d, markov=markov, base=base)
        return EquivocationResult(pt.equivocation, hh, pt, w, 0)
    if (
        markov
        and init is None
        and src.shape[0] == src.shape[1]
        and not np.any(src - np.diag(np.diag(src)))
    ):
        # X_h = X_r (Example 1's setting): H(X | Xhat) = H(X) - I(X; Xhat), so Γ(D) = H(X) - R(D)
        # exactly, and certified Blahut–Arimoto solves it faster than the general solver.
        r = rate_distortion_at(
            np.diag(src), d, max(D, d_min), tol=tol, max_iter=max_iter, base=base
        )
        pt = rde_point(src, r.channel, d, base=base)
        return EquivocationResult(
            pt.equivocation,
            max(min(hh - r.lower_bound, hh), pt.equivocation),
            pt,
            r.channel,
            r.iterations,
        )
    pr = _problem(src, d, markov)
    p_u = src.sum(axis=1) if markov else src.ravel()
    d_u = d if markov else np.repeat(d, src.shape[1], axis=0)
    d_pp, w_pp = _perfect_privacy_lp(pr)
    if D >= d_pp:  # zero leakage is affordable: Γ = H(X_h) exactly
        w = _unflatten(w_pp, p_u, d_u, shape)
        pt = rde_point(src, w, d, markov=markov, base=base)
        return EquivocationResult(pt.equivocation, hh, pt, w, 0)
    w0 = None
    if init is not None:
        w0 = np.asarray(init, dtype=np.float64).reshape(-1, d.shape[1])
        if w0.shape[0] != p_u.size:
            raise ValueError(
                f"init must have the shape of the encoder {(*shape, d.shape[1])}; got {np.shape(init)}"
            )
        w0 = w0[p_u > 0]
    res = _solve(pr, max(D, d_min), 0.0, 1.0, tol=tol * lb, max_iter=max_iter, w0=w0)
    w = _unflatten(res.w, p_u, d_u, shape)
    pt = rde_point(src, w, d, markov=markov, base=base)
    upper = min(hh - res.lower / lb, hh)
    return EquivocationResult(pt.equivocation, max(upper, pt.equivocation), pt, w, res.iterations)


def min_rate(
    p_src: ArrayLike,
    dist: ArrayLike,
    D: float,
    *,
    tol: float = 1e-10,
    base: float | str = 2,
    normalize: bool = False,
) -> tuple[RDEPoint, NDArray[np.float64]]:
    """Return ``R(D)`` and ``E* = H(X_h | Xhat)`` of the minimal-rate encoder (eq. (9)).

    The rate-minimizing encoder needs only ``X_r`` (``I(X_r X_h; Xhat) >= I(X_r; Xhat)``), so
    this is Blahut–Arimoto on ``p(x_r)``; the returned channel is ``W[x_r, xhat]`` and its
    equivocation is ``E*`` (spec §9.11: the BA fixed point started from a uniform ``q``).

    Examples
    --------
    Remark-4 instance at ``D = 0.25``: ``R = 2 - h(D) - D log 3``, ``E* = h(2D/3)``.

    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> pt, w = min_rate(p_src, hamming_distortion(4), 0.25)
    >>> round(pt.rate, 6), round(pt.equivocation, 6)
    (0.792481, 0.650022)
    """
    src = _as_source(p_src, normalize=normalize)
    r = rate_distortion_at(src.sum(axis=1), dist, D, tol=tol, base=base)
    return rde_point(src, r.channel, dist, base=base), r.channel


def rate_given_equivocation(
    p_src: ArrayLike,
    dist: ArrayLike,
    D: float,
    E: float,
    *,
    markov: bool = True,
    tol: float = 1e-7,
    max_iter: int = 20_000,
    base: float | str = 2,
    normalize: bool = False,
) -> RDEPoint | None:
    """Return ``R(D, E) = min I(X_r X_h; Xhat)`` s.t. ``E d <= D`` and ``H(X_h|Xhat) >= E`` (Fig. 3a).

    A convex program (spec A5): the Lagrangian ``I(X; Xhat) + mu I(X_h; Xhat)`` is minimized
    at fixed ``D`` by the mirror-descent solver, and ``mu >= 0`` is found by bisection so that
    the equivocation is ``E``; the two bracketing encoders are time-shared (the constraint
    functions are convex, so the mixture stays feasible).

    Returns
    -------
    RDEPoint or None
        The point of a feasible encoder with rate within about ``tol`` of ``R(D, E)``;
        ``None`` when ``E > Γ(D)`` (infeasible). For ``E <= E*(D)`` this is ``R(D)``.

    Examples
    --------
    Remark-4 instance at ``D = 0.25``: at ``E = Γ(D) = h(D)`` the rate is ``2 - h(D) - D``.

    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> pt = rate_given_equivocation(p_src, hamming_distortion(4), 0.25, 0.811278 - 1e-7)
    >>> round(pt.rate, 4)
    0.9387
    """
    from nsp.info import entropy

    src = _as_source(p_src, normalize=normalize)
    d = _as_distortion(dist, src.shape[0])
    lb = log_base(base)
    hh = entropy(src.sum(axis=0), base=base)
    E = float(E)
    if E > hh + 1e-12:
        return None
    r0, w0 = min_rate(src, d, D, base=base)
    if r0.equivocation >= E:
        return r0
    pr = _problem(src, d, markov)
    target = (hh - E) * lb  # allowed I(X_h; Xhat) in nats
    shape = (src.shape[0],) if markov else src.shape
    p_u = src.sum(axis=1) if markov else src.ravel()
    d_u = d if markov else np.repeat(d, src.shape[1], axis=0)

    def solve(mu: float, w_start: NDArray | None) -> _SolveResult:
        return _solve(pr, float(D), 1.0, mu, tol=tol * lb / 10, max_iter=max_iter, w0=w_start)

    lo_mu, lo = 0.0, None  # lo: I_h too large (infeasible side)
    hi_mu, hi = 1.0, None
    w_start = None
    while True:
        res = solve(hi_mu, w_start)
        w_start = res.w
        if res.i_h <= target:
            hi = res
            break
        lo_mu, lo = hi_mu, res
        hi_mu *= 4.0
        if hi_mu > 1e5:
            # E is above Γ(D) (within the solver's accuracy)
            gam = max_equivocation(src, d, D, markov=markov, base=base)
            if E > gam.upper_bound:
                return None
            hi = _SolveResult(
                _problem_w(gam.channel, markov)[p_u > 0],
                0.0,
                0.0,
                0.0,
                (hh - gam.gamma) * lb,
                0.0,
                0,
            )
            break
    for _ in range(60):
        if lo is not None and hi_mu - lo_mu <= 1e-6 * hi_mu:
            break
        if hi.i_h >= target - tol * lb:
            break
        mid = 0.5 * (lo_mu + hi_mu)
        res = solve(mid, hi.w)
        if res.i_h <= target:
            hi_mu, hi = mid, res
        else:
            lo_mu, lo = mid, res
    w = hi.w
    if lo is not None and lo.i_h > target > hi.i_h:
        theta = (target - hi.i_h) / (lo.i_h - hi.i_h)
        w_mix = theta * lo.w + (1 - theta) * hi.w
        _, _, ih_mix, _ = _objective_and_gradient(pr, w_mix, 1.0, 1.0)
        if ih_mix <= target:
            w = w_mix
    w_full = _unflatten(w, p_u, d_u, shape)
    return rde_point(src, w_full, d, markov=markov, base=base)


def _problem_w(channel: NDArray, markov: bool) -> NDArray:
    return channel if markov else channel.reshape(-1, channel.shape[-1])


def utility_privacy_curve(
    p_src: ArrayLike,
    dist: ArrayLike,
    D_grid: ArrayLike,
    *,
    markov: bool = True,
    rate_at_gamma: bool = False,
    tol: float = 1e-7,
    base: float | str = 2,
    normalize: bool = False,
) -> pd.DataFrame:
    """Return the utility–privacy tradeoff (Thm 1) on a grid of distortions.

    Columns: ``D``; ``Gamma`` (Γ(D), eq. (10)) and ``Gamma_upper`` (its certified upper
    bound); ``leakage`` = H(X_h) − Γ; ``R_min`` = R(D) and ``E_star`` (eq. (9)); and, with
    ``rate_at_gamma=True``, ``R_at_Gamma`` = R(D, Γ(D)) (the extra precision maximal privacy
    needs, Remark 4; slower). The U–P region is ``{(D, E): 0 <= E <= Gamma}``.

    Examples
    --------
    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> df = utility_privacy_curve(p_src, hamming_distortion(4), [0.1, 0.5])
    >>> df[["Gamma", "E_star"]].round(6).values.tolist()
    [[0.468996, 0.353359], [1.0, 0.918296]]
    """
    src = _as_source(p_src, normalize=normalize)
    d = _as_distortion(dist, src.shape[0])
    rows = []
    if markov and src.shape[0] == src.shape[1] and not np.any(src - np.diag(np.diag(src))):
        # X_h = X_r: Γ = H - R(D) and the minimal-rate encoder is the Γ-optimal one (E* = Γ);
        # one certified Blahut–Arimoto per point.
        from nsp.info import entropy

        px = np.diag(src)
        hx = entropy(px, base=base)
        for D in np.asarray(D_grid, dtype=np.float64).ravel():
            r = rate_distortion_at(px, d, float(D), tol=tol, base=base)
            gam = max(hx - r.rate, 0.0)
            row = {
                "D": float(D),
                "Gamma": gam,
                "Gamma_upper": max(min(hx - r.lower_bound, hx), gam),
                "leakage": r.rate,
                "R_min": r.rate,
                "E_star": gam,
            }
            if rate_at_gamma:
                row["R_at_Gamma"] = r.rate
            rows.append(row)
        return pd.DataFrame(rows)
    for D in np.asarray(D_grid, dtype=np.float64).ravel():
        g = max_equivocation(src, d, float(D), markov=markov, tol=tol, base=base)
        r, _ = min_rate(src, d, float(D), base=base)
        row = {
            "D": float(D),
            "Gamma": g.gamma,
            "Gamma_upper": g.upper_bound,
            "leakage": g.point.leakage,
            "R_min": r.rate,
            "E_star": r.equivocation,
        }
        if rate_at_gamma:
            pt = rate_given_equivocation(
                src, d, float(D), g.gamma - 10 * tol, markov=markov, base=base
            )
            row["R_at_Gamma"] = math.nan if pt is None else pt.rate
        rows.append(row)
    return pd.DataFrame(rows)


# --- Example 1: categorical data, Hamming distortion (reverse water-filling) --------------


@dataclass(frozen=True)
class ReverseWaterfilling:
    """The closed-form optimum of Example 1 (eqs. (16)–(18); Pinkston's solution).

    Attributes
    ----------
    D : float
        The distortion (clipped to ``D_max = 1 - max p``).
    water_level : float
        λ, with ``D = S λ + sum_{p_k <= λ} p_k``.
    support : numpy.ndarray of bool
        Surviving letters ``{x: p(x) > λ}`` (the output alphabet).
    output_pmf : numpy.ndarray
        ``p(xhat) = (p - λ)^+ / sum (p - λ)^+`` (eq. (16)).
    backward : numpy.ndarray
        ``backward[x, xhat] = p(x | xhat)`` (eq. (17)); columns off the support are 0.
    forward : numpy.ndarray
        The sanitizer ``forward[x, xhat] = p(xhat | x)``.
    joint : numpy.ndarray
        ``p(x, xhat)``.
    gamma : float
        Γ(D) by eq. (18), in units of ``base``.
    rate : float
        ``R(D) = H(X) - Γ(D)``.
    """

    D: float
    water_level: float
    support: NDArray[np.bool_] = field(repr=False)
    output_pmf: NDArray[np.float64] = field(repr=False)
    backward: NDArray[np.float64] = field(repr=False)
    forward: NDArray[np.float64] = field(repr=False)
    joint: NDArray[np.float64] = field(repr=False)
    gamma: float = 0.0
    rate: float = 0.0

    @property
    def S(self) -> int:
        """``|support| - 1`` (the ``S`` of eq. (18))."""
        return int(self.support.sum()) - 1


def water_level(
    p: ArrayLike, D: float, *, normalize: bool = False
) -> tuple[float, NDArray[np.bool_]]:
    """Return the water level λ and the surviving letters of Example 1 at distortion ``D``.

    λ solves ``sum_x (p(x) - λ)^+ = 1 - D - λ`` (equivalently ``D = S λ + sum_{p_k <= λ} p_k``).
    Conventions (spec §9.9): for ``D >= D_max = 1 - max p`` the level is ``max p`` and the
    support is the set of most likely letters; a letter with ``p = λ`` is suppressed; when the
    maximum is unique and ``D = D_max``, λ is the second largest mass.

    Raises
    ------
    ValueError
        If ``p`` is not a pmf or ``D`` is negative.

    Examples
    --------
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> lam, supp = water_level(p, 0.25)
    >>> round(lam, 6), supp.sum()
    (0.0625, np.int64(4))
    """
    px = as_pmf(p, name="p", ndim=1, normalize=normalize)
    D = float(D)
    if not math.isfinite(D) or D < 0:
        raise ValueError(f"D must be a finite number >= 0; got {D}")
    pmax = float(px.max())
    if D >= 1.0 - pmax - 1e-15:
        if np.count_nonzero(px == pmax) > 1 or D > 1.0 - pmax:
            return pmax, px == pmax
    order = np.argsort(-px, kind="stable")
    ps = px[order]
    m = ps.size
    tails = np.concatenate([np.cumsum(ps[::-1])[::-1][1:], [0.0]])  # tails[k-1] = sum_{j>k} p(j)
    nxt = np.concatenate([ps[1:], [0.0]])
    for k in range(m, 1, -1):  # k = support size
        lam = (D - tails[k - 1]) / (k - 1)
        if nxt[k - 1] - 1e-15 <= lam < ps[k - 1]:
            return float(max(lam, 0.0)), px > max(lam, 0.0)
    # unique maximum at D = D_max: S = 0, any lam in [p(2), p(1)); return p(2)
    lam = float(ps[1]) if m > 1 else 0.0
    return lam, px > lam


def reverse_waterfill(
    p: ArrayLike, D: float, *, base: float | str = 2, normalize: bool = False
) -> ReverseWaterfilling:
    """Return the reverse water-filling solution of Example 1 (eqs. (16)–(18)).

    Parameters
    ----------
    p : array_like
        The pmf of the categorical attribute (public and private at once).
    D : float
        Hamming distortion ``Pr(X != Xhat)``, ``>= 0``; values above ``D_max = 1 - max p``
        give the zero-rate solution (Γ = H(X)).

    Examples
    --------
    The paper's Fig. 4 pmf, normalized (it sums to 0.8 as printed; spec §9.1):

    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> sol = reverse_waterfill(p, 0.1)
    >>> round(sol.water_level, 6), sol.S, round(sol.gamma, 6), round(sol.rate, 6)
    (0.021875, 4, 0.71692, 1.473383)
    >>> (sol.output_pmf[:5] * 281).round(6).tolist()
    [93.0, 93.0, 53.0, 33.0, 9.0]
    """
    from nsp.info import entropy

    px = as_pmf(p, name="p", ndim=1, normalize=normalize)
    lb = log_base(base)
    D_max = 1.0 - float(px.max())
    Dc = min(float(D), D_max)
    lam, supp = water_level(px, Dc)
    excess = np.where(supp, px - lam, 0.0)
    if excess.sum() > 0:
        q = excess / excess.sum()
    else:  # tie-limit at D_max: uniform on the most likely letters
        q = supp / supp.sum()
    m = px.size
    back = np.zeros((m, m))
    cols = np.flatnonzero(supp)
    if supp.sum() == 1 or excess.sum() == 0 or Dc >= D_max:
        # zero rate: Xhat independent of X
        back[:, cols] = px[:, None]
    else:
        back[:, cols] = np.where(supp[:, None], lam, px[:, None])
        back[cols, cols] = 1.0 - Dc
    joint = back * q[None, :]
    with np.errstate(invalid="ignore", divide="ignore"):
        fwd = np.where(px[:, None] > 0, joint / np.where(px > 0, px, 1.0)[:, None], 0.0)
    zero = px == 0
    if np.any(zero):
        fwd[zero] = q  # letters that never occur: draw from p(xhat)
    hx = entropy(px, base=base)
    if Dc >= D_max:
        gamma = hx
    else:
        S = int(supp.sum()) - 1
        off = px[~supp]
        off = off[off > 0]
        nats = (
            -(1 - Dc) * math.log(1 - Dc)
            - (S * lam * math.log(lam) if lam > 0 else 0.0)
            - float(np.sum(off * np.log(off)))
        )
        gamma = nats / lb + 0.0  # no negative zero
    return ReverseWaterfilling(
        Dc, float(lam), supp, q, back, fwd, joint, float(gamma), float(max(hx - gamma, 0.0))
    )


def gamma_hamming(
    p: ArrayLike, D: ArrayLike, *, base: float | str = 2, normalize: bool = False
) -> float | NDArray[np.float64]:
    """Γ(D) of Example 1 by eq. (18), vectorized over ``D`` (``H(X)`` beyond ``D_max``).

    Examples
    --------
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> gamma_hamming(p, [0.1, 0.25, 0.5]).round(6).tolist()
    [0.71692, 1.374967, 2.025586]
    """
    px = as_pmf(p, name="p", ndim=1, normalize=normalize)
    Ds = np.asarray(D, dtype=np.float64)
    out = np.array([reverse_waterfill(px, float(x), base=base).gamma for x in Ds.ravel()])
    return float(out[0]) if Ds.ndim == 0 else out.reshape(Ds.shape)


def gamma_hamming_curve(
    p: ArrayLike, D_grid: ArrayLike, *, base: float | str = 2, normalize: bool = False
) -> pd.DataFrame:
    """Example 1 on a grid: columns ``D, water_level, support_size, Gamma, R, H_out``.

    Examples
    --------
    >>> p = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
    >>> gamma_hamming_curve(p, [0.0, 0.6875])[["support_size", "Gamma"]].round(6).values.tolist()
    [[8.0, 0.0], [2.0, 2.190303]]
    """
    from nsp.info import entropy

    px = as_pmf(p, name="p", ndim=1, normalize=normalize)
    rows = []
    for D in np.asarray(D_grid, dtype=np.float64).ravel():
        s = reverse_waterfill(px, float(D), base=base)
        rows.append(
            (
                float(D),
                s.water_level,
                int(s.support.sum()),
                s.gamma,
                s.rate,
                entropy(s.output_pmf, base=base),
            )
        )
    return pd.DataFrame(rows, columns=["D", "water_level", "support_size", "Gamma", "R", "H_out"])


def sanitize_categorical(
    x: ArrayLike,
    p: ArrayLike,
    D: float,
    *,
    seed: int | np.random.Generator | None = 0,
    normalize: bool = False,
) -> NDArray[np.int64]:
    """Sanitize a column of categorical codes through the optimal Example-1 channel.

    Each entry ``x_i`` (an integer code in ``0..len(p)-1``) is replaced by a draw from the
    forward channel ``p(xhat | x_i)`` of :func:`reverse_waterfill`: a suppressed letter
    (``p(x) <= λ``) becomes an independent draw from ``p(xhat)``; a surviving one is kept with
    probability ``p(xhat=x)(1-D)/p(x)``. The empirical ``Pr(X != Xhat)`` tends to ``D`` and the
    plug-in ``H(X | Xhat)`` to Γ(D).

    Parameters
    ----------
    x : array_like of int
        The column (codes).
    p : array_like
        The pmf assumed by the sanitizer (the source model, known to all).
    D : float
        Target Hamming distortion.
    seed : int or numpy.random.Generator, optional
        Randomness of the channel (default 0: deterministic).

    Examples
    --------
    >>> p = np.array([0.5, 0.3, 0.2])
    >>> x = np.random.default_rng(1).choice(3, size=20000, p=p)
    >>> y = sanitize_categorical(x, p, 0.2, seed=2)
    >>> round(float(np.mean(x != y)), 2)
    0.2
    """
    codes = np.asarray(x)
    px = as_pmf(p, name="p", ndim=1, normalize=normalize)
    if codes.size and (
        not np.issubdtype(codes.dtype, np.integer) or codes.min() < 0 or codes.max() >= px.size
    ):
        raise ValueError(f"x must hold integer codes in 0..{px.size - 1}")
    sol = reverse_waterfill(px, D)
    rng = np.random.default_rng(seed)
    cdf = np.cumsum(sol.forward, axis=1)
    cdf[:, -1] = 1.0
    u = rng.random(codes.shape)
    flat = codes.ravel()
    out = (u.ravel()[:, None] > cdf[flat]).sum(axis=1)
    return out.reshape(codes.shape).astype(np.int64)


# --- side information (Theorems 2 and 3) ------------------------------------------------


def _as_source_z(p_src_z: ArrayLike, normalize: bool) -> NDArray[np.float64]:
    return _as_source(p_src_z, normalize=normalize, ndim=3, name="p_src_z")


def _u_joint(p: NDArray, channel_u: ArrayLike, markov: bool) -> NDArray:
    """Joint ``[x_r, x_h, z, u]`` with ``U - X - Z`` (the encoder does not see Z)."""
    from nsp.channels import validate_channel

    n_r, n_h, _ = p.shape
    w = np.asarray(channel_u, dtype=np.float64)
    if markov:
        if w.ndim != 2 or w.shape[0] != n_r:
            raise ValueError(
                f"channel_u must have shape (n_r={n_r}, n_u) for a Markov encoder; got {w.shape}"
            )
        w = validate_channel(w, name="channel_u")
        return p[:, :, :, None] * w[:, None, None, :]
    if w.ndim != 3 or w.shape[:2] != (n_r, n_h):
        raise ValueError(f"channel_u must have shape (n_r={n_r}, n_h={n_h}, n_u); got {w.shape}")
    validate_channel(w.reshape(n_r * n_h, -1), name="channel_u")
    return p[:, :, :, None] * w[:, :, None, :]


def bayes_decoder(
    p_src_z: ArrayLike, channel_u: ArrayLike, dist: ArrayLike, *, markov: bool = True
) -> NDArray[np.int64]:
    """The Bayes reconstruction ``f*(u, z) = argmin_xhat sum_{x_r} p(x_r, u, z) d(x_r, xhat)``.

    Ties go to the smallest ``xhat``; pairs ``(u, z)`` of probability 0 map to the letter that
    is best on average.

    Examples
    --------
    >>> p = np.zeros((2, 1, 2)); p[0, 0] = [0.4, 0.1]; p[1, 0] = [0.1, 0.4]
    >>> bayes_decoder(p, np.eye(2), hamming_distortion(2)).tolist()
    [[0, 0], [1, 1]]
    """
    p = _as_source_z(p_src_z, False)
    joint = _u_joint(p, channel_u, markov)
    d = _as_distortion(dist, p.shape[0])
    p_ruz = joint.sum(axis=1)  # [x_r, z, u]
    cost = np.einsum("rzu,rk->uzk", p_ruz, d)
    f = cost.argmin(axis=2)
    empty = p_ruz.sum(axis=0).T == 0  # [u, z]
    if np.any(empty):
        f[empty] = int((p.sum(axis=(1, 2)) @ d).argmin())
    return f.astype(np.int64)


def si_statistical_point(
    p_src_z: ArrayLike,
    channel_u: ArrayLike,
    decoder: ArrayLike | None,
    dist: ArrayLike,
    *,
    markov: bool = True,
    base: float | str = 2,
    normalize: bool = False,
) -> RDEPoint:
    """(R, D, E, L) of a statistically informed encoder (Theorem 2, eq. (11)).

    The user holds ``Z``; the encoder maps ``X`` to ``U`` (``U - X - Z``) and the user
    reconstructs ``Xhat = f(U, Z)``. ``R = I(X_r X_h; U | Z)`` (the binned rate),
    ``E = H(X_h | U, Z)``, ``L = I(X_h; U, Z)``, ``D = E d(X_r, f(U, Z))``.

    Parameters
    ----------
    p_src_z : array_like, shape (n_r, n_h, n_z)
        Joint pmf of public, private attributes and the side information.
    channel_u : array_like
        ``p(u | x_r)`` (Markov) or ``p(u | x_r, x_h)``.
    decoder : array_like of int, shape (n_u, n_z), or None
        ``f(u, z)``; ``None`` uses :func:`bayes_decoder`.

    Examples
    --------
    With a constant ``Z`` and ``U = Xhat`` this is Prop. 2 (Remark 7):

    >>> p = np.array([[0.3, 0.2], [0.1, 0.4]])
    >>> w = np.array([[0.9, 0.1], [0.2, 0.8]])
    >>> a = si_statistical_point(p[:, :, None], w, np.array([[0], [1]]), hamming_distortion(2))
    >>> b = rde_point(p, w, hamming_distortion(2))
    >>> np.allclose([a.rate, a.distortion, a.equivocation], [b.rate, b.distortion, b.equivocation])
    True
    """
    from nsp.info import conditional_entropy, conditional_mutual_information, entropy

    p = _as_source_z(p_src_z, normalize)
    joint = _u_joint(p, channel_u, markov)
    d = _as_distortion(dist, p.shape[0])
    f = bayes_decoder(p, channel_u, d, markov=markov) if decoder is None else np.asarray(decoder)
    n_u, n_z = joint.shape[3], joint.shape[2]
    if (
        f.shape != (n_u, n_z)
        or not np.issubdtype(f.dtype, np.integer)
        or f.min() < 0
        or f.max() >= d.shape[1]
    ):
        raise ValueError(
            f"decoder must be an integer array of shape (n_u={n_u}, n_z={n_z}) with values in 0..{d.shape[1] - 1}"
        )
    p_ruz = joint.sum(axis=1)
    dd = float(np.sum(p_ruz * d[:, f.T]))  # d[x_r, f(u, z)] indexed [r, z, u]
    rate = conditional_mutual_information(joint, (0, 1), 3, 2, base=base)
    eq = conditional_entropy(joint, 1, (2, 3), base=base)
    hh = entropy(p.sum(axis=(0, 2)), base=base)
    return RDEPoint(rate, dd, eq, max(hh - eq, 0.0), _base_value(base))


def si_informed_point(
    p_src_z: ArrayLike,
    channel: ArrayLike,
    dist: ArrayLike,
    *,
    markov: bool = True,
    base: float | str = 2,
    normalize: bool = False,
) -> RDEPoint:
    """(R, D, E, L) of an informed encoder (Theorem 3, eq. (12)): the encoder also sees ``Z``.

    ``channel`` is ``p(xhat | x_r, z)`` with shape ``(n_r, n_z, n_xhat)`` (Markov) or
    ``p(xhat | x_r, x_h, z)`` with shape ``(n_r, n_h, n_z, n_xhat)``.
    ``R = I(X_r X_h; Xhat | Z)``, ``E = H(X_h | Xhat, Z)``, ``L = I(X_h; Xhat, Z)``.

    Examples
    --------
    >>> p = np.array([[0.3, 0.2], [0.1, 0.4]])[:, :, None]
    >>> w = np.array([[0.9, 0.1], [0.2, 0.8]])[:, None, :]
    >>> round(si_informed_point(p, w, hamming_distortion(2)).distortion, 6)
    0.15
    """
    from nsp.channels import validate_channel
    from nsp.info import conditional_entropy, conditional_mutual_information, entropy

    p = _as_source_z(p_src_z, normalize)
    n_r, n_h, n_z = p.shape
    w = np.asarray(channel, dtype=np.float64)
    if markov:
        if w.ndim != 3 or w.shape[:2] != (n_r, n_z):
            raise ValueError(
                f"channel must have shape (n_r={n_r}, n_z={n_z}, n_xhat) for a Markov encoder; got {w.shape}"
            )
        validate_channel(w.reshape(n_r * n_z, -1), name="channel")
        joint = p[:, :, :, None] * w[:, None, :, :]
    else:
        if w.ndim != 4 or w.shape[:3] != (n_r, n_h, n_z):
            raise ValueError(
                f"channel must have shape (n_r={n_r}, n_h={n_h}, n_z={n_z}, n_xhat); got {w.shape}"
            )
        validate_channel(w.reshape(n_r * n_h * n_z, -1), name="channel")
        joint = p[:, :, :, None] * w
    d = _as_distortion(dist, n_r)
    if d.shape[1] != joint.shape[3]:
        raise ValueError(
            f"dist must have one column per output letter ({joint.shape[3]}); got {d.shape[1]}"
        )
    dd = float(np.einsum("rhzk,rk->", joint, d))
    rate = conditional_mutual_information(joint, (0, 1), 3, 2, base=base)
    eq = conditional_entropy(joint, 1, (2, 3), base=base)
    hh = entropy(p.sum(axis=(0, 2)), base=base)
    return RDEPoint(rate, dd, eq, max(hh - eq, 0.0), _base_value(base))


def binning_exponents(
    p_src_z: ArrayLike, channel_u: ArrayLike, *, markov: bool = True, base: float | str = 2
) -> dict[str, float]:
    """The quantize-and-bin exponents of App. A1: ``I(X;U)``, ``I(X;U|Z)`` and ``I(U;Z)``.

    With ``U - X - Z``: ``S = 2^{n I(X;U)}`` codewords in ``2^{n I(X;U|Z)}`` bins of
    ``T = 2^{n I(U;Z)}`` each, and ``I(X;U) = I(X;U|Z) + I(U;Z)`` (``S = R T``).

    Examples
    --------
    >>> p = np.full((2, 1, 2), 0.25); p[0, 0] = [0.4, 0.1]; p[1, 0] = [0.1, 0.4]
    >>> e = binning_exponents(p, [[0.9, 0.1], [0.1, 0.9]])
    >>> abs(e["I_XU"] - e["I_XU_given_Z"] - e["I_UZ"]) < 1e-12
    True
    """
    from nsp.info import conditional_mutual_information, mutual_information

    p = _as_source_z(p_src_z, False)
    joint = _u_joint(p, channel_u, markov)
    return {
        "I_XU": mutual_information(joint, (0, 1), 3, base=base),
        "I_XU_given_Z": conditional_mutual_information(joint, (0, 1), 3, 2, base=base),
        "I_UZ": mutual_information(joint, 2, 3, base=base),
    }


def max_equivocation_informed(
    p_src_z: ArrayLike,
    dist: ArrayLike,
    D: float,
    *,
    markov: bool = True,
    tol: float = 1e-9,
    max_iter: int = 20_000,
    base: float | str = 2,
    normalize: bool = False,
) -> EquivocationResult:
    """Γ_I(D) = max H(X_h | Xhat, Z) over informed encoders with ``E d <= D`` (Theorem 3).

    Convex (``I(X_h; Xhat | Z)`` is convex in the encoder for each ``z``), solved by the same
    certified mirror-descent solver as :func:`max_equivocation`, per value of ``Z``.
    The channel has shape ``(n_r, n_z, n_xhat)`` (Markov) or ``(n_r, n_h, n_z, n_xhat)``.

    Examples
    --------
    A constant ``Z`` gives Γ(D) of the uninformed problem:

    >>> p_src = np.zeros((4, 2)); p_src[[0, 1], 0] = 0.25; p_src[[2, 3], 1] = 0.25
    >>> r = max_equivocation_informed(p_src[:, :, None], hamming_distortion(4), 0.25)
    >>> round(r.gamma, 6)
    0.811278
    """
    from nsp.info import conditional_entropy

    p = _as_source_z(p_src_z, normalize)
    d = _as_distortion(dist, p.shape[0])
    D = float(D)
    d_min = float(p.sum(axis=(1, 2)) @ d.min(axis=1))
    if not math.isfinite(D) or D < d_min - 1e-12:
        raise ValueError(
            f"D must be >= D_min = {d_min:.12g} (the smallest achievable distortion); got {D}"
        )
    lb = log_base(base)
    n_r, n_h, n_z = p.shape
    pr = _problem(p.sum(axis=2), d, markov, p_z=p)
    res = _solve(pr, max(D, d_min), 0.0, 1.0, tol=tol * lb, max_iter=max_iter)
    shape = (n_r, n_z) if markov else (n_r, n_h, n_z)
    p_u = (p.sum(axis=1) if markov else p).ravel()
    d_u = np.repeat(d, n_z, axis=0) if markov else np.repeat(d, n_h * n_z, axis=0)
    w = _unflatten(res.w, p_u, d_u, shape)
    pt = si_informed_point(p, w, d, markov=markov, base=base)
    h_cond = conditional_entropy(p, 1, 2, base=base)  # H(X_h | Z)
    upper = max(min(h_cond - res.lower / lb, h_cond), pt.equivocation)
    return EquivocationResult(pt.equivocation, upper, pt, w, res.iterations)


# --- Example 2: Gaussian data ------------------------------------------------------------


def _gauss_check(
    D: ArrayLike, var_x: float, *, rho2: tuple[float, ...] = ()
) -> NDArray[np.float64]:
    if not (math.isfinite(var_x) and var_x > 0):
        raise ValueError(f"var_x must be a finite number > 0; got {var_x}")
    for r in rho2:
        if not 0.0 <= float(r) <= 1.0:
            raise ValueError(f"squared correlations must lie in [0, 1]; got {r}")
    Ds = np.asarray(D, dtype=np.float64)
    if np.any(Ds < 0) or not np.all(np.isfinite(Ds)):
        raise ValueError("D must be finite and >= 0")
    return Ds


def _out(x: NDArray, D: ArrayLike) -> float | NDArray:
    return float(x) if np.ndim(D) == 0 else x


def gaussian_rate(
    D: ArrayLike, *, var_x: float = 1.0, base: float | str = 2
) -> float | NDArray[np.float64]:
    """Case (i): ``R_U*(D) = 1/2 log(var_x / D)`` on ``(0, var_x]``, NaN beyond (Example 2).

    Examples
    --------
    >>> round(gaussian_rate(0.05), 6)
    2.160964
    """
    Ds = _gauss_check(D, var_x)
    with np.errstate(divide="ignore"):
        r = np.where(Ds <= var_x, 0.5 * np.log(var_x / Ds) / log_base(base), np.nan)
    return _out(r, D)


def gaussian_rate_side_info(
    D: ArrayLike, rho2_xz: float, *, var_x: float = 1.0, base: float | str = 2
) -> float | NDArray[np.float64]:
    """Cases (ii)–(iii): ``R_SI* = R_I* = R_WZ(D) = 1/2 log(var_x (1 - rho_xz^2) / D)``.

    Defined on ``(0, var_x (1 - rho_xz^2)]`` (the paper's domain misses the square), NaN beyond.

    Examples
    --------
    >>> round(gaussian_rate_side_info(0.1, 0.8), 6)
    0.5
    """
    Ds = _gauss_check(D, var_x, rho2=(rho2_xz,))
    v = var_x * (1.0 - rho2_xz)
    inside = Ds <= v * (1 + 1e-12)  # the endpoint counts despite rounding of 1 - rho^2
    with np.errstate(divide="ignore"):
        r = np.where(inside, np.maximum(0.5 * np.log(v / Ds), 0.0) / log_base(base), np.nan)
    return _out(r, D)


def gaussian_leakage(
    D: ArrayLike, rho2_xy: float, *, var_x: float = 1.0, base: float | str = 2
) -> float | NDArray[np.float64]:
    """Case (i): ``L_U*(D) = 1/2 log 1 / ((1 - rho^2) + rho^2 D / var_x)`` on ``[0, var_x]``.

    The same formula is ``L_SI* = L_I*`` of cases (ii)–(iii) on their shorter domain (see
    :func:`gaussian_leakage_side_info`).

    Examples
    --------
    >>> round(gaussian_leakage(0.1, 0.9), 6)
    1.197964
    """
    Ds = _gauss_check(D, var_x, rho2=(rho2_xy,))
    with np.errstate(divide="ignore"):
        val = -0.5 * np.log((1.0 - rho2_xy) + rho2_xy * Ds / var_x) / log_base(base)
    return _out(np.where(Ds <= var_x, val + 0.0, np.nan), D)


def gaussian_leakage_side_info(
    D: ArrayLike, rho2_xy: float, rho2_xz: float, *, var_x: float = 1.0, base: float | str = 2
) -> float | NDArray[np.float64]:
    """Cases (ii)–(iii): ``L_SI*(D) = L_I*(D) = L_U*(D)`` on ``[0, var_x (1 - rho_xz^2)]``, NaN beyond.

    At the largest distortion it ends at ``I(Y; Z) = 1/2 log 1/(1 - rho_xy^2 rho_xz^2) > 0``.

    Examples
    --------
    >>> round(gaussian_leakage_side_info(0.5, 0.5, 0.5), 6)
    0.207519
    """
    Ds = _gauss_check(D, var_x, rho2=(rho2_xy, rho2_xz))
    v = var_x * (1.0 - rho2_xz)
    val = np.asarray(gaussian_leakage(Ds, rho2_xy, var_x=var_x, base=base), dtype=np.float64)
    return _out(np.where(Ds <= v * (1 + 1e-12), val, np.nan), D)


def gaussian_test_channel_noise(D: float, *, var_x: float = 1.0, rho2_xz: float = 0.0) -> float:
    """Noise variance of the test channel ``U = X + N`` with ``var(X | U, Z) = D`` (spec A7).

    ``sigma_N^2 = D s / (s - D)`` with ``s = var_x (1 - rho_xz^2)`` (``rho2_xz = 0``: case (i)).

    Examples
    --------
    >>> gaussian_test_channel_noise(0.5)
    1.0
    """
    _gauss_check(D, var_x, rho2=(rho2_xz,))
    s = var_x * (1.0 - rho2_xz)
    if not 0 < D < s:
        raise ValueError(f"D must lie in (0, var_x (1 - rho_xz^2)) = (0, {s:g}); got {D}")
    return D * s / (s - D)


def gaussian_rdl_from_covariance(
    var_x: float,
    rho2_xy: float,
    rho2_xz: float,
    noise_var: float,
    *,
    sigma_y: float = 1.0,
    sigma_z: float = 1.0,
    side_info: bool = True,
    base: float | str = 2,
) -> RDEPoint:
    """Rate, distortion and leakage of ``U = X + N`` computed from the joint covariance.

    An independent check of the closed forms (spec A7): build the covariance of
    ``(X, Y, Z, U)`` with ``Y - X - Z`` (``rho_yz = rho_xy rho_xz``, positive correlations),
    and use ``I(A; B | C) = 1/2 log det S_{A|C} / det S_{A|BC}``. With ``side_info``:
    ``D = var(X | U, Z)``, ``R = I(X; U | Z)``, ``L = I(Y; U, Z)``; without:
    ``D = var(X | U)``, ``R = I(X; U)``, ``L = I(Y; U)``. The equivocation is NaN
    (differential entropies are not used for privacy here).

    Examples
    --------
    >>> pt = gaussian_rdl_from_covariance(1.0, 0.9, 0.5, gaussian_test_channel_noise(0.2, rho2_xz=0.5))
    >>> round(pt.distortion, 12), round(pt.rate, 6), round(pt.leakage, 6)
    (0.2, 0.660964, 0.918251)
    """
    sx = math.sqrt(var_x)
    rxy, rxz = math.sqrt(rho2_xy), math.sqrt(rho2_xz)
    S = np.array(
        [
            [var_x, rxy * sx * sigma_y, rxz * sx * sigma_z, var_x],
            [rxy * sx * sigma_y, sigma_y**2, rxy * rxz * sigma_y * sigma_z, rxy * sx * sigma_y],
            [rxz * sx * sigma_z, rxy * rxz * sigma_y * sigma_z, sigma_z**2, rxz * sx * sigma_z],
            [var_x, rxy * sx * sigma_y, rxz * sx * sigma_z, var_x + noise_var],
        ]
    )
    X, Y, Z, U = 0, 1, 2, 3

    def cond(a: list[int], c: list[int]) -> NDArray:
        if not c:
            return S[np.ix_(a, a)]
        return S[np.ix_(a, a)] - S[np.ix_(a, c)] @ np.linalg.solve(S[np.ix_(c, c)], S[np.ix_(c, a)])

    def mi(a: list[int], b: list[int], c: list[int]) -> float:
        return (
            0.5
            * math.log(np.linalg.det(cond(a, c)) / np.linalg.det(cond(a, b + c)))
            / log_base(base)
        )

    given = [U, Z] if side_info else [U]
    D = float(cond([X], given)[0, 0])
    rate = mi([X], [U], [Z] if side_info else [])
    leak = mi([Y], given, [])
    return RDEPoint(rate, D, math.nan, leak, _base_value(base))
