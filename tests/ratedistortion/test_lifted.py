"""The structured interior-point method for the leakage program (Γ and Γ_I).

Its solutions are checked against the exponential-cone solver's certified ones (Clarabel on a
different formulation: the two certified intervals must overlap), their encoders are
re-checked with numpy (rows on the simplex, the budget, the leakage recomputed from the
joint), and the public functions are checked to fall back to the conic solver when the
method stops short.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from nsp import ratedistortion as rd
from nsp.ratedistortion import _conic, _equivocation, _lifted

TOL = 1e-7 * math.log(2)  # nats: max_equivocation's default accuracy


def _source(seed: int, n_r: int, n_h: int, *, informed: bool, zero_h: bool = False):
    """A random Markov source, its distortion and (``informed``) a binary side information."""
    rng = np.random.default_rng([seed, 41])
    p_src = rng.dirichlet(np.ones(n_r * n_h)).reshape(n_r, n_h)
    if zero_h:  # a hidden letter that never occurs
        p_src[:, -1] = 0.0
        p_src /= p_src.sum()
    d = rng.uniform(size=(n_r, n_r))
    p_z = None
    if informed:
        chan = rng.dirichlet(np.ones(2), size=n_r)
        p_z = p_src[:, :, None] * chan[:, None, :]
    return p_src, d, p_z


def _program(p_src, d, p_z):
    pr = _equivocation._problem(p_src, d, True, p_z)
    prog = _conic.Program(_equivocation._conic_source(pr), "gamma")
    d_pp = _equivocation._perfect_privacy_lp(pr)[0]
    return prog, float(prog.src.pu @ d.min(axis=1)[_rows(p_src, p_z)]), d_pp


def _rows(p_src, p_z):
    """The public letter of each encoder input (inputs of zero mass dropped, as the solver's)."""
    if p_z is None:
        return np.flatnonzero(p_src.sum(axis=1) > 0)
    u = np.flatnonzero(p_z.sum(axis=1).ravel() > 0)
    return u // p_z.shape[2]


def _leakage(prog, w) -> float:
    """I(H; Xhat | B) in nats, from the joint of the source and ``w``, with numpy."""
    src = prog.src
    total = 0.0
    for b in range(int(src.block.max()) + 1):
        rows = src.block == b
        joint = src.puh[rows].T @ w[rows]  # p(b, h, xhat)
        joint = joint / joint.sum()
        ph, pk = joint.sum(axis=1, keepdims=True), joint.sum(axis=0, keepdims=True)
        pos = joint > 0
        mi = float((joint[pos] * np.log(joint[pos] / (ph @ pk)[pos])).sum())
        total += src.pu[rows].sum() * mi
    return total


CASES = [
    (seed, n_r, n_h, informed)
    for seed, (n_r, n_h) in enumerate([(6, 2), (9, 3), (12, 4), (16, 2), (20, 3)])
    for informed in (False, True)
]


@pytest.mark.parametrize(("seed", "n_r", "n_h", "informed"), CASES)
def test_lifted_certifies_and_agrees_with_the_conic_solver(seed, n_r, n_h, informed):
    p_src, d, p_z = _source(seed, n_r, n_h, informed=informed)
    prog, d_min, d_pp = _program(p_src, d, p_z)
    assert d_min < d_pp
    for frac in (0.05, 0.3, 0.7, 0.95):
        D = d_min + frac * (d_pp - d_min)
        sol = _lifted.gamma(prog, D, tol=TOL)
        assert sol is not None and sol.status == "Lifted"
        assert sol.value - sol.lower <= TOL
        ref = _conic.gamma(prog, D, tol=1e-10, polish_above=1e-12)
        # two certified intervals for the same optimum must overlap
        assert sol.lower <= ref.value + 1e-12
        assert ref.lower <= sol.value + 1e-12
        # the encoder is exactly feasible and its value is its leakage
        w = sol.w
        assert w.min() >= 0.0
        np.testing.assert_allclose(w.sum(axis=1), 1.0, rtol=0, atol=1e-13)
        assert float(prog.src.pu @ (w * prog.src.d).sum(axis=1)) <= D
        assert sol.value == pytest.approx(_leakage(prog, w), rel=1e-9, abs=1e-13)


@pytest.mark.parametrize("informed", [False, True])
def test_hidden_letters_that_never_occur(informed):
    # (block, hidden letter) pairs of zero mass have no posterior: they are kept out of the
    # normal equations (and of the certificate)
    p_src, d, p_z = _source(3, 10, 3, informed=informed, zero_h=True)
    prog, d_min, d_pp = _program(p_src, d, p_z)
    for frac in (0.2, 0.6):
        D = d_min + frac * (d_pp - d_min)
        sol = _lifted.gamma(prog, D, tol=TOL)
        assert sol is not None and sol.value - sol.lower <= TOL
        ref = _conic.gamma(prog, D, tol=1e-10, polish_above=1e-12)
        assert sol.lower <= ref.value + 1e-12 and ref.lower <= sol.value + 1e-12


@pytest.mark.parametrize("informed", [False, True])
def test_dense_and_blocked_normal_equations_agree(informed, monkeypatch):
    # the same Newton directions, factored as one dense matrix or cell by cell
    p_src, d, p_z = _source(5, 12, 3, informed=informed)
    prog, d_min, d_pp = _program(p_src, d, p_z)
    D = d_min + 0.4 * (d_pp - d_min)
    monkeypatch.setattr(_lifted, "DENSE_UP_TO", 10**9)
    dense = _lifted.gamma(prog, D, tol=TOL)
    monkeypatch.setattr(_lifted, "DENSE_UP_TO", 0)
    blocked = _lifted.gamma(prog, D, tol=TOL)
    assert dense is not None and blocked is not None
    assert dense.iterations == blocked.iterations
    assert dense.value == pytest.approx(blocked.value, abs=1e-10)
    np.testing.assert_allclose(dense.w, blocked.w, atol=1e-6)


def test_a_constant_distortion_has_nothing_to_solve():
    p_src, _, _ = _source(0, 5, 2, informed=False)
    prog, _, _ = _program(p_src, np.ones((5, 5)), None)
    assert _lifted.gamma(prog, 1.0, tol=TOL) is None


def test_an_iteration_cap_returns_the_best_certificate_or_none():
    p_src, d, _ = _source(1, 12, 3, informed=False)
    prog, d_min, d_pp = _program(p_src, d, None)
    D = d_min + 0.5 * (d_pp - d_min)
    assert _lifted.gamma(prog, D, tol=TOL, max_iter=2) is None  # no certificate yet
    loose = _lifted.gamma(prog, D, tol=1e-3, max_iter=40)  # stops at the first that closes
    tight = _lifted.gamma(prog, D, tol=TOL)
    assert loose is not None and tight is not None
    assert loose.iterations < tight.iterations
    assert loose.value - loose.lower <= 1e-3


@pytest.mark.parametrize("informed", [False, True])
def test_public_functions_fall_back_to_the_conic_solver(informed, monkeypatch):
    # when the structured method stops short, the exponential-cone attempts follow and the
    # result is still certified to the tolerance
    p_src, d, p_z = _source(2, 10, 3, informed=informed)
    _, d_min, d_pp = _program(p_src, d, p_z)
    D = d_min + 0.5 * (d_pp - d_min)
    real_lifted, real_conic = _lifted.gamma, _conic.gamma
    calls: list[str] = []

    def short(prog, D, *, tol):
        calls.append("lifted")
        return real_lifted(prog, D, tol=tol, max_iter=3)

    def conic(*args, **kwargs):
        calls.append("conic")
        return real_conic(*args, **kwargs)

    monkeypatch.setattr(_lifted, "gamma", short)
    monkeypatch.setattr(_conic, "gamma", conic)
    _equivocation._instances().clear()
    if informed:
        res = rd.max_equivocation_informed(p_z, d, D)
        tol = 1e-9
    else:
        res = rd.max_equivocation(p_src, d, D)
        tol = 1e-7
    assert calls[:2] == ["lifted", "conic"]
    assert res.upper_bound - res.gamma <= tol


def _rate_budgets(p_src, d, D):
    """Leakage budgets (nats) strictly between R(D)'s encoder's leakage and Γ(D)'s."""
    g = rd.max_equivocation(p_src, d, D, base=math.e)
    e_star = rd.min_rate(p_src, d, D, base=math.e).equivocation
    hh = float(-(p_src.sum(axis=0) @ np.log(p_src.sum(axis=0))))
    return [hh - (e_star + f * (g.gamma - e_star)) for f in (0.1, 0.5, 0.9)]


RATE_CASES = [
    (seed, n_r, n_h) for seed, (n_r, n_h) in enumerate([(6, 2), (10, 3), (14, 2), (16, 4)])
]


@pytest.mark.parametrize(("seed", "n_r", "n_h"), RATE_CASES)
def test_lifted_rate_certifies_and_agrees_with_the_conic_solver(seed, n_r, n_h):
    p_src, d, _ = _source(seed, n_r, n_h, informed=False)
    pr = _equivocation._problem(p_src, d, True)
    prog = _conic.Program(_equivocation._conic_source(pr), "rate")
    d_min, d_max = rd.distortion_range(p_src.sum(axis=1), d)
    for D in (d_min + 0.2 * (d_max - d_min), d_min + 0.6 * (d_max - d_min)):
        for T in _rate_budgets(p_src, d, D):
            sol = _lifted.rate(prog, D, T, tol=TOL, t_solve=T - 1e-10)
            assert sol is not None and sol.status == "Lifted"
            assert sol.value - sol.lower <= TOL
            assert sol.leakage <= T + 1e-13
            w = sol.w
            assert w.min() >= 0.0
            np.testing.assert_allclose(w.sum(axis=1), 1.0, rtol=0, atol=1e-13)
            assert float(prog.src.pu @ (w * prog.src.d).sum(axis=1)) <= D
            assert sol.leakage == pytest.approx(_leakage(prog, w), rel=1e-9, abs=1e-13)
            ref = _conic.rate(prog, D, T, tol=1e-10, t_solve=T - 1e-10, polish_above=1e-12)
            assert ref is not None
            assert sol.lower <= ref.value + 1e-12
            if ref.leakage <= T + 1e-13:  # its rate is an upper bound on R(D, E)
                assert ref.lower <= sol.value + 1e-12


def test_lifted_rate_declines_what_it_does_not_solve(monkeypatch):
    p_src, d, p_z = _source(4, 8, 2, informed=True)
    d_min, d_max = rd.distortion_range(p_src.sum(axis=1), d)
    D = 0.5 * (d_min + d_max)
    blocks = _conic.Program(
        _equivocation._conic_source(_equivocation._problem(p_src, d, True, p_z)), "rate"
    )
    assert _lifted.rate(blocks, D, 0.01, tol=TOL, t_solve=0.01) is None  # side information
    prog = _conic.Program(
        _equivocation._conic_source(_equivocation._problem(p_src, d, True)), "rate"
    )
    assert _lifted.rate(prog, D, 0.0, tol=TOL, t_solve=0.0) is None  # no room below a budget of 0
    monkeypatch.setattr(_lifted, "RATE_DENSE_UP_TO", 10)
    assert _lifted.rate(prog, D, 0.01, tol=TOL, t_solve=0.01) is None  # too large


@pytest.mark.parametrize("seed", range(3))
def test_rate_given_equivocation_without_the_lifted_method(seed, monkeypatch):
    # the conic attempts alone still certify (they are what runs when the method declines)
    monkeypatch.setattr(_lifted, "rate", lambda *args, **kwargs: None)
    _equivocation._instances().clear()
    p_src, d, _ = _source(seed, 9, 3, informed=False)
    d_min, d_max = rd.distortion_range(p_src.sum(axis=1), d)
    D = d_min + 0.4 * (d_max - d_min)
    hh = float(-(p_src.sum(axis=0) @ np.log2(p_src.sum(axis=0))))
    T = _rate_budgets(p_src, d, D)[1]
    res = rd.rate_given_equivocation(p_src, d, D, hh - T / math.log(2))
    assert res is not None and res.gap <= 1e-7
    _equivocation._instances().clear()
