"""k-anonymity generalization baseline (Ding & Farokhi Fig. 9, [49, §3.1])."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nsp.clustering.baselines import generalize_to_k_anonymity
from nsp.papers.agglomerative import example1_range
from nsp.partition import Partition
from nsp.uncertain import k_anonymity, nonstochastic_leakage, quantize

EX1 = example1_range().mask


@given(seed=st.integers(0, 2**32 - 1), method=st.sampled_from(["merge_low", "interval"]))
def test_every_k_is_attained(seed, method):
    rng = np.random.default_rng(seed)
    n_s, n_x = int(rng.integers(2, 9)), int(rng.integers(2, 12))
    mask = rng.random((n_s, n_x)) < rng.uniform(0.05, 0.5)
    mask[rng.integers(0, n_s, n_x), np.arange(n_x)] = True
    mask[np.arange(n_s), rng.integers(0, n_x, n_s)] = True
    values = rng.normal(size=n_x)
    for k in range(1, n_s + 1):
        q = generalize_to_k_anonymity(mask, k, values=values, method=method)
        r = quantize(mask, q.labels)
        assert k_anonymity(r) >= k
        # Lemma 1: k-anonymous <=> L0 <= log(|S|/k)
        assert nonstochastic_leakage(r) <= math.log2(n_s / k) + 1e-12
        if method == "merge_low":
            # values already k-anonymous are kept as they are, unless absorbed by the new value
            sizes = mask.sum(axis=0)
            low = set(np.flatnonzero(sizes < k).tolist())
            merged = [c for c in q.clusters if low & set(c)]
            assert len(merged) <= 1
            assert all(len(c) == 1 for c in q.clusters if c not in merged)
        else:
            # bins are intervals of the sorted values
            order = np.argsort(values, kind="stable")
            rank = np.empty(n_x, int)
            rank[order] = np.arange(n_x)
            for c in q.clusters:
                rk = sorted(rank[list(c)])
                assert rk == list(range(rk[0], rk[0] + len(rk)))


def test_k1_keeps_everything_and_bad_input():
    assert generalize_to_k_anonymity(EX1, 1) == Partition.singletons(7)
    assert generalize_to_k_anonymity(EX1, 6) == Partition.whole(7)
    with pytest.raises(ValueError, match="k must be"):
        generalize_to_k_anonymity(EX1, 7)
    with pytest.raises(ValueError, match="k must be"):
        generalize_to_k_anonymity(EX1, 0)
    with pytest.raises(ValueError, match="method"):
        generalize_to_k_anonymity(EX1, 2, method="mondrian")
    with pytest.raises(ValueError, match="values"):
        generalize_to_k_anonymity(EX1, 2, values=[1, 2])


def test_hungarian_five_anonymity_points():
    """Fig. 9: both readings reach L0/L0max = log(38/5)/log 38 = 0.5576."""
    from nsp.clustering.nonstochastic import distortion_utility, resolution_utility
    from nsp.datasets import DataUnavailableError
    from nsp.papers.agglomerative import hungarian_joint_range

    try:
        r = hungarian_joint_range()
    except DataUnavailableError as exc:
        pytest.skip(f"Hungarian heart data not available: {exc}")
    v = np.asarray(r.x_labels, dtype=float)
    u2_hat = distortion_utility(v, Partition.whole(r.n_x))  # −343.877, the curve's minimum
    expected = {"merge_low": (4, 0.9961, 0.9949), "interval": (45, 0.4362, 0.3690)}
    for method, (n_clusters, loss1, loss2) in expected.items():
        q = generalize_to_k_anonymity(r, 5, method=method)
        rq = quantize(r, q.labels)
        assert k_anonymity(rq) == 5
        assert round(nonstochastic_leakage(rq) / math.log2(38), 4) == 0.5576
        assert len(q) == n_clusters
        assert round(1 - resolution_utility(q) / math.log2(r.n_x), 4) == loss1
        assert round(distortion_utility(v, q) / u2_hat, 4) == loss2


def test_bad_ranges_are_rejected_with_the_shared_messages():
    from nsp.clustering.baselines import generalize_to_k_anonymity

    with pytest.raises(ValueError, match="empty column"):
        generalize_to_k_anonymity(np.eye(3, 4, dtype=bool), 1)
    with pytest.raises(ValueError, match="boolean"):
        generalize_to_k_anonymity([[0, 2], [1, 1]], 1)
    with pytest.raises(ValueError, match="2-D"):
        generalize_to_k_anonymity([1, 0, 1], 1)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"k": 2.0}, "k"),
        ({"k": 2.5}, "k"),
        ({"k": True}, "k"),
        ({"k": "2"}, "k"),
        ({"k": None}, "k"),
        ({"k": 2, "method": None}, "method"),
        ({"k": 2, "values": [1.0] * 6 + [np.nan]}, "values"),
        ({"k": 2, "values": np.arange(7) + 1j}, "values"),
        ({"k": 2, "values": ["a"] * 7}, "values"),
    ],
)
def test_bad_scalar_input_names_the_argument(kwargs, name):
    with pytest.raises(ValueError, match=name):
        generalize_to_k_anonymity(EX1, **kwargs)
