"""Scale-out: the Dask and streaming engines of the counting steps, private to nsp.

The experiments count things in large tables: taxi trips per quantized start-end cell
(noiseless privacy, Fig. 6), records per (s, x) cell (privacy funnel, agglomerative privacy),
half-hourly readings per household and day (the membership game). Each counting step is one
function of :mod:`nsp.datasets`, beside the loader of its data, with ``engine="pandas"`` (in
memory, the default) or ``engine="dask"`` (the taxi count also ``engine="stream"``: one pass
over files on one machine, the fastest there); this package holds these engines and the
row-level kernels the engines share, so that they give **exactly** the same result: the
counts are integers and the daily sums add the same numbers in the same order. What follows
the counting (the curves, the greedy merges, the game) stays in memory.

======================================================  ==========================================
counting step (``engine="dask"``)                        data
======================================================  ==========================================
:func:`nsp.datasets.uniqueness_vs_epsilon`               taxi trips (Dask frame, Parquet/CSV files)
:func:`nsp.datasets.census_joint`                        Adult records
:func:`nsp.datasets.discretize_adult`                    Adult records (lazy codes)
:func:`nsp.datasets.joint_counts`                        any two columns (Hungarian age, chol)
:func:`nsp.datasets.cell_counts`                         any columns (a user's own table)
:func:`nsp.datasets.daily_totals`                        half-hourly meter readings
======================================================  ==========================================

With ``engine="dask"`` the data are a Dask DataFrame, a path glob or a list of Parquet/CSV
files; the work runs on the active ``dask.distributed`` client if there is one (a cluster or a
``LocalCluster``). Dask is the optional extra ``pip install "nsp-privacy[scale]"``; it is
imported on first use, so ``import nsp.datasets`` works without it and a Dask call raises an
ImportError saying what to install. See ``docs/scale.md`` for clusters, converting the TLC
files to Parquet and partition sizes.

Private: each counting step has one public path, in :mod:`nsp.datasets`, and the engines
validate nothing that path has validated. The package sits on the floor just below
:mod:`nsp.datasets`, which dispatches to it, and the noiseless paper's taxi experiment
(:mod:`nsp.papers.noiseless.taxi`) reads its budget-to-boxes rule from here too. The names
its neighbours use are listed below and imported on first use (PEP 562, :mod:`nsp._lazy`):
a Dask worker that runs a kernel of ``._keys`` imports numpy only, not this package's
engines, pandas and the rest of nsp.
"""

from __future__ import annotations

from typing import Any

from nsp._lazy import exported, lazy_attribute

#: The submodule that defines each name the neighbours use (:mod:`nsp._lazy`'s table).
_EXPORTS: dict[str, tuple[str, ...]] = {
    "_joint": (
        "ADULT_ATTRIBUTES",
        "AGE_BINNINGS",
        "EDUCATION_SCHEMES",
        "cell_codes",
        "cell_counts_dask",
        "census_counts_dask",
        "census_labels",
        "check_attributes",
        "check_pair",
        "discretize_dask",
        "discretize_rows",
        "finish_table",
        "group_sizes",
        "joint_counts_dask",
    ),
    "_membership": (
        "SEVERAL_CHANNELS",
        "check_meter_columns",
        "daily_totals_dask",
        "daily_totals_rows",
    ),
    "_morton": ("uniqueness_dask", "uniqueness_stream"),
    "_taxi": ("boxes_for", "check_bbox", "check_epsilons", "coordinate_bins", "curve_frame"),
}

__all__ = exported(_EXPORTS)


def __getattr__(name: str) -> Any:
    return lazy_attribute(__name__, _EXPORTS, name)


def __dir__() -> list[str]:
    return list(__all__)
