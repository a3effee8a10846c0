"""The shared validators: every rule has its message, and accepted input comes back unchanged."""

from __future__ import annotations

import math

import numpy as np
import pytest

from nsp._validation import (
    as_axes,
    as_channel,
    as_pmf,
    check_base,
    check_bool,
    check_choice,
    check_int,
    check_real,
    check_tol,
)


@pytest.mark.parametrize(
    "p, match",
    [
        ([0.5, -0.1, 0.6], "non-negative"),
        ([0.5, np.nan], "finite"),
        ([np.inf, 0.0], "finite"),
        ([0.5, 0.4], "sum to 1"),
        ([], "empty"),
        (0.5, "scalar"),
        ([[]], "empty"),
    ],
)
def test_as_pmf_names_the_broken_rule(p, match):
    with pytest.raises(ValueError, match=match):
        as_pmf(p, name="p_xy")


def test_as_pmf_accepts_and_normalizes_only_when_asked():
    p = np.array([[0.2, 0.3], [0.1, 0.4]])
    assert as_pmf(p) is not None and np.shares_memory(as_pmf(p), p)
    assert np.allclose(as_pmf([2, 6], normalize=True), [0.25, 0.75])
    with pytest.raises(ValueError, match="total mass 0"):
        as_pmf([0, 0], normalize=True)
    with pytest.raises(ValueError, match="2 axes"):
        as_pmf([0.5, 0.5], ndim=2)
    with pytest.raises(ValueError, match="p_xy must sum"):
        as_pmf(np.full((3, 3), 0.1), name="p_xy")


def test_as_channel_rules():
    with pytest.raises(ValueError, match="row 1 sums"):
        as_channel([[0.5, 0.5], [0.5, 0.4]])
    with pytest.raises(ValueError, match="2-D"):
        as_channel([0.5, 0.5])
    with pytest.raises(ValueError, match="row 0 has a negative"):
        as_channel([[1.5, -0.5]])
    assert np.allclose(as_channel([[1, 3]], normalize=True), [[0.25, 0.75]])


@pytest.mark.parametrize("base", [0, -2, 1, math.inf, "ten", None])
def test_check_base_rejects_bases_without_a_logarithm(base):
    with pytest.raises(ValueError, match="base"):
        check_base(base)


def test_as_axes():
    assert as_axes((2, -3), 3) == (0, 2)
    with pytest.raises(ValueError, match="out of range"):
        as_axes(3, 3)
    with pytest.raises(ValueError, match="repeats"):
        as_axes((0, -3), 3)


class TestScalarChecks:
    """One rule per kind of scalar, with the argument's name and the rule in the message."""

    @pytest.mark.parametrize("bad", [True, np.bool_(False), "1e-3", None, [1.0], float("nan"), 1j])
    def test_real_refuses_what_is_not_a_real_number(self, bad):
        with pytest.raises(ValueError, match=r"^tol must be a real number in \(0, inf\)"):
            check_real("tol", bad, low=0, closed="neither")

    def test_real_intervals_and_infinity(self):
        assert check_real("x", np.float32(0.5), low=0, high=1) == 0.5
        assert check_real("x", 0, low=0) == 0.0
        with pytest.raises(ValueError, match=r"\(0, 1\]"):
            check_real("x", 0, low=0, high=1, closed="right")
        with pytest.raises(ValueError, match="got inf"):
            check_real("x", float("inf"), low=0)
        assert check_real("x", float("inf"), low=0, allow_inf=True) == float("inf")

    @pytest.mark.parametrize("bad", [2.5, 2.0, True, "3", np.float64(3.0)])
    def test_int_refuses_non_integers(self, bad):
        with pytest.raises(ValueError, match=r"^n must be an integer in \[1, inf\)"):
            check_int("n", bad, low=1)

    def test_int_accepts_numpy_integers_in_range(self):
        assert check_int("n", np.int64(3), low=1, high=3) == 3
        with pytest.raises(ValueError, match=r"\[1, 3\]; got 4"):
            check_int("n", 4, low=1, high=3)

    def test_bool_choice_and_tol(self):
        assert check_bool("flag", np.bool_(True)) is True
        for bad in (1, 0, "True", None):
            with pytest.raises(ValueError, match="flag must be True or False"):
                check_bool("flag", bad)
        assert check_choice("how", "a", ["a", "b"]) == "a"
        with pytest.raises(ValueError, match="how must be one of 'a', 'b'; got 1"):
            check_choice("how", 1, ["a", "b"])
        for bad in (0, -1e-3, float("inf")):
            with pytest.raises(ValueError, match="tol must be"):
                check_tol("tol", bad)

    @pytest.mark.parametrize("bad", [0.5, 1, 0, -2, True, float("inf"), "ten"])
    def test_bases_at_or_below_one_are_refused(self, bad):
        with pytest.raises(ValueError, match="base must be"):
            check_base(bad)


@pytest.mark.parametrize(
    "bad", [[0.5 + 0.1j, 0.5], ["0.5", "0.5"], np.array(["a", "b"]), [np.datetime64("2020-01-01")]]
)
def test_arrays_of_complex_text_or_dates_are_refused_not_cast(bad):
    with pytest.raises(ValueError, match="must hold real numbers"):
        as_pmf(bad)
    with pytest.raises(ValueError, match="must hold real numbers"):
        as_channel([bad, bad])


def test_zero_dimensional_numeric_arrays_are_scalars():
    assert check_real("p", np.array(0.1), low=0, high=1) == 0.1
    assert check_int("n", np.array(3), low=1) == 3
    for bad in (np.array(True), np.array("0.1"), np.array([0.1])):
        with pytest.raises(ValueError, match="p must be a real number"):
            check_real("p", bad)
    with pytest.raises(ValueError, match="n must be an integer"):
        check_int("n", np.array(3.0))
