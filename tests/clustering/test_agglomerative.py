"""Ding & Farokhi's agglomerative algorithms: the paper's Examples 2–5 exactly, every
iteration; properties on seeded random instances; the from-scratch reference versions
(:mod:`nsp.clustering.nonstochastic._reference`) that the incremental algorithms must match
for every λ; and bad input of every public function."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nsp.clustering.nonstochastic import (
    algorithm1,
    algorithm2,
    cluster_distortion,
    distortion_utility,
    merge_across_components,
    merge_by_leakage,
    merge_path,
    merge_until_connected,
    resolution_utility,
    start_point,
    utility_value,
)
from nsp.clustering.nonstochastic._reference import (
    reference_path,
    reference_run,
    reference_until_connected,
)
from nsp.papers.agglomerative import EXAMPLE2_VALUES, EXAMPLE4_VALUES, example1_range
from nsp.partition import Partition
from nsp.uncertain import (
    maximin_information,
    nonstochastic_information,
    nonstochastic_leakage,
    quantize,
    quantized_decomposition,
)

log2 = math.log2

# the reconstructed joint range of Example 1 (rows s1..s6, columns x1..x7)
EX1 = example1_range().mask
VALUES = list(EXAMPLE2_VALUES)  # eq. (4)
VALUES_EX4 = list(EXAMPLE4_VALUES)  # Example 4 resets x7 = 4


def P(*clusters: tuple[int, ...]) -> Partition:
    """A partition written 1-based as in the paper."""
    return Partition([[x - 1 for x in c] for c in clusters])


def s_range(mask: np.ndarray, cluster) -> set[int]:
    return {int(s) for s in np.flatnonzero(mask[:, list(cluster)].any(axis=1))}


# ---------------------------------------------------------------------------------------------
# Example 2, Algorithm 1
# ---------------------------------------------------------------------------------------------


def test_example2_u1_every_iteration():
    res = algorithm1(EX1, 0.3)
    h = res.history
    assert [it.partition for it in h] == [
        Partition.singletons(7),
        P((1, 2, 7), (3, 5), (4, 6)),
        P((1, 2, 7), (3, 4, 5, 6)),
        P((1, 2, 3, 4, 5, 6, 7)),
    ]
    # inner merges of t = 1, in order: x2+x1, x3+x5, x4+x6, x7+{x1,x2}
    assert h[1].merges == (((1,), (0,)), ((2,), (4,)), ((3,), (5,)), ((6,), (0, 1)))
    assert h[2].merges == (((2, 4), (3, 5)),)
    lam = 0.3
    expected = [-1 + lam * log2(3), -log2(1.5) + lam * log2(4 / 3), -1 + lam * log2(7 / 4)]
    assert [it.delta for it in h[1:]] == pytest.approx(expected, abs=1e-12)
    assert [round(it.delta, 4) for it in h[1:]] == [-0.5245, -0.4605, -0.7578]
    # Fig. 3 plots L0 − λU1: 1.7428, 1.2182, 0.7578, 0
    assert [round(it.lagrangian, 4) for it in h] == [1.7428, 1.2182, 0.7578, 0.0]
    # the paper's 𝓛 = −B0 − λU1 differs by H0(S) = log 6
    assert [round(it.lagrangian - log2(6), 4) for it in h] == [-0.8422, -1.3667, -1.8272, -2.585]
    assert res.stop_reason == "single_cluster" and res.rejected is None
    assert res.partition == P((1, 2, 3, 4, 5, 6, 7))
    # conditional ranges (s6 of the paper's {x4,x6} reads s5 on this matrix)
    assert s_range(EX1, (0, 1, 6)) == {0, 1, 5}
    assert s_range(EX1, (2, 4)) == {2, 3}
    assert s_range(EX1, (3, 5)) == {2, 4}
    assert s_range(EX1, (2, 3, 4, 5)) == {2, 3, 4}


def test_example2_u2_every_iteration():
    res = algorithm1(EX1, 2.5, utility="U2", values=VALUES)
    assert [it.partition for it in res.history] == [
        Partition.singletons(7),
        P((1, 2, 4), (3, 5), (6, 7)),
    ]
    # inner merges with the merged distortion:
    # x2+x1 (0.05), x3+x5 (0.1), x4+{x1,x2} (0.1), x6+x7 (0.25)
    merges = res.history[1].merges
    assert merges == (((1,), (0,)), ((2,), (4,)), ((3,), (0, 1)), ((5,), (6,)))
    assert [cluster_distortion(VALUES, a + b) for a, b in merges] == pytest.approx(
        [0.05, 0.1, 0.1, 0.25]
    )
    assert res.history[1].delta == pytest.approx(-1 + 2.5 * 0.25, abs=1e-12)
    assert round(res.history[1].delta, 4) == -0.375
    # rejected t = 2: everything merged, d̄ = 1.5 − 4.1/7
    assert res.stop_reason == "delta_nonnegative"
    assert res.rejected.partition == P((1, 2, 3, 4, 5, 6, 7))
    assert res.rejected.merges[0] == ((2, 4), (0, 1, 3))
    assert res.rejected.delta == pytest.approx(-log2(3) + 2.5 * (1.5 - 4.1 / 7 - 0.25), abs=1e-12)
    assert round(res.rejected.delta, 4) == 0.0758
    assert res.partition == P((1, 2, 4), (3, 5), (6, 7))
    assert [s_range(EX1, c) for c in res.partition] == [{0, 1, 2}, {2, 3}, {4, 5}]
    assert [round(it.lagrangian, 4) for it in res.history] == [2.585, 2.21]


@pytest.mark.parametrize(
    ("utility", "values", "windows"),
    [
        # (λ, number of accepted iterations): returns Q0 for λ ≥ 1/log2 3, else one cluster
        ("U1", None, [(0.0, 3), (0.6308, 3), (0.6310, 0), (5.0, 0)]),
        # Q0 for λ ≥ 4, Q1 for log2(3)/0.664286 = 2.38596 ≤ λ < 4, one cluster below
        ("U2", VALUES, [(0.0, 2), (2.3859, 2), (2.3860, 1), (3.999, 1), (4.0, 0), (10.0, 0)]),
    ],
)
def test_example2_lambda_windows(utility, values, windows):
    path = merge_path(EX1, utility=utility, values=values)
    for lam, iters in windows:
        assert algorithm1(EX1, lam, utility=utility, values=values).iterations == iters, lam
        assert path.result(lam).iterations == iters, lam


# ---------------------------------------------------------------------------------------------
# Examples 3 and 4, Algorithm 2
# ---------------------------------------------------------------------------------------------


def test_example3_every_iteration():
    res = algorithm2(EX1, 0.3)
    h = res.history
    assert [it.partition for it in h] == [
        Partition.singletons(7),
        P((1, 3), (2,), (4,), (5,), (6,), (7,)),
        P((1, 3), (2, 5), (4,), (6,), (7,)),
        P((1, 3), (2, 5), (4, 6), (7,)),
        P((1, 3, 7), (2, 5), (4, 6)),
    ]
    assert [it.decomposition for it in h] == [
        P((1, 2), (3, 4), (5,), (6,), (7,)),
        P((1, 2, 3, 4), (5,), (6,), (7,)),
        P((1, 2, 3, 4, 5), (6,), (7,)),
        P((1, 2, 3, 4, 5, 6), (7,)),
        P((1, 2, 3, 4, 5, 6, 7)),
    ]
    lam = 0.3
    # the paper prints log(4/5) − λ log 2; −0.0219 needs + (sign typo, A7)
    expected = [log2(4 / 5) + lam * 1, log2(3 / 4), log2(2 / 3), -1 + lam * log2(3 / 2)]
    assert [it.delta for it in h[1:]] == pytest.approx(expected, abs=1e-12)
    assert [round(it.delta, 4) for it in h[1:]] == [-0.0219, -0.415, -0.585, -0.8245]
    assert [round(it.lagrangian, 4) for it in h] == [1.4797, 1.4578, 1.0428, 0.4578, -0.3667]
    assert res.stop_reason == "connected"
    final = res.partition
    assert maximin_information(quantize(EX1, final.labels)) == 0
    assert resolution_utility(final) == pytest.approx(log2(7 / 3))
    assert nonstochastic_leakage(quantize(EX1, final.labels)) == pytest.approx(log2(3))
    # λ-window: returns Q0 for λ ≥ log2(5/4), else Q4
    assert algorithm2(EX1, 0.3219).iterations == 4
    assert algorithm2(EX1, 0.3220).iterations == 0


def test_psi_excludes_pairs_within_a_component():
    # eq. (9): no merge of the path ever joins two clusters of the same component
    for it_prev, it in zip(
        algorithm2(EX1, 0.0).history, algorithm2(EX1, 0.0).history[1:], strict=False
    ):
        ((a, b),) = it.merges
        comp = it_prev.decomposition.labels
        assert comp[a[0]] != comp[b[0]]


@pytest.mark.parametrize(
    ("distance", "deltas", "lagrangians", "stop"),
    [
        ("abs", [-0.3069, -0.4, -0.415, -0.615], [2.3219, 2.015, 1.615, 1.2, 0.585], "connected"),
        ("sq", [-0.3212, -0.4128, -0.4546], [2.3219, 2.0008, 1.588, 1.1333], "delta_nonnegative"),
    ],
)
def test_example4_both_distances(distance, deltas, lagrangians, stop):
    res = algorithm2(EX1, 0.3, utility="U2", values=VALUES_EX4, distance=distance)
    path = [
        Partition.singletons(7),
        P((1, 4), (2,), (3,), (5,), (6,), (7,)),
        P((1, 4), (2,), (3, 5), (6,), (7,)),
        P((1, 4), (2,), (3, 5, 6), (7,)),
        P((1, 4), (2, 7), (3, 5, 6)),
    ]
    got = [it.partition for it in res.history] + ([res.rejected.partition] if res.rejected else [])
    assert got == path
    assert [round(it.delta, 4) for it in res.history[1:]] == deltas
    assert [round(it.lagrangian, 4) for it in res.history] == lagrangians
    assert res.stop_reason == stop
    if distance == "abs":  # the paper's "terminates at t = 3" is not reproduced with |x − x̂|
        assert res.partition == path[4]
        assert res.history[4].delta == pytest.approx(-1 + 0.3 * (1.95 - 2 / 3), abs=1e-12)
    else:  # with (x − x̂)² the 4th merge is rejected (ΔL = +0.0074) and Q3 is returned
        assert res.partition == path[3]
        assert round(res.rejected.delta, 4) == 0.0074
        assert res.decomposition == P((1, 2, 3, 4, 5, 6), (7,))


def test_example4_abs_reproduces_the_stated_stop_only_in_a_lambda_window():
    # with |x − x̂| the paper's outcome (returns Q3) holds for λ in [0.7792, 1.0323)
    for lam, iters in [(0.7791, 4), (0.7793, 3), (1.0322, 3), (1.0324, 2)]:
        assert algorithm2(EX1, lam, utility="U2", values=VALUES_EX4).iterations == iters, lam


# ---------------------------------------------------------------------------------------------
# Example 5, §V-C variant
# ---------------------------------------------------------------------------------------------


def test_example5_every_iteration():
    res = merge_until_connected(EX1, 0.3)
    h = res.history
    assert [it.partition for it in h] == [
        Partition.singletons(7),
        P((1,), (2, 3), (4,), (5,), (6,), (7,)),
        P((1,), (2, 3), (4, 5), (6,), (7,)),
        P((1,), (2, 3), (4, 5), (6, 7)),
        P((1, 6, 7), (2, 3), (4, 5)),
    ]
    assert [it.decomposition for it in h[1:]] == [
        P((1, 2, 3, 4), (5,), (6,), (7,)),
        P((1, 2, 3, 4, 5), (6,), (7,)),
        P((1, 2, 3, 4, 5), (6, 7)),
        P((1, 2, 3, 4, 5, 6, 7)),
    ]
    expected = [0.3, 0.0, -1.0, 0.3 * log2(3 / 2)]
    assert [it.delta for it in h[1:]] == pytest.approx(expected, abs=1e-12)
    assert round(h[4].delta, 4) == 0.1755
    assert res.leakage == pytest.approx(log2(3))
    assert res.utility == pytest.approx(log2(7 / 3))
    assert maximin_information(quantize(EX1, res.partition.labels)) == 0


# ---------------------------------------------------------------------------------------------
# utilities
# ---------------------------------------------------------------------------------------------


def test_utilities_match_their_definitions():
    q = P((1, 3, 7), (2, 5), (4, 6))
    # U1 = I0(X → X̂): the joint range of (X, X̂) is the graph of the quantizer
    xq = np.zeros((7, 3), dtype=bool)
    xq[np.arange(7), q.labels] = True
    assert resolution_utility(q) == pytest.approx(nonstochastic_information(xq))
    assert resolution_utility(Partition.singletons(7)) == pytest.approx(log2(7))
    assert resolution_utility(Partition.whole(7)) == 0
    assert resolution_utility(q, base=math.e) == pytest.approx(math.log(7 / 3))
    # U2 with the centroid codeword, both distances
    assert distortion_utility(VALUES, Partition.whole(7)) == pytest.approx(-(1.5 - 4.1 / 7))
    assert distortion_utility(VALUES, Partition.whole(7), distance="sq") == pytest.approx(
        -((1.5 - 4.1 / 7) ** 2)
    )
    assert distortion_utility(VALUES, Partition.singletons(7)) == 0


@pytest.mark.parametrize(
    "lam", ["0.3", True, False, np.bool_(True), float("nan"), -0.1, np.inf, None, [0.3]]
)
@pytest.mark.parametrize("run", [algorithm1, algorithm2, merge_until_connected])
def test_lambda_must_be_a_finite_nonnegative_real(run, lam):
    with pytest.raises(ValueError, match="lam"):
        run(EX1, lam)
    with pytest.raises(ValueError, match="lam"):
        merge_path(EX1).result(lam)


_RUNS = [
    merge_by_leakage,
    merge_across_components,
    merge_until_connected,
    lambda r, lam, **kw: reference_run(r, lam, **kw),
    lambda r, lam, **kw: reference_until_connected(r, lam, **kw),
]
_BAD_OPTIONS = [
    ("utility", {"utility": "U3"}),
    ("utility", {"utility": 1}),
    ("distance", {"utility": "U2", "values": VALUES, "distance": "l1"}),
    ("distance", {"utility": "U2", "values": VALUES, "distance": None}),
    ("values", {"utility": "U2"}),
    ("values", {"utility": "U2", "values": [1.0, 2.0]}),
    ("values", {"utility": "U2", "values": [1.0] * 6 + [np.nan]}),
    ("values", {"utility": "U2", "values": np.array(VALUES) + 1j}),
    ("values", {"utility": "U2", "values": [str(v) for v in VALUES]}),
    ("values", {"utility": "U2", "values": [True] * 7}),
]


@pytest.mark.parametrize("run", _RUNS)
@pytest.mark.parametrize(("name", "kwargs"), _BAD_OPTIONS)
def test_bad_options_of_every_algorithm_name_the_argument(run, name, kwargs):
    with pytest.raises(ValueError, match=name):
        run(EX1, 0.3, **kwargs)


@pytest.mark.parametrize("base", [1, 0.5, -2, 0, "ten", True, float("nan"), np.inf])
@pytest.mark.parametrize(
    "call",
    [
        lambda b: merge_by_leakage(EX1, 0.3, base=b),
        lambda b: merge_across_components(EX1, 0.3, base=b),
        lambda b: merge_until_connected(EX1, 0.3, base=b),
        lambda b: merge_path(EX1, base=b),
        lambda b: start_point(EX1, base=b),
        lambda b: resolution_utility([0, 0, 1], base=b),
        lambda b: utility_value([0, 0, 1], base=b),
    ],
)
def test_bad_base_is_rejected(call, base):
    with pytest.raises(ValueError, match="base"):
        call(base)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: merge_path(EX1, algorithm="algorithm3"), "algorithm"),
        (lambda: merge_path(EX1, algorithm=1), "algorithm"),
        (lambda: reference_path(EX1, algorithm="x"), "algorithm"),
        (lambda: merge_path(EX1).stop_index(-1.0), "lam"),
        (lambda: merge_path(EX1).stop_index(np.nan), "lam"),
        (lambda: resolution_utility([0.5, 1.5]), "partition"),
        (lambda: resolution_utility([]), "partition"),
        (lambda: cluster_distortion(VALUES, []), "cluster"),
        (lambda: cluster_distortion(VALUES, [0, 9]), "cluster"),
        (lambda: cluster_distortion(VALUES, [0.0, 1.0]), "cluster"),
        (lambda: cluster_distortion([1.0, 2.0 + 1j], [0, 1]), "values"),
        (lambda: cluster_distortion([1.0, np.inf], [0, 1]), "values"),
        (lambda: cluster_distortion(VALUES, [0, 1], distance="l2"), "distance"),
        (lambda: distortion_utility(VALUES, [0, 0, 1]), "values"),
        (lambda: distortion_utility([[1.0, 2.0]], [0, 0]), "values"),
        (lambda: distortion_utility(VALUES, Partition.whole(7), distance=2), "distance"),
        (lambda: utility_value([0, 0, 1], "U2"), "values"),
        (lambda: utility_value([0, 0, 1], "U0"), "utility"),
    ],
)
def test_bad_input_of_utilities_and_paths(call, name):
    with pytest.raises(ValueError, match=name):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda m: merge_across_components(m, 0.1, utility="U2", values=np.arange(m.shape[1])),
        lambda m: merge_until_connected(m, 0.1, utility="U2", values=np.arange(m.shape[1])),
        lambda m: merge_path(
            m, algorithm="merge_across_components", utility="U2", values=np.arange(m.shape[1])
        ),
        lambda m: reference_run(m, 0.1),
    ],
)
def test_sizes_that_need_a_huge_pair_table_are_refused_clearly(call):
    mask = np.zeros((2, 20_001), dtype=bool)
    mask[0, ::2] = mask[1, 1::2] = True
    with pytest.raises(ValueError, match="GB"):
        call(mask)


def test_paper_names_are_aliases_and_the_old_name_is_gone():
    import nsp.clustering.nonstochastic as ns

    assert algorithm1 is merge_by_leakage and algorithm2 is merge_across_components
    assert not hasattr(ns, "indistinguishable_l0")
    for sub in ("leakage", "components", "connected", "paths", "results", "state", "reference"):
        assert not hasattr(ns, sub), sub  # the face exposes no submodule


def test_algorithm_names_and_their_paper_aliases():
    for name, alias in (
        ("merge_by_leakage", "algorithm1"),
        ("merge_across_components", "algorithm2"),
    ):
        path, by_alias = merge_path(EX1, algorithm=name), merge_path(EX1, algorithm=alias)
        assert path.algorithm == by_alias.algorithm == name
        assert path.partitions == by_alias.partitions
        assert reference_path(EX1, algorithm=alias) == reference_path(EX1, algorithm=name)
    assert merge_by_leakage(EX1, 0.3).algorithm == "merge_by_leakage"
    assert merge_across_components(EX1, 0.3).algorithm == "merge_across_components"
    assert merge_until_connected(EX1, 0.3).algorithm == "merge_until_connected"
    assert merge_path(EX1).result(0.3).algorithm == "merge_by_leakage"
    for bad in ("merge_until_connected", "alg1", "algorithm2_prime", "greedy_privacy_funnel"):
        with pytest.raises(ValueError, match="algorithm must be one of"):
            merge_path(EX1, algorithm=bad)


def test_reference_matches_example_values():
    assert Partition(reference_run(EX1, 0.3)) == merge_by_leakage(EX1, 0.3).partition
    steps = reference_until_connected(EX1, 0.3)
    assert [round(d, 4) for _, d in steps[1:]] == [0.3, 0.0, -1.0, 0.1755]


def test_lambda_accepts_ints_and_numpy_numbers():
    for lam in (0, 1, np.float32(0.3), np.int64(2), np.float64(0.3)):
        assert algorithm1(EX1, lam).lam == float(lam)


def test_bad_input_is_rejected():
    with pytest.raises(ValueError, match="lam"):
        algorithm1(EX1, -1)
    with pytest.raises(ValueError, match="utility"):
        algorithm2(EX1, 0.1, utility="U3")
    with pytest.raises(ValueError, match="values"):
        algorithm1(EX1, 0.1, utility="U2")
    with pytest.raises(ValueError, match="values"):
        algorithm1(EX1, 0.1, utility="U2", values=[1, 2])
    with pytest.raises(ValueError, match="distance"):
        algorithm1(EX1, 0.1, utility="U2", values=VALUES, distance="l3")
    with pytest.raises(ValueError, match="empty column"):
        algorithm1(np.eye(3, 4, dtype=bool), 0.1)
    with pytest.raises(ValueError, match="empty row"):
        merge_until_connected(np.eye(4, 3, dtype=bool), 0.1)
    with pytest.raises(ValueError, match="algorithm"):
        merge_path(EX1, algorithm="algorithm3")


def reference_partition(mask, lam, algorithm, utility="U1", values=None, sq=False):
    """The reference run (from scratch, every step) as a Partition."""
    kw = dict(utility=utility, values=values, distance="sq" if sq else "abs")
    return Partition(reference_run(mask, lam, algorithm=algorithm, **kw))


# ---------------------------------------------------------------------------------------------
# random instances: n_S in [2, 6], n_X in [2, 7], density U(0.1, 0.6), repaired
# ---------------------------------------------------------------------------------------------


def random_instance(seed: int, n_s_max: int = 6, n_x_max: int = 7):
    rng = np.random.default_rng(seed)
    n_s, n_x = int(rng.integers(2, n_s_max + 1)), int(rng.integers(2, n_x_max + 1))
    mask = rng.random((n_s, n_x)) < rng.uniform(0.1, 0.6)
    mask[rng.integers(0, n_s, n_x), np.arange(n_x)] = True
    mask[np.arange(n_s), rng.integers(0, n_x, n_s)] = True
    values = np.round(rng.normal(size=n_x) * 3, 1)  # rounded: exact ties in d̄ happen
    return mask, values


SEEDS = st.integers(0, 2**32 - 1)
CONFIGS = [("U1", "abs"), ("U2", "abs"), ("U2", "sq")]


def _lambdas(path):
    bp = path.breakpoints()
    return sorted({0.0, 0.05, 0.3, 1.0, 3.0, 100.0, *(bp * (1 - 1e-6)), *(bp * (1 + 1e-6))})


@given(seed=SEEDS)
def test_sweep_from_one_path_equals_separate_runs_and_the_reference(seed):
    mask, values = random_instance(seed)
    for utility, distance in CONFIGS:
        kw = dict(utility=utility, values=values, distance=distance)
        sq = distance == "sq"
        for alg, name in [(algorithm1, "algorithm1"), (algorithm2, "algorithm2")]:
            path = merge_path(mask, algorithm=name, **kw)
            for lam in _lambdas(path):
                direct = alg(mask, lam, **kw)
                from_path = path.result(lam)
                assert from_path.partition == direct.partition
                assert from_path.stop_reason == direct.stop_reason
                assert [h.partition for h in from_path.history] == [
                    h.partition for h in direct.history
                ]
                assert path.partitions[path.stop_index(lam)] == direct.partition
                assert direct.partition == reference_partition(
                    mask, lam, name, utility, values, sq
                ), (
                    name,
                    lam,
                )


@given(seed=SEEDS)
def test_until_connected_matches_the_reference_and_ends_with_zero_maximin(seed):
    mask, values = random_instance(seed)
    for utility, distance in CONFIGS:
        for lam in (0.0, 0.3, 2.0):
            res = merge_until_connected(
                mask, lam, utility=utility, values=values, distance=distance
            )
            ref = reference_until_connected(
                mask, lam, utility=utility, values=values, distance=distance
            )
            assert res.partition == Partition(ref[-1][0])
            q = quantize(mask, res.partition.labels)
            assert maximin_information(q) == 0
            assert len(res.decomposition) == 1
            assert res.leakage == pytest.approx(nonstochastic_leakage(q))


def many_components_instance(seed: int, n_s: int, n_x: int, p_two: float = 0.15):
    """Each x sees one s (and with probability ``p_two`` the next one): many components,
    long §V-C and Algorithm-2 paths; small integer values give many exact ties."""
    rng = np.random.default_rng(seed)
    s = rng.integers(0, n_s, n_x)
    s[:n_s] = rng.permutation(n_s)
    mask = np.zeros((n_s, n_x), dtype=bool)
    mask[s, np.arange(n_x)] = True
    two = np.flatnonzero(rng.random(n_x) < p_two)
    mask[np.minimum(s[two] + 1, n_s - 1), two] = True
    return mask, rng.integers(0, 6, n_x).astype(float)


@pytest.mark.parametrize("seed", range(4))
def test_incremental_indistinguishable_matches_the_reference_step_by_step(seed):
    """The incremental §V-C run (alive clusters only, one updated row of the pair table) makes
    the same merge as the from-scratch definition at every step, on longer paths than the
    hypothesis instances: many components, ties in size, S-range size and distortion."""
    mask, values = many_components_instance(2000 + seed, 6, 14)
    for utility, distance in CONFIGS:
        for lam in (0.0, 0.05, 0.3, 2.0):
            res = merge_until_connected(
                mask, lam, utility=utility, values=values, distance=distance
            )
            ref = reference_until_connected(
                mask, lam, utility=utility, values=values, distance=distance
            )
            assert [h.partition for h in res.history] == [Partition(q) for q, _ in ref], (
                utility,
                lam,
            )


@pytest.mark.parametrize("seed", range(4))
def test_incremental_indistinguishable_matches_a_from_scratch_run_on_medium_instances(seed):
    """30 values of X, long paths: the same merges as the direct evaluation of eq. (12) over
    all pairs at every step, with the same ΔL (continuous values: the tied set reaches beyond
    the smallest key, which the small random instances rarely show)."""
    mask, _ = many_components_instance(4000 + seed, 10, 30, p_two=0.1)
    values = np.round(np.random.default_rng(seed).normal(200, 40, 30), 1)
    for utility, distance in CONFIGS:
        for lam in (0.01, 0.3):
            res = merge_until_connected(
                mask, lam, utility=utility, values=values, distance=distance
            )
            ref = reference_until_connected(
                mask, lam, utility=utility, values=values, distance=distance
            )
            assert [h.partition for h in res.history] == [Partition(q) for q, _ in ref], (
                utility,
                lam,
            )
            assert [h.delta for h in res.history[1:]] == pytest.approx(
                [d for _, d in ref[1:]], abs=1e-12
            )


@pytest.mark.parametrize("seed", range(5))
def test_algorithm2_u1_component_pick_matches_the_reference_path(seed):
    """Algorithm 2 with U1 compares only the representatives tied on the size sum: its whole
    λ = 0 path equals the reference one (all pairs, every step), on instances with many
    components whose representatives tie on size and on subgraph size."""
    mask, _ = many_components_instance(3000 + seed, 5 + seed % 3, 16, p_two=0.1 + 0.1 * (seed % 3))
    path = merge_path(mask, algorithm="merge_across_components")
    ref = reference_path(mask, algorithm="merge_across_components")
    assert path.partitions == [Partition(q) for q in ref]


@given(seed=SEEDS)
def test_algorithm1_invariants(seed):
    mask, values = random_instance(seed)
    n_s = mask.shape[0]
    for utility, distance in CONFIGS:
        for lam in (0.0, 0.2, 1.0):
            res = algorithm1(mask, lam, utility=utility, values=values, distance=distance)
            lag = [h.lagrangian for h in res.history]
            assert all(b < a for a, b in zip(lag, lag[1:], strict=False))  # strictly decreasing
            b0 = [log2(n_s) - h.leakage for h in res.history]
            assert all(b > a for a, b in zip(b0, b0[1:], strict=False))  # B0 strictly increasing
            for h in res.history:
                q = quantize(mask, h.partition.labels)
                assert h.leakage == pytest.approx(nonstochastic_leakage(q), abs=1e-12)
                u = (
                    resolution_utility(h.partition)
                    if utility == "U1"
                    else distortion_utility(values, h.partition, distance=distance)
                )
                assert h.utility == pytest.approx(u, abs=1e-12)
                assert h.lagrangian == pytest.approx(h.leakage - lam * h.utility, abs=1e-12)
            if res.stop_reason == "delta_nonnegative":
                assert res.rejected.delta >= -1e-12
            else:
                assert len(res.partition) == 1


@given(seed=SEEDS)
def test_algorithm2_invariants(seed):
    mask, values = random_instance(seed)
    for utility, distance in CONFIGS:
        res0 = algorithm2(mask, 0.0, utility=utility, values=values, distance=distance)
        n0 = len(res0.history[0].decomposition)
        for t, h in enumerate(res0.history):
            assert len(h.decomposition) == n0 - t
            # incremental decomposition = recomputed from scratch (the join with P*_{G_X})
            assert h.decomposition == Partition(quantized_decomposition(mask, h.partition.labels))
            assert h.decomposition == res0.history[0].decomposition.join(h.partition)
            assert h.partition.refines(h.decomposition)
            assert h.leakage == pytest.approx(
                maximin_information(quantize(mask, h.partition.labels)), abs=1e-12
            )
        assert res0.leakage == 0  # λ = 0 ends connected
        for lam in (0.1, 1.0):
            lag = [
                h.lagrangian
                for h in algorithm2(
                    mask, lam, utility=utility, values=values, distance=distance
                ).history
            ]
            assert all(b < a for a, b in zip(lag, lag[1:], strict=False))


@given(seed=SEEDS)
def test_maximin_at_most_l0_along_every_path(seed):
    mask, _ = random_instance(seed)
    for name in ("algorithm1", "algorithm2"):
        for q in merge_path(mask, algorithm=name).partitions:
            r = quantize(mask, q.labels)
            assert maximin_information(r) <= nonstochastic_leakage(r) + 1e-12


@given(seed=SEEDS)
def test_reduced_criteria(seed):
    """argmin |𝒳1|+|𝒳2| maximizes U1 of the merged partition (always); argmin d̄(𝒳1 ⊔ 𝒳2)
    maximizes U2 whenever every candidate merge is d̄-monotone ."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 9))
    q = Partition.from_labels(rng.integers(0, max(2, n - 2), n))
    if len(q) < 2:
        return
    values = rng.normal(size=n)
    pairs = [(i, j) for i in range(len(q)) for j in range(i + 1, len(q))]
    u1 = {p: resolution_utility(q.merge(*p)) for p in pairs}
    size = {p: len(q.clusters[p[0]]) + len(q.clusters[p[1]]) for p in pairs}
    for p in pairs:
        if size[p] == min(size.values()):
            assert u1[p] == pytest.approx(max(u1.values()))
    d = {p: cluster_distortion(values, q.clusters[p[0]] + q.clusters[p[1]]) for p in pairs}
    monotone = all(
        d[(i, j)]
        >= max(cluster_distortion(values, q.clusters[i]), cluster_distortion(values, q.clusters[j]))
        - 1e-12
        for i, j in pairs
    )
    if monotone:
        u2 = {p: distortion_utility(values, q.merge(*p)) for p in pairs}
        for p in pairs:
            if d[p] <= min(d.values()) + 1e-12:
                assert u2[p] == pytest.approx(max(u2.values()))


def test_centroid_distortion_is_not_merge_monotone():
    # counter-example: d̄(A) > d̄(A ⊔ B)
    x = [0, 0.1, 0.2, 10, 10.1, 10.2, 10.3]
    assert cluster_distortion(x, [0, 1, 2, 3]) == pytest.approx(7.425)
    assert cluster_distortion(x, range(7)) == pytest.approx(5.842857142857143)


def test_path_breakpoints_decide_the_stop():
    path = merge_path(EX1, algorithm="merge_by_leakage", utility="U2", values=VALUES)
    # λ-windows of Example 2 (U2): breakpoints log2(3)/0.664286 = 2.3860 and 1/0.25 = 4
    assert set(np.round(path.breakpoints(), 4)) >= {2.386, 4.0}
    assert path.stop_index(4.0) == 0 and path.stop_index(3.0) == 1 and path.stop_index(2.0) == 2


def test_no_candidates_path_ends_with_a_rejected_repeat():
    # every x sees all of S: no cluster has a partner with a different range
    mask = np.ones((3, 4), dtype=bool)
    path = merge_path(mask)
    assert path.end_reason == "no_candidates" and len(path) == 2
    res = algorithm1(mask, 0.0)
    assert res.iterations == 0 and res.stop_reason == "delta_nonnegative"
    assert path.result(0.0).partition == res.partition == Partition.singletons(4)


# ---------------------------------------------------------------------------------------------
# Hungarian heart-disease data (Figs. 8-9)
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hungarian():
    from nsp.datasets import DataUnavailableError
    from nsp.papers.agglomerative import hungarian_age_chol, hungarian_joint_range

    try:
        df = hungarian_age_chol()
    except DataUnavailableError as exc:  # honest skip: the data is fetched by `make data`
        pytest.skip(f"Hungarian heart data not available: {exc}")
    return df, hungarian_joint_range(df)


def test_hungarian_counts_and_maximin(hungarian):
    from nsp.papers.agglomerative import dataset_statistics

    df, r = hungarian
    stats = dict(zip(dataset_statistics(df).quantity, dataset_statistics(df).ours, strict=True))
    assert [stats[k] for k in ("patients", "ages", "chol_levels", "pairs", "single_pairs")] == [
        293,
        38,
        154,
        281,
        269,
    ]
    assert maximin_information(r) == 1.0  # two components: chol 132 (age 28 only) and the rest
    assert stats["L0(S->X) [bits]"] == pytest.approx(log2(38))
    assert stats["chol values with a single age"] == 85 and stats["largest |[[S|x]]|"] == 15
    # dropping the missing cholesterol instead does not give the paper's counts
    from nsp.papers.agglomerative import hungarian_age_chol

    dropped = dict(
        zip(
            *dataset_statistics(hungarian_age_chol(missing="drop"))[["quantity", "ours"]].T.values,
            strict=True,
        )
    )
    assert [dropped[k] for k in ("ages", "chol_levels", "pairs", "single_pairs")] == [
        37,
        153,
        266,
        261,
    ]


def test_hungarian_paper_lambdas_are_degenerate_and_demo_lambdas_are_not(hungarian):
    _, r = hungarian
    # Fig. 8(a): the paper's λ's stop Algorithm 1 at t = 0
    assert algorithm1(r, 2.3).iterations == 0
    assert algorithm1(r, 2.0, utility="U2").iterations == 0
    # Fig. 8(b): Algorithm 2 can merge at most once (I* = 1 bit)
    assert algorithm2(r, 1.3).iterations == 0
    res = algorithm2(r, 0.03, utility="U2")
    assert res.iterations == 1 and res.stop_reason == "connected"
    ((a, b),) = res.history[1].merges
    assert {r.x_labels[a[0]], r.x_labels[b[0]]} == {129, 132}
    assert res.utility == pytest.approx(-1.5)
    # the demonstration λ's give 13 iterations each
    assert algorithm1(r, 0.2).iterations == 13
    assert algorithm1(r, 0.0035, utility="U2").iterations == 13


@pytest.mark.parametrize(
    ("utility", "lengths"), [("U1", {0, 1, 7, 13, 21}), ("U2", {0, 3, 13, 17})]
)
def test_hungarian_reachable_run_lengths(hungarian, utility, lengths):
    from nsp.pareto import lambda_windows

    _, r = hungarian
    w = lambda_windows(merge_path(r, utility=utility))
    assert set(w[w.reachable].t) == lengths


# ---------------------------------------------------------------------------------------------
# Section VI: stochastic counterparts
# ---------------------------------------------------------------------------------------------


@given(seed=SEEDS)
def test_renyi0_leakage_and_gacs_korner(seed):
    from nsp.info import gacs_korner_common_information, mutual_information, renyi_leakage
    from nsp.papers.agglomerative import section6_table, uniform_s

    mask, _ = random_instance(seed)
    rng = np.random.default_rng(seed)
    p = np.where(mask, rng.random(mask.shape) + 0.05, 0.0)
    p /= p.sum()
    # eq. (13): with uniform S, max_x D0(p(s|x) || p(s)) = L0(S -> X)
    assert renyi_leakage(uniform_s(p), 0) == pytest.approx(nonstochastic_leakage(mask), abs=1e-9)
    k = gacs_korner_common_information(p)
    assert k <= mutual_information(p) + 1e-9 and k <= maximin_information(mask) + 1e-9
    # K = I* when the components carry equal mass
    from nsp.uncertain import support_components

    n, s_lab, _ = support_components(mask)
    mass = np.array([p[s_lab == c].sum() for c in range(n)])
    p_eq = p / mass[s_lab][:, None] / n
    assert gacs_korner_common_information(p_eq) == pytest.approx(
        maximin_information(mask), abs=1e-9
    )
    table = section6_table(
        p,
        {"identity": Partition.singletons(mask.shape[1]), "whole": Partition.whole(mask.shape[1])},
    )
    assert table["max D0 (uniform S, eq. 13)"].to_numpy() == pytest.approx(
        table["L0 [bits]"].to_numpy(), abs=1e-9
    )
    assert (table["K (Gacs-Korner)"] <= table["I* [bits]"] + 1e-9).all()


@pytest.mark.parametrize("seed", range(6))
def test_larger_instances_with_many_components_match_the_reference(seed):
    """Longer Algorithm-2 paths (many components, tied distortions) exercise the incremental
    best-partner bookkeeping; the final partition at λ = 0 and at λ = 0.5 must be the reference
    one."""
    rng = np.random.default_rng(1000 + seed)
    n_s, n_x = 12, 30
    s = rng.integers(0, n_s, n_x)
    s[:n_s] = rng.permutation(n_s)
    mask = np.zeros((n_s, n_x), dtype=bool)
    mask[s, np.arange(n_x)] = True
    two = np.flatnonzero(rng.random(n_x) < 0.15)
    mask[np.minimum(s[two] + 1, n_s - 1), two] = True
    values = rng.integers(0, 8, n_x).astype(float)  # many exact ties
    for utility, distance in CONFIGS:
        for lam in (0.0, 0.5):
            ours = algorithm2(
                mask, lam, utility=utility, values=values, distance=distance
            ).partition
            assert ours == reference_partition(
                mask, lam, "algorithm2", utility, values, distance == "sq"
            )
        ours1 = algorithm1(mask, 0.0, utility=utility, values=values, distance=distance).partition
        assert ours1 == reference_partition(
            mask, 0.0, "algorithm1", utility, values, distance == "sq"
        )


@given(seed=SEEDS)
def test_eq14_ldp_from_bounded_posterior_ratio(seed):
    """Eq. (14): if max |ln p(s|x̂)/p(s)| = ε then p(x̂|s) is 2ε-LDP (natural log)."""
    from nsp.channels import dp_epsilon

    rng = np.random.default_rng(seed)
    n_s, n_x = int(rng.integers(2, 7)), int(rng.integers(2, 7))
    p = rng.random((n_s, n_x)) + 0.01
    p /= p.sum()
    ps, px = p.sum(axis=1), p.sum(axis=0)
    eps = np.abs(np.log(p / px[None, :] / ps[:, None])).max()
    channel = p / ps[:, None]  # W[s, x̂] = p(x̂|s)
    assert dp_epsilon(channel) <= 2 * eps + 1e-12


# ---------------------------------------------------------------------------------------------
# the paper module: examples table, Section VI, bad input
# ---------------------------------------------------------------------------------------------


def test_examples_table_agrees_where_the_paper_is_consistent():
    from nsp.papers.agglomerative import EXAMPLE_NOTES, examples_table

    table = examples_table()
    assert list(table.columns) == ["example", "quantity", "paper", "ours", "agrees", "note"]
    disagree = table[~table.agrees]
    # every disagreement is explained, and only the six known ones disagree
    assert len(disagree) == 6
    assert all(disagree.note.str.len() > 0)
    assert set(zip(disagree.example, disagree.quantity, strict=True)) <= set(EXAMPLE_NOTES)


def test_uniform_s_gives_eq13_and_rejects_an_empty_row():
    from nsp.info import renyi_leakage
    from nsp.papers.agglomerative import uniform_s

    p = EX1 / EX1.sum()
    assert renyi_leakage(uniform_s(p), 0) == pytest.approx(log2(6))
    q = np.zeros((2, 2))
    q[0] = 0.5
    with pytest.raises(ValueError, match="positive mass"):
        uniform_s(q)


@pytest.mark.parametrize(
    ("call", "name"),
    [
        ("example_values(lam=-0.3)", "lam"),
        ("example_values(lam='0.3')", "lam"),
        ("example_values(lam_example2_u2=np.nan)", "lam_example2_u2"),
        ("example_values(values=[0.1, 0.2])", "values"),
        ("uniform_s([[0.5, 0.5j]])", "p_sx"),
        ("uniform_s([0.5, 0.5])", "p_sx"),
        ("section6_table(EX1 / 8, {}, base=1)", "base"),
        ("section6_table(EX1 / 4, {})", "p_sx"),
        ("hungarian_age_chol(missing='fill')", "missing"),
        ("hungarian_age_chol(missing_value=-9.5)", "missing_value"),
        ("k_anonymity_points(example1_range(), 2, u2_hat=np.nan, values=VALUES)", "u2_hat"),
        ("k_anonymity_points(example1_range(), 2.5, u2_hat=-1.0, values=VALUES)", "k"),
        ("synthetic_range(0, 5)", "n_s"),
        ("synthetic_range(5, 4)", "n_x"),
        ("synthetic_range(5, 10, seed=-1)", "seed"),
        ("synthetic_range(5, 10, p_two=1.5)", "p_two"),
        ("trace_table({}, merges='yes')", "merges"),
    ],
)
def test_bad_input_of_the_paper_module(call, name):
    from nsp.papers import agglomerative as paper

    env = {**{public: getattr(paper, public) for public in paper.__all__}, "np": np, "EX1": EX1}
    env["VALUES"] = VALUES
    with pytest.raises(ValueError, match=name):
        eval(call, env)


def test_section6_relations_on_the_hungarian_table(hungarian):
    from nsp.clustering.baselines import generalize_to_k_anonymity
    from nsp.papers.agglomerative import hungarian_pmf, section6_table

    df, r = hungarian
    partitions = {
        "X": Partition.singletons(r.n_x),
        "alg1": algorithm1(r, 0.2).partition,
        "alg2": algorithm2(r, 0.0).partition,
        "kanon": generalize_to_k_anonymity(r, 5),
        "one": Partition.whole(r.n_x),
    }
    table = section6_table(hungarian_pmf(df), partitions).set_index("quantization")
    assert (table["K (Gacs-Korner)"] <= table["I* [bits]"] + 1e-12).all()
    assert (table["K (Gacs-Korner)"] <= table["I(S;Xhat)"] + 1e-12).all()
    assert table["max D0 (uniform S, eq. 13)"].to_numpy() == pytest.approx(
        table["L0 [bits]"].to_numpy(), abs=1e-9
    )
    # I* = 0 does not imply L0 = 0
    assert table.loc["alg2", "I* [bits]"] == 0 and table.loc["alg2", "L0 [bits]"] > 0


def test_algorithm1_beats_merge_low_five_anonymity_on_the_hungarian_data(hungarian):
    from nsp.papers.agglomerative import dominating_points, k_anonymity_points
    from nsp.pareto import default_lambdas, lambda_sweep

    _, r = hungarian
    sweeps = {}
    for u in ("U1", "U2"):
        path = merge_path(r, utility=u)
        sweeps[u] = lambda_sweep(
            r,
            default_lambdas(path, num=25),
            algorithm="merge_by_leakage",
            utility=u,
            include_path=True,
        )
    kanon = k_anonymity_points(r, 5, u2_hat=sweeps["U2"].utility.min())
    assert kanon.leakage_norm.to_numpy() == pytest.approx(log2(38 / 5) / log2(38), abs=1e-12)
    table = dominating_points(sweeps, kanon).set_index(["method", "utility_kind"])
    assert table.loc[("merge_low", "U1"), "sweep_points"] > 0
    assert table.loc[("merge_low", "U2"), "sweep_points"] > 0
    assert table.loc[("interval", "U2"), "sweep_points"] == 0


def test_trace_table_lists_every_iteration_and_the_merges():
    from nsp.papers.agglomerative import trace_table

    res = merge_by_leakage(EX1, 0.3)
    table = trace_table({"U1": res}, label="utility_kind", merges=True)
    assert list(table.t) == [0, 1, 2, 3] and table.accepted.all()
    assert table.merges[1] == "{x2}+{x1}; {x3}+{x5}; {x4}+{x6}; {x7}+{x1,x2}"
    assert set(table.utility_kind) == {"U1"} and set(table.stop_reason) == {"single_cluster"}


def test_synthetic_range_is_a_valid_seeded_range_with_many_components():
    from nsp.papers.agglomerative import synthetic_range
    from nsp.uncertain import JointRange, support_components

    mask, values = synthetic_range(38, 154, seed=0)
    again, _ = synthetic_range(38, 154, seed=0)
    assert (mask == again).all() and np.all(np.diff(values) >= 0)
    JointRange(mask)  # every row and column holds a True
    assert support_components(mask)[0] > 10
