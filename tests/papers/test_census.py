"""Tests of the census experiment of nsp.papers.privacy_funnel: the discretization and counts
of nsp.datasets on small frames, and the census numbers of E5 on UCI Adult (needs the data:
`make data`)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from nsp import info
from nsp.clustering.funnel import (
    greedy_information_bottleneck,
    greedy_max_leakage,
    greedy_privacy_funnel,
)
from nsp.datasets import census_joint, discretize_adult
from nsp.papers.privacy_funnel import (
    adult_census_joint,
    bounds_frame,
    census_probe,
    fig1_curves,
    worked_examples_table,
)


def _frame(ages, sexes, edus, incomes):
    return pd.DataFrame({"age": ages, "sex": sexes, "education-num": edus, "income": incomes})


def test_discretize_bin_boundaries():
    df = _frame(
        [17, 24, 25, 34, 35, 74, 75, 90],
        ["Female", "Male"] * 4,
        [1, 8, 9, 10, 12, 13, 16, 16],
        ["<=50K", ">50K.", "<=50K", ">50K"] * 2,
    )
    codes = discretize_adult(df)
    assert codes.age.tolist() == [0, 0, 1, 1, 2, 5, 6, 6]
    assert codes.education.tolist() == [0, 0, 1, 2, 2, 3, 3, 3]
    assert codes.sex.tolist() == [0, 1] * 4
    assert codes.income.tolist() == [0, 1, 0, 1] * 2
    alt = discretize_adult(df, education_scheme="4level_alt")
    assert alt.education.tolist() == [0, 0, 0, 1, 2, 2, 3, 3]
    assert discretize_adult(df.rename(columns={"education-num": "education_num"})).equals(codes)


def test_discretize_errors():
    ok = _frame([30], ["Male"], [9], ["<=50K"])
    with pytest.raises(ValueError, match="age"):
        discretize_adult(_frame([16], ["Male"], [9], ["<=50K"]))
    with pytest.raises(ValueError, match="education_scheme"):
        discretize_adult(ok, education_scheme="3level")
    with pytest.raises(ValueError, match="sex"):
        discretize_adult(_frame([30], ["X"], [9], ["<=50K"]))
    with pytest.raises(ValueError, match="age_edges"):
        discretize_adult(ok, age_edges=[17, 10, 91])
    with pytest.raises(ValueError, match="attributes"):
        census_joint(ok, s_attrs=("race",))
    with pytest.raises(ValueError, match="no rows"):
        census_joint(ok.iloc[:0])


def test_census_joint_indexing_is_c_order():
    df = _frame([20, 50, 80], ["Male", "Female", "Male"], [9, 16, 3], [">50K", "<=50K", ">50K"])
    n = census_joint(df)
    # x = 8 age + 4 sex + edu, s = 2 age + income
    expected = [(2 * 0 + 1, 8 * 0 + 4 + 1), (2 * 3 + 0, 8 * 3 + 0 + 3), (2 * 6 + 1, 8 * 6 + 4 + 0)]
    assert sorted(zip(*np.nonzero(n.to_numpy()), strict=True)) == sorted(expected)
    assert n.to_numpy().dtype == np.int64 and n.to_numpy().sum() == 3
    assert n.columns[8 * 3 + 3] == "45-54|F|edu13-16"
    assert n.index[13] == "75-90|>50K"
    assert (n.index.name, n.columns.name) == ("age|income", "age|sex|education")


def test_bounds_frame_is_the_chain_rule():
    p = np.array([[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]])
    b = bounds_frame(p, n_points=5)
    h_xs = info.conditional_entropy(p, 1, 0)
    assert np.allclose(b.lower, np.maximum(0, b.utility - h_xs))
    assert np.allclose(b.upper, np.minimum(b.utility, info.mutual_information(p)))


# ---------------------------------------------------------------------------------------
# On UCI Adult
# ---------------------------------------------------------------------------------------
def _joint(**kw):
    from nsp.datasets import DataUnavailableError

    try:
        return adult_census_joint(**kw)
    except DataUnavailableError as exc:  # honest skip: the data is fetched by `make data`
        pytest.skip(f"UCI Adult not available: {exc}")


@pytest.fixture(scope="module")
def both():
    return _joint(split="both")


@pytest.mark.data
@pytest.mark.parametrize(
    "split, n, h_x, h_s, i_sx, h_x_s, h_age, min_cell",
    [
        ("both", 48842, 5.2279, 3.1468, 2.5407, 2.6872, 2.4407, 21),
        ("train", 32561, 5.2196, 3.1413, 2.5351, 2.6845, 2.4336, 16),
    ],
)
def test_e5_adult_summary_numbers(split, n, h_x, h_s, i_sx, h_x_s, h_age, min_cell):
    j = _joint(split=split)
    s = j.summary()
    assert (s["N"], s["n_S"], s["n_X"], s["n_X_nonempty"]) == (n, 14, 56, 56)
    assert s["H_X"] == pytest.approx(h_x, abs=1e-4)
    assert s["H_S"] == pytest.approx(h_s, abs=1e-4)
    assert s["I_SX"] == pytest.approx(i_sx, abs=1e-4)
    assert s["H_X_given_S"] == pytest.approx(h_x_s, abs=1e-4)
    age = j.counts.sum(0).reshape(7, 8).sum(1)
    assert info.entropy(age, normalize=True) == pytest.approx(h_age, abs=1e-4)
    assert j.counts.sum(0).min() == min_cell


@pytest.mark.data
def test_adult_category_counts(both):
    c = both.counts.sum(0).reshape(7, 2, 4)
    assert c.sum((1, 2)).tolist() == [8432, 12577, 12193, 8771, 4782, 1642, 445]
    assert c.sum((0, 1)).tolist() == [6408, 15784, 14540, 12110]
    assert c.sum((0, 2)).tolist() == [16192, 32650]
    assert both.counts.sum(1).reshape(7, 2).sum(0).tolist() == [37155, 11687]


@pytest.mark.data
def test_adult_options():
    assert _joint(split="both", drop_incomplete_rows=True).n_records == 45222
    assert _joint(split="train", drop_incomplete_rows=True).n_records == 30162
    q = _joint(split="train", age_edges="quantile").summary()
    assert (q["H_X"], q["I_SX"]) == pytest.approx((5.582, 2.907), abs=1e-3)
    t = _joint(split="train", age_edges="tens").summary()
    assert (t["H_X"], t["I_SX"]) == pytest.approx((5.223, 2.558), abs=1e-3)


@pytest.mark.data
def test_adult_fig1_regression(both):
    p = both.p_sx
    s = both.summary()
    # Algorithm 2 as printed (Δ -> (I(X;Y), I(S;Y)), 2 decimals)
    for delta, (ixy, isy) in {0.25: (0.43, 0.25), 0.5: (0.87, 0.50), 1.0: (1.79, 1.00)}.items():
        r = greedy_information_bottleneck(p, delta)
        assert (r.utility, r.leakage) == pytest.approx((ixy, isy), abs=0.006)
    # Algorithm 2' reaches I(S;X) at R = 4, on the diagonal (a function of age) early on
    v = greedy_max_leakage(p, 4.0)
    assert v.leakage == pytest.approx(2.535, abs=1e-3)
    v1 = greedy_max_leakage(p, 1.0)
    assert v1.leakage == pytest.approx(v1.utility, abs=1e-9)
    # Algorithm 1: near-perfect privacy up to ~1.5 bits, chain-rule bound met for R >= 4.5
    assert greedy_privacy_funnel(p, 1.5).leakage < 0.03
    hi = greedy_privacy_funnel(p, 4.5)
    assert hi.leakage == pytest.approx(hi.utility - s["H_X_given_S"], abs=1e-9)
    curves = fig1_curves(p, n_grid=5, algorithms=("alg1", "alg2"))  # aliases
    ends = curves.groupby("algorithm").last()
    assert np.allclose(ends.utility, s["H_X"]) and np.allclose(ends.leakage, s["I_SX"])


@pytest.mark.data
def test_census_probe_is_the_algorithm_at_each_disclosure(both):
    """Algorithm 1 at R = 2, 2.5, ..., 5 bits itself (not the envelope of a grid sweep)."""
    probe = census_probe(both.p_sx, [2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0])
    expected = [0.105, 0.380, 0.664, 1.017, 1.313, 1.813, 2.313]
    assert probe.greedy_privacy_funnel_leakage.round(3).tolist() == expected
    assert (probe.greedy_privacy_funnel_utility >= probe.R - 1e-12).all()
    assert (probe.greedy_max_leakage_utility >= probe.R - 1e-12).all()
    assert (probe.greedy_max_leakage_leakage >= probe.greedy_privacy_funnel_leakage).all()


def test_census_probe_properties():
    rng = np.random.default_rng(12)
    p = rng.dirichlet(np.ones(12)).reshape(3, 4)
    h_x = info.entropy(p.sum(0))
    probe = census_probe(p, [0.0, h_x / 2, h_x])
    for r, row in zip([0.0, h_x / 2, h_x], probe.itertuples(), strict=True):
        assert row.greedy_privacy_funnel_leakage == pytest.approx(
            greedy_privacy_funnel(p, r).leakage, abs=1e-12
        )
        assert row.greedy_max_leakage_leakage == pytest.approx(
            greedy_max_leakage(p, r).leakage, abs=1e-12
        )
    assert probe.greedy_privacy_funnel_leakage.iloc[0] == pytest.approx(0.0, abs=1e-12)
    assert probe.greedy_privacy_funnel_leakage.iloc[-1] == pytest.approx(
        info.mutual_information(p), abs=1e-12
    )
    with pytest.raises(ValueError, match="disclosures"):
        census_probe(p, [h_x + 1.0])
    with pytest.raises(ValueError, match="tol"):
        census_probe(p, [0.5], tol=-1.0)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"n_points": 0}, "n_points"),
        ({"n_points": 2.5}, "n_points"),
        ({"n_points": True}, "n_points"),
        ({"base": 1}, "base"),
    ],
)
def test_bounds_frame_rejects_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        bounds_frame(np.full((2, 2), 0.25), **kwargs)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"n_grid": 0}, "n_grid"),
        ({"n_grid": 3.0}, "n_grid"),
        ({"algorithms": ("alg3",)}, "algorithms"),
        ({"tol": -1.0}, "tol"),
    ],
)
def test_fig1_curves_rejects_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        fig1_curves(np.full((2, 2), 0.25), **kwargs)


@pytest.mark.parametrize("kwargs, match", [({"split": "test"}, "split"), ({"base": 0}, "base")])
def test_worked_examples_table_rejects_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        worked_examples_table(**kwargs)


@pytest.mark.data
@pytest.mark.parametrize("base", [2.0, np.e])
def test_worked_examples_all_agree(base):
    try:
        table = worked_examples_table(base=base)
    except Exception as exc:  # noqa: BLE001
        from nsp.datasets import DataUnavailableError

        if isinstance(exc, DataUnavailableError):
            pytest.skip(f"UCI Adult not available: {exc}")
        raise
    assert list(table.columns) == ["example", "quantity", "paper", "ours", "agrees"]
    assert table.agrees.all(), table[~table.agrees]
    assert sorted(set(table.example)) == ["E1", "E2", "E3", "E4", "E5"]


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: discretize_adult("adult.csv"), "df"),
        (lambda: discretize_adult(_frame([30], ["Male"], [9], ["<=50K"]), age_edges="x"), "age"),
        (
            lambda: discretize_adult(_frame([30], ["Male"], [9], ["<=50K"]), education_scheme=4),
            "education_scheme",
        ),
        (
            lambda: discretize_adult(
                _frame([30], ["Male"], [9], ["<=50K"]), age_edges=["17", "91"]
            ),
            "age_edges",
        ),
        (
            lambda: discretize_adult(
                _frame([30], ["Male"], [9], ["<=50K"]), age_edges=[17, 50, np.nan]
            ),
            "age_edges",
        ),
        (lambda: census_joint(np.zeros((2, 2))), "data"),
        (lambda: census_joint(pd.DataFrame({"age": [30]})), "education_num"),
        (lambda: census_joint(_frame([30], ["Male"], [9], ["<=50K"]), engine="spark"), "engine"),
        (lambda: discretize_adult(_frame([30], ["Male"], [9], ["<=50K"]), engine=1), "engine"),
        (lambda: adult_census_joint(split="all"), "split"),
        (lambda: adult_census_joint(drop_incomplete_rows="yes"), "drop_incomplete_rows"),
    ],
)
def test_census_functions_reject_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_census_configurations_change_one_choice_each():
    from nsp.papers.privacy_funnel import CENSUS_DEFAULTS, census_configurations

    configs = census_configurations()
    assert next(iter(configs)) == "default" and configs["default"] == CENSUS_DEFAULTS
    for name, options in configs.items():
        changed = {k for k in options if options[k] != CENSUS_DEFAULTS[k]}
        assert len(changed) == (name != "default"), name
    for kwargs, match in [
        ({"splits": ["all"]}, "splits"),
        ({"age_binnings": ["decades"]}, "age_binnings"),
        ({"education_schemes": ["3level"]}, "education_schemes"),
        ({"drop_incomplete_rows": 1}, "drop_incomplete_rows"),
        ({"x_without_age": "no"}, "x_without_age"),
    ]:
        with pytest.raises(ValueError, match=match):
            census_configurations(**kwargs)
