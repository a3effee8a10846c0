"""Newton steps on the probability simplex: the direction with ``sum(d) = 0``.

Shared by channel capacity (:mod:`nsp.channels._capacity`, ascending ``I(p; W)`` over the
inputs) and Blahut–Arimoto's Newton finish (:mod:`nsp.ratedistortion._rate_distortion`,
descending over the outputs): both solve ``(H + ridge I) d = g - nu 1`` for the ``nu`` that
keeps the step on the simplex.
"""

from __future__ import annotations

import math

import numpy as np
import scipy.linalg
from numpy.typing import NDArray

__all__: list[str] = []


def sum_zero(hg: NDArray[np.float64], h1: NDArray[np.float64]) -> NDArray[np.float64] | None:
    """Return ``d = H^-1 g - (sum(H^-1 g) / sum(H^-1 1)) H^-1 1``: the step with ``sum(d) = 0``.

    ``hg`` and ``h1`` are ``H^-1 g`` and ``H^-1 1``; ``None`` if the step is not finite
    (``H^-1 1`` sums to zero or overflows).
    """
    denom = float(h1.sum())
    if not math.isfinite(denom) or abs(denom) < 1e-300:
        return None
    d = hg - (float(hg.sum()) / denom) * h1
    return d if np.all(np.isfinite(d)) else None


def cholesky_step(
    hess: NDArray[np.float64], g: NDArray[np.float64], ridge: float
) -> NDArray[np.float64] | None:
    """Newton direction ``d = (H + ridge I)^{-1} (g - nu 1)`` with ``sum(d) = 0``, by Cholesky.

    Cholesky rather than an eigen-decomposition: the latter's threaded LAPACK stalls on a
    loaded machine. ``None`` if the factorization fails (``H + ridge I`` not numerically
    positive definite) or the step is not finite.
    """
    try:
        factor = scipy.linalg.cho_factor(
            hess + ridge * np.eye(hess.shape[0]), lower=True, check_finite=False
        )
    except np.linalg.LinAlgError:
        return None
    sol = scipy.linalg.cho_solve(factor, np.column_stack([g, np.ones_like(g)]), check_finite=False)
    return sum_zero(sol[:, 0], sol[:, 1])
