"""Speed of the range measures on a 2000 × 2000 support.

Maximin information ``I*`` (:func:`nsp.uncertain.maximin_information`) and Gács–Körner common
information (:func:`nsp.info.gacs_korner_common_information`) both reduce to the connected
components of the support's bipartite graph (:func:`nsp.uncertain.support_components`).
Target: under 50 ms each on a 2000 × 2000 support, sparse-ish with several components and
dense, and at least 2x faster than the naive components: networkx's connected components of
the graph built from the mask (and, on the dense support, scipy's csgraph on every nonzero,
the plain sparse approach: networkx would need gigabytes for two million edges). Also the
S-ranges of many clusters (:func:`nsp.uncertain.cluster_ranges`) against a loop of column ORs.

Quick (``--quick``): a 500 × 500 support, 125 cluster labels.

Run: ``.venv/bin/python -m benchmarks.bench_uncertain``.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from scipy.sparse import coo_array
from scipy.sparse.csgraph import connected_components

from benchmarks._timing import QUICK, Row, median_time, report
from nsp import uncertain as U

#: The support's size (N × N) and the cluster labels of the S-ranges.
N, N_CLUSTERS = (500, 125) if QUICK else (2000, 500)
TARGET_SECONDS = 0.05
MIN_RATIO = 2.0  # against the naive components (networkx, or csgraph on every pair)


def block_support(n: int, n_blocks: int, degree: float, seed: int) -> np.ndarray:
    """Return a realistic sparse-ish support: ``n_blocks`` random diagonal blocks.

    About ``degree`` pairs per row inside its block, every row and column covered; rows and
    columns shuffled.
    """
    rng = np.random.default_rng(seed)
    cuts = np.sort(rng.choice(np.arange(1, n), size=n_blocks - 1, replace=False))
    row_block = np.searchsorted(cuts, np.arange(n), side="right")
    col_block = np.searchsorted(cuts, np.arange(n), side="right")
    m = np.zeros((n, n), dtype=bool)
    for b in range(n_blocks):
        rows = np.flatnonzero(row_block == b)
        cols = np.flatnonzero(col_block == b)
        dens = min(1.0, degree / cols.size)
        blk = rng.random((rows.size, cols.size)) < dens
        blk[np.arange(rows.size), rng.integers(cols.size, size=rows.size)] = True
        blk[rng.integers(rows.size, size=cols.size), np.arange(cols.size)] = True
        m[np.ix_(rows, cols)] = blk
    return m[rng.permutation(n)][:, rng.permutation(n)]


def pmf_on(mask: np.ndarray, seed: int) -> np.ndarray:
    p = np.random.default_rng(seed).random(mask.shape) * mask
    return p / p.sum()


def networkx_components(mask: np.ndarray) -> int:
    """Count, as the comparison, networkx components of the bipartite graph of the mask."""
    return nx.number_connected_components(_nx_graph(mask))


def _nx_graph(mask: np.ndarray) -> nx.Graph:
    n_s, n_x = mask.shape
    g = nx.Graph()
    g.add_nodes_from(range(n_s + n_x))
    s, x = np.nonzero(mask)
    g.add_edges_from(zip(s.tolist(), (x + n_s).tolist(), strict=True))
    return g


def scipy_all_edges(mask: np.ndarray) -> int:
    """Count, the plain sparse way, csgraph components over every nonzero of the mask."""
    n_s, n_x = mask.shape
    s, x = np.nonzero(mask)
    g = coo_array((np.ones(s.size, dtype=np.int8), (s, x + n_s)), shape=(n_s + n_x, n_s + n_x))
    return connected_components(g.tocsr(), directed=True, connection="weak")[0]


def main() -> int:
    rows: list[Row] = []
    try:
        from nsp.info import gacs_korner_common_information as gk
    except ImportError:  # the info module is written by another helper
        gk = None

    sparse = block_support(N, n_blocks=12, degree=4.0, seed=1)
    dense = np.random.default_rng(2).random((N, N)) < 0.5
    cases = [("sparse, 12 blocks", sparse), ("dense 50%", dense)]
    for name, mask in cases:
        n_comp = U.support_components(mask)[0]
        label = f"{name}, {n_comp} comp., {int(mask.sum())} pairs"
        if mask is sparse:
            assert networkx_components(mask) == n_comp
            theirs = median_time(lambda mask=mask: networkx_components(mask), repeat=3)
            against, note = "naive networkx", "graph from the mask + connected components"
        else:
            assert scipy_all_edges(mask) == n_comp
            theirs = median_time(lambda mask=mask: scipy_all_edges(mask), repeat=5)
            against, note = "naive scipy csgraph", "components over every nonzero pair"
        ours = median_time(lambda mask=mask: U.maximin_information(mask), repeat=7)
        rows.append(
            Row(
                f"I* {N}x{N} {label}",
                ours,
                theirs,
                against,
                min_ratio=MIN_RATIO,
                max_seconds=TARGET_SECONDS,
                note=note,
            )
        )
        if gk is not None:
            p = pmf_on(mask, seed=3)
            ours = median_time(lambda p=p: gk(p), repeat=7)
            rows.append(
                Row(
                    f"GK {N}x{N} {name}",
                    ours,
                    theirs,
                    against,
                    min_ratio=MIN_RATIO,
                    max_seconds=TARGET_SECONDS,
                    note=note,
                )
            )

    # S-ranges of N_CLUSTERS clusters of an N-value X
    rng = np.random.default_rng(4)
    jr = U.JointRange(block_support(N, n_blocks=12, degree=4.0, seed=5))
    m = jr.mask  # C-ordered, as users hold it
    labels = rng.integers(0, N_CLUSTERS, size=N)
    clusters = [tuple(np.flatnonzero(labels == v)) for v in np.unique(labels)]
    naive = lambda: np.stack([m[:, list(c)].any(axis=1) for c in clusters], axis=1)  # noqa: E731
    np.testing.assert_array_equal(U.cluster_ranges(jr, clusters), naive())
    t_naive = median_time(naive)
    rows.append(
        Row(
            f"cluster_ranges(JointRange), {N_CLUSTERS} clusters",
            median_time(lambda: U.cluster_ranges(jr, clusters)),
            t_naive,
            "naive loop of column ORs",
            min_ratio=2.0,
        )
    )
    rows.append(
        Row(
            f"cluster_ranges(C-ordered array), {N_CLUSTERS} clusters",
            median_time(lambda: U.cluster_ranges(m, clusters)),
            t_naive,
            "naive loop of column ORs",
            min_ratio=1.0,
        )
    )
    return report("nsp.uncertain: support components, maximin / Gács–Körner, cluster ranges", rows)


if __name__ == "__main__":
    raise SystemExit(main())
