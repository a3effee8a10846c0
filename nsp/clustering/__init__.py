"""Merge-based algorithms over partitions of an alphabet (agglomerative, funnel, baselines)."""
