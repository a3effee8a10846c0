"""Deprecated: Wu's instances and tables moved to :mod:`nsp.papers.privacy_channels`.

Every name this module held is still reachable here for one release, with a
:class:`DeprecationWarning`; import it from :mod:`nsp.papers.privacy_channels` instead
(``expected_distortion`` is general and lives in :mod:`nsp.privacy_channels`).
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

#: Old name -> module that holds it now.
MOVED = {
    "example1_universe": "nsp.papers.privacy_channels",
    "example1_query": "nsp.papers.privacy_channels",
    "example1_rr": "nsp.papers.privacy_channels",
    "count_query": "nsp.papers.privacy_channels",
    "mod_sum_exponential_channel": "nsp.papers.privacy_channels",
    "random_channel": "nsp.papers.privacy_channels",
    "rr_ip_vs_dp_table": "nsp.papers.privacy_channels",
    "gaussian_noise_table": "nsp.papers.privacy_channels",
    "exponential_vs_em_table": "nsp.papers.privacy_channels",
    "expected_distortion": "nsp.privacy_channels.core",
}

# ``from nsp.privacy_channels.examples import *`` still yields the old names (with a warning each).
__all__ = list(MOVED)


def moved(name: str, *, stacklevel: int = 3) -> Any:
    """Return a moved name after warning where it lives now.

    Parameters
    ----------
    name : str
        A key of :data:`MOVED`.
    stacklevel : int
        Passed to :func:`warnings.warn` (3: the caller of ``__getattr__``).

    Returns
    -------
    object
    """
    warnings.warn(
        f"{name} moved from nsp.privacy_channels to {MOVED[name]}; import it from there",
        DeprecationWarning,
        stacklevel=stacklevel,
    )
    return getattr(importlib.import_module(MOVED[name]), name)


def __getattr__(name: str) -> Any:
    if name in MOVED:
        return moved(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
