"""How the tables write a cluster of x's: 1-based, ``{x1,x2}``."""

from __future__ import annotations

from collections.abc import Iterable


def _cluster_text(cluster: Iterable[int]) -> str:
    """Write a cluster of x's 1-based, e.g. ``{x1,x2}``."""
    return "{" + ",".join(f"x{i + 1}" for i in cluster) + "}"
