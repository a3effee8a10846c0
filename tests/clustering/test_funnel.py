"""Tests of nsp.clustering.funnel: the worked examples E1–E4 of docs/papers/privacy_funnel.md
exactly, the paper's lemmas and theorem as properties on seeded random instances, the cached
greedy algorithms against the reference ones (from the definitions) and against brute force over
all deterministic mappings, and bad input."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nsp import info
from nsp.channels import random_channel
from nsp.clustering import funnel
from nsp.clustering.funnel import (
    BayesDecisionCost,
    BrierLoss,
    LogLoss,
    ZeroOneLoss,
    brute_force_deterministic,
    chain_rule_bounds,
    constrained_envelope,
    disclosure,
    funnel_curve,
    greedy_information_bottleneck,
    greedy_max_leakage,
    greedy_privacy_funnel,
    greedy_ratio_funnel,
    inference_cost_gain,
    lemma2_bound,
    lemma2_gaps,
    logloss_distortion,
    lower_envelope,
    mapping_from_partition,
    merge_costs,
    privacy_leakage,
    set_partition_labels,
    theorem1_bound,
    upper_envelope,
)
from nsp.clustering.funnel._greedy import _greedy_incremental, _ratio
from nsp.clustering.funnel._reference import (
    brute_force_reference,
    greedy_reference,
    merge_costs_reference,
)
from nsp.papers.privacy_funnel import (
    E1_GREEDY,
    E1_P_SX,
    E3_P_SY,
    E4_DETERMINISTIC,
    E4_GREEDY,
    E4_MERGE_COSTS,
    E4_P_SX,
    E4_SUMMARY,
    groups_text,
)
from nsp.partition import Partition

E1, E4 = E1_P_SX, E4_P_SX
ALG = {
    "greedy_privacy_funnel": greedy_privacy_funnel,
    "greedy_information_bottleneck": greedy_information_bottleneck,
    "greedy_max_leakage": greedy_max_leakage,
    "greedy_ratio_funnel": greedy_ratio_funnel,  # not in the paper: every oracle test covers it
}


def random_joint(seed: int, m: int, n: int, alpha: float = 1.0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.dirichlet(np.full(m * n, alpha)).reshape(m, n)


def channel(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    return random_channel(n, k, alpha=0.7, seed=rng)


instances = st.tuples(
    st.integers(0, 2**31 - 1),
    st.integers(2, 4),
    st.integers(2, 7),
    st.sampled_from([0.3, 1.0, 3.0]),
)


# ---------------------------------------------------------------------------------------
# Worked examples
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("alg, param, expected, groups", E1_GREEDY)
def test_e1_parity(alg, param, expected, groups):
    for res in (ALG[alg](E1, param), greedy_reference(E1, param, algorithm=alg)):
        assert groups_text(res.groups) == groups
        assert res.utility == pytest.approx(expected[0], abs=1e-12)
        assert res.leakage == pytest.approx(expected[1], abs=1e-12)


def test_e1_min_max_gap_at_one_bit():
    bf = brute_force_deterministic(E1)
    at_one = bf[np.isclose(bf.utility, 1.0)]
    assert at_one.leakage.min() == pytest.approx(0.0, abs=1e-12)
    assert at_one.leakage.max() == pytest.approx(1.0, abs=1e-12)


def test_e2_feasible_set_is_not_convex():
    p = np.array([[0.25, 0.25], [0.25, 0.25]])  # X uniform binary (S independent)
    w1, w2 = np.eye(2), np.array([[0.0, 1.0], [1.0, 0.0]])
    assert disclosure(p, w1) == pytest.approx(1.0)
    assert disclosure(p, w2) == pytest.approx(1.0)
    assert disclosure(p, 0.5 * w1 + 0.5 * w2) == pytest.approx(0.0, abs=1e-12)


def test_e3_bsc_threat_and_bounds():
    p = E3_P_SY
    i_bits = 1 - info.binary_entropy(0.2)
    assert inference_cost_gain(p, LogLoss()) == pytest.approx(0.278072, abs=1e-6)
    assert inference_cost_gain(p, LogLoss()) == pytest.approx(i_bits, abs=1e-12)
    assert inference_cost_gain(p, LogLoss(base=math.e)) == pytest.approx(0.192745, abs=1e-6)
    assert ZeroOneLoss().optimal_value([0.5, 0.5]) == pytest.approx(0.5)
    assert ZeroOneLoss().optimal_value([0.8, 0.2]) == pytest.approx(0.2)
    assert inference_cost_gain(p, ZeroOneLoss()) == pytest.approx(0.3, abs=1e-12)
    assert theorem1_bound(p, 1.0) == pytest.approx(1.241756, abs=1e-6)
    assert BrierLoss().optimal_value([0.5, 0.5]) == pytest.approx(0.5)
    assert BrierLoss().optimal_value([0.8, 0.2]) == pytest.approx(0.32)
    assert inference_cost_gain(p, BrierLoss()) == pytest.approx(0.18, abs=1e-12)
    assert theorem1_bound(p, BrierLoss().bound) == pytest.approx(2.483512, abs=1e-6)


def test_e4_entropies_and_pair_costs():
    assert info.entropy(E4.sum(0)) == pytest.approx(E4_SUMMARY["H(X)"], abs=1e-6)
    assert info.entropy(E4.sum(1)) == pytest.approx(E4_SUMMARY["H(S)"], abs=1e-6)
    assert info.mutual_information(E4) == pytest.approx(E4_SUMMARY["I(S;X)"], abs=1e-6)
    assert info.conditional_entropy(E4, 1, 0) == pytest.approx(E4_SUMMARY["H(X|S)"], abs=1e-6)
    eye = np.eye(3)
    for (i, j), (ds, dx) in E4_MERGE_COSTS.items():
        assert merge_costs(E4, eye, i, j) == pytest.approx((ds, dx), abs=1e-6)
        assert merge_costs_reference(E4, eye, i, j) == pytest.approx((ds, dx), abs=1e-6)


def test_e4_all_deterministic_mappings():
    for bf in (brute_force_deterministic(E4), brute_force_reference(E4)):
        got = sorted(zip(bf.utility.round(6), bf.leakage.round(6), strict=True))
        assert got == sorted(E4_DETERMINISTIC)


@pytest.mark.parametrize("alg, param, expected, groups", E4_GREEDY)
def test_e4_greedy_calls(alg, param, expected, groups):
    for res in (ALG[alg](E4, param), greedy_reference(E4, param, algorithm=alg)):
        assert groups_text(res.groups) == groups
        assert (res.utility, res.leakage) == pytest.approx(expected, abs=1e-6)


# ---------------------------------------------------------------------------------------
# Threat: Lemma 1, Lemma 2, Theorem 1
# ---------------------------------------------------------------------------------------
def _costs(rng: np.random.Generator, m: int):
    loss = rng.uniform(-3, 3, size=(m, int(rng.integers(2, 5))))
    return [BayesDecisionCost(loss), ZeroOneLoss(), BrierLoss()]


def test_theorem1_and_lemma2_random(rng):
    worst = 0.0
    for _ in range(400):
        m, k = int(rng.integers(2, 6)), int(rng.integers(2, 6))
        alpha = float(rng.choice([0.1, 0.5, 1.0, 5.0]))
        p = rng.dirichlet(np.full(m * k, alpha)).reshape(m, k)
        for cost in _costs(rng, m):
            dc = inference_cost_gain(p, cost)
            bound = theorem1_bound(p, cost.bound)
            assert dc >= -1e-12
            assert dc <= bound + 1e-12
            worst = max(worst, dc / bound if bound > 0 else 0.0)
            gaps = lemma2_gaps(p, cost)
            assert np.all(gaps <= lemma2_bound(p, cost.bound) + 1e-12)
            # ΔC is the p(y)-average of Lemma 2's gaps
            p_y = p.sum(0)[p.sum(0) > 0]
            assert dc == pytest.approx(float(p_y @ gaps), abs=1e-12)
    assert worst < 1.0


def test_bayes_decision_with_identity_loss_is_zero_one(rng):
    p = rng.dirichlet(np.ones(12)).reshape(3, 4)
    assert inference_cost_gain(p, BayesDecisionCost(1 - np.eye(3))) == pytest.approx(
        inference_cost_gain(p, ZeroOneLoss()), abs=1e-12
    )


@given(instances, st.sampled_from([2, math.e, 10]))
def test_lemma1_logloss_threat_is_mutual_information(inst, base):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    cost = LogLoss(base=base)
    assert cost.optimal_value(p.sum(1)) == pytest.approx(
        info.entropy(p.sum(1), base=base), abs=1e-10
    )
    assert inference_cost_gain(p, cost) == pytest.approx(
        info.mutual_information(p, base=base), abs=1e-10
    )


def test_threat_input_errors():
    with pytest.raises(ValueError, match="p_sy"):
        inference_cost_gain([[0.5, 0.6]], ZeroOneLoss())
    with pytest.raises(ValueError, match="bound"):
        theorem1_bound([[0.5, 0.5]], math.inf)
    with pytest.raises(ValueError, match="loss"):
        BayesDecisionCost([1.0, 2.0])
    with pytest.raises(ValueError, match="loss"):
        BayesDecisionCost([[0, 1], [1]])  # ragged


@pytest.mark.parametrize(
    "cost", [LogLoss(), ZeroOneLoss(), BrierLoss(), BayesDecisionCost(1 - np.eye(2))]
)
def test_costs_reject_non_pmf_input(cost):
    with pytest.raises(ValueError, match="p must sum to 1"):
        cost.expected_cost([2, 3], [0.5, 0.5])  # used to give -1.0 for the 0-1 loss
    with pytest.raises(ValueError, match="q must be non-negative"):
        cost.expected_cost([0.5, 0.5], [1.5, -0.5])
    with pytest.raises(ValueError, match=r"p\[:, 1\] must sum to 1"):
        cost.expected_cost([[0.5, 0.2], [0.5, 0.7]], [0.5, 0.5])
    with pytest.raises(ValueError, match="q must have the shape of p"):
        cost.expected_cost([0.5, 0.5], [0.2, 0.3, 0.5])
    with pytest.raises(ValueError, match="p must hold finite"):
        cost.optimal_value([np.nan, 1.0])
    # columns of valid pmfs are accepted, each column against its own belief
    cols = np.array([[0.8, 0.3], [0.2, 0.7]])
    both = cost.expected_cost(cols, cols)
    assert both == pytest.approx([cost.expected_cost(cols[:, j], cols[:, j]) for j in range(2)])


# ---------------------------------------------------------------------------------------
# Measures
# ---------------------------------------------------------------------------------------
@given(instances, st.integers(1, 5))
def test_logloss_distortion(inst, k):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    w = channel(np.random.default_rng(seed + 1), n, k)
    p_xy = p.sum(0)[:, None] * w
    p_y = p_xy.sum(0)
    mask = p_xy > 0
    direct = -float(np.sum(p_xy[mask] * np.log2((p_xy / p_y)[mask])))
    d = logloss_distortion(p, w)
    assert d == pytest.approx(direct, abs=1e-10)
    h_x = info.entropy(p.sum(0))
    assert d == pytest.approx(h_x - disclosure(p, w), abs=1e-10)


@given(instances, st.integers(2, 5), st.floats(0.0, 1.0))
def test_informations_are_convex_in_the_mapping(inst, k, lam):
    seed, m, n, alpha = inst
    rng = np.random.default_rng(seed)
    p = random_joint(seed, m, n, alpha)
    w1, w2 = channel(rng, n, k), channel(rng, n, k)
    w = lam * w1 + (1 - lam) * w2
    for f in (disclosure, privacy_leakage):
        assert f(p, w) <= lam * f(p, w1) + (1 - lam) * f(p, w2) + 1e-10


@given(instances, st.integers(1, 6))
def test_chain_rule_and_data_processing_bounds(inst, k):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    w = channel(np.random.default_rng(seed + 7), n, k)
    i_xy, i_sy = disclosure(p, w), privacy_leakage(p, w)
    lo, hi = chain_rule_bounds(p, i_xy)
    assert lo - 1e-10 <= i_sy <= hi + 1e-10


@given(instances, st.integers(2, 5))
def test_proposition1_matches_recomputation(inst, k):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    w = channel(np.random.default_rng(seed + 3), n, k)
    for i, j in itertools.combinations(range(k), 2):
        ds, dx = merge_costs(p, w, i, j)
        assert ds >= 0 and dx >= 0
        assert (ds, dx) == pytest.approx(merge_costs_reference(p, w, i, j), abs=1e-10)
        assert (ds, dx) == pytest.approx(merge_costs_reference(p, w, j, i), abs=1e-10)


@given(instances)
def test_proposition1_deterministic_closed_form_and_locality(inst):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    part = Partition.from_labels(np.random.default_rng(seed).integers(0, 3, size=n))
    w = mapping_from_partition(part)
    k = w.shape[1]
    p_y = p.sum(0) @ w
    for i, j in itertools.combinations(range(k), 2):
        pij = p_y[i] + p_y[j]
        assert merge_costs(p, w, i, j)[1] == pytest.approx(
            pij * info.binary_entropy(p_y[i] / pij), abs=1e-10
        )
    if k >= 4:
        # merging 0 and 1 leaves the costs of the pairs among the other letters unchanged
        merged = np.delete(w, 1, axis=1)
        merged[:, 0] += w[:, 1]
        for i, j in itertools.combinations(range(2, k), 2):
            assert merge_costs(p, merged, i - 1, j - 1) == pytest.approx(
                merge_costs(p, w, i, j), abs=1e-12
            )


def test_measure_input_errors():
    with pytest.raises(ValueError, match="mapping"):
        privacy_leakage(E1, np.eye(3))
    with pytest.raises(ValueError, match="p_sx"):
        disclosure([[0.5, 0.6]], np.eye(2))
    with pytest.raises(ValueError, match="distinct"):
        merge_costs(E1, np.eye(4), 1, 1)
    with pytest.raises(ValueError, match="output letter"):
        merge_costs(E1, np.eye(4), 0, 4)


# ---------------------------------------------------------------------------------------
# Greedy algorithms
# ---------------------------------------------------------------------------------------
def _thresholds(p: np.ndarray, alg: str) -> list[float]:
    top = (
        info.mutual_information(p)
        if alg == "greedy_information_bottleneck"
        else info.entropy(p.sum(0))
    )
    return [0.0, 0.3 * top, 0.6 * top, 0.9 * top, top]


@given(instances)
def test_incremental_equals_reference(inst):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    for alg, f in ALG.items():
        for t in _thresholds(p, alg):
            fast = f(p, t)
            naive = greedy_reference(p, t, algorithm=alg)
            assert fast.partition == naive.partition
            assert fast.utility == pytest.approx(naive.utility, abs=1e-12)
            assert fast.leakage == pytest.approx(naive.leakage, abs=1e-12)


def test_incremental_equals_reference_marginal_mode_larger(rng):
    for seed in range(4):
        p = random_joint(seed, 3, 14)
        r = 0.5 * info.entropy(p.sum(0))
        assert (
            greedy_privacy_funnel(p, r).partition
            == greedy_reference(p, r, disclosure_from="marginal").partition
        )


def _remaining_merges(p: np.ndarray, part: Partition):
    for i, j in itertools.combinations(range(len(part)), 2):
        merged = mapping_from_partition(part.merge(i, j))
        yield disclosure(p, merged), privacy_leakage(p, merged)


@given(instances, st.floats(0.0, 1.0))
def test_funnel_invariants(inst, frac):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    r = frac * info.entropy(p.sum(0))
    res = greedy_privacy_funnel(p, r, return_trace=True)
    w = res.mapping
    assert set(np.unique(w)) <= {0.0, 1.0} and np.all(w.sum(1) == 1)
    assert res.utility == pytest.approx(disclosure(p, w), abs=1e-10)
    assert res.utility == pytest.approx(info.entropy(p.sum(0) @ w), abs=1e-10)
    assert res.leakage == pytest.approx(privacy_leakage(p, w), abs=1e-10)
    assert res.utility >= r - 1e-9
    # stopping rule: no remaining merge keeps I(X;Y) >= R
    assert all(xy < r - 1e-12 for xy, _ in _remaining_merges(p, res.partition))
    tr = res.trace
    assert len(tr) == n - res.n_outputs
    xs = np.concatenate([[info.entropy(p.sum(0))], tr.utility])
    ss = np.concatenate([[info.mutual_information(p)], tr.leakage])
    assert np.all(np.diff(xs) <= 1e-12) and np.all(np.diff(ss) <= 1e-12)


@given(instances)
def test_endpoints(inst):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    h_x = info.entropy(p.sum(0))
    assert greedy_privacy_funnel(p, 0.0).n_outputs == 1
    full = greedy_privacy_funnel(p, h_x)
    assert full.n_outputs == n
    assert full.leakage == pytest.approx(info.mutual_information(p), abs=1e-12)
    assert greedy_information_bottleneck(p, 0.0).n_outputs == 1


@given(instances, st.floats(0.0, 1.0))
def test_bottleneck_and_variant_invariants(inst, frac):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    delta = frac * info.mutual_information(p)
    res = greedy_information_bottleneck(p, delta)
    assert res.leakage >= delta - 1e-9
    assert all(sy < delta - 1e-12 for _, sy in _remaining_merges(p, res.partition))
    r = frac * info.entropy(p.sum(0))
    var = greedy_max_leakage(p, r)
    assert var.utility >= r - 1e-9
    assert all(xy < r - 1e-12 for xy, _ in _remaining_merges(p, var.partition))


@given(st.integers(0, 2**31 - 1), st.integers(2, 3), st.integers(3, 8))
def test_greedy_inside_the_brute_force_cloud(seed, m, n):
    p = random_joint(seed, m, n)
    bf = brute_force_deterministic(p)
    h_x, i_sx = info.entropy(p.sum(0)), info.mutual_information(p)
    # the exact value function over deterministic maps is monotone, from 0 to I(S;X)
    g = [bf.leakage[bf.utility >= r - 1e-12].min() for r in np.linspace(0, h_x, 9)]
    assert g[0] == pytest.approx(0.0, abs=1e-12) and g[-1] == pytest.approx(i_sx, abs=1e-12)
    assert np.all(np.diff(g) >= -1e-12)
    cloud = set(zip(bf.utility.round(9), bf.leakage.round(9), strict=True))
    for r in np.linspace(0, h_x, 5):
        a1 = greedy_privacy_funnel(p, r)
        assert (round(a1.utility, 9), round(a1.leakage, 9)) in cloud
        assert a1.leakage >= bf.leakage[bf.utility >= r - 1e-12].min() - 1e-12
        a2p = greedy_max_leakage(p, r)
        assert a2p.leakage <= bf.leakage[bf.utility >= r - 1e-12].max() + 1e-12
    for d in np.linspace(0, i_sx, 5):
        a2 = greedy_information_bottleneck(p, d)
        assert (round(a2.utility, 9), round(a2.leakage, 9)) in cloud
        assert a2.utility >= bf.utility[bf.leakage >= d - 1e-12].min() - 1e-12


@given(instances, st.floats(0.0, 1.0))
def test_base_invariance(inst, frac):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    r_bits = frac * info.entropy(p.sum(0))
    a = greedy_privacy_funnel(p, r_bits, return_trace=True)
    b = greedy_privacy_funnel(p, r_bits * math.log(2), base=math.e, return_trace=True)
    assert a.partition == b.partition
    assert a.trace[["i", "j"]].equals(b.trace[["i", "j"]])
    assert b.leakage == pytest.approx(a.leakage * math.log(2), abs=1e-12)


def test_zero_mass_letters_are_left_out_and_join_letter_zero():
    p = np.array([[0.25, 0.0, 0.25, 0.0, 0.0], [0.0, 0.0, 0.0, 0.25, 0.25]])
    res = greedy_privacy_funnel(p, 1.0)
    assert res.n_x_effective == 4
    assert res.mapping.shape[0] == 5 and np.all(res.mapping.sum(1) == 1)
    assert res.partition.labels[1] == 0
    assert res.utility == pytest.approx(1.0) and res.leakage == pytest.approx(0.0, abs=1e-12)


def test_greedy_input_errors():
    with pytest.raises(ValueError, match="R must be <= H"):
        greedy_privacy_funnel(E1, 2.5)
    with pytest.raises(ValueError, match="delta must be <= I"):
        greedy_information_bottleneck(E1, 1.5)
    with pytest.raises(ValueError, match="algorithm"):
        greedy_reference(E1, 1.0, algorithm="alg3")
    with pytest.raises(ValueError, match="p_sx"):
        greedy_privacy_funnel([[0.2, 0.2]], 0.5)


@pytest.mark.parametrize("bad", [-1e-3, math.nan, math.inf, -math.inf])
@pytest.mark.parametrize("alg", sorted(ALG))
def test_tolerances_must_be_finite_and_nonnegative(alg, bad):
    # tie_tol < 0 (or NaN) used to leave no allowed pair in the chosen row, and the first
    # column was merged whether allowed or not: E1 with R = 1 gave I(X;Y) = 0.811 < R
    with pytest.raises(ValueError, match="tie_tol must be a finite number >= 0"):
        ALG[alg](E1, 1.0, tie_tol=bad)
    with pytest.raises(ValueError, match="tie_tol must be a finite number >= 0"):
        greedy_reference(E1, 1.0, algorithm=alg, tie_tol=bad)
    # tol = inf used to make every merge feasible
    with pytest.raises(ValueError, match="^tol must be a finite number >= 0"):
        ALG[alg](E1, 1.0, tol=bad)
    with pytest.raises(ValueError, match="tie_tol"):
        funnel_curve(E1, alg, 3, tie_tol=bad)


def test_the_cached_loop_refuses_to_merge_a_pair_that_is_not_allowed():
    # the public functions reject tie_tol < 0; the loop itself checks that the pair it
    # merges is feasible and tied with the best instead of taking the first column blindly
    with pytest.raises(RuntimeError, match="no allowed merge"):
        _greedy_incremental(
            E1.T.copy(),
            E1.sum(0),
            algorithm="greedy_privacy_funnel",
            thr=math.log(2),
            tol=1e-12,
            tie_tol=-1e-3,
            max_merges=None,
            record=False,
        )


def test_threshold_errors_name_the_argument():
    for bad in (math.nan, math.inf, "1"):
        with pytest.raises(ValueError, match="^r must be a finite number"):
            greedy_privacy_funnel(E1, bad)
        with pytest.raises(ValueError, match="^r must be a finite number"):
            greedy_max_leakage(E1, bad)
        with pytest.raises(ValueError, match="^delta must be a finite number"):
            greedy_information_bottleneck(E1, bad)
        with pytest.raises(ValueError, match="^param must be a finite number"):
            greedy_reference(E1, bad)
    with pytest.raises(ValueError, match="grid must hold finite"):
        funnel_curve(E1, "greedy_privacy_funnel", [0.0, math.nan])


def test_zero_tolerances_are_allowed_and_respect_the_constraint():
    p = random_joint(3, 3, 7)
    for alg, f in ALG.items():
        for t in _thresholds(p, alg)[1:-1]:
            res = f(p, t, tol=0.0, tie_tol=0.0)
            naive = greedy_reference(p, t, algorithm=alg, tol=0.0, tie_tol=0.0)
            assert res.partition == naive.partition
            assert (
                res.leakage if alg == "greedy_information_bottleneck" else res.utility
            ) >= t - 1e-12


# ---------------------------------------------------------------------------------------
# Brute force and curves
# ---------------------------------------------------------------------------------------
def test_set_partitions_are_the_bell_numbers_and_distinct():
    assert [len(set_partition_labels(n)) for n in range(1, 10)] == [
        1,
        2,
        5,
        15,
        52,
        203,
        877,
        4140,
        21147,
    ]
    rows = set_partition_labels(6)
    assert len({Partition.from_labels(r) for r in rows}) == len(rows)


def test_brute_force_matches_the_reference(rng):
    p = rng.dirichlet(np.ones(15)).reshape(3, 5)
    bf, ref = brute_force_deterministic(p), brute_force_reference(p)
    assert bf.labels.tolist() == ref.labels.tolist()
    assert bf.n_Y.tolist() == ref.n_Y.tolist()
    assert np.allclose(bf.utility, ref.utility, rtol=0, atol=1e-12)
    assert np.allclose(bf.leakage, ref.leakage, rtol=0, atol=1e-12)
    with pytest.raises(ValueError, match="max_n"):
        brute_force_deterministic(rng.dirichlet(np.ones(22)).reshape(2, 11))


def test_curves_and_envelopes():
    p = random_joint(5, 3, 8)
    c1 = funnel_curve(p, "greedy_privacy_funnel", 11)
    c2 = funnel_curve(p, "greedy_information_bottleneck", 11)
    assert list(c1.columns) == ["algorithm", "param", "utility", "leakage", "n_Y"]
    for c in (c1, c2):
        assert c.iloc[0][["utility", "leakage"]].tolist() == pytest.approx([0, 0], abs=1e-12)
        assert c.iloc[-1].utility == pytest.approx(info.entropy(p.sum(0)))
        assert c.iloc[-1].leakage == pytest.approx(info.mutual_information(p))
    assert np.all(c1.utility >= c1.param - 1e-9)
    assert np.all(c2.leakage >= c2.param - 1e-9)
    xs = np.linspace(0, info.entropy(p.sum(0)), 7)
    lo, up = lower_envelope(c1, xs), upper_envelope(c2, xs)
    assert np.all(np.diff(lo) >= -1e-12)
    assert np.all(np.diff(up[~np.isnan(up)]) >= -1e-12)


@pytest.mark.parametrize("mod", [2, 3])
def test_incremental_equals_reference_with_many_exact_ties(mod):
    # S = X mod `mod` with X uniform: many pairs have exactly equal costs, so the documented
    # tie rule (first tied pair in row-major order) decides every step
    n = 6 if mod == 3 else 8
    p = np.zeros((mod, n))
    p[np.arange(n) % mod, np.arange(n)] = 1 / n
    for alg, f in ALG.items():
        for t in _thresholds(p, alg):
            assert f(p, t).partition == greedy_reference(p, t, algorithm=alg).partition


def _counts_joint(seed: int, m: int, n: int) -> np.ndarray:
    # small integer counts: many letters share a mass (and many pairs a cost), so exact ties
    # and the lazy refresh of out-of-date rows are both exercised
    c = np.random.default_rng(seed).integers(0, 3, size=(m, n)).astype(float)
    c[0, c.sum(0) == 0] = 1.0
    return c / c.sum()


@pytest.mark.parametrize("seed", range(3))
def test_incremental_equals_reference_larger_instances_every_algorithm(seed):
    for p in (
        random_joint(seed, 3, 16),
        random_joint(seed, 4, 14, 0.3),
        _counts_joint(seed, 3, 16),
    ):
        for alg, f in ALG.items():
            for t in _thresholds(p, alg)[1:-1]:
                fast = f(p, t, return_trace=True)
                naive = greedy_reference(p, t, algorithm=alg, disclosure_from="marginal")
                assert fast.partition == naive.partition


def test_out_of_date_row_bound_covers_the_new_merged_column():
    # an instance (found by search) where a row above the merged letter is out of date and
    # its new pair with the merged letter beats its cached bound: the bound must be raised,
    # else that row is never recomputed and Algorithm 2 picks another pair than the naive one
    rng = np.random.default_rng(1098)
    m, n = int(rng.integers(2, 5)), int(rng.integers(4, 13))
    p = rng.dirichlet(np.full(m * n, float(rng.choice([0.3, 1, 3])))).reshape(m, n)
    delta = 0.8 * info.mutual_information(p)
    assert (
        greedy_information_bottleneck(p, delta).partition
        == greedy_reference(p, delta, algorithm="greedy_information_bottleneck").partition
    )


# ---------------------------------------------------------------------------------------
# The ratio greedy (not in the paper)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "r, expected, groups",
    [
        (2.0, (2.0, 1.0), "{0}{1}{2}{3}"),
        (1.5, (1.5, 0.5), "{0,1}{2}{3}"),
        (1.0, (1.0, 0.0), "{0,1}{2,3}"),
        (0.0, (0.0, 0.0), "{0,1,2,3}"),
    ],
)
def test_ratio_greedy_on_e1_reaches_perfect_privacy_at_one_bit(r, expected, groups):
    # S = parity of a uniform X: merging two letters of the same parity removes half a bit of
    # leakage per half bit of disclosure (ratio 1), of different parities none (ratio 0)
    for res in (
        greedy_ratio_funnel(E1, r),
        greedy_reference(E1, r, algorithm="greedy_ratio_funnel"),
    ):
        assert groups_text(res.groups) == groups
        assert (res.utility, res.leakage) == pytest.approx(expected, abs=1e-12)
        assert res.algorithm == "greedy_ratio_funnel"


def test_ratio_greedy_first_merge_has_the_largest_ratio_of_costs():
    p = random_joint(7, 3, 6)
    res = greedy_ratio_funnel(p, 0.0, max_merges=1, return_trace=True)
    i, j = int(res.trace.i[0]), int(res.trace.j[0])
    w = np.eye(6)
    ratios = {}
    for a, b in itertools.combinations(range(6), 2):
        d_s, d_x = merge_costs(p, w, a, b)
        ratios[a, b] = d_s / d_x
    assert ratios[i, j] == pytest.approx(max(ratios.values()), abs=1e-12)


def test_ratio_scores_define_the_zero_disclosure_cost_case():
    out = _ratio(np.array([0.2, 0.0, 0.3, -0.0]), np.array([0.4, 0.0, 0.0, 0.1]))
    assert out.tolist() == [0.5, 0.0, math.inf, 0.0]


@given(instances, st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]))
def test_ratio_greedy_keeps_the_constraint_and_stops_like_algorithm_1(inst, frac):
    seed, m, n, alpha = inst
    p = random_joint(seed, m, n, alpha)
    r = frac * info.entropy(p.sum(0))
    res = greedy_ratio_funnel(p, r)
    assert res.utility >= r - 1e-9
    assert res.leakage <= info.mutual_information(p) + 1e-12
    # stopping rule: no further merge keeps I(X;Y) >= R
    w = res.mapping
    for a, b in itertools.combinations(range(res.n_outputs), 2):
        assert (
            disclosure(
                p,
                w,
            )
            - merge_costs(p, w, a, b)[1]
            < r - 1e-12
            or res.n_outputs == 1
        )


@pytest.mark.data
def test_ratio_greedy_on_the_census_leaks_less_than_algorithm_1_mid_range():
    from nsp.datasets import DataUnavailableError
    from nsp.papers.privacy_funnel import adult_census_joint, census_probe

    try:
        p = adult_census_joint().p_sx
    except DataUnavailableError as exc:  # honest skip: the data is fetched by `make data`
        pytest.skip(f"UCI Adult not available: {exc}")
    probe = census_probe(p, [2.0, 2.5, 3.0, 3.5])
    assert probe.greedy_ratio_funnel_leakage.round(3).tolist() == [0.044, 0.091, 0.330, 0.813]
    assert probe.greedy_privacy_funnel_leakage.round(3).tolist() == [0.105, 0.380, 0.664, 1.017]
    assert (probe.greedy_ratio_funnel_utility >= probe.R - 1e-12).all()


def test_ratio_greedy_bad_input():
    with pytest.raises(ValueError, match="R must be <= H"):
        greedy_ratio_funnel(E1, 2.5)
    with pytest.raises(ValueError, match="^r must be a finite number"):
        greedy_ratio_funnel(E1, math.nan)
    with pytest.raises(ValueError, match="p_sx"):
        greedy_ratio_funnel([[0.2, 0.2]], 0.5)
    with pytest.raises(ValueError, match="max_merges"):
        greedy_ratio_funnel(E1, 1.0, max_merges=-1)
    with pytest.raises(ValueError, match="return_trace"):
        greedy_ratio_funnel(E1, 1.0, return_trace="yes")


# ---------------------------------------------------------------------------------------
# Names, aliases, submodules
# ---------------------------------------------------------------------------------------
def test_paper_names_are_aliases_of_the_descriptive_ones():
    assert funnel.algorithm1 is greedy_privacy_funnel
    assert funnel.algorithm2 is greedy_information_bottleneck
    assert funnel.algorithm2_prime is greedy_max_leakage


def test_algorithm_names_and_the_paper_numbers_and_short_keys_as_aliases():
    for name, aliases, f in (
        ("greedy_privacy_funnel", ("algorithm1", "alg1"), greedy_privacy_funnel),
        ("greedy_information_bottleneck", ("algorithm2", "alg2"), greedy_information_bottleneck),
        ("greedy_max_leakage", ("algorithm2_prime", "alg2prime"), greedy_max_leakage),
        ("greedy_ratio_funnel", ("ratio",), greedy_ratio_funnel),
    ):
        assert f(E4, 0.1).algorithm == name
        by_name = funnel_curve(E4, name, 5)
        assert set(by_name.algorithm) == {name}
        assert greedy_reference(E4, 0.1, algorithm=name).algorithm == name
        for alias in aliases:  # the output records the descriptive name, never the alias
            pd.testing.assert_frame_equal(funnel_curve(E4, alias, 5), by_name)
            ref = greedy_reference(E4, 0.1, algorithm=alias)
            assert ref.algorithm == name
            assert ref.partition == f(E4, 0.1).partition
    for old in ("merge_by_leakage", "algorithm3", "Alg1", "greedy"):
        with pytest.raises(ValueError, match="algorithm must be one of"):
            funnel_curve(E1, old, 3)
        with pytest.raises(ValueError, match="algorithm must be one of"):
            greedy_reference(E1, 1.0, algorithm=old)


def test_the_face_exposes_names_not_submodules():
    for old in ("greedy_naive", "curves", "greedy", "measures", "reference", "threat"):
        assert not hasattr(funnel, old), old
    with pytest.raises(AttributeError):
        funnel.no_such_name  # noqa: B018
    for name in funnel.__all__:
        obj = getattr(funnel, name)
        if name != "Algorithm":
            home = obj.__module__
            assert home.startswith("nsp.clustering.funnel._"), name
            assert name in __import__(home, fromlist=["__all__"]).__all__


def test_constrained_envelope_is_the_exact_optimum_of_the_cloud():
    p = random_joint(11, 3, 6)
    cloud = brute_force_deterministic(p)
    ts = np.linspace(0, info.entropy(p.sum(0)), 9)
    for value, constraint, sense in (
        ("leakage", "utility", "min"),
        ("leakage", "utility", "max"),
        ("utility", "leakage", "min"),
    ):
        got = constrained_envelope(cloud, ts, value=value, constraint=constraint, sense=sense)
        for t, g in zip(ts, got, strict=True):
            sel = cloud[cloud[constraint] >= t - 1e-12][value]
            want = sel.min() if sense == "min" else sel.max()
            assert (np.isnan(g) and np.isnan(want)) or g == want
    assert np.array_equal(lower_envelope(cloud, ts), constrained_envelope(cloud, ts))
    assert np.array_equal(
        upper_envelope(cloud, ts),
        constrained_envelope(cloud, ts, sense="max", side="at_most"),
        equal_nan=True,
    )


# ---------------------------------------------------------------------------------------
# Bad input: every public function raises a ValueError naming the argument
# ---------------------------------------------------------------------------------------
BAD_P = [
    ([[0.5, 0.6]], "p_sx"),
    ([[np.nan, 0.5], [0.25, 0.25]], "p_sx"),
    ([[0.5j, 0.5], [0, 0]], "p_sx"),
    ([0.5, 0.5], "p_sx"),
    ("abc", "p_sx"),
]


@pytest.mark.parametrize("p, match", BAD_P)
@pytest.mark.parametrize(
    "call",
    [
        lambda p: privacy_leakage(p, np.eye(2)),
        lambda p: disclosure(p, np.eye(2)),
        lambda p: logloss_distortion(p, np.eye(2)),
        lambda p: merge_costs(p, np.eye(2), 0, 1),
        lambda p: merge_costs_reference(p, np.eye(2), 0, 1),
        lambda p: chain_rule_bounds(p, 0.5),
        lambda p: greedy_privacy_funnel(p, 0.5),
        lambda p: greedy_information_bottleneck(p, 0.1),
        lambda p: greedy_max_leakage(p, 0.5),
        lambda p: greedy_reference(p, 0.5),
        lambda p: brute_force_deterministic(p),
        lambda p: brute_force_reference(p),
        lambda p: funnel_curve(p, "greedy_privacy_funnel", 3),
    ],
)
def test_joint_pmf_is_validated(call, p, match):
    with pytest.raises(ValueError, match=match):
        call(p)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: privacy_leakage(E1, np.eye(4), base=1), "base"),
        (lambda: disclosure(E1, np.eye(4), base=-2), "base"),
        (lambda: logloss_distortion(E1, np.eye(4), base="bytes"), "base"),
        (lambda: privacy_leakage(E1, [[0.5, 0.6]] * 4), "mapping"),
        (lambda: merge_costs(E1, np.eye(4), 0.0, 1), "i must be an integer"),
        (lambda: merge_costs(E1, np.eye(4), True, 1), "i must be an integer"),
        (lambda: merge_costs(E1, np.eye(4), -1, 1), "i must be an output letter"),
        (lambda: merge_costs(E1, np.eye(4), 0, 1, base=0), "base"),
        (lambda: chain_rule_bounds(E1, np.nan), "i_xy"),
        (lambda: chain_rule_bounds(E1, "1"), "i_xy"),
        (lambda: chain_rule_bounds(E1, 1 + 1j), "i_xy"),
        (lambda: chain_rule_bounds(E1, [0.5, np.inf]), "i_xy"),
        (lambda: mapping_from_partition([[0, 1]]), "partition"),
        (lambda: LogLoss(base=1), "base"),
        (lambda: BayesDecisionCost([["0", "1"], ["1", "0"]]), "loss"),
        (lambda: BayesDecisionCost(np.array([[0, 1j], [1, 0]])), "loss"),
        (lambda: BayesDecisionCost([[0, np.inf], [1, 0]]), "loss"),
        (lambda: ZeroOneLoss().expected_cost(["0.5", "0.5"], [0.5, 0.5]), "p"),
        (lambda: BrierLoss().optimal_value(np.array([0.5 + 1j, 0.5])), "p"),
        (lambda: inference_cost_gain(E3_P_SY, "logloss"), "cost"),
        (lambda: lemma2_gaps(E3_P_SY, None), "cost"),
        (lambda: lemma2_bound(E3_P_SY, -1.0), "bound"),
        (lambda: lemma2_bound(E3_P_SY, True), "bound"),
        (lambda: theorem1_bound(E3_P_SY, math.nan), "bound"),
        (lambda: theorem1_bound(E3_P_SY, "1"), "bound"),
        (lambda: theorem1_bound([[0.5, 0.6]], 1.0), "p_sy"),
        (lambda: greedy_privacy_funnel(E1, True), "^r must be"),
        (lambda: greedy_privacy_funnel(E1, 1.0, base=1), "base"),
        (lambda: greedy_privacy_funnel(E1, 1.0, max_merges=-1), "max_merges"),
        (lambda: greedy_privacy_funnel(E1, 1.0, max_merges=1.5), "max_merges"),
        (lambda: greedy_privacy_funnel(E1, 1.0, return_trace="yes"), "return_trace"),
        (lambda: greedy_information_bottleneck(E1, 1.0, tol="0"), "^tol must be"),
        (lambda: greedy_max_leakage(E1, 1.0, tie_tol=None), "tie_tol"),
        (lambda: greedy_reference(E1, 1.0, disclosure_from="x"), "disclosure_from"),
        (lambda: greedy_reference(E1, 1.0, max_merges=2.0), "max_merges"),
        (lambda: set_partition_labels(0), "^n must be"),
        (lambda: set_partition_labels(3.0), "^n must be"),
        (lambda: set_partition_labels(True), "^n must be"),
        (lambda: brute_force_deterministic(E1, max_n=0), "max_n"),
        (lambda: brute_force_deterministic(E1, max_n=4.5), "max_n"),
        (lambda: brute_force_deterministic(E1, max_n=3), "max_n"),
        (lambda: funnel_curve(E1, "alg3", 3), "algorithm"),
        (lambda: funnel_curve(E1, "greedy_privacy_funnel", 0), "grid"),
        (lambda: funnel_curve(E1, "greedy_privacy_funnel", 2.5), "grid"),
        (lambda: funnel_curve(E1, "greedy_privacy_funnel", True), "grid"),
        (lambda: funnel_curve(E1, "greedy_privacy_funnel", [0.0, "a"]), "grid"),
        (lambda: funnel_curve(E1, "greedy_privacy_funnel", 3, tol=-1.0), "tol"),
        (lambda: lower_envelope({"utility": [0]}, [0.0]), "df"),
        (lambda: lower_envelope(pd_frame(), [np.nan]), "xs"),
        (lambda: upper_envelope(pd_frame().drop(columns="leakage"), [0.0]), "leakage"),
        (lambda: constrained_envelope(pd_frame(), [0.0], sense="median"), "sense"),
        (lambda: constrained_envelope(pd_frame(), [0.0], side="above"), "side"),
    ],
)
def test_bad_input_raises_a_value_error_naming_the_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def pd_frame():
    import pandas as pd

    return pd.DataFrame({"utility": [0.0, 1.0], "leakage": [0.0, 0.5]})


@pytest.mark.parametrize("n", [14, 30, 10**6])
def test_exhaustive_enumerations_refuse_what_does_not_fit_in_memory(n):
    # Bell(14) = 190,899,322 partitions: used to raise a raw MemoryError
    with pytest.raises(ValueError, match="GiB"):
        set_partition_labels(n)
    p = np.full((2, n), 1 / (2 * n)) if n < 100 else None
    if p is not None:
        with pytest.raises(ValueError, match="GiB"):
            brute_force_deterministic(p, max_n=n)


def test_theorem1_instances_hold_the_bound_and_lemma1():
    from nsp.papers.privacy_funnel import theorem1_instances

    df = theorem1_instances(n_instances=50, seed=3)
    assert len(df) == 150 and set(df.family) == {
        "random decision loss",
        "0-1 (MAP) loss",
        "Brier score",
    }
    assert (df.delta_C >= -1e-12).all() and (df.delta_C <= df.bound + 1e-12).all()
    assert df.lemma1_error.abs().max() < 1e-12


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"n_instances": 0}, "n_instances"),
        ({"n_instances": 2.0}, "n_instances"),
        ({"seed": -1}, "seed"),
        ({"max_s": 1}, "max_s"),
        ({"max_y": True}, "max_y"),
        ({"alphas": [0.0]}, "alphas"),
        ({"alphas": ["1"]}, "alphas"),
        ({"alphas": []}, "alphas"),
    ],
)
def test_theorem1_instances_reject_bad_input(kwargs, match):
    from nsp.papers.privacy_funnel import theorem1_instances

    with pytest.raises(ValueError, match=match):
        theorem1_instances(**kwargs)


# ---------------------------------------------------------------------------------------
# Sweeps: every threshold at once (greedy_sweep, funnel_curve), exactly the single runs
# ---------------------------------------------------------------------------------------
def _sweep_joint(seed: int) -> np.ndarray:
    # four kinds, in turn: Dirichlet masses; small integer counts (many equal masses, so exact
    # ties between pairs); repeated columns (letters with the same joint column, so pairs
    # with exactly equal costs); and, on every other seed, letters with p(x) = 0
    rng = np.random.default_rng(seed)
    m, n = int(rng.integers(2, 4)), int(rng.integers(3, 25))
    kind = seed % 3
    if kind == 0:
        p = rng.dirichlet(np.full(m * n, float(rng.choice([0.3, 1.0])))).reshape(m, n)
    elif kind == 1:
        p = rng.integers(0, 3, size=(m, n)).astype(float)
    else:
        distinct = rng.integers(0, 3, size=(m, max(2, n // 3))).astype(float)
        p = distinct[:, rng.integers(0, distinct.shape[1], size=n)]
    if seed % 2:
        p[:, rng.random(n) < 0.25] = 0.0
    if p.sum() == 0:
        p[0, 0] = 1.0
    return p / p.sum()


def _sweep_thresholds(p: np.ndarray, alg: str, seed: int) -> np.ndarray:
    # the notions' grid (41 evenly spaced), a few random ones (some <= 0), repeats; shuffled
    rng = np.random.default_rng(seed)
    top = max(_thresholds(p, alg)[-1], 0.0)
    t = np.concatenate([np.linspace(0.0, top, 41), rng.uniform(-0.1, top, 5), [top, 0.0]])
    rng.shuffle(t)
    return t


@pytest.mark.parametrize("seed", range(24))
def test_sweep_equals_the_single_runs_partition_for_partition(seed):
    # every threshold's result is the single run's: partition, informations and trace (the
    # merges in order), with both tie tolerances; the single run is the same loop with one
    # threshold and no sharing
    p = _sweep_joint(seed)
    tie_tol = 0.0 if seed % 4 == 3 else 1e-12
    for alg, f in ALG.items():
        t = _sweep_thresholds(p, alg, seed)
        sweep = funnel.greedy_sweep(p, t, algorithm=alg, tie_tol=tie_tol, return_trace=True)
        assert len(sweep) == t.size
        for r, res in zip(t, sweep, strict=True):
            one = f(p, r, tie_tol=tie_tol, return_trace=True)
            assert res.partition == one.partition, (alg, r)
            assert (res.utility, res.leakage, res.param) == (one.utility, one.leakage, one.param)
            assert res.trace.equals(one.trace)


def test_sweep_shares_runs_where_the_pick_is_tied_with_a_better_pair(monkeypatch):
    # the case the sharing must not get wrong: a threshold's pick is tied (within tie_tol)
    # with, but scores below, the best pair, which a tighter threshold forbids; these
    # instances reach it (counted), and every result is still the single run's
    from nsp.clustering.funnel import _greedy

    seen = []
    followers = _greedy._followers

    def counting(st, cache, pick, slacks):
        k, m, top = pick
        seen.append(bool(st.obj[k, m] < top))
        return followers(st, cache, pick, slacks)

    monkeypatch.setattr(_greedy, "_followers", counting)
    for seed in range(1, 60, 3):  # small integer counts: many exact and near ties
        p = _sweep_joint(seed)
        for alg, f in ALG.items():
            t = _sweep_thresholds(p, alg, seed)
            for r, res in zip(t, funnel.greedy_sweep(p, t, algorithm=alg), strict=True):
                assert res.partition == f(p, r).partition, (seed, alg, r)
    assert sum(seen) >= 10  # the tied-pick branch ran


@pytest.mark.parametrize("seed", range(6))
def test_sweep_equals_the_reference_oracle(seed):
    p = _sweep_joint(seed + 100)[:, :9]
    p = p / p.sum() if p.sum() > 0 else E4
    for alg in ALG:
        t = _thresholds(p, alg)
        sweep = funnel.greedy_sweep(p, t, algorithm=alg)
        for r, res in zip(t, sweep, strict=True):
            assert res.partition == greedy_reference(p, r, algorithm=alg).partition, (alg, r)


def test_funnel_curve_rows_are_the_single_runs():
    p = _sweep_joint(7)
    for alg, f in ALG.items():
        curve = funnel_curve(p, alg, 17)
        for row in curve.itertuples():
            one = f(p, row.param)
            assert (row.utility, row.leakage, row.n_Y) == (one.utility, one.leakage, one.n_outputs)


def test_sweep_accepts_aliases_and_any_order():
    res = funnel.greedy_sweep(E1, [2.0, 0.0, 1.0, 1.0], algorithm="alg1")
    assert [groups_text(r.groups) for r in res] == [
        "{0}{1}{2}{3}",
        "{0,1,2,3}",
        "{0,1}{2,3}",
        "{0,1}{2,3}",
    ]
    assert [r.algorithm for r in res] == ["greedy_privacy_funnel"] * 4


@pytest.mark.parametrize(
    "thresholds, kwargs, match",
    [
        ([], {}, "thresholds"),
        ([[0.0, 1.0]], {}, "thresholds"),
        ([0.0, math.nan], {}, "thresholds"),
        (["1"], {}, "thresholds"),
        ([0.0, 2.5], {}, "R must be <= H"),
        ([0.0, 1.5], {"algorithm": "greedy_information_bottleneck"}, "delta must be <= I"),
        ([0.5], {"algorithm": "nope"}, "algorithm"),
        ([0.5], {"tol": -1.0}, "tol"),
        ([0.5], {"tie_tol": math.inf}, "tie_tol"),
        ([0.5], {"return_trace": "yes"}, "return_trace"),
    ],
)
def test_sweep_bad_input(thresholds, kwargs, match):
    with pytest.raises(ValueError, match=match):
        funnel.greedy_sweep(E1, thresholds, **kwargs)
