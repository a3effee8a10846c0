"""Γ(D) of large programs at loose accuracy: the first-order solver goes first, certified.

From :data:`nsp.ratedistortion._equivocation._FIRST_ORDER_FROM` encoder entries on, at an
accuracy of at least ``_FIRST_ORDER_TOL`` nats, :func:`~nsp.ratedistortion.max_equivocation`
tries mirror descent before the exponential-cone program. The threshold is lowered here so
that small seeded instances take that path; each result is checked against the dense conic
program (the default path at these sizes, solved to 1e-9 bits) and against Remark 4's
closed form: the value within ``tol``, the certificate honest (its upper bound above the
dense solution's value), the encoder stochastic and within the budget.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from nsp import ratedistortion as rd
from nsp.ratedistortion import _equivocation

TOL = 1e-4  # bits: what nsp.notions.equivocation_sweep asks for


@pytest.fixture
def first_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Send every single-block Γ(D) at a loose accuracy to the first-order solver first."""
    monkeypatch.setattr(_equivocation, "_FIRST_ORDER_FROM", 1)


def _source(seed: int, n_r: int, n_h: int, *, zeros: bool) -> np.ndarray:
    rng = np.random.default_rng([seed, n_r, n_h])
    p = rng.dirichlet(np.ones(n_r * n_h)).reshape(n_r, n_h)
    if zeros:  # a public letter that never occurs, and a cell of zero mass
        p[0] = 0.0
        p[1, 0] = 0.0
        p /= p.sum()
    return p


def _distortion(seed: int, n_r: int, kind: str) -> np.ndarray:
    if kind == "hamming":
        return rd.hamming_distortion(n_r)
    return np.random.default_rng([seed, 99]).uniform(size=(n_r, n_r))


def _check_encoder(res: rd.EquivocationResult, p_src: np.ndarray, d: np.ndarray, D: float) -> None:
    w = res.channel
    assert np.all(w >= 0)
    assert np.allclose(w.sum(axis=1), 1.0, atol=1e-12)
    assert float(p_src.sum(axis=1) @ (w * d).sum(axis=1)) <= D + 1e-12
    pt = rd.rde_point(p_src, w, d)
    assert res.gamma == pytest.approx(pt.equivocation, abs=1e-12)


@pytest.mark.parametrize("kind", ["hamming", "uniform"])
@pytest.mark.parametrize(("n_r", "n_h"), [(12, 2), (20, 2), (10, 3), (16, 4)])
@pytest.mark.parametrize("seed", range(3))
def test_first_order_path_agrees_with_the_dense_program(first_order, seed, n_r, n_h, kind):
    p_src = _source(seed, n_r, n_h, zeros=seed == 2)
    d = _distortion(seed, n_r, kind)
    d_min, _ = rd.distortion_range(p_src.sum(axis=1), d)
    d_pp = rd.perfect_privacy_distortion(p_src, d)
    budgets = [d_min + f * (d_pp - d_min) for f in (1e-3, 0.05, 0.3, 0.7, 0.999)]
    for D in budgets:
        res = rd.max_equivocation(p_src, d, D, tol=TOL)
        with pytest.MonkeyPatch.context() as mp:  # the reference: the dense conic program
            mp.setattr(_equivocation, "_FIRST_ORDER_FROM", math.inf)
            ref = rd.max_equivocation(p_src, d, D, tol=1e-9)
        _check_encoder(res, p_src, d, D)
        assert res.upper_bound - res.gamma <= TOL
        assert res.upper_bound >= ref.gamma - 1e-9  # the certificate is honest
        assert res.gamma <= ref.upper_bound + 1e-12  # nothing beats the optimum
        assert res.gamma >= ref.gamma - TOL


def test_first_order_path_took_the_first_order_solver(first_order, monkeypatch):
    """The dense program is never built when mirror descent certifies on its own."""
    p_src, d = _source(0, 16, 2, zeros=False), rd.hamming_distortion(16)

    def no_program(*args, **kwargs):
        raise AssertionError("the conic program was built")

    monkeypatch.setattr(_equivocation, "_gamma_program", no_program)
    d_min, _ = rd.distortion_range(p_src.sum(axis=1), d)
    d_pp = rd.perfect_privacy_distortion(p_src, d)
    res = rd.max_equivocation(p_src, d, 0.5 * (d_min + d_pp), tol=TOL)
    assert res.upper_bound - res.gamma <= TOL


def test_first_order_path_falls_back_to_the_program_when_short(first_order):
    """With too few iterations to certify, the conic program takes over and certifies."""
    p_src, d = _source(1, 16, 3, zeros=False), _distortion(1, 16, "uniform")
    d_min, _ = rd.distortion_range(p_src.sum(axis=1), d)
    d_pp = rd.perfect_privacy_distortion(p_src, d)
    D = d_min + 0.4 * (d_pp - d_min)
    res = rd.max_equivocation(p_src, d, D, tol=TOL, max_iter=2)
    _check_encoder(res, p_src, d, D)
    assert res.upper_bound - res.gamma <= TOL


@pytest.mark.parametrize("D", [0.01, 0.1, 0.25, 0.4, 0.49])
def test_first_order_path_meets_remark_4(first_order, D):
    """Remark 4: X_r = (A, B) uniform, X_h = A, Hamming distortion: Γ(D) = h(D), D <= 1/2."""
    p_src = np.zeros((4, 2))
    p_src[[0, 1], 0] = 0.25
    p_src[[2, 3], 1] = 0.25
    res = rd.max_equivocation(p_src, rd.hamming_distortion(4), D, tol=TOL)
    h = -D * math.log2(D) - (1 - D) * math.log2(1 - D)
    assert res.gamma <= h + 1e-12 <= res.upper_bound + 2e-12
    assert res.upper_bound - res.gamma <= TOL
