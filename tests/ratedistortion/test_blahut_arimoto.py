"""Blahut–Arimoto on skewed sources: the certificate, agreement with R(D) and with CVXPY.

The rate–distortion point of slope ``-beta`` minimizes ``F(q) = -sum_x p(x) ln sum_xhat q(xhat)
exp(-beta d(x, xhat))`` over output pmfs ``q``; ``F* = min_q F = R + beta D`` (nats) at the
point. CVXPY with Clarabel solves the same convex problem as an independent oracle.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from nsp.ratedistortion import blahut_arimoto, distortion_range, rate_distortion_at

SKEWED_DIST = [[2.75, 1.2, 0.75, 1.57], [0.0, 1.6, 2.1, 0.0]]


def _instances(n: int, seed: int):
    """Seeded random sources with one letter of mass ``p_min`` in 1e-2 ... 1e-8."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        m, m_hat = int(rng.integers(2, 6)), int(rng.integers(2, 7))
        p_min = 10.0 ** -int(rng.integers(2, 9))
        p = rng.dirichlet(np.ones(m))
        p[0] = p_min
        p[1:] *= (1 - p_min) / p[1:].sum()
        yield p, rng.uniform(0.0, 3.0, (m, m_hat)), float(rng.uniform(0.5, 10.0))


def _cvxpy_lagrangian(p: np.ndarray, d: np.ndarray, beta: float) -> float:
    """``min_q -sum_x p(x) ln sum q exp(-beta d)`` in nats, by CVXPY + Clarabel."""
    cp = pytest.importorskip("cvxpy")
    dmin = d.min(axis=1, keepdims=True)
    kernel = np.exp(-beta * (d - dmin))  # rows scaled to max 1: well conditioned for the cone
    q = cp.Variable(d.shape[1], nonneg=True)
    problem = cp.Problem(cp.Maximize(p @ cp.log(kernel @ q)), [cp.sum(q) == 1])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        problem.solve(solver="CLARABEL", tol_gap_abs=1e-11, tol_gap_rel=1e-11, tol_feas=1e-11)
    return -float(problem.value) + beta * float(p @ dmin[:, 0])


@pytest.mark.parametrize("p_min", [1e-4, 1e-6, 1e-8])
def test_skewed_example_converges_in_few_iterations(p_min):
    pt = blahut_arimoto([p_min, 1 - p_min], SKEWED_DIST, 5.0)
    assert pt.gap <= 1e-10
    assert pt.iterations < 500  # plain Blahut–Arimoto needs about 1 / p_min
    ref = rate_distortion_at([p_min, 1 - p_min], SKEWED_DIST, pt.distortion)
    assert abs(pt.rate - ref.rate) <= pt.gap + ref.gap + 1e-12


def test_skewed_example_zero_rate_optimum():
    # beta = 5 exceeds the slope at D_max: the constant reproduction (letter 3) is optimal
    pt = blahut_arimoto([1e-6, 1 - 1e-6], SKEWED_DIST, 5.0)
    assert pt.rate == pytest.approx(0.0, abs=1e-12)
    assert pt.distortion == pytest.approx(1e-6 * 1.57, rel=1e-9)


@pytest.mark.parametrize("seed", range(3))
def test_certificate_and_cvxpy_on_random_skewed_instances(seed):
    for p, d, beta in _instances(20, seed):
        pt = blahut_arimoto(p, d, beta)
        assert pt.gap <= 1e-10
        assert pt.iterations < 2_000
        assert pt.lower_bound <= pt.rate
        np.testing.assert_allclose(pt.channel.sum(axis=1), 1.0, atol=1e-12)
        lagrangian = pt.rate * math.log(2) + beta * pt.distortion
        assert lagrangian == pytest.approx(_cvxpy_lagrangian(p, d, beta), abs=1e-8)


@pytest.mark.parametrize("seed", range(2))
def test_agrees_with_rate_distortion_at(seed):
    for p, d, beta in _instances(10, 100 + seed):
        pt = blahut_arimoto(p, d, beta)
        ref = rate_distortion_at(p, d, pt.distortion)
        # both certified: R(D) lies in [lower, rate] of each
        assert ref.lower_bound <= pt.rate + 1e-12
        assert pt.lower_bound <= ref.rate + 1e-12
        # the supporting line of slope -beta lower-bounds R everywhere (it is certified)
        for D in np.linspace(*distortion_range(p, d), 4):
            other = rate_distortion_at(p, d, float(D))
            line = pt.lower_bound - beta / math.log(2) * (float(D) - pt.distortion)
            assert line <= other.rate + 1e-9


def test_newton_finish_matches_plain_iteration():
    # the Newton finish and the EM map alone reach the same optimum on a moderate skew
    p = np.array([1e-3, 0.5, 0.499])
    d = np.array([[0.0, 1.0, 2.0, 0.3], [1.0, 0.0, 1.5, 0.2], [2.0, 1.0, 0.0, 0.4]])
    pt = blahut_arimoto(p, d, 3.0, tol=1e-12)
    k = np.exp(-3.0 * (d - d.min(axis=1, keepdims=True)))
    q = np.full(4, 0.25)
    for _ in range(200_000):  # plain Blahut–Arimoto, no acceleration
        q = q * (k.T @ (p / (k @ q)))
    f_plain = -float(p @ np.log(k @ q))
    f_ours = -float(p @ np.log(k @ pt.output_pmf))
    assert f_ours <= f_plain + 1e-12
    assert f_ours == pytest.approx(f_plain, abs=1e-9)
