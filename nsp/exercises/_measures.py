"""Exercises of the lesson on Shannon measures and leakages (``course/00_measures``)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from nsp.channels import binary_symmetric_channel, joint_from_channel
from nsp.exercises._check import Exercise, Mistake
from nsp.info import binary_entropy, maximal_leakage, mutual_information


def _rr_joint(prior_one: float, flip: float) -> NDArray[np.float64]:
    """Return the joint p[s, y] of a secret bit (P(S=1) = prior_one) and its randomized response."""
    return joint_from_channel([1 - prior_one, prior_one], binary_symmetric_channel(flip))


EXERCISES = {
    "maximal_leakage": Exercise(
        reference=lambda: maximal_leakage(_rr_joint(0.5, 0.25)),
        hint="maximal leakage is log2 of the sum over outputs y of the largest p(y|s); "
        "nsp.info.maximal_leakage takes the joint p[s, y].",
        mistakes=(
            Mistake(
                lambda: 1.5,
                "that is the sum over y of the largest p(y|s) itself; the leakage is its log2",
            ),
            Mistake(
                lambda: np.log2(np.max(_rr_joint(0.5, 0.25), axis=0).sum()),
                "that sums the largest joint p(s, y), not the largest p(y|s) = p(s, y)/p(s)",
            ),
        ),
    ),
    "mutual_information": Exercise(
        reference=lambda: mutual_information(_rr_joint(0.1, 0.25)),
        hint="I(S;Y) = H(Y) - H(Y|S); here P(Y=1) = 0.1·0.75 + 0.9·0.25 and H(Y|S) = h(0.25). "
        "The answer is in bits.",
        mistakes=(
            Mistake(
                lambda: mutual_information(_rr_joint(0.5, 0.25)),
                "that is I(S;Y) for a uniform secret; here the prior is P(S=1) = 0.1",
            ),
            Mistake(
                lambda: binary_entropy(0.1 * 0.75 + 0.9 * 0.25),
                "that is H(Y) alone; subtract H(Y|S) = h(0.25)",
            ),
        ),
    ),
}
