"""One name per method: every function that takes a method reads it from one table.

The table is :mod:`nsp._algorithms`: the descriptive names (the functions' names) and their
aliases (the papers' numbers, the short keys of earlier versions). Every function that takes
a merge algorithm accepts both; every output (a column, a key, a committed CSV) carries the
descriptive name only.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from nsp import _algorithms
from nsp.clustering.funnel import funnel_curve, greedy_privacy_funnel
from nsp.clustering.funnel._reference import greedy_reference
from nsp.clustering.nonstochastic import merge_path
from nsp.joint import Joint
from nsp.notions import FAMILIES, METHODS, agglomerative_sweep, funnel_sweep, k_anonymity_sweep
from nsp.papers import agglomerative as agg
from nsp.papers import privacy_funnel as pf
from nsp.pareto import lambda_sweep
from nsp.paths import project_root, repo_root

#: Every alias of the table, whatever its family.
ALIASES = frozenset(a for family in _algorithms.ALIASES.values() for a in family)
#: Every descriptive name.
NAMES = frozenset(_algorithms.NONSTOCHASTIC + _algorithms.FUNNEL + _algorithms.K_ANONYMITY)

E1 = pf.E1_P_SX
EX1 = agg.example1_range()
TOY = Joint([[0.2, 0.2, 0.0, 0.1], [0.0, 0.1, 0.2, 0.2]], name="toy")


def test_the_table_maps_every_alias_to_a_descriptive_name_of_its_family():
    assert not ALIASES & NAMES
    for family, names in (
        ("nonstochastic", _algorithms.NONSTOCHASTIC),
        ("funnel", _algorithms.FUNNEL),
        ("k_anonymity", _algorithms.K_ANONYMITY),
    ):
        for name in names:
            assert _algorithms.check_algorithm(name, family) == name
        for alias, name in _algorithms.ALIASES[family].items():
            assert name in names
            assert _algorithms.check_algorithm(alias, family) == name
    # the short keys of earlier versions are the funnel's only: Ding & Farokhi's are numbered
    for short in ("alg1", "alg2", "alg2prime", "ratio"):
        assert _algorithms.check_algorithm(short, "funnel") in _algorithms.FUNNEL
        with pytest.raises(ValueError, match="algorithm must be one of"):
            _algorithms.check_algorithm(short, "nonstochastic")


@pytest.mark.parametrize(
    "alias, name",
    [
        ("algorithm1", "greedy_privacy_funnel"),
        ("alg1", "greedy_privacy_funnel"),
        ("algorithm2_prime", "greedy_max_leakage"),
        ("alg2prime", "greedy_max_leakage"),
        ("ratio", "greedy_ratio_funnel"),
    ],
)
def test_funnel_sweep_takes_the_names_and_their_aliases(alias, name):
    by_name = funnel_sweep(TOY, algorithms=[name], n_budgets=4)
    by_alias = funnel_sweep(TOY, algorithms=[alias], n_budgets=4)
    assert [m.method for m in by_name] == [METHODS[name]] * len(by_name)
    assert [(m.method, m.value, m.labels.tolist()) for m in by_alias] == [
        (m.method, m.value, m.labels.tolist()) for m in by_name
    ]
    # a release refits with the descriptive name
    assert {m.fit.keywords["key"] for m in by_alias} == {name}  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "alias, name",
    [
        ("algorithm1", "merge_by_leakage"),
        ("algorithm2", "merge_across_components"),
        ("merge_until_connected", "merge_until_connected"),
    ],
)
def test_agglomerative_sweep_takes_the_names_and_their_aliases(alias, name):
    by_name = agglomerative_sweep(TOY, algorithms=[name], quick=True)
    by_alias = agglomerative_sweep(TOY, algorithms=[alias], quick=True)
    assert by_name and {m.method for m in by_name} == {METHODS[name]}
    assert [(m.value, m.labels.tolist()) for m in by_alias] == [
        (m.value, m.labels.tolist()) for m in by_name
    ]


@pytest.mark.parametrize(
    "alias, name",
    [
        ("k_merge_low", "generalize_to_k_anonymity_merge_low"),
        ("kanon_merge_low", "generalize_to_k_anonymity_merge_low"),
        ("k_interval", "generalize_to_k_anonymity_interval"),
        ("kanon_interval", "generalize_to_k_anonymity_interval"),
    ],
)
def test_k_anonymity_sweep_takes_the_names_and_their_aliases(alias, name):
    toy = Joint(TOY.p_sx, name="toy", x_values=[1, 2, 3, 4])
    by_name = k_anonymity_sweep(toy, methods=[name], ks=[1, 2])
    by_alias = k_anonymity_sweep(toy, methods=[alias], ks=[1, 2])
    assert by_name and {m.method for m in by_name} == {METHODS[name]} == {METHODS[alias]}
    assert [(m.value, m.labels.tolist()) for m in by_alias] == [
        (m.value, m.labels.tolist()) for m in by_name
    ]
    # a release refits with the descriptive name
    assert {m.fit.keywords["key"] for m in by_alias} == {name}  # type: ignore[union-attr]
    assert FAMILIES["k_anonymity"] == _algorithms.K_ANONYMITY


def test_the_sweeps_refuse_another_familys_names():
    with pytest.raises(ValueError, match="algorithms must be one of"):
        funnel_sweep(TOY, algorithms=["merge_by_leakage"])
    with pytest.raises(ValueError, match="algorithms must be one of"):
        funnel_sweep(TOY, algorithms=["greedy_information_bottleneck"])  # not a sweep over R
    with pytest.raises(ValueError, match="algorithms must be one of"):
        agglomerative_sweep(TOY, algorithms=["alg1"])
    with pytest.raises(ValueError, match="methods must be one of"):
        k_anonymity_sweep(TOY, methods=["merge_by_leakage"])


def test_the_notions_tables_are_keyed_by_the_descriptive_names():
    for family in ("agglomerative", "funnel"):
        assert set(FAMILIES[family]) <= NAMES
    assert not set(METHODS) & ALIASES
    # an alias is looked up too: Ding & Farokhi's numbers first, then the funnel's keys
    assert METHODS["algorithm1"] == METHODS["merge_by_leakage"]
    assert METHODS["alg1"] == METHODS["greedy_privacy_funnel"]
    assert METHODS["alg2prime"] == METHODS["greedy_max_leakage"]
    assert METHODS["ratio"] == METHODS["greedy_ratio_funnel"]
    assert "alg1" not in set(METHODS) and len(METHODS) == len(list(METHODS))
    with pytest.raises(KeyError):
        METHODS["no_such_method"]


@pytest.mark.parametrize("alias", ["alg1", "algorithm1", "alg2", "algorithm2", "alg2prime"])
def test_fig1_curves_takes_aliases_and_writes_the_descriptive_names(alias):
    name = _algorithms.check_algorithm(alias, "funnel")
    curves = pf.fig1_curves(E1, n_grid=3, algorithms=[alias])
    assert set(curves.algorithm) == {name}
    pd.testing.assert_frame_equal(curves, pf.fig1_curves(E1, n_grid=3, algorithms=[name]))
    with pytest.raises(ValueError, match="algorithms must be one of"):
        pf.fig1_curves(E1, n_grid=3, algorithms=["merge_by_leakage"])


def test_the_paper_functions_output_descriptive_names_only():
    tables = {
        "fig1_curves": pf.fig1_curves(E1, n_grid=3),
        "observable_comparison": agg.observable_comparison(
            EX1, agg.EXAMPLE2_VALUES, vc_lambdas=[0.3]
        ),
        "side_information_comparison": agg.side_information_comparison(
            agg.example1_side_range(), agg.EXAMPLE2_VALUES, utility="U1"
        ),
        "codeword_comparison": agg.codeword_comparison(EX1, agg.EXAMPLE2_VALUES),
    }
    for what, df in tables.items():
        assert set(df.algorithm) <= NAMES, what
    probe = pf.census_probe(E1, [1.0])
    assert not [c for c in probe.columns if _alias_in_header(c)]
    assert {c.rsplit("_", 1)[0] for c in probe.columns if c != "R"} <= NAMES
    for calls in (pf.E1_GREEDY, pf.E4_GREEDY):
        assert {c[0] for c in calls} <= NAMES


def test_budget_view_labels_names_and_aliases_alike():
    pts = pd.DataFrame({"utility": [0.0, 1.0, 2.0], "leakage": [0.0, 0.2, 0.9]})
    for key in ("greedy_privacy_funnel", "alg1", "algorithm1"):
        fig = pf.budget_view({key: pts}, R=1.0)
        assert fig.axes[0].get_legend().get_texts()[0].get_text().startswith("Algorithm 1 (")


def test_the_clustering_functions_take_the_aliases_and_record_the_name():
    for alias, name in (("alg1", "greedy_privacy_funnel"), ("ratio", "greedy_ratio_funnel")):
        assert set(funnel_curve(E1, alias, 3).algorithm) == {name}
        assert greedy_reference(E1, 1.0, algorithm=alias).algorithm == name
    assert greedy_privacy_funnel(E1, 1.0).algorithm == "greedy_privacy_funnel"
    path = merge_path(EX1, algorithm="algorithm1")
    assert (
        path.steps[-1].partition
        == merge_path(EX1, algorithm="merge_by_leakage").steps[-1].partition
    )
    sweep = lambda_sweep(EX1, [0.0, 0.3], algorithm="algorithm2")
    pd.testing.assert_frame_equal(
        sweep, lambda_sweep(EX1, [0.0, 0.3], algorithm="merge_across_components")
    )


# --------------------------------------------------------------------- the committed CSVs

#: Columns whose cells are identifiers (a method's key, a series' or a curve's name), not
#: display text: an alias must not appear in them. ``method`` holds display names (the
#: comparison's, e.g. "ratio greedy (privacy funnel)") and is left out.
IDENTIFIER_COLUMNS = ("algorithm", "series", "curve", "quantity")


def _alias_in_cell(value: str) -> list[str]:
    """The aliases a cell names: as a word, or as the first part of an identifier."""
    return [a for a in ALIASES if re.search(rf"(?<![A-Za-z0-9_]){a}(?![A-Za-z0-9])", value)]


def _alias_in_header(column: str) -> list[str]:
    """The aliases that qualify a column (``alg1_leakage``, ``alg2_max@1``)."""
    return [a for a in ALIASES if re.match(rf"{a}[_@]", column)]


def test_the_alias_finders():
    assert _alias_in_cell("alg1") == ["alg1"]
    assert _alias_in_cell("algorithm1 U1") == ["algorithm1"]
    assert set(_alias_in_cell("alg2prime_minus_alg2")) == {"alg2prime"}
    assert _alias_in_cell("ratio") == ["ratio"]
    # the short keys of the k-anonymity baseline (Fig. 9's CSV once carried kanon_merge_low)
    assert _alias_in_cell("kanon_merge_low") == ["kanon_merge_low"]
    assert _alias_in_cell("k_interval") == ["k_interval"]
    for ok in (
        "greedy_ratio_funnel",
        "merge_by_leakage U1",
        "Alg1(2) groups",
        "brute_force",
        "generalize_to_k_anonymity_merge_low",
    ):
        assert _alias_in_cell(ok) == [], ok
    assert _alias_in_header("alg1_min@1") == ["alg1"]
    assert _alias_in_header("ratio_utility") == ["ratio"]
    assert _alias_in_header("ratio") == []  # a ratio of two numbers (theorem1_bound)
    assert _alias_in_header("greedy_max_leakage_leakage") == []


def _committed_csvs() -> list[Path]:
    root = repo_root() / "figures"
    return sorted(root.rglob("*.csv"))


def test_no_committed_csv_carries_an_alias_in_an_identifier():
    found = []
    for path in _committed_csvs():
        with path.open(newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            header = reader.fieldnames or []
            found += [(path.name, "header", c) for c in header if _alias_in_header(c)]
            cols = [c for c in header if c in IDENTIFIER_COLUMNS]
            if not cols:
                continue
            seen = {(c, row[c]) for row in reader for c in cols}
        found += [(path.name, c, v) for c, v in sorted(seen) if v and _alias_in_cell(v)]
    assert not found, found


def test_the_committed_funnel_csvs_name_the_algorithms_by_function():
    root = repo_root() / "figures" / "privacy_funnel"
    for name in ("fig1_census", "fig1_probe_intervals", "sensitivity_curves", "worked_examples"):
        algs = set(pd.read_csv(root / f"{name}.csv").algorithm.dropna())
        assert algs - {"brute_force"} <= NAMES, name
    probe = pd.read_csv(root / "fig1_probe.csv")
    assert "greedy_privacy_funnel_leakage" in probe.columns
    assert np.isfinite(probe.greedy_max_leakage_leakage).all()


def test_the_committed_fig9_csv_names_the_k_anonymity_baseline_by_function():
    fig9 = pd.read_csv(project_root() / "figures" / "agglomerative" / "fig9_hungarian_pareto.csv")
    baseline = set(fig9.algorithm[fig9.source == "baseline"])
    assert baseline == set(_algorithms.K_ANONYMITY)
    assert set(fig9.algorithm) <= NAMES


def test_a_refit_made_with_an_alias_runs_and_records_the_name():
    from nsp.notions._methods import _agglomerative_release, _funnel_release

    old = _funnel_release(TOY, key="alg2prime", r=1.0, base=2)
    new = _funnel_release(TOY, key="greedy_max_leakage", r=1.0, base=2)
    assert old.method == new.method and old.labels.tolist() == new.labels.tolist()
    assert old.fit.keywords["key"] == "greedy_max_leakage"  # type: ignore[union-attr]
    agg_old = _agglomerative_release(TOY, key="algorithm1", lam=0.5, utility="U1", base=2)
    assert agg_old.method == METHODS["merge_by_leakage"]
    assert agg_old.fit.keywords["key"] == "merge_by_leakage"  # type: ignore[union-attr]
