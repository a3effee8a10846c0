"""The agglomerative-clustering paper of Ding & Farokhi: its instances and printed values.

N. Ding, F. Farokhi, *Developing non-stochastic privacy-preserving policies using agglomerative
clustering*, IEEE Trans. Inf. Forensics Security, 2020.

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
"""

from __future__ import annotations

from nsp.papers.agglomerative._experiments import (
    EXAMPLE1_SIDE_GROUPS,
    EXAMPLE2_U2_LAMBDA,
    EXAMPLE2_VALUES,
    EXAMPLE4_VALUES,
    EXAMPLE_LAMBDA,
    EXAMPLE_NOTES,
    FOOTNOTE18_MEASURES,
    PAPER_COUNTS,
    codeword_comparison,
    codeword_table,
    dataset_statistics,
    dominating_points,
    example1_range,
    example1_side_range,
    example_values,
    examples_table,
    footnote18_table,
    hungarian_age_chol,
    hungarian_joint_range,
    hungarian_pmf,
    hungarian_side_range,
    k_anonymity_points,
    merge_lagrangian,
    merge_path_view,
    min_cut_solutions,
    modularity_gap,
    observable_comparison,
    path_points,
    section6_table,
    side_information_comparison,
    synthetic_range,
    trace_table,
    uniform_s,
)

__all__ = [
    "merge_path_view",
    "EXAMPLE2_U2_LAMBDA",
    "EXAMPLE2_VALUES",
    "EXAMPLE1_SIDE_GROUPS",
    "EXAMPLE4_VALUES",
    "EXAMPLE_LAMBDA",
    "EXAMPLE_NOTES",
    "PAPER_COUNTS",
    "codeword_comparison",
    "codeword_table",
    "dataset_statistics",
    "dominating_points",
    "example1_range",
    "example1_side_range",
    "example_values",
    "examples_table",
    "FOOTNOTE18_MEASURES",
    "footnote18_table",
    "hungarian_age_chol",
    "hungarian_joint_range",
    "hungarian_pmf",
    "hungarian_side_range",
    "k_anonymity_points",
    "merge_lagrangian",
    "min_cut_solutions",
    "modularity_gap",
    "observable_comparison",
    "path_points",
    "section6_table",
    "side_information_comparison",
    "synthetic_range",
    "trace_table",
    "uniform_s",
]
