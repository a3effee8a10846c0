"""nsp: privacy measured with information — the measures, algorithms and figures of five papers.

Every subpackage is reachable from ``import nsp`` (imported on first use):

====================  ==========================================================================
``info``              Shannon measures on pmf arrays (entropy, mutual information, divergences,
                      leakages)
``uncertain``         non-stochastic (range-based) measures: H0, I0, L0, maximin information,
                      k-anonymity
``channels``          channels, certified capacity, differential-privacy epsilon
``ratedistortion``    rate-distortion and the utility-privacy tradeoff
``noiseless``         noiseless privacy budgets and quantizers
``notions``           every paper's privacy notion on one record: mechanisms as channels, evaluate
``privacy_channels``  privacy channels over a product universe, individual channel capacity
``clustering``        merge-based algorithms (agglomerative non-stochastic privacy, privacy funnel)
``partition``         partitions of an alphabet (what the clustering algorithms and measures return)
``joint``             a labelled joint pmf p(s, x) with its counts (the input of every experiment)
``pareto``            lambda sweeps and Pareto fronts
``papers``            one module per paper: instances, printed values, experiments, tables
``datasets``          the data registry, fetching, loaders and counting steps
``plotting``          style and deterministic figure saving
``notebooks``         finding and running the notebooks
``interactive``       sliders that redraw a view in JupyterLab (the default view elsewhere)
``exercises``         the course's checked exercises: ``check(name, answer)``
``paths``             where the data, the figures and the builds live
``cli``               the ``nsp`` command (``python -m nsp``)
====================  ==========================================================================

Examples
--------
>>> import nsp
>>> round(nsp.info.entropy([0.5, 0.5]), 6)
1.0
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

#: The version of nsp (the distribution ``nsp-privacy``).
__version__ = "0.3.0.dev0"

# Every public module and subpackage (no leading underscore) in this folder, imported on first
# use. Read from the folder, so that a new subpackage needs no entry here.
_SUBMODULES: tuple[str, ...] = tuple(
    sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
)

__all__ = ["__version__", *_SUBMODULES]


def __getattr__(name: str) -> ModuleType:
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'nsp' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
