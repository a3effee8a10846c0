"""evaluate_many(..., ci=): an interval beside every measure column, and nothing else changed.

The intervals are those of the bootstrap :mod:`nsp.estimate` validates (its coverage tests);
here: the columns and their order, the table without ``ci`` unchanged, low ≤ value ≤ high on a
well-sampled table, the ends clipped at the bounds every source obeys (0 below, e.g.
``log min(|S|, |Y|)`` above), the support-based columns without an interval, the seed, and the
options refused by name.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from nsp.notions import COLUMNS, Mechanism, evaluate_many, sibson_column

SOURCE = np.array([[0.30, 0.10, 0.05, 0.10], [0.05, 0.10, 0.20, 0.10]])
X_VALUES = np.array([1.0, 2.0, 4.0, 7.0])
# Measure columns by kind (the rest of the table: names, booleans, value and base).
SUPPORT = (
    "nonstochastic_leakage",
    "maximin_information",
    "noiseless_epsilon",
    "secret_hartley_entropy",
    "output_hartley_entropy",
    "data_hartley_entropy",
)
NOT_MEASURES = {
    "method",
    "parameter",
    "value",
    "deterministic",
    "relations_ok",
    "relations_failed",
    "range_is_product",
    "base",
}


def _mechanisms() -> list[Mechanism]:
    rr = np.full((4, 4), 0.1)
    np.fill_diagonal(rr, 0.7)
    return [
        Mechanism.from_labels([0, 0, 1, 1], method="merge"),
        Mechanism.from_labels([0, 1, 2, 3], method="identity"),
        Mechanism(rr, method="randomized response"),
        Mechanism.from_labels([0, 0, 0, 1], method="codewords", codewords=[2.0, 7.0]),
    ]


def _counts(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.multinomial(n, SOURCE.ravel()).reshape(SOURCE.shape)


def _with_ci(counts: np.ndarray, **kwargs: object) -> pd.DataFrame:
    return evaluate_many(
        _mechanisms(), counts / counts.sum(), x_values=X_VALUES, counts=counts, **kwargs
    )


def test_every_measure_column_is_followed_by_its_interval():
    counts = _counts(2000)
    frame = _with_ci(counts, ci=0.95, n_boot=50)
    head, tail = COLUMNS
    plain = [*head, *(sibson_column(a) for a in (2.0, 10.0)), *tail]
    expected = []
    for name in plain:
        expected.append(name)
        if name not in NOT_MEASURES:
            expected += [f"{name}_low", f"{name}_high"]
    assert list(frame.columns) == expected
    assert frame.attrs == {"ci": 0.95, "n_boot": 50, "seed": 0, "n_records": 2000}


def test_without_ci_the_table_is_unchanged():
    counts = _counts(2000)
    plain = evaluate_many(_mechanisms(), counts / counts.sum(), x_values=X_VALUES)
    with_ci = _with_ci(counts, ci=0.9, n_boot=20)
    ends = [c for c in with_ci.columns if c.endswith(("_low", "_high"))]
    pd.testing.assert_frame_equal(with_ci.drop(columns=ends), plain, check_exact=True)
    assert plain.attrs == {}


def test_low_value_high_on_a_well_sampled_table():
    """20,000 records on 8 cells: every bootstrap interval holds the plug-in value."""
    frame = _with_ci(_counts(20_000, seed=3), ci=0.95, n_boot=300)
    checked = 0
    for name in frame.columns:
        if name in NOT_MEASURES or name.endswith(("_low", "_high")) or name in SUPPORT:
            continue
        value = frame[name].to_numpy(dtype=float)
        low = frame[f"{name}_low"].to_numpy(dtype=float)
        high = frame[f"{name}_high"].to_numpy(dtype=float)
        ok = ~np.isnan(value)
        assert np.all(low[ok] <= value[ok] + 1e-12), name
        assert np.all(value[ok] <= high[ok] + 1e-12), name
        assert np.all(np.isnan(low[~ok]) & np.isnan(high[~ok])), name
        checked += int(ok.sum())
    assert checked > 40


def test_support_columns_have_no_interval_and_ldp_is_fixed():
    frame = _with_ci(_counts(2000), ci=0.95, n_boot=20)
    for name in SUPPORT:
        assert frame[f"{name}_low"].isna().all() and frame[f"{name}_high"].isna().all()
    np.testing.assert_array_equal(frame.ldp_epsilon_low, frame.ldp_epsilon)
    np.testing.assert_array_equal(frame.ldp_epsilon_high, frame.ldp_epsilon)


def test_intervals_are_clipped_at_the_bounds_every_source_obeys():
    """S = X, both uniform on 2 values, X released: every replicate's I(S;Y) is at most 1 bit.

    The plug-in is exactly 1 bit and the replicates sit below it (the plug-in entropy is
    biased down), so the bias shift pushes the upper end above 1 bit: it is clipped at
    log2 min(|S|, |Y|) = 1 bit. The same for the prior error of X (at most 1 − 1/2).
    """
    counts = np.array([[500, 0], [0, 500]])
    copy = Mechanism.from_labels([0, 1], method="copy")
    frame = evaluate_many([copy], counts / 1000, counts=counts, ci=0.95, n_boot=200)
    row = frame.iloc[0]
    for name in ("mutual_information", "utility_information", "output_entropy", "data_entropy"):
        assert row[name] == pytest.approx(1.0)
        assert row[f"{name}_high"] == 1.0, name
        assert row[f"{name}_low"] < 1.0
    assert row.prior_error_high == 0.5 and row.prior_error_low < 0.5
    # the Sibson orders and maximal leakage share the bound of I(S;Y)
    for name in ("maximal_leakage", "sibson_2", "sibson_10"):
        assert row[f"{name}_high"] <= 1.0
    # nothing is ever below 0
    lows = frame[[c for c in frame.columns if c.endswith("_low")]].to_numpy(dtype=float)
    assert np.all(lows[~np.isnan(lows)] >= 0.0)


def test_upper_ends_never_exceed_the_alphabet_bounds():
    counts = np.array([[3, 1, 0, 2], [0, 2, 4, 1]])  # few records: wide, shifted intervals
    frame = _with_ci(counts, ci=0.99, n_boot=200)
    n_s, n_x = counts.shape
    for i, m in enumerate(_mechanisms()):
        n_y = int(np.count_nonzero(m.channel.max(axis=0) > 0))
        row = frame.iloc[i]
        assert row.mutual_information_high <= math.log2(min(n_s, n_y)) + 1e-12
        assert row.maximal_leakage_high <= math.log2(min(n_s, n_y)) + 1e-12
        assert row.utility_information_high <= math.log2(min(n_x, n_y)) + 1e-12
        assert row.secret_information_high <= math.log2(min(n_s, n_x)) + 1e-12
        assert row.hamming_distortion_high <= 1 - 1 / n_x + 1e-12
        # the MMSE is at most the variance of X, at most (max x − min x)² / 4
        if m.codewords is None:
            assert row.numeric_distortion_high <= np.ptp(X_VALUES) ** 2 / 4 + 1e-12


def test_same_seed_same_intervals_another_seed_others():
    counts = _counts(1000)
    a = _with_ci(counts, ci=0.95, n_boot=50, seed=7)
    b = _with_ci(counts, ci=0.95, n_boot=50, seed=7)
    c = _with_ci(counts, ci=0.95, n_boot=50, seed=8)
    pd.testing.assert_frame_equal(a, b, check_exact=True)
    assert not np.array_equal(a.mutual_information_high, c.mutual_information_high)


def test_an_empty_sweep_has_the_interval_columns():
    counts = _counts(100)
    frame = evaluate_many([], counts / 100, counts=counts, ci=0.95)
    assert frame.empty and "mutual_information_low" in frame.columns


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"ci": 0.95}, "needs counts="),
        ({"counts": [[30, 10, 5, 10], [5, 10, 20, 10]]}, "counts is read only with ci"),
        ({"ci": 0.95, "counts": [[30, 10, 5], [5, 10, 20]]}, "counts must be the record"),
        ({"ci": 0.95, "counts": [[30, 10, 5, 10], [5, 10, 20, 11]]}, "another pmf"),
        ({"ci": 1.0, "counts": [[30, 10, 5, 10], [5, 10, 20, 10]]}, "ci"),
        ({"ci": 0.9, "counts": [[30, 10, 5, 10], [5, 10, 20, 10]], "n_boot": 5}, "n_boot"),
        ({"ci": 0.9, "counts": [[30, 10, 5, 10], [5, 10, 20, 10]], "seed": -1}, "seed"),
        ({"ci": 0.9, "counts": [[30, 10, 5, 10], [5, 10, 20, -1]]}, "counts"),
    ],
)
def test_bad_interval_options_are_refused_by_name(kwargs, match):
    joint = np.array([[30, 10, 5, 10], [5, 10, 20, 10]]) / 100
    with pytest.raises(ValueError, match=match):
        evaluate_many(_mechanisms(), joint, **kwargs)
