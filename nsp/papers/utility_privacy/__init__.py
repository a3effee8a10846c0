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

from typing import Any

from nsp._lazy import exported, lazy_attribute

#: The submodule that defines each public name, imported on first use: a notebook runs (and
#: is re-run for a change to) only the modules it uses.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "_checks": (
        "example1_solver_check",
        "gaussian_covariance_check",
        "remark4_table",
        "sanitizer_check",
    ),
    "_figures": (
        "Codebook",
        "fig1_database",
        "fig4a_table",
        "gaussian_curves",
        "lloyd_codebook",
        "rde_surface",
        "waterfilling_view",
    ),
    "_gaussian": (
        "gaussian_leakage",
        "gaussian_leakage_side_info",
        "gaussian_rate",
        "gaussian_rate_side_info",
        "gaussian_rdl_from_covariance",
        "gaussian_test_channel_noise",
    ),
    "_instances": (
        "EXAMPLE1_PMF_NINE",
        "EXAMPLE1_PMF_PRINTED",
        "example1_pmf",
        "remark4_source",
    ),
    "_side_information": (
        "side_information_curves",
        "side_information_source",
        "theorem2_family",
    ),
    "_waterfilling": (
        "ReverseWaterfilling",
        "WaterLevel",
        "gamma_hamming",
        "gamma_hamming_curve",
        "reverse_waterfill",
        "sanitize_categorical",
        "water_level",
    ),
}

__all__ = exported(_EXPORTS)


def __getattr__(name: str) -> Any:
    return lazy_attribute(__name__, _EXPORTS, name)


def __dir__() -> list[str]:
    return list(__all__)
