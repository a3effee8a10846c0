"""Γ(D), Γ_I(D) and R(D, E) by a primal-dual interior-point method on their own structure.

The leakage program of :mod:`nsp.ratedistortion._conic` (minimize ``I(H; Xhat | B)`` over
encoders with ``E d <= D``) is solved here without exponential cones. The leakage is the
maximum over posteriors of a function linear in the joint masses ``m[u, k] = p(u) W[u, k]``:

``I(H; Xhat | B) = max_theta sum_{u,k} m[u,k] a[u,k](theta)``,
``a[u,k] = sum_h p(h|u) (theta[b,h,k] - ln p(h|b)) - sum_h exp(theta[b,h,k]) + 1``
(``b = b(u)``; the maximum is at ``exp(theta) = p(h | b, k)``, the encoder's posterior).

The method keeps the log-posteriors ``theta`` as variables beside ``m`` ("lifted") and runs
Mehrotra's predictor-corrector on the saddle point's optimality conditions: ``a + nu d - y
= z`` (reduced costs, ``z >= 0`` the multipliers of ``m >= 0``, ``y`` of the rows, ``nu`` of
the budget), ``J = Q exp(theta)`` (the posteriors; ``J[b,h,k] = sum_{u in b} p(h|u) m[u,k]``,
``Q[b,k] = sum_{u in b} m[u,k]``), rows summing to ``p(u)``, ``E d + s = D`` and
complementarity. Written this way the conditions are linear in ``m`` and the only nonlinearity
is ``exp(theta)``, so Newton's steps stay good as the masses of unused entries fall by orders
of magnitude (on the reduced problem in ``m`` alone, whose gradient holds ``ln J``, they do
not, and the iteration stalls). Eliminating ``m`` and ``z`` leaves normal equations in
``(theta, y, nu)``: one ``|X_h| x |X_h|`` block per (block, output) cell, then a Schur
complement on the ``|U| + 1`` row and budget multipliers, both by Cholesky factorization
(small programs: one dense factorization). On 200 random points (12 to 48 public letters, 2
to 6 hidden ones) it certified every point, in 11 iterations on average (8 to 22), where
Clarabel on the exponential-cone program takes 17 to 20.

R(D, E) (:func:`rate`) is the same with the rate ``I(U; Xhat) = max_psi sum m (psi - ln p(u)
- sum_u' exp(psi[u', k]) + 1)`` as the objective (``exp(psi) = p(u | k)``, lifted the same
way) and the leakage as a constraint with its own multiplier; ``psi`` is eliminated per
output (a diagonal plus rank-one block), and the normal equations in ``(theta, lam, y, nu)``
are factored densely (LU): 11 to 12 iterations on 300 random points, all certified.

**Certificate.** Exactly as for the conic solutions (:func:`nsp.ratedistortion._conic.gamma`,
:func:`~nsp.ratedistortion._conic.rate`): the encoder is made exactly feasible and its value
computed; the lower bound is the exact minimum of the Lagrangian for the iterate's posteriors
(and for the encoder's own), which holds whatever they are. Nothing the iteration reports is
trusted.

**Where the time goes** (profiled 2026-11-30, one BLAS thread, on the benchmark's random
Markov instances). A Γ(D) iteration at 16 x 4 costs about 0.45 ms: assembling and factoring
the dense normal equations 0.17 ms (the Cholesky factorization of the 81 x 81 matrix itself
0.03 ms), the predictor's and the corrector's directions 0.13 ms, the new iterate's
residuals 0.06 ms, step lengths and the update 0.07 ms. That is about 120 numpy operations
on arrays of a few hundred entries, and their per-call overhead, not arithmetic, is most of
it; a point takes about 10 iterations and one certificate (0.35 ms). Clarabel's iteration on
the exponential-cone program of the same size costs 0.3 ms, but it needs 17 to 20 of them
and the generic model (CVXPY) 20 to 30. At 64 x 8 the normal equations go cell by cell
(0.9 ms to assemble and factor, 0.23 ms a direction; 1.7 ms an iteration against Clarabel's
9 ms), and at 256 x 16 one Γ(D) point takes 0.7 s against the conic solve's 19 s. R(D, E)
factors its normal equations densely by LU: 0.7 ms an iteration at 16 x 4, 14 ms at 64 x 8
(579 unknowns), where assembling them per output block would pay next.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

import numpy as np
import scipy.linalg as sla
from numpy.typing import NDArray

from nsp.ratedistortion import _conic

#: Iterations before the method gives up (the caller then runs the conic solver).
MAX_ITER = 60
#: Fraction of the way to the boundary a step may go.
_STEP_FRACTION = 0.99
#: Largest change of a log-posterior in one step (a safeguard on the exponential).
_MAX_THETA_STEP = 2.0
#: Unknowns of the normal equations up to which they are factored as one dense matrix.
DENSE_UP_TO = 200
#: Entries of ``A`` (encoder entries times unknowns) up to which it is also kept dense, so
#: that a Newton direction is two products with it.
DENSE_A_UP_TO = 200_000


class _Structure:
    """The arrays of a source that the iteration reuses, its inputs sorted by block.

    Inputs are reordered so that every block is a slice (``perm``: position to input);
    ``cond`` is ``p(h | u)``, ``active`` the (block, hidden letter) pairs that occur.
    """

    def __init__(self, src: _conic.Source) -> None:
        self.perm = np.argsort(src.block, kind="stable")
        block = src.block[self.perm]
        self.pu, self.d = src.pu[self.perm], src.d[self.perm]
        self.n_u, self.n_k = src.d.shape
        self.n_h = src.puh.shape[1]
        self.n_b = int(block[-1]) + 1
        self.cond = src.puh[self.perm] / self.pu[:, None]
        p_bh = np.zeros((self.n_b, self.n_h))
        np.add.at(p_bh, block, src.puh[self.perm])
        self.active = p_bh > 0
        prior = p_bh / p_bh.sum(axis=1, keepdims=True)
        self.log_prior = np.where(self.active, np.log(np.where(self.active, prior, 1.0)), 0.0)
        edges = np.searchsorted(block, np.arange(self.n_b + 1))
        self.slices = [slice(int(edges[b]), int(edges[b + 1])) for b in range(self.n_b)]
        # sum_h p(h|u) ln p(h|b), and p(h|u) p(g|u) flattened per input
        self.const = np.concatenate(
            [self.cond[sl] @ self.log_prior[b] for b, sl in enumerate(self.slices)]
        )
        self.offset = 1.0 - self.const  # a[u, k] = p(.|u) . theta - sum_h exp(theta) + offset
        self.cond2 = (self.cond[:, :, None] * self.cond[:, None, :]).reshape(self.n_u, -1)
        self.cond_t = [np.ascontiguousarray(self.cond[sl].T) for sl in self.slices]
        self.all_active = bool(self.active.all())
        # the diagonal blocks of theta in the dense normal matrix, cell by cell
        cell, h, g = np.indices((self.n_b * self.n_k, self.n_h, self.n_h)).reshape(3, -1)
        self.dense_cells = (cell * self.n_h + h, cell * self.n_h + g)
        n_t = self.n_b * self.n_k * self.n_h
        self.dense = n_t + self.n_u + 1 <= DENSE_UP_TO
        self.dense_y = (n_t + np.arange(self.n_u),) * 2
        # A (rows (u, k), columns (theta[b, k, h], y, nu)) as a dense matrix, when small: its
        # y and nu columns are fixed; B's entries p(h|u) - exp(theta[b(u), h, k]) go to
        # a_flat, and each iteration writes its own into this buffer
        self.a_buffer: NDArray | None = None
        if self.dense and self.n_u * self.n_k * (n_t + self.n_u + 1) <= DENSE_A_UP_TO:
            u, k, h = np.indices((self.n_u, self.n_k, self.n_h)).reshape(3, -1)
            b = block[u]
            a_buf = np.zeros((self.n_u * self.n_k, n_t + self.n_u + 1))
            a_buf[
                np.arange(self.n_u * self.n_k), n_t + np.repeat(np.arange(self.n_u), self.n_k)
            ] = -1.0
            a_buf[:, -1] = self.d.ravel()
            self.a_buffer = a_buf
            self.a_flat = (u * self.n_k + k) * a_buf.shape[1] + (b * self.n_k + k) * self.n_h + h
            self.a_cond = self.cond[u, h]
            self.a_e = (b * self.n_h + h) * self.n_k + k  # into exp(theta).ravel()

    def a(self, theta: NDArray, e: NDArray) -> NDArray[np.float64]:
        """``a[u, k]``: the leakage's linear coefficients for the log-posteriors ``theta``."""
        out = np.empty((self.n_u, self.n_k))
        for b, sl in enumerate(self.slices):
            np.subtract(self.cond[sl] @ theta[b], e[b].sum(axis=0), out=out[sl])
        out += self.offset[:, None]
        return out

    def b_times(self, v: NDArray, e: NDArray) -> NDArray[np.float64]:
        """``(B v)[b, h, k] = sum_{u in b} (p(h|u) - e[b, h, k]) v[u, k]``."""
        out = np.empty((self.n_b, self.n_h, self.n_k))
        for b, sl in enumerate(self.slices):
            np.subtract(self.cond_t[b] @ v[sl], e[b] * v[sl].sum(axis=0), out=out[b])
        return out

    def bt_times(self, x: NDArray, e: NDArray) -> NDArray[np.float64]:
        """``(B^T x)[u, k] = sum_h (p(h|u) - e[b(u), h, k]) x[b(u), h, k]``."""
        out = np.empty((self.n_u, self.n_k))
        for b, sl in enumerate(self.slices):
            np.subtract(self.cond[sl] @ x[b], (e[b] * x[b]).sum(axis=0), out=out[sl])
        return out


#: Each program's :class:`_Structure`, built on first use (programs are cached per source).
_STRUCTURES: weakref.WeakKeyDictionary[_conic.Program, _Structure] = weakref.WeakKeyDictionary()


def _structure(prog: _conic.Program) -> _Structure:
    """Return the :class:`_Structure` of ``prog``'s source (built once per program)."""
    st = _STRUCTURES.get(prog)
    if st is None:
        st = _STRUCTURES[prog] = _Structure(prog.src)
    return st


class _Normal:
    """The normal equations in ``(theta, y, nu)`` of one iteration, factored.

    ``N = A^T Sigma A + diag(Lambda, 0, s / nu)`` with ``(A x)[u, k] = (B^T x_theta)[u, k] -
    x_y[u] + d[u, k] x_nu``: one ``|X_h| x |X_h|`` block per (block, output) cell on
    ``theta``, factored by Cholesky, and the Schur complement on ``(y, nu)``, by Cholesky.
    """

    def __init__(
        self, st: _Structure, sigma: NDArray, e: NDArray, lam: NDArray, s_over_nu: float
    ) -> None:
        self.st, self.sigma = st, sigma
        n_u, n_h, n_k = st.n_u, st.n_h, st.n_k
        d = st.d
        sd = sigma * d
        schur = np.zeros((n_u + 1, n_u + 1))
        schur.flat[: n_u * (n_u + 2) : n_u + 2] = sigma.sum(axis=1)
        schur[:n_u, n_u] = schur[n_u, :n_u] = -sd.sum(axis=1)
        schur[n_u, n_u] = float((sd * d).sum()) + s_over_nu
        ih = np.arange(n_h)
        self.inv_chol: list[NDArray] = []  # L^-1 per cell, (k, h, h)
        self.cross: list[NDArray] = []  # L^-1 times the coupling, (k h, |b| + 1)
        for b, sl in enumerate(st.slices):
            cond, sig, et = st.cond[sl], sigma[sl], e[b].T  # et: (k, h)
            t0 = sig.sum(axis=0)
            g = sig.T @ cond - 0.5 * t0[:, None] * et
            block = (sig.T @ st.cond2[sl]).reshape(n_k, n_h, n_h)
            block -= et[:, :, None] * g[:, None, :] + g[:, :, None] * et[:, None, :]
            block[:, ih, ih] += lam[b].T
            inv_chol = np.linalg.inv(np.linalg.cholesky(block))
            coup = np.empty((n_k, n_h, cond.shape[0] + 1))
            coup[:, :, :-1] = (et[:, :, None] - cond.T[None, :, :]) * sig.T[:, None, :]
            coup[:, :, -1] = sd[sl].T @ cond - et * sd[sl].sum(axis=0)[:, None]
            coup *= st.active[b][None, :, None]
            cross = (inv_chol @ coup).reshape(n_k * n_h, -1)
            gram = cross.T @ cross
            schur[sl, sl] -= gram[:-1, :-1]
            schur[sl, n_u] -= gram[:-1, -1]
            schur[n_u, sl] -= gram[-1, :-1]
            schur[n_u, n_u] -= gram[-1, -1]
            self.inv_chol.append(inv_chol)
            self.cross.append(cross)
        self.schur = sla.cho_factor(schur, lower=True, check_finite=False)

    def solve(self, r_theta: NDArray, r_y: NDArray, r_nu: float) -> tuple[NDArray, NDArray, float]:
        """Solve ``N x = r`` for ``x = (theta, y, nu)``."""
        st = self.st
        n_u = st.n_u
        rhs = np.append(r_y, r_nu)
        half = []
        for b, sl in enumerate(st.slices):
            w = np.einsum("khg,gk->kh", self.inv_chol[b], r_theta[b])
            half.append(w)
            t = self.cross[b].T @ w.ravel()
            rhs[sl] -= t[:-1]
            rhs[n_u] -= t[-1]
        x = sla.cho_solve(self.schur, rhs, check_finite=False)
        x_theta = np.empty((st.n_b, st.n_h, st.n_k))
        for b, sl in enumerate(st.slices):
            v = half[b] - (self.cross[b][:, :-1] @ x[sl] + self.cross[b][:, -1] * x[n_u]).reshape(
                st.n_k, st.n_h
            )
            x_theta[b] = np.einsum("kgh,kg->hk", self.inv_chol[b], v)
        return x_theta, x[:n_u], float(x[n_u])


class _DenseNormal:
    """The same normal equations as :class:`_Normal`, assembled densely and factored at once.

    For small programs (:data:`DENSE_UP_TO` unknowns) one Cholesky factorization of the whole
    matrix costs less than the per-cell factorizations' overhead. The unknowns are ordered
    ``theta[b, k, h]`` (cell by cell), then ``y``, then ``nu``; only the lower triangle is
    filled.
    """

    def __init__(
        self, st: _Structure, sigma: NDArray, e: NDArray, lam: NDArray, s_over_nu: float
    ) -> None:
        self.st, self.sigma = st, sigma
        n_u, n_h, n_k, n_b = st.n_u, st.n_h, st.n_k, st.n_b
        n_t = self.n_t = n_b * n_k * n_h
        sd = sigma * st.d
        mat = np.zeros((n_t + n_u + 1, n_t + n_u + 1))
        cells = np.empty((n_b, n_k, n_h, n_h))
        for b, sl in enumerate(st.slices):
            sig_t, et = sigma[sl].T, e[b].T  # (k, u), (k, h)
            g = sig_t @ st.cond[sl]
            g -= 0.5 * sig_t.sum(axis=1)[:, None] * et
            block = cells[b]
            np.matmul(sig_t, st.cond2[sl], out=block.reshape(n_k, n_h * n_h))
            block -= et[:, :, None] * g[:, None, :] + g[:, :, None] * et[:, None, :]
            block.reshape(n_k, n_h * n_h)[:, :: n_h + 1] += lam[b].T
            rows = slice(b * n_k * n_h, (b + 1) * n_k * n_h)
            coup = (et[:, :, None] - st.cond_t[b][None, :, :]) * sig_t[:, None, :]
            sd_t = sd[sl].T
            coup_nu = sd_t @ st.cond[sl] - et * sd_t.sum(axis=1)[:, None]
            if not st.all_active:
                coup *= st.active[b][None, :, None]
                coup_nu *= st.active[b][None, :]
            mat[n_t + sl.start : n_t + sl.stop, rows] = coup.reshape(n_k * n_h, -1).T
            mat[-1, rows] = coup_nu.ravel()
        mat[st.dense_cells] = cells.ravel()
        mat[st.dense_y] = sigma.sum(axis=1)
        mat[-1, n_t:-1] = -sd.sum(axis=1)
        mat[-1, -1] = float(np.vdot(sd, st.d)) + s_over_nu
        self.factor, info = sla.lapack.dpotrf(mat, lower=1, clean=0, overwrite_a=1)
        if info != 0:
            raise np.linalg.LinAlgError(f"normal equations not positive definite ({info})")
        self.a_mat: NDArray | None = None
        if st.a_buffer is not None:  # one buffer per source: an iteration uses only its own
            self.a_mat = st.a_buffer
            self.a_mat.flat[st.a_flat] = st.a_cond - e.ravel()[st.a_e]

    def solve(self, r_theta: NDArray, r_y: NDArray, r_nu: float) -> tuple[NDArray, NDArray, float]:
        """Solve ``N x = r`` for ``x = (theta, y, nu)``."""
        st = self.st
        rhs = np.concatenate([r_theta.transpose(0, 2, 1).ravel(), r_y, [r_nu]])
        x, info = sla.lapack.dpotrs(self.factor, rhs, lower=1)
        if info != 0:
            raise np.linalg.LinAlgError(f"normal equations: dpotrs failed ({info})")
        x_theta = x[: self.n_t].reshape(st.n_b, st.n_k, st.n_h).transpose(0, 2, 1)
        return x_theta, x[self.n_t : -1], float(x[-1])


def _max_step(x: NDArray, dx: NDArray) -> float:
    """Largest ``t <= 1`` with ``x + t dx >= 0`` (``x > 0``)."""
    fall = float((dx / x).min())  # the fastest relative decrease
    return 1.0 if fall >= -1.0 else -1.0 / fall


@dataclass
class _Iterate:
    """One iteration's point and residuals; its Newton directions.

    ``primal`` packs the masses ``m`` (row-major) and the budget's slack ``s``, ``dual`` the
    multipliers ``z`` of ``m >= 0`` and ``nu`` of the budget, so that the complementarity
    pairs are ``primal * dual``. ``theta`` are the log-posteriors, ``y`` the rows'
    multipliers; ``r1``, ``r2``, ``r_p``, ``r_s`` the residuals of the reduced costs, of the
    posteriors, of the rows and of the budget.
    """

    st: _Structure
    primal: NDArray
    dual: NDArray
    theta: NDArray
    y: NDArray
    D: float

    def __post_init__(self) -> None:
        st = self.st
        shape = (st.n_u, st.n_k)
        self.m, self.z = self.primal[:-1].reshape(shape), self.dual[:-1].reshape(shape)
        self.s, self.nu = float(self.primal[-1]), float(self.dual[-1])
        self.e = np.exp(self.theta)
        self.r2 = np.empty_like(self.e)
        self.lam = np.empty_like(self.e)  # Q exp(theta); 1 on the pairs that do not occur
        for b, sl in enumerate(st.slices):
            np.multiply(self.e[b], self.m[sl].sum(axis=0), out=self.lam[b])
            np.subtract(st.cond_t[b] @ self.m[sl], self.lam[b], out=self.r2[b])
        if not st.all_active:
            self.e[~st.active] = 0.0
            self.r2[~st.active] = 0.0
            self.lam[~st.active] = 1.0
        r1 = st.a(self.theta, self.e)
        r1 += self.nu * st.d
        r1 -= self.y[:, None]
        r1 -= self.z
        self.r_p = self.m.sum(axis=1) - st.pu
        self.r_s = float(np.vdot(st.d, self.m)) + self.s - self.D
        self.sigma = self.m / self.z
        self.sigma_r1 = self.sigma * r1
        self.normal: _Normal | _DenseNormal | None = None
        self.res: NDArray | None = None  # (r2, -r_p, r_s), ordered as the unknowns

    def direction(self, rc: NDArray) -> tuple[NDArray, NDArray, NDArray, NDArray]:
        """Newton's direction ``(d primal, d dual, d theta, d y)`` for the targets ``rc``.

        ``rc`` is the change asked of ``primal * dual`` (predictor: ``-primal * dual``;
        corrector: ``sigma mu - primal * dual - d primal * d dual``).
        """
        st = self.st
        if self.normal is None:
            kind = _DenseNormal if st.dense else _Normal
            self.normal = kind(st, self.sigma, self.e, self.lam, self.s / self.nu)
        rnu = float(rc[-1])
        # Sigma rho, rho = rc / m - r1 (the reduced costs' target)
        sig_rho = rc[:-1].reshape(self.m.shape) / self.z
        sig_rho -= self.sigma_r1
        a_mat = getattr(self.normal, "a_mat", None)
        if a_mat is not None:  # small: A^T (Sigma rho) and A x as products with A itself
            assert isinstance(self.normal, _DenseNormal)
            if self.res is None:
                self.res = np.concatenate(
                    [self.r2.transpose(0, 2, 1).ravel(), -self.r_p, [self.r_s]]
                )
            rhs = a_mat.T @ sig_rho.ravel()
            rhs += self.res
            rhs[-1] += rnu / self.nu
            x, info = sla.lapack.dpotrs(self.normal.factor, rhs, lower=1)
            if info != 0:
                raise np.linalg.LinAlgError(f"normal equations: dpotrs failed ({info})")
            n_t = self.normal.n_t
            x_theta = x[:n_t].reshape(st.n_b, st.n_k, st.n_h).transpose(0, 2, 1)
            x_y, x_nu = x[n_t:-1], float(x[-1])
            ax = (a_mat @ x).reshape(self.m.shape)
            ax *= self.sigma
        else:
            x_theta, x_y, x_nu, ax = self._solve_blocked(sig_rho, rnu)
        d_primal = np.append(sig_rho - ax, (rnu - self.s * x_nu) / self.nu)
        d_dual = rc - self.dual * d_primal
        d_dual /= self.primal
        return d_primal, d_dual, x_theta, x_y

    def _solve_blocked(
        self, sig_rho: NDArray, rnu: float
    ) -> tuple[NDArray, NDArray, float, NDArray]:
        """``x = N^-1 (A^T Sigma rho + residuals)`` and ``Sigma A x``, through ``B``'s blocks."""
        st = self.st
        assert self.normal is not None
        rnu_term = rnu / self.nu
        r_theta = st.b_times(sig_rho, self.e)
        r_theta += self.r2
        r_y = sig_rho.sum(axis=1)
        r_y += self.r_p
        x_theta, x_y, x_nu = self.normal.solve(
            r_theta, -r_y, float(np.vdot(st.d, sig_rho)) + self.r_s + rnu_term
        )
        ax = st.bt_times(x_theta, self.e)
        ax -= x_y[:, None]
        ax += x_nu * st.d
        ax *= self.sigma
        return x_theta, x_y, x_nu, ax

    def longest(self, d_primal: NDArray, d_dual: NDArray) -> float:
        """Largest ``t <= 1`` that keeps ``primal`` and ``dual`` nonnegative."""
        return min(_max_step(self.primal, d_primal), _max_step(self.dual, d_dual))


def _start(st: _Structure, D: float, scale: float) -> _Iterate:
    """Start from the uniform encoder (its posteriors are the priors), reduced costs >= 0.1.

    The budget's slack starts at ``0.3`` times the range of the distortion, or the uniform
    encoder's own slack if that is larger. (Tuned on random sources: a start inside the
    budget, or reduced costs of at least 1, took about one iteration more.)
    """
    m = np.repeat(st.pu[:, None] / st.n_k, st.n_k, axis=1)
    theta = np.repeat(st.log_prior[:, :, None], st.n_k, axis=2)
    nu = 1.0 / scale
    e = np.where(st.active[:, :, None], np.exp(theta), 0.0)
    cost = st.a(theta, e) + nu * st.d
    y = cost.min(axis=1) - 0.1
    s = max(D - float(np.vdot(st.d, m)), 0.3 * scale)
    return _Iterate(st, np.append(m, s), np.append(cost - y[:, None], nu), theta, y, D)


def _mehrotra_step(
    pt: _Iterate | _RateIterate, comp: NDArray, gap: float, n_pairs: int
) -> tuple[float, NDArray, NDArray, NDArray, NDArray]:
    """Mehrotra's predictor and corrector from ``pt``: ``(t, d primal, d dual, d theta, d y)``.

    ``comp = primal * dual`` and ``gap`` its sum over the ``n_pairs`` pairs. The predictor
    (affine-scaling) step sets the centering ``sigma = (mu_aff / mu)^3``; the corrector adds
    its second-order term. The step ``t`` goes :data:`_STEP_FRACTION` of the way to the
    boundary, and no log-posterior moves by more than :data:`_MAX_THETA_STEP` (the
    exponential's safeguard).
    """
    dp, dd, _, _ = pt.direction(-comp)
    t = pt.longest(dp, dd)
    gap_aff = float((pt.primal + t * dp) @ (pt.dual + t * dd))
    target = min(1.0, (gap_aff / gap) ** 3) * gap / n_pairs
    dp, dd, dth, dy = pt.direction(target - comp - dp * dd)
    t = _STEP_FRACTION * pt.longest(dp, dd)
    big = float(np.abs(dth).max())
    if isinstance(pt, _RateIterate):  # the rate's log-posteriors too
        big = max(big, float(np.abs(pt.d_psi).max()))
    if big * t > _MAX_THETA_STEP:
        t = _MAX_THETA_STEP / big
    return t, dp, dd, dth, dy


def gamma(
    prog: _conic.Program, D: float, *, tol: float, max_iter: int = MAX_ITER
) -> _conic.Solution | None:
    """Minimal leakage ``I(H; Xhat | B)`` under ``E d <= D`` (nats), certified.

    Runs until the certificate closes to ``tol`` nats, and returns the best certified
    solution met (its gap may exceed ``tol`` if the iteration stopped short), or ``None`` if
    it broke down before any certificate. The certificate is tried once the complementarity
    gap is below ``tol``. ``D`` must lie strictly between the least distortion and the least
    distortion at which nothing leaks (the program then needs a solver at all).
    """
    st = _structure(prog)
    scale = float(st.d.max() - st.d.min())
    if not scale > 0:
        return None
    n_pairs = st.n_u * st.n_k + 1
    best: _conic.Solution | None = None
    checked: tuple[_Iterate, int] | None = None  # the last iterate certified
    with np.errstate(over="raise", invalid="raise", divide="raise", under="ignore"):
        pt = _start(st, D, scale)
        for it in range(max_iter):
            comp = pt.primal * pt.dual
            gap = float(comp.sum())  # the complementarity gap, n_pairs times mu
            if gap <= tol:
                checked = (pt, it)
                best = _better_certificate(best, _certify(prog, pt, it, tol))
                if best.value - best.lower <= tol:
                    return best
            try:
                t, dp, dd, dth, dy = _mehrotra_step(pt, comp, gap, n_pairs)
                pt = _Iterate(
                    st, pt.primal + t * dp, pt.dual + t * dd, pt.theta + t * dth, pt.y + t * dy, D
                )
            except (np.linalg.LinAlgError, FloatingPointError):
                break
            if not (pt.primal.min() > 0 and pt.dual.min() > 0):
                break
    if checked is not None and best is not None and best.value - best.lower > tol:
        best = _better_certificate(best, _certify(prog, *checked, tol, full=True))
    return best


def _better_certificate(best: _conic.Solution | None, sol: _conic.Solution) -> _conic.Solution:
    """Return the solution with the smaller certified gap (``sol`` if there is no other)."""
    if best is None or sol.value - sol.lower < best.value - best.lower:
        return sol
    return best


def _certify(
    prog: _conic.Program, pt: _Iterate, iterations: int, tol: float, *, full: bool = False
) -> _conic.Solution:
    """Certify an iterate: an exactly feasible encoder near it and the Lagrangian bound.

    The bound is for the posteriors ``exp(theta)``; the encoder is the least leaky of the
    iterate and the iterate with its entries below 1e-8, or 1e-6, of their row's largest
    dropped (:func:`nsp.ratedistortion._conic._supports`: an interior point keeps a mass of
    the order of the gap on every entry, which costs leakage and is not the optimum's
    support), each mixed into the budget. If that does not close the gap to ``tol`` and
    ``full`` is true, the conic solver's full certificate follows (the KL projection onto
    the budget, and the bound for the encoder's own posteriors): the iteration asks for it
    only when it stops short, since the next iterate usually closes the quick one.
    """
    src, st, D = prog.src, pt.st, pt.D
    w_ip = np.empty_like(pt.m)
    w_ip[st.perm] = pt.m / pt.m.sum(axis=1, keepdims=True)
    # Q / p per active (b, h) pair and output, in the program's order of pairs
    ratio = np.exp(pt.theta - st.log_prior[:, :, None])[prog.hb_b, prog.hb_h]
    nu = max(pt.nu, 0.0)
    lower = _conic.lp_lower(src.pu, src.d, prog.hidden_coeff(ratio), D, nu)
    candidates = _conic._supports(w_ip)
    value, w = min(
        (
            (_conic.leakage_nats(src, w1), w1)
            for w1 in (_conic.feasible_encoder(src, w0, D) for w0 in candidates)
        ),
        key=lambda pair: pair[0],
    )
    if value - lower <= tol or not full:
        return _conic.Solution(w, value, min(lower, value), value, iterations, "Lifted")
    w, value = min(
        (_conic.distortion_feasible(src, w0, D) for w0 in candidates), key=lambda pair: pair[1]
    )
    post = prog.posterior_ratio_or(w, ratio)
    lower = max(lower, _conic.lp_lower(src.pu, src.d, prog.hidden_coeff(post), D, nu))
    return _conic.Solution(w, value, min(lower, value), value, iterations, "Lifted")


# --- R(D, E): the rate under a leakage budget ------------------------------------------------

#: Unknowns of the rate program's normal equations up to which the method is used (they are
#: factored densely: 64 x 8 has 579); larger programs go to the conic solver.
RATE_DENSE_UP_TO = 800


@dataclass
class _RateIterate:
    """A point of the rate program and its residuals (one block: no side information).

    ``primal`` packs the masses ``m``, the budget's slack ``s`` and the leakage's slack
    ``s_l``; ``dual`` the multipliers ``z``, ``nu`` and ``lam`` (of the leakage budget).
    The rate ``sum m ln(m / (p(u) Q))`` enters with its own gradient and Hessian (its
    minimizer has full support on the outputs in use, so the logarithm is harmless); the
    leakage through the log-posteriors ``theta`` as for Γ.
    """

    st: _Structure
    primal: NDArray
    dual: NDArray
    theta: NDArray
    psi: NDArray
    y: NDArray
    D: float
    T: float

    def __post_init__(self) -> None:
        st = self.st
        shape = (st.n_u, st.n_k)
        self.m, self.z = self.primal[:-2].reshape(shape), self.dual[:-2].reshape(shape)
        self.s, self.s_l = float(self.primal[-2]), float(self.primal[-1])
        self.nu, self.lam = float(self.dual[-2]), float(self.dual[-1])
        self.e = np.exp(self.theta[0])  # (h, k)
        if not st.all_active:
            self.e[~st.active[0]] = 0.0
        self.q = self.m.sum(axis=0)
        self.r2 = st.cond_t[0] @ self.m - self.e * self.q  # J - Q exp(theta)
        self.a = st.a(self.theta, self.e[None])
        self.ep = np.exp(self.psi)  # R(u | k), the rate's posteriors
        self.qep = self.q * self.ep
        self.r_psi = self.m - self.qep  # m - Q R
        a_rate = self.psi - (np.log(st.pu)[:, None] - 1.0) - self.ep.sum(axis=0)
        self.r1 = a_rate + self.lam * self.a
        self.r1 += self.nu * st.d - self.y[:, None] - self.z
        self.leak = float(np.vdot(self.m, self.a))
        self.r_l = self.leak + self.s_l - self.T
        self.r_p = self.m.sum(axis=1) - st.pu
        self.r_s = float(np.vdot(st.d, self.m)) + self.s - self.D
        # with psi eliminated, K = diag(1 / (Q R) + z / m) - gamma 1 1^T per output,
        # gamma = (2 - sum_u R) / Q: K^-1 = diag(delta) + c delta delta^T
        self.delta = 1.0 / (1.0 / self.qep + self.z / self.m)
        # -r1 minus B_psi^T Lambda_psi^-1 r_psi (the rate posteriors' residual carried into m)
        self.rho0 = self.r_psi.sum(axis=0) / self.q - self.r_psi / self.qep - self.r1
        gamma = (2.0 - self.ep.sum(axis=0)) / self.q
        self.c = gamma / (1.0 - gamma * self.delta.sum(axis=0))
        self.factor: tuple[NDArray, NDArray] | None = None

    def k_inv(self, x: NDArray) -> NDArray[np.float64]:
        """``K^-1 x`` column by column (``x`` of the encoder's shape)."""
        dx = self.delta * x
        return dx + self.delta * (self.c * dx.sum(axis=0))

    def _factor(self) -> tuple[NDArray, NDArray]:
        """LU factors of the normal equations in ``(theta, lam, y, nu)``."""
        st = self.st
        n_u, n_h, n_k = st.n_u, st.n_h, st.n_k
        n_t = n_k * n_h
        dl, lam, et = self.delta, self.lam, self.e.T  # et: (k, h)
        # B_k delta_k and B_k diag(delta_k) B_k^T (as for Γ, with delta for Sigma)
        dl_t = dl.T
        d_cond = dl_t @ st.cond
        d_e = dl_t.sum(axis=1)[:, None] * et
        beta = d_cond - d_e  # (k, h)
        g = d_cond - 0.5 * d_e
        block = (dl_t @ st.cond2).reshape(n_k, n_h, n_h)
        block -= et[:, :, None] * g[:, None, :] + g[:, :, None] * et[:, None, :]
        block += self.c[:, None, None] * beta[:, :, None] * beta[:, None, :]
        block *= lam
        block.reshape(n_k, n_h * n_h)[:, :: n_h + 1] += (self.e * self.q).T
        ka, kd = self.k_inv(self.a), self.k_inv(st.d)
        mat = np.empty((n_t + n_u + 2, n_t + n_u + 2))
        mat[:n_t, :n_t] = 0.0
        mat[st.dense_cells] = block.ravel()
        # theta rows: B K^-1 applied to lam B^T (above), a, -E^T, d
        b_ka = (st.b_times(ka, self.e[None])[0]).T.ravel()  # (k, h)
        b_kd = (st.b_times(kd, self.e[None])[0]).T.ravel()
        # B_k K_k^-1 (-e_u) = -(B_k[:, u] delta_uk + c_k beta_k delta_uk)
        coup = (st.cond_t[0][None, :, :] - et[:, :, None]) * dl_t[:, None, :]
        coup += (self.c[:, None] * beta)[:, :, None] * dl_t[:, None, :]
        coup = coup.reshape(n_t, n_u)
        i_l, i_y, i_n = n_t, slice(n_t + 1, n_t + 1 + n_u), n_t + 1 + n_u
        mat[:n_t, i_l] = b_ka
        mat[:n_t, i_y] = -coup
        mat[:n_t, i_n] = b_kd
        # the leakage's row: a^T K^-1 G, with -r2 against theta and s_l / lam
        mat[i_l, :n_t] = lam * b_ka - self.r2.T.ravel()
        mat[i_l, i_l] = float(np.vdot(self.a, ka)) + self.s_l / lam
        mat[i_l, i_y] = -ka.sum(axis=1)
        mat[i_l, i_n] = float(np.vdot(self.a, kd))
        # the rows' sums: E K^-1 G
        mat[i_y, :n_t] = lam * coup.T
        mat[i_y, i_l] = ka.sum(axis=1)
        mat[i_y, i_y] = -((dl * self.c) @ dl.T)
        mat[i_y, i_y][np.arange(n_u), np.arange(n_u)] -= dl.sum(axis=1)
        mat[i_y, i_n] = kd.sum(axis=1)
        # the budget: d^T K^-1 G
        mat[i_n, :n_t] = lam * b_kd
        mat[i_n, i_l] = float(np.vdot(st.d, ka))
        mat[i_n, i_y] = -kd.sum(axis=1)
        mat[i_n, i_n] = float(np.vdot(st.d, kd)) + self.s / self.nu
        lu, piv, info = sla.lapack.dgetrf(mat, overwrite_a=1)
        if info != 0:
            raise np.linalg.LinAlgError(f"rate normal equations singular ({info})")
        return lu, piv

    def direction(self, rc: NDArray) -> tuple[NDArray, NDArray, NDArray, NDArray]:
        """Newton's direction ``(d primal, d dual, d theta, d y)`` for the targets ``rc``."""
        st = self.st
        if self.factor is None:
            self.factor = self._factor()
        n_t = st.n_k * st.n_h
        rc_s, rc_l = float(rc[-2]), float(rc[-1])
        rho = rc[:-2].reshape(self.m.shape) / self.m
        rho += self.rho0
        k_rho = self.k_inv(rho)
        rhs = np.concatenate(
            [
                (st.b_times(k_rho, self.e[None])[0] + self.r2).T.ravel(),
                [float(np.vdot(self.a, k_rho)) + self.r_l + rc_l / self.lam],
                k_rho.sum(axis=1) + self.r_p,
                [float(np.vdot(st.d, k_rho)) + self.r_s + rc_s / self.nu],
            ]
        )
        x, info = sla.lapack.dgetrs(*self.factor, rhs)
        if info != 0:
            raise np.linalg.LinAlgError(f"rate normal equations: dgetrs failed ({info})")
        x_theta = x[:n_t].reshape(1, st.n_k, st.n_h).transpose(0, 2, 1)
        x_lam, x_y, x_nu = float(x[n_t]), x[n_t + 1 : -1], float(x[-1])
        g1 = self.lam * st.bt_times(x_theta, self.e[None]) + x_lam * self.a
        g1 += x_nu * st.d - x_y[:, None]
        dm = self.k_inv(rho - g1)
        ds = (rc_s - self.s * x_nu) / self.nu
        ds_l = (rc_l - self.s_l * x_lam) / self.lam
        d_primal = np.concatenate([dm.ravel(), [ds, ds_l]])
        d_dual = (rc - self.dual * d_primal) / self.primal
        self.d_psi = (dm - self.ep * dm.sum(axis=0) + self.r_psi) / self.qep
        return d_primal, d_dual, x_theta, x_y

    def longest(self, d_primal: NDArray, d_dual: NDArray) -> float:
        """Largest ``t <= 1`` that keeps ``primal`` and ``dual`` nonnegative."""
        return min(_max_step(self.primal, d_primal), _max_step(self.dual, d_dual))


def rate(
    prog: _conic.Program,
    D: float,
    T: float,
    *,
    tol: float,
    t_solve: float,
    max_iter: int = MAX_ITER,
) -> _conic.Solution | None:
    """Minimal rate ``I(U; Xhat)`` under ``E d <= D`` and leakage ``<= T`` nats, certified.

    Solved for the budget ``t_solve`` (``T`` tightened a little, so that the encoder's
    leakage meets ``T`` after rounding); the lower bound is for ``T``. Returns the best
    certified solution met whose leakage is within ``T`` (its gap may exceed ``tol``), or
    ``None`` if there is none (the iteration broke down, or the program is too large for
    the dense normal equations, :data:`RATE_DENSE_UP_TO`, or has several blocks).
    """
    st = _structure(prog)
    if st.n_b != 1 or st.n_k * st.n_h + st.n_u + 2 > RATE_DENSE_UP_TO or not t_solve > 0:
        return None
    scale = float(st.d.max() - st.d.min())
    if not scale > 0:
        return None
    n_pairs = st.n_u * st.n_k + 2
    best: _conic.Solution | None = None
    checked: tuple[_RateIterate, int] | None = None  # the last iterate certified
    with np.errstate(over="raise", invalid="raise", divide="raise", under="ignore"):
        pt = _rate_start(st, D, t_solve, scale)
        for it in range(max_iter):
            comp = pt.primal * pt.dual
            gap = float(comp.sum())
            if gap <= tol:
                checked = (pt, it)
                sol = _certify_rate(prog, pt, it, T)
                if sol.leakage <= T + 1e-13:
                    best = _better_certificate(best, sol)
                if best is not None and best.value - best.lower <= tol:
                    return best
            try:
                t, dp, dd, dth, dy = _mehrotra_step(pt, comp, gap, n_pairs)
                pt = _RateIterate(
                    st,
                    pt.primal + t * dp,
                    pt.dual + t * dd,
                    pt.theta + t * dth,
                    pt.psi + t * pt.d_psi,
                    pt.y + t * dy,
                    D,
                    t_solve,
                )
            except (np.linalg.LinAlgError, FloatingPointError):
                break
            if not (pt.primal.min() > 0 and pt.dual.min() > 0):
                break
    if checked is not None and (best is None or best.value - best.lower > tol):
        sol = _certify_rate(prog, *checked, T, full=True)
        if sol.leakage <= T + 1e-13:
            best = _better_certificate(best, sol)
    return best


def _rate_start(st: _Structure, D: float, T: float, scale: float) -> _RateIterate:
    """Start from the uniform encoder: no leakage (slack ``T``), posteriors the priors."""
    m = np.repeat(st.pu[:, None] / st.n_k, st.n_k, axis=1)
    theta = np.repeat(st.log_prior[:, :, None], st.n_k, axis=2)
    nu, lam = 1.0 / scale, 1.0
    e = np.where(st.active[:, :, None], np.exp(theta), 0.0)
    cost = lam * st.a(theta, e) + nu * st.d  # the rate's gradient is 0 at the uniform encoder
    y = cost.min(axis=1) - 0.1
    s = max(D - float(np.vdot(st.d, m)), 0.3 * scale)
    primal = np.concatenate([m.ravel(), [s, T]])
    dual = np.concatenate([(cost - y[:, None]).ravel(), [nu, lam]])
    psi = np.repeat(np.log(st.pu)[:, None], st.n_k, axis=1)  # R(u | k) = p(u)
    return _RateIterate(st, primal, dual, theta, psi, y, D, T)


def _certify_rate(
    prog: _conic.Program, pt: _RateIterate, iterations: int, T: float, *, full: bool = False
) -> _conic.Solution:
    """Certify an iterate of the rate program: a feasible encoder and the Lagrangian bound.

    The encoder is mixed into the distortion budget; its rate and leakage are computed
    directly. The bound ``min_W [rate + lam leakage]_Q - lam T`` (the Lagrangian for the
    posteriors ``Q``, linear in the encoder, minimized exactly) is taken with the iterate's
    posteriors ``exp(psi)`` and ``exp(theta)`` (defined also for the outputs the encoder
    does not use) and, if ``full`` is true, also with the encoder's own posteriors on the
    outputs it uses (the iteration asks for that only when it stops short).
    """
    src, st, D = prog.src, pt.st, pt.D
    w_ip = np.empty_like(pt.m)
    w_ip[st.perm] = pt.m / pt.m.sum(axis=1, keepdims=True)
    w = _conic.feasible_encoder(src, w_ip, D)
    value, leak = _conic.rate_nats(src, w), _conic.leakage_nats(src, w)
    lam, nu = max(pt.lam, 0.0), max(pt.nu, 0.0)
    ratio_h = np.exp(pt.theta - st.log_prior[:, :, None])[prog.hb_b, prog.hb_h]
    ratio_u = np.empty_like(pt.ep)
    ratio_u[st.perm] = pt.ep / st.pu[:, None]
    coeff = prog.rate_coeff(ratio_u) + lam * prog.hidden_coeff(ratio_h)
    lower = _conic.lp_lower(src.pu, src.d, coeff, D, nu) - lam * T
    if not full:
        return _conic.Solution(w, value, min(lower, value), leak, iterations, "Lifted")
    q = src.pu @ w
    used = q > 1e-12
    own_u = np.where(used[None, :], w / np.where(used, q, 1.0)[None, :], ratio_u)
    coeff = prog.rate_coeff(own_u) + lam * prog.hidden_coeff(prog.posterior_ratio_or(w, ratio_h))
    lower = max(lower, _conic.lp_lower(src.pu, src.d, coeff, D, nu) - lam * T)
    return _conic.Solution(w, value, min(lower, value), leak, iterations, "Lifted")
