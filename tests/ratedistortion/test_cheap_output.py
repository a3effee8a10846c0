"""The exponential tilt and the linear bound on distortions with one cheap output per input.

On a Hamming-like distortion (``d[u, k] = a`` at one output per input, ``b > a`` elsewhere)
:func:`~nsp.ratedistortion._conic.tilt` and :func:`~nsp.ratedistortion._conic.lp_lower`
reduce their per-step work to one number per input. Each is checked here against the dense
computation (the general path, which sees ``d`` only as a matrix) on seeded random
instances with zeros, rows that put no mass on their cheap output or only on it, inactive and
active budgets; the linear bound also against scipy's LP solver, and mirror descent against
itself without the structure.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import linprog

from nsp import ratedistortion as rd
from nsp.ratedistortion import _conic, _equivocation


def _cheap_distortion(seed: int, n_u: int, n_k: int, a: float, b: float) -> np.ndarray:
    """A distortion with value ``a`` at one random output per input and ``b`` elsewhere."""
    rng = np.random.default_rng([seed, n_u, n_k])
    d = np.full((n_u, n_k), b)
    d[np.arange(n_u), rng.integers(n_k, size=n_u)] = a
    return d


def _log_rows(seed: int, d: np.ndarray, cheap: _conic.CheapOutput) -> np.ndarray:
    """Random log-masses with zeros: a row without its cheap output, one with only it."""
    rng = np.random.default_rng([seed, 7])
    logv = rng.normal(scale=3.0, size=d.shape)
    logv[rng.uniform(size=d.shape) < 0.2] = -np.inf
    rows = np.arange(d.shape[0])
    logv[rows, cheap.col] = rng.normal(scale=3.0, size=d.shape[0])  # finite unless set below
    logv[0, cheap.col[0]] = -np.inf
    logv[1] = -np.inf
    logv[1, cheap.col[1]] = 0.5
    return logv


def test_cheap_output_recognizes_hamming_and_its_variants() -> None:
    s = _conic.cheap_output(rd.hamming_distortion(5))
    assert s is not None
    assert (s.a, s.b) == (0.0, 1.0)
    np.testing.assert_array_equal(s.col, np.arange(5))
    dropped = rd.hamming_distortion(5)[[0, 2, 4]]  # inputs of zero mass dropped
    s = _conic.cheap_output(dropped)
    assert s is not None
    np.testing.assert_array_equal(s.col, [0, 2, 4])
    s = _conic.cheap_output(_cheap_distortion(0, 6, 4, 0.25, 3.0))
    assert s is not None and (s.a, s.b) == (0.25, 3.0)


@pytest.mark.parametrize(
    "d",
    [
        np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 1.0]]),  # two cheap outputs in a row
        np.array([[0.0, 1.0, 2.0], [1.0, 0.0, 1.0]]),  # three values
        np.array([[1.0, 1.0], [1.0, 1.0]]),  # constant
        np.array([[0.0, 1.0], [1.0, 1.0]]),  # a row without the cheap value
        np.array([[0.0], [0.0]]),  # one output
        np.array([[0.0, 1.0], [1.0, 0.0]]) ** 2 + np.array([[0.0, 0.0], [0.0, 0.5]]),
    ],
)
def test_cheap_output_rejects_other_distortions(d: np.ndarray) -> None:
    assert _conic.cheap_output(d) is None


@pytest.mark.parametrize(("a", "b"), [(0.0, 1.0), (0.25, 3.0)])
@pytest.mark.parametrize("seed", range(12))
def test_tilt_on_the_structure_equals_the_dense_tilt(seed: int, a: float, b: float) -> None:
    n_u, n_k = 9 + seed, 5 + seed % 4
    d = _cheap_distortion(seed, n_u, n_k, a, b)
    cheap = _conic.cheap_output(d)
    assert cheap is not None
    logv = _log_rows(seed, d, cheap)
    before = logv.copy()
    pu = np.random.default_rng([seed, 3]).dirichlet(np.ones(n_u))
    w0 = np.exp(logv - np.logaddexp.reduce(logv, axis=1, keepdims=True))
    d_free = float(pu @ (w0 * d).sum(axis=1))
    d_min = float(pu @ np.where(np.isfinite(logv), d, np.inf).min(axis=1))  # on the support
    for D in (d_min + 1e-6, d_min + 0.3 * (d_free - d_min), 0.5 * (d_min + d_free), d_free + 0.1):
        w, lw, nu = _conic.tilt(logv, d, pu, D, 0.7, cheap=cheap)
        w_ref, lw_ref, nu_ref = _conic.tilt(logv, d, pu, D, 0.7)
        np.testing.assert_array_equal(logv, before)  # the input is left as it was
        assert nu == pytest.approx(nu_ref, rel=1e-9, abs=1e-12)
        # W = exp(logv - nu d) / Z: a relative error of 1e-9 in nu moves log W by up to
        # 1e-9 nu (b - a), which near D_min (nu of about 7) is above 1e-9 (seen on AMD EPYC)
        spread = 1e-9 * max(1.0, 3.0 * nu_ref * (b - a))
        np.testing.assert_allclose(w, w_ref, rtol=spread, atol=1e-15)
        np.testing.assert_allclose(w.sum(axis=1), 1.0, rtol=1e-13)
        finite = np.isfinite(lw_ref)
        np.testing.assert_array_equal(np.isfinite(lw), finite)
        np.testing.assert_allclose(lw[finite], lw_ref[finite], rtol=1e-9, atol=spread)
        assert float(pu @ (w * d).sum(axis=1)) <= D + 1e-12
        if D >= d_free:
            assert nu == 0.0


def _lp_reference(pu: np.ndarray, d: np.ndarray, g: np.ndarray, D: float) -> float:
    """``min sum p(u) g W`` over row-stochastic ``W`` with ``E d <= D`` by scipy's HiGHS."""
    n_u, n_k = d.shape
    a_eq = np.kron(np.eye(n_u), np.ones((1, n_k)))
    res = linprog(
        (pu[:, None] * g).ravel(),
        A_ub=(pu[:, None] * d).ravel()[None, :],
        b_ub=[D],
        A_eq=a_eq,
        b_eq=np.ones(n_u),
        bounds=(0, None),
        method="highs",
    )
    assert res.status == 0
    return float(res.fun)


@pytest.mark.parametrize(("a", "b"), [(0.0, 1.0), (0.25, 3.0)])
@pytest.mark.parametrize("seed", range(12))
def test_linear_bound_on_the_structure_equals_the_dense_one_and_the_lp(
    seed: int, a: float, b: float
) -> None:
    n_u, n_k = 7 + seed, 4 + seed % 5
    d = _cheap_distortion(seed, n_u, n_k, a, b)
    cheap = _conic.cheap_output(d)
    assert cheap is not None
    rng = np.random.default_rng([seed, 11])
    g = rng.normal(size=d.shape)
    g[0, cheap.col[0]] = -5.0  # a row whose cheap output is also its best
    before = g.copy()
    pu = rng.dirichlet(np.ones(n_u))
    d_min, d_max = float(pu @ d.min(axis=1)), float(pu @ d.max(axis=1))
    for D in (d_min, d_min + 0.2 * (d_max - d_min), 0.5 * (d_min + d_max), d_max):
        fast = _conic.lp_lower(pu, d, g, D, 1.0, cheap=cheap)
        np.testing.assert_array_equal(g, before)
        assert fast == pytest.approx(_conic.lp_lower(pu, d, g, D, 1.0), abs=1e-12)
        assert fast == pytest.approx(_lp_reference(pu, d, g, D), abs=1e-9)


@pytest.mark.parametrize("seed", range(6))
def test_mirror_descent_on_hamming_certifies_the_same_value_with_or_without_the_structure(
    seed: int,
) -> None:
    rng = np.random.default_rng([seed, 5])
    n = 24
    p_src = rng.dirichlet(np.ones(2 * n)).reshape(n, 2)
    p_src[3] = 0.0  # an input of zero mass: its row is dropped
    p_src /= p_src.sum()
    pr = _equivocation._problem(p_src, rd.hamming_distortion(n), True)
    assert pr.cheap is not None
    dense = _equivocation._Problem(pr.pu, pr.puh, pr.d, pr.block_rows)
    d_max = float((pr.pu @ pr.d).min())
    tol = 1e-4 * math.log(2)
    for D in (d_max / 16, d_max / 4):
        fast = _equivocation._solve(pr, D, 0.0, 1.0, tol=tol, max_iter=3000)
        ref = _equivocation._solve(dense, D, 0.0, 1.0, tol=tol, max_iter=3000)
        # the same steps up to rounding; a certificate check may pass the tolerance at
        # another iteration, so the runs are compared by their certified values
        assert fast.value - fast.lower <= tol
        assert ref.value - ref.lower <= tol
        assert fast.lower <= ref.value + 1e-12
        assert ref.lower <= fast.value + 1e-12
        assert fast.value == pytest.approx(ref.value, abs=tol)
        np.testing.assert_allclose(fast.w.sum(axis=1), 1.0, rtol=1e-13)
        assert float(pr.pu @ (fast.w * pr.d).sum(axis=1)) <= D + 1e-12


def _pp_reference(pu: np.ndarray, puh: np.ndarray, d: np.ndarray) -> float:
    """The perfect-privacy LP solved by scipy's HiGHS on its plain dense formulation."""
    n_u, n_k = d.shape
    ph = puh.sum(axis=0)
    bmat = puh.T - np.outer(ph, pu)  # [h, u]: the output's joint with h minus its product
    a_eq = np.vstack([np.kron(np.eye(n_u), np.ones((1, n_k))), np.kron(bmat, np.eye(n_k))])
    b_eq = np.concatenate([np.ones(n_u), np.zeros(puh.shape[1] * n_k)])
    res = linprog((pu[:, None] * d).ravel(), A_eq=a_eq, b_eq=b_eq, bounds=(0, None), method="highs")
    assert res.status == 0
    return float(res.fun)


def _binary_source(seed: int, n_u: int, *, ties: bool) -> np.ndarray:
    rng = np.random.default_rng([seed, n_u, 2])
    puh = rng.dirichlet(np.ones(2 * n_u)).reshape(n_u, 2)
    if ties:  # inputs whose posterior is the prior: free to keep
        ph = puh.sum(axis=0)
        puh[:3] = puh[:3].sum(axis=1, keepdims=True) * ph[None, :] / ph.sum()
    return puh


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize(("a", "b"), [(0.0, 1.0), (0.25, 3.0)])
@pytest.mark.parametrize("seed", range(15))
def test_perfect_privacy_knapsack_equals_the_lp(seed: int, a: float, b: float, ties: bool) -> None:
    from nsp.ratedistortion import _perfect_privacy

    n_u = 3 + seed % 9
    n_k = n_u + seed % 3
    puh = _binary_source(seed, n_u, ties=ties)
    pu = puh.sum(axis=1)
    rng = np.random.default_rng([seed, 13])
    col = rng.permutation(n_k)[:n_u]
    d = np.full((n_u, n_k), b)
    d[np.arange(n_u), col] = a
    got = _perfect_privacy.solve_binary_cheap(pu, puh, col, a, b, n_k)
    assert got is not None
    d_pp, w = got
    assert d_pp == pytest.approx(_pp_reference(pu, puh, d), abs=1e-12)
    assert d_pp == pytest.approx(float(np.sum(pu[:, None] * d * w)), abs=1e-14)
    assert np.all(w >= 0)
    np.testing.assert_allclose(w.sum(axis=1), 1.0, rtol=1e-14)
    ph = puh.sum(axis=0)
    np.testing.assert_allclose(puh.T @ w, np.outer(ph, pu @ w), atol=1e-14)  # independent
    # a vertex: no more entries in use than the LP has independent equality rows
    assert np.count_nonzero(w) <= n_u + (n_k - 1)


def test_perfect_privacy_knapsack_declines_what_it_does_not_cover() -> None:
    from nsp.ratedistortion import _perfect_privacy

    puh = _binary_source(0, 5, ties=False)
    pu = puh.sum(axis=1)
    col = np.arange(5)
    three = np.column_stack([puh, puh[:, :1]]) / 1.5
    assert _perfect_privacy.solve_binary_cheap(pu, three, col, 0.0, 1.0, 5) is None
    shared = np.array([0, 0, 2, 3, 4])  # two inputs share their cheap output
    assert _perfect_privacy.solve_binary_cheap(pu, puh, shared, 0.0, 1.0, 5) is None
    assert _perfect_privacy.solve_binary_cheap(pu[:2], puh[:2], col[:2], 0.0, 1.0, 2) is None


@pytest.fixture
def knapsack_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Take the closed form at every size, and count its calls."""
    from nsp.ratedistortion import _perfect_privacy

    calls: list[int] = []
    real = _perfect_privacy.solve_binary_cheap

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        out = real(*args, **kwargs)
        calls.append(out is not None)
        return out

    monkeypatch.setattr(_equivocation, "_FIRST_ORDER_FROM", 1)
    monkeypatch.setattr(_perfect_privacy, "solve_binary_cheap", spy)
    return calls


def test_perfect_privacy_keeps_the_lp_below_the_size_threshold() -> None:
    """Small programs keep the simplex method's vertex (the committed figures' releases)."""
    from nsp.ratedistortion import _perfect_privacy

    p_src = _binary_source(0, 9, ties=False)
    pr = _equivocation._problem(p_src, rd.hamming_distortion(9), True)
    value, w = _equivocation._perfect_privacy_lp(pr)
    ref_value, ref_w = _perfect_privacy.solve(pr.pu, pr.puh, pr.d)
    assert value == ref_value
    np.testing.assert_array_equal(w, ref_w)


@pytest.mark.parametrize("seed", range(4))
def test_perfect_privacy_distortion_on_hamming_sources_equals_the_lp(
    seed: int, knapsack_calls: list[int]
) -> None:
    """Through the public function: a binary secret and a zero-mass letter."""
    rng = np.random.default_rng([seed, 17])
    n = 9
    p_src = rng.dirichlet(np.ones(2 * n)).reshape(n, 2)
    p_src[2] = 0.0
    p_src /= p_src.sum()
    d = rd.hamming_distortion(n)
    keep = p_src.sum(axis=1) > 0
    ref = _pp_reference(p_src.sum(axis=1)[keep], p_src[keep], d[keep])
    assert rd.perfect_privacy_distortion(p_src, d) == pytest.approx(ref, abs=1e-12)
    assert knapsack_calls == [True]


@pytest.mark.parametrize("markov", [True, False])
@pytest.mark.parametrize("seed", range(4))
def test_perfect_privacy_given_side_information_takes_the_knapsack_per_block(
    seed: int, markov: bool, knapsack_calls: list[int]
) -> None:
    rng = np.random.default_rng([seed, 19])
    n = 8
    p_src = rng.dirichlet(np.ones(2 * n)).reshape(n, 2)
    chan_z = rng.dirichlet(np.ones(3), size=n)
    p_z = p_src[:, :, None] * chan_z[:, None, :]
    pr = _equivocation._problem(p_src, rd.hamming_distortion(n), markov, p_z=p_z)
    assert pr.cheap is not None and len(pr.block_rows) == 3
    general = _equivocation._Problem(pr.pu, pr.puh, pr.d, pr.block_rows)
    value, w = _equivocation._perfect_privacy_lp(pr)
    # the Markov encoder's blocks have distinct cheap outputs; the general encoder's do not
    # (the inputs (x_r, h) of one x_r share theirs), so the LP solves them
    assert knapsack_calls == [markov] * 3
    assert value == pytest.approx(_equivocation._perfect_privacy_lp(general)[0], abs=1e-8)
    for rows in pr.block_rows:  # independent of h within every block
        p_bh = pr.puh[rows].sum(axis=0)
        q = pr.pu[rows] @ w[rows]
        np.testing.assert_allclose(
            pr.puh[rows].T @ w[rows], np.outer(p_bh, q) / pr.pu[rows].sum(), atol=1e-14
        )
