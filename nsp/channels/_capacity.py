"""Channel capacity: certified bounds from any input, and the certified maximum."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar

import clarabel
import numpy as np
import scipy.linalg
import scipy.sparse as sp
from numpy.typing import ArrayLike, NDArray
from scipy.optimize import brentq

from nsp._kernels import information_bounds, row_neg_entropies
from nsp._newton import cholesky_step, sum_zero
from nsp._resources import check_memory, progress
from nsp._results import TupleResult
from nsp._validation import (
    Base,
    as_channel,
    as_pmf,
    check_base,
    check_choice,
    check_int,
    check_tol,
    trusted,
)
from nsp.channels._generate import unique_rows
from nsp.channels._validate import _check_inputs


@dataclass(frozen=True, eq=False)
class CapacityBounds(TupleResult):
    """Certified bounds ``lower <= C <= upper`` on a channel's capacity (unpacks as a pair).

    Attributes
    ----------
    lower : float
        ``I(px; W)``, an achievable rate.
    upper : float
        ``max_x D(W_x || px W)``, Blahut's upper bound (``inf`` if unbounded).
    """

    lower: float
    upper: float

    _tuple_fields: ClassVar[tuple[str, ...]] = ("lower", "upper")


def capacity_bounds(px: ArrayLike, W: ArrayLike, *, base: Base = 2) -> CapacityBounds:
    """Certified bounds on the capacity of ``W`` from any input pmf ``px``.

    ``lower = I(px; W)`` (achievable) and ``upper = max_x D(W_x || px W)`` (Blahut's upper bound:
    for every output pmf ``q``, ``C <= max_x D(W_x || q)``), so ``lower <= C <= upper``; both are
    equal exactly when ``px`` is capacity-achieving. ``upper`` is ``inf`` if some input reaches an
    output that ``px W`` gives probability 0.

    Parameters
    ----------
    px : array_like, shape (n_inputs,)
        Any input pmf.
    W : array_like, shape (n_inputs, n_outputs)
        Row-stochastic channel.
    base : float or str
        Logarithm base (default 2: bits).

    Returns
    -------
    CapacityBounds
        ``lower <= C <= upper``; unpacks as the pair ``(lower, upper)``.

    Raises
    ------
    MemoryError
        If the estimated memory (three ``n x m`` float arrays) exceeds 80 % of the available
        memory (:func:`nsp._resources.check_memory`; a ``LargeInputWarning`` above 25 %).

    See Also
    --------
    channel_capacity : The capacity itself, with bounds certified to a tolerance.
    mutual_information_channel : ``I(p; W)``, the lower bound at ``px``.

    Examples
    --------
    >>> lo, up = capacity_bounds([0.9, 0.1], [[0.9, 0.1], [0.1, 0.9]])
    >>> bool(lo <= 1 - 0.4689955935892812 <= up)
    True
    """
    b = check_base(base)
    p = as_pmf(px, name="px", ndim=1)
    w = as_channel(W, name="W")
    _check_inputs(p, w)
    _check_capacity_memory(w.shape, 8.0 * 3 * w.size, "capacity bounds")
    lower, upper, _, _ = information_bounds(w, row_neg_entropies(w), p)
    ln_b = math.log(b)
    return CapacityBounds(max(min(lower, upper), 0.0) / ln_b, max(upper, 0.0) / ln_b)


@dataclass(frozen=True)
class CapacityResult:
    """Capacity of a channel with a certificate.

    Attributes
    ----------
    capacity : float
        Midpoint of the certified interval ``[lower, upper]`` (units of ``base``).
    input_pmf : numpy.ndarray
        An input pmf whose mutual information is ``lower``.
    lower : float
        ``I(input_pmf; W)``, recomputed from its formula: a lower bound on the capacity.
    upper : float
        ``max_x D(W_x || output_pmf)``, recomputed from its formula: an upper bound.
    iterations : int
        Blahut–Arimoto iterations plus Newton steps used (for a channel with two distinct
        rows solved directly: Brent's iterations, 0 for the 2 × 2 closed form).
    converged : bool
        Whether ``upper - lower <= tol`` was reached within ``max_iter``.
    output_pmf : numpy.ndarray
        ``input_pmf @ W``.
    base : float
        Logarithm base of the information values.
    """

    capacity: float
    input_pmf: NDArray[np.float64] = field(repr=False)
    lower: float
    upper: float
    iterations: int
    converged: bool
    output_pmf: NDArray[np.float64] = field(repr=False)
    base: float = 2.0

    @property
    def gap(self) -> float:
        """``upper - lower``, the certified accuracy of :attr:`capacity` (times 2)."""
        return self.upper - self.lower


#: Channels with at least this many entries show a progress bar (after two seconds) while the
#: solver iterates; below, an iteration is so quick that a bar per call would cost more.
_PROGRESS_ENTRIES = 100_000
#: Estimates below this many bytes skip the memory check (reading the free memory costs more
#: than a small solve, which the capacity of privacy channels runs by the thousand).
_CHECK_BYTES = 2**24


def _capacity_nbytes(n_inputs: int, n_outputs: int) -> float:
    """Peak memory of :func:`channel_capacity` on an ``n_inputs x n_outputs`` channel, in bytes.

    The validated channel, its distinct rows, one ``xlogy`` temporary and the divergences'
    product (four ``n x m`` float arrays), plus the Newton phase on a support of at most
    ``s = min(n, m)`` inputs: the scaled rows (``s x m``), the Hessian and its eigenvectors
    and LAPACK workspace (about four ``s x s``).
    """
    s = min(n_inputs, n_outputs)
    return 8.0 * (4.0 * n_inputs * n_outputs + 4.0 * s * s + s * n_outputs)


def _check_capacity_memory(shape: tuple[int, ...], nbytes: float, what: str) -> None:
    if nbytes >= _CHECK_BYTES:
        check_memory(nbytes, what=f"{what} of a {shape[0]} x {shape[1]} channel")


def _steps(start: int, stop: int, *, entries: int, desc: str) -> Iterable[int]:
    """``range(start, stop)``, through a progress bar when the channel is large."""
    if entries < _PROGRESS_ENTRIES:
        return range(start, stop)
    return progress(range(start, stop), desc=desc, total=max(stop - start, 0), unit="it")


def _ba_iterations(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    tol: float,
    n_iter: int,
) -> tuple[NDArray[np.float64], int, bool]:
    """Plain Blahut–Arimoto from ``p``, at most ``n_iter`` steps; stop at gap <= tol (nats)."""
    for t in _steps(1, n_iter + 1, entries=W.size, desc="channel capacity (Blahut-Arimoto)"):
        lower, upper, _, d = information_bounds(W, neg_h, p)
        if upper - lower <= tol:
            return p, t, True
        used = p > 0
        e = np.zeros_like(p)
        e[used] = np.exp(d[used] - d[used].max())
        p = p * e
        p /= p.sum()
        # an input Blahut-Arimoto is starving would reach subnormal masses, where p(x) W[x, y]
        # underflows to an output mass of 0 and its divergence to inf; held at a floor it
        # carries no measurable information and can still grow back
        p[used] = np.maximum(p[used], _MASS_FLOOR)
        p /= p.sum()
    return p, n_iter, False


#: Blahut–Arimoto keeps the masses of the inputs in use at least this.
_MASS_FLOOR = 1e-200


_WARM_ITERATIONS = 50  # Blahut-Arimoto steps before the Newton phase
_RIDGES = (0.0, 1e-10, 1e-7, 1e-4, 1e-1, 1e2, 1e5)

#: Solve channels with exactly two distinct rows directly (a bracketed root of dI/dt). A private
#: switch: the benchmark and the tests turn it off to time and compare the general path.
_DIRECT_TWO_ROWS = True
#: Bracket of the optimal mass on the first row. Majani & Rumsey (IEEE Trans. IT 37, 1991): a
#: capacity-achieving input of a binary-input channel gives each input a mass in [1/e, 1 - 1/e];
#: the bracket is a little wider, and its signs are checked before the root is searched.
_TWO_ROW_BRACKET = (0.35, 0.65)


def _two_distinct_rows(W: NDArray[np.float64]) -> tuple[int, int] | None:
    """``(0, j)``, the first inputs of the two distinct rows, if ``W`` has exactly two; else None.

    Rows are compared exactly, as :func:`unique_rows` does by default.
    """
    differs = (W != W[0]).any(axis=1)
    if not differs.any():
        return None
    j = int(np.argmax(differs))
    if W.shape[0] > 2 and not np.all(~differs | (W == W[j]).all(axis=1)):
        return None
    return 0, j


def _two_row_inputs(
    rows: NDArray[np.float64], neg_h: NDArray[np.float64]
) -> Iterator[tuple[float, int]]:
    """Yield candidates ``(t, iterations)``: masses ``t`` on ``rows[0]`` maximizing ``I``.

    ``I = I((t, 1 - t); rows)``.
    The caller certifies each candidate and stops at the first whose gap is within ``tol``.

    1. Two outputs in use (a 2 x 2 channel): the closed form. The optimal input has full
       support, so ``D(W_x || q) = C`` for both rows; with ``c = W^{-1} (sum_y W ln W)`` row-wise,
       ``C = ln(e^{c_0} + e^{c_1})`` and ``q = e^{c - C}``; ``t`` solves
       ``t W_0 + (1 - t) W_1 = q``.
    2. Brent's method on ``dI/dt = D(W_0 || q) - D(W_1 || q)`` with
       ``q(t) = t W_0 + (1 - t) W_1``,
       which strictly decreases in ``t`` (``I`` is strictly concave when the rows differ:
       ``d2I/dt2 = -sum_y (W_0 - W_1)^2 / q``); its root lies in :data:`_TWO_ROW_BRACKET`. Skipped
       if the bracket holds no sign change.
    """
    cols = rows.any(axis=0)
    w1 = rows[1, cols]
    diff = rows[0, cols] - w1
    n0, n1 = float(neg_h[0]), float(neg_h[1])
    if w1.size == 2:
        (a0, a1), (b0, b1) = rows[0, cols].tolist(), w1.tolist()
        det = a0 * b1 - a1 * b0  # 0 (or a0 == b0) only when the rows differ by rounding alone
        if det != 0 and a0 != b0:
            with np.errstate(all="ignore"):  # overflow gives inf/nan, refused just below
                c = np.array([b1 * n0 - a1 * n1, a0 * n1 - b0 * n0]) / det
                t = float((np.exp(c[0] - np.logaddexp(c[0], c[1])) - b0) / (a0 - b0))
            if 0.0 <= t <= 1.0:
                yield t, 0

    def slope(t: float) -> float:
        return n0 - n1 - float(diff @ np.log(w1 + t * diff))  # q > 0 on cols for t in (0, 1)

    lo, hi = _TWO_ROW_BRACKET
    if slope(lo) > 0 > slope(hi):
        t, info = brentq(slope, lo, hi, xtol=1e-16, rtol=4 * np.finfo(float).eps, full_output=True)
        yield float(t), int(info.iterations)


def _newton_direction(
    lam: NDArray[np.float64],
    vec: NDArray[np.float64],
    g: NDArray[np.float64],
    ridge: float,
    null: NDArray[np.bool_] | None,
) -> NDArray[np.float64] | None:
    """Newton direction ``d = (H + ridge)^+ (g - nu 1)`` with ``sum(d) = 0``.

    ``H = vec diag(lam) vec^T`` is the Hessian of ``-I`` on the support.

    With ``null`` given (and ``ridge = 0``) the null eigen-directions are left out (pseudo-inverse).
    """
    inv = 1.0 / np.maximum(lam + ridge, 1e-300)
    if null is not None:
        inv[null] = 0.0
    proj_g = vec.T @ g
    proj_1 = vec.sum(axis=0)
    return sum_zero(vec @ (inv * proj_g), vec @ (inv * proj_1))


def _boundary_move(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    idx: NDArray[np.intp],
    direction: NDArray[np.float64],
    floor: float,
) -> tuple | None:
    """Move ``p[idx]`` along ``direction`` until a mass reaches 0; keep it if ``I >= floor``."""
    ps = p[idx]
    shrinking = direction < 0
    if not shrinking.any():
        return None
    ratios = ps[shrinking] / -direction[shrinking]
    j = int(np.argmin(ratios))
    trial = p.copy()
    trial[idx] = np.maximum(ps + ratios[j] * direction, 0.0)
    gone = idx[shrinking][j]
    trial[gone] = 0.0
    trial /= trial.sum()
    t_lower, t_upper, t_q, t_d = information_bounds(W, neg_h, trial)
    if t_lower < floor:
        return None
    return trial, t_lower, t_upper, t_q, t_d, gone


#: Ridges (relative to the Hessian's largest diagonal entry) of the Cholesky Newton route.
_CHOLESKY_RIDGES = (1e-13, 1e-10, 1e-7, 1e-4, 1e-1, 1e2, 1e5)


def _ascend(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    idx: NDArray[np.intp],
    direction: NDArray[np.float64],
    floor: float,
    *,
    drop_all: bool,
) -> tuple[tuple, int | None] | None:
    """Step from ``p`` along ``direction`` (on the inputs ``idx``) without letting ``I`` drop.

    The step is the largest that keeps ``p >= 0`` (the input that reaches 0 leaves: its index
    is returned), halved until ``I >= floor``. With ``drop_all``, when several inputs would go
    negative at the full step, dropping them all at once is tried first. Returns
    ``((p, lower, upper, q, d), gone)`` or ``None``.
    """
    ps = p[idx]
    shrinking = direction < 0
    ratios = ps[shrinking] / -direction[shrinking]
    alpha_max = float(ratios.min()) if ratios.size else np.inf
    if drop_all and np.count_nonzero(ratios < 1.0) > 1:
        trial = p.copy()
        trial[idx] = np.maximum(ps + direction, 0.0)
        if trial.sum() > 0:
            trial /= trial.sum()
            bounds = information_bounds(W, neg_h, trial)
            if bounds[0] > floor:
                return (trial, *bounds), None
    alpha = min(1.0, alpha_max)
    blocked = alpha == alpha_max
    for _ in range(40):
        trial = p.copy()
        trial[idx] = np.maximum(ps + alpha * direction, 0.0)
        gone = int(idx[shrinking][np.argmin(ratios)]) if blocked else None
        if gone is not None:
            trial[gone] = 0.0
        trial /= trial.sum()
        bounds = information_bounds(W, neg_h, trial)
        if bounds[0] > floor:
            return (trial, *bounds), gone
        alpha *= 0.5
        blocked = False
    return None


def _eigen_step(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    idx: NDArray[np.intp],
    g: NDArray[np.float64],
    hess: NDArray[np.float64],
    floor: float,
) -> tuple[tuple, int | None] | None:
    """Step by the eigen-decomposition of the Hessian, for supports with dependent rows.

    Along a null direction ``n`` (``W_S^T n = 0``, hence ``sum(n) = 0``) the output and every
    divergence stay fixed and ``I`` changes linearly by ``g.n``: a move to the boundary
    (ascending if ``g.n != 0``) removes one input without lowering ``I``. Otherwise Newton by
    the pseudo-inverse, with Levenberg–Marquardt damping if it does not ascend.
    """
    lam, vec = scipy.linalg.eigh(hess)
    scale = max(float(lam[-1]), 1e-300)
    null = lam <= 1e-11 * scale
    if null.any():
        nv = vec[:, null]
        direction = nv @ (nv.T @ g)
        if not np.any(direction < -1e-12 * np.abs(direction).max(initial=0.0)):
            direction = nv[:, 0]
        moved = _boundary_move(W, neg_h, p, idx, direction, floor)
        if moved is not None:
            *state, gone = moved
            return tuple(state), int(gone)
    for ridge in _RIDGES:
        newton = _newton_direction(lam, vec, g, ridge * scale, null if ridge == 0 else None)
        if newton is not None:
            moved_ = _ascend(W, neg_h, p, idx, newton, floor, drop_all=ridge == 0)
            if moved_ is not None:
                return moved_
    return None


def _newton_active_set(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    support: NDArray[np.bool_],
    tol: float,
    max_steps: int,
) -> tuple[NDArray[np.float64], int, bool]:
    """Maximize ``I(p; W)`` by Newton steps on the inputs in ``support`` (an active set).

    The KKT conditions of capacity are ``D(W_x || q) = C`` on the support and ``<= C`` off it.
    Each step solves the Newton system of ``I`` restricted to the current support with the
    simplex constraint (bordered Hessian ``-W_S diag(1/q) W_S^T``), takes the largest step that
    keeps ``p >= 0`` and increases ``I`` (an input whose mass reaches 0 leaves the support),
    and, once the support's divergences are level, admits the inputs that violate the KKT
    inequality. Returns ``(p, steps, converged)`` where converged means gap <= tol (nats).
    """
    support = support.copy()
    p = np.where(support, p, 0.0)
    p /= p.sum()
    lower, upper, q, d = information_bounds(W, neg_h, p)
    for step in _steps(1, max_steps + 1, entries=W.size, desc="channel capacity (Newton)"):
        if upper - lower <= tol:
            return p, step - 1, True
        idx = np.flatnonzero(support)
        g = d[idx]
        spread = float(g.max() - g.min())
        outside = ~support & (d > lower + 0.25 * tol)
        level = spread <= max(1e-3 * (upper - lower), 0.5 * tol)
        if outside.any() and (level or not np.isfinite(upper)):
            # admit the KKT violators with a small mass, then continue Newton on the larger set
            new = np.flatnonzero(outside)
            eps = 1e-8 if np.isfinite(upper) else 1e-4
            p = p * (1.0 - eps)
            p[new] += eps / new.size
            support[new] = True
            lower, upper, q, d = information_bounds(W, neg_h, p)
            continue
        cols = q > 0
        a = W[np.ix_(idx, np.flatnonzero(cols))] / np.sqrt(q[cols])
        hess = a @ a.T  # Hessian of -I on the support (PSD)
        noise = 1e-14 * max(1.0, abs(lower))  # rounding level of I: do not reject a step for it
        # Newton by Cholesky with a tiny ridge first (the ridge picks the short step when the
        # support's rows are nearly dependent), Levenberg-Marquardt damping if it does not
        # ascend; the eigen-decomposition route below handles exact dependence. Cholesky
        # costs a small fraction of an eigen-decomposition, whose threaded LAPACK also
        # stalls on a loaded machine.
        scale = max(float(hess.diagonal().max()), 1e-300)
        moved = None
        for i, ridge in enumerate(_CHOLESKY_RIDGES):
            direction = cholesky_step(hess, g, ridge * scale)
            if direction is not None:
                moved = _ascend(W, neg_h, p, idx, direction, lower - noise, drop_all=i == 0)
                if moved is not None:
                    break
        if moved is None:
            moved = _eigen_step(W, neg_h, p, idx, g, hess, lower - noise)
        if moved is None:  # no ascent direction found: give up on this route
            return p, step, False
        (p, lower, upper, q, d), gone = moved
        if gone is not None:
            support[gone] = False
        support &= p > 0
    return p, max_steps, upper - lower <= tol


def channel_capacity(
    W: ArrayLike,
    *,
    base: Base = 2,
    tol: float = 1e-9,
    max_iter: int = 100_000,
    method: str = "auto",
) -> CapacityResult:
    """Capacity ``C = max_p I(p; W)`` of a discrete memoryless channel, with certified bounds.

    The stopping rule is the certified gap: with ``q = pW``,
    ``I(p; W) <= C <= max_x D(W_x || q)`` (Blahut 1972), and the iteration stops when
    ``upper - lower <= tol``. Both bounds of the result are recomputed from these formulas on
    the full channel, so they hold even if an accelerating step was wrong.

    ``method="auto"`` (default): duplicate rows are merged; at most 50 Blahut–Arimoto
    iterations warm-start the input pmf; an active-set Newton method then solves the KKT
    conditions (``D(W_x || q) = C`` on the support, ``<= C`` off it). The starting support is
    the inputs whose divergence is at least ``I(p; W)`` (those Blahut–Arimoto is growing),
    capped at the number of outputs (some optimal input pmf has no larger support). Each step
    is a Newton step on the support under the simplex constraint (by Cholesky with a tiny
    ridge; Levenberg–Marquardt damping when it does not ascend; an eigen-decomposition when
    the support's rows are linearly dependent); inputs whose mass reaches 0
    leave the support; when the support's rows are linearly dependent, a move along a null
    direction (which leaves the output pmf unchanged) removes one; inputs that violate the KKT
    inequality are admitted back. Near the solution the steps converge quadratically, so the
    gap usually ends far below ``tol``. The support rule is a heuristic; the certificate is
    not. If Newton stalls (as on sparse channels whose optimal input leaves many inputs out),
    an interior-point solve of the exponential-cone form of the capacity (Clarabel) lands
    near the optimum and Blahut–Arimoto closes the certificate from there; failing that,
    Blahut–Arimoto continues from the warm start up to ``max_iter`` iterations, and the
    better certified pmf is returned. ``method="ba"``: plain
    Blahut–Arimoto from the uniform pmf with the same stopping rule (slow when the optimal
    input has zeros: about 20,000 iterations on a random 200 × 200 channel; kept as a
    reference).

    Channels with exactly two distinct rows (``method="auto"``) are solved directly: by the
    closed form of a 2 × 2 channel when only two outputs are reachable, else by Brent's method
    on the derivative ``D(W_0 || q) - D(W_1 || q)`` of the (strictly concave) mutual information
    of the input ``(t, 1 - t)``, whose root lies in ``[1/e, 1 - 1/e]`` (Majani & Rumsey 1991).
    The same ``lower``/``upper`` formulas certify the result; if the gap exceeds ``tol`` the
    next route runs (closed form, then Brent, then the general path).

    Parameters
    ----------
    W : array_like, shape (n_inputs, n_outputs)
        Row-stochastic channel.
    base : float or str
        Logarithm base of the result (2 = bits).
    tol : float
        Target certified gap ``upper - lower`` in units of ``base`` (> 0). Gaps far below
        ~1e-13 nats may be out of reach of floating point; then ``converged`` is False.
    max_iter : int
        Cap on the Blahut–Arimoto iterations.
    method : {"auto", "ba"}

    Returns
    -------
    CapacityResult
        ``capacity`` (midpoint of ``[lower, upper]``), ``input_pmf``, ``lower``, ``upper``,
        ``iterations``, ``converged``, ``output_pmf``, ``base``.

    Raises
    ------
    ValueError
        If ``W`` is not a channel, ``tol <= 0``, ``max_iter < 1`` or ``method`` is unknown.
    MemoryError
        If the estimated peak memory (about ``8 (4 n m + 4 s^2 + s m)`` bytes for an
        ``n x m`` channel, ``s = min(n, m)``) exceeds 80 % of the available memory; the message
        gives both numbers.

    Warns
    -----
    LargeInputWarning
        If that estimate exceeds 25 % of the available memory.

    See Also
    --------
    capacity_bounds : Certified bounds from one input pmf.
    mutual_information_channel : The information of one input pmf.
    nsp.privacy_channels.individual_channel_capacity : The capacity of one individual of a dataset.

    Notes
    -----
    Time: an iteration costs ``O(n m)`` and a Newton step ``O(s^2 m + s^3)``; a random
    1000 x 1000 channel takes a few seconds. Channels of at least 10⁵ entries show a
    progress bar over the iterations once a run exceeds two seconds (``TQDM_DISABLE=1``
    turns it off).

    Examples
    --------
    Randomized response with flip probability 0.1 (Wu, §4.1): ``1 - h(0.1)`` bits.

    >>> res = channel_capacity([[0.9, 0.1], [0.1, 0.9]])
    >>> round(res.capacity, 10), res.upper - res.lower <= 1e-9
    (0.5310044064, True)

    The Z-channel (input 1 flips to 0 with probability 1/2) has capacity log2(5/4):

    >>> res = channel_capacity([[1.0, 0.0], [0.5, 0.5]])
    >>> round(res.capacity, 9), round(float(res.input_pmf[1]), 6)
    (0.321928095, 0.4)
    """
    b = check_base(base)
    w = as_channel(W, name="W")
    tol_f = check_tol("tol", tol)
    max_iter = check_int("max_iter", max_iter, low=1)
    method = check_choice("method", method, ("auto", "ba"))
    _check_capacity_memory(w.shape, _capacity_nbytes(*w.shape), "the channel capacity")
    ln_b = math.log(b)
    tol_n = tol_f * ln_b

    if method == "ba":
        neg_h = row_neg_entropies(w)
        p0 = np.full(w.shape[0], 1.0 / w.shape[0])
        p, iters, _ = _ba_iterations(w, neg_h, p0, tol_n, int(max_iter))
        return _result(w, neg_h, p, iters, tol_n, ln_b)

    pair = _two_distinct_rows(w) if _DIRECT_TWO_ROWS else None
    if pair is not None:
        two = w[list(pair)]
        for t, steps in _two_row_inputs(two, row_neg_entropies(two)):
            full = np.zeros(w.shape[0])
            full[pair[0]], full[pair[1]] = t, 1.0 - t
            res = _result(w, row_neg_entropies(w), full, steps, tol_n, ln_b)
            if res.converged:  # the certificate decides; otherwise the next route
                return res

    with trusted():  # w is validated
        rows, inverse = unique_rows(w)
    neg_r = row_neg_entropies(rows)
    m = rows.shape[0]
    p0 = np.full(m, 1.0 / m)
    warm = min(_WARM_ITERATIONS, max(5, 2 * m), int(max_iter))  # small channels: Newton early
    p_warm, iters, done = _ba_iterations(rows, neg_r, p0, tol_n, warm)
    p = p_warm
    if not done:
        lower, upper, _, d = information_bounds(rows, neg_r, p_warm)
        # the inputs Blahut-Arimoto is growing (divergence at least the mutual information):
        # the optimal support, give or take the inputs Newton's method drops or admits
        guess = d >= lower
        cap = int(np.count_nonzero(rows.any(axis=0)))  # some optimal input uses <= #outputs inputs
        if np.count_nonzero(guess) > cap:
            keep = np.argsort(-np.where(guess, d, -np.inf), kind="stable")[:cap]
            guess = np.zeros(m, dtype=bool)
            guess[keep] = True
        p, steps, done = _newton_active_set(
            rows, neg_r, p_warm, guess, tol_n, max_steps=20 * m + 100
        )
        iters += steps
        if not done and rows.size <= _CONIC_MAX_ENTRIES:
            # Newton stalled: an interior-point solve lands near the optimum, from where
            # Blahut-Arimoto closes the certificate in a few hundred iterations
            p_ip = _conic_input(rows, neg_r, 1e-10)
            if p_ip is not None:
                p_ip, more, done = _ba_iterations(rows, neg_r, p_ip, tol_n, int(max_iter) - warm)
                iters += more
                if done or _gap(rows, neg_r, p_ip) <= _gap(rows, neg_r, p):
                    p = p_ip
        if not done and iters < max_iter:
            p_ba, more, done = _ba_iterations(rows, neg_r, p_warm, tol_n, int(max_iter) - iters)
            iters += more
            if done or _gap(rows, neg_r, p_ba) <= _gap(rows, neg_r, p):
                p = p_ba
    # all the mass of a distinct row goes to its first input
    first = np.full(m, w.shape[0])
    np.minimum.at(first, inverse, np.arange(w.shape[0]))
    full = np.zeros(w.shape[0])
    full[first] = p
    return _result(w, row_neg_entropies(w), full, iters, tol_n, ln_b)


#: The exponential-cone route is tried on channels of at most this many non-zero entries
#: (its factorization grows with them).
_CONIC_MAX_ENTRIES = 1_000_000


def _conic_input(
    W: NDArray[np.float64], neg_h: NDArray[np.float64], tol: float
) -> NDArray[np.float64] | None:
    """Return a near-optimal input pmf from an interior-point solve of ``max_p I(p; W)``.

    ``I(p; W) = sum_x p(x) sum_y W ln W + H(pW)``: the entropy of each output mass ``q_y`` as
    an exponential cone ``q_y ln q_y <= t_y`` (Clarabel), the input on the simplex. Insensitive
    to what slows the other routes (an optimal input with many zeros, nearly dependent rows
    on its support); nothing it returns is trusted (the caller certifies the pmf). ``None``
    if the solver fails.
    """
    m, n = W.shape
    wt = sp.coo_matrix(W.T)  # [y, x]
    cell = np.arange(n)
    # rows: sum p = 1 | -p <= 0 | per output y: (-t_y, q_y, 1) in the exponential cone
    rows = np.concatenate([np.zeros(m), 1 + np.arange(m), 1 + m + 3 * cell, 1 + m + 3 * wt.row + 1])
    cols = np.concatenate([np.arange(m), np.arange(m), m + cell, wt.col])
    vals = np.concatenate([np.ones(m), -np.ones(m), np.ones(n), -wt.data])
    a_mat = sp.csc_matrix((vals, (rows, cols)), shape=(1 + m + 3 * n, m + n))
    b = np.concatenate([[1.0], np.zeros(m), np.tile([0.0, 0.0, 1.0], n)])
    cones = [clarabel.ZeroConeT(1), clarabel.NonnegativeConeT(m)]
    cones += [clarabel.ExponentialConeT() for _ in range(n)]
    settings = clarabel.DefaultSettings()
    settings.verbose = False
    settings.tol_gap_abs = settings.tol_gap_rel = settings.tol_feas = tol
    settings.direct_solve_method = "qdldl"
    c = np.concatenate([-neg_h, np.ones(n)])
    sol = clarabel.DefaultSolver(sp.csc_matrix((m + n, m + n)), c, a_mat, b, cones, settings)
    x = np.asarray(sol.solve().x[:m])
    if not np.all(np.isfinite(x)):
        return None
    p = np.clip(x, 0.0, None)
    return p / p.sum() if p.sum() > 0 else None


def _gap(W: NDArray[np.float64], neg_h: NDArray[np.float64], p: NDArray[np.float64]) -> float:
    lower, upper, _, _ = information_bounds(W, neg_h, p)
    return upper - lower


def _result(
    W: NDArray[np.float64],
    neg_h: NDArray[np.float64],
    p: NDArray[np.float64],
    iters: int,
    tol_n: float,
    ln_b: float,
) -> CapacityResult:
    lower, upper, q, _ = information_bounds(W, neg_h, p)
    lower = max(min(lower, upper), 0.0)  # rounding can invert an exact tie by an ulp
    upper = max(upper, lower)
    return CapacityResult(
        capacity=0.5 * (lower + upper) / ln_b,
        input_pmf=p,
        lower=lower / ln_b,
        upper=upper / ln_b,
        iterations=int(iters),
        converged=bool(upper - lower <= tol_n),
        output_pmf=q,
        base=math.exp(ln_b),
    )
