"""Reference implementations of the privacy-funnel algorithms, computed from the definitions.

Each function recomputes every quantity from scratch with :mod:`nsp.info`, with no cache and
no closed form, so that it can check the fast implementations (tests) and time them
(``benchmarks/bench_funnel.py``):

* :func:`greedy_reference`: the greedy algorithms (Algorithms 1, 2 and 2′, and the ratio
  greedy), every candidate
  pair's I(S;Y') and I(X;Y') recomputed, same rules as
  :mod:`nsp.clustering.funnel._greedy`;
* :func:`merge_costs_reference`: Proposition 1's costs as differences of mutual informations;
* :func:`brute_force_reference`: (I(X;Y), I(S;Y)) of every partition of X, one mapping at a
  time.

References
----------
.. [1] A. Makhdoumi, S. Salamatian, N. Fawaz, M. Médard, "From the information bottleneck to
   the privacy funnel", IEEE ITW 2014, doi:10.1109/ITW.2014.6970882, arXiv:1402.1774.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp import info
from nsp._algorithms import check_algorithm
from nsp._validation import Base, check_choice, log_base
from nsp.clustering.funnel._curves import _check_brute_force_size, set_partition_labels
from nsp.clustering.funnel._greedy import (
    _ALGORITHMS,
    Algorithm,
    GreedyResult,
    _finish,
    _prepare,
)
from nsp.clustering.funnel._measures import (
    _joint,
    _joint_and_mapping,
    disclosure,
    mapping_from_partition,
    merge_costs,
    privacy_leakage,
)
from nsp.partition import Partition

__all__ = ["greedy_reference", "merge_costs_reference", "brute_force_reference"]


def greedy_reference(
    p_sx: ArrayLike,
    param: float,
    *,
    algorithm: Algorithm = "greedy_privacy_funnel",
    base: Base = 2,
    tol: float = 1e-12,
    tie_tol: float = 1e-12,
    disclosure_from: Literal["joint", "marginal"] = "joint",
    max_merges: int | None = None,
) -> GreedyResult:
    """Run a greedy algorithm without caching: I(S;Y') and I(X;Y') recomputed for every pair.

    For every candidate pair of the current output letters the merged mapping's joints are
    formed and both mutual informations are computed from scratch with :mod:`nsp.info`
    (``disclosure_from="joint"``: I(X;Y') from the |X|×|Y'| joint; ``"marginal"``: from the
    marginal of Y', valid as every mapping here is deterministic so I(X;Y') = H(Y')). Same
    rules (feasibility, ties, slots) as the cached versions: the test oracle and the
    benchmark's baseline.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S (axis 0) and X (axis 1).
    param : float
        Δ for ``"greedy_information_bottleneck"``, R for the others, in ``base`` units.
    algorithm : {"greedy_privacy_funnel", "greedy_information_bottleneck", \
"greedy_max_leakage", "greedy_ratio_funnel"}
        Algorithm 1, Algorithm 2 as printed, Algorithm 2′ (Note 1's reading), or the ratio
        greedy (:func:`nsp.clustering.funnel.greedy_ratio_funnel`, not in the paper; its
        ``tie_tol`` is on the ratio, dimensionless); the paper's numbers ``"algorithm1"``,
        ``"algorithm2"``, ``"algorithm2_prime"`` are aliases.
    base, tol, tie_tol, max_merges
        As in :func:`nsp.clustering.funnel.greedy_privacy_funnel`.
    disclosure_from : {"joint", "marginal"}
        How I(X;Y') is computed (the same number; "marginal" is faster).

    Returns
    -------
    GreedyResult
        As the cached algorithms return it (without a trace).

    Raises
    ------
    ValueError
        As :func:`nsp.clustering.funnel.greedy_privacy_funnel`, or for an unknown
        ``algorithm`` or ``disclosure_from``.

    Examples
    --------
    >>> from nsp.clustering.funnel import greedy_privacy_funnel
    >>> p = [[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]]
    >>> greedy_reference(p, 0.5).groups == greedy_privacy_funnel(p, 0.5).groups
    True
    """
    alg = check_algorithm(algorithm, "funnel")
    p, support, a_s, mass = _prepare(
        p_sx, alg, [param], base, tol, tie_tol, name="param", max_merges=max_merges
    )
    check_choice("disclosure_from", disclosure_from, ("joint", "marginal"))
    param = float(param)
    lb = log_base(base)
    thr, tol_n = param * lb, tol * lb
    tie_n = tie_tol if alg == "greedy_ratio_funnel" else tie_tol * lb  # ratios have no unit
    objective, constraint = _ALGORITHMS[alg]
    q = a_s.T  # S × support
    n = q.shape[1]
    labels = np.arange(n)  # support letter -> current output letter (canonical order)
    e = math.e

    def measures(lab: NDArray[np.intp], k: int) -> tuple[float, float]:
        if disclosure_from == "joint":
            w = np.zeros((n, k))
            w[np.arange(n), lab] = 1.0
            p_sy = q @ w
            i_xy = info.mutual_information(mass[:, None] * w, 0, 1, base=e)
        else:  # P_SY' = P_SX P_{Y'|X} from the labels, O(|S| |X|)
            p_sy = np.stack([np.bincount(lab, weights=row, minlength=k) for row in q])
            i_xy = info.entropy(p_sy.sum(axis=0), base=e)
        i_sy = info.mutual_information(p_sy, 0, 1, base=e)
        return i_xy, i_sy

    k = n
    step = 0
    while k > 1 and (max_merges is None or step < max_merges):
        cur_xy, cur_sy = measures(labels, k)
        best: list[tuple[float, int, int]] = []
        for a in range(k):
            for b in range(a + 1, k):
                lab = np.where(labels == b, a, labels)
                lab = np.where(lab > b, lab - 1, lab)
                xy, sy = measures(lab, k - 1)
                after = xy if constraint == "X" else sy
                if after < thr - tol_n:
                    continue
                d_s, d_x = cur_sy - sy, cur_xy - xy
                if objective == "dS/dX":  # ratio greedy; d_x <= 0 only through rounding
                    score = d_s / d_x if d_x > 0 else (math.inf if d_s > 0 else 0.0)
                else:
                    score = {"dS": d_s, "dX": d_x, "-dS": -d_s}[objective]
                best.append((score, a, b))
        if not best:
            break
        top = max(s for s, _, _ in best)
        _, a, b = next(t for t in best if t[0] >= top - tie_n)
        labels = np.where(labels == b, a, labels)
        labels = np.where(labels > b, labels - 1, labels)
        k -= 1
        step += 1
    # labels -> slot (smallest member) for _finish
    first = np.full(k, n)
    np.minimum.at(first, labels, np.arange(n))
    return _finish(p, support, first[labels], alg, param, base, None)


def merge_costs_reference(
    p_sx: ArrayLike, mapping: ArrayLike, i: int, j: int, *, base: Base = 2
) -> tuple[float, float]:
    """Proposition 1's costs from the definition: I(S;Y) and I(X;Y) before minus after merging.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of S and X.
    mapping : array_like, shape (n_x, n_y)
        Row-stochastic privacy mapping.
    i, j : int
        Distinct output letters.
    base : float or {"e", "nats", "bits"}
        Logarithm base.

    Returns
    -------
    (float, float)
        ``(delta_S, delta_X)``, as :func:`nsp.clustering.funnel.merge_costs` (not clipped).

    Examples
    --------
    >>> p = [[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]]
    >>> [round(v, 6) for v in merge_costs_reference(p, np.eye(3), 1, 2)]
    [0.016271, 0.6]
    """
    merge_costs(p_sx, mapping, i, j, base=base)  # the same validation
    p, w = _joint_and_mapping(p_sx, mapping)
    merged = np.delete(w, j, axis=1)
    merged[:, i if i < j else i - 1] += w[:, j]
    return (
        privacy_leakage(p, w, base=base) - privacy_leakage(p, merged, base=base),
        disclosure(p, w, base=base) - disclosure(p, merged, base=base),
    )


def brute_force_reference(p_sx: ArrayLike, *, base: Base = 2, max_n: int = 10) -> pd.DataFrame:
    """(I(X;Y), I(S;Y)) of every partition of X, one mapping at a time with :mod:`nsp.info`.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf; ``n_x <= max_n``.
    base : float or {"e", "nats", "bits"}
        Logarithm base.
    max_n : int
        Refuse larger alphabets (as :func:`nsp.clustering.funnel.brute_force_deterministic`).

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`nsp.clustering.funnel.brute_force_deterministic`, same rows.

    Examples
    --------
    >>> brute_force_reference([[0.3, 0.1, 0.05], [0.1, 0.2, 0.25]]).n_Y.tolist()
    [1, 2, 2, 2, 3]
    """
    p = _joint(p_sx)
    _check_brute_force_size(p.shape[1], max_n)
    rows: list[dict[str, Any]] = []
    for lab in set_partition_labels(p.shape[1]):
        w = mapping_from_partition(Partition.from_labels(lab))
        rows.append(
            {
                "labels": tuple(int(v) for v in lab),
                "n_Y": int(lab.max()) + 1,
                "utility": disclosure(p, w, base=base),
                "leakage": privacy_leakage(p, w, base=base),
            }
        )
    return pd.DataFrame(rows, columns=["labels", "n_Y", "utility", "leakage"])
