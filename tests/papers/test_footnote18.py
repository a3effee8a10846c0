"""Footnote 18 of Ding & Farokhi: the Lagrangian of problem (5) is neither sub- nor supermodular."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

from nsp.papers.agglomerative import (
    example1_range,
    footnote18_table,
    merge_lagrangian,
    modularity_gap,
)


def _lagrangian_by_definition(mask: np.ndarray, w: set[int], lam: float) -> float:
    """log2 |components of G_X̂| − λ (log2 |X| − log2 max cluster size), for Q_W."""
    n_s, n_x = mask.shape
    clusters = [sorted(w)] if w else []
    clusters += [[j] for j in range(n_x) if j not in w]
    g = nx.Graph()
    g.add_nodes_from(("c", k) for k in range(len(clusters)))
    for k, c in enumerate(clusters):
        for s in range(n_s):
            if mask[s, c].any():
                g.add_edge(("c", k), ("s", s))
    n_comp = sum(1 for comp in nx.connected_components(g) if any(v[0] == "c" for v in comp))
    u1 = math.log2(n_x) - math.log2(max(len(c) for c in clusters))
    return math.log2(n_comp) - lam * u1


def _l0_lagrangian_by_definition(mask: np.ndarray, w: set[int], lam: float) -> float:
    """max over clusters of log2(|S| / |[[S|cluster]]|) − λ U1, for Q_W."""
    n_s, n_x = mask.shape
    clusters = [sorted(w)] if w else []
    clusters += [[j] for j in range(n_x) if j not in w]
    l0 = max(math.log2(n_s / int(mask[:, c].any(axis=1).sum())) for c in clusters)
    u1 = math.log2(n_x) - math.log2(max(len(c) for c in clusters))
    return l0 - lam * u1


def test_printed_values_of_the_issue() -> None:
    t = footnote18_table(lam=0.3)
    assert t.measure.tolist() == ["I*", "I*", "L0", "L0"]
    t = t[t.measure == "I*"].reset_index(drop=True)
    assert t[["A", "B"]].values.tolist() == [["{x1}", "{x2}"], ["{x1}", "{x3}"]]
    assert round(t.loc[0, "gap"], 3) == -0.300
    assert round(t.loc[1, "gap"], 4) == 0.0219
    assert t.loc[0, "shows"].startswith("not submodular")
    assert t.loc[1, "shows"].startswith("not supermodular")
    # closed forms: -λ, and log2(5/4) − λ
    assert t.loc[0, "gap"] == pytest.approx(-0.3, abs=1e-12)
    assert t.loc[1, "gap"] == pytest.approx(math.log2(5 / 4) - 0.3, abs=1e-12)
    # the singleton sets all give the all-singleton Lagrangian log2 5 − λ log2 7 (Example 3, t=0)
    assert t.loc[0, "F(A)"] == pytest.approx(math.log2(5) - 0.3 * math.log2(7), abs=1e-12)


def test_lambda_moves_the_gaps_as_closed_forms() -> None:
    for lam in (0.0, 0.1, 1.0):
        t = footnote18_table(lam=lam)
        assert t.loc[0, "gap"] == pytest.approx(-lam, abs=1e-12)
        assert t.loc[1, "gap"] == pytest.approx(math.log2(5 / 4) - lam, abs=1e-12)
        assert t.loc[2, "gap"] == pytest.approx(-lam, abs=1e-12)
        assert t.loc[3, "gap"] == pytest.approx(lam * (2 - math.log2(3)), abs=1e-12)


def test_footnote18_with_l0_gaps_minus_0300_and_plus_01245() -> None:
    """Footnote 18 covers L0 too: L0 − 0.3·U1 on Example 1 has gaps −0.300 and +0.1245."""
    t = footnote18_table(lam=0.3)
    l0 = t[t.measure == "L0"].reset_index(drop=True)
    assert l0[["A", "B"]].values.tolist() == [["{x1}", "{x2}"], ["{x1,x2}", "{x1,x3}"]]
    assert round(l0.loc[0, "gap"], 3) == -0.300
    assert round(l0.loc[1, "gap"], 4) == 0.1245
    assert l0.loc[0, "shows"].startswith("not submodular")
    assert l0.loc[1, "shows"].startswith("not supermodular")
    # L0 = log2 6 on every set of the two pairs (some x alone reveals one secret), so only U1
    # moves: F(A∪B) for {x1, x2, x3} is log2 6 − 0.3 (log2 7 − log2 3).
    assert l0.loc[1, "F(A∪B)"] == pytest.approx(
        math.log2(6) - 0.3 * (math.log2(7) - math.log2(3)), abs=1e-12
    )


@pytest.mark.parametrize("seed", range(6))
def test_gap_is_the_definition_on_random_ranges(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n_s, n_x = int(rng.integers(2, 6)), int(rng.integers(2, 8))
    mask = rng.random((n_s, n_x)) < 0.35
    mask[rng.integers(0, n_s, n_x), np.arange(n_x)] = True  # every x sees some s
    mask[np.arange(n_s), rng.integers(0, n_x, n_s)] = True  # every s is seen
    lam = float(rng.uniform(0, 2))
    for _ in range(5):
        a = {int(j) for j in np.flatnonzero(rng.random(n_x) < 0.4)}
        b = {int(j) for j in np.flatnonzero(rng.random(n_x) < 0.4)}
        f = {
            key: _lagrangian_by_definition(mask, w, lam)
            for key, w in (("a", a), ("b", b), ("u", a | b), ("i", a & b))
        }
        assert merge_lagrangian(mask, a, lam=lam) == pytest.approx(f["a"], abs=1e-12)
        assert merge_lagrangian(mask, a, lam=lam, measure="leakage") == pytest.approx(
            _l0_lagrangian_by_definition(mask, a, lam), abs=1e-12
        )
        g = {
            key: _l0_lagrangian_by_definition(mask, w, lam)
            for key, w in (("a", a), ("b", b), ("u", a | b), ("i", a & b))
        }
        assert modularity_gap(mask, a, b, lam=lam, measure="leakage") == pytest.approx(
            g["a"] + g["b"] - g["u"] - g["i"], abs=1e-12
        )
        assert modularity_gap(mask, a, b, lam=lam) == pytest.approx(
            f["a"] + f["b"] - f["u"] - f["i"], abs=1e-12
        )
        # the gap is symmetric in A, B
        assert modularity_gap(mask, b, a, lam=lam) == pytest.approx(
            modularity_gap(mask, a, b, lam=lam), abs=1e-12
        )


def test_bad_inputs() -> None:
    r = example1_range()
    with pytest.raises(ValueError, match="lam"):
        footnote18_table(lam=-1.0)
    with pytest.raises(ValueError, match="subset"):
        merge_lagrangian(r, [7])
    with pytest.raises(ValueError, match="b"):
        modularity_gap(r, [0], 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="measure"):
        merge_lagrangian(r, [0], measure="I*")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="measure"):
        modularity_gap(r, [0], [1], measure="L0")  # type: ignore[arg-type]
