"""The paper's claims about its measures, checked: eq. (1), §VI and footnote 18.

The minimizers of the min-cut of eq. (1) (:func:`min_cut_solutions`), the non-stochastic
measures beside stochastic ones (§VI: :func:`uniform_s`, :func:`section6_table`) and the
set function of the Lagrangians of problems (5) and (3), which is neither submodular nor
supermodular (footnote 18: :func:`merge_lagrangian`, :func:`modularity_gap`,
:func:`footnote18_table`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from typing import Literal

import networkx as nx
import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from nsp._validation import Base, as_pmf, check_base, check_choice, check_int, check_real, trusted
from nsp.clustering.nonstochastic import resolution_utility
from nsp.info import (
    gacs_korner_common_information,
    max_mutual_information,
    maximal_leakage,
    mutual_information,
    renyi_leakage,
)
from nsp.papers.agglomerative._common import _cluster_text
from nsp.papers.agglomerative._instances import example1_range
from nsp.partition import Partition
from nsp.uncertain import (
    JointRange,
    confusability_graph,
    finest_decomposition,
    k_anonymity,
    maximin_information,
    nonstochastic_leakage,
    quantize,
    quantized_decomposition,
)

__all__ = [
    "FOOTNOTE18_MEASURES",
    "footnote18_table",
    "merge_lagrangian",
    "min_cut_solutions",
    "modularity_gap",
    "section6_table",
    "uniform_s",
]


def _joint_pmf(p_sx: ArrayLike) -> NDArray[np.float64]:
    if np.iscomplexobj(p_sx):  # as_pmf would drop (or choke on) the imaginary part
        raise ValueError("p_sx must hold real masses, not complex numbers")
    return as_pmf(p_sx, name="p_sx", ndim=2)


def uniform_s(p_sx: ArrayLike) -> NDArray[np.float64]:
    """Replace ``p(s)`` by the uniform pmf, keeping ``p(x|s)`` (the hypothesis of eq. (13)).

    Under it the Rényi-0 leakage ``max_x D0(p(s|x) || p(s))`` of
    :func:`nsp.info.renyi_leakage` equals ``L0(S → X)`` of the support.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf; axis 0 is S. Every s must have a positive mass.

    Returns
    -------
    numpy.ndarray
        The joint pmf ``p(x|s) / n_s``.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §VI, eq. (13).

    Examples
    --------
    Eq. (13) on Example 1: the Rényi-0 leakage under uniform S is ``L0 = log 6``.

    >>> from nsp.info import renyi_leakage
    >>> p = example1_range().mask / 8
    >>> round(renyi_leakage(uniform_s(p), 0), 6), round(math.log2(6), 6)
    (2.584963, 2.584963)
    """
    p = _joint_pmf(p_sx)
    ps = p.sum(axis=1, keepdims=True)
    if np.any(ps == 0):
        raise ValueError("p_sx must give every s a positive mass")
    return np.asarray(p / ps / p.shape[0], dtype=np.float64)


def section6_table(
    p_sx: ArrayLike, partitions: Mapping[str, Partition], *, base: Base = 2
) -> pd.DataFrame:
    """§VI: non-stochastic measures beside their stochastic counterparts, per quantization.

    Columns: ``I*`` and the Gács–Körner ``K`` (``K ≤ I*``; ``K ≤ I``), the mutual
    information ``I``; ``L0`` beside the Rényi-0 leakage (empirical ``p(s)``, and uniform S
    where eq. (13) makes it equal to ``L0``), the maximal realizable leakage (Rényi-∞,
    ``D∞(p(s,x̂) || p(s)p(x̂))``) and the maximal leakage ``L(S → X̂)``; ``k*``.

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf of (S, X).
    partitions : mapping of str to Partition
        Named quantizations of X.
    base : float or str
        Logarithm base of every measure.

    Returns
    -------
    pandas.DataFrame
        One row per quantization.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §VI.
    """
    p = _joint_pmf(p_sx)
    check_base(base)
    support = p > 0
    rows = []
    for name, q in partitions.items():
        pq = q.aggregate(p, axis=1, how="sum")
        r = quantize(support, q.labels)
        rows.append(
            {
                "quantization": name,
                "n_clusters": len(q),
                "I* [bits]": maximin_information(r, base=base),
                "K (Gacs-Korner)": gacs_korner_common_information(pq, base=base),
                "I(S;Xhat)": mutual_information(pq, base=base),
                "L0 [bits]": nonstochastic_leakage(r, base=base),
                "max D0 (empirical S)": renyi_leakage(pq, 0, base=base),
                "max D0 (uniform S, eq. 13)": renyi_leakage(uniform_s(pq), 0, base=base),
                "max realizable leakage (D_inf)": max_mutual_information(pq, base=base),
                "maximal leakage": maximal_leakage(pq, base=base),
                "k*": k_anonymity(r),
            }
        )
    return pd.DataFrame(rows)


def min_cut_solutions(r: JointRange) -> tuple[int, list[frozenset[int]], bool]:
    """Enumerate the cuts of ``G_X`` to find the minimizers of eq. (1).

    Parameters
    ----------
    r : JointRange
        The joint range (small: all ``2^n − 2`` non-trivial subsets are tried).

    Returns
    -------
    min_cut : int
        The least number of edges leaving a non-trivial subset of ``[[X]]``.
    solutions : list of frozenset
        The subsets attaining it.
    unions_of_blocks : bool
        Whether the solutions are exactly the non-trivial unions of blocks of the finest
        decomposition (when ``G_X`` is decomposable).

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §IV, eq. (1).

    Examples
    --------
    >>> best, solutions, unions = min_cut_solutions(example1_range())
    >>> best, len(solutions), unions
    (0, 30, True)
    """
    if not isinstance(r, JointRange):
        raise ValueError(f"r must be a JointRange; got {type(r).__name__}")
    n = r.n_x
    if n > 16:
        raise ValueError(f"r must have at most 16 values of X to enumerate its cuts; got {n}")
    graph = confusability_graph(r)
    blocks = [tuple(b) for b in finest_decomposition(r)]
    cuts = {
        frozenset(sub): int(nx.cut_size(graph, sub))
        for k in range(1, n)
        for sub in itertools.combinations(range(n), k)
    }
    best = min(cuts.values())
    solutions = [s for s, c in cuts.items() if c == best]
    unions = {
        frozenset(x for b in chosen for x in b)
        for k in range(1, len(blocks))
        for chosen in itertools.combinations(blocks, k)
    }
    return best, solutions, set(solutions) == unions


def _subset(name: str, value: Iterable[int], n_x: int) -> frozenset[int]:
    try:
        items = list(value)
    except TypeError:
        raise ValueError(f"{name} must be a collection of x indices, got {value!r}") from None
    return frozenset(check_int(name, v, low=0, high=n_x - 1) for v in items)


#: The privacy measures of footnote 18: ``I*(S; X̂)`` (problem (5)) and ``L0(S → X̂)`` (problem (3)).
FOOTNOTE18_MEASURES: tuple[str, ...] = ("maximin", "leakage")


def merge_lagrangian(
    r: JointRange | ArrayLike,
    subset: Iterable[int],
    *,
    lam: float = 0.3,
    measure: Literal["maximin", "leakage"] = "maximin",
    base: Base = 2,
) -> float:
    """Return the set function ``F(W) = L(Q_W, λ)`` of problem (5) or (3) with utility ``U1``.

    ``Q_W`` merges the x indices of ``W`` into one cluster and keeps every other x alone
    (``Q_∅`` and ``Q_{x}`` are all singletons); ``L = I*(S; X̂) − λ · I0(X → X̂)`` with
    ``I*(S; X̂) = log|P*_{G_X̂}|`` is the Lagrangian of problem (5) of [1]_, and
    ``L = L0(S → X̂) − λ · I0(X → X̂)`` that of problem (3). Footnote 18 of [1]_ tests the
    submodularity of both Lagrangians on this kind of set function (see :func:`modularity_gap`).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    subset : iterable of int
        The x indices merged into one cluster (0-based).
    lam : float
        The Lagrange multiplier ``λ ≥ 0``.
    measure : {"maximin", "leakage"}
        The privacy term: ``I*(S; X̂)`` (problem (5)) or ``L0(S → X̂)`` (problem (3)).
    base : float or str
        Logarithm base (2: bits).

    Returns
    -------
    float
        ``I*(S; X̂) − λ · U1(X; X̂)`` (or ``L0(S → X̂) − λ · U1``) for ``X̂`` the quantization
        ``Q_W``.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §V-B and fn. 18.

    Examples
    --------
    Example 1: all singletons, 5 components, ``U1 = log 7``:

    >>> r = example1_range()
    >>> round(merge_lagrangian(r, [], lam=0.3), 4)
    1.4797
    >>> round(merge_lagrangian(r, [0, 2], lam=0.3), 4)
    1.4578

    With ``L0``: every x but x1 reveals one secret, so ``L0 = log2 6``:

    >>> round(merge_lagrangian(r, [], lam=0.3, measure="leakage"), 4)
    1.7428
    """
    lam = check_real("lam", lam, low=0.0)
    check_choice("measure", measure, FOOTNOTE18_MEASURES)
    b = check_base(base)
    mask = np.asarray(r.mask if isinstance(r, JointRange) else r, dtype=bool)
    if mask.ndim != 2 or mask.shape[1] < 1:
        raise ValueError(f"r must be a 2-d joint range, got shape {mask.shape}")
    n_x = mask.shape[1]
    w = _subset("subset", subset, n_x)
    labels = [0 if j in w else j + 1 for j in range(n_x)]
    with trusted():
        if measure == "maximin":
            privacy = math.log(len(quantized_decomposition(mask, labels))) / math.log(b)
        else:
            privacy = nonstochastic_leakage(quantize(mask, labels), base=b)
        return float(privacy - lam * resolution_utility(labels, base=b))


def modularity_gap(
    r: ArrayLike,
    a: Iterable[int],
    b: Iterable[int],
    *,
    lam: float = 0.3,
    measure: Literal["maximin", "leakage"] = "maximin",
    base: Base = 2,
) -> float:
    """Return ``F(A) + F(B) − F(A ∪ B) − F(A ∩ B)`` for ``F`` = :func:`merge_lagrangian`.

    ``F`` is submodular iff this is ``≥ 0`` for every pair ``A, B`` and supermodular iff it is
    ``≤ 0`` for every pair (Fujishige; Bach): one negative and one positive pair show that the
    Lagrangian of problem (5) is neither (footnote 18 of [1]_).

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    a, b : iterable of int
        The two subsets of x indices (0-based).
    lam : float
        The Lagrange multiplier ``λ ≥ 0``.
    measure : {"maximin", "leakage"}
        The privacy term of the Lagrangian: ``I*`` (problem (5)) or ``L0`` (problem (3)).
    base : float or str
        Logarithm base (2: bits).

    Returns
    -------
    float
        The submodularity gap of the pair.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, fn. 18.

    Examples
    --------
    >>> r = example1_range()
    >>> round(modularity_gap(r, [0], [1], lam=0.3), 4), round(modularity_gap(r, [0], [2]), 4)
    (-0.3, 0.0219)
    >>> round(modularity_gap(r, [0, 1], [0, 2], lam=0.3, measure="leakage"), 4)
    0.1245
    """
    lam = check_real("lam", lam, low=0.0)
    check_choice("measure", measure, FOOTNOTE18_MEASURES)
    b_ = check_base(base)
    mask = np.asarray(r.mask if isinstance(r, JointRange) else r, dtype=bool)
    if mask.ndim != 2 or mask.shape[1] < 1:
        raise ValueError(f"r must be a 2-d joint range, got shape {mask.shape}")
    sa = _subset("a", a, mask.shape[1])
    sb = _subset("b", b, mask.shape[1])
    with trusted():
        f = [
            merge_lagrangian(mask, w, lam=lam, measure=measure, base=b_)
            for w in (sa, sb, sa | sb, sa & sb)
        ]
    return float(f[0] + f[1] - f[2] - f[3])


def footnote18_table(*, lam: float = 0.3) -> pd.DataFrame:
    """Tabulate footnote 18 of [1]_: the Lagrangians of (5) and (3) are not sub- or supermodular.

    On Example 1 with ``U1`` and ``λ``, for ``F`` = :func:`merge_lagrangian`. With ``I*``
    (problem (5)): the pair ``A = {x1}, B = {x2}`` (one component already) has gap ``−λ``
    (``−0.300`` at λ = 0.3), which a submodular ``F`` forbids; ``A = {x1}, B = {x3}`` (two
    components joined, Example 3's first merge) has gap ``log2(5/4) − λ`` (``+0.0219``), which a
    supermodular ``F`` forbids. With ``L0`` (problem (3)), which stays ``log2 6`` on all these
    sets (x4 … x7 stay alone and each reveals one secret): ``{x1}, {x2}`` has gap ``−λ`` again,
    and the overlapping pair ``A = {x1, x2}, B = {x1, x3}`` has gap ``λ (2 − log2 3)``
    (``+0.1245``), from ``U1`` alone.

    Parameters
    ----------
    lam : float
        The Lagrange multiplier ``λ ≥ 0`` (0.3 in the paper's examples).

    Returns
    -------
    pandas.DataFrame
        One row per measure and pair: ``measure`` (``I*`` or ``L0``), ``A``, ``B``, ``F(A)``,
        ``F(B)``, ``F(A∪B)``, ``F(A∩B)``, ``gap`` ``= F(A) + F(B) − F(A∪B) − F(A∩B)`` (bits)
        and ``shows`` (what its sign rules out).

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, fn. 18.

    Examples
    --------
    >>> footnote18_table(lam=0.3)["gap"].round(4).tolist()
    [-0.3, 0.0219, -0.3, 0.1245]
    """
    lam = check_real("lam", lam, low=0.0)
    r = example1_range()
    pairs = {
        "maximin": (({0}, {1}), ({0}, {2})),
        "leakage": (({0}, {1}), ({0, 1}, {0, 2})),
    }
    symbols = {"maximin": "I*", "leakage": "L0"}
    rows = []
    for measure, (a, b) in ((m, pair) for m in FOOTNOTE18_MEASURES for pair in pairs[m]):
        with trusted():
            f = {
                key: merge_lagrangian(r, w, lam=lam, measure=measure)  # type: ignore[arg-type]
                for key, w in (("F(A)", a), ("F(B)", b), ("F(A∪B)", a | b), ("F(A∩B)", a & b))
            }
        gap = f["F(A)"] + f["F(B)"] - f["F(A∪B)"] - f["F(A∩B)"]
        if gap < 0:
            shows = "not submodular (a submodular F has gap ≥ 0)"
        elif gap > 0:
            shows = "not supermodular (a supermodular F has gap ≤ 0)"
        else:
            shows = "modular on this pair"
        rows.append(
            {
                "measure": symbols[measure],
                "A": _cluster_text(sorted(a)),
                "B": _cluster_text(sorted(b)),
                **f,
                "gap": gap,
                "shows": shows,
            }
        )
    return pd.DataFrame(rows)
