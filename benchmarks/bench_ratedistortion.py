"""Speed of nsp.ratedistortion: Γ(D), R(D, E), Γ_I and the U–P curve against CVXPY + Clarabel.

1. **Γ(D) on a 200-point grid for a 64-letter source** (Example 1's setting: the attribute is
   public and private, Hamming distortion; source Dirichlet(1), seed 64; grid equally spaced
   on ``[0, D_max]``). ``max_equivocation`` solves each point with a certified accuracy of
   1e-9 bits (there Γ = H − R(D) and the solver is certified Blahut–Arimoto); every value is
   checked against the closed form (18) to 1e-8. Target: under 5 s. The closed form itself
   is timed on the same grid for reference.
2. **The general convex programs against CVXPY + Clarabel** (the anchor). Markov instances
   of 16 public × 4 private letters (seed 16) and 64 × 8 (seed 64): source Dirichlet(1),
   random distortion ``U(0, 1)`` to as many output letters as public letters, 20
   distortions from ``D_min`` to ``D_max``. The anchor is written as a careful user would
   write it: the encoder ``W`` and the output pmf ``p(xhat)`` are CVXPY variables (tied by
   ``p(xhat) = p(x_r) W``), one ``cp.rel_entr`` term per cell for the leakage (and the rate),
   the distortion and the leakage budget as ``cp.Parameter`` so that each program is compiled
   once; Clarabel solves it with its default linear solver (``direct_solve_method="auto"``,
   which picks faer for the larger programs). Ours solve by an interior-point method on the
   programs' own structure (``nsp.ratedistortion._lifted``), and fall back to the same
   exponential-cone programs in Clarabel, factored with QDLDL (up to 2.5x faster an
   iteration than faer on these programs). The anchor runs with gap and feasibility tolerances 1e-10
   (what it needs to agree with our certified values to about 1e-8 bits: "equal certified
   accuracy"; its own claim is not a certificate), and again, as separate CVXPY problems
   (CVXPY keeps a problem's solver and its settings between solves), at Clarabel's default
   tolerances (gap 1e-8, feasibility 1e-8); each row names the tolerance it ran at. Ours,
   certified by our own dual bound:

   * ``max_equivocation`` point by point on the grid (1e-7 bits), all 20 points (most of
     them are closed forms or the perfect-privacy LP) and separately the points that need a
     convex solver at all (``D_min < D < D_pp``). Targets: 2× on the grid and on the solver
     points.
   * ``rate_given_equivocation`` at the 18 interior distortions of the grid with ``E``
     half-way between ``E*(D)`` and Γ(D) (1e-7 bits). Target: 2×.
   * ``max_equivocation_informed`` with a binary side information ``Z`` seen through a
     random channel from ``X_r`` (5 distortions of the grid, some of them at or above the
     least distortion at which nothing leaks given ``Z``), at 1e-7 bits and at its default
     1e-9. Target: 3×. Separately at its default on 5 points that need a convex solver
     (between ``D_min`` and that distortion). Target: 2×.
   * ``utility_privacy_curve`` (Γ, R(D), E*) on the 20 points. Target: 2×.

   Every value of ours is checked against the anchor at 1e-10 (1e-6 bits) and its own
   certificate must close to its tolerance (a row that misses it says so in its name).
3. **A 256 × 16 instance** (seed 256, built as above): the perfect-privacy LP (the smallest
   distortion at which nothing leaks, solved once per source; target: under 10 s), and one
   Γ(D) and one R(D, E) point that need a convex solver against the anchor at 1e-10
   (target: 2×).
4. **R(D) by Blahut–Arimoto for a 1000-letter source, Hamming distortion, to 1e-9** (source
   Dirichlet(1), seed 1, D = 0.25), checked against reverse water-filling. Target: under 2 s.

Timings are medians of 3 runs on the 16 × 4 instance and single runs on the larger ones;
the machine is shared, so expect noise (both sides run in the same process, one after the
other). Both sides keep their compiled programs between repeats (CVXPY its ``Problem``
objects, ours its per-source cache); the first run of each includes the compilation. On a
loaded machine run with ``NSP_BENCH_CLOCK=cpu`` (CPU seconds of this process); BLAS runs on
one thread (see :mod:`benchmarks`). Run:
``.venv/bin/python -m benchmarks ratedistortion``.

Quick (``--quick``): single runs; Γ(D) on 20 points; anchor on 16 × 4 only; large 64 × 8; BA 200.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from benchmarks._timing import QUICK, Row, clock, median_time, report
from nsp import ratedistortion as rd
from nsp.papers import utility_privacy as up
from nsp.ratedistortion import _equivocation

LN2 = math.log(2)
TIGHT = {"tol_gap_abs": 1e-10, "tol_gap_rel": 1e-10, "tol_feas": 1e-10}
AGAINST = "CVXPY+Clarabel gap/feas 1e-10"

#: Sizes: the Γ(D) grid (points, timed runs), the instances against the anchor (seed, |X_r|,
#: |X_h|, timed runs), the large instance (seed, |X_r|, |X_h|), the letters of R(D) by BA.
GRID, ANCHORED, LARGE, BA_LETTERS = (
    ((20, 1), ((16, 16, 4, 1),), (64, 64, 8), 200)
    if QUICK
    else ((200, 3), ((16, 16, 4, 3), (64, 64, 8, 1)), (256, 256, 16), 1000)
)

#: The speed-up asked of every row whose points all need a convex solver (no closed form,
#: no perfect-privacy LP): twice the anchor at equal or better certified accuracy.
SOLVER_TARGET = 2.0

#: Solves of the anchor since the last row that did not end "optimal" (a solver error, or a
#: status such as "optimal_inaccurate"): the next row says so, and its points are not compared.
_ANCHOR_FAILURES: list[str] = []


def _default_label() -> str:
    import clarabel

    s = clarabel.DefaultSettings()
    return f"CVXPY+Clarabel defaults (gap {s.tol_gap_rel:g}, feas {s.tol_feas:g})"


def _gamma_grid() -> tuple[float, float, float]:
    rng = np.random.default_rng(64)
    p = rng.dirichlet(np.ones(64))
    d = rd.hamming_distortion(64)
    grid = np.linspace(0.0, 1.0 - p.max(), GRID[0])
    src = np.diag(p)
    out: dict[str, list] = {}

    def ours() -> None:
        out["res"] = [rd.max_equivocation(src, d, float(D), tol=1e-9) for D in grid]

    t = median_time(ours, repeat=GRID[1], warmup=0)
    exact = up.gamma_hamming(p, grid)
    got = np.array([r.gamma for r in out["res"]])
    err = float(np.abs(got - exact).max())
    gap = max(r.upper_bound - r.gamma for r in out["res"])
    if err > 1e-8 or gap > 1e-9:
        raise AssertionError(f"Γ grid: max error {err:.2e}, max certified gap {gap:.2e}")
    t_closed = median_time(lambda: up.gamma_hamming(p, grid), repeat=3)
    return t, t_closed, err


# --- the CVXPY anchor ---------------------------------------------------------------------


class _Cvx:
    """CVXPY models of one Markov instance, compiled once, solved at one set of tolerances.

    The encoder ``W`` and the output pmf ``q = p(x_r) W`` are both variables; the distortion
    budget and the leakage budget are parameters.
    """

    def __init__(
        self, p_src: np.ndarray, d: np.ndarray, p_z: np.ndarray | None, **opts: float
    ) -> None:
        import cvxpy as cp

        self.opts = opts
        pr, ph = p_src.sum(axis=1), p_src.sum(axis=0)
        self.D = cp.Parameter(nonneg=True)
        self.leak_budget = cp.Parameter(nonneg=True)
        w = cp.Variable(d.shape, nonneg=True)
        q = cp.Variable(d.shape[1], nonneg=True)  # p(xhat), its own variable
        cons = [
            cp.sum(w, axis=1) == 1,
            q == pr @ w,
            cp.sum(cp.multiply(pr[:, None] * d, w)) <= self.D,
        ]
        leak = cp.sum(cp.rel_entr(p_src.T @ w, cp.outer(ph, q)))
        rate = cp.sum(cp.rel_entr(cp.multiply(pr[:, None], w), cp.outer(pr, q)))
        self.gamma = cp.Problem(cp.Minimize(leak), cons)
        self.rate = cp.Problem(cp.Minimize(rate), [*cons, leak <= self.leak_budget])
        self.rd = cp.Problem(cp.Minimize(rate), cons)
        self.informed = None
        if p_z is not None:  # informed encoder: one W (and one p(xhat | z)) per value of Z
            total, dist, cons_i = 0, 0, []
            for z in range(p_z.shape[2]):
                pz = p_z[:, :, z]
                wz = cp.Variable(d.shape, nonneg=True)
                qz = cp.Variable(d.shape[1], nonneg=True)  # p(z, xhat)
                cons_i += [cp.sum(wz, axis=1) == 1, qz == pz.sum(axis=1) @ wz]
                dist = dist + cp.sum(cp.multiply(pz.sum(axis=1)[:, None] * d, wz))
                phz = pz.sum(axis=0) / pz.sum()
                total = total + cp.sum(cp.rel_entr(pz.T @ wz, cp.outer(phz, qz)))
            self.informed = cp.Problem(cp.Minimize(total), [*cons_i, dist <= self.D])

    def solve(self, prob: Any, D: float, budget: float = 0.0) -> float:
        """Return the optimum in bits (``nan`` unless the solver reports "optimal")."""
        self.D.value = D
        self.leak_budget.value = budget
        import cvxpy as cp

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                prob.solve(solver="CLARABEL", **self.opts)
            except cp.error.SolverError:
                _ANCHOR_FAILURES.append("solver error")
                return math.nan
        # "optimal_inaccurate" (e.g. at D_min, where the feasible set is a single encoder)
        # is not compared: there CVXPY's value can even exceed our certified bound
        if prob.status != "optimal":
            _ANCHOR_FAILURES.append(str(prob.status))
            return math.nan
        return float(prob.value) / LN2


def _instance(seed: int, n_r: int, n_h: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    p_src = rng.dirichlet(np.ones(n_r * n_h)).reshape(n_r, n_h)
    d = rng.uniform(size=(n_r, n_r))
    chan_z = rng.dirichlet(np.ones(2), size=n_r)  # Z from X_r through a random channel
    return p_src, d, p_src[:, :, None] * chan_z[:, None, :]


def _h(p: np.ndarray) -> float:
    p = p[p > 0]
    return float(-(p * np.log2(p)).sum())


def _check(what: str, gap: float, err: float) -> None:
    """Stop on a real disagreement; a certified gap above tolerance is shown in the row name."""
    if gap > 1e-5 or err > 1e-6:
        raise AssertionError(f"{what}: certified gap {gap:.1e}, |ours - CVXPY| {err:.1e}")


def _err(ours: list[float], ref: list[float]) -> float:
    """Largest ``|ours - ref|`` where the reference solved to "optimal"."""
    diff = np.abs(np.array(ours) - np.array(ref))
    return float(np.nanmax(diff)) if np.any(np.isfinite(diff)) else 0.0


def _timed(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    out: dict[str, Any] = {}

    def run() -> None:
        out["v"] = fn()

    return median_time(run, repeat=repeat, warmup=0), out["v"]


def _add(rows: list[Row], row: Row) -> None:
    """Append ``row`` and print it at once.

    A long run shows its progress, and its results survive an interruption. The anchor's
    solves that failed since the previous row are counted in this row's note.
    """
    if _ANCHOR_FAILURES:
        counts = {f: _ANCHOR_FAILURES.count(f) for f in dict.fromkeys(_ANCHOR_FAILURES)}
        failed = "anchor not optimal: " + ", ".join(f"{k} x{v}" for k, v in counts.items())
        row.note = f"{row.note}; {failed}" if row.note else failed
        _ANCHOR_FAILURES.clear()
    rows.append(row)
    other = "" if row.theirs is None else f", anchor {row.theirs:.3f} s ({row.against})"
    print(f"  {row.name.strip()}: ours {row.ours:.3f} s{other}", flush=True)


def _gap_tag(gap: float, tol: float) -> str:
    return f"gap {gap:.0e}" if gap <= tol else f"gap {gap:.0e} > tol {tol:g}"


def _anchor_rows(seed: int, n_r: int, n_h: int, repeat: int) -> list[Row]:
    p_src, d, p_z = _instance(seed, n_r, n_h)
    hh = _h(p_src.sum(axis=0))
    d_min, d_max = rd.distortion_range(p_src.sum(axis=1), d)
    grid = np.linspace(d_min, d_max, 20)
    tight, default = _Cvx(p_src, d, p_z, **TIGHT), _Cvx(p_src, d, p_z)
    tag = f"{n_r}x{n_h}"
    dflt = _default_label()
    rows: list[Row] = []

    # Γ(D) on the grid, point by point
    t_ours, res = _timed(lambda: [rd.max_equivocation(p_src, d, float(D)) for D in grid], repeat)
    t_cvx, ref = _timed(lambda: [hh - tight.solve(tight.gamma, float(D)) for D in grid], repeat)
    t_dflt, ref_dflt = _timed(
        lambda: [hh - default.solve(default.gamma, float(D)) for D in grid], 1
    )
    gap = max(r.upper_bound - r.gamma for r in res)
    err = _err([r.gamma for r in res], ref)
    _check(f"Γ {tag}", gap, err)
    _add(rows, Row(f"Γ(D), 20 pts, {tag}, {_gap_tag(gap, 1e-7)}", t_ours, t_cvx, AGAINST, 2.0))
    err_d = _err([r.gamma for r in res], ref_dflt)
    _add(
        rows,
        Row("  same vs anchor at defaults", t_ours, t_dflt, dflt, note=f"its error {err_d:.0e}"),
    )

    # Γ(D) on the points that need a convex solver (D_min < D < D_pp)
    d_pp = rd.perfect_privacy_distortion(p_src, d)
    hard = [float(D) for D in grid if d_min + 1e-12 < D < d_pp]
    if hard:
        t_ours, res_h = _timed(lambda: [rd.max_equivocation(p_src, d, D) for D in hard], repeat)
        t_cvx, ref_h = _timed(lambda: [hh - tight.solve(tight.gamma, D) for D in hard], repeat)
        gap = max(r.upper_bound - r.gamma for r in res_h)
        _check(f"Γ solver points {tag}", gap, _err([r.gamma for r in res_h], ref_h))
        name = f"Γ(D), {len(hard)} solver pts, {tag}, {_gap_tag(gap, 1e-7)}"
        _add(rows, Row(name, t_ours, t_cvx, AGAINST, SOLVER_TARGET))

    # R(D, E) at the 18 interior distortions, E half-way between E*(D) and Γ(D)
    pts = []
    for D, g in list(zip(grid, res, strict=True))[1:-1]:
        e_star = rd.min_rate(p_src, d, float(D)).equivocation
        pts.append((float(D), 0.5 * (e_star + g.gamma)))
    t_ours, rr = _timed(
        lambda: [rd.rate_given_equivocation(p_src, d, D, E) for D, E in pts], repeat
    )
    t_cvx, rref = _timed(
        lambda: [tight.solve(tight.rate, D, (hh - E) * LN2) for D, E in pts], repeat
    )
    t_dflt, rref_d = _timed(
        lambda: [default.solve(default.rate, D, (hh - E) * LN2) for D, E in pts], 1
    )
    gap = max(r.gap for r in rr)
    err = _err([r.rate for r in rr], rref)
    _check(f"R(D, E) {tag}", gap, err)
    name = f"R(D, E), {len(pts)} pts, {tag}, {_gap_tag(gap, 1e-7)}"
    _add(rows, Row(name, t_ours, t_cvx, AGAINST, SOLVER_TARGET))
    err_d = _err([r.rate for r in rr], rref_d)
    _add(
        rows,
        Row("  same vs anchor at defaults", t_ours, t_dflt, dflt, note=f"its error {err_d:.0e}"),
    )

    # Γ_I(D): the encoder sees a binary side information
    assert tight.informed is not None and default.informed is not None
    h_cond = _h(p_z.sum(axis=0).ravel()) - _h(p_z.sum(axis=(0, 1)))
    sub = grid[:15:3]
    t_cvx, giref = _timed(
        lambda: [h_cond - tight.solve(tight.informed, float(D)) for D in sub], repeat
    )
    t_dflt, _ = _timed(lambda: [h_cond - default.solve(default.informed, float(D)) for D in sub], 1)
    for tol, label in ((1e-7, "1e-7"), (1e-9, "1e-9 (default)")):
        t_ours, gi = _timed(
            lambda tol=tol: [rd.max_equivocation_informed(p_z, d, float(D), tol=tol) for D in sub],
            repeat,
        )
        gap = max(r.upper_bound - r.gamma for r in gi)
        err = _err([r.gamma for r in gi], giref)
        _check(f"Γ_I {tag}", gap, err)
        name = f"Γ_I(D) {label}, 5 pts, {tag}x2, {_gap_tag(gap, tol)}"
        _add(rows, Row(name, t_ours, t_cvx, AGAINST, 3.0))
    _add(rows, Row("  same vs anchor at defaults", t_ours, t_dflt, dflt))
    # Γ_I on 5 points that need the convex solver: strictly between D_min and the least
    # distortion at which nothing leaks given Z (one perfect-privacy LP per value of Z)
    d_pp_i = _equivocation._perfect_privacy_lp(_equivocation._problem(p_src, d, True, p_z))[0]
    hard_i = [float(D) for D in np.linspace(d_min, d_pp_i, 7)[1:-1]]
    t_ours, gi = _timed(lambda: [rd.max_equivocation_informed(p_z, d, D) for D in hard_i], repeat)
    t_cvx, giref = _timed(lambda: [h_cond - tight.solve(tight.informed, D) for D in hard_i], repeat)
    gap = max(r.upper_bound - r.gamma for r in gi)
    _check(f"Γ_I solver points {tag}", gap, _err([r.gamma for r in gi], giref))
    name = f"Γ_I(D) 1e-9, 5 solver pts, {tag}x2, {_gap_tag(gap, 1e-9)}"
    _add(rows, Row(name, t_ours, t_cvx, AGAINST, SOLVER_TARGET))

    # the utility–privacy curve: Γ, R(D) and E* on the grid
    t_ours, curve = _timed(lambda: rd.utility_privacy_curve(p_src, d, grid), repeat)
    t_cvx, _ = _timed(
        lambda: [
            (tight.solve(tight.gamma, float(D)), tight.solve(tight.rd, float(D))) for D in grid
        ],
        repeat,
    )
    if _err(list(curve.Gamma), ref) > 1e-6:
        raise AssertionError(f"U–P curve {tag}: Γ differs from CVXPY")
    _add(rows, Row(f"U–P curve, 20 pts, {tag}", t_ours, t_cvx, AGAINST, min_ratio=2.0))
    return rows


def _large_rows(seed: int, n_r: int, n_h: int) -> list[Row]:
    """Time the perfect-privacy LP, and one Γ(D) and one R(D, E) point, of a large instance."""
    p_src, d, _ = _instance(seed, n_r, n_h)
    tag = f"{n_r}x{n_h}"
    hh = _h(p_src.sum(axis=0))
    t0 = clock()
    d_pp = rd.perfect_privacy_distortion(p_src, d)
    rows: list[Row] = []
    _add(rows, Row(f"perfect-privacy LP, {tag}", clock() - t0, max_seconds=10.0))
    d_min, _ = rd.distortion_range(p_src.sum(axis=1), d)
    D = d_min + 0.5 * (d_pp - d_min)  # needs the convex solver
    tight = _Cvx(p_src, d, None, **TIGHT)
    t0 = clock()
    g = rd.max_equivocation(p_src, d, D)
    t_ours = clock() - t0
    t0 = clock()
    ref = hh - tight.solve(tight.gamma, D)
    t_cvx = clock() - t0
    gap = g.upper_bound - g.gamma
    _check(f"Γ {tag}", gap, _err([g.gamma], [ref]))
    _add(
        rows,
        Row(
            f"Γ(D), 1 solver pt, {tag}, {_gap_tag(gap, 1e-7)}",
            t_ours,
            t_cvx,
            AGAINST,
            SOLVER_TARGET,
        ),
    )
    E = 0.5 * (rd.min_rate(p_src, d, D).equivocation + g.gamma)
    t0 = clock()
    r = rd.rate_given_equivocation(p_src, d, D, E)
    t_ours = clock() - t0
    assert r is not None  # E < Γ(D)
    t0 = clock()
    ref = tight.solve(tight.rate, D, (hh - E) * LN2)
    t_cvx = clock() - t0
    _check(f"R(D, E) {tag}", r.gap, _err([r.rate], [ref]))
    _add(
        rows,
        Row(
            f"R(D, E), 1 pt, {tag}, {_gap_tag(r.gap, 1e-7)}", t_ours, t_cvx, AGAINST, SOLVER_TARGET
        ),
    )
    return rows


def _ba(n: int) -> float:
    """Time R(D) by Blahut–Arimoto for an ``n``-letter source, checked by reverse water-filling."""
    rng = np.random.default_rng(1)
    p = rng.dirichlet(np.ones(n))
    d = rd.hamming_distortion(n)
    out = {}

    def ours() -> None:
        out["pt"] = rd.rate_distortion_at(p, d, 0.25, tol=1e-9)

    t = median_time(ours, repeat=3, warmup=0)
    pt = out["pt"]
    exact = up.reverse_waterfill(p, 0.25).rate
    if pt.gap > 1e-9 or abs(pt.rate - exact) > 1e-9:
        raise AssertionError(f"BA {n}: gap {pt.gap:.2e}, error {abs(pt.rate - exact):.2e}")
    return t


def main() -> int:
    t_grid, t_closed, _ = _gamma_grid()
    rows = [
        Row(f"Γ(D), {GRID[0]}-point grid, 64 letters (1e-9)", t_grid, max_seconds=5.0),
        Row("  same grid by the closed form (18)", t_closed),
    ]
    for seed, n_r, n_h, repeat in ANCHORED:
        rows += _anchor_rows(seed, n_r, n_h, repeat=repeat)
    rows += _large_rows(*LARGE)
    name = f"R(D) by BA, {BA_LETTERS} letters, Hamming, gap<1e-9"
    _add(rows, Row(name, _ba(BA_LETTERS), max_seconds=2.0))
    return report("ratedistortion: Γ(D), R(D, E), Γ_I against CVXPY + Clarabel", rows)


if __name__ == "__main__":
    raise SystemExit(main())
