"""Speed of nsp.ratedistortion: Γ(D) on a grid, and certified Blahut–Arimoto on 1000 letters.

1. **Γ(D) on a 200-point grid for a 64-letter source** (Example 1's setting: the attribute is
   public and private, Hamming distortion; source Dirichlet(1), seed 64; grid equally spaced
   on ``[0, D_max]``). ``max_equivocation`` solves each point with a certified accuracy of
   1e-9 bits (there Γ = H − R(D) and the solver is certified Blahut–Arimoto); every value is
   checked against the closed form (18) to 1e-8. Target: under 5 s. For reference the closed
   form itself is timed on the same grid, and the general convex (mirror-descent) solver on
   20 points of a Markov instance (16 public letters, 4 private, certified to 1e-7), with no
   target.
2. **R(D) by Blahut–Arimoto for a 1000-letter source, Hamming distortion, to 1e-9** (source
   Dirichlet(1), seed 1, D = 0.25): ``rate_distortion_at(tol=1e-9)`` returns a rate whose
   certified gap (rate − dual lower bound) is below 1e-9 bits, checked against reverse
   water-filling. Target: under 2 s.

Medians of 3 runs. Run: ``.venv/bin/python -m benchmarks.bench_ratedistortion``.
"""

from __future__ import annotations

import numpy as np

from benchmarks._timing import Row, median_time, report
from nsp import ratedistortion as rd
from nsp.papers import utility_privacy as up


def _gamma_grid() -> tuple[float, float, float]:
    rng = np.random.default_rng(64)
    p = rng.dirichlet(np.ones(64))
    d = rd.hamming_distortion(64)
    grid = np.linspace(0.0, 1.0 - p.max(), 200)
    src = np.diag(p)
    out: dict[str, list] = {}

    def ours() -> None:
        out["res"] = [rd.max_equivocation(src, d, float(D), tol=1e-9) for D in grid]

    t = median_time(ours, repeat=3, warmup=0)
    exact = up.gamma_hamming(p, grid)
    got = np.array([r.gamma for r in out["res"]])
    err = float(np.abs(got - exact).max())
    gap = max(r.upper_bound - r.gamma for r in out["res"])
    if err > 1e-8 or gap > 1e-9:
        raise AssertionError(f"Γ grid: max error {err:.2e}, max certified gap {gap:.2e}")
    t_closed = median_time(lambda: up.gamma_hamming(p, grid), repeat=3)
    return t, t_closed, err


def _general_solver() -> float:
    rng = np.random.default_rng(16)
    p_src = rng.dirichlet(np.ones(64)).reshape(16, 4)
    d = rng.uniform(size=(16, 16))
    d_min, d_max = rd.distortion_range(p_src.sum(axis=1), d)
    grid = np.linspace(d_min, d_max, 20)
    return median_time(
        lambda: [rd.max_equivocation(p_src, d, float(D)) for D in grid], repeat=1, warmup=0
    )


def _ba_1000() -> float:
    rng = np.random.default_rng(1)
    p = rng.dirichlet(np.ones(1000))
    d = rd.hamming_distortion(1000)
    out = {}

    def ours() -> None:
        out["pt"] = rd.rate_distortion_at(p, d, 0.25, tol=1e-9)

    t = median_time(ours, repeat=3, warmup=0)
    pt = out["pt"]
    exact = up.reverse_waterfill(p, 0.25).rate
    if pt.gap > 1e-9 or abs(pt.rate - exact) > 1e-9:
        raise AssertionError(f"BA 1000: gap {pt.gap:.2e}, error {abs(pt.rate - exact):.2e}")
    return t


def main() -> int:
    t_grid, t_closed, _ = _gamma_grid()
    t_general = _general_solver()
    t_ba = _ba_1000()
    rows = [
        Row("Γ(D), 200-point grid, 64 letters (1e-9)", t_grid, max_seconds=5.0),
        Row("  same grid by the closed form (18)", t_closed),
        Row("  general solver, 20 pts, 16x4 Markov (1e-7)", t_general),
        Row("R(D) by BA, 1000 letters, Hamming, gap<1e-9", t_ba, max_seconds=2.0),
    ]
    return report("ratedistortion: Γ(D) and Blahut–Arimoto", rows)


if __name__ == "__main__":
    raise SystemExit(main())
