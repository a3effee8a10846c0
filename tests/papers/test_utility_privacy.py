"""Sankar, Rajagopalan & Poor (2013): worked values of the two examples, and properties.

Every expected number below was computed independently of this code (by hand from the closed
forms, by brute force, SLSQP or a covariance evaluation), never taken from the code under test.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import minimize

from nsp import ratedistortion as rd
from nsp.info import conditional_entropy, entropy, mutual_information
from nsp.papers import utility_privacy as up

P1 = np.array([0.25, 0.25, 0.15, 0.1, 0.04, 0.005, 0.003, 0.002]) / 0.8
HAM8 = rd.hamming_distortion(8)


def h2(x: float) -> float:
    if x <= 0 or x >= 1:
        return 0.0
    return -x * math.log2(x) - (1 - x) * math.log2(1 - x)


# --- Example 1 -------------------------------------------------------------------------


def test_example1_entropy_and_dmax():
    assert entropy(P1) == pytest.approx(2.1903034189559834, abs=1e-12)
    assert rd.distortion_range(P1, HAM8)[1] == pytest.approx(0.6875, abs=1e-15)


@pytest.mark.parametrize(
    "D, lam, supp, p_hat, gamma, rate, beta",
    [
        (0.1, 0.021875, 5, np.array([93, 93, 53, 33, 9]) / 281, 0.716920, 1.473383, 3.717050),
        (0.25, 0.0625, 4, np.array([4, 4, 2, 1]) / 11, 1.374967, 0.815336, math.log(12)),
        (0.5, 0.15625, 3, np.array([5, 5, 1]) / 11, 2.025586, 0.164717, math.log(3.2)),
    ],
)
def test_example1_table(D, lam, supp, p_hat, gamma, rate, beta):
    s = up.reverse_waterfill(P1, D)
    assert s.water_level == pytest.approx(lam, abs=1e-12)
    assert s.support.tolist() == [True] * supp + [False] * (8 - supp)
    assert s.S == supp - 1
    assert np.allclose(s.output_pmf[:supp], p_hat, atol=1e-12)
    assert np.all(s.output_pmf[supp:] == 0)
    assert s.gamma == pytest.approx(gamma, abs=1e-6)
    assert s.rate == pytest.approx(rate, abs=1e-6)
    assert up.gamma_hamming(P1, D) == pytest.approx(gamma, abs=1e-6)
    # Blahut–Arimoto agrees with the closed form, slope included
    ba = rd.rate_distortion_at(P1, HAM8, D, tol=1e-11)
    assert ba.rate == pytest.approx(s.rate, abs=1e-9)
    assert ba.beta == pytest.approx(beta, abs=1e-6)
    assert np.allclose(ba.output_pmf, s.output_pmf, atol=1e-6)
    # and so do the Γ solvers with X_h = X_r: the Markov encoder is solved by
    # Blahut–Arimoto (Γ = H - R), the general encoder by the convex mirror-descent solver
    for markov in (True, False):
        g = rd.max_equivocation(np.diag(P1), HAM8, D, markov=markov)
        assert g.gamma == pytest.approx(gamma, abs=1e-6)
        assert g.gamma <= s.gamma + 1e-12 <= g.upper_bound + 2e-12


@pytest.mark.parametrize(
    "D, lam, size, gamma, rate",
    [
        (0, 0, 8, 0, 2.190303),
        (0.01, 0.001429, 8, 0.108867, 2.081437),
        (0.02, 0.002917, 7, 0.197549, 1.992755),
        (0.05, 0.009375, 5, 0.420529, 1.769774),
        (0.15, 0.034375, 5, 0.965481, 1.224822),
        (0.2, 0.046875, 5, 1.182955, 1.007349),
        (0.3, 0.079167, 4, 1.542894, 0.647410),
        (0.4, 0.1125, 4, 1.819669, 0.370634),
        (0.6, 0.225, 2, 2.154480, 0.035823),
        (0.65, 0.275, 2, 2.183796, 0.006508),
        (0.6875, 0.3125, 2, 2.190303, 0),
    ],
)
def test_example1_grid(D, lam, size, gamma, rate):
    s = up.reverse_waterfill(P1, D)
    assert s.water_level == pytest.approx(lam, abs=1e-6)
    assert int(s.support.sum()) == size
    assert s.gamma == pytest.approx(gamma, abs=1e-6)
    assert s.rate == pytest.approx(rate, abs=1e-6)


def test_example1_suppression_thresholds():
    # letter k leaves the output alphabet once D >= D_k
    for k, dk in [(8, 0.0175), (7, 0.025), (6, 0.0375), (5, 0.2125), (4, 0.4375), (3, 0.5625)]:
        assert up.reverse_waterfill(P1, dk - 1e-9).support[k - 1]
        assert not up.reverse_waterfill(P1, dk).support[k - 1]


def test_example1_channels_at_quarter():
    s = up.reverse_waterfill(P1, 0.25)
    b = s.backward
    assert np.allclose(np.diag(b)[:4], 0.75)
    off = b[:4, :4][~np.eye(4, dtype=bool)]
    assert np.allclose(off, 0.0625)
    for row, const in zip(range(4, 8), [0.05, 0.00625, 0.00375, 0.0025], strict=False):
        assert np.allclose(b[row, :4], const)
    f = s.forward
    assert np.allclose(f[0, :4], [0.872727, 0.072727, 0.036364, 0.018182], atol=1e-6)
    assert np.allclose(f[2, :4], [0.121212, 0.121212, 0.727273, 0.030303], atol=1e-6)
    assert np.allclose(f[3, :4], [0.181818, 0.181818, 0.090909, 0.545455], atol=1e-6)
    assert np.allclose(f[4:], np.array([4, 4, 2, 1, 0, 0, 0, 0]) / 11, atol=1e-12)


def test_example1_output_entropy():
    for D, hout in [
        (0, 2.190303),
        (0.1, 2.031730),
        (0.25, 1.823068),
        (0.5, 1.348588),
        (0.6875, 1.0),
    ]:
        assert entropy(up.reverse_waterfill(P1, D).output_pmf) == pytest.approx(hout, abs=1e-6)


def test_example1_pmf_as_printed_is_rejected_and_alternatives():
    with pytest.raises(ValueError, match="sum to 1"):
        up.reverse_waterfill(up.EXAMPLE1_PMF_PRINTED, 0.25)
    s = up.reverse_waterfill(up.EXAMPLE1_PMF_PRINTED, 0.25, normalize=True)
    assert s.gamma == pytest.approx(1.374967, abs=1e-6)
    p9 = up.example1_pmf("nine_letter")
    assert entropy(p9) == pytest.approx(2.474171, abs=1e-6)
    for D, lam, size, gamma in [
        (0.1, 0.018, 6, 0.739723),
        (0.25, 0.05, 5, 1.442711),
        (0.5, 0.116667, 4, 2.184078),
    ]:
        s = up.reverse_waterfill(p9, D)
        assert s.water_level == pytest.approx(lam, abs=1e-6)
        assert int(s.support.sum()) == size
        assert s.gamma == pytest.approx(gamma, abs=1e-6)


def test_example1_qualitative_claims():
    s = up.reverse_waterfill(P1, 0.25)
    joint = s.joint
    q = joint.sum(axis=0)
    cols = np.flatnonzero(q > 0)
    post = joint[:, cols] / q[cols]
    # (b) suppressed letters keep their prior as posterior
    for k in np.flatnonzero(~s.support):
        assert np.allclose(post[k], P1[k], atol=1e-15)
    # (c) H(X | Xhat = xhat) = Γ(D) for every output letter
    hs = [-(c[c > 0] * np.log2(c[c > 0])).sum() for c in post.T]
    assert np.allclose(hs, s.gamma, atol=1e-12)


# --- properties of the closed form ---------------------------------------------------------


@st.composite
def pmf_and_D(draw):
    seed = draw(st.integers(0, 2**31 - 1))
    m = draw(st.integers(2, 10))
    rng = np.random.default_rng(seed)
    p = rng.dirichlet(np.ones(m))
    D = float(rng.uniform(0, 1 - p.max()))
    return p, D


@given(pmf_and_D())
def test_rwf_consistency(case):
    p, D = case
    s = up.reverse_waterfill(p, D)
    q = s.output_pmf
    assert np.all(q >= 0) and q.sum() == pytest.approx(1, abs=1e-12)
    cols = np.flatnonzero(s.support)
    assert np.allclose(s.backward[:, cols].sum(axis=0), 1, atol=1e-12)
    assert np.allclose(s.backward @ q, p, atol=1e-12)
    assert 1 - np.trace(s.joint) == pytest.approx(D, abs=1e-12)
    lam = s.water_level
    assert lam <= 1 - D + 1e-15
    assert s.S * lam + p[p <= lam].sum() == pytest.approx(D, abs=1e-12)
    # (18) equals H(X | Xhat) of the joint, and the identity I + H(X|Xhat) = H(X)
    assert conditional_entropy(s.joint, 0, 1) == pytest.approx(s.gamma, abs=1e-10)
    assert mutual_information(s.joint) + s.gamma == pytest.approx(entropy(p), abs=1e-10)
    # suppressed letters: forward row equals p(xhat)
    for k in np.flatnonzero(~s.support):
        assert np.allclose(s.forward[k], q, atol=1e-12)
    # Fano, equality iff D <= (M-1) p_min
    m = p.size
    fano = h2(D) + D * math.log2(m - 1)
    assert s.gamma <= fano + 1e-12
    if D <= (m - 1) * p.min():
        assert s.gamma == pytest.approx(fano, abs=1e-12)


@given(pmf_and_D())
def test_gamma_shape_and_slope(case):
    p, _ = case
    d_max = 1 - p.max()
    grid = np.linspace(0, d_max, 41)
    g = up.gamma_hamming(p, grid)
    assert g[0] == pytest.approx(0, abs=1e-12)
    assert g[-1] == pytest.approx(entropy(p), abs=1e-12)
    assert np.all(np.diff(g) >= -1e-12)
    assert np.all(np.diff(g, 2) <= 1e-9)
    # Γ'(D) = log((1-D)/λ) by a central finite difference at an interior point
    D = 0.37 * d_max
    eps = 1e-6
    slope = (up.gamma_hamming(p, D + eps) - up.gamma_hamming(p, D - eps)) / (2 * eps)
    lam = up.water_level(p, D)[0]
    assert slope == pytest.approx(math.log2((1 - D) / lam), abs=1e-4)
    # output concentration: H(Xhat) non-increasing in D
    hout = [entropy(up.reverse_waterfill(p, x).output_pmf) for x in grid]
    assert np.all(np.diff(hout) <= 1e-10)


@settings(max_examples=12)
@given(pmf_and_D())
def test_closed_form_equals_blahut_arimoto(case):
    p, D = case
    s = up.reverse_waterfill(p, D)
    ba = rd.rate_distortion_at(p, rd.hamming_distortion(p.size), D, tol=1e-10)
    assert ba.rate == pytest.approx(s.rate, abs=1e-8)


def test_water_level_ties_at_dmax():
    p = np.array([0.4, 0.4, 0.2])
    lam, supp = up.water_level(p, 0.6)
    assert lam == 0.4 and supp.tolist() == [True, True, False]
    s = up.reverse_waterfill(p, 0.9)  # beyond D_max: clipped, zero rate
    assert s.rate == 0 and s.gamma == pytest.approx(entropy(p))
    assert np.allclose(s.output_pmf, [0.5, 0.5, 0])
    lam, supp = up.water_level([0.5, 0.3, 0.2], 0.5)  # unique max at D_max: λ = p(2)
    assert lam == 0.3 and supp.tolist() == [True, False, False]


def test_water_level_at_dmax_keeps_only_the_mode():
    # 1 - p.max() rounds below p(2) here: the k = 2 branch used to keep both letters
    p = np.array([0.5354692179395028, 0.4645307820604973])
    lam, supp = up.water_level(p, 1 - p.max())
    assert lam == p[1] and supp.tolist() == [True, False]
    rng = np.random.default_rng(12)
    for _ in range(200):
        p = rng.dirichlet(np.full(int(rng.integers(2, 7)), 0.7))
        lam, supp = up.water_level(p, 1 - p.max())
        assert supp.tolist() == (p == p.max()).tolist()
        assert lam == (p.max() if np.count_nonzero(p == p.max()) > 1 else np.sort(p)[-2])
        s = up.reverse_waterfill(p, 1 - p.max())  # Γ and R: zero rate, Γ = H(p)
        assert s.rate == pytest.approx(0, abs=1e-12)


# --- Monte Carlo sanitization -------------------------------------------------------------


def test_sanitizer_converges():
    n = 400_000
    rng = np.random.default_rng(2013)
    x = rng.choice(8, size=n, p=P1)
    y = up.sanitize_categorical(x, P1, 0.25, seed=7)
    assert abs(float(np.mean(x != y)) - 0.25) < 0.005
    counts = np.zeros((8, 8))
    np.add.at(counts, (x, y), 1)
    assert abs(conditional_entropy(counts / n, 0, 1) - 1.374967) < 0.02
    # same seed, same output; other seed, other output
    assert np.array_equal(y, up.sanitize_categorical(x, P1, 0.25, seed=7))
    assert not np.array_equal(y, up.sanitize_categorical(x, P1, 0.25, seed=8))
    with pytest.raises(ValueError, match="integer codes"):
        up.sanitize_categorical([0, 9], P1, 0.25)


# --- Remark 4 and the general convex solvers --------------------------------------------


REMARK4 = [
    (0.1, 1.372508, 0.353359, 0.468996, 1.431004),
    (0.25, 0.792481, 0.650022, 0.811278, 0.938722),
    (0.5, 0.207519, 0.918296, 1.0, 0.5),
]


@pytest.mark.parametrize("D, R, Estar, Gamma, R_gamma", REMARK4)
def test_remark4_values(D, R, Estar, Gamma, R_gamma):
    p, d = up.remark4_source()
    # closed forms of the instance, written out
    assert R == pytest.approx(2 - h2(D) - D * math.log2(3), abs=1e-6)
    assert Estar == pytest.approx(h2(2 * D / 3), abs=1e-6)
    pt, _ = rd.min_rate(p, d, D)
    assert pt.rate == pytest.approx(R, abs=1e-6)
    assert pt.equivocation == pytest.approx(Estar, abs=1e-6)
    for markov in (True, False):
        g = rd.max_equivocation(p, d, D, markov=markov)
        assert g.gamma == pytest.approx(Gamma, abs=1e-6)
        assert g.upper_bound - g.gamma <= 1e-7
    assert pt.equivocation <= Gamma + 1e-9  # Remark 4: E* <= Γ
    if D < 0.5:  # R(D, Γ(D)) = 2 - h(D) - D; at D = 1/2 (zero leakage) see the perfect-privacy test
        assert R_gamma == pytest.approx(2 - h2(D) - D, abs=1e-6)
        E = h2(D) - 1e-7
        r = rd.rate_given_equivocation(p, d, D, E)
        assert r.rate <= R_gamma + 1e-6
        assert r.rate == pytest.approx(R_gamma, abs=1e-5)
        assert r.equivocation >= E - 1e-9 and r.distortion <= D + 1e-12
    else:
        assert rd.perfect_privacy_distortion(p, d) == pytest.approx(0.5, abs=1e-9)


@pytest.mark.parametrize(
    "D, rates",
    [
        (0.1, [1.372508, 1.374560, 1.381692, 1.396561, 1.431004]),
        (0.25, [0.792481, 0.796904, 0.813002, 0.848664, 0.938722]),
    ],
)
def test_remark4_rate_given_equivocation(D, rates):
    p, d = up.remark4_source()
    e_star, gamma = h2(2 * D / 3), h2(D)
    Es = np.linspace(e_star, gamma, 5)
    Es[-1] -= 1e-7
    got = [rd.rate_given_equivocation(p, d, D, E).rate for E in Es]
    assert np.allclose(got, rates, atol=1e-5)
    assert np.all(np.diff(got) >= -1e-9)  # R(D, E) non-decreasing in E
    assert rd.rate_given_equivocation(p, d, D, gamma + 1e-3) is None  # above Γ: infeasible


def _slsqp_gamma(p_src, d, D, *, markov, n_starts=8, seed=0):
    """Reference solver: SLSQP on the flattened encoder from Dirichlet multi-starts."""
    n_r, n_h = p_src.shape
    n_k = d.shape[1]
    rows = n_r if markov else n_r * n_h
    rng = np.random.default_rng(seed)

    def joint(x):
        w = np.clip(x.reshape(rows, n_k), 0, None)
        if markov:
            return p_src[:, :, None] * w[:, None, :]
        return p_src[:, :, None] * w.reshape(n_r, n_h, n_k)

    def neg_eq(x):
        j = joint(x)
        pk = j.sum(axis=(0, 1))
        phk = j.sum(axis=0)
        m = phk > 0
        return float((phk[m] * np.log2(phk[m] / np.broadcast_to(pk, phk.shape)[m])).sum())

    cons = [
        {"type": "eq", "fun": lambda x: x.reshape(rows, n_k).sum(axis=1) - 1},
        {"type": "ineq", "fun": lambda x: D - float(np.einsum("rhk,rk->", joint(x), d))},
    ]
    best = -np.inf
    for _ in range(n_starts):
        x0 = rng.dirichlet(np.ones(n_k), size=rows).ravel()
        r = minimize(
            neg_eq,
            x0,
            method="SLSQP",
            bounds=[(0, 1)] * x0.size,
            constraints=cons,
            options={"ftol": 1e-12, "maxiter": 500},
        )
        if r.success and cons[1]["fun"](r.x) >= -1e-7:
            best = max(best, -r.fun)
    return best


@settings(max_examples=6)
@given(
    seed=st.integers(0, 2**31 - 1),
    n_r=st.integers(2, 3),
    n_h=st.integers(2, 3),
    markov=st.booleans(),
)
def test_gamma_solver_matches_slsqp(seed, n_r, n_h, markov):
    rng = np.random.default_rng(seed)
    p_src = rng.dirichlet(np.ones(n_r * n_h)).reshape(n_r, n_h)
    d = rd.hamming_distortion(n_r)
    d_max = float((p_src.sum(axis=1) @ d).min())
    D = float(rng.uniform(0.05, 1.0) * d_max)
    g = rd.max_equivocation(p_src, d, D, markov=markov)
    ref = _slsqp_gamma(p_src, d, D, markov=markov, n_starts=5, seed=seed)
    # SLSQP is a local method: it never beats the certified bound, and with multi-starts it
    # reaches the optimum
    assert ref <= g.upper_bound + 1e-6
    assert g.gamma == pytest.approx(ref, abs=1e-4)
    h_x_h = entropy(p_src.sum(axis=0))
    if markov:
        assert conditional_entropy(p_src, 1, 0) - 1e-9 <= g.gamma <= h_x_h + 1e-12


@settings(max_examples=8)
@given(seed=st.integers(0, 2**31 - 1))
def test_gamma_concave_nondecreasing_and_saturates(seed):
    rng = np.random.default_rng(seed)
    n_r, n_h = 3, 2
    p_src = rng.dirichlet(np.ones(n_r * n_h)).reshape(n_r, n_h)
    d = rng.uniform(0, 1, size=(n_r, 3))
    d_min, d_max = rd.distortion_range(p_src.sum(axis=1), d)
    grid = np.linspace(d_min, d_max, 6)
    res = [rd.max_equivocation(p_src, d, D) for D in grid]
    g = np.array([r.gamma for r in res])
    up_b = np.array([r.upper_bound for r in res])
    assert np.all(np.diff(g) >= -1e-7)
    assert np.all(up_b - g <= 1e-7)
    assert np.all(np.diff(g, 2) <= 1e-7)  # concave on a uniform grid
    assert g[-1] == pytest.approx(entropy(p_src.sum(axis=0)), abs=1e-12)
    # E*(D) <= Γ(D) always (Remark 4)
    for D, r in zip(grid[1:], res[1:], strict=False):
        pt, _ = rd.min_rate(p_src, d, D)
        assert pt.equivocation <= r.upper_bound + 1e-9


def test_rde_point_identities(rng):
    p = rng.dirichlet(np.ones(6)).reshape(3, 2)
    d = rng.uniform(size=(3, 4))
    w = rng.dirichlet(np.ones(4), size=3)
    pt = rd.rde_point(p, w, d)
    joint = p[:, :, None] * w[:, None, :]
    assert pt.rate == pytest.approx(
        mutual_information(joint.sum(axis=1)), abs=1e-12
    )  # Markov: I(X_r; Xhat)
    assert pt.equivocation + pt.leakage == pytest.approx(entropy(p.sum(axis=0)), abs=1e-12)
    assert pt.distortion == pytest.approx(float((p.sum(axis=1)[:, None] * w * d).sum()), abs=1e-14)
    # the general encoder with rows that ignore x_h gives the same point
    pt2 = rd.rde_point(p, np.repeat(w[:, None, :], 2, axis=1), d, markov=False)
    assert np.allclose(
        [pt.rate, pt.distortion, pt.equivocation], [pt2.rate, pt2.distortion, pt2.equivocation]
    )
    # Example 1 identity: I(X; Xhat) + H(X | Xhat) = H(X) for any channel
    p1 = rng.dirichlet(np.ones(4))
    w1 = rng.dirichlet(np.ones(4), size=4)
    pt1 = rd.rde_point(np.diag(p1), w1, rd.hamming_distortion(4))
    assert pt1.rate + pt1.equivocation == pytest.approx(entropy(p1), abs=1e-12)
    with pytest.raises(ValueError, match="channel must have shape"):
        rd.rde_point(p, w[:2], d)
    with pytest.raises(ValueError, match="D must be >= D_min"):
        rd.max_equivocation(p, d + 1.0, 0.5)


# --- side information ----------------------------------------------------------------------


@settings(max_examples=25)
@given(seed=st.integers(0, 2**31 - 1))
def test_side_information_identities(seed):
    rng = np.random.default_rng(seed)
    n_r, n_h, n_z, n_u = 3, 2, 2, 4
    p = rng.dirichlet(np.ones(n_r * n_h * n_z)).reshape(n_r, n_h, n_z)
    # make Y - X - Z hold for the leakage bound checks: p(x_r, x_h, z) = p(x_r, x_h) p(z | x_r)
    p_rh = p.sum(axis=2)
    p_z_r = rng.dirichlet(np.ones(n_z), size=n_r)
    p = p_rh[:, :, None] * p_z_r[:, None, :]
    d = rd.hamming_distortion(n_r)
    wu = rng.dirichlet(np.ones(n_u), size=n_r)
    e = rd.binning_exponents(p, wu)
    assert e["I_XU"] - e["I_UZ"] == pytest.approx(e["I_XU_given_Z"], abs=1e-12)
    # statistically informed point with the Bayes decoder
    si = rd.si_statistical_point(p, wu, None, d)
    assert si.rate == pytest.approx(e["I_XU_given_Z"], abs=1e-12)
    # any decoder does no better than the Bayes decoder
    for _ in range(5):
        f = rng.integers(0, n_r, size=(n_u, n_z))
        assert si.distortion <= rd.si_statistical_point(p, wu, f, d).distortion + 1e-12
    # informed encoder: identities and sandwiches
    wi = rng.dirichlet(np.ones(n_r), size=(n_r, n_z))
    inf = rd.si_informed_point(p, wi, d)
    joint = p[:, :, :, None] * wi[:, None, :, :]
    i_xz_xhat = mutual_information(joint, (0, 1, 2), 3)
    i_z_xhat = mutual_information(joint, 2, 3)
    assert i_xz_xhat - i_z_xhat == pytest.approx(inf.rate, abs=1e-12)
    h_h_given_xhat = conditional_entropy(joint, 1, 3)
    assert inf.equivocation <= h_h_given_xhat + 1e-12
    assert (
        conditional_entropy(p, 1, (0, 2)) - 1e-12
        <= inf.equivocation
        <= conditional_entropy(p, 1, 2) + 1e-12
    )
    assert (
        mutual_information(p, 1, 2) - 1e-12
        <= inf.leakage
        <= mutual_information(p, 1, (0, 2)) + 1e-12
    )
    # constant Z and U = Xhat: Thm 2 and Thm 3 reduce to Prop. 2 (Remark 7)
    p1 = p.sum(axis=2)[:, :, None]
    w = rng.dirichlet(np.ones(n_r), size=n_r)
    a = rd.si_statistical_point(p1, w, np.arange(n_r)[:, None], d)
    b = rd.si_informed_point(p1, w[:, None, :], d)
    c = rd.rde_point(p1[:, :, 0], w, d)
    for x in (a, b):
        assert np.allclose(
            [x.rate, x.distortion, x.equivocation],
            [c.rate, c.distortion, c.equivocation],
            atol=1e-12,
        )


def test_bayes_decoder_brute_force(rng):
    n_r, n_z, n_u = 2, 2, 3
    p = rng.dirichlet(np.ones(n_r * 2 * n_z)).reshape(n_r, 2, n_z)
    d = rng.uniform(size=(n_r, 3))
    wu = rng.dirichlet(np.ones(n_u), size=n_r)
    best = min(
        rd.si_statistical_point(p, wu, np.array(f).reshape(n_u, n_z), d).distortion
        for f in np.ndindex(*([3] * (n_u * n_z)))
    )
    assert rd.si_statistical_point(p, wu, None, d).distortion == pytest.approx(best, abs=1e-12)


def test_informed_gamma_beats_uninformed(rng):
    p_rh = rng.dirichlet(np.ones(6)).reshape(3, 2)
    p_z_r = rng.dirichlet(np.ones(2), size=3)
    p = p_rh[:, :, None] * p_z_r[:, None, :]
    d = rd.hamming_distortion(3)
    for D in [0.1, 0.3]:
        gi = rd.max_equivocation_informed(p, d, D)
        assert gi.upper_bound - gi.gamma <= 1e-7
        assert gi.point.distortion <= D + 1e-12
        # any uninformed encoder is an informed one: H(X_h | Xhat, Z) of the uninformed optimum
        # is a lower bound
        gu = rd.max_equivocation(p_rh, d, D)
        w = np.repeat(gu.channel[:, None, :], 2, axis=1)
        assert rd.si_informed_point(p, w, d).equivocation <= gi.upper_bound + 1e-9
        assert gi.gamma <= conditional_entropy(p, 1, 2) + 1e-12


# --- Example 2 (Gaussian) ------------------------------------------------------------------


def test_gaussian_table():
    Ds = np.array([0.05, 0.1, 0.2, 0.5, 1.0])
    assert np.allclose(up.gaussian_rate(Ds), [2.160964, 1.660964, 1.160964, 0.5, 0], atol=1e-6)
    r5 = up.gaussian_rate_side_info(Ds, 0.5)
    assert np.allclose(r5[:4], [1.660964, 1.160964, 0.660964, 0], atol=1e-6) and np.isnan(r5[4])
    r8 = up.gaussian_rate_side_info(Ds, 0.8)
    assert np.allclose(r8[:3], [1.0, 0.5, 0], atol=1e-6) and np.all(np.isnan(r8[3:]))
    assert np.allclose(
        up.gaussian_leakage(Ds, 0.5), [0.464805, 0.431248, 0.368483, 0.207519, 0], atol=1e-6
    )
    assert np.allclose(
        up.gaussian_leakage(Ds, 0.9), [1.392938, 1.197964, 0.918251, 0.431248, 0], atol=1e-6
    )
    assert up.gaussian_leakage(0.0, 0.5) == pytest.approx(0.5, abs=1e-12)
    assert up.gaussian_leakage(0.0, 0.9) == pytest.approx(1.660964, abs=1e-6)
    for (ry, rz), val in {
        (0.5, 0.5): 0.207519,
        (0.5, 0.8): 0.368483,
        (0.9, 0.5): 0.431248,
        (0.9, 0.8): 0.918251,
    }.items():
        assert up.gaussian_leakage_side_info(1 - rz, ry, rz) == pytest.approx(val, abs=1e-6)
        assert val == pytest.approx(0.5 * math.log2(1 / (1 - ry * rz)), abs=1e-6)  # = I(Y; Z) > 0
    for rz, gap in [(0.5, 0.5), (0.8, 1.160964)]:
        assert up.gaussian_rate(0.1) - up.gaussian_rate_side_info(0.1, rz) == pytest.approx(
            gap, abs=1e-6
        )
    with pytest.raises(ValueError, match=r"rho2_xy must be a real number in \[0, 1\]"):
        up.gaussian_leakage(0.1, 1.5)


@settings(max_examples=40)
@given(
    var_x=st.floats(0.2, 5),
    sy=st.floats(0.2, 3),
    sz=st.floats(0.2, 3),
    ry=st.floats(0.01, 0.99),
    rz=st.floats(0.01, 0.99),
    frac=st.floats(0.02, 0.98),
)
def test_gaussian_closed_forms_match_covariance(var_x, sy, sz, ry, rz, frac):
    # case (ii)/(iii): U = X + N, D = var(X | U, Z)
    D = frac * var_x * (1 - rz)
    n = up.gaussian_test_channel_noise(D, var_x=var_x, rho2_xz=rz)
    pt = up.gaussian_rdl_from_covariance(var_x, ry, rz, n, sigma_y=sy, sigma_z=sz)
    assert pt.distortion == pytest.approx(D, rel=1e-9)
    assert pt.rate == pytest.approx(up.gaussian_rate_side_info(D, rz, var_x=var_x), abs=1e-9)
    assert pt.leakage == pytest.approx(
        up.gaussian_leakage_side_info(D, ry, rz, var_x=var_x), abs=1e-9
    )
    # case (i)
    D1 = frac * var_x
    n1 = up.gaussian_test_channel_noise(D1, var_x=var_x)
    p1 = up.gaussian_rdl_from_covariance(var_x, ry, rz, n1, sigma_y=sy, sigma_z=sz, side_info=False)
    assert p1.distortion == pytest.approx(D1, rel=1e-9)
    assert p1.rate == pytest.approx(up.gaussian_rate(D1, var_x=var_x), abs=1e-9)
    assert p1.leakage == pytest.approx(up.gaussian_leakage(D1, ry, var_x=var_x), abs=1e-9)


def test_gaussian_optimality_against_other_channels(rng):
    # Xhat = a X + N (any a, noise) with MSE m: I(Y; Xhat) >= L_U*(m), I(X; Xhat) >= R_U*(m)
    for _ in range(300):
        ry = rng.uniform(0.05, 0.95)
        a, s2 = rng.uniform(0.1, 2.0), rng.uniform(0.01, 3.0)
        mse = (1 - a) ** 2 + s2  # var_x = 1
        if mse >= 1:
            continue
        snr = a * a / s2
        i_x = 0.5 * math.log2(1 + snr)
        corr2 = ry * snr / (1 + snr)  # rho^2(Y, Xhat)
        i_y = -0.5 * math.log2(1 - corr2)
        assert i_x >= up.gaussian_rate(mse) - 1e-12
        assert i_y >= up.gaussian_leakage(mse, ry) - 1e-12


# --- paper glue ------------------------------------------------------------------------------


def test_curves_and_tables():
    t = up.fig4a_table(up.example1_pmf(), [0.1, 0.25, 0.5])
    sizes = [int((t[t.series == f"D={D:g}"].probability > 0).sum()) for D in (0.1, 0.25, 0.5)]
    assert sizes == [5, 4, 3]  # claim (a): suppression increases with D
    g = up.gaussian_curves([0.1, 0.3, 0.9], [0.5, 0.9], [0.5, 0.8])
    leak = g[
        (g.quantity == "leakage") & (g.case == "ii/iii") & (g.rho2_xy == 0.9) & (g.rho2_xz == 0.5)
    ].value
    assert np.isnan(leak.iloc[2]) and leak.iloc[0] == pytest.approx(1.197964, abs=1e-6)
    df = rd.utility_privacy_curve(*up.remark4_source(), [0.1, 0.25])
    assert np.allclose(df.Gamma, [0.468996, 0.811278], atol=1e-6)
    assert np.allclose(df.R_min, [1.372508, 0.792481], atol=1e-6)
    orig, san = up.fig1_database(6)
    assert orig.gender[0] != san.gender[0] and len(san) == 6


@settings(max_examples=8)
@given(seed=st.integers(0, 2**31 - 1), markov=st.booleans())
def test_perfect_privacy_threshold(seed, markov):
    # Γ(D) = H(X_h) exactly from the LP threshold on, and strictly below it just before
    rng = np.random.default_rng(seed)
    p_src = rng.dirichlet(np.ones(6)).reshape(3, 2)
    d = rd.hamming_distortion(3)
    d_pp = rd.perfect_privacy_distortion(p_src, d, markov=markov)
    h_h = entropy(p_src.sum(axis=0))
    assert (
        d_pp <= float((p_src.sum(axis=1) @ d).min()) + 1e-12
    )  # a constant output is one such encoder
    at = rd.max_equivocation(p_src, d, d_pp, markov=markov)
    assert at.gamma == pytest.approx(h_h, abs=1e-9) and at.point.distortion <= d_pp + 1e-9
    if d_pp > 1e-3:
        below = rd.max_equivocation(p_src, d, 0.9 * d_pp, markov=markov)
        assert below.upper_bound < h_h - 1e-9


# --- bad input: every option is checked, with a message naming it --------------------------

R4_SRC, R4_DIST = up.remark4_source()
P3Z = np.full((2, 2, 2), 0.125)
W22 = np.array([[0.9, 0.1], [0.2, 0.8]])
H22 = rd.hamming_distortion(2)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: rd.rde_point(R4_SRC, np.full((4, 4), 0.25), R4_DIST, markov="yes"), "markov"),
        (lambda: rd.rde_point(R4_SRC, np.full((4, 4), 0.25), R4_DIST, normalize=1), "normalize"),
        (lambda: rd.perfect_privacy_distortion(R4_SRC, R4_DIST, markov=None), "markov"),
        (lambda: rd.max_equivocation(R4_SRC, R4_DIST, 0.25, tol=0.0), "tol"),
        (lambda: rd.max_equivocation(R4_SRC, R4_DIST, 0.25, max_iter=2.5), "max_iter"),
        (lambda: rd.max_equivocation(R4_SRC, R4_DIST, "0.25"), "D"),
        (lambda: rd.min_rate(R4_SRC, R4_DIST, 0.25, tol=-1.0), "tol"),
        (lambda: rd.rate_given_equivocation(R4_SRC, R4_DIST, 0.25, 0.8, tol=0.0), "tol"),
        (lambda: rd.rate_given_equivocation(R4_SRC, R4_DIST, 0.25, 0.8, tol=-1e-3), "tol"),
        (lambda: rd.rate_given_equivocation(R4_SRC, R4_DIST, 0.25, math.nan), "E"),
        (lambda: rd.rate_given_equivocation(R4_SRC, R4_DIST, True, 0.5), "D"),
        (lambda: rd.utility_privacy_curve(R4_SRC, R4_DIST, [0.1], tol=0), "tol"),
        (lambda: rd.utility_privacy_curve(R4_SRC, R4_DIST, [0.1], rate_at_gamma=1), "rate_at"),
        (lambda: rd.utility_privacy_curve(R4_SRC, R4_DIST, [math.inf]), "D_grid"),
        (lambda: rd.bayes_decoder(P3Z, W22, H22, markov=0), "markov"),
        (lambda: rd.si_statistical_point(P3Z, W22, None, H22, markov="no"), "markov"),
        (lambda: rd.binning_exponents(P3Z, W22, base=0.5), "base"),
        (lambda: rd.max_equivocation_informed(P3Z, H22, 0.2, tol=0.0), "tol"),
        (lambda: rd.max_equivocation_informed(P3Z, H22, 0.2, max_iter=True), "max_iter"),
        (lambda: up.rde_surface(R4_SRC, R4_DIST, [0.25], 3, tol=0.0), "tol"),
        (lambda: up.rde_surface(R4_SRC, R4_DIST, [0.25], 3, tol=-1.0), "tol"),
        (lambda: up.rde_surface(R4_SRC, R4_DIST, [0.25], 2.5), "n_E"),
        (lambda: up.rde_surface(R4_SRC, R4_DIST, [0.25], 10**9), "n_E"),
        (lambda: up.sanitizer_check(P1, [0.1], 10**10), "n_samples"),
        (lambda: up.example1_solver_check(P1, [0.1], convex_every=0), "convex_every"),
        (lambda: up.gaussian_covariance_check([0.5], [0.5], [1.5]), "fractions"),
        (lambda: up.rde_surface(R4_SRC, R4_DIST, [0.25], 3, zero_leak_margin=-1), "margin"),
        (lambda: up.gaussian_rdl_from_covariance(1.0, 0.5, 0.5, -0.5), "noise_var"),
        (lambda: up.gaussian_rdl_from_covariance(1.0, 0.5, 0.5, 0.0), "noise_var"),
        (lambda: up.gaussian_rdl_from_covariance(-1.0, 0.5, 0.5, 1.0), "var_x"),
        (lambda: up.gaussian_rdl_from_covariance(1.0, 1.0, 0.5, 1.0), "rho2_xy"),
        (lambda: up.gaussian_rdl_from_covariance(1.0, 0.5, 0.5, 1.0, sigma_y=0), "sigma_y"),
        (lambda: up.gaussian_rdl_from_covariance(1.0, 0.5, 0.5, 1.0, side_info=1), "side_info"),
        (lambda: up.gaussian_rate(0.1, var_x=0.0), "var_x"),
        (lambda: up.gaussian_rate(-0.1), "D"),
        (lambda: up.gaussian_rate([0.1 + 1j]), "D"),
        (lambda: up.gaussian_rate_side_info(0.1, True), "rho2_xz"),
        (lambda: up.gaussian_leakage_side_info(0.1, 0.5, 1.5), "rho2_xz"),
        (lambda: up.gaussian_test_channel_noise("0.1"), "D"),
        (lambda: up.water_level(P1, -0.1), "D"),
        (lambda: up.water_level(P1, math.nan), "D"),
        (lambda: up.reverse_waterfill(P1, True), "D"),
        (lambda: up.gamma_hamming(P1, [0.1, math.nan]), "D"),
        (lambda: up.gamma_hamming_curve(P1, [-0.1]), "D_grid"),
        (lambda: up.sanitize_categorical([0, 1], [0.5, 0.5], 0.1, seed=-1), "seed"),
        (lambda: up.sanitize_categorical([0, 1], [0.5, 0.5], -0.1), "D"),
        (lambda: up.example1_pmf("eight"), "variant"),
        (lambda: up.fig4a_table(P1, [0.1, math.inf]), "D_values"),
        (lambda: up.gaussian_curves([0.1], [0.5], [1.5]), "rho2_xz"),
        (lambda: up.gaussian_curves([0.1], [0.5j], [0.5]), "rho2_xy_list"),
        (lambda: up.fig1_database(0), "n_rows"),
        (lambda: up.fig1_database(4, D_gender=2.0), "D_gender"),
        (lambda: up.fig1_database(4, weight_bin=0), "weight_bin"),
        (lambda: up.lloyd_codebook(np.zeros((5, 2)), 6), "k"),
        (lambda: up.lloyd_codebook(np.zeros((5, 2)), 2, n_iter=1.5), "n_iter"),
    ],
)
def test_bad_options_raise_a_value_error_naming_them(call, name):
    with pytest.raises(ValueError, match=name):
        call()


def test_results_that_were_tuples_still_unpack():
    res = rd.min_rate(R4_SRC, R4_DIST, 0.25)
    pt, w = res
    assert pt is res.point and w is res.channel and res.rate == pt.rate
    lam, supp = up.water_level(P1, 0.25)
    assert lam == up.water_level(P1, 0.25).level and supp.sum() == 4
    cb, labels, D = up.lloyd_codebook(np.random.default_rng(0).normal(size=(50, 2)), 3)
    assert cb.shape == (3, 2) and labels.shape == (50,) and D > 0


@pytest.mark.parametrize("name", ["gamma_hamming", "reverse_waterfill", "gaussian_rate"])
def test_the_paper_code_has_one_home(name):
    assert callable(getattr(up, name)) and name in up.__all__
    assert name not in rd.__all__
    with pytest.raises(AttributeError):
        getattr(rd, name)


def test_the_face_lists_functions_not_modules():
    import inspect

    for old in ("equivocation", "rate_distortion", "side_information", "utility_privacy"):
        assert old not in rd.__all__ and not hasattr(rd, old)
    assert not any(inspect.ismodule(getattr(rd, name)) for name in rd.__all__)
    assert not set(rd.__all__) & set(up.__all__)


# --- the checks the notebooks display (their former asserts) --------------------------------


def test_notebook_checks_hold():
    ex = up.example1_solver_check(P1, np.linspace(0.01, 0.65, 7), convex_every=3)
    assert (ex.R_blahut_arimoto - ex.R_closed).abs().max() < 1e-8
    assert (ex.Gamma_convex - ex.Gamma_closed).abs().max() < 1e-6
    assert ex.Gamma_convex.isna().sum() == 4
    mc = up.sanitizer_check(P1, [0.1, 0.25, 0.5], 400_000, seed=2013)
    assert np.all(np.abs(mc.empirical_D - mc.D) < 0.005)
    assert np.all(np.abs(mc.plugin_H_X_given_Xhat - mc.Gamma) < 0.02)
    cov = up.gaussian_covariance_check([0.5, 0.9], [0.5, 0.8], np.linspace(0.05, 0.95, 5))
    assert len(cov) == 20 and cov.deviation.max() < 1e-10
    table = up.remark4_table([0.1, 0.25, 0.5])
    assert table.agrees.all() and len(table) == 11
    assert list(table.columns) == ["D", "quantity", "closed_form", "ours", "agrees"]


def test_side_information_extension_bounds():
    p = up.side_information_source(0.1, 0.2)
    h_h_given_z = conditional_entropy(p, 1, 2)
    h_h_given_rz = conditional_entropy(p, 1, (0, 2))
    curves = up.side_information_curves(p, np.linspace(0.0, 0.5, 4))
    assert np.all(curves.Gamma_informed_upper >= curves.Gamma_user_has_Z - 1e-9)
    assert np.all(curves.Gamma_informed <= h_h_given_z + 1e-9)
    assert np.all(curves.Gamma_user_has_Z >= h_h_given_rz - 1e-9)
    fam = up.theorem2_family(p, np.linspace(0.0, 0.5, 5))
    assert np.allclose(fam.I_XU - fam.I_UZ, fam.I_XU_given_Z, atol=1e-12)  # S = R - T


def test_rde_surface_is_non_decreasing_in_E():
    p, d = up.remark4_source()
    surface = up.rde_surface(p, d, [0.1, 0.25, 0.4], 6)
    for _, sub in surface.groupby("D"):
        assert np.all(np.diff(sub.R.to_numpy()) >= -1e-6)


def test_rde_surface_ends_at_the_exact_zero_leakage_rate():
    # Fig. 3a has no notch at E = H(X_h): where zero leakage is affordable the slice ends at
    # R(D, H(X_h)) = (1 - h(2D - 1)) / 2 on the Remark-4 instance (0.5 bit at D = 1/2), and
    # rises monotonically to it
    p, d = up.remark4_source()
    surface = up.rde_surface(p, d, [0.5, 0.52, 0.6], 5)
    for D, sub in surface.groupby("D"):
        top = sub.iloc[-1]
        assert top.E == 1.0
        assert top.R == pytest.approx((1 - h2(2 * D - 1)) / 2, abs=1e-7)
        assert top.R - top.R_lower <= 1e-7
        assert np.all(np.diff(sub.R.to_numpy()) >= -1e-9)
    assert surface[surface.D == 0.5].R.iloc[-1] == pytest.approx(0.5, abs=1e-7)


@pytest.mark.parametrize("D", [0.06, 0.22, 0.24, 0.28, 0.32, 0.42])
def test_rde_surface_top_of_a_slice_is_certified_to_its_tolerance(D):
    """At E = Γ(D) − 1e-9 (D < ½) the rate is just below R(D, Γ(D)) = 2 − h(D) − D on the
    Remark-4 instance; the returned rate and its certified lower bound are within the default
    tolerance (1e-7) of each other, without a warning. R(D, E) is infinitely steep there: these
    points (D = 0.28 above all) used to be left a few 1e-5 apart."""
    p, d = up.remark4_source()
    with warnings.catch_warnings():
        warnings.simplefilter("error", rd.AccuracyWarning)
        top = up.rde_surface(p, d, [D], 2).iloc[-1]
    exact = 2 - h2(D) - D
    assert top.R_lower <= exact + 1e-9  # a bound on R(D, Γ(D) - 1e-9) <= R(D, Γ(D))
    assert exact <= top.R + 1e-6
    assert top.R - top.R_lower <= 1e-7


def test_large_programs_check_memory_first(monkeypatch):
    # the exponential-cone program's size is estimated and checked before anything is built
    import nsp._resources
    from nsp.ratedistortion import _equivocation

    monkeypatch.setattr(nsp._resources, "available_memory", lambda: 2**16)
    rng = np.random.default_rng(7)
    p_src = rng.dirichlet(np.ones(32)).reshape(8, 4)
    d = rng.uniform(size=(8, 8))
    _equivocation._instances().clear()
    with pytest.raises(MemoryError, match="Γ\\(D\\) of a 8 x 4 source"):
        rd.max_equivocation(p_src, d, float(p_src.sum(axis=1) @ d.min(axis=1)) + 0.01)
    h_h = entropy(p_src.sum(axis=0))
    with pytest.raises(MemoryError, match="Γ\\(D\\)|R\\(D, E\\)"):
        rd.rate_given_equivocation(p_src, d, 0.3, h_h - 1e-3)
