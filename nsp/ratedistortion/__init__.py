"""Rate–distortion, and the rate–distortion–equivocation tradeoff of databases.

Submodules
----------
:mod:`~nsp.ratedistortion.rate_distortion`
    ``R(D)`` of a discrete source by Blahut–Arimoto with certified bounds: the point of a
    slope, the point at a distortion, the curve on a grid.
:mod:`~nsp.ratedistortion.equivocation`
    The (rate, distortion, equivocation, leakage) of an encoder, the maximal equivocation
    Γ(D), ``R(D)`` with its equivocation ``E*``, the smallest rate ``R(D, E)`` for a required
    equivocation, and the perfect-privacy distortion (convex programs with certified gaps).
:mod:`~nsp.ratedistortion.utility_privacy`
    The utility–privacy tradeoff curve on a grid of distortions.
:mod:`~nsp.ratedistortion.side_information`
    Encoders for a user with side information (statistically informed and informed).

Every public name of the submodules is importable from :mod:`nsp.ratedistortion`. The closed
forms of the utility–privacy paper's two examples (reverse water-filling for categorical data,
Gaussian data) are in :mod:`nsp.papers.utility_privacy`; their old names here
(``reverse_waterfill``, ``gamma_hamming``, ``gaussian_rate``, …) still work and warn.

References
----------
L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013,
arXiv:1102.3751.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

from nsp.ratedistortion import equivocation, rate_distortion, side_information, utility_privacy
from nsp.ratedistortion.equivocation import (
    ETA_MAX,
    EquivocationResult,
    MinRateResult,
    RateEquivocationPoint,
    RDEPoint,
    max_equivocation,
    min_rate,
    perfect_privacy_distortion,
    rate_given_equivocation,
    rde_point,
)
from nsp.ratedistortion.rate_distortion import (
    DistortionRange,
    RateDistortionPoint,
    blahut_arimoto,
    distortion_range,
    hamming_distortion,
    rate_distortion_at,
    rate_distortion_curve,
)
from nsp.ratedistortion.side_information import (
    bayes_decoder,
    binning_exponents,
    max_equivocation_informed,
    si_informed_point,
    si_statistical_point,
)
from nsp.ratedistortion.utility_privacy import utility_privacy_curve

__all__ = [
    "ETA_MAX",
    "DistortionRange",
    "EquivocationResult",
    "MinRateResult",
    "RDEPoint",
    "RateDistortionPoint",
    "RateEquivocationPoint",
    "bayes_decoder",
    "binning_exponents",
    "blahut_arimoto",
    "distortion_range",
    "equivocation",
    "hamming_distortion",
    "max_equivocation",
    "max_equivocation_informed",
    "min_rate",
    "perfect_privacy_distortion",
    "rate_distortion_at",
    "rate_distortion_curve",
    "rate_distortion",
    "rate_given_equivocation",
    "rde_point",
    "si_informed_point",
    "si_statistical_point",
    "side_information",
    "utility_privacy",
    "utility_privacy_curve",
]

#: Names that moved to :mod:`nsp.papers.utility_privacy` (the paper's closed forms).
_MOVED_TO_PAPER = frozenset(
    {
        "ReverseWaterfilling",
        "water_level",
        "reverse_waterfill",
        "gamma_hamming",
        "gamma_hamming_curve",
        "sanitize_categorical",
        "gaussian_rate",
        "gaussian_rate_side_info",
        "gaussian_leakage",
        "gaussian_leakage_side_info",
        "gaussian_test_channel_noise",
        "gaussian_rdl_from_covariance",
    }
)


def __getattr__(name: str) -> Any:
    if name in _MOVED_TO_PAPER:
        warnings.warn(
            f"nsp.ratedistortion.{name} moved to nsp.papers.utility_privacy.{name}; "
            "the old name will be removed in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module("nsp.papers.utility_privacy"), name)
    raise AttributeError(f"module 'nsp.ratedistortion' has no attribute {name!r}")
