"""Examples 1–5 (§IV–§V): every value the paper prints beside ours.

:func:`example_values` recomputes each printed partition, range, ``ΔL`` and stopping point;
:func:`examples_table` puts them side by side with :func:`nsp.papers.paper_vs_ours`, with
the reason of each disagreement (:data:`EXAMPLE_NOTES`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd
from numpy.typing import NDArray

from nsp._validation import check_real
from nsp.clustering.nonstochastic import (
    merge_across_components,
    merge_by_leakage,
    merge_until_connected,
    resolution_utility,
)
from nsp.papers import paper_vs_ours
from nsp.papers.agglomerative._common import _cluster_text
from nsp.papers.agglomerative._instances import (
    EXAMPLE2_U2_LAMBDA,
    EXAMPLE2_VALUES,
    EXAMPLE_LAMBDA,
    example1_range,
)
from nsp.partition import Partition
from nsp.uncertain import (
    confusability_graph,
    finest_decomposition,
    maximin_information,
    overlap_partition,
    quantize,
    quantized_decomposition,
)

__all__ = ["EXAMPLE_NOTES", "example_values", "examples_table"]


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
    paper : dict
        The printed values, keyed by ``(example, quantity)``, in the paper's order; numbers,
        or partitions and ranges written 1-based (``{x1,x2},{x3}``).
    ours : dict
        The values nsp computes, with the same keys and in the same notation.

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
