"""Scale-out: the Dask implementations of the counting steps, for data beyond one machine's memory.

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

This package exports no name of its own: each counting step has one public path, in
:mod:`nsp.datasets`.
"""

__all__: list[str] = []
