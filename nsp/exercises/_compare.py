"""Exercises of the lesson on the five notions side by side."""

from __future__ import annotations

import numpy as np

from nsp.exercises._check import Exercise
from nsp.notions import Mechanism, evaluate
from nsp.papers.compare import census_income_joint, heart_joint


def _identity(p_sx: np.ndarray) -> Mechanism:
    return Mechanism(np.eye(p_sx.shape[1]), method="identity")


def _census_maximal_leakage() -> float:
    p = census_income_joint().p_sx
    return evaluate(_identity(p), p).maximal_leakage


def _heart_l0() -> float:
    p = heart_joint().p_sx
    return evaluate(_identity(p), p).nonstochastic_leakage


EXERCISES = {
    "census_maximal_leakage": Exercise(
        reference=_census_maximal_leakage,
        hint="releasing X itself: L(S -> X) = log2 Σ_x max_s p(x|s), with p(x|s) = p(s, x)/p(s).",
    ),
    "heart_l0": Exercise(
        reference=_heart_l0,
        hint="use only which pairs (s, x) have p(s, x) > 0: L0 = log2 |[[S]]| - "
        "log2 min_x |{s : p(s, x) > 0}|.",
    ),
}
