"""One BLAS thread for the small dense solves (nsp._threads), restored after each call."""

from __future__ import annotations

import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from nsp import _threads
from nsp import ratedistortion as rd

SOLVERS = [
    "max_equivocation",
    "max_equivocation_informed",
    "min_rate",
    "perfect_privacy_distortion",
    "rate_given_equivocation",
    "rde_point",
    "si_informed_point",
    "si_statistical_point",
    "utility_privacy_curve",
]


def _blas_threads() -> set[int]:
    return {i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"}


@_threads.with_few_blas_threads
def _probe() -> set[int]:
    return _blas_threads()


@_threads.with_few_blas_threads
def _nested() -> tuple[set[int], set[int]]:
    with threadpool_limits(limits=2, user_api="blas"):
        return _probe(), _blas_threads()


def test_a_solver_runs_with_one_blas_thread_and_restores_the_callers(monkeypatch):
    monkeypatch.delenv(_threads.ENV, raising=False)
    with threadpool_limits(limits=2, user_api="blas"):
        assert _probe() == {1}
        assert _blas_threads() == {2}


def test_the_variable_sets_another_number_or_leaves_blas_alone(monkeypatch):
    with threadpool_limits(limits=1, user_api="blas"):
        monkeypatch.setenv(_threads.ENV, "2")
        assert _probe() == {2}
        monkeypatch.setenv(_threads.ENV, "0")
        assert _probe() == {1}  # the caller's own setting
    with threadpool_limits(limits=2, user_api="blas"):
        assert _probe() == {2}


@pytest.mark.parametrize("bad", ["two", "-1", "1.5"])
def test_a_bad_value_is_refused_naming_the_variable(monkeypatch, bad):
    monkeypatch.setenv(_threads.ENV, bad)
    with pytest.raises(ValueError, match=f"NSP_BLAS_THREADS must be a whole number.*{bad!r}"):
        _probe()


def test_a_solver_inside_a_solver_keeps_the_outer_setting(monkeypatch):
    monkeypatch.delenv(_threads.ENV, raising=False)
    inner, outer = _nested()
    assert inner == outer == {2}  # the inner call did not reset what the outer block chose


@pytest.mark.parametrize("name", SOLVERS)
def test_the_solvers_of_ratedistortion_hold_blas_to_one_thread(name, monkeypatch):
    monkeypatch.delenv(_threads.ENV, raising=False)
    solver = getattr(rd, name)
    assert solver.__wrapped__ is not None
    seen: list[set[int]] = []
    monkeypatch.setattr(
        _threads, "blas_threads", lambda: seen.append(_blas_threads()) or 1
    )  # runs as the solver starts, before the limit
    with threadpool_limits(limits=2, user_api="blas"):
        with pytest.raises(Exception):  # noqa: B017 (any refusal: the limit ran first)
            solver(None)
        assert _blas_threads() == {2}
    assert seen == [{2}]
