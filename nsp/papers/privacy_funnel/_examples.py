"""The privacy funnel's worked examples E1–E5, their table, and Theorem 1 on random instances.

The paper prints no numeric example: E1–E5 are hand-checkable examples (joint pmfs and the
values derived by hand, in bits), recomputed by :func:`worked_examples_table`. Public through
:mod:`nsp.papers.privacy_funnel`.
"""

from __future__ import annotations

import math
import os
from collections.abc import Hashable, Sequence
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp import info
from nsp._validation import (
    Base,
    as_sequence,
    check_base,
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
    disclosure,
    inference_cost_gain,
    merge_costs,
    theorem1_bound,
)
from nsp.papers import paper_vs_ours
from nsp.papers.privacy_funnel._census import _GREEDY, adult_census_joint

__all__ = [
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
#: Algorithms by function name: ``"greedy_privacy_funnel"`` (Algorithm 1),
#: ``"greedy_information_bottleneck"`` (Algorithm 2 as printed), ``"greedy_max_leakage"``
#: (Note 1's reading).
E1_GREEDY: tuple[_Call, ...] = (
    ("greedy_privacy_funnel", 2.0, (2.0, 1.0), "{0}{1}{2}{3}"),
    ("greedy_privacy_funnel", 1.5, (1.5, 0.5), "{0,1}{2}{3}"),
    ("greedy_privacy_funnel", 1.0, (1.0, 0.0), "{0,1}{2,3}"),
    ("greedy_privacy_funnel", 0.5, (1.0, 0.0), "{0,1}{2,3}"),
    ("greedy_privacy_funnel", 0.0, (0.0, 0.0), "{0,1,2,3}"),
    ("greedy_information_bottleneck", 1.0, (1.0, 1.0), "{0,2}{1,3}"),
    ("greedy_information_bottleneck", 0.5, (1.5, 0.5), "{0,1}{2}{3}"),
    ("greedy_information_bottleneck", 0.0, (0.0, 0.0), "{0,1,2,3}"),
    ("greedy_max_leakage", 1.0, (1.0, 1.0), "{0,2}{1,3}"),
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
    ("greedy_privacy_funnel", 1.0, (1.570951, 0.197768), "{0}{1}{2}"),
    ("greedy_privacy_funnel", 0.9, (0.970951, 0.181496), "{0}{1,2}"),
    ("greedy_privacy_funnel", 0.5, (0.881291, 0.017286), "{0,2}{1}"),
    ("greedy_privacy_funnel", 0.0, (0.0, 0.0), "{0,1,2}"),
    ("greedy_information_bottleneck", 0.15, (0.970951, 0.181496), "{0}{1,2}"),
    ("greedy_information_bottleneck", 0.10, (0.881291, 0.108108), "{0,1}{2}"),
    ("greedy_information_bottleneck", 0.0, (0.0, 0.0), "{0,1,2}"),
)

#: E5: the census summary (bits, 4 decimals) for both files and for the training file.
E5_SUMMARY: dict[str, dict[str, float]] = {
    "both": {"N": 48842, "H_X": 5.2279, "H_S": 3.1468, "I_SX": 2.5407, "H_X_given_S": 2.6872},
    "train": {"N": 32561, "H_X": 5.2196, "H_S": 3.1413, "I_SX": 2.5351, "H_X_given_S": 2.6845},
}

#: The paper's numbers, as the worked-examples table prints them.
_SHORT = {
    "greedy_privacy_funnel": "Alg1",
    "greedy_information_bottleneck": "Alg2",
    "greedy_max_leakage": "Alg2′",
}


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

    See Also
    --------
    worked_examples_table : Where it is used.

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

    See Also
    --------
    groups_text : The notation of the groups.
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

    See Also
    --------
    nsp.clustering.funnel.theorem1_bound : The bound.
    nsp.clustering.funnel.inference_cost_gain : The gain bounded.

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
