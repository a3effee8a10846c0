"""One set of column names for every (leakage, utility) table.

The vocabulary (CONTRIBUTING.md, "Column names"): ``leakage`` is the value of the privacy
measure (lower is more private), ``utility`` a utility value (higher is better), ``loss`` a
utility loss or distortion (lower is better), ``leakage_norm`` and ``loss_norm`` the normalized
axes, ``utility_kind`` the name of the utility a row uses (``"U1"``, ``"U2"``), so that
``utility`` is only ever a number. Qualified columns keep the stem (``leakage_with_a``,
``greedy_privacy_funnel_leakage``). The names the tables used before (``privacy``, ``I_SY``,
``I_XY``, ``privacy_norm``, ``utility_loss``) must not come back, neither in the tables the library
returns nor in the committed CSVs of the figures (the comparison's, under ``figures/compare/``,
follow the notions' own vocabulary).

These tests call the public table builders on tiny instances and read the header of every
committed CSV.
"""

from __future__ import annotations

import csv
import math
import subprocess
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from nsp.clustering.funnel import (
    GreedyResult,
    brute_force_deterministic,
    funnel_curve,
    greedy_max_leakage,
    greedy_privacy_funnel,
)
from nsp.clustering.nonstochastic import (
    ClusteringResult,
    Iteration,
    MergePath,
    merge_across_components,
    merge_by_leakage,
    merge_path,
    merge_until_connected,
)
from nsp.papers import agglomerative as agg
from nsp.papers import privacy_funnel as pf
from nsp.pareto import lambda_sweep, normalize, pareto_front
from nsp.paths import project_root
from nsp.uncertain import nonstochastic_leakage

#: The names the (leakage, utility) tables used before the vocabulary was decided.
OLD_NAMES = frozenset({"privacy", "I_SY", "I_XY", "privacy_norm", "utility_loss", "disclosure"})
#: Pieces of those names that a qualified column (``alg1_I_SY``, ``utility_loss_U1``) carried.
OLD_PIECES = ("I_SY", "I_XY", "utility_loss")
#: The old stem of a qualified leakage column (``privacy_with_a``); ``no_privacy`` (a run
#: without a privacy mechanism, in the noiseless paper's tables) is not a leakage value.
OLD_PREFIX = "privacy_"

EX1 = agg.example1_range()
#: The funnel's worked example E4 (three letters of X, two of S).
E4 = np.array([[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]])
#: The funnel's worked example E1 (S is the parity of a uniform X).
E1 = np.array([[0.25, 0.0, 0.25, 0.0], [0.0, 0.25, 0.0, 0.25]])


def old_names(columns: Iterable[object]) -> list[str]:
    """The columns that use an old name or carry a piece of one."""
    return [
        str(c)
        for c in columns
        if str(c) in OLD_NAMES
        or str(c).startswith(OLD_PREFIX)
        or any(p in str(c) for p in OLD_PIECES)
    ]


def test_old_names_finds_exact_and_qualified_old_columns():
    cols = ["t", "privacy", "alg1_I_SY", "I_XY", "leakage_with_a", "privacy_with_a", "no_privacy"]
    assert old_names(cols) == ["privacy", "alg1_I_SY", "I_XY", "privacy_with_a"]
    assert old_names(["utility_loss_U1", "loss_norm_U1", "I_SY_nats"]) == [
        "utility_loss_U1",
        "I_SY_nats",
    ]
    assert old_names(["leakage", "utility", "leakage_norm", "loss_norm", "utility_kind"]) == []


def _sweep(algorithm: str) -> pd.DataFrame:
    return lambda_sweep(EX1, [0.0, 0.3, 2.0], algorithm=algorithm, include_path=True)


def _kanon() -> pd.DataFrame:
    u2 = lambda_sweep(EX1, [0.0, 0.3], utility="U2", values=agg.EXAMPLE2_VALUES)
    return agg.k_anonymity_points(
        EX1, 2, u2_hat=float(u2.utility.min()), values=agg.EXAMPLE2_VALUES
    )


def _dominating() -> pd.DataFrame:
    vals = agg.EXAMPLE2_VALUES
    sweeps = {
        u: lambda_sweep(EX1, [0.0, 0.3], utility=u, values=vals, include_path=True)
        for u in ("U1", "U2")
    }
    u2_hat = float(sweeps["U2"].utility.min())
    return agg.dominating_points(sweeps, agg.k_anonymity_points(EX1, 2, u2_hat=u2_hat, values=vals))


#: (name, table builder, columns the table must have).
TABLES: list[tuple[str, Callable[[], pd.DataFrame], set[str]]] = [
    # nsp.pareto
    ("lambda_sweep, Algorithm 1", lambda: _sweep("merge_by_leakage"), set()),
    ("lambda_sweep, Algorithm 2", lambda: _sweep("merge_across_components"), set()),
    ("lambda_sweep, §V-C", lambda: _sweep("merge_until_connected"), set()),
    (
        "normalize",
        lambda: normalize(
            pd.DataFrame({"leakage": [2.0, 1.0], "utility": [3.0, 1.5]}),
            utility="U1",
            leakage_max=2.0,
            utility_max=3.0,
        ),
        set(),
    ),
    ("pareto_front", lambda: pareto_front(_sweep("merge_by_leakage")), set()),
    # nsp.clustering.nonstochastic
    ("merge_by_leakage().to_frame()", lambda: merge_by_leakage(EX1, 0.3).to_frame(), set()),
    (
        "merge_across_components().to_frame()",
        lambda: merge_across_components(EX1, 0.3).to_frame(),
        set(),
    ),
    (
        "merge_until_connected().to_frame()",
        lambda: merge_until_connected(EX1, 0.3).to_frame(),
        set(),
    ),
    # nsp.clustering.funnel
    ("brute_force_deterministic", lambda: brute_force_deterministic(E4), {"utility"}),
    ("funnel_curve", lambda: funnel_curve(E4, "greedy_privacy_funnel", 5), {"utility"}),
    (
        "funnel_curve, Algorithm 2",
        lambda: funnel_curve(E4, "greedy_information_bottleneck", 5),
        {"utility"},
    ),
    (
        "GreedyResult.trace",
        lambda: greedy_privacy_funnel(E1, 1.0, return_trace=True).trace,
        {"utility"},
    ),
    # the papers' table builders on the same axes
    (
        "agglomerative.path_points",
        lambda: agg.path_points(merge_path(EX1, algorithm="merge_across_components")),
        {"utility"},
    ),
    (
        "agglomerative.observable_comparison",
        lambda: agg.observable_comparison(EX1, agg.EXAMPLE2_VALUES, vc_lambdas=[0.3]),
        {"utility"},
    ),
    (
        "agglomerative.side_information_comparison",
        lambda: agg.side_information_comparison(
            agg.example1_side_range(), agg.EXAMPLE2_VALUES, utility="U1"
        ),
        {"leakage_with_a", "leakage_without_a", "utility"},
    ),
    (
        "agglomerative.trace_table",
        lambda: agg.trace_table({"U1": merge_by_leakage(EX1, 0.3)}, label="utility_kind"),
        {"utility_kind"},
    ),
    ("agglomerative.k_anonymity_points", _kanon, {"leakage_norm", "loss_norm_U1", "loss_norm_U2"}),
    ("agglomerative.dominating_points", _dominating, {"utility_kind"}),
    ("privacy_funnel.fig1_curves", lambda: pf.fig1_curves(E1, n_grid=3), {"utility"}),
    (
        "privacy_funnel.census_probe",
        lambda: pf.census_probe(E1, [1.0]),
        {
            "greedy_privacy_funnel_utility",
            "greedy_privacy_funnel_leakage",
            "greedy_max_leakage_leakage",
            "greedy_ratio_funnel_utility",
            "greedy_ratio_funnel_leakage",
        },
    ),
    ("privacy_funnel.bounds_frame", lambda: pf.bounds_frame(E1, n_points=3), {"utility"}),
    (
        "privacy_funnel.theorem1_instances",
        lambda: pf.theorem1_instances(n_instances=2),
        {"leakage_nats"},
    ),
]

#: Tables whose leakage column is qualified (or absent: the bounds and the λ comparison).
NO_PLAIN_LEAKAGE = {
    "agglomerative.side_information_comparison",
    "agglomerative.k_anonymity_points",
    "agglomerative.dominating_points",
    "privacy_funnel.census_probe",
    "privacy_funnel.bounds_frame",
    "privacy_funnel.theorem1_instances",
}


@pytest.mark.parametrize(("name", "build", "required"), TABLES, ids=[t[0] for t in TABLES])
def test_tables_use_the_vocabulary(name, build, required):
    df = build()
    assert isinstance(df, pd.DataFrame)
    assert old_names(df.columns) == [], f"{name} returns old column names"
    if name not in NO_PLAIN_LEAKAGE:
        assert "leakage" in df.columns, f"{name} has no `leakage` column: {list(df.columns)}"
    missing = required - set(df.columns)
    assert not missing, f"{name} lacks {sorted(missing)}: {list(df.columns)}"
    if "utility" in df.columns:  # a number, never the name of a utility
        assert pd.api.types.is_numeric_dtype(df["utility"]), f"{name}: `utility` is not numeric"
    if "utility_kind" in df.columns:
        assert set(df["utility_kind"]) <= {"U1", "U2"}


def test_the_normalized_axes_are_leakage_norm_and_loss_norm():
    df = _sweep("merge_by_leakage")
    assert {"leakage", "utility", "leakage_norm", "loss_norm"} <= set(df.columns)
    u0, l0 = math.log2(EX1.n_x), nonstochastic_leakage(EX1)  # U1(X;X) = H0(X), L0(S → X)
    assert df.leakage_norm.to_numpy() == pytest.approx(df.leakage.to_numpy() / l0)
    assert df.loss_norm.to_numpy() == pytest.approx(1.0 - df.utility.to_numpy() / u0)


def test_result_objects_name_their_attributes_as_the_columns():
    res = merge_by_leakage(EX1, 0.3)
    path = merge_path(EX1, algorithm="merge_across_components")
    funnel = greedy_max_leakage(E1, 1.0)
    assert isinstance(res, ClusteringResult) and isinstance(path, MergePath)
    assert isinstance(res.history[0], Iteration) and isinstance(funnel, GreedyResult)
    for obj in (res, res.history[-1], path, funnel):
        assert hasattr(obj, "leakage") and hasattr(obj, "utility")
        assert not hasattr(obj, "privacy") and not hasattr(obj, "disclosure")
    frame = res.to_frame()
    assert frame.leakage.iloc[-1] == res.leakage and frame.utility.iloc[-1] == res.utility
    assert list(path.leakage) == [s.leakage for s in path.steps]
    assert (funnel.utility, funnel.leakage) == pytest.approx((1.0, 1.0))


def _committed_csvs() -> list[Path]:
    root = project_root()
    try:
        listed = subprocess.run(
            ["git", "ls-files", "figures"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.split()
        paths = [root / p for p in listed]
    except (OSError, subprocess.CalledProcessError):
        paths = []
    if not paths:  # an export without git metadata
        paths = list((root / "figures").rglob("*"))
    compare = root / "figures" / "compare"
    return sorted(
        p for p in paths if p.suffix == ".csv" and compare not in p.parents and p.is_file()
    )


CSVS = _committed_csvs()


def test_the_committed_csvs_are_found():
    names = {p.relative_to(project_root() / "figures").as_posix() for p in CSVS}
    assert {"agglomerative/fig7_pareto_example.csv", "privacy_funnel/fig1_census.csv"} <= names


def _header(path: Path) -> list[str]:
    with path.open(newline="", encoding="utf-8") as f:
        return next(csv.reader(f), [])


def test_no_committed_csv_header_uses_an_old_name():
    bad = {
        p.relative_to(project_root()).as_posix(): old_names(_header(p))
        for p in CSVS
        if old_names(_header(p))
    }
    assert not bad, f"CSV headers with old column names (rename them in the notebook): {bad}"


def test_every_utility_column_of_a_committed_csv_is_a_number():
    bad = []
    for p in CSVS:
        if "utility" not in _header(p):
            continue
        values = pd.read_csv(p, usecols=["utility"])["utility"]
        if not pd.api.types.is_numeric_dtype(values):
            bad.append(p.relative_to(project_root()).as_posix())
    assert not bad, f"`utility` holds names in {bad}: put them in a `utility_kind` column"
