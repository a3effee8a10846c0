"""Newton polish of the optimality conditions of R(D, E) and Γ(D), from the conic solver's point.

The interior-point solver stops at a point that meets the leakage budget only to its
feasibility tolerance; near zero leakage the budget is a tiny difference of large terms and
the stopping point can be far from the optimum in rate. The optimum has a closed form given
its multipliers, and this module solves for them by Newton's method.

**Optimality conditions.** At a minimizer of the Lagrangian
``I(U; Xhat) + (1/kappa) I(H; Xhat) + nu E d`` over row-stochastic encoders ``W[u, k]``
(``1/kappa`` is the leakage multiplier), every output in use (``q[k] > 0``) satisfies

    W[u, k] = q[k] exp(-sum_h p(h|u) L[h, k] - nu d[u, k]) / Z[u],

    p(h | k) = p(h) exp(kappa L[h, k])  (the posterior of the output),

with ``q = p_u W`` the output pmf and ``Z[u]`` the row normalizers; an output out of use
satisfies the Blahut–Arimoto inequality ``c[k] <= 1`` (:meth:`_System.outside`). The
unknowns ``(ln q, L, ln kappa, nu)`` on the outputs in use solve a square system: the
posteriors and output masses reproduce themselves, the leakage equals its budget ``T`` and
the distortion ``D``. Zero leakage is ``kappa = 0``: the posterior is the prior and ``L``
are the multipliers of the independence equalities. The scaled multipliers ``L`` keep the
system well conditioned down to zero leakage, where the leakage multiplier grows without
bound.

The system is small (``n_h + 1`` unknowns per output in use), its Jacobian is computed in
closed form, and Newton's method (with backtracking on the residual) converges quadratically
from the solver's point; outputs whose mass vanishes leave the set in use and outputs that
violate the inequality join it. Nothing here is trusted: the caller certifies the result
with the same Lagrangian lower bound as every other solution
(:func:`nsp.ratedistortion._conic.lp_lower`), with the multipliers Newton's method found.

**Γ(D)** (:func:`polish_gamma`) has no closed form of that kind (its Lagrangian is linear
in the encoder given the posteriors, and its optimum sparse): Newton's method runs on the
encoder's entries on a support, with the rows and the distortion budget as equalities. Its
certificate takes the posteriors of the polished encoder itself as ``Q``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

#: Outputs whose mass falls below this leave the set in use.
_DROP = 1e-14
#: Newton steps per active set, and changes of the active set.
_MAX_NEWTON = 40
_MAX_ROUNDS = 6
#: Newton's method gives up after this many steps without a reduction of the residual by 1e6.
_SLOW = 12
#: An output out of use joins the set in use when its ``c[k]`` exceeds ``1 + _ADMIT``.
_ADMIT = 1e-12


@dataclass(frozen=True)
class Polished:
    """The encoder Newton's method found and the pieces of its Lagrangian certificate.

    ``coeff[u, k]`` is the linear coefficient of the Lagrangian lower bound (without the
    distortion term), ``nu`` the distortion multiplier, ``offset`` what is subtracted
    (the leakage multiplier times ``T``): ``lp_lower(p_u, d, coeff, D, nu) - offset`` bounds
    R(D, E) from below.
    """

    w: NDArray[np.float64]
    coeff: NDArray[np.float64]
    nu: float
    offset: float
    steps: int


def logsumexp(a: NDArray, axis: int, b: NDArray | None = None, keepdims: bool = False) -> NDArray:
    """Return ``ln sum exp(a)`` (times ``b``) along ``axis``, stabilized.

    As ``scipy.special.logsumexp``, without its dispatch overhead, which dominates on the
    small arrays here.
    """
    top = np.max(a, axis=axis, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    e = np.exp(a - top)
    if b is not None:
        e = e * b
    out = np.log(np.sum(e, axis=axis, keepdims=True)) + top
    return out if keepdims else np.squeeze(out, axis=axis)


def _log_norm(lam: NDArray, kappa: float, ph: NDArray) -> NDArray:
    """``(1/kappa) ln sum_h p(h) exp(kappa L[h, k])`` per column, ``p_h . L`` at ``kappa = 0``.

    Accurate for small ``kappa`` (through ``log1p``/``expm1``), where the logarithm is of
    the order of ``kappa`` itself.
    """
    if kappa == 0.0:
        return np.asarray(ph @ lam)
    with np.errstate(over="ignore"):
        s = ph @ np.expm1(kappa * lam)
        return np.where(s > -1.0, np.log1p(np.maximum(s, -1.0 + 1e-300)), -np.inf) / kappa


class _System:
    """The square system of the optimality conditions on a set of outputs in use."""

    def __init__(self, pu: NDArray, puh: NDArray, d: NDArray, D: float, T: float | None) -> None:
        self.pu, self.puh, self.d, self.D, self.T = pu, puh, d, D, T
        self.zero = T is None
        self.cond = puh / pu[:, None]  # p(h | u)
        self.ph = puh.sum(axis=0)
        self.H = self.ph.size

    def n_unknowns(self, K: int) -> int:
        return K + self.H * K + (1 if self.zero else 2)

    def unpack(self, z: NDArray, K: int) -> tuple[NDArray, NDArray, float, float]:
        """``(ln q, L, kappa, nu)``."""
        v = z[:K]
        lam = z[K : K + self.H * K].reshape(self.H, K)
        kappa = 0.0 if self.zero else math.exp(min(float(z[-2]), 700.0))
        return v, lam, kappa, float(z[-1])

    def encoder(self, z: NDArray, cols: NDArray) -> tuple[NDArray, NDArray]:
        """``(W on cols, log Z)``: the closed form of the encoder given the unknowns."""
        v, lam, _, nu = self.unpack(z, cols.size)
        s = v[None, :] - self.cond @ lam - nu * self.d[:, cols]
        log_z = logsumexp(s, axis=1)
        return np.exp(s - log_z[:, None]), log_z

    def residual(self, z: NDArray, cols: NDArray, rel: NDArray) -> tuple[NDArray, tuple]:
        """Return the residuals; the mass equations of the outputs in ``rel`` divided by q.

        Order: posterior masses ``[h, k]``, normalizations ``[k]``, (log) leakage, distortion.
        An output just admitted has a small mass, and ``q = 0`` solves its mass equations in
        absolute terms: Newton's method would take it there. Divided by ``q[k] = e^v`` they
        have no root at 0; an output on its way out, on the contrary, needs the absolute form
        to leave.
        """
        K = cols.size
        v, lam, kappa, nu = self.unpack(z, K)
        w, _ = self.encoder(z, cols)
        dk = self.d[:, cols]
        x = self.puh.T @ w  # p(h, k)
        r_d = float(self.pu @ (w * dk).sum(axis=1)) - self.D
        scale = np.where(rel, np.exp(-v), 1.0)
        with np.errstate(over="ignore"):
            e = np.exp(v[None, :] + kappa * lam)
        r_b = (x - self.ph[:, None] * e) * scale[None, :]
        r_g = _log_norm(lam, kappa, self.ph) if not self.zero else self.ph @ lam
        parts = [r_b.ravel(), r_g]
        leak = math.nan
        if not self.zero:
            assert self.T is not None
            q = self.pu @ w
            with np.errstate(divide="ignore", invalid="ignore"):
                lr = np.where(x > 0, np.log(x / (self.ph[:, None] * q[None, :])), 0.0)
            leak = float((x * lr).sum())
            # the leakage equation in log form: near zero leakage the leakage is quadratic in
            # kappa, its logarithm nearly linear in ln kappa
            r_c = math.log(leak / self.T) if leak > 0 else -750.0
            parts.append(np.array([r_c]))
        else:
            lr = None
        parts.append(np.array([r_d]))
        f = np.concatenate(parts)
        return f, (w, lr, leak, scale, e, f)

    def jacobian(self, z: NDArray, cols: NDArray, aux: tuple) -> NDArray:
        """Return the Jacobian of :meth:`residual` in closed form."""
        w, lr, leak, scale, e, f = aux
        K = cols.size
        H, n = self.H, self.pu.size
        v, lam, kappa, _ = self.unpack(z, K)
        dk = self.d[:, cols]
        pu, cond, puh, ph = self.pu, self.cond, self.puh, self.ph
        n_z = self.n_unknowns(K)
        idx = np.arange(K)
        c_l = K  # first column of L
        c_nu = n_z - 1
        # dW[u, k] = W[u, k] (ds[u, k] - sum_j W[u, j] ds[u, j]); s = v - C L - nu d
        ww = (w[:, :, None] * w[:, None, :]).reshape(n, K * K)
        j_b = np.zeros((H, K, n_z))
        m1 = (puh.T @ ww).reshape(H, K, K)
        j_b[:, :, :K] = -m1
        j_b[:, idx, idx] += puh.T @ w
        ac = (puh[:, :, None] * cond[:, None, :]).reshape(n, H * H)
        m2 = (ac.T @ ww).reshape(H, H, K, K)  # [h, h', k, i]
        blk = m2
        blk[:, :, idx, idx] -= (ac.T @ w).reshape(H, H, K)
        j_b[:, :, c_l : c_l + H * K] = blk.transpose(0, 2, 1, 3).reshape(H, K, H * K)
        dw_nu = w * (-dk + (w * dk).sum(axis=1)[:, None])
        j_b[:, :, c_nu] = puh.T @ dw_nu
        # direct terms of -p(h) exp(v + kappa L)
        pe = ph[:, None] * e  # [h, k]
        j_b[:, idx, idx] -= pe
        for h in range(H):
            j_b[h, idx, c_l + h * K + idx] -= kappa * pe[h]
        if not self.zero:
            j_b[:, :, n_z - 2] = -kappa * pe * lam  # d/d ln kappa
        j_b = j_b.reshape(H * K, n_z)
        # rows divided by q[k] = e^{v_k}: d(r / e^v) = dr / e^v - (r / e^v) dv_k
        rel = scale != 1.0
        j_b *= np.tile(scale, H)[:, None]
        for h in range(H):
            rows_h = h * K + idx[rel]
            j_b[rows_h, idx[rel]] -= f[rows_h]
        # normalizations: (1/kappa) ln sum_h p(h) e^{kappa L}, p_h . L at kappa = 0
        j_g = np.zeros((K, n_z))
        if self.zero:
            sig = np.broadcast_to(ph[:, None], (H, K))
        else:
            sig = ph[:, None] * np.exp(kappa * lam - kappa * _log_norm(lam, kappa, ph)[None, :])
            # d/d ln kappa of (1/kappa) ln S = (sum sig L) - (1/kappa) ln S
            j_g[:, n_z - 2] = (sig * lam).sum(axis=0) - f[H * K : H * K + K]
        for h in range(H):
            j_g[idx, c_l + h * K + idx] = sig[h]
        rows = [j_b, j_g]

        def scalar_row(c: NDArray) -> NDArray:
            row = np.zeros(n_z)
            cw = pu[:, None] * w * (c - (w * c).sum(axis=1)[:, None])
            row[:K] = cw.sum(axis=0)
            row[c_l : c_l + H * K] = (-(cond.T @ cw)).ravel()
            row[c_nu] = float((pu[:, None] * c * dw_nu).sum())
            return row

        if not self.zero:
            rows.append(scalar_row(cond @ lr)[None, :] / leak)  # d ln leak
        rows.append(scalar_row(dk)[None, :])
        return np.concatenate(rows)

    def outside(self, cols: NDArray, log_z: NDArray, kappa: float, nu: float) -> tuple:
        """For the outputs out of use: ``(c[k], L[:, k])``, the best certificate for each.

        Moving a little mass into an output ``k`` out of use, spread over the inputs as
        ``pi``, changes the Lagrangian at the rate ``KL(pi || r) + (1/kappa) KL(pi C || p_h)``
        (``r[u] = p(u) exp(-nu d[u, k]) / Z[u]``; at zero leakage the independence
        multipliers take the place of the leakage). Its minimum over ``pi`` is ``-ln c[k]``,
        ``ln c[k] = min_L ln sum_u r[u] exp(-(C L)[u]) + (1/kappa) ln sum_h p(h) e^{kappa L[h]}``
        (``p_h . L`` at zero leakage): a smooth convex problem in ``n_h`` unknowns per output,
        solved by damped Newton steps. The optimality conditions hold when every
        ``c[k] <= 1``, and the certificate's coefficients for output ``k`` are within
        ``ln c[k]`` of the row constants.
        """
        out = np.setdiff1d(np.arange(self.d.shape[1]), cols)
        H = self.H
        lam = np.zeros((H, out.size))
        if out.size == 0:
            return np.zeros(0), lam, out
        base = -nu * self.d[:, out] - log_z[:, None] + np.log(self.pu)[:, None]
        cond, ph = self.cond, self.ph

        def value(lam: NDArray) -> tuple[NDArray, NDArray]:
            a = base - cond @ lam
            big = logsumexp(a, axis=0)
            return -big - _log_norm(lam, kappa, ph), a - big

        phi, log_pi = value(lam)
        for _ in range(60):
            pi = np.exp(log_pi)  # [u, k]
            qh = cond.T @ pi  # [h, k]
            cov = np.einsum("uh,uk,ug->khg", cond, pi, cond) - np.einsum("hk,gk->khg", qh, qh)
            sig = ph[:, None] * np.exp(kappa * (lam - _log_norm(lam, kappa, ph)[None, :]))
            grad = (qh - sig).T  # [k, h]
            neg_hess = cov + kappa * (
                np.einsum("hk,hg->khg", sig, np.eye(H)) - np.einsum("hk,gk->khg", sig, sig)
            )
            neg_hess += 1e-12 * np.eye(H)[None]
            step = np.linalg.solve(neg_hess, grad[:, :, None])[:, :, 0].T  # [h, k]
            slope = np.einsum("kh,hk->k", grad, step)
            if float(slope.max(initial=0.0)) <= 1e-15:
                break
            t = np.ones(out.size)
            for _ in range(30):
                new = lam + t[None, :] * step
                phi_new, log_pi_new = value(new)
                ok = phi_new >= phi + 1e-4 * t * slope
                if ok.all():
                    break
                t = np.where(ok, t, 0.5 * t)
            lam, phi, log_pi = new, phi_new, log_pi_new
        return np.exp(-phi), lam, out


def _in_use(q: NDArray) -> NDArray:
    """Guess the outputs the solver's encoder uses: above its noise level, cut at a gap.

    The interior-point solver leaves a mass of the order of its tolerance on the outputs out
    of use. Outputs below ``1e-6`` of the largest mass are out; among the others, the list
    sorted by mass is cut at the largest ratio between neighbours if it exceeds 100 with the
    smaller mass below ``1e-3`` of the largest. A wrong guess costs a round of Newton's
    method (outputs enter and leave the set in use there), not the result.
    """
    top = float(q.max())
    cols = np.flatnonzero(q >= 1e-6 * top)
    order = cols[np.argsort(-q[cols], kind="stable")]
    qs = q[order]
    if qs.size > 1:
        ratio = qs[:-1] / qs[1:]
        ratio[qs[1:] >= 1e-3 * top] = 0.0
        i = int(np.argmax(ratio))
        if ratio[i] > 100.0:
            order = order[: i + 1]
    return np.sort(order)


def _start(sys_: _System, w: NDArray, mu: float, nu: float, cols: NDArray) -> list[NDArray]:
    """Candidate unknowns from the solver's encoder (the caller keeps the best).

    The output masses are the encoder's. The multipliers are (1) the leakage multiplier
    times the encoder's posterior log-ratios, accurate when the leakage is not small, and
    (2) the weighted least-squares fit of ``ln W[u, k] = v[k] - (C L)[u, k] - nu d[u, k] -
    ln Z[u]`` (weights ``p(u) W[u, k]``: the solver's small entries are noise), accurate near
    zero leakage, where the posteriors are too close to the prior to be read.
    """
    wk = w[:, cols] + 1e-300
    wk /= wk.sum(axis=1, keepdims=True)
    q = sys_.pu @ wk
    cond, ph = sys_.cond, sys_.ph
    target = np.log(wk) - np.log(q)[None, :] + nu * sys_.d[:, cols]
    weight = sys_.pu[:, None] * wk
    gram = np.einsum("uh,uk,ug->khg", cond, weight, cond) + 1e-300 * np.eye(sys_.H)[None]
    row_c = np.zeros(cond.shape[0])
    lam = np.zeros((sys_.H, cols.size))
    for _ in range(30):  # alternate: the multipliers per output, the row constants per input
        rhs = -np.einsum("uh,uk->kh", cond, weight * (target + row_c[:, None]))
        lam = _solve_batched(gram, rhs)
        new = -((target + cond @ lam) * weight).sum(axis=1) / weight.sum(axis=1)
        done = np.abs(new - row_c).max() <= 1e-12
        row_c = new
        if done:
            break
    fits = [lam - _log_norm(lam, 0.0, ph)[None, :]]
    tail = [nu] if sys_.zero else [-math.log(mu), nu]
    if not sys_.zero:
        x = sys_.puh.T @ wk
        fits.insert(0, mu * np.log(x / (ph[:, None] * q[None, :])))
    return [np.concatenate([np.log(q), fit.ravel(), tail]) for fit in fits]


def _solve_batched(gram: NDArray, rhs: NDArray) -> NDArray:
    """Solve ``gram[k] x[k] = rhs[k]`` for every ``k`` (least squares if singular); ``x[h, k]``."""
    try:
        return np.linalg.solve(gram, rhs[:, :, None])[:, :, 0].T
    except np.linalg.LinAlgError:
        fits = [np.linalg.lstsq(g, r, rcond=None)[0] for g, r in zip(gram, rhs, strict=True)]
        return np.stack(fits, axis=1)


def polish(
    pu: NDArray,
    puh: NDArray,
    d: NDArray,
    D: float,
    T: float | None,
    w: NDArray,
    mu: float,
    nu: float,
) -> Polished | None:
    """Solve the optimality conditions of R(D, E) by Newton's method from ``(w, mu, nu)``.

    ``T`` is the leakage budget in nats, ``None`` for zero leakage; ``w`` the starting
    encoder (rows on the simplex), ``mu`` and ``nu`` the starting multipliers of the leakage
    and distortion constraints. Returns ``None`` if the start is unusable or the system is
    singular; the caller certifies whatever is returned.
    """
    keep_h = puh.sum(axis=0) > 0
    sys_ = _System(pu, puh[:, keep_h], d, D, T)
    if not (math.isfinite(mu) and math.isfinite(nu)) or (not sys_.zero and mu <= 0) or nu < 0:
        return None
    if not sys_.zero and not (T is not None and T > 0):
        return None
    cols = _in_use(pu @ w)
    rel = np.zeros(cols.size, dtype=bool)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        starts = [
            (float(np.linalg.norm(sys_.residual(z0, cols, rel)[0])), z0)
            for z0 in _start(sys_, w, mu, nu, cols)
        ]
    z = min((s for s in starts if math.isfinite(s[0])), key=lambda s: s[0], default=(0.0, None))[1]
    if z is None:
        return None
    steps = 0
    settled = None  # the outputs out of use and their multipliers, once none violates
    for _ in range(_MAX_ROUNDS):
        z_new, cols, rel, n = _newton(sys_, z, cols, rel)
        steps += n
        if z_new is None:
            return None
        z = z_new
        v, lam, kappa, nu_ = sys_.unpack(z, cols.size)
        _, log_z = sys_.encoder(z, cols)
        c, lam_out, out = sys_.outside(cols, log_z, kappa, nu_)
        bad = c > 1.0 + _ADMIT
        if not bad.any():
            settled = (lam_out, out)
            break
        # admit the outputs that violate the optimality conditions, with a small mass
        tail = z[cols.size * (1 + sys_.H) :]
        new = out[bad]
        order = np.argsort(np.concatenate([cols, new]))
        v_new = np.full(new.size, float(v.min()) + math.log(1e-2))
        lam_all = np.concatenate([lam, lam_out[:, bad]], axis=1)[:, order]
        v_all = np.concatenate([v, v_new])[order]
        cols = np.concatenate([cols, new])[order]
        rel = np.concatenate([np.zeros(v.size, dtype=bool), np.ones(new.size, dtype=bool)])
        rel = rel[order]
        z = np.concatenate([v_all, lam_all.ravel(), tail])
    v, lam, kappa, nu_ = sys_.unpack(z, cols.size)
    if nu_ < 0 or not (sys_.zero or kappa > 0):
        return None  # a leakage multiplier 1/kappa beyond floating point: no certificate
    w_k, log_z = sys_.encoder(z, cols)
    full = np.zeros(w.shape)
    # with large multipliers (near-identical rows of p(h | u) at zero leakage) the exponent
    # is a difference of large terms and the rows miss 1 by up to 1e-6: the encoder returned
    # must be stochastic (the certificate's coefficients below do not need it)
    full[:, cols] = w_k / w_k.sum(axis=1, keepdims=True)
    if settled is None:  # the last round admitted outputs
        settled = sys_.outside(cols, log_z, kappa, nu_)[1:]
    lam_out, out = settled
    coeff = np.empty(w.shape)
    ph, cond = sys_.ph, sys_.cond
    # active outputs: ln Q(u | k) / p(u) from the encoder, (1/kappa) ln Q(h | k) / p(h) from L
    q = pu @ w_k
    log_w = np.log(np.maximum(w_k, 1e-300))
    coeff[:, cols] = log_w - np.log(q)[None, :] + cond @ (lam - _log_norm(lam, kappa, ph)[None, :])
    # outputs out of use: the continuation Q(u | k) ∝ p(u) exp(-C L - nu d) / Z
    t = -nu_ * d[:, out] - log_z[:, None] - cond @ lam_out
    t_u = t - logsumexp(t + np.log(pu)[:, None], axis=0, keepdims=True)
    coeff[:, out] = t_u + cond @ (lam_out - _log_norm(lam_out, kappa, ph)[None, :])
    offset = 0.0 if sys_.zero else (T or 0.0) / kappa
    return Polished(full, coeff, nu_, offset, steps)


def _newton(
    sys_: _System, z: NDArray, cols: NDArray, rel: NDArray
) -> tuple[NDArray | None, NDArray, NDArray, int]:
    """Newton's method with backtracking on ``|F|``; outputs whose mass vanishes are dropped."""
    f, aux = sys_.residual(z, cols, rel)
    norm = float(np.linalg.norm(f))
    norm0 = norm
    steps = since = 0  # Newton steps in all, and since the set in use last changed
    falls = np.zeros(cols.size, dtype=int)  # consecutive steps in which an output's mass fell
    for _ in range(_MAX_NEWTON):
        if not math.isfinite(norm):
            return None, cols, rel, steps
        if norm <= 1e-16:
            break
        if since >= _SLOW and norm > 1e-6 * norm0:
            break  # not converging (near Γ(D) the multipliers diverge): the certificate says
        try:
            dz = np.linalg.solve(sys_.jacobian(z, cols, aux), -f)
        except np.linalg.LinAlgError:
            return None, cols, rel, steps
        if not np.all(np.isfinite(dz)):
            return None, cols, rel, steps
        t = 1.0
        for _ in range(40):
            z_new = z + t * dz
            with np.errstate(over="ignore", invalid="ignore"):
                f_new, aux_new = sys_.residual(z_new, cols, rel)
                n_new = float(np.linalg.norm(f_new))
            if n_new < (1.0 - 1e-4 * t) * norm or norm < 1e-13:
                break  # a decrease; or at rounding already, where halving cannot find one
            t *= 0.5
        else:
            break  # no progress: a bad active set (the certificate says)
        if n_new >= norm:
            break  # at rounding: the full step no longer decreases the residual
        steps += 1
        since += 1
        if n_new > 0.5 * norm and n_new < 1e-13:
            z, norm = z_new, n_new
            break  # converged to rounding: the steps no longer contract
        K = cols.size
        # an output on its way out loses a constant factor of its mass per step (Newton on
        # q = e^v with a root at q = 0): after three such steps at a small mass, drop it
        falls = np.where(z_new[:K] < z[:K] - 0.5, falls + 1, 0)
        z, f, aux, norm = z_new, f_new, aux_new, n_new
        small = z[:K] < z[:K].max() + math.log(1e-3)
        gone = (z[:K] < math.log(_DROP)) | ((falls >= 3) & small)
        if gone.any():
            keep = ~gone
            falls, rel = falls[keep], rel[keep]
            v, lam, _, _ = sys_.unpack(z, K)
            tail = z[K + sys_.H * K :]
            cols = cols[keep]
            if cols.size == 0:
                return None, cols, rel, steps
            z = np.concatenate([v[keep], lam[:, keep].ravel(), tail])
            f, aux = sys_.residual(z, cols, rel)
            norm = norm0 = float(np.linalg.norm(f))
            since = 0  # a new system: its own budget of steps
    return z, cols, rel, steps


# --- Γ(D): Newton's method on the encoder's support ----------------------------------------


@dataclass(frozen=True)
class PolishedGamma:
    """The encoder Newton's method found for Γ(D), with its distortion multiplier."""

    w: NDArray[np.float64]
    nu: float
    steps: int


#: Γ's polish: Newton steps in all (each active-set change is a step).
_GAMMA_MAX_STEPS = 40
#: Γ's polish gives up on programs whose Newton system (support entries plus rows) is larger
#: than this: it is solved densely (a few tenths of a second a step at this size).
_GAMMA_MAX_SIZE = 2000


class _Leakage:
    """``I(H; Xhat | B)`` of an encoder as a function of its entries on a support.

    The leakage is ``sum_{b,h,k} X ln(X / (p(h|b) Q))`` with the cell masses
    ``X[b, h, k] = sum_{u in b} p(u, h) W[u, k]`` and ``Q[b, k] = sum_{u in b} p(u) W[u, k]``.
    Its gradient in ``W[u, k]`` is ``p(u) g[u, k]``, ``g = sum_h p(h|u) ln(X / (p(h|b) Q))``,
    and its Hessian couples only the entries of one output within one block:
    ``sum_h p(u, h) p(u', h) / X[b, h, k] - p(u) p(u') / Q[b, k]``.
    """

    def __init__(self, pu: NDArray, puh: NDArray, block: NDArray, n_k: int) -> None:
        self.pu, self.puh, self.block, self.n_k = pu, puh, block, n_k
        self.n_b = int(block.max()) + 1
        p_bh = np.zeros((self.n_b, puh.shape[1]))
        np.add.at(p_bh, block, puh)
        self.log_prior = np.log(np.where(p_bh > 0, p_bh, 1.0) / p_bh.sum(axis=1, keepdims=True))

    def cells(self, u: NDArray, k: NDArray, x: NDArray) -> tuple[NDArray, NDArray, NDArray]:
        """Return the cell index ``b(u) n_k + k`` of each entry, ``X[cell, h]`` and ``Q[cell]``."""
        cell = self.block[u] * self.n_k + k
        big_x = np.zeros((self.n_b * self.n_k, self.puh.shape[1]))
        np.add.at(big_x, cell, self.puh[u] * x[:, None])
        big_q = np.zeros(self.n_b * self.n_k)
        np.add.at(big_q, cell, self.pu[u] * x)
        return cell, big_x, big_q

    def log_ratio(self, big_x: NDArray, big_q: NDArray) -> NDArray:
        """``ln(X / (p(h|b) Q))`` per cell and ``h`` (0 where ``X`` is 0)."""
        lp = np.repeat(self.log_prior, self.n_k, axis=0)
        with np.errstate(divide="ignore"):
            lr = np.log(big_x) - lp - np.log(np.where(big_q > 0, big_q, 1.0))[:, None]
        return np.where(big_x > 0, lr, 0.0)

    def value(self, u: NDArray, k: NDArray, x: NDArray) -> float:
        """Return the leakage (nats) of the encoder with entries ``x`` at ``(u, k)``."""
        _, big_x, big_q = self.cells(u, k, x)
        return float((big_x * self.log_ratio(big_x, big_q)).sum())

    def coefficients(
        self, u: NDArray, k: NDArray, x: NDArray
    ) -> tuple[NDArray, NDArray, NDArray, NDArray]:
        """``g[u, k]`` on all of ``(u, k)``, with the cells, ``X`` and ``Q`` it came from."""
        cell, big_x, big_q = self.cells(u, k, x)
        lr = self.log_ratio(big_x, big_q)
        cond = self.puh / self.pu[:, None]
        g_all = np.einsum("uh,ukh->uk", cond, lr.reshape(self.n_b, self.n_k, -1)[self.block])
        # an output a block does not use: one input's first mass makes the posterior its own
        empty = (big_q == 0).reshape(self.n_b, self.n_k)[self.block]
        if empty.any():
            with np.errstate(divide="ignore"):
                own = np.where(cond > 0, np.log(np.where(cond > 0, cond, 1.0)), 0.0)
            kl = (cond * (own - self.log_prior[self.block])).sum(axis=1)
            g_all = np.where(empty, kl[:, None], g_all)
        return g_all, cell, big_x, big_q

    def derivatives(self, u: NDArray, k: NDArray, x: NDArray) -> tuple[NDArray, NDArray]:
        """Gradient and Hessian of the leakage in the entries ``x`` at ``(u, k)``."""
        g_all, cell, big_x, big_q = self.coefficients(u, k, x)
        grad = self.pu[u] * g_all[u, k]
        with np.errstate(divide="ignore"):
            inv_x = np.where(big_x > 0, 1.0 / big_x, 0.0)
        a = self.puh[u] * np.sqrt(inv_x[cell])
        b = self.pu[u] / np.sqrt(big_q[cell])
        hess = (a @ a.T - np.outer(b, b)) * (cell[:, None] == cell[None, :])
        return grad, hess


def _gamma_constraints(pu: NDArray, d: NDArray, u: NDArray, k: NDArray) -> NDArray:
    """Rows of the equalities on the entries at ``(u, k)``: each row's sum, the distortion."""
    n_u = d.shape[0]
    a_rows = np.zeros((n_u + 1, u.size))
    a_rows[u, np.arange(u.size)] = 1.0
    a_rows[n_u] = pu[u] * d[u, k]
    return a_rows


def polish_gamma(
    pu: NDArray,
    puh: NDArray,
    d: NDArray,
    block: NDArray,
    D: float,
    w: NDArray,
    support: NDArray,
) -> PolishedGamma | None:
    """Minimize the leakage on a support by Newton's method, from ``w``, with ``E d = D``.

    The least leakage is reached on a sparse encoder: given the posteriors, the Lagrangian is
    linear in the encoder. An interior-point solve stopped early has nearly the right support
    (``support``, a guess: every row also keeps its largest entry) and entries a little off;
    on that support the optimality conditions are smooth and Newton's method on them (the
    leakage's gradient and Hessian, the rows summing to one and the distortion budget held
    with equality) converges quadratically. A step that would make entries negative stops at
    the first of them, which leaves the support. Once the conditions hold on the support, an
    entry of an output in use whose reduced cost is negative joins it with a small mass and
    Newton's method runs again. An output that lost all its entries is not reopened (a lone
    input's reduced cost is not the derivative for a mixture of inputs); the certificate
    then shows the gap. The Hessian is singular where two inputs of one block have the same
    posterior (moving mass between them changes nothing): a tiny multiple of the identity
    regularizes it.

    ``w`` is a row-stochastic encoder, positive on ``support``. Returns ``None`` when the
    system is too large to solve densely or the iteration breaks down; the caller certifies
    what is returned (nothing here is trusted).
    """
    n_u, n_k = d.shape
    leak = _Leakage(pu, puh, block, n_k)
    # every row keeps its largest entry; the start is the interior point itself
    support = (np.asarray(support, dtype=bool) | (w >= w.max(axis=1, keepdims=True))) & (w > 0)
    steps = 0
    y = np.zeros(n_u + 1)
    nu = math.nan
    for _ in range(_MAX_ROUNDS):
        u, k = np.nonzero(support)
        x = w[u, k] / np.bincount(u, weights=w[u, k], minlength=n_u)[u]
        if u.size + n_u + 1 > _GAMMA_MAX_SIZE:
            return None
        a_rows = _gamma_constraints(pu, d, u, k)
        while steps < _GAMMA_MAX_STEPS:
            grad, hess = leak.derivatives(u, k, x)
            r = np.concatenate([np.ones(n_u), [D]]) - a_rows @ x
            n_x = u.size
            kkt = np.zeros((n_x + n_u + 1, n_x + n_u + 1))
            ridge = 1e-13 * max(float(np.abs(np.diag(hess)).max()), 1.0)
            kkt[:n_x, :n_x] = hess + ridge * np.eye(n_x)
            kkt[:n_x, n_x:] = a_rows.T
            kkt[n_x:, :n_x] = a_rows
            try:
                sol = np.linalg.solve(kkt, np.concatenate([-grad, r]))
            except np.linalg.LinAlgError:
                return None
            if not np.all(np.isfinite(sol)):
                return None
            dx, y = sol[:n_x], sol[n_x:]
            nu = float(y[-1])
            steps += 1
            out = np.flatnonzero(x + dx <= 0.0)
            ratio = x[out] / -dx[out]  # each at most 1
            x = x + (float(ratio.min()) if out.size else 1.0) * dx
            if out.size:  # the step stopped at the first entry to reach zero: it leaves
                keep = x > 0.0
                keep[out[np.argmin(ratio)]] = False
                u, k, x = u[keep], k[keep], x[keep]
                a_rows = a_rows[:, keep]
                continue
            if float(np.abs(dx).max()) <= 1e-15 or float(dx @ hess @ dx) <= 1e-28:
                break
        w = np.zeros((n_u, n_k))
        w[u, k] = x
        support = w > 0
        # the optimality conditions off the support: g + y_u / p(u) + nu d >= 0
        g_all = leak.coefficients(u, k, x)[0]
        reduced = g_all + y[:n_u, None] / pu[:, None] + nu * d
        enter = (~support) & (reduced < -1e-12)
        if not enter.any():
            break
        w = np.where(enter, 1e-6, w)
        w /= w.sum(axis=1, keepdims=True)
        support = w > 0
    if not (math.isfinite(nu) and nu >= 0):
        return None
    w = np.clip(w, 0.0, None)
    return PolishedGamma(w / w.sum(axis=1, keepdims=True), nu, steps)
