"""Exercises of the lesson on the privacy funnel."""

from __future__ import annotations

from nsp.exercises._check import Exercise
from nsp.notions import Mechanism, evaluate
from nsp.papers.privacy_funnel import E1_P_SX, adult_census_joint


def _merged_leakage() -> float:
    """Return I(S;Y) of E1 (S = X mod 2) with the letters x = 0 and x = 1 merged."""
    return evaluate(Mechanism.from_labels([0, 0, 1, 2], method="merge"), E1_P_SX).mutual_information


EXERCISES = {
    "merged_leakage": Exercise(
        reference=_merged_leakage,
        hint="merging x = 0 and x = 1 adds their columns of p(s, x) into one column of p(s, y); "
        "then I(S;Y) of that joint, in bits (nsp.info.mutual_information).",
    ),
    "census_chain_rule_threshold": Exercise(
        reference=lambda: adult_census_joint().summary()["H_X_given_S"],
        hint="the chain-rule bound I(S;Y) >= I(X;Y) - H(X|S) is positive once the disclosure "
        "exceeds H(X|S) = H(S, X) - H(S), in bits.",
    ),
}
