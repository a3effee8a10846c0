"""Exercises of the lesson on worst-case notions: noiseless privacy and the leakage L0."""

from __future__ import annotations

import numpy as np

from nsp.exercises._check import Exercise
from nsp.papers import noiseless
from nsp.papers.agglomerative import example1_range
from nsp.uncertain import JointRange, maximin_information, nonstochastic_leakage


def _merged_l0() -> float:
    """Return L0(S -> X̂) of Example 1 with X merged into {x1, x2, x3, x4} and {x5, x6, x7}."""
    mask = np.asarray(example1_range().mask)
    merged = np.column_stack([mask[:, :4].any(axis=1), mask[:, 4:].any(axis=1)])
    return nonstochastic_leakage(JointRange(merged))


EXERCISES = {
    "realized_budget": Exercise(
        reference=lambda: float(
            noiseless.levels_table([3], [8], lo=0, hi=1)["realized_epsilon_paper"].iloc[0]
        ),
        hint="with q = 2^ε n bins an interval of length 1/n meets at most ceil(q/n) + 1 of them; "
        "the budget spent is log2 of that number of outputs.",
    ),
    "maximin_information": Exercise(
        reference=lambda: maximin_information(example1_range()),
        hint="I_*(S;X) = log2 of the number of connected components of the confusability "
        "graph G_X (x and x' joined when their conditional ranges of S overlap).",
    ),
    "merged_l0": Exercise(
        reference=_merged_l0,
        hint="the column of a cluster x̂ is the union of the columns of its values x; "
        "L0 = log2 |[[S]]| - log2 of the smallest conditional range |[[S|x̂]]|.",
    ),
}
