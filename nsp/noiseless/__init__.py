"""Noiseless privacy (Farokhi): the budget of a deterministic mechanism, quantizers, guarantees.

A deterministic mechanism ``M∘f`` on a dataset of ``n`` individuals is *ε-noiselessly private*
(Definition 1) when, with everybody else's entry fixed, varying one individual's entry gives at
most ``2**ε`` distinct outputs. It is *ε-locally noiselessly private* (Definition 2) when each
individual's own report takes at most ``2**ε`` values. ε is in **bits** (``base=2``).

Every public name is importable from here; the implementation is in private modules.

Budgets
    Budgets of mechanisms on finite product domains (Definitions 1–2), sensitivity, joint
    release (:func:`compose_joint`, Theorem 6) and post-processing (Theorem 7).
Quantizers
    The linear quantizer of Definition 3 and Theorem 8's number of levels: the rule as printed
    (:func:`levels_paper`), the corrected rule (:func:`levels_safe`) and the budget a quantizer
    really spends (:func:`realized_epsilon`); the choices ``QuantizerOutput`` (what a
    quantizer returns) and ``QuantizerRule`` (the rule of the number of levels).
Guarantees
    What a private mechanism guarantees (Theorems 1–5), with Theorem 4 read with the
    conditional density.

The paper's own experiments and tables are in :mod:`nsp.papers.noiseless`; its errata are
explained in ``docs/papers/noiseless.md``.

References
----------
F. Farokhi, *Noiseless privacy*, arXiv:1910.13027, 2019.

Examples
--------
The sum of two bits: with the other bit fixed, one individual moves the output over 2 values.

>>> noiseless_epsilon(lambda x: x[0] + x[1], [range(2), range(2)])
1.0
"""

from nsp.noiseless._budget import (
    MAX_TUPLES,
    DeterministicMechanism,
    NoiselessWitness,
    compose_joint,
    conditional_output_counts,
    is_noiselessly_private,
    local_noiseless_epsilon,
    noiseless_epsilon,
    noiseless_witness,
    output_table,
    postprocess,
    psi,
    sensitivity,
    sensitivity_average,
)
from nsp.noiseless._guarantees import (
    estimation_error_lower_bound,
    hypothesis_game_range,
    individual_range,
    leakage_profile,
    optimal_error_uniform,
)
from nsp.noiseless._quantizer import (
    LinearQuantizer,
    Number,
    QuantizerOutput,
    QuantizerRule,
    levels,
    levels_paper,
    levels_safe,
    local_levels,
    quantizer_for,
    realized_epsilon,
    worst_case_outputs,
)

__all__ = [
    "MAX_TUPLES",
    "DeterministicMechanism",
    "LinearQuantizer",
    "NoiselessWitness",
    "Number",
    "QuantizerOutput",
    "QuantizerRule",
    "compose_joint",
    "conditional_output_counts",
    "estimation_error_lower_bound",
    "hypothesis_game_range",
    "individual_range",
    "is_noiselessly_private",
    "leakage_profile",
    "levels",
    "levels_paper",
    "levels_safe",
    "local_levels",
    "local_noiseless_epsilon",
    "noiseless_epsilon",
    "noiseless_witness",
    "optimal_error_uniform",
    "output_table",
    "postprocess",
    "psi",
    "quantizer_for",
    "realized_epsilon",
    "sensitivity",
    "sensitivity_average",
    "worst_case_outputs",
]
