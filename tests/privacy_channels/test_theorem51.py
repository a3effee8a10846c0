"""Wu, Theorem 5.1 (continuous case): the sum query on grids, and (70) with priors that have
densities, on the sum (it holds) and on the equality test (it fails: a discontinuous kernel)."""

import math

import numpy as np
import pytest
from scipy import stats

from nsp.channels import channel_capacity
from nsp.info import mutual_information
from nsp.papers.privacy_channels import (
    completion_channel,
    theorem51_completion_table,
    theorem51_table,
)
from nsp.privacy_channels import (
    ProductUniverse,
    amplitude_constrained_capacity,
    binary_input_awgn_capacity,
    discretized_gaussian_channel,
    individual_channel_capacity,
)


def _channel(N, m, n_outputs):
    grid = np.linspace(0.0, 1.0, m).tolist()
    s = N**0.5
    return discretized_gaussian_channel(
        ProductUniverse([grid, grid]),
        lambda a, c: a + c,
        N=N,
        y_grid=np.linspace(-8 * s, 2 + 8 * s, n_outputs),
    )


@pytest.mark.parametrize("N", [0.25, 0.04])
@pytest.mark.parametrize("m", [2, 3])
def test_exact_c1_is_inside_the_bracket(N, m):
    t = theorem51_table([N], [m], n_outputs=201, n_reference=41)
    exact = individual_channel_capacity(_channel(N, m, 201)).value
    assert t.lower[0] - 1e-8 <= exact <= t.upper[0] + 1e-8
    # m = 2: the records {0, 1} cannot realize all three sums, and the member x_2 = x_1 is optimal
    if m == 2:
        assert exact == pytest.approx(t.lower[0], abs=1e-8)


def test_bracket_converges_to_the_continuous_value():
    t = theorem51_table([0.04], [3, 9, 17], n_outputs=301, n_reference=201)
    assert (t.lower <= t.upper + 1e-8).all()
    assert (t.upper <= t.reference + 1e-8).all()
    assert t.gap.iloc[-1] < 1e-3 < t.gap.iloc[0]


def test_three_mass_points_are_exact_at_snr_4():
    # at T^2/N = 4 the optimal inputs are {0, 1, 2}: m = 3 already attains the continuous value
    t = theorem51_table([0.25], [3], n_outputs=401, n_reference=201)
    assert t.upper[0] - t.lower[0] < 1e-8
    assert t.gap[0] < 1e-8
    # the same value as Smith's capacity with T = 1 on the same (shifted) quantization
    smith = amplitude_constrained_capacity(1.0, 0.25, n_inputs=201, n_outputs=401).capacity
    assert t.reference[0] == pytest.approx(smith, abs=1e-6)


@pytest.mark.parametrize(
    "kwargs",
    [{"Ns": [0.0]}, {"Ns": [-1.0]}, {"ms": [1]}, {"ms": []}, {"n_outputs": 1}, {"n_reference": 1}],
)
def test_bad_input(kwargs):
    args = {"Ns": [0.25], "ms": [2]} | kwargs
    with pytest.raises(ValueError):
        theorem51_table(**args)


# --- (70) with priors that have densities: the sum (continuous) and the equality test --------


def _y(N, n=201):
    s = math.sqrt(N)
    return np.linspace(-8 * s, 2 + 8 * s, n)


def _random_completion(rng, n_x1, n_pieces):
    """A random piecewise-uniform density of x_2 given each x_1 (every piece of positive length)."""
    a = rng.uniform(0.0, 1.0, (n_x1, n_pieces))
    b = rng.uniform(0.0, 1.0, (n_x1, n_pieces))
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    hi = np.maximum(hi, lo + 1e-3).clip(max=1.0)
    lo = np.minimum(lo, hi - 1e-3)
    return lo, hi, rng.dirichlet(np.ones(n_pieces), n_x1)


def _ball_average_closed_form(x1, lo, hi, N, y):
    """Bin probabilities of N(x1 + t, N), t uniform on [lo, hi], from the antiderivative of Phi.

    int Phi((e - x1 - t)/s) dt over [lo, hi] = s [psi((e-x1-lo)/s) - psi((e-x1-hi)/s)],
    psi(z) = z Phi(z) + phi(z); the bins are cut at the midpoints of ``y``.
    """
    s = math.sqrt(N)
    edges = 0.5 * (y[1:] + y[:-1])

    def psi(z):
        return z * stats.norm.cdf(z) + stats.norm.pdf(z)

    G = s * (psi((edges - x1 - lo) / s) - psi((edges - x1 - hi) / s)) / (hi - lo)
    return np.diff(np.concatenate([[0.0], G, [1.0]]))


@pytest.mark.parametrize("query", ["sum", "equality"])
def test_point_mass_completions_are_the_members_rows(query):
    rng = np.random.default_rng(51)
    y = _y(0.04)
    xs = rng.uniform(0.0, 1.0, 6).tolist() + [0.3]
    g = rng.uniform(0.0, 1.0, 7)
    g[-1] = 0.3  # a tie for the equality test
    W = completion_channel(query, xs, g[:, None], g[:, None], np.ones((7, 1)), N=0.04, y_grid=y)
    f = (lambda a, c: a + c) if query == "sum" else (lambda a, c: float(a == c))
    values = [f(a, c) for a, c in zip(xs, g, strict=True)]
    distinct = sorted(set(values))
    rows = discretized_gaussian_channel(
        ProductUniverse([distinct]), lambda v: v, N=0.04, y_grid=y
    ).matrix()
    ref = rows[[distinct.index(v) for v in values]]
    np.testing.assert_allclose(W, ref, rtol=0, atol=1e-15)
    if query == "equality":  # the tie x_2 = x_1 = 0.3, and only it, gets the row of f = 1
        assert not np.allclose(W[-1], W[0])
        np.testing.assert_array_equal(W[0], W[1])


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("N", [0.25, 0.01])
def test_ball_average_of_the_sum_matches_the_closed_form(seed, N):
    rng = np.random.default_rng(seed)
    y = _y(N, 301)
    xs = rng.uniform(0.0, 1.0, 4)
    lo, hi, _ = _random_completion(rng, 4, 1)
    W = completion_channel("sum", xs, lo, hi, np.ones((4, 1)), N=N, y_grid=y)
    for a in range(4):
        ref = _ball_average_closed_form(xs[a], lo[a, 0], hi[a, 0], N, y)
        np.testing.assert_allclose(W[a], ref, rtol=0, atol=1e-12)


@pytest.mark.parametrize("seed", range(8))
def test_no_density_completion_of_the_sum_beats_its_members(seed):
    """The '<=' of (70) by the functional representation: a completion is the average over u of
    the members x_2 = F_{x_1}^{-1}(u), and I is convex in the channel."""
    rng = np.random.default_rng(100 + seed)
    N, y, n_x1 = [0.25, 0.04][seed % 2], _y([0.25, 0.04][seed % 2]), 4
    xs = rng.uniform(0.0, 1.0, n_x1)
    lo, hi, w = _random_completion(rng, n_x1, 3)
    W = completion_channel("sum", xs, lo, hi, w, N=N, y_grid=y)
    r = rng.dirichlet(np.ones(n_x1))

    def quantile(a, u):  # F^{-1} of the mixture of uniforms, by bisection on its cdf
        lo_u, hi_u = 0.0, 1.0
        for _ in range(60):
            mid = 0.5 * (lo_u + hi_u)
            cdf = float(np.dot(w[a], np.clip((mid - lo[a]) / (hi[a] - lo[a]), 0.0, 1.0)))
            lo_u, hi_u = (mid, hi_u) if cdf < u else (lo_u, mid)
        return 0.5 * (lo_u + hi_u)

    us = (np.arange(400) + 0.5) / 400
    infos, members = [], []
    for u in us:
        g = np.array([quantile(a, u) for a in range(n_x1)])[:, None]
        Wu = completion_channel("sum", xs, g, g, np.ones((n_x1, 1)), N=N, y_grid=y)
        members.append(Wu)
        infos.append(mutual_information(r[:, None] * Wu))
    # the members average to the completion (a quadrature in u, independent of the code's)
    np.testing.assert_allclose(np.mean(members, axis=0), W, rtol=0, atol=5e-5)
    info = mutual_information(r[:, None] * W)
    mixed = mutual_information(r[:, None] * np.mean(members, axis=0))
    assert mixed <= np.mean(infos) + 1e-12  # Jensen, exact for the finite mixture
    assert info <= max(infos) + 1e-6
    assert info < np.mean(infos)  # and strictly: the completion mixes distinct rows


@pytest.mark.parametrize("seed", range(8))
def test_every_density_completion_of_the_equality_test_is_blind(seed):
    """P(X_2 = X_1) = 0 under a density: the rows do not depend on x_1, C_1 = 0; a point mass
    on the tie, however light, brings the information back."""
    rng = np.random.default_rng(200 + seed)
    y, n_x1 = _y(0.25), 5
    xs = rng.uniform(0.0, 1.0, n_x1)
    lo, hi, w = _random_completion(rng, n_x1, 3)
    lo[:, 0], hi[:, 0] = np.clip(xs - 0.01, 0, 1), np.clip(xs + 0.01, 0, 1)  # balls around x_1
    W = completion_channel("equality", xs, lo, hi, w, N=0.25, y_grid=y)
    assert channel_capacity(W, tol=1e-12).upper < 1e-12
    tie = np.concatenate([lo, xs[:, None]], axis=1), np.concatenate([hi, xs[:, None]], axis=1)
    w2 = np.concatenate([0.99 * w, np.full((n_x1, 1), 0.01)], axis=1)
    w2[0] = np.append(w[0], 0.0)  # x_1 = xs[0] gets no point mass: its row stays the blind one
    W2 = completion_channel("equality", xs, *tie, w2, N=0.25, y_grid=y)
    assert channel_capacity(W2, tol=1e-12).lower > 1e-6


def test_70_holds_on_the_sum_and_fails_on_the_equality_test():
    t = theorem51_completion_table([0.25, 0.04], [4, 64, 1024], n_x1=21, n_outputs=301, tol=1e-12)
    s = t[t["query"] == "sum"]
    for N in (0.25, 0.04):
        d = s[s.N == N]
        assert (np.diff(d.gap.to_numpy()) < 0).all()  # the balls shrink: the gap closes
        assert d.gap.iloc[-1] < 1e-3 < d.gap.iloc[0]
    # at N = 0.25 the member's optimal inputs {0, 1/2, 1} are on the grid: no completion beats it
    assert (s[s.N == 0.25].completion_upper <= s[s.N == 0.25].member_upper + 1e-10).all()
    e = t[t["query"] == "equality"]
    assert (e.completion_upper < 1e-12).all()
    for N, margin in ((0.25, 0.48), (0.04, 0.97)):
        d = e[e.N == N]
        bi = binary_input_awgn_capacity(0.5, N)  # the members' two rows, without quantization
        assert (d.member_upper <= bi + 1e-10).all()  # quantization loses information
        assert (d.member_lower >= bi - 3e-4).all()
        assert (d.gap > margin).all()  # (70) fails by a certified margin, for every radius


@pytest.mark.parametrize("m", [2, 3, 5])
def test_grids_do_not_see_the_failure(m):
    """On finite records the tie has positive probability: Theorem 3.1 gives the member's value."""
    y = _y(0.25, 301)
    grid = np.linspace(0.0, 1.0, m).tolist()
    ch = discretized_gaussian_channel(
        ProductUniverse([grid, grid]), lambda a, c: float(a == c), N=0.25, y_grid=y
    )
    exact = individual_channel_capacity(ch).value
    t = theorem51_completion_table([0.25], [1], n_x1=11, n_outputs=301, tol=1e-12)
    member = t[t["query"] == "equality"].member_lower.iloc[0]
    assert exact == pytest.approx(member, abs=1e-8)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"query": "product"},
        {"x1s": [1.5]},
        {"x1s": []},
        {"los": [[0.6]]},
        {"his": [[1.2]]},
        {"los": [[0.2, 0.3]]},
        {"weights": [[0.5]]},
        {"weights": [[0.5, 0.5]]},
        {"N": 0.0},
    ],
)
def test_completion_channel_bad_input(kwargs):
    args = {
        "query": "sum",
        "x1s": [0.5],
        "los": [[0.4]],
        "his": [[0.5]],
        "weights": [[1.0]],
        "N": 0.25,
        "y_grid": np.linspace(-2, 4, 21),
    } | kwargs
    query = args.pop("query")
    with pytest.raises(ValueError):
        completion_channel(
            query, args.pop("x1s"), args.pop("los"), args.pop("his"), args.pop("weights"), **args
        )


@pytest.mark.parametrize(
    "kwargs", [{"Ns": [0.0]}, {"ks": [0]}, {"ks": []}, {"n_x1": 1}, {"n_outputs": 1}]
)
def test_completion_table_bad_input(kwargs):
    args = {"Ns": [0.25], "ks": [1]} | kwargs
    with pytest.raises(ValueError):
        theorem51_completion_table(**args)
