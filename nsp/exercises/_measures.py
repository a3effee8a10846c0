"""Exercises of the lesson on Shannon measures and leakages (``course/00_measures``)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from nsp.channels import binary_symmetric_channel, joint_from_channel
from nsp.exercises._check import Exercise
from nsp.info import maximal_leakage, mutual_information


def _rr_joint(prior_one: float, flip: float) -> NDArray[np.float64]:
    """Return the joint p[s, y] of a secret bit (P(S=1) = prior_one) and its randomized response."""
    return joint_from_channel([1 - prior_one, prior_one], binary_symmetric_channel(flip))


EXERCISES = {
    "maximal_leakage": Exercise(
        reference=lambda: maximal_leakage(_rr_joint(0.5, 0.25)),
        hint="maximal leakage is log2 of the sum over outputs y of the largest p(y|s); "
        "nsp.info.maximal_leakage takes the joint p[s, y].",
    ),
    "mutual_information": Exercise(
        reference=lambda: mutual_information(_rr_joint(0.1, 0.25)),
        hint="I(S;Y) = H(Y) - H(Y|S); here P(Y=1) = 0.1·0.75 + 0.9·0.25 and H(Y|S) = h(0.25). "
        "The answer is in bits.",
    ),
}
