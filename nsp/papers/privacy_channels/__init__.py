"""Wu's privacy-channels paper: its instances and the tables of its notebooks.

G. Wu, *Constructing privacy channels from information channels*, arXiv:1910.09235, 2019.
The measures and channels themselves are general and live in :mod:`nsp.privacy_channels`;
this module holds what is specific to the paper and to its notebooks:

Instances
    :func:`example1_universe`, :func:`example1_query`, :func:`example1_rr` (Example 1, §3.1,
    Fig. 1, with the randomized response of §4.1); :func:`count_query` and
    :func:`mod_sum_exponential_channel` (the count query and a weakly symmetric exponential
    channel used to test §4.2–§4.3); :func:`random_privacy_channel` (seeded random instances).
Tables
    Information privacy against differential privacy (:func:`rr_ip_vs_dp_table`,
    :func:`rr_threshold_table`, :func:`gaussian_noise_table`, :func:`exponential_vs_em_table`,
    :func:`gaussian_calibration_table`, :func:`laplace_crossover_table`), Example 1 and
    Theorem 3.1 (:func:`example1_candidate_table`, :func:`example1_candidate_counts`,
    :func:`example1_summary_table`), the exponential channel (:func:`exponential_bound_table`,
    :func:`exponential_calibration_table`, :func:`count_query_exponential_table`), Corollary 1
    (:func:`weakly_symmetric_table`), the Gaussian channel's bound
    (:func:`amplitude_constrained_table`), Theorem 5.1 (:func:`theorem51_table`,
    :func:`theorem51_completion_table`, :func:`completion_channel`), the algorithms for ``C_1``
    (:func:`algorithm_instances`, :func:`algorithm_comparison_table`) and the paper's
    properties on random instances (:func:`property_checks_table`), Lemmas 1–2 on a
    balance-function table (:func:`lemma1_holds`, :func:`lemma2_holds`).

The paper prints no numbers, so no table here compares printed values with ours. How the
ambiguities of the paper are resolved is written down in ``docs/papers/privacy_channels.md``.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235,
   2019.
"""

from __future__ import annotations

from typing import Any

from nsp._lazy import exported, lazy_attribute

#: The submodule that defines each public name, imported on first use: a notebook runs (and
#: is re-run for a change to) only the modules it uses.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "_channels": (
        "amplitude_constrained_table",
        "completion_channel",
        "count_query_exponential_table",
        "example1_candidate_counts",
        "example1_candidate_table",
        "example1_summary_table",
        "exponential_bound_table",
        "exponential_calibration_table",
        "theorem51_completion_table",
        "theorem51_table",
        "weakly_symmetric_table",
    ),
    "_figures": ("rr_view",),
    "_instances": (
        "count_query",
        "example1_query",
        "example1_rr",
        "example1_universe",
        "mod_sum_exponential_channel",
        "random_privacy_channel",
    ),
    "_ip_vs_dp": (
        "exponential_vs_em_table",
        "gaussian_calibration_table",
        "gaussian_noise_table",
        "laplace_crossover_table",
        "rr_ip_vs_dp_table",
        "rr_threshold_table",
    ),
    "_properties": (
        "algorithm_comparison_table",
        "algorithm_instances",
        "lemma1_holds",
        "lemma2_holds",
        "property_checks_table",
    ),
}

__all__ = exported(_EXPORTS)


def __getattr__(name: str) -> Any:
    return lazy_attribute(__name__, _EXPORTS, name)


def __dir__() -> list[str]:
    return list(__all__)
