"""The arithmetic of the Shannon measures, on one pmf or on a stack of pmfs at once.

One kernel per measure, shared by :mod:`nsp.info` (one pmf, validated there first) and the
batched evaluation of :mod:`nsp.notions` (a stack of joints ``p[k, a, b]``, a sweep of
mechanisms or bootstrap replicates): a measure computed either way is the same arithmetic,
so the two agree to the last bit. Nothing here validates; every function returns nats.

Each kernel reduces the trailing axes of every slice of the stack with one vectorized pass
while a slice holds at most :data:`VECTOR_MAX` entries (numpy reduces each contiguous slice
with the same pairwise summation whatever the number of slices), and falls back to a blocked
pass per slice above, which keeps its temporaries in cache on very large pmfs.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray
from scipy import special

__all__: list[str] = []

#: A slice of at most this many entries is reduced in one vectorized pass.
VECTOR_MAX = 1 << 16
#: Size of the blocks in which a larger pmf takes its logarithms (fits in the L2 cache).
BLOCK = 1 << 13
#: Orders with ``|alpha - 1|`` at most this use the cancellation-free forms below
#: (``|eps x| <= 1490 / 8`` there, so ``expm1`` cannot overflow).
NEAR_ONE = 0.125


def _sum_xlogx(
    flat: NDArray[np.float64], buf: NDArray[np.float64], low: float | None = None
) -> float:
    """Return ``sum(x ln x)`` over the positive entries of a 1-D block (``0 ln 0 = 0``).

    ``buf`` is scratch space of at least ``flat.size`` floats, so that a block with no zero
    takes its logarithms without allocating; ``low`` is ``flat.min()`` if already known.
    """
    if (flat.min() if low is None else low) > 0:
        out = buf[: flat.size]
        np.log(flat, out=out)
        return float(flat @ out)
    nz = flat[flat > 0]
    return float(nz @ np.log(nz)) if nz.size else 0.0


def _blocked_entropy(flat: NDArray[np.float64]) -> float:
    """``-sum x ln x`` of a large 1-D array, in cache-sized blocks (no array-sized temporary)."""
    buf = np.empty(min(flat.size, BLOCK))
    total = 0.0
    for start in range(0, flat.size, BLOCK):
        total += _sum_xlogx(flat[start : start + BLOCK], buf)
    return -total


def entropy_stack(p: NDArray[np.float64], ndim: int = 1) -> NDArray[np.float64]:
    """Return ``-sum p ln p`` over the trailing ``ndim`` axes of every slice of ``p``.

    Examples
    --------
    >>> entropy_stack(np.array([[0.5, 0.5], [1.0, 0.0]])) / np.log(2)
    array([1., 0.])
    """
    lead = p.shape[: p.ndim - ndim]
    size = math.prod(p.shape[p.ndim - ndim :])
    rows = np.ascontiguousarray(p).reshape(-1, size)
    if size <= VECTOR_MAX:
        out = special.entr(rows).sum(axis=1)
    else:
        out = np.array([_blocked_entropy(row) for row in rows])
    return out.reshape(lead)


def entropy(p: NDArray[np.float64]) -> float:
    """Return ``-sum p ln p`` over all entries of one array (:func:`entropy_stack` of one)."""
    return float(entropy_stack(p.reshape(1, -1))[0])


def blocked_mutual_information(m: NDArray[np.float64]) -> tuple[float, float, float]:
    """``I`` in nats of a large 2-D pmf in one blocked pass, with its minimum and total.

    Each block of rows (about :data:`BLOCK` entries, so that it stays in cache) gives its row
    sums, its contribution to the column sums and to ``sum p ln p``, and its minimum; the
    caller checks the minimum (``>= 0``) and the total (``1``) it returns.
    """
    n, k = m.shape
    step = max(1, BLOCK // k)
    px = np.empty(n)
    py = np.zeros(k)
    buf = np.empty(step * k)
    xlogx = 0.0
    low = math.inf
    for r0 in range(0, n, step):
        chunk = m[r0 : r0 + step]
        px[r0 : r0 + chunk.shape[0]] = chunk.sum(axis=1)
        py += chunk.sum(axis=0)
        flat = chunk.reshape(-1)
        block_low = float(flat.min())
        if not block_low >= 0:  # a negative or NaN mass: not a pmf, nothing more to compute
            return math.nan, block_low, math.nan
        low = min(low, block_low)
        xlogx += _sum_xlogx(flat, buf, block_low)
    total = float(px.sum())
    return _blocked_entropy(px) + _blocked_entropy(py) + xlogx, low, total


def mutual_information_stack(p: NDArray[np.float64]) -> NDArray[np.float64]:
    """Return ``I(A; B) = H(A) + H(B) - H(A, B)`` of every joint ``p[..., a, b]``, clipped at 0.

    Examples
    --------
    >>> p = np.array([[0.45, 0.05], [0.05, 0.45]])
    >>> round(float(mutual_information_stack(p[None])[0] / np.log(2)), 6)  # 1 - h(0.1)
    0.531004
    """
    n_a, n_b = p.shape[-2:]
    if n_a * n_b <= VECTOR_MAX:
        value = entropy_stack(p.sum(axis=-1)) + entropy_stack(p.sum(axis=-2)) - entropy_stack(p, 2)
    else:
        rows = np.ascontiguousarray(p).reshape(-1, n_a, n_b)
        value = np.array([blocked_mutual_information(m)[0] for m in rows]).reshape(p.shape[:-2])
    return np.maximum(value, 0.0)


def maximal_leakage_stack(p: NDArray[np.float64]) -> NDArray[np.float64]:
    """Return ``ln sum_b max_{a: p(a) > 0} p(b | a)`` of every joint ``p[..., a, b]``, clipped.

    Rows of zero mass are all-zero: dividing them by 1 keeps them at 0, below every maximum.
    """
    pa = p.sum(axis=-1)
    cond = p / np.where(pa > 0, pa, 1.0)[..., None]
    return np.maximum(np.log(cond.max(axis=-2).sum(axis=-1)), 0.0)


def scaled_log_mean_exp(
    w: NDArray[np.float64], x: NDArray[np.float64], eps: float, deficit: float = 0.0
) -> float:
    """Return ``ln(sum_i w_i exp(eps x_i)) / eps`` for weights with ``sum w = 1 + deficit``.

    Every Rényi quantity of order ``alpha = 1 + eps`` is of this form, and so is a sum of
    powers ``p^alpha`` of a small order (``eps = alpha``, ``x = ln p``). The naive evaluation
    takes a logarithm of about 1 (absolute error ``u = 2**-53``) and divides it by ``eps``,
    an error of ``u / |eps|`` that reached 1e-4 at ``eps = 1e-12``. For ``|eps| <= 1/8``
    this function instead writes the sum as ``1 + v`` with
    ``v = deficit + sum_i w_i expm1(eps x_i)`` (the ``1`` never enters the arithmetic) and
    returns ``(v / eps) * (log1p(v) / v)`` (``= 0`` when ``v = 0``).

    Error bound (``n`` terms, ``z = max_i |eps x_i| <= 186``): each ``expm1(eps x_i)`` is
    within relative ``(2 + z) u`` of its exact value at the rounded inputs (the condition
    number of ``expm1`` at ``t`` is ``t e^t / expm1(t) <= 1 + |t|``), so ``v`` is within
    ``(n + 2 + z) u * sum_i w_i |expm1(eps x_i)|`` of its exact value; ``log1p(v) / v`` has
    relative condition number at most 1 on ``v >= -1/2`` and adds ``2 u``. No quantity is
    divided by a difference that vanishes at ``eps = 0``: the bound does not grow as
    ``alpha -> 1``, and an exactly degenerate input (all ``x_i = 0``, ``deficit = 0``) gives
    exactly 0. For ``v < -1/2`` (terms with ``eps x`` far below 0 hold more than half the
    weight: nearly disjoint supports) and for ``|eps| > 1/8`` the log-sum-exp
    ``ln sum_i e^{eps x_i + ln w_i}`` is used, scaled by its largest term (not by the
    largest ``eps x_i``, which a weight of 1e-300 may carry, at a cost of
    ``u max_i |eps x_i|`` in cancellation); there ``|ln(1 + v)| >= ln 2`` or
    ``1 / |eps| < 8``, so the error is a few ``u`` relative, or ``8 u`` absolute, per unit
    of the exponents of the terms that matter. Weights of 0 are dropped (their terms are 0);
    ``x_i = -inf`` with ``eps > 0`` is a term of value 0.
    """
    if abs(eps) <= NEAR_ONE:
        v = deficit + float(w @ np.expm1(eps * x))
        if v == 0.0:
            return 0.0
        if v >= -0.5:
            return (v / eps) * (math.log1p(v) / v)
    live = w > 0
    return float(special.logsumexp(eps * x[live] + np.log(w[live]))) / eps


def _log_mean_exp_near_one(
    w: NDArray[np.float64], x: NDArray[np.float64], eps: float
) -> NDArray[np.float64]:
    """:func:`scaled_log_mean_exp` along the last axis, for ``|eps| <= 1/8`` and no deficit.

    Entries of weight 0 must carry ``x = 0`` (they then add exactly 0 to ``v``); with
    ``eps > 0``, ``x = -inf`` is a term of value 0 (``expm1`` gives -1, a deficit).
    """
    v = (w * np.expm1(eps * x)).sum(axis=-1)
    safe = np.where(v == 0.0, 1.0, v)
    with np.errstate(divide="ignore", invalid="ignore"):  # v <= -1 is recomputed below
        out = np.where(v == 0.0, 0.0, (v / eps) * (np.log1p(safe) / safe))
    far = v < -0.5
    if np.any(far):
        a = np.where(w > 0, eps * x, -np.inf)
        out[far] = special.logsumexp(a[far], b=w[far], axis=-1) / eps
    return out


def _log_conditional(p: NDArray[np.float64], pa: NDArray[np.float64]) -> NDArray[np.float64]:
    """Return ``ln p(b | a)`` of every joint ``p[..., a, b]``, with ``ln 0 = -inf``.

    Rows of zero mass are all ``-inf`` (their zeros are divided by 1).
    """
    with np.errstate(divide="ignore"):
        return np.log(p / np.where(pa > 0, pa, 1.0)[..., None])


def _shifted_log_mean_exp(
    w: NDArray[np.float64], x: NDArray[np.float64], alpha: float, axis: int = -1
) -> NDArray[np.float64]:
    """Return ``ln(sum_i w_i exp(alpha x_i)) / alpha`` along ``axis``, for ``alpha > 0``.

    Evaluated as ``m + ln(sum_i w_i exp(alpha (x_i - m))) / alpha`` with ``m = max_i x_i``:
    every exponential is at most 1 and the term of ``m`` is ``w_m``, so the sum lies in
    ``[w_m, sum w]`` and neither overflows nor underflows at any order, and its share of the
    result vanishes as ``alpha -> inf``. ``x = -inf`` stands for a term of value 0 (a slice
    of such terms gives ``-inf``); a term of weight 0 must carry ``x = -inf``. ``w`` is
    broadcast against ``x``.
    """
    m = x.max(axis=axis, keepdims=True)
    e = x - np.where(m > -np.inf, m, 0.0)  # <= 0, or -inf
    with np.errstate(over="ignore", divide="ignore"):  # alpha * e may round to -inf
        e *= alpha
        np.exp(e, out=e)
        e *= w
        return np.squeeze(m + np.log(e.sum(axis=axis, keepdims=True)) / alpha, axis=axis)


def sibson_stack(p: NDArray[np.float64], alpha: float) -> NDArray[np.float64]:
    """Return Sibson's ``I_alpha(A; B)`` (nats) of every joint ``p[..., a, b]``, clipped at 0.

    ``I_alpha = alpha / (alpha - 1) ln sum_b (sum_a p(a) p(b|a)^alpha)^(1/alpha)`` for every
    finite ``alpha >= 0`` without 1 (the caller routes 1 and infinity to the mutual information
    and the maximal leakage). A slice with one live row or one live column gives exactly 0.
    Every power is taken in the log domain, where neither ``p(b|a)^alpha`` nor the
    ``1/alpha``-th power of the inner sum can underflow or overflow whatever the order:

    * ``alpha = 0``: the limit ``-ln max_b P_A({a: p(a, b) > 0})``.
    * ``0 < alpha <= 1/8``: ``alpha / (alpha - 1) ln sum_b e^{G_b}`` with
      ``G_b = ln(sum_a p(a) p(b|a)^alpha) / alpha`` in the cancellation-free form of
      :func:`scaled_log_mean_exp` (``G_b`` has a few ``u`` of relative error, where the
      naive logarithm of a sum near 1 divided by ``alpha`` lost ``u / alpha``).
    * ``|alpha - 1| > 1/8`` otherwise: the same with ``G_b`` from
      :func:`_shifted_log_mean_exp` (a log-sum-exp shifted by ``max_a ln p(b|a)``) and the
      sum over ``b`` as a log-sum-exp; ``G_b -> ln max_a p(b|a)``, so the value reaches the
      maximal leakage continuously as ``alpha -> inf``.
    * ``|alpha - 1| <= 1/8``: ``alpha L(p_b, G)`` with ``G_b = L(p(.|b), i(., b)) / alpha``,
      ``L(w, t) = ln(w . e^{eps t}) / eps`` and ``i(a, b) = ln p(a, b) / (p(a) p(b))``, each
      ``L`` in the cancellation-free form of :func:`scaled_log_mean_exp`, so that the value
      reaches the mutual information continuously as ``alpha -> 1``.

    Outside the last case ``|alpha / (alpha - 1)| <= 9`` and every sum is scaled by its
    largest term, so the absolute error is a few ``u`` per unit of the logarithms of the
    terms that matter: a few ulps of a value of order 1, from ``alpha = 1e-6`` to ``1e6``.

    Examples
    --------
    At ``alpha = 1e4``, ``p(b|a)^alpha`` is far below the smallest float; the values are
    close to the maximal leakage (bits):

    >>> p = np.array([[[0.02, 0.21, 0.22, 0.03], [0.08, 0.34, 0.03, 0.07]],
    ...               [[0.5, 0.0, 0.0, 0.0], [0.0, 0.5, 0.0, 0.0]]])
    >>> (sibson_stack(p, 1e4) / np.log(2)).round(6), (maximal_leakage_stack(p) / np.log(2)).round(6)
    (array([0.486038, 1.      ]), array([0.486087, 1.      ]))
    """
    pa = p.sum(axis=-1)
    if alpha == 0:
        covered = ((p > 0) * pa[..., None]).sum(axis=-2)
        return np.maximum(-np.log(covered.max(axis=-1)), 0.0)
    p = p / p.sum(axis=(-2, -1), keepdims=True)
    pa, pb = p.sum(axis=-1), p.sum(axis=-2)
    constant = (np.count_nonzero(pa, axis=-1) <= 1) | (np.count_nonzero(pb, axis=-1) <= 1)
    eps = alpha - 1.0
    if abs(eps) > NEAR_ONE:
        # g[..., b] = G_b, a reduction over a; rows of zero mass carry ln p(b|a) = -inf
        log_cond = _log_conditional(p, pa)
        if alpha <= NEAR_ONE:  # along a contiguous last axis, as the near-one form wants
            x = np.ascontiguousarray(np.swapaxes(log_cond, -1, -2))
            w = np.broadcast_to(pa[..., None, :], x.shape)
            g = _log_mean_exp_near_one(w, np.where(w > 0, x, 0.0), alpha)
        else:
            g = _shifted_log_mean_exp(pa[..., None], log_cond, alpha, axis=-2)
        value = alpha / eps * _shifted_log_mean_exp(np.ones(()), g, 1.0)
    else:
        on = p > 0
        safe_p = np.where(on, p, 1.0)
        safe_a = np.where(pa > 0, pa, 1.0)[..., :, None]
        safe_b = np.where(pb > 0, pb, 1.0)[..., None, :]
        density = np.where(on, np.log(safe_p) - np.log(safe_a) - np.log(safe_b), 0.0)
        post = np.where(on, p / safe_b, 0.0)  # p(a | b), 0 off the support
        # Reduce over a along a contiguous last axis, as for every other slice reduction.
        post_t = np.ascontiguousarray(np.swapaxes(post, -1, -2))
        density_t = np.ascontiguousarray(np.swapaxes(density, -1, -2))
        g = _log_mean_exp_near_one(post_t, density_t, eps)
        g = np.where(pb > 0, g / alpha, 0.0)
        value = alpha * _log_mean_exp_near_one(pb, g, eps)
    return np.where(constant, 0.0, np.maximum(value, 0.0))


# The information of an input pmf through a channel W[x, y] (rows are inputs), and the
# divergences behind it: shared by nsp.channels (capacity and its certificates) and the
# rate-distortion solvers of nsp.ratedistortion.


def row_neg_entropies(W: NDArray[np.float64]) -> NDArray[np.float64]:
    """``sum_y W[x, y] ln W[x, y]`` for every row (nats, 0 ln 0 = 0)."""
    return special.xlogy(W, W).sum(axis=1)


def row_divergences(
    W: NDArray[np.float64], neg_h: NDArray[np.float64], q: NDArray[np.float64]
) -> NDArray[np.float64]:
    """``D(W_x || q)`` in nats for every row; ``inf`` if a row has mass where q = 0."""
    pos = q > 0
    if pos.all():
        return neg_h - W @ np.log(q)
    d = neg_h - W[:, pos] @ np.log(q[pos])
    outside = (W[:, ~pos] > 0).any(axis=1)
    d[outside] = np.inf
    return d


def information_bounds(
    W: NDArray[np.float64], neg_h: NDArray[np.float64], p: NDArray[np.float64]
) -> tuple[float, float, NDArray[np.float64], NDArray[np.float64]]:
    """Certified bounds (nats): ``I(p; W)`` and ``max_x D(W_x || pW)``, with ``q`` and ``D``."""
    q = p @ W
    d = row_divergences(W, neg_h, q)
    used = p > 0
    lower = float(p[used] @ d[used])  # finite: q >= p_x W_x on every used row
    return lower, float(d.max()), q, d


def channel_information(p: NDArray[np.float64], W: NDArray[np.float64]) -> float:
    """``I(p; W)`` in nats of a validated input pmf and channel: the one implementation.

    ``sum_x p(x) D(W_x || pW)`` with 0·log 0 = 0, clipped at 0 against rounding. Used by
    :func:`nsp.channels.mutual_information_channel`, channel capacity and the rate–distortion
    solvers.
    """
    lower, _, _, _ = information_bounds(W, row_neg_entropies(W), p)
    return max(lower, 0.0)
