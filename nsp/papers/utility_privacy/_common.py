"""What the closed forms of both examples share: the check of an array of distortions."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray


def _as_distortions(D: ArrayLike, name: str = "D") -> NDArray[np.float64]:
    """Distortions as a float array of the same shape: finite real numbers >= 0."""
    raw = np.asarray(D)
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"{name} must hold real numbers (got dtype {raw.dtype})")
    Ds = raw.astype(np.float64)
    if not np.all(np.isfinite(Ds)) or np.any(Ds < 0):
        raise ValueError(f"{name} must hold finite numbers >= 0")
    return Ds
