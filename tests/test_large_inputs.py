"""Large inputs say what they cost: memory checks with the number, and progress bars that
change nothing.

The available memory is injected (``nsp._resources.available_memory`` monkeypatched), so the
refusals are tested without allocating anything large.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import nsp._resources as resources
from nsp.channels import _capacity as channels
from nsp.channels import capacity_bounds, channel_capacity, random_channel
from nsp.clustering.funnel import _greedy as greedy
from nsp.clustering.funnel import (
    greedy_information_bottleneck,
    greedy_max_leakage,
    greedy_privacy_funnel,
)
from nsp.privacy_channels import individual_channel_capacity


def _available(monkeypatch: pytest.MonkeyPatch, nbytes: int) -> None:
    monkeypatch.setattr(resources, "available_memory", lambda: nbytes)


def test_capacity_estimate_grows_with_the_channel():
    small = channels._capacity_nbytes(10, 10)
    big = channels._capacity_nbytes(1000, 1000)
    assert big == pytest.approx(small * 100**2)
    # at least the validated channel and its distinct rows
    assert channels._capacity_nbytes(2000, 500) >= 2 * 8 * 2000 * 500


def test_channel_capacity_refuses_with_the_number(monkeypatch):
    _available(monkeypatch, 20 * 2**20)  # 20 MiB
    W = np.full((1000, 1000), 1e-3)
    need = channels._capacity_nbytes(1000, 1000)
    with pytest.raises(MemoryError) as err:
        channel_capacity(W)
    msg = str(err.value)
    assert "1000 x 1000" in msg
    assert resources.format_bytes(need) in msg
    assert "20 MiB" in msg


def test_capacity_bounds_refuses(monkeypatch):
    _available(monkeypatch, 2**20)
    W = np.full((1000, 1000), 1e-3)
    with pytest.raises(MemoryError, match=r"capacity bounds of a 1000 x 1000 channel"):
        capacity_bounds(np.full(1000, 1e-3), W)


def test_channel_capacity_warns_between_25_and_80_percent(monkeypatch):
    need = channels._capacity_nbytes(1000, 1000)
    _available(monkeypatch, int(need / 0.5))
    W = np.full((1000, 1000), 1e-3)  # identical rows: capacity 0 at once
    with pytest.warns(resources.LargeInputWarning, match=r"\d+% of the"):
        res = channel_capacity(W)
    assert res.capacity == pytest.approx(0.0, abs=1e-12)


def test_small_channels_are_not_checked(monkeypatch):
    # a small solve never reads the free memory (privacy capacities run thousands of them)
    def boom() -> int:
        raise AssertionError("available_memory read for a small channel")

    monkeypatch.setattr(resources, "available_memory", boom)
    assert channel_capacity([[0.9, 0.1], [0.1, 0.9]]).converged


def test_privacy_capacity_inherits_the_check(monkeypatch):
    # every capacity of nsp.privacy_channels goes through channel_capacity
    from nsp.papers.privacy_channels import example1_rr

    _available(monkeypatch, 2**40)
    ref = individual_channel_capacity(example1_rr(0.1)).value
    monkeypatch.setattr(channels, "_CHECK_BYTES", 0)
    _available(monkeypatch, 1)
    with pytest.raises(MemoryError, match="channel capacity"):
        individual_channel_capacity(example1_rr(0.1))
    assert ref > 0


@pytest.mark.parametrize("fn", [greedy_privacy_funnel, greedy_max_leakage])
def test_greedy_refuses_with_the_number(monkeypatch, fn):
    _available(monkeypatch, 2**20)
    rng = np.random.default_rng(0)
    p = rng.dirichlet(np.ones(2 * 600)).reshape(2, 600)
    need = greedy._greedy_nbytes(600, 2)
    with pytest.raises(MemoryError) as err:
        fn(p, 0.5)
    assert "600 letters" in str(err.value)
    assert resources.format_bytes(need) in str(err.value)


def test_greedy_estimate_covers_the_pair_tables():
    for n in (10, 300, 3000):
        assert greedy._greedy_nbytes(n, 4) >= 2 * 8 * n * n


def test_capacity_identical_with_and_without_progress_bar(monkeypatch):
    W = random_channel(120, 150, seed=3)
    monkeypatch.setenv("TQDM_DISABLE", "1")
    plain = channel_capacity(W, tol=1e-10)
    monkeypatch.delenv("TQDM_DISABLE")
    monkeypatch.setattr(channels, "_PROGRESS_ENTRIES", 0)  # a bar on every solve
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # tqdm's own warnings in a non-terminal
        barred = channel_capacity(W, tol=1e-10)
        barred_ba = channel_capacity(W, tol=1e-6, method="ba")
    monkeypatch.setenv("TQDM_DISABLE", "1")
    plain_ba = channel_capacity(W, tol=1e-6, method="ba")
    assert barred.iterations == plain.iterations
    np.testing.assert_array_equal(barred.input_pmf, plain.input_pmf)
    assert (barred.lower, barred.upper) == (plain.lower, plain.upper)
    np.testing.assert_array_equal(barred_ba.input_pmf, plain_ba.input_pmf)


@pytest.mark.parametrize(
    "fn, param", [(greedy_privacy_funnel, 1.5), (greedy_information_bottleneck, 0.05)]
)
def test_greedy_identical_with_and_without_progress_bar(monkeypatch, fn, param):
    rng = np.random.default_rng(7)
    p = rng.dirichlet(np.ones(3 * 40)).reshape(3, 40)
    monkeypatch.setenv("TQDM_DISABLE", "1")
    plain = fn(p, param, return_trace=True)
    monkeypatch.delenv("TQDM_DISABLE")
    monkeypatch.setattr(greedy, "_PROGRESS_LETTERS", 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        barred = fn(p, param, return_trace=True)
    assert barred.partition == plain.partition
    assert (barred.utility, barred.leakage) == (plain.utility, plain.leakage)
    assert barred.trace.equals(plain.trace)


@pytest.mark.parametrize("method", ["enumerate", "setdp"])
def test_individual_capacity_identical_with_and_without_progress_bar(monkeypatch, method):
    from nsp.papers.privacy_channels import count_query
    from nsp.privacy_channels import exponential_channel
    from nsp.privacy_channels._capacity import _exact as exact

    U, f = count_query(5)
    ch = exponential_channel(U, f, N=1.0)
    monkeypatch.setenv("TQDM_DISABLE", "1")
    plain = individual_channel_capacity(ch, method=method)
    monkeypatch.delenv("TQDM_DISABLE")
    monkeypatch.setattr(exact, "_PROGRESS_CANDIDATES", 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        barred = individual_channel_capacity(ch, method=method)
    assert (barred.value, barred.lower, barred.upper) == (plain.value, plain.lower, plain.upper)
    assert barred.per_individual == plain.per_individual
    assert (barred.n_candidates, barred.n_evaluated) == (plain.n_candidates, plain.n_evaluated)
