"""Partitions of a finite alphabet: the one return type of every measure or algorithm that groups.

A :class:`Partition` of ``{0, …, n-1}`` is immutable and kept in *canonical order*: each cluster
is a sorted tuple, and clusters are sorted by their smallest element. Cluster indices therefore
mean the same thing in every algorithm, history and figure of the project, and ties that are
broken "by canonical order" are reproducible.

Algorithms keep their own incremental state (cluster masses, ranges, costs) in arrays and
record :class:`Partition` values in their histories; the measures of :mod:`nsp.uncertain`
(overlap partition, finest decomposition of the confusability graph) return one too.

This module sits below every other module of :mod:`nsp` except :mod:`nsp._validation`, so that
any of them can return a :class:`Partition`.
"""

from nsp.partition._partition import (
    Partition,
)

__all__ = [
    "Partition",
]
