"""Sankar, Rajagopalan & Poor, *Utility–privacy tradeoff in databases*: the paper's own material.

The general solvers (RDE points, Γ(D), R(D, E), side information) are in
:mod:`nsp.ratedistortion`; this module holds what is specific to the paper:

* Example 1 (categorical data, Hamming distortion): the reverse water-filling closed form
  (:func:`water_level`, :func:`reverse_waterfill`, :func:`gamma_hamming`,
  :func:`gamma_hamming_curve`) and the sanitizer it defines (:func:`sanitize_categorical`);
* Example 2 (Gaussian data, cases (i)–(iii)): the closed forms ``gaussian_*`` and an
  independent evaluator from the joint covariance (:func:`gaussian_rdl_from_covariance`);
* the paper's inputs: :data:`EXAMPLE1_PMF_PRINTED` (Fig. 4's pmf as printed, which sums to
  0.8) and :func:`example1_pmf`, :func:`remark4_source` (an instance of Remark 4);
* the tables its figures plot: :func:`fig4a_table`, :func:`gaussian_curves` (Fig. 5),
  :func:`rde_surface` (Fig. 3a), :func:`fig1_database` (Fig. 1) and :func:`lloyd_codebook`
  (Fig. 2's sketch).

How the paper's ambiguities and errata are resolved is written up in
``docs/papers/utility_privacy.md``.

References
----------
L. Sankar, S. R. Rajagopalan, H. V. Poor, "Utility-privacy tradeoff in databases: an
information-theoretic approach", IEEE Trans. Inf. Forensics Security 8(6), 2013,
arXiv:1102.3751.
"""

from __future__ import annotations

from nsp.papers.utility_privacy._checks import (
    example1_solver_check,
    gaussian_covariance_check,
    remark4_table,
    sanitizer_check,
)
from nsp.papers.utility_privacy._figures import (
    Codebook,
    fig1_database,
    fig4a_table,
    gaussian_curves,
    lloyd_codebook,
    rde_surface,
    waterfilling_view,
)
from nsp.papers.utility_privacy._gaussian import (
    gaussian_leakage,
    gaussian_leakage_side_info,
    gaussian_rate,
    gaussian_rate_side_info,
    gaussian_rdl_from_covariance,
    gaussian_test_channel_noise,
)
from nsp.papers.utility_privacy._instances import (
    EXAMPLE1_PMF_NINE,
    EXAMPLE1_PMF_PRINTED,
    example1_pmf,
    remark4_source,
)
from nsp.papers.utility_privacy._side_information import (
    side_information_curves,
    side_information_source,
    theorem2_family,
)
from nsp.papers.utility_privacy._waterfilling import (
    ReverseWaterfilling,
    WaterLevel,
    gamma_hamming,
    gamma_hamming_curve,
    reverse_waterfill,
    sanitize_categorical,
    water_level,
)

__all__ = [
    "EXAMPLE1_PMF_NINE",
    "EXAMPLE1_PMF_PRINTED",
    "Codebook",
    "ReverseWaterfilling",
    "WaterLevel",
    "waterfilling_view",
    "example1_pmf",
    "example1_solver_check",
    "fig1_database",
    "fig4a_table",
    "gamma_hamming",
    "gamma_hamming_curve",
    "gaussian_covariance_check",
    "gaussian_curves",
    "gaussian_leakage",
    "gaussian_leakage_side_info",
    "gaussian_rate",
    "gaussian_rate_side_info",
    "gaussian_rdl_from_covariance",
    "gaussian_test_channel_noise",
    "lloyd_codebook",
    "rde_surface",
    "remark4_source",
    "remark4_table",
    "reverse_waterfill",
    "sanitize_categorical",
    "sanitizer_check",
    "side_information_curves",
    "side_information_source",
    "theorem2_family",
    "water_level",
]
