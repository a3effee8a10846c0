"""Deprecated: the census experiment moved to :mod:`nsp.papers.privacy_funnel`.

Every name of this module is still importable from here, with a :class:`DeprecationWarning`;
import it from :mod:`nsp.papers.privacy_funnel` instead.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nsp.papers.privacy_funnel import (
        AGE_BINNINGS,
        EDUCATION_SCHEMES,
        adult_census_joint,
        bounds_frame,
        census_joint,
        discretize_adult,
        fig1_curves,
    )

__all__ = [
    "AGE_BINNINGS",
    "EDUCATION_SCHEMES",
    "discretize_adult",
    "census_joint",
    "adult_census_joint",
    "fig1_curves",
    "bounds_frame",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        warnings.warn(
            f"nsp.experiments.census.{name} is deprecated; "
            f"import it from nsp.papers.privacy_funnel",
            DeprecationWarning,
            stacklevel=2,
        )
        from nsp.papers import privacy_funnel

        return getattr(privacy_funnel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
