"""Tests of nsp.uncertain: worked values of the specs, properties on random ranges, cross-checks."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nsp import uncertain as U


def _nx_components(mask: np.ndarray) -> list[set]:
    """Components of the bipartite graph by networkx (independent peer)."""
    g = nx.Graph()
    n_s, n_x = mask.shape
    g.add_nodes_from(("s", i) for i in range(n_s))
    g.add_nodes_from(("x", j) for j in range(n_x))
    g.add_edges_from((("s", int(i)), ("x", int(j))) for i, j in zip(*np.nonzero(mask)))
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
    n_s=st.integers(1, 12), n_x=st.integers(1, 12), density=st.floats(0.0, 1.0),
    seed=st.integers(0, 2**32 - 1),
)
def test_support_components_match_networkx(n_s, n_x, density, seed):
    mask = np.random.default_rng(seed).random((n_s, n_x)) < density
    saved = U._DENSE_EDGES_PER_VERTEX
    try:
        for threshold in (saved, 0):  # 0 forces the dense (contraction) path
            U._DENSE_EDGES_PER_VERTEX = threshold
            _assert_same_components(mask)
    finally:
        U._DENSE_EDGES_PER_VERTEX = saved


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
    assert mask.sum() > U._DENSE_EDGES_PER_VERTEX * sum(mask.shape)
    _assert_same_components(mask)


def test_support_components_validation():
    with pytest.raises(ValueError, match="mask must be a 2-D"):
        U.support_components([1, 0, 1])
    with pytest.raises(ValueError, match="only 0 and 1"):
        U.support_components([[0.5, 1.0]])
    with pytest.raises(ValueError, match="must not be empty"):
        U.support_components(np.zeros((0, 3), dtype=bool))
