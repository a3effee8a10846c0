"""Every method measured by every notion: frontiers, who wins where, and where winners disagree.

:func:`evaluate_methods` measures a sweep of mechanisms (:func:`nsp.notions.all_methods` and the
``*_sweep`` functions) on a joint with :func:`nsp.notions.evaluate_many` and adds the utility
losses the frontiers minimize (:data:`UTILITIES`: ``information_loss`` ``H(X|Y) = H(X) − I(X;Y)``,
the Bayes error ``hamming_distortion`` and the squared error ``numeric_distortion``, which is
the MMSE ``E[(X − E[X|Y])²]`` except for a release with codewords — the Γ(D)-optimal
sanitizer — whose estimate is its own output ``X̂``: its design distortion, at least its
MMSE). Then, for a leakage
notion of :data:`LEAKAGES` and a utility loss,

* :func:`frontiers` — each method's Pareto frontier (:func:`nsp.pareto.pareto_front`: least
  leakage at most loss);
* :func:`best_methods` — for every budget of utility loss, the method with the least leakage
  among releases within that budget, as ranges of the budget (:func:`best_methods_summary`
  for every pair, :func:`winner_shares` for the share of the budgets each method wins);
* :func:`reversals` — the budgets at which the winner under one notion is not a winner under
  another;
* :func:`definedness` — which (method, notion) pairs are undefined, infinite or constant, and
  why.

A lead counts as a win only by more than :data:`MIN_MARGIN` (0.001 bit by default, the
keyword ``min_margin``), and the status of a win says what backs it (:data:`WIN_STATUSES`):
``backed`` (a notion estimated with intervals, :func:`evaluate_methods` with ``ci``, the two
intervals apart), ``margin_only`` (the plug-in values alone: the support-based notions, which
no bootstrap interval is valid for) or ``channel_property`` (the local-DP ε and C₁, exact
properties of the release channel). Every other budget is *undecided*, and the tables say
so. And no lead computed from a count table that breaks the sample-size rule of
:func:`nsp.estimate.diagnostics` (fewer than 5 records per cell, or a Good–Turing unseen
mass above 1 %) is a win, whatever its margin: there the bootstrap cannot reach the cells
the sample missed, its intervals under-cover, and the support-based notions rest on cells
one record decides. Those budgets are *too_few_records*.
What is not counted by default: the utility loss that places each release on the budget axis
is itself estimated; :func:`best_methods` with ``loss_intervals=True`` counts its intervals
too.

The comparison's tables and figures (markdown renderings, the frontier figure) are written by
:mod:`nsp.papers.compare`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from nsp._resampling import (
    FIXED_COLUMNS,
    SELECTIONS,
    SUPPORT_COLUMNS,
    Mechanism,
    counts_of,
    diagnostics_of,
    jackknife_centres,
    measure_columns,
    refit_intervals,
    replicate_columns,
    split_releases,
    upper_bounds,
    widen_frame,
    with_intervals,
)
from nsp._validation import (
    Base,
    as_sequence,
    check_base,
    check_bool,
    check_choice,
    check_frame,
    check_int,
    check_real,
)
from nsp.info import entropy
from nsp.joint import Joint
from nsp.notions._evaluation import evaluate_many
from nsp.notions._methods import METHODS

__all__ = [
    "LEAKAGES",
    "MIN_MARGIN",
    "WIN_KINDS",
    "WIN_STATUSES",
    "TIE_TOL",
    "UTILITIES",
    "best_methods",
    "best_methods_summary",
    "definedness",
    "evaluate_methods",
    "frontiers",
    "reversals",
    "winner_shares",
]

#: Leakage notions compared (columns of :func:`nsp.notions.evaluate_many`) and their labels.
LEAKAGES: dict[str, str] = {
    "mutual_information": "I(S;Y) (funnel, equivocation)",
    "maximal_leakage": "maximal leakage L(S→Y)",
    "sibson_2": "Sibson I₂(S;Y)",
    "sibson_10": "Sibson I₁₀(S;Y)",
    "nonstochastic_leakage": "non-stochastic L0(S→Y)",
    "maximin_information": "maximin information I*(S;Y)",
    "ldp_epsilon": "local DP ε of W (Wu's baseline)",
    "individual_channel_capacity": "Wu's individual channel capacity C₁(W)",
    "noiseless_epsilon": "noiseless ε",
}

#: Utility losses (minimized) and their labels. The squared error's estimate ``x̂(Y)`` is the
#: conditional mean ``E[X|Y]`` (the MMSE) for every release but those with codewords (the
#: Γ(D)-optimal sanitizer), for which it is the release's own value ``X̂``.
UTILITIES: dict[str, str] = {
    "information_loss": "information loss H(X) − I(X;Y)",
    "hamming_distortion": "Bayes error P(X̂ ≠ X)",
    "numeric_distortion": "squared error E[(X − x̂(Y))²]",
}

#: The Sibson orders of the comparison's intervals.
_ALPHAS = (2.0, 10.0)

#: Two leakages closer than this are a tie.
TIE_TOL: float = 1e-9

#: The least lead (in the unit of the leakage: 0.001 bit by default) that counts as a win.
MIN_MARGIN: float = 0.001

#: What the ``status`` of a range of :func:`best_methods` says. A win is of one of three
#: kinds (:data:`WIN_KINDS`), by what backs it; every other range is undecided or refused.
WIN_STATUSES: dict[str, str] = {
    "backed": "the leaders leak less than every other method by more than min_margin and "
    "their bootstrap intervals lie below every other's: the data back the win (notions "
    "estimated with an interval: I(S;Y), maximal leakage, Sibson's I_α)",
    "margin_only": "the leaders leak less than every other method by more than min_margin "
    "on the plug-in values, and no interval is valid to back it (the support-based notions "
    "L0, I*, noiseless ε, or a frame without intervals): one record may change it",
    "channel_property": "the leaders win on a property of the release channel alone (the "
    "local-DP ε, Wu's capacity C₁), computed exactly; where the channel was fitted to the "
    "sample, another sample fits another channel and may rank the methods otherwise",
    "undecided": "a lead of at most min_margin, intervals that overlap, or a release whose "
    "interval is not valid (a tie of a maximum): the data cannot separate the methods in best",
    "too_few_records": "the count table breaks the sample-size rule of "
    "nsp.estimate.diagnostics (fewer than 5 records per cell, or a Good–Turing unseen mass "
    "above 1 %): no lead is a win there, whatever its margin (see reason)",
}

#: The statuses that are wins, strongest first.
WIN_KINDS: tuple[str, ...] = ("backed", "channel_property", "margin_only")

#: The errors that ``status`` ``"undecided"`` names in ``reason``.
_NO_MARGIN = "lead at most min_margin"
_OVERLAP = "intervals overlap"
_LOSS = "loss intervals straddle the budget"
_INVALID = "no valid interval (a tie of a maximum)"

_DEFINED_REASONS = {
    ("noiseless_epsilon", "undefined"): "noiseless privacy is defined for deterministic maps only",
    ("ldp_epsilon", "infinite"): "a deterministic map with ≥ 2 outputs: rows of W have "
    "different supports, so no finite ε",
    ("nonstochastic_leakage", "constant"): "L0 sees only supports, and every release of this "
    "method leaves the same least set of secrets behind an output (a full-support channel: "
    "every secret)",
    ("maximin_information", "constant"): "every release's range [[S, Y]] has the same number "
    "of overlap components (one: I* = 0)",
    ("numeric_distortion", "undefined"): "X is not ordered: no numeric value",
}


def evaluate_methods(
    mechanisms: Sequence[Mechanism],
    joint: Joint,
    *,
    base: Base = 2,
    ci: float | None = None,
    n_boot: int = 1000,
    seed: int = 0,
    selection: str = "refit",
    split_fraction: float = 0.5,
    n_jobs: int = 1,
) -> pd.DataFrame:
    """Measure every mechanism by every notion on ``joint`` and add the utility losses.

    With ``ci``, every measure column — and ``information_loss`` — is followed by
    ``<column>_low`` and ``<column>_high``, the bootstrap interval of
    :func:`nsp.notions.evaluate_many` from the joint's record counts (the interval of the
    information loss from the same replicates, ``H(X) − I(X;Y)`` on each). When the joint
    carries its record counts (with or without ``ci``), ``frame.attrs["diagnostics"]`` holds
    their sample-size diagnostics (:func:`nsp.estimate.diagnostics`), which
    :func:`best_methods` and :func:`reversals` read: a table that breaks the rule decides no
    win.

    Parameters
    ----------
    mechanisms : sequence of Mechanism
        The releases, e.g. :func:`nsp.notions.all_methods`.
    joint : nsp.joint.Joint
        The joint; with ``ci``, one that carries its record counts (``counts``, or
        ``n_records`` with ``p_sx * n_records`` integral).
    base : float or {"e", "nats", "bits"}
        Unit of every information quantity and of both ε.
    ci : float, optional
        Confidence level of the intervals, in ``(0, 1)``; default None: no intervals.
    n_boot : int, default 1000
        Bootstrap replicates (with ``ci``), at least 10.
    seed : int, default 0
        Seed of the resampling (with ``ci``).
    selection : {"refit", "split", "fixed"}, default "refit"
        With ``ci``, what the interval of a release fitted to the data (a mechanism with
        ``fit``) is about, as in :func:`nsp.estimate.estimate_many`: ``"refit"`` — the
        population value of that release, by the optimism bootstrap (the method refitted on
        every resample; the column's value of such a release is then its optimism-corrected
        estimate, the plug-in on its own sample being optimistic); ``"split"`` — the
        releases are refitted on ``split_fraction`` of the records and every column is
        measured on the others (the frame then describes those releases; fixed channels are
        measured on the others too); ``"fixed"`` — the channel taken as given. A fixed
        channel's interval is centred on the jackknife's bias-corrected estimate (Shannon
        columns and Sibson's I_α), as in :func:`nsp.estimate.estimate_many`, and widened to
        hold the frame's value, the plug-in. The interval of a maximum that may be tied
        (maximal leakage, Bayes error, Sibson's I_α of order above 2) is widened by a bound
        on the tied letters' error (:func:`nsp.estimate.estimate_many`'s status
        ``interval_tie``).
    split_fraction : float, default 0.5
        With ``selection="split"``, the share of the records the releases are fitted on.
    n_jobs : int, default 1
        Processes that share the refits of ``selection="refit"`` (the result does not depend
        on it).

    Returns
    -------
    pandas.DataFrame
        :func:`nsp.notions.evaluate_many`'s columns plus ``dataset`` and
        ``information_loss`` ``H(X) − I(X;Y)`` (and, with ``ci``, the interval columns and
        ``estimand``, a key of :data:`nsp.estimate.ESTIMANDS`). ``attrs``: ``diagnostics``
        (joints with counts) and, with ``ci``, ``ci``, ``n_boot``, ``seed``, ``selection``
        and ``n_records``.

    See Also
    --------
    all_methods : The sweeps it measures.
    frontiers : The Pareto frontier of each method.
    best_methods : The method that leaks least at each budget.

    Examples
    --------
    >>> from nsp.joint import Joint
    >>> from nsp.notions import funnel_sweep
    >>> j = Joint([[.25, 0, .25, 0], [0, .25, 0, .25]], name="E1")
    >>> f = evaluate_methods(funnel_sweep(j, algorithms=["greedy_privacy_funnel"], n_budgets=3), j)
    >>> f[["information_loss", "mutual_information"]].round(9).to_numpy().tolist()
    [[2.0, 0.0], [1.0, 0.0], [0.0, 1.0]]

    From 400 records, with 95 % intervals. The funnel's releases are fitted to these
    records, so by default their values are corrected for the optimism of a release on its
    own sample (0.28 bit on the sample, 0.273 estimated on the population), and the
    interval is of the release's leakage on the population; ``selection="fixed"`` takes
    the channel as given:

    >>> j = Joint.from_counts([[90, 10, 60, 40], [10, 90, 40, 60]], name="toy")
    >>> mechs = funnel_sweep(j, algorithms=["greedy_privacy_funnel"], n_budgets=3)
    >>> f = evaluate_methods(mechs, j, ci=0.95, n_boot=200)
    >>> f[["mutual_information_low", "mutual_information", "mutual_information_high"]
    ...   ].round(3).to_numpy().tolist()[-1], f.estimand.iloc[-1]
    ([0.203, 0.273, 0.343], 'refit')
    >>> f = evaluate_methods(mechs, j, ci=0.95, n_boot=200, selection="fixed")
    >>> f[["mutual_information_low", "mutual_information", "mutual_information_high"]
    ...   ].round(3).to_numpy().tolist()[-1], f.estimand.iloc[-1]
    ([0.21, 0.28, 0.353], 'channel')
    >>> f.attrs["diagnostics"]["records_per_cell"], f.attrs["diagnostics"]["warning"]
    (50.0, False)
    """
    mechanisms = as_sequence("mechanisms", mechanisms)
    if not isinstance(joint, Joint):
        raise ValueError(f"joint must be an nsp.joint.Joint; got {type(joint).__name__}")
    n_boot = check_int("n_boot", n_boot, low=10)
    seed = check_int("seed", seed, low=0)
    level = None if ci is None else check_real("ci", ci, low=0.0, high=1.0, closed="neither")
    selection = check_choice("selection", selection, SELECTIONS)
    fraction = check_real("split_fraction", split_fraction, low=0.0, high=1.0, closed="neither")
    n_jobs = check_int("n_jobs", n_jobs, low=1)
    fitted = np.array([m.fit is not None for m in mechanisms], dtype=bool)
    if level is not None and selection == "split" and fitted.any():
        mechanisms, joint = split_releases(mechanisms, joint, fraction=fraction, seed=seed)
    cnt = None if level is None else counts_of(joint)
    frame = evaluate_many(mechanisms, joint.p_sx, x_values=joint.x_values, base=base)
    h_x = entropy(joint.p_sx.sum(axis=0), base=base)
    loss = np.maximum(h_x - frame["utility_information"].to_numpy(dtype=float), 0.0)
    frame.insert(0, "dataset", joint.name)
    frame["information_loss"] = loss
    diag = diagnostics_of(joint)
    if level is None or cnt is None:
        frame.attrs.update({} if diag is None else {"diagnostics": diag})
        return frame
    alphas = _ALPHAS
    x = joint.x_values
    reps = replicate_columns(
        cnt, list(mechanisms), x_values=x, alphas=alphas, base=base, n_boot=n_boot, seed=seed
    )
    if reps:
        loss_reps = reps["data_entropy"] - reps["utility_information"]
        reps["information_loss"] = np.maximum(loss_reps, 0.0)
    bounds = upper_bounds(list(mechanisms), cnt.shape, x_values=x, alphas=alphas, base=base)
    bounds["information_loss"] = bounds["data_entropy"]  # H(X|Y) <= H(X) <= log n_x
    columns = [*measure_columns(alphas), "information_loss"]
    centres = jackknife_centres(cnt, frame, list(mechanisms), x_values=x, alphas=alphas, base=base)
    centres["information_loss"] = np.maximum(
        centres["data_entropy"] - centres["utility_information"], 0.0
    )
    frame = with_intervals(frame, reps, bounds, columns=columns, level=level, centres=centres)
    if selection == "refit" and fitted.any():
        _refit_intervals(
            frame, cnt, list(mechanisms), joint, fitted, bounds, level, n_boot, seed, base, n_jobs
        )
    widen_frame(
        frame, cnt, list(mechanisms), bounds, ln_b=math.log(check_base(base)), alphas=alphas
    )
    kind = "channel" if selection == "fixed" else selection
    frame["estimand"] = np.where(fitted, kind, "channel")
    frame.attrs.update(
        {
            "ci": level,
            "n_boot": n_boot,
            "seed": seed,
            "selection": selection,
            "n_records": cnt.sum(),
            "diagnostics": diag,
        }
    )
    return frame


def _refit_intervals(
    frame: pd.DataFrame,
    cnt: np.ndarray,
    mechanisms: list[Mechanism],
    joint: Joint,
    fitted: np.ndarray,
    bounds: dict[str, np.ndarray],
    level: float,
    n_boot: int,
    seed: int,
    base: Base,
    n_jobs: int,
) -> None:
    """Give the fitted releases their optimism-corrected values and intervals, in place."""
    idx = np.flatnonzero(fitted)
    sub = [mechanisms[int(i)] for i in idx]
    names = [n for n in bounds if n in frame.columns]
    refitted = refit_intervals(
        cnt,
        sub,
        joint,
        {name: frame[name].to_numpy(dtype=float)[idx] for name in names},
        bounds={name: bounds[name][idx] for name in names},
        level=level,
        x_values=joint.x_values,
        alphas=_ALPHAS,
        base=base,
        n_boot=n_boot,
        seed=seed,
        n_jobs=n_jobs,
        information_loss=True,
    )
    rows = frame.index[idx]
    for name, (point, low, high, _) in refitted.items():
        frame.loc[rows, name] = point
        frame.loc[rows, f"{name}_low"] = np.minimum(low, point)
        frame.loc[rows, f"{name}_high"] = np.maximum(high, point)


def _check_frame(frame: object) -> None:
    check_frame("frame", frame, what="a pandas DataFrame (see evaluate_methods)")


def _check_keys(name: str, values: object, keys: Sequence[str]) -> list[str]:
    """``values`` as a non-empty list of keys among ``keys`` (each named in the message)."""
    out = as_sequence(name, values)
    if not out:
        raise ValueError(f"{name} must name at least one of {list(keys)}; got an empty sequence")
    for i, value in enumerate(out):
        check_choice(f"{name}[{i}]", value, tuple(keys))
    return out


def _check_pair(frame: pd.DataFrame, leakage: str, utility: str) -> None:
    _check_frame(frame)
    check_choice("leakage", leakage, tuple(LEAKAGES))
    check_choice("utility", utility, tuple(UTILITIES))
    for col in (leakage, utility, "method"):
        if col not in frame.columns:
            raise ValueError(f"frame has no column {col!r} (use evaluate_methods)")


def frontiers(frame: pd.DataFrame, *, leakage: str, utility: str) -> pd.DataFrame:
    """Return each method's Pareto frontier: least ``leakage`` for at most ``utility`` loss.

    Rows where either value is NaN (undefined) or infinite are left out. The frontier is
    drawn through the values (the plug-in estimates); each point carries the interval of its
    leakage when ``frame`` has ``<leakage>_low`` and ``<leakage>_high`` (see
    :func:`evaluate_methods` with ``ci``), and that of its loss when it has ``<utility>_low``
    and ``<utility>_high``; NaN otherwise.

    Parameters
    ----------
    frame : pandas.DataFrame
        Output of :func:`evaluate_methods`.
    leakage : str
        A key of :data:`LEAKAGES`.
    utility : str
        A key of :data:`UTILITIES`.

    Returns
    -------
    pandas.DataFrame
        Columns ``method``, ``parameter``, ``value``, ``loss``, ``leakage``,
        ``leakage_low``, ``leakage_high``, ``loss_low``, ``loss_high``, sorted by method (in
        the order of :data:`nsp.notions.METHODS`), then loss.

    See Also
    --------
    best_methods : The method that leaks least at each budget.
    nsp.pareto.pareto_front : The non-dominated points of one table.

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "a", "a"], "parameter": "k", "value": [1, 2, 3],
    ...                   "mutual_information": [1.0, 0.5, 0.7],
    ...                   "information_loss": [0.0, 1.0, 2.0]})
    >>> frontiers(f, leakage="mutual_information", utility="information_loss").value.tolist()
    [1, 2]
    """
    _check_pair(frame, leakage, utility)
    loss = frame[utility].to_numpy(dtype=float)
    leak = frame[leakage].to_numpy(dtype=float)
    meth = frame["method"].to_numpy()
    ends = {end: _end(frame, leakage, end) for end in ("low", "high")}
    loss_ends = {end: _end(frame, utility, end) for end in ("low", "high")}
    param = frame["parameter"].to_numpy() if "parameter" in frame.columns else None
    value = frame["value"].to_numpy() if "value" in frame.columns else None
    finite = np.isfinite(loss) & np.isfinite(leak)
    rows = []
    for method in _method_order(frame):
        idx = _front(np.flatnonzero((meth == method) & finite), loss, leak)
        if not idx.size:
            continue
        rows.append(
            pd.DataFrame(
                {
                    "method": method,
                    "parameter": "" if param is None else param[idx],
                    "value": np.nan if value is None else value[idx],
                    "loss": loss[idx],
                    "leakage": leak[idx],
                    "leakage_low": ends["low"][idx],
                    "leakage_high": ends["high"][idx],
                    "loss_low": loss_ends["low"][idx],
                    "loss_high": loss_ends["high"][idx],
                }
            )
        )
    cols = [
        "method",
        "parameter",
        "value",
        "loss",
        "leakage",
        "leakage_low",
        "leakage_high",
        "loss_low",
        "loss_high",
    ]
    return pd.concat(rows, ignore_index=True) if rows else pd.DataFrame(columns=cols)


def _front(rows: np.ndarray, loss: np.ndarray, leak: np.ndarray) -> np.ndarray:
    """Return the rows on the Pareto front of (loss, leakage), as ``nsp.pareto.pareto_front``.

    Sorted by loss then leakage (stably), a repeated (loss, leakage) kept once, and a row kept
    when its leakage is below every kept one by more than :data:`TIE_TOL`.
    """
    order = rows[np.lexsort((leak[rows], loss[rows]))]
    keep = []
    best = math.inf
    last: tuple[float, float] | None = None
    for i in order:
        point = (float(loss[i]), float(leak[i]))
        if point == last:
            continue
        last = point
        if point[1] < best - TIE_TOL:
            keep.append(i)
            best = point[1]
    return np.array(keep, dtype=np.intp)


def _end(frame: pd.DataFrame, leakage: str, end: str) -> np.ndarray:
    name = f"{leakage}_{end}"
    if name not in frame.columns:
        return np.full(len(frame), math.nan)
    return frame[name].to_numpy(dtype=float)


def _method_order(frame: pd.DataFrame) -> list[str]:
    known = list(METHODS.values())
    present = list(dict.fromkeys(frame["method"]))
    return sorted(present, key=lambda m: (known.index(m) if m in known else len(known), m))


@dataclass(frozen=True)
class _Standing:
    """Who leaks least at one budget, and whether the data decide it."""

    best: str  # the winners if decided; else the leaders and every method not separated
    leaders: str  # the methods of least leakage (within TIE_TOL), joined with " = "
    decided: bool
    leakage: float  # the least leakage
    low: float  # the leaders' interval (their envelope), or the value without one
    high: float
    margin: float  # the next method's leakage minus the least; inf when no other method
    why: tuple[str, ...] = ()  # why not decided: _NO_MARGIN, _OVERLAP, _LOSS


def _refusal(frame: pd.DataFrame, leakage: str) -> str:
    """Why the sample-size rule refuses every lead of ``leakage`` on ``frame``; ``""`` if not.

    The rule is read from ``frame.attrs["diagnostics"]`` (:func:`evaluate_methods` sets it
    from the joint's counts); a notion of the channel alone (:data:`FIXED_COLUMNS`: its value
    is not estimated) is never refused.
    """
    diag = frame.attrs.get("diagnostics")
    if leakage in FIXED_COLUMNS or not isinstance(diag, dict) or not diag.get("warning"):
        return ""
    return f"sample-size rule broken: {diag.get('message', '')}"


def _filled(front: pd.DataFrame, column: str, value: str) -> np.ndarray:
    """``front[column]``, its NaN (no interval) replaced by ``front[value]``."""
    end = front[column].to_numpy(dtype=float)
    return np.where(np.isnan(end), front[value].to_numpy(dtype=float), end)


def _standings(
    front: pd.DataFrame,
    budgets: np.ndarray,
    min_margin: float,
    *,
    loss_intervals: bool = False,
    intervals: bool = False,
) -> list[_Standing]:
    """At each budget, the leaders and whether every other method is separated from them.

    A method's entry at a budget is its frontier point of least leakage among the releases
    within it (loss ≤ budget). Another method is *separated* from the leaders when its
    leakage exceeds theirs by more than ``min_margin`` and, for a notion with
    ``intervals``, its interval lies above theirs (its low end above the leaders' high end);
    a release of such a notion without a valid interval (NaN ends: a tie of a maximum)
    separates from nothing. Without ``intervals`` the values alone are compared. The
    standing is decided when every other method is separated — and, with
    ``loss_intervals``, when that still holds with the loss's own intervals counted
    (:class:`_LossCounted`).
    """
    out = []
    methods = list(dict.fromkeys(front["method"]))
    loss = front["loss"].to_numpy(dtype=float)
    leak = front["leakage"].to_numpy(dtype=float)
    if intervals:
        low = front["leakage_low"].to_numpy(dtype=float)
        high = front["leakage_high"].to_numpy(dtype=float)
    else:
        low = high = leak
    meth = front["method"].to_numpy()
    counted = (
        _LossCounted(
            meth,
            leak,
            low,
            high,
            _filled(front, "loss_low", "loss"),
            _filled(front, "loss_high", "loss"),
            min_margin,
        )
        if loss_intervals
        else None
    )
    for b in budgets:
        entry: dict[str, int] = {}
        for m in methods:
            ok = np.flatnonzero((meth == m) & (loss <= b + TIE_TOL))
            if ok.size:
                entry[m] = int(ok[np.argmin(leak[ok])])
        if not entry:
            out.append(_Standing("", "", False, math.nan, math.nan, math.nan, math.nan))
            continue
        least = min(leak[i] for i in entry.values())
        leaders = [m for m in methods if m in entry and leak[entry[m]] <= least + TIE_TOL]
        top = float(np.max([high[entry[m]] for m in leaders]))  # NaN if one has none
        others = [m for m in methods if m in entry and m not in leaders]
        close = [
            m for m in others if not (leak[entry[m]] - least > min_margin and low[entry[m]] > top)
        ]
        margin = min((leak[entry[m]] - least for m in others), default=math.inf)
        wide = [m for m in close if leak[entry[m]] - least > min_margin]
        invalid = [m for m in wide if math.isnan(top) or math.isnan(low[entry[m]])]
        why = (
            (_NO_MARGIN,) * (len(close) > len(wide))
            + (_OVERLAP,) * (len(wide) > len(invalid))
            + (_INVALID,) * bool(invalid)
        )
        if counted is not None and not close and not counted.decides(float(b), leaders, methods):
            why = (_LOSS,)
        out.append(
            _Standing(
                best=" = ".join(leaders + close),
                leaders=" = ".join(leaders),
                decided=not why,
                leakage=least,
                low=float(np.min([low[entry[m]] for m in leaders])),
                high=top,
                margin=margin,
                why=why,
            )
        )
    return out


@dataclass(frozen=True)
class _LossCounted:
    """The separation test with the loss's own intervals counted, over one frontier.

    A leader's entry is its least leakage among the releases *surely* within the budget
    (the whole loss interval at most ``b``); another method's is its least leakage (and
    least low end) among the releases *possibly* within it (the low end of the loss
    interval at most ``b``). The leaders win when every other method is separated, as in
    :func:`_standings`, from the least of the leaders' sure entries (tied leaders win
    together when one of them surely reaches the least leakage).
    """

    meth: np.ndarray
    leak: np.ndarray
    low: np.ndarray
    high: np.ndarray
    loss_low: np.ndarray
    loss_high: np.ndarray
    min_margin: float

    def decides(self, b: float, leaders: list[str], methods: list[str]) -> bool:
        sure = []
        for m in leaders:
            ok = np.flatnonzero((self.meth == m) & (self.loss_high <= b + TIE_TOL))
            if ok.size:
                sure.append(int(ok[np.argmin(self.leak[ok])]))
        if not sure:
            return False
        lead = min(self.leak[i] for i in sure)
        top = max(self.high[i] for i in sure if self.leak[i] <= lead + TIE_TOL)
        for m in methods:
            ok = np.flatnonzero((self.meth == m) & (self.loss_low <= b + TIE_TOL))
            if m in leaders or not ok.size:
                continue
            if not (self.leak[ok].min() - lead > self.min_margin and self.low[ok].min() > top):
                return False
        return True


def best_methods(
    frame: pd.DataFrame,
    *,
    leakage: str,
    utility: str,
    min_margin: float = MIN_MARGIN,
    loss_intervals: bool = False,
) -> pd.DataFrame:
    """Return, as ranges of the utility-loss budget, the method that leaks least within it.

    For a budget ``b`` the candidates are the releases with loss ``≤ b`` (and a finite
    leakage); the leaders are the methods of least leakage among them (tied methods, within
    :data:`TIE_TOL`, are joined with ``" = "``). The leaders *win* only when every other
    method leaks more by more than ``min_margin``, and the status says what backs the win
    (:data:`WIN_STATUSES`):

    * ``"backed"`` — a notion estimated with intervals (``<leakage>_low``,
      ``<leakage>_high``: see :func:`evaluate_methods` with ``ci``): every other method's
      interval also lies wholly above the leaders'. The two intervals not overlapping is a
      conservative test of the difference (the replicates are paired, the test does not use
      it). A release whose interval is not valid (NaN ends: a tie of a maximum) separates
      from nothing;
    * ``"margin_only"`` — a notion without a valid interval (the support-based L0, I* and
      noiseless ε, or a frame without ``ci``): the plug-in values alone;
    * ``"channel_property"`` — a notion of the channel alone (the local-DP ε, C₁).

    Otherwise the budget is ``"undecided"`` and ``best`` lists the leaders and every method
    the data cannot separate from them.

    The budget itself is the plug-in loss: by default its sampling error is not counted, and
    a range starts exactly at the estimated loss of the release that opens it. With
    ``loss_intervals`` (and a frame with ``<utility>_low`` and ``<utility>_high``) it is, on
    the frontier releases: a leader's entry is its least leakage among the releases whose
    whole loss interval is within the budget, every other method's its least leakage (and
    least low end) among the releases whose loss interval reaches into it, and the leaders
    win only when every other method is still separated from them; otherwise the budget is
    ``"undecided"`` with ``reason`` ``"loss intervals straddle the budget"``. Won ranges
    then start later and end sooner, by about the width of the loss intervals; since the
    status changes where an interval ends, those ends inside the span of the losses start
    ranges too.

    No lead is a win where the frame's record counts break the sample-size rule
    (``frame.attrs["diagnostics"]``, set by :func:`evaluate_methods`; see
    :func:`nsp.estimate.diagnostics`): there every budget of a notion estimated from the
    data is ``"too_few_records"``, with the rule's numbers in ``reason``, and ``best`` lists
    the methods the rule above would name (its winners, or the methods it cannot separate).
    The notions of the channel alone (the local-DP ε, C₁) are still ranked.

    The standing changes only at a release's loss, so the budgets are the losses of all
    frontier points; consecutive budgets with the same ``best`` and ``status`` are merged
    into one range ``[loss_from, loss_to)`` (the last range is closed).

    Parameters
    ----------
    frame : pandas.DataFrame
        Output of :func:`evaluate_methods`.
    leakage, utility : str
        Keys of :data:`LEAKAGES` and :data:`UTILITIES`.
    min_margin : float, default MIN_MARGIN
        The least lead (in the unit of the leakage, ``>= 0``) that counts as a win.
    loss_intervals : bool, default False
        Whether the loss's own intervals count (see above).

    Returns
    -------
    pandas.DataFrame
        Columns ``leakage_notion``, ``utility_kind`` (the utility loss's name),
        ``loss_from``, ``loss_to``, ``best``, ``status`` (a key of :data:`WIN_STATUSES`),
        ``reason`` (why a range is not won: the rule's numbers, ``"lead at most
        min_margin"``, ``"intervals overlap"``, ``"no valid interval (a tie of a
        maximum)"``, ``"loss intervals straddle the budget"``; ``""`` where won),
        ``leakage_from`` (the least leakage at ``loss_from``), ``leakage_to`` (at the end of
        the range), ``leakage_low`` and ``leakage_high`` (the lowest and highest end of the
        leaders' intervals over the range; the values without intervals) and ``margin`` (the
        smallest lead over the next method in the range; ``inf`` where no other method has
        a release within the budget).

    See Also
    --------
    frontiers : The frontiers it compares.
    best_methods_summary : For every notion and utility.
    reversals : Where the winners of two notions differ.

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "a", "b", "b"],
    ...                   "mutual_information": [1.0, 0.0, 0.5, 0.2],
    ...                   "information_loss": [0.0, 2.0, 0.5, 1.0]})
    >>> t = best_methods(f, leakage="mutual_information", utility="information_loss")
    >>> t[["loss_from", "loss_to", "best", "status"]].to_numpy().tolist()
    [[0.0, 0.5, 'a', 'margin_only'], [0.5, 2.0, 'b', 'margin_only'], [2.0, 2.0, 'a', \
'margin_only']]

    A lead of 0.0005 (bit) is too small to count:

    >>> f = pd.DataFrame({"method": ["a", "b"], "mutual_information": [0.3, 0.3005],
    ...                   "information_loss": [1.0, 1.0]})
    >>> best_methods(f, leakage="mutual_information", utility="information_loss"
    ...              )[["best", "status", "reason"]].to_numpy().tolist()
    [['a = b', 'undecided', 'lead at most min_margin']]

    A lead of 0.19 bit counted on 16 records spread over 8 cells (2 per cell) is no win:

    >>> from nsp.joint import Joint
    >>> from nsp.notions import Mechanism
    >>> j = Joint.from_counts([[4, 0, 2, 2], [0, 4, 2, 2]], name="few")
    >>> f = evaluate_methods([Mechanism.from_labels([0, 1, 0, 1], method="a"),
    ...                       Mechanism.from_labels([0, 0, 1, 1], method="b")], j)
    >>> t = best_methods(f, leakage="mutual_information", utility="hamming_distortion")
    >>> t[["best", "status", "reason"]].to_numpy().tolist()[0]
    ['b', 'too_few_records', 'sample-size rule broken: fewer than 5 records per cell (2)']
    """
    min_margin = check_real("min_margin", min_margin, low=0.0)
    loss_intervals = check_bool("loss_intervals", loss_intervals)
    front = frontiers(frame, leakage=leakage, utility=utility)
    refused = _refusal(frame, leakage)
    cols = [
        "leakage_notion",
        "utility_kind",
        "loss_from",
        "loss_to",
        "best",
        "status",
        "reason",
        "leakage_from",
        "leakage_to",
        "leakage_low",
        "leakage_high",
        "margin",
    ]
    if front.empty:
        return pd.DataFrame(columns=cols)
    budgets = _budgets(front, loss_intervals=loss_intervals)
    rows: list[dict[str, object]] = []
    whys: list[set[str]] = []
    kind = _win_kind(frame, leakage)
    standings = _standings(
        front,
        budgets,
        min_margin,
        loss_intervals=loss_intervals,
        intervals=kind == "backed",
    )
    for i, (b, st) in enumerate(zip(budgets, standings, strict=True)):
        end = float(budgets[i + 1]) if i + 1 < len(budgets) else float(b)
        status = _status_of(st, refused, kind)
        last = rows[-1] if rows else None
        if last is not None and last["best"] == st.best and last["status"] == status:
            last["loss_to"] = end
            last["leakage_to"] = st.leakage
            last["leakage_low"] = min(float(last["leakage_low"]), st.low)  # type: ignore[arg-type]
            last["leakage_high"] = max(float(last["leakage_high"]), st.high)  # type: ignore[arg-type]
            last["margin"] = min(float(last["margin"]), st.margin)  # type: ignore[arg-type]
            whys[-1].update(st.why)
            continue
        whys.append(set(st.why))
        rows.append(
            {
                "leakage_notion": leakage,
                "utility_kind": utility,
                "loss_from": float(b),
                "loss_to": end,
                "best": st.best,
                "status": status,
                "reason": refused,
                "leakage_from": st.leakage,
                "leakage_to": st.leakage,
                "leakage_low": st.low,
                "leakage_high": st.high,
                "margin": st.margin,
            }
        )
    for row, why in zip(rows, whys, strict=True):
        if row["status"] == "undecided":
            row["reason"] = "; ".join(
                w for w in (_NO_MARGIN, _OVERLAP, _INVALID, _LOSS) if w in why
            )
    return pd.DataFrame(rows, columns=cols)


def _budgets(front: pd.DataFrame, *, loss_intervals: bool) -> np.ndarray:
    """Return the budgets where a frontier's standing can change, sorted.

    Who leads changes only at a release's loss. With ``loss_intervals`` whether the lead is
    backed also changes within a range: where a leader's release becomes surely within the
    budget (the high end of its loss interval) and where a rival's may enter it (the low
    end). Those ends inside the span of the losses are budgets too.
    """
    loss = front["loss"].to_numpy(dtype=float)
    out = np.unique(loss)
    if loss_intervals and out.size:
        ends = np.concatenate(
            [_filled(front, "loss_low", "loss"), _filled(front, "loss_high", "loss")]
        )
        ends = ends[np.isfinite(ends) & (ends > out[0]) & (ends < out[-1])]
        out = np.unique(np.concatenate([out, ends]))
    return out


def _win_kind(frame: pd.DataFrame, leakage: str) -> str:
    """Return what a win under ``leakage`` rests on: a key of :data:`WIN_KINDS`.

    A property of the channel (:data:`FIXED_COLUMNS`); intervals, for a notion that has
    interval columns in ``frame`` (:func:`evaluate_methods` with ``ci``) and depends on the
    probabilities; else the plug-in values alone (the support-based notions, a frame
    without intervals).
    """
    if leakage in FIXED_COLUMNS:
        return "channel_property"
    if leakage in SUPPORT_COLUMNS or f"{leakage}_low" not in frame.columns:
        return "margin_only"
    return "backed"


def _status_of(st: _Standing, refused: str, kind: str) -> str:
    """Return the status of a standing: refused by the rule, else its win kind or undecided."""
    if refused:
        return "too_few_records"
    return kind if st.decided else "undecided"


def best_methods_summary(
    frame: pd.DataFrame,
    *,
    leakages: Sequence[str] = tuple(LEAKAGES),
    utilities: Sequence[str] = tuple(UTILITIES),
    min_margin: float = MIN_MARGIN,
    loss_intervals: bool = False,
) -> pd.DataFrame:
    """Return :func:`best_methods` for every (leakage notion, utility) pair with data.

    Parameters
    ----------
    frame : pandas.DataFrame
        Output of :func:`evaluate_methods`.
    leakages, utilities : sequence of str
        The notions and utilities (default all).
    min_margin : float, default MIN_MARGIN
        The least lead that counts as a win (see :func:`best_methods`).
    loss_intervals : bool, default False
        Whether the loss's own intervals count (see :func:`best_methods`).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`best_methods`, notion by notion, with ``dataset`` first.

    See Also
    --------
    best_methods : One notion and utility.
    winner_shares : The share of the budget each method wins.

    Examples
    --------
    >>> f = pd.DataFrame({"dataset": "toy", "method": ["a", "b"], "maximal_leakage": [1.0, 0.5],
    ...                   "information_loss": [0.0, 1.0]})
    >>> best_methods_summary(f, leakages=["maximal_leakage"],
    ...                      utilities=["information_loss"]).best.tolist()
    ['a', 'b']
    """
    _check_frame(frame)
    leakages = _check_keys("leakages", leakages, tuple(LEAKAGES))
    utilities = _check_keys("utilities", utilities, tuple(UTILITIES))
    min_margin = check_real("min_margin", min_margin, low=0.0)
    loss_intervals = check_bool("loss_intervals", loss_intervals)
    if not any(
        leak in frame.columns and util in frame.columns for util in utilities for leak in leakages
    ):
        raise ValueError(
            f"frame has no column of leakages {leakages} beside one of utilities {utilities}"
        )
    parts = [
        best_methods(
            frame, leakage=leak, utility=util, min_margin=min_margin, loss_intervals=loss_intervals
        )
        for util in utilities
        for leak in leakages
        if leak in frame.columns and util in frame.columns
    ]
    out = pd.concat([p for p in parts if not p.empty], ignore_index=True)
    if "dataset" in frame.columns:
        out.insert(0, "dataset", frame["dataset"].iloc[0])
    return out


def reversals(
    frame: pd.DataFrame,
    *,
    leakages: Sequence[str] = tuple(LEAKAGES),
    utilities: Sequence[str] = tuple(UTILITIES),
    min_width: float = 0.01,
    min_margin: float = MIN_MARGIN,
    loss_intervals: bool = False,
) -> pd.DataFrame:
    """Return the budgets where the method that wins under one notion loses under another.

    At every budget of utility loss (the losses of all frontier points of that utility), the
    leaders under each notion are computed as in :func:`best_methods`. A *reversal* is a
    budget where notion A's leaders and notion B's leaders are disjoint. When both are wins
    in :func:`best_methods` (with ``min_margin``) its status is the weaker of their two win
    kinds (:data:`WIN_KINDS`: ``"backed"`` only when intervals back both wins,
    ``"margin_only"`` as soon as one rests on plug-in values alone); it is
    ``"too_few_records"`` when the sample-size rule refuses either notion's leads (see
    :func:`best_methods`) and ``"undecided"`` otherwise. Consecutive budgets with
    the same (A, leader, B, leader, status) are merged into one range, and ranges narrower
    than ``min_width`` times the span of the budgets are left out (near-ties of two losses).
    With ``loss_intervals`` a win must also hold with the loss's own intervals counted, as in
    :func:`best_methods`.

    Parameters
    ----------
    frame : pandas.DataFrame
        Output of :func:`evaluate_methods`.
    leakages, utilities : sequence of str
        The notions and utilities (default all).
    min_width : float
        Relative width below which a range is left out (in ``[0, 1)``).
    min_margin : float, default MIN_MARGIN
        The least lead that counts as a win (see :func:`best_methods`).
    loss_intervals : bool, default False
        Whether the loss's own intervals count (see :func:`best_methods`).

    Returns
    -------
    pandas.DataFrame
        Columns ``utility_kind``, ``loss_from``, ``loss_to``, ``leakage_notion_a``,
        ``winner_a``, ``leakage_notion_b``, ``winner_b``, ``status``, ``margin_a``,
        ``margin_b`` (the smallest leads of each winner over the range) and ``leakage_a_low``,
        ``leakage_a_high``, ``leakage_b_low``, ``leakage_b_high`` (their intervals over the
        range), with A before B in the order of :data:`LEAKAGES`.

    See Also
    --------
    best_methods : The winners under one notion.

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "b"], "mutual_information": [0.1, 0.2],
    ...                   "maximal_leakage": [0.9, 0.5], "information_loss": [1.0, 1.0]})
    >>> r = reversals(f, leakages=["mutual_information", "maximal_leakage"],
    ...               utilities=["information_loss"])
    >>> r[["winner_a", "winner_b", "status"]].to_numpy().tolist()
    [['a', 'b', 'margin_only']]
    """
    _check_frame(frame)
    leakages = _check_keys("leakages", leakages, tuple(LEAKAGES))
    utilities = _check_keys("utilities", utilities, tuple(UTILITIES))
    min_width = check_real("min_width", min_width, low=0.0, high=1.0, closed="left")
    min_margin = check_real("min_margin", min_margin, low=0.0)
    loss_intervals = check_bool("loss_intervals", loss_intervals)
    rows: list[dict[str, object]] = []
    spans: dict[str, float] = {}
    for util in utilities:
        if util not in frame.columns:
            continue
        fronts = {
            leak: frontiers(frame, leakage=leak, utility=util)
            for leak in leakages
            if leak in frame.columns
        }
        fronts = {k: v for k, v in fronts.items() if not v.empty}
        if not fronts:
            continue
        budgets = np.unique(
            np.concatenate([_budgets(f, loss_intervals=loss_intervals) for f in fronts.values()])
        )
        spans[util] = float(budgets[-1] - budgets[0])
        stand = {
            k: _standings(
                f,
                budgets,
                min_margin,
                loss_intervals=loss_intervals,
                intervals=_win_kind(frame, k) == "backed",
            )
            for k, f in fronts.items()
        }
        refused = {k: bool(_refusal(frame, k)) for k in fronts}
        names = list(fronts)
        for ia, a in enumerate(names):
            for b_name in names[ia + 1 :]:
                rows += _reversal_rows(
                    util,
                    budgets,
                    (a, stand[a]),
                    (b_name, stand[b_name]),
                    refused=refused[a] or refused[b_name],
                    kind=_weaker(_win_kind(frame, a), _win_kind(frame, b_name)),
                )
    out = pd.DataFrame(rows, columns=_REVERSAL_COLUMNS)
    for util_key, grp in out.groupby("utility_kind"):
        span = spans[str(util_key)]
        narrow = grp.index[(grp.loss_to - grp.loss_from) < min_width * span]
        out = out.drop(index=narrow)
    out = out.reset_index(drop=True)
    if "dataset" in frame.columns and not out.empty:
        out.insert(0, "dataset", frame["dataset"].iloc[0])
    return out


def _weaker(a: str, b: str) -> str:
    """Return the weaker of two win kinds (:data:`WIN_KINDS` runs from strongest to weakest)."""
    return max(a, b, key=WIN_KINDS.index)


_REVERSAL_COLUMNS = [
    "utility_kind",
    "loss_from",
    "loss_to",
    "leakage_notion_a",
    "winner_a",
    "leakage_notion_b",
    "winner_b",
    "status",
    "margin_a",
    "margin_b",
    "leakage_a_low",
    "leakage_a_high",
    "leakage_b_low",
    "leakage_b_high",
]


def _reversal_rows(
    util: str,
    budgets: np.ndarray,
    notion_a: tuple[str, list[_Standing]],
    notion_b: tuple[str, list[_Standing]],
    *,
    refused: bool,
    kind: str,
) -> list[dict[str, object]]:
    (a, stand_a), (b, stand_b) = notion_a, notion_b
    rows: list[dict[str, object]] = []
    last: dict[str, object] | None = None
    for i, budget in enumerate(budgets):
        sa, sb = stand_a[i], stand_b[i]
        end = float(budgets[i + 1]) if i + 1 < len(budgets) else float(budget)
        wa, wb = sa.leaders, sb.leaders
        if not wa or not wb or set(wa.split(" = ")) & set(wb.split(" = ")):
            last = None
            continue
        if refused:
            status = "too_few_records"
        else:
            status = kind if sa.decided and sb.decided else "undecided"
        if last is not None and (last["winner_a"], last["winner_b"], last["status"]) == (
            wa,
            wb,
            status,
        ):
            last["loss_to"] = end
            for key, val, pick in (
                ("margin_a", sa.margin, min),
                ("margin_b", sb.margin, min),
                ("leakage_a_low", sa.low, min),
                ("leakage_a_high", sa.high, max),
                ("leakage_b_low", sb.low, min),
                ("leakage_b_high", sb.high, max),
            ):
                last[key] = pick(float(last[key]), val)  # type: ignore[arg-type]
            continue
        last = {
            "utility_kind": util,
            "loss_from": float(budget),
            "loss_to": end,
            "leakage_notion_a": a,
            "winner_a": wa,
            "leakage_notion_b": b,
            "winner_b": wb,
            "status": status,
            "margin_a": sa.margin,
            "margin_b": sb.margin,
            "leakage_a_low": sa.low,
            "leakage_a_high": sa.high,
            "leakage_b_low": sb.low,
            "leakage_b_high": sb.high,
        }
        rows.append(last)
    return rows


#: The notions that see only supports: constant over a sweep when the supports do not change.
_SUPPORT_NOTIONS = ("nonstochastic_leakage", "maximin_information")


def _status(col: str, values: np.ndarray) -> str:
    if values.size == 0 or np.all(np.isnan(values)):
        return "undefined"
    if np.all(np.isinf(values)):
        return "infinite"
    constant = np.all(np.isfinite(values)) and np.ptp(values) <= TIE_TOL
    if col in _SUPPORT_NOTIONS and values.size >= 2 and constant:
        return "constant"
    return "defined"


def definedness(
    frame: pd.DataFrame,
    *,
    columns: Sequence[str] = (*LEAKAGES, *UTILITIES),
    methods: Sequence[str] = tuple(METHODS.values()),
) -> pd.DataFrame:
    """Return every (method, notion) pair that is undefined, infinite or constant, and why.

    A method absent from ``frame`` (it needs an ordered X and the joint has none) is listed
    once with ``notion="(all)"``. A notion that sees only supports (L0, I*) and takes one value
    over two releases or more of a method is *constant*: defined, but blind to that method's
    parameter (e.g. L0 = 0 for every full-support channel).

    Parameters
    ----------
    frame : pandas.DataFrame
        Output of :func:`evaluate_methods`.
    columns : sequence of str
        The notions and utilities to inspect.
    methods : sequence of str
        Every method expected (default all of :data:`nsp.notions.METHODS`).

    Returns
    -------
    pandas.DataFrame
        Columns ``method``, ``notion``, ``status`` (``"undefined"``, ``"infinite"``,
        ``"constant"``, ``"absent"``), ``value`` (the constant), ``reason``.

    See Also
    --------
    evaluate_methods : The table it inspects.

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "a"], "noiseless_epsilon": [np.nan, np.nan],
    ...                   "ldp_epsilon": [1.0, 2.0]})
    >>> definedness(f, columns=["noiseless_epsilon", "ldp_epsilon"], methods=["a", "b"]
    ...             )[["method", "notion", "status"]].to_numpy().tolist()
    [['a', 'noiseless_epsilon', 'undefined'], ['b', '(all)', 'absent']]
    """
    _check_frame(frame)
    columns = _check_keys("columns", columns, (*LEAKAGES, *UTILITIES))
    methods = as_sequence("methods", methods)
    for i, m in enumerate(methods):
        if not isinstance(m, str):
            raise ValueError(f"methods[{i}] must be a method's name (a str); got {m!r}")
    if "method" not in frame.columns:
        raise ValueError("frame has no column 'method' (use evaluate_methods)")
    rows = []
    present = set(frame["method"])
    for m in methods:
        if m not in present:
            rows.append(
                {
                    "method": m,
                    "notion": "(all)",
                    "status": "absent",
                    "value": math.nan,
                    "reason": "needs an ordered X (numeric values); this X has none",
                }
            )
            continue
        sub = frame[frame.method == m]
        for col in columns:
            if col not in frame.columns:
                continue
            vals = sub[col].to_numpy(dtype=float)
            st = _status(col, vals)
            if st == "defined":
                continue
            rows.append(
                {
                    "method": m,
                    "notion": col,
                    "status": st,
                    "value": float(vals[0]) if st == "constant" else math.nan,
                    "reason": _DEFINED_REASONS.get((col, st), ""),
                }
            )
    return pd.DataFrame(rows, columns=["method", "notion", "status", "value", "reason"])


def winner_shares(best: pd.DataFrame) -> pd.DataFrame:
    """Return, per (utility, notion), the share of the budget range each method wins.

    The share of a method is the total width of the ranges of :func:`best_methods` it wins
    (a ``status`` of :data:`WIN_KINDS`; tied winners each count the whole range), divided by
    the width of all ranges; its ``status`` says what kind of win it is. The ranges the
    data cannot decide are counted once, by status: in a row whose ``method`` is
    ``"undecided"`` (leads too small, intervals overlapping or not valid) and in one whose
    ``method`` is ``"too_few_records"`` (the sample-size rule refuses every lead).

    Parameters
    ----------
    best : pandas.DataFrame
        Output of :func:`best_methods_summary` (or :func:`best_methods`).

    Returns
    -------
    pandas.DataFrame
        Columns ``utility_kind``, ``leakage_notion``, ``method``, ``status`` (the kind of
        its wins, or the status of the undecided and refused rows), ``share``; within a
        pair, the methods by largest share first (ties: order of
        :data:`nsp.notions.METHODS`), then the ``"undecided"`` and ``"too_few_records"``
        rows (when a range has that status).

    See Also
    --------
    best_methods_summary : The winners themselves.

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "a", "b", "b"],
    ...                   "mutual_information": [1.0, 0.0, 0.5, 0.2],
    ...                   "information_loss": [0.0, 2.0, 0.5, 1.0]})
    >>> w = winner_shares(best_methods(f, leakage="mutual_information",
    ...                                utility="information_loss"))
    >>> w[["method", "status", "share"]].to_numpy().tolist()
    [['b', 'margin_only', 0.75], ['a', 'margin_only', 0.25]]
    """
    check_frame("best", best)
    missing = [
        c
        for c in ("utility_kind", "leakage_notion", "loss_from", "loss_to", "best", "status")
        if c not in best.columns
    ]
    if missing:
        raise ValueError(f"best has no column {missing[0]!r} (use best_methods_summary)")
    known = list(METHODS.values())
    rows = []
    for (util, leak), grp in best.groupby(["utility_kind", "leakage_notion"], sort=False):
        width = (grp["loss_to"] - grp["loss_from"]).to_numpy(dtype=float)
        total = float(width.sum())
        acc: dict[str, float] = {}
        kinds: dict[str, str] = {}
        open_: dict[str, float] = {"undecided": 0.0, "too_few_records": 0.0}
        for who, status, w in zip(
            grp["best"].astype(str), grp["status"].astype(str), width, strict=True
        ):
            if status not in WIN_KINDS:
                key = "too_few_records" if status == "too_few_records" else "undecided"
                open_[key] += float(w)
                continue
            for m in who.split(" = ") if who else []:
                acc[m] = acc.get(m, 0.0) + float(w)
                kinds[m] = _weaker(kinds.get(m, status), status)
        order = sorted(acc, key=lambda m: (-acc[m], known.index(m) if m in known else 99, m))
        shares = [(m, kinds[m], acc[m]) for m in order]
        shares += [(key, key, w) for key, w in open_.items() if w > 0]
        for m, kind, w in shares:
            share = w / total if total > 0 else math.nan
            rows.append(
                {
                    "utility_kind": util,
                    "leakage_notion": leak,
                    "method": m,
                    "status": kind,
                    "share": share,
                }
            )
    return pd.DataFrame(
        rows, columns=["utility_kind", "leakage_notion", "method", "status", "share"]
    )
