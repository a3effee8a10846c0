"""Tests of nsp.privacy_channels and nsp.papers.privacy_channels (Wu, arXiv:1910.09235).

Regression values of the paper's instances, the paper's properties on seeded random instances,
the public line (one name, one path), and bad input.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nsp.channels import channel_capacity
from nsp.info import binary_entropy
from nsp.papers.privacy_channels import (
    count_query,
    example1_rr,
    exponential_vs_em_table,
    gaussian_noise_table,
    mod_sum_exponential_channel,
    random_privacy_channel,
    rr_ip_vs_dp_table,
)
from nsp.privacy_channels import (
    EnumerationBudgetError,
    PrivacyChannel,
    ProductUniverse,
    amplitude_constrained_capacity,
    as_privacy_channel,
    balance_function,
    binary_input_awgn_capacity,
    candidate_channels,
    compose_adaptive,
    compose_parallel,
    count_candidates,
    data_independent_bound,
    dataset_dp_epsilon,
    discretized_gaussian_channel,
    dp_epsilon_axis_lines,
    dp_rr_flip,
    effective_channel,
    exponential_capacity_bound,
    exponential_channel,
    exponential_expected_rank,
    exponential_mechanism_channel,
    exponential_noise_entropy,
    exponential_noise_entropy_sum,
    exponential_noise_for_epsilon,
    exponential_prob_correct,
    gaussian_capacity_bound,
    gaussian_noise_for_epsilon,
    group_capacity,
    group_channel,
    hamming_neighbours,
    individual_capacity_bounds,
    individual_capacity_entropy_constrained,
    individual_capacity_search,
    individual_channel_capacity,
    individual_mutual_information,
    is_data_independent,
    is_uniform_output_reachable,
    is_weakly_symmetric,
    kary_rr_channel,
    max_information_capacity_ind,
    post_process,
    query_channel,
    query_sensitivity,
    query_values,
    randomized_response_channel,
    row_types,
    rr_capacity,
    rr_dp_epsilon,
    rr_flip_threshold,
    sample_exponential_rank,
    slice_types,
    uniform_output_witness,
    weakly_symmetric_witness,
)

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
LN2 = math.log(2)


def icc(ch, **kw):
    return individual_channel_capacity(ch, tol=1e-11, **kw)


def mi_nats(px, W):
    q = px @ W
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(W > 0, W * np.log(np.where(W > 0, W, 1) / np.where(q > 0, q, 1)), 0.0)
    return float(px @ t.sum(axis=1))


# ----------------------------------------------------------------------------- Example 1
E1_VALUES = {
    0.01: 0.9192068641,
    0.1: 0.5310044064,
    0.2: 0.2780719051,
    0.3: 0.1187091008,
    0.4: 0.0290494055,
    0.45: 0.0072255460,
    0.5: 0.0,
}


@pytest.mark.parametrize("p, expected", sorted(E1_VALUES.items()))
@pytest.mark.parametrize("method", ["setdp", "enumerate"])
def test_e1_example1_c1(p, expected, method):
    res = icc(example1_rr(p), method=method)
    assert res.value == pytest.approx(expected, abs=1e-9)
    assert res.per_individual[0] == pytest.approx(res.per_individual[1], abs=1e-9)
    assert res.lower - 1e-12 <= res.value <= res.upper + 1e-12


def test_e1_nats_and_closed_form():
    assert icc(example1_rr(0.1), base=math.e).value == pytest.approx(0.3680642072, abs=1e-9)
    for p in (0.05, 0.15, 0.35):
        assert icc(example1_rr(p)).value == pytest.approx(1 - binary_entropy(p), abs=1e-9)


def test_e1_sets_s1_s2():
    ch = example1_rr(0.1)
    C = 1 - binary_entropy(0.1)
    assert (count_candidates(ch, 0, distinct=False), count_candidates(ch, 0)) == (8, 4)
    assert (count_candidates(ch, 1, distinct=False), count_candidates(ch, 1)) == (9, 4)
    caps = {
        i: sorted(round(channel_capacity(W).capacity, 9) for _, W in candidate_channels(ch, i))
        for i in (0, 1)
    }
    assert caps[0] == pytest.approx(sorted([C, C, C, 0.0]), abs=1e-8)
    assert caps[1] == pytest.approx(sorted([C, C, 0.0, 0.0]), abs=1e-8)
    # all selection functions give the same set of matrices as the distinct ones
    for i in (0, 1):
        mats_all = {W.tobytes() for _, W in candidate_channels(ch, i, distinct=False)}
        mats_distinct = [W.tobytes() for _, W in candidate_channels(ch, i)]
        assert mats_all == set(mats_distinct) and len(mats_distinct) == len(set(mats_distinct))


def test_e1_attaining_priors_and_dp():
    ch = example1_rr(0.1)
    prior = np.zeros((3, 2))
    prior[0, 0] = prior[1, 0] = 0.5
    assert individual_mutual_information(ch, prior, 0) == pytest.approx(0.5310044064, abs=1e-9)
    maxent = np.zeros((3, 2))
    for x in [(0, 0), (1, 1), (2, 0), (2, 1)]:
        maxent[x] = 0.25
    assert individual_mutual_information(ch, maxent, 0) == pytest.approx(0.5310044064, abs=1e-9)
    assert dataset_dp_epsilon(ch) == pytest.approx(2.1972245773, abs=1e-9)
    assert rr_dp_epsilon(0.1) == pytest.approx(math.log(9), abs=1e-12)
    search = individual_capacity_search(ch, restarts=5, seed=1)
    assert 0.5310044059 - 1e-7 <= search <= 0.5310044064 + 1e-9


def test_e9_axis_lines_equal_bruteforce():
    ch = example1_rr(0.1)
    assert dp_epsilon_axis_lines(ch) == pytest.approx(dataset_dp_epsilon(ch), abs=1e-12)
    assert dp_epsilon_axis_lines(ch) == pytest.approx(math.log(9), abs=1e-12)


# ----------------------------------------------------------------------------- RR calibration
E2_BITS = {
    0.01: 0.4411976113,
    0.05: 0.3691277490,
    0.1: 0.3160193463,
    0.2: 0.2430038538,
    0.3: 0.1892977054,
    0.5: 0.1100278644,
    0.9: 0.0129868621,
}
E2_NATS = {
    0.01: 0.4294074297,
    0.05: 0.3432184016,
    0.1: 0.2802053738,
    0.2: 0.1948271628,
    0.3: 0.1335860254,
    0.5: 0.0481887458,
}


@pytest.mark.parametrize("eps", sorted(E2_BITS))
def test_e2_rr_threshold(eps):
    p_star = rr_flip_threshold(eps)
    assert p_star == pytest.approx(E2_BITS[eps], abs=1e-9)
    if eps in E2_NATS:
        assert rr_flip_threshold(eps, base=math.e) == pytest.approx(E2_NATS[eps], abs=1e-9)
    assert rr_capacity(p_star) == pytest.approx(eps, abs=1e-10)
    assert rr_capacity(1 - p_star) == pytest.approx(eps, abs=1e-10)
    for p in np.linspace(p_star + 1e-4, 1 - p_star - 1e-4, 7):
        assert rr_capacity(p) < eps
    for p in (p_star / 2, p_star - 1e-4, 1 - p_star + 1e-4):
        assert rr_capacity(p) > eps


def test_e2_threshold_beyond_log2():
    assert rr_flip_threshold(0.9, base=math.e) == 0.0
    assert rr_flip_threshold(1.0) == 0.0


# ----------------------------------------------------------------------------- exponential
E3 = [  # k, N, H bits, B bits, B nats, 1/alpha
    (2, 1, 0.839942, 0.160058, 0.110944, 0.731059),
    (3, 1, 1.200893, 0.384070, 0.266217, 0.665241),
    (5, 0.5, 0.660681, 1.661247, 1.151489, 0.864704),
    (5, 1, 1.442656, 0.879272, 0.609465, 0.636409),
    (5, 2, 2.011528, 0.310400, 0.215153, 0.428656),
    (5, 5, 2.265682, 0.056246, 0.038987, 0.286764),
    (10, 2, 2.398942, 0.922986, 0.639765, 0.396139),
    (10, 10, 3.263881, 0.058047, 0.040235, 0.150545),
    (100, 10, 4.764504, 1.879353, 1.302668, 0.095167),
]


@pytest.mark.parametrize("k, N, h, B, Bn, pc", E3)
def test_e3_exponential_reference_values(k, N, h, B, Bn, pc):
    assert exponential_noise_entropy(k, N) == pytest.approx(h, abs=1e-6)
    assert exponential_capacity_bound(k, N) == pytest.approx(B, abs=1e-6)
    assert exponential_capacity_bound(k, N, base=math.e) == pytest.approx(Bn, abs=1e-6)
    assert exponential_prob_correct(k, N) == pytest.approx(pc, abs=1e-6)


def test_e3_closed_form_matches_sums():
    for k in (1, 2, 3, 5, 10, 50):
        for N in (0.1, 0.5, 1, 2, 5, 10, 100):
            lam = 1 / N
            i = np.arange(k)
            w = np.exp(-i * lam)
            alpha = w.sum()
            assert exponential_noise_entropy(k, N, base=math.e) == pytest.approx(
                exponential_noise_entropy_sum(k, N, base=math.e), abs=1e-12
            )
            if k > 1:  # eqs. (54), (58)
                assert alpha == pytest.approx(
                    (1 - math.exp(-k * lam)) / (1 - math.exp(-lam)), abs=1e-12
                )
                s58 = (k * math.exp((1 - k) * lam) - alpha) / (1 - math.exp(lam))
                assert float(np.sum(i * w)) == pytest.approx(s58, rel=1e-10, abs=1e-12)
            assert exponential_expected_rank(k, N) == pytest.approx(
                float(np.sum(i * w) / alpha), abs=1e-12
            )


def test_e3_stable_for_tiny_and_huge_N():
    assert exponential_noise_entropy(10, 1e-4) == 0.0
    assert exponential_noise_entropy(10, 1e-3) == pytest.approx(
        exponential_noise_entropy_sum(10, 1e-3), abs=1e-12
    )
    assert exponential_noise_entropy(10, 1e9) == pytest.approx(math.log2(10), abs=1e-8)
    hs = [exponential_noise_entropy(7, N) for N in np.geomspace(1e-2, 1e3, 60)]
    assert np.all(np.diff(hs) > 0)


E3_NSTAR = [
    (2, 2, 0.1, 1.295125),
    (2, 2, 0.5, 0.478364),
    (5, 2, 0.1, 3.711812),
    (5, 2, 0.5, 1.496443),
    (5, 2, 1.0, 0.896769),
    (10, 2, 0.1, 7.549275),
    (10, 2, 0.5, 3.067618),
    (10, 2, 1.0, 1.874496),
    (100, 2, 0.1, 75.902805),
    (100, 2, 0.5, 30.918316),
    (100, 2, 1.0, 19.001342),
    (2, math.e, 0.1, 1.059947),
    (2, math.e, 0.5, 0.335206),
    (5, math.e, 0.1, 3.057922),
    (5, math.e, 0.5, 1.164780),
    (10, math.e, 0.1, 6.223579),
    (10, math.e, 0.5, 2.403924),
    (100, math.e, 0.1, 62.587193),
    (100, math.e, 0.5, 24.278395),
]


@pytest.mark.parametrize("k, base, eps, expected", E3_NSTAR)
def test_e3_noise_for_epsilon(k, base, eps, expected):
    N = exponential_noise_for_epsilon(k, eps, base=base)
    assert N == pytest.approx(expected, abs=2e-6)
    assert exponential_capacity_bound(k, N, base=base) == pytest.approx(eps, abs=1e-10)


def test_e3_no_noise_for_eps_at_log_k():
    with pytest.raises(ValueError, match="eps must be in"):
        exponential_noise_for_epsilon(2, 1.0)


# ----------------------------------------------------------------------------- weakly symmetric
@pytest.mark.parametrize(
    "N, expected", [(0.5, 1.6612468783), (1.0, 0.8792722545), (3.0, 0.1495163877)]
)
def test_e4_weakly_symmetric_mod_sum(N, expected):
    ch = mod_sum_exponential_channel(N)
    assert is_data_independent(ch)
    assert is_weakly_symmetric(ch)
    ok, i, g = weakly_symmetric_witness(ch)
    assert ok
    for method in ("setdp", "enumerate") if N == 1.0 else ("setdp",):
        assert icc(ch, method=method).value == pytest.approx(expected, abs=1e-9)
    assert data_independent_bound(ch) == pytest.approx(expected, abs=1e-9)
    assert exponential_capacity_bound(5, N) == pytest.approx(expected, abs=1e-9)
    # Corollary 1: uniform on X_i' with the selection g attains it
    prior = np.zeros(ch.universe.sizes)
    for xi, comp in enumerate(g):
        prior[comp[:i] + (xi,) + comp[i:]] = 1 / ch.universe.sizes[i]
    assert individual_mutual_information(ch, prior, i) == pytest.approx(expected, abs=1e-9)


# ----------------------------------------------------------------------------- Gaussian
@pytest.mark.parametrize(
    "eps, n_nats, sd, approx_sd, n_bits",
    [
        (0.1, 4.516656, 2.125242, 2.236068, 6.725024),
        (0.5, 0.581977, 0.762874, 1.0, 1.0),
        (1.0, 0.156518, 0.395623, 0.707107, 0.333333),
    ],
)
def test_e5_gaussian_calibration(eps, n_nats, sd, approx_sd, n_bits):
    N = gaussian_noise_for_epsilon(1.0, eps)
    assert N == pytest.approx(n_nats, abs=1e-6)
    assert math.sqrt(N) == pytest.approx(sd, abs=1e-6)
    assert 1 / math.sqrt(2 * eps) == pytest.approx(approx_sd, abs=1e-6)
    assert gaussian_noise_for_epsilon(1.0, eps, base=2) == pytest.approx(n_bits, abs=1e-6)
    assert gaussian_capacity_bound(1.0, N, base=math.e) == pytest.approx(eps, abs=1e-12)


@pytest.mark.parametrize(
    "N, bound, exact",
    [
        (16, 0.04373, 0.04373),
        (4, 0.16096, 0.16075),
        (1, 0.50000, 0.48594),
        (0.25, 1.16096, 0.94189),
    ],
)
def test_e5_amplitude_constrained(N, bound, exact):
    assert gaussian_capacity_bound(1.0, N) == pytest.approx(bound, abs=5e-6)
    res = amplitude_constrained_capacity(1.0, N)
    assert res.capacity == pytest.approx(exact, abs=1e-5)
    assert res.capacity <= gaussian_capacity_bound(1.0, N) + 1e-9
    if N >= 1:  # two mass points at +-T up to SNR ~2.5
        xs = np.linspace(-1, 1, 61)
        assert set(np.round(xs[res.input_pmf > 1e-3], 6)) == {-1.0, 1.0}
        assert res.capacity == pytest.approx(binary_input_awgn_capacity(1.0, N), abs=1e-5)


def test_e7_noise_table():
    df = gaussian_noise_table(
        [0.1, 0.5, 1.0], [1.0, 0.1, 0.01], balance_deltas=(0.0, 0.5, 1.0, 2.0)
    )
    d0 = df[df.balance_delta == 0].set_index(["eps", "sensitivity"])
    expected = {
        (0.1, 1.0): (2.1252, 10.0, 14.1421, 48.4481),
        (0.1, 0.01): (2.1252, 0.1, 0.1414, 0.4845),
        (0.5, 0.1): (0.7629, 0.2, 0.2828, 0.9690),
        (1.0, 1.0): (0.3956, 1.0, 1.4142, 4.8448),
        (1.0, 0.01): (0.3956, 0.01, 0.0141, 0.0484),
    }
    for key, vals in expected.items():
        row = d0.loc[key]
        got = (row.sigma_ip, row.laplace_scale, row.laplace_std, row.gauss_mech_sigma)
        assert got == pytest.approx(vals, abs=6e-5)
    sig = df[df.sensitivity == 1.0].set_index(["eps", "balance_delta"]).sigma_ip
    for (eps, bd), v in {
        (0.1, 0.5): 0.6565,
        (0.1, 1.0): 0.3530,
        (0.1, 2.0): 0.1234,
        (0.5, 0.5): 0.3956,
        (0.5, 1.0): 0.2289,
        (0.5, 2.0): 0.0824,
        (1.0, 0.5): 0.2289,
        (1.0, 1.0): 0.1366,
        (1.0, 2.0): 0.0498,
    }.items():
        assert sig.loc[(eps, bd)] == pytest.approx(v, abs=6e-5)


def test_a10_laplace_not_always_smaller():
    """§5.2's 'Laplace/Gaussian noise is smaller' fails with Df = T."""
    df = gaussian_noise_table(np.geomspace(0.01, 1.0, 20), [1.0])
    assert np.all(df.laplace_scale > df.sigma_ip)
    for eps, cross in [(0.1, 0.2125), (1.0, 0.395)]:
        c = eps / math.sqrt(math.expm1(2 * eps))
        assert c == pytest.approx(cross, abs=1e-3)


# ----------------------------------------------------------------------------- count query
E6 = [
    (0.25, 0.999590, 2.187592),
    (0.5, 0.964906, 1.661247),
    (1, 0.689539, 0.879272),
    (2, 0.287085, 0.310400),
    (5, 0.055480, 0.056246),
]


@pytest.mark.parametrize("N, exact, bound", E6)
def test_e6_count_query(N, exact, bound):
    U, f = count_query(4)
    ch = exponential_channel(U, f, N=N)
    a, b = icc(ch), icc(ch, method="enumerate")
    assert a.value == pytest.approx(exact, abs=1e-6)
    assert b.value == pytest.approx(a.value, abs=1e-9)
    assert exponential_capacity_bound(5, N) == pytest.approx(bound, abs=1e-6)
    assert dataset_dp_epsilon(ch) == pytest.approx(2 / N, abs=1e-12)
    assert a.n_evaluated < b.n_evaluated


def test_e6_gaussian_count_query():
    U, f = count_query(3)
    ch = discretized_gaussian_channel(U, f, N=1.0, y_grid=np.linspace(-8, 11, 4001))
    c1 = icc(ch).value
    assert c1 == pytest.approx(0.759979, abs=2e-6)
    assert binary_input_awgn_capacity(1.5, 1.0) == pytest.approx(0.759979, abs=1e-6)
    assert c1 <= binary_input_awgn_capacity(1.5, 1.0) + 1e-9
    assert gaussian_capacity_bound(1.5, 1.0) == pytest.approx(0.850220, abs=1e-6)
    assert gaussian_capacity_bound(3.0, 1.0) == pytest.approx(1.660964, abs=1e-6)


def test_f6_em_vs_exponential_channel():
    df = exponential_vs_em_table(4, [0.5, 1.0, 2.0, 4.0]).set_index("eps_dp")
    assert np.allclose(df.c1_em, df.c1_exp, atol=1e-8)  # matched C_1
    assert df.dist_em.tolist() == pytest.approx([1.1611, 0.9451, 0.6080, 0.2400], abs=6e-5)
    assert df.dist_exp.tolist() == pytest.approx([1.0778, 0.8002, 0.4304, 0.1402], abs=6e-5)
    assert df.dp_em.tolist() == pytest.approx([0.370, 0.684, 1.201, 2.110], abs=6e-4)
    assert df.dp_exp.tolist() == pytest.approx([0.5, 1.0, 2.0, 4.0], abs=1e-12)


def test_f3_rr_ip_vs_dp():
    df = rr_ip_vs_dp_table([0.05, 0.1, 0.25, 0.5, 1.0, 2.0]).set_index("eps")
    assert df.accuracy_ip.loc[[0.05, 0.1, 0.25, 0.5, 1.0]].tolist() == pytest.approx(
        [0.6309, 0.6840, 0.7855, 0.8900, 1.0], abs=6e-5
    )
    assert df.accuracy_dp.loc[[0.05, 0.1, 0.25, 0.5, 1.0]].tolist() == pytest.approx(
        [0.5125, 0.5250, 0.5622, 0.6225, 0.7311], abs=6e-5
    )
    assert df.c1_of_dp_rr.loc[[0.5, 1.0, 2.0]].tolist() == pytest.approx(
        [0.043713, 0.160058, 0.472935], abs=1e-6
    )
    assert dp_rr_flip(math.log(9)) == pytest.approx(0.1, abs=1e-15)


# ----------------------------------------------------------------------------- balance function
def test_e8_balance_function_example1():
    ch = example1_rr(0.1)
    df = balance_function(ch, [0.0, 1.0, 2.0, 2.25, 2.5, math.log2(6)], restarts=6, seed=3)
    d = df.delta_upper.to_numpy()
    assert d[:3] == pytest.approx([0, 0, 0], abs=1e-6)
    assert d[3] == pytest.approx(0.11507, abs=1e-4)
    assert d[4] == pytest.approx(0.28558, abs=1e-4)
    assert d[5] == pytest.approx(0.405925, abs=1e-6)
    assert individual_capacity_entropy_constrained(ch, math.log2(6)) == pytest.approx(
        0.125080, abs=1e-6
    )
    assert np.all(np.diff(d) >= -1e-5)  # non-decreasing (Lemma 1)
    assert np.all(d <= np.minimum(df.b, df.c1) + 1e-9)  # delta(b) <= min(b, C_1)
    assert np.all(df.c1_b <= df.c1 + 1e-12)


def test_lemma1_strict_reading_fails_at_b0():
    """Lemma 1's '< min{b, ...}' is false at b = 0 (delta(0) = 0 = b)."""
    d0 = balance_function(example1_rr(0.1), [0.0], restarts=2).delta_upper.iloc[0]
    assert d0 == pytest.approx(0.0, abs=1e-9)
    assert not d0 < min(0.0, math.log2(3))


# ----------------------------------------------------------------------------- §7 properties
def _nonconst_query(rng, U):
    while True:
        table = rng.integers(0, 2, size=U.sizes)
        if table.min() != table.max():
            return lambda *x: int(table[x])


@settings(max_examples=40)
@given(seed=SEEDS)
def test_p1_realizability_and_p4_methods_agree(seed):
    ch = random_privacy_channel(
        seed, max_size=8
    )  # small: the literal enumeration runs a BA per member
    a, b = icc(ch), icc(ch, method="enumerate")
    assert a.value == pytest.approx(b.value, abs=1e-8)
    assert np.allclose(a.per_individual, b.per_individual, atol=1e-8)
    for res in (a, b):
        mi = individual_mutual_information(ch, res.witness_prior, res.individual)
        assert mi == pytest.approx(res.value, abs=1e-8)
        # the witness channel is a member of S_i*
        i = res.individual
        for xi, comp in enumerate(res.selection):
            assert np.allclose(res.channel[xi], ch.array[comp[:i] + (xi,) + comp[i:]])


@settings(max_examples=20)
@given(seed=SEEDS)
def test_p2_upper_direction_random_priors(seed):
    rng = np.random.default_rng(seed)
    ch = random_privacy_channel(seed)
    res = icc(ch)
    c1 = res.value
    for alpha in (0.05, 0.3, 1.0):
        for _ in range(10):
            prior = rng.dirichlet(np.full(ch.universe.size, alpha)).reshape(ch.universe.sizes)
            for i in range(ch.n):
                assert individual_mutual_information(ch, prior, i) <= c1 + 1e-9
    # any member of Q_i has capacity <= max over S_i
    for i in range(ch.n):
        rest = ch.universe.size // ch.universe.sizes[i]
        cond = rng.dirichlet(np.full(rest, 0.5), size=ch.universe.sizes[i])
        W = effective_channel(ch, i, cond)
        assert channel_capacity(W, tol=1e-11).capacity <= res.per_individual[i] + 1e-9


@settings(max_examples=10)
@given(seed=SEEDS)
def test_p3_direct_search_below_c1(seed):
    ch = random_privacy_channel(seed)
    c1 = icc(ch).value
    s = individual_capacity_search(ch, restarts=3, seed=seed % 1000)
    assert s <= c1 + 1e-7
    assert s >= c1 - 1e-4


@settings(max_examples=40)
@given(seed=SEEDS)
def test_p5_bounds_chain_and_p6_shortcuts(seed):
    ch = random_privacy_channel(seed)
    res = icc(ch)
    lo, up = individual_capacity_bounds(ch)
    cP = channel_capacity(ch.matrix(), tol=1e-11).capacity
    assert lo <= res.value + 1e-9
    assert res.value <= up + 1e-9
    assert up <= cP + 1e-9 and cP <= math.log2(ch.k) + 1e-9
    assert res.value <= max(math.log2(s) for s in ch.universe.sizes) + 1e-9
    if ch.n == 1 or ch.k == 2:
        assert res.value == pytest.approx(cP, abs=1e-8)


@settings(max_examples=40)
@given(seed=SEEDS)
def test_p7_convexity_lemma3(seed):
    rng = np.random.default_rng(seed)
    m, k = int(rng.integers(2, 5)), int(rng.integers(2, 5))
    W1, W2 = rng.dirichlet(np.ones(k), size=m), rng.dirichlet(np.ones(k), size=m)
    r = rng.dirichlet(np.ones(m))
    th = float(rng.random())
    Wm = th * W1 + (1 - th) * W2
    assert mi_nats(r, Wm) <= th * mi_nats(r, W1) + (1 - th) * mi_nats(r, W2) + 1e-12
    cap = lambda W: channel_capacity(W, tol=1e-11).capacity  # noqa: E731
    assert cap(Wm) <= max(cap(W1), cap(W2)) + 1e-9


@settings(max_examples=30)
@given(seed=SEEDS)
def test_p8_composition(seed):
    ch1 = random_privacy_channel(seed)
    rng = np.random.default_rng(seed + 1)
    U = ch1.universe
    ch2 = PrivacyChannel(U, rng.dirichlet(np.full(2, 0.5), size=U.sizes))
    c1, c2 = icc(ch1).value, icc(ch2).value
    c12 = icc(compose_parallel(ch1, ch2)).value
    assert c12 <= c1 + c2 + 1e-8
    assert c12 >= max(c1, c2) - 1e-8  # each part is a post-processing of the pair
    seconds = [
        PrivacyChannel(U, rng.dirichlet(np.full(2, 0.5), size=U.sizes)) for _ in range(ch1.k)
    ]
    cad = icc(compose_adaptive(ch1, seconds)).value
    assert cad <= c1 + max(icc(s).value for s in seconds) + 1e-8


@settings(max_examples=40)
@given(seed=SEEDS)
def test_p9_post_processing(seed):
    ch = random_privacy_channel(seed)
    rng = np.random.default_rng(seed)
    K = rng.dirichlet(np.full(int(rng.integers(2, 4)), 0.5), size=ch.k)
    assert icc(post_process(ch, K)).value <= icc(ch).value + 1e-9


@settings(max_examples=40)
@given(seed=SEEDS)
def test_p10_group_privacy(seed):
    ch = random_privacy_channel(seed)
    if ch.n < 2:
        ch = random_privacy_channel(seed, sizes=(2, 3), k=3)
    res = icc(ch)
    group = [0, ch.n - 1]
    cg = group_capacity(ch, group)
    assert max(res.per_individual[i] for i in group) <= cg + 1e-8
    assert cg <= len(group) * res.value + 1e-8
    # merging everybody gives the capacity of the full channel
    assert group_capacity(ch, range(ch.n)) == pytest.approx(
        channel_capacity(ch.matrix(), tol=1e-11).capacity, abs=1e-8
    )


@settings(max_examples=40)
@given(seed=SEEDS)
def test_p11_data_independent_cor1_and_r6(seed):
    rng = np.random.default_rng(seed)
    sizes = [(2, 3), (3, 2), (2, 2), (3,), (2, 2, 2)][seed % 5]
    k = int(rng.integers(2, 4))
    z = rng.dirichlet(np.ones(k))
    rows = np.array([rng.permutation(z) for _ in range(int(np.prod(sizes)))])
    ch = PrivacyChannel(
        ProductUniverse([range(s) for s in sizes]), rows.reshape(tuple(sizes) + (k,))
    )
    assert is_data_independent(ch)
    c1 = icc(ch).value
    bound = data_independent_bound(ch)
    assert c1 <= bound + 1e-9
    ok, i, g, r = uniform_output_witness(ch)
    assert is_uniform_output_reachable(ch) is ok
    if ok:  # uniform output reachable => equality
        assert c1 == pytest.approx(bound, abs=1e-8)
    if bound - c1 > 1e-6:  # a clear gap => not reachable
        assert not ok
    ws = is_weakly_symmetric(ch)
    assert ws is weakly_symmetric_witness(ch).holds
    if ws:
        assert c1 == pytest.approx(bound, abs=1e-8)


@settings(max_examples=30)
@given(seed=SEEDS)
def test_p12_rr_exact_for_nonconstant_queries(seed):
    rng = np.random.default_rng(seed)
    sizes = tuple(int(s) for s in rng.integers(2, 4, size=int(rng.integers(1, 4))))
    U = ProductUniverse([range(s) for s in sizes])
    p = float(rng.uniform(0.01, 0.99))
    ch = randomized_response_channel(U, _nonconst_query(rng, U), p=p)
    assert icc(ch).value == pytest.approx(rr_capacity(p), abs=1e-9)
    if U.size <= 8:
        assert icc(ch, method="enumerate").value == pytest.approx(rr_capacity(p), abs=1e-9)
    eps = float(rng.uniform(0.01, 0.99))
    ps = rr_flip_threshold(eps)
    assert (rr_capacity(p) <= eps + 1e-12) == (ps - 1e-12 <= p <= 1 - ps + 1e-12)


def test_p12_rr_constant_query_is_zero():
    ch = randomized_response_channel(ProductUniverse.binary(3), lambda *x: 1, p=0.2)
    assert icc(ch).value == 0.0


@settings(max_examples=30)
@given(seed=SEEDS)
def test_p13_exponential_channel(seed):
    rng = np.random.default_rng(seed)
    sizes = tuple(int(s) for s in rng.integers(2, 4, size=int(rng.integers(1, 3))))
    U = ProductUniverse([range(s) for s in sizes])
    k = int(rng.integers(2, 6))
    table = rng.integers(0, k, size=sizes)
    pos = rng.random(k) * 5
    tie = rng.permutation(k)
    N = float(rng.uniform(0.2, 5))
    ch = exponential_channel(
        U,
        lambda *x: int(table[x]),
        N=N,
        outputs=tuple(range(k)),
        distortion=lambda y, v: abs(pos[y] - pos[v]),
        tie_key=lambda y, v: tie[y],
    )
    assert is_data_independent(ch)
    assert icc(ch).value <= exponential_capacity_bound(k, N) + 1e-9
    assert dataset_dp_epsilon(ch) <= (k - 1) / N + 1e-12
    # k = 2 is RR with p = 1/(1 + e^{1/N})
    ch2 = exponential_channel(U, lambda *x: int(table[x] % 2), N=N, outputs=(0, 1))
    p = 1 / (1 + math.exp(1 / N))
    rr = randomized_response_channel(U, lambda *x: int(table[x] % 2), p=p)
    assert np.allclose(ch2.array, rr.array)


def test_p13_exponential_sampler_matches_law():
    j = sample_exponential_rank(5, 1.0, seed=7, size=200_000)
    freq = np.bincount(j, minlength=5) / j.size
    law = np.exp(-np.arange(5)) / np.exp(-np.arange(5)).sum()
    assert np.allclose(freq, law, atol=5e-3)


@settings(max_examples=40)
@given(seed=SEEDS)
def test_p14_gaussian_bounds(seed):
    rng = np.random.default_rng(seed)
    T = float(rng.uniform(0.5, 2))
    N = float(rng.uniform(0.3, 5))
    cb = gaussian_capacity_bound(T, N)
    assert amplitude_constrained_capacity(T, N, n_inputs=15, n_outputs=301).capacity <= cb + 1e-9
    eps = float(rng.uniform(0.05, 2))
    assert gaussian_capacity_bound(
        T, gaussian_noise_for_epsilon(T, eps), base=math.e
    ) == pytest.approx(eps, abs=1e-12)


def test_p14_discretized_query_channel_below_centered_bound():
    U, f = count_query(2)
    for N in (0.5, 2.0):
        ch = discretized_gaussian_channel(U, f, N=N, y_grid=np.linspace(-6, 8, 401))
        assert icc(ch).value <= gaussian_capacity_bound(1.0, N) + 1e-9


@settings(max_examples=40)
@given(seed=SEEDS)
def test_p15_proposition1(seed):
    rng = np.random.default_rng(seed)
    ch = random_privacy_channel(seed)
    eps = dataset_dp_epsilon(ch)
    assert dp_epsilon_axis_lines(ch) == pytest.approx(eps, abs=1e-12)
    sizes = ch.universe.sizes
    for _ in range(5):  # product priors never exceed eps_DP
        marg = [rng.dirichlet(np.full(s, 0.5)) for s in sizes]
        prior = marg[0]
        for m in marg[1:]:
            prior = np.multiply.outer(prior, m)
        py = np.tensordot(prior, ch.array, axes=ch.n)
        for i in range(ch.n):
            joint = (
                np.moveaxis(prior[..., None] * ch.array, i, 0)
                .reshape(sizes[i], -1, ch.k)
                .sum(axis=1)
            )
            px = joint.sum(axis=1)
            cond = joint[px > 0] / px[px > 0, None]
            assert np.max(np.log(cond / py)) <= eps + 1e-9
    sup, wit = max_information_capacity_ind(ch)
    assert sup == pytest.approx(eps, abs=1e-12)
    assert wit == pytest.approx(eps, abs=1e-6)


def test_p15_dp_of_channel_with_zero_is_inf():
    ch = PrivacyChannel(ProductUniverse.binary(2), [[[1, 0], [0.5, 0.5]], [[0.5, 0.5], [0.5, 0.5]]])
    assert dataset_dp_epsilon(ch) == math.inf == dp_epsilon_axis_lines(ch)


@settings(max_examples=30)
@given(seed=SEEDS)
def test_p17_invariances(seed):
    rng = np.random.default_rng(seed)
    ch = random_privacy_channel(seed)
    c1 = icc(ch).value
    A = ch.array[..., rng.permutation(ch.k)]
    for i in range(ch.n):
        A = np.take(A, rng.permutation(ch.universe.sizes[i]), axis=i)
    A = np.transpose(A, list(rng.permutation(ch.n)) + [ch.n])
    assert icc(as_privacy_channel(A)).value == pytest.approx(c1, abs=1e-9)
    assert icc(ch, base=math.e).value / LN2 == pytest.approx(c1, abs=1e-9)


# ----------------------------------------------------------------------------- API behaviour
def test_budget_errors_are_raised_not_approximated():
    U, f = count_query(6)
    ch = exponential_channel(U, f, N=1.0)
    with pytest.raises(EnumerationBudgetError, match="max_candidates=100"):
        individual_channel_capacity(ch, method="enumerate", max_candidates=100)
    with pytest.raises(EnumerationBudgetError, match="max_candidates"):
        individual_channel_capacity(ch, max_candidates=5)
    assert issubclass(EnumerationBudgetError, ValueError)


def test_benchmark_instances_agree():
    U, f = count_query(6)
    ch = exponential_channel(U, f, N=1.0)
    a, b = icc(ch), icc(ch, method="enumerate")
    assert a.value == pytest.approx(b.value, abs=1e-9)
    assert b.n_candidates == 216 and a.n_evaluated < 40


def test_universe_and_channel_validation():
    with pytest.raises(ValueError, match="records"):
        ProductUniverse([])
    with pytest.raises(ValueError, match="repeats"):
        ProductUniverse([(0, 0)])
    U = ProductUniverse.binary(2)
    with pytest.raises(ValueError, match="shape"):
        PrivacyChannel(U, np.full((2, 2), 0.5))
    with pytest.raises(ValueError, match="row-stochastic"):
        PrivacyChannel(U, np.full((2, 2, 2), 0.6))
    with pytest.raises(ValueError, match="p must be a real number in"):
        randomized_response_channel(U, lambda a, b: a, p=1.5)
    with pytest.raises(ValueError, match="N must be"):
        exponential_channel(U, lambda a, b: a, N=0)
    with pytest.raises(ValueError, match="method"):
        individual_channel_capacity(example1_rr(0.1), method="magic")
    with pytest.raises(ValueError, match=r"eps must be a real number in \(0, 1\]"):
        from nsp.privacy_channels import gaussian_mechanism_sigma

        gaussian_mechanism_sigma(1.0, 2.0, 1e-5)


def test_channel_operations_and_sampling():
    U = ProductUniverse([("a", "b"), (0, 1, 2)])
    ch = query_channel(U, lambda r, v: v, lambda v: np.eye(3)[v])
    assert ch.sample(("b", 2), seed=1) == 2
    draws = example1_rr(0.3).sample((0, 0), seed=0, size=20_000)
    assert np.mean(np.array(draws) == 1) == pytest.approx(0.7, abs=0.02)
    g, pos = group_channel(ch, [1, 0])
    assert pos == 0 and g.universe.records[0] == tuple(itertools.product(("a", "b"), (0, 1, 2)))
    assert np.allclose(g.matrix(), ch.matrix())
    kr = kary_rr_channel(ProductUniverse.binary(2), lambda a, b: a + b, p=0.3)
    assert is_data_independent(kr)
    assert icc(kr).value <= data_independent_bound(kr) + 1e-9
    em = exponential_mechanism_channel(ProductUniverse.binary(2), lambda a, b: a + b, eps=1.0)
    assert dataset_dp_epsilon(em) <= 1.0 + 1e-12


@settings(max_examples=40)
@given(seed=SEEDS)
def test_pruning_bounds_are_upper_bounds(seed):
    """The certified bounds the set-DP prunes with really bound the capacity."""
    from nsp.privacy_channels._capacity._exact import _leakage_bound

    rng = np.random.default_rng(seed)
    m, k = int(rng.integers(2, 5)), int(rng.integers(2, 5))
    W = rng.dirichlet(np.full(k, float(rng.choice([0.2, 1.0, 5.0]))), size=m)
    ub = _leakage_bound(W, [tuple(range(m))])[0]
    assert channel_capacity(W, base=math.e, tol=1e-11).capacity <= ub + 1e-9


def test_bounds_with_few_pairs_stay_valid():
    U, f = count_query(5)
    ch = exponential_channel(U, f, N=0.7)
    c1 = icc(ch).value
    lo_all, up = individual_capacity_bounds(ch)
    lo_few, up2 = individual_capacity_bounds(ch, max_pairs=3)
    assert lo_few <= lo_all + 1e-12 <= c1 + 1e-9 and c1 <= up + 1e-9 and up == up2


@settings(max_examples=40)
@given(seed=SEEDS)
def test_dominance_pruning_keeps_exactly_the_maximal_sets(seed):
    from nsp.privacy_channels._capacity._exact import _prune_dominated

    rng = np.random.default_rng(seed)
    width = int(rng.choice([10, 70]))  # narrow sets use the vectorized path, wide ones Python ints
    F = set()
    for _ in range(int(rng.integers(1, 60))):
        bits = rng.choice(width, size=int(rng.integers(1, 5)), replace=False)
        F.add(sum(1 << int(b) for b in bits))
    naive = {A for A in F if not any(A != B and (A & B) == A for B in F)}
    assert _prune_dominated(F) == naive


# ----------------------------------------------------------------------------- bad input is refused
NAN = float("nan")
_E1 = example1_rr(0.1)
_U2 = ProductUniverse.binary(2)


def _mech(name):
    import nsp.privacy_channels as mech

    return getattr(mech, name)


def _ex(name):
    import nsp.papers.privacy_channels as ex

    return getattr(ex, name)


BAD_INPUT = [
    # (call, message pattern): every message names the argument and the rule
    (
        lambda: individual_channel_capacity(_E1, max_candidates=1.5),
        r"max_candidates must be an integer in \[1, inf\)",
    ),
    (
        lambda: individual_channel_capacity(_E1, max_candidates=True),
        r"max_candidates must be an integer",
    ),
    (
        lambda: individual_channel_capacity(_E1, max_candidates=NAN),
        r"max_candidates must be an integer",
    ),
    (
        lambda: individual_channel_capacity(_E1, max_candidates=0),
        r"max_candidates must be an integer in \[1, inf\)",
    ),
    (
        lambda: individual_channel_capacity(_E1, tol=NAN),
        r"tol must be a real number in \(0, inf\); got nan",
    ),
    (
        lambda: individual_channel_capacity(_E1, tol=math.inf),
        r"tol must be a real number in \(0, inf\); got inf",
    ),
    (
        lambda: individual_channel_capacity(_E1, tol=True),
        r"tol must be a real number in \(0, inf\); got True \(bool\)",
    ),
    (
        lambda: individual_channel_capacity(_E1, individuals=[0.5]),
        r"individual index must be an integer in \[0, 1\]",
    ),
    (
        lambda: individual_channel_capacity(_E1, individuals=[True]),
        r"individual index must be an integer in \[0, 1\]",
    ),
    (lambda: count_candidates(_E1, 1.0), r"individual index must be an integer in \[0, 1\]"),
    (
        lambda: individual_capacity_bounds(_E1, max_pairs=1.5),
        r"max_pairs must be an integer in \[1, inf\)",
    ),
    (
        lambda: individual_capacity_bounds(_E1, max_pairs=0),
        r"max_pairs must be an integer in \[1, inf\)",
    ),
    (
        lambda: individual_capacity_bounds(_E1, tol=NAN),
        r"tol must be a real number in \(0, inf\); got nan",
    ),
    (
        lambda: individual_capacity_search(_E1, restarts=2.5),
        r"restarts must be an integer in \[0, 10000\]",
    ),
    (
        lambda: individual_capacity_search(_E1, restarts=-1),
        r"restarts must be an integer in \[0, 10000\]",
    ),
    (lambda: individual_capacity_search(_E1, seed=1.5), r"seed must be an integer in \[0, inf\)"),
    (
        lambda: individual_capacity_entropy_constrained(_E1, NAN),
        r"b must be a real number in \(-inf, inf\); got nan",
    ),
    (
        lambda: individual_capacity_entropy_constrained(_E1, 1.0, restarts=True),
        r"restarts must be an integer in \[0, 10000\]",
    ),
    (
        lambda: is_data_independent(_E1, atol=NAN),
        r"atol must be a real number in \[0, inf\); got nan",
    ),
    (
        lambda: is_weakly_symmetric(_E1, max_candidates=2.5),
        r"max_candidates must be an integer in \[1, inf\)",
    ),
    (
        lambda: uniform_output_witness(_E1, max_candidates=2.5),
        r"max_candidates must be an integer in \[1, inf\)",
    ),
    (
        lambda: max_information_capacity_ind(_E1, eta=NAN),
        r"eta must be a real number in \(0, 1\); got nan",
    ),
    (
        lambda: max_information_capacity_ind(_E1, eta=1.0),
        r"eta must be a real number in \(0, 1\); got 1.0",
    ),
    (lambda: effective_channel(_E1, 0, [[NAN, 1.0]] * 3), r"cond\[0\] must hold finite masses"),
    (
        lambda: gaussian_noise_for_epsilon(1, 0.1, balance_delta=NAN),
        r"balance_delta must be a real number in \[0, inf\); got nan",
    ),
    (
        lambda: gaussian_noise_for_epsilon(1, 0.1, balance_delta=math.inf),
        r"balance_delta must be a real number in \[0, inf\); got inf",
    ),
    (
        lambda: gaussian_noise_for_epsilon(1, 0.1, balance_delta=-0.1),
        r"balance_delta must be a real number in \[0, inf\); got -0.1",
    ),
    (lambda: gaussian_noise_for_epsilon(1, NAN), r"eps must be a real number in .*; got nan"),
    (
        lambda: gaussian_noise_for_epsilon(True, 0.1),
        r"T must be a real number in \(0, inf\); got True \(bool\)",
    ),
    (lambda: exponential_noise_for_epsilon(5, 1e-22), r"eps = 1e-22 gives no bracketed root N\*"),
    (lambda: exponential_noise_for_epsilon(10**6, 1e-9), r"no bracketed root N\* .* lie in \(6"),
    (lambda: exponential_noise_for_epsilon(5, NAN), r"eps must be a real number in .*; got nan"),
    (lambda: exponential_noise_for_epsilon(5.0, 0.1), r"k must be an integer in \[1, inf\)"),
    (lambda: exponential_noise_entropy(2.5, 1.0), r"k must be an integer in \[1, inf\)"),
    (lambda: exponential_noise_entropy(True, 1.0), r"k must be an integer in \[1, inf\)"),
    (lambda: exponential_noise_entropy(NAN, 1.0), r"k must be an integer in \[1, inf\)"),
    (lambda: exponential_prob_correct(5, NAN), r"N must be a real number in \(0, inf\); got nan"),
    (
        lambda: sample_exponential_rank(5, 1.0, seed=0, size=2.5),
        r"size must be an integer in \[0, inf\)",
    ),
    (lambda: rr_flip_threshold(NAN), r"eps must be a real number in .*; got nan"),
    (lambda: rr_capacity("0.1"), r"p must be a real number in \(0, 1\); got \'0.1\' \(str\)"),
    (lambda: dp_rr_flip(NAN), r"eps must be a real number in .*; got nan"),
    (lambda: rr_dp_epsilon(NAN), r"p must be a real number in \(0, 1\); got nan"),
    (
        lambda: kary_rr_channel(_U2, lambda a, b: a + b, p=0.2, outputs=(0, 1)),
        r"f must take values among outputs",
    ),
    (
        lambda: exponential_mechanism_channel(
            _U2, lambda a, b: a + b, eps=1.0, sensitivity=math.inf
        ),
        r"sensitivity must be a real number in \(0, inf\); got inf",
    ),
    (
        lambda: exponential_mechanism_channel(
            _U2, lambda a, b: a + b, eps=1.0, utility=lambda y, v: NAN
        ),
        r"utility must return finite numbers",
    ),
    (
        lambda: amplitude_constrained_capacity(1.0, 1.0, n_inputs=2.5),
        r"n_inputs must be an integer in \[2, 100000\]",
    ),
    (
        lambda: amplitude_constrained_capacity(1.0, 1.0, n_outputs=1),
        r"n_outputs must be an integer in \[2, 100000\]",
    ),
    (
        lambda: discretized_gaussian_channel(
            _U2, lambda a, b: a + b, N=1.0, y_grid=[0.0, NAN, 2.0]
        ),
        r"y_grid must be a strictly increasing 1-D grid of at least 2 finite points",
    ),
    (
        lambda: discretized_gaussian_channel(_U2, lambda a, b: NAN, N=1.0, y_grid=[0.0, 1.0]),
        r"f must return finite numbers",
    ),
    (
        lambda: _mech("discretized_additive_channel")(
            _U2, lambda a, b: a, cdf=lambda z: z * NAN, y_grid=[0.0, 1.0]
        ),
        r"cdf must return one finite value per bin edge",
    ),
    (
        lambda: _mech("sample_gaussian_channel")(NAN, 1.0, seed=0),
        r"value must be a real number in \(-inf, inf\); got nan",
    ),
    (
        lambda: _mech("sample_laplace_mechanism")(math.inf, 1.0, 1.0, seed=0),
        r"value must be a real number in \(-inf, inf\); got inf",
    ),
    (
        lambda: _mech("gaussian_mechanism_sigma")(1.0, 0.5, NAN),
        r"delta must be a real number in \(0, 1\); got nan",
    ),
    (lambda: ProductUniverse.binary(1.5), r"n must be an integer in \[1, inf\)"),
    (lambda: count_query(2.0), r"n must be an integer in \[1, inf\)"),
    (
        lambda: group_channel(as_privacy_channel(np.full((2, 2, 2), 0.5)), [0.5, 1]),
        r"group member must be an integer in \(-inf, inf\)",
    ),
    (lambda: query_sensitivity(_U2, lambda a, b: NAN), r"f must return finite numbers"),
    (lambda: _E1.sample((0, 0), seed=0, size=1.5), r"size must be an integer in \[0, inf\)"),
    (lambda: _E1.sample((0, 0), seed=-1), r"seed must be an integer in \[0, inf\)"),
    (lambda: row_types(_E1, decimals=12.5), r"decimals must be an integer in \[0, inf\)"),
    (lambda: slice_types(row_types(_E1)[1], 2), r"i must be an individual index in 0..1"),
    (lambda: mod_sum_exponential_channel(1.0, k=5.5), r"k must be an integer in \[1, inf\)"),
    (lambda: random_privacy_channel(0, max_size=1), r"max_size must be an integer in \[2, inf\)"),
    (
        lambda: random_privacy_channel(0, alpha=NAN),
        r"alpha must be a real number in \(0, inf\); got nan",
    ),
    (
        lambda: random_privacy_channel(0, sizes=(2, 1.5)),
        r"sizes\[1\] must be an integer in \[1, inf\)",
    ),
    (lambda: random_privacy_channel(0, k=2.0), r"k must be an integer in \[1, inf\)"),
    (
        lambda: balance_function(_E1, [0.0, NAN]),
        r"bs\[1\] must be a real number in \(-inf, inf\); got nan",
    ),
    (lambda: balance_function(_E1, 0.5), r"bs must be a 1-D sequence"),
    (
        lambda: _mech("expected_distortion")(_E1, lambda a, b: NAN),
        r"f and distortion must give finite",
    ),
    (
        lambda: gaussian_noise_table([2.0], [1.0], delta_prime=NAN),
        r"delta_prime must be a real number in \(0, 1\); got nan",
    ),
]


@pytest.mark.parametrize("call,match", BAD_INPUT, ids=[m for _, m in BAD_INPUT])
def test_bad_input_is_refused_with_a_message_naming_the_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_good_input_of_the_checked_kinds_still_works():
    # numpy integers and 0-d arrays are integers/reals; integral floats are not silently truncated
    assert individual_channel_capacity(_E1, max_candidates=np.int64(10)).value == pytest.approx(
        0.5310044064, abs=1e-9
    )
    assert count_candidates(_E1, np.int64(1)) == 4
    assert rr_capacity(np.float64(0.1)) == pytest.approx(rr_capacity(0.1), abs=0)
    h5 = exponential_noise_entropy(5, 1.0)
    assert exponential_noise_entropy(np.int32(5), 1.0) == pytest.approx(h5, abs=0)
    # the bracket edges of N* stay inside the accepted range
    assert exponential_noise_for_epsilon(5, 1e-9) > 1e3
    assert dp_rr_flip(math.inf) == 0.0 and 0.0 < dp_rr_flip(720.0) < 1e-300
    n_star = gaussian_noise_for_epsilon(1.0, 0.1, balance_delta=np.float64(0.0))
    assert n_star == pytest.approx(4.516656, abs=1e-6)


# ----------------------------------------------------------------------------- new names, old names
def test_predicates_return_bool_and_witnesses_unpack():
    di = mod_sum_exponential_channel(1.0)
    not_di = as_privacy_channel([[0.5, 0.5], [0.2, 0.8]])
    assert is_weakly_symmetric(di) is True and is_weakly_symmetric(not_di) is False
    assert is_uniform_output_reachable(example1_rr(0.1)) is True
    w = weakly_symmetric_witness(not_di)
    assert tuple(w) == (False, None, None) and not w
    holds, i, g, r = uniform_output_witness(example1_rr(0.1))
    assert holds and i == 0 and r.sum() == pytest.approx(1.0, abs=1e-12)
    lo, up = individual_capacity_bounds(example1_rr(0.1))
    b = individual_capacity_bounds(example1_rr(0.1))
    assert (b.lower, b.upper) == (lo, up) == (b[0], b[1]) and len(b) == 2
    m = max_information_capacity_ind(example1_rr(0.1))
    sup, wit = m
    assert (m.supremum, m.witness) == (sup, wit)


def test_query_sensitivity_is_the_noiseless_sensitivity():
    from nsp.noiseless import sensitivity

    U = ProductUniverse([(0, 1, 2), (0, 1), (0, 1)])
    f = lambda a, b, c: a * b - c  # noqa: E731
    assert query_sensitivity(U, f) == sensitivity(lambda x: f(*x), U.records) == 2.0


def test_dataset_dp_epsilon_differs_from_the_local_dp_epsilon():
    from nsp.channels import dp_epsilon as local_dp_epsilon

    ch = example1_rr(0.1)  # the rows of (0, 0) and (1, 0) differ in two records, not one
    assert dataset_dp_epsilon(ch) == pytest.approx(math.log(9), abs=1e-12)
    assert local_dp_epsilon(ch.matrix()) == pytest.approx(math.log(9), abs=1e-12)
    U = ProductUniverse.binary(2)
    rows = np.array([[0.9, 0.1], [0.5, 0.5], [0.5, 0.5], [0.1, 0.9]]).reshape(2, 2, 2)
    ch2 = PrivacyChannel(U, rows)
    assert dataset_dp_epsilon(ch2) == pytest.approx(math.log(5), abs=1e-12)
    assert local_dp_epsilon(ch2.matrix()) == pytest.approx(math.log(9), abs=1e-12)


# ----------------------------------------------------------------------------- the paper's tables
def test_example1_tables():
    from nsp.papers import privacy_channels as paper

    t1 = paper.example1_candidate_table(0.1)
    assert len(t1) == 8 and t1["capacity [bits]"].max() == pytest.approx(1 - binary_entropy(0.1))
    assert paper.example1_candidate_counts(0.1).values.tolist() == [[1, 8, 4], [2, 9, 4]]
    summary = paper.example1_summary_table(0.1, restarts=2)["value"].to_numpy()
    np.testing.assert_allclose(summary[:3], 1 - binary_entropy(0.1), atol=1e-9)
    assert summary[3] <= summary[0] + 1e-7
    np.testing.assert_allclose(summary[4:], math.log(9), atol=1e-12)


def test_property_and_algorithm_tables_pass_on_seeded_instances():
    from nsp.papers import privacy_channels as paper

    props = paper.property_checks_table(3, seed=2024)
    assert props.all_passed.all(), props[~props.all_passed]
    t2 = paper.algorithm_comparison_table(paper.algorithm_instances(3, seed=2024), restarts=2)
    assert t2.agree.all() and t2.search_below.all()


def test_weakly_symmetric_and_gaussian_tables():
    from nsp.papers import privacy_channels as paper

    e4 = paper.weakly_symmetric_table([0.5, 3.0])
    assert e4.weakly_symmetric.all()
    np.testing.assert_allclose(e4.exact_C1, e4.bound, atol=1e-9)
    f8 = paper.amplitude_constrained_table(1.0, [0.5, 4.0], n_inputs=21, n_outputs=301)
    assert (f8.exact_bits <= f8.bound_bits + 1e-9).all()
    e5 = paper.gaussian_calibration_table([0.1, 1.0])
    np.testing.assert_allclose(e5.N_star_nats, 1 / np.expm1(2 * e5.eps), rtol=1e-14)
    cross = paper.laplace_crossover_table([0.1, 1.0])
    np.testing.assert_allclose(cross.crossover_sensitivity_over_T, [0.2125, 0.3956], atol=1e-4)
    e2 = paper.rr_threshold_table([0.1])
    assert e2.p_star_bits[0] == pytest.approx(0.3160193463, abs=1e-10)


def test_lemmas_on_the_balance_function_of_example1():
    from nsp.papers import privacy_channels as paper

    f9 = balance_function(example1_rr(0.1), [0.0, 1.0, math.log2(6)], restarts=2, seed=3)
    assert paper.lemma1_holds(f9)
    assert paper.lemma2_holds(f9, np.linspace(0, 1, 11))


BAD_INPUT_NEW = [
    (lambda: individual_channel_capacity(_E1, method="exact"), r"method must be one of"),
    (lambda: individual_channel_capacity(_E1, base=1), r"base must be a real number in \(1, inf\)"),
    (lambda: individual_channel_capacity(_E1, tol=0.0), r"tol must be a real number in \(0, inf\)"),
    (lambda: individual_capacity_bounds(_E1, tol=-1.0), r"tol must be a real number in \(0, inf\)"),
    (lambda: weakly_symmetric_witness(_E1, atol=-1.0), r"atol must be a real number in \[0, inf\)"),
    (lambda: is_weakly_symmetric(_E1, atol=NAN), r"atol must be a real number"),
    (lambda: uniform_output_witness(_E1, max_candidates=0), r"max_candidates must be an integer"),
    (lambda: is_uniform_output_reachable(_E1, max_candidates=True), r"max_candidates must be"),
    (lambda: dataset_dp_epsilon([0.5, 0.5]), r"channel must have at least 2 axes"),
    (
        lambda: _mech("gaussian_mechanism_sigma")(1.0, 1.5, 1e-5),
        r"eps must be a real number in \(0, 1\]",
    ),
    (
        lambda: _mech("gaussian_mechanism_sigma")(1.0, 0.5, 1.0),
        r"delta must be a real number in \(0, 1\)",
    ),
    (lambda: rr_capacity(0.0), r"p must be a real number in \(0, 1\)"),
    (lambda: rr_capacity(1j), r"p must be a real number"),
    (
        lambda: exponential_channel(_U2, lambda a, b: a + b, N=0.0),
        r"N must be a real number in \(0, inf\)",
    ),
    (lambda: exponential_channel(_U2, lambda a, b: a + b, N="1"), r"N must be a real number"),
    (lambda: query_sensitivity(_U2, lambda a, b: "x"), r"f must return real numbers"),
    (
        lambda: _ex("random_privacy_channel")(0, alpha=0.0),
        r"alpha must be a real number in \(0, inf\)",
    ),
    (lambda: _ex("algorithm_instances")(2.5, seed=0), r"n_instances must be an integer"),
    (lambda: _ex("property_checks_table")(1, seed=0, tol=0.0), r"tol must be a real number in \(0"),
    (lambda: _ex("property_checks_table")(0, seed=0), r"n_instances must be an integer in \[1"),
    (lambda: _ex("algorithm_comparison_table")([], tol=NAN), r"tol must be a real number"),
    (lambda: _ex("lemma1_holds")(None, atol=-1.0), r"atol must be a real number in \[0, inf\)"),
    (lambda: _ex("example1_rr")(1.0), r"p must be a real number in \(0, 1\)"),
    (lambda: _ex("mod_sum_exponential_channel")(1.0, m2=0), r"m2 must be an integer in \[1, inf\)"),
    (lambda: _ex("gaussian_noise_table")([0.1], [1.0], delta_prime=1.0), r"delta_prime must be"),
]


@pytest.mark.parametrize("call,match", BAD_INPUT_NEW, ids=[m for _, m in BAD_INPUT_NEW])
def test_bad_input_of_the_new_names_is_refused(call, match):
    with pytest.raises(ValueError, match=match):
        call()


BAD_INPUT_GUARDS = [
    (lambda: PrivacyChannel(_U2, np.full((2, 2, 2), 0.5 + 0j)), r"array must hold real numbers"),
    (lambda: as_privacy_channel(np.full((2, 2), "a")), r"channel must hold real numbers"),
    (lambda: as_privacy_channel([[0.5 + 1j, 0.5], [0.5, 0.5]]), r"channel must hold real numbers"),
    (lambda: post_process(_E1, [[1 + 0j, 0], [0, 1]]), r"K must hold real numbers"),
    (lambda: effective_channel(_E1, 0, np.full((3, 2), 0.5 + 0j)), r"cond must hold real"),
    (
        lambda: individual_mutual_information(_E1, np.full((3, 2), 1 / 6 + 0j), 0),
        r"prior must hold real numbers",
    ),
    (
        lambda: query_channel(_U2, lambda a, b: a, lambda v: [0.5 + 1j, 0.5], outputs=(0, 1)),
        r"kernel\(0\) must hold real numbers",
    ),
    (lambda: query_values(ProductUniverse.binary(30), lambda *x: 0), r"too many to list"),
    (lambda: hamming_neighbours(ProductUniverse.binary(30)), r"more than MAX_DATASETS"),
    (lambda: query_sensitivity(ProductUniverse.binary(30), lambda *x: 0), r"too many to list"),
    (lambda: query_values("not a universe", lambda *x: 0), r"universe must be a ProductUniverse"),
    (lambda: sample_exponential_rank(5, 1.0, size=(10**5, 10**4)), r"more than MAX_SAMPLES"),
    (lambda: _mech("sample_gaussian_channel")(0.0, 1.0, size=10**9), r"more than MAX_SAMPLES"),
    (
        lambda: amplitude_constrained_capacity(1.0, 1.0, n_inputs=10**5, n_outputs=10**5),
        r"would not fit in memory",
    ),
    (
        lambda: amplitude_constrained_capacity(1.0, 1.0, n_outputs=10**6),
        r"n_outputs must be an integer in \[2, 100000\]",
    ),
    (
        lambda: discretized_gaussian_channel(_U2, lambda a, b: a, N=1.0, y_grid=["a", "b"]),
        r"y_grid must hold real numbers",
    ),
    (lambda: count_candidates(_E1, 0, distinct=1), r"distinct must be True or False"),
    (lambda: next(candidate_channels(_E1, 0, distinct="no")), r"distinct must be True or False"),
    (lambda: compose_parallel(_E1, "x"), r"channel must hold real numbers"),
    (lambda: rr_ip_vs_dp_table(0.5), r"eps_grid must be a 1-D sequence"),
    (lambda: rr_ip_vs_dp_table([0.5, NAN]), r"eps_grid\[1\] must be a real number"),
    (lambda: _ex("rr_threshold_table")([-0.1]), r"eps_grid\[0\] must be a real number in \[0"),
    (lambda: gaussian_noise_table([0.1], "1.0"), r"sensitivities must be a 1-D sequence"),
    (lambda: gaussian_noise_table([0.1], [1.0], balance_deltas=[-1.0]), r"balance_deltas\[0\]"),
    (lambda: _ex("gaussian_calibration_table")([0.0]), r"eps_grid\[0\] must be a real number"),
    (lambda: _ex("laplace_crossover_table")([[0.1]]), r"eps_grid must be a 1-D sequence"),
    (lambda: exponential_vs_em_table(3, [True]), r"eps_dp_list\[0\] must be a real number"),
    (lambda: _ex("weakly_symmetric_table")([0.0]), r"Ns\[0\] must be a real number in \(0"),
    (lambda: _ex("amplitude_constrained_table")(1.0, [1.0], n_inputs=1), r"n_inputs must be"),
    (lambda: _ex("amplitude_constrained_table")(-1.0, [1.0]), r"T must be a real number"),
    (lambda: _ex("lemma2_holds")(None, "abc"), r"eps_grid must be a 1-D sequence"),
]


@pytest.mark.parametrize("call,match", BAD_INPUT_GUARDS, ids=[m for _, m in BAD_INPUT_GUARDS])
def test_complex_huge_and_malformed_input_is_refused(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_exponential_tables_agree_with_the_closed_forms():
    from nsp.papers import privacy_channels as paper

    f4 = paper.exponential_bound_table([2, 5], [0.5, 3.0])
    np.testing.assert_allclose(f4.H_Z, f4.H_Z_direct_sum, atol=1e-12)
    np.testing.assert_allclose(f4.bound, np.log2(f4.k) - f4.H_Z, atol=1e-12)
    f5 = paper.exponential_calibration_table([5], [0.25, 0.75])
    back = [exponential_capacity_bound(5, n) for n in f5.N_star]
    np.testing.assert_allclose(back, f5.eps, atol=1e-10)
    e3 = paper.exponential_calibration_table([2, 5], eps_list=[0.5, 1.5])
    assert e3[["k", "eps"]].values.tolist() == [[2, 0.5], [5, 0.5], [5, 1.5]]  # 1.5 >= log2 2
    f6 = paper.count_query_exponential_table(3, [0.5, 2.0])
    assert (f6.exact_C1 <= f6.bound + 1e-9).all() and (f6.exact_C1 <= 1 + 1e-9).all()


BAD_INPUT_TABLES = [
    (lambda: _ex("exponential_bound_table")([2.5], [1.0]), r"ks\[0\] must be an integer"),
    (lambda: _ex("exponential_bound_table")([2], [0.0]), r"Ns\[0\] must be a real number in \(0"),
    (lambda: _ex("exponential_calibration_table")([5]), r"exactly one of fractions and eps_list"),
    (lambda: _ex("exponential_calibration_table")([5], [1.0]), r"fractions\[0\] must be"),
    (
        lambda: _ex("exponential_calibration_table")([1], [0.5]),
        r"ks\[0\] must be an integer in \[2",
    ),
    (lambda: _ex("exponential_calibration_table")([5], eps_list=[NAN]), r"eps_list\[0\]"),
    (lambda: _ex("count_query_exponential_table")(0, [1.0]), r"n must be an integer in \[1"),
    (lambda: _ex("count_query_exponential_table")(2, 1.0), r"Ns must be a 1-D sequence"),
]


@pytest.mark.parametrize("call,match", BAD_INPUT_TABLES, ids=[m for _, m in BAD_INPUT_TABLES])
def test_bad_input_of_the_exponential_tables_is_refused(call, match):
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize("module", ["nsp.privacy_channels", "nsp.papers.privacy_channels"])
def test_all_lists_every_public_function_and_class_once(module):
    import importlib
    import inspect
    import sys

    mod = importlib.import_module(module)
    assert len(mod.__all__) == len(set(mod.__all__))
    assert all(hasattr(mod, name) for name in mod.__all__)
    # the face lists every public function and class of its private modules (but the argument
    # checks of _checks, like nsp._validation's), and no module
    homes = [
        m
        for name, m in sys.modules.items()
        if (name == module or name.startswith(module + ".")) and not name.endswith("._checks")
    ]
    own = {
        name
        for home in homes
        for name, obj in vars(home).items()
        if not name.startswith("_")
        and (inspect.isfunction(obj) or inspect.isclass(obj))
        and obj.__module__ == home.__name__
    }
    assert own <= set(mod.__all__)
    assert not any(inspect.ismodule(getattr(mod, name)) for name in mod.__all__)


def test_one_name_one_public_path():
    import nsp.channels
    import nsp.papers.privacy_channels as paper
    import nsp.privacy_channels as pc

    assert not set(pc.__all__) & set(paper.__all__)
    assert not set(pc.__all__) & set(nsp.channels.__all__)
    assert not set(paper.__all__) & set(nsp.channels.__all__)
    for old in ("core", "capacity", "mechanisms", "examples", "compose", "dp_epsilon"):
        assert not hasattr(pc, old)


def _smith_three_points(s: float) -> float:
    """Capacity (bits) of Y = X + s G with X on {−1, 0, 1}, the best weights, by quadrature."""
    from scipy import integrate, optimize, stats

    def info(p: float) -> float:
        w = np.array([p, 1 - 2 * p, p])

        def f(y: float) -> float:
            return float(np.dot(w, stats.norm.pdf(y, [-1.0, 0.0, 1.0], s)))

        h = integrate.quad(
            lambda y: -f(y) * math.log2(f(y)), -12, 12, limit=400, epsabs=1e-13, epsrel=1e-12
        )[0]
        return h - 0.5 * math.log2(2 * math.pi * math.e * s * s)

    best = optimize.minimize_scalar(
        lambda p: -info(p), bounds=(0.2, 0.5), method="bounded", options={"xatol": 1e-10}
    )
    return -float(best.fun)


def test_theorem51_reference_is_a_gridded_lower_bound_on_smiths_capacity():
    """At N = 0.25 (inputs on [0, 2], noise sd 0.5): the continuous capacity is 0.941891 bits,
    the notebook's gridded reference 0.941816, a finer output grid 0.941882."""
    from nsp.papers.privacy_channels import amplitude_constrained_table, theorem51_table

    continuous = _smith_three_points(0.5)
    assert round(continuous, 6) == 0.941891
    t = theorem51_table([0.25], [3], n_outputs=401, n_reference=201, tol=1e-12)
    reference = float(t.reference.iloc[0])
    assert round(reference, 6) == 0.941816
    assert round(float(t.lower.iloc[0]), 6) == round(float(t.upper.iloc[0]), 6) == 0.941816
    finer = float(
        amplitude_constrained_table(1.0, [4.0], n_inputs=61, n_outputs=1201).exact_bits[0]
    )
    assert round(finer, 6) == 0.941882
    # Both grids lose information: the references rise towards the continuous value.
    assert reference < finer < continuous
    assert round(continuous - reference, 6) == 0.000075
