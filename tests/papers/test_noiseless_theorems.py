"""Theorems 1–3 and 5–7 of Farokhi's *Noiseless privacy* on a quantized average
(``papers.noiseless.theorems_table``): exact values and a brute-force count of the outputs."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from nsp.noiseless import levels_safe
from nsp.papers.noiseless import theorems_table


def _outputs_reached(n: int, values: int, q: int, merge: int = 1) -> int:
    """The most bins one individual moves the quantized average over, counted directly."""
    grid = [Fraction(k, values - 1) for k in range(values)]
    best = 0
    for others in itertools.product(grid, repeat=n - 1):
        rest = sum(others, Fraction(0))
        bins = {min(int((x + rest) / n * q), q - 1) // merge for x in grid}
        best = max(best, len(bins))
    return best


def test_the_documented_instance_exactly():
    t = theorems_table().set_index("quantity")
    # M1: 9 bins, one individual reaches 4: 2 bits for Theorems 1, 2 and 5.
    for quantity in (
        "I*(X_i; Y)",
        "L0s(X_i; Y)",
        "L0(Y; X_i)",
        "zero-error capacity of X_i → Y",
        "maximal leakage L_c(X_i → Y), uniform prior",
    ):
        assert t.loc[quantity, "value"] == pytest.approx(2.0, abs=1e-12)
        assert t.loc[quantity, "bound"] == pytest.approx(2.0, abs=1e-12)
    assert t.loc["best two-point test P(T)", "value"] == 1.0
    joint = t.loc["ε of the joint release (M1, M2)"]
    assert joint.value == pytest.approx(math.log2(5), abs=1e-12)
    assert joint.bound == pytest.approx(2 + math.log2(5), abs=1e-12)
    merged = t.loc["ε of g∘M1, g merging bins two by two"]
    assert merged.value == pytest.approx(math.log2(3), abs=1e-12)
    assert merged.bound == pytest.approx(2.0, abs=1e-12)
    assert t.holds.all()
    assert list(t.theorem) == ["1", "1", "1", "2", "3", "5", "6", "7"]


@pytest.mark.parametrize(
    ("n", "values", "eps1", "eps2"),
    [(2, 3, 1.0, 2.0), (3, 4, 1.5, 3.0), (2, 6, 2.0, 1.0), (4, 3, 2.5, 2.0)],
)
def test_values_are_the_counted_outputs(n, values, eps1, eps2):
    t = theorems_table(n=n, values=values, epsilon=eps1, epsilon2=eps2).set_index("quantity")
    q1 = int(levels_safe(eps1, Fraction(1, n), 0, 1))
    q2 = int(levels_safe(eps2, Fraction(1, n), 0, 1))
    e1 = math.log2(_outputs_reached(n, values, q1))
    e2 = math.log2(_outputs_reached(n, values, q2))
    assert e1 <= eps1 + 1e-12 and e2 <= eps2 + 1e-12  # the corrected rule keeps the budget
    assert t.loc["L0(Y; X_i)", "value"] == pytest.approx(e1, abs=1e-12)
    assert t.loc["maximal leakage L_c(X_i → Y), uniform prior", "value"] == pytest.approx(e1)
    assert t.loc["ε of the joint release (M1, M2)", "bound"] == pytest.approx(e1 + e2)
    merged = math.log2(_outputs_reached(n, values, q1, merge=2))
    assert t.loc["ε of g∘M1, g merging bins two by two", "value"] == pytest.approx(merged)
    test = t.loc["best two-point test P(T)", "value"]
    assert test == (1.0 if e1 > 0 else -math.inf)
    assert t.holds.all()


@pytest.mark.parametrize(
    ("kw", "name"),
    [
        ({"n": 1}, "n"),
        ({"values": 1}, "values"),
        ({"epsilon": -1}, "epsilon"),
        ({"epsilon2": 9}, "epsilon2"),
    ],
)
def test_bad_options_are_refused(kw, name):
    with pytest.raises(ValueError, match=name):
        theorems_table(**kw)
