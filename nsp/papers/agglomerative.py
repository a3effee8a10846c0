"""The agglomerative-clustering paper of Ding & Farokhi: its instances and printed values.

N. Ding, F. Farokhi, *Developing non-stochastic privacy-preserving policies using agglomerative
clustering*, IEEE Trans. Inf. Forensics Security, 2020.

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Literal

import matplotlib.pyplot as plt
import networkx as nx
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from numpy.typing import ArrayLike, NDArray

from nsp._validation import (
    Base,
    as_pmf,
    as_real_array,
    as_sequence,
    check_base,
    check_bool,
    check_choice,
    check_int,
    check_real,
    trusted,
)
from nsp.clustering.baselines import generalize_to_k_anonymity
from nsp.clustering.nonstochastic import (
    ClusteringResult,
    MergePath,
    cluster_codeword,
    cluster_distortion,
    distortion_utility,
    merge_across_components,
    merge_by_leakage,
    merge_path,
    merge_until_connected,
    observable_range,
    observable_values,
    resolution_utility,
)
from nsp.clustering.nonstochastic._utilities import Distance
from nsp.datasets import joint_counts, load_hungarian_heart
from nsp.info import (
    gacs_korner_common_information,
    max_mutual_information,
    maximal_leakage,
    mutual_information,
    renyi_leakage,
)
from nsp.papers import paper_vs_ours
from nsp.pareto import lambda_windows, normalize
from nsp.partition import Partition
from nsp.uncertain import (
    JointRange,
    confusability_graph,
    finest_decomposition,
    k_anonymity,
    maximin_information,
    nonstochastic_leakage,
    overlap_partition,
    quantize,
    quantized_decomposition,
)
from nsp.uncertain._side_information import (
    _mask3,
    quantize_side_range,
    side_information_leakage,
    side_information_maximin,
)

__all__ = [
    "merge_path_view",
    "EXAMPLE2_U2_LAMBDA",
    "EXAMPLE2_VALUES",
    "EXAMPLE1_SIDE_GROUPS",
    "EXAMPLE4_VALUES",
    "EXAMPLE_LAMBDA",
    "EXAMPLE_NOTES",
    "PAPER_COUNTS",
    "codeword_comparison",
    "codeword_table",
    "dataset_statistics",
    "dominating_points",
    "example1_range",
    "example1_side_range",
    "example_values",
    "examples_table",
    "FOOTNOTE18_MEASURES",
    "footnote18_table",
    "hungarian_age_chol",
    "hungarian_joint_range",
    "hungarian_pmf",
    "hungarian_side_range",
    "k_anonymity_points",
    "merge_lagrangian",
    "min_cut_solutions",
    "modularity_gap",
    "observable_comparison",
    "path_points",
    "section6_table",
    "side_information_comparison",
    "synthetic_range",
    "trace_table",
    "uniform_s",
]


def example1_range() -> JointRange:
    """Return the joint range ``[[S, X]]`` of Example 1 (Fig. 1 of [1]_): 6 values of S, 7 of X.

    The drawing of Fig. 1 is not in the paper's text; this is the range that the paper's own
    numbers force (unique up to swapping ``s1, s2`` and ``s5, s6``): ``[[S|x1]] = {s1, s2}``,
    ``[[S|x2]] = {s2}``, ``[[S|x3]] = [[S|x4]] = {s3}``, then ``x5, x6, x7`` see ``s4, s5, s6``.

    Returns
    -------
    JointRange
        Labels ``s1..s6`` and ``x1..x7`` (so a U2 utility needs explicit ``values``).

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Example 1.

    Examples
    --------
    >>> r = example1_range()
    >>> r.mask.astype(int)
    array([[1, 0, 0, 0, 0, 0, 0],
           [1, 1, 0, 0, 0, 0, 0],
           [0, 0, 1, 1, 0, 0, 0],
           [0, 0, 0, 0, 1, 0, 0],
           [0, 0, 0, 0, 0, 1, 0],
           [0, 0, 0, 0, 0, 0, 1]])
    >>> r.x_labels[:2]
    ('x1', 'x2')
    """
    mask = np.zeros((6, 7), dtype=bool)
    mask[[0, 1, 1, 2, 2, 3, 4, 5], [0, 0, 1, 2, 3, 4, 5, 6]] = True
    return JointRange(
        mask,
        s_labels=tuple(f"s{i}" for i in range(1, 7)),
        x_labels=tuple(f"x{j}" for j in range(1, 8)),
    )


# ---------------------------------------------------------------------------------------------
# the worked examples (§IV–§V)
# ---------------------------------------------------------------------------------------------

#: Eq. (4): the numeric values of ``x1..x7`` used by the utility ``U2`` (Example 2).
EXAMPLE2_VALUES: tuple[float, ...] = (0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 1.0)
#: Example 4 resets ``x7 = 4`` in eq. (4).
EXAMPLE4_VALUES: tuple[float, ...] = (0.2, 0.1, 0.4, 0.3, 0.6, 1.5, 4.0)
#: λ of Examples 2 (U1), 3, 4 and 5.
EXAMPLE_LAMBDA: float = 0.3
#: λ of Example 2 with U2.
EXAMPLE2_U2_LAMBDA: float = 2.5

#: Why a printed value of Examples 1–5 differs from ours (or how an ambiguity was resolved).
EXAMPLE_NOTES: dict[Hashable, str] = {
    ("Ex. 1", "P*_{[[S|X]]}"): "typo in the paper: {s4} printed twice, the second for {s5}",
    ("Ex. 2 (U1)", "[[S|{x4,x6}]]"): (
        "inconsistent in the paper: s6 is already x7's; the reconstructed Fig. 1 gives s5"
    ),
    ("Ex. 2 (U1)", "[[S|{x3,x4,x5,x6}]]"): "same relabelling s6 -> s5 as above",
    ("Ex. 2 (U1)", "returned Q"): "the last accepted partition is returned: Q(t) when |Q| = 1",
    ("Ex. 2 (U2)", "Q(2) (rejected)"): (
        "the paper copies the U1 run here; its own ΔL uses d̄({x1..x7})"
    ),
    ("Ex. 2 (U2)", "returned Q(1)"): "the paper copies the U1 run here",
    ("Ex. 3", "ΔL at t = 1"): "the printed formula has a sign typo (+λ log 2)",
    ("Ex. 4 (abs)", "terminates at t"): (
        "stated d = |x − x̂|: the 4th merge has ΔL = −0.615 < 0, so the run goes on"
    ),
    ("Ex. 4 (sq)", "terminates at t"): "with d = (x − x̂)² the 4th merge has ΔL = +0.0074",
}


def _srange(mask: NDArray[np.bool_], cluster: Sequence[int]) -> str:
    """``[[S|𝒳]]`` of a cluster of x's, written ``{s1,s2}``."""
    rows = np.flatnonzero(mask[:, list(cluster)].any(axis=1))
    return "{" + ",".join(f"s{i + 1}" for i in rows) + "}"


def _blocks(blocks: Iterable[Iterable[int]], prefix: str = "x") -> str:
    """Blocks of a partition, written 1-based in canonical order, e.g. ``{x1,x2},{x3}``."""
    return Partition([sorted(int(x) for x in b) for b in blocks]).format(prefix=prefix)


def _cluster_text(cluster: Iterable[int]) -> str:
    """Write a cluster of x's 1-based, e.g. ``{x1,x2}``."""
    return "{" + ",".join(f"x{i + 1}" for i in cluster) + "}"


def _pair(merge: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    return ",".join(_cluster_text(c) for c in merge)


def example_values(
    *,
    lam: float = EXAMPLE_LAMBDA,
    lam_example2_u2: float = EXAMPLE2_U2_LAMBDA,
    values: Sequence[float] = EXAMPLE2_VALUES,
) -> tuple[dict[Hashable, Any], dict[Hashable, Any]]:
    """Every value Examples 1–5 print (partitions, ranges, ``ΔL``, stopping points) and ours.

    Parameters
    ----------
    lam : float
        λ of Examples 2 (U1), 3, 4 and 5 (the paper's 0.3).
    lam_example2_u2 : float
        λ of Example 2 with U2 (the paper's 2.5).
    values : sequence of float
        Eq. (4), the values of ``x1..x7``; Example 4 uses them with ``x7 = 4``.

    Returns
    -------
    paper, ours : dict
        Keyed by ``(example, quantity)``, in the paper's order; numbers, or partitions and
        ranges written 1-based (``{x1,x2},{x3}``).

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Examples 1–5, §V-B1, §VII-A.
    """
    lam = check_real("lam", lam, low=0.0)
    lam_example2_u2 = check_real("lam_example2_u2", lam_example2_u2, low=0.0)
    vals = [float(v) for v in values]
    if len(vals) != 7:
        raise ValueError(f"values must hold the 7 values of x1..x7; got {len(vals)}")
    x4_values = vals[:6] + [4.0]
    r = example1_range()
    mask = r.mask
    paper: dict[Hashable, Any] = {}
    ours: dict[Hashable, Any] = {}

    def add(example: str, quantity: str, printed: Any, computed: Any) -> None:
        paper[(example, quantity)] = printed
        ours[(example, quantity)] = computed

    # Example 1
    graph = confusability_graph(r)
    add("Ex. 1", "P*_{G_X}", "{x1,x2},{x3,x4},{x5},{x6},{x7}", _blocks(finest_decomposition(r)))
    add("Ex. 1", "P*_{[[S|X]]}", "{s1,s2},{s3},{s4},{s4},{s6}", _blocks(overlap_partition(r), "s"))
    add("Ex. 1", "min-cut of G_X", 0.0, float(nx.edge_connectivity(graph)))
    add("Ex. 1", "I*(S;X) = log 5", math.log2(5), maximin_information(r))
    # §V-B1: merging subgraphs
    q = Partition([[0, 2], [1, 4], [3, 5], [6]])
    add(
        "§V-B1",
        "P*_{G_Xhat}, Q = {x1,x3},{x2,x5},{x4,x6},{x7}",
        "{x1,x2,x3,x4,x5,x6},{x7}",
        _blocks(quantized_decomposition(mask, q.labels)),
    )
    add("§V-B1", "I*(S;Xhat) = log 2", 1.0, maximin_information(quantize(mask, q.labels)))
    # Example 2, U1
    e2 = merge_by_leakage(mask, lam)
    add("Ex. 2 (U1)", "Q(1)", "{x1,x2,x7},{x3,x5},{x4,x6}", e2.history[1].partition.format())
    add("Ex. 2 (U1)", "[[S|{x1,x2,x7}]]", "{s1,s2,s6}", _srange(mask, [0, 1, 6]))
    add("Ex. 2 (U1)", "[[S|{x3,x5}]]", "{s3,s4}", _srange(mask, [2, 4]))
    add("Ex. 2 (U1)", "[[S|{x4,x6}]]", "{s3,s6}", _srange(mask, [3, 5]))
    add("Ex. 2 (U1)", "ΔL at t = 1", -0.5245, e2.history[1].delta)
    add("Ex. 2 (U1)", "Q(2)", "{x1,x2,x7},{x3,x4,x5,x6}", e2.history[2].partition.format())
    add("Ex. 2 (U1)", "[[S|{x3,x4,x5,x6}]]", "{s3,s4,s6}", _srange(mask, [2, 3, 4, 5]))
    add("Ex. 2 (U1)", "ΔL at t = 2", -0.4605, e2.history[2].delta)
    add("Ex. 2 (U1)", "terminates at t", 3.0, float(e2.iterations))
    add("Ex. 2 (U1)", "returned Q", "{x1,x2,x3,x4,x5,x6,x7}", e2.partition.format())
    # Example 2, U2
    e2u2 = merge_by_leakage(mask, lam_example2_u2, utility="U2", values=vals)
    rejected = e2u2.rejected
    add("Ex. 2 (U2)", "ΔL at t = 1", -0.3750, e2u2.history[1].delta)
    add(
        "Ex. 2 (U2)", "ΔL at t = 2 (rejected)", 0.0758, None if rejected is None else rejected.delta
    )
    add(
        "Ex. 2 (U2)",
        "Q(2) (rejected)",
        "{x1,x2,x7},{x3,x4,x5,x6}",
        "" if rejected is None else rejected.partition.format(),
    )
    add("Ex. 2 (U2)", "terminates at t", 1.0, float(e2u2.iterations))
    add("Ex. 2 (U2)", "returned Q(1)", "{x1,x2,x7},{x3,x5},{x4,x6}", e2u2.partition.format())
    # Example 3
    e3 = merge_across_components(mask, lam)
    d0, d_end = e3.history[0].decomposition, e3.decomposition
    comp0 = d0.labels if d0 is not None else np.zeros(7, dtype=int)
    n_pairs = sum(int(comp0[a] != comp0[b]) for a in range(7) for b in range(a + 1, 7))
    add("Ex. 3", "|Ψ(Q(0), P(0))| (pairs listed)", 19.0, float(n_pairs))
    add("Ex. 3", "ΔL at t = 1", -0.0219, e3.history[1].delta)
    add("Ex. 3", "first merge", "{x1},{x3}", _pair(e3.history[1].merges[0]))
    delta2 = e3.history[2].delta
    add("Ex. 3", "ΔL at t = 2 < 0", "< 0", "< 0" if delta2 is not None and delta2 < 0 else ">= 0")
    add("Ex. 3", "Q(4)", "{x1,x3,x7},{x2,x5},{x4,x6}", e3.partition.format())
    sizes = f"{0 if d0 is None else len(d0)} -> {0 if d_end is None else len(d_end)}"
    add("Ex. 3", "|P| from 5 to 1", "5 -> 1", sizes)
    u1 = resolution_utility(e3.partition)
    add("§VII-A", "U1 of Example 3's solution = log 7/3", math.log2(7 / 3), u1)
    add(
        "§VII-A",
        "its utility loss 1 − log(7/3)/log 7",
        1 - math.log2(7 / 3) / math.log2(7),
        1 - u1 / math.log2(7),
    )
    # Example 4, with the stated distance and with the squared one
    for dist in ("abs", "sq"):
        e4 = merge_across_components(mask, lam, utility="U2", values=x4_values, distance=dist)
        h3 = e4.history[3]
        add(f"Ex. 4 ({dist})", "Q(3)", "{x1,x4},{x2},{x3,x5,x6},{x7}", h3.partition.format())
        add(
            f"Ex. 4 ({dist})",
            "P(3)",
            "{x1,x2,x3,x4,x5,x6},{x7}",
            "" if h3.decomposition is None else h3.decomposition.format(),
        )
        add(f"Ex. 4 ({dist})", "terminates at t", 3.0, float(e4.iterations))
    # Example 5
    e5 = merge_until_connected(mask, lam)
    add("Ex. 5", "first merge", "{x2},{x3}", _pair(e5.history[1].merges[0]))
    add("Ex. 5", "Q(4) returned", "{x1,x6,x7},{x2,x3},{x4,x5}", e5.partition.format())
    d5 = e5.decomposition
    add("Ex. 5", "P(4)", "{x1,x2,x3,x4,x5,x6,x7}", "" if d5 is None else d5.format())
    return paper, ours


def examples_table(**kwargs: Any) -> pd.DataFrame:
    """Every value Examples 1–5 print beside ours, built by :func:`nsp.papers.paper_vs_ours`.

    Numbers agree when they round to the paper's four decimals; partitions and ranges when
    they are equal. A ``note`` gives the reason of each disagreement.

    Parameters
    ----------
    **kwargs
        Passed to :func:`example_values` (``lam``, ``lam_example2_u2``, ``values``).

    Returns
    -------
    pandas.DataFrame
        Columns ``example``, ``quantity``, ``paper``, ``ours``, ``agrees``, ``note``.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, Examples 1–5.

    Examples
    --------
    >>> table = examples_table()
    >>> int(table.agrees.sum()), len(table)
    (32, 38)
    """
    paper, ours = example_values(**kwargs)
    return paper_vs_ours(
        paper, ours, tol=5e-5, names=("example", "quantity"), notes=EXAMPLE_NOTES, digits=4
    )


# ---------------------------------------------------------------------------------------------
# the Hungarian heart-disease experiment (§VII-B, Figs. 8–9)
# ---------------------------------------------------------------------------------------------

#: §VII-B: patients, ages, cholesterol levels, distinct (age, chol) pairs, pairs seen once.
PAPER_COUNTS: dict[str, float] = {
    "patients": 293,
    "ages": 38,
    "chol_levels": 154,
    "pairs": 281,
    "single_pairs": 269,
}


def hungarian_age_chol(
    *,
    missing: Literal["keep", "drop"] = "keep",
    missing_value: int = -9,
    data_home: str | os.PathLike[str] | None = None,
) -> pd.DataFrame:
    """Return the (age, chol) columns of the 293 Hungarian records, as int64.

    S = age (sensitive), X = serum cholesterol (released). The paper's counts (38 ages, 154
    cholesterol levels, 281 distinct pairs of which 269 occur once) are reproduced only when
    the 23 missing cholesterol values are kept as one more level; here that level is the
    number ``missing_value`` (``-9``, the sentinel of the raw files), which also enters the
    U2 distortions.

    Parameters
    ----------
    missing : {"keep", "drop"}
        Keep missing cholesterol as the value ``missing_value`` (the paper's counts) or drop
        those 23 records.
    missing_value : int
        The level standing for a missing cholesterol.
    data_home : path, optional
        Passed to :func:`nsp.datasets.load_hungarian_heart`.

    Returns
    -------
    pandas.DataFrame
        Columns ``age`` and ``chol``.

    Examples
    --------
    >>> df = hungarian_age_chol()
    >>> len(df), df.chol.nunique()
    (293, 154)
    """
    missing = check_choice("missing", missing, ("keep", "drop"))  # type: ignore[assignment]
    missing_value = check_int("missing_value", missing_value)
    df = load_hungarian_heart(data_home=data_home)[["age", "chol"]]
    if missing == "keep":
        df = df.assign(chol=df["chol"].fillna(missing_value))
    else:
        df = df.dropna()
    return df.astype({"age": "int64", "chol": "int64"}).reset_index(drop=True)


def hungarian_joint_range(frame: pd.DataFrame | None = None, **kwargs: Any) -> JointRange:
    """Return the joint range ``[[S, X]]`` of (age, chol): sorted ages × sorted cholesterol.

    Parameters
    ----------
    frame : pandas.DataFrame, optional
        Columns ``age`` and ``chol`` (default: :func:`hungarian_age_chol` with ``kwargs``).
    **kwargs
        Passed to :func:`hungarian_age_chol`.

    Returns
    -------
    JointRange
        The x labels are the cholesterol values (numbers), so U2 can use them directly.
    """
    df = hungarian_age_chol(**kwargs) if frame is None else frame
    return JointRange.from_frame(df, s="age", x="chol")


def hungarian_pmf(frame: pd.DataFrame | None = None, **kwargs: Any) -> NDArray[np.float64]:
    """Return the empirical pmf ``p[s, x]`` of (age, chol), aligned with the joint range.

    Parameters
    ----------
    frame : pandas.DataFrame, optional
        Columns ``age`` and ``chol`` (default: :func:`hungarian_age_chol` with ``kwargs``).
    **kwargs
        Passed to :func:`hungarian_age_chol`.

    Returns
    -------
    numpy.ndarray, shape (n_s, n_x)
        Rows and columns in the order of :func:`hungarian_joint_range`; the counts are
        :func:`nsp.datasets.joint_counts`.
    """
    df = hungarian_age_chol(**kwargs) if frame is None else frame
    r = JointRange.from_frame(df, s="age", x="chol")
    table = joint_counts(df, s="age", x="chol")
    table = table.reindex(index=list(r.s_labels), columns=list(r.x_labels), fill_value=0)
    counts = np.ascontiguousarray(table.to_numpy(dtype=np.float64))
    return counts / counts.sum()


def dataset_statistics(frame: pd.DataFrame | None = None, **kwargs: Any) -> pd.DataFrame:
    """Table T2: the §VII-B counts beside the paper's, plus further facts of the joint range.

    Parameters
    ----------
    frame : pandas.DataFrame, optional
        Columns ``age`` and ``chol`` (default: :func:`hungarian_age_chol` with ``kwargs``).
    **kwargs
        Passed to :func:`hungarian_age_chol`.

    Returns
    -------
    pandas.DataFrame
        Columns ``quantity``, ``paper`` (NaN where the paper prints nothing) and ``ours``.
    """
    df = hungarian_age_chol(**kwargs) if frame is None else frame
    r = JointRange.from_frame(df, s="age", x="chol")
    pair_counts = df.groupby(["age", "chol"]).size()
    sizes = r.mask.sum(axis=0)
    ours = {
        "patients": len(df),
        "ages": r.n_s,
        "chol_levels": r.n_x,
        "pairs": int(r.mask.sum()),
        "single_pairs": int((pair_counts == 1).sum()),
        "L0(S->X) [bits]": nonstochastic_leakage(r),
        "I*(S;X) [bits]": maximin_information(r),
        "k-anonymity k*": k_anonymity(r),
        "chol values with a single age": int((sizes == 1).sum()),
        "largest |[[S|x]]|": int(sizes.max()),
    }
    paper = dict(PAPER_COUNTS)
    return pd.DataFrame(
        [{"quantity": k, "paper": paper.get(k, np.nan), "ours": v} for k, v in ours.items()]
    )


# ---------------------------------------------------------------------------------------------
# §VI: the non-stochastic measures beside stochastic ones
# ---------------------------------------------------------------------------------------------


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


def k_anonymity_points(
    r: JointRange,
    k: int,
    *,
    u2_hat: float,
    methods: Sequence[str] = ("merge_low", "interval"),
    values: ArrayLike | None = None,
    distance: Distance = "abs",
) -> pd.DataFrame:
    """Place the k-anonymity baseline of Fig. 9 on the axes of the Algorithm-1 curves.

    Each reading of the generalization baseline
    (:func:`nsp.clustering.baselines.generalize_to_k_anonymity`) gives one quantization, whose
    leakage ``L0(S → X̂) / L0(S → X)`` and utility losses (U1 and U2) are normalized by
    :func:`nsp.pareto.normalize` as the curves are.

    Parameters
    ----------
    r : JointRange
        The joint range; its x labels are the values of X unless ``values`` is given.
    k : int
        Required anonymity.
    u2_hat : float
        ``Û2`` of the U2 curve the points are drawn beside (its smallest utility, < 0).
    methods : sequence of str
        Readings of the baseline (``"merge_low"``, ``"interval"``).
    values : array_like of float, optional
        Numeric value of every x (default: the x labels).
    distance : {"abs", "sq"}
        Distance of U2.

    Returns
    -------
    pandas.DataFrame
        Columns ``method``, ``k``, ``n_clusters``, ``leakage_norm``, ``loss_norm_U1``,
        ``loss_norm_U2``; one row per method.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §VII-B, Fig. 9.
    """
    u2_hat = check_real("u2_hat", u2_hat)
    vals = np.asarray(r.x_labels if values is None else values, dtype=float)
    rows = []
    for method in methods:
        q = generalize_to_k_anonymity(r, k, values=vals, method=method)  # type: ignore[arg-type]
        rows.append(
            {
                "method": method,
                "k": k,
                "n_clusters": len(q),
                "leakage": nonstochastic_leakage(quantize(r, q.labels)),
                "U1": resolution_utility(q),
                "U2": distortion_utility(vals, q, distance=distance),
            }
        )
    df = pd.DataFrame(rows)
    p0 = nonstochastic_leakage(r)
    u1 = normalize(
        df.rename(columns={"U1": "utility"}),
        utility="U1",
        leakage_max=p0,
        utility_max=math.log2(r.n_x),
    )
    u2 = normalize(
        df.rename(columns={"U2": "utility"}),
        utility="U2",
        leakage_max=p0,
        utility_max=0.0,
        u2_hat=u2_hat,
    )
    return df[["method", "k", "n_clusters"]].assign(
        leakage_norm=u1["leakage_norm"],
        loss_norm_U1=u1["loss_norm"],
        loss_norm_U2=u2["loss_norm"],
    )


def dominating_points(sweeps: Mapping[str, pd.DataFrame], baseline: pd.DataFrame) -> pd.DataFrame:
    """Count the points of each Algorithm-1 curve left of a baseline point at no worse privacy.

    The check of the paper's claim (footnote 17) that Algorithm 1 finds a quantization with a
    lower utility loss than k-anonymity at no worse privacy.

    Parameters
    ----------
    sweeps : mapping of str to pandas.DataFrame
        ``"U1"`` and ``"U2"`` to the λ sweeps of Algorithm 1 (:func:`nsp.pareto.lambda_sweep`,
        columns ``leakage_norm``, ``loss_norm``, ``source``).
    baseline : pandas.DataFrame
        The baseline points (:func:`k_anonymity_points`).

    Returns
    -------
    pandas.DataFrame
        One row per baseline method and utility: ``method``, ``utility_kind`` (``"U1"`` or
        ``"U2"``), ``sweep_points`` and ``path_points`` (how many points do better),
        ``best_loss`` (NaN if none) and ``baseline_loss``.

    References
    ----------
    N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §VII-B, Fig. 9.
    """
    rows = []
    for _, point in baseline.iterrows():
        for u, df in sweeps.items():
            loss = point[f"loss_norm_{u}"]
            better = df[(df.leakage_norm <= point.leakage_norm + 1e-12) & (df.loss_norm < loss)]
            rows.append(
                {
                    "method": point.method,
                    "utility_kind": u,
                    "sweep_points": int((better.source == "sweep").sum()),
                    "path_points": int((better.source == "path").sum()),
                    "best_loss": better.loss_norm.min(),
                    "baseline_loss": loss,
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


def trace_table(
    runs: Mapping[str, ClusteringResult], *, label: str = "run", merges: bool = False
) -> pd.DataFrame:
    """Put every iteration of several runs in one table (tables T1), the rejected step last.

    Parameters
    ----------
    runs : mapping of str to ClusteringResult
        Named runs.
    label : str
        Name of the column that holds each run's name.
    merges : bool
        Add a ``merges`` column: the merged pairs of every iteration, written
        ``{x1}+{x2}; {x3}+{x5}``.

    Returns
    -------
    pandas.DataFrame
        :meth:`ClusteringResult.to_frame` of every run, with the columns ``label``, ``lam`` and
        ``stop_reason`` (and ``merges``) added.
    """
    merges = check_bool("merges", merges)
    frames = []
    for name, res in runs.items():
        frame = res.to_frame().assign(**{label: name}, lam=res.lam, stop_reason=res.stop_reason)
        if merges:
            steps = list(res.history) + ([res.rejected] if res.rejected else [])
            frame["merges"] = [
                "; ".join("+".join(_cluster_text(c) for c in m) for m in it.merges) for it in steps
            ]
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def synthetic_range(
    n_s: int, n_x: int, *, seed: int = 0, p_two: float = 0.05
) -> tuple[NDArray[np.bool_], NDArray[np.float64]]:
    """Draw a seeded joint range shaped like the Hungarian one, with many components.

    Each x sees one random value of S (every s at least once) and, with probability
    ``p_two``, also the next one; the values of X are sorted draws around 250. Not the
    paper's data: it shows Algorithm 2 over many iterations, which the Hungarian range
    (``I* = 1`` bit) does not allow.

    Parameters
    ----------
    n_s, n_x : int
        Sizes of ``[[S]]`` and ``[[X]]`` (``n_x ≥ n_s ≥ 1``).
    seed : int
        Seed of the generator.
    p_two : float
        Probability that an x sees a second value of S.

    Returns
    -------
    mask : numpy.ndarray of bool, shape (n_s, n_x)
        The joint range.
    values : numpy.ndarray, shape (n_x,)
        Numeric values of X, increasing.
    """
    n_s = check_int("n_s", n_s, low=1)
    n_x = check_int("n_x", n_x, low=n_s, high=10**6)
    seed = check_int("seed", seed, low=0)
    p_two = check_real("p_two", p_two, low=0.0, high=1.0)
    rng = np.random.default_rng(seed)
    s_of = rng.integers(0, n_s, n_x)
    s_of[:n_s] = rng.permutation(n_s)
    mask = np.zeros((n_s, n_x), dtype=bool)
    mask[s_of, np.arange(n_x)] = True
    two = np.flatnonzero(rng.random(n_x) < p_two)
    mask[np.minimum(s_of[two] + 1, n_s - 1), two] = True
    values = np.sort(np.round(rng.normal(250, 50, n_x)))
    return mask, values


def merge_path_view(path: MergePath, lam: float = 0.3) -> Figure:
    """Draw a merge path's (utility, leakage) points and the one a given λ stops at.

    Algorithm 1 (or 2) merges while a merge lowers ``leakage − λ · utility``; every λ stops at a
    point of the same path. A view for :func:`nsp.interactive.explore` (a slider over ``lam``),
    reading the path computed once.

    Parameters
    ----------
    path : MergePath
        From :func:`nsp.clustering.nonstochastic.merge_path`.
    lam : float
        Lagrange multiplier λ ≥ 0.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from nsp.clustering.nonstochastic import merge_path
    >>> path = merge_path(example1_range(), algorithm="algorithm1", utility="U1")
    >>> merge_path_view(path, 0.9).axes[0].get_title()
    'λ = 0.9: stops after 0 merges, {x1},{x2},{x3},{x4},{x5},{x6},{x7}'
    """
    if not isinstance(path, MergePath):
        raise ValueError(f"path must be a MergePath (of merge_path); got {type(path).__name__}")
    lam = check_real("lam", lam, low=0.0)
    chosen = path.result(lam)
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    ax.plot(path.utility, path.leakage, "o-", ms=4, color="C0", label="merge path")
    ax.plot(
        chosen.utility,
        chosen.leakage,
        "o",
        ms=10,
        mfc="none",
        mew=2,
        color="C3",
        label=f"stop at λ = {lam:g}",
    )
    ax.set(xlabel="utility U [bits]", ylabel="privacy leakage [bits]")
    ax.set_title(
        f"λ = {lam:g}: stops after {chosen.iterations} merges, {chosen.partition.format()}"
    )
    ax.legend(fontsize=8)
    return fig


# ---------------------------------------------------------------------------------------------
# footnote 18: the Lagrangian of problem (5) is neither submodular nor supermodular
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# §V-C, last two paragraphs: observable S (sanitise Y = (S, X)), side information A, and the
# medoid codeword of U2
# ---------------------------------------------------------------------------------------------

#: The group of every S of Example 1 in :func:`example1_side_range` (A = a1 for s1, s2, s3).
EXAMPLE1_SIDE_GROUPS: tuple[int, ...] = (0, 0, 0, 1, 1, 1)


def example1_side_range() -> NDArray[np.bool_]:
    """Return Example 1 with side information ``A``: the adversary knows if S is in {s1, s2, s3}.

    ``mask[s, x, a] = [[S, X]](s, x) and a = group(s)`` with groups
    :data:`EXAMPLE1_SIDE_GROUPS`; A is a function of S, so ``[[S|a]]`` has 3 values and
    ``I*(S; X̂, A) ≥ I*(S; A) = 1`` bit for every quantization.

    Returns
    -------
    numpy.ndarray of bool, shape (6, 7, 2)
        The range ``[[S, X, A]]``.

    References
    ----------
    .. [1] N. Ding, F. Farokhi, IEEE Trans. Inf. Forensics Security, 2020, §V-C.

    Examples
    --------
    >>> from nsp.uncertain import side_information_leakage, side_information_maximin
    >>> m = example1_side_range()
    >>> round(side_information_leakage(m), 4), round(side_information_maximin(m), 4)
    (1.585, 2.3219)
    """
    mask = example1_range().mask
    groups = np.asarray(EXAMPLE1_SIDE_GROUPS)
    out = np.zeros((*mask.shape, 2), dtype=bool)
    for a in (0, 1):
        out[:, :, a] = mask & (groups == a)[:, None]
    return out


def hungarian_side_range(
    *,
    attribute: str = "sex",
    missing: Literal["keep", "drop"] = "keep",
    missing_value: int = -9,
    data_home: str | os.PathLike[str] | None = None,
) -> tuple[NDArray[np.bool_], NDArray[np.float64], tuple[Hashable, ...]]:
    """Return the Hungarian range ``[[S, X, A]]``: age, cholesterol and an attribute A.

    S and X are ordered as in :func:`hungarian_joint_range` (sorted ages, sorted
    cholesterol levels); A is an attribute of the same records the adversary is assumed to
    know (default ``"sex"``), sorted. Records with a missing A are dropped.

    Parameters
    ----------
    attribute : str
        A column of :func:`nsp.datasets.load_hungarian_heart` other than age and chol.
    missing, missing_value, data_home
        As in :func:`hungarian_age_chol`.

    Returns
    -------
    mask : numpy.ndarray of bool, shape (n_s, n_x, n_a)
        ``mask[s, x, a]``: some record has that age, cholesterol and attribute value.
    values : numpy.ndarray of float
        The cholesterol level of every x.
    a_labels : tuple
        The values of A.

    Examples
    --------
    >>> mask, values, a_labels = hungarian_side_range()
    >>> mask.shape, a_labels
    ((38, 154, 2), (0, 1))
    """
    missing = check_choice("missing", missing, ("keep", "drop"))  # type: ignore[assignment]
    missing_value = check_int("missing_value", missing_value)
    df = load_hungarian_heart(data_home=data_home)
    if (
        not isinstance(attribute, str)
        or attribute not in df.columns
        or attribute
        in (
            "age",
            "chol",
        )
    ):
        others = [c for c in df.columns if c not in ("age", "chol")]
        raise ValueError(f"attribute must be one of {others}; got {attribute!r}")
    df = df[["age", "chol", attribute]]
    if missing == "keep":
        df = df.assign(chol=df["chol"].fillna(missing_value))
    df = df.dropna()
    ages = np.sort(df["age"].astype("int64").unique())
    chols = np.sort(df["chol"].astype("int64").unique())
    a_vals = sorted(df[attribute].unique().tolist())
    mask = np.zeros((ages.size, chols.size, len(a_vals)), dtype=bool)
    a_index = {v: i for i, v in enumerate(a_vals)}
    mask[
        np.searchsorted(ages, df["age"].astype("int64").to_numpy()),
        np.searchsorted(chols, df["chol"].astype("int64").to_numpy()),
        [a_index[v] for v in df[attribute]],
    ] = True
    return mask, chols.astype(np.float64), tuple(a_vals)


def path_points(path: MergePath) -> pd.DataFrame:
    """Return every partition of a merge path with its leakage, utility and λ-window.

    Parameters
    ----------
    path : MergePath
        From :func:`nsp.clustering.nonstochastic.merge_path`.

    Returns
    -------
    pandas.DataFrame
        Columns ``t``, ``leakage``, ``utility``, ``n_clusters``, ``lam_low``, ``lam_high`` and
        ``reachable`` (some λ returns it: the points of the λ sweep's frontier).

    Examples
    --------
    >>> from nsp.clustering.nonstochastic import merge_path
    >>> df = path_points(merge_path(example1_range(), algorithm="algorithm2"))
    >>> df[df.reachable].t.tolist()
    [0, 4]
    """
    if not isinstance(path, MergePath):
        raise ValueError(f"path must be a MergePath; got {type(path).__name__}")
    w = lambda_windows(path)
    return pd.DataFrame(
        {
            "t": w.t,
            "leakage": path.leakage,
            "utility": path.utility,
            "n_clusters": [len(p) for p in path.partitions],
            "lam_low": w.lam_low,
            "lam_high": w.lam_high,
            "reachable": w.reachable,
        }
    )


def observable_comparison(
    r: ArrayLike,
    values: ArrayLike,
    *,
    codeword: Literal["centroid", "medoid"] = "centroid",
    distance: Distance = "abs",
    vc_lambdas: Sequence[float] = (0.0, 0.3, 1.0, 3.0),
) -> pd.DataFrame:
    """Sanitise X, or ``Y = (S, X)``: the points of Algorithms 1, 2 and the §V-C variant.

    The utility is U2 measured on X (a cluster of pairs ``(s, x)`` releases one codeword of
    their X values; :func:`nsp.clustering.nonstochastic.observable_range`), so both releases are on
    the same axes; the leakage is ``L0`` (Algorithm 1, §V-C) or ``I*`` (Algorithm 2), in bits.

    Parameters
    ----------
    r : JointRange or array_like of bool, shape (n_s, n_x)
        The joint range ``[[S, X]]``.
    values : array_like of float
        The value of every x.
    codeword : {"centroid", "medoid"}
        Codeword of U2.
    distance : {"abs", "sq"}
        Distance of U2.
    vc_lambdas : sequence of float
        The λ of the §V-C variant's runs (its path depends on λ).

    Returns
    -------
    pandas.DataFrame
        Columns ``release`` (``"X"`` or ``"Y"``), ``algorithm``, ``lam`` (§V-C runs; NaN for
        the path points of Algorithms 1 and 2), ``t``, ``leakage``, ``utility``,
        ``n_clusters``, ``reachable``.

    Examples
    --------
    >>> df = observable_comparison(example1_range(), EXAMPLE2_VALUES, vc_lambdas=[0.3])
    >>> start = df[(df.t == 0) & (df.algorithm == "algorithm1")]
    >>> start[["release", "leakage"]].round(4).values.tolist()
    [['X', 2.585], ['Y', 2.585]]
    """
    vals = as_real_array(values, name="values")
    vc_lambdas = as_sequence("vc_lambdas", vc_lambdas)
    for lam in vc_lambdas:
        check_real("vc_lambdas", lam, low=0.0)
    releases: dict[str, tuple[Any, NDArray[np.float64]]] = {
        "X": (r, vals),
        "Y": (observable_range(r), observable_values(r, vals)),
    }
    frames = []
    kw: dict[str, Any] = dict(utility="U2", codeword=codeword, distance=distance)
    for name, (rr, vv) in releases.items():
        for alg in ("algorithm1", "algorithm2"):
            pts = path_points(merge_path(rr, algorithm=alg, values=vv, **kw))
            frames.append(pts.assign(release=name, algorithm=alg, lam=np.nan))
        for lam in vc_lambdas:
            res = merge_until_connected(rr, lam, values=vv, **kw)
            frames.append(
                pd.DataFrame(
                    {
                        "t": [res.iterations],
                        "leakage": [res.leakage],
                        "utility": [res.utility],
                        "n_clusters": [len(res.partition)],
                        "reachable": [True],
                    }
                ).assign(release=name, algorithm="merge_until_connected", lam=float(lam))
            )
    cols = ["release", "algorithm", "lam", "t", "leakage", "utility", "n_clusters", "reachable"]
    return pd.concat(frames, ignore_index=True)[cols]


def side_information_comparison(
    mask: ArrayLike,
    values: ArrayLike,
    *,
    utility: Literal["U1", "U2"] = "U2",
    codeword: Literal["centroid", "medoid"] = "centroid",
    distance: Distance = "abs",
) -> pd.DataFrame:
    """Design for an adversary without side information, or with it; measure both with A.

    For Algorithms 1 and 2, the merge path computed on ``[[S, X]]`` (A ignored) and the one
    computed on ``[[S, X, A]]``; every partition of both is measured against the adversary
    who knows A (``L0(S → X̂|A)``, ``I*(S; X̂, A)``) and against one who does not.

    Parameters
    ----------
    mask : array_like of bool, shape (n_s, n_x, n_a)
        The range ``[[S, X, A]]``.
    values : array_like of float
        The value of every x (U2).
    utility : {"U1", "U2"}
        The utility.
    codeword : {"centroid", "medoid"}
        Codeword of U2.
    distance : {"abs", "sq"}
        Distance of U2.

    Returns
    -------
    pandas.DataFrame
        Columns ``design`` (``"ignores A"`` or ``"accounts for A"``), ``algorithm``, ``t``,
        ``leakage_with_a``, ``leakage_without_a``, ``utility``, ``n_clusters``,
        ``reachable`` (on its own path's λ sweep).

    Examples
    --------
    >>> df = side_information_comparison(example1_side_range(), EXAMPLE2_VALUES, utility="U1")
    >>> a2 = df[(df.algorithm == "algorithm2") & (df.design == "accounts for A")]
    >>> a2.leakage_with_a.round(4).tolist()
    [2.3219, 2.0, 1.585, 1.0]
    """
    m3 = _mask3(mask)
    m2 = m3.any(axis=2)
    kw: dict[str, Any] = dict(utility=utility, values=values, codeword=codeword, distance=distance)
    frames = []
    for alg in ("algorithm1", "algorithm2"):
        with_a = side_information_leakage if alg == "algorithm1" else side_information_maximin
        without_a = nonstochastic_leakage if alg == "algorithm1" else maximin_information
        for design, rr in (("ignores A", m2), ("accounts for A", m3)):
            path = merge_path(rr, algorithm=alg, **kw)
            pts = path_points(path)
            parts = path.partitions
            pts["leakage_with_a"] = [with_a(quantize_side_range(m3, p)) for p in parts]
            pts["leakage_without_a"] = [without_a(quantize(m2, p.labels)) for p in parts]
            frames.append(pts.assign(design=design, algorithm=alg))
    cols = [
        "design",
        "algorithm",
        "t",
        "leakage_with_a",
        "leakage_without_a",
        "utility",
        "n_clusters",
        "reachable",
    ]
    return pd.concat(frames, ignore_index=True)[cols]


def codeword_comparison(
    r: ArrayLike, values: ArrayLike, *, distance: Distance = "abs"
) -> pd.DataFrame:
    """Return the merge-path points of Algorithms 1 and 2 with the centroid and the medoid.

    Parameters
    ----------
    r : JointRange or array_like of bool
        The joint range (or a three-way range with side information).
    values : array_like of float
        The value of every x.
    distance : {"abs", "sq"}
        Distance of U2.

    Returns
    -------
    pandas.DataFrame
        Columns ``codeword``, ``algorithm`` and those of :func:`path_points`.

    Examples
    --------
    >>> df = codeword_comparison(example1_range(), EXAMPLE2_VALUES)
    >>> sorted(df.codeword.unique())
    ['centroid', 'medoid']
    """
    frames = []
    for cw in ("centroid", "medoid"):
        for alg in ("algorithm1", "algorithm2"):
            path = merge_path(
                r, algorithm=alg, utility="U2", values=values, codeword=cw, distance=distance
            )
            frames.append(path_points(path).assign(codeword=cw, algorithm=alg))
    df = pd.concat(frames, ignore_index=True)
    return df[
        ["codeword", "algorithm", *[c for c in df.columns if c not in ("codeword", "algorithm")]]
    ]


def codeword_table(
    values: ArrayLike, partition: Partition | ArrayLike, *, distance: Distance = "abs"
) -> pd.DataFrame:
    """Return every cluster's centroid and medoid with their largest distortions.

    Parameters
    ----------
    values : array_like of float
        The value of every x.
    partition : Partition or array_like of int
        The quantization.
    distance : {"abs", "sq"}
        Distance of U2.

    Returns
    -------
    pandas.DataFrame
        Columns ``cluster`` (1-based text), ``centroid``, ``medoid``, ``dbar_centroid``,
        ``dbar_medoid``.

    Examples
    --------
    Example 2's U2 solution ``{x1,x2,x4},{x3,x5},{x6,x7}``:

    >>> t = codeword_table(EXAMPLE2_VALUES, [0, 0, 1, 0, 1, 2, 2])
    >>> t.round(4).values.tolist()[0]
    ['{x1,x2,x4}', 0.2, 0.2, 0.1, 0.1]
    """
    if not isinstance(partition, Partition) and np.ndim(partition) != 1:
        raise ValueError(
            "partition must be a Partition or a 1-D array of cluster labels; "
            f"got {type(partition).__name__} of shape {np.shape(partition)}"
        )
    p = (
        partition
        if isinstance(partition, Partition)
        else Partition.from_labels(np.asarray(partition))
    )
    rows = []
    for c in p.clusters:
        idx = list(c)
        rows.append(
            {
                "cluster": _cluster_text(c),
                "centroid": cluster_codeword(values, idx),
                "medoid": cluster_codeword(values, idx, codeword="medoid"),
                "dbar_centroid": cluster_distortion(values, idx, distance=distance),
                "dbar_medoid": cluster_distortion(
                    values, idx, distance=distance, codeword="medoid"
                ),
            }
        )
    return pd.DataFrame(rows)
