"""The shared validators: every rule has its message, and accepted input comes back unchanged."""

from __future__ import annotations

import math

import numpy as np
import pytest

from nsp._validation import as_axes, as_channel, as_pmf, check_base


@pytest.mark.parametrize(
    "p, match",
    [([0.5, -0.1, 0.6], "non-negative"), ([0.5, np.nan], "finite"), ([np.inf, 0.0], "finite"),
     ([0.5, 0.4], "sum to 1"), ([], "empty"), (0.5, "scalar"), ([[]], "empty")],
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
