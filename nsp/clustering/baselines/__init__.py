"""Baselines the agglomerative algorithms are compared with (Ding & Farokhi, Fig. 9).

* :func:`generalize_to_k_anonymity` — generalization that attains ``k``-anonymity in the
  paper's sense (every released value is consistent with at least ``k`` distinct values of S),
  following the paper's description of Sweeney's generalization-and-suppression method [49,
  §3.1]: "search for all x associated with less than k values of s and merge them to a new
  but less specific value". The paper gives no more detail, so two readings are offered:
  ``"merge_low"`` (default; one new value for all the low ones) and
  ``"interval"`` (range generalization over the sorted values). No suppression is needed:
  generalization alone reaches any ``k ≤ |[[S]]|``.

The submodularity-based agglomerative clustering of Ding & Sadeghi ([50, Algorithm 1],
IAC-MDSF) is not described in the paper beyond "merges a subset of clusters minimizing the
Lagrangian, found by minimizing a difference of submodular functions"; it is not implemented
here (it cannot be specified faithfully from the paper).
"""

from nsp.clustering.baselines._generalize import (
    generalize_to_k_anonymity,
)

__all__ = [
    "generalize_to_k_anonymity",
]
