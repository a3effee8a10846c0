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


def _blas_threads() -> dict[str, int]:
    """Each loaded BLAS library's threads (some builds stay at 1 whatever they are told)."""
    return {i["filepath"]: i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"}


def _at_most(n: int) -> dict[str, int]:
    return {path: min(threads, n) for path, threads in _blas_threads().items()}


@_threads.with_few_blas_threads
def _probe() -> dict[str, int]:
    return _blas_threads()


@_threads.with_few_blas_threads
def _nested() -> tuple[dict[str, int], dict[str, int]]:
    with threadpool_limits(limits=2, user_api="blas"):
        return _probe(), _blas_threads()


def test_a_solver_runs_with_one_blas_thread_and_restores_the_callers(monkeypatch):
    monkeypatch.delenv(_threads.ENV, raising=False)
    with threadpool_limits(limits=2, user_api="blas"):
        before = _blas_threads()
        assert 2 in before.values()  # a BLAS that can run two threads, so the test can fail
        assert _probe() == {path: 1 for path in before}
        assert _blas_threads() == before


def test_the_variable_sets_another_number_or_leaves_blas_alone(monkeypatch):
    with threadpool_limits(limits=1, user_api="blas"):
        monkeypatch.setenv(_threads.ENV, "0")
        assert _probe() == _blas_threads()  # the caller's own setting
    with threadpool_limits(limits=2, user_api="blas"):
        two = _blas_threads()
    with threadpool_limits(limits=1, user_api="blas"):
        monkeypatch.setenv(_threads.ENV, "2")
        assert _probe() == two


@pytest.mark.parametrize("bad", ["two", "-1", "1.5"])
def test_a_bad_value_is_refused_naming_the_variable(monkeypatch, bad):
    monkeypatch.setenv(_threads.ENV, bad)
    with pytest.raises(ValueError, match=f"NSP_BLAS_THREADS must be a whole number.*{bad!r}"):
        _probe()


def test_a_solver_inside_a_solver_keeps_the_outer_setting(monkeypatch):
    monkeypatch.delenv(_threads.ENV, raising=False)
    inner, outer = _nested()
    assert inner == outer and 2 in outer.values()  # the inner call kept what the outer chose


@pytest.mark.parametrize("name", SOLVERS)
def test_the_solvers_of_ratedistortion_hold_blas_to_one_thread(name, monkeypatch):
    monkeypatch.delenv(_threads.ENV, raising=False)
    solver = getattr(rd, name)
    assert solver.__wrapped__ is not None
    seen: list[dict[str, int]] = []
    monkeypatch.setattr(
        _threads, "blas_threads", lambda: seen.append(_blas_threads()) or 1
    )  # runs as the solver starts, before the limit
    with threadpool_limits(limits=2, user_api="blas"):
        before = _blas_threads()
        with pytest.raises(Exception):  # noqa: B017 (any refusal: the limit ran first)
            solver(None)
        assert _blas_threads() == before
    assert seen == [before]
