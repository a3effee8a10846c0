"""Noiseless privacy (Farokhi): Definition 1/2 budgets, quantizers, Theorem 8 (paper and corrected
rules), and Theorems 1-7 as properties on seeded random finite instances."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nsp import noiseless as nl
from nsp import uncertain as un

# ---------------------------------------------------------------------------------------------
# Random finite instances: n in 2..4, domains of 2-5 distinct integers in [0, 50),
# f = sum_i w_i x_i, mechanism = q-level quantizer on [min f, max f] or a random map.
# ---------------------------------------------------------------------------------------------
WEIGHTS = [1, 2, 3, -1, Fraction(1, 2)]


@st.composite
def instances(draw):
    n = draw(st.integers(2, 4))
    domains = [sorted(draw(st.sets(st.integers(0, 49), min_size=2, max_size=5))) for _ in range(n)]
    w = [draw(st.sampled_from(WEIGHTS)) for _ in range(n)]
    return domains, w


def _with(v, i, value):
    """The tuple v with its i-th entry replaced by value (psi_{i,v}(x) with x_i = value)."""
    return tuple(value if j == i else x for j, x in enumerate(v))


def random_mechanism(domains, r, rng):
    """A mechanism mapping every tuple of the product domain to one of ``r`` random outputs."""
    return {x: int(rng.integers(r)) for x in itertools.product(*domains)}.__getitem__


def linear_query(w):
    return lambda x: sum(Fraction(wi) * xi for wi, xi in zip(w, x, strict=True))


def f_values(f, domains):
    return [f(x) for x in itertools.product(*domains)]


def quantized(f, domains, q):
    vals = f_values(f, domains)
    lo, hi = min(vals), max(vals)
    if lo == hi:
        return (lambda x: 0), lo, hi
    Q = nl.LinearQuantizer(lo, hi, q, output="index")
    return (lambda x: Q.index(f(x))), lo, hi


# --------------------------------------------------------------------------- worked values
def test_theorem8_paper_rule_breaks_the_budget_for_the_average():
    """Average of n=4 entries in [0,1], eps=2: the paper's q=16 lets x_-i=(0.1,0,0) see 5 > 4
    outputs."""
    S = Fraction(1, 4)
    q = nl.levels_paper(2, S, 0, 1)
    assert q == 16
    Q = nl.LinearQuantizer(Fraction(0), Fraction(1), q, output="index")
    others = (Fraction(1, 10), 0, 0)
    image = {Q.index((xi + sum(others)) / 4) for xi in (Fraction(k, 1000) for k in range(1001))}
    assert image == {0, 1, 2, 3, 4}
    assert nl.worst_case_outputs(q, S, 0, 1) == 5
    assert len(image) > 2**2


def test_theorem8_safe_rule_for_the_average():
    S = Fraction(1, 4)
    assert nl.levels_safe(2, S, 0, 1) == 12
    assert nl.worst_case_outputs(12, S, 0, 1) == 4
    assert nl.worst_case_outputs(13, S, 0, 1) == 5


@pytest.mark.parametrize("eps, q", [(1, 2), (2, 4), (3.5, 11)])
def test_theorem8_local_case_uses_floor_two_to_eps(eps, q):
    assert nl.levels_paper(eps, 1, 0, 1) == q == nl.levels_safe(eps, 1, 0, 1)
    assert nl.worst_case_outputs(q, 1, 0, 1) == q


@pytest.mark.parametrize(
    "eps, expected", [(1, 1.585), (2, 2.322), (3, 3.170), (4, 4.087), (8, 8.006)]
)
@pytest.mark.parametrize("n", [2, 4, 7])
def test_theorem8_realized_epsilon_of_the_paper_rule(eps, expected, n):
    S = Fraction(1, n)
    q = nl.levels_paper(eps, S, 0, 1)
    assert q == n * 2**eps
    assert nl.realized_epsilon(q, S, 0, 1) == pytest.approx(math.log2(2**eps + 1), abs=1e-12)
    assert round(nl.realized_epsilon(q, S, 0, 1), 3) == expected


def test_theorem8_floating_sensitivity_gives_the_same_levels():
    """R/S computed in floating point (e.g. 1/3) must not lose a level to rounding."""
    for n in range(2, 40):
        assert nl.levels_paper(3, 1.0 / n, 0.0, 1.0) == n * 8
        assert nl.levels_safe(3, 1.0 / n, 0.0, 1.0) == 7 * n


def test_theorem8_half_bit_budget():
    q = nl.levels_paper(0.5, Fraction(1, 4), 0, 1)
    assert q == 5
    assert nl.worst_case_outputs(q, Fraction(1, 4), 0, 1) == 3
    assert nl.realized_epsilon(q, Fraction(1, 4), 0, 1) == pytest.approx(math.log2(3))


def test_theorem6_composition_is_tight_for_independent_bits():
    domains = [[0, 1, 2, 3]]
    m1, m2 = (lambda x: x[0] % 2), (lambda x: x[0] // 2)
    assert nl.noiseless_epsilon(m1, domains) == 1.0 == nl.noiseless_epsilon(m2, domains)
    assert nl.noiseless_epsilon(nl.compose_joint(m1, m2), domains) == 2.0


def test_theorem6_two_quantizers_of_one_monotone_query_never_add_up():
    """Same scalar query, two quantizers: eps12 <= log2(2^eps1 + 2^eps2 - 1) < eps1 + eps2."""
    domains = [list(range(40))]
    q1 = nl.LinearQuantizer(0, 39, 4, output="index")
    q2 = nl.LinearQuantizer(-3, 39, 4, output="index")
    m1, m2 = (lambda x: int(q1.index(x[0]))), (lambda x: int(q2.index(x[0])))
    e1, e2 = nl.noiseless_epsilon(m1, domains), nl.noiseless_epsilon(m2, domains)
    e12 = nl.noiseless_epsilon(nl.compose_joint(m1, m2), domains)
    assert e12 <= math.log2(2**e1 + 2**e2 - 1) + 1e-12 < e1 + e2


def test_theorem4_fails_with_the_joint_density_and_holds_with_the_conditional():
    """X ~ U[0,0.1]^2, p=2, eps=0.01, constant mechanism: the best error is the variance
    0.1^2/12."""
    best = nl.optimal_error_uniform([0.1], 2)
    assert best == pytest.approx(0.1**2 / 12)
    literal = nl.estimation_error_lower_bound(100.0, 0.1, 2, 0.01)  # joint density 1/0.01
    assert literal == pytest.approx(1.530e-3, rel=1e-3)
    assert literal > best  # the bound as printed is violated
    corrected = nl.estimation_error_lower_bound(10.0, 0.1, 2, 0.01)  # conditional density 1/0.1
    assert corrected <= best


# ------------------------------------------------------------------------- Theorem 8 as properties
@given(instances(), st.floats(0.0, 5.0))
def test_T8_safe_rule_keeps_every_instance_within_budget(inst, eps):
    domains, w = inst
    f = linear_query(w)
    vals = f_values(f, domains)
    lo, hi = min(vals), max(vals)
    if lo == hi:
        return
    S = Fraction(nl.sensitivity(lambda x: float(f(x)), domains)).limit_denominator(1000)
    q = nl.levels_safe(eps, S, lo, hi)
    if math.isinf(q):
        return
    mech, _, _ = quantized(f, domains, int(q))
    assert nl.noiseless_epsilon(mech, domains) <= eps + 1e-12
    # ... and the worst-case formula bounds the brute force for any q.
    for q_any in (1, 2, 3, 7, 16):
        mech_q, _, _ = quantized(f, domains, q_any)
        assert (
            nl.noiseless_epsilon(mech_q, domains) <= nl.realized_epsilon(q_any, S, lo, hi) + 1e-12
        )


@given(st.floats(0.0, 12.0), st.integers(2, 64))
def test_T8_rules_agree_in_the_local_case_and_safe_never_exceeds_the_paper(eps, n):
    m = nl.local_levels(eps)
    assert nl.levels_paper(eps, 1, 0, 1) == nl.levels_safe(eps, 1, 0, 1) == m
    assert m <= max(1.0, 2**eps * (1 + 1e-12)) and (m + 1 > 2**eps or m == 1)
    S = Fraction(1, n)
    safe, paper = nl.levels_safe(eps, S, 0, 1), nl.levels_paper(eps, S, 0, 1)
    assert safe <= paper
    assert nl.worst_case_outputs(safe, S, 0, 1) <= 2**eps * (1 + 1e-12)
    assert nl.worst_case_outputs(safe + 1, S, 0, 1) > 2**eps or safe + 1 > paper


def test_worst_case_is_attained_by_a_straddling_interval():
    """min(q, ceil(qS/R)+1) is tight: place an interval of length S just left of a bin edge."""
    for q, S in [
        (16, Fraction(1, 4)),
        (10, Fraction(3, 10)),
        (7, Fraction(1, 7)),
        (5, Fraction(1, 1)),
    ]:
        Q = nl.LinearQuantizer(Fraction(0), Fraction(1), q, output="index")
        start = Fraction(1, q) - Fraction(1, 10**6) if S < 1 else Fraction(0)
        pts = [start + S * Fraction(k, 1000) for k in range(1001)]
        seen = {Q.index(p) for p in pts if 0 <= p <= 1}
        assert len(seen) == nl.worst_case_outputs(q, S, 0, 1)


# --------------------------------------------------------------------------- Theorems 1, 3, 5, 6, 7
@given(instances(), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_T1_T3_guarantees_hold_with_equality_for_each_individual(inst, r, seed):
    domains, _ = inst
    rng = np.random.default_rng(seed)
    mech = random_mechanism(domains, r, rng)
    eps = nl.noiseless_epsilon(mech, domains)
    for i in range(len(domains)):
        v = tuple(int(rng.choice(d)) for d in domains)
        J = nl.individual_range(mech, domains, i, v)  # [[X_i, Y]]
        outputs = len({mech(_with(v, i, xi)) for xi in domains[i]})
        chain = [
            un.maximin_information(J),
            un.symmetrized_leakage(J),
            un.nonstochastic_leakage(J.T),
        ]
        # Theorem 1: 0 <= I* <= L0s <= L0(Y -> X_i) <= eps, here all equal (Y is a function of X_i).
        assert chain == pytest.approx([math.log2(outputs)] * 3)
        assert chain[-1] <= eps + 1e-12
        # Theorem 3: every test of the two-point game performs at most min(eps, 1) bits.
        a, b = rng.choice(domains[i], size=2, replace=False)
        H = nl.hypothesis_game_range(mech, i, int(a), int(b), v)
        bound = un.hypothesis_test_bound(H)
        assert bound <= min(eps, 1.0) + 1e-12 or bound == -math.inf
        assert bound in (1.0, -math.inf)


@given(instances(), st.integers(1, 4), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_T6_T7_composition_adds_and_postprocessing_does_not_increase(inst, r1, r2, seed):
    domains, _ = inst
    rng = np.random.default_rng(seed)
    m1, m2 = random_mechanism(domains, r1, rng), random_mechanism(domains, r2, rng)
    e1, e2 = nl.noiseless_epsilon(m1, domains), nl.noiseless_epsilon(m2, domains)
    e12 = nl.noiseless_epsilon(nl.compose_joint(m1, m2), domains)
    assert max(e1, e2) - 1e-12 <= e12 <= e1 + e2 + 1e-12
    g = {k: int(rng.integers(3)) for k in range(r1)}
    assert nl.noiseless_epsilon(nl.postprocess(g.__getitem__, m1), domains) <= e1 + 1e-12


@given(instances(), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_T5_maximal_leakage_of_one_individual_is_at_most_eps(inst, r, seed):
    from nsp.info import maximal_leakage

    domains, _ = inst
    rng = np.random.default_rng(seed)
    mech = random_mechanism(domains, r, rng)
    eps = nl.noiseless_epsilon(mech, domains)
    i = int(rng.integers(len(domains)))
    v = tuple(int(rng.choice(d)) for d in domains)
    px = rng.dirichlet(np.ones(len(domains[i])))
    joint = np.zeros((len(domains[i]), r))
    for k, xi in enumerate(domains[i]):
        joint[k, mech(_with(v, i, xi))] = px[k]
    assert maximal_leakage(joint) <= eps + 1e-12


def test_T2_zero_error_capacity_of_a_private_channel_is_at_most_eps():
    """A deterministic channel X_i -> Y: alpha(G) = number of outputs = 2^eps exactly."""
    domains = [list(range(6)), [0, 1]]
    mech = lambda x: (x[0] + x[1]) // 2  # noqa: E731
    eps = nl.noiseless_epsilon(mech, domains)
    J = nl.individual_range(mech, domains, 0, (0, 1))
    assert un.zero_error_rate_lower_bound(J, k_max=2) <= eps + 1e-12
    assert un.zero_error_rate_lower_bound(J, k_max=1) == pytest.approx(eps)


def test_non_product_ranges_only_count_admissible_tuples():
    domains = [[0, 1, 2], [0, 1, 2]]
    mech = lambda x: x[0]  # noqa: E731
    assert nl.noiseless_epsilon(mech, domains) == pytest.approx(math.log2(3))
    diagonal = np.eye(3, dtype=bool)  # X_1 = X_2: fixing X_2 fixes X_1
    assert nl.noiseless_epsilon(mech, domains, admissible=diagonal) == 0.0
    assert nl.noiseless_epsilon(mech, domains, admissible=diagonal.astype(int)) == 0.0


def test_local_budget_and_sensitivity():
    assert nl.local_noiseless_epsilon(lambda v: v // 4, [range(16)]) == 2.0
    assert nl.sensitivity(lambda x: x[0] - 2 * x[1], [[0, 1, 5], [0, 3]]) == 6.0
    assert nl.sensitivity_average(4, 0.0, 2.0) == 0.5


# --------------------------------------------------------------------------- quantizer details
def test_quantizer_boundaries_are_exact_with_rationals():
    Q = nl.LinearQuantizer(Fraction(0), Fraction(1), 16, output="index")
    assert [Q.index(Fraction(k, 16)) for k in range(17)] == list(range(16)) + [15]
    assert Q.index(Fraction(5, 16) - Fraction(1, 10**9)) == 4


@pytest.mark.parametrize(
    "output, expected", [("index", [0, 3]), ("left", [0.0, 0.75]), ("midpoint", [0.125, 0.875])]
)
def test_quantizer_symbols(output, expected):
    Q = nl.LinearQuantizer(0.0, 1.0, 4, output=output)
    assert Q([0.1, 1.0]).tolist() == expected


def test_quantizer_rejects_bad_input_and_clips_only_when_asked():
    with pytest.raises(ValueError, match="lo < hi"):
        nl.LinearQuantizer(1.0, 1.0, 3)
    with pytest.raises(ValueError, match="q must be an integer"):
        nl.LinearQuantizer(0.0, 1.0, 0)
    with pytest.raises(ValueError, match="output"):
        nl.LinearQuantizer(0.0, 1.0, 2, output="center")
    Q = nl.LinearQuantizer(0.0, 1.0, 4)
    with pytest.raises(ValueError, match=r"\[lo, hi\]"):
        Q([0.5, 1.5])
    with pytest.raises(ValueError, match="NaN"):
        Q([np.nan])
    clip = nl.LinearQuantizer(0.0, 1.0, 4, out_of_range="clip", output="index")
    assert clip.index([-1.0, 2.0, 1e19, -1e19, np.inf, -np.inf]).tolist() == [0, 3, 3, 0, 3, 0]
    with pytest.raises(ValueError, match="NaN"):
        clip.index([0.5, np.nan])


def test_rules_reject_bad_input():
    with pytest.raises(ValueError, match="epsilon"):
        nl.levels_paper(-1, 0.5, 0, 1)
    with pytest.raises(ValueError, match="exceeds"):
        nl.levels_safe(1, 2.0, 0, 1)
    with pytest.raises(ValueError, match="lo < hi"):
        nl.levels_safe(1, 0.5, 1, 0)
    assert math.isinf(nl.levels_paper(1, 0, 0, 1))
    with pytest.raises(ValueError, match="sensitivity 0"):
        nl.quantizer_for(1, 0, 0, 1)
    with pytest.raises(ValueError, match="rule"):
        nl.quantizer_for(1, 0.5, 0, 1, rule="strict")


def test_domains_are_validated():
    with pytest.raises(ValueError, match="empty"):
        nl.noiseless_epsilon(lambda x: 0, [[0, 1], []])
    with pytest.raises(ValueError, match="repeats"):
        nl.noiseless_epsilon(lambda x: 0, [[0, 0]])
    with pytest.raises(ValueError, match="shape"):
        nl.noiseless_epsilon(lambda x: 0, [[0, 1]], admissible=np.ones((3,), bool))


@given(
    st.sampled_from([0.1, 1.0, 5.0]),
    st.integers(1, 4),
    st.floats(0.3, 6.0),
    st.integers(2, 6),
    st.floats(0.0, 1.0),
)
def test_T4_corrected_bound_holds_for_the_best_estimator(b, p, eps, n, t):
    """Entries in [0, b], X_i | X_{-i} ~ U[0, b] (conditional density 1/b), the average quantized on
    [0, b] with the safe rule. Knowing the others (sum t (n-1) b), the adversary learns the cell of
    x_i between consecutive bin edges; the midpoint is the optimal estimator, and its error is never
    below Theorem 4's bound with the conditional density."""
    B, S = Fraction(b).limit_denominator(10), Fraction(b).limit_denominator(10) / n
    q = nl.levels_safe(eps, S, 0, B)
    others = Fraction(t).limit_denominator(1000) * (n - 1) * B
    # y = (x_i + others)/n crosses the edge k B/q at x_i = n k B/q - others.
    cuts = [n * Fraction(k) * B / q - others for k in range(1, q)]
    edges = [Fraction(0)] + sorted(c for c in cuts if 0 < c < B) + [B]
    widths = [float(e1 - e0) for e0, e1 in zip(edges, edges[1:], strict=False)]
    assert len(widths) <= 2**eps * (1 + 1e-12)  # the safe rule keeps the budget
    best = nl.optimal_error_uniform(widths, p)
    assert best >= nl.estimation_error_lower_bound(1 / float(B), float(B), p, eps) * (1 - 1e-12)


@given(instances(), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_leakage_profile_respects_theorems_1_to_3(inst, r, seed):
    domains, _ = inst
    rng = np.random.default_rng(seed)
    mech = random_mechanism(domains, r, rng)
    eps = nl.noiseless_epsilon(mech, domains)
    i = int(rng.integers(len(domains)))
    prof = nl.leakage_profile(mech, domains, i)
    assert len(prof) == math.prod(len(d) for j, d in enumerate(domains) if j != i)
    tol = 1e-12
    assert (prof.maximin <= prof.symmetrized_leakage + tol).all()
    assert (prof.symmetrized_leakage <= prof.leakage + tol).all()
    assert (prof.leakage <= eps + tol).all() and (prof.zero_error <= eps + tol).all()
    assert (prof.hypothesis_bound <= np.minimum(eps, 1.0) + tol).all() | (
        prof.hypothesis_bound == -np.inf
    ).all()
    # Individual i's share of the budget is attained by some x_-i.
    codes, _ = nl.output_table(mech, domains)
    eps_i = math.log2(nl.conditional_output_counts(codes)[i].max())
    assert prof.epsilon.max() == pytest.approx(eps_i)


@pytest.mark.parametrize("eps", [10.0, 24.0, 40.5, 45.3, 52.0])
def test_levels_never_exceed_two_to_eps_for_large_budgets(eps):
    """Rounding must not add levels: floor(2**eps) exactly, also where 2**eps has few free bits."""
    exact = math.floor(Fraction(2.0**eps))
    assert nl.local_levels(eps) == exact
    assert nl.levels_paper(eps, 1.0, 0.0, 1.0) == exact == nl.levels_safe(eps, 1.0, 0.0, 1.0)


def test_is_noiselessly_private_checks_the_definition():
    domains = [[0, 1, 2, 3], [0, 1]]
    mech = lambda x: (x[0] + x[1]) // 2  # noqa: E731
    eps = nl.noiseless_epsilon(mech, domains)
    assert nl.is_noiselessly_private(mech, domains, eps)
    assert not nl.is_noiselessly_private(mech, domains, eps - 0.01)
    with pytest.raises(ValueError, match="epsilon"):
        nl.is_noiselessly_private(mech, domains, float("nan"))
    with pytest.raises(ValueError, match="at least one tuple"):
        nl.noiseless_epsilon(mech, domains, admissible=np.zeros((4, 2), bool))
    assert nl.psi((9, 8), 1, (0, 0)) == (0, 8)


@given(instances(), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_T2_two_letter_zero_error_rate_with_two_psi_maps(inst, r, seed):
    """Theorem 2: the memoryless channel X_i[l] -> Y[l] = M f psi^l(X_i[l]) built from two
    different psi maps has (1/2) log alpha(G^(1,2)) <= eps*."""
    domains, _ = inst
    rng = np.random.default_rng(seed)
    mech = random_mechanism(domains, r, rng)
    eps = nl.noiseless_epsilon(mech, domains)
    i = int(rng.integers(len(domains)))
    v1, v2 = (tuple(int(rng.choice(d)) for d in domains) for _ in range(2))
    pairs = [
        ((a, b), (mech(_with(v1, i, a)), mech(_with(v2, i, b))))
        for a in domains[i]
        for b in domains[i]
    ]
    two_letter = un.JointRange.from_pairs(pairs)
    assert un.zero_error_rate_lower_bound(two_letter, k_max=1) / 2 <= eps + 1e-12


# --------------------------------------------------------------------------- names and bad input
def test_the_face_lists_every_public_name_once():
    import inspect
    import sys

    with pytest.raises(AttributeError):
        nl.no_such_name  # noqa: B018
    for old in ("compose", "levels_table", "Mechanism", "budget", "guarantees", "quantizer"):
        assert not hasattr(nl, old)
    assert len(nl.__all__) == len(set(nl.__all__))
    assert all(hasattr(nl, name) for name in nl.__all__)
    own = {
        name
        for module, home in sys.modules.items()
        if module.startswith("nsp.noiseless._")
        for name, obj in vars(home).items()
        if not name.startswith("_")
        and (inspect.isfunction(obj) or inspect.isclass(obj))
        and obj.__module__ == module
    }
    assert own <= set(nl.__all__)
    assert not any(inspect.ismodule(getattr(nl, name)) for name in nl.__all__)


def test_predicates_return_bool():
    mech = lambda x: x[0] + x[1]  # noqa: E731
    for eps in (0.0, 1.0, np.float64(1.0), math.inf):
        assert type(nl.is_noiselessly_private(mech, [[0, 1], [0, 1]], eps)) is bool


def test_sensitivity_is_that_of_a_query_over_product_domains():
    """The largest change one individual causes, with everybody else fixed (brute force)."""
    domains = [[0, 1, 5], [0, 3], [2, 7]]
    f = lambda x: x[0] * x[1] - x[2]  # noqa: E731
    brute = max(
        abs(f(x) - f(y))
        for x in itertools.product(*domains)
        for y in itertools.product(*domains)
        if sum(a != b for a, b in zip(x, y, strict=True)) == 1
    )
    assert nl.sensitivity(f, domains) == brute == 15.0


BAD_EPS = [-1.0, float("nan"), "1", True, None, 1j]


@pytest.mark.parametrize("eps", BAD_EPS)
@pytest.mark.parametrize(
    "call",
    [
        lambda e: nl.levels_paper(e, 0.25, 0, 1),
        lambda e: nl.levels_safe(e, 0.25, 0, 1),
        lambda e: nl.levels(e, 0.25, 0, 1),
        lambda e: nl.local_levels(e),
        lambda e: nl.quantizer_for(e, 0.25, 0, 1),
        lambda e: nl.estimation_error_lower_bound(1.0, 1.0, 1, e),
        lambda e: nl.is_noiselessly_private(lambda x: 0, [[0, 1]], e),
    ],
)
def test_budgets_must_be_real_numbers_at_least_zero(call, eps):
    with pytest.raises(ValueError, match="epsilon"):
        call(eps)


@pytest.mark.parametrize("eps", [math.inf])
def test_infinite_budgets_give_no_quantizer(eps):
    with pytest.raises(ValueError, match="epsilon"):
        nl.levels_paper(eps, 0.25, 0, 1)
    with pytest.raises(ValueError, match="epsilon"):
        nl.local_levels(eps)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: nl.levels_paper(1, float("nan"), 0, 1), "sens"),
        (lambda: nl.levels_paper(1, -0.5, 0, 1), "sens"),
        (lambda: nl.levels_paper(1, "0.5", 0, 1), "sens"),
        (lambda: nl.levels_safe(1, 0.5, float("nan"), 1), "lo"),
        (lambda: nl.levels_safe(1, 0.5, 0, math.inf), "hi"),
        (lambda: nl.levels(1, 0.5, 0, 1, rule="strict"), "rule"),
        (lambda: nl.worst_case_outputs(2.5, 0.5, 0, 1), "q"),
        (lambda: nl.worst_case_outputs(0, 0.5, 0, 1), "q"),
        (lambda: nl.worst_case_outputs(True, 0.5, 0, 1), "q"),
        (lambda: nl.realized_epsilon(4, 0.5, 0, 1, base=1), "base"),
        (lambda: nl.realized_epsilon(4, 0.5, 0, 1, base="decibel"), "base"),
        (lambda: nl.noiseless_epsilon(lambda x: 0, [[0, 1]], base=-2), "base"),
        (lambda: nl.local_noiseless_epsilon(lambda v: v, [[0, 1]], base=0.5), "base"),
        (lambda: nl.LinearQuantizer(0.0, 1.0, 2.0), "q must be an integer"),
        (lambda: nl.LinearQuantizer(0.0, 1.0, True), "q must be an integer"),
        (lambda: nl.LinearQuantizer(0.0, float("nan"), 2), "hi"),
        (lambda: nl.LinearQuantizer("0", 1.0, 2), "lo"),
        (lambda: nl.LinearQuantizer(0.0, 1.0, 2, out_of_range="wrap"), "out_of_range"),
        (lambda: nl.LinearQuantizer(0.0, 1.0, 2)([0.5 + 1j]), "complex"),
        (lambda: nl.sensitivity_average(0, 0.0, 1.0), "n"),
        (lambda: nl.sensitivity_average(2.0, 0.0, 1.0), "n"),
        (lambda: nl.sensitivity_average(2, 1.0, 0.0), "lo < hi"),
        (lambda: nl.sensitivity(lambda x: float("nan"), [[0, 1]]), "finite"),
        (lambda: nl.sensitivity(lambda x: "a", [[0, 1]]), "real numbers"),
        (lambda: nl.sensitivity(lambda x: True, [[0, 1]]), "real numbers"),
        (lambda: nl.sensitivity(lambda x: 1j, [[0, 1]]), "real numbers"),
        (lambda: nl.sensitivity(3, [[0, 1]]), "callable"),
        (lambda: nl.noiseless_epsilon("mech", [[0, 1]]), "callable"),
        (lambda: nl.noiseless_epsilon(lambda x: [x], [[0, 1]]), "hashable"),
        (lambda: nl.noiseless_epsilon(lambda x: 0, "ab"), "domains"),
        (lambda: nl.noiseless_epsilon(lambda x: 0, [3]), "domains"),
        (lambda: nl.noiseless_epsilon(lambda x: 0, []), "at least one"),
        (lambda: nl.noiseless_epsilon(lambda x: 0, [range(10_000)] * 2), "MAX_TUPLES"),
        (lambda: nl.noiseless_epsilon(lambda x: 0, [[0, 1]], admissible=[1, 2]), "boolean"),
        (lambda: nl.conditional_output_counts([[0.5, 1.0]]), "integer"),
        (lambda: nl.conditional_output_counts([[-1, 0]]), "non-negative"),
        (lambda: nl.conditional_output_counts(3), "integer"),
        (lambda: nl.compose_joint(), "at least one"),
        (lambda: nl.compose_joint(lambda x: 0, 3), "callable"),
        (lambda: nl.postprocess(3, lambda x: 0), "callable"),
        (lambda: nl.psi((1, 2), 2, (0, 0)), "i"),
        (lambda: nl.psi((1, 2), 0, (0,)), "same length"),
        (lambda: nl.individual_range(lambda x: 0, [[0, 1]], 1, (0,)), "i"),
        (lambda: nl.individual_range(lambda x: 0, [[0, 1]], 0, (0, 0)), "one value"),
        (lambda: nl.individual_range(lambda x: 0, [[0, 1]], 0.0, (0,)), "i"),
        (lambda: nl.hypothesis_game_range(lambda x: 0, 3, 0, 1, (0, 0)), "i"),
        (lambda: nl.leakage_profile(lambda x: 0, [[0, 1]], 0, max_rows=0), "max_rows"),
        (lambda: nl.leakage_profile(lambda x: 0, [range(20)] * 4, 0, max_rows=100), "max_rows"),
        (lambda: nl.leakage_profile(lambda x: 0, [range(1000)] * 2, 0), r"1e\+09 pairs.*max_work"),
        (lambda: nl.leakage_profile(lambda x: 0, [[0, 1]], 0, max_work=0), "max_work"),
        (lambda: nl.leakage_profile(lambda x: 0, [[0, 1]], 0, base="ten"), "base"),
        (lambda: nl.estimation_error_lower_bound(0.0, 1.0, 1, 1.0), "rho"),
        (lambda: nl.estimation_error_lower_bound(float("nan"), 1.0, 1, 1.0), "rho"),
        (lambda: nl.estimation_error_lower_bound(1.0, -1.0, 1, 1.0), "mu"),
        (lambda: nl.estimation_error_lower_bound(1.0, 1.0, 1.5, 1.0), "p"),
        (lambda: nl.estimation_error_lower_bound(1.0, 1.0, 0, 1.0), "p"),
        (lambda: nl.optimal_error_uniform([0.1, -0.1], 2), "positive"),
        (lambda: nl.optimal_error_uniform([0.1, np.nan], 2), "finite"),
        (lambda: nl.optimal_error_uniform([0.1j], 2), "real"),
        (lambda: nl.optimal_error_uniform([0.1], 2.5), "p"),
    ],
)
def test_bad_input_is_refused_naming_the_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize(
    "values", [["0.5"], [True, False], np.array([0.5 + 0j]), [0.5, None], np.array(["a"])]
)
def test_quantizers_take_only_real_numbers(values):
    """Strings, booleans and complex numbers used to convert silently."""
    with pytest.raises(ValueError, match="real numbers"):
        nl.LinearQuantizer(0.0, 1.0, 4).index(values)
    with pytest.raises(ValueError, match="real numbers"):
        nl.optimal_error_uniform(values, 2)


def test_sequences_are_required_where_one_value_per_individual_is_expected():
    with pytest.raises(ValueError, match="sequence"):
        nl.psi(3, 0, (0, 0))
    with pytest.raises(ValueError, match="sequence"):
        nl.hypothesis_game_range(lambda x: 0, 0, 0, 1, 5)
    with pytest.raises(ValueError, match="sequence"):
        nl.individual_range(lambda x: 0, [[0, 1]], 0, "a")
    with pytest.raises(ValueError, match="too many"):
        nl.LinearQuantizer(0.0, 1.0, 10**9).edges  # noqa: B018
    assert nl.LinearQuantizer(0.0, 1.0, 10**9).index(0.5) == 5 * 10**8


@given(instances(), st.integers(1, 4), st.integers(0, 2**32 - 1))
def test_the_witness_spends_the_whole_budget(inst, r, seed):
    domains, _ = inst
    mech = random_mechanism(domains, r, np.random.default_rng(seed))
    w = nl.noiseless_witness(mech, domains)
    assert math.log2(len(w.outputs)) == pytest.approx(nl.noiseless_epsilon(mech, domains))
    v = list(w.others)
    v.insert(w.individual, domains[w.individual][0])
    caused = {mech(_with(v, w.individual, xi)) for xi in domains[w.individual]}
    assert caused == set(w.outputs)
    individual, others, outputs = w  # unpacks like a tuple
    assert (individual, others, outputs) == (w.individual, w.others, w.outputs)


def test_the_witness_respects_a_non_product_range():
    domains = [[0, 1, 2], [0, 1, 2]]
    mech = lambda x: x[0] + 3 * x[1]  # noqa: E731
    diagonal = np.eye(3, dtype=bool)
    assert nl.noiseless_witness(mech, domains, admissible=diagonal).outputs == (0,)
    assert len(nl.noiseless_witness(mech, domains).outputs) == 3


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"mech": "m", "domains": [[0, 1]]}, "callable"),
        ({"mech": lambda x: 0, "domains": [[]]}, "empty"),
        ({"mech": lambda x: 0, "domains": [[0, 1]], "admissible": [False, False]}, "at least one"),
    ],
)
def test_the_witness_refuses_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        nl.noiseless_witness(**kwargs)
