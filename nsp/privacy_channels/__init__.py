"""Privacy channels and individual channel capacity (Wu, arXiv:1910.09235).

Every public name is importable from here; the implementation is in private modules.

Privacy channels over a product universe
    :class:`ProductUniverse`, :class:`PrivacyChannel` (``p(y|x)`` for datasets
    ``x = (x_1, ..., x_n)``), query channels, composition (:func:`compose_parallel`,
    :func:`compose_adaptive`), post-processing, group channels, Hamming neighbours, query
    sensitivity and the DP level over neighbouring datasets (:func:`dataset_dp_epsilon`;
    not the same neighbour relation as :func:`nsp.channels.dp_epsilon`).
Individual channel capacity ``C_1``
    The sets of Theorem 3.1 (:func:`candidate_channels`, :func:`row_types`, ...), ``C_1``
    exactly (:func:`individual_channel_capacity`, :func:`group_capacity`), bounds and searches
    (:func:`individual_capacity_bounds`, :class:`IndividualCapacityBounds`,
    :func:`balance_function`, ...), data-independent and weakly symmetric channels
    (Corollary 1), a reachable uniform output.
Mechanisms
    Randomized response (binary and ``k``-ary), the exponential channel and the exponential
    mechanism, the Gaussian channel (bound, calibration, amplitude-constrained capacity), the
    Laplace and Gaussian DP mechanisms.

The paper's own instances (Example 1, ...) and tables are in :mod:`nsp.papers.privacy_channels`.

Units: information (``C_1``, the IP epsilon) in units of ``base`` (default 2, bits); DP
epsilon in nats.

References
----------
.. [1] G. Wu, "Constructing privacy channels from information channels", arXiv:1910.09235, 2019.

Examples
--------
>>> from nsp.papers.privacy_channels import example1_rr
>>> ch = example1_rr(0.1)
>>> round(individual_channel_capacity(ch).value, 6), round(dataset_dp_epsilon(ch), 6)
(0.531004, 2.197225)
"""

from nsp.privacy_channels._capacity._bounds import (
    IndividualCapacityBounds,
    IndividualMaxInformation,
    balance_function,
    individual_capacity_bounds,
    individual_capacity_entropy_constrained,
    individual_capacity_search,
    max_information_capacity_ind,
)
from nsp.privacy_channels._capacity._candidates import (
    candidate_channels,
    count_candidates,
    effective_channel,
    individual_mutual_information,
    row_types,
    slice_types,
)
from nsp.privacy_channels._capacity._common import EnumerationBudgetError
from nsp.privacy_channels._capacity._exact import (
    ICCResult,
    group_capacity,
    individual_channel_capacity,
)
from nsp.privacy_channels._capacity._symmetry import (
    UniformOutputWitness,
    WeakSymmetryWitness,
    data_independent_bound,
    is_data_independent,
    is_uniform_output_reachable,
    is_weakly_symmetric,
    uniform_output_witness,
    weakly_symmetric_witness,
)
from nsp.privacy_channels._core import (
    MAX_DATASETS,
    PrivacyChannel,
    ProductUniverse,
    as_privacy_channel,
    compose_adaptive,
    compose_parallel,
    dataset_dp_epsilon,
    dp_epsilon_axis_lines,
    expected_distortion,
    group_channel,
    hamming_neighbours,
    post_process,
    query_channel,
    query_sensitivity,
    query_values,
)
from nsp.privacy_channels._mechanisms._dp_mechanisms import (
    gaussian_mechanism_sigma,
    laplace_scale,
    laplace_std,
    sample_laplace_mechanism,
)
from nsp.privacy_channels._mechanisms._exponential import (
    exponential_capacity_bound,
    exponential_channel,
    exponential_expected_rank,
    exponential_mechanism_channel,
    exponential_noise_entropy,
    exponential_noise_entropy_sum,
    exponential_noise_for_epsilon,
    exponential_prob_correct,
    sample_exponential_rank,
)
from nsp.privacy_channels._mechanisms._gaussian import (
    amplitude_constrained_capacity,
    binary_input_awgn_capacity,
    discretized_additive_channel,
    discretized_gaussian_channel,
    gaussian_capacity_bound,
    gaussian_noise_for_epsilon,
    sample_gaussian_channel,
)
from nsp.privacy_channels._mechanisms._randomized_response import (
    dp_rr_flip,
    kary_rr_channel,
    randomized_response_channel,
    rr_capacity,
    rr_dp_epsilon,
    rr_flip_threshold,
)

__all__ = [
    # privacy channels over a product universe
    "ProductUniverse",
    "PrivacyChannel",
    "as_privacy_channel",
    "query_values",
    "query_channel",
    "compose_parallel",
    "compose_adaptive",
    "post_process",
    "group_channel",
    "hamming_neighbours",
    "query_sensitivity",
    "dataset_dp_epsilon",
    "dp_epsilon_axis_lines",
    "expected_distortion",
    "MAX_DATASETS",
    # individual channel capacity
    "EnumerationBudgetError",
    "row_types",
    "slice_types",
    "count_candidates",
    "candidate_channels",
    "effective_channel",
    "individual_mutual_information",
    "ICCResult",
    "individual_channel_capacity",
    "group_capacity",
    "IndividualCapacityBounds",
    "IndividualMaxInformation",
    "individual_capacity_bounds",
    "individual_capacity_search",
    "individual_capacity_entropy_constrained",
    "balance_function",
    "max_information_capacity_ind",
    "is_data_independent",
    "data_independent_bound",
    "WeakSymmetryWitness",
    "UniformOutputWitness",
    "weakly_symmetric_witness",
    "is_weakly_symmetric",
    "uniform_output_witness",
    "is_uniform_output_reachable",
    # mechanisms
    "randomized_response_channel",
    "rr_capacity",
    "rr_flip_threshold",
    "rr_dp_epsilon",
    "dp_rr_flip",
    "kary_rr_channel",
    "exponential_channel",
    "exponential_noise_entropy",
    "exponential_noise_entropy_sum",
    "exponential_capacity_bound",
    "exponential_noise_for_epsilon",
    "exponential_prob_correct",
    "exponential_expected_rank",
    "sample_exponential_rank",
    "exponential_mechanism_channel",
    "gaussian_capacity_bound",
    "gaussian_noise_for_epsilon",
    "binary_input_awgn_capacity",
    "amplitude_constrained_capacity",
    "discretized_additive_channel",
    "discretized_gaussian_channel",
    "sample_gaussian_channel",
    "laplace_scale",
    "laplace_std",
    "sample_laplace_mechanism",
    "gaussian_mechanism_sigma",
]
