"""Blahut–Arimoto rate–distortion: closed forms, certificates and curve properties."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nsp.ratedistortion import (
    blahut_arimoto,
    distortion_range,
    hamming_distortion,
    rate_distortion_at,
    rate_distortion_curve,
)


def h2(x: float) -> float:
    """Binary entropy in bits, written out independently of the library."""
    if x <= 0 or x >= 1:
        return 0.0
    return -x * math.log2(x) - (1 - x) * math.log2(1 - x)


def entropy_bits(p) -> float:
    p = np.asarray(p, float)
    p = p[p > 0]
    return float(-(p * np.log2(p)).sum())


@pytest.mark.parametrize("p0", [0.5, 0.2, 0.35, 0.05])
@pytest.mark.parametrize("D", [0.0, 0.001, 0.01, 0.1, 0.2, 0.3, 0.45])
def test_binary_hamming_closed_form(p0, D):
    # R(D) = h(p) - h(D) for D < min(p, 1-p), else 0.
    pt = rate_distortion_at([p0, 1 - p0], hamming_distortion(2), D, tol=1e-11)
    expected = h2(p0) - h2(D) if D < min(p0, 1 - p0) else 0.0
    assert pt.rate == pytest.approx(expected, abs=1e-9)
    assert pt.lower_bound <= pt.rate + 1e-15
    assert pt.gap <= 1e-9
    assert pt.distortion <= D + 1e-12
    # the channel is row-stochastic and achieves the reported distortion
    w = pt.channel
    assert np.allclose(w.sum(axis=1), 1.0, atol=1e-12)
    assert float(np.dot([p0, 1 - p0], (w * hamming_distortion(2)).sum(axis=1))) == pytest.approx(
        pt.distortion, abs=1e-13
    )


@pytest.mark.parametrize("D", [0.05, 0.11, 0.25, 0.4])
def test_uniform_binary_slope_point(D):
    # At slope beta = ln((1-D)/D) the BA fixed point is D itself and R = 1 - h(D).
    pt = blahut_arimoto([0.5, 0.5], hamming_distortion(2), math.log((1 - D) / D))
    assert pt.distortion == pytest.approx(D, abs=1e-10)
    assert pt.rate == pytest.approx(1 - h2(D), abs=1e-9)
    assert pt.gap < 1e-10


def test_uniform_mary_closed_form():
    # Uniform m-ary source, Hamming: R(D) = log m - h(D) - D log(m-1) for D <= 1 - 1/m.
    m = 5
    for D in [0.0, 0.1, 0.3, 0.6, 0.8]:
        pt = rate_distortion_at(np.full(m, 1 / m), hamming_distortion(m), D, tol=1e-11)
        expected = max(math.log2(m) - h2(D) - D * math.log2(m - 1), 0.0) if D < 0.8 else 0.0
        assert pt.rate == pytest.approx(expected, abs=1e-9)


def test_endpoints_hamming(rng):
    p = rng.dirichlet(np.ones(6))
    d = hamming_distortion(6)
    d_min, d_max = distortion_range(p, d)
    assert d_min == 0.0
    assert d_max == pytest.approx(1 - p.max())
    assert rate_distortion_at(p, d, 0.0).rate == pytest.approx(entropy_bits(p), abs=1e-9)
    assert rate_distortion_at(p, d, d_max).rate == 0.0
    assert rate_distortion_at(p, d, 0.99).rate == 0.0


def test_base_nats():
    pt = rate_distortion_at([0.5, 0.5], hamming_distortion(2), 0.1, base="e")
    assert pt.rate == pytest.approx((1 - h2(0.1)) * math.log(2), abs=1e-10)


def test_zero_probability_letters_are_handled():
    pt = rate_distortion_at([0.5, 0.0, 0.5], hamming_distortion(3), 0.1)
    assert pt.rate == pytest.approx(1 - h2(0.1), abs=1e-9)
    assert pt.channel.shape == (3, 3)
    assert np.allclose(pt.channel.sum(axis=1), 1)


@settings(max_examples=20)
@given(seed=st.integers(0, 10_000), m=st.integers(2, 6), k=st.integers(2, 6))
def test_curve_convex_nonincreasing_and_certified(seed, m, k):
    # Random distortion matrices may give R(D) linear pieces, where the slope search is
    # degenerate and the certified gap (reported honestly) is larger: allow 1e-4 there.
    rng = np.random.default_rng(seed)
    p = rng.dirichlet(np.ones(m))
    d = rng.uniform(0, 1, size=(m, k))
    d_min, d_max = distortion_range(p, d)
    grid = np.linspace(d_min + 1e-3 * (d_max - d_min), d_max, 7)
    df = rate_distortion_curve(p, d, grid, tol=1e-9, max_iter=5000)
    r, low = df["R"].to_numpy(), df["R_lower"].to_numpy()
    assert np.all(low <= r + 1e-12)
    assert np.all(r - low <= 1e-4)
    assert np.all(np.diff(r) <= 1e-4)  # non-increasing
    # convex: the certified lower bound at a midpoint is below the chord of the upper values
    assert np.all(low[1:-1] <= 0.5 * (r[:-2] + r[2:]) + 1e-12)
    assert r[-1] == 0.0
    # every rate is bounded by H(X) and by any explicit channel: the identity-free check
    assert np.all(r <= entropy_bits(p) + 1e-9)


@given(seed=st.integers(0, 10_000))
def test_rate_below_random_channels(seed):
    # R(D) <= I(X; Xhat) for any channel with distortion <= D (random channels).
    rng = np.random.default_rng(seed)
    m, k = 4, 3
    p = rng.dirichlet(np.ones(m))
    d = rng.uniform(0, 1, size=(m, k))
    w = rng.dirichlet(np.ones(k) * 0.5, size=m)
    D = float(p @ (w * d).sum(axis=1))
    q = p @ w
    joint = p[:, None] * w
    mask = joint > 0
    mi = float((joint[mask] * np.log2((w / q[None, :])[mask])).sum())
    pt = rate_distortion_at(p, d, D)
    assert pt.rate <= mi + 1e-9


def test_rejects_bad_input():
    with pytest.raises(ValueError, match="p must sum to 1"):
        rate_distortion_at([0.5, 0.6], hamming_distortion(2), 0.1)
    with pytest.raises(ValueError, match="dist must be a matrix"):
        rate_distortion_at([0.5, 0.5], hamming_distortion(3), 0.1)
    with pytest.raises(ValueError, match="non-negative"):
        rate_distortion_at([0.5, 0.5], -hamming_distortion(2), 0.1)
    with pytest.raises(ValueError, match="D must be >= D_min"):
        rate_distortion_at([0.5, 0.5], hamming_distortion(2) + 0.2, 0.1)
    with pytest.raises(ValueError, match="beta must be"):
        blahut_arimoto([0.5, 0.5], hamming_distortion(2), -1.0)
    with pytest.raises(ValueError, match="base"):
        blahut_arimoto([0.5, 0.5], hamming_distortion(2), 1.0, base=1)
    assert rate_distortion_at(
        [1, 3], hamming_distortion(2), 0.1, normalize=True
    ).rate == pytest.approx(h2(0.25) - h2(0.1), abs=1e-9)


# --- bad input: every option is checked, with a message naming it --------------------------

P2 = [0.5, 0.5]
H2 = [[0.0, 1.0], [1.0, 0.0]]


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: hamming_distortion(0), "m"),
        (lambda: hamming_distortion(2.5), "m"),
        (lambda: hamming_distortion(True), "m"),
        (lambda: hamming_distortion(2, 0), "m_hat"),
        (lambda: hamming_distortion(10**5, 10**5), "entries"),
        (lambda: blahut_arimoto(P2, H2, True), "beta"),
        (lambda: blahut_arimoto(P2, H2, -1.0), "beta"),
        (lambda: blahut_arimoto(P2, H2, float("inf")), "beta"),
        (lambda: blahut_arimoto(P2, H2, "1"), "beta"),
        (lambda: blahut_arimoto(P2, H2, 1.0, max_iter=2.5), "max_iter"),
        (lambda: blahut_arimoto(P2, H2, 1.0, max_iter=0), "max_iter"),
        (lambda: blahut_arimoto(P2, H2, 1.0, tol=0.0), "tol"),
        (lambda: blahut_arimoto(P2, H2, 1.0, normalize="no"), "normalize"),
        (lambda: blahut_arimoto(P2, H2, 1.0, base=1), "base"),
        (lambda: blahut_arimoto(P2, [[0, 1j], [1j, 0]], 1.0), "dist"),
        (lambda: rate_distortion_at(P2, H2, 0.1, tol="1e-3"), "tol"),
        (lambda: rate_distortion_at(P2, H2, 0.1, tol=-1.0), "tol"),
        (lambda: rate_distortion_at(P2, H2, float("nan")), "D"),
        (lambda: rate_distortion_at(P2, H2, None), "D"),
        (lambda: rate_distortion_at(P2, H2, 0.1, max_iter=1.0), "max_iter"),
        (lambda: rate_distortion_curve(P2, H2, n=0), "n"),
        (lambda: rate_distortion_curve(P2, H2, n=2.5), "n"),
        (lambda: rate_distortion_curve(P2, H2, n=10**9), "n"),
        (lambda: rate_distortion_curve(P2, H2, [0.1, float("nan")]), "D_grid"),
        (lambda: rate_distortion_curve(P2, H2, [0.1j]), "D_grid"),
        (lambda: rate_distortion_curve(P2, H2, [0.1], tol=0), "tol"),
    ],
)
def test_bad_options_raise_a_value_error_naming_them(call, name):
    with pytest.raises(ValueError, match=name):
        call()


def test_distortion_range_unpacks_like_the_old_pair():
    res = distortion_range([0.5, 0.3, 0.2], hamming_distortion(3))
    d_min, d_max = res
    assert (d_min, d_max) == (res.d_min, res.d_max) == (0.0, 0.5)
    assert res == (0.0, 0.5) and res[1] == 0.5
