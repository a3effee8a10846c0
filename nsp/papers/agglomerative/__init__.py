"""The agglomerative-clustering paper of Ding & Farokhi: its instances and printed values.

N. Ding, F. Farokhi, *Developing non-stochastic privacy-preserving policies using agglomerative
clustering*, IEEE Trans. Inf. Forensics Security, 2020.

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
"""

from __future__ import annotations

from nsp.papers.agglomerative._examples import EXAMPLE_NOTES, example_values, examples_table
from nsp.papers.agglomerative._experiments import (
    codeword_comparison,
    codeword_table,
    dominating_points,
    k_anonymity_points,
    observable_comparison,
    path_points,
    side_information_comparison,
    trace_table,
)
from nsp.papers.agglomerative._figures import merge_path_view
from nsp.papers.agglomerative._hungarian import (
    PAPER_COUNTS,
    dataset_statistics,
    hungarian_age_chol,
    hungarian_joint_range,
    hungarian_pmf,
    hungarian_side_range,
)
from nsp.papers.agglomerative._instances import (
    EXAMPLE1_SIDE_GROUPS,
    EXAMPLE2_U2_LAMBDA,
    EXAMPLE2_VALUES,
    EXAMPLE4_VALUES,
    EXAMPLE_LAMBDA,
    example1_range,
    example1_side_range,
    synthetic_range,
)
from nsp.papers.agglomerative._properties import (
    FOOTNOTE18_MEASURES,
    footnote18_table,
    merge_lagrangian,
    min_cut_solutions,
    modularity_gap,
    section6_table,
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
