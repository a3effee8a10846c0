"""Wu, Theorem 5.1 (continuous case) on the discretized sum query with Gaussian noise."""

import numpy as np
import pytest

from nsp.papers.privacy_channels import theorem51_table
from nsp.privacy_channels import (
    ProductUniverse,
    amplitude_constrained_capacity,
    discretized_gaussian_channel,
    individual_channel_capacity,
)


def _channel(N, m, n_outputs):
    grid = np.linspace(0.0, 1.0, m).tolist()
    s = N**0.5
    return discretized_gaussian_channel(
        ProductUniverse([grid, grid]),
        lambda a, c: a + c,
        N=N,
        y_grid=np.linspace(-8 * s, 2 + 8 * s, n_outputs),
    )


@pytest.mark.parametrize("N", [0.25, 0.04])
@pytest.mark.parametrize("m", [2, 3])
def test_exact_c1_is_inside_the_bracket(N, m):
    t = theorem51_table([N], [m], n_outputs=201, n_reference=41)
    exact = individual_channel_capacity(_channel(N, m, 201)).value
    assert t.lower[0] - 1e-8 <= exact <= t.upper[0] + 1e-8
    # m = 2: the records {0, 1} cannot realize all three sums, and g(x) = x is optimal
    if m == 2:
        assert exact == pytest.approx(t.lower[0], abs=1e-8)


def test_bracket_converges_to_the_continuous_value():
    t = theorem51_table([0.04], [3, 9, 17], n_outputs=301, n_reference=201)
    assert (t.lower <= t.upper + 1e-8).all()
    assert (t.upper <= t.reference + 1e-8).all()
    assert t.gap.iloc[-1] < 1e-3 < t.gap.iloc[0]


def test_three_mass_points_are_exact_at_snr_4():
    # at T^2/N = 4 the optimal inputs are {0, 1, 2}: m = 3 already attains the continuous value
    t = theorem51_table([0.25], [3], n_outputs=401, n_reference=201)
    assert t.upper[0] - t.lower[0] < 1e-8
    assert t.gap[0] < 1e-8
    # the same value as Smith's capacity with T = 1 on the same (shifted) quantization
    smith = amplitude_constrained_capacity(1.0, 0.25, n_inputs=201, n_outputs=401).capacity
    assert t.reference[0] == pytest.approx(smith, abs=1e-6)


@pytest.mark.parametrize(
    "kwargs",
    [{"Ns": [0.0]}, {"Ns": [-1.0]}, {"ms": [1]}, {"ms": []}, {"n_outputs": 1}, {"n_reference": 1}],
)
def test_bad_input(kwargs):
    args = {"Ns": [0.25], "ms": [2]} | kwargs
    with pytest.raises(ValueError):
        theorem51_table(**args)
