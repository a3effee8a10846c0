"""The privacy funnel's census experiment (Section IV-B, Fig. 1): the joint, the curves, the probe.

Public through :mod:`nsp.papers.privacy_funnel`, whose docstring states the data choices.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from nsp import info
from nsp._algorithms import ALIASES, check_algorithm
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
    chain_rule_bounds,
    funnel_curve,
    greedy_information_bottleneck,
    greedy_max_leakage,
    greedy_privacy_funnel,
    greedy_ratio_funnel,
)
from nsp.datasets import AGE_BINNINGS, EDUCATION_SCHEMES, census_joint, load_adult
from nsp.joint import Joint

#: The greedy algorithms of the paper by their function's name (:mod:`nsp._algorithms`).
_GREEDY = {
    f.__name__: f
    for f in (
        greedy_privacy_funnel,
        greedy_information_bottleneck,
        greedy_max_leakage,
        greedy_ratio_funnel,
    )
}

#: The probe's algorithms (:func:`census_probe`), by function name: its columns' prefixes.
_PROBED = ("greedy_privacy_funnel", "greedy_max_leakage", "greedy_ratio_funnel")

__all__ = [
    "adult_census_joint",
    "CENSUS_DEFAULTS",
    "census_configurations",
    "fig1_curves",
    "census_probe",
    "bounds_frame",
    "budget_view",
]

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

    See Also
    --------
    nsp.datasets.census_joint : The count table.
    census_configurations : Other set-ups of the experiment.

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

    See Also
    --------
    adult_census_joint : The experiment's joint.

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
    algorithms: Sequence[str] = (
        "greedy_privacy_funnel",
        "greedy_information_bottleneck",
        "greedy_max_leakage",
    ),
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
    algorithms : sequence of {"greedy_privacy_funnel", "greedy_information_bottleneck", \
"greedy_max_leakage", "greedy_ratio_funnel"}
        The algorithms swept, by their function's name (see
        :func:`nsp.clustering.funnel.funnel_curve`); the paper's numbers (``"algorithm1"``,
        ...) and the short keys ``"alg1"``, ``"alg2"``, ``"alg2prime"``, ``"ratio"`` are
        aliases (:mod:`nsp._algorithms`).
    base : float or {"e", "nats", "bits"}
        Logarithm base.
    tol : float
        Feasibility tolerance of the greedy algorithms.

    Returns
    -------
    pandas.DataFrame
        Long format: ``algorithm`` (the function's name, never an alias), ``param``,
        ``utility``, ``leakage``, ``n_Y``.

    See Also
    --------
    nsp.clustering.funnel.funnel_curve : One algorithm's curve.
    census_probe : The algorithms at given budgets.
    budget_view : Draw the curves.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Fig. 1.

    Examples
    --------
    >>> from nsp.papers.privacy_funnel import E1_P_SX
    >>> fig1_curves(E1_P_SX, n_grid=3).groupby("algorithm").size().to_dict()
    {'greedy_information_bottleneck': 3, 'greedy_max_leakage': 3, 'greedy_privacy_funnel': 3}
    >>> fig1_curves(E1_P_SX, n_grid=2, algorithms=["alg1"]).algorithm.unique().tolist()
    ['greedy_privacy_funnel']
    """
    n_grid = check_int("n_grid", n_grid, low=1)
    names = [
        check_algorithm(a, "funnel", name="algorithms")
        for a in as_sequence("algorithms", algorithms)
    ]
    frames: list[pd.DataFrame] = []
    for name in names:
        curve = funnel_curve(p_sx, name, n_grid, base=base, tol=tol)  # type: ignore[arg-type]
        frames.append(curve.assign(algorithm=name))
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
        One row per probe: ``R``, then ``<algorithm>_utility`` and ``<algorithm>_leakage``
        for each algorithm by its function's name: ``greedy_privacy_funnel_*`` (Algorithm 1:
        least leakage found with ``I(X;Y) >= R``), ``greedy_max_leakage_*`` (Algorithm 2′:
        largest leakage found with ``I(X;Y) >= R``) and ``greedy_ratio_funnel_*`` (the ratio
        greedy, not in the paper: :func:`nsp.clustering.funnel.greedy_ratio_funnel`).

    See Also
    --------
    fig1_curves : The curves.

    References
    ----------
    .. [1] Makhdoumi et al., ITW 2014, arXiv:1402.1774, Algorithm 1 and Note 1.

    Examples
    --------
    >>> from nsp.papers.privacy_funnel import E1_P_SX
    >>> row = census_probe(E1_P_SX, [1.0]).round(12).to_dict("records")[0]
    >>> row["greedy_privacy_funnel_leakage"], row["greedy_max_leakage_leakage"]
    (0.0, 1.0)
    >>> row["greedy_ratio_funnel_utility"], row["greedy_ratio_funnel_leakage"]
    (1.0, 0.0)
    """
    check_base(base)
    tol = check_real("tol", tol, low=0.0)
    p = as_pmf(p_sx, name="p_sx", ndim=2)
    h_x = info.entropy(p.sum(0), base=base)
    rows = []
    for r in as_sequence("disclosures", disclosures):
        r = check_real("disclosures", r, low=0.0, high=h_x)
        row: dict[str, float] = {"R": r}
        for name in _PROBED:
            res = _GREEDY[name](p, r, base=base, tol=tol)
            row[f"{name}_utility"], row[f"{name}_leakage"] = res.utility, res.leakage
        rows.append(row)
    columns = ["R", *(f"{n}_{c}" for n in _PROBED for c in ("utility", "leakage"))]
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

    See Also
    --------
    nsp.clustering.funnel.chain_rule_bounds : The bounds.

    Examples
    --------
    >>> from nsp.papers.privacy_funnel import E1_P_SX
    >>> bounds_frame(E1_P_SX, n_points=3).round(12).to_numpy().tolist()
    [[0.0, 0.0, 0.0], [1.0, 0.0, 1.0], [2.0, 1.0, 1.0]]
    """
    n_points = check_int("n_points", n_points, low=1)
    p = as_pmf(p_sx, name="p_sx", ndim=2)
    h_x = info.entropy(p.sum(0), base=base)
    xs = np.linspace(0, h_x, n_points)
    lo, hi = chain_rule_bounds(p, xs, base=base)
    return pd.DataFrame({"utility": xs, "lower": lo, "upper": hi})


def budget_view(curves: Mapping[str, pd.DataFrame], R: float = 2.0) -> Figure:
    """Draw the census curves and what each algorithm leaks at a disclosure budget ``R``.

    The privacy funnel asks for the least leakage ``I(S;Y)`` among releases that disclose at
    least ``I(X;Y) >= R``. The view marks, on each algorithm's curve, the least leakage found
    to the right of ``R``. A view for :func:`nsp.interactive.explore` (a slider over ``R``),
    reading the curves already computed for Fig. 1.

    Parameters
    ----------
    curves : mapping of str to pandas.DataFrame
        Algorithm (``"greedy_privacy_funnel"``, ..., or an alias of :mod:`nsp._algorithms`
        such as ``"alg1"``) to its points, columns
        ``utility`` and ``leakage`` in bits (as :func:`fig1_curves` returns them, split by
        algorithm).
    R : float
        Disclosure budget in bits, ``>= 0``.

    Returns
    -------
    matplotlib.figure.Figure

    See Also
    --------
    fig1_curves : The curves drawn.

    References
    ----------
    .. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to the
       privacy funnel", IEEE ITW 2014, Algorithms 1 and 2 and Fig. 1.

    Examples
    --------
    >>> pts = pd.DataFrame({"utility": [0.0, 1.0, 2.0], "leakage": [0.0, 0.2, 0.9]})
    >>> fig = budget_view({"greedy_privacy_funnel": pts}, R=1.0)
    >>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    ['Algorithm 1 (least: 0.2 bits)']
    """
    R = check_real("R", R, low=0.0)
    if not isinstance(curves, Mapping):
        raise ValueError(f"curves must map algorithm names to point frames; got {curves!r}")
    if not curves:
        raise ValueError("curves must hold at least one algorithm's points")
    labels = {
        "greedy_privacy_funnel": "Algorithm 1",
        "greedy_information_bottleneck": "Algorithm 2",
        "greedy_max_leakage": "Algorithm 2′",
        "greedy_ratio_funnel": "ratio greedy",
    }
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    for k, (key, points) in enumerate(curves.items()):
        name = ALIASES["funnel"].get(key, key)  # an alias names the same algorithm
        label = labels.get(name, key)
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
