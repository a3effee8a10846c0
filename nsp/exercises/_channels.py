"""Exercises of the lesson on randomized response, DP and information privacy."""

from __future__ import annotations

from nsp.exercises._check import Exercise
from nsp.privacy_channels import exponential_capacity_bound, rr_dp_epsilon, rr_flip_threshold

EXERCISES = {
    "dp_level_of_calibrated_rr": Exercise(
        reference=lambda: rr_dp_epsilon(rr_flip_threshold(0.25, base=2)),
        hint="first the flip probability p* <= 1/2 with log2 2 - h(p*) = 0.25 bit "
        "(nsp.info.inverse_binary_entropy), then the DP level ln((1 - p*)/p*), in nats.",
        unit="nats",
    ),
    "exponential_bound": Exercise(
        reference=lambda: exponential_capacity_bound(5, 2.0, base=2),
        hint="Z takes the ranks 0..k-1 with probabilities proportional to exp(-rank/N); the "
        "bound is log2 k - H(Z), in bits.",
    ),
}
