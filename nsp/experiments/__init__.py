"""Deprecated: the experiments moved to the papers' modules, ``nsp.papers.<key>``.

Every module here is a thin alias kept for one release; importing one emits a
:class:`DeprecationWarning` naming its new home:

==================================  ===================================
old module                          new module
==================================  ===================================
``nsp.experiments.membership``      ``nsp.papers.noiseless.membership``
``nsp.experiments.nilm``            ``nsp.papers.noiseless.nilm``
``nsp.experiments.taxi``            ``nsp.papers.noiseless.taxi``
==================================  ===================================
"""

import warnings
from types import ModuleType
from typing import Any

__all__: list[str] = []


def _deprecated(old: str, new: ModuleType) -> Any:
    """Warn that module ``old`` moved to ``new``; return a module ``__getattr__`` forwarding to it.

    The alias module re-exports ``new.__all__`` itself; the returned ``__getattr__`` serves
    every other name (private helpers included) from ``new``.
    """
    warnings.warn(f"{old} is deprecated; use {new.__name__}", DeprecationWarning, stacklevel=3)

    def __getattr__(name: str) -> Any:
        return getattr(new, name)

    return __getattr__
