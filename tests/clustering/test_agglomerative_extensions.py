"""Ding & Farokhi §V-C extensions: observable S (Y = (S, X)), side information A, medoid U2.

Exact values of small worked examples (derived by hand in the comments), properties on
seeded random instances, and cross-checks against brute force: every partition of a small
alphabet (side-information measures written with Python sets), every member tried as the
medoid, and the from-scratch reference algorithms.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nsp._resources as resources
from nsp.clustering.nonstochastic import _connected as connected_mod
from nsp.clustering.nonstochastic import _paths as paths_mod
from nsp.clustering.nonstochastic import _results as results_mod
from nsp.clustering.nonstochastic import (
    cluster_codeword,
    cluster_distortion,
    distortion_utility,
    merge_across_components,
    merge_by_leakage,
    merge_path,
    merge_until_connected,
    observable_pairs,
    observable_range,
    observable_values,
    start_point,
    utility_value,
)
from nsp.clustering.nonstochastic._reference import (
    all_partitions,
    reference_path,
    reference_side_measures,
    reference_until_connected,
)
from nsp.papers.agglomerative import (
    EXAMPLE2_VALUES,
    codeword_table,
    example1_range,
    example1_side_range,
    side_information_comparison,
)
from nsp.partition import Partition
from nsp.uncertain import maximin_information, nonstochastic_leakage, quantize
from nsp.uncertain._side_information import (
    quantize_side_range,
    side_information_leakage,
    side_information_maximin,
)

SEEDS = st.integers(0, 2**32 - 1)
LOG2_3 = math.log2(3)


def random_range(rng: np.random.Generator, n_s: int, n_x: int) -> np.ndarray:
    mask = rng.random((n_s, n_x)) < rng.uniform(0.1, 0.5)
    mask[rng.integers(0, n_s, n_x), np.arange(n_x)] = True
    mask[np.arange(n_s), rng.integers(0, n_x, n_s)] = True
    return mask


def random_side_range(seed: int, n_s_max: int = 5, n_x_max: int = 6, n_a_max: int = 3):
    """A random ``[[S, X, A]]`` (every value of each variable in some triple) and values."""
    rng = np.random.default_rng(seed)
    n_s = int(rng.integers(2, n_s_max + 1))
    n_x = int(rng.integers(2, n_x_max + 1))
    n_a = int(rng.integers(1, n_a_max + 1))
    m = rng.random((n_s, n_x, n_a)) < rng.uniform(0.1, 0.4)
    m[rng.integers(0, n_s, n_x), np.arange(n_x), rng.integers(0, n_a, n_x)] = True
    m[np.arange(n_s), rng.integers(0, n_x, n_s), rng.integers(0, n_a, n_s)] = True
    m[rng.integers(0, n_s, n_a), rng.integers(0, n_x, n_a), np.arange(n_a)] = True
    values = np.round(rng.normal(size=n_x) * 3, 1)
    return m, values


def steps_of(result_or_path):
    steps = getattr(result_or_path, "history", None) or result_or_path.steps
    return [(s.partition.clusters, s.leakage, s.utility) for s in steps]


# ---------------------------------------------------------------------------------------------
# observable S: Y = (S, X)
# ---------------------------------------------------------------------------------------------


@given(seed=SEEDS)
def test_unquantised_y_reveals_s_exactly(seed):
    """P19: I*(S; Y) = L0(S → Y) = H0(S) for Y = (S, X), and [[S|y]] = {s}."""
    rng = np.random.default_rng(seed)
    mask = random_range(rng, int(rng.integers(1, 7)), int(rng.integers(1, 8)))
    ry = observable_range(mask)
    s_of_y, x_of_y = observable_pairs(mask)
    h0 = math.log2(mask.shape[0])
    assert ry.mask.shape == (mask.shape[0], int(mask.sum()))
    assert (ry.mask.sum(axis=0) == 1).all()
    assert (np.argmax(ry.mask, axis=0) == s_of_y).all()
    assert mask[s_of_y, x_of_y].all()
    assert len(set(zip(s_of_y.tolist(), x_of_y.tolist(), strict=True))) == mask.sum()
    assert nonstochastic_leakage(ry) == pytest.approx(h0, abs=1e-12)
    assert maximin_information(ry) == pytest.approx(h0, abs=1e-12)
    assert start_point(ry)[0] == pytest.approx(h0, abs=1e-12)
    assert merge_path(ry, algorithm="algorithm2").steps[0].leakage == pytest.approx(h0)


@given(seed=SEEDS)
def test_every_quantisation_of_x_is_one_of_y_with_the_same_measures(seed):
    """Sanitising Y can do whatever sanitising X does: lift Q to Y by the X component.

    Same L0 and I* (each cluster of pairs has the cluster's S-range), same U2 with the medoid
    (it depends on the set of X values only), and never a worse U1 loss in relative terms.
    """
    rng = np.random.default_rng(seed)
    mask = random_range(rng, int(rng.integers(2, 6)), int(rng.integers(2, 7)))
    values = np.round(rng.normal(size=mask.shape[1]) * 3, 1)
    ry = observable_range(mask)
    vy = observable_values(mask, values)
    _, x_of_y = observable_pairs(mask)
    labels = rng.integers(0, 3, mask.shape[1])
    q = Partition.from_labels(labels)
    qy = Partition.from_labels(labels[x_of_y])
    assert nonstochastic_leakage(quantize(mask, q.labels)) == pytest.approx(
        nonstochastic_leakage(quantize(ry, qy.labels)), abs=1e-12
    )
    assert maximin_information(quantize(mask, q.labels)) == pytest.approx(
        maximin_information(quantize(ry, qy.labels)), abs=1e-12
    )
    assert distortion_utility(values, q, codeword="medoid") == distortion_utility(
        vy, qy, codeword="medoid"
    )


def test_observable_example1_runs_and_utility_on_x():
    """Example 1's 8 pairs; Algorithm 2 must join all 6 singleton components of Y."""
    r = example1_range()
    ry = observable_range(r)
    vy = observable_values(r, EXAMPLE2_VALUES)
    assert ry.x_labels[0] == ("s1", "x1") and ry.x_labels[1] == ("s2", "x1")
    assert vy.tolist() == [0.2, 0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0]
    res = merge_across_components(ry, 0.0, utility="U2", values=vy)
    assert res.iterations == 5 and res.leakage == 0.0  # 6 components, one merge each
    final = quantize(ry, res.partition.labels)
    assert maximin_information(final) == 0.0
    vc = merge_until_connected(ry, 0.3, utility="U2", values=vy)
    assert vc.stop_reason == "connected" and maximin_information(
        quantize(ry, vc.partition.labels)
    ) == pytest.approx(0.0)
    a1 = merge_by_leakage(ry, 0.0, utility="U2", values=vy)
    assert a1.leakage == pytest.approx(nonstochastic_leakage(quantize(ry, a1.partition.labels)))


def test_observable_bad_input():
    with pytest.raises(ValueError, match="values"):
        observable_values(example1_range())  # x labels x1..x7 are not numbers
    with pytest.raises(ValueError, match="values"):
        observable_values(example1_range(), [1.0, 2.0])


# ---------------------------------------------------------------------------------------------
# side information A
# ---------------------------------------------------------------------------------------------


def test_worked_example_alg1_with_side_information():
    """Example 1, A = [s ∈ {s1, s2, s3}] (U1, λ = 0.3), by hand.

    Ratios |[[S|x, a]]| / |[[S|a]]|: x1 2/3, x2..x7 1/3, so L0(S → X|A) = log2 3. Π = x2..x7;
    x2's partners that raise its ratio are x1, x3, x4 (same a); sizes tie, x1 is first:
    {x1,x2}. x3 then only gains from {x1,x2} ({s1,s2,s3}: ratio 1), x4 likewise; x5 takes x6,
    x7 joins them. One iteration ends at {x1..x4},{x5,x6,x7}: L0(S → X̂|A) = 0 with
    U1 = log2(7/4); ΔL = −log2 3 − 0.3(log2(7/4) − log2 7) = −log2 3 + 0.6. No cluster can
    then raise its ratio above 1: the next step repeats the partition and is rejected.
    """
    m = example1_side_range()
    res = merge_by_leakage(m, 0.3)
    assert res.partition.clusters == ((0, 1, 2, 3), (4, 5, 6))
    assert [h.leakage for h in res.history] == pytest.approx([LOG2_3, 0.0], abs=1e-12)
    assert res.history[1].delta == pytest.approx(-LOG2_3 + 0.6, abs=1e-12)
    assert res.history[1].merges == (  # (cluster of Π, its partner)
        ((1,), (0,)),
        ((2,), (0, 1)),
        ((3,), (0, 1, 2)),
        ((4,), (5,)),
        ((6,), (4, 5)),
    )
    assert res.stop_reason == "delta_nonnegative" and res.rejected.delta == 0.0
    # without A, Example 2 needs three iterations and one cluster to reach L0 = 0
    assert merge_by_leakage(example1_range(), 0.3).partition.clusters == ((0, 1, 2, 3, 4, 5, 6),)


def test_worked_example_alg2_with_side_information():
    """Example 1 with A (U1, λ = 0.3), by hand: I*(S; X̂, A) ≥ I*(S; A) = 1 bit.

    Components of G_{X,A}: {s1,s2} (x1, x2 at a1), {s3} (x3, x4 at a1), {s4}, {s5}, {s6}
    (a2): I* = log2 5. Candidates join two components at a common a; all size sums are 2;
    the largest joined subgraphs (2 + 2 nodes) are at a1: {x1,x3} (I* = 2,
    ΔL = log2(4/5) + 0.3). Then a2 only: {x5,x6} (ΔL = log2(3/4)), {x5,x6,x7}
    (ΔL = log2(2/3) + 0.3 log2(3/2)). No pair then joins two components: I* = 1.
    """
    m = example1_side_range()
    res = merge_across_components(m, 0.3)
    assert res.partition.clusters == ((0, 2), (1,), (3,), (4, 5, 6))
    expect = [math.log2(5), 2.0, LOG2_3, 1.0]
    assert [h.leakage for h in res.history] == pytest.approx(expect, abs=1e-12)
    deltas = [math.log2(4 / 5) + 0.3, math.log2(3 / 4), math.log2(2 / 3) + 0.3 * math.log2(1.5)]
    assert [h.delta for h in res.history[1:]] == pytest.approx(deltas, abs=1e-12)
    assert res.stop_reason == "connected" and res.decomposition is None
    assert side_information_maximin(quantize_side_range(m, res.partition)) == 1.0


@given(seed=SEEDS)
def test_constant_side_information_gives_the_plain_algorithms_exactly(seed):
    """P18 in the algorithms: mask[:, :, None] makes the same merges and the same values."""
    rng = np.random.default_rng(seed)
    mask = random_range(rng, int(rng.integers(2, 7)), int(rng.integers(2, 9)))
    values = np.round(rng.normal(size=mask.shape[1]) * 3, 1)
    m3 = mask[:, :, None]
    for alg in ("algorithm1", "algorithm2"):
        for u, d, cw in [
            ("U1", "abs", "centroid"),
            ("U2", "abs", "centroid"),
            ("U2", "sq", "centroid"),
            ("U2", "abs", "medoid"),
        ]:
            kw = dict(utility=u, values=values, distance=d, codeword=cw)
            plain, side = merge_path(mask, algorithm=alg, **kw), merge_path(m3, algorithm=alg, **kw)
            assert steps_of(plain) == steps_of(side)  # exact floats, not approx
            assert plain.end_reason == side.end_reason
            assert [s.merges for s in plain.steps] == [s.merges for s in side.steps]
    for lam in (0.0, 0.3, 2.0):
        a, b = merge_by_leakage(mask, lam), merge_by_leakage(m3, lam)
        assert steps_of(a) == steps_of(b) and a.stop_reason == b.stop_reason
        assert [h.delta for h in a.history] == [h.delta for h in b.history]
        a, b = merge_across_components(mask, lam), merge_across_components(m3, lam)
        assert steps_of(a) == steps_of(b) and a.stop_reason == b.stop_reason
        for u in ("U1", "U2"):
            a = merge_until_connected(mask, lam, utility=u, values=values)
            b = merge_until_connected(m3, lam, utility=u, values=values)
            assert steps_of(a) == steps_of(b)
            assert [h.delta for h in a.history[1:]] == pytest.approx(
                [h.delta for h in b.history[1:]], abs=1e-12
            )


@given(seed=SEEDS)
def test_side_measures_agree_with_brute_force_on_every_partition(seed):
    """Every partition of a small X: the library's measures equal the set-based ones."""
    m, _ = random_side_range(seed, n_x_max=5)
    m2 = m.any(axis=2)
    for clusters in all_partitions(m.shape[1]):
        q = quantize_side_range(m, Partition(clusters))
        l0, i_star = reference_side_measures(m, clusters)
        assert side_information_leakage(q) == pytest.approx(l0, abs=1e-12)
        assert side_information_maximin(q) == pytest.approx(i_star, abs=1e-12)
        # P18: with A made constant the measures are the plain ones
        l0_c, i_c = reference_side_measures(m2[:, :, None], clusters)
        q2 = quantize(m2, Partition(clusters).labels)
        assert nonstochastic_leakage(q2) == pytest.approx(l0_c, abs=1e-12)
        assert maximin_information(q2) == pytest.approx(i_c, abs=1e-12)


@given(seed=SEEDS)
def test_side_information_paths_record_the_brute_force_measures(seed):
    """Along both paths: privacy = brute force, utility = from scratch; the greedy ends obey
    the algorithms' rules, and the λ runs are no better than the best of all partitions."""
    m, values = random_side_range(seed)
    n_x = m.shape[1]
    everything = list(all_partitions(n_x))
    brute = {tuple(c): reference_side_measures(m, c) for c in everything}
    for alg, which in (("algorithm1", 0), ("algorithm2", 1)):
        for u in ("U1", "U2"):
            kw = dict(utility=u, values=values)
            path = merge_path(m, algorithm=alg, **kw)
            for s in path.steps:
                p = s.partition
                assert s.leakage == pytest.approx(brute[p.clusters][which], abs=1e-12)
                assert s.utility == pytest.approx(utility_value(p, u, values=values), abs=1e-12)
            priv = path.leakage
            if alg == "algorithm2":
                assert (np.diff(priv) < 0).all()  # every merge joins components
                last = path.steps[-1].partition
                for i in range(len(last)):  # no merge could join two more components
                    for j in range(i + 1, len(last)):
                        assert brute[last.merge(i, j).clusters][1] >= priv[-1] - 1e-12
            else:
                assert (np.diff(priv) <= 1e-12).all()
            for lam in (0.0, 0.2, 1.0):
                res = path.result(lam)
                best = min(
                    brute[tuple(c)][which] - lam * utility_value(Partition(c), u, values=values)
                    for c in everything
                )
                assert res.history[-1].lagrangian >= best - 1e-9


@given(seed=SEEDS)
def test_until_connected_with_side_information_follows_eq12_from_brute_force(seed):
    """Every step of the §V-C variant with A: among the pairs whose merge lowers I*(S; X̂, A)
    (brute force), the chosen one has the least eq. (12) ΔL (brute-force L0(S → X̂|A)), and
    at the end no merge lowers I*."""
    m, values = random_side_range(seed)
    for u in ("U1", "U2"):
        for lam in (0.0, 0.3):
            res = merge_until_connected(m, lam, utility=u, values=values)
            assert res.decomposition is None
            for prev, cur in zip(res.history, res.history[1:], strict=False):
                q = prev.partition
                l0_q, i_q = reference_side_measures(m, q.clusters)
                u_q = utility_value(q, u, values=values)
                deltas = {}
                for i in range(len(q)):
                    for j in range(i + 1, len(q)):
                        merged = q.merge(i, j)
                        l0_m, i_m = reference_side_measures(m, merged.clusters)
                        if i_m < i_q - 1e-12:
                            u_m = utility_value(merged, u, values=values)
                            deltas[merged] = l0_m - l0_q + lam * (u_q - u_m)
                assert cur.partition in deltas
                assert cur.delta == pytest.approx(deltas[cur.partition], abs=1e-9)
                assert cur.delta <= min(deltas.values()) + 1e-9
                assert cur.leakage == pytest.approx(
                    reference_side_measures(m, cur.partition.clusters)[0], abs=1e-12
                )
            last = res.partition
            i_last = reference_side_measures(m, last.clusters)[1]
            for i in range(len(last)):
                for j in range(i + 1, len(last)):
                    assert reference_side_measures(m, last.merge(i, j).clusters)[1] >= i_last


def test_worked_example_until_connected_with_side_information():
    """Example 1 with A (U1, λ = 0.3): eq. (12) keeps L0(S → X̂|A) = log2 3 throughout.

    Every candidate leaves a singleton of ratio 1/3 (x4 alone at a1, or x5..x7 at a2), so ΔL
    is λ times the utility lost: {x2,x3} first (0.3; the a1 pair with the largest joined
    subgraphs), {x5,x6} (0: the largest cluster already has 2 values), then {x5,x6,x7}
    (0.3 log2(3/2)); I*(S; X̂, A) = 1 bit, the least possible.
    """
    m = example1_side_range()
    res = merge_until_connected(m, 0.3)
    assert [h.partition.clusters for h in res.history[1:]] == [
        ((0,), (1, 2), (3,), (4,), (5,), (6,)),
        ((0,), (1, 2), (3,), (4, 5), (6,)),
        ((0,), (1, 2), (3,), (4, 5, 6)),
    ]
    assert [h.leakage for h in res.history] == pytest.approx([LOG2_3] * 4, abs=1e-12)
    assert [h.delta for h in res.history[1:]] == pytest.approx(
        [0.3, 0.0, 0.3 * math.log2(1.5)], abs=1e-12
    )
    assert side_information_maximin(quantize_side_range(m, res.partition)) == 1.0


def test_side_information_comparison_measures_both_designs():
    df = side_information_comparison(example1_side_range(), EXAMPLE2_VALUES, utility="U1")
    ign = df[(df.design == "ignores A") & (df.algorithm == "merge_across_components")]
    # Example 3's path ends at {x1,x3,x7},{x2,x5},{x4,x6} with I*(S; X̂) = 0, but the nodes
    # (𝒳, a2) have ranges {s6}, {s4}, {s5}: 4 components, 2 bits for the adversary knowing A,
    # where the design that accounts for A ends at 1 bit (the least possible, I*(S; A))
    assert ign.leakage_without_a.iloc[-1] == 0.0
    assert ign.leakage_with_a.iloc[-1] == pytest.approx(2.0, abs=1e-12)
    acc = df[(df.design == "accounts for A") & (df.algorithm == "merge_across_components")]
    assert acc.leakage_with_a.iloc[-1] == pytest.approx(1.0, abs=1e-12)
    assert (df.leakage_with_a >= 1.0 - 1e-12)[df.algorithm == "merge_across_components"].all()


def test_side_information_bad_input():
    m = example1_side_range()
    bad = m.copy()
    bad[:, 1, :] = False  # x2 in no triple
    with pytest.raises(ValueError, match="value of X"):
        merge_by_leakage(bad, 0.3)
    with pytest.raises(ValueError, match="partition"):
        quantize_side_range(m, [0, 1])
    with pytest.raises(ValueError, match="mask"):
        merge_path(np.ones((2, 2, 2, 2), dtype=bool))


# ---------------------------------------------------------------------------------------------
# medoid codeword
# ---------------------------------------------------------------------------------------------


def test_medoid_exact_small_examples():
    vals = [0.0, 1.0, 2.0, 10.0]
    # midrange 5: the member nearest is 2, largest distance 8; the centroid 3.25 gives 6.75
    assert cluster_codeword(vals, [0, 1, 2, 3], codeword="medoid") == 2.0
    assert cluster_distortion(vals, [0, 1, 2, 3], codeword="medoid") == 8.0
    assert cluster_distortion(vals, [0, 1, 2, 3]) == 6.75
    assert cluster_distortion(vals, [0, 1, 2, 3], codeword="medoid", distance="sq") == 64.0
    # two values: the medoid is an end (the smaller on a tie), twice the centroid's distortion
    assert cluster_codeword(vals, [0, 3], codeword="medoid") == 0.0
    assert cluster_distortion(vals, [0, 3], codeword="medoid") == 10.0
    assert cluster_distortion(vals, [0, 3]) == 5.0
    # a member at the midrange: the medoid beats the centroid ({0, 5, 6, 10}: 5 vs 5.25)
    v2 = [0.0, 5.0, 6.0, 10.0]
    assert cluster_codeword(v2, [0, 1, 2, 3], codeword="medoid") == 5.0
    assert cluster_distortion(v2, [0, 1, 2, 3], codeword="medoid") == 5.0
    assert cluster_distortion(v2, [0, 1, 2, 3]) == 5.25
    # Example 2's U2 solution: medoids 0.2, 0.4, 1.0 (distortions 0.1, 0.2, 0.5)
    t = codeword_table(EXAMPLE2_VALUES, [0, 0, 1, 0, 1, 2, 2])
    assert t.medoid.tolist() == [0.2, 0.4, 1.0]
    assert t.dbar_medoid.round(12).tolist() == [0.1, 0.2, 0.5]
    assert t.dbar_centroid.round(12).tolist() == [0.1, 0.1, 0.25]


@given(seed=SEEDS)
def test_medoid_relations(seed):
    """Brute force over the members; half-range ≤ d̄ ≤ range; d̄_med ≤ d̄_cen + dist(c, 𝒳)."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 9))
    vals = np.round(rng.normal(size=n) * 5, int(rng.integers(0, 3)))
    idx = list(range(n))
    med = cluster_codeword(vals, idx, codeword="medoid")
    d_med = cluster_distortion(vals, idx, codeword="medoid")
    d_cen = cluster_distortion(vals, idx)
    cen = cluster_codeword(vals, idx)
    assert med in vals.tolist()
    assert d_med == np.abs(vals[:, None] - vals[None, :]).max(axis=0).min()
    assert d_med == np.abs(vals - med).max()
    half, full = (vals.max() - vals.min()) / 2, vals.max() - vals.min()
    assert half - 1e-12 <= d_cen <= full + 1e-12
    assert half - 1e-12 <= d_med <= full + 1e-12
    assert d_med <= d_cen + np.abs(vals - cen).min() + 1e-12
    d_sq = cluster_distortion(vals, idx, codeword="medoid", distance="sq")
    assert d_sq == pytest.approx(d_med**2, rel=1e-12, abs=1e-15)
    if n == 2:
        assert d_med == pytest.approx(2 * d_cen, abs=1e-12)
    # the partition's U2 is the worst cluster's
    labels = rng.integers(0, 3, n)
    p = Partition.from_labels(labels)
    u2 = distortion_utility(vals, p, codeword="medoid")
    assert u2 == -max(cluster_distortion(vals, list(c), codeword="medoid") for c in p.clusters)


@given(seed=SEEDS)
def test_medoid_algorithms_match_the_reference(seed):
    """The incremental medoid paths equal the from-scratch ones (every member tried)."""
    rng = np.random.default_rng(seed)
    mask = random_range(rng, int(rng.integers(2, 6)), int(rng.integers(2, 8)))
    values = np.round(rng.normal(size=mask.shape[1]) * 3, 1)
    for alg in ("algorithm1", "algorithm2"):
        for d in ("abs", "sq"):
            kw = dict(utility="U2", values=values, distance=d, codeword="medoid")
            path = merge_path(mask, algorithm=alg, **kw)
            parts = [p.clusters for p in path.partitions]
            if path.end_reason == "no_candidates":
                parts = parts[:-1]
            assert parts == [tuple(q) for q in reference_path(mask, algorithm=alg, **kw)]
            for s in path.steps:
                assert s.utility == distortion_utility(
                    values, s.partition, distance=d, codeword="medoid"
                )
    kw = dict(utility="U2", values=values, codeword="medoid")
    ours = merge_until_connected(mask, 0.3, **kw)
    ref = reference_until_connected(mask, 0.3, **kw)
    assert [h.partition.clusters for h in ours.history] == [tuple(q) for q, _ in ref]


def test_medoid_bad_input():
    with pytest.raises(ValueError, match="codeword"):
        cluster_codeword([1.0, 2.0], [0, 1], codeword="mean")
    with pytest.raises(ValueError, match="codeword"):
        merge_by_leakage(example1_range(), 0.3, utility="U2", values=EXAMPLE2_VALUES, codeword=1)
    with pytest.raises(ValueError, match="cluster"):
        cluster_codeword([1.0, 2.0], [])


# ---------------------------------------------------------------------------------------------
# large inputs: memory estimate and progress bar
# ---------------------------------------------------------------------------------------------


def test_results_are_identical_with_and_without_the_progress_bar(monkeypatch):
    rng = np.random.default_rng(7)
    mask = random_range(rng, 6, 40)
    values = np.round(rng.normal(size=40) * 3, 1)
    kw = dict(utility="U2", values=values)

    def run():
        return (
            steps_of(merge_by_leakage(mask, 0.05, **kw)),
            steps_of(merge_across_components(mask, 0.05, **kw)),
            steps_of(merge_until_connected(mask, 0.05, **kw)),
            steps_of(merge_path(mask, algorithm="algorithm2", **kw)),
        )

    monkeypatch.setenv("TQDM_DISABLE", "1")
    quiet = run()
    monkeypatch.delenv("TQDM_DISABLE")
    shown = functools.partial(resources.progress, enabled=True, disable=False)
    for mod in (results_mod, paths_mod, connected_mod):
        monkeypatch.setattr(mod, "progress", shown)
    assert run() == quiet


def test_memory_is_checked_before_a_run(monkeypatch):
    monkeypatch.setattr(resources, "available_memory", lambda: 10_000)
    with pytest.raises(MemoryError, match="agglomerative clustering of a range of shape"):
        merge_path(np.eye(50, dtype=bool), algorithm="algorithm2", utility="U2", values=range(50))


# ---------------------------------------------------------------------------------------------
# the Hungarian data: A = sex
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hungarian_side():
    from nsp.datasets import DataUnavailableError
    from nsp.papers.agglomerative import hungarian_joint_range, hungarian_side_range

    try:
        m, values, a_labels = hungarian_side_range()
        r = hungarian_joint_range()
    except DataUnavailableError as exc:  # honest skip: the data is fetched by `make data`
        pytest.skip(f"Hungarian heart data not available: {exc}")
    return m, values, a_labels, r


@pytest.mark.data
def test_hungarian_side_range_is_the_joint_range_split_by_sex(hungarian_side):
    m, values, a_labels, r = hungarian_side
    assert a_labels == (0, 1) and m.shape == (38, 154, 2)
    assert (m.any(axis=2) == r.mask).all()  # A marginalised: the paper's range
    assert values.tolist() == [float(x) for x in r.x_labels]
    l0_a, i_a = side_information_leakage(m), side_information_maximin(m)
    l0_ref, i_ref = reference_side_measures(m, [[x] for x in range(m.shape[1])])
    assert (l0_a, i_a) == pytest.approx((l0_ref, i_ref), abs=1e-12)


@pytest.mark.data
def test_hungarian_with_sex_known_paths_are_measured_right(hungarian_side):
    m, values, _, r = hungarian_side
    for alg, measure in (
        ("algorithm1", side_information_leakage),
        ("algorithm2", side_information_maximin),
    ):
        path = merge_path(m, algorithm=alg, utility="U2", values=values)
        for s in path.steps[:: max(1, len(path) // 8)] + path.steps[-1:]:
            assert s.leakage == pytest.approx(measure(quantize_side_range(m, s.partition)))
    # the plain run on the range with a constant A is the paper's run
    plain = merge_path(r, algorithm="algorithm1", utility="U2")
    const = merge_path(r.mask[:, :, None], algorithm="algorithm1", utility="U2", values=values)
    assert steps_of(plain) == steps_of(const)
