"""nsp.estimate: coverage of the intervals, bias of the corrected estimators, honest statuses.

The coverage test draws 500 seeded count tables of 500 records from a known 2 × 4 source and
checks that the nominal 95 % bootstrap interval of every column that gets one covers the
true value (the column evaluated on the source) in at least 92 % of the trials, for three
mechanisms (a merge, the identity, a randomized response). With 500 trials the Monte-Carlo
standard error of a coverage near 95 % is sqrt(.95 × .05 / 500) ≈ 1.0 point, so 92 % is three
standard errors below nominal: over the 33 (mechanism, column) pairs, two standard errors
would be crossed by chance alone (the randomized response's I(S;Y) measured 0.928 here and
0.943 on 2,000 other trials). Bootstrap replicates per trial: 400 (the whole test stays near
half a minute on one core).

Some of the source's maxima are near ties (p(x) = 0.35 and 0.25 for the prior error, p(y|s)
= 0.18 and 0.22 for the identity's maximal leakage): there the intervals are widened for the
tie (status ``interval_tie``) and counted with the others. Exact ties, where the plain
bootstrap of a maximum fails, are tested in ``test_ties``.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from nsp.estimate import (
    FIXED_COLUMNS,
    SHANNON_COLUMNS,
    STATUSES,
    SUPPORT_COLUMNS,
    diagnostics,
    estimate_many,
)
from nsp.joint import Joint
from nsp.notions import Mechanism, evaluate_many

SOURCE = np.array([[0.30, 0.10, 0.05, 0.10], [0.05, 0.10, 0.20, 0.10]])
X_VALUES = np.array([1.0, 2.0, 4.0, 7.0])
N_RECORDS = 500
N_TRIALS = 500
N_BOOT = 400
MIN_COVERAGE = 0.92


def _mechanisms() -> list[Mechanism]:
    rr = np.full((4, 4), 0.1)
    np.fill_diagonal(rr, 0.7)
    return [
        Mechanism.from_labels([0, 0, 1, 1], method="merge"),
        Mechanism.from_labels([0, 1, 2, 3], method="identity"),
        Mechanism(rr, method="randomized response"),
    ]


def _truth(mechs: list[Mechanism]) -> pd.DataFrame:
    return evaluate_many(mechs, SOURCE, x_values=X_VALUES)


@pytest.fixture(scope="session")  # pure; module scope rebuilds it whenever a shuffled run returns
def trials() -> pd.DataFrame:
    """Estimates on N_TRIALS seeded tables, stacked with a ``trial`` column."""
    mechs = _mechanisms()
    rng = np.random.default_rng(2024)
    frames = []
    for t in range(N_TRIALS):
        counts = rng.multinomial(N_RECORDS, SOURCE.ravel()).reshape(SOURCE.shape)
        est = estimate_many(
            mechs, counts, x_values=X_VALUES, n_boot=N_BOOT, seed=t, estimator="miller_madow"
        )
        frames.append(est.assign(trial=t))
    return pd.concat(frames, ignore_index=True)


def test_intervals_cover_the_truth_in_at_least_92_percent(trials):
    mechs = _mechanisms()
    truth = _truth(mechs)
    ivl = trials[trials.status.isin(["interval", "interval_tie"])].copy()
    assert set(ivl.column) >= {
        "mutual_information",
        "maximal_leakage",
        "sibson_2",
        "sibson_10",
        "utility_information",
        "hamming_distortion",
        "numeric_distortion",
        "secret_information",
    }
    ivl["truth"] = [truth.at[m, c] for m, c in zip(ivl.mechanism, ivl.column, strict=True)]
    ivl["covered"] = (ivl.low <= ivl.truth + 1e-12) & (ivl.truth <= ivl.high + 1e-12)
    coverage = ivl.groupby(["mechanism", "column"]).covered.mean()
    assert (ivl.groupby(["mechanism", "column"]).size() == N_TRIALS).all()
    print(coverage.unstack(0).round(3).to_string())  # the measured coverages (pytest -s)
    low = coverage[coverage < MIN_COVERAGE]
    assert low.empty, f"coverage below {MIN_COVERAGE}:\n{low}"


def test_fixed_columns_are_the_channel_property(trials):
    fixed = trials[trials.column.isin(FIXED_COLUMNS)]
    assert (fixed.status == "fixed").all()
    assert (fixed.low == fixed.point).all() and (fixed.high == fixed.point).all()


def test_support_columns_never_get_an_interval(trials):
    sup = trials[trials.column.isin(SUPPORT_COLUMNS)]
    assert sup.low.isna().all() and sup.high.isna().all()
    assert set(sup.status) <= {"support_stable", "support_fragile", "undefined"}


def test_corrected_estimators_shrink_the_bias_of_the_plugin():
    """On 8 × 8 cells with 200 records the plug-in overestimates I(S;Y) and underestimates H."""
    rng = np.random.default_rng(7)
    source = rng.dirichlet(np.ones(64) * 4).reshape(8, 8)
    mechs = [
        Mechanism.from_labels(np.arange(8), method="identity"),
        Mechanism.from_labels([0, 0, 1, 1, 2, 2, 3, 3], method="pairs"),
    ]
    truth = evaluate_many(mechs, source)
    errors: dict[str, list[pd.DataFrame]] = {"jackknife": [], "miller_madow": []}
    for t in range(100):
        counts = rng.multinomial(200, source.ravel()).reshape(8, 8)
        for est_name, acc in errors.items():
            est = estimate_many(mechs, counts, n_boot=10, seed=t, estimator=est_name)
            acc.append(est[est.column.isin(SHANNON_COLUMNS)])
    for est_name, acc in errors.items():
        frame = pd.concat(acc, ignore_index=True)
        frame["truth"] = [
            truth.at[m, c] for m, c in zip(frame.mechanism, frame.column, strict=True)
        ]
        bias = (
            frame.assign(plug=frame.plugin - frame.truth, fixed=frame.point - frame.truth)
            .groupby(["mechanism", "column"])[["plug", "fixed"]]
            .mean()
        )
        assert (frame.estimator == est_name).all()
        print(est_name, bias.round(5).to_string())  # the measured biases (pytest -s)
        worse = bias[bias["fixed"].abs() >= bias["plug"].abs()]
        assert worse.empty, f"{est_name} does not shrink the bias:\n{worse}"


def test_a_cell_seen_once_makes_the_support_notions_fragile():
    """A rare pair (s, x) seen once: L0 and I* depend on that one record; no number is given."""
    counts = np.array([[120, 80, 0], [1, 0, 109]])
    merge = Mechanism.from_labels([0, 1, 2], method="identity")
    est = estimate_many([merge], counts, n_boot=50).set_index("column")
    for column in ("nonstochastic_leakage", "maximin_information", "output_hartley_entropy"):
        assert est.at[column, "status"] == "support_fragile"
        assert math.isnan(est.at[column, "low"]) and math.isnan(est.at[column, "high"])
    # Without the rare record the range changes: L0 and I* jump.
    counts_without = counts.copy()
    counts_without[1, 0] = 0
    a = evaluate_many([merge], counts / counts.sum()).iloc[0]
    b = evaluate_many([merge], counts_without / counts_without.sum()).iloc[0]
    assert (a.nonstochastic_leakage, a.maximin_information) != (
        b.nonstochastic_leakage,
        b.maximin_information,
    )


def test_well_sampled_support_is_stable():
    est = estimate_many(
        [Mechanism.from_labels([0, 0, 1], method="merge")],
        [[50, 40, 30], [20, 30, 60]],
        n_boot=20,
    ).set_index("column")
    assert est.at["nonstochastic_leakage", "status"] == "support_stable"


def test_undefined_columns_and_statuses_are_documented():
    rr = Mechanism([[0.9, 0.1], [0.1, 0.9]], method="rr")
    est = estimate_many([rr], [[30, 10], [10, 30]], n_boot=20).set_index("column")
    assert est.at["noiseless_epsilon", "status"] == "undefined"
    assert est.at["numeric_distortion", "status"] == "undefined"
    assert set(est.status) <= set(STATUSES)


def test_small_samples_are_flagged():
    d = diagnostics([[3, 1, 0], [0, 1, 2]])
    assert d["warning"] and "records per cell" in d["message"]
    est = estimate_many(
        [Mechanism.from_labels([0, 1, 2], method="identity")], [[3, 1, 0], [0, 1, 2]], n_boot=20
    )
    assert "interval_small_sample" in set(est.status)
    assert est.attrs["diagnostics"] == d


def test_a_joint_with_records_but_no_counts_is_read_back():
    j = Joint([[0.25, 0.25], [0.5, 0.0]], n_records=8)
    assert diagnostics(j)["n_records"] == 8
    with pytest.raises(ValueError, match="record counts"):
        diagnostics(Joint([[0.25, 0.25], [0.5, 0.0]]))


def test_same_seed_same_intervals():
    mechs = _mechanisms()
    counts = [[40, 20, 16, 24], [10, 30, 36, 24]]
    a = estimate_many(mechs, counts, n_boot=50, seed=3)
    b = estimate_many(mechs, counts, n_boot=50, seed=3)
    pd.testing.assert_frame_equal(a, b)


@pytest.mark.parametrize(
    ("option", "value"),
    [("ci", 1.0), ("ci", 0.0), ("n_boot", 5), ("seed", -1), ("estimator", "nsb")],
)
def test_bad_options_are_refused_by_name(option, value):
    with pytest.raises(ValueError, match=option):
        estimate_many(_mechanisms(), [[4, 2, 1, 3], [1, 3, 4, 2]], **{option: value})


def test_plugin_point_agrees_with_dit():
    """The plug-in I(S;Y) of the identity release is the empirical I(S;X), as dit computes it."""
    dit = pytest.importorskip("dit")
    counts = np.array([[40, 20, 16, 24], [10, 30, 36, 24]])
    est = estimate_many(_mechanisms()[1:2], counts, n_boot=20, estimator="plugin")
    got = est.set_index("column").at["mutual_information", "point"]
    p = counts / counts.sum()
    outcomes = [f"{s}{x}" for s in range(2) for x in range(4)]
    d = dit.Distribution(outcomes, p.ravel().tolist())
    assert got == pytest.approx(dit.shannon.mutual_information(d, [0], [1]), abs=1e-12)


def test_evaluate_many_gives_the_same_intervals():
    """One bootstrap: evaluate_many(ci=) and estimate_many give the same ends, same seed.

    Both centre the Shannon columns' and Sibson's intervals on the jackknife's estimate;
    evaluate_many reports the plug-in and widens its interval to hold it. Every other column is
    estimated by its plug-in by both, with the same ends.
    """
    mechs = _mechanisms()
    counts = np.array([[40, 20, 16, 24], [10, 30, 36, 24]])
    kw = {"x_values": X_VALUES, "n_boot": 80, "seed": 5, "ci": 0.9}
    est = estimate_many(mechs, counts, **kw)
    wide = evaluate_many(mechs, counts / counts.sum(), counts=counts, **kw)
    moved = est.estimator == "jackknife"
    assert set(est.column[moved]) == {*SHANNON_COLUMNS, "sibson_2", "sibson_10"}
    checked = 0
    for row in est.itertuples():
        low, high = (wide.at[row.mechanism, f"{row.column}_{end}"] for end in ("low", "high"))
        if row.estimator == "jackknife":
            if not row.low < row.point < row.high:
                continue  # estimate_many widened its own interval to hold the jackknife point
            assert low == pytest.approx(min(row.low, row.plugin), abs=1e-12), row.column
            assert high == pytest.approx(max(row.high, row.plugin), abs=1e-12), row.column
            checked += 1
        else:
            for got, want in ((low, row.low), (high, row.high)):
                assert (math.isnan(got) and math.isnan(want)) or got == want, row.column
    assert checked >= 10
