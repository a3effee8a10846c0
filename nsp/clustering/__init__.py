"""Merge-based algorithms over partitions of an alphabet: a namespace of three public modules.

:mod:`nsp.clustering.nonstochastic`
    Agglomerative clustering for non-stochastic privacy (Ding & Farokhi).
:mod:`nsp.clustering.funnel`
    The privacy funnel's greedy merging algorithms (Makhdoumi et al.).
:mod:`nsp.clustering.baselines`
    Baselines the papers compare against (k-anonymity by generalization).

Each is imported on first use: ``from nsp import clustering; clustering.funnel``. Every
algorithm returns a :class:`nsp.partition.Partition`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

_SUBMODULES = ("baselines", "funnel", "nonstochastic")

__all__ = list(_SUBMODULES)


def __getattr__(name: str) -> ModuleType:
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return list(__all__)  # the three modules, loaded or not (as nsp's own __dir__)
