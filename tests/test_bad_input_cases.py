"""The last silent results, cryptic errors and hanging size guards of issue 22, one test each.

Every case raises a ``ValueError`` (or ``TypeError``) whose message names the argument and the
rule. The size guards are given a huge ``k`` (or ``p``, ``n_iter``, ``restarts``): they must
refuse it by comparison, without computing the huge number (the test would not end otherwise).
"""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from nsp import info
from nsp.clustering.funnel import chain_rule_bounds, funnel_curve, lower_envelope, upper_envelope
from nsp.datasets import discretize_adult, load_smart_meter, read_redd_labels
from nsp.noiseless import estimation_error_lower_bound
from nsp.notions import (
    Mechanism,
    best_methods_summary,
    definedness,
    evaluate_methods,
    reversals,
)
from nsp.papers import paper_vs_ours
from nsp.papers.compare import frontier_figure, save_markdown
from nsp.papers.noiseless import levels_table, membership, nilm, realized_epsilon_curves
from nsp.papers.utility_privacy import lloyd_codebook
from nsp.pareto import normalize
from nsp.plotting import certified, mark_stand_in, save_table, savefig
from nsp.privacy_channels import (
    balance_function,
    individual_capacity_search,
    row_types,
    slice_types,
)
from nsp.ratedistortion import (
    bayes_decoder,
    binning_exponents,
    hamming_distortion,
    max_equivocation,
    rde_point,
    si_statistical_point,
)
from nsp.uncertain import strong_power, zero_error_rate_lower_bound

P_SX = [[0.25, 0, 0.25, 0], [0, 0.25, 0, 0.25]]  # H(X) = 2 bits
ADULT = pd.DataFrame(
    {
        "age": [17, 30, 90],
        "sex": ["Male", "Female", "Male"],
        "education-num": [9, 13, 5],
        "income": ["<=50K", ">50K", "<=50K"],
    }
)


def _raises(call, *words):
    with pytest.raises((ValueError, TypeError)) as info_:
        call()
    for word in words:
        assert word in str(info_.value), f"{word!r} not in: {info_.value}"


# --- silent results ---------------------------------------------------------------------


def test_discretize_adult_refuses_a_missing_age():
    df = ADULT.assign(age=[17.0, np.nan, 90.0])
    _raises(lambda: discretize_adult(df), "df", "age")
    _raises(lambda: discretize_adult(df, age_edges="quantile"), "df", "age")


def test_chain_rule_bounds_refuses_a_disclosure_outside_0_hx():
    _raises(lambda: chain_rule_bounds(P_SX, 2.5), "i_xy", "[0, H(X)]")
    _raises(lambda: chain_rule_bounds(P_SX, [0.5, -0.1]), "i_xy", "[0, H(X)]")
    assert chain_rule_bounds(P_SX, 2.0) == pytest.approx((1.0, 1.0))  # H(X) itself is kept


def test_pareto_normalize_refuses_a_u1_utility_max_at_or_below_zero():
    d = pd.DataFrame({"leakage": [2.0, 1.0], "utility": [3.0, 1.5]})
    _raises(lambda: normalize(d, utility="U1", leakage_max=2.0, utility_max=-1.0), "utility_max")
    _raises(lambda: normalize(d, utility="U1", leakage_max=2.0, utility_max=0.0), "utility_max")


def test_pareto_normalize_without_lam_is_valid():
    # Valid input: normalize reads ``privacy`` and ``utility`` only and is documented for extra
    # points without a sweep (a baseline); a frame without ``lam`` is such a set of points.
    d = pd.DataFrame({"leakage": [2.0, 1.0], "utility": [3.0, 1.5]})
    out = normalize(d, utility="U1", leakage_max=2.0, utility_max=3.0)
    assert out.loss_norm.tolist() == [0.0, 0.5]


@pytest.mark.parametrize(
    "power",
    [[np.nan] * 30, [-5.0] * 30, [], np.full((2, 30), 100.0)],
    ids=["nan", "negative", "empty", "2-D"],
)
def test_appliance_states_refuses_bad_power(power):
    _raises(lambda: nilm.appliance_states(power), "power")


def test_read_redd_labels_refuses_a_channel_file(tmp_path):
    path = tmp_path / "channel_1.dat"
    path.write_text("1303132929 222.20\n1303132930 221.90\n")
    _raises(lambda: read_redd_labels(path), "channel_1.dat", "line 1", "label")


@pytest.mark.data
def test_load_smart_meter_refuses_start_after_end():
    _raises(lambda: load_smart_meter(start="2013-06-30", end="2012-07-01"), "start", "end")


def test_load_smart_meter_refuses_start_after_end_before_reading():
    # The window is checked before any file is looked for: a missing data folder is not reached.
    _raises(
        lambda: load_smart_meter(start="2013-06-30", end="2012-07-01", data_home="/nonexistent"),
        "start",
    )
    _raises(lambda: load_smart_meter(start="not a day", data_home="/nonexistent"), "start")


def test_lower_envelope_refuses_nan_points():
    df = pd.DataFrame({"utility": [0.0, np.nan, 2.0], "leakage": [0.0, 0.5, 0.4]})
    _raises(lambda: lower_envelope(df, [0.0, 1.0]), "df", "NaN")


@pytest.mark.parametrize("xs", [1.0, [[0.0, 1.0]]], ids=["scalar", "2-D"])
def test_envelopes_refuse_non_1d_xs(xs):
    df = pd.DataFrame({"utility": [0, 1, 2], "leakage": [0, 0.5, 0.4]})
    _raises(lambda: lower_envelope(df, xs), "xs", "1-D")
    _raises(lambda: upper_envelope(df, xs), "xs", "1-D")


def test_slice_types_refuses_float_types():
    tau = row_types(np.full((2, 2, 2), 0.5))[1]
    _raises(lambda: slice_types(tau.astype(float), 0), "tau", "integer")


def test_max_equivocation_refuses_a_non_stochastic_init():
    p_src = np.zeros((4, 2))
    p_src[[0, 1], 0] = 0.25
    p_src[[2, 3], 1] = 0.25
    bad = np.full((4, 4), 0.5)  # rows sum to 2
    _raises(lambda: max_equivocation(p_src, hamming_distortion(4), 0.25, init=bad), "init")


def test_funnel_curve_refuses_an_empty_grid():
    _raises(lambda: funnel_curve(P_SX, "greedy_privacy_funnel", []), "grid")


def test_levels_table_with_a_million_entries_is_valid():
    # Valid input: n = 10**6 entries averaged is a group size like any other (n >= 1); the
    # arithmetic is exact (Fractions) and immediate, and the levels are n * 2**eps (paper) and
    # n * (2**eps - 1) (safe), as for small n.
    row = levels_table([2], [10**6]).iloc[0]
    assert (row.q_paper, row.q_safe, row.worst_paper, row.worst_safe) == (
        4 * 10**6,
        3 * 10**6,
        5,
        4,
    )


# --- complex input on the fast paths ------------------------------------------------------

_COMPLEX_JOINT = np.array([[0.45, 0.05], [0.05, 0.45]], dtype=complex)


def test_mutual_information_refuses_complex():
    _raises(lambda: info.mutual_information(_COMPLEX_JOINT), "p", "real")


def test_gacs_korner_refuses_complex():
    _raises(lambda: info.gacs_korner_common_information(_COMPLEX_JOINT), "p_xy", "real")


def test_rde_point_refuses_a_complex_channel():
    p_src = np.full((2, 2), 0.25)
    w = np.eye(2, dtype=complex)
    _raises(lambda: rde_point(p_src, w, hamming_distortion(2)), "channel", "real")


def _si_source():
    p = np.full((2, 2, 2), 1 / 8)
    return p, np.eye(2, dtype=complex), hamming_distortion(2)


def test_bayes_decoder_refuses_a_complex_channel():
    p, w, d = _si_source()
    _raises(lambda: bayes_decoder(p, w, d), "channel_u", "real")


def test_si_statistical_point_refuses_a_complex_channel():
    p, w, d = _si_source()
    _raises(lambda: si_statistical_point(p, w, d, None), "channel_u", "real")


def test_binning_exponents_refuses_a_complex_channel():
    p, w, _ = _si_source()
    _raises(lambda: binning_exponents(p, w), "channel_u", "real")


# --- cryptic errors -----------------------------------------------------------------------


def test_from_labels_refuses_a_typo_label_without_allocating():
    # One typo'd label (10**12 for 1) asked for a 10**12-column matrix: 7.45 GiB and more.
    _raises(lambda: Mechanism.from_labels([0, 10**12, 1], method="bands"), "labels", "at most 2")


def test_membership_play_names_games_none():
    X = np.ones((4, 6))
    _raises(lambda: membership.play(X, 2, 1.0, None), "games")


def test_axes_that_are_not_integers_are_named():
    p = np.full((2, 2), 0.25)
    _raises(lambda: info.marginal(p, 0.5), "axes", "integer")
    _raises(lambda: info.marginal(p, None), "axes", "sequence")


# --- size guards that hung ----------------------------------------------------------------


def test_strong_power_refuses_a_huge_k_at_once():
    _raises(lambda: strong_power([[1, 1], [0, 1]], 10**18), "k", "MAX_POWER_CELLS")


def test_zero_error_rate_lower_bound_refuses_a_huge_k_max_at_once():
    _raises(
        lambda: zero_error_rate_lower_bound([[1, 1], [0, 1]], k_max=10**18),
        "k_max",
        "MAX_POWER_CELLS",
    )


def test_estimation_error_lower_bound_refuses_a_huge_p_at_once():
    _raises(lambda: estimation_error_lower_bound(1.0, 1.0, 10**18, 0.0), "p", "510")
    assert estimation_error_lower_bound(1.0, 1.0, 1, 0.0) == 0.0625
    _raises(lambda: estimation_error_lower_bound(1.0, 1e10, 500, 0.0), "mu", "overflows")


def test_lloyd_codebook_caps_its_iterations():
    pts = np.random.default_rng(0).normal(size=(50, 2))
    _raises(lambda: lloyd_codebook(pts, 2, n_iter=10**18), "n_iter")


def test_capacity_searches_cap_their_restarts():
    ch = np.array([[[0.9, 0.1], [0.5, 0.5]], [[0.5, 0.5], [0.1, 0.9]]])
    _raises(lambda: individual_capacity_search(ch, restarts=10**18), "restarts")
    _raises(lambda: balance_function(ch, [0.0, 0.5], restarts=10**18), "restarts")
    _raises(lambda: balance_function(ch, list(np.linspace(0, 1, 5000)), restarts=5), "bs")
    assert math.isfinite(individual_capacity_search(ch, restarts=1))


def test_nilm_helpers_name_their_arguments_not_pandas():
    s = pd.Series(range(4), index=pd.date_range("2011-04-22", periods=4, freq="D"))
    _raises(lambda: nilm.window(s, None, "2011-04-24"), "start", "day")
    _raises(lambda: nilm.window(s, "2011-04-23", 3), "end", "day")
    _raises(lambda: nilm.window(None, "2011-04-23", "2011-04-24"), "series", "Series")
    _raises(lambda: nilm.f1_on_off(None, s), "predicted", "Series")
    _raises(lambda: nilm.privatize("abc", 1, lo=0.0, hi=1.0), "series", "Series")
    _raises(lambda: nilm.complete_months(None), "frame", "DataFrame")


# --- the comparison, the papers' tables and the figure helpers made public since ------------

EVALUATED = pd.DataFrame(
    {
        "dataset": "toy",
        "method": ["a", "b"],
        "maximal_leakage": [1.0, 0.5],
        "information_loss": [0.0, 1.0],
    }
)


def test_comparison_refuses_a_typo_notion_instead_of_dropping_it():
    # A typo'd notion used to be skipped like a column the joint lacks: a shorter table.
    _raises(
        lambda: best_methods_summary(EVALUATED, leakages=["maximal_leakge"]),
        "leakages[0]",
        "maximal_leakage",
    )
    _raises(lambda: best_methods_summary(EVALUATED, leakages=[]), "leakages", "at least one")
    _raises(lambda: reversals(EVALUATED, utilities="information_loss"), "utilities", "sequence")
    _raises(lambda: definedness(EVALUATED, columns=["ldp_epsilon", 3]), "columns[1]")
    _raises(lambda: definedness(EVALUATED, methods="a"), "methods", "sequence")
    _raises(lambda: definedness(EVALUATED.drop(columns="method")), "frame", "method")
    _raises(lambda: evaluate_methods(None, None), "mechanisms", "sequence")
    _raises(
        lambda: frontier_figure(EVALUATED, utility="information_loss", leakages=["sibson"]),
        "leakages[0]",
    )


def test_comparison_keeps_its_valid_answers():
    table = best_methods_summary(
        EVALUATED, leakages=["maximal_leakage", "sibson_2"], utilities=["information_loss"]
    )
    assert table.best.tolist() == ["a", "b"]  # sibson_2 is not measured here: skipped
    _raises(
        lambda: best_methods_summary(EVALUATED, leakages=["sibson_2"]),
        "frame has no column",
    )


def test_paper_vs_ours_refuses_non_mappings_by_name():
    _raises(lambda: paper_vs_ours(None, {"a": 1.0}), "paper_values", "mapping")
    _raises(lambda: paper_vs_ours({"a": 1.0}, [("a", 1.0)]), "ours", "mapping")
    _raises(lambda: paper_vs_ours({"a": 1.0}, {"a": 1.0}, names="quantity"), "names")
    _raises(lambda: paper_vs_ours({"a": 1.0}, {"a": 1.0}, notes="erratum"), "notes")


def test_noiseless_tables_check_every_budget_before_the_loops():
    _raises(lambda: levels_table([2, math.nan], [4]), "epsilons[1]", "[0, inf)")
    _raises(lambda: levels_table(2, [4]), "epsilons", "sequence")
    _raises(lambda: levels_table([2], None), "group_sizes", "sequence")
    _raises(lambda: realized_epsilon_curves([2.0, -1.0], [4]), "eps_grid[1]", "[0, inf)")
    _raises(lambda: realized_epsilon_curves([2.0], 4), "group_sizes", "sequence")


def test_figure_helpers_refuse_a_wrong_kind_before_writing(tmp_path, monkeypatch):
    monkeypatch.setenv("NSP_FIGURES_DIR", str(tmp_path))
    fig, _ = plt.subplots()
    try:
        _raises(lambda: savefig("fig", "demo/x"), "fig", "Figure")
        _raises(lambda: savefig(fig, None), "key", "string")
        _raises(lambda: save_table(None, "demo/x"), "frame", "DataFrame")
        _raises(lambda: save_table(pd.DataFrame({"a": [1]}), 3), "key", "string")
        _raises(lambda: save_markdown("| a |", None), "key", "string")
        _raises(lambda: mark_stand_in(None, "SGSC sample"), "fig", "Figure")
        _raises(lambda: mark_stand_in(fig, 3), "text", "string")
        _raises(lambda: certified("abc"), "frame", "DataFrame")
        _raises(lambda: certified(pd.DataFrame({"a": [1.0]}), sig="a"), "sig", "mapping")
    finally:
        plt.close(fig)
    assert not any(tmp_path.rglob("*"))  # nothing written
