"""Every method measured by every notion: frontiers, who wins where, and where winners disagree.

:func:`evaluate_methods` measures a sweep of mechanisms (:func:`nsp.notions.all_methods` and the
``*_sweep`` functions) on a joint with :func:`nsp.notions.evaluate_many` and adds the utility
losses the frontiers minimize (:data:`UTILITIES`: ``information_loss`` ``H(X|Y) = H(X) − I(X;Y)``,
the Bayes error ``hamming_distortion`` and the MMSE ``numeric_distortion``). Then, for a leakage
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

The comparison's tables and figures (markdown renderings, the frontier figure) are written by
:mod:`nsp.papers.compare`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from nsp._validation import Base, as_sequence, check_choice, check_frame, check_real
from nsp.info import entropy
from nsp.joint import Joint
from nsp.notions._evaluation import evaluate_many
from nsp.notions._mechanism import Mechanism
from nsp.notions._methods import METHODS
from nsp.pareto import pareto_front

__all__ = [
    "LEAKAGES",
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
    "ldp_epsilon": "local DP ε of W",
    "noiseless_epsilon": "noiseless ε",
}

#: Utility losses (minimized) and their labels.
UTILITIES: dict[str, str] = {
    "information_loss": "information loss H(X) − I(X;Y)",
    "hamming_distortion": "Bayes error P(X̂ ≠ X)",
    "numeric_distortion": "MMSE E[(X − E[X|Y])²]",
}

#: Two leakages closer than this are a tie.
TIE_TOL: float = 1e-9

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
    mechanisms: Sequence[Mechanism], joint: Joint, *, base: Base = 2
) -> pd.DataFrame:
    """Measure every mechanism by every notion on ``joint`` and add the utility losses.

    Parameters
    ----------
    mechanisms : sequence of Mechanism
        The releases, e.g. :func:`nsp.notions.all_methods`.
    joint : nsp.joint.Joint
        The joint.
    base : float or {"e", "nats", "bits"}
        Unit of every information quantity and of both ε.

    Returns
    -------
    pandas.DataFrame
        :func:`nsp.notions.evaluate_many`'s columns plus ``dataset`` and
        ``information_loss`` ``H(X) − I(X;Y)``.

    Examples
    --------
    >>> from nsp.joint import Joint
    >>> from nsp.notions import funnel_sweep
    >>> j = Joint([[.25, 0, .25, 0], [0, .25, 0, .25]], name="E1")
    >>> f = evaluate_methods(funnel_sweep(j, algorithms=["alg1"], n_budgets=3), j)
    >>> f[["information_loss", "mutual_information"]].round(9).to_numpy().tolist()
    [[2.0, 0.0], [1.0, 0.0], [0.0, 1.0]]
    """
    mechanisms = as_sequence("mechanisms", mechanisms)
    if not isinstance(joint, Joint):
        raise ValueError(f"joint must be an nsp.joint.Joint; got {type(joint).__name__}")
    frame = evaluate_many(mechanisms, joint.p_sx, x_values=joint.x_values, base=base)
    h_x = entropy(joint.p_sx.sum(axis=0), base=base)
    loss = np.maximum(h_x - frame["utility_information"].to_numpy(dtype=float), 0.0)
    frame.insert(0, "dataset", joint.name)
    frame["information_loss"] = loss
    return frame


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


def _finite(frame: pd.DataFrame, leakage: str, utility: str) -> pd.DataFrame:
    x = frame[utility].to_numpy(dtype=float)
    y = frame[leakage].to_numpy(dtype=float)
    return frame[np.isfinite(x) & np.isfinite(y)]


def frontiers(frame: pd.DataFrame, *, leakage: str, utility: str) -> pd.DataFrame:
    """Return each method's Pareto frontier: least ``leakage`` for at most ``utility`` loss.

    Rows where either value is NaN (undefined) or infinite are left out.

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
        Columns ``method``, ``parameter``, ``value``, ``loss``, ``leakage``, sorted by method
        (in the order of :data:`nsp.notions.METHODS`), then loss.

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "a", "a"], "parameter": "k", "value": [1, 2, 3],
    ...                   "mutual_information": [1.0, 0.5, 0.7],
    ...                   "information_loss": [0.0, 1.0, 2.0]})
    >>> frontiers(f, leakage="mutual_information", utility="information_loss").value.tolist()
    [1, 2]
    """
    _check_pair(frame, leakage, utility)
    rows = []
    for method in _method_order(frame):
        sub = _finite(frame[frame.method == method], leakage, utility)
        if sub.empty:
            continue
        front = pareto_front(sub, x=utility, y=leakage, tol=TIE_TOL)
        rows.append(
            pd.DataFrame(
                {
                    "method": method,
                    "parameter": front.get("parameter", ""),
                    "value": front.get("value", np.nan),
                    "loss": front[utility].to_numpy(dtype=float),
                    "leakage": front[leakage].to_numpy(dtype=float),
                }
            )
        )
    cols = ["method", "parameter", "value", "loss", "leakage"]
    return pd.concat(rows, ignore_index=True) if rows else pd.DataFrame(columns=cols)


def _method_order(frame: pd.DataFrame) -> list[str]:
    known = list(METHODS.values())
    present = list(dict.fromkeys(frame["method"]))
    return sorted(present, key=lambda m: (known.index(m) if m in known else len(known), m))


def _winners_at(front: pd.DataFrame, budgets: np.ndarray) -> list[tuple[str, float]]:
    """At each budget: the winning methods (joined with " = ") and their leakage."""
    out = []
    methods = list(dict.fromkeys(front["method"]))
    loss = front["loss"].to_numpy(dtype=float)
    leak = front["leakage"].to_numpy(dtype=float)
    meth = front["method"].to_numpy()
    for b in budgets:
        best: dict[str, float] = {}
        for m in methods:
            ok = (meth == m) & (loss <= b + TIE_TOL)
            if ok.any():
                best[m] = float(leak[ok].min())
        if not best:
            out.append(("", math.nan))
            continue
        low = min(best.values())
        win = [m for m in methods if m in best and best[m] <= low + TIE_TOL]
        out.append((" = ".join(win), low))
    return out


def best_methods(frame: pd.DataFrame, *, leakage: str, utility: str) -> pd.DataFrame:
    """Return, as ranges of the utility-loss budget, the method that leaks least within it.

    For a budget ``b`` the candidates are the releases with loss ``≤ b`` (and a finite leakage);
    the winner is the method of least leakage among them (tied methods, within
    :data:`TIE_TOL`, are joined with ``" = "``). The winner changes only at a release's loss,
    so the budgets are the losses of all frontier points; consecutive budgets with the same
    winner are merged into one range ``[loss_from, loss_to)`` (the last range is closed).

    Parameters
    ----------
    frame : pandas.DataFrame
        Output of :func:`evaluate_methods`.
    leakage, utility : str
        Keys of :data:`LEAKAGES` and :data:`UTILITIES`.

    Returns
    -------
    pandas.DataFrame
        Columns ``leakage_notion``, ``utility``, ``loss_from``, ``loss_to``, ``best``,
        ``leakage_from`` (the winner's leakage at ``loss_from``), ``leakage_to`` (at the end
        of the range).

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "a", "b", "b"],
    ...                   "mutual_information": [1.0, 0.0, 0.5, 0.2],
    ...                   "information_loss": [0.0, 2.0, 0.5, 1.0]})
    >>> t = best_methods(f, leakage="mutual_information", utility="information_loss")
    >>> t[["loss_from", "loss_to", "best"]].to_numpy().tolist()
    [[0.0, 0.5, 'a'], [0.5, 2.0, 'b'], [2.0, 2.0, 'a']]
    """
    front = frontiers(frame, leakage=leakage, utility=utility)
    cols = ["leakage_notion", "utility", "loss_from", "loss_to", "best", "leakage_from"]
    cols.append("leakage_to")
    if front.empty:
        return pd.DataFrame(columns=cols)
    budgets = np.unique(front["loss"].to_numpy(dtype=float))
    wins = _winners_at(front, budgets)
    rows: list[dict[str, object]] = []
    for i, (b, (who, val)) in enumerate(zip(budgets, wins, strict=True)):
        end = float(budgets[i + 1]) if i + 1 < len(budgets) else float(b)
        if rows and rows[-1]["best"] == who:
            rows[-1]["loss_to"] = end
            rows[-1]["leakage_to"] = val
            continue
        rows.append(
            {
                "leakage_notion": leakage,
                "utility": utility,
                "loss_from": float(b),
                "loss_to": end,
                "best": who,
                "leakage_from": val,
                "leakage_to": val,
            }
        )
    return pd.DataFrame(rows, columns=cols)


def best_methods_summary(
    frame: pd.DataFrame,
    *,
    leakages: Sequence[str] = tuple(LEAKAGES),
    utilities: Sequence[str] = tuple(UTILITIES),
) -> pd.DataFrame:
    """Return :func:`best_methods` for every (leakage notion, utility) pair with data.

    Parameters
    ----------
    frame : pandas.DataFrame
        Output of :func:`evaluate_methods`.
    leakages, utilities : sequence of str
        The notions and utilities (default all).

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`best_methods`, notion by notion, with ``dataset`` first.

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
    if not any(
        leak in frame.columns and util in frame.columns for util in utilities for leak in leakages
    ):
        raise ValueError(
            f"frame has no column of leakages {leakages} beside one of utilities {utilities}"
        )
    parts = [
        best_methods(frame, leakage=leak, utility=util)
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
) -> pd.DataFrame:
    """Return the budgets where the method that wins under one notion loses under another.

    At every budget of utility loss (the losses of all frontier points of that utility), the
    winners under each notion are computed as in :func:`best_methods`. A *reversal* is a
    budget where notion A's winners and notion B's winners are disjoint; consecutive budgets
    with the same (A, winner, B, winner) are merged into one range, and ranges narrower than
    ``min_width`` times the span of the budgets are left out (near-ties of two losses).

    Parameters
    ----------
    frame : pandas.DataFrame
        Output of :func:`evaluate_methods`.
    leakages, utilities : sequence of str
        The notions and utilities (default all).
    min_width : float
        Relative width below which a range is left out (in ``[0, 1)``).

    Returns
    -------
    pandas.DataFrame
        Columns ``utility``, ``loss_from``, ``loss_to``, ``notion_a``, ``winner_a``,
        ``notion_b``, ``winner_b``, with A before B in the order of :data:`LEAKAGES`.

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "b"], "mutual_information": [0.1, 0.2],
    ...                   "maximal_leakage": [0.9, 0.5], "information_loss": [1.0, 1.0]})
    >>> r = reversals(f, leakages=["mutual_information", "maximal_leakage"],
    ...               utilities=["information_loss"])
    >>> r[["winner_a", "winner_b"]].to_numpy().tolist()
    [['a', 'b']]
    """
    _check_frame(frame)
    leakages = _check_keys("leakages", leakages, tuple(LEAKAGES))
    utilities = _check_keys("utilities", utilities, tuple(UTILITIES))
    min_width = check_real("min_width", min_width, low=0.0, high=1.0, closed="left")
    cols = ["utility", "loss_from", "loss_to", "notion_a", "winner_a", "notion_b", "winner_b"]
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
            np.concatenate([f["loss"].to_numpy(dtype=float) for f in fronts.values()])
        )
        spans[util] = float(budgets[-1] - budgets[0])
        wins = {k: [w for w, _ in _winners_at(f, budgets)] for k, f in fronts.items()}
        names = list(fronts)
        for ia, a in enumerate(names):
            for b_name in names[ia + 1 :]:
                last: dict[str, object] | None = None
                for i, b in enumerate(budgets):
                    wa, wb = wins[a][i], wins[b_name][i]
                    end = float(budgets[i + 1]) if i + 1 < len(budgets) else float(b)
                    if not wa or not wb or set(wa.split(" = ")) & set(wb.split(" = ")):
                        last = None
                        continue
                    if last is not None and last["winner_a"] == wa and last["winner_b"] == wb:
                        last["loss_to"] = end
                        continue
                    last = {
                        "utility": util,
                        "loss_from": float(b),
                        "loss_to": end,
                        "notion_a": a,
                        "winner_a": wa,
                        "notion_b": b_name,
                        "winner_b": wb,
                    }
                    rows.append(last)
    out = pd.DataFrame(rows, columns=cols)
    for util_key, grp in out.groupby("utility"):
        span = spans[str(util_key)]
        narrow = grp.index[(grp.loss_to - grp.loss_from) < min_width * span]
        out = out.drop(index=narrow)
    out = out.reset_index(drop=True)
    if "dataset" in frame.columns and not out.empty:
        out.insert(0, "dataset", frame["dataset"].iloc[0])
    return out


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

    The share of a method is the total width of the ranges of :func:`best_methods` in which it
    is a winner (tied methods each count the whole range), divided by the width of all ranges.

    Parameters
    ----------
    best : pandas.DataFrame
        Output of :func:`best_methods_summary` (or :func:`best_methods`).

    Returns
    -------
    pandas.DataFrame
        Columns ``utility``, ``leakage_notion``, ``method``, ``share``; within a pair, largest
        share first (ties: order of :data:`nsp.notions.METHODS`).

    Examples
    --------
    >>> f = pd.DataFrame({"method": ["a", "a", "b", "b"],
    ...                   "mutual_information": [1.0, 0.0, 0.5, 0.2],
    ...                   "information_loss": [0.0, 2.0, 0.5, 1.0]})
    >>> w = winner_shares(best_methods(f, leakage="mutual_information",
    ...                                utility="information_loss"))
    >>> w[["method", "share"]].to_numpy().tolist()
    [['b', 0.75], ['a', 0.25]]
    """
    check_frame("best", best)
    known = list(METHODS.values())
    rows = []
    for (util, leak), grp in best.groupby(["utility", "leakage_notion"], sort=False):
        width = (grp["loss_to"] - grp["loss_from"]).to_numpy(dtype=float)
        total = float(width.sum())
        acc: dict[str, float] = {}
        for who, w in zip(grp["best"].astype(str), width, strict=True):
            for m in who.split(" = ") if who else []:
                acc[m] = acc.get(m, 0.0) + float(w)
        order = sorted(acc, key=lambda m: (-acc[m], known.index(m) if m in known else 99, m))
        for m in order:
            share = acc[m] / total if total > 0 else math.nan
            rows.append({"utility": util, "leakage_notion": leak, "method": m, "share": share})
    return pd.DataFrame(rows, columns=["utility", "leakage_notion", "method", "share"])
