"""The perfect-privacy linear program: the least distortion of an output independent of ``X_h``.

``min sum_{u,k} p(u) d[u, k] W[u, k]`` over row-stochastic encoders ``W`` whose output is
independent of the hidden attribute: ``sum_u p(u, h) W[u, k] = p(h) p(k)`` for every ``h`` and
``k``. Written as ``B W[:, k] = 0`` with ``B[h, u] = p(u, h) - p(h) p(u)`` (the output's joint
with ``h`` minus its product), the constraints of one output involve every input, so the
constraint matrix has ``n_h n_u n_k`` non-zeros: a general-purpose simplex or interior-point
code spends minutes on a 256 × 16 source with 256 outputs.

The structure solves it fast. Two facts make the system small: the independence rows of one
output only meet that output's columns, and the row sums only meet one input's. In the normal
equations ``A D A^T`` of an interior-point method the independence rows are block diagonal
(an ``m x m`` block per output, ``m <= n_h - 1``), so they are eliminated output by output and
what remains is a dense ``n_u x n_u`` Schur complement: ``O(n_k n_u^2 m)`` work per iteration
instead of a sparse factorization with heavy fill. :func:`solve` runs Mehrotra's
predictor–corrector method on that system. Then, as a crossover, the LP restricted to the
columns the interior point uses is solved by the simplex method (HiGHS), which returns a
vertex: an encoder independent of ``X_h`` to rounding, and the exact optimum (the restricted
problem has the same optimal face). If that fails, the interior point itself is returned.
The crossover runs when the interior point's certificate is wider than ``_GAP`` and when the
optimal face is not a vertex (more entries in use than the LP has independent rows: ties, as
under Hamming distortion, make whole faces optimal). An interior point of such a face mixes
every optimal encoder and so tells less about ``X_r`` than a vertex at the same distortion;
the sanitizer built on it would be needlessly poor in utility.

Redundant rows are removed first: ``B`` is replaced by an orthonormal basis of its row space
(its rows sum to zero), and the independence rows of the last output follow from the others
and the row sums (``sum_k B W[:, k] = B 1 = 0``).

With two hidden letters and a Hamming-like distortion (one cheap output per input, every
other output at one cost) the LP has a closed form, a fractional knapsack
(:func:`solve_binary_cheap`): at 2 x 2,048 it takes milliseconds where the interior point
and the crossover above took about 60 s and 280 s.
"""

from __future__ import annotations

import math
from typing import Any, cast

import numpy as np
import scipy.linalg
import scipy.sparse as sp
from numpy.typing import NDArray
from scipy.optimize import linprog

#: Relative accuracy at which the interior-point method stops (primal and dual residuals,
#: duality gap): enough to tell the optimal face; the crossover then finds the exact vertex.
_TOL = 1e-9
_MAX_ITER = 100
#: The certified relative gap below which the interior point (corrected onto the
#: constraints) is the answer when it is a vertex; above it, the crossover runs.
_GAP = 1e-8
#: Rounds of the crossover's column generation.
_ROUNDS = 6


def solve(
    pu: NDArray[np.float64], puh: NDArray[np.float64], d: NDArray[np.float64]
) -> tuple[float, NDArray[np.float64]]:
    """Return ``(d_pp, W)``: the least distortion of an independent output and its encoder.

    ``pu[u] > 0`` are the input masses, ``puh[u, h]`` their joint with the hidden letters and
    ``d[u, k]`` the distortion. ``W`` is row-stochastic with its output independent of ``h``
    (to rounding); ``d_pp`` is the distortion of ``W`` itself.
    """
    n_u, n_k = d.shape
    ph = puh.sum(axis=0)
    bmat = (puh[:, ph > 0] - np.outer(pu, ph[ph > 0])).T  # [h, u]
    basis = _row_basis(bmat)
    cost = pu[:, None] * d
    if n_k == 1:  # one output: a constant, independent of anything
        w = np.ones((n_u, 1))
        return _value(cost, w), w
    if basis.shape[0] == 0:  # nothing to be independent of: each input's best output
        w = np.zeros((n_u, n_k))
        w[np.arange(n_u), d.argmin(axis=1)] = 1.0
        return _value(cost, w), w
    x, s, y_k = _interior_point(cost, basis)
    # certificate: any multipliers of the independence rows give a Lagrangian lower bound
    lower = float(np.min(cost - _apply_t(basis, np.zeros(n_u), y_k, n_k), axis=1).sum())
    # the interior point corrected onto the constraints within its estimate of the optimal
    # face (x > s: on the face the objective is constant, so the value is the optimum to
    # rounding when the estimate holds), else with all its entries
    face = np.where(x > s, x, 0.0)
    face[np.arange(n_u), x.argmax(axis=1)] = x.max(axis=1)
    candidates = [w for w in (_project(basis, face), _project(basis, x)) if w is not None]
    w = min(candidates, key=lambda v: _value(cost, v))
    value = _value(cost, w)
    rows = n_u + (n_k - 1) * basis.shape[0]  # independent equality rows: a vertex uses <= rows
    if value - lower > _GAP * (1.0 + abs(value)) or np.count_nonzero(w) > rows:
        crossed = _crossover(cost, bmat, x, s)
        if crossed is not None:  # the simplex method's feasibility tolerance: to rounding
            crossed = _project(basis, crossed)
        # the vertex is exact: taken unless rounding left it more than rounding above
        if crossed is not None and _value(cost, crossed) <= value + 1e-13 * (1.0 + abs(value)):
            w, value = crossed, _value(cost, crossed)
    return value, w


def solve_binary_cheap(
    pu: NDArray[np.float64],
    puh: NDArray[np.float64],
    col: NDArray[np.intp],
    a: float,
    b: float,
    n_k: int,
) -> tuple[float, NDArray[np.float64]] | None:
    """:func:`solve` in closed form for two hidden letters and one cheap output per input.

    With ``d[u, k] = a`` at ``k = col[u]`` (distinct outputs) and ``b > a`` elsewhere, only
    the mass an input keeps on its cheap output matters: the rest costs ``b`` wherever it
    goes. Let ``delta_u = p(h_0 | u) - p(h_0)``. An output is independent of ``h`` when its
    masses weighted by ``delta`` cancel; the kept mass ``p(u) y_u`` of input ``u`` must be
    cancelled by the mass the inputs on the other side of ``p(h_0)`` do not keep. Both sides
    hold the same total ``T = sum_u p(u) max(delta_u, 0)``, so the keeps are feasible exactly
    when ``sum_u p(u) y_u |delta_u| <= T``: a fractional knapsack, whose optimum keeps the
    inputs in increasing ``|delta_u|`` (inputs with ``delta_u = 0`` free). The encoder routes
    the mass not kept to the outputs that need it (north-west corner), and the rest, which
    balances itself, in pairs to outputs of neither input: ``O(n log n)`` work and ``O(n)``
    non-zero entries (a sparse optimal encoder, as the simplex method's vertex is; under ties
    another one). ``None`` (use :func:`solve`) unless
    there are exactly two hidden letters of positive mass, distinct cheap outputs and at
    least three outputs.

    Returns ``(d_pp, W)`` as :func:`solve` does.
    """
    n_u = pu.size
    ph = puh.sum(axis=0)
    live = np.flatnonzero(ph > 0)
    if live.size != 2 or n_k < 3 or np.unique(col).size != n_u:
        return None
    delta = puh[:, live[0]] / pu - ph[live[0]] / ph.sum()
    delta[np.abs(delta) <= 1e-13] = 0.0  # rounding of a posterior equal to the prior
    cost = pu * np.abs(delta)  # imbalance a full keep of each input brings
    budget = float(pu @ np.maximum(delta, 0.0))
    order = np.argsort(np.abs(delta), kind="stable")
    before = np.concatenate([[0.0], np.cumsum(cost[order])[:-1]])  # spent before each input
    keep = np.zeros(n_u)
    with np.errstate(divide="ignore", invalid="ignore"):
        keep[order] = np.clip(
            np.where(cost[order] > 0, (budget - before) / cost[order], 1.0), 0.0, 1.0
        )
    w = np.zeros((n_u, n_k))
    rows = np.arange(n_u)
    w[rows, col] = keep
    # north-west corner: the kept imbalance of each output against the other side's rest
    rest = pu * (1.0 - keep) * np.abs(delta)  # imbalance each input leaves to route
    for side in (1.0, -1.0):
        need = [
            (int(u), float(pu[u] * keep[u] * abs(delta[u])))
            for u in np.flatnonzero(side * delta > 0)
        ]
        have = [int(v) for v in np.flatnonzero((side * delta < 0) & (rest > 0))]
        _route(w, need, have, rest, pu, np.abs(delta), col)
    # the rest balances itself: pair the two sides and send each pair to a third output
    pos = [int(v) for v in np.flatnonzero((delta > 0) & (rest > 0))]
    neg = [int(v) for v in np.flatnonzero((delta < 0) & (rest > 0))]
    i = j = 0
    while i < len(pos) and j < len(neg):
        u, v = pos[i], neg[j]
        t = min(rest[u], rest[v])
        k = next(k for k in range(3) if k not in (col[u], col[v]))
        w[u, k] += t / (pu[u] * abs(delta[u]))
        w[v, k] += t / (pu[v] * abs(delta[v]))
        rest[u] -= t
        rest[v] -= t
        if rest[u] <= rest[v]:
            i += 1
        else:
            j += 1
    for left in np.flatnonzero(rest > 0):  # what rounding left unpaired
        k = next(k for k in range(3) if k != col[left])
        w[left, k] += rest[left] / (pu[left] * abs(delta[left]))
    w /= w.sum(axis=1, keepdims=True)
    d_pp = b - (b - a) * float(pu @ w[rows, col])
    return d_pp, w


def _route(
    w: NDArray,
    need: list[tuple[int, float]],
    have: list[int],
    rest: NDArray,
    pu: NDArray,
    size: NDArray,
    col: NDArray,
) -> None:
    """Cover each output's ``need`` (imbalance) from the inputs ``have`` in order, in place."""
    j = 0
    for u, amount in need:
        k = int(col[u])
        while amount > 0 and j < len(have):
            v = have[j]
            t = min(amount, rest[v])
            w[v, k] += t / (pu[v] * size[v])
            rest[v] -= t
            amount -= t
            if rest[v] <= 0:
                j += 1


def _project(basis: NDArray, x: NDArray) -> NDArray | None:
    """Correct ``x`` onto the constraints (row sums 1, independence), keeping it positive.

    The correction ``X A^T (A X A^T)^{-1} (b - A x)`` (the projection in the metric of
    ``1/x``) moves each entry in proportion to itself: entries at 0 stay there and entries
    near 0 stay non-negative. ``None`` if the constraints are not met to rounding after a few
    corrections (``x`` too far from them, or its zeros incompatible with them).
    """
    w = np.clip(x, 0.0, None)
    n_k = w.shape[1]
    for _ in range(4):
        r_u, r_k = _apply(basis, w)
        if max(float(np.abs(1.0 - r_u).max()), float(np.abs(r_k).max(initial=0.0))) <= 1e-15:
            break
        try:
            ne = _Normal(basis, np.maximum(w, 1e-300))
        except np.linalg.LinAlgError:
            return None
        y_u, y_k = ne.solve(1.0 - r_u, -r_k)
        w = np.clip(w * (1.0 + _apply_t(basis, y_u, y_k, n_k)), 0.0, None)
    r_u, r_k = _apply(basis, w)
    if max(float(np.abs(1.0 - r_u).max()), float(np.abs(r_k).max(initial=0.0))) > 1e-12:
        return None
    return w / w.sum(axis=1, keepdims=True)


def _value(cost: NDArray, w: NDArray) -> float:
    return float(np.sum(cost * w))


def _row_basis(bmat: NDArray) -> NDArray:
    """Return an orthonormal basis (as rows) of the row space of ``bmat``."""
    if bmat.size == 0:
        return np.zeros((0, bmat.shape[1]))
    _, sv, vt = np.linalg.svd(bmat, full_matrices=False)
    keep = sv > 1e-12 * max(float(sv[0]), 1e-300)
    return vt[keep]


class _Normal:
    """The normal equations ``A D A^T`` of the LP, factored through the structure.

    ``A`` has the row sums (``n_u`` rows) and ``m`` independence rows per output except the
    last. ``D = diag(x / s)`` over the ``n_u x n_k`` encoder entries.
    """

    def __init__(self, basis: NDArray, dx: NDArray) -> None:
        self.basis = basis
        dk = dx[:, :-1].T  # [k, u] for the outputs with independence rows
        f = basis[None, :, :] * dk[:, None, :]  # [k, h, u] = B D_k
        g = f @ basis.T  # [k, h, h'] = B D_k B^T
        # G_k = L_k L_k^T; with H_k = L_k^-1 F_k the Schur complement is diag - sum H_k^T H_k
        self.l_inv = np.linalg.inv(_cholesky(g))
        self.h = self.l_inv @ f  # [k, h, u]
        n_u = dx.shape[0]
        h2 = self.h.reshape(-1, n_u)
        schur = np.diag(dx.sum(axis=1)) - h2.T @ h2
        self.s_chol = (_cholesky(schur), True)
        self.dx, self.n_k = dx, dx.shape[1]

    def _solve_once(self, r_u: NDArray, r_k: NDArray) -> tuple[NDArray, NDArray]:
        lr = np.einsum("khg,kg->kh", self.l_inv, r_k)  # L^-1 r_k
        y_u = scipy.linalg.cho_solve(self.s_chol, r_u - np.einsum("khu,kh->u", self.h, lr))
        z = lr - np.einsum("khu,u->kh", self.h, y_u)
        return y_u, np.einsum("kgh,kg->kh", self.l_inv, z)  # L^-T z

    def solve(self, r_u: NDArray, r_k: NDArray) -> tuple[NDArray, NDArray]:
        """Solve ``A D A^T (y_u, y_k) = (r_u, r_k)``; ``r_k[k, h]`` for the outputs but the last.

        Two steps of iterative refinement with the unfactored product: near the optimum the
        Schur complement is a difference of nearly equal terms.
        """
        y_u, y_k = self._solve_once(r_u, r_k)
        for _ in range(2):
            m_u, m_k = _apply(self.basis, self.dx * _apply_t(self.basis, y_u, y_k, self.n_k))
            e_u, e_k = self._solve_once(r_u - m_u, r_k - m_k)
            y_u, y_k = y_u + e_u, y_k + e_k
        return y_u, y_k


def _cholesky(a: NDArray) -> NDArray:
    """Lower Cholesky factor of the (stacked) symmetric matrices ``a``, regularized as needed.

    Near the optimum ``x / s`` spans twenty orders of magnitude and the Schur complement is a
    difference of nearly equal terms: rounding can leave it slightly indefinite. The diagonal
    shift starts at ``1e-14`` of the mean diagonal and grows a thousandfold per failure (the
    iterative refinement of :meth:`_Normal.solve` corrects what the shift perturbs);
    :class:`numpy.linalg.LinAlgError` if even ``1e-5`` is not enough.
    """
    eye = np.eye(a.shape[-1])
    mean = np.trace(a, axis1=-2, axis2=-1)[..., None, None] / a.shape[-1]
    for shift in (1e-14, 1e-11, 1e-8, 1e-5):
        try:
            return np.linalg.cholesky(a + shift * np.abs(mean) * eye)
        except np.linalg.LinAlgError:
            continue
    raise np.linalg.LinAlgError("the normal equations are not positive definite")


def _apply(basis: NDArray, x: NDArray) -> tuple[NDArray, NDArray]:
    """Return ``A x``: row sums, independence residuals ``[k, h]`` (outputs but the last)."""
    return x.sum(axis=1), (basis @ x[:, :-1]).T


def _apply_t(basis: NDArray, y_u: NDArray, y_k: NDArray, n_k: int) -> NDArray:
    """Return ``A^T y`` as an ``n_u x n_k`` array."""
    out = np.repeat(y_u[:, None], n_k, axis=1)
    out[:, :-1] += basis.T @ y_k.T
    return out


def _interior_point(cost: NDArray, basis: NDArray) -> tuple[NDArray, NDArray, NDArray]:
    """Mehrotra's predictor–corrector method on the structured LP.

    Returns the best iterate's primal ``x``, dual slacks ``s`` and independence multipliers.
    """
    n_u, n_k = cost.shape
    m = basis.shape[0]
    b_u, b_k = np.ones(n_u), np.zeros((n_k - 1, m))
    # Mehrotra's starting point: least-norm x and least-squares (y, s), shifted positive
    ne = _Normal(basis, np.ones((n_u, n_k)))
    y_u, y_k = ne.solve(b_u, b_k)
    x = _apply_t(basis, y_u, y_k, n_k)
    cu, ck = _apply(basis, cost)
    y_u, y_k = ne.solve(cu, ck)
    s = cost - _apply_t(basis, y_u, y_k, n_k)
    dx = max(-1.5 * float(x.min()), 0.0)
    ds = max(-1.5 * float(s.min()), 0.0)
    x, s = x + dx, s + ds
    xs = float(np.sum(x * s))
    x += 0.5 * xs / float(s.sum())
    s += 0.5 * xs / float(x.sum())
    n = x.size
    scale_b = 1.0 + math.sqrt(n_u)
    scale_c = 1.0 + float(np.linalg.norm(cost))
    best = (math.inf, x, s, y_k)
    for _ in range(_MAX_ITER):
        ax_u, ax_k = _apply(basis, x)
        rp_u, rp_k = b_u - ax_u, b_k - ax_k
        rd = cost - _apply_t(basis, y_u, y_k, n_k) - s
        mu = float(np.sum(x * s)) / n
        p_obj, d_obj = float(np.sum(cost * x)), float(y_u.sum())
        rel_p = math.hypot(float(np.linalg.norm(rp_u)), float(np.linalg.norm(rp_k))) / scale_b
        rel_d = float(np.linalg.norm(rd)) / scale_c
        err = max(rel_p, rel_d, abs(p_obj - d_obj) / (1.0 + abs(p_obj)))
        if err < best[0]:
            best = (err, x, s, y_k)
        elif err > 1e3 * best[0]:
            break  # rounding has taken over: the best iterate is as good as it gets
        if err <= _TOL:
            break
        dmat = x / s
        try:
            ne = _Normal(basis, dmat)
        except np.linalg.LinAlgError:
            break  # the normal equations are lost to rounding: the best iterate is the answer

        args = (basis, ne, dmat, s, rd, rp_u, rp_k)
        ax, _, _, as_ = _direction(*args, -x * s)
        a_p, a_d = _step(x, ax), _step(s, as_)
        mu_aff = float(np.sum((x + a_p * ax) * (s + a_d * as_))) / n
        sigma = (mu_aff / mu) ** 3
        ddx, du, dk, dds = _direction(*args, -x * s - ax * as_ + sigma * mu)
        a_p, a_d = min(1.0, 0.99 * _step(x, ddx, 1e30)), min(1.0, 0.99 * _step(s, dds, 1e30))
        x = x + a_p * ddx
        y_u, y_k, s = y_u + a_d * du, y_k + a_d * dk, s + a_d * dds
    return best[1], best[2], best[3]


def _direction(
    basis: NDArray,
    ne: _Normal,
    dmat: NDArray,
    s: NDArray,
    rd: NDArray,
    rp_u: NDArray,
    rp_k: NDArray,
    rc: NDArray,
) -> tuple[NDArray, NDArray, NDArray, NDArray]:
    """Solve ``A dx = rp``, ``A^T dy + ds = rd``, ``S dx + X ds = rc`` (normal equations)."""
    t = rc / s + dmat * rd  # dx = rc/s - D (rd - A^T dy)
    tu, tk = _apply(basis, t)
    du, dk = ne.solve(rp_u - tu, rp_k - tk)
    ds = rd - _apply_t(basis, du, dk, dmat.shape[1])
    return rc / s - dmat * ds, du, dk, ds


def _step(v: NDArray, dv: NDArray, cap: float = 1.0) -> float:
    """Return the largest ``a <= cap`` with ``v + a dv >= 0``."""
    neg = dv < 0
    if not neg.any():
        return cap
    return min(cap, float((-v[neg] / dv[neg]).min()))


def _crossover(cost: NDArray, bmat: NDArray, x: NDArray, s: NDArray) -> NDArray | None:
    """Run the simplex method on the columns the interior point uses, priced out: a vertex.

    The restricted LP takes the columns with ``x > s / 100`` (the interior point's estimate of
    the optimal face, generously) and every input's best output, and is solved by HiGHS. Its
    duals price every column of the full LP; columns with a negative reduced cost join and
    the restricted LP is solved again (column generation), until none is left: then the
    restricted optimum is the full optimum. Its encoder is feasible for the full LP in any
    case; ``None`` if a restricted LP fails.
    """
    n_u, n_k = cost.shape
    n_h = bmat.shape[0]
    use = x > s
    use[np.arange(n_u), cost.argmin(axis=1)] = True
    w: NDArray | None = None
    value = math.inf
    for _ in range(_ROUNDS):
        uu, kk = np.nonzero(use)
        n_v = uu.size
        col = np.arange(n_v)
        rows = sp.coo_matrix((np.ones(n_v), (uu, col)), shape=(n_u, n_v))
        # independence: sum_u B[h, u] W[u, k] = 0 for every (h, k)
        r_ind = (np.arange(n_h)[:, None] * n_k + kk[None, :]).ravel()
        indep = sp.coo_matrix(
            (bmat[:, uu].ravel(), (r_ind, np.tile(col, n_h))), shape=(n_h * n_k, n_v)
        )
        a_eq = sp.vstack([rows, indep]).tocsr()
        b_eq = np.concatenate([np.ones(n_u), np.zeros(n_h * n_k)])
        res = linprog(
            cost[uu, kk], A_eq=cast(Any, a_eq), b_eq=b_eq, bounds=(0, None), method="highs-ds"
        )
        if res.status != 0 or res.x is None:
            return w
        w = np.zeros((n_u, n_k))
        w[uu, kk] = np.clip(res.x, 0.0, None)
        tot = w.sum(axis=1, keepdims=True)
        if np.any(tot <= 0):
            return None
        w /= tot
        y = np.asarray(res.eqlin.marginals)
        y_u, y_hk = y[:n_u], y[n_u:].reshape(n_h, n_k)
        reduced = cost - y_u[:, None] - bmat.T @ y_hk
        enter = (reduced < -1e-12 * (1.0 + np.abs(cost))) & ~use
        # columns enter while they lower the optimum; at a degenerate vertex the duals are
        # not unique and columns that cannot lower it price out negative too
        fun = float(cast(float, res.fun))
        if not enter.any() or fun >= value - 1e-13 * (1.0 + abs(value)):
            break
        value = fun
        use |= enter
    return w
