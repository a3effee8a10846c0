"""Merge-based algorithms over partitions of an alphabet (agglomerative, funnel, baselines).

Submodules are imported on first use: ``from nsp import clustering; clustering.funnel``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

_SUBMODULES = ("baselines", "funnel", "nonstochastic", "partition")

__all__ = list(_SUBMODULES)


def __getattr__(name: str) -> ModuleType:
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
