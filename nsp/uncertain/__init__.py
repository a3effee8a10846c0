"""Non-stochastic (range-based) privacy measures on uncertain variables.

An *uncertain variable* is described only by its range (the set of values it can take); a
pair ``(S, X)`` by its *joint range* ``[[S, X]]``, a subset of ``S-values × X-values``. Here a
joint range is a boolean matrix ``mask[s, x]`` (axis 0 = S, the sensitive variable or the
channel input; axis 1 = X, the released variable or the channel output), wrapped with its
value labels in :class:`JointRange`. Every measure accepts a :class:`JointRange` or a 2-D
boolean array-like (0/1 numbers are accepted too), validated by the same rules.

Information is in bits by default (``base=2``); every measure takes ``base``.

Contents (every name is imported from here, ``from nsp.uncertain import JointRange``):

Joint ranges
    :class:`JointRange` and the rules of a joint range (``RangeLike``), which
    :func:`range_mask` applies to any range.
Measures
    Marginal and conditional ranges, Hartley entropy ``H0``, ``H0(S|X)`` and ``B0(S|X)``,
    non-stochastic information ``I0(S→X)``, leakage ``L0(S→X)`` (``.T`` for the other
    direction), symmetrised leakage ``L0s``, independence, k-anonymity (distinct values),
    distinguishability.
Decompositions
    Components of the bipartite graph ``S ⊔ X`` (:func:`support_components`), overlap
    partition, maximin information ``I*``, confusability graph and its finest decomposition
    (partitions are returned as :class:`nsp.partition.Partition`).
Quantization
    Quantization of X by a partition, and the S-ranges of clusters of X values.
Side information
    Leakage and maximin information given side information, ``mask[s, x, a]``
    (:func:`side_range_mask` validates one).
Zero-error communication
    Set-valued channels: confusability of inputs, independence number, strong powers,
    zero-error codes and rate bounds.
Hypothesis tests
    Non-stochastic hypothesis tests.
Continuous ranges
    Finite unions of intervals (:class:`IntervalUnion`): differential 0-entropy ``h0``, its
    conditional version, ``I0`` and ``L0`` (nats by default).

Paper instances (e.g. Example 1 of Ding & Farokhi) live in :mod:`nsp.papers`.

Examples
--------
Two secrets whose ranges of X overlap in x = 1: some x reveals S (leakage ``L0`` = 1 bit), but
no function of X is always known for sure (maximin information ``I*`` = 0).

>>> from nsp.uncertain import maximin_information, nonstochastic_leakage
>>> r = [[1, 1, 0], [0, 1, 1]]
>>> nonstochastic_leakage(r), maximin_information(r)
(1.0, 0.0)

References
----------
.. [1] N. Ding, F. Farokhi, "Developing non-stochastic privacy-preserving policies using
   agglomerative clustering", IEEE Trans. Inf. Forensics Security, 2020.
.. [2] F. Farokhi, "Noiseless privacy: definition, guarantees, and applications",
   arXiv:1910.13027.
.. [3] G. N. Nair, "A nonstochastic information theory for communication and state
   estimation", IEEE Trans. Automatic Control, 2013.
"""

from nsp.uncertain._continuous import (
    IntervalUnion,
    continuous_conditional_hartley_entropy,
    continuous_leakage,
    continuous_nonstochastic_information,
    differential_hartley_entropy,
)
from nsp.uncertain._decomposition import (
    MAX_GRAPH_NODES,
    confusability_graph,
    finest_decomposition,
    maximin_information,
    overlap_partition,
    support_components,
)
from nsp.uncertain._hypothesis import (
    hypothesis_test_bound,
    hypothesis_test_performance,
    optimal_hypothesis_test,
)
from nsp.uncertain._measures import (
    conditional_hartley_entropy,
    conditional_range,
    conditional_range_sizes,
    dependence_witness,
    distinguishability,
    distinguishability_matrix,
    hartley_entropy,
    is_independent,
    is_k_anonymous,
    k_anonymity,
    k_anonymity_witness,
    marginal_range,
    min_conditional_hartley_entropy,
    nonstochastic_information,
    nonstochastic_leakage,
    symmetrized_leakage,
)
from nsp.uncertain._quantization import cluster_ranges, quantize, quantized_decomposition
from nsp.uncertain._ranges import JointRange, RangeLike, range_mask
from nsp.uncertain._side_information import (
    quantize_side_range,
    side_information_leakage,
    side_information_maximin,
    side_range_mask,
)
from nsp.uncertain._zero_error import (
    MAX_POWER_CELLS,
    independence_number,
    is_zero_error_code,
    strong_power,
    sup_symmetrized_leakage,
    zero_error_code_witness,
    zero_error_rate_lower_bound,
)

__all__ = [
    "JointRange",
    "RangeLike",
    "range_mask",
    "support_components",
    "marginal_range",
    "conditional_range",
    "conditional_range_sizes",
    "hartley_entropy",
    "conditional_hartley_entropy",
    "min_conditional_hartley_entropy",
    "nonstochastic_information",
    "nonstochastic_leakage",
    "symmetrized_leakage",
    "is_independent",
    "dependence_witness",
    "overlap_partition",
    "maximin_information",
    "confusability_graph",
    "finest_decomposition",
    "k_anonymity",
    "is_k_anonymous",
    "k_anonymity_witness",
    "distinguishability",
    "distinguishability_matrix",
    "quantize",
    "quantized_decomposition",
    "cluster_ranges",
    "quantize_side_range",
    "side_range_mask",
    "side_information_leakage",
    "side_information_maximin",
    "independence_number",
    "strong_power",
    "is_zero_error_code",
    "zero_error_code_witness",
    "zero_error_rate_lower_bound",
    "sup_symmetrized_leakage",
    "hypothesis_test_performance",
    "hypothesis_test_bound",
    "optimal_hypothesis_test",
    "IntervalUnion",
    "differential_hartley_entropy",
    "continuous_conditional_hartley_entropy",
    "continuous_nonstochastic_information",
    "continuous_leakage",
    "MAX_GRAPH_NODES",
    "MAX_POWER_CELLS",
]
