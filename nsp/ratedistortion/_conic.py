"""Exponential-cone programs behind Γ(D), Γ_I(D) and R(D, E), solved by Clarabel, certified.

The encoder is described by the solver's view of the source (``_Problem``): encoder inputs
``u`` with mass ``p(u)``, hidden letters ``h`` with ``p(u, h)``, the distortion ``d[u, k]`` and
the block ``b(u)`` (the value of the user's side information; one block without it). The
variables are the joint masses ``m[u, k] = p(u) W[u, k]``, the block output masses
``q[b, k] = sum_{u in b} m[u, k]`` and one epigraph variable per relative-entropy term:

* leakage ``I(H; Xhat | B) = sum_{b,h,k} rel_entr(sum_{u in b} p(h|u) m[u,k], p(h|b) q[b,k])``;
* rate ``I(U; Xhat) = sum_{u,k} rel_entr(m[u,k], p(u) q[k])``,

with ``rel_entr(x, y) = x ln(x/y) <= t`` written as ``(-t, x, y)`` in Clarabel's exponential
cone (the rate programs take ``W = m / p(u)`` itself as the variable: better conditioned).
The program is built once per instance with sparse matrices; along a grid of distortions
only the right-hand side changes (``DefaultSolver.update``). The solutions are then polished
by Newton's method (:mod:`nsp.ratedistortion._polish`): the rate programs' on their
optimality conditions, the leakage program's on the encoder's support.

**Certificate.** Nothing the interior-point solver reports is trusted: the primal point is
projected to exact feasibility (rows on the simplex, ``E d <= D``) and its value computed
directly; the lower bound comes from the variational form
``I(A; Xhat) = max_Q sum m ln(Q(a | xhat) / p(a))`` (equality at the true posterior), which is
linear in the encoder. For any ``Q`` and multipliers ``mu >= 0`` (leakage) and ``lambda``
(independence), ``min`` of the resulting Lagrangian over row-stochastic encoders with
``E d <= D`` is a linear program with a single constraint, solved exactly through its
one-dimensional concave dual (a bisection on the slope). Its value is a lower bound on the
optimum (weak duality), whatever ``Q``, ``mu`` and ``lambda`` are; they are read from the
solver's exponential-cone slacks and duals, which makes the bound tight at the optimum.

These programs are the fallback: Γ(D), Γ_I(D) and R(D, E) go first to the interior-point
method on their own structure (:mod:`nsp.ratedistortion._lifted`), which needs fewer and
cheaper iterations; the programs here are solved when it declines (R(D, E) above its size
limit, the zero-leakage program) or leaves a certificate open.

**Where the time goes** (profiled 2026-11-30 on the benchmark's random Markov instances, one
BLAS thread, idle machine). A Γ(D) point of 16 x 4 spends about 70 % of its time in Clarabel:
17 to 20 iterations of about 0.3 ms, four fifths of which go to factoring and solving the KKT
system. Its first solve stops at a gap of 1e-6, but its feasibility tolerance of 1e-8
binds (the primal residual converges last), and the point it reaches is usually certified
without a polish; the rest is the certificate (projections, the Lagrangian bound). At 64 x 8
an iteration costs about 9 ms, nine tenths of it in factoring and solving the KKT system, which
fills in to a dense block of ``|X_r|`` entries per output (the rows of the output's cones).
A generic model of the same programs (CVXPY + Clarabel at 1e-10) takes 20 to 37 iterations on
the Γ and Γ_I points, at the same cost per iteration, so on the points that need a solver this
module is 1.3 to 2.1 times faster at these sizes: fewer iterations, and one solver updated in
place rather than set up per point. R(D, E) stops at 1e-5 (about 12 iterations) and spends a
third of its time in the Newton polish. Stopping earlier does not pay on random sources: from a
point at 1e-6 feasibility, or 1e-3, the polish needs the right support, and a wrong guess costs
more Newton steps than the iterations saved.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import clarabel
import numpy as np
import scipy.sparse as sp
from numpy.typing import NDArray

from nsp.ratedistortion import _polish


@dataclass(frozen=True)
class Source:
    """The solver's view of a source: input masses, hidden joint, distortion and blocks."""

    pu: NDArray[np.float64]  # p(u), all > 0
    puh: NDArray[np.float64]  # p(u, h)
    d: NDArray[np.float64]  # d[u, k]
    block: NDArray[np.intp]  # b(u) in 0..n_b-1


@dataclass(frozen=True)
class Solution:
    """A certified solution of one program (values in nats)."""

    w: NDArray[np.float64]  # the exactly feasible encoder W[u, k]
    value: float  # objective at w (leakage for Γ, rate for R)
    lower: float  # certified lower bound on the optimum
    leakage: float  # I(H; Xhat | B) at w
    iterations: int
    status: str


def estimate_bytes(n_u: int, n_k: int, n_h: int, n_b: int, *, rate: bool) -> float:
    """Rough peak memory of building and factoring the program (bytes).

    The constraint matrix has about ``n_u n_k (n_h + 4)`` non-zeros (more with the rate
    cones); the KKT factor of an exponential-cone program of this shape fills in to a few
    times that. 8-byte values plus 8-byte indices, times a factor 6 for the fill-in and the
    solver's copies.
    """
    nm = n_u * n_k
    nnz = nm * (n_h + 4) + 3 * n_b * n_h * n_k + (4 * nm if rate else 0)
    return 16.0 * 6.0 * (nnz + 10 * (nm + n_b * n_h * n_k))


class Program:
    """One exponential-cone program for a source, reusable along a grid of distortions.

    ``kind`` is ``"gamma"`` (minimize the leakage under ``E d <= D``), ``"rate"`` (minimize
    the rate under ``E d <= D`` and leakage ``<= T``) or ``"rate0"`` (minimize the rate under
    ``E d <= D`` and ``Xhat`` independent of ``H``: zero leakage, written as linear equalities).
    """

    def __init__(self, src: Source, kind: str) -> None:
        self.src = src
        self.kind = kind
        pu, puh, d, blk = src.pu, src.puh, src.d, src.block
        n_u, n_k = d.shape
        n_b = int(blk.max()) + 1
        n_m = n_u * n_k
        self.n_u, self.n_k, self.n_b, self.n_m = n_u, n_k, n_b, n_m
        p_bh = np.zeros((n_b, puh.shape[1]))
        np.add.at(p_bh, blk, puh)
        self.p_bh = p_bh
        p_b = p_bh.sum(axis=1)
        self.cond_h_b = p_bh / p_b[:, None]  # p(h | b)
        self.cond_h_u = puh / pu[:, None]  # p(h | u)
        hb_b, hb_h = np.nonzero(p_bh > 0)  # active (b, h) pairs
        n_hb = hb_b.size
        self.hb_b, self.hb_h = hb_b, hb_h
        with_h = kind != "rate0"
        with_u = kind in ("rate", "rate0")
        n_th = n_hb * n_k if with_h else 0
        n_tu = n_m if with_u else 0
        self.off_q = n_m
        self.off_th = n_m + n_b * n_k
        self.off_tu = self.off_th + n_th
        n_x = self.off_tu + n_tu
        self.n_th, self.n_tu = n_th, n_tu

        blocks: list[sp.coo_matrix] = []
        rhs: list[NDArray[np.float64]] = []
        cones: list[Any] = []

        def add(rows: NDArray, cols: NDArray, vals: NDArray, n_rows: int, b: NDArray) -> None:
            blocks.append(sp.coo_matrix((vals, (rows, cols)), shape=(n_rows, n_x)))
            rhs.append(b)

        m_idx = np.arange(n_m).reshape(n_u, n_k)
        u_of_m = np.repeat(np.arange(n_u), n_k)
        k_of_m = np.tile(np.arange(n_k), n_u)
        # --- equalities: rows of the encoder, q definitions, independence ------------------
        add(u_of_m, m_idx.ravel(), np.ones(n_m), n_u, pu.copy())
        q_idx = self.off_q + blk[u_of_m] * n_k + k_of_m  # q[b(u), k] for every m[u, k]
        rows_q = np.concatenate([np.arange(n_b * n_k), blk[u_of_m] * n_k + k_of_m])
        cols_q = np.concatenate([self.off_q + np.arange(n_b * n_k), m_idx.ravel()])
        vals_q = np.concatenate([np.ones(n_b * n_k), -np.ones(n_m)])
        add(rows_q, cols_q, vals_q, n_b * n_k, np.zeros(n_b * n_k))
        n_eq = n_u + n_b * n_k
        self.n_indep = 0
        if kind == "rate0":  # sum_u p(h|u) m[u,k] - p(h|b) q[b,k] = 0 for every (b, h), k
            r_m, c_m, v_m = self._hidden_rows(m_idx)
            cell = np.arange(n_hb * n_k)
            r_q = cell
            c_q = self.off_q + np.repeat(hb_b, n_k) * n_k + np.tile(np.arange(n_k), n_hb)
            v_q = -np.repeat(self.cond_h_b[hb_b, hb_h], n_k)
            add(
                np.concatenate([r_m, r_q]),
                np.concatenate([c_m, c_q]),
                np.concatenate([v_m, v_q]),
                n_hb * n_k,
                np.zeros(n_hb * n_k),
            )
            n_eq += n_hb * n_k
            self.n_indep = n_hb * n_k
        cones.append(clarabel.ZeroConeT(n_eq))
        # --- inequalities: distortion, leakage budget, m >= 0 --------------------------------
        self.row_dist = n_eq
        add(np.zeros(n_m, dtype=int), m_idx.ravel(), d.ravel(), 1, np.array([0.0]))
        n_ineq = 1
        self.row_leak = -1
        if kind == "rate":
            self.row_leak = n_eq + 1
            add(
                np.zeros(n_th, dtype=int),
                self.off_th + np.arange(n_th),
                np.ones(n_th),
                1,
                np.array([0.0]),
            )
            n_ineq += 1
        self.row_nonneg = n_eq + n_ineq
        add(np.arange(n_m), m_idx.ravel(), -np.ones(n_m), n_m, np.zeros(n_m))
        n_ineq += n_m
        cones.append(clarabel.NonnegativeConeT(n_ineq))
        # --- exponential cones: (-t, x, y) ---------------------------------------------------
        self.row_exp = n_eq + n_ineq
        if with_h:  # cells (b, h, k): x = sum_u p(h|u) m[u,k], y = p(h|b) q[b,k]
            r_m, c_m, v_m = self._hidden_rows(m_idx)
            cell = np.arange(n_th)
            q_of_cell = self.off_q + np.repeat(hb_b, n_k) * n_k + np.tile(np.arange(n_k), n_hb)
            add(
                np.concatenate([3 * cell, 3 * r_m + 1, 3 * cell + 2]),
                np.concatenate([self.off_th + cell, c_m, q_of_cell]),
                np.concatenate([np.ones(n_th), -v_m, -np.repeat(self.cond_h_b[hb_b, hb_h], n_k)]),
                3 * n_th,
                np.zeros(3 * n_th),
            )
        if with_u:  # cells (u, k): x = m[u,k], y = p(u) q[b(u),k] / p(b(u))... no blocks here
            cell = np.arange(n_m)
            add(
                np.concatenate([3 * cell, 3 * cell + 1, 3 * cell + 2]),
                np.concatenate([self.off_tu + cell, m_idx.ravel(), q_idx]),
                np.concatenate([np.ones(n_m), -np.ones(n_m), -pu[u_of_m] / p_b[blk[u_of_m]]]),
                3 * n_m,
                np.zeros(3 * n_m),
            )
        n_exp = (n_th if with_h else 0) + (n_tu if with_u else 0)
        cones.extend(clarabel.ExponentialConeT() for _ in range(n_exp))
        a_mat = sp.vstack(blocks).tocsc()
        b_vec = np.concatenate(rhs)
        # The rate programs take the encoder W = m / p(u) itself as the variable (columns of
        # the joint masses scaled by p(u), their row sums and signs by 1 / p(u)): with inputs
        # of very different masses this is much better conditioned, and near a leakage budget
        # of zero the solver's point meets the budget far more closely. The leakage program
        # solves in fewer iterations on the masses.
        self.col_scale = np.ones(n_x)
        if with_u:
            self.col_scale[:n_m] = pu[u_of_m]
            row = np.ones(a_mat.shape[0])
            row[:n_u] = 1.0 / pu
            row[self.row_nonneg : self.row_nonneg + n_m] = 1.0 / pu[u_of_m]
            a_mat = (sp.diags(row) @ a_mat @ sp.diags(self.col_scale)).tocsc()
            b_vec = row * b_vec
        self.A = a_mat
        self.b = b_vec
        self.cones = cones
        c = np.zeros(n_x)
        if kind == "gamma":
            c[self.off_th : self.off_th + n_th] = 1.0
        else:
            c[self.off_tu : self.off_tu + n_tu] = 1.0
        self.c = c
        self.P = sp.csc_matrix((n_x, n_x))
        self._solver: Any = None
        self._key: tuple[float, int, bool] = (math.nan, 0, True)

    def _hidden_rows(self, m_idx: NDArray) -> tuple[NDArray, NDArray, NDArray]:
        """Rows (cell index), columns and values of ``sum_u p(h|u) m[u, k]`` per (b, h), k."""
        n_k = self.n_k
        blk = self.src.block
        # map (b, h) -> active pair index
        pair = -np.ones(self.p_bh.shape, dtype=int)
        pair[self.hb_b, self.hb_h] = np.arange(self.hb_b.size)
        uu, hh = np.nonzero(self.cond_h_u > 0)
        pidx = pair[blk[uu], hh]
        rows = (pidx[:, None] * n_k + np.arange(n_k)[None, :]).ravel()
        cols = m_idx[uu].ravel()
        vals = np.repeat(self.cond_h_u[uu, hh], n_k)
        return rows, cols, vals

    def _settings(self, tol: float, max_iter: int, equilibrate: bool) -> Any:

        s = clarabel.DefaultSettings()
        s.verbose = False
        s.presolve_enable = False  # keep the rows fixed so that the data can be updated
        s.tol_gap_abs = s.tol_gap_rel = tol
        # the rate programs' points are polished by Newton's method, which needs them close,
        # not feasible: their feasibility tolerance follows the gap's
        s.tol_feas = tol if self.kind != "gamma" else min(1e-8, tol)
        s.max_iter = max_iter
        s.equilibrate_enable = equilibrate
        # Clarabel's "auto" picks the supernodal faer factorization for the larger programs;
        # on these (a dense block per output letter) QDLDL is 1.2-2.5x faster an iteration
        # (measured on 64x64x8, 256x256x16 and 153x153x37 programs) at the same accuracy.
        s.direct_solve_method = "qdldl"
        return s

    def solve(
        self,
        D: float,
        T: float = 0.0,
        *,
        tol: float = 1e-9,
        max_iter: int = 200,
        equilibrate: bool = True,
    ) -> Any:
        """Run Clarabel at distortion ``D`` (and leakage budget ``T`` nats); its raw solution.

        The solver is kept between calls with the same settings; only ``b`` is updated.
        """
        b = self.b.copy()
        b[self.row_dist] = D
        if self.row_leak >= 0:
            b[self.row_leak] = T
        key = (tol, max_iter, equilibrate)
        if self._solver is None or key != self._key:
            self._solver = clarabel.DefaultSolver(
                self.P, self.c, self.A, b, self.cones, self._settings(*key)
            )
            self._key = key
        else:
            self._solver.update(b=b)
        return self._solver.solve()

    # --- certificate ---------------------------------------------------------------------

    def encoder(self, x: NDArray) -> NDArray[np.float64]:
        """Row-stochastic encoder from the solver's joint masses (or encoder entries)."""
        m = np.asarray(x[: self.n_m]) * self.col_scale[: self.n_m]
        m = np.clip(m.reshape(self.n_u, self.n_k), 0.0, None)
        tot = m.sum(axis=1, keepdims=True)
        w = np.where(tot > 0, m / np.where(tot > 0, tot, 1.0), 1.0 / self.n_k)
        return w

    def hidden_coeff(self, post_ratio: NDArray) -> NDArray[np.float64]:
        """``g[u, k] = sum_h p(h|u) ln(Q(h|b,k)/p(h|b))`` from ratios ``Q/p`` per cell.

        ``post_ratio[pair, k]`` is proportional to ``Q(h | b, k) / p(h | b)``; it is normalized
        so that ``Q(. | b, k)`` sums to one (a sub-normalized ``Q`` would also be valid).
        """
        q = post_ratio * self.cond_h_b[self.hb_b, self.hb_h][:, None]
        tot = np.zeros((self.n_b, self.n_k))
        np.add.at(tot, self.hb_b, q)
        logr = np.log(post_ratio) - np.log(tot[self.hb_b])
        full = np.zeros((self.n_b, self.p_bh.shape[1], self.n_k))
        full[self.hb_b, self.hb_h] = logr
        # g[u, k] = sum_h p(h|u) full[b(u), h, k]
        return np.einsum("uh,uhk->uk", self.cond_h_u, full[self.src.block])

    def rate_coeff(self, post_ratio: NDArray) -> NDArray[np.float64]:
        """``g[u, k] = ln(Q(u|k)/p(u))`` from ratios proportional to ``Q(u|k)/p(u)``."""
        q = post_ratio * self.src.pu[:, None]
        return np.log(post_ratio) - np.log(q.sum(axis=0, keepdims=True))

    def exp_ratio(self, z: NDArray, start: int, n: int) -> NDArray[np.float64]:
        """``Q / p`` per cell from the duals of ``n`` exponential cones from cone ``start``.

        For the cone ``(-t, x, y)`` the dual is ``(-a, z2, z3)`` (``a`` the price of ``t``:
        1 in the objective, the leakage multiplier in the budget) with
        ``z2 = -a (1 + ln(x / y))`` at the optimum, so ``exp(-z2 / a - 1)`` estimates the
        ratio of the posterior to the prior; the dual values stay accurate on cells whose
        primal mass vanishes.
        """
        tri = np.asarray(z[self.row_exp + 3 * start : self.row_exp + 3 * (start + n)]).reshape(n, 3)
        a = np.where(tri[:, 0] < 0, -tri[:, 0], 1.0)
        with np.errstate(over="ignore", invalid="ignore"):
            r = np.exp(np.clip(-tri[:, 1] / a - 1.0, -700.0, 700.0))
        return np.where(np.isfinite(r) & (r > 0), r, 1.0)

    def _cells(self, w: NDArray) -> tuple[NDArray, NDArray, NDArray]:
        """Per (pair, k): ``p(b, h, k)`` and ``p(h | b) q[b, k]``; and ``q[b, k]``."""
        m = self.src.pu[:, None] * w
        joint = np.zeros((self.n_b, self.p_bh.shape[1], self.n_k))
        np.add.at(joint, self.src.block, self.src.puh[:, :, None] * w[:, None, :])
        qb = np.zeros((self.n_b, self.n_k))
        np.add.at(qb, self.src.block, m)
        x = joint[self.hb_b, self.hb_h]
        return x, self.cond_h_b[self.hb_b, self.hb_h][:, None] * qb[self.hb_b], qb

    def posterior_ratio_h(self, w: NDArray) -> NDArray[np.float64] | None:
        """``p(h | b, k) / p(h | b)`` of an encoder, per (pair, k); ``None`` if a cell is empty."""
        x, y, _ = self._cells(w)
        if np.any((x <= 0) & (y > 0)):
            return None
        return np.asarray(np.where(y > 0, x / np.where(y > 0, y, 1.0), 1.0))

    def posterior_ratio_or(self, w: NDArray, fill: NDArray) -> NDArray[np.float64]:
        """``p(h | b, k) / p(h | b)`` of an encoder, ``fill`` where it is 0 or undefined.

        ``fill`` is a ratio per (pair, k), such as :meth:`exp_ratio`'s (any ratio gives a valid
        bound). It is taken on the cells of an output the block does not use, or uses with a
        mass below 1e-12 of the block's (a repair's rounding: such an output has the posterior
        of a lone input, a poor choice of ``Q`` for the others), and on the empty cells.
        """
        x, y, qb = self._cells(w)
        p_b = self.p_bh.sum(axis=1)
        ok = (x > 0) & (qb[self.hb_b] > 1e-12 * p_b[self.hb_b][:, None])
        return np.asarray(np.where(ok, x / np.where(ok, y, 1.0), fill))


@dataclass(frozen=True)
class CheapOutput:
    """A distortion with one cheap output per input: ``d[u, k] = a`` at ``k = col[u]``, else ``b``.

    The Hamming distortion is the case ``a = 0, b = 1, col[u] = u`` (the rows of inputs of
    zero mass dropped). On it the exponential tilt and the linear bound reduce to
    one-dimensional sums over the inputs (:func:`tilt`, :func:`lp_lower`).
    """

    col: NDArray[np.intp]  # the cheap output of every input
    a: float  # its distortion
    b: float  # the distortion of every other output (> a)


def cheap_output(d: NDArray) -> CheapOutput | None:
    """Return the :class:`CheapOutput` structure of ``d``, or ``None`` if it has none.

    >>> cheap_output(np.array([[0.0, 1.0, 1.0], [1.0, 1.0, 0.0]]))
    CheapOutput(col=array([0, 2]), a=0.0, b=1.0)
    >>> cheap_output(np.array([[0.0, 1.0], [1.0, 4.0]])) is None
    True
    """
    if d.ndim != 2 or d.shape[1] < 2 or d.size == 0:
        return None
    col = d.argmin(axis=1)
    rows = np.arange(d.shape[0])
    a, b = float(d.min()), float(d.max())
    if not a < b or np.any(d[rows, col] != a):
        return None
    if int(np.count_nonzero(d == b)) != d.size - d.shape[0]:
        return None
    return CheapOutput(col.astype(np.intp), a, b)


def lp_lower(
    pu: NDArray,
    d: NDArray,
    g: NDArray,
    D: float,
    nu_hint: float,
    *,
    cheap: CheapOutput | None = None,
) -> float:
    """``min <p_u g, W>`` over row-stochastic ``W`` with ``sum p(u) W d <= D``, exactly.

    Through its dual ``max_{nu >= 0} phi(nu)``,
    ``phi(nu) = sum_u p(u) min_k (g + nu d)[u, k] - nu D``: concave and piecewise linear, its
    slope on the piece at ``nu`` is ``sum_u p(u) d[u, k*(nu)] - D``. Its maximum is found by
    cutting planes in one dimension: the maximum lies below the intersection of the pieces at
    the ends of a bracket (slope > 0 at ``lo``, <= 0 at ``hi``), which is evaluated next and
    replaces an end, until ``phi`` there reaches the intersection (to rounding): a few
    evaluations, where bisection takes about fifty. Every ``phi(nu)`` is a valid lower bound
    (weak duality); the best one seen is returned. ``pu`` is ``p(u)``, ``d`` the distortion
    ``d[u, k]``, ``g`` the linear coefficients. With ``cheap`` (the structure of ``d``), a
    row's minimum is that of its cheap entry and of its smallest other entry, found once.
    """
    rows = np.arange(d.shape[0])
    if cheap is not None:
        g_cheap = g[rows, cheap.col]
        g_other = _min_off(g, cheap.col)

        def phi_slope(nu: float) -> tuple[float, float]:
            at_cheap = g_cheap + nu * cheap.a <= g_other + nu * cheap.b
            t = np.where(at_cheap, g_cheap + nu * cheap.a, g_other + nu * cheap.b)
            slope = float(pu @ np.where(at_cheap, cheap.a, cheap.b)) - D
            return float(pu @ t) - nu * D, slope

    else:

        def phi_slope(nu: float) -> tuple[float, float]:
            t = g + nu * d
            k = t.argmin(axis=1)
            return float(pu @ t[rows, k]) - nu * D, float(pu @ d[rows, k]) - D

    best, slope = phi_slope(0.0)
    if slope <= 0:
        return best
    lo, v_lo, s_lo = 0.0, best, slope
    hi = max(2.0 * nu_hint, 1.0) if math.isfinite(nu_hint) else 1.0
    while True:
        v_hi, s_hi = phi_slope(hi)
        best = max(best, v_hi)
        if s_hi <= 0:
            break
        if hi > 1e15:
            return best
        lo, v_lo, s_lo, hi = hi, v_hi, s_hi, 2.0 * hi
    if lo < nu_hint < hi:
        v, sl = phi_slope(nu_hint)
        best = max(best, v)
        if sl > 0:
            lo, v_lo, s_lo = nu_hint, v, sl
        else:
            hi, v_hi, s_hi = nu_hint, v, sl
    for _ in range(100):
        if s_hi == 0.0 or hi - lo <= 1e-15 * hi:
            break  # a flat piece at hi (its value is the maximum), or the bracket is closed
        # the lines of the pieces at lo and hi meet at nu; the maximum is at most their value
        nu = (v_hi - v_lo + s_lo * lo - s_hi * hi) / (s_lo - s_hi)
        if not lo < nu < hi:
            nu = 0.5 * (lo + hi)
        v, sl = phi_slope(nu)
        best = max(best, v)
        if v >= v_lo + s_lo * (nu - lo) - 1e-15 * (1.0 + abs(v)):
            break  # phi reaches the intersection: the maximum
        if sl > 0:
            lo, v_lo, s_lo = nu, v, sl
        else:
            hi, v_hi, s_hi = nu, v, sl
    return best


def leakage_nats(src: Source, w: NDArray) -> float:
    """``I(H; Xhat | B)`` of an encoder, in nats."""
    n_b = int(src.block.max()) + 1
    joint = np.zeros((n_b, src.puh.shape[1], w.shape[1]))
    np.add.at(joint, src.block, src.puh[:, :, None] * w[:, None, :])
    p_bh = joint.sum(axis=2, keepdims=True)
    q_bk = joint.sum(axis=1, keepdims=True)
    p_b = joint.sum(axis=(1, 2), keepdims=True)
    num = joint * p_b
    den = p_bh * q_bk
    mask = joint > 0
    return float(np.sum(joint[mask] * np.log(num[mask] / den[mask])))


def rate_nats(src: Source, w: NDArray) -> float:
    """``I(U; Xhat)`` of an encoder (one block), in nats."""
    q = src.pu @ w
    m = src.pu[:, None] * w
    mask = m > 0
    ratio = w / np.where(q > 0, q, 1.0)[None, :]
    return float(np.sum(m[mask] * np.log(ratio[mask])))


@contextmanager
def _left_out(x: NDArray, col: NDArray, fill: float) -> Iterator[None]:
    """Set ``x[u, col[u]]`` to ``fill`` for the block, then put the entries back."""
    rows = np.arange(x.shape[0])
    keep = x[rows, col].copy()
    x[rows, col] = fill
    try:
        yield
    finally:
        x[rows, col] = keep


def _min_off(x: NDArray, col: NDArray) -> NDArray[np.float64]:
    """Row minima of ``x`` without the entries ``x[u, col[u]]``."""
    with _left_out(x, col, np.inf):
        return np.asarray(x.min(axis=1))


def _exp_off(x: NDArray, col: NDArray) -> tuple[NDArray, NDArray, NDArray]:
    """Row log-sum-exp of ``x`` without the entries ``x[u, col[u]]`` (``-inf`` for none).

    Returns ``(lse, t, shift)``: ``t = exp(x - shift[:, None])`` with 0 at the left-out
    entries, ``shift`` the row maxima of the others (0 for none).
    """
    with _left_out(x, col, -np.inf):
        top = x.max(axis=1)
        shift = np.where(np.isfinite(top), top, 0.0)
        t = x - shift[:, None]
    with np.errstate(under="ignore"):
        np.exp(t, out=t)
    with np.errstate(divide="ignore"):
        return np.log(t.sum(axis=1)) + shift, t, shift


def _tilt_cheap(
    logv: NDArray, cheap: CheapOutput, pu: NDArray, D: float, nu0: float
) -> tuple[NDArray, NDArray, float]:
    """:func:`tilt` for a distortion with one cheap output per input, in ``O(n)`` per step.

    A row tilted by ``nu`` puts the share ``sigmoid(x_u + nu (b - a))`` on its cheap output,
    ``x_u`` the log-ratio of the row's cheap mass to the rest, and the distortion
    ``b - (b - a) share`` (its variance ``(b - a)^2 share (1 - share)``): the Newton steps on
    ``nu`` touch ``n_u`` numbers, and the matrix is formed once, at the end.
    """
    rows = np.arange(logv.shape[0])
    log_cheap = logv[rows, cheap.col]
    log_other, w, shift = _exp_off(logv, cheap.col)
    with np.errstate(invalid="ignore"):
        x = log_cheap - log_other  # +inf: nothing else; nan: an empty row (not ours)
    gap = cheap.b - cheap.a

    def at(nu: float) -> tuple[float, float]:
        with np.errstate(over="ignore"):
            share = 0.5 * (1.0 + np.tanh(0.5 * (x + nu * gap)))  # sigmoid, no overflow
        return cheap.b - gap * float(pu @ share), gap * gap * float(pu @ (share * (1.0 - share)))

    nu = _newton_nu(at, D, nu0)
    # log Z_u = logaddexp(cheap entry - nu a, other mass - nu b)
    log_z = np.logaddexp(log_cheap - nu * cheap.a, log_other - nu * cheap.b)
    lw = logv - (nu * cheap.b + log_z)[:, None]
    lw[rows, cheap.col] = log_cheap - nu * cheap.a - log_z
    with np.errstate(under="ignore"):  # exp(lw) from the other entries' exponentials
        w *= np.exp(shift - nu * cheap.b - log_z)[:, None]
        w[rows, cheap.col] = np.exp(lw[rows, cheap.col])
    return w, lw, nu


def _newton_nu(at: Callable[[float], tuple[float, float]], D: float, nu0: float) -> float:
    """Return the smallest ``nu >= 0`` with ``at(nu)[0] <= D`` (``at``: distortion, variance).

    Safeguarded Newton steps on the monotone distortion curve, from ``nu0``; the ``nu``
    returned is the last one evaluated, or the feasible end of the bracket.
    """
    dn, var = at(0.0)
    if dn <= D:
        return 0.0
    lo, hi = 0.0, math.inf
    nu = last = max(nu0, 1e-3)
    for _ in range(300):
        dn, var = at(nu)
        last = nu
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
        return hi
    return last


def tilt(
    logv: NDArray,
    d: NDArray,
    pu: NDArray,
    D: float,
    nu0: float,
    *,
    cheap: CheapOutput | None = None,
) -> tuple[NDArray, NDArray, float]:
    """KL projection of the rows ``exp(logv)`` onto ``{sum_u p(u) sum_k W[u,k] d[u,k] <= D}``.

    Returns ``(W, log W, nu)`` with ``W = exp(logv - nu d) / Z`` for the smallest ``nu >= 0``
    whose distortion is at most ``D`` (safeguarded Newton steps on the monotone distortion
    curve, computed in the log domain so that large ``nu`` cannot overflow). With ``cheap``
    (the structure of ``d``), a step costs ``O(n_u)`` instead of a pass over the matrix.
    """
    if cheap is not None:
        return _tilt_cheap(logv, cheap, pu, D, nu0)

    last: dict[str, Any] = {}

    def at(nu: float) -> tuple[float, float]:
        # in place where the values allow it: three n_u x n_k arrays per step, not six
        lt = np.multiply(d, nu)
        np.subtract(logv, lt, out=lt)
        lt -= lt.max(axis=1, keepdims=True)
        with np.errstate(under="ignore"):
            t = np.exp(lt)
        z = t.sum(axis=1, keepdims=True)
        t /= z
        lt -= np.log(z)
        td = t * d
        mean = td.sum(axis=1)
        var = np.multiply(td, d, out=td).sum(axis=1) - mean**2
        last.update(nu=nu, w=t, lw=lt)
        return float(pu @ mean), float(pu @ np.maximum(var, 0.0))

    nu = _newton_nu(at, D, nu0)
    if last["nu"] != nu:
        at(nu)
    return last["w"], last["lw"], nu


def feasible_encoder(src: Source, w: NDArray, D: float) -> NDArray[np.float64]:
    """Mix ``w`` with a less distorting encoder so that ``E d <= D`` holds exactly.

    The encoder mixed in sends each input to its cheapest output among those ``w`` already
    uses, when that meets the budget (the support, which notions such as the non-stochastic
    leakage see, is then kept: an excess of rounding size must not add outputs), else to its
    cheapest output overall.
    """
    dist = float(src.pu @ (w * src.d).sum(axis=1))
    if dist <= D:
        return w
    rows = np.arange(w.shape[0])
    cheap = np.where(w > 0, src.d, np.inf).argmin(axis=1)  # the cheapest output in use
    d_cheap = float(src.pu @ src.d[rows, cheap])
    if d_cheap > D:  # the support cannot meet the budget
        cheap = src.d.argmin(axis=1)
        d_cheap = float(src.pu @ src.d[rows, cheap])
    w_min = np.zeros_like(w)
    w_min[rows, cheap] = 1.0
    theta = min(1.0, (dist - D) / (dist - d_cheap)) if dist > d_cheap else 1.0
    for _ in range(60):  # rounding: grow the share until the budget holds in floating point
        out = (1.0 - theta) * w + theta * w_min
        if float(src.pu @ (out * src.d).sum(axis=1)) <= D or theta >= 1.0:
            return out
        theta = min(1.0, theta * (1.0 + 1e-9) + 1e-15)
    return w_min


def distortion_feasible(src: Source, w: NDArray, D: float) -> tuple[NDArray[np.float64], float]:
    """Return an encoder with ``E d <= D`` exactly near ``w``, and its leakage (nats).

    The solver's point exceeds the budget by up to its feasibility tolerance. Two repairs are
    tried and the less leaky kept: mixing with the least-distortion encoder
    (:func:`feasible_encoder`) and the KL projection onto the budget (:func:`tilt`, each row
    tilted towards its cheaper outputs). Near the optimum the tilt costs the leakage
    multiplier times the excess, to first order (the rows move within their support, where
    the Lagrangian is flat), which is often a few times less than the mixture.
    """
    mixed = feasible_encoder(src, w, D)
    best = (leakage_nats(src, mixed), mixed)
    if mixed is not w:  # w was over the budget
        with np.errstate(divide="ignore"):
            tilted = tilt(np.log(w), src.d, src.pu, D, 1e-3)[0]
        tilted = feasible_encoder(src, tilted, D)  # the tilt's last rounding
        leak = leakage_nats(src, tilted)
        if leak < best[0]:
            best = (leak, tilted)
    return best[1], best[0]


def independent_encoder(
    src: Source, w: NDArray, w_pp: NDArray, D: float, d_pp: float
) -> NDArray[np.float64]:
    """Project ``w`` onto encoders whose output is exactly independent of ``H`` (one block).

    Independence is ``B W = 0`` with ``B[h, u] = p(u, h) - p(h) p(u)``. Alternating
    projections: the least-squares correction onto the affine set {independent, rows summing
    to one, distortion ``min(E d, D)``}, then clipping the (tiny) negative entries, until both
    hold to rounding. If that does not converge, negative entries are removed by mixing with
    the uniform encoder and the distortion by mixing with ``w_pp`` (independent, distortion
    ``d_pp <= D``): mixtures of independent encoders stay independent.
    """
    n_u, n_k = w.shape
    bmat = src.puh.T - np.outer(src.puh.sum(axis=0), src.pu)  # [h, u]
    cost = (src.pu[:, None] * src.d).ravel()
    c_mat: Any = sp.vstack(
        [
            sp.kron(sp.csr_matrix(bmat), sp.identity(n_k)),
            sp.kron(sp.identity(n_u), np.ones((1, n_k))),
            sp.csr_matrix(cost[None, :]),
        ]
    )
    c_mat = c_mat.tocsr()
    gram = (c_mat @ c_mat.T).toarray()
    target = np.concatenate([np.zeros(bmat.shape[0] * n_k), np.ones(n_u), [0.0]])
    x = w.ravel().copy()
    target[-1] = min(float(cost @ x), D)
    for _ in range(50):
        r = target - c_mat @ x
        if np.abs(r).max() <= 1e-16 and x.min() >= 0:
            break
        y = np.linalg.lstsq(gram, r, rcond=None)[0]
        x = x + c_mat.T @ y
        x = np.clip(x, 0.0, None)
    w1 = x.reshape(n_u, n_k)
    w1 = w1 / w1.sum(axis=1, keepdims=True)
    dist = float(src.pu @ (w1 * src.d).sum(axis=1))
    if dist > D:
        theta = min(1.0, (dist - D) / max(dist - d_pp, 1e-300) * (1 + 1e-12))
        w1 = (1.0 - theta) * w1 + theta * w_pp
    return w1


def _status(sol: Any) -> str:
    return str(sol.status).split(".")[-1]


#: Entries of an interior point's encoder below these fractions of their row's largest are
#: tried as zeros (:func:`_supports`).
_SUPPORT_CUTS = (1e-8, 1e-6)


def _supports(w: NDArray) -> list[NDArray[np.float64]]:
    """Return the interior point's encoder and the same with its tiny entries set to zero.

    An interior point keeps a mass of the order of its tolerance on nearly every entry,
    while the least leakage is usually reached on a sparse encoder (its Lagrangian is linear
    in the encoder given the posteriors): the masses off the optimal support cost leakage.
    Dropping them, one cut-off at a time, often lowers the certified gap of a solve at 1e-10
    several-fold; the caller keeps the least leaky (after :func:`distortion_feasible`), so
    this never worsens the point. It also keeps the solver's noise out of the support, which
    is all that notions such as the non-stochastic leakage see.
    """
    out = [w]
    top = w.max(axis=1, keepdims=True)
    for cut in _SUPPORT_CUTS:
        kept = np.where(w >= cut * top, w, 0.0)
        if np.count_nonzero(kept) < np.count_nonzero(out[-1]):
            out.append(kept / kept.sum(axis=1, keepdims=True))
    return out


def gamma(
    prog: Program,
    D: float,
    *,
    tol: float = 1e-9,
    max_iter: int = 200,
    equilibrate: bool = True,
    polish_above: float | None = None,
) -> Solution:
    """Minimal leakage ``I(H; Xhat | B)`` under ``E d <= D``: certified (nats).

    If the certified gap of the solver's point exceeds ``polish_above`` (``None``: never),
    Newton's method minimizes the leakage on the point's support
    (:func:`nsp.ratedistortion._polish.polish_gamma`); the polished encoder is certified the
    same way, with the posteriors of the encoder itself, and the better encoder and the
    better bound are returned.
    """
    src = prog.src
    sol = prog.solve(D, tol=tol, max_iter=max_iter, equilibrate=equilibrate)
    x, z = np.asarray(sol.x), np.asarray(sol.z)
    w_ip = prog.encoder(x)
    w, value = min(
        (distortion_feasible(src, w0, D) for w0 in _supports(w_ip)),
        key=lambda pair: pair[1],
    )
    nu = float(z[prog.row_dist]) if np.isfinite(z[prog.row_dist]) else 1.0
    ratio = prog.exp_ratio(z, 0, prog.n_th).reshape(-1, prog.n_k)
    lower = lp_lower(src.pu, src.d, prog.hidden_coeff(ratio), D, nu)
    status = _status(sol)
    if polish_above is None:
        return Solution(w, value, min(lower, value), value, int(sol.iterations), status)
    for support in _polish_supports(prog, x, z, w_ip):
        if value - lower <= polish_above:
            break
        pol = _polish.polish_gamma(src.pu, src.puh, src.d, src.block, D, w_ip, support)
        if pol is None:
            continue
        w2, value2 = distortion_feasible(src, pol.w, D)
        post = prog.posterior_ratio_or(w2, ratio)
        lower = max(lower, lp_lower(src.pu, src.d, prog.hidden_coeff(post), D, pol.nu))
        if value2 < value:
            w, value, status = w2, value2, f"{_status(sol)}+Polished"
    return Solution(w, value, min(lower, value), value, int(sol.iterations), status)


def _polish_supports(prog: Program, x: NDArray, z: NDArray, w: NDArray) -> list[NDArray[np.bool_]]:
    """Guesses of the optimal encoder's support from an interior point, best first.

    First the entries whose mass exceeds a tenth of their dual slack (at the optimum of a
    strictly complementary program one of the two vanishes, and along the interior point's
    path their ratio tends to infinity on the support and to zero off it; the tenth keeps
    the small entries a 1e-8 solve has not yet separated); then the entries of at least
    1e-4 of their row's largest. On 51 seeded solves at 1e-8 (16 x 4 to 64 x 8, with and
    without side information) each guess alone led Newton's method to a certified optimum on
    all of them; at 1e-5 of the row the solver's noise made it diverge on 5. ``x`` and ``z``
    are the solver's primal and dual points, ``w`` the encoder read from ``x``.
    """
    m = np.asarray(x[: prog.n_m]) * prog.col_scale[: prog.n_m]
    slack = np.asarray(z[prog.row_nonneg : prog.row_nonneg + prog.n_m])
    return [
        (m > 0.1 * slack).reshape(prog.n_u, prog.n_k),
        w >= 1e-4 * w.max(axis=1, keepdims=True),
    ]


def rate(
    prog: Program,
    D: float,
    T: float,
    *,
    tol: float = 1e-9,
    max_iter: int = 200,
    zero_leak: tuple[float, NDArray] | None = None,
    t_solve: float | None = None,
    equilibrate: bool = True,
    polish_above: float | None = 0.0,
) -> Solution | None:
    """Minimal rate ``I(U; Xhat)`` under ``E d <= D`` and leakage ``<= T`` nats (or zero).

    Returns ``None`` when the solver reports the program infeasible. The returned encoder
    meets ``E d <= D`` exactly and the leakage budget up to the solver's feasibility
    tolerance (the leakage is solved for with the budget ``t_solve``, default ``T`` tightened
    by ``1e-10`` nats; the lower bound is always for the budget ``T``). At zero
    leakage (``prog.kind == "rate0"``) it is projected to exact independence with the help
    of ``zero_leak = (d_pp, w_pp)``, an independent encoder of distortion ``d_pp <= D``.
    If the solver's encoder is over the budget or its certified gap exceeds ``polish_above``
    (``None``: never), Newton's method then solves the optimality conditions from the solver's
    point (:mod:`nsp.ratedistortion._polish`); the polished encoder meets the budget to
    rounding and is certified the same way, and the better encoder and the better bound of
    the two are returned.
    """
    src = prog.src
    zero = prog.kind == "rate0"
    if zero:
        t_solve = 0.0
    elif t_solve is None:
        t_solve = max(T - 1e-10, 0.0)
    sol = prog.solve(D, max(t_solve, 0.0), tol=tol, max_iter=max_iter, equilibrate=equilibrate)
    status = _status(sol)
    if "Infeasible" in status:
        return None
    x, z = np.asarray(sol.x), np.asarray(sol.z)
    if not np.all(np.isfinite(x)):
        return None
    w = feasible_encoder(src, prog.encoder(x), D)
    if zero and zero_leak is not None:
        w = independent_encoder(src, w, zero_leak[1], D, zero_leak[0])
    value = rate_nats(src, w)
    leak = leakage_nats(src, w)
    nu = float(z[prog.row_dist])
    nu = nu if math.isfinite(nu) else 1.0
    start_u = prog.n_th
    g = prog.rate_coeff(prog.exp_ratio(z, start_u, prog.n_tu).reshape(prog.n_u, prog.n_k))
    if zero:
        lam = z[: prog.n_u + prog.n_b * prog.n_k + prog.n_indep][-prog.n_indep :]
        lam = lam.reshape(-1, prog.n_k)  # per active (b, h) pair, k
        # eliminated q: coefficient of m[u, k] is sum_h lam[h, k] (p(h|u) - p(h))
        full = np.zeros((prog.p_bh.shape[1], prog.n_k))
        full[prog.hb_h] = lam
        coeff = g + prog.cond_h_u @ full - (prog.cond_h_b[0] @ full)[None, :]
        lower = lp_lower(src.pu, src.d, coeff, D, nu)
    else:
        mu = max(float(z[prog.row_leak]), 0.0)
        ratio_h = prog.exp_ratio(z, 0, prog.n_th).reshape(-1, prog.n_k)
        gh = prog.hidden_coeff(ratio_h)
        lower = lp_lower(src.pu, src.d, g + mu * gh, D, nu) - mu * T
        # the posteriors of the (projected) primal encoder on the columns it uses, the dual
        # estimates elsewhere: often tighter when the solver stopped short ("AlmostSolved")
        q = src.pu @ w
        used = q > 1e-12
        if np.any(used):
            with np.errstate(divide="ignore"):
                ratio_u = np.where(used[None, :], w / np.where(used, q, 1.0)[None, :], 0.0)
            ratio_u = np.where(
                used[None, :],
                ratio_u,
                prog.exp_ratio(z, start_u, prog.n_tu).reshape(prog.n_u, prog.n_k),
            )
            post_h = prog.posterior_ratio_h(w)
            if np.all(ratio_u > 0):
                g2 = prog.rate_coeff(ratio_u)
                gh2 = gh
                if post_h is not None:
                    gh2 = prog.hidden_coeff(np.where(used[None, :], post_h, ratio_h))
                lower = max(lower, lp_lower(src.pu, src.d, g2 + mu * gh2, D, nu) - mu * T)
    if not math.isfinite(lower):
        lower = -math.inf
    out = Solution(w, value, lower, leak, int(sol.iterations), status)
    short = leak > T + 1e-13 or value - lower > (polish_above or 0.0)
    if polish_above is not None and short:
        mu0 = 1.0 if zero else float(z[prog.row_leak])  # the leakage multiplier
        pol = _polish_solution(prog, D, T, prog.encoder(x), mu0, nu, zero_leak)
        if pol is not None:
            out = _better(out, pol, T, int(sol.iterations))
    return out


def _polish_solution(
    prog: Program,
    D: float,
    T: float,
    w0: NDArray,
    mu: float,
    nu: float,
    zero_leak: tuple[float, NDArray] | None,
) -> Solution | None:
    """Newton's method on the optimality conditions from the solver's point, certified."""
    src = prog.src
    zero = prog.kind == "rate0"
    pol = _polish.polish(src.pu, src.puh, src.d, D, None if zero else T, w0, mu, nu)
    if pol is None:
        return None
    w = feasible_encoder(src, pol.w, D)
    leak = leakage_nats(src, w)
    if zero and zero_leak is not None:  # exactly independent (as the solver's point is)
        w = independent_encoder(src, w, zero_leak[1], D, zero_leak[0])
        leak = leakage_nats(src, w)
    lower = lp_lower(src.pu, src.d, pol.coeff, D, pol.nu) - pol.offset
    if not math.isfinite(lower):
        lower = -math.inf
    return Solution(w, rate_nats(src, w), lower, leak, pol.steps, "Polished")


def _better(sol: Solution, pol: Solution, T: float, iterations: int) -> Solution:
    """Combine the solver's and the polished solution: the best bound, the best encoder.

    An encoder within the budget (``T`` plus rounding) beats one over it; among those within,
    the smaller rate wins.
    """
    slack = T + 1e-13

    def key(s: Solution) -> tuple[bool, float]:
        return (s.leakage > slack, s.value)

    best = min(sol, pol, key=key)
    return Solution(
        best.w,
        best.value,
        max(sol.lower, pol.lower),
        best.leakage,
        iterations + pol.iterations,
        sol.status if best is sol else f"{sol.status}+Polished",
    )
