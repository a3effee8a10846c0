"""Partition: canonical order, merges, joins and aggregation against direct computations."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nsp.partition import Partition

labels_strategy = st.lists(st.integers(0, 5), min_size=1, max_size=12)


@given(labels_strategy)
def test_from_labels_round_trip_and_canonical_order(labels):
    q = Partition.from_labels(labels)
    assert [c[0] for c in q.clusters] == sorted(c[0] for c in q.clusters)
    assert all(list(c) == sorted(c) for c in q.clusters)
    # Same label <=> same cluster.
    lab = np.asarray(labels)
    assert np.array_equal(lab[:, None] == lab[None, :], q.labels[:, None] == q.labels[None, :])
    assert Partition.from_labels(q.labels) == q
    assert q.sizes.sum() == q.n == len(labels)


@given(labels_strategy, st.data())
def test_merge_unions_two_clusters(labels, data):
    q = Partition.from_labels(labels)
    if len(q) < 2:
        return
    i, j = data.draw(st.lists(st.integers(0, len(q) - 1), min_size=2, max_size=2, unique=True))
    m = q.merge(i, j)
    assert len(m) == len(q) - 1
    assert set(q.clusters[i] + q.clusters[j]) in [set(c) for c in m.clusters]
    assert q.refines(m) and not m.refines(q)


@given(labels_strategy, labels_strategy)
def test_join_is_the_finest_common_coarsening(a, b):
    n = min(len(a), len(b))
    p, q = Partition.from_labels(a[:n]), Partition.from_labels(b[:n])
    j = p.join(q)
    assert p.refines(j) and q.refines(j)
    # Brute force: transitive closure of "same cluster in p or in q".
    same = (p.labels[:, None] == p.labels[None, :]) | (q.labels[:, None] == q.labels[None, :])
    reach = same.copy()
    for _ in range(n):
        reach = reach | ((reach.astype(int) @ reach.astype(int)) > 0)
    assert np.array_equal(reach, j.labels[:, None] == j.labels[None, :])


@given(labels_strategy, st.integers(0, 2**32 - 1))
def test_aggregate_matches_a_loop(labels, seed):
    q = Partition.from_labels(labels)
    rng = np.random.default_rng(seed)
    m = rng.random((3, q.n))
    expected = np.stack([m[:, list(c)].sum(axis=1) for c in q.clusters], axis=1)
    np.testing.assert_allclose(q.aggregate(m), expected)
    mask = m > 0.5
    expected_any = np.stack([mask[:, list(c)].any(axis=1) for c in q.clusters], axis=1)
    assert np.array_equal(q.aggregate(mask, how="any"), expected_any)
    np.testing.assert_allclose(q.aggregate(m.T, axis=0), expected.T)


@pytest.mark.parametrize(
    "clusters, n, match",
    [
        ([[0], []], None, "non-empty"),
        ([[0, 1], [1]], None, "disjoint"),
        ([[0], [2]], None, "cover"),
        ([[0, 1]], 3, "cover"),
    ],
)
def test_invalid_partitions_are_rejected(clusters, n, match):
    with pytest.raises(ValueError, match=match):
        Partition(clusters, n)


def test_invalid_operations_are_rejected():
    q = Partition.singletons(3)
    with pytest.raises(ValueError, match="itself"):
        q.merge(1, 1)
    with pytest.raises(ValueError, match="0..2"):
        q.merge(0, 3)
    with pytest.raises(ValueError, match="different alphabets"):
        q.join(Partition.singletons(4))
    with pytest.raises(ValueError, match="entries along axis"):
        q.aggregate(np.ones((2, 4)))
    with pytest.raises(ValueError, match="how"):
        q.aggregate(np.ones(3), how="max")
    with pytest.raises(ValueError, match="n must be"):
        Partition.singletons(0)


def test_the_old_alias_module_is_gone():
    import importlib

    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("nsp.clustering.partition")


def test_compares_equal_to_the_lists_of_blocks_measures_used_to_return():
    q = Partition([[0, 1], [2]])
    assert q == [(0, 1), (2,)]
    assert q == [frozenset({0, 1}), frozenset({2})]
    assert q == ((0, 1), (2,))
    assert q != [(2,), (0, 1)]  # order matters, as it did for lists
    assert q != [(0, 1)]
    assert q != [1, 2]
    assert q != "q"
    assert q[1] == (2,) and list(q) == [(0, 1), (2,)]
    assert len({q, Partition([[1, 0], [2]])}) == 1
    assert frozenset({0, 1}) in q and [1, 0] in q and (2,) in q
    assert {0} not in q and 0 not in q and "01" not in q and [[0]] not in q


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: Partition([[0, 1.0]]), "integers"),
        (lambda: Partition([[0, True]]), "integers"),
        (lambda: Partition([["a"]]), "integers"),
        (lambda: Partition([0, 1]), "iterables"),
        (lambda: Partition([[0, 1]], 2.0), "n must be an integer"),
        (lambda: Partition([[0, 1]], 0), "n must be an integer"),
        (lambda: Partition.singletons(2.5), "n must be an integer"),
        (lambda: Partition.singletons(True), "n must be an integer"),
        (lambda: Partition.whole(0), "n must be an integer"),
        (lambda: Partition.from_labels([]), "not be empty"),
        (lambda: Partition.from_labels([[0, 1], [1, 0]]), "one-dimensional"),
        (lambda: Partition.singletons(3).merge(0, 1.0), "j must be an integer"),
        (lambda: Partition.singletons(3).refines([[0, 1, 2]]), "must be a Partition"),
        (lambda: Partition.singletons(3).aggregate(np.ones(3), axis=0.5), "axis"),
        (lambda: Partition.singletons(3).aggregate(np.ones(3) * 1j), "complex"),
        (lambda: Partition.singletons(3).format(one_based="yes"), "one_based"),
        (lambda: Partition.singletons(3).format(["a"]), "one name per element"),
    ],
)
def test_bad_input_is_refused(call, match):
    with pytest.raises(ValueError, match=match):
        call()
