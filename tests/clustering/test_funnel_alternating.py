"""The information bottleneck's alternating iteration on the privacy funnel (§III-D).

Checked: one step against a direct computation of the self-consistent equations, the descent of
``I(X;Y) − β I(S;Y)`` on seeded random instances, the worked example E1 exactly, that a greedy
deterministic mapping is left behind, and the numbers of the notes on notebook 03's instance.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from nsp import info
from nsp.clustering.funnel import (
    alternating_iteration,
    disclosure,
    greedy_privacy_funnel,
    mapping_from_partition,
    privacy_leakage,
)
from nsp.partition import Partition

E1 = np.array([[0.25, 0, 0.25, 0], [0, 0.25, 0, 0.25]])


def _one_step_by_hand(p: np.ndarray, w: np.ndarray, beta: float) -> np.ndarray:
    """p(y|x) ∝ p(y) exp(−β D(p(s|x) || p(s|y))), written out with loops."""
    n_s, n_x = p.shape
    n_y = w.shape[1]
    p_x = p.sum(axis=0)
    p_y = [sum(p_x[x] * w[x, y] for x in range(n_x)) for y in range(n_y)]
    new = np.zeros((n_x, n_y))
    for x in range(n_x):
        for y in range(n_y):
            if p_y[y] == 0:
                continue
            kl = 0.0
            for s in range(n_s):
                ps_x = p[s, x] / p_x[x]
                ps_y = sum(p[s, u] * w[u, y] for u in range(n_x)) / p_y[y]
                if ps_x > 0:
                    kl += math.inf if ps_y == 0 else ps_x * math.log(ps_x / ps_y)
            new[x, y] = p_y[y] * math.exp(-beta * kl)
        new[x] /= new[x].sum()
    return new


@pytest.mark.parametrize("seed", range(6))
def test_one_step_is_the_self_consistent_update(seed):
    rng = np.random.default_rng(seed)
    n_s, n_x, n_y = rng.integers(2, 4), rng.integers(2, 6), rng.integers(2, 6)
    p = rng.dirichlet(np.ones(n_s * n_x)).reshape(n_s, n_x)
    w = rng.dirichlet(np.ones(n_y), size=n_x)
    beta = float(rng.uniform(0.1, 10))
    res = alternating_iteration(p, beta=beta, mapping=w, max_iter=1)
    np.testing.assert_allclose(res.mapping, _one_step_by_hand(p, w, beta), atol=1e-12)
    first = res.trace.iloc[0]
    assert first.utility == pytest.approx(disclosure(p, w), abs=1e-12)
    assert first.leakage == pytest.approx(privacy_leakage(p, w), abs=1e-12)
    assert first.lagrangian == pytest.approx(first.utility - beta * first.leakage, abs=1e-12)


@pytest.mark.parametrize("seed", range(25))
def test_the_lagrangian_never_rises(seed):
    """The iteration is the bottleneck's descent: it cannot climb to a funnel maximum."""
    rng = np.random.default_rng(100 + seed)
    n_s, n_x, n_y = rng.integers(2, 5), rng.integers(2, 8), rng.integers(2, 8)
    p = rng.dirichlet(np.full(n_s * n_x, 0.6)).reshape(n_s, n_x)
    w = rng.dirichlet(np.ones(n_y), size=n_x)
    res = alternating_iteration(p, beta=float(rng.uniform(0.2, 20)), mapping=w, max_iter=300)
    steps = np.diff(res.trace.lagrangian.to_numpy())
    assert steps.max() <= 1e-12
    assert (res.trace.iteration == np.arange(len(res.trace))).all()
    np.testing.assert_allclose(res.mapping.sum(axis=1), 1.0, atol=1e-12)


def test_worked_example_e1_exactly():
    """From the funnel's answer (X < 2: 1 bit disclosed, none leaked) to the trivial mapping;
    from the identity to the bottleneck's answer, the parity (1 bit disclosed, 1 bit leaked)."""
    start = mapping_from_partition(Partition.from_labels([0, 0, 1, 1]))
    res = alternating_iteration(E1, beta=2.0, mapping=start)
    assert res.trace.lagrangian.iloc[0] == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(res.mapping, 0.5, atol=1e-15)
    assert res.converged and res.trace.utility.iloc[-1] == pytest.approx(0.0, abs=1e-12)
    res = alternating_iteration(E1, beta=2.0)
    assert res.trace.lagrangian.iloc[0] == pytest.approx(2.0 - 2.0 * 1.0, abs=1e-12)
    assert res.trace.utility.iloc[-1] == pytest.approx(1.0, abs=1e-12)
    assert res.trace.leakage.iloc[-1] == pytest.approx(1.0, abs=1e-12)
    assert res.trace.lagrangian.iloc[-1] == pytest.approx(1.0 - 2.0, abs=1e-12)


def test_max_iter_stops_without_convergence():
    rng = np.random.default_rng(1)
    p = rng.dirichlet(np.ones(24)).reshape(3, 8)
    res = alternating_iteration(p, beta=3.0, max_iter=5)
    assert len(res.trace) == 6 and not res.converged
    assert math.isnan(res.trace.change.iloc[0])


def test_the_notes_numbers_on_notebook_03s_instance():
    """Dirichlet(1) instance of notebook 03 (seed 1, |S| = 3, |X| = 8)."""
    rng = np.random.default_rng(1)
    p = rng.dirichlet(np.full(24, 1.0)).reshape(3, 8)
    greedy = greedy_privacy_funnel(p, info.entropy(p.sum(axis=0)) / 2)
    assert (round(greedy.utility, 2), round(greedy.leakage, 3)) == (1.47, 0.048)
    starts = [mapping_from_partition(greedy.partition), None]
    starts += [np.random.default_rng([1, k]).dirichlet(np.ones(8), size=8) for k in range(3)]
    expected = {1.5: (0.0, 0.0), 3.0: (0.144, 0.049), 6.0: (1.11, 0.289)}
    for beta, (d, leak) in expected.items():
        for start in starts:
            res = alternating_iteration(p, beta=beta, mapping=start, max_iter=20000)
            assert res.converged
            end = res.trace.iloc[-1]
            digits = 2 if beta == 6.0 else 3
            assert round(end.utility, digits) == d and round(end.leakage, 3) == leak
            # The end leaks more per bit disclosed than Algorithm 1, or discloses nothing.
            assert end.utility < 1e-6 or end.leakage / end.utility > greedy.leakage / (
                greedy.utility
            )


@pytest.mark.parametrize(
    ("kw", "name"),
    [
        ({"beta": 0.0}, "beta"),
        ({"beta": math.inf}, "beta"),
        ({"beta": 1.0, "max_iter": 0}, "max_iter"),
        ({"beta": 1.0, "tol": 0.0}, "tol"),
        ({"beta": 1.0, "mapping": np.eye(3)}, "mapping"),
        ({"beta": 1.0, "mapping": [[0.5, 0.6]] * 4}, "mapping"),
    ],
)
def test_bad_options_are_refused(kw, name):
    with pytest.raises(ValueError, match=name):
        alternating_iteration(E1, **kw)
