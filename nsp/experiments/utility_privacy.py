"""Deprecated alias of :mod:`nsp.papers.utility_privacy` (kept for one release).

Every name still resolves, with a :class:`DeprecationWarning`; import from
:mod:`nsp.papers.utility_privacy` instead.
"""

from __future__ import annotations

import warnings
from typing import Any

from nsp.papers import utility_privacy as _paper

__all__ = list(_paper.__all__)


def __getattr__(name: str) -> Any:
    if name in _paper.__all__:
        warnings.warn(
            f"nsp.experiments.utility_privacy is deprecated; use nsp.papers.utility_privacy.{name}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(_paper, name)
    raise AttributeError(f"module 'nsp.experiments.utility_privacy' has no attribute {name!r}")
