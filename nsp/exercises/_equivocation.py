"""Exercises of the lesson on utility and privacy by rate, distortion and equivocation."""

from __future__ import annotations

from nsp.exercises._check import Exercise
from nsp.papers import utility_privacy as up


def _privacy_price() -> float:
    table = up.remark4_table([0.25]).set_index("quantity")["ours"]
    return float(table["R(D,Gamma)"] - table["R(D)"])


EXERCISES = {
    "gamma": Exercise(
        reference=lambda: up.reverse_waterfill(up.example1_pmf("normalized"), 0.25).gamma,
        hint="eq. (18): Γ(D) = -(1-D) log2(1-D) - S λ log2 λ - Σ p log2 p over the suppressed "
        "letters (p <= λ), with S one less than the number of letters kept and λ = 0.0625.",
    ),
    "privacy_price": Exercise(
        reference=_privacy_price,
        # the reference comes from two certified convex solvers (accurate to about 1e-5 bit)
        hint="Remark 4: R(D, Γ(D)) - R(D) = (2 - h(D) - D) - (2 - h(D) - D log2 3), in bits.",
    ),
}
