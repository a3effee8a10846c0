"""Tests of nsp.info.

Closed forms, identities on seeded random pmfs, dit cross-checks, validation.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nsp import info
from nsp.channels import random_channel
from nsp.papers.agglomerative import example1_range

INF = float("inf")
gk = info.gacs_korner_common_information
LN2 = math.log(2)

# --------------------------------------------------------------------------- random instances

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_pmf(rng: np.random.Generator, shape: tuple[int, ...], *, zeros: float = 0.3):
    """A Dirichlet-random pmf of ``shape`` with about a fraction ``zeros`` of exact zeros."""
    p = rng.dirichlet(np.full(int(np.prod(shape)), rng.choice([0.3, 1.0, 3.0]))).reshape(shape)
    p[rng.random(shape) < zeros] = 0.0
    if p.sum() == 0:
        p.flat[rng.integers(p.size)] = 1.0
    return p / p.sum()


@st.composite
def pmf2(draw, *, zeros: float = 0.3, max_side: int = 6):
    rng = np.random.default_rng(draw(seeds))
    shape = (draw(st.integers(1, max_side)), draw(st.integers(1, max_side)))
    return random_pmf(rng, shape, zeros=zeros)


@st.composite
def pmf3(draw):
    rng = np.random.default_rng(draw(seeds))
    shape = tuple(draw(st.integers(1, 4)) for _ in range(3))
    return random_pmf(rng, shape)


@st.composite
def pmf_pair(draw, *, full_q: bool = False):
    """Two pmfs on the same alphabet; ``full_q`` keeps ``q`` of full support."""
    rng = np.random.default_rng(draw(seeds))
    n = draw(st.integers(1, 8))
    return random_pmf(rng, (n,)), random_pmf(rng, (n,), zeros=0.0 if full_q else 0.3)


def textbook_mi(p: np.ndarray) -> float:
    """sum p log2 p/(px py) over the support: an independent implementation (bits)."""
    px, py = p.sum(1), p.sum(0)
    i, j = np.nonzero(p)
    return float(np.sum(p[i, j] * np.log2(p[i, j] / (px[i] * py[j]))))


def h_direct(v) -> float:
    v = np.asarray(v, dtype=float).ravel()
    return float(-sum(x * math.log2(x) for x in v if x > 0))


# --------------------------------------------------------------------------- closed forms


@pytest.mark.parametrize("n", [1, 2, 3, 7, 64, 1000])
def test_entropy_of_uniform_is_log_n(n):
    u = np.full(n, 1 / n)
    assert info.entropy(u) == pytest.approx(math.log2(n), abs=1e-12)
    assert info.entropy(u, base="e") == pytest.approx(math.log(n), abs=1e-12)
    assert info.entropy(u.reshape(1, n, 1), base=10) == pytest.approx(math.log10(n), abs=1e-12)


def test_entropy_worked_values():
    # Wu, Example 1: the maximum-entropy C1-attaining prior (1/4 on four datasets) has H = 2 bits.
    assert info.entropy([0.25, 0.25, 0, 0.25, 0, 0.25]) == 2.0
    assert info.entropy([1.0]) == 0.0
    assert info.entropy([0.5, 0.25, 0.125, 0.125]) == pytest.approx(1.75, abs=1e-15)


@pytest.mark.parametrize("q", [1e-300, 1e-20, 1e-6, 0.11, 0.25, 0.5, 0.9, 1 - 1e-9])
def test_binary_entropy_closed_form(q):
    direct = -q * math.log2(q) - (1 - q) * math.log2(1 - q)
    if q < 1e-15:  # 1 - q rounds to 1: use the series -(1-q) log(1-q) = q - q^2/2 + ...
        direct = -q * math.log2(q) + q / LN2
    assert info.binary_entropy(q) == pytest.approx(direct, rel=1e-12)
    assert info.binary_entropy(q) == pytest.approx(info.binary_entropy(1 - q), rel=1e-6)
    assert info.binary_entropy(q, base="nats") == pytest.approx(direct * LN2, rel=1e-12)


def test_binary_entropy_endpoints_and_vectorization():
    assert info.binary_entropy(0.5) == 1.0
    assert info.binary_entropy(0) == 0.0 and info.binary_entropy(1) == 0.0
    q = np.linspace(0, 1, 11).reshape(11, 1)
    h = info.binary_entropy(q)
    assert isinstance(h, np.ndarray) and h.shape == (11, 1)
    assert isinstance(info.binary_entropy(np.float64(0.3)), float)
    for qi, hi in zip(q.ravel(), h.ravel(), strict=False):
        assert hi == pytest.approx(h_direct([qi, 1 - qi]), abs=1e-15)


@pytest.mark.parametrize("q", [0.0, 1e-30, 1e-8, 0.01, 0.11, 0.3, 0.4999, 0.5])
def test_inverse_binary_entropy_inverts(q):
    assert info.inverse_binary_entropy(info.binary_entropy(q)) == pytest.approx(q, rel=1e-10, abs=0)
    h10 = info.binary_entropy(q, base=10)
    assert info.inverse_binary_entropy(h10, base=10) == pytest.approx(q, rel=1e-10, abs=0)


def test_inverse_binary_entropy_array():
    h = np.array([[0.0, 0.5], [1.0, 0.25]])
    q = info.inverse_binary_entropy(h)
    assert q.shape == (2, 2)
    np.testing.assert_allclose(info.binary_entropy(q), h, rtol=1e-12, atol=0)
    assert np.all((q >= 0) & (q <= 0.5))


@pytest.mark.parametrize("delta", [0.0, 0.01, 0.1, 0.25, 0.5])
def test_bsc_closed_forms(delta):
    """BSC(delta) with a uniform input: I = 1 - h(delta), L = log2 2(1-delta) (delta <= 1/2)."""
    p = 0.5 * np.array([[1 - delta, delta], [delta, 1 - delta]])
    assert info.mutual_information(p) == pytest.approx(1 - info.binary_entropy(delta), abs=1e-14)
    assert info.conditional_entropy(p, 1, 0) == pytest.approx(info.binary_entropy(delta), abs=1e-14)
    assert info.maximal_leakage(p) == pytest.approx(math.log2(2 * (1 - delta)), abs=1e-14)
    assert info.max_mutual_information(p) == pytest.approx(math.log2(2 * (1 - delta)), abs=1e-14)
    # the leakage depends on p_x only through its support
    p_skew = np.array([[0.9 * (1 - delta), 0.9 * delta], [0.1 * delta, 0.1 * (1 - delta)]])
    assert info.maximal_leakage(p_skew) == pytest.approx(math.log2(2 * (1 - delta)), abs=1e-14)


@pytest.mark.parametrize("e", [0.0, 0.2, 0.5, 1.0])
def test_bec_mutual_information(e):
    """Binary erasure channel, uniform input: I = 1 - e; maximal leakage log2(2 - e)."""
    p = 0.5 * np.array([[1 - e, e, 0.0], [0.0, e, 1 - e]])
    assert info.mutual_information(p) == pytest.approx(1 - e, abs=1e-14)
    assert info.maximal_leakage(p) == pytest.approx(math.log2(2 - e), abs=1e-14)


def test_xor_conditional_mutual_information():
    p = np.zeros((2, 2, 2))
    for x in (0, 1):
        for y in (0, 1):
            p[x, y, x ^ y] = 0.25
    assert info.mutual_information(p, 0, 1) == pytest.approx(0, abs=1e-15)
    assert info.conditional_mutual_information(p, 0, 1, 2) == pytest.approx(1, abs=1e-15)
    assert info.mutual_information(p, (0, 1), 2) == pytest.approx(1, abs=1e-15)
    assert info.entropy(p) == pytest.approx(2, abs=1e-15)


def test_kl_and_renyi_bernoulli_closed_forms():
    a, b = 0.3, 0.6
    p, q = [a, 1 - a], [b, 1 - b]
    kl = a * math.log2(a / b) + (1 - a) * math.log2((1 - a) / (1 - b))
    assert info.kl_divergence(p, q) == pytest.approx(kl, abs=1e-15)
    d2 = math.log2(a * a / b + (1 - a) ** 2 / (1 - b))
    assert info.renyi_divergence(p, q, 2) == pytest.approx(d2, abs=1e-14)
    bhatt = -2 * math.log2(math.sqrt(a * b) + math.sqrt((1 - a) * (1 - b)))
    assert info.renyi_divergence(p, q, 0.5) == pytest.approx(bhatt, abs=1e-14)
    d_inf = math.log2(max(a / b, (1 - a) / (1 - b)))
    assert info.renyi_divergence(p, q, INF) == pytest.approx(d_inf, abs=1e-14)
    assert info.renyi_divergence(p, q, 0) == 0.0  # same support
    assert info.total_variation(p, q) == pytest.approx(0.3, abs=1e-15)


def test_renyi_divergence_support_conventions():
    p = [0.5, 0.5, 0.0]
    q_sub = [0.5, 0.0, 0.5]  # supp p not inside supp q, overlapping
    q_dis = [0.0, 0.0, 1.0]  # disjoint supports
    assert info.renyi_divergence(p, q_sub, 0) == pytest.approx(1.0)  # -log2 Q(supp p) = -log2 1/2
    assert info.renyi_divergence(p, q_sub, 0.5) == pytest.approx(-2 * math.log2(0.5))
    for alpha in (1, 1.5, 2, 10, INF):
        assert info.renyi_divergence(p, q_sub, alpha) == INF
    for alpha in (0, 0.3, 0.999, 1, 2, INF):
        assert info.renyi_divergence(p, q_dis, alpha) == INF
    # q may be zero where p is zero: every order is finite
    for alpha in (0, 0.5, 1, 3, INF):
        assert math.isfinite(info.renyi_divergence(q_dis, [0.25, 0.25, 0.5], alpha))
    assert info.kl_divergence(p, q_sub) == INF
    assert info.cross_entropy(p, q_sub) == INF


def test_renyi_entropy_closed_forms():
    p = np.array([0.5, 0.25, 0.25, 0.0])
    assert info.renyi_entropy(p, 0) == pytest.approx(math.log2(3))
    assert info.renyi_entropy(p, 1) == pytest.approx(1.5)
    assert info.renyi_entropy(p, 2) == pytest.approx(-math.log2(0.375))
    assert info.renyi_entropy(p, INF) == pytest.approx(1.0)
    assert info.renyi_entropy(np.full(5, 0.2), 3.7) == pytest.approx(math.log2(5))


def test_maximal_leakage_deterministic_is_log_image_size():
    """Noiseless privacy: Y = g(X) gives log2 |g(supp P_X)| (zero-mass inputs excluded)."""
    g = np.array([0, 1, 2, 2, 3, 0])
    px = np.array([0.1, 0.2, 0.3, 0.1, 0.0, 0.3])  # input 4 (the only one mapped to 3) has no mass
    p = np.zeros((6, 4))
    p[np.arange(6), g] = px
    assert info.maximal_leakage(p) == pytest.approx(math.log2(3), abs=1e-14)
    assert info.sibson_mutual_information(p, INF) == info.maximal_leakage(p)
    # deterministic: I = H(Y)
    assert info.mutual_information(p) == pytest.approx(info.entropy(p.sum(0)), abs=1e-14)


def test_max_mutual_information_randomized_response():
    # Wu, Definition 6: RR with keep-probability 3/4 on a uniform bit, log(3/4 / 1/2)
    p = np.array([[0.375, 0.125], [0.125, 0.375]])
    assert info.max_mutual_information(p, base="e") == pytest.approx(math.log(1.5), abs=1e-15)


def test_gacs_korner_worked_values():
    p = np.array([[0.1, 0.2, 0.0], [0.0, 0.0, 0.4], [0.0, 0.0, 0.3]])
    assert gk(p) == pytest.approx(info.binary_entropy(0.3), abs=1e-15)
    assert gk(np.diag([0.2, 0.3, 0.5])) == pytest.approx(h_direct([0.2, 0.3, 0.5]))
    # connected support: nothing in common, though X and Y are dependent
    bsc = 0.5 * np.array([[0.9, 0.1], [0.1, 0.9]])
    assert info.gacs_korner_common_information(bsc) == 0.0
    # zero-mass rows and columns form massless components
    z = np.zeros((3, 4))
    z[0, 1], z[2, 3] = 0.25, 0.75
    assert gk(z) == pytest.approx(info.binary_entropy(0.25), abs=1e-15)


def test_renyi0_of_posterior_is_nonstochastic_leakage():
    """Ding & Farokhi eq. (13): S uniform => max_x D_0(p(s|x) || p(s)) = max_x log |S|/|[[S|x]]|."""
    rng = np.random.default_rng(13)
    for _ in range(20):
        n_s, n_x = 6, 7
        p = random_channel(n_s, n_x, zeros=0.5, seed=rng) / n_s  # p(s, x) with S uniform
        px = p.sum(0)
        u = np.full(n_s, 1 / n_s)
        lhs = max(info.renyi_divergence(p[:, x] / px[x], u, 0) for x in range(n_x) if px[x] > 0)
        rhs = max(math.log2(n_s / np.count_nonzero(p[:, x])) for x in range(n_x) if px[x] > 0)
        assert lhs == pytest.approx(rhs, abs=1e-12)


# Ding & Farokhi, Example 1 (Fig. 1) joint range (rows s1..s6, columns x1..x7)
EXAMPLE1_MASK = example1_range().mask


def test_ding_farokhi_example1_worked_values():
    """Ding & Farokhi, Example 1 (Fig. 1): L0(S -> X) = log2 6 = 2.584963, I* = log2 5 = 2.321928.

    Eq. (13): S uniform => max_x D_0(p(s|x) || p(s)) = L0 for every p(x|s) supported on the range;
    P16: K(S;X) <= I*(S;X) with equality when the 5 components carry equal mass, and K <= I(S;X).
    """
    rng = np.random.default_rng(2020)
    comps = [([0, 1], [0, 1]), ([2], [2, 3]), ([3], [4]), ([4], [5]), ([5], [6])]
    for _ in range(10):
        w = rng.random(EXAMPLE1_MASK.shape) * EXAMPLE1_MASK + 0.0
        p = w / w.sum(axis=1, keepdims=True) / 6  # p(s, x) = p(x|s) / 6
        px = p.sum(0)
        d0 = max(info.renyi_divergence(p[:, x] / px[x], np.full(6, 1 / 6), 0) for x in range(7))
        assert d0 == pytest.approx(2.584963, abs=5e-7)
        # equal component masses: K = I* = log2 5
        q = np.zeros((6, 7))
        for rows, cols in comps:
            block = EXAMPLE1_MASK[np.ix_(rows, cols)] * (rng.random((len(rows), len(cols))) + 0.1)
            q[np.ix_(rows, cols)] = 0.2 * block / block.sum()
        assert info.gacs_korner_common_information(q) == pytest.approx(2.321928, abs=5e-7)
        assert info.gacs_korner_common_information(p) <= 2.321928
        assert info.gacs_korner_common_information(p) <= info.mutual_information(p) + 1e-12


def test_max_mutual_information_is_max_of_posterior_dinf():
    """Ding & Farokhi §VI: max_x D_inf(p(s|x) || p(s)) = D_inf(p(s,x) || p(s) p(x))."""
    rng = np.random.default_rng(14)
    for _ in range(20):
        p = random_pmf(rng, (5, 6))
        ps, px = p.sum(1), p.sum(0)
        lhs = max(info.renyi_divergence(p[:, x] / px[x], ps, INF) for x in range(6) if px[x] > 0)
        assert info.max_mutual_information(p) == pytest.approx(lhs, abs=1e-12)
        assert info.renyi_divergence(p, np.outer(ps, px), INF) == pytest.approx(lhs, abs=1e-12)


# --------------------------------------------------------------------------- identities


@given(pmf2())
def test_mi_identities(p):
    hx, hy, hxy = info.entropy(p.sum(1)), info.entropy(p.sum(0)), info.entropy(p)
    i_xy = info.mutual_information(p)
    assert i_xy == pytest.approx(info.mutual_information(p, 1, 0), abs=1e-12)
    assert i_xy == pytest.approx(info.mutual_information(p.T), abs=1e-12)
    assert i_xy == pytest.approx(hx + hy - hxy, abs=1e-12)
    assert i_xy == pytest.approx(textbook_mi(p), abs=1e-12)
    assert 0 <= i_xy <= min(hx, hy) + 1e-12
    # chain rule H(X,Y) = H(X) + H(Y|X) and H(Y|X) = H(Y) - I
    assert hxy == pytest.approx(hx + info.conditional_entropy(p, 1, 0), abs=1e-12)
    assert info.conditional_entropy(p, 1, 0) == pytest.approx(hy - i_xy, abs=1e-12)
    assert info.mutual_information(p, 0, 0) == pytest.approx(hx, abs=1e-12)


@given(pmf2())
def test_conditional_entropy_is_average_of_posterior_entropies(p):
    py = p.sum(0)
    direct = sum(py[y] * h_direct(p[:, y] / py[y]) for y in range(p.shape[1]) if py[y] > 0)
    assert info.conditional_entropy(p, 0, 1) == pytest.approx(direct, abs=1e-12)
    assert info.conditional_entropy(p, 0, ()) == pytest.approx(h_direct(p.sum(1)), abs=1e-12)
    assert info.entropy(p) == pytest.approx(h_direct(p), abs=1e-12)


@given(pmf3())
def test_three_variable_chain_rules(p):
    h = info.entropy(p)
    chain = (
        info.entropy(info.marginal(p, 0))
        + info.conditional_entropy(p, 1, 0)
        + info.conditional_entropy(p, 2, (0, 1))
    )
    assert h == pytest.approx(chain, abs=1e-12)
    # I(X; Y, Z) = I(X; Y) + I(X; Z | Y)
    lhs = info.mutual_information(p, 0, (1, 2))
    rhs = info.mutual_information(p, 0, 1) + info.conditional_mutual_information(p, 0, 2, 1)
    assert lhs == pytest.approx(rhs, abs=1e-12)
    cmi = info.conditional_mutual_information(p, 0, 1, 2)
    assert cmi >= 0
    assert cmi == pytest.approx(info.conditional_mutual_information(p, 1, 0, 2), abs=1e-12)
    i_01 = info.mutual_information(p, 0, 1)
    assert info.conditional_mutual_information(p, 0, 1, ()) == pytest.approx(i_01, abs=1e-12)
    # I(X;Y|Z) = sum_z p(z) I(X;Y|Z=z), computed slice by slice
    pz = p.sum((0, 1))
    direct = sum(pz[z] * textbook_mi(p[:, :, z] / pz[z]) for z in range(p.shape[2]) if pz[z] > 0)
    assert cmi == pytest.approx(direct, abs=1e-12)


@given(seeds)
def test_data_processing(seed):
    rng = np.random.default_rng(seed)
    nx, ny, nz = rng.integers(1, 6, size=3)
    px = random_pmf(rng, (nx,))
    w1, w2 = (
        random_channel(nx, ny, zeros=0.3, seed=rng),
        random_channel(ny, nz, zeros=0.3, seed=rng),
    )
    p = px[:, None, None] * w1[:, :, None] * w2[None, :, :]  # X -> Y -> Z
    p /= p.sum()
    assert info.mutual_information(p, 0, 2) <= info.mutual_information(p, 0, 1) + 1e-12
    assert info.mutual_information(p, 0, 2) <= info.mutual_information(p, 1, 2) + 1e-12
    assert info.conditional_mutual_information(p, 0, 2, 1) == pytest.approx(0, abs=1e-12)
    p_xz = info.marginal(p, (0, 2))
    assert info.maximal_leakage(p_xz) <= info.maximal_leakage(info.marginal(p, (0, 1))) + 1e-12


@given(pmf2())
def test_chain_of_dependence_measures(p):
    """0 <= K <= I <= I_alpha (alpha > 1) <= L = I_inf <= D_inf(p_xy || p_x p_y), and caps."""
    k = info.gacs_korner_common_information(p)
    i = info.mutual_information(p)
    leak = info.maximal_leakage(p)
    mmi = info.max_mutual_information(p)
    tol = 1e-12
    assert 0 <= k <= i + tol
    assert i <= info.sibson_mutual_information(p, 2) + tol
    assert info.sibson_mutual_information(p, 2) <= leak + tol
    assert leak <= mmi + tol
    n_x, n_y = np.count_nonzero(p.sum(1)), np.count_nonzero(p.sum(0))
    assert leak <= math.log2(min(n_x, n_y)) + tol
    assert k <= math.log2(info_components(p)) + tol


def info_components(p: np.ndarray) -> int:
    """Number of connected components with mass, by union-find (independent of nsp.uncertain)."""
    n_x, n_y = p.shape
    parent = list(range(n_x + n_y))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for x, y in zip(*np.nonzero(p), strict=False):
        parent[find(x)] = find(n_x + y)
    return len({find(x) for x in range(n_x) if p[x].sum() > 0})


@given(pmf2())
def test_maximal_leakage_is_bayes_capacity(p):
    """L(X -> Y) = min-entropy leakage H_inf(X) - H_inf(X|Y) under the uniform prior on supp p_x,
    and no prior with the same support leaks more (Braun, Chatzikokolakis & Palamidessi)."""

    def min_entropy_leakage(joint):
        h_inf = info.renyi_entropy(joint.sum(1), INF)
        h_inf_cond = -math.log2(joint.max(axis=0).sum())  # Arimoto / Smith conditional min-entropy
        return h_inf - h_inf_cond

    rows = p.sum(1) > 0
    w = p[rows] / p[rows].sum(1, keepdims=True)
    uniform = w / rows.sum()
    assert info.maximal_leakage(p) == pytest.approx(min_entropy_leakage(uniform), abs=1e-12)
    assert min_entropy_leakage(p[rows]) <= info.maximal_leakage(p) + 1e-12


@given(seeds)
def test_gacs_korner_block_construction(seed):
    """Block-diagonal support with shuffled rows/columns: K = entropy of the block masses."""
    rng = np.random.default_rng(seed)
    k = int(rng.integers(1, 5))
    rows = rng.integers(1, 4, size=k)
    cols = rng.integers(1, 4, size=k)
    p = np.zeros((rows.sum(), cols.sum()))
    r0 = c0 = 0
    for r, c in zip(rows, cols, strict=False):
        block = rng.random((r, c)) + 0.05
        block[rng.random((r, c)) < 0.2] = 0
        block[0, :] += 0.1  # keep the block connected: its first row touches every column
        block[:, 0] += 0.1  # and its first column every row
        p[r0 : r0 + r, c0 : c0 + c] = block
        r0, c0 = r0 + r, c0 + c
    p /= p.sum()
    masses = [p[sum(rows[:b]) : sum(rows[: b + 1])].sum() for b in range(k)]
    p = p[rng.permutation(p.shape[0])][:, rng.permutation(p.shape[1])]
    assert info.gacs_korner_common_information(p) == pytest.approx(h_direct(masses), abs=1e-12)


@given(pmf2())
def test_gacs_korner_of_copy_is_entropy(p):
    px = p.sum(1)
    assert gk(np.diag(px)) == pytest.approx(info.entropy(px), abs=1e-12)


@given(pmf_pair(full_q=True))
def test_renyi_divergence_monotone_and_limits(pq):
    p, q = pq
    orders = [0, 1e-3, 0.25, 0.5, 0.9, 1, 1.1, 2, 5, 50, 1e4, INF]
    d = [info.renyi_divergence(p, q, a) for a in orders]
    assert all(math.isfinite(v) and v >= 0 for v in d)
    assert all(a <= b + 1e-10 for a, b in zip(d, d[1:], strict=False))
    kl = info.kl_divergence(p, q)
    assert d[orders.index(1)] == kl
    # alpha -> 1: D_alpha = KL + (alpha - 1) Var_p[ln p/q] / (2 ln 2) + O((alpha - 1)^2)
    sup = p > 0
    lr = np.log(p[sup] / q[sup])
    slope = float(p[sup] @ (lr - p[sup] @ lr) ** 2) / (2 * LN2)
    for eps in (-1e-6, 1e-6):
        expected = pytest.approx(kl + eps * slope, abs=1e-8 + 1e-9 * slope)
        assert info.renyi_divergence(p, q, 1 + eps) == expected
    # alpha -> 0: D_0 = -log Q(supp p)
    assert info.renyi_divergence(p, q, 1e-9) == pytest.approx(-math.log2(q[p > 0].sum()), abs=1e-6)
    # alpha -> inf: D_inf + log2(p_i*)/(alpha - 1) <= D_alpha <= D_inf, i* the argmax of p/q
    ratio = p[sup] / q[sup]
    p_star = p[sup][np.argmax(ratio)]
    d_inf = math.log2(ratio.max())
    assert d[-1] == pytest.approx(d_inf, abs=1e-12)
    assert d_inf + math.log2(p_star) / (1e4 - 1) - 1e-12 <= d[orders.index(1e4)] <= d_inf + 1e-12


@given(pmf_pair())
def test_divergence_relations(pq):
    p, q = pq
    kl = info.kl_divergence(p, q)
    assert kl >= 0
    assert info.kl_divergence(p, p) == 0.0
    for alpha in (0, 0.5, 2, 1e300, INF):
        assert info.renyi_divergence(p, p, alpha) == pytest.approx(0, abs=1e-12)
    tv = info.total_variation(p, q)
    assert 0 <= tv <= 1 and tv == info.total_variation(q, p)
    # Pinsker (nats)
    if math.isfinite(kl):
        assert tv <= math.sqrt(info.kl_divergence(p, q, base="e") / 2) + 1e-12
        assert info.cross_entropy(p, q) == pytest.approx(info.entropy(p) + kl, abs=1e-12)
    else:
        assert np.any((p > 0) & (q == 0))
        assert info.cross_entropy(p, q) == INF
    # Renyi of orders <= 1 is finite whenever the supports meet
    if np.any((p > 0) & (q > 0)):
        assert math.isfinite(info.renyi_divergence(p, q, 0.5))
    assert info.renyi_divergence(p, q, 0) <= info.renyi_divergence(p, q, 0.5) + 1e-12
    js = info.js_divergence(p, q)
    assert 0 <= js <= 1 + 1e-12 and js == pytest.approx(info.js_divergence(q, p), abs=1e-12)


@given(pmf_pair())
def test_renyi_entropy_monotone(pq):
    p, _ = pq
    orders = [0, 0.3, 1, 2, 7, INF]
    h = [info.renyi_entropy(p, a) for a in orders]
    assert all(a >= b - 1e-12 for a, b in zip(h, h[1:], strict=False))
    assert h[0] == pytest.approx(math.log2(np.count_nonzero(p)))
    assert h[2] == pytest.approx(info.entropy(p), abs=1e-12)
    assert h[-1] == pytest.approx(-math.log2(p.max()), abs=1e-12)
    assert info.renyi_entropy(p, 1 + 1e-7) == pytest.approx(h[2], abs=1e-5)


@given(pmf2())
def test_sibson_mutual_information(p):
    px = p.sum(1)
    orders = [0, 0.5, 1, 2, 10, INF]
    vals = [info.sibson_mutual_information(p, a) for a in orders]
    assert all(a <= b + 1e-10 for a, b in zip(vals, vals[1:], strict=False))
    assert vals[2] == pytest.approx(info.mutual_information(p), abs=1e-12)
    assert vals[-1] == info.maximal_leakage(p)
    # I_alpha = D_alpha(p_xy || p_x Q*), Sibson's Q*(y) ∝ (sum_x p(x) p(y|x)^alpha)^(1/alpha)
    rows = px > 0
    cond = p[rows] / px[rows, None]
    for alpha in (0.5, 2.0, 7.0):
        q_star = (px[rows] @ cond**alpha) ** (1 / alpha)
        q_star /= q_star.sum()
        value = info.sibson_mutual_information(p, alpha)
        d = info.renyi_divergence(p, np.outer(px, q_star), alpha)
        assert value == pytest.approx(d, abs=1e-10)
        # and no other Q does better (here: Q = p_y)
        assert value <= info.renyi_divergence(p, np.outer(px, p.sum(0)), alpha) + 1e-12
    # alpha = 0: -log max_y P_X(x: p(x,y) > 0)
    covered = max(px[p[:, y] > 0].sum() for y in range(p.shape[1]))
    assert vals[0] == pytest.approx(-math.log2(covered), abs=1e-12)


@given(pmf2())
def test_independence_gives_zero(p):
    q = np.outer(p.sum(1), p.sum(0))
    for measure in (
        info.mutual_information,
        info.maximal_leakage,
        info.max_mutual_information,
        info.gacs_korner_common_information,
    ):
        assert measure(q) == pytest.approx(0, abs=1e-12)
    for alpha in (0, 0.5, 2, 1e6):
        assert info.sibson_mutual_information(q, alpha) == pytest.approx(0, abs=1e-12)


@given(pmf3(), st.sampled_from([10, "e", "nats", 3.5, 1.5]))
def test_base_conversion(p, base):
    b = math.e if base in ("e", "nats") else base
    k = math.log(2) / math.log(b)  # bits -> units of base
    pq = (p.ravel(), random_pmf(np.random.default_rng(0), (p.size,), zeros=0.0))
    p2 = p.reshape(p.shape[0], -1)
    pairs = [
        (info.entropy(p), info.entropy(p, base=base)),
        (info.conditional_entropy(p, 0, (1, 2)), info.conditional_entropy(p, 0, (1, 2), base=base)),
        (info.mutual_information(p, 0, 2), info.mutual_information(p, 0, 2, base=base)),
        (
            info.conditional_mutual_information(p, 0, 1, 2),
            info.conditional_mutual_information(p, 0, 1, 2, base=base),
        ),
        (info.kl_divergence(*pq), info.kl_divergence(*pq, base=base)),
        (info.renyi_divergence(*pq, 3), info.renyi_divergence(*pq, 3, base=base)),
        (info.js_divergence(*pq), info.js_divergence(*pq, base=base)),
        (info.renyi_entropy(p, 2), info.renyi_entropy(p, 2, base=base)),
        (info.maximal_leakage(p2), info.maximal_leakage(p2, base=base)),
        (info.max_mutual_information(p2), info.max_mutual_information(p2, base=base)),
        (info.sibson_mutual_information(p2, 3), info.sibson_mutual_information(p2, 3, base=base)),
        (gk(p2), gk(p2, base=base)),
    ]
    for bits, other in pairs:
        assert other == pytest.approx(bits * k, rel=1e-12, abs=1e-14)


@given(pmf3())
def test_marginal_order_and_normalize(p):
    m = info.marginal(p, (2, 0))
    np.testing.assert_allclose(m, p.sum(1).T, atol=1e-15)
    np.testing.assert_allclose(info.marginal(p, -1), p.sum((0, 1)), atol=1e-15)
    np.testing.assert_allclose(info.marginal(p, (0, 1, 2)), p)
    counts = p * 1000
    assert info.entropy(counts, normalize=True) == pytest.approx(info.entropy(p), abs=1e-12)
    i_01 = info.mutual_information(p, 0, 1)
    assert info.mutual_information(counts, 0, 1, normalize=True) == pytest.approx(i_01, abs=1e-12)
    np.testing.assert_allclose(info.marginal(counts, 1, normalize=True), p.sum((0, 2)), atol=1e-15)


@given(seeds)
def test_funnel_merge_cost_is_weighted_js(seed):
    """Makhdoumi et al. Prop. 1 (JS form).

    I(S;Y) - I(S;Y^{i-j}) = p(y_ij) JS_pi(P_{S|y_i}, P_{S|y_j}).
    """
    rng = np.random.default_rng(seed)
    p = random_pmf(rng, (3, 5), zeros=0.2)
    py = p.sum(0)
    live = np.flatnonzero(py > 0)
    if live.size < 2:
        return
    i, j = rng.choice(live, size=2, replace=False)
    merged = np.delete(p, [i, j], axis=1)
    merged = np.column_stack([merged, p[:, i] + p[:, j]])
    direct = info.mutual_information(p) - info.mutual_information(merged)
    pij = py[i] + py[j]
    js = info.js_divergence(p[:, i] / py[i], p[:, j] / py[j], weights=(py[i] / pij, py[j] / pij))
    assert direct == pytest.approx(pij * js, abs=1e-12)
    # deterministic mapping (identity on X): Delta_X = p_ij h(p_i / p_ij)
    pxy = np.diag(py)
    merged_x = np.column_stack([np.delete(pxy, [i, j], axis=1), pxy[:, i] + pxy[:, j]])
    dx = info.mutual_information(pxy) - info.mutual_information(merged_x)
    assert dx == pytest.approx(pij * info.binary_entropy(py[i] / pij), abs=1e-12)


def test_large_arrays_take_the_blocked_paths_correctly():
    """Arrays above the block size go through the blocked / fused passes: same values."""
    rng = np.random.default_rng(99)
    for zeros in (0.0, 0.5, 0.99):
        p = random_pmf(rng, (200, 300), zeros=zeros)
        p[17:40] = 0.0  # whole blocks of zero mass
        p /= p.sum()
        ref = textbook_mi(p)
        assert info.mutual_information(p) == pytest.approx(ref, abs=1e-11)
        assert info.mutual_information(p, 1, 0) == pytest.approx(ref, abs=1e-11)
        assert info.mutual_information(p.T) == pytest.approx(ref, abs=1e-11)  # not C-contiguous
        p3 = p.reshape(200, 20, 15)
        assert info.mutual_information(p3, 0, (1, 2)) == pytest.approx(ref, abs=1e-11)
        assert info.mutual_information(p3, (1, 2), 0) == pytest.approx(ref, abs=1e-11)
        assert info.mutual_information(p3, 0, 1) == pytest.approx(textbook_mi(p3.sum(2)), abs=1e-11)
        assert info.entropy(p) == pytest.approx(h_direct(p), abs=1e-10)
        assert info.mutual_information(p * 7, normalize=True) == pytest.approx(ref, abs=1e-11)
    # Gács–Körner on a large block-diagonal support (three blocks, rows and columns shuffled)
    p = np.zeros((200, 300))
    p[:50, :100], p[50:120, 100:130], p[120:, 130:] = 0.2 / 5000, 0.3 / 2100, 0.5 / 13600
    p = p[rng.permutation(200)][:, rng.permutation(300)]
    assert gk(p) == pytest.approx(h_direct([0.2, 0.3, 0.5]), abs=1e-12)
    assert gk(p * 3, normalize=True) == pytest.approx(h_direct([0.2, 0.3, 0.5]), abs=1e-12)


@pytest.mark.parametrize(
    "where, value, match",
    [
        ((150, 3), -1e-3, "non-negative"),
        ((150, 3), np.nan, "finite"),
        ((0, 0), np.inf, "finite"),
        ((199, 299), 1e-8, "sum to 1"),
    ],
)
def test_large_invalid_pmfs_rejected(where, value, match):
    p = np.full((200, 300), 1 / 60000)
    p[where] += value
    for call in (
        lambda: info.mutual_information(p),
        lambda: info.entropy(p),
        lambda: info.mutual_information(p.reshape(200, 20, 15), (1, 2), 0),
        lambda: info.gacs_korner_common_information(p),
    ):
        with pytest.raises(ValueError, match=match):
            call()


# --------------------------------------------------------------------------- dit cross-checks

import dit  # noqa: E402  (a declared test dependency: missing it is an error, not a skip)


def dit_dist(p: np.ndarray):
    return dit.Distribution.from_ndarray(p)


def test_against_dit_shannon():
    from dit.multivariate import coinformation, gk_common_information

    rng = np.random.default_rng(2026)
    for _ in range(25):
        shape = tuple(int(s) for s in rng.integers(2, 4, size=3))
        p = random_pmf(rng, shape, zeros=0.25)
        d = dit_dist(p)
        assert info.entropy(p) == pytest.approx(dit.shannon.entropy(d), abs=1e-10)
        h02 = dit.shannon.entropy(d, [0, 2])
        assert info.entropy(info.marginal(p, (0, 2))) == pytest.approx(h02, abs=1e-10)
        assert info.mutual_information(p, 0, (1, 2)) == pytest.approx(
            dit.shannon.mutual_information(d, [0], [1, 2]), abs=1e-10
        )
        assert info.conditional_entropy(p, (0, 1), 2) == pytest.approx(
            dit.shannon.conditional_entropy(d, [0, 1], [2]), abs=1e-10
        )
        assert info.conditional_mutual_information(p, 0, 1, 2) == pytest.approx(
            coinformation(d, [[0], [1]], [2]), abs=1e-10
        )
        p2 = random_pmf(rng, (int(rng.integers(2, 6)), int(rng.integers(2, 6))), zeros=0.5)
        assert info.gacs_korner_common_information(p2) == pytest.approx(
            gk_common_information(dit_dist(p2), [[0], [1]]), abs=1e-10
        )


def test_against_dit_divergences():
    from dit.divergences import kullback_leibler_divergence, renyi_divergence, variational_distance

    rng = np.random.default_rng(7)
    for _ in range(25):
        shape = (int(rng.integers(2, 4)), int(rng.integers(2, 4)))
        p = random_pmf(rng, shape, zeros=0.3)
        q = random_pmf(rng, shape, zeros=0.0)
        dp, dq = dit_dist(p), dit_dist(q)
        kl = kullback_leibler_divergence(dp, dq)
        assert info.kl_divergence(p, q) == pytest.approx(kl, abs=1e-10)
        assert info.total_variation(p, q) == pytest.approx(variational_distance(dp, dq), abs=1e-12)
        for alpha in (0.3, 0.5, 2.0, 3.5):
            theirs = renyi_divergence(dp, dq, alpha)
            assert info.renyi_divergence(p, q, alpha) == pytest.approx(theirs, abs=1e-10)


# --------------------------------------------------------------------------- validation

GOOD = np.array([[0.25, 0.25], [0.25, 0.25]])


@pytest.mark.parametrize(
    "bad, match",
    [
        ([[0.5, 0.6], [-0.1, 0.0]], "non-negative"),
        ([[0.5, 0.2], [0.1, 0.1]], "sum to 1"),
        ([[np.nan, 0.5], [0.25, 0.25]], "finite"),
        ([[np.inf, 0.5], [0.25, 0.25]], "finite"),
        (np.zeros((0, 2)), "empty"),
    ],
)
def test_bad_pmf_rejected_everywhere(bad, match):
    calls = [
        lambda: info.entropy(bad),
        lambda: info.renyi_entropy(bad, 2),
        lambda: info.marginal(bad, 0),
        lambda: info.conditional_entropy(bad, 0, 1),
        lambda: info.mutual_information(bad),
        lambda: info.conditional_mutual_information(bad, 0, 1, ()),
        lambda: info.kl_divergence(bad, GOOD),
        lambda: info.kl_divergence(GOOD, bad),
        lambda: info.cross_entropy(bad, GOOD),
        lambda: info.renyi_divergence(bad, GOOD, 2),
        lambda: info.total_variation(GOOD, bad),
        lambda: info.js_divergence(bad, GOOD),
        lambda: info.maximal_leakage(bad),
        lambda: info.max_mutual_information(bad),
        lambda: info.sibson_mutual_information(bad, 2),
        lambda: info.gacs_korner_common_information(bad),
    ]
    for call in calls:
        with pytest.raises(ValueError, match=match):
            call()


def test_sum_tolerance_and_normalize():
    info.entropy([0.5, 0.5 + 5e-10])  # within 1e-9
    with pytest.raises(ValueError, match="sum to 1"):
        info.entropy([0.5, 0.5 + 2e-9])
    with pytest.raises(ValueError, match="sum to 1"):
        info.entropy([1, 3])  # counts need normalize=True
    assert info.entropy([1, 3], normalize=True) == pytest.approx(info.binary_entropy(0.25))
    with pytest.raises(ValueError, match="total mass 0"):
        info.entropy([0, 0], normalize=True)


@pytest.mark.parametrize(
    "base", [0, -2, 0.5, 1, 1.0, float("nan"), float("inf"), "ten", None, True]
)
def test_bad_base_rejected(base):
    for call in (
        lambda: info.entropy(GOOD, base=base),
        lambda: info.binary_entropy(0.3, base=base),
        lambda: info.mutual_information(GOOD, base=base),
        lambda: info.kl_divergence(GOOD, GOOD, base=base),
        lambda: info.renyi_divergence(GOOD, GOOD, 0.5, base=base),
        lambda: info.maximal_leakage(GOOD, base=base),
        lambda: info.max_mutual_information(GOOD, base=base),
        lambda: info.gacs_korner_common_information(GOOD, base=base),
    ):
        with pytest.raises(ValueError, match="base"):
            call()


def test_mismatched_shapes_rejected():
    p, q = [0.5, 0.5], [0.2, 0.3, 0.5]
    for fn in (info.kl_divergence, info.total_variation, info.js_divergence, info.cross_entropy):
        with pytest.raises(ValueError, match="same shape"):
            fn(p, q)
    with pytest.raises(ValueError, match="same shape"):
        info.renyi_divergence(p, q, 2)
    with pytest.raises(ValueError, match="same shape"):
        info.kl_divergence(GOOD, GOOD.ravel())


def test_bad_axes_rejected():
    p = np.full((2, 2, 2), 1 / 8)
    with pytest.raises(ValueError, match="out of range"):
        info.mutual_information(p, 0, 3)
    with pytest.raises(ValueError, match="out of range"):
        info.mutual_information(np.array([0.5, 0.5]))  # default b = 1 on a 1-axis pmf
    with pytest.raises(ValueError, match="repeats"):
        info.conditional_entropy(p, (0, 0), 1)
    with pytest.raises(ValueError, match="at least one axis"):
        info.mutual_information(p, (), 1)
    with pytest.raises(ValueError, match="at least one axis"):
        info.conditional_entropy(p, (), 1)
    with pytest.raises(ValueError, match="at least one axis"):
        info.marginal(p, ())
    with pytest.raises(ValueError, match="given"):
        info.conditional_mutual_information(p, 0, 1, 5)


def test_two_axis_measures_need_a_matrix():
    for fn in (info.maximal_leakage, info.max_mutual_information, gk):
        with pytest.raises(ValueError, match="2 axes"):
            fn(np.full((2, 2, 2), 1 / 8))
        with pytest.raises(ValueError, match="2 axes"):
            fn([0.5, 0.5])


@pytest.mark.parametrize("alpha", [-1, -1e-9, float("nan"), "two", None])
def test_bad_alpha_rejected(alpha):
    with pytest.raises(ValueError, match="alpha"):
        info.renyi_divergence([0.5, 0.5], [0.5, 0.5], alpha)
    with pytest.raises(ValueError, match="alpha"):
        info.renyi_entropy([0.5, 0.5], alpha)
    with pytest.raises(ValueError, match="alpha"):
        info.sibson_mutual_information(GOOD, alpha)


def test_binary_entropy_domain():
    for q in (-0.1, 1.1, float("nan"), [0.5, 2.0]):
        with pytest.raises(ValueError, match="q must lie in"):
            info.binary_entropy(q)
    for h in (-0.1, 1.01, float("nan")):
        with pytest.raises(ValueError, match="h must lie in"):
            info.inverse_binary_entropy(h)
    with pytest.raises(ValueError, match="h must lie in"):
        info.inverse_binary_entropy(0.7, base="e")  # > ln 2


def test_js_weights_validated():
    with pytest.raises(ValueError, match="weights"):
        info.js_divergence([0.5, 0.5], [0.5, 0.5], weights=(0.5, 0.6))
    with pytest.raises(ValueError, match="weights"):
        info.js_divergence([0.5, 0.5], [0.5, 0.5], weights=(0.2, 0.3, 0.5))


@given(st.integers(0, 2**32 - 1))
def test_renyi_leakage_ends_are_l0_and_max_mutual_information(seed):
    """Independent ends: at alpha = 0 with a uniform secret it is the non-stochastic leakage L0 of
    the support (Ding & Farokhi eq. (13)); at alpha = inf it is max-mutual information; in between
    it grows with alpha."""
    from nsp.uncertain import nonstochastic_leakage

    rng = np.random.default_rng(seed)
    mask = rng.random((4, 5)) < 0.5
    mask[np.arange(4), rng.integers(0, 5, 4)] = True  # every secret value is possible
    mask = mask[:, mask.any(axis=0)]
    p = (
        mask / mask.sum(axis=1, keepdims=True) / mask.shape[0]
    )  # uniform X, any channel on the support
    assert info.renyi_leakage(p, 0) == pytest.approx(nonstochastic_leakage(mask), abs=1e-12)
    assert info.renyi_leakage(p, np.inf) == pytest.approx(info.max_mutual_information(p), abs=1e-12)
    values = [info.renyi_leakage(p, a) for a in (0.0, 0.5, 1.0, 2.0, 8.0)]
    assert all(a <= b + 1e-12 for a, b in zip(values, values[1:], strict=False))


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: info.entropy([0.5, 0.5], normalize="yes"), "normalize"),
        (lambda: info.mutual_information(np.full((2, 2), 0.25), 0, 1, normalize=0), "normalize"),
        (lambda: info.kl_divergence([0.5, 0.5], [0.5, 0.5], normalize=None), "normalize"),
        (lambda: info.renyi_entropy([0.5, 0.5], True), "alpha"),
        (lambda: info.renyi_entropy([0.5, 0.5], "2"), "alpha"),
        (lambda: info.renyi_divergence([0.5, 0.5], [0.5, 0.5], math.nan), "alpha"),
        (lambda: info.sibson_mutual_information(np.full((2, 2), 0.25), -1.0), "alpha"),
        (lambda: info.binary_entropy([0.1 + 0.5j]), "q"),
        (lambda: info.binary_entropy("0.1"), "q"),
        (lambda: info.inverse_binary_entropy([0.5j]), "h"),
        (lambda: info.entropy([0.5, 0.5], base=True), "base"),
    ],
)
def test_scalar_options_are_checked_by_the_shared_rules(call, name):
    with pytest.raises(ValueError, match=name):
        call()


def test_an_infinite_order_is_still_accepted():
    assert info.renyi_entropy([0.5, 0.25, 0.25], INF) == pytest.approx(1.0, abs=1e-15)


# --------------------------------------------------------------------------- Rényi orders near 1


@pytest.mark.parametrize("seed", range(10))
def test_renyi_monotone_and_continuous_at_one(seed):
    rng = np.random.default_rng(1000 + seed)
    p, q = random_pmf(rng, (7,)), random_pmf(rng, (7,), zeros=0.0)
    joint = random_pmf(rng, (3, 5))
    steps = np.geomspace(1e-10, 0.5, 30)
    orders = np.concatenate([1 - steps, [1.0], (1 + steps)[::-1]])
    orders.sort()
    h = [info.renyi_entropy(p, a) for a in orders]
    d = [info.renyi_divergence(p, q, a) for a in orders]
    s = [info.sibson_mutual_information(joint, a) for a in orders]
    tol = 4e-15  # a few units in the last place of values of order 1
    assert all(b <= a + tol for a, b in zip(h, h[1:], strict=False))  # non-increasing
    assert all(a <= b + tol for a, b in zip(d, d[1:], strict=False))  # non-decreasing
    assert all(a <= b + tol for a, b in zip(s, s[1:], strict=False))
    for eps in (-1e-12, 1e-12):  # continuity with the Shannon quantities
        assert info.renyi_entropy(p, 1 + eps) == pytest.approx(info.entropy(p), abs=1e-10)
        assert info.renyi_divergence(p, q, 1 + eps) == pytest.approx(
            info.kl_divergence(p, q), abs=1e-10
        )
        assert info.sibson_mutual_information(joint, 1 + eps) == pytest.approx(
            info.mutual_information(joint), abs=1e-10
        )


def test_renyi_degenerate_cases_exactly_zero():
    p_y = np.array([0.2, 0.3, 0.5])
    for a in (1 - 1e-12, 1 - 1e-6, 1 + 1e-12, 0.5, 2.0, 1e3):
        assert info.sibson_mutual_information(p_y[None, :], a) == 0.0  # constant X
        assert info.sibson_mutual_information(p_y[:, None], a) == 0.0  # constant Y
        assert info.renyi_entropy([0.0, 1.0], a) == 0.0
        assert info.renyi_divergence(p_y, p_y, a) == 0.0


# --------------------------------------------------------------------------- the public module


def test_all_lists_every_public_measure_of_the_module():
    import importlib
    import inspect
    import pkgutil

    # the face re-exports its private implementation modules: every public function of theirs
    defined = {
        name
        for sub in pkgutil.iter_modules(info.__path__)
        for name, obj in vars(importlib.import_module(f"nsp.info.{sub.name}")).items()
        if not name.startswith("_")
        and inspect.isfunction(obj)
        and obj.__module__.startswith(info.__name__ + ".")
    }
    assert defined, "the walk found no function: it is broken"
    assert defined <= set(info.__all__), sorted(defined - set(info.__all__))
    assert "renyi_leakage" in info.__all__ and "Axes" in info.__all__
    assert all(hasattr(info, name) for name in info.__all__)


def test_info_imports_nothing_above_the_measures():
    # the measures floor sits on partition/joint and the ground floor; nsp.uncertain is a
    # sibling measure (support components, imported where the Gács–Körner measure needs it)
    import ast

    files = sorted(Path(info.__file__).parent.glob("*.py"))  # the face and its private modules
    ground = ("nsp._validation", "nsp._resources", "nsp._atomic", "nsp.paths", "nsp._kernels")
    allowed = (*ground, "nsp.info.", "nsp.partition", "nsp.joint", "nsp.uncertain")
    imported = set()
    nodes = (n for f in files for n in ast.walk(ast.parse(f.read_text(encoding="utf-8"))))
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module == "nsp":  # from nsp import x
            imported.update(f"nsp.{a.name}" for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("nsp"):
            imported.add(node.module)
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names if a.name.startswith("nsp"))
    assert imported, "the walk found no nsp import: it is broken"
    assert all(name.startswith(allowed) for name in imported), sorted(imported)


# --------------------------------------------------------------------------- one kernel per measure


def _random_stack(rng: np.random.Generator, k: int, n_a: int, n_b: int) -> np.ndarray:
    """``k`` joint pmfs with zeros in random places (a dead row or column now and then)."""
    p = rng.random((k, n_a, n_b)) * (rng.random((k, n_a, n_b)) < 0.7)
    p[0, 0, :] = 0.0  # a row of zero mass
    p[-1, :, -1] = 0.0  # an output never produced
    p[:, 0, 0] += 1e-3  # no slice is all zero
    return p / p.sum(axis=(1, 2), keepdims=True)


@pytest.mark.parametrize("shape", [(6, 2, 3), (5, 7, 40), (3, 30, 20), (2, 300, 240)])
def test_the_measures_and_the_batched_evaluation_share_one_kernel(shape):
    # nsp.notions evaluates whole stacks with nsp._kernels; each measure of nsp.info is the
    # same kernel on a stack of one, so the two agree to the bit (not only to rounding),
    # also above the size where a slice is reduced in blocks (300 x 240 > VECTOR_MAX).
    from nsp import _kernels

    rng = np.random.default_rng(sum(shape))
    stack = _random_stack(rng, *shape)
    ln2 = np.log(2.0)
    mi = _kernels.mutual_information_stack(stack) / ln2
    ml = _kernels.maximal_leakage_stack(stack) / ln2
    for i, p in enumerate(stack):
        assert info.mutual_information(p) == mi[i]
        assert info.maximal_leakage(p) == ml[i]
        assert info.entropy(p) == _kernels.entropy_stack(stack, 2)[i] / ln2
    for alpha in (0.0, 0.5, 0.9, 1.0005, 1.1, 2.0, 10.0):
        sib = _kernels.sibson_stack(stack, alpha) / ln2
        assert [info.sibson_mutual_information(p, alpha) for p in stack] == sib.tolist()


def test_sibson_kernel_is_continuous_through_its_two_regimes():
    # |alpha - 1| = 1/8 separates the closed form from the cancellation-free one: the value
    # is non-decreasing in alpha and continuous across the switch.
    rng = np.random.default_rng(5)
    p = _random_stack(rng, 1, 4, 5)[0]
    below = info.sibson_mutual_information(p, 1.125 - 1e-12)
    above = info.sibson_mutual_information(p, 1.125 + 1e-12)
    assert below <= above + 1e-15 and above - below < 1e-10
    alphas = np.linspace(0.05, 4.0, 80)
    values = [info.sibson_mutual_information(p, a) for a in alphas]
    assert all(b >= a - 1e-13 for a, b in zip(values, values[1:], strict=False))
