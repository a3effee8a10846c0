"""Rate–distortion, and the rate–distortion–equivocation tradeoff of databases.

Every public name is importable from here; the implementation is in private modules.

Rate–distortion
    ``R(D)`` of a discrete source by Blahut–Arimoto with certified bounds: the point of a
    slope (:func:`blahut_arimoto`), the point at a distortion (:func:`rate_distortion_at`),
    the curve on a grid (:func:`rate_distortion_curve`).
Equivocation
    The (rate, distortion, equivocation, leakage) of an encoder (:func:`rde_point`), the
    maximal equivocation Γ(D) (:func:`max_equivocation`), ``R(D)`` with its equivocation
    ``E*`` (:func:`min_rate`), the smallest rate ``R(D, E)`` for a required equivocation
    (:func:`rate_given_equivocation`), and the perfect-privacy distortion
    (:func:`perfect_privacy_distortion`) (convex programs with certified gaps).
Utility–privacy
    The utility–privacy tradeoff curve on a grid of distortions (:func:`utility_privacy_curve`).
Side information
    Encoders for a user with side information, statistically informed
    (:func:`si_statistical_point`) and informed (:func:`si_informed_point`,
    :func:`max_equivocation_informed`).

The closed forms of the utility–privacy paper's two examples (reverse water-filling for
categorical data, Gaussian data) are in :mod:`nsp.papers.utility_privacy`.

References
----------
L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013,
arXiv:1102.3751.

Examples
--------
A fair bit under Hamming distortion: ``R(0.1) = 1 - h(0.1)`` bits.

>>> round(rate_distortion_at([0.5, 0.5], hamming_distortion(2), 0.1).rate, 6)
0.531004
"""

from nsp.ratedistortion._equivocation import (
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
from nsp.ratedistortion._rate_distortion import (
    AccuracyWarning,
    DistortionRange,
    RateDistortionPoint,
    blahut_arimoto,
    distortion_range,
    hamming_distortion,
    rate_distortion_at,
    rate_distortion_curve,
)
from nsp.ratedistortion._side_information import (
    bayes_decoder,
    binning_exponents,
    max_equivocation_informed,
    si_informed_point,
    si_statistical_point,
)
from nsp.ratedistortion._utility_privacy import utility_privacy_curve

__all__ = [
    "ETA_MAX",
    "AccuracyWarning",
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
    "hamming_distortion",
    "max_equivocation",
    "max_equivocation_informed",
    "min_rate",
    "perfect_privacy_distortion",
    "rate_distortion_at",
    "rate_distortion_curve",
    "rate_given_equivocation",
    "rde_point",
    "si_informed_point",
    "si_statistical_point",
    "utility_privacy_curve",
]
