"""Tests of nsp.uncertain: worked values of the papers, random-range properties, cross-checks."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nsp import uncertain as U
from nsp.papers.agglomerative import example1_range
from nsp.partition import Partition
from nsp.uncertain import _decomposition


def _nx_components(mask: np.ndarray) -> list[set]:
    """Components of the bipartite graph by networkx (independent peer)."""
    g = nx.Graph()
    n_s, n_x = mask.shape
    g.add_nodes_from(("s", i) for i in range(n_s))
    g.add_nodes_from(("x", j) for j in range(n_x))
    g.add_edges_from((("s", int(i)), ("x", int(j))) for i, j in zip(*np.nonzero(mask), strict=True))
    return [set(c) for c in nx.connected_components(g)]


def _assert_same_components(mask: np.ndarray) -> None:
    n, s_lab, x_lab = U.support_components(mask)
    ours = {}
    for i, c in enumerate(s_lab):
        ours.setdefault(int(c), set()).add(("s", i))
    for j, c in enumerate(x_lab):
        ours.setdefault(int(c), set()).add(("x", j))
    theirs = _nx_components(mask)
    assert n == len(theirs) == len(ours)
    assert sorted(map(sorted, ours.values())) == sorted(map(sorted, theirs))
    assert sorted(ours) == list(range(n))
    # numbering rule: components with a row first, by smallest row; then row-less ones by column
    keys = []
    for c in range(n):
        members = ours[c]
        srows = [i for t, i in members if t == "s"]
        keys.append((0, min(srows)) if srows else (1, min(j for _, j in members)))
    assert keys == sorted(keys)


@given(
    n_s=st.integers(1, 12),
    n_x=st.integers(1, 12),
    density=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**32 - 1),
)
def test_support_components_match_networkx(n_s, n_x, density, seed):
    mask = np.random.default_rng(seed).random((n_s, n_x)) < density
    saved = _decomposition._DENSE_EDGES_PER_VERTEX
    try:
        for threshold in (saved, 0):  # 0 forces the dense (contraction) path
            _decomposition._DENSE_EDGES_PER_VERTEX = threshold
            _assert_same_components(mask)
    finally:
        _decomposition._DENSE_EDGES_PER_VERTEX = saved


@pytest.mark.parametrize("density", [0.0005, 0.002, 0.01, 0.05, 0.3, 0.9])
def test_support_components_both_paths_match_networkx(density, rng):
    # 150 x 120: the sparse densities take the direct path, the dense ones the contraction
    mask = rng.random((150, 120)) < density
    _assert_same_components(mask)


def test_support_components_dense_block_diagonal(rng):
    # dense blocks with a permutation: exercises the contraction with several components
    blocks = np.zeros((300, 200), dtype=bool)
    blocks[:100, :100] = rng.random((100, 100)) < 0.8
    blocks[100:200, 100:150] = rng.random((100, 50)) < 0.9
    blocks[200:, 150:] = True
    mask = blocks[rng.permutation(300)][:, rng.permutation(200)]
    assert mask.sum() > _decomposition._DENSE_EDGES_PER_VERTEX * sum(mask.shape)
    _assert_same_components(mask)


def test_support_components_validation():
    with pytest.raises(ValueError, match="mask must be a 2-D"):
        U.support_components([1, 0, 1])
    with pytest.raises(ValueError, match="only 0 and 1"):
        U.support_components([[0.5, 1.0]])
    with pytest.raises(ValueError, match="must not be empty"):
        U.support_components(np.zeros((0, 3), dtype=bool))


# =============================================================================================
# Worked examples of the papers (Ding & Farokhi; Farokhi)
# =============================================================================================

LOG2 = np.log2

#: Example 1 of Ding & Farokhi (Fig. 1): rows s1..s6, columns x1..x7 (a read-only mask).
EX1 = example1_range().mask


def _labels_from_clusters(clusters, n):
    lab = np.empty(n, dtype=int)
    for k, c in enumerate(clusters):
        lab[list(c)] = k
    return lab


def _x(*one_based):
    return tuple(i - 1 for i in one_based)


def test_example1_measures():
    r = U.JointRange(EX1)
    assert r.n_s == 6 and r.n_x == 7 and int(r.mask.sum()) == 8
    assert U.hartley_entropy(r) == pytest.approx(LOG2(6), abs=1e-12)
    assert U.hartley_entropy(r, axis=1) == pytest.approx(LOG2(7), abs=1e-12)
    assert U.conditional_hartley_entropy(r) == pytest.approx(1.0, abs=1e-12)
    assert U.min_conditional_hartley_entropy(r) == 0.0
    assert U.nonstochastic_leakage(r) == pytest.approx(2.584963, abs=1e-6)
    assert U.nonstochastic_information(r) == pytest.approx(1.584963, abs=1e-6)
    assert U.maximin_information(r) == pytest.approx(2.321928, abs=1e-6)
    assert U.k_anonymity(r) == 1
    # asymmetry of L0: L0(X -> S) = log 7
    assert U.nonstochastic_leakage(r.T) == pytest.approx(LOG2(7), abs=1e-12)
    assert U.maximin_information(r.T) == U.maximin_information(r)
    np.testing.assert_array_equal(U.conditional_range_sizes(r), [2, 1, 1, 1, 1, 1, 1])
    np.testing.assert_array_equal(U.conditional_range_sizes(r, given="s"), [1, 2, 2, 1, 1, 1])


def test_example1_graph_and_partitions():
    g = U.confusability_graph(EX1)
    assert set(g.nodes) == set(range(7))
    assert sorted(g.edges) == [_x(1, 2), _x(3, 4)]
    assert U.finest_decomposition(EX1) == [_x(1, 2), _x(3, 4), _x(5), _x(6), _x(7)]
    # overlap partition {{s1,s2},{s3},{s4},{s5},{s6}} (the paper's "{s4},{s4}" is a typo)
    assert U.overlap_partition(EX1) == [
        frozenset({0, 1}),
        frozenset({2}),
        frozenset({3}),
        frozenset({4}),
        frozenset({5}),
    ]
    assert nx.node_connectivity(g) == 0


def test_example1_min_cut_solutions_eq1():
    # Eq. (1): the 2^5 - 2 = 30 min-cut solutions are the unions of blocks except {} and X
    sols = _min_cut_solutions(EX1)
    assert sols[0] == 0 and len(sols[1]) == 30
    assert frozenset(_x(1, 2, 3, 4)) in sols[1] and frozenset(_x(5, 6, 7)) in sols[1]


def test_subgraph_merging_example_4_2():
    labels = _labels_from_clusters([_x(1, 3), _x(2, 5), _x(4, 6), _x(7)], 7)
    assert U.quantized_decomposition(EX1, labels) == [_x(1, 2, 3, 4, 5, 6), _x(7)]
    assert U.maximin_information(U.quantize(EX1, labels)) == 1.0


@pytest.mark.parametrize(
    ("clusters", "ranges"),
    [
        # Example 2 (U1, Alg. 1), with x6 -> s5, x7 -> s6 (the paper's text says otherwise)
        ([_x(1, 2, 7), _x(3, 5), _x(4, 6)], [{1, 2, 6}, {3, 4}, {3, 5}]),
        ([_x(1, 2, 7), _x(3, 4, 5, 6)], [{1, 2, 6}, {3, 4, 5}]),
        # Example 2 (U2, Alg. 1) returned partition
        ([_x(1, 2, 4), _x(3, 5), _x(6, 7)], [{1, 2, 3}, {3, 4}, {5, 6}]),
    ],
)
def test_example2_conditional_ranges(clusters, ranges):
    got = U.cluster_ranges(EX1, clusters)
    for c, (cl, expected) in enumerate(zip(clusters, ranges, strict=True)):
        s_range = {i + 1 for i in np.flatnonzero(got[:, c])}
        assert s_range == expected
        assert U.conditional_range(EX1, cl) == frozenset(i - 1 for i in expected)


@pytest.mark.parametrize(
    ("clusters", "min_size", "l0"),
    [
        ([_x(i) for i in range(1, 8)], 1, LOG2(6)),
        ([_x(1, 2, 7), _x(3, 5), _x(4, 6)], 2, LOG2(3)),
        ([_x(1, 2, 7), _x(3, 4, 5, 6)], 3, LOG2(2)),
        ([_x(1, 2, 3, 4, 5, 6, 7)], 6, 0.0),
    ],
)
def test_example2_alg1_trace_values(clusters, min_size, l0):
    q = U.quantize(EX1, _labels_from_clusters(clusters, 7))
    assert U.k_anonymity(q) == min_size
    assert U.min_conditional_hartley_entropy(q) == pytest.approx(LOG2(min_size), abs=1e-12)
    assert U.nonstochastic_leakage(q) == pytest.approx(l0, abs=1e-12)


@pytest.mark.parametrize(
    ("clusters", "decomposition"),
    [
        # Example 3 (Alg. 2, U1): P^(1..4)
        ([_x(1, 3), _x(2), _x(4), _x(5), _x(6), _x(7)], [_x(1, 2, 3, 4), _x(5), _x(6), _x(7)]),
        ([_x(1, 3), _x(2, 5), _x(4), _x(6), _x(7)], [_x(1, 2, 3, 4, 5), _x(6), _x(7)]),
        ([_x(1, 3), _x(2, 5), _x(4, 6), _x(7)], [_x(1, 2, 3, 4, 5, 6), _x(7)]),
        ([_x(1, 3, 7), _x(2, 5), _x(4, 6)], [_x(1, 2, 3, 4, 5, 6, 7)]),
        # Example 4 (Alg. 2, U2): Q^(3) -> P^(3) = {{x1..x6},{x7}}
        ([_x(1, 4), _x(3, 5, 6), _x(2), _x(7)], [_x(1, 2, 3, 4, 5, 6), _x(7)]),
        # Example 5 (Sec. V-C): Q^(1..4)
        ([_x(1), _x(2, 3), _x(4), _x(5), _x(6), _x(7)], [_x(1, 2, 3, 4), _x(5), _x(6), _x(7)]),
        ([_x(1), _x(2, 3), _x(4, 5), _x(6), _x(7)], [_x(1, 2, 3, 4, 5), _x(6), _x(7)]),
        ([_x(1), _x(2, 3), _x(4, 5), _x(6, 7)], [_x(1, 2, 3, 4, 5), _x(6, 7)]),
        ([_x(1, 6, 7), _x(2, 3), _x(4, 5)], [_x(1, 2, 3, 4, 5, 6, 7)]),
    ],
)
def test_examples_3_4_5_decompositions(clusters, decomposition):
    labels = _labels_from_clusters(clusters, 7)
    assert U.quantized_decomposition(EX1, labels) == decomposition
    q = U.quantize(EX1, labels)
    assert U.maximin_information(q) == pytest.approx(LOG2(len(decomposition)), abs=1e-12)


def test_examples_3_and_5_final_values():
    # Example 3 output: I* = 0 but L0 = log 3 (I* = 0 does not imply L0 = 0)
    q3 = U.quantize(EX1, _labels_from_clusters([_x(1, 3, 7), _x(2, 5), _x(4, 6)], 7))
    assert U.maximin_information(q3) == 0.0
    assert U.nonstochastic_leakage(q3) == pytest.approx(LOG2(3), abs=1e-12)
    # U1 = I0(X -> Xhat) = log(7/3) (quoted in Sec. VII-A): the range of (X, Xhat) is the partition
    x_xhat = np.zeros((7, 3), dtype=bool)
    x_xhat[np.arange(7), _labels_from_clusters([_x(1, 3, 7), _x(2, 5), _x(4, 6)], 7)] = True
    assert U.nonstochastic_information(x_xhat) == pytest.approx(1.222392, abs=1e-6)
    q5 = U.quantize(EX1, _labels_from_clusters([_x(1, 6, 7), _x(2, 3), _x(4, 5)], 7))
    assert U.maximin_information(q5) == 0.0
    assert U.nonstochastic_leakage(q5) == pytest.approx(LOG2(3), abs=1e-12)


def test_example4_fig5_graph_a():
    # Fig. 5(a): after merging x1, x4: nodes x2, x14, x3, x5, x6, x7; edges x14-x2, x14-x3
    q = U.quantize(EX1, ["14", "2", "3", "14", "5", "6", "7"])
    assert q.x_labels == ("14", "2", "3", "5", "6", "7")
    g = U.confusability_graph(q)
    named = {frozenset((g.nodes[a]["label"], g.nodes[b]["label"])) for a, b in g.edges}
    assert named == {frozenset(("14", "2")), frozenset(("14", "3"))}


PENTAGON = U.JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))


def test_pentagon_e15():
    r = PENTAGON
    assert U.hartley_entropy(r) == pytest.approx(LOG2(5), abs=1e-12)
    assert U.conditional_hartley_entropy(r) == 1.0
    for v in (
        U.nonstochastic_information(r),
        U.nonstochastic_leakage(r),
        U.nonstochastic_leakage(r.T),
        U.symmetrized_leakage(r),
    ):
        assert v == pytest.approx(LOG2(5 / 2), abs=1e-12)
    assert U.maximin_information(r) == 0.0
    g = U.confusability_graph(r, axis=0)
    assert nx.is_isomorphic(g, nx.cycle_graph(5))
    assert U.independence_number(g) == 2
    assert U.independence_number(U.confusability_graph(U.strong_power(r, 2), axis=0)) == 5
    c0 = U.zero_error_rate_lower_bound(r, k_max=2)
    assert c0 == pytest.approx(LOG2(np.sqrt(5)), abs=1e-12)
    assert c0 <= U.sup_symmetrized_leakage(r) + 1e-12
    assert U.sup_symmetrized_leakage(r) == pytest.approx(1.3219, abs=1e-4)


def test_pentagon_shannon_code():
    # Shannon's 5-word code for the pentagon squared: (i, 2i mod 5)
    p2 = U.strong_power(PENTAGON, 2)
    code = [p2.s_labels.index((i, (2 * i) % 5)) for i in range(5)]
    assert U.is_zero_error_code(p2, code)
    assert not U.is_zero_error_code(p2, code + [p2.s_labels.index((0, 1))])


# =============================================================================================
# Properties on random ranges
# =============================================================================================


def _random_range(rng: np.random.Generator, n_s: int, n_x: int, density: float) -> np.ndarray:
    """A random mask repaired so that every row and column has a pair."""
    m = rng.random((n_s, n_x)) < density
    for i in np.flatnonzero(~m.any(axis=1)):
        m[i, rng.integers(n_x)] = True
    for j in np.flatnonzero(~m.any(axis=0)):
        m[rng.integers(n_s), j] = True
    return m


@st.composite
def ranges(draw, max_s: int = 6, max_x: int = 7):
    n_s = draw(st.integers(1, max_s))
    n_x = draw(st.integers(1, max_x))
    density = draw(st.floats(0.05, 0.7))
    seed = draw(st.integers(0, 2**32 - 1))
    return _random_range(np.random.default_rng(seed), n_s, n_x, density)


@st.composite
def ranges_and_labels(draw, max_s: int = 6, max_x: int = 7):
    m = draw(ranges(max_s, max_x))
    seed = draw(st.integers(0, 2**32 - 1))
    k = draw(st.integers(1, m.shape[1]))
    labels = np.random.default_rng(seed).integers(0, k, size=m.shape[1])
    return m, labels


def _overlap_closure(m: np.ndarray) -> np.ndarray:
    """s ~ s' (transitive closure of 'share some x'), by boolean Warshall."""
    a = (m.astype(int) @ m.T.astype(int)) > 0
    for k in range(a.shape[0]):
        a |= a[:, [k]] & a[[k], :]
    return a


def _min_cut_solutions(m: np.ndarray) -> tuple[int, set]:
    """Brute force: min over non-empty proper subsets of X of the cut value, and the argmin set."""
    g = U.confusability_graph(m)
    n = m.shape[1]
    best, sols = None, set()
    for size in range(1, n):
        for subset in itertools.combinations(range(n), size):
            kappa = nx.cut_size(g, subset)
            if best is None or kappa < best:
                best, sols = kappa, {frozenset(subset)}
            elif kappa == best:
                sols.add(frozenset(subset))
    return best, sols


@given(ranges_and_labels())
def test_prop1_and_ranges_p1_p2(case):
    m, labels = case
    for q in (U.JointRange(m), U.quantize(m, labels)):
        h0s = U.hartley_entropy(q)
        i0, l0, i_star = (
            U.nonstochastic_information(q),
            U.nonstochastic_leakage(q),
            U.maximin_information(q),
        )
        assert 0 <= i0 <= l0 + 1e-12 <= h0s + 2e-12
        assert i_star <= l0 + 1e-12  # Prop. 1
        assert 0 <= i_star <= min(h0s, U.hartley_entropy(q, axis=1)) + 1e-12
        assert i_star <= U.symmetrized_leakage(q) + 1e-12  # noiseless Prop. 1
        # X1: H0(S) - H0(S|X) = I0 and L0 = H0(S) - B0
        assert h0s - U.conditional_hartley_entropy(q) == pytest.approx(i0, abs=1e-12)
        assert h0s - U.min_conditional_hartley_entropy(q) == pytest.approx(l0, abs=1e-12)


@given(ranges())
def test_lemma1_k_anonymity_p3(m):
    n_s = m.shape[0]
    kstar = U.k_anonymity(m)
    assert kstar == min(len(U.conditional_range(m, x)) for x in range(m.shape[1]))
    for k in range(1, n_s + 1):
        anon = all(len(U.conditional_range(m, x)) >= k for x in range(m.shape[1]))
        assert U.is_k_anonymous(m, k) == anon
        assert anon == (U.min_conditional_hartley_entropy(m) >= LOG2(k) - 1e-12)
        assert anon == (U.nonstochastic_leakage(m) <= LOG2(n_s / k) + 1e-12)


@given(ranges())
def test_lemma2_decomposition_gives_overlap_partition_p4_p6(m):
    blocks = U.finest_decomposition(m)
    s_ranges = [U.conditional_range(m, b) for b in blocks]
    # the S-ranges of the blocks partition [[S]] and equal the overlap partition
    assert sorted(x for r in s_ranges for x in r) == list(range(m.shape[0]))
    assert sorted(s_ranges, key=min) == U.overlap_partition(m)
    # every block overlap connected, distinct blocks overlap isolated (brute-force closure)
    closure = _overlap_closure(m)
    for i, a in enumerate(s_ranges):
        for b in s_ranges[i:]:
            conn = closure[np.ix_(sorted(a), sorted(b))]
            assert conn.all() if a == b else not conn.any()
    # different blocks => disjoint [[X|s]] => distinguishability maximal
    dist = U.distinguishability_matrix(m)
    row = m.sum(axis=1)
    for a in s_ranges:
        for b in s_ranges:
            if a != b:
                for s in a:
                    for t in b:
                        assert not (m[s] & m[t]).any()
                        assert dist[s, t] == row[s] + row[t] == U.distinguishability(m, s, t)


@given(ranges(max_s=8, max_x=8))
def test_maximin_symmetry_laplacian_networkx_p5(m):
    n_comp = len(U.finest_decomposition(m))
    assert (
        U.maximin_information(m)
        == U.maximin_information(m.T)
        == pytest.approx(LOG2(n_comp), abs=1e-12)
    )
    g = U.confusability_graph(m)
    lap = nx.laplacian_matrix(g, nodelist=range(m.shape[1])).toarray().astype(float)
    nullity = int((np.abs(np.linalg.eigvalsh(lap)) < 1e-9).sum())
    assert nullity == n_comp == nx.number_connected_components(g) == len(_nx_components(m))
    # the graph itself against a brute-force definition
    for x, y in itertools.combinations(range(m.shape[1]), 2):
        assert g.has_edge(x, y) == bool((m[:, x] & m[:, y]).any())


@given(ranges(max_s=5, max_x=7))
def test_min_cut_eq1_p7(m):
    n_x = m.shape[1]
    blocks = U.finest_decomposition(m)
    if n_x == 1:  # no proper subset: nothing to cut
        assert blocks == [(0,)]
        return
    best, sols = _min_cut_solutions(m)
    assert (best == 0) == (len(blocks) >= 2)
    if best == 0:
        unions = {
            frozenset(x for b in chosen for x in b)
            for size in range(1, len(blocks))
            for chosen in itertools.combinations(blocks, size)
        }
        assert sols == unions
        minimal = {s for s in sols if not any(t < s for t in sols)}
        assert minimal == {frozenset(b) for b in blocks}


def _join(p1: list[tuple], labels: np.ndarray) -> list[tuple]:
    """Finest common coarsening of a partition and the partition of labels, by union-find."""
    parent = list(range(len(labels)))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    groups = [list(b) for b in p1] + [list(np.flatnonzero(labels == v)) for v in np.unique(labels)]
    for g in groups:
        for a in g[1:]:
            parent[find(a)] = find(g[0])
    out = {}
    for a in range(len(labels)):
        out.setdefault(find(a), []).append(a)
    return sorted((tuple(v) for v in out.values()), key=lambda b: b[0])


@given(ranges_and_labels(max_s=7, max_x=9))
def test_subgraph_merging_p8(case):
    m, labels = case
    q = U.quantize(m, labels)
    # components of G_Xhat from scratch (networkx), mapped back to x indices
    g = U.confusability_graph(q)
    codes = {lab: k for k, lab in enumerate(q.x_labels)}
    scratch = sorted(
        (
            tuple(sorted(x for x in range(m.shape[1]) if codes[labels[x]] in comp))
            for comp in nx.connected_components(g)
        ),
        key=lambda b: b[0],
    )
    joined = _join(U.finest_decomposition(m), labels)
    assert U.quantized_decomposition(m, labels) == scratch == joined
    assert U.maximin_information(q) == pytest.approx(LOG2(len(joined)), abs=1e-12)


@given(ranges_and_labels(max_s=6, max_x=8), st.integers(0, 2**32 - 1))
def test_quantization_monotonicity_p9(case, seed):
    m, labels = case
    # a coarser partition: merge the labels through a random map
    k = int(labels.max()) + 1
    coarse = np.random.default_rng(seed).integers(0, max(1, k - 1), size=k)[labels]
    fine_q, coarse_q = U.quantize(m, labels), U.quantize(m, coarse)
    assert U.nonstochastic_leakage(coarse_q) <= U.nonstochastic_leakage(fine_q) + 1e-12
    assert U.maximin_information(coarse_q) <= U.maximin_information(fine_q) + 1e-12
    assert U.k_anonymity(coarse_q) >= U.k_anonymity(fine_q)
    assert U.nonstochastic_information(coarse_q) <= U.nonstochastic_information(fine_q) + 1e-12
    # and quantizing is never worse than the identity
    assert U.nonstochastic_leakage(fine_q) <= U.nonstochastic_leakage(m) + 1e-12


@given(ranges())
def test_renyi0_equals_l0_for_uniform_s_p15(m):
    # eq. (13): with p(s) uniform, max_x D0(p(s|x) || p(s)) = max_x -log sum_{s in supp p(.|x)} p(s)
    n_s = m.shape[0]
    d0 = max(-LOG2(m[:, x].sum() / n_s) for x in range(m.shape[1]))
    assert d0 == pytest.approx(U.nonstochastic_leakage(m), abs=1e-12)


@given(ranges())
def test_side_information_and_observable_s_p18_p19(m):
    m3 = m[:, :, None]
    assert U.side_information_leakage(m3) == pytest.approx(U.nonstochastic_leakage(m), abs=1e-12)
    assert U.side_information_maximin(m3) == pytest.approx(U.maximin_information(m), abs=1e-12)
    # Y = (S, X): one column per pair, [[S|y]] = {s}
    s_idx, _ = np.nonzero(m)
    y = np.zeros((m.shape[0], s_idx.size), dtype=bool)
    y[s_idx, np.arange(s_idx.size)] = True
    h0 = U.hartley_entropy(m)
    assert U.maximin_information(y) == pytest.approx(h0, abs=1e-12)
    assert U.nonstochastic_leakage(y) == pytest.approx(h0, abs=1e-12)


@given(st.integers(1, 6), st.integers(1, 6))
def test_independence_p20(n_s, n_x):
    m = np.ones((n_s, n_x), dtype=bool)
    assert U.is_independent(m)
    assert (
        U.nonstochastic_information(m)
        == U.nonstochastic_leakage(m)
        == U.maximin_information(m)
        == 0.0
    )


@given(ranges(max_s=5, max_x=6))
def test_zero_error_bound_prop2(m):
    # Farokhi's Prop. 2 (necessary form): max_{k<=2} log alpha(G^k)/k <= sup_A L0s(J_A)
    assert U.zero_error_rate_lower_bound(m, k_max=2) <= U.sup_symmetrized_leakage(m) + 1e-12
    # alpha(G) = largest zero-error code, by enumeration of input subsets
    n = m.shape[0]
    largest = max(
        size
        for size in range(1, n + 1)
        for code in itertools.combinations(range(n), size)
        if U.is_zero_error_code(m, code)
    )
    assert U.independence_number(U.confusability_graph(m, axis=0)) == largest


@given(st.integers(1, 8), st.integers(2, 3), st.integers(0, 2**32 - 1))
def test_hypothesis_testing_prop3(n_x, n_y, seed):
    # Farokhi's Prop. 3: Y = g_Y(X), H = g_H(X) random; every test has P(T) <= log|Y|p0 Δ Y|p1|
    rng = np.random.default_rng(seed)
    g_y = rng.integers(0, n_y, size=n_x)
    g_h = rng.integers(0, 2, size=n_x)
    r = U.JointRange.from_pairs(zip(g_h.tolist(), g_y.tolist(), strict=True))
    rows = {h: {y for hh, y in zip(g_h, g_y, strict=True) if hh == h} for h in set(g_h.tolist())}
    sym = rows.get(0, set()) ^ rows.get(1, set()) if len(rows) == 2 else set(g_y.tolist())
    bound = U.hypothesis_test_bound(r)
    assert bound == (LOG2(len(sym)) if sym else -np.inf)
    best = -np.inf
    for test in itertools.product(range(r.n_s), repeat=r.n_x):
        perf = U.hypothesis_test_performance(r, np.array(test))
        # brute-force aleph(T): y where every x with g_Y(x) = y has g_H(x) = T(y)
        aleph = [
            j
            for j, y in enumerate(r.x_labels)
            if {r.s_labels[test[j]]}
            == {h for h, yy in zip(g_h.tolist(), g_y.tolist(), strict=True) if yy == y}
        ]
        assert perf == (LOG2(len(aleph)) if aleph else -np.inf)
        assert perf <= bound
        best = max(best, perf)
    assert best == bound == U.hypothesis_test_performance(r, U.optimal_hypothesis_test(r))


@given(ranges_and_labels(max_s=9, max_x=12))
def test_cluster_ranges_match_naive(case):
    m, labels = case
    # clusters in canonical order (by smallest x), the column order of quantize
    clusters = sorted((tuple(np.flatnonzero(labels == v)) for v in np.unique(labels)), key=min)
    got = U.cluster_ranges(m, clusters)
    for c, cl in enumerate(clusters):
        np.testing.assert_array_equal(got[:, c], m[:, list(cl)].any(axis=1))
    np.testing.assert_array_equal(U.quantize(m, labels).mask, got)


# =============================================================================================
# JointRange construction
# =============================================================================================


def test_joint_range_basics():
    r = U.JointRange(EX1, s_labels=[f"s{i}" for i in range(1, 7)], x_labels="abcdefg")
    assert r.shape == (6, 7) and r.s_labels[0] == "s1" and r.x_labels[-1] == "g"
    assert r.T.T == r and r.T.s_labels == r.x_labels
    assert hash(r) == hash(U.JointRange(r.mask, s_labels=r.s_labels, x_labels=r.x_labels))
    assert r != U.JointRange(EX1)
    assert r.pairs()[:2] == [("s1", "a"), ("s2", "a")]
    assert r.to_frame().loc["s2", "b"]
    assert U.marginal_range(r, axis=1) == tuple("abcdefg")
    with pytest.raises(AttributeError):
        r.foo = 1
    with pytest.raises(ValueError):
        r.mask[0, 0] = False  # read-only
    # the constructor copies: changing the input does not change the range
    m = EX1.copy()
    r2 = U.JointRange(m)
    m[0, 1] = True
    assert not r2.mask[0, 1]
    # 0/1 numbers and another JointRange are accepted
    assert U.JointRange(EX1.astype(float)) == U.JointRange(U.JointRange(EX1))
    assert "n_s=6" in repr(r)
    assert U.JointRange(r) == r and U.JointRange(r, x_labels=range(7)).x_labels == tuple(range(7))


def test_from_pairs_orders_and_labels():
    r = U.JointRange.from_pairs([("b", 2), ("a", 1), ("a", 2), ("a", 1)])
    assert r.s_labels == ("a", "b") and r.x_labels == (1, 2)
    assert r.mask.tolist() == [[True, True], [False, True]]
    mixed = U.JointRange.from_pairs([(1, "u"), ("z", "v")])  # 1 and "z" cannot be sorted
    assert mixed.s_labels == (1, "z")
    given = U.JointRange.from_pairs([("a", 1), ("b", 2)], s_labels=["b", "a"], x_labels=[2, 1])
    assert given.mask.tolist() == [[True, False], [False, True]]


def test_from_frame_levels_and_missing():
    df = pd.DataFrame(
        {
            "age": pd.Categorical(["old", "young", "old"], categories=["young", "mid", "old"]),
            "chol": [200.0, None, 180.0],
        }
    )
    r = U.JointRange.from_frame(df, s="age", x="chol")
    assert r.s_labels == ("old",) and r.x_labels == (
        180.0,
        200.0,
    )  # 'young' row dropped with its NA
    r_na = U.JointRange.from_frame(df, s="age", x="chol", dropna=False)
    assert r_na.s_labels == ("young", "old")  # category order, unobserved 'mid' dropped
    assert r_na.x_labels == (180.0, 200.0, None)
    assert r_na.mask.tolist() == [[False, False, True], [True, True, False]]
    same = U.JointRange.from_frame(pd.DataFrame({"a": [1, 2, 2]}), s="a", x="a")
    assert same.mask.tolist() == [[True, False], [False, True]]


def test_from_pmf_support():
    p = np.array([[0.2, 0.0, 0.3], [0.0, 0.0, 0.0], [0.1, 0.0, 0.4]])
    r = U.JointRange.from_pmf(p)
    assert r.s_labels == (0, 2) and r.x_labels == (0, 2)
    assert r.mask.all()
    r2 = U.JointRange.from_pmf(p, atol=0.15)
    assert r2.s_labels == (0, 2) and r2.mask.tolist() == [[True, True], [False, True]]
    assert U.JointRange.from_pmf([[2, 0], [0, 2]], normalize=True).mask.tolist() == [
        [True, False],
        [False, True],
    ]


def test_quantize_with_partition_and_labels():
    q = Partition([_x(1, 3), _x(2, 5), _x(4, 6), _x(7)], n=7)
    by_partition = U.quantize(EX1, q)
    by_labels = U.quantize(EX1, np.array(["a", "b", "a", "c", "b", "c", "d"]))
    np.testing.assert_array_equal(by_partition.mask, by_labels.mask)
    assert by_labels.x_labels == ("a", "b", "c", "d") and by_partition.x_labels == (0, 1, 2, 3)
    np.testing.assert_array_equal(U.cluster_ranges(EX1, q), by_partition.mask)
    assert U.quantize(U.JointRange(EX1, s_labels="uvwxyz"), q).s_labels == tuple("uvwxyz")


def test_support_components_accepts_joint_range_and_pmf_support():
    n, s_lab, x_lab = U.support_components(U.JointRange(EX1))
    assert (
        n == 5 and s_lab.tolist() == [0, 0, 1, 2, 3, 4] and x_lab.tolist() == [0, 0, 1, 1, 2, 3, 4]
    )
    # a pmf support with an empty row and an empty column: each its own component, documented order
    n, s_lab, x_lab = U.support_components(np.array([[0.5, 0, 0], [0, 0, 0], [0, 0, 0.5]]) > 0)
    assert n == 4 and s_lab.tolist() == [0, 1, 2] and x_lab.tolist() == [0, 3, 2]


# =============================================================================================
# Validation: every rule has its ValueError
# =============================================================================================


def _partition(clusters):
    return Partition(clusters)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: U.JointRange([1, 0]), "mask must be a 2-D"),
        (lambda: U.JointRange([["a", "b"]]), "must be boolean"),
        (lambda: U.JointRange([[2, 0]]), "only 0 and 1"),
        (lambda: U.JointRange(np.zeros((0, 2), bool)), "must not be empty"),
        (lambda: U.JointRange([[1, 0], [1, 0]]), "empty column"),
        (lambda: U.JointRange([[1, 1], [0, 0]]), "empty row"),
        (lambda: U.JointRange([[1]], s_labels=["a", "b"]), "one label per value"),
        (lambda: U.JointRange([[1, 1]], x_labels=["a", "a"]), "distinct"),
        (lambda: U.JointRange([[1]], x_labels=[[1]]), "hashable"),
        (lambda: U.JointRange.from_pairs([]), "pairs must not be empty"),
        (lambda: U.JointRange.from_pairs([(1, 2, 3)]), "2-tuples"),
        (lambda: U.JointRange.from_pairs([(1, 2)], s_labels=[0]), "not in s_labels"),
        (lambda: U.JointRange.from_pairs([(1, 2)], x_labels=[0]), "not in x_labels"),
        (lambda: U.JointRange.from_pairs([(1, 2)], s_labels=[1, 5]), "empty row"),
        (lambda: U.JointRange.from_frame([[1, 2]], s=0, x=1), "DataFrame"),
        (
            lambda: U.JointRange.from_frame(pd.DataFrame({"a": [1]}), s="a", x="b"),
            "x='b' is not a column",
        ),
        (
            lambda: U.JointRange.from_frame(pd.DataFrame({"a": [None], "b": [1]}), s="a", x="b"),
            "no row left",
        ),
        (lambda: U.JointRange.from_pmf([[0.5, 0.6]]), "sum to 1"),
        (lambda: U.JointRange.from_pmf([[1.5, -0.5]]), "non-negative"),
        (lambda: U.JointRange.from_pmf([0.5, 0.5]), "2 axes"),
        (lambda: U.JointRange.from_pmf([[0.5, 0.5]], atol=-1), "atol"),
        (lambda: U.JointRange.from_pmf([[0.5, 0.5]], atol=0.5), "no mass above"),
        (lambda: U.nonstochastic_leakage([[1, 1], [0, 0]]), "r has an empty row"),
        (lambda: U.maximin_information([[1, 0]]), "r has an empty column"),
        (lambda: U.conditional_range(EX1, 0, given="y"), "given must be"),
        (lambda: U.conditional_range(EX1, []), "non-empty set"),
        (lambda: U.conditional_range(EX1, 7), "out of range"),
        (lambda: U.conditional_range_sizes(EX1, given="z"), "given must be"),
        (lambda: U.hartley_entropy(EX1, axis=2), "axis must be"),
        (lambda: U.hartley_entropy(EX1, base=1), "base must be"),
        (lambda: U.maximin_information(EX1, base=0), "base must be"),
        (lambda: U.nonstochastic_information(EX1, base="decibel"), "base must be"),
        (lambda: U.is_k_anonymous(EX1, 0), "k must be an integer >= 1"),
        (lambda: U.distinguishability(EX1, 0, 6), "s_prime must be an S index"),
        (lambda: U.cluster_ranges(EX1, [[0], []]), "non-empty"),
        (lambda: U.cluster_ranges(EX1, [[0, 7]]), "out of range"),
        (lambda: U.cluster_ranges(EX1, []), "at least one cluster"),
        (lambda: U.cluster_ranges(EX1, [[0.5]]), "integer x indices"),
        (lambda: U.cluster_ranges(EX1, 3), "sequence of sequences"),
        (lambda: U.cluster_ranges(EX1, _partition([[0], [1]])), "partition of 2 values"),
        (lambda: U.quantize(EX1, [0, 1]), "one label per x value"),
        (lambda: U.quantize(EX1, [[0]] * 7), "hashable"),
        (lambda: U.quantized_decomposition(EX1, [0] * 6), "one label per x value"),
        (lambda: U.side_information_leakage(EX1), "3-D"),
        (lambda: U.side_information_leakage(np.zeros((1, 1, 1), bool)), "no triple"),
        (lambda: U.side_information_maximin(np.ones((1, 1, 2), bool) & [[[True, False]]]), "A"),
        (lambda: U.independence_number(nx.DiGraph()), "undirected"),
        (lambda: U.strong_power(EX1, 0), "k must be an integer >= 1"),
        (lambda: U.is_zero_error_code(EX1, [0, 6]), "out of range"),
        (lambda: U.is_zero_error_code(EX1, [1, 1]), "repeat"),
        (lambda: U.zero_error_rate_lower_bound(EX1, k_max=0), "k_max"),
        (lambda: U.sup_symmetrized_leakage(np.eye(17, dtype=bool)), "max_inputs"),
        (lambda: U.hypothesis_test_performance(EX1, [0, 1]), "one hypothesis index"),
        (lambda: U.hypothesis_test_performance(EX1, [0, 0, 0, 0, 0, 0, 6]), "out of range"),
        (lambda: U.support_components(np.ones((2, 2, 2))), "2-D"),
    ],
)
def test_validation_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_base_is_honoured():
    assert U.maximin_information(EX1, base="e") == pytest.approx(np.log(5), abs=1e-12)
    assert U.nonstochastic_leakage(EX1, base=6) == pytest.approx(1.0, abs=1e-12)
    assert U.hartley_entropy(EX1, base=10) == pytest.approx(np.log10(6), abs=1e-12)
    assert U.hypothesis_test_bound([[1, 1], [1, 1]]) == -np.inf
    assert U.hypothesis_test_performance([[1, 1], [1, 1]], [0, 0]) == -np.inf


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_layouts_give_the_same_answers(layout, rng):
    # column-major and strided masks take other code paths (transposed components, no copy)
    base = _random_range(rng, 60, 80, 0.04)
    big = np.zeros((60, 160), dtype=bool)
    big[:, ::2] = base
    m = {"C": np.ascontiguousarray(base), "F": np.asfortranarray(base), "strided": big[:, ::2]}[
        layout
    ]
    _assert_same_components(m)
    for threshold in (_decomposition._DENSE_EDGES_PER_VERTEX, 0):
        saved, _decomposition._DENSE_EDGES_PER_VERTEX = (
            _decomposition._DENSE_EDGES_PER_VERTEX,
            threshold,
        )
        try:
            _assert_same_components(m)
        finally:
            _decomposition._DENSE_EDGES_PER_VERTEX = saved
    # clusters of very different sizes: rank-by-rank ORs, then the few largest directly
    labels = np.minimum(rng.geometric(0.15, size=80), 25)
    clusters = [tuple(np.flatnonzero(labels == v)) for v in np.unique(labels)]
    expected = np.stack([base[:, list(c)].any(axis=1) for c in clusters], axis=1)
    np.testing.assert_array_equal(U.cluster_ranges(m, clusters), expected)
    np.testing.assert_array_equal(U.cluster_ranges(U.JointRange(m), clusters), expected)
    order = sorted(range(len(clusters)), key=lambda c: clusters[c][0])  # quantize: by smallest x
    np.testing.assert_array_equal(U.quantize(m, labels).mask, expected[:, order])


@given(ranges(max_s=6, max_x=7), st.integers(0, 2**32 - 1))
def test_gacs_korner_against_maximin_p16(m, seed):
    # Ding & Farokhi Sec. VI-B: K(S;X) <= I(S;X), K <= I*, and K = I* when the components are
    # equally likely (so I* = max_p K over pmfs with this support)
    from nsp.info import gacs_korner_common_information, mutual_information

    rng = np.random.default_rng(seed)
    p = rng.random(m.shape) * m
    p /= p.sum()
    k = gacs_korner_common_information(p)
    assert k <= mutual_information(p) + 1e-9
    assert k <= U.maximin_information(m) + 1e-9
    n, s_lab, _ = U.support_components(m)
    uniform = p / np.bincount(s_lab, weights=p.sum(axis=1), minlength=n)[s_lab][:, None] / n
    assert gacs_korner_common_information(uniform) == pytest.approx(
        U.maximin_information(m), abs=1e-9
    )


def test_from_pmf_then_maximin_equals_log_components_of_support(rng):
    p = rng.random((30, 40)) * (rng.random((30, 40)) < 0.05)
    p /= p.sum()
    r = U.JointRange.from_pmf(p)
    support = p > 0
    kept = support[np.ix_(support.any(axis=1), support.any(axis=0))]
    assert U.maximin_information(r) == pytest.approx(LOG2(len(_nx_components(kept))), abs=1e-12)


# =============================================================================================
# Continuous ranges
# =============================================================================================


def _unit_cells(indices) -> U.IntervalUnion:
    return U.IntervalUnion([(float(i), float(i) + 1.0) for i in indices])


@given(ranges())
def test_continuous_measures_reduce_to_counting_on_unit_cells(m):
    # value s <-> cell [s, s+1]: measures become counts, so the continuous measures (base 2)
    # must equal the discrete ones
    range_s = _unit_cells(range(m.shape[0]))
    cond = {x: _unit_cells(np.flatnonzero(m[:, x])) for x in range(m.shape[1])}
    assert U.differential_hartley_entropy(range_s, base=2) == pytest.approx(
        U.hartley_entropy(m), abs=1e-12
    )
    assert U.continuous_conditional_hartley_entropy(range_s, cond, base=2) == pytest.approx(
        U.conditional_hartley_entropy(m), abs=1e-12
    )
    assert U.continuous_nonstochastic_information(range_s, cond, base=2) == pytest.approx(
        U.nonstochastic_information(m), abs=1e-12
    )
    assert U.continuous_leakage(range_s, list(cond.values()), base=2) == pytest.approx(
        U.nonstochastic_leakage(m), abs=1e-12
    )


@st.composite
def interval_unions(draw):
    k = draw(st.integers(0, 5))
    ends = draw(st.lists(st.floats(-10, 10, allow_nan=False), min_size=2 * k, max_size=2 * k))
    return U.IntervalUnion([tuple(sorted(ends[2 * i : 2 * i + 2])) for i in range(k)])


@given(interval_unions(), interval_unions(), st.floats(-11, 11))
def test_interval_union_algebra(a, b, point):
    union, inter = a.union(b), a.intersect(b)
    # inclusion-exclusion, and membership of a point, against the definitions
    assert union.measure() + inter.measure() == pytest.approx(a.measure() + b.measure(), abs=1e-9)

    def contains(u, t):
        return any(lo <= t <= hi for lo, hi in u.intervals)

    assert contains(union, point) == (contains(a, point) or contains(b, point))
    assert contains(inter, point) == (contains(a, point) and contains(b, point))
    assert inter.issubset(a) and inter.issubset(b) and a.issubset(union)
    # canonical form: sorted, disjoint, non-touching
    for (lo1, hi1), (lo2, hi2) in zip(union.intervals, union.intervals[1:], strict=False):
        assert lo1 <= hi1 < lo2 <= hi2


def test_continuous_values_and_edge_cases():
    x = U.IntervalUnion.interval(0, 1)
    bins = [
        U.IntervalUnion.interval(0, 0.5),
        U.IntervalUnion([(0.5, 0.75)]),
        U.IntervalUnion([(0.75, 1)]),
    ]
    assert U.continuous_leakage(x, bins) == pytest.approx(np.log(4), abs=1e-12)  # nats by default
    assert U.continuous_nonstochastic_information(x, bins) == pytest.approx(np.log(2), abs=1e-12)
    assert U.continuous_conditional_hartley_entropy(x, bins) == pytest.approx(
        np.log(0.5), abs=1e-12
    )
    point = [x, U.IntervalUnion.interval(0.3, 0.3)]  # a measure-0 conditional range
    assert U.continuous_leakage(x, point) == np.inf
    assert U.differential_hartley_entropy(U.IntervalUnion()) == -np.inf
    assert U.IntervalUnion([(0, 1), (1, 2)]).intervals == ((0.0, 2.0),)
    assert U.IntervalUnion([[0, 1]]) == U.IntervalUnion.interval(0, 1)
    assert hash(x) == hash(U.IntervalUnion([(0, 1)])) and "IntervalUnion" in repr(x)
    with pytest.raises(AttributeError):
        x.foo = 1


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: U.IntervalUnion([(1, 0)]), "lo <= hi"),
        (lambda: U.IntervalUnion([(0, np.inf)]), "finite"),
        (lambda: U.IntervalUnion([(0, 1, 2)]), "pairs"),
        (lambda: U.IntervalUnion.interval(0, 1).union([("a", 1)]), "other must be"),
        (lambda: U.continuous_leakage(U.IntervalUnion(), [U.IntervalUnion()]), "positive measure"),
        (lambda: U.continuous_leakage([(0, 1)], []), "at least one"),
        (lambda: U.continuous_leakage([(0, 1)], [[(0, 1)], []]), "empty conditional"),
        (lambda: U.continuous_leakage([(0, 1)], [[(0, 2)]]), "not a subset"),
        (lambda: U.continuous_leakage([(0, 1)], [[(0, 0.5)]]), "cover range_x"),
        (lambda: U.continuous_leakage([(0, 1)], [[(0, 1)]], base=1), "base"),
    ],
)
def test_continuous_validation_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()


@st.composite
def ranges3(draw):
    shape = tuple(draw(st.integers(1, 4)) for _ in range(3))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    m = rng.random(shape) < draw(st.floats(0.1, 0.7))
    m.flat[rng.integers(m.size)] = True
    # every value of every variable in some triple
    for ax in range(3):
        for v in range(shape[ax]):
            sl = [slice(None)] * 3
            sl[ax] = v
            if not m[tuple(sl)].any():
                idx = [int(rng.integers(n)) for n in shape]
                idx[ax] = v
                m[tuple(idx)] = True
    return m


@given(ranges3())
def test_side_information_against_definitions(m):
    n_s, n_x, n_a = m.shape
    best = -np.inf
    for x in range(n_x):
        for a in range(n_a):
            s_xa = m[:, x, a].sum()
            if s_xa:
                best = max(best, LOG2(m[:, :, a].any(axis=1).sum() / s_xa))
    assert U.side_information_leakage(m) == pytest.approx(best, abs=1e-12)
    pairs = [(s, (x, a)) for s, x, a in zip(*np.nonzero(m), strict=True)]
    g = nx.Graph()
    g.add_edges_from((("s", s), ("y", y)) for s, y in pairs)
    assert U.side_information_maximin(m) == pytest.approx(
        LOG2(nx.number_connected_components(g)), abs=1e-12
    )


@given(ranges(max_s=4, max_x=4))
def test_strong_power_confusability_is_strong_product(m):
    g = U.confusability_graph(m, axis=0)
    p2 = U.strong_power(m, 2)
    g2 = U.confusability_graph(p2, axis=0)
    named = nx.relabel_nodes(g2, {i: p2.s_labels[i] for i in g2.nodes})
    expected = nx.strong_product(g, g)
    assert set(named.nodes) == set(expected.nodes)
    assert {frozenset(e) for e in named.edges} == {frozenset(e) for e in expected.edges}
    assert U.marginal_range(m) == tuple(range(m.shape[0]))


def test_conditional_range_rejects_negative_indices():
    with pytest.raises(ValueError, match="out of range"):
        U.conditional_range([[1, 0], [0, 1]], -1)


# =============================================================================================
# The package face: public names only, no submodules
# =============================================================================================


def test_every_public_name_is_on_the_face_and_no_submodule_is():
    import importlib

    for name in U.__all__:
        assert hasattr(U, name), name
    private = (
        "ranges",
        "measures",
        "decomposition",
        "quantization",
        "side_information",
        "zero_error",
        "hypothesis",
        "continuous",
    )
    for mod in private:
        sub = importlib.import_module(f"nsp.uncertain._{mod}")
        for name in sub.__all__:
            assert getattr(U, name) is getattr(sub, name), name
        assert not hasattr(U, mod), mod  # the face exposes no submodule
    for old in ("pack_ranges", "union_sizes", "_mask_of", "_DENSE_EDGES_PER_VERTEX"):
        assert not hasattr(U, old), old  # deleted, or imported from its private module


def test_missing_attribute_still_raises_attribute_error():
    with pytest.raises(AttributeError):
        _ = U.no_such_measure


def test_partitions_come_back_as_partition():
    for p in (
        U.overlap_partition(EX1),
        U.finest_decomposition(EX1),
        U.quantized_decomposition(EX1, [0, 1, 0, 2, 1, 2, 3]),
    ):
        assert isinstance(p, Partition)
    assert U.overlap_partition(EX1).n == 6 and U.finest_decomposition(EX1).n == 7
    assert U.finest_decomposition(EX1) == Partition([[0, 1], [2, 3], [4], [5], [6]])
    assert U.finest_decomposition(example1_range()) == U.finest_decomposition(EX1)
    # the old shapes still work: iteration, indexing, comparison with lists
    blocks = U.finest_decomposition(EX1)
    assert [list(b) for b in blocks][:2] == [[0, 1], [2, 3]] and blocks[1] == (2, 3)
    assert blocks.join(U.quantized_decomposition(EX1, range(7))) == blocks


# =============================================================================================
# Predicates return bool; witnesses come from separate functions
# =============================================================================================


@given(ranges(max_s=6, max_x=6), st.integers(1, 7))
def test_predicates_are_bool_and_witnesses_agree(m, k):
    indep = U.is_independent(m)
    assert type(indep) is bool
    w = U.dependence_witness(m)
    assert (w is None) == indep
    if w is not None:
        s, x = w
        assert not m[s, x] and m[s].any() and m[:, x].any()
    anon = U.is_k_anonymous(m, k)
    assert type(anon) is bool
    wx = U.k_anonymity_witness(m, k)
    assert (wx is None) == anon
    if wx is not None:
        assert len(U.conditional_range(m, wx)) < k
    code = list(range(0, m.shape[0], 2))
    zero = U.is_zero_error_code(m, code)
    assert type(zero) is bool
    wz = U.zero_error_code_witness(m, code)
    assert (wz is None) == zero
    if wz is not None:
        a, b, y = wz
        assert a < b and a in code and b in code and m[a, y] and m[b, y]


def test_witnesses_on_examples():
    assert U.dependence_witness(EX1) == (0, 1)
    assert U.dependence_witness(np.ones((2, 3), bool)) is None
    assert U.k_anonymity_witness(EX1, 2) == 1  # [[S|x2]] = {s2}
    assert U.k_anonymity_witness(EX1, 1) is None
    pent = U.JointRange.from_pairs((x, (x + d) % 5) for x in range(5) for d in (0, 1))
    assert U.zero_error_code_witness(pent, [0, 1]) == (0, 1, 1)
    assert U.zero_error_code_witness(pent, [2, 0]) is None


# =============================================================================================
# Bad scalar options: every public function refuses them with a ValueError naming them
# =============================================================================================

_IU = U.IntervalUnion.interval(0, 1)
_BINS = [U.IntervalUnion.interval(0, 0.5), U.IntervalUnion.interval(0.5, 1)]
_PENT = [[1, 1, 0], [0, 1, 1], [1, 0, 1]]

_BASE_CALLS = {
    "hartley_entropy": lambda b: U.hartley_entropy(EX1, base=b),
    "conditional_hartley_entropy": lambda b: U.conditional_hartley_entropy(EX1, base=b),
    "min_conditional_hartley_entropy": lambda b: U.min_conditional_hartley_entropy(EX1, base=b),
    "nonstochastic_information": lambda b: U.nonstochastic_information(EX1, base=b),
    "nonstochastic_leakage": lambda b: U.nonstochastic_leakage(EX1, base=b),
    "symmetrized_leakage": lambda b: U.symmetrized_leakage(EX1, base=b),
    "maximin_information": lambda b: U.maximin_information(EX1, base=b),
    "side_information_leakage": lambda b: U.side_information_leakage(EX1[:, :, None], base=b),
    "side_information_maximin": lambda b: U.side_information_maximin(EX1[:, :, None], base=b),
    "zero_error_rate_lower_bound": lambda b: U.zero_error_rate_lower_bound(_PENT, base=b),
    "sup_symmetrized_leakage": lambda b: U.sup_symmetrized_leakage(_PENT, base=b),
    # these return -inf without taking a logarithm: the base is still checked
    "hypothesis_test_performance": lambda b: U.hypothesis_test_performance(
        [[1, 1]], [0, 0], base=b
    ),
    "hypothesis_test_bound": lambda b: U.hypothesis_test_bound([[1, 1], [1, 1]], base=b),
    "differential_hartley_entropy": lambda b: U.differential_hartley_entropy([], base=b),
    "continuous_conditional_hartley_entropy": lambda b: U.continuous_conditional_hartley_entropy(
        _IU, _BINS, base=b
    ),
    "continuous_nonstochastic_information": lambda b: U.continuous_nonstochastic_information(
        _IU, _BINS, base=b
    ),
    "continuous_leakage": lambda b: U.continuous_leakage(_IU, _BINS, base=b),
}


@pytest.mark.parametrize("bad", [1, 0, -2, 0.5, float("nan"), float("inf"), True, "ten", None])
@pytest.mark.parametrize("name", sorted(_BASE_CALLS))
def test_bad_base_is_refused(name, bad):
    with pytest.raises(ValueError, match="base"):
        _BASE_CALLS[name](bad)


@pytest.mark.parametrize(
    ("call", "match"),
    [
        # counts: bools, floats (even integral), strings, and values below 1 are refused
        (lambda: U.is_k_anonymous(EX1, True), "k must be an integer"),
        (lambda: U.is_k_anonymous(EX1, 2.0), "k must be an integer"),
        (lambda: U.is_k_anonymous(EX1, "2"), "k must be an integer"),
        (lambda: U.k_anonymity_witness(EX1, 0), "k must be an integer"),
        (lambda: U.k_anonymity_witness(EX1, 1.5), "k must be an integer"),
        (lambda: U.strong_power(EX1, 2.0), "k must be an integer"),
        (lambda: U.strong_power(EX1, True), "k must be an integer"),
        (lambda: U.zero_error_rate_lower_bound(_PENT, k_max=1.5), "k_max"),
        (lambda: U.zero_error_rate_lower_bound(_PENT, k_max=True), "k_max"),
        (lambda: U.sup_symmetrized_leakage(_PENT, max_inputs=0), "max_inputs"),
        (lambda: U.sup_symmetrized_leakage(_PENT, max_inputs=3.0), "max_inputs"),
        # indices
        (lambda: U.distinguishability(EX1, 0.0, 1), "s must be an S index"),
        (lambda: U.distinguishability(EX1, True, 1), "s must be an S index"),
        (lambda: U.distinguishability(EX1, -1, 1), "s must be an S index"),
        (lambda: U.conditional_range(EX1, 1.0), "value must be"),
        (lambda: U.conditional_range(EX1, True), "value must be"),
        (lambda: U.conditional_range(EX1, [[0, 1]]), "value must be"),
        (lambda: U.is_zero_error_code(_PENT, [0, 1.0]), "integer input indices"),
        (lambda: U.is_zero_error_code(_PENT, [True]), "integer input indices"),
        (lambda: U.is_zero_error_code(_PENT, 3), "iterable"),
        (lambda: U.zero_error_code_witness(_PENT, [0, 0]), "repeat"),
        (lambda: U.zero_error_code_witness(_PENT, [0, 5]), "out of range"),
        (lambda: U.cluster_ranges(EX1, [[True]]), "integer x indices"),
        (lambda: U.hypothesis_test_performance([[1, 1], [0, 1]], [True, False]), "one hypothesis"),
        # axes and choices
        (lambda: U.hartley_entropy(EX1, axis=True), "axis must be"),
        (lambda: U.hartley_entropy(EX1, axis=1.0), "axis must be"),
        (lambda: U.marginal_range(EX1, axis="x"), "axis must be"),
        (lambda: U.confusability_graph(EX1, axis=2), "axis must be"),
        (lambda: U.conditional_range_sizes(EX1, given=None), "given must be"),
        (lambda: U.conditional_range(EX1, 0, given=0), "given must be"),
        # flags and tolerances
        (lambda: U.JointRange.from_pmf([[0.5, 0.5]], normalize="yes"), "normalize"),
        (lambda: U.JointRange.from_pmf([[0.5, 0.5]], atol=float("nan")), "atol"),
        (lambda: U.JointRange.from_pmf([[0.5, 0.5]], atol=float("inf")), "atol"),
        (lambda: U.JointRange.from_pmf([[0.5, 0.5]], atol=True), "atol"),
        (lambda: U.JointRange.from_pmf(np.array([[0.5, 0.5j]])), "complex"),
        (
            lambda: U.JointRange.from_frame(
                pd.DataFrame({"a": [1], "b": [2]}), s="a", x="b", dropna=1
            ),
            "dropna",
        ),
        # complex and non-numeric masks are not silently read as booleans
        (lambda: U.nonstochastic_leakage(np.array([[1 + 1j, 1]])), "boolean"),
        (lambda: U.support_components(np.array([[1j]])), "boolean"),
        (lambda: U.side_information_leakage(np.zeros((0, 2, 2), bool)), "empty"),
        # intervals: strings, bools, NaN and infinite ends are refused
        (lambda: U.IntervalUnion([("0", 1)]), "finite real ends"),
        (lambda: U.IntervalUnion([(False, 1)]), "finite real ends"),
        (lambda: U.IntervalUnion([(0, float("nan"))]), "finite real ends"),
        (lambda: U.IntervalUnion.interval(0, float("inf")), "finite real ends"),
        (lambda: U.IntervalUnion(5), "iterable of pairs"),
        (lambda: _IU.union([(1, 0)]), "lo <= hi"),
    ],
)
def test_bad_options_are_refused(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_size_guards_instead_of_memory_errors():
    big = np.eye(9, dtype=bool)
    with pytest.raises(ValueError, match="MAX_POWER_CELLS"):
        U.strong_power(big, 5)  # 81**5 cells
    with pytest.raises(ValueError, match="MAX_POWER_CELLS"):
        U.zero_error_rate_lower_bound(big, k_max=5)
    n = U.MAX_GRAPH_NODES + 1
    wide = np.zeros((1, n), dtype=bool)
    wide[0] = True
    with pytest.raises(ValueError, match="MAX_GRAPH_NODES"):
        U.confusability_graph(wide)
    assert len(U.finest_decomposition(wide)) == 1  # the components need no graph


def test_dense_threshold_set_on_the_package_is_used(monkeypatch):
    calls = []
    real = _decomposition._components_contracted
    monkeypatch.setattr(
        _decomposition, "_components_contracted", lambda m: calls.append(1) or real(m)
    )
    monkeypatch.setattr(_decomposition, "_DENSE_EDGES_PER_VERTEX", 0)
    assert U.support_components(EX1)[0] == 5 and calls == [1]
    monkeypatch.setattr(_decomposition, "_DENSE_EDGES_PER_VERTEX", 16)
    assert U.support_components(EX1)[0] == 5 and calls == [1]
