"""Scale-out: the counting steps of the experiments on Dask, for data beyond one machine's memory.

The papers' experiments count things in large tables: taxi trips per quantized start-end cell
(noiseless privacy, Fig. 6), records per (s, x) cell (privacy funnel, agglomerative privacy),
half-hourly readings per household and day (the membership game). Each function here takes a
Dask DataFrame, a path glob or a list of Parquet/CSV files, runs the counting on Dask (on the
active ``dask.distributed`` client if there is one, a cluster or a ``LocalCluster``) and
returns **exactly** what the pandas path returns on the same data in memory: the counts are
integers and the daily sums add the same numbers in the same order. What follows the counting
(the curves, the greedy merges, the game) stays in memory.

=====================================  =====================================================
function                               pandas path
=====================================  =====================================================
:func:`uniqueness_vs_epsilon`          :func:`nsp.papers.noiseless.taxi.uniqueness_vs_epsilon`
:func:`census_joint`                   ``privacy_funnel.census_joint(discretize_adult(df))``
:func:`joint_counts`                   the counts of :func:`nsp.papers.agglomerative.hungarian_pmf`
:func:`daily_totals`                   :func:`nsp.papers.noiseless.membership.daily_totals`
=====================================  =====================================================

Dask is the optional extra ``pip install "nsp-privacy[scale]"``; it is imported on first use, so
``import nsp.scale`` works without it and a call raises an ImportError saying what to install.
See ``docs/scale.md`` for clusters, converting the TLC files to Parquet and partition sizes.
"""

from __future__ import annotations

from typing import Any

__all__ = ["census_joint", "daily_totals", "joint_counts", "uniqueness_vs_epsilon"]

_HOMES = {
    "census_joint": "joint",
    "joint_counts": "joint",
    "daily_totals": "membership",
    "uniqueness_vs_epsilon": "taxi",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        import importlib

        from ._core import import_dask

        import_dask()
        return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
