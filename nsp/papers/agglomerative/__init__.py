"""The agglomerative-clustering paper of Ding & Farokhi: its instances and printed values.

N. Ding, F. Farokhi, *Developing non-stochastic privacy-preserving policies using agglomerative
clustering*, IEEE Trans. Inf. Forensics Security, 2020.

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
"""

from __future__ import annotations

from typing import Any

from nsp._lazy import exported, lazy_attribute

#: The submodule that defines each public name, imported on first use: a notebook runs (and
#: is re-run for a change to) only the modules it uses.
_EXPORTS: dict[str, tuple[str, ...]] = {
    "_examples": (
        "EXAMPLE_NOTES",
        "example_values",
        "examples_table",
    ),
    "_experiments": (
        "codeword_comparison",
        "codeword_table",
        "dominating_points",
        "k_anonymity_points",
        "observable_comparison",
        "path_points",
        "side_information_comparison",
        "trace_table",
    ),
    "_figures": ("merge_path_view",),
    "_hungarian": (
        "PAPER_COUNTS",
        "dataset_statistics",
        "hungarian_age_chol",
        "hungarian_joint_range",
        "hungarian_pmf",
        "hungarian_side_range",
    ),
    "_instances": (
        "EXAMPLE1_SIDE_GROUPS",
        "EXAMPLE2_U2_LAMBDA",
        "EXAMPLE2_VALUES",
        "EXAMPLE4_VALUES",
        "EXAMPLE_LAMBDA",
        "example1_range",
        "example1_side_range",
        "synthetic_range",
    ),
    "_properties": (
        "FOOTNOTE18_MEASURES",
        "footnote18_table",
        "merge_lagrangian",
        "min_cut_solutions",
        "modularity_gap",
        "section6_table",
        "uniform_s",
    ),
}

__all__ = exported(_EXPORTS)


def __getattr__(name: str) -> Any:
    return lazy_attribute(__name__, _EXPORTS, name)


def __dir__() -> list[str]:
    return list(__all__)
