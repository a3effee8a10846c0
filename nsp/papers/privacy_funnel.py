"""The privacy-funnel paper of Makhdoumi, Salamatian, Fawaz & Médard: instances, values, census.

A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, *From the information bottleneck to the
privacy funnel*, IEEE ITW 2014, doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.

The paper prints no numeric example; this module holds the five hand-checkable worked
examples E1–E5 defined in ``docs/papers/privacy_funnel.md`` (their joint pmfs and the values
derived by hand), the census experiment of Section IV-B and Fig. 1, and the table builders of
the notebooks in ``notebooks/privacy_funnel/``. The measures and algorithms themselves are
general and live in :mod:`nsp.clustering.funnel`.

Census experiment
    UCI Adult (train + test, 48,842 records) is discretized as follows, the paper being silent
    on the details: age → 7 left-closed bins with edges 17, 25, 35, 45, 55, 65, 75, 91
    ("decade"); education → 4 levels by ``education-num``: 1–8 (< HS), 9 (HS-grad), 10–12
    (some college / associate), 13–16 (bachelor's or more) ("4level"); sex → Female 0, Male 1;
    income → ``<=50K`` 0, ``>50K`` 1. The private ``S = (age, income)`` (14 letters) and the
    released ``X = (age, sex, education)`` (56 letters) are indexed in C order
    (``x = 8 age + 4 sex + edu``, ``s = 2 age + income``) and ``P_{S,X}`` is the table of
    empirical frequencies (no smoothing). The options the paper leaves open (file, age bins,
    education grouping, dropping incomplete rows, attribute sets) are parameters. The coding
    and counting are :func:`nsp.datasets.discretize_adult` and
    :func:`nsp.datasets.census_joint` (in memory or on Dask); :func:`adult_census_joint`
    builds the experiment's :class:`~nsp.joint.Joint` from them.

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE Information Theory Workshop (ITW), 2014,
   doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.
"""

from __future__ import annotations

import math
import os
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Literal

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from numpy.typing import ArrayLike, NDArray

from nsp import info
from nsp._validation import (
    Base,
    as_pmf,
    as_sequence,
    check_base,
    check_bool,
    check_choice,
    check_int,
    check_real,
)
from nsp.clustering.funnel import (
    BayesDecisionCost,
    BrierLoss,
    LogLoss,
    ZeroOneLoss,
    brute_force_deterministic,
    chain_rule_bounds,
    disclosure,
    funnel_curve,
    greedy_information_bottleneck,
    greedy_max_leakage,
    greedy_privacy_funnel,
    greedy_ratio_funnel,
    inference_cost_gain,
    merge_costs,
    theorem1_bound,
)
from nsp.datasets import AGE_BINNINGS, EDUCATION_SCHEMES, census_joint, load_adult
from nsp.joint import Joint
from nsp.papers import paper_vs_ours

__all__ = [
    "budget_view",
    "E1_P_SX",
    "E1_GREEDY",
    "E2_P_SX",
    "E3_P_SY",
    "E3_VALUES",
    "E4_P_SX",
    "E4_SUMMARY",
    "E4_MERGE_COSTS",
    "E4_DETERMINISTIC",
    "E4_GREEDY",
    "E5_SUMMARY",
    "adult_census_joint",
    "CENSUS_DEFAULTS",
    "census_configurations",
    "fig1_curves",
    "census_probe",
    "bounds_frame",
    "groups_text",
    "worked_examples_table",
    "theorem1_instances",
]

# ----------------------------------------------------------------------------------------
# Worked examples (values in bits, derived by hand; see docs/papers/privacy_funnel.md)
# ----------------------------------------------------------------------------------------
#: E1: X uniform on 4 letters and S its parity (``p_sx[s, x]``).
E1_P_SX: NDArray[np.float64] = np.array([[0.25, 0, 0.25, 0], [0, 0.25, 0, 0.25]])

_Call = tuple[str, float, tuple[float, float], str]

#: E1 and E4 greedy calls: (algorithm, threshold, (I(X;Y), I(S;Y)), groups), in bits.
#: Algorithm keys: ``"alg1"`` (Algorithm 1), ``"alg2"`` (Algorithm 2 as printed),
#: ``"alg2prime"`` (Note 1's reading).
E1_GREEDY: tuple[_Call, ...] = (
    ("alg1", 2.0, (2.0, 1.0), "{0}{1}{2}{3}"),
    ("alg1", 1.5, (1.5, 0.5), "{0,1}{2}{3}"),
    ("alg1", 1.0, (1.0, 0.0), "{0,1}{2,3}"),
    ("alg1", 0.5, (1.0, 0.0), "{0,1}{2,3}"),
    ("alg1", 0.0, (0.0, 0.0), "{0,1,2,3}"),
    ("alg2", 1.0, (1.0, 1.0), "{0,2}{1,3}"),
    ("alg2", 0.5, (1.5, 0.5), "{0,1}{2}{3}"),
    ("alg2", 0.0, (0.0, 0.0), "{0,1,2,3}"),
    ("alg2prime", 1.0, (1.0, 1.0), "{0,2}{1,3}"),
)

#: E2: X uniform binary, S independent of X: the identity and the swap disclose 1 bit each,
#: their average nothing (the feasible set of the privacy funnel is not convex).
E2_P_SX: NDArray[np.float64] = np.full((2, 2), 0.25)

#: E3: a binary symmetric channel with crossover 0.2 (``p_sy[s, y]``).
E3_P_SY: NDArray[np.float64] = np.array([[0.4, 0.1], [0.1, 0.4]])

#: E3 values: ΔC of three costs (log-loss in bits) and Theorem 1's bound for L = 1, 2 (nats).
E3_VALUES: dict[str, float] = {
    "logloss_gain": 0.278072,
    "zero_one_gain": 0.3,
    "theorem1_L1": 1.241756,
    "brier_gain": 0.18,
    "theorem1_L2": 2.483512,
}

#: E4: a small asymmetric instance (``p_sx[s, x]``).
E4_P_SX: NDArray[np.float64] = np.array([[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]])

#: E4 entropies, in bits.
E4_SUMMARY: dict[str, float] = {
    "H(X)": 1.570951,
    "H(S)": 0.992774,
    "I(S;X)": 0.197768,
    "H(X|S)": 1.373183,
}

#: E4: Proposition 1's costs (decrease of I(S;Y), of I(X;Y)) of each pair of the identity.
E4_MERGE_COSTS: dict[tuple[int, int], tuple[float, float]] = {
    (0, 1): (0.089660, 0.689660),
    (0, 2): (0.180482, 0.689660),
    (1, 2): (0.016271, 0.600000),
}

#: E4: (I(X;Y), I(S;Y)) of the five deterministic mappings (partitions of X), sorted.
E4_DETERMINISTIC: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (0.881291, 0.017286),
    (0.881291, 0.108108),
    (0.970951, 0.181496),
    (1.570951, 0.197768),
)

#: E4 greedy calls, as :data:`E1_GREEDY`.
E4_GREEDY: tuple[_Call, ...] = (
    ("alg1", 1.0, (1.570951, 0.197768), "{0}{1}{2}"),
    ("alg1", 0.9, (0.970951, 0.181496), "{0}{1,2}"),
    ("alg1", 0.5, (0.881291, 0.017286), "{0,2}{1}"),
    ("alg1", 0.0, (0.0, 0.0), "{0,1,2}"),
    ("alg2", 0.15, (0.970951, 0.181496), "{0}{1,2}"),
    ("alg2", 0.10, (0.881291, 0.108108), "{0,1}{2}"),
    ("alg2", 0.0, (0.0, 0.0), "{0,1,2}"),
)

#: E5: the census summary (bits, 4 decimals) for both files and for the training file.
E5_SUMMARY: dict[str, dict[str, float]] = {
    "both": {"N": 48842, "H_X": 5.2279, "H_S": 3.1468, "I_SX": 2.5407, "H_X_given_S": 2.6872},
    "train": {"N": 32561, "H_X": 5.2196, "H_S": 3.1413, "I_SX": 2.5351, "H_X_given_S": 2.6845},
}

_GREEDY = {
    "alg1": greedy_privacy_funnel,
    "alg2": greedy_information_bottleneck,
    "alg2prime": greedy_max_leakage,
}
_SHORT = {"alg1": "Alg1", "alg2": "Alg2", "alg2prime": "Alg2′"}


# ----------------------------------------------------------------------------------------
# Census experiment (Section IV-B, Fig. 1)
# ----------------------------------------------------------------------------------------


def adult_census_joint(
    *,
    split: Literal["both", "train", "test"] = "both",
    drop_incomplete_rows: bool = False,
    age_edges: str | Sequence[int] = "decade",
    education_scheme: str = "4level",
    s_attrs: Sequence[str] = ("age", "income"),
    x_attrs: Sequence[str] = ("age", "sex", "education"),
    data_home: str | os.PathLike[str] | None = None,
) -> Joint:
    """Load Adult with :func:`nsp.datasets.load_adult` and build the experiment's ``P_{S,X}``.

    Defaults are the choices of ``docs/papers/privacy_funnel.md``: both files, no row dropped,
    decade age bins, 4 education levels, S = (age, income), X = (age, sex, education).

    Parameters
    ----------
    split : {"both", "train", "test"}
        Adult file(s).
    drop_incomplete_rows : bool
        Drop the records with a missing value.
    age_edges, education_scheme
        As in :func:`nsp.datasets.discretize_adult`.
    s_attrs, x_attrs : sequence of str
        As in :func:`nsp.datasets.census_joint`.
    data_home : path, optional
        Where the data are (see :func:`nsp.datasets.load_adult`).

    Returns
    -------
    nsp.joint.Joint
        As :func:`census_joint` returns it, with ``settings`` recording these options;
        ``summary()`` gives the quantities of the worked example E5.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Section IV-B.

    Examples
    --------
    >>> j = adult_census_joint()
    >>> s = j.summary()
    >>> s["N"], s["n_X"], round(s["H_X"], 4), round(s["I_SX"], 4), round(s["H_X_given_S"], 4)
    (48842, 56, 5.2279, 2.5407, 2.6872)
    """
    check_choice("split", split, ("both", "train", "test"))
    drop_incomplete_rows = check_bool("drop_incomplete_rows", drop_incomplete_rows)
    df = load_adult(split=split, data_home=data_home)
    if drop_incomplete_rows:
        df = df.dropna().reset_index(drop=True)
    table = census_joint(
        df,
        age_edges=age_edges,
        education_scheme=education_scheme,
        s_attrs=s_attrs,
        x_attrs=x_attrs,
    )
    counts = np.ascontiguousarray(table.to_numpy(dtype=np.int64))
    settings = {
        "split": split,
        "drop_incomplete_rows": drop_incomplete_rows,
        "age_edges": age_edges if isinstance(age_edges, str) else list(age_edges),
        "education_scheme": education_scheme,
        "s_attrs": list(s_attrs),
        "x_attrs": list(x_attrs),
    }
    return Joint.from_counts(
        counts,
        name="adult",
        s_name="|".join(s_attrs),
        x_name="|".join(x_attrs),
        s_labels=[str(v) for v in table.index],
        x_labels=[str(v) for v in table.columns],
        settings=settings,
    )


#: The options of :func:`adult_census_joint` that this reproduction takes as the default.
CENSUS_DEFAULTS: dict[str, Any] = {
    "split": "both",
    "drop_incomplete_rows": False,
    "age_edges": "decade",
    "education_scheme": "4level",
    "s_attrs": ("age", "income"),
    "x_attrs": ("age", "sex", "education"),
}


def census_configurations(
    *,
    splits: Sequence[str] = ("train", "test"),
    age_binnings: Sequence[str] = ("tens", "quantile"),
    education_schemes: Sequence[str] = ("4level_alt",),
    drop_incomplete_rows: bool = True,
    x_without_age: bool = True,
) -> dict[str, dict[str, Any]]:
    """List the census set-ups that change one of the choices the paper leaves open.

    Starting from :data:`CENSUS_DEFAULTS`, each configuration changes **one** choice: the
    file(s), the age binning, the education grouping, dropping the records with a missing
    value, or releasing only sex and education (age only in S).

    Parameters
    ----------
    splits : sequence of {"both", "train", "test"}
        Files tried besides the default.
    age_binnings : sequence of str
        Keys of :data:`nsp.datasets.AGE_BINNINGS` tried besides the default.
    education_schemes : sequence of str
        Keys of :data:`nsp.datasets.EDUCATION_SCHEMES` tried besides the default.
    drop_incomplete_rows : bool
        Also try dropping the records with a missing value.
    x_without_age : bool
        Also try ``X = (sex, education)``.

    Returns
    -------
    dict
        Name (``"default"``, ``"split=train"``, ...) to the full keyword arguments of
        :func:`adult_census_joint`, default first.

    Examples
    --------
    >>> list(census_configurations(age_binnings=(), education_schemes=()))
    ['default', 'split=train', 'split=test', 'drop incomplete rows', 'X=(sex,education)']
    """
    splits = as_sequence("splits", splits)
    age_binnings = as_sequence("age_binnings", age_binnings)
    education_schemes = as_sequence("education_schemes", education_schemes)
    for s in splits:
        check_choice("splits", s, ("both", "train", "test"))
    for a in age_binnings:
        check_choice("age_binnings", a, AGE_BINNINGS)
    for e in education_schemes:
        check_choice("education_schemes", e, EDUCATION_SCHEMES)
    changes: dict[str, dict[str, Any]] = {"default": {}}
    changes.update({f"split={s}": {"split": s} for s in splits})
    changes.update({f"age={a}": {"age_edges": a} for a in age_binnings})
    changes.update({f"education={e}": {"education_scheme": e} for e in education_schemes})
    if check_bool("drop_incomplete_rows", drop_incomplete_rows):
        changes["drop incomplete rows"] = {"drop_incomplete_rows": True}
    if check_bool("x_without_age", x_without_age):
        changes["X=(sex,education)"] = {"x_attrs": ("sex", "education")}
    return {name: {**CENSUS_DEFAULTS, **change} for name, change in changes.items()}


def fig1_curves(
    p_sx: ArrayLike,
    *,
    n_grid: int = 201,
    algorithms: Sequence[str] = ("alg1", "alg2", "alg2prime"),
    base: Base = 2,
    tol: float = 1e-12,
) -> pd.DataFrame:
    """Sweep each algorithm of Fig. 1 over its threshold grid: the curves, in sweep order.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    n_grid : int
        Thresholds per curve (evenly spaced).
    algorithms : sequence of {"alg1", "alg2", "alg2prime"}
        The algorithms swept (see :func:`nsp.clustering.funnel.funnel_curve`).
    base : float or {"e", "nats", "bits"}
        Logarithm base.
    tol : float
        Feasibility tolerance of the greedy algorithms.

    Returns
    -------
    pandas.DataFrame
        Long format: ``algorithm``, ``param``, ``utility``, ``leakage``, ``n_Y``.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Fig. 1.

    Examples
    --------
    >>> fig1_curves(E1_P_SX, n_grid=3).groupby("algorithm").size().to_dict()
    {'alg1': 3, 'alg2': 3, 'alg2prime': 3}
    """
    n_grid = check_int("n_grid", n_grid, low=1)
    for a in algorithms:
        check_choice("algorithms", a, _GREEDY)
    frames: list[pd.DataFrame] = []
    for a in algorithms:  # the figures keep this module's short keys as labels
        name = _GREEDY[a].__name__  # funnel_curve's algorithm= value is the function's name
        curve = funnel_curve(p_sx, name, n_grid, base=base, tol=tol)  # type: ignore[arg-type]
        frames.append(curve.assign(algorithm=a))
    return pd.concat(frames, ignore_index=True)


def census_probe(
    p_sx: ArrayLike,
    disclosures: Sequence[float],
    *,
    base: Base = 2,
    tol: float = 1e-12,
) -> pd.DataFrame:
    """Run Algorithms 1 and 2′ (and the ratio greedy) at each probe disclosure R itself.

    The algorithms take R as their threshold (not a grid of thresholds), so their values at a
    probe R are exact
    outputs of the algorithm (not read off the envelope of a sweep, which depends on the
    grid). Algorithm 2 as printed takes a leakage threshold Δ instead and has no value "at"
    a disclosure; read it off its curve.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    disclosures : sequence of float
        The probe values of R, each in ``[0, H(X)]`` (``base`` units).
    base : float or {"e", "nats", "bits"}
        Logarithm base.
    tol : float
        Feasibility tolerance of the greedy algorithms (finite, ``>= 0``).

    Returns
    -------
    pandas.DataFrame
        One row per probe: ``R``, then ``alg1_utility``, ``alg1_leakage`` (Algorithm 1: least
        leakage found with ``I(X;Y) >= R``) and ``alg2prime_utility``, ``alg2prime_leakage``
        (Algorithm 2′: largest leakage found with ``I(X;Y) >= R``), ``ratio_utility``,
        ``ratio_leakage`` (the ratio greedy, not in the paper:
        :func:`nsp.clustering.funnel.greedy_ratio_funnel`).

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Algorithm 1 and Note 1.

    Examples
    --------
    >>> row = census_probe(E1_P_SX, [1.0]).round(12).to_dict("records")[0]
    >>> row["alg1_leakage"], row["alg2prime_leakage"], row["ratio_utility"], row["ratio_leakage"]
    (0.0, 1.0, 1.0, 0.0)
    """
    check_base(base)
    tol = check_real("tol", tol, low=0.0)
    p = as_pmf(p_sx, name="p_sx", ndim=2)
    h_x = info.entropy(p.sum(0), base=base)
    rows = []
    for r in as_sequence("disclosures", disclosures):
        r = check_real("disclosures", r, low=0.0, high=h_x)
        a1 = greedy_privacy_funnel(p, r, base=base, tol=tol)
        a2 = greedy_max_leakage(p, r, base=base, tol=tol)
        ar = greedy_ratio_funnel(p, r, base=base, tol=tol)
        rows.append(
            {
                "R": r,
                "alg1_utility": a1.utility,
                "alg1_leakage": a1.leakage,
                "alg2prime_utility": a2.utility,
                "alg2prime_leakage": a2.leakage,
                "ratio_utility": ar.utility,
                "ratio_leakage": ar.leakage,
            }
        )
    columns = [
        "R",
        "alg1_utility",
        "alg1_leakage",
        "alg2prime_utility",
        "alg2prime_leakage",
        "ratio_utility",
        "ratio_leakage",
    ]
    return pd.DataFrame(rows, columns=columns)


def bounds_frame(p_sx: ArrayLike, *, n_points: int = 101, base: Base = 2) -> pd.DataFrame:
    """Tabulate the chain-rule lower and the data-processing upper bound on a grid of I(X;Y).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    n_points : int
        Number of evenly spaced values of I(X;Y) in ``[0, H(X)]``.
    base : float or {"e", "nats", "bits"}
        Logarithm base.

    Returns
    -------
    pandas.DataFrame
        Columns ``utility``, ``lower``, ``upper`` (see
        :func:`nsp.clustering.funnel.chain_rule_bounds`).

    Examples
    --------
    >>> bounds_frame(E1_P_SX, n_points=3).round(12).to_numpy().tolist()
    [[0.0, 0.0, 0.0], [1.0, 0.0, 1.0], [2.0, 1.0, 1.0]]
    """
    n_points = check_int("n_points", n_points, low=1)
    p = as_pmf(p_sx, name="p_sx", ndim=2)
    h_x = info.entropy(p.sum(0), base=base)
    xs = np.linspace(0, h_x, n_points)
    lo, hi = chain_rule_bounds(p, xs, base=base)
    return pd.DataFrame({"utility": xs, "lower": lo, "upper": hi})


# ----------------------------------------------------------------------------------------
# Worked-examples table
# ----------------------------------------------------------------------------------------
def groups_text(groups: Sequence[Sequence[int]]) -> str:
    """Write the output letters of a deterministic mapping as ``{0,1}{2}``.

    Parameters
    ----------
    groups : sequence of sequences of int
        The members of each output letter (e.g. ``GreedyResult.groups``).

    Returns
    -------
    str

    Examples
    --------
    >>> groups_text([[0, 1], [2]])
    '{0,1}{2}'
    """
    return "".join("{" + ",".join(map(str, g)) + "}" for g in as_sequence("groups", groups))


def worked_examples_table(
    *,
    base: Base = 2,
    split: Literal["both", "train"] = "both",
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """Put the derived values of the worked examples E1–E5 beside ours (one table).

    Built by :func:`nsp.papers.paper_vs_ours`.

    The values are in bits and converted to ``base``; numbers agree within
    ``5e-7 + 1e-6 |value|`` (E5: within ``1e-4``, shown to 4 decimals).

    Parameters
    ----------
    base : float or {"e", "nats", "bits"}
        Logarithm base of the table.
    split : {"both", "train"}
        Adult file(s) of E5 (needs the data, see :func:`nsp.datasets.load_adult`).
    data_home : path, optional
        Where the data are.

    Returns
    -------
    pandas.DataFrame
        Columns ``example``, ``quantity``, ``paper`` (the derived value), ``ours``, ``agrees``.
    """
    b = check_base(base)
    split = check_choice("split", split, E5_SUMMARY)  # type: ignore[assignment]
    k = math.log(2) / math.log(b)  # the derived values are in bits
    paper: dict[Hashable, Any] = {}
    ours: dict[Hashable, Any] = {}

    def put(example: str, quantity: str, value: Any, mine: Any) -> None:
        if isinstance(value, tuple):
            value, mine = tuple(a * k for a in value), tuple(float(v) for v in mine)
        elif isinstance(value, float):
            value, mine = value * k, float(mine)
        paper[(example, quantity)], ours[(example, quantity)] = value, mine

    def greedy(example: str, p: NDArray[np.float64], calls: Sequence[_Call]) -> None:
        for alg, t, out, groups in calls:
            res = _GREEDY[alg](p, t * k, base=b)
            name = f"{_SHORT[alg]}({t:g})"
            put(example, f"{name} → (I(X;Y), I(S;Y))", out, (res.utility, res.leakage))
            put(example, f"{name} groups", groups, groups_text(res.groups))

    greedy("E1", E1_P_SX, E1_GREEDY)
    w1, w2 = np.eye(2), np.eye(2)[::-1]
    put("E2", "I(X;Y) at P1 = I", 1.0, disclosure(E2_P_SX, w1, base=b))
    put("E2", "I(X;Y) at P2 = swap", 1.0, disclosure(E2_P_SX, w2, base=b))
    put("E2", "I(X;Y) at (P1 + P2)/2", 0.0, disclosure(E2_P_SX, (w1 + w2) / 2, base=b))
    v, p3 = E3_VALUES, E3_P_SY
    put("E3", "I(S;Y) = log-loss ΔC", v["logloss_gain"], inference_cost_gain(p3, LogLoss(base=b)))
    put("E3", "0-1 loss ΔC", v["zero_one_gain"] / k, inference_cost_gain(p3, ZeroOneLoss()))
    put("E3", "Theorem 1 bound, L = 1 (nats)", v["theorem1_L1"] / k, theorem1_bound(p3, 1.0))
    put("E3", "Brier ΔC", v["brier_gain"] / k, inference_cost_gain(p3, BrierLoss()))
    put("E3", "Theorem 1 bound, L = 2 (nats)", v["theorem1_L2"] / k, theorem1_bound(p3, 2.0))
    p = E4_P_SX
    put("E4", "H(X)", E4_SUMMARY["H(X)"], info.entropy(p.sum(0), base=b))
    put("E4", "H(S)", E4_SUMMARY["H(S)"], info.entropy(p.sum(1), base=b))
    put("E4", "I(S;X)", E4_SUMMARY["I(S;X)"], info.mutual_information(p, base=b))
    put("E4", "H(X|S)", E4_SUMMARY["H(X|S)"], info.conditional_entropy(p, 1, 0, base=b))
    for (i, j), costs in E4_MERGE_COSTS.items():
        mine = merge_costs(p, np.eye(3), i, j, base=b)
        put("E4", f"Prop. 1 costs (ΔS, ΔX) of pair ({i},{j})", costs, mine)
    bf = brute_force_deterministic(p, base=b)
    put(
        "E4",
        "all deterministic mappings (I(X;Y), I(S;Y))",
        str(sorted(E4_DETERMINISTIC)),
        str(
            sorted(
                zip(
                    (bf.utility / k).round(6).tolist(),
                    (bf.leakage / k).round(6).tolist(),
                    strict=True,
                )
            )
        ),
    )
    greedy("E4", E4_P_SX, E4_GREEDY)
    names = ("example", "quantity")
    table = paper_vs_ours(paper, ours, tol=5e-7, rtol=1e-6, names=names, digits=6)
    summary = adult_census_joint(split=split, data_home=data_home).summary(base=b)
    e5: dict[Hashable, Any] = {
        ("E5", f"{q} ({split})"): (v if q == "N" else v * k) for q, v in E5_SUMMARY[split].items()
    }
    mine5: dict[Hashable, Any] = {("E5", f"{q} ({split})"): summary[q] for q in E5_SUMMARY[split]}
    table5 = paper_vs_ours(e5, mine5, tol=1e-4, names=names, digits=4)
    return pd.concat([table, table5], ignore_index=True)


# ----------------------------------------------------------------------------------------
# Theorem 1 on random instances
# ----------------------------------------------------------------------------------------
def theorem1_instances(
    *,
    n_instances: int = 2000,
    seed: int = 0,
    max_s: int = 5,
    max_y: int = 5,
    alphas: Sequence[float] = (0.1, 0.5, 1.0, 5.0),
) -> pd.DataFrame:
    """Evaluate ΔC and Theorem 1's bound for three cost families on random joint pmfs.

    Instance ``k`` draws ``|S|`` and ``|Y|`` uniformly in ``2..max_s`` and ``2..max_y``, a
    concentration from ``alphas`` and ``P_{S,Y} ~ Dirichlet(alpha 1)``; its costs are a Bayes
    decision cost with a random loss (uniform in [-1, 1], 2 to 4 actions), the 0-1 (MAP) loss
    and the Brier score. All draws come from one generator seeded with ``seed``, in that order.

    Parameters
    ----------
    n_instances : int
        Number of random joint pmfs, ``>= 1``.
    seed : int
        Seed of the generator.
    max_s, max_y : int
        Largest alphabets of S and Y, ``>= 2``.
    alphas : sequence of float
        Dirichlet concentrations (> 0), drawn uniformly.

    Returns
    -------
    pandas.DataFrame
        One row per instance and cost family: ``instance``, ``n_s``, ``n_y``, ``alpha``,
        ``family``, ``L``, ``leakage_nats``, ``delta_C``, ``bound`` (Theorem 1, I in nats) and
        ``lemma1_error`` (log-loss ΔC minus I(S;Y), nats).

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Lemma 1 and Theorem 1.

    Examples
    --------
    >>> df = theorem1_instances(n_instances=20, seed=0)
    >>> len(df), bool((df.delta_C <= df.bound + 1e-12).all())
    (60, True)
    """
    n_instances = check_int("n_instances", n_instances, low=1)
    seed = check_int("seed", seed, low=0)
    max_s = check_int("max_s", max_s, low=2)
    max_y = check_int("max_y", max_y, low=2)
    alphas = [check_real("alphas", a, low=0.0, closed="neither") for a in alphas]
    if not alphas:
        raise ValueError("alphas must hold at least one concentration")
    rows: list[dict[str, Any]] = []
    rng = np.random.default_rng(seed)
    for k in range(n_instances):
        m, n = int(rng.integers(2, max_s + 1)), int(rng.integers(2, max_y + 1))
        alpha = float(rng.choice(alphas))
        p = rng.dirichlet(np.full(m * n, alpha)).reshape(m, n)
        i_nats = info.mutual_information(p, base=math.e)
        lemma1 = inference_cost_gain(p, LogLoss(base=math.e)) - i_nats
        costs = {
            "random decision loss": BayesDecisionCost(
                rng.uniform(-1, 1, size=(m, int(rng.integers(2, 5))))
            ),
            "0-1 (MAP) loss": ZeroOneLoss(),
            "Brier score": BrierLoss(),
        }
        for family, cost in costs.items():
            dc = inference_cost_gain(p, cost)
            rows.append(
                {
                    "instance": k,
                    "n_s": m,
                    "n_y": n,
                    "alpha": alpha,
                    "family": family,
                    "L": cost.bound,
                    "leakage_nats": i_nats,
                    "delta_C": dc,
                    "bound": theorem1_bound(p, cost.bound),
                    "lemma1_error": lemma1,
                }
            )
    return pd.DataFrame(rows)


def budget_view(curves: Mapping[str, pd.DataFrame], R: float = 2.0) -> Figure:
    """Draw the census curves and what each algorithm leaks at a disclosure budget ``R``.

    The privacy funnel asks for the least leakage ``I(S;Y)`` among releases that disclose at
    least ``I(X;Y) >= R``. The view marks, on each algorithm's curve, the least leakage found
    to the right of ``R``. A view for :func:`nsp.interactive.explore` (a slider over ``R``),
    reading the curves already computed for Fig. 1.

    Parameters
    ----------
    curves : mapping of str to pandas.DataFrame
        Algorithm key (``"alg1"``, ``"alg2"``, ``"alg2prime"``) to its points, columns
        ``utility`` and ``leakage`` in bits (as :func:`fig1_curves` returns them, split by
        algorithm).
    R : float
        Disclosure budget in bits, ``>= 0``.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> pts = pd.DataFrame({"utility": [0.0, 1.0, 2.0], "leakage": [0.0, 0.2, 0.9]})
    >>> [t.get_text() for t in budget_view({"alg1": pts}, R=1.0).axes[0].get_legend().get_texts()]
    ['Algorithm 1 (least: 0.2 bits)']
    """
    R = check_real("R", R, low=0.0)
    if not isinstance(curves, Mapping):
        raise ValueError(f"curves must map algorithm names to point frames; got {curves!r}")
    if not curves:
        raise ValueError("curves must hold at least one algorithm's points")
    labels = {"alg1": "Algorithm 1", "alg2": "Algorithm 2", "alg2prime": "Algorithm 2′"}
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    for k, (key, points) in enumerate(curves.items()):
        label = labels.get(key, key)
        feasible = points[points.utility >= R]
        if len(feasible):
            row = int(np.argmin(feasible.leakage.to_numpy()))
            x_best, y_best = float(feasible.utility.iloc[row]), float(feasible.leakage.iloc[row])
            ax.plot(x_best, y_best, "o", ms=7, color=f"C{k}")
            label += f" (least: {y_best:.3g} bits)"
        ax.plot(points.utility, points.leakage, ".", ms=3, color=f"C{k}", label=label)
    ax.axvspan(R, max(float(p.utility.max()) for p in curves.values()), color="0.9", zorder=0)
    ax.set(xlabel="disclosure I(X;Y) [bits]", ylabel="leakage I(S;Y) [bits]")
    ax.set_title(f"Releases with disclosure I(X;Y) ≥ {R:g} bits (shaded)")
    ax.legend(fontsize=8)
    return fig
