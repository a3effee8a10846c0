"""Deprecated alias of :mod:`nsp.papers.agglomerative` (the Hungarian heart-disease experiment).

Every name is re-exported from :mod:`nsp.papers.agglomerative`, where the paper's
experiment glue now lives; importing one from here emits a :class:`DeprecationWarning`.
``renyi_leakage`` is :func:`nsp.info.renyi_leakage`, applied to
:func:`nsp.papers.agglomerative.uniform_s` of the pmf when ``uniform_s=True``.
"""

from __future__ import annotations

import warnings
from typing import Any

from numpy.typing import ArrayLike

from nsp._validation import Base, check_bool
from nsp.info import renyi_leakage as _info_renyi_leakage
from nsp.papers import agglomerative as _paper

_MOVED = (
    "PAPER_COUNTS",
    "dataset_statistics",
    "hungarian_age_chol",
    "hungarian_joint_range",
    "hungarian_pmf",
    "section6_table",
)
_WRAPPED = ("renyi_leakage",)
__all__ = [*_MOVED, *_WRAPPED]


def _renyi_leakage(
    p_sx: ArrayLike, alpha: float, *, base: Base = 2, uniform_s: bool = False
) -> float:
    """``max_x D_α(p(s|x) || p(s))``, with ``p(s)`` made uniform when ``uniform_s`` (eq. (13)).

    Parameters
    ----------
    p_sx : array_like, shape (n_s, n_x)
        Joint pmf; axis 0 is S.
    alpha : float
        Rényi order in ``[0, inf]``.
    base : float or str
        Logarithm base.
    uniform_s : bool
        Replace ``p(s)`` by the uniform pmf keeping ``p(x|s)``.

    Returns
    -------
    float
        The Rényi leakage.
    """
    p = _paper.uniform_s(p_sx) if check_bool("uniform_s", uniform_s) else p_sx
    return _info_renyi_leakage(p, alpha, base=base)


def __dir__() -> list[str]:
    return sorted(__all__)


def __getattr__(name: str) -> Any:
    if name in _MOVED or name == "renyi_leakage":
        new = (
            "nsp.info.renyi_leakage (with nsp.papers.agglomerative.uniform_s)"
            if name == "renyi_leakage"
            else f"nsp.papers.agglomerative.{name}"
        )
        warnings.warn(
            f"nsp.experiments.heart.{name} is deprecated; use {new}",
            DeprecationWarning,
            stacklevel=2,
        )
        return _renyi_leakage if name == "renyi_leakage" else getattr(_paper, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
